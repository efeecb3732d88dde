"""Benchmarks of the deck-builder: headless games as ``simulate`` plays them, one heuristic
decision, and player-turns against a pure-Python peer engine (timed by the harness in CPU
milliseconds; engine code never reads the clock)."""

from __future__ import annotations

import time

from engine.bench import BenchmarkSkipped, register_benchmark, simulate_games
from engine.core.actions import Action
from engine.core.protocol import GameConfig
from engine.rules.deckbuilder import RULES
from engine.rules.deckbuilder.bots import HeuristicBot
from engine.rules.deckbuilder.state import DeckState

GAMES = 10
GAMES_PER_SECOND = 160  # issue 19, "Numbers": at least 160 games per second through apply
OPTIONS = {"setup": "smart"}
PEER_GAMES = 20  # pyminion's Big Money games are about half as long as ours
PEER_SHARE = 0.5  # issue 19: at least half pyminion's player-turns per second


def _games() -> None:
    """Plays GAMES 2-player heuristic games as ``simulate`` does, on new seeds."""
    simulate_games("deckbuilder", GAMES, OPTIONS)


def _turn_ms() -> float:
    """Returns the CPU ms per player-turn of GAMES games as ``simulate`` plays them."""
    start = time.thread_time()  # ok-determinism: benchmark timing
    turns = simulate_games("deckbuilder", GAMES, OPTIONS)
    return (time.thread_time() - start) * 1000.0 / turns  # ok-determinism: benchmark timing


_PEER_SEED = [0]


def _pyminion_turn_ms() -> float:
    """Returns the CPU ms per player-turn of PEER_GAMES pyminion games, Big Money against Big
    Money (pyminion is an optional dev dependency: ``pip install -e '.[dev]'``)."""
    try:
        from pyminion.bots.examples import BigMoney
        from pyminion.expansions.base import base_set
        from pyminion.game import Game
    except ImportError:
        raise BenchmarkSkipped("pyminion is not installed (an optional dev dependency: "
                               "pip install -e '.[dev]' or pip install pyminion)") from None
    import random  # ok-determinism: pyminion shuffles with the global generator; seeded here

    random.seed(_PEER_SEED[0])  # new games every sample, as ours
    _PEER_SEED[0] += 1
    start = time.thread_time()  # ok-determinism: benchmark timing
    turns = 0
    for _ in range(PEER_GAMES):
        game = Game(players=[BigMoney("a"), BigMoney("b")], expansions=[base_set],
                    log_stdout=False)
        game.play()
        turns += sum(p.turns for p in game.players)
    return (time.thread_time() - start) * 1000.0 / turns  # ok-determinism: benchmark timing


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
                   description=f"ms for {GAMES} 2-player heuristic games through apply, as "
                               f"simulate plays them (goal: {GAMES_PER_SECOND} games/s)")
register_benchmark("deckbuilder.vs_pyminion", _turn_ms, _pyminion_turn_ms, 1 / PEER_SHARE,
                   description="CPU ms per player-turn of heuristic games through apply against "
                               "pyminion's Big Money vs Big Money in the same process, "
                               "interleaved (goal: at least half its player-turns per second)")
register_benchmark("deckbuilder.heuristic_decision", _decision, None, 10 * 2.0,
                   goal_on="value",
                   description="ms for 10 heuristic decisions in a hard dungeon state "
                               "(goal: 2 ms each)")
