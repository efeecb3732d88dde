"""A crawl board read from a Tiled map: terrain costs, sections, walls, entrances and doors.

Map format (data/crawl/maps/*.tmx, see docs/crawl/maps.md): a tile layer ``terrain`` whose
tiles carry the properties ``terrain`` and ``cost``; object layers ``sections`` (rectangles with
``kind`` corridor/chamber), ``openings`` and ``walls`` (polylines on grid lines), ``entrances``
(one-square rectangles) and ``doors`` (polylines of one edge with ``kind`` wood/iron). Squares of
different sections are walled off from each other except along openings and doors.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.content.tmx import MapData, MapObject, load_game_map
from engine.core.errors import ContentError
from engine.core.squaregrid import Edge, Square, Walls, edge_key, edge_squares

# "No way there" in distance lists (larger than any walking distance).
_FAR = 1 << 30
# Terrain whose entering ends a move (seed 004, "Teleport"/"Vortex": "Das Betreten ... beendet
# die Aktivierung").
HALTING = frozenset({"teleport", "vortex"})
# Terrain kinds a figure may stand on; chasm only with an ability (seed 004, "Abgrund").
WALKABLE = frozenset({"open", "difficult", "water", "dark", "vortex", "teleport", "stairs"})
# seed 004, "Fernkampf": blocking terrain and dark terrain block the line of fire.
LOF_BLOCKING = frozenset({"blocking", "dark", "void"})


class Board:
    """The fixed part of a dungeon (terrain, sections, walls, entrances, door places)."""

    __slots__ = ("id", "width", "height", "terrain", "cost", "section", "section_ids",
                 "section_kinds", "section_squares", "section_dist", "walls", "doors",
                 "entrances", "lof_blocking", "difficult", "neighbours", "steps", "around",
                 "chest_places", "walkable", "field_cache", "adj", "flat", "source_fields",
                 "chest_index", "max_step", "entrance_near", "door_index")

    def __init__(self, board_id: str, data: MapData) -> None:
        rows = data.cell_properties("terrain")
        terrain: dict[Square, str] = {}
        cost: dict[Square, int] = {}
        for y in range(data.height):
            for x in range(data.width):
                props = rows[y][x]
                kind = str(props.get("terrain", "void"))
                terrain[(x, y)] = kind
                cost[(x, y)] = int(props.get("cost", 1)) if kind in WALKABLE else 0
        sections: list[tuple[str, str, list[Square]]] = []
        for obj in data.objects("section"):
            x0, y0 = data.cell_of(obj)
            sw, sh = round(obj.width / data.tile_width), round(obj.height / data.tile_height)
            sections.append((obj.name, str(obj.properties.get("kind", "chamber")),
                             [(x, y) for y in range(y0, y0 + sh) for x in range(x0, x0 + sw)]))
        openings: set[Edge] = set()
        for obj in data.objects("opening"):
            openings.update(_edges(data, obj))
        doors = [(edge, str(obj.properties.get("kind", "wood")))
                 for obj in data.objects("door") for edge in _edges(data, obj)]
        extra: set[Edge] = set()
        for obj in data.objects("wall"):
            extra.update(_edges(data, obj))
        entrances = [(obj.name, data.cell_of(obj)) for obj in data.objects("entrance")]
        self.build(board_id, data.width, data.height, terrain, cost, sections, openings, doors,
                   extra, entrances, str(data.path))

    def build(self, board_id: str, w: int, h: int, terrain: dict[Square, str],
              cost: dict[Square, int], sections: list[tuple[str, str, list[Square]]],
              openings: set[Edge], doors: list[tuple[Edge, str]], extra_walls: set[Edge],
              entrances: list[tuple[str, Square]], where: str) -> None:
        """Fills the board from plain parts (a Tiled map or a builder-kit composition)."""
        self.id = board_id
        self.width, self.height = w, h
        self.terrain = terrain
        self.cost = cost
        self.section: dict[Square, int] = {}
        self.section_ids: list[str] = []
        self.section_kinds: list[str] = []
        self.section_squares: list[list[Square]] = []
        for name, kind, squares in sections:
            idx = len(self.section_ids)
            self.section_ids.append(name)
            self.section_kinds.append(kind)
            for sq in squares:
                if sq in self.section:
                    raise ContentError([f"{where}: square {sq} lies in two sections"])
                self.section[sq] = idx
            self.section_squares.append(squares)
        for sq in self.terrain:
            if sq not in self.section:
                self.terrain[sq] = "void"
                self.cost[sq] = 0
        self.doors: list[tuple[Edge, str]] = list(doors)
        door_edges = {edge for edge, _ in self.doors}
        walls = Walls()
        for (x, y), sec in self.section.items():
            for other in ((x + 1, y), (x, y + 1)):
                if other in self.terrain and self.section.get(other, -1) != sec:
                    edge = edge_key((x, y), other)
                    if edge not in openings and edge not in door_edges:
                        walls.edges.add(edge)
        walls.edges.update(extra_walls)
        self.walls = walls
        self.entrances: list[tuple[str, Square]] = list(entrances)
        self.lof_blocking = frozenset(sq for sq, t in self.terrain.items() if t in LOF_BLOCKING)
        self.difficult = frozenset(sq for sq, t in self.terrain.items() if t == "difficult")
        self.section_dist = self._distances(door_edges)
        # Neighbour lists per square: (next square, is diagonal) that no wall separates.
        self.neighbours: dict[Square, tuple[tuple[Square, bool], ...]] = {
            sq: self._steps(sq) for sq in self.terrain}
        # Static data cached per map for the hot paths (reach maps, set-up spots, bots):
        # per square (next, terrain cost, diagonal, orthogonal edge or None for diagonals).
        self.steps: dict[Square, tuple[tuple[Square, int, bool, Edge | None], ...]] = {
            sq: tuple((n, self.cost[n], d, None if d else edge_key(sq, n))
                      for n, d in nbs) for sq, nbs in self.neighbours.items()}
        self.around: dict[Square, frozenset[Square]] = {
            sq: frozenset(n for n, _ in nbs) for sq, nbs in self.neighbours.items()}
        self.walkable = frozenset(sq for sq, c in self.cost.items() if c > 0)
        self.chest_places = self._chest_places()
        self.field_cache: dict[tuple[Any, ...], dict[Square, int]] = {}
        self.adj: tuple[dict[Square, int], list[Square], list[list[tuple[int, int]]],
                        list[list[tuple[int, int]]]] | None = None
        self.flat: Flat | None = None
        self.source_fields: dict[tuple[int | tuple[int, ...], int], _Search] = {}
        self.chest_index: ChestIndex | None = None
        self.max_step = 1
        self.entrance_near: list[int] | None = None
        self.door_index: dict[Square, list[int]] | None = None

    def _chest_places(self) -> list[list[tuple[Square, int, tuple[tuple[Square, Edge | None],
                                                                   ...]]]]:
        """Returns per section (square, facing, front squares a figure could use) for chests."""
        out = []
        for squares in self.section_squares:
            places = []
            for sq in squares:
                if self.cost[sq] == 0:
                    continue
                for facing in (0, 2, 4, 6):
                    fronts = tuple((f, None if f[0] != sq[0] and f[1] != sq[1]
                                    else edge_key(sq, f))
                                   for f in front_area(sq, facing)
                                   if self.cost.get(f, 0) > 0 and f in self.around[sq])
                    if fronts:
                        places.append((sq, facing, fronts))
            out.append(places)
        return out

    def field(self, goals: tuple[Square, ...], limit: int = 999) -> dict[Square, int]:
        """Returns the walking distance (terrain costs, walls; figures ignored) from every square
        to the nearest goal, up to ``limit``; cached per goal set (the bots' guide maps)."""
        hit = self.field_cache.get((goals, limit))
        if hit is not None:
            return hit
        index, squares, _ = self.index_adj()
        ids = [index[g] for g in goals if g in index]
        if len(ids) <= 8 and limit >= 0:
            # The distance to the nearest goal is the least of the distances to each goal:
            # per-goal maps (each with the squares it reaches, in square order) are kept for
            # the board and limit, so a new set of known goals costs an element-wise minimum.
            # Goals next to each other (a chest's front squares) share one map.
            top = min(limit, _FAR - 1)
            rows = [self._source_field(group[0] if len(group) == 1 else group, top).finish()
                    for group in self._clusters(sorted(set(ids)))]
            if not rows:
                out: dict[Square, int] = {}
            elif len(rows) == 1:
                dist, reached = rows[0]
                out = {squares[i]: dist[i] for i in reached}
            else:
                # A square is reached by some row exactly when its least distance is below
                # _FAR: one pass in square order, no union of the reached lists.
                near = map(min, *(dist for dist, _ in rows))
                out = {sq: d for sq, d in zip(squares, near, strict=True)
                       if d < _FAR}
        else:
            out = self._multi_field(ids, limit)
        if len(self.field_cache) > 256:
            self.field_cache.clear()
        self.field_cache[(goals, limit)] = out
        return out

    def grown_field(self, goals: tuple[Square, ...], limit: int = 999) -> Field:
        """Returns ``field(goals, limit)`` as a ``Field`` that works out a square's distance
        when it is first asked for (``field[square]``), cached per goal set like ``field``."""
        key = (goals, limit, "grown")
        hit = self.field_cache.get(key)
        if isinstance(hit, Field):
            return hit
        index, _, _ = self.index_adj()
        ids = [index[g] for g in goals if g in index]
        if len(ids) <= 8 and limit >= 0:
            # The same rows as ``field``'s (shared, grown only as far as squares are asked
            # for): the nearest goal's distance is the least of the rows' distances.
            top = min(limit, _FAR - 1)
            rows = [self._source_field(group[0] if len(group) == 1 else group, top)
                    for group in self._clusters(sorted(set(ids)))]
        else:
            rows = [_Search(self._search_adj(), ids, limit)]
        out = Field(index, rows)
        if len(self.field_cache) > 256:
            self.field_cache.clear()
        self.field_cache[key] = out
        return out

    def _clusters(self, ids: list[int]) -> list[tuple[int, ...]]:
        """Returns the square numbers grouped into runs of neighbours (in square order)."""
        _, squares, _ = self.index_adj()
        groups: list[list[int]] = []
        for i in ids:
            x, y = squares[i]
            for g in groups:
                if any(abs(squares[j][0] - x) <= 1 and abs(squares[j][1] - y) <= 1 for j in g):
                    g.append(i)
                    break
            else:
                groups.append([i])
        return [tuple(g) for g in groups]

    def _source_field(self, source: int | tuple[int, ...], limit: int) -> _Search:
        """Returns the search for the walking distance from walkable square number ``source``
        (or the nearest of several) to the walkable squares up to ``limit``, kept per board
        (grown as far as it has been asked for)."""
        key = (source, limit)
        hit = self.source_fields.get(key)
        if hit is None:
            hit = _Search(self._search_adj(),
                          [source] if isinstance(source, int) else list(source), limit)
            if len(self.source_fields) > 4096:
                self.source_fields.clear()
            self.source_fields[key] = hit
        return hit

    def nearest_wanted(self, goals: tuple[Square, ...], wanted: set[Square], limit: int
                       ) -> tuple[int, list[Square]]:
        """Returns the least walking distance (as ``field``: to the nearest goal) among the
        wanted squares within ``limit`` and the wanted squares at that distance, or (-1, [])
        when none is that near. The search stops at that distance, so a figure closing in on
        a goal pays for the squares between, not for the whole board."""
        index, squares, _ = self.index_adj()
        # The steps without detours: the same distances over fewer steps.
        adj = self._search_adj()
        need: set[int | None] = set(map(index.get, wanted))
        need.discard(None)  # a wanted square off the walkable ones
        if not need or limit < 0:
            return -1, []
        best = [limit + 1] * len(squares)
        # Steps cost 1..max_step MP: a ring of max_step + 1 buckets holds every open one.
        ring = self.max_step + 1
        buckets: list[list[int]] = [[] for _ in range(ring)]
        for g in goals:
            i = index.get(g)
            if i is not None:
                best[i] = 0
                buckets[0].append(i)
        for d in range(limit + 1):
            bucket = buckets[d % ring]
            if not bucket:
                continue
            buckets[d % ring] = []
            # A wanted square in a bucket is settled there: had it been reached more cheaply
            # since, it would have been found in that earlier bucket and returned.
            if not need.isdisjoint(bucket):
                return d, sorted({squares[i] for i in bucket if i in need})
            for i in bucket:
                if best[i] != d:
                    continue  # reached more cheaply meanwhile
                for j, step in adj[i]:
                    nd = d + step
                    if nd < best[j]:
                        best[j] = nd
                        buckets[nd % ring].append(j)
        return -1, []

    def _multi_field(self, ids: list[int], limit: int) -> dict[Square, int]:
        """Returns the walking distance to the nearest of many goals, up to ``limit``."""
        _, squares, _ = self.index_adj()
        dist = self._distances_from(ids, limit)
        return {squares[i]: d for i, d in enumerate(dist) if d < _FAR}

    def _distances_from(self, ids: list[int], limit: int) -> list[int]:
        """Returns per walkable square the distance from the nearest of ``ids`` (``_FAR``
        beyond ``limit``), searched to the end."""
        return _Search(self._search_adj(), ids, limit).finish()[0]

    def index_adj(self) -> tuple[dict[Square, int], list[Square], list[list[tuple[int, int]]]]:
        """Returns square indices and, per walkable square, (neighbour index, cost to enter it
        including the diagonal +1), built once per board."""
        if self.adj is None:
            squares = sorted(self.walkable)
            index = {sq: i for i, sq in enumerate(squares)}
            adj = [[(index[n], cost + (1 if diag else 0)) for n, cost, diag, _ in self.steps[sq]
                    if cost > 0] for sq in squares]
            self.adj = (index, squares, adj, _without_detours(squares, adj))
            self.max_step = max((step for row in adj for _, step in row), default=1)
        return self.adj[:3]

    def _search_adj(self) -> list[list[tuple[int, int]]]:
        """Returns ``index_adj``'s steps without the diagonal steps that a detour of the same
        cost replaces, for the distance searches (the same distances over fewer steps)."""
        if self.adj is None:
            self.index_adj()
        assert self.adj is not None
        return self.adj[3]

    def chest_place_index(self) -> ChestIndex:
        """Returns the chest places per section with look-ups by square and edge, built once."""
        if self.chest_index is None:
            self.chest_index = ChestIndex(self.chest_places)
        return self.chest_index

    def flat_data(self) -> Flat:
        """Returns the board's arrays indexed by square number, built once per board."""
        if self.flat is None:
            self.flat = Flat(self)
        return self.flat

    def _steps(self, sq: Square) -> tuple[tuple[Square, bool], ...]:
        x, y = sq
        out = []
        edges = self.walls.edges
        for dx, dy in ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)):
            nxt = (x + dx, y + dy)
            if nxt not in self.terrain:
                continue
            if dx and dy:
                # A diagonal step squeezes past a corner: both side routes must stay open
                # (walls count; a single pillar beside the corner does not stop it).
                s1, s2 = (x + dx, y), (x, y + dy)
                c1 = (edge_key(sq, s1) in edges or edge_key(s1, nxt) in edges
                      or self.cost[s1] == 0)
                c2 = (edge_key(sq, s2) in edges or edge_key(s2, nxt) in edges
                      or self.cost[s2] == 0)
                if c1 and c2:
                    continue
                out.append((nxt, True))
            elif edge_key(sq, nxt) not in edges:
                out.append((nxt, False))
        return tuple(out)

    def _distances(self, door_edges: set[Edge]) -> list[list[int]]:
        n = len(self.section_ids)
        links: list[set[int]] = [set() for _ in range(n)]
        for (x, y), sec in self.section.items():
            for other in ((x + 1, y), (x, y + 1)):
                osec = self.section.get(other, -1)
                if osec >= 0 and osec != sec:
                    edge = edge_key((x, y), other)
                    if edge not in self.walls.edges or edge in door_edges:
                        links[sec].add(osec)
                        links[osec].add(sec)
        dist = []
        for start in range(n):
            row = [99] * n
            row[start] = 0
            todo = deque([start])
            while todo:
                cur = todo.popleft()
                for nxt in sorted(links[cur]):
                    if row[nxt] == 99:
                        row[nxt] = row[cur] + 1
                        todo.append(nxt)
            dist.append(row)
        return dist

    def doors_at(self, sq: Square) -> list[int]:
        """Returns the numbers of the doors on sq's edges, in door order (built once)."""
        if self.door_index is None:
            self.door_index = {}
            for i, (edge, _) in enumerate(self.doors):
                for side in edge_squares(edge):
                    self.door_index.setdefault(side, []).append(i)
        return self.door_index.get(sq, [])

    def entrance_distances(self) -> list[int]:
        """Returns per section the fewest sections between it and any entrance's section (99
        for none), built once per board."""
        if self.entrance_near is None:
            rows = [self.section_dist[self.entrance_section(i)]
                    for i in range(len(self.entrances))]
            self.entrance_near = [min((row[sec] for row in rows), default=99)
                                  for sec in range(len(self.section_ids))]
        return self.entrance_near

    def entrance_section(self, index: int) -> int:
        """Returns the section of an entrance."""
        return self.section[self.entrances[index][1]]

    def in_bounds(self, sq: Square) -> bool:
        """Returns whether the square is on the board."""
        return sq in self.terrain


