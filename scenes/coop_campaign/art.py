"""Pictures of the co-operative campaign: the mission tile as an area map, enemy cards with their
hit-zone tracks, action tiles, hero tokens, attack and defence dice and the round tracker.

Everything is drawn from game-icons silhouettes (assets/manifest/coop_campaign.yaml) and
primitives; the larger pictures are composed once per look and cached, so a steady frame only
blits. Content names come as ``{en, de}`` and are translated by the catalog.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

import pygame

from scenes import assets, theme
from scenes.coop_campaign import query

RING = ("N", "E", "S", "W")
ELEMENT_COLOURS: dict[str, theme.Colour] = {
    "fire": (214, 96, 58), "water": (66, 128, 206), "nature": (86, 160, 74),
    "none": (150, 138, 116)}
# the four areas of a tile, each its own ground: moss, dusk stone, river bank, ochre earth
AREA_TINTS: dict[str, theme.Colour] = {"N": (78, 104, 62), "E": (98, 86, 112),
                                       "S": (58, 100, 108), "W": (128, 98, 58)}
FIELD_COLOURS: dict[str, theme.Colour] = {"none": (214, 196, 160), "blue": (92, 146, 214),
                                          "pink": (214, 110, 168), "green": (102, 176, 96)}
RANK_COLOURS: dict[str, theme.Colour] = {"minion": (226, 190, 70), "elite": (206, 70, 56),
                                         "boss": (160, 96, 214)}
DOT_COLOURS = RANK_COLOURS
UPGRADED = (232, 140, 52)  # the orange of an upgraded side (seed 001, 1.1)


def name(app: Any, text: Any) -> str:
    """Returns an inline ``{en, de}`` content text in the reader's language."""
    return str(app.catalog.text(dict(text)))


def hero_name(app: Any, hid: str) -> str:
    """Returns a hero's name."""
    return name(app, query.hero(hid).name)


def enemy_name(app: Any, card: str) -> str:
    """Returns an enemy card's name."""
    return name(app, query.enemy(card).name)


def item_name(app: Any, card: str) -> str:
    """Returns an item's name (a hero without a weapon fights unarmed)."""
    if not query.has_item(card):
        return str(app.t("coop.ui.unarmed"))
    return name(app, query.item(card).name)


def tile_name(app: Any, aid: str, upgraded: bool = False) -> str:
    """Returns the name of an action tile's side."""
    return name(app, query.side(aid, upgraded).name)


def area_name(app: Any, tid: str, direction: str) -> str:
    """Returns the name of an area of a mission tile."""
    return name(app, query.area(tid, direction).name)


def hero_colour(hid: str) -> theme.Colour:
    """Returns a hero's own colour (from the manifest)."""
    entry = assets.ref(f"coop.hero.{hid}")
    return entry.colour if entry is not None else theme.INK


# --- the mission tile -----------------------------------------------------------------------------
def zone_points(rect: pygame.Rect, direction: str) -> list[tuple[int, int]]:
    """Returns the triangle of an area: the tile's side in that direction and its centre."""
    c = rect.center
    tl, tr, br, bl = rect.topleft, (rect.right, rect.top), (rect.right, rect.bottom), \
        (rect.left, rect.bottom)
    return {"N": [tl, tr, c], "E": [tr, br, c], "S": [br, bl, c], "W": [bl, tl, c]}[direction]


def zone_at(rect: pygame.Rect, pos: tuple[int, int]) -> str | None:
    """Returns the area under a point of the tile (None outside it)."""
    if not rect.collidepoint(pos):
        return None
    # scaled so that the diagonals of a tile that is not square still split it
    dx = (pos[0] - rect.centerx) / max(1, rect.width)
    dy = (pos[1] - rect.centery) / max(1, rect.height)
    if abs(dy) >= abs(dx):
        return "N" if dy < 0 else "S"
    return "W" if dx < 0 else "E"


def zone_anchor(rect: pygame.Rect, direction: str, depth: float) -> tuple[int, int]:
    """Returns a point on the area's axis, ``depth`` of the way from the outer edge inward."""
    cx, cy = rect.center
    hx, hy = rect.width / 2, rect.height / 2
    vec = {"N": (0, -hy), "E": (hx, 0), "S": (0, hy), "W": (-hx, 0)}[direction]
    return (int(cx + vec[0] * (1 - depth)), int(cy + vec[1] * (1 - depth)))


