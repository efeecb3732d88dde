"""Every monster trait and battle mechanic of seed 000, with literal set-ups."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.hashing import canonical_json
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.deckbuilder import RULES
from engine.rules.deckbuilder.setup import decode, encode
from tests.deckbuilder.helpers import act, scenario

HALL = ["sky_griffin", "sky_griffin", "sky_griffin"]


def _fight(hand: list[str], monster: str, rank: int = 1, equip: tuple = (), **extra) -> dict:
    hall = list(HALL)
    hall[rank - 1] = monster
    st = scenario({"hall": hall, "players": [{"hand": hand}, {}], **extra})
    act(st, "dungeon()")
    for h, w in equip:
        act(st, f"equip(hero={h}, weapon={w})")
    return {p["rank"]: p for p in RULES.view(st, 0)["preview"]}[rank]


def test_immune_to_magic_zeroes_magic_but_keeps_light() -> None:
    # seed 000, "Merkmale": Schwarze Wut, immune to magic attacks
    f = _fight(["fire_orb", "ash_raider", "ration", "ration", "ration", "ration"], "black_rage")
    assert f["magic"] == 0 and f["physical"] == 3 and f["light_penalty"] == 0


def test_half_magic_rounds_down() -> None:
    f = _fight(["fire_orb", "torch", "ration", "ration", "ration", "ration"], "mirror_ooze")
    assert f["magic"] == 1  # 3 // 2


def test_only_magic_counts_and_needs_magic() -> None:
    f = _fight(["ash_raider", "fire_orb", "torch", "ration", "ration", "ration"], "pale_phantom")
    assert f["physical"] == 0 and f["magic"] == 3
    f = _fight(["ash_slayer", "ash_slayer", "torch", "torch", "ration", "ration"], "grave_lich")
    assert f["attack"] >= 9 and not f["win"]  # enough attack, but no magic in it


def test_half_unless_blunt() -> None:
    f = _fight(["ash_slayer", "ash_raider", "torch", "ration", "ration", "ration"],
               "bone_colossus")
    assert f["attack"] == 4  # (5 + 3) // 2, light 1 - 1 = 0
    f = _fight(["ash_slayer", "war_maul", "torch", "ration", "ration", "ration"],
               "bone_colossus", equip=((0, 1),))
    assert f["attack"] == 5 + 3 + 3  # blunt weapon present: full attack, +3 versus undead


def test_immune_edged_and_unarmed() -> None:
    f = _fight(["anvil_fighter", "short_sword", "torch", "ration", "ration", "ration"],
               "iron_golem", equip=((0, 1),))
    assert f["physical"] == 2  # the sword and the dwarf's edged bonus count 0
    f = _fight(["ash_raider", "ash_raider", "hand_axe", "torch", "ration", "ration"],
               "clay_golem", equip=((0, 2),))
    assert f["physical"] == 3 + 3  # the unarmed raider adds nothing


def test_unarmed_and_weak_heroes_cannot_attack() -> None:
    f = _fight(["ash_raider", "militia", "hand_axe", "torch", "ration", "ration"],
               "dread_champion", equip=((0, 2),))
    assert f["attackers"] == [0] and f["stopped"] == [1]
    f = _fight(["militia", "militia", "torch", "ration", "ration", "ration"], "hill_troll")
    assert not f["attackable"] and f["reason"] == "deckbuilder.why.party_stopped"


def test_fixed_light_and_darkness() -> None:
    f = _fight(["glowstone", "ash_raider", "ration", "ration", "ration", "ration"],
               "gloom_ooze")
    assert f["light_penalty"] == 2  # rank 1 + 1 darkness; light cannot reduce it


def test_cannot_attack_if_spell_used() -> None:
    st = scenario({"hall": ["spellbane_wolf", "sky_griffin", "sky_griffin"],
                   "players": [{"hand": ["exile", "ash_raider", "torch", "war_chant", "ration",
                                         "ration"], "deck": ["torch"] * 6}, {}],
                   "dungeon": ["sky_griffin"] * 4})
    act(st, "dungeon()")
    f = {p["rank"]: p for p in RULES.view(st, 0)["preview"]}[1]
    assert f["attackable"] and f["physical"] == 3  # the war chant's bonus is forgone
    act(st, "use(card=0, ability=0, target=3)")  # the exile spell is used
    act(st, "destroy(card=4)")
    assert 1 not in RULES.attackable_ranks(st)


def test_stun_strongest_hero_and_own_restriction() -> None:
    # seed 000: archer cannot attack at rank 1; the haunt stops one of the others
    f = _fight(["anvil_guard", "veil_bowman", "militia", "torch", "ration", "ration"],
               "wailing_haunt")
    assert sorted(f["stopped"]) == [0, 1] and f["attackers"] == [2]


def test_doubling_includes_diseases_not_light() -> None:
    f = _fight(["glass_oracle", "fire_orb", "disease", "ration", "ration", "ration"],
               "sky_griffin", rank=2)
    # magic (2 + 3 - 1 disease) * 2 = 8; light 2 - 2 = 0
    assert f["magic"] == 8 and f["attack"] == 8


def test_weaken_destroys_hero_at_zero_strength_online_rule() -> None:
    st = scenario({"hall": ["revenant", "sky_griffin", "sky_griffin"],
                   "players": [{"hand": ["militia", "torch", "ration", "ration", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")
    assert "militia" in st.trash
    st = scenario({"hall": ["revenant", "sky_griffin", "sky_griffin"],
                   "variants": {"strength": "printed"},
                   "players": [{"hand": ["militia", "torch", "ration", "ration", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")
    assert "militia" not in st.trash


def test_battle_destroy_choice_and_fight_until_end() -> None:
    st = scenario({"hall": ["dread_reaper", "sky_griffin", "sky_griffin"],
                   "players": [{"hand": ["ash_khan", "ash_slayer", "torch", "torch", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    f = {p["rank"]: p for p in RULES.view(st, 0)["preview"]}[1]
    assert f["win"]  # both heroes fight although one will be destroyed
    act(st, "attack(rank=1)")
    assert st.phase == "destroy"
    act(st, "destroy(card=1)")
    assert "ash_slayer" in st.trash and st.current == 1
    assert "dread_reaper" in st.players[0].discard + st.players[0].deck + st.players[0].hand


def test_trophy_gives_bonus_but_no_battle_effect() -> None:
    f = _fight(["vorrak_the_vast", "militia", "torch", "ration", "ration", "ration"],
               "sky_griffin")
    assert f["physical"] == 2  # trophy +1, militia +1; its "destroy a militia" never applies


def test_loss_sends_monster_under_unless_defeat_only() -> None:
    st = scenario({"hall": ["granite_golem", "sky_griffin", "sky_griffin"],
                   "players": [{"hand": ["militia", "torch", "ration", "ration", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")
    assert st.hall[0] == "granite_golem"
    st = scenario({"hall": ["sky_griffin", "tormented_one", "plague_herald"],
                   "dungeon": ["sky_griffin"] * 3,
                   "players": [{"hand": ["militia", "torch", "ration", "ration", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")
    assert st.dungeon[0] == "sky_griffin" and st.hall == ["tormented_one", "plague_herald",
                                                          "sky_griffin"]


def test_breach_triggers_once_on_reaching_rank_one() -> None:
    st = scenario({"hall": ["sky_griffin", "plague_herald", "sky_griffin"],
                   "dungeon": ["sky_griffin"] * 3,
                   "players": [{"hand": ["militia"] * 6}, {"hand": ["militia"] * 6}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")  # lost: the griffin goes under, the herald moves to rank 1
    assert st.hall[0] == "plague_herald"
    assert all(p.discard.count("disease") == 1 for p in st.players)
    act(st, "village()")
    act(st, "end_turn()")
    assert all(p.discard.count("disease") <= 1 for p in st.players)


def test_spoils_after_win() -> None:
    st = scenario({"hall": ["snagtooth_goblin", "sky_griffin", "sky_griffin"],
                   "players": [{"hand": ["ash_raider", "ash_raider", "torch", "torch", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")
    assert st.phase == "spoils"
    piles = [a.get("card") for a in RULES.legal_actions(st) if a.kind == "spoil"]
    assert "short_sword" in piles and "dagger" in piles and "torch" not in piles
    act(st, "spoil(card='short_sword')")
    assert "short_sword" in st.players[0].discard + st.players[0].deck + st.players[0].hand


def test_thunderstone_taken_and_tie_rule() -> None:
    st = scenario({"hall": ["snagtooth_goblin", "thunderstone", "sky_griffin"],
                   "dungeon": ["sky_griffin"],
                   "players": [{"hand": ["ash_raider", "ash_raider", "torch", "torch", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")
    act(st, "end_spoils()")
    assert RULES.is_over(st) and st.holder == 0
    out = RULES.outcome(st)
    assert out is not None and out.winners == (0,)


def test_stone_reaching_rank_one_after_a_loss_is_taken_by_nobody() -> None:
    st = scenario({"hall": ["sky_griffin", "thunderstone", "sky_griffin"],
                   "dungeon": ["sky_griffin"],
                   "players": [{"hand": ["militia"] * 6}, {"hand": ["militia"] * 6}]})
    act(st, "dungeon()")
    act(st, "attack(rank=1)")
    assert RULES.is_over(st) and st.holder == -1
    out = RULES.outcome(st)
    assert out is not None and out.winners == (0, 1)  # equal points, nobody holds the stone


def test_rejected_action_leaves_state_identical() -> None:
    st = scenario({"players": [{"hand": ["militia"] * 6}, {}]})
    act(st, "village()")
    before = canonical_json(RULES.state_to_dict(st))
    with pytest.raises(IllegalAction) as err:
        act(st, "buy(card='fire_orb')")
    assert err.value.rule == "deckbuilder.rule.not_enough_gold"
    with pytest.raises(IllegalAction) as err:
        act(st, "attack(rank=1)")
    assert err.value.rule == "deckbuilder.rule.wrong_phase"
    assert canonical_json(RULES.state_to_dict(st)) == before


def test_weapon_too_heavy_is_named() -> None:
    st = scenario({"players": [{"hand": ["militia", "ember_blade", "torch", "ration", "ration",
                                         "ration"]}, {}]})
    act(st, "dungeon()")
    with pytest.raises(IllegalAction) as err:
        act(st, "equip(hero=0, weapon=1)")
    assert err.value.rule == "deckbuilder.rule.weapon_too_heavy"
    act(st, "use(card=3, ability=0, target=0)")  # ration: strength 2 + 2 = 4 < 5
    act(st, "use(card=4, ability=0, target=0)")  # another: 6 >= 5
    act(st, "equip(hero=0, weapon=1)")


def test_deck_counters_x_of_y() -> None:
    st = RULES.new_game(GameConfig.for_players(2), 3)
    v0 = RULES.view(st, 0)
    own = {c["card"]: (c["x"], c["y"]) for c in v0["players"][0]["counters"]}
    other = {c["card"]: (c["x"], c["y"]) for c in v0["players"][1]["counters"]}
    assert own["militia"][1] == 6 and sum(x for x, _ in own.values()) == 6  # deck only
    assert other["militia"] == (6, 6)  # another player's deck plus hand
    assert "hand_cards" in v0["players"][0] and "hand_cards" not in v0["players"][1]


def test_setup_code_round_trip_and_smart_randomizer() -> None:
    st = RULES.new_game(GameConfig.for_players(3, setup="smart"), 11)
    code = st.setup["code"]
    again = RULES.new_game(GameConfig.for_players(3, setup="code", setup_code=code), 5)
    assert again.setup["groups"] == st.setup["groups"]
    assert again.setup["village"] == st.setup["village"]
    from engine.rules.deckbuilder.cards import table

    t = table()
    assert decode(t, encode(t, *decode(t, code))) == decode(t, code)
    for seed in range(30):
        s = RULES.new_game(GameConfig.for_players(2, setup="smart"), seed)
        buyable = [t.cards[v] for v in s.setup["village"]] + \
            [t.cards[t.class_levels[h][1]] for h in s.setup["heroes"]]
        assert any(c.light for c in buyable) and any(c.magic for c in buyable)


def test_determinize_keeps_stone_in_bottom_and_view() -> None:
    st = RULES.new_game(GameConfig.for_players(2), 8)
    d = RULES.determinize(st, 0, Rng(4))
    assert sorted(d.dungeon) == sorted(st.dungeon)
    assert d.dungeon.index("thunderstone") <= 10
    assert canonical_json(RULES.view(d, 0)) == canonical_json(RULES.view(st, 0))
