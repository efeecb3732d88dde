"""The duel's pre-game step and deck builder: pick a deck per seat (ready-made or saved), or
build one of 41 cards checked by the engine's ``validate_deck`` and save it as a user deck.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from engine import registry
from engine.core.protocol import GameConfig
from scenes import assets, theme, userdata
from scenes.app import App
from scenes.duel import art
from scenes.duel.art import cards
from scenes.menu import MenuScreen
from scenes.widgets import Button, Cycler, Panel, Row, ScrollList, TextInput, blit_centered

KINDS = ("main", "clan", "magic", "equipment", "land", "treasure")
TAB_KEYS = {"main": "duel.ui.kind.main", "clan": "duel.ui.kind.clan",
            "magic": "duel.ui.kind.magic", "equipment": "duel.ui.kind.equipment",
            "land": "duel.ui.kind.land", "treasure": "duel.ui.kind.treasure"}
TILE = (120, 166)
COLS, ROWS = 7, 3
GRID = pygame.Rect(40, 196, 7 * 136, 3 * 206)


def _decks() -> Any:
    """Returns the duel's deck-construction module from its rules object."""
    return registry.rules("duel").decks()


def user_dir() -> Path:
    """Returns the folder that holds the player's duel decks."""
    return userdata.home() / "decks" / "duel"


def deck_choices() -> list[tuple[dict[str, Any], list[Any], Path | None]]:
    """Returns every deck a seat may take: ready-made ones, then saved ones with their problems."""
    out: list[tuple[dict[str, Any], list[Any], Path | None]] = [
        (d, [], None) for d in _decks().ready_made()]
    for path, deck, problems in _decks().list_user_decks(user_dir()):
        if deck is not None:
            out.append((deck, problems, path))
    return out


def deck_label(app: App, deck: dict[str, Any]) -> str:
    """Returns a deck's name in the current language."""
    name = deck.get("name", "")
    return app.catalog.text(name) if isinstance(name, dict) else str(name)


def editable_copy(deck: dict[str, Any]) -> dict[str, Any]:
    """Returns a deck's fields as fresh lists the builder may change."""
    name = deck.get("name", "")
    return {"name": name if isinstance(name, str) else "", "main": deck.get("main", ""),
            "starter": deck.get("starter", ""),
            **{k: [str(c) for c in deck.get(k, []) or []]
               for k in ("cards", "lands", "treasures")}}


def as_option(deck: dict[str, Any], path: Path | None) -> Any:
    """Returns the value of a deck_a/deck_b option for a chosen deck."""
    if path is None:
        return deck["id"]
    return {k: (list(deck[k]) if isinstance(deck[k], list | tuple) else deck[k])
            for k in (*_decks().FIELDS, "id") if k in deck}


