"""Value objects exchanged with rules: actions, messages, breakdowns and events."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import MalformedAction

Scalar = str | int | bool | None
_SCALARS = (str, int, bool, type(None))


def _freeze(value: Any) -> Any:
    """Returns value with lists turned into tuples, so it can live in a frozen action."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, _SCALARS):
        return value
    raise MalformedAction(f"action parameter of unsupported type {type(value).__name__}")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """A player's move or answer: a kind plus sorted keyword parameters (JSON scalars or tuples).

    Prints as ``buy(card='short_sword')`` and parses back with ``Action.parse``.
    """

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, kind: str, **params: Any) -> Action:
        """Returns an action of ``kind`` with the given parameters."""
        if not isinstance(kind, str) or not kind:
            raise MalformedAction("action kind must be a non-empty string")
        return cls(kind, tuple(sorted((k, _freeze(v)) for k, v in params.items())))

    def get(self, name: str, default: Any = None) -> Any:
        """Returns the parameter ``name`` or ``default``."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        raise MalformedAction(f"action {self.kind} has no parameter {name!r}")

    @property
    def params(self) -> dict[str, Any]:
        """Returns the parameters as a dict."""
        return dict(self.args)

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form ``{"kind": ..., "args": {...}}``."""
        return {"kind": self.kind, "args": {k: _thaw(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Returns the action stored by ``to_json``; raises MalformedAction on bad data."""
        if not isinstance(data, dict) or set(data) - {"kind", "args"} or "kind" not in data:
            raise MalformedAction("an action must be an object with 'kind' and 'args'")
        args = data.get("args", {})
        if not isinstance(args, dict):
            raise MalformedAction("action 'args' must be an object")
        return cls.make(data["kind"], **args)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={_thaw(v)!r}" for k, v in self.args)
        return f"{self.kind}({inner})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Returns the action written as ``kind(a=1, b='x')`` or as its JSON form."""
        text = text.strip()
        if text.startswith("{"):
            try:
                return cls.from_json(json.loads(text))
            except json.JSONDecodeError as exc:
                raise MalformedAction(f"bad action JSON: {exc.msg}") from None
        import ast

        try:
            node = ast.parse(text, mode="eval").body
        except SyntaxError:
            raise MalformedAction(f"cannot read action {text!r}") from None
        if isinstance(node, ast.Name):
            return cls.make(node.id)
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
            raise MalformedAction(f"cannot read action {text!r}; write kind(name=value, ...)")
        params: dict[str, Any] = {}
        for kw in node.keywords:
            if kw.arg is None:
                raise MalformedAction("action parameters must be named")
            try:
                params[kw.arg] = ast.literal_eval(kw.value)
            except ValueError:
                raise MalformedAction(f"parameter {kw.arg} is not a literal") from None
        return cls.make(node.func.id, **params)


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog key plus parameters; the UI translates it, the engine never formats prose."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"key": self.key, "params": self.params}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        """Returns a message from its JSON form."""
        return cls(data["key"], dict(data.get("params", {})))


@dataclass(frozen=True, slots=True)
class Term:
    """One line of a breakdown: a labelled contribution to a computed number."""

    label: Message
    value: int | float

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"label": self.label.to_json(), "value": self.value}


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a number was computed: ``total = term + term + …`` (terms may be negative)."""

    name: Message
    total: int | float
    terms: tuple[Term, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {
            "name": self.name.to_json(),
            "total": self.total,
            "terms": [t.to_json() for t in self.terms],
        }


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: a message for the log and animation, with optional breakdowns.

    ``reveal`` marks hidden information becoming known (a draw, a revealed tile), which makes
    the action that caused it an irreversible point for undo. ``seat`` restricts who may see
    the event's parameters (None means everybody).
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    breakdowns: tuple[Breakdown, ...] = ()
    reveal: bool = False
    seat: int | None = None

    @property
    def message(self) -> Message:
        """Returns the event's message."""
        return Message(self.key, self.params)

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        out: dict[str, Any] = {"key": self.key, "params": self.params}
        if self.breakdowns:
            out["breakdowns"] = [b.to_json() for b in self.breakdowns]
        if self.reveal:
            out["reveal"] = True
        if self.seat is not None:
            out["seat"] = self.seat
        return out
