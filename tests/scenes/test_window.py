"""The window: the 1600×900 canvas scaled and letterboxed into any window size, mouse positions
mapped back to the canvas, the settings' window size, fullscreen, and the idle frame loop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from scenes.app import App, fit_window, letterbox, to_canvas
from scenes.userdata import Settings

DESKTOP = (2560, 1440)


@pytest.fixture
def window_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Returns a windowed (not headless) App on the dummy driver, on a 2560×1440 desktop."""
    monkeypatch.setattr(App, "_desktop_size", lambda self: DESKTOP)
    application = App(Settings(language="en"))
    yield application
    while application.stack:
        application.stack.pop().exit()


def _clicks(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


# --- pure geometry -----------------------------------------------------------------------------
@pytest.mark.parametrize(("window", "rect"), [
    ((1600, 900), (0, 0, 1600, 900)),
    ((1024, 576), (0, 0, 1024, 576)),
    ((1920, 1080), (0, 0, 1920, 1080)),
    ((1200, 900), (0, 112, 1200, 675)),  # taller than 16:9: bars above and below
    ((1920, 1200), (0, 60, 1920, 1080)),
    ((2000, 900), (200, 0, 1600, 900)),  # wider: bars left and right
    ((1024, 700), (0, 62, 1024, 576)),
    ((0, 0), (0, 0, 0, 0)),  # minimised
])
def test_letterbox_centres_the_scaled_canvas(window: tuple[int, int],
                                             rect: tuple[int, int, int, int]) -> None:
    assert letterbox(window) == rect


@pytest.mark.parametrize(("pos", "window", "canvas_pos"), [
    ((512, 288), (1024, 576), (800, 450)),
    ((0, 0), (1024, 576), (0, 0)),
    ((1023, 575), (1024, 576), (1598, 898)),
    ((600, 112), (1200, 900), (800, 0)),
    ((600, 450), (1200, 900), (800, 450)),
    ((600, 50), (1200, 900), (800, -83)),  # over the top bar: outside the canvas, hits nothing
    ((100, 450), (2000, 900), (-100, 450)),
    ((960, 540), (1920, 1080), (800, 450)),
])
def test_window_positions_map_to_the_canvas(pos: tuple[int, int], window: tuple[int, int],
                                            canvas_pos: tuple[int, int]) -> None:
    assert to_canvas(pos, window) == canvas_pos


@pytest.mark.parametrize("window", [(1024, 576), (1280, 720), (1200, 900), (2560, 1080),
                                    (1366, 768), (3840, 2160)])
def test_every_canvas_point_comes_back_to_itself(window: tuple[int, int]) -> None:
    x0, y0, w, h = letterbox(window)
    for cx in range(0, 1600, 37):
        for cy in range(0, 900, 29):
            # The window pixel that shows canvas point (cx, cy), as the scaling draws it.
            wx, wy = x0 + int((cx + 0.5) * w / 1600), y0 + int((cy + 0.5) * h / 900)
            back = to_canvas((wx, wy), window)
            # Off by at most one window pixel's worth of canvas (one canvas pixel when larger).
            assert abs(back[0] - cx) <= max(1, 1600 / w) and abs(back[1] - cy) <= max(1, 900 / h)


@pytest.mark.parametrize(("size", "desktop", "fitted"), [
    ((1600, 900), (1920, 1080), (1600, 900)),
    ((1600, 900), (1280, 720), (1137, 640)),  # the small screen: shape kept, frame fits
    ((1280, 720), (1280, 720), (1137, 640)),
    ((2560, 1440), (1920, 1080), (1777, 1000)),
    ((1280, 720), (1366, 768), (1223, 688)),
])
def test_windows_fit_the_desktop(size: tuple[int, int], desktop: tuple[int, int],
                                 fitted: tuple[int, int]) -> None:
    assert fit_window(size, desktop) == fitted


# --- the real window (dummy driver) ----------------------------------------------------------
def test_window_opens_at_the_settings_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(App, "_desktop_size", lambda self: DESKTOP)
    app = App(Settings(language="en", window_size=(1280, 720)))
    assert pygame.display.get_window_size() == (1280, 720)
    assert app.screen.get_size() == (1600, 900)  # scenes still draw 1600×900


def test_window_opens_fitted_on_a_smaller_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(App, "_desktop_size", lambda self: (1280, 720))
    App(Settings(language="en", window_size=(1600, 900)))
    assert pygame.display.get_window_size() == (1137, 640)


def test_settings_window_size_resizes_the_window(window_app: Any, private_home: Any) -> None:
    from scenes.settings import SettingsScene
    from scenes.widgets import Cycler

    assert pygame.display.get_window_size() == (1600, 900)
    scene = SettingsScene(window_app)
    window_app.push(scene)
    sizes = [w for w in scene.widgets if isinstance(w, Cycler) and w.value == (1600, 900)]
    assert len(sizes) == 1
    # The player clicks the cycler's left arrow: one size smaller.
    window_app.step(_clicks(sizes[0].left.center), 1 / 60)
    assert pygame.display.get_window_size() == (1280, 720)
    assert Settings.load().window_size == (1280, 720)
    window_app.set_window_size((1920, 1080))
    assert pygame.display.get_window_size() == (1920, 1080)


def test_a_refused_window_size_still_leaves_a_window(window_app: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    real_set_mode = pygame.display.set_mode

    def picky(size: tuple[int, int] = (0, 0), flags: int = 0) -> pygame.Surface:
        if tuple(size) != (1600, 900):
            raise pygame.error("no such size")
        return real_set_mode(size, flags)

    window_app.set_window_size((1280, 720))
    monkeypatch.setattr(pygame.display, "set_mode", picky)
    window_app.set_window_size((1920, 1080))
    assert pygame.display.get_window_size() == (1600, 900)
    window_app.toggle_fullscreen()  # refused too: back in a window, not a crash
    assert not window_app.settings.fullscreen
    assert pygame.display.get_window_size() == (1600, 900)


def test_fullscreen_toggles_and_returns_to_the_window(window_app: Any) -> None:
    window_app.set_window_size((1280, 720))
    window_app.toggle_fullscreen()
    assert pygame.display.is_fullscreen()
    assert window_app.settings.fullscreen
    window_app.toggle_fullscreen()
    assert not pygame.display.is_fullscreen()
    assert pygame.display.get_window_size() == (1280, 720)


def test_a_click_in_a_small_window_hits_the_button_under_it(window_app: Any) -> None:
    from scenes.menu import MainMenuScene
    from scenes.settings import SettingsScene

    window_app.set_window_size((1024, 576))
    window_app.push(MainMenuScene(window_app))
    window_app.step([], 1 / 60)
    settings_button = next(w for w in window_app.top.widgets if w.label == "Settings")
    cx, cy = settings_button.rect.center
    # Where the button is seen in the 1024×576 window (scale 0.64).
    window_app.step(_clicks((round(cx * 0.64), round(cy * 0.64))), 1 / 60)
    assert isinstance(window_app.top, SettingsScene)


def test_mouse_motion_is_mapped_with_its_distance(window_app: Any) -> None:
    window_app.set_window_size((1200, 900))
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 450), rel=(30, -15),
                                buttons=(0, 0, 0))
    event = window_app.to_canvas_event(motion)
    assert event.pos == (800, 450) and event.rel == (40, -20)
    window_app.dispatch(motion)
    assert window_app.mouse == (800, 450)


