"""Bosses (seed 001, 6 "Bossfights"; spec §8, §14.4, §16.4): T-25 and on. The boss card by hero
count, the AI deck's draw, discard and reshuffle, a stun cancelling a draw, victory when the boss
falls and defeat when it outlives the tracker, the checkbox interplay of tiles 3, 7 and 10, the
relic choice, what the AI cards do, and whole seeded bot missions on the three boss tiles."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.ai.base import make_bot, seat_seed
from engine.core.actions import Action
from engine.core.errors import MalformedAction
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import boss as B
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import engine as E
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.effects import BOSS_EFFECTS, TILE_EFFECTS
from tests.coop_campaign.helpers import RULES, act, events, legal, mission, put, strike
from tests.coop_campaign.test_missions import _cards, check_invariants

BOSS_TILES = ("warcamp", "abbey", "queen")


def boss(st):
    """Returns the boss card on the tile."""
    e = B.boss_enemy(st)
    assert e is not None
    return e


def ai_order(st, *cards: str) -> None:
    """Puts the named AI cards (content ids, one free copy each) on top of the AI deck."""
    deck = st.decks[B.AI]
    for cid in reversed(cards):
        card = next(c for c in deck.draw_pile.cards + deck.discard_pile.cards
                    if C.card_def(c) == cid)
        deck.destroy(card)
        deck.put_top([card])


def run(st, uid: int) -> list:
    """Activates one enemy (helpers.strike) and answers every decision with its first option."""
    ev = strike(st, uid)
    while st.flow.top is not None:
        ev += RULES.apply(st, RULES.legal_actions(st)[0])
    return ev


def settle(st) -> list:
    """Plays a won tile's rewards to the end: over capacity a hero drops anything but a tile's
    reward card (a relic, a scroll), and nobody takes a dropped item; returns the events."""
    ev: list = []
    while not RULES.is_over(st):
        top = st.flow.top
        legal_now = RULES.legal_actions(st)
        if top is not None and top.kind == "drop":
            ev += RULES.apply(st, next(a for a in legal_now if E.is_deck_card(a["item"])
                                       or a["item"].endswith((".h1", ".h2", ".h3", ".h4"))))
        elif top is not None and top.kind == "offer":
            ev += RULES.apply(st, Action("decline"))
        else:
            ev += RULES.apply(st, legal_now[0])
    return ev


def finish_round(st) -> None:
    """Ends every hero's activation and answers decisions with their first option."""
    start = st.round
    while not RULES.is_over(st) and st.round == start:
        if st.flow.top is not None:
            RULES.apply(st, RULES.legal_actions(st)[0])
        else:
            act(st, "end")


# --- T-25: the stat card by hero count ------------------------------------------------------------
@pytest.mark.parametrize(("heroes", "players", "card", "body"), [
    ("barbarian,wizard", 1, "warlord_2", 7),
    ("barbarian,wizard", 2, "warlord_2", 7),
    ("barbarian,wizard,assassin", 3, "warlord_3", 10),
    ("barbarian,wizard,assassin,huntress", 4, "warlord_4", 15),
])
def test_t25_the_boss_card_is_chosen_by_the_number_of_heroes(heroes, players, card, body) -> None:
    st = mission(heroes, players=players, tile="warcamp")
    e = boss(st)
    assert C.card_def(e.card) == card and e.area == "N" and st.columns["N"][0] == e.uid
    assert T.edef(e).zones[2].boxes == body and T.edef(e).rank == "boss"
    view = RULES.view(st, 0)["boss"]
    assert view["stat_card"] == card and view["heroes"] == max(2, len(heroes.split(",")))
    assert view["zones"][2] == {"boxes": body, "damage": 0, "out": False, "final": "skull"}
    assert view["deck"] == 8 and view["last"] is None


