"""Loading a game's content: YAML under ``data/<game>/`` → validated, frozen definitions.

Every ``*.yaml`` file below ``data/<game>/`` (sorted by path) is a mapping ``kind: [entries]``.
Each entry is checked against its kind's schema, ids must be unique slugs per kind, references
and effect records are checked, and all problems are raised together as one ContentError.
A validated result is cached as JSON keyed by the content hash (see ``engine.content.cache``).

Kinds and effects register when the game's package is imported; loading imports nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.content import cache
from engine.content.effects import REGISTRY
from engine.content.schema import (
    BAD,
    KINDS,
    SLUG,
    Content,
    Reader,
    format_problem,
    kind_schema,
    schema_fingerprint,
    suggest,
)
from engine.content.yamlload import (
    MappingNode,
    Node,
    SequenceNode,
    YamlProblem,
    compose_text,
    is_null,
    is_str,
    line_of,
    require_libyaml,
    show_node,
)
from engine.core.errors import ContentError
from engine.paths import data_dir

DATA_DIR = data_dir()
ROOT = DATA_DIR.parent
# Bumped whenever the loader's reading of the same files and schemas changes.
PIPELINE_VERSION = 1

_MEMO: dict[tuple[str, str, str], Content] = {}


class _Files:
    """A game's content files: relative path (hash, cache), display path (problems), bytes."""

    def __init__(self, game: str, data_dir: Path) -> None:
        self.game = game
        self.root = data_dir / game
        self.prefix = _display(self.root)
        self.items: list[tuple[str, bytes]] = []
        self.stray: list[str] = []
        if self.root.is_dir():
            found = [(p.relative_to(self.root).as_posix(), p) for p in self.root.rglob("*.y*ml")]
            for rel, path in sorted(found):
                if rel.endswith(".yaml") and path.is_file():
                    self.items.append((rel, path.read_bytes()))
                elif rel.endswith(".yml"):
                    self.stray.append(rel)

    def display(self, rel: str) -> str:
        """Returns the path of a file as problems show it."""
        return f"{self.prefix}/{rel}"


def _display(path: Path) -> str:
    path = path.resolve()
    for base in (ROOT, Path.cwd().resolve()):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def fingerprint(game: str) -> str:
    """Returns the description of the game's schemas and effect parameters that the hash covers."""
    return (f"pipeline={PIPELINE_VERSION}|kinds:{schema_fingerprint(game)}"
            f"|effects:{REGISTRY.fingerprint(game)}")


def _hash(files: _Files) -> str:
    h = hashlib.sha256()
    h.update(fingerprint(files.game).encode("utf-8"))
    for rel, data in files.items:
        # Lengths keep the boundaries unambiguous; relative paths keep the hash place-independent.
        h.update(b"\0file\0" + rel.encode("utf-8") + b"\0" + str(len(data)).encode() + b"\0")
        h.update(data)
    return h.hexdigest()


def content_hash(game_id: str, data_dir: Path | None = None) -> str:
    """Returns the content hash of a game's files and schemas without validating them."""
    return _hash(_Files(game_id, Path(data_dir) if data_dir is not None else DATA_DIR))


def _label(kind: str, node: Node, index: int) -> tuple[str, str | None]:
    """Returns the label of an entry for problems, and its id when it is a well-formed slug."""
    if isinstance(node, MappingNode):
        for key, value in node.value:
            if is_str(key) and key.value == "id" and is_str(value) \
                    and SLUG.fullmatch(str(value.value)):
                return f"{kind} {value.value}", str(value.value)
    return f"{kind} #{index + 1}", None


def _parse(files: _Files) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, str]],
                                   list[str]]:
    """Returns entries and their places per kind, and every problem found."""
    require_libyaml()
    game = files.game
    kinds = KINDS.kinds(game)
    schemas = {name: kind_schema(game, name) for name in kinds}
    rd = Reader(game)
    entries: dict[str, dict[str, Any]] = {name: {} for name in kinds}
    where: dict[str, dict[str, str]] = {name: {} for name in kinds}
    declared: dict[str, dict[str, str]] = {name: {} for name in kinds}
    for rel in files.stray:
        rd.file = files.display(rel)
        rd.problem(0, "", "content files end in .yaml; rename this file (it is not read)")
    for rel, data in files.items:
        rd.file = files.display(rel)
        rd.label = ""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            rd.problem(0, "", f"not UTF-8 text (byte {exc.start})")
            continue
        try:
            root = compose_text(text)
        except YamlProblem as exc:
            rd.problem(exc.line, "", exc.message)
            continue
        if root is None or is_null(root):
            continue
        if not isinstance(root, MappingNode):
            rd.problem(root, "", f"a content file is a mapping of kind: [entries], got "
                                 f"{show_node(root)}")
            continue
        for kind, key_node, value_node in rd.pairs(root, "")[0]:
            schema = schemas.get(kind)
            if schema is None:
                known = ", ".join(kinds) or f"none; import the {game} package first"
                rd.problem(key_node, "", f"unknown content kind '{kind}' for {game}"
                                         f"{suggest(kind, list(kinds))} (known: {known})")
                continue
            if is_null(value_node):
                continue
            if not isinstance(value_node, SequenceNode):
                rd.problem(value_node, kind, f"expected a list of {kind} entries, got "
                                             f"{show_node(value_node, 'list')}")
                continue
            for index, item in enumerate(value_node.value):
                rd.label, entry_id = _label(kind, item, index)
                place = f"{rd.file}:{line_of(item)}"
                duplicate = False
                if entry_id is not None:
                    first = declared[kind].get(entry_id)
                    if first is not None:
                        rd.problem(item, "id", f"duplicate id (first defined at {first})")
                        duplicate = True
                    else:
                        declared[kind][entry_id] = place
                value = schema.convert(item, rd, "")
                if value is not BAD and not duplicate:
                    entries[kind][value.id] = value
                    where[kind][value.id] = f"{rel}:{line_of(item)}"
            rd.label = ""
    for use in rd.refs:
        if use.kind not in declared:
            message = f"refers to kind '{use.kind}', which {game} does not register"
        elif use.value in declared[use.kind]:
            continue
        else:
            message = (f"no {use.kind} '{use.value}'"
                       f"{suggest(use.value, list(declared[use.kind]))}")
        rd.add(use.file, use.line,
               format_problem(use.file, use.line, use.label, use.path, message))
    return entries, where, rd.problems


