"""Crawl benchmarks (timed by the harness; engine code never reads the clock): headless
heuristic games, heuristic decisions in a busy mid-game state, and uncached path and
line-of-fire queries on the largest map."""

from __future__ import annotations

from typing import Any

from engine.bench import register_benchmark, simulate_games
from engine.core.protocol import GameConfig

GAMES = 5
GAMES_PER_SECOND = 140  # issue 19, "Numbers": at least 140 games per second through apply


def _games() -> None:
    """Plays GAMES heuristic 2-player games as ``simulate`` does (every action through
    ``apply``), on new seeds."""
    simulate_games("crawl", GAMES)


_MID: list[Any] = []


def _mid_state() -> Any:
    """Returns a state with a hero activated among mage spawn, a chest and markers."""
    if not _MID:
        from engine.core.actions import Action
        from engine.rules.crawl.rules import RULES
        state = RULES.new_game(GameConfig.for_players(2), 1)
        RULES.setup_scenario(state, {
            "figures": [{"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 2},
                        {"hero": "ysolde", "owner": 1, "at": [3, 2], "facing": 2},
                        {"spawn": "gnawer_weak", "at": [8, 11], "facing": 6},
                        {"spawn": "bonewalker_standard", "at": [7, 14], "facing": 6}],
            "markers": [{"rank": "weak", "at": [20, 12]}],
            "chests": [{"chest": "oak_coffer", "at": [12, 3], "facing": 4, "treasure": 1}]})
        RULES.apply(state, Action.make("activate", figure=100))
        _MID.append(state)
    return _MID[0]


def _decision() -> None:
    """Makes 10 heuristic decisions for an activated hero on fresh copies of the state (no
    memoized reach maps)."""
    from engine.rules.crawl.bots import CrawlHeuristicBot
    from engine.rules.crawl.rules import RULES
    state = _mid_state()
    bot = CrawlHeuristicBot(seed=1)
    for _ in range(10):
        bot.choose(RULES, state.clone(), 0)


def _query() -> None:
    """Computes 10 reach maps (12 MP, uncached) and 10 long lines of fire on 30×20."""
    from engine.rules.crawl.core import has_lof
    from engine.rules.crawl.movement import _figure_reach
    state = _mid_state()
    f = state.fig(100)
    for i in range(10):
        _figure_reach(state, f, 12)
        has_lof(state, (0, 10 + i % 3), (29, 14 - i % 3))


register_benchmark("crawl.games", _games, None, GAMES * 1000 / GAMES_PER_SECOND,
                   goal_on="value",
                   description=f"ms for {GAMES} heuristic 2-player crawl games on new seeds "
                               f"through apply, as simulate plays them (goal: "
                               f"{GAMES_PER_SECOND} games/s)")
register_benchmark("crawl.heuristic_decision", _decision, None, 10 * 2.0, goal_on="value",
                   description="ms for 10 heuristic hero decisions in a mid-game state "
                               "(goal: 2 ms each)")
register_benchmark("crawl.path_query", _query, None, 20 * 0.3, goal_on="value",
                   description="ms for 10 uncached 12-MP reach maps and 10 lines of fire on "
                               "30×20 (goal: 0.3 ms per query)")
