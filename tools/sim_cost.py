"""Counts the instructions (callgrind) of heuristic 2-player games played as ``simulate`` plays
them, after warm-up games: the steady state the game benchmarks' medians see.

    python tools/sim_cost.py [--warm W] [--games N] [--seed S] [GAME ...]

runs, for each game, two callgrind children of this script: one plays W warm-up games (seeds
10 000 .. 10 000 + W - 1), the other the same and then N games from seed S, each through
``engine.ai.play.play_game`` with ``bot_config(game, ["heuristic", "heuristic"])`` (every
action through ``apply``, as ``engine.bench.simulate_games`` plays them). A game's instructions
are the difference over N. The warm-up fills what a long run keeps per process (the duel's
outlook rows and pair tables, the crawl's walking-distance rows of its map), which
``tools/validate_cost.py`` (one warm-up game) counts within its games. Byte-compile the tree
first (``python -m compileall engine tools``) and change no file while it runs.
``--child GAME W N S`` is the child itself.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WARM_SEED = 10_000


def _play(game_id: str, warm: int, games: int, first: int) -> None:
    """Plays the warm-up games, then ``games`` games from seed ``first``."""
    sys.path.insert(0, str(ROOT))
    from engine.ai.play import bot_config, play_game

    config = bot_config(game_id, ["heuristic", "heuristic"], "normal", None)
    for seed in [*range(WARM_SEED, WARM_SEED + warm), *range(first, first + games)]:
        assert play_game(game_id, config, seed).finished, f"{game_id} seed {seed}"


def _callgrind(game_id: str, warm: int, games: int, first: int) -> int:
    """Returns the instructions of one child run under callgrind."""
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, "--child", game_id, str(warm), str(games), str(first)],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True)
    match = re.search(r"Collected : (\d+)", proc.stderr)
    if match is None:
        raise RuntimeError(f"no instruction count from callgrind:\n{proc.stderr[-2000:]}")
    return int(match.group(1))


def main(argv: list[str] | None = None) -> int:
    """Runs the measurement (or, with --child, one child) and prints a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", default=["duel", "crawl"])
    parser.add_argument("--warm", type=int, default=20)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--child", nargs=4, metavar=("GAME", "W", "N", "SEED"))
    args = parser.parse_args(argv)
    if args.child:
        game_id, warm, n, seed = args.child
        _play(game_id, int(warm), int(n), int(seed))
        return 0
    print(f"| game | instructions a game ({args.games} games after {args.warm} warm-up games) |")
    print("|---|---|")
    for game_id in args.games_ids:
        base = _callgrind(game_id, args.warm, 0, args.seed)
        full = _callgrind(game_id, args.warm, args.games, args.seed)
        print(f"| {game_id} | {(full - base) / args.games / 1e6:.2f} M |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
