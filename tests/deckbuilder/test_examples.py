"""The seed's worked examples (seed 000) replayed with their numbers."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rules.deckbuilder import RULES
from tests.deckbuilder.helpers import act, scenario


def test_village_visit_example() -> None:
    # seed 000, "Beispiel eines Dorfbesuchs" (Susanne)
    st = scenario({
        "players": [
            {"hand": ["innkeeper", "watchman", "gutter_thief", "unbound_horror", "militia",
                      "war_chant"],
             "deck": ["disease", "ash_slayer", "drillmaster", "torch", "dagger", "militia"],
             "discard": [], "xp": 3},
            {},
        ],
        "piles": {"ashland_raider": 12},
    })
    act(st, "village()")
    act(st, "use(card=1, ability=0)")  # watchman: reveal 2 (disease, slayer)
    assert st.play[6:] == ["disease", "ash_slayer"]
    act(st, "use(card=1, ability=1)")  # destroy the watchman: reveal 3
    assert st.play[1] is None and st.play[8:] == ["drillmaster", "torch", "dagger"]
    act(st, "use(card=0, ability=0)")  # innkeeper: one more purchase
    act(st, "use(card=8, ability=0, pay=4)")  # drillmaster: destroy the militia for 2 XP
    assert st.players[0].xp == 5
    act(st, "use(card=8, ability=1)")  # destroy the drillmaster: 2 gold
    assert RULES.gold_total(st) == 9  # thief 2 + horror 1 + torch 2 + dagger 1 + innkeeper 1 + 2
    bd = RULES.gold_breakdown(st)
    assert bd.total == 9 and sum(t.value for t in bd.terms) == 9
    with pytest.raises(IllegalAction) as err:
        act(st, "buy(card='short_sword')")  # 6 ...
        act(st, "buy(card='exile')")  # ... + 4 > 9
    assert err.value.rule == "deckbuilder.rule.not_enough_gold"


def test_village_visit_example_full() -> None:
    st = scenario({
        "players": [
            {"hand": ["innkeeper", "watchman", "gutter_thief", "unbound_horror", "militia",
                      "war_chant"],
             "deck": ["disease", "ash_slayer", "drillmaster", "torch", "dagger", "militia"],
             "discard": [], "xp": 3},
            {},
        ],
        "piles": {"ashland_raider": 12},
    })
    for a in ("village()", "use(card=1, ability=0)", "use(card=1, ability=1)",
              "use(card=0, ability=0)", "use(card=8, ability=0, pay=4)",
              "use(card=8, ability=1)", "use(card=0, ability=1)"):
        act(st, a)
    assert RULES.gold_total(st) == 10  # the innkeeper's 1 gold is lost, its 2 gained
    act(st, "buy(card='short_sword')")
    act(st, "buy(card='exile')")
    with pytest.raises(IllegalAction):
        act(st, "use(card=5, ability=0)")  # effects come before buying
    act(st, "level(card=2, to='gutter_rogue')")  # 2 XP
    act(st, "level(card=7, to='ashland_raider')")  # 3 XP
    p = st.players[0]
    assert p.xp == 0
    for c in ("short_sword", "exile", "gutter_rogue_2", "ash_khan"):
        assert c in p.discard
    assert sorted(st.trash) == sorted(["watchman", "militia", "drillmaster", "innkeeper",
                                       "gutter_thief", "ash_slayer"])
    act(st, "end_turn()")
    # the last militia, then the reshuffled discard pile (seed 000, "Dein Kommandodeck")
    assert st.current == 1 and p.hand[0] == "militia" and len(p.hand) == 6


def _bernd():
    # seed 000, "Beispiel eines Kampfes im Dungeon" (Bernd)
    return scenario({
        "players": [
            {"hand": ["disease", "exile", "vesper_priest", "ration", "oath_squire_1", "halberd"],
             "deck": ["militia", "disease", "short_sword", "war_chant", "torch", "torch"],
             "discard": []},
            {},
        ],
        "hall": ["twilight_hound", "tormented_one", "vorrak_the_vast"],
        "dungeon": ["dark_envoy", "sky_griffin", "thunderstone"],
    })


def _prepare_bernd():
    st = _bernd()
    act(st, "dungeon()")
    act(st, "use(card=2, ability=0)")  # the priest draws a militia
    act(st, "use(card=2, ability=1, pay=0)")  # REPEAT: destroy a disease, draw: another disease
    assert st.play[7] == "disease"
    act(st, "use(card=2, ability=1, pay=7)")  # again: the short sword
    assert st.play[8] == "short_sword"
    assert st.diseases_out == 0
    # no light: the hound cannot be attacked
    assert 1 not in RULES.attackable_ranks(st)
    act(st, "use(card=1, ability=0, target=1)")  # banish the hound
    assert st.hall == ["tormented_one", "vorrak_the_vast", "dark_envoy"]
    assert st.dungeon[0] == "twilight_hound"
    act(st, "destroy(card=6)")  # the militia is destroyed ...
    assert st.play[9] == "war_chant"  # ... and a card revealed
    return st


def test_dungeon_example_tormented_option() -> None:
    st = _prepare_bernd()
    act(st, "use(card=3, ability=0, target=2)")  # ration: the priest gets strength +2
    act(st, "equip(hero=2, weapon=8)")
    act(st, "equip(hero=4, weapon=5)")
    prev = {p["rank"]: p for p in RULES.view(st, 0)["preview"]}
    # 2 magic + 4 sword + 2 squire + 2 halberd + 2 chant = 12, light -2 -> 10
    assert prev[1]["attack"] == 10 and prev[1]["light_penalty"] == 1 and prev[1]["win"]
    terms = prev[1]["breakdown"]["terms"]
    assert sum(t["value"] for t in terms) == 10


def test_dungeon_example_giant_dragon() -> None:
    st = _prepare_bernd()
    act(st, "use(card=3, ability=0, target=4)")  # ration: the squire gets strength 8
    act(st, "equip(hero=2, weapon=8)")
    act(st, "equip(hero=4, weapon=5)")
    prev = {p["rank"]: p for p in RULES.view(st, 0)["preview"]}
    # 2 magic + 4 sword + 2 squire + 6 halberd + 2 chant = 16, light -4 -> 12 >= 9
    assert prev[2]["attack"] == 12 and prev[2]["light_penalty"] == 2 and prev[2]["win"]
    assert prev[2]["physical"] == 14 and prev[2]["magic"] == 2
    # against the tormented one (strength -2) the halberd gives only +2 and the sword is lost
    assert prev[1]["attack"] == 2 + 2 + 2 + 2 - 2
    events = act(st, "attack(rank=2)")
    win = [e for e in events if e.key == "deckbuilder.ev.win"]
    assert win and win[0].breakdowns[0].total == 12
    p = st.players[0]
    assert p.xp == 2 and "vorrak_the_vast" in p.discard + p.deck + p.hand
    assert st.hall[:2] == ["tormented_one", "dark_envoy"]  # the envoy moves to rank 2
    assert st.current == 1  # turn over: no militia, so the dragon destroyed nothing


def test_rest_example() -> None:
    # seed 000, "Beispiel einer Erholung" (Philipp)
    st = scenario({"players": [
        {"hand": ["disease", "militia", "militia", "dagger", "drillmaster", "riddle_sphinx"],
         "deck": ["torch"] * 6, "discard": []}, {}]})
    before = st.diseases_out
    act(st, "rest()")
    assert len(RULES.legal_actions(st)) == 6  # 5 distinct cards or none
    act(st, "destroy(card=0)")
    p = st.players[0]
    assert st.diseases_out == before - 1 and "disease" not in st.trash
    assert sorted(p.discard) == sorted(["militia", "militia", "dagger", "drillmaster",
                                        "riddle_sphinx"])
    assert p.hand == ["torch"] * 6 and st.current == 1


def test_light_penalty_example() -> None:
    # seed 000, "Beispiel: Lichtabzüge"
    hall = ["nightmare_rider", "sky_griffin", "twilight_hound"]
    st = scenario({"hall": hall, "players": [{"hand": ["ration"] * 6}, {}]})
    act(st, "dungeon()")
    prev = {p["rank"]: p for p in RULES.view(st, 0)["preview"]}
    assert [prev[r]["light_penalty"] for r in (1, 2, 3)] == [3, 2, 4]
    assert not prev[3]["attackable"]
    st = scenario({"hall": hall, "players": [
        {"hand": ["fire_orb", "torch", "ration", "ration", "ration", "ration"]}, {}]})
    act(st, "dungeon()")
    prev = {p["rank"]: p for p in RULES.view(st, 0)["preview"]}
    assert prev[1]["light_penalty"] == 1 and prev[1]["attack"] == 1
    assert prev[2]["light_penalty"] == 0 and prev[2]["attack"] == 3
    assert prev[2]["health"] - prev[2]["attack"] == 4  # "nur noch einen Angriffsbonus von 4"
    assert not prev[3]["attackable"] and prev[3]["reason"] == "deckbuilder.why.too_dark"
    assert RULES.attackable_ranks(st) == [1, 2]


def test_level_up_example() -> None:
    # seed 000, "Das Hochstufen von Helden" (Marie)
    st = scenario({"players": [
        {"hand": ["moonwood_adept", "militia", "militia", "torch", "dagger", "ration"],
         "xp": 2}, {}]})
    act(st, "village()")
    pile = list(st.piles["moonwood_elf"])
    act(st, "level(card=0, to='moonwood_elf')")
    p = st.players[0]
    assert p.xp == 0 and "moonwood_sorcerer" in p.discard and "moonwood_adept" in st.trash
    assert len(st.piles["moonwood_elf"]) == len(pile) - 1
    assert st.piles["moonwood_elf"][-1] == "moonwood_adept"  # taken from inside the pile
    with pytest.raises(IllegalAction) as err:
        act(st, "level(card=1, to='moonwood_elf')")  # militia costs 3
    assert err.value.rule == "deckbuilder.rule.not_enough_xp"


def test_militia_levels_to_any_level_one_hero() -> None:
    st = scenario({"players": [
        {"hand": ["militia", "torch", "torch", "torch", "dagger", "ration"], "xp": 3}, {}]})
    act(st, "village()")
    tos = sorted(a.get("to") for a in RULES.legal_actions(st) if a.kind == "level")
    assert tos == sorted(["anvil_dwarf", "moonwood_elf", "gutter_rogue", "vesper_cleric"])
    act(st, "level(card=0, to='anvil_dwarf')")
    assert "anvil_guard" in st.players[0].discard and st.players[0].xp == 0


def test_no_level_when_next_level_is_gone() -> None:
    st = scenario({"players": [
        {"hand": ["moonwood_adept", "torch", "torch", "torch", "dagger", "ration"], "xp": 9},
        {}], "piles": {"moonwood_elf": 6}})  # only the six level-1 cards remain
    act(st, "village()")
    assert not [a for a in RULES.legal_actions(st) if a.kind == "level"]
    with pytest.raises(IllegalAction) as err:
        act(st, "level(card=0, to='moonwood_elf')")
    assert err.value.rule == "deckbuilder.rule.level_pile_empty"


def test_purchase_example() -> None:
    # seed 000, "Die Dorfkarten" (Erik buys the flaming sword for 5)
    st = scenario({"players": [
        {"hand": ["torch", "dagger", "ration", "snagtooth_goblin", "militia", "militia"]}, {}]})
    act(st, "village()")
    assert RULES.gold_total(st) == 6
    act(st, "buy(card='ember_blade')")
    assert "ember_blade" in st.players[0].discard
    with pytest.raises(IllegalAction) as err:
        act(st, "buy(card='militia')")
    assert err.value.rule == "deckbuilder.rule.no_buys_left"


def test_disease_choice_example() -> None:
    # seed 000, "Angriff und magischer Angriff": dwarf fighter with a flaming sword: 6 and 3
    st = scenario({"hall": ["sky_griffin", "sky_griffin", "sky_griffin"], "players": [
        {"hand": ["anvil_fighter", "ember_blade", "disease", "ration", "ration", "ration"]},
        {}]})
    act(st, "dungeon()")
    act(st, "equip(hero=0, weapon=1)")
    f = {p["rank"]: p for p in RULES.view(st, 0)["preview"]}[1]
    assert f["physical"] + f["magic"] == 8  # 6 + 3 - 1
    act(st, "attack(rank=1)")
    assert st.phase == "split"
    legal = RULES.legal_actions(st)
    assert [a.get("magic") for a in legal] == [0, 1]  # the player chooses after the target


def test_disease_printed_rule_is_chosen_before_the_target() -> None:
    st = scenario({"hall": ["sky_griffin"] * 3, "variants": {"disease": "printed"},
                   "players": [{"hand": ["anvil_fighter", "ember_blade", "disease", "ration",
                                         "ration", "ration"]}, {}]})
    act(st, "dungeon()")
    act(st, "equip(hero=0, weapon=1)")
    act(st, "diseases(magic=1)")
    act(st, "attack(rank=1)")
    assert st.phase != "split" and st.current == 1
