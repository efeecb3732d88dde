"""The mission table of the co-operative campaign crawler.

The tile is drawn as an area map (four areas, not squares) with the heroes standing in them;
beside it each area's row of enemy cards with their hit-zone tracks; above, the round tracker
with the coming spawns; below, the active hero's tableau (hearts, mana, armour, items) and the
river of six action tiles with the current cost of each playable tile, the two on cooldown and
the Active Core. A tile, a standard action or an item is played by clicking it and then what it
points at (an enemy's zone, an area, a hero); before an attack every target zone shows its
expected damage and the hovered one its full preview from ``rules.annotate``. Decisions (rerolls,
defence items, who takes a hit, drops and offers, a tile's choice) are asked through the generic
``ChoicePanel``. The events of every action are played back step by step (fx.py): spawns, each
enemy's target and the reason, the direction coin, the dice, the damage. Everything shown is
read from ``rules.view`` and ``rules.annotate``; docs/coop_campaign/view.md lists the fields.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame

from engine.core.actions import Action, Event
from scenes import assets, theme
from scenes.app import App
from scenes.board.chooser import ChoicePanel, Popup
from scenes.board.index import ActionIndex
from scenes.coop_campaign import art, missioninfo, query
from scenes.coop_campaign.fx import Step, Timeline, build_steps
from scenes.coop_campaign.plan import ATTACKS, Plan
from scenes.duel.fx import FloatText
from scenes.table import TableScene
from scenes.widgets import Button, blit_centered, button_row

TRACK = pygame.Rect(12, 76, 1196, 64)
MAP = pygame.Rect(12, 148, 420, 462)
COLS = pygame.Rect(440, 148, 768, 462)
COL_W, COL_GAP = 186, 8
TABLEAU = pygame.Rect(12, 618, 888, 276)
PARTY = pygame.Rect(908, 618, 300, 276)
RIVER_X, RIVER_Y = 236, 676
TILE_W, TILE_H, TILE_GAP = 100, 146, 8
ROW_Y = 850  # the row of standard actions (or of a plan's buttons) under the river
FIELD, FIELD_STEP, FIELD_X = 56, 64, 318
FIELDS_FULL = 8  # a tracker longer than this draws its fields smaller, so the decks still fit


def field_geometry(n: int) -> tuple[int, int]:
    """Returns (size, step) of the tracker's fields for a tracker of n fields."""
    extra = max(0, n - FIELDS_FULL)
    return FIELD - 3 * extra, FIELD_STEP - 5 * extra
TOKEN = 42
CHOOSER_AT = (824, 392)  # over the enemy rows: the map with the heroes stays in view
DIE_STEP = 120  # from one die's left edge to the next in the reroll panel

ELEMENT_KEYS = {"fire": "coop.element.fire", "water": "coop.element.water",
                "nature": "coop.element.nature", "none": "coop.ui.element.none"}
TYPE_KEYS = {"melee": "coop.ui.type.melee", "ranged": "coop.ui.type.ranged",
             "ability": "coop.ui.type.ability"}
KEYWORD_KEYS = {
    "aoe": ("coop.ui.kw.aoe", "coop.ui.kw.aoe.tip"),
    "gang": ("coop.ui.kw.gang", "coop.ui.kw.gang.tip"),
    "guard": ("coop.ui.kw.guard", "coop.ui.kw.guard.tip"),
    "lifesteal": ("coop.ui.kw.lifesteal", "coop.ui.kw.lifesteal.tip"),
    "range": ("coop.ui.kw.range", "coop.ui.kw.range.tip"),
    "root": ("coop.ui.kw.root", "coop.ui.kw.root.tip"),
    "stealth": ("coop.ui.kw.stealth", "coop.ui.kw.stealth.tip"),
    "taunt": ("coop.ui.kw.taunt", "coop.ui.kw.taunt.tip"),
    "twinstrike": ("coop.ui.kw.twinstrike", "coop.ui.kw.twinstrike.tip"),
    "hunter": ("coop.ui.kw.hunter", "coop.ui.kw.hunter.tip"),
    "berzerk": ("coop.ui.kw.berzerk", "coop.ui.kw.berzerk.tip"),
    "leader": ("coop.ui.kw.leader", "coop.ui.kw.leader.tip"),
    "summon": ("coop.ui.kw.summon", "coop.ui.kw.summon.tip"),
    "lowest_hp": ("coop.ui.kw.lowest_hp", "coop.ui.kw.lowest_hp.tip"),
}
FACE_KEYS = {"S": "coop.ui.face.S", "SC": "coop.ui.face.SC", "C": "coop.ui.face.C",
             "L": "coop.ui.face.L"}
DIR_KEYS = {"N": "coop.ui.dir.N", "E": "coop.ui.dir.E", "S": "coop.ui.dir.S",
            "W": "coop.ui.dir.W"}
RANK_KEYS = {"minion": "coop.ui.rank.minion", "elite": "coop.ui.rank.elite",
             "boss": "coop.ui.rank.boss"}
FAMILY_KEYS = {"goblin": "coop.ui.family.goblin", "orc": "coop.ui.family.orc",
               "beast": "coop.ui.family.beast", "forest": "coop.ui.family.forest",
               "skeleton": "coop.ui.family.skeleton", "undead": "coop.ui.family.undead",
               "spirit": "coop.ui.family.spirit", "cultist": "coop.ui.family.cultist",
               "demon": "coop.ui.family.demon"}
# keys chosen at run time, listed so that each is found (tests/test_i18n.py)
RUNTIME_KEYS = ("coop.ui.choose.reroll", "coop.ui.choose.defend", "coop.ui.choose.take",
                "coop.ui.choose.drop", "coop.ui.choose.offer", "coop.ui.choose.choose",
                "coop.ui.item.permanent", "coop.ui.item.active", "coop.ui.item.usable",
                "coop.ui.reward.grey", "coop.ui.reward.gold", "coop.ui.deck.minion",
                "coop.ui.deck.elite", "coop.ui.loot.grey", "coop.ui.loot.gold",
                "coop.ui.box.bridge_burned", "coop.ui.box.saved_hermit",
                "coop.ui.box.spared_trapper", "coop.ui.box.banner_taken",
                "coop.ui.box.bell_rung", "coop.ui.box.ashes_scattered", "coop.ui.stat.hp.tip",
                "coop.ui.stat.mana.tip", "coop.ui.stat.armor.tip", "coop.ui.accept",
                "coop.ui.decline")
COLOUR_KEYS = {"blue": "coop.ui.colour.blue", "pink": "coop.ui.colour.pink",
               "green": "coop.ui.colour.green", "none": "coop.ui.colour.none"}
SYMBOL_KEYS = {"blade": "coop.ui.symbol.blade", "bow": "coop.ui.symbol.bow",
               "staff": "coop.ui.symbol.staff", "claw": "coop.ui.symbol.claw"}
FINAL_KEYS = {"skull": "coop.ui.final.skull", "star": "coop.ui.final.star",
              "none": "coop.ui.final.none"}
STYLE_KEYS = {"framed": "coop.ui.style.framed", "sealed": "coop.ui.style.sealed",
              "frameless": "coop.ui.style.frameless"}
ATTACK_TERM_KEYS = {"printed": "coop.bd.printed", "gang": "coop.bd.gang",
                    "leader": "coop.bd.leader", "star": "coop.bd.star",
                    "command": "coop.bd.command"}
PLAN_PROMPTS = {"attack": "coop.ui.plan.attack", "basic_attack": "coop.ui.plan.attack",
                "wolf_attack": "coop.ui.plan.wolf_attack", "jump": "coop.ui.plan.jump",
                "wolf_move": "coop.ui.plan.wolf_move", "taunt": "coop.ui.plan.taunt",
                "stun": "coop.ui.plan.stun", "armor": "coop.ui.plan.ally",
                "poison": "coop.ui.plan.poison", "level_up": "coop.ui.plan.level_up",
                "zone_damage": "coop.ui.plan.shot"}
# a plan step that names one (enemy, zone) by a click on the zone (no dice: the wolf's bite, a
# fixed-damage shot such as the ballista's)
ZONE_PICKS = ("wolf_attack", "zone_damage")
# events the table words itself, naming the hero, the direction or the whole reason
OWN_TEXT = {"coop.ev.target": "coop.ui.ev.target", "coop.ev.coin": "coop.ui.ev.coin",
            "coop.ev.standard": "coop.ui.ev.standard", "coop.ev.roll": "coop.ui.ev.roll",
            "coop.ev.reroll": "coop.ui.ev.reroll", "coop.ev.damage": "coop.ui.ev.damage",
            "coop.ev.wolf_move": "coop.ui.ev.wolf_move", "coop.ev.wolf_heal": "coop.ui.ev.wolf_heal",
            "coop.ev.wolf_down": "coop.ui.ev.wolf_down", "coop.ev.wolf_hit": "coop.ui.ev.wolf_hit",
            "coop.ev.zone_out": "coop.ui.ev.zone_out", "coop.ev.box": "coop.ui.ev.box",
            "coop.ev.spawn_none": "coop.ui.ev.spawn_none", "coop.ev.chosen": "coop.ui.ev.chosen"}
WHO_WOLF = 10  # a "who" of 10 + i in a take decision names the wolf of hero i
REASON_KEYS = {"lowest_hp": "coop.ui.reason.lowest_hp", "area": "coop.ui.reason.area",
               "range": "coop.ui.reason.range", "hunt": "coop.ui.reason.hunt",
               "pull": "coop.ui.reason.pull", "bodyguard": "coop.ui.reason.bodyguard",
               "around": "coop.ui.reason.around", "all": "coop.ui.reason.all"}

# a hero special whose rule the party tooltip spells out (the wolf and venom have their own)
SPECIAL_KEYS = {"bodyguard": "coop.ui.special.bodyguard"}


def _percent(ways: int, out_of: int, decimal: Any) -> str:
    return f"{decimal(100 * ways / max(1, out_of), 0)} %"


