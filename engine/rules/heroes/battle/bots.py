"""The battle's bots are the heroes bots (engine/rules/heroes/bots.py registers both games)."""

from engine.rules.heroes import bots  # noqa: F401  (registers the heuristic bot)
