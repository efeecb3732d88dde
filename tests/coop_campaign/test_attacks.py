"""Hero attacks against hit zones (seed 001, 3.2.3–3.2.4, 5.2; spec T-04–T-06, T-10–T-12,
T-21, T-22)."""

from __future__ import annotations

import pytest

from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from tests.coop_campaign.helpers import act, events, legal, mission, play, put, river

SLASH_FIRST = ["barb_slash", "barb_smite", "barb_taunt", "barb_disengage", "barb_axe",
               "barb_leap"]


def _attack(st, targets, faces, core, **kw):
    """Resolves an attack of hero 0 with the greatblade on rigged dice; returns the events."""
    st.rig = {"attack": list(faces)}
    base = {"dice": 0, "swords": 0, "pierce": False, "rerolls": 0, "aoe": len(targets),
            "isolated_swords": 0, "isolated_pierce": False, "fixed_dice": len(faces),
            "lightning": "none", "stun": "none", "prismatic": False, "basic": False}
    base.update(kw)
    ev = []
    E.begin_attack(st, ev, 0, "greatblade.h1", targets, base, "melee", core, "")
    return ev


def _damage(ev):
    return {e.params["card"].split(".")[0]: e.params["damage"] for e in events(ev, "damage")}


def test_t04_slash_aoe_two_adjacent_cards_and_empowered_head() -> None:
    st = mission()
    st.heroes[0].area = "W"
    gob, beast, orc = put(st, "goblin_cutthroat", "W"), put(st, "bramble_beast", "W"), \
        put(st, "orc_raider", "W")
    river(st, 0, SLASH_FIRST)
    st.heroes[0].mana = 3
    sets = {tuple(sorted(u for u, _ in a["picks"][0][1])) for a in legal(st, "play")
            if a["tile"] == "barb_slash"}
    assert (gob, beast) in sets and (beast, orc) in sets and (gob, orc) not in sets
    st.heroes[0].river = ["barb_slash", "barb_smite", "barb_taunt", "barb_disengage",
                          "barb_axe", "barb_leap"]  # core: nature (Leap Strike)
    st.rig = {"attack": ["SC", "C"]}
    ev = play(st, "barb_slash", ("greatblade.h1", ((gob, 0), (beast, 0))))
    assert _damage(ev) == {"goblin_cutthroat": 1, "bramble_beast": 3}
    assert events(ev, "defeated")[0].params["uid"] == beast
    assert events(ev, "loot")[0].params["deck"] == "grey"  # the striker draws the reward


def test_t05_leap_strike_rolls_three_dice_and_jump_yields_to_root() -> None:
    st = mission()
    river(st, 0, ["barb_leap", "barb_smite", "barb_taunt", "barb_disengage", "barb_axe",
                  "barb_slash"])
    st.heroes[0].mana = 3
    uid = put(st, "orc_raider", "N")
    st.rig = {"attack": ["S", "S", "S"]}
    ev = play(st, "barb_leap", "N", ("greatblade.h1", ((uid, 0),)))
    assert len(events(ev, "roll")[0].params["faces"]) == 3  # 2 weapon dice + 1 from the tile
    assert st.heroes[0].area == "N"
    st2 = mission()
    river(st2, 0, ["barb_leap", "barb_smite", "barb_taunt", "barb_disengage", "barb_axe",
                   "barb_slash"])
    st2.heroes[0].mana = 3
    put(st2, "briar_witch", "S")  # Root in the hero's area
    orc_here, orc_far = put(st2, "orc_raider", "S"), put(st2, "orc_raider", "N")
    leaps = [a for a in legal(st2, "play") if a["tile"] == "barb_leap"]
    assert {a["picks"][0] for a in leaps} == {None}  # Jump cannot be resolved
    targets = {a["picks"][1][1][0][0] for a in leaps if a["picks"][1] is not None}
    assert targets == {orc_here} and orc_far not in targets  # the attack stays in the area


@pytest.mark.parametrize("core, pierce, goblin, orc", [
    ("water", False, 4, 0),  # the seed's numbers: the goblin falls, shield 2 stops the orc
    ("nature", False, 2, 0),
    ("fire", False, 2, 2),
    ("nature", True, 2, 2),
])
def test_t06_one_roll_against_two_targets(core, pierce, goblin, orc) -> None:
    st = mission()
    g, o = put(st, "goblin_cutthroat", "S"), put(st, "orc_raider", "S")
    ev = _attack(st, [(g, 0), (o, 0)], ["SC", "SC"], core, pierce=pierce)
    assert _damage(ev) == {"goblin_cutthroat": goblin, "orc_raider": orc}
    assert bool(events(ev, "defeated")) == (goblin == 4)


def test_overflow_is_lost_and_never_moves_to_another_zone() -> None:
    st = mission()
    uid = put(st, "bramble_beast", "S")
    _attack(st, [(uid, 0)], ["S", "S"], None)
    _attack(st, [(uid, 0)], ["S", "S", "S"], None)
    assert st.enemies.get(str(uid)) is None  # head track full: skull
    uid = put(st, "orc_warboss", "S")
    _attack(st, [(uid, 0)], ["S"] * 6, None)  # shield 1: 5 damage into 3 boxes
    assert st.enemy(uid).damage == [3, 0, 0]


def test_t10_marksman_zone_shield_one() -> None:
    st = mission()
    uid = put(st, "forest_stalker", "S")
    ev = _attack(st, [(uid, 0)], ["S", "S", "S"], None)
    assert _damage(ev) == {"forest_stalker": 2}
    _attack(st, [(uid, 0)], ["S", "S", "S", "S"], None)
    assert str(uid) not in st.enemies


