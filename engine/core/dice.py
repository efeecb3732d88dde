"""Dice: rolling with the state's ``Rng`` and exact probability distributions for odds displays.

A distribution is a plain ``dict`` from outcome to ``Fraction`` with keys in ascending order; the
fractions are exact, so "2d6 + 3 >= 10" is exactly 7/12 and a view can print it as it likes.
Counting helpers return integer ways (out of ``sides ** count``) where that is the natural form.

``roll_batch``/``shuffle_batch`` are the batched variants for hot loops (the duel rolls about 600
dice and shuffles 80 cards a game). Drawing one ``next_u64`` per die wastes most of its 64 bits,
so a batch of k dice is read as the k base-6 digits of one output: outputs at or above the
largest multiple of 6^k below 2^64 are redrawn (rejection sampling), which leaves every one of
the 6^k digit strings equally likely. A shuffle does the same with the mixed radix
(n)(n-1)(n-2)... of Fisher–Yates from the end: as many swaps per output as fit. Both read the
state's ``Rng`` only through ``next_u64``; their streams differ from ``roll``/``Rng.shuffle``
but the distributions are the same (docs/duel/performance.md). Their streams are fixed: game
records and golden hashes depend on them.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Any, TypeVar

from engine.core.rng import Rng

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")

Distribution = dict[int, Fraction]


def _check(count: int, sides: int) -> None:
    """Raises ValueError for a negative count or fewer than one side."""
    if count < 0 or sides < 1:
        raise ValueError(f"cannot roll {count} dice of {sides} sides")


def roll(rng: Rng, count: int, sides: int = 6) -> list[int]:
    """Returns count rolls of a die numbered 1..sides, in the order rolled."""
    _check(count, sides)
    return [rng.roll(sides) for _ in range(count)]


def roll_faces(rng: Rng, faces: Sequence[T]) -> T:
    """Returns one roll of a die with the given faces (e.g. an attack die ``(-1, 0, 0, 0, 0, 1)``)."""
    if not faces:
        raise ValueError("a die needs at least one face")
    return rng.choice(faces)


# --- batched dice and shuffles (one 64-bit output, several results) ---------------------------

_TWO64 = 1 << 64
BATCH = 24  # 6^24 < 2^64 < 6^25: at most 24 dice from one output
_POW6 = tuple(6 ** k for k in range(BATCH + 1))
# outputs below LIMIT[k] (a multiple of 6^k) are accepted for a batch of k dice
_LIMIT6 = tuple(_TWO64 - _TWO64 % m for m in _POW6)
# the digits of 0 .. 6^k - 1 as dice, lowest digit first, for k = 0..4
_DIGITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(d + 1 for d in reversed(digits)) for digits in product(range(6), repeat=k))
    for k in range(5))
_D4 = _DIGITS[4]


def roll_batch(rng: Rng, n: int) -> list[int]:
    """Returns n six-sided die results, at most 24 from each accepted ``next_u64``."""
    out: list[int] = []
    while n > 0:
        k = n if n < BATCH else BATCH
        limit = _LIMIT6[k]
        x = rng.next_u64()
        while x >= limit:
            x = rng.next_u64()
        x %= _POW6[k]  # uniform on 0 .. 6^k - 1: its k base-6 digits are k fair dice
        n -= k
        while k >= 4:
            out += _D4[x % 1296]
            x //= 1296
            k -= 4
        if k:
            out += _DIGITS[k][x]
    return out


_PLANS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _plan(n: int) -> tuple[tuple[int, int, int], ...]:
    """Returns (top index, radix product, acceptance limit) per output for n items."""
    plan = _PLANS.get(n)
    if plan is None:
        steps = []
        i = n - 1
        while i > 0:
            top = i
            m = 1
            while i > 0 and m * (i + 1) <= _TWO64:
                m *= i + 1
                i -= 1
            steps.append((top, m, _TWO64 - _TWO64 % m))
        plan = _PLANS[n] = tuple(steps)
    return plan


def shuffle_batch(rng: Rng, items: list[Any]) -> None:
    """Shuffles in place: Fisher–Yates from the end, several swaps per ``next_u64``."""
    for top, m, limit in _plan(len(items)):
        x = rng.next_u64()
        while x >= limit:
            x = rng.next_u64()
        x %= m  # uniform on 0 .. m - 1: its mixed-radix digits are independent uniform picks
        i = top
        while m > 1:
            x, j = divmod(x, i + 1)
            m //= i + 1
            items[i], items[j] = items[j], items[i]
            i -= 1


def roll_faces_batch(rng: Rng, faces: Sequence[T], count: int) -> list[T]:
    """Returns count rolls of a custom die; a six-faced die reads them from ``roll_batch``.

    One accepted output gives up to 24 six-faced dice, and a single die reads exactly what
    ``roll_faces`` reads (both take one output below the largest multiple of 6), so a game that
    rolls one die at a time keeps its stream. Dice of other sizes roll one by one.
    """
    if len(faces) == 6:
        return [faces[d - 1] for d in roll_batch(rng, count)]
    return [roll_faces(rng, faces) for _ in range(count)]


def _sorted(dist: Mapping[int, Fraction]) -> Distribution:
    """Returns the distribution with ascending keys and zero entries dropped."""
    return {k: dist[k] for k in sorted(dist) if dist[k]}


def sum_counts(count: int, sides: int = 6) -> dict[int, int]:
    """Returns the number of ways each total of count dice 1..sides arises (out of sides**count)."""
    _check(count, sides)
    ways = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + w
        ways = nxt
    return {k: ways[k] for k in sorted(ways)}


def sum_distribution(count: int, sides: int = 6, modifier: int = 0) -> Distribution:
    """Returns the exact distribution of the sum of count dice plus a fixed modifier."""
    total = sides**count
    return {k + modifier: Fraction(w, total) for k, w in sum_counts(count, sides).items()}


def face_distribution(faces: Sequence[int]) -> Distribution:
    """Returns the distribution of one die with the given (possibly repeated) faces."""
    if not faces:
        raise ValueError("a die needs at least one face")
    dist: dict[int, Fraction] = {}
    for face in faces:
        dist[face] = dist.get(face, Fraction(0)) + Fraction(1, len(faces))
    return _sorted(dist)


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Distribution:
    """Returns the distribution of the sum of two independent outcomes."""
    out: dict[int, Fraction] = {}
    for ka, pa in a.items():
        for kb, pb in b.items():
            out[ka + kb] = out.get(ka + kb, Fraction(0)) + pa * pb
    return _sorted(out)


def shift(dist: Mapping[int, Fraction], modifier: int) -> Distribution:
    """Returns the distribution with a fixed modifier added to every outcome."""
    return {k + modifier: dist[k] for k in sorted(dist)}


def prob_at_least(dist: Mapping[int, Fraction], target: int) -> Fraction:
    """Returns P(outcome >= target)."""
    return sum((p for k, p in dist.items() if k >= target), Fraction(0))


def prob_at_most(dist: Mapping[int, Fraction], target: int) -> Fraction:
    """Returns P(outcome <= target)."""
    return sum((p for k, p in dist.items() if k <= target), Fraction(0))


def ways_at_least(count: int, target: int, sides: int = 6) -> int:
    """Returns how many of the sides**count ordered rolls of count dice sum to target or more."""
    _check(count, sides)
    if target <= count:
        return sides**count
    if target > sides * count:
        return 0
    return sum(w for k, w in sum_counts(count, sides).items() if k >= target)


def chance_to_reach(target: int, modifier: int = 0, count: int = 2, sides: int = 6) -> Fraction:
    """Returns P(sum of count dice + modifier >= target), e.g. seed 004's "2d6 + attack >= defence"."""
    return Fraction(ways_at_least(count, target - modifier, sides), sides**count)