class CoopTableScene(TableScene):
    """A mission: the area map, the enemy rows, the tracker, the heroes' tableaux and rivers."""

    CURTAIN_BODY = "coop.ui.curtain.body"

    def __init__(self, app: App, session: Any, *, save_path: Path | None = None,
                 autosave: bool = True, worker_factory: Any = None,
                 campaign: Any = None, again_of: str | None = None) -> None:
        # a finished campaign mission played again (again.py): its station; it is no part of
        # the campaign and ends with "Back to the campaign"
        self.again_of = again_of
        self.index = ActionIndex([])
        self.legal: list[Action] = []
        self.plan: Plan | None = None
        self.shown_hero: int | None = None  # a teammate's tableau looked at (None: the active)
        self.hovered: tuple[Any, ...] | None = None
        self.zones: list[tuple[pygame.Rect, tuple[Any, ...]]] = []
        self.buttons: list[Button] = []
        self.popup: Popup | None = None
        self.chooser: ChoicePanel | None = None
        self.chooser_hidden = False
        self.chooser_dice: list[tuple[pygame.Rect, int, str]] = []
        self.timeline: Timeline | None = None
        self._prompt_after: str | None = None  # the prompt shown once the playback is over
        self._last_view: dict[str, Any] | None = None
        self.before: dict[str, Any] | None = None
        self._badges: dict[tuple[int, int], float] | None = None
        self._rects: dict[int, pygame.Rect] = {}
        self._rects_key: Any = None
        self.camp: Any = None  # the camp's board while a campaign mission is at its camp
        super().__init__(app, session, save_path=save_path, autosave=autosave,
                         worker_factory=worker_factory, campaign=campaign)

    def between_games_scene(self) -> Any:
        """Returns the campaign's panel after a mission (between.py)."""
        from scenes.coop_campaign.between import CoopBetweenScene

        return CoopBetweenScene(self.app, self)

    def update(self, dt: float) -> None:
        if self.again_of is not None and self.session.is_over and not self.over_shown \
                and not self.anim.busy and self.timeline is None:
            from scenes.coop_campaign.again import over_dialog

            self.over_shown = True  # the base's game-over panel is not shown
            self.app.push(over_dialog(self.app, self))
        super().update(dt)

    def coach_place(self, width: int, height: int) -> pygame.Rect:
        """Returns where the coach's panel lies: at the top right of the board, or while a
        decision's panel (rerolls, who takes the hit, loot) is open at the foot of the board
        over the tableau, so that the dice and buttons the hint names stay in view."""
        rect = super().coach_place(width, height)
        chooser = self.chooser
        if chooser is not None and not self.chooser_hidden and rect.colliderect(chooser.rect):
            rect.bottomleft = (TABLEAU.left, self.board_rect.bottom - 8)
        return rect

    def in_camp(self) -> bool:
        """Returns True while the campaign mission is at its camp (camp.py draws the board)."""
        return self.view.get("stage") == "camp"

    # --- reading --------------------------------------------------------------------------
    @property
    def dv(self) -> dict[str, Any]:
        """Returns the board to draw: the view, or during a playback the board as it stood."""
        tl = self.timeline
        if tl is not None and not tl.done:
            return tl.view
        return self.view

    def tableau_hero(self) -> int:
        """Returns the hero whose tableau is shown: the one looked at, else the one acting."""
        v = self.view
        n = len(v.get("heroes", []))
        if self.shown_hero is not None and self.shown_hero < n:
            return self.shown_hero
        if v.get("asked") is not None and int(v["asked"]) < n:
            return int(v["asked"])  # a drop or an offer: the hero it asks, whose pack it is
        if v.get("active", -1) >= 0:
            return int(v["active"])
        attack = v.get("attack")
        if attack is not None:
            return int(attack["hero"])
        return int(v.get("token", 0)) if n else 0

    def enemy(self, uid: int, view: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """Returns an enemy card of the (display) view."""
        for column in (view or self.dv)["areas"].values():
            for e in column:
                if e["uid"] == uid:
                    return e  # type: ignore[no-any-return]
        return None

    def hero_label(self, i: int) -> str:
        """Returns a hero's name (or a hero's wolf)."""
        heroes = self.view.get("heroes", [])
        if i >= WHO_WOLF:
            return self.app.t("coop.ui.wolf_of", hero=art.hero_name(
                self.app, heroes[i - WHO_WOLF]["hero"]))
        return art.hero_name(self.app, heroes[i]["hero"])

    def letter(self, direction: str) -> str:
        """Returns a compass point's letter in the reader's language (east is O in German)."""
        return str(self.app.t(DIR_KEYS[direction]))

    def area_label(self, direction: str) -> str:
        """Returns an area's name on this mission's tile."""
        return art.area_name(self.app, self.view["tile"], direction)

    def over_column(self) -> tuple[str, list[str]] | None:
        """Returns the end screen's column: the hearts each seat's heroes ended with (the
        outcome's scores are only the party's win flag)."""
        heroes = self.view.get("heroes")
        if not heroes:
            return None
        per: list[list[str]] = [[] for _ in self.session.config.seats]
        for h in heroes:
            if 0 <= h["seat"] < len(per):
                per[h["seat"]].append(f"{h['hp']}/{h['hp_max']}")
        return self.app.t("coop.ui.over.hearts"), [" · ".join(x) for x in per]

    def game_text(self, key: str, params: dict[str, Any] | None = None) -> str:
        """Returns a game message; the table's own wording names heroes and directions."""
        own = OWN_TEXT.get(key)
        if own is not None and params is not None:
            named = dict(params)
            heroes = self.view.get("heroes", [])
            who = named.get("who")
            if isinstance(who, int) and heroes:
                named["who_name"] = self.hero_label(who) if who < WHO_WOLF or \
                    who - WHO_WOLF < len(heroes) else ""
            hero = named.get("hero")
            if isinstance(hero, int) and hero < len(heroes):
                named.setdefault("hero_name", art.hero_name(self.app, heroes[hero]["hero"]))
            if "clockwise" in named:
                named["direction"] = self.app.t("coop.ui.clockwise" if named["clockwise"]
                                                else "coop.ui.counter")
            if "action" in named and isinstance(hero, int) and hero < len(heroes):
                named["action_name"] = art.name(self.app, query.standard(
                    heroes[hero]["hero"], named["action"], self.view.get("tile")).name)
            if "faces" in named:
                named["faces_text"] = self.faces_text(named["faces"])
            if "old" in named:
                named["old_name"] = self.app.t(FACE_KEYS[named["old"]])
                named["new_name"] = self.app.t(FACE_KEYS[named["new"]])
            if "zone" in named:
                named["zone_no"] = int(named["zone"]) + 1
            if "box" in named:
                box = query.box(named["box"])  # the map's name of the box, else the catalog's
                named["box_name"] = art.name(self.app, box.name) if box is not None else (
                    self.app.t(f"coop.ui.box.{named['box']}")
                    if self.app.has(f"coop.ui.box.{named['box']}") else named["box"])
            if "rank" in named:
                named["rank_name"] = self.app.t(RANK_KEYS.get(named["rank"],
                                                              "coop.ui.rank.minion"))
            if "label" in named:
                named["label_name"] = art.name(self.app, named["label"])
            return self.app.t(own, **named)
        return super().game_text(key, params)

    def bd_text(self, breakdown: Any) -> str:
        """Returns a breakdown as one line with numbers in the reader's style and the terms
        that add nothing left out ("Mana cost 3 = river slot 2: 2 + tile modifier: 1"); the
        shown terms add up to the shown total (one decimal, ``Breakdown.rounded``)."""
        breakdown = breakdown.rounded(1)
        parts = []
        for term in breakdown.terms:
            if not term.value and parts:
                continue
            value = self.number(abs(term.value))
            sign = "" if not parts and term.value >= 0 else ("− " if term.value < 0 else "+ ")
            parts.append(f"{sign}{self.app.msg(term.label)}: {value}")
        return self.app.t("ui.breakdown", name=self.app.msg(breakdown.name),
                          total=self.number(breakdown.total), terms=" ".join(parts))

    def number(self, value: float) -> str:
        """Returns a whole number as it is, else with one decimal in the reader's style."""
        if float(value).is_integer():
            return str(int(value))
        return self.decimal(float(value))

    def faces_text(self, faces: list[str]) -> str:
        """Returns rolled attack dice as words ("sword, comet, lightning")."""
        return ", ".join(self.app.t(FACE_KEYS.get(f, "coop.ui.face.S")) for f in faces)

    def event_details(self, event: Event) -> list[str]:
        """Returns a log entry's breakdowns and, for an enemy's target, the whole reason."""
        out = [self.bd_text(b) for b in event.breakdowns]
        p = event.params
        t = self.app.t
        if event.key == "coop.ev.target":
            out.insert(0, self._reason_line(event))
        elif event.key == "coop.ev.roll":
            out.append(t("coop.ui.detail.roll", faces_text=self.faces_text(p["faces"])))
        elif event.key == "coop.ev.hit" and p.get("dice"):
            shields = sum(p["dice"])
            out.append(t("coop.ui.detail.defence", n=len(p["dice"]), shields=shields))
        elif event.key == "coop.ev.damage" and p.get("empowered"):
            out.append(t("coop.ui.detail.empowered"))
        return out

    def _reason_line(self, event: Event) -> str:
        """Returns why an enemy attacked whom: the rule it followed, with the coin's side."""
        t = self.app.t
        p = event.params
        why = p.get("why", "area")
        coin = None
        log = self.session.log
        for k in range(len(log) - 1, -1, -1):
            if log[k] is event:
                for j in range(k - 1, max(-1, k - 6), -1):
                    prev = log[j]
                    if prev.key == "coop.ev.coin" and prev.params.get("uid") == p.get("uid"):
                        coin = prev.params["clockwise"]
                        break
                    if prev.key == "coop.ev.enemy_activates":
                        break
                break
        direction = "" if coin is None else t("coop.ui.clockwise" if coin else "coop.ui.counter")
        return t(REASON_KEYS.get(why, "coop.ui.reason.area"), direction=direction)

    # --- the screen's state ---------------------------------------------------------------
    def on_view_changed(self) -> None:
        self.before = self._last_view
        self._last_view = self.view
        if self.session.is_over and self.view.get("campaign"):
            # a campaign mission is over (not "the game": the campaign goes on or ends after it)
            won = self.view.get("result") == "won"
            self.prompt_text = self.app.t("coop.ui.over_won" if won else "coop.ui.over_lost")
        if self.in_camp():
            from scenes.coop_campaign.camp import CampBoard

            if self.camp is None:
                self.camp = CampBoard(self)
            self.legal = self.legal_actions()
            self.plan = self.popup = self.chooser = None
            self.buttons = []
            self.camp.refresh()
            return
        self.camp = None
        self.legal = self.legal_actions()
        self.index = ActionIndex(self.legal, self._keys)
        self._previews = {}
        self._badges = None
        self.popup = None
        if self.plan is not None:
            still = [a for a in self.plan.actions if a in self.legal]
            if not still or len(still) != len(self.plan.actions):
                self.plan = None
        if self.view.get("active", -1) < 0 or self.view.get("active") != getattr(
                self, "_active_seen", None):
            self.shown_hero = None
        self._active_seen = self.view.get("active")
        self._build_chooser()
        self._build_buttons()
        self._own_prompt()

    @staticmethod
    def _keys(action: Action) -> list[tuple[Any, ...]]:
        kind = action.kind
        if kind == "play":
            return [("tile", action["tile"])]
        if kind == "standard":
            return [("std", action["action"])]
        if kind == "use":
            return [("item", action["item"])]
        if kind == "reroll":
            return [("die", action["die"])]
        if kind == "quick":
            return [("quick", action["item"])]
        if kind == "take":
            return [("take", action["who"])]
        if kind == "drop":
            return [("drop", action["item"])]
        if kind == "choose":
            return [("choose", action["option"])]
        return []

    def _own_prompt(self) -> None:
        """Words the prompt line for the player at the screen: the decision, or the plan."""
        if not self.is_my_turn() or self.session.is_over:
            return
        t = self.app.t
        v = self.view
        heroes = v["heroes"]
        plan = self.plan
        if plan is not None:
            name = self.plan_name(plan)
            key = PLAN_PROMPTS.get(plan.effect, "coop.ui.plan.other")
            if plan.effect in ATTACKS and plan.chosen and plan.can_grow():
                key = "coop.ui.plan.attack_more"
            elif plan.effect in ("taunt", "stun") and plan.group:
                key = "coop.ui.plan.group_more"
            self.prompt_text = t(key, name=name)
            return
        pending = v.get("pending")
        if pending is None and v.get("active", -1) >= 0:
            h = heroes[v["active"]]
            self.prompt_text = t("coop.ui.prompt.activate", hero=art.hero_name(
                self.app, h["hero"]), mana=h["mana"])
        elif pending == "reroll" and v.get("attack") is not None:
            n = v["attack"]["rerolls"]  # none left: a quick item, or keeping the roll
            key = "coop.ui.prompt.reroll" if n else "coop.ui.prompt.reroll_quick" if any(
                a.kind == "quick" for a in self.legal) else "coop.ui.prompt.reroll_none"
            self.prompt_text = t(key, hero=self.hero_label(v["attack"]["hero"]), n=n)
        elif pending == "defend":
            self.prompt_text = t("coop.ui.prompt.defend")
        elif pending == "take" and v.get("strike") is not None:
            e = self.enemy(v["strike"]["uid"], v)
            name = art.enemy_name(self.app, e["card"]) if e else ""
            key = "coop.ui.prompt.pull" if v["strike"].get("why") is None and \
                any(a.kind == "take" for a in self.legal) and self._pulling() \
                else "coop.ui.prompt.take"
            self.prompt_text = t(key, enemy=name)
        elif pending == "drop":
            self.prompt_text = t("coop.ui.prompt.drop")
        elif pending == "offer" and v.get("offer") is not None:
            self.prompt_text = t("coop.ui.prompt.offer", item=art.item_name(
                self.app, v["offer"]["item"]))
        elif pending == "choose":
            self.prompt_text = t("coop.ui.prompt.choose")

    def _pulling(self) -> bool:
        """Returns True when the pending take is a Taunt pull (the strike has no reason yet)."""
        prompt = self.rules.prompt(self.session.state)
        return prompt.key == "coop.prompt.take_pull"

    def plan_name(self, plan: Plan) -> str:
        """Returns the name of what a plan plays."""
        if plan.source == "play":
            h = self.view["heroes"][self.view["active"]]
            entry = next((r for r in h["river"] if r["tile"] == plan.key), None)
            return art.tile_name(self.app, plan.key, bool(entry and entry["side"] == "upgraded"))
        if plan.source == "standard":
            h = self.view["heroes"][self.view["active"]]
            return art.name(self.app, query.standard(h["hero"], plan.key, self.view["tile"]).name)
        return art.item_name(self.app, plan.key)

    # --- decisions through the chooser ----------------------------------------------------
    def _build_chooser(self) -> None:
        self.chooser = None
        self.chooser_dice = []
        v = self.view
        pending = v.get("pending")
        if not self.legal or pending is None:
            self.chooser_hidden = False
            return
        t = self.app.t
        options: list[tuple[str, str, Any]] = []
        tips: list[list[str] | None] = []
        lines: list[str] = []
        title = t(f"coop.ui.choose.{pending}") if self.app.has(
            f"coop.ui.choose.{pending}") else t("coop.ui.choose.other")
        room = 0
        width = 200
        if pending == "reroll":
            a = v["attack"]
            lines += self._outcome_lines(a)
            lines.append(t("coop.ui.rerolls_left", n=a["rerolls"]) if a["rerolls"]
                         else t("coop.ui.no_rerolls"))
            room = 112  # the dice and their captions (two lines at most)
            for act in self.legal:
                if act.kind == "quick":
                    options.append((art.item_name(self.app, act["item"]), t("coop.ui.quick"),
                                    self._sender(act)))
                elif act.kind == "keep":
                    options.append((t("coop.ui.keep_roll"), "", self._sender(act)))
        elif pending == "defend":
            lines += self._defend_lines()
            for act in self.legal:
                if act.kind == "quick":
                    options.append((art.item_name(self.app, act["item"]), t("coop.ui.quick"),
                                    self._sender(act)))
                elif act.kind == "keep":
                    options.append((t("coop.ui.take_hit"), "", self._sender(act)))
        elif pending == "take":
            lines += self._take_lines()
            for act in self.legal:
                who = act["who"]
                options.append((self.hero_label(who), self._who_note(who), self._sender(act)))
        elif pending == "drop":
            i = self._asked_hero()  # the hero over capacity, not the one whose turn it is
            h = v["heroes"][i]
            lines.append(t("coop.ui.drop_line", hero=art.hero_name(self.app, h["hero"]),
                           carry=h["carry"], n=len(h["items"])))
            lines.append(t("coop.ui.drop_hint"))
            for act in self.legal:
                options.append((art.item_name(self.app, act["item"]), t("coop.ui.drop"),
                                self._sender(act)))
                tips.append(self._item_tip(act["item"], h))
        elif pending == "offer":
            item = v["offer"]["item"] if v.get("offer") else ""
            h = v["heroes"][self._asked_hero()]
            lines.append(t("coop.ui.offer_line", hero=art.hero_name(self.app, h["hero"]),
                           item=art.item_name(self.app, item), n=len(h["items"]),
                           carry=h["carry"]))
            lines.append(art.name(self.app, query.item(item).text) if item and
                         query.has_item(item) else "")
            for act in self.legal:
                label = t("coop.ui.accept") if act.kind == "accept" else t("coop.ui.decline")
                options.append((label, "", self._sender(act)))
        elif pending == "choose":
            labels = v.get("choice") or []
            notes = v.get("choice_notes") or []
            if v.get("choice_text"):  # what the tile says of this choice
                lines.append(art.name(self.app, v["choice_text"]))
            width = 300
            for act in self.legal:
                k = act["option"]
                label = art.name(self.app, labels[k]) if k < len(labels) else str(k + 1)
                note = notes[k] if k < len(notes) else None
                short, tip = self._option_note(note)
                if tip:  # what the item it hands out does (a boss's relic)
                    lines += [f"{label}: {line}" for line in tip[1::2]]
                for b in map(query.box, (note or {}).get("boxes", [])):
                    if b is not None:  # what the campaign's checkbox changes later on
                        lines.append(f"{art.name(self.app, b.name)}: {art.name(self.app, b.text)}")
                options.append((label, short, self._sender(act)))
                tips.append(tip or None)
            lines.append(t("coop.ui.choose_line"))
            if any(n and n.get("token") for n in notes):  # a relic: the start player's hero
                hero = self.view["heroes"][self.view["token"]]
                lines.append(t("coop.ui.choose_receiver",
                               hero=art.hero_name(self.app, hero["hero"])))
        if not options:
            return
        width = max(width, *(assets.size_of(label, "bold", theme.SIZE_SMALL)[0] + 40
                             for label, _n, _a in options))
        per_row = max(1, min(len(options), 720 // (width + 12)))
        panel_w = max(520, per_row * (width + 12) + 60)
        wrapped: list[str] = []
        for line in lines:
            wrapped += list(assets.wrap(line, "body", theme.SIZE_SMALL, panel_w - 48))
        self.chooser = ChoicePanel(title, wrapped, options, self._hide_chooser,
                                   t("coop.ui.look_at_board"), CHOOSER_AT, button_width=width,
                                   per_row=per_row, top_room=room,
                                   tooltips=tips if any(tips) else None)
        if pending == "reroll":
            self._place_chooser_dice()

    def _asked_hero(self) -> int:
        """Returns the hero a drop or an offer asks (the view names it), else the one shown."""
        asked = self.view.get("asked")
        return int(asked) if asked is not None else self.tableau_hero()

    def _option_note(self, note: dict[str, Any] | None) -> tuple[str, list[str]]:
        """Returns the short note under a party choice's option (the campaign checkbox it
        ticks) and its tooltip (the item it hands out: name, then what it does)."""
        if not note:
            return "", []
        t = self.app.t
        boxes = [art.name(self.app, b.name) for b in map(query.box, note.get("boxes", []))
                 if b is not None]
        text = t("coop.ui.choice_box", boxes=", ".join(boxes)) if boxes else ""
        tip: list[str] = []
        for item in note.get("items", []):
            if query.has_item(item):
                tip += [art.item_name(self.app, item), art.name(self.app, query.item(item).text)]
        return text, tip

    def _place_chooser_dice(self) -> None:
        assert self.chooser is not None
        a = self.view["attack"]
        room = self.chooser.room
        n = len(a["faces"])
        size, gap = 56, DIE_STEP - 56
        x0 = room.centerx - (n * size + (n - 1) * gap) // 2
        for k, face in enumerate(a["faces"]):
            self.chooser_dice.append((pygame.Rect(x0 + k * (size + gap), room.top + 8, size,
                                                  size), k, face))

    def _outcome_lines(self, a: dict[str, Any]) -> list[str]:
        """Returns what the roll does to each target as the dice lie (from the view)."""
        t = self.app.t
        out = []
        for o in a.get("outcome", []):
            e = self.enemy(o["uid"], self.view)
            if e is None:
                continue
            key = "coop.ui.outcome_emp" if o["empowered"] else "coop.ui.outcome"
            out.append(t(key, enemy=art.enemy_name(self.app, e["card"]), zone=o["zone"] + 1,
                         damage=o["damage"]))
        return out

    def _defend_lines(self) -> list[str]:
        t = self.app.t
        v = self.view
        s = v.get("strike") or {}
        e = self.enemy(s.get("uid", -1), v)
        out = []
        if e is not None:
            roll = s.get("roll") or [0, []]
            strength = s.get("strength") or e["attack"]
            shields = sum(roll[1])
            left = max(0, strength - roll[0] - shields - s.get("prevent", 0))
            out.append(t("coop.ui.defend_line", enemy=art.enemy_name(self.app, e["card"]),
                         strength=strength, armor=roll[0], shields=shields, damage=left))
        return out

    def _take_lines(self) -> list[str]:
        t = self.app.t
        v = self.view
        s = v.get("strike") or {}
        e = self.enemy(s.get("uid", -1), v)
        if e is None:
            return []
        name = art.enemy_name(self.app, e["card"])
        out = [t("coop.ui.take_line", enemy=name, strength=s.get("strength") or e["attack"])]
        if s.get("ai"):
            c = query.boss_card(s["ai"])
            out.append(t("coop.ui.ai_now", name=art.name(self.app, c.name),
                         text=art.name(self.app, c.text)))
        why = s.get("why")
        if why:
            coin = self._last_coin()
            direction = "" if coin is None else t("coop.ui.clockwise" if coin
                                                  else "coop.ui.counter")
            out.append(self.app.t(REASON_KEYS.get(why, "coop.ui.reason.area"),
                                  direction=direction))
        aimed = s.get("aimed") or []
        for who in s.get("cands", []):
            if aimed and who not in aimed:
                out.append(t("coop.ui.bodyguard_note", hero=self.hero_label(who)))
        out.append(t("coop.ui.take_rule"))
        return out

    def _who_note(self, who: int) -> str:
        heroes = self.view["heroes"]
        if who >= WHO_WOLF:
            wolf = heroes[who - WHO_WOLF].get("wolf") or {}
            return self.app.t("coop.ui.hearts_n", hp=wolf.get("hp", 0),
                              max=wolf.get("hp_max", 0))
        h = heroes[who]
        return self.app.t("coop.ui.hp_armor", hp=h["hp"], max=h["hp_max"], armor=h["armor"])

    def board_controls(self) -> list[Any]:
        """The action buttons, the river's tiles, an open popup's and an open choice panel's
        buttons."""
        if self.camp is not None:
            return self.camp.controls()  # type: ignore[no-any-return]
        out: list[Any] = list(self.buttons)
        if self.view:
            h = self.view["heroes"][self.tableau_hero()]
            out += [SimpleNamespace(rect=self.tile_rect(k)) for k in range(len(h["river"]))]
        if self.popup is not None:
            out += self.popup.buttons
        if self.chooser is not None and not self.chooser_hidden:
            out += self.chooser.buttons
        return out

    def _hide_chooser(self) -> None:
        self.chooser_hidden = True
        self._build_buttons()

    def _show_chooser(self) -> None:
        self.chooser_hidden = False
        self._build_buttons()

    def _sender(self, action: Action) -> Any:
        def go() -> None:
            self.chooser_hidden = False
            self.plan = None
            self.send(action)
        return go

    # --- buttons under the river ----------------------------------------------------------
    def _build_buttons(self) -> None:
        t = self.app.t
        left: list[tuple[str, Any, dict[str, Any]]] = []
        right: list[tuple[str, Any, dict[str, Any]]] = []
        v = self.view
        plan = self.plan
        if plan is not None:
            if plan.effect in ATTACKS and len(plan.weapons()) > 1:
                for w in plan.weapons():
                    left.append((art.item_name(self.app, w), self._weapon(w), {
                        "style": "tab_on" if w == plan.weapon else "tab",
                        "tooltip": t("coop.ui.weapon.tip")}))
            if plan.effect in ATTACKS and plan.chosen and plan.exact() is not None:
                left.append((t("coop.ui.attack_n", n=len(plan.chosen)), self._confirm,
                             {"style": "primary"}))
            if plan.effect in ("taunt", "stun") and plan.group and \
                    plan.group_exact() is not None:
                left.append((t("coop.ui.confirm_group", n=len(plan.group)),
                             self._confirm_group, {"style": "primary"}))
            right.append((t("coop.ui.back"), self._back, {"style": "ghost",
                                                          "icon": "ui.cancel"}))
        elif v.get("active", -1) >= 0 and v.get("pending") is None and self.is_my_turn() \
                and self.tableau_hero() == v["active"]:
            hero = v["heroes"][v["active"]]
            for s in hero["standard"]:
                name = art.name(self.app, query.standard(hero["hero"], s["action"],
                                                         v["tile"]).name)
                acts = self.index.at(("std", s["action"]))
                tip = [name, t(self._standard_key(hero["hero"], s["action"])),
                       t("coop.ui.cost_n", n=s["cost"])]
                if s.get("area"):
                    tip.append(art.name(self.app, query.area(v["tile"], s["area"]).text))
                if not acts:
                    tip.append(self._refusal(Action.make("standard", action=s["action"],
                                                         picks=[])))
                left.append((t("coop.ui.std_label", name=name, cost=s["cost"]),
                             self._start("standard", s["action"]),
                             {"enabled": bool(acts), "tooltip": tip}))
            end = self.index.find("end")
            if end is not None:
                right.append((t("coop.ui.end"), self._sender(end), {
                    "style": "primary",
                    "tooltip": [t("coop.ui.end"), t("coop.ui.end.tip", mana=hero["mana"])]}))
        elif self.chooser is not None and self.chooser_hidden:
            right.append((t("coop.ui.decide"), self._show_chooser, {"style": "primary"}))
        self.buttons = self._row(left, right)

    def _row(self, left: list[tuple[str, Any, dict[str, Any]]],
             right: list[tuple[str, Any, dict[str, Any]]]) -> list[Button]:
        """Lays out the row of buttons under the river (widgets.button_row)."""
        return button_row(TABLEAU, ROW_Y, left, right)

    def _standard_key(self, hid: str, sid: str) -> str:
        effects = [e.type for e in query.standard(hid, sid, self.view.get("tile")).effects]
        return {"armor": "coop.ui.std.armor", "basic_attack": "coop.ui.std.basic",
                "jump": "coop.ui.std.jump", "advance_track": "coop.ui.std.advance",
                "zone_damage": "coop.ui.std.shot"}.get(
            effects[0] if effects else "", "coop.ui.std.other")

    def _refusal(self, action: Action) -> str:
        """Returns why the rules refuse an action (from ``explain``)."""
        preview = self.rules.explain(self.session.state, self.viewer, action)
        if preview.refused is None:
            return self.app.t("coop.ui.no_target")
        key = preview.refused.key
        if key == "coop.rule.bad_pick":
            return self.app.t("coop.ui.no_target")
        return self.app.t(key) if self.app.has(key) else self.app.t("ui.illegal")

    def _weapon(self, weapon: Any) -> Any:
        def go() -> None:
            if self.plan is not None:
                self.plan.weapon = weapon
                self.plan.chosen = []
                self._plan_changed()
        return go

    def _confirm(self) -> None:
        if self.plan is not None:
            self._finish(self.plan.confirm())

    def _confirm_group(self) -> None:
        if self.plan is not None:
            self._finish(self.plan.confirm_group())

    def _back(self) -> None:
        if self.plan is not None and (self.plan.chosen or self.plan.group):
            self.plan.chosen, self.plan.group = [], []
        elif self.plan is not None and not self.plan.back():
            self.plan = None
        self._plan_changed()

    def _plan_changed(self) -> None:
        self._badges = None
        self._build_buttons()
        self.prompt_text = ""
        if self.plan is None:
            self.refresh()
        else:
            self._own_prompt()

    def _finish(self, action: Action | None) -> None:
        """Sends the plan's action once it is complete, else asks its next choice."""
        if action is not None:
            self.plan = None
            self.send(action)
            return
        self._plan_changed()

    # --- starting a plan ------------------------------------------------------------------
    def _start(self, source: str, key: str) -> Any:
        def go() -> None:
            self.start_plan(source, key)
        return go

    def start_plan(self, source: str, key: str) -> None:
        """Begins playing a tile, standard action or item: its legal actions, narrowed by
        clicks until one is left."""
        index_key = {"play": "tile", "standard": "std", "use": "item"}[source]
        acts = self.index.at((index_key, key))
        if not acts:
            return
        effects = self._effects(source, key)
        plan = Plan(source, key, acts, effects)
        action = plan.settle()
        if action is not None and plan.step >= len(effects) or len(plan.candidates()) == 1:
            self.plan = None
            self.send(plan.candidates()[0] if action is None else action)
            return
        if action is not None:
            self.plan = None
            self.send(action)
            return
        self.plan = plan
        self._plan_changed()

    def _effects(self, source: str, key: str) -> list[tuple[str, dict[str, Any]]]:
        v = self.view
        h = v["heroes"][v["active"]]
        if source == "play":
            entry = next(r for r in h["river"] if r["tile"] == key)
            effects = query.side(key, entry["side"] == "upgraded").effects
        elif source == "standard":
            effects = query.standard(h["hero"], key, v["tile"]).effects
        else:
            effects = query.item(key).use
        return [(e.type, dict(e.params)) for e in effects]

    # --- geometry -------------------------------------------------------------------------
    def col_rect(self, direction: str) -> pygame.Rect:
        """Returns the column of an area's enemy row."""
        i = art.RING.index(direction)
        return pygame.Rect(COLS.left + i * (COL_W + COL_GAP), COLS.top, COL_W, COLS.height)

    def card_rects(self, view: dict[str, Any] | None = None) -> dict[int, pygame.Rect]:
        """Returns where each enemy card lies: down its area's column, top to bottom."""
        view = view or self.dv
        key = tuple((d, tuple((e["uid"], e["card"]) for e in view["areas"][d]))
                    for d in art.RING)
        if key == self._rects_key:
            return self._rects
        out: dict[int, pygame.Rect] = {}
        for d in art.RING:
            col = self.col_rect(d)
            cards = view["areas"][d]
            heights = [art.card_height(e["card"]) for e in cards]
            room = col.height - 44
            total = sum(heights) + 6 * max(0, len(cards) - 1)
            squeeze = 0 if total <= room or len(cards) < 2 else (total - room) / (len(cards)
                                                                                   - 1)
            y = float(col.top + 40)
            for e, hgt in zip(cards, heights, strict=True):
                out[e["uid"]] = pygame.Rect(col.left + 4, int(y), art.CARD_W, hgt)
                y += hgt + 6 - squeeze
        self._rects, self._rects_key = out, key
        return out

    def zone_rect(self, card_rect: pygame.Rect, z: int, card: str | None = None) -> pygame.Rect:
        """Returns the clickable row of a hit zone on an enemy card (a boss's wrapped track
        spans its rows)."""
        if card is None:
            card = next((e["card"] for col in self.dv.get("areas", {}).values() for e in col
                         if self._rects.get(e["uid"]) == card_rect), None)
        if card is None:
            return pygame.Rect(card_rect.left + 53, card_rect.top + art.ZONE_TOP - 3
                               + z * art.ZONE_ROW, card_rect.width - 55, art.ZONE_ROW)
        top, height, _box, _per = art.zone_layout(card)[z]
        return pygame.Rect(card_rect.left + 53, card_rect.top + top - 3, card_rect.width - 55,
                           height)

    def token_spots(self, view: dict[str, Any] | None = None
                    ) -> list[tuple[tuple[str, int], tuple[int, int], int]]:
        """Returns (("hero"|"wolf", index), centre, size) of every figure on the map."""
        view = view or self.dv
        per: dict[str, list[tuple[str, int]]] = {d: [] for d in art.RING}
        for i, h in enumerate(view["heroes"]):
            if not h["dead"]:
                per[h["area"]].append(("hero", i))
        for i, h in enumerate(view["heroes"]):
            wolf = h.get("wolf")
            if wolf is not None and wolf.get("area") is not None and not h["dead"]:
                per[wolf["area"]].append(("wolf", i))
        out = []
        for d, figures in per.items():
            for k, who in enumerate(figures):
                size = TOKEN if who[0] == "hero" else 32
                out.append((who, self._spot(d, k, len(figures)), size))
        return out

    def _spot(self, d: str, k: int, n: int) -> tuple[int, int]:
        step = TOKEN + 10
        if d in "NS":
            y = MAP.top + 104 if d == "N" else MAP.bottom - 104
            x = MAP.centerx - (n - 1) * step // 2 + k * step
            return (x, y)
        row, col = divmod(k, 3)
        x = MAP.left + 52 + col * step if d == "W" else MAP.right - 52 - col * step
        return (x, MAP.centery + 34 + row * step)

    def hero_pos(self, i: int, view: dict[str, Any] | None = None) -> tuple[int, int]:
        """Returns where a hero's token stands on the map."""
        for who, pos, _size in self.token_spots(view):
            if who == ("hero", i):
                return pos
        return MAP.center

    def tile_rect(self, slot: int) -> pygame.Rect:
        """Returns a river slot of the tableau."""
        return pygame.Rect(RIVER_X + slot * (TILE_W + TILE_GAP), RIVER_Y, TILE_W, TILE_H)

    def party_rect(self, i: int) -> pygame.Rect:
        """Returns a hero's row in the party panel."""
        return pygame.Rect(PARTY.left + 10, PARTY.top + 44 + i * 56, PARTY.width - 20, 52)

    def item_rect(self, k: int) -> pygame.Rect:
        """Returns an item chip of the tableau: 37 px chips 41 px apart, closer and smaller
        when a hero holds more than fit left of the river (over capacity, or a boss tile's
        relic and scroll at a mission's end)."""
        v = self.view
        n = len(v["heroes"][self.tableau_hero()]["items"]) if v.get("heroes") else 0
        room = RIVER_X - 8 - (TABLEAU.left + 6)
        size, step = 37, 41
        if n > 1 and (n - 1) * step + size > room:
            step = room // n
            size = step - 3
        return pygame.Rect(TABLEAU.left + 6 + k * step, 806 + (37 - size) // 2, size, size)

    def field_rect(self, k: int) -> pygame.Rect:
        """Returns a field of the round tracker."""
        size, step = field_geometry(len(self.view.get("track", ())))
        return pygame.Rect(FIELD_X + k * step, TRACK.centery - size // 2, size, size)

    # --- zones (what a click or the pointer finds) ----------------------------------------
    def hit(self, pos: tuple[int, int]) -> tuple[Any, ...] | None:
        """Returns what is under a point of the board."""
        v = self.view
        if not v:
            return None
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return None
        for i, _h in enumerate(v["heroes"]):
            if self.party_rect(i).collidepoint(pos):
                return ("party", i)
        for slot in range(6):
            if self.tile_rect(slot).collidepoint(pos):
                return ("slot", slot)
        h = v["heroes"][self.tableau_hero()] if v["heroes"] else None
        if h is not None:
            for k, _card in enumerate(h["items"]):
                if self.item_rect(k).collidepoint(pos):
                    return ("item", k)
        for uid, rect in self.card_rects(self.view).items():
            if rect.collidepoint(pos):
                e = self.enemy(uid, self.view)
                if e is not None:
                    for z in range(len(e["damage"])):
                        if self.zone_rect(rect, z).collidepoint(pos):
                            return ("zone", uid, z)
                return ("enemy", uid)
        for d in art.RING:
            col = self.col_rect(d)
            if col.collidepoint(pos) and pos[1] < col.top + 40:
                return ("col", d)
        for who, centre, size in self.token_spots(self.view):
            if (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= (size // 2 + 2) ** 2:
                return (who[0], who[1])
        area = art.zone_at(MAP, pos)
        if area is not None:
            return ("area", area)
        for k in range(len(v.get("track", []))):
            if self.field_rect(k).collidepoint(pos):
                return ("field", k)
        badge = self.campaign_badge()
        if badge is not None and badge[1].collidepoint(pos):
            return ("campmap",)
        if self.title_rect().collidepoint(pos):
            return ("mission",)
        return None

    def title_rect(self) -> pygame.Rect:
        """Returns where the mission's name stands in the tracker's corner."""
        return pygame.Rect(TRACK.left + 10, TRACK.top + 4, FIELD_X - TRACK.left - 24, 30)

    def campaign_badge(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """Returns the badge of a campaign mission in the tracker's corner ("Mission 3", it
        opens the campaign map) and where it stands; None for a single mission."""
        info = self.view.get("campaign")
        if not info or not info.get("station"):
            return None
        label = query.station(info["station"]).label
        key = "coop.ui.mission_badge" if self.again_of is None else "coop.ui.again.badge"
        chip = art.badge(self.app.t(key, label=label), "coop.map.book", theme.GOLD_BRIGHT)
        v = self.view
        rnd = self.app.t("coop.ui.round_of", round=max(1, v["round"]), rounds=v["rounds"])
        if v["round"] >= v["rounds"]:
            rnd = self.app.t("coop.ui.round_last", round=v["round"], rounds=v["rounds"])
        x = TRACK.left + 14 + (22 if v["hard"] else 0) + assets.size_of(
            rnd, "bold", theme.SIZE_SMALL)[0] + 12  # after "Round 3 of 8" in the corner
        return chip, chip.get_rect(topleft=(x, TRACK.top + 34))

    def open_campaign_map(self) -> None:
        """Opens the campaign map over the mission."""
        from scenes.coop_campaign.campmap import CampaignMapScene
        from scenes.coop_campaign.mapart import MapState

        info = self.view["campaign"]
        self.app.push(CampaignMapScene(self.app, self, MapState(
            route=list(info["route"]), boxes=list(info["boxes"]), ahead=info["station"],
            playing=True, retries=info.get("retries"))))

    # --- input ----------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.camp is not None:
            return bool(self.camp.handle(event))
        if self.anim.busy and event.type == pygame.MOUSEBUTTONUP:
            self.anim.finish_all()  # a click skips the playback
            return True
        if self.chooser is not None and not self.chooser_hidden:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                for rect, k, _face in self.chooser_dice:
                    if rect.collidepoint(event.pos):
                        act = self.index.find("reroll", die=k)
                        if act is not None:
                            self._sender(act)()
                        return True
            return self.chooser.handle(event)
        if self.popup is not None:
            used, close = self.popup.handle(event)
            if close:
                self.popup = None
            if used:
                return True
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.plan:
            self._back()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self.plan is not None:
                self._back()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = self.hit(event.pos)
            if key is not None:
                self.click(key)
                return True
        return False

    def click(self, key: tuple[Any, ...]) -> None:
        """Turns a click on a part of the table into a choice, a plan or an action."""
        kind = key[0]
        v = self.view
        plan = self.plan
        if kind == "campmap":
            self.open_campaign_map()
            return
        if kind == "party":
            self.shown_hero = None if key[1] == v.get("active") else key[1]
            if plan is not None and plan.effect == "armor":
                self._finish(plan.choose(key[1])) if key[1] in plan.options() else None
                return
            self._build_buttons()
            return
        if plan is not None:
            self._click_in_plan(plan, key)
            return
        if kind == "slot":
            h = v["heroes"][self.tableau_hero()]
            if self.tableau_hero() != v.get("active") or key[1] >= len(h["river"]):
                return
            aid = h["river"][key[1]]["tile"]
            if self.index.at(("tile", aid)):
                self.start_plan("play", aid)
            elif self.is_my_turn() and v.get("pending") is None:
                self.app.toast(self._refusal(Action.make("play", tile=aid, picks=[])), "error")
        elif kind == "item":
            h = v["heroes"][self.tableau_hero()]
            card = h["items"][key[1]]
            if self.index.at(("item", card)):
                self.start_plan("use", card)
        elif kind in ("hero", "wolf"):
            if kind == "hero":
                self.shown_hero = None if key[1] == v.get("active") else key[1]
                self._build_buttons()

    def _click_in_plan(self, plan: Plan, key: tuple[Any, ...]) -> None:
        kind = key[0]
        effect = plan.effect
        if effect in ATTACKS:
            if kind == "zone" and (key[1], key[2]) in plan.zones():
                self._finish(plan.pick_zone(key[1], key[2]))
            elif kind in ("enemy", "zone"):
                zones = [t for t in plan.zones() if t[0] == key[1]]
                if len(zones) == 1:
                    self._finish(plan.pick_zone(*zones[0]))
        elif effect in ZONE_PICKS:
            if kind == "zone" and (key[1], key[2]) in plan.options():
                self._finish(plan.choose((key[1], key[2])))
            elif kind in ("enemy", "zone"):
                zones = [t for t in plan.options() if t is not None and t[0] == key[1]]
                if len(zones) == 1:
                    self._finish(plan.choose(zones[0]))
        elif effect in ("jump", "wolf_move"):
            area = key[1] if kind in ("area", "col") else None
            if kind == "hero":
                area = self.view["heroes"][key[1]]["area"]
            if area in plan.options():
                self._finish(plan.choose(area))
        elif effect in ("taunt", "stun"):
            if kind in ("enemy", "zone") and key[1] in plan.group_enemies() + plan.group:
                self._finish(plan.pick_enemy(key[1]))
        elif effect == "armor":
            if kind == "hero" and key[1] in plan.options():
                self._finish(plan.choose(key[1]))
        elif effect in ("poison", "level_up"):
            if kind == "slot":
                h = self.view["heroes"][self.view["active"]]
                if key[1] < len(h["river"]) and h["river"][key[1]]["tile"] in plan.options():
                    self._finish(plan.choose(h["river"][key[1]]["tile"]))
        self._build_buttons()

    def update_board(self, dt: float) -> None:
        if self.camp is not None:
            self.camp.update(dt)
            return
        for button in self.buttons:
            button.update(dt, self.app)
        if self.timeline is not None and self.timeline.done:
            self.timeline = None
            if self._prompt_after is not None:
                self.prompt_text, self._prompt_after = self._prompt_after, None
        if self.chooser is not None and not self.chooser_hidden and not self.anim.busy:
            self.chooser.update(dt, self.app)
            self.hovered = None
            for rect, k, face in self.chooser_dice:
                if rect.collidepoint(self.app.mouse):
                    tip = [self.app.t(FACE_KEYS[face])]
                    tip.append(self.app.t("coop.ui.reroll_tip") if self.index.find(
                        "reroll", die=k) else self.app.t("coop.ui.no_rerolls"))
                    self.hint(("die", k), tip, rect)
            return
        if self.popup is not None:
            self.popup.update(dt, self.app)
        self.hovered = self.hit(self.app.mouse) if self.view else None
        key = self.hovered
        if key is None:
            return
        tip = self._tip(key)
        if tip:
            self.hint(key, tip, self._key_rect(key))

    def _key_rect(self, key: tuple[Any, ...]) -> pygame.Rect:
        kind = key[0]
        if kind == "slot":
            return self.tile_rect(key[1])
        if kind == "item":
            return self.item_rect(key[1])
        if kind == "party":
            return self.party_rect(key[1])
        if kind in ("enemy", "zone"):
            rect = self.card_rects(self.view).get(key[1], pygame.Rect(0, 0, 1, 1))
            return self.zone_rect(rect, key[2]) if kind == "zone" else rect
        if kind == "field":
            return self.field_rect(key[1])
        if kind == "campmap":
            badge = self.campaign_badge()
            return badge[1] if badge is not None else pygame.Rect(self.app.mouse, (1, 1))
        if kind == "mission":
            return self.title_rect()
        if kind == "col":
            col = self.col_rect(key[1])
            return pygame.Rect(col.left, col.top, col.width, 40)
        if kind in ("hero", "wolf"):
            for who, centre, size in self.token_spots(self.view):
                if who == (kind, key[1]):
                    return pygame.Rect(centre[0] - size // 2, centre[1] - size // 2, size,
                                       size)
        if kind == "area":
            return pygame.Rect(art.zone_anchor(MAP, key[1], 0.2), (1, 1)).inflate(80, 40)
        return pygame.Rect(self.app.mouse, (1, 1))

    # --- tooltips -------------------------------------------------------------------------
    def _tip(self, key: tuple[Any, ...]) -> list[str]:
        kind = key[0]
        v = self.view
        t = self.app.t
        if kind == "slot":
            return self._tile_tip(key[1])
        if kind == "campmap":
            return [t("coop.ui.camp.map"), t("coop.ui.mission_badge.tip" if self.again_of is None
                                             else "coop.ui.again.unchanged"),
                    t("coop.ui.info.tip_more")]
        if kind == "mission":
            info = v.get("campaign") or {}
            return missioninfo.mission_tip(self.app, v["tile"], info.get("station"),
                                           info.get("boxes"), info.get("retries"))
        if kind == "item":
            h = v["heroes"][self.tableau_hero()]
            if key[1] >= len(h["items"]):
                return []
            return self._item_tip(h["items"][key[1]], h)
        if kind in ("enemy", "zone"):
            if self.plan is not None and self.plan.effect in ATTACKS:
                return []  # the preview panel explains the attack
            e = self.enemy(key[1], v)
            if e is None:
                return []
            if kind == "zone" and self.plan is not None and self.plan.effect == "zone_damage":
                return self._shot_tip(self.plan, (key[1], key[2])) + self._enemy_tip(e)
            return self._enemy_tip(e)
        if kind == "field":
            return self._field_tip(key[1])
        if kind in ("area", "col"):
            return self._area_tip(key[1])
        if kind == "hero":
            h = v["heroes"][key[1]]
            return [art.hero_name(self.app, h["hero"]),
                    t("coop.ui.hero_tip", hp=h["hp"], max=h["hp_max"], mana=h["mana"],
                      mana_max=h["mana_max"], armor=h["armor"])]
        if kind == "wolf":
            wolf = v["heroes"][key[1]].get("wolf") or {}
            return [self.hero_label(WHO_WOLF + key[1]),
                    t("coop.ui.wolf_tip", hp=wolf.get("hp", 0), max=wolf.get("hp_max", 0))]
        if kind == "party":
            h = v["heroes"][key[1]]
            d = query.hero(h["hero"])
            special = SPECIAL_KEYS.get(d.special)
            return [art.hero_name(self.app, h["hero"]), art.name(self.app, d.text)] + (
                [t(special)] if special else []) + [t("coop.ui.party_tip")]
        return []

    def _tile_tip(self, slot: int) -> list[str]:
        t = self.app.t
        v = self.view
        i = self.tableau_hero()
        h = v["heroes"][i]
        if slot >= len(h["river"]):
            return []
        entry = h["river"][slot]
        up = entry["side"] == "upgraded"
        s = query.side(entry["tile"], up)
        lines = [art.tile_name(self.app, entry["tile"], up) + " · " + t(TYPE_KEYS[s.type])
                 + " · " + t(ELEMENT_KEYS[s.element]), art.name(self.app, s.text)]
        if entry.get("cooldown"):
            lines.append(t("coop.ui.cooldown.tip"))
        else:
            acts = self.index.at(("tile", entry["tile"])) if i == v.get("active") else []
            if acts:
                preview = self.preview(acts[0])
                for b in preview.cost:
                    lines.append(self.bd_text(b))
                if any(e.type == "attack" for e in s.effects):
                    lines += self._tile_attack_lines(acts)
            else:
                lines.append(t("coop.ui.cost_slot", cost=entry["cost"], slot=slot + 1))
                if i == v.get("active") and self.is_my_turn() and v.get("pending") is None:
                    lines.append(self._refusal(Action.make("play", tile=entry["tile"],
                                                           picks=[])))
        if slot == len(h["river"]) - 1:
            lines.append(t("coop.ui.core.tip", element=t(ELEMENT_KEYS[s.element])))
        if entry.get("poison"):
            lines.append(t("coop.ui.poison.tip"))
        return lines

    def _tile_attack_lines(self, acts: list[Action]) -> list[str]:
        """What an attack tile would do before it is clicked: a warning when no way to play it
        reaches an enemy (the tile can still be played for its other effects and its core), and
        the expected damage when it has exactly one way (a click plays it at once)."""
        t = self.app.t
        rows = [row for act in acts for entry in (self.preview(act).detail or {}).get(
            "attacks", []) if not entry.get("wolf") for row in entry["targets"]]
        if not rows:
            return [t("coop.ui.tile.no_target")]
        if len(acts) > 1:
            return [t("coop.ui.tile.pick_target")]
        out = []
        for row in rows:
            e = self.enemy(row["uid"], self.view)
            if e is None:
                continue
            ko = row.get("knockout", [0, 1])
            out.append(t("coop.ui.tile.expect", enemy=art.enemy_name(self.app, e["card"]),
                         zone=row["zone"] + 1, n=self.decimal(row["expected"]),
                         p=_percent(ko[0], ko[1], self.decimal)))
        return out

    def _item_tip(self, card: str, h: dict[str, Any]) -> list[str]:
        t = self.app.t
        if not query.has_item(card):
            return [art.item_name(self.app, card)]
        d = query.item(card)
        kind = t(f"coop.ui.item.{d.category}")
        lines = [art.item_name(self.app, card) + " · " + kind, art.name(self.app, d.text)]
        if d.quick:
            lines.append(t("coop.ui.item.quick"))
        if card in h["exhausted"]:
            lines.append(t("coop.ui.item.used"))
        if self.index.at(("item", card)):
            lines.append(t("coop.ui.item.click"))
        return lines

    def _enemy_tip(self, e: dict[str, Any]) -> list[str]:
        t = self.app.t
        d = query.enemy(e["card"])
        lines = [art.enemy_name(self.app, e["card"]) + " · " + t(RANK_KEYS[d.rank])]
        terms = " + ".join(f"{t(ATTACK_TERM_KEYS.get(k, 'coop.bd.printed'))} {val}"
                           for k, val in e.get("attack_terms", []))
        lines.append(t("coop.ui.enemy_attack", n=e["attack"], terms=terms or e["attack"]))
        for z, zone in enumerate(d.zones):
            parts = [t("coop.ui.zone_line", n=z + 1, damage=e["damage"][z], boxes=zone.boxes),
                     t(ELEMENT_KEYS[zone.element])]
            if zone.style != "framed":
                parts.append(t(STYLE_KEYS[zone.style]))
            if zone.shield:
                parts.append(t("coop.ui.shield_n", n=zone.shield))
            if zone.armoured:
                parts.append(t("coop.ui.armoured"))
            parts.append(t(FINAL_KEYS[zone.final]))
            lines.append(" · ".join(parts))
        for kw in art.keyword_ids(e["card"], e["keywords"]):
            keys = KEYWORD_KEYS.get(kw)
            if keys is None:
                continue
            line = f"{t(keys[0])}: {t(keys[1])}"
            if kw == "leader" and d.leader is not None:
                gains = [t(KEYWORD_KEYS[k][0]) for k in d.leader.keywords if k in KEYWORD_KEYS]
                if d.leader.attack:
                    gains.insert(0, t("coop.ui.attack_plus", n=d.leader.attack))
                families = ", ".join(t(FAMILY_KEYS.get(f, "coop.ui.family.goblin"))
                                     for f in d.leader.families)
                line = t("coop.ui.leader_line", families=families, gains=", ".join(gains))
                if d.leader.others:
                    line += " " + t("coop.ui.leader_others")
            elif kw == "summon" and d.summon is not None:
                line = t("coop.ui.summon_line", name=art.enemy_name(self.app, d.summon))
            lines.append(line)
        boss = self.view.get("boss")
        if d.rank == "boss" and boss:
            lines += self._boss_tip(boss, d)
        if e["stunned"]:
            lines.append(t("coop.ui.stunned"))
        if e.get("isolated"):
            lines.append(t("coop.ui.isolated"))
        if d.reward != "none":
            lines.append(t(f"coop.ui.reward.{d.reward}"))
        order = self.view.get("enemy_order", [])
        if e["uid"] in order:
            lines.append(t("coop.ui.order_tip", n=order.index(e["uid"]) + 1))
        return lines

    def _boss_tip(self, boss: dict[str, Any], d: Any) -> list[str]:
        """Returns what a boss card's tooltip adds: the stat card's hero count, what wins and
        loses the tile, zones that take a keyword away, the AI deck and its last card."""
        t = self.app.t
        lines = [t("coop.ui.boss_card", n=boss["heroes"]), t("coop.ui.boss_goal")]
        for z, zone in enumerate(d.zones):
            if zone.loses:
                kws = ", ".join(t(KEYWORD_KEYS[k][0]) for k in zone.loses if k in KEYWORD_KEYS)
                lines.append(t("coop.ui.zone_loses", n=z + 1, keywords=kws))
        lines.append(t("coop.ui.ai_deck_line", draw=boss["deck"],
                       discard=len(boss["discard"])))
        if boss["removed"]:
            names = ", ".join(dict.fromkeys(art.name(self.app, query.boss_card(c).name)
                                            for c in boss["removed"]))
            lines.append(t("coop.ui.ai_removed", names=names))
        if boss["last"]:
            c = query.boss_card(boss["last"])
            lines.append(t("coop.ui.ai_last", name=art.name(self.app, c.name),
                           text=art.name(self.app, c.text)))
        if boss["command"]:
            lines.append(t("coop.ui.command_line", n=boss["command"]))
        return lines

    def _field_tip(self, k: int) -> list[str]:
        t = self.app.t
        v = self.view
        field = v["track"][k]
        lines = [t("coop.ui.round_n", n=field["round"])]
        for dot in field["dots"]:
            key = "coop.ui.spawn_dot" if dot["active"] else "coop.ui.spawn_dot_off"
            lines.append(t(key, rank=t(RANK_KEYS[dot["rank"]]), area=self.area_label(dot["dir"]),
                           n=dot["min"]))
        if not field["dots"]:
            lines.append(t("coop.ui.no_spawn"))
        if field["colour"] != "none":
            lines.append(t("coop.ui.field_colour", colour=t(COLOUR_KEYS[field["colour"]])))
            for a in query.tile(v["tile"]).areas:
                for cross in a.crosses:
                    if cross.colour == field["colour"]:
                        lines.append(f"{self.area_label(a.dir)}: {art.name(self.app, cross.text)}")
        if field["round"] == v["rounds"]:
            lines.append(t("coop.ui.last_round"))
        return lines

    def _shot_tip(self, plan: Plan, target: tuple[int, int]) -> list[str]:
        """Returns what the planned shot (the ballista's) does to a zone: the rules' preview of
        the action that names it."""
        k = plan.step
        for act in plan.candidates():
            if tuple(act["picks"][k] or ()) == target:
                return [self.game_message(m) for m in self.preview(act).consequences
                        if m.key.startswith("coop.pv.shot")]
        return []

    def _area_tip(self, d: str) -> list[str]:
        t = self.app.t
        v = self.view
        a = query.area(v["tile"], d)
        lines = [self.area_label(d) + f" ({self.letter(d)})"]
        if query.tile(v["tile"]).start == d:
            lines.append(t("coop.ui.start_area"))
        if a.types:
            lines.append(t("coop.ui.area_types", types=", ".join(t(SYMBOL_KEYS[s])
                                                                  for s in a.types)))
        if a.flags is not None:
            f = v["flags"].get(d, {"filled": 0, "count": a.flags.count})
            lines.append(t("coop.ui.flags_line", filled=f["filled"], count=f["count"]))
            lines.append(t("coop.ui.flags_text", text=art.name(self.app, a.flags.text)))
        for cross in a.crosses:
            lines.append(t("coop.ui.cross_line", colour=t(COLOUR_KEYS[cross.colour]),
                           text=art.name(self.app, cross.text)))
        if a.text is not None:
            lines.append(art.name(self.app, a.text))
        given = v.get("area_keywords", {}).get(d, [])
        if given:
            lines.append(t("coop.ui.area_keywords", keywords=", ".join(
                t(KEYWORD_KEYS[k][0]) for k in given if k in KEYWORD_KEYS)))
        if d in v.get("blocked", []):
            lines.append(t("coop.ui.blocked"))
        if self.plan is not None and self.plan.effect in ("jump", "wolf_move"):
            if d in self.plan.options():
                lines.append(t("coop.ui.jump_here"))
        return lines

    # --- expected damage of the planned attack --------------------------------------------
    def badges(self) -> dict[tuple[int, int], float]:
        """Returns the expected damage of the planned attack on each zone it may hit alone."""
        if self._badges is not None:
            return self._badges
        out: dict[tuple[int, int], float] = {}
        plan = self.plan
        if plan is not None and plan.effect in ATTACKS:
            for t in plan.zones():
                trial = plan.trial(*t)
                act = plan.action_for(trial)
                if act is None:
                    continue
                entry = self._attack_entry(self.preview(act).detail or {}, trial)
                for row in entry["targets"] if entry else []:
                    if (row["uid"], row["zone"]) == t:
                        out[t] = float(row.get("expected_rerolls", row["expected"]))
        self._badges = out
        return out

    def attack_preview(self) -> tuple[Any, dict[str, Any], list[tuple[int, int]]] | None:
        """Returns (preview, attack detail, targets) of the planned attack the pointer is on."""
        plan = self.plan
        key = self.hovered
        if plan is None or plan.effect not in ATTACKS:
            return None
        if key is not None and key[0] == "zone" and (key[1], key[2]) in plan.zones():
            targets = plan.trial(key[1], key[2])
        elif plan.chosen:
            targets = list(plan.chosen)
        else:
            return None
        act = plan.action_for(targets)
        if act is None:
            sets = [ts for ts in plan.target_sets() if set(targets) <= set(ts)]
            if not sets:
                return None
            act = plan.action_for(list(sets[0]))
            if act is None:
                return None
        preview = self.preview(act)
        entry = self._attack_entry(preview.detail or {}, targets)
        if entry is None:
            return None
        return preview, entry, targets

    def _attack_entry(self, detail: dict[str, Any],
                      targets: list[tuple[int, int]]) -> dict[str, Any] | None:
        """Returns the preview's entry of the planned attack: the hero's attack (not the
        wolf's) on exactly these targets; the plan's place among the attacks breaks a tie."""
        attacks = detail.get("attacks", [])
        want = {tuple(t) for t in targets}
        found = [k for k, entry in enumerate(attacks) if not entry.get("wolf")
                 and {(r["uid"], r["zone"]) for r in entry["targets"]} == want]
        if not found or self.plan is None:
            return None
        n = self.plan.attack_index()
        return attacks[n] if n in found else attacks[found[0]]  # type: ignore[no-any-return]

    # --- animation ------------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        before = self.before
        if before is not None and before.get("stage") == "camp":
            self.autosave()  # the camp has no turns: each of its choices is saved at once
        if before is None or not before.get("heroes") or self.anim.speed <= 0 \
                or before.get("stage") == "camp" or self.camp is not None:
            return  # the camp plays nothing back; the tile appears set up
        steps = build_steps(events, before, self.view,
                            lambda card: len(query.enemy(card).zones))
        if not steps:
            return
        self.timeline = Timeline(steps, self.draw_step, self.view)
        self.anim.add(self.timeline)
        self._prompt_after = self.prompt_text
        enemies = any(e.key == "coop.ev.enemy_turn" for e in events)
        self.prompt_text = self.app.t("coop.ui.prompt.playback_enemies" if enemies
                                      else "coop.ui.prompt.playback")
        floats = []
        for step in steps:
            p = step.event.params
            if step.event.key == "coop.ev.damage" and p["damage"]:
                rect = self.card_rects(step.view).get(p["uid"])
                if rect is not None:
                    floats.append(FloatText(f"−{p['damage']}", rect.center, theme.RED_BRIGHT,
                                            delay=step.start))
            elif step.event.key == "coop.ev.wound" and p["amount"]:
                pos = self.hero_pos(p["hero"], step.view)
                floats.append(FloatText(f"−{p['amount']}", (pos[0], pos[1] - 20),
                                        theme.RED_BRIGHT, delay=step.start))
            elif step.event.key == "coop.ev.heal" and p["amount"]:
                pos = self.hero_pos(p["hero"], step.view)
                floats.append(FloatText(f"+{p['amount']}", (pos[0], pos[1] - 20),
                                        theme.GREEN_BRIGHT, delay=step.start))
        for f in floats:
            self.anim.add(f)

    # --- drawing --------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        if self.camp is not None:
            self.camp.draw(surface)
            return
        v = self.dv
        if not v:
            return
        self._draw_track(surface, v)
        self._draw_map(surface, v)
        self._draw_columns(surface, v)
        self._draw_tableau(surface, v)
        self._draw_party(surface, v)
        playing = self.timeline is not None and not self.timeline.done
        if not playing:  # the row belongs to the present; a click now only skips the playback
            for button in self.buttons:
                button.draw(surface)
        else:
            assert self.timeline is not None
            self.timeline.paint(surface)
        busy = self.anim.busy
        if not busy:
            self._draw_attack_panel(surface)
        if self.popup is not None:
            self.popup.draw(surface)
        if self.chooser is not None and not self.chooser_hidden and not busy:
            surface.blit(theme.shade(self.board_rect.size, 110), self.board_rect)
            self.chooser.draw(surface)
            self._draw_chooser_dice(surface)
        if self.session.is_over and not busy:
            self._draw_result(surface)

    # tracker --------------------------------------------------------------------------------
    def _draw_track(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        surface.blit(theme.panel(TRACK.size, "inset"), TRACK)
        tile = query.tile(v["tile"])
        title, size = assets.shrink_to_fit(art.name(self.app, tile.name), "heading", 19,
                                           FIELD_X - TRACK.left - 30, 14)
        image = assets.text(title, "heading", size, theme.GOLD)
        surface.blit(image, (TRACK.left + 14, TRACK.top + 8))
        rnd = t("coop.ui.round_of", round=max(1, v["round"]), rounds=v["rounds"])
        if v["round"] >= v["rounds"]:
            rnd = t("coop.ui.round_last", round=v["round"], rounds=v["rounds"])
        x = TRACK.left + 14
        if v["hard"]:
            icon = assets.asset_icon("coop.ui.hard", 18)
            surface.blit(icon, (x, TRACK.top + 38))
            x += 22
        image = assets.text(rnd, "bold", theme.SIZE_SMALL, theme.INK)
        surface.blit(image, (x, TRACK.top + 37))
        for k, field in enumerate(v["track"]):
            rnd_no = field["round"]
            state = "past" if rnd_no < v["round"] else ("current" if rnd_no == v["round"]
                                                        else "coming")
            dots = tuple((d["dir"], d["rank"], d["min"], d["active"]) for d in field["dots"])
            rect = self.field_rect(k)
            surface.blit(art.tracker_field(field["colour"], dots, rect.width, state), rect)
            if state == "current":
                theme.outline(surface, rect.inflate(-2, -2), theme.GOLD_BRIGHT, self.phase)
            if self.hovered == ("field", k):
                pygame.draw.rect(surface, theme.INK, rect.inflate(6, 6), width=1,
                                 border_radius=6)
        # the marker's path ends at the last field: the mission is survived after it
        last = self.field_rect(len(v["track"]) - 1)
        flag = assets.asset_icon("coop.ui.flag", 22, theme.GOLD)
        surface.blit(flag, (last.right + 6, last.centery - 11))
        # decks and loot
        x0 = FIELD_X + len(v["track"]) * field_geometry(len(v["track"]))[1] + 34
        rows = ((TRACK.top + 7, t("coop.ui.deck_label"),
                 (("minion", v["decks"], "coop.ui.deck", art.RANK_COLOURS["minion"], "deck"),
                  ("elite", v["decks"], "coop.ui.deck", art.RANK_COLOURS["elite"], "deck"))),
                (TRACK.top + 35, t("coop.ui.loot_label"),
                 (("grey", v["loot"], "coop.ui.loot", (200, 200, 200), "loot"),
                  ("gold", v["loot"], "coop.ui.loot", theme.GOLD_BRIGHT, "loot"))))
        label_w = max(assets.size_of(label, "bold", theme.SIZE_TINY)[0] for _y, label, _r in rows)
        for y, label, items in rows:
            image = assets.text(label, "bold", theme.SIZE_TINY, theme.INK_DIM)
            surface.blit(image, (x0, y + 4))
            x = x0 + label_w + 8
            for key, decks, icon, colour, kind in items:
                deck = decks.get(key)
                if deck is None:
                    continue
                chip = art.badge(str(deck["draw"]), icon, colour)
                surface.blit(chip, (x, y))
                rect = pygame.Rect((x, y), chip.get_size())
                if rect.collidepoint(self.app.mouse):
                    self.app.tooltip((kind, key), [t(f"coop.ui.{kind}.{key}"), t(
                        "coop.ui.deck_tip", draw=deck["draw"], discard=len(deck["discard"]))],
                                     rect)
                x += chip.get_width() + 8
        theme_name = t(f"coop.opt.theme.{v['theme']}")
        image = assets.text(t("coop.ui.theme_line", theme=theme_name), "italic",
                            theme.SIZE_SMALL, theme.INK_DIM)
        surface.blit(image, (TRACK.right - image.get_width() - 14, TRACK.top + 8))
        if v["hard"]:
            hard = assets.text(t("coop.ui.hard_mode"), "bold", theme.SIZE_SMALL,
                               theme.RED_BRIGHT)
            surface.blit(hard, (TRACK.right - hard.get_width() - 14, TRACK.top + 36))
        badge = self.campaign_badge()
        if badge is not None:
            surface.blit(*badge)
            if self.hovered == ("campmap",):
                pygame.draw.rect(surface, theme.GOLD_BRIGHT, badge[1].inflate(4, 4), width=1,
                                 border_radius=badge[1].height // 2 + 2)

    # map ------------------------------------------------------------------------------------
    def _draw_map(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        surface.blit(art.map_picture(v["tile"], MAP.size), MAP)
        tile = query.tile(v["tile"])
        plan = self.plan
        jump_to = plan.options() if plan is not None and plan.effect in ("jump",
                                                                          "wolf_move") else []
        hovered_area = self.hovered[1] if self.hovered and self.hovered[0] in (
            "area", "col") else None
        for d in art.RING:
            pts = art.zone_points(MAP, d)
            if d in jump_to:
                shade = pygame.Surface(MAP.size, pygame.SRCALPHA)
                local = [(x - MAP.left, y - MAP.top) for x, y in pts]
                alpha = 90 if hovered_area == d else 40
                pygame.draw.polygon(shade, (*theme.LEGAL, alpha), local)
                surface.blit(shade, MAP)
                pygame.draw.polygon(surface, theme.LEGAL, pts, 3)
            elif hovered_area == d:
                pygame.draw.polygon(surface, theme.GOLD, pts, 2)
            if d in v.get("blocked", []):
                icon = assets.asset_icon("coop.ui.blocked", 54)
                surface.blit(icon, icon.get_rect(center=art.zone_anchor(MAP, d, 0.5)))
            self._draw_area_labels(surface, v, d, tile)
        c = MAP.center
        rose = art.compass(56, tuple(self.letter(d) for d in art.RING))
        surface.blit(rose, rose.get_rect(center=c))
        coin = self._last_coin()
        if coin is not None:
            icon = assets.asset_icon("coop.ui.cw" if coin else "coop.ui.ccw", 30,
                                     theme.GOLD_BRIGHT)
            pygame.draw.circle(surface, theme.WOOD_DEEP, (c[0] + 40, c[1] + 40), 19)
            surface.blit(icon, icon.get_rect(center=(c[0] + 40, c[1] + 40)))
            rect = pygame.Rect(c[0] + 21, c[1] + 21, 38, 38)
            if rect.collidepoint(self.app.mouse):
                self.app.tooltip("coin", [t("coop.ui.coin_title"), t(
                    "coop.ui.coin_tip", direction=t("coop.ui.clockwise" if coin
                                                    else "coop.ui.counter"))], rect)
        self._draw_tokens(surface, v)

    def _last_coin(self) -> bool | None:
        """Returns the direction coin's last result this round (None: not tossed yet)."""
        log = self.session.log
        for k in range(len(log) - 1, max(-1, len(log) - 80), -1):
            e = log[k]
            if e.key == "coop.ev.coin":
                return bool(e.params["clockwise"])
            if e.key == "coop.ev.round":
                return None
        return None

    def _draw_area_labels(self, surface: pygame.Surface, v: dict[str, Any], d: str,
                          tile: Any) -> None:
        area = next(a for a in tile.areas if a.dir == d)
        name = art.name(self.app, area.name)
        label, size = assets.shrink_to_fit(name, "heading", 17, 170, 13)
        image = assets.shadowed(label, "heading", size, theme.INK)
        row: list[pygame.Surface] = []
        for sym in area.types:
            row.append(assets.asset_icon(f"coop.symbol.{sym}", 18))
        flags = v["flags"].get(d)
        if flags is not None:
            for k in range(flags["count"]):
                filled = k < flags["filled"]
                row.append(assets.asset_icon("coop.ui.flag", 20, (150, 40, 30) if filled
                                             else theme.GOLD_BRIGHT))
        for cross in area.crosses:
            row.append(assets.asset_icon("coop.ui.cross", 18, art.FIELD_COLOURS[cross.colour]))
        if area.jump_damage:
            row.append(assets.asset_icon("coop.ui.snare", 20))
        if area.jump_mana:
            row.append(assets.asset_icon("coop.ui.drain", 20))
        if area.round_start:
            row.append(assets.asset_icon("coop.ui.round_start", 20))
        for s in area.actions:
            row.append(assets.asset_icon(f"coop.area_action.{s.id}", 22))
        for kw in v.get("area_keywords", {}).get(d, []):
            row.append(assets.asset_icon(f"coop.kw.{kw}", 20, theme.RED_BRIGHT))
        if tile.start == d:
            row.append(assets.asset_icon("ui.play", 16, theme.GOLD_BRIGHT))
        row_w = sum(r.get_width() + 4 for r in row)
        if d == "N":
            name_pos = (MAP.centerx - image.get_width() // 2, MAP.top + 12)
            row_pos = (MAP.centerx - row_w // 2, MAP.top + 40)
        elif d == "S":
            name_pos = (MAP.centerx - image.get_width() // 2, MAP.bottom - 34)
            row_pos = (MAP.centerx - row_w // 2, MAP.bottom - 60)
        elif d == "W":
            name_pos = (MAP.left + 14, MAP.centery - 54)
            row_pos = (MAP.left + 14, MAP.centery - 28)
        else:
            name_pos = (MAP.right - 14 - image.get_width(), MAP.centery - 54)
            row_pos = (MAP.right - 14 - row_w, MAP.centery - 28)
        plate = pygame.Rect(name_pos[0] - 8, name_pos[1] - 2, image.get_width() + 16,
                            image.get_height() + 4)
        pygame.draw.rect(surface, (20, 14, 10), plate, border_radius=8)
        pygame.draw.rect(surface, theme.mix(art.AREA_TINTS[d], theme.GOLD, 0.5), plate, width=1,
                         border_radius=8)
        surface.blit(image, name_pos)
        x = row_pos[0]
        for icon in row:
            surface.blit(icon, (x, row_pos[1]))
            x += icon.get_width() + 4

    def _draw_tokens(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        plan = self.plan
        allies = plan.options() if plan is not None and plan.effect == "armor" else []
        active = v.get("active", -1)
        for who, pos, size in self.token_spots(v):
            kind, i = who
            h = v["heroes"][i]
            ring = self.seat_colour(h["seat"])
            if kind == "hero":
                image = art.token(f"coop.hero.{h['hero']}", size, ring,
                                  art.hero_colour(h["hero"]), h["ko"])
            else:
                image = art.token("coop.ui.wolf", size, ring, (216, 208, 192), False)
            surface.blit(image, image.get_rect(center=pos))
            if kind == "hero":
                if i == active:
                    theme.outline(surface, pygame.Rect(pos[0] - size // 2, pos[1] - size // 2,
                                                       size, size), theme.GOLD_BRIGHT,
                                  self.phase, width=2)
                if i in allies:
                    theme.outline(surface, pygame.Rect(pos[0] - size // 2, pos[1] - size // 2,
                                                       size, size), theme.LEGAL, self.phase)
                chip = art.badge(f"{h['hp']}", "coop.ui.heart", (240, 120, 100), 11)
                surface.blit(chip, chip.get_rect(midtop=(pos[0], pos[1] + size // 2 - 4)))
                if h["ko"]:
                    icon = assets.asset_icon("coop.ui.knocked_out", 20)
                    surface.blit(icon, (pos[0] + size // 2 - 12, pos[1] - size // 2 - 4))
                if h["vanished"]:
                    icon = assets.asset_icon("coop.ui.vanish", 20)
                    surface.blit(icon, (pos[0] - size // 2 - 6, pos[1] - size // 2 - 4))
                if v.get("token") == i:
                    icon = assets.asset_icon("coop.ui.sword", 16, theme.GOLD_BRIGHT)
                    pygame.draw.circle(surface, theme.WOOD_DEEP, (pos[0] - size // 2 + 2,
                                                                  pos[1] + size // 2 - 6), 10)
                    surface.blit(icon, icon.get_rect(center=(pos[0] - size // 2 + 2,
                                                             pos[1] + size // 2 - 6)))
            else:
                wolf = h.get("wolf") or {}
                chip = art.badge(f"{wolf.get('hp', 0)}", "coop.ui.heart", (240, 120, 100), 10)
                surface.blit(chip, chip.get_rect(midtop=(pos[0], pos[1] + size // 2 - 4)))

    # enemy rows -----------------------------------------------------------------------------
    def _draw_columns(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        rects = self.card_rects(v)
        plan = self.plan
        zones = set(plan.zones()) if plan is not None and plan.effect in ATTACKS else set()
        wolf_zones = set(x for x in plan.options() if x is not None) \
            if plan is not None and plan.effect in ZONE_PICKS else set()
        group = set(plan.group_enemies()) if plan is not None and plan.effect in (
            "taunt", "stun") else set()
        chosen = set(plan.chosen) if plan is not None else set()
        badges = self.badges() if zones else {}
        order = v.get("enemy_order", [])
        jump_to = plan.options() if plan is not None and plan.effect in ("jump",
                                                                          "wolf_move") else []
        for d in art.RING:
            col = self.col_rect(d)
            tint = art.AREA_TINTS[d]
            back = pygame.Surface(col.size, pygame.SRCALPHA)
            pygame.draw.rect(back, (*theme.mix(tint, theme.WOOD_DEEP, 0.55), 200),
                             back.get_rect(), border_radius=10)
            surface.blit(back, col)
            pygame.draw.rect(surface, theme.mix(tint, theme.GOLD, 0.35), col, width=2,
                             border_radius=10)
            head = pygame.Rect(col.left, col.top, col.width, 36)
            pygame.draw.rect(surface, theme.mix(tint, theme.WOOD_DEEP, 0.2), head,
                             border_top_left_radius=10, border_top_right_radius=10)
            pygame.draw.circle(surface, theme.WOOD_DEEP, (head.left + 18, head.centery), 12)
            letter = assets.text(self.letter(d), "heading", 15, theme.GOLD_BRIGHT)
            blit_centered(surface, letter, (head.left + 18, head.centery + 1))
            name, size = assets.shrink_to_fit(self.area_label(d), "bold", 15, col.width - 78,
                                              11)
            image = assets.text(name, "bold", size, theme.INK)
            surface.blit(image, (head.left + 36, head.centery - image.get_height() // 2))
            count = len(v["areas"][d])
            if count:
                chip = assets.text(str(count), "bold", 13, theme.INK_DIM)
                surface.blit(chip, (head.right - 10 - chip.get_width(),
                                    head.centery - chip.get_height() // 2))
            if d in jump_to:
                theme.outline(surface, head.inflate(-4, -4), theme.LEGAL, self.phase, width=2)
            elif self.hovered in (("col", d), ("area", d)):
                pygame.draw.rect(surface, theme.GOLD, head, width=2, border_radius=10)
            ghost = art.column_art(v["tile"], d, col.width - 40)
            surface.blit(ghost, ghost.get_rect(midbottom=(col.centerx, col.bottom - 16)))
            if not v["areas"][d]:
                empty = assets.text(t("coop.ui.no_enemies"), "italic", theme.SIZE_SMALL,
                                    theme.mix(tint, theme.INK, 0.5))
                blit_centered(surface, empty, (col.centerx, col.top + 64))
        focus = self._focus_uid()
        hovered_uid = self.hovered[1] if self.hovered and self.hovered[0] in (
            "enemy", "zone") else None
        drawn_last = None
        for d in art.RING:
            for e in v["areas"][d]:
                rect = rects.get(e["uid"])
                if rect is None:
                    continue
                if e["uid"] == hovered_uid:
                    drawn_last = (e, rect)
                    continue
                self._draw_card(surface, e, rect, order, zones, wolf_zones, group, chosen,
                                badges, focus)
        if drawn_last is not None:
            self._draw_card(surface, drawn_last[0], drawn_last[1], order, zones, wolf_zones,
                            group, chosen, badges, focus)

    def _focus_uid(self) -> int | None:
        tl = self.timeline
        step = tl.current if tl is not None and not tl.done else None
        if step is not None and "uid" in step.event.params:
            return int(step.event.params["uid"])
        strike = self.view.get("strike")
        if strike is not None and not self.anim.busy:
            return int(strike["uid"])
        return None

    def _draw_card(self, surface: pygame.Surface, e: dict[str, Any], rect: pygame.Rect,
                   order: list[int], zones: set[tuple[int, int]],
                   wolf_zones: set[tuple[int, int]], group: set[int],
                   chosen: set[tuple[int, int]], badges: dict[tuple[int, int], float],
                   focus: int | None) -> None:
        d = query.enemy(e["card"])
        name = art.enemy_name(self.app, e["card"])
        text, size = assets.shrink_to_fit(name, "bold", 14, rect.width - 34, 10)
        surface.blit(art.enemy_face(e["card"], rect.width, text, size), rect)
        # the order of the enemy turn
        if e["uid"] in order:
            n = order.index(e["uid"]) + 1
            c = (rect.right - 13, rect.top + 12)
            pygame.draw.circle(surface, theme.WOOD_DEEP, c, 10)
            pygame.draw.circle(surface, theme.GOLD_DIM, c, 10, 1)
            num = assets.text(str(n), "bold", 12, theme.INK_DIM if e.get("activated")
                              else theme.GOLD_BRIGHT)
            blit_centered(surface, num, c)
        layout = art.zone_layout(e["card"])
        for z, zone in enumerate(d.zones):
            zr = self.zone_rect(rect, z, e["card"])
            x = zr.left + 4
            y = zr.top + 3
            art.zone_track(surface, x, y, zone, e["damage"][z], layout[z][2], True,
                           layout[z][3])
            key = (e["uid"], z)
            if key in zones or key in wolf_zones:
                glow = zr.inflate(2, 0)
                colour = theme.GOLD_BRIGHT if key in chosen else theme.LEGAL
                pygame.draw.rect(surface, colour, glow, width=2, border_radius=4)
                if self.hovered == ("zone", e["uid"], z):
                    pygame.draw.rect(surface, colour, glow, width=3, border_radius=4)
            if key in badges:
                chip = art.badge(self.decimal(badges[key]), "coop.ui.sword",
                                 theme.GOLD_BRIGHT, 12)
                surface.blit(chip, chip.get_rect(midleft=(rect.left + 2, zr.centery)))
        # the foot: attack strength and keywords (the type symbols are on the face)
        foot = rect.top + art.foot_y(e["card"])
        attack = art.badge(str(e["attack"]), "coop.ui.sword", theme.INK, 13)
        surface.blit(attack, (rect.left + 54, foot + 1))
        x = rect.left + 58 + attack.get_width()
        for kw in art.keyword_ids(e["card"], e["keywords"]):
            icon = assets.asset_icon(f"coop.kw.{kw}", 17)
            pygame.draw.circle(surface, theme.WOOD_DEEP, (x + 10, foot + 11), 11)
            surface.blit(icon, icon.get_rect(center=(x + 10, foot + 11)))
            x += 23
        if d.rank == "boss":
            self._draw_boss_line(surface, rect)
        if e["stunned"]:
            icon = assets.asset_icon("coop.ui.stun", 30)
            surface.blit(icon, icon.get_rect(center=(rect.left + 28, rect.top + 44)))
        if e.get("star"):
            icon = assets.asset_icon("coop.ui.star", 18)
            surface.blit(icon, (rect.left + 34, rect.top + 58))
        if e["uid"] in group:
            colour = theme.GOLD_BRIGHT if self.plan and e["uid"] in self.plan.group \
                else theme.LEGAL
            theme.outline(surface, rect.inflate(-2, -2), colour, self.phase)
        if e["uid"] == focus:
            pygame.draw.rect(surface, theme.RED_BRIGHT, rect.inflate(6, 6), width=3,
                             border_radius=10)
        if self.hovered and self.hovered[0] in ("enemy", "zone") and self.hovered[1] == e["uid"]:
            pygame.draw.rect(surface, theme.INK, rect.inflate(2, 2), width=1, border_radius=9)

    def _draw_boss_line(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Writes the boss's AI deck on its card's last line: cards left, the card last
        resolved."""
        boss = self.dv.get("boss") or self.view.get("boss")
        if not boss:
            return
        line = pygame.Rect(rect.left + 4, rect.bottom - art.BOSS_LINE - 2, rect.width - 8,
                           art.BOSS_LINE)
        chip = art.badge(str(boss["deck"]), "coop.ui.ai_deck", theme.GOLD_BRIGHT, 11)
        surface.blit(chip, chip.get_rect(midleft=(line.left + 2, line.centery)))
        last = boss.get("last")
        if last:
            name = art.name(self.app, query.boss_card(last).name)
        else:
            name = self.app.t("coop.ui.ai_none")
        room = line.width - chip.get_width() - 10
        text, size = assets.shrink_to_fit(name, "italic", 12, room, 9)
        image = assets.text(text, "italic", size, theme.INK)
        surface.blit(image, (line.left + chip.get_width() + 7,
                             line.centery - image.get_height() // 2))

    # tableau --------------------------------------------------------------------------------
    def _draw_tableau(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        surface.blit(theme.panel(TABLEAU.size, "wood"), TABLEAU)
        if not v["heroes"]:
            return
        i = self.tableau_hero()
        h = v["heroes"][i]
        colour = art.hero_colour(h["hero"])
        surface.blit(art.token(f"coop.hero.{h['hero']}", 52, self.seat_colour(h["seat"]),
                               colour, h["ko"]), (TABLEAU.left + 4, TABLEAU.top + 6))
        name = assets.text(art.hero_name(self.app, h["hero"]), "heading", 22, theme.GOLD)
        surface.blit(name, (TABLEAU.left + 64, TABLEAU.top + 8))
        x = TABLEAU.left + 64 + name.get_width() + 14
        sub = t("coop.ui.hero_sub", level=h["level"], player=self.seat_name(h["seat"]),
                area=self.area_label(h["area"]))
        image = assets.text(sub, "body", theme.SIZE_SMALL, theme.INK_DIM)
        surface.blit(image, (x, TABLEAU.top + 15))
        x += image.get_width() + 14
        tag: pygame.Surface | None
        if i == v.get("active") and not self.session.is_over:
            tag = assets.text(t("coop.ui.activating"), "bold", theme.SIZE_SMALL,
                              theme.GOLD_BRIGHT)
            surface.blit(tag, (x, TABLEAU.top + 15))
        elif i != v.get("active") and v.get("active", -1) >= 0:
            tag = assets.text(t("coop.ui.looking"), "italic", theme.SIZE_SMALL, theme.INK_DIM)
            surface.blit(tag, (x, TABLEAU.top + 15))
        else:
            tag = None
        x += tag.get_width() + 14 if tag is not None else 0
        status = []
        if h.get("poison"):
            status.append(t("coop.ui.poison_on", tile=art.tile_name(self.app, h["poison"][0])))
        if h["ko"]:
            status.append(t("coop.ui.ko_short"))
        if h["vanished"]:
            status.append(t("coop.ui.vanished_short"))
        if status:
            image = assets.text(" · ".join(status), "bold", theme.SIZE_SMALL,
                                theme.RED_BRIGHT)
            surface.blit(image, (x, TABLEAU.top + 15))
        # hearts, mana, armour
        x0, y = TABLEAU.left + 8, TABLEAU.top + 72
        rows = (("coop.ui.heart", h["hp"], h["hp_max"], (206, 64, 52), "coop.ui.stat.hp"),
                ("coop.ui.mana", h["mana"], h["mana_max"], (70, 130, 220), "coop.ui.stat.mana"),
                ("coop.ui.armor", h["armor"], h["armor_cap"], (170, 170, 176),
                 "coop.ui.stat.armor"))
        for icon_id, have, top, col, label in rows:
            surface.blit(assets.asset_icon(icon_id, 20), (x0, y - 2))
            right = art.cubes(surface, x0 + 26, y, have, top, col, size=13, gap=3)
            num = assets.text(f"{have}/{top}", "bold", theme.SIZE_SMALL, theme.INK)
            surface.blit(num, (right + 8, y - 3))
            rect = pygame.Rect(x0, y - 4, 206, 22)
            if rect.collidepoint(self.app.mouse):
                tip = [t(label), t(label + ".tip", have=have, top=top, regen=h["regen"])]
                self.app.tooltip(("stat", label), tip, rect)
            y += 25
        core = h.get("core")
        if core:
            surface.blit(assets.asset_icon(f"coop.element.{core}", 20), (x0, y - 2))
            image = assets.text(t("coop.ui.core_line", element=t(ELEMENT_KEYS[core])), "bold",
                                theme.SIZE_SMALL, art.ELEMENT_COLOURS[core])
            surface.blit(image, (x0 + 26, y - 3))
            rect = pygame.Rect(x0, y - 4, 206, 22)
            if rect.collidepoint(self.app.mouse):
                self.app.tooltip(("core",), [t("coop.ui.core_title"), t("coop.ui.core_help")],
                                 rect)
        # items
        label = assets.text(t("coop.ui.items_line", n=len(h["items"]), carry=h["carry"]),
                            "bold", theme.SIZE_TINY, theme.GOLD_DIM)
        surface.blit(label, (x0, 786))
        for k, card in enumerate(h["items"]):
            rect = self.item_rect(k)
            usable = bool(self.index.at(("item", card))) and i == v.get("active")
            used = card in h["exhausted"]
            pygame.draw.rect(surface, theme.WOOD_DEEP, rect, border_radius=6)
            icon_id = f"coop.item.{query.base_id(card)}"
            icon = assets.asset_icon(icon_id, min(28, rect.width - 8),
                                     theme.INK_FAINT if used else None)
            surface.blit(icon, icon.get_rect(center=rect.center))
            edge = theme.GOLD_BRIGHT if usable else theme.GOLD_DIM
            pygame.draw.rect(surface, edge, rect, width=2 if usable else 1, border_radius=6)
            if query.has_item(card) and query.item(card).quick:
                pygame.draw.circle(surface, (200, 60, 50), (rect.right - 4, rect.top + 4), 5)
            if self.hovered == ("item", k):
                pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), width=1,
                                 border_radius=7)
        self._draw_river(surface, v, i, h)

    def _draw_river(self, surface: pygame.Surface, v: dict[str, Any], i: int,
                    h: dict[str, Any]) -> None:
        t = self.app.t
        active = i == v.get("active") and self.is_my_turn() and v.get("pending") is None
        plan = self.plan
        pick_tiles = plan.options() if plan is not None and plan.effect in (
            "poison", "level_up") else []
        n = len(h["river"])
        for slot, entry in enumerate(h["river"]):
            rect = self.tile_rect(slot)
            up = entry["side"] == "upgraded"
            playable = active and bool(self.index.at(("tile", entry["tile"])))
            cooldown = bool(entry.get("cooldown"))
            face = art.tile_face(entry["tile"], up, TILE_W, TILE_H,
                                 art.tile_name(self.app, entry["tile"], up),
                                 cooldown or (active and not playable))
            lift = -6 if self.hovered == ("slot", slot) and (playable or pick_tiles) else 0
            surface.blit(face, rect.move(0, lift))
            if plan is not None and plan.source == "play" and plan.key == entry["tile"]:
                theme.outline(surface, rect.move(0, lift), theme.GOLD_BRIGHT, self.phase)
            elif entry["tile"] in pick_tiles:
                theme.outline(surface, rect.move(0, lift), theme.LEGAL, self.phase)
            elif playable and plan is None:
                pygame.draw.rect(surface, theme.GOLD, rect.move(0, lift), width=2,
                                 border_radius=10)
            if cooldown:
                badge = art.badge(t("coop.ui.cooldown"), "coop.ui.cooldown", theme.INK_DIM, 12)
            else:
                colour = theme.GOLD_BRIGHT if playable else theme.INK_DIM
                badge = art.badge(str(entry["cost"]), "coop.ui.mana", colour
                                  if not (active and entry["cost"] > h["mana"])
                                  else theme.RED_BRIGHT, 14)
            surface.blit(badge, badge.get_rect(midtop=(rect.centerx, rect.top - 12 + lift)))
            if entry.get("poison"):
                icon = assets.asset_icon("coop.ui.poison", 22)
                surface.blit(icon, (rect.right - 26, rect.top + 6 + lift))
            cap = t("coop.ui.core") if slot == n - 1 else (
                t("coop.ui.slot_n", n=slot + 1) if not cooldown else t("coop.ui.cooldown_slot"))
            colour = art.ELEMENT_COLOURS[entry["element"]] if slot == n - 1 else theme.INK_FAINT
            image = assets.text(cap, "bold", theme.SIZE_TINY, colour)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
            if slot == n - 1:
                pygame.draw.rect(surface, art.ELEMENT_COLOURS[entry["element"]],
                                 rect.inflate(8, 8), width=2, border_radius=12)
        # the river flows from the right: arrows between the cooldown slots and the core
        if n == 6:
            a = self.tile_rect(3)
            b = self.tile_rect(4)
            x = (a.right + b.left) // 2
            pygame.draw.line(surface, theme.GOLD_DIM, (x, a.top + 8), (x, a.bottom - 8), 1)

    # party ----------------------------------------------------------------------------------
    def _draw_party(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        t = self.app.t
        surface.blit(theme.panel(PARTY.size, "wood"), PARTY)
        title = assets.text(t("coop.ui.party"), "heading", theme.SIZE_BODY, theme.GOLD)
        surface.blit(title, (PARTY.left + 16, PARTY.top + 10))
        shown = self.tableau_hero()
        for i, h in enumerate(v["heroes"]):
            rect = self.party_rect(i)
            on = i == shown
            pygame.draw.rect(surface, (60, 44, 30) if on else (36, 26, 19), rect,
                             border_radius=8)
            if i == v.get("active"):
                pygame.draw.rect(surface, theme.GOLD_BRIGHT, rect, width=2, border_radius=8)
            elif self.hovered == ("party", i):
                pygame.draw.rect(surface, theme.GOLD_DIM, rect, width=1, border_radius=8)
            tok = art.token(f"coop.hero.{h['hero']}", 36, self.seat_colour(h["seat"]),
                            art.hero_colour(h["hero"]), h["ko"] or h["dead"])
            surface.blit(tok, (rect.left + 6, rect.top + 6))
            name, size = assets.shrink_to_fit(art.hero_name(self.app, h["hero"]), "bold", 15,
                                              rect.width - 60, 12)
            image = assets.text(name, "bold", size, theme.INK)
            surface.blit(image, (rect.left + 50, rect.top + 4))
            x = rect.left + 50
            y = rect.top + 27
            for icon_id, text, colour in (
                    ("coop.ui.heart", f"{h['hp']}/{h['hp_max']}", (240, 130, 110)),
                    ("coop.ui.mana", f"{h['mana']}/{h['mana_max']}", (130, 180, 240)),
                    ("coop.ui.armor", str(h["armor"]), (200, 200, 205))):
                surface.blit(assets.asset_icon(icon_id, 16), (x, y))
                image = assets.text(text, "bold", theme.SIZE_TINY, colour)
                surface.blit(image, (x + 18, y - 1))
                x += 20 + image.get_width() + 8
            if h.get("core"):
                surface.blit(assets.asset_icon(f"coop.element.{h['core']}", 16), (x, y))
                x += 20
            if v.get("token") == i:
                surface.blit(assets.asset_icon("coop.ui.sword", 16, theme.GOLD_BRIGHT),
                             (rect.right - 22, rect.top + 6))
            if h["ko"] or h["dead"]:
                image = assets.text(t("coop.ui.ko_short") if h["ko"] else t("coop.ui.dead"),
                                    "bold", theme.SIZE_TINY, theme.RED_BRIGHT)
                surface.blit(image, (rect.right - image.get_width() - 8, rect.bottom - 20))
        order = v.get("order", [])
        if order and not self.session.is_over:
            names = ", ".join(art.hero_name(self.app, v["heroes"][k]["hero"]) for k in order)
            image = assets.text(t("coop.ui.next_heroes", names=names), "italic",
                                theme.SIZE_TINY, theme.INK_DIM, PARTY.width - 28)
            surface.blit(image, (PARTY.left + 14, PARTY.top + 50 + len(v["heroes"]) * 56))

    # the attack preview ---------------------------------------------------------------------
    def _draw_attack_panel(self, surface: pygame.Surface) -> None:
        found = self.attack_preview()
        if found is None:
            return
        preview, info, targets = found
        t = self.app.t
        lines: list[tuple[str, str, theme.Colour]] = []
        dice = info.get("dice", 0)
        lines.append((t("coop.ui.pv.dice", dice=dice, rerolls=info.get("rerolls", 0)),
                      "body", theme.INK_DARK))
        core = self.view["heroes"][self.view["active"]].get("core")
        plan = self.plan
        basic = plan is not None and plan.effect == "basic_attack"
        rerolls = int(info.get("rerolls", 0))
        folded = rerolls > 0 and all("expected_rerolls" in r for r in info.get("targets", []))
        for row in info.get("targets", []):
            e = self.enemy(row["uid"], self.view)
            if e is None:
                continue
            lines.append((t("coop.ui.pv.target", enemy=art.enemy_name(self.app, e["card"]),
                            zone=row["zone"] + 1), "heading", theme.INK_DARK))
            if folded:
                lines.append((t("coop.ui.pv.expected_both", n=self.decimal(row["expected"]),
                                r=self.decimal(row["expected_rerolls"])), "bold", theme.RED))
            else:
                lines.append((t("coop.ui.pv.expected", n=self.decimal(row["expected"])), "bold",
                              theme.RED))
            if row["empowered"]:
                why = t("coop.ui.pv.empowered", element=t(ELEMENT_KEYS.get(core or "none",
                                                                          "coop.ui.element.none")))
            elif basic:
                why = t("coop.ui.pv.basic")
            else:
                why = t("coop.ui.pv.not_empowered")
            lines.append((why, "body", theme.INK_DARK_DIM))
            plain, strong = row["expected_plain"], row["expected_empowered"]
            if folded:
                plain = row.get("expected_plain_rerolls", plain)
                strong = row.get("expected_empowered_rerolls", strong)
            lines.append((t("coop.ui.pv.both", plain=self.decimal(plain),
                            strong=self.decimal(strong)), "body", theme.INK_DARK))
            ko = row.get("knockout_rerolls", row.get("knockout", [0, 1])) if folded else \
                row.get("knockout", [0, 1])
            lines.append((t("coop.ui.pv.knockout", p=_percent(ko[0], ko[1], self.decimal),
                            ways=ko[0], out_of=ko[1]), "body", theme.INK_DARK))
        wanted = {tuple(x) for x in targets}
        for b in preview.breakdowns:
            where = (b.name.params.get("uid"), b.name.params.get("zone"))
            if b.name.params and where not in wanted:
                continue  # another attack of the same action (the wolf's)
            lines.append((self.bd_text(b), "body", theme.INK_DARK_DIM))
        for b in preview.cost:
            lines.append((self.bd_text(b), "body", theme.INK_DARK_DIM))
        if rerolls:
            lines.append((t("coop.ui.pv.rerolls_folded" if folded else "coop.ui.pv.rerolls_note"),
                          "body_italic", theme.INK_DARK_DIM))
        width = 380
        images = [assets.text(text, role, 15 if role != "heading" else 16,
                              colour, width - 28) for text, role, colour in lines]
        title = assets.text(t("coop.ui.pv.title", name=self.plan_name(plan) if plan else ""),
                            "heading", theme.SIZE_BODY, theme.INK_DARK, width - 28)
        height = title.get_height() + 24 + sum(im.get_height() + 2 for im in images)
        anchor = self.card_rects(self.view).get(targets[-1][0]) if targets else None
        box = pygame.Rect(0, 0, width, height)
        if anchor is not None:
            # under the card when its column has room, else beside it (the right first, so
            # the map stays in view)
            box.midtop = (anchor.centerx, anchor.bottom + 12)
            if box.bottom > COLS.bottom + 4:
                box.topleft = (anchor.right + 12, anchor.top)
                if box.right > COLS.right + 4:
                    box.topright = (anchor.left - 12, anchor.top)
        else:
            box.topleft = (MAP.left + 20, MAP.top + 20)
        box.clamp_ip(pygame.Rect(8, TRACK.bottom + 4, 1204, 900 - TRACK.bottom - 12))
        surface.blit(theme.panel(box.size, "parchment"), box)
        y = box.top + 12
        surface.blit(title, (box.left + 14, y))
        y += title.get_height() + 8
        for image in images:
            surface.blit(image, (box.left + 14, y))
            y += image.get_height() + 2

    def _draw_chooser_dice(self, surface: pygame.Surface) -> None:
        for rect, k, face in self.chooser_dice:
            can = self.index.find("reroll", die=k) is not None
            surface.blit(art.attack_die(face, rect.width), rect)
            # a long caption ("Schwert und Komet") wraps under its die instead of running
            # into the next one's
            cap = assets.text(self.app.t(FACE_KEYS[face]), "body", theme.SIZE_TINY,
                              theme.INK_DIM, DIE_STEP - 10, "center")
            surface.blit(cap, cap.get_rect(midtop=(rect.centerx, rect.bottom + 6)))
            if can:
                colour = theme.GOLD_BRIGHT if rect.collidepoint(self.app.mouse) else theme.GOLD
                pygame.draw.rect(surface, colour, rect.inflate(6, 6), width=2,
                                 border_radius=10)

    def _draw_result(self, surface: pygame.Surface) -> None:
        """Writes the mission's end in the row under the river (where the buttons were)."""
        t = self.app.t
        v = self.view
        won = v.get("result") == "won"
        box = pygame.Rect(TABLEAU.left + 10, ROW_Y - 4, TABLEAU.width - 20, 44)
        surface.blit(theme.panel(box.size, "glass"), box)
        title = assets.text(t("coop.ui.won" if won else "coop.ui.lost"), "heading", 22,
                            theme.GOLD_BRIGHT if won else theme.RED_BRIGHT)
        surface.blit(title, (box.left + 16, box.centery - title.get_height() // 2))
        key = f"coop.end.{v.get('reason') or ''}"
        if self.app.has(key):
            image = assets.text(t(key, round=v.get("round", 0)), "italic", theme.SIZE_BODY,
                                theme.INK_DIM)
            surface.blit(image, (box.left + 32 + title.get_width(),
                                 box.centery - image.get_height() // 2))

    # the playback's pictures ----------------------------------------------------------------
    def draw_step(self, surface: pygame.Surface, step: Step, t: float) -> None:
        """Draws one event of the playback: a banner with what happens and why, arrows, the
        coin and dice."""
        e = step.event
        p = e.params
        view = step.view
        key = e.key
        text = self.game_text(e.key, e.params)
        sub = ""
        if key == "coop.ev.target":
            sub = self._reason_line(e)
            src = self.card_rects(view).get(p["uid"])
            who = p["who"]
            if src is not None:
                if who >= WHO_WOLF:
                    dst = next((pos for w, pos, _s in self.token_spots(view)
                                if w == ("wolf", who - WHO_WOLF)), MAP.center)
                else:
                    dst = self.hero_pos(who, view)
                self._arrow(surface, (src.left, src.centery), dst, min(1.0, t * 2.5),
                            short=TOKEN // 2 + 6)
        elif key == "coop.ev.coin":
            self._coin(surface, p["clockwise"], t)
        elif key == "coop.ev.hit":
            pos = self.hero_pos(p["hero"], view)
            dice = p.get("dice", [])
            self._defence_dice(surface, pos, dice, p.get("armor", 0), t, step.index)
            sub = self.bd_text(e.breakdowns[-1]) if e.breakdowns else ""
        elif key in ("coop.ev.roll", "coop.ev.reroll"):
            faces = p["faces"] if key == "coop.ev.roll" else [p["new"]]
            anchor = self._roll_anchor(step)
            self._attack_dice(surface, anchor, faces, t, step.index)
        elif key == "coop.ev.damage":
            sub = self.bd_text(e.breakdowns[0]) if e.breakdowns else ""
        elif key in ("coop.ev.enemy_moves", "coop.ev.pulled", "coop.ev.taunt"):
            a = art.zone_anchor(MAP, p["from"], 0.45)
            b = art.zone_anchor(MAP, p["to"], 0.45)
            self._arrow(surface, a, b, min(1.0, t * 2))
        elif key in ("coop.ev.cross", "coop.ev.flags_full"):
            sub = art.name(self.app, p["text"]) if isinstance(p.get("text"), dict) else ""
            text = self.app.t("coop.ui.event_in", area=self.area_label(p["area"]))
        elif key == "coop.ev.ai_card":
            self._ai_card(surface, p, t)
            text = self.app.t("coop.ui.ev.ai_card", card_name=art.enemy_name(self.app,
                                                                               p["card"]))
        elif key in ("coop.ev.boss_defeated", "coop.ev.boss_alive"):
            rect = self.card_rects(view).get(p["uid"])
            if rect is not None:
                pygame.draw.rect(surface, theme.GOLD_BRIGHT if key.endswith("defeated")
                                 else theme.RED_BRIGHT, rect.inflate(10, 10), width=4,
                                 border_radius=12)
        if key in ("coop.ev.plunder", "coop.ev.spawn", "coop.ev.cross", "coop.ev.flags_full"):
            area = p.get("area")
            if area:
                pts = art.zone_points(MAP, area)
                pygame.draw.polygon(surface, theme.GOLD_BRIGHT, pts, 3)
        self._banner(surface, text, sub)

    def _ai_card(self, surface: pygame.Surface, p: dict[str, Any], t: float) -> None:
        """Shows the AI card the boss just drew, big enough to read, over the enemy rows."""
        c = query.boss_card(p["ai"])
        boss = art.enemy_name(self.app, p["card"])
        deck = self.app.t("coop.ui.ai_deck_left", n=p.get("deck", 0))
        image = art.ai_card(art.name(self.app, c.name), art.name(self.app, c.text), boss, 440,
                            deck)
        rise = int(24 * (1 - min(1.0, t * 4)))
        # beside the boss's own column, on the side with more room, so its card stays in view
        col = self.col_rect(p["area"]) if p.get("area") in art.RING else COLS
        x = col.right + 12 + image.get_width() // 2 if col.centerx < COLS.centerx \
            else col.left - 12 - image.get_width() // 2
        rect = image.get_rect(center=(x, COLS.top + 150 + rise))
        rect.clamp_ip(COLS)
        surface.blit(image, rect)

    def _roll_anchor(self, step: Step) -> tuple[int, int]:
        attack = self.view.get("attack")
        targets = attack["targets"] if attack else []
        if not targets:
            tl = self.timeline
            if tl is not None:
                for later in tl.steps:
                    if later.start > step.start and later.event.key == "coop.ev.damage":
                        targets = [[later.event.params["uid"], later.event.params["zone"]]]
                        break
        if targets:
            rect = self.card_rects(step.view).get(targets[0][0])
            if rect is not None:
                return (rect.left - 10, rect.centery)
        return (COLS.centerx, COLS.centery)

    def _banner(self, surface: pygame.Surface, text: str, sub: str) -> None:
        width = 760
        head = assets.text(text, "serif", theme.SIZE_H3, theme.GOLD, width - 40, "center")
        body = assets.text(sub, "body", theme.SIZE_SMALL, theme.INK, width - 40, "center") \
            if sub else None
        height = head.get_height() + 22 + (body.get_height() + 6 if body else 0)
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (self.board_rect.centerx, MAP.bottom - 6)
        surface.blit(theme.panel(box.size, "glass"), box)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.top + 10)))
        if body is not None:
            surface.blit(body, body.get_rect(midtop=(box.centerx, box.top + 14
                                                     + head.get_height())))

    def _arrow(self, surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int],
               t: float, short: int = 0) -> None:
        dist = max(1.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
        t = t * max(0.0, 1 - short / dist)  # stop at the token's rim, not on its face
        end = (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t))
        pygame.draw.line(surface, (60, 10, 8), a, end, 9)
        pygame.draw.line(surface, theme.RED_BRIGHT, a, end, 5)
        pygame.draw.circle(surface, theme.RED_BRIGHT, end, 9)
        pygame.draw.circle(surface, theme.PARCHMENT, end, 9, 2)

    def _coin(self, surface: pygame.Surface, clockwise: bool, t: float) -> None:
        c = (MAP.centerx, MAP.centery)
        box = pygame.Rect(0, 0, 132, 132)
        box.center = c
        surface.blit(theme.panel(box.size, "glass"), box)
        if t < 0.55:
            squash = abs(((t * 8) % 2) - 1)
            rect = pygame.Rect(0, 0, 70, max(4, int(70 * squash)))
            rect.center = c
            pygame.draw.ellipse(surface, (210, 170, 80), rect)
            pygame.draw.ellipse(surface, (120, 90, 40), rect, 2)
        else:
            icon = assets.asset_icon("coop.ui.cw" if clockwise else "coop.ui.ccw", 76,
                                     theme.GOLD_BRIGHT)
            surface.blit(icon, icon.get_rect(center=c))

    def _attack_dice(self, surface: pygame.Surface, anchor: tuple[int, int], faces: list[str],
                     t: float, seed: int) -> None:
        size, gap = 44, 8
        n = len(faces)
        width = n * size + (n - 1) * gap
        box = pygame.Rect(0, 0, width + 24, size + 24)
        box.midright = anchor
        box.clamp_ip(self.board_rect)
        surface.blit(theme.panel(box.size, "glass"), box)
        settle = t >= 0.6
        for k, face in enumerate(faces):
            shown = face if settle else art.FACE_ORDER[(int(t * 20) + k * 3 + seed) % 6]
            x = box.left + 12 + k * (size + gap)
            bounce = 0 if settle else int(abs(((t * 6 + k * 0.3) % 2) - 1) * 10)
            surface.blit(art.attack_die(shown, size), (x, box.top + 12 - bounce))

    def _defence_dice(self, surface: pygame.Surface, pos: tuple[int, int], dice: list[int],
                      armor: int, t: float, seed: int) -> None:
        size, gap = 34, 6
        items: list[pygame.Surface] = []
        if armor:
            items.append(art.badge(f"−{armor}", "coop.ui.armor", theme.INK, 14))
        settle = t >= 0.55
        for k, d in enumerate(dice):
            shield = bool(d) if settle else ((int(t * 18) + k + seed) % 3 == 0)
            items.append(art.defence_die(shield, size))
        if not items:
            return
        width = sum(im.get_width() for im in items) + gap * (len(items) - 1)
        box = pygame.Rect(0, 0, width + 20, size + 20)
        box.midbottom = (pos[0], pos[1] - TOKEN // 2 - 6)
        box.clamp_ip(self.board_rect)
        surface.blit(theme.panel(box.size, "glass"), box)
        x = box.left + 10
        for im in items:
            surface.blit(im, (x, box.centery - im.get_height() // 2))
            x += im.get_width() + gap
