"""Conformance tests over every registered game (and the toy).

Seeded random play to the end checks, at every step, clone equality, the to_dict/from_dict round
trip, JSON-able views and previews, that a rejected action leaves the state byte-identical and is
explained by its rule, that
determinization agrees with the seat's view and ignores hidden contents, and finally that
replaying the record reproduces every hash.

The extended run (engine/conform.py, whose docstring defines each check) plays a seeded covering
sample of every game: every player count and every value of every option at least once, random
and heuristic bots, all-bot, all-human and mixed seats. After every step it reads every seat's
view and checks that the actor has a legal action until the end, that no undoable step reveals
information (the state before it, with all the actor cannot see re-dealt, must give the actor,
and every seat to which the re-deal looks the same, the same view after the same action), and
that undo never returns to a state where another human was in charge (the human to act, else
the last human who acted), e.g. across a bot's turn between two humans. The
checks are themselves tested on a faulty toy game and a faulty session. ``pytest -m long`` plays
CONFORM_GAMES (default 2,000) games per game, as ``python -m engine conform --games 2000`` does.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import conform, registry
from engine.core.actions import Action, Message
from engine.core.errors import IllegalAction
from engine.core.hashing import canonical_json
from engine.core.protocol import GameConfig
from engine.core.record import GameRecord, replay
from engine.core.rng import Rng
from engine.core.session import Session

ROOT = Path(__file__).resolve().parents[1]
MAX_ACTIONS = 30_000
SEEDS = (1, 2)
CHECK_EVERY = 7  # the expensive checks run on every 7th step (and the first 30)


def _games() -> list[str]:
    return registry.game_ids()


def _play(game_id: str, players: int, seed: int) -> Session:
    rules = registry.rules(game_id)
    session = Session.start(game_id, GameConfig.for_players(players), seed)
    chooser = Rng(seed ^ 0x5EED)
    stale: list[Action] = []
    step = 0
    while not session.is_over:
        assert step < MAX_ACTIONS, f"{game_id}: no end after {MAX_ACTIONS} actions"
        state = session.state
        legal = rules.legal_actions(state)
        assert legal, f"{game_id}: actor {session.actor} has no legal action at step {step}"
        assert len(set(legal)) == len(legal), f"{game_id}: duplicate legal actions"
        if step < 30 or step % CHECK_EVERY == 0:
            _check_state(rules, state, legal, stale, players)
        stale = legal
        session.apply(chooser.choice(legal))
        step += 1
    outcome = rules.outcome(session.state)
    assert outcome is not None and len(outcome.scores) == players
    assert all(0 <= w < players for w in outcome.winners)
    assert rules.legal_actions(session.state) == []
    assert rules.current_actor(session.state) is None
    return session


def _check_state(rules, state, legal, stale, players: int) -> None:
    data = rules.state_to_dict(state)
    text = canonical_json(data)  # JSON-able, no sets
    h = rules.state_hash(state)
    clone = rules.clone(state)
    assert rules.state_hash(clone) == h
    assert canonical_json(rules.state_to_dict(clone)) == text
    back = rules.state_from_dict(json.loads(text))
    assert rules.state_hash(back) == h
    # A mutated clone must not touch the original.
    if legal:
        rules.apply(clone, legal[0])
        assert rules.state_hash(state) == h
    actor = rules.current_actor(state)
    for seat in range(players):
        canonical_json(rules.view(state, seat))
    canonical_json(rules.view(state, None))
    if actor is not None:
        view = rules.view(state, actor)
        canonical_json(view)
        # Determinization agrees with the actor's view and ignores hidden contents.
        d1 = rules.determinize(state, actor, Rng(99))
        assert canonical_json(rules.view(d1, actor)) == canonical_json(view)
        d2 = rules.determinize(rules.determinize(state, actor, Rng(7)), actor, Rng(99))
        assert rules.state_hash(d2) == rules.state_hash(d1), "determinize reads hidden contents"
    # Previews: one per legal action, JSON-able, none refused; reading them changes nothing.
    for seat in (actor, None):
        previews = rules.annotate(state, seat, legal)
        assert len(previews) == len(legal)
        for preview in previews:
            assert preview.refused is None
            canonical_json(preview.to_json())
    assert canonical_json(rules.state_to_dict(state)) == text
    # Rejected actions change nothing; their preview names the rule that rejects them.
    candidates = [Action.make("__no_such_action__"), *[a for a in stale if a not in legal][:3]]
    for bad in candidates:
        why = rules.explain(state, actor, bad).refused
        with pytest.raises(IllegalAction) as exc:
            rules.apply(state, bad)
        assert why == Message(exc.value.rule, exc.value.params)
        assert canonical_json(rules.state_to_dict(state)) == text


@pytest.mark.parametrize("game_id", _games())
def test_random_play_conforms(game_id: str) -> None:
    rules = registry.rules(game_id)
    for players in sorted({rules.min_players, rules.max_players}):
        for seed in SEEDS:
            session = _play(game_id, players, seed)
            record = session.record()
            again = replay(GameRecord.from_json(json.loads(json.dumps(record.to_json()))))
            assert again.hashes == session.hashes


def _final_hash(game_id: str, seed: int) -> str:
    rules = registry.rules(game_id)
    session = Session.start(game_id, GameConfig.for_players(rules.min_players), seed)
    chooser = Rng(seed)
    while not session.is_over:
        session.apply(chooser.choice(rules.legal_actions(session.state)))
    return session.hashes[-1]


@pytest.mark.parametrize("game_id", _games())
def test_hash_is_stable_across_processes(game_id: str) -> None:
    code = (
        "import sys; sys.path.insert(0, '.');"
        "import tests.conftest;"
        "from tests.test_conformance import _final_hash;"
        f"print(_final_hash({game_id!r}, 5))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert out.stdout.strip() == _final_hash(game_id, 5)


# --- the extended run (engine/conform.py) ---------------------------------------------------
@functools.cache
def _covering_run(game_id: str) -> tuple[tuple[conform.Case, ...], tuple[conform.Failure, ...]]:
    cases = tuple(conform.covering_cases(game_id))
    failures = tuple(f for case in cases for f in conform.run_case(case))
    return cases, failures


def _expect_none(failures: list[conform.Failure]) -> None:
    assert not failures, "\n".join(map(str, failures))


@pytest.mark.parametrize("game_id", _games())
def test_every_player_count_and_option_plays_to_the_end(game_id: str) -> None:
    cases, failures = _covering_run(game_id)
    assert cases
    bad = [f for f in failures if f.check not in ("undo", "handover")]
    assert not bad, "\n".join(map(str, bad))


@pytest.mark.parametrize("game_id", _games())
def test_no_undoable_step_reveals_information(game_id: str) -> None:
    _expect_none([f for f in _covering_run(game_id)[1] if f.check == "undo"])


@pytest.mark.parametrize("game_id", _games())
def test_undo_never_crosses_a_handover_between_humans(game_id: str) -> None:
    _expect_none([f for f in _covering_run(game_id)[1] if f.check == "handover"])


@pytest.mark.parametrize("game_id", _games())
def test_the_covering_sample_plays_every_value(game_id: str) -> None:
    rules = registry.rules(game_id)
    cases = _covering_run(game_id)[0]
    assert {c.players for c in cases} == set(range(rules.min_players, rules.max_players + 1))
    assert any(len(set(c.seats)) == 2 for c in cases if c.players > 1)
    assert {c.bot for c in cases} == set(conform.BOTS)
    for oid, values in conform.variable_options(rules):
        for value in values:
            if any(c.options[oid] == value for c in cases):
                continue
            # A value left out must be one the rules reject in every set (a set-up code).
            assert not any(conform.allowed(game_id, p, o) for p, o in
                           conform.all_combinations(game_id) if o[oid] == value), (oid, value)


@pytest.mark.parametrize("game_id", _games())
def test_the_covering_sample_plays_every_campaign_beyond_its_first_game(game_id: str) -> None:
    rules = registry.rules(game_id)
    cases = _covering_run(game_id)[0]
    for camp in rules.campaigns:
        played = [c for c in cases if c.campaign == camp.id]
        assert [c.carry for c in played][:1] == [None], camp.id  # from its first game
        carried = [c.carry for c in played[1:]]
        assert carried == camp.sample_carries(played[0].config())
        for carry in carried:  # each one a game the rules accept
            rules.check_config(camp.first_config(played[0].config()).with_carry(carry))
    if game_id == "crawl":
        # The crawl's campaign: a later floor, set up from a carried team.
        assert any(c.campaign == "floors" and c.carry and c.carry["floor"] >= 2
                   for c in cases)


def test_a_campaign_case_checks_that_its_record_replays(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    case = conform.Case("toy", 2, {"target": 10}, 3, "random", "bb", "best_of_three")
    assert conform.run_case(case) == []
    calls = []

    def drifting_carry(state):  # a game that carries out other data when asked again
        calls.append(1)
        return {"wins": [0, min(len(calls) - 1, 1)]}  # the first game only once

    monkeypatch.setattr(registry.rules("toy"), "carry_out", drifting_carry)
    found = conform.run_case(case)
    assert [(f.check, f.kind) for f in found] == [("replay", "replay:campaign")], found
    assert "--campaign best_of_three" in found[0].case.repro()


def test_option_values_come_from_the_option_defs() -> None:
    from engine.core.protocol import OptionDef

    assert conform.option_values(OptionDef("a", "x", 1, choices=(1, 2, 3))) == (1, 2, 3)
    assert conform.option_values(OptionDef("b", "x", 30, minimum=5, maximum=200)) == (5, 200)
    assert conform.option_values(OptionDef("c", "x", "")) == ("",)


def test_sampled_cases_play_every_combination_before_any_twice() -> None:
    combos = conform.all_combinations("duel")
    cases = conform.sample_cases("duel", 2 * len(combos), seed=3)
    first = {json.dumps([c.players, c.options], sort_keys=True) for c in cases[:len(combos)]}
    assert len(first) == len(combos)
    assert [c.bot for c in cases[:4]] == ["random", "heuristic", "random", "heuristic"]
    again = conform.sample_cases("duel", 2 * len(combos), seed=3)
    assert again == cases


def test_the_undo_check_catches_a_silent_draw() -> None:
    from tests.toy import leaky

    leaky.register_leaky_toy()
    try:
        cases = [conform.Case("leaky_toy", 2, {}, seed, "random", "bb") for seed in range(3)]
        found = [f for case in cases for f in conform.run_case(case)]
        assert found and {f.kind for f in found} == {"undo:hold"}, found
        leaky.RULES.reveal = True  # the same draw marked as a reveal: Session ends undo there
        assert [f for case in cases for f in conform.run_case(case)] == []
    finally:
        leaky.RULES.reveal = False
        registry.unregister("leaky_toy")


def test_the_handover_check_catches_undo_across_humans() -> None:
    from engine.core.session import Session

    class NoHandover(Session):
        """A session that forgets hot-seat handovers."""

        def _is_handover(self, after: int | None) -> bool:
            return False

    cases = [conform.Case("toy", 2, {}, seed, "random", "hh") for seed in range(3)]
    assert [f for case in cases for f in conform.run_case(case)] == []
    found = [f for case in cases for f in conform.run_case(case, start=NoHandover.start)]
    assert found and {f.kind for f in found} == {"handover"}, found


def test_the_turn_check_reports_a_seat_without_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = registry.rules("toy")
    real = rules.legal_actions
    monkeypatch.setattr(rules, "legal_actions",
                        lambda state: [] if state.turn == 3 and not state.over else real(state))
    found = conform.run_case(conform.Case("toy", 2, {}, 1, "random", "bb"))
    assert [(f.check, f.message) for f in found] == [("turns", "seat 1 has no legal action")]


@pytest.mark.long
@pytest.mark.parametrize("game_id", _games())
def test_long_conformance(game_id: str) -> None:
    games = int(os.environ.get("CONFORM_GAMES", "2000"))
    failures = conform.run_cases(conform.sample_cases(game_id, games))
    _expect_none(failures)
