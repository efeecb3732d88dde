"""The rules reference: one tab per game, pages from the catalog keys ``<game>.rules.*``.

A page is one catalog entry; entries are shown in key order. Inside a page, a line that
starts with "# " is a heading (else the first line is), each line a paragraph, "- " a list item.
A game without rules pages shows its blurb.
"""

from __future__ import annotations

import re

import pygame

from engine import registry
from scenes import assets, theme
from scenes.app import App
from scenes.menu import MenuScreen
from scenes.widgets import Button, Label, Panel, ScrollText, TextBlock, blit_centered


def _natural(key: str) -> list[object]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", key)]


def rule_pages(app: App, game_id: str) -> list[str]:
    """Returns the rules pages of a game in key order (empty when it has none)."""
    prefix = f"{game_id}.rules."
    keys = sorted((k for k in app.catalog.entries if k.startswith(prefix)), key=_natural)
    return [app.t(k) for k in keys]


def page_blocks(text: str) -> list[TextBlock]:
    """Returns the text blocks of one page (headings, paragraphs, list items).

    A page's first line is its heading ("Movement\nA square costs 1 …", as the games' catalogs
    write them) unless the page marks headings itself with "# "; every further line is a
    paragraph or, starting with "- ", a list item.
    """
    blocks: list[TextBlock] = []
    lines = [line.strip() for line in text.strip().split("\n")]
    if len(lines) > 1 and not lines[0].startswith(("# ", "- ")):
        lines[0] = "# " + lines[0]
    for line in lines:
        if line.startswith("# "):
            blocks.append(TextBlock(line[2:], "heading", theme.SIZE_H2, theme.INK_DARK, 18))
        elif line.startswith("- "):
            blocks.append(TextBlock("•  " + line[2:], "serif", theme.SIZE_BODY + 2,
                                    theme.INK_DARK, 4))
        elif line:
            blocks.append(TextBlock(line, "serif", theme.SIZE_BODY + 2, theme.INK_DARK, 12))
    return blocks


SHEET_LINES = 26  # about what the parchment holds at the body size
CHARS_PER_LINE = 130


def pack_sheets(pages: list[str]) -> list[list[str]]:
    """Returns the pages grouped onto sheets, short sections sharing one (in order)."""
    sheets: list[list[str]] = []
    used = SHEET_LINES + 1
    for page in pages:
        lines = 3 + sum(1 + len(line) // CHARS_PER_LINE for line in page.split("\n"))
        if used + lines > SHEET_LINES and used > 0:
            sheets.append([])
            used = 0
        sheets[-1].append(page)
        used += lines
    return sheets


class RulesScene(MenuScreen):
    """Tabs for the games on the left, the chosen game's rules on parchment."""

    title_key = "menu.rules"

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        ids = registry.listed_ids()
        self.game = game if game in ids else (ids[0] if ids else None)
        self.page = 0

    def build(self) -> None:
        t = self.app.t
        ids = registry.listed_ids()
        if self.game is None:
            self.widgets.append(Label((800, 400), t("ui.no_games"), role="italic",
                                      size=theme.SIZE_H3, colour=theme.INK_DIM, align="center"))
            return
        y = 150
        for game_id in ids:
            info = registry.info(game_id)
            style = "tab_on" if game_id == self.game else "tab"
            self.widgets.append(Button((40, y, 320, 58), t(info.title),
                                       lambda g=game_id: self._pick(g), style=style,
                                       icon=info.icon, align="left"))
            y += 68
        self.pages = pack_sheets(rule_pages(self.app, self.game))
        self.sheet = pygame.Rect(400, 140, 1160, 660)
        if self.pages:
            self.page = min(self.page, len(self.pages) - 1)
            blocks = [b for page in self.pages[self.page] for b in page_blocks(page)]
        else:
            info = registry.info(self.game)
            blocks = [TextBlock(t(info.title), "heading", theme.SIZE_H2, theme.INK_DARK, 0),
                      TextBlock(t(info.blurb), "italic", theme.SIZE_H3, theme.INK_DARK, 14),
                      TextBlock(t("ui.rules.none"), "serif", theme.SIZE_BODY + 2,
                                theme.INK_DARK_DIM, 24)]
        self.text = ScrollText(self.sheet.inflate(-100, -90).move(0, -10), blocks)
        self.widgets += [Panel(self.sheet, "parchment"), self.text]
        if len(self.pages) > 1:
            self.widgets.append(Button((1600 - 300, 826, 260, theme.BUTTON_H),
                                       t("ui.rules.next"), lambda: self._turn(1),
                                       icon="ui.page_next", hotkey=pygame.K_RIGHT,
                                       enabled=self.page < len(self.pages) - 1))
            self.widgets.append(Button((1600 - 580, 826, 260, theme.BUTTON_H),
                                       t("ui.rules.previous"), lambda: self._turn(-1),
                                       icon="ui.page_previous", hotkey=pygame.K_LEFT,
                                       enabled=self.page > 0))

    def _pick(self, game_id: str) -> None:
        self.game, self.page = game_id, 0
        self.layout()

    def _turn(self, delta: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + delta))
        self.layout()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.game is None:
            return
        if len(self.pages) > 1:
            image = assets.text(self.app.t("ui.rules.page", page=self.page + 1,
                                           pages=len(self.pages)), "italic", theme.SIZE_BODY,
                                theme.INK_DARK_DIM)
            blit_centered(surface, image, (self.sheet.centerx, self.sheet.bottom - 26))
