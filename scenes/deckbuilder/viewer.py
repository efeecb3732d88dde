"""A card pile opened on the table: a deck's remaining cards, a discard pile or the destroyed
cards, as a grid of faces with counts, scrolled with the wheel and enlarged on hover."""

from __future__ import annotations

from typing import Any

import pygame

from scenes import assets, theme
from scenes.app import App
from scenes.deckbuilder import cards
from scenes.dialogs import Overlay
from scenes.widgets import Button, blit_centered

CARD = (124, 174)
ZOOM = (240, 336)
COLS = 7
GAP = 18


class CardViewerScene(Overlay):
    """Shows a list of (card id, caption) as card faces over the dimmed table."""

    def __init__(self, app: App, title: str, entries: list[tuple[str, str]],
                 card_data: dict[str, dict[str, Any]]) -> None:
        super().__init__(app)
        self.title = title
        self.entries = [(cid, caption) for cid, caption in entries if cid in card_data]
        self.card_data = card_data
        self.box = pygame.Rect(0, 0, COLS * (CARD[0] + GAP) + 60, 760)
        self.box.center = (800, 460)
        self.grid = pygame.Rect(self.box.left + 30, self.box.top + 92, self.box.width - 60,
                                self.box.height - 180)
        self.offset = 0
        self.hover: int | None = None

    def layout(self) -> None:
        self.close = Button((self.box.centerx - 120, self.box.bottom - 72, 240, theme.BUTTON_H),
                            self.app.t("deckbuilder.ui.btn.close"), self.app.pop,
                            icon="ui.cancel", hotkey=pygame.K_RETURN)
        self.widgets = [self.close]

    def back(self) -> None:
        self.app.pop()

    def _rows(self) -> int:
        return (len(self.entries) + COLS - 1) // COLS

    def _max_offset(self) -> int:
        content = self._rows() * (CARD[1] + 40)
        return max(0, content - self.grid.height)

    def cell(self, index: int) -> pygame.Rect:
        """Returns where the index-th card is drawn (scrolled)."""
        row, col = divmod(index, COLS)
        x = self.grid.left + col * (CARD[0] + GAP) + 4
        y = self.grid.top + row * (CARD[1] + 40) - self.offset
        return pygame.Rect(x, y, *CARD)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.offset = max(0, min(self._max_offset(), self.offset - event.y * 60))
            return True
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and not self.box.collidepoint(event.pos):
            self.app.pop()
            return True
        return True  # the table below takes no input while the viewer is open

    def update(self, dt: float) -> None:
        super().update(dt)
        self.hover = None
        if not self.grid.collidepoint(self.app.mouse):
            return
        for i in range(len(self.entries)):
            if self.cell(i).collidepoint(self.app.mouse):
                self.hover = i
                break

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        surface.blit(theme.panel(self.box.size, "wood"), self.box)
        title = assets.shadowed(self.title, "title", theme.SIZE_H2, theme.GOLD)
        blit_centered(surface, title, (self.box.centerx, self.box.top + 40))
        theme.ornament(surface, (self.box.centerx, self.box.top + 72), 420)
        if not self.entries:
            empty = assets.text(self.app.t("deckbuilder.ui.view.empty"), "italic",
                                theme.SIZE_H3, theme.INK_DIM)
            blit_centered(surface, empty, self.grid.center)
        old = surface.get_clip()
        surface.set_clip(self.grid.inflate(8, 8))
        for i, (cid, caption) in enumerate(self.entries):
            rect = self.cell(i)
            if rect.bottom < self.grid.top - 40 or rect.top > self.grid.bottom:
                continue
            surface.blit(cards.face(self.app, self.card_data[cid], CARD), rect)
            if caption:
                image = assets.text(assets.fit(caption, "bold", theme.SIZE_TINY, CARD[0] + 14),
                                    "bold", theme.SIZE_TINY, theme.INK)
                blit_centered(surface, image, (rect.centerx, rect.bottom + 14))
        surface.set_clip(old)
        for widget in self.widgets:
            widget.draw(surface)
        if self.hover is not None:
            rect = self.cell(self.hover)
            big = cards.face(self.app, self.card_data[self.entries[self.hover][0]], ZOOM)
            spot = big.get_rect(midleft=(rect.right + 12, rect.centery))
            if spot.right > self.box.right:
                spot.midright = (rect.left - 12, rect.centery)
            spot.clamp_ip(pygame.Rect(0, 0, 1600, 900))
            surface.blit(big, spot)
