"""Readable names for the log: events carry content ids; this adds ``<param>_name`` beside them.

A unit id (``did``, ``attacker_did``, ``target_did``, a skirmish ``unit``) gains its inline
content name ``{en, de}``, a ``card`` its card name, ``why`` (an automatic unit's reason) a
nested catalog message. The catalog translates both on the way in. Nothing here changes a game.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.rules.heroes import content as C

WHY_KEYS = {"priority": "heroes.why.priority", "adjacent": "heroes.why.adjacent",
            "tie": "heroes.why.tie", "approach": "heroes.why.approach", "wall": "heroes.why.wall",
            "priority_chosen": "heroes.why.chosen", "adjacent_chosen": "heroes.why.chosen"}
UNIT_PARAMS = {"did": "did_name", "attacker_did": "attacker_name", "target_did": "target_name"}
_NAMES: dict[str, dict[str, str]] = {}


def name_of(kind: str, cid: str) -> dict[str, str]:
    """Returns the ``{en, de}`` name of a unit or card id."""
    key = f"{kind}:{cid}"
    found = _NAMES.get(key)
    if found is None:
        text = C.content().get(kind, cid).name
        found = _NAMES[key] = {"en": str(text["en"]), "de": str(text["de"])}
    return found


def add_names(events: list[Event]) -> list[Event]:
    """Adds readable names to the events' parameters (in place) and returns them."""
    content = C.content()
    for e in events:
        p = e.params
        extra: dict[str, Any] = {}
        for key, value in p.items():
            if key in UNIT_PARAMS and isinstance(value, str) and value:
                extra[UNIT_PARAMS[key]] = name_of("unit", value)
            elif key == "unit" and isinstance(value, str) and content.has("unit", value):
                extra["unit_name"] = name_of("unit", value)
            elif key == "card" and isinstance(value, str) and content.has("card", value):
                extra["card_name"] = name_of("card", value)
            elif key == "why" and value in WHY_KEYS:
                extra["why_name"] = {"key": WHY_KEYS[value], "params": {}}
        p.update(extra)
    return events
