"""Tests for engine.core.squaregrid: facings, arcs (seed 004), walls and line of fire."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from engine.core import squaregrid as sg
from engine.core.rng import Rng
from engine.core.squaregrid import NE, NW, SE, SW, E, N, S, W, Walls


def test_facing_names_and_turns() -> None:
    assert [sg.facing_name(f) for f in range(8)] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert sg.facing_from_name("sw") == SW
    assert sg.turn(N, -1) == NW
    assert sg.turn(W, 3) == NE
    assert sg.opposite(NE) == SW
    with pytest.raises(ValueError):
        sg.facing_from_name("up")


def test_facing_towards() -> None:
    origin = (5, 5)
    for facing, (dx, dy) in enumerate(sg.DIRECTIONS):
        assert sg.facing_towards(origin, (5 + dx, 5 + dy)) == facing
        assert sg.facing_towards(origin, (5 + 4 * dx, 5 + 4 * dy)) == facing
    assert sg.facing_towards(origin, (7, 6)) == SE  # 26.6° below east: nearer SE (45°) than E
    assert sg.facing_towards(origin, (8, 6)) == E  # 18.4° below east
    assert sg.facing_towards(origin, (8, 3)) == NE  # 33.7° above east
    assert sg.facing_towards(origin, (6, 7)) == SE  # 63.4°: nearer SE
    assert sg.facing_towards(origin, (6, 8)) == S  # 71.6°: nearer S
    with pytest.raises(ValueError):
        sg.facing_towards(origin, origin)


def test_neighbours_and_distances() -> None:
    assert sg.neighbours4((2, 2)) == [(2, 1), (3, 2), (2, 3), (1, 2)]
    assert sg.neighbours8((0, 0))[1] == (1, -1)
    assert sg.chebyshev((0, 0), (3, -2)) == 3
    assert sg.manhattan((0, 0), (3, -2)) == 5
    assert sg.is_adjacent((0, 0), (1, 1)) and not sg.is_adjacent((0, 0), (0, 0))
    assert sg.is_diagonal((1, 1), (0, 2)) and not sg.is_diagonal((1, 1), (1, 2))
    assert len(sg.squares_within((3, 3), 2)) == 25
    assert sg.in_bounds((29, 19), 30, 20) and not sg.in_bounds((30, 0), 30, 20)
    assert sg.step((1, 1), SE, 2) == (3, 3)


def test_standard_extended_superior_and_rear_arcs() -> None:
    # seed 004, "Nahkampf": 3 squares ahead; 180°: 5 squares; 270°: 7 squares; rear: 3 behind.
    pos = (5, 5)
    assert sg.arc_squares(pos, N, 3) == [(4, 4), (5, 4), (6, 4)]
    assert sg.arc_squares(pos, N, 5) == [(4, 5), (4, 4), (5, 4), (6, 4), (6, 5)]
    assert sg.arc_squares(pos, N, 7) == [(4, 6), (4, 5), (4, 4), (5, 4), (6, 4), (6, 5), (6, 6)]
    assert sg.rear_arc_squares(pos, N) == [(6, 6), (5, 6), (4, 6)]
    # The "red" squares: in both the superior arc and the rear arc.
    overlap = set(sg.arc_squares(pos, N, 7)) & set(sg.rear_arc_squares(pos, N))
    assert overlap == {(4, 6), (6, 6)}
    assert sg.arc_squares(pos, NE, 3) == [(5, 4), (6, 4), (6, 5)]
    assert sg.arc_squares(pos, S, 1) == [(5, 6)]
    with pytest.raises(ValueError):
        sg.arc_squares(pos, N, 4)


def test_in_arc_agrees_with_arc_squares_on_neighbours() -> None:
    pos = (3, 3)
    for facing in range(8):
        for width in sg.ARC_WIDTHS:
            arc = set(sg.arc_squares(pos, facing, width))
            for sq in sg.neighbours8(pos):
                assert sg.in_arc(pos, facing, width, sq) == (sq in arc), (facing, width, sq)
            rear = set(sg.rear_arc_squares(pos, facing))
            for sq in sg.neighbours8(pos):
                assert sg.in_rear_arc(pos, facing, sq) == (sq in rear)
            assert not sg.in_arc(pos, facing, width, pos)


def test_in_arc_for_distant_squares() -> None:
    pos = (5, 5)
    assert sg.in_arc(pos, N, 3, (7, 3))  # on the 45° edge
    assert not sg.in_arc(pos, N, 3, (8, 3))
    assert sg.in_arc(pos, N, 3, (5, 0))
    assert sg.in_arc(pos, N, 5, (9, 5))  # straight to the side: edge of 180°
    assert not sg.in_arc(pos, N, 5, (9, 6))
    assert not sg.in_arc(pos, N, 7, (6, 8))  # strictly behind
    assert sg.in_arc(pos, N, 7, (8, 8))  # on the 270° edge
    assert sg.in_arc(pos, N, 1, (5, 1)) and not sg.in_arc(pos, N, 1, (6, 1))
    assert sg.in_arc(pos, NE, 3, (9, 5)) and sg.in_arc(pos, NE, 3, (5, 0))
    assert not sg.in_arc(pos, NE, 3, (9, 6))
    assert sg.in_rear_arc(pos, N, (5, 9)) and not sg.in_rear_arc(pos, N, (9, 6))


def test_arcs_grow_with_width_and_turn_with_the_board() -> None:
    rng = Rng(5)
    for _ in range(500):
        pos = (rng.randint(-5, 5), rng.randint(-5, 5))
        target = (rng.randint(-9, 9), rng.randint(-9, 9))
        facing = rng.below(8)
        flags = [sg.in_arc(pos, facing, w, target) for w in sg.ARC_WIDTHS]
        assert flags == sorted(flags)  # False...True: wider arcs contain narrower ones
        # Quarter turn clockwise on screen (y down): (x, y) -> (-y, x) maps facing f to f + 2.
        rot_pos = (-pos[1], pos[0])
        rot_target = (-target[1], target[0])
        for w in sg.ARC_WIDTHS:
            assert sg.in_arc(rot_pos, facing + 2, w, rot_target) == sg.in_arc(
                pos, facing, w, target
            )
        if target != pos:
            # The 180° arc and the 180° arc facing the other way cover everything.
            assert sg.in_arc(pos, facing, 5, target) or sg.in_arc(pos, facing + 4, 5, target)


def test_edge_keys_are_canonical() -> None:
    assert sg.edge_key((2, 3), (3, 3)) == sg.edge_key((3, 3), (2, 3)) == (2, 3, 0)
    assert sg.edge_key((2, 3), (2, 2)) == (2, 2, 1)
    assert sg.edge_squares((2, 2, 1)) == ((2, 2), (2, 3))
    with pytest.raises(ValueError):
        sg.edge_key((0, 0), (1, 1))


def test_walls_round_trip_and_outline() -> None:
    walls = Walls()
    walls.add((1, 1), (1, 2))
    walls.add((0, 0), (1, 0))
    assert walls.between((1, 2), (1, 1))
    data = json.loads(json.dumps(walls.to_list()))
    assert data == [[0, 0, 0], [1, 1, 1]]
    assert Walls.from_list(data) == walls
    twin = walls.clone()
    twin.discard((1, 1), (1, 2))
    assert walls.between((1, 1), (1, 2)) and not twin.between((1, 1), (1, 2))
    room = Walls()
    room.add_outline(0, 0, 3, 5)  # a corridor section of 3 x 5 squares
    assert len(room) == 2 * 3 + 2 * 5
    assert room.between((0, 0), (-1, 0)) and room.between((2, 4), (2, 5))
    assert not room.between((0, 0), (1, 0))


def test_line_squares_exact() -> None:
    assert sg.line_squares((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert sg.line_squares((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]
    assert sg.line_squares((0, 0), (2, 1)) == [(0, 0), (1, 0), (1, 1), (2, 1)]
    assert sg.line_squares((0, 0), (0, -2)) == [(0, 0), (0, -1), (0, -2)]
    assert sg.line_squares((4, 4), (4, 4)) == [(4, 4)]
    assert [kind for kind, _, _ in sg.line_steps((0, 0), (2, 1))] == ["x", "y", "x"]


def _segment_enters(a: sg.Square, b: sg.Square, sq: sg.Square) -> bool:
    """Returns, by exact clipping, whether the centre segment a->b meets sq's open interior."""
    lo, hi = Fraction(0), Fraction(1)
    for axis in (0, 1):
        start = Fraction(2 * a[axis] + 1, 2)
        delta = b[axis] - a[axis]
        low, high = sq[axis], sq[axis] + 1
        if delta == 0:
            if not low < start < high:
                return False
            continue
        t1, t2 = (low - start) / delta, (high - start) / delta
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo < hi


