"""Readable names for the log: events carry content ids; this adds ``<param>_name`` beside them.

A unit id (``did``, ``attacker_did``, ``target_did``, a skirmish ``unit``) gains its inline
content name ``{en, de}``, a ``card`` its card name, ``why`` (an automatic unit's reason) and
``school`` (a spell's school of magic) a nested catalog message. The catalog translates both on the way in. Nothing here changes a game.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.rules.heroes import content as C

WHY_KEYS = {"priority": "heroes.why.priority", "adjacent": "heroes.why.adjacent",
            "tie": "heroes.why.tie", "approach": "heroes.why.approach", "wall": "heroes.why.wall",
            "priority_chosen": "heroes.why.chosen", "adjacent_chosen": "heroes.why.chosen"}
SCHOOL_KEYS = {"fire": "heroes.ui.school.fire", "water": "heroes.ui.school.water",
               "earth": "heroes.ui.school.earth", "air": "heroes.ui.school.air",
               "any": "heroes.ui.school.any"}
# parameters whose values name a catalog message rather than content
MESSAGE_PARAMS = {"why": WHY_KEYS, "school": SCHOOL_KEYS}
UNIT_PARAMS = {"did": "did_name", "attacker_did": "attacker_name", "target_did": "target_name"}
_NAMES: dict[str, dict[str, dict[str, str]]] = {}


def _table(kind: str) -> dict[str, dict[str, str]]:
    found = _NAMES.get(kind)
    if found is None:
        found = _NAMES[kind] = {e.id: {"en": str(e.name["en"]), "de": str(e.name["de"])}
                                for e in C.all_of(kind)}
    return found


def name_of(kind: str, cid: str) -> dict[str, str]:
    """Returns the ``{en, de}`` name of a unit or card id."""
    return _table(kind)[cid]


# what each named parameter gains: the name parameter and the table it is read from
_NAMED = {**{key: (name, "unit") for key, name in UNIT_PARAMS.items()},
          "unit": ("unit_name", "unit"), "card": ("card_name", "card"), "why": ("why_name", ""),
          "school": ("school_name", "")}


_TABLES: dict[str, dict[str, dict[str, str]]] = {}


def _tables() -> dict[str, dict[str, dict[str, str]]]:
    _TABLES.update(unit=_table("unit"), card=_table("card"))
    return _TABLES


def add_names(events: list[Event]) -> list[Event]:
    """Adds readable names to the events' parameters (in place) and returns them."""
    tables = _TABLES or _tables()
    named = _NAMED
    for e in events:
        p = e.params
        extra: dict[str, Any] | None = None
        for key, value in p.items():
            found = named.get(key)
            if found is None or not isinstance(value, str):
                continue
            name, kind = found
            entry: Any
            if kind:
                entry = tables[kind].get(value)
                if entry is None:
                    continue
            elif value in MESSAGE_PARAMS[key]:
                entry = {"key": MESSAGE_PARAMS[key][value], "params": {}}
            else:
                continue
            if extra is None:
                extra = {}
            extra[name] = entry
        if extra:
            p.update(extra)
    return events
