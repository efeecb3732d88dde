"""The heroes map content (issue #15): complete, consistent, in both languages, and checked.

Covers data/heroes/map/*.yaml through engine/rules/heroes/mapdefs.py and the map effect
vocabulary of engine/rules/heroes/mapeffects.py (docs/heroes/map-data.md).
"""

from __future__ import annotations

import random
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.content.loader import load_game_content, validate_game_content
from engine.content.schema import Text
from engine.core import hexgrid
from engine.paths import data_dir
from engine.rules.heroes import content as C
from engine.rules.heroes import mapdefs as M
from engine.rules.heroes import mapeffects
from tests.heroes.test_content import FORBIDDEN

ROOT = Path(__file__).resolve().parents[2]
MAP_KINDS = ("location", "tile", "town", "die", "astrologer", "difficulty", "economy", "scenario")
GUARD_RANGE = {"start": ("I",), "far": ("II", "III"), "near": ("IV", "V"),
               "centre": ("VI", "VII")}


def test_every_file_loads_and_the_cross_checks_pass() -> None:
    assert validate_game_content("heroes") == []
    assert M.map_problems() == []
    M.check_map_content()
    files = sorted(p.name for p in (data_dir() / "heroes" / "map").glob("*.yaml"))
    assert files == ["astrologer.yaml", "dice.yaml", "difficulties.yaml", "economy.yaml",
                     "locations.yaml", "scenarios.yaml", "tiles.yaml", "towns.yaml"]


def test_the_issue_counts() -> None:
    assert [len(M.tiles_of(k)) for k in ("start", "far", "near", "centre")] == [3, 10, 6, 3]
    artifacts = [c for c in C.all_of("card") if c.kind == "artifact"]
    assert Counter(c.rarity for c in artifacts) == {"minor": 12, "major": 8, "relic": 4}
    assert sum(c.copies for c in artifacts) == 24
    assert len(M.astrologer_deck()) == 12
    assert len({c.id for c in M.astrologer_deck()}) == 12
    by_players = Counter(s.players for s in M.scenarios())
    assert by_players == {2: 2, 3: 1}
    learning = [s for s in M.scenarios() if s.learning]
    assert len(learning) == 1 and learning[0].players == 2 and learning[0].default
    two = M.scenarios(2)
    assert max(len(s.anchors()) for s in two) > min(len(s.anchors()) for s in two)
    assert M.default_scenario(3).mode == "clash"


def test_tiles_have_seven_fields_valid_guards_and_walls_between_touching_fields() -> None:
    for t in C.all_of("tile"):
        assert len(t.fields) == hexgrid.TILE_SIZE, t.id
        for i, f in enumerate(t.fields):
            if f.guard is not None:
                assert f.guard in GUARD_RANGE[t.kind], (t.id, i, f.guard)
            if f.blocked:
                assert f.location is None and f.guard is None, (t.id, i)
        local = hexgrid.tile_fields((0, 0))
        for a, b in t.walls:
            assert hexgrid.is_adjacent(local[a], local[b]), (t.id, a, b)
        # the centre can be entered from some ring field, and every tile offers something
        if not t.fields[0].blocked:
            walls = t.wall_pairs()
            assert any(not t.fields[i].blocked and (0, i) not in walls for i in range(1, 7)), t.id
        assert sum(1 for f in t.fields if f.location) >= 4, t.id
    for faction in C.all_of("faction"):
        start = M.start_tile(faction.id)
        assert M.location(start.fields[0].location or "").role == "town"
        assert all(f.guard in (None, "I") for f in start.fields)


def test_every_location_exists_and_every_core_location_lies_on_a_tile() -> None:
    used: set[str] = set()
    for t in C.all_of("tile"):
        for f in t.fields:
            if f.location:
                assert C.content().has("location", f.location), (t.id, f.location)
                used.add(f.location)
    core = {loc.id for loc in C.all_of("location") if not loc.expansion}
    assert core - used == set()
    roles = Counter(M.location(lid).role for lid in used)
    assert roles["mine"] >= 4 and roles["settlement"] >= 1 and roles["town"] == 1
    for loc in C.all_of("location"):
        if loc.role == "mine":
            income = M.mine_income(loc)
            assert income.gold + income.materials + income.valuables > 0
    # every far tile carries a settlement (a retreat point); mines of every resource exist
    for t in M.tiles_of("far"):
        assert any(f.location == "settlement" for f in t.fields), t.id
    mined = {r for loc in C.all_of("location") if loc.role == "mine"
             for r in ("gold", "materials", "valuables") if getattr(M.mine_income(loc), r)}
    assert mined == {"gold", "materials", "valuables"}


