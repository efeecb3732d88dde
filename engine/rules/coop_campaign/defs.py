"""Content schemas of the co-operative campaign crawler (seed 001): heroes, action tiles, items,
enemies, bosses with their AI cards, and mission tiles.

The YAML lives under ``data/coop_campaign/``; every entry is checked against these dataclasses and
every effect record against the vocabulary of engine/rules/coop_campaign/effects.py.
docs/coop_campaign/rules.md records where each number comes from (seed, spec or invention).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from engine.content.schema import Effect, Range, Ref, Text, content_kind

GAME = "coop_campaign"

Element = Literal["fire", "water", "nature"]
ZoneElement = Literal["fire", "water", "nature", "none"]
ActionType = Literal["melee", "ranged", "ability"]
Direction = Literal["N", "E", "S", "W"]
Symbol = Literal["blade", "bow", "staff", "claw"]
Theme = Literal["forest", "graveyard", "ashen"]
Rank = Literal["minion", "elite"]
LootDeck = Literal["grey", "gold"]
# enemy keywords (seed 001, 5.3; Berzerk and Hunter as the spec defines them, §3.4)
Keyword = Literal["aoe", "gang", "guard", "lifesteal", "range", "root", "stealth", "taunt",
                  "twinstrike", "hunter", "berzerk"]

DIRECTIONS = ("N", "E", "S", "W")  # the clockwise ring (spec AMB-23)
ELEMENTS = ("fire", "water", "nature")


@dataclass(frozen=True, slots=True)
class LevelDef:
    """One row of the level table: hearts, mana, armour cubes, mana regeneration, carry, wolf HP."""

    hp: Annotated[int, Range(1, 12)]
    mana: Annotated[int, Range(1, 12)]
    armor: Annotated[int, Range(0, 6)]
    regen: Annotated[int, Range(1, 6)]
    carry: Annotated[int, Range(1, 8)]
    wolf: Annotated[int, Range(0, 8)] = 0


@dataclass(frozen=True, slots=True)
class SideDef:
    """One side of an action tile: name, banner type, element, mana modifier, effects in order."""

    name: Text
    type: ActionType
    element: Element
    text: Text
    effects: tuple[Effect, ...] = ()
    cost_mod: Annotated[int, Range(-2, 3)] = 0


@content_kind(GAME, "action")
@dataclass(frozen=True, slots=True)
class ActionDef:
    """A two-sided action tile of a hero's river (base side white, upgraded side orange)."""

    id: str
    base: SideDef
    upgraded: SideDef
    ultimate: bool = False


@dataclass(frozen=True, slots=True)
class StandardDef:
    """A standard action printed on the tableau: any number of times for its mana cost."""

    id: str
    name: Text
    cost: Annotated[int, Range(0, 6)]
    effects: tuple[Effect, ...]


@content_kind(GAME, "hero")
@dataclass(frozen=True, slots=True)
class HeroDef:
    """A hero: tableau (level table, standard actions), six action tiles, weapon and special."""

    id: str
    name: Text
    text: Text
    weapon: Annotated[str, Ref("item")]
    actions: tuple[Annotated[str, Ref("action")], ...]
    levels: tuple[LevelDef, ...]
    standard: tuple[StandardDef, ...]
    special: Literal["none", "poison", "wolf", "bodyguard"] = "none"
    cost_track: tuple[int, ...] = (2, 2, 3, 3)


@dataclass(frozen=True, slots=True)
class WeaponDef:
    """A weapon's dice and riders (no rider restricts melee or ranged unless it says so)."""

    dice: Annotated[int, Range(1, 6)]
    isolated_swords: Annotated[int, Range(0, 3)] = 0
    lightning: Literal["none", "sword", "comet"] = "none"
    rerolls: Annotated[int, Range(0, 3)] = 0
    ranged_rerolls: Annotated[int, Range(0, 3)] = 0
    melee_rerolls: Annotated[int, Range(0, 3)] = 0
    basic_pierce: bool = False
    melee_only: bool = False
    empowered_comets: Annotated[int, Range(0, 3)] = 0
    aoe_swords: Annotated[int, Range(0, 3)] = 0


@dataclass(frozen=True, slots=True)
class PassiveDef:
    """What a permanent item changes while it is carried."""

    armor_cap: Annotated[int, Range(0, 3)] = 0
    mana: Annotated[int, Range(0, 3)] = 0
    regen: Annotated[int, Range(0, 3)] = 0
    jump_cost: Annotated[int, Range(0, 3)] | None = None
    tile_armor: Annotated[int, Range(0, 3)] = 0
    knockout_heal: Annotated[int, Range(0, 3)] = 0  # heal whenever the hero knocks out a zone


@content_kind(GAME, "item")
@dataclass(frozen=True, slots=True)
class ItemDef:
    """A loot card or starting weapon: permanent, active (once per tile) or usable (once).

    ``quick`` items (red "!") may be used inside an action's windows (seed 001, 5.1 "Timing").
    """

    id: str
    name: Text
    text: Text
    deck: Literal["start", "grey", "gold", "purple"]
    category: Literal["permanent", "active", "usable"]
    quick: bool = False
    copies: Annotated[int, Range(1, 6)] = 1
    weapon: WeaponDef | None = None
    passive: PassiveDef | None = None
    use: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class ZoneDef:
    """A hit zone: track of boxes, shield value, element, frame style, armour symbol, final box."""

    boxes: Annotated[int, Range(1, 16)]
    element: ZoneElement = "none"
    shield: Annotated[int, Range(0, 4)] = 0
    style: Literal["framed", "sealed", "frameless"] = "framed"
    armoured: bool = False
    final: Literal["skull", "star", "none"] = "skull"
    loses: tuple[Keyword, ...] = ()  # keywords the enemy loses once this zone is knocked out


