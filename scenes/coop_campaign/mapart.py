"""The campaign map drawn as a map: a parchment with the lands of the stations (forest,
graveyard, the ashen hills) and their landmarks, the roads between the stations as inked paths,
the stations as medallions with their labels and place names, the marks of bosses and the
merchant, the shaped checkboxes beside the stations they change, and the party's banner.

The parchment and its lands are painted once per size; stations and roads are drawn each frame
from what the view says (the route taken, the boxes ticked, the station ahead). Positions come
from the map (data/coop_campaign/campaign.yaml, map units 1000 × 600). Nothing here decides a
rule: whether a road is open is the view's ``routes``; the map only draws it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from scenes import assets, theme
from scenes.coop_campaign import query

UNITS = (1000, 600)
LAND_COLOURS: dict[str, theme.Colour] = {"forest": (112, 146, 86), "graveyard": (132, 124, 150),
                                         "ashen": (182, 112, 76)}
LAND_ICONS = {"forest": ("oak", "forest", "oak"), "graveyard": ("tombstone", "lantern-flame",
                                                                 "tombstone"),
              "ashen": ("smoking-volcano", "fire-silhouette", "burning-forest")}
INK = (70, 48, 30)
ROAD = (112, 78, 46)
SHAPE_COLOURS: dict[str, theme.Colour] = {"circle": (70, 120, 176), "square": (176, 70, 52),
                                          "triangle": (74, 136, 70), "star": (196, 150, 50),
                                          "diamond": (132, 82, 160), "hexagon": (60, 130, 140)}


@dataclass
class MapState:
    """What the map shows: the route won so far, the boxes ticked, the station ahead (the one
    the party plays next, "" before the route is chosen), the stations it may choose between,
    the routes on with whether each is open, and whether the party stands in the mission."""

    route: list[str] = field(default_factory=list)
    boxes: list[str] = field(default_factory=list)
    ahead: str = ""
    choices: list[str] = field(default_factory=list)
    routes: list[dict[str, Any]] = field(default_factory=list)
    playing: bool = False
    over: bool = False
    retries: int | None = None  # hard mode: the lost missions the campaign may still retry


def to_px(rect: pygame.Rect, x: float, y: float) -> tuple[int, int]:
    """Returns the screen point of a map point inside ``rect``."""
    pad = max(18, rect.width // 28)
    return (int(rect.left + pad + x / UNITS[0] * (rect.width - 2 * pad)),
            int(rect.top + pad + y / UNITS[1] * (rect.height - 2 * pad)))


def radius(rect: pygame.Rect) -> int:
    """Returns a station medallion's radius at the map's size."""
    return max(13, min(24, rect.width // 44))


# --- the parchment and its lands -----------------------------------------------------------------
@lru_cache(maxsize=6)
def parchment(map_id: str, size: tuple[int, int],
              letters: tuple[str, ...] = ("N", "E", "S", "W")) -> pygame.Surface:
    """Returns the painted map without stations and roads: parchment, lands, landmarks, a
    compass rose whose points are named by ``letters`` (the reader's language: east is O in
    German) and the frame."""
    m = query.campaign_map()
    w, h = size
    rect = pygame.Rect(0, 0, w, h)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rnd = random.Random(map_id)  # cosmetic only: the same map every time
    # parchment with darker, burnt edges
    for y in range(h):
        f = y / max(1, h - 1)
        pygame.draw.line(surf, theme.mix((236, 222, 186), (214, 190, 146), f), (0, y), (w, y))
    stains = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(140):
        x, y = rnd.randrange(w), rnd.randrange(h)
        pygame.draw.circle(stains, (120, 86, 40, rnd.randrange(6, 16)), (x, y),
                           rnd.randrange(6, max(8, w // 18)))
    surf.blit(stains, (0, 0))
    edge = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(22):
        a = int(110 * (1 - k / 22) ** 2)
        pygame.draw.rect(edge, (92, 58, 28, a), rect.inflate(-2 * k, -2 * k), width=2,
                         border_radius=20)
    surf.blit(edge, (0, 0))
    # the lands: soft washes around the stations and along the roads between stations of
    # the same land, painted small and scaled up so that their edges blur
    r = radius(rect)
    small = (max(8, w // 6), max(8, h // 6))
    for land, colour in LAND_COLOURS.items():
        wash = pygame.Surface(small, pygame.SRCALPHA)
        spots = [to_px(rect, s.x, s.y) for s in m.stations if s.land == land]
        for s in m.stations:
            for n in s.next:
                o = next(x for x in m.stations if x.id == n)
                if s.land == land and o.land == land:
                    a, b = to_px(rect, s.x, s.y), to_px(rect, o.x, o.y)
                    spots += [(int(a[0] + (b[0] - a[0]) * f), int(a[1] + (b[1] - a[1]) * f))
                              for f in (0.33, 0.66)]
        for cx, cy in spots:
            for _ in range(7):
                dx, dy = rnd.gauss(0, r * 1.6), rnd.gauss(0, r * 1.2)
                pygame.draw.circle(wash, (*colour, 46), (int((cx + dx) / 6), int((cy + dy) / 6)),
                                   max(2, int(r * rnd.uniform(2.2, 3.4) / 6)))
        wash = pygame.transform.smoothscale(pygame.transform.smoothscale(
            wash, (small[0] // 2, small[1] // 2)), size)
        surf.blit(wash, (0, 0))
    # landmarks of each land, kept clear of stations and of the roads' straight lines
    taken = [to_px(rect, s.x, s.y) for s in m.stations] + [to_px(rect, m.origin_x, m.origin_y)]
    roads = _segments(m, rect)
    size_icon = max(16, int(r * 1.3))
    for s in m.stations:
        cx, cy = to_px(rect, s.x, s.y)
        icons = LAND_ICONS[s.land]
        placed = 0
        for _ in range(40):
            if placed >= 4:
                break
            ang = rnd.uniform(0, math.tau)
            dist = rnd.uniform(r * 2.2, r * 4.0)
            x, y = int(cx + math.cos(ang) * dist), int(cy + math.sin(ang) * dist * 0.8)
            if not rect.inflate(-size_icon * 2, -size_icon * 2).collidepoint(x, y):
                continue
            if any(math.dist((x, y), p) < r * 2.0 for p in taken):
                continue
            if any(_near_segment((x, y), a, b) < size_icon * 0.9 for a, b in roads):
                continue
            tint = theme.mix(LAND_COLOURS[s.land], INK, 0.45)
            image = assets.icon(icons[placed % len(icons)], size_icon, tint).copy()
            image.set_alpha(150)
            surf.blit(image, image.get_rect(center=(x, y)))
            taken.append((x, y))
            placed += 1
    # hills where no station and no road is
    hill = max(18, int(r * 1.6))
    step = hill * 2
    title_zone = pygame.Rect(0, 0, w * 2 // 5, hill * 3)
    for gy in range(hill * 2, h - hill, step):
        for gx in range(hill * 2, w - hill * 2, step):
            x, y = gx + rnd.randrange(-hill // 2, hill // 2 + 1), gy + rnd.randrange(
                -hill // 2, hill // 2 + 1)
            if any(math.dist((x, y), p) < r * 3.2 for p in taken) or \
                    title_zone.collidepoint(x, y):
                continue
            if any(_near_segment((x, y), a, b) < hill * 1.2 for a, b in roads):
                continue
            if rnd.random() < 0.45:
                continue
            _hills(surf, (x, y), hill, rnd)
            taken.append((x, y))
    # compass rose in the lower right corner
    from scenes.coop_campaign import art

    rose = art.compass(max(24, w // 26), letters)
    rose = rose.copy()
    rose.set_alpha(170)
    surf.blit(rose, rose.get_rect(bottomright=(w - 16, h - 14)))
    # rounded corners and a frame
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=18)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, theme.GOLD_DIM, rect, width=3, border_radius=18)
    pygame.draw.rect(surf, (120, 88, 52), rect.inflate(-8, -8), width=1, border_radius=14)
    return surf


def _hills(surf: pygame.Surface, centre: tuple[int, int], size: int, rnd: random.Random
           ) -> None:
    """Draws a little group of hills as old maps do: peaks shaded on one side."""
    x0, y0 = centre
    for k in range(rnd.choice((1, 2, 2, 3))):
        w = int(size * rnd.uniform(0.55, 0.8))
        h = int(w * rnd.uniform(0.55, 0.8))
        x = x0 + (k - 1) * w // 2 + rnd.randrange(-3, 4)
        y = y0 + (k % 2) * 4
        peak, left, right = (x, y - h), (x - w // 2, y), (x + w // 2, y)
        pygame.draw.polygon(surf, (214, 192, 148), [left, peak, right])
        pygame.draw.polygon(surf, (176, 146, 102), [peak, right, (x + w // 8, y)])
        pygame.draw.lines(surf, (124, 92, 58), False, [left, peak, right], 2)


def _segments(m: Any, rect: pygame.Rect) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Returns every road as a straight segment on the screen (for keeping landmarks off)."""
    out = []
    by_id = {s.id: s for s in m.stations}
    start = by_id.get(m.start)
    if start is not None:
        out.append((to_px(rect, m.origin_x, m.origin_y), to_px(rect, start.x, start.y)))
    for s in m.stations:
        for n in s.next:
            if n in by_id:
                out.append((to_px(rect, s.x, s.y), to_px(rect, by_id[n].x, by_id[n].y)))
    return out


