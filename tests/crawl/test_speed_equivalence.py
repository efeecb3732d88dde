"""The fast paths of the crawl rules give exactly what the plain algorithms they replaced give.

Reach maps (flat square numbers, bucket queues, cached step lists), walking-distance fields
(per-goal rows), chest and marker set-up spots, and the per-turn marker test are compared with
straightforward reference versions (the earlier code, kept here) on positions from seeded games
with random and heuristic players: same costs, same parents, same order, same stops.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.ai.random_bot import RandomBot
from engine.core.actions import Action
from engine.core.pathing import cost_map
from engine.core.protocol import GameConfig
from engine.core.squaregrid import Square, edge_key
from engine.rules.crawl import movement
from engine.rules.crawl.board import HALTING, NO_WAY, Board, _Search, derived_board
from engine.rules.crawl.bots import CrawlHeuristicBot
from engine.rules.crawl.core import (
    board_of,
    closed_door_edges,
    front_squares,
    heroes_of,
    may_attack,
    occupancy,
    traits,
)
from engine.rules.crawl.movement import Reach
from engine.rules.crawl.rules import (
    RULES,
    _entrance_distance,
    chest_spots,
    marker_squares,
    move_actions,
)
from engine.rules.crawl.state import CrawlState, Figure, Marker


def _reference_reach(state: CrawlState, f: Figure, mp: int) -> Reach:
    """The reach map as a (cost, square) heap over tuple squares (the earlier code)."""
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
    if not f.hero and state.nplayers > 1:  # solitaire brood may close in (seed 004)
        for h in heroes_of(state, state.current):
            if h.where == "board" and h.pos is not None:
                banned.update(board.section_squares[board.section[h.pos]])
                banned |= board.around[h.pos]
    section, terrain = board.section, board.terrain
    marker_sections = {section[m.pos] for m in state.markers} if f.hero else set()
    if f.where == "outside":
        player = state.players[f.owner]
        if player.entrance < 0:
            return Reach({}, {}, set(), None)
        entrance = board.entrances[player.entrance][1]
        if entrance in occ:
            return Reach({}, {}, set(), None)
        start_section, source, start_cost, origin = -1, entrance, board.cost[entrance], None
    else:
        assert f.pos is not None
        if f.pos in arcs:
            return Reach({f.pos: 0}, {f.pos: None}, set(), f.pos)
        start_section, source, start_cost, origin = section[f.pos], f.pos, 0, f.pos
    if start_cost > mp:
        return Reach({}, {}, set(), origin)
    settled: dict[Square, int] = {}
    best: dict[Square, int] = {source: start_cost}
    parents: dict[Square, Square | None] = {source: None}
    heap: list[tuple[int, Square]] = [(start_cost, source)]
    stops: set[Square] = set()
    costs: dict[Square, int] = {}
    while heap:
        cost, sq = heapq.heappop(heap)
        if sq in settled or cost > best[sq]:
            continue
        settled[sq] = cost
        if sq != origin:
            if sq not in occ:
                costs[sq] = cost
                if sq in arcs or terrain[sq] in HALTING or (section[sq] != start_section
                                                            and section[sq] in marker_sections):
                    stops.add(sq)
                    continue
        else:
            costs[sq] = cost
        near_enemy = sq in enemy_near
        for nxt, step, diag, edge in board.steps[sq]:
            if edge is not None and closed and edge in closed:
                continue
            if nxt in settled or nxt in banned:
                continue
            if step == 0:
                if t.chasm_walker and terrain[nxt] == "chasm":
                    step = 1
                else:
                    continue
            if nxt in occ:
                if nxt in foes or near_enemy:
                    continue
                new = cost + t.pass_cost
            else:
                if t.terrain_walker and step > 1:
                    step = 1
                new = cost + step + diag
            if new > mp:
                continue
            old = best.get(nxt)
            if old is None or new < old:
                best[nxt] = new
                parents[nxt] = sq
                heapq.heappush(heap, (new, nxt))
    return Reach(costs, {sq: parents[sq] for sq in settled}, stops, origin)


def _reference_marker_reach(state: CrawlState, m: Marker, mp: int) -> Reach:
    """A marker's reach through the generic cost map (the earlier code)."""
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
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

    def is_stop(sq: Square) -> bool:
        return sq in near_hero or board.section[sq] in hero_sections

    def neighbours(sq: Square) -> Iterator[tuple[Square, int]]:
        if sq != m.pos and sq not in occ and is_stop(sq):
            return
        for nxt, diag in board.neighbours[sq]:
            if closed and not diag and edge_key(sq, nxt) in closed:
                continue
            if nxt in own or board.section.get(nxt, -1) in own_sections or board.cost[nxt] == 0:
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


