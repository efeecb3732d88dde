"""The legal actions indexed by what they point at on a board, so a click or a hover finds its
actions without scanning the whole list."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from engine.core.actions import Action


class ActionIndex:
    """Legal actions grouped by target key (a square, a card, a figure) and by kind.

    ``targets(action)`` names the keys an action points at; an action with none is still found
    by kind. Every group keeps the order of the legal actions.
    """

    def __init__(self, actions: Iterable[Action],
                 targets: Callable[[Action], Iterable[Hashable]] = lambda a: ()) -> None:
        self.actions = list(actions)
        self._at: dict[Hashable, list[Action]] = {}
        self._kinds: dict[str, list[Action]] = {}
        for action in self.actions:
            self._kinds.setdefault(action.kind, []).append(action)
            for key in dict.fromkeys(targets(action)):
                self._at.setdefault(key, []).append(action)

    def at(self, key: Hashable) -> list[Action]:
        """Returns the actions that point at ``key``."""
        return self._at.get(key, [])

    def of_kind(self, kind: str) -> list[Action]:
        """Returns the actions of one kind."""
        return self._kinds.get(kind, [])

    def find(self, kind: str, **params: Any) -> Action | None:
        """Returns the first action of ``kind`` whose parameters include ``params``."""
        for action in self._kinds.get(kind, ()):
            if all(action.get(k) == v for k, v in params.items()):
                return action
        return None

    def keys(self) -> list[Hashable]:
        """Returns every key some action points at."""
        return list(self._at)
