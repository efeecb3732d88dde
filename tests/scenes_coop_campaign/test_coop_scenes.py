"""The mission table: moments in both languages with no text cut, the attack preview under the
pointer, the enemy turn's reasons, the hero pick, and whole missions played with mouse events
only (solo with two heroes on tile 1; tile 2 in hot-seat with two humans)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.actions import Action
from scenes import assets
from scenes.coop_campaign import art, query
from scenes.coop_campaign.screens import MOMENTS, new_session, open_moment
from scenes.coop_campaign.setup import HeroCard, HeroPickScene
from scenes.coop_campaign.table import CoopTableScene
from tests.scenes.render_counter import RenderCounter
from tests.scenes_coop_campaign.mouse import click, play_by_mouse, press


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every text that ``assets.fit`` had to shorten with an ellipsis."""
    found: list[str] = []
    real = assets.fit

    def watching(s: str, role: str, size: int, width: int) -> str:
        out = real(s, role, size, width)
        if out != s:
            found.append(s)
        return out

    monkeypatch.setattr(assets, "fit", watching)
    return found


def _open(app: Any, session: Any, speed: float = 0.0) -> CoopTableScene:
    app.settings.anim_speed = speed
    table = CoopTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    return table


def test_the_game_is_in_the_menu_with_its_pregame_step() -> None:
    from scenes.games import pregame_class, pregame_options, scene_class

    assert "coop_campaign" in registry.listed_ids()
    assert scene_class("coop_campaign") is CoopTableScene
    assert pregame_class("coop_campaign") is HeroPickScene
    assert pregame_options("coop_campaign") == ("heroes", "boxes")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_moment_renders_whole_in_both_languages(app: Any, lang: str,
                                                      cuts: list[str]) -> None:
    app.set_language(lang)
    for name in MOMENTS:
        open_moment(app, name, seed=1)
        for _ in range(30):
            app.step([], 1 / 30)
        screen = app.screen
        colours = {tuple(screen.get_at((x, y))) for x in range(0, 1600, 97)
                   for y in range(0, 900, 61)}
        assert len(colours) > 40, name
        while app.stack:
            app.stack.pop().exit()
    assert cuts == []


def test_a_solo_mission_with_two_heroes_is_played_to_its_end_with_the_mouse(
        app: Any, cuts: list[str]) -> None:
    app.set_language("de")
    session = new_session(11, {"tile": "bridge"})
    table = _open(app, session)
    assert len(table.view["heroes"]) == 2
    assert {h["seat"] for h in table.view["heroes"]} == {0}
    kinds = play_by_mouse(app, table, 3)
    assert session.is_over
    assert {"play", "end"} <= kinds
    for _ in range(3):
        app.step([], 0.1)
    assert cuts == []


def test_a_hot_seat_mission_on_tile_two_passes_the_mouse_without_a_curtain(
        app: Any, cuts: list[str]) -> None:
    from engine.ai.base import make_bot

    session = new_session(4, {"tile": "glade"}, seats=2, humans=2)
    table = _open(app, session)
    seats = set()
    bot = make_bot("heuristic", "coop_campaign", seed=4)  # two players who play sensibly
    for _ in range(2000):
        if session.is_over:
            break
        seats.add(table.actor)
        assert table.viewer == table.actor  # the screen follows whoever acts
        kinds = play_by_mouse(app, table, 5, limit=1, bot=bot)
        assert kinds
    assert session.is_over
    assert seats == {0, 1}
    assert cuts == []


