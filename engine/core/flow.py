"""Turn flow: phases with hooks, turns and rounds, who may act now, and action kinds declared once.

A game declares one ``Flow`` of
- ``Phase``s: the steps of a turn (with enter/exit hooks, a prompt, the action kinds open in it
  and, if not the turn holder, the seat that acts in it);
- ``DecisionKind``s: the pending decisions it may push (engine/core/decisions.py), each with the
  action kinds that answer it, the kind that passes (for a response window) and a hook that runs
  when it closes;
- ``ActionKind``s: every action of the game, each with its options (generation), its check of a
  given action (the rule that refuses it, as a catalog key and a detail) and its effect.

Its state keeps a ``FlowState`` as ``state.flow``: the phase, the stack of pending decisions and,
optionally, the ``TurnOrder`` (engine/core/turnorder.py). From both the flow answers the
protocol: the actor is the top decision's seat, else the phase's actor, else the turn holder; the
open action kinds are the top decision's, else the phase's; the legal actions are the options of
the open kinds in declared order; ``check`` refuses a kind that is not open or names what its own
check finds. After an action's effect the flow moves the decision it answered on (a response
window to its next seat) or removes it once done, and runs the close hook of each finished
decision that comes back to the top.

Callbacks receive the rules object first (the game's helpers live there) and the state second:
``options(rules, state, out)`` appends this kind's legal actions to ``out``;
``check(rules, state, action)`` returns None or (rule key, detail); ``apply(rules, state, action,
events)`` changes the state; phase hooks are ``(rules, state, events)``; a decision's close hook
is ``(rules, state, decision, events)``. The pass kind of a window needs no effect: the flow
records the pass itself.
"""

from __future__ import annotations

from operator import attrgetter

from engine.core.actions import Action, Event, Message
from engine.core.decisions import ONE, Decision
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.turnorder import TurnOrder

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Refusal = tuple[str, str]

GAME_OVER = ("rule.game_over", "the game is over")
NOT_LEGAL = ("rule.not_legal_now", "{action} is not a legal action now")
CLOSED = ("rule.not_legal_now", "{kind} is not possible during {step}")


class ActionKind:
    """One kind of action, declared once: its options, its check and its effect.

    ``options(rules, state, out)`` appends the legal actions of this kind now (while the kind
    is open). ``check(rules, state, action)`` returns None when the given action is legal or
    (rule key, detail); without it, an action is legal when ``options`` lists it and ``refuse``
    (or the flow's default) names the reason otherwise. ``closed`` is the refusal when the kind
    is not open now (its detail may use ``{kind}`` and ``{step}``).
    """

    __slots__ = ("id", "options", "check", "apply", "refuse", "closed")

    def __init__(self, id: str, options: Callable[..., None] | None = None,
                 check: Callable[..., Refusal | None] | None = None,
                 apply: Callable[..., None] | None = None,
                 refuse: Callable[..., Refusal] | None = None,
                 closed: Refusal | None = None) -> None:
        self.id = id
        self.options = options
        self.check = check
        self.apply = apply
        self.refuse = refuse
        self.closed = closed

    def __repr__(self) -> str:
        return f"ActionKind({self.id!r})"


class _Step:
    """What phases and decision kinds share: the open action kinds and the prompt."""

    __slots__ = ("id", "kinds", "prompt", "_open", "_gens", "_checks")

    def __init__(self, id: str, kinds: tuple[str, ...], prompt: Any) -> None:
        self.id = id
        self.kinds = tuple(kinds)
        self.prompt = prompt
        self._open: frozenset[str] = frozenset(self.kinds)
        self._gens: tuple[Callable[..., None], ...] = ()
        # the check of each open kind that has one (validate's hot path: one look-up)
        self._checks: dict[str, Callable[..., Refusal | None]] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r})"