@lru_cache(maxsize=8)
def map_picture(tid: str, size: tuple[int, int]) -> pygame.Surface:
    """Returns the painted tile: four grounds, trodden paths between them, the art of each area
    faintly in its ground, and a paved circle in the middle."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    rnd = random.Random(tid)  # cosmetic only: the same speckles every time
    for d in RING:
        tint = AREA_TINTS[d]
        pts = zone_points(rect, d)
        pygame.draw.polygon(surf, tint, pts)
        # a gentle light from the outer edge toward the middle
        for k in range(12):
            f = k / 12
            inner = [(int(x + (rect.centerx - x) * f), int(y + (rect.centery - y) * f))
                     for x, y in pts[:2]] + [rect.center]
            shade = theme.mix(theme.mix(tint, (255, 240, 200), 0.10), tint, f)
            pygame.draw.polygon(surf, shade, inner)
        # speckles of grass, gravel or water
        for _ in range(260):
            u, v = rnd.random(), rnd.random()
            if u + v > 1:
                u, v = 1 - u, 1 - v
            a, b, c = pts
            x = a[0] + u * (b[0] - a[0]) + v * (c[0] - a[0])
            y = a[1] + u * (b[1] - a[1]) + v * (c[1] - a[1])
            colour = theme.mix(tint, (255, 245, 210) if rnd.random() < 0.5 else (0, 0, 0), 0.22)
            pygame.draw.circle(surf, colour, (int(x), int(y)), rnd.choice((1, 1, 2)))
        art = assets.asset_icon(f"coop.area.{tid}.{d}", int(min(w, h) * 0.32),
                                theme.mix(tint, (255, 244, 214), 0.34))
        art = art.copy()
        art.set_alpha(150)
        anchor = zone_anchor(rect, d, 0.36 if d in "NS" else 0.30)
        surf.blit(art, art.get_rect(center=anchor))
    # trodden paths along the diagonals
    path = (150, 128, 96)
    for corner in (rect.topleft, (rect.right, rect.top), (rect.right, rect.bottom),
                   (rect.left, rect.bottom)):
        steps = 28
        for k in range(steps + 1):
            f = k / steps
            x = corner[0] + (rect.centerx - corner[0]) * f
            y = corner[1] + (rect.centery - corner[1]) * f
            wobble = math.sin(f * 9 + corner[0] * 0.01) * 3
            pygame.draw.circle(surf, path, (int(x + wobble), int(y - wobble)), 5)
        pygame.draw.line(surf, theme.mix(path, (0, 0, 0), 0.3), corner, rect.center, 1)
    # the paved circle in the middle (the compass is drawn on it)
    r = int(min(w, h) * 0.15)
    pygame.draw.circle(surf, (120, 106, 86), rect.center, r + 6)
    pygame.draw.circle(surf, (168, 152, 124), rect.center, r)
    for k in range(8):
        ang = k * math.pi / 4
        pygame.draw.line(surf, (140, 126, 102), rect.center,
                         (int(rect.centerx + math.cos(ang) * r), int(rect.centery
                                                                   + math.sin(ang) * r)), 1)
    pygame.draw.circle(surf, (96, 82, 64), rect.center, r, 2)
    # rounded corners and a frame
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=18)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, theme.GOLD_DIM, rect, width=3, border_radius=18)
    pygame.draw.rect(surf, (60, 44, 30), rect.inflate(-8, -8), width=1, border_radius=14)
    return surf


@lru_cache(maxsize=16)
def column_art(tid: str, direction: str, size: int) -> pygame.Surface:
    """Returns the area's art, faint, for the foot of its enemy column."""
    tint = AREA_TINTS[direction]
    icon = assets.asset_icon(f"coop.area.{tid}.{direction}", size,
                             theme.mix(tint, (255, 244, 214), 0.18)).copy()
    icon.set_alpha(70)
    return icon


