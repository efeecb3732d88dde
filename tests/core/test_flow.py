"""The core turn flow, driven through a tiny game that declares its phases, decisions and action
kinds: who acts, the legal actions, refusals, response windows, nested decisions, hooks, turns,
and the flow state's clone and JSON form."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.actions import Action, Event, Message
from engine.core.decisions import ALL_PASS, EACH_ONCE, IN_ORDER, Decision
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.flow import ActionKind, DecisionKind, Flow, FlowState, Phase
from engine.core.hashing import digest
from engine.core.protocol import GameConfig, GameRules, Outcome
from engine.core.turnorder import TurnOrder


class Skirmish:
    """State: a flow with a turn order, hit points, hands of numbered cards, a hook log."""

    def __init__(self, seats: int, policy: str) -> None:
        self.flow = FlowState("main", order=TurnOrder(seats))
        self.hp = [5] * seats
        self.hands = [[1, 2, 3] for _ in range(seats)]
        self.bonus = 0
        self.target = -1
        self.policy = policy
        self.log: list[str] = []


def _attack_options(rules: Any, st: Skirmish, out: list[Action]) -> None:
    out.append(Action.make("attack"))


def _attack(rules: Any, st: Skirmish, action: Action, ev: list[Event]) -> None:
    # every seat, from the attacker on, may play cards before the blow lands (a response window)
    order = st.flow.order
    st.flow.push(Decision("window", order.order_from(order.current), st.policy,
                          Message("t.prompt.window", {"attacker": order.current})))


def _play_options(rules: Any, st: Skirmish, out: list[Action]) -> None:
    seat = st.flow.top.seat
    out.extend(Action.make("play", card=c) for c in st.hands[seat])


def _check_play(rules: Any, st: Skirmish, action: Action) -> tuple[str, str] | None:
    if action.get("card") not in st.hands[st.flow.top.seat]:
        return ("t.rule.not_in_hand", f"{action.get('card')} is not in the hand")
    return None


def _play(rules: Any, st: Skirmish, action: Action, ev: list[Event]) -> None:
    seat = st.flow.top.seat
    st.hands[seat].remove(action["card"])
    st.bonus += action["card"]
    st.log.append(f"play {seat}:{action['card']}")
    if action["card"] == 3:  # a card with a choice: asked on top of the window
        st.flow.push(Decision("pick", seat))


def _pass_options(rules: Any, st: Skirmish, out: list[Action]) -> None:
    out.append(Action.make("decline"))


def _end_turn_options(rules: Any, st: Skirmish, out: list[Action]) -> None:
    out.append(Action.make("end_turn"))


def _no_params(rules: Any, st: Skirmish, action: Action) -> tuple[str, str] | None:
    return None if not action.args else ("t.rule.no_params", "takes none")


def _pick_options(rules: Any, st: Skirmish, out: list[Action]) -> None:
    out.extend(Action.make("pick", target=s) for s in range(len(st.hp)))


def _pick(rules: Any, st: Skirmish, action: Action, ev: list[Event]) -> None:
    st.target = action["target"]
    st.log.append(f"pick {action['target']}")


def _resolve(rules: Any, st: Skirmish, window: Decision, ev: list[Event]) -> None:
    attacker = st.flow.order.current
    target = st.target if st.target >= 0 else (attacker + 1) % len(st.hp)
    st.hp[target] -= 1 + st.bonus
    st.log.append(f"hit {target} for {1 + st.bonus}")
    ev.append(Event("t.ev.hit", {"target": target, "damage": 1 + st.bonus}))
    st.bonus = 0
    st.target = -1
    if min(st.hp) <= 0:
        rules.flow.enter(rules, st, "over", ev)


def _end_turn(rules: Any, st: Skirmish, action: Action, ev: list[Event]) -> None:
    if rules.flow.next_turn(rules, st, ev):
        # a new round: everybody discards one card, starting with the start player
        st.flow.push(Decision("discard", st.flow.order.round_order(), IN_ORDER))


def _discard_options(rules: Any, st: Skirmish, out: list[Action]) -> None:
    out.extend(Action.make("discard", card=c) for c in st.hands[st.flow.top.seat])


def _discard(rules: Any, st: Skirmish, action: Action, ev: list[Event]) -> None:
    seat = st.flow.top.seat
    st.hands[seat].remove(action["card"])
    st.log.append(f"discard {seat}:{action['card']}")
    if action["card"] == 3:
        st.flow.push(Decision("pick", seat))


def _hook(name: str) -> Any:
    def hook(rules: Any, st: Skirmish, ev: list[Event]) -> None:
        st.log.append(name)
    return hook


def _round(rules: Any, st: Skirmish, ev: list[Event]) -> None:
    st.log.append(f"round {st.flow.order.round}")


FLOW = Flow(
    "t",
    phases=(
        Phase("main", ("attack", "end_turn"), "t.prompt.main", enter=_hook("enter main"),
              exit=_hook("exit main")),
        Phase("over", (), lambda rules, st: Message("t.prompt.over", {"hp": list(st.hp)}),
              terminal=True, enter=_hook("enter over")),
    ),
    decisions=(
        DecisionKind("window", ("play",), pass_kind="decline", on_close=_resolve),
        DecisionKind("pick", ("pick",), "t.prompt.pick"),
        DecisionKind("discard", ("discard",),
                     lambda rules, st, d: Message("t.prompt.discard", {"who": d.seat})),
    ),
    actions=(
        ActionKind("attack", _attack_options, _no_params, _attack),
        ActionKind("end_turn", _end_turn_options, _no_params, _end_turn),
        ActionKind("play", _play_options, _check_play, _play,
                   closed=("t.rule.no_window", "cards are played when a blow comes")),
        ActionKind("decline", _pass_options, _no_params),
        ActionKind("pick", _pick_options, None, _pick,
                   lambda rules, st, a: ("t.rule.no_such_seat", f"{a} names no seat")),
        ActionKind("discard", _discard_options, None, _discard),
    ),
    closed=("t.rule.wrong_step", "{kind} is not possible during {step}"),
    unknown=("t.rule.unknown", "there is no action {kind}"),
    on_round=_round,
)


class SkirmishRules(GameRules[Skirmish]):
    """A game whose turn structure comes entirely from FLOW."""

    game_id = "skirmish"
    flow = FLOW
    max_players = 3

    def new_game(self, config: GameConfig, seed: int) -> Skirmish:
        return Skirmish(config.players, config.options.get("policy", ALL_PASS))

    def view(self, state: Skirmish, seat: int | None) -> dict[str, Any]:
        return {}

    def is_over(self, state: Skirmish) -> bool:
        return state.flow.phase == "over"

    def outcome(self, state: Skirmish) -> Outcome | None:
        return None

    def state_to_dict(self, state: Skirmish) -> dict[str, Any]:
        return {"flow": state.flow.to_json(), "hp": state.hp}

    def state_from_dict(self, data: dict[str, Any]) -> Skirmish:
        raise NotImplementedError


RULES = SkirmishRules()


def _game(seats: int = 2, policy: str = ALL_PASS) -> Skirmish:
    return RULES.new_game(GameConfig.for_players(seats, policy=policy), 1)


def act(st: Skirmish, text: str) -> list[Event]:
    return RULES.apply(st, Action.parse(text))


def refusal(st: Skirmish, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as info:
        act(st, text)
    return info.value.rule, info.value.detail


def test_the_turn_holder_acts_in_a_phase_with_its_kinds_in_order() -> None:
    st = _game()
    assert RULES.current_actor(st) == 0 and st.flow.step == "main"
    assert [str(a) for a in RULES.legal_actions(st)] == ["attack()", "end_turn()"]
    assert RULES.prompt(st) == Message("t.prompt.main", {"seat": 0})


def test_a_window_with_priority_closes_after_all_passed_in_a_row() -> None:
    st = _game(policy=ALL_PASS)
    act(st, "attack")
    assert st.flow.step == "window" and RULES.current_actor(st) == 0
    assert [str(a) for a in RULES.legal_actions(st)] == [
        "play(card=1)", "play(card=2)", "play(card=3)", "decline()"]
    assert RULES.prompt(st) == Message("t.prompt.window", {"attacker": 0})
    act(st, "play(card=1)")
    assert RULES.current_actor(st) == 1  # priority passes on after a play
    act(st, "play(card=2)")
    act(st, "decline")
    assert RULES.current_actor(st) == 1 and st.flow.step == "window"
    events = act(st, "decline")  # two passes in a row: closed, the close hook resolves the blow
    assert st.flow.step == "main" and not st.flow.stack
    assert [e.key for e in events] == ["t.ev.hit"] and st.hp == [5, 1]
    assert st.log == ["play 0:1", "play 1:2", "hit 1 for 4"]


def test_a_window_of_rounds_closes_after_each_seat_passed_once() -> None:
    st = _game(seats=3, policy=EACH_ONCE)
    act(st, "attack")
    act(st, "play(card=1)")
    act(st, "play(card=2)")
    assert RULES.current_actor(st) == 0  # a seat keeps the window until it passes
    act(st, "decline")
    act(st, "decline")
    assert RULES.current_actor(st) == 2
    act(st, "play(card=1)")
    act(st, "decline")  # the last seat passed: closed; the blow (1 + 4) ends the game
    assert not st.flow.stack and st.hp == [5, 0, 5] and st.flow.phase == "over"


def test_a_nested_decision_is_answered_first_then_the_window_goes_on() -> None:
    st = _game(policy=ALL_PASS)
    act(st, "attack")
    act(st, "play(card=3)")  # its choice is asked on top of the window
    assert [d.kind for d in st.flow.stack] == ["window", "pick"]
    assert RULES.current_actor(st) == 0 and st.flow.step == "pick"
    assert RULES.prompt(st) == Message("t.prompt.pick", {"seat": 0})
    assert refusal(st, "decline") == ("t.rule.wrong_step", "decline is not possible during pick")
    act(st, "pick(target=0)")
    # answered and gone; the window had already passed priority on with the play
    assert [d.kind for d in st.flow.stack] == ["window"] and RULES.current_actor(st) == 1
    act(st, "decline")
    act(st, "decline")
    assert st.hp == [1, 5] and st.log[-1] == "hit 0 for 4"


def test_a_finished_decision_under_a_nested_one_closes_when_it_is_back_on_top() -> None:
    st = _game(seats=2, policy=IN_ORDER)
    act(st, "attack")
    act(st, "play(card=1)")
    act(st, "play(card=3)")  # seat 1 answers last: the window is done, but a pick is asked
    assert [d.kind for d in st.flow.stack] == ["window", "pick"]
    assert st.flow.stack[0].finished and st.log[-1] == "play 1:3"
    act(st, "pick(target=1)")  # now the window's close hook runs
    assert not st.flow.stack
    assert st.log[-4:] == ["pick 1", "hit 1 for 5", "exit main", "enter over"]


def test_refusals_name_the_rule() -> None:
    st = _game()
    assert refusal(st, "fly") == ("t.rule.unknown", "there is no action fly")
    assert refusal(st, "play(card=1)") == ("t.rule.no_window", "cards are played when a blow comes")
    assert refusal(st, "attack(now=1)") == ("t.rule.no_params", "takes none")
    act(st, "attack")
    assert refusal(st, "attack") == ("t.rule.wrong_step", "attack is not possible during window")
    assert refusal(st, "play(card=7)") == ("t.rule.not_in_hand", "7 is not in the hand")
    act(st, "play(card=3)")
    # a kind without a check of its own: legal when its options list the action, else refused
    assert refusal(st, "pick(target=5)") == ("t.rule.no_such_seat", "pick(target=5) names no seat")
    assert RULES.explain_illegal(st, Action.make("pick", target=9))[0] == "t.rule.no_such_seat"
    assert RULES.explain_illegal(st, Action.make("pick", target=1)) == (
        "rule.not_legal_now", "pick(target=1) is not a legal action now")


def test_a_refused_action_changes_nothing() -> None:
    st = _game()
    act(st, "attack")
    before = RULES.state_hash(st)
    with pytest.raises(IllegalAction):
        act(st, "play(card=9)")
    assert RULES.state_hash(st) == before


def test_a_terminal_phase_has_no_actor_and_refuses_everything() -> None:
    st = _game()
    for card in (2, 1):
        act(st, "attack")
        act(st, f"play(card={card})")
        act(st, "decline")
        act(st, "decline")
    assert st.flow.phase == "over" and st.log[-1] == "enter over"
    assert RULES.current_actor(st) is None and RULES.legal_actions(st) == []
    assert refusal(st, "attack") == ("rule.game_over", "the game is over")
    assert RULES.prompt(st) == Message("t.prompt.over", {"hp": [5, 0]})


def test_turns_rotate_rounds_run_their_hook_and_an_in_order_decision_follows() -> None:
    st = _game(seats=3)
    st.log.clear()
    act(st, "end_turn")
    assert RULES.current_actor(st) == 1 and st.flow.order.turn == 1
    assert st.log == ["exit main", "enter main"]
    act(st, "end_turn")
    act(st, "end_turn")  # back to the start seat: a new round
    assert st.flow.order.round == 2 and "round 2" in st.log
    assert st.flow.step == "discard" and RULES.current_actor(st) == 0
    assert RULES.prompt(st) == Message("t.prompt.discard", {"who": 0})
    act(st, "discard(card=1)")
    assert RULES.current_actor(st) == 1
    act(st, "discard(card=2)")
    act(st, "discard(card=3)")  # the last discard asks a pick; nothing waits for the discards
    assert [d.kind for d in st.flow.stack] == ["pick"] and RULES.current_actor(st) == 2
    act(st, "pick(target=0)")
    assert not st.flow.stack and RULES.current_actor(st) == 0
    assert st.hands == [[2, 3], [1, 3], [1, 2]]


def test_enter_runs_the_exit_and_enter_hooks() -> None:
    st = _game()
    st.log.clear()
    FLOW.enter(RULES, st, "over", [])
    assert st.log == ["exit main", "enter over"] and st.flow.phase == "over"
    with pytest.raises(ValueError):
        FLOW.enter(RULES, st, "nowhere", [])


def test_flow_state_clone_is_independent() -> None:
    st = _game(seats=3)
    act(st, "attack")
    copy = st.flow.clone()
    assert copy == st.flow and copy is not st.flow
    copy.push(Decision("pick", 2))
    copy.order.advance()
    copy.phase = "over"
    assert [d.kind for d in st.flow.stack] == ["window"]
    assert st.flow.order.current == 0 and st.flow.phase == "main"
    assert copy.stack[0] is st.flow.stack[0]  # decisions are shared: they never change


def test_flow_state_json_round_trip_and_stable_hash() -> None:
    st = _game(seats=3)
    act(st, "attack")
    act(st, "play(card=3)")
    data = json.loads(json.dumps(st.flow.to_json()))
    back = FlowState.from_json(data)
    assert back == st.flow and back.step == "pick"
    assert digest(back.to_json()) == digest(st.flow.to_json())
    assert FlowState.from_json(FlowState("main").to_json()) == FlowState("main")
    with pytest.raises(ValueError):
        FlowState.from_json({"phase": "main"})


def test_flow_state_stack_operations() -> None:
    fs = FlowState("main")
    assert fs.top is None and fs.step == "main"
    fs.push(Decision("a", 0))
    fs.push(Decision("b", 1))
    assert fs.step == "b" and fs.top == Decision("b", 1)
    fs.replace(Decision("c", 1))
    assert fs.pop() == Decision("c", 1) and fs.step == "a"
    fs.clear()
    assert fs.step == "main" and fs.top is None


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown action kinds"):
        Flow("x", (Phase("p", ("nope",)),), ())
    with pytest.raises(ValueError, match="both a phase and a decision"):
        Flow("x", (Phase("p"),), (), (DecisionKind("p"),))
    with pytest.raises(ValueError, match="unique"):
        Flow("x", (Phase("p"),), (ActionKind("a"), ActionKind("a")))


def test_an_unknown_action_cannot_be_applied_unchecked() -> None:
    with pytest.raises(MalformedAction):
        RULES.do_apply(_game(), Action.make("fly"))


def test_a_game_without_a_flow_must_declare_its_own_turn_structure() -> None:
    class Bare(SkirmishRules):
        flow = None

    with pytest.raises(NotImplementedError):
        Bare().current_actor(_game())
    with pytest.raises(NotImplementedError):
        Bare().legal_actions(_game())


def test_install_makes_the_flow_the_rules_own_methods() -> None:
    class Installed(SkirmishRules):
        flow = None

    class Own(SkirmishRules):
        def current_actor(self, state: Skirmish) -> int | None:
            return 7

    FLOW.install(Installed)
    FLOW.install(Own)
    assert Installed.flow is FLOW and Installed.__dict__["do_apply"] is FLOW.apply
    st = _game()
    rules = Installed()
    rules.apply(st, Action.make("attack"))
    assert rules.current_actor(st) == 0 and st.flow.step == "window"
    assert Own().current_actor(st) == 7  # a method the class defines itself stays
