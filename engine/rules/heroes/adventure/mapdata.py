"""The map content as the rules read it: tiles, locations, town boards, dice, astrologer cards,
difficulties, the economy and scenarios, as small immutable records.

There is one way in: ``from_plain`` takes the YAML shape of data/heroes/map/*.yaml (the kinds
``location``, ``tile``, ``town``, ``die``, ``astrologer``, ``difficulty``, ``economy``,
``scenario``; docs/heroes/map-data.md). The shipped content is the typed content of
engine/rules/heroes/mapdefs.py turned into that shape (``engine.content.schema.plain``); tests
give a fixture of the same shape and run a game on it with ``using``. Effect records stay plain
JSON (``{"type": ..., ...}``) so that the rules can queue them in the state.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# fields: 7 FieldInfo (centre, then the ring E, NE, NW, W, SW, SE); walls: local (i, j) pairs;
# faction: the faction whose start tile it is
# expansion: an expansion tile (seed "Spielregeln aus Erweiterungen"), drawn only with the switch
# expansion_locations (engine/rules/heroes/adventure/expansion.py)
TileInfo = namedtuple("TileInfo", "id kind fields walls faction label expansion",
                      defaults=(False,))
FieldInfo = namedtuple("FieldInfo", "location guard blocked")
# category: visitable, flaggable or revisitable; role: site, town, mine or settlement
LocationInfo = namedtuple("LocationInfo", "id category role effects shared name")
BuildingInfo = namedtuple("BuildingInfo", "id cost requires unlocks on_build resource_round "
                                          "turn_start passive name")
TownInfo = namedtuple("TownInfo", "faction buildings")
AstroInfo = namedtuple("AstroInfo", "id timing effects copies name")
Economy = namedtuple("Economy", "trade step spell secondary defence capitulation defeat_gold "
                                "main_mp secondary_mp elimination_rounds")
SeatInfo = namedtuple("SeatInfo", "start rotation supply team", defaults=(None,))
SlotInfo = namedtuple("SlotInfo", "at kind tile rotation")
# solo: a campaign scenario's bot side as plain data (engine/rules/heroes/campaigndefs.py
# SoloDef), None in a clash scenario
ScenarioInfo = namedtuple("ScenarioInfo", "id players seats slots pools resources income built "
                                          "units victory round_limit difficulty table default "
                                          "name solo mode", defaults=(None, "clash"))

KINDS = ("start", "far", "near", "centre")
GUARDS = ("I", "II", "III", "IV", "V", "VI", "VII")
RES = ("gold", "materials", "valuables")
TIERS = ("bronze", "silver", "gold")


class MapContent:
    """Every map record by id."""

    __slots__ = ("tiles", "locations", "towns", "dice", "astrologers", "difficulties",
                 "economy", "scenarios", "hash")

    def __init__(self, tiles: dict[str, TileInfo], locations: dict[str, LocationInfo],
                 towns: dict[str, TownInfo], dice: dict[str, tuple[tuple[Any, ...], ...]],
                 astrologers: dict[str, AstroInfo], difficulties: dict[str, tuple[Any, ...]],
                 economy: Economy, scenarios: dict[str, ScenarioInfo], hash: str = "") -> None:
        self.tiles = tiles
        self.locations = locations
        self.towns = towns
        self.dice = dice  # die id -> six faces, each a tuple of effect records
        self.astrologers = astrologers
        self.difficulties = difficulties  # id -> alternatives, each a tuple of effect records
        self.economy = economy
        self.scenarios = scenarios
        self.hash = hash

    def tiles_of(self, kind: str) -> list[str]:
        """Returns the ids of the core tiles of one kind, in content order."""
        return [t.id for t in self.tiles.values() if t.kind == kind and not t.expansion]

    def start_tile(self, faction: str) -> str | None:
        """Returns the start tile of a faction."""
        return next((t.id for t in self.tiles.values()
                     if t.kind == "start" and t.faction == faction), None)

    def building(self, faction: str, bid: str) -> BuildingInfo:
        """Returns one building of a faction's town board."""
        for b in self.towns[faction].buildings:
            if b.id == bid:
                return b
        raise KeyError(bid)

    def default_scenario(self, players: int) -> str | None:
        """Returns the scenario ``simulate`` plays for a player count."""
        fits = [s for s in self.scenarios.values() if players in s.players and s.mode == "clash"]
        for s in fits:
            if s.default:
                return s.id  # type: ignore[no-any-return]
        return fits[0].id if fits else None


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


def cost3(d: Any) -> tuple[int, int, int]:
    """Returns a ``{gold, materials, valuables}`` mapping as a triple."""
    if not d:
        return (0, 0, 0)
    return (int(d.get("gold", 0)), int(d.get("materials", 0)), int(d.get("valuables", 0)))


def _guard(g: Any) -> int:
    if g is None or g == 0:
        return 0
    if isinstance(g, int):
        return g
    return GUARDS.index(str(g)) + 1


def _effects(v: Any) -> tuple[dict[str, Any], ...]:
    return tuple(dict(e) for e in (v or ()))


