"""Tiled maps (``.tmx``) read with pytmx into plain, frozen engine data.

The engine never holds pytmx objects: ``load_map`` copies sizes, tile layers (as Tiled gids),
the properties of every tile, object layers and map properties into ``MapData``. Images are
never loaded. pytmx's package ``__init__`` imports pygame (and its parser module tries to),
which the engine must not, so the parser module is loaded privately with pygame blocked.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any
from xml.etree import ElementTree

from engine.content.loader import DATA_DIR
from engine.content.schema import FrozenDict
from engine.core.errors import ContentError

# Tiled stores flips in the top bits of a gid; the tile itself is in the rest.
GID_MASK = 0x0FFFFFFF
# Keys pytmx adds to tile properties that are not properties written in Tiled.
_PYTMX_TILE_KEYS = frozenset({"id", "width", "height", "frames", "source", "trans"})

_PARSER: ModuleType | None = None


class MapError(ContentError):
    """A map file that is missing or cannot be read; the one problem names the file."""

    def __init__(self, path: Path | str, message: str) -> None:
        super().__init__([f"{_display(Path(path))}: {message}"])


@dataclass(frozen=True, slots=True)
class TileInfo:
    """A tile of a tileset: its Tiled gid, class/type, properties and terrain name."""

    gid: int
    type: str
    properties: FrozenDict
    terrain: str | None  # the "terrain" property, else the tile's class/type


@dataclass(frozen=True, slots=True)
class TileLayerData:
    """A tile layer: rows (top to bottom) of Tiled gids, 0 for an empty cell."""

    name: str
    properties: FrozenDict
    gids: tuple[tuple[int, ...], ...]
    visible: bool

    def gid_at(self, x: int, y: int) -> int:
        """Returns the gid of column x, row y (0 when empty); raises IndexError off the map."""
        if x < 0 or y < 0:
            raise IndexError(f"cell ({x}, {y}) is off the map")
        return self.gids[y][x]


@dataclass(frozen=True, slots=True)
class MapObject:
    """An object of an object layer, in pixels; ``points`` for polygons and polylines."""

    id: int
    name: str
    type: str
    x: float
    y: float
    width: float
    height: float
    properties: FrozenDict
    layer: str
    gid: int = 0
    points: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True, slots=True)
class ObjectLayerData:
    """An object layer and its objects in file order."""

    name: str
    properties: FrozenDict
    objects: tuple[MapObject, ...]


@dataclass(frozen=True, slots=True)
class MapData:
    """A whole map as plain data: sizes, map properties, tiles, tile and object layers."""

    path: str
    width: int  # in tiles
    height: int
    tile_width: int  # in pixels
    tile_height: int
    orientation: str
    properties: FrozenDict
    tiles: Mapping[int, TileInfo]  # gid → tile, for tiles that have a class or properties
    tile_layers: tuple[TileLayerData, ...]
    object_layers: tuple[ObjectLayerData, ...]

    def layer(self, name: str) -> TileLayerData:
        """Returns the tile layer called name; raises KeyError naming the layers."""
        for layer in self.tile_layers:
            if layer.name == name:
                return layer
        names = ", ".join(layer.name for layer in self.tile_layers) or "none"
        raise KeyError(f"{self.path} has no tile layer {name!r} (layers: {names})")

    def tile(self, layer: str, x: int, y: int) -> TileInfo | None:
        """Returns the tile at column x, row y of a layer (None when empty or plain)."""
        return self.tiles.get(self.layer(layer).gid_at(x, y))

    def terrain(self, layer: str) -> tuple[tuple[str | None, ...], ...]:
        """Returns a layer as rows of terrain names (None where a cell has none)."""
        return tuple(tuple(self._terrain(gid) for gid in row) for row in self.layer(layer).gids)

    def cell_properties(self, layer: str) -> tuple[tuple[FrozenDict, ...], ...]:
        """Returns a layer as rows of the cells' tile property dicts (empty where plain)."""
        empty = FrozenDict()
        return tuple(tuple(info.properties if (info := self.tiles.get(gid)) else empty
                           for gid in row) for row in self.layer(layer).gids)

    def objects(self, type: str | None = None) -> list[MapObject]:
        """Returns every object of every object layer, optionally only those of one type."""
        return [obj for layer in self.object_layers for obj in layer.objects
                if type is None or obj.type == type]

    def cell_of(self, obj: MapObject) -> tuple[int, int]:
        """Returns the (column, row) of the cell holding an object's top-left corner."""
        return int(obj.x // self.tile_width), int(obj.y // self.tile_height)

    def _terrain(self, gid: int) -> str | None:
        info = self.tiles.get(gid)
        return info.terrain if info is not None else None


def load_map(path: Path | str) -> MapData:
    """Returns a .tmx map as MapData; raises MapError for a missing or unreadable file."""
    path = Path(path)
    if not path.is_file():
        raise MapError(path, "map file not found" if not path.exists() else "not a file")
    if path.suffix != ".tmx":
        raise MapError(path, "a map must be a Tiled .tmx file")
    _check_root(path)
    parser = _parser()
    try:
        tmx = parser.TiledMap(str(path))
    except FileNotFoundError as exc:
        raise MapError(path, f"a file the map needs is missing: {exc.filename}") from None
    except Exception as exc:  # pytmx raises bare Exceptions, XML and value errors alike
        raise MapError(path, f"not a readable Tiled map: {exc or type(exc).__name__}") from None
    try:
        return _convert(path, tmx)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise MapError(path, f"unexpected map content: {exc}") from None


def _check_root(path: Path) -> None:
    """Raises MapError unless the file starts as a finite Tiled map (pytmx says less)."""
    try:
        root = next(ElementTree.iterparse(path, events=("start",)))[1]
    except (ElementTree.ParseError, StopIteration) as exc:
        raise MapError(path, f"not valid XML: {exc}") from None
    except OSError as exc:
        raise MapError(path, f"cannot read the file: {exc.strerror}") from None
    if root.tag != "map":
        raise MapError(path, f"not a Tiled map (the file starts with <{root.tag}>)")
    if root.get("infinite") == "1":
        raise MapError(path, "infinite maps are not supported; in Tiled, turn off "
                             "Map > Map Properties > Infinite")


def game_map_path(game: str, name: str, data_dir: Path | str | None = None) -> Path:
    """Returns where a game's map lives: ``data/<game>/maps/<name>.tmx``."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    return root / game / "maps" / f"{name}.tmx"


def load_game_map(game: str, name: str, data_dir: Path | str | None = None) -> MapData:
    """Returns the map ``name`` of a game (see ``game_map_path``)."""
    return load_map(game_map_path(game, name, data_dir))


def _parser() -> ModuleType:
    """Returns pytmx's parser module, loaded privately so that pygame is never imported."""
    global _PARSER
    if _PARSER is None:
        spec = importlib.util.find_spec("pytmx")
        if spec is None or not spec.submodule_search_locations:
            raise ContentError(["pytmx is not installed; it is needed to read Tiled maps"])
        source = Path(list(spec.submodule_search_locations)[0]) / "pytmx.py"
        module_spec = importlib.util.spec_from_file_location("_tabletop_pytmx", source)
        if module_spec is None or module_spec.loader is None:
            raise ContentError([f"cannot load pytmx from {source}"])
        module = importlib.util.module_from_spec(module_spec)
        had_pygame = "pygame" in sys.modules
        if not had_pygame:
            sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
        try:
            module_spec.loader.exec_module(module)
        finally:
            if not had_pygame:
                del sys.modules["pygame"]
        _PARSER = module
    return _PARSER


def _convert(path: Path, tmx: Any) -> MapData:
    tiled_gid: dict[int, int] = {}
    for inner, raw in tmx.tiledgidmap.items():
        tiled_gid[int(inner)] = int(raw) & GID_MASK
    tiles: dict[int, TileInfo] = {}
    for inner, props in sorted(tmx.tile_properties.items()):
        gid = tiled_gid.get(int(inner), int(inner) & GID_MASK)
        clean = {k: _plain(v) for k, v in props.items() if k not in _PYTMX_TILE_KEYS}
        kind = str(clean.pop("type", None) or clean.pop("class", None) or "")
        terrain = clean.get("terrain")
        tiles[gid] = TileInfo(gid, kind, FrozenDict(clean),
                              terrain if isinstance(terrain, str) and terrain else kind or None)
    tile_layers: list[TileLayerData] = []
    object_layers: list[ObjectLayerData] = []
    for layer in tmx.layers:
        props = FrozenDict({k: _plain(v) for k, v in getattr(layer, "properties", {}).items()})
        name = str(getattr(layer, "name", "") or "")
        if hasattr(layer, "data"):
            rows = tuple(tuple(tiled_gid.get(int(g), int(g) & GID_MASK) if g else 0 for g in row)
                         for row in layer.data)
            if len(rows) != tmx.height or any(len(row) != tmx.width for row in rows):
                raise ValueError(f"layer {name!r} is not {tmx.width}×{tmx.height} cells")
            tile_layers.append(TileLayerData(name, props, rows, bool(layer.visible)))
        elif hasattr(layer, "objects") or layer.__class__.__name__ == "TiledObjectGroup":
            object_layers.append(ObjectLayerData(name, props, tuple(
                _object(obj, name, tiled_gid) for obj in layer)))
    return MapData(
        path=_display(path), width=int(tmx.width), height=int(tmx.height),
        tile_width=int(tmx.tilewidth), tile_height=int(tmx.tileheight),
        orientation=str(tmx.orientation),
        properties=FrozenDict({k: _plain(v) for k, v in tmx.properties.items()}),
        tiles=MappingProxyType(tiles), tile_layers=tuple(tile_layers),
        object_layers=tuple(object_layers))


def _object(obj: Any, layer: str, tiled_gid: dict[int, int]) -> MapObject:
    points: tuple[tuple[float, float], ...] = ()
    raw_points = getattr(obj, "points", None)
    if raw_points:
        # pytmx reports points in map pixels; keep them relative to the object like Tiled does.
        points = tuple((float(p.x) - float(obj.x), float(p.y) - float(obj.y)) for p in raw_points)
    gid = int(getattr(obj, "gid", 0) or 0)
    return MapObject(
        id=int(obj.id), name=str(obj.name or ""),
        type=str(getattr(obj, "type", None) or getattr(obj, "class", None) or ""),
        x=float(obj.x), y=float(obj.y), width=float(obj.width or 0), height=float(obj.height or 0),
        properties=FrozenDict({k: _plain(v) for k, v in obj.properties.items()}),
        layer=layer, gid=tiled_gid.get(gid, gid & GID_MASK) if gid else 0, points=points)


def _plain(value: Any) -> Any:
    """Returns a property value as JSON-friendly data (custom class properties become dicts)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return FrozenDict({str(k): _plain(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    fields = {k: v for k, v in vars(value).items() if not k.startswith("_")} \
        if hasattr(value, "__dict__") else {}
    return FrozenDict({k: _plain(v) for k, v in fields.items()}) if fields else str(value)


def _display(path: Path) -> str:
    resolved = path.resolve()
    for base in (DATA_DIR.parent, Path.cwd().resolve()):
        try:
            return resolved.relative_to(base).as_posix()
        except ValueError:
            continue
    return resolved.as_posix()
