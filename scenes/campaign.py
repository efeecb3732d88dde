"""Between two games of a campaign (generalised from the duel's day panel): the results so far,
what the game carries into the next one (lines the game provides), and "next game", which moves
the CampaignSession on and opens the next table. After the last game it shows the campaign's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes import assets, saves, theme
from scenes.app import App
from scenes.dialogs import Overlay
from scenes.widgets import Button, blit_centered

if TYPE_CHECKING:
    from scenes.table import TableScene


RESULT_LINES = 6  # the latest results the panel lists
# The panel's wording; a campaign may replace any of it (CampaignDef.texts).
TEXTS = {"next": "ui.campaign.next", "finish": "ui.campaign.finish",
         "over": "ui.campaign.over", "over_lost": "ui.campaign.over_lost",
         "game_won": "ui.campaign.game_won", "of": "ui.campaign.of",
         "results": "ui.campaign.results", "results_final": "ui.campaign.results_final",
         "result_line": "ui.campaign.result_line",
         "result_line_lost": "ui.campaign.result_line_lost", "score": "ui.campaign.score",
         "carry": "ui.campaign.carry", "end": "ui.campaign.end"}


def campaign_name(app: App, campaign: Any) -> str:
    """Returns a campaign's name on screen: its own (CampaignDef.title) or its label's text."""
    title = campaign.title()
    return app.catalog.text(title) if title else app.t(campaign.label)


class BetweenGamesScene(Overlay):
    """The results of a campaign so far and what carries over; a click starts the next game."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        camp = table.campaign
        self.campaign = camp
        rules = table.session.rules
        state = table.session.state
        self.carry: dict[str, Any] = rules.carry_out(state)
        self.game_outcome = rules.outcome(state)
        assert self.game_outcome is not None
        config = table.session.config
        # the campaign says now whether another game follows (advance() then makes it)
        self.last = camp.over or camp.campaign.next_config(
            config, camp.index + 1, self.game_outcome, self.carry) is None
        self.results = list(camp.outcomes) + [self.game_outcome]
        self.final = camp.campaign.outcome(self.results, list(camp.carries) + [self.carry]) \
            if self.last else None
        self.carry_lines: list[Any] = [] if self.last else rules.carry_lines(self.carry)
        carries = list(camp.carries) + [self.carry]
        # each game's name where the campaign names them (a scenario's), else its number only
        self.names = [camp.campaign.game_name(i, carries) for i in range(len(self.results))]
        self.end_lines: list[Any] = camp.campaign.end_lines(self.results, carries) \
            if self.last else []
        self.box = pygame.Rect(0, 0, 860, 640)
        self.box.center = (800, 470)

    def text(self, which: str, /, **params: Any) -> str:
        """Returns the wording ``TEXTS[which]``, or the campaign's own (CampaignDef.texts: a
        floor cleared rather than a game won)."""
        key = self.campaign.campaign.texts.get(which, TEXTS[which])
        return self.app.t(key, **params) if key else ""

    def result_key(self, outcome: Any) -> str:
        """Returns which wording a game's result line takes: "result_line_lost" when nobody won
        it, except in a campaign with its own result line only ("Floor 3: …" stays)."""
        own = self.campaign.campaign.texts
        if outcome.winners or ("result_line" in own and "result_line_lost" not in own):
            return "result_line"
        return "result_line_lost"

    def layout(self) -> None:
        if self.last:
            label, icon = self.text("finish"), "ui.quit"
        else:
            label, icon = self.text("next", game=self.campaign.index + 2), "ui.play"
        self.widgets = [Button((self.box.centerx - 190, self.box.bottom - 80, 380,
                                theme.BUTTON_H), label, self.go_on, style="primary",
                               icon=icon, hotkey=pygame.K_RETURN)]

    def go_on(self) -> None:
        """Moves the campaign on: the next game's table, or the menu after the last game."""
        from scenes.games import scene_class
        from scenes.menu import MainMenuScene

        camp = self.campaign
        table = self.table
        more = camp.advance()
        if not more:
            table.autosave()  # the finished campaign, so Continue no longer offers it
            if table.save_path is not None and not saves.is_autosave(table.save_path):
                # the slot the campaign was saved to (and loaded from) ends too: else Continue
                # offered the lost or won campaign again from that slot
                table.writer.write(table.save_path, table.record_text())
            table.writer.flush()
            self.app.reset(MainMenuScene(self.app))
            return
        nxt = scene_class(camp.game_id)(self.app, camp.current, save_path=table.save_path,
                                        campaign=camp)
        self.app.reset(MainMenuScene(self.app))
        self.app.push(nxt)
        nxt.autosave()

    def back(self) -> None:
        """Esc opens the pause menu over the panel (the panel stays until clicked)."""
        from scenes.dialogs import PauseScene

        self.app.push(PauseScene(self.app, self.table))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        table, box, camp = self.table, self.box, self.campaign
        surface.blit(theme.panel(box.size, "wood"), box)
        name = campaign_name(self.app, camp.campaign)
        if self.final is not None:
            winners = ", ".join(table.seat_name(w) for w in self.final.winners)
            heading = self.text("over" if winners else "over_lost", name=name, winners=winners)
        else:
            winners = ", ".join(table.seat_name(w) for w in self.game_outcome.winners)
            heading = self.text("game_won", game=camp.index + 1, winners=winners)
        title = assets.shadowed(assets.fit(heading, "title", theme.SIZE_H2, box.width - 60),
                                "title", theme.SIZE_H2, theme.GOLD)
        blit_centered(surface, title, (box.centerx, box.top + 44))
        theme.ornament(surface, (box.centerx, box.top + 76), 420)
        sub = assets.text(self.text("of", name=name, game=camp.index + 1), "italic",
                          theme.SIZE_BODY, theme.INK_DIM, box.width - 120, "center")
        blit_centered(surface, sub, (box.centerx, box.top + 104))
        # at the end the results are final, not "so far"
        y = self._section(surface, self.text("results_final" if self.last else "results"),
                          box.top + 140)
        # A long campaign (floor after floor) shows its latest results; the box holds six.
        first = max(0, len(self.results) - RESULT_LINES)
        for i, outcome in enumerate(self.results[first:], start=first):
            names = ", ".join(table.seat_name(w) for w in outcome.winners) or "-"
            reason = self.app.msg(outcome.reason) if outcome.reason is not None else ""
            line = self.text(self.result_key(outcome), game=i + 1, winners=names, reason=reason,
                             name=self.names[i] or "")
            y = self._line(surface, line, y, theme.INK)
        if self.final is not None:
            scores = " : ".join(table.decimal(s, 0) for s in self.final.scores)
            score = self.text("score", score=scores)
            if score:  # "" where the end reason below says the score already
                y = self._line(surface, score, y + 6, theme.GOLD_BRIGHT)
            if self.final.reason is not None:  # how the whole campaign ended
                y = self._line(surface, self.app.msg(self.final.reason), y + (0 if score else 6),
                               theme.GOLD_BRIGHT if not score else theme.INK)
        if self.end_lines:
            y = self._section(surface, self.text("end"), y + 14)
            for message in self.end_lines:
                y = self._line(surface, table.game_message(message), y, theme.INK)
        if self.carry_lines:
            y = self._section(surface, self.text("carry"), y + 14)
            for message in self.carry_lines:
                y = self._line(surface, table.game_message(message), y, theme.INK)
        super(Overlay, self).draw(surface)

    def _section(self, surface: pygame.Surface, text: str, y: int) -> int:
        head = assets.text(text, "bold", theme.SIZE_SMALL, theme.GOLD_DIM)
        blit_centered(surface, head, (self.box.centerx, y + head.get_height() // 2))
        return y + head.get_height() + 6

    def _line(self, surface: pygame.Surface, text: str, y: int, colour: Any) -> int:
        image = assets.text(text, "body", theme.SIZE_SMALL, colour, self.box.width - 120,
                            "center")
        blit_centered(surface, image, (self.box.centerx, y + image.get_height() // 2))
        return y + image.get_height() + 4