def _reference_field(board: Board, goals: tuple[Square, ...], limit: int) -> dict[Square, int]:
    """Multi-source Dijkstra over tuple squares, in square order (the earlier result)."""
    dist: dict[Square, int] = {}
    heap = sorted((0, g) for g in goals if g in board.walkable)
    while heap:
        d, sq = heapq.heappop(heap)
        if sq in dist:
            continue
        dist[sq] = d
        for nxt, cost, diag, _ in board.steps[sq]:
            if cost > 0 and nxt not in dist and d + cost + diag <= limit:
                heapq.heappush(heap, (d + cost + diag, nxt))
    return {sq: dist[sq] for sq in sorted(dist)}


def _reference_chest_spots(state: CrawlState) -> list[tuple[Square, int]]:
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    used = {board.section[c.pos] for c in state.chests if c.pos is not None}
    out = []
    for sec, places in enumerate(board.chest_places):
        if sec in used or _entrance_distance(state, board, sec) < 2:
            continue
        for sq, facing, fronts in places:
            if sq not in occ and any(f not in occ and (edge is None or edge not in closed)
                                     for f, edge in fronts):
                out.append((sq, facing))
    return out


def _reference_marker_squares(state: CrawlState) -> list[Square]:
    board = board_of(state)
    occ = occupancy(state)
    chest_secs = {board.section[c.pos] for c in state.chests if c.pos is not None}
    count: dict[int, int] = {}
    for m in state.markers:
        count[board.section[m.pos]] = count.get(board.section[m.pos], 0) + 1
    squares: list[Square] = []
    for sec, sqs in enumerate(board.section_squares):
        if _entrance_distance(state, board, sec) < 2:
            continue
        if not state.markers and sec not in chest_secs:
            continue
        if count.get(sec, 0) >= (2 if sec in chest_secs else 1):
            continue
        squares.extend(sq for sq in sqs if board.cost[sq] > 0 and sq not in occ)
    return sorted(squares)


def _same_reach(fast: Reach, ref: Reach) -> None:
    # Paths first: until the parent map is asked for, they follow the parent numbers.
    for sq in [*ref.parents, (0, 0), (-5, -5)]:
        assert fast.path(sq) == ref.path(sq)
    assert list(fast.costs.items()) == list(ref.costs.items())
    assert list(fast.parents.items()) == list(ref.parents.items())
    assert fast.stops == ref.stops and fast.start == ref.start
    # The move list sorts the destinations' square numbers instead of the squares.
    assert fast.sorted_destinations() == [sq for sq in sorted(ref.costs) if sq != ref.start]
    assert move_actions(fast) == [Action.make("move", to=sq) for sq in sorted(ref.costs)
                                  if sq != ref.start]


def _states(config: GameConfig, seed: int, heuristic: bool, steps: int) -> list[CrawlState]:
    """Returns copies of the states of a seeded game, one per decision."""
    state = RULES.new_game(config, seed)
    n = config.players
    bots: list[Any] = [CrawlHeuristicBot(seed=seed + i) if heuristic else
                       RandomBot(seed=seed + i) for i in range(n)]
    out = []
    for _ in range(steps):
        if state.over:
            break
        out.append(state.clone())
        seat = RULES.current_actor(state)
        assert seat is not None
        RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
    return out


GAMES = [
    (GameConfig.for_players(2), 3, True),
    (GameConfig.for_players(2), 4, False),
    (GameConfig.for_players(3, board="sunken_vault", hero_vs_hero=True), 5, False),
    (GameConfig.for_players(2, mode="team", board="twin_halls"), 6, True),
    (GameConfig.for_players(2, board="builder"), 7, False),
    (GameConfig.for_players(1), 8, False),
]


