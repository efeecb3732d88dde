"""Tests of the duel (seed 003): pairing, odds, every numbered rule, protocol duties, bots."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from engine.ai import RandomBot
from engine.content.i18n import load_entries
from engine.core.actions import Action
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.hashing import digest
from engine.core.protocol import GameConfig, SeatConfig
from engine.core.rng import Rng
from engine.core.scenario import assert_scenario
from engine.rules.duel import RULES, decks, pairing
from engine.rules.duel.bots import DuelHeuristicBot
from engine.rules.duel.cards import cards
from engine.rules.duel.state import BETWEEN, DEFEND, MAIN, OVER, RESPOND, WINDOW

ROOT = Path(__file__).resolve().parents[2]
CFG = GameConfig.for_players(2)


def fresh(setup: dict, seed: int = 1, config: GameConfig = CFG):
    """Returns a new game with a scenario set-up applied."""
    state = RULES.new_game(config, seed)
    RULES.setup_scenario(state, setup)
    return state


def act(state, text: str):
    """Applies an action written as text; returns its events."""
    return RULES.apply(state, Action.parse(text))


def lookup(view: dict, path: str):
    """Returns a dotted path of a view (list indices are numbers)."""
    node = view
    for part in path.split("."):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


# --- pairing and odds ----------------------------------------------------------------------------

def test_seed_pairing_example_uses_per_pair_rules():
    slots = pairing.auto_arrangement((3, 6, 3, 3), (4, 1, 2, 6))
    assert slots == (6, 4, 2, 1)
    # defender 2 + 1 + 1 (equal pair) = 4; attacker 1 (3 vs 4) + 1 (equal pair) = 2, not 1
    assert pairing.score((6, 3, 3, 3), slots) == (4, 2)


def test_unequal_dice_counts():
    # more attack dice: the lowest attack die stays unopposed and deals 1
    assert pairing.auto_arrangement((5, 2, 1), (6, 3)) == (6, 3, 0)
    assert pairing.score((5, 2, 1), (6, 3, 0)) == (1, 2)
    # more defence dice: the defender's lowest spare die is left out
    assert pairing.auto_arrangement((4,), (1, 5, 6)) == (5,)


def test_odds_are_exact_distributions():
    total, dealt, taken, joint = pairing.odds(1, 1)
    assert total == 36 and sum(dealt.values()) == 36 and sum(taken.values()) == 36
    assert dealt[0] == 15 and taken[0] == 15  # one die lower than the other: 15 of 36
    assert dealt[1] == 5 + 6  # a difference of one (5) or equal dice (6)
    total, dealt, taken, joint = pairing.odds(3, 2)
    assert total == 6 ** 5 and sum(joint.values()) == total
    assert pairing.odds(3, 2) is pairing.odds(3, 2)  # cached


def test_arrangements_enumerate_every_placement():
    options = pairing.arrangements(2, (1, 2))
    assert sorted(options) == [(1, 2), (2, 1)]
    assert pairing.is_arrangement(3, (4, 4), (4, 0, 4))
    assert not pairing.is_arrangement(3, (4, 4), (4, 4, 4))


# --- set-up and the numbered rules ---------------------------------------------------------------

def test_setup_follows_the_seed():
    state = RULES.new_game(CFG, 7)
    for p in state.players:
        assert len(p.hand) == 7 and len(p.clan) == 1 and p.pool == 5
        assert len(p.deck) + len(p.hand) + len(p.clan) == 40
        assert cards().main[p.hero.card].life == 20
    assert state.round == 1


def test_first_round_is_deployment_only():
    state = fresh({"round": 1, "active": 0, "players": [{"hand": ["fire_bolt"]}]})
    kinds = {a.kind for a in RULES.legal_actions(state)}
    assert "attack" not in kinds and "cast" not in kinds
    with pytest.raises(IllegalAction) as err:
        act(state, "attack(attacker=0)")
    assert err.value.rule == "duel.rule.deploy_round"


def test_summon_success_spends_dice_and_failure_keeps_them():
    state = fresh({"round": 2, "active": 0, "dice": [1, 1, 4, 3],
                   "players": [{"main": "thorn_warden", "clan": [], "pool": 6,
                                "hand": ["bark_guardian", "briar_wolf"]}]})
    act(state, "summon(card='bark_guardian', dice=2)")  # 1 + 1 + courage 2 = 4 < 9
    p = state.players[0]
    assert p.pool == 6 and not p.clan and "bark_guardian" in p.tried
    with pytest.raises(IllegalAction):
        act(state, "summon(card='bark_guardian', dice=3)")
    act(state, "summon(card='briar_wolf', dice=2)")  # 4 + 3 + 2 = 9 >= 6
    assert p.pool == 4 and p.clan[0].card == "briar_wolf"


def test_at_most_three_clan_members_and_five_equipment():
    state = fresh({"round": 2, "active": 0, "players": [{
        "clan": ["ash_hound", "ash_hound", "ash_hound"],
        "equipment": ["iron_sword"] * 5, "hand": ["moss_runner", "oak_shield"]}]})
    with pytest.raises(IllegalAction) as err:
        act(state, "summon(card='moss_runner', dice=1)")
    assert err.value.rule == "duel.rule.clan_full"
    with pytest.raises(IllegalAction) as err:
        act(state, "equip(card='oak_shield')")
    assert err.value.rule == "duel.rule.equipment_full"


def test_equipment_takes_effect_at_once():
    state = fresh({"round": 2, "active": 0, "players": [{
        "main": "ember_matriarch", "damage": 6, "hand": ["healers_kit", "iron_sword"]}]})
    act(state, "equip(card='healers_kit')")
    assert state.players[0].hero.damage == 1
    act(state, "equip(card='iron_sword')")
    assert RULES.view(state, 0)["players"][0]["main"]["attack"] == 4


def test_two_of_three_actions():
    state = fresh({"round": 2, "active": 0, "dice": [6, 6, 1, 1, 1, 1, 1, 1],
                   "players": [{"main": "moon_witch", "hand": ["insight", "insight"],
                                "clan": []}, {"clan": [], "hand": []}]})
    act(state, "cast(card='insight', dice=2, target=None)")
    # one magic card per used equipment slot of the opponent, at least one: the magic is over
    assert not any(a.kind == "cast" for a in RULES.legal_actions(state))
    act(state, "attack(attacker=0)")
    act(state, "defend(defender=0)")
    with pytest.raises(IllegalAction) as err:
        act(state, "cast(card='insight', dice=1, target=None)")
    assert err.value.rule == "duel.rule.magic_after_fight"
    assert [a.kind for a in RULES.legal_actions(state)] == ["end_turn"]


def test_no_magic_after_a_fight_even_when_the_magic_action_is_unused():
    # seed 003: "Nachdem Kampf kann sich der Spieler noch mal für einen anderen Kampf oder für
    # „Runde beenden" entscheiden" (docs/duel/rules.md "Magic after a fight")
    state = fresh({"round": 2, "active": 0, "players": [
        {"main": "moon_witch", "hand": ["insight"], "clan": ["ash_hound"], "pool": 5},
        {"clan": [], "hand": []}]}, config=GameConfig.for_players(2, arrange="never"))
    assert any(a.kind == "cast" for a in RULES.legal_actions(state))
    act(state, "attack(attacker=0)")
    act(state, "defend(defender=0)")
    kinds = {a.kind for a in RULES.legal_actions(state)}
    assert kinds == {"attack", "end_turn"}
    assert RULES.prompt(state).key == "duel.prompt.after_fight"
    with pytest.raises(IllegalAction) as err:
        act(state, "cast(card='insight', dice=1, target=None)")
    assert err.value.rule == "duel.rule.magic_after_fight"


def test_magic_allowance_counts_opponent_equipment():
    state = fresh({"round": 2, "active": 0, "dice": [6, 6, 6, 6, 6, 6],
                   "players": [{"main": "moon_witch", "hand": ["insight"] * 3},
                               {"equipment": ["iron_sword", "oak_shield"], "hand": []}]})
    act(state, "cast(card='insight', dice=2, target=None)")
    act(state, "cast(card='insight', dice=2, target=None)")
    assert state.casts_left == 0
    assert not any(a.kind == "cast" for a in RULES.legal_actions(state))


def test_neutralise_answers_magic():
    state = fresh({"round": 2, "active": 0, "dice": [6, 6, 4, 4],
                   "players": [{"main": "moon_witch", "hand": ["fire_bolt"]},
                               {"main": "tide_queen", "hand": ["dispel"], "pool": 3}]})
    act(state, "cast(card='fire_bolt', dice=2, target=0)")
    assert state.phase == RESPOND and RULES.current_actor(state) == 1
    act(state, "counter(card='dispel', dice=2)")  # 4 + 4 + courage 1 >= 5
    assert state.players[1].hero.damage == 0
    assert "fire_bolt" in state.players[0].grave and "dispel" in state.players[1].grave
    assert state.phase == MAIN


def test_magic_damage_and_pass():
    state = fresh({"round": 2, "active": 0, "dice": [6, 6],
                   "players": [{"main": "moon_witch", "hand": ["fire_bolt"]},
                               {"hand": ["dispel"], "pool": 3}]})
    act(state, "cast(card='fire_bolt', dice=2, target=0)")
    act(state, "pass_counter")
    assert state.players[1].hero.damage == 3


def test_defeat_gives_xp_and_level_up_adds_dice_and_life():
    # attack 6 6 6 against the giant's three defence dice 1 1 1; then the level-up die 5
    state = fresh({"round": 2, "active": 0, "dice": [6, 6, 6, 1, 1, 1, 5],
                   "players": [{"main": "ember_matriarch", "xp": 50},
                               {"clan": [{"card": "magma_giant", "damage": 9}]}]})
    act(state, "attack(attacker=0)")
    uid = state.players[1].clan[0].uid
    events = act(state, f"defend(defender={uid})")
    p = state.players[0]
    assert not state.players[1].clan and "magma_giant" in state.players[1].grave
    assert p.xp == 110 and p.level == 2 and p.life_bonus == 6  # die 5 + 1
    assert any(e.key == "duel.ev.level_up" for e in events)
    view = RULES.view(state, 0)["players"][0]
    assert view["main"]["attack"] == 4 and view["main"]["defence"] == 3
    assert view["magic"] == 3 and view["courage"] == 2 and view["main"]["life"] == 26


def test_main_defeat_ends_game_with_flight_and_grave_xp():
    state = fresh({"round": 2, "active": 0, "dice": [6, 6, 6, 1, 1],
                   "players": [{"main": "ember_matriarch"},
                               {"main": "iron_thane", "damage": 18, "level": 2,
                                "grave": ["magma_giant", "ash_hound"]}]})
    act(state, "attack(attacker=0)")
    act(state, "defend(defender=0)")
    assert state.phase == OVER and state.winner == 0
    assert state.players[1].xp == 200  # flees with 100 XP per level (level 2)
    assert state.players[0].xp == (60 + 20) // 2
    out = RULES.outcome(state)
    assert out is not None and out.winners == (0,)


def test_empty_deck_reshuffles_graveyard():
    state = fresh({"round": 2, "active": 1, "players": [
        {"hand": [], "deck": [], "grave": ["ash_hound", "fire_bolt"]}, {"hand": []}]})
    state.first = 0
    events = act(state, "end_turn")
    assert any(e.key == "duel.ev.reshuffle" for e in events)
    assert sorted(state.players[0].hand) == ["ash_hound", "fire_bolt"]


def test_round_end_refills_hands_and_grows_pool():
    state = RULES.new_game(CFG, 3)
    while state.round == 1:
        act(state, "pass_window" if state.phase == WINDOW else "end_turn")
    assert [p.pool for p in state.players] == [6, 6]
    assert all(len(p.hand) == 7 for p in state.players)


def test_lands_and_treasures():
    state = fresh({"round": 2, "active": 0, "phase": "window", "dice": [6, 6, 6, 1, 1, 1],
                   "players": [{"main": "ember_matriarch"},
                               {"lands": ["iron_mountains"], "treasures": ["dragon_scale"],
                                "clan": []}]})
    assert RULES.current_actor(state) == 1
    act(state, "play_land(card='iron_mountains')")
    assert RULES.view(state, 1)["players"][1]["main"]["defence"] == 4
    act(state, "play_treasure(card='dragon_scale')")
    assert RULES.view(state, 0)["table_treasures"] == [{"owner": 1, "card": None}]
    assert RULES.view(state, 1)["table_treasures"][0]["card"] == "dragon_scale"
    assert state.phase == MAIN
    act(state, "attack(attacker=0)")
    act(state, "defend(defender=0)")  # 6,6,6 against 1,1,1,1: the attacker wins the fight
    assert state.players[0].inventory == [[1, "dragon_scale"]]
    assert RULES.view(state, 0)["players"][0]["main"]["armour"] == 1


def test_human_defender_may_rearrange():
    config = GameConfig((SeatConfig(), SeatConfig()), {})
    state = fresh({"round": 2, "active": 0, "dice": [6, 3, 3, 3, 4, 1, 2, 6], "players": [
        {"main": "ember_matriarch", "level": 2}, {"main": "iron_thane", "level": 2}]},
        config=config)
    act(state, "attack(attacker=0)")
    act(state, "defend(defender=0)")
    legal = RULES.legal_actions(state)
    assert legal[0] == Action.make("arrange", order=(6, 4, 2, 1))
    act(state, "arrange(order=(1, 2, 4, 6))")
    assert state.last_fight["dealt"] == 5 + 1 + 0 + 0 and state.last_fight["taken"] == 0 + 1 + 3


def test_day_is_best_of_three_and_inventory_returns():
    config = GameConfig.for_players(2, day=True)
    state = RULES.new_game(config, 11)
    state.players[0].inventory = [[1, state.players[1].deckdef["treasures"][0]]]
    state.players[1].treasures.remove(state.players[1].deckdef["treasures"][0])
    from engine.rules.duel.ops import end_game
    end_game(state, 0, "duel.end.main_defeated", [])
    assert state.phase == BETWEEN and RULES.current_actor(state) == 1
    act(state, "next_game")
    assert state.game_no == 2 and state.first == 1 and state.players[0].inventory
    end_game(state, 0, "duel.end.main_defeated", [])
    assert state.phase == OVER and state.day_winner == 0
    assert state.players[0].inventory == []
    assert state.players[1].deckdef["treasures"][0] in state.players[1].treasures
    assert RULES.outcome(state).scores == (2.0, 0.0)


# --- protocol duties -----------------------------------------------------------------------------

def test_rejected_action_leaves_state_identical():
    state = RULES.new_game(CFG, 5)
    before = RULES.state_hash(state)
    for text in ("attack(attacker=0)", "summon(card='nope', dice=1)", "next_game",
                 "equip(card='iron_sword', extra=1)", "defend(defender=0)"):
        with pytest.raises(IllegalAction):
            act(state, text)
        assert RULES.state_hash(state) == before


def test_random_play_clone_roundtrip_and_legal_consistency():
    for seed in range(6):
        state = RULES.new_game(CFG, seed)
        rng = Rng(seed + 99)
        steps = 0
        while not RULES.is_over(state) and steps < 400:
            legal = RULES.legal_actions(state)
            assert len(set(legal)) == len(legal)
            for a in legal:
                RULES.validate(state, a)
            copy = RULES.clone(state)
            data = RULES.state_to_dict(state)
            assert RULES.state_hash(RULES.state_from_dict(data)) == RULES.state_hash(state)
            action = rng.choice(legal)
            RULES.apply(state, action)
            assert RULES.state_hash(copy) == digest(data)  # the clone is independent
            steps += 1


def test_views_hide_hands_and_treasures():
    state = RULES.new_game(CFG, 4)
    public = RULES.view(state, None)
    assert all(p["hand"] is None and p["treasures"] is None for p in public["players"])
    mine = RULES.view(state, 0)
    assert mine["players"][0]["hand"] == state.players[0].hand
    assert mine["players"][1]["hand"] is None


def test_determinize_depends_only_on_what_the_seat_sees():
    a = RULES.new_game(CFG, 8)
    b = RULES.clone(a)
    op = b.players[1]
    op.hand, op.deck = op.deck[:7], op.hand + op.deck[7:]
    ra = RULES.determinize(a, 0, Rng(5))
    rb = RULES.determinize(b, 0, Rng(5))
    assert RULES.state_hash(ra) == RULES.state_hash(rb)
    assert ra.players[0].hand == a.players[0].hand


def test_odds_in_view_before_attacking():
    state = fresh({"round": 2, "active": 0, "players": [{"clan": []}, {"clan": []}]})
    odds = RULES.view(state, 0)["odds"]
    assert len(odds) == 1
    entry = odds[0]
    assert (entry["attack_dice"], entry["defence_dice"]) == (3, 3)  # ember vs tide queen
    assert sum(n for _k, n in entry["dealt"]) == entry["outcomes"] == 6 ** 6


def test_bad_config_is_rejected():
    with pytest.raises(MalformedAction):
        RULES.check_config(GameConfig.for_players(2, deck_a="no_such_deck"))


# --- content, decks, catalogs --------------------------------------------------------------------

def test_content_counts_and_checks():
    c = cards()
    assert c.problems == []
    assert len(c.main) >= 8 and len(c.clan) >= 40 and len(c.magic) >= 25
    assert len(c.equipment) >= 25 and len(c.land) >= 12 and len(c.treasure) >= 12
    assert len(c.deck) >= 6 and len(c.counters) >= 2


def test_ready_made_decks_are_legal_and_validation_names_problems():
    for deck in decks.ready_made():
        assert decks.validate_deck(deck) == []
    bad = dict(decks.ready_made()[0])
    bad["cards"] = bad["cards"][:-1] + ["burning_steppe"]
    keys = {m.key for m in decks.validate_deck(bad)}
    assert "duel.deck.not_deck_card" in keys
    bad["cards"] = ["fire_bolt"] * 40
    keys = {m.key for m in decks.validate_deck(bad)}
    assert {"duel.deck.too_many_copies", "duel.deck.no_clan", "duel.deck.starter"} <= keys


def test_user_decks_save_and_load(tmp_path):
    deck = dict(decks.ready_made()[2])
    deck["name"] = "My Forest"
    del deck["id"]
    path = decks.save_user_deck(tmp_path, deck)
    loaded = decks.load_user_deck(path)
    assert loaded["cards"] == deck["cards"] and decks.validate_deck(loaded) == []
    (tmp_path / "broken.yaml").write_text("- just a list\n", encoding="utf-8")
    listing = decks.list_user_decks(tmp_path)
    assert [p.name for p, _d, _pr in listing] == ["broken.yaml", "my_forest.yaml"]
    assert listing[0][1] is None
    config = GameConfig.for_players(2, deck_a=loaded)
    state = RULES.new_game(config, 2)
    assert state.players[0].deckdef["main"] == deck["main"]


def test_catalog_keys_in_both_languages_and_used():
    en = {k for k in load_entries("en") if k.startswith(("duel.", "game.duel."))}
    de = {k for k in load_entries("de") if k.startswith(("duel.", "game.duel."))}
    assert en == de
    source = "".join(p.read_text(encoding="utf-8")
                     for p in (ROOT / "engine" / "rules" / "duel").glob("*.py"))
    source += (ROOT / "engine" / "registry.py").read_text(encoding="utf-8")
    # the scenes' own keys (duel.ui.*) are used by the duel table scenes
    scenes = "".join(p.read_text(encoding="utf-8")
                     for p in sorted((ROOT / "scenes").rglob("*.py")))
    # a '<key>.one' entry is the singular form of '<key>' (engine/content/i18n.py)
    unused = sorted(k for k in en if f'"{k}"' not in source and f'"{k}"' not in scenes
                    and not (k.startswith("duel.ui.") and k[len("duel.ui."):] in scenes)
                    and not (k.endswith(".one") and k[:-len(".one")] in en)
                    # an option's '<label>.tip' is its set-up tooltip (scenes/newgame.py)
                    and not (k.endswith(".tip") and ".option." in k and k[:-4] in en))
    assert unused == []
    used = set(re.findall(r'"(duel\.(?:ev|bd|term|rule|rules|deck|end|prompt|option)\.'
                          r'[a-z_.0-9]+)"', source))
    assert sorted(used - en) == []


# --- scenario files ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted((ROOT / "tests" / "duel" / "scenarios").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_scenario_files(path):
    # the documented runner (docs/scenarios.md), as `python -m engine scenario` runs them
    assert_scenario(path)


# --- bots ----------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _heuristic_wins() -> int:
    """Returns how many of 200 seeded games the heuristic bot wins against the random bot."""
    wins = 0
    games = 200
    deck_ids = list(cards().deck)
    for seed in range(games):
        h = seed % 2
        config = GameConfig.for_players(2, deck_a=deck_ids[seed % 6],
                                        deck_b=deck_ids[(seed // 6 + 1 + seed) % 6])
        state = RULES.new_game(config, seed)
        bots = [None, None]
        bots[h] = DuelHeuristicBot(seed=seed)
        bots[1 - h] = RandomBot(seed=seed + 1000)
        while not RULES.is_over(state):
            seat = RULES.current_actor(state)
            RULES.apply(state, bots[seat].choose(RULES, state, seat))
        wins += state.winner == h
    return wins


def test_heuristic_beats_random():
    # The bot wins about 94 % in the long run (docs/duel/performance.md). Since magic may no
    # longer follow a fight (docs/duel/rules.md "Magic after a fight") it wins 182 of these
    # 200 games (190 before), 935 of seeds 0-999 (943) and 3764 of seeds 0-3999 (3751): the
    # same strength, other games; the bound keeps 90 % on this sample.
    assert _heuristic_wins() >= 180


def test_fighter_numbers_match_the_single_stat_functions():
    from engine.rules.duel import ops

    state = fresh({"round": 2, "players": [
        {"level": 3, "clan": ["kiln_warden", {"card": "ash_hound", "damage": 2}],
         "equipment": ["great_axe", "chain_mail", "war_banner"]},
        {"clan": ["pearl_guard"], "equipment": ["plate_armour", "spiked_bracers"]}]})
    state.players[0].clan[0].temp_att = 9  # the dice limit applies
    for seat, p in enumerate(state.players):
        for f in (p.hero, *p.clan):
            assert ops.numbers(state, seat, f) == (
                ops.attack_of(state, seat, f), ops.defence_of(state, seat, f),
                ops.armour_of(state, seat, f), ops.life_of(state, seat, f))


def test_lasting_deltas_match_the_effect_handlers():
    from engine.rules.duel import ops
    from engine.rules.duel.effects import STATS, EffectCtx, run

    c = cards()
    state = RULES.new_game(CFG, 3)
    for card, specs in c.lasting.items():
        if not specs:
            continue
        for seat in (0, 1):
            for p in state.players:
                p.mods = [0] * len(p.mods)
            for spec in specs:
                run(EffectCtx(state, seat, card, STATS), spec)
            expected = [list(p.mods) for p in state.players]
            got = [[0] * len(expected[0]), [0] * len(expected[0])]
            for side, slot, amount in ops._DELTAS[card]:
                got[seat ^ side][slot] += amount
            assert got == expected, card


def test_defend_phase_prompt_names_the_defender():
    state = fresh({"round": 2, "active": 0})
    act(state, "attack(attacker=0)")
    assert state.phase == DEFEND and RULES.current_actor(state) == 1
    assert RULES.prompt(state).key == "duel.prompt.defend"


def test_view_names_where_every_die_comes_from():
    state = fresh({"round": 2, "land": {"owner": 1, "card": "iron_mountains"}, "players": [
        {"level": 2, "clan": ["kiln_warden", "ash_hound"], "equipment": ["iron_sword",
                                                                          "tower_shield"]},
        {"equipment": ["hex_doll"]}]})
    view = RULES.view(state, 0)
    main = view["players"][0]["main"]
    for stat in ("attack", "defence"):
        bd = main["sources"][stat]
        assert bd["total"] == main[stat] == sum(t["value"] for t in bd["terms"])
    attack = {t["label"]["key"]: t for t in main["sources"]["attack"]["terms"]}
    assert attack["duel.term.level"]["value"] == 1
    sword = [t for t in main["sources"]["attack"]["terms"]
             if t["label"]["key"] == "duel.term.from_equipment"]
    names = {t["label"]["params"]["card"]["en"]: t["value"] for t in sword}
    # the own sword adds a die, the enemy's hex doll takes one away
    assert names[cards().names["iron_sword"]["en"]] == 1
    assert names[cards().names["hex_doll"]["en"]] == -1
    hound = view["players"][0]["clan"][1]
    defence = [(t["label"]["key"], t["value"]) for t in hound["sources"]["defence"]["terms"]]
    assert ("duel.term.from_clan", 1) in defence  # the kiln warden's lasting boost
    assert ("duel.term.from_equipment", 1) in defence  # the tower shield


def test_sources_add_up_in_random_games_and_rolls_name_their_pool_dice():
    rolls = 0
    for seed in range(6):
        state = RULES.new_game(CFG, seed)
        bots = [RandomBot(seed=seed), RandomBot(seed=seed + 50)]
        for _ in range(250):
            if RULES.is_over(state):
                break
            seat = RULES.current_actor(state)
            action = bots[seat].choose(RULES, state, seat)
            for event in RULES.apply(state, action):
                if event.key in ("duel.ev.summoned", "duel.ev.summon_failed", "duel.ev.cast",
                                 "duel.ev.cast_failed", "duel.ev.counter"):
                    assert event.params["pool_dice"] == len(event.params["dice"])
                    rolls += 1
        for side in RULES.view(state, None)["players"]:
            for f in (side["main"], *side["clan"]):
                for stat in ("attack", "defence"):
                    bd = f["sources"][stat]
                    assert bd["total"] == f[stat] == sum(t["value"] for t in bd["terms"])
    assert rolls > 0


# --- speed work (docs/duel/performance.md): results must not change -------------------------

def test_damage_table_matches_odds():
    from engine.rules.duel.damage_table import COUNTS

    assert sorted(COUNTS) == [(a, d) for a in range(1, 7) for d in range(1, 7)]
    for a, d in COUNTS:  # every entry recomputed by enumeration (about 3 s)
        total, dealt, taken, _joint = pairing.odds(a, d)
        assert pairing.counts(a, d) == (total, dealt, taken)
        assert list(COUNTS[(a, d)][0]) == list(dealt)  # same order: float sums stay equal
    for (a, d), (dealt, taken) in COUNTS.items():
        assert sum(dealt.values()) == sum(taken.values()) == 6 ** (a + d)


def test_legal_actions_are_shared_values_equal_to_fresh_ones():
    state = RULES.new_game(GameConfig.for_players(2), 5)
    bots = [RandomBot(seed=5), RandomBot(seed=6)]
    kinds = set()
    for _ in range(400):
        if RULES.is_over(state):
            break
        legal = RULES.legal_actions(state)
        again = RULES.legal_actions(state)
        assert legal == again and all(a is b for a, b in zip(legal, again, strict=True))
        for a in legal:
            kinds.add(a.kind)
            fresh_action = Action.parse(str(a))
            assert fresh_action == a and hash(fresh_action) == hash(a)
            assert RULES.explain_illegal(state, a)[0] == "rule.not_legal_now"
        seat = RULES.current_actor(state)
        RULES.apply(state, bots[seat].choose(RULES, state, seat))
    assert {"summon", "cast", "attack", "defend", "end_turn"} <= kinds


def test_rollout_policy_is_registered_and_picks_legal_actions():
    from engine.ai.base import rollout_policy_for
    from engine.rules.duel.bots import playout_policy

    assert rollout_policy_for("duel") is playout_policy
    rng = Rng(3)
    state = RULES.new_game(GameConfig.for_players(2), 3)
    picks = []
    while not RULES.is_over(state) and len(picks) < 600:
        legal = RULES.legal_actions(state)
        action = playout_policy(RULES, state, legal, rng)
        assert action in legal
        picks.append(action)
        RULES.do_apply(state, action)
    assert RULES.is_over(state)  # heuristic playouts finish games
    again = RULES.new_game(GameConfig.for_players(2), 3)
    rng = Rng(3)
    for action in picks:
        assert playout_policy(RULES, again, RULES.legal_actions(again), rng) == action
        RULES.do_apply(again, action)


def test_mcts_with_the_duel_playouts_chooses_legally_and_reproducibly():
    from engine.ai import MctsBot

    state = RULES.new_game(GameConfig.for_players(2), 8)
    bots = [DuelHeuristicBot(seed=8), DuelHeuristicBot(seed=9)]
    while state.round < 3 or len(RULES.legal_actions(state)) < 3:
        seat = RULES.current_actor(state)
        RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
    seat = RULES.current_actor(state)
    before = RULES.state_hash(state)
    first = MctsBot("normal", seed=4, iterations=20).choose(RULES, state, seat)
    assert first in RULES.legal_actions(state)
    assert RULES.state_hash(state) == before
    assert MctsBot("normal", seed=4, iterations=20).choose(RULES, state, seat) == first


def test_every_heuristic_choice_is_legal_without_the_safety_net():
    # choose() re-checks only cast and counter; every other kind must be legal as built
    decks = list(cards().deck)
    for seed in range(48):
        config = GameConfig((SeatConfig("human"), SeatConfig("bot")), {
            "deck_a": decks[seed % 6], "deck_b": decks[(seed // 6 + 1 + seed) % 6],
            "day": seed % 4 == 0})
        state = RULES.new_game(config, seed)
        bots = [DuelHeuristicBot(("easy", "normal", "hard")[seed % 3], seed=seed),
                DuelHeuristicBot(seed=seed + 1)]
        steps = 0
        while not RULES.is_over(state):
            seat = RULES.current_actor(state)
            pick = bots[seat]._pick(state, seat)
            assert pick in RULES.legal_actions(state), (seed, steps, str(pick))
            RULES.do_apply(state, pick)
            steps += 1


def test_cached_fighter_numbers_stay_current():
    from engine.rules.duel import ops

    def check_all(state, where):
        for p in state.players:
            for f in (p.hero, *p.clan):
                assert f.nums == ops.fresh_numbers(p, f), (where, f.card)

    decks = list(cards().deck)
    for seed in range(30):
        config = GameConfig.for_players(2, deck_a=decks[seed % 6],
                                        deck_b=decks[(seed * 5 + 1) % 6], day=seed % 3 == 0)
        state = RULES.new_game(config, seed)
        bots = [RandomBot(seed=seed) if seed % 2 else DuelHeuristicBot(seed=seed),
                RandomBot(seed=seed + 7)]
        steps = 0
        while not RULES.is_over(state):
            check_all(state, (seed, steps))
            seat = RULES.current_actor(state)
            RULES.apply(state, bots[seat].choose(RULES, state, seat))
            steps += 1
            if steps % 25 == 0:
                check_all(RULES.state_from_dict(RULES.state_to_dict(state)), "loaded")
                check_all(RULES.determinize(state, 0, Rng(seed)), "determinized")
        check_all(state, (seed, "end"))
    check_all(fresh({"round": 3, "players": [{"level": 3, "equipment": ["war_banner"]},
                                             {"clan": ["ash_hound"]}]}), "scenario")
