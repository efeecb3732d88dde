"""Hand-written widgets drawn in the theme: buttons, labels, panels, toggles, cyclers, text
inputs, sliders, scroll lists and tooltips (docs/decisions.md says why not pygame_gui).

Widgets get already-translated strings; a scene rebuilds them in ``layout`` when the language
changes. ``handle`` reacts to one event and returns True if it used it; ``update`` tracks hover
and timers; ``draw`` only blits cached surfaces.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pygame

from scenes import assets, sound, theme

Callback = Callable[[], None]


def _is_click(event: pygame.event.Event) -> bool:
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1


def blit_centered(surface: pygame.Surface, image: pygame.Surface, centre: tuple[int, int]) -> None:
    """Blits image with its centre at centre."""
    surface.blit(image, image.get_rect(center=centre))


class Widget:
    """Base widget: a rectangle that may show a tooltip while hovered."""

    control = False  # True: the player clicks it, so tooltips keep clear of it

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], *,
                 tooltip: str | list[str] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.visible = True
        self.enabled = True
        self.hovered = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Returns True when the widget used the event."""
        return False

    def update(self, dt: float, app: Any) -> None:
        """Tracks hover and asks the app for this widget's tooltip."""
        self.hovered = self.visible and self.rect.collidepoint(app.mouse)
        if self.hovered and self.tooltip:
            app.tooltip(self, self.tooltip, self.rect)

    def draw(self, surface: pygame.Surface) -> None:
        """Draws the widget."""

    def is_ticking(self) -> bool:
        """Returns True while the widget changes a few times a second without input."""
        return False


class Label(Widget):
    """A line (or, with wrap, a block) of text."""

    def __init__(self, pos: tuple[int, int], text: str, *, role: str = "body",
                 size: int = theme.SIZE_BODY, colour: theme.Colour = theme.INK,
                 align: str = "left", wrap: int = 0, shadow: bool = False,
                 tooltip: str | None = None) -> None:
        self.text, self.role, self.size, self.colour = text, role, size, colour
        self.align, self.wrap, self.shadow = align, wrap, shadow
        self.pos = pos
        image = self._image()
        rect = image.get_rect()
        setattr(rect, {"left": "topleft", "center": "midtop", "right": "topright"}[align], pos)
        super().__init__(rect, tooltip=tooltip)

    def _image(self) -> pygame.Surface:
        if self.shadow:
            return assets.shadowed(self.text, self.role, self.size, self.colour)
        return assets.text(self.text, self.role, self.size, self.colour, self.wrap, self.align)

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            surface.blit(self._image(), self.rect)


