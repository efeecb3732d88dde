"""The application: display, the scene stack and the frame loop (events → update(dt) → draw).

A scene's ``draw`` must not change any state: everything that moves (hover, tweens, timers,
bot polling) happens in ``update``. Only the top scene receives events and updates; scenes that
are not ``opaque`` (dialogs, overlays) are drawn over the scenes beneath them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import pygame

from engine.content.i18n import Catalog
from scenes import sound, theme
from scenes.sound import SoundPlayer
from scenes.userdata import Settings

TOOLTIP_DELAY = 0.35
TOAST_TIME = 3.0


class Scene:
    """One screen on the stack. Subclasses build widgets in ``layout`` (re-run on language change)."""

    opaque = True  # False: the scene below shows through (dialogs, pause menu)

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
        # SDL scales the logical 1600×900 to the window; headless renders it unscaled.
        flags = 0 if self.headless else pygame.SCALED | pygame.RESIZABLE
        if self.settings.fullscreen and not self.headless:
            flags |= pygame.FULLSCREEN
        screen = pygame.display.set_mode(theme.SCREEN_SIZE, flags)
        if not self.headless and not self.settings.fullscreen:
            self._apply_window_size()
        pygame.key.set_repeat(350, 35)
        return screen

    def _apply_window_size(self) -> None:
        try:
            window = pygame.Window.from_display_module()
            desktop = pygame.display.get_desktop_sizes()
            w, h = self.settings.window_size
            if desktop:
                dw, dh = desktop[0]
                # Keep the window on the desktop; the logical 1600×900 is scaled by SDL.
                scale = min(1.0, (dw - 40) / w, (dh - 80) / h)
                w, h = int(w * scale), int(h * scale)
            window.size = (w, h)
            window.position = pygame.WINDOWPOS_CENTERED
        except (AttributeError, pygame.error):
            pass

    def toggle_fullscreen(self) -> None:
        """Switches between window and fullscreen and remembers the choice."""
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.headless:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                pass
            if not self.settings.fullscreen:
                self._apply_window_size()
        self.settings.save()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resizes the window (the logical resolution stays 1600×900)."""
        self.settings.window_size = size
        if not self.headless and not self.settings.fullscreen:
            self._apply_window_size()
        self.settings.save()

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
        scene.enter()

    def pop(self) -> Scene | None:
        """Removes the top scene; the one below resumes. Returns the removed scene."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swaps the top scene for another."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empties the stack (every scene exits) and starts over with one scene."""
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
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
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
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

    def update(self, dt: float) -> None:
        """Advances the top scene, the tooltip timer and the toasts."""
        self.time += dt
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

            draw_tooltip(self.screen, self._tooltip[1], self._tooltip[2])
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
        """Runs the frame loop until the player quits."""
        clock = pygame.time.Clock()
        while self.running and self.stack:
            dt = min(clock.tick(60) / 1000.0, 0.1)
            self.step(pygame.event.get(), dt)
            pygame.display.flip()
        while self.stack:
            self.stack.pop().exit()
