"""SplitMix64: the one random source of every game, stored inside the game state.

The generator is Steele, Lea and Flood's SplitMix64 as published by Vigna (``splitmix64.c``);
its outputs are fixed forever, unlike ``random.Random``'s helpers, so records replay identically
on any Python. On top of it sit our own unbiased range, shuffle and dice functions.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """A SplitMix64 generator with an explicit, serialisable 64-bit state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """Returns the next 64-bit output and advances the state."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Returns an integer in [0, n) without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Largest multiple of n that fits in 64 bits; outputs at or above it are redrawn.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Returns an integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def roll(self, sides: int = 6) -> int:
        """Returns one die roll 1..sides."""
        return 1 + self.below(sides)

    def roll_many(self, count: int, sides: int = 6) -> list[int]:
        """Returns ``count`` die rolls, in the order rolled."""
        return [self.roll(sides) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        """Returns one element chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffles in place (Fisher–Yates, from the end)."""
        # j = self.below(i + 1) with below() and next_u64() written out (the same draws): a
        # deck's shuffle draws once per card, and two calls a card were most of its cost
        mask, gamma = _MASK, _GAMMA
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + gamma) & mask
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Returns k distinct elements in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """Returns an independent generator seeded from this one (advances this one once)."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        """Returns a copy with the same state."""
        return Rng(self.state)

    def to_dict(self) -> int:
        """Returns the state as a JSON number."""
        return self.state

    @classmethod
    def from_dict(cls, data: int) -> Rng:
        """Returns a generator restored from ``to_dict``'s output."""
        if not isinstance(data, int) or isinstance(data, bool) or not 0 <= data <= _MASK:
            raise ValueError("RNG state must be a 64-bit unsigned integer")
        return cls(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#018x})"