def test_dropping_and_offering_an_item_with_the_mouse(app: Any) -> None:
    from engine.rules.coop_campaign import engine as E
    from tests.scenes_coop_campaign.mouse import act

    session = new_session(1, {"heroes": "barbarian,wizard"}, seats=2, humans=2)
    st = session.state
    wiz, barb = st.heroes[1], st.heroes[0]
    for card in ("healing_draught.1", "amulet_protection.1", "boots.1"):
        for deck in st.loot.values():
            if card in deck.draw_pile.cards:
                deck.draw_pile.remove(card)
    wiz.items = ["etched_staff.h2", "healing_draught.1", "amulet_protection.1"]
    barb.items = ["greatblade.h1"]
    st.loot["gold"].put_top(["boots.1"])
    assert E.give_loot(st, [], 1, "gold")  # four items, room for three
    table = _open(app, session)
    assert table.view["pending"] == "drop" and table.chooser is not None
    assert table.tableau_hero() == 1  # the pack shown is the one too full
    act(app, table, Action.make("drop", item="amulet_protection.1"))
    assert table.view["pending"] == "offer" and table.actor == 0
    assert table.tableau_hero() == 0  # the hero offered the item
    act(app, table, Action.make("accept"))
    assert "amulet_protection.1" in table.view["heroes"][0]["items"]


def test_animations_play_the_events_step_by_step(app: Any, cuts: list[str]) -> None:
    session = new_session(7, {"tile": "bridge"})
    table = _open(app, session, speed=1.0)
    seen_target = False
    for _ in range(60):
        if session.is_over:
            break
        play_by_mouse(app, table, 9, limit=1)
        tl = table.timeline
        if tl is not None and any(s.event.key == "coop.ev.target" for s in tl.steps):
            step = next(s for s in tl.steps if s.event.key == "coop.ev.target")
            tl.elapsed = step.start + step.duration / 2
            assert tl.current is step
            # the board shows the mission as it stood then, and the reason is on the banner
            assert table.dv is step.view
            app.step([], 1 / 60)
            seen_target = True
            break
    assert seen_target
    click(app, (600, 120))  # a click skips the rest
    assert not table.anim.busy
    assert table.dv is table.view
    assert cuts == []


def test_pointing_at_a_zone_shows_the_rules_expected_damage(app: Any) -> None:
    table = open_moment(app, "attack", seed=1)
    app.step([], 1 / 60)
    plan = table.plan
    assert plan is not None and plan.effect in ("attack", "basic_attack")
    found = table.attack_preview()
    assert found is not None
    preview, info, targets = found
    row = next(r for r in info["targets"] if (r["uid"], r["zone"]) == tuple(targets[-1]))
    # the badge on the zone is the number annotate gives for the same action
    shown = row.get("expected_rerolls", row["expected"])  # with rerolls, where the rules fold them
    assert table.badges()[tuple(targets[-1])] == pytest.approx(shown)
    act = plan.action_for(targets)
    fresh = table.rules.annotate(table.session.state, 0, [act])[0]
    assert fresh.detail == preview.detail
    assert row["expected_plain"] <= row["expected_empowered"]


def test_clicking_a_zone_attacks_it(app: Any) -> None:
    table = open_moment(app, "attack", seed=1)
    app.settings.anim_speed = 0.0
    plan = table.plan
    assert plan is not None
    target = plan.zones()[0]
    before = len(table.session.actions)
    while table.plan is not None and len(table.session.actions) == before:
        click(app, table.zone_rect(table.card_rects(table.view)[target[0]], target[1]).center)
        if table.plan is not None and table.plan.exact() is not None:
            press(app, table.buttons, app.t("coop.ui.attack_n", n=len(table.plan.chosen)))
    action = table.session.actions[before]
    assert action.kind == "play"
    assert any(isinstance(p, tuple) and len(p) == 2 and target in p[1] for p in action["picks"])


def test_a_right_click_takes_a_half_made_choice_back(app: Any) -> None:
    table = open_moment(app, "attack", seed=1)
    assert table.plan is not None and table.plan.chosen  # one target of an area attack
    click(app, (600, 500), button=3)
    assert table.plan is not None and not table.plan.chosen
    click(app, (600, 500), button=3)
    assert table.plan is None
    assert "{" not in table.prompt_text


