"""Save slots in the user data folder: listing, naming, loading and writing off the frame.

Every game has a protected autosave slot (``autosave-<game>.json``) that only the table's
end-of-turn autosave writes; Ctrl+S writes the game's own slot (``<game>-<date>.json``, made at
the first save of a session and then overwritten).
"""

from __future__ import annotations

import errno
import json
import threading
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.content.i18n import LANGUAGES
from engine.core.campaign import FORMAT as CAMPAIGN_FORMAT
from engine.core.campaign import CampaignRecord, CampaignSession, replay_campaign
from engine.core.errors import RecordError
from engine.core.record import (
    GameRecord,
    check_hashes,
    read_record,
    read_summary,
    replay,
    write_atomic,
)
from scenes import userdata

__all__ = ["CampaignRecord", "CampaignSession", "GameRecord", "replay", "replay_campaign"]

AUTOSAVE_PREFIX = "autosave-"
PAUSE_BETWEEN_CHECKS = 0.03  # seconds the background check rests after each file


@dataclass
class SaveInfo:
    """What the load screen shows about one save file.

    ``checked`` turns True once the whole file was read (``error`` then says if it is damaged);
    until then only its header was.
    """

    path: Path
    game_id: str = ""
    saved_at: str = ""  # ISO date and time
    turn: int = 0
    autosave: bool = False
    over: bool = False
    players: list[str] = field(default_factory=list)
    error: RecordError | None = None
    mtime: float = 0.0
    checked: bool = False
    campaign: str = ""  # a campaign save: the campaign's id, and the running game (1 = first)
    game_no: int = 0
    progress: dict[str, Any] | None = None  # how far the game is, as its table shows it
    party: dict[str, Any] | None = None  # what tells the party apart (heroes, difficulty)
    # which game this is a save of (game, campaign, seed, seats): a manual save and the
    # autosave of one game share it; None when the header does not say
    identity: tuple[Any, ...] | None = None


def _progress(value: Any) -> dict[str, Any] | None:
    """Returns a save's progress message (``{key, params}`` of plain numbers, short texts and
    short inline texts ``{en, de}``), or None when it is missing (saves of earlier versions) or
    malformed."""
    if not isinstance(value, dict) or set(value) != {"key", "params"}:
        return None
    key, params = value["key"], value["params"]
    if not isinstance(key, str) or len(key) > 80 or not isinstance(params, dict) or len(params) > 4:
        return None
    for name, item in params.items():
        if not isinstance(name, str) or isinstance(item, bool):
            return None
        if isinstance(item, dict):  # an inline text in every language
            if set(item) != set(LANGUAGES) or not all(
                    isinstance(x, str) and len(x) < 120 for x in item.values()):
                return None
        elif not (isinstance(item, int) and abs(item) < 10**9
                  or isinstance(item, str) and len(item) < 40):
            return None
    return {"key": key, "params": dict(params)}


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


def _as_record_error(exc: BaseException) -> RecordError:
    """Returns exc as the save error (anything unexpected counts as a damaged file)."""
    if isinstance(exc, RecordError):
        return exc
    return RecordError("save.corrupt", f"{type(exc).__name__}: {exc}")


def describe(path: Path) -> SaveInfo:
    """Returns the SaveInfo of a file from its header; a broken file carries its RecordError."""
    info = SaveInfo(path=path, autosave=is_autosave(path))
    try:
        info.mtime = path.stat().st_mtime
    except OSError:
        pass
    try:
        campaign = _campaign_header(path)
        if campaign is not None:
            summary = campaign
            meta = campaign.meta
            info.campaign = campaign.campaign_id
            info.game_no = len(campaign.games)
        else:
            summary = read_summary(path)
            meta = summary.meta
        info.game_id = summary.game_id
        info.saved_at = str(meta.get("saved_at", ""))[:40]
        turn = meta.get("turn", 0)
        info.turn = turn if isinstance(turn, int) and not isinstance(turn, bool) else 0
        info.progress = _progress(meta.get("progress"))
        info.party = _progress(meta.get("party"))
        info.over = meta.get("over") is True
        info.players = [s.name for s in summary.config.seats]
        seed = getattr(summary, "seed", None)
        if seed is not None:
            info.identity = (info.game_id, info.campaign, seed, tuple(info.players))
    except Exception as exc:  # noqa: BLE001 - a damaged file is listed, never fatal
        info.error = _as_record_error(exc)
        info.checked = True
    return info


