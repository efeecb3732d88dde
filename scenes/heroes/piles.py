"""The hero's cards opened from the map's side panel: the draw pile's count (its order and faces
stay hidden), the discard pile's cards, and the artifacts the viewer may see the hero hold (in
the hand, for the own hero, and on the discard pile), drawn with the hand's card faces."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes import assets, theme
from scenes.app import App
from scenes.dialogs import Overlay
from scenes.heroes import art, query
from scenes.widgets import Button

CARD = (96, 134)
GAP = 14
COLS = 10


def artifacts_of(player: dict[str, Any], hand: list[str]) -> list[tuple[str, str]]:
    """Returns (card id, where) of the artifacts the view shows a hero holding: "hand" (the
    own hero's hand) or "discard"."""
    out = []
    for where, cards in (("hand", hand), ("discard", player.get("discard") or [])):
        for cid in cards:
            try:
                kind = query.card(cid).kind
            except Exception:  # noqa: BLE001 - an unknown card is no artifact to show
                continue
            if kind == "artifact":
                out.append((cid, where))
    return out


class HeroPilesScene(Overlay):
    """Shows a hero's draw-pile count, discard pile and artifacts over the dimmed map."""

    def __init__(self, app: App, hero: str, player: dict[str, Any], hand: list[str],
                 card_tip: Callable[[str], list[str]]) -> None:
        super().__init__(app)
        self.hero, self.player, self.hand, self.card_tip = hero, player, hand, card_tip
        self.discard: list[str] = list(player.get("discard") or [])
        self.artifacts = artifacts_of(player, hand)
        self.box = pygame.Rect(0, 0, COLS * (CARD[0] + GAP) + 60, 720)
        self.box.center = (800, 462)

    def layout(self) -> None:
        self.widgets = [Button((self.box.centerx - 120, self.box.bottom - 70, 240,
                                theme.BUTTON_H), self.app.t("heroes.mapui.piles.close"),
                               self.app.pop, icon="ui.cancel", hotkey=pygame.K_RETURN)]

    def back(self) -> None:
        self.app.pop()

    def rows(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Returns the sections: a title and its (card id, caption) entries."""
        t = self.app.t
        discard = [(cid, "") for cid in self.discard[-COLS * 2:]]
        where = {"hand": t("heroes.mapui.piles.in_hand"),
                 "discard": t("heroes.mapui.piles.in_discard")}
        arts = [(cid, where[w]) for cid, w in self.artifacts[:COLS]]
        return [(t("heroes.mapui.piles.discard", n=len(self.discard)), discard),
                (t("heroes.mapui.piles.artifacts", n=len(self.artifacts)), arts)]

    def card_rects(self) -> list[tuple[pygame.Rect, str]]:
        """Returns where each shown card lies, with its id."""
        out = []
        y = self.box.top + 124
        for _, entries in self.rows():
            y += 34
            lines = max(1, (len(entries) + COLS - 1) // COLS)
            for i, (cid, _) in enumerate(entries):
                row, col = divmod(i, COLS)
                out.append((pygame.Rect(self.box.left + 30 + col * (CARD[0] + GAP),
                                        y + row * (CARD[1] + 30), *CARD), cid))
            y += lines * (CARD[1] + 30) if entries else 40
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        for rect, cid in self.card_rects():
            if rect.collidepoint(self.app.mouse):
                self.app.tooltip(("pile", cid, rect.topleft), self.card_tip(cid), rect)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        t = self.app.t
        box = self.box
        surface.blit(theme.panel(box.size, "wood"), box)
        title = assets.text(assets.fit(t("heroes.mapui.piles.title", hero=art.hero_name(
            self.app, self.hero)), "heading", theme.SIZE_H2, box.width - 60), "heading",
            theme.SIZE_H2, theme.GOLD)
        surface.blit(title, (box.left + 30, box.top + 22))
        deck = assets.text(t("heroes.mapui.piles.deck", n=self.player.get("deck_count", 0),
                             hand=self.player.get("hand_count", 0)),
                           "body", theme.SIZE_BODY, theme.INK, box.width - 60)
        surface.blit(deck, (box.left + 30, box.top + 76))
        y = box.top + 124
        rects = iter(self.card_rects())
        for head, entries in self.rows():
            image = assets.text(head, "bold", theme.SIZE_SMALL, theme.GOLD_DIM)
            surface.blit(image, (box.left + 30, y))
            y += 34
            if not entries:
                empty = assets.text(t("heroes.mapui.piles.empty"), "italic", theme.SIZE_SMALL,
                                    theme.INK_DIM)
                surface.blit(empty, (box.left + 30, y))
                y += 40
                continue
            for cid, caption in entries:
                rect, _ = next(rects)
                surface.blit(art.card_face(cid, rect.size, art.card_name(self.app, cid), True,
                                           self.app.catalog.lang), rect)
                if caption:
                    cap = assets.text(assets.fit(caption, "body", theme.SIZE_TINY, CARD[0]),
                                      "body", theme.SIZE_TINY, theme.INK_DIM)
                    surface.blit(cap, cap.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
            y += ((len(entries) + COLS - 1) // COLS) * (CARD[1] + 30)
        for widget in self.widgets:
            widget.draw(surface)
