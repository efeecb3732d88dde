"""Content schemas: frozen dataclasses registered per game and kind, checked field by field.

A schema is the dataclass's annotations. Supported: ``str``, ``int`` (never a bool), ``float``
(an int too), ``bool`` (only ``true``/``false``), ``Text`` (inline ``{en: ..., de: ...}``),
``Literal[...]``, ``tuple[X, ...]`` and fixed ``tuple[X, Y]`` (YAML lists), ``X | None``,
nested dataclasses (YAML mappings), ``dict[str, X]``, ``Effect`` (``{type: ..., **params}``),
and ``Annotated[..., Ref(kind)]`` / ``Annotated[..., Range(lo, hi)]`` / ``Annotated[..., Doc(...)]``.

Each annotation compiles once into a ``FieldType`` that converts YAML nodes (recording every
problem with its line), and dumps/loads the validated values as JSON for the content cache.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

from engine.content.yamlload import (
    MERGE,
    MappingNode,
    Node,
    ScalarNode,
    SequenceNode,
    is_null,
    is_str,
    line_of,
    parse_bool,
    parse_float,
    parse_int,
    show_node,
)

SLUG = re.compile(r"[a-z0-9_]+")
LANGS = ("en", "de")
_LANG_NAMES = {"en": "English", "de": "German"}


# ---------------------------------------------------------------------------------------------
# Value types that content holds


class FrozenDict(dict[str, Any]):
    """A read-only, hashable dict (still a real dict, so JSON and the catalogs accept it)."""

    __slots__ = ()

    def _readonly(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{type(self).__name__} is read-only")

    __setitem__ = _readonly
    __delitem__ = _readonly
    __ior__ = _readonly  # type: ignore[assignment]
    clear = _readonly
    pop = _readonly
    popitem = _readonly
    setdefault = _readonly
    update = _readonly

    def __hash__(self) -> int:  # type: ignore[override]
        # Value hashing for dict keys, as frozen dataclasses do; never orders anything.
        return hash(tuple((k, self[k]) for k in sorted(self)))  # ok-determinism

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict.__repr__(self)})"


class Text(FrozenDict):
    """An inline content text in both languages: ``Text({"en": "Grave Rat", "de": "Grabratte"})``."""

    __slots__ = ()

    @property
    def en(self) -> str:
        """Returns the English text."""
        return str(self["en"])

    @property
    def de(self) -> str:
        """Returns the German text."""
        return str(self["de"])

    def in_lang(self, lang: str) -> str:
        """Returns the text in ``lang``, falling back to English."""
        return str(self.get(lang, self["en"]))


@dataclass(frozen=True, slots=True)
class Ref:
    """Marks a string (or each string of a tuple) as the id of an entry of ``kind``, same game."""

    kind: str


@dataclass(frozen=True, slots=True)
class Range:
    """Marks an int or float as lying in ``lo..hi`` (either bound may be None)."""

    lo: float | None = None
    hi: float | None = None

    def contains(self, value: float) -> bool:
        """Returns True when value lies within the bounds."""
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    def describe(self) -> str:
        """Returns the bounds as ``1..99``, ``>= 1`` or ``<= 9``."""
        if self.lo is not None and self.hi is not None:
            return f"{_num(self.lo)}..{_num(self.hi)}"
        if self.lo is not None:
            return f">= {_num(self.lo)}"
        if self.hi is not None:
            return f"<= {_num(self.hi)}"
        return ""


@dataclass(frozen=True, slots=True)
class Doc:
    """Attaches a one-line meaning to a field or effect parameter (shown in docs/effects.md)."""

    text: str


class EffectSpec:
    """One effect record from content: ``{type: gain_gold, amount: 2}`` → type + read-only params.

    ``args`` is the sorted tuple of ``(name, value)`` pairs; equality and hash use type and args.
    Parameters left out in the data are absent here; the handler's defaults apply when it runs.
    """

    __slots__ = ("type", "params", "args")
    type: str
    params: FrozenDict
    args: tuple[tuple[str, Any], ...]

    def __init__(self, type: str, params: Mapping[str, Any] | None = None) -> None:
        frozen = FrozenDict(params or {})
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "params", frozen)
        object.__setattr__(self, "args", tuple((k, frozen[k]) for k in sorted(frozen)))

    @classmethod
    def make(cls, type: str, **params: Any) -> EffectSpec:
        """Returns an effect record built from keyword parameters (for tests and generated content)."""
        return cls(type, params)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("EffectSpec is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("EffectSpec is frozen")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EffectSpec):
            return NotImplemented
        return self.type == other.type and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.type, self.args))  # ok-determinism: value hashing, as above

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args)
        return f"EffectSpec({self.type!r}{inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (EffectSpec, (self.type, dict(self.params)))

    def to_json(self) -> dict[str, Any]:
        """Returns the record as plain JSON data, as it would be written in YAML."""
        out: dict[str, Any] = {"type": self.type}
        for key, value in self.args:
            out[key] = plain(value)
        return out


Effect = EffectSpec
"""The annotation for an effect record field: ``effects: tuple[Effect, ...] = ()``."""


def plain(value: Any) -> Any:
    """Returns content values as plain JSON data (dataclasses and effects become dicts)."""
    if isinstance(value, EffectSpec):
        return value.to_json()
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


# ---------------------------------------------------------------------------------------------
# Registry of content kinds


@dataclass(frozen=True, slots=True)
class KindInfo:
    """A registered content kind: which game, its name in YAML, and its dataclass."""

    game: str
    name: str
    cls: type


class KindRegistry:
    """Content kinds keyed by (game, kind name); games register theirs at import."""

    def __init__(self) -> None:
        self._kinds: dict[str, dict[str, KindInfo]] = {}

    def register(self, game: str, name: str, cls: type) -> None:
        """Adds a kind; raises TypeError for a bad schema class or a clashing registration."""
        if not SLUG.fullmatch(game) or not SLUG.fullmatch(name):
            raise TypeError(f"content kind {game}/{name}: game and kind must be lowercase slugs")
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"content kind {game}/{name}: {cls.__qualname__} is not a dataclass "
                            "(put @content_kind above @dataclass)")
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and not params.frozen:
            raise TypeError(f"content kind {game}/{name}: {cls.__qualname__} must be frozen")
        if "id" not in {f.name for f in dataclasses.fields(cls)}:
            raise TypeError(f"content kind {game}/{name}: {cls.__qualname__} needs an 'id: str' "
                            "field")
        known = self._kinds.setdefault(game, {}).get(name)
        if known is not None and _qualified(known.cls) != _qualified(cls):
            raise TypeError(f"content kind {game}/{name} is already registered by "
                            f"{_qualified(known.cls)}")
        self._kinds[game][name] = KindInfo(game, name, cls)
        _SCHEMAS.pop((game, name), None)

    def unregister_game(self, game: str) -> None:
        """Removes every kind of a game (for tests that register a toy game)."""
        for name in self._kinds.pop(game, {}):
            _SCHEMAS.pop((game, name), None)
        for key in [k for k in _COMPILED if k[0] == game]:
            del _COMPILED[key]

    def games(self) -> list[str]:
        """Returns the games that registered at least one kind, sorted."""
        return sorted(g for g, kinds in self._kinds.items() if kinds)

    def kinds(self, game: str) -> dict[str, type]:
        """Returns kind name → dataclass for a game, sorted by kind name."""
        return {n: self._kinds[game][n].cls for n in sorted(self._kinds.get(game, {}))}

    def get(self, game: str, name: str) -> type | None:
        """Returns the dataclass of a kind, or None."""
        info = self._kinds.get(game, {}).get(name)
        return info.cls if info is not None else None


KINDS = KindRegistry()


def content_kind(game: str, name: str) -> Callable[[type], type]:
    """Returns a class decorator registering a frozen dataclass as content kind ``name`` of ``game``."""

    def register(cls: type) -> type:
        KINDS.register(game, name, cls)
        return cls

    return register


def _qualified(obj: Any) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


# ---------------------------------------------------------------------------------------------
# Reading nodes: problems and references collected during one validation pass


class _Bad:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<invalid>"


BAD: Any = _Bad()
"""What a conversion returns after recording a problem."""


@dataclass(frozen=True, slots=True)
class RefUse:
    """A reference found while reading: checked once every entry of the game is known."""

    kind: str
    value: str
    file: str
    line: int
    label: str
    path: str


class Reader:
    """The state of one validation pass: where we are, the problems and references found."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.file = ""
        self.label = ""
        self.refs: list[RefUse] = []
        self._found: list[tuple[str, int, int, str]] = []

    @property
    def problems(self) -> list[str]:
        """Returns the problems found so far, by file and line (else in the order found)."""
        return [text for *_, text in sorted(self._found)]

    def problem(self, where: Node | int, path: str, message: str) -> None:
        """Records a problem at a node (or a line) of the current file and entry."""
        line = where if isinstance(where, int) else line_of(where)
        self.add(self.file, line, format_problem(self.file, line, self.label, path, message))

    def add(self, file: str, line: int, text: str) -> None:
        """Records a formatted problem line."""
        self._found.append((file, line, len(self._found), text))

    def pairs(self, node: MappingNode, path: str) -> tuple[list[tuple[str, Node, Node]], bool]:
        """Returns a mapping's (key, key node, value node) triples (bad keys left out) and
        whether every key was fine."""
        out: list[tuple[str, Node, Node]] = []
        seen: dict[str, int] = {}
        ok = True
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.tag == MERGE:
                self.problem(key_node, path, "merge keys (<<) are not supported; write the "
                                             "fields out")
                ok = False
                continue
            if not is_str(key_node):
                self.problem(key_node, path, f"keys must be text, got {show_node(key_node)}")
                ok = False
                continue
            key = str(key_node.value)
            if key in seen:
                self.problem(key_node, join(path, key), f"given twice (first on line {seen[key]})")
                ok = False
                continue
            seen[key] = line_of(key_node)
            out.append((key, key_node, value_node))
        return out, ok


