"""The map game's table (heroes, mode clash): it opens for a clash game, renders its moments in
both languages, moves a hero by a click on a highlighted field, ends the turn by its button,
lays a tile with the chosen turn, and shows the battle on the combat board."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.actions import Action
from scenes.games import scene_class
from scenes.heroes import art, query
from scenes.heroes.map import FIT_MIN, MAPV, READABLE, SWITCH, TOWN_KINDS, ZOOMS, MapTableScene
from scenes.heroes.screens import (
    MAP_CONDITIONS,
    MAP_MOMENTS,
    new_map_session,
    open_map_moment,
    play_map_until,
)
from scenes.heroes.table import HeroesTableScene
from tests.scenes.mouse import click as _click
from tests.scenes.mouse import press as _press
from tests.scenes.render_counter import RenderCounter
from tests.scenes_heroes.test_heroes_scenes import act_by_mouse


def _table_at(app: Any, moment: str, seed: int = 1) -> MapTableScene:
    app.settings.anim_speed = 0.0
    session = new_map_session(seed)
    for attempt in range(6):
        if play_map_until(session, MAP_CONDITIONS[moment], seed * 13 + attempt):
            break
        session = new_map_session(seed + attempt + 1)
    assert MAP_CONDITIONS[moment](session)
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
    if name == "map_cards":  # the hero's cards open over the table
        top = app.stack[-2]
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
    assert table.town is not None
    rows = table.town.buildings
    assert {row.status for row in rows} >= {"built", "buildable"}
    # what each building does is shown, and why a locked one cannot be built
    faction = table.player(0)["faction"]
    texts = {b.key: art.name(app, b.text) for b in query.town(faction).buildings}
    assert all(row.text == texts[row.key] for row in rows)
    assert all(row.why for row in rows if row.status == "locked")
    _press(app, table.town_buttons, app.t("heroes.mapui.build"))
    assert table.session.actions[-1].kind == "build"
    # the town stays open to look at after the build, with the build token used
    assert table.town is not None and not table.player(0)["tokens"]["build"]
    locked = [row for row in table.town.buildings if row.status == "locked"]
    assert locked and all(row.why == app.t("heroes.mapui.why.token") for row in locked)


def test_the_town_shows_the_units_as_cards_with_what_can_be_done(app: Any) -> None:
    table = _table_at(app, "map_town")
    _press(app, table.map_buttons, app.t("heroes.mapui.town"))
    town = table.town
    assert town is not None
    p = table.player(0)
    owned = {u: pack for u, pack in p["units"]}
    faction_units = list(query.faction(p["faction"]).units)
    assert [row.key for row in town.units][:len(faction_units)] == faction_units
    for row in town.units:
        assert row.status == ("" if row.key not in owned else "pack" if owned[row.key]
                              else "few")
        if row.action is not None:  # a legal recruit or reinforce has its button and price
            assert town.button_for(row.action) is not None and row.cost is not None
            assert not row.why
        else:
            assert row.why  # full strength, a dwelling missing, the token used, no gold
    recruit = next(row for row in town.units if row.kind == "recruit" and row.action)
    # hovering a unit card shows its values and its price
    app.mouse = recruit.rect.move(0, 10).midtop
    app.step([], 1 / 60)
    assert any(table.cost_text(recruit.cost) in line for line in recruit.tip)
    _click(app, town.button_for(recruit.action).rect.center)
    assert table.session.actions[-1] == recruit.action
    row = next(r for r in table.town.units if r.key == recruit.key)
    assert row.status == "few"


def test_the_battle_uses_the_combat_board(app: Any) -> None:
    table = _table_at(app, "map_battle")
    assert table.in_battle and table.bv is not None
    assert isinstance(table, HeroesTableScene)
    assert table.screen_kind == "battle"
    # the combat board's own clickable parts: the squares of the 4×5 board at least
    assert sum(1 for _r, key in table.zones if key[0] == "sq") == 20


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


def _home(app: Any) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="")], 1 / 60)


def _field_point(table: MapTableScene, h: tuple[int, int]) -> tuple[int, int]:
    x, y = table.map_cam.cell_centre(h)
    return int(x), int(y)


def _lead(app: Any, table: MapTableScene, hero: str) -> None:
    if table.hero != hero:
        _press(app, table.map_buttons, app.t(SWITCH[hero]))
    assert table.hero == hero


def map_act_by_mouse(app: Any, table: MapTableScene, action: Action) -> None:
    """Performs a legal map action the way a player would: fields, cards and buttons."""
    t = app.t
    kind = action.kind
    p = action.params
    if table.in_battle:
        act_by_mouse(app, table, action)
        return
    if table.town is not None and kind not in TOWN_KINDS:
        _press(app, table.town_buttons, t("heroes.mapui.close"))
    if kind in ("choose", "search"):
        assert table.map_chooser is not None
        i = table.index.of_kind(kind).index(action)
        _click(app, table.map_chooser.buttons[i].rect.center)
    elif kind == "move":
        _home(app)
        _lead(app, table, p["hero"])
        _click(app, _field_point(table, tuple(p["to"])))
    elif kind == "discover":
        _home(app)
        _lead(app, table, p["hero"])
        _click(app, _field_point(table, tuple(p["at"])))
    elif kind == "place":
        _home(app)
        _lead(app, table, p["hero"])
        _click(app, _field_point(table, tuple(p["at"])))
        if table.map_popup is not None:
            _press(app, table.map_popup.buttons, table.place_label(p["tile"]))
    elif kind == "rotate":
        for _ in range(6):
            if table.rot_pick == p["rotation"]:
                break
            _press(app, table.map_buttons, t("heroes.mapui.turn_right"))
        _press(app, table.map_buttons, t("heroes.mapui.lay_tile"))
    elif kind == "keep":
        rect = next(r for r, a in table.keep_rects if a == action)
        _click(app, rect.center)
    elif kind == "discard":
        hand = table.view["hand"]
        _click(app, table.hand_rects()[hand.index(p["card"])].center)
    elif kind in TOWN_KINDS:
        if table.town is None:
            _press(app, table.map_buttons, t("heroes.mapui.town"))
        assert table.town is not None
        button = table.town.button_for(action)
        if button is None and kind == "hire":  # several places: the button lists them
            _press(app, table.town_buttons, t("heroes.mapui.hire_short"))
            assert table.town.popup is not None
            f = table.fields[tuple(p["at"])]
            _press(app, table.town.popup.buttons, table.loc_name(f["location"]))
        else:
            assert button is not None, action
            _click(app, button.rect.center)
    elif kind == "remove":
        _press(app, table.map_buttons, t("heroes.mapui.remove"))
        assert table.map_popup is not None
        _press(app, table.map_popup.buttons, art.card_name(app, p["card"]))
    elif kind == "trade":
        _press(app, table.map_buttons, t("heroes.mapui.trades"))
        assert table.map_popup is not None
        _press(app, table.map_popup.buttons, table.trade_label(action))
    elif kind == "revisit":
        _press(app, table.map_buttons, t("heroes.mapui.revisit") if p["hero"] == "main"
               else t("heroes.mapui.revisit2"))
    elif kind == "morale":
        _press(app, table.map_buttons, t("heroes.mapui.morale_draw") if p["use"] == "draw"
               else t("heroes.mapui.morale_cycle"))
    elif kind == "play":
        plays = table.index.of_kind("play")
        _press(app, table.map_buttons, t("heroes.mapui.play_card",
                                         n=len({a["card"] for a in plays})))
        assert table.map_popup is not None
        _press(app, table.map_popup.buttons, table._play_label(action))
    elif kind == "draw":
        _press(app, table.map_buttons, t("heroes.mapui.draw",
                                         n=table.player(table.me())["hand_limit"]))
    else:
        _press(app, table.map_buttons, t({"end_turn": "heroes.mapui.end_turn",
                                          "leave": "heroes.mapui.leave",
                                          "pass": "heroes.mapui.pass"}[kind]))


def test_the_map_games_pregame_step_chooses_each_seats_faction_and_hero(app: Any) -> None:
    from scenes.heroes.screens import open_moment
    from scenes.heroes.setup import SkirmishSetupScene, Tile

    scene = open_moment(app, "map_setup", seed=1)
    assert isinstance(scene, SkirmishSetupScene) and scene.clash and scene.armies() == 3
    name = art.name(app, query.faction("underhold").name)
    tiles = [w for w in scene.widgets if isinstance(w, Tile) and w.title == name]
    assert len(tiles) == 3  # every seat chooses its faction and hero
    _click(app, tiles[2].rect.center)
    assert scene.options["faction_3"] == "underhold"
    tiles = [w for w in scene.widgets if isinstance(w, Tile) and w.title == name]
    _click(app, tiles[1].rect.center)
    assert scene.options["faction_3"] == "random"  # one town a faction
    tiles = [w for w in scene.widgets if isinstance(w, Tile) and w.title == name]
    assert scene.options["faction_2"] == "underhold"
    tiles = [w for w in scene.widgets if isinstance(w, Tile) and w.title == name]
    _click(app, tiles[0].rect.center)
    # one town a faction: the second seat's same pick falls back to random
    assert (scene.options["faction_1"], scene.options["faction_2"]) == ("underhold", "random")
    magic = [w for w in scene.widgets if isinstance(w, Tile) and w.note ==
             app.t("heroes.ui.magic.note")]
    _click(app, magic[0].rect.center)
    assert scene.options["hero_1"] == "magic"
    _press(app, scene.widgets, app.t("ui.start"))
    table = app.top
    assert isinstance(table, MapTableScene)
    first = table.view["players"][0]
    assert first["faction"] == "underhold"
    assert first["hero"] == query.hero_of("underhold", "magic").id
    assert len({p["faction"] for p in table.view["players"]}) == 3


def test_a_heros_move_walks_along_its_path_at_the_full_frame_rate(app: Any) -> None:
    app.settings.anim_speed = 0.0
    session = new_map_session(1)

    quiet = ("empty", "visited", "flagged")

    def walks(v: dict[str, Any]) -> list[dict[str, Any]]:
        kinds = {tuple(r["at"]): r["visit"]["kind"] for r in (v["reach"] or {}).get("main", [])}
        # the path starts on the hero's field; two quiet fields to walk
        return [r for r in (v["reach"] or {}).get("main", []) if len(r["path"]) >= 3
                and all(kinds.get(tuple(h)) in quiet for h in r["path"][1:])]

    def far_reach(s: Any) -> bool:
        return s.actor == 0 and bool(walks(s.rules.view(s.state, s.actor)))

    assert play_map_until(session, far_reach, 1)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    app.settings.anim_speed = 1.0
    app.step([], 1 / 60)  # the table reads the speed setting each frame
    table.hero = "main"
    start = tuple(table.player(0)["heroes"][table.hero])
    target = walks(table.view)[0]
    before = len(table.session.actions)
    _click(app, _field_point(table, tuple(target["at"])))
    steps = [tuple(a["to"]) for a in table.session.actions[before:] if a.kind == "move"]
    assert len(steps) >= 2
    walk = table.walks[(0, "main")]
    # one animation for the whole walk, from where the hero stood through every field
    assert walk.path[0] == start and walk.path[1:] == steps
    assert table.anim.busy and table.is_animating()
    where = walk.where()
    assert where != tuple(float(c) for c in steps[-1])
    for _ in range(10 * len(steps)):
        app.step([], 1 / 30)
    assert not table.anim.busy and not table.walks and not table.is_animating()


@pytest.mark.parametrize("players", [2, 3])
def test_the_map_opens_whole_when_it_fits(app: Any, players: int) -> None:
    app.settings.anim_speed = 0.0
    table = MapTableScene(app, new_map_session(1, players=players), autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    cam = table.map_cam
    # First Steps and Three Crowns fit the map's frame at a readable zoom: the whole map
    assert cam.ts >= ZOOMS[FIT_MIN]
    cells = list(table.fields) + list(table.slot_of)
    assert all(MAPV.collidepoint(_field_point(table, h)) for h in cells)
    opened = (cam.zoom, list(cam.offset))
    # zoomed in, Home shows it whole again
    cam.set_zoom(READABLE + 1)
    assert not all(MAPV.collidepoint(_field_point(table, h)) for h in cells)
    _home(app)
    assert (cam.zoom, list(cam.offset)) == opened


def test_outlines_of_a_supply_tile_do_not_move_the_map(app: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # solo window walk: the map re-centred whenever the outlines of where a supply tile may go
    # came or went, and a click aimed at a field landed on another
    from engine.core import hexgrid

    app.settings.anim_speed = 0.0
    table = MapTableScene(app, new_map_session(1, players=2), autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    cam = table.map_cam
    board = set(table.fields) | set(table.slot_of)
    shown = (cam.zoom, list(cam.offset))

    def visible(anchor: tuple[int, int]) -> bool:
        return all(MAPV.collidepoint(tuple(int(c) for c in cam.cell_centre(h)))
                   for h in hexgrid.tile_fields(anchor))

    near = next(a for h in sorted(board) for a in hexgrid.hexes_within(h, 3)
                if not set(hexgrid.tile_fields(a)) & board and visible(a))
    real = table.index.of_kind

    def with_outline(anchor: tuple[int, int]) -> None:
        monkeypatch.setattr(table.index, "of_kind", lambda kind: [{"at": list(anchor)}]
                            if kind == "place" else real(kind))
        table._read_map()

    with_outline(near)  # the outline appears: the view stays
    assert set(hexgrid.tile_fields(near)) <= set(cam.layout.cells)
    assert (cam.zoom, list(cam.offset)) == shown
    monkeypatch.setattr(table.index, "of_kind", real)
    table._read_map()  # ... and goes
    assert (cam.zoom, list(cam.offset)) == shown
    far = (40, -20)  # an outline the view does not show: the view takes it in
    with_outline(far)
    assert (cam.zoom, list(cam.offset)) != shown


def test_after_the_curtain_the_map_turns_to_the_seated_players_hero(app: Any) -> None:
    app.settings.anim_speed = 0.0
    session = new_map_session(2, humans=2)
    assert play_map_until(session, MAP_CONDITIONS["map"], 2)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    table.map_cam.set_zoom(READABLE + 1)
    table.map_cam.centre_on(tuple(table.player(1)["town"]))
    hero = tuple(table.player(0)["heroes"]["main"])
    assert not MAPV.collidepoint(_field_point(table, hero))
    _click(app, table.curtain_button.rect.center)
    # as near the middle as the map's edge allows
    assert MAPV.inflate(-160, -160).collidepoint(_field_point(table, hero))


def test_the_hero_panel_opens_the_heros_discard_and_artifacts(app: Any) -> None:
    from scenes.heroes.piles import HeroPilesScene, artifacts_of

    table = _table_at(app, "map_cards")
    assert table.cards_button is not None
    _click(app, table.cards_button.rect.center)
    piles = app.top
    assert isinstance(piles, HeroPilesScene)
    p = table.player(0)
    assert piles.discard == p["discard"] and len(piles.discard) >= 3
    # the moment holds an artifact: it shows where it lies
    assert piles.artifacts and all(w in ("hand", "discard") for _, w in piles.artifacts)
    shown = [cid for _, cid in piles.card_rects()]
    assert shown[:len(p["discard"])] == p["discard"][-20:]
    # hovering a card gives its text
    rect, cid = piles.card_rects()[0]
    app.mouse = rect.center
    app.step([], 1 / 60)
    _press(app, piles.widgets, app.t("heroes.mapui.piles.close"))
    assert app.top is table
    assert query.card("iron_blade").kind == "artifact"
    held = artifacts_of({"discard": ["iron_blade", p["discard"][0]]}, ["iron_blade"])
    assert held == [("iron_blade", "hand"), ("iron_blade", "discard")]


def test_choice_options_read_the_views_catalog_labels(app: Any) -> None:
    table = _table_at(app, "map_choice")
    chooser = table.map_chooser
    assert chooser is not None
    from scenes.heroes.map import capital

    labels = [capital(table.game_message(m)) for m in table.view["choice_labels"]]
    shown = [b.label for b in chooser.buttons]
    assert labels and all(label in shown for label in labels)
    # a label that begins an answer begins with a capital ("Roll 2 resource dice …")
    assert all(not label[:1].islower() for label in shown)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_map_log_names_players_places_and_buildings(app: Any, lang: str) -> None:
    app.set_language(lang)
    session = new_map_session(3, players=3)
    play_map_until(session, lambda s: s.state.round >= 6, 5, limit=1600)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    names = [table.seat_name(i) for i in range(3)]
    lines: dict[str, list[str]] = {}
    for e in session.log:
        if e.key.startswith("heroes.map."):
            lines.setdefault(e.key, []).append(table.game_message(e))
    for key, texts in lines.items():
        for text in texts:
            assert "{" not in text and not text.startswith("heroes."), (key, text)
            assert "_" not in text, (key, text)  # no content id (city_hall, gold_mine)
    # a past battle's card events name the side's player (no sentence without its subject)
    from scenes.heroes.table import NAMED_EVENTS

    battle_lines = [row.data[0] for row in table.log_list.rows if row.data[1]
                    and table.log_events[row.value].key in NAMED_EVENTS
                    and "side" in table.log_events[row.value].params]
    subjects = tuple(names + [app.t("heroes.ui.neutrals")])
    assert battle_lines and all(line.startswith(subjects) for line in battle_lines), \
        battle_lines[:5]
    build = next(e for e in session.log if e.key == "heroes.map.build")
    seat = build.params["seat"]
    faction = table.player(seat)["faction"]
    building = art.name(app, query.town(faction).building(build.params["building"]).name)
    assert table.game_message(build).startswith(names[seat])
    assert building in table.game_message(build)
    visit = next(e for e in session.log if e.key == "heroes.map.visit")
    assert table.loc_name(visit.params["location"]) in table.game_message(visit)
    income = next(e for e in session.log if e.key == "heroes.map.income")
    assert table.amount_text(income.params["res"]) in table.game_message(income)
    # what was gained, named: "gains 2 gold and 1 valuable"
    from engine.core.actions import Event

    gain = table.game_message(Event("heroes.map.gain", {"seat": 0, "res": [2, 0, 1]}))
    assert gain == {"en": f"{names[0]} gains 2 gold and 1 valuable.",
                    "de": f"{names[0]} erhält 2 Gold und 1 × Minerale."}[lang]
    three = table.amount_text([5, 2, 3])
    assert three == {"en": "5 gold, 2 building materials and 3 valuables",
                     "de": "5 Gold, 2 Baumaterialien und 3 Minerale"}[lang]


def _map_card() -> tuple[str, str]:
    """Returns a card and its plain map mode that gives movement points (no boost, no crown)."""
    from engine.rules.heroes import content as C

    for c in C.all_of("card"):
        for m in c.modes:
            if m.timing == "adventure" and [e.type for e in m.effects] == ["movement"] \
                    and not m.crown and not m.cost and c.faction is None:
                return c.id, m.id
    raise AssertionError("no movement card")


def test_a_map_card_is_played_from_its_button_or_the_hand(app: Any) -> None:
    table = _table_at(app, "map")
    cid, mode = _map_card()
    p = table.session.state.ps[0]
    p.hand = [cid, cid]
    table.refresh()
    app.step([], 1 / 60)
    label = app.t("heroes.mapui.play_card", n=1)
    assert any(b.label == label for b in table.map_buttons)
    assert table._playable(cid)
    # a click on the lit card offers its plays above it; the choice plays it
    mp = p.mp["main"]
    _click(app, table.hand_rects()[0].center)
    assert table.map_popup is not None and table.map_popup.buttons
    _click(app, table.map_popup.buttons[0].rect.center)
    last = table.session.actions[-1]
    assert last.kind == "play" and last["card"] == cid and last["mode"] == mode
    assert table.session.state.ps[0].mp["main"] > mp
    # the side button lists every play
    _press(app, table.map_buttons, label)
    assert table.map_popup is not None
    _click(app, table.map_popup.buttons[0].rect.center)
    assert table.session.actions[-1].kind == "play" and not table.session.state.ps[0].hand


def test_good_morale_swaps_cards_one_at_a_time(app: Any) -> None:
    table = _table_at(app, "map")
    st = table.session.state
    p = st.ps[0]
    p.faction = "sunward"  # not undead: morale counts
    p.morale = 1
    p.hand = ["offense", "armorer", "rally"]
    table.refresh()
    app.step([], 1 / 60)
    _press(app, table.map_buttons, app.t("heroes.mapui.morale_cycle"))
    assert p.morale == 0
    chooser = table.map_chooser
    assert chooser is not None
    _press(app, chooser.buttons, art.card_name(app, "rally"))
    _press(app, table.map_chooser.buttons, art.card_name(app, "offense"))
    from scenes.heroes.map import WORDS

    _press(app, table.map_chooser.buttons, app.t(WORDS["done"]))
    assert [a.kind for a in table.session.actions[-4:]] == ["morale", "choose", "choose",
                                                            "choose"]
    assert len(p.hand) == 3 and "armorer" in p.hand and table.map_chooser is None


def _own_battle(session: Any) -> bool:
    """Returns True when seat 0 may attack in a battle of its own main hero."""
    sub = session.state.sub
    return (MAP_CONDITIONS["map_battle"](session) and sub is not None
            and sub.state.sides[sub.sub_seat(0)].hero is not None)


def test_good_morale_rerolls_a_battle_die_on_the_combat_board(app: Any) -> None:
    app.settings.anim_speed = 0.0
    for seed in range(1, 8):
        session = new_map_session(seed)
        if play_map_until(session, _own_battle, seed * 13):
            break
    assert _own_battle(session)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    sub = session.state.sub
    side = sub.state.sides[sub.sub_seat(0)]
    side.morale = 1
    sub.state.forced = [-1] * 4  # a roll a reroll can better (at +1 nobody is asked)
    table.refresh()
    app.step([], 1 / 60)
    assert any(b.label == app.t("heroes.ui.morale_draw") for b in table.buttons)
    attack = next(a for a in table.legal if a.kind == "attack" and "target" in a.params)
    act_by_mouse(app, table, attack)
    if table.bv is not None and (table.bv.get("pending") or {}).get("kind") == "respond":
        act_by_mouse(app, table, Action("decline"))
    pending = table.bv["pending"] if table.bv is not None else None
    assert pending is not None and pending["kind"] == "reroll", pending
    assert table.chooser is not None
    labels = [b.label for b in table.chooser.buttons]
    assert app.t("heroes.ui.keep_roll") in labels
    act_by_mouse(app, table, Action("reroll", (("die", 0),)))
    assert table.session.actions[-1] == Action("reroll", (("die", 0),))
    assert side.morale == 0


def test_the_still_map_is_drawn_once_per_view_and_zoom(app: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table_at(app, "map")
    calls: list[int] = []
    real = table._draw_still_map
    monkeypatch.setattr(table, "_draw_still_map", lambda s: (calls.append(1), real(s)))
    table.layer_key = None
    for _ in range(5):
        app.step([], 1 / 60)
    assert len(calls) == 1  # still frames blit the layer
    table.map_cam.pan(7, 5)
    app.step([], 1 / 60)
    assert len(calls) == 1  # panning moves the layer
    table.refresh()  # a new view (after an action)
    app.step([], 1 / 60)
    assert len(calls) == 2
    table.map_cam.set_zoom(table.map_cam.zoom + 1)
    app.step([], 1 / 60)
    assert len(calls) == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_choice_with_many_answers_stays_inside_the_map_frame(app: Any, lang: str) -> None:
    from engine.rules.heroes.adventure import rules as R
    from engine.rules.heroes.adventure.game import CLASH

    app.set_language(lang)
    table = _table_at(app, "map")
    st = table.session.state
    p = st.ps[0]
    p.units = [[u, False] for u in ("bone_warrior", "shambler", "wailer", "bloodlord",
                                    "grave_mage", "pike_guard", "blindling")]
    p.res = [40, 10, 10]
    town = p.town
    R.queue(st).insert(0, ["choose", 0, "settlement", [], [[town[0], town[1]], False]])
    R.run(CLASH, st, [])
    table.refresh()
    app.step([], 1 / 60)
    chooser = table.map_chooser
    assert chooser is not None and len(chooser.buttons) >= 8
    assert MAPV.contains(chooser.rect), (chooser.rect, MAPV)
    for button in chooser.buttons:
        assert chooser.rect.contains(button.rect)


def test_good_morale_swaps_cards_on_the_combat_board(app: Any) -> None:
    app.settings.anim_speed = 0.0
    for seed in range(1, 8):
        session = new_map_session(seed)
        if play_map_until(session, _own_battle, seed * 13):
            break
    assert _own_battle(session)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    sub = session.state.sub
    side = sub.state.sides[sub.sub_seat(0)]
    side.morale = 1
    side.hand = ["offense", "armorer", "rally"]
    table.refresh()
    app.step([], 1 / 60)
    for action in (Action("morale", (("use", "cycle"),)), Action("swap", (("card", "rally"),)),
                   Action("swap", (("card", "armorer"),)), Action("swap_done")):
        act_by_mouse(app, table, action)
        assert table.session.actions[-1] == action
    assert side.morale == 0 and len(side.hand) == 3 and "offense" in side.hand


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_log_says_what_happened(app: Any, lang: str) -> None:
    from engine.core.actions import Event
    from engine.rules.heroes.names import add_names

    app.set_language(lang)
    table = _table_at(app, "map")
    name = table.seat_name(0)

    def line(key: str, **params: Any) -> str:
        return table.game_message(add_names([Event(key, params)])[0])

    sign = query.astrologer("golden_harvest")
    text = line("heroes.map.astrologer", card="golden_harvest")
    assert art.name(app, sign.name) in text and art.name(app, sign.text) in text
    trade = line("heroes.map.trade", seat=0, sell="materials", get="valuables", lots=1,
                 paid=[0, 3, 0], got=[0, 0, 1])
    assert trade == {"en": f"{name} trades 3 building materials for 1 valuable at the "
                           "trading post.",
                     "de": f"{name} tauscht am Handelsposten 3 Baumaterialien gegen "
                           "1 × Minerale."}[lang]
    tile = line("heroes.map.tile", seat=0, tile="f1", at=[1, 1], rotation=0, how="place")
    assert name in tile and table.loc_name("gold_mine") in tile
    assert line("heroes.map.tile", seat=0, tile="s_sunward", at=[0, 0], rotation=0,
                how="start").startswith(name)
    top = line("heroes.map.discard_top", deck="ability", card="offense")
    assert art.card_name(app, "offense") in top and app.t(
        "heroes.mapui.deckname.ability") in top
    dice = line("heroes.map.resource_die", seat=0, die="resource", faces=[1, 4])
    assert "2" in dice and "{" not in dice
    assert line("heroes.map.resource_die", seat=0, die="resource", faces=[3]) != dice


def test_a_search_look_stays_in_the_log_behind_the_curtain(app: Any) -> None:
    app.settings.anim_speed = 0.0
    session = new_map_session(2, humans=2)
    assert play_map_until(session, lambda s: any(e.key == "heroes.map.look" for e in s.log)
                          and s.actor != next(e for e in s.log
                                              if e.key == "heroes.map.look").params["seat"], 2)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    assert table.curtain_for is not None
    # public: who looked at how many cards of which deck (never which cards)
    looks = [e for e in table.log_events if e.key == "heroes.map.look"]
    assert looks and all("cards" not in e.params for e in looks)


def _battle_led_by_the_other(session: Any) -> bool:
    """Returns True when a human seat leads the neutral army in another seat's battle."""
    view = session.rules.view(session.state, None)
    battle = view.get("battle")
    if battle is None or session.actor is None:
        return False
    bv = battle["view"]
    return any(s["neutral"] and s["seat"] is not None
               and battle["seats"][s["seat"]] == session.actor for s in bv["sides"])