def test_every_boss_has_three_stat_cards_eight_ai_cards_and_two_relics() -> None:
    for b in C.all_of("boss"):
        cards = [C.enemy(c) for c in b.cards]
        assert all(c.rank == "boss" for c in cards)
        # the stat cards differ in their tracks and attack, which grow with the heroes
        for z in range(len(cards[0].zones)):
            assert cards[0].zones[z].boxes <= cards[1].zones[z].boxes <= cards[2].zones[z].boxes
        assert cards[0].attack <= cards[1].attack <= cards[2].attack
        assert len({(c.keywords, c.family, c.star, c.leader, c.name["en"]) for c in cards}) == 1
        assert sum(C.boss_card(x).copies for x in b.deck) == 8
        assert all(C.item(r).deck == "purple" for r in b.relics)
        for x in b.deck:
            for spec in C.boss_card(x).effects:
                assert spec.type in BOSS_EFFECTS, (x, spec.type)
    for t in C.all_of("tile"):
        if t.boss is not None:
            assert all(e.type in TILE_EFFECTS for e in t.boss.setup)
            assert all(e.type in TILE_EFFECTS for z in t.boss.zone_out for e in z.effects)


def test_the_boss_never_enters_a_theme_deck() -> None:
    st = mission(tile="warcamp")
    cards = [c for d in st.decks.values() for c in d.draw_pile.cards + d.discard_pile.cards]
    assert not any(C.card_def(c).startswith("warlord_") and "." in c
                   and C.content().has("enemy", C.card_def(c)) for c in cards)


# --- T-26: the AI deck ---------------------------------------------------------------------------
def test_t26_each_activation_draws_the_top_card_resolves_and_discards_it() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    ai_order(st, "warlord_rally", "warlord_call")
    e.damage = [2, 0, 2]
    e.log = [[2, 2], [0, 2]]
    ev = strike(st, e.uid)
    drawn = events(ev, "ai_card")
    assert [C.card_def(x.params["ai"]) for x in drawn] == ["warlord_rally"]
    assert e.damage == [0, 0, 1]  # heal 3, the newest damage first
    deck = st.decks[B.AI]
    assert [C.card_def(c) for c in deck.discard_pile.cards] == ["warlord_rally"]
    assert deck.draw_count() == 7 and st.boss["last"] == drawn[0].params["ai"]
    ev = strike(st, e.uid)
    assert C.card_def(events(ev, "ai_card")[0].params["ai"]) == "warlord_call"
    assert deck.discard_count() == 2 and deck.draw_count() == 6


def test_t26_an_empty_ai_deck_reshuffles_its_discard() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    deck = st.decks[B.AI]
    for h in st.heroes:
        h.area = "S"
    cards = deck.draw_pile.clear()
    deck.discard(cards)
    ev = run(st, e.uid)
    assert events(ev, "ai_reshuffle")
    assert len(events(ev, "ai_card")) == 1
    assert deck.draw_count() + deck.discard_count() == 8


def test_t26_the_boss_never_plunders() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    E.move_enemy(st, e, "E")  # the war drums have free flags
    ai_order(st, "warlord_call")
    ev = strike(st, e.uid)
    assert not events(ev, "plunder") and st.flags.get("E", 0) == 0


# --- T-27: a stun cancels one draw -------------------------------------------------------------------
def test_t27_a_stun_cancels_one_draw() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    e.stunned = True
    ev = strike(st, e.uid)
    assert events(ev, "unstun") and not events(ev, "ai_card")
    assert not e.stunned and st.decks[B.AI].draw_count() == 8


def test_t27_with_twinstrike_the_stun_cancels_only_the_first_draw() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    e.star = True  # the arm is knocked out: +1 attack, Twinstrike
    ai_order(st, "warlord_call", "warlord_rally")
    assert len(events(strike(st, e.uid), "ai_card")) == 2
    e.stunned = True
    ev = strike(st, e.uid)
    assert events(ev, "unstun") and len(events(ev, "ai_card")) == 1


# --- T-28: victory when the boss falls ---------------------------------------------------------------
def _almost_dead(st, zone: int = 2) -> None:
    e = boss(st)
    zones = T.edef(e).zones
    e.damage = [z.boxes for z in zones]
    e.damage[zone] -= 1


