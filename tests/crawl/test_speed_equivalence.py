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
from engine.rules.crawl.board import Board
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
from engine.rules.crawl.movement import HALTING, Reach
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
