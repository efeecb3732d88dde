"""Every shared scene renders in both languages, and steady frames do no expensive work."""

from __future__ import annotations

from typing import Any

import pytest

from scenes.screens import SCENE_NAMES, build
from tests.scenes.render_counter import RenderCounter


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


@pytest.mark.parametrize("name", SCENE_NAMES)
def test_steady_frames_render_nothing_new(app: Any, name: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    counter = RenderCounter(monkeypatch)
    build(app, name, game="toy", seed=3)
    app.mouse = (800, 450)  # hovering over the middle, as a player would
    _frames(app, 45)  # warm up: bots move, tooltips appear, caches fill
    counter.watch()
    counter.reset()
    if name in ("table", "curtain"):
        # Bots keep playing at the table; freeze the game so frames are steady.
        app.top.is_bot = lambda seat: False  # type: ignore[union-attr]
        _frames(app, 2)
        counter.reset()
    _frames(app, 6)
    counter.assert_none(name)


def test_rules_page_first_line_is_its_heading() -> None:
    from scenes.rules import page_blocks

    blocks = page_blocks("Movement\nA square costs 1.\n- walls stop you")
    assert [(b.text, b.role) for b in blocks] == [
        ("Movement", "heading"), ("A square costs 1.", "serif"), ("•  walls stop you", "serif")]
    assert [b.role for b in page_blocks("Just one paragraph.")] == ["serif"]


def test_short_rules_sections_share_a_sheet_in_order() -> None:
    from scenes.rules import pack_sheets

    pages = [f"Title {i}\n" + "word " * 60 for i in range(8)]
    sheets = pack_sheets(pages)
    assert 1 < len(sheets) < 8
    assert [p for sheet in sheets for p in sheet] == pages
    assert pack_sheets([]) == []