class Phase(_Step):
    """A step of the turn: the action kinds open in it, its prompt, its actor and hooks.

    ``prompt`` is a catalog key (its parameter is the acting seat) or ``(rules, state) ->
    Message``; ``actor(state)`` names the seat that acts when it is not the turn holder;
    ``enter``/``exit`` are ``(rules, state, events)`` hooks run by ``Flow.enter``; a
    ``terminal`` phase ends the game (nobody acts). ``sub(state)`` returns the sub-game that
    runs in this phase (engine/core/subgame.py) or None: while one runs and nothing of the host
    is pending, the sub-game answers actor, legal actions, prompt and checks, and the host's
    rules (a ``SubGameHost``) apply its actions with ``sub_apply``.
    """

    __slots__ = ("actor", "enter", "exit", "terminal", "sub")

    def __init__(self, id: str, kinds: tuple[str, ...] = (), prompt: Any = None, *,
                 actor: Callable[[Any], int] | None = None,
                 enter: Callable[..., None] | None = None,
                 exit: Callable[..., None] | None = None, terminal: bool = False,
                 sub: Callable[[Any], Any] | None = None) -> None:
        super().__init__(id, kinds, prompt if prompt is not None else id)
        self.actor = actor
        self.enter = enter
        self.exit = exit
        self.terminal = terminal
        self.sub = sub


class DecisionKind(_Step):
    """A kind of pending decision: the action kinds that answer it, its pass and close hook.

    ``prompt`` serves decisions pushed without a reason: a catalog key (its parameter is the
    deciding seat) or ``(rules, state, decision) -> Message``. ``pass_kind`` is the action kind
    with which a seat passes in a response window (listed last unless ``kinds`` places it).
    ``on_close(rules, state, decision, events)`` runs when the decision is done and back on top
    of the stack (a window closed by passes continues the resolution it interrupted there).
    """

    __slots__ = ("pass_kind", "on_close")

    def __init__(self, id: str, kinds: tuple[str, ...] = (), prompt: Any = None, *,
                 pass_kind: str | None = None,
                 on_close: Callable[..., None] | None = None) -> None:
        kinds = tuple(kinds)
        if pass_kind is not None and pass_kind not in kinds:
            kinds = (*kinds, pass_kind)
        super().__init__(id, kinds, prompt if prompt is not None else id)
        self.pass_kind = pass_kind
        self.on_close = on_close


class FlowState:
    """Where a game stands: the phase, the stack of pending decisions, the turn order (or None).

    ``step`` is what is being decided now: the top decision's kind, else the phase. Change the
    stack through ``push``, ``pop``, ``replace`` and ``clear``: they keep ``low``, the lowest
    depth the stack fell to while an action's effect ran, by which the flow tells whether the
    effect dealt with the decision it answered (``low`` is scratch, never saved or compared).
    """

    __slots__ = ("phase", "stack", "order", "low")

    def __init__(self, phase: str, stack: list[Decision] | None = None,
                 order: TurnOrder | None = None) -> None:
        self.phase = phase
        self.stack: list[Decision] = [] if stack is None else stack
        self.order = order
        self.low = 0

    @property
    def step(self) -> str:
        """Returns the top decision's kind, or the phase when nothing is pending."""
        stack = self.stack
        return stack[-1].kind if stack else self.phase

    @property
    def top(self) -> Decision | None:
        """Returns the decision to answer now, or None."""
        stack = self.stack
        return stack[-1] if stack else None

    def push(self, decision: Decision) -> None:
        """Puts a decision on top: it is answered before the ones below."""
        self.stack.append(decision)

    def pop(self) -> Decision:
        """Removes and returns the top decision."""
        stack = self.stack
        d = stack.pop()
        if len(stack) < self.low:
            self.low = len(stack)
        return d

    def replace(self, decision: Decision) -> None:
        """Puts ``decision`` in place of the top one (the same choice, moved on)."""
        stack = self.stack
        stack[-1] = decision
        if len(stack) - 1 < self.low:
            self.low = len(stack) - 1

    def clear(self) -> None:
        """Drops every pending decision (a turn or the game ended under them)."""
        self.stack.clear()
        self.low = 0

    def clone(self) -> FlowState:
        """Returns an independent copy (decisions are immutable and shared)."""
        f = FlowState.__new__(FlowState)
        f.phase = self.phase
        f.stack = self.stack[:]
        f.order = None if self.order is None else self.order.clone()
        f.low = 0
        return f

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FlowState) and (self.phase, self.stack, self.order) == (
            other.phase, other.stack, other.order)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FlowState({self.phase!r}, {self.stack!r}, {self.order!r})"

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"phase": self.phase, "stack": [d.to_json() for d in self.stack],
                "order": None if self.order is None else self.order.to_dict()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FlowState:
        """Returns the flow state stored by ``to_json``; raises ValueError on bad data."""
        if not isinstance(data, dict) or set(data) != {"phase", "stack", "order"}:
            raise ValueError("flow state data must have exactly the keys order, phase, stack")
        order = data["order"]
        return cls(str(data["phase"]), [Decision.from_json(d) for d in data["stack"]],
                   None if order is None else TurnOrder.from_dict(order))


