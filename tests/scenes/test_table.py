"""TableScene with the toy game: bots, hot seat, undo/redo, log, saves and the end screen."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from engine.core.actions import Action, Breakdown, Message, Term
from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from scenes import assets, saves, theme
from scenes.dialogs import GameOverScene, PauseScene
from scenes.generic import GenericTableScene, action_label
from scenes.table import TableScene, format_breakdown
from tests.scenes.conftest import FakeWorker


def _session(*kinds: str, seed: int = 4, target: int = 20) -> Session:
    seats = tuple(SeatConfig(kind=k, name=f"N{i}", colour="azure") for i, k in enumerate(kinds))
    return Session.start("toy", GameConfig(seats, {"target": target}), seed)


def _open(app: Any, session: Session, cls: type = GenericTableScene, **kw: Any) -> Any:
    scene = cls(app, session, **kw)
    app.push(scene)
    app.step([], 1 / 60)
    return scene


def _frames(app: Any, n: int, dt: float = 0.1) -> None:
    for _ in range(n):
        app.step([], dt)


def test_bot_turns_are_played_through_the_worker(app: Any) -> None:
    session = _session(BOT, HUMAN)
    table = _open(app, session)
    assert table.viewer == 1
    _frames(app, 40)
    assert FakeWorker.instances and FakeWorker.instances[0].requests
    game, seat, bot, difficulty, _ = FakeWorker.instances[0].requests[0]
    assert (game, seat, bot, difficulty) == ("toy", 0, "heuristic", "normal")
    assert session.actions, "the bot's answer was applied"
    assert session.actor == 1 or session.is_over


def test_bot_waits_a_moment_so_players_can_follow(app: Any) -> None:
    session = _session(BOT, HUMAN)
    _open(app, session)
    app.step([], 0.01)
    assert not session.actions
    _frames(app, 10, 0.1)
    assert session.actions


def test_view_is_read_for_the_seat_at_the_screen(app: Any) -> None:
    session = _session(HUMAN, BOT)
    table = _open(app, session)
    secrets = table.view["secrets"]
    assert secrets[0] is not None and secrets[1] is None


def test_hot_seat_curtain_hides_the_board_until_the_player_confirms(app: Any) -> None:
    session = _session(HUMAN, HUMAN)
    table = _open(app, session)
    assert table.curtain_for == 0
    assert table.view["secrets"] == [None, None]
    drawn: list[int] = []
    table.draw_board = lambda surface: drawn.append(1)
    app.step([], 1 / 60)
    assert not drawn, "no private information is drawn under the curtain"
    assert table.legal_actions() == []
    assert not table.send(Action.make("roll"))
    table.lift_curtain()
    assert table.viewer == 0 and table.curtain_for is None
    assert table.view["secrets"][0] is not None and table.view["secrets"][1] is None
    app.step([], 1 / 60)
    assert drawn
    # Play until the turn passes to the other human: the curtain falls again.
    while session.actor == 0:
        legal = table.legal_actions()
        table.send(Action.make("hold") if Action.make("hold") in legal else legal[0])
    assert table.curtain_for == 1
    assert table.view["secrets"] == [None, None]


def test_curtain_button_lifts_it(app: Any) -> None:
    table = _open(app, _session(HUMAN, HUMAN))
    centre = table.curtain_button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre),
              pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre)], 1 / 60)
    assert table.curtain_for is None and table.viewer == 0


def test_undo_and_redo_keys(app: Any) -> None:
    session = _session(HUMAN, BOT, seed=1)
    table = _open(app, session)
    # Roll until a press/bank decision or hold is possible without randomness: hold after a roll
    # is not undoable (the roll drew from the RNG), but "press" after a six is.
    seed = 1
    while True:
        session = _session(HUMAN, BOT, seed=seed)
        table.session = session
        table.rules = session.rules
        table.send(Action.make("roll"))
        if session.state.pending == "after_six":
            break
        seed += 1
    table.refresh()
    assert not session.can_undo()
    table.send(Action.make("press"))
    assert session.can_undo()
    ctrl = pygame.KMOD_CTRL
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=ctrl, unicode="")], 0.01)
    assert session.state.pending == "after_six" and session.can_redo()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=ctrl, unicode="")], 0.01)
    assert session.state.pending is None and session.actions[-1] == Action.make("press")


def test_illegal_action_is_refused_with_the_rule(app: Any) -> None:
    session = _session(HUMAN, BOT)
    table = _open(app, session)
    assert not table._apply(Action.make("hold"))
    assert session.actions == []
    assert app._toasts and app._toasts[-1][1] == "error"


def test_log_lists_visible_events_and_breakdowns(app: Any) -> None:
    session = _session(HUMAN, HUMAN, seed=2)
    table = _open(app, session)
    table.lift_curtain()
    table.send(Action.make("roll"))
    while session.state.pending:
        table.send(Action.make("bank"))
    if session.actor == 0 and Action.make("hold") in table.legal_actions():
        table.send(Action.make("hold"))
    assert table.log_events
    assert len(table.log_list.rows) >= len(table.log_events)
    with_breakdown = [i for i, e in enumerate(table.log_events) if e.breakdowns]
    if with_breakdown:
        from scenes.widgets import Row

        table._pin(Row(with_breakdown[0]))
        assert table.pinned == with_breakdown[0]
        app.step([], 1 / 60)


def test_breakdown_reads_as_a_sum(app: Any) -> None:
    app.catalog.entries.update({"t.attack": "Attack", "t.sword": "sword", "t.light": "light",
                                "t.base": "base"})
    bd = Breakdown(Message("t.attack"), 5, (Term(Message("t.base"), 3),
                                            Term(Message("t.sword"), 4),
                                            Term(Message("t.light"), -2)))
    assert format_breakdown(app, bd) == "Attack 5 = base 3 + sword 4 − light 2"


def test_autosave_at_end_of_turn_and_save_slot(app: Any, private_home: Any) -> None:
    session = _session(HUMAN, BOT, seed=9)
    table = _open(app, session)
    path = saves.autosave_path("toy")
    start = session.turn()
    while session.turn() == start:
        legal = table.legal_actions()
        table.send(Action.make("hold") if Action.make("hold") in legal else legal[0])
    table.writer.flush()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["meta"]["autosave"] is True and data["meta"]["turn"] == session.turn()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL,
                                 unicode="")], 0.01)
    table.writer.flush()
    assert table.save_path is not None and table.save_path.exists()
    assert not saves.is_autosave(table.save_path)
    loaded = saves.load(table.save_path)
    assert loaded.hashes[-1] == session.hashes[-1]


def test_autosave_writes_off_the_frame_thread(app: Any) -> None:
    # Its frame cost is a benchmark (python -m engine bench --only ui_autosave_frame).
    session = _session(HUMAN, BOT, seed=9)
    table = _open(app, session)
    path = saves.autosave_path(session.game_id)
    path.unlink(missing_ok=True)
    table.autosave()
    table.writer.flush()
    assert saves.load(path).hashes == session.hashes


def test_escape_opens_pause_menu_and_game_over_screen_appears(app: Any) -> None:
    session = _session(BOT, BOT, seed=5, target=10)
    table = _open(app, session)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 0.01)
    assert isinstance(app.top, PauseScene)
    app.pop()
    for _ in range(3000):
        if isinstance(app.top, GameOverScene):
            break
        app.step([], 0.2)
    assert session.is_over and isinstance(app.top, GameOverScene)
    assert app.top.outcome is not None
    app.top._again()
    assert isinstance(app.top, TableScene) and app.top.session is not session
    assert table.worker is None, "leaving the table stops its bot worker"


def test_action_labels_use_the_catalog_or_read_plainly(app: Any) -> None:
    assert action_label(app, "toy", Action.make("buy_card", card="sword", n=2)) == \
        "Buy card (card: sword, n: 2)"
    app.catalog.entries["toy.action.roll"] = "Roll the die"
    assert action_label(app, "toy", Action.make("roll")) == "Roll the die"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_table_texts_exist_in_both_languages(app: Any, lang: str) -> None:
    app.set_language(lang)
    for key in ("ui.curtain.show", "ui.prompt.bot_thinking", "ui.log.title", "ui.over.title"):
        assert app.t(key, name="X") != key


def test_decimals_follow_the_reader_language() -> None:
    from types import SimpleNamespace

    from scenes.table import TableScene

    de = SimpleNamespace(app=SimpleNamespace(catalog=SimpleNamespace(lang="de")))
    en = SimpleNamespace(app=SimpleNamespace(catalog=SimpleNamespace(lang="en")))
    assert TableScene.decimal(de, 3.2) == "3,2"
    assert TableScene.decimal(en, 3.2) == "3.2"
    assert TableScene.decimal(de, 0.5, 2) == "0,50"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_log_text_keeps_clear_of_the_info_icon(app: Any, lang: str) -> None:
    from scenes.duel.screens import open_moment

    app.set_language(lang)
    table = open_moment(app, "fight")
    app.step([], 1 / 60)
    rows = table.log_list.rows
    assert any(row.data[2] for row in rows), "the duel's fight log has breakdown entries"
    for i, row in enumerate(rows):
        line, first, has_breakdown = row.data
        rect = table.log_list.row_rect(i)
        right = rect.left + 22 + assets.text(line, "body", theme.SIZE_SMALL, theme.INK).get_width()
        limit = rect.right - 24 if has_breakdown else rect.right  # the icon sits at right - 24
        assert right <= limit, (line, right, limit)


def test_curtain_button_names_the_seat_waiting_now(app: Any) -> None:
    session = _session(HUMAN, HUMAN, HUMAN)
    table = _open(app, session)
    table.lift_curtain()
    assert table.curtain_for is None
    while session.actor == 0:  # seat 0 plays until the turn passes (the layout named seat 0)
        hold = Action.make("hold")
        table.send(hold if hold in table.legal_actions() else Action.make("roll"))
    assert table.curtain_for == session.actor != 0
    assert table.curtain_button.label == app.t("ui.curtain.show",
                                               name=f"N{session.actor}")
