"""The day of the duel (seed 003, best of three): the panel between two games and the end screen
with the day's result. Both read the table's view and its session log only.

Between games the panel holds the table (it sits on top of the stack, so no bot moves) until a
human clicks on: a bot that lost the game must not start the next one past the human's eyes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes import assets, theme
from scenes.app import App
from scenes.dialogs import GameOverScene, Overlay
from scenes.widgets import Button, blit_centered

if TYPE_CHECKING:
    from scenes.duel.table import DuelTableScene

GAME_OVER = "duel.ev.game_over"
XP = "duel.ev.xp"
LEVEL_UP = "duel.ev.level_up"


def day_history(table: DuelTableScene) -> list[tuple[int, int, Any]]:
    """Returns (game number, winner seat, reason message) of every finished game of the day."""
    out = []
    for event in table.session.log:
        if event.key == GAME_OVER:
            out.append((int(event.params["game"]), int(event.params["winner"]),
                        event.params["reason"]))
    return out


def end_gains(table: DuelTableScene) -> tuple[dict[int, list[tuple[int, Any]]],
                                              dict[int, int]]:
    """Returns the XP each seat got at the last game's end and the levels reached then."""
    log = table.session.log
    start = max((i for i, e in enumerate(log) if e.key == GAME_OVER), default=len(log))
    gains: dict[int, list[tuple[int, Any]]] = {0: [], 1: []}
    levels: dict[int, int] = {}
    for event in log[start + 1:]:
        if event.key == XP:
            gains[int(event.params["seat"])].append((int(event.params["amount"]),
                                                     event.params["reason"]))
        elif event.key == LEVEL_UP:
            levels[int(event.params["seat"])] = int(event.params["level"])
        else:
            break
    return gains, levels


def draw_score(surface: pygame.Surface, table: DuelTableScene, centre: tuple[int, int]) -> None:
    """Draws "name  1 : 0  name" with two trophy slots under each name."""
    cx, cy = centre
    me, opp = table.me, table.opp
    wins = (table.side(me)["wins"], table.side(opp)["wins"])
    score = assets.shadowed(f"{wins[0]} : {wins[1]}", "heading", theme.SIZE_H1,
                            theme.GOLD_BRIGHT)
    blit_centered(surface, score, (cx, cy))
    for seat, won, x in ((me, wins[0], cx - 200), (opp, wins[1], cx + 200)):
        name = assets.text(assets.fit(table.seat_name(seat), "heading", theme.SIZE_H3, 260),
                           "heading", theme.SIZE_H3, table.seat_colour(seat))
        blit_centered(surface, name, (x, cy - 14))
        for i in range(2):
            colour = theme.GOLD_BRIGHT if won > i else (84, 66, 46)
            blit_centered(surface, assets.asset_icon("duel.ui.trophy", 28, colour),
                          (x - 18 + i * 36, cy + 24))


