"""Heroes benchmarks (timed by the harness; engine code never reads the clock): full skirmish
battles between heuristic bots, and heuristic decisions in a busy battle."""

from __future__ import annotations

from typing import Any

from engine.bench import register_benchmark
from engine.core.protocol import GameConfig

BATTLES = 10
BATTLES_PER_SECOND = 200  # issue 13, "Numbers": at least 200 skirmish battles per second
_SEEDS = [0]


def _battles() -> None:
    """Plays BATTLES full 2-player skirmishes (set-up and battle) between heuristic bots on fresh
    seeds; the bots' actions are legal and applied without re-validation, as in a simulation."""
    from engine.rules.heroes import RULES
    from engine.rules.heroes.bots import HeroesBot
    for _ in range(BATTLES):
        seed = _SEEDS[0]
        _SEEDS[0] += 1
        state = RULES.new_game(GameConfig.for_players(2, mode="skirmish"), seed)
        bots = [HeroesBot(seed=seed), HeroesBot(seed=seed + 1)]
        while not RULES.is_over(state):
            seat = RULES.current_actor(state)
            assert seat is not None
            RULES.do_apply(state, bots[seat].choose(RULES, state, seat))


_MID: list[Any] = []


def _mid_state() -> Any:
    """Returns a battle in round 2 with both armies on the board and cards in hand."""
    if not _MID:
        from engine.rules.heroes.battle import RULES
        from engine.rules.heroes.bots import HeroesBot
        state = RULES.new_game(GameConfig.for_players(2), 11)
        bots = [HeroesBot(seed=1), HeroesBot(seed=2)]
        while state.round < 2 and not RULES.is_over(state):
            seat = RULES.current_actor(state)
            assert seat is not None
            RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
        _MID.append(state)
    return _MID[0]


def _decision() -> None:
    """Makes 10 heuristic decisions on copies of a round-2 battle."""
    from engine.rules.heroes.battle import RULES
    from engine.rules.heroes.bots import HeroesBot
    state = _mid_state()
    bot = HeroesBot(seed=3)
    for _ in range(10):
        copy = state.clone()
        seat = RULES.current_actor(copy)
        assert seat is not None
        bot.choose(RULES, copy, seat)


register_benchmark("heroes.skirmish", _battles, None, BATTLES * 1000 / BATTLES_PER_SECOND,
                   goal_on="value",
                   description=f"ms for {BATTLES} heuristic 2-player skirmish battles on new "
                               "seeds (goal: 200 battles/s)")
register_benchmark("heroes.heuristic_decision", _decision, None, 10 * 2.0, goal_on="value",
                   description="ms for 10 heuristic battle decisions (goal: 2 ms each)")


# --- the map game (mode clash, issue 15) ---------------------------------------------------------
MAP_GAME_MS = 2000.0  # issue 15, "Numbers": a full 2-player scenario with random play in ≤ 2 s
PATH_QUERIES = 100
PATH_QUERY_MS = 0.5  # issue 15: a map path query in ≤ 0.5 ms on the largest scenario
_MAP_SEEDS = [0]


def _map_game() -> None:
    """Plays one full 2-player game of the default scenario with random legal play (what
    ``simulate`` does), on a fresh seed."""
    from engine.core.rng import Rng
    from engine.rules.heroes import RULES
    seed = _MAP_SEEDS[0]
    _MAP_SEEDS[0] += 1
    state = RULES.new_game(GameConfig.for_players(2, mode="clash"), seed)
    rng = Rng(seed)
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        RULES.do_apply(state, legal[rng.below(len(legal))])


_WIDE: list[Any] = []


def _wide_map() -> Any:
    """Returns the largest scenario with every tile revealed and the main hero on its town."""
    if not _WIDE:
        from engine.rules.heroes import RULES
        from engine.rules.heroes.adventure import rules as R
        state = RULES.new_game(GameConfig.for_players(2, mode="clash", scenario="wide_frontier",
                                                      map_difficulty="impossible"), 1)
        for slot in list(state.slots):
            state.placed.append([slot[3], slot[1], slot[2], 0])
        state.slots = []
        state.board_cache = None
        R.board(state)
        _WIDE.append(state)
    return _WIDE[0]