class DeckPickScene(MenuScreen):
    """The duel's pre-game step (scenes.games.PREGAME): a deck per seat, then the table."""

    title_key = "duel.ui.pick.title"
    OPTIONS = ("deck_a", "deck_b")

    def __init__(self, app: App, game_id: str, config: GameConfig, seed: int) -> None:
        super().__init__(app)
        self.game_id, self.config, self.seed = game_id, config, seed
        self.choices = deck_choices()
        self.chosen = [0, 1 if len(self.choices) > 1 else 0]

    @classmethod
    def wants(cls, config: GameConfig) -> bool:
        """Returns True unless the set-up already names the decks (a script or a rematch)."""
        return not (config.options.get("deck_a") or config.options.get("deck_b"))

    def seat_name(self, seat: int) -> str:
        """Returns the name a seat was given on the set-up screen."""
        return self.config.seats[seat].name or self.app.t("ui.player_n", n=seat + 1)

    def seat_colour(self, seat: int) -> theme.Colour:
        """Returns the colour a seat was given on the set-up screen."""
        return theme.seat_colour(self.config.seats[seat].colour, seat)

    def resume(self) -> None:
        ids = [self._key(i) for i in self.chosen]
        self.choices = deck_choices()
        keys = [self._key(i) for i in range(len(self.choices))]
        self.chosen = [keys.index(k) if k in keys else 0 for k in ids]
        self.layout()

    def _key(self, index: int) -> str:
        if index >= len(self.choices):
            return ""
        deck, _problems, path = self.choices[index]
        return str(path) if path is not None else str(deck["id"])

    def build(self) -> None:
        t = self.app.t
        self.widgets.append(Button((1600 - 300, 826, 260, theme.BUTTON_H),
                                   t("duel.ui.pick.start"), self.start, style="primary",
                                   icon="ui.play", hotkey=pygame.K_RETURN))
        self.widgets.append(Button((1600 - 580, 826, 260, theme.BUTTON_H),
                                   t("duel.ui.pick.builder"), self.open_builder,
                                   icon="duel.ui.builder"))
        for seat in range(2):
            left = 40 + seat * 770
            self.widgets.insert(0, Panel((left, 130, 750, 680), "wood"))
            rows = [Row(i, deck, enabled=not problems,
                        tooltip=[self.app.msg(m) for m in problems] or None)
                    for i, (deck, problems, _path) in enumerate(self.choices)]
            rect = pygame.Rect(left + 24, 200, 700, 310)
            lst = ScrollList(rect, rows, 56, self._paint_row, on_select=self._chooser(seat),
                             gap=6, selected=self.chosen[seat])
            self.widgets.append(lst)
            # a saved deck opens in the builder (a ready-made one as a copy) or is deleted
            saved = self._path(seat) is not None
            self.widgets.append(Button((left + 24, 522, 340, 44),
                                       t("duel.ui.pick.edit" if saved else "duel.ui.pick.copy"),
                                       self._editor(seat), icon="duel.ui.builder",
                                       size=theme.SIZE_SMALL))
            self.widgets.append(Button((left + 384, 522, 340, 44), t("duel.ui.pick.delete"),
                                       self._deleter(seat), style="danger", icon="ui.delete",
                                       size=theme.SIZE_SMALL, enabled=saved))

    def _chooser(self, seat: int) -> Any:
        def choose(row: Row) -> None:
            self.chosen[seat] = row.value
            self.layout()  # the edit and delete buttons follow the choice
        return choose

    def _path(self, seat: int) -> Path | None:
        """Returns the file of the deck a seat has chosen (None for a ready-made deck)."""
        index = self.chosen[seat]
        return self.choices[index][2] if index < len(self.choices) else None

    def _editor(self, seat: int) -> Any:
        return lambda: self.edit_deck(seat)

    def _deleter(self, seat: int) -> Any:
        return lambda: self.delete_deck(seat)

    def edit_deck(self, seat: int) -> None:
        """Opens a seat's deck in the builder: a saved deck itself, a ready-made one as a copy."""
        if self.chosen[seat] >= len(self.choices):
            return
        deck, _problems, path = self.choices[self.chosen[seat]]
        editable = editable_copy(deck)
        if path is None:
            editable["name"] = ""  # a copy of a ready-made deck gets its own name
        self.app.push(DeckBuilderScene(self.app, editable, path))

    def delete_deck(self, seat: int) -> None:
        """Deletes the saved deck a seat has chosen; both seats keep a valid choice."""
        path = self._path(seat)
        if path is None:
            return
        _decks().delete_user_deck(path)
        self.app.toast(self.app.t("duel.ui.pick.deleted", file=path.name), "ok")
        self.resume()

    def _paint_row(self, surface: pygame.Surface, rect: pygame.Rect, row: Row, hovered: bool,
                   selected: bool) -> None:
        deck = row.data
        style = "tab_on" if selected else "normal"
        surface.blit(theme.button(rect.size, style, "hover" if hovered else "normal"), rect)
        surface.blit(assets.asset_icon(f"duel.{deck['main']}", 40), (rect.left + 10,
                                                                   rect.top + 8))
        ink = theme.INK if row.enabled else theme.INK_FAINT
        name = assets.text(assets.fit(deck_label(self.app, deck), "bold", theme.SIZE_BODY, 330),
                           "bold", theme.SIZE_BODY, ink)
        surface.blit(name, (rect.left + 62, rect.top + 6))
        main = assets.text(art.card_name(self.app, deck["main"]) if deck["main"] in cards().main
                           else "—", "italic", theme.SIZE_SMALL, theme.INK_DIM)
        surface.blit(main, (rect.left + 62, rect.top + 30))
        tag = "duel.ui.pick.ready" if not str(deck.get("id", "")).startswith("user_") \
            else "duel.ui.pick.own"
        if not row.enabled:
            tag = "duel.ui.pick.broken"
        image = assets.text(self.app.t(tag), "body", theme.SIZE_TINY, theme.GOLD_DIM)
        surface.blit(image, (rect.right - 20 - image.get_width(), rect.centery - 8))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.t
        for seat in range(2):
            box = pygame.Rect(40 + seat * 770, 130, 750, 680)
            name = self.seat_name(seat)
            head = assets.text(t("duel.ui.pick.seat", name=name), "serif", theme.SIZE_H3,
                               self.seat_colour(seat))
            surface.blit(head, (box.left + 24, box.top + 18))
            index = self.chosen[seat]
            if index >= len(self.choices):
                continue
            deck = self.choices[index][0]
            counts = _decks().summary(deck)
            y = 580
            main = deck["main"]
            if main in cards().main:
                surface.blit(art.card_face(self.app, main, (132, 182)), (box.left + 24, y))
            lines = [t("duel.ui.pick.summary", clan=counts["clan"], magic=counts["magic"],
                       equipment=counts["equipment"]),
                     t("duel.ui.pick.side", lands=counts["lands"],
                       treasures=counts["treasures"]),
                     t("duel.ui.pick.starter", card=art.card_name(self.app, deck["starter"])
                       if deck.get("starter") in cards().clan else "—")]
            for i, line in enumerate(lines):
                image = assets.text(line, "body", theme.SIZE_BODY, theme.INK)
                surface.blit(image, (box.left + 176, y + 10 + i * 34))

    def open_builder(self) -> None:
        """Opens the deck builder (the list is re-read when it closes)."""
        self.app.push(DeckBuilderScene(self.app))

    def start(self) -> None:
        """Starts the game with the chosen decks and opens its table."""
        from scenes.games import start_table

        options = dict(self.config.options)
        for seat, key in enumerate(self.OPTIONS):
            deck, problems, path = self.choices[self.chosen[seat]]
            if problems:
                self.app.toast(self.app.t("duel.ui.pick.not_legal"), "error")
                return
            options[key] = as_option(deck, path)
        start_table(self.app, self.game_id, GameConfig(self.config.seats, options), self.seed)


