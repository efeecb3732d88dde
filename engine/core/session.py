"""A game in progress: state plus its record, with undo/redo back to the last irreversible point.

Irreversible points (DESIGN "Determinism"): an action that drew from the RNG (shuffle, die
roll), emitted a ``reveal`` event, showed the seat that could take it back something that was
hidden from it (a draw from an already shuffled deck, a card from a hidden hand), or handed the
turn to a human other than the last human who acted (hot-seat handover; bots in between do not
count). Undo never steps back across one.

The third kind is found without the game's help: the step is re-played on determinizations of
the state before it (everything the seat could not see re-dealt), and if the seat's view or the
events it may read come out different, the step depended on hidden information. That check is
lazy: it runs for a step only when undo asks about it, so replays, simulations and bot games
never pay for it.
"""

from __future__ import annotations

from engine import registry
from engine.core.actions import Action, Event
from engine.core.protocol import GameConfig, GameRules
from engine.core.record import GameRecord
from engine.core.rng import Rng

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any


_MASK64 = (1 << 64) - 1
# Determinizations per seat that a step is re-played on to see whether it showed hidden
# information. One differs when it did unless the re-deal happens to repeat what was shown
# (a drawn deck-builder hand: 259 of 260 caught by each sample); the games mark their known
# reveals themselves, so this is the safety net, and each sample costs a view and an apply.
REVEAL_SAMPLES = 1


class _Step:
    """One undoable action: the action, a clone of the state before it, its events and actor.

    ``last_human`` is the session's last human actor before the step (restored by undo);
    ``checked`` says whether the lazy hidden-information check has cleared the step;
    ``notes`` counts the log lines put before its events (``Session.apply``'s ``note``).
    """

    __slots__ = ("action", "before", "events", "actor", "last_human", "checked", "notes")

    def __init__(self, action: Action, before: Any, events: list[Event], actor: int | None,
                 last_human: int | None) -> None:
        self.action = action
        self.before = before
        self.events = events
        self.actor = actor
        self.last_human = last_human
        self.checked = False
        self.notes = 0


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
        # The stored state the game started from when it was continued from an old save's
        # snapshot (engine.core.record.continue_from_snapshot); None: from new_game.
        self.base: dict[str, Any] | None = None
        # The last human seat that acted: the one who may take back what is undoable now.
        self.last_human: int | None = None

    @classmethod
    def start(cls, game_id: str, config: GameConfig, seed: int) -> Session:
        """Returns a new game of ``game_id``."""
        rules = registry.rules(game_id)
        rules.check_config(config)
        return cls(game_id, config, seed, rules.new_game(config, seed))

    # --- acting -------------------------------------------------------------------------
    def apply(self, action: Action, note: Event | None = None) -> list[Event]:
        """Applies an action for the current actor; raises IllegalAction and changes nothing.

        ``note`` is a line for the log before the action's events: no rule's event but a
        remark on it (a bot's reason for its choice). Replays do not make it; undo takes it
        back with the action."""
        rules = self.rules
        rules.validate(self.state, action)
        actor = rules.current_actor(self.state)
        before = rules.clone(self.state)
        rng_before = rules.rng_of(self.state).state
        events = rules.do_apply(self.state, action)
        self.actions.append(action)
        self.hashes.append(rules.state_hash(self.state))
        if note is not None:
            self.log.append(note)
        self.log.extend(events)
        self._redo.clear()
        last_human = self.last_human
        if self._is_human(actor):
            self.last_human = actor
        if (rules.rng_of(self.state).state != rng_before
                or any(e.reveal for e in events)
                or self._is_handover(rules.current_actor(self.state))):
            self._undo.clear()
            self.irreversible_floor = len(self.actions)
        else:
            self._undo.append(_Step(action, before, events, actor, last_human))
            self._undo[-1].notes = 0 if note is None else 1
        return events

    def _is_human(self, seat: int | None) -> bool:
        return seat is not None and self.config.seats[seat].is_human

    def _is_handover(self, after: int | None) -> bool:
        """Returns True when ``after`` is a human other than the last human who acted."""
        last = self.last_human
        if after is None or last is None or after == last or not self._is_human(after):
            return False
        return not self.rules.shares_view(self.config, after, last)

    def start_fresh_history(self) -> None:
        """Makes everything played so far irreversible (a loaded game starts a new history)."""
        self._undo.clear()
        self._redo.clear()
        self.irreversible_floor = len(self.actions)

    # --- undo/redo ----------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Returns True when the last action can be taken back."""
        return self._undoable(len(self._undo) - 1)

    def steps_to_undo(self, seat: int | None) -> int:
        """Returns how many actions undo must take back to take back ``seat``'s last action
        (with everything after it), or 0 when that action is beyond an irreversible point."""
        if seat is None:
            return 0
        for i in range(len(self._undo) - 1, -1, -1):
            if not self._undoable(i):
                return 0
            if self._undo[i].actor == seat:
                return len(self._undo) - i
        return 0

    def _undoable(self, i: int) -> bool:
        """Returns True when undo step ``i`` showed nothing hidden; else makes it the floor."""
        if i < 0:
            return False
        step = self._undo[i]
        if step.checked:
            return True
        after = self._undo[i + 1].before if i + 1 < len(self._undo) else self.state
        if self._shows_hidden(step, after, len(self.actions) - len(self._undo) + i):
            # Everything up to and including this step can no longer be taken back.
            del self._undo[:i + 1]
            self.irreversible_floor = len(self.actions) - len(self._undo)
            return False
        step.checked = True
        return True

    def _shows_hidden(self, step: _Step, after: Any, index: int) -> bool:
        """Returns True when the step's outcome, as the seats who could undo it see it,
        depends on something those seats could not see before it."""
        rules = self.rules
        if self.last_human is not None:
            seats: range | tuple[int, ...] = (self.last_human,)
        else:  # nobody at the screen has acted yet: every seat counts
            seats = range(self.config.players)
        for seat in seats:
            view = rules.view(after, seat)
            events = [e for e in step.events if e.seat is None or e.seat == seat]
            for sample in range(REVEAL_SAMPLES):
                rng = Rng((self.seed * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9
                           + seat * 0x94D049BB133111EB + sample) & _MASK64)
                other = rules.determinize(step.before, seat, rng)
                try:
                    rules.validate(other, step.action)
                    got = rules.do_apply(other, step.action)
                except Exception:  # noqa: BLE001 - the action needs what the seat cannot see
                    return True
                if (rules.view(other, seat) != view
                        or [e for e in got if e.seat is None or e.seat == seat] != events):
                    return True
        return False

    def can_redo(self) -> bool:
        """Returns True when an undone action can be applied again."""
        return bool(self._redo)

    def undo(self) -> Action:
        """Takes back the last action (never across an irreversible point); returns it."""
        if not self.can_undo():
            raise IndexError("nothing to undo")
        step = self._undo.pop()
        self.state = step.before
        self.last_human = step.last_human
        self.actions.pop()
        self.hashes.pop()
        del self.log[len(self.log) - len(step.events) - step.notes:]
        step.notes = 0
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
            base=self.base,
        )