def format_problem(file: str, line: int, label: str, path: str, message: str) -> str:
    """Returns one problem line: ``file:line: kind id: field: message``."""
    parts = [f"{file}:{line}" if line else file]
    if label:
        parts.append(label)
    if path:
        parts.append(path)
    parts.append(message)
    return ": ".join(parts)


def join(path: str, key: str) -> str:
    """Returns the path of a field below ``path``."""
    return f"{path}.{key}" if path else key


def suggest(word: str, options: Iterator[str] | list[str]) -> str:
    """Returns `` (did you mean 'x'?)`` for a close match among options, else an empty string."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


# ---------------------------------------------------------------------------------------------
# Field types


class FieldType:
    """A compiled annotation: converts nodes, describes itself, dumps and loads cached values."""

    def describe(self) -> str:
        """Returns what a value must be, for problem messages ("an integer 1..99")."""
        raise NotImplementedError

    def short(self) -> str:
        """Returns a compact type name for generated docs ("int 1..99")."""
        raise NotImplementedError

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        """Returns the value of a node, or BAD after recording a problem."""
        raise NotImplementedError

    def dump(self, value: Any) -> Any:
        """Returns a validated value as JSON data."""
        return value

    def load(self, data: Any) -> Any:
        """Returns the value that ``dump`` turned into ``data``."""
        return data

    def fingerprint(self, seen: set[type]) -> str:
        """Returns a stable description that changes whenever the accepted data changes."""
        return self.short()

    identity = False
    """True when dump and load leave values as they are (lets the cache skip calls)."""

    want = ""
    """What YAML scalar the type wants (str, int, float, bool): explains YAML 1.1 surprises."""

    def wrong(self, node: Node, rd: Reader, path: str, extra: str = "") -> Any:
        """Records "expected …, got …" and returns BAD."""
        rd.problem(node, path,
                   f"expected {self.describe()}, got {show_node(node, self.want)}{extra}")
        return BAD


class StrType(FieldType):
    """Text as YAML reads it; optionally a lowercase slug or a reference to another entry."""

    want = "str"
    identity = True

    def __init__(self, ref: str | None = None, slug: bool = False) -> None:
        self.ref = ref
        self.slug = slug

    def describe(self) -> str:
        if self.ref:
            return f"the id of a {self.ref}"
        if self.slug:
            return "a lowercase id (a-z, 0-9, _)"
        return "a string"

    def short(self) -> str:
        if self.ref:
            return f"id of {self.ref}"
        return "id" if self.slug else "str"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        if not is_str(node):
            return self.wrong(node, rd, path)
        value = str(node.value)
        if (self.slug or self.ref) and not SLUG.fullmatch(value):
            return self.wrong(node, rd, path)
        if self.ref:
            rd.refs.append(RefUse(self.ref, value, rd.file, line_of(node), rd.label, path))
        return value


class _NumberType(FieldType):
    """Shared by whole and decimal numbers: parse, check the optional range, describe."""

    noun = ""
    name = ""

    def __init__(self, rng: Range | None = None) -> None:
        self.rng = rng

    def parse(self, node: Node) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        return f"{self.noun} {self.rng.describe()}" if self.rng else self.noun

    def short(self) -> str:
        return f"{self.name} {self.rng.describe()}" if self.rng else self.name

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        value = self.parse(node)
        if value is None or (self.rng is not None and not self.rng.contains(value)):
            return self.wrong(node, rd, path)
        return value


class IntType(_NumberType):
    """A whole number in plain decimal; booleans and YAML 1.1's octal/sexagesimal are rejected."""

    want = "int"
    identity = True
    noun = "an integer"
    name = "int"

    def parse(self, node: Node) -> Any:
        return parse_int(node)


