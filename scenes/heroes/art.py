"""Pictures of the heroes scenes: unit cards, hero cards, Might & Magic cards, squares and walls.

Every picture is composed once per look (cached by what it shows) from the manifest's
game-icons silhouettes (assets/manifest/heroes.yaml), tinted by faction and tier; a steady frame
only blits. Names come from the content as ``{en, de}`` and are translated by the catalog.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from scenes import assets, theme
from scenes.heroes import query

NEUTRAL = (150, 128, 96)
TIER_COLOURS = {"bronze": (196, 132, 80), "silver": (200, 204, 214), "gold": (236, 196, 92),
                "azure": (110, 184, 236)}
KIND_COLOURS = {"stat": (150, 118, 74), "ability": (160, 96, 66), "spell": (70, 102, 160),
                "artifact": (170, 136, 52), "specialty": (122, 86, 150),
                "machine": (112, 118, 124)}
STAT_KEYS = ("attack", "defence", "hp", "initiative")


def faction_colour(fid: str | None) -> theme.Colour:
    """Returns a faction's colour (neutral units: weathered brown)."""
    if not fid:
        return NEUTRAL
    return theme.parse_colour(query.faction(fid).colour)


def unit_colour(did: str) -> theme.Colour:
    """Returns the colour of a unit's card: its faction's, or its tier's for neutrals."""
    d = query.unit(did)
    if d.faction:
        return faction_colour(d.faction)
    return theme.mix(TIER_COLOURS.get(d.tier, NEUTRAL), NEUTRAL, 0.45)


def name(app: Any, text: Any) -> str:
    """Returns an inline ``{en, de}`` content name in the reader's language."""
    return app.catalog.text(dict(text))


def unit_name(app: Any, did: str) -> str:
    """Returns a unit's name."""
    return name(app, query.unit(did).name)


def card_name(app: Any, cid: str) -> str:
    """Returns a card's name."""
    return name(app, query.card(cid).name)


def bonus_card_name(app: Any, cid: str) -> str:
    """Returns the name of the card a unit's bonus came from: a card of the player or a bot
    card of the solo campaign (data/heroes/campaign/bot_cards.yaml)."""
    if query.is_card(cid):
        return card_name(app, cid)
    return name(app, query.bot_card(cid).name)


def hero_name(app: Any, hid: str) -> str:
    """Returns a hero's name."""
    return name(app, query.hero(hid).name)


