"""Fonts, rendered text, icons and the asset manifest, all loaded lazily and cached.

Nothing is loaded at import time. Rendered text is cached by (text, role, size, colour, width)
and icons by (name, size, colour), so a steady frame never calls ``Font.render``,
``image.load`` or ``transform.*``. The manifest (``assets/manifest/*.yaml``) maps content ids to
an icon name and a colour; rules data never names a sprite.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from typing import Any, NamedTuple

import pygame

from engine.paths import assets_dir
from scenes import theme

ASSET_DIR = assets_dir()
FONT_DIR = ASSET_DIR / "fonts"
ICON_DIR = ASSET_DIR / "icons"
MANIFEST_DIR = ASSET_DIR / "manifest"

TEXT_CACHE_SIZE = 4000


class AssetError(Exception):
    """A missing or malformed asset (names the file and how to add it)."""


class AssetRef(NamedTuple):
    """What the manifest says about a content id: which icon to draw, in which colour."""

    icon: str
    colour: theme.Colour
    turn: int = 0  # degrees counter-clockwise (0, 90, 180, 270): one arrow serves every way


class _Lru(OrderedDict[Any, Any]):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def get_or(self, key: Any) -> Any:
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def put(self, key: Any, value: Any) -> Any:
        self[key] = value
        if len(self) > self.limit:
            self.popitem(last=False)
        return value


_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_texts = _Lru(TEXT_CACHE_SIZE)
_sizes = _Lru(TEXT_CACHE_SIZE)
_wraps = _Lru(1000)
_icons = _Lru(1000)
_manifest: dict[str, AssetRef] | None = None


def font(role: str, size: int) -> pygame.font.Font:
    """Returns the font of a role ('title', 'heading', 'serif', 'italic', 'body', 'bold')."""
    key = (role, size)
    f = _fonts.get(key)
    if f is None:
        try:
            filename = theme.FONT_FILES[role]
        except KeyError:
            raise AssetError(f"unknown font role {role!r}") from None
        f = pygame.font.Font(FONT_DIR / filename, size)
        _fonts[key] = f
    return f


def text(s: str, role: str = "body", size: int = theme.SIZE_BODY,
         colour: theme.Colour = theme.INK, width: int = 0, align: str = "left"
         ) -> pygame.Surface:
    """Returns the rendered text (wrapped to width when width > 0), cached."""
    key = (s, role, size, colour, width, align)
    surf = _texts.get_or(key)
    if surf is None:
        f = font(role, size)
        if width > 0:
            f.align = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER,
                       "right": pygame.FONT_RIGHT}[align]
            surf = f.render(s, True, colour, None, width)
            f.align = pygame.FONT_LEFT
        else:
            surf = f.render(s, True, colour)
        _texts.put(key, surf)
    return surf


def shadowed(s: str, role: str, size: int, colour: theme.Colour,
             shadow: theme.Colour = (0, 0, 0), offset: int = 2) -> pygame.Surface:
    """Returns text with a drop shadow baked in (for titles on the table), cached."""
    key = ("shadow", s, role, size, colour, shadow, offset)
    surf = _texts.get_or(key)
    if surf is None:
        front = text(s, role, size, colour)
        back = text(s, role, size, shadow)
        surf = pygame.Surface((front.get_width() + offset, front.get_height() + offset),
                              pygame.SRCALPHA)
        back = back.copy()
        back.set_alpha(150)
        surf.blit(back, (offset, offset))
        surf.blit(front, (0, 0))
        _texts.put(key, surf)
    return surf


def size_of(s: str, role: str = "body", size: int = theme.SIZE_BODY) -> tuple[int, int]:
    """Returns the pixel size the text would take on one line, cached."""
    key = (s, role, size)
    value = _sizes.get_or(key)
    if value is None:
        value = _sizes.put(key, font(role, size).size(s))
    return value


def fit(s: str, role: str, size: int, width: int) -> str:
    """Returns s, shortened with an ellipsis if it is wider than width."""
    key = ("fit", s, role, size, width)
    value = _wraps.get_or(key)
    if value is None:
        if size_of(s, role, size)[0] <= width:
            value = s
        else:
            lo, hi = 0, len(s)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if size_of(s[:mid].rstrip() + "…", role, size)[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            value = s[:lo].rstrip() + "…"
        _wraps.put(key, value)
    return value


def shrink_to_fit(s: str, role: str, size: int, width: int, smallest: int) -> tuple[str, int]:
    """Returns (text, size): s whole at the largest size from size down to smallest at which it
    fits the width, else s shortened with an ellipsis at smallest."""
    for candidate in range(size, smallest - 1, -1):
        if size_of(s, role, candidate)[0] <= width:
            return s, candidate
    return fit(s, role, smallest, width), smallest


def size_for_words(s: str, role: str, size: int, width: int, smallest: int) -> int:
    """Returns the largest size ≤ size (not below smallest) at which every word fits the width,
    so wrapping never has to break a word."""
    longest = max(s.split(), key=len, default="")
    while size > smallest and size_of(longest, role, size)[0] > width:
        size -= 1
    return size


def wrap(s: str, role: str, size: int, width: int) -> tuple[str, ...]:
    """Returns the lines of s wrapped to width (explicit newlines are kept), cached."""
    key = ("wrap", s, role, size, width)
    value = _wraps.get_or(key)
    if value is None:
        lines: list[str] = []
        for para in s.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if not line or size_of(trial, role, size)[0] <= width:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        value = _wraps.put(key, tuple(lines))
    return value


def line_height(role: str, size: int) -> int:
    """Returns the font's line spacing."""
    return font(role, size).get_linesize()