class FloatType(_NumberType):
    """A finite number in plain decimal; a whole number is accepted and becomes a float."""

    want = "float"
    noun = "a number"
    name = "float"

    def parse(self, node: Node) -> Any:
        return parse_float(node)

    def load(self, data: Any) -> Any:
        return float(data)


class BoolType(FieldType):
    """``true`` or ``false``; YAML 1.1's yes/no/on/off and numbers are rejected."""

    want = "bool"
    identity = True

    def describe(self) -> str:
        return "true or false"

    def short(self) -> str:
        return "bool"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        value = parse_bool(node)
        if value is None:
            return self.wrong(node, rd, path)
        return value


class TextType(FieldType):
    """An inline text ``{en: ..., de: ...}``: both languages, each a non-empty string."""

    want = "str"

    def describe(self) -> str:
        return "a text {en: ..., de: ...}"

    def short(self) -> str:
        return "text"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        if not isinstance(node, MappingNode):
            return self.wrong(node, rd, path)
        pairs, ok = rd.pairs(node, path)
        out: dict[str, str] = {}
        for key, key_node, value_node in pairs:
            if key not in LANGS:
                rd.problem(key_node, join(path, key),
                           f"unknown language{suggest(key, list(LANGS))}; texts have en and de")
                ok = False
            elif not is_str(value_node) or not str(value_node.value).strip():
                rd.problem(value_node, join(path, key), "expected a non-empty string, got "
                           f"{show_node(value_node, 'str')}")
                ok = False
            else:
                out[key] = str(value_node.value)
        for lang in LANGS:
            if lang not in out and lang not in {k for k, _, _ in pairs}:
                rd.problem(node, path, f"missing the {_LANG_NAMES[lang]} text ({lang})")
                ok = False
        return Text({lang: out[lang] for lang in LANGS}) if ok else BAD

    def dump(self, value: Any) -> Any:
        return dict(value)

    def load(self, data: Any) -> Any:
        return Text(data)