def _name(d: dict[str, Any], key: str = "name") -> dict[str, str]:
    n = d.get(key) or {"en": d.get("id", d.get("key", "")), "de": d.get("id", d.get("key", ""))}
    return {"en": str(n["en"]), "de": str(n["de"])}


def from_plain(data: dict[str, Any], hash: str = "fixture") -> MapContent:
    """Returns map content from data in the YAML shape of data/heroes/map (each kind a list)."""
    tiles = {}
    for t in data.get("tile", ()):
        fields = tuple(FieldInfo(f.get("location"), _guard(f.get("guard")),
                                 bool(f.get("blocked", False))) for f in t["fields"])
        if len(fields) != 7:
            raise ValueError(f"tile {t['id']}: a tile has 7 fields")
        tiles[t["id"]] = TileInfo(t["id"], t["kind"], fields,
                                  tuple((int(w[0]), int(w[1])) for w in t.get("walls") or ()),
                                  t.get("faction"), str(t.get("label") or t["id"]),
                                  bool(t.get("expansion", False)))
    locations = {}
    for loc in data.get("location", ()):
        locations[loc["id"]] = LocationInfo(loc["id"], loc["category"], loc.get("role", "site"),
                                            _effects(loc.get("effects")),
                                            bool(loc.get("shared", False)), _name(loc))
    towns = {}
    for tw in data.get("town", ()):
        blds = []
        for b in tw["buildings"]:
            requires = tuple(b.get("requires") or ())
            if b.get("upgrade_of"):
                requires += (b["upgrade_of"],)
            blds.append(BuildingInfo(b["key"], cost3(b.get("cost")), requires,
                                     tuple(b.get("unlocks") or ()), _effects(b.get("on_build")),
                                     _effects(b.get("resource_round")),
                                     _effects(b.get("turn_start")), _effects(b.get("passive")),
                                     _name(b)))
        towns[tw["faction"]] = TownInfo(tw["faction"], tuple(blds))
    dice = {d["id"]: tuple(_effects(f.get("effects")) for f in d["faces"])
            for d in data.get("die", ())}
    astros = {a["id"]: AstroInfo(a["id"], a.get("timing", "now"), _effects(a.get("effects")),
                                 int(a.get("copies", 1)), _name(a))
              for a in data.get("astrologer", ())}
    diffs = {d["id"]: tuple(_effects(alt) for alt in d.get("bonus") or ())
             for d in data.get("difficulty", ())}
    ec = (data.get("economy") or [{}])[0]
    economy = Economy(
        {(t["give"], t["get"]): (int(t["give_amount"]), int(t["get_amount"]))
         for t in ec.get("trade", ())},
        cost3(ec.get("settlement_step", {"gold": 2, "materials": 1, "valuables": 1})),
        cost3(ec.get("spell_price", {"gold": 5})),
        cost3(ec.get("secondary_hero_price", {"gold": 10})),
        cost3(ec.get("town_defence_price", {"gold": 8})),
        cost3(ec.get("capitulation_price", {"gold": 10})),
        int(ec.get("main_hero_defeat_gold", 5)), int(ec.get("main_hero_mp", 3)),
        int(ec.get("secondary_hero_mp", 2)), int(ec.get("elimination_rounds", 3)))
    scens = {}
    for s in data.get("scenario", ()):
        players = s["players"]
        seats = tuple(SeatInfo((int(x["start"][0]), int(x["start"][1])), x.get("rotation"),
                               int(x.get("supply", 2)), x.get("team")) for x in s["seats"])
        slots = tuple(SlotInfo((int(x["at"][0]), int(x["at"][1])), x["kind"], x.get("tile"),
                               x.get("rotation")) for x in s["slots"])
        pools = {k: tuple(v) for k, v in (s.get("pools") or {}).items() if v}
        st = s.get("start") or {}
        units = tuple((u["tier"], u.get("side", "few"), u.get("count"))
                      for u in st.get("units") or ())
        victory = tuple(dict(v) for v in s.get("victory") or ())
        scens[s["id"]] = ScenarioInfo(
            s["id"], (players,) if isinstance(players, int) else tuple(players), seats, slots,
            pools, cost3(st.get("resources")), cost3(st.get("income")),
            tuple(st.get("buildings") or ()), units, victory, s.get("round_limit"),
            s.get("difficulty", "normal"), s.get("neutral_table", "upstream"),
            bool(s.get("default", False)), _name(s), s.get("solo"), s.get("mode", "clash"))
    return MapContent(tiles, locations, towns, dice, astros, diffs, economy, scens, hash)


def _from_defs() -> MapContent:
    """Returns the shipped map content (engine/rules/heroes/mapdefs.py) in the plain shape."""
    from engine.content.schema import plain
    from engine.rules.heroes import content as C
    from engine.rules.heroes import mapdefs

    mapdefs.check_map_content()
    c = C.content()
    data = {kind: [plain(x) for x in c.all(kind)]
            for kind in ("location", "tile", "town", "die", "astrologer", "difficulty",
                         "economy", "scenario")}
    return from_plain(data, c.hash)