def _strike_boss(st, hero: int = 0):
    """Hero ``hero`` hits the boss's body with a rigged sure roll (a plain strike)."""
    e = boss(st)
    st.heroes[hero].area = e.area
    st.heroes[hero].mana = 5
    st.rig = {"attack": ["SC", "SC", "SC"]}
    weapon = st.heroes[hero].items[0]
    return act(st, "standard", action="basic", picks=[(weapon, ((e.uid, 2),))])


def test_t28_defeating_the_boss_wins_the_tile_at_once() -> None:
    st = mission(tile="warcamp")
    _almost_dead(st)
    assert st.round == 1 and st.active == 0
    ev = _strike_boss(st)
    assert events(ev, "boss_defeated") and B.boss_enemy(st) is None
    # nobody else acts: the rewards begin with the party's relic choice
    assert st.flow.top is not None and st.flow.top.kind == "choose"
    assert st.round == 1 and st.order == [] and st.active == -1
    act(st, "choose", option=0)
    while not RULES.is_over(st):
        RULES.apply(st, RULES.legal_actions(st)[0])
    assert st.result == "won" and st.reason == "boss_defeated"
    assert RULES.outcome(st).winners == (0,)


def test_t28_knocking_out_a_zone_without_its_skull_does_not_win() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    e.damage[0] = T.edef(e).zones[0].boxes - 1
    st.heroes[0].area = "N"
    st.heroes[0].mana = 5
    st.rig = {"attack": ["SC", "SC"]}
    act(st, "standard", action="basic", picks=[(st.heroes[0].items[0], ((e.uid, 0),))])
    assert T.knocked_out(e, 0) and B.boss_enemy(st) is e and st.result is None


def test_the_preview_says_the_attack_can_win_the_tile() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    _almost_dead(st)
    st.heroes[0].area = "N"
    st.heroes[0].mana = 5
    a = next(x for x in legal(st, "standard") if x["action"] == "basic"
             and x["picks"][0][1][0][0] == e.uid)
    p = RULES.annotate(st, 0, [a])[0]
    row = p.detail["attacks"][0]["targets"][0]
    assert row["boss"] is True and row["wins"] is True
    assert any(m.key == "coop.pv.boss_win" for m in p.consequences)


# --- T-29: the boss alive after the final round loses ----------------------------------------------
def test_t29_the_boss_alive_at_the_end_of_the_final_round_loses_the_tile() -> None:
    st = mission(tile="warcamp")
    st.round = len(C.tile("warcamp").tracker) - 1
    st.stage = "start"
    st.active = -1
    st.rig = {"defence": [True] * 60}
    E.pump(RULES, st, [])
    finish_round(st)
    assert st.result == "lost" and st.reason == "boss_alive"
    assert RULES.outcome(st).winners == ()


# --- T-30: the checkboxes ---------------------------------------------------------------------------
def test_t30_banner_taken_when_the_warlord_falls_by_round_six() -> None:
    for rnd, ticked in ((6, True), (7, False)):
        st = mission(tile="warcamp")
        st.round = rnd
        _almost_dead(st)
        _strike_boss(st)
        act(st, "choose", option=0)
        while not RULES.is_over(st):
            RULES.apply(st, RULES.legal_actions(st)[0])
        assert ("banner_taken" in st.boxes) is ticked, rnd


def test_t30_a_rung_bell_wounds_the_abbot_and_silences_its_card() -> None:
    quiet = mission(tile="abbey")
    assert boss(quiet).damage == [0, 0, 0]
    st = mission(tile="abbey", boxes="bell_rung")
    e = boss(st)
    assert e.damage == [0, 0, 3] and "bell_rung" in st.boxes
    ai_order(st, "abbot_bell", "abbot_dirge")
    gnawer = put(st, "ghoul", "S")
    st.enemy(gnawer).damage = [2]
    st.enemy(gnawer).log = [[0, 2]]
    for h in st.heroes:
        h.mana = 3
    ev = strike(st, e.uid)
    assert [C.card_def(x.params["ai"]) for x in events(ev, "ai_card")] == ["abbot_bell",
                                                                           "abbot_dirge"]
    assert events(ev, "ai_redraw") and st.enemy(gnawer).damage == [2]  # no healing
    assert all(h.mana == 2 for h in st.heroes)  # the dirge resolved instead
    # without the note the bell heals every other skeleton and undead by 2
    ai_order(quiet, "abbot_bell")
    gnawer = put(quiet, "ghoul", "S")
    quiet.enemy(gnawer).damage = [3]
    quiet.enemy(gnawer).log = [[0, 3]]
    ev = strike(quiet, boss(quiet).uid)
    assert quiet.enemy(gnawer).damage == [1] and not events(ev, "ai_redraw")


