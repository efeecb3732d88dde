"""A game in progress: state plus its record, with undo/redo back to the last irreversible point.

Irreversible points (DESIGN "Determinism"): an action that drew from the RNG (shuffle, draw
from a shuffled deck, die roll), emitted a ``reveal`` event, or handed the turn from one human
seat to another (hot-seat handover). Undo never steps back across one.
"""

from __future__ import annotations

from engine import registry
from engine.core.actions import Action, Event
from engine.core.protocol import GameConfig, GameRules
from engine.core.record import GameRecord

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any


class _Step:
    """One undoable action: the action, a clone of the state before it, and its events."""

    __slots__ = ("action", "before", "events")

    def __init__(self, action: Action, before: Any, events: list[Event]) -> None:
        self.action = action
        self.before = before
        self.events = events


class Session:
    """Runs one game through the protocol and keeps its record, hashes and undo history."""

    def __init__(self, game_id: str, config: GameConfig, seed: int, state: Any) -> None:
        self.game_id = game_id
        self.rules: GameRules[Any] = registry.rules(game_id)
        self.config = config
        self.seed = seed
        self.state = state
        self.actions: list[Action] = []
        self.hashes: list[str] = [self.rules.state_hash(state)]
        self.log: list[Event] = []
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self.irreversible_floor = 0  # number of actions that can no longer be undone

    @classmethod
    def start(cls, game_id: str, config: GameConfig, seed: int) -> Session:
        """Returns a new game of ``game_id``."""
        rules = registry.rules(game_id)
        rules.check_config(config)
        return cls(game_id, config, seed, rules.new_game(config, seed))

    # --- acting -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Applies an action for the current actor; raises IllegalAction and changes nothing."""
        rules = self.rules
        rules.validate(self.state, action)
        actor = rules.current_actor(self.state)
        before = rules.clone(self.state)
        rng_before = rules.rng_of(self.state).state
        events = rules.do_apply(self.state, action)
        self.actions.append(action)
        self.hashes.append(rules.state_hash(self.state))
        self.log.extend(events)
        self._redo.clear()
        after = rules.current_actor(self.state)
        if (rules.rng_of(self.state).state != rng_before
                or any(e.reveal for e in events)
                or self._is_handover(actor, after)):
            self._undo.clear()
            self.irreversible_floor = len(self.actions)
        else:
            self._undo.append(_Step(action, before, events))
        return events

    def _is_handover(self, before: int | None, after: int | None) -> bool:
        if before is None or after is None or before == after:
            return False
        seats = self.config.seats
        return seats[before].is_human and seats[after].is_human

    # --- undo/redo ----------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Returns True when the last action can be taken back."""
        return bool(self._undo)

    def can_redo(self) -> bool:
        """Returns True when an undone action can be applied again."""
        return bool(self._redo)

    def undo(self) -> Action:
        """Takes back the last action (never across an irreversible point); returns it."""
        if not self._undo:
            raise IndexError("nothing to undo")
        step = self._undo.pop()
        self.state = step.before
        self.actions.pop()
        self.hashes.pop()
        del self.log[len(self.log) - len(step.events):]
        self._redo.append(step)
        return step.action

    def redo(self) -> Action:
        """Applies the last undone action again; returns it."""
        if not self._redo:
            raise IndexError("nothing to redo")
        step = self._redo.pop()
        redo = self._redo
        self._redo = []
        self.apply(step.action)
        self._redo = redo
        return step.action

    # --- reading ------------------------------------------------------------------------
    @property
    def actor(self) -> int | None:
        """Returns the seat that must act now."""
        return self.rules.current_actor(self.state)

    @property
    def is_over(self) -> bool:
        """Returns True when the game has ended."""
        return self.rules.is_over(self.state)

    def turn(self) -> int:
        """Returns the game's turn counter."""
        return self.rules.turn_number(self.state)

    def record(self, *, snapshot: bool = True, meta: dict[str, Any] | None = None) -> GameRecord:
        """Returns the game record (with a snapshot of the current state unless told not to)."""
        return GameRecord(
            game_id=self.game_id,
            config=self.config,
            seed=self.seed,
            rules_version=self.rules.rules_version,
            content_hash=self.rules.content_hash(),
            actions=list(self.actions),
            hashes=list(self.hashes),
            snapshot=self.rules.state_to_dict(self.state) if snapshot else None,
            meta=dict(meta or {}),
        )
