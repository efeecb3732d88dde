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
MAX_FILE_BYTES = 16 * 1024 * 1024  # a long game is a few hundred KB
# The load list reads only this much of a file: the header keys come first (see to_json).
HEADER_BYTES = 16 * 1024
HEADER_KEYS = ("format", "format_version", "game", "rules_version", "content_hash", "seed",
               "config", "meta")
# Anything else Python's JSON reader or our checks may raise on hostile data; the reader turns
# it into a RecordError so that no bad file can end the program.
_DATA_ERRORS = (TypeError, ValueError, AttributeError, IndexError, KeyError, OverflowError,
                RecursionError)
TEMP_SUFFIX = ".tmp"


def _corrupt(message: str, **params: Any) -> RecordError:
    return RecordError("save.corrupt", message, **params)


def _check_header(data: Any) -> tuple[str, GameConfig, dict[str, Any]]:
    """Returns (game id, config, meta) of a record's JSON; raises RecordError when unusable."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("save.foreign", "this is not a save file of this program")
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _corrupt("the save file has no format version")
    if version > FORMAT_VERSION:
        raise RecordError("save.newer", f"the save file comes from a newer version "
                          f"(format {version}, this program reads up to {FORMAT_VERSION})",
                          version=version)
    if version < 1:
        raise _corrupt(f"the save file has an impossible format version {version}")
    game = data.get("game")
    if not isinstance(game, str) or not game:
        raise _corrupt("the save file names no game")
    if "config" not in data:
        raise _corrupt("the save file lacks the field config")
    config = GameConfig.from_dict(data["config"])
    meta = data.get("meta")
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise _corrupt("the save's summary (meta) is not an object")
    return game, config, meta


class GameRecord:
    """Everything needed to replay a game exactly.

    ``hashes`` holds the state hash after each action, ``hashes[0]`` the initial one;
    ``snapshot`` the final state (optional); ``meta`` what the UI wants to show in a load list.
    """

    def __init__(self, game_id: str, config: GameConfig, seed: int, rules_version: str,
                 content_hash: str, actions: list[Action] | None = None,
                 hashes: list[str] | None = None, snapshot: dict[str, Any] | None = None,
                 meta: dict[str, Any] | None = None, base: dict[str, Any] | None = None,
                 ) -> None:
        self.game_id = game_id
        self.config = config
        self.seed = seed
        self.rules_version = rules_version
        self.content_hash = content_hash
        self.actions: list[Action] = [] if actions is None else actions
        self.hashes: list[str] = [] if hashes is None else hashes
        self.snapshot = snapshot
        self.meta: dict[str, Any] = {} if meta is None else meta
        # The state the actions start from when the game was continued from an older save's
        # snapshot (see continue_from_snapshot); None: from new_game(config, seed).
        self.base = base

    def __repr__(self) -> str:
        return (f"GameRecord({self.game_id!r}, seed={self.seed}, "
                f"actions={len(self.actions)})")

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form of the record (the small header keys first, for read_summary)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game_id,
            "rules_version": self.rules_version,
            "content_hash": self.content_hash,
            "seed": self.seed,
            "config": self.config.to_dict(),
            "meta": dict(self.meta),
            "actions": [a.to_json() for a in self.actions],
            "hashes": list(self.hashes),
        }
        if self.base is not None:
            out["base"] = self.base
        if self.snapshot is not None:
            out["snapshot"] = self.snapshot
        return out

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Returns a record from JSON; raises RecordError (only) for foreign, newer or bad data."""
        try:
            return cls._from_json(data)
        except RecordError:
            raise
        except MalformedAction as exc:
            raise _corrupt(f"the save file holds a broken action: {exc}") from None
        except _DATA_ERRORS as exc:
            raise _corrupt(f"the save file is damaged ({type(exc).__name__})") from None

    @classmethod
    def _from_json(cls, data: Any) -> GameRecord:
        game_id, config, meta = _check_header(data)
        for key in ("seed", "actions", "rules_version", "content_hash"):
            if key not in data:
                raise _corrupt(f"the save file lacks the field {key}")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise _corrupt("the seed is not a whole number")
        rules_version, content_hash = data["rules_version"], data["content_hash"]
        if not isinstance(rules_version, str) or not isinstance(content_hash, str):
            raise _corrupt("the rules version and content hash must be text")
        actions = data["actions"]
        hashes = data.get("hashes", [])
        if not isinstance(actions, list) or not isinstance(hashes, list):
            raise _corrupt("actions and hashes must be lists")
        if not all(isinstance(h, str) for h in hashes):
            raise _corrupt("the save's hashes must be text")
        snapshot = data.get("snapshot")
        if snapshot is not None and not isinstance(snapshot, dict):
            raise _corrupt("the save's snapshot is damaged")
        base = data.get("base")
        if base is not None and not isinstance(base, dict):
            raise _corrupt("the save's starting position is damaged")
        return cls(
            game_id=game_id,
            config=config,
            seed=seed,
            rules_version=rules_version,
            content_hash=content_hash,
            actions=[Action.from_json(a) for a in actions],
            hashes=list(hashes),
            snapshot=snapshot,
            meta=dict(meta),
            base=base,
        )


