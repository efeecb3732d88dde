"""Crawl bugs found by hostile testing (issue 11): a solo hero knocked out in its own
activation, and a four-player team draft that left a seat without a hero."""

from __future__ import annotations

from engine import registry
from engine.core.hashing import canonical_json
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.core.session import Session

RULES = registry.rules("crawl")


def test_solo_hero_knocked_out_while_passing_loses_its_activation() -> None:
    # Repro from issue 11: step 44 is a legal pass_through whose free strike knocks the hero
    # out; its activation used to go on and view() failed on the missing square.
    seed = 126030488
    session = Session.start("crawl", GameConfig.for_players(1), seed)
    chooser = Rng(seed)
    for _ in range(43):
        session.apply(chooser.choice(RULES.legal_actions(session.state)))
    action = chooser.choice(RULES.legal_actions(session.state))
    assert action.kind == "pass_through"
    mover = session.state.active
    session.apply(action)
    state = session.state
    assert state.fig(mover).where != "board", "the repro no longer knocks the hero out"
    assert state.active != mover
    assert all(a.kind != "end_activation" for a in RULES.legal_actions(state))
    canonical_json(RULES.view(state, 0))
    canonical_json(RULES.view(state, None))


def _greedy_draft(players: int) -> tuple[Session, list[int]]:
    """Returns a team game after every seat took the cheapest heroes it could, and the number
    of heroes each seat holds."""
    session = Session.start("crawl", GameConfig.for_players(players, mode="team"), 3)
    state = session.state
    while state.phase == "pick":
        legal = RULES.legal_actions(state)
        assert legal, f"seat {state.current} has no legal action in the draft"
        picks = [a for a in legal if a.kind == "pick_hero" and a["level"] == 1]
        cost = {h.id: h.points[0] for h in _heroes()}
        session.apply(min(picks, key=lambda a: (cost[a["hero"]], a["hero"])) if picks
                      else legal[-1])
    held = [sum(1 for f in state.figures if f.hero and f.owner == p) for p in range(players)]
    return session, held


def _heroes():
    from engine.rules.crawl.core import content
    return content().all("hero")


def test_team_draft_leaves_a_hero_for_every_seat() -> None:
    # Three seats picking the cheapest heroes can take all twelve (5 + 4 + 3).
    _, held = _greedy_draft(4)
    assert all(n >= 1 for n in held), held
    assert sum(held) <= len(_heroes())


def test_team_draft_with_fewer_seats_is_unchanged() -> None:
    # With three seats nobody is ever held back: 5 + 4 + 3 heroes, as before the rule.
    _, held = _greedy_draft(3)
    assert held == [5, 4, 3]


def test_game_ending_in_a_trap_ends_the_activation_too() -> None:
    # Found by the conformance run: a hero's failed disarm springs a trap; the opponent places
    # its spawn, the trap knocks the last hero still inside out and the game ends with that
    # hero still marked active, so view() looked for its reach off the board.
    from engine.ai.play import seat_bots
    from engine.core.protocol import SeatConfig

    seats = (SeatConfig(kind="bot", bot="heuristic"), SeatConfig(kind="human", bot="heuristic"))
    config = GameConfig(seats, {"board": "twin_halls", "pool": "everything",
                                "turn_limit": 200})
    seed = 254290766
    session = Session.start("crawl", config, seed)
    bots = seat_bots("crawl", config, seed)
    while len(session.actions) < 161:
        actor = session.actor
        session.apply(bots[actor].choose(RULES, session.state, actor))
    state = session.state
    assert state.pending is not None and state.active >= 0, "the repro no longer springs a trap"
    hero = state.active
    session.apply(bots[session.actor].choose(RULES, state, session.actor))
    state = session.state
    assert state.over and state.fig(hero).where == "out"
    assert state.active == -1
    for seat in (0, 1, None):
        canonical_json(RULES.view(state, seat))
