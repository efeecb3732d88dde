"""Duel previews agree with what the actions do: the odds of summoning, magic and neutralising
rolls and of a fight count every roll of the dice, the placed dice score as the fight scores
them, costs are the pool dice paid, and refusals name the rule ``validate`` raises."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

import pytest

from engine import registry
from engine.core.actions import Action, Message
from engine.core.errors import IllegalAction
from engine.core.hashing import canonical_json
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.duel import pairing
from engine.rules.duel.preview import roll_ways
from engine.rules.duel.state import DuelState

RULES = registry.rules("duel")
SUCCESS = {"summon": "duel.ev.summoned", "cast": "duel.ev.cast", "counter": "duel.ev.counter"}


def _states(seed: int, humans: bool) -> Iterator[DuelState]:
    """Yields every state of a seeded random game (human seats rearrange their dice)."""
    state = RULES.new_game(GameConfig.for_players(2, bots=not humans), seed)
    rng = Rng(seed)
    for _ in range(3000):
        if RULES.is_over(state):
            return
        yield state
        legal = RULES.legal_actions(state)
        busy = [a for a in legal if a.kind not in ("end_turn", "pass_counter", "pass_window")]
        RULES.apply(state, rng.choice(busy if busy and rng.below(4) else legal))


def _all() -> Iterator[DuelState]:
    for seed, humans in ((1, False), (2, True), (3, True)):
        yield from _states(seed, humans)


def _forced(state: DuelState, action: Action, dice: tuple[int, ...]) -> tuple[DuelState, list]:
    clone = RULES.clone(state)
    clone.forced = list(dice)
    return clone, RULES.apply(clone, action)


def test_roll_ways_counts_like_sum_at_least() -> None:
    for dice in range(1, 6):
        for target in range(-2, 33):
            ways = sum(1 for roll in product(range(1, 7), repeat=dice) if sum(roll) >= target)
            assert roll_ways(dice, target) == ways
            assert pairing.sum_at_least(dice, target) == ways / 6 ** dice


def test_previews_are_json_and_change_nothing() -> None:
    for state in _all():
        legal = RULES.legal_actions(state)
        before = RULES.state_hash(state)
        for seat in (RULES.current_actor(state), None):
            for p in RULES.annotate(state, seat, legal):
                assert p.refused is None
                canonical_json(p.to_json())
        assert RULES.state_hash(state) == before


def test_roll_odds_and_costs_count_every_roll() -> None:
    seen: dict[str, int] = {}
    for state in _all():
        for action in RULES.legal_actions(state):
            k = action.get("dice")
            if action.kind not in SUCCESS or k > 3 or seen.get(action.kind, 0) >= 15:
                continue
            seen[action.kind] = seen.get(action.kind, 0) + 1
            p = RULES.explain(state, RULES.current_actor(state), action)
            seat = RULES.current_actor(state)
            pool = state.players[seat].pool
            ways = 0
            for dice in product(range(1, 7), repeat=k):
                clone, events = _forced(state, action, dice)
                ok = any(e.key == SUCCESS[action.kind] for e in events)
                ways += ok
                # The pool dice are paid when the roll succeeds, kept when it fails.
                paid = pool - clone.players[seat].pool
                assert paid == (p.cost[0].total if ok else 0), (action, dice)
            assert (p.odds[0].ways, p.odds[0].out_of) == (ways, 6 ** k), action
    assert seen.get("summon", 0) >= 5 and seen.get("cast", 0) >= 1, seen


def test_fight_odds_count_every_roll() -> None:
    checked = 0
    for state in _all():
        for action in RULES.legal_actions(state):
            if action.kind != "defend" or state.arrange[1 - state.active] or checked >= 8:
                continue
            p = RULES.explain(state, RULES.current_actor(state), action)
            detail = p.detail
            assert detail is not None
            a, d = detail["attack_dice"], detail["defence_dice"]
            if a + d > 4:
                continue
            checked += 1
            dealt: dict[int, int] = {}
            taken: dict[int, int] = {}
            for dice in product(range(1, 7), repeat=a + d):
                _clone, events = _forced(state, action, dice)
                fight = next(e for e in events if e.key == "duel.ev.fight")
                dealt[fight.params["dealt"]] = dealt.get(fight.params["dealt"], 0) + 1
                taken[fight.params["taken"]] = taken.get(fight.params["taken"], 0) + 1
            assert detail["outcomes"] == 6 ** (a + d)
            assert sorted([k, n] for k, n in dealt.items()) == detail["dealt"]
            assert sorted([k, n] for k, n in taken.items()) == detail["taken"]
            falls = p.odds[0]
            assert falls.out_of == 6 ** (a + d)
            assert falls.ways == detail["defender_falls_ways"]
    assert checked >= 3


def test_placed_dice_score_as_the_fight_scores_them() -> None:
    checked = 0
    for state in _all():
        if state.phase != "arrange":
            continue
        for action in RULES.legal_actions(state)[:4]:
            p = RULES.explain(state, RULES.current_actor(state), action)
            events = RULES.apply(RULES.clone(state), action)
            fight = next(e for e in events if e.key == "duel.ev.fight")
            assert p.detail is not None and p.detail["pairs"] == fight.params["pairs"]
            assert p.breakdowns == fight.breakdowns
            checked += 1
    assert checked >= 5


def test_refusals_name_the_rule_validate_raises() -> None:
    keys: set[str] = set()
    stale: list[Action] = []
    for state in _all():
        legal = RULES.legal_actions(state)
        for action in [*stale[:6], Action.make("attack", attacker=99), Action.make("nope"),
                       Action.make("summon", card="no_card", dice=1)]:
            why = RULES.explain(state, RULES.current_actor(state), action).refused
            if action in legal:
                assert why is None
                continue
            with pytest.raises(IllegalAction) as exc:
                RULES.validate(state, action)
            assert why == Message(exc.value.rule, exc.value.params)
            keys.add(why.key)
        stale = legal
    assert len(keys) >= 5, keys
