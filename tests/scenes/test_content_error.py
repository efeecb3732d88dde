"""Broken game data found when a game starts shows a dialog with the problems; nothing crashes."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import ContentError
from engine.core.session import Session
from scenes.dialogs import MessageDialog
from scenes.menu import MainMenuScene
from scenes.newgame import SetupScene

PROBLEMS = [f"data/toy/things.yaml:{n}: thing t{n}: health: expected an integer" for n in range(5)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_broken_content_shows_a_dialog_and_the_setup_stays(app: Any, lang: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_language(lang)

    def broken(*_args: Any, **_kwargs: Any) -> Session:
        raise ContentError(PROBLEMS)

    monkeypatch.setattr(Session, "start", broken)
    app.push(MainMenuScene(app))
    setup = SetupScene(app, "toy")
    app.push(setup)
    app.step([], 1 / 60)
    setup.start()
    for _ in range(3):
        app.step([], 1 / 60)
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert "5" in dialog.body
    assert PROBLEMS[0] in dialog.detail and PROBLEMS[3] not in dialog.detail
    # The box holds all of its text and its button.
    assert dialog.box.height >= 310 and dialog.widgets[0].rect.bottom <= dialog.box.bottom
    dialog.back()
    assert app.top is setup
