"""The town window of the map game: the faction's town board and its units.

Each building shows its name, what it does (its ``text``), its cost and whether it stands, can be
built now (a Build button from the legal ``build`` actions) or why not (the rule ``annotate``
refuses it with, and what it still needs). The units are unit cards: the faction's units and any
other the player holds, with the side owned (Few or Pack), the price of recruiting or
reinforcing and its button, or why not (no dwelling, the population token used, too little
gold). Hiring a secondary hero and the spell book's Search follow. The window reads the map
view, the legal actions and ``annotate`` only (docs/heroes/view.md, "The town window").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from engine.core.actions import Action
from scenes import assets, theme
from scenes.board.chooser import Popup
from scenes.heroes import art, query
from scenes.widgets import Button, blit_centered

TOKENS = (("build", "heroes.mapui.token.build", "heroes.mapui.token.build.tip"),
          ("population", "heroes.mapui.token.population", "heroes.mapui.token.population.tip"),
          ("spellbook", "heroes.mapui.token.spellbook", "heroes.mapui.token.spellbook.tip"))
TIER_KEYS = {"bronze": "heroes.ui.tier.bronze", "silver": "heroes.ui.tier.silver",
             "gold": "heroes.ui.tier.gold", "azure": "heroes.ui.tier.azure"}
TYPE_KEYS = {"ground": "heroes.ui.type.ground", "flying": "heroes.ui.type.flying",
             "ranged": "heroes.ui.type.ranged"}
STAT_LABELS = {"attack": "heroes.ui.stat.attack", "defence": "heroes.ui.stat.defence",
               "hp": "heroes.ui.stat.hp", "initiative": "heroes.ui.stat.initiative"}
TRIGGER_KEYS = {"activation": "heroes.ui.trigger.activation", "attack": "heroes.ui.trigger.attack",
                "alternative": "heroes.ui.trigger.alternative",
                "passive": "heroes.ui.trigger.passive",
                "retaliation": "heroes.ui.trigger.retaliation", "map": "heroes.ui.trigger.map"}
FACE_KEYS = {"pack": "heroes.ui.face.pack", "few": "heroes.ui.face.few",
             "single": "heroes.ui.face.single"}
# the side of a unit the army holds ("" not at all), in words and as the card's badge
OWNED = {"": "heroes.mapui.unit.owned.none", "few": "heroes.mapui.unit.owned.few",
         "pack": "heroes.mapui.unit.owned.pack"}
BADGES = {"": "heroes.mapui.unit.badge.none", "few": "heroes.mapui.unit.badge.few",
          "pack": "heroes.mapui.unit.badge.pack"}
# a unit's action with its price (tooltip) and the card's short word
PRICES = {"recruit": "heroes.mapui.unit.recruit", "reinforce": "heroes.mapui.unit.reinforce"}
SHORT = {"recruit": "heroes.mapui.unit.recruit.short",
         "reinforce": "heroes.mapui.unit.reinforce.short"}
COLOURS = {"built": theme.GREEN_BRIGHT, "buildable": theme.GOLD_BRIGHT,
           "locked": theme.INK_FAINT}
RES = ("gold", "materials", "valuables")
RES_ICONS = {"gold": "heroes.ui.gold", "materials": "heroes.map.materials",
             "valuables": "heroes.map.valuables"}
ROW_H, UNIT_H = 96, 160


@dataclass
class Row:
    """A building of the board, a unit card or a further town action, as the window shows it."""

    key: str
    name: str
    text: str
    status: str  # built, buildable, locked (buildings); owned side or "" (units)
    cost: list[int] | None
    action: Action | None  # the legal action now
    why: str = ""  # why it cannot be done now
    kind: str = ""  # build, recruit, reinforce, hire, spellbook, "" (nothing to do)
    short: list[int] | None = None  # what is missing (drawn as icons after "Missing:")
    rect: pygame.Rect = field(default_factory=pygame.Rect)
    tip: list[str] = field(default_factory=list)


class TownWindow:
    """The town overlay over the map and the hand strip (``MapTableScene.town``)."""

    def __init__(self, table: Any, rect: pygame.Rect) -> None:
        self.table = table
        self.app = table.app
        self.rect = rect
        self.buttons: list[Button] = []
        # each action button with its action (a click on it sends that action)
        self.acts: list[tuple[Button, Action]] = []
        self.popup: Popup | None = None
        self.buildings: list[Row] = []
        self.units: list[Row] = []
        self.extras: list[Row] = []
        self.token_rects: list[tuple[pygame.Rect, str]] = []
        self.build()

    # --- reading ------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """Returns the seat whose town is shown."""
        return int(self.table.me())

    @property
    def acting(self) -> bool:
        """Returns True when the seat at the screen may take town actions now (its own turn
        or a town-action window): then the rules say why an action is refused."""
        return bool(self.table.is_my_turn())

    def player(self) -> dict[str, Any]:
        """Returns the shown player of the view."""
        return self.table.player(self.seat)  # type: ignore[no-any-return]

    def _why(self, action: Action, needs: list[str] | None = None) -> tuple[str, list[int] | None]:
        """Returns why the rules refuse an action now (with what it still needs) and its
        price from the preview (nothing outside the seat's turn: the header says so)."""
        t = self.app.t
        if not self.acting:
            return "", None
        preview = self.table.preview(action)
        cost = (preview.detail or {}).get("cost")
        refused = preview.refused
        if refused is None:
            return "", cost
        key = refused.key
        if key == "heroes.map.rule.requires" and needs:
            return t("heroes.mapui.why.needs", names=", ".join(needs)), cost
        if key == "heroes.map.rule.no_dwelling" and needs:
            return t("heroes.mapui.why.needs", names=", ".join(needs)), cost
        if key == "heroes.rule.wrong_step":
            # a visit or choice on the map is still open (the trading post's trades, a
            # choice): "That is not possible now." did not say what to do
            return t("heroes.mapui.why.open_step"), cost
        if key == "heroes.map.rule.token_used":  # the chip above says which token
            return t("heroes.mapui.why.token"), cost
        if key == "heroes.map.rule.cost" and cost is not None:
            have = self.player()["resources"]
            short = [max(0, int(c) - int(h)) for c, h in zip(cost, have, strict=False)]
            return t("heroes.mapui.why.short", short=self.table.cost_text(short)), cost
        return (t(key) if self.app.has(key) else t("ui.illegal")), cost

    def _spellbook_why(self, why: str, cost: list[int] | None) -> str:
        """Returns which of the spell book's three conditions fails (the rules refuse it with
        one reason for all: token, price, a mage guild built in an earlier round)."""
        if not why or not self.acting:
            return why
        p = self.player()
        if not p["tokens"].get("spellbook"):
            return self.app.t("heroes.mapui.why.token")
        if cost:
            short = [max(0, int(c) - int(h)) for c, h in zip(cost, p["resources"], strict=False)]
            if any(short):
                return self.app.t("heroes.mapui.why.short", short=self.table.cost_text(short))
        return why

    def _town(self) -> Any:
        return query.town(self.player()["faction"])

    def _short(self, row: Row) -> None:
        """Notes what a row's price lacks when the rules refuse it for the price."""
        if row.action is None and row.cost and row.kind and self.acting:
            have = self.player()["resources"]
            short = [max(0, int(c) - int(h)) for c, h in zip(row.cost, have, strict=False)]
            if any(short) and row.why == self.app.t(
                    "heroes.mapui.why.short", short=self.table.cost_text(short)):
                row.short = short

    def _read_buildings(self) -> list[Row]:
        t = self.app.t
        p = self.player()
        try:
            town = self._town()
        except Exception:  # noqa: BLE001 - a faction without a board shows none
            return []
        names = {b.key: art.name(self.app, b.name) for b in town.buildings}
        rows = []
        for b in town.buildings:
            action = self.table.index.find("build", building=b.key)
            c = b.cost
            cost = [c.gold, c.materials, c.valuables]
            why = ""
            if b.key in p["built"]:
                status = "built"
            elif action is not None:
                status = "buildable"
            else:
                status = "locked"
                needs = [names[k] for k in b.needs() if k not in p["built"]]
                why, _ = self._why(Action("build", (("building", b.key),)), needs)
            text = art.name(self.app, b.text)
            tip = [names[b.key], text]
            if status == "built":
                tip.append(t("heroes.mapui.built_line"))
            else:
                tip.append(t("heroes.mapui.cost", cost=self.table.cost_text(cost)))
            if why:
                tip.append(why)
            rows.append(Row(b.key, names[b.key], text, status, cost, action, why, "build",
                            tip=tip))
            self._short(rows[-1])
        return rows

    def _unit_ids(self) -> list[str]:
        """Returns the units to show: the faction's, then any other the player holds or may
        recruit (a neutral unit, a conquered town's)."""
        p = self.player()
        try:
            out = list(query.faction(p["faction"]).units)
        except Exception:  # noqa: BLE001 - no faction: the army only
            out = []
        for uid, _pack in p["units"]:
            if uid not in out:
                out.append(uid)
        for a in self.table.legal:
            if a.kind in ("recruit", "reinforce") and a["unit"] not in out:
                out.append(a["unit"])
        return out

    def _dwelling_of(self, uid: str) -> list[str]:
        """Returns the name of the building whose unlock recruits a unit's tier."""
        try:
            tier = query.unit(uid).tier
            return [art.name(self.app, b.name) for b in self._town().buildings
                    if f"recruit_{tier}" in b.unlocks]
        except Exception:  # noqa: BLE001 - no board: no name
            return []

    def _read_units(self) -> list[Row]:
        t = self.app.t
        owned = {uid: bool(pack) for uid, pack in self.player()["units"]}
        rows = []
        for uid in self._unit_ids():
            d = query.unit(uid)
            side = "" if uid not in owned else ("pack" if owned[uid] else "few")
            kind = "recruit" if not side else ("reinforce" if side == "few" else "")
            action = self.table.index.find(kind, unit=uid) if kind else None
            cost: list[int] | None = None
            why = ""
            if kind:
                probe = Action(kind, (("unit", uid),))
                why, cost = self._why(probe, self._dwelling_of(uid))
                if action is not None:
                    why = ""
                if cost is None:  # outside the own turn: the printed price
                    price = d.recruit if kind == "recruit" else d.reinforce
                    cost = None if price is None else [price.gold, price.materials,
                                                       price.valuables]
            else:
                why = t("heroes.mapui.why.full")
            rows.append(Row(uid, art.unit_name(self.app, uid), "", side, cost, action, why,
                            kind, tip=self._unit_tip(uid, side, kind, cost, why)))
            self._short(rows[-1])
        return rows

    def _unit_tip(self, uid: str, side: str, kind: str, cost: list[int] | None,
                  why: str) -> list[str]:
        t = self.app.t
        d = query.unit(uid)
        lines = [art.unit_name(self.app, uid) + " · " + t(TIER_KEYS.get(d.tier, TIER_KEYS[
            "bronze"])) + " · " + t(TYPE_KEYS.get(d.type, TYPE_KEYS["ground"]))]
        lines.append(t(OWNED[side]))
        for face in ("few", "pack"):
            stats = getattr(d, face, None)
            if stats is None:
                continue
            values = ", ".join(f"{t(STAT_LABELS[k])} {getattr(stats, k)}" for k in art.STAT_KEYS)
            lines.append(f"{t(FACE_KEYS[face])}: {values}")
        for ab in d.abilities:
            lines.append(f"{t(TRIGGER_KEYS.get(ab.trigger, 'heroes.ui.trigger.passive'))} "
                         f"({t(FACE_KEYS.get(ab.side, 'heroes.ui.face.single'))}): "
                         f"{art.name(self.app, ab.text)}")
        if kind and cost is not None:
            lines.append(t(PRICES[kind], cost=self.table.cost_text(cost)))
        if why:
            lines.append(why)
        return lines

    def _read_extras(self) -> list[Row]:
        t = self.app.t
        p = self.player()
        rows = []
        hires = self.table.index.of_kind("hire")
        at = p.get("town") or [0, 0]
        why, cost = ("", None)
        if not hires:
            why, cost = self._why(Action("hire", (("at", (int(at[0]), int(at[1]))),)))
        else:
            cost = (self.table.preview(hires[0]).detail or {}).get("cost")
        rows.append(Row("hire", t("heroes.mapui.hire"), t("heroes.mapui.hire.text"), "",
                        cost, hires[0] if len(hires) == 1 else None, why, "hire",
                        tip=[t("heroes.mapui.hire"), t("heroes.mapui.hire.text")]
                        + ([why] if why else [])))
        book = self.table.index.find("spellbook")
        if book is None:
            why, cost = self._why(Action("spellbook"))
            why = self._spellbook_why(why, cost)
        else:
            why, cost = "", (self.table.preview(book).detail or {}).get("cost")
        rows.append(Row("spellbook", t("heroes.mapui.spellbook"),
                        t("heroes.mapui.spellbook.text"), "", cost, book, why, "spellbook",
                        tip=[t("heroes.mapui.spellbook"), t("heroes.mapui.spellbook.text")]
                        + ([why] if why else [])))
        for row in rows:
            self._short(row)
        return rows

    # --- layout -------------------------------------------------------------------------
    def build(self) -> None:
        """Reads the town anew and lays out its rows and buttons (after every view)."""
        t = self.app.t
        r = self.rect
        self.popup = None
        self.buttons, self.acts = [], []
        close = Button((r.right - 150, r.top + 12, 134, 38), t("heroes.mapui.close"),
                       self.table.close_town, style="ghost", icon="ui.cancel",
                       hotkey=pygame.K_ESCAPE, size=theme.SIZE_SMALL)
        self.buttons.append(close)
        self.buildings = self._read_buildings()
        col_w = (r.width - 48) // 2
        per_col = (len(self.buildings) + 1) // 2
        for i, row in enumerate(self.buildings):
            col, n = divmod(i, per_col)
            row.rect = pygame.Rect(r.left + 16 + col * (col_w + 16), r.top + 56 + n * ROW_H,
                                   col_w, ROW_H - 6)
            if row.action is not None:  # on the name's line, right
                self._add(pygame.Rect(row.rect.right - 92, row.rect.top + 2, 86, 22),
                          t("heroes.mapui.build"), row.action, theme.SIZE_TINY)
        top = r.top + 56 + per_col * ROW_H + 24
        self.units = self._read_units()
        n = max(1, len(self.units))
        gap = 8
        w = min(118, (r.width - 32 - gap * (n - 1)) // n)
        left = r.left + 16
        for i, row in enumerate(self.units):
            row.rect = pygame.Rect(left + i * (w + gap), top, w, UNIT_H)
            if row.action is not None:
                word = t("heroes.mapui.recruit_short") if row.kind == "recruit" else \
                    t("heroes.mapui.reinforce_short")
                # eight cards (a neutral unit beside the seven) leave narrow buttons: a
                # smaller size rather than "Reinfor…" (the button keeps 24 px of padding)
                _w, size = assets.shrink_to_fit(word, "bold", theme.SIZE_TINY, w - 10 - 24, 10)
                self._add(pygame.Rect(row.rect.left + 5, row.rect.bottom - 34, w - 10, 28),
                          word, row.action, size)
        self.extras = self._read_extras()
        y = top + UNIT_H + 6
        ew = (r.width - 48) // 2
        for i, row in enumerate(self.extras):
            row.rect = pygame.Rect(r.left + 16 + i * (ew + 16), y, ew, r.bottom - 12 - y)
            word = t("heroes.mapui.hire_short") if row.kind == "hire" else t("heroes.mapui.buy")
            bx = pygame.Rect(row.rect.right - 128, row.rect.centery - 15, 120, 30)
            if row.action is not None:
                self._add(bx, word, row.action)
            elif row.kind == "hire" and self.table.index.of_kind("hire"):
                # several own towns and settlements: the place is picked in a list
                self.buttons.append(Button(bx, word, self._hire_popup(bx), style="primary",
                                           size=theme.SIZE_SMALL))
        self.token_rects = []
        x = r.left + 24 + assets.size_of(self._title(), "heading", theme.SIZE_H3)[0] + 24
        for key, word, _tip in TOKENS:
            width = assets.size_of(t(word), "bold", theme.SIZE_TINY)[0] + 40
            self.token_rects.append((pygame.Rect(x, r.top + 18, width, 28), key))
            x += width + 8

    def _add(self, rect: pygame.Rect, label: str, action: Action,
             size: int = theme.SIZE_SMALL) -> None:
        b = Button(rect, label, self.table._do(action), style="primary", size=size)
        self.buttons.append(b)
        self.acts.append((b, action))

    def _hire_popup(self, anchor: pygame.Rect) -> Any:
        def go() -> None:
            choices = []
            for a in self.table.index.of_kind("hire"):
                f = self.table.fields.get((int(a["at"][0]), int(a["at"][1])))
                name = self.table.loc_name(f["location"]) if f is not None and f["location"] \
                    else self.app.t("heroes.mapui.opt.field")
                choices.append((name, a))
            # two settlements read alike: told apart by a neighbour (MapTableScene)
            named = self.table.distinct_places(
                [n for n, _ in choices], [(int(a["at"][0]), int(a["at"][1])) for _, a in choices])
            choices = list(zip(named, [a for _, a in choices], strict=True))
            self.popup = Popup.stacked_above([(label, a, "normal") for label, a in choices],
                                             lambda a: self.table._do(a)(), anchor,
                                             self.rect, max_width=320)
        return go

    def button_for(self, action: Action) -> Button | None:
        """Returns the button that sends an action (None when the window shows none)."""
        return next((b for b, a in self.acts if a == action), None)

    def _title(self) -> str:
        p = self.player()
        try:
            name = art.name(self.app, query.faction(p["faction"]).name)
        except Exception:  # noqa: BLE001 - an unknown faction: no name
            name = "?"
        return self.app.t("heroes.mapui.town_title", faction=name)

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Handles a click inside the window (the window swallows the clicks it covers)."""
        if self.popup is not None:
            used, close = self.popup.handle(event)
            if close:
                self.popup = None
            if used:
                return True
        for button in self.buttons:
            if button.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                              pygame.MOUSEWHEEL) and self.rect.collidepoint(self.app.mouse)

    def update(self, dt: float) -> None:
        """Hover: the buttons, and the tooltips of buildings, unit cards and tokens."""
        for button in self.buttons:
            button.update(dt, self.app)
        if self.popup is not None:
            self.popup.update(dt, self.app)
            return
        mouse = self.app.mouse
        if any(b.rect.collidepoint(mouse) for b in self.buttons):
            return
        for row in self.buildings + self.units + self.extras:
            if row.rect.collidepoint(mouse):
                self.app.tooltip(("town", row.kind, row.key, row.why), row.tip, row.rect)
                return
        t = self.app.t
        for rect, key in self.token_rects:
            if rect.collidepoint(mouse):
                tip = next(x[2] for x in TOKENS if x[0] == key)
                self.app.tooltip(("token", key), [t(next(x[1] for x in TOKENS if x[0] == key)),
                                                  t(tip)], rect)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draws the window: title and tokens, the buildings, the unit cards, hire and spell
        book, the buttons."""
        t = self.app.t
        r = self.rect
        frame = r.inflate(16, 16)
        surface.blit(theme.shade(frame.size, 120), frame)
        surface.blit(theme.panel(r.size, "wood"), r)
        title = assets.text(self._title(), "heading", theme.SIZE_H3, theme.GOLD)
        surface.blit(title, (r.left + 20, r.top + 16))
        p = self.player()
        tokens = p["tokens"]
        for rect, key in self.token_rects:
            # the population token stays open while its recruiting goes on (seed
            # "Stadtaktionen": recruit and reinforce at one moment)
            on = bool(tokens.get(key)) or (key == "population" and p.get("pop_use") == "units")
            pygame.draw.rect(surface, (46, 32, 24) if on else (30, 22, 17), rect,
                             border_radius=14)
            pygame.draw.rect(surface, theme.GOLD if on else theme.INK_FAINT, rect, 1,
                             border_radius=14)
            mark = "heroes.map.built" if on else "heroes.map.locked"
            surface.blit(assets.asset_icon(mark, 16, theme.GREEN_BRIGHT if on
                                           else theme.INK_FAINT), (rect.left + 10, rect.top + 6))
            word = next(x[1] for x in TOKENS if x[0] == key)
            image = assets.text(t(word), "bold", theme.SIZE_TINY, theme.INK if on
                                else theme.INK_FAINT)
            surface.blit(image, (rect.left + 30, rect.centery - image.get_height() // 2))
        if not self.acting:  # outside the own turn: the town to look at, no reasons
            note = assets.text(t("heroes.mapui.why.not_now"), "italic", theme.SIZE_TINY,
                               theme.INK_DIM, r.right - 170 - (self.token_rects[-1][0].right
                                                               if self.token_rects else 0))
            surface.blit(note, (self.token_rects[-1][0].right + 14 if self.token_rects
                                else r.left + 300, r.top + 20))
        for row in self.buildings:
            self._draw_building(surface, row)
        if self.units:
            image = assets.text(t("heroes.mapui.units_title"), "heading", theme.SIZE_SMALL,
                                theme.GOLD)
            surface.blit(image, (r.left + 18, self.units[0].rect.top - 24))
            for row in self.units:
                self._draw_unit(surface, row)
        for row in self.extras:
            self._draw_extra(surface, row)
        for button in self.buttons:
            button.draw(surface)
        if self.popup is not None:
            self.popup.draw(surface)

    def _cost_line(self, row: Row) -> str:
        return self.table.cost_text(row.cost) if row.cost is not None else ""

    def _draw_cost(self, surface: pygame.Surface, cost: list[int] | None, x: int, y: int,
                   colour: theme.Colour = theme.GOLD, centre: bool = False) -> int:
        """Draws a price as the board prints it, each resource's number beside its icon (the
        words are in the tooltip); returns its width."""
        if cost is None:
            return 0
        parts = [(str(n), RES_ICONS[r]) for r, n in zip(RES, cost, strict=False) if n]
        if not parts:
            parts = [(self.app.t("heroes.mapui.free"), "")]
        images = [(assets.text(n, "bold", theme.SIZE_TINY, colour), icon) for n, icon in parts]
        width = sum(im.get_width() + (18 if icon else 0) + 8 for im, icon in images) - 8
        if centre:
            x -= width // 2
        for image, icon in images:
            surface.blit(image, (x, y))
            x += image.get_width() + 1
            if icon:
                surface.blit(assets.asset_icon(icon, 16), (x, y))
                x += 17
            x += 8
        return width

    def _draw_why(self, surface: pygame.Surface, row: Row, x: int, y: int,
                  colour: theme.Colour, centre: bool = False) -> None:
        """Draws a row's reason on one line: what is missing as icons, else its words."""
        if row.short is not None:
            word = assets.text(self.app.t("heroes.mapui.why.missing"), "italic",
                               theme.SIZE_TINY, colour)
            width = word.get_width() + 6 + self._measure_cost(row.short)
            if centre:
                x -= width // 2
            surface.blit(word, (x, y))
            self._draw_cost(surface, row.short, x + word.get_width() + 6, y, colour)
            return
        image = assets.text(row.why, "italic", theme.SIZE_TINY, colour)
        surface.blit(image, image.get_rect(midtop=(x, y)) if centre else (x, y))

    def _measure_cost(self, cost: list[int]) -> int:
        parts = [str(n) for n in cost if n]
        return sum(assets.size_of(n, "bold", theme.SIZE_TINY)[0] + 26 for n in parts) - 8

    def _draw_building(self, surface: pygame.Surface, row: Row) -> None:
        t = self.app.t
        rect = row.rect
        pygame.draw.rect(surface, (46, 32, 24), rect, border_radius=6)
        if row.status == "buildable":
            pygame.draw.rect(surface, theme.GOLD_DIM, rect, 1, border_radius=6)
        mark = {"built": "heroes.map.built", "buildable": "heroes.map.buildable"}.get(
            row.status, "heroes.map.locked")
        surface.blit(assets.asset_icon(mark, 18, COLOURS[row.status]), (rect.left + 8,
                                                                         rect.top + 6))
        if row.status == "built":
            done = assets.text(t("heroes.mapui.built"), "italic", theme.SIZE_TINY,
                               theme.GREEN_BRIGHT)
            surface.blit(done, (rect.right - done.get_width() - 10, rect.top + 6))
        name = assets.text(row.name, "bold", theme.SIZE_SMALL, COLOURS[row.status]
                           if row.status != "buildable" else theme.INK)
        surface.blit(name, (rect.left + 32, rect.top + 3))
        # what it does, whole (three lines at most, the longest text of every board)
        y = rect.top + 24
        for line in assets.wrap(row.text, "body", theme.SIZE_TINY, rect.width - 40)[:3]:
            image = assets.text(line, "body", theme.SIZE_TINY, theme.INK_DIM)
            surface.blit(image, (rect.left + 32, y))
            y += 15
        if row.status == "built":
            return
        # the foot line: the price, then why it cannot be built now
        x, y = rect.left + 32, rect.bottom - 18
        x += self._draw_cost(surface, row.cost, x, y)
        if row.why:
            self._draw_why(surface, row, x + 14, y, theme.RED_BRIGHT)

    def _draw_unit(self, surface: pygame.Surface, row: Row) -> None:
        t = self.app.t
        rect = row.rect
        surface.blit(theme.panel(rect.size, "parchment"), rect)
        size = min(50, rect.width - 20)
        face = row.status or "few"
        tile = art.unit_tile(row.key, face, size, art.unit_colour(row.key), not row.status)
        surface.blit(tile, tile.get_rect(midtop=(rect.centerx, rect.top + 5)))
        y = rect.top + 6 + size
        name, fs = assets.shrink_to_fit(row.name, "bold", theme.SIZE_TINY, rect.width - 8, 10)
        image = assets.text(name, "bold", fs, theme.INK_DARK)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += 18
        owned = t(BADGES[row.status])
        badge, bs = assets.shrink_to_fit(owned, "bold", theme.SIZE_TINY - 1, rect.width - 16,
                                         10)
        image = assets.text(badge, "bold", bs, theme.PARCHMENT if row.status
                            else theme.INK_DARK_DIM)
        box = image.get_rect(midtop=(rect.centerx, y)).inflate(12, 4)
        if row.status:
            pygame.draw.rect(surface, theme.GREEN if row.status == "pack" else theme.WOOD_LIGHT,
                             box, border_radius=8)
        surface.blit(image, image.get_rect(center=box.center))
        y = box.bottom + 4
        lines: list[str] = []
        fs = theme.SIZE_TINY - 2
        if row.action is None and row.why and row.short is None:
            # the reason whole: a smaller size where it needs more lines than the card has
            for fs in range(theme.SIZE_TINY - 2, theme.SIZE_TINY - 5, -1):
                lines = assets.wrap(row.why, "italic", fs, rect.width - 10)
                if sum(assets.size_of(x, "italic", fs)[1] for x in lines) <= rect.bottom - 5 - y:
                    break
        room = rect.bottom - 5 - sum(assets.size_of(line, "italic", fs)[1] for line in lines)
        # a long reason (a neutral unit has no Pack side) takes the price's place: a price
        # that cannot be paid says nothing, and the two would overlap
        if row.kind and row.cost is not None and y + 34 <= room:
            word = t(SHORT[row.kind])
            text, ws = assets.shrink_to_fit(word, "bold", theme.SIZE_TINY - 1, rect.width - 8,
                                            10)
            image = assets.text(text, "bold", ws, theme.INK_DARK)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            self._draw_cost(surface, row.cost, rect.centerx, y + 16, theme.INK_DARK, True)
        if row.action is None and row.why:
            if row.short is not None:
                self._draw_why(surface, row, rect.centerx, rect.bottom - 22, theme.RED, True)
                return
            bottom = rect.bottom - 5
            for line in reversed(lines):
                if bottom - assets.size_of(line, "italic", fs)[1] < y:
                    break  # never over the badge (the smallest size still too long)
                image = assets.text(line, "italic", fs, theme.RED)
                bottom -= image.get_height()
                surface.blit(image, image.get_rect(midtop=(rect.centerx, bottom)))

    def _draw_extra(self, surface: pygame.Surface, row: Row) -> None:
        rect = row.rect
        pygame.draw.rect(surface, (46, 32, 24), rect, border_radius=6)
        icon = "heroes.map.secondary" if row.kind == "hire" else "heroes.ui.spell"
        blit_centered(surface, assets.asset_icon(icon, 26), (rect.left + 22, rect.top + 20))
        name = assets.text(row.name, "bold", theme.SIZE_SMALL, theme.INK)
        surface.blit(name, (rect.left + 42, rect.top + 4))
        x = rect.left + 42 + self._draw_cost(surface, row.cost, rect.left + 42, rect.top + 28)
        if row.short is not None:
            self._draw_why(surface, row, x + 14, rect.top + 28, theme.RED_BRIGHT)
        elif row.why:
            x += 14 if row.cost is not None else 0
            lines = assets.wrap(row.why, "italic", theme.SIZE_TINY, rect.right - 10 - x)
            y = rect.top + 28
            for line in lines[:2]:
                image = assets.text(line, "italic", theme.SIZE_TINY, theme.RED_BRIGHT)
                surface.blit(image, (x, y))
                y += 15