def _components(placed: list[tuple[hexgrid.Hex, int, M.TileDef]]) -> list[set[int]]:
    """Returns, per connected group of open fields, the indices of the tiles it touches; fields
    connect through hex sides unless blocked or walled, ignoring guards and heroes (AMB-36)."""
    owner: dict[hexgrid.Hex, int] = {}
    walls = hexgrid.HexWalls()
    for k, (anchor, rotation, t) in enumerate(placed):
        hexes = hexgrid.tile_fields(anchor, rotation)
        for h, f in zip(hexes, t.fields, strict=True):
            if not f.blocked:
                owner[h] = k
        for a, b in t.walls:
            walls.add(hexes[a], hexes[b])
    seen: set[hexgrid.Hex] = set()
    out = []
    for first in owner:
        if first in seen:
            continue
        seen.add(first)
        group = {owner[first]}
        stack = [first]
        while stack:
            h = stack.pop()
            for n in hexgrid.neighbours(h):
                if n in owner and n not in seen and not walls.between(h, n):
                    seen.add(n)
                    group.add(owner[n])
                    stack.append(n)
        out.append(group)
    return out


@pytest.mark.parametrize("sid", ["first_steps", "three_crowns", "wide_frontier"])
def test_every_slot_can_be_discovered_and_the_map_ends_connected(sid: str) -> None:
    """Discovering face-down tiles in a random order (seed 002 R-178/179): each tile has a
    rotation joining all its open fields to the tiles already there, and choosing rotations
    that join the most leaves one connected map once every slot is open."""
    sc = M.scenario(sid)
    factions = [f.id for f in C.all_of("faction")]
    rng = random.Random(sid)
    for _ in range(25):
        placed: list[tuple[hexgrid.Hex, int, M.TileDef]] = []
        for seat, faction in zip(sc.seats, rng.sample(factions, sc.players), strict=True):
            placed.append((seat.start, rng.randrange(6), M.start_tile(faction)))
        fixed = {s.tile for s in sc.slots}
        pools = {k: [t for t in M.pool(sid, k) if t not in fixed]
                 for k in ("far", "near", "centre")}
        for pool in pools.values():
            rng.shuffle(pool)
        todo = list(sc.slots)
        while todo:
            ready = [s for s in todo if any(hexgrid.tiles_touch(s.at, a) for a, _, _ in placed)]
            assert ready, (sid, "a slot no revealed tile touches")
            slot = rng.choice(ready)
            todo.remove(slot)
            t = M.tile(slot.tile if slot.tile is not None else pools[slot.kind].pop())
            turns = [slot.rotation] if slot.rotation is not None else list(range(6))
            new = len(placed)
            legal = [r for r in turns
                     if all(len(g) > 1 for g in _components(placed + [(slot.at, r, t)])
                            if new in g)]
            assert legal, (sid, t.id, [(a, r, x.id) for a, r, x in placed])
            best = min(legal, key=lambda r: len(_components(placed + [(slot.at, r, t)])))
            placed.append((slot.at, best, t))
        assert len(_components(placed)) == 1, (sid, [(a, r, x.id) for a, r, x in placed])


def test_town_boards_have_every_building_in_order() -> None:
    for faction in C.all_of("faction"):
        board = M.town(faction.id)
        keys = [b.key for b in board.buildings]
        assert sorted(keys) == sorted(M.BuildingKey.__args__)  # type: ignore[attr-defined]
        assert "dwelling_bronze" in board.building("dwelling_silver").requires
        assert "dwelling_silver" in board.building("dwelling_gold").requires
        assert board.building("city_hall").upgrade_of == "town_hall"
        assert board.building("faction_2").upgrade_of == "faction_1"
        for b in board.buildings:
            assert b.cost.gold + b.cost.materials + b.cost.valuables > 0, (board.id, b.key)
            assert b.on_build or b.resource_round or b.turn_start or b.passive or b.unlocks, \
                (board.id, b.key)
        bronze, silver, gold = (board.building(f"dwelling_{t}").cost
                                for t in ("bronze", "silver", "gold"))
        assert bronze.gold < silver.gold < gold.gold


