"""How bot games of the heroes map game end (docs/heroes/balance.md, "The map game").

Usage: ``TABLETOP_NO_BOOTSTRAP=1 .venv/bin/python tools/heroes_map_endings.py [GAMES] [FIRST]
[PLAYERS] [OPTION=VALUE ...]`` plays GAMES seeded games (seeds FIRST, FIRST+1, ...; default 20
from 0) of the default scenario for PLAYERS (default 2: First Steps; 3: Three Crowns) with the
heuristic bot in every seat and prints how they ended, the rounds played and the slowest map
decision.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.ai.play import DEFAULT_MAX_ACTIONS, bot_config, seat_bots  # noqa: E402


def main(argv: list[str]) -> None:
    """Plays the games and prints the end reasons, the rounds played and decision times."""
    games = int(argv[0]) if argv else 20
    first = int(argv[1]) if len(argv) > 1 else 0
    players = int(argv[2]) if len(argv) > 2 else 2
    options: dict[str, object] = {"mode": "clash"}
    for arg in argv[3:]:
        key, _, value = arg.partition("=")
        options[key] = {"true": True, "false": False}.get(value, value)
    reasons: Counter[str] = Counter()
    rounds = []
    times: list[float] = []
    from engine.rules.heroes.adventure.bots import is_map_turn

    for seed in range(first, first + games):
        config = bot_config("heroes", ["heuristic"] * players, options=options)
        rules = registry.rules("heroes")
        state = rules.new_game(config, seed)
        bots = seat_bots("heroes", config, seed)
        for _ in range(DEFAULT_MAX_ACTIONS):
            actor = rules.current_actor(state)
            if rules.is_over(state) or actor is None:
                break
            on_map = is_map_turn(state)
            t0 = time.perf_counter()
            action = bots[actor].choose(rules, state, actor)
            if on_map:
                times.append(time.perf_counter() - t0)
            rules.apply(state, action)
        reasons[state.reason if rules.is_over(state) else "unfinished"] += 1
        rounds.append(state.round)
    early = sum(n for r, n in reasons.items() if r not in ("rounds", "unfinished"))
    times.sort()
    p99 = times[int(len(times) * 0.99)] * 1000 if times else 0.0
    print(f"{early} of {games} ended before the round limit; {dict(reasons)}; rounds {rounds}; "
          f"map decisions {len(times)}, p99 {p99:.2f} ms, max {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
