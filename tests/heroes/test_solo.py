"""The solo campaign of heroes (issue #17; seed 002, "Bot-Regeln", "Kartendecks der Bot-Helden",
"Spielende"): bot heroes on the map with exact fields and priorities, bot decks in battle,
the campaign's carry and its replay, and a seeded campaign played by the bot to its end.

The set-up used throughout: the first campaign scenario (Border Watch) with seed 7 and the
player on Sunward Keep: the player's town at (-6, -3), the bot town (Gravemoor's start tile,
turned 3) at (0, 0) with the raider in it, the gold mine at (-1, 1), the timber camp at (1, 0),
the abandoned wagon (guard I) at (-1, 0), the empty field (1, -1), face-down tiles at (-4, -2),
(-7, 0), (-2, -1) (the near tile n3) and (-3, 2).
"""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.ai.play import bot_config, play_campaign
from engine.core.actions import Action, Event
from engine.core.campaign import CampaignRecord, campaign_of, replay_campaign
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import GameConfig, Outcome
from engine.core.rng import Rng
from engine.rules.heroes import combat
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure import bothero
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.campaign import carry_lines, carry_out, owned_cards
from engine.rules.heroes.adventure.state import MAIN, MapState
from engine.rules.heroes.battle import setup
from engine.rules.heroes.state import BATTLE, BattleState

RULES = registry.rules("heroes")
BATTLE_RULES = registry.rules("heroes_battle")


def _solo(seed: int = 7, carry: dict | None = None, **options: object) -> MapState:
    """Returns the campaign scenario after its set-up decisions (first choices), in turn 1."""
    opts = {"mode": "campaign", "faction_1": "sunward", **options}
    config = GameConfig(GameConfig.for_players(1, bots=False).seats, opts, carry)
    st = RULES.new_game(config, seed)
    while st.flow.stack or st.flow.phase != R.TURN:
        legal = RULES.legal_actions(st)
        RULES.apply(st, next((a for a in legal if a.kind == "draw"), legal[0]))
    return st


def _keys(events: list[Event], prefix: str = "heroes.bot.") -> list[str]:
    return [e.key for e in events if e.key.startswith(prefix)]


def _past_window(st: MapState) -> list[Event]:
    """Passes the town-action window before a combat (spec R-062), if it is open."""
    top = st.flow.top
    if top is not None and top.kind == R.WINDOW:
        return RULES.apply(st, Action("pass", ()))
    return []


# --- the set-up --------------------------------------------------------------------------------
def test_the_scenario_lays_the_bot_town_and_deals_the_bot_deck() -> None:
    st = _solo()
    assert st.placed[:2] == [["s_sunward", -6, -3, 0], ["s_gravemoor", 0, 0, 3]]
    solo = bothero.solo_of(st)
    assert solo["towns"] == [{"at": [0, 0], "faction": "gravemoor", "walls": False}]
    raider = bothero.bots(st)[0]
    assert raider["pos"] == [0, 0] and raider["mp"] == 0 and not raider["out"]
    assert raider["units"] == [["jackal_man", False], ["hobgob", False], ["slinger", False],
                               ["howler", False]]
    # the scenario asks 2 might, 1 magic and 1 skill card, drawn at random
    types = [C.content().get("bot_card", c).type for c in solo["deck"]["cards"]]
    assert sorted(types) == ["magic", "might", "might", "skill"]
    # the skill card's ability and the bot spells left the shared decks (seed: set aside)
    skill = next(c for c in solo["deck"]["cards"]
                 if C.content().get("bot_card", c).type == "skill")
    ability = C.content().get("bot_card", skill).ability
    assert solo["deck"]["abilities"] == [ability]
    shared = st.decks["ability"]
    assert (shared.draw_pile.cards + shared.discard_pile.cards).count(ability) == 1
    assert solo["deck"]["spells"] == ["magic_arrow", "weakness"]
    spells = st.decks["spell"].draw_pile.cards + st.decks["spell"].discard_pile.cards
    assert spells.count("weakness") == C.card("weakness").copies - 1


