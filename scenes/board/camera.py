"""A camera over a board of cells: pan, zoom around a point, fit, clamp, and screen↔cell maps.

The board's geometry comes from a layout: ``SquareLayout`` (a grid of w×h squares) or
``HexLayout`` (pointy-top hexes in axial coordinates, engine/core/hexgrid.py). A layout works in
world units of one tile size; the camera scales them by the zoom level's tile size and shifts
them by the pan offset inside its viewport. Rules never see any of this: it is drawing and hit
testing only.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from engine.core import hexgrid

Cell = tuple[int, int]


class SquareLayout:
    """A grid of ``width`` × ``height`` squares; world units are tiles."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height

    def bounds(self) -> tuple[float, float, float, float]:
        """Returns (left, top, right, bottom) of the board in world units."""
        return (0.0, 0.0, float(self.width), float(self.height))

    def centre(self, cell: tuple[float, float]) -> tuple[float, float]:
        """Returns the world centre of a cell (fractional cells for moving pieces)."""
        return (cell[0] + 0.5, cell[1] + 0.5)

    def cell_at(self, wx: float, wy: float) -> Cell | None:
        """Returns the cell under a world point, or None off the board."""
        x, y = math.floor(wx), math.floor(wy)
        if 0 <= x < self.width and 0 <= y < self.height:
            return (x, y)
        return None


class HexLayout:
    """Pointy-top hexes of corner radius ½ tile, in axial coordinates, limited to ``cells``.

    ``frame`` (default: the cells) is what fitting and centring measure: a board whose cells
    come and go for a moment (a map's outlines of where a tile may go) keeps its place on the
    screen while they do.
    """

    def __init__(self, cells: Any, frame: Any = None) -> None:
        self.cells = frozenset(tuple(c) for c in cells)
        self.frame = self.cells if frame is None else frozenset(tuple(c) for c in frame)
        xs, ys = [], []
        for c in self.frame or self.cells:
            for x, y in hexgrid.hex_corners(c, 0.5):
                xs.append(x)
                ys.append(y)
        self._bounds = (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 1.0, 1.0)

    def bounds(self) -> tuple[float, float, float, float]:
        """Returns (left, top, right, bottom) of the board in world units."""
        return self._bounds

    def centre(self, cell: tuple[float, float]) -> tuple[float, float]:
        """Returns the world centre of a hex."""
        return hexgrid.hex_to_pixel((cell[0], cell[1]), 0.5)  # type: ignore[arg-type]

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        """Returns the six world corners of a hex."""
        return hexgrid.hex_corners(cell, 0.5)

    def cell_at(self, wx: float, wy: float) -> Cell | None:
        """Returns the hex under a world point, or None off the board."""
        h = hexgrid.pixel_to_hex(wx, wy, 0.5)
        return h if h in self.cells else None


