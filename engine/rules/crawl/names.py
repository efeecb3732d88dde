"""Readable names for the log and prompts: figures, chests, markers, doors and facings.

Events and prompts carry uids (the table animates by them); this module adds a ``<param>_name``
beside each of them: an inline content text ``{en, de}`` or a nested catalog message, which the
catalog translates on the way in. Nothing here changes the game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.actions import Event, Message
from engine.rules.crawl.core import board_of, content, figdef
from engine.rules.crawl.state import CrawlState, Figure, Marker

FIGURE_PARAMS = ("figure", "target", "attacker", "healer", "over")
FACING_KEYS = ("crawl.ui.facing.n", "crawl.ui.facing.ne", "crawl.ui.facing.e",
               "crawl.ui.facing.se", "crawl.ui.facing.s", "crawl.ui.facing.sw",
               "crawl.ui.facing.w", "crawl.ui.facing.nw")
RANK_KEYS = {"weak": "crawl.ui.rank.weak", "standard": "crawl.ui.rank.standard",
             "strong": "crawl.ui.rank.strong", "overlord": "crawl.ui.rank.overlord"}
DOOR_KEYS = {"wood": "crawl.door.wood", "iron": "crawl.door.iron"}
TERRAIN_NAME_KEYS = {"difficult": "crawl.ui.terrain.difficult", "water": "crawl.ui.terrain.water",
                     "dark": "crawl.ui.terrain.dark", "vortex": "crawl.ui.terrain.vortex",
                     "teleport": "crawl.ui.terrain.teleport", "stairs": "crawl.ui.terrain.stairs"}
TRAP_FORM_KEYS = {"H": "crawl.trap_form.H", "T": "crawl.trap_form.T", "R": "crawl.trap_form.R"}


def text(value: Any) -> dict[str, str]:
    """Returns an inline content text as a plain ``{en, de}`` dict (JSON-safe)."""
    return {"en": str(value["en"]), "de": str(value["de"])}


def nested(key: str, **params: Any) -> dict[str, Any]:
    """Returns a catalog message as a parameter the catalog translates in place."""
    return {"key": key, "params": params}


def figure_name(state: CrawlState, uid: int) -> dict[str, str] | None:
    """Returns the name of the figure with that uid, or None when there is none."""
    for f in state.figures:
        if f.uid == uid:
            return def_name(f.did, f.hero)
    return None


@cache
def _def_name(did: str, hero: bool) -> tuple[str, str]:
    """Returns (en, de) of a hero or spawn definition's name (content is loaded once)."""
    name = figdef(did, hero).name
    return str(name["en"]), str(name["de"])


# (en, de) by definition id, one map per hero flag (content is loaded once).
_NAMES: dict[bool, dict[str, tuple[str, str]]] = {True: {}, False: {}}


def def_name(did: str, hero: bool) -> dict[str, str]:
    """Returns the name of a hero or spawn definition (a fresh dict: events own their params)."""
    pair = _NAMES[hero].get(did)
    if pair is None:
        pair = _NAMES[hero][did] = _def_name(did, hero)
    return {"en": pair[0], "de": pair[1]}


def chest_name(state: CrawlState, uid: int) -> dict[str, str] | None:
    """Returns the name of the chest's kind."""
    for c in state.chests:
        if c.uid == uid:
            return text(content().get("chest", c.did).name)
    return None


def rank_name(rank: str) -> dict[str, Any]:
    """Returns the marker rank as a nested message ("weak", "schwach")."""
    return nested(RANK_KEYS.get(rank, "crawl.ui.rank.weak"))


def add_names(state: CrawlState, params: dict[str, Any], ranks: dict[int, str],
              figs: dict[int, Figure] | None = None,
              present: frozenset[str] | None = None) -> None:
    """Adds ``<param>_name`` entries beside the uids, ids and numbers of ``params`` (``figs``:
    the figures by uid, when the caller has them; ``present``: the named parameters, when
    the caller has looked)."""
    # Only the blocks of parameters the event has run (the checks below are unchanged).
    if present is None:
        present = _NAMED.intersection(params)
    if not present:
        return
    if not _FIGURE_SET.isdisjoint(present):
        for key in FIGURE_PARAMS:
            if key not in present:
                continue
            uid = params[key]
            if isinstance(uid, int) and not isinstance(uid, bool):
                f = figs.get(uid) if figs is not None else _first_figure(state, uid)
                if f is not None:
                    params[key + "_name"] = def_name(f.did, f.hero)
        if present <= _FIGURE_ONLY:
            return  # most events name figures only: none of the checks below applies
    if "chest" in present:
        chest = params["chest"]
        if isinstance(chest, int) and not isinstance(chest, bool):
            name = chest_name(state, chest)
            if name is not None:
                params["chest_name"] = name
    if "marker" in present:
        marker = params["marker"]
        if isinstance(marker, int) and marker in ranks:
            params["marker_name"] = rank_name(ranks[marker])
    if "rank" in present and isinstance(params["rank"], str):
        params["rank_name"] = rank_name(params["rank"])
    if "spawn" in present:
        if isinstance(params["spawn"], str):
            params["spawn_name"] = def_name(params["spawn"], False)
        elif isinstance(params["spawn"], int):
            f = figs.get(params["spawn"]) if figs is not None else _first_figure(
                state, params["spawn"])
            if f is not None:
                params["spawn_name"] = def_name(f.did, f.hero)
    if "hero" in present and isinstance(params["hero"], str):
        params["hero_name"] = def_name(params["hero"], True)
    if "facing" in present:
        facing = params["facing"]
        if isinstance(facing, int) and not isinstance(facing, bool) and 0 <= facing < 8:
            params["facing_name"] = nested(FACING_KEYS[facing])
    if "door" in present:
        door = params["door"]
        if isinstance(door, int) and not isinstance(door, bool):
            doors = board_of(state).doors
            if 0 <= door < len(doors):
                params["door_name"] = nested(DOOR_KEYS[doors[door][1]])
    if "entrance" in present and isinstance(params["entrance"], int):
        params["entrance_n"] = params["entrance"] + 1
    if "form" in present and isinstance(params["form"], str) \
            and params["form"] in TRAP_FORM_KEYS:
        params["form_name"] = nested(TRAP_FORM_KEYS[params["form"]])
    if "reason" in present and isinstance(params["reason"], str):
        params["reason_name"] = nested("crawl.end." + params["reason"])
    if "piece" in present and isinstance(params["piece"], str):
        params["piece_name"] = text(content().get("piece", params["piece"]).name)
    if "side" in present and isinstance(params["side"], str) \
            and params["side"] in TERRAIN_NAME_KEYS:
        params["side_name"] = nested(TERRAIN_NAME_KEYS[params["side"]])
    if "terrain" in present and isinstance(params["terrain"], str) \
            and params["terrain"] in TERRAIN_NAME_KEYS:
        params["terrain_name"] = nested(TERRAIN_NAME_KEYS[params["terrain"]])
    if "section" in present and isinstance(params["section"], str) and params["section"]:
        params["section_name"] = text(content().get("board", params["section"]).name)
    if "why" in present and isinstance(params["why"], str):
        params["why_name"] = nested(params["why"])


