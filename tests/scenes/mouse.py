"""Mouse input for scene tests: a click at a point of the canvas, a press of a labelled button."""

from __future__ import annotations

from typing import Any

import pygame


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """Presses and releases a mouse button at a point of the canvas."""
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.mouse = pos
    app.step([down, up], 1 / 60)


def press(app: Any, buttons: list[Any], label: str) -> None:
    """Clicks the visible, enabled button with a label."""
    for button in buttons:
        if getattr(button, "label", None) == label and button.visible and button.enabled:
            click(app, button.rect.center)
            return
    raise AssertionError(f"no button {label!r} in {[b.label for b in buttons]}")
