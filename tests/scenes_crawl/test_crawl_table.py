"""The crawl table: renders in both languages at several moments, clicks send the right
actions, whole games can be played through the scene's mouse choices, and steady frames do no
font rendering, scaling or loading."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.rng import Rng
from engine.core.session import Session
from scenes.crawl import screens
from scenes.crawl.table import CrawlTableScene
from tests.scenes.render_counter import RenderCounter


def _frames(app: Any, n: int) -> None:
    for _ in range(n):
        app.step([], 1 / 60)


def _table(app: Any, players: int, humans: int, options: dict[str, Any] | None = None,
           seed: int = 5) -> CrawlTableScene:
    session = Session.start("crawl", screens.config(players, options or {}, humans), seed)
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    return scene


def _click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    app.mouse = pos
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], 1 / 60)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("moment", ["team_pick", "setup", "early", "three"])
def test_table_renders_at_moments(app: Any, lang: str, moment: str) -> None:
    if app.catalog.lang != lang:
        app.set_language(lang)
    scene = screens.build(app, moment, seed=3)
    scene.is_bot = lambda seat: False  # type: ignore[method-assign]
    _frames(app, 3)
    screen = app.screen
    colours = {tuple(screen.get_at((x, y))) for x in range(0, 1600, 53) for y in range(70, 900, 41)}
    assert len(colours) > 60
    assert scene.board is not None and scene.view["figures"]
    # Every string the board shows comes from the catalog: no raw crawl.ui keys on screen.
    for line in scene.square_lines((scene.board.width // 2, scene.board.height // 2)):
        assert "crawl.ui." not in line


def test_clicking_a_hero_card_picks_it(app: Any) -> None:
    scene = _table(app, 2, 2)
    assert scene.curtain_for == 0  # hot seat: the first player takes the seat first
    scene.lift_curtain()
    _frames(app, 2)
    rect, hero, actions = scene.roster[0]
    assert actions and actions[0]["hero"] == hero
    _click(app, rect.center)
    assert scene.session.actions[-1].kind == "pick_hero"
    assert scene.session.actions[-1]["hero"] == hero


def test_clicking_legal_squares_sends_those_actions(app: Any) -> None:
    scene = _table(app, 2, 1)
    bots = Rng(11)
    # Let the set-up run (seat 1 is a bot: fake worker answers) until the human places things.
    for _ in range(200):
        if scene.session.is_over:
            break
        if scene.is_my_turn():
            legal = scene.legal
            placing = [a for a in legal if a.kind in ("place_chest", "place_marker",
                                                     "choose_entrance", "choose_exit")]
            if placing:
                a = placing[0]
                sq = tuple(a["at"]) if "at" in a.params else scene.entrance_square(a["entrance"])
                choices = scene.square_actions(sq)  # type: ignore[arg-type]
                assert any(a in acts for _, acts in choices)
                before = len(scene.session.actions)
                if len(choices) == 1:
                    _click(app, scene.square_rect(sq).center)  # type: ignore[arg-type]
                    assert scene.session.actions[before] == a
                else:
                    _click(app, scene.square_rect(sq).center)  # type: ignore[arg-type]
                    assert scene.popup, "several meanings open a menu"
                    index = next(i for i, (_, acts) in enumerate(choices) if a in acts)
                    _click(app, scene.popup.buttons[index].rect.center)
                    assert scene.session.actions[before] == a
                continue
            choice = bots.choice(scene.mouse_choices())
            scene.send_all(choice[1])
        else:
            _frames(app, 30)
        if scene.view.get("phase") == "play":
            break
    assert scene.view.get("phase") == "play"


def test_selecting_then_clicking_a_square_activates_and_moves(app: Any) -> None:
    session = Session.start("crawl", screens.config(2, {}, 2), 8)
    screens.drive(session, 400, 8)
    # Find a position where the current human can activate a hero standing on the board.
    session = Session.start("crawl", screens.config(2, {}, 2), 8)
    rules = session.rules
    rng = Rng(4)
    for _ in range(600):
        legal = rules.legal_actions(session.state)
        acts = [a for a in legal if a.kind == "activate"
                and session.state.fig(a["figure"]).where == "board"]
        if acts and session.state.active < 0:
            break
        from engine.ai.base import make_bot

        session.apply(make_bot("heuristic", "crawl", seed=rng.below(1000)).choose(
            rules, session.state, session.actor))
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    scene.lift_curtain()
    _frames(app, 2)
    act = next(a for a in scene.legal if a.kind == "activate"
               and scene.figs[a["figure"]]["where"] == "board")
    uid = act["figure"]
    pos = scene.figs[uid]["pos"]
    scene.centre_on((pos[0], pos[1]))
    _click(app, scene.square_rect((pos[0], pos[1])).center)
    assert scene.selected == ("f", uid)
    assert len(scene.session.actions) == len(session.actions)  # selecting sends nothing
    if scene.reach and not scene.break_info.get("needed"):
        target = sorted(scene.reach)[0]
        scene.centre_on(target)
        count = len(scene.session.actions)
        _click(app, scene.square_rect(target).center)
        kinds = [a.kind for a in scene.session.actions[count:]]
        assert kinds[:1] == ["activate"]
        assert "move" in kinds or scene.session.state.fig(uid).pos != tuple(pos)
    else:
        _click(app, scene.square_rect((pos[0], pos[1])).center)
        assert scene.session.actions[-1] == act


@pytest.mark.parametrize("players,humans,options", [
    (2, 1, {"turn_limit": 6}),  # lone wolf against a bot
    (1, 1, {"turn_limit": 6}),  # solitaire
    (3, 3, {"turn_limit": 5, "board": "sunken_vault"}),  # three players, hot seat
    (2, 2, {"mode": "team", "turn_limit": 5}),  # teams with the points budget
    (2, 2, {"pieces": True, "turn_limit": 5}),  # terrain markers and doors in the set-up
    (2, 2, {"board": "builder", "turn_limit": 5}),  # the dungeon built from sections
    (1, 1, {"board": "builder", "floors": True, "survival": True, "turn_limit": 5}),
])
def test_whole_game_through_mouse_choices(app: Any, players: int, humans: int,
                                          options: dict[str, Any]) -> None:
    app.settings.anim_speed = 0
    scene = _table(app, players, humans, options, seed=21)
    rng = Rng(players * 7 + humans)
    for _ in range(4000):
        if scene.session.is_over:
            break
        if scene.curtain_for is not None:
            scene.lift_curtain()
            continue
        if not scene.is_my_turn():
            _frames(app, 40)
            continue
        choices = scene.mouse_choices()
        legal = scene.rules.legal_actions(scene.session.state)
        # Everything legal can be reached with the mouse.
        reachable = {a for _, acts in choices for a in acts}
        assert set(legal) <= reachable, set(legal) - reachable
        # Prefer doing things over ending, so games get somewhere.
        kinds = [c for c in choices if c[1][0].kind not in ("end_turn", "end_activation")]
        pick = rng.choice(kinds if kinds and rng.below(5) else choices)
        scene.send_all(pick[1])
    assert scene.session.is_over


def test_steady_frames_do_no_expensive_work(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    counter = RenderCounter(monkeypatch)
    scene = screens.build(app, "early", seed=3)
    scene.is_bot = lambda seat: False  # type: ignore[method-assign]
    active = scene.view["active"]
    if active >= 0:
        pos = scene.figs[active]["pos"]
        app.mouse = scene.square_rect((pos[0] + 1, pos[1])).center
    else:
        app.mouse = scene.view_rect.center
    _frames(app, 30)
    counter.watch()
    counter.reset()
    _frames(app, 8)
    counter.assert_none("crawl table")


def test_zoom_and_pan_keep_the_map_in_view(app: Any) -> None:
    scene = screens.build(app, "setup", seed=3)
    scene.is_bot = lambda seat: False  # type: ignore[method-assign]
    _frames(app, 2)
    zoom = scene.zoom
    app.mouse = scene.view_rect.center
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 1 / 60)
    assert scene.zoom == zoom + 1
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_MINUS, mod=0, unicode="-")],
             1 / 60)
    assert scene.zoom == zoom
    cam = list(scene.cam)
    start = scene.view_rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 60, start[1] + 30),
                                 rel=(60, 30), buttons=(0, 0, 1)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 60, start[1] + 30),
                                 button=3)], 1 / 60)
    assert scene.cam != cam


def _stash_step(seed: int = 6) -> Session:
    """Returns a campaign floor's game (one human) at its stash step, its last before the
    next floor."""
    from engine.ai.base import make_bot

    session = Session.start("crawl", screens.config(1, {"floors": True}, 1), seed)
    bot = make_bot("heuristic", "crawl", seed=seed)
    for _ in range(3000):
        if any(a.kind == "done_stashing" for a in session.rules.legal_actions(session.state)):
            return session
        assert not session.is_over
        session.apply(bot.choose(session.rules, session.state, session.actor))
    raise AssertionError("no stash step reached")


def test_stash_step_shows_the_chests_and_clicks_leave_and_take_them(app: Any) -> None:
    scene = CrawlTableScene(app, _stash_step(), autosave=False)
    app.push(scene)
    if scene.curtain_for is not None:
        scene.lift_curtain()
    _frames(app, 2)
    cards = [(rect, c["uid"], a) for rect, c, a in scene.stash_cards if a is not None]
    assert cards and all(a.kind == "stash" for _r, _u, a in cards)
    rect, uid, _ = cards[0]
    _click(app, rect.center)
    _frames(app, 2)
    assert any(c["uid"] == uid and c["safe"] for c in scene.view["chests"])
    again = [(r, a) for r, c, a in scene.stash_cards if c["uid"] == uid]
    assert again and again[0][1] is not None and again[0][1].kind == "unstash"
    _click(app, again[0][0].center)
    _frames(app, 2)
    assert any(c["uid"] == uid and not c["safe"] for c in scene.view["chests"])
    # The bar offers going on; stash and unstash live on the cards only.
    assert {a.kind for acts in scene.bar_actions for a in acts} == {"done_stashing"}


def test_builder_draft_opens_the_pile_and_shows_every_hand(app: Any) -> None:
    session = Session.start("crawl", screens.config(2, {"board": "builder"}, 1), 3)
    screens.drive(session, 2, 3)  # both heroes picked: the draft begins
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    _frames(app, 2)
    assert scene.popup is not None and scene.popup.rect is not None  # the open pile, without a click
    assert scene.view["hands"] == [[], []]
    _click(app, scene.popup.buttons[0].rect.center)
    for _ in range(200):  # the bot takes its section, then the pile opens again
        _frames(app, 1)
        if scene.popup is not None and scene.view["hands"][1]:
            break
    hands = scene.view["hands"]
    assert len(hands[0]) == 1 and len(hands[1]) == 1
    scene.popup = None
    _frames(app, 2)
    assert any(tip for _rect, tip in scene.panel_tips)  # each section in hand has its name


def test_placing_a_section_offers_drawn_turned_sections(app: Any) -> None:
    from scenes.crawl.table import SectionButton

    session = Session.start("crawl", screens.config(2, {"board": "builder"}, 1), 3)
    for _ in range(200):
        legal = session.rules.legal_actions(session.state)
        if session.actor == 0 and any(a.kind == "place_section" for a in legal):
            break
        screens.drive(session, 1, 3)
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    _frames(app, 2)
    cells: dict[tuple[int, int], list[Any]] = {}
    for a in scene.legal:
        if a.kind == "place_section":
            cells.setdefault(tuple(a["cell"]), []).append(a)
    cell = max(cells, key=lambda c: len(cells[c]))
    scene.click_square((cell[0] * 5 + 2, cell[1] * 5 + 2), (100, 100))
    assert len(scene.popup.buttons) == len(cells[cell]) > 1
    assert all(isinstance(b, SectionButton) for b in scene.popup.buttons)
    assert scene.popup.rect is not None and scene.view_rect.contains(scene.popup.rect)
    _frames(app, 2)
    turned = next(b for b in scene.popup.buttons if b.rot)
    placed = session.state.layout.get("pieces", [])[:]
    _click(app, turned.rect.center)
    _frames(app, 2)
    pieces = session.state.layout.get("pieces", [])
    assert len(pieces) == len(placed) + 1 and pieces[-1][3] == turned.rot
