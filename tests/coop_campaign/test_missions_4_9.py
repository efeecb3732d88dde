"""Mission tiles 4A, 4B, 5, 6, 8 and 9 (spec §14.7; docs/coop_campaign/rules.md, "Missions
4–9"): each tile's signature mechanic with exact numbers, the ashen theme, the campaign-only
card, the new tile effects, and seeded bot missions on every new tile with 2, 3 and 4 heroes."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.actions import Action
from engine.core.deck import Deck
from engine.core.errors import IllegalAction
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.options import target_runs
from tests.coop_campaign.helpers import RULES, act, events, legal, mission, put, strike
from tests.coop_campaign.test_missions import check_invariants

NEW_TILES = ("chapel", "kings_road", "lanterns", "ossuary", "fields", "keep_walls")


def next_round(st) -> list:
    """Ends the current round at once and plays the next round's start up to the first
    activation (or a decision); returns the events."""
    st.stage = "start"
    st.active = -1
    st.order = []
    ev: list = []
    E.pump(RULES, st, ev)
    return ev


def rig(st, rank: str, order: list[str]) -> None:
    """Puts free copies of the enemy ids on top of a deck, the first on top."""
    deck = st.decks[rank]
    cards = list(deck.draw_pile.cards) + list(deck.discard_pile.cards)
    top = []
    for eid in order:
        top.append(next(c for c in cards if C.card_def(c) == eid and c not in top))
    st.decks[rank] = Deck(top + [c for c in cards if c not in top])


def ids(st, area: str) -> list[str]:
    return [C.card_def(st.enemy(u).card) for u in st.columns[area]]


# --- 4A: the drowned chapel ----------------------------------------------------------------------
def test_chapel_the_hermit_heals_the_sanctuary_each_round_until_his_flags_fill() -> None:
    st = mission(tile="chapel")
    a, b = st.heroes
    a.area, b.area = "S", "E"
    a.hp = b.hp = 2
    ev = next_round(st)
    assert st.round == 2 and a.hp == 3 and b.hp == 2
    assert [(e.params["hero"], e.params["amount"]) for e in events(ev, "heal")] == [(0, 1)]
    next_round(st)
    assert a.hp == 4
    st.flags["S"] = 2
    u = put(st, "skeleton", "S")
    ev = strike(st, u)  # the third cube: the hermit is slain
    assert events(ev, "flags_full") and st.flags["S"] == 3
    next_round(st)
    assert a.hp == 4  # no more healing


def test_chapel_wading_into_the_flooded_crypt_costs_a_mana() -> None:
    st = mission(tile="chapel")
    h = st.heroes[0]
    h.mana = 3
    ev = act(st, "standard", action="leap", picks=["N"])  # leap 2, then 1 lost in the water
    assert h.area == "N" and h.mana == 0
    assert [e.params["amount"] for e in events(ev, "drain")] == [1]
    st.active = 1
    g = st.heroes[1]
    g.mana = 2
    ev = act(st, "standard", action="leap", picks=["N"])  # nothing left to lose
    assert g.mana == 0 and not events(ev, "drain")


# --- 4B: the old crown road ----------------------------------------------------------------------
def test_kings_road_blue_fields_march_every_enemy_one_area_clockwise_at_once() -> None:
    st = mission(tile="kings_road")
    a = put(st, "goblin_cutthroat", "N")
    b, c = put(st, "orc_raider", "E"), put(st, "thorn_wolf", "E")
    d = put(st, "goblin_archer", "W")
    st.round = 2  # the third field is blue; it spawns in the south first (S: blade or claw)
    rig(st, "minion", ["goblin_cutthroat"])
    ev = next_round(st)
    s = next(e.params["uid"] for e in events(ev, "spawn"))
    assert st.columns == {"N": [d], "E": [a], "S": [b, c], "W": [s]}
    assert len(events(ev, "enemy_moves")) == 5
    assert all(st.enemy(u).area == area for area, col in st.columns.items() for u in col)
    next_round(st)  # the fourth field is plain: nobody marches
    assert st.enemy(d).area == "N" and st.enemy(s).area == "W"


def test_kings_road_the_crossroads_flags_bring_two_elites() -> None:
    st = mission(tile="kings_road")
    u = put(st, "goblin_cutthroat", "N")
    st.flags["N"] = 1
    ev = strike(st, u)
    assert st.flags["N"] == 2 and events(ev, "flags_full")
    new = [w for w in st.columns["N"] if w != u]
    assert len(new) == 2 and all(T.edef(st.enemy(w)).rank == "elite" for w in new)


# --- 5: the lanternyard ---------------------------------------------------------------------------
def test_lanterns_a_snuffed_lantern_gives_every_enemy_there_stealth() -> None:
    st = mission(tile="lanterns")
    u = put(st, "skeleton", "E")
    w = put(st, "bone_archer", "N")
    st.flags["E"] = 1
    ev = strike(st, u)
    assert st.area_keywords == {"E": ["stealth"]}
    assert [e.params["keyword"] for e in events(ev, "area_keyword")] == ["stealth"]
    e = st.enemy(u)
    assert "stealth" in T.keywords(st, e) and T.has_keyword(st, e, "stealth")
    assert not T.targetable(st, e, "S") and T.targetable(st, e, "E")
    ranged = {t[0][0] for t in target_runs(st, "S", True, 1, "water")}
    assert u not in ranged and w in ranged  # the bell tower's lantern still burns
    later = put(st, "ghoul", "E")  # a card arriving later is hidden too
    assert not T.targetable(st, st.enemy(later), "S")
    E.move_enemy(st, e, "N")  # a card leaving the row loses it
    assert T.targetable(st, e, "S") and "stealth" not in RULES.view(st, 0)["areas"]["N"][0][
        "keywords"]
    assert RULES.view(st, 0)["area_keywords"] == {"E": ["stealth"]}


def test_lanterns_round_six_a_hero_at_the_bell_tower_may_ring_the_bell() -> None:
    st = mission(tile="lanterns")
    st.heroes[0].area = "N"
    st.round = 5
    next_round(st)
    assert st.flow.top is not None and st.flow.top.kind == "choose"
    assert [a["option"] for a in legal(st, "choose")] == [0, 1]
    assert RULES.view(st, 0)["choice"][0] == {"en": "Ring the bell", "de": "Die Glocke läuten"}
    act(st, "choose", option=0)
    assert "bell_rung" in st.boxes
    assert ids(st, "N") and all(T.edef(st.enemy(u)).rank == "elite" for u in st.columns["N"])
    assert len(st.columns["N"]) == 1  # the field itself spawns nothing at the tower

    silent = mission(tile="lanterns")
    silent.heroes[0].area = "N"
    silent.round = 5
    next_round(silent)
    act(silent, "choose", option=1)
    assert silent.boxes == [] and silent.columns["N"] == []

    nobody = mission(tile="lanterns")  # both heroes at the gate: no choice, no bell
    nobody.round = 5
    next_round(nobody)
    assert nobody.flow.top is None and nobody.boxes == [] and nobody.active >= 0


# --- 6: the charnel gate --------------------------------------------------------------------------
def test_ossuary_round_four_the_spared_trapper_shoots_a_zone_of_the_partys_choice() -> None:
    alone = mission(tile="ossuary")  # played on its own: no box, nothing happens
    alone.round = 3
    ev = next_round(alone)
    assert alone.flow.top is None and not events(ev, "shot")

    st = mission(tile="ossuary")
    st.boxes = ["spared_trapper"]
    warden = put(st, "grave_knight", "N")
    bones = put(st, "skeleton", "E")
    st.round = 3  # the fourth field: the gatehouse's elite dot brings the other warden
    next_round(st)
    top = st.flow.top
    assert top is not None and top.kind == "choose"
    targets = [tuple(t) for t in top.data[1]]
    assert (warden, 1) in targets and (warden, 0) not in targets  # past the armour, not on it
    assert (bones, 0) in targets
    assert len(RULES.view(st, 0)["choice"]) == len(targets)
    k = targets.index((warden, 1))
    ev = act(st, "choose", option=k)
    assert st.enemy(warden).damage == [0, 3]
    assert [e.params["amount"] for e in events(ev, "shot")] == [3]
    assert not events(ev, "loot")


def test_ossuary_the_last_gate_flag_loses_the_mission_at_once() -> None:
    st = mission(tile="ossuary")
    u = put(st, "skeleton", "E")
    st.flags["E"] = 2
    strike(st, u)
    assert st.result == "lost" and st.reason == "tile"


# --- 8: the cinder fields -------------------------------------------------------------------------
def test_fields_a_coloured_field_burns_the_heroes_of_its_area() -> None:
    st = mission(tile="fields")
    a, b = st.heroes
    a.area, b.area = "N", "W"
    st.rig = {"defence": [False]}
    ev = next_round(st)  # the second field is blue: the charred rows flare up (attack 1)
    assert st.round == 2 and a.hp == 4 and b.hp == 5
    hits = events(ev, "hit")
    assert [(e.params["hero"], e.params["strength"], e.params["damage"], e.params["why"])
            for e in hits] == [(0, 1, 1, "tile")]
    a.armor = 1
    st.round = 3  # the fourth field is pink: the barn (2), nobody there
    next_round(st)
    assert a.hp == 4 and a.armor == 1


def test_fields_the_granary_flags_seal_the_granary() -> None:
    st = mission(tile="fields")
    u = put(st, "cinder_imp", "S")
    st.flags["S"] = 1
    strike(st, u)
    assert st.blocked == ["S"]
    st.heroes[0].mana = 2
    leaps = {a["picks"][0] for a in legal(st, "standard") if a["action"] == "leap"}
    assert leaps == {"N", "E"}


# --- 9: the ashen ramparts ------------------------------------------------------------------------
def test_keep_walls_the_ballista_shoots_past_armour_at_the_breach() -> None:
    st = mission(tile="keep_walls")
    h = st.heroes[0]
    h.area, h.mana = "W", 3
    brute = put(st, "magma_brute", "N")
    imp = put(st, "cinder_imp", "N")
    put(st, "flame_archer", "E")
    shots = [a for a in legal(st, "standard") if a["action"] == "ballista"]
    assert {a["picks"][0] for a in shots} == {(brute, 1), (imp, 0)}
    action = next(a for a in shots if a["picks"][0] == (brute, 1))
    p = RULES.annotate(st, 0, [action])[0]
    assert p.cost[0].total == 2
    assert p.detail["shots"] == [{"uid": brute, "card": st.enemy(brute).card, "zone": 1,
                                  "damage": 3, "track": 3, "boxes": 4, "knockout": False,
                                  "defeats": False}]
    assert p.breakdowns[0].total == 3
    ev = act(st, "standard", action="ballista", picks=[(brute, 1)])
    assert st.enemy(brute).damage == [0, 3] and h.mana == 1
    assert events(ev, "shot") and events(ev, "standard")[0].params["cost"] == 2
    assert not [a for a in legal(st, "standard") if a["action"] == "ballista"]  # 1 mana left
    h.mana = 2
    p = RULES.annotate(st, 0, [Action.make("standard", action="ballista",
                                           picks=[(brute, 1)])])[0]
    assert p.detail["shots"][0]["defeats"] and p.detail["shots"][0]["damage"] == 1
    ev = act(st, "standard", action="ballista", picks=[(brute, 1)])  # 1 of 3 lands
    assert brute not in st.columns["N"] and events(ev, "defeated")
    assert [e.params["deck"] for e in events(ev, "loot")] == ["grey"]  # the brute's reward


def test_keep_walls_the_ballista_needs_the_tower_and_respects_guard_and_stealth() -> None:
    st = mission(tile="keep_walls")
    h = st.heroes[0]
    h.mana = 5
    imp = put(st, "cinder_imp", "N")
    assert not [a for a in legal(st, "standard") if a["action"] == "ballista"]  # h is in S
    before = RULES.state_hash(st)
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(st, Action.make("standard", action="ballista", picks=[(imp, 0)]))
    assert exc.value.rule == "coop.rule.no_standard" and RULES.state_hash(st) == before
    h.area = "W"
    put(st, "smoke_assassin", "N")  # Stealth: not from the tower
    warden = put(st, "brand_warden", "N")  # Guard: only together with it
    picks = {a["picks"][0] for a in legal(st, "standard") if a["action"] == "ballista"}
    assert picks == {(warden, 0)}
    assert any(s["action"] == "ballista" and s["area"] == "W"
               for s in RULES.view(st, 0)["heroes"][0]["standard"])


def test_keep_walls_boiling_pitch_lets_the_party_pick_a_zone_at_the_breach() -> None:
    st = mission(tile="keep_walls")
    imp = put(st, "cinder_imp", "N")
    hound = put(st, "hellhound", "N")
    put(st, "flame_archer", "E")
    st.round = 3  # the fourth field is blue; it spawns a minion at the breach first
    rig(st, "minion", ["brand_warden"])
    ev = next_round(st)
    new = next(e.params["uid"] for e in events(ev, "spawn"))
    targets = [tuple(t) for t in st.flow.top.data[1]]
    assert targets == [(imp, 0), (hound, 0), (new, 0)]  # the breach only; Guard binds heroes
    act(st, "choose", option=1)
    assert st.enemy(hound).damage == [2]


def test_keep_walls_the_fourth_breach_flag_loses_the_mission() -> None:
    st = mission(tile="keep_walls")
    u = put(st, "cinder_imp", "N")
    st.flags["N"] = 3
    strike(st, u)
    assert st.result == "lost" and st.reason == "tile"


def test_a_tile_event_shot_with_one_possible_zone_needs_no_choice() -> None:
    st = mission(tile="keep_walls")
    imp = put(st, "cinder_imp", "N")
    put(st, "flame_archer", "E")
    st.tfx = [["areas", 0, "crosses", 0, "effects", 0]]  # the boiling pitch
    ev: list = []
    E.run_tile_effects(RULES, st, ev)
    assert st.flow.top is None and st.enemy(imp).damage == [2] and events(ev, "shot")


# --- rewards, scrolls, the theme, the campaign card ----------------------------------------------
def test_the_lanternyard_rewards_each_hero_a_scroll_of_its_own() -> None:
    st = mission(tile="lanterns")
    gold = st.loot["gold"].draw_count()
    for h in st.heroes:
        h.hp = 2
    st.round = 7
    st.rig = {"defence": [True] * 30}
    next_round(st)
    while not RULES.is_over(st):
        act(st, "end") if st.flow.top is None else RULES.apply(st, RULES.legal_actions(st)[0])
    assert st.result == "won"
    assert [h.items[-1] for h in st.heroes] == ["level_scroll.lanterns-h1",
                                                "level_scroll.lanterns-h2"]
    assert st.loot["gold"].draw_count() == gold and all(h.hp == 4 for h in st.heroes)
    # spent later, a reward scroll leaves the game: it never joins the gold deck
    st2 = mission(tile="bridge")
    h = st2.heroes[0]
    h.items.append("level_scroll.lanterns-h1")
    act(st2, "use", item="level_scroll.lanterns-h1", picks=[h.river[0]])
    assert "level_scroll.lanterns-h1" not in st2.loot["gold"].discard_pile.cards
    assert T.level(h) == 2


def test_the_ashen_theme_and_the_campaign_only_raider() -> None:
    st = mission(tile="fields")
    assert st.theme == "ashen"
    minions = Counter(C.card_def(c) for c in st.decks["minion"].draw_pile.cards
                      + st.decks["minion"].discard_pile.cards)
    elites = Counter(C.card_def(c) for c in st.decks["elite"].draw_pile.cards
                     + st.decks["elite"].discard_pile.cards)
    assert sum(minions.values()) == 10 and sum(elites.values()) == 6
    assert len(minions) + len(elites) == 9
    forest = mission()
    cards = forest.decks["minion"].draw_pile.cards + forest.decks["minion"].discard_pile.cards
    assert len(cards) == 10 and not any(c.startswith("vengeful_raider") for c in cards)
    raider = C.enemy("vengeful_raider")
    assert (raider.theme, raider.rank, raider.attack, raider.keywords) == (
        "forest", "minion", 2, ("gang", "hunter"))
    assert raider.campaign_only


def test_if_box_resolves_its_branch_by_the_checkbox() -> None:
    st = mission(tile="ossuary")
    path = ["areas", 2, "crosses", 0, "effects", 0]
    assert E.tile_effect(st, path).type == "if_box"
    put(st, "skeleton", "N")
    st.tfx = [path]
    E.run_tile_effects(RULES, st, [])
    assert st.tfx == [] and st.flow.top is None  # no box: the (empty) otherwise branch
    st.boxes = ["spared_trapper"]
    st.tfx = [path]
    ev: list = []
    E.run_tile_effects(RULES, st, ev)
    assert events(ev, "shot")  # one zone only: shot at once


# --- seeded bot missions ----------------------------------------------------------------------
def _play(players: int, seed: int, tile: str, hard: bool) -> object:
    st = RULES.new_game(GameConfig.for_players(players, tile=tile, hard=hard), seed)
    from engine.ai.base import make_bot, seat_seed

    bots = [make_bot("heuristic", "coop_campaign", seed=seat_seed(seed, s))
            for s in range(players)]
    steps = 0
    while not RULES.is_over(st):
        check_invariants(st)
        seat = RULES.current_actor(st)
        RULES.apply(st, bots[seat].choose(RULES, st, seat))
        steps += 1
        assert steps < 5000
    check_invariants(st)
    return st


@pytest.mark.parametrize("tile", NEW_TILES)
def test_seeded_bot_missions_on_every_new_tile_end_without_illegal_state(tile: str) -> None:
    for players in (2, 3, 4):
        for seed in range(2):
            st = _play(players, seed, tile, seed == 1)
            assert st.result in ("won", "lost")
            if st.result == "lost" and st.reason == "tile":
                assert tile in ("ossuary", "keep_walls")  # only their flags lose the tile


def test_a_pending_shot_choice_survives_a_save_and_an_undo_point() -> None:
    st = mission(tile="ossuary")
    st.boxes = ["spared_trapper"]
    put(st, "skeleton", "N")
    put(st, "ghoul", "E")
    st.round = 3
    next_round(st)
    assert st.flow.top.kind == "choose"
    back = RULES.state_from_dict(RULES.state_to_dict(st))
    assert RULES.state_hash(back) == RULES.state_hash(st)
    assert RULES.legal_actions(back) == RULES.legal_actions(st)
    assert RULES.view(back, 0)["choice"] == RULES.view(st, 0)["choice"]
    copy = RULES.clone(st)
    act(copy, "choose", option=0)
    assert st.flow.top.kind == "choose"  # the clone's answer left the original alone
