"""Card rules in battle (recall, swaps, timings) and siege details (walls, the tower)."""

from __future__ import annotations

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.protocol import GameConfig
from engine.rules.heroes.battle import RULES
from engine.rules.heroes.scenario import apply_battle_setup

A = Action.make


def _battle(units: list[dict], hands: list[list[str]], kind: str = "field", **extra: object) -> object:
    spec = {"kind": kind, "sides": [
        {"seat": 0, "hero": "morwen", "level": 3, "draw": False, "units": []},
        {"seat": 1, "hero": "adelmar", "level": 3, "draw": False, "units": [],
         "town": kind == "siege"}]}
    st = RULES.new_game(GameConfig.for_players(2, battle=spec), 2)
    setup = {"units": units, "sides": [{"hand": hands[0]}, {"hand": hands[1]}]}
    setup.update(extra)
    apply_battle_setup(RULES, st, setup)
    return st


def test_knowledge_takes_the_cast_spell_back_and_expert_allows_another() -> None:
    st = _battle([{"unit": "gazer", "side": 0, "square": 1},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["magic_arrow", "knowledge"], []])
    with pytest.raises(IllegalAction):  # nothing cast yet: nothing to take back
        RULES.apply(st, A("play", card="knowledge", mode="basic"))
    RULES.apply(st, A("play", card="magic_arrow", mode="e0", target=1))
    RULES.apply(st, A("school", school="air"))
    RULES.apply(st, A("play", card="knowledge", mode="expert"))
    side = st.sides[0]
    assert "magic_arrow" in side.hand and side.spell_limit == 2 and side.crowns == 0
    RULES.apply(st, A("play", card="magic_arrow", mode="e0", target=1))  # a second cast


def test_activation_cards_only_before_the_own_units_attack() -> None:
    st = _battle([{"unit": "bone_warrior", "side": 0, "square": 5},
                  {"unit": "hornfiend", "side": 1, "square": 9, "activated": True}],
                 [["magic_arrow", "attack"], []])
    st.forced = [0, 0]
    RULES.apply(st, A("attack", target=1))
    # the window before the attack: the activation spell is still allowed for the attacker
    legal = RULES.legal_actions(st)
    assert A("play", card="magic_arrow", mode="e0", target=1) in legal
    RULES.apply(st, A("decline"))
    assert st.flow.phase == "battle"


def test_tactics_swaps_two_own_units() -> None:
    st = _battle([{"unit": "bone_warrior", "side": 0, "square": 5},
                  {"unit": "shambler", "side": 0, "square": 2, "activated": True},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["tactics"], []])
    RULES.apply(st, A("play", card="tactics", mode="basic", target=0))
    assert st.flow.top.kind == "pick"
    RULES.apply(st, A("pick", unit=1))
    assert st.units[0].sq == 2 and st.units[1].sq == 5


def test_ground_units_break_walls_and_the_tower_falls_with_the_last() -> None:
    st = _battle([{"unit": "bone_warrior", "side": 0, "square": 4},
                  {"unit": "shambler", "side": 1, "square": 16, "activated": True},
                  {"unit": "arrow_tower", "side": 1, "activated": True}],
                 [[], []], kind="siege", walls=["wall", None, None, None])
    assert A("attack", wall=0) in RULES.legal_actions(st)
    events = RULES.apply(st, A("attack", wall=0))
    keys = [e.key for e in events]
    assert ("heroes.ev.wall_down" in keys or "heroes.ev.gate_down" in keys) \
        and "heroes.ev.tower_down" in keys
    assert not st.units[2].alive and st.walls == [None, None, None, None]


def test_the_arrow_tower_shoots_first_without_penalty() -> None:
    st = _battle([{"unit": "gazer", "side": 0, "square": 4, "activated": True},
                  {"unit": "shambler", "side": 1, "square": 16, "activated": True},
                  {"unit": "arrow_tower", "side": 1}],
                 [[], []], kind="siege", walls=["wall", "gate", "wall", "wall"])
    tower = st.units[2]
    assert st.active == tower.uid  # initiative 9
    st.forced = [0]
    events = RULES.apply(st, A("attack", target=0))
    hit = next(e for e in events if e.key == "heroes.ev.attack")
    assert hit.params["penalty"] is False and hit.params["damage"] == 4  # 4 + 0 - 0


def test_paralysed_units_lose_their_activation_and_cannot_defend_twice() -> None:
    st = _battle([{"unit": "bone_warrior", "side": 0, "square": 5, "paralysed": True},
                  {"unit": "shambler", "side": 0, "square": 0, "defended_last": True},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [[], []])
    # the paralysed bone warriors (initiative 4) were skipped; the shamblers act
    assert st.active == 1 and st.units[0].acted and not st.units[0].paralysed
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(st, A("defend"))
    assert exc.value.rule == "heroes.rule.defend_twice"


def test_expert_effects_are_limited_by_the_heroes_crowns() -> None:
    st = _battle([{"unit": "bone_warrior", "side": 0, "square": 5},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["power", "power"], []])
    RULES.apply(st, A("play", card="power", mode="expert"))
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(st, A("play", card="power", mode="expert"))
    assert exc.value.rule == "heroes.rule.no_crown"


def test_one_permanent_card_in_play_a_new_one_replaces_the_old() -> None:
    st = _battle([{"unit": "bone_warrior", "side": 0, "square": 5},
                  {"unit": "shambler", "side": 0, "square": 1, "activated": True},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
                 [["war_banner", "war_banner"], []])
    before = [st.units[0].bonuses[:], st.units[1].bonuses[:]]
    with pytest.raises(IllegalAction):  # permanent cards are played like activation cards
        RULES.apply(st, A("play", card="war_banner", mode="top", wall=0))
    RULES.apply(st, A("play", card="war_banner", mode="top"))
    side = st.sides[0]
    assert side.in_play == ["war_banner"] and not side.deck.discard_pile
    assert st.units[0].bonuses != before[0] and len(st.units[0].bonuses) == 1
    events = RULES.apply(st, A("play", card="war_banner", mode="top"))
    assert "heroes.ev.replaced" in [e.key for e in events]
    assert side.in_play == ["war_banner"] and side.deck.discard_pile.cards == ["war_banner"]
    assert len(st.units[0].bonuses) == 1 and len(st.units[1].bonuses) == 1  # not doubled
