"""The map game (``heroes`` mode clash) on the test map of fixtures/map_fixture.yaml: the seed's
worked examples as scenario tests (spec §22: T-01 Alicia's turn, T-03 the mine with the corrected
fixture, T-06 Bob's Search), the level table, placement and the mage guild rule, random games to
the end, save and load, and the conformance checks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from engine import conform, registry
from engine.content.i18n import Catalog
from engine.core import hexgrid as hx
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.heroes import content as C
from engine.rules.heroes import decks as D
from engine.rules.heroes.adventure import labels as L
from engine.rules.heroes.adventure import mapdata as M
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN, MapState
from engine.rules.heroes.battle import RULES as BATTLE

FIXTURE = Path(__file__).parent / "fixtures" / "map_fixture.yaml"
RULES = registry.rules("heroes")
EN = Catalog.load("en")


@pytest.fixture(autouse=True)
def test_map() -> Iterator[M.MapContent]:
    with FIXTURE.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.CSafeLoader)
    with M.using(M.from_plain(data)) as mc:
        yield mc


def new(players: int = 2, seed: int = 1, **opts: object) -> MapState:
    opts.setdefault("map_difficulty", "impossible")  # no start bonus unless a test asks for one
    st = RULES.new_game(GameConfig.for_players(players, mode="clash", **opts), seed)
    assert isinstance(st, MapState)
    return st


def act(st: MapState, kind: str, **params: object) -> list:
    return RULES.apply(st, Action.make(kind, **params))


def pass_windows(st: MapState) -> None:
    while st.flow.top is not None and st.flow.top.kind == R.WINDOW:
        act(st, "pass")


def end_turn(st: MapState) -> list:
    """Ends the turn and passes the town-action windows that follow; returns the events."""
    events = act(st, "end_turn")
    while st.flow.top is not None and st.flow.top.kind == R.WINDOW:
        events += act(st, "pass")
    return events


def finish_refresh(st: MapState) -> None:
    while st.flow.phase == R.REFRESH:
        p = st.ps[st.current]
        if len(p.hand) > D.hand_limit(p.level):
            act(st, "discard", card=p.hand[0])
        else:
            act(st, "draw")


# --- set-up and rounds ---------------------------------------------------------------------------
def test_setup_follows_the_scenario() -> None:
    st = new()
    sc = R.mc().scenarios["duel"]
    assert st.flow.phase == R.REFRESH and st.current == 0 and st.round == 1
    assert [len(p.supply) for p in st.ps] == [2, 2]
    assert len(st.slots) == len(sc.slots)
    for p in st.ps:
        assert p.res == [15, 3, 1] and p.level == 1 and p.xp == 0
        assert R.income(st, st.ps.index(p)) == [10, 1, 0]  # base 8 + the town hall's 2
        assert p.pos[MAIN] == p.town and p.mp[MAIN] == 3
        assert len(p.deck) == 9 and not p.hand  # spec AMB-04: no hand before the first turn
        assert [u for u, _ in p.units] and all(not pack for _, pack in p.units)
        assert p.built == ["town_hall", "dwelling_bronze"]


def test_income_in_odd_rounds_from_round_three() -> None:
    st = new()
    paid = []
    for _ in range(3):
        for _ in range(2):
            finish_refresh(st)
            events = end_turn(st)
            paid += [(st.round, e.params["res"]) for e in events
                     if e.key == "heroes.map.income"]
    # only round 3 pays: the town hall's 2 gold on the scenario's 8 gold and 1 material
    assert paid == [(3, [10, 1, 0]), (3, [10, 1, 0])]


def test_astrologer_card_in_even_rounds() -> None:
    st = new()
    for _ in range(2):
        finish_refresh(st)
        end_turn(st)
    assert st.round == 2 and st.astro_card in R.mc().astrologers
    assert st.astro.discard_count() == 1


def test_start_bonus_normal_difficulty() -> None:
    st = new(map_difficulty="normal")
    top = st.flow.top
    assert top is not None and top.kind == R.CHOOSE and top.data[0] == "bonus"
    assert [a["option"] for a in RULES.legal_actions(st)] == ["0", "1"]
    act(st, "choose", option="1")  # Search (2) the artifact deck
    act(st, "search", **{"from": "deck"})
    card = st.looking[0]
    act(st, "keep", card=card)
    assert card in st.ps[0].hand  # spec R-265: bonus artifacts go to the hand
    top = st.flow.top
    assert top is not None and top.seat == 1 and top.data[0] == "bonus"


# --- T-01 Alicia's turn (seed "Beispiel-Spielzug") -----------------------------------------------
def test_t01_alicias_turn() -> None:
    st = new(faction_1="sunward", faction_2="underhold")
    alicia, bob = st.ps
    alicia.level, alicia.xp = 3, 4
    alicia.hand = alicia.deck.draw_pile.take_top(3)
    alicia.built += ["dwelling_silver", "mage_guild"]
    alicia.built_round["mage_guild"] = 0  # built before this round
    alicia.res = [40, 10, 2]
    # Bob's main hero stands next to Alicia's
    bob.pos[MAIN] = (1, 0)
    deck_before = alicia.deck.draw_count()
    act(st, "discard", card=alicia.hand[0])
    act(st, "discard", card=alicia.hand[0])
    act(st, "draw")
    assert len(alicia.hand) == 5 and deck_before - alicia.deck.draw_count() == 4
    with pytest.raises(IllegalAction):  # the gold unit needs the gold dwelling
        act(st, "recruit", unit="lancer")
    act(st, "build", building="dwelling_gold")
    act(st, "recruit", unit="lancer")  # the same round: only the mage guild must wait
    assert not alicia.tokens["build"] and not alicia.tokens["population"]
    assert ["lancer", False] in alicia.units
    act(st, "move", hero=MAIN, to=(1, 0))
    top = st.flow.top
    assert top is not None and top.kind == R.WINDOW and set(top.seats) == {0, 1}
    # Alicia has built and recruited this round: only the spell book is left to her
    legal = RULES.legal_actions(st)
    assert [a.kind for a in legal] == ["spellbook", "pass"]
    act(st, "pass")
    kinds = {a.kind for a in RULES.legal_actions(st)}
    assert st.flow.top is not None and st.flow.top.seat == 1
    assert {"build", "pass"} <= kinds  # Bob may use any unused token
    act(st, "pass")
    assert st.sub is not None and st.battle["tag"]["kind"] == "pvp"


def test_t01_a_seat_without_town_actions_is_not_asked() -> None:
    st = new()
    finish_refresh(st)
    st.ps[0].tokens = {t: False for t in st.ps[0].tokens}
    st.ps[1].pos[MAIN] = (1, 0)
    act(st, "move", hero=MAIN, to=(1, 0))
    top = st.flow.top
    assert top is not None and top.kind == R.WINDOW and top.seats == (1,)


def test_town_windows_between_turns_and_at_the_round_end() -> None:
    # spec AMB-14 (a, c, d): between turns the seats other than the one ending and the one
    # starting; at the round's end every seat but the one ending; none without a town action
    st = new(3)
    while st.flow.top is not None:  # the starting units and start tiles of the 3 seats
        top = st.flow.top
        if top.kind == R.CHOOSE:
            act(st, "choose", option=top.data[1][0])
        else:
            act(st, "rotate", rotation=top.data[3][0])
    for p in st.ps:
        p.res = [60, 20, 10]
    finish_refresh(st)
    act(st, "end_turn")
    top = st.flow.top
    assert top is not None and top.kind == R.WINDOW and top.seats == (2,)
    assert top.reason is not None and top.reason.key == "heroes.map.prompt.window_turn"
    plain = [b for b in R._buildable(st, 2)
             if not R.mc().building(st.ps[2].faction, b).on_build]
    act(st, "build", building=plain[0])
    assert st.flow.top is not None and st.flow.top.kind == R.WINDOW
    act(st, "pass")
    assert st.current == 1 and st.flow.phase == R.REFRESH
    finish_refresh(st)
    st.ps[0].tokens = {t: False for t in st.ps[0].tokens}  # seat 0 has nothing left to do
    act(st, "end_turn")
    assert st.flow.top is None and st.current == 2  # seat 0 would be asked: it cannot act
    finish_refresh(st)
    act(st, "end_turn")
    top = st.flow.top
    assert top is not None and top.seats == (1,) and st.round == 1  # seat 2's build is used
    assert top.reason is not None and top.reason.key == "heroes.map.prompt.window_round"
    act(st, "pass")
    assert st.round == 2 and st.current == 0 and all(st.ps[2].tokens.values())


def test_two_players_have_a_window_only_at_the_round_end() -> None:
    st = new()
    for p in st.ps:
        p.res = [60, 20, 10]
    finish_refresh(st)
    act(st, "end_turn")
    assert st.flow.top is None and st.current == 1
    finish_refresh(st)
    act(st, "end_turn")
    top = st.flow.top
    assert top is not None and top.kind == R.WINDOW and top.seats == (0,)


# --- morale (seed "Moralaktionen") ----------------------------------------------------------------
def _queue_effect(st: MapState, eff: dict) -> None:
    from engine.rules.heroes.adventure.game import CLASH

    R.queue(st).append(["effect", 0, MAIN, eff])
    R.run(CLASH, st, [])


def test_good_morale_rerolls_a_die_just_rolled() -> None:
    st = new(faction_1="sunward")
    finish_refresh(st)
    p = st.ps[0]
    p.morale = 1
    _queue_effect(st, {"type": "resource_die"})
    view = RULES.view(st, 0)
    assert view["choice"] == ["reroll:0", "keep"] and len(view["choice_labels"]) == 2
    before = sum(p.res)
    events = act(st, "choose", option="reroll:0")
    assert p.morale == 0 and sum(p.res) > before
    assert [e.key for e in events].count("heroes.map.resource_die") == 1  # the new roll
    p.morale = 1
    _queue_effect(st, {"type": "resource_die"})
    before = sum(p.res)
    act(st, "choose", option="keep")
    assert p.morale == 1 and sum(p.res) > before
    p.morale = 0
    _queue_effect(st, {"type": "resource_die"})  # no token: the roll resolves at once
    assert st.flow.top is None


def test_a_second_good_morale_may_spend_the_first() -> None:
    st = new(faction_1="sunward")
    finish_refresh(st)
    p = st.ps[0]
    p.morale = 1
    hand = len(p.hand)
    _queue_effect(st, {"type": "morale_plus"})
    top = st.flow.top
    assert top is not None and top.data[0] == "morale_second"
    assert list(top.data[1]) == ["draw", "cycle", "lose"]
    act(st, "choose", option="draw")
    assert p.morale == 1 and len(p.hand) == hand + 1
    _queue_effect(st, {"type": "morale_plus"})
    act(st, "choose", option="lose")
    assert p.morale == 1 and len(p.hand) == hand + 1
    st.ps[0].faction = "gravemoor"  # the undead ignore morale: no choice
    _queue_effect(st, {"type": "morale_plus"})
    assert st.flow.top is None


def test_good_morale_swaps_any_part_of_the_hand_one_card_at_a_time() -> None:
    st = new(faction_1="sunward")
    finish_refresh(st)
    p = st.ps[0]
    p.morale = 1
    p.hand = ["offense", "armorer", "rally"]
    assert Action.make("morale", use="cycle") in RULES.legal_actions(st)
    act(st, "morale", use="cycle")
    assert p.morale == 0
    view = RULES.view(st, 0)
    assert view["choice"] == ["armorer", "offense", "rally", "done"]
    act(st, "choose", option="armorer")
    act(st, "choose", option="done")
    assert st.flow.top is None and len(p.hand) == 3 and "armorer" not in p.hand[:2]
    assert p.deck.discard_pile.cards[0] == "armorer"


def test_good_morale_goes_into_a_battle_and_a_spent_token_comes_back_spent() -> None:
    # seed "Moralaktionen": the token may reroll a die of the battle too (tests/heroes/
    # test_morale.py); the battle gets it in the side and hands it back in its result
    st = _mine_game(1, 1)
    st.ps[0].morale = 1
    act(st, "move", hero=MAIN, to=MINE)
    pass_windows(st)
    assert st.sub is not None and st.sub.state.sides[0].morale == 1
    side = R.side_of(st, 0, MAIN)
    R._take_back(st, 0, MAIN, {**side, "survivors": side["units"], "in_play": [],
                               "morale": 1})
    assert st.ps[0].morale == 1  # kept
    R._take_back(st, 0, MAIN, {**side, "survivors": side["units"], "in_play": [],
                               "morale": 0})
    assert st.ps[0].morale == 0  # spent in the battle
    st.ps[0].morale = -1
    assert R.side_of(st, 0, MAIN)["morale"] == 0  # a bad token gives the battle nothing


def test_no_rerolls_takes_the_map_dice_reroll_away() -> None:
    st = new(faction_1="sunward", no_rerolls=True)
    finish_refresh(st)
    st.ps[0].morale = 1
    _queue_effect(st, {"type": "resource_die"})
    assert st.flow.top is None  # the roll resolves at once: no reroll offered
    assert st.ps[0].morale == 1
    assert R._variants(st).get("no_rerolls") is True  # and the battles get the option


def test_good_morale_is_spent_in_a_window_outside_the_own_turn() -> None:
    st = new(faction_1="sunward")
    for p in st.ps:
        p.res = [60, 20, 10]
    finish_refresh(st)
    end_turn(st)
    finish_refresh(st)
    st.ps[0].morale = 1
    hand = len(st.ps[0].hand)
    act(st, "end_turn")
    top = st.flow.top
    assert top is not None and top.kind == R.WINDOW and top.seats == (0,)
    assert Action.make("morale", use="draw") in RULES.legal_actions(st)
    act(st, "morale", use="draw")
    assert st.ps[0].morale == 0 and len(st.ps[0].hand) == hand + 1


# --- neutral armies and the sanctuary ------------------------------------------------------------
def test_an_eliminated_player_does_not_lead_the_neutrals() -> None:
    # seed "Kämpfe gegen Neutrale": the player to the right leads them; an eliminated one is
    # skipped (the next to the right)
    st = new(3, neutrals="player")
    while st.flow.top is not None:
        top = st.flow.top
        if top.kind == R.CHOOSE:
            act(st, "choose", option=top.data[1][0])
        else:
            act(st, "rotate", rotation=top.data[3][0])
    finish_refresh(st)
    town = st.ps[0].town
    assert town is not None
    guarded = next(h for h, f in sorted(R.board(st).fields.items())
                   if f.guard and hx.distance(h, town) == 1)
    st.ps[2].out = True  # seat 2 sits to seat 0's right
    act(st, "move", hero=MAIN, to=guarded)
    pass_windows(st)
    assert st.sub is not None and st.sub.seats[1] == 1


def test_passing_over_an_enemy_hero_on_a_sanctuary() -> None:
    st = new()
    finish_refresh(st)
    b = R.board(st)
    b.fields[(1, 0)] = b.fields[(1, 0)]._replace(location="haven", guard=0)
    st.ps[1].pos[MAIN] = (1, 0)  # an enemy hero on the sanctuary east of seat 0's town
    here = (1, -1)
    st.ps[0].pos[MAIN] = here
    targets = R.move_targets(st, 0, MAIN)
    assert (1, 0) not in targets  # no attack there, no end of a move there
    beyond = [h for h in b.steps((1, 0)) if h != here and hx.distance(h, here) == 2]
    assert beyond and all(targets.get(h) == 2 for h in beyond)
    reach = {tuple(f["at"]): f["mp"] for f in RULES.view(st, 0)["reach"]["main"]}
    assert (1, 0) not in reach and all(reach.get(h) == 2 for h in beyond)
    act(st, "move", hero=MAIN, to=beyond[0])
    assert st.ps[0].pos[MAIN] == beyond[0] and st.ps[0].mp[MAIN] == 1


# --- T-03 the mine (spec §11.7, the corrected fixture of §25.3) -----------------------------------
MINE = (1, -1)  # field 2 of the start tile at (0, 0): the materials mine, difficulty I


def _mine_game(level: int, xp: int) -> MapState:
    st = new(faction_1="gravemoor", hero_1="magic", neutrals="auto")
    p = st.ps[0]
    p.level, p.xp, p.crowns = level, xp, D.crowns(level)
    finish_refresh(st)
    p.hand = ["haste", "lightning_bolt", "town_portal", "power"]
    assert R.board(st).fields[MINE].location == "ore_pit" and R.board(st).fields[MINE].guard == 1
    return st


def test_battle_xp_compares_the_beaten_level_with_the_heros() -> None:
    assert [R.battle_xp(3, beaten) for beaten in (1, 2, 3, 4, 6)] == [0, 0, 1, 2, 2]


def test_xp_for_a_guard_above_the_heros_level() -> None:
    """Seed "Erfahrungspunkte im Kampf": a difficulty higher than the hero's level gives 2 XP
    (equal gives 1, see T-03a)."""
    st = _mine_game(1, 0)
    p = st.ps[0]
    act(st, "move", hero=MAIN, to=MINE)
    pass_windows(st)
    assert st.sub is not None
    st.battle["tag"]["guard"] = 2  # the same fight, read as a difficulty-II guard
    BATTLE.setup_scenario(st.sub.state, {
        "units": [{"unit": "wailer", "side": 0, "pack": True, "square": 1},
                  {"unit": "cave_dweller", "side": 1, "square": 18}]})
    act(st, "play", card="haste", mode="empower")
    act(st, "play", card="lightning_bolt", mode="e1", target=1)
    assert st.sub is None
    assert p.level == 2 and p.xp == 2


def test_t03a_mine_battle_level_one() -> None:
    st = _mine_game(1, 1)
    p = st.ps[0]
    income_before = R.income(st, 0)
    act(st, "move", hero=MAIN, to=MINE)
    pass_windows(st)
    assert st.sub is not None and st.battle["tag"]["guard"] == 1
    battle = st.sub.state
    BATTLE.setup_scenario(battle, {
        "units": [{"unit": "wailer", "side": 0, "pack": True, "square": 1},
                  {"unit": "cave_dweller", "side": 1, "square": 18}]})
    act(st, "play", card="haste", mode="empower")
    events = act(st, "play", card="lightning_bolt", mode="e1", target=1)
    assert st.sub is None
    # one line says the battle is over, with its result (not the battle's own as well)
    keys = [e.key for e in events]
    assert "heroes.ev.over" not in keys and keys.count("heroes.map.battle_over") == 1
    over = next(e for e in events if e.key == "heroes.map.battle_over")
    assert over.params["winner"] == 0 and over.params["side"] == 0
    # won: +1 XP reaches level 2 (a Search of the ability deck) before the visit
    assert p.level == 2 and p.xp == 2 and p.crowns == 1
    top = st.flow.top
    assert top is not None and top.kind == R.SEARCH and top.data[0] == "ability"
    act(st, "search", **{"from": "discard"})
    # the visit flags the mine: materials income +2 and the first flag pays 2 at once
    assert st.marks[MINE]["cube"] == 0
    assert R.income(st, 0)[1] == income_before[1] + 2
    assert p.res[1] == 3 + 2
    assert "town_portal" in p.hand and "power" in p.hand
    # the Town Portal, empowered by the Power card's expert effect (its crown): the hero goes
    # to an own town or settlement and gains 1 MP (seed, mine example; spec T-03a)
    assert p.crowns == 1 and p.mp[MAIN] == 2
    plays = [a for a in RULES.legal_actions(st) if a.kind == "play" and a["hero"] == MAIN]
    assert {(a["card"], a["mode"], a["boost"]) for a in plays} >= {
        ("town_portal", "e0", ()), ("town_portal", "e2", ("power/expert",))}
    assert not any(a["mode"] == "e4" for a in plays)  # empower 2 cannot pay 4
    with pytest.raises(IllegalAction):  # the empower must be paid
        act(st, "play", card="town_portal", mode="e2", hero=MAIN, boost=())
    act(st, "play", card="town_portal", mode="e2", hero=MAIN, boost=("power/expert",))
    assert p.crowns == 0 and {"town_portal", "power"} <= set(p.deck.discard_pile.cards)
    assert len(p.hand) == 1  # the Power card's draw
    view = RULES.view(st, 0)
    assert view["choice"] == ["0,0"] and len(view["choice_labels"]) == 1
    act(st, "choose", option="0,0")
    assert p.pos[MAIN] == (0, 0) and p.mp[MAIN] == 3


def test_map_cards_movement_resources_and_reinforce_after_combat() -> None:
    st = new(faction_1="gravemoor")
    finish_refresh(st)
    p = st.ps[0]
    p.hand = ["town_portal"]
    # a map card is played on the own turn only; an empower mode alone is no map play
    assert not any(a.kind == "play" and a["mode"] != "e0" for a in RULES.legal_actions(st))
    with pytest.raises(IllegalAction):
        act(st, "play", card="town_portal", mode="empower", hero=MAIN, boost=())
    moves = [c.id for c in C.all_of("card") if any(
        m.timing == "adventure" and m.effects[0].type == "movement" and not m.crown
        and not m.cost and len(m.effects) == 1 for m in c.modes)]
    golds = [c.id for c in C.all_of("card") if any(
        m.timing == "adventure" and [e.type for e in m.effects] == ["gain_resources"]
        and not m.crown for m in c.modes)]
    after = [c.id for c in C.all_of("card") if any(
        m.timing == "adventure" and m.effects[0].type == "reinforce_after_combat"
        and not m.crown for m in c.modes)]
    assert moves and golds and after
    p.hand = [moves[0], golds[0], after[0]]
    mode = next(m for m in C.card(moves[0]).modes if m.timing == "adventure" and not m.crown)
    mp = p.mp[MAIN]
    act(st, "play", card=moves[0], mode=mode.id, hero=MAIN, boost=())
    assert p.mp[MAIN] == mp + int(mode.effects[0].params.get("mp", 1))
    mode = next(m for m in C.card(golds[0]).modes if m.timing == "adventure" and not m.crown)
    res = p.res[:]
    act(st, "play", card=golds[0], mode=mode.id, hero=MAIN, boost=())
    assert p.res[0] == res[0] + int(mode.effects[0].params.get("gold", 0))
    # reinforcing after a combat needs a combat won this turn
    assert not any(a.kind == "play" for a in RULES.legal_actions(st))
    st.battle["won"] = [0]
    few = next(u for u, pack in p.units if not pack and C.unit(u).pack is not None)
    p.res = [50, 10, 10]
    mode = next(m for m in C.card(after[0]).modes if m.timing == "adventure" and not m.crown)
    act(st, "play", card=after[0], mode=mode.id, hero=MAIN, boost=())
    assert few in RULES.view(st, 0)["choice"]
    act(st, "choose", option=few)
    cost = R.unit_cost(st, few, True)
    assert [few, True] in p.units and p.res[0] == 50 - cost[0] // 2
    end_turn(st)
    assert "won" not in st.battle


def test_battle_over_names_the_winning_seat_not_the_side() -> None:
    from engine.rules.heroes.adventure.game import CLASH

    st = new()
    finish_refresh(st)
    p1 = st.ps[1]
    field = st.ps[0].town
    assert field is not None
    # seat 1 attacks seat 0 and loses: the battle's side 1 won, which is seat 0
    p1.pos[MAIN] = field
    tag = {"kind": "pvp", "seat": 1, "hero": MAIN, "field": list(field), "foe": 0,
           "foe_hero": MAIN, "town": False}
    ev: list = []
    R._battle_over(CLASH, st, tag, 1, "defeat", None, ev)
    over = next(e for e in ev if e.key == "heroes.map.battle_over")
    assert over.params["winner"] == 0 and over.params["side"] == 1 and over.params["foe"] == 0
    # the neutrals beat seat 1: no seat won
    st = new()
    finish_refresh(st)
    st.ps[1].pos[MAIN] = field
    tag = {"kind": "neutral", "seat": 1, "hero": MAIN, "field": list(field), "guard": 2}
    ev = []
    R._battle_over(CLASH, st, tag, 1, "defeat", None, ev)
    over = next(e for e in ev if e.key == "heroes.map.battle_over")
    assert over.params["winner"] is None and over.params["side"] == 1


def test_t03b_quick_combat_at_level_two() -> None:
    st = _mine_game(2, 2)
    p = st.ps[0]
    act(st, "move", hero=MAIN, to=MINE)
    assert st.sub is None and st.flow.top is None
    assert p.xp == 2 and p.level == 2  # no XP from a quick combat
    assert st.marks[MINE]["cube"] == 0 and p.res[1] == 5


# --- T-06 Bob's Search (seed "Beispiel einer Durchsuchen-Aktion") --------------------------------
def _bob(guild_round: int) -> MapState:
    st = new(faction_1="underhold", hero_1="magic")
    bob = st.ps[0]
    assert bob.hero == "morwen"
    st.round = 3
    bob.built.append("mage_guild")
    bob.built_round["mage_guild"] = guild_round
    bob.res[0] = 5
    spells = st.decks["spell"]
    spells.discard_pile.cards = ["curse"]
    spells.draw_pile.cards = ["magic_arrow", "fireball"] + [
        c for c in spells.draw_pile.cards if c not in ("curse", "fireball")][:6]
    finish_refresh(st)
    return st


def test_t06_bobs_search() -> None:
    st = _bob(2)
    bob = st.ps[0]
    spells = st.decks["spell"]
    before = spells.draw_count()
    act(st, "spellbook")
    assert bob.res[0] == 0 and not bob.tokens["spellbook"]
    assert {a["from"] for a in RULES.legal_actions(st)} == {"deck", "discard"}
    act(st, "search", **{"from": "deck"})
    assert sorted(st.looking) == ["fireball", "magic_arrow"]
    act(st, "keep", card="fireball")
    assert "fireball" in bob.hand
    assert spells.discard_pile.cards[:2] == ["magic_arrow", "curse"]
    assert spells.draw_count() == before - 2


def test_t06_no_spell_book_in_the_round_the_guild_was_built() -> None:
    st = _bob(3)
    with pytest.raises(IllegalAction) as exc:
        act(st, "spellbook")
    assert exc.value.rule == "heroes.map.rule.no_guild"


def test_t20_mage_guild_waits_a_round() -> None:
    st = new()
    st.ps[0].res = [30, 10, 0]
    finish_refresh(st)
    act(st, "build", building="mage_guild")
    if st.flow.top is not None:  # the guild's spell on building
        act(st, "search", **{"from": "deck"})
        act(st, "keep", card=st.looking[0])
    assert Action("spellbook") not in RULES.legal_actions(st)
    end_turn(st)
    finish_refresh(st)
    end_turn(st)
    finish_refresh(st)
    assert st.round == 2 and Action("spellbook") in RULES.legal_actions(st)


# --- T-02 the level table ------------------------------------------------------------------------
def test_t02_levels_and_their_effects() -> None:
    st = new(faction_1="sunward", hero_1="might")
    p = st.ps[0]
    ev: list = []
    R.gain_xp(st, 0, 4, ev)  # two levels at once: both Searches queued, in order
    assert p.level == 3 and p.crowns == 1
    assert [q[0] for q in R.queue(st)] == ["search", "search"]
    R.queue(st).clear()
    R.gain_xp(st, 0, 2, ev)
    assert p.level == 4 and p.crowns == 2
    assert C.hero("adelmar").specialties[1] in p.hand  # specialty IV goes to the hand
    R.gain_xp(st, 0, 20, ev)
    assert p.level == 7 and p.xp == 12
    assert [D.hand_limit(lv) for lv in range(1, 8)] == [4, 4, 5, 5, 6, 6, 7]


# --- T-19 placing a tile -------------------------------------------------------------------------
def test_t19_a_placed_tile_touches_two_tiles() -> None:
    st = new()
    finish_refresh(st)
    p = st.ps[0]
    tile = p.supply[0]
    # (-1, 3) touches the start tile and the face-down tile at (1, 4): two tiles
    p.pos[MAIN] = (0, 1)  # field SE of the town, next to the slot at (-1, 3)
    assert (-1, 3) in R.placements(st, 0, MAIN, tile)
    # (-3, 2) touches only the start tile
    p.pos[MAIN] = (-1, 0)
    assert (-3, 2) not in R.placements(st, 0, MAIN, tile)
    with pytest.raises(IllegalAction):
        act(st, "place", at=(-3, 2), hero=MAIN, tile=tile)


def test_discover_reveals_a_tile_and_asks_its_rotation() -> None:
    st = new()
    finish_refresh(st)
    p = st.ps[0]
    p.pos[MAIN] = (1, 0)  # the town's east field, next to the face-down tile at (2, 1)
    slot = next(s for s in st.slots if (s[1], s[2]) == (2, 1))
    events = act(st, "discover", at=(2, 1), hero=MAIN)
    assert any(e.reveal for e in events) and p.mp[MAIN] == 2
    top = st.flow.top
    assert top is not None and top.kind == R.ROTATE and top.data[0] == slot[3]
    act(st, "rotate", rotation=top.data[3][0])
    assert [slot[3], 2, 1, top.data[3][0]] in st.placed
    assert R.board(st).areas() == 2  # joined to the start tile; the other start lies apart


def test_view_names_the_tile_being_turned_and_where() -> None:
    st = new()
    finish_refresh(st)
    st.ps[0].pos[MAIN] = (1, 0)
    slot = next(s for s in st.slots if (s[1], s[2]) == (2, 1))
    assert RULES.view(st, 0)["rotating"] is None
    act(st, "discover", at=(2, 1), hero=MAIN)
    view = RULES.view(st, 0)
    assert view["rotating"] == {"tile": slot[3], "at": [2, 1]}
    assert view["rotations"]


def test_view_labels_every_choice_option_in_both_languages() -> None:
    st = new(map_difficulty="normal")
    view = RULES.view(st, 0)
    assert view["choice"] == ["0", "1"] and len(view["choice_labels"]) == 2
    en, de = EN, Catalog.load("de")
    texts = [en.message(m) for m in view["choice_labels"]]
    assert texts == ["roll 2 resource dice and keep one", "Search (2) the artifact deck"]
    assert de.message(view["choice_labels"][1]) == "Durchsuche (2) das Artefakt-Deck"
    # a settlement's options: incomes by resource, reinforcements by the unit's name
    lab = L.option_label(st, 0, "settlement", "materials", [[0, 0], True])
    assert en.message(lab) == "Raise the materials income"
    uid = C.faction(st.ps[0].faction).units[0]
    lab = L.option_label(st, 0, "settlement", f"reinforce:{uid}", [[0, 0], True])
    assert en.message(lab) == f"Reinforce {C.unit(uid).name['en']}"
    # every text is in the catalog of both languages (no key shows through)
    for m in view["choice_labels"]:
        for cat in (en, de):
            assert not cat.message(m).startswith("heroes.")


# --- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_random_games_end_and_reload(players: int) -> None:
    for seed in range(2):
        st = new(players, seed)
        rng = Rng(seed)
        steps = 0
        while not RULES.is_over(st):
            legal = RULES.legal_actions(st)
            assert legal
            top = st.flow.top
            if top is not None and top.kind == R.CHOOSE:  # every option has a catalog label
                labels = L.choice_labels(st)
                assert len(labels) == len(top.data[1])
                assert not any(EN.message(m).startswith("heroes.") for m in labels)
            RULES.apply(st, legal[rng.below(len(legal))])
            steps += 1
            if steps % 97 == 0:
                again = RULES.state_from_dict(RULES.state_to_dict(st))
                assert RULES.state_hash(again) == RULES.state_hash(st)
                assert RULES.state_hash(RULES.clone(st)) == RULES.state_hash(st)
        out = RULES.outcome(st)
        assert out is not None and out.winners


def test_conformance_on_the_test_map() -> None:
    for seed, bot in ((0, "random"), (1, "heuristic")):
        case = conform.Case("heroes", 2, {"mode": "clash"}, seed, bot, "hb")
        assert conform.run_case(case) == []


def test_views_hide_hands_supplies_and_face_down_tiles() -> None:
    st = new()
    finish_refresh(st)
    mine, other = RULES.view(st, 0), RULES.view(st, 1)
    assert mine["hand"] == st.ps[0].hand and other["hand"] == st.ps[1].hand
    assert "hand" not in mine["players"][1] and mine["players"][1]["hand_count"] == 0
    assert all(set(f) == {"kind", "at"} for f in mine["facedown"])
    assert mine["supply"] == st.ps[0].supply and other["supply"] == st.ps[1].supply
    reach = mine["reach"]["main"]
    assert reach and all(f["mp"] >= 1 and "visit" in f for f in reach)
    guarded = [f for f in reach if f["visit"]["kind"] == "neutral"]
    assert guarded and all(f["mp"] == 1 for f in guarded)


def test_the_hedge_witchs_removal_names_the_witch_not_the_trading_post() -> None:
    # the window walk of 2026-11-28: "Player 3 removes Tactics at the trading post." after a
    # visit to the Hedge Witch's Hut
    from engine.rules.heroes.adventure.game import CLASH

    st = new()
    st.ps[0].hand.append("offense")
    R.queue(st).insert(0, ["choose", 0, "witch", [], []])
    R.run(CLASH, st, [])
    events = act(st, "choose", option="remove:offense")
    keys = [e.key for e in events]
    assert "heroes.map.witch_remove" in keys and "heroes.map.remove" not in keys
    line = next(e for e in events if e.key == "heroes.map.witch_remove")
    assert "trading post" not in EN.message(line.to_json()) and "offense" not in st.ps[0].hand


def test_an_elimination_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    # the window walk of 2026-11-28: "Player 2 is eliminated." with no reason, two rounds after
    # its town fell; the line now names the rule (seed "Spielende"; spec AMB-90)
    st = new()
    real = R.strongholds
    monkeypatch.setattr(R, "strongholds", lambda st, s: [] if s == 1 else real(st, s))
    st.ps[1].homeless = R.eco().elimination_rounds - 1
    ev: list = []
    R.end_round(RULES, st, ev)
    line = next(e for e in ev if e.key.startswith("heroes.map.eliminated"))
    assert line.key == "heroes.map.eliminated_homeless" and st.ps[1].out
    text = EN.message(line.to_json())
    assert str(R.eco().elimination_rounds) in text and "{" not in text
