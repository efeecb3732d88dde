"""Setting up a battle from its specification (the ``battle`` option of ``heroes_battle``).

A specification is plain JSON data::

    {"kind": "field" | "siege", "time_limit": false, "max_rounds": 0, "surrender": true,
     "variants": {"min_damage": false, "no_die_damage": false, "free_extend": false,
                  "no_rerolls": false},
     "sides": [side, side]}          # side 0 attacks, side 1 defends

    side = {"seat": 0 | null,        # null: automatic units (neutrals, a bot hero)
            "hero": "adelmar" | null, "level": 3, "crowns": 1 (default: by level),
            "deck": [...], "hand": [...], "discard": [...], "shuffle": true,  # top card last
            "draw": true,             # draw up to the hand limit at the start
            "units": [{"unit": "pike_guard", "pack": true}, ...],
            "neutral": {"field": 4, "difficulty": "normal", "table": "upstream"} | null,
            "gold": 10, "mp": 0, "town": false, "faction": null,
            "morale": 0,              # 1: its player holds a good morale token (seed "Moral")
            "bot": {"cards": [...], "spells": [...], "difficulty": "normal",
                    "name": {"en": ..., "de": ...}} | null}   # a bot hero's decks (botdeck.py)

A side with ``neutral`` draws its units from the tier decks after the attacker has deployed
(spec AMB-51) and never defends; ``town`` marks a defender in its own town (no surrender).
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.core.deck import Deck
from engine.core.errors import MalformedAction
from engine.core.rng import Rng
from engine.rules.heroes import content as C
from engine.rules.heroes import decks
from engine.rules.heroes.defs import TIERS
from engine.rules.heroes.state import BattleState, Side, Unit, deck_of

DIFFICULTIES = ("easy", "normal", "expert", "impossible")
TIER_LETTERS = {"B": "bronze", "S": "silver", "G": "gold", "A": "azure"}
SIDE_KEYS = {"seat", "hero", "level", "crowns", "deck", "hand", "discard", "shuffle", "draw",
             "units", "neutral", "gold", "mp", "town", "faction", "morale", "bot"}
SPEC_KEYS = {"kind", "time_limit", "max_rounds", "surrender", "variants", "sides"}
VARIANTS = {"min_damage", "no_die_damage", "free_extend", "no_rerolls"}

STANDARD_ARMIES = {
    "sunward": [("pike_guard", True), ("crossbowman", True), ("stormwing", True),
                ("oathsworn", False), ("lightbearer", False)],
    "underhold": [("blindling", True), ("shrieker", True), ("gazer", True),
                  ("stonecaller", False), ("bullman", False)],
    "gravemoor": [("bone_warrior", True), ("shambler", True), ("wailer", True),
                  ("bloodlord", False), ("grave_mage", False)],
}


def default_spec(players: int) -> dict[str, Any]:
    """Returns the standard battle: two level-3 heroes with standard armies (two seats), or a
    hero against the neutrals of a level-IV field (one seat)."""
    first = hero_side(0, "adelmar", 3, STANDARD_ARMIES["sunward"])
    if players >= 2:
        second = hero_side(1, "kasimir", 3, STANDARD_ARMIES["gravemoor"])
        return {"kind": "field", "sides": [first, second], "max_rounds": 12}
    neutral = {"seat": None, "neutral": {"field": 4, "difficulty": "normal"}}
    return {"kind": "field", "sides": [first, neutral], "max_rounds": 12}


def hero_side(seat: int | None, hero: str, level: int, units: list[tuple[str, bool]],
              **extra: Any) -> dict[str, Any]:
    """Returns the specification of a side led by a hero with its starting deck."""
    side = {"seat": seat, "hero": hero, "level": level, "deck": decks.starting_deck(hero, level),
            "units": [{"unit": u, "pack": p} for u, p in units], "gold": 10}
    side.update(extra)
    return side


def _bad(message: str) -> MalformedAction:
    return MalformedAction(f"heroes_battle: {message}")


def check_spec(spec: Any, players: int) -> None:
    """Raises MalformedAction naming what is wrong with a battle specification."""
    if not isinstance(spec, dict) or not isinstance(spec.get("sides"), list) \
            or len(spec["sides"]) != 2:
        raise _bad("a battle needs a mapping with two sides")
    unknown = set(spec) - SPEC_KEYS
    if unknown:
        raise _bad(f"unknown keys {sorted(unknown)}")
    if spec.get("kind", "field") not in ("field", "siege"):
        raise _bad("kind is field or siege")
    if set(spec.get("variants") or {}) - VARIANTS:
        raise _bad(f"unknown variants {sorted(set(spec['variants']) - VARIANTS)}")
    seats = []
    content = C.content()
    for i, side in enumerate(spec["sides"]):
        if not isinstance(side, dict):
            raise _bad(f"side {i} is not a mapping")
        unknown = set(side) - SIDE_KEYS
        if unknown:
            raise _bad(f"side {i}: unknown keys {sorted(unknown)}")
        seat = side.get("seat")
        if seat is not None:
            seats.append(seat)
        hero = side.get("hero")
        if hero is not None and not content.has("hero", hero):
            raise _bad(f"side {i}: no hero {hero!r}")
        level = side.get("level", 1)
        if not isinstance(level, int) or not 1 <= level <= 7:
            raise _bad(f"side {i}: level must be 1..7")
        for key in ("deck", "hand", "discard"):
            for cid in side.get(key, ()):
                if not content.has("card", cid):
                    raise _bad(f"side {i}: no card {cid!r}")
        for entry in side.get("units", ()):
            if not isinstance(entry, dict) or not content.has("unit", entry.get("unit", "")):
                raise _bad(f"side {i}: bad unit {entry!r}")
        if side.get("bot") is not None:
            from engine.rules.heroes.battle.botdeck import check_bot

            problem = check_bot(side["bot"], seat, hero)
            if problem:
                raise _bad(f"side {i}: {problem}")
        neutral = side.get("neutral")
        if neutral is not None:
            if i != 1:
                raise _bad("only the defending side may be neutral")
            if neutral.get("difficulty", "normal") not in DIFFICULTIES \
                    or not 1 <= int(neutral.get("field", 1)) <= 7:
                raise _bad("neutral needs field 1..7 and a difficulty")
    if sorted(seats) != list(range(players)):
        raise _bad(f"the sides' seats {seats} must be 0..{players - 1}")


def build(spec: dict[str, Any], players: int, rng: Rng) -> BattleState:
    """Returns a battle ready for deployment."""
    check_spec(spec, players)
    st = BattleState(rng)
    st.spec = spec
    st.max_rounds = int(spec.get("max_rounds", 0))
    st.variants = dict(spec.get("variants") or {})
    for i, sd in enumerate(spec["sides"]):
        s = Side(sd.get("seat"), sd.get("hero"))
        s.level = int(sd.get("level", 1))
        s.crowns = int(sd.get("crowns", decks.crowns(s.level)))
        s.gold = int(sd.get("gold", 0))
        s.mp = int(sd.get("mp", 0))
        s.town = bool(sd.get("town", False))
        s.morale = 1 if sd.get("morale") else 0
        s.neutral = sd.get("neutral") is not None
        s.faction = sd.get("faction") or (C.hero(s.hero).faction if s.hero else None)
        s.deck = deck_of(sd.get("deck", ()), sd.get("discard", ()))
        if sd.get("bot") is not None:
            from engine.rules.heroes.battle.botdeck import bot_decks

            s.bot = bot_decks(sd["bot"], rng)
        s.hand = list(sd.get("hand", ()))
        if sd.get("shuffle", True):
            s.deck.shuffle(rng)
        if s.hero is not None and sd.get("draw", True):
            want = decks.hand_limit(s.level) - len(s.hand)
            s.hand += s.deck.draw_pile.take_top(want)
        st.sides.append(s)
        for entry in sd.get("units", ()):
            add_unit(st, entry["unit"], i, bool(entry.get("pack", False)))
    if spec["sides"][1].get("neutral") is not None:
        for tier in TIERS:
            cards = []
            for u in C.all_of("unit"):
                if u.role == "neutral" and u.tier == tier:
                    cards.extend([u.id] * u.copies)
            deck = Deck(cards)
            deck.shuffle(rng)
            st.neutral_decks[tier] = deck
    if spec.get("kind") == "siege":
        add_unit(st, "arrow_tower", 1, False, tower=True)
    return st


def add_unit(st: BattleState, did: str, side: int, pack: bool, tower: bool = False) -> Unit:
    """Adds a unit card to a side (not yet on the board)."""
    d = C.unit(did)
    u = Unit(len(st.units), did, side, pack and d.pack is not None, tower=tower)
    st.units.append(u)
    return u


def neutral_tiers(field: int, difficulty: str, table: str = "upstream") -> list[str]:
    """Returns the tiers of the neutral army of a field level (seed 002, back cover)."""
    row = C.content().get("neutral_table", table).rows[field - 1]
    letters = getattr(row, difficulty)
    return [TIER_LETTERS[ch] for ch in letters]


def draw_neutrals(st: BattleState, ev: list[Event]) -> None:
    """Draws the neutral army from the tier decks (after the attacker deployed, spec AMB-51)."""
    info = st.spec["sides"][1]["neutral"]
    tiers = neutral_tiers(int(info.get("field", 1)), info.get("difficulty", "normal"),
                          info.get("table", "upstream"))
    drawn = []
    for tier in tiers:
        did, _ = st.neutral_decks[tier].draw_one(st.rng)
        if did is None:
            continue
        add_unit(st, did, 1, False)
        drawn.append(did)
    ev.append(Event("heroes.ev.neutrals", {"units": drawn, "tiers": tiers}, reveal=True))
