"""Hostile save files (issue #11): each gives the one save error, never another exception."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.cli import main
from engine.core.actions import Action
from engine.core.errors import MalformedAction, RecordError
from engine.core.protocol import GameConfig
from engine.core.record import (
    clean_temp_files,
    read_record,
    read_summary,
    replay,
    save_record,
    write_atomic,
)
from engine.core.session import Session


def _good(actions: int = 6) -> dict[str, Any]:
    session = Session.start("toy", GameConfig.for_players(2, bots=False), 3)
    for _ in range(actions):
        session.apply(session.rules.legal_actions(session.state)[0])
    return session.record(meta={"turn": session.turn(), "over": False}).to_json()


def _write(path: Path, data: Any) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _refused(path: Path) -> RecordError:
    """Returns the RecordError that reading path (header and whole, then replay) gives."""
    errors = []
    for read in (read_summary, read_record, lambda p: replay(read_record(p))):
        try:
            read(path)
        except RecordError as exc:
            errors.append(exc)
    assert errors, f"{path.name} was accepted"
    return errors[0]


def _meta_list(data: dict[str, Any]) -> str:
    data["meta"] = [1, 2]
    return json.dumps(data)


def _huge_int(data: dict[str, Any]) -> str:
    data["seed"] = "SEED"
    return json.dumps(data).replace('"SEED"', "9" * 4400)


def _deep(data: dict[str, Any]) -> str:
    data["meta"] = "DEEP"
    return json.dumps(data).replace('"DEEP"', "[" * 1000 + "]" * 1000)


def _deep_action(data: dict[str, Any]) -> str:
    # Shallow enough for json.loads, deep enough to overflow naive recursion afterwards.
    data["actions"][0]["args"] = {"x": "DEEP"}
    return json.dumps(data).replace('"DEEP"', "[" * 900 + "]" * 900)


@pytest.mark.parametrize("make", [_meta_list, _huge_int, _deep, _deep_action],
                         ids=["meta-list", "int-4400-digits", "nested-1000", "action-nested-900"])
def test_malformed_saves_give_the_save_error(tmp_path: Path, make: Any) -> None:
    path = _write(tmp_path / "bad.json", make(_good()))
    assert _refused(path).key == "save.corrupt"


@pytest.mark.parametrize("version", [0, -1, True, 1.0, "1", None])
def test_format_version_must_be_a_whole_number_from_one(tmp_path: Path, version: Any) -> None:
    data = _good()
    data["format_version"] = version
    with pytest.raises(RecordError) as info:
        read_record(_write(tmp_path / "v.json", data))
    assert info.value.key == "save.corrupt"


def test_an_argument_named_kind_is_an_argument() -> None:
    # Action.make took "kind" both as the action's kind and as a keyword: TypeError.
    action = Action.from_json({"kind": "roll", "args": {"kind": 1}})
    assert action.kind == "roll" and action.get("kind") == 1
    assert Action.from_json(action.to_json()) == action


def test_a_save_with_an_argument_named_kind_is_refused_on_replay(tmp_path: Path) -> None:
    data = _good()
    data["actions"][0]["args"]["kind"] = "x"
    assert _refused(_write(tmp_path / "k.json", data)).key == "save.mismatch"


def test_action_nesting_and_text_are_bounded() -> None:
    with pytest.raises(MalformedAction):
        Action.make("x", a=[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]])
    for text in ("x(a=" + "[" * 5000 + ")", "x(a=" + "(" * 300 + "1" + ")" * 300 + ")",
                 "x(a={[]: 1})", "x(a=" + "9" * 5000 + ")", "x" * 20_000, "{" + "[" * 5000):
        with pytest.raises(MalformedAction):
            Action.parse(text)


@pytest.mark.parametrize("hashes", ["missing", "empty", "cut", "extra"])
def test_verify_needs_every_hash(tmp_path: Path, hashes: str, capsys: Any) -> None:
    data = _good()
    if hashes == "missing":
        del data["hashes"]
    elif hashes == "empty":
        data["hashes"] = []
    elif hashes == "cut":
        data["hashes"] = data["hashes"][:3]
    else:
        data["hashes"].append(data["hashes"][-1])
    path = _write(tmp_path / "h.json", data)
    with pytest.raises(RecordError) as info:
        replay(read_record(path), verify=True)
    assert info.value.key == "save.corrupt"
    assert main(["replay", str(path), "--verify"]) == 1
    assert "all hashes verified" not in capsys.readouterr().out


def test_content_change_is_told_apart_from_a_mismatch(tmp_path: Path, capsys: Any) -> None:
    data = _good()
    data["hashes"][3] = "0" * 64
    with pytest.raises(RecordError) as info:
        replay(read_record(_write(tmp_path / "m.json", data)))
    assert info.value.key == "save.mismatch"  # same content: the file was tampered with
    data["content_hash"] = "f" * 64
    with pytest.raises(RecordError) as info:
        replay(read_record(_write(tmp_path / "c.json", data)))
    assert info.value.key == "save.content_changed" and info.value.params["step"] == 3


def test_content_change_with_matching_hashes_replays_with_a_warning(tmp_path: Path,
                                                                    capsys: Any) -> None:
    data = _good()
    data["content_hash"] = "f" * 64
    path = _write(tmp_path / "c.json", data)
    session = replay(read_record(path))
    assert session.hashes == data["hashes"]
    assert main(["replay", str(path), "--verify"]) == 0
    captured = capsys.readouterr()
    assert "content changed" in captured.out and "warning" in captured.err


def _snapshot_game(game_id: str) -> dict[str, Any]:
    rules = registry.rules(game_id)
    session = Session.start(game_id, GameConfig.for_players(rules.min_players), 5)
    for _ in range(5):
        session.apply(rules.legal_actions(session.state)[0])
    return session.record().to_json()


@pytest.mark.parametrize("game_id", ["deckbuilder", "duel", "crawl", "toy"])
def test_broken_snapshots_give_the_save_error(game_id: str) -> None:
    from engine.core.record import GameRecord

    base = _snapshot_game(game_id)
    for key in sorted(base["snapshot"]):
        for bad in (None, -1, 10**30, "x", [], {}, [[]], 1.5):
            data = json.loads(json.dumps(base))
            data["snapshot"][key] = bad
            try:
                replay(GameRecord.from_json(data))
            except RecordError:
                pass  # the save error (anything else fails the test); some values hash alike


@pytest.mark.parametrize("code", [5, None, ["a"], {"x": 1}, True])
def test_a_set_up_code_that_is_not_text_gives_the_save_error(code: Any) -> None:
    from engine.core.record import GameRecord

    data = _snapshot_game("deckbuilder")
    data["config"]["options"].update(setup="code", setup_code=code)
    with pytest.raises(RecordError) as info:
        replay(GameRecord.from_json(data))
    assert info.value.key == "save.bad_config"


CHILD_READER = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1024 ** 3, 1024 ** 3))
from engine.core.errors import RecordError
from engine.core.record import read_record, read_summary
for path in sys.argv[1:]:
    for reader in (read_record, read_summary):
        try:
            reader(path)
            print("read")
        except RecordError as exc:
            print(exc.key)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and resource limits")
def test_non_regular_files_are_refused_at_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    # In a child process with limited memory and time: reading /dev/zero used to take all
    # memory, and opening a FIFO used to wait for a writer forever.
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    paths = [str(fifo)] + (["/dev/zero"] if os.path.exists("/dev/zero") else [])
    root = Path(__file__).resolve().parents[2]
    try:
        proc = subprocess.run([sys.executable, "-c", CHILD_READER, *paths], capture_output=True,
                              text=True, timeout=60, cwd=root,
                              env=dict(os.environ, PYTHONPATH=str(root)))
    except subprocess.TimeoutExpired:
        pytest.fail("reading a FIFO or /dev/zero hung")
    assert proc.stdout.split() == ["save.not_a_file"] * 2 * len(paths), proc.stderr[-400:]
    assert main(["replay", str(fifo), "--verify"]) == 1


def test_the_header_is_read_without_the_actions(tmp_path: Path) -> None:
    data = _good()
    text = json.dumps(data, separators=(",", ":"))
    assert text.index('"meta"') < text.index('"actions"') < text.index('"snapshot"')
    # A header followed by 64 KB of garbage: the summary never looks at the rest.
    cut = text.index(',"actions"')
    path = _write(tmp_path / "h.json", text[:cut] + ',"actions":[' + "x" * 65536)
    summary = read_summary(path)
    assert summary.game_id == "toy" and summary.meta["turn"] == data["meta"]["turn"]
    with pytest.raises(RecordError):
        read_record(path)


def test_a_save_in_the_old_key_order_is_summarised_too(tmp_path: Path) -> None:
    data = _good()
    old = {k: data[k] for k in ("format", "format_version", "game", "rules_version",
                                "content_hash", "config", "seed", "actions", "hashes", "meta",
                                "snapshot")}
    assert read_summary(_write(tmp_path / "old.json", old)).meta == data["meta"]


def test_write_atomic_names_its_temp_file_with_the_pid(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = os.replace

    def spy(src: str, dst: Any) -> None:
        seen.append(Path(src).name)
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    write_atomic(tmp_path / "a.json", "{}")
    assert seen and seen[0].startswith(f".a.json.{os.getpid()}.") and seen[0].endswith(".tmp")


def _dead_pid() -> int:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.mark.skipif(os.name != "posix", reason="process ids are checked on POSIX")
def test_temp_files_of_killed_writes_are_cleaned(tmp_path: Path) -> None:
    dead = _dead_pid()
    leftovers = [tmp_path / f".autosave-toy.json.{dead}.abc123xy.tmp",
                 tmp_path / f".table-1600x900-7-v3.bmp.{dead}.tmp.bmp"]
    old_style = tmp_path / ".settings.json.k2j4h5g6.tmp"
    fresh_old_style = tmp_path / ".settings.json.zz9xx8yy.tmp"
    live = tmp_path / f".autosave-duel.json.{os.getppid()}.abc123xy.tmp"  # a running program
    keep = [tmp_path / "autosave-toy.json", tmp_path / "notes.tmp", fresh_old_style, live]
    for path in [*leftovers, old_style, *keep]:
        path.write_text("partial")
    an_hour_ago = time.time() - 7200
    os.utime(old_style, (an_hour_ago, an_hour_ago))
    removed = clean_temp_files(tmp_path)
    assert sorted(removed) == sorted([*leftovers, old_style])
    assert all(p.exists() for p in keep) and not any(p.exists() for p in removed)


def test_a_write_in_flight_is_never_cleaned(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    cleaned: list[Path] = []
    real = os.replace

    def clean_then_replace(src: str, dst: Any) -> None:
        cleaned.extend(clean_temp_files(tmp_path))
        real(src, dst)

    monkeypatch.setattr(os, "replace", clean_then_replace)
    write_atomic(tmp_path / "a.json", "{}")
    assert cleaned == [] and (tmp_path / "a.json").read_text() == "{}"


def test_a_failed_write_leaves_no_partial_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    path = tmp_path / "slot.json"
    save_record(path, read_record(_write(tmp_path / "g.json", _good())))
    before = path.read_text()

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        write_atomic(path, "x" * 100_000)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "slot.json"]