def _data_dir(data_dir: Path | str | None) -> Path:
    return Path(data_dir) if data_dir is not None else DATA_DIR


def _to_payload(game: str, entries: dict[str, dict[str, Any]],
                where: dict[str, dict[str, str]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind, items in entries.items():
        schema = kind_schema(game, kind)
        out[kind] = [[where[kind][i], schema.dump(v)] for i, v in items.items()]
    return out


def _from_payload(game: str, files: _Files, content_hash: str,
                  payload: dict[str, Any]) -> Content | None:
    kinds = KINDS.kinds(game)
    if sorted(payload) != sorted(kinds):
        return None
    entries: dict[str, dict[str, Any]] = {}
    where: dict[str, dict[str, str]] = {}
    try:
        for kind in kinds:
            schema = kind_schema(game, kind)
            items: dict[str, Any] = {}
            places: dict[str, str] = {}
            for place, data in payload[kind]:
                value = schema.load(data)
                items[value.id] = value
                places[value.id] = f"{files.prefix}/{place}"
            entries[kind] = items
            where[kind] = places
    except (KeyError, TypeError, ValueError, AttributeError):
        return None  # a cache that does not fit the schemas is a miss
    return Content(game, content_hash, entries, where)


def load_game_content(game_id: str, data_dir: Path | str | None = None,
                      use_cache: bool = True) -> Content:
    """Returns the validated content of a game; raises ContentError listing every problem."""
    files = _Files(game_id, _data_dir(data_dir))
    digest = _hash(files)
    memo_key = (game_id, digest, files.prefix)
    known = _MEMO.get(memo_key)
    if known is not None and use_cache:
        return known
    if use_cache:
        payload = cache.read_cache(game_id, digest)
        if payload is not None:
            content = _from_payload(game_id, files, digest, payload["kinds"])
            if content is not None:
                _MEMO[memo_key] = content
                return content
    entries, where, problems = _parse(files)
    if problems:
        raise ContentError(problems)
    content = Content(game_id, digest, entries,
                      {k: {i: f"{files.prefix}/{p}" for i, p in v.items()}
                       for k, v in where.items()})
    if use_cache:
        try:
            payload = _to_payload(game_id, entries, where)
        except (TypeError, ValueError, KeyError):
            payload = None  # e.g. a schema default of the wrong type: load it, just don't cache it
        if payload is not None:
            cache.write_cache(game_id, digest, payload)
        _MEMO[memo_key] = content
    return content


# checks across entries and kinds that a game registers (``register_cross_check``): they run on
# content whose entries each passed their schema, for ``validate-data`` as for the game's own load
_CROSS: dict[str, list[Callable[[Content], list[str]]]] = {}


def register_cross_check(game_id: str, check: Callable[[Content], list[str]]) -> None:
    """Adds a check that needs more than one entry to see (e.g. a map's tiles against its
    scenarios); ``validate_game_content`` lists its problems with the schema's."""
    found = _CROSS.setdefault(game_id, [])
    if check not in found:
        found.append(check)


def validate_game_content(game_id: str, data_dir: Path | str | None = None) -> list[str]:
    """Returns every problem of a game's content (empty when valid); never uses the cache."""
    files = _Files(game_id, _data_dir(data_dir))
    try:
        entries, where, problems = _parse(files)
    except ContentError as exc:
        return list(exc.problems)
    if problems or not _CROSS.get(game_id):
        return problems
    content = Content(game_id, _hash(files), entries,
                      {k: {i: f"{files.prefix}/{p}" for i, p in v.items()}
                       for k, v in where.items()})
    for check in _CROSS[game_id]:
        problems += check(content)
    return problems


def validate_all(data_dir: Path | str | None = None) -> dict[str, list[str]]:
    """Returns the problems of every game that registered content kinds."""
    return {game: validate_game_content(game, data_dir) for game in KINDS.games()}


def clear_memory_cache() -> None:
    """Forgets content loaded in this process (the disk cache stays)."""
    _MEMO.clear()


__all__ = ["Content", "ContentError", "clear_memory_cache", "content_hash", "fingerprint",
           "load_game_content", "register_cross_check", "validate_all", "validate_game_content"]
