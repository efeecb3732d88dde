"""Rules of the crawl: the seed's worked examples and the core mechanics, with exact numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import registry
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.protocol import GameConfig
from engine.core.scenario import assert_scenario
from engine.rules.crawl import combat, view
from engine.rules.crawl.core import fdef, is_demoralized, value
from engine.rules.crawl.rules import move_breakdown
from engine.rules.crawl.state import CrawlState

RULES = registry.rules("crawl")
SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


def make(figures: list[dict], seed: int = 1, **extra) -> CrawlState:
    """Returns a game in play with the given figures (uids from 100 in order)."""
    state = RULES.new_game(GameConfig.for_players(2), seed)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": figures, **extra})
    return state


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_files(path: Path) -> None:
    assert_scenario(path)


def test_white_path_costs_eight() -> None:
    # seed 004, "Amirs Bewegung": 1 (open) + 4 (diagonal into water) + 2 (diagonal into open)
    # "= 8"; the printed terms add up to 7, the total matches the pictured path, which ends
    # with one more open square (docs/crawl/rules.md).
    state = make([{"hero": "brannoc", "owner": 0, "at": [15, 4], "facing": 2}])
    f = state.fig(100)
    bd = move_breakdown(state, f, [(15, 4), (16, 4), (17, 3), (18, 4)])
    assert bd.total == 7
    assert [t.value for t in bd.terms] == [1, 3, 1, 1, 1]
    assert [t.label.key for t in bd.terms] == [
        "crawl.term.terrain.open", "crawl.term.terrain.water", "crawl.term.diagonal",
        "crawl.term.terrain.open", "crawl.term.diagonal"]
    assert move_breakdown(state, f, [(15, 4), (16, 4), (17, 3), (18, 4), (19, 4)]).total == 8


def test_reach_never_crosses_walls_or_chasms() -> None:
    state = make([{"hero": "brannoc", "owner": 0, "at": [25, 1], "facing": 2}])
    RULES.apply(state, Action.make("activate", figure=100))
    reach = view.reachable(state, 100)
    squares = {tuple(s["at"]) for s in reach["squares"]}
    assert (26, 0) not in squares and (27, 0) not in squares  # chasm squares (X)
    assert (24, 0) not in squares or True
    # a6 is walled off from a5 except rows 1-3: (24, 0) is only reached around the wall.
    cost = {tuple(s["at"]): s["cost"] for s in reach["squares"]}
    assert cost[(24, 1)] == 1 and cost[(24, 0)] == 2


def test_arcs_of_standard_extended_and_rear() -> None:
    state = make([{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 0},
                  {"hero": "orrin", "owner": 1, "at": [12, 12], "facing": 2}])
    arcs = view.arcs(state, 100)
    assert arcs["front"] == [[1, 11], [2, 11], [3, 11]]
    assert arcs["rear"] == [[3, 13], [2, 13], [1, 13]]
    assert len(view.arcs(state, 101)["front"]) == 5  # extended arc: 180°, five squares


def test_dial_levels_damage_and_healing_limit() -> None:
    state = make([{"hero": "tamsin", "owner": 0, "at": [2, 12], "facing": 0}])
    f = state.fig(100)
    d = fdef(f)
    assert f.level == 1 and f.click == d.level_starts[0] == 4
    events: list = []
    combat.damage(state, f, 2, events)
    assert f.click == 6
    assert value(state, f, "attack") == d.clicks[6].attack
    combat.gain_xp(state, 0, 50, events, "crawl.xp.disarm")
    assert f.level == 2 and f.click == d.level_starts[1] == 3  # level up heals fully
    assert combat.heal(f, 3) == 0  # never above the current level
    combat.gain_xp(state, 0, 50, events, "crawl.xp.disarm")
    assert f.level == 2, "one level per turn; the next step waits for the next turn"
    combat.damage(state, f, 20, events)
    assert f.where == "out"


def test_exact_hit_chance_and_rear_bonus() -> None:
    state = make([{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 0},
                  {"spawn": "gnawer_weak", "at": [2, 11], "facing": 4}])
    odds = view.hit_chance(state, 100, 101)
    a, d = odds["attack"], odds["defence"]
    need = d - a
    ways = sum(1 for r1 in range(1, 7) for r2 in range(1, 7)
               if r1 + r2 == 12 or (r1 + r2 != 2 and r1 + r2 >= need))
    assert odds["ways"] == ways
    state.fig(101).facing = 0  # now brannoc stands in its rear arc: +1
    assert view.hit_chance(state, 100, 101)["attack"] == a + 1


def test_line_of_fire_names_its_blocker() -> None:
    state = make([{"hero": "ysolde", "owner": 0, "at": [5, 12], "facing": 2},
                  {"spawn": "gnawer_weak", "at": [9, 12], "facing": 6},
                  {"spawn": "bonewalker_weak", "at": [7, 12], "facing": 6}])
    lof = view.line_of_fire(state, [5, 12], [9, 12])
    assert not lof["free"] and lof["blocked_by"][0]["uid"] == 102
    assert view.line_of_fire(state, [5, 12], [7, 12])["free"]


def test_attack_costs_four_and_ends_activation_with_counter() -> None:
    state = make([{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 0},
                  {"spawn": "bonewalker_standard", "at": [2, 11], "facing": 4}], seed=5)
    RULES.apply(state, Action.make("activate", figure=100))
    events = RULES.apply(state, Action.make("attack", target=101))
    keys = [e.key for e in events]
    assert keys[0] == "crawl.event.melee"
    attack = events[0]
    assert attack.breakdowns[0].total == attack.params["total"]
    spawn = state.fig(101)
    if spawn.where == "board" and attack.params["dice"] != [1, 1]:
        # seed 004: the defender strikes back unless knocked out or demoralized.
        assert ("crawl.event.counter" in keys) != is_demoralized(spawn)
    assert state.active == -1


def test_breaking_away_is_needed_in_an_enemy_arc() -> None:
    state = make([{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 0},
                  {"spawn": "gnawer_weak", "at": [2, 11], "facing": 4}], seed=2)
    RULES.apply(state, Action.make("activate", figure=100))
    legal = RULES.legal_actions(state)
    assert not [a for a in legal if a.kind == "move"]
    assert Action.make("break_away") in legal
    mp = state.mp
    events = RULES.apply(state, Action.make("break_away"))
    assert state.mp == mp - 2
    ok = events[0].params["ok"]
    assert ok == (events[0].params["roll"] >= 4)
    assert bool([a for a in RULES.legal_actions(state) if a.kind == "move"]) == ok


def test_chest_examine_disarm_loot_and_exit() -> None:
    state = make([{"hero": "mirela", "owner": 0, "at": [7, 2], "facing": 0},
                  {"hero": "ysolde", "owner": 1, "at": [27, 12], "facing": 0}],
                 seed=4, chests=[{"chest": "oak_coffer", "at": [7, 1], "facing": 4,
                                  "treasure": 0}])
    # oak coffer setting 0: 40 gold
    state.fig(100).pos = (7, 2)
    RULES.apply(state, Action.make("activate", figure=100))
    events = RULES.apply(state, Action.make("examine", chest=102))
    trap = state.chest(102).trap
    assert trap == (6 - events[0].params["roll"]) % 6
    with pytest.raises(IllegalAction):
        RULES.apply(state, Action.make("examine", chest=102))  # once per game
    if trap:
        RULES.apply(state, Action.make("disarm", chest=102, slow=True))
        while state.pending is not None:
            RULES.apply(state, RULES.legal_actions(state)[0])
    if state.active == 100 and state.fig(100).where == "board" and state.mp >= 2:
        RULES.apply(state, Action.make("loot", chest=102))
        assert state.players[0].chests == [102]
        assert RULES.view(state, 1)["players"][0]["gold"] == 40


def test_rejected_action_changes_nothing() -> None:
    state = make([{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 0}])
    before = RULES.state_hash(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, Action.make("move", to=[2, 11]))  # not activated yet
    assert RULES.state_hash(state) == before


def test_treasure_hidden_until_opened_and_determinize() -> None:
    state = RULES.new_game(GameConfig.for_players(2), 9)
    while state.phase != "markers":
        RULES.apply(state, RULES.legal_actions(state)[0])
    v = RULES.view(state, 0)
    assert all("treasure" not in c for c in v["chests"])
    from engine.core.rng import Rng
    d = RULES.determinize(state, 0, Rng(3))
    assert RULES.view(d, 0) == v


def _team(figures: list[dict], seed: int = 1, **extra) -> CrawlState:
    state = RULES.new_game(GameConfig.for_players(2, mode="team"), seed)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": figures, **extra})
    state.players[0].heroes_at_start = state.players[1].heroes_at_start = 1
    return state


def _give(state: CrawlState, seat: int, uid: int) -> None:
    ch = state.chest(uid)
    ch.pos, ch.status, ch.holder = None, "held", seat
    state.players[seat].chests.append(uid)


def test_stealing_takes_a_chest_and_draws_a_counter() -> None:
    # seed 004, "Schätze stehlen": 4 MP, 2d6 + attack against defence + 2; the victim strikes
    # back; the activation goes on.
    for seed in range(1, 30):
        state = _team([{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 2},
                       {"hero": "orrin", "owner": 1, "at": [3, 12], "facing": 6}], seed=seed,
                      chests=[{"chest": "oak_coffer", "at": [7, 1], "facing": 4,
                               "treasure": 0}])
        _give(state, 1, 102)
        RULES.apply(state, Action.make("activate", figure=100))
        mp = state.mp
        defence = value(state, state.fig(101), "defence")
        assert Action.make("steal", target=101) in RULES.legal_actions(state)
        events = RULES.apply(state, Action.make("steal", target=101))
        steal = events[0]
        assert steal.key == "crawl.event.steal" and state.mp == mp - 4
        assert steal.params["defence"] == defence + 2
        assert state.active == 100  # stealing does not end the activation
        assert "crawl.event.counter" in [e.key for e in events]
        hurt = any(e.key == "crawl.event.counter" and e.params["hit"] for e in events)
        if steal.params["ok"] and not hurt:
            assert state.players[0].chests == [102] and state.players[1].chests == []
            return
    raise AssertionError("no clean theft in 29 seeds")


def test_knocked_out_hero_loses_chests_and_safety_keeps_them() -> None:
    # seed 004, "Schätze verlieren" / "Schätze in Sicherheit bringen".
    state = _team([{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 2},
                   {"hero": "orrin", "owner": 1, "at": [20, 12], "facing": 6}],
                  chests=[{"chest": "oak_coffer", "at": [7, 1], "facing": 4, "treasure": 0},
                          {"chest": "oak_coffer", "at": [9, 1], "facing": 4, "treasure": 1},
                          {"chest": "oak_coffer", "at": [11, 1], "facing": 4, "treasure": 2}])
    for uid in (102, 103, 104):
        _give(state, 0, uid)
    state.chest(104).safe = True
    events: list = []
    combat.damage(state, state.fig(100), 20, events)
    # limit 0 now: the two chests not in safety go back, the first on the hero's square.
    assert state.players[0].chests == [104]
    dropped = [e for e in events if e.key == "crawl.event.chest_dropped"]
    assert len(dropped) == 2 and [2, 12] in [e.params["at"] for e in dropped]
    for uid in (102, 103):
        ch = state.chest(uid)
        assert ch.status == "closed" and ch.trap == 0 and ch.examined and ch.pos is not None


def test_a_turn_is_free_but_not_offered_twice_in_a_row() -> None:
    # seed 004: turning costs nothing; one turn reaches any facing, so a second turn right
    # after it is not offered (activations stay finite; undo serves a changed mind).
    state = make([{"hero": "brannoc", "owner": 0, "at": [15, 4], "facing": 2}])
    RULES.apply(state, Action.make("activate", figure=100))
    faces = [a for a in RULES.legal_actions(state) if a.kind == "face"]
    assert len(faces) == 7
    mp = state.mp
    RULES.apply(state, Action.make("face", facing=4))
    assert state.mp == mp and state.fig(100).facing == 4
    assert not [a for a in RULES.legal_actions(state) if a.kind == "face"]
    with pytest.raises(IllegalAction):
        RULES.apply(state, Action.make("face", facing=5))
    step = next(a for a in RULES.legal_actions(state) if a.kind == "move")
    RULES.apply(state, step)
    faces = [a for a in RULES.legal_actions(state) if a.kind == "face"]
    assert faces
    # A saved game keeps the flag; a save from before the flag existed reads as not turned.
    RULES.apply(state, faces[0])
    data = state.to_dict()
    assert CrawlState.from_dict(data).faced is True
    del data["faced"]
    assert CrawlState.from_dict(data).faced is False
