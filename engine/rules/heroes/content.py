"""The heroes content, loaded once per process, and the tables the rules read from it."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.content.loader import load_game_content
from engine.content.schema import Content
from engine.rules.heroes import (  # noqa: F401  (registers kinds, effects)
    boteffects,
    campaigndefs,
    defs,
    effects,
    expansiondefs,
    mapdefs,
)

GAME = defs.GAME
_CONTENT: list[Content] = []


def content() -> Content:
    """Returns the heroes content, loaded once per process."""
    if not _CONTENT:
        _CONTENT.append(load_game_content(GAME))
    return _CONTENT[0]


@cache
def unit(uid: str) -> defs.UnitDef:
    """Returns a unit definition."""
    return content().get("unit", uid)


@cache
def card(cid: str) -> defs.CardDef:
    """Returns a card definition."""
    return content().get("card", cid)


@cache
def hero(hid: str) -> defs.HeroDef:
    """Returns a hero definition."""
    return content().get("hero", hid)


@cache
def faction(fid: str) -> defs.FactionDef:
    """Returns a faction definition."""
    return content().get("faction", fid)


def all_of(kind: str) -> list[Any]:
    """Returns every entry of a kind in file order."""
    return content().all(kind)
