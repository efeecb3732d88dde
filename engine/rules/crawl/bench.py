"""Crawl benchmarks: heuristic 2-player games per second and a path/line-of-fire query."""

from __future__ import annotations

from engine.bench import register_benchmark
from engine.core.protocol import GameConfig


def _game() -> None:
    from engine.ai import make_bot
    from engine.rules.crawl.rules import RULES
    state = RULES.new_game(GameConfig.for_players(2), 7)
    bots = [make_bot("heuristic", "crawl", seed=i) for i in range(2)]
    while not RULES.is_over(state):
        seat = RULES.current_actor(state)
        assert seat is not None
        RULES.apply(state, bots[seat].choose(RULES, state, seat))


def _query() -> None:
    from engine.rules.crawl.core import has_lof
    from engine.rules.crawl.movement import figure_reach
    from engine.rules.crawl.rules import RULES
    state = RULES.new_game(GameConfig.for_players(2), 1)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": [
        {"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 2}]})
    f = state.fig(100)
    for _ in range(10):
        figure_reach(state, f, 12)
        has_lof(state, (0, 10), (29, 14))


register_benchmark("crawl.heuristic_game", _game, None, 10.0, goal_on="value",
                   description="one full 2-player crawl game with heuristic bots (goal 10 ms "
                               "= 100 games/s)")
register_benchmark("crawl.path_query", _query, None, 3.0, goal_on="value",
                   description="10 reach maps (12 MP) and 10 long lines of fire on 30×20")
