"""Counts the calls a steady-state frame must not make: Font.render, transform.* scaling or
rotation, and image loads. Shared by the steady-frame tests of the shell and every game."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes import assets

TRANSFORMS = ("scale", "smoothscale", "rotate", "rotozoom", "scale_by", "smoothscale_by", "flip")
LOADS = ("load", "load_sized_svg")


class RenderCounter:
    """Counts Font.render from creation on, transforms and loads once ``watch`` is called."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: dict[str, int] = {}
        self._monkeypatch = monkeypatch
        counts = self.counts

        class CountingFont(pygame.font.Font):
            def render(self, *args: Any, **kwargs: Any) -> pygame.Surface:
                counts["Font.render"] = counts.get("Font.render", 0) + 1
                return super().render(*args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", CountingFont)
        # Fonts made before the patch would not count: start with empty caches.
        assets._fonts.clear()
        assets._texts.clear()

    def _counting(self, label: str, func: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.counts[label] = self.counts.get(label, 0) + 1
            return func(*args, **kwargs)
        return wrapper

    def watch(self) -> None:
        """Starts counting transforms and image loads too (after the warm-up frames)."""
        for fn in TRANSFORMS:
            self._monkeypatch.setattr(pygame.transform, fn,
                                      self._counting(f"transform.{fn}", getattr(pygame.transform, fn)))
        for fn in LOADS:
            self._monkeypatch.setattr(pygame.image, fn,
                                      self._counting(f"image.{fn}", getattr(pygame.image, fn)))

    def reset(self) -> None:
        """Forgets what was counted so far."""
        self.counts.clear()

    def assert_none(self, where: str) -> None:
        """Fails when anything was counted since the last reset."""
        assert self.counts == {}, f"{where}: {self.counts} in steady frames"
