"""Overlays: message dialogs, the pause menu and the end-of-game screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.core.errors import ContentError, RecordError
from scenes import assets, theme
from scenes.app import App, Scene
from scenes.widgets import Button, blit_centered

if TYPE_CHECKING:
    from scenes.table import TableScene

# RecordError keys (engine.core.record) → the catalog text shown to the player.
RECORD_ERROR_KEYS = {
    "save.foreign": "ui.error.save_foreign",
    "save.corrupt": "ui.error.save_corrupt",
    "save.newer": "ui.error.save_newer",
    "save.too_large": "ui.error.save_too_large",
    "save.missing": "ui.error.save_missing",
    "save.unreadable": "ui.error.save_unreadable",
    "save.unknown_game": "ui.error.save_unknown_game",
    "save.rules_version": "ui.error.save_rules_version",
    "save.bad_config": "ui.error.save_bad_config",
    "save.mismatch": "ui.error.save_mismatch",
    "save.content_changed": "ui.error.save_content_changed",
    "save.not_a_file": "ui.error.save_not_a_file",
    "save.snapshot_unusable": "ui.error.save_snapshot_unusable",
    "save.snapshot_missing": "ui.error.save_snapshot_missing",
}


class Overlay(Scene):
    """A scene drawn over the one below it, which is dimmed."""

    opaque = False
    animated = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        super().draw(surface)


class MessageDialog(Overlay):
    """A titled message with one or more buttons; Esc takes the last button."""

    def __init__(self, app: App, title: str, body: str, detail: str = "",
                 buttons: list[tuple[str, Callable[[], None]]] | None = None,
                 icon: str = "ui.info") -> None:
        super().__init__(app)
        self.title, self.body, self.detail, self.icon = title, body, detail, icon
        self.buttons = buttons or [(app.t("ui.ok"), lambda: None)]
        self.box = pygame.Rect(0, 0, 760, 310)
        self.box.center = (800, 430)

    def layout(self) -> None:
        self.widgets = []
        # The box grows with its text: title (wrapped, never cut), body and detail stacked,
        # then the button row.
        height = self._body_top() + assets.text(self.body, "body", theme.SIZE_BODY, theme.INK,
                                                580).get_height()
        if self.detail:
            height += 10 + assets.text(self.detail, "body_italic", theme.SIZE_SMALL,
                                       theme.INK_DIM, 580).get_height()
        self.box = pygame.Rect(0, 0, 760, max(310, height + 24 + theme.BUTTON_H + 36))
        self.box.center = (800, 430)
        n = len(self.buttons)
        width = 220
        x = self.box.centerx - (n * width + (n - 1) * 16) // 2
        for i, (label, action) in enumerate(self.buttons):
            style = "primary" if i == 0 else "normal"
            self.widgets.append(Button((x, self.box.bottom - 80, width, theme.BUTTON_H), label,
                                       self._closing(action), style=style))
            x += width + 16

    def _title(self) -> pygame.Surface:
        return assets.text(self.title, "heading", theme.SIZE_H2, theme.GOLD, 580)

    def _body_top(self) -> int:
        """Returns the body's offset from the box top: below the title, at least 112."""
        return max(112, 48 + self._title().get_height() + 14)

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            if self.app.top is self:
                self.app.pop()
            action()
        return run

    def back(self) -> None:
        self._closing(self.buttons[-1][1])()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        surface.blit(theme.panel(self.box.size, "wood"), self.box)
        blit_centered(surface, assets.asset_icon(self.icon, 54), (self.box.left + 70,
                                                                 self.box.top + 72))
        surface.blit(self._title(), (self.box.left + 120, self.box.top + 48))
        top = self.box.top + self._body_top()
        body = assets.text(self.body, "body", theme.SIZE_BODY, theme.INK, 580)
        surface.blit(body, (self.box.left + 120, top))
        if self.detail:
            detail = assets.text(self.detail, "body_italic", theme.SIZE_SMALL, theme.INK_DIM,
                                 580)
            surface.blit(detail, (self.box.left + 120, top + 10 + body.get_height()))
        for widget in self.widgets:
            widget.draw(surface)


