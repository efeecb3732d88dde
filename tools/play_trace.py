"""Writes a trace of seeded bot games, for checking that a refactoring keeps play identical.

For every game and seed it records, step by step, the actor, the prompt, the legal actions, the
chosen action, the events and the state hash, and the outcome at the end; with ``--refusals`` it
also records what ``validate`` says about the legal actions and about near misses (each legal
action with a parameter changed, and every action kind seen so far without parameters). Run it
on two checkouts and compare the files:

    python tools/play_trace.py --games deckbuilder,duel --seeds 200 --out before.json
    python tools/play_trace.py --games deckbuilder,duel --seeds 200 --out after.json
    python tools/play_trace.py --compare before.json after.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

BOT_MIXES = (("heuristic", "heuristic"), ("random", "heuristic"), ("heuristic", "random", "random"),
             ("random", "random", "heuristic", "heuristic"))
# --variants: options by seed % 4 (and "human" seats, still played by their bots, for rules
# that treat human seats differently, such as the duel's dice arrangement)
VARIANTS: dict[str, tuple[tuple[dict[str, Any], bool], ...]] = {
    "deckbuilder": (({}, False), ({"disease_rule": "printed"}, False),
                    ({"strength_rule": "printed", "setup": "random"}, False),
                    ({"setup": "smart", "disease_rule": "printed"}, True)),
    "duel": (({}, False), ({"day": True}, True), ({"day": True}, False), ({}, True)),
}


def _mutations(action: Any) -> list[Any]:
    from engine.core.actions import Action

    out = []
    for i, (key, value) in enumerate(action.args):
        changed: list[Any] = []
        if isinstance(value, bool) or value is None:
            changed = [0]
        elif isinstance(value, int):
            changed = [value + 1, value - 1, str(value)]
        elif isinstance(value, str):
            changed = [value + "_x", 0]
        elif isinstance(value, tuple):
            changed = [value[::-1], value[:-1]]
        for v in changed:
            args = list(action.args)
            args[i] = (key, v)
            out.append(Action(action.kind, tuple(sorted(args))))
    out.append(Action(action.kind, (*action.args, ("zz_extra", 1))))
    return out


def _verdict(rules: Any, state: Any, action: Any) -> Any:
    from engine.core.errors import EngineError, IllegalAction

    try:
        rules.validate(state, action)
    except IllegalAction as exc:
        return [exc.rule, exc.detail]
    except EngineError as exc:
        return ["error", type(exc).__name__, str(exc)]
    return "ok"


def trace_game(game_id: str, seed: int, refusals: bool, variants: bool = False,
               ) -> dict[str, Any]:
    """Returns the trace digest (and its outcome) of one seeded bot game."""
    from engine import registry
    from engine.ai.play import bot_config, seat_bots
    from engine.core.actions import Action
    from engine.core.protocol import HUMAN, GameConfig

    rules = registry.rules(game_id)
    mixes = [m for m in BOT_MIXES if rules.min_players <= len(m) <= rules.max_players]
    bots_ids = mixes[seed % len(mixes)]
    options, humans = VARIANTS[game_id][seed % 4] if variants else ({}, False)
    config = bot_config(game_id, list(bots_ids), options=options)
    if humans:
        config = GameConfig(tuple(s._replace(kind=HUMAN) for s in config.seats), options)
    state = rules.new_game(config, seed)
    bots = seat_bots(game_id, config, seed)
    h = hashlib.sha256()
    kinds: dict[str, None] = {}
    steps = 0
    actions = []
    while not rules.is_over(state) and steps < 5000:
        actor = rules.current_actor(state)
        legal = rules.legal_actions(state)
        line: dict[str, Any] = {"actor": actor, "prompt": rules.prompt(state).to_json(),
                                "legal": [str(a) for a in legal]}
        if refusals:
            for a in legal:
                kinds.setdefault(a.kind)
            probe = list(legal[:6])
            for a in legal[:6]:
                probe.extend(_mutations(a))
            probe.extend(Action(k) for k in kinds)
            line["verdicts"] = [[str(a), _verdict(rules, state, a)] for a in probe]
        action = bots[actor].choose(rules, state, actor)
        events = rules.apply(state, action)
        line["action"] = str(action)
        line["events"] = [e.to_json() for e in events]
        line["hash"] = rules.state_hash(state)
        h.update(json.dumps(line, sort_keys=True, default=str).encode())
        actions.append(str(action))
        steps += 1
    out = rules.outcome(state)
    return {"digest": h.hexdigest(), "steps": steps,
            "actions": hashlib.sha256("\n".join(actions).encode()).hexdigest(),
            "outcome": None if out is None else out.to_json(), "bots": list(bots_ids)}


def main() -> int:
    """Runs the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="deckbuilder,duel")
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--refusals", action="store_true")
    parser.add_argument("--variants", action="store_true")
    parser.add_argument("--out")
    parser.add_argument("--compare", nargs=2)
    args = parser.parse_args()
    if args.compare:
        a, b = (json.loads(Path(p).read_text()) for p in args.compare)
        differ = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        print(f"{len(a)} vs {len(b)} games traced; {len(differ)} differ")
        for key in differ[:20]:
            print(" ", key, a.get(key), b.get(key))
        return 1 if differ else 0
    result = {}
    for game_id in args.games.split(","):
        for seed in range(args.first, args.first + args.seeds):
            result[f"{game_id}/{seed}"] = trace_game(game_id, seed, args.refusals,
                                                           args.variants)
    text = json.dumps(result, indent=1, sort_keys=True)
    if args.out:
        Path(args.out).write_text(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
