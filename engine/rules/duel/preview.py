"""Previews of duel actions (``annotate``/``explain``) and the content look-ups the scenes need
(documented in docs/duel/view.md, "Previews").

- ``summon``/``cast``/``counter(card, dice)``: the exact odds of the roll (k pool dice + MUT must
  reach the card's level: ways out of 6^k), the roll's breakdown without the dice, and its cost
  (the pool dice, spent only when the roll succeeds).
- ``attack(attacker)``: the attack dice breakdown and, per possible defender, the exact damage
  distributions (the view's ``odds`` entries) in ``detail["fights"]``.
- ``defend(defender)``: both dice breakdowns, the exact odds that each side falls, and the
  fight's distributions in ``detail`` (with the automatic placement of the defender's dice).
- ``arrange(order)``: the scored pairs ``[attacker die, defender die, dealt, taken]`` in
  ``detail["pairs"]`` and the damage breakdowns of both sides, armour applied.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.actions import Action, Breakdown, Message, Term
from engine.core.dice import ways_at_least
from engine.core.protocol import Odds, Preview
from engine.rules.duel import ops, pairing
from engine.rules.duel.cards import cards
from engine.rules.duel.state import ARRANGE, DEFEND, MAIN, RESPOND, DuelState, Fighter

_ROLLS = frozenset({"summon", "cast", "counter"})


@lru_cache(maxsize=512)
def roll_ways(dice: int, target: int) -> int:
    """Returns how many of the 6^dice rolls of ``dice`` six-sided dice sum to ``target`` or
    more (``pairing.sum_at_least`` is this count over 6^dice)."""
    return ways_at_least(dice, target)


def _roll_preview(state: DuelState, action: Action) -> Preview:
    """Returns the odds, breakdown and cost of a summoning, magic or neutralising roll."""
    card = action.get("card")
    dice = action.get("dice")
    c = cards()
    if not isinstance(card, str) or not isinstance(dice, int) or isinstance(dice, bool) \
            or dice < 1:
        return Preview()
    if action.kind == "summon":
        if card not in c.clan:
            return Preview()
        need, name = c.clan[card].level, "duel.bd.summon"
    else:
        if card not in c.magic:
            return Preview()
        need, name = c.magic[card].level, "duel.bd.magic"
    seat = 1 - state.active if action.kind == "counter" else state.active
    courage = ops.courage_of(state, seat)
    terms = (Term(Message("duel.term.courage"), courage),) if courage else ()
    return Preview(
        cost=(Breakdown(Message("duel.preview.pool_dice"), dice),),
        odds=(Odds(Message("duel.odds.roll", {"need": need}), roll_ways(dice, need - courage),
                   6 ** dice),),
        breakdowns=(Breakdown(Message(name, {"need": need}), courage, terms),),
        consequences=(Message("duel.preview.dice_back"),),
        detail={"need": need, "courage": courage, "dice": dice})


def fight_odds(state: DuelState, attacker_seat: int, att: Fighter, defender: Fighter
               ) -> dict[str, Any]:
    """Returns the exact damage distributions of one possible fight, armour included, with the
    counts of the rolls that fell the defender or the attacker (out of ``outcomes``)."""
    dseat = 1 - attacker_seat
    a = ops.attack_of(state, attacker_seat, att)
    d = ops.defence_of(state, dseat, defender)
    total, dealt, taken = pairing.counts(a, d)
    a_arm = ops.armour_of(state, attacker_seat, att)
    d_arm = ops.armour_of(state, dseat, defender)
    dealt = pairing.shifted(dealt, d_arm)
    taken = pairing.shifted(taken, a_arm)
    d_left = ops.life_of(state, dseat, defender) - defender.damage
    a_left = ops.life_of(state, attacker_seat, att) - att.damage
    d_falls = sum(n for k, n in dealt.items() if k >= d_left)
    a_falls = sum(n for k, n in taken.items() if k >= a_left)
    return {
        "attacker": att.uid, "defender": defender.uid, "attack_dice": a, "defence_dice": d,
        "armour": [a_arm, d_arm], "outcomes": total,
        "dealt": sorted([k, n] for k, n in dealt.items()),
        "taken": sorted([k, n] for k, n in taken.items()),
        "expected_dealt": sum(k * n for k, n in dealt.items()) / total,
        "expected_taken": sum(k * n for k, n in taken.items()) / total,
        "defender_falls": d_falls / total,
        "attacker_falls": a_falls / total,
        "defender_falls_ways": d_falls, "attacker_falls_ways": a_falls,
    }


def _attack_preview(state: DuelState, action: Action) -> Preview:
    seat = state.active
    att = state.players[seat].fighter(action.get("attacker")) \
        if isinstance(action.get("attacker"), int) else None
    if att is None:
        return Preview()
    op = state.players[1 - seat]
    return Preview(breakdowns=(ops.stat_breakdown(state, seat, att, "attack"),),
                   detail={"fights": [fight_odds(state, seat, att, g)
                                      for g in (op.hero, *op.clan)]})


def _defend_preview(state: DuelState, action: Action) -> Preview:
    seat = state.active
    fight = state.fight
    uid = action.get("defender")
    if state.phase != DEFEND or fight is None or not isinstance(uid, int):
        return Preview()
    att = state.players[seat].fighter(fight[0])
    dfn = state.players[1 - seat].fighter(uid)
    if att is None or dfn is None:
        return Preview()
    odds = fight_odds(state, seat, att, dfn)
    total = odds["outcomes"]
    return Preview(
        odds=(Odds(Message("duel.odds.defender_falls"), odds["defender_falls_ways"], total),
              Odds(Message("duel.odds.attacker_falls"), odds["attacker_falls_ways"], total)),
        breakdowns=(ops.stat_breakdown(state, seat, att, "attack"),
                    ops.stat_breakdown(state, 1 - seat, dfn, "defence")),
        detail=odds)


def _arrange_preview(state: DuelState, action: Action) -> Preview:
    """Returns the scored pairs of a placement of the defender's dice and the damage each side
    takes (armour applied), as the fight will resolve it."""
    from engine.rules.duel.rules import _DEALT, _TAKEN, _armour_term, _scored_pairs

    fight = state.fight
    order = action.get("order")
    if state.phase != ARRANGE or fight is None or not isinstance(order, tuple) \
            or len(order) != len(fight[2]):
        return Preview()
    att_f = state.players[state.active].fighter(fight[0])
    def_f = state.players[1 - state.active].fighter(fight[1])
    if att_f is None or def_f is None:
        return Preview()
    scored, dealt_terms, taken_terms, raw_dealt, raw_taken = _scored_pairs(
        tuple(fight[2]), tuple(order))
    d_arm = min(ops.armour_of(state, 1 - state.active, def_f), raw_dealt)
    a_arm = min(ops.armour_of(state, state.active, att_f), raw_taken)
    if d_arm:
        dealt_terms = (*dealt_terms, _armour_term(d_arm))
    if a_arm:
        taken_terms = (*taken_terms, _armour_term(a_arm))
    return Preview(breakdowns=(Breakdown(_DEALT, raw_dealt - d_arm, dealt_terms),
                               Breakdown(_TAKEN, raw_taken - a_arm, taken_terms)),
                   detail={"pairs": [list(row) for row in scored], "dealt": raw_dealt,
                           "taken": raw_taken, "armour": [a_arm, d_arm]})


def preview(state: DuelState, seat: int | None, action: Action) -> Preview:
    """Returns what ``action`` would do now (public information only)."""
    kind = action.kind
    if kind in _ROLLS and state.phase in (MAIN, RESPOND):
        return _roll_preview(state, action)
    if kind == "attack" and state.phase == MAIN:
        return _attack_preview(state, action)
    if kind == "defend":
        return _defend_preview(state, action)
    if kind == "arrange":
        return _arrange_preview(state, action)
    return Preview()


class DuelPreviews:
    """The duel's ``annotate`` and its content look-ups, mixed into DuelRules."""

    __slots__ = ()

    def annotate(self, state: DuelState, seat: int | None, actions: list[Action]
                 ) -> list[Preview]:
        """Returns the preview of each action (see the module docstring)."""
        return [preview(state, seat, a) for a in actions]

    def cards(self) -> Any:
        """Returns the duel's card tables (names, kinds, levels, targets) for drawing cards."""
        return cards()

    def decks(self) -> Any:
        """Returns the deck-construction module (ready-made decks, the player's saved decks,
        the deck rules' check) for the deck builder screen."""
        from engine.rules.duel import decks

        return decks
