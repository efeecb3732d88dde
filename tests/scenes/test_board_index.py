"""The action index: legal actions grouped by target and kind, in legal order."""

from __future__ import annotations

from engine.core.actions import Action
from scenes.board.index import ActionIndex


def test_actions_are_found_by_target_and_kind_in_legal_order() -> None:
    legal = [Action.make("move", to=[1, 2]), Action.make("attack", target=7),
             Action.make("move", to=[3, 3]), Action.make("end_turn"),
             Action.make("shoot", targets=[7, 8])]
    where = {7: (1, 2), 8: (5, 5)}

    def targets(a: Action):
        if a.kind == "move":
            return [tuple(a["to"])]
        if a.kind == "attack":
            return [where[a["target"]]]
        if a.kind == "shoot":
            return [where[t] for t in a["targets"]] + [where[a["targets"][0]]]
        return []

    index = ActionIndex(legal, targets)
    assert index.at((1, 2)) == [legal[0], legal[1], legal[4]]  # once each, legal order
    assert index.at((5, 5)) == [legal[4]]
    assert index.at((9, 9)) == []
    assert index.of_kind("move") == [legal[0], legal[2]]
    assert index.find("move", to=(3, 3)) == legal[2]
    assert index.find("attack", target=8) is None
    assert index.find("end_turn") == legal[3]
    assert set(index.keys()) == {(1, 2), (3, 3), (5, 5)}
