"""Plays the duel's heuristic bot against an earlier version of itself: is a faster bot as strong?

    python tools/duel_strength.py [--ref REF] [--games N] [--seed S] [--hard-decisions D]

The earlier bot is ``engine/rules/duel/bots.py`` as it stood at the git revision ``REF`` (default
``52b1603``, main before the fourth speed pass, docs/performance.md), loaded from git into a
module of its own for this measurement only (never registered, never part of the program). Each
seed ``S``, ``S + 1``, ... is played twice with the default set-up (as ``simulate`` plays it),
the current bot in the first seat, then in the second: the unequal default decks (the first seat
wins about four games in five) cancel out, and so does the luck of the seed (two bots that choose
alike win exactly half). Both bots play through ``apply``. Prints the current bot's wins, overall
and by seat, with the binomial standard error (an upper bound: the paired games vary less).

``--hard-decisions D`` also asks the hard bot (engine/ai/search.py, whose playouts and prior are
the registered heuristic bot) for D decisions, each twice: with the current heuristic and with
the earlier one registered in its place. States: every seventh decision with a choice in
heuristic games from seed S on. Prints how many of the hard bot's choices are the same.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REF = "52b1603"
# lines of the old module that would register it, or import the hard bot, in this process
_SKIP = ("register_bot(", "register_evaluator(", "register_rollout_policy(",
         "from engine.rules.duel import search")


def old_bot_class(ref: str) -> Any:
    """Returns ``DuelHeuristicBot`` of ``engine/rules/duel/bots.py`` at git revision ``ref``."""
    source = subprocess.run(["git", "show", f"{ref}:engine/rules/duel/bots.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    kept = "\n".join(line for line in source.splitlines() if not line.startswith(_SKIP))
    module = types.ModuleType(f"duel_bots_at_{ref}")
    module.__file__ = f"{ref}:engine/rules/duel/bots.py"
    exec(compile(kept, module.__file__, "exec"), module.__dict__)  # noqa: S102 - our own file
    return module.DuelHeuristicBot


def match(ref: str, games: int, first: int) -> dict[str, Any]:
    """Plays the games; returns the current bot's wins (overall, as first and second seat)."""
    sys.path.insert(0, str(ROOT))
    from engine import registry
    from engine.ai.base import seat_seed
    from engine.ai.play import bot_config
    from engine.rules.duel.bots import DuelHeuristicBot

    old_class = old_bot_class(ref)
    rules = registry.rules("duel")
    config = bot_config("duel", ["heuristic", "heuristic"], "normal", None)
    won = [0, 0]
    played = [0, 0]
    for i in range(games):
        seed = first + i // 2
        me = i % 2
        bots = [DuelHeuristicBot(seed=seat_seed(seed, 0)) if me == 0 else
                old_class(seed=seat_seed(seed, 0)),
                DuelHeuristicBot(seed=seat_seed(seed, 1)) if me == 1 else
                old_class(seed=seat_seed(seed, 1))]
        state = rules.new_game(config, seed)
        while not rules.is_over(state):
            seat = rules.current_actor(state)
            assert seat is not None
            rules.apply(state, bots[seat].choose(rules, state, seat))
        played[me] += 1
        won[me] += state.winner == me
    return {"games": games, "won": sum(won), "first_seat": (won[0], played[0]),
            "second_seat": (won[1], played[1])}


def hard_decisions(ref: str, count: int, first: int) -> tuple[int, int]:
    """Returns (same choices, decisions) of the hard bot with the current and the old heuristic."""
    sys.path.insert(0, str(ROOT))
    from engine import registry
    from engine.ai.base import make_bot, register_bot, registered_bot
    from engine.ai.play import bot_config, seat_bots

    old_class = old_bot_class(ref)
    rules = registry.rules("duel")
    config = bot_config("duel", ["heuristic", "heuristic"], "normal", None)
    states: list[tuple[Any, int]] = []
    seed = first
    while len(states) < count:
        state = rules.new_game(config, seed)
        bots = seat_bots("duel", config, seed)
        n = 0
        while not rules.is_over(state) and len(states) < count:
            seat = rules.current_actor(state)
            assert seat is not None
            if len(rules.legal_actions(state)) > 1:
                n += 1
                if n % 7 == 0:
                    states.append((rules.clone(state), seat))
            rules.apply(state, bots[seat].choose(rules, state, seat))
        seed += 1
    current = registered_bot("heuristic", "duel")
    assert current is not None
    same = 0
    for i, (state, seat) in enumerate(states):
        choices = []
        for factory in (current.factory, old_class):
            register_bot("heuristic", factory, game="duel", label=current.label)
            try:
                hard = make_bot("hard", "duel", "hard", 1000 + i)
                choices.append(hard.choose(rules, rules.clone(state), seat))
            finally:
                register_bot("heuristic", current.factory, game="duel", label=current.label)
        same += choices[0] == choices[1]
    return same, len(states)


def main(argv: list[str] | None = None) -> int:
    """Runs the match and prints the result."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", default=DEFAULT_REF)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--hard-decisions", type=int, default=0)
    args = parser.parse_args(argv)
    if args.hard_decisions:
        same, total = hard_decisions(args.ref, args.hard_decisions, args.seed)
        print(f"the hard bot chose the same with the current heuristic and the one at "
              f"{args.ref} in {same} of {total} decisions")
    out = match(args.ref, args.games, args.seed)
    share = out["won"] / out["games"]
    error = math.sqrt(share * (1 - share) / out["games"])
    (w0, n0), (w1, n1) = out["first_seat"], out["second_seat"]
    print(f"current bot against the bot at {args.ref}: won {out['won']} of {out['games']} "
          f"({100 * share:.1f} % ± {100 * error:.1f}), as the first seat {w0} of {n0}, as the "
          f"second {w1} of {n1} (seeds {args.seed}..{args.seed + (args.games - 1) // 2}, each "
          f"in both seatings)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
