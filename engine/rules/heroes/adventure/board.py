"""The adventure map's geometry: fields of the revealed tiles, solid lines, moves and placement.

A ``Board`` is derived from the placed tiles (state ``placed``) and rebuilt when a tile is
revealed; it is immutable and shared between clones. Seed 002, "Abenteuerkarte": blocked fields
can be left but not entered, solid lines cannot be crossed, fields exist only on revealed tiles
(spec AMB-38). Placement (seed "Gebiete platzieren", spec R-178 and AMB-35/36): a new tile lies
next to the hero, touches at least two tiles, and every open field stays connected.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any

from engine.core import hexgrid as hx
from engine.core import pathing
from engine.rules.heroes.adventure.mapdata import FieldInfo, MapContent, TileInfo

Hex = tuple[int, int]
# a field of the map: its tile, local index and what the tile prints there
Field = namedtuple("Field", "tile index location guard blocked")


class Board:
    """The revealed fields, their solid lines and the tile anchors in use."""

    __slots__ = ("fields", "walls", "anchors", "_areas", "_steps", "_fits")

    def __init__(self, fields: dict[Hex, Field], walls: hx.HexWalls, anchors: set[Hex]) -> None:
        self.fields = fields
        self.walls = walls
        self.anchors = anchors
        self._areas = -1  # counted on first use (the board never changes once built)
        self._steps: dict[Hex, list[Hex]] = {}  # each field's steps, found on first use
        self._fits: dict[tuple[str, Hex], bool] = {}  # whether a tile may lie at an anchor

    def can_step(self, a: Hex, b: Hex) -> bool:
        """Returns True when a hero may step from field a to its neighbour b (terrain only)."""
        f = self.fields.get(b)
        return f is not None and not f.blocked and not self.walls.between(a, b)

    def steps(self, a: Hex) -> list[Hex]:
        """Returns the neighbours of a that a hero may step onto, in direction order (the
        list is the board's own: callers do not change it)."""
        found = self._steps.get(a)
        if found is None:
            found = self._steps[a] = [b for b in hx.neighbours(a) if self.can_step(a, b)]
        return found

    def is_connected(self) -> bool:
        """Returns True when every open field can reach every other (spec AMB-36)."""
        return connected(self.fields, self.walls)

    def areas(self) -> int:
        """Returns how many separate areas the open fields form."""
        if self._areas < 0:
            self._areas = components(self.fields, self.walls)
        return self._areas


def tile_fields(tile: TileInfo, anchor: Hex, rot: int) -> list[tuple[Hex, FieldInfo]]:
    """Returns each map hex of a tile placed at anchor with a rotation and what it prints."""
    return list(zip(hx.tile_fields(anchor, rot), tile.fields, strict=True))


def tile_walls(tile: TileInfo, anchor: Hex, rot: int) -> list[tuple[Hex, Hex]]:
    """Returns the solid lines of a placed tile as pairs of map hexes."""
    hexes = hx.tile_fields(anchor, rot)
    return [(hexes[i], hexes[j]) for i, j in tile.walls]


def build(mc: MapContent, placed: list[list[Any]]) -> Board:
    """Returns the board of the placed tiles ([tile id, q, r, rotation] each)."""
    fields: dict[Hex, Field] = {}
    walls = hx.HexWalls()
    anchors: set[Hex] = set()
    for tid, q, r, rot in placed:
        tile = mc.tiles[tid]
        anchor = (q, r)
        anchors.add(anchor)
        for i, (h, f) in enumerate(tile_fields(tile, anchor, rot)):
            fields[h] = Field(tid, i, f.location, f.guard, f.blocked)
        for a, b in tile_walls(tile, anchor, rot):
            walls.add(a, b)
    return Board(fields, walls, anchors)


def with_tile(board: Board, mc: MapContent, tid: str, anchor: Hex, rot: int) -> Board:
    """Returns a new board: ``board`` with one more tile laid (the board itself unchanged;
    what ``build`` would give for the placed tiles and this one)."""
    tile = mc.tiles[tid]
    fields = dict(board.fields)
    walls = board.walls.clone()
    for i, (h, f) in enumerate(tile_fields(tile, anchor, rot)):
        fields[h] = Field(tid, i, f.location, f.guard, f.blocked)
    for a, b in tile_walls(tile, anchor, rot):
        walls.add(a, b)
    return Board(fields, walls, board.anchors | {anchor})


def connected(fields: dict[Hex, Any], walls: hx.HexWalls) -> bool:
    """Returns True when the open (not blocked) fields form one connected area."""
    return components(fields, walls) <= 1


def components(fields: dict[Hex, Any], walls: hx.HexWalls) -> int:
    """Returns how many separate areas the open (not blocked) fields form."""
    todo_all = sorted(h for h, f in fields.items() if not f.blocked)
    seen: set[Hex] = set()
    count = 0
    for start in todo_all:
        if start in seen:
            continue
        count += 1
        seen.add(start)
        todo = [start]
        while todo:
            a = todo.pop()
            for b in hx.neighbours(a):
                f = fields.get(b)
                if f is not None and not f.blocked and b not in seen \
                        and not walls.between(a, b):
                    seen.add(b)
                    todo.append(b)
    return count


def rotations_keeping_path(board: Board, tile: TileInfo, anchor: Hex,
                           first_only: bool = False) -> list[int]:
    """Returns the rotations 0..5 of a tile at anchor with which every open field of it joins
    the revealed map and no area is cut off (spec AMB-36; the start tiles lie apart until the
    face-down tiles between them are revealed, so the test is that the number of separate
    areas does not grow); with ``first_only`` the first such rotation alone (whether the tile
    may lie there at all)."""
    before = board.areas()
    out = []
    for rot in range(6):
        fields: dict[Hex, Any] = dict(board.fields)
        walls = board.walls.clone()
        for h, f in tile_fields(tile, anchor, rot):
            fields[h] = f
        for a, b in tile_walls(tile, anchor, rot):
            walls.add(a, b)
        if components(fields, walls) <= max(before, 1):
            out.append(rot)
            if first_only:
                break
    return out


def fits(board: Board, tile: TileInfo, anchor: Hex) -> bool:
    """Returns True when the tile has a rotation at anchor that keeps the map joined
    (``rotations_keeping_path``; remembered by the board, which never changes)."""
    key = (tile.id, anchor)
    found = board._fits.get(key)
    if found is None:
        found = board._fits[key] = bool(rotations_keeping_path(board, tile, anchor,
                                                               first_only=True))
    return found


def touching(anchor: Hex, taken: set[Hex]) -> int:
    """Returns how many tiles (revealed or face down) a slot at anchor touches."""
    return sum(1 for a in hx.tile_neighbour_anchors(anchor) if a in taken)


def slots_next_to(h: Hex, free: set[Hex] | None = None) -> list[Hex]:
    """Returns the anchors of the tile slots holding a neighbour of field h (sorted); with
    ``free``, only those in it."""
    out = {hx.tile_anchor_of(n) for n in hx.neighbours(h)}
    out.discard(hx.tile_anchor_of(h))
    if free is not None:
        out &= free
    return sorted(out)


def reach(board: Board, start: Hex, budget: int, stops: set[Hex], passable: set[Hex],
          closed: set[Hex]) -> pathing.CostMap[Hex]:
    """Returns the fields a hero reaches from start within budget MP, one MP a step.

    ``stops`` are fields where a visit ends the walk (a combat); ``passable`` are fields the
    hero may pass but not end on (an own hero there); ``closed`` cannot be entered.
    """
    def nbrs(a: Hex) -> list[tuple[Hex, float]]:
        if a != start and a in stops:
            return []
        return [(b, 1) for b in board.steps(a) if b not in closed]
    return pathing.cost_map(start, nbrs, budget)
