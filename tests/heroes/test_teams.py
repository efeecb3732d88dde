"""Team play on the heroes map (engine/rules/heroes/adventure/teams.py): the co-operative and the
alliance mode (seed 002 "Spielmodi", "Rundenablauf", "Bewegungsaktionen", "Handeln",
"Spielende"; spec R-044, R-272..274, AMB-89, §23.8 S3 and S5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import registry
from engine.ai.play import bot_config, play_game
from engine.core.actions import Action, Event
from engine.core.errors import IllegalAction
from engine.core.protocol import GameConfig
from engine.core.record import read_record, replay, save_record
from engine.core.session import Session
from engine.rules.heroes.adventure import bothero
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure import teams as T
from engine.rules.heroes.adventure.game import CLASH, field_preview
from engine.rules.heroes.adventure.state import MAIN, MapState

RULES = registry.rules("heroes")


def _game(mode: str, players: int, seed: int = 5, **options: object) -> MapState:
    """Returns a team game after its set-up decisions (first choices), in turn 1 of seat 0."""
    opts = {"mode": mode, **options}
    st = RULES.new_game(GameConfig(GameConfig.for_players(players, bots=False).seats, opts), seed)
    while st.flow.stack or st.flow.phase != R.TURN:
        legal = RULES.legal_actions(st)
        RULES.apply(st, next((a for a in legal if a.kind == "draw"), legal[0]))
    return st


def _keys(events: list[Event], prefix: str = "heroes.team.") -> list[str]:
    return [e.key for e in events if e.key.startswith(prefix)]


def _refused(st: MapState, action: Action) -> str:
    with pytest.raises(IllegalAction) as err:
        RULES.validate(st, action)
    return err.value.rule


# --- teams and turn order ----------------------------------------------------------------------
def test_the_modes_pick_their_scenarios_and_teams() -> None:
    coop = _game("coop", 2)
    assert coop.scenario == "coop_ashen_throne" and T.teams(coop) == [[0, 1]]
    assert coop.solo is not None and len(bothero.bots(coop)) == 2
    ally = _game("alliance", 4)
    assert ally.scenario == "alliance_sundered_crowns"
    assert T.teams(ally) == [[0, 2], [1, 3]]
    assert T.allied(ally, 0, 2) and not T.allied(ally, 0, 1) and not T.allied(ally, 0, 0)
    view = CLASH.view(ally, 0)
    assert view["team_of"] == [0, 1, 0, 1] and view["partners"] == [2]


def test_the_rules_name_each_seats_side_for_the_end_screen() -> None:
    # "Player 1, Player 2 share the win!" in a co-op game: the end screen reads the sides
    def sides(players: int, **opts: object) -> tuple[int, ...]:
        return RULES.sides(GameConfig(GameConfig.for_players(players, bots=False).seats, opts))

    assert sides(2, mode="coop") == (0, 0)
    assert sides(4, mode="alliance") == (0, 1, 0, 1)
    assert sides(4) == (0, 1, 0, 1)  # four players default to the alliance
    assert sides(3, mode="clash") == (0, 1, 2) and sides(2, mode="skirmish") == (0, 1)
    assert sides(3, mode="coop") == (0, 1, 2)  # no co-op scenario for three: no team


def test_a_clash_knows_no_allies() -> None:
    st = RULES.new_game(GameConfig.for_players(3, bots=False, mode="clash"), 3)
    assert not T.is_team_game(st) and not T.allied(st, 0, 1) and T.rivals(st, 0) == [1, 2]
    assert "team_of" not in CLASH.view(st, 0)


def test_mirror_factions_are_allowed_in_an_alliance() -> None:
    st = _game("alliance", 4, faction_1="sunward", faction_3="sunward", hero_1="might",
               hero_3="might")
    assert st.ps[0].faction == st.ps[2].faction == "sunward"
    assert st.ps[0].hero != st.ps[2].hero  # the second leads the faction's other hero
    assert st.ps[0].town != st.ps[2].town
    # four seats on three factions at random: one faction twice
    st = _game("alliance", 4, seed=9)
    assert len({p.faction for p in st.ps}) == 3


def test_alliance_turns_alternate_between_the_teams() -> None:
    """R-044: A1, B1, A2, B2 (the seats are listed in that order)."""
    st = _game("alliance", 4)
    turns = []
    while len(turns) < 8:
        legal = RULES.legal_actions(st)
        a = next((x for x in legal if x.kind in ("draw", "end_turn", "pass")), legal[0])
        for e in RULES.apply(st, a):
            if e.key == "heroes.map.turn":
                turns.append(e.params["seat"])
    assert turns[:7] == [1, 2, 3, 0, 1, 2, 3]
    assert [T.team_of(st, s) for s in turns] == [1, 0, 1, 0, 1, 0, 1, 0]


def test_the_players_count_is_checked() -> None:
    with pytest.raises(IllegalAction) as err:
        RULES.check_config(GameConfig.for_players(3, bots=False, mode="alliance"))
    assert err.value.rule == "heroes.team.rule.alliance_players"
    with pytest.raises(IllegalAction):
        RULES.check_config(GameConfig.for_players(4, bots=False, mode="coop"))
    assert RULES.option_defaults(4) == {"mode": "alliance"}


# --- movement among allies ---------------------------------------------------------------------
def _beside(st: MapState, h: tuple[int, int]) -> tuple[int, int]:
    b = R.board(st)
    near = set(b.steps(h))
    return next(n for n in sorted(near)
                if any(n2 != h and n2 not in near for n2 in b.steps(n)))


def test_heroes_pass_over_an_allied_hero_and_never_stop_there() -> None:
    st = _game("alliance", 4)
    here = st.ps[0].pos[MAIN]
    assert here is not None
    n = _beside(st, here)
    st.ps[2].pos[MAIN] = n
    st.board_cache = None
    targets = R.move_targets(st, 0, MAIN)
    assert n not in targets
    beyond = [h for h, cost in targets.items() if cost == 2]
    assert beyond and all(h in R.board(st).steps(n) for h in beyond)
    reach = CLASH.view(st, 0)["reach"][MAIN]
    assert [n[0], n[1]] not in [f["at"] for f in reach]
    # a rival's hero there would be a battle instead
    st.ps[2].pos[MAIN] = None
    st.ps[1].pos[MAIN] = n
    assert R.move_targets(st, 0, MAIN)[n] == 1
    assert field_preview(st, 0, MAIN, n)["kind"] == "pvp"


def test_allies_never_fight_an_allied_town_is_an_empty_field() -> None:
    st = _game("alliance", 4)
    town = st.ps[2].town
    assert town is not None
    assert field_preview(st, 0, MAIN, town)["kind"] == "ally"
    assert not R._starts_combat(st, 0, town)
    st.ps[0].pos[MAIN] = town
    ev: list[Event] = []
    R.arrive(CLASH, st, 0, MAIN, town, ev)
    assert not ev and not R.queue(st)  # no challenge, no visit
    rival = st.ps[1].town
    assert rival is not None and R._starts_combat(st, 0, rival)


def test_in_a_coop_game_neutrals_act_by_themselves() -> None:
    st = _game("coop", 2)
    h = next(h for h, f in sorted(R.board(st).fields.items()) if f.guard >= 1)
    st.ps[0].pos[MAIN] = h
    R.start_battle(CLASH, st, {"kind": "neutral", "seat": 0, "hero": MAIN,
                               "field": [h[0], h[1]], "guard": 1}, [])
    assert st.sub is not None and st.sub.seats == (0,)


def test_in_an_alliance_a_rival_leads_the_neutrals() -> None:
    st = _game("alliance", 4)
    h = next(h for h, f in sorted(R.board(st).fields.items()) if f.guard >= 1)
    st.ps[0].pos[MAIN] = h
    R.start_battle(CLASH, st, {"kind": "neutral", "seat": 0, "hero": MAIN,
                               "field": [h[0], h[1]], "guard": 1}, [])
    assert st.sub is not None and st.sub.seats[1] in (1, 3)


# --- gifts, asks and swaps ---------------------------------------------------------------------
def test_coop_gifts_only_at_a_trading_post() -> None:
    st = _game("coop", 2)
    gift = Action("gift", (("amount", 5), ("res", "gold"), ("to", 1)))
    assert _refused(st, gift) == "heroes.team.rule.no_gift"
    R._step_trade(CLASH, st, ["trade", 0], [])
    assert gift in RULES.legal_actions(st)
    before = st.ps[0].res[0], st.ps[1].res[0]
    ev = RULES.apply(st, gift)
    assert (st.ps[0].res[0], st.ps[1].res[0]) == (before[0] - 5, before[1] + 5)
    assert ev[0].key == "heroes.team.gift" and ev[0].params == {"seat": 0, "to": 1,
                                                                 "res": [5, 0, 0]}
    # besides the post's own trade: the decision stays open for a trade or a removal
    assert st.flow.top is not None and st.flow.top.kind == R.TRADE
    too_much = Action("gift", (("amount", 999), ("res", "gold"), ("to", 1)))
    assert _refused(st, too_much) == "heroes.map.rule.cost"
    odd = Action("gift", (("amount", 2), ("res", "gold"), ("to", 1)))
    assert _refused(st, odd) == "heroes.team.rule.amount"  # 1, 5 or all at a time
    assert _refused(st, Action("gift", (("amount", 1), ("res", "gold"), ("to", 0)))) \
        == "heroes.team.rule.not_ally"


def test_alliance_gifts_and_asks_during_the_own_turn() -> None:
    st = _game("alliance", 4)
    st.ps[0].res = [10, 2, 1]
    st.ps[2].res = [4, 6, 0]
    RULES.apply(st, Action("gift", (("amount", 2), ("res", "materials"), ("to", 2))))  # all
    assert st.ps[0].res[1] == 0 and st.ps[2].res[1] == 8
    assert _refused(st, Action("gift", (("amount", 1), ("res", "gold"), ("to", 1)))) \
        == "heroes.team.rule.not_ally"
    ask = Action("ask", (("amount", 5), ("from", 2), ("res", "materials")))
    ev = RULES.apply(st, ask)
    assert _keys(ev) == ["heroes.team.ask"]
    assert RULES.current_actor(st) == 2  # the ally answers (hot-seat: its seat decides)
    assert {a.kind for a in RULES.legal_actions(st)} == {"accept", "decline"}
    ev = RULES.apply(st, Action("accept"))
    assert st.ps[0].res[1] == 5 and st.ps[2].res[1] == 3
    assert ev[0].params == {"seat": 2, "to": 0, "res": [0, 5, 0]}
    assert RULES.current_actor(st) == 0
    assert _refused(st, ask) == "heroes.team.rule.asked"  # once a turn and resource
    RULES.apply(st, Action("ask", (("amount", 4), ("from", 2), ("res", "gold"))))
    RULES.apply(st, Action("decline"))
    assert st.ps[2].res[0] == 4


def _adjacent(st: MapState, a: int, b: int) -> None:
    here = st.ps[a].pos[MAIN]
    assert here is not None
    st.ps[b].pos[MAIN] = _beside(st, here)


def test_adjacent_allies_swap_a_spell_for_an_artifact_when_both_agree() -> None:
    st = _game("alliance", 4)
    st.ps[0].hand = ["magic_arrow", "iron_blade", st.ps[0].hand[0]]
    st.ps[2].hand = ["war_horn", "haste"]
    offer = Action("offer", (("card", "magic_arrow"), ("to", 2)))
    assert _refused(st, offer) == "heroes.team.rule.not_adjacent"
    _adjacent(st, 0, 2)
    assert offer in RULES.legal_actions(st)
    assert _refused(st, Action("offer", (("card", "magic_arrow"), ("to", 1)))) \
        == "heroes.team.rule.not_ally"
    RULES.apply(st, offer)
    assert RULES.current_actor(st) == 2
    assert sorted(a["card"] for a in RULES.legal_actions(st) if a.kind == "pick") \
        == ["haste", "war_horn"]
    # the offer's cards are seen by the two seats only
    assert CLASH.view(st, 2)["offer"]["card"] == "magic_arrow"
    assert "card" not in CLASH.view(st, 1)["offer"]
    RULES.apply(st, Action("pick", (("card", "war_horn"),)))
    assert RULES.current_actor(st) == 0 and CLASH.view(st, 0)["offer"]["answer"] == "war_horn"
    ev = RULES.apply(st, Action("accept"))
    assert "war_horn" in st.ps[0].hand and "magic_arrow" not in st.ps[0].hand
    assert sorted(st.ps[2].hand) == ["haste", "magic_arrow"]
    public = [e for e in ev if e.key == "heroes.team.swap"]
    private = [e for e in ev if e.key == "heroes.team.swap_cards"]
    assert public[0].seat is None and "give" not in public[0].params
    assert [(e.seat, e.params["give"], e.params["take"]) for e in private] \
        == [(0, "magic_arrow", "war_horn"), (2, "war_horn", "magic_arrow")]
    assert _refused(st, offer) in ("heroes.team.rule.not_swappable", "heroes.team.rule.offered")


def test_a_swap_declined_by_either_side_changes_nothing() -> None:
    st = _game("coop", 2)
    _adjacent(st, 0, 1)
    st.ps[0].hand = ["iron_blade"]
    st.ps[1].hand = ["slow"]
    RULES.apply(st, Action("offer", (("card", "iron_blade"), ("to", 1))))
    RULES.apply(st, Action("decline"))
    assert st.ps[0].hand == ["iron_blade"] and st.ps[1].hand == ["slow"]
    assert _refused(st, Action("offer", (("card", "iron_blade"), ("to", 1)))) \
        == "heroes.team.rule.offered"
    st.ps[0].hand = ["iron_blade", "tower_shield"]
    RULES.apply(st, Action("offer", (("card", "tower_shield"), ("to", 1))))
    RULES.apply(st, Action("pick", (("card", "slow"),)))
    RULES.apply(st, Action("decline"))
    assert st.ps[0].hand == ["iron_blade", "tower_shield"] and st.ps[1].hand == ["slow"]
    # only spells and artifacts from the hand
    other = next(c for c in st.ps[0].deck.draw_pile.cards if not T.swappable(c))
    st.ps[0].hand.append(other)
    assert _refused(st, Action("offer", (("card", other), ("to", 1)))) \
        == "heroes.team.rule.not_swappable"


# --- victory and defeat ------------------------------------------------------------------------
def test_an_alliance_wins_together_when_both_rivals_are_eliminated() -> None:
    st = _game("alliance", 4)
    ev: list[Event] = []
    R.eliminate(st, 1, ev)
    assert st.flow.phase != R.OVER  # the rival's partner plays on
    R.eliminate(st, 3, ev)
    assert st.flow.phase == R.OVER and st.winners == [0, 2]


def test_an_alliance_wins_when_one_player_flags_an_enemy_town() -> None:
    st = _game("alliance", 4)
    R.eliminate(st, 2, [])  # the winner's eliminated partner wins too
    town = st.ps[3].town
    assert town is not None
    st.marks.setdefault(town, {})["cube"] = 0
    R.check_victory(st, [])
    assert st.flow.phase == R.OVER and st.winners == [0, 2] and st.reason == "town"


def test_the_alliance_round_limit_counts_each_team_s_flags() -> None:
    st = _game("alliance", 4)
    mines = [h for h in sorted(R.board(st).fields) if R.category(st, h) == R.MINE]
    for h, seat in zip(mines, (1, 3, 0), strict=False):
        st.marks.setdefault(h, {})["cube"] = seat
    T.round_limit(st, [])
    assert st.winners == ([1, 3] if len(mines) >= 2 else [0, 1, 2, 3])


def test_coop_is_won_by_both_after_the_bots_and_their_town() -> None:
    st = _game("coop", 2)
    town = bothero.solo_of(st)["towns"][0]["at"]
    st.marks.setdefault((town[0], town[1]), {})["cube"] = 1
    R.check_victory(st, [])
    assert st.flow.phase != R.OVER  # the bots first
    for b in bothero.bots(st):
        b["out"] = True
    R.check_victory(st, [])
    assert st.flow.phase == R.OVER and st.winners == [0, 1]


def test_coop_is_lost_by_both_when_either_is_eliminated() -> None:
    st = _game("coop", 2)
    R.eliminate(st, 1, [])
    assert st.flow.phase == R.OVER and st.winners == [] and st.reason == "eliminated"


def test_a_bot_hero_hunts_the_nearest_player_and_threatens_either_town() -> None:
    st = _game("coop", 2)
    i = next(i for i, b in enumerate(bothero.bots(st)) if b["moves"])
    plan = bothero.decide(st, i)
    assert plan is not None and plan[0] in ("hero", "flag", "town")
    if plan[0] == "town":
        assert plan[1] in (st.ps[0].town, st.ps[1].town)


# --- whole games -------------------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "players", "seed"), [("coop", 2, 3), ("alliance", 4, 2)])
def test_a_seeded_bot_game_ends_and_saves_loads_and_replays(mode: str, players: int, seed: int,
                                                            tmp_path: Path) -> None:
    config = bot_config("heroes", ["heuristic"] * players, options={"mode": mode})
    session = Session.start("heroes", config, seed)
    from engine.ai.play import seat_bots

    bots = seat_bots("heroes", config, seed)
    for _ in range(6000):
        seat = session.actor
        if session.is_over or seat is None:
            break
        session.apply(bots[seat].choose(RULES, session.state, seat))
    assert session.is_over
    record = session.record()
    path = tmp_path / f"{mode}.json"
    save_record(path, record)
    again = replay(read_record(path), verify=True)
    assert again.is_over and RULES.outcome(again.state) == RULES.outcome(session.state)
    # the same seed plays the same game
    played = play_game("heroes", config, seed)
    assert played.finished and len(played.actions) == len(record.actions)


def test_simulate_plays_both_modes(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli import main

    for players, mode in ((2, "coop"), (4, "alliance")):
        assert main(["simulate", "--game", "heroes", "--players", str(players), "--option",
                     f"mode={mode}", "--bot", "heuristic", "--seed", "4", "--json"]) == 0
        result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert result["finished"]


def test_the_mode_tip_tells_co_op_players_of_the_swap_as_well_as_the_gift() -> None:
    # found in the co-op window walk: the set-up tooltip named the swap for alliances only,
    # while seed 002 ("Handeln") allows it "in beiden Spielmodi"
    from engine.content.i18n import Catalog

    for lang, start, end, words in (("en", "Co-operative:", "Alliance:", ("trading post", "swap")),
                                    ("de", "Kooperativ:", "Allianz:", ("Handelsposten", "tausch"))):
        tip = Catalog.load(lang).t("heroes.opt.mode.tip")
        coop = tip[tip.index(start):tip.index(end)]
        assert all(w in coop for w in words), (lang, coop)


def test_a_lost_coop_game_says_a_player_is_eliminated_not_you() -> None:
    # the end screen read "You are eliminated" (the solo wording) to two players
    from engine.content.i18n import Catalog

    st = _game("coop", 2)
    R.eliminate(st, 1, [])
    reason = CLASH.outcome(st).reason
    assert reason is not None and reason.key == "heroes.bot.team.end.eliminated"
    for lang in ("en", "de"):
        assert Catalog.load(lang).has(reason.key)
