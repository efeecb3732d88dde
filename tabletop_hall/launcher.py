"""Starts Tabletop Hall: the main menu window, or one headless screenshot of a scene.

    tabletop-hall [--lang de|en] [--size WxH]
    tabletop-hall --screenshot OUT.png --scene NAME [--game G] [--seed S] [--lang de|en]
                  [--size WxH]

``main.py`` in a checkout, the installed ``tabletop-hall`` command, ``python -m tabletop_hall``
and the desktop bundle all run ``main`` here. Started as ``--bot-worker`` it is the bots'
process instead (see ``engine/ai/worker.py``): a frozen bundle has no ``python -m``.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from datetime import datetime
from pathlib import Path
from typing import NoReturn

EXIT_USAGE = 2
# The first argument that turns this program into the bots' process: engine.ai.worker's
# FROZEN_FLAG, written out because importing engine.ai would cost the window 50 ms.
BOT_WORKER_FLAG = "--bot-worker"


def _prog() -> str:
    """Returns the name the program was started by (main.py, tabletop-hall, ...)."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return name if name and name not in ("__main__.py", "-c") else "tabletop-hall"


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports a mistake in one line and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {message} (see {self.prog} --help)\n")
        sys.exit(EXIT_USAGE)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x900, not {text!r}") from None
    if not (160 <= w <= 7680 and 90 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range")
    return (w, h)


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("seed must be between 0 and 2^64-1")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Returns the parsed command line; a bad one prints one line and exits 2."""
    from scenes.screens import SCENE_NAMES

    parser = _Parser(prog=_prog(), description="Tabletop Hall: five tabletop games.")
    parser.add_argument("--lang", choices=("de", "en"), help="language of the interface")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render one scene to a PNG and exit")
    parser.add_argument("--scene", choices=SCENE_NAMES, help="scene for --screenshot")
    parser.add_argument("--game", help="game id for game scenes")
    parser.add_argument("--seed", type=_seed, default=1, help="seed for game scenes")
    parser.add_argument("--size", type=_size, help="window or picture size WxH")
    args = parser.parse_args(argv)
    if args.screenshot and not args.scene:
        parser.error("--screenshot needs --scene NAME")
    if args.scene and not args.screenshot:
        parser.error("--scene only works together with --screenshot OUT.png")
    if args.screenshot and not args.screenshot.lower().endswith(".png"):
        parser.error("--screenshot must name a .png file")
    return args


def run(args: argparse.Namespace) -> int:
    """Returns the exit status after running the window or taking the screenshot."""
    if args.screenshot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from scenes.screens import ScreenshotError, screenshot

        try:
            screenshot(Path(args.screenshot), args.scene, game=args.game, seed=args.seed,
                       lang=args.lang, size=args.size)
        except ScreenshotError as exc:
            sys.stderr.write(f"{_prog()}: {exc}\n")
            return EXIT_USAGE
        return 0
    from scenes.app import App
    from scenes.menu import MainMenuScene
    from scenes.userdata import Settings

    settings = Settings.load()
    if args.size:
        settings.window_size = args.size
    app = App(settings, lang=args.lang)
    app.push(MainMenuScene(app))
    app.run()
    return 0


def _report_crash() -> int:
    from scenes.userdata import log_path

    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            fh.write(traceback.format_exc())
        where = f" (details in {path})"
    except OSError:
        where = ""
    exc = sys.exc_info()[1]
    sys.stderr.write(f"Tabletop Hall stopped after an unexpected error: "
                     f"{type(exc).__name__}: {exc}{where}\n")
    return 1


def main(argv: list[str] | None = None) -> int:
    """Returns the exit status; no traceback ever reaches the player."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:  # pythonw / a windowed bundle: no console behind them
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == [BOT_WORKER_FLAG]:
        from engine.ai.worker import main as worker_main

        worker_main(args[1:])
        return 0
    try:
        return run(parse_args(args))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BaseException:  # noqa: BLE001 - the top level logs everything and carries on
        return _report_crash()