def test_the_curtain_says_why_the_table_passes(app: Any) -> None:
    app.settings.anim_speed = 0.0
    for seed in range(1, 8):
        session = new_map_session(seed, humans=2)
        if play_map_until(session, _battle_led_by_the_other, seed):
            break
    assert _battle_led_by_the_other(session)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    seat = table.curtain_for
    assert seat == session.actor
    title, why = table.curtain_words()
    assert title == app.t("heroes.mapui.curtain.neutrals", name=table.seat_name(seat))
    assert table.seat_name(1 - seat) in why
    # the turn's own curtain says "your turn"
    turn = new_map_session(2, humans=2)
    assert play_map_until(turn, MAP_CONDITIONS["map"], 2)
    other = MapTableScene(app, turn, autosave=False)
    app.push(other)
    app.step([], 1 / 60)
    assert other.curtain_words()[0] == app.t("ui.curtain.title", name=other.seat_name(0))


def test_a_neutral_unit_led_by_a_player_says_it_must_attack(app: Any) -> None:
    from engine.rules.heroes.moves import must_attack

    def must(session: Any) -> bool:
        sub = session.state.sub
        if sub is None or not _battle_led_by_the_other(session):
            return False
        st = sub.state
        return st.active >= 0 and must_attack(st, st.units[st.active])

    for seed in range(1, 10):
        session = new_map_session(seed, humans=2)
        if play_map_until(session, must, seed):
            break
    assert must(session)
    prompt = session.rules.prompt(session.state)
    assert prompt.key == "heroes.prompt.must_attack"
    kinds = {a.kind for a in session.rules.legal_actions(session.state)}
    assert not kinds & {"end", "defend"}


