"""The campaign's rules (campaign.py, camp.py) on the short map (the real map on tiles 1 and 2):
what carries over and what resets, the camp's route, trading, scrolls and merchant, deck
changes, retry and the hard-mode end, the carry's checks, saves, the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.ai.play import play_campaign
from engine.core.actions import Action
from engine.core.campaign import CampaignRecord, CampaignSession, replay_campaign
from engine.core.errors import IllegalAction, MalformedAction, RecordError
from engine.core.protocol import GameConfig
from engine.rules.coop_campaign import campaign as K
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.state import MissionState
from tests.coop_campaign.campaign_helpers import RAIDER, config, play_game
from tests.coop_campaign.helpers import RULES

ROOT = Path(__file__).resolve().parents[2]


def carry(route: list[str], station: str, **over: Any) -> dict[str, Any]:
    """Returns a carry of barbarian and wizard at level 1 after ``route``."""
    heroes = []
    for i, hid in enumerate(("barbarian", "wizard")):
        d = C.hero(hid)
        heroes.append({"hero": hid, "river": list(d.actions), "flipped": [], "hp": 4,
                       "items": [f"{d.weapon}.h{i + 1}"]})
    out = {"station": station, "attempt": 1, "route": route, "heroes": heroes, "token": 1,
           "boxes": [], "decks": [],
           "news": {"station": route[-1] if route else "", "won": True, "gained": [[], []],
                    "boxes": []}}
    out.update(over)
    return out


def camp_state(c: dict[str, Any] | None, players: int = 2, **options: Any) -> MissionState:
    """Returns a campaign mission at its camp carrying ``c``."""
    cfg = config(players, **options)
    return RULES.new_game(GameConfig(cfg.seats, cfg.options, c), 7)


def act(st: MissionState, kind: str, **params: Any) -> list[Any]:
    return RULES.apply(st, Action.make(kind, **params))


def kinds(st: MissionState) -> set[str]:
    return {a.kind for a in RULES.legal_actions(st)}


# --- a whole campaign ------------------------------------------------------------------------------
def test_bots_play_the_short_campaign_from_prologue_to_epilogue(short: Any) -> None:
    played = play_campaign("coop_campaign", "chronicle", config(2), 0)
    camp = played.campaign
    assert played.finished and camp.over
    outcome = camp.outcome()
    route = camp.carries[-1]["route"]
    assert route[:3] == ["1", "2", "3"] and route[-1] == "10" and len(route) == 10
    assert outcome.winners == (0, 1) and outcome.reason.key == "coop.end.campaign_won"
    # every game's record is kept and the whole campaign replays through JSON
    data = json.loads(json.dumps(camp.record().to_json()))
    again = replay_campaign(CampaignRecord.from_json(data))
    assert again.carries == camp.carries and again.over
    assert [r.hashes for r in again.finished] == [r.hashes for r in camp.finished]
    # each game: a camp first, then the tile; the first camp is the prologue's (no carry)
    first = camp.finished[0]
    assert first.config.carry is None and first.actions[-1].kind != "set_out"
    assert any(a.kind == "set_out" for a in first.actions)


def test_the_first_camp_is_the_prologue_with_a_fresh_party(short: Any) -> None:
    st = camp_state(None)
    v = RULES.view(st, 0)
    assert v["stage"] == "camp" and v["station"] == "1" and v["route"] == [] and v["news"] is None
    assert [h["level"] for h in v["heroes"]] == [1, 1]
    assert all(h["hp"] == h["hp_max"] for h in v["heroes"])
    assert kinds(st) == {"give", "discard", "set_out"}  # nothing to read, no fork, no merchant
    assert RULES.current_actor(st) == 0


# --- what carries over and what resets (spec §6) ---------------------------------------------------
def test_a_won_mission_carries_the_party_and_the_next_resets_the_tile(short: Any) -> None:
    camp = CampaignSession.start("coop_campaign", "chronicle", config(2), 3)
    play_game(camp)
    st = camp.current.state
    assert st.result == "won"
    out = RULES.carry_out(st)
    for h, entry in zip(st.heroes, out["heroes"], strict=True):
        assert entry == {"hero": h.hid, "river": h.river, "flipped": h.flipped, "hp": h.hp,
                         "items": h.items}
    assert out["route"] == ["1"] and out["station"] == "2" and out["attempt"] == 1
    assert out["token"] == st.token and out["boxes"] == st.boxes
    assert out["news"]["won"] and out["news"]["station"] == "1"
    assert camp.advance()
    nxt = camp.current.state
    assert nxt.stage == "camp" and [h.river for h in nxt.heroes] == [h.river for h in st.heroes]
    act(nxt, "set_out")
    for h, before in zip(nxt.heroes, st.heroes, strict=True):
        assert h.flipped == before.flipped and h.items == before.items
        assert h.exhausted == [] and h.armor == 0 and h.poison is None
        assert h.area == C.tile("glade").start
    # mana: all spent, then round 1 regenerated 3 (seed 001, 4)
    assert all(h.mana == min(T.regen(h), T.mana_max(h)) for h in nxt.heroes)


def test_set_out_refreshes_items_resets_armour_poison_and_brings_the_wolf_back(short: Any
                                                                                ) -> None:
    c = carry(["1"], "2")
    c["heroes"][1] = {"hero": "huntress", "river": list(C.hero("huntress").actions),
                      "flipped": [], "hp": 0, "items": ["yew_bow.h2"]}
    st = camp_state(c, heroes="barbarian,huntress")
    ev = act(st, "set_out")
    h = st.heroes[1]
    assert h.wolf_area == C.tile("glade").start and h.wolf_hp == T.wolf_max(h)
    # a hero who ended the last tile with no hearts starts knocked out and stands up at its
    # first activation (spec §9); the token's holder activates first
    stood = [e for e in ev if e.key == "coop.ev.stand_up"]
    assert [e.params["hero"] for e in stood] == [1] and h.hp == 2 and not h.ko


def test_the_enemy_decks_are_shuffled_anew_and_the_loot_decks_hold_no_carried_card(short: Any
                                                                                    ) -> None:
    c = carry(["1"], "2")
    c["heroes"][0]["items"].append("healing_draught.2")
    st = camp_state(c)
    cards = [x for d in st.loot.values() for x in d.draw_pile.cards + d.discard_pile.cards]
    assert "healing_draught.2" not in cards and "healing_draught.1" in cards
    act(st, "set_out")
    forest = {C.card_def(x) for d in st.decks.values() for x in d.draw_pile.cards
              + d.discard_pile.cards} | {C.card_def(e.card) for e in st.enemies.values()}
    assert all(C.enemy(e).theme == "forest" for e in forest)


# --- retry and the hard-mode end (spec §7, §9) ------------------------------------------------------
def _lost_first(hard: bool) -> CampaignSession:
    for seed in range(40):
        cfg = config(2, hard=hard)
        cfg = GameConfig(tuple(s._replace(bot="random") for s in cfg.seats), cfg.options)
        camp = CampaignSession.start("coop_campaign", "chronicle", cfg, seed)
        from engine.ai.base import make_bot, seat_seed

        s = camp.current
        bots = [make_bot("random", "coop_campaign", seed=seat_seed(seed, i)) for i in range(2)]
        while not s.is_over:
            s.apply(bots[s.actor].choose(s.rules, s.state, s.actor))
        if s.state.result == "lost":
            return camp
    raise AssertionError("no seed lost the first mission")


def test_a_lost_mission_is_tried_again_with_the_party_as_it_set_out(short: Any) -> None:
    camp = _lost_first(hard=False)
    entry = camp.current.state.camp["entry"]
    assert camp.advance()
    retry = camp.current
    c = retry.config.carry
    assert c["station"] == "1" and c["attempt"] == 2 and c["route"] == []
    # normal mode: the party as it set out, hearts too, and no count of lost missions (the
    # carry of a lost mission is what it was before hard mode's retries, so older campaign
    # saves still replay)
    assert c["heroes"] == entry["heroes"] and "lost" not in c and c["news"] == {
        "station": "1", "won": False, "gained": [[], []], "boxes": []}
    v = RULES.view(retry.state, 0)
    assert v["stage"] == "camp" and v["attempt"] == 2 and not v["news"]["won"]
    assert v["lost"] == 0 and v["retries"] is None  # normal mode: no limit


def test_in_hard_mode_the_party_rests_before_a_retry_heal_2_up_to_the_level(
        short: Any) -> None:
    c = carry(["1"], "2")
    c["heroes"][0]["hp"] = 0
    c["heroes"][1]["hp"] = 4
    st = camp_state(c, hard=True)
    act(st, "set_out")
    st.result = "lost"
    out = K.carry_out(st)
    assert [h["hp"] for h in out["heroes"]] == [2, 5]
    assert out["lost"] == 1 and out["attempt"] == 2
    st = camp_state(out, hard=True)
    assert st.camp["lost"] == 1 and [h.hp for h in st.heroes] == [2, 5]
    # normal mode: no rest, no count
    st = camp_state(c)
    act(st, "set_out")
    st.result = "lost"
    out = K.carry_out(st)
    assert [h["hp"] for h in out["heroes"]] == [0, 4] and "lost" not in out


def test_hard_mode_retries_a_lost_mission_while_the_campaign_has_retries(short: Any) -> None:
    assert short.hard_retries == K.the_map().hard_retries == 5
    camp = _lost_first(hard=True)
    assert camp.advance() and not camp.over
    c = camp.current.config.carry
    assert c["attempt"] == 2 and c["lost"] == 1 and K.retries_left(c) == 4
    v = RULES.view(camp.current.state, 0)
    assert v["hard"] and v["lost"] == 1 and v["retries"] == 4


def test_a_lost_mission_in_hard_mode_with_no_retry_left_ends_the_campaign(
        short: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    spent = dataclasses.replace(short, hard_retries=0)
    monkeypatch.setattr(K, "the_map", lambda: spent)
    camp = _lost_first(hard=True)
    assert not camp.advance() and camp.over
    outcome = camp.outcome()
    assert outcome.winners == () and outcome.reason.key == "coop.end.campaign_lost"
    assert outcome.reason.params == {"station": "1"}
    again = replay_campaign(CampaignRecord.from_json(json.loads(json.dumps(
        camp.record().to_json()))))
    assert again.over and again.carries == camp.carries
    # a carry that counts more lost missions than retries: the campaign ends at the next loss
    c = carry(["1"], "2", lost=5)
    monkeypatch.setattr(K, "the_map", lambda: short)
    assert K.retries_left(c) == 0
    with pytest.raises(MalformedAction, match="carry.lost"):
        camp_state(carry(["1"], "2", lost=-1))


# --- the fork (spec §14.8: 4A only with "saved the hermit") ----------------------------------------
def test_without_the_hermit_the_road_leads_to_4b_and_4a_says_why_it_is_closed(short: Any
                                                                            ) -> None:
    st = camp_state(carry(["1", "2", "3"], "4b"))
    v = RULES.view(st, 0)
    assert v["choices"] == [] and st.tile == "bridge"  # station 4b on the short map
    assert v["routes"] == [{"station": "4a", "open": False, "requires": "saved_hermit"},
                           {"station": "4b", "open": True, "requires": None}]
    with pytest.raises(IllegalAction) as exc:
        act(st, "route", station="4a")
    assert exc.value.rule == "coop.rule.no_fork"
    # a carry may not name the closed route
    with pytest.raises(MalformedAction, match="does not lead"):
        camp_state(carry(["1", "2", "3"], "4a"))


def test_with_the_hermit_saved_the_party_chooses_its_route(short: Any) -> None:
    st = camp_state(carry(["1", "2", "3"], "", boxes=["saved_hermit"]))
    assert st.tile == "" and RULES.view(st, 0)["choices"] == ["4a", "4b"]
    assert kinds(st) == {"route", "give", "discard"}
    with pytest.raises(IllegalAction) as exc:
        act(st, "set_out")
    assert exc.value.rule == "coop.rule.choose_route"
    ev = act(st, "route", station="4a")
    assert ev[0].key == "coop.ev.route" and st.camp["station"] == "4a" and st.tile == "glade"
    act(st, "route", station="4b")  # the party may change its mind before it sets out
    act(st, "route", station="4a")
    act(st, "set_out")
    assert st.stage != "camp" and st.tile == "glade"
    st.result = "won"
    assert RULES.carry_out(st)["route"] == ["1", "2", "3", "4a"]


def test_the_route_out_of_a_won_mission_is_chosen_only_where_two_are_open(short: Any) -> None:
    assert K.next_station(["1", "2", "3"], []) == "4b"
    assert K.next_station(["1", "2", "3"], ["saved_hermit"]) == ""
    assert K.next_station(["1", "2"], []) == "3"
    assert K.is_final("10") and not K.is_final("9")


# --- deck changes (seed 001, 2; spec §14.8) ----------------------------------------------------------
def _forest_cards(st: MissionState) -> list[str]:
    cards = [C.card_def(x) for d in st.decks.values()
             for x in d.draw_pile.cards + d.discard_pile.cards]
    return cards + [C.card_def(e.card) for e in st.enemies.values()]


def test_a_card_a_box_shuffles_in_is_in_no_deck_until_then(short: Any) -> None:
    single = RULES.new_game(GameConfig.for_players(2, tile="bridge"), 1)
    assert RAIDER not in _forest_cards(single)
    st = camp_state(carry(["1"], "2"))
    act(st, "set_out")
    assert RAIDER not in _forest_cards(st)


def test_bridge_burned_shuffles_the_raider_in_and_banner_taken_takes_every_orc_out(
        short: Any) -> None:
    burned = K.box_changes("bridge_burned")
    assert burned == [{"change": "add", "what": RAIDER, "theme": "forest"}]
    st = camp_state(carry(["1"], "2", boxes=["bridge_burned"], decks=burned))
    act(st, "set_out")
    assert _forest_cards(st).count(RAIDER) == 1
    banner = K.box_changes("banner_taken")
    assert banner == [{"change": "remove_family", "what": "orc", "theme": "forest"}]
    st = camp_state(carry(["1", "2", "3"], "4b", boxes=["bridge_burned", "banner_taken"],
                          decks=burned + banner))
    act(st, "set_out")
    cards = _forest_cards(st)
    assert cards and not [x for x in cards if C.enemy(x).family == "orc"]
    assert RAIDER in cards  # the stand-in is no orc; the real raider is (and leaves too)


def test_a_won_mission_adds_the_deck_changes_of_the_boxes_it_ticked(short: Any) -> None:
    st = camp_state(carry(["1"], "2"))
    act(st, "set_out")
    st.boxes.append("bridge_burned")
    st.result = "won"
    out = RULES.carry_out(st)
    assert out["decks"] == K.box_changes("bridge_burned")
    assert out["news"]["boxes"] == ["bridge_burned"] and out["boxes"] == ["bridge_burned"]


# --- the camp: trading, scrolls, the merchant ---------------------------------------------------------
def test_items_are_traded_freely_and_nobody_sets_out_over_capacity(short: Any) -> None:
    c = carry(["1"], "2")
    c["heroes"][0]["items"] += ["healing_draught.1", "mana_tonic.1"]
    c["heroes"][1]["items"] += ["healing_draught.2", "whetstone.1"]
    st = camp_state(c)
    act(st, "give", item="healing_draught.1", to=1)
    assert st.heroes[1].items[-1] == "healing_draught.1" and len(st.heroes[1].items) == 4
    with pytest.raises(IllegalAction) as exc:
        act(st, "set_out")
    assert exc.value.rule == "coop.rule.over_capacity"
    assert RULES.prompt(st).key == "coop.prompt.camp_over"
    ev = act(st, "discard", item="whetstone.1")
    assert ev[0].key == "coop.ev.leave" and "whetstone.1" in st.loot["grey"].discard_pile.cards
    act(st, "set_out")
    with pytest.raises(IllegalAction):
        act(st, "give", item="healing_draught.1", to=0)  # never during a tile (seed 5.1)


def test_a_scroll_read_in_camp_flips_a_tile_and_raises_the_level(short: Any) -> None:
    c = carry(["1"], "2")
    c["heroes"][0]["items"].append("level_scroll.1")
    c["heroes"][0]["hp"] = 5
    st = camp_state(c)
    h = st.heroes[0]
    scrolls = [a for a in RULES.legal_actions(st) if a.kind == "scroll"]
    assert len(scrolls) == 6
    act(st, "scroll", item="level_scroll.1", tile="barb_smite")
    assert h.flipped == ["barb_smite"] and T.level(h) == 2
    assert "level_scroll.1" not in h.items
    assert "level_scroll.1" in st.loot["gold"].discard_pile.cards
    with pytest.raises(IllegalAction):
        act(st, "scroll", item="level_scroll.1", tile="barb_taunt")


def test_the_merchant_after_mission_8_lets_each_hero_take_one_of_three(short: Any) -> None:
    route = ["1", "2", "3", "4b", "5", "6", "7", "8"]
    st = camp_state(carry(route, "9"))
    top = st.flow.top
    assert top.kind == "merchant" and top.data == (1,)  # from the token's holder on
    assert RULES.current_actor(st) == 1
    wares = st.camp["market"]["wares"]
    assert len(wares) == 3 and all(C.card_item(w).deck == "gold" for w in wares)
    assert {a.kind for a in RULES.legal_actions(st)} == {"buy"}
    first = wares[0]
    act(st, "buy", item=first)
    assert first in st.heroes[1].items and len(st.camp["market"]["wares"]) == 3
    assert st.flow.top.data == (0,) and RULES.current_actor(st) == 0
    second = st.camp["market"]["wares"][1]
    act(st, "buy", item=second)
    assert second in st.heroes[0].items and st.camp["market"] is None
    left = [w for w in st.loot["gold"].discard_pile.cards]
    assert len(left) == 2 and first not in left and second not in left
    assert st.flow.top is None and "set_out" in kinds(st)


def test_a_tiles_reward_card_of_its_own_is_carried_and_used_up_for_good(short: Any) -> None:
    c = carry(["1"], "2")
    c["heroes"][0]["items"].append("level_scroll.glade-h1")  # as a tile's gain_item names it
    st = camp_state(c)
    act(st, "scroll", item="level_scroll.glade-h1", tile="barb_smite")
    cards = [x for d in st.loot.values() for x in d.draw_pile.cards + d.discard_pile.cards]
    assert "level_scroll.glade-h1" not in cards and T.level(st.heroes[0]) == 2
    c["heroes"][0]["items"][-1] = "level_scroll.nowhere-h1"
    with pytest.raises(MalformedAction, match="no mission tile 'nowhere'"):
        camp_state(c)


def test_no_merchant_before_other_missions_or_on_a_retry(short: Any) -> None:
    route = ["1", "2", "3", "4b", "5", "6", "7", "8"]
    assert camp_state(carry(route, "9", attempt=2)).camp["market"] is None
    assert camp_state(carry(route[:-1], "8")).camp["market"] is None


# --- the carry's checks (bad or foreign campaign data gives a clear message) --------------------------
@pytest.mark.parametrize("change, message", [
    (lambda c: c.update(extra=1), "unknown fields"),
    (lambda c: c["heroes"].pop(), "2 heroes play this set-up"),
    (lambda c: c["heroes"][0].update(hero="dragon"), "no hero 'dragon'"),
    (lambda c: c["heroes"][0]["river"].pop(), "six tiles"),
    (lambda c: c["heroes"][0].update(flipped=["wiz_blink"]), "hero's own"),
    (lambda c: c["heroes"][0].update(hp=9), "hearts from 0 to 5"),
    (lambda c: c["heroes"][1]["items"].append("greatblade.h1"), "carried twice"),
    (lambda c: c["heroes"][1]["items"].append("healing_draught.9"), "3 copies"),
    (lambda c: c["heroes"][1]["items"].append("crown_jewels.1"), "no item"),
    (lambda c: c.update(token=5), "token"),
    (lambda c: c.update(boxes=["won_the_lottery"]), "no checkbox"),
    (lambda c: c.update(decks=[{"change": "grow", "what": "skeleton"}]), "a change is one"),
    (lambda c: c.update(route=["2"]), r"route\[0\]"),
    (lambda c: c.update(station="5"), "does not lead"),
    (lambda c: c.update(attempt=0), "tries count from 1"),
    (lambda c: c.update(hp=True), "unknown fields"),
    (lambda c: c["heroes"][0].update(hp="full"), "whole number"),
])
def test_a_bad_carry_is_refused_with_its_place(short: Any, change: Any, message: str) -> None:
    c = carry(["1"], "2")
    change(c)
    cfg = config(2)
    with pytest.raises(MalformedAction, match=message):
        RULES.check_config(GameConfig(cfg.seats, cfg.options, c))


def test_a_single_mission_carries_nothing_in(short: Any) -> None:
    with pytest.raises(MalformedAction, match="only a campaign mission"):
        RULES.check_config(GameConfig.for_players(2, tile="bridge").with_carry(
            carry(["1"], "2")))
    st = RULES.new_game(GameConfig.for_players(2), 1)
    with pytest.raises(ValueError):
        RULES.carry_out(st)


def test_a_tampered_campaign_save_names_what_is_wrong(short: Any) -> None:
    camp = CampaignSession.start("coop_campaign", "chronicle", config(2), 3)
    play_game(camp)
    camp.advance()
    data = json.loads(json.dumps(camp.record().to_json()))
    data["carries"][0]["heroes"][0]["hp"] = 1
    with pytest.raises(RecordError) as exc:
        replay_campaign(CampaignRecord.from_json(data))
    assert exc.value.key == "save.mismatch"
    data = json.loads(json.dumps(camp.record().to_json()))
    data["games"][1]["config"]["carry"]["heroes"][0]["river"] = ["barb_smite"]
    data["carries"][0]["heroes"][0]["river"] = ["barb_smite"]
    with pytest.raises(RecordError) as exc:
        replay_campaign(CampaignRecord.from_json(data))
    assert exc.value.key in ("save.mismatch", "save.bad_config", "save.corrupt")
    with pytest.raises(RecordError) as exc:
        CampaignRecord.from_json({"format": "something else"})
    assert exc.value.key == "save.foreign"


def test_the_map_check_names_every_problem() -> None:
    import dataclasses

    real = K.the_map()
    stations = list(real.stations)
    stations[1] = dataclasses.replace(stations[1], next=("nowhere",), requires="no_box")
    stations.append(dataclasses.replace(stations[0], id="island", next=()))
    boxes = [dataclasses.replace(real.boxes[0], set_by="zz"), real.boxes[0]]
    bad = dataclasses.replace(real, stations=tuple(stations), boxes=tuple(boxes))
    found = "\n".join(K.map_problems(bad))
    for text in ("station 2: next: no station 'nowhere'", "requires: no checkbox 'no_box'",
                 "set_by: no station 'zz'", "checkbox 'saved_hermit' is listed twice",
                 "campaign.yaml:"):
        assert text in found
    closed = [dataclasses.replace(s, requires="bell_rung") if s.id == "4b" else s
              for s in real.stations]
    found = "\n".join(K.map_problems(dataclasses.replace(real, stations=tuple(closed))))
    assert "station 3: next: every road on needs a checkbox" in found
    loop = [dataclasses.replace(s, next=("1",)) if s.id == "10" else s for s in real.stations]
    found = "\n".join(K.map_problems(dataclasses.replace(real, stations=tuple(loop))))
    assert "leads in a circle" in found or "no mission tile" in found


def test_a_campaign_whose_map_names_missing_tiles_is_refused_with_the_list(
        monkeypatch: Any) -> None:
    from engine.core.campaign import chosen_campaign

    monkeypatch.setattr(K, "map_problems",
                        lambda m=None, content=True: ["station 3: tile: no tile 'x'"]
                        if content else [])
    with pytest.raises(MalformedAction, match="cannot be played: station 3"):
        chosen_campaign("coop_campaign", config(2))
    RULES.check_config(config(2))  # the first mission alone needs only its own tile


def test_a_mission_whose_station_lacks_its_tile_is_refused(short: Any, monkeypatch: Any
                                                           ) -> None:
    import dataclasses

    m = K.the_map()
    stations = tuple(dataclasses.replace(s, tile="nowhere") if s.id == "2" else s
                     for s in m.stations)
    monkeypatch.setattr(K, "the_map", lambda: dataclasses.replace(m, stations=stations))
    with pytest.raises(MalformedAction, match="station 2 needs the mission tile 'nowhere'"):
        RULES.check_config(GameConfig(config(2).seats, config(2).options, carry(["1"], "2")))
    assert not K.Chronicle().applies(config(2))


def test_the_sample_carries_are_parties_of_the_campaign(short: Any) -> None:
    camp = K.Chronicle()
    samples = camp.sample_carries(config(2))
    assert {c["station"] for c in samples} == {"", "9"}
    for c in samples:
        cfg = config(2)
        RULES.check_config(GameConfig(cfg.seats, cfg.options, c))


def test_the_conformance_checks_hold_for_campaign_cases(short: Any) -> None:
    from engine import conform

    cases = conform.campaign_cases("coop_campaign", 5)
    assert cases and all(c.campaign == "chronicle" and c.options["mode"] == "campaign"
                         for c in cases)
    for case in cases:
        assert conform.run_case(case, max_actions=20_000) == []


# --- the CLI ------------------------------------------------------------------------------------
def test_simulate_plays_whole_campaigns_when_the_option_chooses_one() -> None:
    env = {**os.environ, "TABLETOP_NO_BOOTSTRAP": "1"}
    out = subprocess.run(
        [sys.executable, "-m", "engine", "--plugin",
         "tests.coop_campaign.campaign_helpers:use_short_map", "simulate", "--game",
         "coop_campaign", "--players", "2", "--bot", "heuristic", "--option", "mode=campaign",
         "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["campaign"] == "chronicle" and result["finished"]
    assert result["games"] >= 10 and result["winners"] == [0, 1]


def test_replay_checks_every_mission_of_a_campaign_save(short: Any, tmp_path: Path) -> None:
    camp = CampaignSession.start("coop_campaign", "chronicle", config(2), 3)
    for _ in range(2):
        play_game(camp)
        camp.advance()
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(camp.record().to_json()), encoding="utf-8")
    env = {**os.environ, "TABLETOP_NO_BOOTSTRAP": "1"}
    out = subprocess.run(
        [sys.executable, "-m", "engine", "--plugin",
         "tests.coop_campaign.campaign_helpers:use_short_map", "replay", str(path), "--verify"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == len(camp.finished) + 2
    assert "game 1:" in lines[0] and "game 3:" in lines[2] and "in progress" in lines[2]
    assert lines[-1].endswith("campaign chronicle, 3 games, in progress; all hashes verified")
    data = camp.record().to_json()
    data["carries"][0]["route"] = ["2"]
    path.write_text(json.dumps(data), encoding="utf-8")
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "--plugin",
         "tests.coop_campaign.campaign_helpers:use_short_map", "replay", str(path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and "carries out other data" in bad.stderr


def test_the_news_lists_what_is_new_in_each_heros_pack(short: Any) -> None:
    c = carry(["1"], "2")
    c["heroes"][0]["items"].append("healing_draught.2")
    st = camp_state(c)
    act(st, "set_out")
    # during the mission hero 0 dropped the draught over capacity and hero 1 took it; hero 0
    # found a new card: each hero's news is what is new in its pack ("now also carries")
    st.heroes[0].items.remove("healing_draught.2")
    st.heroes[1].items.append("healing_draught.2")
    st.heroes[0].items.append("healing_draught.3")
    st.result = "won"
    out = K.carry_out(st)
    assert out["news"]["gained"] == [["healing_draught.3"], ["healing_draught.2"]]


def test_the_carry_lines_name_each_capacity_and_a_too_full_pack(short: Any) -> None:
    c = carry(["1"], "2")
    cap = C.hero("barbarian").levels[0].carry
    c["heroes"][0]["items"] += [f"healing_draught.{k}" for k in range(1, cap + 1)]
    lines = RULES.carry_lines(c)
    assert lines[0].params["items"] == cap + 1 and lines[0].params["carry"] == cap
    assert lines[-1].key == "coop.carry.over"  # the camp sorts it (loot after a won tile)
    assert RULES.carry_lines(carry(["1"], "2"))[-1].key == "coop.carry.hero"


def test_the_bots_sort_a_too_full_party_in_camp_and_read_the_scroll_first(short: Any) -> None:
    from engine.ai.base import make_bot
    from engine.rules.coop_campaign.camp import over_capacity

    c = carry(["1"], "2")
    c["heroes"][0]["items"] += ["healing_draught.1", "mana_tonic.1", "level_scroll.1"]
    st = camp_state(c)
    assert over_capacity(st) == [0]
    bot = make_bot("heuristic", "coop_campaign", seed=3)
    kinds = []
    while st.stage == "camp":
        actor = RULES.current_actor(st)
        action = bot.choose(RULES, st, actor)
        kinds.append(action.kind)
        RULES.apply(st, action)
    assert kinds[0] == "scroll" and kinds[-1] == "set_out"  # the scroll makes no room: read
    assert all(len(h.items) <= T.carry(h) for h in st.heroes)
    assert st.heroes[0].flipped  # it was read, not dropped
