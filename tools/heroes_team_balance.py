"""How bot-played team games of heroes end: the co-operative and the alliance scenario
(docs/heroes/balance.md, "Team scenarios").

Usage: ``TABLETOP_NO_BOOTSTRAP=1 nice -n 10 .venv/bin/python tools/heroes_team_balance.py MODE
[GAMES] [DIFFICULTY]`` plays GAMES seeded games (seeds 0, 1, ...; default 40) of mode ``coop``
(two seats) or ``alliance`` (four seats) at a difficulty (default normal) with the heuristic bot
in every seat, and prints one JSON line: the winners' seats with their counts, how the games
ended, the team actions the bots took (gifts, asks, offers, swaps) and the rounds played.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.ai.play import bot_config, play_out, seat_bots  # noqa: E402

SEATS = {"coop": 2, "alliance": 4}
TEAM_EVENTS = ("heroes.team.gift", "heroes.team.ask", "heroes.team.offer", "heroes.team.swap")


def main(argv: list[str]) -> int:
    """Plays the games and prints the summary."""
    mode = argv[0] if argv else "coop"
    games = int(argv[1]) if len(argv) > 1 else 40
    difficulty = argv[2] if len(argv) > 2 else "normal"
    players = SEATS[mode]
    rules = registry.rules("heroes")
    winners: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    team: Counter[str] = Counter()
    rounds: list[int] = []
    unfinished = 0
    for seed in range(games):
        config = bot_config("heroes", ["heuristic"] * players,
                            options={"mode": mode, "map_difficulty": difficulty})
        state = rules.new_game(config, seed)

        def count(_action: object, events: list) -> None:  # type: ignore[type-arg]
            team.update(e.key for e in events if e.key in TEAM_EVENTS)
        played = play_out(rules, state, seat_bots("heroes", config, seed), max_actions=8000,
                          on_action=count)
        if not played.finished:
            unfinished += 1
            continue
        winners[str(played.state.winners)] += 1
        reasons[played.state.reason] += 1
        rounds.append(played.state.round)
    print(json.dumps({"mode": mode, "difficulty": difficulty, "games": games,
                      "unfinished": unfinished, "winners": dict(winners),
                      "reasons": dict(reasons), "team_actions": dict(team),
                      "mean_round": round(sum(rounds) / max(1, len(rounds)), 2)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