class Camera:
    """Pan and zoom of a layout inside a viewport rectangle on the screen."""

    def __init__(self, layout: Any, zooms: tuple[int, ...], zoom: int = 0,
                 margin_tiles: float = 2.0) -> None:
        self.layout = layout
        self.zooms = zooms
        self.zoom = max(0, min(len(zooms) - 1, zoom))
        self.offset = [0.0, 0.0]  # screen pixels from the viewport's corner to world (0, 0)
        self.view = pygame.Rect(0, 0, 10, 10)
        self.margin_tiles = margin_tiles

    @property
    def ts(self) -> int:
        """Returns the tile size in pixels at the current zoom."""
        return self.zooms[self.zoom]

    # --- maps between screen and board -----------------------------------------------------
    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        """Returns the screen point of a world point."""
        ts = self.ts
        return (self.view.left + self.offset[0] + wx * ts, self.view.top + self.offset[1] + wy * ts)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Returns the world point under a screen point."""
        ts = self.ts
        return ((sx - self.view.left - self.offset[0]) / ts,
                (sy - self.view.top - self.offset[1]) / ts)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """Returns the cell under a screen point (None outside the viewport or the board)."""
        if not self.view.collidepoint(pos):
            return None
        return self.layout.cell_at(*self.to_world(*pos))

    def cell_centre(self, cell: tuple[float, float]) -> tuple[float, float]:
        """Returns the screen centre of a cell."""
        return self.to_screen(*self.layout.centre(cell))

    def square_rect(self, cell: Cell) -> pygame.Rect:
        """Returns the screen rectangle of a square (square layouts)."""
        ts = self.ts
        return pygame.Rect(self.view.left + int(self.offset[0]) + cell[0] * ts,
                           self.view.top + int(self.offset[1]) + cell[1] * ts, ts, ts)

    def hex_points(self, cell: Cell) -> list[tuple[float, float]]:
        """Returns the screen corners of a hex (hex layouts)."""
        return [self.to_screen(x, y) for x, y in self.layout.corners(cell)]

    # --- moving -----------------------------------------------------------------------------
    def centre_on(self, cell: tuple[float, float]) -> None:
        """Pans so that a cell sits in the middle of the viewport."""
        wx, wy = self.layout.centre(cell)
        ts = self.ts
        self.offset = [self.view.width / 2 - wx * ts, self.view.height / 2 - wy * ts]
        self.clamp()

    def fit(self) -> None:
        """Picks the largest zoom that shows the whole board, and centres it."""
        left, top, right, bottom = self.layout.bounds()
        self.zoom = 0
        for i, ts in enumerate(self.zooms):
            if ts * (right - left) <= self.view.width and ts * (bottom - top) <= self.view.height:
                self.zoom = i
        ts = self.ts
        self.offset = [self.view.width / 2 - (left + right) / 2 * ts,
                       self.view.height / 2 - (top + bottom) / 2 * ts]
        self.clamp()

    def set_zoom(self, index: int, anchor: tuple[int, int] | None = None) -> None:
        """Zooms to a level, keeping the point under ``anchor`` (or the centre) in place."""
        index = max(0, min(len(self.zooms) - 1, index))
        if index == self.zoom:
            return
        ax, ay = anchor or self.view.center
        wx, wy = self.to_world(ax, ay)
        self.zoom = index
        ts = self.ts
        self.offset = [ax - self.view.left - wx * ts, ay - self.view.top - wy * ts]
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Moves the picture by (dx, dy) screen pixels."""
        self.offset = [self.offset[0] + dx, self.offset[1] + dy]
        self.clamp()

    def clamp(self) -> None:
        """Keeps the board in view: centred when it fits, else no further out than a margin."""
        left, top, right, bottom = self.layout.bounds()
        ts = self.ts
        margin = ts * self.margin_tiles
        for axis, lo_w, hi_w, size in ((0, left, right, self.view.width),
                                       (1, top, bottom, self.view.height)):
            w = (hi_w - lo_w) * ts
            start = lo_w * ts  # where the board's edge sits relative to world 0
            centred = (size - w) / 2 - start
            low = min(size - w - margin - start, centred)
            high = max(margin - start, centred)
            self.offset[axis] = max(low, min(high, self.offset[axis]))


class CameraInput:
    """Mouse and keyboard for a camera: drag to pan (past a slop), wheel and +/- to zoom,
    arrows to pan, Home to fit. A click that did not drag is handed back to the scene."""

    def __init__(self, camera: Camera, slop: int = 6) -> None:
        self.camera = camera
        self.slop = slop
        self.drag: tuple[int, tuple[int, int], tuple[float, float]] | None = None
        self.dragged = False

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int],
               zoom_ok: bool = True) -> tuple[bool, tuple[int, tuple[int, int]] | None]:
        """Returns (consumed, click): click is (button, pos) of a press released without drag."""
        cam = self.camera
        if event.type == pygame.KEYDOWN:
            return self.key(event.key), None
        if event.type == pygame.MOUSEWHEEL:
            if cam.view.collidepoint(mouse) and zoom_ok:
                cam.set_zoom(cam.zoom + (1 if event.y > 0 else -1), mouse)
                return True, None
            return False, None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            if cam.view.collidepoint(event.pos):
                self.drag = (event.button, event.pos, (cam.offset[0], cam.offset[1]))
                self.dragged = False
                return True, None
            return False, None
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            _, start, offset = self.drag
            dx, dy = event.pos[0] - start[0], event.pos[1] - start[1]
            if self.dragged or abs(dx) + abs(dy) > self.slop:
                self.dragged = True
                cam.offset = [offset[0] + dx, offset[1] + dy]
                cam.clamp()
            return True, None
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            drag, self.drag = self.drag, None
            if drag is None or self.dragged:
                self.dragged = False
                return drag is not None, None
            return True, (event.button, event.pos)
        return False, None

    def key(self, key: int) -> bool:
        """Answers the camera's keys; returns True when the key was one of them."""
        cam = self.camera
        step = cam.ts * 2
        moves = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
                 pygame.K_DOWN: (0, -step)}
        if key in moves:
            cam.pan(*moves[key])
            return True
        if key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            cam.set_zoom(cam.zoom + 1)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            cam.set_zoom(cam.zoom - 1)
            return True
        if key == pygame.K_HOME:
            cam.fit()
            return True
        return False
