"""Items, loot and carrying capacity, level-up scrolls (seed 001, 5.1; spec T-07)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.deck import Deck
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from tests.coop_campaign.helpers import RULES, act, events, legal, mission, put


def _wizard_example(barbarian_items: int):
    st = mission(heroes="barbarian,wizard")
    wiz, barb = st.heroes[1], st.heroes[0]
    wiz.items = ["etched_staff.h2", "healing_draught.1", "amulet_protection.1"]
    for c in ("healing_draught.1", "amulet_protection.1"):
        for d in st.loot.values():
            if c in d.draw_pile.cards:
                d.draw_pile.remove(c)
    extra = ["mana_tonic.1", "whetstone.1"][:barbarian_items - 1]
    for c in extra:
        st.loot["grey"].draw_pile.remove(c)
    barb.items = ["greatblade.h1", *extra]
    barb.area, wiz.area = "N", "S"  # a pick-up works across areas
    gold = st.loot["gold"]
    gold.draw_pile.remove("boots.1")
    gold.put_top(["boots.1"])
    return st


def test_t07_wizard_drops_the_amulet_and_the_barbarian_takes_it() -> None:
    st = _wizard_example(barbarian_items=2)
    assert E.give_loot(st, [], 1, "gold")
    assert st.flow.top.kind == "drop"
    assert len(legal(st, "drop")) == 4  # one of four, the boots included
    act(st, "drop", item="amulet_protection.1")
    assert st.flow.top.kind == "offer" and st.flow.top.data == (0,)
    act(st, "accept")
    assert "amulet_protection.1" in st.heroes[0].items and len(st.heroes[0].items) == 3
    assert st.heroes[1].items == ["etched_staff.h2", "healing_draught.1", "boots.1"]


def test_t07_a_full_barbarian_must_drop_in_turn_and_no_taker_discards() -> None:
    st = _wizard_example(barbarian_items=3)
    E.give_loot(st, [], 1, "gold")
    act(st, "drop", item="amulet_protection.1")
    act(st, "accept")
    assert st.flow.top.kind == "drop" and st.flow.top.data == (0,)  # the cascade
    st2 = _wizard_example(barbarian_items=2)
    E.give_loot(st2, [], 1, "gold")
    act(st2, "drop", item="amulet_protection.1")
    ev = act(st2, "decline")
    assert events(ev, "discard_item")
    assert "amulet_protection.1" in st2.loot["gold"].discard_pile.cards


def test_level_scroll_flips_a_tile_and_raises_the_level() -> None:
    st = mission()
    h = st.heroes[0]
    st.loot["gold"].draw_pile.remove("level_scroll.1")
    h.items.append("level_scroll.1")
    uses = [a for a in legal(st, "use") if a["item"] == "level_scroll.1"]
    assert {a["picks"][0] for a in uses} == set(h.river)
    act(st, "use", item="level_scroll.1", picks=["barb_smite"])
    assert h.flipped == ["barb_smite"] and T.level(h) == 2 and T.mana_max(h) == 6
    assert "level_scroll.1" in st.loot["gold"].discard_pile.cards  # a usable is discarded
    assert T.side(h, "barb_smite").name["en"].endswith("+")


def test_active_items_work_once_per_tile_and_quick_items_in_the_window() -> None:
    st = mission()
    h = st.heroes[0]
    st.loot["grey"].draw_pile.remove("lucky_coin.1")
    h.items.append("lucky_coin.1")
    h.river = ["barb_slash", "barb_smite", "barb_taunt", "barb_disengage", "barb_axe",
               "barb_leap"]
    h.mana = 3
    assert not [a for a in legal(st, "use") if a["item"] == "lucky_coin.1"]  # quick only
    gob = put(st, "goblin_cutthroat", "S")
    st.rig = {"attack": ["L", "L", "S"]}
    act(st, "play", tile="barb_slash", picks=[("greatblade.h1", ((gob, 0),))])
    assert st.flow.top.kind == "reroll"
    act(st, "quick", item="lucky_coin.1")
    assert "lucky_coin.1" in h.exhausted and st.attack["rerolls"] == 1
    ev = act(st, "reroll", die=0)
    assert events(ev, "damage")[0].params["damage"] == 1


def test_the_amulet_prevents_damage_after_the_defence_roll() -> None:
    st = mission()
    h = st.heroes[0]
    st.heroes[1].area = "N"
    st.loot["gold"].draw_pile.remove("amulet_protection.1")
    h.items.append("amulet_protection.1")
    uid = put(st, "bramble_beast", "S")  # attack 3
    st.rig = {"defence": [False, False, False]}
    from tests.coop_campaign.helpers import strike

    strike(st, uid)
    assert st.flow.top.kind == "defend"
    ev = act(st, "quick", item="amulet_protection.1")
    assert events(ev, "hit")[0].params["damage"] == 1 and h.hp == 4


def test_loot_goes_to_the_hero_who_struck_last() -> None:
    st = mission()
    grey = st.loot["grey"].draw_pile.cards
    st.loot["grey"] = Deck(["hand_axe.1", *[c for c in grey if c != "hand_axe.1"]])
    st.rig = {"attack": ["S"]}
    uid = put(st, "goblin_shaman", "S")  # 1 grey loot
    st.enemy(uid).damage = [2]
    ev: list = []
    E.begin_attack(st, ev, 0, "greatblade.h1", [(uid, 0)],
                   {"dice": 0, "swords": 0, "pierce": False, "rerolls": 0, "aoe": 1,
                    "isolated_swords": 0, "isolated_pierce": False, "fixed_dice": 1,
                    "lightning": "none", "stun": "none", "prismatic": False, "basic": False},
                   "melee", "fire", "")
    E.run_tile_effects(RULES, st, ev)
    assert "hand_axe.1" in st.heroes[0].items


def _win_from_the_last_round(st) -> list:
    """Plays the last tracker field's round with every hero ending at once; returns events."""
    st.round = len(C.tile(st.tile).tracker) - 1
    st.stage = "start"
    st.active = -1
    st.rig = {"defence": [True] * 40}
    ev: list = []
    E.pump(RULES, st, ev)
    while not RULES.is_over(st):
        ev += RULES.apply(st, RULES.legal_actions(st)[0] if st.flow.top is not None
                          else Action("end"))
    return ev


