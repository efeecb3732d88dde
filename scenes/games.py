"""Which scenes play which game, one line per game, imported lazily by dotted path.

``SCENES`` names each game's table (a game without an entry, or whose scene module does not exist
yet, gets GenericTableScene). ``PREGAME`` names an optional scene shown after the set-up screen
and before the table; ``SETUP_TOOLS`` adds buttons to a game's set-up screen that open its own
tools (the duel's deck builder) without starting a game.

A pre-game scene class is built as ``cls(app, game_id, config, seed)``. It may change the
config's options and then calls ``start_table`` itself, or goes back to the set-up screen. It
may declare ``OPTIONS`` (the option ids it decides, hidden on the set-up screen) and a
``wants(config) -> bool`` class method (False: the set-up already settles it, skip the step).
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

log = logging.getLogger(__name__)

# game id → "package.module:ClassName" of its TableScene subclass.
SCENES: dict[str, str] = {
    "deckbuilder": "scenes.deckbuilder.table:DeckbuilderTableScene",
    "duel": "scenes.duel.table:DuelTableScene",
    "crawl": "scenes.crawl.table:CrawlTableScene",
    "heroes": "scenes.heroes.map:heroes_scene",  # the skirmish, or the map game (clash)
    "heroes_battle": "scenes.heroes.table:HeroesTableScene",
    "coop_campaign": "scenes.coop_campaign.table:CoopTableScene",
}

# game id → "package.module:ClassName" of the scene between the set-up screen and the table.
PREGAME: dict[str, str] = {
    "duel": "scenes.duel.decks:DeckPickScene",
    "heroes": "scenes.heroes.setup:SkirmishSetupScene",
    "coop_campaign": "scenes.coop_campaign.setup:HeroPickScene",
}

# game id → (button label key, manifest icon, "package.module:ClassName") opened as scene(app).
SETUP_TOOLS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "duel": (("duel.ui.pick.builder", "duel.ui.builder", "scenes.duel.decks:DeckBuilderScene"),),
}


def _load(target: str) -> Any:
    """Returns the class a "module:Class" path names (None when its module is not written yet)."""
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only a scene module that is not written yet falls back; a broken import inside an
        # existing module is a bug and must show.
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    try:
        return getattr(module, class_name)
    except AttributeError:
        raise ImportError(f"{module_name} has no scene class {class_name}") from None


def scene_class(game_id: str) -> Any:
    """Returns the TableScene subclass for a game (GenericTableScene when it has none yet)."""
    from scenes.generic import GenericTableScene

    target = SCENES.get(game_id)
    found = _load(target) if target is not None else None
    return found if found is not None else GenericTableScene


def pregame_class(game_id: str) -> Any:
    """Returns the pre-game scene class of a game, or None when it goes straight to the table."""
    target = PREGAME.get(game_id)
    return _load(target) if target is not None else None


def pregame_options(game_id: str) -> tuple[str, ...]:
    """Returns the option ids a game's pre-game scene decides (the set-up screen hides them)."""
    cls = pregame_class(game_id)
    return tuple(getattr(cls, "OPTIONS", ())) if cls is not None else ()


def setup_tools(game_id: str) -> list[tuple[str, str, Any]]:
    """Returns (label key, icon, scene class) of the tools a game's set-up screen offers."""
    out = []
    for label, icon, target in SETUP_TOOLS.get(game_id, ()):
        cls = _load(target)
        if cls is not None:
            out.append((label, icon, cls))
    return out


def start_table(app: Any, game_id: str, config: Any, seed: int) -> bool:
    """Returns True after opening a new game's table over a fresh main menu (False: toasts why)."""
    from engine.core.campaign import CampaignSession, chosen_campaign
    from engine.core.errors import ContentError, EngineError
    from engine.core.session import Session
    from scenes.dialogs import show_content_error
    from scenes.menu import MainMenuScene

    # The option that chooses one of the game's campaigns starts it (the duel's "day", the
    # crawl's "floors" for one player, the campaign crawler's mode): each of its games is a
    # table of its own, saved as the campaign.
    campaign = None
    try:
        chosen = chosen_campaign(game_id, config)
        if chosen is not None:
            campaign = CampaignSession.start(game_id, chosen.id, config, seed)
            session = campaign.current
        else:
            session = Session.start(game_id, config, seed)
    except ContentError as exc:
        show_content_error(app, exc)
        return False
    except EngineError as exc:
        # The engine's detail is English and technical: it goes to the log, not to the player.
        log.warning("set-up refused: %s", exc)
        app.toast(app.t("ui.setup.invalid"), "error")
        return False
    app.reset(MainMenuScene(app))
    if campaign is not None:
        table = scene_class(game_id)(app, session, campaign=campaign)
        app.push(table)
        # a new campaign is saved at once, as every later game of it is (BetweenGamesScene):
        # a party that quits at the prologue or on the map continues from there
        table.autosave()
    else:
        app.push(scene_class(game_id)(app, session))
    return True


def begin(app: Any, game_id: str, config: Any, seed: int) -> bool:
    """Returns False when the table could not start; opens the pre-game scene, else the table."""
    cls = pregame_class(game_id)
    wants = getattr(cls, "wants", None)
    if cls is not None and (wants is None or wants(config)):
        app.push(cls(app, game_id, config, seed))
        return True
    return start_table(app, game_id, config, seed)
