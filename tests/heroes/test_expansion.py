"""The expansion rules (seed 002, "Spielregeln aus Erweiterungen"; spec §18, §19.5–19.6), one
test or more per rule, on the shipped content (engine/rules/heroes/adventure/expansion.py,
engine/rules/heroes/battle/summon.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.ai.play import bot_config, seat_bots
from engine.core import hexgrid as hx
from engine.core.actions import Action
from engine.core.deck import Deck
from engine.core.protocol import GameConfig
from engine.core.record import GameRecord, replay
from engine.core.session import Session
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure import expansion as X
from engine.rules.heroes.adventure import labels as L
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN, SECONDARY, MapState
from engine.rules.heroes.battle import RULES as BATTLE
from engine.rules.heroes.battle import summon as S
from engine.rules.heroes.scenario import apply_battle_setup

RULES = registry.rules("heroes")
ALL = {"expansion_locations": True, "war_machines": True, "events": True, "summoning": True}
A = Action.make


def new(players: int = 2, seed: int = 1, **opts: object) -> MapState:
    opts.setdefault("map_difficulty", "impossible")  # no start bonus
    st = RULES.new_game(GameConfig.for_players(players, mode="clash", **opts), seed)
    assert isinstance(st, MapState)
    return st


def act(st: MapState, kind: str, **params: object) -> list:
    return RULES.apply(st, A(kind, **params))


def settle(st: MapState) -> list:
    """Answers every open decision with a cautious choice (pass, skip, keep, none)."""
    events: list = []
    while st.flow.top is not None and not RULES.is_over(st):
        legal = RULES.legal_actions(st)
        pick = next((a for a in legal if a.kind == "pass"
                     or a.get("option") in ("skip", "keep", "none", "lose", "done")
                     or a.get("from") == "none" or a.kind == "leave"), legal[0])
        events += RULES.apply(st, pick)
    return events


def next_turn(st: MapState) -> list:
    """Finishes the refresh, ends the turn and settles what follows; returns the events."""
    events = settle(st)
    while st.flow.phase == R.REFRESH:
        p = st.ps[st.current]
        events += act(st, "discard", card=p.hand[0]) if len(p.hand) > R._hand_limit(st, st.current) \
            else act(st, "draw")
        events += settle(st)
    events += act(st, "end_turn")
    events += settle(st)
    return events


def field_next_to_town(st: MapState, location: str, seat: int = 0) -> tuple[int, int]:
    """Puts ``location`` (unguarded) on a field next to the seat's town; returns the field."""
    town = st.ps[seat].town
    b = R.board(st)
    h = next(h for h, f in sorted(b.fields.items())
             if not f.blocked and hx.distance(h, town) == 1)
    b.fields[h] = b.fields[h]._replace(location=location, guard=0)
    st.marks.pop(h, None)
    return h


def ready(st: MapState) -> None:
    """Finishes seat 0's hand refresh."""
    settle(st)
    while st.flow.phase == R.REFRESH:
        act(st, "draw")
        settle(st)


def choice(st: MapState) -> tuple[str, list[str]]:
    top = st.flow.top
    assert top is not None and top.kind == R.CHOOSE, top
    return str(top.data[0]), [str(o) for o in top.data[1]]


# --- the switches --------------------------------------------------------------------------------
def test_every_switch_is_off_by_default_and_nothing_changes_without_them() -> None:
    defaults = {o.id: o.default for o in RULES.options}
    assert [defaults[k] for k in ALL] == [False, False, False, False]
    st = new()
    assert "exp" not in st.battle and "beckoning_rite" not in st.decks["ability"].draw_pile.cards
    assert not any(t.startswith("x") for kind in ("far", "near") for t in st.pool[kind])
    assert not any(s[3].startswith("x") for s in st.slots)
    assert all(not t.startswith("x") for p in st.ps for t in p.supply)
    assert "expansion" not in RULES.view(st, 0)
    on = new(**ALL)
    drawn = set(on.pool["far"]) | set(on.pool["near"]) | {s[3] for s in on.slots} \
        | {t for p in on.ps for t in p.supply}
    # seed: the expansion locations lie on expansion tiles, mixed into the pools
    assert {"x1", "x2", "x3", "x4"} <= drawn
    assert on.decks["ability"].draw_pile.cards.count("beckoning_rite") == X.RITE_COPIES


