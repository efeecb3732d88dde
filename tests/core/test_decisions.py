"""Pending decisions: policies (who answers, when it is done), immutability and the JSON form."""

from __future__ import annotations

import json

import pytest

from engine.core.actions import Message
from engine.core.decisions import ALL_PASS, EACH_ONCE, IN_ORDER, ONE, Decision
from engine.core.hashing import canonical_json


def _answers(d: Decision, moves: str) -> list[int]:
    """Applies plays (p) and passes (s); returns the seats that answered, -1 once done."""
    seats = []
    for move in moves:
        seats.append(d.seat)
        d = d.after_play() if move == "p" else d.after_pass()
    seats.append(d.seat)
    return seats


def test_one_seat_answers_once() -> None:
    d = Decision("target", 2)
    assert d.seats == (2,) and d.seat == 2 and not d.finished and not d.is_window
    done = d.after_play()
    assert done.finished and done.seat == -1
    assert d.seat == 2 and not d.finished  # the answered value is a new decision


def test_in_order_each_seat_answers_once() -> None:
    d = Decision("discard", (1, 2, 0), IN_ORDER)
    assert _answers(d, "ppp") == [1, 2, 0, -1]


def test_each_once_window_closes_after_each_seat_passed_once() -> None:
    d = Decision("window", (0, 1), EACH_ONCE)
    assert d.is_window
    # seat 0 plays twice and passes; seat 1 passes at once: done
    assert _answers(d, "ppss") == [0, 0, 0, 1, -1]
    # a pass is final: seat 0 does not get the window back after seat 1 plays
    assert _answers(d, "spps") == [0, 1, 1, 1, -1]


def test_all_pass_window_closes_only_after_all_passed_in_a_row() -> None:
    d = Decision("window_b", (0, 1), ALL_PASS)
    assert d.is_window
    assert _answers(d, "ss") == [0, 1, -1]
    # seat 0 plays, seat 1 plays, both pass: priority goes back and forth (heroes §13.5 6.)
    assert _answers(d, "ppss") == [0, 1, 0, 1, -1]
    # a play after a pass resets the count: seat 0 must pass again
    assert _answers(d, "spss") == [0, 1, 0, 1, -1]
    assert _answers(d, "sps") == [0, 1, 0, 1]


def test_all_pass_with_three_seats_needs_three_passes_in_a_row() -> None:
    d = Decision("end_of_round", (2, 0, 1), ALL_PASS)
    assert _answers(d, "sspsss") == [2, 0, 1, 2, 0, 1, -1]


def test_decisions_are_immutable_values() -> None:
    d = Decision("destroy", 0, data=["battle", "any", ["x", 1]])
    with pytest.raises(AttributeError):
        d.seat = 1  # type: ignore[misc]
    assert d.data == ("battle", "any", ("x", 1))  # lists frozen into tuples
    assert d == Decision("destroy", (0,), ONE, None, ("battle", "any", ("x", 1)))
    assert d != d.with_data(("battle", "hero")) and d.with_data(("a",)).data == ("a",)
    w = Decision("w", (0, 1), ALL_PASS)
    assert w.after_play() is not w and w.at == 0 and w.passes == 0


def test_json_round_trip_is_plain_and_canonical() -> None:
    d = Decision("respond", (1, 0), ALL_PASS, Message("duel.prompt.respond", {"seat": 1}),
                 ("fire_bolt", 0, ("a", 2)))
    moved = d.after_pass()
    for x in (d, moved, moved.after_pass()):
        data = json.loads(json.dumps(x.to_json()))
        back = Decision.from_json(data)
        assert back == x and back.seat == x.seat
        canonical_json(x.to_json())  # no sets, no tuples that JSON cannot hold
    assert moved.to_json()["passes"] == 1 and moved.to_json()["at"] == 1


@pytest.mark.parametrize("args", [("k", ()), ("k", (0,), "sometimes"), ("k", (0, 1), ONE),
                                  ("k", (-1,))])
def test_bad_decisions_are_refused(args: tuple) -> None:
    with pytest.raises(ValueError):
        Decision(*args)


def test_from_json_refuses_missing_and_unknown_fields() -> None:
    data = Decision("k", 0).to_json()
    with pytest.raises(ValueError):
        Decision.from_json({k: v for k, v in data.items() if k != "data"})
    with pytest.raises(ValueError):
        Decision.from_json({**data, "extra": 1})
