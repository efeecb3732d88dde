"""The town-action window before a battle with a bot hero names the bot (it said only "A
combat is announced")."""

from __future__ import annotations

from engine.content.i18n import Catalog
from engine.core.actions import Action
from engine.rules.heroes import RULES
from engine.rules.heroes.adventure import bothero
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN
from tests.heroes.test_solo import _solo


def test_the_window_before_a_bot_battle_names_the_bot() -> None:
    st = _solo()
    st.ps[0].pos[MAIN] = (1, -1)
    RULES.apply(st, Action("end_turn", ()))
    top = st.flow.top
    assert top is not None and top.kind == R.WINDOW  # the bot attacks: a window first
    for lang in ("de", "en"):
        text = Catalog.load(lang).message(RULES.prompt(st))
        assert bothero.bots(st)[0]["name"][lang] in text and "{" not in text
