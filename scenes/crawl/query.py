"""The crawl scene's one door into the engine: the static board, content look-ups and the rules'
public queries (reach, arcs, line of fire, hit chances, dials).

Everything the board shows changes only through ``rules.view``; the queries here answer
"what if" questions about public information (costs, chances) that the view does not list for
every figure. Keeping them in one module means a change in ``engine/rules/crawl/view.py``
touches one place of the scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
        from engine.rules.crawl.core import board_for

        b = board_for(board_id, map_name, layout)
        _BOARDS[key] = BoardInfo(b.width, b.height, dict(b.terrain), dict(b.cost),
                                 dict(b.section), tuple(b.section_kinds),
                                 frozenset(b.walls.edges), tuple(b.doors), tuple(b.entrances))
    return _BOARDS[key]


def content() -> Any:
    """Returns the crawl content (names, dials, abilities, chests)."""
    from engine.rules.crawl.core import content as crawl_content

    return crawl_content()


def section_exits(section_id: str) -> frozenset[str]:
    """Returns the sides (n, e, s, w) of a builder section that have an exit, unturned."""
    from engine.rules.crawl.builder import exits_of

    return exits_of(section_id, 0)


def section_doors(section_id: str) -> dict[str, str]:
    """Returns side → door kind (wood, iron) of a builder section's exits, unturned."""
    from engine.rules.crawl.builder import doors_of

    return doors_of(section_id, 0)


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


def reachable(state: Any, uid: int) -> dict[str, Any]:
    """Returns the rules' reach of a figure: squares with cost, path and stop, and break-away."""
    from engine.rules.crawl.view import reachable as rules_reachable

    return rules_reachable(state, uid)


def marker_reachable(state: Any, uid: int) -> list[dict[str, Any]]:
    """Returns the squares a marker could move to with their cost."""
    from engine.rules.crawl.view import marker_reachable as rules_marker_reachable

    return rules_marker_reachable(state, uid)


def line_of_fire(state: Any, a: list[int], b: list[int]) -> dict[str, Any]:
    """Returns whether the line a → b is free and what blocks it."""
    from engine.rules.crawl.view import line_of_fire as rules_line_of_fire

    return rules_line_of_fire(state, a, b)


def hit_chance(state: Any, attacker: int, target: int, mode: str) -> dict[str, Any]:
    """Returns the exact chance to hit (attack, defence, ways out of 36)."""
    from engine.rules.crawl.view import hit_chance as rules_hit_chance

    return rules_hit_chance(state, attacker, target, mode)


def dial_values(state: Any, uid: int) -> list[dict[str, Any]]:
    """Returns every click of a figure's dial."""
    from engine.rules.crawl.view import dial_values as rules_dial_values

    return rules_dial_values(state, uid)


def move_terms(state: Any, uid: int, path: list[list[int]]) -> list[tuple[Any, int]]:
    """Returns why a figure's move along path costs what it costs: (message, MP) per term, as
    the rules will log it (entrance, terrain, diagonal, passing, abilities)."""
    from engine.rules.crawl.rules import move_breakdown

    squares = [(p[0], p[1]) for p in path]
    bd = move_breakdown(state, state.fig(uid), squares)
    return [(term.label, int(term.value)) for term in bd.terms]


def attack_breakdowns(state: Any, attacker: int, target: int, mode: str) -> tuple[Any, Any]:
    """Returns the breakdowns of the attack value (without the dice) and of the defence, as the
    hit chance counts them (dial, items, abilities, rear arc, cover)."""
    from engine.core.actions import Breakdown, Message
    from engine.rules.crawl.combat import attack_numbers
    from engine.rules.crawl.core import line_cover

    att, tgt = state.fig(attacker), state.fig(target)
    cover = mode == "ranged" and line_cover(state, att.pos, tgt.pos)
    a_terms, d_terms = attack_numbers(state, att, tgt, mode, True, cover)
    return (Breakdown(Message("crawl.ui.chance.attack_value"),
                      sum(int(t.value) for t in a_terms), tuple(a_terms)),
            Breakdown(Message("crawl.bd.defence"), sum(int(t.value) for t in d_terms),
                      tuple(d_terms)))


def may_attack(state: Any, attacker: int, target: int) -> bool:
    """Returns whether the rules let attacker strike target at all (enemies; heroes against
    heroes only where the game allows it)."""
    from engine.rules.crawl.core import may_attack as rules_may_attack

    return bool(rules_may_attack(state, state.fig(attacker), state.fig(target)))


def trap_bonus(state: Any, uid: int) -> int:
    """Returns a figure's bonus on disarming rolls (abilities such as trap skill)."""
    from engine.rules.crawl.core import traits

    return int(traits(state, state.fig(uid)).trap_bonus)


def roll_ways(need: int, bonus: int) -> int:
    """Returns how many of the 36 rolls of 2d6 succeed when roll + bonus must reach need (the
    rules' own count: a 2 always fails, a 12 always succeeds)."""
    from engine.rules.crawl.combat import roll_ways as rules_roll_ways

    return rules_roll_ways(need, bonus)