class LiteralType(FieldType):
    """One of a fixed set of strings, integers or booleans."""

    want = "str"
    identity = True

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    def describe(self) -> str:
        return "one of " + ", ".join(repr(v) for v in self.values)

    def short(self) -> str:
        return " | ".join(repr(v) for v in self.values)

    def fingerprint(self, seen: set[type]) -> str:
        return "literal[" + ",".join(repr(v) for v in self.values) + "]"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        for value in self.values:
            if isinstance(value, bool):
                if parse_bool(node) is value:
                    return value
            elif isinstance(value, int):
                if parse_int(node) == value:
                    return value
            elif is_str(node) and node.value == value:
                return value
        hint = ""
        if is_str(node):
            hint = suggest(str(node.value), [v for v in self.values if isinstance(v, str)])
        return self.wrong(node, rd, path, hint)


class OptionalType(FieldType):
    """A value or nothing (``~``, ``null`` or an empty value)."""

    def __init__(self, inner: FieldType) -> None:
        self.inner = inner
        self.identity = inner.identity

    def describe(self) -> str:
        return f"{self.inner.describe()} or nothing"

    def short(self) -> str:
        return f"{self.inner.short()} or none"

    def fingerprint(self, seen: set[type]) -> str:
        return f"optional[{self.inner.fingerprint(seen)}]"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        if is_null(node):
            return None
        return self.inner.convert(node, rd, path)

    def dump(self, value: Any) -> Any:
        return None if value is None else self.inner.dump(value)

    def load(self, data: Any) -> Any:
        return None if data is None else self.inner.load(data)


