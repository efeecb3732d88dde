"""Tests for engine.core.pathing: cost maps, paths, A*, nearest goals, tie-breaking."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

import pytest

from engine.core import hexgrid as hg
from engine.core import pathing
from engine.core import squaregrid as sg
from engine.core.rng import Rng

Sq = tuple[int, int]
Moves = Callable[[Sq], Iterator[tuple[Sq, int]]]


def grid4(width: int, height: int, walls: set[Sq] | None = None) -> Moves:
    """Returns a unit-cost 4-neighbour function on a width x height board minus walls."""
    blocked = walls or set()

    def neighbours(pos: Sq) -> Iterator[tuple[Sq, int]]:
        for n in sg.neighbours4(pos):
            if sg.in_bounds(n, width, height) and n not in blocked:
                yield n, 1

    return neighbours


def test_cost_map_with_budget_and_settling_order() -> None:
    found = pathing.cost_map((0, 0), grid4(5, 5), budget=2)
    assert found.nodes() == [(0, 0), (0, 1), (1, 0), (0, 2), (1, 1), (2, 0)]
    assert found.cost((1, 1)) == 2
    assert found.cost((3, 0)) is None
    assert (2, 0) in found and len(found) == 6
    assert found.path((9, 9)) is None


def test_equal_cost_paths_keep_the_first_found_parent() -> None:
    # (0, 1) settles before (1, 0) (smaller tuple), so it becomes the parent of (1, 1).
    found = pathing.cost_map((0, 0), grid4(3, 3))
    assert found.path((1, 1)) == [(0, 0), (0, 1), (1, 1)]
    assert found.path((0, 0)) == [(0, 0)]


def seed004_moves(terrain: dict[Sq, int], walls: sg.Walls, size: int) -> Moves:
    """Returns seed 004 movement: entering costs the square's number, diagonals +1, no X squares."""

    def neighbours(pos: Sq) -> Iterator[tuple[Sq, int]]:
        for n in sg.neighbours8(pos):
            if not sg.in_bounds(n, size, size) or terrain.get(n) == 0:
                continue
            if sg.step_blocked(pos, n, walls=walls, strict_corners=True):
                continue
            cost = terrain.get(n, 1)
            # seed 004, "Bewegung": a diagonal step costs 1 extra movement point.
            yield n, cost + (1 if sg.is_diagonal(pos, n) else 0)

    return neighbours


def test_seed004_style_movement_costs() -> None:
    walls = sg.Walls()
    for y in range(0, 4):
        walls.add((1, y), (2, y))  # a wall east of column 1, open only at row 4
    terrain = {(0, 1): 2, (3, 3): 0}  # difficult square and a blocking (X) square
    moves = seed004_moves(terrain, walls, 5)
    found = pathing.cost_map((0, 0), moves)
    assert found.cost((0, 1)) == 2
    assert found.cost((1, 1)) == 2  # diagonal into open ground
    assert found.cost((3, 3)) is None
    # The wall east of column 1 spans rows 0..3, so the path must pass through row 4.
    best = pathing.shortest_path((0, 0), (2, 0), moves)
    assert best is not None
    cost, path = best
    assert path[0] == (0, 0) and path[-1] == (2, 0)
    assert cost == found.cost((2, 0))
    assert all(not sg.step_blocked(p, q, walls=walls) for p, q in zip(path, path[1:], strict=False))
    assert any(q[1] == 4 for q in path)  # it had to go round through row 4


def test_dijkstra_matches_bfs_on_unit_grids() -> None:
    rng = Rng(17)
    for _ in range(30):
        walls = {(rng.randint(0, 9), rng.randint(0, 9)) for _ in range(25)} - {(0, 0)}
        moves = grid4(10, 10, walls)
        dist = {(0, 0): 0}
        queue = deque([(0, 0)])
        while queue:
            cur = queue.popleft()
            for n, _ in moves(cur):
                if n not in dist:
                    dist[n] = dist[cur] + 1
                    queue.append(n)
        found = pathing.cost_map((0, 0), moves)
        assert found.costs == {k: dist[k] for k in found.costs} and len(found) == len(dist)
        for goal in list(dist)[::7]:
            path = found.path(goal)
            assert path is not None and len(path) == dist[goal] + 1


def test_astar_equals_dijkstra_on_weighted_grids() -> None:
    rng = Rng(23)
    for _ in range(25):
        weights = {(x, y): 1 + rng.below(4) for x in range(8) for y in range(8)}

        def moves(pos: Sq, weights: dict[Sq, int] = weights) -> Iterator[tuple[Sq, int]]:
            for n in sg.neighbours4(pos):
                if n in weights:
                    yield n, weights[n]

        goal = (rng.randint(0, 7), rng.randint(0, 7))

        def to_goal(node: Sq, goal: Sq = goal) -> float:
            return sg.manhattan(node, goal)

        found = pathing.cost_map((0, 0), moves)
        result = pathing.shortest_path((0, 0), goal, moves, heuristic=to_goal)
        assert result is not None
        cost, path = result
        assert cost == found.cost(goal)
        assert sum(weights[n] for n in path[1:]) == cost
        assert pathing.shortest_path((0, 0), goal, moves) == pathing.shortest_path(
            (0, 0), goal, moves
        )


def test_shortest_path_none_and_budget() -> None:
    moves = grid4(3, 3, {(1, 0), (1, 1), (1, 2)})
    assert pathing.shortest_path((0, 0), (2, 2), moves) is None
    assert pathing.shortest_path((0, 0), (0, 2), grid4(3, 3), budget=1) is None
    assert pathing.shortest_path((0, 0), (0, 2), grid4(3, 3), budget=2) == (
        2,
        [(0, 0), (0, 1), (0, 2)],
    )


def test_multi_source_and_nearest() -> None:
    found = pathing.cost_map_multi([((0, 0), 0), ((4, 0), 1)], grid4(5, 1))
    assert [found.cost((x, 0)) for x in range(5)] == [0, 1, 2, 2, 1]
    assert found.path((3, 0)) == [(4, 0), (3, 0)]
    heroes = {(4, 4), (0, 3)}
    hit = pathing.nearest((0, 0), grid4(5, 5), lambda n: n in heroes)
    assert hit == (3, [(0, 0), (0, 1), (0, 2), (0, 3)])
    assert pathing.nearest((0, 0), grid4(5, 5), lambda n: n == (9, 9)) is None


def test_hex_movement_and_state_nodes() -> None:
    # Nodes may carry more than a position: (hex, moves_left_flag) style tuples sort fine.
    def moves(node: tuple[hg.Hex, int]) -> Iterator[tuple[tuple[hg.Hex, int], int]]:
        h, turned = node
        for n in hg.neighbours(h):
            if hg.distance((0, 0), n) <= 3:
                yield (n, turned), 1
        if not turned:
            yield (h, 1), 0

    found = pathing.cost_map(((0, 0), 0), moves, budget=2)
    assert found.cost(((0, 0), 1)) == 0
    assert found.cost(((2, 0), 0)) == 2
    reached = {h for h, _ in found.nodes()}
    assert reached == set(hg.hexes_within((0, 0), 2))


def test_negative_costs_are_rejected() -> None:
    with pytest.raises(ValueError):
        pathing.cost_map(0, lambda n: [(n + 1, -1)])
    with pytest.raises(ValueError):
        pathing.shortest_path(0, 3, lambda n: [(n + 1, -1)])
