"""Every game that declares its turn flow: ``validate`` checks a given action directly, and it
accepts exactly the actions ``legal_actions`` lists (near misses included), with the open kinds
of the current step only."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.protocol import GameConfig
from engine.core.rng import Rng

STEPS = 300
SEEDS = (3, 4)


def _flow_games() -> list[str]:
    return [g for g in registry.game_ids() if registry.rules(g).flow is not None]


def _near_misses(action: Action) -> list[Action]:
    """Returns the action with each parameter changed a little, and with one too many."""
    out = []
    for i, (key, value) in enumerate(action.args):
        if isinstance(value, bool) or value is None:
            changed: list[object] = [0]
        elif isinstance(value, int):
            changed = [value + 1, value - 1, str(value)]
        elif isinstance(value, str):
            changed = [value + "_x", 0]
        else:
            changed = [value[::-1], value[:-1]]
        for v in changed:
            args = list(action.args)
            args[i] = (key, v)
            out.append(Action(action.kind, tuple(sorted(args))))
    out.append(Action(action.kind, (*action.args, ("zz_extra", 1))))
    return out


def _accepted(rules, state, action: Action) -> bool:
    try:
        rules.validate(state, action)
    except IllegalAction:
        return False
    return True


def test_the_old_games_declare_a_flow() -> None:
    assert {"deckbuilder", "duel"} <= set(_flow_games())


@pytest.mark.parametrize("game_id", _flow_games())
def test_validate_accepts_exactly_the_legal_actions(game_id: str) -> None:
    rules = registry.rules(game_id)
    flow = rules.flow
    for seed in SEEDS:
        state = rules.new_game(GameConfig.for_players(rules.min_players), seed)
        chooser = Rng(seed)
        stale: list[Action] = []
        for _ in range(STEPS):
            if rules.is_over(state):
                break
            legal = rules.legal_actions(state)
            open_kinds = set(flow.open_kinds(state))
            assert {a.kind for a in legal} <= open_kinds
            probes = [*legal, *stale, *(Action.make(k) for k in flow.actions)]
            for a in legal[:8]:
                probes.extend(_near_misses(a))
            for probe in probes:
                assert _accepted(rules, state, probe) == (probe in legal), (
                    f"{game_id} seed {seed} at {flow.step_of(state).id}: {probe} "
                    f"{'refused' if probe in legal else 'accepted'}")
            stale = legal
            rules.apply(state, chooser.choice(legal))
