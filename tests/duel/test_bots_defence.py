"""The duel heuristic bot's learnt defence: features, model file, choice and the offline tool."""

from __future__ import annotations

import functools
import importlib.util
import json
import math
from pathlib import Path

import pytest

from engine.ai import RandomBot
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.duel import RULES, bots
from engine.rules.duel.cards import cards
from engine.rules.duel.defence import FEATURES, MODEL_PATH, N_FEATURES, Model, load_model
from engine.rules.duel.state import DEFEND, DuelState

TOOL = Path(__file__).resolve().parents[2] / "tools" / "duel_defence.py"


@functools.lru_cache(maxsize=1)
def _tool():  # noqa: ANN202 - a module loaded from its path
    """Returns the offline tool as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("duel_defence_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=1)
def _blocks() -> tuple[tuple[DuelState, int], ...]:
    """Returns (state, defending seat) of the heuristic bot's blocks in a few seeded games."""
    out = []
    deck_ids = list(cards().deck)
    for seed in range(6):
        h = seed % 2
        config = GameConfig.for_players(2, deck_a=deck_ids[seed % 6],
                                        deck_b=deck_ids[(seed + 2) % 6])
        state = RULES.new_game(config, seed)
        players = [bots.DuelHeuristicBot(seed=seed), RandomBot(seed=seed + 50)]
        if h:
            players.reverse()
        while not RULES.is_over(state):
            seat = RULES.current_actor(state)
            assert seat is not None
            if seat == h and state.phase == DEFEND and state.players[h].clan:
                out.append((state.clone(), h))
            RULES.apply(state, players[seat].choose(RULES, state, seat))
    assert len(out) > 20
    return tuple(out)


@pytest.fixture
def use_model():  # noqa: ANN201 - a setter
    """Yields a setter of the bot's defence model; the old one is put back afterwards."""
    old = bots.DEFENCE[0]

    def use(model: Model | None) -> None:
        bots.DEFENCE[0] = model

    yield use
    bots.DEFENCE[0] = old


def _attacker(state: DuelState, h: int):  # noqa: ANN202 - a Fighter
    assert state.fight is not None
    att = state.players[1 - h].fighter(state.fight[0])
    assert att is not None
    return att


def test_the_bot_blocks_by_the_heuristic_unless_a_model_is_committed():
    # no fitted model beat the noise in held-out games (docs/duel/performance.md, "Fourth
    # attempt: learnt defence"), so none is committed; a committed one must name FEATURES
    if MODEL_PATH.is_file():
        data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
        assert tuple(data["features"]) == FEATURES
        model = bots.DEFENCE[0]
        assert model is not None and all(math.isfinite(w) for w in model.weights)
    else:
        assert bots.DEFENCE[0] is None


def test_a_model_of_other_features_is_refused(tmp_path):
    path = tmp_path / "model.json"
    path.write_text(json.dumps({"features": ["cost", "main"], "weights": [1.0, 2.0]}),
                    encoding="utf-8")
    assert load_model(path) is None
    assert load_model(tmp_path / "missing.json") is None
    good = Model([0.5] * N_FEATURES, {"decisions": 3})
    path.write_text(json.dumps(good.to_json()), encoding="utf-8")
    loaded = load_model(path)
    assert loaded is not None and loaded.weights == good.weights


def test_block_rows_carry_the_heuristic_cost():
    for state, h in _blocks():
        j = bots.Judge(state, h)
        att = _attacker(state, h)
        rows = j.block_rows(h, att)
        choice = {g.uid: cost for cost, g, _mine, _theirs in j.defence_choice(h, att)}
        assert [g.uid for g, _c, _f in rows] == [state.players[h].hero.uid,
                                                 *(f.uid for f in state.players[h].clan)]
        for g, cost, feats in rows:
            assert cost == choice[g.uid]
            assert feats[0] == cost and len(feats) == N_FEATURES
            assert feats[1] == (1.0 if g.uid == 0 else 0.0)


