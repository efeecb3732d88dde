"""The bot registry, the random bot and the MCTS bot on the toy game."""

from __future__ import annotations

import pytest

from engine import registry
from engine.ai import MctsBot, RandomBot, bot_ids, make_bot, register_bot, unregister_bot
from engine.ai.base import Bot, register_evaluator, seat_seed
from engine.ai.mcts import rewards
from engine.ai.play import bot_config, play_game
from engine.core.actions import Action
from engine.core.protocol import GameConfig, Outcome

TOY = "toy"


def _state(seed: int = 2):
    rules = registry.rules(TOY)
    return rules, rules.new_game(GameConfig.for_players(2), seed)


def _mid_game(seed: int = 2):
    """Returns a state where seat 0 must choose between roll and hold (turn total 7)."""
    rules, state = _state(seed)
    rules.apply(state, Action.make("roll"))
    rules.apply(state, Action.make("roll"))
    assert rules.legal_actions(state) == [Action.make("roll"), Action.make("hold")]
    return rules, state


def test_make_bot_returns_registered_bots() -> None:
    assert isinstance(make_bot("random", TOY), RandomBot)
    assert isinstance(make_bot("mcts", TOY, "hard", seed=3), MctsBot)
    # A game without its own heuristic bot plays "heuristic" with generic MCTS.
    assert isinstance(make_bot("heuristic", TOY), MctsBot)
    assert bot_ids(TOY)[:2] == ["random", "mcts"]


def test_game_bots_win_over_generic_ones() -> None:
    class Always(Bot):
        bot_id = "random"

        def choose(self, rules, state, seat):
            return rules.legal_actions(state)[0]

    register_bot("random", Always, game=TOY)
    try:
        assert isinstance(make_bot("random", TOY), Always)
        assert bot_ids(TOY)[0] == "random"
    finally:
        unregister_bot("random", game=TOY)
    assert isinstance(make_bot("random", TOY), RandomBot)


def test_bad_bot_requests_are_refused() -> None:
    with pytest.raises(KeyError, match="no bot 'genius'"):
        make_bot("genius", TOY)
    with pytest.raises(ValueError, match="unknown difficulty"):
        make_bot("random", TOY, "impossible")
    with pytest.raises(KeyError, match="unknown game"):
        make_bot("random", "no_such_game")
    with pytest.raises(ValueError, match="budget"):
        MctsBot(iterations=None, seconds=None)
    rules, state = _state()
    with pytest.raises(ValueError, match="not the current actor"):
        make_bot("random", TOY).choose(rules, state, 1)


def test_random_bot_is_uniform_and_reproducible() -> None:
    rules, state = _mid_game()
    picks = [make_bot("random", TOY, seed=s).choose(rules, state, 0).kind for s in range(400)]
    assert 160 < picks.count("hold") < 240
    a, b = make_bot("random", TOY, seed=9), make_bot("random", TOY, seed=9)
    assert [a.choose(rules, state, 0) for _ in range(20)] == \
        [b.choose(rules, state, 0) for _ in range(20)]


def test_bots_never_change_the_state() -> None:
    rules, state = _mid_game()
    before = rules.state_hash(state)
    for bot_id in ("random", "mcts"):
        make_bot(bot_id, TOY, "easy", seed=1).choose(rules, state, 0)
        assert rules.state_hash(state) == before


def test_mcts_is_deterministic_with_an_iteration_budget() -> None:
    rules, state = _mid_game()
    runs = []
    for _ in range(2):
        bot = MctsBot("normal", seed=11, iterations=200)
        runs.append((bot.choose(rules, state, 0), bot.last_stats["visits"]))
    assert runs[0] == runs[1]
    assert sum(runs[0][1].values()) == 200
    config = bot_config(TOY, ["mcts", "random"], "easy")
    hashes = {rules.state_hash(play_game(TOY, config, 5).state) for _ in range(2)}
    assert len(hashes) == 1


def test_mcts_ignores_hidden_information() -> None:
    # Two states that differ only in the opponent's secret give the same decision.
    rules, state = _mid_game()
    other = rules.clone(state)
    mine = state.secrets[0]
    other.secrets[1] = next(c for c in range(1, 7) if c not in (mine, state.secrets[1]))
    a = MctsBot(seed=4, iterations=150)
    b = MctsBot(seed=4, iterations=150)
    assert a.choose(rules, state, 0) == b.choose(rules, other, 0)
    assert a.last_stats["visits"] == b.last_stats["visits"]


def test_mcts_beats_random_clearly() -> None:
    wins = 0
    games = 24
    for seed in range(games):
        bots = ["mcts", "random"] if seed % 2 == 0 else ["random", "mcts"]
        game = play_game(TOY, bot_config(TOY, bots, "easy"), 1000 + seed)
        outcome = game.rules.outcome(game.state)
        wins += bots.index("mcts") in outcome.winners
    assert wins >= 17, f"MCTS won only {wins} of {games}"


def test_mcts_knows_an_obvious_winning_move() -> None:
    # Holding 7 on 15 of 20 wins outright; rolling risks a 1.
    rules, state = _mid_game()
    rules.setup_scenario(state, {"scores": [15, 0], "secrets": [1, 2], "turn_total": 7})
    assert make_bot("mcts", TOY, "easy", seed=2).choose(rules, state, 0) == Action.make("hold")


def test_a_time_budget_stops_early() -> None:
    rules, state = _mid_game()
    bot = MctsBot("hard", seed=1, iterations=None, seconds=0.05)
    bot.choose(rules, state, 0)
    assert 0 < bot.last_stats["iterations"]
    assert bot.last_stats["seconds"] < 0.5


def test_an_evaluator_scores_cut_off_playouts() -> None:
    calls = []

    def evaluate(rules, state):
        calls.append(1)
        return [1.0 if s >= 10 else 0.0 for s in state.scores]

    rules, state = _mid_game()
    register_evaluator(TOY, evaluate)
    try:
        MctsBot(seed=1, iterations=30, depth=2).choose(rules, state, 0)
    finally:
        from engine.ai import base

        base._EVALUATORS.pop(TOY)
    assert calls


def test_rewards_mix_wins_and_normalised_scores() -> None:
    assert rewards(Outcome((0,), (30.0, 10.0, 20.0))) == [1.0, 0.0, 0.1]
    assert rewards(Outcome((0, 1), (5.0, 5.0))) == [0.9, 0.9]
    assert rewards(None) == []


def test_seat_seeds_differ_per_seat_and_game() -> None:
    seeds = {seat_seed(g, s) for g in range(5) for s in range(4)}
    assert len(seeds) == 20


def test_playout_depth_scale_shortens_the_preset_depth_per_game() -> None:
    from engine import registry
    from engine.ai import make_bot, register_playout_depth_scale
    from engine.ai.base import _DEPTH_SCALES
    from engine.core.protocol import GameConfig

    rules = registry.rules("toy")
    state = rules.new_game(GameConfig.for_players(2), 3)
    while len(rules.legal_actions(state)) < 2:  # a real choice, so the search runs
        rules.apply(state, rules.legal_actions(state)[0])
    bot = make_bot("mcts", "toy", difficulty="easy", seed=1)
    bot.choose(rules, state, rules.current_actor(state))
    full = bot.depth
    try:
        register_playout_depth_scale("toy", 0.5)
        bot.choose(rules, state, rules.current_actor(state))
        assert bot.depth == full // 2
    finally:
        _DEPTH_SCALES.pop("toy", None)
    with pytest.raises(ValueError):
        register_playout_depth_scale("toy", 1.5)
