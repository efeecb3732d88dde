"""The campaign crawler's balance table: heuristic bots' win rate per tile, seat count and mode.

    python tools/coop_balance.py [--games 200] [--seed 0] [--write]
    python tools/coop_balance.py --missions [--games 50] [--seed 0] [--write]
    python tools/coop_balance.py --bosses [--games 50] [--seed 0] [--write]
    python tools/coop_balance.py --campaigns [--games 40] [--seed 0] [--write]
    python tools/coop_balance.py --levels [--games 40] [--seed 0] [--tile bridge] [--mode hard]

Plays ``--games`` missions per cell on seeds S, S+1, ... exactly as ``python -m engine simulate
--game coop_campaign --bot heuristic --players N --games G --option tile=T --option hard=H``
does, prints the Markdown table, and with ``--write`` puts it into docs/coop_campaign/balance.md
(between its markers). tests/coop_campaign/test_balance.py (``long``) plays the batch again and
compares it with the document. ``--missions`` does the same for the table of missions 4–9 (2, 3
and 4 heroes, 50 missions per cell unless ``--games`` says otherwise), ``--bosses`` for the boss
tiles (3, 7, 10) with 2, 3 and 4 heroes (50 missions per cell too). ``--campaigns`` plays whole
bot campaigns instead (``--option mode=campaign``; 2, 3 and 4 heroes, normal and hard; 40 per
cell): the share that reaches the final boss and the share that wins, in its own table, and
per station the missions won out of those played in those campaigns, in another.
``--levels`` plays the same seeded two-hero missions with a party of normal bots and a party of
hard bots (engine/rules/coop_campaign/search.py) on tiles 1 and 2 in both modes (``--tile``,
``--mode`` pick one) and prints the missions each won and the hard bots' decision CPU times.
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
                        help="missions per cell (200; 50 for missions 4-9 and the boss tiles)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--missions", action="store_true", help="the missions 4-9 table")
    parser.add_argument("--write", action="store_true", help="update balance.md")
    parser.add_argument("--bosses", action="store_true", help="the boss tiles' table")
    parser.add_argument("--campaigns", action="store_true", help="the whole campaigns table")
    parser.add_argument("--levels", action="store_true", help="hard party against normal")
    parser.add_argument("--tile", choices=balance.LEVEL_TILES, help="--levels: one tile")
    parser.add_argument("--mode", choices=("normal", "hard"), help="--levels: one mode")
    args = parser.parse_args(argv)
    if args.levels:
        tiles = (args.tile,) if args.tile else balance.LEVEL_TILES
        modes = (args.mode == "hard",) if args.mode else (False, True)

        def progress(level: str, seed: int, result: str | None) -> None:
            print(f"{level} seed {seed}: {result}", file=sys.stderr, flush=True)

        cells = {(tile, hard, level): balance.level_batch(
                     level, tile, 2, hard, args.games or balance.LEVEL_GAMES, args.seed,
                     progress)
                 for tile in tiles for hard in modes for level in ("normal", "hard")}
        block = balance.levels_markdown(cells)
        markers = (balance.LEVELS_BEGIN, balance.LEVELS_END)
    elif args.campaigns:
        cells = balance.campaign_table(args.games or 40, args.seed)
        block = balance.campaign_markdown(cells)
        markers: tuple[str, str] = (balance.CAMPAIGN_BEGIN, balance.CAMPAIGN_END)
        stations = balance.station_markdown(cells)
        print(stations)
        if args.write:
            DOC.write_text(balance.replace_table(DOC.read_text(encoding="utf-8"), stations,
                                                 balance.STATIONS_BEGIN, balance.STATIONS_END),
                           encoding="utf-8")
    elif args.missions:
        block = balance.mission_table(args.games or balance.MISSION_GAMES, args.seed)
        markers = (balance.MISSION_BEGIN, balance.MISSION_END)
    elif args.bosses:
        block = balance.boss_table(args.games or balance.BOSS_GAMES, args.seed)
        markers = (balance.BOSS_BEGIN, balance.BOSS_END)
    else:
        block = balance.markdown(balance.table(args.games or 200, args.seed))
        markers = (balance.BEGIN, balance.END)
    print(block)
    if args.write:
        DOC.write_text(balance.replace_table(DOC.read_text(encoding="utf-8"), block, *markers),
                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
