"""The camp between two missions (the table's view of a campaign mission's first phase,
engine/rules/coop_campaign/camp.py): the campaign map with the party's banner and the roads on,
the story of the coming mission (the prologue before the first), the news of the last mission
(won or lost, the items found, the boxes ticked), the route where the road forks, the merchant's
wares, and every hero's tableau: level, hearts, the river with its upgraded tiles and the items.
Items are passed on or left behind by selecting them; a level-up scroll, once selected, upgrades
the tile of its hero's river that is clicked. "Set out" starts the mission.

``CampBoard`` draws and handles the board while ``CoopTableScene`` is at a camp; it reads only
the view and the content (query.py) and sends the rules' actions.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.core.actions import Action
from scenes import assets, theme
from scenes.coop_campaign import art, mapart, missioninfo, query
from scenes.widgets import Button, ScrollText, TextBlock, blit_centered, button_row

MAP = pygame.Rect(12, 76, 716, 410)
STORY = pygame.Rect(740, 76, 468, 410)
PARTY = pygame.Rect(12, 496, 1196, 344)
ROW_Y = 850
ITEM_H = 24
SHAPE_KEYS = ("coop.ui.shape.circle", "coop.ui.shape.square", "coop.ui.shape.triangle",
              "coop.ui.shape.star", "coop.ui.shape.diamond", "coop.ui.shape.hexagon")
LAND_KEYS = {"forest": "coop.ui.land.forest", "graveyard": "coop.ui.land.graveyard",
             "ashen": "coop.ui.land.ashen"}


def map_state(view: dict[str, Any]) -> mapart.MapState:
    """Returns what the map shows of a camp view."""
    return mapart.MapState(route=list(view["route"]), boxes=list(view["boxes"]),
                           ahead=view["station"], choices=list(view["choices"]),
                           routes=list(view["routes"]), retries=view.get("retries"))


def station_title(app: Any, sid: str) -> str:
    """Returns "Mission 4A: <the tile's name>" (the place's name if the tile is missing)."""
    s = query.station(sid)
    name = art.name(app, query.tile(s.tile).name) if query.has_tile(s.tile) else \
        art.name(app, s.place)
    return str(app.t("coop.ui.camp.mission", label=s.label, name=name))


def station_tip(app: Any, sid: str, view: dict[str, Any] | None = None) -> list[str]:
    """Returns a station's tooltip: mission and place, land, boss and merchant, what it needs
    and which boxes change it, and where the party stands with it."""
    t = app.t
    s = query.station(sid)
    lines = [station_title(app, sid), t("coop.ui.camp.place", place=art.name(app, s.place),
                                        land=t(LAND_KEYS[s.land]))]
    if s.boss:
        lines.append(t("coop.ui.camp.boss"))
    if s.merchant:
        lines.append(t("coop.ui.camp.merchant_after"))
    if s.requires is not None:
        b = query.box(s.requires)
        if b is not None:
            lines.append(t("coop.ui.camp.requires", shape=t(SHAPE_KEYS[_shape_no(b.shape)]),
                           box=art.name(app, b.name)))
    m = query.campaign_map()
    for b in m.boxes:
        if sid in b.affects:
            lines.append(t("coop.ui.camp.changed_by", shape=t(SHAPE_KEYS[_shape_no(b.shape)]),
                           box=art.name(app, b.name), text=art.name(app, b.text)))
    if view is not None:
        routes = {x["station"]: x for x in view.get("routes", [])}
        if sid in view.get("route", []):
            lines.append(t("coop.ui.camp.won"))
        elif sid in routes and not routes[sid]["open"]:
            lines.append(t("coop.ui.camp.locked"))
        else:
            if sid in routes and routes[sid].get("requires"):
                b = query.box(routes[sid]["requires"])
                if b is not None:  # why the road is open
                    lines.append(t("coop.ui.camp.unlocked", box=art.name(app, b.name)))
            if sid in view.get("choices", []):
                lines.append(t("coop.ui.camp.choose_here"))
            elif sid == view.get("station"):
                lines.append(t("coop.ui.camp.next"))
    return lines


def _shape_no(shape: str) -> int:
    return ("circle", "square", "triangle", "star", "diamond", "hexagon").index(shape)


class CampBoard:
    """The camp's board inside the mission table (see the module's text)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.app = table.app
        self.selected: str | None = None  # an item card picked to pass on or read
        self.buttons: list[Button] = []
        self.zones: list[tuple[pygame.Rect, tuple[Any, ...]]] = []
        self.map_zones: list[tuple[pygame.Rect, tuple[str, str]]] = []
        self.hovered: tuple[Any, ...] | None = None
        self.story: ScrollText | None = None
        self._story_key: Any = None

    # --- reading ------------------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        """Returns the camp view."""
        return self.table.view  # type: ignore[no-any-return]

    def find(self, kind: str, **params: Any) -> Action | None:
        """Returns the legal action of that kind and parameters, if any."""
        for a in self.table.legal:
            if a.kind == kind and all(a.get(k) == v for k, v in params.items()):
                return a  # type: ignore[no-any-return]
        return None

    def holder(self, card: str) -> int:
        """Returns the hero who carries a card (-1: nobody)."""
        for i, h in enumerate(self.view["heroes"]):
            if card in h["items"]:
                return i
        return -1

    def first_camp(self) -> bool:
        """Returns True at the camp before the first mission (the prologue's)."""
        v = self.view
        return not v["route"] and v["news"] is None

    # --- the state of the screen --------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuilds the buttons and the prompt after the view changed."""
        if self.selected is not None and self.holder(self.selected) < 0:
            self.selected = None
        self.map_zones = mapart.zones(MAP, map_state(self.view))
        self._build_story()
        self._build_buttons()
        self._prompt()

    def _prompt(self) -> None:
        t = self.app.t
        table = self.table
        if not table.is_my_turn() or table.session.is_over:
            return
        v = self.view
        if v["pending"] == "merchant" and v["market"] is not None:
            h = v["heroes"][v["market"]["hero"]]
            table.prompt_text = t("coop.ui.camp.prompt_merchant",
                                  hero=art.hero_name(self.app, h["hero"]))
        elif not v["station"]:
            table.prompt_text = t("coop.ui.camp.prompt_route")
        elif self.selected is not None and query.has_item(self.selected) and any(
                e.type == "level_up" for e in query.item(self.selected).use):
            h = v["heroes"][self.holder(self.selected)]
            table.prompt_text = t("coop.ui.camp.prompt_scroll",
                                  hero=art.hero_name(self.app, h["hero"]))
        elif self.selected is not None:
            table.prompt_text = t("coop.ui.camp.prompt_item", item=art.item_name(
                self.app, self.selected))
        elif v["over_capacity"]:  # a scroll read first may be what makes room
            table.prompt_text = t("coop.ui.camp.prompt_over_scroll" if self.find("scroll")
                                  else "coop.ui.camp.prompt_over")
        else:
            table.prompt_text = t("coop.ui.camp.prompt")

    def _build_story(self) -> None:
        v = self.view
        key = (v["station"], v["attempt"], self.app.catalog.lang, tuple(v["choices"]),
               str(v["news"]), v.get("retries"))
        if key == self._story_key and self.story is not None:
            return
        self._story_key = key
        blocks = []
        if self.first_camp():
            m = query.campaign_map()
            blocks.append(TextBlock(self.app.t("coop.ui.camp.prologue"), "heading", 19,
                                    theme.INK_DARK, 0))
            blocks.append(TextBlock(art.name(self.app, m.prologue), "serif", 17,
                                    theme.INK_DARK, 4))
        if v["station"]:
            s = query.station(v["station"])
            if query.has_tile(s.tile):
                blocks.append(TextBlock(art.name(self.app, query.tile(s.tile).story), "serif",
                                        17, theme.INK_DARK, 10 if blocks else 0))
                # the goal, the reward, the boxes at stake and in force, the retries left
                for head, lines in missioninfo.mission_sections(
                        self.app, s.tile, s.id, v["boxes"], v.get("retries")):
                    blocks.append(TextBlock(head, "bold", 15, theme.INK_DARK, 8))
                    blocks += [TextBlock(line, "body", 15, theme.INK_DARK, 2) for line in lines]
        else:  # the fork: the story of each road
            for sid in v["choices"]:
                s = query.station(sid)
                if not query.has_tile(s.tile):
                    continue
                blocks.append(TextBlock(station_title(self.app, sid), "bold", 16,
                                        theme.INK_DARK, 8 if blocks else 0))
                blocks.append(TextBlock(art.name(self.app, query.tile(s.tile).story), "serif",
                                        16, theme.INK_DARK, 2))
        top = STORY.top + self._story_top()
        bottom = STORY.bottom - 14
        if not v["station"]:
            bottom = STORY.bottom - 22 - 2 * 92
        self.story = ScrollText(pygame.Rect(STORY.left + 18, top, STORY.width - 30,
                                            max(40, bottom - top)), blocks)

    def _story_top(self) -> int:
        """Returns how far below the story panel's top its text begins (under the heading and
        the news of the last mission)."""
        return self._rule_y() + 8

    def _rule_y(self) -> int:
        """Returns the offset of the line under the heading and the news."""
        news = self.view["news"]
        if news is None:
            return 64
        image = assets.text(self._news_line(news), "bold", theme.SIZE_SMALL, theme.INK,
                            STORY.width - 36)
        return 66 + image.get_height()

    def _build_buttons(self) -> None:
        t = self.app.t
        table = self.table
        left: list[tuple[str, Any, dict[str, Any]]] = []
        right: list[tuple[str, Any, dict[str, Any]]] = []
        v = self.view
        mine = table.is_my_turn() and v["pending"] is None
        card = self.selected
        if mine and card is not None:
            i = self.holder(card)
            for j, h in enumerate(v["heroes"]):
                act = self.find("give", item=card, to=j)
                if j != i and act is not None:
                    left.append((t("coop.ui.camp.give", hero=art.hero_name(self.app, h["hero"])),
                                 self._send(act), {"tooltip": t("coop.ui.camp.give.tip")}))
            act = self.find("discard", item=card)
            if act is not None:
                left.append((t("coop.ui.camp.leave"), self._send(act),
                             {"style": "ghost", "tooltip": t("coop.ui.camp.leave.tip")}))
            left.append((t("coop.ui.back"), self._deselect, {"style": "ghost",
                                                            "icon": "ui.cancel"}))
        right.append((t("coop.ui.camp.map"), self.open_map, {
            "icon": "coop.map.book", "tooltip": t("coop.ui.camp.map.tip")}))
        go = self.find("set_out")
        if mine:
            tip = [t("coop.ui.camp.set_out"), t("coop.ui.camp.set_out.tip")]
            if go is None:
                tip.append(table.game_message(table.rules.explain(
                    table.session.state, table.viewer, Action("set_out")).refused or {
                        "key": "coop.ui.camp.set_out.tip", "params": {}}))
            right.append((t("coop.ui.camp.set_out"), self._send(go) if go else (lambda: None),
                          {"style": "primary", "enabled": go is not None, "tooltip": tip,
                           "icon": "ui.play"}))
        self.buttons = self._row(left, right)

    def _row(self, left: list[tuple[str, Any, dict[str, Any]]],
             right: list[tuple[str, Any, dict[str, Any]]]) -> list[Button]:
        """Lays out the row of buttons under the party (widgets.button_row)."""
        return button_row(PARTY, ROW_Y, left, right)

    def _send(self, action: Action) -> Any:
        def go() -> None:
            self.selected = None
            self.table.send(action)
        return go

    def _deselect(self) -> None:
        self.selected = None
        self.refresh()

    def open_map(self) -> None:
        """Opens the campaign map over the table."""
        from scenes.coop_campaign.campmap import CampaignMapScene

        self.app.push(CampaignMapScene(self.app, self.table, map_state(self.view)))

    def controls(self) -> list[Any]:
        """Returns the clickable things of the board (for the table's tooltip avoidance)."""
        return list(self.buttons)

    # --- geometry -----------------------------------------------------------------------------
    def column(self, i: int) -> pygame.Rect:
        """Returns the rectangle of hero i's column in the party panel."""
        n = max(1, len(self.view["heroes"]))
        w = (PARTY.width - 16 - (n - 1) * 10) // n
        return pygame.Rect(PARTY.left + 8 + i * (w + 10), PARTY.top + 8, w, PARTY.height - 16)

    def tile_size(self) -> tuple[int, int]:
        """Returns the size of a river tile: as large as six fit in a hero's column."""
        col = self.column(0)
        w = max(34, min(64, (col.width - 20 - 25) // 6))
        return w, int(w * 1.36)

    def tile_rect(self, i: int, slot: int) -> pygame.Rect:
        """Returns the rectangle of a tile of hero i's river."""
        col = self.column(i)
        w, h = self.tile_size()
        x0 = col.left + (col.width - 6 * w - 25) // 2
        return pygame.Rect(x0 + slot * (w + 5), col.top + 86, w, h)

    def items_top(self, i: int) -> int:
        """Returns where hero i's items begin (under the label that counts them)."""
        return self.tile_rect(i, 0).bottom + 26

    def item_rect(self, i: int, k: int) -> pygame.Rect:
        """Returns the rectangle of hero i's k-th item (two columns in a wide column)."""
        col = self.column(i)
        cols = 2 if col.width >= 380 else 1
        w = (col.width - 20 - (cols - 1) * 8) // cols
        return pygame.Rect(col.left + 10 + (k % cols) * (w + 8),
                           self.items_top(i) + (k // cols) * (ITEM_H + 3), w, ITEM_H)

    def route_rect(self, k: int) -> pygame.Rect:
        """Returns the card of the k-th route to choose (under the story)."""
        return pygame.Rect(STORY.left + 14, STORY.bottom - 14 - (2 - k) * 92, STORY.width - 28,
                           84)

    def ware_rect(self, k: int, n: int) -> pygame.Rect:
        """Returns the card of the k-th of the merchant's n wares."""
        w = 142
        x0 = STORY.centerx - (n * w + (n - 1) * 10) // 2
        return pygame.Rect(x0 + k * (w + 10), STORY.top + 86, w, 232)

    # --- input --------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> tuple[Any, ...] | None:
        """Returns what lies under a point of the board."""
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return None
        v = self.view
        if v["pending"] == "merchant" and v["market"] is not None:
            wares = v["market"]["wares"]
            for k, card in enumerate(wares):
                if self.ware_rect(k, len(wares)).collidepoint(pos):
                    return ("ware", card)
        elif not v["station"]:
            for k, sid in enumerate(v["choices"][:2]):
                if self.route_rect(k).collidepoint(pos):
                    return ("station", sid)
        for rect, key in self.map_zones:
            if rect.collidepoint(pos):
                return key
        if MAP.collidepoint(pos):
            return ("map",)
        for i, h in enumerate(v["heroes"]):
            for slot in range(len(h["river"])):
                if self.tile_rect(i, slot).collidepoint(pos):
                    return ("slot", i, slot)
            for k, card in enumerate(h["items"]):
                if self.item_rect(i, k).collidepoint(pos):
                    return ("item", card)
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """Handles a click on the board; returns True when used."""
        for button in self.buttons:
            if button.handle(event):
                return True
        # the mission's text scrolls with the wheel (and Page up/down) when it is longer than
        # its panel: the goal, the reward and the boxes follow the story
        if self.story is not None and self.story.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.selected:
            self._deselect()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.selected:
            self._deselect()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = self.hit(event.pos)
            if key is not None:
                self.click(key)
                return True
        return False

    def click(self, key: tuple[Any, ...]) -> None:
        """Turns a click into a choice or an action."""
        kind = key[0]
        if kind == "ware":
            act = self.find("buy", item=key[1])
            if act is not None:
                self._send(act)()
            return
        if kind == "station":
            act = self.find("route", station=key[1])
            if act is not None:
                self._send(act)()
            elif self.table.is_my_turn():
                self.open_map()
            return
        if kind in ("map", "lock"):
            self.open_map()
            return
        if kind == "item":
            card = key[1]
            self.selected = None if self.selected == card else card
            self.refresh()
            return
        if kind == "slot" and self.selected is not None:
            i, slot = key[1], key[2]
            if self.holder(self.selected) != i:
                return
            aid = self.view["heroes"][i]["river"][slot]["tile"]
            act = self.find("scroll", item=self.selected, tile=aid)
            if act is not None:
                self._send(act)()
            else:
                self.app.toast(self.app.t("coop.rule.flipped"), "error")

    def update(self, dt: float) -> None:
        """Hover states and tooltips."""
        for button in self.buttons:
            button.update(dt, self.app)
        if self.story is not None:
            self.story.update(dt, self.app)
        self.hovered = self.hit(self.app.mouse)
        key = self.hovered
        if key is None:
            return
        tip = self.tip(key)
        if tip:
            self.table.hint(key, tip, self._key_rect(key))

    def _key_rect(self, key: tuple[Any, ...]) -> pygame.Rect:
        kind = key[0]
        if kind == "slot":
            return self.tile_rect(key[1], key[2])
        if kind == "item":
            i = self.holder(key[1])
            return self.item_rect(i, self.view["heroes"][i]["items"].index(key[1]))
        if kind == "ware":
            wares = self.view["market"]["wares"]
            return self.ware_rect(wares.index(key[1]), len(wares))
        for rect, k in self.map_zones:
            if k == key:
                return rect
        if kind == "station" and key[1] in self.view["choices"]:
            return self.route_rect(self.view["choices"].index(key[1]))
        return MAP

    def tip(self, key: tuple[Any, ...]) -> list[str]:
        """Returns the tooltip of a part of the board."""
        t = self.app.t
        kind = key[0]
        v = self.view
        if kind == "station":
            return station_tip(self.app, key[1], v)
        if kind == "lock":
            s = query.station(key[1])
            b = query.box(s.requires) if s.requires else None
            name = art.name(self.app, b.name) if b is not None else ""
            return [station_title(self.app, key[1]), t("coop.ui.camp.lock", box=name)]
        if kind == "map":
            return [t("coop.ui.camp.map"), t("coop.ui.camp.map.tip")]
        if kind == "slot":
            entry = v["heroes"][key[1]]["river"][key[2]]
            up = entry["side"] == "upgraded"
            s = query.side(entry["tile"], up)
            lines = [art.tile_name(self.app, entry["tile"], up), art.name(self.app, s.text)]
            if up:
                lines.append(t("coop.ui.camp.upgraded"))
            elif self.selected is not None and self.holder(self.selected) == key[1]:
                other = query.side(entry["tile"], True)
                lines.append(t("coop.ui.camp.flip_to", name=art.name(self.app, other.name),
                               text=art.name(self.app, other.text)))
            return lines
        if kind in ("item", "ware"):
            card = key[1]
            if not query.has_item(card):
                return [art.item_name(self.app, card)]
            d = query.item(card)
            lines = [art.item_name(self.app, card) + " · " + t(f"coop.ui.item.{d.category}"),
                     art.name(self.app, d.text)]
            if kind == "item":
                lines.append(t("coop.ui.camp.item_click"))
            elif self.find("buy", item=card) is not None:
                lines.append(t("coop.ui.camp.ware_click"))
            return lines
        return []

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draws the camp."""
        v = self.view
        hovered = self.hovered[1] if self.hovered and self.hovered[0] == "station" else None
        mapart.draw_map(surface, MAP, self.app, map_state(v), hovered, self.table.phase)
        self._draw_story(surface, v)
        self._draw_party(surface, v)
        for button in self.buttons:
            button.draw(surface)
        if v["pending"] == "merchant" and v["market"] is not None:
            self._draw_merchant(surface, v)

    def _draw_story(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        surface.blit(theme.panel(STORY.size, "parchment"), STORY)
        icon = assets.icon("camping-tent", 30, theme.INK_DARK_DIM)
        surface.blit(icon, (STORY.left + 16, STORY.top + 14))
        if v["station"]:
            title = station_title(self.app, v["station"])
            s = query.station(v["station"])
            marks = [t(LAND_KEYS[s.land])]
            if s.boss:
                marks.append(t("coop.ui.camp.boss"))
            if v["attempt"] > 1:
                marks.append(t("coop.ui.camp.attempt", n=v["attempt"]))
            if v.get("retries") is not None:
                marks.append(t("coop.ui.camp.hard_mark", n=v["retries"]))
            sub = " · ".join(marks)
        else:
            title = t("coop.ui.camp.fork")
            sub = t("coop.ui.camp.fork_sub")
        text, size = assets.shrink_to_fit(title, "heading", 22, STORY.width - 70, 15)
        surface.blit(assets.text(text, "heading", size, theme.INK_DARK),
                     (STORY.left + 54, STORY.top + 12))
        surface.blit(assets.text(assets.fit(sub, "italic", theme.SIZE_SMALL, STORY.width - 70),
                                 "italic", theme.SIZE_SMALL, theme.INK_DARK_DIM),
                     (STORY.left + 54, STORY.top + 40))
        y = STORY.top + 64
        news = v["news"]
        if news is not None:
            line = self._news_line(news)
            image = assets.text(line, "bold", theme.SIZE_SMALL,
                                (60, 96, 40) if news["won"] else (150, 50, 36),
                                STORY.width - 36)
            surface.blit(image, (STORY.left + 18, y))
        rule = STORY.top + self._rule_y()
        pygame.draw.line(surface, (170, 140, 96), (STORY.left + 16, rule),
                         (STORY.right - 16, rule), 1)
        if self.story is not None:
            self.story.draw(surface)
            self._draw_tile(surface, v)
        if not v["station"]:
            for k, sid in enumerate(v["choices"][:2]):
                self._draw_route(surface, k, sid)

    def _draw_tile(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """Draws the coming mission's tile under its story where there is room."""
        story = self.story
        if story is None or not v["station"]:
            return
        tid = query.station(v["station"]).tile
        if not query.has_tile(tid):
            return
        top = story.rect.top + story.height + 14
        room = STORY.bottom - 16 - top
        if room < 120:
            return
        h = min(room, 220)
        w = min(STORY.width - 40, int(h * 1.25))
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (STORY.centerx, top)
        surface.blit(art.map_picture(tid, rect.size), rect)
        start = query.tile(tid).start
        label = self.app.t("coop.ui.camp.start", area=art.area_name(self.app, tid, start))
        image = assets.text(label, "bold", theme.SIZE_TINY, theme.INK)
        pill = image.get_rect(center=art.zone_anchor(rect, start, 0.5)).inflate(12, 4)
        pygame.draw.rect(surface, (24, 17, 13), pill, border_radius=pill.height // 2)
        surface.blit(image, image.get_rect(center=pill.center))

    def _news_line(self, news: dict[str, Any]) -> str:
        t = self.app.t
        label = query.station(news["station"]).label if news["station"] else "?"
        if not news["won"]:
            key = "coop.ui.camp.news_lost_hard" if self.view.get("hard") else \
                "coop.ui.camp.news_lost"
            return str(t(key, label=label))
        found = sum(len(g) for g in news["gained"])
        ticked = [art.name(self.app, query.box(b).name) for b in news["boxes"]
                  if query.box(b) is not None]
        key = "coop.ui.camp.news_won" if found else "coop.ui.camp.news_won_none"
        text = t(key, label=label, items=found)
        if ticked:
            text += " " + t("coop.ui.camp.news_boxes", boxes=", ".join(ticked))
        return str(text)

    def _draw_route(self, surface: pygame.Surface, k: int, sid: str) -> None:
        t = self.app.t
        rect = self.route_rect(k)
        chosen = self.view["station"] == sid
        hovered = self.hovered == ("station", sid)
        pygame.draw.rect(surface, (226, 208, 166) if not hovered else (240, 226, 188), rect,
                         border_radius=8)
        pygame.draw.rect(surface, theme.GOLD if chosen or hovered else (150, 116, 72), rect,
                         width=3 if chosen or hovered else 2, border_radius=8)
        s = query.station(sid)
        medal = pygame.Rect(0, 0, 40, 40)
        medal.midleft = (rect.left + 10, rect.centery)
        pygame.draw.circle(surface, (244, 230, 190), medal.center, 20)
        pygame.draw.circle(surface, (176, 126, 40), medal.center, 20, 3)
        blit_centered(surface, assets.text(s.label, "heading", 18, mapart.INK), medal.center)
        x = medal.right + 12
        room = rect.right - x - 10
        title, size = assets.shrink_to_fit(station_title(self.app, sid), "bold", 18, room, 13)
        surface.blit(assets.text(title, "bold", size, theme.INK_DARK), (x, rect.top + 8))
        extra = [t(LAND_KEYS[s.land])]
        if s.requires and query.box(s.requires) is not None:
            extra.append(t("coop.ui.camp.opened_by", box=art.name(
                self.app, query.box(s.requires).name)))
        line = " · ".join(extra)
        image = assets.text(line, "italic", theme.SIZE_TINY + 1, theme.INK_DARK_DIM, room)
        surface.blit(image, (x, rect.top + 34))
        hint = t("coop.ui.camp.route_click")
        image = assets.text(assets.fit(hint, "bold", theme.SIZE_TINY, room), "bold",
                            theme.SIZE_TINY, (120, 84, 40))
        surface.blit(image, (x, rect.bottom - 22))

    def _draw_party(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        surface.blit(theme.panel(PARTY.size, "wood"), PARTY)
        news = v["news"]
        for i, h in enumerate(v["heroes"]):
            col = self.column(i)
            pygame.draw.rect(surface, (34, 24, 18), col, border_radius=8)
            ring = self.table.seat_colour(h["seat"])
            pygame.draw.rect(surface, theme.mix(ring, theme.WOOD_DEEP, 0.5), col, width=1,
                             border_radius=8)
            surface.blit(art.token(f"coop.hero.{h['hero']}", 46, ring,
                                   art.hero_colour(h["hero"])), (col.left + 6, col.top + 6))
            name, size = assets.shrink_to_fit(art.hero_name(self.app, h["hero"]), "heading",
                                              19, col.width - 66, 13)
            surface.blit(assets.text(name, "heading", size, theme.GOLD),
                         (col.left + 58, col.top + 6))
            sub = t("coop.ui.camp.hero_sub", level=h["level"],
                    player=self.table.seat_name(h["seat"]))
            sub, size = assets.shrink_to_fit(sub, "body", theme.SIZE_SMALL, col.width - 66, 12)
            surface.blit(assets.text(sub, "body", size, theme.INK_DIM),
                         (col.left + 58, col.top + 32))
            # hearts
            y = col.top + 64
            surface.blit(assets.asset_icon("coop.ui.heart", 18), (col.left + 10, y - 2))
            cube = 12 if h["hp_max"] <= 7 else 10
            right = art.cubes(surface, col.left + 34, y, h["hp"], h["hp_max"], (206, 64, 52),
                              size=cube, gap=3)
            num = assets.text(f"{h['hp']}/{h['hp_max']}", "bold", theme.SIZE_SMALL, theme.INK)
            surface.blit(num, (right + 8, y - 3))
            # the river, upgraded tiles in orange
            selected_here = self.selected is not None and self.holder(self.selected) == i
            scroll = selected_here and query.has_item(self.selected or "") and any(
                e.type == "level_up" for e in query.item(self.selected or "").use)
            tw, th = self.tile_size()
            for slot, entry in enumerate(h["river"]):
                rect = self.tile_rect(i, slot)
                up = entry["side"] == "upgraded"
                face = art.tile_face(entry["tile"], up, tw, th, "", False)
                surface.blit(face, rect)
                if scroll and not up:
                    theme.outline(surface, rect, theme.LEGAL, self.table.phase, 2)
                if self.hovered == ("slot", i, slot):
                    pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), width=1,
                                     border_radius=10)
            # the items
            over = len(h["items"]) > h["carry"]
            label = t("coop.ui.items_line", n=len(h["items"]), carry=h["carry"])
            image = assets.text(label, "bold", theme.SIZE_TINY,
                                theme.RED_BRIGHT if over else theme.GOLD_DIM)
            surface.blit(image, (col.left + 10, self.items_top(i) - 19))
            gained = news["gained"][i] if news is not None and i < len(news["gained"]) else []
            for k, card in enumerate(h["items"]):
                self._draw_item(surface, self.item_rect(i, k), card, card in gained)
            # the hero's way of fighting, where the column has room left
            top = self.item_rect(i, max(0, len(h["items"]) - 1)).bottom + 12
            text = assets.text(art.name(self.app, query.hero(h["hero"]).text), "italic",
                               theme.SIZE_SMALL, theme.INK_FAINT, col.width - 24)
            if top + text.get_height() <= col.bottom - 6:
                surface.blit(text, (col.left + 12, col.bottom - 8 - text.get_height()))

    def _draw_item(self, surface: pygame.Surface, rect: pygame.Rect, card: str,
                   new: bool) -> None:
        t = self.app.t
        selected = self.selected == card
        hovered = self.hovered == ("item", card)
        pygame.draw.rect(surface, (58, 42, 30) if not selected else (96, 70, 40), rect,
                         border_radius=6)
        edge = theme.GOLD_BRIGHT if selected else (theme.INK_DIM if hovered else theme.GOLD_DIM)
        pygame.draw.rect(surface, edge, rect, width=2 if selected else 1, border_radius=6)
        icon = assets.asset_icon(f"coop.item.{query.base_id(card)}", ITEM_H - 6)
        surface.blit(icon, (rect.left + 4, rect.top + 3))
        room = rect.width - ITEM_H - 10
        tag = None
        if new:
            tag = assets.text(t("coop.ui.camp.new"), "bold", theme.SIZE_TINY, (30, 22, 14))
            room -= tag.get_width() + 14
        name, size = assets.shrink_to_fit(art.item_name(self.app, card), "body",
                                          theme.SIZE_SMALL, room, 12)
        image = assets.text(name, "body", size, theme.INK)
        surface.blit(image, (rect.left + ITEM_H + 4, rect.centery - image.get_height() // 2))
        if tag is not None:
            pill = tag.get_rect(midright=(rect.right - 8, rect.centery)).inflate(10, 2)
            pygame.draw.rect(surface, theme.GOLD, pill, border_radius=pill.height // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))

    def _draw_merchant(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        market = v["market"]
        box = STORY.inflate(-6, -6)
        pygame.draw.rect(surface, theme.WOOD_DARK, box, border_radius=theme.RADIUS)
        surface.blit(theme.panel(box.size, "wood"), box)
        icon = assets.icon("two-coins", 34, theme.GOLD)
        surface.blit(icon, (box.left + 16, box.top + 12))
        surface.blit(assets.text(t("coop.ui.camp.merchant"), "heading", 22, theme.GOLD),
                     (box.left + 60, box.top + 12))
        h = v["heroes"][market["hero"]]
        line = t("coop.ui.camp.merchant_for", hero=art.hero_name(self.app, h["hero"]))
        line, size = assets.shrink_to_fit(line, "bold", theme.SIZE_SMALL, box.width - 80, 12)
        surface.blit(assets.text(line, "bold", size, theme.INK), (box.left + 60, box.top + 42))
        note = assets.text(t("coop.ui.camp.merchant_note"), "italic", theme.SIZE_TINY,
                           theme.INK_DIM, box.width - 40, "center")
        surface.blit(note, note.get_rect(midtop=(box.centerx, STORY.top + 86 + 232 + 12)))
        wares = market["wares"]
        for k, card in enumerate(wares):
            rect = self.ware_rect(k, len(wares))
            hovered = self.hovered == ("ware", card)
            surface.blit(theme.panel(rect.size, "parchment"), rect)
            if hovered:
                theme.outline(surface, rect, theme.GOLD_BRIGHT, self.table.phase, 2)
            d = query.item(card)
            art_icon = assets.asset_icon(f"coop.item.{query.base_id(card)}", 56,
                                         theme.INK_DARK)
            surface.blit(art_icon, art_icon.get_rect(midtop=(rect.centerx, rect.top + 12)))
            name = art.item_name(self.app, card)
            size = assets.size_for_words(name, "bold", 16, rect.width - 16, 11)
            y = rect.top + 76
            for text in assets.wrap(name, "bold", size, rect.width - 16):
                image = assets.text(text, "bold", size, theme.INK_DARK)
                surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
                y += image.get_height()
            kind = assets.text(t(f"coop.ui.item.{d.category}"), "italic", theme.SIZE_TINY,
                               theme.INK_DARK_DIM)
            surface.blit(kind, kind.get_rect(midtop=(rect.centerx, y + 2)))
            y += kind.get_height() + 6
            body = art.name(self.app, d.text)
            size = assets.size_for_words(body, "body", theme.SIZE_TINY, rect.width - 16, 10)
            image = assets.text(body, "body", size, theme.INK_DARK, rect.width - 16, "center")
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