class TupleType(FieldType):
    """A YAML list: any length of one item type, or a fixed list of item types."""

    want = "list"

    def __init__(self, item: FieldType | None, fixed: tuple[FieldType, ...] | None = None) -> None:
        self.item = item
        self.fixed = fixed

    def describe(self) -> str:
        if self.fixed is not None:
            return f"a list of {len(self.fixed)}: " + ", ".join(t.describe() for t in self.fixed)
        assert self.item is not None
        return f"a list of {self.item.short()}"

    def short(self) -> str:
        if self.fixed is not None:
            return "[" + ", ".join(t.short() for t in self.fixed) + "]"
        assert self.item is not None
        return f"list of {self.item.short()}"

    def fingerprint(self, seen: set[type]) -> str:
        if self.fixed is not None:
            return "tuple[" + ",".join(t.fingerprint(seen) for t in self.fixed) + "]"
        assert self.item is not None
        return f"list[{self.item.fingerprint(seen)}]"

    def _types(self, n: int) -> list[FieldType]:
        if self.fixed is not None:
            return list(self.fixed)
        assert self.item is not None
        return [self.item] * n

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        if not isinstance(node, SequenceNode):
            return self.wrong(node, rd, path)
        if self.fixed is not None and len(node.value) != len(self.fixed):
            return self.wrong(node, rd, path)
        out = []
        ok = True
        for i, (ftype, item) in enumerate(zip(self._types(len(node.value)), node.value,
                                              strict=True)):
            value = ftype.convert(item, rd, f"{path}[{i}]")
            if value is BAD:
                ok = False
            out.append(value)
        return tuple(out) if ok else BAD

    def dump(self, value: Any) -> Any:
        return [t.dump(v) for t, v in zip(self._types(len(value)), value, strict=True)]

    def load(self, data: Any) -> Any:
        if self.item is not None:
            if self.item.identity:
                return tuple(data)
            return tuple(map(self.item.load, data))
        assert self.fixed is not None
        return tuple(t.load(v) for t, v in zip(self.fixed, data, strict=True))


