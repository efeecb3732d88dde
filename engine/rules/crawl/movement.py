"""Movement of figures and markers: cost maps with the seed's costs, stops and passing.

Seed 004, "Bewegungskosten": 1 MP per square, the printed number for numbered squares, +1 for a
diagonal step, never through walls or into X (chasm) squares. "Passieren": moving through a
square held by a friendly figure, a chest or a marker costs a flat 3 MP (plus the next square),
only when no enemy stands next to the mover. A move ends where something happens: entering the
front arc of an enemy not yet broken away from ("Lösen"), entering a section with monster
markers (heroes), or coming into a hero's section or next to a hero (markers).
"""

from __future__ import annotations

from typing import Any

from engine.core.squaregrid import Square
from engine.rules.crawl.core import (
    board_of,
    front_arc,
    front_squares,
    heroes_of,
    may_attack,
    occupancy,
    traits,
)
from engine.rules.crawl.state import CrawlState, Figure, Marker


class Reach:
    """A movement cost map: cost per destination, paths, and which squares end the move."""

    __slots__ = ("costs", "_parents", "_flat", "stops", "start", "derived")

    def __init__(self, costs: dict[Square, int], parents: dict[Square, Square | None] | None,
                 stops: set[Square], start: Square | None,
                 flat: tuple[list[Square], list[int], list[int], dict[Square, int]] | None = None
                 ) -> None:
        self.costs = costs
        self._parents = parents
        # (squares, parent numbers, settle order, square numbers): the parent map is built
        # from these only when asked for (most listed maps never are).
        self._flat = flat
        self.stops = stops
        self.start = start
        # Derived lists kept with the map (the move actions legal_actions lists from it).
        self.derived: dict[str, Any] = {}

    @property
    def parents(self) -> dict[Square, Square | None]:
        """Returns each reached square's previous square on its cheapest path (None at the
        start), in the order the squares were settled."""
        if self._parents is None:
            assert self._flat is not None
            squares, parents, order, _ = self._flat
            self._parents = {squares[i]: (squares[parents[i]] if parents[i] >= 0 else None)
                             for i in order}
        return self._parents

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reach):
            return NotImplemented
        return (self.costs, self.parents, self.stops, self.start) == (
            other.costs, other.parents, other.stops, other.start)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Reach(costs={self.costs!r}, stops={self.stops!r}, start={self.start!r})"

    def sorted_destinations(self) -> list[Square]:
        """Returns every reached square but the start, in square order."""
        dests = self.derived.get("dest_ids")
        if dests is not None and self._flat is not None:
            # The destinations' square numbers (x * height + y) sort as the squares do, and
            # cheaper than tuples.
            squares = self._flat[0]
            return list(map(squares.__getitem__, sorted(dests)))
        start = self.start
        return [sq for sq in sorted(self.costs) if sq != start]

    def path(self, goal: Square) -> list[Square]:
        """Returns the squares from the start (or the entrance) to goal."""
        if self._parents is None and self._flat is not None:
            # Along the parent numbers (a square reached but not settled has none, as in
            # the map): no map of every square is built for one path.
            squares, numbers, _, index = self._flat
            out = [goal]
            i = index.get(goal, -1)
            p = numbers[i] if i >= 0 else -1
            while p >= 0:
                out.append(squares[p])
                p = numbers[p]
            out.reverse()
            return out
        parents = self.parents
        out = [goal]
        parent = parents.get(goal)
        while parent is not None:
            out.append(parent)
            parent = parents.get(parent)
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


def must_break_away(state: CrawlState, f: Figure, near: list[Figure] | None = None) -> list[int]:
    """Returns the enemies f must break away from before it may leave its square (``near``:
    the other figures on the board next to f in list order, when the caller has them)."""
    if f.where != "board" or f.pos is None:
        return []
    # enemy_arcs(state, f).get(f.pos, []) without building the arcs of every square (a front
    # arc covers only squares next to its figure).
    pos = f.pos
    if near is None:
        x, y = pos
        near = [e for e in state.figures
                if (epos := e.pos) is not None and -1 <= epos[0] - x <= 1
                and -1 <= epos[1] - y <= 1
                and e.where == "board" and e.uid != f.uid]
    broken = f.broken
    return [e.uid for e in near if e.uid not in broken and may_attack(state, e, f)
            and pos in front_arc(state, e)]


