"""The three difficulties of a game that has a heuristic bot and search knowledge.

easy: the heuristic, which now and then (``BLUNDER`` of its decisions with a choice) picks
a legal action at random; normal: the heuristic; hard: the search bot (engine/ai/search.py).
``register_levels`` puts this behind the game's ``heuristic`` bot, the default of every seat,
so the set-up screen's difficulty chooses the level, and registers the search bot as
``hard`` too (``python -m engine simulate --bots hard,heuristic`` plays hard against normal).
"""

from __future__ import annotations

from engine.ai.base import Bot, register_bot, registered_bot
from engine.ai.search import SearchBot
from engine.core.actions import Action
from engine.core.protocol import GameRules

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

    from engine.ai.base import BotFactory

# The share of an easy bot's decisions (with more than one legal action) taken at random.
BLUNDER = 0.25


class BlunderBot(Bot):
    """The easy level: a bot that takes a random legal action in ``rate`` of its choices."""

    def __init__(self, inner: Bot, difficulty: str = "easy", seed: int = 0,
                 rate: float = BLUNDER) -> None:
        super().__init__(difficulty, seed)
        self.inner = inner
        self.rate = rate
        self.bot_id = inner.bot_id

    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns the inner bot's choice, or now and then a uniformly random legal one."""
        if self.rng.below(1000) < self.rate * 1000:
            legal = self._legal_for(rules, state, seat)
            if len(legal) > 1:
                return legal[self.rng.below(len(legal))]
        return self.inner.choose(rules, state, seat)


def leveled(heuristic: BotFactory) -> BotFactory:
    """Returns a factory that makes the easy, normal or hard level around ``heuristic``."""

    if getattr(heuristic, "leveled", False):
        return heuristic  # already the three levels (a module imported twice)

    def make(difficulty: str = "normal", seed: int = 0, *, seconds: float | None = None,
             steps: int | None = None, **options: Any) -> Bot:
        if difficulty == "hard":
            return SearchBot("hard", seed, steps=steps, seconds=seconds)
        bot = heuristic(difficulty=difficulty, seed=seed, **options)
        if difficulty == "easy":
            # the wrapper draws from its own stream, so the inner bot's choices stay its own
            return BlunderBot(bot, seed=seed ^ 0xEA5E)
        return bot

    make.leveled = True  # type: ignore[attr-defined]
    return make


def make_hard(difficulty: str = "hard", seed: int = 0, *, seconds: float | None = None,
              steps: int | None = None) -> SearchBot:
    """Returns the search bot at the hard level, whatever ``difficulty`` says (bot ``hard``)."""
    return SearchBot("hard", seed, steps=steps, seconds=seconds)


def register_levels(game_id: str) -> None:
    """Wraps the game's registered ``heuristic`` bot into the three levels and registers the
    search bot as ``hard`` (call after the game registered its heuristic and knowledge)."""
    info = registered_bot("heuristic", game_id)
    if info is None:
        raise ValueError(f"{game_id} has no heuristic bot of its own to build levels on")
    register_bot("heuristic", leveled(info.factory), game=game_id, label=info.label)
    register_bot("hard", make_hard, game=game_id, label="ui.bot.hard")
