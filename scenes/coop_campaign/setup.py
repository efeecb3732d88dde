"""The mission's pre-game step (scenes.games.PREGAME): which hero each seat plays (two heroes for
a single seat, as the seed's solo rule says), chosen on hero cards instead of a typed list, and
for a single mission the campaign notes its tile reads (the ``boxes`` option), each a named
switch saying what it changes instead of a typed list of ids. The set-up screen before it keeps
the tile, hard mode and the enemy theme.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine import registry
from engine.core.protocol import GameConfig
from scenes import assets, theme
from scenes.app import App
from scenes.coop_campaign import art, query
from scenes.menu import MenuScreen
from scenes.widgets import Button, Toggle, Widget, blit_centered

CARD_W, CARD_H = 300, 360
ROW = pygame.Rect(40, 150, 1520, 640)
NOTES_TOP = 690  # the campaign notes' switches, under the hero cards
NOTE = pygame.Rect(330, NOTES_TOP, 940, 54)


class NoteToggle(Toggle):
    """A campaign note of a single mission: its shape, name and what it changes, and a switch."""

    def __init__(self, rect: pygame.Rect, note: Any, value: bool, on_change: Any,
                 app: App) -> None:
        name = art.name(app, note.name)
        super().__init__(rect, name, value, on_change,
                         tooltip=[name, art.name(app, note.text)])
        self.note, self.app = note, app

    def draw(self, surface: pygame.Surface) -> None:
        from scenes.coop_campaign import mapart

        rect = self.rect
        surface.blit(theme.panel(rect.size, "parchment" if self.value else "wood"), rect)
        if self.hovered:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(4, 4), width=2, border_radius=10)
        ink = theme.INK_DARK if self.value else theme.INK
        dim = theme.INK_DARK_DIM if self.value else theme.INK_DIM
        mapart.draw_shape(surface, self.note.shape, (rect.left + 28, rect.centery), 22,
                          mapart.SHAPE_COLOURS[self.note.shape], self.value)
        room = rect.width - 150
        head = assets.text(assets.fit(self.label, "bold", theme.SIZE_SMALL, room), "bold",
                           theme.SIZE_SMALL, ink)
        surface.blit(head, (rect.left + 54, rect.top + 6))
        text = art.name(self.app, self.note.text)
        body = assets.text(assets.fit(text, "body", theme.SIZE_TINY, room), "body",
                           theme.SIZE_TINY, dim)
        surface.blit(body, (rect.left + 54, rect.top + 30))
        track = pygame.Rect(0, 0, 60, 30)
        track.midright = (rect.right - 14, rect.centery)
        pygame.draw.rect(surface, theme.GREEN if self.value else (70, 56, 44), track,
                         border_radius=15)
        pygame.draw.rect(surface, theme.GOLD_DIM, track, width=2, border_radius=15)
        knob_x = track.right - 15 if self.value else track.left + 15
        pygame.draw.circle(surface, theme.PARCHMENT, (knob_x, track.centery), 11)


class HeroCard(Widget):
    """A hero to choose: portrait, name, text, weapon and the six action tiles; the slot that
    holds it is written on it."""

    def __init__(self, rect: pygame.Rect, hid: str, slot: str, colour: theme.Colour | None,
                 on_click: Any, app: App) -> None:
        super().__init__(rect)
        self.hid, self.slot, self.colour, self.on_click, self.app = hid, slot, colour, \
            on_click, app

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        chosen = self.colour is not None
        surface.blit(theme.panel(rect.size, "parchment" if chosen else "wood"), rect)
        if chosen:
            pygame.draw.rect(surface, self.colour, rect.inflate(6, 6), width=4,
                             border_radius=12)
        elif self.hovered:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(2, 2), width=2, border_radius=12)
        h = query.hero(self.hid)
        ink = theme.INK_DARK if chosen else theme.INK
        dim = theme.INK_DARK_DIM if chosen else theme.INK_DIM
        tok = art.token(f"coop.hero.{self.hid}", 84, self.colour or theme.GOLD_DIM,
                        art.hero_colour(self.hid))
        surface.blit(tok, tok.get_rect(center=(rect.centerx, rect.top + 62)))
        name, size = assets.shrink_to_fit(art.hero_name(self.app, self.hid), "heading", 22,
                                          rect.width - 24, 15)
        blit_centered(surface, assets.text(name, "heading", size, ink),
                      (rect.centerx, rect.top + 124))
        text = assets.text(art.name(self.app, h.text), "body", theme.SIZE_SMALL, dim,
                           rect.width - 36, "center")
        spot_text = text.get_rect(midtop=(rect.centerx, rect.top + 144))
        surface.blit(text, spot_text)
        weapon = self.app.t("coop.ui.setup.weapon", weapon=art.item_name(self.app, h.weapon))
        image = assets.text(weapon, "bold", theme.SIZE_TINY, dim, rect.width - 30, "center")
        # a three-line text (German) pushes the weapon and the tiles down a little
        spot_weapon = image.get_rect(midtop=(rect.centerx,
                                             max(rect.top + 206, spot_text.bottom + 6)))
        surface.blit(image, spot_weapon)
        # the six action tiles, small
        tw, th, gap = 42, 60, 4
        x0 = rect.centerx - (6 * tw + 5 * gap) // 2
        tiles_top = max(rect.top + 240, spot_weapon.bottom + 10)
        for k, aid in enumerate(h.actions):
            face = art.tile_face(aid, False, tw, th, "", False)
            spot = pygame.Rect(x0 + k * (tw + gap), tiles_top, tw, th)
            surface.blit(face, spot)
            if spot.collidepoint(self.app.mouse):
                s = query.side(aid, False)
                self.app.tooltip(("tile", aid), [art.tile_name(self.app, aid),
                                                 art.name(self.app, s.text)], spot)
        if self.slot:
            tag = assets.text(self.slot, "bold", theme.SIZE_SMALL, ink)
            box = tag.get_rect(midbottom=(rect.centerx, rect.bottom - 12)).inflate(20, 8)
            pygame.draw.rect(surface, self.colour or theme.GOLD_DIM, box, border_radius=10)
            blit_centered(surface, assets.text(self.slot, "bold", theme.SIZE_SMALL,
                                               theme.WOOD_DEEP), box.center)
        else:
            hint = assets.text(self.app.t("coop.ui.setup.click"), "italic", theme.SIZE_SMALL,
                               theme.INK_FAINT)
            blit_centered(surface, hint, (rect.centerx, rect.bottom - 24))


class HeroPickScene(MenuScreen):
    """Chooses the mission's heroes: one per seat, two for a single player."""

    title_key = "coop.ui.setup.title"
    # the heroes, and a single mission's campaign notes (named switches here; the option stays
    # a list of ids for the command line and the tests)
    OPTIONS = ("heroes", "boxes")

    def __init__(self, app: App, game_id: str, config: GameConfig, seed: int) -> None:
        super().__init__(app)
        self.game_id, self.config, self.seed = game_id, config, seed
        self.rules = registry.rules(game_id)
        self.all = [h.id for h in query.heroes()]
        n = self.count()
        text = str(config.options.get("heroes", "") or "")
        given = [x.strip() for x in text.split(",") if x.strip()]
        self.picked: list[str] = given if len(given) == n else list(self.all[:n])
        self.slot = 0  # the slot the next click fills
        # a single mission: the campaign notes its tile reads, each switched on or off
        self.notes: list[str] = [] if self.is_campaign() else list(
            query.boxes_read(str(config.options.get("tile", "bridge"))))
        given_boxes = str(config.options.get("boxes", "") or "")
        self.ticked = {x.strip() for x in given_boxes.split(",") if x.strip() in self.notes}

    def count(self) -> int:
        """Returns how many heroes play: one per seat, two for a single seat (seed 001, 1.1)."""
        return 2 if self.config.players == 1 else self.config.players

    def is_campaign(self) -> bool:
        """Returns True when the heroes are chosen for a whole campaign (mode campaign)."""
        return self.config.options.get("mode") == "campaign"

    def slot_owner(self, k: int) -> int:
        """Returns the seat that plays the hero of slot k."""
        return 0 if self.config.players == 1 else k

    def slot_label(self, k: int) -> str:
        """Returns who plays slot k ("Alma, hero 2")."""
        seat = self.slot_owner(k)
        name = self.config.seats[seat].name or self.app.t("ui.player_n", n=seat + 1)
        if self.config.players == 1:
            return self.app.t("coop.ui.setup.solo_slot", name=name, n=k + 1)
        return name

    def build(self) -> None:
        t = self.app.t
        start = t("coop.ui.start_campaign") if self.is_campaign() else t("coop.ui.start")
        self.widgets.append(Button((1600 - 300, 826, 260, theme.BUTTON_H), start,
                                   self.start, style="primary", icon="ui.play",
                                   hotkey=pygame.K_RETURN))
        n = len(self.all)
        gap = 24
        x0 = 800 - (n * CARD_W + (n - 1) * gap) // 2
        for k, hid in enumerate(self.all):
            rect = pygame.Rect(x0 + k * (CARD_W + gap), 250, CARD_W, CARD_H)
            slot = self.picked.index(hid) if hid in self.picked else None
            colour = None
            label = ""
            if slot is not None:
                seat = self.slot_owner(slot)
                colour = theme.seat_colour(self.config.seats[seat].colour, seat)
                label = self.slot_label(slot)
            self.widgets.append(HeroCard(rect, hid, label, colour, self._picker(hid), self.app))
        for k, bid in enumerate(self.notes):
            note = query.box(bid)
            if note is None:
                continue
            self.widgets.append(NoteToggle(NOTE.move(0, k * (NOTE.height + 8)), note,
                                           bid in self.ticked, self._ticker(bid), self.app))

    def _ticker(self, bid: str) -> Any:
        def tick(value: bool) -> None:
            if value:
                self.ticked.add(bid)
            else:
                self.ticked.discard(bid)
        return tick

    def _picker(self, hid: str) -> Any:
        def pick() -> None:
            n = self.count()
            if hid in self.picked:
                # a chosen hero is given to the slot asked for next, swapping with its holder
                k = self.picked.index(hid)
                self.picked[k], self.picked[self.slot] = self.picked[self.slot], hid
            else:
                self.picked[self.slot] = hid
            self.slot = (self.slot + 1) % n
            self.layout()
        return pick

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.t
        lines = [t("coop.ui.setup.help_campaign" if self.is_campaign() else "coop.ui.setup.help",
                   n=self.count())]
        if self.config.players == 1:
            lines.append(t("coop.ui.setup.solo"))
        y = 150
        for line in lines:
            image = assets.text(line, "italic", theme.SIZE_BODY, theme.INK_DIM, 1200, "center")
            blit_centered(surface, image, (800, y + image.get_height() // 2))
            y += image.get_height() + 6
        nxt = t("coop.ui.setup.next", who=self.slot_label(self.slot))
        image = assets.text(nxt, "bold", theme.SIZE_BODY, theme.GOLD)
        blit_centered(surface, image, (800, 636))
        if self.notes:
            head = assets.text(t("coop.ui.setup.notes"), "italic", theme.SIZE_SMALL,
                               theme.INK_DIM, NOTE.width, "center")
            blit_centered(surface, head, (800, NOTES_TOP - 6 - head.get_height() // 2))

    def start(self) -> None:
        """Starts the mission with the chosen heroes and opens its table."""
        from scenes.games import start_table

        options = dict(self.config.options)
        options["heroes"] = ",".join(self.picked)
        if not self.is_campaign():
            options["boxes"] = ",".join(b for b in self.notes if b in self.ticked)
        start_table(self.app, self.game_id, GameConfig(self.config.seats, options), self.seed)
