"""Bot decks in battle (seed 002, "Kartendecks der Bot-Helden"; spec §14.2, R-255–257).

A bot hero's side is automatic (its units act by engine/rules/heroes/auto.py) and holds two
decks (``state.BotDecks``): the bot deck and the bot spell deck, both shuffled when the battle
begins. Whenever the bot activates a unit (not the arrow tower), one bot card is drawn and the
modifier of the game's difficulty resolves before the unit moves or attacks
(``combat.start_activation`` calls ``on_activation``); an empty bot deck draws nothing more in
this battle (seed: "Ziehe keine Karten mehr, wenn das Bot-Deck während des Kampfes aufgebraucht
ist"). The modifier's records are the bot vocabulary of engine/rules/heroes/boteffects.py:

- might: the activated unit gains attack until its next attack (bonus ``strike``) and defence
  until the next attack against it (bonus ``guard``), or its next die is fixed;
- magic: the top card of the bot spell deck is cast at the highest tier the modifier allows
  that has a target (spec §14.2 proposal: empower 0/0/1/2); a harmful spell goes to the target
  the activated unit itself ranks first (seed "Kämpfe gegen Bots"), a helpful one to the
  activated unit, else to the bot's strongest unit;
- skill: the ability card the skill card names (set aside at the scenario's set-up) resolves
  its basic or expert effect (spec §14.2 proposal), on the activated unit or, for a healing
  ability, on the bot's most damaged unit;
- "may draw a card": another bot card is drawn and resolved.

Every card and every choice is logged (events ``heroes.bot.*``) with the card's and the bot
hero's names in both languages.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.content.effects import REGISTRY
from engine.core.actions import Event
from engine.core.deck import Deck
from engine.core.rng import Rng
from engine.rules.heroes import auto, cards, combat
from engine.rules.heroes import board as B
from engine.rules.heroes import content as C
from engine.rules.heroes.campaigndefs import BotCardDef
from engine.rules.heroes.effects import GAME
from engine.rules.heroes.names import name_of
from engine.rules.heroes.state import BattleState, BotDecks, Unit

DIFFICULTIES = ("easy", "normal", "expert", "impossible")
# catalog keys of the log's words: card types, difficulties, ability modes, targets' reasons
TYPE_KEYS = {"might": "heroes.bot.type.might", "magic": "heroes.bot.type.magic",
             "skill": "heroes.bot.type.skill"}
LEVEL_KEYS = {"easy": "heroes.opt.difficulty.easy", "normal": "heroes.opt.difficulty.normal",
              "expert": "heroes.opt.difficulty.expert",
              "impossible": "heroes.opt.difficulty.impossible"}
MODE_KEYS = {"basic": "heroes.bot.mode.basic", "expert": "heroes.bot.mode.expert"}
TARGET_KEYS = {"priority": "heroes.bot.target.priority", "wounded": "heroes.bot.target.wounded",
               "active": "heroes.bot.target.active", "strongest": "heroes.bot.target.strongest",
               "structure": "heroes.bot.target.structure", "none": "heroes.bot.target.none"}
MAX_CHAIN = 8  # bot cards one activation may resolve (draws that draw again end here)


@cache
def bot_card(cid: str) -> BotCardDef:
    """Returns a bot card definition."""
    return C.content().get("bot_card", cid)


def name(cid: str) -> dict[str, str]:
    """Returns a bot card's {en, de} name."""
    card = bot_card(cid)
    return {"en": str(card.name["en"]), "de": str(card.name["de"])}


def check_bot(spec: Any, seat: Any, hero: Any) -> str:
    """Returns what is wrong with a battle side's ``bot`` entry ("" when it is fine)."""
    if not isinstance(spec, dict) or set(spec) - {"cards", "spells", "difficulty", "name"}:
        return "bot is a mapping of cards, spells, difficulty and name"
    if seat is not None or hero is not None:
        return "a bot side is automatic (seat null) and has no hero of the player kind"
    content = C.content()
    for cid in spec.get("cards", ()):
        if not isinstance(cid, str) or not content.has("bot_card", cid):
            return f"no bot card {cid!r}"
    for cid in spec.get("spells", ()):
        if not isinstance(cid, str) or not content.has("card", cid) \
                or content.get("card", cid).kind != "spell":
            return f"no spell {cid!r}"
    if spec.get("difficulty", "normal") not in DIFFICULTIES:
        return f"difficulty is one of {', '.join(DIFFICULTIES)}"
    return ""


