"""The coach on the shared table: the Hint button and H, the panel, and what it may know."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from scenes.games import scene_class
from scenes.screens import play_to_choice
from tests.scenes.conftest import FakeWorker

GAMES = ("deckbuilder", "duel", "crawl")


def _table(app: Any, game: str, seed: int = 3, after: int = 30, kinds: Any = (HUMAN, BOT)
           ) -> Any:
    seats = tuple(SeatConfig(kind=k, name=f"N{i}", colour="azure") for i, k in enumerate(kinds))
    session = Session.start(game, GameConfig(seats, {}), seed)
    play_to_choice(session, seed, after)
    table = scene_class(game)(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    return table


def _press_h(app: Any) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")], 1 / 60)


@pytest.mark.parametrize("game", GAMES)
def test_h_shows_the_hard_bots_suggestion_without_changing_the_game(app: Any, game: str
                                                                   ) -> None:
    table = _table(app, game)
    assert table.can_coach() and table.coach_button is not None
    before = table.rules.state_hash(table.session.state)
    actions = len(table.session.actions)
    _press_h(app)
    worker = FakeWorker.instances[-1]
    assert worker.hints and worker.hints[0][:2] == (game, table.viewer)
    app.step([], 1 / 60)
    lines = table.coach_lines()
    kinds = [k for k, _text, _chance in lines]
    assert kinds[0] == "best" and 1 <= kinds.count("alt") <= 3 and "why" in kinds
    for kind, text, chance in lines:
        # every text comes from the catalogs: no raw key, no placeholder left
        assert text and "{" not in text and f"{game}." not in text and "ui.coach" not in text
        if kind in ("best", "alt"):
            assert chance.endswith("% to win")
    assert table.rules.state_hash(table.session.state) == before
    assert len(table.session.actions) == actions
    _press_h(app)  # again: hides it
    assert table.coach_key is None


def test_the_coach_sees_only_what_the_seat_may_see(app: Any) -> None:
    from engine.ai.worker import seat_state

    table = _table(app, "duel")
    _press_h(app)
    sent = FakeWorker.instances[-1].hint_states[-1]
    expected, _seed = seat_state(table.rules, table.session.state, table.viewer,
                                 len(table.session.actions))
    assert sent == expected  # a determinization made from the seat's view, never the truth
    assert sent != table.rules.state_to_dict(table.session.state)


def test_no_hint_for_a_bot_seat_and_a_panel_that_closes(app: Any) -> None:
    table = _table(app, "deckbuilder")
    _press_h(app)
    app.step([], 1 / 60)
    assert table.coach_key is not None
    # a click on the panel closes it
    table.draw(app.screen)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=table.coach_rect.center)], 1 / 60)
    assert table.coach_key is None
    # the game moving on drops a hint asked for the old position
    _press_h(app)
    app.step([], 1 / 60)
    table.send(table.legal_actions()[0])
    assert table.coach_key is None
    # while a bot is to act: no request, a word why
    table = _table(app, "duel", kinds=(BOT, HUMAN), after=31)
    while table.actor == table.viewer:
        table.send(table.legal_actions()[0])
    worker = table.worker or FakeWorker()
    asked = len(worker.hints)
    _press_h(app)
    assert table.coach_key is None and len(worker.hints) == asked
    assert not table.can_coach() and table.coach_button is not None
    assert not table.coach_button.enabled


def test_games_without_a_hard_bot_show_no_hint_button(app: Any) -> None:
    seats = (SeatConfig(kind=HUMAN, name="A"), SeatConfig(kind=BOT, name="B"))
    session = Session.start("toy", GameConfig(seats, {"target": 20}), 4)
    from scenes.generic import GenericTableScene

    table = GenericTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    assert not table.coach and table.coach_button is None