class DictType(FieldType):
    """A YAML mapping from text keys to values of one type."""

    def __init__(self, key: FieldType, value: FieldType) -> None:
        self.key = key
        self.value = value

    def describe(self) -> str:
        return f"a mapping of {self.key.short()} to {self.value.short()}"

    def short(self) -> str:
        return f"map {self.key.short()} → {self.value.short()}"

    def fingerprint(self, seen: set[type]) -> str:
        return f"dict[{self.key.fingerprint(seen)},{self.value.fingerprint(seen)}]"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        if not isinstance(node, MappingNode):
            return self.wrong(node, rd, path)
        pairs, ok = rd.pairs(node, path)
        out: dict[str, Any] = {}
        for key, key_node, value_node in pairs:
            if self.key.convert(key_node, rd, join(path, key)) is BAD:
                ok = False
                continue
            value = self.value.convert(value_node, rd, join(path, key))
            if value is BAD:
                ok = False
            out[key] = value
        return FrozenDict(out) if ok else BAD

    def dump(self, value: Any) -> Any:
        return {k: self.value.dump(v) for k, v in value.items()}

    def load(self, data: Any) -> Any:
        return FrozenDict({k: self.value.load(v) for k, v in data.items()})


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One field of a compiled dataclass schema."""

    name: str
    type: FieldType
    required: bool
    default: Any  # dataclasses.MISSING when required or built by a factory
    doc: str


class DataclassType(FieldType):
    """A nested dataclass, read from a YAML mapping with exactly its fields."""

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.fields: tuple[FieldSpec, ...] = ()
        self.by_name: dict[str, FieldSpec] = {}
        self._loaders: tuple[tuple[str, Callable[[Any], Any] | None], ...] = ()

    def set_fields(self, fields: tuple[FieldSpec, ...]) -> None:
        """Sets the compiled fields (done after creation so recursive schemas terminate)."""
        self.fields = fields
        self.by_name = {f.name: f for f in fields}
        self._loaders = tuple((f.name, None if f.type.identity else f.type.load) for f in fields)

    def describe(self) -> str:
        return f"a mapping ({self.cls.__name__})"

    def short(self) -> str:
        return self.cls.__name__

    def fingerprint(self, seen: set[type]) -> str:
        if self.cls in seen:
            return self.cls.__name__
        seen = seen | {self.cls}
        body = ",".join(f"{f.name}:{f.type.fingerprint(seen)}"
                        f"{'' if f.required else '=' + _default_repr(f)}" for f in self.fields)
        return f"{_qualified(self.cls)}{{{body}}}"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        if not isinstance(node, MappingNode):
            return self.wrong(node, rd, path)
        pairs, ok = rd.pairs(node, path)
        values: dict[str, Any] = {}
        for key, key_node, value_node in pairs:
            spec = self.by_name.get(key)
            if spec is None:
                rd.problem(key_node, join(path, key),
                           f"unknown field{suggest(key, list(self.by_name))}")
                ok = False
                continue
            value = spec.type.convert(value_node, rd, join(path, key))
            if value is BAD:
                ok = False
            else:
                values[key] = value
        given = {k for k, _, _ in pairs}
        for spec in self.fields:
            if spec.required and spec.name not in given:
                rd.problem(node, join(path, spec.name),
                           f"missing; expected {spec.type.describe()}")
                ok = False
        if not ok:
            return BAD
        try:
            return self.cls(**values)
        except (TypeError, ValueError) as exc:  # a schema's __post_init__ may check across fields
            rd.problem(node, path, str(exc))
            return BAD

    def dump(self, value: Any) -> Any:
        return {f.name: f.type.dump(getattr(value, f.name)) for f in self.fields}

    def load(self, data: Any) -> Any:
        return self.cls(**{name: data[name] if load is None else load(data[name])
                           for name, load in self._loaders})


class EffectField(FieldType):
    """An effect record ``{type: ..., **params}`` checked against the game's effect registry."""

    def __init__(self, game: str) -> None:
        self.game = game

    def describe(self) -> str:
        return "an effect {type: ..., ...}"

    def short(self) -> str:
        return "effect"

    def fingerprint(self, seen: set[type]) -> str:
        return "effect"

    def convert(self, node: Node, rd: Reader, path: str) -> Any:
        from engine.content.effects import REGISTRY

        if not isinstance(node, MappingNode):
            return self.wrong(node, rd, path)
        pairs, ok = rd.pairs(node, path)
        type_node = next((v for k, _, v in pairs if k == "type"), None)
        if type_node is None:
            rd.problem(node, path, "missing 'type' (which effect this is)")
            return BAD
        if not is_str(type_node):
            rd.problem(type_node, join(path, "type"),
                       f"expected an effect type id, got {show_node(type_node, 'str')}")
            return BAD
        type_id = str(type_node.value)
        entry = REGISTRY.lookup(self.game, type_id)
        if entry is None:
            known = REGISTRY.type_ids(self.game)
            rd.problem(type_node, join(path, "type"),
                       f"unknown effect type '{type_id}'{suggest(type_id, known)}")
            return BAD
        fields = entry.fields()
        params: dict[str, Any] = {}
        for key, key_node, value_node in pairs:
            if key == "type":
                continue
            spec = fields.get(key)
            if spec is None:
                rd.problem(key_node, join(path, key), f"unknown parameter of {type_id}"
                           f"{suggest(key, list(fields))}")
                ok = False
                continue
            value = spec.type.convert(value_node, rd, join(path, key))
            if value is BAD:
                ok = False
            else:
                params[key] = value
        given = {k for k, _, _ in pairs}
        for spec in fields.values():
            if spec.required and spec.name not in given:
                rd.problem(node, join(path, spec.name),
                           f"missing parameter of {type_id}; expected {spec.type.describe()}")
                ok = False
        return EffectSpec(type_id, params) if ok else BAD

    def dump(self, value: Any) -> Any:
        from engine.content.effects import REGISTRY

        entry = REGISTRY.lookup(self.game, value.type)
        if entry is None:
            raise KeyError(f"effect type {self.game}/{value.type} is not registered")
        fields = entry.fields()
        return [value.type, {k: fields[k].type.dump(v) for k, v in value.args}]

    def load(self, data: Any) -> Any:
        from engine.content.effects import REGISTRY

        type_id, params = data
        entry = REGISTRY.lookup(self.game, type_id)
        if entry is None:
            raise KeyError(f"effect type {self.game}/{type_id} is not registered")
        fields = entry.fields()
        return EffectSpec(type_id, {k: fields[k].type.load(v) for k, v in params.items()})


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _default_repr(spec: FieldSpec) -> str:
    if spec.default is dataclasses.MISSING:
        return "<factory>"
    return repr(plain(spec.default))