def test_line_squares_match_exact_clipping() -> None:
    rng = Rng(31)
    for _ in range(300):
        a = (rng.randint(0, 9), rng.randint(0, 9))
        b = (rng.randint(0, 9), rng.randint(0, 9))
        expected = {(x, y) for x in range(10) for y in range(10) if _segment_enters(a, b, (x, y))}
        squares = sg.line_squares(a, b)
        assert set(squares) == expected | {a}
        assert squares[0] == a and squares[-1] == b
        assert sg.line_squares(b, a) == squares[::-1]
        assert all(sg.is_adjacent(p, q) for p, q in zip(squares, squares[1:], strict=False))


def test_line_of_fire_blocked_by_squares_but_not_by_its_ends() -> None:
    assert sg.has_line_of_fire((0, 0), (4, 0))
    assert not sg.has_line_of_fire((0, 0), (4, 0), {(2, 0)})
    assert sg.has_line_of_fire((0, 0), (4, 0), {(0, 0), (4, 0)})
    assert sg.has_line_of_fire((0, 0), (4, 0), {(2, 1)})
    assert not sg.has_line_of_fire((0, 0), (4, 2), {(1, 0)})  # passes through (1, 0)


def test_line_of_fire_through_corners() -> None:
    one_pillar = {(1, 0)}
    two_pillars = {(1, 0), (0, 1)}
    assert sg.has_line_of_fire((0, 0), (2, 2), one_pillar)
    assert not sg.has_line_of_fire((0, 0), (2, 2), one_pillar, strict_corners=True)
    assert not sg.has_line_of_fire((0, 0), (2, 2), two_pillars)
    assert sg.corner_blocked((0, 0), (1, 1), two_pillars)
    assert not sg.corner_blocked((0, 0), (1, 1), one_pillar)
    walls = Walls()
    walls.add((0, 0), (1, 0))  # one wall touching the corner the line passes through
    assert sg.has_line_of_fire((0, 0), (2, 2), walls=walls)
    walls.add((1, 1), (0, 1))  # closes the other side route too
    assert not sg.has_line_of_fire((0, 0), (2, 2), walls=walls)


