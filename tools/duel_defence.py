"""Offline labelling, fitting and measuring of the duel bot's learnt defence model.

docs/duel/performance.md, "Fourth attempt: learnt defence". Three steps, all deterministic
(seeded games, seeded playouts, pure-Python least squares):

    python tools/duel_defence.py label --seeds 100000 100200 --playouts 16 --out labels.jsonl
    python tools/duel_defence.py fit labels.jsonl --out data/duel/defence_model.json
    python tools/duel_defence.py eval --seeds 0 4000 [--model none|PATH]

``label`` plays heuristic-vs-random games (decks and seats as ``test_heuristic_beats_random``)
with the plain heuristic defence; at every block of the heuristic bot with more than one
candidate it scores each candidate by ``--playouts`` full games from determinized copies (the
bot against a random opponent, the same determinization and dice seeds for every candidate:
common random numbers) and writes the state and the wins per candidate as one JSON line.
``fit`` fits a ridge regression of the centred win rate on the centred ``defence.FEATURES``
(only differences between the candidates of one decision count), or with ``--policy`` a
softmax policy started from the heuristic, and writes the weights (``--hold`` keeps the last
share of the decisions out of the fit and reports the pick's win rate on them).
``eval`` plays the same set-up on a seed range and prints the wins with the binomial spread.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import RandomBot  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.core.protocol import GameConfig  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.rules.duel import RULES, bots  # noqa: E402
from engine.rules.duel.cards import cards  # noqa: E402
from engine.rules.duel.defence import FEATURES, MODEL_PATH, Model, load_model  # noqa: E402
from engine.rules.duel.state import DEFEND, DuelState  # noqa: E402


def _config(seed: int) -> GameConfig:
    """Returns the decks of seed ``seed`` as ``test_heuristic_beats_random`` picks them."""
    deck_ids = list(cards().deck)
    return GameConfig.for_players(2, deck_a=deck_ids[seed % 6],
                                  deck_b=deck_ids[(seed // 6 + 1 + seed) % 6])


def _finish(state: DuelState, h: int, bot: bots.DuelHeuristicBot, rnd: RandomBot) -> int:
    """Plays ``state`` to the end (heuristic on seat ``h``) and returns the winner."""
    while state.phase != "over":
        seat = RULES.current_actor(state)
        assert seat is not None
        chooser = bot if seat == h else rnd
        RULES.do_apply(state, chooser.choose(RULES, state, seat))
    assert state.winner is not None
    return int(state.winner)


def play(seed: int, on_block: Any = None) -> bool:
    """Plays seed ``seed``'s heuristic-vs-random game; returns True when the heuristic wins.

    ``on_block(state, h)`` is called before every block decision of the heuristic bot.
    """
    h = seed % 2
    state = RULES.new_game(_config(seed), seed)
    bot = bots.DuelHeuristicBot(seed=seed)
    rnd = RandomBot(seed=seed + 1000)
    while not RULES.is_over(state):
        seat = RULES.current_actor(state)
        assert seat is not None
        if seat == h and on_block is not None and state.phase == DEFEND:
            on_block(state, h)
        RULES.apply(state, (bot if seat == h else rnd).choose(RULES, state, seat))
    return state.winner == h


def label_block(state: DuelState, h: int, playouts: int, base: int, screen: int = 0
                ) -> dict[str, Any] | None:
    """Returns the labels of one block decision (wins per candidate), or None for one choice.

    After ``screen`` playouts (0: none) a decision every candidate always won is cut short.
    """
    assert state.fight is not None
    p = state.players[h]
    if not p.clan:
        return None
    candidates = [p.hero.uid, *(f.uid for f in p.clan)]
    wins = [0] * len(candidates)
    bits = [0] * len(candidates)  # bit i: playout i won (split-half checks of the labels)
    bot = bots.DuelHeuristicBot(seed=base)
    done = 0
    for i in range(playouts):
        if screen and i == screen and sum(wins) == i * len(candidates):
            break  # every candidate won every screening playout: nothing to tell apart
        done += 1
        for k, uid in enumerate(candidates):
            # the same hidden cards, dice and opponent moves for every candidate
            s = RULES.determinize(state, h, Rng(base * 1000 + i))
            RULES.do_apply(s, Action.make("defend", defender=uid))
            won = _finish(s, h, bot, RandomBot(seed=base * 1000 + i)) == h
            wins[k] += won
            bits[k] |= won << i
    return {"state": RULES.state_to_dict(state), "seat": h, "uids": candidates, "wins": wins,
            "bits": bits, "n": done}


def cmd_label(args: argparse.Namespace) -> None:
    """Writes one JSON line per labelled block decision of the seed range."""
    bots.DEFENCE[0] = None  # labels are for the plain heuristic's policy
    counter = [0]
    with open(args.out, "a", encoding="utf-8") as out:
        for seed in range(args.seeds[0], args.seeds[1]):
            def on_block(state: DuelState, h: int, seed: int = seed) -> None:
                counter[0] += 1
                if counter[0] % args.every:
                    return
                row = label_block(state, h, args.playouts, seed * 100 + counter[0] % 100,
                                  args.screen)
                if row is not None:
                    row["seed"] = seed
                    out.write(json.dumps(row, separators=(",", ":")) + "\n")
                    out.flush()
            play(seed, on_block)
            print(f"seed {seed} done, {counter[0]} blocks seen", file=sys.stderr, flush=True)


def decision_rows(row: dict[str, Any]) -> tuple[list[list[float]], list[float]]:
    """Returns the features and playout win rates of one labelled decision's candidates."""
    state = RULES.state_from_dict(row["state"])
    h = int(row["seat"])
    assert state.fight is not None
    att = state.players[1 - h].fighter(state.fight[0])
    assert att is not None
    j = bots.Judge(state, h)
    by_uid = {g.uid: feats for g, _cost, feats in j.block_rows(h, att)}
    feats = [by_uid[uid] for uid in row["uids"]]
    rates = [w / row["n"] for w in row["wins"]]
    return feats, rates


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Returns x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def load_decisions(paths: list[str]) -> list[tuple[list[list[float]], list[float]]]:
    """Returns (features, rates) of every labelled decision in the files."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    out.append(decision_rows(json.loads(line)))
    return out


def fit(decisions: list[tuple[list[list[float]], list[float]]], ridge: float,
        use: tuple[str, ...] = FEATURES) -> list[float]:
    """Returns ridge weights of the centred win rates on the centred features (``use`` only)."""
    n = len(FEATURES)
    idx = [FEATURES.index(name) for name in use]
    xs: list[list[float]] = []
    ys: list[float] = []
    for feats, rates in decisions:
        k = len(rates)
        mean_f = [sum(f[i] for f in feats) / k for i in idx]
        mean_r = sum(rates) / k
        for f, r in zip(feats, rates, strict=True):
            xs.append([f[i] - m for i, m in zip(idx, mean_f, strict=True)])
            ys.append(r - mean_r)
    d = len(idx)
    scale = [math.sqrt(sum(x[i] * x[i] for x in xs) / max(1, len(xs))) or 1.0 for i in range(d)]
    xtx = [[0.0] * d for _ in range(d)]
    xty = [0.0] * d
    for x, y in zip(xs, ys, strict=True):
        z = [v / s for v, s in zip(x, scale, strict=True)]
        for i in range(d):
            zi = z[i]
            if zi == 0.0:
                continue
            xty[i] += zi * y
            row = xtx[i]
            for k2 in range(d):
                row[k2] += zi * z[k2]
    for i in range(d):
        xtx[i][i] += ridge * len(xs)
    w = _solve(xtx, xty)
    weights = [0.0] * n
    for i, wi, s in zip(idx, w, scale, strict=True):
        weights[i] = wi / s
    return weights


def fit_policy(decisions: list[tuple[list[list[float]], list[float]]], beta: float,
               l2: float, iters: int, step: float = 0.5) -> list[float]:
    """Returns weights of a softmax policy over the candidates that maximise the mean playout
    win rate of its pick, started from the heuristic (``-beta`` on the scaled cost) and held
    near it by ``l2`` (plain gradient ascent on the scaled features; deterministic)."""
    n = len(FEATURES)
    rows = [([f[:] for f in feats], rates) for feats, rates in decisions if len(rates) > 1]
    count = sum(len(r) for _f, r in rows)
    scale = []
    for i in range(n):
        acc = 0.0
        for feats, _r in rows:
            mean = sum(f[i] for f in feats) / len(feats)
            acc += sum((f[i] - mean) ** 2 for f in feats)
        scale.append(math.sqrt(acc / count) or 1.0)
    zrows = [([[x / s for x, s in zip(f, scale, strict=True)] for f in feats], rates)
             for feats, rates in rows]
    start = [0.0] * n
    start[0] = -beta
    w = start[:]
    for _ in range(iters):
        grad = [0.0] * n
        for feats, rates in zrows:
            scores = [sum(wi * x for wi, x in zip(w, f, strict=True)) for f in feats]
            top = max(scores)
            ex = [math.exp(sc - top) for sc in scores]
            tot = sum(ex)
            probs = [e / tot for e in ex]
            value = sum(p * r for p, r in zip(probs, rates, strict=True))
            for p, r, f in zip(probs, rates, feats, strict=True):
                c = p * (r - value)
                if c != 0.0:
                    for i in range(n):
                        grad[i] += c * f[i]
        w = [wi + step * (g / len(zrows) - l2 * (wi - si))
             for wi, g, si in zip(w, grad, start, strict=True)]
    return [wi / s for wi, s in zip(w, scale, strict=True)]


def policy_value(decisions: list[tuple[list[list[float]], list[float]]],
                 weights: list[float]) -> tuple[float, float]:
    """Returns the mean playout win rate of the model's pick and of the heuristic's pick."""
    model = Model(weights, {})
    got = heur = 0.0
    for feats, rates in decisions:
        scores = [model.score(f) for f in feats]
        got += rates[max(range(len(rates)), key=lambda i: (scores[i], -i))]
        heur += rates[min(range(len(rates)), key=lambda i: (feats[i][0], i))]
    return got / len(decisions), heur / len(decisions)


def cmd_fit(args: argparse.Namespace) -> None:
    """Fits the model on the label files (the last ``--hold`` share kept for validation)."""
    decisions = load_decisions(args.labels)
    hold = int(len(decisions) * args.hold)
    train = decisions[:len(decisions) - hold]
    test = decisions[len(decisions) - hold:]
    def fitted(data: list[tuple[list[list[float]], list[float]]]) -> list[float]:
        if args.policy:
            return fit_policy(data, args.beta, args.ridge, args.iters, args.step)
        return fit(data, args.ridge)

    weights = fitted(train)
    best = max(max(r) for _f, r in train)
    print(f"{len(train)} train / {len(test)} held decisions (best rate seen {best:.2f})")
    got, heur = policy_value(train, weights)
    print(f"train: model {got:.4f} heuristic {heur:.4f}")
    if test:
        got, heur = policy_value(test, weights)
        print(f"held:  model {got:.4f} heuristic {heur:.4f}")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:22s} {w:+.5f}")
    if args.out:
        if hold:
            weights = fitted(decisions)  # the committed model uses every decision
        meta = {"decisions": len(decisions), "ridge": args.ridge,
                "fit": (f"policy beta {args.beta} iters {args.iters} step {args.step}"
                        if args.policy else "least squares"),
                "labels": f"heuristic vs random, seeds {args.meta_seeds}, "
                          f"{args.meta_playouts} playouts per candidate"}
        Path(args.out).write_text(json.dumps(Model(weights, meta).to_json(), indent=1)
                                  + "\n", encoding="utf-8")
        print(f"wrote {args.out}")


def cmd_eval(args: argparse.Namespace) -> None:
    """Prints the heuristic bot's wins against the random bot over the seed range."""
    if args.model == "none":
        bots.DEFENCE[0] = None
    elif args.model:
        bots.DEFENCE[0] = load_model(args.model)
        assert bots.DEFENCE[0] is not None, "no usable model in " + args.model
    first, last = args.seeds
    wins = sum(play(seed) for seed in range(first, last))
    n = last - first
    rate = wins / n
    sd = math.sqrt(rate * (1 - rate) / n)
    print(f"seeds {first}-{last - 1}: {wins} / {n} = {100 * rate:.2f} % (sd {100 * sd:.2f} %)")


