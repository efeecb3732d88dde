"""Benchmarks of the duel: headless heuristic games and heuristic decisions (timed by the
harness; engine code never reads the clock)."""

from __future__ import annotations

from engine.bench import register_benchmark, simulate_games
from engine.core.protocol import GameConfig
from engine.rules.duel import RULES, pairing
from engine.rules.duel.bots import DuelHeuristicBot
from engine.rules.duel.state import DuelState

GAMES = 10
GAMES_PER_SECOND = 280  # issue 19, "Numbers": at least 280 games per second through apply


def _games() -> None:
    """Plays GAMES heuristic duels as ``simulate`` does (every action through ``apply``), on
    seeds no earlier sample played (replaying them would let the bot's memos of decisions and
    fight odds answer from earlier samples; docs/duel/performance.md, "Measuring")."""
    simulate_games("duel", GAMES)


_MID: list[DuelState] = []


def _mid_state() -> DuelState:
    """Returns a round-2 state with full clans on both sides (an attack-heavy decision)."""
    if not _MID:
        st = RULES.new_game(GameConfig.for_players(2), 1)
        RULES.setup_scenario(st, {"round": 2, "active": 0, "players": [
            {"clan": ["cinder_brute", "kiln_warden", "ash_hound"]},
            {"clan": ["pearl_guard", "brine_lancer", "kelp_stalker"]}]})
        for a in range(1, 7):
            for d in range(1, 7):
                pairing.tails(a, d)  # warm the exact-odds cache once, as a long game would
        _MID.append(st)
    return _MID[0]


def _decision() -> None:
    """Makes 10 heuristic decisions on the mid-game state."""
    st = _mid_state()
    bot = DuelHeuristicBot(seed=1)
    for _ in range(10):
        bot.choose(RULES, st, 0)


register_benchmark("duel.games", _games, None, GAMES * 1000 / GAMES_PER_SECOND,
                   goal_on="value",
                   description=f"ms for {GAMES} heuristic duels through apply, as simulate "
                               f"plays them (goal: {GAMES_PER_SECOND} games/s)")
register_benchmark("duel.heuristic_decision", _decision, None, 10 * 2.0, goal_on="value",
                   description="ms for 10 heuristic decisions in a mid-game state "
                               "(goal: 2 ms each)")
