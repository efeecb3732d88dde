"""The duel table, deck choice and deck builder: rendering, clicks to actions, a whole game by
mouse, steady frames."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.actions import Action
from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.rng import Rng
from engine.core.session import Session
from engine.rules.duel import decks
from engine.rules.duel.cards import cards
from scenes.duel import art
from scenes.duel.decks import DeckBuilderScene, DeckPickScene, user_dir
from scenes.duel.screens import MOMENTS, open_moment
from scenes.duel.table import DuelTableScene
from tests.scenes.render_counter import RenderCounter


def _session(seed: int = 3, **options: Any) -> Session:
    seats = (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),
             SeatConfig(kind=BOT, name="Bruno", colour="azure"))
    return Session.start("duel", GameConfig(seats, options), seed)


def _open(app: Any, session: Session, **kw: Any) -> DuelTableScene:
    app.settings.anim_speed = 0.0
    table = DuelTableScene(app, session, autosave=False, **kw)
    app.push(table)
    app.step([], 1 / 60)
    return table


def _click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step([down, up], 1 / 60)


def _zone(table: DuelTableScene, key: tuple[Any, ...]) -> pygame.Rect:
    for rect, k in table.zones:
        if k == key:
            return rect
    raise AssertionError(f"no zone {key} in {[k for _r, k in table.zones]}")


def _press(app: Any, buttons: list[Any], label: str) -> None:
    for button in buttons:
        if getattr(button, "label", None) == label:
            _click(app, button.rect.center)
            return
    raise AssertionError(f"no button {label!r} in {[b.label for b in buttons]}")


def _screen_is_busy(app: Any) -> bool:
    screen = app.screen
    colours = {tuple(screen.get_at((x, y))) for x in range(0, 1600, 97) for y in range(0, 900, 61)}
    return len(colours) > 40


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", ["pick", "builder", "main", "odds", "fight", "arrange",
                                  "window", "between"])
def test_states_render_in_both_languages(app: Any, name: str, lang: str) -> None:
    assert name in MOMENTS
    app.set_language(lang)
    open_moment(app, name, seed=2)
    for _ in range(3):
        app.step([], 1 / 30)
    assert _screen_is_busy(app)


def _hand_point(table: DuelTableScene, index: int, card: str) -> tuple[int, int]:
    rect = _zone(table, ("hand", index, card))
    return (rect.left + 8, rect.centery + 20)


def act_by_mouse(app: Any, table: DuelTableScene, action: Action) -> None:
    """Performs a legal action the way a player would: clicks on cards, dice and buttons."""
    t = app.t
    p = action.params
    hand = table.side(table.me)["hand"] or []
    kind = action.kind
    if kind in ("summon", "equip", "cast", "counter"):
        _click(app, _hand_point(table, hand.index(p["card"]), p["card"]))
        if kind == "equip":
            return
        if kind == "cast" and p["target"] is not None:
            target_kind = cards().target[p["card"]]
            if target_kind == "own_grave":
                assert table.chooser is not None
                _press(app, table.chooser.buttons, art.card_name(app, p["target"]))
            else:
                seat = table.me if target_kind == "own" else table.opp
                zone = "equip" if target_kind == "enemy_equipment" else "char"
                rect = next(r for r, k in table.zones
                            if k[0] == zone and k[1] == seat and k[2] == p["target"])
                _click(app, rect.center)
        assert table.chooser is not None, action
        _press(app, table.chooser.buttons, t("duel.ui.dice_n", n=p["dice"]))
    elif kind == "attack":
        _click(app, _zone(table, ("char", table.me, p["attacker"])).center)
        assert table.selected_attacker == p["attacker"]
        _press(app, table.buttons, t("duel.ui.attack_go",
                                     name=table.fighter_name(table.me, p["attacker"])))
    elif kind == "defend":
        _click(app, _zone(table, ("char", table.me, p["defender"])).center)
    elif kind == "arrange":
        want = list(p["order"])
        assert table.arrange_slots is not None
        for i in range(len(want)):
            if table.arrange_slots[i] != want[i]:
                _click(app, _zone(table, ("slot", i)).center)
                if want[i] in table.arrange_slots[i + 1:]:
                    j = table.arrange_slots.index(want[i], i + 1)
                    _click(app, _zone(table, ("slot", j)).center)
                else:  # a spare die (not placed yet) goes under this attack die
                    _click(app, _zone(table, ("spare", table._spare_dice().index(want[i]))
                                      ).center)
        _press(app, table.buttons, t("duel.ui.arrange_confirm"))
    elif kind == "play_land":
        _click(app, _zone(table, ("window_land", p["card"])).center)
    elif kind == "play_treasure":
        _click(app, _zone(table, ("window_treasure", p["card"])).center)
    else:
        label = {"end_turn": "duel.ui.end_turn", "pass_counter": "duel.ui.pass_counter",
                 "pass_window": "duel.ui.pass_window", "next_game": "duel.ui.next_game"}[kind]
        _press(app, table.buttons, t(label))


def test_clicking_a_clan_card_asks_for_dice_and_summons(app: Any) -> None:
    session = _session(5)
    table = _open(app, session)
    while session.actor != 0 or session.state.phase != "main":
        session.apply(session.rules.legal_actions(session.state)[-1])
        table.refresh()
    summon = next(a for a in session.rules.legal_actions(session.state) if a.kind == "summon")
    before = len(session.actions)
    act_by_mouse(app, table, Action.make("summon", card=summon["card"], dice=2))
    assert session.actions[before] == Action.make("summon", card=summon["card"], dice=2)
    assert table.chooser is None


def test_attack_shows_exact_odds_before_committing(app: Any) -> None:
    app.settings.anim_speed = 0.0
    table = open_moment(app, "odds", seed=2)
    assert table.selected_attacker is not None
    rows = table._odds_rows()
    assert rows and all(r["attacker"] == table.selected_attacker for r in rows)
    assert {r["defender"] for r in rows} == {f["uid"] for f in (table.side(1)["main"],
                                                                *table.side(1)["clan"])}
    for row in rows:
        assert sum(n for _k, n in row["dealt"]) == row["outcomes"]
    # Nothing was sent yet: the player sees the odds, then commits with the button.
    before = len(table.session.actions)
    _press(app, table.buttons, app.t("duel.ui.attack_go", name=table.fighter_name(
        0, table.selected_attacker)))
    assert table.session.actions[before].kind == "attack"


def test_right_click_cancels_a_selection(app: Any) -> None:
    table = open_moment(app, "odds", seed=2)
    assert table.selected_attacker is not None
    _click(app, (600, 450), button=3)
    assert table.selected_attacker is None


def test_a_whole_game_can_be_played_with_the_mouse(app: Any) -> None:
    session = _session(11, round_limit=6)
    table = _open(app, session)
    rng = Rng(99)
    for _ in range(1500):
        if session.is_over:
            break
        if table.is_my_turn():
            legal = session.rules.legal_actions(session.state)
            keen = [a for a in legal if a.kind not in ("end_turn", "pass_window")]
            action = rng.choice(keen) if keen and rng.below(3) else rng.choice(legal)
            before = len(session.actions)
            act_by_mouse(app, table, action)
            assert len(session.actions) == before + 1, action
            assert session.actions[before] == action
        else:
            app.step([], 0.5)
    assert session.is_over
    for _ in range(3):
        app.step([], 0.1)


def test_fight_is_shown_pair_by_pair(app: Any) -> None:
    table = open_moment(app, "fight", seed=2)
    fight = table._fight_data()
    assert fight is not None and fight["pairs"]
    for a, d, x, y in fight["pairs"]:
        if d == 0:
            assert (x, y) == (1, 0)
        elif a == d:
            assert (x, y) == (1, 1)
        else:
            assert (x, y) == (max(0, a - d), max(0, d - a))
    armour = fight["armour"]
    assert fight["dealt"] == sum(p[2] for p in fight["pairs"]) - armour[1]


@pytest.mark.parametrize("name", ["odds", "fight", "window", "builder"])
def test_steady_frames_render_nothing_new(app: Any, name: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    counter = RenderCounter(monkeypatch)
    top = open_moment(app, name, seed=2)
    if hasattr(top, "is_bot"):
        top.is_bot = lambda seat: False
    app.mouse = (230, 180)  # over the enemy main character (the odds chart follows it)
    for _ in range(40):
        app.step([], 1 / 30)
    counter.watch()
    counter.reset()
    for _ in range(6):
        app.step([], 1 / 30)
    counter.assert_none(name)


def test_deck_builder_saves_a_legal_user_deck_and_the_pick_uses_it(app: Any) -> None:
    from scenes.menu import MainMenuScene
    from scenes.newgame import SetupScene

    app.push(MainMenuScene(app))
    app.push(SetupScene(app, "duel"))
    app.top.start()
    pick = app.top
    assert isinstance(pick, DeckPickScene)
    pick.open_builder()
    builder = app.top
    assert isinstance(builder, DeckBuilderScene)
    builder.copy_from = 3
    builder.copy_ready()
    card = builder.deck["cards"][0]
    builder.remove(card)
    assert builder.problems, "40 cards is one short"
    builder.add(card)
    builder._set_name("My Iron Deck")
    assert builder.problems == []
    builder.save()
    path = user_dir() / "my_iron_deck.yaml"
    assert path.exists()
    assert decks.validate_deck(decks.load_user_deck(path)) == []
    app.pop()
    assert app.top is pick
    own = next(i for i, (_d, _p, where) in enumerate(pick.choices) if where == path)
    pick.chosen = [own, 0]
    pick.start()
    new_table = app.top
    assert isinstance(new_table, DuelTableScene)
    option = new_table.session.config.options["deck_a"]
    assert isinstance(option, dict) and option["main"] == builder.deck["main"]
    assert new_table.view["players"][0]["deck"]["main"] == builder.deck["main"]


def test_builder_clicks_add_and_remove_copies(app: Any) -> None:
    builder = DeckBuilderScene(app)
    app.push(builder)
    app.step([], 1 / 60)
    card = builder.pool()[0]
    rect = builder.tile_rect(0)
    _click(app, rect.center)
    _click(app, rect.center)
    assert builder.count(card) == 2
    _click(app, rect.center, button=3)
    assert builder.count(card) == 1
    assert any(m.key == "duel.deck.size" for m in builder.problems)


def test_saved_deck_opens_for_editing_and_can_be_deleted_from_pick_and_builder(app: Any) -> None:
    from scenes.menu import MainMenuScene
    from scenes.newgame import SetupScene

    source = dict(decks.ready_made()[2])
    first = decks.save_user_deck(user_dir(), {**source, "name": "Thorn Test"})
    second = decks.save_user_deck(user_dir(), {**source, "name": "Spare Deck"})
    app.push(MainMenuScene(app))
    app.push(SetupScene(app, "duel"))
    app.top.start()
    pick = app.top
    assert isinstance(pick, DeckPickScene)
    pick.chosen[0] = next(i for i, c in enumerate(pick.choices) if c[2] == first)
    pick.layout()
    _press(app, pick.widgets, app.t("duel.ui.pick.edit"))
    builder = app.top
    assert isinstance(builder, DeckBuilderScene) and builder.path == first
    assert builder.deck["cards"] == list(source["cards"])
    builder.remove(builder.deck["cards"][-1])
    builder.add("fern_sprite")
    builder._set_name("Thorn Test Two")
    builder.save()  # renamed: the old file moves to the new name
    assert not first.exists() and builder.path == user_dir() / "thorn_test_two.yaml"
    assert decks.load_user_deck(builder.path)["cards"][-1] == "fern_sprite"
    # the builder opens another saved deck, and deletes the one it edits
    builder.open_from = second
    _press(app, builder.widgets, app.t("duel.ui.builder.open"))
    assert builder.path == second and builder.deck["name"] == "Spare Deck"
    _press(app, builder.widgets, app.t("duel.ui.builder.delete"))
    assert not second.exists() and builder.path is None
    app.pop()
    assert app.top is pick
    paths = [c[2] for c in pick.choices]
    assert second not in paths and user_dir() / "thorn_test_two.yaml" in paths
    pick.chosen[1] = paths.index(user_dir() / "thorn_test_two.yaml")
    pick.layout()
    pick.delete_deck(1)
    assert not (user_dir() / "thorn_test_two.yaml").exists()
    assert all(c[2] is None for c in pick.choices) and pick.chosen[1] < len(pick.choices)
    # a ready-made deck is edited as a nameless copy
    pick.chosen[0] = 0
    pick.layout()
    _press(app, pick.widgets, app.t("duel.ui.pick.copy"))
    assert app.top.path is None and app.top.deck["name"] == ""


def test_character_tooltip_names_dice_sources_and_banner_counts_pool_dice(app: Any) -> None:
    session = _session(4)
    table = _open(app, session)
    lines = table._tooltip(("char", 0, 0))
    main = table.side(0)["main"]
    names = app.t("duel.bd.attack_dice", fighter=app.catalog.text(main["name"]))
    assert any(line.startswith(names) for line in lines)
    while True:
        legal = session.rules.legal_actions(session.state)
        summon = next((a for a in legal if a.kind == "summon"), None)
        if summon is not None and session.actor == 0:
            break
        session.apply(legal[-1])
        table.refresh()
    table.anim.speed = 1.0
    table.on_events(session.apply(summon))
    banners = [a for a in table.anim.items if a.__class__.__name__ == "RollBanner"]
    assert banners and banners[-1].note is not None