def test_the_hedge_witchs_card_shows_to_its_looker_alone(app: Any) -> None:
    from engine.rules.heroes.adventure import rules as R
    from engine.rules.heroes.adventure.game import CLASH

    table = _table_at(app, "map")
    st = table.session.state
    R.queue(st).insert(0, ["choose", 0, "witch_card", ["take", "discard"], ["offense"]])
    R.run(CLASH, st, [])
    table.refresh()
    app.step([], 1 / 60)
    assert table.map_chooser is not None and table.shown_cards() == ["offense"]
    (cid, rect), = table.shown_rects()
    assert table.map_chooser.rect.contains(rect)
    assert all(not rect.colliderect(b.rect) for b in table.map_chooser.buttons)
    assert CLASH.view(st, 1)["looking"] == [] and CLASH.view(st, None)["looking"] == []


def test_the_supply_tiles_show_what_lies_on_them(app: Any) -> None:
    table = _table_at(app, "map")
    supply = table.view["supply"]
    assert supply and [tid for tid, _r in table.supply_rects()] == supply[:2]
    tid, rect = table.supply_rects()[0]
    app.mouse = rect.center
    app.step([], 1 / 60)
    tip = table.supply_tip(tid)
    names = [table.loc_name(f.location) for f in query.tile(tid).fields if f.location]
    assert all(any(n in line for line in tip) for n in names)
    assert query.tile(tid).label in table.place_label(tid)
    # the tooltip of either tile covers neither tile (it covered the second one)
    from scenes import assets, theme
    from scenes.widgets import tooltip_box

    rects = [r for _t, r in table.supply_rects()]
    for tid, rect in table.supply_rects():
        lines = table.supply_tip(tid)
        images = [assets.text(line, "body", theme.SIZE_SMALL, theme.INK, 420) for line in lines]
        size = (max(i.get_width() for i in images) + 28,
                sum(i.get_height() + 4 for i in images) + 18)  # as draw_tooltip measures
        app.mouse = rect.center
        app.step([], 1 / 60)
        anchor = app._tooltip[2]  # where the table asked for it
        assert app._tooltip[0] == ("supply", tid) and anchor.contains(rect)
        avoid = [r for r in table.tooltip_avoid() if r != anchor]
        box = tooltip_box(size, anchor, app.screen.get_rect(), avoid)
        assert not any(box.colliderect(r) for r in rects), (box, rects, avoid)


