"""The coop_campaign scenes' door to the content: heroes, action tiles, items, enemies and mission
tiles, read through the content loader once the registry has imported the game
(tests/test_boundaries.py: scenes never import ``engine.rules``). Rules questions go to
``rules.view`` and ``rules.annotate``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import registry
from engine.content.loader import load_game_content

GAME = "coop_campaign"


@cache
def _content() -> Any:
    registry.rules(GAME)  # imports the game, which registers its content kinds
    return load_game_content(GAME)


def base_id(card: str) -> str:
    """Returns the content id of a physical card id ``<content id>.<copy>``."""
    return card.split(".", 1)[0]


@cache
def hero(hid: str) -> Any:
    """Returns a hero definition (name, text, weapon, action tiles, level table, standard)."""
    return _content().get("hero", hid)


def heroes() -> list[Any]:
    """Returns every hero in file order."""
    return list(_content().all("hero"))


@cache
def action(aid: str) -> Any:
    """Returns an action tile definition (its base and upgraded sides)."""
    return _content().get("action", aid)


def side(aid: str, upgraded: bool) -> Any:
    """Returns the side of an action tile a hero shows."""
    a = action(aid)
    return a.upgraded if upgraded else a.base


@cache
def item(card: str) -> Any:
    """Returns the item definition of a physical item card (or of an item id)."""
    return _content().get("item", base_id(card))


def has_item(card: str) -> bool:
    """Returns True when the card is an item of the content (``unarmed`` is not)."""
    return _content().has("item", base_id(card))


@cache
def enemy(card: str) -> Any:
    """Returns the enemy definition of a physical enemy card (or of an enemy id)."""
    return _content().get("enemy", base_id(card))


@cache
def tile(tid: str) -> Any:
    """Returns a mission tile definition (areas, start, tracker, rewards)."""
    return _content().get("tile", tid)


def area(tid: str, direction: str) -> Any:
    """Returns the area of a mission tile in a compass direction."""
    return next(a for a in tile(tid).areas if a.dir == direction)


def has_tile(tid: str) -> bool:
    """Returns True when the content has the mission tile."""
    return bool(_content().has("tile", tid))


def campaign_map() -> Any:
    """Returns the campaign map (stations, routes, checkboxes, prologue and epilogue)."""
    return _content().all("campaign")[0]


def station(sid: str) -> Any:
    """Returns a station of the campaign map."""
    return next(s for s in campaign_map().stations if s.id == sid)


def box(bid: str) -> Any | None:
    """Returns a checkbox of the campaign map, or None for a box the map does not show."""
    return next((b for b in campaign_map().boxes if b.id == bid), None)


def standard(hid: str, sid: str, tid: str | None = None) -> Any:
    """Returns a standard action of a hero's tableau or, with the mission's tile, an action of
    one of its areas (the ballista)."""
    for s in hero(hid).standard:
        if s.id == sid:
            return s
    if tid is not None:
        for a in tile(tid).areas:
            for s in a.actions:
                if s.id == sid:
                    return s
    raise KeyError(sid)


def boss_card(card: str) -> Any:
    """Returns a boss AI card's definition (physical id or content id)."""
    return _content().get("boss_card", base_id(card))


def boss(bid: str) -> Any:
    """Returns a boss's definition."""
    return _content().get("boss", bid)


def _boxes_in(node: Any, out: list[str], seen: set[int]) -> None:
    """Adds to ``out`` every checkbox an ``if_box`` effect in ``node`` reads (effects, their
    nested effects, and every field of a definition)."""
    from dataclasses import fields, is_dataclass

    from engine.content.schema import EffectSpec

    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, EffectSpec):
        if node.type == "if_box" and node.params.get("box") not in out:
            out.append(str(node.params.get("box")))
        for value in node.params.values():
            _boxes_in(value, out, seen)
    elif isinstance(node, tuple | list):
        for value in node:
            _boxes_in(value, out, seen)
    elif isinstance(node, dict):
        for value in node.values():
            _boxes_in(value, out, seen)
    elif is_dataclass(node) and not isinstance(node, type):
        for f in fields(node):
            _boxes_in(getattr(node, f.name), out, seen)


@cache
def boxes_read(tid: str) -> tuple[str, ...]:
    """Returns the campaign checkboxes a mission tile reads when it plays (its own effects, its
    boss's AI cards and stat cards), in the map's order: the notes that change a single
    mission when they are ticked."""
    t = tile(tid)
    found: list[str] = []
    seen: set[int] = set()
    _boxes_in(t, found, seen)
    if t.boss is not None:
        b = boss(t.boss.boss)
        for card in b.deck:
            _boxes_in(boss_card(card), found, seen)
        for card in b.cards:
            _boxes_in(enemy(card), found, seen)
    return tuple(x.id for x in campaign_map().boxes if x.id in found)
