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
from heapq import heappop, heappush
from typing import Any

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

# Terrain whose entering ends the activation (seed 004, "Teleport", "Vortex").
HALTING = frozenset({"teleport", "vortex"})


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


def _reach_key(state: CrawlState, f: Figure, mp: int) -> tuple[Any, ...]:
    """Returns everything a reach map reads, so a memoized map is never stale."""
    return (f.uid, f.where, f.pos, f.click, tuple(f.items), f.potion, tuple(f.broken), mp,
            state.current, state.hero_vs_hero, tuple(state.doors),
            tuple([(g.pos, g.facing, g.where) for g in state.figures if g.where == "board"]),
            tuple([m.pos for m in state.markers]),
            tuple([(c.pos, c.status) for c in state.chests]),
            state.players[f.owner].entrance if f.hero and f.owner >= 0 else -1)


def figure_reach(state: CrawlState, f: Figure, mp: int) -> Reach:
    """Returns where figure f can move with ``mp`` MP this activation and what each costs.

    Memoized on the state under a key of everything it reads (board data is cached per map).
    """
    key = _reach_key(state, f, mp)
    memo = state.memo
    hit = memo.get(("reach", f.uid))
    if hit is not None and hit[0] == key:
        return hit[1]
    reach = _figure_reach(state, f, mp)
    memo[("reach", f.uid)] = (key, reach)
    return reach


def _figure_reach(state: CrawlState, f: Figure, mp: int) -> Reach:
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    t = traits(state, f)
    arcs: set[Square] = set()
    enemy_near: set[Square] = set()
    foes: set[Square] = set()
    for e in state.figures:
        if e.where != "board" or e.uid == f.uid or e.pos is None:
            continue
        if may_attack(state, e, f):
            enemy_near |= board.around[e.pos]
            foes.add(e.pos)
            if e.uid not in f.broken:
                arcs.update(front_squares(state, e))
        elif may_attack(state, f, e):
            foes.add(e.pos)
    banned: set[Square] = set()
    if not f.hero:
        # seed 004, "Mage Spawn bewegen": never into the section of the active player's hero
        # or a square next to it.
        for h in heroes_of(state, state.current):
            if h.where == "board" and h.pos is not None:
                banned.update(board.section_squares[board.section[h.pos]])
                banned |= board.around[h.pos]
    section = board.section
    terrain = board.terrain
    marker_sections = {section[m.pos] for m in state.markers} if f.hero else set()
    if f.where == "outside":
        player = state.players[f.owner]
        if player.entrance < 0:
            return Reach({}, {}, set(), None)
        entrance = board.entrances[player.entrance][1]
        if entrance in occ:
            return Reach({}, {}, set(), None)
        start_section = -1
        source, start_cost = entrance, board.cost[entrance]
        origin = None
    else:
        assert f.pos is not None
        if f.pos in arcs:
            return Reach({f.pos: 0}, {f.pos: None}, set(), f.pos)
        start_section = section[f.pos]
        source, start_cost = f.pos, 0
        origin = f.pos
    if start_cost > mp:
        return Reach({}, {}, set(), origin)
    chasm_walker, terrain_walker, pass_cost = t.chasm_walker, t.terrain_walker, t.pass_cost
    steps = board.steps
    settled: dict[Square, int] = {}
    best: dict[Square, int] = {source: start_cost}
    parents: dict[Square, Square | None] = {source: None}
    heap: list[tuple[int, Square]] = [(start_cost, source)]
    stops: set[Square] = set()
    costs: dict[Square, int] = {}
    while heap:
        cost, sq = heappop(heap)
        if sq in settled or cost > best[sq]:
            continue
        settled[sq] = cost
        if sq != origin:
            if sq in occ:
                pass  # passing through: the move goes on, the square is no destination
            else:
                costs[sq] = cost
                # seed 004, "Teleport"/"Vortex": "Das Betreten ... beendet die Aktivierung".
                if sq in arcs or terrain[sq] in HALTING or (section[sq] != start_section
                                                            and section[sq] in marker_sections):
                    stops.add(sq)
                    continue
        else:
            costs[sq] = cost
        near_enemy = sq in enemy_near
        for nxt, step, diag, edge in steps[sq]:
            if edge is not None and closed and edge in closed:
                continue
            if nxt in settled or nxt in banned:
                continue
            if step == 0:
                if chasm_walker and terrain[nxt] == "chasm":
                    step = 1
                else:
                    continue
            if nxt in occ:
                if nxt in foes or near_enemy:
                    continue  # passing an enemy is its own action (pass_through)
                new = cost + pass_cost
            else:
                if terrain_walker and step > 1:
                    step = 1
                new = cost + step + diag
            if new > mp:
                continue
            old = best.get(nxt)
            if old is None or new < old:
                best[nxt] = new
                parents[nxt] = sq
                heappush(heap, (new, nxt))
    return Reach(costs, {sq: parents[sq] for sq in settled}, stops, origin)


