"""Movement of figures and markers: cost maps with the seed's costs, stops and passing.

Seed 004, "Bewegungskosten": 1 MP per square, the printed number for numbered squares, +1 for a
diagonal step, never through walls or into X (chasm) squares. "Passieren": moving through a
square held by a friendly figure, a chest or a marker costs a flat 3 MP (plus the next square),
only when no enemy stands next to the mover. A move ends where something happens: entering the
front arc of an enemy not yet broken away from ("Lösen"), entering a section with monster
markers (heroes), or coming into a hero's section or next to a hero (markers).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.pathing import cost_map
from engine.core.squaregrid import Square, edge_key
from engine.rules.crawl.core import (
    board_of,
    closed_door_edges,
    front_squares,
    heroes_of,
    may_attack,
    occupancy,
    traits,
)
from engine.rules.crawl.state import CrawlState, Figure, Marker


@dataclass
class Reach:
    """A movement cost map: cost per destination, paths, and which squares end the move."""

    costs: dict[Square, int]
    parents: dict[Square, Square | None]
    stops: set[Square]
    start: Square | None

    def path(self, goal: Square) -> list[Square]:
        """Returns the squares from the start (or the entrance) to goal."""
        out = [goal]
        parent = self.parents.get(goal)
        while parent is not None:
            out.append(parent)
            parent = self.parents.get(parent)
        out.reverse()
        return out


def enemy_arcs(state: CrawlState, f: Figure) -> dict[Square, list[int]]:
    """Returns, per square, the enemies of f whose front arc covers it (f not broken away)."""
    out: dict[Square, list[int]] = {}
    for e in state.figures:
        if e.where != "board" or e.uid == f.uid or not may_attack(state, e, f):
            continue
        if e.uid in f.broken:
            continue
        for sq in front_squares(state, e):
            out.setdefault(sq, []).append(e.uid)
    return out


def must_break_away(state: CrawlState, f: Figure) -> list[int]:
    """Returns the enemies f must break away from before it may leave its square."""
    if f.where != "board" or f.pos is None:
        return []
    return enemy_arcs(state, f).get(f.pos, [])


def figure_reach(state: CrawlState, f: Figure, mp: int) -> Reach:
    """Returns where figure f can move with ``mp`` MP this activation and what each costs."""
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    t = traits(state, f)
    arcs = enemy_arcs(state, f)
    enemy_near: set[Square] = set()
    for e in state.figures:
        if e.where == "board" and e.pos is not None and may_attack(state, e, f):
            for nxt, _ in board.neighbours[e.pos]:
                enemy_near.add(nxt)
    banned: set[Square] = set()
    if not f.hero:
        # seed 004, "Mage Spawn bewegen": never into the section of the active player's hero
        # or a square next to it.
        for h in heroes_of(state, state.current):
            if h.where == "board" and h.pos is not None:
                banned.update(board.section_squares[board.section[h.pos]])
                banned.update(n for n, _ in board.neighbours[h.pos])
    marker_sections = {board.section[m.pos] for m in state.markers} if f.hero else set()
    stops: set[Square] = set()
    if f.where == "outside":
        entrance = board.entrances[state.players[f.owner].entrance][1]
        if entrance in occ or state.players[f.owner].entrance < 0:
            return Reach({}, {}, set(), None)
        start_section = -1
        sources = [(entrance, board.cost[entrance])]
        origin = None
    else:
        assert f.pos is not None
        if f.pos in arcs:
            return Reach({f.pos: 0}, {f.pos: None}, set(), f.pos)
        start_section = board.section[f.pos]
        sources = [(f.pos, 0)]
        origin = f.pos

    def is_stop(sq: Square) -> bool:
        if sq in arcs:
            return True
        sec = board.section.get(sq, -1)
        return sec != start_section and sec in marker_sections

    def neighbours(sq: Square):  # noqa: ANN202 - generator of (square, cost)
        here = occ.get(sq)
        passing = here is not None and sq != origin
        if not passing and sq != origin and is_stop(sq):
            return
        for nxt, diag in board.neighbours[sq]:
            if closed and not diag and edge_key(sq, nxt) in closed:
                continue
            if nxt in banned:
                continue
            cost = board.cost[nxt]
            if cost == 0:
                if board.terrain[nxt] == "chasm" and t.chasm_walker:
                    cost = 1
                else:
                    continue
            if t.terrain_walker and cost > 1:
                cost = 1
            other = occ.get(nxt)
            if other is not None:
                if other[0] == "f":
                    o = state.fig(other[1])
                    if may_attack(state, o, f) or may_attack(state, f, o):
                        continue  # passing an enemy is its own action (pass_through)
                if sq in enemy_near:
                    continue
                yield nxt, t.pass_cost
            else:
                yield nxt, cost + (1 if diag else 0)

    cmap = cost_map(sources[0][0], neighbours, mp) if origin is not None else None
    if cmap is None:
        from engine.core.pathing import cost_map_multi
        cmap = cost_map_multi(sources, neighbours, mp)
    costs = {}
    for sq, cost in cmap.costs.items():
        if sq in occ and sq != origin:
            continue
        costs[sq] = int(cost)
        if sq != origin and is_stop(sq):
            stops.add(sq)
    return Reach(costs, dict(cmap.parents), stops, origin)


def marker_reach(state: CrawlState, m: Marker, mp: int = 4) -> Reach:
    """Returns where marker m can move with 4 MP (seed 004, "Monster-Marken")."""
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    own: set[Square] = set()
    near_hero: set[Square] = set()
    hero_sections: set[int] = set()
    for h in state.figures:
        if not h.hero or h.where != "board" or h.pos is None:
            continue
        around = {n for n, _ in board.neighbours[h.pos]}
        if h.owner == state.current and state.nplayers > 1:
            own.update(board.section_squares[board.section[h.pos]])
            own.update(around)
        else:
            near_hero.update(around)
            hero_sections.add(board.section[h.pos])

    def is_stop(sq: Square) -> bool:
        return sq in near_hero or board.section[sq] in hero_sections

    def neighbours(sq: Square):  # noqa: ANN202
        if sq != m.pos and sq not in occ and is_stop(sq):
            return
        for nxt, diag in board.neighbours[sq]:
            if closed and not diag and edge_key(sq, nxt) in closed:
                continue
            if nxt in own or board.cost[nxt] == 0:
                continue
            other = occ.get(nxt)
            if other is not None:
                if other[0] == "f" and state.fig(other[1]).hero:
                    continue
                yield nxt, 3
            else:
                yield nxt, board.cost[nxt] + (1 if diag else 0)

    cmap = cost_map(m.pos, neighbours, mp)
    costs = {sq: int(c) for sq, c in cmap.costs.items() if sq not in occ or sq == m.pos}
    stops = {sq for sq in costs if sq != m.pos and is_stop(sq)}
    return Reach(costs, dict(cmap.parents), stops, m.pos)


def marker_can_move(state: CrawlState, m: Marker) -> bool:
    """Returns whether marker m has at least one square to step to (a cheap reach test)."""
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    own: set[Square] = set()
    if state.nplayers > 1:
        for h in heroes_of(state, state.current):
            if h.where == "board" and h.pos is not None:
                own.update(board.section_squares[board.section[h.pos]])
                own.update(n for n, _ in board.neighbours[h.pos])
    for nxt, diag in board.neighbours[m.pos]:
        if closed and not diag and edge_key(m.pos, nxt) in closed:
            continue
        if nxt in own or nxt in occ:
            continue
        if 0 < board.cost[nxt] + (1 if diag else 0) <= 4:
            return True
    return bool(set(marker_reach(state, m).costs) - {m.pos})
