"""Typed errors of the engine. Each names the rule or the problem in a catalog key."""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class MalformedAction(EngineError):
    """An action that is not well formed (unknown kind, wrong parameter types)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid now; ``rule`` is the catalog key of the rule."""

    def __init__(self, rule: str, detail: str = "", **params: Any) -> None:
        self.rule = rule
        self.detail = detail
        self.params = params
        super().__init__(f"{rule}: {detail}" if detail else rule)


class RecordError(EngineError):
    """A save or record file that cannot be used; the message is meant for the player."""

    def __init__(self, key: str, message: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(message)


class ContentError(EngineError):
    """Content that failed validation; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))
