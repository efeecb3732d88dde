"""The compiled card table: every card id to a fast runtime ``Card``, built once per process.

Content records (defs.py) are turned into plain objects with precomputed tags, abilities and
battle profiles, so that the rules never look at YAML structures during play.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import ContentError
from engine.rules.deckbuilder import defs
from engine.rules.deckbuilder._pipeline import load_game_content
from engine.rules.deckbuilder.effects import (
    HANDLERS,
    SLOTS,
    TARGETS,
    CardProfile,
    MonsterProfile,
)

STONE = "thunderstone"
DISEASE = "disease"
MILITIA = "militia"
BASIC_PILES = ("militia", "torch", "ration", "dagger")
MILITIA_LEVEL_COST = 3  # seed 000, "Das Hochstufen von Helden": militia -> level 1 for 3 XP
HERO_COPIES = {1: 6, 2: 4, 3: 2}  # seed 000, "Spielaufbau" 2.: 6 x level 1, 4 x level 2, 2 x level 3


class Ability:
    """An activated effect of a card: handler, parameters and its costs."""

    __slots__ = ("type", "run", "params", "repeat", "destroy_self", "destroy", "target", "index")

    def __init__(self, type_: str, params: dict[str, Any], index: int) -> None:
        self.type = type_
        self.run = HANDLERS[type_]
        self.params = params
        self.repeat = bool(params.get("repeat", False))
        self.destroy_self = bool(params.get("destroy_self", False))
        self.destroy: str | None = params.get("destroy")
        self.target = TARGETS.get(type_, "")
        self.index = index

    def call(self, ctx: Any) -> None:
        """Runs the handler with the effect's own parameters."""
        self.run(ctx, **self.params)


class Card:
    """A card design at run time (copies share one object)."""

    __slots__ = ("id", "name", "kind", "cat", "tags", "gold", "cost", "vp", "light", "attack",
                 "magic", "strength", "weight", "level", "hclass", "xp_cost", "health", "xp",
                 "darkness", "group", "village", "dungeon", "prof", "mon", "breach", "is_hero",
                 "is_weapon", "is_monster", "specs", "flavor")

    def __init__(self, kind: str, d: Any) -> None:
        self.id: str = d.id
        self.name: dict[str, str] = d.name
        self.flavor = getattr(d, "flavor", None)
        self.kind = kind
        self.cat: str = getattr(d, "category", kind)
        self.gold: int = getattr(d, "gold", 0)
        self.cost: int = getattr(d, "cost", 0)
        self.vp: int = getattr(d, "vp", 0)
        self.light: int = getattr(d, "light", 0)
        self.attack: int = getattr(d, "attack", 0)
        self.magic: int = getattr(d, "magic", 0)
        self.strength: int = getattr(d, "strength", 0)
        self.weight: int = getattr(d, "weight", 0)
        self.level: int = getattr(d, "level", 0)
        self.hclass: str = getattr(d, "hero_class", "")
        self.xp_cost: int = getattr(d, "xp_cost", 0)
        self.health: int = getattr(d, "health", 0)
        self.xp: int = getattr(d, "xp", 0)
        self.darkness: int = getattr(d, "darkness", 0)
        self.group: str = getattr(d, "group", "")
        self.tags: frozenset[str] = frozenset()
        self.specs: dict[str, list[dict[str, Any]]] = {}
        problems: list[str] = []
        self.village = self._abilities(d, "village", problems)
        self.dungeon = self._abilities(d, "dungeon", problems)
        self.prof = CardProfile()
        for spec in getattr(d, "combat", ()):
            self._run(spec, "combat", self.prof, problems)
        self.prof.settle()
        self.mon: MonsterProfile | None = None
        self.breach: list[tuple[Any, dict[str, Any]]] = []
        if kind == "monster":
            self.mon = MonsterProfile()
            for spec in d.battle:
                self._run(spec, "battle", self.mon, problems)
            for spec in d.traits:
                self._run(spec, "trait", self.mon, problems)
            for spec in d.breach:
                if self._check(spec, "breach", problems):
                    self.breach.append((HANDLERS[spec.type], dict(spec.params)))
            self.specs["battle"] = [_spec_json(s) for s in d.battle]
            self.specs["traits"] = [_spec_json(s) for s in d.traits]
            self.specs["breach"] = [_spec_json(s) for s in d.breach]
        self.specs["combat"] = [_spec_json(s) for s in getattr(d, "combat", ())]
        if problems:
            raise ContentError(problems)
        self.is_hero = False
        self.is_weapon = False
        self.is_monster = kind == "monster"

    def _check(self, spec: Any, slot: str, problems: list[str]) -> bool:
        if SLOTS.get(spec.type) != slot:
            problems.append(f"{self.kind} {self.id}: effect {spec.type!r} is not a {slot} effect")
            return False
        return True

    def _run(self, spec: Any, slot: str, ctx: Any, problems: list[str]) -> None:
        if self._check(spec, slot, problems):
            HANDLERS[spec.type](ctx, **dict(spec.params))

    def _abilities(self, d: Any, slot: str, problems: list[str]) -> list[Ability]:
        specs = getattr(d, slot, ())
        self.specs[slot] = [_spec_json(s) for s in specs]
        out = []
        for i, spec in enumerate(specs):
            if self._check(spec, "ability", problems):
                out.append(Ability(spec.type, dict(spec.params), i))
        return out


