"""Faction balance of the skirmish: seeded batches of heuristic-bot battles per pairing.

``pairing(a, b, battles, seed)`` plays ``battles`` skirmishes of faction ``a`` against faction
``b`` with equal options (the skirmish defaults unless given), the two factions swapping seats
every other battle so that the seat advantage cancels, and counts the wins of each and the draws.
``table`` does it for every pairing of the three factions (and, optionally, the mirrors).
docs/heroes/balance.md reports the tables; ``tools/heroes_balance.py`` prints them.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core.protocol import GameConfig
from engine.rules.heroes.bots import HeroesBot
from engine.rules.heroes.skirmish import FACTIONS, RULES

MAX_STEPS = 5000  # a skirmish of heuristic bots takes a few hundred


def battle(first: str, second: str, seed: int, **options: Any) -> list[int]:
    """Returns the winning seats of one skirmish of ``first`` (seat 0) against ``second``."""
    config = GameConfig.for_players(2, **{"mode": "skirmish", "faction_1": first,
                                          "faction_2": second, **options})
    state = RULES.new_game(config, seed)
    bots = [HeroesBot(seed=seed), HeroesBot(seed=seed + 1)]
    steps = 0
    while not RULES.is_over(state):
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"skirmish {first} v {second}, seed {seed} does not end")
        seat = RULES.current_actor(state)
        assert seat is not None
        RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
    return list(state.winners)


def pairing(a: str, b: str, battles: int, seed: int = 0, **options: Any) -> dict[str, int]:
    """Returns the wins of ``a`` and of ``b`` and the draws over ``battles`` seeded skirmishes
    (``a`` takes seat 0 in the even-numbered ones, ``b`` in the odd ones)."""
    out = {a: 0, b: 0, "draws": 0} if a != b else {"seat 1": 0, "seat 2": 0, "draws": 0}
    for i in range(battles):
        swap = i % 2 == 1
        first, second = (b, a) if swap else (a, b)
        winners = battle(first, second, seed + i, **options)
        if not winners:
            out["draws"] += 1
        elif a == b:
            out[f"seat {winners[0] + 1}"] += 1
        else:
            out[first if winners[0] == 0 else second] += 1
    return out


def table(battles: int, seed: int = 0, mirrors: bool = False,
          **options: Any) -> list[tuple[str, str, dict[str, int]]]:
    """Returns ``(a, b, counts)`` for every pairing of the factions (``pairing`` each)."""
    pairs = list(combinations(FACTIONS, 2))
    if mirrors:
        pairs += [(f, f) for f in FACTIONS]
    return [(a, b, pairing(a, b, battles, seed, **options)) for a, b in pairs]


def share(counts: dict[str, int], who: str) -> float:
    """Returns the share of the battles ``who`` won, a draw counting half."""
    total = sum(counts.values())
    return (counts[who] + counts["draws"] / 2) / total if total else 0.0
