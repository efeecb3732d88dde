"""Tests for engine.core.dice: rolls and exact distributions checked against hand counts."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb, factorial

import pytest

from engine.core import dice
from engine.core.rng import Rng


def test_two_d6_counts() -> None:
    assert dice.sum_counts(2, 6) == {
        2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1,
    }  # fmt: skip
    assert dice.sum_counts(0, 6) == {0: 1}


def test_three_d6_ten_is_one_eighth() -> None:
    # 27 of the 216 ordered rolls of 3d6 sum to 10.
    assert dice.sum_distribution(3, 6)[10] == Fraction(1, 8)
    assert sum(dice.sum_distribution(3, 6).values()) == 1


def test_chance_to_reach_two_d6_plus_modifier() -> None:
    # seed 004: hit if 2d6 + attack >= defence. 2d6 + 3 >= 10 needs 7+: 21 of 36.
    assert dice.chance_to_reach(10, 3) == Fraction(7, 12)
    assert dice.chance_to_reach(2, 0) == 1
    assert dice.chance_to_reach(13, 0) == 0
    assert dice.chance_to_reach(12, 0) == Fraction(1, 36)
    dist = dice.sum_distribution(2, 6, modifier=3)
    assert dice.prob_at_least(dist, 10) == Fraction(7, 12)
    assert dice.prob_at_most(dist, 9) == Fraction(5, 12)


def test_max_and_min_of_two_d6() -> None:
    assert dice.max_distribution(2, 6)[6] == Fraction(11, 36)
    assert dice.max_distribution(2, 6)[1] == Fraction(1, 36)
    assert dice.min_distribution(2, 6)[1] == Fraction(11, 36)
    assert dice.min_distribution(2, 6)[6] == Fraction(1, 36)
    for n in range(1, 5):
        assert sum(dice.max_distribution(n, 6).values()) == 1
        assert sum(dice.min_distribution(n, 6).values()) == 1
    with pytest.raises(ValueError):
        dice.max_distribution(0)


def test_worst_of_two_attack_dice() -> None:
    # seed 002, "Kampfmalus": two attack dice (-1, 0, +1), the lower counts.
    dist = dice.worst_of_faces((-1, 0, 1), 2)
    assert dist == {-1: Fraction(5, 9), 0: Fraction(3, 9), 1: Fraction(1, 9)}


def test_keep_highest_two_of_three() -> None:
    dist = dice.keep_highest_distribution(3, 2, 6)
    # Top two both sixes = at least two sixes: 3*5 + 1 = 16 of 216.
    assert dist[12] == Fraction(16, 216)
    brute: dict[int, Fraction] = {}
    for roll in product(range(1, 7), repeat=3):
        key = sum(sorted(roll)[1:])
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 216)
    assert dist == dict(sorted(brute.items()))


def test_multiset_rolls_cover_every_ordered_roll() -> None:
    for n in range(0, 6):
        rolls = list(dice.multiset_rolls(n, 6))
        assert len(rolls) == comb(n + 5, 5)
        assert sum(w for _, w in rolls) == 6**n
    assert dict(dice.multiset_rolls(3, 6))[(1, 1, 2)] == 3


def test_pool_distribution_matches_enumeration() -> None:
    def sixes(faces: tuple[int, ...]) -> int:
        return faces.count(6)

    dist = dice.pool_distribution(4, 6, sixes)
    assert dist[0] == Fraction(625, 1296)
    assert dist[4] == Fraction(1, 1296)
    assert dice.outcome_distribution([range(1, 7)] * 4, sixes) == dist


def test_outcome_distribution_with_unordered_keys() -> None:
    dist = dice.outcome_distribution([("gold", "ore"), (None, 1)], lambda c: c)
    assert len(dist) == 4
    assert all(p == Fraction(1, 4) for p in dist.values())


def test_convolve_shift_and_mean() -> None:
    d6 = dice.face_distribution(range(1, 7))
    assert dice.convolve(d6, d6) == dice.sum_distribution(2, 6)
    assert dice.shift(d6, 2) == dice.sum_distribution(1, 6, 2)
    assert dice.expected_value(dice.sum_distribution(2, 6)) == 7
    assert dice.face_distribution((0, 0, 1)) == {0: Fraction(2, 3), 1: Fraction(1, 3)}
    assert dice.to_floats({1: Fraction(1, 4)}) == {1: 0.25}


def test_roll_uses_the_state_rng() -> None:
    a, b = Rng(77), Rng(77)
    rolled = dice.roll(a, 5, 6)
    assert rolled == [b.roll(6) for _ in range(5)]
    assert a == b
    assert all(1 <= v <= 6 for v in dice.roll(Rng(1), 200, 6))
    assert dice.roll_faces(Rng(4), ("x",)) == "x"
    with pytest.raises(ValueError):
        dice.roll(Rng(1), -1)


def test_rolled_sums_follow_the_exact_distribution() -> None:
    rng = Rng(123)
    counts = dict.fromkeys(range(2, 13), 0)
    trials = 36_000
    for _ in range(trials):
        counts[sum(dice.roll(rng, 2, 6))] += 1
    exact = dice.sum_distribution(2, 6)
    for total, seen in counts.items():
        assert abs(seen / trials - float(exact[total])) < 0.01


# --- batched dice and shuffles from whole 64-bit outputs (the duel; docs/duel/performance.md) ---

class _ScriptedRng(Rng):
    """An Rng whose outputs are given in advance."""

    def __init__(self, outputs: list[int]) -> None:
        super().__init__(0)
        self.outputs = list(outputs)

    def next_u64(self) -> int:
        return self.outputs.pop(0)


def test_batched_dice_are_the_base6_digits_of_one_accepted_output():
    # 2 dice: 22 = 3 * 6 + 4 gives the digits 4 then 3, i.e. the dice 5 then 4
    assert dice.roll_batch(_ScriptedRng([22]), 2) == [5, 4]
    # an output at or above the largest multiple of 6^k below 2^64 is drawn again
    limit = (1 << 64) - (1 << 64) % 36
    rng = _ScriptedRng([limit, limit + 5, 36 * 1000 + 6 * 5 + 0])
    assert dice.roll_batch(rng, 2) == [1, 6] and not rng.outputs
    # 30 dice: 24 from the first output, 6 from the second
    rng = _ScriptedRng([6 ** 24 - 1, 0])
    assert dice.roll_batch(rng, 30) == [6] * 24 + [1] * 6


def test_batched_dice_are_uniform_and_independent():
    rng = Rng(11)
    faces = [0] * 7
    pairs = [[0] * 7 for _ in range(7)]
    total = 0
    for n in (1, 2, 3, 5, 7, 12) * 1200:
        rolled = dice.roll_batch(rng, n)
        assert len(rolled) == n
        total += n
        for a, b in zip(rolled, rolled[1:], strict=False):
            pairs[a][b] += 1
        for d in rolled:
            faces[d] += 1
    assert faces[0] == 0 and sum(faces) == total
    for d in range(1, 7):
        assert abs(faces[d] - total / 6) < 5 * (total * 5 / 36) ** 0.5
    npairs = sum(map(sum, pairs))
    chi2 = sum((pairs[a][b] - npairs / 36) ** 2 / (npairs / 36)
               for a in range(1, 7) for b in range(1, 7))
    assert chi2 < 80  # 35 degrees of freedom: 80 is far out in the tail


def test_batched_shuffle_is_uniform_over_permutations():
    from itertools import permutations

    rng = Rng(5)
    seen = dict.fromkeys(permutations(range(4)), 0)
    for _ in range(12000):
        items = [0, 1, 2, 3]
        dice.shuffle_batch(rng, items)
        seen[tuple(items)] += 1
    assert all(abs(v - 500) < 5 * 500 ** 0.5 for v in seen.values())
    # a full deck: several swaps per output, every card still a permutation of the deck
    deck = [f"c{i}" for i in range(40)]
    shuffled = deck[:]
    dice.shuffle_batch(Rng(9), shuffled)
    assert sorted(shuffled) == sorted(deck) and shuffled != deck
    # the plan's radices multiply to 40!: one uniform pick for every Fisher-Yates step
    product = 1
    for _top, m, _limit in dice._plan(40):
        product *= m
    assert product == factorial(40)


def test_ways_at_least_counts_every_ordered_roll() -> None:
    for count in range(4):
        for target in range(-1, 6 * count + 3):
            brute = sum(1 for r in product(range(1, 7), repeat=count) if sum(r) >= target)
            assert dice.ways_at_least(count, target) == brute, (count, target)
    assert dice.ways_at_least(2, 10, 4) == 0 and dice.ways_at_least(2, 7, 4) == 3


def test_custom_dice_in_a_batch() -> None:
    faces = (-1, -1, 0, 0, 1, 1)  # seed 002's attack die
    # one die reads exactly what roll_faces reads: a game rolling singly keeps its stream
    a, b = Rng(3), Rng(3)
    assert [dice.roll_faces_batch(a, faces, 1)[0] for _ in range(200)] == \
        [dice.roll_faces(b, faces) for _ in range(200)]
    # several dice are roll_batch's dice looked up on the faces
    a, b = Rng(8), Rng(8)
    assert dice.roll_faces_batch(a, faces, 5) == [faces[d - 1] for d in dice.roll_batch(b, 5)]
    assert a == b
    # another number of faces rolls one die after another
    a, b = Rng(9), Rng(9)
    assert dice.roll_faces_batch(a, "xyz", 4) == [dice.roll_faces(b, "xyz") for _ in range(4)]


def test_reroll_and_combined_distributions() -> None:
    faces = (-1, -1, 0, 0, 1, 1)
    # -1 is rolled again once: P(-1) = 1/3 * 1/3, the others 1/3 + 1/3 * 1/3
    assert dice.reroll_distribution(faces, {-1}) == {
        -1: Fraction(1, 9), 0: Fraction(4, 9), 1: Fraction(4, 9)}
    assert dice.reroll_distribution(faces, ()) == dice.face_distribution(faces)
    one = dice.face_distribution(faces)
    assert dice.combined_distribution([one, one], min) == dice.worst_of_faces(faces)
    assert dice.combined_distribution([one, one], max) == \
        dice.outcome_distribution([faces, faces], max)
    twice = dice.reroll_distribution(faces, {-1})
    lower = dice.combined_distribution([twice, twice], min)
    counted: dict[int, Fraction] = {}
    for x, y in product(twice, twice):  # the same by hand
        counted[min(x, y)] = counted.get(min(x, y), Fraction(0)) + twice[x] * twice[y]
    assert lower == counted and sum(lower.values()) == 1