def test_t11_sealed_zone_needs_the_matching_core_and_leader_twinstrike() -> None:
    st = mission()
    shaman = put(st, "goblin_shaman", "S")
    cut = put(st, "goblin_cutthroat", "N")
    e = st.enemy(shaman)
    assert T.legal_zones(e, "water") == [] and T.legal_zones(e, None) == []
    assert T.legal_zones(e, "fire") == [0]
    assert "twinstrike" in T.keywords(st, st.enemy(cut))
    assert "twinstrike" in T.keywords(st, e)  # the leader is a goblin too


def test_t12_warboss_armour_first_frameless_star_and_leader() -> None:
    st = mission()
    boss = put(st, "orc_warboss", "S")
    cut, raider = put(st, "goblin_cutthroat", "N"), put(st, "orc_raider", "E")
    e = st.enemy(boss)
    assert T.legal_zones(e, "water") == [0]  # armoured zone first
    zone = T.edef(e).zones[0]
    assert not T.empowered(zone, "fire", prismatic=True)  # frameless: never
    attack = {name: sum(v for _, v in T.attack_terms(st, st.enemy(u)))
              for name, u in (("cut", cut), ("raider", raider), ("boss", boss))}
    assert attack == {"cut": 2, "raider": 3, "boss": 2}
    _attack(st, [(boss, 0)], ["S"] * 4, None)
    assert T.legal_zones(e, "water") == [1, 2]
    _attack(st, [(boss, 1)], ["SC", "SC"], "water")
    assert e.star and "berzerk" in T.keywords(st, e)
    assert sum(v for _, v in T.attack_terms(st, e)) == 3


def test_t21_basic_attack_ignores_comets_and_keeps_the_core() -> None:
    st = mission()
    river(st, 0, ["barb_smite", "barb_taunt", "barb_disengage", "barb_axe", "barb_leap",
                  "barb_slash"])  # core water
    st.heroes[0].mana = 3
    gob = put(st, "goblin_cutthroat", "S")
    st.rig = {"attack": ["SC", "SC"]}
    ev = act(st, "standard", action="basic", picks=[("greatblade.h1", ((gob, 0),))])
    assert _damage(ev) == {"goblin_cutthroat": 2}
    assert T.core(st.heroes[0]) == "water"


def test_t22_stealth_and_guard_limit_targets() -> None:
    st = mission()
    witch = put(st, "briar_witch", "N")  # Stealth, sealed fire
    river(st, 0, ["barb_axe", "barb_smite", "barb_taunt", "barb_disengage", "barb_slash",
                  "barb_leap"])  # Throwing Axe (ranged), core nature
    st.heroes[0].mana = 3
    targets = {u for a in legal(st, "play") if a["tile"] == "barb_axe" and a["picks"][0]
               for u, _ in a["picks"][0][1]}
    assert witch not in targets
    chief = put(st, "goblin_chieftain", "E")  # Guard
    archer = put(st, "goblin_archer", "E")
    singles = {a["picks"][0][1] for a in legal(st, "play") if a["tile"] == "barb_axe"
               and a["picks"][0]}
    assert all(t[0][0] != archer for t in singles)
    assert any(t[0][0] == chief for t in singles)
    st.heroes[0].area = "E"
    st.heroes[0].river = ["barb_slash", "barb_smite", "barb_taunt", "barb_disengage",
                          "barb_axe", "barb_leap"]
    pairs = {tuple(u for u, _ in a["picks"][0][1]) for a in legal(st, "play")
             if a["tile"] == "barb_slash" and a["picks"][0]}
    assert (chief, archer) in pairs and (archer,) not in pairs


def test_rerolls_are_optional_and_binding() -> None:
    st = mission()
    river(st, 0, ["barb_axe", "barb_smite", "barb_taunt", "barb_disengage", "barb_slash",
                  "barb_leap"])
    st.heroes[0].mana = 3
    orc = put(st, "orc_raider", "N")
    st.rig = {"attack": ["S", "L", "C"]}
    play(st, "barb_axe", ("greatblade.h1", ((orc, 0),)))
    assert st.flow.top.kind == "reroll" and st.attack["faces"] == ["S", "L"]
    ev = act(st, "reroll", die=0)  # a worse result stands: the new face is binding
    assert st.flow.top is None or st.flow.top.kind != "reroll"
    assert _damage(ev) == {"orc_raider": 0}


def test_poison_token_adds_swords_and_a_reroll_then_returns() -> None:
    st = mission(heroes="assassin,wizard")
    h = st.heroes[0]
    h.river = ["asn_venom", "asn_jab", "asn_fade", "asn_flurry", "asn_wire", "asn_blossom"]
    h.mana = 5
    play(st, "asn_venom", "asn_jab", None)
    assert h.poison == ["asn_jab", 1, 1, False]
    gob = put(st, "goblin_cutthroat", "S")
    put(st, "goblin_cutthroat", "S")  # not isolated: no pierce from the tile
    st.rig = {"attack": ["S", "S", "S"]}
    ev = play(st, "asn_jab", ("paired_fangs.h1", ((gob, 0),)))
    assert st.flow.top.kind == "reroll"  # the token's reroll
    ev = act(st, "keep")
    assert _damage(ev) == {"goblin_cutthroat": 4}  # 3 swords + 1 from the token
    assert h.poison is None