def _path_queries() -> None:
    """Answers PATH_QUERIES reach queries (every field a hero with 3 MP reaches, with costs and
    paths) on the largest revealed map."""
    from engine.rules.heroes.adventure import board as B
    from engine.rules.heroes.adventure import rules as R
    state = _wide_map()
    b = R.board(state)
    start = state.ps[0].pos["main"]
    for _ in range(PATH_QUERIES):
        B.reach(b, start, 3, set(), set(), set())


MAP_DECISION_MS = 50.0  # issue 15: a heuristic map decision's p99 within 50 ms


def _map_decision_p99() -> float:
    """Returns the p99 ms of the heuristic bot's map decisions (not its battle decisions) over
    two whole 2-player games of the default scenario."""
    import time

    from engine.ai.play import bot_config, seat_bots
    from engine.rules.heroes import RULES
    from engine.rules.heroes.adventure.bots import is_map_turn
    times: list[float] = []
    for seed in (7000, 7001):
        config = bot_config("heroes", ["heuristic", "heuristic"], options={"mode": "clash"})
        state = RULES.new_game(config, seed)
        bots = seat_bots("heroes", config, seed)
        while not RULES.is_over(state):
            seat = RULES.current_actor(state)
            assert seat is not None
            start = time.thread_time()  # ok-determinism: benchmark timing
            action = bots[seat].choose(RULES, state, seat)
            if is_map_turn(state):
                times.append((time.thread_time() - start) * 1000.0)  # ok-determinism: timing
            RULES.do_apply(state, action)
    times.sort()
    return times[min(len(times) - 1, int(0.99 * (len(times) - 1) + 0.5))]


register_benchmark("heroes.map_decision_p99", _map_decision_p99, None, MAP_DECISION_MS,
                   goal_on="value", samples=1, quick_samples=1,
                   description="p99 CPU ms of the heuristic bot's map decisions over two whole "
                               "2-player map games (goal: 50 ms)")
register_benchmark("heroes.map_game", _map_game, None, MAP_GAME_MS, goal_on="value",
                   description="ms for one full 2-player map game (first scenario) with random "
                               "legal play (goal: 2 s)")
register_benchmark("heroes.map_path", _path_queries, None, PATH_QUERIES * PATH_QUERY_MS,
                   goal_on="value",
                   description=f"ms for {PATH_QUERIES} reach queries of a 3-MP hero on the "
                               "largest revealed map (goal: 0.5 ms each)")


# --- the map table's frames (scenes/benchprobe.py, heroes_map) ----------------------------------
MAP_FRAME_RATIO = 2.5  # docs/performance.md: a scene's frame p99 at most 2.5x the reference
_MAP_FRAMES: dict[str, Any] = {}


def _map_frames() -> tuple[float, float]:
    """Returns the worst p99 of the map table's frames on The Wide Frontier, every tile
    revealed (still, a mouse over the fields, a panning camera at the fitted and the closest
    zoom), and the interleaved reference frames' p99."""
    from engine.bench import _QUICK, _probe_json, _scenes_ready

    _scenes_ready()
    data = _probe_json("heroes_map", "60" if _QUICK else "200")
    _MAP_FRAMES.update(data)
    worst = max(float(data[k]) for k in ("still", "hover", "pan", "pan_zoomed"))
    return worst, float(data["ref_ms"])


register_benchmark("heroes.map_frame", _map_frames, None, MAP_FRAME_RATIO, samples=1,
                   quick_samples=1, paired=True,
                   description="p99 frame of the heroes map table on the largest map, every "
                               "tile revealed, vs the UI reference frame",
                   note=lambda: "still {still:.2f}, hover {hover:.2f}, pan {pan:.2f}, zoomed "
                                "pan {pan_zoomed:.2f}, frame after an action {new_view:.2f} "
                                "ms".format(**_MAP_FRAMES) if _MAP_FRAMES else "")