# ---------------------------------------------------------------------------------------------
# Compiling annotations


_COMPILED: dict[tuple[str, type], DataclassType] = {}
_SCHEMAS: dict[tuple[str, str], DataclassType] = {}


def compile_type(tp: Any, game: str, owner: str, ref: Ref | None = None,
                 rng: Range | None = None) -> FieldType:
    """Returns the FieldType of an annotation; raises TypeError for one the schemas do not support."""
    origin = get_origin(tp)
    if origin is Annotated:
        base, *meta = get_args(tp)
        for item in meta:
            if isinstance(item, Ref):
                ref = item
            elif isinstance(item, Range):
                rng = item
        return compile_type(base, game, owner, ref, rng)
    if origin is Union or origin is types.UnionType:
        options = [a for a in get_args(tp) if a is not type(None)]
        if len(options) != 1 or len(get_args(tp)) != 2:
            raise TypeError(f"{owner}: only 'X | None' unions are supported, not {tp!r}")
        return OptionalType(compile_type(options[0], game, owner, ref, rng))
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return TupleType(compile_type(args[0], game, owner, ref, rng))
        if not args:
            raise TypeError(f"{owner}: write tuple[X, ...] rather than a bare tuple")
        return TupleType(None, tuple(compile_type(a, game, owner, ref, rng) for a in args))
    if origin is dict:
        _not_here(owner, tp, ref, rng)
        key_tp, value_tp = get_args(tp)
        key = compile_type(key_tp, game, owner)
        if not isinstance(key, (StrType, LiteralType)) or (
                isinstance(key, LiteralType) and not all(isinstance(v, str) for v in key.values)):
            raise TypeError(f"{owner}: dict keys must be str (or str literals), not {key_tp!r}")
        return DictType(key, compile_type(value_tp, game, owner))
    if origin is Literal:
        _not_here(owner, tp, ref, rng)
        values = get_args(tp)
        if not all(isinstance(v, (str, int)) for v in values):
            raise TypeError(f"{owner}: Literal values must be str, int or bool, not {tp!r}")
        return LiteralType(values)
    if origin in (list, set, frozenset) or tp in (list, set, frozenset, tuple, dict):
        raise TypeError(f"{owner}: use tuple[X, ...] (content is immutable), not {tp!r}")
    if tp is str:
        if rng is not None:
            raise TypeError(f"{owner}: Range applies to numbers, not str")
        return StrType(ref.kind if ref else None)
    if tp is bool:
        _not_here(owner, tp, ref, rng)
        return BoolType()
    if tp is int:
        _not_here(owner, tp, ref, None)
        return IntType(rng)
    if tp is float:
        _not_here(owner, tp, ref, None)
        return FloatType(rng)
    if tp is Text:
        _not_here(owner, tp, ref, rng)
        return TextType()
    if tp is EffectSpec:
        _not_here(owner, tp, ref, rng)
        return EffectField(game)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        _not_here(owner, tp, ref, rng)
        return dataclass_type(tp, game)
    raise TypeError(f"{owner}: unsupported type {tp!r} in a content schema")


def _not_here(owner: str, tp: Any, ref: Ref | None, rng: Range | None) -> None:
    if ref is not None:
        raise TypeError(f"{owner}: Ref applies to str fields, not {tp!r}")
    if rng is not None:
        raise TypeError(f"{owner}: Range applies to int or float fields, not {tp!r}")


def doc_of(tp: Any) -> str:
    """Returns the Doc text attached to an annotation (empty when there is none)."""
    if get_origin(tp) is Annotated:
        for item in get_args(tp)[1:]:
            if isinstance(item, Doc):
                return item.text
    return ""


def resolve_hints(obj: Any, owner: str) -> dict[str, Any]:
    """Returns an object's resolved annotations with their Annotated extras."""
    try:
        return get_type_hints(obj, include_extras=True)
    except Exception as exc:  # NameError and friends from string annotations
        raise TypeError(f"{owner}: cannot resolve annotations: {exc}") from None


