"""One conformance test over every registered game (and the toy): seeded random play to the end.

At every step it checks clone equality, the to_dict/from_dict round trip, JSON-able views and
previews, that a rejected action leaves the state byte-identical and is explained by its rule, that determinization agrees with the seat's view
and ignores hidden contents, and finally that replaying the record reproduces every hash.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import registry
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
