"""Drawn art of the crawl: the stone dungeon pre-rendered per zoom level, figure bases with a
facing notch and a dial readout, chests, monster markers and ability chips.

Everything here is drawn with pygame primitives and cached icons once per key, so a steady
frame only blits. The cosmetic ``random.Random`` below only speckles stone; it never touches
the game.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from typing import Any

import pygame

from scenes import assets, theme
from scenes.crawl.query import BoardInfo

ZOOMS = (20, 24, 28, 34, 40, 48, 58, 70)
DEFAULT_ZOOM = 3

FLOOR = (92, 86, 78)
FLOOR_CHAMBER = (104, 96, 84)
MORTAR = (52, 47, 42)
ROCK = (22, 19, 17)
WALL = (44, 38, 34)
WALL_TOP = (132, 122, 108)
WATER = (46, 92, 128)
RUBBLE = (118, 100, 78)
CHASM = (6, 5, 5)
PILLAR = (70, 64, 58)
WOOD_DOOR = (126, 82, 42)
IRON_DOOR = (120, 126, 136)
SPAWN_RING = (70, 22, 20)
REACH = (120, 214, 150)
STOP = (176, 120, 226)  # violet: never read as a front arc (orange) or reach (green)
FRONT_ARC = (236, 168, 64)
REAR_ARC = (90, 140, 220)
BLOCKED = (214, 84, 64)
STAT_COLOURS = {"move": (84, 170, 96), "attack": (200, 70, 56), "defence": (70, 116, 190),
                "damage": (196, 150, 48)}
ABILITY_COLOURS = {
    "red": (200, 56, 48), "black": (30, 28, 28), "orange": (226, 130, 40),
    "blue": (52, 96, 196), "light blue": (120, 190, 236), "green": (60, 150, 70),
    "purple": (130, 70, 170), "yellow": (236, 206, 60), "white": (240, 240, 236),
    "grey": (140, 140, 140), "brown": (130, 90, 50), "silver": (196, 200, 210),
}
MARKER_COLOURS = {"weak": (226, 192, 70), "standard": (70, 120, 200), "strong": (190, 56, 48)}


class _Cache(OrderedDict[Any, pygame.Surface]):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def fetch(self, key: Any) -> pygame.Surface | None:
        surf = self.get(key)
        if surf is not None:
            self.move_to_end(key)
        return surf

    def keep(self, key: Any, surf: pygame.Surface) -> pygame.Surface:
        self[key] = surf
        if len(self) > self.limit:
            self.popitem(last=False)
        return surf


_boards = _Cache(4)
_tokens = _Cache(600)


def ability_colour(spec: str) -> tuple[theme.Colour, str]:
    """Returns the RGB and the shape ('square' or 'circle') of a dial colour like 'red square'."""
    words = spec.rsplit(" ", 1)
    shape = words[1] if len(words) == 2 and words[1] in ("square", "circle") else "square"
    name = words[0] if len(words) == 2 else spec
    return ABILITY_COLOURS.get(name, (150, 150, 150)), shape


def _shade(c: theme.Colour, k: float) -> theme.Colour:
    return theme.mix(c, (0, 0, 0), k) if k > 0 else theme.mix(c, (255, 255, 255), -k)


def board_surface(key: tuple[str, ...], info: BoardInfo, ts: int,
                  badges: bool = True) -> pygame.Surface:
    """Returns the whole static dungeon at tile size ts: stone floor, terrain, walls, gates
    (with the cost digits of dear squares unless ``badges`` is off, for pictures turned later)."""
    cache_key = (key, ts, badges)
    surf = _boards.fetch(cache_key)
    if surf is not None:
        return surf
    surf = _draw_board(key, info, ts, badges)
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    return _boards.keep(cache_key, surf)


def _draw_board(key: tuple[str, ...], info: BoardInfo, ts: int, badges: bool) -> pygame.Surface:
    rnd = random.Random(f"{key[0]}:{key[1]}")  # cosmetic only: stone speckles
    w, h = info.width * ts, info.height * ts
    surf = pygame.Surface((w, h))
    surf.fill(ROCK)
    # Rough rock between the rooms: a few darker and lighter flecks.
    for _ in range(info.width * info.height // 2):
        x, y = rnd.randrange(w), rnd.randrange(h)
        r = rnd.randint(1, max(2, ts // 6))
        pygame.draw.circle(surf, _shade(ROCK, rnd.uniform(-0.25, 0.4)), (x, y), r)
    for (x, y), kind in info.terrain.items():
        if kind == "void":
            continue
        rect = pygame.Rect(x * ts, y * ts, ts, ts)
        chamber = info.section_kinds[info.section[(x, y)]] != "corridor" \
            if (x, y) in info.section else False
        _stone_tile(surf, rect, FLOOR_CHAMBER if chamber else FLOOR, rnd)
        _terrain(surf, rect, kind, info.cost.get((x, y), 1), rnd)
        ink = badge_ink(kind, info.cost.get((x, y), 1)) if badges else None
        if ink is not None:
            _cost_badge(surf, rect, info.cost.get((x, y), 1), ink)
    _walls(surf, info, ts)
    for _name, (x, y) in info.entrances:
        rect = pygame.Rect(x * ts, y * ts, ts, ts)
        pygame.draw.rect(surf, theme.GOLD_DIM, rect.inflate(-2, -2), max(1, ts // 14),
                         border_radius=max(2, ts // 6))
        icon = assets.asset_icon("crawl.entrance", int(ts * 0.62))
        icon = icon.copy()
        icon.set_alpha(150)
        surf.blit(icon, icon.get_rect(center=rect.center))
    return surf


def _stone_tile(surf: pygame.Surface, rect: pygame.Rect, base: theme.Colour,
                rnd: random.Random) -> None:
    colour = _shade(base, rnd.uniform(-0.08, 0.12))
    pygame.draw.rect(surf, MORTAR, rect)
    inner = rect.inflate(-2, -2)
    pygame.draw.rect(surf, colour, inner, border_radius=max(1, rect.width // 10))
    # Bevel: light along the top and left, dark along the bottom and right.
    pygame.draw.line(surf, _shade(colour, -0.18), inner.topleft, (inner.right - 2, inner.top))
    pygame.draw.line(surf, _shade(colour, -0.12), inner.topleft, (inner.left, inner.bottom - 2))
    pygame.draw.line(surf, _shade(colour, 0.25), (inner.left + 1, inner.bottom - 1),
                     (inner.right - 1, inner.bottom - 1))
    pygame.draw.line(surf, _shade(colour, 0.2), (inner.right - 1, inner.top + 1),
                     (inner.right - 1, inner.bottom - 1))
    for _ in range(3):
        px = rnd.randrange(inner.left + 2, max(inner.left + 3, inner.right - 2))
        py = rnd.randrange(inner.top + 2, max(inner.top + 3, inner.bottom - 2))
        pygame.draw.circle(surf, _shade(colour, rnd.uniform(-0.1, 0.18)), (px, py), 1)
    if rnd.random() < 0.18:  # an occasional crack
        x0 = rnd.randrange(inner.left + 2, max(inner.left + 3, inner.right - 2))
        pts = [(x0, inner.top + 2)]
        for i in range(1, 4):
            pts.append((pts[-1][0] + rnd.randint(-3, 3), inner.top + 2 + i * inner.height // 4))
        pygame.draw.lines(surf, _shade(colour, 0.3), False, pts)


def _cost_badge(surf: pygame.Surface, rect: pygame.Rect, cost: int, ink: theme.Colour) -> None:
    size = max(10, rect.width // 3)
    text = assets.text(str(cost), "bold", size, ink)
    disc = (rect.right - size // 2 - 2, rect.top + size // 2 + 2)
    pygame.draw.circle(surf, (20, 16, 12), disc, size // 2 + 2)
    pygame.draw.circle(surf, ink, disc, size // 2 + 2, 1)
    surf.blit(text, text.get_rect(center=disc))


def badge_ink(kind: str, cost: int) -> theme.Colour | None:
    """Returns the colour of a square's cost digit, or None where the square shows no cost."""
    if kind == "water":
        return (170, 220, 250)
    if kind == "difficult" or (kind in ("stairs", "vortex", "teleport", "dark") and cost > 1):
        return theme.GOLD_BRIGHT
    return None