def max_distribution(count: int, sides: int = 6) -> Distribution:
    """Returns the distribution of the highest of count dice (count >= 1)."""
    if count < 1:
        raise ValueError("the highest of no dice is undefined")
    _check(count, sides)
    total = sides**count
    # P(max <= k) = (k/s)^n, so P(max == k) = (k^n - (k-1)^n) / s^n.
    return {k: Fraction(k**count - (k - 1) ** count, total) for k in range(1, sides + 1)}


def min_distribution(count: int, sides: int = 6) -> Distribution:
    """Returns the distribution of the lowest of count dice (count >= 1)."""
    if count < 1:
        raise ValueError("the lowest of no dice is undefined")
    _check(count, sides)
    total = sides**count
    # P(min >= k) = ((s-k+1)/s)^n; the difference of neighbours gives P(min == k).
    return {
        k: Fraction((sides - k + 1) ** count - (sides - k) ** count, total)
        for k in range(1, sides + 1)
    }


def reroll_distribution(faces: Sequence[int], reroll: Container[int]) -> Distribution:
    """Returns the distribution of a custom die that is rolled once more when it shows a face in
    ``reroll`` (the second roll stands, whatever it shows)."""
    once = face_distribution(faces)
    out: dict[int, Fraction] = {}
    for face, p in once.items():
        if face in reroll:
            for again, q in once.items():
                out[again] = out.get(again, Fraction(0)) + p * q
        else:
            out[face] = out.get(face, Fraction(0)) + p
    return _sorted(out)


