"""Animation helpers for game scenes: easing, tweens, card flights and tumbling dice.

Animations advance in ``update`` (scaled by the animation-speed setting; speed 0 finishes them
at once) and draw from their current values, so ``draw`` changes nothing. Scenes keep an
``Animator`` and add animations to it when events arrive. Dice faces are drawn with primitives
and cached per (size, face, colours), so tumbling never rotates or scales a surface.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from scenes import theme

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """Returns t unchanged."""
    return t


def ease_out_cubic(t: float) -> float:
    """Returns a curve that starts fast and settles gently."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Returns a curve that speeds up, then slows down."""
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Returns a curve that overshoots a little before it settles (for things landing)."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    """Returns the value t of the way from a to b."""
    return a + (b - a) * t


class Animation:
    """Base: runs for ``duration`` seconds after ``delay``; ``t`` goes 0 → 1."""

    def __init__(self, duration: float, *, delay: float = 0.0, ease: Easing = ease_out_cubic,
                 on_done: Callable[[], None] | None = None) -> None:
        self.duration = max(1e-6, duration)
        self.delay = delay
        self.ease = ease
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False

    @property
    def started(self) -> bool:
        """Returns True once the delay has passed."""
        return self.elapsed >= self.delay

    @property
    def t(self) -> float:
        """Returns the eased progress in [0, 1]."""
        raw = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))
        return self.ease(raw)

    def update(self, dt: float) -> None:
        """Advances the animation; calls on_done once at the end."""
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.finish()

    def finish(self) -> None:
        """Jumps to the end."""
        if not self.done:
            self.elapsed = self.delay + self.duration
            self.done = True
            if self.on_done:
                self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        """Draws the animation's current frame (nothing for plain tweens)."""


class Tween(Animation):
    """A number (or a tuple of numbers) moving from start to end; read ``value``."""

    def __init__(self, start: float | tuple[float, ...], end: float | tuple[float, ...],
                 duration: float, **kwargs: object) -> None:
        super().__init__(duration, **kwargs)  # type: ignore[arg-type]
        self.start, self.end = start, end

    @property
    def value(self) -> float | tuple[float, ...]:
        """Returns the current value."""
        t = self.t
        if isinstance(self.start, tuple) and isinstance(self.end, tuple):
            return tuple(lerp(a, b, t) for a, b in zip(self.start, self.end, strict=True))
        return lerp(float(self.start), float(self.end), t)  # type: ignore[arg-type]


class CardFlight(Animation):
    """A surface (a card face or back) flying along an arc from one point to another."""

    def __init__(self, image: pygame.Surface, start: tuple[float, float],
                 end: tuple[float, float], duration: float = 0.45, *, arc: float = 80.0,
                 **kwargs: object) -> None:
        kwargs.setdefault("ease", ease_in_out_cubic)
        super().__init__(duration, **kwargs)  # type: ignore[arg-type]
        self.image, self.start, self.end, self.arc = image, start, end, arc

    @property
    def pos(self) -> tuple[float, float]:
        """Returns the card's current centre."""
        t = self.t
        x = lerp(self.start[0], self.end[0], t)
        y = lerp(self.start[1], self.end[1], t) - self.arc * math.sin(math.pi * t)
        return (x, y)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        x, y = self.pos
        # A shadow that grows apart from the card while it is high in the air.
        lift = math.sin(math.pi * self.t)
        shadow = self.image.get_rect(center=(int(x + 8 + 10 * lift), int(y + 10 + 14 * lift)))
        pygame.draw.rect(surface, (10, 6, 4), shadow, border_radius=8)
        surface.blit(self.image, self.image.get_rect(center=(int(x), int(y))))


PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}


