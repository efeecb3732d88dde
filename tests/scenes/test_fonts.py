"""Every font the theme uses can draw German text (a missing glyph renders as the .notdef box)."""

from __future__ import annotations

import pygame
import pytest

from scenes import theme
from scenes.assets import FONT_DIR

GERMAN = "äöüÄÖÜß–—−„“…"


@pytest.mark.parametrize("role", sorted(theme.FONT_FILES))
def test_font_has_german_glyphs(role: str) -> None:
    pygame.font.init()
    font = pygame.font.Font(str(FONT_DIR / theme.FONT_FILES[role]), 32)
    # U+E000 is a private-use code point no text font draws: it shows the .notdef box.
    missing = pygame.image.tobytes(font.render("\ue000", True, (255, 255, 255)), "RGBA")
    absent = [ch for ch in GERMAN
              if pygame.image.tobytes(font.render(ch, True, (255, 255, 255)), "RGBA") == missing]
    assert not absent, f"{theme.FONT_FILES[role]} cannot draw {''.join(absent)}"
