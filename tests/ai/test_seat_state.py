"""What the bot process is sent: a determinization made from the acting seat's view alone."""

from __future__ import annotations

import pytest

from engine import registry
from engine.ai import make_bot
from engine.ai.play import bot_config, seat_bots
from engine.ai.worker import seat_state
from engine.core.rng import Rng

GAMES = ("deckbuilder", "duel", "crawl")


def _decision_points(game_id: str, seed: int, every: int, limit: int):
    """Yields (rules, state, actor, actions played) at every ``every``-th decision."""
    rules = registry.rules(game_id)
    players = max(2, rules.min_players)
    config = bot_config(game_id, ["random"] * players)
    state = rules.new_game(config, seed)
    bots = seat_bots(game_id, config, seed)
    n = 0
    while not rules.is_over(state) and n < limit:
        actor = rules.current_actor(state)
        if n % every == 0:
            yield rules, state, actor, n
        rules.apply(state, bots[actor].choose(rules, state, actor))
        n += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_the_request_ignores_what_the_seat_cannot_see(game_id: str) -> None:
    hidden_somewhere = False
    for rules, state, actor, n in _decision_points(game_id, 4, 9, 300):
        # Another state that differs only in what the actor cannot see: a re-deal of it.
        other = rules.determinize(state, actor, Rng(1000 + n))
        sent, seed = seat_state(rules, state, actor, n)
        assert seat_state(rules, other, actor, n) == (sent, seed)
        assert rules.view(rules.state_from_dict(sent), actor) == rules.view(state, actor)
        hidden_somewhere |= sent != rules.state_to_dict(state)
    assert hidden_somewhere, "the true state, with what the seat may not see, is never sent"


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_choose_the_same_from_the_request_as_from_the_true_state(game_id: str) -> None:
    # The bots read only views, legal actions and their own determinizations, so a bot in the
    # window plays as it does headless (tests and `simulate` hand it the true state).
    compared = 0
    for rules, state, actor, n in _decision_points(game_id, 6, 23, 240):
        if len(rules.legal_actions(state)) < 2:
            continue
        sent, _seed = seat_state(rules, state, actor, n)
        copy = rules.state_from_dict(sent)
        assert rules.legal_actions(copy) == rules.legal_actions(state)
        for bot_id in ("heuristic", "random"):
            truth = make_bot(bot_id, game_id, "easy", 31 + n).choose(rules, state, actor)
            assert make_bot(bot_id, game_id, "easy", 31 + n).choose(rules, copy, actor) == truth
        compared += 1
    assert compared >= 4
