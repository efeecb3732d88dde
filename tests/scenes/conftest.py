"""Headless set-up for the scene tests: dummy SDL, a private user folder, a fake bot worker."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("TABLETOP_NO_BOOTSTRAP", "1")

from collections.abc import Iterator  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from engine import registry  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.core.rng import Rng  # noqa: E402

HINT_STEPS = 400  # the fake worker's coach thinks briefly


class FakeWorker:
    """Stands in for engine.ai.worker.BotWorker: answers with the first legal action."""

    instances: list[FakeWorker] = []

    def __init__(self) -> None:
        self.requests: list[tuple[str, int, str, str, int]] = []
        self.states: list[dict[str, Any]] = []  # what the bot process would have been sent
        self.answer: Action | None = None
        self.hints: list[tuple[str, int, int]] = []  # coach requests: game, seat, seed
        self.hint_states: list[dict[str, Any]] = []
        self.hint_answer: dict[str, Any] | None = None
        self.cancelled = 0
        self.closed = False
        FakeWorker.instances.append(self)

    def request(self, game_id: str, state_dict: dict[str, Any], seat: int,
                bot_id: str = "heuristic", difficulty: str = "normal", seed: int = 0) -> int:
        rules = registry.rules(game_id)
        state = rules.state_from_dict(state_dict)
        legal = rules.legal_actions(state)
        self.answer = Rng(seed).choice(legal)
        self.requests.append((game_id, seat, bot_id, difficulty, seed))
        self.states.append(state_dict)
        return len(self.requests)

    def poll(self) -> Action | None:
        answer, self.answer = self.answer, None
        return answer

    def request_hint(self, game_id: str, state_dict: dict[str, Any], seat: int, seed: int = 0,
                     options: dict[str, Any] | None = None) -> int:
        """Answers as the bot process would, with a small search budget (fast tests)."""
        from engine.ai.coach import hint

        rules = registry.rules(game_id)
        state = rules.state_from_dict(state_dict)
        self.hint_answer = hint(rules, state, seat, seed, steps=HINT_STEPS)
        self.hints.append((game_id, seat, seed))
        self.hint_states.append(state_dict)
        return len(self.hints)

    def poll_hint(self) -> dict[str, Any] | None:
        answer, self.hint_answer = self.hint_answer, None
        return answer

    def cancel(self) -> None:
        self.cancelled += 1
        self.answer = None

    def close(self) -> None:
        self.closed = True


@pytest.fixture(autouse=True)
def private_home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Gives every test its own user folder and a fake bot worker."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    import scenes.table

    FakeWorker.instances = []
    monkeypatch.setattr(scenes.table, "default_worker", FakeWorker)
    yield tmp_path / "home"


@pytest.fixture
def app() -> Iterator[Any]:
    """Returns a headless App in English."""
    from scenes.app import App
    from scenes.userdata import Settings

    application = App(Settings(language="en"), headless=True)
    yield application
    while application.stack:
        application.stack.pop().exit()