def _reach_key(state: CrawlState, f: Figure, mp: int) -> tuple[Any, ...]:
    """Returns everything a reach map reads, so a memoized map is never stale."""
    # One flat list (no tuple per marker, chest or figure), read back unambiguously: the
    # marker and chest counts come first, the figures on the board last.
    markers, chests = state.markers, state.chests
    board: list[Any] = [len(markers), len(chests)]
    for m in markers:
        board.append(m.pos)
    for c in chests:
        board += (c.pos, c.status)
    for g in state.figures:
        if g.where == "board":
            board += (g.uid, g.pos, g.facing)
    return (f.uid, f.where, f.pos, f.click, tuple(f.items), f.potion, tuple(f.broken), mp,
            state.current, state.hero_vs_hero, tuple(state.doors), tuple(board),
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


# Chest states that stand on the board (core.occupancy).
_STANDING = frozenset({"closed", "disarmed", "sprung"})


def _figure_reach(state: CrawlState, f: Figure, mp: int) -> Reach:
    board = board_of(state)
    flat = board.flat_data()
    index = flat.index
    section = flat.section
    if f.where == "outside":
        player = state.players[f.owner]
        if player.entrance < 0:
            return Reach({}, {}, set(), None)
        entrance = board.entrances[player.entrance][1]
        start_section = -1
        source, start_cost = index[entrance], board.cost[entrance]
        origin = None
        origin_i = -1
        at = entrance
    else:
        assert f.pos is not None
        origin_i = index[f.pos]
        start_section = section[origin_i]
        source, start_cost = origin_i, 0
        origin = f.pos
        at = f.pos
    t = traits(state, f)
    pass_cost = t.pass_cost
    # Every step costs at least 1 MP (passing at least 1: "nimble_passing" is 1..3), so the
    # move stays within ``radius`` - 1 squares of its start: farther figures cannot matter.
    radius = max(mp - start_cost, 0) + 1 if pass_cost >= 1 else 1 << 30
    ax, ay = at
    around = flat.around
    occ: set[int] = set()
    occ_add = occ.add
    arcs: set[int] = set()
    enemy_near: set[int] = set()
    foes: set[int] = set()
    hero, owner, hvh, broken, uid = f.hero, f.owner, state.hero_vs_hero, f.broken, f.uid
    # One pass over the figures: every one on the board occupies its square; the enemies
    # near enough to matter block passing and halt the move in their front arcs.
    for e in state.figures:
        if e.where != "board" or e.pos is None:
            continue
        epos = e.pos
        i = index[epos]
        occ_add(i)
        if e.uid == uid:
            continue
        ex, ey = epos
        if ex - ax > radius or ax - ex > radius or ey - ay > radius or ay - ey > radius:
            continue
        # may_attack(state, e, f) inline (it is symmetric: f may attack e just as well).
        if e.hero == hero and (not hero or not hvh or e.owner == owner):
            continue
        enemy_near |= around[i]
        foes.add(i)
        if e.uid not in broken:
            for sq in front_arc(state, e):
                arcs.add(index[sq])
    for c in state.chests:
        if c.pos is not None and c.status in _STANDING:
            occ_add(index[c.pos])
    # Heroes halt on entering a section with a marker (other than the one they start in).
    marker_sections: set[int] = set()
    for m in state.markers:
        i = index[m.pos]
        occ_add(i)
        if hero:
            marker_sections.add(section[i])
    if origin is None and source in occ:
        return Reach({}, {}, set(), None)  # the entrance is taken
    if origin_i in arcs:
        return Reach({f.pos: 0}, {f.pos: None}, set(), f.pos)  # type: ignore[dict-item]
    if start_cost > mp:
        return Reach({}, {}, set(), origin)
    banned: set[int] = set()
    if not f.hero and state.nplayers > 1:
        # seed 004, "Mage Spawn bewegen": never into the section of the active player's hero
        # or a square next to it. Not in solitaire, where the dungeon moves the brood into
        # attack positions ("Mage Spawn ... bewegen sich in eine geeignete Angriffsposition").
        for h in heroes_of(state, state.current):
            if h.where == "board" and h.pos is not None:
                banned.update(flat.section_ids[board.section[h.pos]])
                banned |= around[index[h.pos]]
    # Closed doors and squares costing 0 are left out of the cached step lists (seed 004:
    # doors block movement, chasms only chasm walkers cross).
    steps = flat.walk_steps(state.doors, t.chasm_walker, t.terrain_walker)
    # Dijkstra with a bucket per MP cost: every step costs at least 1 MP, so a bucket is
    # complete before it is worked through; sorting it by square number (the order of (x, y)
    # tuples) settles squares, and picks parents among equally cheap paths, exactly as a heap
    # of (cost, square) pairs would. A banned square gets best -1, so no step improves on it.
    n = len(flat.squares)
    # The occupied squares as a list of flags: the search's many look-ups index it.
    occupied = [False] * n
    for i in occ:
        occupied[i] = True
    best = [mp + 1] * n
    for i in banned:
        best[i] = -1
    best[source] = start_cost
    parents = [-1] * n
    buckets: list[list[int]] = [[] for _ in range(mp + 1)]
    buckets[start_cost].append(source)
    stops: set[Square] = set()
    costs: dict[Square, int] = {}
    order: list[int] = []
    # The destinations' square numbers (every reached square but the start and occupied
    # ones): the move list sorts these numbers instead of the squares.
    dests: list[int] = []
    squares = flat.squares
    stop_sections = marker_sections - {start_section}
    # Squares whose entering ends the move: enemies' front arcs and halting terrain.
    halts = arcs | flat.halting if flat.halting else arcs
    for cost in range(start_cost, mp + 1):
        bucket = buckets[cost]
        if not bucket:
            continue
        bucket.sort()
        for i in bucket:
            if best[i] != cost:
                continue  # reached more cheaply meanwhile
            sq = squares[i]
            order.append(i)
            if i != origin_i:
                if occupied[i]:
                    pass  # passing through: the move goes on, the square is no destination
                else:
                    costs[sq] = cost
                    dests.append(i)
                    # seed 004, "Teleport"/"Vortex": "Das Betreten ... beendet die
                    # Aktivierung"; entering an enemy's arc or a marker's section ends it too.
                    if i in halts or (stop_sections and section[i] in stop_sections):
                        stops.add(sq)
                        continue
            else:
                costs[sq] = cost
            near_enemy = i in enemy_near
            for j, enter in steps[i]:
                if best[j] <= cost:
                    continue  # settled (or banned): no step costs less than nothing
                if occupied[j]:
                    if j in foes or near_enemy:
                        continue  # passing an enemy is its own action (pass_through)
                    new = cost + pass_cost
                else:
                    new = cost + enter
                if new < best[j]:
                    best[j] = new
                    parents[j] = i
                    buckets[new].append(j)
    reach = Reach(costs, None, stops, origin, (squares, parents, order, index))
    reach.derived["dest_ids"] = dests
    return reach


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
    flat = board.flat_data()
    index = flat.index
    section = flat.section
    around = flat.around
    occ = occupancy(state)
    # A square is the active player's own ground when it lies in the section of one of its
    # heroes or next to one; a marker never enters it.
    own_sections: set[int] = set()
    own: set[int] = set()
    near_hero: set[int] = set()
    hero_sections: set[int] = set()
    hero_uids = {h.uid for h in state.figures if h.hero}
    for h in state.figures:
        if not h.hero or h.where != "board" or h.pos is None:
            continue
        i = index[h.pos]
        if h.owner == state.current and state.nplayers > 1:
            own_sections.add(section[i])
            own.update(around[i])
        else:
            near_hero.update(around[i])
            hero_sections.add(section[i])
    occupied = {index[sq] for sq in occ}
    # Squares whose occupant is a hero (occupancy lists a figure as ("f", uid)).
    heroes_at = {index[sq] for sq, (kind, uid) in occ.items()
                 if kind == "f" and uid in hero_uids}
    n = len(flat.squares)
    best = [mp + 1] * n
    for i in own:
        best[i] = -1
    for sec in own_sections:
        for i in flat.section_ids[sec]:
            best[i] = -1
    source = index[m.pos]
    best[source] = 0
    parents = [-1] * n
    order: list[int] = []
    buckets: list[list[int]] = [[] for _ in range(mp + 1)]
    if mp >= 0:
        buckets[0].append(source)
    # seed 004, "Monster-Marken": 4 MP, terrain costs, +1 diagonal, no closed doors; passing
    # a chest, a marker or a spawn costs a flat 3; no square costing 0 (cached step lists).
    # Every step costs at least 1, so buckets sorted by square number settle squares in the
    # order of a (cost, square) heap (see _figure_reach).
    steps = flat.walk_steps(state.doors, False, False)
    for cost in range(mp + 1):
        bucket = buckets[cost]
        if not bucket:
            continue
        bucket.sort()
        for i in bucket:
            if best[i] != cost:
                continue
            order.append(i)
            if i != source and i not in occupied and (i in near_hero
                                                     or section[i] in hero_sections):
                continue  # the marker stops here: next to a hero or in its section
            for j, enter in steps[i]:
                if j in occupied:
                    if j in heroes_at:
                        continue
                    new = cost + 3
                else:
                    new = cost + enter
                if new < best[j]:
                    best[j] = new
                    parents[j] = i
                    buckets[new].append(j)
    squares = flat.squares
    kept = [i for i in order if i not in occupied or i == source]
    costs = {squares[i]: best[i] for i in kept}
    stops = {squares[i] for i in kept
             if i != source and (i in near_hero or section[i] in hero_sections)}
    return Reach(costs, None, stops, m.pos, (squares, parents, order, index))


def marker_can_move(state: CrawlState, m: Marker,
                    occ: dict[Square, tuple[str, int]] | None = None) -> bool:
    """Returns whether marker m has at least one square to step to (a cheap reach test;
    ``occ``: the occupancy, when the caller has it)."""
    if occ is None:
        occ = occupancy(state)
    return MarkerCheck(state, occ).can_move(m)


class MarkerCheck:
    """marker_can_move for several markers of one state: the active player's own ground (the
    sections of its heroes and the squares next to them) is looked up once."""

    __slots__ = ("state", "occ", "flat", "own", "own_sections", "steps")

    def __init__(self, state: CrawlState, occ: dict[Square, tuple[str, int]]) -> None:
        flat = board_of(state).flat_data()
        self.state, self.occ, self.flat = state, occ, flat
        self.own: set[int] = set()
        self.own_sections: set[int] = set()
        if state.nplayers > 1:
            for h in heroes_of(state, state.current):
                if h.where == "board" and h.pos is not None:
                    i = flat.index[h.pos]
                    self.own_sections.add(flat.section[i])
                    self.own.update(flat.around[i])
        # Steps through closed doors are left out of the cached lists.
        self.steps = flat.open_steps(state.doors)

    def can_move(self, m: Marker) -> bool:
        """Returns whether marker m has at least one square to step to."""
        flat, own, own_sections, occ = self.flat, self.own, self.own_sections, self.occ
        section, squares = flat.section, flat.squares
        for j, step, diag, _edge in self.steps[flat.index[m.pos]]:
            if j in own or section[j] in own_sections or squares[j] in occ:
                continue
            if 0 < step + diag <= 4:
                return True
        return bool(set(marker_reach(self.state, m).costs) - {m.pos})
