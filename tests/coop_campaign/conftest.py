"""Fixtures of the campaign crawler's tests."""

from __future__ import annotations

import pytest

from engine.rules.coop_campaign import campaign as K
from engine.rules.coop_campaign.mapdefs import CampaignMapDef
from tests.coop_campaign.campaign_helpers import short_map


@pytest.fixture
def short(monkeypatch: pytest.MonkeyPatch) -> CampaignMapDef:
    """Plays the campaign on the short map (the real map on tiles 1 and 2) for the test."""
    m = short_map()
    monkeypatch.setattr(K, "the_map", lambda: m)
    return m
