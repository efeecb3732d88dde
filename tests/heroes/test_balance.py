"""Faction balance of the skirmish (docs/heroes/balance.md): seeded heuristic-bot batches.

CI plays a small seeded sample per pairing with loose bounds; the ``long`` test plays the
measured batch (600 battles per pairing, both seat orders, might and magic heroes) and asks for
40-60 %: ``python3 run_tests.py -m long tests/heroes/test_balance.py``.
"""

from __future__ import annotations

import pytest

from engine.rules.heroes import balance
from engine.rules.heroes import content as C
from engine.rules.heroes.skirmish import FACTIONS, unit_price


def test_every_faction_unit_has_a_skirmish_price() -> None:
    for faction in FACTIONS:
        for did in C.faction(faction).units:
            price = C.unit(did).skirmish
            assert price is not None and 0 < price.few < price.pack, did
            assert (unit_price(did, False), unit_price(did, True)) == (price.few, price.pack)


def test_pairing_counts_the_faction_not_the_seat() -> None:
    counts = balance.pairing("sunward", "gravemoor", 4, 30000)
    by_seat = [balance.battle(*order, 30000 + i)
               for i, order in enumerate([("sunward", "gravemoor"), ("gravemoor", "sunward")] * 2)]
    sunward = sum(1 for i, w in enumerate(by_seat) if w == [i % 2])
    assert counts["sunward"] == sunward and sum(counts.values()) == 4


def test_a_seeded_sample_keeps_every_faction_in_the_game() -> None:
    for a, b, counts in balance.table(40, 50000):
        assert 0.3 <= balance.share(counts, a) <= 0.7, (a, b, counts)


@pytest.mark.long
@pytest.mark.parametrize("hero", ["might", "magic"])
def test_each_faction_wins_40_to_60_percent_against_each_other(hero: str) -> None:
    for a, b, counts in balance.table(600, 30000, hero_1=hero, hero_2=hero):
        assert 0.4 <= balance.share(counts, a) <= 0.6, (a, b, counts)
