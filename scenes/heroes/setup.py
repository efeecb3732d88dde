"""The heroes' pre-game step (scenes.games.PREGAME). The skirmish: each army's faction and hero,
the heroes' level, the budget and the bonus cards, chosen on faction and hero cards instead of a
list of cyclers; the set-up screen before it keeps the opponent, the neutrals, the siege and the
rules. The map game (mode clash): each seat's faction (or random) and its might or magic hero.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine import registry
from engine.core.protocol import GameConfig
from scenes import assets, theme
from scenes.app import App
from scenes.heroes import art, query
from scenes.menu import MenuScreen
from scenes.newgame import OptionLabel, OptionToggle, SetupCycler, option_choices
from scenes.widgets import Button, Panel, Widget, blit_centered

PANELS = (pygame.Rect(40, 130, 750, 500), pygame.Rect(810, 130, 750, 500))
# the map game: a panel a seat, two or three of them
CLASH_PANELS = {1: PANELS[:1], 2: PANELS,
                3: tuple(pygame.Rect(40 + i * 513, 130, 494, 560) for i in range(3)),
                # an alliance of two against two (engine/rules/heroes/adventure/teams.py)
                4: tuple(pygame.Rect(40 + i * 384, 130, 368, 560) for i in range(4))}
# the options the rules read per seat (HeroesRules.options: faction_1/2, hero_1/2); a third
# seat takes a faction the first two left, with its might hero (adventure/rules.py new_map_game)
CHOSEN_SEATS = 4
TEAM_MODES = ("coop", "alliance")
TEAM_TEXT = {"coop": "heroes.teamui.setup.coop", "alliance": "heroes.teamui.setup.alliance"}
TEAM_TITLES = {"coop": "heroes.teamui.setup.title_coop",
               "alliance": "heroes.teamui.setup.title_alliance"}
SHARED = pygame.Rect(40, 642, 1520, 170)
NOTES = {"might": "heroes.ui.might.note", "magic": "heroes.ui.magic.note"}


class Tile(Widget):
    """A choice drawn as a card: an emblem, a name and a line under it; gold when chosen."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], icon: str, title: str,
                 note: str, on_click: Any, chosen: bool, ring: theme.Colour) -> None:
        super().__init__(rect)
        self.icon, self.title, self.note = icon, title, note
        self.on_click, self.chosen, self.ring = on_click, chosen, ring

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        surface.blit(theme.panel(rect.size, "parchment" if self.chosen else "inset"), rect)
        if self.chosen:
            pygame.draw.rect(surface, theme.GOLD_BRIGHT, rect.inflate(4, 4), width=3,
                             border_radius=12)
        elif self.hovered:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(2, 2), width=2, border_radius=12)
        disc = (rect.centerx, rect.top + 46)
        pygame.draw.circle(surface, theme.WOOD_DEEP, disc, 34)
        pygame.draw.circle(surface, self.ring, disc, 34, 3)
        blit_centered(surface, assets.asset_icon(self.icon, 44), disc)
        ink = theme.INK_DARK if self.chosen else theme.INK
        width = rect.width - 12
        wide = assets.text(self.title, "heading", theme.SIZE_SMALL, ink).get_width() > width
        if wide and " " not in self.title:
            # one long word on a narrow card (four seats): smaller type, never split mid-word
            size = theme.SIZE_TINY if assets.size_of(self.title, "heading", theme.SIZE_TINY)[0] \
                <= rect.width - 6 else theme.SIZE_TINY - 2
            title = assets.text(assets.fit(self.title, "heading", size, rect.width - 6),
                                "heading", size, ink)
            blit_centered(surface, title, (rect.centerx, rect.top + 98))
        elif not self.note and wide:
            # a name too long for a narrow card (three seats) takes two lines
            title = assets.text(self.title, "heading", theme.SIZE_SMALL, ink, width, "center")
            surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 84)))
        else:
            title = assets.text(assets.fit(self.title, "heading", theme.SIZE_SMALL, width),
                                "heading", theme.SIZE_SMALL, ink)
            blit_centered(surface, title, (rect.centerx, rect.top + 98))
        if self.note:
            # a note too long for the card wraps onto a second line (narrow three-seat panels)
            note = assets.text(self.note, "body", theme.SIZE_TINY, theme.INK_DARK_DIM
                               if self.chosen else theme.INK_DIM, rect.width - 12, "center")
            surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.top + 111)))


