"""Seeded batches of the heroes map game (Clash, first scenario, 2 players) between computer
players: faction pairings and the bot's levels (docs/heroes/balance.md, "The Clash computer
player").

    nice -n 10 python tools/heroes_clash_balance.py factions --games 200 --seed 0 [--bot hard]
    nice -n 10 python tools/heroes_clash_balance.py levels heuristic:hard heuristic:easy \
        --games 50 --seed 0

``factions`` plays every pairing of two factions with the same bot in both seats, the factions
swapping seats every other game; ``levels`` plays two bots (``id:level``) with seats
alternating and the factions at random. A tie (the round limit without a winner) counts half.
Both print the map decisions' CPU p99. ``python -m engine match --game heroes`` plays the same
level games with the match report (and the random bot).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rules.heroes.adventure import clashbalance as CB  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Prints the requested batch's result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("factions", "levels"))
    parser.add_argument("bots", nargs="*", help="levels: the two bots, id:level each")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="heuristic", help="factions: the bot of both seats")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.what == "factions":
        for a, b, t in CB.table(args.games, args.seed, args.bot):
            print(f"{a} : {b} = {t.wins[a]} : {t.wins[b]}, ties {t.ties} "
                  f"({100 * t.share(a):.1f} % : {100 * t.share(b):.1f} %), "
                  f"map p99 {1000 * t.p99():.1f} ms", flush=True)
    else:
        if len(args.bots) != 2 or args.bots[0] == args.bots[1]:
            parser.error("levels needs two different bots, e.g. heuristic:hard heuristic:easy")
        t = CB.levels(args.bots[0], args.bots[1], args.games, args.seed)
        first, second = args.bots
        print(f"{first} : {second} = {t.wins[first]} : {t.wins[second]}, ties {t.ties} "
              f"({100 * t.share(first):.1f} % : {100 * t.share(second):.1f} %), "
              f"map p99 {1000 * t.p99():.1f} ms")
    print(f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
