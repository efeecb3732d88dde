"""The heroes table: the skirmish's Search and army building, then the 4×5 combat board.

Everything shown is read from ``rules.view`` (the skirmish's fields, and while the battle runs
its view under ``battle.view``) and ``rules.annotate`` (attack previews with the exact damage
distribution, prices and budget left); clicks become actions only from the legal actions,
grouped by what they point at in an ``ActionIndex``. The seat at the screen sits at the bottom
of the board; the enemy faces it from the top. docs/heroes/view.md describes the fields.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pygame

from engine.core.actions import Action, Breakdown, Event, Message, Term
from scenes import assets, theme
from scenes.anim import DiceTumble, DieSpec
from scenes.app import App
from scenes.board.camera import Camera, SquareLayout
from scenes.board.chooser import ChoicePanel, Popup
from scenes.board.index import ActionIndex
from scenes.duel.fx import FloatText
from scenes.heroes import art, query
from scenes.table import TableScene, format_breakdown
from scenes.widgets import Button, blit_centered, guard_replaced

TS = 104  # a board square
COLS, ROWS = 4, 5
TRACK = pygame.Rect(12, 76, 1196, 58)
BOARD = pygame.Rect(344, 142, COLS * TS, ROWS * TS)
TOWER = pygame.Rect(BOARD.right + 10, 0, 92, TS)
INFO = pygame.Rect(872, 142, 336, 520)
ENEMY = pygame.Rect(12, 142, 320, 252)
MINE = pygame.Rect(12, 410, 320, 252)
STRIP = pygame.Rect(12, 672, 1196, 220)
HAND_CARD = (100, 144)
BUTTONS_X, BUTTONS_W = 956, 252

# Events whose "side" or "seat" parameter the table shows as a name, with the scene's own
# wording ("Adelmar plays Haste" rather than "Side 0 plays Haste").
NAMED_EVENTS = {
    "heroes.ev.play": "heroes.ui.ev.play", "heroes.ev.draw": "heroes.ui.ev.draw",
    "heroes.ev.reshuffle": "heroes.ui.ev.reshuffle", "heroes.ev.discard": "heroes.ui.ev.discard",
    "heroes.ev.replaced": "heroes.ui.ev.replaced", "heroes.ev.swap": "heroes.ui.ev.swap",
    "heroes.ev.surrender": "heroes.ui.ev.surrender", "heroes.ev.look": "heroes.ui.ev.look",
    "heroes.ev.gain": "heroes.ui.ev.gain", "heroes.ev.unusable": "heroes.ui.ev.unusable",
    "heroes.ev.recruit": "heroes.ui.ev.recruit", "heroes.ev.reinforce": "heroes.ui.ev.reinforce",
    "heroes.ev.ready": "heroes.ui.ev.ready", "heroes.ev.tie_broken": "heroes.ui.ev.tie_broken",
    "heroes.ev.morale_use": "heroes.ui.ev.morale_use",
    "heroes.ev.morale_reroll": "heroes.ui.ev.morale_reroll",
    # the expansion's summoning (engine/rules/heroes/battle/summon.py)
    "heroes.ev.summon": "heroes.exp.ui.summon",
    "heroes.ev.summon_no_space": "heroes.exp.ui.summon_no_space",
    "heroes.ev.summon_no_unit": "heroes.exp.ui.summon_no_unit",
    "heroes.ev.summon_no_summoner": "heroes.exp.ui.summon_no_summoner",
}
TIER_KEYS = {"bronze": "heroes.ui.tier.bronze", "silver": "heroes.ui.tier.silver",
             "gold": "heroes.ui.tier.gold", "azure": "heroes.ui.tier.azure"}
TYPE_KEYS = {"ground": "heroes.ui.type.ground", "flying": "heroes.ui.type.flying",
             "ranged": "heroes.ui.type.ranged"}
FACE_KEYS = {"pack": "heroes.ui.face.pack", "few": "heroes.ui.face.few",
             "single": "heroes.ui.face.single"}
STAT_LABELS = {"attack": "heroes.ui.stat.attack", "defence": "heroes.ui.stat.defence",
               "hp": "heroes.ui.stat.hp", "initiative": "heroes.ui.stat.initiative"}
TRIGGER_KEYS = {"activation": "heroes.ui.trigger.activation", "attack": "heroes.ui.trigger.attack",
                "alternative": "heroes.ui.trigger.alternative",
                "passive": "heroes.ui.trigger.passive",
                "retaliation": "heroes.ui.trigger.retaliation", "map": "heroes.ui.trigger.map"}
UNTIL_KEYS = {"attack": "heroes.ui.until.attack", "round": "heroes.ui.until.round",
              "combat": "heroes.ui.until.combat"}
ABILITY_KEYS = {"heal_ally": "heroes.ui.ability.heal_ally", "breach": "heroes.ui.ability.breach"}
KIND_KEYS = {"stat": "heroes.ui.kind.stat", "ability": "heroes.ui.kind.ability",
             "spell": "heroes.ui.kind.spell", "artifact": "heroes.ui.kind.artifact",
             "specialty": "heroes.ui.kind.specialty", "machine": "heroes.ui.kind.machine"}
WHY_UNIT_KINDS = ("pick", "tie", "order")
# the map game's sides without a main hero (the view's battle.heroes)
SIDE_WORDS = {"secondary": "heroes.ui.side.secondary", "garrison": "heroes.ui.side.garrison"}


def mark_keys(u: dict[str, Any], active: int | None) -> list[str]:
    """Returns the catalog keys of a unit's state marks for its panel; the unit acting now is
    "active now" (its flag is set as it starts, the panel said "was active this round")."""
    out = []
    for flag, key in (("paralysed", "heroes.ui.mark.paralysed"),
                      ("defending", "heroes.ui.mark.defending"),
                      ("retaliated", "heroes.ui.mark.retaliated"),
                      ("activated", "heroes.ui.mark.activated"),
                      ("unlimited_retaliation", "heroes.ui.mark.unlimited"),
                      ("defended_last", "heroes.ui.mark.defended_last")):
        if u[flag]:
            out.append("heroes.ui.mark.active" if flag == "activated" and u.get("uid") == active
                       else key)
    return out


def _frac(pair: list[int]) -> Fraction:
    return Fraction(pair[0], pair[1])


# log entries whose "die" is an attack die's face (−1, 0, +1), shown signed
FIGHTERS = 5  # seed 002, "Einheiten": up to five units of a side take part in a combat
SIGNED_DIE = frozenset({"heroes.ev.attack", "heroes.ev.defend_die", "heroes.ev.extra_die"})
# events with attack-die faces under other names ("1 becomes 0" read as a count: "+1 becomes 0")
SIGNED_FACES = {"heroes.ev.morale_reroll": ("old", "new")}


def signed_face(die: int) -> str:
    """Returns an attack die's face as rolled: "+1", "0", "-1"."""
    return f"{die:+d}" if die else "0"


