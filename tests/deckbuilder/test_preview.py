"""Deck-builder previews agree with what the actions do: the gold of a purchase and the XP of a
level-up are what is paid, a fight's breakdown is the one its event logs, every consequence
named is one the fight brings, and refusals name the rule ``validate`` raises."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine import registry
from engine.core.actions import Action, Message
from engine.core.errors import IllegalAction
from engine.core.hashing import canonical_json
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.deckbuilder.cards import table
from engine.rules.deckbuilder.state import DeckState

RULES = registry.rules("deckbuilder")
# literal tables (the scenario vocabulary): a split that decides the fight, a battle effect
# that makes the player choose a weapon to destroy, a goblin that leaves spoils
SCENARIOS: dict[str, dict[str, Any]] = {
    "split": {"hall": ["mirror_ooze", "snagtooth_goblin", "glow_ooze"],
              "players": [{"hand": ["anvil_fighter", "ember_blade", "disease", "disease",
                                    "torch", "storm_lantern"]}, {}, {}]},
    "destroy": {"hall": ["acid_ooze", "snagtooth_goblin", "glow_ooze"],
                "players": [{"hand": ["ash_raider", "anvil_guard", "dagger", "hand_axe",
                                      "storm_lantern", "torch"]}, {}, {}]},
    "spoils": {"hall": ["snagtooth_goblin", "glow_ooze", "sky_griffin"],
               "players": [{"hand": ["ash_raider", "dagger", "torch", "storm_lantern",
                                     "gutter_thief", "militia"]}, {}, {}]},
}
EXPECT = {"split": "deckbuilder.preview.split_next",
          "destroy": "deckbuilder.preview.destroy_choice",
          "spoils": "deckbuilder.preview.spoils"}
LOGGED = frozenset({"deckbuilder.ev.win", "deckbuilder.ev.lose", "deckbuilder.ev.doomed",
                    "deckbuilder.ev.disease", "deckbuilder.ev.xp_lost", "deckbuilder.ev.xp"})


def _states(players: int, seed: int, **options: str) -> Iterator[DeckState]:
    """Yields every state of a seeded random game that prefers fights."""
    state = RULES.new_game(GameConfig.for_players(players, **options), seed)
    rng = Rng(seed)
    for _ in range(1500):
        if RULES.is_over(state):
            return
        yield state
        legal = RULES.legal_actions(state)
        fights = [a for a in legal if a.kind in ("dungeon", "attack", "diseases", "buy")]
        levels = [a for a in legal if a.kind == "level"]
        pool = levels if levels and rng.below(2) else \
            fights if fights and rng.below(3) else legal
        RULES.apply(state, rng.choice(pool))


def _all() -> Iterator[DeckState]:
    yield from _states(3, 1)
    yield from _states(2, 2)
    yield from _states(2, 4)
    yield from _states(5, 5)
    yield from _states(4, 3, disease_rule="printed", strength_rule="printed")


def test_previews_are_json_and_change_nothing() -> None:
    for state in _all():
        legal = RULES.legal_actions(state)
        before = RULES.state_hash(state)
        for seat in (state.current, None):
            for p in RULES.annotate(state, seat, legal):
                assert p.refused is None
                canonical_json(p.to_json())
        assert RULES.state_hash(state) == before


def test_costs_are_what_is_paid() -> None:
    kinds: set[str] = set()
    for state in _all():
        legal = RULES.legal_actions(state)
        for action, p in zip(legal, RULES.annotate(state, state.current, legal), strict=True):
            if action.kind not in ("buy", "level"):
                continue
            clone = RULES.clone(state)
            RULES.apply(clone, action)
            if action.kind == "buy":
                assert clone.spent - state.spent == p.cost[0].total
                assert p.detail is not None
                assert p.detail["gold_left"] == RULES.gold_total(clone) - clone.spent
            else:
                me = state.current
                assert state.players[me].xp - clone.players[me].xp == p.cost[0].total
            kinds.add(action.kind)
    assert kinds == {"buy"}


def test_level_up_costs_what_is_paid() -> None:
    # A village visit with 3 XP: the elf may rise, the militia may become any hero.
    state = RULES.new_game(GameConfig.for_players(3), 1)
    RULES.setup_scenario(state, {
        "hall": ["sky_griffin", "snagtooth_goblin", "glow_ooze"],
        "players": [{"hand": ["moonwood_adept", "militia", "torch", "dagger", "ration",
                              "storm_lantern"], "xp": 3}, {}, {}]})
    RULES.apply(state, Action.make("village"))
    levels = [a for a in RULES.legal_actions(state) if a.kind == "level"]
    assert len(levels) >= 2
    for action, p in zip(levels, RULES.annotate(state, 0, levels), strict=True):
        clone = RULES.clone(state)
        RULES.apply(clone, action)
        assert state.players[0].xp - clone.players[0].xp == p.cost[0].total


def _check_fight(state: DeckState, action: Action, p: Any) -> bool:
    """Checks a fight's preview against applying it; returns whether the fight was resolved."""
    clone = RULES.clone(state)
    events = RULES.apply(clone, action)
    if clone.phase == "split":
        assert p.consequences[0].key == "deckbuilder.preview.split_next"
        return False
    result = next(e for e in events if e.key in ("deckbuilder.ev.win", "deckbuilder.ev.lose"))
    assert p.breakdowns == result.breakdowns
    logged = [Message(e.key, e.params) for e in events if e.key in LOGGED]
    named = [m for m in p.consequences if m.key in LOGGED]
    if clone.phase == "destroy":
        # The player picks what a battle effect destroys: the fight waits there, and the
        # preview says so.
        cut = next(i for i, m in enumerate(p.consequences)
                   if m.key == "deckbuilder.preview.destroy_choice")
        named = [m for m in p.consequences[:cut] if m.key in LOGGED]
    assert named == logged, (action, named, logged)
    # Every card the preview says will be destroyed is destroyed when the fight ends.
    doomed = sorted(str(m.params["card"]["en"]) for m in p.consequences
                    if m.key in ("deckbuilder.ev.doomed", "deckbuilder.preview.too_weak"))
    if clone.current != state.current or clone.phase == "over":  # the fight ended the turn
        gone = sorted(str(e.params["card"]["en"]) for e in events
                      if e.key == "deckbuilder.ev.destroy")
        assert gone == doomed, (action, gone, doomed)
        # what moves into rank 1 afterwards: a breach, the stone taken or reached
        keys = {m.key for m in p.consequences}
        happened = {e.key for e in events}
        assert ("deckbuilder.preview.breach" in keys) == ("deckbuilder.ev.breach" in happened)
        assert ("deckbuilder.preview.stone_taken" in keys) == ("deckbuilder.ev.stone" in happened)
        if "deckbuilder.preview.stone_reached" in keys:
            assert clone.phase == "over" and clone.holder < 0
    rank = state.target if action.kind == "diseases" else action["rank"]
    if any(m.key == "deckbuilder.preview.monster_returns" for m in p.consequences):
        assert clone.dungeon[0] == state.hall[rank - 1]
    if any(m.key == "deckbuilder.preview.spoils" for m in p.consequences):
        assert clone.phase == "spoils"
    return True


