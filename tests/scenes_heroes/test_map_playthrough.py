"""The map game played to its end in hot seat with the mouse alone (issue #15): a bot picks each
action, the test finds the widget a player would use and clicks it (the map's fields, the side
buttons, the town window, the choice panels, the hand, the combat board), then saves the game
through the save button, loads it through the load screen and replays the save with
``engine replay --verify``.

First Steps with two seats is played from its first round (some 20 s); a sample in both languages
starts from a late-game save (round 10 of 12, made by bots) opened through the load screen;
Three Crowns with three seats from its first round is ``long`` (about a minute).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.ai.base import make_bot
from engine.core.actions import Action
from engine.core.rng import Rng
from scenes import saves
from scenes.heroes.map import MapTableScene
from scenes.heroes.screens import new_map_session, play_map_until
from tests.scenes.mouse import click as _click
from tests.scenes.mouse import press as _press
from tests.scenes_heroes.test_map_scene import map_act_by_mouse

# kinds the bots seldom choose, taken when offered so that every kind of widget is clicked
WANTED = ("play", "morale", "trade", "recruit", "reinforce", "build", "hire", "spellbook")


def _icon_button(widgets: list[Any], icon: str) -> Any:
    return next(w for w in widgets if getattr(w, "icon", None) == icon)


def _choose(session: Any, bot: Any, rng: Rng, table: MapTableScene) -> Action:
    """Returns the bot's action, now and then a random legal one (never a surrender) or one of
    the kinds the bot seldom takes."""
    legal = session.rules.legal_actions(session.state)
    action = bot.choose(session.rules, session.state, session.actor)
    if table.in_battle:
        return action
    wanted = [a for a in legal if a.kind in WANTED]
    if wanted and rng.below(3) == 0:
        return rng.choice(wanted)
    if rng.below(4) == 0:
        return rng.choice(legal)
    return action


def play_to_the_end(app: Any, table: MapTableScene, seed: int, limit: int) -> set[str]:
    """Plays the table's game to its end by mouse events; returns the kinds of action sent."""
    session = table.session
    bot = make_bot("heuristic", "heroes", seed=seed)
    rng = Rng(seed)
    kinds: set[str] = set()
    curtains = 0
    for _ in range(limit):
        if session.is_over:
            break
        if table.curtain_for is not None:
            _click(app, table.curtain_button.rect.center)
            assert table.curtain_for is None
            curtains += 1
            continue
        assert table.is_my_turn(), (table.actor, table.viewer)
        action = _choose(session, bot, rng, table)
        before = len(session.actions)
        battle = table.in_battle
        map_act_by_mouse(app, table, action)
        assert len(session.actions) == before + 1, (action, table.view.get("step"))
        assert session.actions[before] == action
        kinds.add(("battle." if battle else "") + action.kind)
    assert session.is_over, (session.state.round, len(session.actions))
    assert curtains >= 2
    return kinds


def _finish(app: Any, table: MapTableScene) -> None:
    """After the end: the end screen, the table again, the save button, the main menu, the load
    screen, the loaded table, and the save replayed with every hash verified."""
    from engine.cli import main
    from scenes.dialogs import GameOverScene
    from scenes.loadgame import LoadScene
    from scenes.menu import MainMenuScene

    for _ in range(3):
        app.step([], 0.1)
    over = app.top
    assert isinstance(over, GameOverScene)
    _press(app, over.widgets, app.t("ui.over.table"))
    assert app.top is table
    _click(app, _icon_button(table.widgets, "ui.save").rect.center)
    table.writer.flush()
    path = table.save_path
    assert path is not None and path.exists() and not saves.is_autosave(path)
    _click(app, _icon_button(table.widgets, "ui.menu").rect.center)
    _press(app, app.top.widgets, app.t("ui.pause.quit"))
    assert isinstance(app.top, MainMenuScene)
    _press(app, app.top.widgets, app.t("menu.load"))
    load = app.top
    assert isinstance(load, LoadScene)
    row = next(i for i, r in enumerate(load.list.rows) if r.value == path)
    _click(app, load.list.row_rect(row).center)
    _press(app, load.widgets, app.t("ui.load.open"))
    loaded = app.stack[1]
    assert isinstance(loaded, MapTableScene) and loaded is not table
    assert loaded.session.is_over and loaded.session.hashes == table.session.hashes
    for _ in range(3):
        app.step([], 0.1)
    assert isinstance(app.top, GameOverScene)  # the loaded game ends on its end screen
    assert main(["replay", str(path), "--verify"]) == 0


def _late_save(players: int, seed: int) -> Path:
    """Writes a hot-seat map game that bots played into its last rounds; returns the file."""
    session = new_map_session(seed, humans=players, players=players)
    last = session.rules.view(session.state, None)["max_rounds"]
    assert play_map_until(session, lambda s: s.state.round >= last - 2
                          and s.rules.view(s.state, None)["step"] == "refresh", seed,
                          limit=4000)
    path = saves.new_slot_path("heroes")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.serialise(session.record(meta=saves.meta_for(session,
                                                                       autosave=False))),
                    encoding="utf-8")
    return path


def _load(app: Any, path: Path) -> MapTableScene:
    """Opens a save from the main menu's load screen, by mouse."""
    from scenes.loadgame import LoadScene
    from scenes.menu import MainMenuScene

    menu = MainMenuScene(app)
    app.push(menu)
    app.step([], 1 / 60)
    _press(app, menu.widgets, app.t("menu.load"))
    load = app.top
    assert isinstance(load, LoadScene)
    row = next(i for i, r in enumerate(load.list.rows) if r.value == path)
    _click(app, load.list.row_rect(row).center)
    _press(app, load.widgets, app.t("ui.load.open"))
    table = app.top
    assert isinstance(table, MapTableScene)
    return table


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_last_rounds_of_first_steps_are_played_by_mouse_to_the_end(
        app: Any, lang: str) -> None:
    app.set_language(lang)
    app.settings.anim_speed = 0.0
    table = _load(app, _late_save(2, 6))
    assert table.view["scenario"] == "first_steps" and table.curtain_for is not None
    kinds = play_to_the_end(app, table, 3, 1500)
    assert {"move", "end_turn", "draw"} <= kinds, kinds
    _finish(app, table)


def _full_game(app: Any, players: int, seed: int) -> set[str]:
    app.settings.anim_speed = 0.0
    session = new_map_session(seed, humans=players, players=players)
    from scenes.menu import MainMenuScene

    app.push(MainMenuScene(app))
    table = MapTableScene(app, session)
    app.push(table)
    app.step([], 1 / 60)
    kinds = play_to_the_end(app, table, seed, 6000)
    _finish(app, table)
    return kinds


def test_first_steps_is_played_by_mouse_from_the_first_round_to_the_end(app: Any) -> None:
    kinds = _full_game(app, 2, 4)
    # explore, fight neutrals on the combat board, capture, build, recruit, Search, map cards,
    # morale, trade, hire: all by mouse (about 500 actions, some 20 s)
    assert {"move", "end_turn", "rotate", "build", "discover", "place", "recruit",
            "reinforce", "search", "keep", "discard", "choose", "play", "morale", "trade",
            "hire", "spellbook", "battle.place", "battle.attack", "battle.move",
            "battle.play"} <= kinds, kinds


@pytest.mark.long
def test_three_crowns_is_played_by_mouse_from_the_first_round_to_the_end(
        app: Any) -> None:
    kinds = _full_game(app, 3, 5)
    assert {"move", "end_turn", "rotate", "build", "discover", "recruit", "search", "keep",
            "battle.place", "battle.attack"} <= kinds, kinds
