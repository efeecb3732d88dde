"""Writing saves (issue #11): order of autosaves, honest "saved" toasts, no partial files."""

from __future__ import annotations

import errno
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes import saves


def test_the_newest_autosave_wins_when_writes_finish_out_of_order(
        private_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The first write is the slowest: threads that each write on their own finish in reverse.
    real = saves.write_atomic
    delays = {"1": 0.3, "2": 0.15, "3": 0.0}

    def slow(path: Path, text: str) -> None:
        time.sleep(delays[text])
        real(path, text)

    monkeypatch.setattr(saves, "write_atomic", slow)
    writer = saves.SaveWriter()
    path = saves.autosave_path("toy")
    for text in ("1", "2", "3"):
        writer.write(path, text)
    writer.flush(5)
    assert path.read_text() == "3"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_writers_share_one_order(private_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = saves.write_atomic
    monkeypatch.setattr(saves, "write_atomic",
                        lambda p, t: (time.sleep(0.2 if t == "old" else 0), real(p, t)))
    path = saves.autosave_path("toy")
    old_table, new_table = saves.SaveWriter(), saves.SaveWriter()
    old_table.write(path, "old")
    new_table.write(path, "new")
    new_table.flush(5)
    old_table.flush(5)
    assert path.read_text() == "new"


def test_saved_is_announced_only_after_the_write(app: Any, private_home: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    real = saves.write_atomic

    def gated(path: Path, text: str) -> None:
        gate.wait(5)
        real(path, text)

    monkeypatch.setattr(saves, "write_atomic", gated)
    writer = saves.SaveWriter()
    path = saves.new_slot_path("toy")
    writer.write(path, "{}", announce=True)
    writer.report(app)
    assert not app._toasts and not path.exists()  # nothing on the disk, nothing announced
    gate.set()
    assert writer.flush(5)
    writer.report(app)
    assert [(text, kind) for text, kind, _ in app._toasts] == [("Game saved.", "ok")]


@pytest.mark.parametrize(("code", "en", "de"), [
    (errno.ENOSPC, "the disk is full", "Datenträger ist voll"),
    (errno.EACCES, "cannot be written to", "lässt sich nicht schreiben"),
])
def test_a_failed_save_says_why_in_both_languages(app: Any, private_home: Path,
                                                  monkeypatch: pytest.MonkeyPatch, code: int,
                                                  en: str, de: str) -> None:
    from engine.content.i18n import Catalog

    def fail(_fd: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", fail)
    path = saves.new_slot_path("toy")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("old")
    writer = saves.SaveWriter()
    writer.write(path, "x" * 50_000, announce=True)
    assert writer.flush(5)
    failures = writer.take_failures()
    assert len(failures) == 1
    key, params = failures[0]
    assert en in Catalog.load("en").t(key, **params)
    assert de in Catalog.load("de").t(key, **params)
    assert path.read_text() == "old"  # the old save is whole, and no partial file is left
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    writer.write(path, "y", announce=True)
    writer.flush(5)
    writer.report(app)
    assert [kind for _, kind, _ in app._toasts] == ["error"]  # never "Game saved."


def test_a_write_that_raises_something_else_is_reported(private_home: Path) -> None:
    writer = saves.SaveWriter()
    writer.write(saves.new_slot_path("toy"), "\udcff")  # a lone surrogate cannot be UTF-8
    assert writer.flush(5)
    assert [key for key, _ in writer.take_failures()] == ["ui.save_failed"]


def test_a_failed_background_cache_write_leaves_no_file(private_home: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes import theme

    def half_then_full(surface: Any, name: str) -> None:
        Path(name).write_bytes(b"BM" + b"\0" * 1000)
        raise pygame.error("No space left on device")

    theme.background.cache_clear()
    monkeypatch.setattr(pygame.image, "save", half_then_full)
    try:
        theme.background((64, 36), 3)
    finally:
        theme.background.cache_clear()
    cache = private_home / "cache"
    assert not cache.exists() or list(cache.iterdir()) == []


@pytest.mark.skipif(os.name != "posix", reason="process ids are checked on POSIX")
def test_the_menu_cleans_temp_files_at_start(app: Any, private_home: Path) -> None:
    import subprocess
    import sys

    from scenes.menu import MainMenuScene

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    folder = saves.autosave_path("toy").parent
    folder.mkdir(parents=True)
    leftover = folder / f".autosave-toy.json.{proc.pid}.q1w2e3r4.tmp"
    leftover.write_text("x" * 1000)
    app.push(MainMenuScene(app))
    app.step([], 1 / 60)
    app.step([], 1 / 60)
    assert not leftover.exists()


def test_deeply_nested_settings_give_the_defaults(tmp_path: Path) -> None:
    from scenes.userdata import Settings

    path = tmp_path / "settings.json"
    path.write_text('{"language": "de", "x": ' + "[" * 20_000 + "]" * 20_000 + "}")
    assert Settings.load(path).volume == Settings().volume
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.json"
        os.mkfifo(fifo)
        done: list[Settings] = []
        thread = threading.Thread(target=lambda: done.append(Settings.load(fifo)), daemon=True)
        thread.start()
        thread.join(5)
        if thread.is_alive():
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        assert done, "reading a FIFO as settings hung"


def test_the_menu_reads_headers_not_whole_saves(app: Any, private_home: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.core.protocol import GameConfig
    from engine.core.session import Session
    from scenes.menu import MainMenuScene

    session = Session.start("toy", GameConfig.for_players(2, bots=False), 3)
    text = saves.serialise(session.record(meta=saves.meta_for(session, autosave=False)))
    folder = saves.autosave_path("toy").parent
    folder.mkdir(parents=True)
    for i in range(20):
        (folder / f"toy-{i:02}.json").write_text(text)
    whole: list[Path] = []
    real = saves.read_record
    monkeypatch.setattr(saves, "read_record", lambda p: (whole.append(p), real(p))[1])
    menu = MainMenuScene(app)
    app.push(menu)
    app.step([], 1 / 60)
    app.step([], 1 / 60)
    assert menu.continue_path is not None
    assert len(whole) == 1  # only the save that "continue" would open is read whole
    assert json.loads(text)["meta"]["turn"] == session.turn()


def test_continue_passes_over_a_manual_save_of_a_game_since_finished(
        private_home: Path) -> None:
    # found in a window (heroes co-op): after the won game, "Continue" opened the player's own
    # save from round 4 of that game, since only the autosave was written finished
    from engine.core.protocol import GameConfig
    from engine.core.rng import Rng
    from engine.core.session import Session

    folder = saves.autosave_path("toy").parent
    folder.mkdir(parents=True)

    def save(session: Session, name: str, when: float) -> Path:
        path = folder / name
        path.write_text(saves.serialise(session.record(
            meta=saves.meta_for(session, autosave=saves.is_autosave(path)))))
        os.utime(path, (when, when))
        return path

    other = Session.start("toy", GameConfig.for_players(2, bots=False), 4)  # another game
    older = save(other, "toy-other.json", 1000)
    session = Session.start("toy", GameConfig.for_players(2, bots=False), 3)
    manual = save(session, "toy-mine.json", 2000)
    assert saves.latest(["toy"]).path == manual  # the game still runs: continue it
    rng = Rng(1)
    while not session.is_over:
        session.apply(rng.choice(session.rules.legal_actions(session.state)))
    save(session, saves.autosave_path("toy").name, 3000)
    assert saves.latest(["toy"]).path == older  # not the finished game's earlier save
    assert any(i.path == manual for i in saves.list_saves())  # still listed to load


def test_ctrl_s_says_saved_only_after_the_write(app: Any, private_home: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.core.protocol import GameConfig
    from engine.core.session import Session
    from scenes.table import TableScene

    gate = threading.Event()
    real = saves.write_atomic
    monkeypatch.setattr(saves, "write_atomic", lambda p, t: (gate.wait(5), real(p, t)))
    session = Session.start("toy", GameConfig.for_players(2, bots=False), 3)
    table = TableScene(app, session, autosave=False)
    app.push(table)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL,
                                 unicode="")], 1 / 60)
    assert "Game saved." not in [text for text, _, _ in app._toasts]
    gate.set()
    table.writer.flush(5)
    app.step([], 1 / 60)
    assert "Game saved." in [text for text, _, _ in app._toasts]
    assert table.save_path is not None and table.save_path.exists()


def test_the_load_list_shows_the_round_the_table_shows(app: Any, private_home: Path) -> None:
    """Issue 18: the load list said "Turn 4" where the game said "Round 3"."""
    from engine.core.protocol import GameConfig
    from engine.core.rng import Rng
    from engine.core.session import Session

    session = Session.start("deckbuilder", GameConfig.for_players(2, bots=False), 7)
    rng = Rng(7)
    while session.turn() < 5:
        session.apply(rng.choice(session.rules.legal_actions(session.state)))
    path = saves.autosave_path("deckbuilder")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.serialise(session.record(meta=saves.meta_for(session, autosave=True))))
    info = saves.describe(path)
    shown = app.catalog.message(info.progress)
    # Five turns of two players: the third round, as the table's own heading says.
    assert shown == app.t("deckbuilder.ui.turn", turn=3)
    assert shown != app.t("ui.load.turn", turn=session.turn())
    # A save of an earlier version, or a meddled progress, falls back to the turn counter.
    for bad in (None, {"key": "x"}, {"key": 3, "params": {}}, {"key": "k", "params": {"n": [1]}},
                {"key": "k", "params": {"n": 10**30}}, {"key": "k", "params": {"n": True}}):
        data = json.loads(path.read_text())
        data["meta"]["progress"] = bad
        path.write_text(json.dumps(data))
        assert saves.describe(path).progress is None


@pytest.mark.parametrize("game_id", ["deckbuilder", "duel", "crawl", "heroes"])
def test_every_game_says_how_far_it_is_in_both_languages(game_id: str) -> None:
    from engine import registry
    from engine.content.i18n import Catalog
    from engine.core.protocol import GameConfig

    rules = registry.rules(game_id)
    state = rules.new_game(GameConfig.for_players(2, bots=False), 5)
    message = rules.progress(state)
    for lang in ("de", "en"):
        catalog = Catalog.load(lang)
        assert catalog.has(message.key), (lang, message.key)
        assert "{" not in catalog.message(message)