def test_a_choice_of_effects_names_its_source(app: Any) -> None:
    from engine.rules.heroes.adventure import rules as R
    from engine.rules.heroes.adventure.game import CLASH

    table = _table_at(app, "map")
    st = table.session.state
    faction = st.ps[0].faction
    hall = query.town(faction).building("city_hall")
    choice = next(e for e in R.mc().building(faction, "city_hall").resource_round
                  if e.get("type") == "choice")
    R.queue(st).insert(0, ["effect", 0, "main", R.to_plain(choice), False, None,
                           ["building", "city_hall"]])
    R.run(CLASH, st, [])
    table.refresh()
    app.step([], 1 / 60)
    prompt = CLASH.prompt(st)
    assert prompt.key == "heroes.map.prompt.effect_from"
    assert art.name(app, hall.name) in table.game_message(prompt)
    assert table.map_chooser is not None and len(table.map_chooser.buttons) == 2


def test_a_side_without_its_main_hero_is_named_by_who_leads_it(app: Any) -> None:
    table = _table_at(app, "map_battle")
    battle = table.view["battle"]
    assert battle["heroes"][1] is None and battle["field"] >= 1  # the neutral army
    assert table.side_name(1) == app.t("heroes.ui.neutrals")
    battle["heroes"] = [battle["heroes"][0], "secondary"]
    battle["view"]["sides"][1].update(hero=None, neutral=False)
    assert table.side_name(1) == app.t("heroes.ui.side.secondary")
    battle["heroes"][1] = "garrison"
    assert table.side_name(1) == app.t("heroes.ui.side.garrison")


