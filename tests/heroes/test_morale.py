"""Good morale in battle (seed "Moralaktionen": a good token may be spent "jederzeit" to draw a
card, to discard cards and draw as many, or to roll a die just rolled again; spec R-071,
AMB-16): the attack die's reroll for the attacker's and the target's player, the option
no_rerolls, the draw in battle, and the token carried from the map into a battle and back."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.rules.heroes.battle import RULES
from engine.rules.heroes.scenario import apply_battle_setup
from engine.rules.heroes.state import REROLL, BattleState

TWO = {"sides": [{"seat": 0, "hero": "kasimir", "level": 1, "draw": False, "units": []},
                 {"seat": 1, "hero": "adelmar", "level": 1, "draw": False, "units": []}]}


def _battle(morale: tuple[int, int], dice: list[int], variants: dict | None = None,
            hand: list[str] | None = None) -> BattleState:
    spec = {"sides": [dict(TWO["sides"][0], morale=morale[0]),
                      dict(TWO["sides"][1], morale=morale[1])]}
    if variants:
        spec["variants"] = variants
    st = RULES.new_game(GameConfig.for_players(2, battle=spec), 3)
    sides = [{"hand": hand or [], "deck": ["offense", "armorer", "rally"]}, {}]
    apply_battle_setup(RULES, st, {"units": [
        {"unit": "bone_warrior", "side": 0, "pack": True, "square": 5},  # uid 0: attack 3
        {"unit": "oathsworn", "side": 1, "square": 9, "activated": True},  # uid 1: defence 2
    ], "dice": dice, "sides": sides})
    return st


def _act(st: BattleState, kind: str, **params: object) -> list:
    return RULES.apply(st, Action.make(kind, **params))


def test_the_attacker_rerolls_its_own_attack_die() -> None:
    st = _battle((1, 0), [-1, 1, 0])
    _act(st, "attack", target=1)
    top = st.flow.top
    assert top is not None and top.kind == REROLL and top.seat == 0
    assert RULES.view(st, 0)["pending"]["data"]["dice"] == [-1]
    assert {a.kind for a in RULES.legal_actions(st)} == {"reroll", "keep_roll"}
    events = _act(st, "reroll", die=0)
    # the new die (+1): attack 3 + 1 - defence 2 = 2 damage; the token is spent
    attack = next(e for e in events if e.key == "heroes.ev.attack")
    assert attack.params["die"] == 1 and attack.params["damage"] == 2
    assert st.sides[0].morale == 0
    assert any(e.key == "heroes.ev.morale_reroll" and e.params["old"] == -1
               and e.params["new"] == 1 for e in events)


def test_keeping_the_roll_keeps_the_token() -> None:
    st = _battle((1, 0), [0, 0])
    _act(st, "attack", target=1)
    events = _act(st, "keep_roll")
    attack = next(e for e in events if e.key == "heroes.ev.attack")
    assert attack.params["die"] == 0 and attack.params["damage"] == 1
    assert st.sides[0].morale == 1


def test_the_target_s_player_rerolls_an_attack_on_its_unit() -> None:
    st = _battle((0, 1), [1, -1, 0])
    _act(st, "attack", target=1)
    top = st.flow.top
    assert top is not None and top.kind == REROLL and top.seat == 1
    events = _act(st, "reroll", die=0)
    attack = next(e for e in events if e.key == "heroes.ev.attack")
    assert attack.params["die"] == -1 and attack.params["damage"] == 0
    assert st.sides[1].morale == 0


def test_both_players_may_reroll_the_same_roll_the_attacker_first() -> None:
    st = _battle((1, 1), [-1, 1, -1, 0])
    _act(st, "attack", target=1)
    assert st.flow.top.seat == 0
    _act(st, "reroll", die=0)  # -1 becomes +1
    top = st.flow.top
    assert top is not None and top.kind == REROLL and top.seat == 1
    assert RULES.view(st, 1)["pending"]["data"]["dice"] == [1]
    events = _act(st, "reroll", die=0)  # +1 becomes -1
    attack = next(e for e in events if e.key == "heroes.ev.attack")
    assert attack.params["die"] == -1
    assert st.sides[0].morale == 0 and st.sides[1].morale == 0


def _asked_on_the_attack(st: BattleState) -> bool:
    """Returns True while a reroll of the attack itself (not of a retaliation) is asked."""
    top = st.flow.top
    return top is not None and top.kind == REROLL and top.data[2] == "attack"


def test_nobody_is_asked_to_reroll_a_die_at_its_best_for_them() -> None:
    # the attacker's +1 (a reroll can only make it worse): no question, the token stays
    st = _battle((1, 0), [1, 0])
    events = _act(st, "attack", target=1)
    assert not _asked_on_the_attack(st)
    attack = next(e for e in events if e.key == "heroes.ev.attack")
    assert attack.params["die"] == 1 and st.sides[0].morale == 1
    # the target's player facing a -1: no question either
    st = _battle((0, 1), [-1, 0])
    events = _act(st, "attack", target=1)
    assert not _asked_on_the_attack(st)
    assert next(e for e in events if e.key == "heroes.ev.attack").params["die"] == -1
    # both may: the attacker's -1 asks the attacker; kept, the target is not asked (its best)
    st = _battle((1, 1), [-1, 0])
    _act(st, "attack", target=1)
    assert st.flow.top is not None and st.flow.top.kind == REROLL and st.flow.top.seat == 0
    _act(st, "keep_roll")
    assert not _asked_on_the_attack(st)
    # ... a +1 skips the attacker and asks the target
    st = _battle((1, 1), [1, 0])
    _act(st, "attack", target=1)
    assert st.flow.top is not None and st.flow.top.kind == REROLL and st.flow.top.seat == 1


def test_no_rerolls_switches_the_morale_reroll_and_a_card_s_reroll_off() -> None:
    st = _battle((1, 1), [-1, 0, 0], variants={"no_rerolls": True})
    events = _act(st, "attack", target=1)
    assert st.flow.top is None or st.flow.top.kind != REROLL
    attack = next(e for e in events if e.key == "heroes.ev.attack")
    assert attack.params["die"] == -1
    # the Oathsworn's Pack rolls a 0 again (its card) - not with the option
    from engine.rules.heroes import combat

    oath = st.units[1]
    oath.pack = True
    h = combat.prepare_hit(st, oath, st.units[0], False, True)
    assert h.reroll == ()
    st.variants = {}
    assert combat.prepare_hit(st, oath, st.units[0], False, True).reroll == (0,)


def test_good_morale_draws_a_card_in_battle() -> None:
    st = _battle((1, 0), [0, 0], hand=["offense"])
    legal = RULES.legal_actions(st)
    assert Action.make("morale", use="draw") in legal
    assert Action.make("morale", use="cycle") in legal
    hand = len(st.sides[0].hand)
    _act(st, "morale", use="draw")
    assert st.sides[0].morale == 0 and len(st.sides[0].hand) == hand + 1
    assert not any(a.kind == "morale" for a in RULES.legal_actions(st))
    assert RULES.result(st)["sides"][0]["morale"] == 0


def test_good_morale_cycles_cards_in_battle() -> None:
    st = _battle((1, 0), [0, 0], hand=["offense", "armorer", "rally"])
    _act(st, "morale", use="cycle")
    assert st.sides[0].morale == 0
    top = st.flow.top
    assert top is not None and top.kind == "swap" and top.seat == 0
    assert {a.kind for a in RULES.legal_actions(st)} == {"swap", "swap_done"}
    _act(st, "swap", card="armorer")
    _act(st, "swap", card="rally")
    assert st.sides[0].hand == ["offense"]
    events = _act(st, "swap_done")
    assert st.flow.top is None and len(st.sides[0].hand) == 3 and "offense" in st.sides[0].hand
    assert {"armorer", "rally"} <= set(st.sides[0].deck.discard_pile.cards)
    use = next(e for e in events if e.key == "heroes.ev.morale_use")
    assert use.params["count"] == 2
    # the whole hand swapped: the last card ends the swap by itself
    st = _battle((1, 0), [0, 0], hand=["offense"])
    _act(st, "morale", use="cycle")
    _act(st, "swap", card="offense")
    assert st.flow.top is None and len(st.sides[0].hand) == 1


def test_a_side_without_a_token_is_never_asked() -> None:
    st = _battle((0, 0), [0, 0])
    _act(st, "attack", target=1)
    assert st.flow.top is None or st.flow.top.kind != REROLL
    assert not any(a.kind == "morale" for a in RULES.legal_actions(st))