@lru_cache(maxsize=32)
def compass(radius: int, letters: tuple[str, ...] = RING) -> pygame.Surface:
    """Returns the compass rose drawn on the paved circle, its points named by ``letters``
    (north, east, south, west in the reader's language)."""
    size = radius * 2 + 4
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    ink = (70, 56, 40)
    for k, d in enumerate(RING):
        ang = -math.pi / 2 + k * math.pi / 2
        tip = (c[0] + math.cos(ang) * radius * 0.72, c[1] + math.sin(ang) * radius * 0.72)
        left = (c[0] + math.cos(ang - math.pi / 2) * 7, c[1] + math.sin(ang - math.pi / 2) * 7)
        right = (c[0] + math.cos(ang + math.pi / 2) * 7, c[1] + math.sin(ang + math.pi / 2) * 7)
        pygame.draw.polygon(surf, (196, 152, 80) if d == "N" else (150, 120, 80),
                            [tip, left, c])
        pygame.draw.polygon(surf, (110, 88, 60), [tip, right, c])
        label = assets.text(letters[k], "heading", 14, ink)
        pos = (c[0] + math.cos(ang) * radius * 0.88, c[1] + math.sin(ang) * radius * 0.88)
        surf.blit(label, label.get_rect(center=(int(pos[0]), int(pos[1]))))
    pygame.draw.circle(surf, ink, c, 4)
    return surf


