"""Campaign stash step: a chest left behind in this step may be taken back before going on."""

from __future__ import annotations

import pytest

from engine import registry
from engine.content.i18n import Catalog
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.rules.crawl import solo
from tests.crawl.test_fourth_pass import _campaign_at_stash

RULES = registry.rules("crawl")


def test_a_chest_left_behind_in_this_step_can_be_taken_back() -> None:
    state = _campaign_at_stash(3)
    held = sorted(state.players[0].chests)
    assert len(held) >= 2
    assert not any(a.kind == "unstash" for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction):
        RULES.validate(state, Action.make("unstash", chest=held[0]))
    RULES.apply(state, Action.make("stash", chest=held[0]))
    RULES.apply(state, Action.make("stash", chest=held[1]))
    # Every chest may be left behind; the step waits for done_stashing so none is final yet.
    legal = RULES.legal_actions(state)
    assert [a["chest"] for a in legal if a.kind == "unstash"] == held[:2]
    assert legal[-1] == Action.make("done_stashing")
    events = RULES.apply(state, Action.make("unstash", chest=held[0]))
    unstashed = [e for e in events if e.key == "crawl.event.unstashed"]
    assert unstashed and unstashed[0].params["chest"] == held[0]
    for lang in ("de", "en"):
        text = Catalog.load(lang).t(unstashed[0].key, **unstashed[0].params)
        assert "{" not in text and text
    assert not state.chest(held[0]).safe and state.chest(held[1]).safe
    assert held[0] in solo.loose_chests(state) and held[1] not in solo.loose_chests(state)
    legal = RULES.legal_actions(state)
    assert Action.make("stash", chest=held[0]) in legal
    assert [a["chest"] for a in legal if a.kind == "unstash"] == [held[1]]
    RULES.apply(state, Action.make("done_stashing"))
    assert state.phase == "entrances" and state.supply["floor"] == 2
    # Once the team has gone on, the choice stands: the chest stays safe, nothing to take back.
    assert state.chest(held[1]).safe and not state.chest(held[0]).safe
    assert solo.stashed_now(state) == []


def test_the_bot_finishes_the_stash_step_even_with_everything_stashed() -> None:
    from engine.ai import make_bot
    state = _campaign_at_stash(3)
    for u in sorted(state.players[0].chests):
        RULES.apply(state, Action.make("stash", chest=u))
    bot = make_bot("heuristic", "crawl", seed=1)
    action = bot.choose(RULES, state, 0)
    RULES.validate(state, action)
    assert action.kind in ("unstash", "done_stashing")
