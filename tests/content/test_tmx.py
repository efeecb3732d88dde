"""Tiled maps become plain MapData; bad or missing files give one clear MapError."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.content.tmx import MapError, MapObject, game_map_path, load_game_map, load_map
from engine.core.errors import ContentError
from tests.content.conftest import FIXTURES

MAPS = FIXTURES / "maps"
ROOT = Path(__file__).resolve().parents[2]


def test_room_fixture_reads_sizes_properties_and_tiles() -> None:
    room = load_map(MAPS / "room.tmx")
    assert (room.width, room.height, room.tile_width, room.tile_height) == (4, 3, 32, 32)
    assert room.orientation == "orthogonal" and room.path == "tests/content/fixtures/maps/room.tmx"
    assert room.properties == {"title": "Hall of Bones", "level": 2}
    assert [layer.name for layer in room.tile_layers] == ["ground", "decor"]
    ground = room.layer("ground")
    assert ground.gids == ((1, 1, 2, 1), (1, 3, 1, 1), (4, 4, 5, 1))
    assert ground.properties == {"kind": "terrain"} and ground.visible
    # Tiles of the embedded set and of the external tiles.tsx (firstgid 4), pytmx keys dropped.
    assert room.tiles[2].type == "water" and room.tiles[2].properties == {"cost": 1.5}
    assert room.tiles[4].properties == {"terrain": "wall", "blocks_sight": True}
    assert room.tiles[5].properties == {"terrain": "rubble", "cost": 2}
    assert 3 not in room.tiles  # a tile with no class and no properties


def test_layers_as_terrain_names_and_property_rows() -> None:
    room = load_map(MAPS / "room.tmx")
    assert room.terrain("ground") == (("floor", "floor", "water", "floor"),
                                      ("floor", None, "floor", "floor"),
                                      ("wall", "wall", "rubble", "floor"))
    # The decor layer's first cell is tile 1 flipped horizontally: the flip bits are dropped.
    assert room.layer("decor").gid_at(0, 0) == 1
    assert room.terrain("decor")[0] == ("floor", None, None, None)
    props = room.cell_properties("ground")
    assert props[0][2] == {"cost": 1.5} and props[1][1] == {}
    assert room.tile("ground", 0, 2) is not None and room.tile("ground", 0, 2).terrain == "wall"
    assert room.tile("decor", 1, 1) is None
    with pytest.raises(KeyError, match="no tile layer 'floor' \\(layers: ground, decor\\)"):
        room.layer("floor")
    with pytest.raises(IndexError):
        room.layer("ground").gid_at(4, 0)


def test_objects_keep_type_position_size_and_properties() -> None:
    room = load_map(MAPS / "room.tmx")
    assert [layer.name for layer in room.object_layers] == ["spawns"]
    entry, chest, gate, path = room.objects()
    assert entry == MapObject(1, "entry", "start", 32.0, 64.0, 32.0, 32.0,
                              entry.properties, "spawns")
    assert entry.properties == {"facing": "north"} and room.cell_of(entry) == (1, 2)
    assert chest.properties == {"trapped": True, "gold": 3} and room.cell_of(chest) == (3, 0)
    assert gate.type == "door"  # Tiled 1.9+ writes class= instead of type=
    assert path.points == ((0.0, 0.0), (64.0, 0.0), (64.0, 32.0))
    assert room.objects("chest") == [chest]


@pytest.mark.parametrize(("name", "message"), [
    ("missing.tmx", "missing.tmx: map file not found"),
    ("tiles.tsx", "tiles.tsx: a map must be a Tiled .tmx file"),
    ("broken.tmx", "broken.tmx: not a readable Tiled map: mismatched tag: line 5"),
    ("infinite.tmx", "infinite.tmx: infinite maps are not supported"),
    ("lost_tileset.tmx", "lost_tileset.tmx: not a readable Tiled map: Cannot find tileset "
                         "file nowhere.tsx"),
])
def test_bad_maps_give_one_clear_problem(name: str, message: str) -> None:
    with pytest.raises(MapError) as info:
        load_map(MAPS / name)
    assert isinstance(info.value, ContentError) and len(info.value.problems) == 1
    assert info.value.problems[0].startswith(f"tests/content/fixtures/maps/{message}"), \
        info.value.problems


def test_not_xml_and_not_a_map(tmp_path: Path) -> None:
    junk = tmp_path / "junk.tmx"
    junk.write_text("hello", encoding="utf-8")
    with pytest.raises(MapError, match="junk.tmx: not valid XML"):
        load_map(junk)
    other = tmp_path / "other.tmx"
    other.write_text("<tileset/>", encoding="utf-8")
    with pytest.raises(MapError, match="not a Tiled map \\(the file starts with <tileset>\\)"):
        load_map(other)


def test_game_maps_live_under_the_game_folder() -> None:
    assert game_map_path("crawl", "room", FIXTURES) == FIXTURES / "crawl" / "maps" / "room.tmx"
    with pytest.raises(MapError, match="map file not found"):
        load_game_map("crawl", "room", FIXTURES)


def test_reading_a_map_never_imports_pygame() -> None:
    code = ("import sys; from engine.content.tmx import load_map; "
            "m = load_map('tests/content/fixtures/maps/room.tmx'); "
            "assert m.width == 4; assert 'pygame' not in sys.modules, 'pygame imported'; "
            "import pytmx; assert hasattr(pytmx, 'load_pygame')")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={"SDL_VIDEODRIVER": "dummy",
                                                      "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
