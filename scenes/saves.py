"""Save slots in the user data folder: listing, naming, loading and writing off the frame.

Every game has a protected autosave slot (``autosave-<game>.json``) that only the table's
end-of-turn autosave writes; Ctrl+S writes the game's own slot (``<game>-<date>.json``, made at
the first save of a session and then overwritten).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.core.errors import RecordError
from engine.core.record import GameRecord, read_record, replay, write_atomic
from scenes import userdata

AUTOSAVE_PREFIX = "autosave-"


@dataclass
class SaveInfo:
    """What the load screen shows about one save file."""

    path: Path
    game_id: str = ""
    saved_at: str = ""  # ISO date and time
    turn: int = 0
    autosave: bool = False
    over: bool = False
    players: list[str] = field(default_factory=list)
    error: RecordError | None = None
    mtime: float = 0.0


def autosave_path(game_id: str) -> Path:
    """Returns the protected autosave slot of a game."""
    return userdata.saves_dir() / f"{AUTOSAVE_PREFIX}{game_id}.json"


def new_slot_path(game_id: str) -> Path:
    """Returns a fresh save slot name for a game (date and time, never the autosave slot)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = userdata.saves_dir() / f"{game_id}-{stamp}.json"
    n = 2
    while path.exists():
        path = userdata.saves_dir() / f"{game_id}-{stamp}-{n}.json"
        n += 1
    return path


def is_autosave(path: Path) -> bool:
    """Returns True for an autosave slot."""
    return path.name.startswith(AUTOSAVE_PREFIX)


def describe(path: Path) -> SaveInfo:
    """Returns the SaveInfo of a file; a broken file gives an info carrying its RecordError."""
    info = SaveInfo(path=path, autosave=is_autosave(path))
    try:
        info.mtime = path.stat().st_mtime
    except OSError:
        pass
    try:
        record = read_record(path)
    except RecordError as exc:
        info.error = exc
        return info
    meta = record.meta
    info.game_id = record.game_id
    info.saved_at = str(meta.get("saved_at", ""))
    turn = meta.get("turn", 0)
    info.turn = turn if isinstance(turn, int) else 0
    info.over = bool(meta.get("over", False))
    info.players = [s.name for s in record.config.seats]
    return info


def list_saves() -> list[SaveInfo]:
    """Returns every save in the saves folder, newest first."""
    folder = userdata.saves_dir()
    if not folder.is_dir():
        return []
    infos = [describe(p) for p in folder.glob("*.json") if p.is_file()]
    infos.sort(key=lambda i: (i.mtime, i.path.name), reverse=True)
    return infos


def latest(known_games: list[str]) -> SaveInfo | None:
    """Returns the newest readable, unfinished save of a known game (for "continue")."""
    for info in list_saves():
        if info.error is None and not info.over and info.game_id in known_games:
            return info
    return None


def load(path: Path) -> Any:
    """Returns the Session stored in a save; raises RecordError with a player-facing message."""
    return replay(read_record(path))


def meta_for(session: Any, *, autosave: bool) -> dict[str, Any]:
    """Returns the meta block written into a save."""
    return {
        "saved_at": datetime.now().isoformat(timespec="seconds"),
        "turn": session.turn(),
        "autosave": autosave,
        "over": session.is_over,
    }


def serialise(record: GameRecord) -> str:
    """Returns the save file text of a record (same form as engine.core.record.save_record)."""
    return json.dumps(record.to_json(), ensure_ascii=False, separators=(",", ":"))


class SaveWriter:
    """Writes save files on a background thread so a frame never waits for the disk.

    The text is made on the caller's thread (the state may change right after); only the
    atomic write (temp file, fsync, rename) happens on the worker.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self.errors: list[str] = []

    def write(self, path: Path, text: str) -> None:
        """Starts writing text to path atomically."""
        thread = threading.Thread(target=self._run, args=(path, text), daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(thread)
        thread.start()

    def _run(self, path: Path, text: str) -> None:
        try:
            write_atomic(path, text)
        except OSError as exc:
            with self._lock:
                self.errors.append(f"{path.name}: {exc.strerror or exc}")

    def take_errors(self) -> list[str]:
        """Returns and forgets the errors of finished writes."""
        with self._lock:
            errors, self.errors = self.errors, []
        return errors

    def flush(self, timeout: float = 5.0) -> None:
        """Waits for pending writes (on leaving the table or quitting)."""
        for thread in self._threads:
            thread.join(timeout)
        self._threads = []
