"""The new-game flow: choose a game, then seat the players, set options and the seed, start."""

from __future__ import annotations

import random
from typing import Any

import pygame

from engine import registry
from engine.core.errors import EngineError
from engine.core.protocol import BOT, HUMAN, GameConfig, OptionDef, SeatConfig
from scenes import assets, theme
from scenes.app import App
from scenes.menu import MenuScreen
from scenes.widgets import Button, Cycler, Label, Panel, TextInput, Toggle, Widget, blit_centered

BOT_KINDS = ("random", "heuristic", "mcts")
BOT_LABELS = {"random": "ui.bot.random", "heuristic": "ui.bot.heuristic", "mcts": "ui.bot.mcts"}
DIFFICULTIES = ("easy", "normal", "hard")
DIFFICULTY_LABELS = {"easy": "ui.difficulty.easy", "normal": "ui.difficulty.normal",
                     "hard": "ui.difficulty.hard"}
COLOUR_LABELS = {"crimson": "ui.colour.crimson", "azure": "ui.colour.azure",
                 "emerald": "ui.colour.emerald", "amber": "ui.colour.amber",
                 "violet": "ui.colour.violet", "ivory": "ui.colour.ivory"}
MAX_SEED = 2**63 - 1


class GameCard(Widget):
    """A game on the chooser: emblem, title and blurb on parchment."""

    def __init__(self, rect: pygame.Rect, game_id: str, title: str, blurb: str, icon: str,
                 on_click: Any) -> None:
        super().__init__(rect)
        self.game_id, self.title, self.blurb, self.icon = game_id, title, blurb, icon
        self.on_click = on_click

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.rect.collidepoint(event.pos)):
            self.on_click(self.game_id)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect.move(0, -6 if self.hovered else 0)
        if self.hovered:
            surface.blit(theme.glow(rect.inflate(24, 24).size, theme.GOLD_BRIGHT, 150),
                         rect.inflate(24, 24))
        surface.blit(theme.panel(rect.size, "parchment"), rect)
        disc = (rect.centerx, rect.top + 86)
        pygame.draw.circle(surface, theme.WOOD_DARK, disc, 58)
        pygame.draw.circle(surface, theme.GOLD, disc, 58, 3)
        blit_centered(surface, assets.asset_icon(self.icon, 76), disc)
        title = assets.text(assets.fit(self.title, "heading", theme.SIZE_H2, rect.width - 30),
                            "heading", theme.SIZE_H2, theme.INK_DARK)
        blit_centered(surface, title, (rect.centerx, rect.top + 176))
        theme.ornament(surface, (rect.centerx, rect.top + 204), rect.width - 120,
                       theme.INK_DARK_DIM)
        blurb = assets.text(self.blurb, "italic", theme.SIZE_BODY, theme.INK_DARK,
                            rect.width - 44, "center")
        surface.blit(blurb, (rect.centerx - blurb.get_width() // 2, rect.top + 222))


class GameSelectScene(MenuScreen):
    """Lists the registered games as cards."""

    title_key = "ui.choose_game"

    def build(self) -> None:
        ids = registry.game_ids()
        if not ids:
            self.widgets.append(Label((800, 400), self.app.t("ui.no_games"), role="italic",
                                      size=theme.SIZE_H3, colour=theme.INK_DIM, align="center"))
            return
        per_row = 3 if len(ids) > 4 else max(1, len(ids))
        w, h, gap = 440, 340, 36
        rows = (len(ids) + per_row - 1) // per_row
        top = 150 if rows > 1 else 250
        for i, game_id in enumerate(ids):
            info = registry.info(game_id)
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(ids) - row * per_row)
            left = 800 - (in_row * w + (in_row - 1) * gap) // 2
            rect = pygame.Rect(left + col * (w + gap), top + row * (h + gap), w, h)
            self.widgets.append(GameCard(rect, game_id, self.app.t(info.title),
                                         self.app.t(info.blurb), info.icon, self.choose))

    def choose(self, game_id: str) -> None:
        """Opens the set-up of a game."""
        try:
            registry.rules(game_id)
        except Exception as exc:  # noqa: BLE001 - a game that fails to load must not crash
            self.app.toast(self.app.t("ui.game_unavailable", detail=str(exc)[:80]), "error")
            return
        self.app.push(SetupScene(self.app, game_id))


def option_choices(app: App, option: OptionDef) -> list[tuple[Any, str]]:
    """Returns (value, label) pairs for an option's cycler."""
    if option.choices:
        values = list(option.choices)
    elif option.minimum is not None and option.maximum is not None:
        span = option.maximum - option.minimum
        step = 1 if span <= 40 else max(1, span // 20)
        values = list(range(option.minimum, option.maximum + 1, step))
        if option.default not in values:
            values = sorted({*values, option.default})
    else:
        values = [option.default]
    labels = []
    for i, value in enumerate(values):
        if i < len(option.choice_labels):
            labels.append(app.t(option.choice_labels[i]))
        elif isinstance(value, bool):
            labels.append(app.t("ui.yes") if value else app.t("ui.no"))
        else:
            labels.append(str(value))
    return list(zip(values, labels, strict=True))


class SetupScene(MenuScreen):
    """Seats (human/bot, bot kind, difficulty, name, colour), options, variants and seed."""

    title_key = ""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules = registry.rules(game_id)
        self.info = registry.info(game_id)
        self.bot_kinds = self._bot_kinds()
        n = max(self.rules.min_players, min(2, self.rules.max_players))
        self.seats: list[dict[str, str]] = [self._default_seat(i) for i in range(n)]
        self.options: dict[str, Any] = {o.id: o.default for o in self.rules.options}
        self.seed_text = str(random.SystemRandom().randrange(1, 10**9))  # cosmetic choice

    def _bot_kinds(self) -> list[str]:
        try:
            from engine.ai.base import bot_ids

            found = bot_ids(self.game_id)
        except (ImportError, KeyError):
            found = []
        ordered = [b for b in BOT_KINDS if b in found] + [b for b in found if b not in BOT_KINDS]
        return ordered or ["random"]

    def _default_seat(self, i: int) -> dict[str, str]:
        colours = list(theme.SEAT_COLOURS)
        names = self.app.settings.last_names
        kind = HUMAN if i == 0 else BOT
        bot = "heuristic" if "heuristic" in self.bot_kinds else self.bot_kinds[0]
        name = names[i] if i < len(names) and names[i] else ""
        return {"kind": kind, "bot": bot, "difficulty": "normal", "name": name,
                "colour": colours[i % len(colours)]}

    def _bot_label(self, bot_id: str) -> str:
        key = BOT_LABELS.get(bot_id)
        try:
            from engine.ai.base import bot_info

            label = bot_info(bot_id, self.game_id).label
            if self.app.has(label):
                return self.app.t(label)
        except (ImportError, KeyError):
            pass
        return self.app.t(key) if key else bot_id

    def build(self) -> None:
        t = self.app.t
        self.widgets.append(Button((1600 - 300, 826, 260, theme.BUTTON_H), t("ui.start"),
                                   self.start, style="primary", icon="ui.play",
                                   hotkey=pygame.K_RETURN))
        left = Panel((40, 140, 940, 660), "wood", t("ui.setup.players"))
        right = Panel((1000, 140, 560, 660), "wood", t("ui.setup.options"))
        self.widgets[:0] = [left, right]
        y = 214
        lo, hi = self.rules.min_players, self.rules.max_players
        if hi > lo:
            self.widgets.append(Cycler((70, y, 440, 44),
                                       [(n, str(n)) for n in range(lo, hi + 1)],
                                       len(self.seats), self._set_players,
                                       label=t("ui.setup.count"), label_width=240))
            y += 64
        for text, x in ((t("ui.setup.colour"), 70), (t("ui.setup.name"), 170),
                        (t("ui.setup.seat"), 420), (t("ui.setup.bot"), 600),
                        (t("ui.setup.difficulty"), 790)):
            self.widgets.append(Label((x, y), text, role="bold", size=theme.SIZE_SMALL,
                                      colour=theme.GOLD_DIM))
        y += 30
        colour_opts = [(c, "") for c in theme.SEAT_COLOURS]
        for i, seat in enumerate(self.seats):
            self.widgets.append(Cycler((70, y, 90, 44), colour_opts, seat["colour"],
                                       self._setter(i, "colour"), swatches=theme.SEAT_COLOURS,
                                       tooltip=t(COLOUR_LABELS[seat["colour"]])))
            self.widgets.append(TextInput((170, y, 240, 44), seat["name"],
                                          self._setter(i, "name"), max_len=18,
                                          placeholder=t("ui.player_n", n=i + 1)))
            self.widgets.append(Cycler((420, y, 170, 44), [(HUMAN, t("ui.seat.human")),
                                                           (BOT, t("ui.seat.bot"))],
                                       seat["kind"], self._setter(i, "kind", rebuild=True)))
            bot = Cycler((600, y, 180, 44), [(b, self._bot_label(b)) for b in self.bot_kinds],
                         seat["bot"], self._setter(i, "bot"))
            level = Cycler((790, y, 170, 44), [(d, t(DIFFICULTY_LABELS[d])) for d in
                                               DIFFICULTIES],
                           seat["difficulty"], self._setter(i, "difficulty"))
            bot.enabled = level.enabled = seat["kind"] == BOT
            self.widgets += [bot, level]
            y += 58
        self._build_options()

    def _build_options(self) -> None:
        t = self.app.t
        y = 214
        plain = [o for o in self.rules.options if not o.variant]
        variants = [o for o in self.rules.options if o.variant]
        if not self.rules.options:
            self.widgets.append(Label((1280, y + 4), t("ui.setup.no_options"), role="italic",
                                      size=theme.SIZE_BODY, colour=theme.INK_FAINT,
                                      align="center"))
            y += 50
        for option in plain:
            self.widgets.append(self._option_widget(option, y))
            y += 56
        if variants:
            y += 6
            self.widgets.append(Label((1280, y), t("ui.setup.variants"), role="heading",
                                      size=theme.SIZE_H3, colour=theme.GOLD, align="center"))
            y += 44
            for option in variants:
                self.widgets.append(self._option_widget(option, y))
                y += 56
        y = max(y + 10, 640)
        self.widgets.append(Label((1030, y + 10), t("ui.setup.seed"), colour=theme.INK_DIM))
        self.seed_input = TextInput((1240, y, 220, 44), self.seed_text, self._set_seed,
                                    max_len=19, allowed=str.isdigit,
                                    tooltip=t("ui.setup.seed.tip"))
        self.widgets.append(self.seed_input)
        self.widgets.append(Button((1470, y, 60, 44), "", self._reroll, style="ghost",
                                   icon="ui.seed", tooltip=t("ui.setup.reroll")))

    def _option_widget(self, option: OptionDef, y: int) -> Widget:
        label = self.app.t(option.label)
        value = self.options[option.id]
        if isinstance(option.default, bool) and not option.choices:
            return Toggle((1030, y, 500, 44), label, bool(value),
                          lambda v, oid=option.id: self.options.__setitem__(oid, v))
        return Cycler((1030, y, 500, 44), option_choices(self.app, option), value,
                      lambda v, oid=option.id: self.options.__setitem__(oid, v),
                      label=label, label_width=250)

    def _setter(self, index: int, field: str, rebuild: bool = False) -> Any:
        def set_value(value: Any) -> None:
            self.seats[index][field] = value
            if rebuild or field == "colour":
                self.layout()
        return set_value

    def _set_players(self, n: int) -> None:
        while len(self.seats) < n:
            self.seats.append(self._default_seat(len(self.seats)))
        del self.seats[n:]
        self.layout()

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def _reroll(self) -> None:
        self.seed_input.set_text(str(random.SystemRandom().randrange(1, 10**9)))

    def config(self) -> GameConfig:
        """Returns the GameConfig the screen describes."""
        seats = []
        for i, seat in enumerate(self.seats):
            name = seat["name"].strip() or self.app.t("ui.player_n", n=i + 1)
            seats.append(SeatConfig(kind=seat["kind"], bot=seat["bot"],
                                    difficulty=seat["difficulty"], name=name,
                                    colour=seat["colour"]))
        return GameConfig(tuple(seats), dict(self.options))

    def seed(self) -> int:
        """Returns the chosen seed (a fresh random one when the field is empty)."""
        if self.seed_text.isdigit():
            return min(int(self.seed_text), MAX_SEED)
        return random.SystemRandom().randrange(1, 10**9)

    def start(self) -> None:
        """Starts the game with this set-up (a set-up the rules reject shows why)."""
        from engine.core.session import Session
        from scenes.games import scene_class
        from scenes.menu import MainMenuScene

        config = self.config()
        try:
            session = Session.start(self.game_id, config, self.seed())
        except EngineError as exc:
            self.app.toast(self.app.t("ui.setup.invalid", detail=str(exc)), "error")
            return
        self.app.settings.last_names = tuple(s.name for s in config.seats if s.is_human)[:6]
        self.app.settings.save()
        self.app.reset(MainMenuScene(self.app))
        self.app.push(scene_class(self.game_id)(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        title = assets.shadowed(self.app.t("ui.setup.title", game=self.app.t(self.info.title)),
                                "title", theme.SIZE_H1, theme.GOLD)
        blit_centered(surface, title, (800, 62))
        theme.ornament(surface, (800, 104), max(320, title.get_width() + 120))
