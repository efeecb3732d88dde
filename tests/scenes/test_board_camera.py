"""The shared board camera: square and hex layouts, screen↔cell maps, zoom about a point, fit."""

from __future__ import annotations

import pygame
import pytest

from engine.core import hexgrid
from scenes.board.camera import Camera, CameraInput, HexLayout, SquareLayout

ZOOMS = (16, 24, 32, 48, 64)


def _camera(layout) -> Camera:
    cam = Camera(layout, ZOOMS, zoom=2)
    cam.view = pygame.Rect(100, 50, 800, 600)
    return cam


def test_square_cells_round_trip_through_the_screen() -> None:
    cam = _camera(SquareLayout(30, 20))
    cam.offset = [40.0, 10.0]
    for cell in [(0, 0), (5, 7), (22, 17), (12, 3)]:
        rect = cam.square_rect(cell)
        assert cam.cell_at(rect.center) == cell
        assert cam.cell_centre(cell) == pytest.approx(rect.center, abs=1)
    assert cam.cell_at((50, 60)) is None  # outside the viewport


def test_hex_cells_round_trip_through_the_screen() -> None:
    cells = hexgrid.hexes_within((0, 0), 3)
    cam = _camera(HexLayout(cells))
    cam.fit()
    for cell in cells:
        x, y = cam.cell_centre(cell)
        assert cam.cell_at((round(x), round(y))) == cell
    assert len(cam.hex_points((0, 0))) == 6
    far = cam.cell_centre((9, 0))
    assert cam.cell_at((round(far[0]), round(far[1]))) is None  # not a cell of the board


def test_zoom_keeps_the_point_under_the_mouse() -> None:
    cam = _camera(SquareLayout(60, 40))
    cam.fit()
    anchor = (400, 300)
    before = cam.to_world(*anchor)
    cam.set_zoom(cam.zoom + 1, anchor)
    assert cam.to_world(*anchor) == pytest.approx(before, abs=0.05)


def test_fit_picks_the_largest_zoom_showing_the_whole_board_centred() -> None:
    cam = _camera(SquareLayout(20, 10))
    cam.fit()
    assert cam.ts == 32  # 20·32 = 640 ≤ 800 but 20·48 = 960 > 800
    left, top = cam.to_screen(0, 0)
    right, bottom = cam.to_screen(20, 10)
    assert (left + right) / 2 == pytest.approx(cam.view.centerx)
    assert (top + bottom) / 2 == pytest.approx(cam.view.centery)


def test_a_board_larger_than_the_view_cannot_be_panned_away() -> None:
    cam = _camera(SquareLayout(100, 100))
    cam.set_zoom(4)
    cam.pan(10_000, 10_000)
    left, top = cam.to_screen(0, 0)
    assert left <= cam.view.left + 2 * cam.ts and top <= cam.view.top + 2 * cam.ts
    cam.pan(-100_000, -100_000)
    right, bottom = cam.to_screen(100, 100)
    assert right >= cam.view.right - 2 * cam.ts and bottom >= cam.view.bottom - 2 * cam.ts


def test_a_drag_pans_and_a_still_click_is_handed_back() -> None:
    cam = _camera(SquareLayout(100, 100))
    cam.set_zoom(4)
    cam.centre_on((50, 50))
    ctl = CameraInput(cam)
    start = list(cam.offset)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(400, 300))
    assert ctl.handle(down, (400, 300)) == (True, None)
    ctl.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(440, 320), rel=(40, 20),
                                  buttons=(1, 0, 0)), (440, 320))
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(440, 320))
    assert ctl.handle(up, (440, 320)) == (True, None)
    assert cam.offset == [start[0] + 40, start[1] + 20]
    ctl.handle(down, (400, 300))
    assert ctl.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(401, 300)),
                      (401, 300)) == (True, (1, (401, 300)))
