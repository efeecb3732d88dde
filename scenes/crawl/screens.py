"""Crawl game moments for screenshots and tests: a session driven by the heuristic bot for a
number of actions, then shown at the table.

    python -m scenes.crawl.screens OUT_DIR [--lang de|en] [--seed S]

writes one PNG per moment (``MOMENTS``) and language into OUT_DIR.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

# moment → (players, options, actions to play, humans)
MOMENTS: dict[str, tuple[int, dict[str, Any], int, int]] = {
    "pick": (2, {}, 0, 1),
    "team_pick": (2, {"mode": "team"}, 1, 1),
    "setup": (2, {}, 6, 1),
    "early": (2, {}, 40, 1),
    "battle": (2, {}, 90, 1),
    "solitaire": (1, {}, 12, 1),
    "three": (3, {"board": "sunken_vault"}, 90, 3),
    "builder": (2, {"board": "builder"}, 2, 2),
}
NAMES = ("Alma", "Bruno", "Cleo", "Dario")
COLOURS = ("crimson", "azure", "emerald", "amber")


def config(players: int, options: dict[str, Any], humans: int) -> Any:
    """Returns a GameConfig with `humans` human seats first, the rest heuristic bots."""
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig

    seats = tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic",
                             name=NAMES[i], colour=COLOURS[i]) for i in range(players))
    return GameConfig(seats, dict(options))


def drive(session: Any, count: int, seed: int, stop_for_human: bool = False) -> None:
    """Plays ``count`` actions with the crawl's heuristic bot for whoever must act."""
    from engine.ai.base import make_bot

    bot = make_bot("heuristic", "crawl", seed=seed)
    for _ in range(count):
        if session.is_over:
            return
        actor = session.actor
        session.apply(bot.choose(session.rules, session.state, actor))
    if stop_for_human:
        # Let the bots finish until a human seat must act, so the picture shows a decision.
        for _ in range(400):
            if session.is_over or session.config.seats[session.actor].is_human:
                return
            session.apply(bot.choose(session.rules, session.state, session.actor))


def build(app: Any, moment: str, seed: int = 3) -> Any:
    """Pushes the crawl table at a moment of a game and returns the scene."""
    from engine.core.session import Session
    from scenes.crawl.table import CrawlTableScene
    from scenes.menu import MainMenuScene

    players, options, count, humans = MOMENTS[moment]
    session = Session.start("crawl", config(players, options, humans), seed)
    drive(session, count, seed, stop_for_human=True)
    app.push(MainMenuScene(app))
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    if scene.curtain_for is not None:
        scene.lift_curtain()
    return scene


def main(argv: list[str] | None = None) -> int:
    """Writes a PNG per moment and language."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.app import App
    from scenes.userdata import Settings

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--lang", choices=("de", "en"), action="append")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--moment", action="append")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang or ["en", "de"]:
        for moment in args.moment or list(MOMENTS):
            app = App(Settings(language=lang), lang=lang, headless=True)
            try:
                scene = build(app, moment, args.seed)
                scene.is_bot = lambda seat: False  # freeze the table for the picture
                sel = scene.view.get("active", -1)
                if sel < 0:
                    mine = [f for f in scene.view["figures"] if f["hero"] and f["where"] ==
                            "board" and f["owner"] == scene.viewer]
                    if mine:
                        scene.select(("f", mine[0]["uid"]))
                if moment == "builder":
                    scene._open_section_pick()  # the grid of open sections to choose from
                for _ in range(30):
                    app.step([], 1 / 60)
                pygame.image.save(app.screen, str(out / f"crawl-{moment}-{lang}.png"))
            finally:
                while app.stack:
                    app.stack.pop().exit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
