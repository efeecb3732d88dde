"""The duel table (seed 003): both sides with their characters, equipment, dice pools and piles,
the land in play and face-down treasures, the fight with its dice paired pair by pair, the exact
odds of an attack before it is committed, the land-and-treasure window and the day score.

The opponent sits at the top, the seat at the screen at the bottom with its hand. Everything is
read from ``self.view``; clicks become actions only from ``legal_actions()``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from engine.core.actions import Action, Breakdown, Event, Message, Term
from scenes import assets, theme
from scenes.anim import CardFlight, DiceTumble, DieSpec, Tween, die_face, ease_in_out_cubic
from scenes.app import App
from scenes.board.chooser import ChoicePanel
from scenes.duel import art
from scenes.duel.art import cards
from scenes.duel.fx import FloatText, RollBanner
from scenes.table import TableScene, format_breakdown
from scenes.widgets import Button, blit_centered

CARD = (132, 182)
SMALL = (62, 86)
OPP = pygame.Rect(8, 76, 1204, 198)
MID = pygame.Rect(8, 280, 1204, 200)
ME = pygame.Rect(8, 486, 1204, 198)
HAND = pygame.Rect(8, 690, 1204, 204)
CENTRE = pygame.Rect(MID.left + 294, MID.top + 4, 600, 192)
CHOOSER_CENTRE = (CENTRE.centerx, 430)
RIGHT = pygame.Rect(MID.left + 904, MID.top + 4, 292, 192)
LAND = pygame.Rect(MID.left + 10, MID.top + 9, *CARD)
TABLE_TREASURE = pygame.Rect(MID.left + 152, MID.top + 9, *CARD)
DIE = 40
FIGHT_ROW_W = 272  # px from the first die of a fight row to the totals box
SPARE_GAP = 10  # px between the placed defence dice and the spare ones
ACT_PHASES = ("main", "defend", "arrange", "respond")  # the turn's actions are shown
WINDOW_LANDS = CENTRE.left + 16  # the land-and-treasure picker: lands left, treasures right
WINDOW_TREASURES = CENTRE.left + 308
WINDOW_W = 276  # px of one group of the picker
CHIP_H = 40
ACT_KEYS = {"magic": ("duel.ui.act.magic", "duel.ui.tip.act.magic"),
            "attack": ("duel.ui.act.attack", "duel.ui.tip.act.attack")}
ACT_STATE_KEYS = {"open": ("duel.ui.act.open", "duel.ui.tip.act.open"),
                  "now": ("duel.ui.act.now", "duel.ui.tip.act.now"),
                  "done": ("duel.ui.act.done", "duel.ui.tip.act.done"),
                  "later": ("duel.ui.act.later", "duel.ui.tip.act.later")}
MAX_BAR = 12  # damage values drawn in the odds charts (higher ones join the last bar)

# Events that roll pool dice against a number: (banner title key, success?)
ROLL_EVENTS = {"duel.ev.summoned": ("duel.ui.banner.summon", True),
               "duel.ev.summon_failed": ("duel.ui.banner.summon", False),
               "duel.ev.cast": ("duel.ui.banner.cast", True),
               "duel.ev.cast_failed": ("duel.ui.banner.cast", False),
               "duel.ev.counter": ("duel.ui.banner.counter", True)}


def _breakdown(data: dict[str, Any]) -> Breakdown:
    """Returns a breakdown from its JSON form in the view."""
    return Breakdown(Message.from_json(data["name"]), data["total"], tuple(
        Term(Message.from_json(t["label"]), t["value"]) for t in data["terms"]))


def _tint(colour: theme.Colour) -> theme.Colour:
    return theme.mix(colour, theme.PARCHMENT, 0.55)


def window_chip_rect(index: int, count: int, left: int) -> pygame.Rect:
    """Returns the place of a land or treasure in the picker: two columns of three rows in its
    half of the centre (more columns, narrower, for a long list)."""
    cols = max(2, -(-count // 3))
    w = (WINDOW_W - 6 * (cols - 1)) // cols
    return pygame.Rect(left + (index // 3) * (w + 6), CENTRE.top + 58 + (index % 3) * 44, w,
                       CHIP_H)


def odds_row_rect(index: int) -> pygame.Rect:
    """Returns the row of the odds table for one possible defender."""
    return pygame.Rect(CENTRE.left + 12, CENTRE.top + 62 + index * 31, 300, 29)


def act_label_rect(index: int) -> pygame.Rect:
    """Returns the place of the label of a turn action (magic, attack) in the right panel."""
    return pygame.Rect(RIGHT.left + 16 + index * 134, RIGHT.top + 36, 126, 30)


class Legal:
    """The viewer's legal actions sorted by what the board needs to know."""

    def __init__(self, actions: list[Action]) -> None:
        self.summon: dict[str, list[int]] = {}
        self.equip: set[str] = set()
        self.cast: dict[str, dict[Any, list[int]]] = {}
        self.counter: dict[str, list[int]] = {}
        self.attack: set[int] = set()
        self.defend: set[int] = set()
        self.arrange: list[tuple[int, ...]] = []
        self.lands: list[str] = []
        self.treasures: list[str] = []
        self.simple: dict[str, Action] = {}
        for a in actions:
            p = a.params
            if a.kind == "summon":
                self.summon.setdefault(p["card"], []).append(p["dice"])
            elif a.kind == "equip":
                self.equip.add(p["card"])
            elif a.kind == "cast":
                self.cast.setdefault(p["card"], {}).setdefault(p["target"], []).append(p["dice"])
            elif a.kind == "counter":
                self.counter.setdefault(p["card"], []).append(p["dice"])
            elif a.kind == "attack":
                self.attack.add(p["attacker"])
            elif a.kind == "defend":
                self.defend.add(p["defender"])
            elif a.kind == "arrange":
                self.arrange.append(tuple(p["order"]))
            elif a.kind == "play_land":
                self.lands.append(p["card"])
            elif a.kind == "play_treasure":
                self.treasures.append(p["card"])
            else:
                self.simple[a.kind] = a

    def playable(self, card: str) -> bool:
        """Returns True when a hand card can be played now."""
        return (card in self.summon or card in self.equip or card in self.cast
                or card in self.counter)