class RecordSummary:
    """What a load list shows about a save, read from its header without the actions."""

    def __init__(self, game_id: str, config: GameConfig, meta: dict[str, Any],
                 seed: int | None = None) -> None:
        self.game_id = game_id
        self.config = config
        self.meta = meta
        self.seed = seed  # None when the header does not say (a save of an early version)


# The temporary files of writes in flight in this process (never cleaned away under them).
_IN_FLIGHT: set[str] = set()


def write_atomic(path: Path, text: str) -> None:
    """Writes text to path so that a crash leaves either the old or the new file, whole.

    The temporary file is named ``.<name>.<pid>.<random>.tmp`` beside the target, so that
    ``clean_temp_files`` can tell the leftovers of a killed program from a write in progress.
    """
    import tempfile  # only when saving: it costs a fifth of the engine's import time

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX,
                               dir=path.parent)
    _IN_FLIGHT.add(tmp)
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
    finally:
        _IN_FLIGHT.discard(tmp)
    if hasattr(os, "O_DIRECTORY"):
        try:
            dfd = os.open(path.parent, os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _pid_alive(pid: int) -> bool:
    """Returns True unless the process is known to be gone (POSIX only; elsewhere True)."""
    if os.name != "posix" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else
    return True


def clean_temp_files(folder: Path, *, max_age: float = 3600.0) -> list[Path]:
    """Deletes the temporary files that interrupted writes left in folder; returns them.

    A temp file is left over when the program that wrote it is gone (its pid is in the name) or,
    for names without a pid, when it is older than max_age seconds. Writes in flight in this or
    another running program are never touched.
    """
    import time

    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()  # ok-determinism: file ages only, never game state
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and (name.endswith(TEMP_SUFFIX)
                                           or name.endswith(TEMP_SUFFIX + ".bmp"))):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or entry.path in _IN_FLIGHT:
                continue
            parts = name[1:].split(".")
            pid = int(parts[-3]) if len(parts) >= 4 and parts[-3].isdigit() else None
            if pid == os.getpid() or (pid is not None and _pid_alive(pid)):
                continue  # this program's other folders, or another running copy: in use
            if pid is None and now - entry.stat(follow_symlinks=False).st_mtime < max_age:
                continue
            os.unlink(entry.path)
        except (OSError, ValueError):
            continue
        removed.append(Path(entry.path))
    return removed


def save_record(path: Path, record: GameRecord) -> None:
    """Writes a record as a save file, atomically."""
    write_atomic(Path(path), json.dumps(record.to_json(), ensure_ascii=False, separators=(",", ":")))


def _read_bytes(path: Path, *, prefix: int = 0) -> bytes:
    """Returns the bytes of a save file (or its first bytes); raises RecordError."""
    from engine.core.files import FileRefused, read_regular

    try:
        return read_regular(path, MAX_FILE_BYTES, prefix=prefix)
    except FileRefused as exc:
        if exc.reason == "too_large":
            raise RecordError("save.too_large", "the file is too large to be a save file") \
                from None
        raise RecordError("save.not_a_file", f"{path} is not a regular file") from None
    except FileNotFoundError:
        raise RecordError("save.missing", f"there is no file {path}") from None
    except IsADirectoryError:
        raise RecordError("save.missing", f"{path} is a folder, not a save file") from None
    except OSError as exc:
        raise RecordError("save.unreadable", f"cannot read {path}: {exc.strerror}") from None


