"""The map game's optional adjustments and variants (seed "Optionale Anpassungen"; spec §15.3),
one test each, on the test map of fixtures/map_fixture.yaml. The switches that came first
(start_bonus, free_extend, double_income, astrologers, min_damage, no_die_damage) are tested
with the rules they change; no_rerolls in tests/heroes/test_morale.py and test_map_game.py."""

from __future__ import annotations

from engine.core import hexgrid as hx
from engine.core.actions import Action
from engine.rules.heroes import content as C
from engine.rules.heroes import decks as D
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.game import CLASH
from engine.rules.heroes.adventure.state import MAIN, SECONDARY, MapState
from tests.heroes.test_map_game import RULES, act, end_turn, finish_refresh, new, test_map

__all__ = ["test_map"]  # the fixture map for every test here


def _empty_next_to_town(st: MapState, seat: int = 0) -> tuple[int, int]:
    town = st.ps[seat].town
    assert town is not None
    return next(h for h, f in sorted(R.board(st).fields.items())
                if f.location is None and not f.blocked and hx.distance(h, town) == 1)


def test_captured_town_no_income_and_the_conqueror_uses_dwellings_and_guild() -> None:
    for on in (False, True):
        st = new(captured_town_no_income=on, faction_1="sunward", faction_2="gravemoor")
        finish_refresh(st)
        theirs = st.ps[1]
        theirs.built += ["mage_guild", "dwelling_silver"]
        theirs.built_round.update(mage_guild=0, dwelling_silver=0)
        before = R.income(st, 1)
        town = theirs.town
        assert town is not None
        st.marks.setdefault(town, {})["cube"] = 0  # seat 0's faction cube on seat 1's town
        after = R.income(st, 1)
        pool = R.recruit_pool(st, 0)
        grave_silver = [u for u in C.faction("gravemoor").units
                        if C.unit(u).tier == "silver"]
        if not on:
            assert after == before and R.conquered(st, 0) == []
            assert not set(grave_silver) & set(pool)
            continue
        # the town hall's +2 gold is gone; the base income stays
        assert after[0] == before[0] - 2 and after[0] == theirs.income[0]
        assert R.conquered(st, 0) == [1] and set(grave_silver) <= set(pool)
        st.ps[0].res = [60, 20, 10]
        act(st, "recruit", unit=grave_silver[0])
        assert [grave_silver[0], False] in st.ps[0].units
        # its mage guild sells spells to the conqueror (seat 0 built none)
        assert "mage_guild" not in st.ps[0].built
        assert Action("spellbook") in RULES.legal_actions(st)
        # never build there: the build actions are the own town's only
        assert all(a["building"] in [b.id for b in R.mc().towns["sunward"].buildings]
                   for a in RULES.legal_actions(st) if a.kind == "build")


def test_captured_town_produces_nothing_in_a_resource_round() -> None:
    st = new(captured_town_no_income=True, faction_2="gravemoor")
    for p in st.ps:
        p.built.append("faction_1")  # gravemoor's: recover a spell each resource round
    town = st.ps[1].town
    assert town is not None
    st.marks.setdefault(town, {})["cube"] = 0
    st.round = 2
    ev: list = []
    R.end_round(CLASH, st, ev)
    queued = [item for item in R.queue(st) if item[0] == "effect"]
    assert queued and all(item[1] == 0 for item in queued)  # seat 1's board is silent
    got = next(e for e in ev if e.key == "heroes.map.income" and e.params["seat"] == 1)
    assert got.params["res"] == st.ps[1].income


def test_one_resource_per_die() -> None:
    st = new(one_resource_per_die=True)
    assert R.face_effects(st, "resource", 5) == [{"type": "gain", "gold": 1}]
    assert R.face_effects(st, "resource", 1) == [{"type": "gain", "materials": 1}]
    assert R.face_effects(st, "treasure", 0) == [{"type": "xp"}]  # not a resource: as printed
    finish_refresh(st)
    p = st.ps[0]
    before = sum(p.res)
    R.queue(st).append(["effect", 0, MAIN, {"type": "resource_die"}])
    R.run(CLASH, st, [])
    assert sum(p.res) == before + 1
    plain = new()
    assert R.face_effects(plain, "resource", 5) == [{"type": "gain", "gold": 6}]


