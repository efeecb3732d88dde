"""The heroes game (seed 002): the skirmish mode and, in engine/rules/heroes/battle, the battle.

docs/heroes/rules.md records every rule decision with the passage of the seed it rests on.
"""

from engine.rules.heroes.skirmish import RULES

__all__ = ["RULES"]
