"""The credits: who made what (assets/CREDITS.md) and which published games the rules follow."""

from __future__ import annotations

import pygame

from scenes import assets, theme
from scenes.menu import MenuScreen
from scenes.widgets import Panel, ScrollText, TextBlock

# The rules of each game follow a published game; only this page may name them.
RULE_SOURCES = ("ui.credits.source_deckbuilder", "ui.credits.source_coop",
                "ui.credits.source_heroes", "ui.credits.source_duel", "ui.credits.source_crawl")


def markdown_blocks(text: str) -> list[TextBlock]:
    """Returns text blocks for a small Markdown file (headings, bullets, paragraphs)."""
    blocks: list[TextBlock] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(TextBlock(" ".join(para), "serif", theme.SIZE_BODY + 1,
                                    theme.INK_DARK, 10))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip().replace("**", "").replace("`", "")
        if line.startswith("<!--"):
            continue
        if line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            size = theme.SIZE_H2 if level == 1 else theme.SIZE_H3
            blocks.append(TextBlock(line.lstrip("#").strip(), "heading", size, theme.INK_DARK,
                                    20))
        elif line.startswith("- "):
            flush()
            blocks.append(TextBlock("•  " + line[2:], "serif", theme.SIZE_BODY + 1,
                                    theme.INK_DARK, 4))
        elif not line:
            flush()
        elif blocks and blocks[-1].text.startswith("•") and not para:
            last = blocks.pop()
            blocks.append(TextBlock(last.text + " " + line, last.role, last.size, last.colour,
                                    last.space_before))
        else:
            para.append(line)
    flush()
    return blocks


class CreditsScene(MenuScreen):
    """Scrolls through the rule sources and assets/CREDITS.md."""

    title_key = "menu.credits"

    def build(self) -> None:
        t = self.app.t
        self.sheet = pygame.Rect(250, 140, 1100, 660)
        blocks = [TextBlock(t("ui.credits.rules_heading"), "heading", theme.SIZE_H2,
                            theme.INK_DARK, 0),
                  TextBlock(t("ui.credits.rules_intro"), "italic", theme.SIZE_BODY + 2,
                            theme.INK_DARK, 10)]
        blocks += [TextBlock("•  " + t(key), "serif", theme.SIZE_BODY + 1, theme.INK_DARK, 6)
                   for key in RULE_SOURCES]
        try:
            text = (assets.ASSET_DIR / "CREDITS.md").read_text(encoding="utf-8")
        except OSError:
            text = ""
        blocks += markdown_blocks(text)
        self.text = ScrollText(self.sheet.inflate(-100, -70), blocks)
        self.widgets += [Panel(self.sheet, "parchment"), self.text]