def check(info: SaveInfo) -> SaveInfo:
    """Reads the whole file of info and records whether it is damaged; returns info."""
    if not info.checked:
        try:
            record = read_any(info.path)
            for game in record.games if isinstance(record, CampaignRecord) else [record]:
                check_hashes(game)
        except Exception as exc:  # noqa: BLE001 - a damaged file is listed, never fatal
            info.error = _as_record_error(exc)
        info.checked = True
    return info


def list_saves() -> list[SaveInfo]:
    """Returns every save in the saves folder, newest first (headers only: see check)."""
    folder = userdata.saves_dir()
    try:
        paths = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []
    infos = [describe(p) for p in paths]
    infos.sort(key=lambda i: (i.mtime, i.path.name), reverse=True)
    return infos


def latest(known_games: list[str]) -> SaveInfo | None:
    """Returns the newest readable, unfinished save of a known game (for "continue").

    Only the candidates are read whole, newest first, until one is sound: usually one file.
    A save of a game that a newer save shows finished is passed over (a manual save made
    before the end: the autosave holds the finished game).
    """
    ended: set[tuple[Any, ...]] = set()
    for info in list_saves():
        if info.over and info.identity is not None:
            ended.add(info.identity)
        if info.identity is not None and info.identity in ended:
            continue
        if info.error is None and not info.over and info.game_id in known_games:
            if check(info).error is None:
                return info
    return None


class SaveChecker:
    """Reads the listed saves whole on a background thread and marks the damaged ones.

    The load screen lists saves from their headers at once; this finds what only the whole
    file shows (a cut or broken action list) without holding up a frame.
    """

    def __init__(self, infos: list[SaveInfo]) -> None:
        self.infos = list(infos)
        self.done = 0  # written by the checker thread only
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="save-checker", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        for info in self.infos:
            if self._stop.is_set():
                return
            check(info)
            self.done += 1
            # A pause between files hands the frame thread the interpreter lock for a while.
            self._stop.wait(PAUSE_BETWEEN_CHECKS)

    @property
    def finished(self) -> bool:
        """Returns True when every save was read (or the check was stopped)."""
        return not self.thread.is_alive()

    def stop(self) -> None:
        """Asks the checker to stop after the file it is reading."""
        self._stop.set()

    def join(self, timeout: float | None = None) -> None:
        """Waits for the checker to finish."""
        self.thread.join(timeout)


def clean_temp_files() -> list[Path]:
    """Deletes what interrupted writes left in the saves, settings, decks and cache folders."""
    from engine.content.cache import cache_dir
    from engine.core.record import clean_temp_files as clean_folder

    folders = {userdata.saves_dir(), userdata.settings_path().parent, userdata.home() / "cache",
               cache_dir() / "content", cache_dir() / "yaml"}
    try:  # the player's own decks, one folder per game
        folders.update(p for p in (userdata.home() / "decks").iterdir() if p.is_dir())
    except OSError:
        pass
    removed: list[Path] = []
    for folder in sorted(folders):
        removed += clean_folder(folder)
    return removed

def read(path: Path) -> GameRecord:
    """Returns the record stored in a save; raises RecordError with a player-facing message."""
    return read_record(path)


def read_any(path: Path) -> GameRecord | CampaignRecord:
    """Returns the game or campaign record stored in a save (told apart by its "format")."""
    raw = _read_prefix(path, None)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        raise RecordError("save.corrupt", "the save file is not readable JSON") from None
    if isinstance(data, dict) and data.get("format") == CAMPAIGN_FORMAT:
        try:
            return CampaignRecord.from_json(data)
        except RecordError:
            raise
        except Exception as exc:  # noqa: BLE001 - hostile data must not end the program
            raise _as_record_error(exc) from None
    return read_record(path)


