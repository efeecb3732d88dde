"""A second tiny game ("Relay") for undo tests: nothing random after the deal.

Seats take turns. The actor may ``step`` (one point, nothing hidden), ``draw`` the top card of
a deck shuffled at the start into their hidden hand, or ``pass`` the turn on. Drawing changes no
RNG and, on purpose, emits no reveal event: it stands for a game that forgot to mark a draw.
Bots that only step and pass never make an irreversible point, so undo can reach far back.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.core.actions import Action, Event, Message
from engine.core.protocol import GameConfig, GameRules, Outcome
from engine.core.rng import Rng

CARDS = 24
TURNS = 40


@dataclass
class RelayState:
    """The whole state of a relay game."""

    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    points: list[int]
    actor: int
    turn: int


class RelayRules(GameRules[RelayState]):
    """Rules of the relay game."""

    game_id = "relay"
    min_players = 2
    max_players = 4

    def new_game(self, config: GameConfig, seed: int) -> RelayState:
        """Returns a fresh game with a shuffled deck and empty hands."""
        rng = Rng(seed)
        deck = list(range(CARDS))
        rng.shuffle(deck)
        n = config.players
        return RelayState(rng, deck, [[] for _ in range(n)], [0] * n, 0, 0)

    def current_actor(self, state: RelayState) -> int | None:
        """Returns the seat to act (None once the turns are used up)."""
        return None if state.turn >= TURNS else state.actor

    def legal_actions(self, state: RelayState) -> list[Action]:
        """Returns step, draw (while cards are left) and pass."""
        if state.turn >= TURNS:
            return []
        acts = [Action.make("step")]
        if state.deck:
            acts.append(Action.make("draw"))
        return acts + [Action.make("pass")]

    def prompt(self, state: RelayState) -> Message:
        """Returns what the actor must decide."""
        return Message("relay.prompt")

    def do_apply(self, state: RelayState, action: Action) -> list[Event]:
        """Applies a validated action."""
        seat = state.actor
        if action.kind == "step":
            state.points[seat] += 1
        elif action.kind == "draw":
            state.hands[seat].append(state.deck.pop())
        else:
            state.actor = (seat + 1) % len(state.points)
            state.turn += 1
        return [Event(f"relay.{action.kind}", {"seat": seat})]

    def view(self, state: RelayState, seat: int | None) -> dict[str, Any]:
        """Returns the points, the seat's own hand and the sizes of everything else."""
        return {"points": list(state.points), "deck": len(state.deck),
                "hands": [list(h) if i == seat else len(h) for i, h in enumerate(state.hands)],
                "actor": state.actor, "turn": state.turn}

    def is_over(self, state: RelayState) -> bool:
        """Returns True once the turns are used up."""
        return state.turn >= TURNS

    def outcome(self, state: RelayState) -> Outcome | None:
        """Returns the seats with the most points."""
        if state.turn < TURNS:
            return None
        best = max(state.points)
        return Outcome(tuple(i for i, p in enumerate(state.points) if p == best),
                       tuple(float(p) for p in state.points))

    def state_to_dict(self, state: RelayState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        return {"rng": state.rng.to_dict(), "deck": list(state.deck),
                "hands": [list(h) for h in state.hands], "points": list(state.points),
                "actor": state.actor, "turn": state.turn}

    def state_from_dict(self, data: dict[str, Any]) -> RelayState:
        """Returns the state from JSON data."""
        return RelayState(Rng.from_dict(data["rng"]), list(data["deck"]),
                          [list(h) for h in data["hands"]], list(data["points"]),
                          data["actor"], data["turn"])

    def determinize(self, state: RelayState, seat: int, rng: Rng) -> RelayState:
        """Re-deals the deck and the other hands from the cards ``seat`` has not seen."""
        out = self.clone(state)
        unseen = sorted(c for i, h in enumerate(state.hands) if i != seat for c in h)
        unseen = sorted(unseen + state.deck)
        rng.shuffle(unseen)
        for i, hand in enumerate(out.hands):
            if i != seat:
                out.hands[i] = [unseen.pop() for _ in hand]
        out.deck = unseen
        out.rng = Rng(rng.next_u64())
        return out


RULES = RelayRules()


@contextmanager
def registered() -> Iterator[None]:
    """Registers the relay game for the duration of a test."""
    registry.register(registry.GameInfo("relay", "tests.toy.relay", "relay.title",
                                        "relay.blurb", "icon.toy"))
    try:
        yield
    finally:
        registry.unregister("relay")
