"""Times the generic MCTS bot on coop_campaign missions, the method of docs/performance.md
("Campaign crawler"): seat 0 plays MCTS at ``normal`` (solo: both heroes), the other seats the
heuristic hero bot; the CPU time (``time.thread_time``) of every MCTS decision with more than
one legal choice is recorded. Prints per seat count: decisions, median, p90, p99, max; with
``--outcome`` also the missions won.

    TABLETOP_NO_BOOTSTRAP=1 .venv/bin/python tools/coop_mcts_time.py --seats 4 --seeds 21,22
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import registry  # noqa: E402
from engine.ai.base import load_game_bots, make_bot, seat_seed  # noqa: E402
from engine.ai.play import bot_config  # noqa: E402

DEFAULT_SEEDS = {1: "11,12", 2: "1,2", 3: "31,32", 4: "21,22"}


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def run(seats: int, seeds: list[int], tile: str, mcts_options: dict[str, object],
        hard: bool = False) -> dict:
    """Plays the missions; returns the MCTS decision times and the results."""
    rules = registry.rules("coop_campaign")
    load_game_bots("coop_campaign")
    times: list[float] = []
    won = 0
    for seed in seeds:
        config = bot_config("coop_campaign", ["mcts"] + ["heuristic"] * (seats - 1),
                            options={"tile": tile, "hard": hard})
        state = rules.new_game(config, seed)
        bots = [make_bot("mcts", "coop_campaign", "normal", seat_seed(seed, 0),
                         **mcts_options)]
        bots += [make_bot("heuristic", "coop_campaign", "normal", seat_seed(seed, i))
                 for i in range(1, seats)]
        while not rules.is_over(state):
            actor = rules.current_actor(state)
            if actor is None:
                break
            if actor == 0 and len(rules.legal_actions(state)) > 1:
                t0 = time.thread_time()
                action = bots[0].choose(rules, state, 0)
                times.append(time.thread_time() - t0)
            else:
                action = bots[actor].choose(rules, state, actor)
            rules.apply(state, action)
        won += 1 if 0 in rules.outcome(state).winners else 0
    return {"times": times, "won": won, "missions": len(seeds)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seats", default="1,2,3,4")
    ap.add_argument("--seeds", default="", help="comma-separated; default per seat count")
    ap.add_argument("--tile", default="bridge")
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--hard", action="store_true", help="hard mode (a hero's death loses)")
    ap.add_argument("--seconds", type=float, default=None, help="a CPU-seconds cap besides the "
                    "iterations, as the BotWorker gives the bot in play (normal: 0.6)")
    ap.add_argument("--depth", type=int, default=None, help="playout depth cap (default: the "
                    "preset's, scaled by the game's registered depth scale)")
    args = ap.parse_args()
    opts: dict[str, object] = {}
    if args.iterations is not None:
        opts["iterations"] = args.iterations
    if args.depth is not None:
        opts["depth"] = args.depth
    if args.seconds is not None:
        opts["seconds"] = args.seconds
    for n in [int(x) for x in args.seats.split(",")]:
        seeds = [int(x) for x in (args.seeds or DEFAULT_SEEDS[n]).split(",")]
        r = run(n, seeds, args.tile, opts, args.hard)
        ts = r["times"]
        print(f"{n} seat(s), seeds {seeds}: {len(ts)} decisions, median "
              f"{statistics.median(ts):.3f} s, p90 {_quantile(ts, 0.9):.3f} s, p99 "
              f"{_quantile(ts, 0.99):.3f} s, max {max(ts):.3f} s; won {r['won']}/"
              f"{r['missions']}", flush=True)


if __name__ == "__main__":
    main()
