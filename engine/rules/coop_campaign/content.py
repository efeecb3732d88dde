"""The coop_campaign content, loaded once per process, and lookups the rules read from it."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.content.loader import load_game_content
from engine.content.schema import Content
from engine.rules.coop_campaign import defs, effects, mapdefs  # noqa: F401  (kinds, effects)

GAME = defs.GAME
_CONTENT: list[Content] = []


def content() -> Content:
    """Returns the coop_campaign content, loaded once per process."""
    if not _CONTENT:
        _CONTENT.append(load_game_content(GAME))
    return _CONTENT[0]


@cache
def hero(hid: str) -> defs.HeroDef:
    """Returns a hero definition."""
    return content().get("hero", hid)


@cache
def action(aid: str) -> defs.ActionDef:
    """Returns an action tile definition."""
    return content().get("action", aid)


@cache
def item(iid: str) -> defs.ItemDef:
    """Returns an item definition."""
    return content().get("item", iid)


@cache
def enemy(eid: str) -> defs.EnemyDef:
    """Returns an enemy definition."""
    return content().get("enemy", eid)


def has_tile(tid: str) -> bool:
    """Returns whether the content has a mission tile ``tid``."""
    return content().has("tile", tid)


@cache
def tile(tid: str) -> defs.TileDef:
    """Returns a mission tile definition."""
    return content().get("tile", tid)


@cache
def boss(bid: str) -> defs.BossDef:
    """Returns a boss definition."""
    return content().get("boss", bid)


@cache
def boss_card(cid: str) -> defs.BossCardDef:
    """Returns a boss AI card definition."""
    return content().get("boss_card", cid)


def all_of(kind: str) -> list[Any]:
    """Returns every entry of a kind in file order."""
    return content().all(kind)


def card_def(card: str) -> str:
    """Returns the content id of a physical card id ``<id>.<copy>``."""
    return card.split(".", 1)[0]


@cache
def card_item(card: str) -> defs.ItemDef:
    """Returns the item definition of a physical item card ``<id>.<copy>``."""
    return item(card_def(card))


@cache
def area(tid: str, direction: str) -> defs.AreaDef:
    """Returns the area of a mission tile in a direction."""
    return next(a for a in tile(tid).areas if a.dir == direction)
