"""The deck-builder's scenes (seed 000): the table, its card faces, pile viewers and screenshots."""