@lru_cache(maxsize=512)
def unit_tile(did: str, face: str, size: int, ring: theme.Colour, dim: bool) -> pygame.Surface:
    """Returns the face of a unit card without its numbers: frame, colour, art (a Pack shows
    its figure twice), dimmed once the unit has activated this round."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    colour = unit_colour(did)
    top = theme.mix(colour, theme.WOOD_DEEP, 0.55)
    bottom = theme.mix(colour, theme.WOOD_DEEP, 0.8)
    for y in range(size):
        c = theme.mix(top, bottom, y / max(1, size - 1))
        pygame.draw.line(surf, c, (0, y), (size, y))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=size // 9)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    art = int(size * 0.5)
    centre = (rect.centerx, rect.top + int(size * 0.47))
    if face == "pack":
        back = assets.asset_icon(f"heroes.unit.{did}", int(art * 0.8),
                                 theme.mix(colour, theme.WOOD_DEEP, 0.25))
        surf.blit(back, back.get_rect(center=(centre[0] - size // 7, centre[1] - size // 14)))
        surf.blit(back, back.get_rect(center=(centre[0] + size // 7, centre[1] - size // 14)))
    icon = assets.asset_icon(f"heroes.unit.{did}", art)
    surf.blit(icon, icon.get_rect(center=(centre[0], centre[1] + (size // 20 if face == "pack"
                                                                    else 0))))
    pygame.draw.rect(surf, ring, rect, width=max(3, size // 28), border_radius=size // 9)
    pygame.draw.rect(surf, theme.mix(ring, (0, 0, 0), 0.5), rect.inflate(-size // 14,
                                                                          -size // 14),
                     width=1, border_radius=size // 10)
    if dim:
        shade = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(shade, (10, 8, 6, 120), rect, border_radius=size // 9)
        surf.blit(shade, (0, 0))
    return surf


@lru_cache(maxsize=256)
def stat_chip(kind: str, value: str, size: int, colour: theme.Colour = theme.INK,
              back: theme.Colour = (24, 17, 13)) -> pygame.Surface:
    """Returns a small dark chip with a statistic's symbol and its value."""
    icon = assets.asset_icon(f"heroes.ui.{kind}", size, colour)
    label = assets.text(value, "bold", size + 1, colour)
    w = icon.get_width() + label.get_width() + 8
    h = max(icon.get_height(), label.get_height()) + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*back, 215), surf.get_rect(), border_radius=h // 2)
    surf.blit(icon, (3, (h - icon.get_height()) // 2))
    surf.blit(label, (icon.get_width() + 5, (h - label.get_height()) // 2))
    return surf


@lru_cache(maxsize=256)
def card_face(cid: str, size: tuple[int, int], title: str, playable: bool,
              lang: str) -> pygame.Surface:
    """Returns a Might & Magic card: kind-coloured frame, art, name; dim when not playable."""
    w, h = size
    c = query.card(cid)
    colour = KIND_COLOURS.get(c.kind, theme.WOOD_LIGHT)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, theme.mix(colour, theme.WOOD_DEEP, 0.55), rect, border_radius=10)
    inner = rect.inflate(-10, -10)
    pygame.draw.rect(surf, theme.mix(colour, theme.PARCHMENT, 0.25), inner, border_radius=8)
    art = pygame.Rect(inner.left + 6, inner.top + 6, inner.width - 12, int(h * 0.5))
    pygame.draw.rect(surf, theme.mix(colour, theme.WOOD_DEEP, 0.7), art, border_radius=6)
    icon = assets.asset_icon(f"heroes.card.{cid}", min(art.width, art.height) - 12)
    surf.blit(icon, icon.get_rect(center=art.center))
    lines = list(assets.wrap(title, "bold", theme.SIZE_TINY, inner.width - 8)[:2])
    room = inner.width - 6
    if len(lines) == 1 and assets.size_of(lines[0], "bold", 10)[0] > room:
        # one word too long even at the smallest size ("Schwingenmeister" on a narrow card):
        # it is broken with a hyphen over two lines rather than cut
        word = lines[0]
        for cut in range(len(word) - 2, 2, -1):
            if assets.size_of(word[:cut] + "-", "bold", 10)[0] <= room:
                lines = [word[:cut] + "-", word[cut:]]
                break
    y = art.bottom + 6
    for line in lines:
        # a long single word shrinks before it is ever cut
        line, pt = assets.shrink_to_fit(line, "bold", theme.SIZE_TINY, inner.width - 6, 10)
        image = assets.text(line, "bold", pt, theme.INK_DARK)
        surf.blit(image, image.get_rect(midtop=(inner.centerx, y)))
        y += image.get_height()
    pygame.draw.rect(surf, theme.GOLD if playable else theme.GOLD_DIM, rect, width=2,
                     border_radius=10)
    if not playable:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (12, 9, 7, 110), rect, border_radius=10)
        surf.blit(shade, (0, 0))
    return surf


@lru_cache(maxsize=32)
def card_back(size: tuple[int, int]) -> pygame.Surface:
    """Returns the back of a Might & Magic card."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, theme.WOOD, rect, border_radius=8)
    pygame.draw.rect(surf, theme.GOLD_DIM, rect.inflate(-8, -8), width=2, border_radius=6)
    icon = assets.asset_icon("icon.heroes", min(size) // 2, theme.GOLD_DIM)
    surf.blit(icon, icon.get_rect(center=rect.center))
    pygame.draw.rect(surf, theme.GOLD, rect, width=2, border_radius=8)
    return surf


@lru_cache(maxsize=64)
def square_tile(size: int, kind: str, shade: int) -> pygame.Surface:
    """Returns a board square: trampled grass for the field, paving in a siege, the middle row a
    little darker; ``shade`` varies the tone in a checker pattern."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    base = {"field": (74, 92, 52), "siege": (96, 88, 74), "middle": (66, 80, 48),
            "siege_middle": (82, 76, 66)}[kind]
    colour = theme.mix(base, (0, 0, 0), 0.08 * shade)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=6)
    # a few tufts or cobbles, the same on every square of a kind
    dots = theme.mix(colour, theme.INK, 0.14)
    for i in range(7):
        x = (i * 37 + 11) % (size - 10) + 5
        y = (i * 53 + 23) % (size - 10) + 5
        pygame.draw.circle(surf, dots, (x, y), 2 if "siege" in kind else 1)
    pygame.draw.rect(surf, theme.mix(colour, (0, 0, 0), 0.35), surf.get_rect(), width=1,
                     border_radius=6)
    return surf


@lru_cache(maxsize=16)
def wall_tile(size: int, gate: bool) -> pygame.Surface:
    """Returns a stretch of town wall, or the gate, filling a middle-row square."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    stone = (128, 118, 102)
    pygame.draw.rect(surf, stone, rect.inflate(0, -size // 3), border_radius=4)
    band = rect.inflate(0, -size // 3)
    for row in range(3):
        y = band.top + row * band.height // 3
        pygame.draw.line(surf, (88, 80, 68), (band.left, y), (band.right, y), 2)
        offset = 0 if row % 2 == 0 else size // 8
        for x in range(band.left + offset, band.right, size // 4):
            pygame.draw.line(surf, (88, 80, 68), (x, y), (x, y + band.height // 3), 2)
    for x in range(0, size, size // 4):  # battlements
        pygame.draw.rect(surf, stone, (x + 2, band.top - size // 10, size // 8, size // 10))
    if gate:
        door = pygame.Rect(0, 0, size // 2, band.height - 6)
        door.midbottom = (rect.centerx, band.bottom)
        pygame.draw.rect(surf, (92, 60, 36), door, border_top_left_radius=size // 4,
                         border_top_right_radius=size // 4)
        for x in range(door.left + 6, door.right - 2, 8):
            pygame.draw.line(surf, (60, 40, 24), (x, door.top + 8), (x, door.bottom), 2)
    pygame.draw.rect(surf, (70, 62, 52), band, width=2, border_radius=4)
    return surf


def hp_bar(surface: pygame.Surface, rect: pygame.Rect, left: int, total: int,
           colour: theme.Colour = theme.GREEN_BRIGHT) -> None:
    """Draws a health bar: green for health left, dark red for damage."""
    pygame.draw.rect(surface, (60, 20, 16), rect, border_radius=rect.height // 2)
    if total > 0 and left > 0:
        part = rect.copy()
        part.width = max(rect.height, int(rect.width * left / total))
        pygame.draw.rect(surface, colour, part, border_radius=rect.height // 2)
    pygame.draw.rect(surface, theme.WOOD_DEEP, rect, width=1, border_radius=rect.height // 2)
