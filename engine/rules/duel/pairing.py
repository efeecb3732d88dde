"""Dice pairing of a fight and the exact odds of an attack, computed by enumeration.

seed 003, "Angreifen": the attacker's dice lie in descending order; the defender places its dice
beneath them, as high or equal as possible, otherwise as close as possible. Each pair is scored:
a positive difference damages the defender, a negative one the attacker, equal dice cost both 1.
Decisions for unequal numbers of dice are in docs/duel/rules.md ("Unequal dice").
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import permutations

from engine.core.dice import multiset_rolls, ways_at_least
from engine.rules.duel.damage_table import COUNTS

EMPTY = 0  # a slot under an attacker die that holds no defender die
UNPAIRED_HIT = 1  # docs/duel/rules.md: an attacker die with nothing beneath it deals 1


def auto_arrangement(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, ...]:
    """Returns the defender dice placed under the (descending) attacker dice; 0 marks no die."""
    return _auto(tuple(sorted(attack, reverse=True)), tuple(sorted(defence)))


@lru_cache(maxsize=65536)
def _auto(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, ...]:
    free = list(defence)  # ascending
    slots = [EMPTY] * len(attack)
    uncovered: list[int] = []
    # seed 003: "soweit wie möglich immer höhere oder gleiche Ziffern" - from the highest
    # attacker die down, cover it with the smallest free die that is at least as high (the
    # first free die >= a: free stays ascending).
    for i, a in enumerate(attack):
        j = bisect_left(free, a)
        if j < len(free):
            slots[i] = free.pop(j)
        else:
            uncovered.append(i)
    # "... oder so nah wie möglich an das Ergebnis": the remaining attacker dice, highest
    # first, get the highest remaining defender dice; what is left over stays unpaired.
    for i in uncovered:
        if not free:
            break
        slots[i] = free.pop()
    return tuple(slots)


# ``auto_arrangement`` of attacker dice already descending and defender dice already
# ascending (the fight rolls sort them once; no second sort): the memoised placement itself.
auto_sorted = _auto


def pair_damage(a: int, d: int) -> tuple[int, int]:
    """Returns (damage to defender, damage to attacker) for one attacker die over one slot."""
    if d == EMPTY:
        return UNPAIRED_HIT, 0
    if a > d:
        return a - d, 0
    if a < d:
        return 0, d - a
    return 1, 1  # seed 003: "0 = 1 LP Schaden für beide Spielercharaktere"


def score(attack: tuple[int, ...], slots: tuple[int, ...]) -> tuple[int, int]:
    """Returns (damage to defender, damage to attacker) summed over all pairs."""
    dealt = taken = 0
    for a, d in zip(attack, slots, strict=True):
        x, y = pair_damage(a, d)
        dealt += x
        taken += y
    return dealt, taken


def arrangements(attack_count: int, defence: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Returns every distinct placement of the defender dice under attack_count slots, sorted."""
    dice = list(defence) + [EMPTY] * max(0, attack_count - len(defence))
    out = {p[:attack_count] for p in permutations(dice)}
    return sorted(out, reverse=True)


def is_arrangement(attack_count: int, defence: tuple[int, ...], slots: tuple[int, ...]) -> bool:
    """Returns True when slots places a sub-multiset of the defender dice (0 = empty slot)."""
    if len(slots) != attack_count:
        return False
    placed = sorted(s for s in slots if s != EMPTY)
    if len(placed) != min(attack_count, len(defence)):
        return False
    pool = sorted(defence)
    for die in placed:
        if die not in pool:
            return False
        pool.remove(die)
    return True


def _multisets(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Returns each multiset of n dice (descending) with the number of ordered rolls giving it."""
    # highest multiset first (6, 6, ...): the order the joint counts' keys are first seen in
    return sorted(((faces[::-1], ways) for faces, ways in multiset_rolls(n)), reverse=True)


@lru_cache(maxsize=256)
def odds(attack_dice: int, defence_dice: int) -> tuple[int, dict[int, int], dict[int, int],
                                                       dict[tuple[int, int], int]]:
    """Returns (6^(a+d), dealt counts, taken counts, joint counts) over every roll of the dice.

    Exact: every multiset of attacker and defender dice is weighted by its number of orders and
    scored with the automatic arrangement, which is also what a bot defender uses.
    """
    if not 1 <= attack_dice <= 12 or not 1 <= defence_dice <= 12:
        raise ValueError("odds are defined for 1 to 12 dice a side")
    joint: dict[tuple[int, int], int] = {}
    defs = [(tuple(reversed(m)), w) for m, w in _multisets(defence_dice)]  # ascending
    for att, wa in _multisets(attack_dice):
        for dfc, wd in defs:
            key = score(att, _auto(att, dfc))
            joint[key] = joint.get(key, 0) + wa * wd
    dealt: dict[int, int] = {}
    taken: dict[int, int] = {}
    for (x, y), w in joint.items():
        dealt[x] = dealt.get(x, 0) + w
        taken[y] = taken.get(y, 0) + w
    return 6 ** (attack_dice + defence_dice), dealt, taken, joint


def counts(attack_dice: int, defence_dice: int) -> tuple[int, dict[int, int], dict[int, int]]:
    """Returns (6^(a+d), dealt counts, taken counts); the caller must not change the dicts.

    Up to 6 dice a side (every fight of the rules, ops.MAX_DICE) they come from the generated
    ``damage_table``; beyond that from ``odds``.
    """
    hit = COUNTS.get((attack_dice, defence_dice))
    if hit is not None:
        return 6 ** (attack_dice + defence_dice), hit[0], hit[1]
    total, dealt, taken, _joint = odds(attack_dice, defence_dice)
    return total, dealt, taken


@lru_cache(maxsize=256)
def expected(attack_dice: int, defence_dice: int) -> tuple[float, float]:
    """Returns the expected (damage dealt, damage taken) of an attack with these dice counts."""
    total, dealt, taken = counts(attack_dice, defence_dice)
    return (sum(k * w for k, w in dealt.items()) / total,
            sum(k * w for k, w in taken.items()) / total)


@lru_cache(maxsize=512)
def sum_at_least(dice: int, target: int) -> float:
    """Returns the probability that the sum of ``dice`` six-sided dice reaches ``target``."""
    return ways_at_least(dice, target) / 6 ** dice


def shifted(counts: dict[int, int], reduction: int) -> dict[int, int]:
    """Returns a damage distribution after armour lowers every result by ``reduction``."""
    if reduction <= 0:
        return dict(counts)
    out: dict[int, int] = {}
    for k, w in counts.items():
        v = max(0, k - reduction)
        out[v] = out.get(v, 0) + w
    return out


@lru_cache(maxsize=256)
def tails(attack_dice: int, defence_dice: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Returns P(damage dealt >= k) and P(damage taken >= k) for k = 0, 1, 2, ..."""
    total, dealt, taken = counts(attack_dice, defence_dice)

    def tail(counts: dict[int, int]) -> tuple[float, ...]:
        top = max(counts)
        out = []
        acc = 0
        for k in range(top, -1, -1):
            acc += counts.get(k, 0)
            out.append(acc / total)
        return tuple(reversed(out))

    return tail(dealt), tail(taken)