ChestPlace = tuple[Square, int, tuple[tuple[Square, Edge | None], ...]]


def _without_detours(squares: list[Square], adj: list[list[tuple[int, int]]]
                     ) -> list[list[tuple[int, int]]]:
    """Returns the steps without each diagonal step that two orthogonal steps through a side
    square of cost 1 replace at the same cost (1 + cost of the square entered, as the diagonal
    +1): every distance stays the same, the searches look at about half the steps."""
    orth = [{j: step for j, step in row if squares[j][0] == squares[i][0]
             or squares[j][1] == squares[i][1]} for i, row in enumerate(adj)]
    out = []
    for i, row in enumerate(adj):
        keep = []
        for j, step in row:
            if j not in orth[i] and any(k_step == 1 and j in orth[k] for k, k_step in
                                        orth[i].items()):
                continue
            keep.append((j, step))
        out.append(keep)
    return out


# What a ``Field`` gives for a square out of reach (the bots' "no way there").
NO_WAY = 999


class _Search:
    """A walking-distance search from goal square numbers: Dijkstra with a bucket per
    distance (steps cost 1..4, so buckets beat a heap; a tentative distance keeps every square
    out of all but one bucket) that stops once the square asked for is settled and resumes
    from there when a farther one is asked for."""

    __slots__ = ("adj", "dist", "best", "buckets", "d", "reached")

    def __init__(self, adj: list[list[tuple[int, int]]], ids: list[int], limit: int) -> None:
        self.adj = adj
        # dist: settled distances (_FAR while not settled or beyond the limit); best: tentative.
        self.dist = [_FAR] * len(adj)
        self.best = [limit + 1] * len(adj)
        for i in ids:
            self.best[i] = 0
        self.buckets: list[list[int]] = [list(ids)]
        # Buckets below d are worked through: every square nearer than d is settled.
        self.d = 0
        self.reached: list[int] | None = None

    def settle(self, target: int, below: int = _FAR) -> int:
        """Returns the distance of square number ``target``, searching on until it is settled
        (``_FAR``: out of reach, or not nearer than ``below``); target -1 searches to the end."""
        far = _FAR
        dist = self.dist
        if target >= 0 and dist[target] != far:
            return dist[target]
        best, buckets, adj = self.best, self.buckets, self.adj
        d = self.d
        nb = len(buckets)
        while d < nb and d < below:
            for i in buckets[d]:
                if dist[i] != far:
                    continue
                dist[i] = d
                for j, step in adj[i]:
                    nd = d + step
                    if nd < best[j]:
                        best[j] = nd
                        if nd >= nb:
                            buckets.extend([] for _ in range(nd + 1 - nb))
                            nb = nd + 1
                        buckets[nd].append(j)
            d += 1
            if target >= 0 and dist[target] != far:
                break
        self.d = d
        if d >= len(buckets):
            # Searched to the end (kept per board): the tentative distances are not needed.
            self.best, self.buckets = [], []
        return dist[target] if target >= 0 else _FAR

    def finish(self) -> tuple[list[int], list[int]]:
        """Returns the distances searched to the end and the square numbers within reach (in
        square order)."""
        if self.reached is None:
            self.settle(-1)
            self.reached = [i for i, d in enumerate(self.dist) if d < _FAR]
        return self.dist, self.reached