class Panel(Widget):
    """A framed area ('wood', 'parchment', 'inset', 'glass') with an optional heading."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], style: str = "wood",
                 title: str = "") -> None:
        super().__init__(rect)
        self.style, self.title = style, title

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(theme.panel(self.rect.size, self.style), self.rect)
        if self.title:
            ink = theme.INK_DARK if self.style == "parchment" else theme.GOLD
            image = assets.text(self.title, "heading", theme.SIZE_H3, ink)
            blit_centered(surface, image, (self.rect.centerx, self.rect.top + 30))
            theme.ornament(surface, (self.rect.centerx, self.rect.top + 54),
                           min(self.rect.width - 60, image.get_width() + 80))


class Button(Widget):
    """A push button with a label, an optional manifest icon and an optional hotkey."""

    control = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: str,
                 on_click: Callback, *, style: str = "normal", icon: str | None = None,
                 hotkey: int | None = None, tooltip: str | list[str] | None = None,
                 size: int = theme.SIZE_BODY, role: str = "bold", align: str = "center",
                 enabled: bool = True) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.label, self.on_click, self.style, self.icon = label, on_click, style, icon
        self.hotkey, self.size, self.role, self.align = hotkey, size, role, align
        self.enabled = enabled
        self.down = False
        # clicks before this moment (time.monotonic) are swallowed: a button that just took
        # the place of another (see ``guard_replaced``) is not pressed by a click meant for it
        self.armed_at = 0.0

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if _is_click(event):
            inside = self.rect.collidepoint(event.pos)
            if inside and time.monotonic() < self.armed_at:
                self.down = False
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.down = inside
                return inside
            was_down, self.down = self.down, False
            if inside and was_down:
                sound.ui("click")
                self.on_click()
                return True
            return False
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            sound.ui("click")
            self.on_click()
            return True
        return False

    def state(self) -> str:
        """Returns the face to draw: normal, hover, down or disabled."""
        if not self.enabled:
            return "disabled"
        if self.down and self.hovered:
            return "down"
        return "hover" if self.hovered else "normal"

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(theme.button(self.rect.size, self.style, self.state()), self.rect)
        ink = theme.INK if self.enabled else theme.INK_FAINT
        if self.hovered and self.enabled:
            ink = theme.GOLD_BRIGHT if self.style != "primary" else (255, 244, 220)
        icon_w = 0
        if self.icon:
            isz = min(self.rect.height - 18, 30)
            image = assets.asset_icon(self.icon, isz, ink)
            icon_w = isz + 10
        avail = self.rect.width - 24 - icon_w
        label = assets.fit(self.label, self.role, self.size, avail)
        text = assets.text(label, self.role, self.size, ink)
        if self.align == "left":
            x = self.rect.left + 14 + icon_w
        else:
            x = self.rect.centerx - (text.get_width() + icon_w) // 2 + icon_w
        y = self.rect.centery - text.get_height() // 2 + (2 if self.state() == "down" else 0)
        if self.icon:
            surface.blit(image, (x - icon_w, self.rect.centery - image.get_height() // 2))
        surface.blit(text, (x, y))



# How long a button that took another's place with another label ignores clicks (seconds).
# The mouse-only test harnesses click as fast as a program can (tests/conftest.py sets 0).
REPLACED_GUARD = float(os.environ.get("TABLETOP_BUTTON_GUARD", "0.6"))


def guard_replaced(old: Sequence[Button], new: Sequence[Button]) -> None:
    """Arms each of ``new`` that stands where one of ``old`` stood with another label only
    after ``REPLACED_GUARD``: a second click meant for the old button ("Pass") does not press
    the new one ("End activation"; found four times in a window walk, 2026-11-28)."""
    if REPLACED_GUARD <= 0:
        return
    was = {tuple(b.rect): b.label for b in old if b.visible}
    now = time.monotonic()
    for b in new:
        label = was.get(tuple(b.rect))
        if label is not None and label != b.label:
            b.armed_at = now + REPLACED_GUARD

class IconButton(Button):
    """A square button showing only a manifest icon (the tooltip names it)."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], icon: str,
                 on_click: Callback, *, tooltip: str | list[str] | None = None,
                 style: str = "ghost", hotkey: int | None = None, enabled: bool = True) -> None:
        super().__init__(rect, "", on_click, style=style, icon=icon, hotkey=hotkey,
                         tooltip=tooltip, enabled=enabled)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(theme.button(self.rect.size, self.style, self.state()), self.rect)
        ink = theme.INK if self.enabled else theme.INK_FAINT
        if self.hovered and self.enabled:
            ink = theme.GOLD_BRIGHT
        size = int(min(self.rect.width, self.rect.height) * 0.62)
        blit_centered(surface, assets.asset_icon(self.icon or "", size, ink), self.rect.center)