def test_fights_show_their_breakdown_and_every_consequence() -> None:
    fights = 0
    for state in _all():
        if state.phase not in ("dungeon", "split"):
            continue
        legal = RULES.legal_actions(state)
        for action, p in zip(legal, RULES.annotate(state, state.current, legal), strict=True):
            if action.kind == "attack" or (action.kind == "diseases" and state.phase == "split"):
                fights += _check_fight(state, action, p)
    assert fights >= 20


@pytest.mark.parametrize("scenario", ["split", "destroy", "spoils"])
def test_won_fights_show_spoils_and_choices(scenario: str) -> None:
    state = RULES.new_game(GameConfig.for_players(3), 1)
    RULES.setup_scenario(state, SCENARIOS[scenario])
    RULES.apply(state, Action.make("dungeon"))
    for _ in range(4):  # every weapon to a hero that can carry it
        equip = [a for a in RULES.legal_actions(state) if a.kind == "equip"]
        if not equip:
            break
        RULES.apply(state, equip[0])
    keys: set[str] = set()
    for attack in [a for a in RULES.legal_actions(state) if a.kind == "attack"]:
        p = RULES.explain(state, 0, attack)
        keys.update(m.key for m in p.consequences)
        if not _check_fight(state, attack, p):  # the split decides: try each
            split = RULES.clone(state)
            RULES.apply(split, attack)
            for choice in RULES.legal_actions(split):
                q = RULES.explain(split, 0, choice)
                keys.update(m.key for m in q.consequences)
                assert _check_fight(split, choice, q)
    assert "deckbuilder.ev.win" in keys
    assert EXPECT[scenario] in keys, keys


def test_refusals_name_the_rule_validate_raises() -> None:
    keys: set[str] = set()
    stale: list[Action] = []
    for state in _all():
        legal = RULES.legal_actions(state)
        candidates = [*stale[:8], *(Action.make("buy", card=pile) for pile in state.piles)]
        for action in candidates:
            why = RULES.explain(state, state.current, action).refused
            if action in legal:
                assert why is None
                continue
            with pytest.raises(IllegalAction) as exc:
                RULES.validate(state, action)
            assert why == Message(exc.value.rule, exc.value.params)
            keys.add(why.key)
        stale = legal
    assert "deckbuilder.rule.not_enough_gold" in keys, keys


# a plain contribution; a card that adds nothing is named with the reason (never "+0 Torch")
PLAIN = frozenset({"deckbuilder.bd.hero", "deckbuilder.bd.weapon", "deckbuilder.bd.card",
                   "deckbuilder.bd.trophy", "deckbuilder.bd.party"})


