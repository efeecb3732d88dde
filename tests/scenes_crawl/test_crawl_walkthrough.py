"""What a new player's walkthrough found at the crawl's table (issue 18): the map fills its area,
figures and their values read without zooming and never cover each other, the set-up steps
explain themselves, the hints fit, no text is cut, tooltips keep clear of the controls."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from engine import registry
from engine.core.session import Session
from scenes import assets
from scenes.crawl import art, screens
from scenes.crawl.table import CrawlTableScene
from scenes.widgets import tooltip_box

SCREEN = pygame.Rect(0, 0, 1600, 900)


def _frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.step([], 1 / 60)


def _moment(app: Any, moment: str, lang: str = "en") -> CrawlTableScene:
    if app.catalog.lang != lang:
        app.set_language(lang)
    scene = screens.open_moment(app, moment, 3)
    _frames(app)
    return scene


def _scenario(app: Any, setup: dict[str, Any], board: str = "crypt_hall") -> CrawlTableScene:
    rules = registry.rules("crawl")
    config = screens.config(2, {"board": board}, 1)
    state = rules.new_game(config, 3)
    rules.setup_scenario(state, setup)
    scene = CrawlTableScene(app, Session("crawl", config, 3, state), autosave=False)
    app.push(scene)
    scene.is_bot = lambda seat: False  # type: ignore[method-assign]
    _frames(app)
    return scene


class Texts:
    """Records every text the scene renders and every label a fit would cut short."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rendered: list[str] = []
        self.cut: list[str] = []
        text, shadowed, fit = assets.text, assets.shadowed, assets.fit

        def recording_text(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.rendered.append(s)
            return text(s, *args, **kwargs)

        def recording_shadowed(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.rendered.append(s)
            return shadowed(s, *args, **kwargs)

        def recording_fit(s: str, role: str, size: int, width: int) -> str:
            out = fit(s, role, size, width)
            if out != s:
                self.cut.append(s)
            return out

        monkeypatch.setattr(assets, "text", recording_text)
        monkeypatch.setattr(assets, "shadowed", recording_shadowed)
        monkeypatch.setattr(assets, "fit", recording_fit)

    def joined(self) -> str:
        return "\n".join(self.rendered)


@pytest.mark.parametrize("board", ["crypt_hall", "sunken_vault", "twin_halls"])
def test_the_default_zoom_fits_the_dungeon_to_the_map_area(app: Any, board: str) -> None:
    scene = _scenario(app, {"pool_empty": True, "figures": [
        {"hero": "brannoc", "owner": 0, "at": [12, 11], "facing": 2}]}, board)
    assert scene.board is not None
    vr, ts = scene.view_rect, scene.ts
    assert scene.board.width * ts <= vr.width and scene.board.height * ts <= vr.height
    # The largest square that fits: one pixel more and the dungeon would not.
    assert scene.board.width * (ts + 1) > vr.width or scene.board.height * (ts + 1) > vr.height
    # The map has the board area's width (no empty column beside it): about 37 px squares
    # for the printed 30 × 20 and 20 × 20 dungeons at 1600 × 900 (25 px before).
    assert vr.width >= 1180 and ts >= 36


def test_values_read_without_zooming(app: Any) -> None:
    scene = _moment(app, "crowd")
    assert art.readout_size(scene.ts) >= 12
    font = assets.font("bold", art.readout_size(scene.ts))
    assert font.get_ascent() >= 10  # digits of a 12 px font: about 10 px tall
    places = scene.readout_places()
    on_board = [f for f in scene.view["figures"] if f["where"] == "board"]
    assert len(on_board) == 13 and set(places) == {f["uid"] for f in on_board}


@pytest.mark.parametrize("facing", range(8))
def test_values_of_neighbours_never_cover_each_other_or_a_figure(app: Any, facing: int) -> None:
    # Pairs side by side, one above the other, diagonal, a row of three, a block of four.
    squares = [(2, 1), (3, 1), (7, 1), (7, 2), (12, 2), (13, 3), (17, 2), (18, 2), (19, 2),
               (23, 1), (24, 1), (23, 2), (24, 2)]
    figures = [{"spawn": "gnawer_weak", "at": list(sq), "facing": (facing + i) % 8}
               for i, sq in enumerate(squares)]
    scene = _scenario(app, {"pool_empty": True, "round": 3, "figures": [
        {"hero": "brannoc", "owner": 0, "at": [2, 11], "facing": 0}, *figures]})
    places = scene.readout_places()
    ts = scene.ts
    r = art.token_radius(ts)
    centres = {f["uid"]: scene.figure_centre(f["uid"]) for f in scene.view["figures"]
               if f["where"] == "board"}
    rects = [(uid, rect) for uid, (rect, _dial) in places.items()]
    for i, (_a, ra) in enumerate(rects):
        for _b, rb in rects[i + 1:]:
            assert not ra.colliderect(rb)
    for uid, rect in rects:
        for other, (cx, cy) in centres.items():
            if other == uid:
                continue
            nx = min(max(cx, rect.left), rect.right)
            ny = min(max(cy, rect.top), rect.bottom)
            assert math.hypot(nx - cx, ny - cy) >= r - 2, (uid, other)
    # Each figure keeps its values on the board in these neighbourhoods.
    assert set(places) == set(centres)


def test_the_column_shows_a_dial_only_for_a_chosen_figure(app: Any) -> None:
    scene = _moment(app, "crowd")
    scene.select(None)
    _frames(app)
    assert scene.card_rect is None  # no empty column: the log takes the room
    tall_log = scene.log_rect.height
    scene.select(("f", 100))
    _frames(app)
    assert scene.card_rect is not None and scene.card_kind == "figure"
    assert scene.log_rect.top > scene.card_rect.bottom and scene.log_rect.height < tall_log


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_zoom_hint_fits_whole(app: Any, lang: str) -> None:
    scene = _moment(app, "solitaire", lang)  # three buttons in the bar
    text = app.t("crawl.ui.controls")
    for room in range(120, 1200, 20):
        lines = scene.hint_lines(room)
        assert all(assets.size_of(line, "body", 14)[0] <= room for line in lines)
        if lines:  # whole: split at a "·" or between words, never shortened
            assert " · ".join(lines) == text or " ".join(lines).split() == text.split()
    room = min(b.rect.left for b in scene.bar) - scene.bar_rect.left - 26
    assert scene.hint_lines(room), "the hint is shown at the table"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_zoom_hint_without_a_map(app: Any, monkeypatch: pytest.MonkeyPatch,
                                    lang: str) -> None:
    scene = _moment(app, "team_pick", lang)
    texts = Texts(monkeypatch)
    _frames(app)
    assert scene.bar and not scene.shows_map()
    assert app.t("crawl.ui.controls") not in texts.rendered
    assert not any(line in texts.rendered for line in scene.hint_lines(200))


def test_a_lone_wolf_chooses_one_hero(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _moment(app, "pick")
    texts = Texts(monkeypatch)
    _frames(app)
    name = scene.seat_name(scene.view["current"])
    assert app.t("crawl.ui.pick.title.lone", name=name) in texts.rendered
    assert app.t("crawl.ui.pick.title", name=name) not in texts.rendered


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("moment,step", [("pick", "pick.lone"), ("team_pick", "pick.team"),
                                         ("setup", "markers"), ("builder", "build.choose")])
def test_set_up_steps_explain_themselves(app: Any, monkeypatch: pytest.MonkeyPatch, lang: str,
                                         moment: str, step: str) -> None:
    _moment(app, moment, lang)
    texts = Texts(monkeypatch)
    _frames(app)
    assert app.t(f"crawl.ui.step.{step}") in texts.rendered
    assert app.t(f"crawl.ui.step.{step}.text") in texts.rendered


@pytest.mark.parametrize("lang", ["de", "en"])
def test_chest_and_entrance_steps_explain_themselves(app: Any, lang: str) -> None:
    if app.catalog.lang != lang:
        app.set_language(lang)
    session = Session.start("crawl", screens.config(2, {}, 2), 3)
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    seen = set()
    for _ in range(60):
        if scene.curtain_for is not None:
            scene.lift_curtain()
        _frames(app, 1)
        step = scene._step_text()
        if step is not None:
            seen.add(step[0])
            assert step[1] and "crawl.ui" not in step[1]
        phase = scene.view["phase"]
        if phase == "play":
            break
        session.apply(session.rules.legal_actions(session.state)[0])
        scene.refresh()
    for key in ("pick.lone", "chests", "markers", "entrance", "exit"):
        assert app.t(f"crawl.ui.step.{key}") in seen, key


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_text_is_cut_at_the_crawl_table(app: Any, monkeypatch: pytest.MonkeyPatch,
                                           lang: str) -> None:
    texts = Texts(monkeypatch)
    for moment in screens.MOMENTS:
        scene = _moment(app, moment, lang)
        figures = [f for f in scene.view["figures"] if f["where"] == "board"]
        for f in figures[:3]:
            # Pointing at figures shows their tooltips and the column's card.
            app.mouse = scene.square_rect(tuple(f["pos"])).center
            _frames(app, 2)
        while app.stack:
            app.stack.pop().exit()
    assert not texts.cut, texts.cut[:5]


def test_tooltips_keep_clear_of_the_bar_and_the_scores(app: Any) -> None:
    scene = _moment(app, "crowd")
    assert scene.bar
    avoid = scene.tooltip_avoid()
    controls = [b.rect for b in scene.bar] + [scene.status_rect]
    # A square one row above the map's bottom: a tooltip under it would lie on the action bar,
    # so it goes above.
    assert scene.board is not None
    anchor = scene.square_rect((scene.board.width // 2, scene.board.height - 2))
    assert anchor.bottom + 8 + 100 > scene.bar_rect.top
    box = tooltip_box((420, 100), anchor, SCREEN, [r for r in avoid if r != anchor])
    assert box.collidelist(controls) < 0 and not box.colliderect(anchor)
    # The activation button's own tooltip covers neither the other buttons nor the scores.
    button = scene.bar[0]
    box = tooltip_box((380, 90), button.rect, SCREEN, [r for r in avoid if r != button.rect])
    assert box.collidelist([r for r in controls if r != button.rect]) < 0


def test_map_squares_and_stat_digits_at_1600x900(app: Any) -> None:
    # The numbers: the map used half the screen with ~25 px squares and ~8 px digits.
    scene = _moment(app, "early")
    assert scene.ts >= 36
    area = scene.board.width * scene.ts * scene.board.height * scene.ts  # type: ignore[union-attr]
    assert area >= 0.45 * 1600 * 900
