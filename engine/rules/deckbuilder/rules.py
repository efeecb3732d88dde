"""The deck-builder's rules (seed 000): turn structure, village, dungeon, rest and the end.

A turn is exactly one of village visit, dungeon fight or rest (seed 000, "Spielablauf"). Every
choice inside a turn is an action: abilities (``use``), purchases, level-ups, equipping, the
target, the disease split, cards to destroy and spoils. Nothing blocks: the phases, the pending
decisions (split, destroy, the spoils window) and every action kind are declared once in
``FLOW`` at the end of this module (engine/core/flow.py).
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Breakdown, Event, Message, Term
from engine.core.errors import MalformedAction
from engine.core.flow import ActionKind, DecisionKind, Flow, Phase
from engine.core.protocol import GameConfig, GameRules, OptionDef, Outcome
from engine.core.rng import Rng
from engine.rules.deckbuilder import battle, setup
from engine.rules.deckbuilder.cards import (
    DISEASE,
    MILITIA,
    MILITIA_LEVEL_COST,
    STONE,
    Ability,
    Card,
    matches,
    table,
)
from engine.rules.deckbuilder.preview import DeckPreviews
from engine.rules.deckbuilder.state import (
    CHOOSE,
    DESTROY,
    DUNGEON,
    OVER,
    PROMPTS,
    REST,
    SPLIT,
    SPOILS,
    VILLAGE,
    DeckState,
    destroy_decision,
    split_decision,
    spoils_window,
)
from engine.rules.deckbuilder.texts import effect_message

HAND = setup.HAND
VILLAGE_PROMPTS = ("deckbuilder.prompt.village_effects", "deckbuilder.prompt.village_buy",
                   "deckbuilder.prompt.village_level")
# set-ups that draw their card sets at random (the others are presets or a code)
RANDOMIZED = (("setup", ("smart", "random")),)
RULES_PAGES = ("deckbuilder.rules.1", "deckbuilder.rules.2", "deckbuilder.rules.3",
               "deckbuilder.rules.4", "deckbuilder.rules.5", "deckbuilder.rules.6",
               "deckbuilder.rules.7", "deckbuilder.rules.8")

class _Use:
    """The context an ability handler acts through (effects.UseCtx)."""

    __slots__ = ("rules", "st", "target", "src", "events")

    def __init__(self, rules: DeckRules, st: DeckState, src: int, target: int,
                 events: list[Event]) -> None:
        self.rules = rules
        self.st = st
        self.src = src
        self.target = target
        self.events = events

    @property
    def source(self) -> int:
        """Returns the play index of the card whose ability runs."""
        return self.src

    def add_gold(self, amount: int) -> None:
        """Adds produced gold."""
        self.st.gold += amount

    def add_buys(self, count: int) -> None:
        """Adds purchases."""
        self.st.buys += count

    def draw(self, count: int) -> None:
        """Reveals cards from the deck into play."""
        self.rules._draw_into_play(self.st, count, self.events)

    def add_xp(self, amount: int) -> None:
        """Adds experience points."""
        self.st.players[self.st.current].xp += amount

    def add_strength(self, hero: int, amount: int) -> None:
        """Adds strength to a hero for this turn."""
        self.st.strb[hero] = self.st.strb.get(hero, 0) + amount

    def add_attack(self, hero: int, attack: int, magic: int) -> None:
        """Adds attack to a hero for this fight."""
        bonus = self.st.atkb.setdefault(hero, [0, 0])
        bonus[0] += attack
        bonus[1] += magic

    def banish(self, rank: int) -> None:
        """Puts a hall monster under the dungeon deck and refills the hall."""
        st = self.st
        mid = st.hall[rank - 1]
        assert mid is not None
        st.dungeon.insert(0, mid)
        st.dknown += 1
        self.events.append(Event("deckbuilder.ev.banish", {"monster": table().cards[mid].name,
                                                "rank": rank}))
        self.rules._refill(st, rank - 1, self.events, False)

    def ask_destroy(self, what: str, then_draw: int) -> None:
        """Makes the player choose a revealed card to destroy, then draw ``then_draw``."""
        st = self.st
        st.flow.push(destroy_decision(st.current, ("ability", what, st.flow.phase, then_draw,
                                                   self.src)))

    def gain_disease(self, count: int) -> None:
        """Puts diseases onto the discard pile."""
        self.rules._give_disease(self.st, self.st.current, count, self.events)


class _Breach:
    """The context a breach handler acts through (effects.BreachCtx)."""

    __slots__ = ("rules", "st", "events")

    def __init__(self, rules: DeckRules, st: DeckState, events: list[Event]) -> None:
        self.rules = rules
        self.st = st
        self.events = events

    def each_gains_disease(self, count: int) -> None:
        """Every player gains diseases."""
        for p in range(len(self.st.players)):
            self.rules._give_disease(self.st, p, count, self.events)

    def trash_village_tops(self, category: str, count: int) -> None:
        """Destroys top cards of the village piles of a category."""
        cards = table().cards
        for pid, pile in self.st.piles.items():
            for _ in range(count):
                if pile and matches(cards[pile[-1]], category):
                    gone = pile.pop()
                    self.st.trash.append(gone)
                    self.events.append(Event("deckbuilder.ev.razed", {"card": cards[gone].name,
                                                           "pile": pid}))

    def each_loses_xp(self, amount: int) -> None:
        """Every player loses experience points."""
        for i, p in enumerate(self.st.players):
            lost = min(amount, p.xp)
            p.xp -= lost
            if lost:
                self.events.append(Event("deckbuilder.ev.xp_lost", {"player": i, "amount": lost}))


class DeckRules(DeckPreviews, GameRules[DeckState]):
    """The dungeon deck-builder of seed 000 for 2-5 players."""

    game_id = "deckbuilder"
    rules_version = "1"
    min_players = 2
    max_players = 5
    options = (
        OptionDef("setup", "deckbuilder.opt.setup", "first_game",
                  choices=("first_game", "smart", "random", "dark_tide", "arcane_vault",
                           "iron_wall", "code"),
                  choice_labels=("deckbuilder.opt.setup.first_game", "deckbuilder.opt.setup.smart",
                                 "deckbuilder.opt.setup.random",
                                 "deckbuilder.opt.setup.dark_tide",
                                 "deckbuilder.opt.setup.arcane_vault",
                                 "deckbuilder.opt.setup.iron_wall",
                                 "deckbuilder.opt.setup.code")),
        # the code matters only for a set-up by code; the group count and the expansion switch
        # only for the randomizer (engine/rules/deckbuilder/setup.py, choose_sets)
        OptionDef("setup_code", "deckbuilder.opt.setup_code", "", when=(("setup", ("code",)),)),
        OptionDef("monster_groups", "deckbuilder.opt.monster_groups", 3, minimum=3, maximum=6,
                  when=RANDOMIZED),
        OptionDef("expansions", "deckbuilder.opt.expansions", True, choices=(True, False),
                  when=RANDOMIZED),
        OptionDef("turn_limit", "deckbuilder.opt.turn_limit", 100, minimum=20, maximum=200),
        OptionDef("strength_rule", "deckbuilder.opt.strength_rule", "online",
                  choices=("online", "printed"), variant=True,
                  choice_labels=("deckbuilder.opt.strength_rule.online",
                                 "deckbuilder.opt.strength_rule.printed")),
        OptionDef("disease_rule", "deckbuilder.opt.disease_rule", "online",
                  choices=("online", "printed"), variant=True,
                  choice_labels=("deckbuilder.opt.disease_rule.online",
                                 "deckbuilder.opt.disease_rule.printed")),
    )

    # --- set-up ------------------------------------------------------------------------------
    def new_game(self, config: GameConfig, seed: int) -> DeckState:
        """Returns a new game: dungeon, village and shuffled starting decks from ``seed``."""
        self.check_config(config)
        opts = {o.id: config.options.get(o.id, o.default) for o in self.options}
        if opts["setup"] == "code" and not opts["setup_code"]:
            raise MalformedAction("deckbuilder: set-up 'code' needs a setup_code")
        return setup.build(table(), config.players, seed, opts)

    def content_hash(self) -> str:
        """Returns the hash of the loaded content."""
        return table().hash

    # --- turn structure: declared in FLOW (current_actor, legal_actions, prompt, validate) -----
    def village_prompt(self, st: DeckState) -> Message:
        """Returns the prompt of a village visit: its step, with the gold, buys and XP left."""
        return Message(VILLAGE_PROMPTS[st.step], {"player": st.current,
                                                  "gold": self.gold_total(st) - st.spent,
                                                  "buys": st.buys - st.bought,
                                                  "xp": st.players[st.current].xp})

    def rules_pages(self) -> list[str]:
        """Returns the catalog keys of the rules reference pages for players."""
        return list(RULES_PAGES)

    # --- helpers the scenes and bots share ---------------------------------------------------
    def gold_total(self, st: DeckState) -> int:
        """Returns the gold of the revealed, undestroyed cards plus produced gold."""
        cards = table().cards
        return st.gold + sum(cards[c].gold for c in st.play if c is not None)

    def gold_breakdown(self, st: DeckState) -> Breakdown:
        """Returns the breakdown of the village gold (seed 000, "Dorfbesuch" 3.)."""
        cards = table().cards
        terms = [Term(Message("deckbuilder.bd.card", {"card": cards[c].name}), cards[c].gold)
                 for c in st.play if c is not None and cards[c].gold]
        if st.gold:
            terms.append(Term(Message("deckbuilder.bd.produced", {}), st.gold))
        return Breakdown(Message("deckbuilder.bd.gold", {}), self.gold_total(st), tuple(terms))

    def prep_strength(self, st: DeckState, h: int) -> int:
        """Returns a hero's strength during preparation (before battle effects)."""
        cards = table().cards
        party = sum(cards[c].prof.party_strength for c in st.play if c is not None)
        return cards[st.play[h]].strength + st.strb.get(h, 0) + party  # type: ignore[index]

    def attackable_ranks(self, st: DeckState) -> list[int]:
        """Returns the ranks of the monsters that may be chosen as the target."""
        out = []
        for r in (1, 2, 3):
            m = st.hall[r - 1]
            if m is None or m == STONE:
                continue
            if battle.attackable(st, r):
                out.append(r)
        return out

    def _uses(self, st: DeckState, village: bool) -> list[Action]:
        cards = table().cards
        play = st.play
        out: list[Action] = []
        seen: set[tuple[str, int]] = set()
        for i, cid in enumerate(play):
            if cid is None:
                continue
            c = cards[cid]
            abilities = c.village if village else c.dungeon
            for ab in abilities:
                code = i * 8 + ab.index
                if not ab.repeat and code in st.used:
                    continue
                key = (cid, ab.index)
                if key in seen:
                    continue
                pays = self._pay_choices(st, i, ab)
                targets = self._targets(st, ab)
                if pays is None or targets is None:
                    continue
                seen.add(key)
                base: tuple[tuple[str, int], ...] = (("ability", ab.index), ("card", i))
                for j in pays:
                    for t in targets:
                        args: tuple[tuple[str, int], ...] = base
                        if j >= 0:
                            args = args + (("pay", j),)
                        if t >= 0:
                            args = args + (("target", t),)
                        out.append(Action("use", args))
        return out

    def _pay_choices(self, st: DeckState, i: int, ab: Ability) -> list[int] | None:
        if ab.destroy is None:
            return [-1]
        cards = table().cards
        out = []
        seen: set[str] = set()
        spent = {u // 8 for u in st.used}
        for j, cid in enumerate(st.play):
            # seed 000, "Dungeoneffekte": a card whose effect was used cannot be destroyed
            # by another effect afterwards, and each card pays only once
            if cid is None or j == i or j in spent or cid in seen:
                continue
            if matches(cards[cid], ab.destroy):
                seen.add(cid)
                out.append(j)
        return out or None

    def _targets(self, st: DeckState, ab: Ability) -> list[int] | None:
        if not ab.target:
            return [-1]
        cards = table().cards
        if ab.target == "hero":
            out = [j for j, cid in enumerate(st.play) if cid is not None and cards[cid].is_hero]
        else:
            out = [r for r in (1, 2, 3) if st.hall[r - 1] not in (None, STONE)
                   and not cards[st.hall[r - 1]].mon.defeat_only]  # type: ignore[index,union-attr]
        return out or None

    def _buyable(self, st: DeckState) -> list[str]:
        if st.step > 1 or st.bought >= st.buys:
            return []
        cards = table().cards
        gold = self.gold_total(st) - st.spent
        return [p for p, pile in st.piles.items() if pile and cards[pile[-1]].cost <= gold]

    def _levels(self, st: DeckState) -> list[tuple[int, str]]:
        cards = table().cards
        xp = st.players[st.current].xp
        if xp <= 0:
            return []
        t = table()
        out: list[tuple[int, str]] = []
        seen: set[str] = set()
        for i, cid in enumerate(st.play):
            if cid is None or cid in seen:
                continue
            c = cards[cid]
            if not c.is_hero:
                continue
            seen.add(cid)
            if c.hclass == MILITIA:
                if xp >= MILITIA_LEVEL_COST:
                    for h in st.setup["heroes"]:
                        if t.class_levels[h][1] in st.piles[h]:
                            out.append((i, h))
            elif c.level < 3 and xp >= c.xp_cost and c.hclass in st.piles:
                if t.class_levels[c.hclass][c.level + 1] in st.piles[c.hclass]:
                    out.append((i, c.hclass))
        return out

    def level_targets(self, st: DeckState) -> list[tuple[int, str, str, int]]:
        """Returns each possible level-up as (play index, pile, the card it becomes, XP cost)."""
        t = table()
        out = []
        for i, to in self._levels(st):
            cid = st.play[i]
            assert cid is not None
            c = t.cards[cid]
            if c.hclass == MILITIA:
                out.append((i, to, t.class_levels[to][1], MILITIA_LEVEL_COST))
            else:
                out.append((i, to, t.class_levels[to][c.level + 1], c.xp_cost))
        return out

    def _equips(self, st: DeckState) -> list[tuple[int, int]]:
        cards = table().cards
        play = st.play
        armed = set(st.equip.values())
        heroes = [h for h, c in enumerate(play) if c is not None and cards[c].is_hero
                  and h not in armed]
        if not heroes:
            return []
        out = []
        seen: set[str] = set()
        for w, cid in enumerate(play):
            if cid is None or w in st.equip or cid in seen:
                continue
            wc = cards[cid]
            if not wc.is_weapon:
                continue
            seen.add(cid)
            for h in heroes:
                if wc.weight <= self.prep_strength(st, h):
                    out.append((h, w))
        return out

    def _destroy_choices(self, st: DeckState) -> list[int]:
        cards = table().cards
        pend = st.flow.stack[-1].data
        what = pend[1]
        kind = pend[0]
        out = []
        seen: set[str] = set()
        # seed 000, "Dungeoneffekte": a card already used cannot be destroyed by another effect
        spent = {u // 8 for u in st.used} if kind == "ability" else set()
        spent.discard(pend[4])
        for i, cid in enumerate(st.play):
            if cid is None or cid in seen or i in spent or (kind == "battle" and i in st.doomed):
                continue
            if matches(cards[cid], what):
                seen.add(cid)
                out.append(i)
        return out

    def _spoil_piles(self, st: DeckState) -> list[str]:
        gold = self._spoils_gold(st)
        return [p for p, pile in st.piles.items() if pile and self._spoil_fits(st, pile[-1], gold)]

    def _spoils_gold(self, st: DeckState) -> int:
        """Returns the gold of the revealed cards that survived the fight (spoils are bought
        with it)."""
        cards = table().cards
        return sum(cards[c].gold for i, c in enumerate(st.play)
                   if c is not None and i not in st.doomed)

    def _spoil_fits(self, st: DeckState, cid: str, gold: int) -> bool:
        c = table().cards[cid]
        return c.cost <= gold and any(matches(c, k) for k in st.spoils)

    # --- one given action, checked as the lists above would judge it (validate) -----------
    # Identical cards fold into one action (the first copy's); so a copy is legal only when
    # no earlier copy of the same card would be listed.
    def _may_use(self, st: DeckState, village: bool, action: Action) -> bool:
        """Returns whether ``use`` with these parameters is among ``_uses``."""
        args = action.args
        if len(args) < 2 or args[0][0] != "ability" or args[1][0] != "card":
            return False
        index, i = args[0][1], args[1][1]
        play = st.play
        if not isinstance(i, int) or not 0 <= i < len(play):
            return False
        cid = play[i]
        if cid is None:
            return False
        c = table().cards[cid]
        ab = next((a for a in (c.village if village else c.dungeon) if a.index == index), None)
        if ab is None or (not ab.repeat and i * 8 + ab.index in st.used):
            return False
        pays = self._pay_choices(st, i, ab)
        targets = self._targets(st, ab)
        if pays is None or targets is None:
            return False
        for k in range(i):
            if play[k] == cid and (ab.repeat or k * 8 + ab.index not in st.used) \
                    and self._pay_choices(st, k, ab) is not None:
                return False  # an earlier copy offers it
        k = 2
        for name, choices in (("pay", pays), ("target", targets)):
            if choices != [-1]:  # the parameter is there when the ability pays or aims
                if len(args) <= k or args[k][0] != name or args[k][1] not in choices:
                    return False
                k += 1
        return k == len(args)

    def _may_level(self, st: DeckState, i: Any, to: Any) -> bool:
        """Returns whether (i, to) is among ``_levels``."""
        xp = st.players[st.current].xp
        play = st.play
        if xp <= 0 or not isinstance(i, int) or not 0 <= i < len(play) or play[i] is None \
                or play[i] in play[:i]:
            return False
        t = table()
        c = t.cards[play[i]]  # type: ignore[index]
        if not c.is_hero:
            return False
        if c.hclass == MILITIA:
            return xp >= MILITIA_LEVEL_COST and to in st.setup["heroes"] \
                and t.class_levels[to][1] in st.piles[to]
        return c.level < 3 and xp >= c.xp_cost and to == c.hclass and c.hclass in st.piles \
            and t.class_levels[c.hclass][c.level + 1] in st.piles[c.hclass]

    def _may_equip(self, st: DeckState, h: Any, w: Any) -> bool:
        """Returns whether (h, w) is among ``_equips``."""
        play = st.play
        n = len(play)
        if not isinstance(h, int) or not isinstance(w, int) or not 0 <= h < n \
                or not 0 <= w < n or play[h] is None or play[w] is None or w in st.equip \
                or h in st.equip.values():
            return False
        cards = table().cards
        wid = play[w]
        wc = cards[wid]  # type: ignore[index]
        if not cards[play[h]].is_hero or not wc.is_weapon:  # type: ignore[index]
            return False
        if any(play[k] == wid and k not in st.equip for k in range(w)):
            return False  # an earlier free copy of the weapon is the one listed
        return wc.weight <= self.prep_strength(st, h)

    def _may_destroy(self, st: DeckState, i: Any) -> bool:
        """Returns whether destroying card ``i`` is among the destroy options now."""
        if not st.flow.stack:  # resting: a card of the hand, the first copy of each
            hand = st.players[st.current].hand
            return isinstance(i, int) and 0 <= i < len(hand) and hand[i] not in hand[:i]
        play = st.play
        if not isinstance(i, int) or not 0 <= i < len(play) or play[i] is None:
            return False
        cards = table().cards
        pend = st.flow.stack[-1].data
        kind = pend[0]
        spent = {u // 8 for u in st.used} if kind == "ability" else set()
        spent.discard(pend[4])

        def open_(k: int) -> bool:
            return k not in spent and not (kind == "battle" and k in st.doomed)
        cid = play[i]
        if not open_(i) or not matches(cards[cid], pend[1]):  # type: ignore[index]
            return False
        return not any(play[k] == cid and open_(k) for k in range(i))

    # --- acting (the effects of the action kinds in FLOW) ----------------------------------
    def _use(self, st: DeckState, action: Action, ev: list[Event]) -> None:
        cards = table().cards
        i = action["card"]
        cid = st.play[i]
        assert cid is not None
        c = cards[cid]
        ab = (c.village if st.flow.phase == VILLAGE else c.dungeon)[action["ability"]]
        # once-only abilities are marked by index; a used REPEAT ability marks slot 7
        code = i * 8 + (7 if ab.repeat else ab.index)
        if code not in st.used:
            st.used.append(code)
        ev.append(Event("deckbuilder.ev.use", {"player": st.current, "card": c.name,
                                    "effect": effect_message(ab.type, ab.params).to_json()}))
        pay = action.get("pay", -1)
        if pay >= 0:
            self._trash_play(st, pay, ev)
        if ab.destroy_self:
            self._trash_play(st, i, ev)
        ab.call(_Use(self, st, i, action.get("target", -1), ev))

    def _trash_play(self, st: DeckState, i: int, ev: list[Event]) -> None:
        cid = st.play[i]
        assert cid is not None
        st.play[i] = None
        st.equip.pop(i, None)
        for w, h in list(st.equip.items()):
            if h == i:
                del st.equip[w]
        self._to_trash(st, cid)
        ev.append(Event("deckbuilder.ev.destroy", {"player": st.current, "card": table().cards[cid].name}))

    def _to_trash(self, st: DeckState, cid: str) -> None:
        # seed 000, "Erholung": destroyed diseases return to their unlimited supply
        if cid == DISEASE:
            st.diseases_out -= 1
        else:
            st.trash.append(cid)

    def _give_disease(self, st: DeckState, p: int, count: int, ev: list[Event]) -> None:
        st.players[p].discard.extend([DISEASE] * count)
        st.diseases_out += count
        ev.append(Event("deckbuilder.ev.disease", {"player": p, "count": count}))

    def _draw(self, st: DeckState, p: int, n: int, ev: list[Event]) -> list[str]:
        """Draws up to n cards (seed 000, "Dein Kommandodeck": reshuffle only when empty)."""
        pl = st.players[p]
        out: list[str] = []
        deck = pl.deck
        while n > 0:
            if not deck:
                if not pl.discard:
                    break
                deck = pl.discard
                pl.discard = []
                st.rng.shuffle(deck)
                pl.deck = deck
                ev.append(Event("deckbuilder.ev.reshuffle", {"player": p}))
            out.append(deck.pop())
            n -= 1
        return out

    def _draw_into_play(self, st: DeckState, n: int, ev: list[Event]) -> None:
        got = self._draw(st, st.current, n, ev)
        st.play.extend(got)
        ev.append(Event("deckbuilder.ev.draw", {"player": st.current, "cards": got}, reveal=True))

    def _buy(self, st: DeckState, pid: str, ev: list[Event]) -> None:
        cards = table().cards
        card = st.piles[pid].pop()
        c = cards[card]
        st.step = 1
        st.bought += 1
        st.spent += c.cost
        st.players[st.current].discard.append(card)
        ev.append(Event("deckbuilder.ev.buy", {"player": st.current, "card": c.name, "cost": c.cost},
                        breakdowns=(self.gold_breakdown(st),)))

    def _level(self, st: DeckState, i: int, to: str, ev: list[Event]) -> None:
        t = table()
        cid = st.play[i]
        assert cid is not None
        c = t.cards[cid]
        if c.hclass == MILITIA:
            cost, nxt = MILITIA_LEVEL_COST, t.class_levels[to][1]
        else:
            cost, nxt = c.xp_cost, t.class_levels[to][c.level + 1]
        st.step = 2
        p = st.players[st.current]
        p.xp -= cost
        st.piles[to].remove(nxt)
        st.play[i] = None
        st.equip.pop(i, None)
        self._to_trash(st, cid)
        p.discard.append(nxt)
        st.leveled.append(i)
        ev.append(Event("deckbuilder.ev.level", {"player": st.current, "card": c.name,
                                      "to": t.cards[nxt].name, "xp": cost}))

    def _attack(self, st: DeckState, rank: int, ev: list[Event]) -> None:
        st.target = rank
        mid = st.hall[rank - 1]
        assert mid is not None
        st.fought = mid
        ev.append(Event("deckbuilder.ev.attack", {"player": st.current, "monster": table().cards[mid].name,
                                       "rank": rank}))
        f = battle.prepare(st, rank)
        if st.variants.get("disease") == "printed":
            self._resolve(st, max(st.split, 0), ev)
        elif f.kmax > f.kmin:
            st.flow.push(split_decision(st.current))
        else:
            self._resolve(st, f.kmin, ev)

    def _resolve(self, st: DeckState, k: int, ev: list[Event]) -> None:
        """Computes the fight and applies its battle effects (seed 000, "Kampf im Dungeon" 4.)."""
        f = battle.prepare(st, st.target, explain=True)
        r = battle.finish(f, k)
        mon = f.monster
        mp = mon.mon
        assert mp is not None
        cur = st.current
        st.won = r.win
        ev.append(Event("deckbuilder.ev.win" if r.win else "deckbuilder.ev.lose",
                        {"player": cur, "monster": mon.name, "attack": r.total,
                         "health": mon.health},
                        breakdowns=(battle.breakdown(f, r),)))
        if st.variants.get("strength") != "printed":
            # seed 000, online rule change 1: strength 0 or less -> destroyed at end of turn
            st.doomed.extend(h for h in f.low if h not in st.doomed)
        if r.win:
            st.spoils = list(mp.spoils) + f.spoils
        if mp.diseases:
            self._give_disease(st, cur, mp.diseases, ev)
        if f.curse:
            self._give_disease(st, cur, f.curse, ev)
        if mp.lose_xp:
            p = st.players[cur]
            lost = min(mp.lose_xp, p.xp)
            p.xp -= lost
            if lost:
                ev.append(Event("deckbuilder.ev.xp_lost", {"player": cur, "amount": lost}))
        queue: list[Any] = []
        for what, count in mp.destroys:
            queue.extend([what, count])
        self._next_battle_destroy(st, ["battle", "", "", 0, -1, *queue], ev)

    def _next_battle_destroy(self, st: DeckState, pend: list[Any], ev: list[Event]) -> None:
        """Destroys by the queued battle effects (``pend[5:]``), asking where it matters."""
        cards = table().cards
        while len(pend) > 5:
            what, count = pend[5], pend[6]
            cands = [i for i, c in enumerate(st.play)
                     if c is not None and i not in st.doomed and matches(cards[c], what)]
            if not cands:
                del pend[5:7]
                continue
            if len(cands) <= count or len({st.play[i] for i in cands}) == 1:
                for i in cands[:count]:
                    self._doom(st, i, ev)
                del pend[5:7]
                continue
            pend[1] = what
            st.flow.push(destroy_decision(st.current, pend))
            return
        self._fight_over(st, ev)

    def _doom(self, st: DeckState, i: int, ev: list[Event]) -> None:
        # seed 000, "Kampfeffekte": cards destroyed by battle effects fight on until the end
        st.doomed.append(i)
        ev.append(Event("deckbuilder.ev.doomed", {"player": st.current,
                                       "card": table().cards[st.play[i]].name}))  # type: ignore[index]

    def _destroy(self, st: DeckState, i: int, ev: list[Event]) -> None:
        if not st.flow.stack:  # the rest phase: a card from the hand
            p = st.players[st.current]
            cid = p.hand.pop(i)
            self._to_trash(st, cid)
            ev.append(Event("deckbuilder.ev.destroy", {"player": st.current,
                                            "card": table().cards[cid].name}))
            self._end_turn(st, ev)
            return
        pend = list(st.flow.pop().data)
        if pend[0] == "battle":
            self._doom(st, i, ev)
            pend[6] -= 1
            if pend[6] <= 0:
                del pend[5:7]
            self._next_battle_destroy(st, pend, ev)
            return
        _, _, _phase, then_draw, _src = pend
        self._trash_play(st, i, ev)
        if then_draw:
            self._draw_into_play(st, then_draw, ev)

    def _fight_over(self, st: DeckState, ev: list[Event]) -> None:
        """Moves the monster and offers spoils (seed 000, "Abwicklung eines Kampfes")."""
        cards = table().cards
        cur = st.current
        mid = st.fought
        mon = cards[mid]
        idx = st.target - 1
        if st.won:
            st.players[cur].discard.append(mid)
            st.players[cur].xp += mon.xp
            st.hall[idx] = None
            ev.append(Event("deckbuilder.ev.xp", {"player": cur, "amount": mon.xp}))
        elif not mon.mon.defeat_only:  # type: ignore[union-attr]
            st.dungeon.insert(0, mid)
            st.dknown += 1
            st.hall[idx] = None
        if st.won and st.spoils and self._spoil_gold_ok(st):
            st.flow.push(spoils_window(cur))
            return
        self._after_fight(st, ev)

    def _spoil_gold_ok(self, st: DeckState) -> bool:
        return bool(self._spoil_piles(st))

    def _spoil(self, st: DeckState, pid: str, ev: list[Event]) -> None:
        cards = table().cards
        c = cards[st.piles[pid][-1]]
        for k in st.spoils:
            if matches(c, k):
                st.spoils.remove(k)
                break
        st.players[st.current].discard.append(st.piles[pid].pop())
        ev.append(Event("deckbuilder.ev.spoils", {"player": st.current, "card": c.name, "cost": c.cost}))
        if not st.spoils or not self._spoil_gold_ok(st):
            st.flow.pop()  # nothing left to buy: the spoils window closes
            self._after_fight(st, ev)

    def _after_fight(self, st: DeckState, ev: list[Event]) -> None:
        for i in sorted(st.doomed):
            cid = st.play[i]
            if cid is not None:
                self._trash_play(st, i, ev)
        st.doomed = []
        if st.hall[st.target - 1] is None:
            self._refill(st, st.target - 1, ev, st.won)
        self._end_turn(st, ev)

    def _refill(self, st: DeckState, idx: int, ev: list[Event], kill: bool) -> None:
        """Closes the gap toward rank 1 and reveals a new rank 3 (seed 000, "Die Monsterkarten")."""
        cards = table().cards
        hall = st.hall
        del hall[idx]
        nxt = st.dungeon.pop() if st.dungeon else None
        if st.dknown > len(st.dungeon):
            st.dknown = len(st.dungeon)
        hall.append(nxt)
        if nxt is not None:
            ev.append(Event("deckbuilder.ev.hall", {"card": nxt, "name": cards[nxt].name}, reveal=True))
        if idx != 0 or hall[0] is None:
            return
        front = hall[0]
        if front == STONE:
            if kill:
                # seed 000, "Spielende": the kill that moved the stone to rank 1 takes it
                st.holder = st.current
                st.players[st.current].discard.append(STONE)
                hall[0] = None
                ev.append(Event("deckbuilder.ev.stone", {"player": st.current}))
            return
        if cards[front].breach:
            ev.append(Event("deckbuilder.ev.breach", {"monster": cards[front].name}))
            ctx = _Breach(self, st, ev)
            for handler, params in cards[front].breach:
                handler(ctx, **params)

    def _end_turn(self, st: DeckState, ev: list[Event]) -> None:
        """Discards everything and draws 6 (seed 000, "Dorfbesuch" 6.); checks the end."""
        cur = st.current
        p = st.players[cur]
        p.discard.extend(c for c in st.play if c is not None)
        p.discard.extend(p.hand)
        p.hand = self._draw(st, cur, HAND, ev)
        # The new hand comes from a deck shuffled earlier (no RNG is drawn now): the reveal
        # mark makes ending the turn an irreversible point, so undo cannot show the next hand.
        drew = bool(p.hand)
        st.reset_turn()
        st.turn += 1
        if st.holder >= 0 or st.hall[0] == STONE or st.turn >= st.last_turn:
            st.flow.phase = OVER
            ev.append(Event("deckbuilder.ev.game_over", {"reason": self._end_reason(st)},
                            reveal=drew))
            return
        st.current = (cur + 1) % len(st.players)
        st.flow.phase = CHOOSE
        ev.append(Event("deckbuilder.ev.turn", {"player": st.current}, reveal=drew))

    def _end_reason(self, st: DeckState) -> str:
        if st.holder >= 0:
            return "deckbuilder.end.taken"
        if st.hall[0] == STONE:
            return "deckbuilder.end.reached"
        return "deckbuilder.end.limit"

    # --- reading -----------------------------------------------------------------------------
    def view(self, state: DeckState, seat: int | None) -> dict[str, Any]:
        """Returns what ``seat`` may see (see docs/deckbuilder/view.md)."""
        from engine.rules.deckbuilder.view import build_view

        return build_view(self, state, seat)

    def progress(self, state: DeckState) -> Message:
        """Returns the round the table shows (a round is one turn of every player)."""
        return Message("deckbuilder.ui.turn", {"turn": state.turn // max(1, len(state.players)) + 1})

    def is_over(self, state: DeckState) -> bool:
        """Returns True once the game has ended."""
        return state.flow.phase == OVER

    def victory_points(self, st: DeckState, p: int) -> int:
        """Returns the victory points of all of a player's cards (seed 000, "Spielende")."""
        cards = table().cards
        pl = st.players[p]
        total = sum(cards[c].vp for c in pl.deck) + sum(cards[c].vp for c in pl.hand)
        total += sum(cards[c].vp for c in pl.discard)
        if p == st.current:
            total += sum(cards[c].vp for c in st.play if c is not None)
        return total

    def outcome(self, state: DeckState) -> Outcome | None:
        """Returns winners and victory points; ties go to the thunderstone's holder."""
        st = state
        if st.flow.phase != OVER:
            return None
        scores = [self.victory_points(st, p) for p in range(len(st.players))]
        best = max(scores)
        top = [p for p, s in enumerate(scores) if s == best]
        if len(top) > 1 and st.holder in top:
            top = [st.holder]
        return Outcome(tuple(top), tuple(float(s) for s in scores),
                       Message(self._end_reason(st), {}))

    # --- persistence -------------------------------------------------------------------------
    def state_to_dict(self, state: DeckState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> DeckState:
        """Returns the state stored by state_to_dict."""
        return DeckState.from_dict(data)

    def clone(self, state: DeckState) -> DeckState:
        """Returns a hand-written copy."""
        return state.clone()

    def determinize(self, state: DeckState, seat: int, rng: Rng) -> DeckState:
        """Re-deals what ``seat`` cannot see: deck orders, other hands, the dungeon deck."""
        st = state.clone()
        for p, pl in enumerate(st.players):
            if p == seat:
                deck = sorted(pl.deck)
                rng.shuffle(deck)
                pl.deck = deck
            else:
                pool = sorted(pl.deck + pl.hand)
                rng.shuffle(pool)
                n = len(pl.hand)
                pl.hand = pool[len(pool) - n:] if n else []
                pl.deck = pool[:len(pool) - n]
        known = st.dungeon[:st.dknown]
        hidden = st.dungeon[st.dknown:]
        has_stone = STONE in hidden
        rest = sorted(c for c in hidden if c != STONE)
        rng.shuffle(rest)
        if has_stone:
            # the stone was shuffled into the bottom 11 cards of the original deck
            pos = rng.below(min(setup.UNDER + 1, len(rest) + 1))
            rest.insert(pos, STONE)
        st.dungeon = known + rest
        st.rng = Rng(rng.next_u64())
        return st

    def setup_scenario(self, state: DeckState, setup_map: dict[str, Any]) -> None:
        """Overrides parts of a fresh state (vocabulary in docs/deckbuilder/scenarios.md)."""
        from engine.rules.deckbuilder.scenario import apply_setup

        apply_setup(self, state, setup_map)


def card(cid: str) -> Card:
    """Returns the runtime card of an id."""
    return table().cards[cid]


# --- the turn flow: phases, pending decisions and action kinds, each declared once ---------------
# Options append the legal actions of their kind in the order the players see them; checks take
# the given action directly (or, for kinds whose options fold identical cards together, test it
# against those options); the refusals name the rule (seed 000) that forbids the action.

_VILLAGE = Action.make("village")
_DUNGEON = Action.make("dungeon")
_REST = Action.make("rest")
_RETREAT = Action.make("retreat")
_END_SPOILS = Action.make("end_spoils")
_END_TURN = Action.make("end_turn")
Refusal = tuple[str, str]


def _not_a_target(rules: DeckRules, st: DeckState, action: Action) -> Refusal:
    return ("deckbuilder.rule.not_a_target", f"{action} is not a legal choice now")


def _no_params(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    return None if not action.args else _not_a_target(rules, st, action)


def _one_param(action: Action, name: str) -> Any:
    """Returns the value of the action's only parameter ``name`` (else a value never legal)."""
    args = action.args
    return args[0][1] if len(args) == 1 and args[0][0] == name else _NEVER


_NEVER = object()


# choose: village visit, dungeon fight or rest (seed 000, "Spielablauf")
def _options_village(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.append(_VILLAGE)


def _can_fight(st: DeckState) -> bool:
    return any(m is not None and m != STONE for m in st.hall)


def _options_dungeon(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    if _can_fight(st):
        out.append(_DUNGEON)


def _check_dungeon(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    if action.args or not _can_fight(st):
        return _not_a_target(rules, st, action)
    return None


def _options_rest(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.append(_REST)


def _apply_visit(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    """Reveals the hand for a village visit or a dungeon fight."""
    cur = st.current
    p = st.players[cur]
    st.play = list(p.hand)
    p.hand = []
    village = action.kind == "village"
    st.flow.phase = VILLAGE if village else DUNGEON
    key = "deckbuilder.ev.village" if village else "deckbuilder.ev.dungeon"
    ev.append(Event(key, {"player": cur, "cards": [c for c in st.play if c]}, reveal=True))


def _apply_rest(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    st.flow.phase = REST
    ev.append(Event("deckbuilder.ev.rest", {"player": st.current}))


# abilities (village step 0, or the dungeon preparation)
def _options_use(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    village = st.flow.phase == VILLAGE
    if not village or st.step == 0:
        out.extend(rules._uses(st, village))


def _check_use(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    village = st.flow.phase == VILLAGE
    if (not village or st.step == 0) and rules._may_use(st, village, action):
        return None
    return _refuse_use(rules, st, action)


def _refuse_use(rules: DeckRules, st: DeckState, action: Action) -> Refusal:
    if st.flow.phase == VILLAGE and st.step > 0:
        return ("deckbuilder.rule.effects_before_buying", "village effects come before buying")
    return ("deckbuilder.rule.ability_unavailable", "ability used, cost not payable or bad target")


def _apply_use(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    rules._use(st, action, ev)


# village: buy, then level up (seed 000, "Dorfbesuch")
def _options_buy(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    # Action(kind, sorted args) built directly: legal_actions is the hot path of bots
    out.extend(Action("buy", (("card", p),)) for p in rules._buyable(st))


def _check_buy(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    card = _one_param(action, "card")
    if card is not _NEVER and st.step <= 1 and st.bought < st.buys:
        pile = st.piles.get(card)  # one pile, as _buyable would judge it
        if pile and table().cards[pile[-1]].cost <= rules.gold_total(st) - st.spent:
            return None
    pile = st.piles.get(str(action.get("card")))
    if not pile:
        return ("deckbuilder.rule.pile_empty", "that pile is empty or not in this game")
    if st.step > 1:
        return ("deckbuilder.rule.buy_before_level", "buying comes before levelling up")
    if st.bought >= st.buys:
        return ("deckbuilder.rule.no_buys_left", "no purchase left")
    if table().cards[pile[-1]].cost + st.spent > rules.gold_total(st):
        return ("deckbuilder.rule.not_enough_gold", "the price exceeds the gold")
    return _not_a_target(rules, st, action)


def _apply_buy(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    rules._buy(st, str(action["card"]), ev)


def _options_level(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.extend(Action("level", (("card", i), ("to", to))) for i, to in rules._levels(st))


def _check_level(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    args = action.args
    if len(args) == 2 and args[0][0] == "card" and args[1][0] == "to" \
            and rules._may_level(st, args[0][1], args[1][1]):
        return None
    return _refuse_level(rules, st, action)


def _refuse_level(rules: DeckRules, st: DeckState, action: Action) -> Refusal:
    i = action.get("card")
    play = st.play
    if not isinstance(i, int) or not 0 <= i < len(play) or play[i] is None:
        return ("deckbuilder.rule.no_such_card", "no such revealed card")
    c = table().cards[str(play[i])]
    cost = MILITIA_LEVEL_COST if c.hclass == MILITIA else c.xp_cost
    if not c.is_hero or c.level >= 3:
        return ("deckbuilder.rule.cannot_level", "only heroes below level 3 level up")
    if st.players[st.current].xp < cost:
        return ("deckbuilder.rule.not_enough_xp", "not enough experience points")
    return ("deckbuilder.rule.level_pile_empty", "the next level is not in the pile")


def _apply_level(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    rules._level(st, action["card"], action["to"], ev)


def _options_end_turn(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.append(_END_TURN)


def _apply_end_turn(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    rules._end_turn(st, ev)


# dungeon preparation: weapons, the printed disease rule, the target (seed 000, "Kämpfe")
def _options_equip(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.extend(Action("equip", (("hero", h), ("weapon", w))) for h, w in rules._equips(st))


def _check_equip(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    args = action.args
    if len(args) == 2 and args[0][0] == "hero" and args[1][0] == "weapon" \
            and rules._may_equip(st, args[0][1], args[1][1]):
        return None
    return _refuse_equip(rules, st, action)


def _refuse_equip(rules: DeckRules, st: DeckState, action: Action) -> Refusal:
    w = action.get("weapon")
    h = action.get("hero")
    if isinstance(w, int) and isinstance(h, int) and 0 <= w < len(st.play) \
            and 0 <= h < len(st.play) and st.play[w] and st.play[h]:
        cards = table().cards
        wc, hc = cards[str(st.play[w])], cards[str(st.play[h])]
        if wc.is_weapon and hc.is_hero and wc.weight > rules.prep_strength(st, h):
            return ("deckbuilder.rule.weapon_too_heavy", "the weapon outweighs the hero's strength")
        if h in st.equip.values():
            return ("deckbuilder.rule.one_weapon", "a hero carries one weapon")
    return ("deckbuilder.rule.not_a_target", "not a hero and a free weapon")


def _apply_equip(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    w, h = action["weapon"], action["hero"]
    st.equip[w] = h
    cards = table().cards
    ev.append(Event("deckbuilder.ev.equip", {"hero": cards[st.play[h]].name,  # type: ignore[index]
                                             "weapon": cards[st.play[w]].name}))  # type: ignore[index]


def _options_unequip(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.extend(Action.make("unequip", weapon=w) for w in sorted(st.equip))


def _check_unequip(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    w = _one_param(action, "weapon")
    if w is not _NEVER and w in st.equip:
        return None
    return _not_a_target(rules, st, action)


def _apply_unequip(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    del st.equip[action["weapon"]]


def _disease_choices(st: DeckState) -> range | list[int]:
    """Returns how many diseases may go against magic attack now."""
    if st.flow.stack:  # the split decision after the target (online rule)
        f = battle.prepare(st, st.target)
        return range(f.kmin, f.kmax + 1)
    if st.variants.get("disease") == "printed":  # chosen beforehand (printed rule)
        d = sum(1 for c in st.play if c == DISEASE)
        return [k for k in range(d + 1) if k != max(st.split, 0)]
    return []


def _options_diseases(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.extend(Action.make("diseases", magic=k) for k in _disease_choices(st))


def _check_diseases(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    k = _one_param(action, "magic")
    if k is not _NEVER and k in _disease_choices(st):
        return None
    return _not_a_target(rules, st, action)


def _apply_diseases(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    k = action["magic"]
    if st.flow.stack:
        st.flow.pop()
        rules._resolve(st, k, ev)
    else:
        st.split = k


def _options_attack(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.extend(Action("attack", (("rank", r),)) for r in rules.attackable_ranks(st))


def _check_attack(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    rank = _one_param(action, "rank")
    if rank is not _NEVER and rank in (1, 2, 3):
        m = st.hall[rank - 1]  # the one rank, as attackable_ranks would judge it
        if m is not None and m != STONE and battle.attackable(st, rank):
            return None
    return ("deckbuilder.rule.cannot_attack", "that monster cannot be attacked now")


def _apply_attack(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    rules._attack(st, action["rank"], ev)


def _options_retreat(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    # retreat only when no monster may be attacked: the attack options come just before
    if not out or out[-1].kind != "attack":
        out.append(_RETREAT)


def _check_retreat(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    if action.args or rules.attackable_ranks(st):
        return _not_a_target(rules, st, action)
    return None


def _apply_retreat(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    ev.append(Event("deckbuilder.ev.retreat", {"player": st.current}))
    rules._end_turn(st, ev)


# destroy: a card for an effect (the destroy decision), or one from the hand when resting
def _options_destroy(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    if st.flow.stack:
        out.extend(Action.make("destroy", card=i) for i in rules._destroy_choices(st))
        return
    seen: set[str] = set()
    for i, c in enumerate(st.players[st.current].hand):
        if c not in seen:
            seen.add(c)
            out.append(Action.make("destroy", card=i))


def _check_destroy(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    i = _one_param(action, "card")
    if i is not _NEVER and rules._may_destroy(st, i):
        return None
    return _not_a_target(rules, st, action)


def _apply_destroy(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    rules._destroy(st, action["card"], ev)


# spoils after a won fight (seed 000, "Beute")
def _options_spoil(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.extend(Action.make("spoil", card=p) for p in rules._spoil_piles(st))


def _check_spoil(rules: DeckRules, st: DeckState, action: Action) -> Refusal | None:
    pile = st.piles.get(_one_param(action, "card"))
    if pile and rules._spoil_fits(st, pile[-1], rules._spoils_gold(st)):
        return None
    return _not_a_target(rules, st, action)


def _apply_spoil(rules: DeckRules, st: DeckState, action: Action, ev: list[Event]) -> None:
    rules._spoil(st, str(action["card"]), ev)


def _options_end_spoils(rules: DeckRules, st: DeckState, out: list[Action]) -> None:
    out.append(_END_SPOILS)


def _close_spoils(rules: DeckRules, st: DeckState, window: Any, ev: list[Event]) -> None:
    rules._after_fight(st, ev)


def _prompt(phase: str) -> Any:
    def prompt(rules: DeckRules, st: DeckState) -> Message:
        return Message(PROMPTS[phase], {"player": st.current})
    return prompt


def _village_prompt(rules: DeckRules, st: DeckState) -> Message:
    return rules.village_prompt(st)


FLOW = Flow(
    "deckbuilder",
    phases=(
        Phase(CHOOSE, ("village", "dungeon", "rest"), _prompt(CHOOSE)),
        Phase(VILLAGE, ("use", "buy", "level", "end_turn"), _village_prompt),
        Phase(DUNGEON, ("use", "equip", "unequip", "diseases", "attack", "retreat"),
              _prompt(DUNGEON)),
        Phase(REST, ("destroy", "end_turn"), _prompt(REST)),
        Phase(OVER, (), _prompt(OVER), terminal=True),
    ),
    decisions=(
        DecisionKind(SPLIT, ("diseases",)),
        DecisionKind(DESTROY, ("destroy",)),
        DecisionKind(SPOILS, ("spoil",), pass_kind="end_spoils", on_close=_close_spoils),
    ),
    actions=(
        ActionKind("village", _options_village, _no_params, _apply_visit),
        ActionKind("dungeon", _options_dungeon, _check_dungeon, _apply_visit),
        ActionKind("rest", _options_rest, _no_params, _apply_rest),
        ActionKind("use", _options_use, _check_use, _apply_use),
        ActionKind("buy", _options_buy, _check_buy, _apply_buy),
        ActionKind("level", _options_level, _check_level, _apply_level),
        ActionKind("equip", _options_equip, _check_equip, _apply_equip),
        ActionKind("unequip", _options_unequip, _check_unequip, _apply_unequip),
        ActionKind("diseases", _options_diseases, _check_diseases, _apply_diseases),
        ActionKind("attack", _options_attack, _check_attack, _apply_attack),
        ActionKind("retreat", _options_retreat, _check_retreat, _apply_retreat),
        ActionKind("destroy", _options_destroy, _check_destroy, _apply_destroy),
        ActionKind("spoil", _options_spoil, _check_spoil, _apply_spoil),
        ActionKind("end_spoils", _options_end_spoils, _no_params),
        ActionKind("end_turn", _options_end_turn, _no_params, _apply_end_turn),
    ),
    turn_seat="current",
    seat_param="player",
    closed=("deckbuilder.rule.wrong_phase", "{kind} is not possible during {step}"),
)
FLOW.install(DeckRules)
