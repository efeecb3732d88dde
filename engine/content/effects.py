"""The effect vocabulary: handlers registered per (game, effect type) with typed parameters.

Content composes behaviour from effect records (``{type: gain_gold, amount: 2}``). Each type
has one handler ``def gain_gold(ctx, *, amount: Annotated[int, Range(1, 9)]) -> None``; its
keyword-only parameters and their annotations (the schema type system) are the record's
parameters, and its first docstring line is its entry in the generated ``docs/effects.md``.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.content.schema import (
    SLUG,
    EffectSpec,
    FieldSpec,
    compile_type,
    doc_of,
    plain,
    resolve_hints,
    suggest,
)

__all__ = ["REGISTRY", "EffectParam", "EffectRegistry", "EffectSpec", "EffectType", "effect"]

Handler = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class EffectParam:
    """One parameter of an effect type: name, type description, default, and meaning."""

    name: str
    type: str
    default: Any  # None when required (see ``required``)
    required: bool
    doc: str


@dataclass(frozen=True, slots=True)
class EffectType:
    """A registered effect type as the docs and tools see it."""

    game: str
    id: str
    doc: str
    params: tuple[EffectParam, ...]
    module: str


class _Entry:
    """A registered handler with its parameters compiled on first use."""

    __slots__ = ("game", "type", "handler", "_fields")

    def __init__(self, game: str, type_id: str, handler: Handler) -> None:
        self.game = game
        self.type = type_id
        self.handler = handler
        self._fields: dict[str, FieldSpec] | None = None

    def fields(self) -> dict[str, FieldSpec]:
        """Returns the compiled keyword-only parameters by name, in signature order."""
        if self._fields is None:
            owner = f"effect {self.game}/{self.type}"
            hints = resolve_hints(self.handler, owner)
            out: dict[str, FieldSpec] = {}
            for param in _keyword_params(self.handler):
                ftype = compile_type(hints[param.name], self.game, f"{owner} parameter "
                                                                   f"{param.name}")
                required = param.default is inspect.Parameter.empty
                default = dataclasses.MISSING if required else param.default
                out[param.name] = FieldSpec(param.name, ftype, required, default,
                                            doc_of(hints[param.name]) or _param_doc(
                                                self.handler, param.name))
            self._fields = out
        return self._fields

    def record(self) -> EffectType:
        """Returns the public description of this effect type."""
        params = tuple(
            EffectParam(f.name, f.type.short(), None if f.required else f.default, f.required,
                        f.doc)
            for f in self.fields().values())
        return EffectType(self.game, self.type, _first_line(self.handler), params,
                          self.handler.__module__)


class EffectRegistry:
    """Effect handlers keyed by (game, effect type id)."""

    def __init__(self) -> None:
        self._games: dict[str, dict[str, _Entry]] = {}

    def register(self, game: str, type_id: str, handler: Handler) -> None:
        """Adds a handler; raises TypeError for a bad signature or a clashing registration."""
        if not SLUG.fullmatch(game) or not SLUG.fullmatch(type_id):
            raise TypeError(f"effect {game}/{type_id}: game and type must be lowercase slugs")
        _check_signature(game, type_id, handler)
        known = self._games.setdefault(game, {}).get(type_id)
        if known is not None and _qualified(known.handler) != _qualified(handler):
            raise TypeError(f"effect {game}/{type_id} is already registered by "
                            f"{_qualified(known.handler)}")
        self._games[game][type_id] = _Entry(game, type_id, handler)

    def unregister_game(self, game: str) -> None:
        """Removes every effect type of a game (for tests that register a toy game)."""
        self._games.pop(game, None)

    def games(self) -> list[str]:
        """Returns the games with at least one effect type, sorted."""
        return sorted(g for g, entries in self._games.items() if entries)

    def lookup(self, game: str, type_id: str) -> _Entry | None:
        """Returns the registry entry of an effect type, or None."""
        return self._games.get(game, {}).get(type_id)

    def type_ids(self, game: str) -> list[str]:
        """Returns a game's effect type ids, sorted."""
        return sorted(self._games.get(game, {}))

    def handler(self, game: str, type_id: str) -> Handler:
        """Returns the handler of an effect type; raises KeyError with a suggestion."""
        entry = self.lookup(game, type_id)
        if entry is None:
            raise KeyError(f"{game} has no effect type {type_id!r}"
                           f"{suggest(type_id, self.type_ids(game))}")
        return entry.handler

    def types(self, game: str) -> list[EffectType]:
        """Returns the records of a game's effect types, sorted by id."""
        return [self._games[game][t].record() for t in self.type_ids(game)]

    def run(self, game: str, ctx: Any, spec: EffectSpec) -> Any:
        """Calls the handler of ``spec`` with ``ctx`` and the record's parameters."""
        return self.handler(game, spec.type)(ctx, **spec.params)

    def fingerprint(self, game: str) -> str:
        """Returns a description of a game's effect parameters (part of the content hash)."""
        parts = []
        for type_id in self.type_ids(game):
            fields = self._games[game][type_id].fields().values()
            body = ",".join(
                f"{f.name}:{f.type.fingerprint(set())}"
                f"{'' if f.required else '=' + repr(plain(f.default))}" for f in fields)
            parts.append(f"{type_id}({body})")
        return ";".join(parts)


REGISTRY = EffectRegistry()


def effect(game: str, type_id: str) -> Callable[[Handler], Handler]:
    """Returns a decorator registering a handler as effect type ``type_id`` of ``game``."""

    def register(handler: Handler) -> Handler:
        REGISTRY.register(game, type_id, handler)
        return handler

    return register


def _keyword_params(handler: Handler) -> list[inspect.Parameter]:
    return [p for p in inspect.signature(handler).parameters.values()
            if p.kind is inspect.Parameter.KEYWORD_ONLY]


def _check_signature(game: str, type_id: str, handler: Handler) -> None:
    owner = f"effect {game}/{type_id} ({getattr(handler, '__qualname__', handler)!r})"
    if not callable(handler):
        raise TypeError(f"{owner}: a handler must be a function")
    params = list(inspect.signature(handler).parameters.values())
    positional = [p for p in params if p.kind in (inspect.Parameter.POSITIONAL_ONLY,
                                                  inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    if len(positional) != 1:
        raise TypeError(f"{owner}: takes exactly one positional parameter (ctx), then "
                        "keyword-only parameters after '*'")
    for p in params:
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            raise TypeError(f"{owner}: *args/**kwargs are not allowed; list every parameter")
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.annotation is inspect.Parameter.empty:
            raise TypeError(f"{owner}: parameter {p.name!r} needs a type annotation")
        if p.name == "type":
            raise TypeError(f"{owner}: 'type' is reserved for the effect type id")


def _first_line(handler: Handler) -> str:
    doc = inspect.getdoc(handler) or ""
    return doc.strip().splitlines()[0].strip() if doc.strip() else ""


def _param_doc(handler: Handler, name: str) -> str:
    """Returns a parameter's meaning from a docstring line ``name: meaning`` (after the first)."""
    doc = inspect.getdoc(handler) or ""
    for line in doc.splitlines()[1:]:
        text = line.strip()
        for prefix in (f"{name}:", f":param {name}:", f"``{name}``:"):
            if text.startswith(prefix):
                return text[len(prefix):].strip()
    return ""


def _qualified(obj: Any) -> str:
    return f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', repr(obj))}"
