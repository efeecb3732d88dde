"""The application: display, the scene stack and the frame loop (events → update(dt) → draw).

A scene's ``draw`` must not change any state: everything that moves (hover, tweens, timers,
bot polling) happens in ``update``. Only the top scene receives events and updates; scenes that
are not ``opaque`` (dialogs, overlays) are drawn over the scenes beneath them.

Scenes always draw on a logical 1600×900 canvas. The window may have any size: the canvas is
scaled into it, centred between black bars, and mouse positions are mapped back to the canvas
before any scene sees them. When nothing moves on its own (see ``Scene.is_animating``) the loop
sleeps until input arrives instead of drawing 60 frames a second.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterable
from typing import Any

import pygame

from engine.content.i18n import Catalog
from scenes import sound, theme
from scenes.sound import SoundPlayer
from scenes.userdata import Settings

TOOLTIP_DELAY = 0.35
TOAST_TIME = 3.0
FPS = 60
IDLE_TICK = 0.25  # seconds between frames at rest while something blinks (a text caret)
IDLE_WAIT = 1.0  # the longest sleep at rest: one frame a second keeps any slow timer going
WAKE_TIME = 0.5  # seconds of full frame rate after input: presses, hovers and scrolling settle
WINDOW_ROOM = (40, 80)  # desktop space left free around a window for panels and its title bar
BAR_COLOUR = (0, 0, 0)
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

Size = tuple[int, int]


def letterbox(window: Size, canvas: Size = theme.SCREEN_SIZE) -> tuple[int, int, int, int]:
    """Returns (x, y, w, h): where the canvas, scaled to fit and centred, lies in the window."""
    scale = min(window[0] / canvas[0], window[1] / canvas[1])
    w = max(0, min(window[0], round(canvas[0] * scale)))
    h = max(0, min(window[1], round(canvas[1] * scale)))
    return ((window[0] - w) // 2, (window[1] - h) // 2, w, h)


def to_canvas(pos: tuple[float, float], window: Size, canvas: Size = theme.SCREEN_SIZE) -> Size:
    """Returns the canvas point shown at a window position (outside the canvas over the bars)."""
    x, y, w, h = letterbox(window, canvas)
    if w <= 0 or h <= 0:
        return (-1, -1)
    return (math.floor((pos[0] - x) * canvas[0] / w), math.floor((pos[1] - y) * canvas[1] / h))


def fit_window(size: Size, desktop: Size, room: Size = WINDOW_ROOM) -> Size:
    """Returns size, shrunk with its shape kept, so the window and its frame fit the desktop."""
    scale = min(1.0, (desktop[0] - room[0]) / size[0], (desktop[1] - room[1]) / size[1])
    return (max(1, int(size[0] * scale)), max(1, int(size[1] * scale)))


def wait_events(timeout: float) -> list[pygame.event.Event]:
    """Returns the waiting events, sleeping up to timeout seconds for the first one."""
    # pygame's event.wait polls every millisecond, which alone costs a few per cent of a core;
    # looking once a frame's time answers input as fast as a running frame loop would.
    end = time.monotonic() + timeout
    while True:
        events = pygame.event.get()
        left = end - time.monotonic()
        if events or left <= 0:
            return events
        time.sleep(min(1.0 / FPS, left))


class Scene:
    """One screen on the stack. Subclasses build widgets in ``layout`` (re-run on language change)."""

    opaque = True  # False: the scene below shows through (dialogs, pause menu)
    # False: the picture changes only through input (menus, dialogs), so the app may idle.
    animated = True

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Any] = []

    # --- lifecycle -----------------------------------------------------------------------
    def enter(self) -> None:
        """Runs when the scene is pushed (or replaces another)."""
        self.layout()

    def exit(self) -> None:
        """Runs when the scene leaves the stack."""

    def pause(self) -> None:
        """Runs when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Runs when the scene on top of this one was popped."""

    def layout(self) -> None:
        """Builds the widgets (texts are translated here, so it re-runs on language change)."""

    # --- frame ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Passes an event to the widgets (topmost first); returns True when one used it."""
        for widget in reversed(self.widgets):
            if widget.handle(event):
                return True
        return False

    def update(self, dt: float) -> None:
        """Advances timers and hover states by dt seconds."""
        for widget in self.widgets:
            widget.update(dt, self.app)

    def draw(self, surface: pygame.Surface) -> None:
        """Draws the scene; must not change any state."""
        for widget in self.widgets:
            widget.draw(surface)

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """Returns the rectangles a tooltip should not cover: the visible controls (a table
        adds the places it draws its own controls and scores)."""
        return [w.rect for w in self.widgets
                if getattr(w, "control", False) and getattr(w, "visible", True)]

    def is_animating(self) -> bool:
        """Returns True while the picture may change without input (the app then runs at 60 fps)."""
        return self.animated

    def is_ticking(self) -> bool:
        """Returns True while a widget changes a few times a second on its own (a caret blinks)."""
        return any(widget.is_ticking() for widget in self.widgets)

    def idle_tick(self) -> float:
        """Returns the seconds between frames at rest while the scene ticks."""
        return IDLE_TICK

    def back(self) -> None:
        """Reacts to Esc: leaves the scene unless it is the last one."""
        if len(self.app.stack) > 1:
            self.app.pop()