@lru_cache(maxsize=256)
def die_face(size: int, face: int, body: theme.Colour = theme.PARCHMENT,
             pip: theme.Colour = theme.INK_DARK, label: str = "") -> pygame.Surface:
    """Returns a die face with pips (1–6) or a short label (other dice), drawn once."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, body, rect, border_radius=size // 6)
    pygame.draw.rect(surf, theme.mix(body, (0, 0, 0), 0.45), rect, width=2,
                     border_radius=size // 6)
    if label:
        from scenes import assets

        image = assets.text(label, "bold", max(10, size // 2), pip)
        surf.blit(image, image.get_rect(center=rect.center))
    else:
        for fx, fy in PIPS.get(face, ()):
            pygame.draw.circle(surf, pip, (int(fx * size), int(fy * size)), max(2, size // 11))
    return surf


@dataclass
class DieSpec:
    """One die of a tumble: where it lands, what it shows, and its colours."""

    pos: tuple[int, int]
    face: int
    sides: int = 6
    body: theme.Colour = theme.PARCHMENT
    pip: theme.Colour = theme.INK_DARK
    label: str = ""  # for faces that are not pips (symbols, numbers above 6)
    labels: tuple[str, ...] = field(default_factory=tuple)  # labels of all faces, if any


class DiceTumble(Animation):
    """Dice bouncing into place, showing random faces until they settle on the rolled ones.

    The faces shown while tumbling come from a cosmetic ``random.Random``; the rolled faces
    come from the engine's events.
    """

    def __init__(self, dice: list[DieSpec], duration: float = 0.9, size: int = 56,
                 *, origin: tuple[int, int] | None = None, seed: int = 0,
                 **kwargs: object) -> None:
        kwargs.setdefault("ease", linear)
        super().__init__(duration, **kwargs)  # type: ignore[arg-type]
        self.dice, self.size = dice, size
        self.origin = origin
        self._rnd = random.Random(seed)  # cosmetic only
        self.shown = [d.face for d in dice]
        self._flip = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        self._flip += dt
        if not self.done and self._flip >= 0.07:
            self._flip = 0.0
            self.shown = [self._rnd.randint(1, d.sides) for d in self.dice]
        if self.done:
            self.shown = [d.face for d in self.dice]

    def positions(self) -> list[tuple[int, int]]:
        """Returns where each die is drawn now (bouncing toward its landing spot)."""
        t = self.t
        out = []
        for i, die in enumerate(self.dice):
            start = self.origin or (die.pos[0] - 160, die.pos[1] - 40)
            x = lerp(start[0], die.pos[0], ease_out_cubic(t))
            bounce = abs(math.sin((t + i * 0.13) * math.pi * 3)) * (1 - t) * 60
            out.append((int(x), int(die.pos[1] - bounce)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started:
            return
        for die, face, pos in zip(self.dice, self.shown, self.positions(), strict=True):
            label = ""
            if die.labels:
                label = die.labels[(face - 1) % len(die.labels)]
            elif die.sides != 6 or die.label:
                label = die.label if self.done else str(face)
            image = die_face(self.size, face if die.sides == 6 else 0, die.body, die.pip, label)
            surface.blit(image, image.get_rect(center=pos))


class Animator:
    """Runs a scene's animations; ``speed`` comes from the settings (0 = no animation)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.items: list[Animation] = []

    @property
    def busy(self) -> bool:
        """Returns True while any animation runs (bots wait for them)."""
        return bool(self.items)

    def add(self, animation: Animation) -> Animation:
        """Starts an animation (finished at once when animations are off)."""
        if self.speed <= 0:
            animation.finish()
        else:
            self.items.append(animation)
        return animation

    def update(self, dt: float) -> None:
        """Advances every animation and drops finished ones."""
        if self.speed <= 0:
            for item in self.items:
                item.finish()
            self.items = []
            return
        for item in list(self.items):
            item.update(dt * self.speed)
        self.items = [item for item in self.items if not item.done]

    def finish_all(self) -> None:
        """Jumps every animation to its end (when the player clicks during one)."""
        for item in self.items:
            item.finish()
        self.items = []

    def draw(self, surface: pygame.Surface) -> None:
        """Draws every running animation."""
        for item in self.items:
            item.draw(surface)
