"""The crawl's scenario vocabulary: forced dice, held chests, items, activations, the exit square
(docs/crawl/scenarios.md); the rule-by-rule files live in tests/crawl/scenarios/."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.actions import Action
from engine.core.errors import MalformedAction
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.crawl.scenario import ScenarioDice
from engine.rules.crawl.state import CrawlState

RULES = registry.rules("crawl")
HERO = {"hero": "brannoc", "owner": 0, "at": [11, 11], "facing": 2}
GNAWER = {"spawn": "gnawer_weak", "at": [12, 11], "facing": 6}


def make(**setup: Any) -> CrawlState:
    state = RULES.new_game(GameConfig.for_players(2), 1)
    RULES.setup_scenario(state, {"pool_empty": True, **setup})
    return state


@pytest.mark.parametrize("setup", [
    {"figures": [{**HERO, "colour": "red"}]},
    {"chests": [{"chest": "oak_coffer", "at": [3, 3], "lid": 1}]},
    {"markers": [{"rank": "weak", "at": [3, 3], "face": 1}]},
    {"dice": [0, 7]},
    {"dice": "6"},
    {"figures": [HERO], "mp": 3},
    {"figures": [HERO], "exit_at": [[0, 11]]},
    {"chests": [{"chest": "oak_coffer", "held_by": 5}]},
    {"door_states": {3: "open"}},
    {"figures": [{**HERO, "items": [100]}]},
])
def test_malformed_setups_are_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction):
        make(**setup)


def test_forced_dice_come_first_then_the_generator() -> None:
    dice, plain = ScenarioDice(5, [3, 1]), Rng(5)
    assert [dice.roll(), dice.roll()] == [3, 1]
    plain.roll()
    plain.roll()
    # Each forced die advanced the generator like a roll, so undo sees a random step; then the
    # generator rolls on as the plain one does.
    assert dice.state == plain.state
    assert [dice.roll() for _ in range(5)] == [plain.roll() for _ in range(5)]
    assert dice.to_dict() == plain.to_dict()


def test_a_scenario_roll_takes_the_forced_die() -> None:
    state = make(figures=[HERO, GNAWER], dice=[3, 4])
    assert isinstance(state.rng, ScenarioDice)
    RULES.apply(state, Action.parse("activate(figure=100)"))
    rolls = [RULES.apply(state, Action.parse("break_away()"))[0].params["roll"]
             for _ in range(2)]
    assert rolls == [3, 4]


def test_forced_dice_are_part_of_the_state() -> None:
    a = make(figures=[HERO, GNAWER], dice=[3])
    b = make(figures=[HERO, GNAWER], dice=[4])
    assert RULES.state_hash(a) != RULES.state_hash(b)
    clone = RULES.clone(a)
    assert clone.rng == a.rng and clone.rng is not a.rng
    RULES.apply(clone, Action.parse("activate(figure=100)"))
    events = RULES.apply(clone, Action.parse("break_away()"))
    assert events[0].params["roll"] == 3
    assert a.rng.dice == [3]  # the original keeps its die


def test_held_chests_items_and_activations_set_up_directly() -> None:
    state = make(figures=[{**HERO, "items": [102]}],
                 chests=[{"chest": "oak_coffer", "held_by": 0, "treasure": 1},
                         {"chest": "oak_coffer", "held_by": 0, "treasure": 5}],
                 activations=1, exit_at=[[0, 11], None])
    view = RULES.view(state, 0)
    assert view["players"][0]["chests"] == [101, 102]
    assert [c["status"] for c in view["chests"]] == ["held", "held"]
    assert view["figures"][0]["items"] == [102]
    assert view["activations_left"] == 1
    assert view["players"][0]["exit_at"] == [0, 11] and view["players"][1]["exit_at"] is None
