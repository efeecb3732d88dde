"""Child programs of the UI benchmarks (``python -m engine bench``), run as
``python -m scenes.benchprobe NAME [ARGS]`` in a fresh interpreter with the dummy video driver.

They live here, not in engine/, because they drive pygame and the scenes; each prints one JSON
object. CPU time is counted from this module's start (``T0``), so the bare window and the menu
pay the same interpreter start-up.
"""

import json
import os
import sys
import time

T0 = time.process_time()
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


def peak_mb() -> float:
    """Returns this process's peak resident memory in MB."""
    from engine.ai.worker import peak_rss_kb

    return (peak_rss_kb() or 0) / 1024


def out(**values: object) -> None:
    """Prints the result as one JSON line."""
    print(json.dumps(values))


def bare_window() -> None:
    """Reference: a bare pygame window (display and font initialised, one flipped frame)."""
    import pygame
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1600, 900))
    screen.fill((30, 30, 40))
    pygame.display.flip()
    out(ms=(time.process_time() - T0) * 1000, mb=peak_mb())


def menu() -> None:
    """The main menu's first flipped frame, from interpreter start."""
    import pygame

    from scenes.app import App
    from scenes.screens import build
    from scenes.userdata import Settings
    app = App(Settings(language="en"), headless=True)
    build(app, "menu")
    app.step([], 1 / 60)
    pygame.display.flip()
    out(ms=(time.process_time() - T0) * 1000, mb=peak_mb())


def frames(count: int, quick: bool) -> None:
    """Interleaves reference frames (fill + 120 card-size alpha blits + 200 cached labels + flip)
    with frames of every screen; reports the busiest screen's p99 and its reference's p99."""
    import pygame

    from engine import registry
    from scenes import theme
    from scenes.app import App
    from scenes.screens import build
    from scenes.userdata import Settings
    app = App(Settings(language="en"), headless=True)
    screen = app.screen
    card_size = getattr(theme, "CARD_SIZE", (126, 176))
    card = pygame.Surface(card_size, pygame.SRCALPHA)
    card.fill((200, 180, 140, 220))
    font = pygame.font.Font(None, 22)
    labels = [font.render(f"label {i}", True, (240, 240, 240)) for i in range(200)]
    def reference_frame() -> None:
        screen.fill((20, 24, 32))
        for i in range(120):
            screen.blit(card, ((i * 37) % 1480, (i * 53) % 730))
        for i, label in enumerate(labels):
            screen.blit(label, ((i * 71) % 1500, (i * 29) % 880))
        pygame.display.flip()
    def p99(xs: list[float]) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(round(0.99 * (len(xs) - 1))))]
    screens = [("menu", None)] + [("table", g) for g in registry.listed_ids()]
    if not quick:
        screens += [("games", None), ("settings", None), ("rules", None)]
        screens += [("setup", g) for g in registry.listed_ids()]
    worst: tuple[float, float, str] | None = None
    skipped: list[str] = []
    for name, game in screens:
        while app.stack:
            app.stack.pop().exit()
        try:
            build(app, name, game=game, seed=3)
        except Exception as exc:  # noqa: BLE001 - a screen that cannot be built is reported
            skipped.append(f"{name}/{game}: {type(exc).__name__}: {exc}")
            continue
        for _ in range(5):
            app.step([], 1 / 60)
            reference_frame()
        ref, own = [], []
        for _ in range(count):
            t = time.thread_time()
            reference_frame()
            ref.append(time.thread_time() - t)
            t = time.thread_time()
            app.step([], 1 / 60)
            pygame.display.flip()
            own.append(time.thread_time() - t)
        entry = (p99(own) * 1000, p99(ref) * 1000, f"{name}" + (f"/{game}" if game else ""))
        if worst is None or entry[0] / entry[1] > worst[0] / worst[1]:
            worst = entry
    if worst is None:
        raise SystemExit("BenchmarkSkipped: no screen could be built: " + "; ".join(skipped))
    out(ms=worst[0], ref_ms=worst[1], screen=worst[2], mb=peak_mb(), skipped=skipped)


