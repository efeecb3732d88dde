"""The generic random bot: a uniform choice among the legal actions, from its own seeded RNG."""

from __future__ import annotations

from engine.ai.base import Bot
from engine.core.actions import Action
from engine.core.protocol import GameRules

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any


class RandomBot(Bot):
    """Picks uniformly among the legal actions; the same seed gives the same choices."""

    bot_id = "random"

    def __init__(self, difficulty: str = "normal", seed: int = 0, **_options: Any) -> None:
        super().__init__(difficulty, seed)

    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns a uniformly chosen legal action."""
        return self.rng.choice(self._legal_for(rules, state, seat))
