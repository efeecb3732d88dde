"""The duel's day as a campaign in the shell: the between-games scene, campaign saves and the
campaign row of the load screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from scenes import saves
from scenes.campaign import BetweenGamesScene
from scenes.duel.screens import play_until
from scenes.duel.table import DuelTableScene
from scenes.games import start_table
from scenes.loadgame import LoadScene, open_save

LANGS = ["de", "en"]
SHOTS = Path("/tmp/campaign-shots")


def _config() -> GameConfig:
    return GameConfig((SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),
                       SeatConfig(kind=BOT, bot="heuristic", name="Bruno", colour="azure")),
                      {"day": True})


def _finish_game(app: Any, seed: int) -> DuelTableScene:
    table = app.top
    assert isinstance(table, DuelTableScene)
    assert play_until(table.session, lambda s: s.is_over, seed, limit=20000)
    table.refresh()
    for _ in range(400):
        app.step([], 0.2)
        if isinstance(app.top, BetweenGamesScene):
            break
    assert isinstance(app.top, BetweenGamesScene)
    return table


@pytest.mark.parametrize("lang", LANGS)
def test_a_day_plays_to_its_end_through_the_between_games_scene(app: Any, lang: str) -> None:
    app.set_language(lang)
    assert start_table(app, "duel", _config(), 21)
    table = app.top
    assert table.campaign is not None and table.session.config.options.get("day") is None
    for game in range(1, 4):
        _finish_game(app, game)
        scene = app.top
        app.step([], 1 / 60)
        SHOTS.mkdir(exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"between-{lang}-{game}.png"))
        if scene.last:
            break
        scene.go_on()
        nxt = app.top
        assert isinstance(nxt, DuelTableScene) and nxt.campaign is table.campaign
        assert nxt.session.state.game_no == game + 1
    else:
        raise AssertionError("the day did not end within three games")
    scene.go_on()
    camp = table.campaign
    assert camp.over and max(camp.outcome().scores) == 2.0


def test_a_day_saved_between_games_is_listed_as_a_campaign_and_loads(app: Any) -> None:
    app.set_language("en")
    assert start_table(app, "duel", _config(), 22)
    table = _finish_game(app, 5)
    app.top.go_on()  # the second game begins and autosaves the campaign
    table2 = app.top
    table2.save()
    table2.writer.flush()
    path = table2.save_path
    info = saves.describe(path)
    assert (info.game_id, info.campaign, info.game_no, info.over) == ("duel", "day", 2, False)
    assert saves.check(info).error is None
    assert saves.latest(["duel"]) is not None
    load = LoadScene(app)
    app.push(load)
    app.step([], 1 / 60)
    assert open_save(app, path)
    loaded = app.top
    assert isinstance(loaded, DuelTableScene) and loaded.campaign is not None
    assert loaded.campaign.index == 1 and loaded.session.state.game_no == 2
    assert loaded.campaign.carries == table.campaign.carries
