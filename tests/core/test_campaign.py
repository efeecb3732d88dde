"""Campaigns: a sequence of games carrying data from one into the next (the toy's best of three)."""

from __future__ import annotations

import json

import pytest

from engine.core.campaign import (
    CampaignRecord,
    CampaignSession,
    check_schema,
    game_seed,
    replay_campaign,
)
from engine.core.errors import MalformedAction, RecordError
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.core.session import Session


def _finish_game(session: Session, rng: Rng) -> None:
    while not session.is_over:
        session.apply(rng.choice(session.rules.legal_actions(session.state)))


def _campaign(seed: int, games: int | None = None) -> CampaignSession:
    """Plays a toy best-of-three to its end (or until ``games`` games have been finished)."""
    camp = CampaignSession.start("toy", "best_of_three", GameConfig.for_players(2, target=10), seed)
    rng = Rng(seed)
    while not camp.over and (games is None or camp.index < games):
        _finish_game(camp.current, rng)
        camp.advance()
    return camp


@pytest.mark.parametrize("spec, value", [
    ({"wins": [int]}, {"wins": [0, 2]}),
    ({"floor": int, "name?": str}, {"floor": 3}),
    ({"hero": (str, None)}, {"hero": None}),
    ([{"id": str, "hp": int, "ok": bool}], [{"id": "a", "hp": 3, "ok": False}]),
])
def test_schema_accepts_fitting_data(spec, value) -> None:
    check_schema(spec, value)


@pytest.mark.parametrize("spec, value, words", [
    ({"wins": [int]}, {"wins": [True]}, "carry.wins[0]: expected a whole number"),
    ({"wins": [int]}, {"wins": [1], "extra": 2}, "unknown fields ['extra']"),
    ({"floor": int}, {}, "'floor' is missing"),
    ({"floor": int}, {"floor": 10 ** 40}, "a huge number"),
    ({"floor": int}, [], "expected an object"),
    ({"name": str}, {"name": 1.5}, "expected a text"),
])
def test_schema_refuses_misfitting_data_naming_the_place(spec, value, words) -> None:
    with pytest.raises(MalformedAction, match=words.replace("[", r"\[").replace("]", r"\]")):
        check_schema(spec, value, "carry")


def test_a_campaign_carries_each_games_end_into_the_next() -> None:
    camp = _campaign(21)
    assert camp.over and 2 <= len(camp.finished) <= 3
    assert camp.finished[0].config.carry is None
    for i, record in enumerate(camp.finished[1:], start=1):
        assert record.config.carry == camp.carries[i - 1]
        assert record.seed == game_seed(21, i)
    wins = camp.carries[-1]["wins"]
    assert max(wins) == 2
    outcome = camp.outcome()
    assert outcome is not None and outcome.winners == (wins.index(2),)


def test_a_game_that_takes_no_carry_refuses_one() -> None:
    from engine import registry

    rules = registry.rules("toy_league")
    with pytest.raises(MalformedAction, match="takes nothing carried"):
        rules.check_config(GameConfig.for_players(2).with_carry({"wins": [0, 0]}))
    toy = registry.rules("toy")
    with pytest.raises(MalformedAction, match="unknown fields"):
        toy.check_config(GameConfig.for_players(2).with_carry({"wins": [0, 0], "gold": 1}))


def test_a_config_without_carry_keeps_its_old_json_form() -> None:
    config = GameConfig.for_players(2, target=10)
    assert "carry" not in config.to_dict()
    back = GameConfig.from_dict(json.loads(json.dumps(config.with_carry({"wins": [1, 0]})
                                                      .to_dict())))
    assert back.carry == {"wins": [1, 0]} and back != config


@pytest.mark.parametrize("games", [1, None])
def test_a_campaign_record_replays_mid_campaign_and_at_its_end(games) -> None:
    camp = _campaign(33, games)
    if games is not None:  # mid-game of the second game
        camp.current.apply(Rng(1).choice(camp.current.rules.legal_actions(camp.current.state)))
    data = json.loads(json.dumps(camp.record().to_json()))
    again = replay_campaign(CampaignRecord.from_json(data))
    assert again.carries == camp.carries and again.over == camp.over
    assert again.current.hashes == camp.current.hashes
    assert [r.hashes for r in again.finished] == [r.hashes for r in camp.finished]


def test_a_tampered_carry_or_set_up_is_a_mismatch() -> None:
    camp = _campaign(33, 1)
    data = camp.record().to_json()
    data["carries"][0]["wins"] = [5, 5]
    with pytest.raises(RecordError) as err:
        replay_campaign(CampaignRecord.from_json(data))
    assert err.value.key == "save.mismatch"
    data = camp.record().to_json()
    data["games"][1]["config"]["options"]["target"] = 12
    with pytest.raises(RecordError) as err:
        replay_campaign(CampaignRecord.from_json(data))
    assert err.value.key == "save.mismatch"


@pytest.mark.parametrize("data", [
    None, [], {"format": "tabletop-hall/campaign"},
    {"format": "tabletop-hall/campaign", "format_version": True, "games": [], "carries": []},
    {"format": "tabletop-hall/campaign", "format_version": 1, "games": [], "carries": [],
     "seed": 1},
    {"format": "tabletop-hall/campaign", "format_version": 1, "games": [{}], "carries": [3],
     "seed": 1},
])
def test_a_broken_campaign_record_is_a_save_error(data) -> None:
    with pytest.raises(RecordError):
        CampaignRecord.from_json(data)
