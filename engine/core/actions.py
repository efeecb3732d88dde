"""Value objects exchanged with rules: actions, messages, breakdowns and events."""

from __future__ import annotations

from operator import itemgetter

from engine.core.errors import MalformedAction

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

_SCALARS = (str, int, bool, type(None))
_NAME = itemgetter(0)
# No game nests an action's lists this deep; a record that does is damaged or hostile, and
# unbounded nesting would end in a RecursionError instead of a MalformedAction.
MAX_NESTING = 16
MAX_TEXT = 10_000  # characters of an action written as text (scenario files, the CLI)


def _freeze(value: Any, depth: int = 0) -> Any:
    """Returns value with lists turned into tuples, so it can live in a frozen action."""
    if isinstance(value, list | tuple):
        if depth >= MAX_NESTING:
            raise MalformedAction(f"action parameter nested deeper than {MAX_NESTING}")
        return tuple(_freeze(v, depth + 1) for v in value)
    if isinstance(value, _SCALARS):
        return value
    raise MalformedAction(f"action parameter of unsupported type {type(value).__name__}")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Action:
    """A player's move or answer: a kind plus sorted keyword parameters (JSON scalars or tuples).

    Prints as ``buy(card='short_sword')`` and parses back with ``Action.parse``.
    """

    __slots__ = ("kind", "args", "_hash")

    kind: str
    args: tuple[tuple[str, Any], ...]
    _hash: int

    def __init__(self, kind: str, args: tuple[tuple[str, Any], ...] = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "_hash", hash((kind, args)))  # ok-determinism: dict key only

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._hash == other._hash and self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.args!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.args))

    @classmethod
    def make(cls, kind: str, /, **params: Any) -> Action:
        """Returns an action of ``kind`` with the given parameters."""
        if not isinstance(kind, str) or not kind:
            raise MalformedAction("action kind must be a non-empty string")
        return cls(kind, tuple(sorted((k, _freeze(v)) for k, v in params.items())))

    def names(self) -> tuple[str, ...]:
        """Returns the parameter names in their order (``make`` sorts them): a check compares
        them with the names an action of its kind has."""
        return tuple(map(_NAME, self.args))

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
        # ``kind`` is positional-only in make, so an argument named "kind" is just an argument.
        return cls.make(data["kind"], **args)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={_thaw(v)!r}" for k, v in self.args)
        return f"{self.kind}({inner})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Returns the action written as ``kind(a=1, b='x')`` or as its JSON form."""
        if not isinstance(text, str):
            raise MalformedAction("an action must be written as text")
        text = text.strip()
        if len(text) > MAX_TEXT:
            raise MalformedAction(f"an action is at most {MAX_TEXT} characters long")
        if text.startswith("{"):
            import json

            try:
                return cls.from_json(json.loads(text))
            except json.JSONDecodeError as exc:
                raise MalformedAction(f"bad action JSON: {exc.msg}") from None
            except (ValueError, RecursionError):  # a number over Python's digit limit; nesting
                raise MalformedAction("bad action JSON") from None
        import ast

        try:
            node = ast.parse(text, mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            # MemoryError: CPython's parser reports some absurd nesting that way.
            raise MalformedAction(f"cannot read action {text[:80]!r}") from None
        if isinstance(node, ast.Name):
            return cls.make(node.id)
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
            raise MalformedAction(f"cannot read action {text[:80]!r}; write kind(name=value, ...)")
        params: dict[str, Any] = {}
        for kw in node.keywords:
            if kw.arg is None:
                raise MalformedAction("action parameters must be named")
            try:
                params[kw.arg] = ast.literal_eval(kw.value)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                raise MalformedAction(f"parameter {kw.arg} is not a literal") from None
        return cls.make(node.func.id, **params)


class Message:
    """A catalog key plus parameters; the UI translates it, the engine never formats prose."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, params: dict[str, Any] | None = None) -> None:
        self.key = key
        self.params = {} if params is None else params

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.key, self.params) == (other.key, other.params)

    __hash__ = None  # type: ignore[assignment]  # params is a dict: messages are not keys

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {self.params!r})"

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"key": self.key, "params": self.params}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        """Returns a message from its JSON form."""
        return cls(data["key"], dict(data.get("params", {})))


class Term:
    """One line of a breakdown: a labelled contribution to a computed number."""

    __slots__ = ("label", "value")

    def __init__(self, label: Message, value: int | float) -> None:
        self.label = label
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and (self.label, self.value) == (other.label, other.value)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Term({self.label!r}, {self.value!r})"

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"label": self.label.to_json(), "value": self.value}


class Breakdown:
    """How a number was computed: ``total = term + term + …`` (terms may be negative)."""

    __slots__ = ("name", "total", "terms")

    def __init__(self, name: Message, total: int | float, terms: tuple[Term, ...] = ()) -> None:
        self.name = name
        self.total = total
        self.terms = tuple(terms)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Breakdown) and (self.name, self.total, self.terms) == (
            other.name, other.total, other.terms)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Breakdown({self.name!r}, {self.total!r}, {self.terms!r})"

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {
            "name": self.name.to_json(),
            "total": self.total,
            "terms": [t.to_json() for t in self.terms],
        }

    def gap(self) -> float:
        """Returns how far the terms fall short of the total (0 when they add up)."""
        return self.total - sum(t.value for t in self.terms)

    def rounded(self, places: int) -> Breakdown:
        """Returns the breakdown with the total and every term rounded to ``places`` decimals
        so that the shown terms still add up to the shown total: each term is rounded down
        and the missing units go to the terms with the largest remainders. A breakdown whose
        terms do not add up to its total gets its terms rounded one by one."""
        scale = 10 ** places
        target = round(self.total * scale)
        # round(…, 6) first: a float such as 0.3 * 10 must not floor to 2
        scaled = [round(t.value * scale, 6) for t in self.terms]
        floors = [int(v // 1) for v in scaled]
        missing = target - sum(floors)
        if abs(self.gap()) * scale > 0.5 or not 0 <= missing <= len(floors):
            values = [round(v) for v in scaled]
        else:
            order = sorted(range(len(floors)), key=lambda k: floors[k] - scaled[k])
            values = list(floors)
            for k in order[:missing]:
                values[k] += 1
        as_number = (lambda v: v // scale) if places <= 0 else (lambda v: v / scale)
        return Breakdown(self.name, as_number(target),
                         tuple(Term(t.label, as_number(v))
                               for t, v in zip(self.terms, values, strict=True)))


class Event:
    """Something that happened: a message for the log and animation, with optional breakdowns.

    ``reveal`` marks hidden information becoming known (a draw, a revealed tile), which makes
    the action that caused it an irreversible point for undo. ``seat`` restricts who may see
    the event's parameters (None means everybody).
    """

    __slots__ = ("key", "params", "breakdowns", "reveal", "seat")

    def __init__(self, key: str, params: dict[str, Any] | None = None,
                 breakdowns: tuple[Breakdown, ...] = (), reveal: bool = False,
                 seat: int | None = None) -> None:
        self.key = key
        self.params = {} if params is None else params
        self.breakdowns = tuple(breakdowns)
        self.reveal = reveal
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.key!r}, {self.params!r})"

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
