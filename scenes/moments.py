"""Game moments: named situations of each game's table, for screenshots and scene tests.

Every game with scenes has a module ``scenes.<game>.screens`` with

- ``MOMENTS``: the moment names, in the order they are shown;
- ``open_moment(app, name, seed)``: pushes the scenes of that moment onto ``app`` (reached by
  seeded bot play or through the rules' scenario vocabulary) and returns the top scene, ready
  to be looked at (curtain lifted, the human seat to act).

This module renders them, one PNG per moment and language:

    python -m scenes.moments GAME OUT_DIR [--lang de|en ...] [--only MOMENT ...] [--seed S]

writes ``OUT_DIR/<game>-<moment>-<lang>.png``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

SETTLE_FRAMES = 30  # frames stepped before the picture, so entrance animations have ended


def moments_module(game: str) -> ModuleType:
    """Returns the game's screens module (raises ValueError for a game without one)."""
    try:
        return importlib.import_module(f"scenes.{game}.screens")
    except ModuleNotFoundError as exc:
        raise ValueError(f"{game!r} has no scenes.{game}.screens module") from exc


def moment_names(game: str) -> tuple[str, ...]:
    """Returns the game's moment names."""
    return tuple(moments_module(game).MOMENTS)


def render(game: str, out_dir: str | Path, moments: Any = None, langs: Any = ("en", "de"),
           seed: int = 1) -> list[Path]:
    """Renders moments headless as ``<out>/<game>-<moment>-<lang>.png``; returns the paths."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.app import App
    from scenes.userdata import Settings

    module = moments_module(game)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in langs:
        for moment in moments or module.MOMENTS:
            app = App(Settings(language=lang), lang=lang, headless=True)
            try:
                top = module.open_moment(app, moment, seed)
                for _ in range(SETTLE_FRAMES):
                    app.step([], 1 / 60)
                anim = getattr(top, "anim", None)
                if anim is not None and hasattr(anim, "finish_all"):
                    anim.finish_all()
                    app.step([], 1 / 60)
                path = out / f"{game}-{moment}-{lang}.png"
                pygame.image.save(app.screen, str(path))
                written.append(path)
            finally:
                while app.stack:
                    app.stack.pop().exit()
    return written


def main(argv: list[str] | None = None) -> int:
    """Renders one game's moments; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m scenes.moments",
                                     description="Render a game's table moments as PNGs.")
    parser.add_argument("game")
    parser.add_argument("out")
    parser.add_argument("--lang", choices=("de", "en"), action="append")
    parser.add_argument("--only", nargs="*", default=None, help="moments to render")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        names = moment_names(args.game)
    except ValueError as exc:
        parser.error(str(exc))
    unknown = [m for m in args.only or () if m not in names]
    if unknown:
        parser.error(f"unknown moment(s) {', '.join(unknown)}; choose from {', '.join(names)}")
    for path in render(args.game, args.out, args.only, args.lang or ("en", "de"), args.seed):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