def _spec_json(spec: Any) -> dict[str, Any]:
    params = {k: (list(v) if isinstance(v, tuple) else v) for k, v in dict(spec.params).items()}
    return {"type": spec.type, "params": params}


class CardTable:
    """All cards and set-up material of the game, compiled from the content."""

    def __init__(self, content: Any) -> None:
        self.content = content
        self.hash: str = content.hash
        self.cards: dict[str, Card] = {}
        self.groups: dict[str, Any] = {g.id: g for g in content.all("monster_group")}
        self.group_monsters: dict[str, list[str]] = {g: [] for g in self.groups}
        self.classes: dict[str, Any] = {c.id: c for c in content.all("hero_class")}
        self.class_levels: dict[str, dict[int, str]] = {c: {} for c in self.classes}
        self.villages: list[str] = []
        self.basics: dict[str, Any] = {b.id: b for b in content.all("basic")}
        self.presets: dict[str, Any] = {p.id: p for p in content.all("preset")}
        # battle.prepare's fights computed with this content (battle.FIGHTS_KEPT at most)
        self.fights: dict[tuple[Any, ...], Any] = {}
        # battle.attack_bound's numbers per card id, filled as cards are looked at
        self.most: dict[str, tuple[int, int, int, int, bool]] = {}
        problems: list[str] = []
        for b in content.all("basic"):
            card = self._add("basic", b, problems)
            card.cat = b.category
            tags = {b.category, *b.types}
            if b.category == MILITIA:
                tags |= {"hero", MILITIA}
                card.hclass = MILITIA
                card.is_hero = True
            card.is_weapon = b.category == "weapon"
            card.tags = frozenset(tags)
        for h in content.all("hero"):
            card = self._add("hero", h, problems)
            hc = self.classes[h.hero_class]
            card.tags = frozenset({"hero", hc.id, hc.race, *hc.classes})
            card.is_hero = True
            card.cat = "hero"
            if h.level in self.class_levels[hc.id]:
                problems.append(f"hero {h.id}: {hc.id} has two level-{h.level} cards")
            self.class_levels[hc.id][h.level] = h.id
        for v in content.all("village"):
            card = self._add("village", v, problems)
            card.tags = frozenset({v.category, *v.types})
            card.is_weapon = v.category == "weapon"
            self.villages.append(v.id)
        self.monster_copies: dict[str, int] = {}
        for m in content.all("monster"):
            card = self._add("monster", m, problems)
            card.tags = frozenset({"monster", *self.groups[m.group].types, *m.types})
            self.group_monsters[m.group].append(m.id)
            self.monster_copies[m.id] = m.copies
        for cid, levels in self.class_levels.items():
            if sorted(levels) != [1, 2, 3]:
                problems.append(f"hero_class {cid}: needs one hero card per level 1-3")
        for gid, mids in self.group_monsters.items():
            total = sum(self.monster_copies[m] for m in mids)
            if total != 10:
                problems.append(f"monster_group {gid}: has {total} monster cards, not 10")
        for cid in (STONE, DISEASE, *BASIC_PILES):
            if cid not in self.cards:
                problems.append(f"basic {cid}: missing")
        if problems:
            raise ContentError(problems)

    def _add(self, kind: str, d: Any, problems: list[str]) -> Card:
        try:
            card = Card(kind, d)
        except ContentError as exc:
            problems.extend(exc.problems)
            card = Card.__new__(Card)
            card.id = d.id
        if d.id in self.cards:
            problems.append(f"{kind} {d.id}: id already used by another card")
        self.cards[d.id] = card
        return card

    def hero_pile(self, class_id: str) -> list[str]:
        """Returns a fresh hero pile, bottom first: 2 level-3 under 4 level-2 under 6 level-1."""
        levels = self.class_levels[class_id]
        return [levels[3]] * HERO_COPIES[3] + [levels[2]] * HERO_COPIES[2] + \
            [levels[1]] * HERO_COPIES[1]

    def group_cards(self, group_id: str) -> list[str]:
        """Returns the ten monster cards of a group in content order."""
        out: list[str] = []
        for mid in self.group_monsters[group_id]:
            out.extend([mid] * self.monster_copies[mid])
        return out


_TABLE: CardTable | None = None


def table() -> CardTable:
    """Returns the card table, loading and compiling the content on first use."""
    global _TABLE
    if _TABLE is None:
        _TABLE = CardTable(load_game_content(defs.GAME))
    return _TABLE


def matches(card: Card, what: str) -> bool:
    """Returns True when ``card`` fits a card filter of the effect vocabulary."""
    if what == "any" or what == "other":
        return True
    return what in card.tags
