"""Solitaire brood comes for the heroes: the multi-player ban on moving spawn next to the
active player's own hero (seed 004, "Mage Spawn bewegen") does not hold back the dungeon."""

from __future__ import annotations

from engine import registry
from engine.core.protocol import GameConfig
from engine.rules.crawl import solo
from engine.rules.crawl.core import distance
from engine.rules.crawl.movement import figure_reach

RULES = registry.rules("crawl")


def _state(players: int) -> object:
    state = RULES.new_game(GameConfig.for_players(players, board="crypt_hall"), 3)
    figures = [{"hero": "brannoc", "owner": 0, "at": [15, 12], "facing": 1},
               {"spawn": "mire_lurker_standard", "at": [15, 10], "facing": 4}]
    if players > 1:
        figures.append({"hero": "ysolde", "owner": 1, "at": [5, 5], "facing": 0})
    RULES.setup_scenario(state, {"figures": figures, "current": 0,
                                 "mode": "solitaire" if players == 1 else "lone_wolf"})
    return state


def test_solitaire_brood_may_step_next_to_a_hero_and_strikes() -> None:
    state = _state(1)
    lurker = next(f for f in state.figures if not f.hero and f.where == "board")
    assert (15, 11) in figure_reach(state, lurker, 5).costs  # one step, next to the hero
    events: list = []
    solo.spawn_turn(state, lurker, events)
    assert distance(lurker.pos, (15, 12)) == 1
    assert any(e.key in ("crawl.event.attack", "crawl.event.melee") for e in events), \
        [e.key for e in events]


def test_a_player_never_moves_brood_next_to_its_own_hero() -> None:
    state = _state(2)
    lurker = next(f for f in state.figures if not f.hero and f.where == "board")
    reach = figure_reach(state, lurker, 5)
    assert (15, 11) not in reach.costs and all(distance(sq, (15, 12)) > 1 for sq in reach.costs)


def test_a_hit_says_why_it_does_its_clicks() -> None:
    from engine.rules.crawl.combat import hit_damage

    state = _state(2)
    lurker = next(f for f in state.figures if not f.hero and f.where == "board")
    hero = next(f for f in state.figures if f.hero and f.owner == 0)
    for roll in (7, 12):
        clicks, why = hit_damage(state, lurker, hero, "melee", roll)
        assert why.total == clicks == sum(int(t.value) for t in why.terms) >= 1
        assert any(t.label.key == "crawl.term.twelve" for t in why.terms) == (roll == 12)
    clicks, why = hit_damage(state, lurker, hero, "ranged", 7, several=True)
    assert clicks == 1 and why.terms[0].label.key == "crawl.term.several"
