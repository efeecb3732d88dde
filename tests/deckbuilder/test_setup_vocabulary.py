"""The scenario vocabulary sets up every situation of the rulebook directly: hero piles with a
level missing, the phase, the turn and the thunderstone's holder (docs/deckbuilder/scenarios.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.errors import MalformedAction
from engine.core.protocol import GameConfig
from engine.rules.deckbuilder import RULES
from engine.rules.deckbuilder.cards import STONE
from engine.rules.deckbuilder.state import DeckState

HAND = ["moonwood_adept", "militia", "torch", "dagger", "ration", "storm_lantern"]


def _state(setup: dict[str, Any], players: int = 2) -> DeckState:
    state = RULES.new_game(GameConfig.for_players(players, setup="first_game"), 7)
    RULES.setup_scenario(state, setup)
    return state


@pytest.mark.parametrize("phase", ["village", "dungeon", "rest"])
def test_a_phase_is_what_choosing_it_makes(phase: str) -> None:
    direct = _state({"phase": phase, "players": [{"hand": HAND}, {}]})
    chosen = _state({"players": [{"hand": HAND}, {}]})
    RULES.apply(chosen, Action.make(phase))
    assert RULES.state_to_dict(direct) == RULES.state_to_dict(chosen)


def test_a_hero_pile_may_miss_a_level_in_the_middle() -> None:
    state = _state({"piles": {"moonwood_elf": {1: 2, 3: 1}}})
    # bottom first: level 3 under level 1, no level 2 between
    assert state.piles["moonwood_elf"] == ["moonwood_archmage", "moonwood_adept",
                                           "moonwood_adept"]
    listed = _state({"piles": {"moonwood_elf": ["moonwood_adept", "moonwood_archmage"],
                               "torch": 3}})
    assert listed.piles["moonwood_elf"] == ["moonwood_archmage", "moonwood_adept"]
    assert listed.piles["torch"] == ["torch"] * 3


def test_the_turn_and_the_holder() -> None:
    state = _state({"turn": 12, "holder": 1, "phase": "over"})
    assert state.turn == 12 and state.holder == 1
    assert STONE not in state.dungeon and STONE not in state.hall
    assert state.players[1].discard.count(STONE) == 1
    assert RULES.is_over(state)
    assert RULES.view(state, None)["players"][1]["has_stone"]


@pytest.mark.parametrize("setup", [
    {"piles": {"moonwood_elf": {4: 1}}},
    {"piles": {"moonwood_elf": ["ash_raider"]}},
    {"piles": {"torch": -1}},
    {"phase": "lunch"},
    {"turn": "late"},
    {"holder": 5},
    {"holder": 0, "hall": ["sky_griffin", STONE, "glow_ooze"]},
    {"holder": 0, "players": [{}, {"discard": [STONE]}]},
])
def test_impossible_set_ups_are_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction):
        _state(setup)