class Field(dict[Square, int]):
    """The walking distance to the nearest goal per square (as ``Board.field``), read as
    ``field[square]``: a square's distance is worked out (and kept) when first asked for,
    ``NO_WAY`` when it is out of reach. Holds only the squares asked for so far."""

    __slots__ = ("index", "rows", "out")

    def __init__(self, index: dict[Square, int], rows: list[_Search]) -> None:
        super().__init__()
        self.index = index
        self.rows = rows
        self.out: set[Square] = set()

    def __missing__(self, sq: Square) -> int:
        i = self.index.get(sq)
        d = _FAR
        if i is not None:
            rows = self.rows
            # The least of the rows' distances: rows that have not reached the square yet
            # search on only while they could still beat the nearest found so far.
            for row in rows:
                if row.dist[i] < d:
                    d = row.dist[i]
            for row in rows:
                if row.dist[i] == _FAR:
                    near = row.settle(i, d)
                    if near < d:
                        d = near
        if d == _FAR:
            self.out.add(sq)
            d = NO_WAY
        self[sq] = d
        return d

    def get(self, sq: Square, default: Any = None) -> Any:  # type: ignore[override]
        """Returns the square's distance, ``default`` when it is out of reach (as a dict)."""
        d = self[sq]
        return default if sq in self.out else d


