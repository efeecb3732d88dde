"""The duel's heuristic bot: expected-damage tables for fights, odds tables for rolls.

It reads only what its seat may see (its own hand and everything on the table) and builds its
action directly, so a decision costs microseconds rather than a walk over every legal action.
"""

from __future__ import annotations

from typing import Any

from engine.ai import Bot, register_bot, register_evaluator
from engine.core.actions import Action
from engine.core.protocol import GameRules
from engine.rules.duel import ops, pairing
from engine.rules.duel.cards import cards
from engine.rules.duel.rules import check, targets
from engine.rules.duel.state import (
    ARRANGE,
    BETWEEN,
    DEFEND,
    MAIN,
    MAIN_UID,
    RESPOND,
    WINDOW,
    DuelState,
    Fighter,
)

# How sure a roll must be before the bot spends dice on it, by difficulty.
_CONFIDENCE = {"easy": 0.45, "normal": 0.7, "hard": 0.75}
_DAMAGING = frozenset({"damage", "discard", "destroy_equipment"})


def dice_for(need: int, courage: int, most: int, confidence: float) -> int | None:
    """Returns the fewest dice (≤ most) whose sum plus courage reaches need often enough."""
    for k in range(1, most + 1):
        if pairing.sum_at_least(k, need - courage) >= confidence:
            return k
    return None


def remaining(state: DuelState, seat: int, f: Fighter) -> int:
    """Returns the life points a character has left."""
    return ops.life_of(state, seat, f) - f.damage


class DuelHeuristicBot(Bot):
    """Summons what it can afford, equips, casts useful magic, attacks when the odds favour it."""

    bot_id = "heuristic"

    def __init__(self, difficulty: str = "normal", seed: int = 0, **_options: Any) -> None:
        super().__init__(difficulty, seed)
        self.confidence = _CONFIDENCE[self.difficulty]
        self.aggression = 5.0  # clan members attack readily (tuned against random play)

    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns this bot's action for ``seat`` (the current actor)."""
        if rules.current_actor(state) != seat:
            raise ValueError(f"seat {seat} is not the current actor")
        action = self._pick(state, seat)
        if check(state, action) is not None:  # a heuristic slip must never stall a game
            action = rules.legal_actions(state)[-1]
        return action

    # --- phases --------------------------------------------------------------------------
    def _pick(self, state: DuelState, seat: int) -> Action:
        phase = state.phase
        if phase == MAIN:
            return self._main(state, seat)
        if phase == DEFEND:
            return Action.make("defend", defender=self._defender(state, seat))
        if phase == ARRANGE:
            assert state.fight is not None
            return Action.make("arrange", order=pairing.auto_arrangement(state.fight[2],
                                                                         state.fight[3]))
        if phase == RESPOND:
            return self._respond(state, seat)
        if phase == WINDOW:
            return self._window(state, seat)
        if phase == BETWEEN:
            return Action.make("next_game")
        raise ValueError("the game is over")

    def _window(self, state: DuelState, seat: int) -> Action:
        p = state.players[seat]
        if not state.window[0] and p.lands and (state.land is None or state.land[0] != seat):
            return Action.make("play_land", card=p.lands[0])
        if not state.window[1] and p.treasures:
            return Action.make("play_treasure", card=p.treasures[0])
        return Action.make("pass_window")

    def _respond(self, state: DuelState, seat: int) -> Action:
        assert state.cast is not None
        c = cards()
        harmful = any(e.type in _DAMAGING for e in c.magic[state.cast[0]].effects)
        p = state.players[seat]
        if harmful:
            most = min(ops.magic_of(state, seat), p.pool)
            courage = ops.courage_of(state, seat)
            for card in p.hand:
                if card in c.counters:
                    k = dice_for(c.magic[card].level, courage, most, 0.5)
                    if k is not None:
                        return Action.make("counter", card=card, dice=k)
        return Action.make("pass_counter")

    def _defender(self, state: DuelState, seat: int) -> int:
        assert state.fight is not None
        att = state.players[1 - seat].fighter(state.fight[0])
        assert att is not None
        return predicted_defender(state, seat, 1 - seat, att)[0].uid

    def _main(self, state: DuelState, seat: int) -> Action:
        p = state.players[seat]
        c = cards()
        courage = ops.courage_of(state, seat)
        if state.acts_used == 0:
            if len(p.clan) < ops.MAX_CLAN:
                best: tuple[int, str, int] | None = None
                for card in p.hand:
                    if c.kind[card] != "clan" or card in p.tried:
                        continue
                    level = c.clan[card].level
                    k = dice_for(level, courage, p.pool, self.confidence)
                    if k is None and len(p.clan) == 0:
                        k = dice_for(level, courage, p.pool, 0.3)
                    if k is not None and (best is None or level > best[0]):
                        best = (level, card, k)
                if best is not None:
                    return Action.make("summon", card=best[1], dice=best[2])
            if len(p.equipment) < ops.MAX_EQUIPMENT:
                for card in p.hand:
                    if c.kind[card] == "equipment":
                        return Action.make("equip", card=card)
        if state.round == 1:
            return Action.make("end_turn")
        cast = self._cast(state, seat)
        if cast is not None:
            return cast
        attack = self._attack(state, seat)
        if attack is not None:
            return attack
        return Action.make("end_turn")

    def _cast(self, state: DuelState, seat: int) -> Action | None:
        from engine.rules.duel.rules import _can_cast

        if not _can_cast(state):
            return None
        p = state.players[seat]
        c = cards()
        courage = ops.courage_of(state, seat)
        most = min(ops.magic_of(state, seat), p.pool)
        for card in p.hand:
            if c.kind[card] != "magic" or card in c.counters:
                continue
            k = dice_for(c.magic[card].level, courage, most, self.confidence)
            if k is None and len(p.hand) >= ops.HAND_SIZE - 1:
                # a clogged hand draws nothing at the refill: try the roll anyway
                k = most if most > 0 else None
            if k is None:
                continue
            target = self._target(state, seat, card)
            if target is not False:
                return Action.make("cast", card=card, dice=k, target=target)
        return None

    def _target(self, state: DuelState, seat: int, card: str) -> Any:
        """Returns a worthwhile target for a magic card, None for no target, False to hold it."""
        options = targets(state, seat, card)
        if not options:
            return False
        kind = cards().target[card]
        effects = cards().magic[card].effects
        me = state.players[seat]
        op = state.players[1 - seat]
        if kind is None:
            for e in effects:
                if e.type == "heal" and me.hero.damage == 0:
                    return False
                if e.type == "damage" and e.params.get("target") == "all_enemy_clan" \
                        and not op.clan:
                    return False
                if e.type == "rally":
                    return False
            return None
        if kind in ("enemy", "enemy_clan"):
            amount = next(int(e.params["amount"]) for e in effects if e.type == "damage")
            for uid in options:
                f = op.fighter(uid)
                if f is not None and uid != MAIN_UID and remaining(state, 1 - seat, f) <= amount:
                    return uid
            return MAIN_UID if MAIN_UID in options else options[0]
        if kind == "own":
            if any(e.type == "heal" for e in effects):
                hurt = max((me.fighter(u) for u in options), key=lambda f: f.damage if f else 0)
                return hurt.uid if hurt is not None and hurt.damage > 0 else False
            # rally: give the dice to the strongest character that has not attacked yet
            ready = [f for f in (me.hero, *me.clan) if not f.attacked]
            if not ready or state.acts_used & 2:
                return False
            return max(ready, key=lambda f: ops.attack_of(state, seat, f)).uid
        if kind == "own_grave":
            clan = cards().clan
            return max(options, key=lambda cid: clan[cid].level)
        return options[0]

    def _attack(self, state: DuelState, seat: int) -> Action | None:
        from engine.rules.duel.rules import _can_attack

        if not _can_attack(state):
            return None
        me = state.players[seat]
        best: tuple[float, int] | None = None
        for f in (*me.clan, me.hero):
            if f.attacked or (f.uid == MAIN_UID and remaining(state, seat, f) <= 8):
                continue
            _g, their_loss, my_loss = predicted_defender(state, 1 - seat, seat, f)
            gain = their_loss - my_loss
            if f.uid != MAIN_UID:
                # a clan member's blow also wears the enemy down for the next fight; a main
                # character only strikes on clearly good odds
                gain += self.aggression
            if gain > 0.0 and (best is None or gain > best[0]):
                best = (gain, f.uid)
        if best is None:
            return None
        return Action.make("attack", attacker=best[1])


