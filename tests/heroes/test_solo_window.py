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


def test_a_hero_beaten_in_its_town_does_not_go_back_under_the_bot_standing_there() -> None:
    """Found in the window (scenario 2): the bot beat the main hero in its own town, the hero
    was offered that town to go to (the bot on it), the bot then took the town and the hero
    stood in it beside the bot. A field with a bot hero is no haven (spec AMB-68)."""
    from engine.rules.heroes.adventure.state import MAIN as HERO

    st = _solo()
    home = (-6, -3)
    st.ps[0].pos[HERO] = home
    bothero.bots(st)[0]["pos"] = list(home)
    assert home in R.strongholds(st, 0) and home not in R.havens(st, 0)
    tag = bothero._tag(st, 0, "bot", 0, HERO, home)
    bothero.battle_over(RULES, st, tag, 0, "defeat", None, [])
    # no town or settlement left to go to: the player is out and the scenario lost
    assert st.ps[0].out and st.flow.phase == R.OVER and st.winners == []


def test_the_places_a_beaten_hero_may_go_to_are_told_apart_by_their_tile() -> None:
    """Found in the window (scenario 3): the hero beaten at the siege was offered "Siedlung",
    "Siedlung", "Siedlung" (and "Stadt"); each place now names its tile as well."""
    from engine.rules.heroes.adventure import labels as L

    st = _solo()
    tiles = R.mc().tiles
    home, bot_town = (-6, -3), (0, 0)
    for lang in ("de", "en"):
        cat = Catalog.load(lang)
        texts = [cat.message(L.option_label(st, 0, "relocate", f"{q},{r}", []))
                 for q, r in (home, bot_town)]
        assert texts[0] != texts[1] and all("{" not in t for t in texts)
        for (q, r), text in zip((home, bot_town), texts, strict=True):
            assert tiles[R.board(st).fields[(q, r)].tile].label in text


def test_an_extended_combat_with_one_movement_point_left_says_so_in_the_singular() -> None:
    """Found in the window: "Der Kampf wird verlängert (noch 1 Bewegungspunkte)"."""
    de, en = Catalog.load("de"), Catalog.load("en")
    assert de.t("heroes.ev.extend", mp=1) == "Der Kampf wird verlängert (noch 1 Bewegungspunkt)."
    assert de.t("heroes.ev.extend", mp=2).endswith("(noch 2 Bewegungspunkte).")
    assert en.t("heroes.ev.extend", mp=1) == "The combat is extended (1 movement point left)."
    assert en.t("heroes.ev.extend", mp=0).endswith("(0 movement points left).")


def test_a_secondary_hero_attacked_by_a_bot_is_named_on_its_side_of_the_board() -> None:
    """Found in the window (scenario 2): the bot attacked the secondary hero and the board named
    the player's side "Neutrale Armee" (the view put the player's hero on side 0, the bot's)."""
    from engine.rules.heroes.adventure.state import MAIN as HERO
    from engine.rules.heroes.adventure.state import SECONDARY

    st = _solo()
    st.ps[0].pos[HERO] = (-7, -2)  # the main hero away
    st.ps[0].pos[SECONDARY] = (1, -1)  # the secondary hero next to the raider
    RULES.apply(st, Action("end_turn", ()))
    if st.flow.top is not None and st.flow.top.kind == R.WINDOW:
        RULES.apply(st, Action("pass", ()))
    assert st.sub is not None and st.battle["tag"]["attacker"] == "bot"
    assert st.battle["tag"]["hero"] == SECONDARY
    assert RULES.view(st, 0)["battle"]["heroes"] == [None, SECONDARY]


def test_the_unit_acting_now_is_not_marked_as_already_active() -> None:
    """Found in the window: the panel of the unit being activated said "War diese Runde schon
    aktiv" (its flag is set as its activation starts)."""
    from scenes.heroes.table import mark_keys

    flags = {"paralysed": False, "defending": False, "retaliated": False, "activated": True,
             "unlimited_retaliation": False, "defended_last": False}
    assert mark_keys({**flags, "uid": 3}, 3) == ["heroes.ui.mark.active"]
    assert mark_keys({**flags, "uid": 4}, 3) == ["heroes.ui.mark.activated"]
    assert mark_keys({**flags, "uid": 4, "activated": False}, 4) == []
    for lang in ("de", "en"):
        assert Catalog.load(lang).has("heroes.ui.mark.active")
