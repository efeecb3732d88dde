"""Team play on the map table (scenes/heroes/teams.py): the players' rows name the teams, a gift
and a swap are made with the mouse, with what each moves in its label, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN
from engine.rules.heroes.bots import HeroesBot
from scenes.heroes import art
from scenes.heroes import teams as team_ui
from scenes.heroes.map import MapTableScene
from tests.scenes.mouse import click, press

NAMES = ("Alma", "Bruno", "Cleo", "Dario")
COLOURS = ("crimson", "azure", "emerald", "amber")


def _session(mode: str, humans: tuple[int, ...], players: int, seed: int = 3) -> Session:
    seats = tuple(SeatConfig(kind=HUMAN if i in humans else BOT, bot="heuristic", name=NAMES[i],
                             colour=COLOURS[i]) for i in range(players))
    session = Session.start("heroes", GameConfig(seats, {"mode": mode}), seed)
    bots = {i: HeroesBot(seed=i) for i in range(players) if i not in humans}
    st = session.state
    while not (session.actor == 0 and st.flow.phase == R.TURN and not st.flow.stack):
        seat = session.actor
        assert seat is not None
        if seat in bots:
            session.apply(bots[seat].choose(session.rules, st, seat))
        else:
            legal = session.rules.legal_actions(st)
            session.apply(next((a for a in legal if a.kind == "draw"), legal[0]))
    return session


def _table(app: Any, session: Session) -> MapTableScene:
    app.settings.anim_speed = 0.0
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    table.lift_curtain()
    app.step([], 1 / 60)
    return table


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_alliance_gift_is_made_with_the_mouse(app: Any, lang: str) -> None:
    app.set_language(lang)
    session = _session("alliance", (0, 2), 4)
    table = _table(app, session)
    assert table.view["team_of"] == [0, 1, 0, 1] and table.view["partners"] == [2]
    gold = session.state.ps[0].res[0]
    assert gold >= 5
    press(app, table.map_buttons, app.t("heroes.teamui.gift"))
    assert table.map_popup is not None
    label = app.t("heroes.teamui.gift_line", amount=table.amount_text([5, 0, 0]), name="Cleo")
    button = next(b for b in table.map_popup.buttons if b.label == label)
    click(app, button.rect.center)
    assert session.state.ps[0].res[0] == gold - 5
    for _ in range(3):
        app.step([], 1 / 30)


def test_a_swap_between_adjacent_allies_with_both_consents(app: Any) -> None:
    session = _session("coop", (0, 1), 2)
    st = session.state
    here = st.ps[0].pos[MAIN]
    assert here is not None
    board = R.board(st)
    st.ps[1].pos[MAIN] = next(n for n in sorted(board.steps(here)))
    st.ps[0].hand = ["magic_arrow", *st.ps[0].hand[1:]]
    st.ps[1].hand = ["iron_blade"]
    table = _table(app, session)
    assert table.view["swap_with"] == [1]
    press(app, table.map_buttons, app.t("heroes.teamui.swap"))
    label = app.t("heroes.teamui.offer_line", card=art.card_name(app, "magic_arrow"),
                  name="Bruno")
    click(app, next(b for b in table.map_popup.buttons if b.label == label).rect.center)
    assert session.actor == 1
    table.lift_curtain()
    app.step([], 1 / 60)
    pick = next(a for a in table.index.of_kind("pick"))
    press(app, table.map_buttons, team_ui.pick_label(table, pick))
    assert session.actor == 0
    table.lift_curtain()
    app.step([], 1 / 60)
    accept = app.t("heroes.teamui.accept_swap", card=art.card_name(app, "magic_arrow"),
                   other=art.card_name(app, "iron_blade"))
    press(app, table.map_buttons, accept)
    assert "iron_blade" in st.ps[0].hand and st.ps[1].hand == ["magic_arrow"]
    for _ in range(3):
        app.step([], 1 / 30)


def test_every_field_preview_kind_has_its_line_in_both_languages(app: Any) -> None:
    """The field tooltip names what arriving does as ``heroes.map.what.<kind>`` (an ally's place
    among them)."""
    assert "ally" in R.WHAT
    for lang in ("en", "de"):
        app.set_language(lang)
        for kind in R.WHAT:
            assert app.has(f"heroes.map.what.{kind}"), (lang, kind)
