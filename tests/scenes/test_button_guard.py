"""A button that takes another's place with another label ignores clicks for a moment
(scenes/widgets.py ``guard_replaced``): in a window walk a second click meant for "Pass" pressed
the "End activation" that had just taken its place, and a unit lost its turn. The other tests
run with the guard off (tests/conftest.py): their harnesses click as fast as a program can."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes import widgets
from scenes.widgets import Button, guard_replaced


@pytest.fixture
def guarded(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Switches the guard on with a clock the test moves; returns the clock."""
    now = [100.0]
    monkeypatch.setattr(widgets, "REPLACED_GUARD", 0.6)
    monkeypatch.setattr(widgets.time, "monotonic", lambda: now[0])
    return now


def _click(button: Button) -> None:
    pos = button.rect.center
    button.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    button.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_a_replacing_button_ignores_clicks_until_armed(guarded: list[float]) -> None:
    pressed: list[str] = []
    old = [Button((10, 10, 200, 40), "Pass", lambda: pressed.append("pass")),
           Button((10, 60, 200, 40), "Surrender", lambda: pressed.append("surrender"))]
    new = [Button((10, 10, 200, 40), "End activation", lambda: pressed.append("end")),
           Button((10, 60, 200, 40), "Surrender", lambda: pressed.append("surrender")),
           Button((10, 110, 200, 40), "Defend", lambda: pressed.append("defend"))]
    guard_replaced(old, new)
    _click(new[0])
    assert pressed == []  # swallowed
    _click(new[1])
    _click(new[2])  # the same label, or a place that was empty: pressed at once
    assert pressed == ["surrender", "defend"]
    guarded[0] += 0.61
    _click(new[0])
    assert pressed[-1] == "end"


def test_the_battle_buttons_are_guarded_when_their_label_changes(app: Any,
                                                                 guarded: list[float]) -> None:
    from scenes.heroes.screens import open_moment

    table = open_moment(app, "attack", 1)
    assert table.buttons, "the battle shows its action buttons"
    table._build_buttons()
    assert all(b.armed_at == 0.0 for b in table.buttons)  # the same buttons: no guard
    table.buttons[0].label = "something else"  # as if another action stood there a moment ago
    table._build_buttons()
    assert table.buttons[0].armed_at > 100.0