def test_present_scales_the_canvas_between_bars(window_app: Any) -> None:
    window_app.set_window_size((1200, 900))
    window_app.screen.fill((200, 30, 30))
    window_app.screen.fill((30, 30, 200), (800, 0, 800, 900))
    window_app.present()
    window = pygame.display.get_surface()
    assert window.get_size() == (1200, 900)

    def near(pos: tuple[int, int], colour: tuple[int, int, int]) -> bool:
        # Smooth scaling may shift a channel by a few steps.
        return all(abs(a - b) <= 4 for a, b in zip(window.get_at(pos)[:3], colour, strict=True))

    assert near((300, 450), (200, 30, 30)) and near((900, 450), (30, 30, 200))
    assert near((5, 115), (200, 30, 30)) and near((1194, 784), (30, 30, 200))  # the corners
    assert near((600, 50), (0, 0, 0)) and near((600, 850), (0, 0, 0))  # the bars


# --- idling ------------------------------------------------------------------------------------
def test_the_menu_at_rest_lets_the_app_idle(app: Any) -> None:
    from scenes.menu import MainMenuScene

    app.push(MainMenuScene(app))
    app.step([], 1 / 60)
    assert app.is_animating()  # just opened: a moment of full frame rate
    for _ in range(40):
        app.step([], 1 / 60)
    assert not app.is_animating()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))],
             1 / 60)
    assert app.is_animating()  # input wakes it
    for _ in range(40):
        app.step([], 1 / 60)
    assert not app.is_animating()
    app.toast("Saved")
    assert app.is_animating()  # a toast fades out on its own


