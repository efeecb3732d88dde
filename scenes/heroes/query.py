"""The heroes scenes' door to the content: unit, card, hero and faction definitions, read through
the content loader once the registry has imported the game (tests/test_boundaries.py: scenes
never import ``engine.rules``). Rules questions go to ``rules.view`` and ``rules.annotate``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import registry
from engine.content.loader import load_game_content


@cache
def _content() -> Any:
    registry.rules("heroes")  # imports the game, which registers its content kinds
    return load_game_content("heroes")


@cache
def unit(did: str) -> Any:
    """Returns a unit definition (name, role, tier, type, few/pack stats, abilities)."""
    return _content().get("unit", did)


@cache
def card(cid: str) -> Any:
    """Returns a card definition (name, kind, school, modes with text and timing)."""
    return _content().get("card", cid)


def is_card(cid: str) -> bool:
    """Returns True when ``cid`` names a card (not a bot card of the solo campaign)."""
    return bool(_content().has("card", cid))


@cache
def hero(hid: str) -> Any:
    """Returns a hero definition (name, title, faction, might or magic, statistics)."""
    return _content().get("hero", hid)


@cache
def faction(fid: str) -> Any:
    """Returns a faction definition (name, colour, units, heroes)."""
    return _content().get("faction", fid)


def factions() -> list[Any]:
    """Returns every faction in file order."""
    return list(_content().all("faction"))


def hero_of(fid: str, kind: str) -> Any:
    """Returns the might or magic hero of a faction (the skirmish's choice by kind)."""
    for hid in faction(fid).heroes:
        if hero(hid).type == kind:
            return hero(hid)
    return hero(faction(fid).heroes[0])


@cache
def location(lid: str) -> Any:
    """Returns a map location definition (name, text, category, role, effects)."""
    return _content().get("location", lid)


@cache
def tile(tid: str) -> Any:
    """Returns a map tile definition (label, kind, seven fields, walls)."""
    return _content().get("tile", tid)


@cache
def town(fid: str) -> Any:
    """Returns the town board of a faction (its buildings with names, costs and texts)."""
    for t in _content().all("town"):
        if t.faction == fid:
            return t
    raise KeyError(f"no town board for {fid!r}")


@cache
def scenario(sid: str) -> Any:
    """Returns a map scenario definition (name, text, players, difficulty, round limit)."""
    return _content().get("scenario", sid)


@cache
def difficulty(did: str) -> Any:
    """Returns a scenario difficulty (name, text of its start bonus)."""
    return _content().get("difficulty", did)


@cache
def astrologer(aid: str) -> Any:
    """Returns an astrologer card (name, text, timing)."""
    return _content().get("astrologer", aid)


def event(eid: str) -> Any:
    """Returns an event card of the expansion (name, story, text)."""
    return _content().get("event", eid)


@cache
def bot_card(cid: str) -> Any:
    """Returns a bot card of the solo campaign (name, text, type, modifiers)."""
    return _content().get("bot_card", cid)
