"""The map game's table (heroes, mode clash): it opens for a clash game, renders its moments in
both languages, moves a hero by a click on a highlighted field, ends the turn by its button,
lays a tile with the chosen turn, and shows the battle on the combat board."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.games import scene_class
from scenes.heroes.map import MapTableScene
from scenes.heroes.screens import (
    MAP_CONDITIONS,
    MAP_MOMENTS,
    new_map_session,
    open_map_moment,
    play_map_until,
)
from scenes.heroes.table import HeroesTableScene
from tests.scenes.render_counter import RenderCounter


def _click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.mouse = pos
    app.step([down, up], 1 / 60)


def _press(app: Any, buttons: list[Any], label: str) -> None:
    for button in buttons:
        if getattr(button, "label", None) == label and button.visible and button.enabled:
            _click(app, button.rect.center)
            return
    raise AssertionError(f"no button {label!r} in {[b.label for b in buttons]}")


def _table_at(app: Any, moment: str, seed: int = 1) -> MapTableScene:
    app.settings.anim_speed = 0.0
    session = new_map_session(seed)
    assert play_map_until(session, MAP_CONDITIONS[moment], seed)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    return table


def test_the_heroes_scene_is_the_map_table_for_a_clash_game(app: Any) -> None:
    session = new_map_session(1)
    table = scene_class("heroes")(app, session, autosave=False)
    assert isinstance(table, MapTableScene)
    app.push(table)
    app.step([], 1 / 60)
    assert table.view["mode"] == "clash"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", MAP_MOMENTS)
def test_map_moments_render_in_both_languages(app: Any, name: str, lang: str) -> None:
    app.set_language(lang)
    top = open_map_moment(app, name, seed=1)
    assert isinstance(top, MapTableScene)
    for _ in range(3):
        app.step([], 1 / 30)
    screen = app.screen
    colours = {tuple(screen.get_at((x, y))) for x in range(0, 1600, 97) for y in range(0, 900, 61)}
    assert len(colours) > 40
    assert top.in_battle == (name == "map_battle")


def test_clicking_a_highlighted_field_moves_the_hero(app: Any) -> None:
    table = _table_at(app, "map")
    reach = table.view["reach"][table.hero]
    target = max(reach, key=lambda r: r["mp"])
    at = tuple(target["at"])
    pos = tuple(int(c) for c in table.map_cam.cell_centre(at))
    assert table.map_cam.view.collidepoint(pos)
    # hovering shows the path and what arriving will do
    app.mouse = pos
    app.step([], 1 / 60)
    assert table.hover_field == at
    assert any("MP" in line for line in table.field_tip(at))
    before = len(table.session.actions)
    _click(app, pos)
    sent = table.session.actions[before:]
    # the hero walks the shown path one legal move a field, until a visit asks something
    steps = [tuple(a["to"]) for a in sent if a.kind == "move"]
    assert steps and sent[0].kind == "move"
    walked = [tuple(p) for p in target["path"]]
    assert all(s in walked for s in steps)
    assert steps == [s for s in walked if s in steps]


def test_a_click_outside_the_reach_sends_nothing(app: Any) -> None:
    table = _table_at(app, "map")
    reach = {tuple(r["at"]) for r in table.view["reach"][table.hero]}
    here = tuple(table.player(0)["heroes"][table.hero])
    far = next(h for h in table.fields if h not in reach and h != here
               and not any(tuple(r["at"]) == h for rs in table.view["reach"].values()
                           for r in rs))
    before = len(table.session.actions)
    _click(app, tuple(int(c) for c in table.map_cam.cell_centre(far)))
    assert len(table.session.actions) == before


def test_the_end_turn_button_ends_the_turn(app: Any) -> None:
    table = _table_at(app, "map")
    assert table.actor == 0
    _press(app, table.map_buttons, app.t("heroes.mapui.end_turn"))
    assert table.session.actions[-1].kind == "end_turn"
    assert table.view["current"] != 0 or table.actor != 0


def test_a_tile_is_laid_with_the_chosen_turn(app: Any) -> None:
    table = _table_at(app, "map_rotate")
    rots = table.view["rotations"]
    assert table.rotating() is not None
    _press(app, table.map_buttons, app.t("heroes.mapui.turn_right"))
    chosen = table.rot_pick
    assert chosen == rots[1 % len(rots)]
    _press(app, table.map_buttons, app.t("heroes.mapui.lay_tile"))
    last = table.session.actions[-1]
    assert last.kind == "rotate" and last["rotation"] == chosen


def test_the_town_lists_the_board_and_builds(app: Any) -> None:
    table = _table_at(app, "map_town")
    _press(app, table.map_buttons, app.t("heroes.mapui.town"))
    assert table.town_open
    rows = table.town_rows()
    assert {status for _k, _n, status, _a in rows} >= {"built", "buildable"}
    _press(app, table.town_buttons, app.t("heroes.mapui.build"))
    assert table.session.actions[-1].kind == "build"


def test_the_battle_uses_the_combat_board(app: Any) -> None:
    table = _table_at(app, "map_battle")
    assert table.in_battle and table.bv is not None
    assert isinstance(table, HeroesTableScene)
    end = [a for a in table.legal if a.kind == "end"]
    assert table.buttons and end


def test_steady_map_frames_render_nothing_new(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    counter = RenderCounter(monkeypatch)
    open_map_moment(app, "map", seed=1)
    for _ in range(40):
        app.step([], 1 / 30)
    counter.watch()
    counter.reset()
    for _ in range(6):
        app.step([], 1 / 30)
    counter.assert_none("map")


def test_hot_seat_hides_the_map_behind_the_curtain_between_turns(app: Any) -> None:
    app.settings.anim_speed = 0.0
    session = new_map_session(2, humans=2)
    assert play_map_until(session, MAP_CONDITIONS["map"], 2)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    assert table.curtain_for == 0 and table.view["hand"] is None
    _click(app, table.curtain_button.rect.center)
    assert table.curtain_for is None and table.viewer == 0
    assert table.view["hand"] is not None and table.view["reach"]
    _press(app, table.map_buttons, app.t("heroes.mapui.end_turn"))
    assert table.curtain_for == 1
    assert table.view["hand"] is None and not table.view["reach"]
    _click(app, table.curtain_button.rect.center)
    assert table.viewer == 1 and table.me() == 1