@pytest.mark.parametrize(("config", "seed", "heuristic"), GAMES)
def test_reach_maps_match_the_reference(config: GameConfig, seed: int, heuristic: bool) -> None:
    checked = 0
    for state in _states(config, seed, heuristic, 220)[::3]:
        if state.phase != "play":
            continue
        for f in state.figures:
            if f.where not in ("board", "outside"):
                continue
            for mp in (0, 3, 8, 12):
                _same_reach(movement._figure_reach(state, f, mp), _reference_reach(state, f, mp))
                checked += 1
        for m in state.markers:
            _same_reach(movement._marker_reach(state, m, 4), _reference_marker_reach(state, m, 4))
            # The cheap test agrees with the full map.
            can = bool(set(_reference_marker_reach(state, m, 4).costs) - {m.pos})
            quick = movement.marker_can_move(state, m)
            assert quick or not can
    assert checked > 40


def test_marker_can_move_matches_the_earlier_test() -> None:
    # The earlier marker_can_move: a direct step by the board's neighbour lists, else the map.
    for state in _states(GameConfig.for_players(2), 9, False, 400)[::2]:
        if state.phase != "play":
            continue
        board = board_of(state)
        occ = occupancy(state)
        closed = closed_door_edges(state)
        own_sections: set[int] = set()
        own: set[Square] = set()
        for h in heroes_of(state, state.current):
            if h.where == "board" and h.pos is not None:
                own_sections.add(board.section[h.pos])
                own.update(n for n, _ in board.neighbours[h.pos])
        for m in state.markers:
            expected = False
            for nxt, diag in board.neighbours[m.pos]:
                if closed and not diag and edge_key(m.pos, nxt) in closed:
                    continue
                if nxt in own or board.section.get(nxt, -1) in own_sections or nxt in occ:
                    continue
                if 0 < board.cost[nxt] + (1 if diag else 0) <= 4:
                    expected = True
                    break
            else:
                expected = bool(set(_reference_marker_reach(state, m, 4).costs) - {m.pos})
            assert movement.marker_can_move(state, m) == expected


def test_fields_match_the_reference() -> None:
    rng = random.Random(11)
    for board_id in ("crypt_hall", "sunken_vault", "twin_halls"):
        state = RULES.new_game(GameConfig.for_players(2, board=board_id), 1)
        board = board_of(state)
        squares = sorted(board.terrain)
        for _ in range(60):
            goals = tuple(rng.choice(squares) for _ in range(rng.choice((0, 1, 1, 2, 4, 10))))
            limit = rng.choice((0, 5, 20, 999))
            got = board.field(goals, limit)
            want = _reference_field(board, goals, limit)
            assert list(got.items()) == list(want.items()), (board_id, goals, limit)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup_spots_match_the_reference(seed: int) -> None:
    config = GameConfig.for_players(2, pieces=True) if seed == 3 else GameConfig.for_players(2)
    for state in _states(config, seed, False, 40):
        if state.pending is None and state.phase == "chests":
            assert chest_spots(state) == _reference_chest_spots(state)
        if state.pending is None and state.phase in ("chests", "markers"):
            assert marker_squares(state) == _reference_marker_squares(state)



def test_heroes_of_follows_the_figure_list() -> None:
    # heroes_of keeps its per-seat lists in the memo while the figure list stays the same
    # list of the same length; a new figure, a replaced list or a clone gets fresh lists.
    def plain(state: CrawlState, seat: int) -> list[Figure]:
        return [f for f in state.figures if f.hero and f.owner == seat]

    checked = 0
    for state in _states(GameConfig.for_players(3), 12, True, 150)[::5]:
        for seat in range(-1, 4):
            assert heroes_of(state, seat) == plain(state, seat)
            checked += 1
        got = heroes_of(state, 1)
        got.append(state.figures[0])  # callers own their list: the memo is untouched
        assert heroes_of(state, 1) == plain(state, 1)
        state.figures.append(Figure(9001, state.figures[0].did, True, owner=1))
        assert heroes_of(state, 1) == plain(state, 1) and heroes_of(state, 1)[-1].uid == 9001
        copy = state.clone()
        copy.figures = [f for f in copy.figures if f.uid != 9001]
        assert heroes_of(copy, 1) == plain(copy, 1)
    assert checked > 50


