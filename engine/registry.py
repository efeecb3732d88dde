"""The list of games: ids, their rules modules and metadata. Rules load lazily on first use."""

from __future__ import annotations

import importlib
from collections import namedtuple

from engine.core.protocol import GameRules

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any


class GameInfo(namedtuple("GameInfo", "id module title blurb icon listed", defaults=(True,))):
    """A registered game: id, rules module, catalog keys of title and blurb, menu icon asset id.

    ``listed`` is False for a game the menu does not offer yet (no board scene, or a game that
    only runs inside another, such as a battle); the CLI, tests and replays still cover it.
    """

    __slots__ = ()
    id: str
    module: str
    title: str
    blurb: str
    icon: str
    listed: bool


_GAMES: dict[str, GameInfo] = {}
_RULES: dict[str, GameRules[Any]] = {}


def register(info: GameInfo) -> None:
    """Adds a game to the registry (games call this at import of the registry; tests for toys)."""
    _GAMES[info.id] = info


def unregister(game_id: str) -> None:
    """Removes a game (used by tests that register a toy game)."""
    _GAMES.pop(game_id, None)
    _RULES.pop(game_id, None)


def game_ids() -> list[str]:
    """Returns the ids of all registered games in menu order."""
    return list(_GAMES)


def listed_ids() -> list[str]:
    """Returns the ids of the games the menu offers, in menu order."""
    return [g for g, i in _GAMES.items() if i.listed]


def info(game_id: str) -> GameInfo:
    """Returns a game's metadata; raises KeyError naming the known games."""
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(_GAMES) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def rules(game_id: str) -> GameRules[Any]:
    """Returns the rules object of a game, importing its package on first use."""
    if game_id not in _RULES:
        module = importlib.import_module(info(game_id).module)
        _RULES[game_id] = module.RULES
    return _RULES[game_id]


# The menu order. A game is listed once it is playable end to end.
for _info in (
    GameInfo("deckbuilder", "engine.rules.deckbuilder", "game.deckbuilder.title",
             "game.deckbuilder.blurb", "icon.deckbuilder"),
    GameInfo("duel", "engine.rules.duel", "game.duel.title", "game.duel.blurb", "icon.duel"),
    GameInfo("crawl", "engine.rules.crawl", "game.crawl.title", "game.crawl.blurb", "icon.crawl"),
    GameInfo("heroes", "engine.rules.heroes", "game.heroes.title", "game.heroes.blurb",
             "icon.heroes"),
    GameInfo("coop_campaign", "engine.rules.coop_campaign", "game.coop_campaign.title",
             "game.coop_campaign.blurb", "icon.coop_campaign"),
    # One battle on its own: the skirmish and the map game run it as a sub-game.
    GameInfo("heroes_battle", "engine.rules.heroes.battle", "game.heroes_battle.title",
             "game.heroes_battle.blurb", "icon.heroes", listed=False),
):
    register(_info)
