"""The title screen with the main menu, and the common frame of the menu screens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from scenes import assets, theme
from scenes.app import App, Scene
from scenes.widgets import Button, blit_centered

DECOR_ICONS = ("icon.deckbuilder", "icon.coop_campaign", "icon.heroes", "icon.duel", "icon.crawl")
VERSION = "0.1.0"


class MenuScreen(Scene):
    """A menu screen: table background, a heading with an ornament, and a Back button."""

    title_key = ""
    title_params: dict[str, Any] = {}  # the title's placeholders
    show_back = True
    animated = False

    def layout(self) -> None:
        self.widgets = []
        if self.show_back:
            self.widgets.append(Button((40, 826, 200, theme.BUTTON_H), self.app.t("ui.back"),
                                       self.back, style="ghost", icon="ui.cancel"))
        self.build()

    def build(self) -> None:
        """Adds the screen's own widgets (after the Back button)."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        if self.title_key:
            title = assets.shadowed(self.app.t(self.title_key, **self.title_params), "title",
                                    theme.SIZE_H1,
                                    theme.GOLD)
            blit_centered(surface, title, (800, 62))
            theme.ornament(surface, (800, 104), max(320, title.get_width() + 120))
        super().draw(surface)


class MainMenuScene(Scene):
    """The title screen: new game, continue, load, settings, rules, credits, quit."""

    animated = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.continue_path: Path | None = None
        self.continue_info: Any = None  # the SaveInfo of continue_path
        self.looked_for_saves = False
        self.updates = 0

    def resume(self) -> None:
        self._find_continue()

    def update(self, dt: float) -> None:
        # The saves are looked up after the first frame is on screen: reading them needs the
        # engine's record code, which the title screen itself does not (launch time).
        if not self.looked_for_saves and self.updates > 0:
            self._find_continue()
        self.updates += 1
        super().update(dt)

    def _find_continue(self) -> None:
        from engine import registry
        from scenes import saves

        if not self.looked_for_saves:
            # At start: what writes killed mid-way left behind (a file per crash) goes.
            saves.clean_temp_files()
        self.looked_for_saves = True
        found = saves.latest(registry.listed_ids())
        self.continue_path = found.path if found else None
        self.continue_info = found
        self.layout()

    def _continue_texts(self) -> tuple[str, str]:
        """Returns the Continue button's label and tooltip: a campaign's name and game when the
        newest save is a campaign."""
        t = self.app.t
        info = self.continue_info
        if info is None or not info.campaign:
            return t("menu.continue"), t("menu.continue.tip")
        from scenes.loadgame import campaign_detail

        return t("menu.continue_campaign"), t("menu.continue_campaign.tip",
                                              campaign=campaign_detail(self.app, info))

    def layout(self) -> None:
        t = self.app.t
        go_on, go_on_tip = self._continue_texts()
        entries = [
            (t("menu.new_game"), t("menu.new_game.tip"), "ui.new_game", self.new_game,
             "primary", True),
            (go_on, go_on_tip, "ui.continue", self.continue_game, "normal",
             self.continue_path is not None),
            (t("menu.load"), t("menu.load.tip"), "ui.load", self.load, "normal", True),
            (t("menu.settings"), t("menu.settings.tip"), "ui.settings", self.settings,
             "normal", True),
            (t("menu.rules"), t("menu.rules.tip"), "ui.rules", self.rules, "normal", True),
            (t("menu.credits"), t("menu.credits.tip"), "ui.credits", self.credits, "normal",
             True),
            (t("menu.quit"), t("menu.quit.tip"), "ui.quit", self.app.quit, "ghost", True),
        ]
        self.widgets = []
        y = 362
        for label, tip, icon, action, style, enabled in entries:
            self.widgets.append(Button((800 - 190, y, 380, 54), label, action, style=style,
                                       icon=icon, enabled=enabled, size=theme.SIZE_BODY + 2,
                                       tooltip=tip))
            y += 66

    def back(self) -> None:
        """Esc on the title screen does nothing (Quit is a button, so no accidental exit)."""

    def new_game(self) -> None:
        """Opens the game chooser."""
        from scenes.newgame import GameSelectScene

        self.app.push(GameSelectScene(self.app))

    def continue_game(self) -> None:
        """Loads the newest unfinished save."""
        from scenes.loadgame import open_save

        if self.continue_path is not None:
            open_save(self.app, self.continue_path)

    def load(self) -> None:
        """Opens the load screen."""
        from scenes.loadgame import LoadScene

        self.app.push(LoadScene(self.app))

    def settings(self) -> None:
        """Opens the settings."""
        from scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        """Opens the rules reference."""
        from scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def credits(self) -> None:
        """Opens the credits."""
        from scenes.credits import CreditsScene

        self.app.push(CreditsScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.background(), (0, 0))
        surface.blit(theme.panel((460, 506), "glass"), (570, 338))
        title = assets.shadowed(t("ui.title"), "title", theme.SIZE_TITLE, theme.GOLD, offset=4)
        blit_centered(surface, title, (800, 120))
        sub = assets.text(t("ui.subtitle"), "italic", theme.SIZE_H3, theme.INK_DIM)
        blit_centered(surface, sub, (800, 196))
        theme.ornament(surface, (800, 232), 560)
        # The five tables of the hall, as a row of emblems.
        for i, asset_id in enumerate(DECOR_ICONS):
            x = 800 + (i - 2) * 92
            pygame.draw.circle(surface, theme.WOOD_DEEP, (x, 290), 36)
            pygame.draw.circle(surface, theme.GOLD_DIM, (x, 290), 36, 2)
            blit_centered(surface, assets.asset_icon(asset_id, 44), (x, 290))
        # Large faint emblems at the sides frame the menu.
        blit_centered(surface, assets.icon("knight-banner", 300, (64, 46, 32)), (260, 560))
        blit_centered(surface, assets.icon("knight-banner", 300, (64, 46, 32)), (1340, 560))
        footer = assets.text(t("ui.footer", version=VERSION), "body", theme.SIZE_TINY,
                             theme.INK_FAINT)
        surface.blit(footer, (24, 900 - footer.get_height() - 16))
        hint = assets.text(t("ui.fullscreen_hint"), "body", theme.SIZE_TINY, theme.INK_FAINT)
        surface.blit(hint, (1600 - hint.get_width() - 24, 900 - hint.get_height() - 16))
        super().draw(surface)
