"""Seeded whole games: 1,000 random games end with cards conserved; the heuristic bot wins."""

from __future__ import annotations

from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.deckbuilder import RULES
from engine.rules.deckbuilder.bots import HeuristicBot
from tests.deckbuilder.helpers import total_cards

SETUPS = ("first_game", "smart", "random", "dark_tide", "arcane_vault", "iron_wall")


def test_thousand_seeded_games_end_and_conserve_cards() -> None:
    for seed in range(1000):
        players = 2 + seed % 4
        config = GameConfig.for_players(players, setup=SETUPS[seed % len(SETUPS)])
        st = RULES.new_game(config, seed)
        start = total_cards(st)
        assert start[1] == st.diseases_out == 0
        chooser = Rng(seed * 7 + 1)
        every_step = seed < 40  # conservation at every step on a subset, at the end on all
        steps = 0
        while not RULES.is_over(st):
            legal = RULES.legal_actions(st)
            assert legal, f"seed {seed}: no legal action in phase {st.phase}"
            RULES.do_apply(st, chooser.choice(legal))
            steps += 1
            assert steps < 5000, f"seed {seed}: no end"
            if every_step:
                n, diseases = total_cards(st)
                assert n == start[0] and diseases == st.diseases_out, f"seed {seed} step {steps}"
        n, diseases = total_cards(st)
        assert n == start[0] and diseases == st.diseases_out, f"seed {seed}"
        assert RULES.outcome(st) is not None


def test_heuristic_bot_beats_random_bot() -> None:
    wins = 0
    for seed in range(200):
        st = RULES.new_game(GameConfig.for_players(2, setup="smart"), seed)
        bot = HeuristicBot(seed=seed)
        chooser = Rng(seed)
        hseat = seed % 2
        while not RULES.is_over(st):
            if st.current == hseat:
                action = bot.choose(RULES, st, hseat)
                if seed < 20:
                    RULES.validate(st, action)  # the bot only takes legal actions
            else:
                action = chooser.choice(RULES.legal_actions(st))
            RULES.do_apply(st, action)
        out = RULES.outcome(st)
        assert out is not None
        wins += out.winners == (hseat,)
    assert wins >= 190, f"heuristic won only {wins} of 200"
