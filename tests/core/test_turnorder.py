"""Tests for engine.core.turnorder: rotation, rounds, eliminated seats, start token."""

from __future__ import annotations

import json

import pytest

from engine.core.rng import Rng
from engine.core.turnorder import TurnOrder


def test_clockwise_rotation_and_round_counter() -> None:
    order = TurnOrder(4, start=2)
    seen = [order.current]
    wraps = []
    for _ in range(5):
        wraps.append(order.advance())
        seen.append(order.current)
    assert seen == [2, 3, 0, 1, 2, 3]
    assert wraps == [False, False, False, True, False]
    assert order.round == 2 and order.turn == 5
    assert order.round_order() == [2, 3, 0, 1]


def test_left_and_right() -> None:
    order = TurnOrder(3)
    assert order.left_of(2) == 0 and order.right_of(0) == 2


def test_eliminated_seats_are_skipped() -> None:
    order = TurnOrder(4, start=0)
    order.advance()  # 1
    order.eliminate(2)
    order.advance()
    assert order.current == 3
    order.eliminate(0)  # the start seat leaves: the round still ends when play passes its place
    assert order.advance() is True
    assert order.current == 1 and order.round == 2
    assert order.order_from(0) == [1, 3]
    assert order.active_count() == 2
    order.restore(2)
    assert order.round_order() == [1, 2, 3]


def test_single_survivor_gets_every_turn() -> None:
    order = TurnOrder(3)
    order.eliminate(1)
    order.eliminate(2)
    assert order.advance() is True and order.current == 0 and order.round == 2
    order.eliminate(0)
    with pytest.raises(ValueError):
        order.advance()


def test_counter_clockwise_play_and_passing_the_token() -> None:
    order = TurnOrder(4, start=1, direction=-1)
    order.advance()
    assert order.current == 0
    order.advance()
    assert order.current == 3
    assert order.pass_start() == 0
    assert order.current == 0 and order.start == 0
    clockwise = TurnOrder(4, start=3)
    clockwise.eliminate(0)
    assert clockwise.pass_start(make_current=False) == 1
    assert clockwise.current == 3


def test_round_trip_clone_and_validation() -> None:
    order = TurnOrder(5, start=3)
    order.eliminate(4)
    order.advance()
    data = json.loads(json.dumps(order.to_dict()))
    assert data["eliminated"] == [4]
    assert TurnOrder.from_dict(data) == order
    twin = order.clone()
    twin.advance()
    assert twin != order and order.current == 0
    with pytest.raises(ValueError):
        TurnOrder(0)
    with pytest.raises(ValueError):
        TurnOrder(3, start=3)
    with pytest.raises(ValueError):
        TurnOrder.from_dict({"seats": 2})


def test_each_round_gives_every_active_seat_one_turn() -> None:
    rng = Rng(7)
    for _ in range(50):
        seats = rng.randint(1, 6)
        order = TurnOrder(seats, start=rng.below(seats), direction=1 if rng.below(2) else -1)
        for _ in range(4):
            if order.active_count() > 1 and rng.below(3) == 0:
                order.eliminate(rng.choice(order.round_order()))
            if order.eliminated[order.current]:
                continue
            expected = order.order_from(order.current)
            if expected[0] != order.round_order()[0]:
                continue
            turns = [order.current]
            while not order.advance():
                turns.append(order.current)
            assert turns == expected