def test_a_campaign_scenario_has_its_own_start_bonus() -> None:
    config = GameConfig.for_players(1, bots=False, mode="campaign", faction_1="sunward")
    st = RULES.new_game(config, 7)
    RULES.apply(st, Action("rotate", (("rotation", 0),)))
    top = st.flow.top
    assert top is not None and top.kind == R.CHOOSE and top.data[0] == "bonus"
    assert bothero.bonus_alternatives(st) == (({"type": "gain", "gold": 5},),
                                              ({"type": "search_artifact"},))
    gold = st.ps[0].res[0]
    RULES.apply(st, Action("choose", (("option", "0"),)))
    assert st.ps[0].res[0] == gold + 5


def test_the_campaign_needs_one_player() -> None:
    with pytest.raises(IllegalAction) as exc:
        RULES.check_config(GameConfig.for_players(2, mode="campaign"))
    assert exc.value.rule == "heroes.rule.campaign_players"
    # the one-player default stays the skirmish
    assert RULES.option_defaults(1) == {"mode": "skirmish"}


# --- the bots' priorities (seed "Spielzug eines Bot-Helden") -----------------------------------
def test_the_nearest_mine_on_its_tile_first_a_tie_to_the_lower_field() -> None:
    st = _solo()
    # gold mine (-1, 1) and timber camp (1, 0) lie one MP away: the lower field wins (AMB-75)
    assert bothero.decide(st, 0) == ("flag", (-1, 1), [(0, 0), (-1, 1)])


def test_a_player_hero_on_its_tile_goes_before_the_mines() -> None:
    st = _solo()
    st.ps[0].pos[MAIN] = (1, -1)
    assert bothero.decide(st, 0) == ("hero", (1, -1), [(0, 0), (1, -1)])


def test_with_nothing_on_its_tile_it_heads_for_the_player_town() -> None:
    st = _solo()
    for h in ((-1, 1), (1, 0)):  # both mines held by the bot already
        st.marks.setdefault(h, {}).update(bot=0, flagged=True)
    why, target, path = bothero.decide(st, 0)
    assert (why, target) == ("town", (-6, -3))
    # over the face-down tile at (-2, -1): its fields count one MP more (a discovery)
    assert path[:3] == [(0, 0), (-1, 0), (-2, 0)]


def test_a_bot_turn_spends_three_mp_discovers_and_the_player_turns_the_tile() -> None:
    st = _solo()
    for h in ((-1, 1), (1, 0)):
        st.marks.setdefault(h, {}).update(bot=0, flagged=True)
    events = RULES.apply(st, Action("end_turn", ()))
    # the bots move after the player, before the round ends (seed "Bot-Regeln")
    assert _keys(events) == ["heroes.bot.turn", "heroes.bot.move", "heroes.bot.guards",
                             "heroes.bot.visit", "heroes.bot.discover"]
    raider = bothero.bots(st)[0]
    assert raider["pos"] == [-1, 0] and raider["mp"] == 1
    # the guards of the abandoned wagon are beaten at once; the bot uses it up, no reward
    assert st.marks[(-1, 0)] == {"cleared": True, "cube": -1}
    top = st.flow.top
    assert top is not None and top.kind == R.ROTATE and top.seats == (0,)
    assert top.data[:3] == ("n3", -2, -1) and st.round == 1
    events = RULES.apply(st, Action("rotate", (("rotation", 0),)))
    assert _keys(events) == ["heroes.bot.move", "heroes.bot.guards", "heroes.bot.visit"]
    assert raider["pos"] == [-1, -1] and raider["mp"] == 0
    assert st.round == 2 and st.flow.phase == R.REFRESH


def test_a_bot_flags_a_player_mine_and_takes_its_income() -> None:
    st = _solo()
    st.marks[(-1, 1)] = {"cube": 0, "flagged": True}
    before = R.income(st, 0)
    events = RULES.apply(st, Action("end_turn", ()))
    assert "heroes.bot.flag_taken" in _keys(events)
    assert st.marks[(-1, 1)]["bot"] == 0 and "cube" not in st.marks[(-1, 1)]
    assert R.income(st, 0)[0] < before[0]
    # the player flags it back by a visit (an enemy's flag is replaced), without a first bonus
    st.ps[0].pos[MAIN] = (-1, 1)
    R.visit(RULES, st, 0, MAIN, (-1, 1), [])
    assert st.marks[(-1, 1)].get("bot") is None and st.marks[(-1, 1)]["cube"] == 0