def _terrain(surf: pygame.Surface, rect: pygame.Rect, kind: str, cost: int,
             rnd: random.Random) -> None:
    ts = rect.width
    inner = rect.inflate(-2, -2)
    if kind == "difficult":
        pygame.draw.rect(surf, RUBBLE, inner, border_radius=max(1, ts // 8))
        for _ in range(6 if inner.width > 8 else 0):  # no rubble dots on tiny previews
            c = (rnd.randrange(inner.left + 3, inner.right - 3),
                 rnd.randrange(inner.top + 3, inner.bottom - 3))
            pygame.draw.circle(surf, _shade(RUBBLE, rnd.uniform(0.1, 0.4)), c, max(2, ts // 9))
        icon = assets.asset_icon("crawl.terrain.difficult", int(ts * 0.6))
        surf.blit(icon, icon.get_rect(center=rect.center))
    elif kind == "water":
        for y in range(inner.height):
            c = theme.mix(WATER, (20, 50, 80), y / max(1, inner.height))
            pygame.draw.line(surf, c, (inner.left, inner.top + y), (inner.right - 1, inner.top + y))
        icon = assets.asset_icon("crawl.terrain.water", int(ts * 0.6))
        surf.blit(icon, icon.get_rect(center=rect.center))
    elif kind == "chasm":
        pygame.draw.rect(surf, CHASM, inner)
        for i in range(4):
            pygame.draw.rect(surf, theme.mix((60, 50, 44), CHASM, i / 4), inner.inflate(
                -i * ts // 6, -i * ts // 6), 2, border_radius=ts // 3)
        icon = assets.asset_icon("crawl.terrain.chasm", int(ts * 0.5))
        surf.blit(icon, icon.get_rect(center=rect.center))
    elif kind == "blocking":
        pygame.draw.rect(surf, (30, 26, 22), inner.move(2, 2), border_radius=ts // 5)
        pygame.draw.rect(surf, PILLAR, inner.inflate(-2, -2), border_radius=ts // 5)
        pygame.draw.rect(surf, _shade(PILLAR, -0.3), inner.inflate(-2, -2), 2,
                         border_radius=ts // 5)
        icon = assets.asset_icon("crawl.terrain.blocking", int(ts * 0.66), (200, 190, 176))
        surf.blit(icon, icon.get_rect(center=rect.center))
    elif kind in ("stairs", "vortex", "teleport", "dark"):
        if kind == "dark":
            pygame.draw.rect(surf, (18, 16, 24), inner)
        icon = assets.asset_icon(f"crawl.terrain.{kind}", int(ts * 0.6))
        surf.blit(icon, icon.get_rect(center=rect.center))


def _walls(surf: pygame.Surface, info: BoardInfo, ts: int) -> None:
    thick = max(3, ts // 6)
    door_edges = {edge for edge, _ in info.doors}
    walkable = {sq for sq, t in info.terrain.items() if t != "void"}
    segments: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for x, y, d in sorted(info.walls):
        if (x, y, d) in door_edges:
            continue
        if d == 0:
            segments.append((((x + 1) * ts, y * ts), ((x + 1) * ts, (y + 1) * ts)))
        else:
            segments.append(((x * ts, (y + 1) * ts), ((x + 1) * ts, (y + 1) * ts)))
    # The map's outer border, where floor meets the edge of the world (entrances stay open).
    gates = {sq for _, sq in info.entrances}
    for (x, y) in walkable:
        if (x, y) in gates:
            continue
        if x == 0:
            segments.append(((0, y * ts), (0, (y + 1) * ts)))
        if x == info.width - 1:
            segments.append((((x + 1) * ts - 1, y * ts), ((x + 1) * ts - 1, (y + 1) * ts)))
        if y == 0:
            segments.append(((x * ts, 0), ((x + 1) * ts, 0)))
        if y == info.height - 1:
            segments.append(((x * ts, (y + 1) * ts - 1), ((x + 1) * ts, (y + 1) * ts - 1)))
    for a, b in segments:  # a shadow first, then the masonry, then its lit top
        pygame.draw.line(surf, (8, 6, 5), (a[0] + 2, a[1] + 2), (b[0] + 2, b[1] + 2), thick + 2)
    for a, b in segments:
        pygame.draw.line(surf, WALL, a, b, thick + 1)
    for a, b in segments:
        pygame.draw.line(surf, WALL_TOP, a, b, max(1, thick // 3))
    for a, b in segments:
        for p in (a, b):
            pygame.draw.rect(surf, WALL, (p[0] - thick // 2 - 1, p[1] - thick // 2 - 1,
                                          thick + 2, thick + 2))


def square(ts: int, colour: theme.Colour, alpha: int, border: int = 0) -> pygame.Surface:
    """Returns a translucent square of tile size (for reach, arcs, highlights)."""
    key = ("sq", ts, colour, alpha, border)
    surf = _tokens.fetch(key)
    if surf is None:
        surf = pygame.Surface((ts, ts), pygame.SRCALPHA)
        if border:
            pygame.draw.rect(surf, (*colour, min(255, alpha * 3)), surf.get_rect().inflate(-2, -2),
                             border, border_radius=max(2, ts // 8))
            inner = surf.get_rect().inflate(-2 * border - 2, -2 * border - 2)
            pygame.draw.rect(surf, (*colour, alpha), inner, border_radius=max(2, ts // 8))
        else:
            pygame.draw.rect(surf, (*colour, alpha), surf.get_rect().inflate(-2, -2),
                             border_radius=max(2, ts // 8))
        _tokens.keep(key, surf)
    return surf


TOKEN_RADIUS = 0.37  # a figure's base, in tiles: the dial strip fits between two rows
NOTCH_REACH = 1.42  # how far the facing notch reaches, in base radii


def token_radius(ts: int) -> float:
    """Returns the radius of a figure's base at tile size ts."""
    return ts * TOKEN_RADIUS


def notch_points(centre: tuple[float, float], radius: float, facing: int
                 ) -> list[tuple[float, float]]:
    """Returns the facing notch of a base: its tip outside the base and its two base corners."""
    angle = math.radians(facing * 45 - 90)  # facing 0 is north (screen up), clockwise
    tip = (centre[0] + math.cos(angle) * radius * NOTCH_REACH,
           centre[1] + math.sin(angle) * radius * NOTCH_REACH)
    left = (centre[0] + math.cos(angle - 0.62) * (radius - 1),
            centre[1] + math.sin(angle - 0.62) * (radius - 1))
    right = (centre[0] + math.cos(angle + 0.62) * (radius - 1),
             centre[1] + math.sin(angle + 0.62) * (radius - 1))
    return [tip, left, right]


def notch_rect(centre: tuple[float, float], ts: int, facing: int) -> pygame.Rect:
    """Returns the screen box of a figure's facing notch (the part outside its base)."""
    r = token_radius(ts)
    angle = math.radians(facing * 45 - 90)
    tip = (centre[0] + math.cos(angle) * r * NOTCH_REACH, centre[1] + math.sin(angle) * r * NOTCH_REACH)
    edge = (centre[0] + math.cos(angle) * r, centre[1] + math.sin(angle) * r)
    half = max(2.0, r * 0.3)
    left, top = min(tip[0], edge[0]) - half, min(tip[1], edge[1]) - half
    right, bottom = max(tip[0], edge[0]) + half, max(tip[1], edge[1]) + half
    return pygame.Rect(int(left), int(top), int(right - left) + 1, int(bottom - top) + 1)


def figure_token(art: str, ts: int, ring: theme.Colour, facing: int, health: float,
                 hero: bool, dimmed: bool, demoralized: bool = False) -> pygame.Surface:
    """Returns a figure seen from above: a round base in its side's colour with its art, a
    bright front arc and a notch that show its facing, a health arc, and a broken-shield badge
    while its click is demoralized (it neither attacks nor strikes back).

    The surface is 1.5 tiles wide so the notch can stick out; blit it centred on the square.
    """
    key = ("fig", art, ts, ring, facing, round(health, 3), hero, dimmed, demoralized)
    surf = _tokens.fetch(key)
    if surf is not None:
        return surf
    size = int(ts * 1.5)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    r = token_radius(ts)
    front = theme.GOLD_BRIGHT if hero else (244, 120, 92)
    ring_w = max(2, int(ts * 0.08))
    pygame.draw.circle(surf, (0, 0, 0, 120), (c[0] + 2, c[1] + 3), r + 1)
    pygame.draw.circle(surf, _shade(ring, 0.45), c, r)
    pygame.draw.circle(surf, ring, c, r, ring_w)
    inner = r - ring_w
    pygame.draw.circle(surf, (62, 52, 44) if hero else (74, 34, 30), c, inner)
    # The front of the base: a bright arc over the facing half of the ring, and the notch.
    angle = math.radians(facing * 45 - 90)
    box = pygame.Rect(0, 0, int(2 * r), int(2 * r))
    box.center = (int(c[0]), int(c[1]))
    pygame.draw.arc(surf, front, box, -angle - 0.9, -angle + 0.9, ring_w + 1)
    pygame.draw.circle(surf, _shade(ring, -0.35), c, r, 1)
    # The health arc: how much of the dial is left before the knock-out.
    if health < 0.999:
        rect = pygame.Rect(0, 0, int(2 * r + 6), int(2 * r + 6))
        rect.center = (int(c[0]), int(c[1]))
        pygame.draw.arc(surf, (40, 10, 8), rect, 0, math.tau, max(2, ts // 16))
        hue = theme.mix((214, 60, 44), (120, 210, 110), health)
        start = math.pi / 2
        pygame.draw.arc(surf, hue, rect, start, start + math.tau * max(0.02, health),
                        max(2, ts // 16))
    # The figure itself in a light ink on its base, so it reads at the smallest zoom too.
    icon = assets.asset_icon(art, max(8, int(inner * 1.5)),
                             (240, 232, 214) if hero else (244, 196, 178))
    surf.blit(icon, icon.get_rect(center=(int(c[0]), int(c[1]))))
    points = notch_points(c, r, facing)
    pygame.draw.polygon(surf, front, points)
    pygame.draw.polygon(surf, (20, 14, 10), points, 1)
    if demoralized:
        br = max(5, int(ts * 0.16))
        spot = (int(c[0] - r * 0.78), int(c[1] - r * 0.78))
        pygame.draw.circle(surf, (226, 220, 206), spot, br)
        pygame.draw.circle(surf, (40, 30, 24), spot, br, 1)
        badge = assets.icon("broken-shield", max(6, int(br * 1.5)), (120, 40, 30))
        surf.blit(badge, badge.get_rect(center=spot))
    if dimmed:
        # Blended over the token (drawing on SRCALPHA would replace the ring and the art).
        shade = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(shade, (10, 8, 6, 120), c, r)
        surf.blit(shade, (0, 0))
    return _tokens.keep(key, surf)


READOUT_MIN = 12  # the smallest digits of a figure's values on the board, in pixels


def readout_size(ts: int) -> int:
    """Returns the font size of the dial values under a figure at tile size ts."""
    return max(READOUT_MIN, round(ts * 0.33))


def readout(values: tuple[int, int, int, int], ts: int) -> pygame.Surface:
    """Returns the dial window of a figure: move, attack, defence and damage in their colours."""
    key = ("dial", values, ts)
    surf = _tokens.fetch(key)
    if surf is not None:
        return surf
    size = readout_size(ts)
    cells = []
    for stat, v in zip(("move", "attack", "defence", "damage"), values, strict=True):
        cells.append((STAT_COLOURS[stat], assets.text(str(v), "bold", size, (255, 255, 255))))
    # Digits only: the cell is as tall as a digit (the font's line adds room for descenders).
    font = assets.font("bold", size)
    digit_h = font.metrics("0")[0][3]
    above = font.get_ascent() - digit_h  # rows above a digit's top in the rendered line
    ch = digit_h + 2
    pad = max(3, size // 4)
    widths = [img.get_width() + pad for _, img in cells]
    surf = pygame.Surface((sum(widths) + len(widths) + 1, ch + 2), pygame.SRCALPHA)
    pygame.draw.rect(surf, (12, 10, 8, 235), surf.get_rect(), border_radius=3)
    x = 1
    for (colour, img), cw in zip(cells, widths, strict=True):
        cell = pygame.Rect(x, 1, cw, ch)
        pygame.draw.rect(surf, _shade(colour, 0.2), cell, border_radius=2)
        surf.blit(img, (cell.centerx - img.get_width() // 2,
                        cell.top + (ch - digit_h) // 2 - above))
        x += cw + 1
    return _tokens.keep(key, surf)


def marker_token(rank: str, ts: int, dimmed: bool) -> pygame.Surface:
    """Returns a monster marker: a rank-coloured coin with a skull."""
    key = ("marker", rank, ts, dimmed)
    surf = _tokens.fetch(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((ts, ts), pygame.SRCALPHA)
    colour = MARKER_COLOURS.get(rank, (150, 150, 150))
    c = (ts // 2, ts // 2)
    r = int(ts * 0.4)
    pygame.draw.circle(surf, (0, 0, 0, 110), (c[0] + 2, c[1] + 2), r)
    # An octagonal coin so markers never read as figures.
    pts = [(c[0] + r * math.cos(math.radians(22.5 + 45 * i)),
            c[1] + r * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, _shade(colour, 0.5), pts, max(1, ts // 16))
    icon = assets.asset_icon(f"crawl.marker.{rank}", int(r * 1.3))
    surf.blit(icon, icon.get_rect(center=c))
    if dimmed:
        shade = pygame.Surface((ts, ts), pygame.SRCALPHA)
        pygame.draw.polygon(shade, (10, 8, 6, 120), pts)
        surf.blit(shade, (0, 0))
    return _tokens.keep(key, surf)


def chest_token(did: str, ts: int, facing: int, status: str, examined: bool) -> pygame.Surface:
    """Returns a chest on its square: a box with its art and a gold arrow at its front."""
    key = ("chest", did, ts, facing, status, examined)
    surf = _tokens.fetch(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((ts, ts), pygame.SRCALPHA)
    box = pygame.Rect(0, 0, int(ts * 0.74), int(ts * 0.74))
    box.center = (ts // 2, ts // 2)
    pygame.draw.rect(surf, (0, 0, 0, 110), box.move(2, 2), border_radius=ts // 8)
    pygame.draw.rect(surf, (86, 56, 30), box, border_radius=ts // 8)
    pygame.draw.rect(surf, theme.GOLD, box, max(1, ts // 18), border_radius=ts // 8)
    art = "crawl.chest_open" if status in ("disarmed", "sprung") else f"crawl.{did}"
    icon = assets.asset_icon(art, int(ts * 0.56))
    surf.blit(icon, icon.get_rect(center=box.center))
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[facing // 2 % 4]
    cx, cy = ts / 2 + dx * ts * 0.46, ts / 2 + dy * ts * 0.46
    k = ts * 0.12
    tri = [(cx + dx * k, cy + dy * k), (cx - dy * k * 1.4, cy + dx * k * 1.4),
           (cx + dy * k * 1.4, cy - dx * k * 1.4)]
    pygame.draw.polygon(surf, theme.GOLD_BRIGHT, tri)
    if examined:
        badge = assets.asset_icon("crawl.examine", max(8, ts // 3))
        surf.blit(badge, (box.left - 2, box.top - 2))
    return _tokens.keep(key, surf)


def chip(colour: theme.Colour, shape: str, size: int) -> pygame.Surface:
    """Returns an ability's dial colour as a small square or disc."""
    key = ("chip", colour, shape, size)
    surf = _tokens.fetch(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        if shape == "circle":
            pygame.draw.circle(surf, colour, (size // 2, size // 2), size // 2 - 1)
            pygame.draw.circle(surf, theme.GOLD, (size // 2, size // 2), size // 2 - 1, 1)
        else:
            pygame.draw.rect(surf, colour, surf.get_rect().inflate(-2, -2), border_radius=2)
            pygame.draw.rect(surf, theme.GOLD, surf.get_rect().inflate(-2, -2), 1,
                             border_radius=2)
        _tokens.keep(key, surf)
    return surf


def section_preview(sid: str, info: BoardInfo, exits: frozenset[str],
                    doors: dict[str, str], ts: int, cell: int, rot: int = 0) -> pygame.Surface:
    """Returns a builder section drawn at tile size ts, centred in a cell of ``cell`` squares,
    with a gold notch at each exit and the door kind where an exit has one, turned ``rot``
    quarter turns clockwise as it would lie (drawn once per key, then cached)."""
    key = ("section", sid, ts, cell, rot % 4)
    surf = _tokens.fetch(key)
    if surf is not None:
        return surf
    if rot % 4:
        # Turn the picture without its cost digits, then write the digits upright again.
        upright = _section_picture(sid, info, exits, doors, ts, cell, False)
        surf = pygame.transform.rotate(upright, -90 * (rot % 4))
        size = surf.get_width()
        ox = (size - cell * ts) // 2 + (cell - info.width) * ts // 2
        oy = (size - cell * ts) // 2 + (cell - info.height) * ts // 2
        for (x, y), kind in info.terrain.items():
            ink = badge_ink(kind, info.cost.get((x, y), 1))
            if ink is None:
                continue
            cx, cy = ox + x * ts + ts / 2, oy + y * ts + ts / 2
            for _ in range(rot % 4):  # a quarter turn clockwise about the picture's centre
                cx, cy = size - cy, cx
            rect = pygame.Rect(0, 0, ts, ts)
            rect.center = (round(cx), round(cy))
            _cost_badge(surf, rect, info.cost.get((x, y), 1), ink)
        return _tokens.keep(key, surf)
    return _tokens.keep(key, _section_picture(sid, info, exits, doors, ts, cell, True))


def _section_picture(sid: str, info: BoardInfo, exits: frozenset[str], doors: dict[str, str],
                     ts: int, cell: int, badges: bool) -> pygame.Surface:
    half = max(3, ts // 2)
    margin = half + 5  # room for the exit notches outside the section
    size = cell * ts + 2 * margin
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*ROCK, 255), surf.get_rect(), border_radius=6)
    ox = margin + (cell - info.width) * ts // 2
    oy = margin + (cell - info.height) * ts // 2
    surf.blit(board_surface((sid, sid), info, ts, badges), (ox, oy))
    cx, cy = size // 2, size // 2
    reach = {"n": (cx, oy), "s": (cx, oy + info.height * ts),
             "w": (ox, cy), "e": (ox + info.width * ts, cy)}
    out = {"n": (0, -1), "s": (0, 1), "w": (-1, 0), "e": (1, 0)}
    for side in exits:
        (x, y), (dx, dy) = reach[side], out[side]
        # An opening in the wall, then a notch pointing out of the section.
        gap = pygame.Rect(0, 0, ts if dy else 6, ts if dx else 6)
        gap.center = (x, y)
        colour = {"wood": WOOD_DOOR, "iron": IRON_DOOR}.get(doors.get(side, ""), FLOOR)
        pygame.draw.rect(surf, colour, gap)
        tip = (x + dx * (half + 3), y + dy * (half + 3))
        if dx:
            base = [(x + dx * 2, y - half), (x + dx * 2, y + half)]
        else:
            base = [(x - half, y + dy * 2), (x + half, y + dy * 2)]
        pygame.draw.polygon(surf, theme.GOLD, [base[0], tip, base[1]])
    pygame.draw.rect(surf, theme.GOLD_DIM, surf.get_rect(), 1, border_radius=6)
    return surf


def clear() -> None:
    """Forgets the cached board and token art (after a display change)."""
    _boards.clear()
    _tokens.clear()