def _loss(state: DuelState, seat: int, f: Fighter, tail: tuple[float, ...],
          armour: int) -> float:
    """Returns how much a damage distribution hurts a character's side; a fall weighs most."""
    left = remaining(state, seat, f)
    # E[min(damage, left)] = sum of P(damage >= k) for k = 1..left, after armour
    expected = sum(tail[k + armour] for k in range(1, left + 1) if k + armour < len(tail))
    falls = tail[left + armour] if left + armour < len(tail) else 0.0
    if f.uid == MAIN_UID:
        return expected * 1.5 + falls * 300.0
    return expected + falls * (6.0 + cards().clan[f.card].xp / 10)


def fight_outlook(state: DuelState, attacker_seat: int, att: Fighter, defender: Fighter
                  ) -> tuple[float, float]:
    """Returns (loss of the defending side, loss of the attacking side) for this pairing."""
    seat = 1 - attacker_seat
    dealt, taken = pairing.tails(ops.attack_of(state, attacker_seat, att),
                                 ops.defence_of(state, seat, defender))
    return (_loss(state, seat, defender, dealt, ops.armour_of(state, seat, defender)),
            _loss(state, attacker_seat, att, taken, ops.armour_of(state, attacker_seat, att)))


def predicted_defender(state: DuelState, seat: int, attacker_seat: int,
                       att: Fighter) -> tuple[Fighter, float, float]:
    """Returns the defender ``seat`` picks against ``att``, with both sides' expected losses."""
    p = state.players[seat]
    best: tuple[float, Fighter, float, float] | None = None
    for f in (p.hero, *p.clan):
        mine, theirs = fight_outlook(state, attacker_seat, att, f)
        cost = mine - theirs
        if best is None or cost < best[0]:
            best = (cost, f, mine, theirs)
    assert best is not None
    return best[1], best[2], best[3]


def evaluate(rules: GameRules[Any], state: Any) -> list[float]:
    """Returns each seat's chance estimate from main-character life left and clan strength."""
    if state.winner is not None and state.phase in ("over", "between"):
        return [1.0 if s == state.winner else 0.0 for s in (0, 1)]
    score = []
    for seat in (0, 1):
        p = state.players[seat]
        score.append(remaining(state, seat, p.hero) + 2.0 * len(p.clan) + 0.5 * len(p.hand))
    total = score[0] + score[1]
    if total <= 0:
        return [0.5, 0.5]
    return [score[0] / total, score[1] / total]


register_bot("heuristic", DuelHeuristicBot, game="duel", label="bot.heuristic")
register_evaluator("duel", evaluate)