def test_t30_knocking_out_the_phylactery_scatters_the_ashes_and_ends_lifesteal() -> None:
    st = mission(tile="abbey")
    e = boss(st)
    e.damage = [T.edef(e).zones[0].boxes, 2, 0]  # the bone ward is down
    assert "lifesteal" in T.keywords(st, e)
    h = st.heroes[1]  # the wizard: the phylactery is sealed, fire only
    h.area = "N"
    h.mana = 5
    h.river = ["wiz_firebolt", "wiz_ward", "wiz_roots", "wiz_blink", "wiz_lance", "wiz_nova"]
    st.active = 1
    st.order = []
    assert T.core(h) == "fire"
    fire = next(x for x in legal(st, "play") if x["tile"] == "wiz_firebolt"
                and x["picks"][0][1] == ((e.uid, 1),))
    st.rig = {"attack": ["SC", "SC", "SC"]}
    ev = RULES.apply(st, fire)
    assert T.knocked_out(e, 1) and "ashes_scattered" in st.boxes
    assert events(ev, "box")[0].params["box"] == "ashes_scattered"
    assert "lifesteal" not in T.keywords(st, e) and not T.has_keyword(st, e, "lifesteal")
    assert RULES.view(st, 0)["boss"]["lost_keywords"] == ["lifesteal"]


def test_t30_scattered_ashes_take_the_rite_out_of_the_queens_deck() -> None:
    plain = mission(tile="queen")
    assert plain.decks[B.AI].draw_count() == 8
    st = mission(tile="queen", boxes="ashes_scattered")
    deck = st.decks[B.AI]
    assert deck.draw_count() == 7
    assert not any(C.card_def(c) == "queen_rite" for c in deck.draw_pile.cards)
    assert st.boss["removed"] == ["queen_rite.1"]


def test_a_bad_checkbox_option_is_refused_clearly() -> None:
    with pytest.raises(MalformedAction, match="checkbox"):
        RULES.new_game(GameConfig.for_players(2, tile="abbey", boxes="Bell Rung"), 1)


# --- T-31: the rewards: a relic for the party, a scroll and a gold card each -------------------------
def test_t31_the_party_chooses_one_of_the_two_relics() -> None:
    st = mission(tile="abbey")
    _almost_dead(st)
    _strike_boss(st)
    top = st.flow.top
    assert top is not None and top.kind == "choose"
    labels = RULES.view(st, 0)["choice"]
    assert [x["en"] for x in labels] == ["Take the Hollow Censer", "Take the Bone Lantern"]
    # the view tells the table who receives the relic: the start player's hero
    notes = RULES.view(st, 0)["choice_notes"]
    assert [n["items"] for n in notes] == [["abbot_censer"], ["abbot_lantern"]]
    assert all(n["token"] for n in notes)
    ev = act(st, "choose", option=1)
    ev += settle(st)
    token = st.heroes[st.token]
    assert any(C.card_def(c) == "abbot_lantern" for c in token.items)
    assert not any(C.card_def(c) == "abbot_censer" for h in st.heroes for c in h.items)
    for i, h in enumerate(st.heroes):
        assert f"level_scroll.abbey-h{i + 1}" in h.items  # a card of its own, not the deck's
        found = [x.params["deck"] for x in events(ev, "loot") if x.params["hero"] == i]
        assert found.count("gold") == 1, found


