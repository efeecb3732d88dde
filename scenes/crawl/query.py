"""The crawl scene's one door into the engine: the static board and content look-ups of the
crawl rules object (through the registry), and its previews.

Everything the board shows changes only through ``rules.view``; "what if" questions (costs,
chances, reach before an activation, why a strike is refused, the line of fire to a square)
are answered by ``rules.explain`` (engine/rules/crawl/preview.py). The scene never imports
``engine.rules.crawl`` (tests/test_boundaries.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.core.squaregrid import Square, arc_squares, rear_arc_squares

SPAWN_SUFFIXES = ("_weak", "_standard", "_strong")


@dataclass(frozen=True)
class BoardInfo:
    """The fixed dungeon of a game: size, terrain per square, costs, walls, doors, entrances."""

    width: int
    height: int
    terrain: dict[Square, str]
    cost: dict[Square, int]
    section: dict[Square, int]
    section_kinds: tuple[str, ...]
    walls: frozenset[tuple[int, int, int]]
    doors: tuple[tuple[tuple[int, int, int], str], ...]
    entrances: tuple[tuple[str, Square], ...]


_BOARDS: dict[tuple[Any, ...], BoardInfo] = {}


def layout_tag(layout: dict[str, Any] | None) -> str:
    """Returns a short text naming a view's built sections, terrain markers and placed doors
    ("" for none)."""
    if not layout or not any(layout.get(k) for k in ("marks", "doors", "pieces")):
        return ""
    return repr(tuple(layout.get(k, []) for k in ("marks", "doors", "pieces", "gates", "cells")))


def board(board_id: str, map_name: str, layout: dict[str, Any] | None = None) -> BoardInfo:
    """Returns the dungeon of a view's ``board``/``map`` with the view's ``layout`` (terrain
    markers and doors placed in the set-up), read once per layout."""
    tag = layout_tag(layout)
    key = (board_id, map_name, tag)
    if key not in _BOARDS:
        b = rules().board_data(board_id, map_name, layout)
        _BOARDS[key] = BoardInfo(b.width, b.height, dict(b.terrain), dict(b.cost),
                                 dict(b.section), tuple(b.section_kinds),
                                 frozenset(b.walls.edges), tuple(b.doors), tuple(b.entrances))
    return _BOARDS[key]


def rules() -> Any:
    """Returns the crawl rules object."""
    return registry.rules("crawl")


def content() -> Any:
    """Returns the crawl content (names, dials, abilities, chests)."""
    return rules().content()


def section_exits(section_id: str) -> frozenset[str]:
    """Returns the sides (n, e, s, w) of a builder section that have an exit, unturned."""
    return rules().section_exits(section_id)  # type: ignore[no-any-return]


def section_doors(section_id: str) -> dict[str, str]:
    """Returns side → door kind (wood, iron) of a builder section's exits, unturned."""
    return rules().section_doors(section_id)  # type: ignore[no-any-return]


def figure_def(did: str, hero: bool) -> Any:
    """Returns the HeroDef or SpawnDef of a figure id."""
    return content().get("hero" if hero else "spawn", did)


def ability_def(ability_id: str) -> Any:
    """Returns an AbilityDef."""
    return content().get("ability", ability_id)


def chest_def(chest_id: str) -> Any:
    """Returns a ChestDef."""
    return content().get("chest", chest_id)


def art_id(did: str) -> str:
    """Returns the manifest id of a figure: spawn of every rank share their family's art."""
    for suffix in SPAWN_SUFFIXES:
        if did.endswith(suffix):
            return "crawl." + did[: -len(suffix)]
    return "crawl." + did


def arcs(pos: list[int], facing: int, width: int) -> tuple[list[Square], list[Square]]:
    """Returns the adjacent squares of a figure's front arc and rear arc."""
    sq = (pos[0], pos[1])
    return arc_squares(sq, facing, width), rear_arc_squares(sq, facing)


def dial_rows(did: str, hero: bool, current: int) -> list[dict[str, Any]]:
    """Returns every click of a figure's dial as printed: values, abilities, demoralized mark,
    and whether it is the current click."""
    return [{"click": i, "move": c.move, "attack": c.attack, "defence": c.defence,
             "damage": c.damage, "abilities": list(c.abilities), "demoralized": c.demoralized,
             "current": i == current}
            for i, c in enumerate(figure_def(did, hero).clicks)]
