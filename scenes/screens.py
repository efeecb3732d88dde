"""Headless screenshots of every shared scene (``main.py --screenshot``, tools/screenshots.py).

This module imports pygame only inside functions, so ``main.py`` can check its arguments
before anything heavy loads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SCENE_NAMES = ("menu", "games", "setup", "load", "settings", "rules", "credits", "table",
               "pause", "curtain", "gameover", "dialog", "hint")
GAME_SCENES = ("setup", "table", "pause", "curtain", "gameover", "hint")
HINT_AFTER = 40  # actions the bots play before the coach's picture (a position with choices)
# a whole mission of the campaign crawler is some 35 actions: its picture is taken mid-mission
HINT_AFTER_GAME = {"coop_campaign": 12}
WARM_FRAMES = 40  # enough for tooltips, tweens and bot moves to settle


class ScreenshotError(Exception):
    """A screenshot request that cannot be served (unknown game, no games)."""


def pick_game(game: str | None) -> str:
    """Returns the game to show: the one asked for, else the first registered one."""
    from engine import registry

    ids = registry.listed_ids()
    if game is None:
        if not ids:
            raise ScreenshotError("no game is registered yet; pass --game or add a game")
        return ids[0]
    if game not in ids:
        raise ScreenshotError(f"unknown game {game!r} (known: {', '.join(ids) or 'none'})")
    return game


def seats_for(game_id: str, humans: int) -> Any:
    """Returns a GameConfig with the game's minimum players (at least 2), `humans` of them human."""
    from engine import registry
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
    from scenes.theme import SEAT_COLOURS

    rules = registry.rules(game_id)
    n = max(rules.min_players, min(2, rules.max_players))
    names = ("Alma", "Bruno", "Cleo", "Dario", "Edda")
    colours = list(SEAT_COLOURS)
    seats = tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic",
                             name=names[i % len(names)], colour=colours[i % len(colours)])
                  for i in range(n))
    return GameConfig(seats, {})


def play_to_choice(session: Any, seed: int, after: int, limit: int = 2000) -> None:
    """Lets every seat's heuristic bot play ``after`` actions, then on until the first seat
    (the human at the screen) has three choices or more (for the coach's picture)."""
    from engine.ai.base import make_bot, seat_seed

    rules = session.rules
    bots = [make_bot("heuristic", session.game_id, "normal", seat_seed(seed, i))
            for i in range(session.config.players)]
    for n in range(limit):
        actor = session.actor
        if session.is_over or actor is None:
            return
        if n >= after and actor == 0 and len(rules.legal_actions(session.state)) >= 3:
            return
        session.apply(bots[actor].choose(rules, session.state, actor))


def play_out(session: Any, seed: int, limit: int = 2000) -> None:
    """Plays uniformly random legal moves until the game ends (for the end-of-game picture)."""
    from engine.core.rng import Rng

    rng = Rng(seed)
    for _ in range(limit):
        if session.is_over:
            return
        session.apply(rng.choice(session.rules.legal_actions(session.state)))


def build(app: Any, name: str, *, game: str | None = None, seed: int = 1) -> None:
    """Pushes the scenes that make up the named screen onto the app's stack."""
    from engine.core.session import Session
    from scenes.menu import MainMenuScene

    if name not in SCENE_NAMES:
        raise ScreenshotError(f"unknown scene {name!r} (choose from {', '.join(SCENE_NAMES)})")
    app.push(MainMenuScene(app))
    if name == "menu":
        return
    if name == "games":
        from scenes.newgame import GameSelectScene

        app.push(GameSelectScene(app))
        return
    if name in ("load", "dialog"):
        from scenes.loadgame import LoadScene

        app.push(LoadScene(app))
        if name == "dialog":
            from engine.core.errors import RecordError
            from scenes.dialogs import show_record_error

            show_record_error(app, RecordError("save.corrupt", "the save file is damaged or "
                                               "cut short"))
        return
    if name == "settings":
        from scenes.settings import SettingsScene

        app.push(SettingsScene(app))
        return
    if name == "rules":
        from scenes.rules import RulesScene

        app.push(RulesScene(app, game=game))
        return
    if name == "credits":
        from scenes.credits import CreditsScene

        app.push(CreditsScene(app))
        return
    game_id = pick_game(game)
    if name == "setup":
        from scenes.newgame import SetupScene

        app.push(SetupScene(app, game_id))
        return
    from scenes.games import scene_class

    humans = 2 if name == "curtain" else 1
    session = Session.start(game_id, seats_for(game_id, humans), seed)
    if name == "gameover":
        play_out(session, seed)
    if name == "hint":
        play_to_choice(session, seed, HINT_AFTER_GAME.get(game_id, HINT_AFTER))
    table = scene_class(game_id)(app, session, autosave=False)
    app.push(table)
    if name == "pause":
        table.open_pause_menu()
    if name == "hint" and table.can_coach():
        table.hint_here()


def screenshot(out: Path, name: str, *, game: str | None = None, seed: int = 1,
               lang: str | None = None, size: tuple[int, int] | None = None,
               settings: Any = None) -> None:
    """Renders the named screen headless after a few frames and saves it as a PNG."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from scenes.app import App
    from scenes.userdata import Settings

    app = App(settings or Settings(language=lang or "en"), lang=lang, headless=True)
    try:
        build(app, name, game=game, seed=seed)
        for _ in range(WARM_FRAMES):
            app.step([], 1 / 60)
        image = app.screen
        if size and size != image.get_size():
            image = pygame.transform.smoothscale(image, size)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(image, str(out))
    finally:
        while app.stack:
            app.stack.pop().exit()
