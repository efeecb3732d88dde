"""YAML reading for content files: LibYAML's safe composer, nodes with line numbers, strict scalars.

Content files are composed into nodes (never constructed by PyYAML) so that every entry and
field keeps its line, and so that the schemas decide what a scalar means. YAML 1.1 resolves
``no`` to false, ``1.10`` to 1.1 and ``12:30`` to 750; the helpers here keep the resolved tag
and the source text side by side, so a schema can reject a value of the wrong type and show
the writer exactly what they typed.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from engine.core.errors import ContentError

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
BOOL = "tag:yaml.org,2002:bool"
NULL = "tag:yaml.org,2002:null"
MERGE = "tag:yaml.org,2002:merge"

_TAG_NAMES = {
    INT: "a number",
    FLOAT: "a number",
    BOOL: "a yes/no value",
    NULL: "nothing",
    "tag:yaml.org,2002:timestamp": "a date",
    "tag:yaml.org,2002:binary": "binary data",
    MERGE: "a merge key",
}

# Plain decimal integers only: YAML 1.1 also reads 010 (octal 8), 0x1f and 12:30 (sexagesimal 750).
_DECIMAL_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_DECIMAL_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")
_BOOL_WORDS = {"true": True, "false": False, "True": True, "False": False}


class YamlProblem(Exception):
    """A file that is not readable YAML; ``line`` is 1-based (0 when unknown)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"{line}: {message}")


def require_libyaml() -> None:
    """Raises ContentError when PyYAML was built without LibYAML (no pure-Python fallback)."""
    if not getattr(yaml, "__with_libyaml__", False):
        raise ContentError([
            "PyYAML is installed without LibYAML, so content cannot be read with "
            "yaml.CSafeLoader; reinstall PyYAML with LibYAML (e.g. pip install --force-reinstall "
            "--no-binary=:none: PyYAML) or use the project's virtual environment"
        ])


def compose_text(text: str) -> Node | None:
    """Returns the node tree of one YAML document (None for an empty file); raises YamlProblem."""
    require_libyaml()
    try:
        return yaml.compose(text, Loader=yaml.CSafeLoader)  # type: ignore[no-any-return]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 0
        what = ", ".join(part for part in (exc.context, exc.problem) if part) or "unreadable"
        raise YamlProblem(line, f"not valid YAML: {what}") from None
    except yaml.YAMLError as exc:
        raise YamlProblem(0, f"not valid YAML: {exc}") from None


def read_text(path: Path) -> str:
    """Returns a file's text as UTF-8; raises YamlProblem when it is not UTF-8."""
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlProblem(0, f"not UTF-8 text (byte {exc.start})") from None


def line_of(node: Node) -> int:
    """Returns the 1-based line where a node starts."""
    return int(node.start_mark.line) + 1


def show_node(node: Node, want: str = "") -> str:
    """Returns how a node reads to a person, naming YAML 1.1's reinterpretation where it bites.

    ``want`` is what the schema expected: ``str``, ``int``, ``float``, ``bool`` or empty.
    """
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return f"a list with {len(node.value)} items" if want == "list" else "a list"
    text = str(node.value)
    if node.tag == STR:
        return repr(text)
    if node.tag == NULL:
        return "nothing" if text in ("", "~", "null", "Null", "NULL") else f"{text} (nothing)"
    if want == "str":
        what = _TAG_NAMES.get(node.tag, f"a value tagged {node.tag}")
        return f"{text} (YAML reads this as {what}; quote it if you mean the text)"
    if want in ("int", "float") and node.tag in (INT, FLOAT) and not _DECIMAL_INT.fullmatch(text) \
            and not _DECIMAL_FLOAT.fullmatch(text):
        return f"{text} (YAML 1.1 reads this as {_yaml_value(node)!r}; write a plain decimal number)"
    if want == "bool" and node.tag == BOOL:
        return f"{text} (write true or false)"
    return text


def _yaml_value(node: ScalarNode) -> object:
    """Returns what PyYAML's safe constructor makes of a scalar (only to explain a rejection)."""
    constructor = yaml.constructor.SafeConstructor()
    try:
        return constructor.construct_object(node)
    except yaml.YAMLError:
        return node.value


def parse_int(node: Node) -> int | None:
    """Returns the integer a scalar spells in plain decimal, else None."""
    if isinstance(node, ScalarNode) and node.tag == INT and _DECIMAL_INT.fullmatch(node.value):
        return int(node.value)
    return None


def parse_float(node: Node) -> float | None:
    """Returns the finite number a scalar spells in plain decimal (an integer too), else None."""
    if not isinstance(node, ScalarNode):
        return None
    if node.tag == INT and _DECIMAL_INT.fullmatch(node.value):
        return float(int(node.value))
    if node.tag == FLOAT and _DECIMAL_FLOAT.fullmatch(node.value):
        return float(node.value)
    return None


def parse_bool(node: Node) -> bool | None:
    """Returns the truth value of ``true``/``false`` (not YAML 1.1's yes/no/on/off), else None."""
    if isinstance(node, ScalarNode) and node.tag == BOOL:
        return _BOOL_WORDS.get(node.value)
    return None


def is_str(node: Node) -> bool:
    """Returns True for a scalar that YAML reads as text (quoted, block or plain)."""
    return isinstance(node, ScalarNode) and node.tag == STR


def is_null(node: Node) -> bool:
    """Returns True for an empty value, ``~`` or ``null``."""
    return isinstance(node, ScalarNode) and node.tag == NULL
