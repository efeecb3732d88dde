"""Content schemas of the crawl (seed 004): abilities, heroes, mage spawn, chests, marker tables,
spawn pools and boards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from engine.content.schema import Effect, Range, Ref, Text, content_kind

GAME = "crawl"

Stat = Literal["move", "attack", "defence", "damage"]
Arc = Literal["standard", "extended", "superior"]
ARC_WIDTH = {"standard": 3, "extended": 5, "superior": 7}


@content_kind(GAME, "ability")
@dataclass(frozen=True, slots=True)
class AbilityDef:
    """A special ability: the stat whose dial square shows it, its colour and its effects."""

    id: str
    name: Text
    text: Text
    stat: Stat
    colour: str
    effects: tuple[Effect, ...] = ()
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ClickDef:
    """One click of a combat dial: the four values and the abilities shown on it."""

    move: Annotated[int, Range(0, 12)]
    attack: Annotated[int, Range(0, 20)]
    defence: Annotated[int, Range(0, 25)]
    damage: Annotated[int, Range(0, 6)]
    abilities: tuple[Annotated[str, Ref("ability")], ...] = ()
    demoralized: bool = False


@content_kind(GAME, "hero")
@dataclass(frozen=True, slots=True)
class HeroDef:
    """A hero: arc, range, number of ranged targets, its dial and where each level starts."""

    id: str
    name: Text
    clicks: tuple[ClickDef, ...]
    level_starts: tuple[int, int, int, int, int]  # dial click of level 1..5 (level 5 best)
    points: tuple[int, int, int, int, int]  # point value at level 1..5
    arc: Arc = "standard"
    range: Annotated[int, Range(0, 12)] = 0
    targets: Annotated[int, Range(1, 4)] = 1
    note: Text | None = None


@content_kind(GAME, "spawn")
@dataclass(frozen=True, slots=True)
class SpawnDef:
    """A mage spawn: rank, point value, arc, range, targets and its dial (start at click 0)."""

    id: str
    name: Text
    rank: Literal["weak", "standard", "strong", "unique"]
    points: Annotated[int, Range(1, 200)]
    clicks: tuple[ClickDef, ...]
    arc: Arc = "standard"
    range: Annotated[int, Range(0, 12)] = 0
    targets: Annotated[int, Range(1, 4)] = 1


@dataclass(frozen=True, slots=True)
class TrapDef:
    """One trap setting of a chest's trap dial (seed 004, "Auslösen der Falle")."""

    spawn_count: Annotated[int, Range(0, 6)]
    spawn_points: Annotated[int, Range(0, 200)]
    disarm: Annotated[int, Range(2, 13)]
    form: Literal["H", "T", "R"]
    attack: Annotated[int, Range(0, 20)]
    damage: Annotated[int, Range(0, 6)]
    range: Annotated[int, Range(0, 12)] = 0


@dataclass(frozen=True, slots=True)
class TreasureDef:
    """One setting of a chest's treasure dial: gold, an item with bonuses, or a second trap."""

    gold: Annotated[int, Range(0, 500)] = 0
    item: Text | None = None
    kind: Literal["none", "weapon", "armour", "boots", "amulet", "ring", "potion", "wand"] = "none"
    move: Annotated[int, Range(0, 6)] = 0
    attack: Annotated[int, Range(0, 6)] = 0
    defence: Annotated[int, Range(0, 6)] = 0
    abilities: tuple[Annotated[str, Ref("ability")], ...] = ()
    trap: bool = False  # "TRAP!": a second trap goes off when the chest is opened


@content_kind(GAME, "chest")
@dataclass(frozen=True, slots=True)
class ChestDef:
    """A treasure chest kind: five trap settings (setting 0 is empty) and six treasure settings."""

    id: str
    name: Text
    traps: tuple[TrapDef, TrapDef, TrapDef, TrapDef, TrapDef]
    treasures: tuple[TreasureDef, TreasureDef, TreasureDef, TreasureDef, TreasureDef, TreasureDef]


@dataclass(frozen=True, slots=True)
class MarkerRowDef:
    """A row of a marker table: 2d6 from low to high gives count spawn worth points in total."""

    low: Annotated[int, Range(2, 12)]
    high: Annotated[int, Range(2, 12)]
    count: Annotated[int, Range(0, 6)]
    points: Annotated[int, Range(0, 300)]


@content_kind(GAME, "marker")
@dataclass(frozen=True, slots=True)
class MarkerDef:
    """A monster marker rank and the table printed on its back."""

    id: str
    name: Text
    colour: str
    rows: tuple[MarkerRowDef, ...]


@content_kind(GAME, "pool")
@dataclass(frozen=True, slots=True)
class PoolDef:
    """A ready-made mage spawn pool."""

    id: str
    name: Text
    spawns: tuple[Annotated[str, Ref("spawn")], ...]


@content_kind(GAME, "board")
@dataclass(frozen=True, slots=True)
class BoardDef:
    """A playable map (a whole board) or a builder section, stored as data/crawl/maps/<map>.tmx."""

    id: str
    name: Text
    map: str
    kind: Literal["board", "corridor", "chamber"] = "board"


@content_kind(GAME, "piece")
@dataclass(frozen=True, slots=True)
class PieceDef:
    """A terrain marker (two sides: which terrain it puts down) or a door for the set-up pool
    (seed 004, "Gelände und Türen aufstellen")."""

    id: str
    name: Text
    kind: Literal["terrain", "door"]
    sides: tuple[Literal["difficult", "water", "dark", "vortex", "teleport", "stairs"], ...] = ()
    door: Literal["wood", "iron"] = "wood"
