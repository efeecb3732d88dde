"""The fields of the mission view a table reads (docs/coop_campaign/view.md): what a rolled attack
does as the dice lie, the order of the enemy turn, the whole tracker, the pending decision and a
tile choice's labels, an enemy's attack terms."""

from __future__ import annotations

from engine.rules.coop_campaign import content as C
from tests.coop_campaign.helpers import RULES, act, events, mission, play, put, river


def test_a_rolled_attack_shows_what_it_does_before_the_keep() -> None:
    st = mission()
    river(st, 0, ["barb_axe", "barb_smite", "barb_taunt", "barb_disengage", "barb_slash",
                  "barb_leap"])
    st.heroes[0].mana = 3
    orc = put(st, "orc_raider", "N")
    st.rig = {"attack": ["S", "S", "SC"]}
    play(st, "barb_axe", ("greatblade.h1", ((orc, 0),)))
    v = RULES.view(st, 0)
    assert v["pending"] == "reroll"
    outcome = v["attack"]["outcome"]
    assert [(o["uid"], o["zone"]) for o in outcome] == [(orc, 0)]
    ev = act(st, "keep")
    assert outcome[0]["damage"] == events(ev, "damage")[0].params["damage"]
    assert outcome[0]["empowered"] == events(ev, "damage")[0].params["empowered"]


def test_the_enemy_order_is_the_order_they_act_in() -> None:
    st = mission()
    for eid, area in (("orc_raider", "N"), ("goblin_cutthroat", "W"),
                      ("goblin_archer", "S"), ("thorn_wolf", "E"), ("orc_raider", "S")):
        put(st, eid, area)
    order = RULES.view(st, 0)["enemy_order"]
    assert sorted(order) == sorted(e.uid for e in st.living())
    acted: list[int] = []
    for _ in range(200):
        if st.flow.phase == "over" or st.round > 1:
            break
        legal = RULES.legal_actions(st)
        action = next((a for a in legal if a.kind == "end"), legal[0])
        for e in RULES.apply(st, action):
            if e.key == "coop.ev.enemy_activates":
                acted.append(e.params["uid"])
            if e.key == "coop.ev.round":
                break
    assert acted and acted == [u for u in order if u in acted]


def test_the_whole_tracker_and_its_dots_for_the_hero_count() -> None:
    st = mission()
    v = RULES.view(st, 0)
    tile = C.tile(st.tile)
    assert len(v["track"]) == len(tile.tracker) == v["rounds"]
    first = v["track"][0]["dots"]
    assert [(d["dir"], d["active"]) for d in first] == [("W", True), ("N", False)]


def test_a_tile_choice_names_its_options() -> None:
    st = mission(tile="glade")
    st.round = 4  # the next field is the green one with the trapper's choice
    st.stage = "start"
    st.active = -1
    st.order = []
    st.flow.phase = "auto"
    from engine.rules.coop_campaign import engine as E

    E.pump(RULES, st, [])
    v = RULES.view(st, 0)
    assert v["pending"] == "choose"
    labels = [o["en"] for o in v["choice"]]
    assert labels == ["Spare the trapper", "Take his hoard"]


def test_an_enemy_shows_the_parts_of_its_attack() -> None:
    st = mission()
    put(st, "goblin_cutthroat", "N")
    put(st, "goblin_cutthroat", "N")
    v = RULES.view(st, 0)
    first = v["areas"]["N"][0]
    assert first["attack_terms"] == [["printed", 1], ["gang", 1]]
    assert first["attack"] == 2 and first["activated"] is False
