"""Seeded matches between two bots with seats alternating: wins, ties, losses and the CPU time
of every decision (``python -m engine match``; docs/performance.md, "The hard bot")."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.ai.base import make_bot, seat_seed
from engine.ai.play import bot_config


@dataclass
class MatchGame:
    """One game of a match: the seed, the first bot's seat and result, and its decision times."""

    seed: int
    seat: int
    result: str  # "won", "tied" or "lost", for the first bot
    scores: list[float]
    actions: int
    times: list[float] = field(default_factory=list)
    searched: int = 0
    switched: int = 0


@dataclass
class MatchReport:
    """A whole match, seen from the first bot."""

    game: str
    bots: tuple[str, str]
    games: list[MatchGame]

    def count(self, result: str) -> int:
        """Returns how many games the first bot ``result`` ("won", "tied", "lost")."""
        return sum(1 for g in self.games if g.result == result)

    def times(self) -> list[float]:
        """Returns every timed decision of the first bot (CPU seconds), sorted."""
        return sorted(t for g in self.games for t in g.times)

    def percentile(self, q: float) -> float:
        """Returns the q-quantile (0..1) of the first bot's decision times (nearest rank)."""
        times = self.times()
        if not times:
            return 0.0
        rank = max(1, min(len(times), int(-(-q * len(times) // 1))))
        return times[rank - 1]

    def summary(self) -> str:
        """Returns the one-paragraph result of the match."""
        n = len(self.games)
        won, tied, lost = self.count("won"), self.count("tied"), self.count("lost")
        times = self.times()
        share = 100.0 * won / n if n else 0.0
        return (f"{self.game}: {self.bots[0]} against {self.bots[1]}, {n} games: "
                f"won {won}, tied {tied}, lost {lost} ({share:.0f} % won); "
                f"{len(times)} decisions timed: p50 {self.percentile(0.5):.3f} s, "
                f"p99 {self.percentile(0.99):.3f} s, max {max(times, default=0.0):.3f} s")


def split_bot(spec: str, difficulty: str) -> tuple[str, str]:
    """Returns (bot id, difficulty) of "id" or "id:difficulty" ("heuristic:easy"); the hard
    bot is always hard."""
    bot, _, level = spec.partition(":")
    level = level or difficulty
    return bot, "hard" if bot == "hard" else level


def play_match_game(game_id: str, bots: tuple[str, str], seed: int, seat: int,
                    difficulty: str = "normal", options: dict[str, Any] | None = None,
                    max_actions: int = 50_000) -> MatchGame:
    """Plays one 2-player game with ``bots[0]`` in ``seat``; times ``bots[0]``'s decisions.

    A decision is timed when it had more than one legal action (forced moves cost nothing).
    """
    rules = registry.rules(game_id)
    order = [bots[1], bots[1]]
    order[seat] = bots[0]
    ids = [split_bot(b, difficulty) for b in order]
    config = bot_config(game_id, [b for b, _level in ids], difficulty, options)
    state = rules.new_game(config, seed)
    players = [make_bot(b, game_id, level, seat_seed(seed, i))
               for i, (b, level) in enumerate(ids)]
    game = MatchGame(seed, seat, "tied", [], 0)
    actions = 0
    while not rules.is_over(state) and actions < max_actions:
        actor = rules.current_actor(state)
        if actor is None:
            break
        bot = players[actor]
        if actor == seat:
            forced = len(rules.legal_actions(state)) == 1
            start = time.thread_time()  # ok-determinism: reported duration only
            action = bot.choose(rules, state, actor)
            spent = time.thread_time() - start  # ok-determinism: reported duration only
            if not forced:
                game.times.append(spent)
                stats = bot.last_stats
                if stats.get("candidates", 0) > 1:
                    game.searched += 1
                    game.switched += 1 if stats.get("switched") else 0
        else:
            action = bot.choose(rules, state, actor)
        rules.apply(state, action)
        actions += 1
    game.actions = actions
    outcome = rules.outcome(state) if rules.is_over(state) else None
    if outcome is None:
        game.result = "tied"
    else:
        game.scores = list(outcome.scores)
        if seat in outcome.winners:
            game.result = "won" if len(outcome.winners) == 1 else "tied"
        else:
            game.result = "lost"
    return game


def play_match(game_id: str, bots: tuple[str, str], games: int, seed: int = 0,
               difficulty: str = "normal", options: dict[str, Any] | None = None,
               on_game: Callable[[MatchGame], None] | None = None) -> MatchReport:
    """Plays ``games`` seeded 2-player games (seeds seed, seed+1, …), the first bot in seat 0
    on even game numbers and seat 1 on odd ones."""
    report = MatchReport(game_id, bots, [])
    for k in range(games):
        game = play_match_game(game_id, bots, seed + k, k % 2, difficulty, options)
        report.games.append(game)
        if on_game is not None:
            on_game(game)
    return report
