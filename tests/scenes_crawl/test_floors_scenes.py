"""The crawl's campaign of floors in the shell: started from the set-up like the duel's day, the
between-floors scene with the carried team and stash, campaign saves, and Continue."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.ai import make_bot
from scenes import assets, saves, theme
from scenes.campaign import BetweenGamesScene
from scenes.crawl import screens
from scenes.crawl.table import CrawlTableScene
from scenes.games import start_table
from scenes.loadgame import LoadScene, campaign_detail, open_save
from scenes.menu import MainMenuScene

SHOTS = Path("/tmp/campaign-shots")
SEED = 29  # its first floor is cleared and left by the stairs (tests/crawl)


def _finish_floor(app: Any) -> CrawlTableScene:
    """Plays the table's floor to its end with the heuristic bot; returns the table once the
    between-floors scene is up."""
    table = app.top
    assert isinstance(table, CrawlTableScene) and table.campaign is not None
    session = table.session
    bot = make_bot("heuristic", "crawl", seed=SEED + table.campaign.index)
    while not session.is_over:
        session.apply(bot.choose(session.rules, session.state, session.actor))
    table.refresh()
    for _ in range(400):
        app.step([], 0.2)
        if isinstance(app.top, BetweenGamesScene):
            break
    assert isinstance(app.top, BetweenGamesScene)
    return table


@pytest.mark.parametrize("lang, cleared, hero", [("en", "Floor 1 cleared", "level"),
                                                 ("de", "Etage 1 gesäubert", "Stufe")])
def test_the_set_up_starts_the_campaign_and_the_next_floor_carries_the_team(
        app: Any, lang: str, cleared: str, hero: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_language(lang)
    app.settings.anim_speed = 0
    assert start_table(app, "crawl", screens.config(1, {"floors": True}, 1), SEED)
    table = app.top
    assert table.campaign.campaign.id == "floors"
    assert table.session.config.options["floors"] is True
    table = _finish_floor(app)
    scene = app.top
    assert not scene.last and scene.carry == table.rules.carry_out(table.session.state)
    shown: list[str] = []
    for name in ("text", "fit"):  # every text the panel draws passes one of them
        real = getattr(assets, name)
        monkeypatch.setattr(assets, name, lambda text, *a, real=real, **k: shown.append(text)
                            or real(text, *a, **k))
    app.step([], 1 / 60)
    monkeypatch.undo()
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / f"crawl-between-{lang}.png"))
    assert any(cleared in s for s in shown)
    lines = [table.game_message(m) for m in scene.carry_lines]
    assert sum(hero in line for line in lines) >= 2 and all("{" not in line for line in lines)
    for line in lines:
        assert any(line in s for s in shown), line
    scene.go_on()
    nxt = app.top
    assert isinstance(nxt, CrawlTableScene) and nxt.campaign is table.campaign
    assert nxt.session.config.carry == scene.carry
    assert nxt.session.state.supply["floor"] == 2
    nxt.writer.flush()
    info = saves.describe(saves.autosave_path("crawl"))
    assert (info.campaign, info.game_no, info.over) == ("floors", 2, False)
    floor = {"en": "Extended campaign, floor 2", "de": "Erweiterte Kampagne, Etage 2"}[lang]
    assert campaign_detail(app, info) == floor


def test_a_campaign_saved_on_its_second_floor_loads_from_the_load_screen(app: Any) -> None:
    app.settings.anim_speed = 0
    assert start_table(app, "crawl", screens.config(1, {"floors": True}, 1), SEED)
    _finish_floor(app)
    app.top.go_on()
    table = app.top
    table.save()
    table.writer.flush()
    app.push(LoadScene(app))
    app.step([], 1 / 60)
    assert open_save(app, table.save_path)
    loaded = app.top
    assert isinstance(loaded, CrawlTableScene) and loaded.campaign is not None
    assert loaded.campaign.index == 1 and loaded.session.hashes == table.session.hashes


@pytest.mark.parametrize("lang, label", [("en", "Continue campaign"),
                                         ("de", "Kampagne fortsetzen")])
def test_continue_says_it_continues_a_campaign(app: Any, lang: str, label: str) -> None:
    app.set_language(lang)
    menu = MainMenuScene(app)
    app.push(menu)
    menu.resume()
    plain = next(w for w in menu.widgets if getattr(w, "on_click", None) == menu.continue_game)
    assert plain.label == app.t("menu.continue") and not plain.enabled
    assert start_table(app, "crawl", screens.config(1, {"floors": True}, 1), SEED)
    _finish_floor(app)
    app.top.go_on()
    app.top.writer.flush()
    menu = app.stack[0]
    assert isinstance(menu, MainMenuScene)
    menu.resume()
    button = next(w for w in menu.widgets if getattr(w, "on_click", None) == menu.continue_game)
    assert button.label == label and button.enabled
    assert campaign_detail(app, menu.continue_info) in button.tooltip
    # The label fits the button beside its icon, unshortened.
    avail = button.rect.width - 24 - 40  # Button.draw: margins and a 30-pixel icon
    assert assets.text(label, button.role, button.size, theme.INK).get_width() <= avail
    assert assets.fit(label, button.role, button.size, avail) == label
