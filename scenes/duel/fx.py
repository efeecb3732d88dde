"""Animations of the duel table: floating damage numbers and the banner of a pool-dice roll.

Both draw only surfaces made when they start, so they cost blits, never text rendering.
"""

from __future__ import annotations

import pygame

from scenes import assets, theme
from scenes.anim import Animation, DiceTumble, DieSpec, ease_out_cubic, linear


class FloatText(Animation):
    """A number or word rising from a point and fading (damage, healing, level-ups)."""

    def __init__(self, text: str, pos: tuple[int, int], colour: theme.Colour,
                 delay: float = 0.0, size: int = theme.SIZE_H2) -> None:
        super().__init__(1.3, delay=delay, ease=linear)
        self.image = assets.shadowed(text, "serif", size, colour)
        self.pos = pos
        self._faded: list[pygame.Surface] = []
        for alpha in (255, 200, 140, 80):
            face = self.image.copy()
            face.set_alpha(alpha)
            self._faded.append(face)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        t = self.t
        rise = ease_out_cubic(min(1.0, t * 1.4)) * 46
        step = min(len(self._faded) - 1, int(max(0.0, t - 0.55) / 0.45 * len(self._faded)))
        image = self._faded[step]
        surface.blit(image, image.get_rect(center=(self.pos[0], int(self.pos[1] - rise))))


class RollBanner(Animation):
    """Pool dice tumbling on a banner, then the sum against the number needed."""

    def __init__(self, centre: tuple[int, int], title: str, result: str, dice: list[int],
                 success: bool, seed: int = 0, delay: float = 0.0, note: str = "") -> None:
        super().__init__(1.9, delay=delay, ease=linear)
        size = 40
        self.title = assets.text(title, "serif", theme.SIZE_H3, theme.GOLD)
        colour = theme.GREEN_BRIGHT if success else theme.RED_BRIGHT
        self.result = assets.text(result, "bold", theme.SIZE_BODY, colour)
        # how many pool dice the roll took (the dice row shows their faces)
        self.note = assets.text(note, "body", theme.SIZE_SMALL, theme.INK_DIM) if note else None
        drop = 24 if self.note is not None else 0
        width = max(360, len(dice) * (size + 10) + 60, self.title.get_width() + 40,
                    self.result.get_width() + 40)
        self.box = pygame.Rect(0, 0, width, 150 + drop)
        self.box.center = centre
        self.face = theme.panel(self.box.size, "glass")
        x0 = self.box.centerx - (len(dice) * (size + 10) - 10) // 2 + size // 2
        specs = [DieSpec((x0 + i * (size + 10), self.box.top + 74 + drop), face)
                 for i, face in enumerate(dice)]
        self.tumble = DiceTumble(specs, duration=0.6, size=size,
                                 origin=(self.box.left + 20, self.box.top + 60), seed=seed)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.started:
            self.tumble.update(dt)

    def finish(self) -> None:
        self.tumble.finish()
        super().finish()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        surface.blit(self.face, self.box)
        surface.blit(self.title, self.title.get_rect(midtop=(self.box.centerx,
                                                              self.box.top + 10)))
        if self.note is not None:
            surface.blit(self.note, self.note.get_rect(midtop=(self.box.centerx,
                                                                self.box.top + 44)))
        self.tumble.draw(surface)
        if self.tumble.done:
            surface.blit(self.result, self.result.get_rect(midbottom=(self.box.centerx,
                                                                       self.box.bottom - 12)))
