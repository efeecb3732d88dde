"""Fits a game's value model for the hard bot: the chance that a seat wins from a position
when the heuristic bots play on (engine/ai/search.py, ``SearchKnowledge.features``).

    python tools/fit_value.py GAME [--games N] [--seed S] [--holdout H]

plays N seeded heuristic-vs-heuristic 2-player games, takes the position at the start of every
turn from both seats' sides with the game's result as the label, fits a logistic regression
(Newton's method, a little L2) and prints the weights to paste into the game's search module,
with the log loss and accuracy on H held-out games beside a constant model.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import registry  # noqa: E402
from engine.ai.play import bot_config, seat_bots  # noqa: E402
from engine.ai.search import knowledge_for  # noqa: E402


def rows(game: str, seeds: range) -> list[tuple[list[float], float]]:
    """Returns (features, won) at every turn start of the seeded games, for both seats."""
    rules = registry.rules(game)
    knowledge = knowledge_for(game)
    assert knowledge is not None
    config = bot_config(game, ["heuristic", "heuristic"])
    out = []
    for seed in seeds:
        state = rules.new_game(config, seed)
        bots = seat_bots(game, config, seed)
        seen: list[tuple[list[float], int]] = []
        turn = -1
        steps = 0
        while not rules.is_over(state) and steps < 5000:
            if rules.turn_number(state) != turn:
                turn = rules.turn_number(state)
                for seat in (0, 1):
                    seen.append((knowledge.features(rules, state, seat), seat))
            actor = rules.current_actor(state)
            rules.apply(state, bots[actor].choose(rules, state, actor))
            steps += 1
        outcome = rules.outcome(state)
        if outcome is None:
            continue
        for x, seat in seen:
            won = 1.0 if seat in outcome.winners and len(outcome.winners) == 1 else \
                0.5 if seat in outcome.winners else 0.0
            out.append((x, won))
    return out


def fit(data: list[tuple[list[float], float]], l2: float = 1e-3, rounds: int = 12
        ) -> list[float]:
    """Returns logistic regression weights by Newton's method with an L2 penalty."""
    n = len(data[0][0])
    w = [0.0] * n
    for _ in range(rounds):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in data:
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g = p - y
            s = p * (1.0 - p)
            for i in range(n):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += g * xi
                row = hess[i]
                sxi = s * xi
                for j in range(n):
                    row[j] += sxi * x[j]
        m = len(data)
        for i in range(n):
            grad[i] = grad[i] / m + l2 * w[i]
            for j in range(n):
                hess[i][j] /= m
            hess[i][i] += l2
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Returns x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                if f:
                    m[r] = [vr - f * vc for vr, vc in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def score(w: list[float], data: list[tuple[list[float], float]]) -> tuple[float, float]:
    """Returns (log loss, accuracy) of the weights on the data."""
    loss = 0.0
    right = 0
    for x, y in data:
        z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p >= 0.5) == (y >= 0.5)
    return loss / len(data), right / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--holdout", type=int, default=300)
    args = parser.parse_args()
    train = rows(args.game, range(args.seed, args.seed + args.games))
    test = rows(args.game, range(args.seed + args.games, args.seed + args.games + args.holdout))
    w = fit(train)
    base = [0.0] * len(w)
    print(f"{len(train)} training rows, {len(test)} held-out rows")
    loss, accuracy = score(w, test)
    print(f"held out: log loss {loss:.4f} accuracy {accuracy:.3f} "
          f"(constant: {score(base, test)[0]:.4f})")
    names = knowledge_for(args.game).feature_names  # type: ignore[union-attr]
    print("VALUE_WEIGHTS = {")
    for name, wi in zip(names, w, strict=True):
        print(f"    {name!r}: {wi:.4f},")
    print("}")


if __name__ == "__main__":
    main()
