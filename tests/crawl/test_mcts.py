"""MCTS support for the crawl: the playout policy, the evaluator, and the memoized arcs and
marker reach maps that keep a playout step cheap."""

from __future__ import annotations

from engine import registry
from engine.ai import MctsBot, make_bot
from engine.ai.base import evaluator_for, rollout_policy_for
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.core.squaregrid import arc_squares
from engine.rules.crawl import bots
from engine.rules.crawl.core import arc_width, closed_door_edges, front_squares, touching
from engine.rules.crawl.movement import _marker_reach, marker_reach
from engine.rules.crawl.state import CrawlState

RULES = registry.rules("crawl")


def _mid_game(seed: int, steps: int, players: int = 2) -> CrawlState:
    """Returns a game advanced by heuristic bots (past set-up, into play)."""
    state = RULES.new_game(GameConfig.for_players(players), seed)
    heur = [make_bot("heuristic", "crawl", seed=seed + i) for i in range(players)]
    for _ in range(steps):
        if RULES.is_over(state):
            break
        seat = RULES.current_actor(state)
        RULES.apply(state, heur[seat].choose(RULES, state, seat))
    return state


def test_policy_and_evaluator_are_registered() -> None:
    assert rollout_policy_for("crawl") is bots.playout_policy
    assert evaluator_for("crawl") is bots.evaluate


def test_playout_policy_plays_whole_games_with_legal_actions() -> None:
    # The policy alone, from a fresh game to its end; rules.apply validates every action.
    for seed, players in ((3, 2), (4, 3)):
        state = RULES.new_game(GameConfig.for_players(players), seed)
        rng = Rng(seed)
        steps = 0
        while not RULES.is_over(state) and steps < 4000:
            legal = RULES.legal_actions(state)
            action = bots.playout_policy(RULES, state, legal, rng)
            if state.phase == "play":
                assert action in legal
            RULES.apply(state, action)
            steps += 1
        assert RULES.is_over(state)


def test_evaluator_values_lie_in_unit_range_and_reward_experience() -> None:
    state = _mid_game(5, 60)
    values = bots.evaluate(RULES, state)
    assert len(values) == state.nplayers
    assert all(0.0 <= v <= 1.0 for v in values)
    richer = state.clone()
    richer.players[0].xp += 60
    better = bots.evaluate(RULES, richer)
    assert better[0] > values[0]
    assert better[1] < values[1]


def test_mcts_with_policy_repeats_from_the_same_seed() -> None:
    state = _mid_game(901, 60)
    seat = RULES.current_actor(state)
    runs = []
    for _ in range(2):
        bot = MctsBot("normal", seed=7, iterations=25)
        action = bot.choose(RULES, state.clone(), seat)
        runs.append((action, bot.last_stats["visits"]))
    assert runs[0] == runs[1]
    assert runs[0][0] in RULES.legal_actions(state)


def test_memoized_front_arcs_and_marker_reach_match_fresh_ones() -> None:
    # Through a heuristic game (doors open, figures move and fall), the memoized look-ups
    # equal a fresh computation at every step.
    state = RULES.new_game(GameConfig.for_players(2), 902)
    heur = [make_bot("heuristic", "crawl", seed=902 + i) for i in range(2)]
    checked = 0
    while not RULES.is_over(state) and checked < 400:
        if state.phase == "play":
            closed = closed_door_edges(state)
            for f in state.figures:
                if f.where == "board" and f.pos is not None:
                    fresh = [sq for sq in arc_squares(f.pos, f.facing, arc_width(f))
                             if touching(state, f.pos, sq, closed)]
                    assert front_squares(state, f) == fresh
            for m in state.markers:
                for mp in (4, 2):
                    assert marker_reach(state, m, mp) == _marker_reach(state, m, mp)
            checked += 1
        seat = RULES.current_actor(state)
        RULES.apply(state, heur[seat].choose(RULES, state, seat))
    assert checked > 50