def _reference_pick_spawns(state: CrawlState, count: int, points: int) -> list[int]:
    """The earlier pick_spawns: figure definitions read on every pass."""
    from engine.rules.crawl.core import fdef
    pool = [f for f in state.figures if f.where == "pool" and not f.hero]
    chosen: list[int] = []
    budget = points
    for i in range(count):
        left = [f for f in pool if f.uid not in chosen]
        if not left:
            break
        values = sorted(fdef(f).points for f in left)
        rest = count - i - 1
        reserve = sum(values[:rest]) if rest <= len(values) - 1 else 0
        cap = budget - reserve
        fit = [f for f in left if fdef(f).points <= cap] or \
            [f for f in left if fdef(f).points <= budget]
        if not fit:
            break
        best = max(fit, key=lambda f: (fdef(f).points, -f.uid))
        chosen.append(best.uid)
        budget -= fdef(best).points
    return chosen


def _reference_breakdown(state: CrawlState, f: Figure, path: list[Square]) -> Any:
    """The earlier move_breakdown: the whole occupancy map, terms summed at the end."""
    from engine.core.actions import Breakdown, Message, Term
    board = board_of(state)
    t = traits(state, f)
    occ = occupancy(state)
    terms: list[Term] = []
    if f.where == "outside" and path:
        terms.append(Term(Message("crawl.term.entrance", {"at": list(path[0])}),
                          board.cost[path[0]]))
    for i in range(1, len(path)):
        prev, sq = path[i - 1], path[i]
        if sq in occ and i < len(path) - 1:
            terms.append(Term(Message("crawl.term.pass", {"at": list(sq)}), t.pass_cost))
            continue
        cost = board.cost[sq] or 1
        if t.terrain_walker and cost > 1:
            cost = 1
        terms.append(Term(Message("crawl.term.terrain." + board.terrain[sq], {"at": list(sq)}),
                          cost))
        if prev[0] != sq[0] and prev[1] != sq[1]:
            terms.append(Term(Message("crawl.term.diagonal"), 1))
    return Breakdown(Message("crawl.bd.move"), sum(int(x.value) for x in terms), tuple(terms))


def _reference_free_turns(state: CrawlState, mover: Figure, events: list[Any]) -> None:
    """The earlier free_turns: is_enemy and distance called for every figure."""
    from engine.core.actions import Event
    from engine.core.squaregrid import facing_towards
    from engine.rules.crawl.core import distance, is_enemy
    if mover.where != "board" or mover.pos is None:
        return
    for g in state.figures:
        if g.where != "board" or g.pos is None or g.uid == mover.uid:
            continue
        if not is_enemy(state, g, mover) or distance(g.pos, mover.pos) != 1:
            continue
        front = set(front_squares(state, g))
        if any(h.pos in front for h in state.figures if h.where == "board"
               and is_enemy(state, g, h)):
            continue
        g.facing = facing_towards(g.pos, mover.pos)
        events.append(Event("crawl.event.free_turn", {"figure": g.uid, "facing": g.facing}))


def _reference_name_events(state: CrawlState, events: list[Any], before: list[Marker]) -> None:
    """The earlier naming: every event through add_names with the merged marker ranks."""
    from engine.rules.crawl import names
    merged = {**{m.uid: m.rank for m in before}, **names.marker_ranks(state)}
    for e in events:
        names.add_names(state, e.params, merged)