def show_content_error(app: App, error: ContentError) -> None:
    """Shows that a game's data files are broken (first problems, where to see all); carries on."""
    shown = [p if len(p) <= 110 else p[:107] + "…" for p in error.problems[:3]]
    app.push(MessageDialog(app, app.t("ui.error.content_title"),
                           app.t("ui.error.content_body", count=len(error.problems)),
                           detail="\n".join(shown), icon="ui.cancel"))


def show_record_error(app: App, error: RecordError) -> None:
    """Shows why a save could not be loaded; the program carries on."""
    key = RECORD_ERROR_KEYS.get(error.key, "ui.error.save_generic")
    # The engine's own wording (str(error)) is English; the player reads the catalog's text.
    app.push(MessageDialog(app, app.t("ui.error.load_title"), app.t(key, **error.params),
                           icon="ui.cancel"))


class PauseScene(Overlay):
    """The pause menu over a table: resume, save, settings, rules, quit to menu."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.box = pygame.Rect(0, 0, 440, 470)
        self.box.center = (800, 450)

    def layout(self) -> None:
        t = self.app.t
        entries = [
            (t("ui.pause.resume"), "ui.play", self.app.pop, "primary"),
            (t("ui.pause.save"), "ui.save", self._save, "normal"),
            (t("menu.settings"), "ui.settings", self._settings, "normal"),
            (t("menu.rules"), "ui.rules", self._rules, "normal"),
            (t("ui.pause.quit"), "ui.quit", self._quit, "ghost"),
        ]
        self.widgets = []
        y = self.box.top + 110
        for label, icon, action, style in entries:
            self.widgets.append(Button((self.box.left + 50, y, self.box.width - 100, 54), label,
                                       action, style=style, icon=icon))
            y += 68

    def _save(self) -> None:
        self.table.save()
        self.app.pop()

    def _settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def _rules(self) -> None:
        from scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, game=self.table.game_id))

    def _quit(self) -> None:
        from scenes.menu import MainMenuScene

        self.app.reset(MainMenuScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        surface.blit(theme.panel(self.box.size, "wood"), self.box)
        title = assets.shadowed(self.app.t("ui.pause.title"), "title", theme.SIZE_H1, theme.GOLD)
        blit_centered(surface, title, (self.box.centerx, self.box.top + 52))
        theme.ornament(surface, (self.box.centerx, self.box.top + 88), 260)
        for widget in self.widgets:
            widget.draw(surface)


class GameOverScene(Overlay):
    """The end of a game: winners, scores and the reason; play again, look at the table, menu."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.outcome = table.rules.outcome(table.session.state)
        self.box = pygame.Rect(0, 0, 760, 600)
        self.box.center = (800, 460)

    def layout(self) -> None:
        t = self.app.t
        self.widgets = []
        width = 220
        x = self.box.centerx - (3 * width + 32) // 2
        y = self.box.bottom - 84
        for label, action, style, icon in (
                (t("ui.over.again"), self._again, "primary", "ui.new_game"),
                (t("ui.over.table"), self.app.pop, "normal", "ui.banner"),
                (t("ui.over.menu"), self._menu, "ghost", "ui.quit")):
            self.widgets.append(Button((x, y, width, theme.BUTTON_H), label, action,
                                       style=style, icon=icon))
            x += width + 16

    def back(self) -> None:
        self.app.pop()

    def _again(self) -> None:
        import random

        from engine.core.session import Session
        from scenes.games import scene_class
        from scenes.menu import MainMenuScene

        session = self.table.session
        seed = random.SystemRandom().randrange(1, 2**63)  # a fresh game; the seed is recorded
        new = Session.start(session.game_id, session.config, seed)
        self.app.reset(MainMenuScene(self.app))
        self.app.push(scene_class(session.game_id)(self.app, new))

    def _menu(self) -> None:
        from scenes.menu import MainMenuScene

        self.app.reset(MainMenuScene(self.app))

    def headline(self) -> str:
        """Returns who won: one seat, nobody, a party together, or rivals sharing the win (a
        tie between seats of different sides)."""
        t = self.app.t
        outcome = self.outcome
        if outcome is None or not outcome.winners:
            return t("ui.over.nobody")
        names = [self.table.seat_name(w) for w in outcome.winners]
        if len(names) == 1:
            return t("ui.over.winner", name=names[0])
        session = self.table.session
        sides = session.rules.sides(session.config)
        together = len({sides[w] for w in outcome.winners if w < len(sides)}) == 1
        return t("ui.over.winners" if together else "ui.over.shared", names=", ".join(names))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        surface.blit(theme.panel(self.box.size, "wood"), self.box)
        title = assets.shadowed(t("ui.over.title"), "title", theme.SIZE_H1, theme.GOLD)
        blit_centered(surface, title, (self.box.centerx, self.box.top + 56))
        theme.ornament(surface, (self.box.centerx, self.box.top + 94), 360)
        outcome = self.outcome
        if outcome is None:
            return
        head = self.headline()
        icon = "ui.winner" if outcome.winners else "ui.no_winner"  # no crown when nobody won
        blit_centered(surface, assets.asset_icon(icon, 64), (self.box.centerx,
                                                             self.box.top + 146))
        image = assets.text(head, "heading", theme.SIZE_H2, theme.INK, self.box.width - 80,
                            "center")
        blit_centered(surface, image, (self.box.centerx, self.box.top + 208))
        y = self.box.top + 240
        if outcome.reason is not None:
            reason = assets.text(self.app.msg(outcome.reason), "italic", theme.SIZE_BODY + 2,
                                 theme.INK_DIM, self.box.width - 100, "center")
            blit_centered(surface, reason, (self.box.centerx, y + reason.get_height() // 2))
            y += reason.get_height() + 10
        table = pygame.Rect(self.box.left + 110, y + 8, self.box.width - 220,
                            min(40 * len(outcome.scores) + 50, self.box.bottom - 110 - y))
        surface.blit(theme.panel(table.size, "parchment"), table)
        header_y = table.top + 12
        surface.blit(assets.text(t("ui.over.player"), "bold", theme.SIZE_SMALL,
                                 theme.INK_DARK_DIM), (table.left + 70, header_y))
        column = self.table.over_column()  # a game's own last column (else the scores)
        score = assets.text(t("ui.over.score") if column is None else column[0], "bold",
                            theme.SIZE_SMALL, theme.INK_DARK_DIM)
        surface.blit(score, (table.right - 30 - score.get_width(), header_y))
        order = sorted(range(len(outcome.scores)), key=lambda s: (-outcome.scores[s], s))
        row_y = header_y + 32
        for seat in order:
            if row_y > table.bottom - 30:
                break
            pygame.draw.circle(surface, self.table.seat_colour(seat), (table.left + 48,
                                                                       row_y + 12), 10)
            if seat in outcome.winners:
                surface.blit(assets.asset_icon("ui.crown", 24, theme.GOLD_DIM),
                             (table.left + 10, row_y))
            shown = f"{outcome.scores[seat]:g}" if column is None or seat >= len(column[1]) \
                else column[1][seat]
            value = assets.text(shown, "bold", theme.SIZE_BODY, theme.INK_DARK)
            name = assets.text(assets.fit(self.table.seat_name(seat), "bold", theme.SIZE_BODY,
                                          min(table.width - 180,
                                              table.width - 120 - value.get_width())),
                               "bold", theme.SIZE_BODY, theme.INK_DARK)
            surface.blit(name, (table.left + 70, row_y))
            surface.blit(value, (table.right - 30 - value.get_width(), row_y))
            row_y += 40
        for widget in self.widgets:
            widget.draw(surface)