def _marker_key(state: CrawlState, m: Marker, mp: int) -> tuple[Any, ...]:
    """Returns everything a marker's reach map reads, so a memoized map is never stale."""
    return (m.uid, m.pos, mp, state.current, state.nplayers, tuple(state.doors),
            tuple([(g.uid, g.pos, g.where, g.owner, g.hero) for g in state.figures]),
            tuple([(n.uid, n.pos) for n in state.markers]),
            tuple([(c.uid, c.pos, c.status) for c in state.chests]))


def marker_reach(state: CrawlState, m: Marker, mp: int = 4) -> Reach:
    """Returns where marker m can move with 4 MP (seed 004, "Monster-Marken").

    Memoized on the state: listing the moves and applying one both read the same map.
    """
    key = _marker_key(state, m, mp)
    memo = state.memo
    hit = memo.get(("marker_reach", m.uid))
    if hit is not None and hit[0] == key:
        return hit[1]
    reach = _marker_reach(state, m, mp)
    memo[("marker_reach", m.uid)] = (key, reach)
    return reach


def _marker_reach(state: CrawlState, m: Marker, mp: int) -> Reach:
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    # A square is the active player's own ground when it lies in the section of one of its
    # heroes or next to one (tested by section number: no set of section squares is built).
    own_sections: set[int] = set()
    own: set[Square] = set()
    near_hero: set[Square] = set()
    hero_sections: set[int] = set()
    for h in state.figures:
        if not h.hero or h.where != "board" or h.pos is None:
            continue
        around = {n for n, _ in board.neighbours[h.pos]}
        if h.owner == state.current and state.nplayers > 1:
            own_sections.add(board.section[h.pos])
            own.update(around)
        else:
            near_hero.update(around)
            hero_sections.add(board.section[h.pos])

    section = board.section

    def is_stop(sq: Square) -> bool:
        return sq in near_hero or board.section[sq] in hero_sections

    def neighbours(sq: Square):  # noqa: ANN202
        if sq != m.pos and sq not in occ and is_stop(sq):
            return
        for nxt, diag in board.neighbours[sq]:
            if closed and not diag and edge_key(sq, nxt) in closed:
                continue
            if nxt in own or section.get(nxt, -1) in own_sections or board.cost[nxt] == 0:
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
    own_sections: set[int] = set()
    own: set[Square] = set()
    if state.nplayers > 1:
        for h in heroes_of(state, state.current):
            if h.where == "board" and h.pos is not None:
                own_sections.add(board.section[h.pos])
                own.update(n for n, _ in board.neighbours[h.pos])
    section = board.section
    for nxt, diag in board.neighbours[m.pos]:
        if closed and not diag and edge_key(m.pos, nxt) in closed:
            continue
        if nxt in own or section.get(nxt, -1) in own_sections or nxt in occ:
            continue
        if 0 < board.cost[nxt] + (1 if diag else 0) <= 4:
            return True
    return bool(set(marker_reach(state, m).costs) - {m.pos})
