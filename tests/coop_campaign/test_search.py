"""The campaign crawler's hard level (engine/rules/coop_campaign/search.py) and its coach: the
three levels behind the heuristic, legal and seeded choices, the seat's view only, a hint's
rows and words in both languages. The big batch (a hard party against a normal one on 40
seeded missions per tile and mode) is ``python tools/coop_balance.py --levels``."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.ai import make_bot
from engine.ai.coach import hint
from engine.ai.levels import BlunderBot
from engine.ai.play import bot_config, seat_bots
from engine.ai.search import SearchBot, has_search, knowledge_for
from engine.ai.worker import seat_state
from engine.content.i18n import LANGUAGES, load_entries
from engine.core.actions import Action
from engine.core.rng import Rng
from engine.rules.coop_campaign.bots import CoopBot
from engine.rules.coop_campaign.search import MARGIN, CoopKnowledge
from tests.ai.test_search import _positions as positions

GAME = "coop_campaign"
SMALL = 300  # a search budget small enough for tests (simulated actions a decision)


def _positions(seed: int, every: int, hard: bool = True, seats: int = 2, limit: int = 200,
               tile: str = "bridge"):
    """Yields (rules, state, actor, actions played) at every ``every``-th choice of a seeded
    mission of heuristic bots (positions with at least two legal actions)."""
    return positions(GAME, seed, every, limit, seats, {"tile": tile, "hard": hard})


def _keys(value: Any) -> list[str]:
    """Returns every catalog key in a message's JSON form, nested messages included."""
    if isinstance(value, dict):
        found = [str(value["key"])] if "key" in value else []
        for v in value.get("params", {}).values() if "key" in value else value.values():
            found += _keys(v)
        return found
    return []


def test_the_three_levels_stand_behind_the_heuristic() -> None:
    assert has_search(GAME)
    assert isinstance(make_bot("heuristic", GAME, "easy", 1), BlunderBot)
    normal = make_bot("heuristic", GAME, "normal", 1)
    assert type(normal) is CoopBot
    assert isinstance(make_bot("heuristic", GAME, "hard", 1), SearchBot)
    hard = make_bot("hard", GAME, "normal", 1)  # the hard bot is hard whatever the seat says
    assert isinstance(hard, SearchBot) and hard.difficulty == "hard"
    from engine.ai.worker import interactive_options

    # at the table the bot process caps a hard decision at a CPU second
    capped = make_bot("heuristic", GAME, "hard", 1,
                      **interactive_options("heuristic", GAME, "hard"))
    assert isinstance(capped, SearchBot) and capped.seconds == 1.0


def test_same_seed_same_legal_choice_and_the_state_is_left_alone() -> None:
    searched = 0
    for rules, state, actor, _n in _positions(3, 9, limit=60):
        before = rules.state_hash(state)
        a = SearchBot("hard", 5, steps=SMALL)
        b = SearchBot("hard", 5, steps=SMALL)
        first = a.choose(rules, state, actor)
        assert b.choose(rules, state, actor) == first
        assert a.last_stats == {**b.last_stats, "seconds": a.last_stats["seconds"]}
        assert first in rules.legal_actions(state)
        assert rules.state_hash(state) == before
        searched += a.last_stats.get("candidates", 0) > 1
    assert searched >= 3


def test_the_choice_depends_only_on_what_the_seat_may_see() -> None:
    # the order of the draw piles is the only hidden thing: two states that differ in it give
    # the same request, and the bot chooses from the request as from the true state
    compared = 0
    for rules, state, actor, n in _positions(6, 13, limit=50):
        other = rules.determinize(state, actor, Rng(500 + n))
        assert rules.state_hash(other) != rules.state_hash(state)
        sent, seed = seat_state(rules, state, actor, n)
        assert seat_state(rules, other, actor, n) == (sent, seed)
        mine = SearchBot("hard", seed, steps=SMALL).choose(rules, state, actor)
        theirs = SearchBot("hard", seed, steps=SMALL).choose(rules, other, actor)
        assert mine == theirs
        compared += 1
    assert compared >= 2


def test_a_seeded_mission_of_a_hard_party_runs_to_the_end_with_legal_actions() -> None:
    # the small sample CI keeps: two hard bots play a whole hard-mode mission; every action
    # goes through apply (which refuses an illegal one), and the game is seeded
    rules = registry.rules(GAME)
    results = []
    for _ in range(2):
        seed = 4
        config = bot_config(GAME, ["heuristic", "heuristic"], "hard",
                            {"tile": "glade", "hard": True})
        state = rules.new_game(config, seed)
        bots = seat_bots(GAME, config, seed, steps=SMALL)
        assert all(isinstance(b, SearchBot) for b in bots)
        searched = 0
        while not rules.is_over(state):
            actor = rules.current_actor(state)
            rules.apply(state, bots[actor].choose(rules, state, actor))
            searched += bots[actor].last_stats.get("candidates", 0) > 1
        assert searched >= 5
        results.append((state.result, rules.state_hash(state)))
    assert results[0] == results[1]