def test_dice_and_economy() -> None:
    resource = M.die("resource")
    gains = sorted(tuple(sorted(f.effects[0].params.items())) for f in resource.faces)
    assert gains == sorted([(("materials", 2),), (("materials", 4),), (("valuables", 1),),
                            (("valuables", 2),), (("gold", 3),), (("gold", 6),)])
    treasure = Counter(f.effects[0].type for f in M.die("treasure").faces)
    assert treasure == {"xp": 2, "search_artifact": 2, "resource_die": 1,
                        "resource_dice_pick": 1}
    eco = M.economy()
    for give in M.RESOURCES:
        for get in M.RESOURCES:
            assert (eco.rate(give, get) is not None) == (give != get), (give, get)
    assert eco.spell_price.gold == 5 and eco.secondary_hero_price.gold == 10
    assert [bool(M.difficulty(d).bonus) for d in M.DIFFICULTIES] == [True, True, True, False]


def test_every_effect_is_in_the_documented_vocabulary_and_every_primitive_is_used() -> None:
    doc = (ROOT / "docs" / "heroes" / "map-data.md").read_text(encoding="utf-8")
    used = set()
    for kind, eid, e in M.map_effect_records():
        assert e.type in M.MAP_VOCABULARY, (kind, eid, e.type)
        used.add(e.type)
    for name in M.MAP_VOCABULARY:
        assert f"`{name}`" in doc, name
    assert mapeffects.MAP_EFFECTS <= used, sorted(mapeffects.MAP_EFFECTS - used)


