"""The campaign map, large, over the table: where the party stands, the roads it walked and the
roads on (a closed one says which checkbox opens it), every station with its marks, and the six
shaped checkboxes: ticked or not, and what each changes.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import assets, theme
from scenes.app import App
from scenes.coop_campaign import art, mapart, query
from scenes.coop_campaign.camp import station_tip
from scenes.dialogs import Overlay
from scenes.widgets import Button

BOX = pygame.Rect(24, 24, 1552, 852)
MAP = pygame.Rect(44, 92, 1060, 636)
LEGEND = pygame.Rect(1120, 92, 436, 636)


class CampaignMapScene(Overlay):
    """The campaign map with its checkboxes (Esc or "Back" closes it)."""

    def __init__(self, app: App, table: Any, state: mapart.MapState) -> None:
        super().__init__(app)
        self.table = table
        self.state = state
        self.zones = mapart.zones(MAP, state)
        self.hovered: str | None = None
        self.phase = 0.0

    def layout(self) -> None:
        self.widgets = [Button((BOX.right - 250, BOX.bottom - 70, 226, theme.BUTTON_H - 6),
                               self.app.t("coop.ui.back"), self.back, style="primary",
                               hotkey=pygame.K_RETURN)]

    def back(self) -> None:
        """Closes the map."""
        self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.phase = (self.phase + dt / 1.2) % 1.0
        self.hovered = None
        for rect, key in self.zones:
            if rect.collidepoint(self.app.mouse):
                if key[0] == "station":
                    self.hovered = key[1]
                    tip = station_tip(self.app, key[1], self._view())
                    if self.can_play_again(key[1]):
                        tip.append(self.app.t("coop.ui.again.tip"))
                    self.app.tooltip(key, tip, rect)
                else:
                    self.app.tooltip(key, self._lock_tip(key[1]), rect)
                break

    def can_play_again(self, sid: str) -> bool:
        """Returns True when station ``sid`` is a finished mission of this campaign, which a
        click offers to play again (again.py)."""
        from scenes.coop_campaign.again import can_play_again

        return can_play_again(getattr(self.table, "campaign", None), sid)

    def _view(self) -> dict[str, Any]:
        st = self.state
        return {"route": st.route, "routes": st.routes, "choices": st.choices,
                "station": st.ahead}

    def _lock_tip(self, sid: str) -> list[str]:
        s = query.station(sid)
        b = query.box(s.requires) if s.requires else None
        name = art.name(self.app, b.name) if b is not None else ""
        return [art.name(self.app, s.place), self.app.t("coop.ui.camp.lock", box=name)]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size()), (0, 0))
        t = self.app.t
        surface.blit(theme.panel(BOX.size, "wood"), BOX)
        m = query.campaign_map()
        title = assets.shadowed(t("coop.ui.camp.map"), "title", theme.SIZE_H2, theme.GOLD)
        surface.blit(title, (BOX.left + 24, BOX.top + 12))
        mapart.draw_map(surface, MAP, self.app, self.state, self.hovered, self.phase)
        self._draw_legend(surface, m)
        # the road so far and what lies ahead
        st = self.state
        labels = [query.station(s).label for s in st.route]
        road = t("coop.ui.map.road", road=" → ".join([t("coop.ui.map.town"), *labels]))
        image = assets.text(assets.fit(road, "bold", theme.SIZE_SMALL, MAP.width), "bold",
                            theme.SIZE_SMALL, theme.INK)
        surface.blit(image, (MAP.left, MAP.bottom + 14))
        ahead = self._ahead_line()
        y = MAP.bottom + 42
        for line in list(assets.wrap(ahead, "body", theme.SIZE_SMALL, MAP.width))[:3]:
            image = assets.text(line, "body", theme.SIZE_SMALL, theme.INK_DIM)
            surface.blit(image, (MAP.left, y))
            y += 24
        super(Overlay, self).draw(surface)

    def _ahead_line(self) -> str:
        t = self.app.t
        st = self.state
        parts = []
        if st.over:
            parts.append(t("coop.ui.map.over"))
        elif st.ahead:
            s = query.station(st.ahead)
            parts.append(t("coop.ui.map.playing" if st.playing else "coop.ui.map.ahead",
                           label=s.label, place=art.name(self.app, s.place)))
        elif st.choices:
            parts.append(t("coop.ui.map.fork", choices=", ".join(
                query.station(c).label for c in st.choices)))
        for x in st.routes:  # why each road that needs a box is open or closed
            s = query.station(x["station"])
            b = query.box(x["requires"]) if x["requires"] else None
            if b is None:
                continue
            key = "coop.ui.map.opened" if x["open"] else "coop.ui.map.closed"
            parts.append(t(key, label=s.label, box=art.name(self.app, b.name),
                           set_by=query.station(b.set_by).label))
        if st.retries is not None:
            parts.append(t("coop.ui.map.retries", n=st.retries) if st.retries
                         else t("coop.ui.map.retries_none"))
        return " ".join(parts)

    def _draw_legend(self, surface: pygame.Surface, m: Any) -> None:
        t = self.app.t
        surface.blit(theme.panel(LEGEND.size, "parchment"), LEGEND)
        head = assets.text(t("coop.ui.map.boxes"), "heading", 22, theme.INK_DARK)
        surface.blit(head, (LEGEND.left + 18, LEGEND.top + 12))
        note = assets.text(t("coop.ui.map.boxes_note"), "italic", theme.SIZE_TINY,
                           theme.INK_DARK_DIM, LEGEND.width - 36)
        surface.blit(note, (LEGEND.left + 18, LEGEND.top + 44))
        y = LEGEND.top + 52 + note.get_height()
        room = LEGEND.width - 76
        keys_top = LEGEND.bottom - 96  # the key to the map's marks stays below the boxes
        rows = []
        for title_size, body_size, gap in ((theme.SIZE_SMALL, theme.SIZE_TINY + 1, 12),
                                           (theme.SIZE_TINY + 1, theme.SIZE_TINY, 6)):
            rows = []
            for b in m.boxes:
                ticked = b.id in self.state.boxes
                label = t("coop.ui.map.box_set" if ticked else "coop.ui.map.box_open",
                          name=art.name(self.app, b.name),
                          label=query.station(b.set_by).label)
                head = assets.text(label, "bold", title_size,
                                   theme.INK_DARK if ticked else theme.INK_DARK_DIM, room)
                body = assets.text(art.name(self.app, b.text), "body", body_size,
                                   theme.INK_DARK, room)
                rows.append((b, ticked, head, body, gap))
            if y + sum(h.get_height() + 2 + bd.get_height() + g
                       for _b, _t, h, bd, g in rows) <= keys_top:
                break  # the larger type fits; else the smaller one is used
        for b, ticked, head, body, gap in rows:
            mapart.draw_shape(surface, b.shape, (LEGEND.left + 32, y + 12), 22,
                              mapart.SHAPE_COLOURS[b.shape], ticked)
            surface.blit(head, (LEGEND.left + 58, y))
            y += head.get_height() + 2
            surface.blit(body, (LEGEND.left + 58, y))
            y += body.get_height() + gap
        # what the marks on the map mean
        y = max(y, keys_top)
        pygame.draw.line(surface, (170, 140, 96), (LEGEND.left + 16, y - 6),
                         (LEGEND.right - 16, y - 6), 1)
        keys = (("crowned-skull", (150, 36, 30), "coop.ui.map.key_boss"),
                ("two-coins", (176, 130, 40), "coop.ui.map.key_merchant"),
                ("knight-banner", (150, 36, 30), "coop.ui.map.key_party"))
        for icon_name, colour, key in keys:
            icon = assets.icon(icon_name, 20, colour)
            surface.blit(icon, (LEGEND.left + 22, y))
            image = assets.text(assets.fit(t(key), "body", theme.SIZE_TINY + 1, room),
                                "body", theme.SIZE_TINY + 1, theme.INK_DARK)
            surface.blit(image, (LEGEND.left + 58, y + 1))
            y += 26

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, key in self.zones:
                if key[0] == "station" and rect.collidepoint(event.pos) \
                        and self.can_play_again(key[1]):
                    from scenes.coop_campaign.again import offer

                    offer(self.app, self.table, key[1])
                    return True
        return False