def load(path: Path) -> Any:
    """Returns the Session (or CampaignSession) stored in a save; raises RecordError."""
    record = read_any(path)
    if isinstance(record, CampaignRecord):
        return replay_campaign(record)
    return replay(record)


def _read_prefix(path: Path, size: int | None) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read() if size is None else f.read(size)
    except OSError as exc:
        raise RecordError("save.unreadable", f"the save cannot be read: {exc}") from None


def _campaign_header(path: Path) -> CampaignRecord | None:
    """Returns a campaign save's header (its games' records left empty of actions), or None
    for a save of a single game; reads only the start of the file when it can."""
    raw = _read_prefix(path, 16 * 1024)
    if CAMPAIGN_FORMAT.encode() not in raw[:200]:
        return None
    text = raw.decode("utf-8", errors="ignore")
    decoder = json.JSONDecoder()
    found: dict[str, Any] = {}
    i = text.find("{") + 1
    try:
        while i > 0:
            key, i = decoder.raw_decode(text, i)
            i = text.index(":", i) + 1
            while text[i] in " \t\r\n":
                i += 1
            if key == "games":
                # each game's header is enough: its config tells the game's number
                found["count"] = text.count('"format":"tabletop-hall/record"', i)
                break
            found[key], i = decoder.raw_decode(text, i)
            i = text.index(",", i) + 1
            while text[i] in " \t\r\n":
                i += 1
    except (ValueError, IndexError, RecursionError):
        found = {}
    if "meta" not in found or "count" not in found:
        record = read_any(path)
        assert isinstance(record, CampaignRecord)
        return record
    from engine.core.protocol import GameConfig

    meta = found["meta"] if isinstance(found["meta"], dict) else {}
    try:
        config = GameConfig.from_dict(found.get("config"))
    except Exception as exc:  # noqa: BLE001 - a damaged file is listed, never fatal
        raise _as_record_error(exc) from None
    games = int(meta.get("game_no", found["count"]) or 1)
    return CampaignRecord(str(found.get("game")), str(found.get("campaign")), config,
                          0, [None] * max(1, games), [], bool(found.get("over")),  # type: ignore[list-item]
                          meta)


def meta_for(session: Any, *, autosave: bool) -> dict[str, Any]:
    """Returns the meta block written into a save."""
    meta = {
        "saved_at": datetime.now().isoformat(timespec="seconds"),
        "turn": session.turn(),
        "progress": session.rules.progress(session.state).to_json(),
        "autosave": autosave,
        "over": session.is_over,
    }
    party = session.rules.party(session.state)
    if party is not None:
        meta["party"] = party.to_json()
    return meta


def serialise_campaign(record: CampaignRecord) -> str:
    """Returns the save file text of a campaign record, the small header keys first."""
    data = record.to_json()
    order = ("format", "format_version", "game", "campaign", "config", "seed", "meta", "over",
             "carries", "games")
    return json.dumps({k: data[k] for k in order}, ensure_ascii=False, separators=(",", ":"))


def serialise(record: GameRecord) -> str:
    """Returns the save file text of a record (same form as engine.core.record.save_record)."""
    return json.dumps(record.to_json(), ensure_ascii=False, separators=(",", ":"))


# errno values that say why a write failed, as the catalog keys the player reads.
_FAILURE_KEYS = {
    errno.ENOSPC: "ui.save_failed.disk_full",
    getattr(errno, "EDQUOT", errno.ENOSPC): "ui.save_failed.disk_full",
    errno.EACCES: "ui.save_failed.denied",
    errno.EPERM: "ui.save_failed.denied",
    errno.EROFS: "ui.save_failed.denied",
}


def failure_message(path: Path, exc: BaseException) -> tuple[str, dict[str, Any]]:
    """Returns the catalog key and parameters that explain a failed write of path."""
    if isinstance(exc, OSError) and exc.errno in _FAILURE_KEYS:
        return _FAILURE_KEYS[exc.errno], {"name": path.name, "folder": str(path.parent)}
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
    return "ui.save_failed", {"detail": f"{path.name}: {detail}"}


