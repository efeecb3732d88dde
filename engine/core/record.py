"""Game records and save files: config + seed + actions, replayed and verified on load.

A save is a record plus the hash after every action and, optionally, a snapshot of the final
state for fast loading; the snapshot is only trusted when its hash matches the replay's.
Files are written atomically (temporary file, flush, fsync, rename).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from engine.core.actions import Action
from engine.core.errors import EngineError, IllegalAction, MalformedAction, RecordError
from engine.core.protocol import GameConfig

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

FORMAT = "tabletop-hall/record"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 64 * 1024 * 1024


class GameRecord:
    """Everything needed to replay a game exactly.

    ``hashes`` holds the state hash after each action, ``hashes[0]`` the initial one;
    ``snapshot`` the final state (optional); ``meta`` what the UI wants to show in a load list.
    """

    def __init__(self, game_id: str, config: GameConfig, seed: int, rules_version: str,
                 content_hash: str, actions: list[Action] | None = None,
                 hashes: list[str] | None = None, snapshot: dict[str, Any] | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        self.game_id = game_id
        self.config = config
        self.seed = seed
        self.rules_version = rules_version
        self.content_hash = content_hash
        self.actions: list[Action] = [] if actions is None else actions
        self.hashes: list[str] = [] if hashes is None else hashes
        self.snapshot = snapshot
        self.meta: dict[str, Any] = {} if meta is None else meta

    def __repr__(self) -> str:
        return (f"GameRecord({self.game_id!r}, seed={self.seed}, "
                f"actions={len(self.actions)})")

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form of the record."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game_id,
            "rules_version": self.rules_version,
            "content_hash": self.content_hash,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
            "hashes": list(self.hashes),
            "meta": dict(self.meta),
        }
        if self.snapshot is not None:
            out["snapshot"] = self.snapshot
        return out

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Returns a record from JSON; raises RecordError for foreign, newer or broken data."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("save.foreign", "this is not a save file of this program")
        version = data.get("format_version")
        if not isinstance(version, int):
            raise RecordError("save.corrupt", "the save file has no format version")
        if version > FORMAT_VERSION:
            raise RecordError("save.newer", f"the save file comes from a newer version "
                              f"(format {version}, this program reads up to {FORMAT_VERSION})",
                              version=version)
        try:
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError("save.corrupt", "the seed is not a whole number")
            actions = data["actions"]
            hashes = data.get("hashes", [])
            if not isinstance(actions, list) or not isinstance(hashes, list):
                raise RecordError("save.corrupt", "actions and hashes must be lists")
            return cls(
                game_id=str(data["game"]),
                config=GameConfig.from_dict(data["config"]),
                seed=seed,
                rules_version=str(data["rules_version"]),
                content_hash=str(data["content_hash"]),
                actions=[Action.from_json(a) for a in actions],
                hashes=[str(h) for h in hashes],
                snapshot=data.get("snapshot"),
                meta=dict(data.get("meta") or {}),
            )
        except KeyError as exc:
            raise RecordError("save.corrupt", f"the save file lacks the field {exc.args[0]}") \
                from None
        except MalformedAction as exc:
            raise RecordError("save.corrupt", f"the save file holds a broken action: {exc}") \
                from None


def write_atomic(path: Path, text: str) -> None:
    """Writes text to path so that a crash leaves either the old or the new file, whole."""
    import tempfile  # only when saving: it costs a fifth of the engine's import time

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):
        try:
            dfd = os.open(path.parent, os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def save_record(path: Path, record: GameRecord) -> None:
    """Writes a record as a save file, atomically."""
    write_atomic(Path(path), json.dumps(record.to_json(), ensure_ascii=False, separators=(",", ":")))


def read_record(path: Path) -> GameRecord:
    """Reads a save file; raises RecordError with a player-facing message on any problem."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise RecordError("save.too_large", "the file is too large to be a save file")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RecordError("save.missing", f"there is no file {path}") from None
    except IsADirectoryError:
        raise RecordError("save.missing", f"{path} is a folder, not a save file") from None
    except OSError as exc:
        raise RecordError("save.unreadable", f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("save.foreign", "this is not a save file of this program") from None
    except json.JSONDecodeError:
        if raw.lstrip()[:1] == b"{":
            raise RecordError("save.corrupt", "the save file is damaged or cut short") from None
        raise RecordError("save.foreign", "this is not a save file of this program") from None
    return GameRecord.from_json(data)


def replay(record: GameRecord, *, verify: bool = True) -> Any:
    """Replays a record and returns a Session at its end; raises RecordError on any mismatch.

    With ``verify`` every stored hash is compared with the replay's, and a stored snapshot must
    hash to the replay's final hash.
    """
    from engine import registry
    from engine.core.session import Session

    try:
        rules = registry.rules(record.game_id)
    except KeyError:
        raise RecordError("save.unknown_game", f"the save is for a game this program does not "
                          f"know ({record.game_id})", game=record.game_id) from None
    if record.rules_version != rules.rules_version:
        raise RecordError("save.rules_version", f"the save was made with rules version "
                          f"{record.rules_version}; this program has {rules.rules_version}")
    try:
        session = Session.start(record.game_id, record.config, record.seed)
    except (MalformedAction, EngineError) as exc:
        raise RecordError("save.bad_config", f"the save's set-up is not valid: {exc}") from None
    if verify and record.hashes and record.hashes[0] != session.hashes[0]:
        raise RecordError("save.mismatch", "the save does not match this program's content "
                          "(it diverges at the start)", step=0)
    for i, action in enumerate(record.actions, start=1):
        try:
            session.apply(action)
        except IllegalAction as exc:
            raise RecordError("save.mismatch", f"action {i} ({action}) is illegal on replay: "
                              f"{exc.rule}", step=i) from None
        if verify and i < len(record.hashes) and record.hashes[i] != session.hashes[i]:
            raise RecordError("save.mismatch", f"the replay diverges from the save at action {i}",
                              step=i)
    if verify and len(record.hashes) > len(record.actions) + 1:
        raise RecordError("save.corrupt", "the save lists more hashes than actions")
    if verify and record.snapshot is not None:
        try:
            snap_hash = rules.state_hash(rules.state_from_dict(record.snapshot))
        except (KeyError, TypeError, ValueError, EngineError):
            raise RecordError("save.corrupt", "the save's snapshot is damaged") from None
        if snap_hash != session.hashes[-1]:
            raise RecordError("save.mismatch", "the save's snapshot disagrees with its replay")
    session.irreversible_floor = len(session.actions)  # a loaded game starts a fresh undo history
    return session