def test_a_reward_scroll_levels_up_and_leaves_the_game() -> None:
    st = mission(tile="abbey")
    h = st.heroes[0]
    h.items.append("level_scroll.abbey-h1")
    use = next(a for a in legal(st, "use") if a["item"] == "level_scroll.abbey-h1")
    RULES.apply(st, use)
    assert T.level(h) == 2 and "level_scroll.abbey-h1" not in h.items
    assert "level_scroll.abbey-h1" not in _cards(st)
    assert st.loot["gold"].count() == 14  # the gold deck keeps its own three scrolls


def test_the_relics_work() -> None:
    st = mission(tile="warcamp")
    gob = put(st, "goblin_cutthroat", "S")
    st.enemy(gob).damage = [3]
    h = st.heroes[0]
    h.items = ["abbot_censer.warcamp-h1", "greatblade.h1"]
    h.hp = 2
    h.mana = 5
    st.rig = {"attack": ["SC", "SC"]}
    act(st, "standard", action="basic", picks=[("greatblade.h1", ((gob, 0),))])
    assert h.hp == 3  # the censer: a zone knocked out heals 1
    # the horn: every hero in the area recovers 1
    h.items = ["warlord_horn.warcamp-h1", "greatblade.h1"]
    st.heroes[1].area = h.area
    st.heroes[1].mana = 0
    h.mana = 1
    act(st, "use", item="warlord_horn.warcamp-h1", picks=[None])
    assert h.mana == 2 and st.heroes[1].mana == 1


# --- what the AI cards do ---------------------------------------------------------------------------
def test_cleave_with_nobody_near_charges_the_biggest_group() -> None:
    st = mission("barbarian,wizard,assassin", tile="warcamp")
    e = boss(st)
    st.heroes[0].area, st.heroes[1].area, st.heroes[2].area = "W", "W", "E"
    ai_order(st, "warlord_cleave")
    st.rig = {"defence": [False] * 10}
    ev = run(st, e.uid)
    assert e.area == "W" and events(ev, "enemy_moves")
    assert len(events(ev, "hit")) == 1  # the fallback is a plain strike, not an area attack


def test_charge_stays_when_its_own_area_has_the_most_heroes_and_tosses_for_a_tie() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    st.heroes[0].area, st.heroes[1].area = "E", "W"
    ai_order(st, "warlord_charge")
    st.rig = {"coin": [False], "defence": [True] * 10}
    ev = strike(st, e.uid)
    assert events(ev, "coin")[0].params["why"] == "move"
    assert e.area == "W"  # counter-clockwise from N


def test_stomp_hits_everyone_in_the_area_and_drains_mana() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    for h in st.heroes:
        h.area = "N"
        h.mana = 3
    ai_order(st, "warlord_stomp")
    st.rig = {"defence": [False] * 10}
    ev = run(st, e.uid)
    hits = events(ev, "hit")
    assert hits and all(x.params["strength"] == 2 for x in hits)
    assert all(h.mana == 2 for h in st.heroes)


def test_the_roar_pulls_a_hero_then_strikes() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    st.heroes[0].area, st.heroes[1].area = "E", "S"
    ai_order(st, "warlord_roar")
    st.rig = {"coin": [True], "defence": [True] * 10}
    ev = strike(st, e.uid)
    assert events(ev, "pulled")[0].params["hero"] == 0 and st.heroes[0].area == "N"
    assert events(ev, "hit")[0].params["hero"] == 0


def test_raise_the_dead_summons_two_skeletons_right_below_the_abbot() -> None:
    st = mission(tile="abbey")
    e = boss(st)
    other = put(st, "ghoul", "N")
    ai_order(st, "abbot_raise")
    ev = strike(st, e.uid)
    col = st.columns["N"]
    assert col[0] == e.uid and col[-1] == other and len(col) == 4
    assert all(T.edef(st.enemy(u)).family == "skeleton" for u in col[1:3])
    assert len(events(ev, "summon")) == 2