def test_a_bot_at_an_undefended_town_may_be_fought_off_for_8_gold() -> None:
    st = _solo()
    p = st.ps[0]
    p.pos[MAIN] = (-7, -2)  # the hero away from home
    raider = bothero.bots(st)[0]
    raider["pos"] = [-5, -3]
    raider["mp"] = 1
    bothero.arrive(RULES, st, 0, (-6, -3), [])
    raider["pos"] = [-6, -3]
    R.run(RULES, st, [])
    top = st.flow.top
    assert top is not None and top.data[0] == "bot_defend" and top.data[1] == ("defend", "yield")
    RULES.apply(st, Action("choose", (("option", "yield"),)))
    # yielded: the bot flags the town, which the player no longer controls (spec AMB-91)
    assert st.marks[(-6, -3)]["bot"] == 0 and R.owner(st, (-6, -3)) is None
    assert R.strongholds(st, 0) == []
    # the player's hero walks home and takes it back
    p.pos[MAIN] = (-6, -3)
    R.visit(RULES, st, 0, MAIN, (-6, -3), [])
    assert R.owner(st, (-6, -3)) == 0


def test_a_bot_attacks_a_hero_it_reaches_no_surrender_no_time_limit() -> None:
    st = _solo()
    st.ps[0].pos[MAIN] = (1, -1)
    events = RULES.apply(st, Action("end_turn", ()))
    events += _past_window(st)
    assert _keys(events)[:4] == ["heroes.bot.turn", "heroes.bot.move", "heroes.bot.challenge",
                                 "heroes.bot.battle"]
    assert st.sub is not None and st.battle["tag"]["attacker"] == "bot"
    battle: BattleState = st.sub.state
    assert battle.sides[0].seat is None and battle.sides[0].bot is not None
    assert not battle.spec.get("time_limit") and battle.spec["surrender"] is False
    assert bothero.bots(st)[0]["mp"] == 0  # a combat ends the bot's turn


def test_beating_the_only_bot_wins_the_first_scenario() -> None:
    st = _solo()
    ev: list[Event] = []
    tag = bothero._tag(st, 0, "player", 0, MAIN, (0, 0))
    bothero.battle_over(RULES, st, tag, 0, "defeat", None, ev)
    assert bothero.bots(st)[0]["out"] and st.flow.phase == R.OVER
    assert st.winners == [0] and st.reason == "bots"
    assert RULES.outcome(st).reason.key == "heroes.bot.end.bots"


def test_the_round_limit_loses_the_scenario() -> None:
    st = _solo()
    ev: list[Event] = []
    R.round_limit(st, ev)
    assert st.winners == [] and st.reason == "time"


def test_the_player_hero_entering_a_bot_field_fights_it() -> None:
    st = _solo()
    bothero.bots(st)[0]["pos"] = [-5, -3]  # next to the town, on the player's start tile
    assert R._starts_combat(st, 0, (-5, -3))
    from engine.rules.heroes.adventure.game import field_preview

    assert field_preview(st, 0, MAIN, (-5, -3))["kind"] == "bot"
    events = RULES.apply(st, Action("move", (("hero", MAIN), ("to", (-5, -3)))))
    events += _past_window(st)
    assert "heroes.bot.attacked" in _keys(events)
    assert st.sub is not None and st.battle["tag"]["attacker"] == "player"


