"""The campaign crawler's balance table: heuristic bots' win rate per tile, seat count and mode.

    python tools/coop_balance.py [--games 200] [--seed 0] [--write]
    python tools/coop_balance.py --bosses [--games 50] [--seed 0] [--write]

Plays ``--games`` missions per cell on seeds S, S+1, ... exactly as ``python -m engine simulate
--game coop_campaign --bot heuristic --players N --games G --option tile=T --option hard=H``
does, prints the Markdown table, and with ``--write`` puts it into docs/coop_campaign/balance.md
(between its markers). tests/coop_campaign/test_balance.py (``long``) plays the batch again and
compares it with the document. ``--bosses`` does the same for the boss tiles (3, 7, 10) with 2,
3 and 4 heroes, in their own table.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.rules.coop_campaign import balance  # noqa: E402

DOC = ROOT / "docs" / "coop_campaign" / "balance.md"


def main(argv: list[str] | None = None) -> int:
    """Plays the batches and prints (or writes) the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="missions per cell (200; 50 for the boss tiles)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--write", action="store_true", help="update balance.md")
    parser.add_argument("--bosses", action="store_true", help="the boss tiles' table")
    args = parser.parse_args(argv)
    if args.bosses:
        games = args.games or 50
        block = balance.boss_markdown(balance.boss_table(games, args.seed))
        marks = (balance.BOSS_BEGIN, balance.BOSS_END)
    else:
        block = balance.markdown(balance.table(args.games or 200, args.seed))
        marks = (balance.BEGIN, balance.END)
    print(block)
    if args.write:
        DOC.write_text(balance.replace_table(DOC.read_text(encoding="utf-8"), block, *marks),
                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
