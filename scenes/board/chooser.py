"""Choosers shared by the game tables: a popup of what one click could mean, and a modal panel
that asks a pending decision's question with a button per answer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes import assets, theme
from scenes.widgets import Button, blit_centered


class Popup:
    """Buttons near the pointer or a card; a click on one picks it, a click elsewhere closes.

    ``panel`` names the theme panel drawn behind the buttons (None: the buttons stand alone).
    """

    def __init__(self, buttons: list[Any], rect: pygame.Rect | None, panel: str | None = "wood",
                 ) -> None:
        self.buttons = buttons
        self.rect = rect
        self.panel = panel

    @classmethod
    def listing(cls, choices: Sequence[tuple[str, Any]], pick: Callable[[Any], None],
                pos: tuple[int, int], bounds: pygame.Rect, *, max_width: int = 420,
                height: int = 40) -> Popup:
        """Returns a column of labelled choices beside ``pos``, kept inside ``bounds``."""
        width = max(assets.size_of(label, "bold", theme.SIZE_SMALL)[0] for label, _ in choices)
        width = min(max_width, width + 40)
        rect = pygame.Rect(pos[0] + 10, pos[1], width + 20, len(choices) * (height + 6) + 14)
        rect.clamp_ip(bounds)
        buttons = [Button((rect.left + 10, rect.top + 10 + i * (height + 6), width, height),
                          label, lambda value=value: pick(value), size=theme.SIZE_SMALL)
                   for i, (label, value) in enumerate(choices)]
        return cls(buttons, rect)

    @classmethod
    def stacked_above(cls, choices: Sequence[tuple[str, Any, str]], pick: Callable[[Any], None],
                      anchor: pygame.Rect, bounds: pygame.Rect, *, min_width: int = 300,
                      max_width: int = 560, height: int = 40) -> Popup:
        """Returns (label, value, style) buttons stacked upwards from above ``anchor``."""
        width = min(max_width, max(min_width, max(
            assets.size_of(label, "bold", theme.SIZE_SMALL)[0] for label, _v, _s in choices) + 40))
        x = max(bounds.left + 8, min(anchor.centerx - width // 2, bounds.right - width - 8))
        y = anchor.top - 10 - height
        buttons = []
        for label, value, style in choices:
            buttons.append(Button((x, y, width, height), label, lambda value=value: pick(value),
                                  size=theme.SIZE_SMALL, style=style, align="left"))
            y -= height + 6
        return cls(buttons, None, None)

    def handle(self, event: pygame.event.Event) -> tuple[bool, bool]:
        """Returns (consumed, close): a click outside the panel closes it, presses are kept."""
        for button in self.buttons:
            if button.handle(event):
                return True, False
        if event.type == pygame.MOUSEBUTTONUP and self.rect is not None \
                and not self.rect.collidepoint(event.pos):
            return True, True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect is not None, False

    def contains(self, pos: tuple[int, int]) -> bool:
        """Returns True when pos is on the popup (its panel or one of its buttons)."""
        if self.rect is not None and self.rect.collidepoint(pos):
            return True
        return any(b.rect.collidepoint(pos) for b in self.buttons)

    def update(self, dt: float, app: Any) -> None:
        """Tracks hover."""
        for button in self.buttons:
            button.update(dt, app)

    def draw(self, surface: pygame.Surface) -> None:
        """Draws the panel and its buttons."""
        if self.rect is not None and self.panel is not None:
            surface.blit(theme.panel(self.rect.size, self.panel), self.rect)
        for button in self.buttons:
            button.draw(surface)


class ChoicePanel:
    """A small modal panel over the board: a question, lines of context and a row of answers.

    Any pending decision can be asked this way: its prompt as the title, a button per option
    (label, a note under it, what to do) and a cancel button.
    """

    def __init__(self, title: str, lines: list[str],
                 options: list[tuple[str, str, Callable[[], None]]],
                 cancel: Callable[[], None], cancel_label: str,
                 centre: tuple[int, int], *, button_width: int = 132, per_row: int = 6,
                 top_room: int = 0, tooltips: list[list[str] | None] | None = None) -> None:
        per_row = min(per_row, max(1, len(options)))
        rows = (len(options) + per_row - 1) // per_row
        # every answer's label fits its button (Button pads 24; a little air on top)
        bw = max([button_width] + [assets.size_of(label, "bold", theme.SIZE_SMALL)[0] + 40
                                   for label, _n, _a in options])
        bh, gap = 62, 12
        # wide enough for its buttons, its title and its lines
        width = max(520, per_row * (bw + gap) + 60,
                    assets.size_of(title, "serif", theme.SIZE_H3)[0] + 60,
                    *(assets.size_of(line, "body", theme.SIZE_SMALL)[0] + 48 for line in lines))
        # top_room: pixels left free under the lines for the game's own picture (dice)
        height = 150 + len(lines) * 26 + top_room + rows * (bh + gap) + 70
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = centre
        self.title, self.lines = title, lines
        self.buttons: list[Button] = []
        self.notes: list[tuple[str, pygame.Rect]] = []
        self.room = pygame.Rect(self.rect.left, self.rect.top + 90 + len(lines) * 26, width,
                                top_room)
        top = self.rect.top + 96 + len(lines) * 26 + top_room
        for i, (label, note, action) in enumerate(options):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(options) - row * per_row)
            left = self.rect.centerx - (in_row * (bw + gap) - gap) // 2
            rect = pygame.Rect(left + col * (bw + gap), top + row * (bh + gap), bw, bh)
            # tooltips: an answer's own tooltip (what the item or the option does), if any
            tip = tooltips[i] if tooltips is not None and i < len(tooltips) else None
            self.buttons.append(Button(rect, label, action, style="primary" if i == 0 and
                                       len(options) == 1 else "normal", size=theme.SIZE_SMALL,
                                       tooltip=tip))
            self.notes.append((note, rect))
        # wide enough for the label beside its icon (button padding 24, icon 28 + gap 10)
        cw = max(180, assets.size_of(cancel_label, "bold", theme.SIZE_BODY)[0] + 66)
        self.buttons.append(Button((self.rect.centerx - cw // 2, self.rect.bottom - 62, cw, 46),
                                   cancel_label, cancel, style="ghost", icon="ui.cancel",
                                   hotkey=pygame.K_ESCAPE))

    def handle(self, event: pygame.event.Event) -> bool:
        """Passes an event to the answers; the panel swallows every click."""
        for button in self.buttons:
            if button.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float, app: Any) -> None:
        """Tracks hover."""
        for button in self.buttons:
            button.update(dt, app)

    def draw(self, surface: pygame.Surface) -> None:
        """Draws the panel."""
        surface.blit(theme.panel(self.rect.size, "glass"), self.rect)
        title = assets.text(self.title, "serif", theme.SIZE_H3, theme.GOLD)
        blit_centered(surface, title, (self.rect.centerx, self.rect.top + 34))
        theme.ornament(surface, (self.rect.centerx, self.rect.top + 62),
                       min(self.rect.width - 80, title.get_width() + 100))
        y = self.rect.top + 80
        for line in self.lines:
            image = assets.text(line, "body", theme.SIZE_SMALL, theme.INK_DIM)
            blit_centered(surface, image, (self.rect.centerx, y + 10))
            y += 26
        for button in self.buttons:
            button.draw(surface)
        for note, rect in self.notes:
            if note:
                image = assets.text(note, "body", theme.SIZE_TINY, theme.INK_DIM)
                blit_centered(surface, image, (rect.centerx, rect.bottom + 4 + 6))