class _Recorder:
    """A MapCtx that records what a record asks for."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args or kwargs))
        return call


def test_effect_records_run_through_the_registry() -> None:
    from engine.content.effects import REGISTRY

    oak = M.location("sages_oak").effects[0]
    ctx = _Recorder()
    REGISTRY.run("heroes", ctx, oak)
    assert ctx.calls[0][0] == "choice" and len(ctx.calls[0][1][0]) == 2
    mine = M.location("gold_mine").effects[0]
    REGISTRY.run("heroes", ctx, mine)
    assert ctx.calls[-1] == ("income", (3, 0, 0, True))


def _texts(value: Any, path: str) -> list[tuple[str, Text]]:
    if isinstance(value, Text):
        return [(path, value)]
    if isinstance(value, tuple):
        return [t for i, v in enumerate(value) for t in _texts(v, f"{path}[{i}]")]
    slots = getattr(type(value), "__slots__", None)
    if slots and hasattr(value, "__dataclass_fields__"):
        return [t for name in value.__dataclass_fields__
                for t in _texts(getattr(value, name), f"{path}.{name}")]
    return []


def test_every_player_visible_string_has_german_and_english() -> None:
    count = 0
    for kind in MAP_KINDS:
        for entry in C.all_of(kind):
            for path, text in _texts(entry, f"{kind} {entry.id}"):
                assert text.en.strip() and text.de.strip(), path
                count += 1
    assert count > 150
    for c in C.all_of("card"):
        if c.kind == "artifact":
            assert all(m.text.en and m.text.de for m in c.modes)


def test_names_are_our_own() -> None:
    for kind in MAP_KINDS + ("card",):
        for entry in C.all_of(kind):
            for _, text in _texts(entry, kind):
                for lang in ("en", "de"):
                    low = text[lang].lower()
                    hits = [w for w in FORBIDDEN if re.search(r"\b(" + w + r")\b", low)]
                    assert not hits, (kind, entry.id, low, hits)


# --- malformed content gives clear messages ---------------------------------------------------
@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data_dir() / "heroes", target / "heroes")
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_broken_yaml_names_the_file(data_copy: Path) -> None:
    tiles = data_copy / "heroes" / "map" / "tiles.yaml"
    _edit(tiles, "      - {location: town}", "      - {location: town")
    problems = validate_game_content("heroes", data_copy)
    assert any("heroes/map/tiles.yaml:12: not valid YAML" in p for p in problems), problems


def test_a_bad_tile_names_file_entry_and_field(data_copy: Path) -> None:
    tiles = data_copy / "heroes" / "map" / "tiles.yaml"
    _edit(tiles, "    walls: [[1, 2]]\n  - id: f2", "    walls: [[1, 4]]\n  - id: f2")
    _edit(tiles, "{location: crystal_grotto, guard: III}", "{location: gold_mien, guard: VIII}")
    problems = validate_game_content("heroes", data_copy)
    text = "\n".join(problems)
    assert "tiles.yaml" in text
    assert "tile f1: wall 1-4: fields 1 and 4 do not touch" in text
    assert "tile f2: fields[2].guard" in text and "'VIII'" in text
    assert "no location 'gold_mien' (did you mean 'gold_mine'?)" in text


def test_a_tile_with_six_fields_is_refused(data_copy: Path) -> None:
    tiles = data_copy / "heroes" / "map" / "tiles.yaml"
    _edit(tiles, "      - {location: mill_wheel}\n", "")
    problems = validate_game_content("heroes", data_copy)
    assert any("tile f1" in p and "fields" in p for p in problems), problems


def test_a_bad_scenario_is_refused(data_copy: Path) -> None:
    scenarios = data_copy / "heroes" / "map" / "scenarios.yaml"
    _edit(scenarios, "      - {at: [-3, 2], kind: far}", "      - {at: [-4, -2], kind: far}")
    _edit(scenarios, "      - {at: [0, 0], kind: centre, tile: c2}",
          "      - {at: [1, 1], kind: centre, tile: c2}")
    problems = "\n".join(validate_game_content("heroes", data_copy))
    assert "scenario first_steps: two tiles share an anchor" in problems
    assert "scenario three_crowns: (1, 1) is not a tile anchor" in problems


def test_cross_entry_problems_name_the_entry(data_copy: Path) -> None:
    tiles = data_copy / "heroes" / "map" / "tiles.yaml"
    _edit(tiles, "      - {location: town}\n      - {location: gold_mine, guard: I}",
          "      - {location: runestone}\n      - {location: gold_mine, guard: I}")
    scenarios = data_copy / "heroes" / "map" / "scenarios.yaml"
    _edit(scenarios, "      - {start: [6, 3], supply: 1}", "      - {start: [6, 3], supply: 4}")
    _edit(scenarios, "    pools: {centre: [c1, c3]}\n", "")
    content = load_game_content("heroes", data_copy, use_cache=False)
    problems = "\n".join(M.map_problems(content))
    assert "tiles.yaml" in problems
    assert "tile s_sunward: a start tile has the town at its centre" in problems
    assert "scenario three_crowns: needs 12 far tiles, its pool has 10" in problems
    assert "scenario first_steps: tile c2 with the chalice may be drawn, but no victory" in problems
    # validate-data lists them with the schema's problems (engine/content/loader.py's cross
    # checks; it said "no problems" before)
    listed = "\n".join(validate_game_content("heroes", data_copy))
    assert "tile s_sunward: a start tile has the town at its centre" in listed
    assert "scenario three_crowns: needs 12 far tiles, its pool has 10" in listed


def test_german_names_the_valuables_resource_one_way() -> None:
    # the resource die said "1 Mineral" where the resource bar and the town say "Minerale";
    # the seed writes the die faces "1 × Minerale" (Ressourcen, Ergebnisse des Ressourcenwürfels)
    from engine.content.i18n import Catalog

    de = Catalog.load("de")
    word = de.t("heroes.mapui.res.valuables")
    face = next(f for f in M.die("resource").faces if f.id == "valuables_1")
    assert face.name["de"] == de.t("heroes.mapui.n_valuables", n=1)
    for n in (1, 2):
        for key in ("heroes.mapui.n_valuables", "heroes.mapui.log.valuables",
                    "heroes.map.eff.valuables"):
            assert de.t(key, n=n).endswith(" " + word), (key, n)
    lone = re.compile(r"\bMineral\b")
    for path in sorted((data_dir() / "heroes").rglob("*.yaml")) + [
            data_dir() / "i18n" / "de" / "heroes.yaml"]:
        assert not lone.search(path.read_text(encoding="utf-8")), path
