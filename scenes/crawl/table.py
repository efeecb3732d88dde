"""The crawl's dungeon table: a pannable, zoomable stone grid with figures, chests, markers and
doors, a side panel with the selected figure's dial, and an action bar.

Clicks on the board turn into the rules' actions (see ``square_actions``); when one click could
mean several actions (a chest's facing, disarm fast or slow) a small menu asks. Every cost and
chance the player sees comes from the rules' previews (``rules.explain``, kept per view in
``preview``); the board reads nothing but the view and those previews.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pygame

from engine.core.actions import Action, Event
from engine.core.protocol import Preview
from scenes import assets, theme
from scenes.anim import Animation, DiceTumble, DieSpec, linear
from scenes.board.camera import Camera, CameraInput, SquareLayout
from scenes.board.chooser import Popup
from scenes.board.index import ActionIndex
from scenes.crawl import art, query
from scenes.generic import action_label
from scenes.table import LOG_W, PROMPT_H, SEAT_PARAMS, TableScene, format_breakdown
from scenes.widgets import Button, blit_centered

PLAYER_ROW = 30  # a player's line of the status panel
COMPASS_W = 120  # the facing compass beside the active figure's dial
DIAL_ROWS = 5  # rows of the combat dial shown around the current click
READOUT_TS = 24  # below this tile size the board shows no dial values (zoom in to see them)
BAR_H = 64
DRAG_SLOP = 6
FACINGS = 8
STATS = ("move", "attack", "defence", "damage")
# Actions the board answers with clicks; every other legal kind gets a button in the bar.
BOARD_KINDS = frozenset({"move", "pass_through", "attack", "shoot", "heal", "examine", "disarm",
                         "loot", "open_door", "close_door", "bash_door", "activate",
                         "activate_marker", "place_spawn", "place_chest", "place_marker",
                         "choose_entrance", "choose_exit", "face", "pick_hero",
                         "choose_exit_square", "place_terrain", "place_door", "teleport",
                         "place_section"})
SECTION_KINDS = {"chamber": "crawl.ui.section.chamber", "corridor": "crawl.ui.section.corridor"}
DOOR_TIPS = {"wood": "crawl.ui.section.door.wood", "iron": "crawl.ui.section.door.iron"}
SECTION_CELL = 5  # builder sections sit in cells of 5×5 squares (engine/rules/crawl/builder.py)
BAR_ORDER = ("done_picking", "break_away", "shockwave", "vortex", "leave", "descend", "withdraw",
             "drink", "end_activation", "end_turn")
BAR_ICONS = {"break_away": "crawl.break", "shockwave": "crawl.wave", "leave": "crawl.leave",
             "drink": "crawl.potion", "end_activation": "crawl.end", "end_turn": "ui.play",
             "done_picking": "ui.play", "vortex": "ui.play", "descend": "crawl.leave",
             "withdraw": "crawl.leave"}
VORTEX_KEYS = {1: "crawl.ui.do.vortex.1", 2: "crawl.ui.do.vortex.2", 3: "crawl.ui.do.vortex.3"}
DO_KEYS = {"choose_entrance": "crawl.ui.do.choose_entrance",
           "choose_exit": "crawl.ui.do.choose_exit", "move": "crawl.ui.do.move",
           "pass_through": "crawl.ui.do.pass_through", "attack": "crawl.ui.do.attack",
           "heal": "crawl.ui.do.heal", "examine": "crawl.ui.do.examine",
           "disarm": "crawl.ui.do.disarm", "disarm.slow": "crawl.ui.do.disarm.slow",
           "loot": "crawl.ui.do.loot", "open_door": "crawl.ui.do.open_door",
           "close_door": "crawl.ui.do.close_door", "bash_door": "crawl.ui.do.bash_door",
           "end_activation": "crawl.ui.do.end_activation", "end_turn": "crawl.ui.do.end_turn",
           "shockwave": "crawl.ui.do.shockwave", "leave": "crawl.ui.do.leave",
           "done_picking": "crawl.ui.do.done_picking",
           "choose_exit_square": "crawl.ui.do.choose_exit_square",
           "descend": "crawl.ui.do.descend", "withdraw": "crawl.ui.do.withdraw",
           "teleport": "crawl.ui.do.teleport"}
DO_TIPS = {"end_activation": "crawl.ui.do.end_activation.tip",
           "descend": "crawl.ui.do.descend.tip", "withdraw": "crawl.ui.do.withdraw.tip",
           "end_turn": "crawl.ui.do.end_turn.tip", "shockwave": "crawl.ui.do.shockwave.tip",
           "leave": "crawl.ui.do.leave.tip", "done_picking": "crawl.ui.do.done_picking.tip"}
TERRAIN_TIPS = {"open": "crawl.ui.terrain.open.tip",
                "difficult": "crawl.ui.terrain.difficult.tip",
                "water": "crawl.ui.terrain.water.tip", "chasm": "crawl.ui.terrain.chasm.tip",
                "blocking": "crawl.ui.terrain.blocking.tip", "dark": "crawl.ui.terrain.dark.tip",
                "stairs": "crawl.ui.terrain.stairs.tip", "vortex": "crawl.ui.terrain.vortex.tip",
                "teleport": "crawl.ui.terrain.teleport.tip"}
TERRAIN_KEYS = {"open": "crawl.ui.terrain.open", "difficult": "crawl.ui.terrain.difficult",
                "water": "crawl.ui.terrain.water", "chasm": "crawl.ui.terrain.chasm",
                "blocking": "crawl.ui.terrain.blocking", "dark": "crawl.ui.terrain.dark",
                "stairs": "crawl.ui.terrain.stairs", "vortex": "crawl.ui.terrain.vortex",
                "teleport": "crawl.ui.terrain.teleport", "void": "crawl.ui.terrain.void"}
STAT_KEYS = {"move": "crawl.ui.stat.move", "attack": "crawl.ui.stat.attack",
             "defence": "crawl.ui.stat.defence", "damage": "crawl.ui.stat.damage"}
STAT_TIPS = {"move": "crawl.ui.stat.move.tip", "attack": "crawl.ui.stat.attack.tip",
             "defence": "crawl.ui.stat.defence.tip", "damage": "crawl.ui.stat.damage.tip"}
ARC_KEYS = {3: "crawl.ui.arc.standard", 5: "crawl.ui.arc.extended", 7: "crawl.ui.arc.superior"}
FACING_KEYS = ("crawl.ui.facing.n", "crawl.ui.facing.ne", "crawl.ui.facing.e",
               "crawl.ui.facing.se", "crawl.ui.facing.s", "crawl.ui.facing.sw",
               "crawl.ui.facing.w", "crawl.ui.facing.nw")
RANK_KEYS = {"weak": "crawl.ui.rank.weak", "standard": "crawl.ui.rank.standard",
             "strong": "crawl.ui.rank.strong"}
DOOR_KEYS = {"wood": "crawl.ui.door.wood", "iron": "crawl.ui.door.iron"}
DOOR_STATE_KEYS = {"closed": "crawl.ui.door.closed", "open": "crawl.ui.door.open",
                   "broken": "crawl.ui.door.broken"}
CHEST_STATE_KEYS = {"closed": "crawl.ui.chest.closed", "disarmed": "crawl.ui.chest.disarmed",
                    "sprung": "crawl.ui.chest.sprung", "held": "crawl.ui.chest.held",
                    "gone": "crawl.ui.chest.gone"}
# The set-up step (or decision) → its title and explanation in the column.
STEP_KEYS = {
    "pick.lone": ("crawl.ui.step.pick.lone", "crawl.ui.step.pick.lone.text"),
    "pick.team": ("crawl.ui.step.pick.team", "crawl.ui.step.pick.team.text"),
    "pick.hire": ("crawl.ui.step.pick.hire", "crawl.ui.step.pick.hire.text"),
    "build.choose": ("crawl.ui.step.build.choose", "crawl.ui.step.build.choose.text"),
    "build.place": ("crawl.ui.step.build.place", "crawl.ui.step.build.place.text"),
    "pieces": ("crawl.ui.step.pieces", "crawl.ui.step.pieces.text"),
    "chests": ("crawl.ui.step.chests", "crawl.ui.step.chests.text"),
    "markers": ("crawl.ui.step.markers", "crawl.ui.step.markers.text"),
    "entrance": ("crawl.ui.step.entrance", "crawl.ui.step.entrance.text"),
    "entrance.solo": ("crawl.ui.step.entrance.solo", "crawl.ui.step.entrance.solo.text"),
    "exit": ("crawl.ui.step.exit", "crawl.ui.step.exit.text"),
    "exit_square": ("crawl.ui.step.exit_square", "crawl.ui.step.exit_square.text"),
    "place_spawn": ("crawl.ui.step.place_spawn", "crawl.ui.step.place_spawn.text"),
}
TEAM_BUDGET = 100  # seed 004, "Teams": heroes worth up to 100 points per player
Square = tuple[int, int]
Choice = tuple[str, list[Action]]


def whole_text(text: str, role: str, size: int, width: int, colour: theme.Colour,
               smallest: int = theme.SIZE_TINY - 2) -> pygame.Surface:
    """Returns text rendered whole within width: on one line at the largest size from size down
    to smallest that fits, else wrapped at the smallest (never cut short)."""
    for candidate in range(size, smallest - 1, -1):
        if assets.size_of(text, role, candidate)[0] <= width:
            return assets.text(text, role, candidate, colour)
    return assets.text(text, role, smallest, colour, width)


class WholeButton(Button):
    """A button whose label is never cut: it shrinks, then wraps, to fit the button."""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(theme.button(self.rect.size, self.style, self.state()), self.rect)
        ink = theme.INK if self.enabled else theme.INK_FAINT
        if self.hovered and self.enabled:
            ink = theme.GOLD_BRIGHT if self.style != "primary" else (255, 244, 220)
        icon_w = 0
        if self.icon:
            isz = min(self.rect.height - 18, 30)
            image = assets.asset_icon(self.icon, isz, ink)
            icon_w = isz + 10
        text = whole_text(self.label, self.role, self.size, self.rect.width - 24 - icon_w, ink)
        x = self.rect.centerx - (text.get_width() + icon_w) // 2 + icon_w
        y = self.rect.centery - text.get_height() // 2 + (2 if self.state() == "down" else 0)
        if self.icon:
            surface.blit(image, (x - icon_w, self.rect.centery - image.get_height() // 2))
        surface.blit(text, (x, y))


def place_readouts(ts: int, figures: list[tuple[int, tuple[int, int], int, tuple[int, int]]],
                   others: list[pygame.Rect] | None = None) -> dict[int, pygame.Rect]:
    """Returns where each figure's dial values go: (uid, centre, facing, strip size) in order of
    importance → the strip's rectangle, under the base like a plinth, else above it, else
    shifted sideways, else beside the base, wherever it covers no other base, no facing notch
    (its own neither), no strip placed before and none of ``others`` (chests, markers). A
    figure whose values find no such place gets none (its tooltip and the column show them)."""
    r = art.token_radius(ts)
    bases = [(uid, c) for uid, c, _f, _s in figures]
    blocked = [*(others or []), *(art.notch_rect(c, ts, facing) for _u, c, facing, _s in figures)]
    placed: dict[int, pygame.Rect] = {}

    def covers_base(rect: pygame.Rect, centre: tuple[int, int]) -> bool:
        # The nearest point of the strip to the base's centre lies inside the base (less a
        # pixel of its rim).
        nx = min(max(centre[0], rect.left), rect.right)
        ny = min(max(centre[1], rect.top), rect.bottom)
        return (nx - centre[0]) ** 2 + (ny - centre[1]) ** 2 < (r - 1.5) ** 2

    for uid, (cx, cy), _facing, (w, h) in figures:
        overlap = 1  # the strip touches its base (deeper, it would touch a neighbour's)
        # Sideways: just clear of a neighbour's centred strip, or hanging off the base's side.
        shift, hang = max(2, (w - ts) // 2 + 2), max(2, w // 2 - 4)
        rects = blocked + list(placed.values())
        # Beside the base: level with its centre, or lower or higher (clear of a notch).
        lift = h // 2 + 2
        for side, d in (("below", 0), ("above", 0), ("below", -shift), ("below", shift),
                        ("above", -shift), ("above", shift), ("below", -hang),
                        ("below", hang), ("above", -hang), ("above", hang), ("right", 0),
                        ("left", 0), ("right", lift), ("left", lift), ("right", -lift),
                        ("left", -lift)):
            rect = pygame.Rect(0, 0, w, h)
            # Rounded away from the base, so the strip never reaches into a neighbour's.
            if side == "below":
                rect.midtop = (cx + d, math.ceil(cy + r - overlap))
            elif side == "above":
                rect.midbottom = (cx + d, math.floor(cy - r + overlap))
            elif side == "right":
                rect.midleft = (math.ceil(cx + r - overlap), cy + d)
            else:
                rect.midright = (math.floor(cx - r + overlap), cy + d)
            if rect.collidelist(rects) < 0 and not any(
                    covers_base(rect, c) for other, c in bases if other != uid):
                placed[uid] = rect
                break
    return placed


class PathWalk(Animation):
    """A figure or marker walking along its path, square by square."""

    def __init__(self, key: tuple[str, int], path: list[Square], **kwargs: Any) -> None:
        kwargs.setdefault("ease", linear)
        super().__init__(0.12 * max(1, len(path) - 1), **kwargs)
        self.key, self.path = key, path

    def where(self) -> tuple[float, float]:
        """Returns the walker's current square position (fractional)."""
        if len(self.path) < 2:
            return (float(self.path[-1][0]), float(self.path[-1][1]))
        f = self.t * (len(self.path) - 1)
        i = min(len(self.path) - 2, int(f))
        k = f - i
        (ax, ay), (bx, by) = self.path[i], self.path[i + 1]
        return (ax + (bx - ax) * k, ay + (by - ay) * k)


