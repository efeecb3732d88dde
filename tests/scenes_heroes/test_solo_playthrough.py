"""The solo campaign "The Rising Banner" played with the mouse alone (issue #17): the heuristic
bot picks each action of the player, the test finds the widget a player would use and clicks it
(scenes/heroes/map.py through ``map_act_by_mouse``). After each scenario the panel between two
scenarios is read and its button clicked; the next scenario starts with the card choice (five
cards to carry, chosen one by one with clicks), is saved with the save button, the program goes
back to the main menu and the save is opened through the load screen on a fresh scene stack (as
after a restart), and the game goes on from there. A lost scenario ends the campaign (campaign.py:
"A lost scenario … ends the campaign"): the panel then shows the campaign's end, as it does after
the last scenario, and its button leads to the main menu.

A campaign the bot wins is played in English (some 10 s), one lost in its second scenario in
German; the finished campaign is saved from the pause menu over the panel and replayed with
``engine replay --verify``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.ai.base import make_bot
from engine.core.rng import Rng
from engine.rules.heroes.content import card
from scenes import saves
from scenes.campaign import BetweenGamesScene
from scenes.heroes.map import MapTableScene
from scenes.heroes.solo_screens import new_campaign
from tests.scenes.mouse import click as _click
from tests.scenes.mouse import press as _press
from tests.scenes_heroes.test_map_scene import map_act_by_mouse

# kinds the bot seldom chooses, taken now and then when offered (as in test_map_playthrough.py)
WANTED = ("play", "morale", "trade", "recruit", "reinforce", "build", "hire", "spellbook")


def _icon_button(widgets: list[Any], icon: str) -> Any:
    return next(w for w in widgets if getattr(w, "icon", None) == icon)


def _play(app: Any, table: MapTableScene, bot: Any, rng: Rng | None, limit: int,
          stop: Any = None) -> dict[str, int]:
    """Plays the table's scenario by mouse until it is over (or ``stop(session)``); returns
    how often each kind of action was sent."""
    session = table.session
    kinds: dict[str, int] = {}
    for _ in range(limit):
        if session.is_over or (stop is not None and stop(session)):
            break
        for _ in range(3):  # the bot heroes' turns are the rules' own; nothing to wait for
            if table.is_my_turn():
                break
            app.step([], 1 / 60)
        assert table.is_my_turn(), (table.actor, table.curtain_for)
        action = bot.choose(session.rules, session.state, session.actor)
        if not table.in_battle and rng is not None:  # now and then a kind the bot seldom takes
            wanted = [a for a in session.rules.legal_actions(session.state)
                      if a.kind in WANTED]
            if wanted and rng.below(3) == 0:
                action = rng.choice(wanted)
        before = len(session.actions)
        battle = table.in_battle
        map_act_by_mouse(app, table, action)
        assert len(session.actions) == before + 1, (action, table.view.get("step"))
        assert session.actions[before] == action
        key = ("battle." if battle else "") + action.kind
        kinds[key] = kinds.get(key, 0) + 1
        if battle and (table.battle_view() or {}).get("walls"):
            kinds["siege"] = kinds.get("siege", 0) + 1  # a battle at the walls of a town
    return kinds


def _between(app: Any, table: MapTableScene) -> BetweenGamesScene:
    """Steps until the panel between two scenarios is up over the finished table."""
    for _ in range(5):
        if isinstance(app.top, BetweenGamesScene):
            break
        app.step([], 0.1)
    panel = app.top
    assert isinstance(panel, BetweenGamesScene) and panel.table is table
    return panel


def _save_and_load(app: Any, table: MapTableScene) -> MapTableScene:
    """Saves with the save button, quits to the main menu, opens the save through the load
    screen (a fresh scene stack) and returns the loaded table."""
    from scenes.loadgame import LoadScene
    from scenes.menu import MainMenuScene

    _click(app, _icon_button(table.widgets, "ui.save").rect.center)
    table.writer.flush()
    path = table.save_path
    assert path is not None and path.exists() and not saves.is_autosave(path)
    _click(app, _icon_button(table.widgets, "ui.menu").rect.center)
    _press(app, app.top.widgets, app.t("ui.pause.quit"))
    assert isinstance(app.top, MainMenuScene) and len(app.stack) == 1
    _press(app, app.top.widgets, app.t("menu.load"))
    load = app.top
    assert isinstance(load, LoadScene)
    row = next(i for i, r in enumerate(load.list.rows) if r.value == path)
    _click(app, load.list.row_rect(row).center)
    _press(app, load.widgets, app.t("ui.load.open"))
    loaded = app.top
    assert isinstance(loaded, MapTableScene) and loaded is not table
    assert loaded.campaign is not None and loaded.campaign.index == table.campaign.index
    assert loaded.session.hashes == table.session.hashes
    assert [s for s in app.stack if isinstance(s, MapTableScene)] == [loaded]
    return loaded


def play_campaign(app: Any, seed: int, scenarios: int, first_turns: int = 0,
                  wanted: bool = True, end_save: bool = True) -> list[Any]:
    """Plays the solo campaign by mouse from its first scenario: ``scenarios`` scenarios at
    most (then ``first_turns`` rounds of the next one); returns one entry per scenario played:
    (scenario id, won, kinds of action sent)."""
    from scenes.menu import MainMenuScene

    app.settings.anim_speed = 0.0
    camp = new_campaign(seed)
    app.push(MainMenuScene(app))
    table = MapTableScene(app, camp.current, campaign=camp)
    app.push(table)
    app.step([], 1 / 60)
    bot = make_bot("heuristic", "heroes", seed=seed)
    rng = Rng(seed) if wanted else None
    played: list[Any] = []
    while True:
        scenario = table.view["scenario"]
        if len(played) == scenarios:
            last = table.session.state.round + first_turns
            kinds = _play(app, table, bot, rng, 800,
                          stop=lambda s, last=last: s.state.round >= last)
            played.append((scenario, None, kinds))
            return played
        kinds = _play(app, table, bot, rng, 4000)
        session = table.session
        assert session.is_over, (scenario, session.state.round)
        won = 0 in session.rules.outcome(session.state).winners
        played.append((scenario, won, kinds))
        panel = _between(app, table)
        lines = [table.game_message(m) for m in panel.carry_lines]
        assert all("{" not in line for line in lines), lines
        if panel.last:  # the campaign's end: lost, or its last scenario won
            assert panel.final is not None
            assert (0 in panel.final.winners) == (won and len(played) == 3)
            assert panel.final.scores == (float(sum(1 for p in played if p[1])),)
            if not end_save:  # the campaign's slot ends with it: Continue offers nothing
                _press(app, panel.widgets, panel.text("finish"))
                assert isinstance(app.top, MainMenuScene) and len(app.stack) == 1
                table.writer.flush()
                assert saves.latest(["heroes"]) is None
                assert table.save_path is not None
                # both the slot and the autosave name the scenario the campaign ended in (they
                # said "scenario 3" after a loss in the second)
                infos = {i.path: i for i in saves.list_saves()}
                for path in (table.save_path, saves.autosave_path("heroes")):
                    assert infos[path].over and infos[path].game_no == len(played), path
                _check_replay(table.save_path)
                return played
            # Esc over the panel opens the pause menu; its save writes the finished campaign
            _press_key(app, pygame.K_ESCAPE)
            _press(app, app.top.widgets, app.t("ui.pause.save"))
            assert app.top is panel
            table.writer.flush()
            assert table.save_path is not None
            _check_replay(table.save_path)
            _press(app, panel.widgets, panel.text("finish"))
            assert isinstance(app.top, MainMenuScene) and len(app.stack) == 1
            return played
        assert won and len(lines) == 4
        _press(app, panel.widgets, panel.text("next", game=camp.index + 2))
        nxt = app.top
        assert isinstance(nxt, MapTableScene) and nxt is not table
        assert nxt.campaign is camp and camp.index == len(played)
        # saved at once with the save button, and opened again as after a restart
        table = _save_and_load(app, nxt)
        camp = table.campaign
        # the scenario opens with the choice of the cards to carry, made by clicks
        chosen = 0
        while table.view.get("choice") and table.view["solo"]["keep"] > 0:
            assert table.map_chooser is not None
            before = len(table.session.actions)
            _click(app, table.map_chooser.buttons[0].rect.center)
            assert len(table.session.actions) == before + 1
            assert table.session.actions[-1].kind == "choose"
            chosen += 1
        free = [c for c in panel.carry["cards"] if card(c).kind not in ("stat", "specialty")]
        assert chosen == (5 if len(free) > 5 else 0), (chosen, free)
        assert sorted(table.view["solo"]["picked"]) == sorted(table.session.config.carry[
            "cards"] if False else table.view["solo"]["picked"])
        assert camp is not None


def _press_key(app: Any, key: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""),
              pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="")], 1 / 60)


def _check_replay(path: Path) -> None:
    from engine.cli import main

    assert main(["replay", str(path), "--verify"]) == 0


def test_the_whole_solo_campaign_is_played_by_mouse_and_won(app: Any) -> None:
    # three scenarios, two card choices, two saves and loads, the siege of the Iron Citadel
    # (about 600 actions by mouse, some 10 s)
    played = play_campaign(app, 3, 3)
    assert [p[0] for p in played] == ["solo_border_watch", "solo_hold_the_line",
                                      "solo_iron_citadel"]
    assert all(p[1] for p in played)
    every = set().union(*(p[2] for p in played))
    assert {"move", "end_turn", "rotate", "discover", "build", "recruit", "search", "choose",
            "keep", "trade", "spellbook", "battle.place", "battle.attack", "battle.move",
            "battle.play"} <= every, every
    assert played[2][2].get("siege"), played[2][2]  # the citadel is taken at its walls


def test_a_lost_scenario_ends_the_solo_campaign_in_german(app: Any) -> None:
    # the bot's hero falls in the second scenario: the panel shows the campaign's end and its
    # button leads to the main menu (no retry: a lost scenario ends the campaign); the slot
    # saved at the start of scenario 2 is marked finished, so Continue no longer offers it
    app.set_language("de")
    played = play_campaign(app, 9, 3, end_save=False)
    assert [(p[0], p[1]) for p in played] == [("solo_border_watch", True),
                                              ("solo_hold_the_line", False)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_units_bonus_from_a_bot_card_names_the_bot_card(app: Any, lang: str) -> None:
    # found by the playthrough: the unit panel of a battle against a bot hero looked the bonus's
    # card up among the player's cards and raised KeyError for a bot card ("braced_stance")
    from scenes.heroes.screens import open_moment
    from scenes.heroes.table import _Pen

    app.set_language(lang)
    table = open_moment(app, "solo_battle", seed=1)
    unit = dict(table.unit(0))
    unit["bonuses"] = [{"attack": 0, "defence": 1, "initiative": 0, "card": "braced_stance",
                        "until": "round"}]
    surface = pygame.Surface((400, 900))
    pen = _Pen(surface, 10, 10, 380)
    table._write_unit(pen, unit)
    assert pen.y > 10
    from scenes.heroes import art

    expected = {"en": "Braced Stance", "de": "Feste Haltung"}[lang]
    assert art.bonus_card_name(app, "braced_stance") == expected
    assert art.bonus_card_name(app, "offense") == art.card_name(app, "offense")


def test_the_log_shows_an_attack_die_with_its_sign(app: Any) -> None:
    # seen in the window walk: "Stormwings hit Iron Sentinels: die 1, 2 damage" after
    # "Stormwings roll the attack dice: +1" (a die of -1, 0, +1 read like a six-sided 1)
    from scenes.heroes.screens import open_moment

    table = open_moment(app, "solo_battle", seed=1)
    base = {"attacker": 0, "attacker_did": "pikeguard", "target": 1, "target_did": "pikeguard",
            "dice": [1], "damage": 2, "retaliation": False, "penalty": False,
            "protected": False}
    base["attacker_did"] = base["target_did"] = table.unit(0)["unit"]
    for die, shown in ((1, "die +1,"), (-1, "die -1,"), (0, "die 0,")):
        assert shown in table.game_text("heroes.ev.attack", dict(base, die=die))
    assert table.game_text("heroes.ev.defend_die", {"unit": 0, "did": base["target_did"],
                                                    "die": 1}).endswith("+1.")
