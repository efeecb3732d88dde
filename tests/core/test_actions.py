import json

import pytest

from engine.core.actions import Action
from engine.core.errors import MalformedAction


def test_actions_compare_by_value_and_round_trip() -> None:
    a = Action.make("buy", card="short_sword", count=2, targets=[1, 2])
    b = Action.make("buy", targets=(1, 2), count=2, card="short_sword")
    assert a == b and hash(a) == hash(b)
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert Action.parse(str(a)) == a
    assert Action.parse("end_turn") == Action.make("end_turn")
    assert a["card"] == "short_sword" and a.get("missing", 5) == 5


@pytest.mark.parametrize("text", ["buy(", "buy(1)", "x.y()", "buy(card=open('f'))", "{bad json"])
def test_malformed_actions_are_refused(text: str) -> None:
    with pytest.raises(MalformedAction):
        Action.parse(text)


def test_unsupported_parameter_types_are_refused() -> None:
    with pytest.raises(MalformedAction):
        Action.make("buy", card={"a": 1})
    with pytest.raises(MalformedAction):
        Action.from_json({"kind": "buy", "args": [], "extra": 1})


def test_breakdown_rounded_keeps_the_sum_visible() -> None:
    from engine.core.actions import Breakdown, Message, Term

    name = Message("x")
    # 0.45 + 0.45 = 0.9: plain rounding would show 0.5 + 0.5 = 0.9
    bd = Breakdown(name, 0.9, (Term(Message("a"), 0.45), Term(Message("b"), 0.45)))
    shown = bd.rounded(1)
    assert shown.total == 0.9
    assert round(sum(t.value for t in shown.terms), 6) == 0.9
    # a capped expectation: 2.333 of dice, -1.333 overflow = 1.0
    bd = Breakdown(name, 1.0, (Term(Message("dice"), 7 / 3), Term(Message("lost"), -4 / 3)))
    assert [t.value for t in bd.rounded(1).terms] == [2.3, -1.3]
    assert bd.gap() == 0 or abs(bd.gap()) < 1e-9
    # whole numbers stay whole
    bd = Breakdown(name, 3, (Term(Message("slot"), 2), Term(Message("mod"), 1)))
    assert [t.value for t in bd.rounded(0).terms] == [2, 1] and bd.rounded(0).total == 3
    # terms that do not add up are rounded one by one (nothing is invented)
    bd = Breakdown(name, 5, (Term(Message("a"), 1.26),))
    assert [t.value for t in bd.rounded(1).terms] == [1.3]
