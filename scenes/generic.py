"""A table for games that have no board scene yet: the view as a tidy sheet, the legal actions as
a list of buttons, and all the shared parts of TableScene around them.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.core.actions import Action
from scenes import assets, theme
from scenes.table import TableScene
from scenes.widgets import Row, ScrollList, blit_centered

ACTION_ROW_H = 50


def action_label(app: Any, game_id: str, action: Action) -> str:
    """Returns an action's text: the game's catalog entry ``<game>.action.<kind>`` if it has one,
    else its kind and parameters written out."""
    key = f"{game_id}.action.{action.kind}"
    if app.has(key):
        return app.t(key, **action.params)
    words = action.kind.replace("_", " ")
    if not action.args:
        return words[:1].upper() + words[1:]
    params = ", ".join(f"{k.replace('_', ' ')}: {_short(v)}" for k, v in action.args)
    return f"{words[:1].upper() + words[1:]} ({params})"


def _short(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


def view_lines(app: Any, view: dict[str, Any]) -> list[tuple[str, str]]:
    """Returns (name, value) lines summarising the top level of a view."""
    lines = []
    for key, value in view.items():
        name = key.replace("_", " ")
        if isinstance(value, dict):
            if set(value) == {"en", "de"}:
                text = app.catalog.text(value)
            else:
                text = app.t("ui.generic.entries", n=len(value))
        elif isinstance(value, list):
            if all(isinstance(v, str | int | float | bool) or v is None for v in value):
                text = ", ".join(_short(v) for v in value) or "–"
            else:
                text = app.t("ui.generic.entries", n=len(value))
        else:
            text = _short(value)
        lines.append((name[:1].upper() + name[1:], text))
    return lines


class GenericTableScene(TableScene):
    """Plays any registered game through its legal actions (until it gets its own board)."""

    def on_view_changed(self) -> None:
        board = self.board_rect
        self.sheet_rect = pygame.Rect(board.left + 20, board.top + 20, 440, board.height - 40)
        self.actions_rect = pygame.Rect(self.sheet_rect.right + 20, board.top + 20,
                                        board.right - self.sheet_rect.right - 40,
                                        board.height - 40)
        self.sheet = view_lines(self.app, self.view)
        actions = self.legal_actions()
        rows = [Row(a, action_label(self.app, self.game_id, a)) for a in actions]
        list_rect = self.actions_rect.inflate(-48, 0)
        list_rect.top = self.actions_rect.top + 78
        list_rect.height = self.actions_rect.bottom - 24 - list_rect.top
        self.action_list = ScrollList(list_rect, rows, ACTION_ROW_H, self._paint_action,
                                      on_select=self._choose, gap=10)

    def _choose(self, row: Row) -> None:
        self.send(row.value)

    def _paint_action(self, surface: pygame.Surface, rect: pygame.Rect, row: Row,
                      hovered: bool, selected: bool) -> None:
        surface.blit(theme.button(rect.size, "normal", "hover" if hovered else "normal"), rect)
        ink = theme.GOLD_BRIGHT if hovered else theme.INK
        label = assets.fit(row.data, "bold", theme.SIZE_BODY, rect.width - 40)
        image = assets.text(label, "bold", theme.SIZE_BODY, ink)
        surface.blit(image, (rect.left + 20, rect.centery - image.get_height() // 2))
        if hovered:
            self.highlight(surface, rect)

    def handle_board(self, event: pygame.event.Event) -> bool:
        # Number keys 1–9 pick the first nine actions.
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.action_list.rows):
                self.send(self.action_list.rows[index].value)
                return True
        return self.action_list.handle(event)

    def update_board(self, dt: float) -> None:
        self.action_list.update(dt, self.app)

    def draw_board(self, surface: pygame.Surface) -> None:
        t = self.app.t
        sheet = self.sheet_rect
        surface.blit(theme.panel(sheet.size, "parchment"), sheet)
        title = assets.text(t("ui.generic.players"), "heading", theme.SIZE_H3, theme.INK_DARK)
        surface.blit(title, (sheet.left + 24, sheet.top + 18))
        y = sheet.top + 62
        for seat in range(len(self.session.config.seats)):
            pygame.draw.circle(surface, self.seat_colour(seat), (sheet.left + 36, y + 13), 10)
            if seat == self.actor:
                pygame.draw.circle(surface, theme.RED, (sheet.left + 36, y + 13), 14, 2)
            name = assets.text(assets.fit(self.seat_name(seat), "bold", theme.SIZE_BODY, 250),
                               "bold", theme.SIZE_BODY, theme.INK_DARK)
            surface.blit(name, (sheet.left + 58, y))
            kind = "ui.bot" if self.is_bot(seat) else "ui.human"
            surface.blit(assets.asset_icon(kind, 24, theme.INK_DARK_DIM), (sheet.right - 48, y))
            y += 36
        y += 10
        theme.ornament(surface, (sheet.centerx, y), sheet.width - 80, theme.INK_DARK_DIM)
        y += 18
        title = assets.text(t("ui.generic.table"), "heading", theme.SIZE_H3, theme.INK_DARK)
        surface.blit(title, (sheet.left + 24, y))
        y += 44
        for name, value in self.sheet:
            if y > sheet.bottom - 40:
                break
            label = assets.text(assets.fit(name, "bold", theme.SIZE_SMALL, 150), "bold",
                                theme.SIZE_SMALL, theme.INK_DARK_DIM)
            surface.blit(label, (sheet.left + 24, y))
            text = assets.text(assets.fit(value, "body", theme.SIZE_SMALL, sheet.width - 210),
                               "body", theme.SIZE_SMALL, theme.INK_DARK)
            surface.blit(text, (sheet.left + 184, y))
            y += 28
        box = self.actions_rect
        surface.blit(theme.panel(box.size, "wood"), box)
        heading = t("ui.generic.choices") if self.is_my_turn() else t("ui.generic.watching")
        image = assets.text(heading, "heading", theme.SIZE_H3, theme.GOLD)
        blit_centered(surface, image, (box.centerx, box.top + 34))
        theme.ornament(surface, (box.centerx, box.top + 62), min(box.width - 80, 380))
        if self.action_list.rows:
            self.action_list.draw(surface)
        else:
            wait = assets.text(self.prompt_text, "italic", theme.SIZE_H3, theme.INK_DIM,
                               box.width - 80, "center")
            blit_centered(surface, wait, box.center)
