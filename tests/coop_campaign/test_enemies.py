"""Spawning, the enemy turn, its priorities and keywords, defence (seed 001, 3.1, 3.3, 5.3;
spec T-08–T-10, T-16–T-19, T-23, T-24)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.deck import Deck
from engine.core.errors import IllegalAction
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from tests.coop_campaign.helpers import RULES, act, events, legal, mission, put, strike


def _rig_minions(st, order):
    deck = st.decks["minion"]
    cards = list(deck.draw_pile.cards) + list(deck.discard_pile.cards)
    top = []
    for eid in order:
        card = next(c for c in cards if c.split(".")[0] == eid and c not in top)
        top.append(card)
    rest = [c for c in cards if c not in top]
    st.decks["minion"] = Deck(top + rest)


def test_t08_spawn_on_tile_one_round_one_draws_until_a_symbol_matches() -> None:
    st = mission(heroes="barbarian,wizard,assassin")  # 3 heroes: the N dot (3+) counts
    st.round = 0
    _rig_minions(st, ["goblin_cutthroat", "orc_raider", "goblin_archer", "goblin_cutthroat"])
    ev: list = []
    E.start_round(st, ev)
    assert [st.enemy(u).card.split(".")[0] for u in st.columns["W"]] == ["goblin_archer"]
    assert [st.enemy(u).card.split(".")[0] for u in st.columns["N"]] == ["goblin_cutthroat"]
    assert sorted(c.split(".")[0] for c in st.decks["minion"].discard_pile.cards) == [
        "goblin_cutthroat", "orc_raider"]
    two = mission()
    two.round = 0
    _rig_minions(two, ["goblin_archer", "goblin_cutthroat"])
    E.start_round(two, [])
    assert len(two.columns["W"]) == 1 and two.columns["N"] == []  # 3+ dot ignored for two


def test_t09_pink_field_resolves_only_the_south_cross() -> None:
    st = mission()
    st.round = 6  # the next field is the seventh, pink
    st.heroes[0].area, st.heroes[1].area = "S", "E"
    st.heroes[0].armor = 0
    st.rig = {"defence": [False]}
    ev: list = []
    E.start_round(st, ev)
    E.run_tile_effects(RULES, st, ev)
    hits = events(ev, "hit")
    assert [e.params["hero"] for e in hits] == [0] and hits[0].params["strength"] == 1
    assert [e.params["area"] for e in events(ev, "cross")] == ["S"]


def test_t16_armour_first_then_defence_dice_then_heal() -> None:
    st = mission()
    h = st.heroes[0]
    h.armor, h.hp = 1, 4
    uid = put(st, "forest_stalker", "S")  # attack 3, hunts the lowest hearts
    st.heroes[1].area = "N"
    st.rig = {"defence": [True, False]}
    ev = strike(st, uid)
    hit = events(ev, "hit")[0].params
    assert (hit["armor"], hit["dice"], hit["damage"]) == (1, [1, 0], 1)
    assert h.hp == 3 and h.armor == 0
    E.heal_hero(st, [], 0, 3)
    assert h.hp == 5  # excess healing is lost


def test_t17_activation_order_and_summon_below_the_summoner() -> None:
    st = mission(theme="graveyard")
    a = put(st, "grave_cultist", "S")  # Summon: Rattlebones
    b = put(st, "ghoul", "S")
    c = put(st, "bone_archer", "W")
    d = put(st, "ghoul", "E")
    for h in st.heroes:
        h.area = "N"
    order = []
    for e in st.living():
        e.activated = False
    while (e := E.next_enemy(st)) is not None:
        order.append(e.uid)
        e.activated = True
        if e.uid == a:
            E._summon(st, [], e)
    summoned = st.columns["S"][1]
    assert order == [a, summoned, b, c, d]
    assert st.enemy(summoned).card.startswith("skeleton.")


def test_t18_plunder_beats_attack_and_the_last_flag_fires() -> None:
    st = mission()  # tile 1: the Far Bank (N) has 3 flags
    st.heroes[0].area = "N"
    st.heroes[0].hp = 5
    st.flags["N"] = 1
    e1, e2 = put(st, "orc_raider", "N"), put(st, "orc_raider", "N")
    ev = strike(st, e1) + strike(st, e2)
    assert len(events(ev, "plunder")) == 2 and not events(ev, "hit")
    assert events(ev, "flags_full") and "N" in st.blocked and "bridge_burned" in st.boxes
    assert st.heroes[0].hp == 3  # the ropes burn: 2 damage, no armour


def test_t19_range_follows_the_coin() -> None:
    # the watchtower (W) has no flags; clockwise from W is N, counter-clockwise S
    for coin, who in ((True, 1), (False, 0)):
        st = mission()
        st.heroes[0].area, st.heroes[1].area = "S", "N"
        uid = put(st, "goblin_archer", "W")
        st.rig = {"coin": [coin], "defence": [True]}
        ev = strike(st, uid)
        assert events(ev, "target")[0].params["who"] == who
    st = mission()
    for h in st.heroes:
        h.area = "E"  # opposite: reached either way
    uid = put(st, "goblin_archer", "W")
    st.rig = {"coin": [False], "defence": [True]}
    ev = strike(st, uid)
    assert st.flow.top.kind == "take"  # two heroes in W: the party chooses
    ev = act(st, "take", who=1)
    assert events(ev, "hit")[0].params["hero"] == 1


def test_t10_target_lowest_hp_overrides_plunder_and_position() -> None:
    st = mission()
    st.heroes[0].area, st.heroes[0].hp = "N", 4
    st.heroes[1].area, st.heroes[1].hp = "S", 2
    uid = put(st, "forest_stalker", "E")  # E has free flags
    st.rig = {"defence": [True, True, True]}
    ev = strike(st, uid)
    assert not events(ev, "plunder")
    assert events(ev, "target")[0].params["who"] == 1


def test_the_party_chooses_before_the_defence_dice() -> None:
    st = mission()
    uid = put(st, "orc_raider", "S")  # both heroes start in S
    st.rig = {"defence": [False, False]}
    strike(st, uid)
    assert st.flow.top.kind == "take" and st.rig["defence"] == [False, False]
    assert sorted(a["who"] for a in RULES.legal_actions(st)) == [0, 1]


def test_t23_lifesteal_heals_the_newest_damage_first() -> None:
    st = mission(theme="graveyard")
    uid = put(st, "ghoul", "S")
    e = st.enemy(uid)
    e.damage = [3]
    e.log = [[0, 2], [0, 1]]
    E.lifesteal(st, [], e, 2)
    assert e.damage == [1] and e.log == [[0, 1]]


def test_t24_a_stunned_twinstrike_enemy_loses_its_whole_activation() -> None:
    st = mission()
    uid = put(st, "orc_bowmaster", "S")  # Twinstrike
    st.enemy(uid).stunned = True
    ev = strike(st, uid)
    assert events(ev, "unstun") and not events(ev, "hit") and not st.enemy(uid).stunned


def test_gang_counts_the_other_cards_in_the_area() -> None:
    st = mission()
    gob = put(st, "goblin_cutthroat", "W")
    put(st, "goblin_archer", "W")
    put(st, "orc_raider", "W")
    assert T.attack_terms(st, st.enemy(gob)) == [("printed", 1), ("gang", 2)]


def test_hard_mode_loses_when_a_hero_falls_normal_mode_knocks_out() -> None:
    st = mission(hard=True)
    st.heroes[0].hp = 1
    E.damage_hero(st, [], 0, 3, "tile")
    assert st.result == "lost" and st.reason == "hero_died"
    st = mission()
    st.heroes[0].hp = 1
    E.damage_hero(st, [], 0, 3, "tile")
    assert st.result is None and st.heroes[0].ko and not T.standing(st.heroes[0])
    ev: list = []
    st.active = -1
    E.begin_activation(st, 0, ev)
    assert events(ev, "stand_up") and st.heroes[0].hp == 2 and st.active == -1
    st.heroes[1].hp = 1
    st.heroes[0].ko = True
    E.damage_hero(st, [], 1, 2, "tile")
    assert st.result == "lost" and st.reason == "all_down"


def test_enemy_taunt_pulls_a_hero_before_attacking() -> None:
    st = mission(theme="graveyard")
    st.heroes[0].area, st.heroes[1].area = "N", "N"
    golem = put(st, "flesh_golem", "S")  # Taunt, Root
    st.rig = {"coin": [True], "defence": [True] * 10}
    strike(st, golem)
    assert st.flow.top.kind == "take"
    act(st, "take", who=0)
    assert st.heroes[0].area == "S"


def test_enemy_aoe_hits_every_hero_in_the_primary_targets_area() -> None:
    st = mission()
    for h in st.heroes:
        h.area = "N"
    shaman = put(st, "goblin_shaman", "W")  # Range, AoE; W has no flags
    st.rig = {"coin": [True], "defence": [False] * 4}
    strike(st, shaman)
    act(st, "take", who=0)  # the party picks the primary target
    hits = [h.hp for h in st.heroes]
    assert hits == [4, 4]  # twinstrike (leader of goblins) needs a second decision
    assert st.flow.top is not None and st.flow.top.kind == "take"


def test_hunter_moves_to_the_nearest_heroes_and_attacks() -> None:
    st = mission()
    st.heroes[0].area, st.heroes[1].area = "N", "N"
    st.heroes[1].hp = 5
    hound = put(st, "thorn_wolf", "W")  # Hunter
    st.rig = {"coin": [True], "defence": [True, True]}
    ev = strike(st, hound)
    assert st.enemy(hound).area == "N" and events(ev, "enemy_moves")


def test_the_party_may_give_an_attack_to_the_wolf() -> None:
    st = mission(heroes="huntress,wizard")
    uid = put(st, "orc_raider", "S")
    st.rig = {"defence": [False, False]}
    strike(st, uid)
    assert 10 in [a["who"] for a in RULES.legal_actions(st)]  # the wolf of hero 0
    ev = act(st, "take", who=10)
    assert events(ev, "wolf_hit")[0].params["damage"] == 2 and st.heroes[0].wolf_hp == 1


def test_jumping_into_the_snare_line_costs_a_heart() -> None:
    st = mission(tile="glade")
    st.heroes[0].mana = 3
    act(st, "standard", action="leap", picks=["E"])
    assert st.heroes[0].hp == 4


def test_a_blocked_area_cannot_be_jumped_into_or_out_of() -> None:
    st = mission()
    st.blocked = ["N"]
    st.heroes[0].mana = 3
    dests = {a["picks"][0] for a in legal(st, "standard") if a["action"] == "leap"}
    assert dests == {"E", "W"}
    st.heroes[0].area = "N"
    # nowhere to jump: the leap would only cost mana, so it is not offered and is refused
    assert not [a for a in legal(st, "standard") if a["action"] == "leap"]
    with pytest.raises(IllegalAction) as exc:
        act(st, "standard", action="leap", picks=[None])
    assert exc.value.rule == "coop.rule.no_target"


def test_a_target_enemy_with_taunt_pulls_first(monkeypatch) -> None:
    # spec §3.5: "if has Target:x and a legal hero exists: (EnemyTaunt first) attack that
    # hero"; no card combines the two yet, so the stalker lends its card a Taunt here
    st = mission()
    st.heroes[0].area, st.heroes[0].hp = "S", 5
    st.heroes[1].area, st.heroes[1].hp = "E", 2
    uid = put(st, "forest_stalker", "N")  # Range, Target: lowest HP
    stalker = T.edef(st.enemy(uid))
    taunting = dataclasses.replace(stalker, keywords=(*stalker.keywords, "taunt"))
    real = T._card_enemy
    monkeypatch.setattr(T, "_card_enemy", lambda card: taunting if card == st.enemy(
        uid).card else real(card))
    st.rig = {"coin": [True], "defence": [True] * 10}  # clockwise from N: E first
    ev = strike(st, uid)
    assert events(ev, "pulled")[0].params["hero"] == 1 and st.heroes[1].area == "N"
    assert events(ev, "target")[0].params == {**events(ev, "target")[0].params, "who": 1,
                                               "why": "lowest_hp"}


def test_bodyguard_only_in_the_hunted_heroes_area_and_the_bot_uses_it() -> None:
    # spec §14.1, the barbarian: "he may take an attack aimed at another hero in his area even
    # from a Target: x enemy" (the scenario file bodyguard.yaml plays the whole turn)
    st = mission()
    st.heroes[0].area, st.heroes[0].hp = "N", 5  # the barbarian, elsewhere
    st.heroes[1].area, st.heroes[1].hp = "S", 2
    uid = put(st, "forest_stalker", "E")
    st.rig = {"defence": [True, True, True]}
    ev = strike(st, uid)
    assert not st.flow.stack  # nobody may step in: the target is fixed
    assert events(ev, "target")[0].params == {**events(ev, "target")[0].params, "who": 1,
                                              "why": "lowest_hp"}
    st = mission()
    st.heroes[0].area, st.heroes[0].hp, st.heroes[0].armor = "S", 5, 1
    st.heroes[1].area, st.heroes[1].hp = "S", 2
    uid = put(st, "forest_stalker", "E")
    st.rig = {"defence": [False, False, False]}
    strike(st, uid)
    assert st.flow.top.kind == "take"
    assert sorted(a["who"] for a in RULES.legal_actions(st)) == [0, 1]
    assert RULES.view(st, 0)["strike"]["aimed"] == [1]
    # the hero bot protects the weak hero: the sturdy barbarian takes it
    from engine.rules.coop_campaign.bots import CoopBot

    choice = CoopBot().choose(RULES, st, st.flow.top.seat)
    assert choice["who"] == 0
    ev = RULES.apply(st, choice)
    assert events(ev, "target")[0].params["why"] == "bodyguard"
    assert st.heroes[1].hp == 2 and st.heroes[0].hp == 3  # 3 strength: 1 armour, 2 damage
    # a barbarian who is himself the weakest is simply the target
    st = mission()
    st.heroes[0].area, st.heroes[0].hp = "S", 1
    st.heroes[1].area, st.heroes[1].hp = "S", 4
    uid = put(st, "forest_stalker", "E")
    st.rig = {"defence": [True, True, True]}
    ev = strike(st, uid)
    assert not st.flow.stack and events(ev, "target")[0].params["who"] == 0


def test_a_plain_strike_with_nothing_in_reach_and_a_brace_at_full_armour_are_refused() -> None:
    """A standard action that would do nothing but cost mana is not offered; the refusal
    names why (a player clicked Plain strike with no enemy in the area and lost 2 mana)."""
    st = mission()
    h = st.heroes[0]
    h.mana = 5
    assert not any(st.columns[h.area])
    assert not [a for a in legal(st, "standard") if a["action"] == "basic"]
    with pytest.raises(IllegalAction) as exc:
        act(st, "standard", action="basic", picks=[None])
    assert exc.value.rule == "coop.rule.no_target" and h.mana == 5
    h.armor = T.armor_cap(h)
    with pytest.raises(IllegalAction) as exc:
        act(st, "standard", action="brace", picks=[None])
    assert exc.value.rule == "coop.rule.armor_full"
    uid = put(st, "orc_raider", h.area)
    assert [a for a in legal(st, "standard") if a["action"] == "basic"][0]["picks"][0][1] == \
        ((uid, 0),)
