"""Benchmarks of the deck-builder: headless games and one heuristic decision (timed by the
harness in CPU milliseconds; engine code never reads the clock)."""

from __future__ import annotations

from engine.bench import register_benchmark
from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.rules.deckbuilder import RULES
from engine.rules.deckbuilder.bots import HeuristicBot
from engine.rules.deckbuilder.state import DeckState

GAMES = 10
GAMES_PER_SECOND = 90  # issue 3, "Numbers": at least 90 two-player games per second


def _games() -> None:
    """Plays GAMES full 2-player heuristic-vs-heuristic games."""
    for seed in range(GAMES):
        st = RULES.new_game(GameConfig.for_players(2, setup="smart"), seed)
        bots = [HeuristicBot(seed=seed), HeuristicBot(seed=seed + 1)]
        while st.phase != "over":
            RULES.do_apply(st, bots[st.current].choose(RULES, st, st.current))


_HARD: list[DeckState] = []


def _hard_state() -> DeckState:
    """Returns a dungeon preparation with a big revealed hand (the bot's costliest decision)."""
    if not _HARD:
        st = RULES.new_game(GameConfig.for_players(2), 1)
        RULES.setup_scenario(st, {
            "hall": ["tormented_one", "vorrak_the_vast", "twilight_hound"],
            "players": [{"hand": ["vesper_priest", "anvil_fighter", "oath_squire_1", "halberd",
                                  "short_sword", "ember_blade"],
                         "deck": ["ration", "war_chant", "disease", "torch"]}, {}]})
        RULES.do_apply(st, Action.make("dungeon"))
        _HARD.append(st)
    return _HARD[0]


def _decision() -> None:
    """Makes 10 heuristic decisions on the hard state."""
    st = _hard_state()
    bot = HeuristicBot(seed=1)
    for _ in range(10):
        bot.choose(RULES, st, st.current)


register_benchmark("deckbuilder.games", _games, None, GAMES * 1000 / GAMES_PER_SECOND,
                   goal_on="value",
                   description=f"ms for {GAMES} 2-player heuristic games (goal: 90 games/s)")
register_benchmark("deckbuilder.heuristic_decision", _decision, None, 10 * 2.0,
                   goal_on="value",
                   description="ms for 10 heuristic decisions in a hard dungeon state "
                               "(goal: 2 ms each)")
