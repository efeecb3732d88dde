"""Battle rules that scenario files express poorly: neutral draws and placement (spec T-15),
automatic targeting (T-16), the gate, initiative order, and properties of random battles."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.heroes import auto, combat
from engine.rules.heroes import board as B
from engine.rules.heroes.battle import RULES
from engine.rules.heroes.battle import setup as battle_setup
from engine.rules.heroes.scenario import apply_battle_setup
from engine.rules.heroes.state import BattleState

TWO = {"sides": [{"seat": 0, "hero": "adelmar", "draw": False, "units": []},
                 {"seat": 1, "hero": "kasimir", "draw": False, "units": []}]}


def _battle(spec: dict, players: int = 2, seed: int = 1) -> BattleState:
    return RULES.new_game(GameConfig.for_players(players, battle=spec), seed)


def test_neutral_army_of_field_v_normal_is_bronze_silver_silver_gold() -> None:
    assert battle_setup.neutral_tiers(5, "normal") == ["bronze", "silver", "silver", "gold"]
    assert battle_setup.neutral_tiers(7, "impossible") == ["gold", "gold", "azure", "azure"]
    assert battle_setup.neutral_tiers(3, "easy", "seed_counts") == ["bronze", "bronze", "silver"]


def test_neutrals_are_drawn_after_the_attacker_deploys_and_placed_by_the_seed_rule() -> None:
    spec = {"sides": [{"seat": 0, "hero": "adelmar", "draw": False,
                       "units": [{"unit": "pike_guard"}]},
                      {"seat": None, "neutral": {"field": 5, "difficulty": "normal"}}]}
    st = _battle(spec, players=1, seed=3)
    assert [u.side for u in st.units] == [0]  # nothing drawn before the attacker has deployed
    events = RULES.apply(st, RULES.legal_actions(st)[0])  # place the pike guards
    neutrals = [u for u in st.units if u.side == 1]
    tiers = sorted(B.udef(u.did).tier for u in neutrals)
    assert tiers == ["bronze", "gold", "silver", "silver"]
    placed = {e.params["unit"]: e.params["square"] for e in events
              if e.key == "heroes.ev.deploy" and e.params["side"] == 1}
    assert sorted(placed) == sorted(u.uid for u in neutrals)
    ranged = [u for u in neutrals if B.utype(u) == "ranged"]
    for u in ranged[:4]:
        assert B.row(placed[u.uid]) == 4  # ranged units at the back
    for u in neutrals:
        if B.utype(u) != "ranged":
            assert B.row(placed[u.uid]) == 3
    # left to right (columns) in descending initiative within each row, higher tier first on ties
    for r in (3, 4):
        in_row = sorted((u for u in neutrals if B.row(placed[u.uid]) == r),
                        key=lambda u: placed[u.uid])
        keys = [(B.initiative(u), B.tier_rank(u)) for u in in_row]
        assert keys == sorted(keys, reverse=True)
        assert [B.col(placed[u.uid]) for u in in_row] == list(range(len(in_row)))


def test_gold_melee_unit_prefers_gold_then_silver_then_bronze_then_azure() -> None:
    st = _battle(TWO)
    apply_battle_setup(RULES, st, {"units": [
        {"unit": "doom_rider", "side": 1, "square": 17, "activated": True},   # uid 0: gold
        {"unit": "pike_guard", "side": 0, "square": 13},                      # bronze, near
        {"unit": "oathsworn", "side": 0, "square": 12},                       # silver
        {"unit": "sky_wyrm", "side": 0, "square": 8},                          # azure
        {"unit": "lancer", "side": 0, "square": 10},                          # gold, farther
    ]})
    a = st.units[0]
    order = sorted(st.units[1:], key=lambda t: auto.priority(a, t))
    assert [B.udef(t.did).tier for t in order] == ["gold", "silver", "bronze", "azure"]


def test_ranged_units_prefer_ranged_targets_in_the_same_tier_order() -> None:
    st = _battle(TWO)
    apply_battle_setup(RULES, st, {"units": [
        {"unit": "grave_mage", "side": 1, "square": 18, "activated": True},  # silver ranged
        {"unit": "pike_guard", "side": 0, "square": 4},
        {"unit": "crossbowman", "side": 0, "square": 0},
        {"unit": "lightbearer", "side": 0, "square": 1},
        {"unit": "lancer", "side": 0, "square": 2},
    ]})
    a = st.units[0]
    order = sorted(st.units[1:], key=lambda t: auto.priority(a, t))
    assert [t.did for t in order] == ["lightbearer", "crossbowman", "pike_guard", "lancer"]


def test_automatic_unit_attacks_the_nearest_of_equal_targets_and_logs_why() -> None:
    spec = {"sides": [{"seat": 0, "hero": "adelmar", "draw": False, "units": []},
                      {"seat": None, "neutral": {"field": 1, "difficulty": "normal"}}]}
    st = _battle(spec, players=1)
    apply_battle_setup(RULES, st, {"units": [
        {"unit": "pike_guard", "side": 0, "square": 1, "activated": True},
        {"unit": "jackal_man", "side": 0, "square": 6, "activated": True},
        {"unit": "tusker", "side": 1, "square": 14},
    ], "dice": [0, 0]})
    # the tusker (bronze) reaches both bronze units; the jackal men are nearer
    assert st.units[1].damage > 0 or not st.units[1].alive or st.units[1].sq >= 0
    ev_round = RULES.view(st, 0)["round"]
    assert ev_round == 2  # every unit has acted: round 2 began


def test_gate_lets_the_defender_through_but_not_the_attacker() -> None:
    spec = dict(TWO, kind="siege")
    st = _battle(spec)
    apply_battle_setup(RULES, st, {"walls": ["wall", "gate", "wall", "wall"], "units": [
        {"unit": "pike_guard", "side": 0, "square": 0},
        {"unit": "bone_warrior", "side": 1, "square": 13},
        {"unit": "arrow_tower", "side": 1, "activated": True},
    ]})
    attacker, defender = st.units[0], st.units[1]
    assert all(B.row(sq) < B.MIDDLE for sq in B.reach(st, attacker, 3))  # walls and gate block
    assert 5 in B.reach(st, defender, 3)  # through the gate
    assert 9 not in B.reach(st, defender, 3)  # but never onto it
    st.walls = ["wall", "wall", "wall", "wall"]
    assert all(B.row(sq) > B.MIDDLE for sq in B.reach(st, defender, 3))


def test_initiative_ties_alternate_starting_with_the_attacker() -> None:
    st = _battle(TWO)
    apply_battle_setup(RULES, st, {"units": [
        {"unit": "pike_guard", "side": 0, "square": 0},     # initiative 4
        {"unit": "bone_warrior", "side": 1, "square": 16},  # 4
        {"unit": "blindling", "side": 0, "square": 3},      # 4
        {"unit": "jackal_man", "side": 1, "square": 19},    # 4
    ]})
    from engine.rules.heroes.view import initiative_track
    order = [st.units[u].side for u in initiative_track(st)]
    assert order == [0, 1, 0, 1]


def test_random_battles_keep_their_invariants() -> None:
    for seed in range(12):
        st = RULES.new_game(GameConfig.for_players(2), seed)
        chooser = Rng(seed)
        steps = 0
        while not RULES.is_over(st):
            for u in st.units:
                assert u.damage >= 0 and (not u.alive or u.damage < B.base(u).hp)
                if u.alive and u.sq >= 0:
                    assert sum(1 for x in st.units if x.alive and x.sq == u.sq) == 1
            RULES.apply(st, chooser.choice(RULES.legal_actions(st)))
            steps += 1
        assert steps < 3000
        again = RULES.new_game(GameConfig.for_players(2), seed)
        chooser = Rng(seed)
        while not RULES.is_over(again):
            RULES.apply(again, chooser.choice(RULES.legal_actions(again)))
        assert RULES.state_hash(again) == RULES.state_hash(st)


def test_damage_never_negative_and_attack_floor_keeps_the_sum() -> None:
    st = _battle(TWO)
    apply_battle_setup(RULES, st, {"units": [
        {"unit": "farmhand", "side": 0, "square": 5},
        {"unit": "tree_warden", "side": 1, "square": 9, "activated": True},
    ]})
    a, t = st.units[0], st.units[1]
    a.bonuses.append([-3, 0, 0, "round", "weakness", 1])
    h = combat.prepare_hit(st, a, t, False, True)
    dmg, terms = combat.damage_of(h, -1, 0)
    assert dmg == 0 and sum(x.value for x in terms) == 0


def test_clash_neutrals_are_placed_and_moved_by_the_opponent_and_must_attack() -> None:
    from engine.rules.heroes.moves import must_attack

    spec = {"sides": [{"seat": 0, "hero": "adelmar", "draw": False,
                       "units": [{"unit": "pike_guard"}]},
                      {"seat": 1, "neutral": {"field": 2, "difficulty": "normal"}}]}
    st = _battle(spec, players=2, seed=5)
    RULES.apply(st, RULES.legal_actions(st)[0])  # the attacker places its only unit
    assert RULES.current_actor(st) == 1 and st.deploying == 1
    actions = RULES.legal_actions(st)
    assert actions and all(a.kind == "place" for a in actions)  # every neutral is placed
    for u in st.units:
        if u.side == 1 and B.utype(u) == "ranged":
            assert all(B.row(a["square"]) == 4 for a in actions if a["unit"] == u.uid)
    while st.flow.phase == "deploy":
        RULES.apply(st, RULES.legal_actions(st)[0])
    apply_battle_setup(RULES, st, {"units": [
        {"unit": "pike_guard", "side": 0, "square": 9, "activated": True},
        {"unit": "tusker", "side": 1, "square": 13},
    ]})
    u = st.units[1]
    assert st.active == u.uid and must_attack(st, u)
    legal = RULES.legal_actions(st)
    assert Action.make("end") not in legal and Action.make("defend") not in legal
    assert [a for a in legal if a.kind == "attack"] == [Action.make("attack", target=0)]
