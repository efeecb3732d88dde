"""Readable names for the log: events carry content ids; this adds ``<param>_name`` beside them.

``hid`` gains the hero's name, ``card`` the enemy's, ``tile`` the action tile's (its base side),
``item`` the item's, ``summoned`` the summoned enemy's, ``ai`` the boss AI card's, each as an
inline ``{en, de}`` text that the catalog translates. Nothing here changes a game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.actions import Event
from engine.rules.coop_campaign import content as C


def _name(kind: str, cid: str) -> dict[str, str] | None:
    found = _names(kind, C.card_def(cid))
    return None if found is None else {"en": found[0], "de": found[1]}


def content_name(kind: str, card: str) -> dict[str, str] | None:
    """Returns the ``{en, de}`` name of a physical card (an enemy, an item) or of a content
    entry of ``kind``, or None when there is none."""
    return _name(kind, card)


@cache
def _names(kind: str, key: str) -> tuple[str, str] | None:
    c = C.content()
    if not c.has(kind, key):
        return None
    entry = c.get(kind, key)
    text = entry.base.name if kind == "action" else entry.name
    return str(text["en"]), str(text["de"])


# keys built at run time, listed literally (the catalogs' "every key is used" test reads them)
BREAKDOWN_KEYS = ("coop.bd.printed", "coop.bd.gang", "coop.bd.leader", "coop.bd.star",
                  "coop.bd.swords", "coop.bd.lightning", "coop.bd.bonus_swords",
                  "coop.bd.isolated", "coop.bd.aoe_swords", "coop.bd.comets",
                  "coop.bd.lightning_comets", "coop.bd.weapon_comets", "coop.bd.pierced",
                  "coop.bd.shield", "coop.bd.not_below_zero", "coop.bd.overflow",
                  "coop.bd.ai_card", "coop.bd.command")
END_KEYS = ("coop.end.survived", "coop.end.hero_died", "coop.end.all_down", "coop.end.tile",
            "coop.end.boss_defeated", "coop.end.boss_alive", "coop.ev.won", "coop.ev.lost")
# the load list's progress lines without a mission name (saves of earlier versions; a camp
# before the route is chosen)
OLD_PROGRESS_KEYS = ("coop.progress.camp", "coop.progress.mission")
WHY_KEYS = {"lowest_hp": "coop.why.lowest_hp", "area": "coop.why.area",
            "range": "coop.why.range", "hunt": "coop.why.hunt", "pull": "coop.why.pull",
            "enemy": "coop.why.enemy", "tile": "coop.why.tile", "snare": "coop.why.snare",
            "taunt": "coop.why.taunt", "bodyguard": "coop.why.bodyguard",
            "around": "coop.why.around", "all": "coop.why.all", "move": "coop.why.move"}
ELEMENT_KEYS = {"fire": "coop.element.fire", "water": "coop.element.water",
                "nature": "coop.element.nature"}
# the keywords a tile event may give an area's enemies (effects.area_keyword)
KEYWORD_KEYS = {"stealth": "coop.keyword.stealth", "guard": "coop.keyword.guard",
                "root": "coop.keyword.root", "range": "coop.keyword.range",
                "gang": "coop.keyword.gang"}

_PARAMS = {"hid": ("hero", "hero_name"), "to_hid": ("hero", "to_name"),
           "card": ("enemy", "card_name"),
           "tile": ("action", "tile_name"), "item": ("item", "item_name"),
           "summoned": ("enemy", "summoned_name"), "ai": ("boss_card", "ai_name")}


AREA_PARAMS = {"area": "area_name", "from": "from_name", "to": "to_name"}


_NAMED = frozenset((*AREA_PARAMS, *_PARAMS, "why", "core", "keyword"))


def area_names(tile: str) -> dict[str, dict[str, str]]:
    """Returns the ``{en, de}`` name of every area of a mission tile by direction."""
    return {d: {"en": en, "de": de} for d, (en, de) in _area_names(tile)}


@cache
def _area_names(tile: str) -> tuple[tuple[str, tuple[str, str]], ...]:
    return tuple((a.dir, (str(a.name["en"]), str(a.name["de"]))) for a in C.tile(tile).areas)


def add_names(events: list[Event], tile: str | None = None) -> list[Event]:
    """Adds readable names to the events' parameters (in place) and returns them; with the
    mission's tile, area directions gain the area's name too."""
    areas = dict(_area_names(tile)) if tile else {}
    for e in events:
        extra: dict[str, Any] = {}
        for key, value in e.params.items():
            if key not in _NAMED:
                continue
            if key in AREA_PARAMS and value in areas:
                en, de = areas[value]
                extra[AREA_PARAMS[key]] = {"en": en, "de": de}
                continue
            spec = _PARAMS.get(key)
            if spec is not None and isinstance(value, str):
                name = _name(spec[0], value)
                if name is not None:
                    extra[spec[1]] = name
            elif key == "why" and value in WHY_KEYS:
                extra["why_name"] = {"key": WHY_KEYS[value], "params": {}}
            elif key == "core" and value in ELEMENT_KEYS:
                extra["core_name"] = {"key": ELEMENT_KEYS[value], "params": {}}
            elif key == "keyword" and value in KEYWORD_KEYS:
                extra["keyword_name"] = {"key": KEYWORD_KEYS[value], "params": {}}
        if extra:
            e.params.update(extra)
    return events