def test_candidates_are_the_heuristics_choice_its_runners_up_and_ending() -> None:
    knowledge = knowledge_for(GAME)
    assert isinstance(knowledge, CoopKnowledge)
    rules, state, actor, _n = next(p for p in _positions(2, 1) if p[1].flow.top is None
                                   and len(p[0].legal_actions(p[1])) > 8)
    legal = rules.legal_actions(state)
    base = CoopBot("normal", 0).choose(rules, state, actor)
    cands = knowledge.candidates(rules, state, actor, legal, base, Rng(1))
    assert cands[0] == base and len(cands) == knowledge.max_candidates
    assert len(set(cands)) == len(cands) and all(a in legal for a in cands)
    assert Action("end") in cands
    scorer = CoopBot("normal", 0)
    scores = [scorer.score(state, a) for a in cands[1:] if a.kind != "end"]
    assert scores == sorted(scores, reverse=True)


def test_the_reward_is_the_mission_with_a_small_margin() -> None:
    knowledge = knowledge_for(GAME)
    assert knowledge is not None
    rules, state, _actor, _n = next(_positions(1, 1))
    won, lost = rules.clone(state), rules.clone(state)
    won.result, lost.result = "won", "lost"
    assert 1.0 - MARGIN <= knowledge.reward(rules, won, 0) <= 1.0
    assert 0.0 <= knowledge.reward(rules, lost, 0) <= MARGIN
    # the coach's chance to win is the party's: a won mission is a whole win for every seat
    # (not one shared by the two seats), a lost one none
    assert knowledge.won(rules, won, 1) == 1.0 and knowledge.won(rules, lost, 1) == 0.0


@pytest.mark.parametrize("hard", [False, True])
def test_every_action_has_words_in_both_languages(hard: bool) -> None:
    catalogs = {lang: load_entries(lang) for lang in LANGUAGES}
    knowledge = knowledge_for(GAME)
    assert knowledge is not None
    missing = set()
    kinds = set()
    for seed in (1, 2):
        for rules, state, actor, _n in _positions(seed, 2, hard=hard, limit=120):
            for action in rules.legal_actions(state)[:40]:
                text = knowledge.describe(rules, state, actor, action).to_json()
                kinds.add(action.kind)
                assert not text["key"].startswith(GAME + ".action."), action
                for key in _keys(text):
                    for lang, entries in catalogs.items():
                        if key not in entries:
                            missing.add(f"{lang}: {key} ({action})")
    assert not missing, sorted(missing)[:20]
    assert {"play", "standard", "end", "reroll", "keep"} <= kinds


def test_a_hint_ranks_choices_with_chances_and_says_why() -> None:
    catalogs = {lang: load_entries(lang) for lang in LANGUAGES}
    reasons = set()
    asked = 0
    for rules, state, actor, n in _positions(4, 7, limit=80):
        sent, seed = seat_state(rules, state, actor, n)
        answer = hint(rules, rules.state_from_dict(sent), actor, seed, steps=SMALL)
        rows = answer["rows"]
        assert 1 <= len(rows) <= 4
        legal = rules.legal_actions(state)
        assert all(Action.from_json(r["action"]) in legal for r in rows)
        chances = [r["win"] for r in rows]
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert chances == sorted(chances, reverse=True)
        for key in _keys(answer["why"]) + [k for r in rows for k in _keys(r["text"])]:
            assert all(key in entries for entries in catalogs.values()), key
        reasons.add(answer["why"]["key"])
        asked += 1
    assert asked >= 3
    assert any(r.startswith("coop.coach.why.") for r in reasons), reasons


def test_a_hint_for_the_single_seat_of_two_heroes() -> None:
    # one player leads both heroes: the seat is the actor for either hero's choices
    for rules, state, actor, n in _positions(5, 11, seats=1, limit=40):
        assert actor == 0
        sent, seed = seat_state(rules, state, actor, n)
        answer = hint(rules, rules.state_from_dict(sent), 0, seed, steps=SMALL)
        assert answer["rows"] and answer["rows"][0]["win"] is not None
        return
    pytest.fail("no position with a choice")


def test_a_hint_at_the_camp_of_a_campaign_mission() -> None:
    # the camp's choices (items passed on or left, scrolls, roads, setting out) are compared
    # by playing the mission out after them, and named in both languages
    from engine.core.campaign import CampaignSession

    catalogs = {lang: load_entries(lang) for lang in LANGUAGES}
    knowledge = knowledge_for(GAME)
    assert knowledge is not None
    rules = registry.rules(GAME)
    config = bot_config(GAME, ["heuristic", "heuristic"], options={"mode": "campaign"})
    camp = CampaignSession.start(GAME, "chronicle", config, 3)
    kinds = set()
    hinted = 0
    for _mission in range(3):
        session = camp.current
        bots = seat_bots(GAME, session.config, session.seed)
        while not session.is_over:
            st, actor = session.state, session.actor
            legal = rules.legal_actions(st)
            if st.stage == "camp" and len(legal) > 1:
                for action in legal:
                    kinds.add(action.kind)
                    for key in _keys(knowledge.describe(rules, st, actor, action).to_json()):
                        assert all(key in entries for entries in catalogs.values()), key
                if hinted < 2:
                    answer = hint(rules, st, actor, 1, steps=SMALL)
                    assert all(Action.from_json(r["action"]) in legal for r in answer["rows"])
                    # items change hands as the heuristic says, never by a dozen samples' luck
                    assert all(Action.from_json(r["action"]).kind not in ("give", "discard")
                               for r in answer["rows"][1:])
                    if len(answer["rows"]) == 1:
                        assert answer["why"]["key"] in ("ui.coach.why.only", "ui.coach.why.forced")
                    hinted += 1
            session.apply(bots[actor].choose(rules, st, actor))
        if not camp.advance():
            break
    assert hinted == 2 and {"give", "set_out"} <= kinds