# --- bot decks in battle (seed "Kartendecks der Bot-Helden") ---------------------------------
def _battle(cards: list[str], spells: list[str] = (), difficulty: str = "normal",
            units: tuple[str, ...] = ("howler",)) -> BattleState:
    """Returns a battle standing on the board: the player's Pike Guards (Pack) on square 4,
    the bot's units from square 12 on, the bot deck in the given order (top first)."""
    spec = {"kind": "field", "max_rounds": 12, "sides": [
        {"seat": 0, "units": [{"unit": "pike_guard", "pack": True}]},
        {"seat": None, "units": [{"unit": u} for u in units],
         "bot": {"cards": cards, "spells": list(spells), "difficulty": difficulty,
                 "name": {"en": "Rusk", "de": "Rusk"}}}]}
    st = setup.build(spec, 1, Rng(5))
    st.sides[1].bot.cards.draw_pile.cards = list(cards)  # a known order
    st.sides[1].bot.spells.draw_pile.cards = list(spells)
    for i, u in enumerate(st.units):
        u.sq = 4 if u.side == 0 else 12 + i
        u.deployed = True
    st.flow.phase = BATTLE
    return st


def test_a_bot_card_is_drawn_and_resolved_when_a_bot_unit_activates() -> None:
    st = _battle(["iron_hide"], difficulty="expert")
    ev: list[Event] = []
    combat.start_activation(BATTLE_RULES, st, st.units[1], ev)
    assert [e.key for e in ev] == ["heroes.ev.activate", "heroes.bot.card",
                                   "heroes.bot.might_defence", "heroes.bot.no_wounds"]
    card = ev[1].params
    assert card["bot_card"] == "iron_hide" and card["difficulty"] == "expert"
    assert card["modifier"]["en"] == "+2 defence; 1 damage healed."
    assert st.units[1].bonuses == [[0, 2, 0, "guard", "iron_hide", 1]]


def test_an_empty_bot_deck_is_not_refilled() -> None:
    st = _battle(["bared_fangs"])
    ev: list[Event] = []
    combat.start_activation(BATTLE_RULES, st, st.units[1], ev)
    combat.end_activation(BATTLE_RULES, st, ev)
    ev = []
    combat.start_activation(BATTLE_RULES, st, st.units[1], ev)
    assert "heroes.bot.deck_empty" in [e.key for e in ev]
    bot = st.sides[1].bot
    assert bot.cards.draw_pile.cards == [] and bot.cards.discard_pile.cards == ["bared_fangs"]


def test_might_stays_until_the_matching_attack_or_defence() -> None:
    st = _battle(["war_howl"], difficulty="expert")  # +2 attack, +1 defence
    ev: list[Event] = []
    howler, pikes = st.units[1], st.units[0]
    combat.start_activation(BATTLE_RULES, st, howler, ev)
    assert howler.bonuses == [[2, 0, 0, "strike", "war_howl", 1],
                              [0, 1, 0, "guard", "war_howl", 1]]
    combat.end_activation(BATTLE_RULES, st, ev)  # it did not attack: both stay
    assert len(howler.bonuses) == 2
    combat.expire_attack_bonuses(pikes, howler)  # attacked: the defence part is used
    assert howler.bonuses == [[2, 0, 0, "strike", "war_howl", 1]]
    combat.expire_attack_bonuses(howler, pikes)  # its own attack: the attack part is used
    assert howler.bonuses == []


def test_a_skill_card_resolves_its_ability_and_a_draw_is_another_bot_card() -> None:
    st = _battle(["drill_call", "steady_aim"])
    ev: list[Event] = []
    combat.start_activation(BATTLE_RULES, st, st.units[1], ev)
    keys = [e.key for e in ev]
    assert keys[:5] == ["heroes.ev.activate", "heroes.bot.card", "heroes.bot.skill",
                        "heroes.bot.draw_more", "heroes.bot.card"]
    skill = ev[2].params
    assert (skill["card"], skill["mode"], skill["target"]) == ("offense", "basic", 1)
    # Onslaught, basic: +1 attack until the first attack; then Steady Aim (normal): die +1
    assert st.units[1].bonuses[0][:4] == [1, 0, 0, "attack"]
    assert st.units[1].fixed_die == 1
    assert st.sides[1].deck.discard_pile.cards == []  # the ability card never stays there