class SkirmishSetupScene(MenuScreen):
    """Chooses each army's faction and hero, the level, the budget and the bonus cards; in the
    map game each seat's faction and hero."""

    OPTIONS = ("faction_1", "faction_2", "faction_3", "faction_4", "hero_1", "hero_2", "hero_3",
               "hero_4", "level", "budget", "bonus_cards")

    def __init__(self, app: App, game_id: str, config: GameConfig, seed: int) -> None:
        super().__init__(app)
        self.game_id, self.config, self.seed = game_id, config, seed
        self.rules = registry.rules(game_id)
        defaults = {o.id: self.rules.option(config, o.id) for o in self.rules.options}
        self.options = {**defaults, **dict(config.options)}
        # the map game unless told otherwise (for one player the skirmish: option_defaults)
        # (the solo campaign plays the map game too: its one seat chooses faction and hero)
        self.clash = self.options.get("mode") in ("clash", "campaign", *TEAM_MODES)
        self.team_mode = self.options.get("mode") if self.options.get("mode") in TEAM_MODES \
            else None
        self.title_key = "heroes.ui.setup.title_clash" if self.clash else \
            "heroes.ui.setup.title"
        if self.options.get("mode") == "campaign":
            from engine.core.campaign import campaign_of
            from scenes.campaign import campaign_name

            self.title_key = "heroes.botui.setup_title"
            self.title_params = {"name": campaign_name(self.app, campaign_of("heroes", "solo"))}
        if self.team_mode is not None:
            self.title_key = TEAM_TITLES[self.team_mode]

    def armies(self) -> int:
        """Returns how many armies are built: one against neutrals, else two; in the map game
        one a seat."""
        if self.clash:
            return self.config.players
        neutral = self.config.players == 1 or self.options.get("opponent") == "neutral"
        return 1 if neutral else 2

    def panels(self) -> tuple[pygame.Rect, ...]:
        """Returns the panel of each seat (of each army in a skirmish)."""
        return CLASH_PANELS.get(self.armies(), PANELS) if self.clash else PANELS

    def is_chosen(self, seat: int) -> bool:
        """Returns True when the seat's faction and hero are chosen here (the rules take the
        choices of the first two seats)."""
        return seat < min(self.armies(), CHOSEN_SEATS)

    def seat_name(self, seat: int) -> str:
        """Returns the name a seat was given on the set-up screen."""
        if seat >= len(self.config.seats):
            return self.app.t("heroes.ui.neutrals")
        return self.config.seats[seat].name or self.app.t("ui.player_n", n=seat + 1)

    def seat_colour(self, seat: int) -> theme.Colour:
        """Returns the colour a seat was given on the set-up screen."""
        if seat >= len(self.config.seats):
            return art.NEUTRAL
        return theme.seat_colour(self.config.seats[seat].colour, seat)

    def team_name(self, seat: int) -> str:
        """Returns the catalog key of an alliance seat's team (from the scenario's seats)."""
        sid = self.rules.team_scenario("alliance", self.config.players,
                                       str(self.options.get("scenario", "")))
        team = query.scenario(sid).seats[seat].team or 0
        return ("heroes.teamui.team.a", "heroes.teamui.team.b", "heroes.teamui.team.c",
                "heroes.teamui.team.d")[team]

    def build(self) -> None:
        t = self.app.t
        start = t("ui.start") if self.clash else t("heroes.ui.start")
        self.widgets.append(Button((1600 - 300, 826, 260, theme.BUTTON_H), start,
                                   self.start, style="primary", icon="ui.play",
                                   hotkey=pygame.K_RETURN))
        for seat, panel in enumerate(self.panels()):
            self.widgets.insert(0, Panel(panel, "wood"))
            if self.is_chosen(seat):
                self._army_widgets(seat, panel)
        if self.clash:
            return
        self.widgets.insert(0, Panel(SHARED, "wood"))
        x = SHARED.left + 24
        for oid in ("level", "budget", "bonus_cards"):
            option = next(o for o in self.rules.options if o.id == oid)
            label = t(option.label)
            self.widgets.append(OptionLabel((x, SHARED.top + 24, 240, 48), label))
            rect = (x, SHARED.top + 82, 440, 48)
            if oid == "bonus_cards":
                self.widgets.append(OptionToggle(rect, label, bool(self.options[oid]),
                                                 self._setter(oid), tooltip=[label, t(
                                                     "heroes.ui.bonus_cards.tip")]))
            else:
                self.widgets.append(SetupCycler(rect, self._choices(option), self.options[oid],
                                                self._setter(oid), title=label))
            x += 500

    def _choices(self, option: Any) -> list[tuple[Any, str]]:
        choices = option_choices(self.app, option)
        if option.id == "budget":
            # a budget in steps of five gold is enough to tell armies apart
            choices = [(v, self.app.t("heroes.ui.gold_n", n=v)) for v, _ in choices
                       if v % 5 == 0]
        return choices

    def _army_widgets(self, seat: int, panel: pygame.Rect) -> None:
        t = self.app.t
        key = f"faction_{seat + 1}"
        chosen = self.options[key]
        factions = [f.id for f in query.factions()]
        gap = 12 if panel.width > 600 else 8
        w = (panel.width - 2 * (gap + 4) - 3 * gap) // 4
        for i, fid in enumerate(["random", *factions]):
            rect = pygame.Rect(panel.left + gap + 4 + i * (w + gap), panel.top + 92, w, 140)
            if fid == "random":
                icon, title, ring = "ui.seed", t("heroes.opt.random"), theme.GOLD_DIM
            else:
                f = query.faction(fid)
                icon, title, ring = f"heroes.faction.{fid}", art.name(self.app, f.name), \
                    art.faction_colour(fid)
            self.widgets.append(Tile(rect, icon, title, "", self._picker(key, fid),
                                     chosen == fid, ring))
        hkey = f"hero_{seat + 1}"
        for i, kind in enumerate(("might", "magic")):
            rect = pygame.Rect(panel.left + 24 + i * (panel.width // 2 - 18), panel.top + 258,
                               panel.width // 2 - 42, 140 if panel.width > 600 else 148)
            label = t("heroes.opt.might") if kind == "might" else t("heroes.opt.magic")
            if chosen in factions:
                h = query.hero_of(chosen, kind)
                title = art.name(self.app, h.name)
                if panel.width > 600:
                    title = f"{title}, {art.name(self.app, h.title)}"
                icon = f"heroes.hero.{h.id}"
                ring = art.faction_colour(chosen)
            else:
                title, icon, ring = label, f"heroes.ui.{kind}", theme.GOLD_DIM
            note = t(NOTES[kind])
            self.widgets.append(Tile(rect, icon, title if chosen in factions else label,
                                     note, self._picker(hkey, kind),
                                     self.options[hkey] == kind, ring))

    def _picker(self, key: str, value: Any) -> Any:
        def pick() -> None:
            self.options[key] = value
            if self.clash and key.startswith("faction_") and value != "random" \
                    and self.team_mode is None:  # team games allow mirror factions
                # the map game's towns are one a faction: the other seat's same pick is undone
                for other in range(1, CHOSEN_SEATS + 1):
                    okey = f"faction_{other}"
                    if okey != key and self.options.get(okey) == value:
                        self.options[okey] = "random"
            self.layout()
        return pick

    def _setter(self, key: str) -> Any:
        def set_value(value: Any) -> None:
            self.options[key] = value
        return set_value

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.t
        if self.team_mode is not None:  # the scenario and the team mode, under the panels
            sc = query.scenario(self.rules.team_scenario(
                self.team_mode, self.config.players, str(self.options.get("scenario", ""))))
            top = max(p.bottom for p in self.panels()) + 10
            head = assets.text(f"{art.name(self.app, sc.name)}: {art.name(self.app, sc.text)}",
                               "body", theme.SIZE_SMALL, theme.GOLD, 1510)
            surface.blit(head, (44, top))
            text = assets.text(t(TEAM_TEXT[self.team_mode]), "italic", theme.SIZE_SMALL,
                               theme.INK, 1510)
            surface.blit(text, (44, top + 6 + head.get_height()))
        for seat, panel in enumerate(self.panels()):
            colour = self.seat_colour(seat)
            pygame.draw.circle(surface, colour, (panel.left + 40, panel.top + 40), 12)
            pygame.draw.circle(surface, theme.GOLD, (panel.left + 40, panel.top + 40), 12, 2)
            if self.clash:
                head = self.seat_name(seat)
                if self.team_mode == "alliance":  # the seat's team (seats alternate, R-044)
                    head = t("heroes.teamui.setup.seat_team", name=head,
                             team=t(self.team_name(seat)))
            elif seat < self.armies():
                head = t("heroes.ui.setup.army", name=self.seat_name(seat))
            else:
                head = t("heroes.ui.setup.neutral_army")
            title = assets.text(assets.fit(head, "heading", theme.SIZE_H3, panel.width - 100),
                                "heading", theme.SIZE_H3, theme.GOLD)
            surface.blit(title, (panel.left + 64, panel.top + 24))
            if self.clash and not self.is_chosen(seat):
                body = t("heroes.ui.setup.third_seat")
                image = assets.text(body, "italic", theme.SIZE_BODY, theme.INK_DIM,
                                    panel.width - 60, "center")
                blit_centered(surface, image, (panel.centerx, panel.top + 200))
                blit_centered(surface, assets.asset_icon("ui.seed", 100),
                              (panel.centerx, panel.top + 360))
                continue
            if seat >= self.armies():
                body = t("heroes.ui.setup.neutral_text", field=self.options["field"],
                         difficulty=t(f"heroes.opt.difficulty.{self.options['difficulty']}"))
                image = assets.text(body, "italic", theme.SIZE_BODY, theme.INK_DIM,
                                    panel.width - 80, "center")
                blit_centered(surface, image, (panel.centerx, panel.top + 200))
                blit_centered(surface, assets.asset_icon("heroes.faction.neutral", 120),
                              (panel.centerx, panel.top + 340))
                continue
            fid = self.options[f"faction_{seat + 1}"]
            label = assets.text(t("heroes.ui.setup.units"), "bold", theme.SIZE_SMALL,
                                theme.GOLD_DIM)
            surface.blit(label, (panel.left + 24, panel.top + 412))
            if fid == "random":
                image = assets.text(t("heroes.ui.setup.random_units"), "italic",
                                    theme.SIZE_SMALL, theme.INK_DIM)
                surface.blit(image, (panel.left + 24, panel.top + 444))
                continue
            units = query.faction(fid).units
            step = min(100, (panel.width - 48 - 52) // max(1, len(units) - 1))
            for i, did in enumerate(units):
                rect = pygame.Rect(panel.left + 24 + i * step, panel.top + 436, 52, 52)
                surface.blit(art.unit_tile(did, "pack", 52, art.faction_colour(fid), False),
                             rect)
                if rect.collidepoint(self.app.mouse):
                    self.app.tooltip(("unit", did), art.unit_name(self.app, did), rect)

    def start(self) -> None:
        """Starts the game with the chosen armies (heroes) and opens its table."""
        from scenes.games import start_table

        options = dict(self.config.options)
        keys = ("faction_1", "faction_2", "faction_3", "faction_4", "hero_1", "hero_2",
                "hero_3", "hero_4") if self.clash else self.OPTIONS
        for key in keys:
            options[key] = self.options[key]
        start_table(self.app, self.game_id, GameConfig(self.config.seats, options), self.seed)
