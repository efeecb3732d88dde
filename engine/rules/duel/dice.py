"""Exactly uniform dice and shuffles that take several results from one 64-bit RNG output.

A duel rolls about 600 dice and shuffles 80 cards a game. Drawing one ``next_u64`` per die
wastes most of its 64 bits, so a batch of k dice is read as the k base-6 digits of one output:
outputs at or above the largest multiple of 6^k below 2^64 are redrawn (rejection sampling),
which leaves every one of the 6^k digit strings equally likely. A shuffle does the same with the
mixed radix (n)(n-1)(n-2)... of Fisher–Yates from the end: as many swaps per output as fit.
Both read the state's ``Rng`` only through ``next_u64``; the streams differ from
``Rng.roll``/``Rng.shuffle`` but the distributions are the same (docs/duel/performance.md).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core.rng import Rng

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


def roll(rng: Rng, n: int) -> list[int]:
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


def shuffle(rng: Rng, items: list[Any]) -> None:
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