def test_a_magic_card_casts_the_top_bot_spell_at_its_tier() -> None:
    st = _battle(["arcane_surge"], ["lightning_bolt", "slow"], difficulty="impossible")
    ev: list[Event] = []
    combat.start_activation(BATTLE_RULES, st, st.units[1], ev)
    cast = next(e for e in ev if e.key == "heroes.bot.cast").params
    # impossible: empower 2, Lightning Strike's third tier: 4 damage to the Pike Guards
    assert (cast["card"], cast["empower"], cast["target"]) == ("lightning_bolt", 2, 0)
    hit = next(e for e in ev if e.key == "heroes.ev.damage").params
    assert (hit["unit"], hit["amount"]) == (0, 4)
    assert st.sides[1].bot.spells.draw_pile.cards == ["slow"]


def test_the_bot_cards_content() -> None:
    cards = C.all_of("bot_card")
    assert len(cards) == 14
    by_type = {t: [c for c in cards if c.type == t] for t in ("might", "magic", "skill")}
    assert [len(by_type[t]) for t in ("might", "skill", "magic")] == [6, 4, 4]
    for t in ("might", "skill"):  # two variants of each design
        families = [c.family for c in by_type[t]]
        assert all(families.count(f) == 2 for f in families)
    designs = set()
    for c in cards:
        for level in ("easy", "normal", "expert", "impossible"):
            m = c.modifier(level)
            assert m.text["en"] and m.text["de"] and m.effects
        designs.add(tuple((lv, tuple((e.type, e.args) for e in c.modifier(lv).effects))
                          for lv in ("easy", "normal", "expert", "impossible")))
    assert len(designs) >= 10


# --- the campaign: carry, next scenario, replay -------------------------------------------------
def _won_first(seed: int = 3) -> tuple[MapState, dict]:
    st = _solo(seed)
    st.ps[0].hand = ["lightning_bolt"]
    tag = bothero._tag(st, 0, "player", 0, MAIN, (0, 0))
    bothero.battle_over(RULES, st, tag, 0, "defeat", None, [])
    return st, carry_out(st)


def test_a_won_scenario_carries_the_hero_and_every_card_it_owns() -> None:
    st, carry = _won_first()
    p = st.ps[0]
    assert carry == {"campaign": "rising_banner", "next": 1, "faction": "sunward",
                     "hero": p.hero, "cards": owned_cards(st), "won": ["solo_border_watch"]}
    assert "lightning_bolt" in carry["cards"]
    assert RULES.carry_out(st) == carry
    camp = campaign_of("heroes", "solo")
    config = GameConfig.for_players(1, bots=False, mode="campaign")
    nxt = camp.next_config(config, 1, RULES.outcome(st), carry)
    assert nxt is not None and nxt.carry == carry
    assert nxt.options["faction_1"] == "sunward" and nxt.options["hero_1"] == "might"
    lost = Outcome((), (0.0,), None)
    assert camp.next_config(config, 1, lost, carry) is None
    lines = RULES.carry_lines(carry)
    # three cards besides the statistics and the specialty: all go along, nothing to choose
    assert [m.key for m in lines] == ["heroes.campaign.carry.next", "heroes.campaign.carry.hero",
                                      "heroes.campaign.carry.all", "heroes.campaign.carry.rest"]
    assert carry_lines(carry)[0].params["number"] == 2
    rich = campaign_of("heroes", "solo").sample_carries(config)[0]  # seven: five chosen
    deck = carry_lines(rich)[2]
    assert deck.key == "heroes.campaign.carry.deck" and deck.params["keep"] == 5


