"""Faction balance of the heroes skirmish: seeded heuristic-bot batches per pairing.

    python tools/heroes_balance.py --battles 600 --seed 30000 [--option budget=80 ...]
        [--mirrors] [--markdown]

Every pairing of the three factions plays ``--battles`` skirmishes with equal options, the
factions swapping seats every other battle (engine/rules/heroes/balance.py); the table gives the
wins of the row faction against the column faction and its share (a draw counting half).
docs/heroes/balance.md holds the measured tables.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rules.heroes import balance  # noqa: E402
from engine.rules.heroes.skirmish import FACTIONS  # noqa: E402


def _option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv: list[str] | None = None) -> int:
    """Prints the balance table of the requested batch."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=600, help="battles per pairing")
    parser.add_argument("--seed", type=int, default=30000, help="seed of the first battle")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="skirmish option for both sides (value read as JSON, else text)")
    parser.add_argument("--mirrors", action="store_true", help="also each faction against itself")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args(argv)
    options = dict(_option(o) for o in args.option)
    start = time.process_time()  # ok-determinism: reported duration only
    rows = balance.table(args.battles, args.seed, args.mirrors, **options)
    seconds = time.process_time() - start  # ok-determinism: reported duration only
    if not args.markdown:
        for a, b, counts in rows:
            print(json.dumps({"a": a, "b": b, "counts": counts,
                              "share_a": round(balance.share(counts, a), 4) if a != b else None}))
        return 0
    print(f"options {json.dumps(options)}, {args.battles} battles per pairing from seed "
          f"{args.seed} ({seconds:.0f} s CPU)\n")
    print("| row \\ column | " + " | ".join(FACTIONS) + " |")
    print("|---|" + "---|" * len(FACTIONS))
    found = {(a, b): c for a, b, c in rows}
    for a in FACTIONS:
        cells = []
        for b in FACTIONS:
            c = found.get((a, b)) or found.get((b, a))
            if c is None:
                cells.append("")
            elif a == b:
                cells.append(f"seat 1 {c['seat 1']} : seat 2 {c['seat 2']}")
            else:
                draws = f", {c['draws']} drawn" if c["draws"] else ""
                cells.append(f"{c[a]} : {c[b]}{draws} ({100 * balance.share(c, a):.1f} %)")
        print(f"| {a} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