class _ReasonWorker:
    """A bot process stand-in that runs the real bot in the test's process (the worker's own
    ``_answer``), so the table gets the action and the bot's reason as from the process."""

    def __init__(self) -> None:
        self.answer: dict[str, Any] | None = None
        self.last_why: dict[str, Any] | None = None

    def request(self, game_id: str, state: dict[str, Any], seat: int, bot: str = "heuristic",
                difficulty: str = "normal", seed: int = 0) -> int:
        from engine.ai.worker import _answer

        self.answer = _answer({"cmd": "choose", "game": game_id, "state": state, "seat": seat,
                               "bot": bot, "difficulty": difficulty, "seed": seed,
                               "options": {}})
        return 1

    def poll(self) -> Action | None:
        answer, self.answer = self.answer, None
        if answer is None:
            return None
        self.last_why = answer.get("why")
        return Action.from_json(answer["action"])

    def cancel(self) -> None:
        self.answer = None

    def close(self) -> None:
        pass


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_bot_players_map_decisions_are_logged_with_a_reason(app: Any, lang: str) -> None:
    # issue #17: every bot decision can be followed in the log, in both languages
    app.set_language(lang)
    app.settings.anim_speed = 0.0
    session = new_map_session(3, humans=0)
    table = MapTableScene(app, session, autosave=False, worker_factory=_ReasonWorker)
    app.push(table)
    for _ in range(400):
        app.step([], 0.2)
        if sum(1 for e in session.log if e.key.startswith("heroes.map.why.")) >= 12:
            break
    notes = [e for e in session.log if e.key.startswith("heroes.map.why.")]
    assert len(notes) >= 12
    for note in notes:
        text = table.game_text(note.key, note.params)
        assert text and "{" not in text and note.key not in text, text
    names = {table.seat_name(0), table.seat_name(1)}
    assert any(name in table.game_text(n.key, n.params) for n in notes for name in names)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_set_up_page_explains_each_bot_level(app: Any, lang: str) -> None:
    # issue #17: the Clash bot's levels, selectable per seat, each explained in one line
    from scenes.newgame import SetupCycler, SetupScene

    app.set_language(lang)
    setup = SetupScene(app, "heroes")
    app.push(setup)
    app.step([], 1 / 60)
    levels = [w for w in setup.widgets if isinstance(w, SetupCycler) and w.tips]
    assert len(levels) == len(setup.seats)
    bot_seat = levels[1]
    assert bot_seat.enabled and set(bot_seat.tips) == {"easy", "normal", "hard"}
    for level, line in bot_seat.tips.items():
        assert line == app.t(f"heroes.bot.level.{level}") and "\n" not in line
    app.mouse = bot_seat.rect.center
    bot_seat.update(0.1, app)
    assert app._tooltip is not None and bot_seat.tips["normal"] in app._tooltip[1]


