"""Crawl previews agree with what the actions do: move and action costs with the movement points
paid, hit, heal and disarm odds with all 36 rolls of 2d6, the breakdowns with the attack events,
and every refusal with the rule ``validate`` raises."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine import registry
from engine.core.actions import Action, Message
from engine.core.errors import IllegalAction
from engine.core.hashing import canonical_json
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.crawl import combat, view
from engine.rules.crawl.core import in_rear
from engine.rules.crawl.preview import ATTACK_MP
from engine.rules.crawl.state import CrawlState

RULES = registry.rules("crawl")
CONFIGS = [(2, {"turn_limit": 8}, 3), (2, {"mode": "team", "turn_limit": 6}, 4),
           (2, {"hero_vs_hero": True, "turn_limit": 8}, 11), (1, {"turn_limit": 6}, 5)]
ROLLS = [(r1, r2) for r1 in range(1, 7) for r2 in range(1, 7)]


def _activations(players: int, options: dict[str, Any], seed: int, active: bool = True
                 ) -> Iterator[CrawlState]:
    """Yields the states of seeded random play in which a figure is active (or, with ``active``
    False, in which none is; doing things is preferred over ending, so fights happen)."""
    state = RULES.new_game(GameConfig.for_players(players, **options), seed)
    rng = Rng(seed * 7 + 1)
    for _ in range(2500):
        if RULES.is_over(state):
            return
        legal = RULES.legal_actions(state)
        if (state.active >= 0) == active and state.pending is None and state.phase == "play":
            yield state
        busy = [a for a in legal if a.kind not in ("end_turn", "end_activation", "face")]
        strikes = [a for a in legal if a.kind in ("attack", "shoot", "heal", "disarm")]
        pool = strikes if strikes and rng.below(2) else busy if busy and rng.below(6) else legal
        RULES.apply(state, rng.choice(pool))


def _all_states() -> Iterator[CrawlState]:
    for players, options, seed in CONFIGS:
        yield from _activations(players, options, seed)


def _rolled(monkeypatch: pytest.MonkeyPatch, state: CrawlState, action: Action,
            roll: tuple[int, int]) -> tuple[CrawlState, list[Any]]:
    clone = RULES.clone(state)
    monkeypatch.setattr(combat, "roll2", lambda _state: roll)
    events = RULES.apply(clone, action)
    return clone, events


def _succeeded(action: Action, attacker: int, target: int, events: list[Any]) -> bool:
    """Returns whether the first roll of the action against target succeeded."""
    for e in events:
        p = e.params
        if action.kind in ("attack", "shoot") and e.key in ("crawl.event.melee",
                                                             "crawl.event.ranged") \
                and p["attacker"] == attacker and p["target"] == target:
            return bool(p["hit"])
        if action.kind == "heal" and e.key == "crawl.event.heal_fumble":
            return False
        if action.kind == "heal" and e.key == "crawl.event.heal":
            roll = sum(p["dice"])
            return roll == 12 or p["total"] >= p["defence"]
        if action.kind == "disarm" and e.key == "crawl.event.disarm":
            return bool(p["ok"])
    raise AssertionError(f"no roll of {action} in {events}")


def test_previews_are_json_and_change_nothing() -> None:
    seen = 0
    for state in _all_states():
        legal = RULES.legal_actions(state)
        before = RULES.state_hash(state)
        for seat in (state.current, None):
            previews = RULES.annotate(state, seat, legal)
            assert len(previews) == len(legal)
            for p in previews:
                assert p.refused is None
                canonical_json(p.to_json())
        assert RULES.state_hash(state) == before
        seen += 1
    assert seen > 100


def test_costs_are_what_the_action_pays() -> None:
    checked: set[str] = set()
    for state in _all_states():
        legal = RULES.legal_actions(state)
        for action, p in zip(legal, RULES.annotate(state, state.current, legal), strict=True):
            if not p.cost:
                continue
            clone = RULES.clone(state)
            RULES.apply(clone, action)
            if clone.active != state.active:
                continue  # the activation ended (an attack, leaving): MP are not kept
            assert state.mp - clone.mp == p.cost[0].total, (action, p.cost)
            assert sum(int(t.value) for t in p.cost[0].terms) in (0, p.cost[0].total)
            if action.kind == "move":
                assert p.detail is not None and p.detail["cost"] == p.cost[0].total
            checked.add(action.kind)
    assert {"move", "break_away"} <= checked, checked


def test_a_move_before_the_activation_costs_what_it_will() -> None:
    checked = 0
    for players, options, seed in CONFIGS:
        for state in _activations(players, options, seed, active=False):
            for act in RULES.legal_actions(state):
                if act.kind != "activate" or checked >= 60:
                    continue
                reach = RULES.explain(state, state.current, act).detail["reach"]["squares"]
                for entry in reach[:: max(1, len(reach) // 3)]:
                    move = Action.make("move", to=entry["at"], figure=act["figure"])
                    p = RULES.explain(state, state.current, move)
                    assert p.refused is not None  # a candidate only: the figure is not active
                    clone = RULES.clone(state)
                    RULES.apply(clone, act)
                    mp = clone.mp
                    RULES.apply(clone, Action.make("move", to=entry["at"]))
                    assert mp - clone.mp == p.cost[0].total == entry["cost"], (act, entry)
                    checked += 1
    assert checked >= 30


def test_odds_count_the_rolls_that_succeed(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds: dict[str, int] = {}
    for state in _all_states():
        legal = RULES.legal_actions(state)
        for action in legal:
            if action.kind not in ("attack", "shoot", "heal", "disarm") \
                    or kinds.get(action.kind, 0) >= 12:
                continue
            p = RULES.explain(state, state.current, action)
            assert p.refused is None
            if not p.odds:
                assert action.kind == "disarm"
                continue
            kinds[action.kind] = kinds.get(action.kind, 0) + 1
            outcomes = [_rolled(monkeypatch, state, action, roll)[1] for roll in ROLLS]
            monkeypatch.undo()
            for odds in p.odds:
                target = odds.event.params.get("target", -1)
                ways = sum(_succeeded(action, state.active, target, events)
                           for events in outcomes)
                assert (odds.ways, odds.out_of) == (ways, 36), (action, odds)
            if action.kind in ("attack", "shoot"):
                # The breakdowns are the event's, without the dice.
                events = outcomes[14]  # a roll of (3, 3)
                first = next(e for e in events if e.key in ("crawl.event.melee",
                                                             "crawl.event.ranged"))
                index = next(i for i, o in enumerate(p.odds)
                             if o.event.params["target"] == first.params["target"])
                attack, defence = p.breakdowns[2 * index:2 * index + 2]
                assert attack.total + 6 == first.breakdowns[0].total
                assert attack.terms == first.breakdowns[0].terms[1:]
                assert defence == first.breakdowns[1]
    assert kinds.get("attack", 0) >= 5, kinds


def test_refusals_name_the_rule_validate_raises() -> None:
    keys: set[str] = set()
    for state in _all_states():
        legal = set(RULES.legal_actions(state))
        candidates = []
        for g in state.figures:
            if g.where == "board" and g.uid != state.active:
                candidates += [Action.make("attack", target=g.uid),
                               Action.make("shoot", targets=[g.uid]),
                               Action.make("heal", target=g.uid)]
        for ch in state.chests:
            candidates += [Action.make("disarm", chest=ch.uid, slow=s) for s in (False, True)]
            candidates.append(Action.make("loot", chest=ch.uid))
        candidates += [Action.make("move", to=[0, 0]), Action.make("no_such_thing")]
        for action in candidates:
            why = RULES.explain(state, state.current, action).refused
            if action in legal:
                assert why is None
                continue
            with pytest.raises(IllegalAction) as exc:
                RULES.validate(state, action)
            assert why == Message(exc.value.rule, exc.value.params), action
            keys.add(why.key)
    assert {"crawl.rule.attack_mp", "crawl.rule.attack.arc"} <= keys, keys


def _healer_behind_friend() -> CrawlState:
    # Tamsin heals; Brannoc (hurt, one click down) faces north, so Tamsin below him stands in
    # his rear arc.
    state = RULES.new_game(GameConfig.for_players(2), 1)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": [
        {"hero": "tamsin", "owner": 0, "at": [2, 12], "facing": 0},
        {"hero": "brannoc", "owner": 0, "at": [2, 11], "facing": 0, "click": 6}]})
    RULES.apply(state, Action.make("activate", figure=100))
    return state


def test_healing_odds_have_no_rear_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _healer_behind_friend()
    heal = Action.make("heal", target=101)
    assert heal in RULES.legal_actions(state)
    healer, friend = state.fig(100), state.fig(101)
    assert healer.pos is not None and in_rear(friend, healer.pos)
    odds = RULES.explain(state, 0, heal).odds[0]
    ways = sum(_succeeded(heal, 100, 101, _rolled(monkeypatch, state, heal, roll)[1])
               for roll in ROLLS)
    assert (odds.ways, odds.out_of) == (ways, 36)
    # The table used to show the melee hit chance, which counts the rear bonus a healing
    # never gets.
    assert view.hit_chance(state, 100, 101, "melee")["ways"] != ways


def test_strike_refusals_say_why() -> None:
    state = RULES.new_game(GameConfig.for_players(2), 1)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": [
        {"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 4},
        {"spawn": "gnawer_weak", "at": [2, 11], "facing": 4}]})
    RULES.apply(state, Action.make("activate", figure=100))
    attack = Action.make("attack", target=101)
    why = RULES.explain(state, 0, attack).refused
    assert why is not None and why.key == "crawl.rule.attack.arc"  # it faces away
    state.mp = ATTACK_MP - 1
    why = RULES.explain(state, 0, attack).refused
    assert why == Message("crawl.rule.attack_mp", {"figure": 100, "mp": ATTACK_MP - 1,
                                                   "cost": ATTACK_MP})


def test_a_demoralized_figure_is_refused_first() -> None:
    # A standard gnawer on its demoralized click (the fifth), active beside a hero it faces.
    state = RULES.new_game(GameConfig.for_players(2), 1)
    RULES.setup_scenario(state, {"pool_empty": True, "figures": [
        {"hero": "brannoc", "owner": 0, "at": [2, 12], "facing": 0},
        {"spawn": "gnawer_standard", "at": [2, 11], "facing": 4, "click": 4}]})
    state.active, state.mp = 101, ATTACK_MP - 1
    why = RULES.explain(state, 0, Action.make("attack", target=100)).refused
    assert why == Message("crawl.rule.demoralized", {"figure": 101})
