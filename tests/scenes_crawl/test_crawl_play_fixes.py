"""What the mouse play-through of issue 5 fixed: turned builder sections keep their cost digits
upright, acted figures keep their colours, the move tooltip counts steps as the rules do, the
reasons why no attack is possible, disarm odds, the dungeon's name in the log, readable bar
buttons and dial readouts that never run into each other."""

from __future__ import annotations

from typing import Any

import pygame

from engine.ai.base import make_bot
from engine.core.rng import Rng
from engine.core.session import Session
from engine.rules.crawl.combat import roll_ways
from engine.rules.crawl.core import may_attack
from engine.rules.crawl.preview import ATTACK_MP
from scenes import assets
from scenes.crawl import art, query, screens
from scenes.crawl.table import CrawlTableScene, place_readouts


def _frames(app: Any, n: int) -> None:
    for _ in range(n):
        app.step([], 1 / 60)


def _badge_centre(rect: pygame.Rect) -> tuple[int, int]:
    # Where art._cost_badge puts its disc: the top-right corner of the square.
    size = max(10, rect.width // 3)
    return rect.right - size // 2 - 2, rect.top + size // 2 + 2


def test_turned_sections_draw_their_cost_digits_upright(app: Any) -> None:
    ts, cell = 20, 5
    plain = query.board("corridor_01", "corridor_01")  # no square with a cost digit
    upright = art.section_preview("corridor_01", plain, frozenset(), {}, ts, cell, 0)
    turned = art.section_preview("corridor_01", plain, frozenset(), {}, ts, cell, 1)
    # Without digits a turned section is just the upright picture turned.
    rotated = pygame.transform.rotate(upright, -90)
    assert turned.get_size() == rotated.get_size()
    assert all(turned.get_at((x, y)) == rotated.get_at((x, y))
               for x in range(0, turned.get_width(), 7) for y in range(0, turned.get_height(), 7))
    sid = "chamber_02"
    info = query.board(sid, sid)
    dear = [sq for sq, k in info.terrain.items() if art.badge_ink(k, info.cost.get(sq, 1))]
    assert dear
    up = art.section_preview(sid, info, frozenset(), {}, ts, cell, 0)
    size = up.get_width()
    margin = (size - cell * ts) // 2
    ox = margin + (cell - info.width) * ts // 2
    oy = margin + (cell - info.height) * ts // 2
    for rot in (1, 2, 3):
        pic = art.section_preview(sid, info, frozenset(), {}, ts, cell, rot)
        for x, y in dear:
            before = pygame.Rect(ox + x * ts, oy + y * ts, ts, ts)
            cx, cy = before.centerx, before.centery
            for _ in range(rot):
                cx, cy = size - cy, cx
            after = pygame.Rect(0, 0, ts, ts)
            after.center = (cx, cy)
            # The digit's disc reads the same as upright: same pixels around its centre.
            (bx, by), (ax, ay) = _badge_centre(before), _badge_centre(after)
            same = sum(up.get_at((bx + dx, by + dy)) == pic.get_at((ax + dx, ay + dy))
                       for dx in range(-2, 3) for dy in range(-2, 3))
            assert same >= 24, (rot, (x, y), same)


def test_an_acted_figure_keeps_its_ring_colour_and_art(app: Any) -> None:
    ts, ring = 40, (200, 40, 40)
    fresh = art.figure_token("crawl.brannoc", ts, ring, 0, 1.0, True, False)
    acted = art.figure_token("crawl.brannoc", ts, ring, 0, 1.0, True, True)
    c = fresh.get_width() // 2
    r = int(art.token_radius(ts))
    on_ring = (c + r - 2, c)
    red = acted.get_at(on_ring)
    assert red.r > red.g + 30  # still the player's colour, only darker
    assert red.r < fresh.get_at(on_ring).r
    # The silhouette stays: the middle of the token is not one flat shade.
    middle = {tuple(acted.get_at((c + dx, c + dy))) for dx in range(-6, 7, 3)
              for dy in range(-6, 7, 3)}
    assert len(middle) > 1


def test_demoralized_figures_carry_a_badge(app: Any) -> None:
    plain = art.figure_token("crawl.brannoc", 40, (40, 40, 200), 2, 1.0, False, False)
    low = art.figure_token("crawl.brannoc", 40, (40, 40, 200), 2, 1.0, False, False, True)
    assert plain.get_at((plain.get_width() // 2 - 13, plain.get_width() // 2 - 13)) != \
        low.get_at((low.get_width() // 2 - 13, low.get_width() // 2 - 13))


def _session_with_hero_outside(humans: int = 2) -> Session:
    session = Session.start("crawl", screens.config(2, {}, humans), 8)
    rules = session.rules
    rng = Rng(4)
    for _ in range(400):
        legal = rules.legal_actions(session.state)
        if session.state.active < 0 and any(
                a.kind == "activate" and session.state.fig(a["figure"]).where == "outside"
                for a in legal):
            return session
        session.apply(make_bot("heuristic", "crawl", seed=rng.below(1000)).choose(
            rules, session.state, session.actor))
    raise AssertionError("no hero waited outside")


def test_move_tooltip_counts_the_entrance_like_the_rules(app: Any) -> None:
    session = _session_with_hero_outside()
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    scene.lift_curtain()
    _frames(app, 2)
    act = next(a for a in scene.legal if a.kind == "activate"
               and scene.figs[a["figure"]]["where"] == "outside")
    # The bar offers the hero by its whole name (never cut to "…" where the button draws it).
    for b in scene.bar:
        avail = b.rect.width - 24 - (min(b.rect.height - 18, 30) + 10)
        assert assets.fit(b.label, b.role, b.size, avail) == b.label
    scene.send(act)
    _frames(app, 2)
    assert scene.reach
    entrance = app.t("crawl.ui.move.entrance", mp=1)
    for sq, info in scene.reach.items():
        lines = scene.move_lines(sq)
        assert lines[0] == app.t("crawl.ui.move.title", mp=info["cost"],
                                 left=scene.view["mp"])
        steps = lines[1].split(" · ")
        assert steps[0].startswith(entrance.split(" ")[0])
        # The steps add up to the cost the rules charge.
        total = sum(int(part.split(" ")[1]) + (1 if app.t("crawl.ui.move.diagonal") in part
                                                else 0) for part in steps)
        assert total == info["cost"], (sq, lines)


def test_no_attack_says_why(app: Any) -> None:
    scene = screens.build(app, "battle", seed=3)
    scene.is_bot = lambda seat: False  # type: ignore[method-assign]
    state = scene.session.state
    pair = None
    for f in state.figures:
        for g in state.figures:
            if f.where == g.where == "board" and f.hero and not g.hero \
                    and max(abs(f.pos[0] - g.pos[0]), abs(f.pos[1] - g.pos[1])) == 1 \
                    and may_attack(state, f, g) and not scene.figs[f.uid]["demoralized"]:
                pair = (f, g)
    if pair is None:  # no fight in this picture: put a brood next to a hero by hand
        hero = next(f for f in state.figures if f.hero and f.where == "board")
        brood = next(f for f in state.figures if not f.hero)
        brood.pos = (hero.pos[0] + 1, hero.pos[1])
        brood.where = "board"
        pair = (hero, brood)
    hero, brood = pair
    # The hero is active with one movement point too few: the rules refuse the attack and
    # the tooltip says why.
    state.active, state.mp = hero.uid, ATTACK_MP - 1
    scene.refresh()
    lines = scene.no_attack_lines(brood.uid)
    assert lines == [app.t("crawl.ui.no_attack.mp", name=scene.fig_name(hero.uid),
                           mp=ATTACK_MP - 1, cost=ATTACK_MP)]


def test_disarm_odds_follow_the_two_and_twelve_rule() -> None:
    assert roll_ways(8, 0) == 15  # 8..12 on 2d6
    assert roll_ways(8, 2) == 26  # careful: +2
    assert roll_ways(20, 0) == 1  # only the 12 always works
    assert roll_ways(0, 5) == 35  # the 2 always fails


def test_the_solitaire_dungeon_is_named_in_the_log(app: Any) -> None:
    scene = screens.build(app, "solitaire", seed=3)
    text = scene.game_text("crawl.event.door_placed", {"seat": -1, "piece_name": "x"})
    assert app.t("crawl.ui.dungeon_seat") in text and "-1" not in text


def test_dial_readouts_never_overlap(app: Any) -> None:
    ts = 37
    size = art.readout((6, 10, 15, 4), ts).get_size()
    # A row of three side by side and one below the middle one, all facing east.
    centres = [(400, 400), (400 + ts, 400), (400 + 2 * ts, 400), (400 + ts, 400 + ts)]
    places = place_readouts(ts, [(i, c, 2, size) for i, c in enumerate(centres)])
    assert len(places) == 4
    rects = list(places.values())
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b)
