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