class DeckBuilderScene(MenuScreen):
    """Builds a 41-card deck (main character + 40) with lands and treasures kept apart."""

    title_key = "duel.ui.builder.title"

    def __init__(self, app: App, deck: dict[str, Any] | None = None,
                 path: Path | None = None) -> None:
        super().__init__(app)
        first = _decks().ready_made()[0]
        self.deck: dict[str, Any] = deck or {
            "name": "", "main": first["main"], "starter": "", "cards": [], "lands": [],
            "treasures": []}
        self.path = path  # the saved file being edited (None: a new deck)
        self.kind = "clan"
        self.page = 0
        self.copy_from = 0
        self.saved = self._saved_decks()
        self.open_from = path if path in [p for p, _d in self.saved] else (
            self.saved[0][0] if self.saved else None)
        self.problems = _decks().validate_deck(self.deck)

    @staticmethod
    def _saved_decks() -> list[tuple[Path, dict[str, Any]]]:
        return [(path, deck) for path, deck, _problems in _decks().list_user_decks(user_dir())
                if deck is not None]

    def _set_open(self, path: Path) -> None:
        self.open_from = path

    def open_saved(self, path: Path | None = None) -> None:
        """Loads a saved deck into the builder for editing (saving writes back to its file)."""
        path = path or self.open_from
        if path is None:
            return
        try:
            deck = _decks().load_user_deck(path)
        except (ValueError, OSError):
            self.app.toast(self.app.t("duel.ui.builder.unreadable", file=path.name), "error")
            return
        self.deck = editable_copy(deck)
        self.path = path
        self.open_from = path
        self._changed()

    def delete_saved(self) -> None:
        """Deletes the file of the deck being edited; its cards stay in the builder unsaved."""
        if self.path is None:
            return
        _decks().delete_user_deck(self.path)
        self.app.toast(self.app.t("duel.ui.pick.deleted", file=self.path.name), "ok")
        self.path = None
        self.saved = self._saved_decks()
        self.open_from = self.saved[0][0] if self.saved else None
        self.layout()

    # --- editing ------------------------------------------------------------------------
    def _field(self, kind: str) -> str:
        return {"land": "lands", "treasure": "treasures"}.get(kind, "cards")

    def count(self, card: str) -> int:
        """Returns how many copies of a card the deck holds."""
        kind = cards().kind[card]
        if kind == "main":
            return 1 if self.deck["main"] == card else 0
        return self.deck[self._field(kind)].count(card)

    def add(self, card: str) -> None:
        """Adds a copy (or chooses the main character); the engine's check runs afterwards."""
        kind = cards().kind[card]
        if kind == "main":
            self.deck["main"] = card
        else:
            self.deck[self._field(kind)].append(card)
            if kind == "clan" and not self.deck["starter"]:
                self.deck["starter"] = card
        self._changed()

    def remove(self, card: str) -> None:
        """Removes one copy of a card."""
        kind = cards().kind[card]
        pile = self.deck.get(self._field(kind), [])
        if kind != "main" and card in pile:
            pile.remove(card)
            if self.deck["starter"] == card and card not in pile:
                self.deck["starter"] = next((c for c in self.deck["cards"]
                                             if c in cards().clan), "")
        self._changed()

    def _changed(self) -> None:
        self.problems = _decks().validate_deck(self.deck)
        self.layout()

    def _set_name(self, text: str) -> None:
        self.deck["name"] = text
        self.problems = _decks().validate_deck(self.deck)

    def _set_starter(self, card: str) -> None:
        self.deck["starter"] = card
        self._changed()

    def _set_copy(self, index: int) -> None:
        self.copy_from = index

    def copy_ready(self) -> None:
        """Starts over from a ready-made deck."""
        source = _decks().ready_made()[self.copy_from]
        name = self.deck.get("name", "")
        self.deck = {"name": name, "main": source["main"], "starter": source["starter"],
                     "cards": list(source["cards"]), "lands": list(source["lands"]),
                     "treasures": list(source["treasures"])}
        self._changed()

    def clear(self) -> None:
        """Empties the deck (keeps name and main character)."""
        self.deck.update({"cards": [], "lands": [], "treasures": [], "starter": ""})
        self._changed()

    def save(self) -> None:
        """Writes the deck to the user folder (a deck with problems is saved but flagged)."""
        if not str(self.deck.get("name", "")).strip():
            self.app.toast(self.app.t("duel.ui.builder.need_name"), "error")
            return
        path = _decks().save_user_deck(user_dir(), self.deck)
        if self.path is not None and self.path != path:
            _decks().delete_user_deck(self.path)  # a renamed deck moves to its new file
        self.path = path
        self.saved = self._saved_decks()
        self.open_from = path
        self.layout()
        if self.problems:
            self.app.toast(self.app.t("duel.ui.builder.saved_with_problems", file=path.name),
                           "error")
        else:
            self.app.toast(self.app.t("duel.ui.builder.saved", file=path.name), "ok")

    # --- widgets ------------------------------------------------------------------------
    def pool(self) -> list[str]:
        """Returns the cards of the current tab."""
        return list(getattr(cards(), self.kind))

    def tile_rect(self, index: int) -> pygame.Rect:
        """Returns where the index-th card of the page lies."""
        row, col = divmod(index, COLS)
        return pygame.Rect(GRID.left + col * 136, GRID.top + row * 206, *TILE)

    def build(self) -> None:
        t = self.app.t
        for i, kind in enumerate(KINDS):
            style = "tab_on" if kind == self.kind else "tab"
            self.widgets.append(Button((40 + i * 160, 136, 152, 46), t(TAB_KEYS[kind]),
                                       self._tab(kind), style=style, size=theme.SIZE_SMALL))
        pool = self.pool()
        pages = max(1, (len(pool) + COLS * ROWS - 1) // (COLS * ROWS))
        self.page = min(self.page, pages - 1)
        shown = pool[self.page * COLS * ROWS:(self.page + 1) * COLS * ROWS]
        for i, card in enumerate(shown):
            rect = self.tile_rect(i)
            if self.kind == "main":
                self.widgets.append(Button((rect.left, rect.bottom + 4, rect.width, 30),
                                           t("duel.ui.builder.choose"),
                                           self._adder(card), size=theme.SIZE_TINY,
                                           enabled=self.deck["main"] != card))
                continue
            self.widgets.append(Button((rect.left, rect.bottom + 4, 40, 30), "−",
                                       self._remover(card), enabled=self.count(card) > 0))
            self.widgets.append(Button((rect.right - 40, rect.bottom + 4, 40, 30), "+",
                                       self._adder(card)))
        if pages > 1:
            self.widgets.append(Button((GRID.centerx - 150, 826, 60, theme.BUTTON_H), "«",
                                       lambda: self._turn(-1, pages), style="ghost"))
            self.widgets.append(Button((GRID.centerx + 90, 826, 60, theme.BUTTON_H), "»",
                                       lambda: self._turn(1, pages), style="ghost"))
        self.pages = pages
        # The deck panel.
        x = 1020
        self.widgets.append(TextInput((x + 20, 200, 500, 44), str(self.deck.get("name", "")),
                                      self._set_name, max_len=30,
                                      placeholder=t("duel.ui.builder.name")))
        clan = list(dict.fromkeys(c for c in self.deck["cards"] if c in cards().clan))
        options = [(c, art.card_name(self.app, c)) for c in clan] or [("", "—")]
        self.widgets.append(Cycler((x + 20, 254, 500, 44), options, self.deck["starter"],
                                   self._set_starter, label=t("duel.ui.builder.starter"),
                                   label_width=170))
        ready = [(i, deck_label(self.app, d)) for i, d in enumerate(_decks().ready_made())]
        self.widgets.append(Cycler((x + 20, 706, 330, 44), ready, self.copy_from,
                                   self._set_copy, label=t("duel.ui.builder.copy"),
                                   label_width=110))
        self.widgets.append(Button((x + 360, 706, 160, 44), t("duel.ui.builder.copy_go"),
                                   self.copy_ready, size=theme.SIZE_SMALL))
        if self.saved:
            own = [(path, deck_label(self.app, deck)) for path, deck in self.saved]
            self.widgets.append(Cycler((x + 20, 758, 330, 44), own, self.open_from,
                                       self._set_open, label=t("duel.ui.builder.saved_decks"),
                                       label_width=110))
            self.widgets.append(Button((x + 360, 758, 76, 44), t("duel.ui.builder.open"),
                                       self.open_saved, size=theme.SIZE_TINY))
        self.widgets.append(Button((x + 444, 758, 76, 44), t("duel.ui.builder.delete"),
                                   self.delete_saved, style="danger", size=theme.SIZE_TINY,
                                   enabled=self.path is not None))
        self.widgets.append(Button((x + 20, 826, 200, theme.BUTTON_H),
                                   t("duel.ui.builder.clear"), self.clear, style="danger",
                                   icon="ui.delete"))
        self.widgets.append(Button((x + 240, 826, 280, theme.BUTTON_H),
                                   t("duel.ui.builder.save"), self.save, style="primary",
                                   icon="ui.save"))

    def _tab(self, kind: str) -> Any:
        def go() -> None:
            self.kind = kind
            self.page = 0
            self.layout()
        return go

    def _turn(self, delta: int, pages: int) -> None:
        self.page = (self.page + delta) % pages
        self.layout()

    def _adder(self, card: str) -> Any:
        return lambda: self.add(card)

    def _remover(self, card: str) -> Any:
        return lambda: self.remove(card)

    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            card = self.card_at(event.pos)
            if card is not None:
                if event.button == 1:
                    self.add(card)
                else:
                    self.remove(card)
                return True
        return False

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """Returns the card tile under pos."""
        pool = self.pool()[self.page * COLS * ROWS:(self.page + 1) * COLS * ROWS]
        for i, card in enumerate(pool):
            if self.tile_rect(i).collidepoint(pos):
                return card
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        card = self.card_at(self.app.mouse)
        if card is not None:
            lines = art.tooltip_lines(self.app, card)
            lines.append(self.app.t("duel.ui.builder.tile_hint"))
            self.app.tooltip(("builder", card), lines, self.tile_rect(
                self.pool().index(card) - self.page * COLS * ROWS))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.t
        pool = self.pool()[self.page * COLS * ROWS:(self.page + 1) * COLS * ROWS]
        for i, card in enumerate(pool):
            rect = self.tile_rect(i)
            face = art.card_face(self.app, card, TILE)
            n = self.count(card)
            surface.blit(face if n or self.kind == "main" else art.dimmed(face), rect)
            if n:
                badge = (rect.right - 18, rect.top + 44)
                pygame.draw.circle(surface, theme.RED, badge, 14)
                pygame.draw.circle(surface, theme.GOLD, badge, 14, 2)
                blit_centered(surface, assets.text(str(n), "bold", theme.SIZE_SMALL, theme.INK),
                              badge)
            if self.kind != "main":
                label = assets.text(f"{n}/{_decks().MAX_COPIES}" if self.kind in
                                    ("clan", "magic", "equipment") else str(n), "bold",
                                    theme.SIZE_SMALL, theme.INK)
                blit_centered(surface, label, (rect.centerx, rect.bottom + 19))
        if getattr(self, "pages", 1) > 1:
            label = assets.text(t("duel.ui.builder.page", page=self.page + 1, pages=self.pages),
                                "body", theme.SIZE_BODY, theme.INK_DIM)
            blit_centered(surface, label, (GRID.centerx, 852))
        self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        t = self.app.t
        box = pygame.Rect(1020, 130, 540, 680)
        surface.blit(theme.panel(box.size, "wood"), box)
        # The widgets are drawn on top of this panel in draw(); repaint them over it.
        head = assets.text(t("duel.ui.builder.your_deck"), "serif", theme.SIZE_H3, theme.GOLD)
        blit_centered(surface, head, (box.centerx, box.top + 34))
        if self.path is not None:
            note = assets.text(t("duel.ui.builder.editing", file=self.path.name), "italic",
                               theme.SIZE_TINY, theme.INK_DIM)
            blit_centered(surface, note, (box.centerx, box.top + 60))
        counts = _decks().summary(self.deck)
        y = 312
        main = self.deck["main"]
        surface.blit(art.card_face(self.app, main, (120, 166)), (box.left + 20, y))
        lines = [(t("duel.ui.builder.total", n=counts["total"], need=_decks().DECK_CARDS + 1),
                  theme.GOLD_BRIGHT if counts["total"] == _decks().DECK_CARDS + 1 else theme.INK),
                 (t("duel.ui.pick.summary", clan=counts["clan"], magic=counts["magic"],
                    equipment=counts["equipment"]), theme.INK),
                 (t("duel.ui.pick.side", lands=counts["lands"], treasures=counts["treasures"]),
                  theme.INK_DIM)]
        for i, (line, colour) in enumerate(lines):
            image = assets.text(line, "bold" if i == 0 else "body", theme.SIZE_BODY, colour,
                                box.width - 180)
            surface.blit(image, (box.left + 156, y + 6 + i * 46))
        y = 500
        if self.problems:
            head = assets.text(t("duel.ui.builder.problems"), "serif", theme.SIZE_BODY,
                               theme.RED_BRIGHT)
            surface.blit(head, (box.left + 20, y))
            y += 30
            for message in self.problems[:5]:
                image = assets.text(assets.fit(self.app.msg(message), "body", theme.SIZE_SMALL,
                                               box.width - 40), "body", theme.SIZE_SMALL,
                                    theme.INK_DIM)
                surface.blit(image, (box.left + 20, y))
                y += 26
        else:
            ok = assets.text(t("duel.ui.builder.legal"), "serif", theme.SIZE_BODY,
                             theme.GREEN_BRIGHT)
            surface.blit(ok, (box.left + 20, y))
        for widget in self.widgets:
            if widget.rect.colliderect(box):
                widget.draw(surface)
