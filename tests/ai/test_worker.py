"""BotWorker: bots answered by a separate process, without pygame, small, cancellable."""

from __future__ import annotations

import time

import pytest

from engine import registry
from engine.ai import make_bot
from engine.ai.worker import BotWorker, BotWorkerError
from engine.core.actions import Action
from engine.core.protocol import GameConfig

INIT = ("tests.toy:register_toy",)


@pytest.fixture(scope="module")
def worker():
    w = BotWorker(init=INIT)
    yield w
    w.close()


def _mid_game():
    rules = registry.rules("toy")
    state = rules.new_game(GameConfig.for_players(2), 2)
    rules.apply(state, Action.make("roll"))
    rules.apply(state, Action.make("roll"))
    return rules, state


def test_round_trip_matches_the_bot_in_this_process(worker: BotWorker) -> None:
    rules, state = _mid_game()
    options = {"iterations": 120}
    worker.request("toy", rules.state_to_dict(state), 0, "mcts", "normal", 7, options=options)
    assert worker.busy
    deadline = time.monotonic() + 30
    action = None
    while action is None:
        assert time.monotonic() < deadline, "no answer from the worker"
        action = worker.poll()  # never blocks
        time.sleep(0.005)
    assert not worker.busy
    local = make_bot("mcts", "toy", "normal", 7, iterations=120).choose(rules, state, 0)
    assert action == local


def test_worker_stays_small_and_never_loads_pygame(worker: BotWorker) -> None:
    stats = worker.stats()
    assert stats["pygame"] is False
    if stats["maxrss_kb"] is not None:
        assert stats["maxrss_kb"] < 60 * 1024


def test_errors_come_back_as_exceptions(worker: BotWorker) -> None:
    rules, state = _mid_game()
    worker.request("toy", rules.state_to_dict(state), 1, "random")
    with pytest.raises(BotWorkerError, match="not the current actor"):
        worker.wait(30)
    worker.request("no_such_game", {}, 0, "random")
    with pytest.raises(BotWorkerError, match="unknown game"):
        worker.wait(30)
    # The worker keeps serving after an error.
    worker.request("toy", rules.state_to_dict(state), 0, "random", seed=1)
    assert worker.wait(30) in rules.legal_actions(state)


def test_cancel_drops_the_answer_and_a_new_request_works() -> None:
    rules, state = _mid_game()
    with BotWorker(init=INIT) as w:
        w.request("toy", rules.state_to_dict(state), 0, "mcts", "hard",
                  options={"iterations": None, "seconds": 30.0})
        w.cancel()
        assert not w.busy and w.poll() is None
        w.request("toy", rules.state_to_dict(state), 0, "random", seed=3)
        assert w.wait(30) == make_bot("random", "toy", seed=3).choose(rules, state, 0)


def test_a_dead_worker_is_reported() -> None:
    rules, state = _mid_game()
    w = BotWorker(init=("no_such_module_for_test:go",))
    try:
        w.request("toy", rules.state_to_dict(state), 0, "random")
        with pytest.raises(BotWorkerError, match="stopped.*no_such_module_for_test"):
            w.wait(30)
    finally:
        w.close()


def test_interactive_play_caps_thinking_time(worker: BotWorker) -> None:
    from engine.ai.worker import interactive_options

    assert interactive_options("mcts", "toy", "hard") == {"seconds": 1.0}
    assert interactive_options("heuristic", "toy", "easy") == {"seconds": 0.25}
    assert interactive_options("random", "toy", "hard") == {}
    rules, state = _mid_game()
    worker.request("toy", rules.state_to_dict(state), 0, "mcts", "easy", 1)
    assert worker.wait(30) in rules.legal_actions(state)


def test_the_coach_answers_from_the_bot_process(worker: BotWorker) -> None:
    from engine.ai.play import bot_config
    from engine.ai.worker import seat_state

    rules = registry.rules("duel")
    state = rules.new_game(bot_config("duel", ["heuristic", "heuristic"]), 3)
    seat = rules.current_actor(state)
    sent, seed = seat_state(rules, state, seat, 0)
    worker.request_hint("duel", sent, seat, seed, options={"steps": 300})
    answer = worker.wait_hint(60)
    assert answer is not None and answer["rows"]
    assert Action.from_json(answer["rows"][0]["action"]) in rules.legal_actions(state)
    assert answer["why"]["key"]
    worker.request_hint("duel", sent, 1 - seat, seed, options={"steps": 300})
    with pytest.raises(BotWorkerError, match="not the current actor"):
        worker.wait_hint(60)


def test_a_heroes_map_turn_is_answered_by_the_bot_process_with_its_reason(
        worker: BotWorker) -> None:
    # issue #17: the Clash computer player thinks in the bot process (the window never
    # waits) and says why; the answer is the in-process bot's
    from engine.ai.worker import seat_state
    from engine.rules.heroes.adventure.bots import is_map_turn

    rules = registry.rules("heroes")
    state = rules.new_game(GameConfig.for_players(2, mode="clash"), 6)
    bot = make_bot("heuristic", "heroes", "hard", 1)
    while not (is_map_turn(state) and len(rules.legal_actions(state)) > 1):
        rules.apply(state, bot.choose(rules, state, rules.current_actor(state)))
    seat = rules.current_actor(state)
    sent, seed = seat_state(rules, state, seat, 0)
    worker.request("heroes", sent, seat, "heuristic", "hard", seed)
    deadline = time.monotonic() + 60
    action = None
    while action is None:
        assert time.monotonic() < deadline
        action = worker.poll()
        time.sleep(0.01)
    here = make_bot("heuristic", "heroes", "hard", seed)
    assert action == here.choose(rules, rules.state_from_dict(sent), seat)
    assert worker.last_why == here.last_stats["why"]
    assert worker.last_why["key"].startswith("heroes.map.why.")