def test_esc_closes_an_open_list_then_the_town_before_pausing(app: Any) -> None:
    from scenes.heroes.screens import _show_map_play

    table = _table_at(app, "map_play")
    _show_map_play(app, table)
    assert table.map_popup is not None
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step([esc], 1 / 60)
    assert table.map_popup is None and app.top is table  # the list closed, no pause menu
    table._open_town()
    assert table.town is not None
    app.step([esc], 1 / 60)
    assert table.town is None and app.top is table
    app.step([esc], 1 / 60)
    assert app.top is not table  # now Esc pauses


def test_an_automatic_units_tie_names_no_wall(app: Any) -> None:
    table = _table_at(app, "map")
    params = {"unit": 3, "did": "pike_guard", "target": -1, "target_did": "", "why": "tie",
              "ranking": []}
    text = table.game_text("heroes.ev.auto", params)
    assert app.t("heroes.ui.the_wall") not in text and app.t("heroes.ui.tied_targets") in text
    wall = table.game_text("heroes.ev.auto", dict(params, why="wall"))
    assert app.t("heroes.ui.the_wall") in wall


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_town_unit_buttons_fit_with_eight_cards(app: Any, lang: str) -> None:
    # a neutral unit beside the faction's seven made the buttons narrow: "Reinfor…"
    from scenes import assets

    app.set_language(lang)
    table = _table_at(app, "map_town")
    p = table.session.state.ps[0]
    p.units = [[u, False] for u in query.faction(p.faction).units[:3]] + [["cave_dweller",
                                                                           False]]
    p.res = [40, 10, 5]
    table.refresh()
    _press(app, table.map_buttons, app.t("heroes.mapui.town"))
    town = table.town
    assert town is not None and len(town.units) == 8
    for b, _a in town.acts:
        avail = b.rect.width - 24
        assert assets.fit(b.label, b.role, b.size, avail) == b.label, (b.label, b.size)


def test_the_spell_book_says_which_condition_fails(app: Any) -> None:
    # one catch-all reason ("needs its token, its price and a mage guild …") became the one
    # that fails
    table = _table_at(app, "map_town")
    p = table.session.state.ps[0]
    guild = next(b.key for b in query.town(p.faction).buildings if "spell_book" in b.unlocks)
    p.built.append(guild)
    p.built_round[guild] = 0
    p.tokens["spellbook"] = False
    table.refresh()
    table.town = None
    table._open_town()
    row = next(r for r in table.town.extras if r.kind == "spellbook")
    assert row.why == app.t("heroes.mapui.why.token")
    p.tokens["spellbook"] = True
    p.res = [0, 0, 0]
    table.refresh()
    table.town = None
    table._open_town()
    row = next(r for r in table.town.extras if r.kind == "spellbook")
    assert row.short is not None and any(row.short)


def test_a_cut_play_label_has_the_whole_text_as_tooltip(app: Any) -> None:
    from scenes.board.chooser import Popup
    from scenes.heroes.map import _tip_cut_labels

    long = "Diplomacy – Map: for each dwelling you have, draw a neutral unit of its tier; " \
           "you may recruit one at its cost"
    popup = Popup.listing([(long, 1), ("Short", 2)], lambda v: None, (100, 100), MAPV,
                          max_width=400)
    _tip_cut_labels(popup)
    assert popup.buttons[0].tooltip == long and not popup.buttons[1].tooltip


