"""The new-game flow: choose a game, then seat the players, set options and the seed, start."""

from __future__ import annotations

import logging
import random
from typing import Any

import pygame

from engine import registry
from engine.core.errors import ContentError, EngineError, IllegalAction
from engine.core.protocol import BOT, HUMAN, GameConfig, OptionDef, SeatConfig
from scenes import assets, theme
from scenes.app import App
from scenes.dialogs import show_content_error
from scenes.games import pregame_options, setup_tools
from scenes.menu import MenuScreen
from scenes.widgets import Button, Cycler, Label, Panel, TextInput, Toggle, Widget, blit_centered

log = logging.getLogger(__name__)

BOT_KINDS = ("random", "heuristic", "mcts")
BOT_LABELS = {"random": "ui.bot.random", "heuristic": "ui.bot.heuristic", "mcts": "ui.bot.mcts"}
DIFFICULTIES = ("easy", "normal", "hard")
DIFFICULTY_LABELS = {"easy": "ui.difficulty.easy", "normal": "ui.difficulty.normal",
                     "hard": "ui.difficulty.hard"}
COLOUR_LABELS = {"crimson": "ui.colour.crimson", "azure": "ui.colour.azure",
                 "emerald": "ui.colour.emerald", "amber": "ui.colour.amber",
                 "violet": "ui.colour.violet", "ivory": "ui.colour.ivory"}
MAX_SEED = 2**63 - 1

# The set-up screen's grid (logical 1600×900): players on the left, options on the right, wide
# enough that every label and choice of every game reads in full in German and English.
PLAYERS_PANEL = pygame.Rect(40, 140, 760, 660)
OPTIONS_PANEL = pygame.Rect(820, 140, 740, 660)
SEAT_X = {"colour": 64, "name": 156, "seat": 302, "bot": 446, "difficulty": 644}
SEAT_W = {"colour": 84, "name": 138, "seat": 136, "bot": 190, "difficulty": 132}
OPT_LABEL_X, OPT_LABEL_W = 844, 280
OPT_CONTROL_X, OPT_CONTROL_W = 1136, 400
ROW_H, ROW_STEP = 48, 58
HEADING_STEP = 48  # the "rule variants" heading above its rows
OPTIONS_TOP, OPTIONS_BOTTOM = 214, 690  # the option rows lie between; the seed row below
PAGE_RECT = pygame.Rect(OPTIONS_PANEL.right - 150, OPTIONS_PANEL.top + 10, 130, 40)
ARROW = 26  # width of a cycler's arrow area (the shared Cycler uses a square)
LABEL_FITS = ((theme.SIZE_BODY, 1), (theme.SIZE_BODY, 2), (theme.SIZE_SMALL, 2))
CHOICE_FITS = ((theme.SIZE_BODY, 1), (theme.SIZE_SMALL, 1), (theme.SIZE_SMALL, 2))


def fit_lines(text: str, role: str, width: int,
              fits: tuple[tuple[int, int], ...]) -> tuple[tuple[str, ...], int, bool]:
    """Returns (lines, size, cut) for the first (size, lines) in fits that holds text in width."""
    for size, most in fits:
        lines = assets.wrap(text, role, size, width) if most > 1 else (text,)
        if len(lines) <= most and all(assets.size_of(ln, role, size)[0] <= width
                                      for ln in lines):
            return tuple(lines), size, False
    size, most = fits[-1]
    lines = list(assets.wrap(text, role, size, width))
    rest = " ".join(lines[most - 1:])
    return (*lines[:most - 1], assets.fit(rest, role, size, width)), size, True


