"""Helpers for deck-builder tests: literal scenario states and card counting."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.rules.deckbuilder import RULES
from engine.rules.deckbuilder.state import DeckState


def scenario(setup: dict[str, Any], players: int = 2, seed: int = 1,
             preset: str = "first_game") -> DeckState:
    """Returns a fresh game with the scenario set-up applied."""
    st = RULES.new_game(GameConfig.for_players(players, setup=preset), seed)
    RULES.setup_scenario(st, setup)
    return st


def act(st: DeckState, text: str) -> list[Any]:
    """Applies an action written as ``kind(a=1)`` through validation; returns the events."""
    return RULES.apply(st, Action.parse(text))


def total_cards(st: DeckState) -> tuple[int, int]:
    """Returns (non-disease cards anywhere, diseases held by players)."""
    n = len(st.trash) + len(st.dungeon) + sum(1 for c in st.hall if c)
    n += sum(len(p) for p in st.piles.values())
    diseases = 0
    zones = [c for c in st.play if c is not None]
    for pl in st.players:
        zones += pl.deck + pl.hand + pl.discard
    for c in zones:
        if c == "disease":
            diseases += 1
        else:
            n += 1
    return n, diseases