def test_rivals_on_a_shared_lead_share_the_win(app: Any) -> None:
    # First Steps ended on a tie of flags: "Alma, Bruno win together!" read like a co-op game
    from engine.core.protocol import Outcome
    from scenes.dialogs import GameOverScene

    table = _table_at(app, "map")
    over = GameOverScene(app, table)
    over.outcome = Outcome((0, 1), (1.0, 1.0), None)
    names = ", ".join(table.seat_name(s) for s in (0, 1))
    assert over.headline() == app.t("ui.over.shared", names=names)
    over.outcome = Outcome((1,), (0.0, 1.0), None)
    assert over.headline() == app.t("ui.over.winner", name=table.seat_name(1))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_screen_shows_flags_and_cubes_not_win_flags(app: Any, lang: str) -> None:
    # the score column showed 1 and 1 (the outcome's win flags) after a shared lead
    from engine.core.protocol import Outcome
    from scenes import assets
    from scenes.dialogs import GameOverScene

    app.set_language(lang)
    table = _table_at(app, "map")
    standings = table.view["standings"]
    header, texts = table.over_column() or ("", [])
    assert header == app.t("heroes.mapui.over.column")
    for seat, s in enumerate(standings):
        assert str(s["flags"]) in texts[seat].split(" · ")[0]
        assert texts[seat].split(" · ")[1] == app.t("heroes.mapui.cubes", n=s["cubes"])
    over = GameOverScene(app, table)
    over.outcome = Outcome((0, 1), (1.0, 1.0), None)
    over.layout()
    seen: list[str] = []
    real = assets.text

    def spy(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return real(text, *args, **kwargs)
    surface = pygame.Surface((1600, 900))
    assets.text = spy  # type: ignore[assignment]
    try:
        over.draw(surface)
    finally:
        assets.text = real  # type: ignore[assignment]
    assert header in seen and texts[0] in seen and texts[1] in seen
    assert "1" not in seen and app.t("ui.over.score") not in seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_load_list_names_the_map_games_scenario(app: Any, private_home: Any,
                                                     lang: str) -> None:
    # campaigns and map games looked alike in the load list: it now names the scenario
    import json

    from engine.rules.heroes.adventure import rules as R
    from scenes import saves
    from scenes.heroes.screens import new_map_session

    app.set_language(lang)
    session = new_map_session(3)
    path = saves.autosave_path("heroes")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.serialise(session.record(meta=saves.meta_for(session, autosave=True))))
    info = saves.describe(path)
    assert info.progress is not None
    name = R.mc().scenarios[session.state.scenario].name[lang]
    shown = app.catalog.message(info.progress)
    assert shown == app.t("heroes.map.progress_in", scenario=name, round=session.state.round)
    assert name in shown and "{" not in shown
    # a meddled text in both languages is refused (the list falls back to the turn)
    data = json.loads(path.read_text())
    data["meta"]["progress"]["params"]["scenario"] = {"en": "x" * 130, "de": "y"}
    path.write_text(json.dumps(data))
    assert saves.describe(path).progress is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_end_turn_and_the_town_keep_their_slots_as_actions_come_and_go(app: Any,
                                                                         lang: str) -> None:
    # real-window play: the side buttons moved as actions came and went and a click meant for
    # "End turn" landed on another button; the turn's end keeps the bottom slot, the town the
    # slot above it, whatever else is offered
    from scenes.heroes.map import SIDE

    app.set_language(lang)
    t = app.t
    seen_end, seen_town = set(), set()
    for moment, players in (("map", 2), ("map_three", 3), ("map_refresh", 2), ("map_play", 2)):
        table = _table_at(app, moment)
        labels = [b.label for b in table.map_buttons]
        for i, b in enumerate(table.map_buttons):
            assert SIDE.contains(b.rect), (moment, b.label)
            for other in table.map_buttons[i + 1:]:
                assert not b.rect.colliderect(other.rect), (moment, b.label, other.label)
        end = [b for b in table.map_buttons if b.label == t("heroes.mapui.end_turn")]
        town = [b for b in table.map_buttons if b.label == t("heroes.mapui.town")]
        assert town, (moment, labels)
        bottom = max(b.rect.bottom for b in table.map_buttons)
        if end:
            assert end[0].rect.bottom == bottom
            assert town[0].rect.bottom == end[0].rect.top - 6
            seen_end.add((players, end[0].rect.topleft))
        seen_town.add((players, town[0].rect.topleft))
        # the same table with the draw offered again or not: the fixed slots do not move
        table.index = table.index.__class__([a for a in table.legal if a.kind != "play"])
        table.legal = [a for a in table.legal if a.kind != "play"]
        table._build_map_buttons()
        if end:
            moved = [b for b in table.map_buttons if b.label == t("heroes.mapui.end_turn")]
            assert moved and moved[0].rect == end[0].rect
        assert [b for b in table.map_buttons if b.label == t("heroes.mapui.town")][0].rect \
            == town[0].rect
        app.pop()
    assert seen_end, "some moment offers the turn's end"
    # one place per player count, however many buttons the moment shows
    assert len({p for p, _ in seen_town}) == len(seen_town)
    assert len({p for p, _ in seen_end}) == len(seen_end)


def _watched_battle(session: Any) -> bool:
    """Returns True in a battle of the bot seat that the human seat 0 only watches."""
    view = session.rules.view(session.state, 0)
    return "battle" in view and view["battle"]["seat"] is None


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_watched_battle_names_whose_hand_it_shows(app: Any, lang: str) -> None:
    # the window walk of 2026-11-28: a bot's battle, watched between turns, said "Your hand
    # (0 cards)" under the board; now it names the hero and its hand's size
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
    from engine.core.session import Session

    app.set_language(lang)
    app.settings.anim_speed = 0.0
    seats = (SeatConfig(kind=HUMAN, name="Alma"), SeatConfig(kind=BOT, bot="heuristic",
                                                              name="Bruno"))
    for seed in range(1, 8):
        session = Session.start("heroes", GameConfig(seats, {"mode": "clash",
                                                             "neutrals": "auto"}), seed)
        if play_map_until(session, _watched_battle, seed):
            break
    assert _watched_battle(session)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    assert table.watching
    bv = table.bv
    assert bv is not None
    title = table.strip_title(bv)
    side = bv["sides"][table.my_side]
    assert app.t("heroes.ui.hand", n=0) != title
    if bv["phase"] == "deploy":
        assert bv["deploying"] is None or table.side_name(bv["deploying"]) in title
    else:
        assert title == app.t("heroes.ui.watch_hand", name=table.side_name(table.my_side),
                              n=side["hand_count"])
    # a battle of one's own shows one's own hand
    own = _table_at(app, "map_battle")
    assert not own.watching and own.bv is not None
    assert own.strip_title(own.bv) == app.t("heroes.ui.hand", n=len(own._hand()))