_order_seat = attrgetter("flow.order.current")


def _actor_function(actors: dict[str, Any],
                    subs: dict[str, Any]) -> Callable[[Any, Any], int | None]:
    def current_actor(rules: Any, state: Any) -> int | None:
        """Returns the top decision's seat, else the phase's actor (None in a terminal phase);
        in a phase that runs a sub-game, the host seat of the sub-game's actor."""
        fs = state.flow
        if fs.stack:
            return fs.stack[-1].seat  # type: ignore[no-any-return]
        if subs:
            get = subs.get(fs.phase)
            sub = None if get is None else get(state)
            if sub is not None:
                return sub.host_seat(sub.rules.current_actor(sub.state))  # type: ignore
        actor = actors[fs.phase]
        return None if actor is None else actor(state)  # type: ignore[no-any-return]
    return current_actor


def _no_effect(rules: Any, state: Any, action: Action, events: list[Event]) -> None:
    """Does nothing (a pass: the flow records it)."""


def _apply_function(flow: Flow) -> Callable[[Any, Any, Action], list[Event]]:
    effects = {a.id: a.apply or _no_effect for a in flow.actions.values()}
    decisions = flow.decisions
    game = flow.game
    subs = {p.id: p.sub for p in flow.phases.values() if p.sub is not None}

    def apply(rules: Any, state: Any, action: Action) -> list[Event]:
        """Runs the action's effect, moves on the decision it answered; returns the events."""
        fs = state.flow
        stack = fs.stack
        if subs and not stack and fs.phase in subs and subs[fs.phase](state) is not None:
            return rules.sub_apply(state, action)  # type: ignore[no-any-return]
        try:
            effect = effects[action.kind]
        except KeyError:
            raise MalformedAction(f"{game} has no action {action.kind}") from None
        events: list[Event] = []
        if not stack:  # an action of the phase: nothing to move on (the hot path of bots)
            effect(rules, state, action, events)
            return events
        n = fs.low = len(stack)
        top = stack[-1]
        effect(rules, state, action, events)
        if fs.low >= n:
            # the effect did not pop, replace or clear the answered decision: record the answer
            dkind = decisions[top.kind]
            if top.policy == ONE and dkind.on_close is None:
                del stack[n - 1]  # answered, and nothing waits for it (choices above stay)
            else:
                nxt = top.after_pass() if action.kind == dkind.pass_kind else top.after_play()
                if nxt is not top:
                    if nxt.seat < 0 and dkind.on_close is None:
                        del stack[n - 1]  # done, nothing waits for it (choices above stay)
                    else:
                        stack[n - 1] = nxt
        if stack and stack[-1].seat < 0:
            flow.settle(rules, state, events)
        return events
    return apply


def _validate_function(flow: Flow) -> Callable[[Any, Any, Action], None]:
    check = flow.check

    def validate(rules: Any, state: Any, action: Action) -> None:
        """Raises IllegalAction naming the rule when ``action`` may not be taken now (the flow's
        check of the given action)."""
        problem = check(rules, state, action)
        if problem is not None:
            raise IllegalAction(*problem)
    return validate