def main(argv: list[str] | None = None) -> None:
    """Runs one of the three steps."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    lab = sub.add_parser("label")
    lab.add_argument("--seeds", type=int, nargs=2, default=(100000, 100100))
    lab.add_argument("--playouts", type=int, default=16)
    lab.add_argument("--screen", type=int, default=0,
                     help="stop after this many playouts when every candidate won them all")
    lab.add_argument("--every", type=int, default=1, help="label every n-th block")
    lab.add_argument("--out", required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("labels", nargs="+")
    ft.add_argument("--ridge", type=float, default=0.01)
    ft.add_argument("--hold", type=float, default=0.0)
    ft.add_argument("--policy", action="store_true",
                    help="fit a softmax policy started from the heuristic (ridge: pull to it)")
    ft.add_argument("--beta", type=float, default=3.0)
    ft.add_argument("--iters", type=int, default=100)
    ft.add_argument("--step", type=float, default=0.5)
    ft.add_argument("--out", default="")
    ft.add_argument("--meta-seeds", default="?")
    ft.add_argument("--meta-playouts", default="?")
    ev = sub.add_parser("eval")
    ev.add_argument("--seeds", type=int, nargs=2, default=(0, 4000))
    ev.add_argument("--model", default="", help=f"'none', a model file, or {MODEL_PATH}")
    args = ap.parse_args(argv)
    {"label": cmd_label, "fit": cmd_fit, "eval": cmd_eval}[args.cmd](args)


if __name__ == "__main__":
    main()