@pytest.mark.parametrize(("config", "seed", "heuristic"), GAMES)
def test_apply_shortcuts_match_the_plain_versions(config: GameConfig, seed: int,
                                                  heuristic: bool) -> None:
    # pick_spawns, move_breakdown, free_turns and event naming against the earlier code.
    from engine.rules.crawl import names, rules
    from engine.rules.crawl.movement import figure_reach
    states = _states(config, seed, heuristic, 160)
    checked = 0
    for state in states:
        for count, points in ((1, 3), (2, 5), (3, 9), (4, 20), (2, 1)):
            assert rules.pick_spawns(state, count, points) == _reference_pick_spawns(
                state, count, points)
        if state.active >= 0 and state.pending is None:
            f = state.fig(state.active)
            reach = figure_reach(state, f, state.mp)
            for to in sorted(reach.costs)[:12]:
                path = reach.path(to)
                assert rules.move_breakdown(state, f, path) == _reference_breakdown(
                    state, f, path)
                checked += 1
        for mover in state.figures:
            fast, plain = state.clone(), state.clone()
            got: list[Any] = []
            want: list[Any] = []
            rules.free_turns(fast, fast.fig(mover.uid), got)
            _reference_free_turns(plain, plain.fig(mover.uid), want)
            assert [e.to_json() for e in got] == [e.to_json() for e in want]
            assert [g.facing for g in fast.figures] == [g.facing for g in plain.figures]
    for before in states:
        # Several legal actions of each step, their events named both ways.
        for action in RULES.legal_actions(before)[:6]:
            a, b = before.clone(), before.clone()
            markers_a, markers_b = list(a.markers), list(b.markers)
            original = names.name_events
            try:
                names.name_events = lambda *args: None  # type: ignore[assignment]
                events_a = RULES.do_apply(a, action)
                events_b = RULES.do_apply(b, action)
            finally:
                names.name_events = original  # type: ignore[assignment]
            names.name_events(a, events_a, markers_a)
            _reference_name_events(b, events_b, markers_b)
            # Parameters in order: the names must follow the same keys in the same order.
            assert [(e.key, list(e.params.items())) for e in events_a] == [
                (e.key, list(e.params.items())) for e in events_b]
    assert checked > 0


def test_fig_follows_the_figure_list() -> None:
    # state.fig keeps a uid map while the figure list is the same list of the same length; a
    # new figure, a replaced list or a clone gets a fresh map (the first of a uid wins).
    def plain(state: CrawlState, uid: int) -> Figure | None:
        return next((f for f in state.figures if f.uid == uid), None)

    for state in _states(GameConfig.for_players(2), 13, True, 120)[::6]:
        for f in state.figures:
            assert state.fig(f.uid) is plain(state, f.uid)
        assert state.figures_by_uid() == {f.uid: plain(state, f.uid) for f in state.figures}
        with pytest.raises(KeyError):
            state.fig(9002)
        state.figures.append(Figure(9002, state.figures[0].did, True, owner=1))
        assert state.fig(9002) is state.figures[-1]
        copy = state.clone()
        assert copy.fig(9002) is copy.figures[-1] and copy.fig(9002) is not state.fig(9002)
        copy.figures = [f for f in copy.figures if f.uid != 9002]
        with pytest.raises(KeyError):
            copy.fig(9002)
        first = state.figures[0]
        state.figures = [Figure(first.uid, first.did, first.hero), *state.figures]
        assert state.fig(first.uid) is state.figures[0]


def test_grown_fields_match_the_reference() -> None:
    # Board.grown_field (the bots' fields) searches only as far as the squares asked for and
    # resumes there: asked in any order, with rows shared between goal sets and grown part way
    # by other fields, every square gets the reference distance (NO_WAY, or get's default,
    # out of reach).
    rng = random.Random(23)
    for board_id in ("crypt_hall", "sunken_vault", "twin_halls"):
        base = board_of(RULES.new_game(GameConfig.for_players(2, board=board_id), 1))
        walk = sorted(base.walkable)
        marks = [[x, y, rng.choice(("water", "difficult"))] for x, y in rng.sample(walk, 12)]
        for board in (base, derived_board(base, {"marks": marks})):
            squares = sorted(board.terrain) + [(-1, 0), (board.width, 3)]
            for _ in range(60):
                goals: list[Square] = []
                for _ in range(rng.choice((0, 1, 2, 3))):
                    x, y = rng.choice(walk)
                    goals.extend(sq for sq in ((x - 1, y), (x, y), (x + 1, y))
                                 if rng.random() < 0.8)
                if rng.random() < 0.3:
                    goals.extend(rng.choice(squares) for _ in range(rng.choice((1, 9))))
                key = tuple(sorted(set(goals)))
                limit = rng.choice((0, 5, 20, 999, 999))
                got = board.grown_field(key, limit)
                want = _reference_field(board, key, limit)
                for sq in rng.sample(squares, rng.choice((3, 30, len(squares)))):
                    assert got[sq] == want.get(sq, NO_WAY), (board_id, key, limit, sq)
                    assert got.get(sq, -1) == want.get(sq, -1)
                assert board.grown_field(key, limit) is got


