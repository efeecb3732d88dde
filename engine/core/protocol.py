"""The game protocol every rule system implements, and the configuration of a game.

A game package under ``engine/rules/<id>`` exposes one ``GameRules`` subclass instance as
``RULES``. Its state class holds everything, including the ``Rng`` (attribute ``rng``), so that
``apply`` is a function of state and action alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import namedtuple

from engine.core.actions import Action, Breakdown, Event, Message
from engine.core.errors import IllegalAction, MalformedAction, RecordError
from engine.core.hashing import digest
from engine.core.rng import Rng

# typing and dataclasses are a third of the engine's import time, so the value types below are
# named tuples and the generic base is spelled out for type checkers only.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, Generic, TypeVar

    from engine.core.flow import Flow

    S = TypeVar("S")

    class _StateGeneric(Generic[S]):
        """Typing-only base that makes ``GameRules[MyState]`` generic."""

else:
    S = "S"

    class _StateGeneric:
        """Lets ``GameRules[MyState]`` be written without importing typing at run time."""

        __slots__ = ()

        def __class_getitem__(cls, item: object) -> type:
            return cls

HUMAN = "human"
BOT = "bot"


class SeatConfig(namedtuple("SeatConfig", "kind bot difficulty name colour",
                            defaults=(HUMAN, "heuristic", "normal", "", ""))):
    """One seat at the table: who plays it and how it looks.

    ``kind`` is "human" or "bot"; ``bot`` the bot id for a bot seat; ``difficulty`` easy,
    normal or hard (the bot's budget); ``name`` and ``colour`` as chosen on the set-up screen.
    """

    __slots__ = ()
    kind: str
    bot: str
    difficulty: str
    name: str
    colour: str

    @property
    def is_human(self) -> bool:
        """Returns True for a seat played at this screen."""
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"kind": self.kind, "bot": self.bot, "difficulty": self.difficulty,
                "name": self.name, "colour": self.colour}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatConfig:
        """Returns a seat from its JSON form."""
        if not isinstance(data, dict):
            raise RecordError("save.bad_config", "seat entry is not an object")
        known = {"kind", "bot", "difficulty", "name", "colour"}
        unknown = set(data) - known
        if unknown:
            raise RecordError("save.bad_config", f"unknown seat fields: {sorted(unknown)}")
        seat = cls(**{k: str(v) for k, v in data.items()})
        if seat.kind not in (HUMAN, BOT):
            raise RecordError("save.bad_config", f"seat kind must be human or bot, not {seat.kind}")
        return seat


class GameConfig:
    """What ``new_game`` needs besides the seed: the seats, options and rule variants.

    ``carry`` is what the previous game of a campaign carries into this one (a roster, treasure,
    the floor reached), validated by the game's ``carry_schema``; None outside campaigns.
    """

    __slots__ = ("seats", "options", "carry")

    def __init__(self, seats: tuple[SeatConfig, ...], options: dict[str, Any] | None = None,
                 carry: dict[str, Any] | None = None) -> None:
        self.seats = tuple(seats)
        self.options = {} if options is None else options
        self.carry = carry

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameConfig) and (self.seats, self.options, self.carry) == (
            other.seats, other.options, other.carry)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        extra = "" if self.carry is None else f", carry={self.carry!r}"
        return f"GameConfig({self.seats!r}, {self.options!r}{extra})"

    @property
    def players(self) -> int:
        """Returns the number of seats."""
        return len(self.seats)

    @classmethod
    def for_players(cls, n: int, *, bots: bool = True, bot: str = "random",
                    **options: Any) -> GameConfig:
        """Returns a config with n seats, all bots (or all humans), and the given options."""
        kind = BOT if bots else HUMAN
        seats = tuple(SeatConfig(kind=kind, bot=bot, name=f"P{i + 1}") for i in range(n))
        return cls(seats, dict(options))

    def with_carry(self, carry: dict[str, Any] | None) -> GameConfig:
        """Returns the same seats and options carrying ``carry``."""
        return GameConfig(self.seats, dict(self.options), carry)

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form (``carry`` only when there is one, so old records stay alike)."""
        out: dict[str, Any] = {"seats": [s.to_dict() for s in self.seats],
                               "options": dict(self.options)}
        if self.carry is not None:
            out["carry"] = self.carry
        return out

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        """Returns a config from its JSON form; raises RecordError on bad data."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise RecordError("save.bad_config", "config must have a list of seats")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("save.bad_config", "config options must be an object")
        carry = data.get("carry")
        if carry is not None and not isinstance(carry, dict):
            raise RecordError("save.bad_config", "config carry must be an object")
        return cls(tuple(SeatConfig.from_dict(s) for s in data["seats"]), dict(options), carry)


class Outcome(namedtuple("Outcome", "winners scores reason", defaults=(None,))):
    """The end of a game: winning seats (several on a shared win), a score per seat, a reason."""

    __slots__ = ()
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: Message | None

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"winners": list(self.winners), "scores": list(self.scores),
                "reason": self.reason.to_json() if self.reason else None}


class OptionDef(namedtuple("OptionDef",
                           "id label default choices minimum maximum variant choice_labels when",
                           defaults=((), None, None, False, (), ()))):
    """A setup option or rule variant shown on the new-game screen.

    ``label`` is a catalog key; ``choices`` lists allowed values for a choice; for a whole-number
    range use ``minimum``/``maximum``; ``variant`` marks a printed-rule toggle (shown under "rule
    variants"); ``choice_labels`` name choices that do not explain themselves: catalog keys, or
    content names given inline as ``{en:, de:}`` for choices that come from the content;
    ``when`` pairs other options with the values under which this one matters (the set-up screen
    shows it only then), e.g. ``(("opponent", ("neutral",)),)``; the key ``players`` stands for
    the number of seats.
    """

    __slots__ = ()
    id: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    minimum: int | None
    maximum: int | None
    variant: bool
    choice_labels: tuple[str, ...]
    when: tuple[tuple[str, tuple[Any, ...]], ...]

    def applies(self, values: dict[str, Any]) -> bool:
        """Returns True when the option matters under the other options' values (``when``)."""
        return all(values.get(other) in allowed for other, allowed in self.when)

    def check(self, value: Any) -> None:
        """Raises MalformedAction when value is not allowed for this option."""
        if self.choices and value not in self.choices:
            raise MalformedAction(f"option {self.id}: {value!r} is not one of {list(self.choices)}")
        if self.minimum is not None or self.maximum is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                raise MalformedAction(f"option {self.id}: {value!r} is not a whole number")
            if self.minimum is not None and value < self.minimum:
                raise MalformedAction(f"option {self.id}: {value} is below {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise MalformedAction(f"option {self.id}: {value} is above {self.maximum}")


# --- previews: what a player needs before committing (annotate / explain) ---------------------
class Odds(namedtuple("Odds", "event ways out_of")):
    """An exact chance: ``ways`` of ``out_of`` equally likely outcomes bring ``event`` about.

    ``event`` is a Message naming what the chance is of ("hit", "defender falls"); the basis is
    explicit (36 rolls of 2d6, 6^k rolls of k dice), so "7/12" is never a rounded float.
    """

    __slots__ = ()
    event: Message
    ways: int
    out_of: int

    def fraction(self) -> Any:
        """Returns the chance as a ``fractions.Fraction``."""
        from fractions import Fraction

        return Fraction(self.ways, self.out_of)

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"event": self.event.to_json(), "ways": self.ways, "out_of": self.out_of}


class Preview(namedtuple("Preview", "cost odds breakdowns consequences refused detail",
                         defaults=((), (), (), (), None, None))):
    """What one action will do, known before it is taken (``GameRules.annotate``/``explain``).

    ``cost``: one Breakdown per resource it spends (movement points, gold, pool dice);
    ``odds``: exact chances of its random outcomes; ``breakdowns``: the numbers it will produce
    (an attack value, a defence); ``consequences``: Messages of everything else that follows;
    ``refused``: for an action the rules refuse, a Message whose key is the rule key that
    ``validate`` raises (its params those of the IllegalAction), else None; ``detail``: plain
    JSON data a board needs beyond that (a reach map, a line of fire), documented per game.
    """

    __slots__ = ()
    cost: tuple[Breakdown, ...]
    odds: tuple[Odds, ...]
    breakdowns: tuple[Breakdown, ...]
    consequences: tuple[Message, ...]
    refused: Message | None
    detail: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"cost": [b.to_json() for b in self.cost],
                "odds": [o.to_json() for o in self.odds],
                "breakdowns": [b.to_json() for b in self.breakdowns],
                "consequences": [m.to_json() for m in self.consequences],
                "refused": None if self.refused is None else self.refused.to_json(),
                "detail": self.detail}


NO_PREVIEW = Preview()


class GameRules(ABC, _StateGeneric[S]):
    """The protocol: one instance per game, stateless; all state lives in ``S``."""

    game_id: ClassVar[str]
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[OptionDef, ...]] = ()
    # What a campaign carries from one game into the next (engine/core/campaign.py): the schema
    # of ``GameConfig.carry`` (None: the game is no part of a campaign), and the campaigns.
    carry_schema: ClassVar[Any] = None
    campaigns: ClassVar[tuple[Any, ...]] = ()
    # Whether seats hold information the others may not see (hands, dials). In a game without
    # it (co-operative, open information) no hot-seat curtain falls and a handover between
    # humans is no undo barrier (DESIGN "Game metadata").
    private_information: ClassVar[bool] = True
    # The bot ``python -m engine simulate`` and ``record`` seat when neither --bot nor --bots
    # is given (engine/cli.py). A co-operative game whose random play never wins (so never
    # ends a campaign) names its heuristic bot here.
    default_bot: ClassVar[str] = "random"

    # --- set-up -------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, config: GameConfig, seed: int) -> S:
        """Returns the initial state for the config, all randomness drawn from ``seed``."""

    def check_config(self, config: GameConfig) -> None:
        """Raises MalformedAction if the config is not playable for this game."""
        if not self.min_players <= config.players <= self.max_players:
            raise MalformedAction(
                f"{self.game_id} takes {self.min_players}–{self.max_players} players, "
                f"not {config.players}")
        known = {o.id: o for o in self.options}
        for key, value in config.options.items():
            if key not in known:
                raise MalformedAction(f"{self.game_id} has no option {key!r}")
            known[key].check(value)
        if config.carry is not None:
            if self.carry_schema is None:
                raise MalformedAction(f"{self.game_id} takes nothing carried from another game")
            from engine.core.campaign import check_schema

            check_schema(self.carry_schema, config.carry, "carry")

    def option(self, config: GameConfig, option_id: str) -> Any:
        """Returns the option's configured value or its default (for the number of players)."""
        for o in self.options:
            if o.id == option_id:
                if option_id in config.options:
                    return config.options[option_id]
                return self.option_defaults(config.players).get(option_id, o.default)
        raise KeyError(option_id)

    def option_defaults(self, players: int) -> dict[str, Any]:
        """Returns the options whose default depends on the number of players, with that
        default (the set-up screen follows them while the player has not chosen; default:
        none)."""
        return {}

    def content_hash(self) -> str:
        """Returns a hash of the content this game's rules read (empty content: constant)."""
        return digest([])

    # --- sides and information ---------------------------------------------------------
    def sides(self, config: GameConfig) -> tuple[int, ...]:
        """Returns the side of each seat: seats with the same number win or lose together
        (default: every seat for itself; a co-operative game puts every seat on side 0)."""
        return tuple(range(config.players))

    def shares_view(self, config: GameConfig, a: int, b: int) -> bool:
        """Returns True when seats a and b see the same, so a handover between them needs no
        curtain and is no undo barrier."""
        return a == b or not self.private_information

    def carry_lines(self, carry: dict[str, Any]) -> list[Message]:
        """Returns what a between-games screen says is carried into the next game (default:
        nothing to say)."""
        return []

    def carry_out(self, state: S) -> dict[str, Any]:
        """Returns what a finished game carries into the next game of a campaign."""
        raise NotImplementedError(f"{self.game_id} carries nothing out of a game")

    # --- turn structure -----------------------------------------------------------------
    # A game that declares its turn flow (engine/core/flow.py; its state keeps ``state.flow``;
    # ``Flow.install`` sets ``flow``) gets current_actor, legal_actions, prompt, validate,
    # explain_illegal and do_apply from it; a game without one overrides them.
    flow: ClassVar[Flow | None] = None

    def current_actor(self, state: S) -> int | None:
        """Returns the seat that must act now, or None when the game is over."""
        return self._flow().current_actor(self, state)

    def legal_actions(self, state: S) -> list[Action]:
        """Returns every action the current actor may take, in a stable order."""
        return self._flow().legal_actions(self, state)

    def prompt(self, state: S) -> Message:
        """Returns what the current actor must decide, for the prompt line."""
        return self._flow().prompt(self, state)

    def _flow(self) -> Flow:
        flow = self.flow
        if flow is None:
            raise NotImplementedError(f"{type(self).__name__} declares no flow: override "
                                      "current_actor, legal_actions, prompt and do_apply")
        return flow

    def turn_number(self, state: S) -> int:
        """Returns a counter that grows by one at the end of every turn (for autosave)."""
        return int(getattr(state, "turn", 0))

    def progress(self, state: S) -> Message:
        """Returns how far the game is, as its table shows it ("Round 3"), for the load list."""
        return Message("ui.load.turn", {"turn": self.turn_number(state)})

    def party(self, state: S) -> Message | None:
        """Returns what tells this game's party apart in the load list beside the players'
        names (heroes, difficulty), or None when the names say enough."""
        return None

    # --- acting -------------------------------------------------------------------------
    def validate(self, state: S, action: Action) -> None:
        """Raises IllegalAction naming the rule when ``action`` may not be taken now.

        With a flow, the action's kind checks the given action directly. Without one, the
        default compares against ``legal_actions``; games override ``explain_illegal`` to name
        the rule that forbids it.
        """
        if self.flow is not None:
            problem = self.flow.check(self, state, action)
            if problem is not None:
                raise IllegalAction(*problem)
            return
        if self.is_over(state):
            raise IllegalAction("rule.game_over", "the game is over")
        if action not in self.legal_actions(state):
            raise IllegalAction(*self.explain_illegal(state, action))

    def explain_illegal(self, state: S, action: Action) -> tuple[str, str]:
        """Returns (rule key, detail) for an action that is not legal now."""
        if self.flow is not None:
            problem = self.flow.check(self, state, action)
            if problem is not None:
                return problem
        return ("rule.not_legal_now", f"{action} is not a legal action now")

    def apply(self, state: S, action: Action) -> list[Event]:
        """Validates, then applies ``action`` to ``state`` in place; returns the events.

        A rejected action raises before anything changes.
        """
        self.validate(state, action)
        return self.do_apply(state, action)

    def do_apply(self, state: S, action: Action) -> list[Event]:
        """Applies an action already validated; returns the events."""
        return self._flow().apply(self, state, action)

    def search_apply(self, state: S, action: Action) -> None:
        """Applies a legal action inside a search (MCTS playouts), where nobody reads the
        events: a game may skip what only the log needs (readable names). The state must end
        exactly as ``do_apply`` leaves it."""
        self.do_apply(state, action)

    # --- reading ------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """Returns the JSON-like view that ``seat`` may see (None: what everybody sees)."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Returns True when the game has ended."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Returns winners and scores once the game is over, else None."""

    # --- persistence --------------------------------------------------------------------
    @abstractmethod
    def state_to_dict(self, state: S) -> dict[str, Any]:
        """Returns the whole state as plain JSON data (lists, dicts, str, int, bool, None)."""

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> S:
        """Returns the state stored by ``state_to_dict``."""

    def clone(self, state: S) -> S:
        """Returns an independent copy (games override with a faster hand-written clone)."""
        return self.state_from_dict(self.state_to_dict(state))

    def state_hash(self, state: S) -> str:
        """Returns a canonical hash of the state, stable across processes and machines."""
        return digest(self.state_to_dict(state))

    def rng_of(self, state: S) -> Rng:
        """Returns the state's RNG (used to detect irreversible points)."""
        rng = getattr(state, "rng", None)
        if not isinstance(rng, Rng):
            raise TypeError(f"{type(state).__name__} must keep its Rng in .rng")
        return rng

    # --- hidden information (bots) ------------------------------------------------------
    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """Returns a copy in which everything ``seat`` cannot see is re-dealt at random.

        It must depend only on what ``seat`` may see: two states that differ only in
        information hidden from ``seat`` give the same result for the same ``rng``.
        Perfect-information games keep the default.
        """
        return self.clone(state)

    # --- previews (annotate / explain) --------------------------------------------------
    def annotate(self, state: S, seat: int | None, actions: list[Action]) -> list[Preview]:
        """Returns one Preview per action (aligned), as ``seat`` may know it before committing.

        ``actions`` are the current actor's (normally from ``legal_actions``); ``seat`` is who
        looks, and a preview uses only what that seat may see. Scenes read these instead of
        re-deriving a rule. The default knows nothing (empty previews).
        """
        return [NO_PREVIEW] * len(actions)

    def explain(self, state: S, seat: int | None, action: Action) -> Preview:
        """Returns the preview of one candidate action, legal or not ("why can't I do that?").

        A refused action's ``refused`` is the rule key and params ``validate`` raises; games
        may fill in the rest (odds of a roll that is not allowed from here) where it helps.
        """
        try:
            self.validate(state, action)
        except IllegalAction as exc:
            return Preview(refused=Message(exc.rule, dict(exc.params)))
        except MalformedAction:
            return Preview(refused=Message("rule.malformed"))
        return self.annotate(state, seat, [action])[0]

    # --- scenario files -----------------------------------------------------------------
    def setup_scenario(self, state: S, setup: dict[str, Any]) -> None:
        """Overrides parts of a fresh state from a scenario file's ``setup`` mapping."""
        if setup:
            raise MalformedAction(f"{self.game_id} has no scenario set-up vocabulary")