def test_the_decree_adds_attack_to_every_other_enemy_until_the_round_ends() -> None:
    st = mission(tile="queen")
    e = boss(st)
    cultist = st.enemy(put(st, "ash_cultist", "S"))
    ai_order(st, "queen_decree")
    strike(st, e.uid)
    assert ("command", 1) in T.attack_terms(st, cultist)
    assert ("command", 1) not in T.attack_terms(st, e)
    E.end_round(st, [])
    assert ("command", 1) not in T.attack_terms(st, cultist)


def test_the_rite_heals_only_while_no_hero_is_in_her_area() -> None:
    st = mission(tile="queen")
    e = boss(st)
    e.damage = [6, 3, 0]
    e.log = [[0, 6], [1, 3]]
    ai_order(st, "queen_rite", "queen_rite")
    st.heroes[0].area = "N"
    ev = strike(st, e.uid)
    assert events(ev, "heal_prevented") and e.damage == [6, 3, 0]
    st.heroes[0].area = "S"
    st.decks[B.AI].put_top([st.decks[B.AI].discard_pile.cards[0]])
    st.decks[B.AI].discard_pile.clear()
    strike(st, e.uid)
    assert e.damage == [6, 0, 0]  # 4 healed, the newest first; the knocked-out crown stays


def test_the_wave_strikes_her_area_and_both_neighbours() -> None:
    st = mission("barbarian,wizard,assassin,huntress", tile="queen")
    e = boss(st)
    for h, area in zip(st.heroes, "NEWS", strict=True):
        h.area = area
    st.heroes[3].wolf_area = None
    ai_order(st, "queen_wave")
    st.rig = {"defence": [True] * 20}
    ev = strike(st, e.uid)
    assert sorted(x.params["hero"] for x in events(ev, "hit")) == [0, 1, 2]
    assert all(x.params["why"] == "around" for x in events(ev, "target"))


def test_the_spear_hunts_the_hero_with_the_fewest_hearts_anywhere() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    st.heroes[0].area, st.heroes[1].area = "S", "W"
    st.heroes[1].hp = 2
    ai_order(st, "warlord_spear")
    st.rig = {"defence": [True] * 10}
    ev = strike(st, e.uid)
    assert events(ev, "target")[0].params == {**events(ev, "target")[0].params, "who": 1,
                                              "why": "lowest_hp"}


def test_the_crypt_flags_raise_a_skeleton_every_round() -> None:
    st = mission(tile="abbey")
    skeletons = Counter()
    sk = put(st, "skeleton", "W")
    st.flags["W"] = 1
    E.plunder(st, [], st.enemy(sk))
    E.run_tile_effects(RULES, st, [])
    assert st.ongoing
    before = len(st.columns["W"])
    st.stage = "start"
    st.active = -1
    st.order = []
    E.start_round(st, [])
    E.run_tile_effects(RULES, st, [])
    skeletons.update(C.card_def(st.enemy(u).card) for u in st.columns["W"])
    assert len(st.columns["W"]) >= before + 1 and skeletons["skeleton"] >= 2


def test_a_boss_state_survives_json_and_clone() -> None:
    st = mission(tile="abbey", boxes="bell_rung")
    strike(st, boss(st).uid)
    data = RULES.state_to_dict(st)
    again = RULES.state_from_dict(data)
    assert RULES.state_hash(again) == RULES.state_hash(st)
    assert RULES.state_hash(RULES.clone(st)) == RULES.state_hash(st)
    assert "boss" not in RULES.state_to_dict(mission())  # other tiles keep their old form


# --- whole missions ------------------------------------------------------------------------------------
def play(tile: str, players: int, seed: int, **options):
    """Plays a whole boss mission with heuristic bots, checking the invariants at each step."""
    st = RULES.new_game(GameConfig.for_players(players, tile=tile, **options), seed)
    first = set(_cards(st))
    bots = [make_bot("heuristic", "coop_campaign", seed=seat_seed(seed, s))
            for s in range(players)]
    steps = 0
    while not RULES.is_over(st):
        check_invariants(st)
        seat = RULES.current_actor(st)
        RULES.apply(st, bots[seat].choose(RULES, st, seat))
        steps += 1
        assert steps < 6000
    check_invariants(st)
    new = set(_cards(st)) - first
    assert not any(E.is_deck_card(c) for c in new), new  # only the tile's reward cards
    return st


