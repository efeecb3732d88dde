"""The dungeon deck-builder of seed 000 for 2-5 players."""

from engine.rules.deckbuilder.rules import DeckRules

RULES = DeckRules()

__all__ = ["RULES", "DeckRules"]
