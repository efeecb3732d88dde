"""The look of the program: colours, font roles, sizes and cached panel/button/background art.

The style is a dark walnut table with brass trim and parchment cards. Everything here is drawn
with pygame's primitives once per size and cached, so a steady frame only blits.
"""

from __future__ import annotations

import math
import os
from functools import lru_cache

import pygame

SCREEN_SIZE = (1600, 900)
Colour = tuple[int, int, int]

# Text on dark wood.
INK = (241, 229, 204)
INK_DIM = (192, 174, 142)
INK_FAINT = (140, 122, 96)
# Text on parchment.
INK_DARK = (56, 40, 26)
INK_DARK_DIM = (110, 86, 60)
GOLD = (218, 176, 98)
GOLD_BRIGHT = (255, 222, 140)
GOLD_DIM = (148, 112, 62)
WOOD_DEEP = (24, 17, 13)
WOOD_DARK = (40, 28, 21)
WOOD = (70, 47, 32)
WOOD_LIGHT = (108, 74, 50)
PARCHMENT = (238, 225, 194)
PARCHMENT_DARK = (214, 194, 152)
RED = (158, 48, 38)
RED_BRIGHT = (214, 84, 64)
GREEN = (84, 146, 76)
GREEN_BRIGHT = (130, 200, 110)
BLUE = (70, 116, 170)
LEGAL = (120, 214, 150)
SELECTED = GOLD_BRIGHT

FONT_FILES = {
    "title": "EBGaramondSC12-Regular.ttf",
    "heading": "Cardo-Bold.ttf",  # EB Garamond 12 Bold lacks ä, ö, ü and ß
    "serif": "EBGaramond12-Regular.ttf",
    "italic": "EBGaramond12-Italic.ttf",
    "body": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "body_italic": "Lato-Italic.ttf",
}

SIZE_TITLE = 104
SIZE_H1 = 50
SIZE_H2 = 34
SIZE_H3 = 26
SIZE_BODY = 20
SIZE_SMALL = 17
SIZE_TINY = 14

PAD = 16
RADIUS = 10
BUTTON_H = 52

# Seat colours offered on the set-up screen; the id is stored in SeatConfig.colour.
SEAT_COLOURS: dict[str, Colour] = {
    "crimson": (184, 56, 48),
    "azure": (58, 110, 186),
    "emerald": (52, 146, 88),
    "amber": (222, 168, 48),
    "violet": (128, 80, 174),
    "ivory": (220, 210, 186),
}


def seat_colour(colour_id: str, index: int = 0) -> Colour:
    """Returns the RGB of a seat colour id (falls back to the palette by seat index)."""
    if colour_id in SEAT_COLOURS:
        return SEAT_COLOURS[colour_id]
    palette = list(SEAT_COLOURS.values())
    return palette[index % len(palette)]


def parse_colour(text: str) -> Colour:
    """Returns an RGB tuple from '#rrggbb'."""
    text = text.strip().lstrip("#")
    if len(text) != 6:
        raise ValueError(f"colour must be #rrggbb, not {text!r}")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Returns the colour t of the way from a to b."""
    t = min(1.0, max(0.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """Returns surface clipped to a rounded rectangle (alpha outside the corners is 0)."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surface


def _gradient(size: tuple[int, int], top: Colour, bottom: Colour, alpha: int = 255
              ) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    for y in range(h):
        c = mix(top, bottom, y / max(1, h - 1))
        pygame.draw.line(surf, (*c, alpha), (0, y), (w - 1, y))
    return surf


BACKGROUND_VERSION = 2  # bump when the drawing below changes, so old caches are redrawn


@lru_cache(maxsize=8)
def background(size: tuple[int, int] = SCREEN_SIZE, seed: int = 7) -> pygame.Surface:
    """Returns the walnut table-top texture with a vignette, drawn once and kept on disk.

    Drawing it takes longer than loading it, and it is on the launch path, so the picture
    is cached as a BMP in the user data folder (any problem there just redraws it).
    """
    from scenes.userdata import home

    cache = home() / "cache" / f"table-{size[0]}x{size[1]}-{seed}-v{BACKGROUND_VERSION}.bmp"
    try:
        surf = pygame.image.load(str(cache))
        if surf.get_size() == size:
            return surf.convert() if pygame.display.get_surface() else surf
    except (pygame.error, OSError, FileNotFoundError):
        pass
    surf = _draw_background(size, seed)
    # Named like engine.core.record.write_atomic's temp files (pid inside), so that what a
    # killed program leaves is cleaned at the next start; the .bmp ending picks the format.
    tmp = cache.parent / f".{cache.name}.{os.getpid()}.tmp.bmp"
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(tmp))
        tmp.replace(cache)
    except (pygame.error, OSError):
        # A full disk must not leave half a picture behind: it only costs a redraw next time.
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
    return surf.convert() if pygame.display.get_surface() else surf