@pytest.mark.parametrize("tile", BOSS_TILES)
def test_seeded_bot_missions_on_the_boss_tiles_end_cleanly(tile: str) -> None:
    results = Counter()
    for seed, players in enumerate((1, 2, 3, 4, 2, 3)):
        st = play(tile, players, seed, hard=seed % 3 == 2)
        assert st.result in ("won", "lost")
        if st.result == "won":
            assert st.reason == "boss_defeated" and st.boss["defeated"]
        results[st.reason] += 1
    assert results


def test_the_bot_goes_for_the_winning_blow() -> None:
    st = mission(tile="warcamp")
    e = boss(st)
    _almost_dead(st)
    gob = put(st, "goblin_cutthroat", "N")
    h = st.heroes[0]
    h.area = "N"
    h.mana = 5
    bot = make_bot("heuristic", "coop_campaign", seed=1)
    choice = bot.choose(RULES, st, 0)
    targets = [t for p in choice["picks"] if isinstance(p, tuple) and len(p) == 2
               and isinstance(p[1], tuple) for t in p[1]]
    assert (e.uid, 2) in [tuple(t) for t in targets], (choice, gob)


def test_unknown_effect_params_in_boss_cards_are_reported(tmp_path) -> None:
    from pathlib import Path

    from engine.content.loader import validate_game_content

    src = Path(__file__).resolve().parents[2] / "data" / "coop_campaign"
    dst = tmp_path / "coop_campaign"
    dst.mkdir()
    for f in src.glob("*.yaml"):
        text = f.read_text(encoding="utf-8")
        if f.name == "bosses.yaml":
            text = text.replace("{type: boss_summon, family: skeleton, count: 2}",
                                "{type: boss_summon, famly: skeleton, count: 2}")
            text = text.replace("cards: [abbot_2, abbot_3, abbot_4]", "cards: [abbot_2]")
        (dst / f.name).write_text(text, encoding="utf-8")
    text = "\n".join(validate_game_content("coop_campaign", tmp_path))
    assert "bosses.yaml:" in text and "famly" in text and "three stat cards" in text


def test_boss_events_read_in_both_languages() -> None:
    from engine.content.i18n import Catalog

    st = mission(tile="warcamp")
    ai_order(st, "warlord_call")
    ev = RULES.apply(st, Action("end"))
    ev += RULES.apply(st, Action("end"))
    drawn = events(ev, "ai_card")
    assert drawn and drawn[0].params["ai_name"]["de"] == "Kriegshorn"
    for lang in ("en", "de"):
        line = Catalog.load(lang).t(drawn[0].key, **drawn[0].params)
        assert "{" not in line and ("War Horn" in line or "Kriegshorn" in line), line


def test_balance_md_holds_the_boss_table_with_every_cell() -> None:
    from pathlib import Path

    from engine.rules.coop_campaign import balance

    doc = Path(__file__).resolve().parents[2] / "docs" / "coop_campaign" / "balance.md"
    block = balance.documented(doc.read_text(encoding="utf-8"), balance.BOSS_BEGIN,
                               balance.BOSS_END)
    rows = [line for line in block.splitlines() if line.startswith("| ")
            and line.split(" | ")[0][2:] in balance.BOSS_TILES]
    assert len(rows) == len(balance.BOSS_TILES) * len(balance.BOSS_SEATS)
    assert all(line.count(f"/{balance.BOSS_GAMES})") == 2 for line in rows)
    cells = {(t, s, h): balance.Cell(1, 2) for t in balance.BOSS_TILES
             for s in balance.BOSS_SEATS for h in (False, True)}
    text = balance.markdown(cells, balance.BOSS_TILES, balance.BOSS_SEATS, balance.BOSS_BEGIN,
                            balance.BOSS_END)
    assert "| warcamp | 1 (2) | 50 % (1/2) | 50 % (1/2) |" in text  # one seat leads two heroes
