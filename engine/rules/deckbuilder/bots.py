"""The deck-builder's heuristic bot: buys light, weapons and heroes, fights when it can win,
levels up and rests to thin diseases.

It reads only what its seat's view shows (its own hand and revealed cards, the hall, the piles);
for speed it reads those fields from the state directly instead of building the view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.ai.base import Bot, register_bot, register_evaluator, register_rollout_policy
from engine.core.actions import Action
from engine.core.rng import Rng
from engine.rules.deckbuilder import battle
from engine.rules.deckbuilder.cards import DISEASE, MILITIA, STONE, Card, table
from engine.rules.deckbuilder.state import (
    CHOOSE,
    DESTROY,
    DUNGEON,
    REST,
    SPLIT,
    SPOILS,
    VILLAGE,
    DeckState,
)


class _Probe:
    """The fields battle.prepare reads, for a hypothetical fight with the hand."""

    __slots__ = ("hall", "play", "used", "equip", "strb", "atkb")

    def __init__(self, hall: list[str | None], play: list[str | None]) -> None:
        self.hall = hall
        self.play = play
        self.used: list[int] = []
        self.equip: dict[int, int] = {}
        self.strb: dict[int, int] = {}
        self.atkb: dict[int, list[int]] = {}


def plan_equip(play: list[str | None], strb: dict[int, int]) -> dict[int, int]:
    """Returns weapon -> hero: the best weapons to the strongest heroes able to carry them."""
    cards = table().cards
    heroes = sorted((i for i, c in enumerate(play) if c is not None and cards[c].is_hero),
                    key=lambda i: -(cards[play[i]].strength + strb.get(i, 0)))  # type: ignore[index]
    weapons = sorted((i for i, c in enumerate(play) if c is not None and cards[c].is_weapon),
                     key=lambda i: -(cards[play[i]].attack + cards[play[i]].magic))  # type: ignore[index]
    plan: dict[int, int] = {}
    free = list(heroes)
    for w in weapons:
        wc = cards[play[w]]  # type: ignore[index]
        fit = [h for h in free if cards[play[h]].strength + strb.get(h, 0) >= wc.weight]  # type: ignore[index]
        if not fit:
            continue
        # the weakest hero that can still carry it keeps strong heroes for heavy weapons
        h = fit[-1]
        plan[w] = h
        free.remove(h)
    return plan


def can_win(st: Any) -> bool:
    """Returns True when some monster in the hall can be beaten (best_fight's ``win``)."""
    bound = battle.attack_bound(st)
    for r in (1, 2, 3):
        mid = st.hall[r - 1]
        if mid is None or mid == STONE or battle.cannot_win(st, r, bound):
            continue
        f = battle.prepare(st, r)
        if f.attackable and battle.best_split(f).win:
            return True
    return False


def best_fight(st: Any) -> tuple[int, bool, int]:
    """Returns (rank, win, score) of the most attractive target, or (0, False, 0)."""
    cards = table().cards
    best = (0, False, -99)
    for r in (1, 2, 3):
        mid = st.hall[r - 1]
        if mid is None or mid == STONE:
            continue
        f = battle.prepare(st, r)
        if not f.attackable:
            continue
        res = battle.best_split(f)
        m = cards[mid]
        score = (m.vp * 2 + m.xp * 3 + m.gold + m.attack + m.light * 2) if res.win \
            else -m.health + res.total - 20
        if (res.win, score) > (best[1], best[2]):
            best = (r, res.win, score)
    return best


def buy_score(c: Card, light: int, weapons: int, heroes: int) -> float:
    """Returns how much the bot wants a card (higher is better, below 1 means no)."""
    if c.id == MILITIA or c.cat == "disease":
        return 0.0
    score = c.cost + c.vp * 0.5
    if c.light and light < 3:
        score += 3
    if c.is_weapon:
        score += 2 if weapons < heroes else -2
    if c.is_hero:
        score += 2 + c.attack * 0.5 + c.magic
    if c.magic and not c.is_hero:
        score += 1.5
    if c.village:
        score += 0.5
    return score


class HeuristicBot(Bot):
    """A fast rule-of-thumb player for the deck-builder."""

    bot_id = "heuristic"

    def __init__(self, difficulty: str = "normal", seed: int = 0, **_options: Any) -> None:
        super().__init__(difficulty, seed)
        self.difficulty = difficulty
        self.seed = seed

    def choose(self, rules: Any, state: DeckState, seat: int) -> Action:
        """Returns the bot's action for ``seat``."""
        st = state
        ph = st.phase
        if st.current != seat:
            raise ValueError(f"seat {seat} is not the current actor")
        # the common phases read the rules' helpers instead of the full legal list (speed)
        if ph == CHOOSE:
            return self._choose(st)
        if ph == VILLAGE:
            return self._village(rules, st)
        if ph == DUNGEON:
            return self._dungeon(rules, st)
        legal = rules.legal_actions(st)
        if len(legal) == 1:
            return legal[0]
        if ph == SPLIT:
            f = battle.prepare(st, st.target)
            return Action.make("diseases", magic=battle.best_split(f).split)
        if ph == DESTROY:
            return min(legal, key=lambda a: self._worth(st.play[a["card"]]))
        if ph == SPOILS:
            return self._spoils(st, legal)
        if ph == REST:
            hand = st.players[st.current].hand
            destroys = [a for a in legal if a.kind == "destroy"]
            for a in destroys:
                if hand[a["card"]] == DISEASE:
                    return a
            for a in destroys:
                if hand[a["card"]] == MILITIA:
                    return a
            return Action.make("end_turn")
        return legal[0]

    def _worth(self, cid: str | None) -> float:
        if cid is None:
            return 99.0
        if cid == DISEASE:
            return -5.0
        c = table().cards[cid]
        return c.cost + c.vp + (0.5 if c.id != MILITIA else -1)

    def _choose(self, st: DeckState) -> Action:
        cards = table().cards
        hand = st.players[st.current].hand
        can_fight = any(m is not None and m != STONE for m in st.hall)
        if can_fight:
            probe = _Probe(st.hall, list(hand))
            probe.equip = plan_equip(probe.play, {})
            if can_win(probe):
                return Action.make("dungeon")
        diseases = hand.count(DISEASE)
        gold = sum(cards[c].gold for c in hand)
        if diseases >= 2 or (diseases and gold < 4):
            return Action.make("rest")
        if gold < 4 and can_fight and self._harmless_target(st):
            # a weak hand still moves the dungeon on: a lost fight sends the monster under the deck
            return Action.make("dungeon")
        return Action.make("village")

    def _harmless_target(self, st: Any) -> int:
        """Returns the lowest rank whose monster does no lasting harm in a lost fight, or 0."""
        cards = table().cards
        for r in (1, 2, 3):
            mid = st.hall[r - 1]
            if mid is None or mid == STONE:
                continue
            mp = cards[mid].mon
            if mp is not None and not (mp.diseases or mp.destroys or mp.lose_xp or mp.defeat_only):
                return r
        return 0

    def _village(self, rules: Any, st: DeckState) -> Action:
        cards = table().cards
        if st.step == 0:
            for a in rules._uses(st, True):
                ab = cards[st.play[a["card"]]].village[a["ability"]]  # type: ignore[index]
                if ab.destroy_self or ab.destroy in ("other", "weapon"):
                    continue
                return a
        buys = [Action("buy", (("card", p),)) for p in rules._buyable(st)]
        if buys:
            pl = st.players[st.current]
            owned = pl.deck + pl.discard + [c for c in st.play if c is not None]
            light = sum(cards[c].light for c in owned)
            weapons = sum(1 for c in owned if cards[c].is_weapon)
            heroes = sum(1 for c in owned if cards[c].is_hero and c != MILITIA)
            best = max(buys, key=lambda a: buy_score(cards[st.piles[a["card"]][-1]], light,
                                                      weapons, heroes))
            if buy_score(cards[st.piles[best["card"]][-1]], light, weapons, heroes) >= 3:
                return best
        levels = rules._levels(st)
        if levels:
            i, to = levels[0]
            return Action("level", (("card", i), ("to", to)))
        return Action.make("end_turn")

    def _dungeon(self, rules: Any, st: DeckState) -> Action:
        cards = table().cards
        for a in rules._uses(st, False):
            ab = cards[st.play[a["card"]]].dungeon[a["ability"]]  # type: ignore[index]
            if ab.type == "draw" or (ab.type == "empower_self" and ab.destroy == "food"):
                return a
            if ab.type == "empower":
                return a
        plan = plan_equip(st.play, st.strb)
        for w, h in sorted(st.equip.items()):
            if plan.get(w) != h:
                return Action.make("unequip", weapon=w)
        for w, h in sorted(plan.items()):
            if w not in st.equip and h not in st.equip.values():
                return Action("equip", (("hero", h), ("weapon", w)))
        rank, win, _ = best_fight(st)
        if not win:
            cycle = self._harmless_target(st)
            if cycle and battle.attackable(st, cycle):
                return Action("attack", (("rank", cycle),))
        if rank:
            return Action("attack", (("rank", rank),))
        return Action.make("retreat")

    def _spoils(self, st: DeckState, legal: list[Action]) -> Action:
        cards = table().cards
        buys = [a for a in legal if a.kind == "spoil"]
        if buys:
            return max(buys, key=lambda a: cards[st.piles[a["card"]][-1]].cost)
        return Action.make("end_spoils")


def make(difficulty: str = "normal", seed: int = 0, **options: Any) -> HeuristicBot:
    """Returns a heuristic bot (the factory registered with engine.ai)."""
    return HeuristicBot(difficulty=difficulty, seed=seed, **options)


_PLAYOUT_BOT = HeuristicBot()
PLAYOUT_RANDOMNESS = 0.1  # share of random playout moves, so MCTS still explores


def playout_policy(rules: Any, state: DeckState, legal: Sequence[Action], rng: Rng) -> Action:
    """Returns the heuristic move, or now and then a random one (MCTS playouts)."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(100) < PLAYOUT_RANDOMNESS * 100:
        return legal[rng.below(len(legal))]
    return _PLAYOUT_BOT.choose(rules, state, state.current)


def evaluate(rules: Any, state: DeckState) -> list[float]:
    """Returns each seat's chance-like value from its victory-point lead (MCTS depth cap)."""
    vps = [rules.victory_points(state, p) for p in range(len(state.players))]
    out = []
    for p, vp in enumerate(vps):
        best_other = max(v for q, v in enumerate(vps) if q != p)
        out.append(0.5 + 0.5 * math.tanh((vp - best_other) / 8.0))
    return out


register_bot("heuristic", make, game="deckbuilder", label="deckbuilder.bot.heuristic")
register_rollout_policy("deckbuilder", playout_policy)
register_evaluator("deckbuilder", evaluate)


from engine.rules.deckbuilder import search as _search  # noqa: E402,F401 - registers the hard bot