class App:
    """Owns the window, the catalog, the settings and the scene stack."""

    def __init__(self, settings: Settings | None = None, *, lang: str | None = None,
                 headless: bool = False) -> None:
        self.settings = settings or Settings.load()
        if lang:
            self.settings.language = lang
        if self.settings.language not in ("de", "en"):
            self.settings.language = "en"
        self.headless = headless
        self.catalog = Catalog.load(self.settings.language)
        self.stack: list[Scene] = []
        self.running = True
        self.mouse: tuple[int, int] = (-1, -1)
        self.time = 0.0
        self._tooltip: tuple[Any, list[str], pygame.Rect] | None = None
        self._tooltip_key: Any = None
        self._tooltip_age = 0.0
        self._toasts: list[tuple[str, str, float]] = []
        self._calm = 0.0  # seconds since the last event or scene change
        # Sound stays off headless (screenshots, tests); the mixer starts on the first sound.
        self.sound = SoundPlayer(self.settings, enabled=not headless)
        sound.install(self.play_ui_sound)
        self.screen = self._open_display()

    # --- display -------------------------------------------------------------------------
    def _open_display(self) -> pygame.Surface:
        if self.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        # Only display and font: the mixer starts when a sound is first played.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(self.t("ui.window_title"))
        pygame.key.set_repeat(350, 35)
        if self.headless:
            # Screenshots and tests draw straight on a window of the canvas's size.
            return pygame.display.set_mode(theme.SCREEN_SIZE)
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        self._set_mode()
        return pygame.Surface(theme.SCREEN_SIZE).convert()

    def _desktop_size(self) -> Size | None:
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            return None
        return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]

    def _set_mode(self) -> None:
        if self.settings.fullscreen:
            try:
                # (0, 0): the desktop's own resolution, so nothing switches video modes.
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                return
            except pygame.error:
                self.settings.fullscreen = False
        w, h = self.settings.window_size
        desktop = self._desktop_size()
        size = fit_window((w, h), desktop) if desktop else (w, h)
        try:
            pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error:
            # A size the system refuses still leaves a window: the canvas's own size.
            pygame.display.set_mode(theme.SCREEN_SIZE, pygame.RESIZABLE)

    def window_size(self) -> Size:
        """Returns the window's size in pixels (the canvas's size headless)."""
        if self.headless:
            return theme.SCREEN_SIZE
        return pygame.display.get_window_size()

    def toggle_fullscreen(self) -> None:
        """Switches between window and fullscreen and remembers the choice."""
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.headless:
            self._set_mode()
        self.settings.save()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resizes the window (the canvas stays 1600×900 and is scaled into it)."""
        self.settings.window_size = size
        if not self.headless and not self.settings.fullscreen:
            self._set_mode()
        self.settings.save()

    def present(self) -> None:
        """Shows the canvas: scaled to fit the window, centred between bars, then flipped."""
        window = pygame.display.get_surface()
        if window is None:
            return
        if not self.headless:
            size = window.get_size()
            if size == theme.SCREEN_SIZE:
                window.blit(self.screen, (0, 0))
            else:
                x, y, w, h = letterbox(size)
                if w <= 0 or h <= 0:
                    return  # minimised
                if x or y:
                    window.fill(BAR_COLOUR)
                pygame.transform.smoothscale(self.screen, (w, h),
                                             window.subsurface((x, y, w, h)))
        pygame.display.flip()

    # --- language ------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        """Returns the catalog text of key in the current language."""
        return self.catalog.t(key, **params)

    def has(self, key: str) -> bool:
        """Returns True when the catalog has key."""
        return self.catalog.has(key)

    def msg(self, message: Any) -> str:
        """Returns an engine Message (or its JSON form) as text."""
        return self.catalog.message(message)

    def set_language(self, lang: str) -> None:
        """Switches the language, remembers it and rebuilds every scene's widgets."""
        self.catalog = Catalog.load(lang)
        self.settings.language = lang
        self.settings.save()
        if not self.headless:
            pygame.display.set_caption(self.t("ui.window_title"))
        for scene in self.stack:
            scene.layout()

    # --- sound ---------------------------------------------------------------------------
    def play_sound(self, name: str) -> None:
        """Plays assets/sounds/<name>.wav at the set volume (the mixer starts on first use)."""
        self.sound.play(name)

    def play_ui_sound(self, name: str) -> None:
        """Plays a widget's sound (a button click); widgets reach it through scenes.sound.ui."""
        self.play_sound(name)

    # --- scene stack ---------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """Returns the scene on top of the stack."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Puts a scene on top; the one below is paused."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        self._calm = 0.0
        scene.enter()

    def pop(self) -> Scene | None:
        """Removes the top scene; the one below resumes. Returns the removed scene."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._calm = 0.0
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swaps the top scene for another."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        self._calm = 0.0
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empties the stack (every scene exits) and starts over with one scene."""
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        self._calm = 0.0
        scene.enter()

    def quit(self) -> None:
        """Ends the loop after this frame."""
        self.running = False

    # --- tooltips and toasts -------------------------------------------------------------
    def tooltip(self, key: Any, lines: list[str] | str, anchor: pygame.Rect) -> None:
        """Asks for a tooltip this frame (call from update while the mouse is over anchor)."""
        if isinstance(lines, str):
            lines = [lines]
        self._tooltip = (key, lines, pygame.Rect(anchor))

    def toast(self, text: str, kind: str = "info") -> None:
        """Shows a short message at the bottom of the screen for a few seconds."""
        self._toasts = [t for t in self._toasts if t[0] != text][-2:]
        self._toasts.append((text, kind, TOAST_TIME))

    # --- frame ---------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Handles global keys, then passes the event to the top scene."""
        self._calm = 0.0
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in MOUSE_EVENTS:
            event = self.to_canvas_event(event)
            self.mouse = tuple(event.pos)  # type: ignore[assignment]
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_ESCAPE and self.top is not None:
                # A focused text field or an open drop-down takes Esc first.
                if not self.top.handle(event):
                    self.top.back()
                return
        if self.top is not None:
            self.top.handle(event)

    def to_canvas_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """Returns a mouse event with its position (and motion) in canvas coordinates."""
        window = self.window_size()
        if window == theme.SCREEN_SIZE:
            return event
        values = dict(event.dict)
        values["pos"] = to_canvas(event.pos, window)
        if "rel" in values:
            _, _, w, h = letterbox(window)
            values["rel"] = (round(event.rel[0] * theme.SCREEN_SIZE[0] / max(1, w)),
                             round(event.rel[1] * theme.SCREEN_SIZE[1] / max(1, h)))
        return pygame.event.Event(event.type, values)

    def is_animating(self) -> bool:
        """Returns True while the picture may change without input: the top scene moves, a toast
        fades, a tooltip is about to show, or input arrived moments ago."""
        if self._calm < WAKE_TIME or self._toasts:
            return True
        if self._tooltip is not None and self._tooltip_age < TOOLTIP_DELAY:
            return True
        return self.top is not None and self.top.is_animating()

    def idle_wait(self) -> float:
        """Returns how long the loop may sleep for input while nothing animates."""
        return self.top.idle_tick() if self.top is not None and self.top.is_ticking() \
            else IDLE_WAIT

    def update(self, dt: float) -> None:
        """Advances the top scene, the tooltip timer and the toasts."""
        self.time += dt
        self._calm += dt
        self._tooltip = None
        if self.top is not None:
            self.top.update(dt)
        key = self._tooltip[0] if self._tooltip else None
        if key is not None and key == self._tooltip_key:
            self._tooltip_age += dt
        else:
            self._tooltip_key, self._tooltip_age = key, 0.0
        self._toasts = [(t, k, left - dt) for t, k, left in self._toasts if left - dt > 0]

    def draw(self) -> None:
        """Draws the visible scenes bottom-up, then the tooltip and toasts."""
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        for scene in self.stack[first:]:
            scene.draw(self.screen)
        if self._tooltip is not None and self._tooltip_age >= TOOLTIP_DELAY:
            from scenes.widgets import draw_tooltip

            avoid = self.top.tooltip_avoid() if self.top is not None else []
            draw_tooltip(self.screen, self._tooltip[1], self._tooltip[2], avoid)
        if self._toasts:
            from scenes.widgets import draw_toast

            for i, (text, kind, left) in enumerate(reversed(self._toasts)):
                draw_toast(self.screen, text, kind, i, min(1.0, left / 0.4))

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """Runs one frame: events, update, draw (without flipping)."""
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        self.update(dt)
        self.draw()

    def run(self) -> None:
        """Runs the frame loop until the player quits; sleeps while nothing moves."""
        clock = pygame.time.Clock()
        while self.running and self.stack:
            if self.is_animating():
                dt = min(clock.tick(FPS) / 1000.0, 0.1)
                events = pygame.event.get()
            else:
                events = wait_events(self.idle_wait())
                slept = clock.tick() / 1000.0
                # Woken by input: an ordinary frame, so a scene it opens starts from zero;
                # woken by the timeout: the time slept, so a caret keeps its rhythm.
                dt = 1.0 / FPS if events else min(slept, IDLE_WAIT)
            self.step(events, dt)
            if self.running:
                self.present()
        while self.stack:
            self.stack.pop().exit()
