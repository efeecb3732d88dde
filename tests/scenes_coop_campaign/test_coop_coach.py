"""The coach and the bot levels at the campaign crawler's table: the Hint button and H on the
mission table (the shared table's coach), its panel in both languages from the seat's view,
and the set-up screen's easy/normal/hard for bot seats."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from scenes.coop_campaign.table import CoopTableScene
from scenes.screens import play_to_choice
from tests.scenes.conftest import FakeWorker

GAME = "coop_campaign"


def _table(app: Any, seed: int = 1, after: int = 12, kinds: Any = (HUMAN, BOT),
           hard: bool = False) -> CoopTableScene:
    seats = tuple(SeatConfig(kind=k, name=f"N{i}", colour="azure") for i, k in enumerate(kinds))
    session = Session.start(GAME, GameConfig(seats, {"hard": hard}), seed)
    play_to_choice(session, seed, after)
    table = CoopTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    return table


def _press_h(app: Any) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")], 1 / 60)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_h_shows_the_suggestion_in_words_without_changing_the_mission(app: Any, lang: str
                                                                     ) -> None:
    app.set_language(lang)
    table = _table(app)
    assert table.coach and table.can_coach() and table.coach_button is not None
    before = table.rules.state_hash(table.session.state)
    actions = len(table.session.actions)
    _press_h(app)
    worker = FakeWorker.instances[-1]
    assert worker.hints and worker.hints[0][:2] == (GAME, table.viewer)
    app.step([], 1 / 60)
    lines = table.coach_lines()
    kinds = [k for k, _text, _chance in lines]
    assert kinds[0] == "best" and 1 <= kinds.count("alt") <= 3 and "why" in kinds
    win = table.app.t("ui.coach.win", pct=0).split("0", 1)[1]
    for kind, text, chance in lines:
        # every text comes from the catalogs: no raw key, id or placeholder left
        assert text and "{" not in text and "coop." not in text and "_" not in text, text
        if kind in ("best", "alt"):
            assert chance.endswith(win)
    table.draw(app.screen)
    # the panel lies on the board, clear of the prompt line and the log
    assert table.board_rect.contains(table.coach_rect)
    assert table.rules.state_hash(table.session.state) == before
    assert len(table.session.actions) == actions
    _press_h(app)  # again: hides it
    assert table.coach_key is None


def test_the_coach_sees_only_what_the_seat_may_see(app: Any) -> None:
    from engine.ai.worker import seat_state

    table = _table(app)
    _press_h(app)
    sent = FakeWorker.instances[-1].hint_states[-1]
    expected, _seed = seat_state(table.rules, table.session.state, table.viewer,
                                 len(table.session.actions))
    assert sent == expected  # the draw piles re-dealt from the seat's view, never the truth
    truth = table.rules.state_to_dict(table.session.state)
    assert sent["decks"] != truth["decks"] or sent["loot"] != truth["loot"]


def test_no_hint_while_the_bot_teammate_acts(app: Any) -> None:
    table = _table(app)
    while table.actor == table.viewer and not table.session.is_over:
        table.send(table.legal_actions()[-1])  # play on until the bot's hero is to act
    assert table.is_bot(table.actor)
    _press_h(app)
    assert table.coach_key is None and not table.can_coach()
    assert table.coach_button is not None and not table.coach_button.enabled


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_set_up_offers_three_levels_for_a_bot_teammate(app: Any, lang: str) -> None:
    from scenes.newgame import SetupCycler, SetupScene

    app.set_language(lang)
    setup = SetupScene(app, GAME)
    app.push(setup)
    app.step([], 1 / 60)
    levels = [w for w in setup.widgets if isinstance(w, SetupCycler) and w.tips]
    assert len(levels) == len(setup.seats) == 2
    bot_seat = levels[1]
    assert bot_seat.enabled and not levels[0].enabled  # seat 1 is the human
    assert [value for value, _label in bot_seat.options] == ["easy", "normal", "hard"]
    assert [label for _value, label in bot_seat.options] == [
        app.t("ui.difficulty.easy"), app.t("ui.difficulty.normal"), app.t("ui.difficulty.hard")]
    for level, line in bot_seat.tips.items():
        assert line == app.t(f"coop_campaign.bot.level.{level}") and "\n" not in line
    # the seat's level reaches the bot: hard is the search bot
    from engine.ai import make_bot
    from engine.ai.search import SearchBot

    setup.seats[1]["difficulty"] = "hard"
    seat = setup.seats[1]
    assert isinstance(make_bot(seat["bot"], GAME, seat["difficulty"], 1), SearchBot)


def test_during_a_decision_the_hint_keeps_clear_of_its_panel(app: Any) -> None:
    # the reroll panel's dice are what the hint talks about: the hint goes to the board's foot
    from engine.ai.base import make_bot, seat_seed

    seats = (SeatConfig(kind=HUMAN, name="A"), SeatConfig(kind=BOT, name="B"))
    session = Session.start(GAME, GameConfig(seats, {"hard": True}), 1)
    bots = [make_bot("heuristic", GAME, "normal", seat_seed(1, i)) for i in range(2)]
    while not session.is_over:
        top = session.state.flow.top
        if session.actor == 0 and top is not None and top.kind == "reroll":
            break
        session.apply(bots[session.actor].choose(session.rules, session.state, session.actor))
    assert not session.is_over
    table = CoopTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    assert table.chooser is not None and table.can_coach()
    table.hint_here(steps=300)
    table.draw(app.screen)
    assert table.board_rect.contains(table.coach_rect)
    assert table.coach_rect.top > table.chooser.rect.centery  # below the dice and the title
    assert table.coach_lines()[0][1].startswith(("Reroll die", "Keep the roll"))
