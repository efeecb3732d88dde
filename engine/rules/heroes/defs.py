"""Content schemas of the heroes game (seed 002): factions, units, cards, heroes, the neutral table.

The YAML lives under ``data/heroes/``; every entry is checked against these dataclasses and every
effect record against the vocabulary of engine/rules/heroes/effects.py. docs/heroes/rules.md
records where each number comes from (the seed, the spec, or our own invention).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from engine.content.schema import Effect, Range, Ref, Text, content_kind

GAME = "heroes"

Tier = Literal["bronze", "silver", "gold", "azure"]
UnitType = Literal["ground", "flying", "ranged"]
Role = Literal["faction", "neutral", "tower"]
Trigger = Literal["activation", "attack", "alternative", "passive", "retaliation", "map"]
# "machine": a war machine, a permanent card (seed "Kriegsmaschinen")
CardKind = Literal["stat", "ability", "spell", "specialty", "artifact", "machine"]
School = Literal["air", "earth", "fire", "water", "any"]
# seed 002, "Allgemeine Regeln zu Karten" 7.: instant, activation, adventure, ongoing, permanent
Timing = Literal["instant", "activation", "adventure", "ongoing", "permanent"]
# who a card mode is aimed at: nobody, an own unit, an enemy unit, any unit, a wall or gate
Target = Literal["none", "friend", "foe", "unit", "structure"]

TIERS = ("bronze", "silver", "gold", "azure")
TIER_RANK = {t: i for i, t in enumerate(TIERS)}


@dataclass(frozen=True, slots=True)
class StatsDef:
    """One side of a unit card: attack, defence, health points and initiative."""

    attack: Annotated[int, Range(0, 12)]
    defence: Annotated[int, Range(0, 8)]
    hp: Annotated[int, Range(1, 20)]
    initiative: Annotated[int, Range(0, 25)]


@dataclass(frozen=True, slots=True)
class CostDef:
    """A price in gold, building materials and valuables."""

    gold: Annotated[int, Range(0, 99)] = 0
    materials: Annotated[int, Range(0, 20)] = 0
    valuables: Annotated[int, Range(0, 20)] = 0


@dataclass(frozen=True, slots=True)
class SkirmishPriceDef:
    """A faction unit's price in the skirmish, in gold: the Few card, and the Pack in all (the Few
    card and its reinforcement). Our own numbers, balanced by measurement (docs/heroes/balance.md)."""

    few: Annotated[int, Range(1, 60)]
    pack: Annotated[int, Range(2, 120)]


@dataclass(frozen=True, slots=True)
class UnitAbilityDef:
    """A unit ability: when it works (seed 002, "Einheitenfähigkeiten"), its text and effects.

    ``side`` says which side of a faction card prints it (neutral cards have one side).
    """

    trigger: Trigger
    text: Text
    effects: tuple[Effect, ...] = ()
    side: Literal["few", "pack", "both"] = "both"


@content_kind(GAME, "unit")
@dataclass(frozen=True, slots=True)
class UnitDef:
    """A unit card: faction units have a Few and a Pack side, neutrals and the tower only one.

    ``few`` is the only side of a neutral unit or the arrow tower. ``copies`` is how many cards
    of a neutral unit its tier deck holds. ``recruit`` and ``reinforce`` are the printed costs
    (the map game's); ``skirmish`` is the price of a faction unit in the skirmish's budget.
    """

    id: str
    name: Text
    role: Role
    tier: Tier
    type: UnitType
    few: StatsDef
    pack: StatsDef | None = None
    faction: Annotated[str, Ref("faction")] | None = None
    recruit: CostDef = CostDef()
    reinforce: CostDef | None = None
    skirmish: SkirmishPriceDef | None = None
    abilities: tuple[UnitAbilityDef, ...] = ()
    copies: Annotated[int, Range(1, 4)] = 1


@dataclass(frozen=True, slots=True)
class ModeDef:
    """One way to play a card: its timing, costs, target and effects.

    ``cost`` is the empower a spell tier needs (seed 002, "Zauberkarten"); ``crown`` marks an
    expert effect, which spends one of the hero's expert uses of the round; ``cast`` marks the
    casting of a spell (one per combat round). ``max_tier`` and ``types`` restrict the target.
    """

    id: str
    text: Text
    timing: Timing
    target: Target = "none"
    cost: Annotated[int, Range(0, 9)] = 0
    crown: bool = False
    cast: bool = False
    max_tier: Tier | None = None
    types: tuple[UnitType, ...] = ()
    effects: tuple[Effect, ...] = ()


@content_kind(GAME, "card")
@dataclass(frozen=True, slots=True)
class CardDef:
    """A card of a hero's Might & Magic deck: statistic, ability, spell, specialty or artifact."""

    id: str
    name: Text
    kind: CardKind
    modes: tuple[ModeDef, ...]
    school: School | None = None
    level: Literal["basic", "expert"] | None = None
    rarity: Literal["minor", "major", "relic"] | None = None
    faction: Annotated[str, Ref("faction")] | None = None
    copies: Annotated[int, Range(0, 12)] = 1


@content_kind(GAME, "hero")
@dataclass(frozen=True, slots=True)
class HeroDef:
    """A main hero: faction, might or magic, the four statistics, starting ability and specialties.

    seed 002, "Spielaufbau" 11.-13.: the starting deck holds the statistics, one (might) or two
    (magic) Arcane Arrows, the starting ability and specialty I: nine cards.
    """

    id: str
    name: Text
    title: Text
    faction: Annotated[str, Ref("faction")]
    type: Literal["might", "magic"]
    attack: Annotated[int, Range(0, 6)]
    defence: Annotated[int, Range(0, 6)]
    power: Annotated[int, Range(0, 6)]
    knowledge: Annotated[int, Range(0, 6)]
    ability: Annotated[str, Ref("card")]
    specialties: tuple[Annotated[str, Ref("card")], Annotated[str, Ref("card")],
                       Annotated[str, Ref("card")]]


@content_kind(GAME, "faction")
@dataclass(frozen=True, slots=True)
class FactionDef:
    """A faction: its seven units (three bronze, two silver, two gold) and its heroes."""

    id: str
    name: Text
    colour: str
    units: tuple[Annotated[str, Ref("unit")], ...]
    heroes: tuple[Annotated[str, Ref("hero")], ...]
    undead: bool = False


@dataclass(frozen=True, slots=True)
class TableRowDef:
    """One field level of the neutral table: the tiers drawn per scenario difficulty.

    Each entry spells the tiers with B (bronze), S (silver), G (gold) and A (azure).
    """

    easy: str
    normal: str
    expert: str
    impossible: str


@content_kind(GAME, "neutral_table")
@dataclass(frozen=True, slots=True)
class NeutralTableDef:
    """The neutral-unit difficulty table (back cover of the seed): field levels I-VII."""

    id: str
    name: Text
    rows: tuple[TableRowDef, TableRowDef, TableRowDef, TableRowDef, TableRowDef, TableRowDef,
                TableRowDef]