def _near_segment(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


# --- shapes, roads, stations --------------------------------------------------------------------
def draw_shape(surface: pygame.Surface, shape: str, centre: tuple[int, int], size: int,
               colour: theme.Colour, filled: bool) -> None:
    """Draws a checkbox's shape: filled when ticked, an outline when not."""
    cx, cy = centre
    s = size / 2
    width = 0 if filled else max(2, size // 8)
    if shape == "circle":
        pygame.draw.circle(surface, colour, centre, int(s), width)
        if not filled:
            return
    elif shape == "square":
        pygame.draw.rect(surface, colour, (int(cx - s * 0.85), int(cy - s * 0.85),
                                           int(s * 1.7), int(s * 1.7)), width)
    else:
        pts = _shape_points(shape, cx, cy, s)
        pygame.draw.polygon(surface, colour, pts, width)
    if filled:  # the tick
        ink = (250, 244, 228)
        pygame.draw.lines(surface, ink, False, [(cx - s * 0.45, cy), (cx - s * 0.1, cy + s * 0.38),
                                                (cx + s * 0.5, cy - s * 0.4)], max(2, size // 9))


def _shape_points(shape: str, cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    if shape == "triangle":
        return [(cx, cy - s), (cx + s * 0.95, cy + s * 0.75), (cx - s * 0.95, cy + s * 0.75)]
    if shape == "diamond":
        return [(cx, cy - s), (cx + s * 0.8, cy), (cx, cy + s), (cx - s * 0.8, cy)]
    if shape == "hexagon":
        return [(cx + math.cos(a) * s, cy + math.sin(a) * s)
                for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))]
    # star: five points
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = s if k % 2 == 0 else s * 0.45
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    return pts


def road_points(a: tuple[int, int], b: tuple[int, int], bend: float) -> list[tuple[int, int]]:
    """Returns the points of a gently curved road from a to b (a quadratic curve)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    cx, cy = mx - dy * bend, my + dx * bend
    steps = max(8, int(math.dist(a, b) / 7)) // 2 * 2 + 1
    out = []
    for k in range(steps + 1):
        t = k / steps
        x = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t * t * b[0]
        y = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t * t * b[1]
        out.append((int(x), int(y)))
    return out


def draw_road(surface: pygame.Surface, pts: list[tuple[int, int]], colour: theme.Colour,
              width: int, dashed: bool) -> None:
    """Draws a road: solid, or dashed like a path not yet walked."""
    for k in range(len(pts) - 1):
        if dashed and k % 2:
            continue
        pygame.draw.line(surface, colour, pts[k], pts[k + 1], width)
        pygame.draw.circle(surface, colour, pts[k], max(1, width // 2))
    if not dashed:
        pygame.draw.circle(surface, colour, pts[-1], max(1, width // 2))


def draw_lock(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """Draws a padlock (a closed road)."""
    cx, cy = centre
    body = pygame.Rect(0, 0, size, int(size * 0.78))
    body.midtop = (cx, cy - size // 6)
    pygame.draw.circle(surface, (236, 222, 186), centre, int(size * 0.95))
    pygame.draw.circle(surface, INK, centre, int(size * 0.95), 2)
    pygame.draw.arc(surface, (80, 70, 64), pygame.Rect(cx - size // 3, cy - size * 0.62,
                                                       size * 2 // 3, size * 0.8),
                    0, math.pi, max(2, size // 7))
    pygame.draw.rect(surface, (96, 84, 76), body, border_radius=3)
    pygame.draw.circle(surface, (236, 222, 186), (cx, body.centery), max(2, size // 9))


def bend_of(a: str, b: str) -> float:
    """Returns how much a road bends (the same for the same two stations every time)."""
    return 0.10 if (sum(map(ord, a + b)) % 2) else -0.10


def zones(rect: pygame.Rect, st: MapState) -> list[tuple[pygame.Rect, tuple[str, str]]]:
    """Returns the places of the map a pointer finds: its stations and the locks of closed
    roads (as ``draw_map`` draws them)."""
    m = query.campaign_map()
    by_id = {s.id: s for s in m.stations}
    r = radius(rect)
    out: list[tuple[pygame.Rect, tuple[str, str]]] = []
    here = st.route[-1] if st.route else None
    closed = [x["station"] for x in st.routes if not x["open"]]
    for sid in closed:
        if sid not in by_id:
            continue
        a = to_px(rect, m.origin_x, m.origin_y) if here is None else to_px(
            rect, by_id[here].x, by_id[here].y)
        b = to_px(rect, by_id[sid].x, by_id[sid].y)
        pts = road_points(a, b, bend_of(here or "", sid))
        mid = pts[len(pts) * 2 // 5]
        size = max(14, r * 4 // 5)
        out.append((pygame.Rect(mid[0] - size, mid[1] - size, 2 * size, 2 * size),
                    ("lock", sid)))
    for s in m.stations:
        c = to_px(rect, s.x, s.y)
        big = r + (3 if s.boss else 0)
        out.append((pygame.Rect(c[0] - big - 4, c[1] - big - 4, 2 * big + 8, 2 * big + 8),
                    ("station", s.id)))
    return out


def draw_map(surface: pygame.Surface, rect: pygame.Rect, app: Any, st: MapState,
             hovered: str | None = None, phase: float = 0.0) -> None:
    """Draws the campaign map in ``rect``."""
    m = query.campaign_map()
    letters = tuple(str(app.t(f"coop.ui.dir.{d}")) for d in ("N", "E", "S", "W"))
    surface.blit(parchment(m.id, rect.size, letters), rect)
    by_id = {s.id: s for s in m.stations}
    r = radius(rect)
    open_next = {x["station"]: x["open"] for x in st.routes}
    here = st.route[-1] if st.route else None  # where the party stands (None: the town)
    walked = set(zip([""] + st.route[:-1], st.route, strict=False))
    # the roads
    origin = to_px(rect, m.origin_x, m.origin_y)
    pulse = 0.5 + 0.5 * math.sin(phase * math.tau)
    road_w = max(3, r // 5)
    legs: list[tuple[str, str, tuple[int, int], tuple[int, int]]] = [
        ("", m.start, origin, to_px(rect, by_id[m.start].x, by_id[m.start].y))]
    for s in m.stations:
        for n in s.next:
            if n in by_id:
                legs.append((s.id, n, to_px(rect, s.x, s.y), to_px(rect, by_id[n].x,
                                                                   by_id[n].y)))
    for a_id, b_id, a, b in legs:
        pts = road_points(a, b, bend_of(a_id, b_id))
        from_here = (a_id or None) == here and b_id in open_next
        if (a_id, b_id) in walked:
            draw_road(surface, pts, (88, 50, 26), road_w + 2, False)
        elif from_here and open_next[b_id]:
            chosen = st.ahead == b_id
            glow = theme.mix((186, 120, 30), (240, 190, 80), pulse)
            draw_road(surface, pts, (70, 44, 24), road_w + 5, not chosen)
            draw_road(surface, pts, glow, road_w + 2, not chosen)
        elif from_here:
            draw_road(surface, pts, (140, 128, 116), road_w, True)
            mid = pts[len(pts) * 2 // 5]
            size = max(14, r * 4 // 5)
            draw_lock(surface, mid, size)
        else:
            draw_road(surface, pts, ROAD, road_w, True)
    # the map's name on a ribbon in the upper left corner
    title = assets.text(str(app.catalog.text(dict(m.name))), "heading", max(16, r + 4), INK)
    ribbon = title.get_rect(topleft=(rect.left + 24, rect.top + 18)).inflate(28, 10)
    pygame.draw.rect(surface, (232, 216, 176), ribbon, border_radius=6)
    pygame.draw.rect(surface, (130, 96, 58), ribbon, width=2, border_radius=6)
    surface.blit(title, title.get_rect(center=ribbon.center))
    # the town the party leaves from
    town = assets.icon("castle", r * 2, theme.mix(INK, (236, 222, 186), 0.1))
    surface.blit(town, town.get_rect(center=origin))
    # the party's banner: at the station it plays (or won last), else the town; beside the
    # medallion, where no name is written
    if st.playing and st.ahead in by_id:
        spot = to_px(rect, by_id[st.ahead].x, by_id[st.ahead].y)
    elif here is not None:
        spot = to_px(rect, by_id[here].x, by_id[here].y)
    else:
        spot = origin
    banner = assets.icon("knight-banner", int(r * 1.9), (150, 36, 30))
    at = banner.get_rect(bottomright=(spot[0] - r + 2, spot[1] + r // 2))
    # the stations (their names kept off the medallions, the town and the banner)
    blocked = [town.get_rect(center=origin), at] + [
        pygame.Rect(0, 0, 2 * r + 6, 2 * r + 6).move(to_px(rect, s.x, s.y)[0] - r - 3,
                                                     to_px(rect, s.x, s.y)[1] - r - 3)
        for s in m.stations]
    for s in m.stations:
        _draw_station(surface, rect, app, st, s, r, hovered == s.id, pulse, blocked)
    shadow = assets.icon("knight-banner", int(r * 1.9), (40, 24, 14)).copy()
    shadow.set_alpha(110)
    surface.blit(shadow, at.move(3, 3))
    surface.blit(banner, at)


def _draw_station(surface: pygame.Surface, rect: pygame.Rect, app: Any, st: MapState, s: Any,
                  r: int, hovered: bool, pulse: float, blocked: list[pygame.Rect]) -> None:
    m = query.campaign_map()
    c = to_px(rect, s.x, s.y)
    won = s.id in st.route
    ahead = s.id == st.ahead
    choice = s.id in st.choices
    routes = {x["station"]: x for x in st.routes}
    locked = s.id in routes and not routes[s.id]["open"]
    big = r + (3 if s.boss else 0)
    pygame.draw.circle(surface, (150, 120, 80), (c[0] + 2, c[1] + 3), big + (3 if s.boss else 0))
    if won:
        fill, ring, ink = (92, 62, 38), theme.GOLD, theme.GOLD_BRIGHT
    elif locked:
        fill, ring, ink = (186, 178, 164), (120, 110, 100), (96, 88, 80)
    elif ahead or choice:
        fill = theme.mix((244, 230, 190), (255, 246, 214), pulse)
        ring, ink = (176, 126, 40), INK
    else:
        fill, ring, ink = (232, 218, 182), (130, 96, 58), INK
    if s.boss:
        pygame.draw.circle(surface, (120, 34, 28), c, big + 3)
    pygame.draw.circle(surface, fill, c, big)
    pygame.draw.circle(surface, ring, c, big, 3 if (ahead or choice or hovered) else 2)
    if hovered:
        pygame.draw.circle(surface, theme.GOLD_BRIGHT, c, big + 5, 2)
    label = assets.text(s.label, "heading", max(13, int(r * 0.95)), ink)
    surface.blit(label, label.get_rect(center=(c[0], c[1] + 1)))
    # the marks: a boss fight, a merchant after the mission
    mark = int(r * 1.05)
    if s.boss:
        icon = assets.icon("crowned-skull", mark, (150, 36, 30))
        surface.blit(icon, icon.get_rect(center=(c[0] - big - mark // 3, c[1] - big + 2)))
    if s.merchant:
        icon = assets.icon("two-coins", mark, (176, 130, 40))
        surface.blit(icon, icon.get_rect(center=(c[0] + big + mark // 3, c[1] - big + 2)))
    # the checkboxes that change this station, beside it
    marks = [b for b in m.boxes if s.id in b.affects or s.requires == b.id]
    for k, b in enumerate(marks):
        size = max(10, int(r * 0.7))
        at = (c[0] + big + size // 2 + 3 + k * (size + 3), c[1] + big - size // 2)
        pygame.draw.circle(surface, (236, 222, 186), at, size // 2 + 3)
        draw_shape(surface, b.shape, at, size, SHAPE_COLOURS[b.shape], b.id in st.boxes)
    # the place's name under the medallion (above it near the map's foot)
    name = str(app.catalog.text(dict(s.place)))
    size = max(12, int(r * 0.72))
    text = assets.text(name, "italic", size, INK)
    inside = rect.inflate(-12, -12)
    spots = [text.get_rect(midtop=(c[0], c[1] + big + 3)),
             text.get_rect(midbottom=(c[0], c[1] - big - 3)),
             text.get_rect(midleft=(c[0] + big + 6, c[1] + big // 2 + 4))]
    box = next((b for b in spots if inside.contains(b) and b.collidelist(blocked) < 0),
               spots[0])
    box.clamp_ip(inside)
    blocked.append(box)
    back = pygame.Surface(box.inflate(8, 2).size, pygame.SRCALPHA)
    back.fill((240, 228, 196, 170))
    surface.blit(back, box.inflate(8, 2))
    surface.blit(text, box)
