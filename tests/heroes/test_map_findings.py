"""Rules findings of the real-window play (FINDINGS.md): a neutral-unit draw nobody can pay
for asks nothing and says why; the draw names its units."""

from __future__ import annotations

from engine.content.i18n import Catalog
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.game import CLASH
from engine.rules.heroes.adventure.state import MAIN
from tests.heroes.test_map_game import finish_refresh, new
from tests.heroes.test_map_game import test_map as _fixture_map  # noqa: F401 - the map fixture


def _draw_neutrals(st, gold: int) -> list:  # type: ignore[no-untyped-def]
    finish_refresh(st)
    st.ps[0].res = [gold, 0, 0]
    ev: list = []
    R.queue(st).append(["effect", 0, MAIN, {"type": "neutral_units_for_all",
                                            "max_tier": "silver"}])
    R.run(CLASH, st, ev)
    return ev


def test_a_neutral_draw_nobody_can_pay_asks_nothing_and_says_so() -> None:
    st = new()
    ev = _draw_neutrals(st, 0)
    keys = [e.key for e in ev]
    assert "heroes.map.neutral_draw" in keys and "heroes.map.neutral_unaffordable" in keys
    assert st.flow.top is None or st.flow.top.kind != R.CHOOSE  # no "Nothing"-only choice
    draw = next(e for e in ev if e.key == "heroes.map.neutral_draw")
    for lang in ("en", "de"):
        text = Catalog.load(lang).t(draw.key, **draw.params)
        assert "{" not in text and draw.params["names"][lang] in text


def test_a_neutral_draw_with_gold_offers_the_units_and_none() -> None:
    st = new()
    _draw_neutrals(st, 40)
    top = st.flow.top
    assert top is not None and top.kind == R.CHOOSE and top.data[0] == "neutral"
    assert top.data[1][-1] == "none" and len(top.data[1]) >= 2


def test_a_defeated_units_health_left_is_never_negative() -> None:
    from engine.core.protocol import GameConfig
    from engine.rules.heroes.battle import RULES as BATTLE

    st = BATTLE.new_game(GameConfig.for_players(2), 3)
    u = st.units[0]
    u.damage = 99  # an attack that did more than the unit had left
    view = BATTLE.view(st, 0)
    unit = next(x for x in view["units"] if x["uid"] == u.uid)
    assert unit["hp_left"] == 0 and unit["total_hp_left"] == 0 and unit["damage"] == 99



def test_the_view_names_per_seat_what_decides_at_the_round_limit() -> None:
    # the end screen showed the outcome's win flags (1 and 1); the view carries the standings
    # the round limit decides on (flags on the scenario's roles, then faction cubes)
    st = new()
    finish_refresh(st)
    roles = R.flag_roles(st)
    places = [h for h in sorted(R.board(st).fields) if R.category(st, h) in roles]
    assert places, "the start map holds a mine or settlement"
    st.marks.setdefault(places[0], {})["cube"] = 1
    st.ps[0].cubes = [1]
    view = CLASH.view(st, 0)
    assert view["standings"][1]["flags"] == view["standings"][0]["flags"] + 1
    assert view["standings"][0]["cubes"] == 1 and view["standings"][1]["cubes"] == 0
    flags, cubes = R.standing(st, 1, roles)
    assert view["standings"][1] == {"flags": flags, "cubes": cubes}
    assert CLASH.view(st, 1)["standings"] == view["standings"]  # public, the same for all


def test_the_round_limit_reason_names_the_roles_that_count(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The Wide Frontier (data/heroes/map/scenarios.yaml) counts flagged towns at the limit too
    for roles, key in (((R.MINE, R.SETTLEMENT), "heroes.map.end.rounds"),
                       ((R.MINE, R.SETTLEMENT, R.TOWN), "heroes.map.end.rounds_towns")):
        monkeypatch.setattr(R, "flag_roles", lambda st, roles=roles: roles)
        st = new()
        R.end_game(st, [0], "rounds", [])
        outcome = CLASH.outcome(st)
        assert outcome is not None and outcome.reason is not None
        assert outcome.reason.key == key
        for lang in ("en", "de"):
            assert Catalog.load(lang).t(key) != key


def test_the_window_before_a_neutral_fight_names_the_level_the_army_is_drawn_at() -> None:
    # found in the co-op window walk (docs/heroes/coop-window-walk.md): under the astrologer's
    # Restless Beasts the window said "the guards of the Gold Mine (level 1)" and the battle's
    # line then "the neutral guards (level 2)"
    st = new()
    field = next(h for h, f in R.board(st).fields.items() if f.guard and f.location)
    tag = {"kind": "neutral", "seat": 0, "hero": MAIN, "field": [field[0], field[1]],
           "guard": 1}
    assert R._combat_prompt(st, tag).params["guard"] == 1
    st.battle["mods"] = {"neutral": 1}
    assert R._combat_prompt(st, tag).params["guard"] == R.neutral_level(st, 1) == 2
    st.battle["mods"] = {"neutral": 9}
    assert R._combat_prompt(st, tag).params["guard"] == 7
