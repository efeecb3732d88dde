"""Measures what the legality check costs: instructions (callgrind) of seeded heuristic games
played through ``apply`` against the same games through ``do_apply``.

    python tools/validate_cost.py [--games N] [--seed S] [GAME ...]

runs, for each game, three callgrind children of this script: ``none`` (imports, content and one
warm-up game only), ``do_apply`` and ``apply`` (the warm-up game, then N games from seed S). A
game's instructions are (run - none) / N; the check's share is (apply - do_apply) / (apply -
none). Both runs play the same games (the bots choose from the same states), so the difference
is what ``validate`` costs. ``--child GAME MODE N S`` is the child itself (also usable alone,
without valgrind, to time a batch). Mode ``inside`` calls ``validate`` through
``operator.call``, so that ``valgrind --tool=callgrind --toggle-collect=_operator_call`` counts
the check alone; ``twice`` validates every action once more. Byte-compile the tree first
(``python -m compileall engine tools``) and change no file while it runs: a child that compiles
a changed module counts the compiler too.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("deckbuilder", "duel", "crawl", "heroes", "heroes_battle")
WARM_SEED = 999_999
# The games' benchmarks' set-ups (engine/rules/<game>/bench.py).
OPTIONS = {"deckbuilder": {"setup": "smart"}}


def _play(game_id: str, mode: str, games: int, first: int) -> int:
    """Plays the warm-up game, then ``games`` games from seed ``first`` unless mode is none;
    returns the number of actions of the measured games."""
    sys.path.insert(0, str(ROOT))
    from engine import registry
    from engine.ai.base import make_bot
    from engine.core.protocol import GameConfig

    rules = registry.rules(game_id)
    step = rules.apply if mode == "apply" else rules.do_apply
    if mode == "inside":  # validate through operator.call: callgrind collects inside it only
        from operator import call

        def step(state: Any, action: Any) -> Any:
            call(rules.validate, state, action)
            return rules.do_apply(state, action)
    if mode == "twice":  # validate once more: what the check alone costs, with warm memos
        def step(state: Any, action: Any) -> Any:
            rules.validate(state, action)
            return rules.apply(state, action)
    seeds = [WARM_SEED] + ([] if mode == "none" else list(range(first, first + games)))
    actions = 0
    for n, seed in enumerate(seeds):
        state = rules.new_game(GameConfig.for_players(2, **OPTIONS.get(game_id, {})), seed)
        bots = [make_bot("heuristic", game_id, seed=seed * 2 + i) for i in range(2)]
        while not rules.is_over(state):
            seat = rules.current_actor(state)
            (rules.do_apply if n == 0 else step)(state, bots[seat].choose(rules, state, seat))
            actions += n > 0
    return actions


def _callgrind(game_id: str, mode: str, games: int, first: int) -> tuple[int, int]:
    """Returns (instructions, actions) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, __file__, "--child", game_id, mode, str(games), str(first)],
            capture_output=True, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
        match = re.search(r"Collected : (\d+)", proc.stderr)
        if match is None:
            raise RuntimeError(f"no instruction count from callgrind:\n{proc.stderr[-2000:]}")
        actions = int(proc.stdout.strip().splitlines()[-1])
        return int(match.group(1)), actions


def main(argv: list[str] | None = None) -> int:
    """Runs the measurement (or, with --child, one child) and prints a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", default=list(GAMES))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--child", nargs=4, metavar=("GAME", "MODE", "N", "SEED"))
    args = parser.parse_args(argv)
    if args.child:
        game_id, mode, n, seed = args.child
        print(_play(game_id, mode, int(n), int(seed)))
        return 0
    print("| game | instructions a game, do_apply | through apply | check's share |")
    print("|---|---|---|---|")
    for game_id in args.games_ids:
        base, _ = _callgrind(game_id, "none", 0, args.seed)
        raw, actions = _callgrind(game_id, "do_apply", args.games, args.seed)
        full, _ = _callgrind(game_id, "apply", args.games, args.seed)
        per_raw = (raw - base) / args.games
        per_full = (full - base) / args.games
        share = (full - raw) / (full - base)
        print(f"| {game_id} | {per_raw / 1e6:.1f} M ({actions / args.games:.0f} actions) | "
              f"{per_full / 1e6:.1f} M | {100 * share:.1f} % |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
