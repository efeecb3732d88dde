"""Campaign crawler benchmarks (timed by the harness; engine code never reads the clock): whole
missions between heuristic hero bots on 1–4 seats, and hero decisions in a crowded mission."""

from __future__ import annotations

from typing import Any

from engine.bench import register_benchmark
from engine.core.protocol import GameConfig

GAMES = 8  # two missions of each seat count 1, 2, 3, 4 (solo = two heroes)
GAMES_PER_SECOND = 100  # issue 14, "Numbers": at least 100 full missions per second
DECISION_MS = 5.0  # issue 14, "Numbers": a hero bot decision p99 at most 5 ms
_SEEDS = [0]


def play_mission(seed: int, players: int, tile: str = "bridge") -> Any:
    """Plays one whole mission with a heuristic bot on every seat and returns its state (the
    bots' actions are legal, so they are applied without re-validation, as in a simulation)."""
    from engine.rules.coop_campaign.bots import CoopBot
    from engine.rules.coop_campaign.rules import RULES
    state = RULES.new_game(GameConfig.for_players(players, tile=tile), seed)
    bots = [CoopBot(seed=seed * 10 + s) for s in range(players)]
    while not RULES.is_over(state):
        seat = RULES.current_actor(state)
        assert seat is not None
        RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
    return state


def _games() -> None:
    """Plays GAMES whole missions on tile 1 on fresh seeds, seat counts 1, 2, 3, 4 in turn."""
    for k in range(GAMES):
        seed = _SEEDS[0]
        _SEEDS[0] += 1
        play_mission(seed, 1 + k % 4)


_MID: list[Any] = []


def _mid_state() -> Any:
    """Returns a four-hero mission at a hero's activation in round 5, enemies on the tile."""
    if not _MID:
        from engine.rules.coop_campaign.bots import CoopBot
        from engine.rules.coop_campaign.rules import RULES
        from engine.rules.coop_campaign.state import HEROES
        state = RULES.new_game(GameConfig.for_players(4), 3)
        bots = [CoopBot(seed=s) for s in range(4)]
        while not (state.round >= 5 and state.flow.phase == HEROES and not state.flow.stack
                   and state.enemies) and not RULES.is_over(state):
            seat = RULES.current_actor(state)
            assert seat is not None
            RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
        _MID.append(state)
    return _MID[0]


def _decision() -> None:
    """Makes 10 heuristic hero decisions on copies of a crowded round-5 state."""
    from engine.rules.coop_campaign.bots import CoopBot
    from engine.rules.coop_campaign.rules import RULES
    state = _mid_state()
    bot = CoopBot(seed=1)
    for _ in range(10):
        copy = state.clone()
        seat = RULES.current_actor(copy)
        assert seat is not None
        bot.choose(RULES, copy, seat)


register_benchmark("coop_campaign.games", _games, None, GAMES * 1000 / GAMES_PER_SECOND,
                   goal_on="value",
                   description=f"ms for {GAMES} heuristic missions on tile 1 with 1, 2, 3, 4 "
                               "seats in turn, new seeds (goal: 100 missions/s)")
register_benchmark("coop_campaign.heuristic_decision", _decision, None, 10 * DECISION_MS,
                   goal_on="value",
                   description="ms for 10 heuristic hero decisions in a four-hero round-5 "
                               "state (goal: 5 ms each)")