def bot_decks(spec: dict[str, Any], rng: Rng) -> BotDecks:
    """Returns a bot hero's decks for a battle, both shuffled (seed: "Mische diese Decks")."""
    cards_deck = Deck(list(spec.get("cards", ())))
    cards_deck.shuffle(rng)
    spells = Deck(list(spec.get("spells", ())))
    spells.shuffle(rng)
    label = spec.get("name") or {"en": "Bot", "de": "Bot"}
    return BotDecks(cards_deck, spells, str(spec.get("difficulty", "normal")), dict(label))


def on_activation(rules: Any, st: BattleState, u: Unit, ev: list[Event]) -> None:
    """Draws and resolves the bot card of an activation (and those it lets the bot draw)."""
    side = st.sides[u.side]
    bot = side.bot
    assert bot is not None
    due = 1
    done = 0
    while due > 0 and done < MAX_CHAIN and u.alive and not combat.check_over(rules, st, ev):
        due -= 1
        taken = bot.cards.draw_pile.take_top(1)
        if not taken:
            ev.append(Event("heroes.bot.deck_empty", {"bot_name": bot.name, "did": u.did,
                                                      "unit": u.uid}))
            return
        cid = taken[0]
        done += 1
        card = bot_card(cid)
        mod = card.modifier(bot.difficulty)
        ev.append(Event("heroes.bot.card", {
            "bot_name": bot.name, "bot_card": cid, "bot_card_name": name(cid),
            "type": card.type, "type_name": {"key": TYPE_KEYS[card.type], "params": {}},
            "difficulty": bot.difficulty, "level_name": {"key": LEVEL_KEYS[bot.difficulty], "params": {}},
            "modifier": {"en": str(mod.text["en"]), "de": str(mod.text["de"])},
            "did": u.did, "unit": u.uid}, reveal=True))
        ctx = _BotCtx(rules, st, u, cid, ev)
        for spec in mod.effects:
            REGISTRY.run(GAME, ctx, spec)
            if combat.check_over(rules, st, ev):
                break
        bot.cards.discard((cid,))
        due += ctx.draws


