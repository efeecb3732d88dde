"""The dice-and-card duel of seed 003: two main characters, clan members, a dice pool, attack
dice against defence dice, lands, treasures and a best-of-three day."""

from engine.rules.duel import defs, effects  # noqa: F401  (registers content kinds and effects)
from engine.rules.duel.rules import DuelRules

RULES = DuelRules()

__all__ = ["RULES", "DuelRules"]