def test_the_town_says_to_finish_an_open_visit_first(app: Any) -> None:
    # the window walk of 2026-11-28: the town opened during a trading post's visit said
    # "That is not possible now." on every row; now it says what to do
    from engine.core.actions import Message
    from engine.core.decisions import ONE, Decision
    from engine.rules.heroes.adventure.rules import TRADE

    table = _table_at(app, "map_town")
    st = table.session.state
    st.trade_done = False
    st.flow.push(Decision(TRADE, 0, ONE, Message("heroes.map.prompt.trade", {}), ("", 1)))
    table.refresh()
    table.town = None
    table._open_town()
    locked = [r for r in table.town.buildings if r.status == "locked"]
    assert locked and all(r.why == app.t("heroes.mapui.why.open_step") for r in locked)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_morale_reroll_shows_the_faces_signed(app: Any, lang: str) -> None:
    # the window walk of 2026-11-28: "rolls a die again: 1 becomes 0" (the +1 read as a count)
    app.set_language(lang)
    table = _table_at(app, "map")
    text = table.game_text("heroes.ev.morale_reroll", {"side": 0, "old": 1, "new": -1})
    assert "+1" in text and "-1" in text
    assert "0" in table.game_text("heroes.ev.morale_reroll", {"side": 0, "old": 1, "new": 0})


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_garrison_side_names_its_player_uncut(app: Any, lang: str) -> None:
    # the window walk of 2026-11-28: a siege's garrison panel read "the units, without a deck ·
    # Playe…"; what does not fit on one line goes on two
    from scenes import assets, theme
    from scenes.heroes.table import ENEMY

    app.set_language(lang)
    room = ENEMY.width - 100
    lines = HeroesTableScene.side_lines(app.t("heroes.ui.side.units_only"), "Player 2", room)
    assert lines[-1].endswith("Player 2")
    assert all(assets.size_of(line, "body", theme.SIZE_SMALL)[0] <= room for line in lines)
    short = HeroesTableScene.side_lines("Knight, level 4", "Alma", room)
    assert short == ["Knight, level 4 · Alma"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_paid_bonus_names_its_source(app: Any, lang: str) -> None:
    # the window walk of 2026-11-28: the Sunforge's start-of-turn offer said only "Pay for the
    # bonus, or leave it."
    from engine.rules.heroes.adventure import rules as R
    from engine.rules.heroes.adventure.game import CLASH

    app.set_language(lang)
    table = _table_at(app, "map")
    st = table.session.state
    faction, building = next((f, b) for f, town in R.mc().towns.items()
                             for b in town.buildings
                             if any(e.get("type") == "pay" for e in b.turn_start))
    st.ps[0].faction = faction  # the faction whose building offers a paid bonus
    st.ps[0].res = [20, 20, 20]
    offer = next(e for e in building.turn_start if e.get("type") == "pay")
    R.queue(st).insert(0, ["effect", 0, "main", R.to_plain(offer), False, None,
                           ["building", building.id]])
    R.run(CLASH, st, [])
    table.refresh()
    app.step([], 1 / 60)
    prompt = CLASH.prompt(st)
    assert prompt.key == "heroes.map.prompt.pay_from"
    assert art.name(app, building.name) in table.game_message(prompt)
    table.session.rules.apply(st, Action.make("choose", option="pay"))
    assert st.ps[0].res[0] == 20 - offer["gold"]  # the source in the context: paying still works


def test_the_round_track_shows_every_round_of_a_long_scenario() -> None:
    # the window walk of 2026-11-28: Three Crowns (16 rounds) had 14 marks, so rounds 15 and 16
    # had none; all fit now, and a longer game keeps the current round and the next in sight
    from scenes.heroes.map import SIDE, track_rounds

    room = SIDE.width - 28 - 24
    assert track_rounds(15, 16, room) == list(range(1, 17))
    assert track_rounds(1, 12, room) == list(range(1, 13))
    for rnd in range(1, 31):
        shown = track_rounds(rnd, 30, room)
        assert rnd in shown and (rnd == 30 or rnd + 1 in shown)
        assert shown == list(range(shown[0], shown[-1] + 1)) and shown[-1] <= 30


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_screen_shows_cubes_alone_where_flags_do_not_count(app: Any, lang: str) -> None:
    # Three Crowns counts no flags at its round limit: the column showed "8 flags · 2 faction
    # cubes" for a game decided by the cubes
    app.set_language(lang)
    table = _table_at(app, "map")
    table.view["flag_roles"] = []
    header, texts = table.over_column() or ("", [])
    assert header == app.t("heroes.mapui.over.column_cubes")
    assert texts == [app.t("heroes.mapui.cubes", n=s["cubes"])
                     for s in table.view["standings"]]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_places_of_one_name_are_told_apart(app: Any, lang: str) -> None:
    # the window walk of 2026-11-28: a beaten hero's havens read "Settlement · Settlement ·
    # Settlement · Town", the secondary hero's start "Town · Settlement · Settlement"
    app.set_language(lang)
    table = _table_at(app, "map")
    named = sorted(h for h, f in table.fields.items() if f["location"])
    assert len(named) >= 3
    texts = table.distinct_places(["Settlement", "Settlement", "Town"], named[:3])
    assert texts[2] == "Town" and all(x.startswith("Settlement") for x in texts[:2])
    assert all(x != "Settlement" for x in texts[:2])
    assert table.distinct_places(["A", "B"], named[:2]) == ["A", "B"]
    pairs = [table.distinct_places(["S", "S"], [a, b]) for a in named for b in named if a < b]
    assert any(p[0] != p[1] for p in pairs)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_deploying_more_than_five_units_says_the_rest_stay_out(app: Any, lang: str) -> None:
    # the window walk of 2026-11-28: an army of seven placed its first five and the battle began;
    # "Your units to place" never said that only five fight (seed 002, "Einheiten")
    from scenes import assets, theme
    from scenes.heroes.table import STRIP

    app.set_language(lang)
    table = _table_at(app, "map_battle")
    assert table.bv is not None
    side = table.my_side
    mine = next(u for u in table.bv["units"] if u["side"] == side)
    units = [dict(mine, uid=100 + i, deployed=False, tower=False, alive=True, square=-1)
             for i in range(7)]
    table.bv = dict(table.bv, phase="deploy", deploying=side, units=units)
    assert table.strip_title(table.bv) == app.t("heroes.ui.to_place_some", n=5, total=7)
    for u in units[:4]:
        u["deployed"] = True
    assert table.strip_title(table.bv) == app.t("heroes.ui.to_place_some", n=1, total=3)
    for u in units[4:6]:
        u["alive"] = False
    assert table.strip_title(table.bv) == app.t("heroes.ui.to_place")
    long = app.t("heroes.ui.to_place_some", n=5, total=7)
    fitted = assets.fit(long, "heading", theme.SIZE_SMALL, STRIP.width - 32)
    assert assets.size_of(fitted, "heading", theme.SIZE_SMALL)[0] <= STRIP.width - 32