def test_the_log_says_why_an_enemy_attacked_whom(app: Any) -> None:
    session = new_session(2, {"tile": "bridge"})
    table = _open(app, session)
    for _ in range(900):
        if session.is_over or any(e.key == "coop.ev.target" for e in session.log):
            break
        play_by_mouse(app, table, 1, limit=1)
    index, event = next((i, e) for i, e in enumerate(table.log_events)
                        if e.key == "coop.ev.target")
    text = table.game_text(event.key, event.params)
    who = table.hero_label(event.params["who"])
    assert who in text and "{" not in text
    details = table.event_details(event)
    assert details[0].startswith(app.t("coop.ui.reason.area", direction="")[:5])
    hit = next(e for e in table.log_events[index:] if e.key == "coop.ev.hit")
    lines = table.event_details(hit)
    assert len(lines) >= 2 and all("{" not in line for line in lines)


def test_the_hero_pick_gives_each_slot_its_hero(app: Any) -> None:
    open_moment(app, "setup", seed=1)
    scene = app.top
    assert isinstance(scene, HeroPickScene)
    assert scene.count() == 2  # one player leads two heroes
    cards = {w.hid: w for w in scene.widgets if isinstance(w, HeroCard)}
    click(app, cards["assassin"].rect.center)
    cards = {w.hid: w for w in app.top.widgets if isinstance(w, HeroCard)}
    click(app, cards["huntress"].rect.center)
    assert scene.picked == ["assassin", "huntress"]
    press(app, app.top.widgets, app.t("coop.ui.start"))
    table = app.top
    assert isinstance(table, CoopTableScene)
    assert [h["hero"] for h in table.view["heroes"]] == ["assassin", "huntress"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_single_missions_campaign_notes_are_named_switches(app: Any, lang: str,
                                                            cuts: list[str]) -> None:
    from engine.core.protocol import HUMAN, GameConfig, SeatConfig
    from scenes.coop_campaign.setup import NoteToggle
    from scenes.menu import MainMenuScene
    from scenes.newgame import SetupScene

    app.set_language(lang)
    app.push(MainMenuScene(app))
    setup = SetupScene(app, "coop_campaign")
    app.push(setup)
    app.step([], 1 / 60)
    # no typed list of ids on the set-up screen, neither heroes nor campaign notes
    assert "boxes" not in [o.id for o in setup.shown_options()]
    assert "heroes" not in [o.id for o in setup.shown_options()]
    app.pop()
    seats = (SeatConfig(kind=HUMAN, name="Alma"),)
    for tile, note in (("abbey", "bell_rung"), ("queen", "ashes_scattered"),
                       ("ossuary", "spared_trapper"), ("bridge", None)):
        scene = HeroPickScene(app, "coop_campaign", GameConfig(seats, {"tile": tile}), 2)
        app.push(scene)
        app.step([], 1 / 60)
        toggles = [w for w in scene.widgets if isinstance(w, NoteToggle)]
        if note is None:
            assert toggles == []  # the crossing reads no note: nothing to switch
            app.pop()
            continue
        assert [w.note.id for w in toggles] == [note]
        box = query.box(note)
        assert toggles[0].label == art.name(app, box.name)  # its name in the reader's language
        assert toggles[0].tooltip == [art.name(app, box.name), art.name(app, box.text)]
        app.pop()
    # switched on, the mission starts with the note ticked
    scene = HeroPickScene(app, "coop_campaign", GameConfig(seats, {"tile": "abbey"}), 2)
    app.push(scene)
    app.step([], 1 / 60)
    toggle = next(w for w in scene.widgets if isinstance(w, NoteToggle))
    click(app, toggle.rect.center)
    press(app, app.top.widgets, app.t("coop.ui.start"))
    table = app.top
    assert isinstance(table, CoopTableScene)
    assert table.session.config.options["boxes"] == "bell_rung"
    assert table.session.state.boxes == ["bell_rung"]
    assert cuts == []


def test_every_river_tile_shows_the_rules_cost(app: Any) -> None:
    table = open_moment(app, "river", seed=1)
    v = table.view
    h = v["heroes"][v["active"]]
    for entry in h["river"]:
        acts = table.index.at(("tile", entry["tile"]))
        if acts:
            cost = table.preview(acts[0]).cost[0].total
            assert cost == entry["cost"]
    slot = next(k for k, r in enumerate(h["river"]) if not r.get("cooldown"))
    tip = table._tile_tip(slot)
    assert any(str(h["river"][slot]["cost"]) in line for line in tip)


def test_the_end_screen_shows_each_seats_hearts(app: Any) -> None:
    table = open_moment(app, "over", seed=1)
    header, values = table.over_column()
    assert header == "Hearts"
    heroes = table.view["heroes"]
    assert values == [f"{h['hp']}/{h['hp_max']}" for h in heroes]


def test_six_items_fit_left_of_the_river(app: Any) -> None:
    # a boss tile's relic and scroll can leave a hero over capacity at a mission's end
    table = open_moment(app, "over", seed=1)
    st = table.session.state
    h = st.heroes[st.token]
    h.items += ["healing_draught.1", "healing_draught.2", "level_scroll.abbey-h1",
                "abbot_lantern.abbey-h1"][: max(0, 6 - len(h.items))]
    table.shown_hero = st.token
    table.refresh()
    rects = [table.item_rect(k) for k in range(len(h.items))]
    assert len(rects) == 6
    assert all(r.width >= 28 for r in rects)
    assert all(a.right < b.left for a, b in zip(rects, rects[1:], strict=False))
    assert rects[-1].right < table.tile_rect(0).left
    assert table.hit(rects[-1].center) == ("item", 5)


@pytest.mark.parametrize("name", ["river", "attack"])
def test_steady_frames_render_nothing_new(app: Any, name: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    counter = RenderCounter(monkeypatch)
    open_moment(app, name, seed=1)
    for _ in range(40):
        app.step([], 1 / 30)
    counter.watch()
    counter.reset()
    for _ in range(6):
        app.step([], 1 / 30)
    counter.assert_none(name)


def test_an_illegal_tile_names_the_rule(app: Any) -> None:
    table = open_moment(app, "river", seed=1)
    v = table.view
    h = v["heroes"][v["active"]]
    slot = next(k for k, r in enumerate(h["river"]) if r.get("cooldown"))
    line = table._refusal(Action.make("play", tile=h["river"][slot]["tile"], picks=[]))
    assert line == app.t("coop.rule.cooldown")
    assert art.tile_name(app, h["river"][slot]["tile"]) in table._tile_tip(slot)[0]


def test_a_mission_with_a_bot_seat_is_played_to_its_end(app: Any) -> None:
    session = new_session(6, {"tile": "bridge"}, seats=2, humans=1)
    table = _open(app, session, speed=1.0)
    bot_moves = 0
    for _ in range(3000):
        if session.is_over:
            break
        if table.is_my_turn() and not table.anim.busy:
            play_by_mouse(app, table, 2, limit=1)
        else:
            before = len(session.actions)
            app.step([], 0.5)  # the bot thinks, then its events play back
            bot_moves += len(session.actions) - before
    assert session.is_over
    assert bot_moves > 0


def test_an_attack_tile_says_before_the_click_what_it_would_hit(app: Any) -> None:
    # an attack with no enemy in reach still plays (for its core and other effects): the tile's
    # tooltip warns; one with a single way to play shows the expected damage before the click
    table = open_moment(app, "river", seed=1)
    v = table.view
    h = v["heroes"][v["active"]]
    seen = set()
    for slot, entry in enumerate(h["river"]):
        acts = table.index.at(("tile", entry["tile"]))
        if not acts or entry.get("cooldown"):
            continue
        tip = table._tile_tip(slot)
        rows = [row for a in acts for e in (table.preview(a).detail or {}).get("attacks", [])
                if not e.get("wolf") for row in e["targets"]]
        attack = any(e.type == "attack" for e in query.side(
            entry["tile"], entry["side"] == "upgraded").effects)
        if attack and not rows:
            assert app.t("coop.ui.tile.no_target") in tip
            seen.add("none")
        elif attack and len(acts) == 1:
            for row in rows:
                name = art.enemy_name(app, table.enemy(row["uid"], v)["card"])
                assert any(line.startswith(name) and "%" in line for line in tip), tip
            seen.add("one")
        else:
            assert app.t("coop.ui.tile.no_target") not in tip
    assert seen, "the moment shows no attack tile"
