"""Table undo and bots: one Ctrl+Z takes back the player's own last move, never another's;
the bot process is sent only what its seat may know."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from engine.core.actions import Action
from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from scenes.generic import GenericTableScene
from tests.scenes.conftest import FakeWorker
from tests.toy import relay

STEP, DRAW, PASS = Action.make("step"), Action.make("draw"), Action.make("pass")
CTRL = pygame.KMOD_CTRL


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    with relay.registered():
        yield


def _open(app: Any, *kinds: str, seed: int = 5, game: str = "relay") -> Any:
    seats = tuple(SeatConfig(kind=k, name=f"N{i}") for i, k in enumerate(kinds))
    session = Session.start(game, GameConfig(seats), seed)
    table = GenericTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    return table


def _key(app: Any, key: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=CTRL, unicode="")], 0.01)


def _somebody_can_act(table: Any) -> bool:
    """Returns True when the table is not stuck: a human may act, a bot will, or a curtain
    names the next player."""
    return (table.is_my_turn() or table.is_bot(table.actor) or table.curtain_for is not None
            or table.session.is_over)


def _bot(table: Any, *actions: Action) -> None:
    """Plays bot moves through the table's own path for a bot's answer."""
    for action in actions:
        assert table.is_bot(table.actor)
        assert table._apply(action)


def test_next_human_cannot_undo_past_a_bot_into_the_previous_humans_moves(app: Any) -> None:
    table = _open(app, HUMAN, BOT, HUMAN)
    session = table.session
    table.lift_curtain()
    assert table.send(STEP) and table.send(PASS)  # Anna
    _bot(table, STEP, PASS)
    assert table.curtain_for == 2, "the turn is handed over to Ben"
    table.lift_curtain()
    moves = list(session.actions)
    _key(app, pygame.K_z)
    assert session.actions == moves, "Ben's undo took back nothing of Anna's or the bot's"
    assert table.is_my_turn() and table.viewer == 2
    assert _somebody_can_act(table)
    assert not table.undo_button.enabled
    # Ben's own move is his to take back, and only his.
    assert table.send(STEP)
    _key(app, pygame.K_z)
    assert session.actions == moves and table.is_my_turn()


def test_one_undo_takes_back_the_players_move_and_the_bot_moves_after_it(app: Any) -> None:
    table = _open(app, HUMAN, BOT)
    session = table.session
    assert table.send(STEP) and table.send(PASS)
    _bot(table, STEP, PASS)
    assert table.is_my_turn()
    app.step([], 1 / 60)
    assert table.undo_button.enabled
    _key(app, pygame.K_z)
    assert session.actions == [STEP] and table.is_my_turn()
    _key(app, pygame.K_z)
    assert session.actions == [] and table.is_my_turn()
    _key(app, pygame.K_z)  # nothing left: a toast, no change
    assert session.actions == []
    # Redo gives back what each undo took: her step, then her pass with the bot's moves.
    _key(app, pygame.K_y)
    assert session.actions == [STEP]
    _key(app, pygame.K_y)
    assert session.actions == [STEP, PASS, STEP, PASS] and table.is_my_turn()


def test_bot_moves_before_her_own_are_not_hers_to_undo(app: Any) -> None:
    table = _open(app, BOT, HUMAN)
    session = table.session
    _bot(table, STEP, PASS)
    assert table.is_my_turn() and session.can_undo()
    app.step([], 1 / 60)
    assert not table.undo_button.enabled
    _key(app, pygame.K_z)
    assert session.actions == [STEP, PASS] and table.is_my_turn()


def test_undo_stops_at_a_bot_move_that_showed_her_something(app: Any) -> None:
    # The bot cannot be undone past when its move showed her hidden information: here her
    # own draw, which no reveal event marks. One undo then takes back nothing at all, rather
    # than leaving the bot to repeat its moves.
    table = _open(app, HUMAN, BOT)
    session = table.session
    assert table.send(DRAW) and table.send(PASS)
    _bot(table, STEP, PASS)
    moves = list(session.actions)
    assert table.undo_steps() == 3
    _key(app, pygame.K_z)
    assert session.actions == [DRAW]
    assert table.undo_steps() == 0
    _key(app, pygame.K_z)
    assert session.actions == [DRAW] and table.is_my_turn()
    _key(app, pygame.K_y)
    assert session.actions == moves


def test_the_table_never_waits_for_a_human_without_a_curtain(app: Any) -> None:
    # Random play by two humans with a bot between them: after every move and every undo,
    # somebody can act.
    from engine.core.rng import Rng

    table = _open(app, HUMAN, BOT, HUMAN, seed=9)
    session = table.session
    rng = Rng(3)
    for _ in range(160):
        if session.is_over:
            break
        if table.curtain_for is not None:
            table.lift_curtain()
        elif table.is_bot(table.actor):
            _bot(table, rng.choice([STEP, PASS]))
        elif rng.below(4) == 0:
            _key(app, pygame.K_z)
        else:
            table.send(rng.choice(table.legal_actions()))
        assert _somebody_can_act(table)


def test_the_bot_process_gets_a_determinization_from_its_seats_view(app: Any) -> None:
    # Two games that differ only in what the bot cannot see (the deck order and the human's
    # hand) must send the bot process the same request, and neither is the true state.
    sent = []
    truths = []
    for swap in (False, True):
        FakeWorker.instances = []
        seats = (SeatConfig(kind=HUMAN, name="A"), SeatConfig(kind=BOT, name="B"))
        session = Session.start("relay", GameConfig(seats), 5)
        for action in (DRAW, DRAW, STEP, PASS):
            session.apply(action)
        state = session.state
        if swap:
            state.hands[0][0], state.deck[0] = state.deck[0], state.hands[0][0]
            state.deck.reverse()
        truths.append(session.rules.state_to_dict(state))
        table = GenericTableScene(app, session, autosave=False)
        app.push(table)
        for _ in range(3):
            app.step([], 0.1)
        worker = FakeWorker.instances[0]
        sent.append((worker.states[0], worker.requests[0]))
        app.pop().exit()
    assert truths[0] != truths[1]
    assert sent[0] == sent[1], "the request depends on nothing the bot's seat cannot see"
    assert sent[0][0] not in truths
    hands = sent[0][0]["hands"]
    assert len(hands[0]) == 2 and hands[1] == []


def test_humans_who_see_the_same_pass_the_mouse_without_curtain_or_undo_barrier(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game without private information (co-operative, open cards) declares so: no curtain
    falls between its humans, and a handover between them is no undo barrier."""
    from engine import registry

    rules = registry.rules("relay")
    monkeypatch.setattr(rules, "private_information", False)
    table = _open(app, HUMAN, HUMAN)
    session = table.session
    assert table.curtain_for is None and table.viewer == session.actor == 0
    assert table.send(STEP) and table.send(PASS)
    assert session.actor == 1
    assert table.curtain_for is None and table.viewer == 1
    assert session.can_undo()  # the handover between open seats is not a barrier
    monkeypatch.setattr(rules, "private_information", True)
    table = _open(app, HUMAN, HUMAN)
    table.lift_curtain()
    assert table.send(STEP) and table.send(PASS)
    assert table.curtain_for == 1 and not table.session.can_undo()


def test_sides_default_to_every_seat_for_itself() -> None:
    from engine import registry

    for game in registry.game_ids():
        rules = registry.rules(game)
        config = GameConfig.for_players(rules.min_players)
        sides = rules.sides(config)
        assert len(sides) == config.players
        if rules.private_information:
            assert not rules.shares_view(config, 0, config.players - 1) or config.players == 1