def draw_games(surface: pygame.Surface, table: DuelTableScene, rect: pygame.Rect) -> int:
    """Draws one line per finished game of the day inside rect; returns the y below them."""
    app = table.app
    y = rect.top
    head = assets.text(app.t("duel.ui.day.games"), "bold", theme.SIZE_SMALL, theme.GOLD_DIM)
    blit_centered(surface, head, (rect.centerx, y + head.get_height() // 2))
    y += head.get_height() + 6
    for game, winner, reason in day_history(table):
        line = app.t("duel.ui.day.game_line", game=game, name=table.seat_name(winner),
                     reason=app.msg(reason))
        image = assets.text(line, "body", theme.SIZE_SMALL, theme.INK, rect.width, "center")
        blit_centered(surface, image, (rect.centerx, y + image.get_height() // 2))
        y += image.get_height() + 4
    return y


def draw_levels(surface: pygame.Surface, table: DuelTableScene, rect: pygame.Rect,
                gains: bool) -> None:
    """Draws each side's level and XP (and, with gains, the XP of the last game's end)."""
    app = table.app
    got, risen = end_gains(table) if gains else ({0: [], 1: []}, {})
    half = rect.width // 2
    for column, seat in enumerate((table.me, table.opp)):
        side = table.side(seat)
        x = rect.left + column * half + 16
        width = half - 32
        y = rect.top
        name = assets.text(assets.fit(table.seat_name(seat), "bold", theme.SIZE_BODY, width),
                           "bold", theme.SIZE_BODY, table.seat_colour(seat))
        surface.blit(name, (x, y))
        y += name.get_height() + 4
        nxt = side["next_level"]
        line = app.t("duel.ui.day.level_xp", level=side["level"], xp=side["xp"]) \
            if nxt is None else app.t("duel.ui.day.level_next", level=side["level"],
                                      xp=side["xp"], next=nxt)
        image = assets.text(line, "body", theme.SIZE_SMALL, theme.INK, width)
        surface.blit(image, (x, y))
        y += image.get_height() + 4
        for amount, reason in got.get(seat, []):
            image = assets.text(app.t("duel.ui.day.gain", amount=amount,
                                      reason=app.msg(reason)), "italic", theme.SIZE_SMALL,
                                theme.GREEN_BRIGHT, width)
            surface.blit(image, (x, y))
            y += image.get_height() + 2
        if seat in risen:
            image = assets.text(app.t("duel.ui.day.level_up", level=risen[seat]), "bold",
                                theme.SIZE_SMALL, theme.GOLD_BRIGHT, width)
            surface.blit(image, (x, y))


class DayPanelScene(Overlay):
    """Between two games of a day: the score, who won and why, XP and levels; a click goes on."""

    def __init__(self, app: App, table: DuelTableScene) -> None:
        super().__init__(app)
        self.table = table
        self.game_no = table.view["game_no"]
        self.box = pygame.Rect(0, 0, 860, 640)
        self.box.center = (800, 470)

    def layout(self) -> None:
        label = self.app.t("duel.ui.day.continue", game=self.game_no + 1)
        self.widgets = [Button((self.box.centerx - 170, self.box.bottom - 80, 340,
                                theme.BUTTON_H), label, self.go_on, style="primary",
                               icon="ui.play", hotkey=pygame.K_RETURN)]

    def go_on(self) -> None:
        """Closes the panel; a human who must start the next game starts it now."""
        table = self.table
        table.day_seen = self.game_no
        self.app.pop()
        if table.is_my_turn():
            table._send_simple("next_game")

    def back(self) -> None:
        """Esc opens the pause menu over the panel (the panel stays until clicked)."""
        from scenes.dialogs import PauseScene

        self.app.push(PauseScene(self.app, self.table))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        t = self.app.t
        table, box = self.table, self.box
        v = table.view
        surface.blit(theme.panel(box.size, "wood"), box)
        winner = v["winner"]
        title = assets.shadowed(t("duel.ui.game_won", game=self.game_no,
                                  name=table.seat_name(winner)), "title", theme.SIZE_H2,
                                theme.GOLD)
        blit_centered(surface, title, (box.centerx, box.top + 44))
        theme.ornament(surface, (box.centerx, box.top + 76), 420)
        if v["end_reason"]:
            reason = assets.text(self.app.msg({"key": v["end_reason"], "params": {}}), "italic",
                                 theme.SIZE_BODY, theme.INK_DIM, box.width - 120, "center")
            blit_centered(surface, reason, (box.centerx, box.top + 106))
        head = assets.text(t("duel.ui.day.score"), "bold", theme.SIZE_SMALL, theme.GOLD_DIM)
        blit_centered(surface, head, (box.centerx, box.top + 146))
        draw_score(surface, table, (box.centerx, box.top + 196))
        inner = pygame.Rect(box.left + 40, box.top + 256, box.width - 80, 150)
        surface.blit(theme.panel(inner.size, "inset"), inner)
        draw_levels(surface, table, inner.inflate(0, -24), gains=True)
        y = draw_games(surface, table, pygame.Rect(box.left + 60, inner.bottom + 14,
                                                   box.width - 120, 80))
        note = assets.text(t("duel.ui.day.carry"), "italic", theme.SIZE_SMALL, theme.INK_FAINT,
                           box.width - 120, "center")
        blit_centered(surface, note, (box.centerx, max(y + 8, box.bottom - 112)
                                      + note.get_height() // 2))
        super(Overlay, self).draw(surface)


class DayOverScene(GameOverScene):
    """The end of a day: who won it, the score in games, each game's winner and the levels."""

    table: DuelTableScene

    def __init__(self, app: App, table: DuelTableScene) -> None:
        super().__init__(app, table)
        self.box = pygame.Rect(0, 0, 860, 640)
        self.box.center = (800, 470)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.t
        table, box = self.table, self.box
        v = table.view
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        surface.blit(theme.panel(box.size, "wood"), box)
        title = assets.shadowed(t("duel.ui.day.over_title"), "title", theme.SIZE_H1, theme.GOLD)
        blit_centered(surface, title, (box.centerx, box.top + 50))
        theme.ornament(surface, (box.centerx, box.top + 88), 420)
        blit_centered(surface, assets.asset_icon("ui.winner", 56), (box.centerx, box.top + 128))
        if v["day_winner"] is not None:
            head = assets.text(t("duel.ui.day_over", name=table.seat_name(v["day_winner"])),
                               "heading", theme.SIZE_H2, theme.INK, box.width - 80, "center")
            blit_centered(surface, head, (box.centerx, box.top + 184))
        draw_score(surface, table, (box.centerx, box.top + 250))
        y = draw_games(surface, table, pygame.Rect(box.left + 60, box.top + 300,
                                                   box.width - 120, 100))
        inner = pygame.Rect(box.left + 40, y + 10, box.width - 80, 84)
        surface.blit(theme.panel(inner.size, "inset"), inner)
        draw_levels(surface, table, inner.inflate(0, -24), gains=False)
        for widget in self.widgets:
            widget.draw(surface)