def _hex(colour: theme.Colour) -> str:
    return f"#{colour[0]:02x}{colour[1]:02x}{colour[2]:02x}"


def icon(name: str, size: int, colour: theme.Colour = theme.INK, turn: int = 0) -> pygame.Surface:
    """Returns the game-icons silhouette ``name`` at size×size in colour, turned counter-clockwise
    by ``turn`` degrees (a multiple of 90), cached."""
    key = (name, size, colour, turn)
    surf = _icons.get_or(key)
    if surf is None and turn:
        surf = _icons.put(key, pygame.transform.rotate(icon(name, size, colour), turn))
    if surf is None:
        path = ICON_DIR / f"{name}.svg"
        try:
            svg = path.read_text(encoding="utf-8")
        except OSError:
            raise AssetError(f"icon {name!r} is missing: run python tools/vendor_icons.py "
                             f"{name}") from None
        # The silhouettes are drawn in currentColor; filling it in before rasterising keeps
        # the anti-aliased edges clean (tinting a white image afterwards would too, at more cost).
        data = svg.replace("currentColor", _hex(colour)).encode("utf-8")
        surf = pygame.image.load_sized_svg(io.BytesIO(data), (size, size))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _icons.put(key, surf)
    return surf


def _load_manifest() -> dict[str, AssetRef]:
    from engine.content.yamlcache import load_yaml_files

    refs: dict[str, AssetRef] = {}
    problems: list[str] = []
    paths = sorted(MANIFEST_DIR.glob("*.yaml"))
    for path, data in zip(paths, load_yaml_files(paths, "manifest"), strict=True):
        data = data or {}
        if not isinstance(data, dict):
            problems.append(f"{path.name}: must map content ids to {{icon, colour}}")
            continue
        for asset_id, entry in data.items():
            if not isinstance(entry, dict) or set(entry) - {"icon", "colour", "turn"} \
                    or not isinstance(entry.get("icon"), str) \
                    or entry.get("turn", 0) not in (0, 90, 180, 270):
                problems.append(f"{path.name}: {asset_id}: needs icon (and optional colour, "
                                "turn 0/90/180/270)")
                continue
            if asset_id in refs:
                problems.append(f"{path.name}: {asset_id}: defined twice")
                continue
            try:
                colour = theme.parse_colour(str(entry.get("colour", "#f1e5cc")))
            except ValueError as exc:
                problems.append(f"{path.name}: {asset_id}: {exc}")
                continue
            refs[str(asset_id)] = AssetRef(entry["icon"], colour, int(entry.get("turn", 0)))
    if problems:
        raise AssetError("asset manifest problems:\n" + "\n".join(problems))
    return refs


def manifest() -> dict[str, AssetRef]:
    """Returns every content id → AssetRef from assets/manifest/*.yaml (read once)."""
    global _manifest
    if _manifest is None:
        _manifest = _load_manifest()
    return _manifest


def ref(asset_id: str) -> AssetRef | None:
    """Returns the manifest entry of a content id, or None when it has none."""
    return manifest().get(asset_id)


def asset_icon(asset_id: str, size: int, colour: theme.Colour | None = None,
               fallback: str = "swords-emblem") -> pygame.Surface:
    """Returns the icon the manifest names for a content id (in its colour unless given)."""
    entry = ref(asset_id)
    if entry is None:
        return icon(fallback, size, colour or theme.INK_DIM)
    return icon(entry.icon, size, colour or entry.colour, entry.turn)


def clear() -> None:
    """Forgets every cached surface (after the display mode changed)."""
    _texts.clear()
    _icons.clear()
    theme.background.cache_clear()
    theme.panel.cache_clear()
    theme.button.cache_clear()
