"""The deck-builder's knowledge for the hard bot (engine/ai/search.py) and the coach.

Playouts are played by the heuristic bot (engine/rules/deckbuilder/bots.py). Candidates are
the heuristic's choice, ending the step, and the rest ranked by the heuristic's own liking
(``buy_score`` for purchases); the terms say what a round later looks like: victory points,
experience, the deck's attack, gold and light per hand, and its diseases.
"""

from __future__ import annotations

from typing import Any

from engine.ai.levels import register_levels
from engine.ai.search import SearchKnowledge, register_search
from engine.core.actions import Action, Message
from engine.core.protocol import GameRules
from engine.core.rng import Rng
from engine.rules.deckbuilder.bots import buy_score
from engine.rules.deckbuilder.cards import DISEASE, MILITIA, table
from engine.rules.deckbuilder.state import REST, VILLAGE, DeckState

HAND = 6  # seed 000: a hand is six cards; the terms count per hand
# The kinds that end a step or decline: always worth a playout beside the heuristic's choice.
_DECLINE = ("end_turn", "retreat", "end_spoils")


def _owned(st: DeckState, seat: int) -> list[str]:
    """Returns every card a seat owns (the cards revealed this turn included)."""
    pl = st.players[seat]
    cards = pl.deck + pl.hand + pl.discard
    if seat == st.current:
        cards = cards + [c for c in st.play if c is not None]
    return cards


def _ability(st: DeckState, action: Action) -> Any:
    """Returns the ability a ``use`` action names (None if the card has none such)."""
    i = action["card"]
    cid = st.play[i] if isinstance(i, int) and 0 <= i < len(st.play) else None
    if cid is None:
        return None
    c = table().cards[cid]
    for ab in c.village if st.phase == VILLAGE else c.dungeon:
        if ab.index == action["ability"]:
            return ab
    return None