class ChestIndex:
    """Chest places per section, their plain (square, facing) lists, and which places a square
    or an edge touches (a placement check looks again only at places something stands on)."""

    __slots__ = ("places", "spots", "by_square", "by_edge", "door_cache")

    def __init__(self, chest_places: list[list[ChestPlace]]) -> None:
        self.places = chest_places
        self.door_cache: dict[frozenset[Edge], list[list[tuple[Square, int]]]] = {}
        self.spots: list[list[tuple[Square, int]]] = [
            [(sq, facing) for sq, facing, _ in places] for places in chest_places]
        self.by_square: dict[Square, set[int]] = {}
        self.by_edge: dict[Edge, set[int]] = {}
        for sec, places in enumerate(chest_places):
            for sq, _, fronts in places:
                self.by_square.setdefault(sq, set()).add(sec)
                for front, edge in fronts:
                    self.by_square.setdefault(front, set()).add(sec)
                    if edge is not None:
                        self.by_edge.setdefault(edge, set()).add(sec)

    def door_spots(self, closed: set[Edge]) -> list[list[tuple[Square, int]]]:
        """Returns per section the (square, facing) places with a front square that no closed
        door cuts off (nothing standing anywhere), cached per set of closed door edges."""
        key = frozenset(closed)
        hit = self.door_cache.get(key)
        if hit is None:
            touched: set[int] = set()
            for edge in closed:
                touched.update(self.by_edge.get(edge, ()))
            hit = [[(sq, facing) for sq, facing, fronts in places
                    if any(edge is None or edge not in closed for _, edge in fronts)]
                   if sec in touched else self.spots[sec]
                   for sec, places in enumerate(self.places)]
            if len(self.door_cache) > 64:
                self.door_cache.clear()
            self.door_cache[key] = hit
        return hit