def draw_lines(surface: pygame.Surface, lines: tuple[str, ...], role: str, size: int,
               colour: theme.Colour, rect: pygame.Rect, align: str = "left") -> None:
    """Draws lines as a block centred on rect's middle (left-aligned or centred)."""
    step = assets.line_height(role, size) - 2
    y = rect.centery - (step * len(lines)) // 2
    for line in lines:
        image = assets.text(line, role, size, colour)
        x = rect.left if align == "left" else rect.centerx - image.get_width() // 2
        surface.blit(image, (x, y + (step - image.get_height()) // 2))
        y += step


class OptionLabel(Widget):
    """An option's name: one line, else two, else smaller type (the full text as tooltip)."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: str) -> None:
        super().__init__(rect)
        self.text = text
        self.lines, self.size, cut = fit_lines(text, "body", self.rect.width, LABEL_FITS)
        if cut or len(self.lines) > 1:
            self.tooltip = text

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            draw_lines(surface, self.lines, "body", self.size, theme.INK_DIM, self.rect)


class SetupCycler(Cycler):
    """A Cycler with slim arrows whose choice shrinks or wraps before it is ever cut."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int],
                 options: list[tuple[Any, str]], value: Any, on_change: Any, *,
                 title: str = "", tooltip: str | None = None, tip: str = "",
                 swatches: dict[Any, theme.Colour] | None = None,
                 tips: dict[Any, str] | None = None) -> None:
        super().__init__(rect, options, value, on_change, tooltip=tooltip, swatches=swatches)
        self.title = title
        self.tip = tip  # what the option does, under its name and value in the tooltip
        self.tips = tips or {}  # what each choice does (a game's bot levels), as ``tip``
        self.left = pygame.Rect(self.box.left, self.box.top, ARROW, self.box.height)
        self.right = pygame.Rect(self.box.right - ARROW, self.box.top, ARROW, self.box.height)
        avail = self.box.width - 2 * ARROW - 10 - (26 if self.swatches else 0)
        self.fitted = [fit_lines(label, "bold", avail, CHOICE_FITS) if label else ((), 0, False)
                       for _value, label in self.options]

    def update(self, dt: float, app: Any) -> None:
        self.hovered = self.visible and self.rect.collidepoint(app.mouse)
        if not self.hovered:
            return
        lines = self.tooltip
        if lines is None and self.options:
            label = self.options[self.index][1]
            shrunk = self.fitted[self.index][1] != theme.SIZE_BODY
            lines = [ln for ln in (self.title, label) if ln] if self.title or shrunk else None
            tip = self.tips.get(self.options[self.index][0], self.tip)
            if tip:
                lines = [ln for ln in (self.title, label, tip) if ln]
        if lines:
            app.tooltip((self, self.index), lines, self.rect)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        state = "hover" if self.hovered and self.enabled else (
            "normal" if self.enabled else "disabled")
        surface.blit(theme.button(self.box.size, "ghost", state), self.box)
        ink = theme.GOLD if self.enabled else theme.INK_FAINT
        if len(self.options) > 1:
            for rect, sign in ((self.left, -1), (self.right, 1)):
                cx, cy = rect.center
                pygame.draw.polygon(surface, ink, [(cx - 5 * sign, cy - 7),
                                                   (cx - 5 * sign, cy + 7), (cx + 5 * sign, cy)])
        if not self.options:
            return
        lines, size, _cut = self.fitted[self.index]
        text_w = max((assets.size_of(ln, "bold", size)[0] for ln in lines), default=0)
        swatch = self.swatches.get(self.value)
        area = self.box.inflate(-2 * ARROW - 10, 0)
        if swatch is not None:
            x = area.centerx - (text_w + (26 if text_w else 18)) // 2
            pygame.draw.circle(surface, swatch, (x + 9, area.centery), 10)
            pygame.draw.circle(surface, theme.GOLD, (x + 9, area.centery), 10, 2)
            area = pygame.Rect(x + 26, area.top, text_w, area.height)
        if lines:
            draw_lines(surface, lines, "bold", size, theme.INK if self.enabled
                       else theme.INK_FAINT, area, "center")


class OptionToggle(Toggle):
    """An on/off switch at the right of its row (the OptionLabel beside it names it)."""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        track = pygame.Rect(0, 0, 60, 30)
        track.midright = self.rect.midright
        pygame.draw.rect(surface, theme.GREEN if self.value else (70, 56, 44), track,
                         border_radius=15)
        pygame.draw.rect(surface, theme.GOLD_BRIGHT if self.hovered else theme.GOLD_DIM, track,
                         width=2, border_radius=15)
        knob_x = track.right - 15 if self.value else track.left + 15
        pygame.draw.circle(surface, theme.PARCHMENT, (knob_x, track.centery), 11)


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
        ids = registry.listed_ids()  # games without board scenes stay off the menu
        if not ids:
            self.widgets.append(Label((800, 400), self.app.t("ui.no_games"), role="italic",
                                      size=theme.SIZE_H3, colour=theme.INK_DIM, align="center"))
            return
        per_row = 3 if len(ids) > 4 else max(1, len(ids))
        gap = 36
        # four games share one row with narrower cards; more take two rows of lower ones
        w = min(440, (1600 - 80 - (per_row - 1) * gap) // per_row)
        rows = (len(ids) + per_row - 1) // per_row
        h = 340 if rows == 1 else 310
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
            log.warning("game %s unavailable: %s", game_id, exc)
            self.app.toast(self.app.t("ui.game_unavailable"), "error")
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
            label = option.choice_labels[i]
            # A catalog key, or a content name given inline as {en:, de:} (content-driven choices).
            labels.append(app.t(label) if isinstance(label, str) else app.catalog.text(label))
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
        self.options.update(self.rules.option_defaults(n))
        self.chosen: set[str] = set()  # options the player set (player-count defaults stop)
        self.options_page = 0  # options that do not fit the panel go on further pages
        self.seed_text = str(random.SystemRandom().randrange(1, 10**9))  # cosmetic choice

    def _bot_kinds(self) -> list[str]:
        try:
            from engine.ai.base import bot_ids

            # "hard" is the hard level of the game's heuristic bot under its own id (for
            # `simulate --bots hard,...`); here the difficulty column chooses it
            found = [b for b in bot_ids(self.game_id) if b not in DIFFICULTIES]
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
        # A game's own tools (the duel's deck builder) sit beside Start: set-up is where a
        # player prepares a game (docs/decisions.md, "Game tools on the set-up screen").
        x = 1600 - 300
        for label, icon, cls in setup_tools(self.game_id):
            x -= 300
            self.widgets.append(Button((x, 826, 280, theme.BUTTON_H), t(label),
                                       self._opener(cls), icon=icon))
        left = Panel(PLAYERS_PANEL, "wood", t("ui.setup.players"))
        right = Panel(OPTIONS_PANEL, "wood", t("ui.setup.options"))
        self.widgets[:0] = [left, right]
        y = 214
        lo, hi = self.rules.min_players, self.rules.max_players
        if hi > lo:
            self.widgets.append(OptionLabel((SEAT_X["colour"], y, 300, ROW_H),
                                            t("ui.setup.count")))
            self.widgets.append(SetupCycler((SEAT_X["colour"] + 310, y, 200, ROW_H),
                                            [(n, str(n)) for n in range(lo, hi + 1)],
                                            len(self.seats), self._set_players))
            y += 66
        for key, column in (("ui.setup.colour", "colour"), ("ui.setup.name", "name"),
                            ("ui.setup.seat", "seat"), ("ui.setup.bot", "bot"),
                            ("ui.setup.difficulty", "difficulty")):
            self.widgets.append(Label((SEAT_X[column] + 4, y), assets.fit(
                t(key), "bold", theme.SIZE_SMALL, SEAT_W[column] - 4), role="bold",
                size=theme.SIZE_SMALL, colour=theme.GOLD_DIM, tooltip=t(key)))
        y += 30
        colour_opts = [(c, "") for c in theme.SEAT_COLOURS]
        for i, seat in enumerate(self.seats):
            self.widgets.append(SetupCycler(self._seat_rect("colour", y), colour_opts,
                                            seat["colour"], self._setter(i, "colour"),
                                            swatches=theme.SEAT_COLOURS,
                                            tooltip=t(COLOUR_LABELS[seat["colour"]])))
            self.widgets.append(TextInput(self._seat_rect("name", y), seat["name"],
                                          self._setter(i, "name"), max_len=18,
                                          placeholder=t("ui.player_n", n=i + 1)))
            self.widgets.append(SetupCycler(self._seat_rect("seat", y),
                                            [(HUMAN, t("ui.seat.human")),
                                             (BOT, t("ui.seat.bot"))],
                                            seat["kind"], self._setter(i, "kind", rebuild=True)))
            bot = SetupCycler(self._seat_rect("bot", y),
                              [(b, self._bot_label(b)) for b in self.bot_kinds],
                              seat["bot"], self._setter(i, "bot"))
            # a game may say in one line what each level of its bot does
            # (``<game>.bot.level.<difficulty>``), shown as the choice's tooltip
            tips = {d: t(f"{self.game_id}.bot.level.{d}") for d in DIFFICULTIES
                    if self.app.has(f"{self.game_id}.bot.level.{d}")}
            level = SetupCycler(self._seat_rect("difficulty", y),
                                [(d, t(DIFFICULTY_LABELS[d])) for d in DIFFICULTIES],
                                seat["difficulty"], self._setter(i, "difficulty"), tips=tips)
            bot.enabled = level.enabled = seat["kind"] == BOT
            self.widgets += [bot, level]
            y += 58
        self._build_options()

    def _seat_rect(self, column: str, y: int) -> pygame.Rect:
        return pygame.Rect(SEAT_X[column], y, SEAT_W[column], 44)

    def _opener(self, cls: Any) -> Any:
        return lambda: self.app.push(cls(self.app))

    def shown_options(self) -> list[OptionDef]:
        """Returns the options the screen offers (a pre-game step decides the others)."""
        hidden = set(pregame_options(self.game_id))
        values = {**self.options, "players": len(self.seats)}
        return [o for o in self.rules.options if o.id not in hidden and o.applies(values)]

    def option_pages(self) -> list[list[OptionDef | None]]:
        """Returns the shown options page by page: the plain options, then the rule variants
        under their heading (None stands for the heading, repeated atop a page that goes on
        with variants), as many a page as fit above the seed row."""
        shown = self.shown_options()
        rows: list[OptionDef | None] = [o for o in shown if not o.variant]
        variants = [o for o in shown if o.variant]
        if variants:
            rows += [None, *variants]
        pages: list[list[OptionDef | None]] = [[]]
        y = OPTIONS_TOP
        for row in rows:
            step = HEADING_STEP if row is None else ROW_STEP
            need = step + (ROW_STEP if row is None else 0)  # a heading keeps a row below it
            if y + need - (ROW_STEP - ROW_H) > OPTIONS_BOTTOM and pages[-1]:
                pages.append([])
                y = OPTIONS_TOP
                if row is not None and row.variant:
                    pages[-1].append(None)  # the variants go on under their heading
                    y += HEADING_STEP
            pages[-1].append(row)
            y += step
        return pages

    def _set_options_page(self, page: int) -> None:
        self.options_page = page
        self.layout()

    def _build_options(self) -> None:
        t = self.app.t
        y = OPTIONS_TOP
        shown = self.shown_options()
        if not shown:
            self.widgets.append(Label((OPTIONS_PANEL.centerx, y + 4), t("ui.setup.no_options"),
                                      role="italic", size=theme.SIZE_BODY,
                                      colour=theme.INK_FAINT, align="center"))
            y += 50
        pages = self.option_pages() if shown else [[]]
        self.options_page = min(self.options_page, len(pages) - 1)
        if len(pages) > 1:
            # more options than the panel holds: a page switch in the panel's top corner
            choices = [(i, t("ui.setup.page", n=i + 1, of=len(pages))) for i in range(len(pages))]
            self.widgets.append(SetupCycler(PAGE_RECT, choices, self.options_page,
                                            self._set_options_page,
                                            tooltip=t("ui.setup.page.tip",
                                                      n=self.options_page + 1, of=len(pages))))
        for row in pages[self.options_page]:
            if row is None:
                self.widgets.append(Label((OPTIONS_PANEL.centerx, y + 4),
                                          t("ui.setup.variants"), role="heading",
                                          size=theme.SIZE_H3, colour=theme.GOLD,
                                          align="center"))
                y += HEADING_STEP
                continue
            self._option_row(row, y)
            y += ROW_STEP
        y = max(y + 10, 700)
        self.widgets.append(OptionLabel((OPT_LABEL_X, y, OPT_LABEL_W, 44), t("ui.setup.seed")))
        self.seed_input = TextInput((OPT_CONTROL_X, y, OPT_CONTROL_W - 70, 44), self.seed_text,
                                    self._set_seed, max_len=19, allowed=str.isdigit,
                                    tooltip=t("ui.setup.seed.tip"))
        self.widgets.append(self.seed_input)
        self.widgets.append(Button((OPT_CONTROL_X + OPT_CONTROL_W - 60, y, 60, 44), "",
                                   self._reroll, style="ghost", icon="ui.seed",
                                   tooltip=t("ui.setup.reroll")))

    def _option_row(self, option: OptionDef, y: int) -> None:
        label = self.app.t(option.label)
        self.widgets.append(OptionLabel((OPT_LABEL_X, y, OPT_LABEL_W, ROW_H), label))
        self.widgets.append(self._option_widget(option, y))

    def _option_widget(self, option: OptionDef, y: int) -> Widget:
        label = self.app.t(option.label)
        # "<label>.tip" explains the option, where the catalog has one (tests/test_i18n.py).
        tip = self.app.t(option.label + ".tip") if self.app.has(option.label + ".tip") else ""
        value = self.options[option.id]
        rect = (OPT_CONTROL_X, y, OPT_CONTROL_W, ROW_H)

        def change(v: Any, oid: str = option.id) -> None:
            self.options[oid] = v
            self.chosen.add(oid)
            if any(oid == other for o in self.rules.options for other, _v in o.when):
                self.layout()  # options that depend on this one appear or disappear

        if isinstance(option.default, bool) and not option.choices:
            return OptionToggle(rect, label, bool(value), change,
                                tooltip=[label, tip] if tip else label)
        if isinstance(option.default, str) and not option.choices:
            # A free text option (a set-up code): typed, not cycled.
            return TextInput(rect, str(value), change, max_len=60,
                             allowed=lambda c: c.isprintable() and not c.isspace(),
                             tooltip=[label, tip] if tip else label)
        return SetupCycler(rect, option_choices(self.app, option), value, change, title=label,
                           tip=tip)

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
        # an option whose default depends on the player count follows it until chosen (the
        # heroes' mode: the map game for two or three, the skirmish for one)
        self.options.update({k: v for k, v in self.rules.option_defaults(n).items()
                             if k not in self.chosen})
        self.layout()

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def _reroll(self) -> None:
        self.seed_input.set_text(str(random.SystemRandom().randrange(1, 10**9)))

    def config(self) -> GameConfig:
        """Returns the GameConfig the screen describes."""
        seats = []
        for seat in self.seats:
            # An empty name stays empty: the table shows "Player n" in the language of the day
            # (a stored "Player 1" would stay English in a German game).
            name = seat["name"].strip()
            seats.append(SeatConfig(kind=seat["kind"], bot=seat["bot"],
                                    difficulty=seat["difficulty"], name=name,
                                    colour=seat["colour"]))
        # an option the screen does not show under the other choices keeps its default (a
        # solitaire variant chosen before adding a second player does not travel along)
        values = {**self.options, "players": len(self.seats)}
        options = {o.id: self.options[o.id] if o.applies(values) else o.default
                   for o in self.rules.options}
        return GameConfig(tuple(seats), {**self.options, **options})

    def seed(self) -> int:
        """Returns the chosen seed (a fresh random one when the field is empty)."""
        if self.seed_text.isdigit():
            return min(int(self.seed_text), MAX_SEED)
        return random.SystemRandom().randrange(1, 10**9)

    def start(self) -> None:
        """Starts the game, through its pre-game scene if it has one (a bad set-up toasts why)."""
        from scenes.games import begin

        config = self.config()
        try:
            self.rules.check_config(config)
        except ContentError as exc:
            show_content_error(self.app, exc)
            return
        except IllegalAction as exc:  # a rule of the game names why, in the player's language
            self.app.toast(self.app.t(exc.rule, **exc.params), "error")
            return
        except EngineError as exc:
            log.warning("set-up refused: %s", exc)
            self.app.toast(self.app.t("ui.setup.invalid"), "error")
            return
        # Only names the players typed: a stored placeholder ("Player 1") would come back as a
        # real name, in the language of that day.
        self.app.settings.last_names = tuple(seat["name"].strip() for seat in self.seats
                                             if seat["kind"] == HUMAN)[:6]
        self.app.settings.save()
        begin(self.app, self.game_id, config, self.seed())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        title = assets.shadowed(self.app.t("ui.setup.title", game=self.app.t(self.info.title)),
                                "title", theme.SIZE_H1, theme.GOLD)
        blit_centered(surface, title, (800, 62))
        theme.ornament(surface, (800, 104), max(320, title.get_width() + 120))
