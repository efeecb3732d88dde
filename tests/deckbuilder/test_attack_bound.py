"""battle.attack_bound / cannot_win: the bot's quick look never rules out a fight it could win.

The bound counts every contribution ``battle._prepare`` adds at its most; a new kind of
contribution that it misses makes some seeded hand below beat a monster the bound ruled out.
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.rules.deckbuilder import battle
from engine.rules.deckbuilder.bots import _Probe, plan_equip
from engine.rules.deckbuilder.cards import table

HANDS = 400


def _monsters() -> list[str]:
    return sorted(cid for cid, c in table().cards.items() if c.is_monster)


def _hand_cards() -> list[str]:
    """Returns every card a revealed hand can hold (heroes, basics, village cards, trophies)."""
    return sorted(table().cards)


def _check(probe: _Probe, monsters: list[str]) -> int:
    """Asserts the bound for the probe against every monster on every rank; returns how many
    fights it ruled out."""
    bound = battle.attack_bound(probe)
    ruled_out = 0
    for mid in monsters:
        for rank in (1, 2, 3):
            probe.hall = [None, None, None]
            probe.hall[rank - 1] = mid
            if not battle.cannot_win(probe, rank, bound):
                continue
            ruled_out += 1
            f = battle._prepare(probe, rank, False)
            for k in range(f.kmin, f.kmax + 1):
                r = battle.finish(f, k)
                assert not r.win, (mid, rank, probe.play, probe.equip, k, r.total, bound)
    return ruled_out


def test_every_card_alone_and_with_a_hero() -> None:
    cards = table().cards
    monsters = _monsters()
    heroes = sorted(cid for cid, c in cards.items() if c.is_hero)
    for cid in _hand_cards():
        for others in ([], [heroes[0]], heroes[:3]):
            play: list[str | None] = [cid, *others]
            probe = _Probe([None, None, None], play)
            probe.equip = plan_equip(play, {})
            _check(probe, monsters)


def test_seeded_hands_with_bonuses() -> None:
    rng = Rng(20261128)
    monsters = _monsters()
    pool = _hand_cards()
    ruled_out = 0
    for _ in range(HANDS):
        size = 1 + rng.below(9)
        play: list[str | None] = [pool[rng.below(len(pool))] for _ in range(size)]
        if rng.below(4) == 0:
            play.insert(rng.below(size + 1), None)  # a destroyed card's gap
        probe = _Probe([None, None, None], play)
        strb = {i: rng.below(4) for i in range(len(play)) if rng.below(3) == 0}
        probe.strb = strb
        probe.atkb = {i: [rng.below(4) - 1, rng.below(3) - 1] for i in range(len(play))
                      if rng.below(4) == 0}
        probe.equip = plan_equip(play, strb)
        ruled_out += _check(probe, monsters)
    assert ruled_out > HANDS  # the look does rule fights out (else it would be no saving)
