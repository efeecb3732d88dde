"""A campaign saved before loot after a won tile was sorted in camp still loads and plays on.

``tests/fixtures/coop-campaign-save-2026-11-28.json`` was written by the program of 2026-11-28
(heuristic bots, two seats, seed 0, seven missions finished, the eighth at its camp) while every
loot card over capacity, after the tile was won too, asked a drop and each other hero whether to
take it. Its records hold those answers; it is kept as it is and must stay loadable.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import RecordError
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import engine as E
from scenes import saves
from tests.coop_campaign.campaign_helpers import config
from tests.coop_campaign.helpers import RULES

OLD_CAMPAIGN = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / \
    "coop-campaign-save-2026-11-28.json"


def test_an_older_campaign_replays_with_the_drops_it_asked() -> None:
    record = saves.read_any(OLD_CAMPAIGN)
    assert isinstance(record, saves.CampaignRecord)
    assert "loot_camp" not in record.config.options  # written before the option existed
    session = saves.replay_campaign(record)
    assert len(session.finished) == 7 and not session.over
    assert sum(a.kind == "drop" for g in record.games for a in g.actions) >= 3
    state = session.current.state
    assert state.drop_after_tile and state.stage == "camp"
    # it plays on: the camp's party sets out into the next mission
    current = session.current
    while current.rules.current_actor(current.state) is not None and current.state.stage == "camp":
        legal = current.rules.legal_actions(current.state)
        current.apply(next((a for a in legal if a.kind in ("route", "set_out")), legal[0]))
    assert current.state.stage != "camp"


def test_the_older_campaign_needs_its_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    # without the marker the finished missions diverge where a drop after the won tile was asked
    monkeypatch.setattr(E, "sorted_in_camp", lambda st: st.stage in ("victory", "rewards"))
    with pytest.raises(RecordError):
        saves.replay_campaign(saves.read_any(OLD_CAMPAIGN))


def test_a_new_campaign_sorts_loot_in_camp_and_keeps_it_through_json() -> None:
    from engine.core.campaign import CampaignRecord, CampaignSession

    camp = CampaignSession.start("coop_campaign", "chronicle", config(2), 3)
    assert camp.config.options["loot_camp"] is True
    assert not camp.current.state.drop_after_tile
    again = saves.replay_campaign(CampaignRecord.from_json(camp.record().to_json()))
    assert not again.current.state.drop_after_tile
    # a single mission never asks drops after its tile is won, with or without the option
    st = RULES.new_game(GameConfig(config(2).seats, {"mode": "mission"}), 1)
    assert not st.drop_after_tile


def test_the_marker_is_no_part_of_the_hash() -> None:
    st = RULES.new_game(GameConfig(config(2).seats, {"mode": "campaign"}), 1)
    assert st.drop_after_tile
    before = RULES.state_hash(st)
    st.drop_after_tile = False
    assert RULES.state_hash(st) == before
    back = RULES.state_from_dict(RULES.state_to_dict(RULES.clone(st)))
    assert not back.drop_after_tile
