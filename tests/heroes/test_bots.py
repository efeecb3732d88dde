"""The heroes bots: the heuristic bot against the random bot, many seeded skirmishes without an
error, the MCTS bot on a battle, and decision times.

HEROES_SKIRMISHES=1000 runs the full thousand seeded skirmishes (CI runs a sample); the CLI does
the same: ``python -m engine simulate --game heroes --option mode=skirmish --players 2
--bot heuristic --games 1000``.
"""

from __future__ import annotations

import os

import pytest

from engine.ai import make_bot
from engine.core.protocol import GameConfig
from engine.rules.heroes import RULES
from engine.rules.heroes import content as C
from engine.rules.heroes.battle import RULES as BATTLE
from engine.rules.heroes.battle import setup

SKIRMISHES = int(os.environ.get("HEROES_SKIRMISHES", "40"))
VARIANTS = ({}, {"opponent": "neutral", "field": 5, "difficulty": "expert"}, {"siege": True},
            {"level": 1, "budget": 20}, {"level": 7, "budget": 80, "hero_1": "magic",
                                         "hero_2": "magic"}, {"min_damage": True})


def _play(config: GameConfig, seed: int, bots: list) -> tuple:
    st = RULES.new_game(config, seed)
    steps = 0
    while not RULES.is_over(st):
        seat = RULES.current_actor(st)
        RULES.apply(st, bots[seat].choose(RULES, st, seat))
        steps += 1
        assert steps < 3000
    return RULES.outcome(st), st


def test_heuristic_beats_random_in_nine_of_ten_battles() -> None:
    wins = 0
    n = 40
    for seed in range(n):
        heuristic = seed % 2
        bots = [make_bot("random", "heroes", seed=seed), make_bot("random", "heroes", seed=seed)]
        bots[heuristic] = make_bot("heuristic", "heroes", seed=seed)
        outcome, _ = _play(GameConfig.for_players(2, mode="skirmish"), 1000 + seed, bots)
        wins += heuristic in outcome.winners
    assert wins >= 0.9 * n, f"{wins} of {n}"


def test_heuristic_beats_random_in_nine_of_ten_battles_with_equal_armies() -> None:
    # issue 13, "Numbers": 200 seeded battles, the same standard army and might hero on both
    # sides (the three factions in turn), the heuristic bot's seat alternating
    wins = 0
    n = 200
    for i in range(n):
        faction = tuple(setup.STANDARD_ARMIES)[i % 3]
        hero = next(h for h in C.faction(faction).heroes if C.hero(h).type == "might")
        army = setup.STANDARD_ARMIES[faction]
        spec = {"kind": "field", "max_rounds": 12,
                "sides": [setup.hero_side(0, hero, 3, army), setup.hero_side(1, hero, 3, army)]}
        heuristic = i % 2
        bots = [make_bot("random", "heroes_battle", seed=i) for _ in range(2)]
        bots[heuristic] = make_bot("heuristic", "heroes_battle", seed=i)
        st = BATTLE.new_game(GameConfig.for_players(2, battle=spec), 5000 + i)
        while not BATTLE.is_over(st):
            seat = BATTLE.current_actor(st)
            BATTLE.apply(st, bots[seat].choose(BATTLE, st, seat))
        wins += heuristic in BATTLE.outcome(st).winners
    assert wins >= 0.9 * n, f"{wins} of {n}"


def test_seeded_bot_skirmishes_end_without_an_error() -> None:
    for seed in range(SKIRMISHES):
        options = dict(VARIANTS[seed % len(VARIANTS)])
        players = 1 if seed % 7 == 3 else 2
        if players == 1:
            options.pop("siege", None)
        config = GameConfig.for_players(players, mode="skirmish", **options)
        bots = [make_bot("heuristic", "heroes", seed=seed + p) for p in range(players)]
        outcome, st = _play(config, seed, bots)
        assert outcome is not None and st.reason


def test_a_finished_skirmish_counts_each_seats_units_left() -> None:
    # the end screen's column (scenes/heroes/table.py over_column): the outcome's scores are
    # only win flags, the units standing say how the battle went
    from engine.rules.heroes.skirmish import SkirmishState

    for seed in range(4):
        config = GameConfig.for_players(2, mode="skirmish")
        bots = [make_bot("heuristic", "heroes", seed=seed + p) for p in range(2)]
        outcome, st = _play(config, seed, bots)
        left = RULES.view(st, 0)["survivors"]
        assert len(left) == 2
        if st.reason == "defeat":  # one side has no units left
            assert [n > 0 for n in left] == [p in outcome.winners for p in range(2)]
        saved = st.to_dict()
        assert SkirmishState.from_dict(saved).survivors == left
        del saved["survivors"]  # a save from before the count
        assert SkirmishState.from_dict(saved).survivors == []


def test_mcts_plays_a_battle_decision_in_budget() -> None:
    st = BATTLE.new_game(GameConfig.for_players(2), 4)
    bot = make_bot("mcts", "heroes_battle", difficulty="easy", seed=1)
    seat = BATTLE.current_actor(st)
    action = bot.choose(BATTLE, st, seat)
    assert action in BATTLE.legal_actions(st)


@pytest.mark.parametrize("game", ["heroes", "heroes_battle"])
def test_heuristic_bot_is_registered_for_both_games(game: str) -> None:
    from engine.ai.base import bot_info

    assert bot_info("heuristic", game).game == game
