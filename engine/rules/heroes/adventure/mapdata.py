"""The map content as the rules read it: tiles, locations, town boards, astrologer cards, scenarios.

The rules never read YAML here: ``content()`` returns a ``MapContent`` of small immutable
records, built from the typed content of engine/rules/heroes/mapdefs.py (data/heroes/map/). Tests
build a ``MapContent`` from literal data with ``from_plain`` and run a game on it with
``using``.

Location effects are records named after the map symbols of spec §19.1 (docs/heroes/map-data.md
describes the YAML form); ``engine/rules/heroes/adventure/visit.py`` gives each its handler.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# fields: 7 FieldInfo (centre, then the ring E, NE, NW, W, SW, SE); walls: local (i, j) pairs;
# faction: the faction whose start tile it is
TileInfo = namedtuple("TileInfo", "id kind fields walls faction", defaults=(None,))
FieldInfo = namedtuple("FieldInfo", "location guard blocked")
LocationInfo = namedtuple("LocationInfo", "id category effects name")
BuildingInfo = namedtuple("BuildingInfo", "id cost requires income dwelling citadel guild "
                                          "spells name")
TownInfo = namedtuple("TownInfo", "faction buildings spell_cost")
AstroInfo = namedtuple("AstroInfo", "id effects name")
ScenarioInfo = namedtuple("ScenarioInfo", "id players starts facedown supply resources income "
                                          "built units max_rounds victory name")

# location categories (seed 002, "Abenteuerkarte": besuchbar, beflaggbar, wieder besuchbar)
VISITABLE = "visitable"
FLAGGABLE = "flaggable"
REVISITABLE = "revisitable"
TOWN = "town"
SETTLEMENT = "settlement"
MINE = "mine"
CATEGORIES = (VISITABLE, FLAGGABLE, REVISITABLE, TOWN, SETTLEMENT, MINE)
KINDS = ("start", "far", "near", "centre")


class MapContent:
    """Every map record by id."""

    __slots__ = ("tiles", "locations", "towns", "astrologers", "scenarios", "hash")

    def __init__(self, tiles: dict[str, TileInfo], locations: dict[str, LocationInfo],
                 towns: dict[str, TownInfo], astrologers: dict[str, AstroInfo],
                 scenarios: dict[str, ScenarioInfo], hash: str = "") -> None:
        self.tiles = tiles
        self.locations = locations
        self.towns = towns
        self.astrologers = astrologers
        self.scenarios = scenarios
        self.hash = hash

    def tiles_of(self, kind: str) -> list[str]:
        """Returns the ids of the tiles of one kind, in content order."""
        return [t.id for t in self.tiles.values() if t.kind == kind]

    def building(self, faction: str, bid: str) -> BuildingInfo:
        """Returns one building of a faction's town board."""
        for b in self.towns[faction].buildings:
            if b.id == bid:
                return b
        raise KeyError(bid)


_OVERRIDE: list[MapContent] = []
_DEFAULT: list[MapContent] = []


def content() -> MapContent:
    """Returns the map content in use (a test's fixture inside ``using``)."""
    if _OVERRIDE:
        return _OVERRIDE[-1]
    if not _DEFAULT:
        _DEFAULT.append(_from_defs())
    return _DEFAULT[0]


@contextmanager
def using(mc: MapContent) -> Iterator[MapContent]:
    """Runs the enclosed code on ``mc`` instead of the shipped content (tests)."""
    _OVERRIDE.append(mc)
    try:
        yield mc
    finally:
        _OVERRIDE.pop()


def _cost(d: Any) -> tuple[int, int, int]:
    if d is None:
        return (0, 0, 0)
    if isinstance(d, dict):
        return (int(d.get("gold", 0)), int(d.get("materials", 0)), int(d.get("valuables", 0)))
    return (int(d[0]), int(d[1]), int(d[2]))


def from_plain(data: dict[str, Any]) -> MapContent:
    """Returns map content from literal data (tests): the keys tiles, locations, towns,
    astrologers and scenarios, each a list of mappings in the form of the records above."""
    tiles = {}
    for t in data.get("tiles", ()):
        fields = tuple(FieldInfo(f.get("location"), int(f.get("guard", 0)),
                                 bool(f.get("blocked", False))) for f in t["fields"])
        if len(fields) != 7:
            raise ValueError(f"tile {t['id']}: a tile has 7 fields")
        tiles[t["id"]] = TileInfo(t["id"], t["kind"], fields,
                                  tuple(tuple(w) for w in t.get("walls", ())),
                                  t.get("faction"))
    locations = {}
    for loc in data.get("locations", ()):
        locations[loc["id"]] = LocationInfo(loc["id"], loc["category"],
                                            tuple(loc.get("effects", ())),
                                            loc.get("name", {"en": loc["id"], "de": loc["id"]}))
    towns = {}
    for tw in data.get("towns", ()):
        blds = tuple(BuildingInfo(b["id"], _cost(b.get("cost")), tuple(b.get("requires", ())),
                                  _cost(b.get("income")), b.get("dwelling"),
                                  bool(b.get("citadel", False)), bool(b.get("guild", False)),
                                  int(b.get("spells", 0)),
                                  b.get("name", {"en": b["id"], "de": b["id"]}))
                     for b in tw["buildings"])
        towns[tw["faction"]] = TownInfo(tw["faction"], blds, _cost(tw.get("spell_cost",
                                                                          {"gold": 5})))
    astros = {a["id"]: AstroInfo(a["id"], tuple(a.get("effects", ())),
                                 a.get("name", {"en": a["id"], "de": a["id"]}))
              for a in data.get("astrologers", ())}
    scens = {}
    for s in data.get("scenarios", ()):
        scens[s["id"]] = ScenarioInfo(
            s["id"], tuple(s["players"]), tuple(tuple(x) for x in s["starts"]),
            tuple((f[0], (int(f[1]), int(f[2]))) for f in s.get("facedown", ())),
            int(s.get("supply", 0)), _cost(s.get("resources")), _cost(s.get("income")),
            tuple(s.get("built", ())), tuple(s.get("units", ())), int(s.get("max_rounds", 12)),
            dict(s.get("victory", {})), s.get("name", {"en": s["id"], "de": s["id"]}))
    return MapContent(tiles, locations, towns, astros, scens, "fixture")


def _from_defs() -> MapContent:
    """Returns the shipped map content (engine/rules/heroes/mapdefs.py)."""
    try:
        from engine.rules.heroes import mapdefs  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - until the map content is merged
        from engine.core.errors import MalformedAction

        raise MalformedAction("heroes: the map content (data/heroes/map) is not installed") \
            from None
    return mapdefs.map_content()  # type: ignore[no-any-return]
