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
        state = RULES.new_game(GameConfig.for_players(2), seed)
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