def _parse_json(raw: bytes) -> Any:
    """Returns the JSON value of a whole save file; raises RecordError."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("save.foreign", "this is not a save file of this program") from None
    except json.JSONDecodeError:
        if raw.lstrip()[:1] == b"{":
            raise _corrupt("the save file is damaged or cut short") from None
        raise RecordError("save.foreign", "this is not a save file of this program") from None
    except (ValueError, RecursionError):
        # A number past Python's digit limit, or nesting deeper than the parser's stack.
        raise _corrupt("the save file is damaged (absurd numbers or nesting)") from None


def read_record(path: Path) -> GameRecord:
    """Reads a save file; raises RecordError with a player-facing message on any problem."""
    return GameRecord.from_json(read_json(path))


def read_json(path: Path) -> Any:
    """Returns the JSON value of a save file (a game's record or a campaign's), read as safely
    as a record: only a regular file of bounded size; raises RecordError."""
    return _parse_json(_read_bytes(Path(path)))


def _header_fields(text: str) -> dict[str, Any] | None:
    """Returns the header keys at the start of a record's JSON text, or None if not all there.

    Walks the top-level object key by key and stops at the first other key (the actions):
    only the small values are decoded. None means "read the whole file instead".
    """
    decoder = json.JSONDecoder()
    ws = " \t\n\r"
    n = len(text)
    i = 0
    while i < n and text[i] in ws:
        i += 1
    if i >= n or text[i] != "{":
        return None
    i += 1
    found: dict[str, Any] = {}
    while True:
        while i < n and text[i] in ws:
            i += 1
        if i >= n or text[i] != '"':
            return None
        key, i = decoder.raw_decode(text, i)
        while i < n and text[i] in ws:
            i += 1
        if i >= n or text[i] != ":":
            return None
        i += 1
        while i < n and text[i] in ws:
            i += 1
        if key not in HEADER_KEYS:
            break
        found[key], i = decoder.raw_decode(text, i)
        while i < n and text[i] in ws:
            i += 1
        if i >= n or text[i] not in ",}":
            return None
        if text[i] == "}":
            break
        i += 1
    return found if all(k in found for k in HEADER_KEYS) else None


def read_summary(path: Path) -> RecordSummary:
    """Returns a save's game, seats and meta, reading only its header when it can.

    A file written before the header came first, or one whose header cannot be read, is read
    whole. Raises RecordError (only); a damaged tail shows up in ``read_record``, not here.
    """
    import codecs

    path = Path(path)
    raw = _read_bytes(path, prefix=HEADER_BYTES)
    fields = None
    try:
        # An incremental decoder tolerates a character cut at the end of the prefix.
        text = codecs.getincrementaldecoder("utf-8")().decode(raw, final=False)
        fields = _header_fields(text)
    except UnicodeDecodeError:
        raise RecordError("save.foreign", "this is not a save file of this program") from None
    except (ValueError, RecursionError):
        fields = None  # cut inside a value, or hostile: the full read gives the verdict
    if fields is None:
        record = read_record(path)
        return RecordSummary(record.game_id, record.config, record.meta, record.seed)
    try:
        game_id, config, meta = _check_header(fields)
    except RecordError:
        raise
    except _DATA_ERRORS as exc:
        raise _corrupt(f"the save file is damaged ({type(exc).__name__})") from None
    seed = fields.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = None
    return RecordSummary(game_id, config, meta, seed)


def replay(record: GameRecord, *, verify: bool = True) -> Any:
    """Replays a record and returns a Session at its end; raises RecordError on any mismatch.

    With ``verify`` the record must hold the hash before and after every action, each must
    equal the replay's, and a stored snapshot must hash to the replay's final hash. When the
    game's content changed since the record was made (its ``content_hash`` differs), a
    divergence is reported as ``save.content_changed`` rather than ``save.mismatch``: the file
    is whole, the program's cards and boards are not the same. A record whose content changed
    but which still replays to every stored hash is accepted (``content_changed`` tells).
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
    changed = content_changed(record)

    def diverged(step: int, what: str) -> RecordError:
        if changed:
            return RecordError("save.content_changed", f"the game's content changed since the "
                               f"save was made, and {what}", step=step)
        return RecordError("save.mismatch", what, step=step)

    if verify:
        check_hashes(record)
    try:
        if record.base is not None:
            session = _session_at(rules, record, record.base)
        else:
            session = Session.start(record.game_id, record.config, record.seed)
    except RecordError:
        raise
    except (MalformedAction, EngineError) as exc:
        raise RecordError("save.bad_config", f"the save's set-up is not valid: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a hostile set-up must not crash a game's set-up
        raise RecordError("save.bad_config", f"the save's set-up is not valid: "
                          f"{type(exc).__name__}") from None
    if verify and record.hashes[0] != session.hashes[0]:
        raise diverged(0, "the save does not match this program's content (it diverges at the "
                          "start)")
    for i, action in enumerate(record.actions, start=1):
        try:
            session.apply(action)
        except IllegalAction as exc:
            raise diverged(i, f"action {i} ({action}) is illegal on replay: {exc.rule}") \
                from None
        except MalformedAction as exc:
            raise _corrupt(f"action {i} is malformed: {exc}", step=i) from None
        except Exception as exc:  # noqa: BLE001 - a damaged action must not crash the rules
            raise _corrupt(f"action {i} ({action}) cannot be replayed: {type(exc).__name__}",
                           step=i) from None
        if verify and record.hashes[i] != session.hashes[i]:
            raise diverged(i, f"the replay diverges from the save at action {i}")
    if verify and record.snapshot is not None:
        try:
            snap_hash = rules.state_hash(rules.state_from_dict(record.snapshot))
        except Exception:  # noqa: BLE001 - any damage in a snapshot is the same to the player
            raise _corrupt("the save's snapshot is damaged") from None
        if snap_hash != session.hashes[-1]:
            raise diverged(len(record.actions), "the save's snapshot disagrees with its replay")
    session.start_fresh_history()  # a loaded game cannot undo into what the save replayed
    return session


# A replay that fails for these reasons may be continued from the save's snapshot.
CONTINUABLE = frozenset({"save.mismatch", "save.content_changed", "save.rules_version"})


def _session_at(rules: Any, record: GameRecord, data: dict[str, Any]) -> Any:
    """Returns a Session whose game starts at the stored state ``data`` (checked playable)."""
    from engine.core.session import Session

    try:
        state = rules.state_from_dict(data)
        check_playable(rules, state, record.config.players)
    except Exception as exc:  # noqa: BLE001 - any misfit of an old state is the same to the player
        raise RecordError("save.snapshot_unusable", f"the saved position does not fit this "
                          f"version of the game ({type(exc).__name__}: {exc})") from None
    session = Session(record.game_id, record.config, record.seed, state)
    session.base = rules.state_to_dict(state)
    return session


def check_playable(rules: Any, state: Any, players: int) -> None:
    """Raises when the current rules cannot work with ``state``: hashing, every seat's view,
    the actor, the prompt and the legal actions must all work (the schema check of a stored
    state against this version of the game)."""
    rules.state_hash(state)
    for seat in (*range(players), None):
        rules.view(state, seat)
    if not rules.is_over(state):
        actor = rules.current_actor(state)
        if actor is None or not 0 <= actor < players:
            raise ValueError(f"no seat to act ({actor!r})")
        rules.prompt(state)
        if not rules.legal_actions(state):
            raise ValueError("the seat to act has no legal action")
    else:
        rules.outcome(state)


def continue_from_snapshot(record: GameRecord) -> Any:
    """Returns a Session that continues a save from its snapshot, for a save whose replay no
    longer matches this version of the game (``CONTINUABLE``). The moves before the snapshot
    can no longer be replayed: the new record starts at the snapshot (its ``base``)."""
    from engine import registry

    if record.snapshot is None:
        raise RecordError("save.snapshot_missing", "the save holds no position to continue from")
    try:
        rules = registry.rules(record.game_id)
    except KeyError:
        raise RecordError("save.unknown_game", f"the save is for a game this program does not "
                          f"know ({record.game_id})", game=record.game_id) from None
    session = _session_at(rules, record, record.snapshot)
    session.start_fresh_history()
    return session


def check_hashes(record: GameRecord) -> None:
    """Raises RecordError unless the record holds the hash before and after every action."""
    if len(record.hashes) != len(record.actions) + 1:
        raise _corrupt(f"the save holds {len(record.hashes)} hashes for "
                       f"{len(record.actions)} actions (it needs one more than actions)")


def content_changed(record: GameRecord) -> bool:
    """Returns True when the record's game content differs from this program's."""
    from engine import registry

    try:
        return record.content_hash != registry.rules(record.game_id).content_hash()
    except KeyError:
        return False