# --- events --------------------------------------------------------------------------------------
def test_events_draw_rotation_and_player_order() -> None:
    """Seed "Ereigniskarten": "Zu Beginn jeder Ressourcenrunde (außer Runde 1), nachdem alle
    Spieler Ressourcen erhalten haben ... Die erste Ereigniskarte zieht der Startspieler. Danach
    wechselt der Spieler, der die Karte zieht, im Uhrzeigersinn. Ereignisse werden in
    Spielerreihenfolge abgehandelt, beginnend mit dem Spieler, der die Karte gezogen hat.\""""
    st = new(players=3, events=True)
    deck = Deck.from_dict(st.battle["exp"]["events"])
    deck.draw_pile.cards = [c for c in deck.draw_pile.cards if c != "caravan_of_coin"]
    deck.put_top(["caravan_of_coin"] * 3)  # three gold events in a row: easy to follow
    st.battle["exp"]["events"] = deck.to_dict()
    drawers: list[tuple[int, int]] = []
    gains: list[list[int]] = []
    while st.round < 8:
        events = next_turn(st)
        keys = [e.key for e in events]
        if "heroes.exp.event" in keys:
            i = keys.index("heroes.exp.event")
            assert st.round % 2 == 1 and st.round >= 3  # resource rounds from round 3
            assert "heroes.map.income" in keys[:i]  # after the income
            drawers.append((st.round, events[i].params["seat"]))
            gains.append([e.params["seat"] for e in events[i:] if e.key == "heroes.map.gain"])
        else:
            assert not (st.round % 2 == 1 and st.round >= 3 and "heroes.map.round" in keys)
    assert drawers == [(3, 0), (5, 1), (7, 2)]
    assert gains == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]


def test_an_event_for_the_drawer_alone_and_revealed_cards_go_back() -> None:
    """Seed: "Werden beim Abhandeln von Ereigniskarten andere Karten aufgedeckt, mische sie
    danach in ihre zugehörigen Decks zurück.\""""
    st = new(events=True)
    deck = Deck.from_dict(st.battle["exp"]["events"])
    deck.put_top(["lost_caravan"])
    st.battle["exp"]["events"] = deck.to_dict()
    artifacts = len(st.decks["artifact"].draw_pile)
    hand = {0: len(st.ps[0].hand), 1: len(st.ps[1].hand)}
    while st.round < 3:
        settle(st)
        while st.flow.phase == R.REFRESH:
            act(st, "draw")
            settle(st)
        hand = {0: len(st.ps[0].hand), 1: len(st.ps[1].hand)}
        act(st, "end_turn")
        while st.flow.top is not None and st.flow.top.kind == R.WINDOW:
            act(st, "pass")
    purpose, options = choice(st)
    assert purpose == "reveal_pick" and st.flow.top.seat == 0 and 1 <= len(options) <= 3
    assert RULES.view(st, 1)["expansion"]["revealed"]["deck"] == "artifact"
    act(st, "choose", option=options[0])
    assert len(st.ps[0].hand) == hand[0] + 1 and len(st.ps[1].hand) == hand[1]
    assert len(st.decks["artifact"].draw_pile) == artifacts - 1  # the others went back
    assert "revealed" not in st.battle["exp"]


def test_events_only_in_multiplayer_games() -> None:
    st = new(events=True)
    assert X.events_on(st)
    st.players = 1  # seed: "nur in Mehrspielerpartien"
    assert not X.events_on(st)
    st.players = 2
    st.opts = dict(st.opts, mode="campaign")
    assert not X.events_on(st)


def test_event_content_has_both_languages_and_map_effects() -> None:
    from engine.rules.heroes.mapeffects import MAP_EFFECTS

    events = C.all_of("event")
    assert 8 <= len(events) <= 10
    for e in events:
        for text in (e.name, e.story, e.text):
            assert text["en"].strip() and text["de"].strip()
        assert all(x.type in MAP_EFFECTS for x in e.effects)