class _Job:
    """One file to write: its owner, path, text and whether success is announced."""

    __slots__ = ("writer", "path", "text", "announce")

    def __init__(self, writer: SaveWriter, path: Path, text: str, announce: bool) -> None:
        self.writer, self.path, self.text, self.announce = writer, path, text, announce


class _DiskQueue:
    """The one thread that writes save files, strictly in the order they were asked for.

    One writer in order (rather than a thread per write) is what makes the newest state win:
    back-to-back autosaves can no longer overtake each other on the way to the disk. A queued
    write of a file is dropped when a newer state of the same file arrives.
    """

    IDLE_SECONDS = 2.0  # the thread ends after this long without work; the next write restarts it

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.jobs: deque[_Job] = deque()
        self.current: _Job | None = None
        self.thread: threading.Thread | None = None

    def put(self, job: _Job) -> None:
        with self.cond:
            for old in [j for j in self.jobs if j.path == job.path]:
                self.jobs.remove(old)
                if old.writer is job.writer:
                    job.announce = job.announce or old.announce
            self.jobs.append(job)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="save-writer",
                                               daemon=True)
                self.thread.start()
            self.cond.notify_all()

    def _run(self) -> None:
        while True:
            with self.cond:
                while not self.jobs:
                    if not self.cond.wait(self.IDLE_SECONDS) and not self.jobs:
                        self.thread = None
                        return
                job = self.current = self.jobs.popleft()
            error: BaseException | None = None
            try:
                write_atomic(job.path, job.text)
            except Exception as exc:  # noqa: BLE001 - reported to the player, never lost
                error = exc
            with self.cond:
                self.current = None
                job.writer._finished(job, error)
                self.cond.notify_all()

    def busy_for(self, writer: SaveWriter) -> bool:
        """Returns True while a write of writer is queued or running (hold cond)."""
        current = self.current
        return (current is not None and current.writer is writer) or any(
            j.writer is writer for j in self.jobs)

    def wait(self, writer: SaveWriter, timeout: float) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: not self.busy_for(writer), timeout)


_DISK = _DiskQueue()


class SaveWriter:
    """Writes save files on a background thread so a frame never waits for the disk.

    The text is made on the caller's thread (the state may change right after); only the
    atomic write (temp file, fsync, rename) happens on the one writer thread, in order. What
    happened is collected here and shown by ``report`` on the frame thread: "Game saved." only
    once the file is on the disk, a failure in the player's language.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._saved: list[Path] = []
        self._failures: list[tuple[Path, BaseException]] = []

    def write(self, path: Path, text: str, *, announce: bool = False) -> None:
        """Queues writing text to path atomically; ``announce`` reports success too."""
        _DISK.put(_Job(self, Path(path), text, announce))

    def _finished(self, job: _Job, error: BaseException | None) -> None:
        with self._lock:
            if error is not None:
                self._failures.append((job.path, error))
            elif job.announce:
                self._saved.append(job.path)

    def take_saved(self) -> list[Path]:
        """Returns and forgets the announced writes that reached the disk."""
        with self._lock:
            saved, self._saved = self._saved, []
        return saved

    def take_failures(self) -> list[tuple[str, dict[str, Any]]]:
        """Returns and forgets the failed writes, as catalog keys with parameters."""
        with self._lock:
            failures, self._failures = self._failures, []
        return [failure_message(path, exc) for path, exc in failures]

    def take_errors(self) -> list[str]:
        """Returns and forgets the failed writes as one line each (file: reason)."""
        with self._lock:
            failures, self._failures = self._failures, []
        return [f"{path.name}: {getattr(exc, 'strerror', None) or type(exc).__name__}"
                for path, exc in failures]

    def report(self, app: Any) -> None:
        """Shows what finished writes came to, as toasts (call once per frame)."""
        for _path in self.take_saved():
            app.toast(app.t("ui.saved"), "ok")
        for key, params in self.take_failures():
            app.toast(app.t(key, **params), "error")

    def flush(self, timeout: float = 5.0) -> bool:
        """Waits for this writer's pending writes (on leaving the table or quitting)."""
        return _DISK.wait(self, timeout)