class Flow:
    """A game's declared turn flow; answers actor, legal actions, prompt, check and apply."""

    __slots__ = ("game", "phases", "decisions", "actions", "turn_seat", "seat_param",
                 "closed", "unknown", "not_legal", "turn_phase", "on_round", "_actors",
                 "current_actor", "apply", "validate")

    def __init__(self, game: str, phases: tuple[Phase, ...], actions: tuple[ActionKind, ...],
                 decisions: tuple[DecisionKind, ...] = (), *,
                 turn_seat: Callable[[Any], int] | str | None = None, seat_param: str = "seat",
                 closed: Refusal = CLOSED, unknown: Refusal | None = None,
                 not_legal: Refusal = NOT_LEGAL, turn_phase: str | None = None,
                 on_round: Callable[..., None] | None = None) -> None:
        self.game = game
        self.phases = {p.id: p for p in phases}
        self.decisions = {d.id: d for d in decisions}
        self.actions = {a.id: a for a in actions}
        # the turn holder: a function of the state, or the name of its attribute
        self.turn_seat = _order_seat if turn_seat is None else attrgetter(turn_seat) \
            if isinstance(turn_seat, str) else turn_seat
        self.seat_param = seat_param
        self.closed = closed
        self.unknown = unknown if unknown is not None else closed
        self.not_legal = not_legal
        self.turn_phase = turn_phase if turn_phase is not None else phases[0].id
        self.on_round = on_round
        # who acts in each phase when nothing is pending (None: nobody, the game is over)
        self._actors = {p.id: None if p.terminal else p.actor or self.turn_seat for p in phases}
        # current_actor(rules, state) and apply(rules, state, action) are functions built for
        # this flow, so that ``install`` can make them the rules class's own methods: they run
        # on every bot step, and a delegating call would cost a tenth of a cheap game's step
        self.current_actor = _actor_function(
            self._actors, {p.id: p.sub for p in phases if p.sub is not None})
        self.apply = _apply_function(self)
        self.validate = _validate_function(self)
        problems = []
        if len(self.phases) != len(phases) or len(self.decisions) != len(decisions) \
                or len(self.actions) != len(actions):
            problems.append("ids of phases, decision kinds and action kinds must be unique")
        for both in sorted(set(self.phases) & set(self.decisions)):
            problems.append(f"{both!r} is both a phase and a decision kind")
        for step in (*phases, *decisions):
            missing = [k for k in step.kinds if k not in self.actions]
            if missing:
                problems.append(f"{step.id}: unknown action kinds {missing}")
                continue
            gens = (self.actions[k].options for k in step.kinds)
            step._gens = tuple(g for g in gens if g is not None)
            checks = ((k, self.actions[k].check) for k in step.kinds)
            step._checks = {k: c for k, c in checks if c is not None}
        if self.turn_phase not in self.phases:
            problems.append(f"turn phase {self.turn_phase!r} is not a phase")
        if problems:
            raise ValueError(f"flow of {game}: " + "; ".join(problems))

    # --- reading -----------------------------------------------------------------------------
    def running_sub(self, state: Any) -> Any:
        """Returns the sub-game that answers now (its phase runs one, nothing else pends)."""
        fs = state.flow
        if fs.stack:
            return None
        get = self.phases[fs.phase].sub
        return None if get is None else get(state)

    def step_of(self, state: Any) -> _Step:
        """Returns the declaration of what is decided now: the top decision's kind or phase
        (inside a running sub-game that declares a flow, its step)."""
        fs = state.flow
        stack = fs.stack
        if stack:
            return self.decisions[stack[-1].kind]
        phase = self.phases[fs.phase]
        if phase.sub is not None:
            sub = phase.sub(state)
            if sub is not None and sub.rules.flow is not None:
                return sub.rules.flow.step_of(sub.state)  # type: ignore[no-any-return]
        return phase

    def open_kinds(self, state: Any) -> tuple[str, ...]:
        """Returns the action kinds open now, in the order their options are listed."""
        sub = self.running_sub(state)
        if sub is not None and sub.rules.flow is None:
            return tuple(dict.fromkeys(a.kind for a in sub.rules.legal_actions(sub.state)))
        return self.step_of(state).kinds

    def legal_actions(self, rules: Any, state: Any) -> list[Action]:
        """Returns the options of every open action kind, in declared order."""
        fs = state.flow
        stack = fs.stack
        if not stack and self.phases[fs.phase].sub is not None:
            sub = self.running_sub(state)
            if sub is not None:
                return sub.rules.legal_actions(sub.state)  # type: ignore[no-any-return]
        step = self.decisions[stack[-1].kind] if stack else self.phases[fs.phase]
        out: list[Action] = []
        for options in step._gens:
            options(rules, state, out)
        return out

    def prompt(self, rules: Any, state: Any) -> Message:
        """Returns the top decision's reason, else its kind's or the phase's prompt."""
        fs = state.flow
        if fs.stack:
            d = fs.stack[-1]
            if d.reason is not None:
                return Message(d.reason.key, dict(d.reason.params))  # a copy to hand out
            kind = self.decisions[d.kind]
            if callable(kind.prompt):
                return kind.prompt(rules, state, d)
            return Message(kind.prompt, {self.seat_param: d.seat})
        phase = self.phases[fs.phase]
        sub = self.running_sub(state)
        if sub is not None:
            return sub.rules.prompt(sub.state)  # type: ignore[no-any-return]
        if callable(phase.prompt):
            return phase.prompt(rules, state)
        return Message(phase.prompt, {self.seat_param: self.current_actor(rules, state)})

    def check(self, rules: Any, state: Any, action: Action) -> Refusal | None:
        """Returns None when ``action`` may be taken now, else (rule key, detail)."""
        fs = state.flow
        if fs.stack:
            step: _Step = self.decisions[fs.stack[-1].kind]
        else:
            phase = self.phases[fs.phase]
            if phase.terminal:
                return GAME_OVER
            if phase.sub is not None:
                sub = phase.sub(state)
                if sub is not None:
                    try:
                        sub.rules.validate(sub.state, action)
                    except IllegalAction as exc:
                        return (exc.rule, exc.detail)
                    return None
            step = phase
        check = step._checks.get(action.kind)
        if check is not None:
            return check(rules, state, action)
        kind = self.actions.get(action.kind)
        if kind is None:
            return self._format(self.unknown, action, state)
        if action.kind not in step._open:
            return self._format(kind.closed or self.closed, action, state)
        # a kind without its own check: legal when its options list the action
        out: list[Action] = []
        if kind.options is not None:
            kind.options(rules, state, out)
        if action in out:
            return None
        if kind.refuse is not None:
            return kind.refuse(rules, state, action)
        return self._format(self.not_legal, action, state)

    def _format(self, refusal: Refusal, action: Action, state: Any) -> Refusal:
        rule, detail = refusal
        return (rule, detail.format(kind=action.kind, step=state.flow.step, action=action))

    # --- acting (apply is built by _apply_function) --------------------------------------------
    def settle(self, rules: Any, state: Any, events: list[Event]) -> None:
        """Pops every finished decision on top of the stack, running its close hook."""
        fs = state.flow
        stack = fs.stack
        while stack and stack[-1].seat < 0:
            done = fs.pop()
            hook = self.decisions[done.kind].on_close
            if hook is not None:
                hook(rules, state, done, events)

    def enter(self, rules: Any, state: Any, phase: str, events: list[Event]) -> None:
        """Leaves the current phase and enters ``phase``, running their hooks."""
        new = self.phases.get(phase)
        if new is None:
            raise ValueError(f"{self.game} has no phase {phase!r}")
        fs = state.flow
        old = self.phases.get(fs.phase)
        if old is not None and old.exit is not None:
            old.exit(rules, state, events)
        fs.phase = phase
        if new.enter is not None:
            new.enter(rules, state, events)

    def next_turn(self, rules: Any, state: Any, events: list[Event]) -> bool:
        """Passes the turn on (``state.flow.order``); returns whether a new round began."""
        # what is pending is dropped, the phase left, on_round run when a round begins and the
        # turn's first phase entered
        fs = state.flow
        fs.clear()
        old = self.phases[fs.phase]
        if old.exit is not None:
            old.exit(rules, state, events)
        new_round = fs.order.advance()
        if new_round and self.on_round is not None:
            self.on_round(rules, state, events)
        fs.phase = self.turn_phase
        first = self.phases[self.turn_phase]
        if first.enter is not None:
            first.enter(rules, state, events)
        return new_round

    # --- adoption ----------------------------------------------------------------------------
    def install(self, rules_class: Any) -> None:
        """Makes this flow the turn structure of ``rules_class`` (a GameRules subclass)."""
        # flow gives the class GameRules' flow defaults; current_actor, do_apply and validate
        # become the flow's functions themselves, unless the class defines its own
        rules_class.flow = self
        for name, function in (("current_actor", self.current_actor), ("do_apply", self.apply),
                               ("validate", self.validate)):
            if name not in rules_class.__dict__:
                setattr(rules_class, name, function)