# --- heroes ---------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def token(icon_id: str, size: int, ring: theme.Colour, fill: theme.Colour,
          down: bool = False) -> pygame.Surface:
    """Returns a round figure token: the art on a dark disc in the seat's ring; greyed when the
    hero is knocked out."""
    surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    c = (size // 2 + 2, size // 2 + 2)
    pygame.draw.circle(surf, (0, 0, 0, 120), (c[0] + 2, c[1] + 3), size // 2)
    pygame.draw.circle(surf, theme.mix(fill, theme.WOOD_DEEP, 0.72), c, size // 2)
    icon = assets.asset_icon(icon_id, int(size * 0.66), theme.INK_FAINT if down else fill)
    surf.blit(icon, icon.get_rect(center=c))
    pygame.draw.circle(surf, ring, c, size // 2, max(3, size // 12))
    pygame.draw.circle(surf, theme.mix(ring, (0, 0, 0), 0.5), c, size // 2 - max(3, size // 12),
                       1)
    if down:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.circle(shade, (20, 10, 8, 110), c, size // 2)
        surf.blit(shade, (0, 0))
    return surf


def cubes(surface: pygame.Surface, x: int, y: int, filled: int, total: int,
          colour: theme.Colour, size: int = 14, gap: int = 3,
          empty: theme.Colour | None = None) -> int:
    """Draws a row of cubes (filled ones in colour, the rest hollow); returns the right edge."""
    for k in range(total):
        rect = pygame.Rect(x + k * (size + gap), y, size, size)
        if k < filled:
            pygame.draw.rect(surface, colour, rect, border_radius=3)
            pygame.draw.line(surface, theme.mix(colour, (255, 255, 255), 0.45),
                             (rect.left + 3, rect.top + 2), (rect.right - 4, rect.top + 2))
            pygame.draw.rect(surface, theme.mix(colour, (0, 0, 0), 0.45), rect, width=1,
                             border_radius=3)
        else:
            pygame.draw.rect(surface, empty or theme.mix(colour, theme.WOOD_DEEP, 0.78), rect,
                             border_radius=3)
            pygame.draw.rect(surface, theme.mix(colour, theme.WOOD_DEEP, 0.4), rect, width=1,
                             border_radius=3)
    return x + total * (size + gap) - gap


# --- enemies --------------------------------------------------------------------------------------
ZONE_ROW = 19
ZONE_BOX = 13
ZONE_TOP = 31
CARD_W = 178
ART = pygame.Rect(5, 29, 46, 46)
# a boss's long tracks: smaller boxes, wrapped after eight (a body of up to 16 boxes)
BOSS_BOX = 10
BOSS_PER_ROW = 8
BOSS_LINE = 19  # the boss card's last line: its AI deck and the AI card resolved last


def is_boss(card: str) -> bool:
    """Returns True for a boss's stat card."""
    return bool(query.enemy(card).rank == "boss")


@lru_cache(maxsize=256)
def zone_layout(card: str) -> tuple[tuple[int, int, int, int], ...]:
    """Returns per hit zone of an enemy card (top, height, box size, boxes per row): one row
    of boxes each, a boss's long tracks wrapped in rows of eight smaller boxes."""
    boss = is_boss(card)
    box = BOSS_BOX if boss else ZONE_BOX
    out = []
    y = ZONE_TOP
    for zone in query.enemy(card).zones:
        per = BOSS_PER_ROW if boss else max(1, zone.boxes)
        rows = -(-zone.boxes // per)
        height = ZONE_ROW if rows == 1 else ZONE_ROW + (rows - 1) * (box + 3)
        out.append((y, height, box, per))
        y += height
    return tuple(out)


def foot_y(card: str) -> int:
    """Returns where an enemy card's foot (attack, keywords, symbols) begins."""
    top, height, _box, _per = zone_layout(card)[-1]
    return top + height + 2


def card_height(card: str) -> int:
    """Returns the height of an enemy card: its header, a row per hit zone and its foot (and a
    boss's line for its AI deck)."""
    return max(ART.bottom + 5, foot_y(card) + 25 + (BOSS_LINE if is_boss(card) else 0))


@lru_cache(maxsize=128)
def enemy_face(card: str, width: int, title: str, size: int) -> pygame.Surface:
    """Returns an enemy card without its damage: frame in the rank's colour, art, name, type
    symbols (the area spawn rule) and keywords as icons."""
    d = query.enemy(card)
    h = card_height(card)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    rank = RANK_COLOURS[d.rank]
    pygame.draw.rect(surf, theme.mix(theme.PARCHMENT, theme.WOOD_DARK, 0.12), rect,
                     border_radius=8)
    band = pygame.Rect(0, 0, width, 25)
    pygame.draw.rect(surf, theme.mix(rank, theme.WOOD_DEEP, 0.55), band,
                     border_top_left_radius=8, border_top_right_radius=8)
    art = ART
    pygame.draw.rect(surf, theme.mix(rank, theme.WOOD_DEEP, 0.72), art, border_radius=6)
    icon = assets.asset_icon(f"coop.enemy.{query.base_id(card)}", 40)
    surf.blit(icon, icon.get_rect(center=art.center))
    label = assets.text(title, "bold", size, theme.INK)
    surf.blit(label, (6, band.centery - label.get_height() // 2))
    # type symbols at the foot's right end (which areas the card may spawn in)
    x = width - 4
    for sym in reversed(d.types):
        image = assets.asset_icon(f"coop.symbol.{sym}", 14, theme.INK_DARK_DIM)
        x -= 16
        surf.blit(image, (x, foot_y(card) + 5))
    pygame.draw.rect(surf, rank, rect, width=2, border_radius=8)
    if d.rank == "boss":  # a boss: its mark on the art, a double frame
        mark = assets.asset_icon("coop.ui.boss", 16, theme.GOLD_BRIGHT)
        spot = (art.left + 7, art.bottom - 7)
        pygame.draw.circle(surf, theme.WOOD_DEEP, spot, 10)
        surf.blit(mark, mark.get_rect(center=spot))
        pygame.draw.rect(surf, theme.mix(rank, theme.GOLD, 0.4), rect.inflate(-6, -6), width=1,
                         border_radius=6)
        line = pygame.Rect(4, h - BOSS_LINE - 2, width - 8, BOSS_LINE)
        pygame.draw.rect(surf, theme.mix(rank, theme.WOOD_DEEP, 0.7), line, border_radius=5)
    return surf


def keyword_ids(card: str, keywords: list[str]) -> list[str]:
    """Returns the icon ids of an enemy's keywords, with its printed specials (leader, summon,
    lowest-heart targeting) after them."""
    d = query.enemy(card)
    out = list(keywords)
    if d.leader is not None:
        out.append("leader")
    if d.summon is not None:
        out.append("summon")
    if d.target == "lowest_hp":
        out.append("lowest_hp")
    return out


def zone_track(surface: pygame.Surface, x: int, y: int, zone: Any, damage: int,
               box: int = ZONE_BOX, marks: bool = True, per_row: int = 0) -> int:
    """Draws one hit zone: its boxes (damage filled from the left; wrapped after ``per_row``
    boxes), the final box's symbol, the element frame, shield and armour; returns the right
    edge."""
    colour = ELEMENT_COLOURS[zone.element]
    gap = 2
    per = per_row or zone.boxes
    rows = -(-zone.boxes // per)
    knocked = damage >= zone.boxes
    for k in range(zone.boxes):
        row, col = divmod(k, per)
        rect = pygame.Rect(x + col * (box + gap), y + row * (box + 3), box, box)
        final = k == zone.boxes - 1
        if k < damage:
            pygame.draw.rect(surface, (150, 36, 28), rect, border_radius=2)
            pygame.draw.line(surface, (250, 220, 200), rect.topleft, rect.bottomright, 2)
        else:
            pygame.draw.rect(surface, theme.mix(colour, theme.PARCHMENT, 0.55), rect,
                             border_radius=2)
        if final and zone.final != "none":
            icon = assets.asset_icon("coop.ui.skull" if zone.final == "skull"
                                     else "coop.ui.star", box - 1,
                                     theme.INK_DARK if k >= damage else theme.PARCHMENT)
            surface.blit(icon, icon.get_rect(center=rect.center))
        pygame.draw.rect(surface, theme.mix(colour, (0, 0, 0), 0.35), rect, width=1,
                         border_radius=2)
    right = x + min(per, zone.boxes) * (box + gap) - gap
    # the element frame: a full frame, a sealed (double) frame, or none at all
    frame = pygame.Rect(x - 3, y - 3, right - x + 6, box + 6 + (rows - 1) * (box + 3))
    if zone.style == "framed" and zone.element != "none":
        pygame.draw.rect(surface, colour, frame, width=2, border_radius=4)
    elif zone.style == "sealed":
        pygame.draw.rect(surface, colour, frame, width=2, border_radius=4)
        pygame.draw.rect(surface, theme.mix(colour, (0, 0, 0), 0.4), frame.inflate(4, 4),
                         width=1, border_radius=5)
    if knocked:
        pygame.draw.line(surface, (120, 20, 16), (frame.left, frame.centery),
                         (frame.right, frame.centery), 2)
    if not marks:
        return right
    right += 6
    if zone.shield:
        icon = assets.asset_icon("coop.ui.shield", box + 3, theme.INK_DARK)
        surface.blit(icon, (right, y - 2))
        num = assets.text(str(zone.shield), "bold", 12, theme.INK_DARK)
        surface.blit(num, (right + box + 4, y - 2))
        right += box + 14
    if zone.armoured:
        icon = assets.asset_icon("coop.ui.armor", box + 3, theme.INK_DARK)
        surface.blit(icon, (right, y - 2))
        right += box + 6
    return right


# --- action tiles ---------------------------------------------------------------------------------
@lru_cache(maxsize=256)
def tile_face(aid: str, upgraded: bool, width: int, height: int, title: str,
              dim: bool) -> pygame.Surface:
    """Returns an action tile: the element's colour, the tile's art and name, its type in the
    corner, a star for the ultimate; an orange rim on the upgraded side."""
    s = query.side(aid, upgraded)
    colour = ELEMENT_COLOURS[s.element]
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surf.get_rect()
    top = theme.mix(colour, theme.WOOD_DEEP, 0.35)
    bottom = theme.mix(colour, theme.WOOD_DEEP, 0.75)
    for y in range(height):
        pygame.draw.line(surf, theme.mix(top, bottom, y / max(1, height - 1)), (0, y), (width, y))
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=10)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    art_c = (rect.centerx, int(height * 0.40))
    pygame.draw.circle(surf, theme.mix(colour, theme.WOOD_DEEP, 0.82), art_c, int(width * 0.30))
    icon = assets.asset_icon(f"coop.action.{aid}", int(width * 0.44),
                             theme.mix(colour, (255, 246, 226), 0.65))
    surf.blit(icon, icon.get_rect(center=art_c))
    typ = assets.asset_icon(f"coop.type.{s.type}", 18)
    pygame.draw.circle(surf, theme.WOOD_DEEP, (15, 15), 12)
    surf.blit(typ, typ.get_rect(center=(15, 15)))
    element = assets.asset_icon(f"coop.element.{s.element}", 16)
    pygame.draw.circle(surf, theme.WOOD_DEEP, (15, height - 15), 11)
    surf.blit(element, element.get_rect(center=(15, height - 15)))
    if query.action(aid).ultimate:
        star = assets.asset_icon("coop.ui.ultimate", 16)
        surf.blit(star, star.get_rect(center=(width - 15, height - 15)))
    # the name, wrapped on up to two lines; a long single word takes a smaller size
    room = width - 10
    pt = assets.size_for_words(title, "bold", 14, room, 10)
    lines = assets.wrap(title, "bold", pt, room)
    y = int(height * 0.64)
    for line in lines[:3]:
        image = assets.text(line, "bold", pt, theme.INK)
        surf.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += image.get_height() - 2
    rim = UPGRADED if upgraded else theme.mix(colour, theme.PARCHMENT, 0.4)
    pygame.draw.rect(surf, rim, rect, width=3 if upgraded else 2, border_radius=10)
    if dim:
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(shade, (12, 8, 6, 150), rect, border_radius=10)
        surf.blit(shade, (0, 0))
    return surf


@lru_cache(maxsize=64)
def badge(text: str, icon_id: str, colour: theme.Colour, size: int = 15) -> pygame.Surface:
    """Returns a small dark pill with an icon and a short text (a cost, a count)."""
    icon = assets.asset_icon(icon_id, size, colour)
    label = assets.text(text, "bold", size + 1, colour)
    w = icon.get_width() + label.get_width() + 12
    h = max(icon.get_height(), label.get_height()) + 4
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (24, 17, 13, 230), surf.get_rect(), border_radius=h // 2)
    pygame.draw.rect(surf, theme.mix(colour, (0, 0, 0), 0.3), surf.get_rect(), width=1,
                     border_radius=h // 2)
    surf.blit(icon, (5, (h - icon.get_height()) // 2))
    surf.blit(label, (icon.get_width() + 7, (h - label.get_height()) // 2))
    return surf


# --- dice -----------------------------------------------------------------------------------------
FACE_ICONS = {"S": ("coop.ui.sword",), "SC": ("coop.ui.sword", "coop.ui.comet"),
              "C": ("coop.ui.comet",), "L": ("coop.ui.lightning",)}
FACE_ORDER = ("S", "S", "SC", "SC", "C", "L")  # the faces drawn while a die tumbles


@lru_cache(maxsize=64)
def attack_die(face: str, size: int, lit: bool = True) -> pygame.Surface:
    """Returns a black attack die showing a sword, a sword and comet, a comet or lightning."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (34, 30, 30), rect, border_radius=size // 6)
    pygame.draw.rect(surf, (120, 110, 100) if lit else (70, 64, 60), rect, width=2,
                     border_radius=size // 6)
    icons = FACE_ICONS.get(face, ())
    if len(icons) == 1:
        image = assets.asset_icon(icons[0], int(size * 0.66), None if lit else theme.INK_FAINT)
        surf.blit(image, image.get_rect(center=rect.center))
    elif icons:
        a = assets.asset_icon(icons[0], int(size * 0.5), None if lit else theme.INK_FAINT)
        b = assets.asset_icon(icons[1], int(size * 0.5), None if lit else theme.INK_FAINT)
        surf.blit(a, a.get_rect(center=(int(size * 0.34), int(size * 0.36))))
        surf.blit(b, b.get_rect(center=(int(size * 0.66), int(size * 0.66))))
    return surf


@lru_cache(maxsize=8)
def defence_die(shield: bool, size: int) -> pygame.Surface:
    """Returns a white defence die: a shield (2 faces of 6) or blank."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (236, 230, 214), rect, border_radius=size // 6)
    pygame.draw.rect(surf, (120, 110, 96), rect, width=2, border_radius=size // 6)
    if shield:
        image = assets.asset_icon("coop.ui.shield", int(size * 0.7), (70, 90, 130))
        surf.blit(image, image.get_rect(center=rect.center))
    return surf


# --- the round tracker ----------------------------------------------------------------------------
@lru_cache(maxsize=64)
def tracker_field(colour: str, dots: tuple[tuple[str, str, int, bool], ...], size: int,
                  state: str) -> pygame.Surface:
    """Returns a cross-shaped tracker field: its colour, and a dot on the arm of each area a
    spawn comes from (yellow minion, red elite; hollow with its number when it needs more
    heroes than play). ``state`` is past, current or coming."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    arm = size // 3
    fill = FIELD_COLOURS.get(colour, FIELD_COLOURS["none"])
    if state == "past":
        fill = theme.mix(fill, theme.WOOD_DARK, 0.65)
    edge = theme.mix(fill, (0, 0, 0), 0.45)
    squares = {"C": (arm, arm), "N": (arm, 0), "E": (2 * arm, arm), "S": (arm, 2 * arm),
               "W": (0, arm)}
    for pos in squares.values():
        pygame.draw.rect(surf, fill, (*pos, arm, arm))
    for pos in squares.values():
        pygame.draw.rect(surf, edge, (*pos, arm, arm), width=1)
    per_arm: dict[str, list[tuple[str, int, bool]]] = {}
    for d, rank, need, active in dots:
        per_arm.setdefault(d, []).append((rank, need, active))
    r = max(3, arm // 4)
    for d, items in per_arm.items():
        x0, y0 = squares[d]
        for k, (rank, need, active) in enumerate(items):
            off = (k - (len(items) - 1) / 2) * (2 * r + 2)
            cx = x0 + arm // 2 + (int(off) if d in "NS" else 0)
            cy = y0 + arm // 2 + (int(off) if d in "EW" else 0)
            col = DOT_COLOURS[rank]
            if state == "past":
                col = theme.mix(col, theme.WOOD_DARK, 0.6)
            if active:
                pygame.draw.circle(surf, col, (cx, cy), r)
                pygame.draw.circle(surf, (0, 0, 0), (cx, cy), r, 1)
            else:
                pygame.draw.circle(surf, col, (cx, cy), r, 1)
                if need > 1:
                    n = assets.text(str(need), "bold", max(8, r * 2), col)
                    surf.blit(n, n.get_rect(center=(cx, cy)))
    return surf


# --- a boss's AI card -----------------------------------------------------------------------------
@lru_cache(maxsize=32)
def ai_card(title: str, text: str, boss: str, width: int, deck_text: str) -> pygame.Surface:
    """Returns a boss's AI card as drawn for reading: the boss's purple band with its name, the
    card's name, its whole text, and the deck line at the foot."""
    rank = RANK_COLOURS["boss"]
    pad = 14
    head = assets.text(title, "heading", 22, theme.INK_DARK, width - 2 * pad, "center")
    body = assets.text(text, "body", theme.SIZE_BODY, theme.INK_DARK, width - 2 * pad, "center")
    who = assets.text(boss, "bold", theme.SIZE_SMALL, theme.INK)
    foot = assets.text(deck_text, "italic", theme.SIZE_SMALL, theme.INK_DARK_DIM)
    band = max(who.get_height() + 10, 28)
    height = band + 12 + head.get_height() + 10 + body.get_height() + 14 + foot.get_height() + 12
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (0, 0, 0, 110), rect.move(4, 5), border_radius=14)
    pygame.draw.rect(surf, theme.mix(theme.PARCHMENT, theme.WOOD_DARK, 0.08), rect,
                     border_radius=14)
    top = pygame.Rect(0, 0, width, band)
    pygame.draw.rect(surf, theme.mix(rank, theme.WOOD_DEEP, 0.45), top,
                     border_top_left_radius=14, border_top_right_radius=14)
    icon = assets.asset_icon("coop.ui.ai_deck", band - 8, theme.GOLD_BRIGHT)
    surf.blit(icon, icon.get_rect(midleft=(pad - 4, top.centery)))
    surf.blit(who, who.get_rect(midleft=(pad + band - 4, top.centery)))
    y = band + 12
    surf.blit(head, head.get_rect(midtop=(rect.centerx, y)))
    y += head.get_height() + 6
    pygame.draw.line(surf, theme.mix(rank, theme.PARCHMENT, 0.4), (pad * 2, y),
                     (width - pad * 2, y), 2)
    y += 4
    surf.blit(body, body.get_rect(midtop=(rect.centerx, y)))
    surf.blit(foot, foot.get_rect(midbottom=(rect.centerx, height - 10)))
    pygame.draw.rect(surf, rank, rect, width=3, border_radius=14)
    pygame.draw.rect(surf, theme.mix(rank, theme.GOLD, 0.4), rect.inflate(-8, -8), width=1,
                     border_radius=11)
    return surf
