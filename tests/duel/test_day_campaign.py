"""The duel's best-of-three day as a campaign: single games carrying levels, wins, inventories
and the opener (docs/duel/rules.md "The day")."""

from __future__ import annotations

import json

import pytest

from engine.core.campaign import CampaignRecord, CampaignSession, replay_campaign
from engine.core.errors import MalformedAction, RecordError
from engine.core.protocol import GameConfig
from engine.core.session import Session
from engine.rules.duel import RULES
from engine.rules.duel.bots import DuelHeuristicBot
from engine.rules.duel.ops import end_game
from tools.duel_day_compare import main as compare_days


def _play(camp: CampaignSession, seed: int, games: int | None = None) -> None:
    bots = [DuelHeuristicBot(seed=seed), DuelHeuristicBot(seed=seed + 1)]
    while not camp.over and (games is None or camp.index < games):
        session = camp.current
        while not session.is_over:
            seat = session.actor
            session.apply(bots[seat].choose(session.rules, session.state, seat))
        camp.advance()


def _carry(**changes: object) -> dict:
    player = {"level": 2, "xp": 150, "life_bonus": 4, "wins": 1, "inventory": []}
    carry = {"game": 2, "opener": 1, "players": [dict(player), dict(player, wins=0)]}
    carry.update(changes)
    return carry


def test_campaign_days_play_exactly_as_the_old_in_state_days() -> None:
    assert compare_days(12) == 0


@pytest.mark.parametrize("seed", [3, 8])
def test_a_day_campaign_ends_with_two_wins_and_replays(seed: int) -> None:
    camp = CampaignSession.start("duel", "day", GameConfig.for_players(2, day=True), seed)
    assert camp.current.config.options.get("day") is None  # each game is a single game
    _play(camp, seed)
    outcome = camp.outcome()
    assert outcome is not None and 2 <= len(camp.finished) <= 3
    assert max(outcome.scores) == 2.0 and outcome.winners == (outcome.scores.index(2.0),)
    for before, after, carry in zip(camp.finished, camp.finished[1:], camp.carries,
                                    strict=False):
        assert after.config.carry == carry
        assert carry["opener"] != _winner_of(before)
    data = json.loads(json.dumps(camp.record().to_json()))
    again = replay_campaign(CampaignRecord.from_json(data))
    assert again.over and again.outcome() == outcome


def _winner_of(record) -> int:
    from engine.core.record import replay

    state = replay(record).state
    return state.winner


def test_a_day_saved_mid_way_replays_to_the_running_game() -> None:
    camp = CampaignSession.start("duel", "day", GameConfig.for_players(2), 5)
    _play(camp, 5, games=1)
    data = json.loads(json.dumps(camp.record().to_json()))
    again = replay_campaign(CampaignRecord.from_json(data))
    assert again.index == 1 and not again.over
    assert RULES.state_to_dict(again.current.state) == RULES.state_to_dict(camp.current.state)
    data["carries"][0]["players"][0]["wins"] += 1
    with pytest.raises(RecordError):
        replay_campaign(CampaignRecord.from_json(data))


def test_the_carry_sets_up_levels_wins_inventory_and_opener() -> None:
    treasure = RULES.new_game(GameConfig.for_players(2), 1).players[1].deckdef["treasures"][0]
    carry = _carry()
    carry["players"][0]["inventory"] = [{"owner": 1, "card": treasure}]
    state = RULES.new_game(GameConfig.for_players(2).with_carry(carry), 1)
    a, b = state.players
    assert (state.game_no, state.first, state.active) == (2, 1, 1)
    assert (a.level, a.xp, a.life_bonus, a.wins, b.wins) == (2, 150, 4, 1, 0)
    assert a.inventory == [[1, treasure]] and treasure not in b.treasures
    end_game(state, 0, "duel.end.main_defeated", [])
    out = RULES.carry_out(state)
    assert out["game"] == 3 and out["opener"] == 1
    assert [p["wins"] for p in out["players"]] == [2, 0]
    assert out["players"][0]["inventory"] == [{"owner": 1, "card": treasure}]


@pytest.mark.parametrize("carry, words", [
    (_carry(extra=1), "unknown fields"),
    (_carry(opener="1"), "whole number"),
    (_carry(opener=2), "opener"),
    (_carry(players=[]), "two players"),
    ({k: v for k, v in _carry().items() if k != "game"}, "'game' is missing"),
    (_carry(players=[dict(_carry()["players"][0], inventory=[{"owner": 0, "card": "nope"}]),
                     _carry()["players"][1]]), "no treasure"),
])
def test_a_bad_carry_is_refused(carry: dict, words: str) -> None:
    with pytest.raises(MalformedAction, match=words):
        Session.start("duel", GameConfig.for_players(2).with_carry(carry), 1)


def test_a_carry_with_the_old_day_option_is_refused() -> None:
    with pytest.raises(MalformedAction, match="single game"):
        RULES.check_config(GameConfig.for_players(2, day=True).with_carry(_carry()))
