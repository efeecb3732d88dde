"""The duel's knowledge for the hard bot (engine/ai/search.py) and the coach.

Playouts are played by the heuristic bot (engine/rules/duel/bots.py). The candidates are one
action per distinct choice with a sensible number of dice (a summon or a cast with every
possible die count would crowd out every other idea), the heuristic's own choice and its dice
count one more and one less; the terms say what changed a round later: main characters' life,
clan members, cards in hand, equipment and experience.
"""

from __future__ import annotations

from typing import Any

from engine.ai.levels import register_levels
from engine.ai.search import SearchKnowledge, register_search
from engine.core.actions import Action, Message
from engine.core.protocol import GameRules
from engine.core.rng import Rng
from engine.rules.duel import ops, pairing
from engine.rules.duel.cards import cards
from engine.rules.duel.state import DuelState

# The chance a roll should reach before the representative die count of a summon or cast.
CONFIDENT = 0.7
# Which kinds are tried first when there are more choices than candidates: doing nothing
# (ending the turn, passing) is always an alternative worth a playout.
_KIND_ORDER = {"end_turn": 0, "pass_window": 0, "pass_counter": 0, "next_game": 0,
               "attack": 1, "defend": 1, "summon": 2, "cast": 2, "counter": 2, "equip": 3,
               "play_land": 4, "play_treasure": 4, "arrange": 5}


def _need(state: DuelState, seat: int, action: Action) -> int | None:
    """Returns the sum the dice of a summon, cast or counter must reach (courage counted)."""
    c = cards()
    card = action.get("card")
    if action.kind == "summon" and card in c.clan:
        level = c.clan[card].level
    elif action.kind in ("cast", "counter") and card in c.magic:
        level = c.magic[card].level
    else:
        return None
    return level - ops.courage_of(state, seat)