def test_extra_secondary_hero_starts_on_the_town() -> None:
    st = new(extra_secondary_hero=True)
    for p in st.ps:
        assert p.pos[SECONDARY] == p.town == p.pos[MAIN]
        assert p.mp[SECONDARY] == R.base_mp(SECONDARY)
    finish_refresh(st)
    # while both share the field, only a move may be made
    kinds = {a.kind for a in RULES.legal_actions(st)}
    assert "move" in kinds and "discover" not in kinds and "place" not in kinds
    assert {a["hero"] for a in RULES.legal_actions(st) if a.kind == "move"} == {MAIN, SECONDARY}
    assert new().ps[0].pos[SECONDARY] is None


def test_trade_anytime_and_the_visitable_trading_post() -> None:
    st = new(trade_anytime=True)
    finish_refresh(st)
    p = st.ps[0]
    p.res = [12, 0, 0]
    trade = Action("trade", (("get", "materials"), ("lots", 1), ("sell", "gold")))
    assert trade in RULES.legal_actions(st)
    act(st, "trade", get="materials", lots=1, sell="gold")
    assert p.res == [10, 1, 0] and st.flow.top is None
    # without the option: only at a trading post
    plain = new()
    finish_refresh(plain)
    assert not any(a.kind == "trade" for a in RULES.legal_actions(plain))
    # the trading post is visitable: a status cube, an artifact drawn, then its trades
    h = _empty_next_to_town(st)
    b = R.board(st)
    b.fields[h] = b.fields[h]._replace(location="market")
    assert R.category(st, h) == R.VISITABLE and R.category(plain, h) is None
    hand = len(p.hand)
    art_deck = st.decks["artifact"].draw_count()
    act(st, "move", hero=MAIN, to=h)
    assert st.marks[h]["cube"] == -1
    assert len(p.hand) == hand + 1 and st.decks["artifact"].draw_count() == art_deck - 1
    top = st.flow.top
    assert top is not None and top.kind == R.TRADE
    act(st, "leave")
    assert not any(a.kind == "revisit" for a in RULES.legal_actions(st))


def test_trade_anytime_in_a_town_window() -> None:
    st = new(trade_anytime=True)
    for p in st.ps:
        p.res = [60, 20, 10]
    finish_refresh(st)
    end_turn(st)
    finish_refresh(st)
    act(st, "end_turn")
    top = st.flow.top
    assert top is not None and top.kind == R.WINDOW and top.seats == (0,)
    act(st, "trade", get="valuables", lots=1, sell="gold")
    assert st.ps[0].res == [54, 20, 11]


def test_clear_status_cubes_in_rounds_four_eight_and_twelve() -> None:
    st = new(clear_status_cubes=True)
    b = R.board(st)
    visitable = [h for h, f in sorted(b.fields.items()) if f.location is not None
                 and R.category(st, h) == R.VISITABLE]
    flag = next(h for h, f in sorted(b.fields.items()) if R.category(st, h) == R.MINE)
    for h in visitable:
        st.marks[h] = {"cube": -1, "cleared": True}
    st.marks[flag] = {"cube": 0, "flagged": True}
    for rnd in (2, 3):
        st.round = rnd
        ev: list = []
        R.end_round(CLASH, st, ev)
        if st.round != 4:
            assert all(st.marks[h].get("cube") == -1 for h in visitable)
    assert st.round == 4
    assert all("cube" not in st.marks[h] and st.marks[h]["cleared"] for h in visitable)
    assert st.marks[flag]["cube"] == 0  # a faction cube stays
    plain = new()
    for h in visitable:
        plain.marks[h] = {"cube": -1}
    plain.round = 3
    R.end_round(CLASH, plain, [])
    assert all(plain.marks[h]["cube"] == -1 for h in visitable)


def test_gains_to_discard() -> None:
    st = new(gains_to_discard=True)
    finish_refresh(st)
    p = st.ps[0]
    hand = p.hand[:]
    card = st.decks["artifact"].draw_pile.cards[0]
    ev: list = []
    R.give_card(st, 0, "artifact", card, ev)
    assert p.hand == hand and p.deck.discard_pile.cards[0] == card
    assert ev[-1].key == "heroes.map.gain_discard"
    # a specialty at level IV too
    p.level, p.xp = 3, 5
    R.gain_xp(st, 0, 1, [])
    spec = C.hero(p.hero).specialties[D.SPECIALTY_LEVELS.index(4)]
    assert p.level == 4 and spec not in p.hand and p.deck.discard_pile.cards[0] == spec
    plain = new()
    finish_refresh(plain)
    R.give_card(plain, 0, "artifact", card, [])
    assert card in plain.ps[0].hand
