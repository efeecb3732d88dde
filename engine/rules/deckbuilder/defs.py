"""Content schemas of the deck-builder (seed 000): cards, monster groups, hero classes, presets.

Every card kind shares the stat fields the seed prints on a card (gold, price, victory points,
light, attack, magic attack); behaviour lives in typed effect records in the slots ``village``,
``dungeon`` (abilities the player activates), ``combat`` (passive battle modifiers), and for
monsters ``battle`` (battle effects), ``traits`` and ``breach``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from engine.rules.deckbuilder._pipeline import Effect, Range, Ref, Text, content_kind

GAME = "deckbuilder"

Race = Literal["human", "dwarf", "elf", "halfling", "orc", "fey", "lorn", "none"]
VillageCategory = Literal["weapon", "item", "spell", "villager", "food"]
BasicCategory = Literal["militia", "weapon", "item", "food", "disease", "thunderstone"]


@content_kind(GAME, "monster_group")
@dataclass(frozen=True, slots=True)
class MonsterGroupDef:
    """A monster group: ten monster cards that share types (a randomizer card)."""

    id: str
    name: Text
    types: tuple[str, ...] = ()
    expansion: bool = False


@content_kind(GAME, "monster")
@dataclass(frozen=True, slots=True)
class MonsterDef:
    """One monster card design; ``copies`` of it belong to its group."""

    id: str
    name: Text
    group: Annotated[str, Ref("monster_group")]
    health: Annotated[int, Range(1, 30)]
    xp: Annotated[int, Range(0, 9)] = 1
    vp: Annotated[int, Range(0, 9)] = 1
    gold: Annotated[int, Range(0, 9)] = 0
    light: Annotated[int, Range(0, 5)] = 0
    attack: Annotated[int, Range(-5, 9)] = 0
    magic: Annotated[int, Range(-5, 9)] = 0
    darkness: Annotated[int, Range(-3, 5)] = 0
    copies: Annotated[int, Range(1, 10)] = 1
    types: tuple[str, ...] = ()
    battle: tuple[Effect, ...] = ()
    traits: tuple[Effect, ...] = ()
    breach: tuple[Effect, ...] = ()
    combat: tuple[Effect, ...] = ()
    flavor: Text | None = None


@content_kind(GAME, "hero_class")
@dataclass(frozen=True, slots=True)
class HeroClassDef:
    """A hero class: one village pile of 6 level-1, 4 level-2 and 2 level-3 cards."""

    id: str
    name: Text
    race: Race
    classes: tuple[str, ...]
    expansion: bool = False


@content_kind(GAME, "hero")
@dataclass(frozen=True, slots=True)
class HeroDef:
    """One level of a hero class."""

    id: str
    name: Text
    hero_class: Annotated[str, Ref("hero_class")]
    level: Annotated[int, Range(1, 3)]
    strength: Annotated[int, Range(0, 12)]
    cost: Annotated[int, Range(0, 20)]
    xp_cost: Annotated[int, Range(0, 9)] = 0
    attack: Annotated[int, Range(0, 12)] = 0
    magic: Annotated[int, Range(0, 12)] = 0
    light: Annotated[int, Range(0, 5)] = 0
    gold: Annotated[int, Range(0, 9)] = 0
    vp: Annotated[int, Range(0, 9)] = 0
    village: tuple[Effect, ...] = ()
    dungeon: tuple[Effect, ...] = ()
    combat: tuple[Effect, ...] = ()
    flavor: Text | None = None


@content_kind(GAME, "village")
@dataclass(frozen=True, slots=True)
class VillageDef:
    """A village card type (weapon, item, spell, villager or food): a pile of ``copies``."""

    id: str
    name: Text
    category: VillageCategory
    cost: Annotated[int, Range(0, 20)]
    types: tuple[str, ...] = ()
    gold: Annotated[int, Range(0, 9)] = 0
    vp: Annotated[int, Range(0, 9)] = 0
    light: Annotated[int, Range(0, 5)] = 0
    attack: Annotated[int, Range(0, 12)] = 0
    magic: Annotated[int, Range(0, 12)] = 0
    weight: Annotated[int, Range(0, 12)] = 0
    copies: Annotated[int, Range(1, 12)] = 8
    expansion: bool = False
    village: tuple[Effect, ...] = ()
    dungeon: tuple[Effect, ...] = ()
    combat: tuple[Effect, ...] = ()
    flavor: Text | None = None


@content_kind(GAME, "basic")
@dataclass(frozen=True, slots=True)
class BasicDef:
    """A basic card of every game: militia, torch, ration, dagger, disease, the thunderstone."""

    id: str
    name: Text
    category: BasicCategory
    pile: Annotated[int, Range(0, 60)] = 0  # 0: an unlimited pile or no pile
    start: Annotated[int, Range(0, 12)] = 0  # copies in each starting deck
    cost: Annotated[int, Range(0, 20)] = 0
    types: tuple[str, ...] = ()
    strength: Annotated[int, Range(0, 12)] = 0
    gold: Annotated[int, Range(0, 9)] = 0
    vp: Annotated[int, Range(0, 9)] = 0
    light: Annotated[int, Range(0, 5)] = 0
    attack: Annotated[int, Range(0, 12)] = 0
    magic: Annotated[int, Range(0, 12)] = 0
    weight: Annotated[int, Range(0, 12)] = 0
    village: tuple[Effect, ...] = ()
    dungeon: tuple[Effect, ...] = ()
    combat: tuple[Effect, ...] = ()
    flavor: Text | None = None


@content_kind(GAME, "preset")
@dataclass(frozen=True, slots=True)
class PresetDef:
    """A preset set-up: named monster groups, four hero classes and eight village cards."""

    id: str
    name: Text
    monsters: tuple[Annotated[str, Ref("monster_group")], ...]
    heroes: tuple[Annotated[str, Ref("hero_class")], ...]
    village: tuple[Annotated[str, Ref("village")], ...]
