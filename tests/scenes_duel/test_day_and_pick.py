"""The duel's deck choice as its pre-game step, and the day score between and after the games."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from scenes import saves
from scenes.duel.day import DayOverScene, DayPanelScene, day_history
from scenes.duel.decks import DeckPickScene
from scenes.duel.screens import play_until
from scenes.duel.table import DuelTableScene
from scenes.menu import MainMenuScene
from scenes.newgame import SetupScene

LANGS = ["de", "en"]


def _click(app: Any, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def _seats() -> tuple[SeatConfig, SeatConfig]:
    return (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),
            SeatConfig(kind=BOT, bot="heuristic", name="Bruno", colour="azure"))


@pytest.mark.parametrize("lang", LANGS)
def test_setup_start_opens_the_deck_pick_and_start_plays_the_chosen_decks(app: Any,
                                                                          lang: str) -> None:
    app.set_language(lang)
    app.push(MainMenuScene(app))
    setup = SetupScene(app, "duel")
    app.push(setup)
    app.step([], 1 / 60)
    assert {o.id for o in setup.shown_options()}.isdisjoint({"deck_a", "deck_b"})
    setup.seed_text = "17"
    setup.start()
    pick = app.top
    assert isinstance(pick, DeckPickScene) and pick.seed == 17
    app.step([], 1 / 60)
    pick.chosen = [2, 4]
    want = [pick.choices[2][0]["id"], pick.choices[4][0]["id"]]
    _click(app, next(w for w in pick.widgets if getattr(w, "label", None)
                     == app.t("duel.ui.pick.start")).rect.center)
    table = app.top
    assert isinstance(table, DuelTableScene) and table.session.seed == 17
    options = table.session.config.options
    assert [options["deck_a"], options["deck_b"]] == want
    assert [type(s) for s in app.stack] == [MainMenuScene, DuelTableScene]


def test_given_decks_skip_the_pick(app: Any) -> None:
    from engine.rules.duel import decks
    from scenes.games import begin

    deck = decks.ready_made()[1]["id"]
    assert begin(app, "duel", GameConfig(_seats(), {"deck_a": deck}), 3)
    assert isinstance(app.top, DuelTableScene)
    assert app.top.session.config.options["deck_a"] == deck


def test_loading_a_fresh_save_never_opens_the_pick(app: Any) -> None:
    from scenes.loadgame import open_save

    session = Session.start("duel", GameConfig(_seats(), {}), 9)
    path = saves.autosave_path("duel")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.serialise(session.record(meta=saves.meta_for(session, autosave=True))),
                    encoding="utf-8")
    assert open_save(app, path)
    app.step([], 1 / 60)
    assert isinstance(app.top, DuelTableScene)
    assert not any(isinstance(s, DeckPickScene) for s in app.stack)


def _between(human_lost: bool, seats: Any = None) -> Session:
    """Returns a day session between two games whose loser is seat 0 (or seat 1)."""
    for seed in range(1, 40):
        session = Session.start("duel", GameConfig(seats or _seats(), {"day": True}), seed)

        def done(s: Session) -> bool:
            st = s.state
            return st.phase == "between" and (st.winner == 1) == human_lost

        if play_until(session, done, seed * 7):
            return session
    raise AssertionError("no seed reached the state")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("human_lost", [False, True])
def test_between_games_panel_blocks_until_the_human_clicks(app: Any, lang: str,
                                                           human_lost: bool) -> None:
    app.set_language(lang)
    app.settings.anim_speed = 0.0
    session = _between(human_lost)
    game_no = session.state.game_no
    before = len(session.actions)
    app.push(MainMenuScene(app))
    table = DuelTableScene(app, session, autosave=False)
    app.push(table)
    for _ in range(40):  # well past a bot's thinking time
        app.step([], 0.1)
    panel = app.top
    assert isinstance(panel, DayPanelScene)
    assert len(session.actions) == before and session.state.phase == "between"
    # The panel says who won this game and the score of the day.
    assert day_history(table)[-1][:2] == (game_no, session.state.winner)
    winner = session.state.winner
    assert table.side(winner)["wins"] == 1
    button = panel.widgets[0]
    assert button.label == app.t("duel.ui.day.continue", game=game_no + 1)
    _click(app, button.rect.center)
    assert app.top is table
    for _ in range(20):
        if session.state.game_no > game_no:
            break
        app.step([], 0.1)
    assert session.state.game_no == game_no + 1 and session.state.phase != "between"
    assert session.actions[before].kind == "next_game"
    assert not isinstance(app.top, DayPanelScene)


def test_escape_on_the_panel_opens_the_pause_menu_and_keeps_the_panel(app: Any) -> None:
    from scenes.dialogs import PauseScene

    app.settings.anim_speed = 0.0
    session = _between(False)
    app.push(DuelTableScene(app, session, autosave=False))
    app.step([], 0.1)
    panel = app.top
    assert isinstance(panel, DayPanelScene)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert isinstance(app.top, PauseScene)
    app.pop()
    assert app.top is panel


def test_no_panel_when_only_bots_play(app: Any) -> None:
    seats = tuple(SeatConfig(kind=BOT, name=s.name, colour=s.colour) for s in _seats())
    session = _between(False, seats)
    table = DuelTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 0.1)
    assert not table.day_panel_due() and app.top is table


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_a_day_shows_the_day_result(app: Any, lang: str) -> None:
    app.set_language(lang)
    app.settings.anim_speed = 0.0
    for seed in range(1, 30):
        session = Session.start("duel", GameConfig(_seats(), {"day": True}), seed)
        if play_until(session, lambda s: s.is_over, seed):
            break
    assert session.state.day_winner is not None
    app.push(MainMenuScene(app))
    table = DuelTableScene(app, session, autosave=False)
    app.push(table)
    for _ in range(3):
        app.step([], 0.1)
    over = app.top
    assert isinstance(over, DayOverScene)
    games = day_history(table)
    assert len(games) in (2, 3) and games[-1][1] == session.state.day_winner
    assert sum(1 for _g, w, _r in games if w == session.state.day_winner) == 2
