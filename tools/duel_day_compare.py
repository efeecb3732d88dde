"""Compares seeded bot days of the duel: the old in-state day (option ``day``) against the day
campaign (engine/core/campaign.py), game by game: the same actions and the same winners.

Each campaign game is seeded with the random state the old day had when its next game began,
so both draw the same dice; everything else a game starts from comes through the carry.
Usage: python3 tools/duel_day_compare.py [number of seeds]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.actions import Action  # noqa: E402
from engine.core.protocol import GameConfig  # noqa: E402
from engine.rules.duel import RULES  # noqa: E402
from engine.rules.duel.bots import DuelHeuristicBot  # noqa: E402
from engine.rules.duel.rules import DuelDay  # noqa: E402
from engine.rules.duel.state import BETWEEN, OVER  # noqa: E402

Game = tuple[list[Action], int, str]  # actions, winner, end reason


def old_day(seed: int) -> tuple[list[Game], list[int]]:
    """Returns the games of an old in-state day and the random state at each game's start."""
    state = RULES.new_game(GameConfig.for_players(2, day=True), seed)
    bots = [DuelHeuristicBot(seed=seed), DuelHeuristicBot(seed=seed + 1)]
    games: list[Game] = []
    starts = [seed]
    actions: list[Action] = []
    while True:
        if state.phase in (BETWEEN, OVER):
            assert state.winner is not None
            games.append((actions, state.winner, state.end_reason))
            actions = []
            if state.phase == OVER:
                return games, starts
            starts.append(state.rng.state)
            RULES.do_apply(state, Action.make("next_game"))
            continue
        seat = RULES.current_actor(state)
        assert seat is not None
        action = bots[seat].choose(RULES, state, seat)
        actions.append(action)
        RULES.do_apply(state, action)


def campaign_day(seed: int, starts: list[int]) -> list[Game]:
    """Returns the games of the day campaign, game i seeded with ``starts[i]``."""
    day = DuelDay()
    config: GameConfig | None = day.first_config(GameConfig.for_players(2, day=True))
    bots = [DuelHeuristicBot(seed=seed), DuelHeuristicBot(seed=seed + 1)]
    games: list[Game] = []
    index = 0
    while config is not None:
        RULES.check_config(config)
        state = RULES.new_game(config, starts[index] if index < len(starts) else index)
        actions: list[Action] = []
        while not RULES.is_over(state):
            seat = RULES.current_actor(state)
            assert seat is not None
            action = bots[seat].choose(RULES, state, seat)
            actions.append(action)
            RULES.do_apply(state, action)
        outcome = RULES.outcome(state)
        assert outcome is not None and state.winner is not None
        games.append((actions, state.winner, state.end_reason))
        index += 1
        config = day.next_config(config, index, outcome, RULES.carry_out(state))
    return games


def main(count: int) -> int:
    """Compares ``count`` seeded days; returns the number of days that differ."""
    differ = 0
    total = 0
    for seed in range(count):
        old, starts = old_day(seed)
        new = campaign_day(seed, starts)
        total += len(old)
        same = [(len(a), w, r) for a, w, r in old] == [(len(a), w, r) for a, w, r in new] \
            and all(a == b for (a, _, _), (b, _, _) in zip(old, new, strict=True))
        if not same:
            differ += 1
            print(f"seed {seed}: old {[(len(a), w) for a, w, _ in old]} "
                  f"new {[(len(a), w) for a, w, _ in new]}")
    print(f"{count} days, {total} games: {count - differ} identical, {differ} differ")
    return differ


if __name__ == "__main__":
    sys.exit(1 if main(int(sys.argv[1]) if len(sys.argv) > 1 else 50) else 0)