def test_searches_without_detour_steps_keep_every_distance() -> None:
    # The distance searches skip diagonal steps that two orthogonal steps through a cost-1
    # square replace at the same cost: from every square, the distances over all steps.
    rng = random.Random(5)
    for board_id in ("crypt_hall", "twin_halls"):
        base = board_of(RULES.new_game(GameConfig.for_players(2, board=board_id), 1))
        walk = sorted(base.walkable)
        marks = [[x, y, rng.choice(("water", "difficult"))] for x, y in rng.sample(walk, 20)]
        for board in (base, derived_board(base, {"marks": marks})):
            _, squares, adj = board.index_adj()
            fewer = board._search_adj()
            assert sum(map(len, fewer)) < sum(map(len, adj))
            for i in range(len(squares)):
                limit = rng.choice((3, 999))
                want = _Search(adj, [i], limit).finish()
                assert _Search(fewer, [i], limit).finish() == want
                assert want[0][i] == 0


def test_listing_shortcuts_match_the_plain_versions() -> None:
    # Games played on one state (its memo carried along): memoized reach maps, front arcs,
    # breaking away, values and the activation list's near-figure shortcuts against plain
    # versions of them.
    from itertools import combinations

    from engine.core.squaregrid import arc_squares
    from engine.rules.crawl.core import (
        _traits,
        arc_width,
        fdef,
        is_demoralized,
        item_keys,
        touching,
        value,
        value_terms,
    )
    from engine.rules.crawl.rules import (
        ATTACK_MP,
        BREAK_MP,
        activation_actions,
        ranged_targets,
    )

    checked = 0
    for config, seed, heuristic in GAMES:
        state = RULES.new_game(config, seed)
        bots: list[Any] = [CrawlHeuristicBot(seed=seed + i) if heuristic else
                           RandomBot(seed=seed + i) for i in range(config.players)]
        for _ in range(260):
            if state.over:
                break
            if state.phase == "play":
                for f in state.figures:
                    if f.where != "board" or f.pos is None:
                        continue
                    assert front_squares(state, f) == [
                        sq for sq in arc_squares(f.pos, f.facing, arc_width(f))
                        if touching(state, f.pos, sq)]
                    assert movement.must_break_away(state, f) == movement.enemy_arcs(
                        state, f).get(f.pos, [])
                    for stat in ("move", "attack", "defence", "damage"):
                        assert value(state, f, stat) == sum(
                            v for _, v in value_terms(state, f, stat, "melee"))
                    assert traits(state, f) == _traits(f.did, f.hero, f.click,
                                                       item_keys(state, f))
                if state.active >= 0 and state.pending is None:
                    f = state.fig(state.active)
                    if f.where in ("board", "outside") and state.mp > 0:
                        _same_reach(movement.figure_reach(state, f, state.mp),
                                    movement._figure_reach(state, f, state.mp))
                    listed = activation_actions(state)
                    if f.where == "board" and f.pos is not None and state.mode != "solitaire":
                        melee: list[int] = []
                        shots: list[tuple[int, ...]] = []
                        if state.mp >= ATTACK_MP and not is_demoralized(f):
                            front = set(front_squares(state, f))
                            melee = [g.uid for g in state.figures if g.where == "board"
                                     and g.pos in front and may_attack(state, f, g)]
                            uids = sorted(g.uid for g in ranged_targets(state, f))
                            shots = [c for k in range(1, min(fdef(f).targets, len(uids)) + 1)
                                     for c in combinations(uids, k)]
                        assert [a["target"] for a in listed if a.kind == "attack"] == melee
                        assert [a["targets"] for a in listed if a.kind == "shoot"] == shots
                        breaks = state.mp >= BREAK_MP + 1 and bool(
                            movement.enemy_arcs(state, f).get(f.pos, []))
                        assert (Action.make("break_away") in listed) == breaks
                        checked += 1
            seat = RULES.current_actor(state)
            assert seat is not None
            RULES.do_apply(state, bots[seat].choose(RULES, state, seat))
    assert checked > 100