class DuelKnowledge(SearchKnowledge):
    """What the search knows about the duel."""

    # about 36 µs a simulated action (the heuristic's value model is most of it): some
    # 0.65 s a decision at the most (docs/performance.md, "The hard bot")
    step_budget = 15_000
    max_candidates = 7
    term_info = {"main_life": (1.0, "duel.coach.why.main_life"),
                 "clan": (2.0, "duel.coach.why.clan"), "hand": (0.4, "duel.coach.why.hand"),
                 "equipment": (0.8, "duel.coach.why.equipment"),
                 "xp": (0.02, "duel.coach.why.xp")}

    def candidates(self, rules: GameRules[Any], state: Any, seat: int, legal: list[Action],
                   base: Action, rng: Rng) -> list[Action]:
        """Returns the heuristic's choice, its dice count ±1, then one action per choice."""
        groups: dict[tuple[Any, ...], list[Action]] = {}
        for a in legal:
            key = (a.kind, *((k, v) for k, v in a.args if k != "dice"))
            groups.setdefault(key, []).append(a)
        out = [base]
        dice = base.get("dice")
        if isinstance(dice, int):
            for k in (dice + 1, dice - 1):
                other = Action(base.kind, tuple((n, k if n == "dice" else v)
                                                for n, v in base.args))
                if k >= 1 and other in legal:
                    out.append(other)
        reps = []
        for actions in groups.values():
            if base in actions:
                continue
            reps.append(self._representative(state, seat, actions))
        reps.sort(key=lambda a: _KIND_ORDER.get(a.kind, 9))
        if len(out) + len(reps) > self.max_candidates:
            # keep the order's first kinds; sample among the rest
            head = reps[:2]
            tail = reps[2:]
            room = self.max_candidates - len(out) - len(head)
            reps = head + (rng.sample(tail, room) if room > 0 else [])
        return (out + reps)[:self.max_candidates]

    @staticmethod
    def _representative(state: DuelState, seat: int, actions: list[Action]) -> Action:
        """Returns the fewest dice that reach CONFIDENT, else the most (one choice's actions)."""
        if len(actions) == 1 or not isinstance(actions[0].get("dice"), int):
            return actions[0]
        need = _need(state, seat, actions[0])
        ordered = sorted(actions, key=lambda a: a["dice"])
        if need is None:
            return ordered[-1]
        for a in ordered:
            if pairing.sum_at_least(a["dice"], need) >= CONFIDENT:
                return a
        return ordered[-1]

    feature_names = ("bias", "my_life", "their_life", "main_attack", "main_defence",
                     "main_armour", "clan", "clan_life", "clan_attack", "clan_defence", "hand",
                     "equipment", "level", "pool", "on_turn", "round", "seat0")

    # Playouts stop two rounds after the decision and the value model scores them: some four
    # times the samples of whole games, each less noisy (docs/performance.md, "The hard bot")
    horizon = 4
    # tools/fit_value.py duel --games 800 --holdout 200 (seeds 100000-100999): held-out log
    # loss 0.472 against 0.579 for the seat alone, 78 % of the results right
    value_weights = {
        "bias": -0.9546, "my_life": 1.5996, "their_life": -1.6752, "main_attack": 0.0762,
        "main_defence": -0.0917, "main_armour": 0.6447, "clan": -0.2355, "clan_life": 0.1218,
        "clan_attack": 0.1015, "clan_defence": -0.0052, "hand": -0.4056,
        "equipment": -0.1381, "level": -0.1339, "pool": 0.2078, "on_turn": 0.2434,
        "round": -0.0555, "seat0": 1.8646,
    }

    def features(self, rules: GameRules[Any], state: Any, seat: int) -> list[float]:
        """Returns the value model's inputs: main characters' life, their dice and armour,
        the clans' size, life and dice, hands, equipment, levels, pools (seat's minus the
        opponent's), who is on turn, the round and the seat."""
        st: DuelState = state
        me, op = st.players[seat], st.players[1 - seat]

        def side(p: Any) -> tuple[float, ...]:
            a, d, arm, life = p.hero.nums
            clan_life = clan_att = clan_def = 0
            for f in p.clan:
                ca, cd, _carm, cl = f.nums
                clan_life += cl - f.damage
                clan_att += ca
                clan_def += cd
            return (max(0, life - p.hero.damage), a, d, arm, len(p.clan), clan_life, clan_att,
                    clan_def, len(p.hand), len(p.equipment), p.level, p.pool)

        m, o = side(me), side(op)
        return [1.0, m[0] / 20, o[0] / 20, m[1] - o[1], m[2] - o[2], m[3] - o[3], m[4] - o[4],
                (m[5] - o[5]) / 10, m[6] - o[6], m[7] - o[7], (m[8] - o[8]) / 7, m[9] - o[9],
                m[10] - o[10], (m[11] - o[11]) / 5, 1.0 if st.active == seat else 0.0,
                st.round / 30, 1.0 if seat == 0 else 0.0]

    def terms(self, rules: GameRules[Any], state: Any, seat: int) -> list[tuple[str, float]]:
        """Returns the seat's lead in main life, clan members, hand, equipment and XP."""
        me, op = state.players[seat], state.players[1 - seat]

        def life(s: int) -> int:
            p = state.players[s]
            return max(0, ops.life_of(state, s, p.hero) - p.hero.damage)

        return [("main_life", float(life(seat) - life(1 - seat))),
                ("clan", float(len(me.clan) - len(op.clan))),
                ("hand", float(len(me.hand) - len(op.hand))),
                ("equipment", float(len(me.equipment) - len(op.equipment))),
                ("xp", float(me.xp - op.xp))]

    def describe(self, rules: GameRules[Any], state: Any, seat: int, action: Action
                 ) -> Message:
        """Returns the action in words, as the table's buttons and banners say it."""
        c = cards()
        kind = action.kind
        card = action.get("card")
        name = c.name(card) if isinstance(card, str) and card in c.names else card
        if kind in ("summon", "cast", "counter"):
            key = {"summon": "duel.ui.choose.summon", "cast": "duel.ui.choose.cast",
                   "counter": "duel.ui.choose.counter"}[kind]
            text = Message(key, {"card": name}).to_json()
            target = action.get("target")
            if kind == "cast" and target is not None:
                text = Message("duel.coach.act.cast_at", {
                    "action": text, "target": _target_name(state, seat, card, target)}
                ).to_json()
            return Message("duel.coach.act.dice", {"action": text, "n": action["dice"]})
        if kind == "attack":
            return Message("duel.ui.attack_go",
                           {"name": _fighter_name(state, seat, action["attacker"])})
        if kind == "defend":
            return Message("duel.coach.act.defend",
                           {"card": _fighter_name(state, seat, action["defender"])})
        cards_keys = {"equip": "duel.coach.act.equip", "play_land": "duel.coach.act.play_land",
                      "play_treasure": "duel.coach.act.play_treasure"}
        if kind in cards_keys:
            return Message(cards_keys[kind], {"card": name})
        plain = {"end_turn": "duel.ui.end_turn", "pass_counter": "duel.ui.pass_counter",
                 "pass_window": "duel.ui.pass_window", "next_game": "duel.ui.next_game",
                 "arrange": "duel.coach.act.arrange"}
        if kind in plain:
            return Message(plain[kind])
        return super().describe(rules, state, seat, action)


def _fighter_name(state: DuelState, seat: int, uid: Any) -> Any:
    """Returns the card name of one of ``seat``'s characters (its uid otherwise)."""
    p = state.players[seat]
    f = p.fighter(uid) if isinstance(uid, int) else None
    return cards().name(f.card) if f is not None else uid


def _target_name(state: DuelState, seat: int, card: Any, target: Any) -> Any:
    """Returns the name of a magic card's target: a character or equipment of either side,
    or a card in the graveyard."""
    c = cards()
    if isinstance(target, str):
        return c.name(target) if target in c.names else target
    for s in (1 - seat, seat):
        p = state.players[s]
        f = p.fighter(target)
        kind = c.target.get(card) if isinstance(card, str) else None
        if kind == "enemy_equipment" and s != seat:
            for uid, eq in p.equipment:
                if uid == target:
                    return c.name(eq)
        elif f is not None and (kind in ("enemy", "enemy_clan")) == (s != seat):
            return c.name(f.card)
    return target


register_search(DuelKnowledge("duel"))
register_levels("duel")
