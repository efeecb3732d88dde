"""The solo campaign at the heroes tables played with the mouse (issue #17)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_units_bonus_from_a_bot_card_names_the_bot_card(app: Any, lang: str) -> None:
    # found by the playthrough: the unit panel of a battle against a bot hero looked the bonus's
    # card up among the player's cards and raised KeyError for a bot card ("braced_stance")
    from scenes.heroes.screens import open_moment
    from scenes.heroes.table import _Pen

    app.set_language(lang)
    table = open_moment(app, "solo_battle", seed=1)
    unit = dict(table.unit(0))
    unit["bonuses"] = [{"attack": 0, "defence": 1, "initiative": 0, "card": "braced_stance",
                        "until": "round"}]
    surface = pygame.Surface((400, 900))
    pen = _Pen(surface, 10, 10, 380)
    table._write_unit(pen, unit)
    assert pen.y > 10
    from scenes.heroes import art

    expected = {"en": "Braced Stance", "de": "Feste Haltung"}[lang]
    assert art.bonus_card_name(app, "braced_stance") == expected
    assert art.bonus_card_name(app, "offense") == art.card_name(app, "offense")
