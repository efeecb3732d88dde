"""The deck-builder table: it renders every moment in both languages, clicks and drags send the
right actions, a whole game can be played with the mouse, and steady frames render nothing."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.actions import Action
from engine.core.rng import Rng
from engine.core.session import Session
from scenes import assets
from scenes.deckbuilder import screens
from scenes.deckbuilder.table import DeckbuilderTableScene
from scenes.deckbuilder.viewer import CardViewerScene
from scenes.games import scene_class
from tests.scenes.render_counter import RenderCounter


def _open(app: Any, session: Session) -> DeckbuilderTableScene:
    app.settings.anim_speed = 0.0
    table = DeckbuilderTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    return table


def _click(app: Any, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
              pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], 1 / 60)


def _drag(app: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start),
              pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))],
             1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end)], 1 / 60)


def _spot(table: DeckbuilderTableScene, index: int) -> Any:
    return next(s for s in table.spots if s.index == index)


def click_for(app: Any, table: DeckbuilderTableScene, action: Action) -> None:
    """Performs one legal action the way a player does: with the mouse only."""
    kind = action.kind
    if kind in ("buy", "spoil"):
        rect = next(r for p, r in table.pile_rects if p["pile"] == action["card"])
        _click(app, rect.center)
        return
    if kind == "attack":
        _click(app, table.rank_rects[action["rank"]].center)
        return
    if kind == "equip":
        _drag(app, _spot(table, action["weapon"]).rect.center,
              _spot(table, action["hero"]).rect.center)
        return
    if kind in ("use", "level", "destroy", "unequip"):
        index = action["weapon"] if kind == "unequip" else action["card"]
        _click(app, _spot(table, index).rect.center)
        if table.popup is None:
            return  # sent at once (a card to destroy)
        if kind == "use" and action.get("target") is not None:
            # the popup lists the other choices; aim at the target instead
            if table._targets_rank(action):
                _click(app, table.rank_rects[action["target"]].center)
            else:
                _click(app, _spot(table, action["target"]).rect.center)
            if table.popup is not None:
                _click(app, _button(table.popup.buttons, table.label(action)).rect.center)
            return
        _click(app, _button(table.popup.buttons, table.label(action)).rect.center)
        return
    _click(app, _button(table.phase_buttons, table.label(action)).rect.center)


def _button(buttons: list[Any], label: str) -> Any:
    matches = [b for b in buttons if b.label == label]
    assert matches, f"no button {label!r} among {[b.label for b in buttons]}"
    return matches[0]


def test_the_game_menu_opens_this_scene() -> None:
    assert scene_class("deckbuilder") is DeckbuilderTableScene


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("moment", ["start", "village", "dungeon", "equipped", "over"])
def test_renders_every_moment_without_raw_keys(app: Any, lang: str, moment: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    if app.catalog.lang != lang:
        app.set_language(lang)
    drawn: list[str] = []
    real = assets.text

    def recording(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(s)
        return real(s, *args, **kwargs)

    monkeypatch.setattr(assets, "text", recording)
    table = _open(app, screens.prepare(moment, seed=1))
    # hover a monster (zoom + battle preview) and a pile, as a player would
    for pos in (table.rank_rects[1].center, table.pile_rects[4][1].center):
        app.mouse = pos
        for _ in range(3):
            app.step([], 1 / 60)
    screen = app.screen
    colours = {tuple(screen.get_at((x, y))) for x in range(0, 1220, 41) for y in range(70, 900, 37)}
    assert len(colours) > 60
    raw = [s for s in drawn if "deckbuilder." in s or "{" in s]
    assert not raw, raw[:5]
    assert table.view["phase"] == ("over" if moment == "over" else table.view["phase"])


def test_clicking_a_pile_buys_its_top_card(app: Any) -> None:
    session = screens.prepare("village", seed=1)
    table = _open(app, session)
    buys = [a for a in table.legal if a.kind == "buy"]
    assert buys
    click_for(app, table, buys[-1])
    assert session.actions[-1] == buys[-1]


def test_a_pile_that_cannot_be_bought_sends_nothing(app: Any) -> None:
    session = screens.prepare("village", seed=1)
    table = _open(app, session)
    legal = {a["card"] for a in table.legal if a.kind == "buy"}
    pile, rect = next((p, r) for p, r in table.pile_rects if p["pile"] not in legal)
    before = len(session.actions)
    _click(app, rect.center)
    assert len(session.actions) == before


def test_clicking_a_monster_attacks_it(app: Any) -> None:
    session = screens.prepare("dungeon", seed=1)
    table = _open(app, session)
    attacks = [a for a in table.legal if a.kind == "attack"]
    assert attacks
    _click(app, table.rank_rects[attacks[0]["rank"]].center)
    assert session.actions[-1] == attacks[0]


def test_dragging_a_weapon_onto_a_hero_equips_it(app: Any) -> None:
    session = screens.prepare("dungeon", seed=1)
    table = _open(app, session)
    equip = next(a for a in table.legal if a.kind == "equip")
    _drag(app, _spot(table, equip["weapon"]).rect.center,
          _spot(table, equip["hero"]).rect.center)
    assert session.actions[-1] == equip
    assert table.equip_map() == {equip["weapon"]: equip["hero"]}
    # the weapon now peeks out above its hero; a click on it offers to take it off
    weapon = _spot(table, equip["weapon"])
    assert weapon.carried_by == equip["hero"]
    _click(app, weapon.rect.center)
    assert [b.label for b in table.popup.buttons] == [table.label(Action.make("unequip",
                                                                      weapon=equip["weapon"]))]
    _click(app, table.popup.buttons[0].rect.center)
    assert session.actions[-1].kind == "unequip" and table.equip_map() == {}


def test_clicking_weapon_then_hero_equips_it(app: Any) -> None:
    session = screens.prepare("dungeon", seed=1)
    table = _open(app, session)
    equip = next(a for a in table.legal if a.kind == "equip")
    _click(app, _spot(table, equip["weapon"]).rect.center)
    assert table.selected == equip["weapon"] and table.popup is not None
    _click(app, _spot(table, equip["hero"]).rect.center)
    assert session.actions[-1] == equip


def test_phase_buttons_send_the_turn_choice(app: Any) -> None:
    session = screens.prepare("start", seed=1)
    table = _open(app, session)
    labels = [b.label for b in table.phase_buttons]
    assert labels == [app.t("deckbuilder.ui.btn.rest"), app.t("deckbuilder.ui.btn.dungeon"),
                      app.t("deckbuilder.ui.btn.village")]
    _click(app, _button(table.phase_buttons, app.t("deckbuilder.ui.btn.dungeon")).rect.center)
    assert session.actions[-1] == Action.make("dungeon")
    assert table.view["phase"] == "dungeon"


def test_battle_preview_matches_the_fight(app: Any) -> None:
    session = screens.prepare("dungeon", seed=1)
    table = _open(app, session)
    attack = next(a for a in table.legal if a.kind == "attack")
    preview = table._preview(attack["rank"])
    assert preview is not None and preview["attackable"]
    app.mouse = table.pill_rects[attack["rank"]].center
    app.step([], 1 / 60)
    assert table.preview_rank == attack["rank"] and attack["rank"] in table._breakdowns
    _click(app, table.rank_rects[attack["rank"]].center)
    while session.state.phase == "split":
        table.send(session.rules.legal_actions(session.state)[0])
    result = [e for e in session.log if e.key in ("deckbuilder.ev.win", "deckbuilder.ev.lose")]
    assert result[-1].params["attack"] == preview["attack"]
    assert (result[-1].key == "deckbuilder.ev.win") == preview["win"]


def test_deck_and_discard_viewers_open_from_the_players_panel(app: Any) -> None:
    session = screens.prepare("dungeon", seed=1)
    table = _open(app, session)
    row = table.player_rows[0]
    _click(app, row["chips"]["discard"].center)
    assert isinstance(app.top, CardViewerScene)
    assert len(app.top.entries) == len({c for c in row["entry"]["discard"]})
    _click(app, (5, 5))  # outside the viewer closes it
    assert app.top is table
    _click(app, row["chips"]["deck"].center)
    assert isinstance(app.top, CardViewerScene)
    app.pop()


@pytest.mark.parametrize(("seed", "humans", "players"), [(11, 1, 3), (4, 2, 5), (8, 2, 2)])
def test_a_full_game_is_played_with_the_mouse_alone(app: Any, seed: int, humans: int,
                                                    players: int) -> None:
    session = Session.start("deckbuilder", screens.seats(humans=humans, players=players), seed)
    table = _open(app, session)
    rng = Rng(5)
    steps = mine = 0
    while not session.is_over and steps < 6000:
        steps += 1
        if table.curtain_for is not None:
            _click(app, table.curtain_button.rect.center)
            assert table.curtain_for is None
        elif table.is_my_turn():
            legal = table.legal
            assert legal
            progress = [a for a in legal if a.kind in ("attack", "buy", "level", "equip", "use",
                                                       "spoil", "dungeon", "destroy")]
            action = rng.choice(progress or legal)
            before = len(session.actions)
            click_for(app, table, action)
            mine += 1
            assert len(session.actions) == before + 1, f"{action} was not sent"
            assert session.actions[-1] == action
        else:
            app.step([], 0.5)
    assert session.is_over
    assert mine > 20, "the human played a real part of the game"
    app.step([], 1 / 60)
    assert table.view["outcome"]["winners"]


@pytest.mark.parametrize("moment", ["start", "dungeon", "equipped", "late"])
def test_steady_frames_render_nothing_new(app: Any, moment: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    counter = RenderCounter(monkeypatch)
    table = _open(app, screens.prepare(moment, seed=1))
    spots = [table.rank_rects[1].center, table.pill_rects[2].center,
             table.pile_rects[5][1].center, table.player_rows[0]["chips"]["deck"].center]
    if table.spots:
        spots.append(table.spots[0].rect.center)
    counter.watch()
    for pos in spots:
        app.mouse = pos
        for _ in range(30):  # warm up: tooltips appear, caches fill
            app.step([], 1 / 60)
        counter.reset()
        for _ in range(6):
            app.step([], 1 / 60)
        counter.assert_none(f"{moment} at {pos}")


def test_every_card_and_symbol_has_art() -> None:
    from engine.rules.deckbuilder.cards import table
    from scenes.deckbuilder.cards import art_id

    missing = [cid for cid in table().cards if assets.ref(art_id(cid)) is None]
    assert not missing, missing
    refs = [ref for key, ref in assets.manifest().items() if key.startswith("deckbuilder.")]
    absent = sorted({r.icon for r in refs if not (assets.ICON_DIR / f"{r.icon}.svg").exists()})
    assert not absent, absent


def test_hot_seat_shows_each_human_only_their_own_hand(app: Any) -> None:
    session = Session.start("deckbuilder", screens.seats(humans=2, players=3), 3)
    table = _open(app, session)
    assert table.curtain_for == 0 and table.view["seat"] is None
    table.lift_curtain()
    app.step([], 1 / 60)
    hand = session.state.players[0].hand
    assert [s.card for s in table.spots] == hand
    assert "hand_cards" not in table.view["players"][1]
    click_for(app, table, Action.make("rest"))
    click_for(app, table, Action.make("end_turn"))
    assert table.curtain_for == 1
    app.step([], 1 / 60)
    table.lift_curtain()
    app.step([], 1 / 60)
    assert [s.card for s in table.spots] == session.state.players[1].hand
    assert "hand_cards" not in table.view["players"][0]


def test_switching_language_redraws_the_table(app: Any) -> None:
    table = _open(app, screens.prepare("dungeon", seed=1))
    english = [b.label for b in table.phase_buttons] + [table.label(a) for a in table.legal]
    app.set_language("de")
    app.step([], 1 / 60)
    german = [b.label for b in table.phase_buttons] + [table.label(a) for a in table.legal]
    assert english != german and len(english) == len(german)
