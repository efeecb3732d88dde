"""Saves, replays and undo on the toy game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction, RecordError
from engine.core.protocol import GameConfig, SeatConfig
from engine.core.record import read_record, replay, save_record, write_atomic
from engine.core.session import Session


def _session(humans: int = 0, seed: int = 3) -> Session:
    seats = tuple(SeatConfig(kind="human" if i < humans else "bot") for i in range(2))
    return Session.start("toy", GameConfig(seats), seed)


def _play_some(session: Session, n: int) -> None:
    for _ in range(n):
        if session.is_over:
            return
        legal = session.rules.legal_actions(session.state)
        session.apply(legal[-1] if len(legal) > 1 and session.state.turn_total > 8 else legal[0])


def test_save_load_replay_round_trip(tmp_path: Path) -> None:
    session = _session()
    _play_some(session, 40)
    path = tmp_path / "a.save"
    save_record(path, session.record())
    loaded = replay(read_record(path))
    assert loaded.hashes == session.hashes
    assert loaded.rules.state_hash(loaded.state) == session.rules.state_hash(session.state)


@pytest.mark.parametrize(
    ("content", "key"),
    [
        (b"", "save.foreign"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "save.foreign"),
        (b'{"format": "other-program", "format_version": 1}', "save.foreign"),
        (b'{"format": "tabletop-hall/record", "format_version": 99}', "save.newer"),
        (b'{"format": "tabletop-hall/record", "format_version": 1, "game": "toy"', "save.corrupt"),
        (b'{"format": "tabletop-hall/record", "format_version": 1}', "save.corrupt"),
    ],
)
def test_bad_files_are_refused_with_a_reason(tmp_path: Path, content: bytes, key: str) -> None:
    path = tmp_path / "bad.save"
    path.write_bytes(content)
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert info.value.key == key
    assert str(info.value)


def test_truncated_and_tampered_saves_are_refused(tmp_path: Path) -> None:
    session = _session()
    _play_some(session, 30)
    path = tmp_path / "s.save"
    save_record(path, session.record())
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert info.value.key == "save.corrupt"
    data = json.loads(text)
    data["hashes"][5] = "0" * 64
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as info:
        replay(read_record(path))
    assert info.value.key == "save.mismatch"
    data = json.loads(text)
    data["snapshot"]["scores"][0] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        replay(read_record(path))
    data = json.loads(text)
    data["game"] = "no_such_game"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as info:
        replay(read_record(path))
    assert info.value.key == "save.unknown_game"


def test_atomic_write_keeps_old_file_when_writing_fails(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "slot.save"
    write_atomic(path, "old")

    def boom(*_a, **_k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["slot.save"]


def test_illegal_action_names_rule_and_changes_nothing() -> None:
    session = _session()
    before = session.hashes[-1]
    with pytest.raises(IllegalAction) as info:
        session.apply(Action.make("hold"))
    assert info.value.rule == "toy.rule.nothing_to_hold"
    assert session.rules.state_hash(session.state) == before
    assert session.actions == []


def test_undo_stops_at_irreversible_points() -> None:
    session = _session()
    session.apply(Action.make("roll"))  # a die roll: irreversible
    assert not session.can_undo()
    if session.state.pending:
        session.apply(Action.make("press"))  # no randomness: reversible
        assert session.can_undo()
        h = session.hashes[-2]
        session.undo()
        assert session.hashes[-1] == h and session.rules.state_hash(session.state) == h
        assert session.can_redo()
        session.redo()
        assert not session.can_redo()


def test_undo_redo_round_trip_over_reversible_steps() -> None:
    # Find a seed whose first roll is a six, so bank/press decisions are reversible steps.
    for seed in range(200):
        session = _session(seed=seed)
        session.apply(Action.make("roll"))
        if session.state.pending:
            break
    else:
        pytest.fail("no six in 200 seeds")
    start = session.hashes[-1]
    session.apply(Action.make("press"))
    after = session.hashes[-1]
    session.undo()
    assert session.hashes[-1] == start
    session.redo()
    assert session.hashes[-1] == after
    session.undo()
    session.apply(Action.make("bank"))  # a new branch drops the redo history
    assert not session.can_redo()


def test_hot_seat_handover_is_irreversible() -> None:
    for seed in range(200):
        session = _session(humans=2, seed=seed)
        session.apply(Action.make("roll"))
        if session.state.pending:
            break
    session.apply(Action.make("bank"))  # turn passes to the other human: a handover
    assert not session.can_undo()
