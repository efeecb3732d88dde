"""Tests for engine.core.hexgrid: axial math, rings, pixels, edges and 7-hex tiles."""

from __future__ import annotations

import json
from math import isclose, sqrt

import pytest

from engine.core import hexgrid as hg
from engine.core.rng import Rng


def test_neighbours_and_distance() -> None:
    assert hg.neighbours((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert hg.distance((0, 0), (2, 1)) == 3
    assert hg.distance((0, 0), (3, -3)) == 3
    assert hg.distance((1, 1), (1, 1)) == 0
    assert hg.distance((-2, 0), (2, -1)) == 4
    assert hg.direction_between((2, 2), (2, 3)) == 5
    assert hg.is_adjacent((0, 0), (-1, 1)) and not hg.is_adjacent((0, 0), (1, 1))
    with pytest.raises(ValueError):
        hg.direction_between((0, 0), (2, 0))


def test_rotation_is_clockwise_on_screen() -> None:
    assert hg.rotate((1, 0), 1) == (0, 1)  # east -> south-east
    assert [hg.rotate((1, 0), k) for k in range(6)] == [hg.DIRECTIONS[(-k) % 6] for k in range(6)]
    assert hg.rotate((3, -1), 6) == (3, -1)
    assert hg.rotate((3, 2), 3, centre=(2, 2)) == (1, 2)
    rng = Rng(8)
    for _ in range(200):
        a = (rng.randint(-6, 6), rng.randint(-6, 6))
        b = (rng.randint(-6, 6), rng.randint(-6, 6))
        c = (rng.randint(-3, 3), rng.randint(-3, 3))
        k = rng.below(6)
        assert hg.distance(hg.rotate(a, k, c), hg.rotate(b, k, c)) == hg.distance(a, b)
        assert hg.rotate(hg.rotate(a, k, c), -k, c) == a


def test_rings_and_spirals() -> None:
    assert hg.ring((2, -1), 1) == hg.neighbours((2, -1))
    assert hg.ring((0, 0), 0) == [(0, 0)]
    ring2 = hg.ring((1, 1), 2)
    assert len(ring2) == 12 and len(set(ring2)) == 12
    assert all(hg.distance((1, 1), h) == 2 for h in ring2)
    assert ring2[0] == (3, 1)
    assert all(hg.is_adjacent(p, q) for p, q in zip(ring2, ring2[1:] + ring2[:1], strict=True))
    spiral = hg.spiral((0, 0), 2)
    assert len(spiral) == 19
    assert set(spiral) == set(hg.hexes_within((0, 0), 2))
    assert hg.hexes_within((0, 0), 1)[0] == (0, -1)


def test_pixel_conversion() -> None:
    x, y = hg.hex_to_pixel((1, 0), 10)
    assert isclose(x, 10 * sqrt(3)) and isclose(y, 0, abs_tol=1e-9)
    x, y = hg.hex_to_pixel((0, 1), 10)
    assert isclose(x, 5 * sqrt(3)) and isclose(y, 15)
    x, y = hg.hex_to_pixel((1, 0), 10, pointy=False)
    assert isclose(x, 15) and isclose(y, 5 * sqrt(3))
    for pointy in (True, False):
        for h in hg.spiral((0, 0), 4):
            px, py = hg.hex_to_pixel(h, 32, pointy, origin=(100, 50))
            assert hg.pixel_to_hex(px, py, 32, pointy, origin=(100, 50)) == h
            assert hg.pixel_to_hex(px + 12, py - 9, 32, pointy, origin=(100, 50)) == h
            corners = hg.hex_corners(h, 32, pointy, origin=(100, 50))
            assert len(corners) == 6
            assert all(isclose(sqrt((cx - px) ** 2 + (cy - py) ** 2), 32) for cx, cy in corners)


def test_hex_line() -> None:
    assert hg.line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    rng = Rng(4)
    for _ in range(100):
        a = (rng.randint(-5, 5), rng.randint(-5, 5))
        b = (rng.randint(-5, 5), rng.randint(-5, 5))
        cells = hg.line(a, b)
        assert cells[0] == a and cells[-1] == b
        assert len(cells) == hg.distance(a, b) + 1
        assert all(hg.is_adjacent(p, q) for p, q in zip(cells, cells[1:], strict=False))


def test_edge_keys_and_walls() -> None:
    for h in hg.neighbours((2, 3)):
        assert hg.edge_key((2, 3), h) == hg.edge_key(h, (2, 3))
    keys = {hg.edge_key((0, 0), h) for h in hg.neighbours((0, 0))}
    assert len(keys) == 6
    assert hg.edge_key((0, 0), (-1, 0)) == (-1, 0, 0)
    walls = hg.HexWalls()
    walls.add((0, 0), (0, 1))
    assert walls.between((0, 1), (0, 0)) and not walls.between((0, 0), (1, 0))
    data = json.loads(json.dumps(walls.to_list()))
    assert hg.HexWalls.from_list(data) == walls
    twin = walls.clone()
    twin.discard((0, 0), (0, 1))
    assert len(twin) == 0 and len(walls) == 1
    with pytest.raises(ValueError):
        hg.edge_key((0, 0), (2, 0))


def test_tile_fields() -> None:
    assert hg.tile_fields((0, 0), 0) == [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    turned = hg.tile_fields((4, 2), 1)
    assert turned[0] == (4, 2)
    assert turned[1] == (4, 3)  # the east field now points south-east
    assert set(turned) == set(hg.spiral((4, 2), 1))
    for rotation in range(6):
        fields = hg.tile_fields((-3, 5), rotation)
        for index, h in enumerate(fields):
            assert hg.tile_local_index((-3, 5), rotation, h) == index
    assert hg.tile_local_index((0, 0), 2, (2, 0)) is None


def test_tile_lattice_covers_the_plane_once() -> None:
    anchors = [h for h in hg.hexes_within((0, 0), 12) if hg.is_tile_anchor(h)]
    cover: dict[hg.Hex, hg.Hex] = {}
    for anchor in anchors:
        for h in hg.tile_fields(anchor, 0):
            assert h not in cover
            cover[h] = anchor
    for h in hg.hexes_within((0, 0), 8):
        assert cover[h] == hg.tile_anchor_of(h)
    assert hg.TILE_ANCHOR_OFFSETS[0] == (2, 1)
    for anchor in [(0, 0), (2, 1), (-1, 3)]:
        near = hg.tile_neighbour_anchors(anchor)
        assert len(set(near)) == 6 and all(hg.is_tile_anchor(n) for n in near)
        own = set(hg.tile_fields(anchor))
        for other in anchors:
            if other == anchor:
                continue
            touching = any(hg.is_adjacent(a, b) for a in own for b in hg.tile_fields(other))
            assert touching == hg.tiles_touch(anchor, other) == (other in near)