class DialTurn(Animation):
    """The dial of a hit figure turning: old values slide away, the new ones slide in."""

    def __init__(self, scene: CrawlTableScene, uid: int, old: tuple[int, ...],
                 new: tuple[int, ...], delta: int, **kwargs: Any) -> None:
        super().__init__(0.9, **kwargs)
        self.scene, self.uid, self.old, self.new, self.delta = scene, uid, old, new, delta

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        centre = self.scene.figure_centre(self.uid)
        if centre is None:
            return
        ts = self.scene.ts
        clip = surface.get_clip()
        surface.set_clip(self.scene.view_rect)
        t = self.t
        x, y = centre
        ring = int(ts * 0.62)
        spin = t * math.tau * (1 if self.delta > 0 else -1)
        for i in range(12):
            a = spin + i * math.tau / 12
            colour = theme.RED_BRIGHT if self.delta > 0 else theme.GREEN_BRIGHT
            pygame.draw.circle(surface, colour, (int(x + math.cos(a) * ring),
                                                 int(y + math.sin(a) * ring)), max(2, ts // 16))
        if len(self.old) == 4 and len(self.new) == 4:
            old_img = art.readout((self.old[0], self.old[1], self.old[2], self.old[3]), ts)
            new_img = art.readout((self.new[0], self.new[1], self.new[2], self.new[3]), ts)
            base = y + ts * 0.45
            surface.blit(old_img, old_img.get_rect(midtop=(int(x), int(base - t * ts * 0.5))))
            surface.blit(new_img, new_img.get_rect(midtop=(int(x), int(base + (1 - t) * ts * 0.5))))
        sign = "−" if self.delta > 0 else "+"
        label = assets.shadowed(f"{sign}{abs(self.delta)}", "heading", theme.SIZE_H2,
                                theme.RED_BRIGHT if self.delta > 0 else theme.GREEN_BRIGHT)
        surface.blit(label, label.get_rect(center=(int(x), int(y - ts * 0.6 - t * ts * 0.6))))
        surface.set_clip(clip)


class SectionButton(Button):
    """A builder section to choose: its drawn map on the left, its name and a line of kind
    and exits beside it."""

    def __init__(self, rect: tuple[int, int, int, int], label: str,
                 on_click: Callable[[], None], sid: str, info: query.BoardInfo,
                 exits: frozenset[str], doors: dict[str, str], kind: str,
                 tooltip: list[str], rot: int = 0) -> None:
        super().__init__(rect, label, on_click, size=theme.SIZE_SMALL, tooltip=tooltip)
        self.sid, self.info, self.exits, self.doors, self.kind = sid, info, exits, doors, kind
        self.rot = rot

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(theme.button(self.rect.size, self.style, self.state()), self.rect)
        ts = max(6, (self.rect.height - 22) // 6)
        pic = art.section_preview(self.sid, self.info, self.exits, self.doors, ts,
                                  SECTION_CELL, self.rot)
        surface.blit(pic, pic.get_rect(midleft=(self.rect.left + 6, self.rect.centery)))
        ink = theme.GOLD_BRIGHT if self.hovered else theme.INK
        left = self.rect.left + pic.get_width() + 14
        avail = self.rect.right - left - 8
        top = whole_text(self.label, "bold", theme.SIZE_SMALL, avail, ink)
        sub = whole_text(self.kind, "body", theme.SIZE_TINY, avail, theme.INK_FAINT)
        y = self.rect.centery - (top.get_height() + sub.get_height()) // 2
        surface.blit(top, (left, y))
        surface.blit(sub, (left, y + top.get_height()))


class CrawlTableScene(TableScene):
    """The dungeon grid of seed 004 with pan/zoom, arcs, reach, line of fire and hit chances."""

    CURTAIN_BODY = "crawl.ui.curtain.body"

    def __init__(self, app: Any, session: Any, **kwargs: Any) -> None:
        self.camera = Camera(SquareLayout(1, 1), art.ZOOMS, art.DEFAULT_ZOOM)
        self.cam_input = CameraInput(self.camera, DRAG_SLOP)
        self.centred = False
        self.selected: tuple[str, int] | None = None
        self.auto_selected = False
        self.hover_sq: Square | None = None
        self.shoot_pick: list[int] = []
        self.popup: Popup | None = None
        self.keys_held: set[int] = set()
        self.walks: dict[tuple[str, int], PathWalk] = {}
        self.figs: dict[int, dict[str, Any]] = {}
        self.old_figs: dict[int, dict[str, Any]] = {}
        self.at: dict[Square, tuple[str, int]] = {}
        self.legal: list[Action] = []
        self.index = ActionIndex([])
        self._where: dict[tuple[str, int], list[Square]] = {}
        self.reach: dict[Square, dict[str, Any]] = {}
        self.break_info: dict[str, Any] = {}
        self.reach_of: tuple[str, int] | None = None
        self.bar: list[Button] = []
        self.bar_actions: list[list[Action]] = []
        self.roster: list[tuple[pygame.Rect, str, list[Action]]] = []
        # the campaign's stash step: one card per team chest, with its stash/unstash action
        self.stash_cards: list[tuple[pygame.Rect, dict[str, Any], Action | None]] = []
        self.compass: list[tuple[pygame.Rect, int, Action | None]] = []
        self.panel_tips: list[tuple[pygame.Rect, list[str]]] = []
        self.board: query.BoardInfo | None = None
        self.previews: dict[Action, Preview] = {}  # the rules' previews of this view
        self.bar_rect = pygame.Rect(0, 0, 10, 10)
        self.status_rect = pygame.Rect(0, 0, 10, 10)
        self.card_rect: pygame.Rect | None = None
        self.card_kind: str | None = None
        self.card_uid = -1
        self.column = pygame.Rect(0, 0, 10, 10)
        super().__init__(app, session, **kwargs)

    # --- geometry (the shared board camera, scenes/board/camera.py) -----------------------
    @property
    def ts(self) -> int:
        """Returns the tile size of the current zoom level."""
        return self.camera.ts

    @property
    def zoom(self) -> int:
        """Returns the camera's zoom level."""
        return self.camera.zoom

    @property
    def cam(self) -> list[float]:
        """Returns the camera's pan offset in pixels."""
        return self.camera.offset

    @property
    def view_rect(self) -> pygame.Rect:
        """Returns the board's viewport on the screen."""
        return self.camera.view

    def _layout_rects(self) -> None:
        b = self.board_rect
        # The map takes the whole width of the board area: the figure's dial, the scores and
        # the set-up explanations share the right-hand column with the log.
        self.camera.view = pygame.Rect(b.left + 10, b.top + 8, b.width - 20, b.height - BAR_H - 26)
        self.bar_rect = pygame.Rect(self.view_rect.left, self.view_rect.bottom + 10,
                                    self.view_rect.width, BAR_H)
        self.column = pygame.Rect(1600 - LOG_W - 12, PROMPT_H + 20, LOG_W, 900 - PROMPT_H - 40)

    def square_rect(self, sq: Square) -> pygame.Rect:
        """Returns the screen rectangle of a square."""
        return self.camera.square_rect(sq)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """Returns the square under a screen point (None outside the map or viewport)."""
        return None if self.board is None else self.camera.cell_at(pos)

    def figure_centre(self, uid: int) -> tuple[float, float] | None:
        """Returns where a figure is drawn now (following its walk while it moves)."""
        walk = self.walks.get(("f", uid))
        fig = self.figs.get(uid)
        if walk is not None and not walk.done:
            return self.camera.cell_centre(walk.where())
        if fig is not None and fig.get("pos") is not None:
            return self.camera.cell_centre(fig["pos"])
        return None

    def centre_on(self, sq: tuple[float, float]) -> None:
        """Pans so that a square sits in the middle of the viewport."""
        self.camera.centre_on(sq)

    def fit(self) -> None:
        """Picks the zoom that fits the whole dungeon to the map area (its tile size joins the
        zoom steps), and centres it."""
        if self.board is None:
            return
        vr = self.view_rect
        fit_ts = max(art.ZOOMS[0], min(vr.width // self.board.width,
                                       vr.height // self.board.height))
        self.camera.zooms = tuple(sorted({*art.ZOOMS, fit_ts}))
        self.camera.fit()

    def set_zoom(self, index: int, anchor: tuple[int, int] | None = None) -> None:
        """Zooms to a level, keeping the point under ``anchor`` (or the centre) in place."""
        self.camera.set_zoom(index, anchor)

    # --- reading the view ---------------------------------------------------------------
    def layout(self) -> None:
        self._layout_rects()
        super().layout()

    def on_view_changed(self) -> None:
        self._layout_rects()
        self.previews = {}
        v = self.view
        if not v:
            return
        self.board = query.board(v["board"], v["map"], v.get("layout"))
        layout = self.camera.layout
        if (layout.width, layout.height) != (self.board.width, self.board.height):
            self.camera.layout = SquareLayout(self.board.width, self.board.height)
        if not self.centred:
            self.centred = True
            self.fit()
        self.old_figs = self.figs
        self.figs = {f["uid"]: f for f in v["figures"]}
        self.at = {}
        for c in v["chests"]:
            if c["pos"] is not None and c["status"] in ("closed", "disarmed", "sprung"):
                self.at[(c["pos"][0], c["pos"][1])] = ("c", c["uid"])
        for m in v["markers"]:
            self.at[(m["pos"][0], m["pos"][1])] = ("m", m["uid"])
        for f in v["figures"]:
            if f["where"] == "board" and f["pos"] is not None:
                self.at[(f["pos"][0], f["pos"][1])] = ("f", f["uid"])
        self.legal = self.legal_actions()
        self._where = {}
        for sq, what in self.at.items():
            self._where.setdefault(what, []).append(sq)
        self.index = ActionIndex(self.legal, self._targets)
        if v["active"] >= 0:
            self.selected = ("f", v["active"])
            self.auto_selected = True
        elif v["active_marker"] >= 0:
            self.selected = ("m", v["active_marker"])
            self.auto_selected = True
        elif self.auto_selected or (self.selected is not None and self.selected[0] == "f"
                                    and self.selected[1] not in self.figs):
            # An activation ended (often a bot's): its figure or marker is no longer the
            # player's choice, so it neither stays framed nor offers its reach.
            self.selected = None
            self.auto_selected = False
        self.shoot_pick = [u for u in self.shoot_pick if self._shoot_ok([u])]
        self.popup = None
        self._compute_reach()
        self._build_bar()
        self._build_roster()
        self._build_stash()
        self._update_column()
        if self._kind("choose_section") and self.is_my_turn():
            # The board is still empty while sections are taken: show the open pile at once.
            self.open_section_pick()

    def _compute_reach(self) -> None:
        """Fills self.reach for the active figure, or a preview for a selected one."""
        self.reach, self.break_info, self.reach_of = {}, {}, None
        v = self.view
        sel = self.selected
        if v.get("active", -1) >= 0 and "reach" in v:
            squares, self.break_info = v["reach"]["squares"], v["reach"]["break_away"]
            self.reach_of = ("f", v["active"])
        elif v.get("active_marker", -1) >= 0:
            squares = v.get("marker_reach", [])
            self.reach_of = ("m", v["active_marker"])
        elif sel is not None and sel[0] == "f" and (act := self._can("activate", figure=sel[1])):
            r = (self.preview(act).detail or {}).get("reach", {"squares": [], "break_away": {}})
            squares, self.break_info = r["squares"], r["break_away"]
            self.reach_of = sel
        elif sel is not None and sel[0] == "m" and (
                act := self._can("activate_marker", marker=sel[1])):
            squares = (self.preview(act).detail or {}).get("reach", [])
            self.reach_of = sel
        else:
            return
        self.reach = {(s["at"][0], s["at"][1]): s for s in squares}

    def preview(self, action: Action) -> Preview:
        """Returns the rules' preview of an action (legal or a candidate), once per view."""
        hit = self.previews.get(action)
        if hit is None:
            seat = None if self.curtain_for is not None else self.viewer
            hit = self.previews[action] = self.rules.explain(self.session.state, seat, action)
        return hit

    def _strike(self, target: int, mode: str) -> Action:
        """Returns the action that strikes a figure: a melee attack or a shot at it alone."""
        return Action.make("attack", target=target) if mode == "melee" else \
            Action.make("shoot", targets=[target])

    def _can(self, kind: str, **params: Any) -> Action | None:
        return self.index.find(kind, **params)

    def _kind(self, kind: str) -> list[Action]:
        return self.index.of_kind(kind)

    def _targets(self, a: Action) -> list[Square]:
        """Returns the squares a click on which can mean action ``a`` (the action index)."""
        k = a.kind
        if k in ("place_spawn", "place_chest", "place_marker", "place_terrain",
                 "choose_exit_square"):
            return [(a["at"][0], a["at"][1])]
        if k in ("move", "pass_through", "teleport"):
            to = a.get("at", a.get("to"))
            return [(to[0], to[1])]
        if k in ("choose_entrance", "choose_exit"):
            return [self.entrance_square(a["entrance"])]
        if k == "place_section":
            cx, cy = a["cell"]
            return [(cx * SECTION_CELL + x, cy * SECTION_CELL + y)
                    for y in range(SECTION_CELL) for x in range(SECTION_CELL)]
        if k == "place_door":
            return self._edge_squares(a["edge"])
        if k in ("open_door", "close_door", "bash_door"):
            assert self.board is not None
            return self._edge_squares(self.board.doors[a["door"]][0])
        where = self._where
        if k in ("attack", "heal"):
            return where.get(("f", a["target"]), [])
        if k == "shoot" and len(a["targets"]) == 1:
            return where.get(("f", a["targets"][0]), [])
        if k in ("examine", "disarm", "loot"):
            return where.get(("c", a["chest"]), [])
        return []

    def _shoot_ok(self, uids: list[int]) -> Action | None:
        want = sorted(uids)
        for a in self._kind("shoot"):
            if sorted(a["targets"]) == want:
                return a
        return None

    # --- names --------------------------------------------------------------------------
    def fig_name(self, uid: int) -> str:
        """Returns a figure's name in the current language."""
        f = self.figs.get(uid)
        if f is None:
            return "?"
        return self.app.catalog.text(query.figure_def(f["id"], f["hero"]).name)

    def game_text(self, key: str, params: dict[str, Any] | None = None) -> str:
        """Returns a game message as text; seat -1 (the solitaire dungeon placing its pieces)
        reads as "the dungeon", not as a number."""
        if params and any(k in SEAT_PARAMS and v == -1 and not isinstance(v, bool)
                          for k, v in params.items()):
            params = {k: self.app.t("crawl.ui.dungeon_seat") if k in SEAT_PARAMS and v == -1
                      and not isinstance(v, bool) else v for k, v in params.items()}
        return super().game_text(key, params)

    def entrance_square(self, index: int) -> Square:
        """Returns the square of an entrance."""
        assert self.board is not None
        return self.board.entrances[index][1]

    # --- clicks → actions ---------------------------------------------------------------
    def square_actions(self, sq: Square) -> list[Choice]:
        """Returns what a click on a square can mean now: (label, actions to send in order)."""
        t = self.app.t
        out: list[Choice] = []
        xy = [sq[0], sq[1]]
        here = self.at.get(sq)
        for a in self.index.at(sq):
            k = a.kind
            if k == "place_spawn" and list(a["at"]) == xy:
                out.append((t("crawl.ui.do.place_spawn"), [a]))
            elif k == "place_chest" and list(a["at"]) == xy:
                out.append((t("crawl.ui.do.place_chest", facing=t(FACING_KEYS[a["facing"]])),
                            [a]))
            elif k == "place_marker" and list(a["at"]) == xy:
                out.append((t("crawl.ui.do.place_marker", rank=t(RANK_KEYS[a["rank"]])), [a]))
            elif k in ("choose_entrance", "choose_exit") and \
                    self.entrance_square(a["entrance"]) == sq:
                out.append((t(DO_KEYS[k]), [a]))
            elif k in ("choose_exit_square", "teleport") and list(a.get("at", a.get("to"))) == xy:
                out.append((t(DO_KEYS[k]), [a]))
            elif k == "place_terrain" and list(a["at"]) == xy:
                piece = query.content().get("piece", a["piece"])
                out.append((t("crawl.ui.do.place_terrain", piece=self.app.catalog.text(
                    piece.name), terrain=t(TERRAIN_KEYS[a["side"]])), [a]))
            elif k == "place_section" and (sq[0] // SECTION_CELL,
                                           sq[1] // SECTION_CELL) == tuple(a["cell"]):
                section = query.content().get("board", a["section"])
                out.append((t("crawl.ui.do.place_section", section=self.app.catalog.text(
                    section.name), turn=90 * int(a["rot"])), [a]))
            elif k == "place_door" and self._edge_touches(a["edge"], sq):
                piece = query.content().get("piece", a["piece"])
                out.append((t("crawl.ui.do.place_door",
                              piece=self.app.catalog.text(piece.name)), [a]))
            elif k in ("move", "pass_through") and list(a["to"]) == xy:
                out.append((t(DO_KEYS[k], mp=self._cost_text(sq)), [a]))
            elif here is not None and here[0] == "f" and k in ("attack", "heal") \
                    and a["target"] == here[1]:
                out.append((t(DO_KEYS[k], name=self.fig_name(here[1]),
                              chance=self._pct_text(a, here[1])), [a]))
            elif here is not None and here[0] == "f" and k == "shoot" \
                    and list(a["targets"]) == [here[1]]:
                out.append((t("crawl.ui.do.shoot", name=self.fig_name(here[1]),
                              chance=self._chance_text(here[1], "ranged")), [a]))
            elif here is not None and here[0] == "c" and k in ("examine", "disarm", "loot") \
                    and a["chest"] == here[1]:
                key = DO_KEYS["disarm.slow" if k == "disarm" and a["slow"] else k]
                label = t(key)
                odds = self._disarm_odds(here[1])
                if k == "disarm" and odds is not None:
                    label += " · " + t("crawl.ui.pct", pct=odds[1] if a["slow"] else odds[0])
                out.append((label, [a]))
            elif k in ("open_door", "close_door", "bash_door") and self._door_touches(
                    a["door"], sq):
                out.append((t(DO_KEYS[k]), [a]))
        # A selected figure that is not yet active: the click activates it and moves there.
        if not out and self.reach_of is not None and sq in self.reach \
                and self.view.get("active", -1) < 0 and self.view.get("active_marker", -1) < 0:
            kind, uid = self.reach_of
            act = self._can("activate", figure=uid) if kind == "f" else \
                self._can("activate_marker", marker=uid)
            if act is not None:
                move = Action.make("move", to=xy)
                out.append((t("crawl.ui.do.move", mp=self._cost_text(sq)), [act, move]))
        return out

    def mouse_choices(self) -> list[Choice]:
        """Returns every action sequence the mouse can send now: board squares (without the
        activate-and-move shortcut of a preview), hero cards, the compass and the bar."""
        out: list[Choice] = []
        if self.board is not None and self.view.get("phase") != "pick":
            for y in range(self.board.height):
                for x in range(self.board.width):
                    out.extend(self.square_actions((x, y)))
            for _sq, (kind, uid) in sorted(self.at.items()):
                act = self._can("activate", figure=uid) if kind == "f" else \
                    self._can("activate_marker", marker=uid) if kind == "m" else None
                if act is not None:
                    out.append(("activate", [act]))
        for _rect, hid, actions in self.roster:
            out.extend((hid, [a]) for a in actions)
        for _rect, k, action in self.compass:
            if action is not None:
                out.append((str(k), [action]))
        out.extend(("bar", acts) for acts in self.bar_actions)
        return out

    def _door_touches(self, index: int, sq: Square) -> bool:
        assert self.board is not None
        return self._edge_touches(self.board.doors[index][0], sq)

    @staticmethod
    def _edge_touches(edge: Any, sq: Square) -> bool:
        return sq in CrawlTableScene._edge_squares(edge)

    @staticmethod
    def _edge_squares(edge: Any) -> list[Square]:
        x, y, d = edge
        return [(x, y), (x + 1, y) if d == 0 else (x, y + 1)]

    def click_square(self, sq: Square, pos: tuple[int, int]) -> None:
        """Answers a left click on a square: send, ask, select or toggle a shot."""
        here = self.at.get(sq)
        if here is not None and here[0] == "f" and len(self._kind_targets("shoot")) > 0:
            multi = any(len(a["targets"]) > 1 for a in self._kind("shoot"))
            if multi and any(here[1] in a["targets"] for a in self._kind("shoot")):
                # Several targets per shot: clicks collect them; the bar's button fires.
                if here[1] in self.shoot_pick:
                    self.shoot_pick.remove(here[1])
                elif self._shoot_ok([*self.shoot_pick, here[1]]):
                    self.shoot_pick.append(here[1])
                else:
                    self.shoot_pick = [here[1]]
                self._build_bar()
                return
        choices = self.square_actions(sq)
        if here is not None and here[0] in ("f", "m") and self.selected != here:
            activatable = self._can("activate", figure=here[1]) if here[0] == "f" else \
                self._can("activate_marker", marker=here[1])
            if activatable is not None or not choices:
                self.select(here)
                return
        if here is not None and here[0] in ("f", "m") and self.selected == here and not choices:
            act = self._can("activate", figure=here[1]) if here[0] == "f" else \
                self._can("activate_marker", marker=here[1])
            if act is not None:
                self.send(act)
                return
        if len(choices) == 1:
            self.send_all(choices[0][1])
        elif choices and all(a.kind == "place_section" for _l, acts in choices for a in acts):
            self.open_placement_pick([acts[0] for _l, acts in choices])
        elif choices:
            self.open_popup(choices, pos)
        elif here is not None and here[0] in ("f", "m"):
            self.select(here)
        else:
            self.select(None)

    def _kind_targets(self, kind: str) -> list[int]:
        out: list[int] = []
        for a in self._kind(kind):
            out.extend(a["targets"])
        return out

    def select(self, what: tuple[str, int] | None) -> None:
        """Selects a figure or marker (its dial in the panel, its reach on the board)."""
        if self.view.get("active", -1) >= 0 or self.view.get("active_marker", -1) >= 0:
            if what is None or what[0] == "c":
                return
        self.selected = what
        self.auto_selected = False
        self._compute_reach()
        self._build_bar()
        self._update_column()

    def send_all(self, actions: list[Action]) -> None:
        """Sends actions in order, stopping when one is refused or no longer legal."""
        for i, action in enumerate(actions):
            if i > 0 and action not in self.rules.legal_actions(self.session.state):
                return
            if not self.send(action):
                return

    def open_popup(self, choices: list[Choice], pos: tuple[int, int]) -> None:
        """Opens a small menu of the actions one click could mean."""
        self.popup = Popup.listing(choices, self._popup_pick, pos, self.view_rect,
                                   max_width=self.view_rect.width - 60)

    def open_section_pick(self) -> None:
        """Opens a grid of the open builder sections, each drawn as a small map with its
        exits and doors, its name, kind and number of exits."""
        t = self.app.t
        entries = []
        for a in self._kind("choose_section"):
            sid = str(a["section"])
            info = query.board(sid, sid)
            kind = "chamber" if len(info.section_kinds) and \
                info.section_kinds[0] != "corridor" else "corridor"
            line = t("crawl.ui.section_choice", exits=len(query.section_exits(sid)))
            doors = sorted(set(query.section_doors(sid).values()))
            entries.append((a, 0, line, [t(SECTION_KINDS[kind]), line,
                                         *(t(DOOR_TIPS[k]) for k in doors)]))
        self._open_section_grid(entries, 3, self.board_rect.center)

    def open_placement_pick(self, actions: list[Action]) -> None:
        """Opens a grid of the sections that may go into a cell, each drawn turned as it
        would lie, with its name and turn."""
        t = self.app.t
        entries = []
        for a in actions:
            rot = int(a["rot"])
            name = self.app.catalog.text(query.content().get("board", a["section"]).name)
            entries.append((a, rot, t("crawl.ui.section.turned", turn=90 * rot),
                            [t("crawl.ui.do.place_section", section=name, turn=90 * rot)]))
        self._open_section_grid(entries, 3 if len(actions) > 8 else 2, self.view_rect.center)

    def _open_section_grid(self, entries: list[tuple[Action, int, str, list[str]]], cols: int,
                           centre: tuple[int, int]) -> None:
        """Opens a popup grid of SectionButtons (action, quarter turns, line, tooltip), as
        large as the board view allows so the grid never leaves it."""
        if not entries:
            return
        gap = 6
        rows = (len(entries) + cols - 1) // cols
        w = min(320, (self.view_rect.width - 14 - 20) // cols - gap)
        h = max(56, min(104, (self.view_rect.height - 24) // rows - gap))
        rect = pygame.Rect(0, 0, cols * (w + gap) + 14, rows * (h + gap) + 14)
        rect.center = centre
        rect.clamp_ip(self.view_rect)
        buttons = []
        for i, (a, rot, line, tip) in enumerate(entries):
            sid = str(a["section"])
            x = rect.left + 10 + (i % cols) * (w + gap)
            y = rect.top + 10 + (i // cols) * (h + gap)
            buttons.append(SectionButton(
                (x, y, w, h), self.app.catalog.text(query.content().get("board", sid).name),
                lambda acts=[a]: self._popup_pick(acts), sid, query.board(sid, sid),
                query.section_exits(sid), query.section_doors(sid), line, tip, rot=rot))
        self.popup = Popup(buttons, rect)

    def _popup_pick(self, actions: list[Action]) -> None:
        self.popup = None
        self.send_all(actions)

    # --- bar, roster, compass -----------------------------------------------------------
    def _build_bar(self) -> None:
        t = self.app.t
        entries: list[tuple[str, str, Callable[[], None], str | list[str] | None, str,
                            list[Action]]] = []
        sel = self.selected
        if sel is not None and self.view.get("active", -1) < 0 \
                and self.view.get("active_marker", -1) < 0:
            act = self._can("activate", figure=sel[1]) if sel[0] == "f" else \
                self._can("activate_marker", marker=sel[1])
            if act is not None:
                name = self.fig_name(sel[1]) if sel[0] == "f" else t("crawl.ui.marker")
                entries.append((t("crawl.ui.do.activate", name=name), "crawl.move",
                                lambda a=act: self.send(a), t("crawl.ui.do.activate.tip"),
                                "primary", [act]))
        outside = [a for a in self._kind("activate")
                   if (f := self.figs.get(a["figure"])) is not None and f["where"] != "board"]
        for a in outside:
            # Heroes waiting outside have no square to click: they enter from the bar (a team
            # shows just the names beside the entrance icon, the tooltip says the rest).
            name = self.fig_name(a["figure"])
            enter = t("crawl.ui.do.enter", name=name)
            icon = "crawl.entrance" if len(outside) == 1 \
                else query.art_id(self.figs[a["figure"]]["id"])
            entries.append((enter if len(outside) == 1 else name, icon,
                            lambda a=a: self.send(a), [enter, t("crawl.ui.do.enter.tip")],
                            "normal", [a]))
        if self.shoot_pick:
            shot = self._shoot_ok(self.shoot_pick)
            if shot is not None:
                names = ", ".join(self.fig_name(u) for u in self.shoot_pick)
                entries.append((t("crawl.ui.do.fire", n=len(self.shoot_pick)), "crawl.shoot",
                                lambda a=shot: self.send(a), names, "primary", [shot]))
        for kind in BAR_ORDER:
            for a in self._kind(kind):
                label, tip = self._bar_label(a)
                style = "primary" if kind in ("end_turn", "done_picking") else "normal"
                entries.append((label, BAR_ICONS[kind], lambda a=a: self.send(a), tip, style,
                                [a]))
        sections = self._kind("choose_section")
        if sections:
            # Up to 18 open sections: one button opens a grid of them (the bar has no room).
            entries.append((t("crawl.ui.do.choose_section", n=len(sections)), "ui.play",
                            self.open_section_pick, t("crawl.ui.do.choose_section.tip"),
                            "primary", sections))
        known = set(BAR_ORDER) | BOARD_KINDS | {"choose_section", "stash", "unstash"}
        for a in self.legal:
            if a.kind not in known:
                entries.append((action_label(self.app, self.game_id, a), "ui.play",
                                lambda a=a: self.send(a), None, "normal", [a]))
        self.bar = []
        self.bar_actions = []
        if not entries:
            return
        gap = 8
        # Each button as wide as its label needs (a long hero name is never cut while there is
        # room); only a crowded bar shares its width evenly.
        natural = [max(150, min(340, assets.size_of(e[0], "bold", theme.SIZE_SMALL)[0] + 64))
                   for e in entries]
        room = self.bar_rect.width - gap * (len(entries) - 1)
        if sum(natural) > room:
            # Crowded (a team waiting outside): the widest buttons give way first, so short
            # ones such as "End turn" keep their whole label.
            cap = max(natural)
            while cap > 60 and sum(min(w, cap) for w in natural) > room:
                cap -= 4
            natural = [min(w, cap) for w in natural]
        x = self.bar_rect.right - sum(natural) - gap * (len(entries) - 1)
        for (label, icon, cb, tip, style, actions), width in zip(entries, natural, strict=True):
            self.bar_actions.append(actions)
            self.bar.append(WholeButton((x, self.bar_rect.top + 6, width, BAR_H - 12), label,
                                        cb, icon=icon, tooltip=tip, style=style,
                                        size=theme.SIZE_SMALL))
            x += width + gap

    def _bar_label(self, a: Action) -> tuple[str, str | list[str]]:
        t = self.app.t
        if a.kind == "break_away":
            info = self.break_info
            chance = info.get("chance", "1/2")
            pct = round(float(Fraction(chance)) * 100)
            tip = [t("crawl.ui.break.tip", cost=info.get("cost", 2), chance=chance, pct=pct)]
            tip += [t("crawl.ui.break.from", name=self.fig_name(u)) for u in info.get("from", [])]
            return t("crawl.ui.do.break_away", pct=pct), tip
        if a.kind == "vortex":
            return t(VORTEX_KEYS[int(a["turn"])]), t("crawl.ui.do.vortex.tip")
        if a.kind == "drink":
            return t("crawl.ui.do.drink", name=self.fig_name(a["figure"])), \
                t("crawl.ui.do.drink.tip")
        return t(DO_KEYS[a.kind]), t(DO_TIPS[a.kind])

    def _build_roster(self) -> None:
        """Lays out the hero cards of the picking step (lone wolf: one pick; team: levels)."""
        self.roster = []
        picks = self._kind("pick_hero")
        # With the budget spent the cards stay (dimmed), so the team just chosen stays in view
        # until the player ends the choice.
        if self.view.get("phase") != "pick" or not (picks or self._kind("done_picking")):
            return
        by_hero: dict[str, list[Action]] = {}
        for a in picks:
            by_hero.setdefault(a["hero"], []).append(a)
        heroes = [h.id for h in query.content().all("hero")]
        cols = 4
        vr = self.view_rect
        w, h = (vr.width - 50) // cols, 190
        top = vr.top + 84
        for i, hid in enumerate(heroes):
            r, c = divmod(i, cols)
            rect = pygame.Rect(vr.left + 10 + c * (w + 10), top + r * (h + 10), w, h)
            self.roster.append((rect, hid, by_hero.get(hid, [])))

    def _build_stash(self) -> None:
        """Lays out the team's chests in the campaign's stash step (seed 004, campaign: treasure
        may be left behind in safety before the team goes down)."""
        self.stash_cards = []
        if not self._kind("done_stashing"):
            return
        acts = {int(a["chest"]): a for a in self.legal if a.kind in ("stash", "unstash")}
        chests = [c for c in self.view["chests"] if c["uid"] in acts or c["safe"]]
        vr = self.view_rect
        cols = 2
        w, h = (vr.width - 40 - (cols - 1) * 12) // cols, 120
        for i, c in enumerate(sorted(chests, key=lambda c: (c["safe"] and c["uid"] not in acts,
                                                             c["uid"]))):
            r, col = divmod(i, cols)
            rect = pygame.Rect(vr.left + 20 + col * (w + 12), vr.top + 130 + r * (h + 12), w, h)
            self.stash_cards.append((rect, c, acts.get(c["uid"])))

    def _build_compass(self) -> None:
        self.compass = []
        if self.card_rect is None or self.card_kind != "figure" \
                or not self._compass_shown(self.card_uid):
            return
        cx, cy = self.compass_centre()
        for k in range(FACINGS):
            a = math.radians(k * 45 - 90)
            rect = pygame.Rect(0, 0, 28, 28)
            rect.center = (int(cx + math.cos(a) * 40), int(cy + math.sin(a) * 40))
            self.compass.append((rect, k, self._can("face", facing=k)))

    def compass_centre(self) -> tuple[int, int]:
        """Returns the centre of the facing compass, top right in the figure card."""
        top = self.card_rect.top if self.card_rect is not None else self.column.top
        return (self.column.right - COMPASS_W // 2 - 4, top + 10 + COMPASS_W // 2)

    # --- text helpers -------------------------------------------------------------------
    def _cost_text(self, sq: Square) -> str:
        info = self.reach.get(sq)
        return str(info["cost"]) if info else "?"

    def _hit(self, action: Action, target: int) -> dict[str, Any] | None:
        """Returns the preview's numbers of one target of an attack, shot or healing:
        attack, defence, need and ways (of 36), or None when there is nothing to show."""
        if self.view.get("active", -1) < 0:
            return None
        for hit in (self.preview(action).detail or {}).get("hits", ()):
            if hit["target"] == target:
                return dict(hit)
        return None

    def _pct_text(self, action: Action, target: int) -> str:
        info = self._hit(action, target)
        if info is None:
            return "?"
        return self.app.t("crawl.ui.pct", pct=round(info["ways"] * 100 / 36))

    def _chance_text(self, target: int, mode: str) -> str:
        return self._pct_text(self._strike(target, mode), target)

    def chance_lines(self, target: int, mode: str) -> list[str]:
        """Returns the tooltip that explains the exact chance to hit a target."""
        t = self.app.t
        action = self._strike(target, mode)
        info = self._hit(action, target)
        if info is None:
            return []
        need = max(2, min(12, info["need"]))
        ways = info["ways"]
        frac = Fraction(ways, 36)
        lines = [t("crawl.ui.chance.title", chance=f"{frac.numerator}/{frac.denominator}",
                   pct=round(ways * 100 / 36), ways=ways),
                 t("crawl.ui.chance.values", attack=info["attack"], defence=info["defence"],
                   need=need),
                 t("crawl.ui.chance.dice")]
        # Where the two numbers come from: dial, items, abilities, rear arc, cover.
        bds = self.preview(action).breakdowns
        index = next(i for i, o in enumerate(self.preview(action).odds)
                     if o.event.params.get("target") == target)
        lines[2:2] = [format_breakdown(self.app, bd) for bd in bds[2 * index:2 * index + 2]]
        if mode == "ranged":
            lines.append(t("crawl.ui.chance.ranged"))
        return lines

    def move_lines(self, sq: Square) -> list[str]:
        """Returns the tooltip that explains what a move to sq costs, square by square."""
        t = self.app.t
        info = self.reach.get(sq)
        if info is None or self.board is None:
            return []
        lines = [t("crawl.ui.move.title", mp=info["cost"], left=self.view.get("mp", 0))
                 if self.view.get("active", -1) >= 0 or self.view.get("active_marker", -1) >= 0
                 else t("crawl.ui.move.preview", mp=info["cost"])]
        steps = self._step_texts(info.get("path", []))
        if steps:
            lines.append(" · ".join(steps))
        if info.get("stop"):
            lines.append(t("crawl.ui.move.stop"))
        if self.view.get("active", -1) >= 0:
            # Whether a strike is still affordable after the step (the rules' consequence).
            lines += [self.app.msg(m) for m in self.preview(
                Action.make("move", to=[sq[0], sq[1]])).consequences]
        if self.break_info.get("needed") and self.reach_of is not None:
            lines.append(t("crawl.ui.move.break_first"))
        return lines

    def _step_texts(self, path: list[list[int]]) -> list[str]:
        """Returns the cost of each step of a path as the rules count it (for figures, the rules'
        own move breakdown: entrance, terrain, diagonals, passing, abilities such as a
        terrain walker's)."""
        t = self.app.t
        assert self.board is not None
        if self.reach_of is not None and self.reach_of[0] == "f" and path:
            steps = []
            for label, mp in self._move_terms(path):
                key = label.key
                if key.startswith("crawl.term.terrain."):
                    kind = key.rsplit(".", 1)[1]
                    steps.append(f"{t(TERRAIN_KEYS.get(kind, 'crawl.ui.terrain.open'))} {mp}")
                elif key == "crawl.term.diagonal" and steps:
                    steps[-1] += " " + t("crawl.ui.move.diagonal")
                elif key == "crawl.term.pass":
                    steps.append(t("crawl.ui.move.pass", mp=mp))
                elif key == "crawl.term.entrance":
                    steps.append(t("crawl.ui.move.entrance", mp=mp))
                else:
                    steps.append(f"{self.app.msg(label)} {mp}")
            return steps
        # A marker's move: terrain per square entered (markers pass nothing and never enter).
        squares = [(p[0], p[1]) for p in path]
        out = []
        for i in range(1, len(squares)):
            a, b = squares[i - 1], squares[i]
            kind = self.board.terrain.get(b, "open")
            part = f"{t(TERRAIN_KEYS.get(kind, 'crawl.ui.terrain.open'))} " \
                   f"{self.board.cost.get(b, 1) or 1}"
            if a[0] != b[0] and a[1] != b[1]:
                part += " " + t("crawl.ui.move.diagonal")
            out.append(part)
        return out

    def _move_terms(self, path: list[list[int]]) -> list[tuple[Any, int]]:
        """Returns the rules' cost breakdown of the move along path, as (label, MP) terms: the
        active figure's move preview, or the reach preview of a figure not yet activated."""
        to = path[-1]
        if self.view.get("active", -1) >= 0:
            move = Action.make("move", to=[to[0], to[1]])
        elif self.reach_of is not None:
            # Not active yet: the move the click would make after activating the figure.
            move = Action.make("move", to=[to[0], to[1]], figure=self.reach_of[1])
        else:
            return []
        costs = self.preview(move).cost
        return [(term.label, int(term.value)) for bd in costs[:1] for term in bd.terms]

    def no_attack_lines(self, uid: int) -> list[str]:
        """Returns why the active figure cannot strike the enemy uid next to it (or within its
        range) now: demoralized, too few MP, not in the front arc, a blocked line of fire, as
        the rules refuse it; nothing when no such reason applies."""
        t = self.app.t
        me = self.figs.get(self.view.get("active", -1))
        other = self.figs.get(uid)
        if me is None or other is None or me["pos"] is None or other["pos"] is None:
            return []
        dist = max(abs(me["pos"][0] - other["pos"][0]), abs(me["pos"][1] - other["pos"][1]))
        if dist != 1 and not (me["range"] and dist <= me["range"]):
            return []
        why = self.preview(self._strike(uid, "melee" if dist == 1 else "ranged")).refused
        if why is None:
            return []
        name = self.fig_name(me["uid"])
        if why.key == "crawl.rule.demoralized":
            return [t("crawl.ui.no_attack.demoralized", name=name)]
        if why.key == "crawl.rule.attack_mp":
            return [t("crawl.ui.no_attack.mp", name=name, mp=why.params["mp"],
                      cost=why.params["cost"])]
        if why.key == "crawl.rule.shoot.line_of_fire":
            return [t("crawl.ui.no_attack.shot", why=self._lof_text(why.params["line"], dist,
                                                                   me["range"]))]
        if why.key == "crawl.rule.attack.arc":
            return [t("crawl.ui.no_attack.arc")]
        return []

    def figure_lines(self, uid: int) -> list[str]:
        """Returns a figure's tooltip: name, side, dial values and arcs."""
        t = self.app.t
        f = self.figs[uid]
        lines = [self.fig_name(uid)]
        if f["hero"]:
            lines.append(t("crawl.ui.fig.hero", owner=self.seat_name(f["owner"]),
                           level=f.get("level", 1)))
        else:
            lines.append(t("crawl.ui.fig.spawn", rank=t(RANK_KEYS.get(f.get("rank", "weak"),
                                                                       "crawl.ui.rank.weak")),
                           points=f.get("points", 0)))
        vals = f.get("values")
        if vals:
            lines.append(t("crawl.ui.fig.values", **vals))
        lines.append(t("crawl.ui.fig.arcs", arc=t(ARC_KEYS.get(f["arc"], "crawl.ui.arc.standard")),
                       facing=t(FACING_KEYS[f["facing"] % 8])))
        if f["range"]:
            lines.append(t("crawl.ui.fig.range", range=f["range"], targets=f["targets"]))
        for ab in f.get("abilities", []):
            d = query.ability_def(ab)
            lines.append(f"{self.app.catalog.text(d.name)}: {self.app.catalog.text(d.text)}")
        if f.get("demoralized"):
            lines.append(t("crawl.ui.fig.demoralized"))
        return lines

    def square_lines(self, sq: Square) -> list[str]:
        """Returns everything worth saying about the hovered square."""
        t = self.app.t
        assert self.board is not None
        lines: list[str] = []
        here = self.at.get(sq)
        if here is not None and here[0] == "f":
            if self._can("attack", target=here[1]):
                lines += self.chance_lines(here[1], "melee")
            elif here[1] in self._kind_targets("shoot"):
                lines += self.chance_lines(here[1], "ranged")
            else:
                lines += self.no_attack_lines(here[1])
            lines += self.figure_lines(here[1])
        elif here is not None and here[0] == "m":
            m = next(m for m in self.view["markers"] if m["uid"] == here[1])
            lines += [t("crawl.ui.marker.title", rank=t(RANK_KEYS.get(m["rank"],
                                                                      "crawl.ui.rank.weak"))),
                      t("crawl.ui.marker.tip")]
        elif here is not None and here[0] == "c":
            lines += self.chest_lines(here[1])
        if sq in self.reach:
            lines = self.move_lines(sq) + lines
        kind = self.board.terrain.get(sq, "void")
        if kind != "void":
            lines.append(t(TERRAIN_TIPS.get(kind, "crawl.ui.terrain.open.tip"),
                           cost=self.board.cost.get(sq, 1)))
        for d in self.view["doors"]:
            x, y, k = d["edge"]
            if sq in ((x, y), (x + 1, y) if k == 0 else (x, y + 1)):
                lines.append(t("crawl.ui.door", kind=t(DOOR_KEYS.get(d["kind"],
                                                                     "crawl.ui.door.wood")),
                               state=t(DOOR_STATE_KEYS.get(d["state"], "crawl.ui.door.closed"))))
        for i, (_name, esq) in enumerate(self.board.entrances):
            if esq == sq:
                owners = [self.seat_name(p) for p, pl in enumerate(self.view["players"])
                          if pl["entrance"] == i]
                exits = [self.seat_name(p) for p, pl in enumerate(self.view["players"])
                         if pl["exit"] == i]
                lines.append(t("crawl.ui.entrance", n=i + 1))
                if owners:
                    lines.append(t("crawl.ui.entrance.of", names=", ".join(owners)))
                if exits:
                    lines.append(t("crawl.ui.exit.of", names=", ".join(exits)))
        edge_exits = [self.seat_name(p) for p, pl in enumerate(self.view["players"])
                      if pl.get("exit_at") and tuple(pl["exit_at"]) == sq]
        if edge_exits:
            lines.append(t("crawl.ui.exit.of", names=", ".join(edge_exits)))
        return lines

    def chest_lines(self, uid: int) -> list[str]:
        """Returns a chest's tooltip: kind, state, its trap once examined, its treasure once
        opened (the treasure dial stays hidden before that)."""
        t = self.app.t
        c = next(c for c in self.view["chests"] if c["uid"] == uid)
        lines = [self.app.catalog.text(query.chest_def(c["id"]).name),
                 t(CHEST_STATE_KEYS.get(c["status"], "crawl.ui.chest.closed"))]
        if not c["examined"]:
            lines.append(t("crawl.ui.chest.unexamined"))
        elif c.get("trap_values"):
            tv = c["trap_values"]
            lines.append(t("crawl.ui.chest.trap", disarm=tv["disarm"], attack=tv["attack"],
                           damage=tv["damage"], spawns=tv["spawn_count"]))
        else:
            lines.append(t("crawl.ui.chest.no_trap"))
        odds = self._disarm_odds(uid)
        if odds is not None and c["status"] == "closed":
            tv = c["trap_values"]
            lines.append(t("crawl.ui.chest.disarm_odds", need=tv["disarm"], fast=odds[0],
                           slow=odds[1]))
            lines.append(t("crawl.ui.chest.on_fail"))
        if c["status"] in ("closed", "disarmed", "sprung") and c["pos"] is not None:
            lines.append(t("crawl.ui.chest.front"))
        if "gold" in c:
            lines.append(t("crawl.ui.chest.treasure", gold=c["gold"]))
        else:
            lines.append(t("crawl.ui.chest.hidden"))
        return lines

    def _disarm_odds(self, uid: int) -> tuple[int, int] | None:
        """Returns the active figure's chance in percent to disarm a chest's known trap quickly
        and carefully (+2), or None without an active figure or a known trap."""
        active = self.view.get("active", -1)
        c = next((c for c in self.view["chests"] if c["uid"] == uid), None)
        if active < 0 or c is None or not c.get("trap_values"):
            return None
        odds = [self.preview(Action.make("disarm", chest=uid, slow=slow)).odds
                for slow in (False, True)]
        if not odds[0] or not odds[1]:
            return None
        fast, slow = odds[0][0], odds[1][0]
        return (round(fast.ways * 100 / fast.out_of), round(slow.ways * 100 / slow.out_of))

    # --- input --------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.popup is not None:
            used, close = self.popup.handle(event)
            if close:
                self.popup = None
            if used:
                return True
        for b in self.bar:
            if b.handle(event):
                return True
        zoom_ok = self.view.get("phase") != "pick"
        used, click = self.cam_input.handle(event, self.app.mouse, zoom_ok)
        if click is not None:
            button, pos = click
            if button == 1:
                self.left_click(pos)
            elif button == 3:
                self.select(None)
        return used

    def left_click(self, pos: tuple[int, int]) -> None:
        """Answers a left click inside the viewport (the roster while heroes are picked)."""
        if self.anim.busy:
            self.anim.finish_all()
            self.walks.clear()
        if self.view.get("phase") == "pick":
            for rect, _c, action in self.stash_cards:
                if rect.collidepoint(pos) and action is not None:
                    self.send(action)
                    return
            for rect, _hid, actions in self.roster:
                if rect.collidepoint(pos) and actions:
                    if len(actions) == 1:
                        self.send(actions[0])
                    else:
                        t = self.app.t
                        self.open_popup([(t("crawl.ui.do.pick_level", level=a["level"],
                                            points=self._hero_points(a["hero"], a["level"])),
                                          [a]) for a in actions], pos)
                    return
            return
        sq = self.square_at(pos)
        if sq is not None:
            self.click_square(sq, pos)

    def _hero_points(self, hid: str, level: int) -> int:
        return int(query.figure_def(hid, True).points[level - 1])

    def handle(self, event: pygame.event.Event) -> bool:
        # The compass lives in the side panel, outside the board's viewport.
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.curtain_for is None:
            for rect, _k, action in self.compass:
                if rect.collidepoint(event.pos) and action is not None:
                    self.send(action)
                    return True
        return super().handle(event)

    # --- update -------------------------------------------------------------------------
    def update_board(self, dt: float) -> None:
        for b in self.bar + (self.popup.buttons if self.popup is not None else []):
            b.update(dt, self.app)
        self.walks = {k: w for k, w in self.walks.items() if not w.done}
        self._build_compass()
        mouse = self.app.mouse
        self.hover_sq = self.square_at(mouse) if self.popup is None else None
        if self.hover_sq is not None and self.view.get("phase") != "pick" and self.cam_input.drag is None:
            lines = self.square_lines(self.hover_sq)
            if lines:
                self.hint(("crawl.sq", self.hover_sq), lines, self.square_rect(self.hover_sq))
        for rect, k, action in self.compass:
            if action is not None:
                self.hint(("crawl.face", k), self.app.t("crawl.ui.do.face",
                                                        facing=self.app.t(FACING_KEYS[k])), rect)
        for rect, lines in self.panel_tips:
            self.hint(("crawl.panel", rect.topleft), lines, rect)
        if self.view.get("phase") == "pick":
            for rect, hid, _ in self.roster:
                if rect.collidepoint(mouse):
                    self.hint(("crawl.hero", hid), self._hero_tip(hid), rect)

    def _hero_tip(self, hid: str) -> list[str]:
        d = query.figure_def(hid, True)
        first = d.clicks[d.level_starts[0]]
        # The four numbers on the card are the level-1 starting click of the dial.
        lines = [self.app.catalog.text(d.name),
                 self.app.t("crawl.ui.fig.values", move=first.move, attack=first.attack,
                            defence=first.defence, damage=first.damage)]
        seen = set()
        for click in d.clicks:
            for ab in click.abilities:
                if ab not in seen:
                    seen.add(ab)
                    a = query.ability_def(ab)
                    lines.append(f"{self.app.catalog.text(a.name)}: "
                                 f"{self.app.catalog.text(a.text)}")
        return lines

    # --- events → animation -------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        for e in events:
            p = e.params
            if e.key == "crawl.event.move" and p.get("path"):
                path = [(s[0], s[1]) for s in p["path"]]
                self.walks[("f", p["figure"])] = self.anim.add(PathWalk(("f", p["figure"]),
                                                                        path))  # type: ignore
            elif e.key == "crawl.event.damage" or e.key in ("crawl.event.healed",
                                                            "crawl.event.heal"):
                uid = p.get("figure", p.get("target"))
                if uid is None or uid not in self.figs:
                    continue
                clicks = int(p.get("clicks", 1))
                delta = clicks if e.key == "crawl.event.damage" else -clicks
                if delta == 0:
                    continue
                old = self.old_figs.get(uid, {}).get("values") or {}
                new = self.figs[uid].get("values") or {}
                self.anim.add(DialTurn(self, uid, tuple(old.get(s, 0) for s in STATS),
                                       tuple(new.get(s, 0) for s in STATS), delta, delay=0.35))
            elif isinstance(p.get("dice"), list) and len(p["dice"]) == 2:
                uid = p.get("target", p.get("figure"))
                centre = self.figure_centre(uid) if uid in self.figs else None
                if centre is None:
                    centre = (float(self.view_rect.centerx), float(self.view_rect.centery))
                cx, cy = int(centre[0]), int(centre[1] - self.ts)
                dice = [DieSpec((cx - 26, cy), int(p["dice"][0])),
                        DieSpec((cx + 26, cy), int(p["dice"][1]))]
                self.anim.add(DiceTumble(dice, 0.6, 44, seed=len(self.session.actions)))

    # --- drawing ------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        if self.board is None:
            return
        vr = self.view_rect
        surface.blit(theme.panel(vr.inflate(12, 12).size, "inset"), vr.inflate(12, 12))
        clip = surface.get_clip()
        surface.set_clip(vr)
        ts = self.ts
        v = self.view
        image = art.board_surface((v["board"], v["map"], query.layout_tag(v.get("layout"))),
                                  self.board, ts)
        origin = (vr.left + int(self.cam[0]), vr.top + int(self.cam[1]))
        surface.blit(image, origin)
        self._draw_doors(surface)
        self._draw_entrance_flags(surface)
        self._draw_setup_targets(surface)
        self._draw_arcs(surface)
        self._draw_reach(surface)
        self._draw_chests(surface)
        self._draw_markers(surface)
        self._draw_figures(surface)
        self._draw_targets(surface)
        self._draw_readouts(surface)
        self._draw_line_of_fire(surface)
        surface.set_clip(clip)
        if v.get("phase") == "pick" and self.stash_cards:
            self._draw_stash(surface)
        elif v.get("phase") == "pick":
            self._draw_roster(surface)
        self._draw_column(surface)
        surface.blit(theme.panel(self.bar_rect.size, "glass"), self.bar_rect)
        if not self.bar and not self.shows_map():
            # Nothing to press: the bar repeats the prompt (wrapped, never cut).
            size = theme.SIZE_BODY
            while size > theme.SIZE_TINY and len(assets.wrap(
                    self.prompt_text, "italic", size, self.bar_rect.width - 40)) > 2:
                size -= 1
            msg = assets.text(self.prompt_text, "italic", size, theme.INK_DIM,
                              self.bar_rect.width - 40)
            surface.blit(msg, msg.get_rect(midleft=(self.bar_rect.left + 20,
                                                    self.bar_rect.centery)))
        elif self.shows_map():
            # The controls hint takes the room the buttons leave (whole, never under them).
            room = min((b.rect.left for b in self.bar), default=self.bar_rect.right) \
                - self.bar_rect.left - 26
            hint_lines = self.hint_lines(room)
            for i, line in enumerate(hint_lines):
                hint = assets.text(line, "body", theme.SIZE_TINY, theme.INK_FAINT)
                y = self.bar_rect.centery + (i - (len(hint_lines) - 1) / 2) * (
                    hint.get_height() + 1)
                surface.blit(hint, hint.get_rect(midleft=(self.bar_rect.left + 14, int(y))))
        for b in self.bar:
            b.draw(surface)
        if self.popup is not None:
            self.popup.draw(surface)

    def _draw_doors(self, surface: pygame.Surface) -> None:
        assert self.board is not None
        ts = self.ts
        for d in self.view["doors"]:
            x, y, k = d["edge"]
            r = self.square_rect((x, y))
            if k == 0:
                a, b = (r.right, r.top), (r.right, r.bottom)
            else:
                a, b = (r.left, r.bottom), (r.right, r.bottom)
            colour = art.WOOD_DOOR if d["kind"] == "wood" else art.IRON_DOOR
            thick = max(4, ts // 5)
            if d["state"] == "closed":
                rect = pygame.Rect(min(a[0], b[0]) - thick // 2, min(a[1], b[1]) - thick // 2,
                                   abs(b[0] - a[0]) + thick, abs(b[1] - a[1]) + thick)
                pygame.draw.rect(surface, (10, 8, 6), rect.move(2, 2), border_radius=3)
                pygame.draw.rect(surface, colour, rect, border_radius=3)
                pygame.draw.rect(surface, theme.GOLD, rect, 1, border_radius=3)
                mid = rect.center
                pygame.draw.circle(surface, theme.GOLD_BRIGHT, mid, max(2, ts // 12))
            elif d["state"] == "open":
                # The leaf swung open against the hinge side.
                if k == 0:
                    end = (a[0] + int(ts * 0.8), a[1])
                else:
                    end = (a[0], a[1] + int(ts * 0.8))
                pygame.draw.line(surface, colour, a, end, max(3, ts // 8))
                pygame.draw.circle(surface, theme.GOLD, a, max(2, ts // 10))
            else:
                for j in range(3):
                    p = (a[0] + (b[0] - a[0]) * (j + 0.5) / 3, a[1] + (b[1] - a[1]) * (j + 0.5) / 3)
                    pygame.draw.circle(surface, colour, (int(p[0]), int(p[1])), max(2, ts // 10))

    def _draw_entrance_flags(self, surface: pygame.Surface) -> None:
        ts = self.ts
        used: dict[tuple[Square, int], int] = {}
        for seat, pl in enumerate(self.view["players"]):
            spots: list[tuple[Square, str, int]] = []
            for idx, icon, dy in ((pl["entrance"], "crawl.entrance", 0),
                                  (pl["exit"], "crawl.exit", 1)):
                if idx is not None and idx >= 0:
                    spots.append((self.entrance_square(idx), icon, dy))
            if pl.get("exit_at"):
                # Teams leave by an edge square the opponent chose (seed 004, "Teams").
                spots.append(((pl["exit_at"][0], pl["exit_at"][1]), "crawl.exit", 1))
            for sq, icon, dy in spots:
                r = self.square_rect(sq)
                flag = pygame.Rect(0, 0, max(12, ts // 2), max(12, ts // 2))
                # Two players' flags on one square sit side by side instead of on each other.
                k = used.get((sq, dy), 0)
                used[(sq, dy)] = k + 1
                flag.topleft = (r.left + (ts // 2 if dy else 0) + k * (flag.width + 2),
                                r.top - flag.height // 2)
                pygame.draw.rect(surface, self.seat_colour(seat), flag, border_radius=4)
                pygame.draw.rect(surface, theme.GOLD, flag, 1, border_radius=4)
                blit_centered(surface, assets.asset_icon(icon, flag.width - 4, theme.WOOD_DEEP),
                              flag.center)

    def _draw_setup_targets(self, surface: pygame.Surface) -> None:
        ts = self.ts
        squares: set[Square] = set()
        for a in self.legal:
            if a.kind in ("place_spawn", "place_chest", "place_marker"):
                squares.add((a["at"][0], a["at"][1]))
            elif a.kind in ("choose_entrance", "choose_exit"):
                squares.add(self.entrance_square(a["entrance"]))
            elif a.kind in ("choose_exit_square", "place_terrain", "teleport"):
                at = a.get("at", a.get("to"))
                squares.add((at[0], at[1]))
            elif a.kind == "place_door":
                squares.add((a["edge"][0], a["edge"][1]))
            elif a.kind == "place_section":
                cx, cy = a["cell"]
                squares.update((cx * SECTION_CELL + x, cy * SECTION_CELL + y)
                               for x in range(SECTION_CELL) for y in range(SECTION_CELL))
        fill = art.square(ts, theme.LEGAL, 60, 2)
        for sq in squares:
            surface.blit(fill, self.square_rect(sq))
        if self.hover_sq in squares:
            self.highlight(surface, self.square_rect(self.hover_sq), "selected")

    def _draw_arcs(self, surface: pygame.Surface) -> None:
        ts = self.ts
        shown: list[int] = []
        if self.hover_sq is not None and self.at.get(self.hover_sq, ("", 0))[0] == "f":
            shown.append(self.at[self.hover_sq][1])
        if self.selected is not None and self.selected[0] == "f" \
                and self.selected[1] not in shown:
            shown.append(self.selected[1])
        front_fill = art.square(ts, art.FRONT_ARC, 70, 2)
        rear_fill = art.square(ts, art.REAR_ARC, 55, 2)
        for uid in shown:
            f = self.figs.get(uid)
            if f is None or f["pos"] is None or f["where"] != "board":
                continue
            front, rear = query.arcs(f["pos"], f["facing"], f["arc"])
            for sq in rear:
                if sq not in front:
                    surface.blit(rear_fill, self.square_rect(sq))
            for sq in front:
                surface.blit(front_fill, self.square_rect(sq))

    def _draw_reach(self, surface: pygame.Surface) -> None:
        if not self.reach:
            return
        ts = self.ts
        fill = art.square(ts, art.REACH, 46)
        stop = art.square(ts, art.STOP, 52, 2)
        size = max(10, ts // 3)
        for sq, info in self.reach.items():
            r = self.square_rect(sq)
            surface.blit(stop if info.get("stop") else fill, r)
            if ts >= 24:
                num = assets.text(str(info["cost"]), "bold", size, (255, 255, 255))
                surface.blit(num, num.get_rect(bottomright=(r.right - 3, r.bottom - 1)))
        hover = self.hover_sq
        if hover in self.reach:
            path = self.reach[hover].get("path") or []
            pts = [self.square_rect((p[0], p[1])).center for p in path]
            if len(pts) >= 2:
                pygame.draw.lines(surface, theme.GOLD_BRIGHT, False, pts, max(2, ts // 10))
                for p in pts[1:]:
                    pygame.draw.circle(surface, theme.GOLD_BRIGHT, p, max(3, ts // 8))
            self.highlight(surface, self.square_rect(hover), "selected")
        for a in self._kind("pass_through"):
            r = self.square_rect((a["to"][0], a["to"][1]))
            surface.blit(art.square(ts, art.FRONT_ARC, 60, 2), r)

    def _draw_chests(self, surface: pygame.Surface) -> None:
        ts = self.ts
        for c in self.view["chests"]:
            if c["pos"] is None or c["status"] not in ("closed", "disarmed", "sprung"):
                continue
            r = self.square_rect((c["pos"][0], c["pos"][1]))
            surface.blit(art.chest_token(c["id"], ts, c["facing"], c["status"], c["examined"]), r)
            if any(a.kind in ("examine", "disarm", "loot") and a["chest"] == c["uid"]
                   for a in self.legal):
                self.highlight(surface, r.inflate(-6, -6))

    def _draw_markers(self, surface: pygame.Surface) -> None:
        ts = self.ts
        for m in self.view["markers"]:
            walk = self.walks.get(("m", m["uid"]))
            r = self.square_rect((m["pos"][0], m["pos"][1]))
            if walk is not None and not walk.done:
                fx, fy = walk.where()
                r = pygame.Rect(self.view_rect.left + int(self.cam[0] + fx * ts),
                                self.view_rect.top + int(self.cam[1] + fy * ts), ts, ts)
            surface.blit(art.marker_token(m["rank"], ts, m["acted"]), r)
            if self._can("activate_marker", marker=m["uid"]):
                self.highlight(surface, r.inflate(-4, -4),
                               "selected" if self.selected == ("m", m["uid"]) else "legal")

    def _draw_figures(self, surface: pygame.Surface) -> None:
        ts = self.ts
        active = self.view.get("active", -1)
        for f in self.view["figures"]:
            if f["where"] != "board" or f["pos"] is None:
                continue
            centre = self.figure_centre(f["uid"])
            if centre is None:
                continue
            ring = self.seat_colour(f["owner"]) if f["hero"] else art.SPAWN_RING
            health = 1.0 - f["click"] / max(1, f["clicks"])
            token = art.figure_token(query.art_id(f["id"]), ts, ring, f["facing"], health,
                                     f["hero"], f["acted"] and f["uid"] != active,
                                     bool(f.get("demoralized")))
            c = (int(centre[0]), int(centre[1]))
            surface.blit(token, token.get_rect(center=c))
            if f["uid"] == active or self.selected == ("f", f["uid"]):
                pygame.draw.circle(surface, theme.GOLD_BRIGHT, c, int(ts * 0.5), 2)
            elif self._can("activate", figure=f["uid"]):
                pulse = 0.5 + 0.5 * math.sin(self.phase * math.tau)
                pygame.draw.circle(surface, theme.mix(theme.LEGAL, (255, 255, 255), 0.4 * pulse),
                                   c, int(ts * 0.5), 2)

    def readout_places(self) -> dict[int, tuple[pygame.Rect, pygame.Surface]]:
        """Returns each figure's dial values and where they go on the screen now: the active,
        selected or pointed-at figure first, then heroes, then brood (``place_readouts``)."""
        ts = self.ts
        if ts < READOUT_TS:
            return {}
        active = self.view.get("active", -1)
        entries: list[tuple[int, int, tuple[int, int], int, pygame.Surface]] = []
        for f in self.view["figures"]:
            centre = self.figure_centre(f["uid"])
            if f["where"] != "board" or centre is None or not f.get("values"):
                continue
            hovered = self.hover_sq is not None and tuple(f["pos"]) == self.hover_sq
            first = f["uid"] == active or self.selected == ("f", f["uid"]) or hovered
            dial = art.readout(tuple(f["values"][s] for s in STATS), ts)  # type: ignore
            entries.append((0 if first else 1 if f["hero"] else 2, f["uid"],
                            (int(centre[0]), int(centre[1])), f["facing"], dial))
        entries.sort(key=lambda e: e[0])
        places = place_readouts(ts, [(uid, c, facing, dial.get_size())
                                     for _p, uid, c, facing, dial in entries],
                                self._readout_obstacles())
        dials = {uid: dial for _p, uid, _c, _f, dial in entries}
        return {uid: (rect, dials[uid]) for uid, rect in places.items()}

    def _readout_obstacles(self) -> list[pygame.Rect]:
        """Returns what dial values must not cover besides figures: chests, markers and the
        hit-chance badges over targets."""
        ts = self.ts
        out = [self.square_rect((c["pos"][0], c["pos"][1])).inflate(-ts // 3, -ts // 3)
               for c in self.view["chests"] if c["pos"] is not None
               and c["status"] in ("closed", "disarmed", "sprung")]
        out += [self.square_rect((m["pos"][0], m["pos"][1])).inflate(-ts // 3, -ts // 3)
                for m in self.view["markers"]]
        for uid in {a["target"] for a in self._kind("attack")} | set(self._kind_targets("shoot")):
            f = self.figs.get(uid)
            if f is not None and f["pos"] is not None:
                r = self.square_rect((f["pos"][0], f["pos"][1]))
                badge = pygame.Rect(0, 0, ts, assets.line_height("bold", max(12, ts // 3)) + 2)
                badge.midbottom = (r.centerx, r.top + 2)
                out.append(badge)
        return out

    def _draw_readouts(self, surface: pygame.Surface) -> None:
        """Draws each figure's dial values beside its base, after every token and target mark,
        so nothing hides them."""
        for rect, dial in self.readout_places().values():
            surface.blit(dial, rect)

    def _draw_targets(self, surface: pygame.Surface) -> None:
        ts = self.ts
        targets: dict[int, str] = {}
        for a in self.legal:
            if a.kind == "attack":
                targets[a["target"]] = "melee"
            elif a.kind == "shoot":
                for u in a["targets"]:
                    targets.setdefault(u, "ranged")
        for a in self._kind("heal"):
            f = self.figs.get(a["target"])
            if f is not None and f["pos"] is not None:
                r = self.square_rect((f["pos"][0], f["pos"][1]))
                surface.blit(art.square(ts, theme.GREEN_BRIGHT, 40, 2), r)
        for uid, mode in targets.items():
            f = self.figs.get(uid)
            if f is None or f["pos"] is None:
                continue
            r = self.square_rect((f["pos"][0], f["pos"][1]))
            picked = uid in self.shoot_pick
            pygame.draw.rect(surface, theme.RED_BRIGHT if not picked else theme.GOLD_BRIGHT,
                             r.inflate(-2, -2), 3 if picked else 2, border_radius=ts // 6)
            badge = assets.text(self._chance_text(uid, mode), "bold", max(12, ts // 3),
                                (255, 255, 255))
            box = badge.get_rect(midbottom=(r.centerx, r.top + 2)).inflate(8, 2)
            pygame.draw.rect(surface, theme.RED if not picked else theme.GOLD_DIM, box,
                             border_radius=6)
            surface.blit(badge, badge.get_rect(center=box.center))

    def _draw_line_of_fire(self, surface: pygame.Surface) -> None:
        """Draws the line from the active shooter to the hovered square and what blocks it."""
        active = self.view.get("active", -1)
        hover = self.hover_sq
        if active < 0 or hover is None:
            return
        f = self.figs.get(active)
        if f is None or f["pos"] is None or not f["range"] or tuple(f["pos"]) == hover:
            return
        if not self._kind("end_activation"):
            # Only for the player's own shooter: not while a bot's figure is active and the
            # player merely places brood for it.
            return
        info = (self.preview(Action.make("shoot", at=[hover[0], hover[1]])).detail or {}).get(
            "line", {"free": True, "blocked_by": []})
        a = self.square_rect((f["pos"][0], f["pos"][1])).center
        b = self.square_rect(hover).center
        far = max(abs(hover[0] - f["pos"][0]), abs(hover[1] - f["pos"][1])) > f["range"]
        colour = theme.LEGAL if info["free"] and not far else theme.RED_BRIGHT
        pygame.draw.line(surface, (0, 0, 0), (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), 4)
        pygame.draw.line(surface, colour, a, b, 3)
        ts = self.ts
        for blocker in info["blocked_by"]:
            if blocker.get("at") is None:
                continue
            r = self.square_rect((blocker["at"][0], blocker["at"][1]))
            k = ts // 4
            pygame.draw.line(surface, theme.RED_BRIGHT, (r.left + k, r.top + k),
                             (r.right - k, r.bottom - k), 4)
            pygame.draw.line(surface, theme.RED_BRIGHT, (r.right - k, r.top + k),
                             (r.left + k, r.bottom - k), 4)
        dist = max(abs(hover[0] - f["pos"][0]), abs(hover[1] - f["pos"][1]))
        label = assets.shadowed(self._lof_text(info, dist, f["range"]), "bold",
                                theme.SIZE_SMALL, colour)
        surface.blit(label, label.get_rect(midbottom=(b[0], b[1] - ts // 2 - 14)))

    def _lof_text(self, info: dict[str, Any], dist: int, rng: int) -> str:
        """Returns the line-of-fire label: free, or what blocks it first (a figure by name, a
        pillar, darkness, rock, a wall or closed door)."""
        t = self.app.t
        if dist > rng:
            return t("crawl.ui.lof.range", dist=dist, range=rng)
        if info["free"]:
            return t("crawl.ui.lof.free", dist=dist, range=rng)
        first = info["blocked_by"][0] if info["blocked_by"] else {}
        what = first.get("what", "wall")
        if what == "wall" or first.get("at") is None:
            return t("crawl.ui.lof.wall")
        if what == "figure":
            return t("crawl.ui.lof.by_figure", name=self.fig_name(first.get("uid", -1)),
                     dist=dist, range=rng)
        return t("crawl.ui.lof.by_terrain", terrain=t(TERRAIN_KEYS.get(
            what, "crawl.ui.terrain.blocking")), dist=dist, range=rng)

    def shows_map(self) -> bool:
        """Returns whether the map is what the board area shows (not the hero cards, the stash
        or the builder's open pile over an empty dungeon)."""
        return self.view.get("phase") != "pick" and not self._kind("choose_section")

    def hint_lines(self, room: int) -> list[str]:
        """Returns the zoom and pan hint in as few lines as fit ``room`` (split at a "·" where
        that balances the lines, else between words; at most three), or no line when it would
        not fit whole."""
        text = self.app.t("crawl.ui.controls")

        def width(line: str) -> int:
            return assets.size_of(line, "body", theme.SIZE_TINY)[0]

        if room <= 0:
            return []
        if width(text) <= room:
            return [text]
        parts = text.split(" · ")
        splits = [(" · ".join(parts[:k]), " · ".join(parts[k:])) for k in range(1, len(parts))]
        fitting = [pair for pair in splits if max(width(pair[0]), width(pair[1])) <= room]
        if fitting:
            return list(min(fitting, key=lambda pair: max(width(pair[0]), width(pair[1]))))
        lines = list(assets.wrap(text, "body", theme.SIZE_TINY, room))
        if len(lines) <= 3 and all(width(line) <= room for line in lines):
            return lines
        return []

    def _draw_stash(self, surface: pygame.Surface) -> None:
        """Draws the stash step: each team chest with its gold and item, where it is now, and
        what a click does."""
        t = self.app.t
        vr = self.view_rect
        surface.blit(theme.shade(vr.size, 200), vr)
        image = assets.shadowed(t("crawl.ui.stash.title"), "heading", theme.SIZE_H2, theme.GOLD)
        surface.blit(image, (vr.left + 20, vr.top + 22))
        sub = assets.text(t("crawl.ui.stash.sub"), "italic", theme.SIZE_SMALL, theme.INK_DIM,
                          vr.width - 44)
        surface.blit(sub, (vr.left + 22, vr.top + 22 + image.get_height()))
        for rect, c, action in self.stash_cards:
            cdef = query.chest_def(c["id"])
            surface.blit(theme.panel(rect.size, "parchment"), rect)
            token = art.chest_token(c["id"], 72, 2, "closed", True)
            surface.blit(token, token.get_rect(center=(rect.left + 54, rect.centery)))
            x, width = rect.left + 104, rect.width - 116
            name = whole_text(self.app.catalog.text(cdef.name), "bold", theme.SIZE_SMALL, width,
                              theme.INK_DARK)
            surface.blit(name, (x, rect.top + 12))
            item = cdef.treasures[c["treasure"]].item if "treasure" in c else None
            lines = [t("crawl.ui.chest.treasure", gold=c.get("gold", 0)),
                     self.app.catalog.text(item) if item is not None
                     else t("crawl.ui.stash.no_item")]
            y = rect.top + 14 + name.get_height()
            for line in lines:
                img = whole_text(line, "body", theme.SIZE_TINY, width, theme.INK_DARK_DIM)
                surface.blit(img, (x, y))
                y += img.get_height()
            where = "crawl.ui.stash.safe" if c["safe"] else "crawl.ui.stash.along"
            state = assets.text(t(where), "bold", theme.SIZE_TINY,
                                theme.GREEN if c["safe"] else theme.INK_DARK)
            surface.blit(state, (x, y + 4))
            if action is not None:
                verb = t("crawl.ui.stash.leave" if action.kind == "stash"
                         else "crawl.ui.stash.take")
                tag = whole_text("→ " + verb, "bold", theme.SIZE_TINY,
                                 max(60, rect.right - 14 - x - state.get_width() - 16), theme.RED)
                surface.blit(tag, tag.get_rect(topright=(rect.right - 14, y + 4)))
                if rect.collidepoint(self.app.mouse):
                    self.highlight(surface, rect, "selected")
            else:
                surface.blit(theme.shade(rect.size, 60), rect)

    def _draw_roster(self, surface: pygame.Surface) -> None:
        t = self.app.t
        vr = self.view_rect
        surface.blit(theme.shade(vr.size, 200), vr)
        seat = self.view["current"]
        # seed 004: teams and the solitaire team pick heroes worth up to 100 points (not when
        # the campaign hires one new hero).
        team = not self._picks_one()
        title = t("crawl.ui.pick.title.lone" if self._picks_one() else "crawl.ui.pick.title",
                  name=self.seat_name(seat))
        bar = pygame.Rect(vr.right - 290, vr.top + 30, 260, 28)
        # The title gives way to the budget bar (a long name or German ran into its label).
        room = (bar.left if team else vr.right) - vr.left - 40
        size = theme.SIZE_H2
        while size > theme.SIZE_H3 and assets.size_of(title, "heading", size)[0] > room:
            size -= 1
        image = assets.shadowed(title, "heading", size, theme.GOLD) \
            if assets.size_of(title, "heading", size)[0] <= room \
            else assets.text(title, "heading", size, theme.GOLD, room)
        surface.blit(image, (vr.left + 20, vr.top + 22))
        if team:
            spent = sum(f["points"] for f in self.view["figures"]
                        if f["hero"] and f["owner"] == seat)
            pygame.draw.rect(surface, theme.WOOD_DEEP, bar, border_radius=6)
            fill = bar.copy()
            fill.width = int(bar.width * min(1.0, spent / TEAM_BUDGET))
            pygame.draw.rect(surface, theme.GOLD_DIM, fill, border_radius=6)
            pygame.draw.rect(surface, theme.GOLD, bar, 1, border_radius=6)
            label = assets.shadowed(t("crawl.ui.pick.budget", spent=spent, budget=TEAM_BUDGET),
                                    "bold", theme.SIZE_SMALL, theme.INK)
            surface.blit(label, label.get_rect(center=bar.center))
        taken = {f["id"]: f["owner"] for f in self.view["figures"] if f["hero"]}
        for rect, hid, actions in self.roster:
            d = query.figure_def(hid, True)
            hovered = rect.collidepoint(self.app.mouse) and bool(actions)
            surface.blit(theme.panel(rect.size, "parchment"), rect)
            disc = (rect.left + 46, rect.top + 48)
            ring = self.seat_colour(taken[hid]) if hid in taken else theme.GOLD
            pygame.draw.circle(surface, theme.WOOD_DARK, disc, 34)
            pygame.draw.circle(surface, ring, disc, 34, 3)
            blit_centered(surface, assets.asset_icon(query.art_id(hid), 46), disc)
            name = assets.text(self.app.catalog.text(d.name), "bold", theme.SIZE_SMALL,
                               theme.INK_DARK, rect.width - 100)
            surface.blit(name, (rect.left + 88, rect.top + 14))
            arc_key = ARC_KEYS.get({"standard": 3, "extended": 5, "superior": 7}.get(d.arc, 3),
                                   "crawl.ui.arc.standard")
            sub = t("crawl.ui.pick.sub", arc=t(arc_key), range=d.range) if d.range else t(arc_key)
            sub_img = assets.text(sub, "body", theme.SIZE_TINY, theme.INK_DARK_DIM,
                                  rect.width - 100)
            sub_top = rect.top + 16 + name.get_height()
            surface.blit(sub_img, (rect.left + 88, sub_top))
            first = d.clicks[d.level_starts[0]]
            vals = (first.move, first.attack, first.defence, first.damage)
            dial = art.readout(vals, 58)
            # The dial goes below the wrapped name and arc text, whatever their length.
            dial_top = max(rect.top + 92, sub_top + sub_img.get_height() + 6)
            surface.blit(dial, (rect.left + 14, dial_top))
            x = rect.left + 22 + dial.get_width()
            for ab in first.abilities:
                colour, shape = art.ability_colour(query.ability_def(ab).colour)
                surface.blit(art.chip(colour, shape, 18),
                             (x, dial_top + (dial.get_height() - 18) // 2))
                x += 22
            if hid in taken:
                # A taken hero's points no longer matter: its owner takes their line (a label
                # beside the arc text ran into it).
                owner = whole_text(t("crawl.ui.pick.taken", name=self.seat_name(taken[hid])),
                                   "bold", theme.SIZE_TINY, rect.width - 28, theme.RED)
                surface.blit(owner, (rect.left + 14, rect.bottom - 32))
            else:
                pts = "  ".join(f"L{i + 1}: {p}" for i, p in enumerate(d.points[:2]))
                pts_img = assets.text(t("crawl.ui.pick.points", points=pts), "bold",
                                      theme.SIZE_TINY, theme.INK_DARK)
                surface.blit(pts_img, (rect.left + 14, rect.bottom - 32))
            if not actions:
                surface.blit(theme.shade(rect.size, 90), rect)
            elif hovered:
                self.highlight(surface, rect, "selected")

    # --- the right-hand column: scores, the figure's dial or the step's explanation, log --
    def _panel_figure(self) -> int | None:
        """Returns the figure whose dial the column shows: the one the player is moving (its
        compass stays at hand), else the one selected (while others move, the column keeps
        the log long and the board shows them)."""
        active = self.view.get("active", -1)
        if active in self.figs and self.is_my_turn():
            return int(active)
        if self.selected is not None and self.selected[0] == "f" \
                and self.selected[1] in self.figs and not self.auto_selected:
            return self.selected[1]
        return None

    def _status_lines(self) -> list[str]:
        """Returns the status panel's lines above the players: round, activations, MP."""
        t = self.app.t
        v = self.view
        if not v:
            return []
        # The round counter passes the limit when the last round ends the game: show the limit.
        shown = min(v["round"], v["turn_limit"]) if v["turn_limit"] else v["round"]
        lines = [t("crawl.ui.round", round=shown, limit=v["turn_limit"])]
        if v.get("phase") == "play" and not v.get("over"):
            lines.append(t("crawl.ui.activations", n=v["activations_left"]))
            if v.get("active", -1) >= 0 or v.get("active_marker", -1) >= 0:
                lines.append(t("crawl.ui.mp_left", mp=v["mp"]))
        return lines

    def _step_text(self) -> tuple[str, str] | None:
        """Returns (title, explanation) of the set-up step or decision on the table now, or None
        in play (seed 004, "Spielfeldaufbau": chests with a front, marker kinds, entrances and
        exits, the builder kit)."""
        v = self.view
        phase = v.get("phase")
        kinds = {a.kind for a in self.legal}
        key = None
        if v.get("pending") is not None:
            key = "place_spawn"
        elif phase == "pick" and not self.stash_cards:
            key = "pick.hire" if v.get("prompt", {}).get("key") == "crawl.prompt.hire" \
                else "pick.lone" if self._picks_one() else "pick.team"
        elif phase == "build":
            key = "build.place" if "place_section" in kinds else "build.choose"
        elif phase in ("pieces", "chests", "markers"):
            key = phase
        elif phase == "entrances":
            key = "exit_square" if "choose_exit_square" in kinds else \
                "exit" if "choose_exit" in kinds else \
                "entrance.solo" if v.get("mode") == "solitaire" else "entrance"
        if key is None:
            return None
        title, text = STEP_KEYS[key]
        return self.app.t(title), self.app.t(text)

    def _picks_one(self) -> bool:
        """Returns whether the picking player takes a single hero (lone wolf, or the campaign's
        hire) rather than a team worth up to 100 points."""
        return self.view.get("mode") not in ("team", "solitaire") \
            or self.view.get("prompt", {}).get("key") == "crawl.prompt.hire"

    def _update_column(self) -> None:
        """Lays out the right-hand column (status, card, log) for the current view; the log is
        rebuilt only when its top moves."""
        col = self.column
        lines = self._status_lines()
        lh = assets.line_height("bold", theme.SIZE_SMALL)
        wrapped = sum(len(assets.wrap(line, "bold", theme.SIZE_SMALL, col.width - 36))
                      for line in lines)
        players = len(self.view.get("players", ()))
        self.status_rect = pygame.Rect(col.left, col.top, col.width,
                                       16 + wrapped * lh + 10 + players * PLAYER_ROW + 8)
        self.card_kind, self.card_uid = None, -1
        height = 0
        uid = self._panel_figure()
        if uid is not None:
            self.card_kind, self.card_uid = "figure", uid
            height = self._figure_card_height(uid)
        elif self._step_text() is not None or self.view.get("hands"):
            self.card_kind = "step"
            height = self._step_card_height()
        top = self.status_rect.bottom + 8
        self.card_rect = pygame.Rect(col.left, top, col.width, height) if height else None
        log_top = self.card_rect.bottom + 8 if self.card_rect is not None else top
        self._build_compass()
        if self.log_rect.top != log_top:
            self.log_rect = pygame.Rect(col.left, log_top, col.width, col.bottom - log_top)
            self._log_len = -1  # the log list takes the new size
            self._rebuild_log()

    def _step_card_height(self) -> int:
        w = self.column.width - 36
        height = 16
        step = self._step_text()
        if step is not None:
            height += assets.line_height("heading", theme.SIZE_BODY) * len(
                assets.wrap(step[0], "heading", theme.SIZE_BODY, w))
            height += 6 + assets.line_height("body", theme.SIZE_TINY) * len(
                assets.wrap(step[1], "body", theme.SIZE_TINY, w))
        if self.view.get("hands"):
            height += 14 + self._hands_height()
        return height + 14

    def _figure_card_height(self, uid: int) -> int:
        return self._draw_figure_card(None, uid)

    def _draw_column(self, surface: pygame.Surface) -> None:
        """Draws the status panel and the card above the log (the log itself is the table's)."""
        self.panel_tips = []
        self._draw_status(surface)
        if self.card_rect is None:
            return
        surface.blit(theme.panel(self.card_rect.size, "wood"), self.card_rect)
        if self.card_kind == "figure" and self.card_uid in self.figs:
            self._draw_figure_card(surface, self.card_uid)
        elif self.card_kind == "step":
            self._draw_step_card(surface)

    def _draw_status(self, surface: pygame.Surface) -> None:
        t = self.app.t
        r = self.status_rect
        surface.blit(theme.panel(r.size, "wood"), r)
        y = r.top + 14
        for line in self._status_lines():
            image = assets.text(line, "bold", theme.SIZE_SMALL, theme.INK, r.width - 36)
            surface.blit(image, (r.left + 18, y))
            y += image.get_height()
        y += 8
        master = self.view.get("master", -1) if len(self.view["players"]) > 2 else -1
        for seat, pl in enumerate(self.view["players"]):
            row = pygame.Rect(r.left + 10, y, r.width - 20, PLAYER_ROW - 4)
            if seat == self.view.get("current") and not self.view.get("over"):
                pygame.draw.rect(surface, theme.WOOD_LIGHT, row, border_radius=6)
            pygame.draw.circle(surface, self.seat_colour(seat), (row.left + 14, row.centery), 8)
            if seat == master:
                # The monster master's token (seed 004, "Mehr als zwei Spieler").
                pygame.draw.circle(surface, theme.GOLD_BRIGHT, (row.left + 14, row.centery), 8, 2)
            name_w = row.width - 30 - 150
            label, size = self.seat_name(seat), theme.SIZE_SMALL
            while size > theme.SIZE_TINY - 2 and assets.size_of(label, "bold", size)[0] > name_w:
                size -= 1
            name = assets.text(label, "bold", size, theme.INK, name_w)
            surface.blit(name, name.get_rect(midleft=(row.left + 30, row.centery)))
            gold = assets.text(str(pl["gold"]), "bold", theme.SIZE_SMALL, theme.GOLD_BRIGHT)
            surface.blit(assets.asset_icon("crawl.gold", 18), (row.right - 140, row.centery - 9))
            surface.blit(gold, gold.get_rect(midleft=(row.right - 118, row.centery)))
            xp = assets.text(str(pl["xp"]), "bold", theme.SIZE_SMALL, theme.INK_DIM)
            surface.blit(assets.asset_icon("crawl.xp", 18), (row.right - 70, row.centery - 9))
            surface.blit(xp, xp.get_rect(midleft=(row.right - 48, row.centery)))
            self.panel_tips.append((row, [t("crawl.ui.player.tip", name=self.seat_name(seat),
                                            gold=pl["gold"], xp=pl["xp"],
                                            chests=len(pl["chests"]))]))
            y += PLAYER_ROW

    def _draw_step_card(self, surface: pygame.Surface) -> None:
        r = self.card_rect
        assert r is not None
        w = r.width - 36
        y = r.top + 16
        step = self._step_text()
        if step is not None:
            title = assets.text(step[0], "heading", theme.SIZE_BODY, theme.GOLD, w)
            surface.blit(title, (r.left + 18, y))
            y += title.get_height() + 6
            body = assets.text(step[1], "body", theme.SIZE_TINY, theme.INK_DIM, w)
            surface.blit(body, (r.left + 18, y))
            y += body.get_height()
        if self.view.get("hands"):
            self._draw_hands(surface, y + 14)

    def _hands_height(self) -> int:
        return self._draw_hands(None, 0)

    def _draw_hands(self, surface: pygame.Surface | None, y: int) -> int:
        """Draws the builder sections each player holds while the dungeon is built (taken
        from the open pile in turn; placed one by one afterwards); returns the height used
        (``surface`` None: measures only)."""
        t = self.app.t
        p = self.column
        top = y
        title = assets.text(t("crawl.ui.hands.title"), "heading", theme.SIZE_SMALL, theme.GOLD)
        if surface is not None:
            surface.blit(title, (p.left + 18, y))
        y += title.get_height() + 4
        for seat, hand in enumerate(self.view["hands"]):
            name = assets.text(self.seat_name(seat), "bold", theme.SIZE_SMALL,
                               self.seat_colour(seat), p.width - 36)
            if surface is not None:
                surface.blit(name, (p.left + 18, y))
            y += name.get_height() + 2
            if not hand:
                none = assets.text(t("crawl.ui.hands.none"), "italic", theme.SIZE_TINY,
                                   theme.INK_DIM)
                if surface is not None:
                    surface.blit(none, (p.left + 24, y))
                y += none.get_height() + 6
                continue
            x, pic_h = p.left + 18, 0
            for sid in hand:
                info = query.board(sid, sid)
                pic = art.section_preview(sid, info, query.section_exits(sid),
                                          query.section_doors(sid), 7, SECTION_CELL)
                if x + pic.get_width() > p.right - 14:
                    x = p.left + 18
                    y += pic.get_height() + 4
                if surface is not None:
                    surface.blit(pic, (x, y))
                    self.panel_tips.append((pic.get_rect(topleft=(x, y)),
                                            [self.app.catalog.text(
                                                query.content().get("board", sid).name)]))
                x += pic.get_width() + 4
                pic_h = pic.get_height()
            y += pic_h + 8
        return y - top

    def _draw_figure_card(self, surface: pygame.Surface | None, uid: int) -> int:
        """Draws the figure card into the card rect: icon, name, owner, the four stat windows
        (each with a tooltip), the compass of the active figure, abilities and the dial rows.
        Returns the card's height (``surface`` None: measures only)."""
        t = self.app.t
        f = self.figs[uid]
        col = self.column
        top = self.card_rect.top if self.card_rect is not None and surface is not None else 0
        left, width = col.left, col.width
        compass = self._compass_shown(uid)
        right = left + width - (COMPASS_W if compass else 0)
        y = top + 14
        disc = (left + 44, y + 30)
        name_w = right - (left + 86) - 10
        label = self.fig_name(uid)
        size = assets.size_for_words(label, "heading", theme.SIZE_BODY, name_w, theme.SIZE_TINY)
        name = assets.text(label, "heading", size, theme.GOLD, name_w)
        sub = t("crawl.ui.fig.hero", owner=self.seat_name(f["owner"]), level=f.get("level", 1)) \
            if f["hero"] else t("crawl.ui.fig.spawn", rank=t(RANK_KEYS.get(f.get("rank", "weak"),
                                                                            "crawl.ui.rank.weak")),
                                points=f.get("points", 0))
        sub_img = assets.text(sub, "body", theme.SIZE_TINY, theme.INK_DIM, name_w)
        if surface is not None:
            ring = self.seat_colour(f["owner"]) if f["hero"] else art.SPAWN_RING
            pygame.draw.circle(surface, theme.WOOD_DEEP, disc, 30)
            pygame.draw.circle(surface, ring, disc, 30, 4)
            blit_centered(surface, assets.asset_icon(query.art_id(f["id"]), 40), disc)
            surface.blit(name, (left + 86, y + 2))
            surface.blit(sub_img, (left + 86, y + 4 + name.get_height()))
        y = max(y + 66, y + 8 + name.get_height() + sub_img.get_height())
        vals = f.get("values")
        if vals is None:
            ko = assets.text(t("crawl.ui.fig.out"), "italic", theme.SIZE_BODY, theme.INK_DIM)
            if surface is not None:
                surface.blit(ko, (left + 20, y))
            return max(y + ko.get_height() + 14, top + 14 + COMPASS_W if compass else 0) - top
        # The four stat windows of the dial, each with a tooltip saying what it does.
        box_w = (right - left - 40 - 18) // 4
        for i, stat in enumerate(STATS):
            box = pygame.Rect(left + 20 + i * (box_w + 6), y, box_w, 50)
            if surface is None:
                continue
            pygame.draw.rect(surface, art.STAT_COLOURS[stat], box, border_radius=8)
            pygame.draw.rect(surface, theme.GOLD_DIM, box, 1, border_radius=8)
            icon = assets.asset_icon(f"crawl.{stat}", 16, (255, 255, 255))
            surface.blit(icon, (box.left + 4, box.top + 4))
            num = assets.text(str(vals[stat]), "heading", theme.SIZE_H3, (255, 255, 255))
            surface.blit(num, num.get_rect(midbottom=(box.centerx + 5, box.bottom - 1)))
            self.panel_tips.append((box, [t(STAT_KEYS[stat]), t(STAT_TIPS[stat])]))
        y += 58
        if compass:
            if surface is not None:
                self._draw_compass(surface)
            y = max(y, top + 14 + COMPASS_W)
        for ab in f.get("abilities", []):
            d = query.ability_def(ab)
            colour, shape = art.ability_colour(d.colour)
            label_img = assets.text(self.app.catalog.text(d.name), "bold", theme.SIZE_SMALL,
                                    theme.INK, width - 70)
            if surface is not None:
                surface.blit(art.chip(colour, shape, 18), (left + 20, y + 2))
                surface.blit(label_img, (left + 46, y))
                row = pygame.Rect(left + 16, y - 2, width - 32, label_img.get_height() + 4)
                self.panel_tips.append((row, [self.app.catalog.text(d.name),
                                              self.app.catalog.text(d.text),
                                              t("crawl.ui.ability.stat", stat=t(STAT_KEYS.get(
                                                  d.stat, "crawl.ui.stat.attack")))]))
            y += max(24, label_img.get_height() + 2)
        y += 4
        # The dial around the current click, the knock-out below the last.
        head = assets.text(t("crawl.ui.dial"), "heading", theme.SIZE_SMALL, theme.GOLD)
        if surface is not None:
            surface.blit(head, (left + 20, y))
        y += head.get_height() + 2
        rows = query.dial_rows(f["id"], f["hero"], f["click"])
        cur = f["click"]
        start = max(0, min(cur - 1, len(rows) - DIAL_ROWS))
        for row in rows[start:start + DIAL_ROWS]:
            r = pygame.Rect(left + 16, y, width - 32, 22)
            if surface is not None:
                self._draw_dial_row(surface, r, row)
            y += 23
        if start + DIAL_ROWS >= len(rows):
            ko = assets.text(t("crawl.ui.dial.ko"), "italic", theme.SIZE_TINY, theme.RED_BRIGHT)
            if surface is not None:
                surface.blit(ko, (left + 40, y + 2))
            y += ko.get_height() + 4
        return y + 10 - top

    def _draw_dial_row(self, surface: pygame.Surface, r: pygame.Rect, row: dict[str, Any]) -> None:
        if row["current"]:
            pygame.draw.rect(surface, theme.WOOD_LIGHT, r, border_radius=4)
            pygame.draw.rect(surface, theme.GOLD, r, 1, border_radius=4)
        idx = assets.text(str(row["click"] + 1), "body", theme.SIZE_TINY, theme.INK_DIM)
        surface.blit(idx, idx.get_rect(midleft=(r.left + 6, r.centery)))
        dial = art.readout(tuple(row[s] for s in STATS), 40)  # type: ignore[arg-type]
        surface.blit(dial, dial.get_rect(midleft=(r.left + 34, r.centery)))
        x = r.left + 44 + dial.get_width()
        for ab in row["abilities"]:
            colour, shape = art.ability_colour(query.ability_def(ab).colour)
            surface.blit(art.chip(colour, shape, 14), (x, r.centery - 7))
            x += 17
        if row["demoralized"]:
            skull = assets.asset_icon("crawl.marker.weak", 16, theme.RED_BRIGHT)
            surface.blit(skull, (r.right - 22, r.centery - 8))

    def _compass_shown(self, uid: int) -> bool:
        fig = self.figs.get(uid)
        return self.view.get("active", -1) == uid and fig is not None and fig["where"] == "board"

    def _draw_compass(self, surface: pygame.Surface) -> None:
        cx, cy = self.compass_centre()
        pygame.draw.circle(surface, theme.WOOD_DEEP, (cx, cy), COMPASS_W // 2 - 4)
        pygame.draw.circle(surface, theme.GOLD_DIM, (cx, cy), COMPASS_W // 2 - 4, 2)
        blit_centered(surface, assets.asset_icon("crawl.facing", 28, theme.GOLD_DIM), (cx, cy))
        fig = self.figs.get(self.view.get("active", -1))
        for rect, k, action in self.compass:
            current = fig is not None and fig["facing"] == k
            colour = theme.GOLD_BRIGHT if current else (theme.INK if action else theme.INK_FAINT)
            hovered = rect.collidepoint(self.app.mouse) and action is not None
            pygame.draw.circle(surface, theme.WOOD_LIGHT if hovered else theme.WOOD,
                               rect.center, 13)
            pygame.draw.circle(surface, colour, rect.center, 13, 2)
            a = math.radians(k * 45 - 90)
            tip = (rect.centerx + math.cos(a) * 8, rect.centery + math.sin(a) * 8)
            l_pt = (rect.centerx + math.cos(a + 2.4) * 7, rect.centery + math.sin(a + 2.4) * 7)
            r_pt = (rect.centerx + math.cos(a - 2.4) * 7, rect.centery + math.sin(a - 2.4) * 7)
            pygame.draw.polygon(surface, colour, [tip, l_pt, r_pt])

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """Returns what a tooltip should keep clear of: the table's buttons, the action bar,
        the compass, the score rows and the figure card's stat windows."""
        out = super().tooltip_avoid()
        out += [b.rect for b in self.bar]
        out += [rect for rect, _k, _a in self.compass]
        if self.view:
            out.append(self.status_rect)
        out += [rect for rect, _lines in self.panel_tips]
        return out
