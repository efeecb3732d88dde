"""Sub-games: a host (the toy league) runs the toy game as a sub-game on a sub-state."""

from __future__ import annotations

import json

from engine import registry
from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.core.record import GameRecord, replay
from engine.core.rng import Rng
from engine.core.session import Session

LEAGUE = "toy_league"


def _to_second_match(seed: int) -> Session:
    """Plays the first match with rolls and holds until the league waits for the next opener."""
    session = Session.start(LEAGUE, GameConfig.for_players(2), seed)
    rules = session.rules
    chooser = Rng(seed)
    while session.state.sub is not None:
        session.apply(chooser.choice(rules.legal_actions(session.state)))
    return session


def test_the_host_hands_its_protocol_to_the_running_sub_game() -> None:
    session = Session.start(LEAGUE, GameConfig.for_players(2), 3)
    rules = session.rules
    toy = registry.rules("toy")
    sub = session.state.sub
    assert sub is not None and sub.game == "toy"
    assert rules.legal_actions(session.state) == toy.legal_actions(sub.state)
    assert rules.prompt(session.state) == toy.prompt(sub.state)
    # Each seat sees its own secret of the match, not the other's.
    for seat in (0, 1):
        secrets = rules.view(session.state, seat)["sub"]["view"]["secrets"]
        assert secrets[seat] is not None and secrets[1 - seat] is None


def test_sub_game_seats_map_to_host_seats() -> None:
    session = _to_second_match(11)
    rules = session.rules
    state = session.state
    loser = state.chooser
    assert loser == state.wins.index(0)
    session.apply(Action.make("open", seat=1))
    sub = session.state.sub
    assert sub.seats == (1, 0)
    # The toy's seat 0 opens; in the host that is seat 1.
    assert registry.rules("toy").current_actor(sub.state) == 0
    assert rules.current_actor(session.state) == 1
    assert rules.view(session.state, 1)["sub"]["seat"] == 0


def test_a_die_rolled_inside_the_sub_game_is_an_irreversible_point() -> None:
    session = Session.start(LEAGUE, GameConfig.for_players(2), 5)
    session.apply(Action.make("roll"))
    assert not session.can_undo()
    assert session.irreversible_floor == 1


def test_a_league_saved_mid_match_replays_and_restores_the_match() -> None:
    session = _to_second_match(8)
    session.apply(Action.make("open", seat=0))
    session.apply(Action.make("roll"))
    record = GameRecord.from_json(json.loads(json.dumps(session.record().to_json())))
    again = replay(record)
    assert again.hashes == session.hashes
    rules = session.rules
    back = rules.state_from_dict(json.loads(json.dumps(record.snapshot)))
    assert rules.state_hash(back) == session.hashes[-1]
    # The restored match draws from the host's own generator, not a copy of it.
    assert back.sub.state.rng is back.rng
    assert rules.clone(back).sub.state.rng is not back.rng


def test_the_sub_game_ending_resumes_the_host() -> None:
    session = _to_second_match(4)
    assert sum(session.state.wins) == 1
    assert session.rules.current_actor(session.state) == session.state.chooser
    kinds = {a.kind for a in session.rules.legal_actions(session.state)}
    assert kinds == {"open", "taunt"}


def test_a_flow_phase_hands_over_to_its_running_sub_game() -> None:
    """A host declaring its turn flow names the sub-game of a phase (Phase(sub=...)): while it
    runs, the flow answers with the sub-game's actor (mapped to host seats), legal actions,
    prompt and refusals, and applies through the host's sub_apply."""
    from engine.core import subgame
    from engine.core.errors import IllegalAction
    from engine.core.flow import ActionKind, Flow, FlowState, Phase
    from engine.core.subgame import SubGameHost

    class Host(SubGameHost):
        def sub_game_over(self, state, sub, outcome):
            state.flow.phase = "done"
            return []

    class HostState:
        def __init__(self) -> None:
            self.flow = FlowState("match")
            self.rng = Rng(5)
            self.sub = subgame.start("toy", GameConfig.for_players(2, target=10), (1, 0),
                                     self.rng)

    flow = Flow("host", (Phase("match", (), sub=lambda st: st.sub),
                         Phase("done", (), terminal=True)),
                (ActionKind("noop"),), turn_seat=lambda st: 0)
    host, st, toy = Host(), HostState(), registry.rules("toy")
    inner = st.sub.state
    assert flow.current_actor(host, st) == 1 - toy.current_actor(inner)  # seats swapped
    assert flow.legal_actions(host, st) == toy.legal_actions(inner)
    assert flow.prompt(host, st) == toy.prompt(inner)
    bad = Action.make("hold")
    try:
        toy.validate(inner, bad)
        expected = None
    except IllegalAction as exc:
        expected = (exc.rule, exc.detail)
    assert flow.check(host, st, bad) == expected
    chooser = Rng(1)
    while st.flow.phase == "match":
        flow.apply(host, st, chooser.choice(flow.legal_actions(host, st)))
    assert st.sub is None and flow.current_actor(host, st) is None
