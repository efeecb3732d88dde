"""Seeded batches of the map game (mode clash) between computer players: faction pairings and
the bot's levels against each other (docs/heroes/balance.md, "The Clash computer player").

``game(bots, factions, seed)`` plays one 2-player game of the first scenario with the given
``bot:level`` in each seat and returns the winning seats (none: the round limit's tie) and the
map decisions' CPU times; ``pairing`` and ``levels`` swap the seats every other game so that
the seat advantage cancels. ``tools/heroes_clash_balance.py`` prints the tables; CI plays a
few games of each level (tests/heroes/test_clashbot.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine import registry
from engine.ai.base import Bot, make_bot, seat_seed
from engine.ai.match import split_bot
from engine.ai.play import DEFAULT_MAX_ACTIONS, bot_config
from engine.rules.heroes.adventure.bots import is_map_turn
from engine.rules.heroes.skirmish import FACTIONS


@dataclass
class Tally:
    """Wins of each side of a batch (a side: a faction or a bot level), ties, map times."""

    wins: dict[str, int]
    ties: int = 0
    times: list[float] = field(default_factory=list)

    def games(self) -> int:
        """Returns the number of games played."""
        return sum(self.wins.values()) + self.ties

    def share(self, who: str) -> float:
        """Returns the share of the games ``who`` won, a tie counting half."""
        n = self.games()
        return (self.wins.get(who, 0) + self.ties / 2) / n if n else 0.0

    def p99(self) -> float:
        """Returns the 99th percentile of the timed map decisions (CPU seconds)."""
        if not self.times:
            return 0.0
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _bots(specs: tuple[str, str], seed: int) -> list[Bot]:
    out = []
    for i, spec in enumerate(specs):
        bot, level = split_bot(spec, "normal")
        out.append(make_bot(bot, "heroes", level, seat_seed(seed, i)))
    return out


def game(bots: tuple[str, str], factions: tuple[str, str], seed: int,
         times: list[float] | None = None, **options: Any) -> list[int]:
    """Returns the winning seats of one clash of ``bots[0]`` (seat 0, ``factions[0]``) against
    ``bots[1]``; appends the CPU time of every map decision with a choice to ``times``."""
    rules = registry.rules("heroes")
    config = bot_config("heroes", [split_bot(b, "normal")[0] for b in bots], options={
        "mode": "clash", "faction_1": factions[0], "faction_2": factions[1], **options})
    state = rules.new_game(config, seed)
    players = _bots(bots, seed)
    for _ in range(DEFAULT_MAX_ACTIONS):
        actor = rules.current_actor(state)
        if rules.is_over(state) or actor is None:
            break
        timed = times is not None and is_map_turn(state) and len(rules.legal_actions(state)) > 1
        start = time.thread_time()  # ok-determinism: reported duration only
        action = players[actor].choose(rules, state, actor)
        if timed and times is not None:
            times.append(time.thread_time() - start)  # ok-determinism: reported duration only
        rules.apply(state, action)
    outcome = rules.outcome(state) if rules.is_over(state) else None
    if outcome is None:
        return []
    winners = outcome.winners
    return list(winners) if len(winners) == 1 else []


def pairing(a: str, b: str, games: int, seed: int = 0, bot: str = "heuristic",
            **options: Any) -> Tally:
    """Returns the wins of faction ``a`` and of ``b`` over ``games`` seeded clashes of the same
    bot in both seats (``a`` in seat 0 in the even-numbered games, in seat 1 in the odd ones;
    a mirror counts the seats)."""
    tally = Tally({a: 0, b: 0} if a != b else {"seat 1": 0, "seat 2": 0})
    for i in range(games):
        first, second = (b, a) if i % 2 else (a, b)
        won = game((bot, bot), (first, second), seed + i, tally.times, **options)
        if not won:
            tally.ties += 1
        elif a == b:
            tally.wins[f"seat {won[0] + 1}"] += 1
        else:
            tally.wins[first if won[0] == 0 else second] += 1
    return tally


def table(games: int, seed: int = 0, bot: str = "heuristic",
          **options: Any) -> list[tuple[str, str, Tally]]:
    """Returns ``(a, b, tally)`` for every pairing of two different factions."""
    return [(a, b, pairing(a, b, games, seed, bot, **options))
            for a, b in combinations(FACTIONS, 2)]


def levels(first: str, second: str, games: int, seed: int = 0, **options: Any) -> Tally:
    """Returns the wins of bot ``first`` and of ``second`` (``bot:level`` each) over ``games``
    seeded clashes, seats alternating (``first`` in seat 0 in the even-numbered games) and the
    factions drawn at random by the game; the times are both seats' map decisions."""
    tally = Tally({first: 0, second: 0})
    for i in range(games):
        swap = i % 2 == 1
        bots = (second, first) if swap else (first, second)
        times: list[float] = []
        won = game(bots, ("random", "random"), seed + i, times, **options)
        tally.times += times  # both seats' (the same code at two levels)
        if not won:
            tally.ties += 1
        else:
            tally.wins[bots[won[0]]] += 1
    return tally
