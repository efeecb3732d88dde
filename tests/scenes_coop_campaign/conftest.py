"""Headless set-up for the mission scene tests: the shared scene fixtures (dummy SDL, private user
folder, fake bot worker, English app)."""

from typing import Any  # noqa: E402

import pytest  # noqa: E402

from tests.scenes.conftest import app, private_home  # noqa: F401  (pytest fixtures)


@pytest.fixture
def short(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Plays the campaign on the short map (the real map on tiles 1 and 2,
    tests/coop_campaign/campaign_helpers.py) for the engine and the scenes alike."""
    from engine.rules.coop_campaign import campaign as K
    from scenes.coop_campaign import query
    from tests.coop_campaign.campaign_helpers import short_map

    m = short_map()
    monkeypatch.setattr(K, "the_map", lambda: m)
    monkeypatch.setattr(query, "campaign_map", lambda: m)
    return m