# Every parameter add_names names.
_NAMED = frozenset((*FIGURE_PARAMS, "chest", "marker", "rank", "spawn", "hero", "facing",
                    "door", "entrance", "form", "reason", "piece", "side", "terrain",
                    "section", "why"))


def marker_ranks(state: CrawlState) -> dict[int, str]:
    """Returns marker uid → rank for the markers on the board."""
    return {m.uid: m.rank for m in state.markers}


# Every parameter that names a figure by uid; those add_names looks at first.
_FIGURE_SET = frozenset((*FIGURE_PARAMS, "spawn"))
_FIGURE_ONLY = frozenset(FIGURE_PARAMS)


def _first_figure(state: CrawlState, uid: int) -> Figure | None:
    """Returns the first figure with that uid (as figures_by_uid would find it), or None."""
    try:
        return state.fig(uid)  # the state's uid map keeps the first of a uid too
    except KeyError:
        return None


def name_events(state: CrawlState, events: list[Event],
                before: dict[int, str] | list[Marker]) -> None:
    """Adds readable names to every event (``before``: the markers, or their ranks, before
    the action, so markers gone meanwhile are named too)."""
    figs: dict[int, Figure] | None = None
    for e in events:
        params = e.params
        present = _NAMED.intersection(params)
        if not present:
            continue
        if figs is None:
            figs = state.figures_by_uid()
        if present <= _FIGURE_ONLY:
            # Most events name figures only: named here as add_names would, in its order.
            for key in (present if len(present) == 1 else FIGURE_PARAMS):
                if key not in present:
                    continue
                uid = params[key]
                if isinstance(uid, int) and not isinstance(uid, bool):
                    f = figs.get(uid)
                    if f is not None:
                        # def_name(f.did, f.hero), without the call
                        pair = _NAMES[f.hero].get(f.did) or _def_name(f.did, f.hero)
                        params[_NAME_KEYS[key]] = {"en": pair[0], "de": pair[1]}
            continue
        # Only the rank of the marker this event names is looked up: the markers on the board
        # first, then those before the action (as the merged map of both would have it).
        ranks: dict[int, str] = {}
        if "marker" in present:
            uid = params["marker"]
            rank = _marker_rank(state.markers, uid)
            if rank is None:
                rank = before.get(uid) if isinstance(before, dict) else _marker_rank(before, uid)
            if rank is not None:
                ranks = {uid: rank}
        add_names(state, params, ranks, figs, present)


# The parameter each figure parameter's name goes to.
_NAME_KEYS = {key: key + "_name" for key in FIGURE_PARAMS}


def _marker_rank(markers: list[Marker], uid: object) -> str | None:
    """Returns the rank of the marker with that uid (the last of a uid, as a map built from
    the list would keep), or None."""
    for m in reversed(markers):
        if m.uid == uid:
            return m.rank
    return None


def figures_by_uid(state: CrawlState) -> dict[int, Figure]:
    """Returns the figures by uid (the first of a uid wins, as a search would find it)."""
    return {f.uid: f for f in reversed(state.figures)}


def named_message(state: CrawlState, message: Message) -> Message:
    """Returns a prompt message with readable names added."""
    params = dict(message.params)
    add_names(state, params, marker_ranks(state))
    return Message(message.key, params)


def item_name(key: str) -> dict[str, str]:
    """Returns the name of the item ``chest_id:treasure`` (the chest's name if it has none)."""
    chest_id, pos = key.split(":")
    cdef = content().get("chest", chest_id)
    item = cdef.treasures[int(pos)].item
    return text(item if item is not None else cdef.name)


def ability_name(ability: str) -> dict[str, str]:
    """Returns the name of a special ability."""
    return text(content().get("ability", ability).name)