class HeroesTableScene(TableScene):
    """The skirmish table: Search, army building, deployment and the battle on the 4×5 board."""

    CURTAIN_BODY = "heroes.ui.curtain.body"

    def __init__(self, app: App, session: Any, *, save_path: Path | None = None,
                 autosave: bool = True, worker_factory: Any = None,
                 campaign: Any = None) -> None:
        self.camera = Camera(SquareLayout(COLS, ROWS), (TS,))
        self.camera.view = BOARD.copy()
        self.camera.fit()
        self.bv: dict[str, Any] | None = None  # the battle's view while it runs
        self.last_bv: dict[str, Any] | None = None  # the last battle seen (for the end)
        self.bseat: int | None = None
        self.index = ActionIndex([])
        self.legal: list[Action] = []
        self.zones: list[tuple[pygame.Rect, tuple[Any, ...]]] = []
        self.buttons: list[Button] = []
        self.popup: Popup | None = None
        self.chooser: ChoicePanel | None = None
        self.chooser_hidden = False
        self.selected: int | None = None  # the unit to place, or the unit whose card is open
        self.targeting: tuple[str, str, list[Action]] | None = None  # card, mode, its plays
        self.ability: list[Action] | None = None  # a unit's special action awaiting a target
        self.focus_buy: str | None = None
        self.hovered: tuple[Any, ...] | None = None
        self._info_key: Any = None
        self._info: pygame.Surface | None = None
        super().__init__(app, session, save_path=save_path, autosave=autosave,
                         worker_factory=worker_factory, campaign=campaign)

    # --- reading ------------------------------------------------------------------------
    @property
    def screen_kind(self) -> str:
        """Returns what the table shows: search, keep, build, battle or over."""
        v = self.view
        if v.get("game") == "heroes_battle" or "battle" in v:
            return "battle"
        if v.get("phase") == "over":
            return "over"
        if v.get("step") == "keep":
            return "keep"
        return str(v.get("phase", "search"))

    @property
    def my_side(self) -> int:
        """Returns the battle side drawn at the bottom (the viewer's; side 0 without one)."""
        bv = self.bv or self.last_bv
        if bv is None or self.bseat is None:
            return 0
        for s in bv["sides"]:
            if s["seat"] == self.bseat:
                return int(s["side"])
        return 0

    @property
    def watching(self) -> bool:
        """Returns True when the viewer leads neither side of the battle on screen (a battle
        of other seats on the map, watched between turns: no hand of its own to show)."""
        bv = self.bv or self.last_bv
        return bv is not None and (self.bseat is None
                                   or all(s["seat"] != self.bseat for s in bv["sides"]))

    def battle_view(self) -> dict[str, Any] | None:
        """Returns the battle's view in the current view (None outside the battle)."""
        v = self.view
        if "battle" in v:
            return v["battle"]["view"]  # type: ignore[no-any-return]
        return v if v.get("game") == "heroes_battle" else self.last_bv

    def side_name(self, side: int) -> str:
        """Returns the name of a battle side: its hero, or the neutral army."""
        bv = self.battle_view()
        if bv is None or side >= len(bv["sides"]):
            return ""
        s = bv["sides"][side]
        if s["hero"]:
            return art.hero_name(self.app, s["hero"])
        if s.get("bot"):  # a bot hero of the solo campaign
            return art.name(self.app, s["bot"]["name"])
        who = self._side_hero(side)
        if who in SIDE_WORDS:  # a player's side without the main hero (the map game)
            return self.app.t(SIDE_WORDS[who])
        return self.app.t("heroes.ui.neutrals")

    def _side_hero(self, side: int) -> str | None:
        """Returns who leads a side of the map game's battle: main, secondary, garrison (a
        town or settlement defended by its units), or None (neutrals, or a skirmish)."""
        heroes = (self.view.get("battle") or {}).get("heroes") or []
        return heroes[side] if side < len(heroes) else None

    def side_colour(self, side: int) -> theme.Colour:
        """Returns the colour of a battle side: its player's, or neutral brown."""
        bv = self.battle_view()
        if bv is None:
            return art.NEUTRAL
        seat = bv["sides"][side]["seat"]
        host = self._host_seat(seat)
        if host is None:
            return art.NEUTRAL
        return self.seat_colour(host)

    def _host_seat(self, battle_seat: int | None) -> int | None:
        if battle_seat is None:
            return None
        seats = self.view.get("battle", {}).get("seats")
        if seats:
            return int(seats[battle_seat]) if battle_seat < len(seats) else None
        return battle_seat if battle_seat < len(self.session.config.seats) else None

    def over_column(self) -> tuple[str, list[str]] | None:
        """Returns the end screen's column of a battle played alone: each seat's units still
        standing (the outcome's scores are only a win flag)."""
        left = self.view.get("survivors")
        if not left:
            return None
        return self.app.t("heroes.ui.over.units"), [str(n) for n in left]

    def game_text(self, key: str, params: dict[str, Any] | None = None) -> str:
        """Returns a game message, naming sides by their hero and seats by their player."""
        if params and key in SIGNED_FACES:
            params = dict(params)
            for face in SIGNED_FACES[key]:
                if isinstance(params.get(face), int):
                    params[face] = signed_face(params[face])
        own = NAMED_EVENTS.get(key)
        if own is not None and params:
            named = dict(params)
            if isinstance(named.get("side"), int):
                named["side"] = self.side_name(named["side"])
            if isinstance(named.get("seat"), int):
                named["seat"] = self.seat_name(named["seat"])
            return self.app.t(own, **named)
        if params:
            params = dict(params)
            if isinstance(params.get("dice"), (list, tuple)):
                params["dice_text"] = ", ".join(f"{d:+d}" if d else "0" for d in params["dice"])
            if key in SIGNED_DIE and isinstance(params.get("die"), int):
                # a die's face as rolled ("+1"), not a count ("die 1" read as a six-sided 1)
                params["die"] = signed_face(params["die"])
            for did, name in (("did", "did_name"), ("attacker_did", "attacker_name"),
                              ("target_did", "target_name")):
                if did in params and name not in params:
                    # an automatic unit that breaks a wall names no unit as its target, nor
                    # one whose equally good targets the player chooses from (it said "the
                    # wall" in a field battle)
                    params[name] = dict(query.unit(params[did]).name) if params[did] else \
                        self.app.t("heroes.ui.the_wall" if params.get("why") == "wall"
                                   else "heroes.ui.tied_targets")
        return super().game_text(key, params)

    def event_details(self, event: Event) -> list[str]:
        """Returns a log entry's breakdowns; an automatic unit's ranking of its targets too."""
        out = super().event_details(event)
        if event.key == "heroes.ev.auto" and event.params.get("ranking"):
            for i, (_uid, did, cls, dist) in enumerate(event.params["ranking"]):
                out.append(self.app.t("heroes.ui.ranking", n=i + 1,
                                      unit=art.unit_name(self.app, did), cls=int(cls) + 1,
                                      dist=dist))
            out.append(self.app.t("heroes.ui.ranking_rule"))
        return out

    def unit(self, uid: int) -> dict[str, Any]:
        """Returns a unit of the battle view."""
        bv = self.bv or self.last_bv
        assert bv is not None
        return bv["units"][uid]

    # --- geometry -----------------------------------------------------------------------
    def cell_of(self, square: int) -> tuple[int, int]:
        """Returns the screen cell of a square: the viewer's rows at the bottom, the attacker's
        left (column 0) on the left when the attacker sits at the bottom."""
        row, col = divmod(square, COLS)
        if self.my_side == 0:
            return col, ROWS - 1 - row
        return COLS - 1 - col, row

    def square_of(self, cell: tuple[int, int]) -> int:
        """Returns the square shown in a screen cell."""
        x, y = cell
        if self.my_side == 0:
            return (ROWS - 1 - y) * COLS + x
        return y * COLS + (COLS - 1 - x)

    def square_rect(self, square: int) -> pygame.Rect:
        """Returns the screen rectangle of a square."""
        return self.camera.square_rect(self.cell_of(square))

    def tower_rect(self) -> pygame.Rect:
        """Returns where the arrow tower stands: beside the defender's front row."""
        rect = TOWER.copy()
        rect.top = self.square_rect(3 * COLS + COLS - 1).top
        return rect

    def unit_rect(self, u: dict[str, Any]) -> pygame.Rect | None:
        """Returns where a unit is drawn (None while it waits off the board)."""
        if u["tower"]:
            return self.tower_rect()
        if u["square"] < 0:
            return None
        return self.square_rect(u["square"])

    # --- state of the screen ------------------------------------------------------------
    def on_view_changed(self) -> None:
        v = self.view
        if "battle" in v:
            self.bv = v["battle"]["view"]
            self.bseat = v["battle"]["seat"]
            self.last_bv = self.bv
        elif v.get("game") == "heroes_battle":
            self.bv = v
            self.bseat = v.get("seat")
            self.last_bv = v
        else:
            self.bv = None
            self.bseat = None
        self.legal = self.legal_actions()
        self.index = ActionIndex(self.legal, self._keys)
        self._previews = {}
        self._info_key = None
        self.popup = None
        if self.targeting is not None and not any(a in self.legal for a in self.targeting[2]):
            self.targeting = None
        if self.ability is not None and not any(a in self.legal for a in self.ability):
            self.ability = None
        if self.bv is not None and self.bv["phase"] == "deploy":
            waiting = [a["unit"] for a in self.index.of_kind("place")]
            if self.selected not in waiting:
                self.selected = waiting[0] if waiting else None
        self._build_chooser()
        self._build_zones()
        self._build_buttons()

    @staticmethod
    def _keys(action: Action) -> list[tuple[Any, ...]]:
        p = action.params
        kind = action.kind
        if kind in ("place", "move"):
            return [("sq", p.get("square", p.get("to")))]
        if kind == "attack":
            return [("unit", p["target"])] if "target" in p else [("wall", p["wall"])]
        if kind in ("play", "swap"):
            return [("card", p["card"])]
        if kind == "gate":
            return [("wall", p["col"])]
        if kind in ("choose", "activate", "pick"):
            return [("unit", p["unit"])]
        if kind == "ability":
            return [("ability", p["kind"])]
        if kind in ("recruit", "reinforce", "keep"):
            return [(kind, p.get("unit", p.get("card")))]
        return []

    # --- pending decisions through the generic chooser -----------------------------------
    def _build_chooser(self) -> None:
        self.chooser = None
        bv = self.bv
        if bv is None or not self.legal or bv.get("pending") is None:
            return
        kind = bv["pending"]["kind"]
        t = self.app.t
        options: list[tuple[str, str, Any]] = []
        if kind == "school":
            for a in self.index.of_kind("school"):
                options.append((t(f"heroes.ui.school.{a['school']}"), "",
                                self._sender(a)))
        elif kind == "time":
            # without a movement point left only the retreat is offered: its note says why
            # (found in the co-op window walk: a lone "Retreat" under "extend or retreat")
            extend = any(a.kind == "extend" for a in self.legal)
            for a in self.legal:
                if a.kind in ("extend", "retreat"):
                    label = t("heroes.ui.extend") if a.kind == "extend" else t(
                        "heroes.ui.retreat")
                    note = t("heroes.ui.extend.note") if a.kind == "extend" else (
                        "" if extend else t("heroes.ui.retreat.no_mp"))
                    options.append((label, note, self._sender(a)))
        elif kind == "swap":
            # good morale: a card of the hand discarded at a time, then as many drawn
            for a in self.index.of_kind("swap"):
                options.append((art.card_name(self.app, a["card"]), t("heroes.ui.swap.note"),
                                self._sender(a)))
            for a in self.index.of_kind("swap_done"):
                n = int(bv["pending"]["data"][1])
                options.append((t("heroes.ui.swap_done", n=n), "", self._sender(a)))
        elif kind == "reroll":
            # a good morale token: roll one of the attack dice again, or keep the roll
            dice = bv["pending"]["data"].get("dice") or []
            for a in self.index.of_kind("reroll"):
                i = int(a["die"])
                face = dice[i] if i < len(dice) else 0
                shown = f"{face:+d}" if face else "0"
                label = t("heroes.ui.reroll_die", die=shown) if len(dice) == 1 else \
                    t("heroes.ui.reroll_die_n", n=i + 1, die=shown)
                options.append((label, t("heroes.ui.reroll.note"), self._sender(a)))
            for a in self.index.of_kind("keep_roll"):
                options.append((t("heroes.ui.keep_roll"), "", self._sender(a)))
        elif kind in WHY_UNIT_KINDS:
            for a in self.legal:
                if a.kind in ("choose", "activate", "pick"):
                    u = self.unit(a["unit"])
                    options.append((art.unit_name(self.app, u["unit"]),
                                    t(FACE_KEYS[u["face"]]), self._sender(a)))
        if not options:
            return
        title = self.game_message(bv["prompt"]) if bv.get("prompt") else ""
        lines = [t("heroes.ui.choose.units")] if kind in WHY_UNIT_KINDS else []
        self.chooser = ChoicePanel(title, lines, options, self._hide_chooser,
                                   t("heroes.ui.look_at_board"), (BOARD.centerx + 100, 420))
        if self.chooser_hidden:
            self.chooser_hidden = kind in WHY_UNIT_KINDS

    def board_controls(self) -> list[Any]:
        """The action buttons, an open popup's and an open choice panel's buttons."""
        out: list[Any] = self.buttons + self.build_buttons
        if self.popup is not None:
            out += self.popup.buttons
        if self.chooser is not None and not self.chooser_hidden:
            out += self.chooser.buttons
        return out

    def _hide_chooser(self) -> None:
        self.chooser_hidden = True

    def _sender(self, action: Action) -> Any:
        def go() -> None:
            self.chooser_hidden = False
            self.send(action)
        return go

    # --- zones and buttons --------------------------------------------------------------
    def _build_zones(self) -> None:
        zones: list[tuple[pygame.Rect, tuple[Any, ...]]] = []
        kind = self.screen_kind
        if kind == "battle" and self.bv is not None:
            bv = self.bv
            for u in bv["units"]:
                if u["alive"] and (u["deployed"] or u["tower"]):
                    rect = self.unit_rect(u)
                    if rect is not None:
                        zones.append((rect, ("unit", u["uid"])))
            for sq in range(COLS * ROWS):
                zones.append((self.square_rect(sq), ("sq", sq)))
            for i, u in enumerate(self._reserve()):
                zones.append((self._reserve_rect(i), ("reserve", u["uid"])))
            for i, cid in enumerate(self._hand()):
                zones.append((self._hand_rect(i), ("hand", i, cid)))
            for i, uid in enumerate(self._track()):
                zones.append((self._track_rect(i), ("unit", uid)))
        elif kind == "build":
            for i, did in enumerate(self._faction_units()):
                zones.append((self._buy_rect(i), ("buy", did)))
        elif kind in ("search", "keep"):
            for i, cid in enumerate(self.view.get("looking", [])):
                zones.append((self._look_rect(i), ("keep", cid)))
            for i, cid in enumerate(self._deck_list()):
                zones.append((self._deck_rect(i), ("deckcard", cid)))
        self.zones = zones

    def _build_buttons(self) -> None:
        t = self.app.t
        out: list[Button] = []
        kind = self.screen_kind
        x, w = BUTTONS_X, BUTTONS_W
        slots = [pygame.Rect(x, STRIP.top + 8 + i * 52, w, 46) for i in range(4)]

        def add(label: str, action: Any, *, style: str = "normal", icon: str | None = None,
                tip: str | None = None) -> None:
            if len(out) < len(slots):
                out.append(Button(slots[len(out)], label, action, style=style, icon=icon,
                                  tooltip=tip, size=theme.SIZE_SMALL))

        if kind == "battle":
            for a in self.legal:
                if a.kind == "deploy_done":
                    add(t("heroes.ui.deploy_done"), self._sender(a), style="primary",
                        icon="ui.play", tip=t("heroes.ui.deploy_done.tip"))
                elif a.kind == "decline":
                    add(t("heroes.ui.decline"), self._sender(a), style="primary",
                        icon="ui.play", tip=t("heroes.ui.decline.tip"))
            kinds = {a.kind for a in self.legal}
            if "end" in kinds:
                add(t("heroes.ui.end"), self._sender(Action("end")), style="primary",
                    tip=t("heroes.ui.end.tip"))
            if "defend" in kinds:
                add(t("heroes.ui.defend"), self._sender(Action("defend")),
                    icon="heroes.ui.defending", tip=t("heroes.ui.defend.tip"))
            for ability in dict.fromkeys(a["kind"] for a in self.index.of_kind("ability")):
                add(t(ABILITY_KEYS.get(ability, "heroes.ui.ability.other")),
                    self._ability_start(ability), icon="heroes.ui.attack")
            draw = Action("morale", (("use", "draw"),))
            if draw in self.legal:  # seed "Moralaktionen": a good token "jederzeit"
                add(t("heroes.ui.morale_draw"), self._sender(draw), icon="heroes.map.morale",
                    tip=t("heroes.ui.morale_draw.tip"))
            cycle = Action("morale", (("use", "cycle"),))
            if cycle in self.legal:  # then the cards are picked one at a time
                add(t("heroes.mapui.morale_cycle"), self._sender(cycle),
                    icon="heroes.map.morale", tip=t("heroes.mapui.morale_cycle.tip"))
            if "surrender" in kinds:
                add(t("heroes.ui.surrender"), self._sender(Action("surrender")),
                    style="ghost", tip=t("heroes.ui.surrender.tip"))
            if self.chooser is not None and self.chooser_hidden:
                add(t("heroes.ui.choose"), self._show_chooser, style="primary")
        guard_replaced(self.buttons, out)  # "Pass" and "End activation" share a place
        self.buttons = out
        self.build_buttons: list[Button] = []
        if kind == "build":
            self._build_buy_buttons()
        elif kind == "search":
            self._build_search_buttons()

    def _show_chooser(self) -> None:
        self.chooser_hidden = False
        self._build_buttons()

    def _ability_start(self, kind: str) -> Any:
        def go() -> None:
            acts = [a for a in self.index.of_kind("ability") if a["kind"] == kind]
            if len(acts) == 1:
                self.send(acts[0])
                return
            self.targeting = None
            self.ability = acts
        return go

    # --- the battle's parts -------------------------------------------------------------
    def _hand(self) -> list[str]:
        bv = self.bv
        if bv is None or bv["phase"] == "deploy":
            return []
        return list(bv["sides"][self.my_side]["hand"] or [])

    def _reserve(self) -> list[dict[str, Any]]:
        bv = self.bv
        if bv is None or bv["phase"] != "deploy":
            return []
        side = self.my_side
        return [u for u in bv["units"] if u["side"] == side and not u["deployed"]
                and not u["tower"] and u["alive"]]

    def _track(self) -> list[int]:
        bv = self.bv
        if bv is None:
            return []
        order = list(bv["order"])
        if bv["active"] >= 0 and bv["active"] not in order:
            order.insert(0, bv["active"])
        return order[:18]

    def _hand_rect(self, i: int) -> pygame.Rect:
        n = max(1, len(self._hand()))
        step = min(HAND_CARD[0] + 8, (BUTTONS_X - STRIP.left - 30 - HAND_CARD[0]) // max(1, n - 1)
                   if n > 1 else HAND_CARD[0] + 8)
        return pygame.Rect(STRIP.left + 16 + i * step, STRIP.top + 44, *HAND_CARD)

    def _reserve_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(STRIP.left + 16 + i * (TS + 14), STRIP.top + 52, TS, TS)

    def _track_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(TRACK.left + 150 + i * 54, TRACK.top + 5, 48, 48)

    # --- acting -------------------------------------------------------------------------
    def cancel(self) -> None:
        """Drops a half-made choice (a card waiting for its target, a special action)."""
        self.targeting = None
        self.ability = None
        self.popup = None

    def click(self, key: tuple[Any, ...], pos: tuple[int, int]) -> None:
        """Turns a click on a part of the table into an action (or a selection)."""
        kind = key[0]
        if kind == "hand":
            self._click_card(key[2], pos)
            return
        if kind == "reserve":
            self.selected = key[1]
            return
        if kind == "keep":
            a = self.index.find("keep", card=key[1])
            if a is not None:
                self.send(a)
            return
        if kind == "buy":
            self.focus_buy = key[1]
            return
        if kind == "sq":
            sq = key[1]
            occupant = self._unit_at(sq)
            if occupant is not None:
                self.click(("unit", occupant), pos)
                return
            gate = self.index.find("gate", col=sq % COLS) if sq // COLS == 2 else None
            if gate is not None:
                self.send(gate)
                return
            if self._click_wall(sq):
                return
            if self.bv is not None and self.bv["phase"] == "deploy" and self.selected is not None:
                a = self.index.find("place", unit=self.selected, square=sq)
                if a is not None:
                    self.send(a)
                return
            a = self.index.find("move", to=sq)
            if a is not None and self.targeting is None and self.ability is None:
                self.send(a)
            return
        if kind == "unit":
            uid = key[1]
            if self.targeting is not None:
                tower = self.unit(uid)["tower"]
                found = [a for a in self.targeting[2] if a.get("target") == uid
                         or (tower and a.get("wall") == -1)]
                if found:
                    self.targeting = None
                    self.send(found[0])
                return
            if self.ability is not None:
                found = [a for a in self.ability if a.get("target") == uid
                         or (a.get("wall") == -1 and self.unit(uid)["tower"])]
                if found:
                    self.ability = None
                    self.send(found[0])
                return
            for a in self.index.at(("unit", uid)):
                if a.kind in ("attack", "choose", "activate", "pick"):
                    self.chooser_hidden = False
                    self.send(a)
                    return
            self._why_no_attack(uid)
            self.selected = uid
            self._info_key = None

    def _why_no_attack(self, uid: int) -> None:
        """Says why the active unit cannot attack a clicked enemy (the rules' refusal; for a
        unit that fights hand to hand, that attacks never go diagonal)."""
        bv = self.bv
        if bv is None or bv["phase"] != "battle" or bv["active"] < 0 or bv.get("pending") \
                or not any(a.kind in ("attack", "move", "end") for a in self.legal):
            return
        active = self.unit(bv["active"])
        if self.unit(uid)["side"] == active["side"] or self.unit(uid)["tower"]:
            return
        preview = self.rules.annotate(self.session.state, self.viewer,
                                      [Action("attack", (("target", uid),))])[0]
        if preview.refused is None:
            return
        key = preview.refused.key
        text = self.app.t(key) if self.app.has(key) else self.app.t("ui.illegal")
        if key == "heroes.rule.no_target" and active["type"] != "ranged":
            text += " " + self.app.t("heroes.ui.no_target_hint")
        self.app.toast(text, "error")

    def _click_wall(self, sq: int) -> bool:
        bv = self.bv
        if bv is None or not bv["walls"] or sq // COLS != 2:
            return False
        col = sq % COLS
        if self.targeting is not None:
            found = [a for a in self.targeting[2] if a.get("wall") == col]
            if found:
                self.targeting = None
                self.send(found[0])
            return True
        if self.ability is not None:
            found = [a for a in self.ability if a.get("wall") == col]
            if found:
                self.ability = None
                self.send(found[0])
            return True
        for a in self.index.at(("wall", col)):
            self.send(a)
            return True
        return bv["walls"][col] is not None

    def _unit_at(self, sq: int) -> int | None:
        bv = self.bv
        if bv is None:
            return None
        for u in bv["units"]:
            if u["alive"] and u["deployed"] and u["square"] == sq:
                return int(u["uid"])
        return None

    def _click_card(self, cid: str, pos: tuple[int, int]) -> None:
        plays = self.index.at(("card", cid))
        if not plays:
            self.app.toast(self.app.t("heroes.ui.card_not_now"))
            return
        swap = next((a for a in plays if a.kind == "swap"), None)
        if swap is not None:  # a good-morale swap: the card goes, another comes
            self.send(swap)
            return
        modes = list(dict.fromkeys(a["mode"] for a in plays))
        card = query.card(cid)
        if len(modes) == 1 and modes[0] == card.modes[0].id:
            self._choose_mode(cid, modes[0])
            return
        # several ways to play it, or only another way than its main effect (a spell outside
        # its owner's activation can only empower): the player picks or confirms in a popup
        # an expert mode says so: it spends one of the round's expert effects (seed "Karten")
        texts = {m.id: art.name(self.app, m.text) + (
            f" ({self.app.t('heroes.ui.expert')})" if m.crown else "") for m in card.modes}
        choices = [(texts.get(m, m), m) for m in modes]
        self.popup = Popup.listing(choices, lambda m: self._choose_mode(cid, m),
                                   (pos[0], pos[1] - 60 * len(choices)),
                                   pygame.Rect(0, 70, 1210, 820), max_width=560)

    def _choose_mode(self, cid: str, mode: str) -> None:
        self.popup = None
        acts = [a for a in self.index.at(("card", cid)) if a["mode"] == mode]
        if len(acts) == 1 and "target" not in acts[0].params and "wall" not in acts[0].params:
            self.send(acts[0])
            return
        self.ability = None
        self.targeting = (cid, mode, acts)

    # --- input --------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.chooser is not None and not self.chooser_hidden:
            return self.chooser.handle(event)
        if self.popup is not None:
            used, close = self.popup.handle(event)
            if close:
                self.popup = None
            if used:
                return True
        for button in self.buttons + self.build_buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.cancel()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (
                self.targeting is not None or self.ability is not None):
            self.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.anim.busy:
                self.anim.finish_all()
            for rect, key in self.zones:
                if rect.collidepoint(event.pos):
                    self.click(key, event.pos)
                    return True
            if self.targeting is not None or self.ability is not None:
                self.cancel()
                return True
        return False

    def update_board(self, dt: float) -> None:
        mouse = self.app.mouse
        for button in self.buttons + self.build_buttons:
            button.update(dt, self.app)
        if self.chooser is not None and not self.chooser_hidden:
            self.chooser.update(dt, self.app)
            self.hovered = None
            return
        if self.popup is not None:
            self.popup.update(dt, self.app)
        self.hovered = None
        for rect, key in self.zones:
            if rect.collidepoint(mouse):
                self.hovered = key
                break
        key = self.hovered
        if key is None or self.popup is not None:
            return  # an open popup (a card's modes) is never covered by a tooltip
        if key[0] == "hand":
            self.hint(key, self._card_tip(key[2]), self._hand_rect(key[1]))
        elif key[0] == "deckcard":
            rect = next(r for r, k in self.zones if k == key)
            self.hint(key, self._card_tip(key[1]), rect)
        elif key[0] == "keep":
            rect = next(r for r, k in self.zones if k == key)
            self.hint(key, self._card_tip(key[1]), rect)

    def _card_tip(self, cid: str) -> list[str]:
        t = self.app.t
        c = query.card(cid)
        lines = [art.card_name(self.app, cid) + " · " + t(KIND_KEYS.get(c.kind,
                                                                          "heroes.ui.kind.stat"))]
        for m in c.modes:
            extra = []
            if m.cost:
                extra.append(t("heroes.ui.empower_n", n=m.cost))
            if m.crown:
                extra.append(t("heroes.ui.expert"))
            tail = f" ({', '.join(extra)})" if extra else ""
            lines.append("• " + art.name(self.app, m.text) + tail)
        return lines

    # --- animation ----------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        bv = self.bv or self.last_bv
        if bv is None:
            return
        delay = 0.0
        for e in events:
            p = e.params
            if e.key == "heroes.ev.attack":
                target = bv["units"][p["target"]] if p["target"] < len(bv["units"]) else None
                rect = self.unit_rect(target) if target is not None else None
                if rect is None:
                    continue
                dice = [DieSpec((rect.centerx - (len(p["dice"]) - 1) * 22 + i * 44,
                                 rect.top + 10), int(d) + 2, sides=3,
                                labels=("−1", "0", "+1"))
                        for i, d in enumerate(p["dice"])]
                self.anim.add(DiceTumble(dice, duration=0.7, size=36, delay=delay,
                                         seed=len(self.session.actions)))
                colour = theme.RED_BRIGHT if p["damage"] else theme.INK_DIM
                self.anim.add(FloatText(f"−{p['damage']}", rect.center, colour,
                                        delay=delay + 0.7))
                delay += 1.0
            elif e.key == "heroes.ev.damage" and p.get("source") != "attack":
                u = bv["units"][p["unit"]]
                rect = self.unit_rect(u)
                if rect is not None:
                    self.anim.add(FloatText(f"−{p['amount']}", rect.center, theme.RED_BRIGHT,
                                            delay=delay))
                    delay += 0.4
            elif e.key == "heroes.ev.heal":
                u = bv["units"][p["unit"]]
                rect = self.unit_rect(u)
                if rect is not None:
                    self.anim.add(FloatText(f"+{p['amount']}", rect.center, theme.GREEN_BRIGHT,
                                            delay=delay))
            elif e.key == "heroes.ev.defend_die":
                u = bv["units"][p["unit"]]
                rect = self.unit_rect(u)
                if rect is not None:
                    self.anim.add(DiceTumble([DieSpec((rect.right - 20, rect.bottom - 20),
                                                      int(p["die"]) + 2, sides=3,
                                                      labels=("−1", "0", "+1"))],
                                             duration=0.6, size=28, delay=delay,
                                             seed=len(self.session.actions) + 7))

    # --- drawing ------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        kind = self.screen_kind
        if kind == "battle":
            self.draw_battle(surface)
        elif kind == "build":
            self.draw_build(surface)
        elif kind in ("search", "keep"):
            self.draw_search(surface)
        else:
            self.draw_over(surface)
        for button in self.buttons + self.build_buttons:
            button.draw(surface)
        if self.popup is not None:
            self.popup.draw(surface)
        if self.chooser is not None and not self.chooser_hidden:
            surface.blit(theme.shade(self.board_rect.size, 110), self.board_rect)
            self.chooser.draw(surface)

    # battle -----------------------------------------------------------------------------
    def draw_battle(self, surface: pygame.Surface) -> None:
        bv = self.bv
        assert bv is not None
        self._draw_track(surface, bv)
        self._draw_hero(surface, ENEMY, 1 - self.my_side, bv)
        self._draw_hero(surface, MINE, self.my_side, bv)
        self._draw_grid(surface, bv)
        self._draw_units(surface, bv)
        self._draw_marks(surface, bv)
        self._draw_info(surface)
        self._draw_strip(surface, bv)

    def _draw_track(self, surface: pygame.Surface, bv: dict[str, Any]) -> None:
        surface.blit(theme.panel(TRACK.size, "inset"), TRACK)
        t = self.app.t
        label = assets.text(assets.fit(t("heroes.ui.initiative_track"), "heading",
                                       theme.SIZE_SMALL, 130), "heading", theme.SIZE_SMALL,
                            theme.GOLD)
        surface.blit(label, (TRACK.left + 14, TRACK.centery - label.get_height() // 2))
        for i, uid in enumerate(self._track()):
            u = self.unit(uid)
            rect = self._track_rect(i)
            tile = art.unit_tile(u["unit"], u["face"], rect.width, self.side_colour(u["side"]),
                                 False)
            surface.blit(tile, rect)
            chip = art.stat_chip("initiative", str(u["initiative"]), 11)
            surface.blit(chip, chip.get_rect(midbottom=(rect.centerx, rect.bottom + 4)))
            if uid == bv["active"]:
                pygame.draw.rect(surface, theme.GOLD_BRIGHT, rect.inflate(6, 6), width=3,
                                 border_radius=8)
            if self.hovered == ("unit", uid):
                pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), width=2,
                                 border_radius=8)
        rnd = t("heroes.ui.round", round=bv["round"]) if not bv["max_rounds"] else t(
            "heroes.ui.round_of", round=bv["round"], max=bv["max_rounds"])
        if bv["phase"] == "deploy":
            rnd = t("heroes.ui.deployment")
        image = assets.text(rnd, "heading", theme.SIZE_SMALL, theme.INK)
        surface.blit(image, (TRACK.right - image.get_width() - 16,
                             TRACK.centery - image.get_height() // 2))

    @staticmethod
    def side_lines(sub: str, who: str, room: int) -> list[str]:
        """Returns the line(s) under a side's name: "<what it is> · <player>" on one line,
        smaller if need be, or on two lines when even that is cut (a garrison's "the units,
        without a deck · Player 2" was cut to "· Playe…")."""
        words = f"{sub} · {who}"
        if assets.size_of(words, "body", theme.SIZE_SMALL - 2)[0] <= room:
            return [words]
        return [sub, who]

    def _draw_hero(self, surface: pygame.Surface, rect: pygame.Rect, side: int,
                   bv: dict[str, Any]) -> None:
        t = self.app.t
        if side >= len(bv["sides"]):
            return
        s = bv["sides"][side]
        surface.blit(theme.panel(rect.size, "wood"), rect)
        colour = self.side_colour(side)
        disc = (rect.left + 46, rect.top + 48)
        pygame.draw.circle(surface, theme.WOOD_DEEP, disc, 34)
        pygame.draw.circle(surface, colour, disc, 34, 3)
        if s["hero"]:
            icon = assets.asset_icon(f"heroes.hero.{s['hero']}", 44)
            title = art.name(self.app, query.hero(s["hero"]).title)
            sub = t("heroes.ui.hero_line", title=title, level=s["level"])
        elif s.get("bot"):  # a bot hero of the solo campaign (scenes/heroes/botmarks.py)
            icon = assets.asset_icon("heroes.bot.hero", 44)
            sub = t("heroes.botui.bot_hero")
        elif self._side_hero(side) in SIDE_WORDS:
            # a secondary hero or a garrison: the player's units without the deck
            icon = assets.asset_icon(f"heroes.faction.{s['faction']}", 44) if s.get(
                "faction") else assets.asset_icon("heroes.map.secondary", 44)
            sub = t("heroes.ui.side.units_only")
        else:
            icon = assets.asset_icon("heroes.faction.neutral", 44)
            field = self.view.get("options", {}).get("field") or (
                self.view.get("battle") or {}).get("field")
            sub = t("heroes.ui.neutral_line", field=field) if field else t("heroes.ui.neutrals")
        blit_centered(surface, icon, disc)
        name = assets.text(assets.fit(self.side_name(side), "heading", theme.SIZE_H3,
                                      rect.width - 100), "heading", theme.SIZE_H3, theme.GOLD)
        surface.blit(name, (rect.left + 90, rect.top + 16))
        player = self._host_seat(s["seat"])
        who = self.seat_name(player) if player is not None else t("heroes.ui.automatic")
        for i, words in enumerate(self.side_lines(sub, who, rect.width - 100)):
            size = theme.SIZE_SMALL if assets.size_of(words, "body", theme.SIZE_SMALL)[0] <= \
                rect.width - 100 else theme.SIZE_SMALL - 2
            line = assets.text(assets.fit(words, "body", size, rect.width - 100), "body", size,
                               theme.INK_DIM)
            surface.blit(line, (rect.left + 90, rect.top + 52 + 22 * i))
        if side == bv.get("deploying") and bv["phase"] == "deploy" or (
                bv["active"] >= 0 and self.unit(bv["active"])["side"] == side):
            pygame.draw.rect(surface, colour, rect.inflate(-4, -4), width=3, border_radius=10)
        if not s["hero"]:
            alive = sum(1 for u in bv["units"] if u["side"] == side and u["alive"])
            text = assets.text(t("heroes.ui.units_left", n=alive), "body", theme.SIZE_SMALL,
                               theme.INK)
            surface.blit(text, (rect.left + 22, rect.top + 100))
            if s.get("bot"):
                from scenes.heroes.botmarks import draw_bot_decks

                draw_bot_decks(self, surface, rect, s["bot"])
            return
        rows = [("heroes.ui.deck", t("heroes.ui.hand_deck", hand=s["hand_count"],
                                     deck=s["deck_count"], discard=len(s["discard"]))),
                ("heroes.ui.spell", t("heroes.ui.spells_cast", cast=s["spells_cast"],
                                      limit=s["spell_limit"])),
                ("heroes.ui.empower", t("heroes.ui.empower_left", n=s["empower"])),
                ("heroes.ui.crown", t("heroes.ui.crowns_left", n=s["crowns"]))]
        y = rect.top + 92
        for icon_id, text in rows:
            surface.blit(assets.asset_icon(icon_id, 20), (rect.left + 20, y))
            image = assets.text(assets.fit(text, "body", theme.SIZE_SMALL, rect.width - 64),
                                "body", theme.SIZE_SMALL, theme.INK)
            surface.blit(image, (rect.left + 50, y))
            y += 28
        if s["in_play"]:
            names = ", ".join(art.card_name(self.app, c) for c in s["in_play"])
            image = assets.text(assets.fit(t("heroes.ui.in_play", cards=names), "italic",
                                           theme.SIZE_SMALL, rect.width - 40), "italic",
                                theme.SIZE_SMALL, theme.GOLD)
            surface.blit(image, (rect.left + 20, y + 2))
        if s["hand"] is None and s["hand_count"]:
            # the other hero's hand: backs only (hand sizes are public)
            for i in range(min(8, s["hand_count"])):
                surface.blit(art.card_back((30, 42)), (rect.right - 50 - i * 14,
                                                      rect.bottom - 56))

    def _draw_grid(self, surface: pygame.Surface, bv: dict[str, Any]) -> None:
        frame = BOARD.inflate(20, 20)
        surface.blit(theme.panel(frame.size, "inset"), frame)
        siege = bv["kind"] == "siege"
        for sq in range(COLS * ROWS):
            rect = self.square_rect(sq)
            row = sq // COLS
            kind = ("siege_middle" if siege else "middle") if row == 2 else (
                "siege" if siege and row >= 3 else "field")
            surface.blit(art.square_tile(TS - 4, kind, (sq + row) % 2), rect.inflate(-4, -4))
        # the sides' rows, faintly coloured
        for side in (0, 1):
            colour = self.side_colour(side)
            rows = (0, 1) if side == 0 else (3, 4)
            rects = [self.square_rect(r * COLS) for r in rows]
            band = rects[0].union(rects[1])
            pygame.draw.line(surface, colour, (BOARD.left - 8, band.top + 4),
                             (BOARD.left - 8, band.bottom - 4), 4)
        for col, piece in enumerate(bv["walls"]):
            if piece is None:
                continue
            rect = self.square_rect(2 * COLS + col)
            surface.blit(art.wall_tile(TS - 4, piece == "gate"), rect.inflate(-4, -4))
        # highlights: reach, deployment squares, targets
        if bv["phase"] == "deploy" and self.selected is not None:
            for a in self.index.of_kind("place"):
                if a["unit"] == self.selected:
                    self.highlight(surface, self.square_rect(a["square"]).inflate(-8, -8))
        elif self.targeting is None and self.ability is None:
            for a in self.index.of_kind("move"):
                rect = self.square_rect(a["to"]).inflate(-8, -8)
                self.highlight(surface, rect)
                if self.hovered == ("sq", a["to"]):
                    pygame.draw.rect(surface, theme.LEGAL, rect, width=0, border_radius=8)
        walls = []
        if self.targeting is not None:
            walls = [a["wall"] for a in self.targeting[2] if "wall" in a.params]
        elif self.ability is not None:
            walls = [a["wall"] for a in self.ability if a.get("wall", -1) >= 0]
        else:
            walls = [a.get("wall", a.get("col")) for a in self.legal
                     if a.kind in ("gate",) or (a.kind == "attack" and "wall" in a.params)]
        for col in walls:
            theme.outline(surface, self.square_rect(2 * COLS + col).inflate(-6, -6),
                          theme.RED_BRIGHT, self.phase)

    def _draw_units(self, surface: pygame.Surface, bv: dict[str, Any]) -> None:
        active = bv["active"]
        for u in bv["units"]:
            if not u["alive"] or not (u["deployed"] or u["tower"]):
                continue
            rect = self.unit_rect(u)
            if rect is None:
                continue
            self._draw_unit(surface, u, rect.inflate(-6, -6), u["uid"] == active)
            if u["tower"]:
                cap = assets.text(assets.fit(art.unit_name(self.app, u["unit"]), "bold",
                                             theme.SIZE_TINY, rect.width + 20), "bold",
                                  theme.SIZE_TINY, theme.INK_DIM)
                surface.blit(cap, cap.get_rect(midtop=(rect.centerx, rect.bottom + 2)))

    def _draw_unit(self, surface: pygame.Surface, u: dict[str, Any], rect: pygame.Rect,
                   active: bool) -> None:
        size = rect.width
        dim = u["activated"] and not active and self.bv is not None \
            and self.bv["phase"] == "battle"
        tile = art.unit_tile(u["unit"], u["face"], size, self.side_colour(u["side"]), dim)
        surface.blit(tile, rect.topleft)
        small = 11 if size < 80 else 13
        atk = art.stat_chip("attack", str(u["attack"]), small,
                            self._stat_ink(u, "attack"))
        dfc = art.stat_chip("defence", str(u["defence"]), small,
                            self._stat_ink(u, "defence"))
        ini = art.stat_chip("initiative", str(u["initiative"]), small,
                            self._stat_ink(u, "initiative"))
        surface.blit(atk, (rect.left + 3, rect.top + 3))
        surface.blit(dfc, (rect.right - dfc.get_width() - 3, rect.top + 3))
        surface.blit(ini, (rect.right - ini.get_width() - 3, rect.top + 5 + atk.get_height()))
        hp_text = f"{u['hp_left']}/{u['hp']}"
        hp = art.stat_chip("hp", hp_text, small,
                           theme.RED_BRIGHT if u["damage"] else theme.INK)
        surface.blit(hp, (rect.left + 3, rect.bottom - hp.get_height() - 10))
        bar = pygame.Rect(rect.left + 6, rect.bottom - 8, rect.width - 12, 5)
        art.hp_bar(surface, bar, u["hp_left"], u["hp"])
        face = assets.text(self.app.t(FACE_KEYS[u["face"]]), "bold", theme.SIZE_TINY - 2,
                           theme.INK_DIM)
        if u["face"] != "single":
            surface.blit(face, (rect.right - face.get_width() - 6,
                                rect.bottom - face.get_height() - 10))
        # markers, bottom-up along the left edge of the art
        marks = []
        if u["paralysed"]:
            marks.append("heroes.ui.paralysed")
        if u["defending"]:
            marks.append("heroes.ui.defending")
        if u["retaliated"] and not u["unlimited_retaliation"]:
            marks.append("heroes.ui.retaliated")
        for i, mark in enumerate(marks):
            icon = assets.asset_icon(mark, 22)
            pos = (rect.left + 4 + i * 24, rect.top + rect.height // 2 - 4)
            pygame.draw.circle(surface, theme.WOOD_DEEP, (pos[0] + 11, pos[1] + 11), 13)
            surface.blit(icon, pos)
        if u["activated"] and not active and self.bv is not None \
                and self.bv["phase"] == "battle":
            cube = pygame.Rect(0, 0, 12, 12)
            cube.bottomright = (rect.right - 4, rect.centery + 8)
            pygame.draw.rect(surface, self.side_colour(u["side"]), cube, border_radius=2)
            pygame.draw.rect(surface, theme.WOOD_DEEP, cube, width=1, border_radius=2)
        if u["bonuses"]:
            plus = art.stat_chip("level", "+", 10, theme.GOLD_BRIGHT)
            surface.blit(plus, (rect.centerx - plus.get_width() // 2, rect.top + 3))
        if active:
            theme.outline(surface, rect, theme.GOLD_BRIGHT, self.phase, width=4)

    def _stat_ink(self, u: dict[str, Any], stat: str) -> theme.Colour:
        base = u["printed"][u["face"] if u["face"] != "single" else "few"]
        base = base or u["printed"]["few"]
        now = u[stat]
        if now > base[stat]:
            return theme.GREEN_BRIGHT
        if now < base[stat]:
            return theme.RED_BRIGHT
        return theme.INK

    def _draw_marks(self, surface: pygame.Surface, bv: dict[str, Any]) -> None:
        """Targets of an attack, a card or a decision; the attack waiting in a window."""
        targets: set[int] = set()
        if self.targeting is not None:
            targets = {a["target"] for a in self.targeting[2] if "target" in a.params}
        elif self.ability is not None:
            targets = {a["target"] for a in self.ability if "target" in a.params}
            if any(a.get("wall") == -1 for a in self.ability):
                targets |= {u["uid"] for u in bv["units"] if u["tower"] and u["alive"]}
        else:
            targets = {a["target"] for a in self.index.of_kind("attack") if "target" in a.params}
            targets |= {a["unit"] for a in self.legal if a.kind in ("choose", "activate", "pick")}
        for uid in targets:
            rect = self.unit_rect(self.unit(uid))
            if rect is not None:
                theme.outline(surface, rect.inflate(-4, -4), theme.RED_BRIGHT, self.phase)
        pending = bv.get("pending")
        if pending and pending["kind"] == "respond":
            data = pending["data"]
            a, b = self.unit_rect(self.unit(data["attacker"])), self.unit_rect(
                self.unit(data["target"]))
            if a is not None and b is not None:
                pygame.draw.line(surface, theme.RED_BRIGHT, a.center, b.center, 5)
                pygame.draw.circle(surface, theme.RED_BRIGHT, b.center, 9)
        if self.hovered is not None and self.hovered[0] == "unit":
            rect = self.unit_rect(self.unit(self.hovered[1]))
            if rect is not None:
                pygame.draw.rect(surface, theme.INK, rect.inflate(-2, -2), width=2,
                                 border_radius=10)

    def strip_title(self, bv: dict[str, Any]) -> str:
        """Returns the heading of the strip under the board: the units to place, or the hand
        (for a battle of other seats, watched: who places, how many cards its hero holds)."""
        t = self.app.t
        if bv["phase"] == "deploy":
            if self.watching:  # another seat's battle: name who places its units
                return "" if bv["deploying"] is None else t(
                    "heroes.ui.watch_deploy", name=self.side_name(bv["deploying"]))
            if bv["deploying"] == self.my_side and self._reserve():
                # seed 002 "Einheiten": five take part in a combat; an army of more places
                # only as many as the board takes (the rest stay out: say so before it fills)
                placed = sum(1 for u in bv["units"] if u["side"] == self.my_side
                             and u["deployed"] and not u["tower"] and u["alive"])
                room = max(0, FIGHTERS - placed)
                if len(self._reserve()) > room:
                    return t("heroes.ui.to_place_some", n=room, total=len(self._reserve()))
                return t("heroes.ui.to_place")
            return t("heroes.ui.enemy_deploys") if self._reserve() or bv["deploying"] != \
                self.my_side else t("heroes.ui.all_placed")
        side = bv["sides"][self.my_side]
        if not side["hero"]:
            return t("heroes.ui.no_hand")
        if self.watching:  # another seat's battle: its hand is hidden, only its size shows
            return t("heroes.ui.watch_hand", name=self.side_name(self.my_side),
                     n=side["hand_count"])
        return t("heroes.ui.hand", n=len(self._hand()))

    def _draw_strip(self, surface: pygame.Surface, bv: dict[str, Any]) -> None:
        surface.blit(theme.panel(STRIP.size, "wood"), STRIP)
        t = self.app.t
        reserve = self._reserve()
        title = self.strip_title(bv)
        if bv["phase"] == "deploy":
            if title:
                image = assets.text(assets.fit(title, "heading", theme.SIZE_SMALL,
                                               STRIP.width - 32), "heading", theme.SIZE_SMALL,
                                    theme.GOLD)
                surface.blit(image, (STRIP.left + 16, STRIP.top + 14))
            for i, u in enumerate(reserve):
                rect = self._reserve_rect(i)
                self._draw_unit(surface, u, rect, False)
                if u["uid"] == self.selected:
                    self.highlight(surface, rect, "selected")
            return
        hand = self._hand()
        image = assets.text(title, "heading", theme.SIZE_SMALL, theme.GOLD)
        surface.blit(image, (STRIP.left + 16, STRIP.top + 12))
        if self.targeting is not None:
            tip = t("heroes.ui.pick_target", card=art.card_name(self.app, self.targeting[0]))
        elif self.ability is not None:
            tip = t("heroes.ui.pick_ability_target")
        else:
            tip = ""
        if tip:
            image = assets.text(assets.fit(tip, "italic", theme.SIZE_SMALL, 640), "italic",
                                theme.SIZE_SMALL, theme.GOLD_BRIGHT)
            surface.blit(image, (STRIP.left + 220, STRIP.top + 12))
        for i, cid in enumerate(hand):
            rect = self._hand_rect(i)
            playable = bool(self.index.at(("card", cid)))
            lift = -10 if self.hovered == ("hand", i, cid) else 0
            face = art.card_face(cid, HAND_CARD, art.card_name(self.app, cid), playable,
                                 self.app.catalog.lang)
            surface.blit(face, rect.move(0, lift))
            if self.targeting is not None and self.targeting[0] == cid:
                self.highlight(surface, rect.move(0, lift), "selected")

    # the side panel ----------------------------------------------------------------------
    def _info_subject(self) -> tuple[Any, ...] | None:
        """Returns what the side panel explains now: an attack, a unit or the window."""
        bv = self.bv
        if bv is None:
            return None
        key = self.hovered
        if key is not None and key[0] == "unit":
            attack = self.index.find("attack", target=key[1])
            if attack is not None and self.targeting is None and self.ability is None:
                return ("attack", attack)
            return ("unit", key[1])
        if key is not None and key[0] == "sq" and bv["walls"] and key[1] // COLS == 2:
            attack = self.index.find("attack", wall=key[1] % COLS)
            if attack is not None:
                return ("wall", key[1] % COLS)
        if key is not None and key[0] == "sq":
            move = self.index.find("move", to=key[1])
            if move is not None:
                return ("move", move)
        if key is not None and key[0] == "reserve":
            return ("unit", key[1])
        pending = bv.get("pending")
        if pending and pending["kind"] == "respond":
            return ("respond",)
        if self.selected is not None and self.selected < len(bv["units"]):
            return ("unit", self.selected)
        if bv["active"] >= 0:
            return ("unit", bv["active"])
        return ("help",)

    def _draw_info(self, surface: pygame.Surface) -> None:
        subject = self._info_subject()
        key = (subject, len(self.session.actions), self.app.catalog.lang, self.curtain_for)
        if key != self._info_key or self._info is None:
            self._info_key = key
            self._info = self._render_info(subject)
        surface.blit(self._info, INFO)

    def _render_info(self, subject: tuple[Any, ...] | None) -> pygame.Surface:
        surf = theme.panel(INFO.size, "parchment").copy()
        pen = _Pen(surf, 18, 16, INFO.width - 36, INFO.height - 8)
        if subject is None:
            return surf
        kind = subject[0]
        if kind == "attack":
            self._write_attack(pen, subject[1])
        elif kind == "unit":
            self._write_unit(pen, self.unit(subject[1]))
        elif kind == "wall":
            pen.title(self.app.t("heroes.ui.wall_title"))
            pen.para(self.app.t("heroes.ui.wall_text"))
        elif kind == "move":
            info = self.preview(subject[1]).detail
            pen.title(self.app.t("heroes.ui.move_title"))
            pen.para(self.app.t("heroes.ui.move_text", n=info.get("distance", 0)))
            if info.get("ranged_ends"):
                pen.para(self.app.t("heroes.ui.move_ends"))
        elif kind == "respond":
            self._write_respond(pen)
        else:
            pen.title(self.app.t("heroes.ui.help_title"))
            for k in ("heroes.ui.help.1", "heroes.ui.help.2", "heroes.ui.help.3"):
                pen.para(self.app.t(k))
        return surf

    def _write_unit(self, pen: _Pen, u: dict[str, Any]) -> None:
        t = self.app.t
        d = query.unit(u["unit"])
        pen.title(art.unit_name(self.app, u["unit"]), art.unit_colour(u["unit"]))
        owner = art.name(self.app, query.faction(d.faction).name) if d.faction else t(
            "heroes.ui.neutral_unit")
        pen.line(f"{owner} · {t(TIER_KEYS[u['tier']])} · {t(TYPE_KEYS[u['type']])}",
                 theme.INK_DARK_DIM)
        pen.gap(4)
        # both sides' printed values and the values now
        cols = []
        if u["printed"]["pack"] is not None:
            cols.append((t("heroes.ui.face.pack"), u["printed"]["pack"], u["face"] == "pack"))
            cols.append((t("heroes.ui.face.few"), u["printed"]["few"], u["face"] == "few"))
        else:
            cols.append((t("heroes.ui.printed"), u["printed"]["few"], True))
        now = {"attack": u["attack"], "defence": u["defence"], "hp": u["hp"],
               "initiative": u["initiative"]}
        cols.append((t("heroes.ui.now"), now, True))
        pen.table([t(STAT_LABELS[k]) for k in art.STAT_KEYS], cols, art.STAT_KEYS)
        pen.gap(4)
        if u["damage"]:
            pen.line(t("heroes.ui.damage_line", damage=u["damage"], left=u["hp_left"],
                       total=u["total_hp_left"]), theme.RED)
        marks = [t(k) for k in mark_keys(u, (self.battle_view() or {}).get("active"))]
        if u["spell_ward"]:
            marks.append(t("heroes.ui.mark.ward", n=u["spell_ward"]))
        if marks:
            pen.para(" · ".join(marks), theme.INK_DARK)
        for b in u["bonuses"]:
            parts = []
            for stat in ("attack", "defence", "initiative"):
                if b[stat]:
                    parts.append(f"{b[stat]:+d} {t(STAT_LABELS[stat])}")
            card = art.bonus_card_name(self.app, b["card"]) if b["card"] else ""
            pen.para(t("heroes.ui.bonus", what=", ".join(parts), card=card,
                       until=t(UNTIL_KEYS.get(b["until"], "heroes.ui.until.round"))),
                     theme.GREEN)
        for i in u["abilities"]:
            ab = d.abilities[i]
            pen.para(f"{t(TRIGGER_KEYS.get(ab.trigger, 'heroes.ui.trigger.passive'))}: "
                     f"{art.name(self.app, ab.text)}", theme.INK_DARK)

    def _write_attack(self, pen: _Pen, action: Action) -> None:
        preview = self.preview(action)
        info = preview.detail
        a, b = self.unit(info["attacker"]), self.unit(info["target"])
        pen.title(self.app.t("heroes.ui.attack_title",
                             attacker=art.unit_name(self.app, a["unit"]),
                             target=art.unit_name(self.app, b["unit"])))
        self._write_odds(pen, info, preview.breakdowns)

    def _write_odds(self, pen: _Pen, info: dict[str, Any], breakdowns: Any) -> None:
        """Writes an attack preview: the values' terms, the die, the damage chances, the
        retaliation."""
        t = self.app.t
        for breakdown in breakdowns:
            pen.para(format_breakdown(self.app, breakdown), theme.INK_DARK)
        if info["fixed_die"] is not None:
            die = t("heroes.ui.die_fixed", die=f"{info['fixed_die']:+d}")
        elif info["dice"] == 2:
            die = t("heroes.ui.die_low") if info["pick"] == "low" else t("heroes.ui.die_high")
        else:
            die = t("heroes.ui.die_one")
        if info["die_bonus"]:
            die += " " + t("heroes.ui.die_bonus", n=f"{info['die_bonus']:+d}")
        pen.para(die, theme.INK_DARK)
        pen.line(t("heroes.ui.formula", attack=info["attack"], defence=info["defence"]),
                 theme.INK_DARK)
        if info["protection"]:
            pen.para(t("heroes.ui.protection", n=info["protection"]), theme.INK_DARK)
        if info["defend_die"]:
            pen.para(t("heroes.ui.defend_die"), theme.INK_DARK)
        pen.gap(4)
        pen.line(t("heroes.ui.damage_odds"), theme.INK_DARK, "heading")
        pen.bars([(t("heroes.ui.damage_n", n=k), _frac(v)) for k, v in info["damage"].items()],
                 self.decimal, room=90)
        pen.line(t("heroes.ui.expected", n=self.decimal(info["expected_damage"])),
                 theme.INK_DARK_DIM, "body")
        for key, value in (("heroes.ui.p_kill", info["p_kill"]),
                           ("heroes.ui.p_flip", info["p_flip"])):
            if value[0]:
                pen.line(t(key, p=_percent(_frac(value), self.decimal)), theme.RED)
        ret = info["retaliation"]
        pen.gap(4)
        if ret["possible"] and ret["probability"][0]:
            pen.line(t("heroes.ui.retaliation_yes",
                       p=_percent(_frac(ret["probability"]), self.decimal)),
                     theme.INK_DARK, "heading")
            pen.bars([(t("heroes.ui.damage_n", n=k), _frac(v)) for k, v in
                      ret["damage"].items()], self.decimal, theme.RED)
        else:
            pen.line(t("heroes.ui.retaliation_no"), theme.GREEN, "heading")

    def _write_respond(self, pen: _Pen) -> None:
        t = self.app.t
        bv = self.bv
        assert bv is not None
        data = bv["pending"]["data"]
        a, b = self.unit(data["attacker"]), self.unit(data["target"])
        key = "heroes.ui.respond_retaliation" if data["retaliation"] else "heroes.ui.respond"
        pen.title(t("heroes.ui.window_title"))
        pen.para(t(key, attacker=art.unit_name(self.app, a["unit"]),
                   target=art.unit_name(self.app, b["unit"])), theme.INK_DARK)
        info = data.get("preview")
        if info:
            pen.gap(4)
            self._write_odds(pen, info, (
                Breakdown(Message("heroes.bd.attack_value", {}), info["attack"],
                          tuple(Term(Message.from_json(x["label"]), x["value"])
                                for x in info["attack_terms"])),
                Breakdown(Message("heroes.bd.defence_value", {}), info["defence"],
                          tuple(Term(Message.from_json(x["label"]), -x["value"])
                                for x in info["defence_terms"]))))

    # pre-battle screens ------------------------------------------------------------------
    def _seat(self) -> int:
        v = self.view
        seat = v.get("seat")
        return int(seat) if seat is not None else int(v.get("current", 0))

    def _deck_list(self) -> list[str]:
        v = self.view
        seat = v.get("current", 0)
        decks = v.get("decks", [])
        return list(decks[seat] or []) if seat < len(decks) else []

    def _deck_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(40 + i * 88, 712, 80, 112)

    def _look_rect(self, i: int) -> pygame.Rect:
        n = max(1, len(self.view.get("looking", [])))
        w = 200
        left = 606 - (n * w + (n - 1) * 40) // 2
        return pygame.Rect(left + i * (w + 40), 240, w, 280)

    def _build_search_buttons(self) -> None:
        t = self.app.t
        out = []
        for a in self.index.of_kind("search"):
            where = a["from"]
            i = 0 if where == "deck" else 1
            rect = pygame.Rect(156 + i * 480, 596, 420, 52)
            label = t("heroes.ui.search_deck") if where == "deck" else t(
                "heroes.ui.search_discard")
            out.append(Button(rect, label, self._sender(a), style="primary" if i == 0 else
                              "normal", icon="heroes.ui.search", size=theme.SIZE_SMALL))
        self.build_buttons = out

    def draw_search(self, surface: pygame.Surface) -> None:
        t = self.app.t
        v = self.view
        seat = v["current"]
        self._draw_setup_header(surface, seat)
        area = pygame.Rect(24, 168, 1180, 500)
        surface.blit(theme.panel(area.size, "wood"), area)
        if v["step"] == "keep" and v.get("looking"):
            title = assets.text(t("heroes.ui.keep_title"), "heading", theme.SIZE_H2, theme.GOLD)
            blit_centered(surface, title, (area.centerx, area.top + 40))
            for i, cid in enumerate(v["looking"]):
                rect = self._look_rect(i)
                face = art.card_face(cid, rect.size, art.card_name(self.app, cid), True,
                                     self.app.catalog.lang)
                lift = -8 if self.hovered == ("keep", cid) else 0
                surface.blit(face, rect.move(0, lift))
                if lift:
                    self.highlight(surface, rect.move(0, lift))
                text = assets.text(self._mode_text(cid), "body", theme.SIZE_SMALL, theme.INK,
                                   rect.width + 30, "center")
                surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + 12)))
        else:
            title = assets.text(t("heroes.ui.search_title", n=v["searches"][seat]), "heading",
                                theme.SIZE_H2, theme.GOLD)
            blit_centered(surface, title, (area.centerx, area.top + 40))
            body = assets.text(t("heroes.ui.search_help"), "italic", theme.SIZE_BODY,
                               theme.INK_DIM, 1000, "center")
            blit_centered(surface, body, (area.centerx, area.top + 96))
            deck = pygame.Rect(0, 0, 150, 210)
            deck.center = (366, 430)
            for k in range(3):
                surface.blit(art.card_back(deck.size), deck.move(-k * 4, -k * 4))
            count = assets.text(t("heroes.ui.cards_n", n=v["ability_deck_count"]), "bold",
                                theme.SIZE_SMALL, theme.INK)
            blit_centered(surface, count, (deck.centerx, deck.bottom + 16))
            top = v.get("ability_discard_top")
            if top:
                rect = pygame.Rect(0, 0, 150, 210)
                rect.center = (846, 430)
                surface.blit(art.card_face(top, rect.size, art.card_name(self.app, top), True,
                                           self.app.catalog.lang), rect)
                text = assets.text(self._mode_text(top), "body", theme.SIZE_TINY, theme.INK_DIM,
                                   250)
                surface.blit(text, (rect.right + 16, rect.top + 10))
                if self.app.mouse and rect.collidepoint(self.app.mouse):
                    self.app.tooltip(("discard", top), self._card_tip(top), rect)
        self._draw_deck_row(surface, seat)

    def _mode_text(self, cid: str) -> str:
        c = query.card(cid)
        return " / ".join(art.name(self.app, m.text) for m in c.modes[:2])

    def _draw_deck_row(self, surface: pygame.Surface, seat: int) -> None:
        t = self.app.t
        label = assets.text(t("heroes.ui.your_deck", n=len(self._deck_list())), "heading",
                            theme.SIZE_SMALL, theme.GOLD)
        surface.blit(label, (40, 680))
        for i, cid in enumerate(self._deck_list()):
            rect = self._deck_rect(i)
            if rect.right > 1200:
                break
            surface.blit(art.card_face(cid, rect.size, art.card_name(self.app, cid), True,
                                       self.app.catalog.lang), rect)

    def _draw_setup_header(self, surface: pygame.Surface, seat: int) -> None:
        t = self.app.t
        v = self.view
        head = pygame.Rect(24, 80, 1180, 80)
        surface.blit(theme.panel(head.size, "inset"), head)
        if seat >= len(v["heroes"]):
            return
        hid, fid = v["heroes"][seat], v["factions"][seat]
        colour = self.seat_colour(seat)
        pygame.draw.circle(surface, theme.WOOD_DEEP, (head.left + 44, head.centery), 32)
        pygame.draw.circle(surface, colour, (head.left + 44, head.centery), 32, 3)
        blit_centered(surface, assets.asset_icon(f"heroes.hero.{hid}", 42),
                      (head.left + 44, head.centery))
        h = query.hero(hid)
        name = assets.text(f"{art.hero_name(self.app, hid)}, {art.name(self.app, h.title)}",
                           "heading", theme.SIZE_H3, theme.GOLD)
        surface.blit(name, (head.left + 90, head.top + 10))
        kind = t("heroes.opt.might") if h.type == "might" else t("heroes.opt.magic")
        line = t("heroes.ui.header_line", player=self.seat_name(seat),
                 faction=art.name(self.app, query.faction(fid).name), kind=kind,
                 level=v["options"]["level"])
        image = assets.text(line, "body", theme.SIZE_SMALL, theme.INK_DIM)
        surface.blit(image, (head.left + 90, head.top + 46))
        fac = assets.asset_icon(f"heroes.faction.{fid}", 54)
        surface.blit(fac, (head.right - 70, head.centery - 27))

    # build --------------------------------------------------------------------------------
    def _faction_units(self) -> list[str]:
        v = self.view
        seat = v.get("current", 0)
        if seat >= len(v.get("factions", [])):
            return []
        return list(query.faction(v["factions"][seat]).units)

    def _buy_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(36 + i * 166, 244, 158, 346)

    def _build_buy_buttons(self) -> None:
        t = self.app.t
        out: list[Button] = []
        v = self.view
        seat = v["current"]
        prices = v["prices"][seat] if seat < len(v.get("prices", [])) else {}
        army = {did: pack for did, pack in v["armies"][seat]}
        for i, did in enumerate(self._faction_units()):
            rect = self._buy_rect(i)
            few, pack = prices.get(did, [0, 0])
            recruit = self.index.find("recruit", unit=did)
            reinforce = self.index.find("reinforce", unit=did)
            brect = pygame.Rect(rect.left + 8, rect.bottom - 46, rect.width - 16, 38)
            if did in army:
                if army[did]:
                    continue
                label = t("heroes.ui.reinforce")
                tip = [t("heroes.ui.reinforce.tip", n=pack - few)]
                if reinforce is not None:
                    left = self.preview(reinforce).detail.get("left")
                    tip.append(t("heroes.ui.left_after", n=left))
                out.append(Button(brect, label, self._sender(reinforce) if reinforce else
                                  (lambda: None), enabled=reinforce is not None,
                                  size=theme.SIZE_SMALL, tooltip=tip))
            else:
                label = t("heroes.ui.recruit")
                tip = [t("heroes.ui.recruit.tip", n=few, pack=pack)]
                if recruit is not None:
                    tip.append(t("heroes.ui.left_after",
                                 n=self.preview(recruit).detail.get("left")))
                out.append(Button(brect, label, self._sender(recruit) if recruit else
                                  (lambda: None), enabled=recruit is not None,
                                  style="primary" if recruit else "normal",
                                  size=theme.SIZE_SMALL, tooltip=tip))
        ready = self.index.find("ready")
        out.append(Button((BUTTONS_X - 40, 826, BUTTONS_W + 40, 52), t("heroes.ui.ready"),
                          self._sender(ready) if ready else (lambda: None),
                          enabled=ready is not None, style="primary", icon="ui.play",
                          tooltip=t("heroes.ui.ready.tip")))
        self.build_buttons = out

    def draw_build(self, surface: pygame.Surface) -> None:
        t = self.app.t
        v = self.view
        seat = v["current"]
        self._draw_setup_header(surface, seat)
        budget, spent = int(v["budget"]), int(v["spent"][seat])
        left = budget - spent
        area = pygame.Rect(24, 168, 1180, 436)
        surface.blit(theme.panel(area.size, "wood"), area)
        title = assets.text(t("heroes.ui.build_title"), "heading", theme.SIZE_H3, theme.GOLD)
        surface.blit(title, (area.left + 20, area.top + 14))
        money = assets.text(t("heroes.ui.budget_line", budget=budget, spent=spent, left=left),
                            "bold", theme.SIZE_BODY, theme.GOLD_BRIGHT)
        surface.blit(money, (area.right - money.get_width() - 24, area.top + 18))
        bar = pygame.Rect(area.left + 20, area.top + 56, area.width - 40, 10)
        art.hp_bar(surface, bar, left, budget, theme.GOLD)
        army = {did: pack for did, pack in v["armies"][seat]}
        prices = v["prices"][seat] if seat < len(v.get("prices", [])) else {}
        for i, did in enumerate(self._faction_units()):
            self._draw_buy_card(surface, self._buy_rect(i), did, army.get(did),
                                prices.get(did, [0, 0]))
        # the armies so far
        low = pygame.Rect(24, 612, 1180, 204)
        surface.blit(theme.panel(low.size, "wood"), low)
        count = len(v["armies"][seat])
        # "your" only for the player at the table: a bot's army is named as the other one is
        words = t("heroes.ui.your_army", n=count) if not self.is_bot(seat) else t(
            "heroes.ui.their_army", name=self.seat_name(seat)) + f" ({count}/5)"
        label = assets.text(words, "heading", theme.SIZE_SMALL, theme.GOLD)
        surface.blit(label, (low.left + 20, low.top + 12))
        for i in range(5):
            rect = pygame.Rect(low.left + 20 + i * 112, low.top + 46, 100, 100)
            if i < count:
                did, pack = v["armies"][seat][i]
                self._draw_stub(surface, did, "pack" if pack else "few", rect,
                                self.seat_colour(seat))
            else:
                pygame.draw.rect(surface, theme.WOOD_DARK, rect, border_radius=10)
                pygame.draw.rect(surface, theme.GOLD_DIM, rect, width=1, border_radius=10)
        other = 1 - seat
        if other < len(v["armies"]) and v["armies"][other]:
            label = assets.text(t("heroes.ui.their_army", name=self.seat_name(other)),
                                "heading", theme.SIZE_SMALL, theme.GOLD)
            surface.blit(label, (low.left + 620, low.top + 12))
            for i, (did, pack) in enumerate(v["armies"][other]):
                rect = pygame.Rect(low.left + 620 + i * 108, low.top + 46, 100, 100)
                self._draw_stub(surface, did, "pack" if pack else "few", rect,
                                self.seat_colour(other))
        elif v["options"]["opponent"] == "neutral" or self.session.config.players == 1:
            note = t("heroes.ui.vs_neutrals", field=v["options"]["field"],
                     difficulty=t(f"heroes.opt.difficulty.{v['options']['difficulty']}"))
            image = assets.text(note, "italic", theme.SIZE_BODY, theme.INK_DIM, 540)
            surface.blit(image, (low.left + 620, low.top + 50))
        hint = assets.text(t("heroes.ui.build_help"), "italic", theme.SIZE_SMALL, theme.INK_DIM,
                           900)
        surface.blit(hint, (low.left + 20, low.top + 160))

    def _draw_stub(self, surface: pygame.Surface, did: str, face: str, rect: pygame.Rect,
                   ring: theme.Colour) -> None:
        surface.blit(art.unit_tile(did, face, rect.width, ring, False), rect)
        # Long names ("Armbrustschützen") take a smaller size rather than lose letters.
        text, size = assets.shrink_to_fit(art.unit_name(self.app, did), "bold", theme.SIZE_TINY,
                                          rect.width - 8, 10)
        name = assets.text(text, "bold", size, theme.INK)
        pygame.draw.rect(surface, (20, 14, 10), (rect.left + 4, rect.bottom - 22,
                                                 rect.width - 8, 18), border_radius=4)
        surface.blit(name, name.get_rect(midbottom=(rect.centerx, rect.bottom - 4)))
        face_label = assets.text(self.app.t(FACE_KEYS[face]), "bold", theme.SIZE_TINY - 2,
                                 theme.GOLD)
        surface.blit(face_label, (rect.left + 8, rect.top + 6))

    def _draw_buy_card(self, surface: pygame.Surface, rect: pygame.Rect, did: str,
                       have: bool | None, price: list[int]) -> None:
        t = self.app.t
        d = query.unit(did)
        surface.blit(theme.panel(rect.size, "parchment"), rect)
        face = "pack" if have else "few"
        tile = pygame.Rect(rect.left + 30, rect.top + 10, 100, 100)
        surface.blit(art.unit_tile(did, face, 100, art.unit_colour(did), False), tile)
        if have is not None:
            check = assets.asset_icon("ui.ok", 26, theme.GREEN)
            pygame.draw.circle(surface, theme.PARCHMENT, (rect.right - 18, rect.top + 20), 15)
            surface.blit(check, check.get_rect(center=(rect.right - 18, rect.top + 20)))
        name = assets.text(assets.fit(art.unit_name(self.app, did), "heading", theme.SIZE_SMALL,
                                      rect.width - 12), "heading", theme.SIZE_SMALL,
                           theme.INK_DARK)
        surface.blit(name, name.get_rect(midtop=(rect.centerx, tile.bottom + 4)))
        kind = assets.text(f"{t(TIER_KEYS[d.tier])} · {t(TYPE_KEYS[d.type])}", "body",
                           theme.SIZE_TINY, theme.INK_DARK_DIM)
        surface.blit(kind, kind.get_rect(midtop=(rect.centerx, tile.bottom + 26)))
        # the values of both sides, a row per statistic, and the prices
        y = tile.bottom + 48
        cols = ((t("heroes.ui.face.few"), d.few, price[0], have is False),
                (t("heroes.ui.face.pack"), d.pack, price[1], have is True))
        xs = (rect.left + 74, rect.left + 120)
        for (label, _stats, _cost, on), x in zip(cols, xs, strict=True):
            image = assets.text(label, "bold", theme.SIZE_TINY, theme.RED if on
                                else theme.INK_DARK)
            surface.blit(image, image.get_rect(midtop=(x, y)))
        y += 18
        for r, stat in enumerate(art.STAT_KEYS):
            if r % 2 == 0:
                pygame.draw.rect(surface, (226, 208, 170), (rect.left + 8, y, rect.width - 16,
                                                             18))
            surface.blit(assets.asset_icon(f"heroes.ui.{stat}", 14, theme.INK_DARK_DIM),
                         (rect.left + 22, y + 2))
            for (_label, stats, _cost, _on), x in zip(cols, xs, strict=True):
                value = "–" if stats is None else str(getattr(stats, stat))
                image = assets.text(value, "bold", theme.SIZE_TINY, theme.INK_DARK)
                surface.blit(image, image.get_rect(midtop=(x, y + 1)))
            y += 18
        surface.blit(assets.asset_icon("heroes.ui.gold", 16, theme.GOLD_DIM), (rect.left + 21,
                                                                              y + 3))
        for (_label, _stats, cost, _on), x in zip(cols, xs, strict=True):
            image = assets.text(str(cost), "bold", theme.SIZE_TINY, theme.GOLD_DIM)
            surface.blit(image, image.get_rect(midtop=(x, y + 2)))
        if self.hovered == ("buy", did) and d.abilities:
            lines = [art.unit_name(self.app, did)] + [
                f"{t(TRIGGER_KEYS.get(ab.trigger, 'heroes.ui.trigger.passive'))}"
                f" ({t(FACE_KEYS.get(ab.side, 'heroes.ui.face.single'))}): "
                f"{art.name(self.app, ab.text)}" for ab in d.abilities]
            self.app.tooltip(("buy", did), lines, rect)

    # over ---------------------------------------------------------------------------------
    def draw_over(self, surface: pygame.Surface) -> None:
        if self.last_bv is not None:
            self.bv = self.last_bv
            try:
                self._draw_grid(surface, self.last_bv)
                self._draw_units(surface, self.last_bv)
                self._draw_hero(surface, ENEMY, 1 - self.my_side, self.last_bv)
                self._draw_hero(surface, MINE, self.my_side, self.last_bv)
            finally:
                self.bv = None
        t = self.app.t
        v = self.view
        box = pygame.Rect(INFO.left, INFO.top, INFO.width, 220)
        surface.blit(theme.panel(box.size, "parchment"), box)
        pen = _Pen(surface, box.left + 18, box.top + 16, box.width - 36)
        winners = v.get("winners", [])
        if winners:
            pen.title(t("heroes.ui.winner", name=self.seat_name(winners[0])))
        else:
            pen.title(t("heroes.ui.no_winner"))
        reason = v.get("reason") or ""
        if reason and self.app.has(f"heroes.end.{reason}"):
            pen.para(t(f"heroes.end.{reason}"), theme.INK_DARK)


def _percent(p: Fraction, decimal: Any) -> str:
    return f"{decimal(float(p) * 100, 0)} %"


class _Pen:
    """Writes lines, paragraphs, a small table and probability bars down a panel."""

    def __init__(self, surface: pygame.Surface, x: int, y: int, width: int,
                 bottom: int = 10_000) -> None:
        self.surface, self.x, self.y, self.width = surface, x, y, width
        self.bottom = bottom

    def title(self, text: str, colour: theme.Colour = theme.INK_DARK) -> None:
        """Writes a heading (shrunk to one line)."""
        size = theme.SIZE_H3 if assets.size_of(text, "heading", theme.SIZE_H3)[0] <= self.width \
            else theme.SIZE_BODY + 2
        # a long title wraps onto a second line rather than being cut
        image = assets.text(text, "heading", size, theme.mix(colour, theme.INK_DARK, 0.6),
                            self.width)
        self.surface.blit(image, (self.x, self.y))
        self.y += image.get_height() + 4
        pygame.draw.line(self.surface, theme.INK_DARK_DIM, (self.x, self.y),
                         (self.x + self.width, self.y))
        self.y += 8

    def line(self, text: str, colour: theme.Colour = theme.INK_DARK,
             role: str = "bold") -> None:
        """Writes one line; a line too long for the panel wraps rather than being cut."""
        image = assets.text(text, role, theme.SIZE_SMALL, colour, self.width)
        self.surface.blit(image, (self.x, self.y))
        self.y += image.get_height() + 2

    def para(self, text: str, colour: theme.Colour = theme.INK_DARK) -> None:
        """Writes a wrapped paragraph."""
        image = assets.text(text, "body", theme.SIZE_SMALL - 1, colour, self.width)
        self.surface.blit(image, (self.x, self.y))
        self.y += image.get_height() + 4

    def gap(self, n: int) -> None:
        """Leaves a little room."""
        self.y += n

    def table(self, rows: list[str], cols: list[tuple[str, Any, bool]],
              keys: tuple[str, ...]) -> None:
        """Writes statistics: a row per statistic, a column per card side."""
        label_w = 120
        col_w = (self.width - label_w) // max(1, len(cols))
        for i, (head, _stats, on) in enumerate(cols):
            image = assets.text(head, "bold", theme.SIZE_TINY, theme.RED if on and i < len(
                cols) - 1 else theme.INK_DARK)
            self.surface.blit(image, (self.x + label_w + i * col_w, self.y))
        self.y += 20
        for r, (label, key) in enumerate(zip(rows, keys, strict=True)):
            if r % 2 == 0:
                pygame.draw.rect(self.surface, (226, 208, 170),
                                 (self.x - 4, self.y - 1, self.width + 8, 20))
            image = assets.text(label, "body", theme.SIZE_TINY, theme.INK_DARK)
            self.surface.blit(image, (self.x, self.y + 1))
            for i, (_head, stats, _on) in enumerate(cols):
                value = stats[key] if isinstance(stats, dict) else None
                text = "–" if value is None else str(value)
                image = assets.text(text, "bold", theme.SIZE_TINY, theme.INK_DARK)
                self.surface.blit(image, (self.x + label_w + i * col_w + 10, self.y + 1))
            self.y += 18

    def bars(self, rows: list[tuple[str, Fraction]], decimal: Any,
             colour: theme.Colour = theme.BLUE, room: int = 0) -> None:
        """Writes a bar per outcome with its exact chance in per cent (one wrapped line of
        chances when the bars would not fit above ``room`` pixels from the bottom)."""
        if self.y + 18 * len(rows) > self.bottom - room:
            self.para("  ·  ".join(f"{label}: {_percent(p, decimal)}" for label, p in rows),
                      theme.mix(colour, theme.INK_DARK, 0.5))
            return
        label_w = 100
        for label, p in rows:
            image = assets.text(label, "body", theme.SIZE_TINY, theme.INK_DARK)
            self.surface.blit(image, (self.x, self.y))
            bar = pygame.Rect(self.x + label_w, self.y + 3, self.width - label_w - 60, 12)
            pygame.draw.rect(self.surface, (210, 192, 154), bar, border_radius=4)
            part = bar.copy()
            part.width = max(2, int(bar.width * float(p)))
            pygame.draw.rect(self.surface, colour, part, border_radius=4)
            text = assets.text(_percent(p, decimal), "bold", theme.SIZE_TINY, theme.INK_DARK)
            self.surface.blit(text, (bar.right + 8, self.y))
            self.y += 18
