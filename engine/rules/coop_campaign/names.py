"""Readable names for the log: events carry content ids; this adds ``<param>_name`` beside them.

``hid`` gains the hero's name, ``card`` the enemy's, ``tile`` the action tile's (its base side),
``item`` the item's, ``summoned`` the summoned enemy's, each as an inline ``{en, de}`` text that
the catalog translates. Nothing here changes a game.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.rules.coop_campaign import content as C


def _name(kind: str, cid: str) -> dict[str, str] | None:
    c = C.content()
    key = C.card_def(cid)
    if not c.has(kind, key):
        return None
    entry = c.get(kind, key)
    text = entry.base.name if kind == "action" else entry.name
    return {"en": str(text["en"]), "de": str(text["de"])}


_PARAMS = {"hid": ("hero", "hero_name"), "card": ("enemy", "card_name"),
           "tile": ("action", "tile_name"), "item": ("item", "item_name"),
           "summoned": ("enemy", "summoned_name")}


def add_names(events: list[Event]) -> list[Event]:
    """Adds readable names to the events' parameters (in place) and returns them."""
    for e in events:
        extra: dict[str, Any] = {}
        for key, value in e.params.items():
            spec = _PARAMS.get(key)
            if spec is not None and isinstance(value, str):
                name = _name(spec[0], value)
                if name is not None:
                    extra[spec[1]] = name
        if extra:
            e.params.update(extra)
    return events