def test_line_of_fire_blocked_by_walls_on_crossed_edges() -> None:
    walls = Walls()
    walls.add((2, 0), (3, 0))
    assert not sg.has_line_of_fire((0, 0), (5, 0), walls=walls)
    assert sg.has_line_of_fire((0, 1), (5, 1), walls=walls)
    assert not sg.has_line_of_fire((5, 0), (0, 0), walls=walls)
    walls = Walls()
    walls.add((0, 2), (0, 3))
    assert not sg.has_line_of_fire((0, 0), (0, 4), walls=walls)


def test_step_blocked() -> None:
    walls = Walls()
    walls.add((0, 0), (1, 0))
    assert sg.step_blocked((0, 0), (1, 0), walls=walls)
    assert not sg.step_blocked((0, 0), (0, 1), walls=walls)
    assert not sg.step_blocked((0, 0), (1, 1), walls=walls)
    assert sg.step_blocked((0, 0), (1, 1), walls=walls, strict_corners=True)
    with pytest.raises(ValueError):
        sg.step_blocked((0, 0), (2, 0))


def _reference_line_of_fire(
    a: sg.Square, b: sg.Square, blocking: set[sg.Square], walls: Walls, strict: bool
) -> bool:
    """Returns line of fire computed the slow way from line_steps and the public helpers."""
    for kind, cur, nxt in sg.line_steps(a, b):
        if kind == "corner":
            if sg.corner_blocked(cur, nxt, blocking, walls, strict=strict):
                return False
        elif walls.between(cur, nxt):
            return False
        if nxt != b and nxt in blocking:
            return False
    return True


