"""The scenario-file set-up of missions (docs/scenarios.md, "coop_campaign"): the seed's worked
examples in tests/coop_campaign/scenarios/ run through the documented runner, and a set-up the
vocabulary does not know is refused with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.protocol import GameConfig
from engine.core.scenario import assert_scenario, run_scenario
from tests.coop_campaign.helpers import RULES
from tests.coop_campaign.test_missions import check_invariants

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_worked_example(path: Path) -> None:
    assert_scenario(path)


def _setup(setup: dict) -> list[str]:
    return run_scenario({"game": "coop_campaign", "seed": 1, "players": 1,
                         "setup": setup}).failures


@pytest.mark.parametrize(("setup", "words"), [
    ({"weather": "rain"}, "unknown set-up keys"),
    ({"heroes": [{"river": ["barb_smite"]}]}, "six tiles"),
    ({"heroes": [{"hp": 9}]}, "hp 9"),
    ({"heroes": [{"mood": 1}]}, "unknown hero keys"),
    ({"enemies": [{"enemy": "dragon"}]}, "no enemy"),
    ({"enemies": [{"enemy": "orc_raider", "damage": [1, 1]}]}, "does not fit"),
    ({"enemies": [{"enemy": "orc_raider", "area": "X"}]}, "no area"),
    ({"deck_top": {"purple": ["boots"]}}, "no deck"),
    ({"attack_dice": ["X"]}, "attack dice"),
    ({"round": 12}, "not on the tracker"),
])
def test_a_bad_setup_is_refused_with_its_reason(setup: dict, words: str) -> None:
    failures = _setup(setup)
    assert failures and words in failures[0], failures


def test_the_enemies_replace_the_tile_and_number_from_one() -> None:
    st = RULES.new_game(GameConfig.for_players(3), 6)
    assert st.enemies  # round 1 spawned
    RULES.setup_scenario(st, {"enemies": [{"enemy": "orc_raider", "area": "E",
                                           "damage": [2]}]})
    assert [(e.uid, e.area, e.damage) for e in st.living()] == [(1, "E", [2])]
    assert st.next_uid == 2
    RULES.setup_scenario(st, {"heroes": [{"items": ["greatblade", "boots", "lucky_coin.2"]}],
                              "deck_top": {"minion": ["orc_raider"]}})
    assert st.heroes[0].items[0] == "greatblade.h1"
    check_invariants(st)  # every card in one place only