def _check_names_every_card(state: DeckState, breakdown: dict[str, Any]) -> None:
    """Checks that every revealed card has a term of its own (diseases: the diseases term) and
    that a term worth nothing says why."""
    cards = table().cards
    named: list[str] = []
    for term in breakdown["terms"]:
        label = term["label"]
        if label["key"] == "deckbuilder.bd.diseases":
            named.extend(["disease"] * label["params"]["count"])
        card = label["params"].get("card")
        if isinstance(card, dict):
            named.append(card["en"])
        if term["value"] == 0:
            assert label["key"] not in PLAIN, label
    for cid in {c for c in state.play if c is not None}:
        name = "disease" if cid == "disease" else cards[cid].name["en"]
        shown = sum(1 for n in named if n == name)
        assert shown >= state.play.count(cid), (name, breakdown)


def test_every_revealed_card_is_in_the_breakdown() -> None:
    checked = 0
    for state in _all():
        if state.phase not in ("dungeon", "split"):
            continue
        for entry in RULES.view(state, state.current)["preview"]:
            _check_names_every_card(state, entry["breakdown"])
            checked += 1
    assert checked >= 100


# seed 000, "Kampfeffekte": the tormented one lowers every hero's strength by 2; militia
# (strength 2) fall to 0, are destroyed after the fight, and cannot carry the dagger
TORMENT = {"hall": ["tormented_one", "plague_herald", "sky_griffin"],
           "players": [{"hand": ["militia", "militia", "militia", "dagger", "torch", "ration"]},
                       {}, {}]}


def test_the_preview_warns_of_heroes_destroyed_and_names_the_dropped_dagger() -> None:
    state = RULES.new_game(GameConfig.for_players(3), 1)
    RULES.setup_scenario(state, TORMENT)
    RULES.apply(state, Action.make("dungeon"))
    RULES.apply(state, Action.make("equip", hero=0, weapon=3))
    entry = RULES.view(state, 0)["preview"][0]
    assert entry["monster"] == "tormented_one" and not entry["win"]
    keys = [m["key"] for m in entry["consequences"]]
    assert keys.count("deckbuilder.preview.too_weak") == 3
    assert entry["losses"] == {"cards": 3, "diseases": 0}
    dagger = [t for t in entry["breakdown"]["terms"]
              if t["label"]["params"].get("card", {}).get("en") == "Dagger"]
    assert [t["label"]["key"] for t in dagger] == ["deckbuilder.bd.too_heavy"]
    assert dagger[0]["label"]["params"]["strength"] == 0 and dagger[0]["value"] == 0
    # the view's preview is the action's preview, and it is what happens
    attack = Action.make("attack", rank=1)
    p = RULES.explain(state, 0, attack)
    assert [m.to_json() for m in p.consequences] == entry["consequences"]
    assert p.breakdowns[0].to_json() == entry["breakdown"]
    events = RULES.apply(state, attack)
    destroyed = [e.params["card"]["en"] for e in events if e.key == "deckbuilder.ev.destroy"]
    assert destroyed == ["Militia"] * 3
    assert any(e.key == "deckbuilder.ev.breach" for e in events)


@pytest.mark.parametrize(("hall", "hand", "expect", "event"), [
    # a win on rank 1 moves the stone there: the winner takes it
    (["sky_griffin", "thunderstone", "glow_ooze"],
     ["ash_raider", "ash_raider", "militia", "torch", "torch", "militia"],
     "deckbuilder.preview.stone_taken", "deckbuilder.ev.stone"),
    # a loss on rank 1 moves it there too: the game ends, nobody takes it
    (["sky_griffin", "thunderstone", "glow_ooze"],
     ["militia", "militia", "militia", "torch", "ration", "dagger"],
     "deckbuilder.preview.stone_reached", "deckbuilder.ev.game_over"),
    # a breach monster moving into rank 1 breaks through
    (["sky_griffin", "plague_herald", "glow_ooze"],
     ["militia", "militia", "militia", "torch", "ration", "dagger"],
     "deckbuilder.preview.breach", "deckbuilder.ev.breach"),
])
def test_what_moves_into_rank_1_is_a_consequence(hall: list[str], hand: list[str],
                                                 expect: str, event: str) -> None:
    state = RULES.new_game(GameConfig.for_players(2), 1)
    RULES.setup_scenario(state, {"hall": hall, "phase": "dungeon",
                                 "players": [{"hand": hand}, {}]})
    attack = Action.make("attack", rank=1)
    p = RULES.explain(state, 0, attack)
    assert p.consequences[-1].key == expect, p.consequences
    events = RULES.apply(state, attack)
    assert any(e.key == event for e in events)
    holder = 0 if event == "deckbuilder.ev.stone" else -1
    assert state.holder == holder