# --- war machines --------------------------------------------------------------------------------
def test_war_machines_have_both_prices_the_post_the_higher() -> None:
    machines = C.all_of("war_machine")
    assert 3 <= len(machines) <= 4
    for m in machines:
        assert C.card(m.card).kind == "machine"
        assert all(mode.timing == "permanent" for mode in C.card(m.card).modes)
        factory, post = X.machine_price(m.id, "factory"), X.machine_price(m.id, "post")
        assert factory != post and all(f <= p for f, p in zip(factory, post, strict=True))


def test_a_war_machine_at_the_trading_post_costs_the_higher_price_and_the_whole_visit() -> None:
    """Seed "Kriegsmaschinen": "Kaufst du eine Kriegsmaschine im Handelsposten, kannst du keinen
    der anderen Effekte des Handelspostens nutzen und es gelten die teureren Kosten.\""""
    st = new(war_machines=True)
    ready(st)
    p = st.ps[0]
    p.res = [20, 5, 5]
    h = field_next_to_town(st, "trading_post")
    act(st, "move", hero=MAIN, to=h)
    purpose, options = choice(st)
    assert purpose == "machine_post" and options[-1] == "trade"
    assert "bolt_thrower" in options
    labels = L.choice_labels(st)
    assert labels[0]["key"] == "heroes.exp.opt.machine"
    act(st, "choose", option="bolt_thrower")
    assert p.res == [11, 5, 5] and "bolt_thrower" in p.hand  # the post price: 9 gold
    assert st.flow.top is None  # no trade, no card removal this visit
    assert "bolt_thrower" not in st.battle["exp"]["machines"]  # each machine exists once
    # another visit: the trades instead
    act(st, "revisit", hero=MAIN)
    act(st, "choose", option="trade")
    assert st.flow.top is not None and st.flow.top.kind == R.TRADE
    # without the switch the post is as before
    plain = new()
    ready(plain)
    plain.ps[0].res = [20, 5, 5]
    act(plain, "move", hero=MAIN, to=field_next_to_town(plain, "trading_post"))
    assert plain.flow.top is not None and plain.flow.top.kind == R.TRADE


def test_the_factory_sells_at_the_lower_price() -> None:
    st = new(war_machines=True)
    ready(st)
    p = st.ps[0]
    p.res = [6, 0, 0]
    h = field_next_to_town(st, "siege_workshop")
    act(st, "move", hero=MAIN, to=h)
    purpose, options = choice(st)
    assert purpose == "machine_factory"
    # 6 gold buys the bolt thrower (6) or the infirmary (5) here, not the mantlet (4 + 1 material)
    assert options == ["bolt_thrower", "field_infirmary", "skip"]
    act(st, "choose", option="field_infirmary")
    assert p.res == [1, 0, 0] and "field_infirmary" in p.hand
    view = RULES.view(st, 1)["expansion"]["war_machines"]
    assert {m["id"] for m in view} == {"bolt_thrower", "iron_mantlet", "siege_ram"}
    assert {"factory", "post", "card"} <= set(view[0])


def _battle(units: list[dict], hands: list[list[str]], kind: str = "field") -> Any:
    spec = {"kind": kind, "sides": [
        {"seat": 0, "hero": "morwen", "level": 3, "draw": False, "units": []},
        {"seat": 1, "hero": "adelmar", "level": 3, "draw": False, "units": [],
         "town": kind == "siege"}]}
    st = BATTLE.new_game(GameConfig.for_players(2, battle=spec), 2)
    apply_battle_setup(BATTLE, st, {"units": units,
                                    "sides": [{"hand": hands[0]}, {"hand": hands[1]}]})
    return st


