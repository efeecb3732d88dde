"""The player bot's win rate in each scenario of the heroes solo campaign, at each difficulty
(docs/heroes/balance.md, "The solo campaign").

Usage: ``TABLETOP_NO_BOOTSTRAP=1 nice -n 10 .venv/bin/python tools/heroes_solo_balance.py
[GAMES] [FIRST] [DIFFICULTY ...] [bot=LEVEL] [scenario=N]`` plays GAMES seeded games (seeds
FIRST, FIRST+1, ...; default 20 from 0) of every scenario of the campaign (or scenario N only) at
each difficulty (default all four) with the heuristic bot at LEVEL (easy, normal, hard; default
normal): the first scenario as the campaign starts it, each later one from the campaign's
sample carry for it (HeroesSolo.sample_carries: a might hero of level 4's deck and three cards
gained, the five cards chosen by the bot). It prints, per scenario and difficulty, the wins,
how the games ended and the mean rounds played.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.ai.play import DEFAULT_MAX_ACTIONS, bot_config, seat_bots  # noqa: E402
from engine.core.campaign import campaign_of  # noqa: E402

DIFFICULTIES = ("easy", "normal", "expert", "impossible")


def play(scenario: int, difficulty: str, seed: int,
         level: str = "normal") -> tuple[bool, str, int]:
    """Returns (won, how it ended, rounds) of one scenario game."""
    rules = registry.rules("heroes")
    config = bot_config("heroes", ["heuristic"], level,
                        options={"mode": "campaign", "map_difficulty": difficulty})
    camp = campaign_of("heroes", "solo")
    if scenario:
        carry = camp.sample_carries(config)[scenario - 1]
        options = dict(config.options, faction_1=carry["faction"], hero_1="might")
        config = type(config)(config.seats, options, carry)
    state = rules.new_game(config, seed)
    bots = seat_bots("heroes", config, seed)
    for _ in range(DEFAULT_MAX_ACTIONS):
        actor = rules.current_actor(state)
        if rules.is_over(state) or actor is None:
            break
        rules.apply(state, bots[actor].choose(rules, state, actor))
    over = rules.is_over(state)
    return over and 0 in state.winners, state.reason if over else "unfinished", state.round


def main(argv: list[str]) -> None:
    """Plays the games and prints one line per scenario and difficulty."""
    games = int(argv[0]) if argv else 20
    first = int(argv[1]) if len(argv) > 1 else 0
    levels = [a for a in argv[2:] if a in DIFFICULTIES] or list(DIFFICULTIES)
    named = dict(a.split("=", 1) for a in argv[2:] if "=" in a)
    bot_level = named.get("bot", "normal")
    only = int(named["scenario"]) - 1 if "scenario" in named else None
    camp = campaign_of("heroes", "solo")
    scenarios = len(camp.sample_carries(bot_config("heroes", ["heuristic"],
                                                   options={"mode": "campaign"}))) + 1
    for scenario in range(scenarios):
        if only is not None and scenario != only:
            continue
        for difficulty in levels:
            t0 = time.process_time()
            wins = 0
            ends: Counter[str] = Counter()
            rounds = []
            for seed in range(first, first + games):
                won, reason, played = play(scenario, difficulty, seed, bot_level)
                wins += won
                ends[reason] += 1
                rounds.append(played)
            spent = time.process_time() - t0
            print(f"scenario {scenario + 1} {difficulty:10} bot {bot_level:6} {wins:3}/{games} won "
                  f"({100 * wins / games:3.0f} %); ends {dict(sorted(ends.items()))}; "
                  f"mean rounds {sum(rounds) / games:.1f}; {spent / games:.2f} s a game",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
