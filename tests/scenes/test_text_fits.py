"""Every text a player sees fits where it is drawn, in both languages (issue 18).

Scenes draw on a fixed 1600×900 canvas that the window scales (letterboxed) to any size from
1024×576 up, so a label that fits the canvas fits every window size. A label that does not fit
is shortened by ``assets.fit`` with an ellipsis; this test renders every shared screen for every
game with scenes and every table moment of every game, in German and English, and fails on any
such cut, naming the screen and the text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import registry
from scenes import assets, moments
from scenes.screens import SCENE_NAMES, build

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g for g in registry.game_ids() if (ROOT / "scenes" / g / "screens.py").is_file()]


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Records every text that ``assets.fit`` had to shorten."""
    found: list[tuple[str, str]] = []
    real = assets.fit

    def watching(s: str, role: str, size: int, width: int) -> str:
        shown = real(s, role, size, width)
        if shown != s:
            found.append((s, shown))
        return shown

    monkeypatch.setattr(assets, "fit", watching)
    return found


def _settle(app: Any, frames: int) -> None:
    for _ in range(frames):
        app.step([], 1 / 60)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_shared_screens_fit(app: Any, game: str, lang: str, cuts: list[tuple[str, str]]) -> None:
    app.set_language(lang)
    problems = []
    for name in SCENE_NAMES:
        cuts.clear()
        build(app, name, game=game, seed=3)
        _settle(app, 5)
        problems += dict.fromkeys(f"{name}: {s!r} shown as {shown!r}" for s, shown in cuts)
        while len(app.stack) > 0:
            app.stack.pop().exit()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_table_moments_fit(app: Any, game: str, lang: str, cuts: list[tuple[str, str]]) -> None:
    app.set_language(lang)
    module = moments.moments_module(game)
    problems = []
    for moment in module.MOMENTS:
        cuts.clear()
        module.open_moment(app, moment, 1)
        _settle(app, moments.SETTLE_FRAMES)
        problems += dict.fromkeys(f"{moment}: {s!r} shown as {shown!r}" for s, shown in cuts)
        while len(app.stack) > 0:
            app.stack.pop().exit()
    assert not problems, "\n".join(problems)