@dataclass(frozen=True, slots=True)
class LeaderDef:
    """A Leader aura: enemies of the families gain attack and keywords while the leader lives."""

    families: tuple[str, ...]
    others: bool = False
    attack: Annotated[int, Range(0, 3)] = 0
    keywords: tuple[Keyword, ...] = ()


@dataclass(frozen=True, slots=True)
class StarDef:
    """What an enemy gains once its star zone is knocked out."""

    attack: Annotated[int, Range(0, 3)] = 0
    keywords: tuple[Keyword, ...] = ()


@content_kind(GAME, "enemy")
@dataclass(frozen=True, slots=True)
class EnemyDef:
    """A minion or elite card of a theme deck, or a boss's stat card (seed 001, 3.2.4
    "Anatomie der Gegnerkarte"; 6: one stat card per hero count)."""

    id: str
    name: Text
    theme: Theme
    rank: Literal["minion", "elite", "boss"]
    family: str
    types: tuple[Symbol, ...]
    attack: Annotated[int, Range(0, 8)]
    zones: tuple[ZoneDef, ...]
    keywords: tuple[Keyword, ...] = ()
    target: Literal["none", "lowest_hp"] = "none"
    summon: Annotated[str, Ref("enemy")] | None = None
    leader: LeaderDef | None = None
    star: StarDef | None = None
    reward: Literal["none", "grey", "gold"] = "none"
    copies: Annotated[int, Range(1, 6)] = 1
    # a card no theme deck holds unless a campaign adds it (spec §14.3, the Vengeful Raider)
    campaign_only: bool = False


@dataclass(frozen=True, slots=True)
class FlagsDef:
    """Plunder flags of an area and what happens when the last one is covered."""

    count: Annotated[int, Range(1, 6)]
    text: Text
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class CrossDef:
    """A coloured cross of an area: its text resolves when the tracker lands on that colour."""

    colour: Literal["blue", "pink", "green"]
    text: Text
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class AreaDef:
    """An area (location) of a mission tile."""

    dir: Direction
    name: Text
    types: tuple[Symbol, ...] = ()
    flags: FlagsDef | None = None
    crosses: tuple[CrossDef, ...] = ()
    jump_damage: Annotated[int, Range(0, 3)] = 0
    # mana a hero loses (as far as it has any) when it jumps into the area
    jump_mana: Annotated[int, Range(0, 3)] = 0
    text: Text | None = None
    # effects resolved at every round start, after the spawns and the coloured crosses
    round_start: tuple[Effect, ...] = ()
    # actions any hero standing in the area may take, like standard actions (the ballista)
    actions: tuple[StandardDef, ...] = ()


@dataclass(frozen=True, slots=True)
class DotDef:
    """A spawn dot on a tracker field: area, yellow (minion) or red (elite), hero threshold."""

    dir: Direction
    rank: Rank
    min: Literal[1, 3, 4] = 1


@dataclass(frozen=True, slots=True)
class FieldDef:
    """A field of the round tracker: its colour and spawn dots."""

    dots: tuple[DotDef, ...] = ()
    colour: Literal["none", "blue", "pink", "green"] = "none"


@content_kind(GAME, "boss_card")
@dataclass(frozen=True, slots=True)
class BossCardDef:
    """A card of a boss's AI deck: what the boss does when it is drawn (seed 001, 6)."""

    id: str
    name: Text
    text: Text
    effects: tuple[Effect, ...]
    copies: Annotated[int, Range(1, 4)] = 1


@content_kind(GAME, "boss")
@dataclass(frozen=True, slots=True)
class BossDef:
    """A boss: its stat cards for 2, 3 and 4 heroes, its AI deck and its two relics (seed 001,
    6: "jeder Boss [hat] drei unterschiedliche Gegnerkarten, die je nach Spielerzahl verwendet
    werden")."""

    id: str
    name: Text
    cards: tuple[Annotated[str, Ref("enemy")], ...]  # stat cards for 2, 3 and 4 heroes
    deck: tuple[Annotated[str, Ref("boss_card")], ...]
    relics: tuple[Annotated[str, Ref("item")], ...]

    def __post_init__(self) -> None:
        if len(self.cards) != 3:
            raise ValueError("cards: a boss has three stat cards, for 2, 3 and 4 heroes")
        if len(self.relics) != 2:
            raise ValueError("relics: a boss has two relics")
        if not self.deck:
            raise ValueError("deck: a boss needs an AI deck")


@dataclass(frozen=True, slots=True)
class ZoneOutDef:
    """Effects of a boss tile that resolve when a zone of the boss is knocked out."""

    zone: Annotated[int, Range(0, 5)]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class TileBossDef:
    """The boss of a boss tile: who, where it starts, what the tile does as it begins and when
    one of its zones is knocked out. A boss tile is won when the boss is defeated."""

    boss: Annotated[str, Ref("boss")]
    area: Direction
    setup: tuple[Effect, ...] = ()
    zone_out: tuple[ZoneOutDef, ...] = ()


@content_kind(GAME, "tile")
@dataclass(frozen=True, slots=True)
class TileDef:
    """A mission tile: theme, areas, start area, round tracker, rewards."""

    id: str
    name: Text
    story: Text
    theme: Theme
    start: Direction
    areas: tuple[AreaDef, ...]
    tracker: tuple[FieldDef, ...]
    rewards: tuple[Effect, ...] = ()
    order: Annotated[int, Range(1, 20)] = 1
    boss: TileBossDef | None = None
    # what winning the tile brings (its rewards, the boxes it may tick), as a player reads it
    reward: Text | None = None
