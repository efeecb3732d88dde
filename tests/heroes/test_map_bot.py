"""The map game's heuristic bot (engine/rules/heroes/adventure/bots.py): its fight model, its
route, that its games end by a victory condition (issue #15: docs/heroes/balance.md measures 60
seeds; here a few), that a seed plays the same game twice, and its decision times."""

from __future__ import annotations

import time

from engine.ai.play import bot_config, seat_bots
from engine.core.protocol import GameConfig
from engine.rules.heroes import RULES
from engine.rules.heroes.adventure import board as B
from engine.rules.heroes.adventure import bots as MB
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.bots import is_map_turn
from engine.rules.heroes.adventure.state import MAIN, MapState


def _game(seed: int, players: int = 2) -> tuple:
    config = bot_config("heroes", ["heuristic"] * players, options={"mode": "clash"})
    return RULES.new_game(config, seed), seat_bots("heroes", config, seed)


def test_the_fight_model_prefers_strong_armies_and_low_fields() -> None:
    st, _ = _game(1)
    p = st.ps[0]
    start = [u[:] for u in p.units]
    weak = [MB.win_chance(st, 0, g) for g in range(1, 7)]
    assert weak == sorted(weak, reverse=True)
    assert weak[0] > 0.9 and weak[3] < 0.3  # three bronze Few units: field I yes, IV no
    p.units = [[u, True] for u, _ in start]  # the same units as Packs
    assert all(MB.win_chance(st, 0, g) >= w for g, w in zip(range(1, 7), weak, strict=True))
    p.units = []
    assert MB.win_chance(st, 0, 1) == 0.0
    assert MB.army_power([["pike_guard", True]]) > MB.army_power([["pike_guard", False]])


def test_the_route_leads_to_the_enemy_town_through_unknown_tiles() -> None:
    st, _ = _game(2)
    here, town = st.ps[0].pos[MAIN], st.ps[1].town
    assert MB._target(st, 0) == town
    dist = MB.route(st, 0, town)
    assert dist[town] == 0 and here in dist and dist[here] >= 18  # 18 fields apart
    # a board with a tile more gives the same as building it from scratch
    slot = st.slots[0]
    built = B.build(R.mc(), [*st.placed, [slot[3], slot[1], slot[2], 2]])
    more = B.with_tile(R.board(st), R.mc(), slot[3], (slot[1], slot[2]), 2)
    assert more.fields == built.fields and set(more.walls) == set(built.walls)


def test_bot_games_end_by_a_victory_condition() -> None:
    # docs/heroes/balance.md: 51 of 60 First Steps games end before the round limit
    ended = 0
    for seed in range(8):
        st, bots = _game(seed)
        while not RULES.is_over(st):
            seat = RULES.current_actor(st)
            RULES.apply(st, bots[seat].choose(RULES, st, seat))
        ended += st.reason in ("town", "elimination")
    assert ended >= 5, ended  # 6 of these 8


def test_a_seed_plays_the_same_game_and_decides_fast() -> None:
    hashes = []
    slowest: list[float] = []
    for _ in range(2):
        st, bots = _game(5)
        times: list[float] = []
        while not RULES.is_over(st) and st.round <= 6:
            seat = RULES.current_actor(st)
            t = time.thread_time()
            action = bots[seat].choose(RULES, st, seat)
            if is_map_turn(st):
                times.append(time.thread_time() - t)
            RULES.apply(st, action)
        hashes.append(RULES.state_hash(st))
        times.sort()
        slowest.append(times[int(0.99 * (len(times) - 1))])
    assert hashes[0] == hashes[1]
    assert min(slowest) < 0.050  # issue #15: p99 of a map decision within 50 ms


def test_the_default_game_for_two_and_three_players_is_the_map_game() -> None:
    for players in (2, 3):
        st = RULES.new_game(GameConfig.for_players(players), 1)
        assert isinstance(st, MapState)
    assert RULES.new_game(GameConfig.for_players(1), 1).__class__.__name__ == "SkirmishState"