def test_a_focused_text_field_keeps_its_caret_blinking(app: Any) -> None:
    import scenes.app
    from scenes.newgame import SetupScene
    from scenes.widgets import TextInput

    setup = SetupScene(app, "toy")
    app.push(setup)
    for _ in range(40):
        app.step([], 1 / 60)
    assert not app.is_animating() and app.idle_wait() == scenes.app.IDLE_WAIT
    field = next(w for w in setup.widgets if isinstance(w, TextInput))
    app.step(_clicks(field.rect.center), 1 / 60)
    assert field.focused
    for _ in range(40):
        app.step([], 1 / 60)
    # At rest, but woken four times a second so the caret blinks.
    assert not app.is_animating() and app.idle_wait() == scenes.app.IDLE_TICK


def test_a_table_at_rest_ticks_calmly_and_runs_full_rate_while_something_moves(
        app: Any) -> None:
    # legal targets pulse, so a table at rest still ticks, at 20 frames a second; the full
    # 60 only while an animation runs (or a bot is about to act)
    from scenes.anim import Tween
    from scenes.screens import build

    build(app, "table", game="toy", seed=3)
    for _ in range(60):
        app.step([], 1 / 60)
    table = app.top
    assert not app.is_animating() and app.idle_wait() == table.idle_tick() == 1 / 20
    table.anim.add(Tween(0.0, 1.0, 0.5))
    assert app.is_animating()
    for _ in range(40):
        app.step([], 1 / 60)
    assert not app.is_animating()


def test_run_waits_for_events_while_nothing_moves(app: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.app
    from scenes.menu import MainMenuScene

    waits: list[float] = []
    ticks: list[int] = []
    steps: list[float] = []

    def fake_wait(timeout: float) -> list[pygame.event.Event]:
        waits.append(timeout)
        if len(waits) == 2:
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                       buttons=(0, 0, 0))]
        if len(waits) == 4:
            return [pygame.event.Event(pygame.QUIT)]
        return []

    class FakeClock:
        def tick(self, fps: int = 0) -> int:
            ticks.append(fps)
            assert len(ticks) < 50, "the loop never went idle"
            return 100 if fps else 700  # a frame at full rate; a sleep at rest

    real_update = app.update

    def update(dt: float) -> None:
        steps.append(dt)
        real_update(dt)

    monkeypatch.setattr(scenes.app, "wait_events", fake_wait)
    monkeypatch.setattr(pygame.time, "Clock", FakeClock)
    monkeypatch.setattr(app, "update", update)
    app.push(MainMenuScene(app))
    app.run()
    full = ticks.index(0)
    assert full >= 5 and ticks[:full] == [scenes.app.FPS] * full  # half a second at full rate
    assert waits[0] == scenes.app.IDLE_WAIT
    # The sleeps: timed out (0.7 s slept), woken by the mouse (an ordinary frame), then the
    # wake-up half second at full rate again before the next sleeps.
    assert steps[full:full + 2] == [0.7, 1 / scenes.app.FPS]
    assert len(waits) == 4 and not app.stack


def test_wait_events_returns_input_at_once_and_sleeps_otherwise(app: Any) -> None:
    import time

    from scenes.app import wait_events

    pygame.event.clear()
    start = time.monotonic()
    assert wait_events(0.1) == []
    assert time.monotonic() - start >= 0.1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    start = time.monotonic()
    events = wait_events(5.0)
    assert [e.type for e in events] == [pygame.KEYDOWN]
    assert time.monotonic() - start < 1.0