def test_a_war_machine_is_a_permanent_card_in_battle() -> None:
    st = _battle([{"unit": "gazer", "side": 0, "square": 5},
                  {"unit": "shrieker", "side": 0, "square": 1, "activated": True},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["bolt_thrower", "iron_mantlet"], []])
    BATTLE.apply(st, A("play", card="bolt_thrower", mode="basic"))
    side = st.sides[0]
    assert side.in_play == ["bolt_thrower"]
    ranged = [u for u in st.units if u.side == 0 and C.unit(u.did).type == "ranged"]
    others = [u for u in st.units if u.side == 0 and C.unit(u.did).type != "ranged"]
    assert ranged and all(u.bonuses and u.bonuses[0][0] == 1 for u in ranged)
    assert all(not u.bonuses for u in others)
    # one permanent card at a time: the mantlet replaces the thrower (seed card rule 7)
    events = BATTLE.apply(st, A("play", card="iron_mantlet", mode="basic"))
    assert "heroes.ev.replaced" in [e.key for e in events] and side.in_play == ["iron_mantlet"]


# --- summoning ------------------------------------------------------------------------------------
def test_summoning_places_the_unit_next_to_the_summoner_and_the_initiative_rule() -> None:
    """Seed "Beschwören": "Platziere die beschworene Einheit angrenzend zur beschwörenden
    Einheit. Beschworene Einheiten werden in der Kampfrunde ... noch aktiviert, wenn ihr
    Initiativwert höchstens dem der gerade aktivierten Einheit entspricht. Anderenfalls gilt die
    Einheit diese Kampfrunde als bereits aktiviert.\""""
    st = _battle([{"unit": "gazer", "side": 0, "square": 5},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["beckoning_rite"], []])
    summoner = st.units[st.active]
    assert summoner.did == "gazer"
    faction = st.sides[0].faction
    bronze = S.summon_candidates(st, 0, "bronze")
    assert bronze and all(C.unit(u).faction == faction and C.unit(u).role == "faction"
                          for u in bronze)
    events = BATTLE.apply(st, A("play", card="beckoning_rite", mode="basic"))
    new_unit = st.units[-1]
    assert "heroes.ev.summon" in [e.key for e in events]
    assert new_unit.side == 0 and new_unit.deployed and new_unit.did == bronze[0]
    from engine.rules.heroes import board as B

    assert new_unit.sq in B.ADJACENT[summoner.sq]
    assert new_unit.acted == (B.initiative(new_unit) > B.initiative(summoner))
    # both cases of the rule, with the summoner's initiative set around the new unit's
    for delta, acted in ((0, False), (-1, True), (2, False)):
        st2 = _battle([{"unit": "gazer", "side": 0, "square": 5},
                       {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                      [["beckoning_rite"], []])
        first = C.unit(S.summon_candidates(st2, 0, "bronze")[0])
        act_unit = st2.units[st2.active]
        act_unit.bonuses.append([0, 0, first.few.initiative + delta - B.initiative(act_unit),
                                 "round", "test", 0])
        BATTLE.apply(st2, A("play", card="beckoning_rite", mode="basic"))
        assert st2.units[-1].acted is acted, delta
    # after the battle the summoned unit is one of the survivors: it joins the unit deck
    res = BATTLE.result(st)
    assert {"unit": new_unit.did, "pack": False} in res["sides"][0]["survivors"]


def test_summoning_fails_without_space_or_for_neutrals() -> None:
    st = _battle([{"unit": "gazer", "side": 0, "square": 0},
                  {"unit": "shrieker", "side": 0, "square": 1, "activated": True},
                  {"unit": "blindling", "side": 0, "square": 4, "activated": True},
                  {"unit": "bullman", "side": 0, "square": 5, "activated": True},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["beckoning_rite"], []])
    count = len(st.units)
    events = BATTLE.apply(st, A("play", card="beckoning_rite", mode="basic"))
    # spec AMB-96: no free adjacent square, the summon fails (here also no bronze left)
    assert len(st.units) == count
    assert {e.key for e in events} & {"heroes.ev.summon_no_space", "heroes.ev.summon_no_unit"}
    st.sides[1].neutral = True  # seed: "Es können keine neutralen Einheiten beschworen werden"
    assert S.summon_candidates(st, 1, "bronze") == []


def test_the_summoning_rite_reaches_play_through_the_ability_deck() -> None:
    st = new(summoning=True)
    assert st.decks["ability"].count("beckoning_rite") == X.RITE_COPIES
    rite = C.card("beckoning_rite")
    assert [m.timing for m in rite.modes] == ["activation", "activation"]
    assert [m.crown for m in rite.modes] == [False, True]


# --- empowered statistics and the Star Axis ---------------------------------------------------------
def test_empowered_statistics_are_the_expert_effect_without_a_crown() -> None:
    """Seed "Verstärkte Statistikkarten": "Ihr Effekt ist identisch zum Experteneffekt der
    Statistik, aber es ist beim Ausspielen keine Krone mehr erforderlich.\""""
    for stat in X.BASE_STATS:
        card = X.empowered_card(stat)
        assert card is not None
        (mode,) = C.card(card).modes
        expert = next(m for m in C.card(stat).modes if m.id == "expert")
        assert not mode.crown and mode.effects == expert.effects
        assert mode.timing == expert.timing and mode.target == expert.target
    st = _battle([{"unit": "gazer", "side": 0, "square": 5},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["empowered_attack"], []])
    st.sides[0].crowns = 0
    BATTLE.apply(st, A("play", card="empowered_attack", mode="empowered", target=0))
    assert st.units[0].bonuses[0][0] == 2 and st.sides[0].crowns == 0


def test_the_star_axis_swaps_a_statistic_for_its_empowered_card_once_per_player() -> None:
    """Seed "Sternenachse": "Du darfst eine Statistik von deiner Hand entfernen. Nimm dir dann eine
    verstärkte Statistik gleicher Art. Dieser Ort darf Fraktionswürfel mehrerer Spieler
    enthalten.\""""
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    p.hand = ["attack", "power", "magic_arrow"]
    h = field_next_to_town(st, "celestial_pillar")
    act(st, "move", hero=MAIN, to=h)
    purpose, options = choice(st)
    assert purpose == "star_axis" and options == ["attack", "power", "skip"]
    act(st, "choose", option="power")
    assert sorted(p.hand) == ["attack", "empowered_power", "magic_arrow"]
    assert "power" not in p.deck.discard_pile.cards  # removed from the game
    assert 0 in st.marks[h]["shared"]


# --- the expansion locations -----------------------------------------------------------------------
def test_prison_gives_a_secondary_hero_or_three_gold() -> None:
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    h = field_next_to_town(st, "forgotten_oubliette")
    act(st, "move", hero=MAIN, to=h)
    assert p.pos[SECONDARY] == h and p.mp[SECONDARY] == 0  # it moves from the next turn
    # with a secondary hero already: 3 gold instead
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    p.pos[SECONDARY] = p.town
    gold = p.res[0]
    act(st, "move", hero=MAIN, to=field_next_to_town(st, "forgotten_oubliette"))
    assert p.res[0] == gold + 3 and p.pos[SECONDARY] == p.town


def test_tavern_hires_for_seven_gold_and_an_opponent_discards() -> None:
    st = new(expansion_locations=True)
    ready(st)
    p, foe = st.ps[0], st.ps[1]
    p.res = [10, 0, 0]
    foe.hand = ["attack", "defence"]
    h = field_next_to_town(st, "roadside_inn")
    act(st, "move", hero=MAIN, to=h)
    assert choice(st) == ("tavern", ["hire", "skip"])
    act(st, "choose", option="hire")
    assert p.res[0] == 3 and p.pos[SECONDARY] == h
    assert choice(st) == ("tavern_foe", ["1"])
    act(st, "choose", option="1")
    assert len(foe.hand) == 1 and len(foe.deck.discard_pile) == 1


def test_hill_fort_reinforces_three_gold_cheaper() -> None:
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    uid = next(u for u, pack in p.units if not pack and C.unit(u).tier == "bronze")
    full = R.unit_cost(st, uid, True)
    p.res = [full[0] - 3, full[1], full[2]]
    act(st, "move", hero=MAIN, to=field_next_to_town(st, "border_keep"))
    purpose, options = choice(st)
    assert purpose == "hill_fort" and uid in options
    act(st, "choose", option=uid)
    assert [uid, True] in p.units and p.res == [0, 0, 0]


def test_university_and_black_market_take_from_the_discard_piles() -> None:
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    p.res = [20, 0, 0]
    pile = st.decks["ability"].discard_pile
    pile.cards = ["tactics", "first_aid", "sorcery", "armorer", "archery"]
    top4 = pile.peek(4)
    act(st, "move", hero=MAIN, to=field_next_to_town(st, "hall_of_scrolls"))
    act(st, "choose", option="pay")  # 6 gold
    purpose, options = choice(st)
    assert purpose == "university" and options == sorted(set(top4)) + ["skip"]
    act(st, "choose", option=top4[1])
    assert top4[1] in p.hand and p.res[0] == 14
    # the other cards stay in place, in the same order (spec AMB-101)
    assert pile.peek(3) == [c for c in top4 if c != top4[1]]
    # the black market: prices by rarity
    art = st.decks["artifact"].discard_pile
    minor = next(c.id for c in C.all_of("card") if c.kind == "artifact" and c.rarity == "minor")
    relic = next(c.id for c in C.all_of("card") if c.kind == "artifact" and c.rarity == "relic")
    art.cards = [minor, relic]
    p.res = [9, 0, 0]
    h2 = next(h for h, f in sorted(R.board(st).fields.items())
              if not f.blocked and hx.distance(h, st.ps[0].pos[MAIN]) == 1
              and h != st.ps[0].town)
    R.board(st).fields[h2] = R.board(st).fields[h2]._replace(location="shadow_bazaar", guard=0)
    st.marks.pop(h2, None)
    settle(st)
    p.mp[MAIN] = 3
    act(st, "move", hero=MAIN, to=h2)
    purpose, options = choice(st)
    # 9 gold: the minor artifact (5), not the relic (10)
    assert purpose == "black_market" and options == [minor, "skip"]
    act(st, "choose", option=minor)
    assert minor in p.hand and p.res[0] == 4 and art.cards == [relic]


def test_market_of_time_removes_a_card_then_searches() -> None:
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    p.hand = ["magic_arrow", "attack"]
    act(st, "move", hero=MAIN, to=field_next_to_town(st, "hourglass_bazaar"))
    assert choice(st) == ("time_remove", ["attack", "magic_arrow", "skip"])
    act(st, "choose", option="magic_arrow")
    assert p.hand == ["attack"]
    assert choice(st) == ("time_deck", ["ability", "spell", "artifact"])
    act(st, "choose", option="spell")
    assert st.flow.top is not None and st.flow.top.kind == R.SEARCH
    assert st.flow.top.data[:2] == ("spell", 2)


@pytest.mark.parametrize("face", [1, 0, -1])
def test_the_scholar_by_the_attack_die(monkeypatch: pytest.MonkeyPatch, face: int) -> None:
    monkeypatch.setattr(X, "SCHOLAR_DIE", (face,) * 6)
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    p.hand = ["defence"]
    act(st, "move", hero=MAIN, to=field_next_to_town(st, "wandering_scholar"))
    if face == 1:
        purpose, options = choice(st)
        assert purpose == "scholar_stat" and "gain:knowledge" in options \
            and "remove:defence" in options
        act(st, "choose", option="gain:knowledge")
        assert sorted(p.hand) == ["defence", "knowledge"]
    else:
        top = st.flow.top
        kind = "ability" if face == 0 else "spell"
        assert top is not None and top.kind == R.KEEP and top.data == (kind,)
        assert len(st.looking) == 2
        keep = st.looking[0]
        other = st.looking[1]
        discards = len(st.decks[kind].discard_pile)
        act(st, "keep", card=keep)
        assert keep in p.hand and len(st.decks[kind].discard_pile) == discards + 1
        assert st.decks[kind].discard_pile.top() == other


def test_library_swaps_a_statistic_in_place_twice_a_visit() -> None:
    st = new(expansion_locations=True)
    ready(st)
    p = st.ps[0]
    p.hand = ["attack", "magic_arrow"]
    p.deck.discard_pile.cards = ["power", "magic_arrow"]
    p.res = [10, 0, 0]
    act(st, "move", hero=MAIN, to=field_next_to_town(st, "archive_of_quills"))
    purpose, options = choice(st)
    assert purpose == "library" and "hand:attack:defence" in options \
        and "discard:power:knowledge" in options and options[-1] == "done"
    act(st, "choose", option="hand:attack:defence")
    assert p.hand == ["defence", "magic_arrow"] and p.res[0] == 7
    act(st, "choose", option="discard:power:knowledge")
    assert p.deck.discard_pile.cards == ["knowledge", "magic_arrow"] and p.res[0] == 4
    assert st.flow.top is None  # twice a visit (seed "Bibliothek")


# --- the random town ---------------------------------------------------------------------------------
def test_the_random_town_takes_an_unused_faction_and_defends_behind_walls() -> None:
    """Seed "Zufällige Stadt": "Sobald entdeckt, lösen die Spieler eine nicht verwendete
    Fraktion ... Im Kampf werden Mauern und folgende Fraktionseinheiten verwendet: 1x Rudel ★,
    2x Rudel ☆ und 2x Wenige" (spec §19.6: gold); "Die Stadt erhöht das Gold-Einkommen um 10".
    """
    st = new(expansion_locations=True)
    ready(st)
    h = field_next_to_town(st, X.RANDOM_TOWN)
    R.board(st).fields[h] = R.board(st).fields[h]._replace(guard=5)
    events: list = []
    X.assign_towns(st, events)
    faction = st.marks[h]["faction"]
    assert faction not in {p.faction for p in st.ps}
    assert events[0].key == "heroes.exp.town_faction"
    units = X.town_defenders(faction)
    tiers = [(C.unit(u["unit"]).tier, u["pack"]) for u in units]
    assert tiers == [("bronze", True), ("silver", True), ("silver", True), ("gold", False),
                     ("gold", False)]
    # the attack: the player to the right leads the town and chooses its bronze unit first
    st.ps[0].mp[MAIN] = 3
    act(st, "move", hero=MAIN, to=h)
    settle_windows = [a for a in RULES.legal_actions(st) if a.kind == "pass"]
    while settle_windows:
        act(st, "pass")
        settle_windows = [a for a in RULES.legal_actions(st) if a.kind == "pass"]
    purpose, options = choice(st)
    assert purpose == "town_bronze" and st.flow.top.seat == 1
    assert options == [u for u in C.faction(faction).units if C.unit(u).tier == "bronze"]
    act(st, "choose", option=options[-1])
    assert st.sub is not None
    battle = st.sub.state
    assert battle.spec["kind"] == "siege" and battle.sides[1].town  # walls after deployment
    assert [u.did for u in battle.units if u.side == 1 and not u.tower][0] == options[-1]
    assert battle.max_rounds == R.PVP_ROUNDS  # our cap, as between players
    # won: the attacker flags it: gold income +10, and 10 gold at once for the first flag
    from engine.rules.heroes.adventure.game import CLASH

    st.sub = None
    tag = st.battle.pop("tag")
    gold, income = st.ps[0].res[0], R.income(st, 0)[0]
    R._battle_over(CLASH, st, tag, 0, "defeat", None, [])
    settle(st)
    assert st.marks[h]["cube"] == 0 and st.marks[h]["cleared"]
    assert R.income(st, 0)[0] == income + 10 and st.ps[0].res[0] == gold + 10


# --- a whole seeded bot game with every switch, replayed --------------------------------------------
def test_a_bot_game_with_every_switch_ends_and_replays(tmp_path: Path) -> None:
    config = bot_config("heroes", ["heuristic", "heuristic"], options={"mode": "clash", **ALL})
    session = Session.start("heroes", config, 7001)
    bots = seat_bots("heroes", config, 7001)
    seen: set[str] = set()
    for _ in range(6000):
        if session.is_over:
            break
        actor = session.actor
        assert actor is not None
        events = session.apply(bots[actor].choose(RULES, session.state, actor))
        seen |= {e.key for e in events}
    assert session.is_over
    assert "heroes.exp.event" in seen
    data = json.loads(json.dumps(session.record().to_json()))
    path = tmp_path / "expansion.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    replay(GameRecord.from_json(data), verify=True)  # every stored hash replays
    from engine.cli import main

    assert main(["replay", str(path), "--verify"]) in (0, None)
