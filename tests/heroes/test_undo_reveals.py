"""Heroes steps that show hidden cards are irreversible (found by the extended conformance run).

Taking the ability discard's top card turns the next hidden card face up; an attack tells whether
the other side holds a playable card (its response window opens or not).
"""

from __future__ import annotations

from engine import conform

BASE = {"budget": 10, "field": 1, "max_rounds": 40, "min_damage": True}


def test_a_search_that_turns_up_the_next_discard_ends_undo() -> None:
    options = {**BASE, "bonus_cards": True, "difficulty": "normal", "faction_1": "underhold",
               "faction_2": "random", "hero_1": "magic", "hero_2": "might", "level": 7,
               "no_die_damage": False, "opponent": "player", "siege": True}
    case = conform.Case("heroes", 2, options, 851932506, "random", "bh")
    assert conform.run_case(case) == []


def test_an_attack_without_dice_still_ends_undo() -> None:
    options = {**BASE, "bonus_cards": False, "difficulty": "easy", "faction_1": "underhold",
               "faction_2": "underhold", "hero_1": "might", "hero_2": "magic", "level": 1,
               "no_die_damage": True, "opponent": "neutral", "siege": False}
    case = conform.Case("heroes", 2, options, 39330472, "random", "bb")
    assert conform.run_case(case) == []
