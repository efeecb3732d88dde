"""Undo barriers of the Session: handovers past bots, draws nobody marked, the deck-builder's hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.ai.play import seat_bots
from engine.core.actions import Action
from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from tests.toy import relay

STEP, DRAW, PASS = Action.make("step"), Action.make("draw"), Action.make("pass")


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    with relay.registered():
        yield


def _relay(*kinds: str, seed: int = 5) -> Session:
    seats = tuple(SeatConfig(kind=k, name=f"N{i}") for i, k in enumerate(kinds))
    return Session.start("relay", GameConfig(seats), seed)


def _play(session: Session, *actions: Action) -> None:
    for action in actions:
        session.apply(action)


def test_a_bot_between_two_humans_does_not_hide_the_handover() -> None:
    session = _relay(HUMAN, BOT, HUMAN)
    _play(session, STEP, PASS, STEP, PASS)  # Anna, then the bot; now Ben acts
    assert session.actor == 2
    assert not session.can_undo()
    assert session.steps_to_undo(2) == 0
    assert session.irreversible_floor == 4


def test_bots_between_the_same_human_keep_undo_open() -> None:
    session = _relay(HUMAN, BOT, BOT)
    _play(session, STEP, PASS, STEP, PASS, PASS)
    assert session.actor == 0
    assert session.steps_to_undo(0) == 4  # her pass and the three bot moves after it
    for _ in range(4):
        session.undo()
    assert session.actor == 0 and session.actions == [STEP]
    assert session.steps_to_undo(0) == 1
    session.undo()
    assert session.last_human is None and session.actions == []


def test_two_humans_still_hand_over_directly() -> None:
    session = _relay(HUMAN, HUMAN)
    _play(session, STEP, PASS)
    assert not session.can_undo()


def test_a_draw_nobody_marked_is_still_irreversible_for_the_drawer() -> None:
    session = _relay(HUMAN, BOT)
    _play(session, STEP, DRAW)
    assert session.rules.view(session.state, 0)["hands"][0], "the card is in her hand"
    assert not session.can_undo()
    assert session.steps_to_undo(0) == 0
    assert session.irreversible_floor == 2
    _play(session, STEP)
    assert session.steps_to_undo(0) == 1  # the step after the draw can be taken back
    session.undo()
    assert not session.can_undo()


def test_a_draw_hidden_from_the_undoing_player_stays_undoable() -> None:
    # The bot draws into its own hand; she sees only that it holds one card more, which the
    # same move on any re-dealt deck shows too: taking it back teaches her nothing.
    session = _relay(HUMAN, BOT)
    _play(session, STEP, PASS, DRAW, PASS)
    assert session.actor == 0
    assert session.steps_to_undo(0) == 3


def test_the_check_is_lazy_and_cached() -> None:
    calls = []
    session = _relay(HUMAN, BOT)
    determinize = session.rules.determinize

    def counting(state, seat, rng):
        calls.append(seat)
        return determinize(state, seat, rng)

    session.rules.determinize = counting  # type: ignore[method-assign]
    try:
        _play(session, STEP, STEP, STEP)
        assert calls == [], "applying actions costs no check"
        assert session.can_undo()
        first = len(calls)
        assert first > 0
        assert session.can_undo() and session.steps_to_undo(0) == 1
        assert len(calls) == first, "a step is checked once"
    finally:
        del session.rules.determinize


def _deckbuilder_with_a_human(seed: int) -> tuple[Session, list]:
    seats = (SeatConfig(kind=HUMAN, name="A"), SeatConfig(kind=BOT, name="B"),
             SeatConfig(kind=BOT, name="C"))
    config = GameConfig(seats)
    return Session.start("deckbuilder", config, seed), seat_bots("deckbuilder", config, seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_deckbuilder_turn_end_shows_the_new_hand_and_cannot_be_undone(seed: int) -> None:
    session, bots = _deckbuilder_with_a_human(seed)
    rules = session.rules
    ends = 0
    while not session.is_over and ends < 6:
        actor = session.actor
        action = bots[actor].choose(rules, session.state, actor)
        before_hand = rules.view(session.state, 0)["players"][0]
        events = session.apply(action)
        if action.kind in ("end_turn", "retreat", "end_spoils") and actor == 0 \
                and any(e.key in ("deckbuilder.ev.turn", "deckbuilder.ev.game_over")
                        for e in events):
            ends += 1
            assert any(e.reveal for e in events), "the new hand is a reveal"
            assert not session.can_undo(), "undo would show the next hand"
            assert rules.view(session.state, 0)["players"][0] != before_hand
    assert ends


@pytest.mark.parametrize("game_id", ["deckbuilder", "crawl"])
def test_real_games_never_let_a_human_undo_another_humans_moves(game_id: str) -> None:
    seats = (SeatConfig(kind=HUMAN, bot="random", name="A"),
             SeatConfig(kind=BOT, bot="random", name="B"),
             SeatConfig(kind=HUMAN, bot="random", name="C"))
    config = GameConfig(seats)
    session = Session.start(game_id, config, 3)
    bots = seat_bots(game_id, config, 3)
    actors: list[int] = []
    last_human = None
    handovers = 0
    while not session.is_over and len(actors) < 700:
        actor = session.actor
        session.apply(bots[actor].choose(session.rules, session.state, actor))
        actors.append(actor)
        if actor != 1:
            last_human = actor
        now = session.actor
        if now is None or now == 1:
            continue
        if last_human is not None and now != last_human:
            handovers += 1
            assert not session.can_undo(), f"handover to seat {now} after action {len(actors)}"
        steps = session.steps_to_undo(now)
        if steps:
            assert actors[-steps] == now
            assert set(actors[-steps:]) <= {now, 1}
    assert handovers >= 3


@pytest.mark.parametrize("game_id", ["deckbuilder", "duel", "crawl"])
def test_games_mark_what_their_actor_is_shown(game_id: str) -> None:
    # The session finds unmarked reveals by itself (one re-deal per step); the games mark
    # theirs so that no re-deal that happens to repeat the truth lets one slip through.
    from engine import registry
    from engine.ai.play import bot_config
    from engine.core.rng import Rng

    rules = registry.rules(game_id)
    config = bot_config(game_id, ["random"] * max(2, rules.min_players))
    state = rules.new_game(config, 8)
    bots = seat_bots(game_id, config, 8)
    checked = 0
    for n in range(500):
        if rules.is_over(state):
            break
        actor = rules.current_actor(state)
        action = bots[actor].choose(rules, state, actor)
        before = rules.clone(state)
        rng = rules.rng_of(state).state
        events = rules.apply(state, action)
        if rules.rng_of(state).state != rng or any(e.reveal for e in events):
            continue
        checked += 1
        for sample in range(3):
            other = rules.determinize(before, actor, Rng(n * 3 + sample))
            rules.do_apply(other, action)
            assert rules.view(other, actor) == rules.view(state, actor), f"{action} shows " \
                "its actor hidden information without a reveal event"
    assert checked > 20


def test_a_loaded_game_cannot_undo_into_the_replayed_actions() -> None:
    from engine.core.record import replay

    session = _relay(HUMAN, HUMAN)
    session.apply(Action.make("step"))
    session.apply(Action.make("step"))
    assert session.can_undo()
    loaded = replay(session.record())
    assert not loaded.can_undo() and loaded.irreversible_floor == len(loaded.actions) == 2
