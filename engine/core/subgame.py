"""Sub-games: a game that runs another rules object on a sub-state (a battle inside a map turn).

The host keeps one ``SubGame`` (or None) in its state. While it runs, the host's protocol methods
hand over to the sub-game's rules: its actor (mapped to a host seat), its legal actions, prompt,
validation, view and determinization. When an applied action ends the sub-game, the host reads
its outcome and resumes (``SubGameHost.sub_game_over``).

The sub-game shares the host's ``Rng`` object (one random stream for the whole game), so the
session's irreversible points (a die rolled inside the battle) and a record's replay work as for
any other action. Each sub-game's rules conform to the protocol on their own: they can be played
as a game by themselves (e.g. a skirmish on the combat board) and are tested so.
"""

from __future__ import annotations

from engine.core.actions import Action, Event, Message
from engine.core.errors import RecordError
from engine.core.protocol import GameConfig, GameRules, Outcome
from engine.core.rng import Rng

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any


class SubGame:
    """A running sub-game: its game id, the host seat of each of its seats, its state and a tag.

    ``tag`` is plain JSON data the host needs when the sub-game ends (which field was fought
    over, which heroes take part, …).
    """

    __slots__ = ("game", "seats", "state", "tag", "_rules")

    def __init__(self, game: str, seats: tuple[int, ...], state: Any,
                 tag: dict[str, Any] | None = None) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.state = state
        self.tag = {} if tag is None else tag
        self._rules: GameRules[Any] | None = None

    @property
    def rules(self) -> GameRules[Any]:
        """Returns the rules object of the sub-game (looked up once: hosts ask on every call)."""
        rules = self._rules
        if rules is None:
            from engine import registry

            rules = self._rules = registry.rules(self.game)
        return rules

    def host_seat(self, sub_seat: int | None) -> int | None:
        """Returns the host seat that plays sub-game seat ``sub_seat``."""
        return None if sub_seat is None else self.seats[sub_seat]

    def host_events(self, events: list[Event]) -> list[Event]:
        """Returns the sub-game's events with a private event's seat (``Event.seat``, a
        sub-game seat) as the host seat that may read it."""
        out = []
        for e in events:
            seat = e.seat
            if seat is not None and 0 <= seat < len(self.seats) and self.seats[seat] != seat:
                e = Event(e.key, e.params, e.breakdowns, e.reveal, self.seats[seat])
            out.append(e)
        return out

    def sub_seat(self, host_seat: int | None) -> int | None:
        """Returns the sub-game seat of a host seat (None: the seat takes no part)."""
        if host_seat is None or host_seat not in self.seats:
            return None
        return self.seats.index(host_seat)

    def clone(self, rng: Rng) -> SubGame:
        """Returns an independent copy that shares ``rng`` (the host clone's generator)."""
        state = self.rules.clone(self.state)
        state.rng = rng
        return SubGame(self.game, self.seats, state, _copy_json(self.tag))

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form (the sub-state's own form inside)."""
        return {"game": self.game, "seats": list(self.seats),
                "state": self.rules.state_to_dict(self.state), "tag": _copy_json(self.tag)}

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: Rng) -> SubGame:
        """Returns the sub-game stored by ``to_dict``, sharing the host's ``rng``."""
        from engine import registry

        try:
            rules = registry.rules(str(data["game"]))
        except KeyError:
            raise RecordError("save.corrupt", f"unknown sub-game {data.get('game')!r}") from None
        state = rules.state_from_dict(data["state"])
        state.rng = rng
        return cls(rules.game_id, tuple(int(s) for s in data["seats"]), state,
                   _copy_json(data.get("tag") or {}))


