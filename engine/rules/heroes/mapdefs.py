"""Content schemas of the heroes adventure map (seed 002, issue #15): locations, tiles, town boards,
dice, astrologer cards, difficulties, the economy numbers and scenarios; and their typed accessors.

The YAML lives under ``data/heroes/map/`` and loads with the rest of the heroes content (one
loader, one cache): each entry is checked field by field against these frozen dataclasses, with
problems named by file, line and entry. What one entry cannot check alone (a start tile's centre
is a town, a scenario's slots touch, its pools hold enough tiles) ``map_problems`` checks across
kinds; ``check_map_content`` raises one ContentError listing them all. docs/heroes/map-data.md
describes every field and records where each number comes from.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

from engine.content.loader import register_cross_check
from engine.content.schema import Content, Effect, Range, Ref, Text, content_kind
from engine.core import hexgrid
from engine.core.errors import ContentError
from engine.rules.heroes import mapeffects
from engine.rules.heroes.campaigndefs import SoloDef
from engine.rules.heroes.defs import CostDef

GAME = "heroes"

Guard = Literal["I", "II", "III", "IV", "V", "VI", "VII"]
GUARDS: tuple[str, ...] = ("I", "II", "III", "IV", "V", "VI", "VII")
TileKind = Literal["start", "far", "near", "centre"]
SlotKind = Literal["far", "near", "centre"]
Category = Literal["visitable", "flaggable", "revisitable"]
Role = Literal["site", "town", "mine", "settlement"]
Resource = Literal["gold", "materials", "valuables"]
RESOURCES: tuple[str, ...] = ("gold", "materials", "valuables")
DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "expert", "impossible")
# the nine places of a town board (seed 002, "Städte"; spec §10, our board of seven tiles)
BuildingKey = Literal["town_hall", "city_hall", "citadel", "dwelling_bronze", "dwelling_silver",
                      "dwelling_gold", "mage_guild", "faction_1", "faction_2"]
Unlock = Literal["recruit_bronze", "recruit_silver", "recruit_gold", "reinforce", "walls",
                 "spell_book"]
Hex = tuple[int, int]
Rotation = Annotated[int, Range(0, 5)]
Coord = Annotated[int, Range(-40, 40)]
LocalField = Annotated[int, Range(0, 6)]

# the fields of a tile that touch each other: the centre and each ring field, and ring neighbours
# (engine/core/hexgrid.py: field 0 is the centre, 1..6 the ring in direction order)
def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


TILE_ADJACENT: frozenset[tuple[int, int]] = frozenset(
    {(0, i) for i in range(1, 7)} | {_pair(i, i % 6 + 1) for i in range(1, 7)})


# ---------------------------------------------------------------------------------------------
# Locations


@content_kind(GAME, "location")
@dataclass(frozen=True, slots=True)
class LocationDef:
    """A map location (seed 002, "Alle Orte der Abenteuerkarte"; spec §19.5).

    ``category``: visitable (a status cube after the visit), flaggable (a faction cube; an enemy
    visit steals it) or revisitable (every entry visits; 1 MP visits again without moving).
    ``role`` marks the locations the rules treat by name: the town (start-tile centre), mines
    (their one ``income`` effect is the mine's resource and amount) and settlements.
    ``shared``: several players' cubes may stand here and enemy cubes are never removed (the
    standing stone, the seed's obelisk).
    ``effects`` run in order on a visit; ``expansion`` marks content of the seed's expansions.
    """

    id: str
    name: Text
    text: Text
    category: Category
    effects: tuple[Effect, ...] = ()
    role: Role = "site"
    shared: bool = False
    expansion: bool = False

    def __post_init__(self) -> None:
        if self.role == "mine":
            incomes = [e for e in self.effects if e.type == "income"]
            if self.category != "flaggable" or len(incomes) != 1 or len(self.effects) != 1:
                raise ValueError("a mine is flaggable with exactly one effect, its 'income'")
        if self.role in ("town", "settlement") and self.category != "flaggable":
            raise ValueError(f"a {self.role} is flaggable")
        if self.shared and self.category != "flaggable":
            raise ValueError("only a flaggable location can be shared")


def mine_income(loc: LocationDef) -> CostDef:
    """Returns a mine's production (the amounts of its ``income`` effect)."""
    spec = loc.effects[0]
    return CostDef(gold=spec.params.get("gold", 0), materials=spec.params.get("materials", 0),
                   valuables=spec.params.get("valuables", 0))


# ---------------------------------------------------------------------------------------------
# Tiles


@dataclass(frozen=True, slots=True)
class FieldDef:
    """One hex field of a tile: its location (none: an empty field), the guard numeral I–VII of
    its neutral army (none: unguarded), and whether it is blocked (can be left, not entered)."""

    location: Annotated[str, Ref("location")] | None = None
    guard: Guard | None = None
    blocked: bool = False

    def __post_init__(self) -> None:
        if self.blocked and (self.location is not None or self.guard is not None):
            raise ValueError("a blocked field holds no location and no guard")


@content_kind(GAME, "tile")
@dataclass(frozen=True, slots=True)
class TileDef:
    """A map tile of seven fields (seed 002, "Aufbau eines Gebiets"; spec §11.2, §23.7).

    ``fields`` are the centre and the ring in the order of ``hexgrid.tile_fields`` (E, NE, NW, W,
    SW, SE at rotation 0). ``walls`` are the solid lines, each a pair of local field indices that
    touch. A start tile belongs to a faction and has the town at its centre. ``label`` is the
    printed tile number (e.g. "F2").
    """

    id: str
    label: str
    kind: TileKind
    fields: tuple[FieldDef, FieldDef, FieldDef, FieldDef, FieldDef, FieldDef, FieldDef]
    walls: tuple[tuple[LocalField, LocalField], ...] = ()
    faction: Annotated[str, Ref("faction")] | None = None
    expansion: bool = False

    def __post_init__(self) -> None:
        seen: set[tuple[int, int]] = set()
        for a, b in self.walls:
            pair = _pair(a, b)
            if pair not in TILE_ADJACENT:
                raise ValueError(f"wall {a}-{b}: fields {a} and {b} do not touch (walls run "
                                 "between the centre 0 and a ring field, or ring neighbours)")
            if pair in seen:
                raise ValueError(f"wall {a}-{b} is given twice")
            seen.add(pair)
        if (self.kind == "start") != (self.faction is not None):
            raise ValueError("a start tile names its faction; other tiles name none")

    def wall_pairs(self) -> frozenset[tuple[int, int]]:
        """Returns the walls as sorted local index pairs."""
        return frozenset(_pair(a, b) for a, b in self.walls)


# ---------------------------------------------------------------------------------------------
# Town boards


@dataclass(frozen=True, slots=True)
class BuildingDef:
    """A building of a town board (seed 002, "Städte"; spec §10).

    ``key`` is its place on every faction's board. ``requires`` lists buildings that must stand
    first (the dwelling chain is data, checked to run bronze → silver → gold); ``upgrade_of`` makes
    it the second side of a double-sided tile (built after, replacing, that building).
    ``unlocks`` says what the building enables. Effects: ``on_build`` once when built (for
    pre-built buildings at the end of setup), ``resource_round`` at every income round,
    ``turn_start`` at the start of the owner's every turn, ``passive`` while it stands.
    """

    key: BuildingKey
    name: Text
    text: Text
    cost: CostDef
    requires: tuple[BuildingKey, ...] = ()
    upgrade_of: BuildingKey | None = None
    unlocks: tuple[Unlock, ...] = ()
    on_build: tuple[Effect, ...] = ()
    resource_round: tuple[Effect, ...] = ()
    turn_start: tuple[Effect, ...] = ()
    passive: tuple[Effect, ...] = ()

    def needs(self) -> tuple[str, ...]:
        """Returns every building that must stand before this one (requires and upgrade_of)."""
        return tuple(self.requires) + ((self.upgrade_of,) if self.upgrade_of else ())


_DWELLING_CHAIN = {"dwelling_silver": "dwelling_bronze", "dwelling_gold": "dwelling_silver"}
_DWELLING_UNLOCK = {"dwelling_bronze": "recruit_bronze", "dwelling_silver": "recruit_silver",
                    "dwelling_gold": "recruit_gold"}


@content_kind(GAME, "town")
@dataclass(frozen=True, slots=True)
class TownDef:
    """A faction's town board: every building with its cost, order and effects."""

    id: str
    faction: Annotated[str, Ref("faction")]
    name: Text
    buildings: tuple[BuildingDef, ...]

    def __post_init__(self) -> None:
        keys = [b.key for b in self.buildings]
        missing = [k for k in BuildingKey.__args__ if k not in keys]  # type: ignore[attr-defined]
        if missing:
            raise ValueError(f"the board lacks {', '.join(missing)}")
        if len(set(keys)) != len(keys):
            raise ValueError("a building key is given twice")
        for b in self.buildings:
            if b.key in _DWELLING_CHAIN and _DWELLING_CHAIN[b.key] not in b.requires:
                raise ValueError(f"{b.key} must require {_DWELLING_CHAIN[b.key]} (seed: dwellings "
                                 "are built in order)")
            if b.key in _DWELLING_UNLOCK and _DWELLING_UNLOCK[b.key] not in b.unlocks:
                raise ValueError(f"{b.key} must unlock {_DWELLING_UNLOCK[b.key]}")
        by_key: dict[str, BuildingDef] = {b.key: b for b in self.buildings}
        if "reinforce" not in by_key["citadel"].unlocks:
            raise ValueError("the citadel must unlock reinforce (seed: Zitadelle)")
        if "spell_book" not in by_key["mage_guild"].unlocks:
            raise ValueError("the mage guild must unlock spell_book")
        for b in self.buildings:  # no cycles in requires / upgrade_of
            seen: set[str] = set()
            stack: list[str] = [b.key]
            while stack:
                k = stack.pop()
                for need in by_key[k].needs():
                    if need == b.key:
                        raise ValueError(f"{b.key} requires itself (through {k})")
                    if need not in seen:
                        seen.add(need)
                        stack.append(need)

    def building(self, key: str) -> BuildingDef:
        """Returns the building at ``key``."""
        for b in self.buildings:
            if b.key == key:
                return b
        raise KeyError(f"town {self.id} has no building {key!r}")


# ---------------------------------------------------------------------------------------------
# Dice, astrologer cards, difficulties, economy


@dataclass(frozen=True, slots=True)
class FaceDef:
    """One face of a die: its label and the effects of rolling it."""

    id: str
    name: Text
    effects: tuple[Effect, ...]


@content_kind(GAME, "die")
@dataclass(frozen=True, slots=True)
class DieDef:
    """A six-sided die of the map game (the resource die and the treasure die; seed 002,
    "Ressourcen", spec §9.3)."""

    id: str
    name: Text
    faces: tuple[FaceDef, FaceDef, FaceDef, FaceDef, FaceDef, FaceDef]


@content_kind(GAME, "astrologer")
@dataclass(frozen=True, slots=True)
class AstrologerDef:
    """An astrologer card, drawn at the start of every even round (seed 002, "Rundenablauf").

    ``timing``: ``now`` — every player resolves ``effects`` at once, in player order from the
    start player; ``turn`` — every player resolves them at the start of their turn this round;
    ``round`` — the effects are modifiers in force until the end of this round.
    """

    id: str
    name: Text
    text: Text
    timing: Literal["now", "turn", "round"]
    effects: tuple[Effect, ...]
    copies: Annotated[int, Range(1, 3)] = 1


@content_kind(GAME, "difficulty")
@dataclass(frozen=True, slots=True)
class DifficultyDef:
    """A scenario difficulty (seed 002, "Szenario-Schwierigkeit"): the neutral-table column of the
    same id and the start bonus of setup step 16, as alternatives the player chooses among (each a
    list of effects; none: no bonus). Artifacts from the bonus go to hand."""

    id: str
    name: Text
    text: Text
    bonus: tuple[tuple[Effect, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.id not in DIFFICULTIES:
            raise ValueError(f"a difficulty is one of {', '.join(DIFFICULTIES)}")


@dataclass(frozen=True, slots=True)
class TradeDef:
    """One trade rate: give ``give_amount`` of ``give`` for ``get_amount`` of ``get``."""

    give: Resource
    give_amount: Annotated[int, Range(1, 10)]
    get: Resource
    get_amount: Annotated[int, Range(1, 10)]


@content_kind(GAME, "economy")
@dataclass(frozen=True, slots=True)
class EconomyDef:
    """The numbers of the map game's economy (seed 002 and spec §9, §16; ours where marked in
    docs/heroes/map-data.md)."""

    id: str
    resources: tuple[Text, Text, Text]
    trade: tuple[TradeDef, ...]
    settlement_step: CostDef
    spell_price: CostDef
    secondary_hero_price: CostDef
    town_defence_price: CostDef
    capitulation_price: CostDef
    main_hero_defeat_gold: Annotated[int, Range(0, 20)]
    main_hero_mp: Annotated[int, Range(1, 5)]
    secondary_hero_mp: Annotated[int, Range(1, 5)]
    elimination_rounds: Annotated[int, Range(1, 9)]

    def rate(self, give: str, get: str) -> TradeDef | None:
        """Returns the trade rate from ``give`` to ``get`` (None when there is none)."""
        for t in self.trade:
            if t.give == give and t.get == get:
                return t
        return None


# ---------------------------------------------------------------------------------------------
# Scenarios


@dataclass(frozen=True, slots=True)
class SeatDef:
    """A seat of a scenario: where its start tile lies, its rotation (none: the player turns it,
    setup step 21) and how many far tiles go to the player's own supply."""

    start: tuple[Coord, Coord]
    rotation: Rotation | None = None
    supply: Annotated[int, Range(0, 6)] = 2
    # an alliance scenario's team of the seat (engine/rules/heroes/adventure/teams.py)
    team: Annotated[int, Range(0, 3)] | None = None


@dataclass(frozen=True, slots=True)
class SlotDef:
    """A face-down tile slot: its anchor hex and the kind of tile drawn for it (or a fixed tile)."""

    at: tuple[Coord, Coord]
    kind: SlotKind
    tile: Annotated[str, Ref("tile")] | None = None
    rotation: Rotation | None = None


@dataclass(frozen=True, slots=True)
class PoolsDef:
    """The tiles each kind is drawn from (empty: every core tile of that kind)."""

    far: tuple[Annotated[str, Ref("tile")], ...] = ()
    near: tuple[Annotated[str, Ref("tile")], ...] = ()
    centre: tuple[Annotated[str, Ref("tile")], ...] = ()


@dataclass(frozen=True, slots=True)
class StartUnitDef:
    """Starting units: the faction's units of ``tier`` on side ``side``; ``count`` of them chosen by
    the player (none: all of that tier)."""

    tier: Literal["bronze", "silver", "gold"]
    side: Literal["few", "pack"] = "few"
    count: Annotated[int, Range(1, 3)] | None = None


@dataclass(frozen=True, slots=True)
class StartDef:
    """What every player starts with (setup steps 7–9, 18)."""

    resources: CostDef
    income: CostDef
    buildings: tuple[BuildingKey, ...] = ()
    units: tuple[StartUnitDef, ...] = ()


VictoryType = Literal["eliminate_all", "capture_town", "cubes_of_every_opponent",
                      "most_flags_at_limit", "hold_grail_in_town", "defeat_bot_heroes",
                      "hold_mines", "capture_bot_town", "bots_then_bot_town"]


@dataclass(frozen=True, slots=True)
class VictoryDef:
    """A way to win (seed 002, "Spielende"; the scenario's own conditions, ours).

    ``eliminate_all``: every opponent is eliminated. ``capture_town``: you flag an enemy town (with
    ``rounds`` > 0: and still hold it after that many round ends). ``cubes_of_every_opponent``: you hold a faction cube of
    every opponent (Clash with 3+). ``most_flags_at_limit``: when the round limit ends, the player
    flagging the most locations of ``roles`` wins (tie: most faction cubes held, then a draw).
    ``hold_grail_in_town``: a hero carrying the grail token ends ``rounds`` full rounds in its own
    town. Campaign scenarios (engine/rules/heroes/adventure/bothero.py): ``defeat_bot_heroes``
    (every bot hero beaten), ``hold_mines`` (``count`` mines flagged at ``rounds`` round ends in a
    row), ``capture_bot_town`` (a bot town flagged), ``bots_then_bot_town`` (a co-operative
    scenario: every bot hero beaten, then a bot town flagged).
    """

    type: VictoryType
    text: Text
    rounds: Annotated[int, Range(0, 5)] = 0
    roles: tuple[Literal["mine", "settlement", "town"], ...] = ()
    count: Annotated[int, Range(0, 9)] = 0


@content_kind(GAME, "scenario")
@dataclass(frozen=True, slots=True)
class ScenarioDef:
    """A scenario of the map game (seed 002 setup step 1, 6–9, 18; spec §23.8; ours).

    ``seats`` hold the start tiles (each player's faction decides which); ``slots`` the
    face-down tiles; ``pools`` the tiles drawn for slots and supplies. ``default`` marks the
    scenario ``simulate`` plays for its player count. A ``campaign`` scenario (one player, a
    scenario of a solo campaign) adds its bot towns, bot heroes and bot deck in ``solo``
    (engine/rules/heroes/campaigndefs.py).
    """

    id: str
    name: Text
    text: Text
    mode: Literal["clash", "campaign", "coop", "alliance"]
    players: Annotated[int, Range(1, 4)]
    seats: tuple[SeatDef, ...]
    slots: tuple[SlotDef, ...]
    start: StartDef
    victory: tuple[VictoryDef, ...]
    round_limit: Annotated[int, Range(4, 30)] | None = None
    pools: PoolsDef = PoolsDef()
    difficulty: Annotated[str, Ref("difficulty")] = "normal"
    neutral_table: Annotated[str, Ref("neutral_table")] = "upstream"
    learning: bool = False
    default: bool = False
    solo: SoloDef | None = None

    def __post_init__(self) -> None:
        if len(self.seats) != self.players:
            raise ValueError(f"{self.players} players need {self.players} seats, "
                             f"got {len(self.seats)}")
        if self.mode in ("clash", "campaign") and (
                (self.mode == "campaign") != (self.solo is not None)
                or (self.mode == "campaign") != (self.players == 1) or self.players > 3):
            raise ValueError("a campaign scenario is for one player and has its solo part; a "
                             "clash scenario is for two or three and has none")
        if self.mode == "coop" and (self.solo is None or self.players < 2):
            raise ValueError("a co-operative scenario is for two players or more against bot "
                             "heroes: it has its solo part")
        teams = [s.team for s in self.seats]
        if self.mode == "alliance" and (self.solo is not None or None in teams
                                        or len(set(teams)) < 2):
            raise ValueError("an alliance scenario gives every seat a team (two teams at least) "
                             "and has no bot heroes")
        if self.mode != "alliance" and any(t is not None for t in teams):
            raise ValueError("only an alliance scenario names teams")
        places = [s.start for s in self.seats] + [s.at for s in self.slots]
        if self.solo is not None:
            places += [t.at for t in self.solo.towns]
        for h in places:
            if not hexgrid.is_tile_anchor(h):
                raise ValueError(f"({h[0]}, {h[1]}) is not a tile anchor (3q + r must be a "
                                 "multiple of 7; see hexgrid.is_tile_anchor)")
        if len(set(places)) != len(places):
            raise ValueError("two tiles share an anchor")
        if not _connected(places):
            raise ValueError("the start tiles and slots do not form one connected map")

    def anchors(self) -> list[Hex]:
        """Returns every tile anchor of the full map: start tiles, then slots (then bot towns)."""
        towns = [t.at for t in self.solo.towns] if self.solo is not None else []
        return [s.start for s in self.seats] + [s.at for s in self.slots] + towns


def _connected(anchors: list[Hex]) -> bool:
    if not anchors:
        return True
    todo = set(anchors)
    stack = [anchors[0]]
    todo.discard(anchors[0])
    while stack:
        a = stack.pop()
        for n in hexgrid.tile_neighbour_anchors(a):
            if n in todo:
                todo.discard(n)
                stack.append(n)
    return not todo


# ---------------------------------------------------------------------------------------------
# Accessors (the heroes content is loaded once per process; these are cached)


def _content() -> Content:
    from engine.rules.heroes.content import content

    return content()


def _all(kind: str) -> list[Any]:
    return list(_content().all(kind))


@cache
def location(lid: str) -> LocationDef:
    """Returns a location definition."""
    return _content().get("location", lid)


@cache
def tile(tid: str) -> TileDef:
    """Returns a tile definition."""
    return _content().get("tile", tid)


@cache
def tiles_of(kind: str, expansion: bool = False) -> tuple[TileDef, ...]:
    """Returns the tiles of a kind in file order (core tiles only unless ``expansion``)."""
    return tuple(t for t in _all("tile") if t.kind == kind and (expansion or not t.expansion))


@cache
def start_tile(faction: str) -> TileDef:
    """Returns a faction's start tile."""
    for t in _all("tile"):
        if t.kind == "start" and t.faction == faction:
            return t
    raise KeyError(f"heroes has no start tile for faction {faction!r}")


@cache
def town(faction: str) -> TownDef:
    """Returns a faction's town board."""
    for t in _all("town"):
        if t.faction == faction:
            return t
    raise KeyError(f"heroes has no town board for faction {faction!r}")


@cache
def die(did: str) -> DieDef:
    """Returns a die (``resource`` or ``treasure``)."""
    return _content().get("die", did)


@cache
def astrologer_deck() -> tuple[AstrologerDef, ...]:
    """Returns the astrologer cards in file order, each as often as its copies."""
    return tuple(c for c in _all("astrologer") for _ in range(c.copies))


@cache
def difficulty(did: str) -> DifficultyDef:
    """Returns a difficulty with its start bonus."""
    return _content().get("difficulty", did)


@cache
def economy() -> EconomyDef:
    """Returns the economy numbers."""
    return _content().get("economy", "standard")


@cache
def scenario(sid: str) -> ScenarioDef:
    """Returns a scenario (after the cross-entry checks, which raise ContentError once)."""
    check_map_content()
    return _content().get("scenario", sid)


def scenarios(players: int | None = None, mode: str | None = "clash") -> list[ScenarioDef]:
    """Returns the scenarios (for a player count) of a mode (None: every mode) in file order,
    after the cross-entry checks; the clash scenarios by default (a campaign's are played
    through its campaign)."""
    check_map_content()
    return [s for s in _all("scenario") if (players is None or s.players == players)
            and (mode is None or s.mode == mode)]


@cache
def default_scenario(players: int) -> ScenarioDef:
    """Returns the scenario ``simulate`` plays for a player count."""
    for s in scenarios(players):
        if s.default:
            return s
    raise KeyError(f"heroes has no default scenario for {players} players")


@cache
def pool(sid: str, kind: str) -> tuple[str, ...]:
    """Returns the ids of the tiles a scenario draws for slots (and supplies) of a kind."""
    sc = scenario(sid)
    given = getattr(sc.pools, kind)
    return tuple(given) if given else tuple(t.id for t in tiles_of(kind))


def walk_effects(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    """Yields every effect record, including those nested in pay, twice and choice."""
    for e in effects:
        yield e
        then = e.params.get("then")
        if then:
            yield from walk_effects(tuple(then))
        for option in e.params.get("options", ()):
            yield from walk_effects(tuple(option))


def map_effect_records(c: Content | None = None) -> Iterator[tuple[str, str, Effect]]:
    """Yields (kind, id, effect) for every effect record of the map content (default: the
    loaded heroes content)."""
    c = c if c is not None else _content()
    for loc in c.all("location"):
        for e in walk_effects(loc.effects):
            yield "location", loc.id, e
    for t in c.all("town"):
        for b in t.buildings:
            for group in (b.on_build, b.resource_round, b.turn_start, b.passive):
                for e in walk_effects(group):
                    yield "town", f"{t.id}.{b.key}", e
    for d in c.all("die"):
        for f in d.faces:
            for e in walk_effects(f.effects):
                yield "die", f"{d.id}.{f.id}", e
    for card in c.all("astrologer"):
        for e in walk_effects(card.effects):
            yield "astrologer", card.id, e
    for diff in c.all("difficulty"):
        for option in diff.bonus:
            for e in walk_effects(option):
                yield "difficulty", diff.id, e
    for card in c.all("event"):  # the expansion's event cards (engine/rules/heroes/expansiondefs.py)
        for e in walk_effects(card.effects):
            yield "event", card.id, e
    for sc in c.all("scenario"):  # a campaign scenario's own start bonus
        for option in sc.solo.bonus if sc.solo is not None else ():
            for e in walk_effects(option):
                yield "scenario", sc.id, e


MAP_VOCABULARY = frozenset(mapeffects.MAP_EFFECTS | mapeffects.SHARED_CARD_EFFECTS)


def map_problems(c: Content | None = None) -> list[str]:
    """Returns every problem that needs more than one entry to see (empty when all is well);
    ``c`` defaults to the loaded heroes content."""
    c = c if c is not None else _content()
    out: list[str] = []

    def bad(kind: str, eid: str, message: str) -> None:
        where = c.where(kind, eid)
        out.append(f"{where}: {kind} {eid}: {message}" if where else f"{kind} {eid}: {message}")

    for kind, eid, e in map_effect_records(c):
        if e.type not in MAP_VOCABULARY:
            bad(kind, eid.split(".")[0], f"effect '{e.type}' is not a map effect "
                                         "(see engine/rules/heroes/mapeffects.py)")
    factions = [f.id for f in c.all("faction")]
    starts: dict[str, str] = {}
    for t in c.all("tile"):
        for i, f in enumerate(t.fields):
            role = c.get("location", f.location).role if f.location else None
            if i == 0 and t.kind == "start" and role != "town":
                bad("tile", t.id, "a start tile has the town at its centre (field 0)")
            elif role == "town" and (i != 0 or t.kind != "start"):
                bad("tile", t.id, f"field {i}: a town stands only at a start tile's centre")
        if t.kind == "start" and t.faction:
            if t.faction in starts:
                bad("tile", t.id, f"faction {t.faction} already has start tile "
                                  f"{starts[t.faction]}")
            starts[t.faction] = t.id
    towns = {t.faction for t in c.all("town")}
    for f in factions:
        if f not in starts:
            bad("faction", f, "has no start tile")
        if f not in towns:
            bad("faction", f, "has no town board")
    for d in ("resource", "treasure"):
        if not c.has("die", d):
            out.append(f"heroes map content: the {d} die is missing")
    for d in ("easy", "normal", "expert", "impossible"):
        if not c.has("difficulty", d):
            out.append(f"heroes map content: difficulty {d} is missing")
    if not c.has("economy", "standard"):
        out.append("heroes map content: economy 'standard' is missing")
    defaults: dict[tuple[str, int], str] = {}
    for s in c.all("scenario"):
        if s.default:
            if (s.mode, s.players) in defaults:
                bad("scenario", s.id, f"a second default for {s.players} players "
                                      f"(first: {defaults[s.mode, s.players]})")
            defaults[s.mode, s.players] = s.id
        # spec §25.7: team games allow mirror factions (two players on one faction)
        if len(factions) < s.players and s.mode == "clash":
            bad("scenario", s.id, f"needs {s.players} factions, the content has {len(factions)}")
        for kind in ("far", "near", "centre"):
            given = getattr(s.pools, kind)
            tiles = given or [t.id for t in c.all("tile") if t.kind == kind and not t.expansion]
            for tid in given:
                if c.has("tile", tid) and c.get("tile", tid).kind != kind:
                    bad("scenario", s.id, f"pools.{kind}: tile {tid} is a "
                                          f"{c.get('tile', tid).kind} tile")
            if len(set(given)) != len(given):
                bad("scenario", s.id, f"pools.{kind} names a tile twice")
            fixed = [sl.tile for sl in s.slots if sl.tile is not None and sl.kind == kind]
            drawn = sum(1 for sl in s.slots if sl.kind == kind and sl.tile is None)
            if kind == "far":
                drawn += sum(seat.supply for seat in s.seats)
            free = [t for t in tiles if t not in fixed]
            if drawn > len(free):
                bad("scenario", s.id, f"needs {drawn} {kind} tiles, its pool has {len(free)}")
        for sl in s.slots:
            if sl.tile is not None and c.has("tile", sl.tile) and \
                    c.get("tile", sl.tile).kind != sl.kind:
                bad("scenario", s.id, f"slot ({sl.at[0]}, {sl.at[1]}): tile {sl.tile} is not "
                                      f"a {sl.kind} tile")
        # the chalice token means something only through a victory condition (seed: "Gral …
        # Der Effekt ist szenarioabhängig"): it may lie on the map only then, and must then
        problem = _grail_problem(c, s)
        if problem:
            bad("scenario", s.id, problem)
        if s.round_limit is None and any(v.type == "most_flags_at_limit" for v in s.victory):
            bad("scenario", s.id, "most_flags_at_limit needs a round_limit")
    from engine.rules.heroes.campaigndefs import solo_problems

    for kind, eid, message in solo_problems(c):
        bad(kind, eid, message)
    return out


def _grail_problem(c: Content, s: ScenarioDef) -> str:
    """Returns why a scenario's chalice and its victory conditions do not fit (empty if fine)."""
    grail_tiles = {t.id for t in c.all("tile")
                   if any(f.location and any(e.type == "grail" for e in
                                             walk_effects(c.get("location", f.location).effects))
                          for f in t.fields)}
    wants = any(v.type == "hold_grail_in_town" for v in s.victory)
    fixed = {sl.tile for sl in s.slots if sl.tile is not None}
    possible = set(fixed)
    certain = set(fixed)
    for kind in ("far", "near", "centre"):
        given = getattr(s.pools, kind)
        tiles = list(given) or [t.id for t in c.all("tile") if t.kind == kind and not t.expansion]
        free = [t for t in tiles if t not in fixed]
        drawn = sum(1 for sl in s.slots if sl.kind == kind and sl.tile is None)
        if kind == "far":
            drawn += sum(seat.supply for seat in s.seats)
        if drawn:
            possible.update(free)
            if drawn >= len(free):
                certain.update(free)
    if wants and not certain & grail_tiles:
        return "hold_grail_in_town needs the chalice on the map (a fixed tile, or a pool that " \
               "is drawn completely)"
    if not wants and possible & grail_tiles:
        return f"tile {sorted(possible & grail_tiles)[0]} with the chalice may be drawn, but no " \
               "victory condition uses it (add hold_grail_in_town or leave it out of the pools)"
    return ""


_CHECKED: list[bool] = []


def check_map_content() -> None:
    """Raises ContentError listing every cross-entry problem of the map content (checked once)."""
    if _CHECKED:
        return
    problems = map_problems()
    if problems:
        raise ContentError(problems)
    _CHECKED.append(True)


# ``python -m engine validate-data --game heroes`` lists these problems with the schema's
register_cross_check(GAME, map_problems)
