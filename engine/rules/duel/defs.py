"""Content schemas of the duel: main characters, clan members, magic, equipment, lands,
treasures and ready-made decks (seed 003)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from engine.content.schema import Effect, Range, Ref, Text, content_kind

GAME = "duel"


@content_kind(GAME, "main")
@dataclass(frozen=True, slots=True)
class MainDef:
    """A main character: dice counts, courage and the XP thresholds of its level table."""

    id: str
    name: Text
    attack: Annotated[int, Range(1, 6)]  # AN-W: attack dice
    defence: Annotated[int, Range(1, 6)]  # VT-W: defence dice
    magic: Annotated[int, Range(1, 6)]  # MG-W: most pool dice for one magic roll
    courage: Annotated[int, Range(0, 5)]  # MUT: added to every summoning and magic roll
    levels: tuple[int, ...]  # XP needed for level 2, 3, ... (ascending)
    life: Annotated[int, Range(1, 40)] = 20  # seed 003: "20 Lebenspunkte zu Beginn"
    note: Text | None = None


@content_kind(GAME, "clan")
@dataclass(frozen=True, slots=True)
class ClanDef:
    """A clan member: participation level to summon it, life, dice and the XP it is worth."""

    id: str
    name: Text
    level: Annotated[int, Range(1, 30)]  # Beteiligungslevel: sum to roll from the pool
    life: Annotated[int, Range(1, 20)]
    attack: Annotated[int, Range(1, 6)]
    defence: Annotated[int, Range(1, 6)]
    xp: Annotated[int, Range(0, 500)]
    effects: tuple[Effect, ...] = ()  # run when summoned; lasting ones hold while in play
    note: Text | None = None


@content_kind(GAME, "magic")
@dataclass(frozen=True, slots=True)
class MagicDef:
    """A magic card: the sum its casting roll must reach, and its effects."""

    id: str
    name: Text
    level: Annotated[int, Range(1, 30)]
    effects: tuple[Effect, ...]
    note: Text | None = None


@content_kind(GAME, "equipment")
@dataclass(frozen=True, slots=True)
class EquipmentDef:
    """An equipment card: its effects start at once and lasting ones hold while it is in play."""

    id: str
    name: Text
    effects: tuple[Effect, ...]
    note: Text | None = None


@content_kind(GAME, "land")
@dataclass(frozen=True, slots=True)
class LandDef:
    """A land: played face up by the player not on turn; holds until another land is played."""

    id: str
    name: Text
    effects: tuple[Effect, ...]
    note: Text | None = None


@content_kind(GAME, "treasure")
@dataclass(frozen=True, slots=True)
class TreasureDef:
    """A treasure: played face down; the next fight's winner keeps it in the inventory."""

    id: str
    name: Text
    effects: tuple[Effect, ...]
    note: Text | None = None


@content_kind(GAME, "deck")
@dataclass(frozen=True, slots=True)
class DeckDef:
    """A ready-made deck: main character, starting clan member, 40 cards, lands and treasures."""

    id: str
    name: Text
    main: Annotated[str, Ref("main")]
    starter: Annotated[str, Ref("clan")]
    cards: tuple[str, ...]  # clan, magic and equipment ids, repeated for copies
    lands: tuple[Annotated[str, Ref("land")], ...] = ()
    treasures: tuple[Annotated[str, Ref("treasure")], ...] = ()
    note: Text | None = None