def test_fast_line_of_fire_matches_reference_on_random_boards() -> None:
    rng = Rng(99)
    for _ in range(60):
        blocking = {(rng.randint(0, 11), rng.randint(0, 7)) for _ in range(12)}
        walls = Walls()
        for _ in range(15):
            x, y = rng.randint(0, 10), rng.randint(0, 6)
            walls.add((x, y), (x + 1, y) if rng.below(2) else (x, y + 1))
        for _ in range(30):
            a = (rng.randint(0, 11), rng.randint(0, 7))
            b = (rng.randint(0, 11), rng.randint(0, 7))
            for strict in (False, True):
                assert sg.has_line_of_fire(
                    a, b, blocking, walls, strict_corners=strict
                ) == _reference_line_of_fire(a, b, blocking, walls, strict)
            assert sg.has_line_of_fire(a, b, blocking, walls) == sg.has_line_of_fire(
                b, a, blocking, walls
            )


def test_numbered_board_tables() -> None:
    board = sg.Board(4, 5)  # seed 002's combat board: four columns, five rows
    assert board.size == 20 and board.index((3, 1)) == 7 and board.square(7) == (3, 1)
    assert (board.row(7), board.col(7)) == (1, 3)
    assert board.neighbours[5] == (1, 4, 6, 9)  # N, W, E, S: ascending numbers
    assert board.neighbours[0] == (1, 4) and board.neighbours[19] == (15, 18)
    assert board.adjacent[5] == {1, 4, 6, 9}
    assert board.distance(0, 19) == 7 == sg.manhattan(board.square(0), board.square(19))
    with pytest.raises(ValueError):
        board.index((4, 0))
    with pytest.raises(ValueError):
        sg.Board(0, 3)


def _reference_reach(board: sg.Board, start: int, steps: int, free: list[bool],
                     through: set[int]) -> dict[int, int]:
    """Returns reach computed by the core's Dijkstra over the same moves."""
    from engine.core.pathing import cost_map

    def moves(sq: int) -> list[tuple[int, int]]:
        return [(n, 1) for n in board.neighbours[sq] if free[n] or n in through]

    found = cost_map(start, moves, steps)
    return {sq: int(c) for sq, c in found.costs.items() if c > 0 and free[sq]}


def test_board_searches_match_dijkstra_on_random_boards() -> None:
    rng = Rng(5)
    board = sg.Board(4, 5)
    for _ in range(300):
        free = [rng.below(3) > 0 for _ in range(board.size)]
        start = rng.below(board.size)
        through = {sq for sq in range(board.size) if not free[sq] and rng.below(4) == 0}
        steps = rng.randint(0, 4)
        want = _reference_reach(board, start, steps, free, through)
        assert board.reach(start, steps, free, through) == want
        goal = rng.below(board.size)
        far = _reference_reach(board, start, 99, free, through)
        ends = [d for sq, d in far.items() if sq in board.adjacent[goal]]
        expected = 0 if goal in board.adjacent[start] else min(ends, default=None)
        assert board.moves_next_to(start, goal, free, through) == expected
        # passing over everything: only the end square must be free
        over = board.reach(start, steps, free, over=True)
        assert over == {sq: board.distance(start, sq) for sq in range(board.size)
                        if free[sq] and 0 < board.distance(start, sq) <= steps}
        ends = [board.distance(start, n) for n in board.neighbours[goal] if free[n]]
        expected = 0 if goal in board.adjacent[start] else min(ends, default=None)
        assert board.moves_next_to(start, goal, free, over=True) == expected


def test_board_reach_passes_through_but_never_stops_on_a_gate() -> None:
    # seed 002, "Belagerungskampf": the defender passes its gate but may not stop on it
    board = sg.Board(4, 5)
    free = [True] * 20
    for sq in (8, 9, 10, 11):  # the middle row: walls and the gate at 9
        free[sq] = False
    assert 5 not in board.reach(13, 3, free)
    got = board.reach(13, 3, free, through={9})
    assert got[5] == 2 and 9 not in got
    assert board.moves_next_to(13, 1, free, {9}) == 2 and board.moves_next_to(13, 1, free) is None
