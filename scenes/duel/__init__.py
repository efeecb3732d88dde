"""Scenes of the dice-and-card duel (seed 003): the table, the deck choice and the deck builder."""
