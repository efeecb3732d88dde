"""How 2-player bot games of the heroes map game end (docs/heroes/balance.md, "The map game").

Usage: ``TABLETOP_NO_BOOTSTRAP=1 .venv/bin/python tools/heroes_map_endings.py [GAMES] [FIRST]``
plays GAMES seeded games (seeds FIRST, FIRST+1, ...; default 20 from 0) of the default
2-player scenario with the heuristic bot in both seats and prints how they ended.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.play import bot_config, play_game  # noqa: E402


def main(argv: list[str]) -> None:
    """Plays the games and prints the end reasons and the rounds played."""
    games = int(argv[0]) if argv else 20
    first = int(argv[1]) if len(argv) > 1 else 0
    reasons: Counter[str] = Counter()
    rounds = []
    for seed in range(first, first + games):
        config = bot_config("heroes", ["heuristic", "heuristic"], options={"mode": "clash"})
        game = play_game("heroes", config, seed)
        reasons[game.state.reason if game.finished else "unfinished"] += 1
        rounds.append(game.state.round)
    early = sum(n for r, n in reasons.items() if r not in ("rounds", "unfinished"))
    print(f"{early} of {games} ended before the round limit; {dict(reasons)}; rounds {rounds}")


if __name__ == "__main__":
    main(sys.argv[1:])