def dataclass_type(cls: type, game: str) -> DataclassType:
    """Returns the compiled schema of a dataclass for a game (cached, recursion-safe)."""
    key = (game, cls)
    known = _COMPILED.get(key)
    if known is not None:
        return known
    compiled = DataclassType(cls)
    _COMPILED[key] = compiled
    try:
        owner = cls.__qualname__
        hints = resolve_hints(cls, owner)
        specs = []
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if not f.init:
                continue
            where = f"{owner}.{f.name}"
            ftype = compile_type(hints[f.name], game, where)
            required = f.default is dataclasses.MISSING and \
                f.default_factory is dataclasses.MISSING
            default = f.default
            if default is dataclasses.MISSING and f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            specs.append(FieldSpec(f.name, ftype, required, default, doc_of(hints[f.name])))
        compiled.set_fields(tuple(specs))
    except BaseException:
        del _COMPILED[key]
        raise
    return compiled


def kind_schema(game: str, name: str) -> DataclassType:
    """Returns the compiled schema of a registered kind; its ``id`` must be a lowercase slug."""
    known = _SCHEMAS.get((game, name))
    if known is not None:
        return known
    cls = KINDS.get(game, name)
    if cls is None:
        raise KeyError(f"{game} has no content kind {name!r}")
    nested = dataclass_type(cls, game)
    id_spec = nested.by_name.get("id")
    if id_spec is None or not isinstance(id_spec.type, StrType) or id_spec.type.ref:
        raise TypeError(f"{cls.__qualname__}: the id field must be annotated plain 'str'")
    # A kind's own schema differs from the nested one only in the slug rule for its id.
    schema = DataclassType(cls)
    schema.set_fields(tuple(
        dataclasses.replace(s, type=StrType(slug=True), required=True) if s.name == "id" else s
        for s in nested.fields))
    _SCHEMAS[(game, name)] = schema
    return schema


def schema_fingerprint(game: str) -> str:
    """Returns a description of every kind's schema of a game (part of the content hash)."""
    return ";".join(f"{name}={kind_schema(game, name).fingerprint(set())}"
                    for name in KINDS.kinds(game))


# ---------------------------------------------------------------------------------------------
# Loaded content


class Content:
    """The validated content of one game: entries per kind in file order, and the content hash."""

    __slots__ = ("game", "hash", "_kinds", "_where")

    def __init__(self, game: str, hash: str, kinds: dict[str, dict[str, Any]],
                 where: dict[str, dict[str, str]] | None = None) -> None:
        self.game = game
        self.hash = hash
        self._kinds = kinds
        self._where = where or {}

    def _entries(self, kind: str) -> dict[str, Any]:
        entries = self._kinds.get(kind)
        if entries is None:
            known = ", ".join(self._kinds) or "none"
            raise KeyError(f"{self.game} has no content kind {kind!r}"
                           f"{suggest(kind, list(self._kinds))} (kinds: {known})")
        return entries

    def get(self, kind: str, id: str) -> Any:
        """Returns the entry ``id`` of ``kind``; raises KeyError naming what is missing."""
        entries = self._entries(kind)
        try:
            return entries[id]
        except KeyError:
            raise KeyError(f"{self.game} has no {kind} {id!r}{suggest(id, list(entries))}") \
                from None

    def has(self, kind: str, id: str) -> bool:
        """Returns True when ``kind`` has an entry ``id``."""
        return id in self._kinds.get(kind, {})

    def all(self, kind: str) -> list[Any]:
        """Returns every entry of a kind in file order (files sorted by path)."""
        return list(self._entries(kind).values())

    def ids(self, kind: str) -> list[str]:
        """Returns the ids of a kind in file order."""
        return list(self._entries(kind))

    def kinds(self) -> list[str]:
        """Returns the game's registered kind names, sorted."""
        return list(self._kinds)

    def where(self, kind: str, id: str) -> str:
        """Returns ``file:line`` of an entry's definition (empty when unknown)."""
        return self._where.get(kind, {}).get(id, "")

    def __len__(self) -> int:
        return sum(len(entries) for entries in self._kinds.values())

    def __repr__(self) -> str:
        return f"<Content {self.game} {len(self)} entries {self.hash[:12]}>"