class _BotCtx:
    """The bot card context (boteffects.BotCtx) for the activated unit ``u``."""

    __slots__ = ("rules", "st", "u", "cid", "ev", "draws")

    def __init__(self, rules: Any, st: BattleState, u: Unit, cid: str, ev: list[Event]) -> None:
        self.rules = rules
        self.st = st
        self.u = u
        self.cid = cid
        self.ev = ev
        self.draws = 0  # more bot cards to draw after this one

    def _bot(self) -> BotDecks:
        bot = self.st.sides[self.u.side].bot
        assert bot is not None
        return bot

    def might(self, attack: int, defence: int) -> None:
        u = self.u
        if attack:
            u.bonuses.append([attack, 0, 0, "strike", self.cid, u.side])
            self.ev.append(Event("heroes.bot.might_attack", {"unit": u.uid, "did": u.did,
                                                             "attack": attack}))
        if defence:
            u.bonuses.append([0, defence, 0, "guard", self.cid, u.side])
            self.ev.append(Event("heroes.bot.might_defence", {"unit": u.uid, "did": u.did,
                                                              "defence": defence}))

    def sure_die(self, value: int) -> None:
        self.u.fixed_die = value
        self.ev.append(Event("heroes.bot.sure_die", {"unit": self.u.uid, "did": self.u.did,
                                                     "value": value, "face": f"{value:+d}"
                                                     if value else "0"}))

    def heal(self, amount: int) -> None:
        target = _most_damaged(self.st, self.u)
        if target is None:
            self.ev.append(Event("heroes.bot.no_wounds", {"bot_name": self._bot().name}))
            return
        combat.heal(target, amount, self.ev)

    def draw(self, count: int) -> None:
        self.draws += count
        self.ev.append(Event("heroes.bot.draw_more", {"bot_name": self._bot().name,
                                                      "count": count}))

    def cast(self, tier: int) -> None:
        st, u = self.st, self.u
        bot = self._bot()
        taken = bot.spells.draw_pile.take_top(1)
        if not taken:
            self.ev.append(Event("heroes.bot.no_spell", {"bot_name": bot.name}))
            return
        spell = taken[0]
        bot.spells.discard((spell,))
        card = C.card(spell)
        modes = sorted((m for m in card.modes if m.cast and m.timing != "adventure"
                        and m.cost <= tier), key=lambda m: -m.cost)
        for mode in modes:
            targets = cards.mode_targets(st, u.side, card, mode)
            if targets is None:
                continue
            target, why = _target(st, u, card, mode, targets)
            self.ev.append(Event("heroes.bot.cast", {
                "bot_name": bot.name, "card": spell, "empower": mode.cost, "target": target,
                "aim": _aim(st, mode, target), "why": why,
                "reason": {"key": TARGET_KEYS[why], "params": {}}}, reveal=True))
            self._resolve(spell, mode.id, target, mode.cost)
            return
        self.ev.append(Event("heroes.bot.fizzle", {"bot_name": bot.name, "card": spell},
                             reveal=True))

    def skill(self, expert: bool) -> None:
        st, u = self.st, self.u
        ability = bot_card(self.cid).ability
        assert ability is not None
        card = C.card(ability)
        mode = next(m for m in card.modes if m.id == ("expert" if expert else "basic"))
        targets = cards.mode_targets(st, u.side, card, mode)
        if targets is None:
            self.ev.append(Event("heroes.bot.fizzle", {"bot_name": self._bot().name,
                                                       "card": ability}, reveal=True))
            return
        target, why = _target(st, u, card, mode, targets)
        self.ev.append(Event("heroes.bot.skill", {
            "bot_name": self._bot().name, "card": ability, "mode": mode.id, "target": target,
            "mode_name": {"key": MODE_KEYS[mode.id], "params": {}},
            "aim": _aim(st, mode, target), "why": why,
            "reason": {"key": TARGET_KEYS[why], "params": {}}}, reveal=True))
        self._resolve(ability, mode.id, target, 0)

    def _resolve(self, cid: str, mode_id: str, target: int, empower: int) -> None:
        """Resolves a card mode for the bot side; the card never stays in the side's piles,
        and a card its effects would draw is another bot card instead."""
        st, side = self.st, self.u.side
        s = st.sides[side]
        s.empower = empower
        cards.resolve(self.rules, st, side, cid, mode_id, target, self.ev)
        s.deck.discard_pile.remove(cid)
        s.empower = 0
        mode = next(m for m in C.card(cid).modes if m.id == mode_id)
        for e in mode.effects:
            if e.type == "draw":
                self.draw(int(e.params.get("count", 1)))


def _aim(st: BattleState, mode: Any, target: int) -> dict[str, Any]:
    """Returns how the log names what a bot's spell or ability aims at."""
    if target >= 0 and mode.target in ("friend", "foe"):
        return {"key": "heroes.bot.aim.unit",
                "params": {"name": name_of("unit", st.units[target].did)}}
    if mode.target == "structure":
        return {"key": "heroes.bot.aim.wall", "params": {}}
    return {"key": "heroes.bot.aim.army", "params": {}}


def _most_damaged(st: BattleState, u: Unit) -> Unit | None:
    """Returns the bot's unit with the most damage (the activated unit on a tie, then the
    lowest uid), or None when none is damaged."""
    hurt = [x for x in st.units if x.alive and x.deployed and not x.tower and x.side == u.side
            and x.damage > 0]
    if not hurt:
        return None
    return min(hurt, key=lambda x: (-x.damage, x.uid != u.uid, x.uid))


def _target(st: BattleState, u: Unit, card: Any, mode: Any,
            targets: list[int]) -> tuple[int, str]:
    """Returns the target of a bot's spell or ability and why (see the module)."""
    if mode.target == "none" or targets == [-1]:
        return -1, "none"
    if mode.target == "structure":
        return targets[0], "structure"
    units = [st.units[t] for t in targets]
    if mode.target == "foe":
        ranked = auto._nearest(st, u, units, B.free_squares(st))
        return ranked[0][2].uid, "priority"
    heals = any(e.type in ("heal", "cure") for e in mode.effects)
    if heals:
        hurt = _most_damaged(st, u)
        if hurt is not None and hurt.uid in targets:
            return hurt.uid, "wounded"
    if u.uid in targets:
        return u.uid, "active"
    best = max(units, key=lambda x: (B.tier_rank(x), -x.uid))
    return best.uid, "strongest"