class Toggle(Widget):
    """An on/off switch with a label on its left."""

    control = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: str, value: bool,
                 on_change: Callable[[bool], None], *,
                 tooltip: str | list[str] | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.label, self.value, self.on_change = label, value, on_change

    def handle(self, event: pygame.event.Event) -> bool:
        if (self.visible and self.enabled and event.type == pygame.MOUSEBUTTONDOWN
                and event.button == 1 and self.rect.collidepoint(event.pos)):
            self.value = not self.value
            sound.ui("click")
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ink = theme.GOLD_BRIGHT if self.hovered else theme.INK
        text = assets.text(assets.fit(self.label, "body", theme.SIZE_BODY, self.rect.width - 90),
                           "body", theme.SIZE_BODY, ink)
        surface.blit(text, (self.rect.left, self.rect.centery - text.get_height() // 2))
        track = pygame.Rect(0, 0, 60, 30)
        track.midright = self.rect.midright
        fill = theme.GREEN if self.value else (70, 56, 44)
        pygame.draw.rect(surface, fill, track, border_radius=15)
        pygame.draw.rect(surface, theme.GOLD_DIM, track, width=2, border_radius=15)
        knob_x = track.right - 15 if self.value else track.left + 15
        pygame.draw.circle(surface, theme.PARCHMENT, (knob_x, track.centery), 11)


class Cycler(Widget):
    """Chooses one of several values with ◀ ▶ arrows (click, wheel or the arrow keys on hover)."""

    control = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int],
                 options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], *, label: str = "",
                 label_width: int = 0, tooltip: str | None = None,
                 swatches: dict[Any, theme.Colour] | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change, self.label, self.label_width = on_change, label, label_width
        self.swatches = swatches or {}
        box = self.rect.copy()
        box.left += label_width
        box.width -= label_width
        self.box = box
        self.left = pygame.Rect(box.left, box.top, box.height, box.height)
        self.right = pygame.Rect(box.right - box.height, box.top, box.height, box.height)

    @property
    def value(self) -> Any:
        """Returns the chosen value."""
        return self.options[self.index][0]

    def step(self, delta: int) -> None:
        """Moves to the next (delta=1) or previous (delta=-1) value and reports it."""
        if len(self.options) < 2:
            return
        self.index = (self.index + delta) % len(self.options)
        sound.ui("click")
        self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.left.collidepoint(event.pos):
                self.step(-1)
                return True
            if self.box.collidepoint(event.pos):
                self.step(1)
                return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and self.hovered and event.key in (pygame.K_LEFT,
                                                                           pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.label:
            text = assets.text(assets.fit(self.label, "body", theme.SIZE_BODY,
                                          self.label_width - 12), "body", theme.SIZE_BODY,
                               theme.INK_DIM)
            surface.blit(text, (self.rect.left, self.rect.centery - text.get_height() // 2))
        state = "hover" if self.hovered and self.enabled else (
            "normal" if self.enabled else "disabled")
        surface.blit(theme.button(self.box.size, "ghost", state), self.box)
        ink = theme.GOLD if self.enabled else theme.INK_FAINT
        for rect, sign in ((self.left, -1), (self.right, 1)):
            cx, cy = rect.center
            pts = [(cx - 5 * sign, cy - 7), (cx - 5 * sign, cy + 7), (cx + 5 * sign, cy)]
            if len(self.options) > 1:
                pygame.draw.polygon(surface, ink, pts)
        label = self.options[self.index][1] if self.options else ""
        avail = self.box.width - 2 * self.box.height - 8
        swatch = self.swatches.get(self.value)
        if swatch is not None:
            avail -= 26
        text = None
        if label:
            text = assets.text(assets.fit(label, "bold", theme.SIZE_BODY, avail), "bold",
                               theme.SIZE_BODY, theme.INK if self.enabled else theme.INK_FAINT)
        text_w = text.get_width() if text is not None else 0
        x = self.box.centerx - (text_w + (26 if swatch and text_w else 18 if swatch else 0)) // 2
        if swatch is not None:
            pygame.draw.circle(surface, swatch, (x + 9, self.box.centery), 10)
            pygame.draw.circle(surface, theme.GOLD, (x + 9, self.box.centery), 10, 2)
            x += 26
        if text is not None:
            surface.blit(text, (x, self.box.centery - text.get_height() // 2))


class TextInput(Widget):
    """A one-line text field (names, seeds); ``allowed`` filters typed characters."""

    control = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: str,
                 on_change: Callable[[str], None], *, max_len: int = 20,
                 allowed: Callable[[str], bool] | None = None, placeholder: str = "",
                 tooltip: str | list[str] | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.text, self.on_change, self.max_len = text, on_change, max_len
        self.allowed, self.placeholder = allowed, placeholder
        self.focused = False
        self.blink = 0.0

    def set_text(self, text: str) -> None:
        """Replaces the text and reports it."""
        self.text = text[: self.max_len]
        self.on_change(self.text)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was, self.focused = self.focused, self.rect.collidepoint(event.pos)
            if self.focused != was:
                self.blink = 0.0
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            chars = "".join(c for c in event.text if self.allowed is None or self.allowed(c))
            if chars and len(self.text) < self.max_len:
                self.set_text(self.text + chars)
            self.blink = 0.0
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.set_text(self.text[:-1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                               pygame.K_TAB):
                self.focused = False
            self.blink = 0.0
            return True
        return False

    def update(self, dt: float, app: Any) -> None:
        super().update(dt, app)
        self.blink = (self.blink + dt) % 1.0

    def is_ticking(self) -> bool:
        return self.focused and self.visible  # the caret blinks

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(theme.panel(self.rect.size, "inset"), self.rect)
        if self.focused:
            pygame.draw.rect(surface, theme.GOLD, self.rect, width=2, border_radius=theme.RADIUS)
        if self.text:
            shown = self.text
            while shown and assets.size_of(shown, "body", theme.SIZE_BODY)[0] > \
                    self.rect.width - 26:
                shown = shown[1:]
            image = assets.text(shown, "body", theme.SIZE_BODY, theme.INK)
        else:
            image = assets.text(self.placeholder or " ", "body_italic", theme.SIZE_BODY,
                                theme.INK_FAINT)
        y = self.rect.centery - image.get_height() // 2
        surface.blit(image, (self.rect.left + 12, y))
        if self.focused and self.blink < 0.55:
            x = self.rect.left + 13 + (image.get_width() if self.text else 0)
            pygame.draw.line(surface, theme.GOLD_BRIGHT, (x, y + 3), (x, y + image.get_height()
                                                                      - 3), 2)


class Slider(Widget):
    """A horizontal slider between minimum and maximum (dragged or clicked)."""

    control = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: float,
                 on_change: Callable[[float], None], *, minimum: float = 0.0,
                 maximum: float = 1.0, step: float = 0.05,
                 fmt: Callable[[float], str] | None = None, label: str = "",
                 label_width: int = 0) -> None:
        super().__init__(rect)
        self.value, self.on_change = value, on_change
        self.minimum, self.maximum, self.step = minimum, maximum, step
        self.fmt = fmt or (lambda v: f"{round(v * 100)} %")
        self.label, self.label_width = label, label_width
        self.track = pygame.Rect(self.rect.left + label_width + 12, self.rect.centery - 4,
                                 self.rect.width - label_width - 110, 8)
        self.dragging = False

    def _set_from_x(self, x: int) -> None:
        t = (x - self.track.left) / max(1, self.track.width)
        raw = self.minimum + min(1.0, max(0.0, t)) * (self.maximum - self.minimum)
        value = round(round(raw / self.step) * self.step, 4)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        grab = self.track.inflate(24, 28)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                grab.collidepoint(event.pos):
            self.dragging = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            # A sample click at the value just set (the volume slider is heard at once).
            sound.ui("click")
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.label:
            text = assets.text(self.label, "body", theme.SIZE_BODY, theme.INK_DIM)
            surface.blit(text, (self.rect.left, self.rect.centery - text.get_height() // 2))
        pygame.draw.rect(surface, (30, 22, 16), self.track, border_radius=4)
        t = (self.value - self.minimum) / max(1e-9, self.maximum - self.minimum)
        filled = self.track.copy()
        filled.width = int(self.track.width * t)
        pygame.draw.rect(surface, theme.GOLD_DIM, filled, border_radius=4)
        pygame.draw.rect(surface, (92, 68, 44), self.track, width=1, border_radius=4)
        knob = (self.track.left + filled.width, self.track.centery)
        pygame.draw.circle(surface, theme.GOLD_BRIGHT if self.hovered else theme.GOLD, knob, 12)
        pygame.draw.circle(surface, theme.WOOD_DARK, knob, 12, 2)
        value = assets.text(self.fmt(self.value), "bold", theme.SIZE_BODY, theme.INK)
        surface.blit(value, (self.rect.right - value.get_width(),
                             self.rect.centery - value.get_height() // 2))


class Row:
    """One entry of a ScrollList: a value plus whatever the row painter needs."""

    __slots__ = ("value", "data", "enabled", "tooltip")

    def __init__(self, value: Any, data: Any = None, enabled: bool = True,
                 tooltip: str | list[str] | None = None) -> None:
        self.value, self.data, self.enabled, self.tooltip = value, data, enabled, tooltip


RowPainter = Callable[[pygame.Surface, pygame.Rect, Row, bool, bool], None]


class ScrollList(Widget):
    """A clipped, wheel-scrolled list of equal-height rows painted by a callback."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], rows: list[Row],
                 row_height: int, painter: RowPainter, *,
                 on_select: Callable[[Row], None] | None = None, gap: int = 6,
                 selected: Any = None) -> None:
        super().__init__(rect)
        self.rows, self.row_height, self.painter = rows, row_height, painter
        self.on_select, self.gap, self.selected = on_select, gap, selected
        self.offset = 0.0
        self.target = 0.0
        self.hover_index: int | None = None

    @property
    def content_height(self) -> int:
        """Returns the height of all rows."""
        return max(0, len(self.rows) * (self.row_height + self.gap) - self.gap)

    @property
    def max_offset(self) -> int:
        """Returns how far the list can scroll."""
        return max(0, self.content_height - self.rect.height)

    def scroll_to_end(self) -> None:
        """Scrolls to the last row at once."""
        self.offset = self.target = float(self.max_offset)

    def scroll_to(self, index: int) -> None:
        """Scrolls at once so that row ``index`` is in view (as little as needed)."""
        top = index * (self.row_height + self.gap)
        offset = min(max(self.offset, top + self.row_height - self.rect.height), top)
        self.offset = self.target = float(min(self.max_offset, max(0, offset)))

    def row_rect(self, index: int) -> pygame.Rect:
        """Returns the on-screen rect of a row (may lie outside the list)."""
        y = self.rect.top + index * (self.row_height + self.gap) - int(self.offset)
        width = self.rect.width - (14 if self.max_offset else 0)
        return pygame.Rect(self.rect.left, y, width, self.row_height)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """Returns the row under pos, or None."""
        if not self.rect.collidepoint(pos):
            return None
        for i in range(len(self.rows)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.target = min(self.max_offset, max(0.0, self.target - event.y * 60))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None and self.rows[index].enabled:
                self.selected = self.rows[index].value
                if self.on_select:
                    self.on_select(self.rows[index])
                return True
        return False

    def update(self, dt: float, app: Any) -> None:
        super().update(dt, app)
        self.target = min(self.max_offset, max(0.0, self.target))
        self.offset += (self.target - self.offset) * min(1.0, dt * 14)
        if abs(self.target - self.offset) < 0.5:
            self.offset = self.target
        self.hover_index = self.index_at(app.mouse) if self.hovered else None
        if self.hover_index is not None and self.rows[self.hover_index].tooltip:
            row = self.rows[self.hover_index]
            app.tooltip((id(self), self.hover_index), row.tooltip, self.row_rect(self.hover_index))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        old = surface.get_clip()
        surface.set_clip(self.rect)
        first = max(0, int(self.offset) // (self.row_height + self.gap))
        for i in range(first, len(self.rows)):
            rect = self.row_rect(i)
            if rect.top > self.rect.bottom:
                break
            row = self.rows[i]
            self.painter(surface, rect, row, i == self.hover_index,
                         self.selected is not None and row.value == self.selected)
        surface.set_clip(old)
        if self.max_offset:
            bar = pygame.Rect(self.rect.right - 8, self.rect.top, 6, self.rect.height)
            pygame.draw.rect(surface, (30, 22, 16), bar, border_radius=3)
            h = max(30, int(bar.height * self.rect.height / self.content_height))
            y = bar.top + int((bar.height - h) * self.offset / self.max_offset)
            pygame.draw.rect(surface, theme.GOLD_DIM, (bar.left, y, bar.width, h),
                             border_radius=3)


class TextBlock(NamedTuple):
    """A paragraph for ScrollText: text plus its font role, size and colour."""

    text: str
    role: str = "serif"
    size: int = theme.SIZE_BODY + 2
    colour: theme.Colour = theme.INK_DARK
    space_before: int = 6


class ScrollText(Widget):
    """Long wrapped text (rules pages, credits) scrolled with the wheel."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int],
                 blocks: Sequence[TextBlock]) -> None:
        super().__init__(rect)
        self.lines: list[tuple[int, pygame.Surface | None, TextBlock | None, str]] = []
        y = 0
        for block in blocks:
            y += block.space_before
            for line in assets.wrap(block.text, block.role, block.size, self.rect.width - 24):
                self.lines.append((y, None, block, line))
                y += assets.line_height(block.role, block.size)
        self.height = y
        self.offset = 0.0
        self.target = 0.0

    @property
    def max_offset(self) -> int:
        """Returns how far the text can scroll."""
        return max(0, self.height - self.rect.height + 12)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.target = min(self.max_offset, max(0.0, self.target - event.y * 60))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            sign = 1 if event.key == pygame.K_PAGEDOWN else -1
            self.target = min(self.max_offset, max(0.0, self.target + sign * self.rect.height
                                                   * 0.8))
            return True
        return False

    def update(self, dt: float, app: Any) -> None:
        super().update(dt, app)
        self.offset += (self.target - self.offset) * min(1.0, dt * 14)
        if abs(self.target - self.offset) < 0.5:
            self.offset = self.target

    def draw(self, surface: pygame.Surface) -> None:
        old = surface.get_clip()
        surface.set_clip(self.rect)
        top = self.rect.top - int(self.offset)
        for y, _, block, line in self.lines:
            if top + y > self.rect.bottom:
                break
            if block is None or top + y + 40 < self.rect.top or not line:
                continue
            surface.blit(assets.text(line, block.role, block.size, block.colour),
                         (self.rect.left, top + y))
        surface.set_clip(old)
        if self.max_offset:
            bar = pygame.Rect(self.rect.right - 6, self.rect.top, 5, self.rect.height)
            pygame.draw.rect(surface, (200, 180, 140), bar, border_radius=3)
            h = max(30, int(bar.height * self.rect.height / max(1, self.height)))
            y = bar.top + int((bar.height - h) * self.offset / self.max_offset)
            pygame.draw.rect(surface, theme.GOLD_DIM, (bar.left, y, bar.width, h),
                             border_radius=3)


def button_row(area: pygame.Rect, y: int, left: list[tuple[str, Any, dict[str, Any]]],
               right: list[tuple[str, Any, dict[str, Any]]], *, gap: int = 8,
               height: int = 38) -> list[Button]:
    """Lays out one row of buttons across ``area`` at ``y``: ``left`` from its left edge,
    ``right`` against its right edge, each entry (label, action, Button keywords); the labels
    shrink a size or two when they would not fit (German words)."""
    room = area.width - 20
    for size in (theme.SIZE_SMALL, theme.SIZE_TINY + 1, theme.SIZE_TINY):
        widths = [assets.size_of(label, "bold", size)[0] + 34 + (32 if kw.get("icon") else 0)
                  for label, _a, kw in left + right]
        if sum(widths) + gap * (len(widths) - 1) <= room:
            break
    out: list[Button] = []
    x = area.left + 10
    for (label, action, kw), w in zip(left, widths, strict=False):
        out.append(Button(pygame.Rect(x, y, w, height), label, action, size=size, **kw))
        x += w + gap
    x = area.right - 10
    for (label, action, kw), w in zip(reversed(right), reversed(widths), strict=False):
        x -= w
        out.append(Button(pygame.Rect(x, y, w, height), label, action, size=size, **kw))
        x -= gap
    return out


def tooltip_box(size: tuple[int, int], anchor: pygame.Rect, screen: pygame.Rect,
                avoid: Sequence[pygame.Rect] = (),
                sides: Sequence[str] = ("below", "above", "right", "left")) -> pygame.Rect:
    """Returns where a tooltip of size goes: on the first of sides of anchor (under it, else
    above, right or left) where it stays inside screen and covers neither anchor nor a control
    in avoid (else the place that covers least of them)."""
    box = pygame.Rect((0, 0), size)
    bounds = screen.inflate(-16, -16)
    places = []
    for side in sides:
        if side == "below":
            box.midtop = (anchor.centerx, anchor.bottom + 8)
        elif side == "above":
            box.midbottom = (anchor.centerx, anchor.top - 8)
        elif side == "right":
            box.midleft = (anchor.right + 12, anchor.centery)
        else:
            box.midright = (anchor.left - 12, anchor.centery)
        placed = box.clamp(bounds)
        # Covering what the player points at is worst; then the area of controls covered.
        covered = anchor.width * anchor.height if placed.colliderect(anchor) else 0
        for rect in avoid:
            part = placed.clip(rect)
            covered += part.width * part.height
        if not covered:
            return placed
        places.append((covered, placed))
    return min(places, key=lambda p: p[0])[1]


def draw_tooltip(surface: pygame.Surface, lines: Sequence[str], anchor: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = ()) -> None:
    """Draws a tooltip box next to anchor, kept on the screen and clear of the controls in avoid
    where there is room (see tooltip_box)."""
    width = 0
    images = []
    for i, line in enumerate(lines):
        role = "bold" if i == 0 and len(lines) > 1 else "body"
        image = assets.text(line, role, theme.SIZE_SMALL, theme.INK, 420)
        images.append(image)
        width = max(width, image.get_width())
    height = sum(im.get_height() for im in images) + 4 * (len(images) - 1)
    box = tooltip_box((width + 28, height + 22), anchor, surface.get_rect(),
                      [r for r in avoid if r != anchor])
    surface.blit(theme.panel(box.size, "glass"), box)
    y = box.top + 11
    for image in images:
        surface.blit(image, (box.left + 14, y))
        y += image.get_height() + 4


def draw_toast(surface: pygame.Surface, text: str, kind: str, index: int, alpha: float) -> None:
    """Draws a short notice near the bottom of the screen (index 0 is the newest)."""
    colour = {"error": theme.RED_BRIGHT, "ok": theme.GREEN_BRIGHT}.get(kind, theme.GOLD)
    image = assets.text(text, "bold", theme.SIZE_BODY, colour)
    box = pygame.Rect(0, 0, image.get_width() + 48, 48)
    box.midbottom = (surface.get_width() // 2, surface.get_height() - 30 - index * 56)
    face = theme.panel(box.size, "glass")
    if alpha < 1.0:
        # Fading only happens in the last 0.4 s of a toast, not in a steady frame.
        face = face.copy()
        face.set_alpha(int(255 * alpha))
    surface.blit(face, box)
    blit_centered(surface, image, box.center)