class Flat:
    """A board's static data as arrays indexed by square number ``x * height + y`` (the order
    of ``(x, y)`` tuples, so integer heaps pop in the same order as tuple heaps)."""

    __slots__ = ("index", "squares", "steps", "around", "section", "terrain", "board",
                 "open_cache", "walk_cache", "open_squares", "open_ids", "section_ids",
                 "halting")

    def __init__(self, board: Board) -> None:
        h = board.height
        self.board = board
        self.index: dict[Square, int] = {sq: sq[0] * h + sq[1] for sq in board.terrain}
        n = max([board.width * h, *(i + 1 for i in self.index.values())])
        if n > 0xFFFF or any(x < 0 or not 0 <= y < h for x, y in board.terrain):
            # Search heaps pack a square number into 16 bits.
            raise ContentError([f"board {board.id}: {board.width}x{h} is too large"])
        self.squares: list[Square] = [(i // h, i % h) for i in range(n)]
        index = self.index
        # Per square: (next square's number, terrain cost, 1 for a diagonal, edge or None).
        self.steps: list[tuple[tuple[int, int, int, Edge | None], ...]] = [()] * n
        self.around: list[frozenset[int]] = [frozenset()] * n
        self.section: list[int] = [-1] * n
        self.terrain: list[str] = ["void"] * n
        for sq, i in index.items():
            self.steps[i] = tuple((index[nxt], cost, 1 if diag else 0, edge)
                                  for nxt, cost, diag, edge in board.steps[sq])
            self.around[i] = frozenset(index[nxt] for nxt in board.around[sq])
            self.section[i] = board.section.get(sq, -1)
            self.terrain[i] = board.terrain[sq]
        # The squares whose terrain ends a move entering them.
        self.halting = frozenset(i for i, t in enumerate(self.terrain) if t in HALTING)
        self.open_cache: dict[tuple[str, ...], list[tuple[tuple[int, int, int, Edge | None],
                                                          ...]]] = {}
        self.walk_cache: dict[tuple[tuple[str, ...], bool, bool],
                              list[tuple[tuple[int, int], ...]]] = {}
        # Per section its squares a figure may stand on (terrain cost above 0), in the
        # section's own order.
        self.open_squares: list[list[Square]] = [
            [sq for sq in squares if board.cost[sq] > 0] for squares in board.section_squares]
        # Per section the numbers of all its squares.
        self.section_ids: list[list[int]] = [[index[sq] for sq in sqs]
                                             for sqs in board.section_squares]
        # The open squares by number, sorted (the order of their squares).
        self.open_ids: list[list[int]] = [sorted(index[sq] for sq in sqs)
                                          for sqs in self.open_squares]

    def open_steps(self, doors: list[str]) -> list[tuple[tuple[int, int, int, Edge | None],
                                                          ...]]:
        """Returns the steps per square without those through closed doors, cached per door
        states (doors rarely change)."""
        key = tuple(doors)
        hit = self.open_cache.get(key)
        if hit is not None:
            return hit
        # As closed_door_edges: doors are matched to the board's only when one is closed.
        closed = {edge for (edge, _), st in zip(self.board.doors, doors, strict=True)
                  if st == "closed"} if "closed" in doors else set()
        out = self.steps if not closed else [
            tuple(s for s in steps if s[3] is None or s[3] not in closed)
            for steps in self.steps]
        if len(self.open_cache) > 64:
            self.open_cache.clear()
        self.open_cache[key] = out
        return out


    def walk_steps(self, doors: list[str], chasm_walker: bool, terrain_walker: bool
                   ) -> list[tuple[tuple[int, int], ...]]:
        """Returns per square the steps a figure may take as (next square, MP to enter it
        including the diagonal +1): no step through a closed door or into a square costing 0
        (a chasm costs 1 for chasm walkers; terrain walkers pay at most 1 per square)."""
        key = (tuple(doors), chasm_walker, terrain_walker)
        hit = self.walk_cache.get(key)
        if hit is not None:
            return hit
        terrain = self.terrain
        out = []
        for steps in self.open_steps(doors):
            row = []
            for j, cost, diag, _edge in steps:
                if cost == 0:
                    if not (chasm_walker and terrain[j] == "chasm"):
                        continue
                    cost = 1
                elif terrain_walker and cost > 1:
                    cost = 1
                row.append((j, cost + diag))
            out.append(tuple(row))
        if len(self.walk_cache) > 64:
            self.walk_cache.clear()
        self.walk_cache[key] = out
        return out


def front_area(sq: Square, facing: int) -> list[Square]:
    """Returns a chest's front area for a chest on sq facing N/E/S/W: the square in front and
    its two side neighbours (seed 004, "Frontbereich")."""
    x, y = sq
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[facing // 2]
    fx, fy = x + dx, y + dy
    return [(fx - dy, fy + dx), (fx, fy), (fx + dy, fy - dx)] if dx == 0 else \
        [(fx, fy - 1), (fx, fy), (fx, fy + 1)]


def _edges(data: MapData, obj: MapObject) -> list[Edge]:
    """Returns the grid edges covered by a polyline object drawn along grid lines."""
    tw, th = data.tile_width, data.tile_height
    pts = [(obj.x + px, obj.y + py) for px, py in (obj.points or ((0, 0), (obj.width, obj.height)))]
    out: list[Edge] = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        gx0, gy0, gx1, gy1 = round(ax / tw), round(ay / th), round(bx / tw), round(by / th)
        if gx0 == gx1:  # vertical line at x = gx0 between squares gx0-1 and gx0
            for y in range(min(gy0, gy1), max(gy0, gy1)):
                out.append((gx0 - 1, y, 0))
        elif gy0 == gy1:
            for x in range(min(gx0, gx1), max(gx0, gx1)):
                out.append((x, gy0 - 1, 1))
        else:
            raise ContentError([f"{data.path}: object {obj.id} is not along a grid line"])
    return out


_BOARDS: dict[tuple[str, str], Board] = {}
_DERIVED: dict[tuple[Any, ...], Board] = {}


def load_board(board_id: str, map_name: str) -> Board:
    """Returns the board of a map, read once per process."""
    key = (board_id, map_name)
    if key not in _BOARDS:
        _BOARDS[key] = Board(board_id, load_game_map("crawl", map_name))
    return _BOARDS[key]


def layout_key(layout: dict[str, Any]) -> tuple[Any, ...]:
    """Returns a hashable key of a board layout (terrain markers and placed doors)."""
    return (tuple(tuple(m) for m in layout.get("marks", ())),
            tuple(tuple(d) for d in layout.get("doors", ())))


def derived_board(base: Board, layout: dict[str, Any], base_key: tuple[Any, ...] = ()) -> Board:
    """Returns the board with terrain markers and placed doors (seed 004, "Geländemarken":
    "Das Gelände auf der Marke ersetzt das Gelände des Feldes"), cached per layout."""
    key = (base.id, base.width, base.height, base_key, layout_key(layout))
    hit = _DERIVED.get(key)
    if hit is not None:
        return hit
    b = Board.__new__(Board)
    for name in Board.__slots__:
        setattr(b, name, getattr(base, name))
    b.terrain = dict(base.terrain)
    b.cost = dict(base.cost)
    for x, y, kind in layout.get("marks", ()):
        b.terrain[(x, y)] = kind
        b.cost[(x, y)] = MARK_COST.get(kind, 1)
    b.doors = list(base.doors) + [((x, y, d), kind) for x, y, d, kind in layout.get("doors", ())]
    door_edges = {edge for edge, _ in b.doors}
    b.lof_blocking = frozenset(sq for sq, t in b.terrain.items() if t in LOF_BLOCKING)
    b.difficult = frozenset(sq for sq, t in b.terrain.items() if t == "difficult")
    b.section_dist = b._distances(door_edges)
    b.neighbours = {sq: b._steps(sq) for sq in b.terrain}
    b.steps = {sq: tuple((n, b.cost[n], d, None if d else edge_key(sq, n)) for n, d in nbs)
               for sq, nbs in b.neighbours.items()}
    b.around = {sq: frozenset(n for n, _ in nbs) for sq, nbs in b.neighbours.items()}
    b.walkable = frozenset(sq for sq, c in b.cost.items() if c > 0)
    b.chest_places = b._chest_places()
    b.field_cache = {}
    b.adj = None
    b.flat = None
    b.source_fields = {}
    b.chest_index = None
    b.entrance_near = None
    b.door_index = None
    if len(_DERIVED) > 64:
        _DERIVED.clear()
    _DERIVED[key] = b
    return b


# Movement cost of terrain a marker puts down (seed 004: water 3 as on the printed boards,
# difficult 2, the special kinds 1: "Die Geländearten „Teleport“ und „Vortex“ haben den
# Aufdruck „1/t“").
MARK_COST = {"difficult": 2, "water": 3, "dark": 1, "vortex": 1, "teleport": 1, "stairs": 1}