def combined_distribution(
    dists: Sequence[Mapping[T, Fraction]], evaluate: Callable[[tuple[T, ...]], K]
) -> dict[K, Fraction]:
    """Returns the exact distribution of evaluate(one outcome of each independent distribution),
    e.g. the lower of two rerolled dice."""
    out: dict[K, Fraction] = {}
    for combo in product(*(tuple(d.items()) for d in dists)):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        key = evaluate(tuple(outcome for outcome, _ in combo))
        out[key] = out.get(key, Fraction(0)) + p
    return _ordered(out)


def worst_of_faces(faces: Sequence[int], count: int = 2) -> Distribution:
    """Returns the distribution of the lowest of count rolls of a custom die.

    Seed 002, "Kampfmalus": a ranged unit shooting an adjacent enemy rolls two attack dice and
    applies the lower result.
    """
    return outcome_distribution([faces] * count, min)


def multiset_rolls(count: int, sides: int = 6) -> Iterator[tuple[tuple[int, ...], int]]:
    """Yields every unordered roll of count dice as (ascending faces, number of ordered rolls).

    The multiplicities add up to sides**count; enumerating multisets instead of ordered rolls
    keeps exact odds for pools (seed 003 dice duels) cheap: 8d6 has 1,287 multisets, not 1.7 M.
    """
    _check(count, sides)
    top = factorial(count)
    for faces in combinations_with_replacement(range(1, sides + 1), count):
        ways = top
        run = 1
        for i in range(1, count + 1):
            if i < count and faces[i] == faces[i - 1]:
                run += 1
            else:
                ways //= factorial(run)
                run = 1
        yield faces, ways


def pool_distribution(
    count: int, sides: int, evaluate: Callable[[tuple[int, ...]], K]
) -> dict[K, Fraction]:
    """Returns the exact distribution of evaluate(ascending faces) over count dice of sides."""
    total = sides**count
    out: dict[K, Fraction] = {}
    for faces, ways in multiset_rolls(count, sides):
        key = evaluate(faces)
        out[key] = out.get(key, Fraction(0)) + Fraction(ways, total)
    return _ordered(out)


def keep_highest_distribution(count: int, keep: int, sides: int = 6) -> Distribution:
    """Returns the distribution of the sum of the ``keep`` highest of count dice."""
    if not 0 <= keep <= count:
        raise ValueError("keep must lie between 0 and count")
    return pool_distribution(count, sides, lambda faces: sum(faces[count - keep :]))


def outcome_distribution(
    dice: Sequence[Sequence[T]], evaluate: Callable[[tuple[T, ...]], K]
) -> dict[K, Fraction]:
    """Returns the exact distribution of evaluate(one face per die) over dice with custom faces.

    Enumerates every ordered combination, so keep it to small pools (a few dice).
    """
    total = 1
    for faces in dice:
        if not faces:
            raise ValueError("a die needs at least one face")
        total *= len(faces)
    out: dict[K, Fraction] = {}
    for combo in product(*dice):
        key = evaluate(combo)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, total)
    return _ordered(out)


def _ordered(dist: dict[K, Fraction]) -> dict[K, Fraction]:
    """Returns dist with keys sorted when they are mutually comparable, else in first-seen order."""
    try:
        keys = sorted(dist)  # type: ignore[type-var]
    except TypeError:
        return dist
    return {k: dist[k] for k in keys}


def expected_value(dist: Mapping[int, Fraction]) -> Fraction:
    """Returns the exact mean of a numeric distribution."""
    return sum((k * p for k, p in dist.items()), Fraction(0))


def to_floats(dist: Mapping[K, Fraction]) -> dict[K, float]:
    """Returns the distribution with float probabilities (for drawing bars, never for rules)."""
    return {k: float(p) for k, p in dist.items()}