def test_features_read_only_what_the_defender_may_see():
    # hidden are the deck orders, the opponent's hand and face-down treasures: re-dealing them
    # must not move a single feature
    for n, (state, h) in enumerate(_blocks()[:15]):
        att = _attacker(state, h)
        want = bots.Judge(state, h).block_rows(h, att)
        other = RULES.determinize(state, h, Rng(n + 7))
        got = bots.Judge(other, h).block_rows(h, _attacker(other, h))
        assert [(g.uid, c, f) for g, c, f in got] == [(g.uid, c, f) for g, c, f in want]


def test_without_a_model_the_bot_blocks_by_the_heuristic_cost(use_model):
    use_model(None)
    for state, h in _blocks():
        j = bots.Judge(state, h)
        att = _attacker(state, h)
        assert j.best_defender(h, att) is j.defence_choice(h, att)[0][1]


def test_with_a_model_the_bot_blocks_with_the_best_scored_candidate(use_model):
    rng = Rng(3)
    model = Model([(rng.below(2001) - 1000) / 1000.0 for _ in range(N_FEATURES)], {})
    use_model(model)
    differ = 0
    for state, h in _blocks():
        j = bots.Judge(state, h)
        att = _attacker(state, h)
        rows = j.block_rows(h, att)
        top = max(model.score(f) for _g, _c, f in rows)
        want = min(g.uid for g, _c, f in rows if model.score(f) == top)
        picked = j.best_defender(h, att)
        assert picked.uid == want
        differ += picked is not j.defence_choice(h, att)[0][1]
        assert any(a.kind == "defend" and a["defender"] == picked.uid
                   for a in RULES.legal_actions(state))
    assert differ > 0


def test_a_model_of_the_cost_alone_is_the_heuristic(use_model):
    use_model(Model([-1.0] + [0.0] * (N_FEATURES - 1), {}))
    for state, h in _blocks():
        j = bots.Judge(state, h)
        att = _attacker(state, h)
        assert j.best_defender(h, att) is j.defence_choice(h, att)[0][1]


def test_a_lone_main_character_blocks_without_the_model():
    state, h = _blocks()[0]
    state = state.clone()
    state.players[h].clan = []
    att = _attacker(state, h)
    assert bots.Judge(state, h).best_defender(h, att) is state.players[h].hero


def test_fit_recovers_a_planted_preference():
    tool = _tool()
    rng = Rng(5)
    decisions = []
    for _ in range(300):
        feats = []
        rates = []
        for _k in range(3):
            f = [rng.below(1000) / 100.0 for _ in range(N_FEATURES)]
            feats.append(f)
            # the true win rate rises with "main_life" and falls with "clan_fall"
            rates.append(0.5 + 0.03 * f[FEATURES.index("main_life")]
                         - 0.02 * f[FEATURES.index("clan_fall")])
        decisions.append((feats, rates))
    weights = tool.fit(decisions, 1e-6)
    assert weights[FEATURES.index("main_life")] == pytest.approx(0.03, rel=1e-3)
    assert weights[FEATURES.index("clan_fall")] == pytest.approx(-0.02, rel=1e-3)
    others = [w for i, w in enumerate(weights)
              if FEATURES[i] not in ("main_life", "clan_fall")]
    assert max(abs(w) for w in others) < 1e-6
    got, _heuristic = tool.policy_value(decisions, weights)
    best = sum(max(r) for _f, r in decisions) / len(decisions)
    assert got == pytest.approx(best)


def test_labelling_is_deterministic_and_counts_every_candidate(use_model):
    tool = _tool()
    use_model(None)
    state, h = _blocks()[3]
    one = tool.label_block(state.clone(), h, 2, 11)
    two = tool.label_block(state.clone(), h, 2, 11)
    assert one == two
    assert one["uids"][0] == 0 and len(one["wins"]) == len(one["uids"]) >= 2
    assert all(0 <= w <= one["n"] == 2 for w in one["wins"])
    feats, rates = tool.decision_rows(one)
    assert len(feats) == len(rates) == len(one["uids"])
    assert RULES.state_hash(RULES.state_from_dict(one["state"])) == RULES.state_hash(state)
