"""Every shared scene renders in both languages, and steady frames do no expensive work."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes import assets
from scenes.screens import SCENE_NAMES, build


def _frames(app: Any, n: int) -> None:
    for _ in range(n):
        app.step([], 1 / 60)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", SCENE_NAMES)
def test_scene_renders(app: Any, name: str, lang: str) -> None:
    if app.catalog.lang != lang:
        app.set_language(lang)
    build(app, name, game="toy", seed=3)
    _frames(app, 3)
    screen = app.screen
    # Something was drawn: the picture is not one flat colour.
    colours = {tuple(screen.get_at((x, y))) for x in range(0, 1600, 97) for y in range(0, 900, 61)}
    assert len(colours) > 20
    assert app.top is not None


class _CountingFont(pygame.font.Font):
    calls = 0

    def render(self, *args: Any, **kwargs: Any) -> pygame.Surface:
        _CountingFont.calls += 1
        return super().render(*args, **kwargs)


@pytest.mark.parametrize("name", SCENE_NAMES)
def test_steady_frames_render_nothing_new(app: Any, name: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    counts: dict[str, int] = {}

    def counting(label: str, func: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counts[label] = counts.get(label, 0) + 1
            return func(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(pygame.font, "Font", _CountingFont)
    assets._fonts.clear()
    assets._texts.clear()
    build(app, name, game="toy", seed=3)
    app.mouse = (800, 450)  # hovering over the middle, as a player would
    _frames(app, 45)  # warm up: bots move, tooltips appear, caches fill
    for fn in ("scale", "smoothscale", "rotate", "rotozoom", "scale_by", "smoothscale_by",
               "flip"):
        monkeypatch.setattr(pygame.transform, fn, counting(f"transform.{fn}",
                                                           getattr(pygame.transform, fn)))
    for fn in ("load", "load_sized_svg"):
        monkeypatch.setattr(pygame.image, fn, counting(f"image.{fn}", getattr(pygame.image, fn)))
    _CountingFont.calls = 0
    if name in ("table", "curtain"):
        # Bots keep playing at the table; freeze the game so frames are steady.
        app.top.is_bot = lambda seat: False  # type: ignore[union-attr]
        _frames(app, 2)
        _CountingFont.calls = 0
        counts.clear()
    _frames(app, 6)
    assert _CountingFont.calls == 0, f"{name}: Font.render called in steady frames"
    assert counts == {}, f"{name}: {counts}"