class DuelTableScene(TableScene):
    """The duel's board: two sides, the centre with fights and odds, the hand at the bottom."""

    CURTAIN_BODY = "duel.ui.curtain.body"

    def __init__(self, app: App, session: Any, *, save_path: Path | None = None,
                 autosave: bool = True, worker_factory: Any = None,
                 campaign: Any = None) -> None:
        self.zones: list[tuple[pygame.Rect, tuple[Any, ...]]] = []
        self.buttons: list[Button] = []
        self.legal = Legal([])
        self.chooser: ChoicePanel | None = None
        self.selected_attacker: int | None = None
        self.focus: int | None = None  # the character whose odds the chart shows
        self.targeting: str | None = None  # a magic card waiting for its target
        self.arrange_slots: list[int] | None = None
        self._pairs_key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._pairs: dict[str, Any] = {}
        self.arrange_pick: tuple[str, int] | None = None  # ("slot", i) or ("spare", j)
        self._rules_prompt = ""  # the rules' prompt; a selection on the board says more
        self.hovered: tuple[Any, ...] | None = None
        self.tumble: DiceTumble | None = None
        self.reveal: Tween | None = None
        self._charts: dict[tuple[Any, ...], pygame.Surface] = {}
        self._cosmetic = 0
        self.day_seen = -1  # the game of the day whose between-games panel was clicked away
        super().__init__(app, session, save_path=save_path, autosave=autosave,
                         worker_factory=worker_factory, campaign=campaign)

    # --- seats --------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """Returns the seat drawn at the bottom (the viewer; seat 0 when nobody is seated)."""
        return self.viewer if self.viewer is not None and self.curtain_for is None else \
            (self.humans[0] if self.humans else 0)

    @property
    def opp(self) -> int:
        """Returns the seat drawn at the top."""
        return 1 - self.me

    def side(self, seat: int) -> dict[str, Any]:
        """Returns one player's side of the view."""
        return self.view["players"][seat]

    def side_rect(self, seat: int) -> pygame.Rect:
        """Returns the strip a seat's characters, equipment and sheet lie in."""
        return ME if seat == self.me else OPP

    def fighter(self, seat: int, uid: int) -> dict[str, Any] | None:
        """Returns a character of a side by uid."""
        side = self.side(seat)
        for f in (side["main"], *side["clan"]):
            if f["uid"] == uid:
                return f
        return None

    def fighter_name(self, seat: int, uid: int) -> str:
        """Returns a character's name (or '' when it has left the table)."""
        f = self.fighter(seat, uid)
        return self.app.catalog.text(f["name"]) if f else ""

    # --- lifecycle ----------------------------------------------------------------------
    def day_panel_due(self) -> bool:
        """Returns True while a game of the day has ended and a human has not yet clicked on."""
        v = self.view
        return (bool(v) and v["phase"] == "between" and bool(self.humans)
                and v["game_no"] != self.day_seen)

    def update(self, dt: float) -> None:
        # A day's end gets the day result instead of the shared end screen.
        if (self.session.is_over and not self.over_shown and not self.anim.busy
                and self.curtain_for is None and self.view.get("day")):
            from scenes.duel.day import DayOverScene

            self.over_shown = True
            self.app.push(DayOverScene(self.app, self))
            return
        if self.day_panel_due() and not self.anim.busy:
            from scenes.duel.day import DayPanelScene

            self.app.push(DayPanelScene(self.app, self))
            return
        super().update(dt)

    def _drive_bot(self, dt: float) -> None:
        # seed 003, the day: the loser opens the next game; a bot that lost must wait until the
        # human has seen the score between the games.
        if self.day_panel_due():
            return
        super()._drive_bot(dt)

    def layout(self) -> None:
        art.clear()
        self._charts.clear()
        super().layout()

    def on_view_changed(self) -> None:
        self.legal = Legal(self.legal_actions())
        if self.selected_attacker is not None and self.selected_attacker not in self.legal.attack:
            self.selected_attacker = None
        if self.targeting is not None and self.targeting not in self.legal.cast:
            self.targeting = None
        if not self.legal.arrange:
            self.arrange_slots = None
            self.arrange_pick = None
        elif self.arrange_slots is None:
            self.arrange_slots = list(self.legal.arrange[0])
        if self.chooser is not None and not self.is_my_turn():
            self.chooser = None
        self._charts.clear()
        self._rules_prompt = self.prompt_text
        self._build_zones()
        self._build_buttons()

    def _build_buttons(self) -> None:
        self._set_prompt()
        self._make_buttons()

    def _set_prompt(self) -> None:
        """Says in the prompt line what a selection on the board waits for and who decides next
        (seed 003: the attacker is chosen by the player on turn, the defender by the other)."""
        text = self._rules_prompt
        if self.view and self.is_my_turn():
            if self.selected_attacker is not None:
                text = self.app.t("duel.ui.prompt.attacker", name=self.fighter_name(
                    self.me, self.selected_attacker), opponent=self.seat_name(self.opp))
            elif self.targeting is not None:
                text = self.app.t("duel.ui.choose_target",
                                  card=art.card_name(self.app, self.targeting))
        self.prompt_text = text

    # --- geometry -----------------------------------------------------------------------
    def char_rect(self, seat: int, uid: int) -> pygame.Rect | None:
        """Returns where a character card lies on the table."""
        for rect, key in self.zones:
            if key[0] == "char" and key[1] == seat and key[2] == uid:
                return rect
        return None

    def hand_rects(self) -> list[pygame.Rect]:
        """Returns the rects of the viewer's hand cards, left to right."""
        hand = self.side(self.me)["hand"] or []
        n = len(hand)
        if not n:
            return []
        step = min(CARD[0] + 12, (HAND.width - 40 - CARD[0]) // max(1, n - 1))
        width = step * (n - 1) + CARD[0]
        left = HAND.left + 20 + max(0, (HAND.width - 40 - width) // 2)
        return [pygame.Rect(left + i * step, HAND.top + 14, *CARD) for i in range(n)]

    def _build_zones(self) -> None:
        zones: list[tuple[pygame.Rect, tuple[Any, ...]]] = []
        if not self.view:
            self.zones = zones
            return
        for seat in (self.opp, self.me):
            side = self.side(seat)
            r = self.side_rect(seat)
            zones.append((pygame.Rect(r.left + 10, r.top + 8, *CARD), ("char", seat, 0)))
            for i, f in enumerate(side["clan"]):
                zones.append((pygame.Rect(r.left + 152 + i * 142, r.top + 8, *CARD),
                              ("char", seat, f["uid"])))
            for i, e in enumerate(side["equipment"]):
                zones.append((pygame.Rect(r.left + 580, r.top + 8 + i * 37, 250, 34),
                              ("equip", seat, e["uid"], e["card"])))
            info = pygame.Rect(r.left + 842, r.top + 8, r.right - 10 - (r.left + 842), 182)
            chips = ("deck", "hand", "grave", "lands", "treasures", "inventory")
            for i, chip in enumerate(chips):
                zones.append((pygame.Rect(info.left + i * 58, info.bottom - 34, 54, 32),
                              ("chip", seat, chip)))
            zones.append((pygame.Rect(info.left, info.top + 40, info.width, 28),
                          ("level", seat)))
            zones.append((pygame.Rect(info.left, info.top + 108, info.width, 36),
                          ("pool", seat)))
        if self.view["land"] is not None:
            zones.append((LAND.copy(), ("land", self.view["land"]["card"])))
        if self.view["table_treasures"]:
            zones.append((TABLE_TREASURE.copy(), ("table_treasure",)))
        for i, (rect, card) in enumerate(zip(self.hand_rects(), self.side(self.me)["hand"] or [],
                                             strict=False)):
            zones.append((rect, ("hand", i, card)))
        if self.view["phase"] == "window" and self.is_my_turn():
            # Lands on the left half, treasures on the right half: playing a land leaves the
            # treasures where they are (the next click must not land on empty space).
            for group, cards_, left in (("window_land", self.legal.lands, WINDOW_LANDS),
                                        ("window_treasure", self.legal.treasures,
                                         WINDOW_TREASURES)):
                for i, card in enumerate(cards_):
                    zones.append((window_chip_rect(i, len(cards_), left), (group, card)))
        if self.arrange_slots is not None:
            for i in range(len(self.arrange_slots)):
                zones.append((self._fight_die_rect(i, False), ("slot", i)))
            for j in range(len(self._spare_dice())):
                zones.append((self._spare_rect(j), ("spare", j)))
        for i, row in enumerate(self._odds_rows()):
            zones.append((odds_row_rect(i), ("odds", row["defender"])))
        if self.view["phase"] in ACT_PHASES:
            for i, act in enumerate(("magic", "attack")):
                zones.append((act_label_rect(i), ("act", act)))
        self.zones = zones

    def _dice_count(self) -> int:
        """Returns how many dice a row of the fight shown holds at most (spare ones too)."""
        v = self.view
        fight = v.get("fight") if v else None
        if fight and fight.get("attack"):
            return max(len(fight["attack"]), len(fight["defence"]))
        last = v.get("last_fight") if v else None
        return len(last["attack"]) if last else 1

    def _fight_die_rect(self, index: int, top: bool, count: int | None = None) -> pygame.Rect:
        n = self._dice_count() if count is None else count
        # up to six dice and a gap before the spare ones stay clear of the totals box
        step = min(DIE + 16, (FIGHT_ROW_W - SPARE_GAP - DIE) // max(1, n - 1))
        x = CENTRE.left + 170 + index * step
        y = CENTRE.top + (50 if top else 122)  # room above for the attacker's damage
        return pygame.Rect(x, y, DIE, DIE)

    def _spare_rect(self, index: int) -> pygame.Rect:
        """Returns where the defender's spare die ``index`` (not placed) lies: after its row."""
        slots = len(self.arrange_slots) if self.arrange_slots is not None else 0
        return self._fight_die_rect(slots + index, False).move(SPARE_GAP, 0)

    def _spare_dice(self) -> list[int]:
        """Returns the defender's dice not placed under an attack die (while arranging)."""
        fight = self.view.get("fight") if self.view else None
        if self.arrange_slots is None or not fight or not fight.get("defence"):
            return []
        return self._spare(fight["defence"], self.arrange_slots)

    def _odds_rows(self) -> list[dict[str, Any]]:
        """Returns the odds entries the centre shows now (one per possible defender)."""
        if not self.view or not self.is_my_turn():
            return []
        if self.view["phase"] == "main" and self.selected_attacker is not None:
            return [o for o in self.view["odds"] if o["attacker"] == self.selected_attacker]
        if self.view["phase"] == "defend":
            return list(self.view["odds"])
        return []

    # --- buttons ------------------------------------------------------------------------
    def _make_buttons(self) -> None:
        t = self.app.t
        buttons: list[Button] = []
        x, w = RIGHT.left + 16, RIGHT.width - 32
        y = RIGHT.bottom - 58
        simple = self.legal.simple

        def add(label: str, action: Callable[[], None], style: str = "normal",
                icon: str | None = None, tip: str | None = None) -> None:
            nonlocal y
            # a long name ("Attack with …") shrinks the label a little instead of being cut
            avail = w - 24 - (min(46 - 18, 30) + 10 if icon else 0)
            _label, size = assets.shrink_to_fit(label, "bold", theme.SIZE_SMALL, avail, 11)
            buttons.append(Button((x, y, w, 46), label, action, style=style, icon=icon,
                                  tooltip=tip, size=size))
            y -= 54

        if "end_turn" in simple:
            add(t("duel.ui.end_turn"), lambda: self._send_simple("end_turn"),
                "ghost" if self.selected_attacker is not None else "normal", "duel.ui.end_turn",
                t("duel.ui.end_turn.tip"))
        if self.selected_attacker is not None:
            add(t("duel.ui.attack_go", name=self.fighter_name(self.me, self.selected_attacker)),
                self._attack, "primary", "duel.ui.attack", t("duel.ui.attack_go.tip"))
        if self.targeting is not None:
            add(t("duel.ui.cancel"), self._cancel_targeting, "ghost", "ui.cancel")
        if "pass_counter" in simple:
            add(t("duel.ui.pass_counter"), lambda: self._send_simple("pass_counter"),
                "normal", "ui.ok")
        if "pass_window" in simple:
            add(t("duel.ui.pass_window"), lambda: self._send_simple("pass_window"),
                "normal", "ui.ok")
        if "next_game" in simple:
            add(t("duel.ui.next_game"), lambda: self._send_simple("next_game"), "primary",
                "ui.play")
        if self.arrange_slots is not None:
            add(t("duel.ui.arrange_reset"), self._reset_arrangement, "ghost",
                "ui.undo")
            add(t("duel.ui.arrange_confirm"), self._confirm_arrangement, "primary", "ui.ok")
        self.buttons = buttons

    def _send_simple(self, kind: str) -> None:
        action = self.legal.simple.get(kind)
        if action is not None:
            self.selected_attacker = None
            self.send(action)

    def _attack(self) -> None:
        uid = self.selected_attacker
        if uid is not None and uid in self.legal.attack:
            self.selected_attacker = None
            self.send(Action.make("attack", attacker=uid))

    def _cancel_targeting(self) -> None:
        self.targeting = None
        self._build_buttons()

    def _reset_arrangement(self) -> None:
        if self.legal.arrange:
            self.arrange_slots = list(self.legal.arrange[0])
            self.arrange_pick = None

    def _confirm_arrangement(self) -> None:
        if self.arrange_slots is None:
            return
        order = tuple(self.arrange_slots)
        if order in self.legal.arrange:
            self.send(Action.make("arrange", order=order))

    # --- choosing dice ------------------------------------------------------------------
    def _odds_for(self, action: Action) -> float:
        """Returns the chance of a summoning, magic or neutralising roll (the rules' preview)."""
        seat = None if self.curtain_for is not None else self.viewer
        odds = self.rules.explain(self.session.state, seat, action).odds
        return odds[0].ways / odds[0].out_of if odds else 0.0

    def _need(self, card: str) -> int:
        c = cards()
        return int(c.clan[card].level if card in c.clan else c.magic[card].level)

    def open_dice_chooser(self, kind: str, card: str, dice: list[int], target: Any = None
                          ) -> None:
        """Asks how many pool dice to roll for a summoning, a spell or an answer."""
        t = self.app.t
        name = art.card_name(self.app, card)
        side = self.side(self.me)
        title = t({"summon": "duel.ui.choose.summon", "cast": "duel.ui.choose.cast",
                   "counter": "duel.ui.choose.counter"}[kind], card=name)
        lines = [t("duel.ui.choose.need", need=self._need(card), courage=side["courage"],
                   pool=side["pool"])]
        if kind != "summon":
            lines.append(t("duel.ui.choose.magic_limit", magic=side["magic"]))
        if target is not None and kind == "cast":
            lines.append(t("duel.ui.choose.target", target=self._target_name(card, target)))
        options = []
        for k in sorted(set(dice)):
            if kind == "summon":
                action = Action.make("summon", card=card, dice=k)
            elif kind == "cast":
                action = Action.make("cast", card=card, dice=k, target=target)
            else:
                action = Action.make("counter", card=card, dice=k)
            chance = self._odds_for(action)
            options.append((t("duel.ui.dice_n", n=k), t("duel.ui.chance",
                                                         pct=f"{chance * 100:.0f}"),
                            self._chooser_send(action)))
        self.chooser = ChoicePanel(title, lines, options, self._close_chooser,
                                   t("duel.ui.cancel"), CHOOSER_CENTRE)

    def _target_name(self, card: str, target: Any) -> str:
        kind = cards().target.get(card)
        if kind in ("enemy", "enemy_clan"):
            return self.fighter_name(self.opp, int(target))
        if kind == "own":
            return self.fighter_name(self.me, int(target))
        if kind == "enemy_equipment":
            for e in self.side(self.opp)["equipment"]:
                if e["uid"] == target:
                    return self.app.catalog.text(e["name"])
        if kind == "own_grave":
            return art.card_name(self.app, str(target))
        return ""

    def _chooser_send(self, action: Action) -> Callable[[], None]:
        def go() -> None:
            self.chooser = None
            self.targeting = None
            self.send(action)
        return go

    def _close_chooser(self) -> None:
        self.chooser = None

    def _open_grave_chooser(self, card: str) -> None:
        t = self.app.t
        options = [(art.card_name(self.app, str(target)), "",
                    self._pick_target(card, target)) for target in self.legal.cast[card]]
        self.chooser = ChoicePanel(t("duel.ui.choose.revive", card=art.card_name(self.app, card)),
                                   [], options, self._close_chooser, t("duel.ui.cancel"),
                                   CHOOSER_CENTRE)

    def _pick_target(self, card: str, target: Any) -> Callable[[], None]:
        def go() -> None:
            self.open_dice_chooser("cast", card, self.legal.cast[card][target], target)
        return go

    # --- input --------------------------------------------------------------------------
    def zone_at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, tuple[Any, ...]] | None:
        """Returns the topmost zone under pos (a lifted hand card wins over its neighbours)."""
        hovered_hand = None
        for rect, key in self.zones:
            if key[0] == "hand" and rect.move(0, -16).union(rect).collidepoint(pos):
                hovered_hand = (rect, key)
        found = None
        for rect, key in self.zones:
            if key[0] != "hand" and rect.collidepoint(pos):
                found = (rect, key)
        return found or hovered_hand

    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.chooser is not None:
            return self.chooser.handle(event)
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected_attacker = None
            self.targeting = None
            self.arrange_pick = None
            self._build_buttons()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if self.anim.busy:
            self.anim.finish_all()
            return True
        hit = self.zone_at(event.pos)
        if hit is None:
            return False
        return self.click(hit[1])

    def click(self, key: tuple[Any, ...]) -> bool:
        """Acts on a click on a board zone; returns True when it did something."""
        kind = key[0]
        legal = self.legal
        if kind == "hand":
            card = key[2]
            return self._click_hand(card)
        if kind == "char":
            seat, uid = key[1], key[2]
            if self.targeting is not None:
                targets = legal.cast.get(self.targeting, {})
                want_enemy = cards().target.get(self.targeting) in ("enemy", "enemy_clan")
                if uid in targets and (seat == self.opp) == want_enemy:
                    self.open_dice_chooser("cast", self.targeting, targets[uid], uid)
                    return True
                return False
            if seat == self.me and uid in legal.defend:
                self.send(Action.make("defend", defender=uid))
                return True
            if seat == self.me and uid in legal.attack:
                self.selected_attacker = None if self.selected_attacker == uid else uid
                self.focus = None
                self._build_zones()
                self._build_buttons()
                return True
            if seat == self.opp and self.selected_attacker is not None:
                # seed 003: the attacked player chooses the defender; the click only shows
                # the odds against this character
                self.focus = uid
                self.app.toast(self.app.t("duel.ui.defender_chosen_by",
                                          opponent=self.seat_name(self.opp),
                                          name=self.fighter_name(self.opp, uid)))
                return True
            return False
        if kind == "equip" and self.targeting is not None:
            seat, uid = key[1], key[2]
            targets = legal.cast.get(self.targeting, {})
            if seat == self.opp and uid in targets:
                self.open_dice_chooser("cast", self.targeting, targets[uid], uid)
                return True
            return False
        if kind == "window_land":
            self.send(Action.make("play_land", card=key[1]))
            return True
        if kind == "window_treasure":
            self.send(Action.make("play_treasure", card=key[1]))
            return True
        if kind in ("slot", "spare") and self.arrange_slots is not None:
            self._pick_die((kind, key[1]))
            return True
        if kind == "odds":
            self.focus = key[1]
            if self.view["phase"] == "defend" and key[1] in legal.defend:
                self.send(Action.make("defend", defender=key[1]))
            return True
        return False

    def _pick_die(self, die: tuple[str, int]) -> None:
        """Picks one of the defender's dice; a second pick swaps the two (a placed die with a
        placed or a spare one: any of the defender's dice may be placed, docs/duel/rules.md)."""
        first = self.arrange_pick
        if first is None or first == die:
            self.arrange_pick = None if first == die else die
            return
        self.arrange_pick = None
        if first[0] == "spare" and die[0] == "spare":
            self.arrange_pick = die  # two spare dice: nothing to swap, keep the new pick
            return
        slots = self.arrange_slots
        assert slots is not None
        spare = self._spare_dice()
        if first[0] == "slot" and die[0] == "slot":
            slots[first[1]], slots[die[1]] = slots[die[1]], slots[first[1]]
        else:
            slot = first[1] if first[0] == "slot" else die[1]
            index = die[1] if die[0] == "spare" else first[1]
            if index < len(spare):
                slots[slot] = spare[index]  # the placed die becomes a spare one
        self._build_zones()

    def _click_hand(self, card: str) -> bool:
        legal = self.legal
        if card in legal.summon:
            self.open_dice_chooser("summon", card, legal.summon[card])
            return True
        if card in legal.equip:
            self.send(Action.make("equip", card=card))
            return True
        if card in legal.counter:
            self.open_dice_chooser("counter", card, legal.counter[card])
            return True
        if card in legal.cast:
            targets = legal.cast[card]
            kind = cards().target.get(card)
            if kind is None:
                self.open_dice_chooser("cast", card, targets[None])
            elif kind == "own_grave":
                self._open_grave_chooser(card)
            else:
                self.targeting = card
                self.selected_attacker = None
                self._build_buttons()
            return True
        if self.is_my_turn():
            self.app.toast(self.app.t("duel.ui.cannot_play", card=art.card_name(self.app, card)))
        return False

    # --- hover --------------------------------------------------------------------------
    def update_board(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt, self.app)
        if self.chooser is not None:
            self.chooser.update(dt, self.app)
            self.hovered = None
            return
        hit = self.zone_at(self.app.mouse)
        self.hovered = hit[1] if hit else None
        if hit is None:
            return
        rect, key = hit
        lines = self._tooltip(key)
        if lines:
            self.hint(("duel",) + key, lines, rect)
        if key[0] == "char" and key[1] == self.opp and self.selected_attacker is not None:
            self.focus = key[2]
        elif key[0] == "char" and key[1] == self.me and self.view.get("phase") == "defend":
            self.focus = key[2]
        elif key[0] == "odds":
            self.focus = key[1]

    def _tooltip(self, key: tuple[Any, ...]) -> list[str]:
        t = self.app.t
        kind = key[0]
        if kind == "hand":
            card = key[2]
            lines = art.tooltip_lines(self.app, card)
            if card in self.legal.summon:
                lines.append(t("duel.ui.hint.summon"))
            elif card in self.legal.equip:
                lines.append(t("duel.ui.hint.equip"))
            elif card in self.legal.cast or card in self.legal.counter:
                lines.append(t("duel.ui.hint.cast"))
            return lines
        if kind == "char":
            f = self.fighter(key[1], key[2])
            if f is None:
                return []
            lines = art.tooltip_lines(self.app, f["card"])[:1]
            lines.append(t("duel.ui.tip.life", left=f["left"], life=f["life"],
                           damage=f["damage"]))
            lines.append(t("duel.ui.tip.dice", attack=f["attack"], defence=f["defence"]))
            for stat in ("attack", "defence"):  # where each die comes from
                lines.append(format_breakdown(self.app, _breakdown(f["sources"][stat])))
            if f["armour"]:
                lines.append(t("duel.ui.tip.armour", armour=f["armour"]))
            if f["temp_attack"] or f["temp_defence"]:
                lines.append(t("duel.ui.tip.rally", attack=f["temp_attack"],
                               defence=f["temp_defence"]))
            if "xp" in f:
                lines.append(t("duel.ui.tip.xp_worth", xp=f["xp"]))
            if f["attacked"]:
                lines.append(t("duel.ui.tip.attacked"))
            lines += art.card_effects(self.app, f["card"])
            if key[1] == self.me and key[2] in self.legal.attack:
                lines.append(t("duel.ui.hint.attack"))
            if key[1] == self.me and key[2] in self.legal.defend:
                lines.append(t("duel.ui.hint.defend"))
            return lines
        if kind == "equip":
            return art.tooltip_lines(self.app, key[3])
        if kind == "land":
            return art.tooltip_lines(self.app, key[1]) + [t("duel.ui.tip.land_owner",
                                                            name=self.seat_name(
                                                                self.view["land"]["owner"]))]
        if kind in ("window_land", "window_treasure"):
            hint = "duel.ui.hint.land" if kind == "window_land" else "duel.ui.hint.treasure"
            return art.tooltip_lines(self.app, key[1]) + [t(hint)]
        if kind == "table_treasure":
            return [t("duel.ui.tip.table_treasure", n=len(self.view["table_treasures"]))]
        if kind == "level":
            side = self.side(key[1])
            nxt = side["next_level"]
            return [t("duel.ui.tip.level", level=side["level"]),
                    t("duel.ui.tip.xp", xp=side["xp"], next=nxt if nxt is not None else "—"),
                    t("duel.ui.tip.level_rule")]
        if kind == "pool":
            side = self.side(key[1])
            return [t("duel.ui.tip.pool", pool=side["pool"], spent=side["spent"]),
                    t("duel.ui.tip.pool_rule")]
        if kind == "chip":
            return self._chip_tip(key[1], key[2])
        if kind == "slot":
            return [t("duel.ui.hint.slot")]
        if kind == "spare":
            return [t("duel.ui.hint.spare")]
        if kind == "act":
            return self._act_tip(key[1])
        if kind == "odds" and self.view.get("phase") == "main":
            return [t("duel.ui.hint.odds_row", opponent=self.seat_name(self.opp),
                      name=self.fighter_name(self.opp, key[1]))]
        return []

    def _act_state(self, act: str) -> str:
        """Returns where a turn action stands: open, now (running) or done (over)."""
        acts = self.view["actions"]
        if self.view["round"] == 1:
            return "later"  # docs/duel/rules.md "Round 1": deployment only
        if acts["current"] == act:
            return "now"
        if acts[f"{act}_used"] or (act == "magic" and acts["attack_used"]):
            return "done"  # docs/duel/rules.md "Magic after a fight"
        return "open"

    def _act_tip(self, act: str) -> list[str]:
        t = self.app.t
        lines = [t("duel.ui.tip.act.whose", name=self.seat_name(self.view["active"])),
                 t(ACT_KEYS[act][1])]
        state = self._act_state(act)
        if act == "magic" and state == "now":
            lines.append(t("duel.ui.tip.act.casts_left", n=self.view["actions"]["casts_left"]))
        else:
            lines.append(t(ACT_STATE_KEYS[state][1]))
        lines.append(t("duel.ui.tip.act.label"))
        return lines

    def _chip_tip(self, seat: int, chip: str) -> list[str]:
        t = self.app.t
        side = self.side(seat)
        if chip == "deck":
            return [t("duel.ui.tip.deck", n=side["deck_count"])]
        if chip == "hand":
            return [t("duel.ui.tip.hand", n=side["hand_count"])]
        if chip == "grave":
            names = [art.card_name(self.app, c) for c in side["grave"][-8:]]
            return [t("duel.ui.tip.grave", n=len(side["grave"]), xp=side["grave_xp"])] + names
        if chip == "lands":
            lines = [t("duel.ui.tip.lands", n=len(side["lands"]))]
            return lines + [art.card_name(self.app, c) for c in side["lands"]]
        if chip == "treasures":
            lines = [t("duel.ui.tip.treasures", n=side["treasure_count"])]
            return lines + [art.card_name(self.app, c) for c in side["treasures"] or []]
        lines = [t("duel.ui.tip.inventory", n=len(side["inventory"]))]
        return lines + [self.app.catalog.text(e["name"]) for e in side["inventory"]]

    # --- events -------------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        delay = 0.0
        for event in events:
            self._cosmetic += 1
            key, p = event.key, event.params
            if key == "duel.ev.roll":
                self._start_tumble(p)
                delay = 0.85
            elif key == "duel.ev.fight":
                n = len(p["pairs"])
                self.reveal = Tween(0.0, float(n), 0.42 * n, delay=delay)
                self.anim.add(self.reveal)
                delay += 0.42 * n
            elif key in ("duel.ev.damage", "duel.ev.heal"):
                self._float_on(p["seat"], p["uid"], ("−" if key == "duel.ev.damage" else "+")
                               + str(p["amount"]), theme.RED_BRIGHT if key == "duel.ev.damage"
                               else theme.GREEN_BRIGHT, delay)
            elif key == "duel.ev.defeated":
                self._float_on(p["seat"], p["uid"], self.app.t("duel.ui.float.defeated"),
                               theme.GOLD_BRIGHT, delay + 0.3, theme.SIZE_H3)
            elif key == "duel.ev.level_up":
                self._float_on(p["seat"], 0, self.app.t("duel.ui.float.level", level=p["level"]),
                               theme.GOLD_BRIGHT, delay + 0.5, theme.SIZE_H3)
            elif key in ROLL_EVENTS:
                title_key, ok = ROLL_EVENTS[key]
                title = self.app.t(title_key, name=self.seat_name(p["seat"]),
                                   card=self.app.catalog.text(p["card"]))
                result = self.app.t("duel.ui.banner.ok" if ok else "duel.ui.banner.fail",
                                    total=p["total"], need=p["need"])
                note = self.app.t("duel.ui.banner.pool_dice", n=p["pool_dice"])
                self.anim.add(RollBanner((CENTRE.centerx, MID.centery), title, result,
                                         list(p["dice"]), ok, seed=self._cosmetic, delay=delay,
                                         note=note))
                delay += 1.0
            elif key == "duel.ev.equipped":
                self._fly_to(p["seat"], p["uid"], "equip", delay)
            if key == "duel.ev.summoned":
                self._fly_to(p["seat"], p["uid"], "char", delay)

    def _start_tumble(self, p: dict[str, Any]) -> None:
        att_seat = p["seat"]
        body_a = _tint(self.seat_colour(att_seat))
        body_d = _tint(self.seat_colour(1 - att_seat))
        n = max(len(p["attack"]), len(p["defence"]))
        specs = [DieSpec(self._fight_die_rect(i, True, n).center, face, body=body_a)
                 for i, face in enumerate(sorted(p["attack"], reverse=True))]
        defence = sorted(p["defence"], reverse=True)
        specs += [DieSpec(self._fight_die_rect(i, False, n).center, face, body=body_d)
                  for i, face in enumerate(defence)]
        self.tumble = DiceTumble(specs, duration=0.8, size=DIE, seed=self._cosmetic,
                                 origin=(CENTRE.left + 40, CENTRE.centery))
        self.anim.add(self.tumble)

    def _float_on(self, seat: int, uid: int, text: str, colour: theme.Colour, delay: float,
                  size: int = theme.SIZE_H1) -> None:
        rect = self.char_rect(seat, uid)
        if rect is None:
            r = self.side_rect(seat)
            rect = pygame.Rect(r.left + 10 + 152 * min(3, uid), r.top + 8, *CARD)
        self.anim.add(FloatText(text, (rect.centerx, rect.centery), colour, delay, size))

    def _fly_to(self, seat: int, uid: int, kind: str, delay: float) -> None:
        target = None
        card = None
        for rect, key in self.zones:
            if key[0] == kind and key[1] == seat and key[2] == uid:
                target = rect
                card = key[3] if kind == "equip" else None
        if target is None:
            return
        if card is None:
            f = self.fighter(seat, uid)
            card = f["card"] if f else None
        if card is None:
            return
        start = (HAND.centerx, HAND.centery) if seat == self.me else (OPP.right - 180,
                                                                      OPP.top + 40)
        image = art.card_face(self.app, card, CARD)
        self.anim.add(CardFlight(image, start, target.center, 0.5, delay=delay,
                                 ease=ease_in_out_cubic))

    # --- drawing ------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        if not self.view:
            return
        for seat in (self.opp, self.me):
            self._draw_side(surface, seat)
        self._draw_middle(surface)
        self._draw_hand(surface)
        for button in self.buttons:
            button.draw(surface)
        if self.chooser is not None:
            surface.blit(theme.shade(self.board_rect.size, 120), self.board_rect)
            self.chooser.draw(surface)

    def _draw_side(self, surface: pygame.Surface, seat: int) -> None:
        r = self.side_rect(seat)
        side = self.side(seat)
        surface.blit(theme.panel(r.size, "wood"), r)
        active = self.view["active"] == seat and self.view["phase"] not in ("between", "over")
        if active:
            pygame.draw.rect(surface, self.seat_colour(seat), r, 3, border_radius=theme.RADIUS)
        for rect, key in self.zones:
            if key[0] == "char" and key[1] == seat:
                f = self.fighter(seat, key[2])
                if f is not None:
                    self._draw_character(surface, rect, seat, f)
        for i in range(len(side["clan"]), 3):
            slot = pygame.Rect(r.left + 152 + i * 142, r.top + 8, *CARD)
            pygame.draw.rect(surface, (52, 38, 28), slot, border_radius=theme.RADIUS)
            pygame.draw.rect(surface, (96, 72, 48), slot, 2, border_radius=theme.RADIUS)
            blit_centered(surface, assets.asset_icon("duel.ui.clan", 48, (96, 72, 48)),
                          slot.center)
        self._draw_equipment(surface, seat, r)
        self._draw_sheet(surface, seat, r)

    def _draw_character(self, surface: pygame.Surface, rect: pygame.Rect, seat: int,
                        f: dict[str, Any]) -> None:
        t = self.app.t
        face = art.card_face(self.app, f["card"], CARD, stats=False, art_share=0.44)
        if f["attacked"] and seat == self.view["active"]:
            face = art.dimmed(face)
        surface.blit(face, rect)
        # Live numbers: attack and defence dice, armour, life left.
        y = rect.bottom - 62
        values = [("duel.ui.attack", f["attack"], f["temp_attack"]),
                  ("duel.ui.defence", f["defence"], f["temp_defence"])]
        if f["armour"]:
            values.append(("duel.ui.armour", f["armour"], 0))
        step = (rect.width - 12) // len(values)
        for i, (icon, value, temp) in enumerate(values):
            cx = rect.left + 6 + step * i + step // 2
            pygame.draw.circle(surface, theme.WOOD_DARK, (cx - 10, y + 11), 12)
            surface.blit(assets.asset_icon(icon, 18), (cx - 19, y + 2))
            ink = theme.GREEN if temp > 0 else theme.INK_DARK
            number = assets.text(str(value), "bold", theme.SIZE_BODY, ink)
            surface.blit(number, (cx + 5, y + 11 - number.get_height() // 2))
        bar = pygame.Rect(rect.left + 10, rect.bottom - 32, rect.width - 20, 20)
        pygame.draw.rect(surface, (70, 30, 24), bar, border_radius=6)
        share = max(0.0, f["left"] / max(1, f["life"]))
        fill = bar.copy()
        fill.width = int(bar.width * share)
        colour = theme.GREEN if share > 0.5 else (theme.GOLD if share > 0.25 else theme.RED_BRIGHT)
        if fill.width:
            pygame.draw.rect(surface, colour, fill, border_radius=6)
        pygame.draw.rect(surface, theme.WOOD_DEEP, bar, 2, border_radius=6)
        label = assets.text(t("duel.ui.life_of", left=f["left"], life=f["life"]), "bold",
                            theme.SIZE_TINY, theme.INK)
        surface.blit(assets.asset_icon("duel.ui.life", 16), (bar.left + 4, bar.top + 2))
        blit_centered(surface, label, bar.center)
        if f["uid"] == 0:
            level = self.side(seat)["level"]
            badge = (rect.right - 16, rect.top + 40)
            pygame.draw.circle(surface, theme.RED, badge, 14)
            pygame.draw.circle(surface, theme.GOLD, badge, 14, 2)
            blit_centered(surface, assets.text(str(level), "bold", theme.SIZE_SMALL, theme.INK),
                          badge)
        self._mark(surface, rect, ("char", seat, f["uid"]))

    def _mark(self, surface: pygame.Surface, rect: pygame.Rect, key: tuple[Any, ...]) -> None:
        """Outlines legal targets and the selection."""
        seat, uid = key[1], key[2]
        legal = self.legal
        if seat == self.me and uid == self.selected_attacker:
            self.highlight(surface, rect, "selected")
        elif self.targeting is not None:
            targets = legal.cast.get(self.targeting, {})
            want_enemy = cards().target.get(self.targeting) in ("enemy", "enemy_clan",
                                                               "enemy_equipment")
            if uid in targets and (seat == self.opp) == want_enemy:
                self.highlight(surface, rect)
        elif seat == self.me and (uid in legal.defend or (
                uid in legal.attack and self.selected_attacker is None)):
            self.highlight(surface, rect)
        # An enemy is never marked as chosen: the attacked player chooses the defender.

    def _draw_equipment(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        side = self.side(seat)
        for i in range(5):
            slot = pygame.Rect(r.left + 580, r.top + 8 + i * 37, 250, 34)
            if i < len(side["equipment"]):
                e = side["equipment"][i]
                surface.blit(theme.button(slot.size, "normal"), slot)
                surface.blit(assets.asset_icon(f"duel.{e['card']}", 26), (slot.left + 8,
                                                                         slot.top + 4))
                name = assets.fit(self.app.catalog.text(e["name"]), "bold", theme.SIZE_SMALL,
                                  slot.width - 50)
                image = assets.text(name, "bold", theme.SIZE_SMALL, theme.INK)
                surface.blit(image, (slot.left + 42, slot.centery - image.get_height() // 2))
                self._mark(surface, slot, ("equip", seat, e["uid"]))
            else:
                pygame.draw.rect(surface, (46, 33, 24), slot, border_radius=8)
                pygame.draw.rect(surface, (84, 62, 42), slot, 1, border_radius=8)
                image = assets.text(self.app.t("duel.ui.equipment_slot", n=i + 1), "italic",
                                    theme.SIZE_TINY, theme.INK_FAINT)
                blit_centered(surface, image, slot.center)

    def _draw_sheet(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        t = self.app.t
        side = self.side(seat)
        info = pygame.Rect(r.left + 842, r.top + 8, r.right - 10 - (r.left + 842), 182)
        surface.blit(theme.panel(info.size, "inset"), info)
        colour = self.seat_colour(seat)
        pygame.draw.circle(surface, colour, (info.left + 20, info.top + 20), 11)
        pygame.draw.circle(surface, theme.GOLD, (info.left + 20, info.top + 20), 11, 2)
        icon = "ui.bot" if self.is_bot(seat) else "ui.human"
        blit_centered(surface, assets.asset_icon(icon, 14, theme.WOOD_DEEP),
                      (info.left + 20, info.top + 20))
        name = assets.text(assets.fit(self.seat_name(seat), "serif", theme.SIZE_H3, 180),
                           "serif", theme.SIZE_H3, theme.GOLD)
        surface.blit(name, (info.left + 38, info.top + 20 - name.get_height() // 2))
        if self.view["day"]:
            for i in range(2):
                centre = (info.right - 22 - i * 28, info.top + 20)
                won = side["wins"] > i
                blit_centered(surface, assets.asset_icon("duel.ui.trophy", 22,
                                                         theme.GOLD_BRIGHT if won
                                                         else (84, 66, 46)), centre)
        # Level and XP towards the next level (seed 003: level limits on the card's back).
        y = info.top + 42
        level = assets.text(t("duel.ui.level", level=side["level"]), "bold", theme.SIZE_SMALL,
                            theme.INK)
        surface.blit(level, (info.left + 12, y + 4))
        bar = pygame.Rect(info.left + 24 + level.get_width(), y + 6, info.width - 36 -
                          level.get_width(), 18)
        pygame.draw.rect(surface, (40, 30, 22), bar, border_radius=5)
        nxt = side["next_level"]
        share = 1.0 if nxt is None else min(1.0, side["xp"] / max(1, nxt))
        if share > 0:
            pygame.draw.rect(surface, theme.GOLD_DIM, (bar.left, bar.top, int(bar.width * share),
                                                       bar.height), border_radius=5)
        xp = assets.text(t("duel.ui.xp_of", xp=side["xp"], next=nxt if nxt is not None
                           else "—"), "bold", theme.SIZE_TINY, theme.INK)
        blit_centered(surface, xp, bar.center)
        # MG-W and MUT.
        y = info.top + 74
        x = info.left + 12
        for icon, label in (("duel.ui.magic", t("duel.ui.magic_short", n=side["magic"])),
                            ("duel.ui.courage", t("duel.ui.courage_short", n=side["courage"]))):
            surface.blit(assets.asset_icon(icon, 22), (x, y))
            image = assets.text(label, "body", theme.SIZE_SMALL, theme.INK_DIM)
            surface.blit(image, (x + 26, y + 11 - image.get_height() // 2))
            x += 30 + image.get_width() + 18
        # The dice pool: one small die per die, the spent ones greyed on the dice graveyard.
        y = info.top + 110
        surface.blit(assets.asset_icon("duel.ui.pool", 26), (info.left + 10, y + 2))
        x = info.left + 44
        small = 22
        shown = min(side["pool"] + side["spent"], 11)
        for i in range(shown):
            spent = i >= side["pool"]
            face = die_face(small, 6 if not spent else 1, theme.PARCHMENT if not spent
                            else (90, 80, 70), theme.INK_DARK)
            surface.blit(face, (x + i * (small + 4), y + 4))
        count = assets.text(str(side["pool"]), "bold", theme.SIZE_BODY, theme.GOLD_BRIGHT)
        surface.blit(count, (info.right - 14 - count.get_width(), y + 4))
        # Piles: deck, hand, graveyard, lands, treasures, inventory.
        values = {"deck": side["deck_count"], "hand": side["hand_count"],
                  "grave": len(side["grave"]), "lands": len(side["lands"]),
                  "treasures": side["treasure_count"], "inventory": len(side["inventory"])}
        icons = {"deck": "duel.ui.deck", "hand": "duel.ui.hand", "grave": "duel.ui.grave",
                 "lands": "duel.ui.land", "treasures": "duel.ui.treasure",
                 "inventory": "duel.ui.inventory"}
        for rect, key in self.zones:
            if key[0] == "chip" and key[1] == seat:
                hover = self.hovered == key
                pygame.draw.rect(surface, (66, 48, 34) if hover else (46, 34, 25), rect,
                                 border_radius=6)
                surface.blit(assets.asset_icon(icons[key[2]], 20), (rect.left + 4, rect.top + 6))
                image = assets.text(str(values[key[2]]), "bold", theme.SIZE_SMALL, theme.INK)
                surface.blit(image, (rect.left + 27, rect.centery - image.get_height() // 2))

    def _draw_middle(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.panel(MID.size, "glass"), MID)
        # The land in play (seed 003: it holds until another land is played).
        land = self.view["land"]
        if land is None:
            self._empty_slot(surface, LAND, t("duel.ui.no_land"), "duel.ui.land")
        else:
            surface.blit(art.card_face(self.app, land["card"], CARD), LAND)
            pygame.draw.rect(surface, self.seat_colour(land["owner"]), LAND, 3,
                             border_radius=theme.RADIUS)
        hidden = self.view["table_treasures"]
        if not hidden:
            self._empty_slot(surface, TABLE_TREASURE, t("duel.ui.no_treasure"),
                             "duel.ui.treasure")
        else:
            for i, entry in enumerate(hidden[:3]):
                rect = TABLE_TREASURE.move(i * 6, -i * 4)
                surface.blit(art.card_back(CARD, (150, 112, 30)), rect)
                pygame.draw.rect(surface, self.seat_colour(entry["owner"]), rect, 2,
                                 border_radius=theme.RADIUS)
            label = assets.text(t("duel.ui.treasure_at_stake"), "bold", theme.SIZE_TINY,
                                theme.GOLD_BRIGHT)
            blit_centered(surface, label, (TABLE_TREASURE.centerx, TABLE_TREASURE.bottom - 14))
        surface.blit(theme.panel(CENTRE.size, "inset"), CENTRE)
        self._draw_centre(surface)
        self._draw_right(surface)

    def _empty_slot(self, surface: pygame.Surface, rect: pygame.Rect, text: str,
                    icon: str) -> None:
        pygame.draw.rect(surface, (40, 30, 22), rect, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, (90, 68, 46), rect, 2, border_radius=theme.RADIUS)
        blit_centered(surface, assets.asset_icon(icon, 54, (96, 76, 54)),
                      (rect.centerx, rect.centery - 14))
        image = assets.text(text, "italic", theme.SIZE_TINY, theme.INK_FAINT, rect.width - 16,
                            "center")
        blit_centered(surface, image, (rect.centerx, rect.bottom - 30))

    def _draw_right(self, surface: pygame.Surface) -> None:
        t = self.app.t
        v = self.view
        title = assets.text(t("duel.ui.round_game", round=v["round"], game=v["game_no"]),
                            "serif", theme.SIZE_BODY, theme.GOLD)
        surface.blit(title, (RIGHT.left + 16, RIGHT.top + 8))
        if v["phase"] in ACT_PHASES:
            # seed 003: "2 aus 3 Aktionen" - magic, attack, end of turn. Labels, not buttons:
            # no frame or fill; the tooltip tells how to take each action.
            for rect, key in self.zones:
                if key[0] == "act":
                    self._draw_act_label(surface, rect, key[1])

    def _draw_act_label(self, surface: pygame.Surface, rect: pygame.Rect, act: str) -> None:
        t = self.app.t
        state = self._act_state(act)
        ink = {"now": theme.GOLD_BRIGHT, "open": theme.INK_DIM, "done": theme.INK_FAINT,
               "later": theme.INK_FAINT}[state]
        icon = "duel.ui.magic" if act == "magic" else "duel.ui.attack"
        surface.blit(assets.asset_icon(icon, 20, ink), (rect.left, rect.top + 5))
        label = t(ACT_KEYS[act][0]) + " · " + t(ACT_STATE_KEYS[state][0])
        label, size = assets.shrink_to_fit(label, "italic", theme.SIZE_TINY, rect.width - 26,
                                           11)
        image = assets.text(label, "italic", size, ink)
        surface.blit(image, (rect.left + 26, rect.centery - image.get_height() // 2))
        if state == "done":
            y = rect.centery + 1
            pygame.draw.line(surface, theme.INK_FAINT, (rect.left + 26, y),
                             (rect.left + 26 + image.get_width(), y), 1)

    # --- the centre ---------------------------------------------------------------------
    def _draw_centre(self, surface: pygame.Surface) -> None:
        v = self.view
        phase = v["phase"]
        mine = self.is_my_turn()
        if phase in ("between", "over"):
            self._draw_day(surface)
        elif phase == "window" and mine:
            self._draw_window(surface)
        elif phase == "respond":
            self._draw_cast(surface)
        elif self.arrange_slots is not None:
            self._draw_fight(surface, arranging=True)
        elif self._odds_rows():
            self._draw_odds(surface)
        elif self.targeting is not None:
            self._centre_text(surface, self.app.t("duel.ui.choose_target",
                                                  card=art.card_name(self.app, self.targeting)))
        elif v["fight"] is not None and v["fight"].get("attack"):
            self._draw_fight(surface, arranging=False)
        elif v["last_fight"] is not None or (self.tumble is not None and not self.tumble.done):
            self._draw_fight(surface, arranging=False)
        else:
            self._centre_text(surface, self.app.t("duel.ui.centre_idle"))

    def _centre_text(self, surface: pygame.Surface, text: str) -> None:
        image = assets.text(text, "italic", theme.SIZE_BODY, theme.INK_DIM, CENTRE.width - 60,
                            "center")
        blit_centered(surface, image, CENTRE.center)

    def _heading(self, surface: pygame.Surface, text: str, width: int = CENTRE.width - 30) -> None:
        text, size = assets.shrink_to_fit(text, "serif", theme.SIZE_BODY, width, theme.SIZE_SMALL)
        image = assets.text(text, "serif", size, theme.GOLD)
        surface.blit(image, (CENTRE.left + 14, CENTRE.top + 6))

    def _fight_data(self) -> dict[str, Any] | None:
        """Returns what the fight panel shows: the pending fight, or the last one resolved."""
        v = self.view
        fight = v["fight"]
        if fight is not None and fight.get("attack"):
            seat = fight["attacker_seat"]
            slots = list(self.arrange_slots) if self.arrange_slots is not None \
                else list(fight["auto"])
            detail = self._arrange_detail(slots)
            pairs = [list(row) for row in detail.get("pairs", ())]
            armour = list(detail.get("armour", (0, 0)))
            # as the fight will score it: armour stops damage (the preview says how much)
            return {"attacker": {"seat": seat, "uid": fight["attacker"]},
                    "defender": {"seat": 1 - seat, "uid": fight["defender"]},
                    "attack": fight["attack"], "slots": slots, "pairs": pairs,
                    "armour": armour,
                    "dealt": detail.get("dealt", sum(p[2] for p in pairs)) - armour[1],
                    "taken": detail.get("taken", sum(p[3] for p in pairs)) - armour[0],
                    "pending": True, "spare": self._spare(fight["defence"], slots)}
        return v["last_fight"]

    def _arrange_detail(self, slots: list[int]) -> dict[str, Any]:
        """Returns the rules' preview of the dice as placed: the scored pairs [attacker die,
        defender die, dealt, taken], the damage before armour and the armour of both sides
        (the preview of ``arrange``, kept while the dice stay put)."""
        key = (tuple(self.view["fight"]["attack"]), tuple(slots))
        if self._pairs_key != key:
            seat = None if self.curtain_for is not None else self.viewer
            detail = self.rules.explain(self.session.state, seat, Action.make(
                "arrange", order=tuple(slots))).detail or {}
            self._pairs_key, self._pairs = key, dict(detail)
        return self._pairs

    @staticmethod
    def _spare(defence: list[int], slots: list[int]) -> list[int]:
        left = list(defence)
        for d in slots:
            if d and d in left:
                left.remove(d)
        return left

    def _draw_fight(self, surface: pygame.Surface, arranging: bool) -> None:
        t = self.app.t
        data = self._fight_data()
        tumbling = self.tumble is not None and not self.tumble.done
        if data is None:
            return
        a, d = data["attacker"], data["defender"]
        a_name = self.app.catalog.text(a["card"]) if "card" in a else \
            self.fighter_name(a["seat"], a["uid"])
        d_name = self.app.catalog.text(d["card"]) if "card" in d else \
            self.fighter_name(d["seat"], d["uid"])
        heading = t("duel.ui.fight_arrange") if arranging else (
            t("duel.ui.fight_pending") if data.get("pending") else t("duel.ui.fight_last"))
        self._heading(surface, heading)
        for top, who, name in ((True, a, a_name), (False, d, d_name)):
            rect = self._fight_die_rect(0, top)
            pygame.draw.circle(surface, self.seat_colour(who["seat"]),
                               (CENTRE.left + 22, rect.centery), 7)
            role = t("duel.ui.attacker") if top else t("duel.ui.defender")
            name, size = assets.shrink_to_fit(name, "bold", theme.SIZE_SMALL, 130, 11)
            image = assets.text(name, "bold", size, theme.INK)
            surface.blit(image, (CENTRE.left + 34, rect.centery - 18))
            image = assets.text(role, "italic", theme.SIZE_TINY, theme.INK_DIM)
            surface.blit(image, (CENTRE.left + 34, rect.centery + 2))
        if tumbling:
            return
        shown = len(data["pairs"])
        if self.reveal is not None and not self.reveal.done and not data.get("pending"):
            value = self.reveal.value
            shown = int(value) if isinstance(value, float) else shown
        body_a = _tint(self.seat_colour(a["seat"]))
        body_d = _tint(self.seat_colour(d["seat"]))
        for i, (att, dfc, x, y) in enumerate(data["pairs"]):
            top = self._fight_die_rect(i, True)
            bottom = self._fight_die_rect(i, False)
            surface.blit(die_face(DIE, att, body_a, theme.INK_DARK), top)
            if dfc:
                surface.blit(die_face(DIE, dfc, body_d, theme.INK_DARK), bottom)
            else:
                pygame.draw.rect(surface, (90, 70, 50), bottom, 2, border_radius=DIE // 6)
            if arranging:
                if self.arrange_pick == ("slot", i):
                    self.highlight(surface, bottom, "selected")
                elif self.hovered == ("slot", i):
                    self.highlight(surface, bottom)
            if i >= shown:
                continue
            # The damage stands next to the die of the one who takes it.
            if x:
                image = assets.text(f"−{x}", "bold", theme.SIZE_BODY, theme.RED_BRIGHT)
                blit_centered(surface, image, (bottom.centerx, bottom.bottom + 14))
            if y:
                image = assets.text(f"−{y}", "bold", theme.SIZE_BODY, theme.RED_BRIGHT)
                blit_centered(surface, image, (top.centerx, top.top - 12))
            mid = (top.centerx, (top.bottom + bottom.top) // 2)
            sign = ">" if att > dfc else ("<" if att < dfc else "=")
            blit_centered(surface, assets.text(sign, "bold", theme.SIZE_SMALL, theme.INK_DIM),
                          mid)
        for j, die in enumerate(data.get("spare") or ()):
            # a spare die is left out of the fight; while arranging it can be swapped in
            rect = self._spare_rect(j)
            surface.blit(die_face(DIE, die, (110, 100, 90), theme.INK_DARK), rect)
            if arranging:
                if self.arrange_pick == ("spare", j):
                    self.highlight(surface, rect, "selected")
                elif self.hovered == ("spare", j):
                    self.highlight(surface, rect)
        if shown < len(data["pairs"]):
            return
        # Totals with armour: why every point of damage happened.
        box = pygame.Rect(CENTRE.right - 150, CENTRE.top + 40, 138, 140)
        pygame.draw.rect(surface, (30, 22, 16), box, border_radius=8)
        a_arm, d_arm = data["armour"]
        lines = [(t("duel.ui.total_dealt", n=data["dealt"]), theme.RED_BRIGHT),
                 (t("duel.ui.total_taken", n=data["taken"]), theme.RED_BRIGHT)]
        if d_arm:
            lines.insert(1, (t("duel.ui.armour_saved", n=d_arm), theme.INK_DIM))
        if a_arm:
            lines.append((t("duel.ui.armour_saved", n=a_arm), theme.INK_DIM))
        winner = data.get("winner", -1)
        if not data.get("pending"):
            if winner is None:
                lines.append((t("duel.ui.fight_draw"), theme.INK_DIM))
            elif winner >= 0:
                lines.append((t("duel.ui.fight_winner", name=self.seat_name(winner)),
                              theme.GOLD_BRIGHT))
        y = box.top + 10
        for text, colour in lines:
            image = assets.text(assets.fit(text, "bold", theme.SIZE_TINY, box.width - 16),
                                "bold", theme.SIZE_TINY, colour)
            surface.blit(image, (box.left + 8, y))
            y += 24

    def _draw_odds(self, surface: pygame.Surface) -> None:
        t = self.app.t
        rows = self._odds_rows()
        defending = self.view["phase"] == "defend"
        # Who chooses what (seed 003, "Angreifen"): the attacker is chosen by the player on
        # turn, the defender by the attacked player; the table never marks an enemy as picked.
        if defending:
            att = self.view["fight"]["attacker"] if self.view["fight"] else 0
            heading = t("duel.ui.odds_defend", name=self.fighter_name(self.opp, att))
            note = t("duel.ui.odds_you_choose")
        else:
            heading = t("duel.ui.odds_attack", name=self.fighter_name(
                self.me, self.selected_attacker or 0))
            note = t("duel.ui.odds_they_choose", opponent=self.seat_name(self.opp))
        self._heading(surface, heading, 322 - 14 - 8)  # the chart starts 322 px in
        note, size = assets.shrink_to_fit(note, "italic", theme.SIZE_TINY, 300, 11)
        surface.blit(assets.text(note, "italic", size, theme.INK_DIM),
                     (CENTRE.left + 14, CENTRE.top + 30))
        head_y = CENTRE.top + 46
        for text, x in ((t("duel.ui.odds.dice"), 150), (t("duel.ui.odds.hit"), 208),
                        (t("duel.ui.odds.fells"), 262)):
            image = assets.text(text, "bold", theme.SIZE_TINY, theme.GOLD_DIM)
            surface.blit(image, (CENTRE.left + x, head_y))
        focus_row = None
        for i, row in enumerate(rows):
            rect = odds_row_rect(i)
            seat = self.me if defending else self.opp
            uid = row["defender"]
            focused = uid == self.focus or (self.focus is None and i == 0)
            if focused:
                focus_row = row
                if defending:  # the defender's own choice: marked like a selection
                    pygame.draw.rect(surface, (70, 52, 34), rect, border_radius=6)
                else:  # only which chart is shown: an outline, no choice
                    pygame.draw.rect(surface, theme.GOLD_DIM, rect, 1, border_radius=6)
            name, size = assets.shrink_to_fit(self.fighter_name(seat, uid), "bold",
                                              theme.SIZE_TINY, 128, 10)
            image = assets.text(name, "bold", size, theme.INK)
            surface.blit(image, (rect.left + 6, rect.centery - image.get_height() // 2))
            dealt, fells = row["expected_dealt"], row["defender_falls"]
            cells = (f"{row['attack_dice']}:{row['defence_dice']}", self.decimal(dealt),
                     f"{fells * 100:.0f}%")
            for text, x in zip(cells, (138, 196, 250), strict=True):
                surface.blit(assets.text(text, "body", theme.SIZE_TINY, theme.INK_DIM),
                             (rect.left + x, rect.top + 6))
        if focus_row is not None:
            chart = self._chart(focus_row, defending)
            surface.blit(chart, (CENTRE.left + 322, CENTRE.top + 8))

    def _chart(self, row: dict[str, Any], defending: bool) -> pygame.Surface:
        """Returns the two damage distributions of one possible fight, drawn once per pair."""
        key = (row["attacker"], row["defender"], defending, self.app.catalog.lang,
               row["outcomes"], tuple(map(tuple, row["dealt"])), tuple(row["armour"]))
        surf = self._charts.get(key)
        if surf is not None:
            return surf
        t = self.app.t
        w, h = 268, 178
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        total = row["outcomes"]
        parts = ((row["dealt"], "duel.ui.odds.dealt", row["expected_dealt"],
                  row["defender_falls"], theme.RED_BRIGHT),
                 (row["taken"], "duel.ui.odds.taken", row["expected_taken"],
                  row["attacker_falls"], theme.BLUE))
        for n, (dist, label_key, mean, falls, colour) in enumerate(parts):
            top = n * 90
            label = t(label_key, mean=self.decimal(mean), falls=f"{falls * 100:.0f}")
            label, size = assets.shrink_to_fit(label, "bold", theme.SIZE_TINY, w, 11)
            surf.blit(assets.text(label, "bold", size, theme.INK), (0, top))
            counts = [0] * (MAX_BAR + 1)
            for k, c in dist:
                counts[min(MAX_BAR, int(k))] += c
            last = max((k for k, c in enumerate(counts) if c), default=0)
            bars = max(6, last + 1)
            bw = (w - 4) // bars
            peak = max(counts) or 1
            for k in range(bars):
                share = counts[k] / total
                bh = int(38 * counts[k] / peak)  # the share above the peak clears the label
                rect = pygame.Rect(2 + k * bw, top + 70 - bh, bw - 3, bh)
                if bh:
                    pygame.draw.rect(surf, colour, rect, border_top_left_radius=3,
                                     border_top_right_radius=3)
                digit = f"{k}+" if k == MAX_BAR else str(k)
                image = assets.text(digit, "body", 11, theme.INK_DIM)
                surf.blit(image, image.get_rect(midtop=(rect.centerx, top + 72)))
                if share >= 0.05 and bw >= 22:
                    pct = assets.text(f"{share * 100:.0f}", "body", 10, theme.INK)
                    surf.blit(pct, pct.get_rect(midbottom=(rect.centerx, rect.top - 1)))
        self._charts[key] = surf
        return surf

    def _draw_window(self, surface: pygame.Surface) -> None:
        t = self.app.t
        self._heading(surface, t("duel.ui.window_title"))
        window = self.view["window"]
        for label, left, cards_, done in (
                ("duel.ui.window_lands", WINDOW_LANDS, self.legal.lands,
                 "duel.ui.window_land_done" if window["land"] else "duel.ui.window_no_land"),
                ("duel.ui.window_treasures", WINDOW_TREASURES, self.legal.treasures,
                 "duel.ui.window_treasure_done" if window["treasure"]
                 else "duel.ui.window_no_treasure")):
            image = assets.text(t(label), "bold", theme.SIZE_TINY, theme.INK_DIM)
            surface.blit(image, (left, CENTRE.top + 36))
            if not cards_:
                note = assets.text(t(done), "italic", theme.SIZE_SMALL, theme.INK_FAINT,
                                   WINDOW_W - 8)
                surface.blit(note, (left, CENTRE.top + 64))
        for rect, key in self.zones:
            if key[0] in ("window_land", "window_treasure"):
                self._draw_chip(surface, rect, key[1], self.hovered == key)

    def _draw_chip(self, surface: pygame.Surface, rect: pygame.Rect, card: str,
                   hovered: bool) -> None:
        """Draws a land or treasure of the picker: its tile and its whole name (wrapped)."""
        surface.blit(theme.button(rect.size, "normal", "hover" if hovered else "normal"), rect)
        tile = art.card_tile(card, (28, rect.height - 8))
        surface.blit(tile, (rect.left + 4, rect.top + 4))
        width = rect.width - 42
        fitted = art.fit_lines(art.card_name(self.app, card), "bold",
                               range(theme.SIZE_TINY, 9, -1), width, 2)
        lines, size = fitted if fitted is not None else (
            (assets.fit(art.card_name(self.app, card), "bold", 10, width),), 10)
        lh = assets.line_height("bold", size)
        y = rect.centery - lh * len(lines) // 2
        for line in lines:
            surface.blit(assets.text(line, "bold", size, theme.INK), (rect.left + 38, y))
            y += lh
        self.highlight(surface, rect, "selected" if hovered else "legal")

    def _draw_cast(self, surface: pygame.Surface) -> None:
        t = self.app.t
        cast = self.view["cast"]
        if cast is None:
            return
        self._heading(surface, t("duel.ui.cast_pending", name=self.seat_name(cast["seat"])))
        rect = pygame.Rect(CENTRE.left + 16, CENTRE.top + 40, *SMALL)
        surface.blit(art.card_tile(cast["card"], SMALL), rect)
        name = assets.text(art.card_name(self.app, cast["card"]), "bold", theme.SIZE_BODY,
                           theme.INK, CENTRE.width - 120)
        surface.blit(name, (rect.right + 16, rect.top))
        lines = art.card_effects(self.app, cast["card"])
        if cast["target"] is not None:
            lines.append(t("duel.ui.choose.target", target=self._target_name(
                cast["card"], cast["target"]) if cast["seat"] == self.me else
                self._enemy_target_name(cast["card"], cast["target"])))
        if self.is_my_turn():
            lines.append(t("duel.ui.respond_hint"))
        y = rect.top + name.get_height() + 4
        for line in lines:
            image = assets.text(line, "body", theme.SIZE_SMALL, theme.INK, CENTRE.width - 120)
            surface.blit(image, (rect.right + 16, y))
            y += image.get_height() + 6

    def _enemy_target_name(self, card: str, target: Any) -> str:
        """Returns the target's name when the opponent casts at the viewer's side."""
        kind = cards().target.get(card)
        if kind in ("enemy", "enemy_clan"):
            return self.fighter_name(self.me, int(target))
        if kind == "own":
            return self.fighter_name(self.opp, int(target))
        if kind == "enemy_equipment":
            for e in self.side(self.me)["equipment"]:
                if e["uid"] == target:
                    return self.app.catalog.text(e["name"])
        if kind == "own_grave":
            return art.card_name(self.app, str(target))
        return ""

    def _draw_day(self, surface: pygame.Surface) -> None:
        t = self.app.t
        v = self.view
        winner = v["winner"]
        if winner is not None:
            self._heading(surface, t("duel.ui.game_won", game=v["game_no"],
                                     name=self.seat_name(winner)))
        y = CENTRE.top + 56
        if v["day"]:
            score = assets.shadowed(f"{self.side(self.me)['wins']} : {self.side(self.opp)['wins']}",
                                    "title", theme.SIZE_H1, theme.GOLD_BRIGHT)
            blit_centered(surface, score, (CENTRE.centerx, y + 20))
            for seat, x in ((self.me, CENTRE.centerx - 150), (self.opp, CENTRE.centerx + 150)):
                name = assets.text(assets.fit(self.seat_name(seat), "bold", theme.SIZE_BODY,
                                              200), "bold", theme.SIZE_BODY,
                                   self.seat_colour(seat))
                blit_centered(surface, name, (x, y + 22))
            note = t("duel.ui.day_over", name=self.seat_name(v["day_winner"])) \
                if v["day_winner"] is not None else t("duel.ui.day_rule")
            image = assets.text(note, "italic", theme.SIZE_SMALL, theme.INK_DIM,
                                CENTRE.width - 40, "center")
            blit_centered(surface, image, (CENTRE.centerx, CENTRE.bottom - 40))

    # --- the hand -----------------------------------------------------------------------
    def _draw_hand(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.panel(HAND.size, "wood"), HAND)
        hand = self.side(self.me)["hand"]
        if hand is None:
            return
        if not hand:
            self._hand_note(surface, t("duel.ui.hand_empty"))
            return
        mine = self.is_my_turn() and self.view["phase"] in ("main", "respond")
        lifted = None
        for rect, key in self.zones:
            if key[0] != "hand":
                continue
            if self.hovered == key:
                lifted = (rect, key)
                continue
            self._draw_hand_card(surface, rect, key[2], mine, False)
        if lifted is not None:
            self._draw_hand_card(surface, lifted[0].move(0, -16), lifted[1][2], mine, True)

    def _hand_note(self, surface: pygame.Surface, text: str) -> None:
        image = assets.text(text, "italic", theme.SIZE_BODY, theme.INK_FAINT)
        blit_centered(surface, image, HAND.center)

    def _draw_hand_card(self, surface: pygame.Surface, rect: pygame.Rect, card: str,
                        mine: bool, lifted: bool) -> None:
        face = art.card_face(self.app, card, CARD)
        playable = self.legal.playable(card)
        if mine and not playable:
            face = art.dimmed(face)
        surface.blit(face, rect)
        if playable:
            self.highlight(surface, rect, "selected" if lifted or self.targeting == card
                           else "legal")