def _draw_background(size: tuple[int, int], seed: int) -> pygame.Surface:
    """Returns the table-top texture drawn from scratch."""
    import random

    rnd = random.Random(seed)  # cosmetic only
    w, h = size
    small = pygame.Surface((w // 4, h // 4))
    sw, sh = small.get_size()
    plank = max(8, sh // 7)
    # A small palette keeps the per-segment work to a lookup (this runs at launch).
    shades = [mix(WOOD_DEEP, WOOD_LIGHT, 0.18 + 0.05 * i) for i in range(9)]
    line = pygame.draw.line
    randint = rnd.randint
    for y in range(sh):
        if y % plank == 0:
            line(small, WOOD_DEEP, (0, y), (sw, y))
            continue
        centre = 3 + int(2 * math.sin(y * 0.9 + y // plank))
        x = 0
        while x < sw:
            seg = randint(14, 64)
            line(small, shades[min(8, max(0, centre + randint(-1, 1)))], (x, y), (x + seg, y))
            x += seg
    surf = pygame.transform.smoothscale(small, size)
    # Vignette: a coarse alpha map scaled up smoothly.
    vw, vh = 32, 18
    vig = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for vy in range(vh):
        dy = ((vy + 0.5) / vh - 0.5) ** 2 * 1.6
        for vx in range(vw):
            dx = ((vx + 0.5) / vw - 0.5) ** 2 * 1.1
            d = math.sqrt(dx + dy)
            vig.set_at((vx, vy), (0, 0, 0, int(min(210, max(0, (d - 0.22) * 560)))))
    surf.blit(pygame.transform.smoothscale(vig, size), (0, 0))
    return surf


@lru_cache(maxsize=256)
def panel(size: tuple[int, int], style: str = "wood") -> pygame.Surface:
    """Returns a framed panel surface: 'wood' (dark, brass trim), 'parchment', 'inset', 'glass'."""
    w, h = max(8, size[0]), max(8, size[1])
    if style == "parchment":
        surf = _gradient((w, h), PARCHMENT, PARCHMENT_DARK)
        border, inner = (120, 88, 52), (190, 164, 118)
    elif style == "inset":
        surf = _gradient((w, h), (22, 16, 12), (34, 25, 19), 215)
        border, inner = (92, 68, 44), None
    elif style == "glass":
        surf = _gradient((w, h), (18, 13, 10), (30, 22, 17), 236)
        border, inner = GOLD_DIM, (70, 52, 34)
    else:
        surf = _gradient((w, h), (58, 40, 28), (36, 25, 18), 244)
        border, inner = GOLD_DIM, (96, 70, 44)
    _rounded(surf, RADIUS)
    pygame.draw.rect(surf, border, surf.get_rect(), width=2, border_radius=RADIUS)
    if inner is not None:
        pygame.draw.rect(surf, inner, surf.get_rect().inflate(-8, -8), width=1,
                         border_radius=RADIUS - 3)
    return surf


BUTTON_STYLES: dict[str, tuple[Colour, Colour, Colour]] = {
    # top, bottom, border
    "normal": ((104, 72, 48), (62, 42, 29), GOLD_DIM),
    "primary": ((170, 64, 44), (106, 34, 24), GOLD),
    "ghost": ((52, 37, 27), (40, 28, 21), (96, 72, 48)),
    "danger": ((120, 40, 34), (74, 24, 20), (176, 92, 70)),
    "tab": ((62, 44, 31), (48, 34, 25), (110, 84, 54)),
    "tab_on": ((128, 90, 56), (88, 60, 38), GOLD),
}


@lru_cache(maxsize=512)
def button(size: tuple[int, int], style: str = "normal", state: str = "normal"
           ) -> pygame.Surface:
    """Returns a button face for a style and a state ('normal', 'hover', 'down', 'disabled')."""
    top, bottom, border = BUTTON_STYLES.get(style, BUTTON_STYLES["normal"])
    if state == "hover":
        top, bottom, border = mix(top, GOLD_BRIGHT, 0.18), mix(bottom, GOLD_BRIGHT, 0.12), \
            GOLD_BRIGHT
    elif state == "down":
        top, bottom = bottom, top
    elif state == "disabled":
        top, bottom = mix(top, (60, 55, 50), 0.7), mix(bottom, (45, 42, 40), 0.7)
        border = (84, 76, 68)
    w, h = size
    surf = _gradient((w, h), top, bottom)
    # A thin highlight under the top edge gives the face some bevel.
    pygame.draw.line(surf, mix(top, (255, 255, 255), 0.25), (6, 2), (w - 7, 2))
    _rounded(surf, 8)
    pygame.draw.rect(surf, border, surf.get_rect(), width=2, border_radius=8)
    return surf


@lru_cache(maxsize=64)
def shade(size: tuple[int, int], alpha: int = 170) -> pygame.Surface:
    """Returns a translucent black sheet for dimming what lies behind a dialog."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((8, 5, 3, alpha))
    return surf


@lru_cache(maxsize=64)
def glow(size: tuple[int, int], colour: Colour, alpha: int = 90) -> pygame.Surface:
    """Returns a soft rounded glow used behind highlighted things."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    steps = 6
    for i in range(steps):
        a = int(alpha * (i + 1) / steps / 2)
        pygame.draw.rect(surf, (*colour, a), surf.get_rect().inflate(-2 * i, -2 * i),
                         width=2, border_radius=RADIUS + steps - i)
    return surf


def ornament(surface: pygame.Surface, centre: tuple[int, int], width: int,
             colour: Colour = GOLD_DIM) -> None:
    """Draws a thin rule with a diamond in the middle (under headings)."""
    cx, cy = centre
    half = width // 2
    pygame.draw.line(surface, colour, (cx - half, cy), (cx - 12, cy), 2)
    pygame.draw.line(surface, colour, (cx + 12, cy), (cx + half, cy), 2)
    pygame.draw.polygon(surface, GOLD, [(cx - 8, cy), (cx, cy - 6), (cx + 8, cy), (cx, cy + 6)])
    pygame.draw.circle(surface, colour, (cx - half, cy), 3)
    pygame.draw.circle(surface, colour, (cx + half, cy), 3)


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, phase: float = 0.0,
            width: int = 3) -> None:
    """Draws a pulsing outline (phase in [0, 1) from the scene's clock) around rect."""
    t = 0.5 + 0.5 * math.sin(phase * math.tau)
    pygame.draw.rect(surface, mix(colour, (255, 255, 255), 0.35 * t), rect.inflate(6, 6),
                     width=width, border_radius=RADIUS)