def test_active_items_turn_back_when_the_tile_is_completed() -> None:
    st = mission()
    h = st.heroes[0]
    st.loot["grey"].draw_pile.remove("lucky_coin.1")
    h.items.append("lucky_coin.1")
    h.exhausted.append("lucky_coin.1")
    ev = _win_from_the_last_round(st)
    assert st.result == "won" and h.exhausted == []
    refresh = events(ev, "refresh")
    assert refresh and refresh[0].params["items"] == ["lucky_coin.1"]


def test_the_plate_vest_starts_each_tile_with_one_armour() -> None:
    config = GameConfig.for_players(1)
    st = RULES.start_mission(config, 4, carried=[["greatblade.h1", "plate_vest.1"],
                                                 ["etched_staff.h2"]])
    assert st.round == 1 and st.heroes[0].armor == 1 and st.heroes[1].armor == 0
    assert "plate_vest.1" not in st.loot["gold"].draw_pile.cards  # no card in two places
    assert RULES.new_game(config, 4).heroes[0].armor == 0


def test_loot_after_a_won_tile_asks_no_drop_the_camp_sorts_it() -> None:
    # seed 001, 5.1: items are traded freely between tiles, so a find after the tile is won
    # (a boss's last reward, the tile's rewards) asks nothing; the camp sorts every find at once
    st = _wizard_example(barbarian_items=3)
    st.stage = "rewards"
    ev: list = []
    assert not E.give_loot(st, ev, 1, "gold")
    assert st.flow.top is None and len(st.heroes[1].items) == 4 > T.carry(st.heroes[1])
    assert events(ev, "loot") and not events(ev, "drop")
    # during the tile the same find asks the drop at once
    st2 = _wizard_example(barbarian_items=3)
    assert E.give_loot(st2, [], 1, "gold") and st2.flow.top.kind == "drop"


def test_a_boss_falls_over_full_packs_and_the_rewards_ask_no_drop() -> None:
    from engine.rules.coop_campaign import boss as B

    st = mission(heroes="barbarian,wizard", players=2, tile="warcamp")
    for h in st.heroes:  # both packs full before the rewards
        while len(h.items) < T.carry(h):
            card = st.loot["grey"].draw_pile.cards[0]
            st.loot["grey"].draw_pile.remove(card)
            h.items.append(card)
    ev: list = []
    B.victory(st, ev)
    E.pump(RULES, st, ev)
    asked = []
    while not RULES.is_over(st):
        asked.append(st.flow.top.kind)
        ev += RULES.apply(st, RULES.legal_actions(st)[0])
    assert asked == ["choose"]  # the relic (the party's choice), then no drop and no offer
    assert st.result == "won" and not events(ev, "drop")
    token = st.token - 1 if st.token else len(st.heroes) - 1  # the token passed at the end
    assert len(st.heroes[token].items) == T.carry(st.heroes[token]) + 2  # relic and scroll


def test_a_find_of_two_cards_is_drawn_whole_before_any_drop() -> None:
    # an attack that defeats two enemies gives the striker two cards at once: both are drawn
    # (and can be read) before the wizard chooses what to drop; she is asked once per card over
    st = _wizard_example(barbarian_items=3)
    st.loot["gold"].draw_pile.remove("level_scroll.1")
    st.loot["gold"].put_top(["level_scroll.1"])  # above the boots: the scroll comes first
    st.tfx = [["@loot", "gold", 1], ["@loot", "gold", 1]]
    ev: list = []
    E.run_tile_effects(RULES, st, ev)
    wiz = st.heroes[1]
    assert len(events(ev, "loot")) == 2 and "level_scroll.1" in wiz.items
    assert "boots.1" in wiz.items and len(wiz.items) == 5
    assert st.flow.top.kind == "drop" and st.flow.top.data == (1,)
    act(st, "drop", item="healing_draught.1")
    act(st, "decline")  # the barbarian is full too
    assert st.flow.top.kind == "drop" and st.flow.top.data == (1,)  # one more over
    act(st, "drop", item="amulet_protection.1")
    act(st, "decline")
    assert st.flow.top is None and len(wiz.items) == T.carry(wiz)
    assert "level_scroll.1" in wiz.items  # the scroll, seen before the choice, was kept
