"""Previews: the exact damage distribution before an attack, retaliation, refusals."""

from __future__ import annotations

from engine.core.actions import Action, Message
from engine.core.protocol import GameConfig
from engine.rules.heroes.battle import RULES
from engine.rules.heroes.scenario import apply_battle_setup

TWO = {"sides": [{"seat": 0, "hero": "varkas", "draw": False, "units": []},
                 {"seat": 1, "hero": "adelmar", "draw": False, "units": []}]}


def _state(units: list[dict]) -> object:
    st = RULES.new_game(GameConfig.for_players(2, battle=TWO), 1)
    apply_battle_setup(RULES, st, {"units": units})
    return st


def test_a_shot_from_afar_has_three_equal_outcomes_and_no_retaliation() -> None:
    st = _state([{"unit": "gazer", "side": 0, "square": 1},
                 {"unit": "pike_guard", "side": 1, "square": 13, "activated": True}])
    (preview,) = RULES.annotate(st, 0, [Action.make("attack", target=1)])
    info = preview.detail
    assert preview.refused is None and info["dice"] == 1 and info["pick"] == "one"
    assert info["damage"] == {"1": [1, 3], "2": [1, 3], "3": [1, 3]}
    assert info["p_kill"] == [2, 3]  # Few pike guards: 2 health
    assert info["retaliation"]["possible"] is False


def test_the_ranged_penalty_takes_the_lower_of_two_dice() -> None:
    st = _state([{"unit": "gazer", "side": 0, "square": 5},
                 {"unit": "pike_guard", "side": 1, "square": 9, "activated": True}])
    (preview,) = RULES.annotate(st, 0, [Action.make("attack", target=1)])
    info = preview.detail
    assert info["penalty"] and info["pick"] == "low"
    assert info["die"] == {"-1": [5, 9], "0": [1, 3], "1": [1, 9]}
    assert info["damage"] == {"1": [5, 9], "2": [1, 3], "3": [1, 9]}
    # the pike guards survive only on the worst roll and then strike back: 2 + die - 0
    assert info["retaliation"]["possible"] and info["retaliation"]["probability"] == [5, 9]
    assert info["retaliation"]["damage"] == {"1": [1, 3], "2": [1, 3], "3": [1, 3]}


def test_a_defend_token_adds_its_own_die() -> None:
    st = _state([{"unit": "bone_warrior", "side": 0, "square": 5},
                 {"unit": "oathsworn", "side": 1, "square": 9, "activated": True,
                  "defending": True}])
    (preview,) = RULES.annotate(st, 0, [Action.make("attack", target=1)])
    info = preview.detail
    # attack 2 vs defence 2: die -1 → 0, 0 → 0, +1 → 1 (or 0 when the defend die shows +1)
    assert info["defend_die"] is True
    assert info["damage"] == {"0": [7, 9], "1": [2, 9]}


def test_refused_actions_name_their_rule() -> None:
    st = _state([{"unit": "gazer", "side": 0, "square": 5},
                 {"unit": "pike_guard", "side": 1, "square": 9, "activated": True},
                 {"unit": "shambler", "side": 1, "square": 18, "activated": True}])
    (preview,) = RULES.annotate(st, 0, [Action.make("attack", target=2)])
    assert preview.refused == Message("heroes.rule.ranged_adjacent", {})
    assert RULES.explain(st, 0, Action.make("attack", target=2)).refused == preview.refused


def test_preview_matches_the_resolved_attack() -> None:
    st = _state([{"unit": "bone_warrior", "side": 0, "pack": True, "square": 5},
                 {"unit": "shambler", "side": 1, "pack": True, "square": 9,
                  "activated": True}])
    (preview,) = RULES.annotate(st, 0, [Action.make("attack", target=1)])
    info = preview.detail
    # attack 3 vs defence 1; the Shamblers' Pack gains +1 defence on a 0 or +1
    assert info["damage"] == {"1": [2, 3], "2": [1, 3]}
    st.forced = [1, 0]
    events = RULES.apply(st, Action.make("attack", target=1))
    hits = [e for e in events if e.key == "heroes.ev.attack"]
    assert hits[0].params["damage"] == 2


def test_the_preview_gives_exact_odds_breakdowns_and_consequences() -> None:
    st = _state([{"unit": "gazer", "side": 0, "square": 5},
                 {"unit": "pike_guard", "side": 1, "square": 9, "activated": True}])
    (preview,) = RULES.annotate(st, 0, [Action.make("attack", target=1)])
    damage = {o.event.params["damage"]: (o.ways, o.out_of) for o in preview.odds
              if o.event.key == "heroes.odds.damage"}
    assert damage == {1: (5, 9), 2: (3, 9), 3: (1, 9)}
    attack, defence = preview.breakdowns
    assert (attack.total, defence.total) == (3, 1)
    assert [m.key for m in preview.consequences] == ["heroes.ev.declare", "heroes.ev.retaliate"]


def test_the_skirmish_view_prices_every_faction_unit_as_the_build_previews_do() -> None:
    from engine.core.session import Session

    session = Session.start("heroes", GameConfig.for_players(2, mode="skirmish", faction_1="sunward",
                                                             faction_2="gravemoor"), 3)
    rules = session.rules
    while session.state.flow.phase != "build":
        session.apply(rules.legal_actions(session.state)[0])
    view = rules.view(session.state, 0)
    prices = view["prices"][0]
    assert set(prices) == {"pike_guard", "crossbowman", "stormwing", "oathsworn",
                           "lightbearer", "lancer", "dawn_herald"}
    assert set(view["prices"][1]) >= {"bone_warrior", "shambler"}
    recruit = [a for a in rules.legal_actions(session.state) if a.kind == "recruit"]
    for action, preview in zip(recruit, rules.annotate(session.state, 0, recruit), strict=True):
        few, pack = prices[action["unit"]]
        assert preview.cost[0].total == few < pack
        assert preview.detail["left"] == view["budget"] - few


def test_a_response_window_shows_the_declared_attacks_exact_preview() -> None:
    from engine.ai.base import make_bot
    from engine.core.session import Session

    session = Session.start("heroes", GameConfig.for_players(2, mode="skirmish", faction_1="sunward",
                                                             faction_2="gravemoor"), 1)
    rules = session.rules
    bot = make_bot("heuristic", "heroes", seed=1)
    checked = 0
    for _ in range(600):
        if session.is_over or checked >= 3:
            break
        action = bot.choose(rules, session.state, session.actor)
        expected = None
        if action.kind == "attack" and "target" in action.params:
            expected = rules.annotate(session.state, session.actor, [action])[0].detail
        session.apply(action)
        battle = rules.view(session.state, 0).get("battle")
        pending = battle["view"]["pending"] if battle else None
        if expected is not None and pending and pending["kind"] == "respond":
            shown = pending["data"]["preview"]
            assert shown["damage"] == expected["damage"]
            assert shown["retaliation"] == expected["retaliation"]
            assert shown["attack_terms"] == expected["attack_terms"]
            checked += 1
    assert checked >= 1