def test_the_next_scenario_builds_the_deck_from_statistics_specialty_and_five_chosen() -> None:
    carry = campaign_of("heroes", "solo").sample_carries(
        GameConfig.for_players(1, mode="campaign"))[0]
    hero = C.hero(carry["hero"])
    config = GameConfig(GameConfig.for_players(1, bots=False).seats,
                        {"mode": "campaign", "faction_1": "sunward", "hero_1": "might"}, carry)
    st = RULES.new_game(config, 11)
    assert st.scenario == "solo_hold_the_line" and st.ps[0].level == 1
    stats = sorted(c for c in carry["cards"] if C.card(c).kind == "stat")
    assert sorted(st.ps[0].deck.draw_pile.cards) == sorted(stats + [hero.specialties[0]])
    pool = sorted(c for c in carry["cards"] if C.card(c).kind not in ("stat", "specialty"))
    picked = []
    for _ in range(5):  # the choice comes first, one card at a time, each an action
        top = st.flow.top
        assert top is not None and top.data[0] == "carry_card"
        left = list(pool)
        for c in picked:
            left.remove(c)
        assert list(top.data[1]) == sorted(set(left))
        choice = top.data[1][-1]
        picked.append(choice)
        RULES.apply(st, Action("choose", (("option", choice),)))
    deck = sorted(st.ps[0].deck.draw_pile.cards)
    assert deck == sorted(stats + [hero.specialties[0]] + picked)
    assert not (st.flow.top is not None and st.flow.top.data[0] == "carry_card")
    assert len(picked) == 5 and set(picked) <= set(pool) and len(pool) > 5
    # units, resources and buildings are the scenario's own (spec AMB-94)
    assert st.ps[0].res == [18, 4, 1]
    assert st.ps[0].units == [["pike_guard", False], ["crossbowman", False],
                              ["stormwing", False]]


def test_bad_carries_are_refused_with_a_message() -> None:
    _, carry = _won_first()
    seats = GameConfig.for_players(1, bots=False).seats
    for bad in ({**carry, "next": 3}, {**carry, "hero": "kasimir"},
                {**carry, "cards": ["no_such_card"]}, {**carry, "campaign": "nope"}):
        with pytest.raises(MalformedAction):
            RULES.check_config(GameConfig(seats, {"mode": "campaign"}, bad))
    with pytest.raises(MalformedAction):  # the schema: an unknown field
        RULES.check_config(GameConfig(seats, {"mode": "campaign"}, {**carry, "gold": 5}))


def test_a_seeded_bot_campaign_plays_from_the_first_scenario_to_its_end_and_replays() -> None:
    config = bot_config("heroes", ["heuristic"], options={"mode": "campaign"})
    played = play_campaign("heroes", "solo", config, 0)
    camp = played.campaign
    assert played.finished and camp.over
    assert camp.finished[0].config.options["mode"] == "campaign"
    # the first scenario was won and the campaign went on with its carry
    assert len(camp.finished) >= 2 and camp.carries[0]["next"] == 1
    assert camp.finished[1].config.carry == camp.carries[0]
    assert [a.kind for a in camp.finished[1].actions[:5]] == ["choose"] * 5
    outcome = camp.outcome()
    assert outcome is not None and outcome.reason.key in ("heroes.campaign.won",
                                                          "heroes.campaign.lost")
    data = json.loads(json.dumps(camp.record().to_json()))
    again = replay_campaign(CampaignRecord.from_json(data))
    assert [r.hashes for r in again.finished] == [r.hashes for r in camp.finished]
    assert again.carries == camp.carries and again.over


def test_a_tampered_campaign_record_does_not_verify() -> None:
    config = bot_config("heroes", ["heuristic"], options={"mode": "campaign"})
    camp = play_campaign("heroes", "solo", config, 0).campaign
    data = json.loads(json.dumps(camp.record().to_json()))
    data["carries"][0]["cards"] = data["carries"][0]["cards"][1:]
    from engine.core.errors import RecordError

    with pytest.raises(RecordError):
        replay_campaign(CampaignRecord.from_json(data))


def test_simulate_plays_the_campaign(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli import main

    assert main(["simulate", "--game", "heroes", "--players", "1", "--option", "mode=campaign",
                 "--bot", "heuristic", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["campaign"] == "solo" and result["finished"] and result["games"] >= 2


@pytest.mark.long
def test_bot_campaigns_at_every_difficulty_end() -> None:
    for difficulty in ("easy", "normal", "expert", "impossible"):
        config = bot_config("heroes", ["heuristic"],
                            options={"mode": "campaign", "map_difficulty": difficulty})
        for seed in range(10):
            assert play_campaign("heroes", "solo", config, seed).finished
