"""After a campaign mission (the shell's between-games panel in the campaign's own words): the
mission won or lost, the items found and the boxes ticked with what they change, each hero as
the next mission receives them, the map with the party's progress and what comes next (the
camp of the next station, the fork, or the same station once more). After the last mission the
epilogue; after a mission lost in hard mode the campaign's end.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import assets, theme
from scenes.app import App
from scenes.campaign import BetweenGamesScene
from scenes.coop_campaign import art, mapart, query
from scenes.coop_campaign.camp import station_title
from scenes.widgets import Button

BOX = pygame.Rect(60, 70, 1480, 760)
MAP = pygame.Rect(88, 196, 700, 420)
TEXT_X = 812
TEXT_W = BOX.right - TEXT_X - 28


class CoopBetweenScene(BetweenGamesScene):
    """The results of a campaign mission and what follows (see the module's text)."""

    def __init__(self, app: App, table: Any) -> None:
        super().__init__(app, table)
        self.box = BOX
        v = table.view
        info = v.get("campaign") or {}
        self.station = str(info.get("station", ""))
        self.won = bool(self.game_outcome.winners)
        c = self.carry
        self.map = mapart.MapState(route=list(c["route"]), boxes=list(c["boxes"]),
                                   ahead=self.station if not self.won else c["station"],
                                   choices=[], routes=[], over=self.last)

    def layout(self) -> None:
        t = self.app.t
        if self.last:
            label, icon = t("ui.campaign.finish"), "ui.quit"
        else:
            label, icon = t("coop.ui.between.next"), "ui.play"
        self.widgets = [Button((BOX.right - 420, BOX.bottom - 76, 390, theme.BUTTON_H), label,
                               self.go_on, style="primary", icon=icon,
                               hotkey=pygame.K_RETURN)]

    def heading(self) -> str:
        """Returns the panel's title."""
        t = self.app.t
        if self.final is not None:
            return str(t("coop.ui.between.epilogue" if self.final.winners
                         else "coop.ui.between.defeat"))
        label = query.station(self.station).label
        return str(t("coop.ui.between.won" if self.won else "coop.ui.between.lost",
                     label=label))

    def lines(self) -> list[tuple[str, Any, str]]:
        """Returns the panel's lines: (text, colour, font role)."""
        t = self.app.t
        c = self.carry
        out: list[tuple[str, Any, str]] = []
        news = c["news"]
        if self.won:
            for i, cards in enumerate(news["gained"]):
                if cards:
                    names = ", ".join(art.item_name(self.app, x) for x in cards)
                    out.append((t("coop.ui.between.found", hero=art.hero_name(
                        self.app, c["heroes"][i]["hero"]), items=names), theme.INK, "body"))
            for bid in news["boxes"]:
                b = query.box(bid)
                if b is not None:
                    out.append((t("coop.ui.between.box", box=art.name(self.app, b.name),
                                  text=art.name(self.app, b.text)), theme.GOLD_BRIGHT, "body"))
        elif self.final is None:
            hard = bool(self.table.view.get("hard"))
            out.append((t("coop.ui.between.retry_hard" if hard else "coop.ui.between.retry"),
                        theme.INK, "body"))
            if hard:  # hard mode: the retries the campaign has left
                left = max(0, query.campaign_map().hard_retries - int(c.get("lost", 0)))
                out.append((t("coop.ui.map.retries", n=left) if left
                            else t("coop.ui.map.retries_none"), theme.GOLD_BRIGHT, "body"))
        if self.final is None:
            for message in self.carry_lines:
                out.append((self.table.game_message(message), theme.INK_DIM, "body"))
            out.append((self._next_line(), theme.GOLD, "bold"))
        return out

    def _next_line(self) -> str:
        t = self.app.t
        c = self.carry
        if not self.won:
            return str(t("coop.ui.between.again", mission=station_title(self.app,
                                                                          self.station)))
        if not c["station"]:
            return str(t("coop.ui.between.fork"))
        return str(t("coop.ui.between.ahead", mission=station_title(self.app, c["station"])))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        t = self.app.t
        surface.blit(theme.panel(BOX.size, "wood"), BOX)
        heading = self.heading()
        text, size = assets.shrink_to_fit(heading, "title", theme.SIZE_H2, BOX.width - 80, 26)
        image = assets.shadowed(text, "title", size, theme.GOLD)
        surface.blit(image, image.get_rect(midtop=(BOX.centerx, BOX.top + 22)))
        theme.ornament(surface, (BOX.centerx, BOX.top + 88), 520)
        name = art.name(self.app, query.campaign_map().name)
        if self.final is None:
            name = station_title(self.app, self.station)
        sub = t("coop.ui.between.sub" if self.final is None else "coop.ui.between.sub_end",
                name=name, missions=len(self.carry["route"]))
        image = assets.text(sub, "italic", theme.SIZE_BODY, theme.INK_DIM)
        surface.blit(image, image.get_rect(midtop=(BOX.centerx, BOX.top + 100)))
        mapart.draw_map(surface, MAP, self.app, self.map)
        y = MAP.top
        if self.final is not None:
            m = query.campaign_map()
            story = m.epilogue if self.final.winners else m.defeat
            image = assets.text(art.name(self.app, story), "serif", 19, theme.INK_DARK,
                                TEXT_W - 36)
            block = pygame.Rect(TEXT_X, y, TEXT_W, image.get_height() + 32)
            surface.blit(theme.panel(block.size, "parchment"), block)
            surface.blit(image, (block.left + 18, block.top + 16))
            y = block.bottom + 16
            if self.final.reason is not None:
                image = assets.text(self.table.game_message(self.final.reason), "bold",
                                    theme.SIZE_BODY, theme.GOLD_BRIGHT, TEXT_W)
                surface.blit(image, (TEXT_X, y))
                y += image.get_height() + 8
        for text, colour, role in self.lines():
            image = assets.text(text, role, theme.SIZE_SMALL + 1, colour, TEXT_W)
            surface.blit(image, (TEXT_X, y))
            y += image.get_height() + 8
        for widget in self.widgets:
            widget.draw(surface)
