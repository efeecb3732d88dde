"""A faulty toy game that the conformance checks must catch ("leaky_toy").

Holding swaps the holder's secret for the top card of the shuffled deck: a draw with neither a
roll nor a reveal event, so Session keeps it undoable although it showed the holder a card.
With ``reveal`` set the same draw is marked as a reveal, as it should be.
"""

from __future__ import annotations

from engine import registry
from engine.core.actions import Action, Event
from tests.toy import ToyRules, ToyState


class LeakyToyRules(ToyRules):
    """The toy game whose hold draws a new secret (silently unless ``reveal``)."""

    game_id = "leaky_toy"

    def __init__(self) -> None:
        self.reveal = False

    def do_apply(self, state: ToyState, action: Action) -> list[Event]:
        """Applies the toy action; a hold first swaps in the deck's top card as the secret."""
        seat = state.actor
        events = []
        if action.kind == "hold" and state.deck:
            state.deck.insert(0, state.secrets[seat])
            state.secrets[seat] = state.deck.pop()
            events.append(Event("toy.event.draw", {"seat": seat}, reveal=self.reveal))
        return events + super().do_apply(state, action)


RULES = LeakyToyRules()


def register_leaky_toy() -> None:
    """Registers the faulty toy under id "leaky_toy"."""
    registry.register(registry.GameInfo("leaky_toy", "tests.toy.leaky", "toy.title",
                                        "toy.blurb", "icon.toy"))