def autosave(repeats: int) -> None:
    """The longest frame of the deck-builder table late in a long bot game, with an autosave in
    it (serialised on the frame thread, written on a background thread)."""
    import pygame

    from engine.ai import make_bot
    from scenes.app import App
    from scenes.screens import build
    from scenes.userdata import Settings
    app = App(Settings(language="en"), headless=True)
    build(app, "table", game="deckbuilder", seed=3)
    table = app.top
    session, rules = table.session, table.session.rules
    bots = [make_bot("heuristic", "deckbuilder", seed=i) for i in range(len(session.config.seats))]
    while not session.is_over and len(session.actions) < 600:
        seat = session.actor
        session.apply(bots[seat].choose(rules, session.state, seat))
    table.refresh()
    for _ in range(5):
        app.step([], 1 / 60)
    times: list[float] = []
    for _ in range(repeats):
        t = time.thread_time()
        table.autosave()
        app.step([], 1 / 60)
        pygame.display.flip()
        times.append((time.thread_time() - t) * 1000)
        table.writer.flush()
    out(ms=max(times), actions=len(session.actions))


def heroes_map(count: int) -> None:
    """Frames of the heroes map table on the largest scenario (The Wide Frontier) with every
    tile revealed: still frames, a mouse moving over the fields (hover and path) and a
    panning camera, each interleaved with reference frames as ``frames`` does; reports each
    kind's p99 and the reference's."""
    import pygame

    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
    from engine.core.session import Session
    from scenes.app import App
    from scenes.heroes.map import MapTableScene
    from scenes.menu import MainMenuScene
    from scenes.userdata import Settings
    app = App(Settings(language="en", anim_speed=0.0), headless=True)
    screen = app.screen
    card = pygame.Surface((126, 176), pygame.SRCALPHA)
    card.fill((200, 180, 140, 220))
    font = pygame.font.Font(None, 22)
    labels = [font.render(f"label {i}", True, (240, 240, 240)) for i in range(200)]

    def reference_frame() -> None:
        screen.fill((20, 24, 32))
        for i in range(120):
            screen.blit(card, ((i * 37) % 1480, (i * 53) % 730))
        for i, label in enumerate(labels):
            screen.blit(label, ((i * 71) % 1500, (i * 29) % 880))
        pygame.display.flip()

    seats = (SeatConfig(kind=HUMAN, name="A"), SeatConfig(kind=BOT, bot="heuristic", name="B"))
    session = Session.start("heroes", GameConfig(seats, {
        "mode": "clash", "scenario": "wide_frontier", "map_difficulty": "impossible"}), 1)
    rules, st = session.rules, session.state
    while st.flow.top is not None:  # the start tiles' turns
        session.apply(rules.legal_actions(st)[0])
    for slot in list(st.slots):  # every tile revealed
        st.placed.append([slot[3], slot[1], slot[2], 0])
    st.slots = []
    st.board_cache = None
    app.push(MainMenuScene(app))
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    table.refresh()
    table.map_cam.fit()
    for _ in range(5):
        app.step([], 1 / 60)
        reference_frame()
    cells = sorted(table.fields)

    def p99(xs: list[float]) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(round(0.99 * (len(xs) - 1))))] * 1000

    results: dict[str, float] = {}
    ref: list[float] = []
    fitted = table.map_cam.ts
    for kind in ("still", "hover", "pan", "pan_zoomed", "new_view"):
        own = []
        if kind == "pan_zoomed":  # the closest zoom: the largest picture of the map
            table.map_cam.set_zoom(len(table.map_cam.zooms) - 1)
        for i in range(count if kind != "new_view" else max(10, count // 10)):
            t = time.thread_time()
            reference_frame()
            ref.append(time.thread_time() - t)
            if kind == "hover":
                x, y = table.map_cam.cell_centre(cells[(i * 7) % len(cells)])
                app.mouse = (int(x), int(y))
            elif kind in ("pan", "pan_zoomed"):
                app.mouse = (0, 0)
                table.map_cam.pan(3 if (i // 40) % 2 == 0 else -3, 2 if (i // 25) % 2 else -2)
            elif kind == "new_view":  # the frame after an action: the still map drawn anew
                table.refresh()
            t = time.thread_time()
            app.step([], 1 / 60)
            pygame.display.flip()
            own.append(time.thread_time() - t)
        results[kind] = p99(own)
    out(fields=len(table.fields), zoom=fitted, ref_ms=p99(ref), **results, mb=peak_mb())


if __name__ == "__main__":
    NAME = sys.argv[1]
    if NAME == "bare_window":
        bare_window()
    elif NAME == "menu":
        menu()
    elif NAME == "frames":
        frames(int(sys.argv[2]), sys.argv[3] == "1")
    elif NAME == "autosave":
        autosave(int(sys.argv[2]))
    elif NAME == "heroes_map":
        heroes_map(int(sys.argv[2]))
    else:
        sys.exit(f"unknown probe {NAME!r}")