class DeckKnowledge(SearchKnowledge):
    """What the search knows about the deck-builder."""

    # about 45 µs a simulated action: some 0.6 s a decision at the most
    step_budget = 13_000
    score_scale = 8.0
    term_info = {"vp": (1.0, "deckbuilder.coach.why.vp"),
                 "xp": (0.3, "deckbuilder.coach.why.xp"),
                 "attack": (0.8, "deckbuilder.coach.why.attack"),
                 "gold": (0.6, "deckbuilder.coach.why.gold"),
                 "light": (0.4, "deckbuilder.coach.why.light"),
                 "diseases": (1.0, "deckbuilder.coach.why.diseases")}

    def candidates(self, rules: GameRules[Any], state: Any, seat: int, legal: list[Action],
                   base: Action, rng: Rng) -> list[Action]:
        """Returns the heuristic's choice, declining, then purchases by ``buy_score``, then
        the others in a seeded random order."""
        st: DeckState = state
        out = [base]
        out += [a for a in legal if a.kind in _DECLINE and a != base]
        buys = [a for a in legal if a.kind in ("buy", "spoil") and a not in out]
        if buys:
            cards = table().cards
            owned = _owned(st, st.current)
            light = sum(cards[c].light for c in owned)
            weapons = sum(1 for c in owned if cards[c].is_weapon)
            heroes = sum(1 for c in owned if cards[c].is_hero and c != MILITIA)
            buys.sort(key=lambda a: -buy_score(cards[st.piles[a["card"]][-1]], light, weapons,
                                                heroes))
        rest = [a for a in legal if a not in out and a not in buys]
        room = self.max_candidates - len(out)
        picked = buys[:max(0, room - min(2, len(rest)))]
        room -= len(picked)
        if len(rest) > room > 0:
            rest = rng.sample(rest, room)
        return (out + picked + rest[:max(0, room)])[:self.max_candidates]

    # tools/fit_value.py deckbuilder --games 800 --holdout 200 (seeds 100000-100999):
    # held-out log loss 0.534 against 0.693, 70 % of the results right
    value_weights = {
        "bias": -0.0150, "vp": 2.1081, "vp_late": 1.2884, "xp": 0.3916, "attack": 0.5395,
        "gold": 0.2546, "light": -0.2776, "diseases": 0.0054, "cards": -0.6044,
        "heroes": 0.0584, "left": -0.0034, "on_turn": 0.1089, "seat0": -0.0732,
    }
    feature_names = ("bias", "vp", "vp_late", "xp", "attack", "gold", "light", "diseases",
                     "cards", "heroes", "left", "on_turn", "seat0")

    def features(self, rules: Any, state: Any, seat: int) -> list[float]:
        """Returns the value model's inputs: victory points (also weighted by how near the
        end is), XP, the decks' attack, gold and light per hand, diseases, size and heroes
        (the seat's minus the best opponent's), the dungeon cards left, who is on turn and the
        seat."""
        st: DeckState = state
        cards = table().cards
        n = len(st.players)

        def side(p: int) -> tuple[float, ...]:
            owned = _owned(st, p)
            size = max(1, len(owned))
            return (float(rules.victory_points(st, p)), float(st.players[p].xp),
                    HAND * sum(cards[c].attack + cards[c].magic for c in owned) / size,
                    HAND * sum(cards[c].gold for c in owned) / size,
                    HAND * sum(cards[c].light for c in owned) / size,
                    float(sum(1 for c in owned if c == DISEASE)), float(size),
                    float(sum(1 for c in owned if cards[c].is_hero and c != MILITIA)))

        sides = [side(p) for p in range(n)]
        me = sides[seat]
        best = max((sides[p] for p in range(n) if p != seat), key=lambda v: v[0])
        d = [a - b for a, b in zip(me, best, strict=True)]
        left = len(st.dungeon) / 30
        return [1.0, d[0] / 10, d[0] / 10 * max(0.0, 1.0 - left), d[1] / 5, d[2], d[3], d[4],
                d[5], d[6] / 10, d[7], left, 1.0 if st.current == seat else 0.0,
                1.0 if seat == 0 else 0.0]

    def terms(self, rules: Any, state: Any, seat: int) -> list[tuple[str, float]]:
        """Returns the seat's victory point lead, XP lead and its deck's strength per hand."""
        st: DeckState = state
        cards = table().cards
        vps = [rules.victory_points(st, p) for p in range(len(st.players))]
        xps = [pl.xp for pl in st.players]
        others = [p for p in range(len(st.players)) if p != seat]
        owned = _owned(st, seat)
        n = max(1, len(owned))
        return [
            ("vp", float(vps[seat] - max(vps[p] for p in others))),
            ("xp", float(xps[seat] - max(xps[p] for p in others))),
            ("attack", HAND * sum(cards[c].attack + cards[c].magic for c in owned) / n),
            ("gold", HAND * sum(cards[c].gold for c in owned) / n),
            ("light", HAND * sum(cards[c].light for c in owned) / n),
            ("diseases", -float(sum(1 for c in owned if c == DISEASE))),
        ]

    def describe(self, rules: Any, state: Any, seat: int, action: Action
                 ) -> Message:
        """Returns the action in words, with the table's button texts where it has them."""
        st: DeckState = state
        cards = table().cards
        kind = action.kind

        def at(i: Any) -> Any:
            cid = st.play[i] if isinstance(i, int) and 0 <= i < len(st.play) else None
            return cards[cid].name if cid is not None else i

        buttons = {"village": "deckbuilder.ui.btn.village",
                   "dungeon": "deckbuilder.ui.btn.dungeon", "rest": "deckbuilder.ui.btn.rest",
                   "retreat": "deckbuilder.ui.btn.retreat",
                   "end_spoils": "deckbuilder.ui.btn.end_spoils"}
        if kind in buttons:
            return Message(buttons[kind])
        if kind == "end_turn":
            return Message("deckbuilder.ui.btn.rest_none" if st.phase == REST
                           else "deckbuilder.ui.btn.end_turn")
        if kind in ("buy", "spoil"):
            top = cards[st.piles[action["card"]][-1]]
            key = "deckbuilder.coach.act.buy" if kind == "buy" else "deckbuilder.coach.act.spoil"
            return Message(key, {"card": top.name, "cost": top.cost})
        if kind == "attack":
            monster = st.hall[action["rank"] - 1]
            return Message("deckbuilder.coach.act.attack", {
                "monster": cards[monster].name if monster else "", "rank": action["rank"]})
        if kind == "equip":
            return Message("deckbuilder.coach.act.equip", {"weapon": at(action["weapon"]),
                                                           "hero": at(action["hero"])})
        if kind == "unequip":
            return Message("deckbuilder.coach.act.unequip", {"weapon": at(action["weapon"])})
        if kind == "level":
            nxt = next((n for i, to, n, _xp in rules.level_targets(st)
                        if i == action["card"] and to == action["to"]), None)
            return Message("deckbuilder.coach.act.level", {
                "card": at(action["card"]), "to": cards[nxt].name if nxt else action["to"]})
        if kind == "destroy":
            if st.phase == REST and not st.flow.stack:
                hand = st.players[st.current].hand
                i = action["card"]
                name = cards[hand[i]].name if 0 <= i < len(hand) else i
            else:
                name = at(action["card"])
            return Message("deckbuilder.ui.opt.destroy", {"card": name})
        if kind == "diseases":
            total = sum(1 for c in st.play if c is not None and DISEASE in cards[c].tags)
            return Message("deckbuilder.ui.split", {"magic": action["magic"],
                                                    "physical": max(0, total - action["magic"])})
        if kind == "use":
            params: dict[str, Any] = {"card": at(action["card"])}
            if action.get("pay") is not None:
                return Message("deckbuilder.coach.act.use_pay",
                               {**params, "pay": at(action["pay"])})
            if action.get("target") is not None:
                ability = _ability(st, action)
                target: Any = at(action["target"])
                if ability is not None and ability.target != "hero":
                    target = Message("deckbuilder.ui.opt.rank",
                                     {"rank": action["target"]}).to_json()
                return Message("deckbuilder.coach.act.use_on", {**params, "target": target})
            return Message("deckbuilder.coach.act.use", params)
        return super().describe(rules, state, seat, action)


register_search(DeckKnowledge("deckbuilder"))
register_levels("deckbuilder")