def _copy_json(value: Any) -> Any:
    """Returns a copy of plain JSON data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


def start(game: str, config: GameConfig, seats: tuple[int, ...], rng: Rng,
          tag: dict[str, Any] | None = None, events: list[Event] | None = None) -> SubGame:
    """Returns a new sub-game of ``game`` set up with ``config`` that draws from the host's rng.

    Its set-up randomness comes from the host's stream too: the seed is the host rng's next
    output, and from then on both share one generator. With ``events``, the events of the
    set-up (rules with an ``opening(config, seed) -> (state, events)``: units drawn or placed
    before anybody acts) are added to it, their private seats as host seats.
    """
    from engine import registry

    rules = registry.rules(game)
    if len(seats) != config.players:
        raise ValueError(f"{len(seats)} host seats for a {config.players}-seat sub-game")
    opening = getattr(rules, "opening", None)
    if events is not None and opening is not None:
        state, got = opening(config, rng.next_u64())
    else:
        state, got = rules.new_game(config, rng.next_u64()), []
    state.rng = rng
    sub = SubGame(rules.game_id, seats, state, tag)
    if events is not None:
        events.extend(sub.host_events(got))
    return sub


class SubGameHost:
    """Mixin for a host's rules: the protocol methods for the time a sub-game runs.

    A host keeps the running sub-game in ``state.sub`` (None otherwise) and calls these from its
    own protocol methods first, e.g. ``if state.sub: return self.sub_legal_actions(state)``.
    It implements ``sub_game_over`` to resume when the sub-game ends.
    """

    def sub_game_over(self, state: Any, sub: SubGame, outcome: Outcome) -> list[Event]:
        """Resumes the host after the sub-game ended with ``outcome``; returns the events."""
        raise NotImplementedError

    def sub_actor(self, state: Any) -> int | None:
        """Returns the host seat that acts in the running sub-game."""
        sub = state.sub
        return sub.host_seat(sub.rules.current_actor(sub.state))

    def sub_legal_actions(self, state: Any) -> list[Action]:
        """Returns the sub-game's legal actions."""
        sub = state.sub
        return sub.rules.legal_actions(sub.state)

    def sub_prompt(self, state: Any) -> Message:
        """Returns the sub-game's prompt."""
        sub = state.sub
        return sub.rules.prompt(sub.state)

    def sub_validate(self, state: Any, action: Action) -> None:
        """Raises IllegalAction when the sub-game refuses ``action``."""
        sub = state.sub
        sub.rules.validate(sub.state, action)

    def sub_apply(self, state: Any, action: Action) -> list[Event]:
        """Applies a validated action in the sub-game; ends it and resumes the host when over."""
        sub = state.sub
        rules = sub.rules
        events = sub.host_events(rules.do_apply(sub.state, action))
        if rules.is_over(sub.state):
            outcome = rules.outcome(sub.state)
            state.sub = None
            assert outcome is not None
            events.extend(self.sub_game_over(state, sub, outcome))
        return events

    def sub_view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Returns the running sub-game as ``seat`` may see it (game id, seats and its view)."""
        sub = state.sub
        return {"game": sub.game, "seats": list(sub.seats), "seat": sub.sub_seat(seat),
                "view": sub.rules.view(sub.state, sub.sub_seat(seat))}

    def sub_determinize(self, state: Any, copy: Any, seat: int, rng: Rng) -> None:
        """Replaces ``copy.sub``'s state by a determinization for host ``seat``.

        ``copy`` is the host's determinized copy of ``state`` (its rng already cloned); a seat
        that takes no part in the sub-game sees it as everybody does (seat None is not a
        determinization target, so the sub-game's first seat's hidden parts are re-dealt too).
        """
        sub = state.sub
        rules = sub.rules
        mine = sub.sub_seat(seat)
        if mine is None:
            # Not a participant: what every participant hides is hidden from it too. Re-deal
            # from each participant's point of view in turn (a participant's own cards are
            # then random as well, since the seat cannot tell them apart).
            sub_state = sub.state
            for other in range(len(sub.seats)):
                sub_state = rules.determinize(sub_state, other, rng)
        else:
            sub_state = rules.determinize(sub.state, mine, rng)
        sub_state.rng = copy.rng
        copy.sub = SubGame(sub.game, sub.seats, sub_state, _copy_json(sub.tag))
