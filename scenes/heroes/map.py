"""The heroes map game (option mode ``clash``): the hex adventure map, the side panel, the town
and the decisions; while a battle runs, the combat board of ``HeroesTableScene``.

Everything is read from ``rules.view`` (docs/heroes/rules.md, "The map game: views"): the
fields with their locations, guards, cubes and cleared marks, the tiles, the walls, the face-down
slots, the players, and ``reach`` (per hero the reachable fields with their MP cost, path and what
arriving does). Clicks become actions only from the legal actions, indexed by the field, the
face-down slot or the card they point at; nothing here re-derives a rule. Content (location and
tile definitions, town boards) comes through ``scenes.heroes.query``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from engine.core import hexgrid
from engine.core.actions import Action, Event
from scenes import assets, theme
from scenes.anim import Animation, linear
from scenes.app import App
from scenes.board.camera import Camera, CameraInput, HexLayout
from scenes.board.chooser import ChoicePanel, Popup
from scenes.board.index import ActionIndex
from scenes.heroes import art, botmarks, query
from scenes.heroes import teams as team_ui
from scenes.heroes.table import NAMED_EVENTS, HeroesTableScene
from scenes.heroes.town import TownWindow
from scenes.widgets import Button, IconButton, blit_centered

SIDE = pygame.Rect(12, 76, 352, 816)
MAPV = pygame.Rect(374, 76, 832, 652)
MAP_SEA = (34, 44, 52)  # the water around the tiles
# the corners of the hex at the origin in tile units (the camera's layout: corner radius ½)
HEX_CORNERS = tuple(hexgrid.hex_corners((0, 0), 0.5))
HAND = pygame.Rect(374, 736, 832, 156)
TOWN = MAPV.union(HAND).inflate(-16, -16)  # the town window covers the map and the hand
ZOOMS = (34, 42, 52, 64, 78, 96, 116)
# the map opens on the whole board when it fits at FIT_MIN or closer; else no further out than
# READABLE (a location's icon and guard numeral legible) and no closer than READABLE_MAX (the
# start tiles with room around them)
FIT_MIN, READABLE, READABLE_MAX = 1, 3, 4
CARD = (100, 140)
CARD_LOOK = (140, 196)  # a card shown in a choice panel
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
RES = ("gold", "materials", "valuables")
RES_ICONS = {"gold": "heroes.ui.gold", "materials": "heroes.map.materials",
             "valuables": "heroes.map.valuables"}
KIND_FILL = {"start": (92, 120, 70), "far": (104, 118, 72), "near": (124, 112, 70),
             "centre": (120, 94, 66)}
BLOCKED_FILL = (70, 64, 58)
BACK_FILL = (58, 46, 36)
# parameters of the map's events that hold a seat (the log shows the player's name)
MAP_SEATS = ("of", "foe", "to")
# the bot heroes' log lines (adventure/bothero.py) speak to the one player of a solo game ("your
# town", "you win"); with several players (the co-operative game) these lines name the player
# meant instead (``owner``, ``seat``, ``player``, ``former``)
BOT_KEYS = "heroes.bot."
BOT_TEAM_KEYS = {
    "heroes.bot.place.town": "heroes.bot.team.place.town",
    "heroes.bot.hero.main": "heroes.bot.team.hero.main",
    "heroes.bot.hero.secondary": "heroes.bot.team.hero.secondary",
    "heroes.bot.hero.garrison": "heroes.bot.team.hero.garrison",
    "heroes.bot.why.town": "heroes.bot.team.why.town",
    "heroes.bot.discover": "heroes.bot.team.discover",
    "heroes.bot.flag_taken": "heroes.bot.team.flag_taken",
    "heroes.bot.yielded": "heroes.bot.team.yielded",
    "heroes.bot.attacked": "heroes.bot.team.attacked",
    "heroes.bot.at_town": "heroes.bot.team.at_town",
    "heroes.bot.result.player": "heroes.bot.team.result.player",
}
BOT_SEATS = ("former",)
BOT_BATTLES = ("heroes.bot.battle", "heroes.bot.siege")
HERO_WORDS = {"main": "heroes.mapui.log.hero.main",
              "secondary": "heroes.mapui.log.hero.secondary"}
PLACE_WORDS = {"town": "heroes.mapui.log.town", "settlement": "heroes.mapui.log.settlement"}
RESULTS = {"won": "heroes.mapui.log.won", "lost": "heroes.mapui.log.lost",
           "draw": "heroes.mapui.log.draw", "retreat": "heroes.mapui.log.retreat"}
DECKS = {"ability": "heroes.mapui.deck.ability", "spell": "heroes.mapui.deck.spell",
         "artifact": "heroes.mapui.deck.artifact"}
WORDS = {"skip": "heroes.mapui.opt.skip", "none": "heroes.mapui.opt.none",
         "done": "heroes.mapui.opt.done", "pay": "heroes.mapui.opt.pay",
         "fight": "heroes.mapui.opt.fight", "yield": "heroes.mapui.opt.yield",
         "look": "heroes.mapui.opt.look", "take": "heroes.mapui.opt.take",
         "discard": "heroes.mapui.opt.discard", "defend": "heroes.mapui.opt.defend",
         "gold": "heroes.mapui.res.gold", "materials": "heroes.mapui.res.materials",
         "valuables": "heroes.mapui.res.valuables"}
TOWN_KINDS = ("build", "recruit", "reinforce", "hire", "spellbook")
KIND_NAMES = {"start": "heroes.mapui.kind.start", "far": "heroes.mapui.kind.far",
              "near": "heroes.mapui.kind.near", "centre": "heroes.mapui.kind.centre"}
DECK_NAMES = {"ability": "heroes.mapui.deckname.ability", "spell": "heroes.mapui.deckname.spell",
              "artifact": "heroes.mapui.deckname.artifact"}
AMOUNTS = {"gold": "heroes.mapui.n_gold", "materials": "heroes.mapui.n_materials",
           "valuables": "heroes.mapui.n_valuables"}
LOG_AMOUNTS = {"gold": "heroes.mapui.log.gold", "materials": "heroes.mapui.log.materials",
               "valuables": "heroes.mapui.log.valuables"}
TOKENS = {"build": "heroes.mapui.token.build", "population": "heroes.mapui.token.population",
          "spellbook": "heroes.mapui.token.spellbook"}
SWITCH = {"main": "heroes.mapui.switch.main", "secondary": "heroes.mapui.switch.secondary"}
BONUS_LABELS = {"resource_die": "heroes.mapui.bonus.dice",
                "resource_dice_pick": "heroes.mapui.bonus.dice",
                "search_artifact": "heroes.mapui.bonus.search",
                "twice": "heroes.mapui.bonus.search_twice",
                "reveal_artifact": "heroes.mapui.bonus.reveal"}
UNIT_ACTS = {"recruit": "heroes.mapui.recruit_short",
             "reinforce": "heroes.mapui.reinforce_short"}


def is_map_session(session: Any) -> bool:
    """Returns True when a heroes session plays the map game (its view's mode is clash; the
    default for two and three players)."""
    return session.rules.view(session.state, None).get("mode") == "clash"  # type: ignore


def heroes_scene(app: App, session: Any, **kwargs: Any) -> Any:
    """Returns the heroes table for a session: the map game's or the skirmish's."""
    if is_map_session(session):
        return MapTableScene(app, session, **kwargs)
    return HeroesTableScene(app, session, **kwargs)


def _hex(v: Any) -> tuple[int, int]:
    return (int(v[0]), int(v[1]))


class HeroWalk(Animation):
    """A hero token walking field by field along its path; each move event adds a field."""

    STEP = 0.16  # seconds a field

    def __init__(self, path: list[tuple[int, int]]) -> None:
        super().__init__(self.STEP * max(1, len(path) - 1), ease=linear)
        self.path = list(path)

    def extend(self, h: tuple[int, int]) -> None:
        """Adds the next field to the walk (a walk of several moves is one animation)."""
        self.path.append(h)
        self.duration = self.STEP * (len(self.path) - 1)

    def where(self) -> tuple[float, float]:
        """Returns the walker's current field (fractional axial coordinates)."""
        if len(self.path) < 2:
            return (float(self.path[-1][0]), float(self.path[-1][1]))
        f = self.t * (len(self.path) - 1)
        i = min(len(self.path) - 2, int(f))
        k = f - i
        (aq, ar), (bq, br) = self.path[i], self.path[i + 1]
        return (aq + (bq - aq) * k, ar + (br - ar) * k)


def _tip_cut_labels(popup: Popup) -> None:
    """Gives a list's button whose label is cut ("… recruit one at i…") the whole label as
    its tooltip (the button keeps 24 px of padding)."""
    for b in popup.buttons:
        if not b.tooltip and assets.fit(b.label, b.role, b.size, b.rect.width - 24) != b.label:
            b.tooltip = b.label


def _place_of(option: str) -> tuple[int, int] | None:
    """Returns the field a choice's option names ("q,r": a haven, a portal's target), or None."""
    parts = option.split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None


TRACK_STEP = 14  # the smallest room per round on the round track (pixels)


def track_rounds(rnd: int, limit: int, room: int) -> list[int]:
    """Returns the rounds the round track shows: all of them when they fit (16 of Three
    Crowns did, but the track stopped at 14, so rounds 15 and 16 had no mark), else a window
    that keeps the current round and the next in sight."""
    n = max(1, room // TRACK_STEP)
    if limit <= n:
        return list(range(1, limit + 1))
    first = max(1, min(rnd - n + 2, limit - n + 1))
    return list(range(first, first + n))


class MapTableScene(HeroesTableScene):
    """The map game's table: the adventure map, the side panel and, in battle, the combat
    board."""

    CURTAIN_BODY = "heroes.mapui.curtain.body"

    def board_controls(self) -> list[Any]:
        """The map's side buttons and the town's besides the combat board's (tooltips keep
        clear of them)."""
        return super().board_controls() + list(getattr(self, "map_buttons", [])) + list(
            getattr(self, "town_buttons", []))

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """Adds the supply's tiles: a tooltip of one tile keeps clear of the other."""
        out = super().tooltip_avoid()
        if not self.in_battle and getattr(self, "view", None) is not None:
            out += [rect for _tid, rect in self.supply_rects()]
        return out

    def __init__(self, app: App, session: Any, *, save_path: Path | None = None,
                 autosave: bool = True, worker_factory: Any = None,
                 campaign: Any = None) -> None:
        self.map_cam = Camera(HexLayout([(0, 0)]), ZOOMS, margin_tiles=1.5)
        self.map_cam.view = MAPV.copy()
        self.map_input = CameraInput(self.map_cam)
        self.fitted = False
        # True until the player pans or zooms (Home gives it back): the map then follows the
        # board as it grows (a new tile, a place for one) and stays whole while it fits
        self.auto_view = True
        self.followed: tuple[Any, ...] | None = None
        self.fields: dict[tuple[int, int], dict[str, Any]] = {}
        self.tile_of: dict[tuple[int, int], str] = {}
        self.kind_of: dict[tuple[int, int], str] = {}
        self.slot_of: dict[tuple[int, int], tuple[int, int]] = {}
        self.hero = "main"
        self.hover_field: tuple[int, int] | None = None
        self.hover_card: int | None = None
        self.rot_pick = 0
        # the map's still picture (_map_layer): drawn again when its key changes
        self.map_version = 0
        self.layer: pygame.Surface | None = None
        self.layer_key: Any = None
        self.town: TownWindow | None = None
        self.map_buttons: list[Button] = []
        self.map_fixed: list[Button] = []  # the town's and the turn's end in their own slots
        self.map_chooser: ChoicePanel | None = None
        self.map_popup: Popup | None = None
        self.keep_rects: list[tuple[pygame.Rect, Action]] = []
        # the heroes' fields before and after the last action (a walk starts where the hero
        # stood), the number of actions they were read at, and the walks under way
        self.hero_fields: dict[tuple[int, str], tuple[int, int]] = {}
        self.fields_before: dict[tuple[int, str], tuple[int, int]] = {}
        self.fields_at = -1
        self.walks: dict[tuple[int, str], HeroWalk] = {}
        # opens the hero's cards (deck count, discard, artifacts): always there, bots' turns too
        self.cards_button: IconButton | None = None
        # the sides of the battle the log has reached while it is rebuilt (player names)
        self.log_sides: tuple[str, ...] | None = None
        self.log_foe: Any = None
        super().__init__(app, session, save_path=save_path, autosave=autosave,
                         worker_factory=worker_factory, campaign=campaign)

    # --- reading ------------------------------------------------------------------------
    @property
    def screen_kind(self) -> str:
        """Returns battle while a battle runs, else map."""
        return "battle" if "battle" in self.view else "map"

    @property
    def in_battle(self) -> bool:
        """Returns True while the map game runs a battle."""
        return "battle" in self.view

    def me(self) -> int:
        """Returns the seat whose panel is shown: the viewer's, else the current player's."""
        if self.viewer is not None and self.curtain_for is None:
            return self.viewer
        return int(self.view.get("current", 0))

    def player(self, seat: int) -> dict[str, Any]:
        """Returns a player of the view."""
        return self.view["players"][seat]  # type: ignore[no-any-return]

    def over_column(self) -> tuple[str, list[str]] | None:
        """Returns the end screen's column: per seat its flags on the locations that count at
        the round limit and its faction cubes (the outcome's scores are only win flags)."""
        standings = self.view.get("standings")
        if not standings:
            return None
        t = self.app.t
        if not self.view.get("flag_roles"):  # flags do not count here: the cubes alone
            return (t("heroes.mapui.over.column_cubes"),
                    [t("heroes.mapui.cubes", n=s["cubes"]) for s in standings])
        return (t("heroes.mapui.over.column"),
                [t("heroes.mapui.over.standing", flags=t("heroes.mapui.over.flags", n=s["flags"]),
                   cubes=t("heroes.mapui.cubes", n=s["cubes"])) for s in standings])

    def game_text(self, key: str, params: dict[str, Any] | None = None) -> str:
        """Returns a game message; the map's seat parameters are shown as player names and
        its content ids (location, building, resources, hero, deck) as words."""
        if key.startswith(BOT_KEYS):
            key, params = self._bot_line(key, params)
        if params and key.startswith(("heroes.map.", "heroes.team.")):
            self._note_battle(key, params)
            params = self._log_params(key, params)
            if key == "heroes.map.tile" and params.get("how") == "start":
                key = "heroes.mapui.log.tile_start"  # the own start tile, turned at setup
        elif params and key in NAMED_EVENTS and isinstance(params.get("side"), int) \
                and self.log_sides is not None:
            # a battle's card events name the side's player (the battle view that names its
            # hero is gone once the battle is over, and the log holds every battle)
            side = int(params["side"])
            if side < len(self.log_sides):
                params = dict(params, side=self.log_sides[side])
        return super().game_text(key, params)

    def _bot_line(self, key: str, params: dict[str, Any] | None) -> tuple[str, dict[str, Any]]:
        """Returns a bot line's key and parameters: its nested messages (a reason, a place, a
        hero) as text, a co-operative game's wording that names the players (BOT_TEAM_KEYS),
        and a battle with a bot noted as the sides of the card lines that follow."""
        params = dict(params or {})
        if key in BOT_BATTLES:
            self._note_bot_battle(params)
        if len(self.session.config.seats) > 1:
            key = BOT_TEAM_KEYS.get(key, key)
            seats = len(self.session.config.seats)
            for k in BOT_SEATS:
                v = params.get(k)
                if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < seats:
                    params[k] = self.seat_name(v)
        for k, v in params.items():
            if isinstance(v, dict) and "key" in v and set(v) <= {"key", "params"}:
                params[k] = self.game_text(str(v["key"]), v.get("params"))
        return key, params

    def _note_bot_battle(self, params: dict[str, Any]) -> None:
        """Notes the sides of a battle with a bot hero: the attacker is side 0."""
        seat = params.get("seat")
        seats = len(self.session.config.seats)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
            self.log_sides = None
            return
        bot = self.app.catalog.text(params.get("bot_name", ""))
        player = self.seat_name(seat)
        self.log_sides = (bot, player) if params.get("attacker") == "bot" else (player, bot)
        self.log_foe = None

    def _note_battle(self, key: str, params: dict[str, Any]) -> None:
        """Follows the log's battles in order: who attacks whom (``log_sides``)."""
        seats = len(self.session.config.seats)
        if key == "heroes.map.challenge":
            self.log_foe = params.get("foe")
        elif key == "heroes.map.battle":
            seat = params.get("seat")
            foe = None if params.get("kind") == "neutral" else self.log_foe
            names = []
            for who in (seat, foe):
                if isinstance(who, int) and 0 <= who < seats:
                    names.append(self.seat_name(who))
                elif params.get("kind") == "neutral":
                    names.append(self.app.t("heroes.ui.neutrals"))
            self.log_sides = tuple(names) if len(names) == 2 else None
            self.log_foe = None

    def _rebuild_log(self) -> None:
        self.log_sides, self.log_foe = None, None
        super()._rebuild_log()

    def _log_params(self, key: str, params: dict[str, Any]) -> dict[str, Any]:
        """Returns an event's parameters with the words its log line names added (the
        engine's parameters are read, never changed: ids become names only for the text)."""
        t = self.app.t
        params = dict(params)
        seats = len(self.session.config.seats)
        seat = params.get("seat")
        if params.get("deck") in DECK_NAMES:
            params["deck"] = t(DECK_NAMES[params["deck"]])
        for k in MAP_SEATS:
            v = params.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < seats:
                params[k] = self.seat_name(v)
        if params.get("hero") in HERO_WORDS:
            params["hero"] = t(HERO_WORDS[params["hero"]])
        if isinstance(params.get("res"), list):
            params["amount"] = self.amount_text(params["res"])
        for k in ("paid", "got"):  # a trade: what was given and what came
            if isinstance(params.get(k), list):
                params[k] = self.amount_text(params[k])
        if isinstance(params.get("cards"), list):
            params.setdefault("n", len(params["cards"]))
        if isinstance(params.get("faces"), list):  # the dice rolled at once
            params.setdefault("n", len(params["faces"]))
        if key == "heroes.map.astrologer" and isinstance(params.get("card"), str):
            try:
                card = query.astrologer(params["card"])
                params["name"] = art.name(self.app, card.name)
                params["text"] = art.name(self.app, card.text)
            except Exception:  # noqa: BLE001 - an unknown card: the plain words
                params["name"], params["text"] = "?", ""
        if key == "heroes.map.tile" and isinstance(params.get("tile"), str):
            params["what"] = self.tile_contents(params["tile"])
        if params.get("choice") in WORDS:
            params["choice"] = t(WORDS[params["choice"]])
        lid = params.get("location")
        if "place" in params:  # named by the rules already (a prompt's place)
            lid = False
        elif not isinstance(lid, str) and params.get("field") is not None:
            # the log is rebuilt before on_view_changed reads the fields: read the view's
            h = _hex(params["field"])
            f = self.fields.get(h) or next((x for x in self.view.get("fields", [])
                                            if _hex(x["at"]) == h), None)
            lid = f["location"] if f is not None else None
        if lid is False:
            pass
        elif lid in PLACE_WORDS:  # "the town", not "the place Town"
            params["place"] = t(PLACE_WORDS[str(lid)])
        elif isinstance(lid, str) and lid:
            params["place"] = t("heroes.mapui.log.place", name=self.loc_name(lid))
        else:
            params["place"] = t("heroes.mapui.log.a_field")
        if isinstance(params.get("building"), str) and isinstance(seat, int) and seat < seats:
            try:
                faction = self.player(seat)["faction"]
                params["building"] = art.name(self.app, query.town(faction).building(
                    params["building"]).name)
            except (KeyError, IndexError):
                params["building"] = t("heroes.mapui.log.a_building")
        foe = params.get("foe")
        if key == "heroes.map.battle" and isinstance(params.get("against"), dict) \
                and isinstance(foe, str):
            params["against"] = foe  # the defending player, by name (named above)
        if key == "heroes.map.battle_over" and isinstance(seat, int) and seat < seats:
            # ``winner`` is the winning seat (None: the neutrals, a draw or a retreat); ``side``
            # the battle's winning side (0 the attacker, 1 the defender, -1 nobody)
            winner = params.get("winner")
            if params.get("reason") == "retreat":
                params["result"] = t(RESULTS["retreat"], name=self.seat_name(seat))
            elif isinstance(winner, int) and 0 <= winner < seats:
                params["result"] = t(RESULTS["won"], name=self.seat_name(winner))
            elif params.get("side") == 1:  # the neutrals beat the attacker
                params["result"] = t(RESULTS["lost"], name=self.seat_name(seat))
            else:
                params["result"] = t(RESULTS["draw"], name=self.seat_name(seat))
        return params

    def tile_contents(self, tid: str) -> str:
        """Returns what lies on a tile as words: its locations by name ("Gold Mine, Sawmill"),
        or open ground."""
        try:
            fields = query.tile(tid).fields
        except Exception:  # noqa: BLE001 - an unknown tile: no names
            return self.app.t("heroes.mapui.empty_field")
        names = [self.loc_name(f.location) for f in fields if f.location]
        return ", ".join(names) if names else self.app.t("heroes.mapui.empty_field")

    def _hero_fields(self) -> dict[tuple[int, str], tuple[int, int]]:
        return {(int(p["seat"]), name): _hex(at) for p in self.view.get("players", [])
                for name, at in p["heroes"].items() if at is not None}

    def on_events(self, events: list[Event]) -> None:
        """Walks a moved hero along the fields of its move events (the full frame rate runs
        only while it walks); battle events go to the combat board."""
        super().on_events(events)
        if not self.in_battle:
            # the battle's last blow: its dice and damage numbers would float over the map
            self.anim.items = [x for x in self.anim.items if isinstance(x, HeroWalk)]
        for e in events:
            if e.key != "heroes.map.move":
                continue
            p = e.params
            key = (int(p["seat"]), str(p["hero"]))
            to = _hex(p["to"])
            walk = self.walks.get(key)
            if walk is not None and not walk.done:
                walk.extend(to)
            else:
                start = self.fields_before.get(key)
                # a step of one field, or two past the other own hero (an undo leaves nothing)
                if start is None or not 0 < hexgrid.distance(start, to) <= 2:
                    continue
                walk = HeroWalk([start, to])
                self.walks[key] = walk
                self.anim.add(walk)
        self.walks = {k: w for k, w in self.walks.items() if not w.done}

    def loc_name(self, lid: str) -> str:
        """Returns a location's name in the reader's language."""
        return art.name(self.app, query.location(lid).name)

    def distinct_places(self, labels: list[str],
                        fields: list[tuple[int, int] | None]) -> list[str]:
        """Returns the labels of a choice of places, each told apart from its namesakes: three
        "Settlement" buttons (where a beaten hero withdraws, where a second hero starts) read
        "Settlement, by the Mill Wheel"; a field without a named neighbour says how far it
        lies from the own town."""
        t = self.app.t
        town = (self.player(self.me()) or {}).get("town")
        out = []
        for label, h in zip(labels, fields, strict=True):
            if h is None or labels.count(label) < 2:
                out.append(label)
                continue
            near = next((self.loc_name(f["location"]) for n in sorted(hexgrid.neighbours(h))
                         if (f := self.fields.get(n)) is not None and f["location"]
                         and self.loc_name(f["location"]) != label), None)
            if near is not None:
                out.append(t("heroes.mapui.place_near", place=label, near=near))
            elif town is not None:
                out.append(t("heroes.mapui.place_far", place=label,
                             n=hexgrid.distance(h, _hex(town))))
            else:
                out.append(label)
        return out

    # --- state of the screen --------------------------------------------------------------
    def on_view_changed(self) -> None:
        self.map_version += 1  # the still map is drawn anew from this view
        if len(self.session.actions) != self.fields_at:
            self.fields_at = len(self.session.actions)
            self.fields_before, self.hero_fields = self.hero_fields, self._hero_fields()
        if self.in_battle:
            self.town = None
            self.map_chooser = None
            self.map_popup = None
            self.map_buttons = []
            self.map_fixed = []
            self.keep_rects = []
            super().on_view_changed()
            return
        if self.bv is not None:
            # back on the map from a battle: its dice and damage numbers end with it
            self.anim.items = [x for x in self.anim.items if isinstance(x, HeroWalk)]
        self.bv = None
        self.bseat = None
        self.buttons = []
        self.build_buttons = []
        self.chooser = None
        self.popup = None
        self.zones = []
        self._previews = {}
        self.legal = self.legal_actions()
        self.index = ActionIndex(self.legal, self._map_keys)
        self.map_popup = None
        self._read_map()
        reach = self.view.get("reach") or {}
        if self.hero not in reach:
            self.hero = "main" if "main" in reach or not reach else next(iter(reach))
        self._follow()
        rots = self.view.get("rotations") or []
        if rots and self.rot_pick not in rots:
            self.rot_pick = int(rots[0])
        self._build_map_chooser()
        self._build_cards_button()
        self._build_map_buttons()
        self._build_keep()
        if self.town is not None:
            # a decision of the rules (a Search, a tile to turn) comes before the town
            if self.map_chooser is not None or self.keep_rects or rots \
                    or self.curtain_for is not None:
                self.town = None
            else:
                self.town.build()

    def _read_map(self) -> None:
        v = self.view
        self.fields = {_hex(f["at"]): f for f in v["fields"]}
        self.tile_of = {h: f["tile"] for h, f in self.fields.items()}
        kinds = {t["tile"]: t["kind"] for t in v["tiles"]}
        self.kind_of = {h: kinds.get(f["tile"], "far") for h, f in self.fields.items()}
        self.slot_of = {}
        for s in v["facedown"]:
            anchor = _hex(s["at"])
            for h in hexgrid.tile_fields(anchor):
                self.slot_of[h] = anchor
        board = set(self.fields) | set(self.slot_of)
        cells = set(board)
        for a in self.index.of_kind("place"):
            cells |= set(hexgrid.tile_fields(_hex(a["at"])))
        rot = v.get("rotating")
        if rot:  # a placed tile being turned is not a field yet: its place is on the board
            cells |= set(hexgrid.tile_fields(_hex(rot["at"])))
        layout = self.map_cam.layout
        # the view is measured on the board alone: the outlines of where a supply tile may go
        # come and go without moving the map under the pointer (a click aimed at a field
        # landed on another when the map re-centred: solo window walk); only outlines the
        # view does not show make it take them in
        frame = board
        if self.fitted and any(not MAPV.collidepoint(self.map_cam.cell_centre(c))
                               for c in cells - board):
            frame = cells
        if set(layout.cells) != cells or set(layout.frame) != frame:
            grown = set(layout.frame) != frame
            self.map_cam.layout = HexLayout(cells, frame=frame)
            if not self.fitted:
                self._first_view()
                self.fitted = True
            elif self.auto_view and grown:
                self._keep_whole()
            if grown:
                self.map_cam.clamp()

    def _keep_whole(self) -> None:
        """Fits the grown or shrunk board again when it fits the frame at a readable zoom
        (the player has not moved the view)."""
        cam = self.map_cam
        zoom, offset = cam.zoom, list(cam.offset)
        cam.fit()
        left, top, right, bottom = cam.layout.bounds()
        if cam.zoom < FIT_MIN or cam.ts * (right - left) > MAPV.width \
                or cam.ts * (bottom - top) > MAPV.height:
            cam.zoom, cam.offset = zoom, offset  # too big to show whole: the view stays

    def _follow(self) -> None:
        """Keeps the led hero in sight: pans to it when it walked (or the turn passed) out of
        the view; a view the player panned stays while the hero stands still."""
        if not self.fitted or self.curtain_for is not None:
            return
        p = self.player(int(self.view.get("current", 0)))
        at = p["heroes"].get(self.hero) or p["heroes"].get("main")
        seen = (self.view.get("current"), self.hero, None if at is None else _hex(at))
        if at is None or seen == self.followed:
            return
        self.followed = seen
        x, y = self.map_cam.cell_centre(_hex(at))
        if not MAPV.inflate(-80, -80).collidepoint(int(x), int(y)):
            self.map_cam.centre_on(_hex(at))

    def _first_view(self) -> None:
        """Opens on the whole map when it fits at a readable zoom (as Home shows it); else on
        the players' start tiles, as close as shows them all; when they lie too far apart to
        read together, on the own one."""
        cam = self.map_cam
        cam.fit()
        left, top, right, bottom = cam.layout.bounds()
        if cam.zoom >= FIT_MIN and cam.ts * (right - left) <= MAPV.width \
                and cam.ts * (bottom - top) <= MAPV.height:
            return
        starts = [_hex(p["town"]) for p in self.view["players"] if p.get("town") is not None]
        if not starts:
            return
        cells = {h for town in starts for h in hexgrid.tile_fields(hexgrid.tile_anchor_of(town))}
        left, top, right, bottom = HexLayout(cells).bounds()
        zoom = 0
        for i, ts in enumerate(ZOOMS[:READABLE_MAX + 1]):
            if ts * (right - left) <= MAPV.width and ts * (bottom - top) <= MAPV.height:
                zoom = i
        if zoom >= READABLE:
            cam.set_zoom(zoom)
            cam.offset = [MAPV.width / 2 - (left + right) / 2 * cam.ts,
                          MAPV.height / 2 - (top + bottom) / 2 * cam.ts]
        else:
            p = self.player(self.me())
            at = p.get("town") or p["heroes"].get("main")
            cam.set_zoom(READABLE)
            if at is not None:
                cam.centre_on(_hex(at))
        cam.clamp()

    def lift_curtain(self) -> None:
        """The player takes the seat: the map turns to the own heroes (or town)."""
        super().lift_curtain()
        if not self.in_battle:
            self.centre_on_me()

    def centre_on_me(self) -> None:
        """Centres the map on the seated player's led hero, else the main hero, else the
        town (a map that fits whole stays centred)."""
        p = self.player(self.me())
        at = p["heroes"].get(self.hero) or p["heroes"].get("main") or p.get("town")
        if at is None:
            return
        cam = self.map_cam
        self.followed = (self.view.get("current"), self.hero, _hex(at))
        left, top, right, bottom = cam.layout.bounds()
        if cam.ts * (right - left) <= MAPV.width and cam.ts * (bottom - top) <= MAPV.height:
            # the whole map shows at this zoom: it stays centred, every hero in sight
            cam.offset = [MAPV.width / 2 - (left + right) / 2 * cam.ts,
                          MAPV.height / 2 - (top + bottom) / 2 * cam.ts]
            cam.clamp()
            return
        cam.centre_on(_hex(at))

    def curtain_words(self) -> tuple[str, str]:
        """Returns the curtain's title and why the table passes: the own turn, a town-action
        window, leading the neutral army in another player's battle, an answer in a battle,
        or a decision asked of this player."""
        t = self.app.t
        seat = self.curtain_for if self.curtain_for is not None else 0
        name = self.seat_name(seat)
        state = self.session.state
        prompt = self.game_message(self.rules.prompt(state)) if not self.session.is_over \
            else ""
        v = self.view
        battle = v.get("battle")
        if battle is not None:
            bv = battle["view"]
            mine = next((x for x in bv["sides"] if x["seat"] is not None
                         and self._host_seat(x["seat"]) == seat), None)
            other = next((x for x in bv["sides"] if x is not mine), None)
            foe = self._host_seat(other["seat"]) if other is not None \
                and other["seat"] is not None else None
            if mine is not None and mine.get("neutral"):
                return (t("heroes.mapui.curtain.neutrals", name=name),
                        t("heroes.mapui.curtain.neutrals_why", foe=self.seat_name(foe))
                        + " " + prompt)
            if (bv.get("pending") or {}).get("kind") == "respond":
                return t("heroes.mapui.curtain.respond", name=name), prompt
            return t("heroes.mapui.curtain.battle", name=name), prompt
        if v.get("step") == "town_window":
            return t("heroes.mapui.curtain.window", name=name), prompt
        if seat != v.get("current"):
            return t("heroes.mapui.curtain.asked", name=name), prompt
        team = team_ui.curtain_team(self)  # a team game: who plays beside this player
        return t("ui.curtain.title", name=name), f"{prompt} {team}".strip()

    def draw_curtain(self, surface: pygame.Surface) -> None:
        """Covers the board while the table passes, and says why it passes to this player."""
        rect = self.board_rect.inflate(-40, -40)
        surface.blit(theme.panel(rect.size, "glass"), rect)
        seat = self.curtain_for if self.curtain_for is not None else 0
        blit_centered(surface, assets.asset_icon("ui.curtain", 130, self.seat_colour(seat)),
                      (rect.centerx, rect.centery - 190))
        title, why = self.curtain_words()
        image = assets.shadowed(assets.fit(title, "title", theme.SIZE_H1, rect.width - 80),
                                "title", theme.SIZE_H1, theme.GOLD)
        blit_centered(surface, image, (rect.centerx, rect.centery - 80))
        y = rect.centery - 40
        if why:
            reason = assets.text(why, "serif", theme.SIZE_H3, theme.INK, rect.width - 200,
                                 "center")
            surface.blit(reason, reason.get_rect(midtop=(rect.centerx, y)))
            y += reason.get_height() + 14
        body = assets.text(self.app.t(self.CURTAIN_BODY), "italic", theme.SIZE_SMALL,
                           theme.INK_DIM, rect.width - 300, "center")
        surface.blit(body, body.get_rect(midtop=(rect.centerx, max(y, rect.centery + 40))))
        self.curtain_button.draw(surface)

    @staticmethod
    def _map_keys(action: Action) -> list[tuple[Any, ...]]:
        kind = action.kind
        if kind == "move":
            return [("field", action["hero"], _hex(action["to"]))]
        if kind == "discover":
            return [("slot", _hex(action["at"]))]
        if kind == "place":
            return [("anchor", _hex(action["at"]))]
        if kind == "discard":
            return [("card", action["card"])]
        return []

    # --- decisions ------------------------------------------------------------------------
    def _option_label(self, option: str) -> str:
        t = self.app.t
        if option in WORDS:
            return t(WORDS[option])
        head, _, rest = option.partition(":")
        if head == "reinforce" and rest:
            return t("heroes.mapui.opt.reinforce", unit=art.unit_name(self.app, rest))
        if head == "remove" and rest:
            return t("heroes.mapui.opt.remove", card=art.card_name(self.app, rest))
        if head == "discover":
            anchor = _hex(rest.split(","))
            kind = next((x["kind"] for x in self.view["facedown"] if _hex(x["at"]) == anchor),
                        "far")
            return t("heroes.mapui.opt.discover_kind", kind=t(KIND_NAMES.get(kind, KIND_NAMES["far"])))
        if head == "place":
            tid = rest.split(":")[0]
            try:
                return self.place_label(tid)
            except Exception:  # noqa: BLE001 - an unknown tile keeps the plain label
                return t("heroes.mapui.opt.place")
        if option.isdigit():
            return t("heroes.mapui.opt.n", n=int(option) + 1)
        if "," in option and option.replace(",", "").replace("-", "").isdigit():
            f = self.fields.get(_hex(option.split(",")))
            if f is not None and f["location"]:
                return self.loc_name(f["location"])
            return t("heroes.mapui.opt.field")
        for finder, namer in ((query.unit, art.unit_name), (query.card, art.card_name)):
            try:
                finder(option)
            except Exception:  # noqa: BLE001 - not that kind of content: try the next
                continue
            return namer(self.app, option)
        return option

    def _build_map_chooser(self) -> None:
        self.map_chooser = None
        if not self.legal:
            return
        t = self.app.t
        v = self.view
        step = v.get("step")
        options: list[tuple[str, str, Any]] = []
        tips: list[list[str] | None] = []
        lines: list[str] = []
        if v.get("choice"):
            bonus = bool(v["prompt"]) and v["prompt"]["key"] == "heroes.map.prompt.bonus"
            labels = self._bonus_labels() if bonus else []
            # the view's catalog label of each option (choice_labels, in the order of
            # choice); the table's own reading of the option string where there is none
            named = dict(zip([str(o) for o in v["choice"]], v.get("choice_labels") or [],
                             strict=False))
            for a in self.index.of_kind("choose"):
                o = str(a["option"])
                if o in named and not o.startswith("place:"):
                    label = self.game_message(named[o])
                elif bonus and o.isdigit() and int(o) < len(labels):
                    label = labels[int(o)]
                else:
                    label = self._option_label(o)
                tip = self._option_card_tip(o)
                copies = self._carry_copies(o)
                if copies > 1:
                    # the choice offers a card once however many copies the pool holds (one
                    # is as good as the other); the label says how many there are
                    label = t("heroes.mapui.copies", label=capital(label), count=copies)
                    tip = [t("heroes.mapui.copies.tip", count=copies)] + (tip or [])
                options.append((capital(label), "", self._do(a)))
                tips.append(tip)
            # places of one name (a beaten hero's havens): told apart by their neighbours
            places = [_place_of(str(a["option"])) for a in self.index.of_kind("choose")]
            if any(p is not None for p in places) and len(options) == len(places):
                texts = self.distinct_places([o[0] for o in options], places)
                options = [(text, o[1], o[2]) for text, o in zip(texts, options, strict=True)]
            if bonus:
                for text in self._bonus_lines():
                    lines += assets.wrap(text, "body", theme.SIZE_SMALL, 440)
        elif step == "search_from":
            params = (v.get("prompt") or {}).get("params", {})
            deck = str(params.get("deck", "ability"))
            top = (v.get("decks", {}).get(deck) or {}).get("discard_top")
            for a in self.index.of_kind("search"):
                where = a["from"]
                if where == "deck":
                    label = t("heroes.mapui.search.deck", n=params.get("count", 2))
                    note = ""
                elif where == "discard":
                    label = t("heroes.mapui.search.discard")
                    note = art.card_name(self.app, top) if top else ""
                else:
                    label, note = t("heroes.mapui.opt.none"), ""
                options.append((label, note, self._do(a)))
            lines.append(t(DECKS.get(deck, DECKS["ability"])))
        if not options:
            return
        title = self.game_message(v["prompt"]) if v.get("prompt") else ""
        room = MAPV.width - 24 - 60  # the panel inside the map's frame, less its margins
        if assets.size_of(title, "serif", theme.SIZE_H3)[0] > room:
            # a prompt too long for the title line is the panel's first lines instead
            lines[:0] = assets.wrap(title, "body", theme.SIZE_SMALL, room - 20)
            title = t("heroes.mapui.decide")
        width = 200 if len(options) <= 4 else 170
        # as many answers a row as fit inside the map's frame (ChoicePanel: a button is its
        # widest label + 40, 12 apart, 30 a side), at most four
        bw = max([width] + [assets.size_of(label, "bold", theme.SIZE_SMALL)[0] + 40
                            for label, _n, _a in options])
        per_row = max(1, min(4, (MAPV.width - 24 - 60 + 12) // (bw + 12)))
        # a card looked at for this decision (the hedge witch's) shows in the panel
        room = CARD_LOOK[1] + 16 if self.shown_cards() else 0
        self.map_chooser = ChoicePanel(title, lines, options, self._no_cancel,
                                       t("heroes.mapui.look_at_map"),
                                       (MAPV.centerx, MAPV.centery),
                                       button_width=width, per_row=per_row, top_room=room,
                                       tooltips=tips if any(tips) else None)
        self.map_chooser.buttons.pop()  # a decision of the rules cannot be cancelled
        self.map_chooser.rect.height -= 96

    def _carry_copies(self, option: str) -> int:
        """Returns how many copies of a card the carried-card choice's pool holds (1 outside
        that choice): the pool may hold two copies of a card, the choice offers it once."""
        prompt = self.view.get("prompt") or {}
        if prompt.get("key") != "heroes.bot.prompt.carry":
            return 1
        return max(1, list((self.view.get("solo") or {}).get("pool") or []).count(option))

    def _option_card_tip(self, option: str) -> list[str] | None:
        """Returns a card's tooltip for an option that names a card (a card to carry into
        the next scenario, to swap, to take back or to remove), else None."""
        cid = option[7:] if option.startswith("remove:") else option
        try:
            query.card(cid)
        except Exception:  # noqa: BLE001 - not a card: no tooltip
            return None
        return self._card_tip(cid)

    def shown_cards(self) -> list[str]:
        """Returns the cards the viewer looks at for a choice (not a Search's keep)."""
        if self.index.of_kind("keep"):
            return []
        return [str(c) for c in self.view.get("looking") or []]

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Returns where the choice panel shows the looked-at cards."""
        if self.map_chooser is None:
            return []
        cards = self.shown_cards()
        room = self.map_chooser.room
        w, gap = CARD_LOOK[0], 16
        left = room.centerx - (len(cards) * (w + gap) - gap) // 2
        return [(c, pygame.Rect(left + i * (w + gap), room.top + 8, *CARD_LOOK))
                for i, c in enumerate(cards)]

    def _bonus_labels(self) -> list[str]:
        """Returns a short label per start-bonus option, by its first effect."""
        t = self.app.t
        try:
            sc = query.scenario(self.view["scenario"])
            did = str(self.session.config.options.get("difficulty") or sc.difficulty)
            out = []
            for effects in query.difficulty(did).bonus:
                first = effects[0] if effects else None
                kind = first.type if first is not None else ""
                if kind == "twice":
                    out.append(t(BONUS_LABELS["twice"]))
                else:
                    out.append(t(BONUS_LABELS.get(kind, "heroes.mapui.bonus.other")))
            return out
        except Exception:  # noqa: BLE001 - no such content: numbered options
            return []

    def _bonus_lines(self) -> list[str]:
        """Returns the start bonus's text of the game's difficulty (a campaign scenario has its
        own bonus instead: the difficulty's text would name other choices)."""
        if self.view.get("solo") is not None:
            return [self.app.t("heroes.mapui.bonus_campaign")]
        try:
            sc = query.scenario(self.view["scenario"])
            did = str(self.session.config.options.get("difficulty") or sc.difficulty)
            return [art.name(self.app, query.difficulty(did).text)]
        except Exception:  # noqa: BLE001 - no such content: the generic line
            return [self.app.t("heroes.mapui.bonus_line")]

    def _no_cancel(self) -> None:
        """The chooser's cancel button is removed; a decision must be answered."""

    def _build_keep(self) -> None:
        self.keep_rects = []
        looking = self.view.get("looking") or []
        if not looking or not self.index.of_kind("keep"):
            return
        w, h, gap = 170, 238, 30
        left = MAPV.centerx - (len(looking) * (w + gap) - gap) // 2
        for i, cid in enumerate(looking):
            a = self.index.find("keep", card=cid)
            if a is not None:
                self.keep_rects.append((pygame.Rect(left + i * (w + gap), MAPV.top + 200, w, h),
                                        a))

    def _do(self, action: Action) -> Any:
        def go() -> None:
            self.map_popup = None
            self.send(action)
        return go

    def rotating(self) -> tuple[str, tuple[int, int]] | None:
        """Returns the tile being turned and its place (from the prompt and the tile's
        discovery or placement in the log; a start tile lies on the map already)."""
        rotating = self.view.get("rotating")
        if rotating:
            return str(rotating["tile"]), _hex(rotating["at"])
        rots = self.view.get("rotations") or []
        prompt = self.view.get("prompt") or {}
        if not rots or prompt.get("key") not in ("heroes.map.prompt.rotate",
                                                 "heroes.map.prompt.rotate_start"):
            return None
        tile = prompt.get("params", {}).get("tile")
        for t in self.view["tiles"]:
            if t["tile"] == tile:
                return str(tile), _hex(t["at"])
        for e in reversed(self.session.log):
            if e.key in ("heroes.map.discover", "heroes.map.place") \
                    and e.params.get("tile") == tile:
                return str(tile), _hex(e.params["at"])
        return None

    def _turn(self, step: int) -> Any:
        def go() -> None:
            rots = [int(r) for r in self.view.get("rotations") or []]
            if not rots:
                return
            i = rots.index(self.rot_pick) if self.rot_pick in rots else 0
            self.rot_pick = rots[(i + step) % len(rots)]
        return go

    # --- buttons --------------------------------------------------------------------------
    def _build_map_buttons(self) -> None:
        """Builds the side panel's buttons in stable places: the turn's end (or the window's
        pass, the town's leave) always in the bottom slot, the town always in the slot above it,
        the buttons that come and go stacked from the top, so a click meant for "End turn"
        never lands on a button that moved into its place."""
        t = self.app.t
        out: list[Button] = []
        top = SIDE.top + 114 + 72 * len(self.view["players"]) + 200
        slots = [pygame.Rect(SIDE.left + 16, top + i * 50, SIDE.width - 32, 44)
                 for i in range((SIDE.bottom - 8 - top) // 50)]
        fixed: dict[str, Button] = {}  # "end" (bottom slot), "town" (the slot above it)

        def make(rect: pygame.Rect, label: str, action: Any, style: str, icon: str | None,
                 tip: str | list[str] | None) -> Button:
            return Button(rect, label, action, style=style, icon=icon, tooltip=tip,
                          size=theme.SIZE_SMALL)

        def add(label: str, action: Any, *, style: str = "normal", icon: str | None = None,
                tip: str | list[str] | None = None, place: str | None = None) -> None:
            if place is not None and place not in fixed and len(slots) >= 2:
                rect = slots[-1] if place == "end" else slots[-2]
                fixed[place] = make(rect, label, action, style, icon, tip)
            elif len(out) < len(slots) - 2:
                out.append(make(slots[len(out)], label, action, style, icon, tip))

        if self.view.get("rotations") and self.index.of_kind("rotate"):
            half = (SIDE.width - 32 - 10) // 2
            left = Button((SIDE.left + 16, top, half, 44), t("heroes.mapui.turn_left"),
                          self._turn(-1), icon="heroes.map.rotate_left", size=theme.SIZE_SMALL,
                          hotkey=pygame.K_q)
            right = Button((SIDE.left + 26 + half, top, half, 44), t("heroes.mapui.turn_right"),
                           self._turn(1), icon="heroes.map.rotate_right", size=theme.SIZE_SMALL,
                           hotkey=pygame.K_e)
            lay = Button(slots[1], t("heroes.mapui.lay_tile"), self._lay, style="primary",
                         icon="ui.play", size=theme.SIZE_SMALL, hotkey=pygame.K_RETURN)
            self.map_buttons = [left, right, lay]
            self.map_fixed = []
            return
        kinds = {a.kind for a in self.legal}
        if len(self.view.get("reach") or {}) > 1:
            other = "secondary" if self.hero == "main" else "main"
            add(t(SWITCH[other]), self._next_hero, icon="heroes.map.secondary"
                if other == "secondary" else f"heroes.hero.{self.player(self.me())['hero']}",
                tip=t("heroes.mapui.switch.tip"))
        if "draw" in kinds:
            add(t("heroes.mapui.draw", n=self.player(self.me())["hand_limit"]),
                self._do(Action("draw")), style="primary", icon="heroes.ui.deck")
        for a in self.index.of_kind("revisit"):
            add(t("heroes.mapui.revisit") if a["hero"] == "main" else
                t("heroes.mapui.revisit2"), self._do(a), icon="heroes.map.revisit",
                tip=t("heroes.mapui.revisit.tip"))
        if self.curtain_for is None and self.player(self.me()).get("faction"):
            # the town is always there to look at; its actions when they are legal
            add(t("heroes.mapui.town"), self._open_town, icon="heroes.loc.town",
                style="primary" if any(k in kinds for k in TOWN_KINDS) else "normal",
                tip=t("heroes.mapui.town.tip"), place="town")
        plays = self.index.of_kind("play")
        if plays:
            add(t("heroes.mapui.play_card", n=len({a["card"] for a in plays})),
                self._play_popup(None), icon="heroes.ui.deck", tip=t("heroes.mapui.play_card.tip"))
        for a in self.index.of_kind("morale"):
            if a["use"] == "draw":
                add(t("heroes.mapui.morale_draw"), self._do(a), icon="heroes.map.morale")
            else:  # then the cards are picked one at a time (in the hand or the panel)
                add(t("heroes.mapui.morale_cycle"), self._do(a), icon="heroes.map.morale",
                    tip=t("heroes.mapui.morale_cycle.tip"))
        if self.index.of_kind("trade"):
            add(t("heroes.mapui.trades"), self._trade_popup, icon="heroes.loc.trading_post",
                tip=t("heroes.mapui.trades.tip"))
        if self.index.of_kind("remove"):
            add(t("heroes.mapui.remove"), self._remove_popup, icon="heroes.ui.discard")
        team_ui.add_buttons(self, add)  # gifts, asks and swaps (co-operative, alliance)
        # the bottom slot: the turn's end first (another finishing action then stacks above)
        if "end_turn" in kinds:
            add(t("heroes.mapui.end_turn"), self._do(Action("end_turn")), style="primary",
                icon="ui.play", tip=t("heroes.mapui.end_turn.tip"), place="end")
        if "pass" in kinds:
            add(t("heroes.mapui.pass"), self._do(Action("pass")), style="primary",
                tip=t("heroes.mapui.pass.tip"), place="end")
        if "leave" in kinds:
            add(t("heroes.mapui.leave"), self._do(Action("leave")), style="primary",
                place="end")
        self.map_fixed = [fixed[k] for k in ("town", "end") if k in fixed]
        self.map_buttons = out + self.map_fixed

    def _play_label(self, a: Action, with_card: bool = True) -> str:
        """Returns a map card play as a line: the card, its mode's text, the hero, the cards
        that pay its empower cost."""
        t = self.app.t
        card = query.card(a["card"])
        mode = next((m for m in card.modes if m.id == a["mode"]), None)
        text = art.name(self.app, mode.text).rstrip(".") if mode is not None else str(a["mode"])
        label = t("heroes.mapui.play_line", card=art.card_name(self.app, a["card"]),
                  mode=text) if with_card else text
        if mode is not None and mode.crown:  # it spends an expert use (a crown)
            label += " · " + t("heroes.ui.expert")
        heroes = {x["hero"] for x in self.index.of_kind("play")}
        if len(heroes) > 1:
            label += " · " + t(HERO_WORDS[str(a["hero"])])
        if a["boost"]:
            names = ", ".join(art.card_name(self.app, str(b).split("/")[0])
                              for b in a["boost"])
            label += " · " + t("heroes.mapui.play_boost", cards=names)
        return label

    def _play_popup(self, card: str | None, anchor: pygame.Rect | None = None) -> Any:
        """Returns what opens the list of map card plays (of one card, or of all)."""
        def go() -> None:
            plays = [a for a in self.index.of_kind("play") if card is None or a["card"] == card]
            if not plays:
                return
            choices = [(self._play_label(a), a) for a in plays]
            if anchor is not None:
                self.map_popup = Popup.stacked_above(
                    [(label, a, "normal") for label, a in choices], lambda a: self._do(a)(),
                    anchor, MAPV.union(HAND), max_width=MAPV.width - 16)
            else:
                self.map_popup = Popup.listing(choices, lambda a: self._do(a)(),
                                               (SIDE.right + 10, SIDE.top + 300), MAPV,
                                               max_width=MAPV.width - 40)
            _tip_cut_labels(self.map_popup)
        return go

    def _build_cards_button(self) -> None:
        box = self.hero_box()
        self.cards_button = IconButton((box.right - 46, box.top + 8, 38, 38), "heroes.ui.deck",
                                       self.open_piles, style="normal",
                                       tooltip=self.app.t("heroes.mapui.piles.tip"))

    def open_piles(self) -> None:
        """Opens the shown hero's cards: the draw pile's count, the discard pile, the
        artifacts."""
        from scenes.heroes.piles import HeroPilesScene

        seat = self.me()
        p = self.player(seat)
        # the own hand is in the view only for the viewer's seat
        hand = list(self.view.get("hand") or []) if seat == self.viewer \
            and self.curtain_for is None else []
        self.app.push(HeroPilesScene(self.app, p["hero"], p, hand, self._card_tip))

    def _lay(self) -> None:
        a = self.index.find("rotate", rotation=self.rot_pick)
        if a is not None:
            self.send(a)

    def _trade_popup(self) -> None:
        choices = [(self.trade_label(a), a) for a in self.index.of_kind("trade")]
        self.map_popup = Popup.listing(choices, lambda a: self._do(a)(),
                                       (SIDE.right + 10, SIDE.top + 300), MAPV, max_width=460)

    def trade_label(self, a: Action) -> str:
        """Returns a trade as a choice with its rate: "Trade 3 materials for 1 valuable"."""
        detail = self.preview(a).detail or {}
        if "pay" not in detail:  # a preview without the rate: the resources by name
            return self.app.t("heroes.mapui.trade", pay=self.app.t(WORDS[a["sell"]]),
                              get=self.app.t(WORDS[a["get"]]))
        return self.app.t("heroes.mapui.trade", pay=self.cost_text(detail["pay"]),
                          get=self.cost_text(detail["get"]))

    def _remove_popup(self) -> None:
        choices = [(art.card_name(self.app, a["card"]), a) for a in self.index.of_kind("remove")]
        self.map_popup = Popup.listing(choices, lambda a: self._do(a)(),
                                       (SIDE.right + 10, SIDE.top + 300), MAPV, max_width=360)

    def _open_town(self) -> None:
        if self.town is not None:
            self.close_town()
        else:
            self.town = TownWindow(self, TOWN)

    def close_town(self) -> None:
        """Closes the town window."""
        self.town = None

    @property
    def town_open(self) -> bool:
        """Returns True while the town window is open."""
        return self.town is not None

    @property
    def town_buttons(self) -> list[Any]:
        """Returns the open town window's buttons (its popup's too)."""
        if self.town is None:
            return []
        return self.town.buttons + (self.town.popup.buttons if self.town.popup else [])

    def _cost_text(self, action: Action) -> str:
        detail = self.preview(action).detail or {}
        cost = detail.get("cost") or [0, 0, 0]
        return self.cost_text(cost)

    def amount_text(self, res: Any) -> str:
        """Returns resources as a phrase of the log: "2 gold and 1 valuable"."""
        t = self.app.t
        parts = []
        for r, n in zip(RES, res, strict=False):
            if n:
                parts.append(t(LOG_AMOUNTS[r], n=n))  # "1 valuable": the catalog's .one form
        if not parts:
            return t("heroes.map.eff.nothing")
        head = ", ".join(parts[:-1])
        return t("heroes.mapui.log.and", a=head, b=parts[-1]) if head else parts[0]

    def cost_text(self, cost: Any) -> str:
        """Returns a cost as text: "5 gold, 2 materials"."""
        t = self.app.t
        parts = [t(AMOUNTS[r], n=n) for r, n in zip(RES, cost, strict=False) if n]
        return ", ".join(parts) if parts else t("heroes.mapui.free")

    # --- input ----------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.in_battle:
            return super().handle_board(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and (self.map_popup is not None or self.town is not None):
            # Esc closes an open list (a card's plays, trades, tiles), then the town window,
            # before it pauses the game
            if self.map_popup is not None:
                self.map_popup = None
            else:
                self.town = None
            return True
        if self.map_popup is not None:
            used, close = self.map_popup.handle(event)
            if close:
                self.map_popup = None
            if used:
                return True
        if self.map_chooser is not None:
            return self.map_chooser.handle(event)
        if self.cards_button is not None and self.curtain_for is None \
                and self.cards_button.handle(event):
            return True
        for button in self.map_buttons:
            if button.handle(event):
                return True
        if self.town is not None:
            return self.town.handle(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, a in self.keep_rects:
                if rect.collidepoint(event.pos):
                    self.send(a)
                    return True
            for i, rect in enumerate(self.hand_rects()):
                if rect.collidepoint(event.pos):
                    self._click_hand(i)
                    return True
        if self.keep_rects:
            return False
        zoom_ok = not HAND.collidepoint(self.app.mouse)
        before = (self.map_cam.zoom, tuple(self.map_cam.offset))
        used, click = self.map_input.handle(event, self.app.mouse, zoom_ok)
        if (self.map_cam.zoom, tuple(self.map_cam.offset)) != before:
            # the player moved the view; Home gives the map back to the table
            self.auto_view = event.type == pygame.KEYDOWN and event.key == pygame.K_HOME
        if click is not None and click[0] == 1:
            self.click_map(click[1])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._next_hero()
            return True
        return used

    def _next_hero(self) -> None:
        reach = list((self.view.get("reach") or {}).keys())
        if reach:
            i = reach.index(self.hero) if self.hero in reach else -1
            self.hero = reach[(i + 1) % len(reach)]
            self._build_map_buttons()

    def click_map(self, pos: tuple[int, int]) -> None:
        """Turns a click on the map into an action: move, discover, place; or picks a hero."""
        h = self.map_cam.cell_at(pos)
        if h is None:
            return
        direct = self.index.find("move", hero=self.hero, to=h)
        if direct is not None:
            self.send(direct)
            return
        r = self.reach_of(h)
        if r is not None:
            self.walk(self.hero, [_hex(x) for x in r["path"]] or [h])
            return
        # a step onto the other own hero's field (not in the reach) is still a move
        found = [x for x in self.index.of_kind("move") if _hex(x["to"]) == h]
        mine = [x for x in found if x["hero"] == self.hero]
        if mine:
            self.send(mine[0])
            return
        heroes = self.player(self.me())["heroes"]
        for name, at in heroes.items():
            if at is not None and _hex(at) == h and name in (self.view.get("reach") or {}) \
                    and name != self.hero:
                self.hero = name
                self._build_map_buttons()
                return
        if found:
            self.send(found[0])
            return
        anchor = self.slot_of.get(h)
        if anchor is not None:
            found = self.index.at(("slot", anchor))
            pick = [x for x in found if x["hero"] == self.hero] or found
            if pick:
                self.send(pick[0])
            return
        for x in self.index.of_kind("place"):
            if h in hexgrid.tile_fields(_hex(x["at"])):
                self._place_popup(_hex(x["at"]), pos)
                return

    def walk(self, hero: str, path: list[tuple[int, int]]) -> None:
        """Walks a hero along the view's path, one legal move a field (seed: each MP moves to
        an adjacent field and visits it); stops where a step is no longer offered: a visit's
        decision, a battle, or the end of the movement points."""
        i = 0
        while i < len(path):
            at = self.player(self.me())["heroes"].get(hero)
            if at is not None and _hex(at) == path[i]:
                i += 1
                continue
            a = self.index.find("move", hero=hero, to=path[i])
            if a is None and i + 1 < len(path):
                # the field of the other own hero is passed in one move (seed "Bewegung")
                i += 1
                a = self.index.find("move", hero=hero, to=path[i])
            if a is None or self.in_battle or not self.send(a):
                return
            i += 1

    def _place_popup(self, anchor: tuple[int, int], pos: tuple[int, int]) -> None:
        acts = self.index.at(("anchor", anchor))
        by_tile: dict[str, Action] = {}
        for a in acts:
            if a["tile"] not in by_tile or a["hero"] == self.hero:
                by_tile[a["tile"]] = a
        if len(by_tile) == 1:
            self.send(next(iter(by_tile.values())))
            return
        choices = [(self.place_label(tid), a) for tid, a in sorted(by_tile.items())]
        self.map_popup = Popup.listing(choices, lambda a: self._do(a)(), pos, MAPV,
                                       max_width=MAPV.width - 40)

    def place_label(self, tid: str) -> str:
        """Returns a tile of the supply as a choice: its number and what lies on it."""
        return self.app.t("heroes.mapui.place_tile", label=query.tile(tid).label,
                          what=self.tile_contents(tid))

    def _click_hand(self, i: int) -> None:
        hand = self.view.get("hand") or []
        if i >= len(hand):
            return
        cid = hand[i]
        a = self.index.find("discard", card=cid)
        if a is not None:
            self.send(a)
            return
        a = self.index.find("choose", option=cid)
        if a is not None:
            self.send(a)
            return
        plays = [x for x in self.index.of_kind("play") if x["card"] == cid]
        if plays:  # a card usable on the map: its plays above it
            self._play_popup(cid, self.hand_rects()[i])()

    def update_board(self, dt: float) -> None:
        if self.walks:
            self.walks = {k: w for k, w in self.walks.items() if not w.done}
        if self.in_battle:
            super().update_board(dt)
            return
        # an open window or list keeps the side's tooltips from covering it
        covered = self.town is not None or self.map_popup is not None
        for button in self.map_buttons:
            quiet(button, dt, self.app, covered)
        if self.cards_button is not None:
            quiet(self.cards_button, dt, self.app, covered)
        if self.map_popup is not None:
            self.map_popup.update(dt, self.app)
        if self.map_chooser is not None:
            self.map_chooser.update(dt, self.app)
            self.hover_field = None
            for cid, rect in self.shown_rects():
                self.hint(("shown", cid), self._card_tip(cid), rect)
            return
        if self.map_popup is not None:
            # an open list (plays, trades, tiles) is never covered by another tooltip
            self.hover_field = None
            return
        mouse = self.app.mouse
        self.hover_card = None
        for i, rect in enumerate(self.hand_rects()):
            if rect.collidepoint(mouse) and self.town is None:
                self.hover_card = i
                cid = (self.view.get("hand") or [])[i]
                if self.map_popup is None:  # a card's plays listed above it stay clear
                    self.hint(("hand", i, cid), self._card_tip(cid), rect)
        for rect, a in self.keep_rects:
            if rect.collidepoint(mouse):
                self.hint(("keep", a["card"]), self._card_tip(a["card"]), rect)
        if self.town is None:
            tiles = self.supply_rects()
            for tid, rect in tiles:
                if rect.collidepoint(mouse):
                    # anchored on both tiles: the tooltip of one covers neither (above them
                    # it would cover the side panel's buttons, right of one the other tile)
                    both = rect.unionall([r for _t, r in tiles])
                    self.app.tooltip(("supply", tid), self.supply_tip(tid), both)
        self._side_tips(mouse)
        box = self.hero_box()
        if box.collidepoint(mouse) and not (self.cards_button is not None
                                            and self.cards_button.rect.collidepoint(mouse)):
            self.app.tooltip(("hero", self.me(), len(self.session.actions)), self.hero_tip(), box)
        if self.town is not None:
            self.hover_field = None
            self.town.update(dt)
            return
        if self.keep_rects:
            self.hover_field = None
            return
        self.hover_field = self.map_cam.cell_at(mouse) if MAPV.collidepoint(mouse) and \
            not HAND.collidepoint(mouse) else None
        h = self.hover_field
        if h is not None and self.map_popup is None:  # an open list stays uncovered
            lines = self.field_tip(h)
            if lines:
                pts = self.map_cam.hex_points(h)
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                rect = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)),
                                   int(max(ys) - min(ys)))
                self.app.tooltip(("field", h, self.hero), lines, rect)

    def reach_of(self, h: tuple[int, int]) -> dict[str, Any] | None:
        """Returns the current hero's reach entry for a field (None out of reach)."""
        for r in (self.view.get("reach") or {}).get(self.hero, []):
            if _hex(r["at"]) == h:
                return r  # type: ignore[no-any-return]
        return None

    def field_tip(self, h: tuple[int, int]) -> list[str]:
        """Returns the tooltip of a field: its location and what a visit does, its guard, and
        (in reach) the MP cost and what arriving will do."""
        t = self.app.t
        f = self.fields.get(h)
        if f is None:
            anchor = self.slot_of.get(h)
            if anchor is None:
                tiles = sorted({a["tile"] for a in self.index.of_kind("place")
                                if h in hexgrid.tile_fields(_hex(a["at"]))})
                if not tiles:
                    return []
                return [t("heroes.mapui.place_here")] + [self.place_label(x) for x in tiles]
            kind = next((s["kind"] for s in self.view["facedown"]
                         if _hex(s["at"]) == anchor), "far")
            lines = [t("heroes.mapui.facedown", kind=t(KIND_NAMES.get(kind, KIND_NAMES["far"])))]
            if self.index.at(("slot", anchor)):
                lines.append(t("heroes.mapui.discover.tip"))
            return lines
        lines = []
        if f["location"]:
            loc = query.location(f["location"])
            lines.append(art.name(self.app, loc.name))
            lines.append(art.name(self.app, loc.text))
            holder = (self.view.get("expansion") or {}).get("towns", {}).get(
                f"{h[0]},{h[1]}")
            if holder:  # the expansion's random town: the faction that holds it
                lines.append(t("heroes.exp.ui.town_of",
                               name=art.name(self.app, query.faction(holder).name)))
        elif f["blocked"]:
            lines.append(t("heroes.mapui.blocked"))
        else:
            lines.append(t("heroes.mapui.empty_field"))
        if f["guard"]:
            if f["cleared"] or f["cube"] is not None:
                lines.append(t("heroes.mapui.guard_gone", n=ROMAN[f["guard"]]))
            else:
                lines.append(t("heroes.mapui.guard", n=ROMAN[f["guard"]]))
        if f["cube"] is not None and f["cube"] >= 0:
            lines.append(t("heroes.mapui.flag_of", name=self.seat_name(f["cube"])))
        elif f["cube"] == -1:
            lines.append(t("heroes.mapui.visited"))
        lines += botmarks.field_tip(self, h)
        r = self.reach_of(h)
        if r is not None:
            what = r["visit"]["kind"]
            lines.append(t("heroes.mapui.move_cost", mp=r["mp"]) + " · " +
                         t(f"heroes.map.what.{what}"))
        return lines

    # --- drawing --------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        if self.in_battle:
            super().draw_board(surface)
            return
        self.draw_map(surface)
        self.draw_side(surface)
        if self.cards_button is not None:
            self.cards_button.draw(surface)
        self.draw_hand(surface)
        for button in self.map_buttons:
            button.draw(surface)
        if self.town is not None:
            self.town.draw(surface)
        if self.keep_rects:
            self.draw_keep(surface)
        if self.map_popup is not None:
            self.map_popup.draw(surface)
        if self.map_chooser is not None:
            surface.blit(theme.shade(MAPV.size, 110), MAPV)
            self.map_chooser.draw(surface)
            for cid, rect in self.shown_rects():
                surface.blit(art.card_face(cid, rect.size, art.card_name(self.app, cid), True,
                                           self.app.catalog.lang), rect)

    def _poly(self, h: tuple[int, int], shrink: float = 1.0) -> list[tuple[float, float]]:
        """Returns the screen corners of a hex (shrunk towards its centre): its centre plus
        the corners of the hex at the origin, scaled (no trigonometry a corner)."""
        cx, cy = self.map_cam.cell_centre(h)
        k = self.map_cam.ts * shrink
        return [(cx + x * k, cy + y * k) for x, y in HEX_CORNERS]

    def _edge(self, a: tuple[int, int], b: tuple[int, int]) -> tuple[Any, Any]:
        """Returns the screen end points of the edge of hex a that faces hex b."""
        pts = self._poly(a)
        bx, by = self.map_cam.cell_centre(b)
        best = min(range(6), key=lambda k: ((pts[k][0] + pts[(k + 1) % 6][0]) / 2 - bx) ** 2
                   + ((pts[k][1] + pts[(k + 1) % 6][1]) / 2 - by) ** 2)
        return pts[best], pts[(best + 1) % 6]

    def draw_map(self, surface: pygame.Surface) -> None:
        frame = MAPV.inflate(12, 12)
        surface.blit(theme.panel(frame.size, "inset"), frame)
        prev = surface.get_clip()
        surface.set_clip(MAPV)
        surface.fill(MAP_SEA, MAPV)
        # what changes only with the view, the led hero, the tile's turn or the zoom is drawn
        # once into a layer of the whole map (docs/performance.md, "The heroes map table"):
        # a frame blits it where the camera puts it and draws what moves on top
        layer, at = self._map_layer()
        surface.blit(layer, at)
        ts = self.map_cam.ts
        for s in self.view["facedown"]:  # a face-down tile that may be discovered pulses
            anchor = _hex(s["at"])
            if self.index.at(("slot", anchor)):
                pulse = int(120 + 100 * abs(0.5 - self.phase) * 2)
                for h in hexgrid.tile_fields(anchor):
                    pygame.draw.polygon(surface, (80, pulse, 110), self._poly(h, 0.9), 2)
        self._draw_heroes(surface)
        botmarks.draw(self, surface)  # the solo campaign's bot heroes, flags and towns
        reach = {_hex(r["at"]): r for r in (self.view.get("reach") or {}).get(self.hero, [])}
        h = self.hover_field
        if h is not None and h in reach:
            path = [self.map_cam.cell_centre(_hex(p)) for p in reach[h]["path"]]
            if len(path) >= 2:
                pygame.draw.lines(surface, theme.GOLD_BRIGHT, False, path, max(3, ts // 14))
            for p in path[1:]:
                pygame.draw.circle(surface, theme.GOLD_BRIGHT, (int(p[0]), int(p[1])),
                                   max(4, ts // 12))
            pygame.draw.polygon(surface, theme.GOLD_BRIGHT, self._poly(h, 0.9), 4)
        elif h is not None and (self.slot_of.get(h) is not None
                                and self.index.at(("slot", self.slot_of[h]))):
            for x in hexgrid.tile_fields(self.slot_of[h]):
                pygame.draw.polygon(surface, theme.GOLD_BRIGHT, self._poly(x, 0.9), 3)
        surface.set_clip(prev)
        self._draw_map_legend(surface)

    def _map_layer(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """Returns the map's still picture at the camera's zoom (the whole board, drawn again
        only when the view, the led hero, the tile's turn, the zoom or the language changed)
        and the screen point of its corner."""
        cam = self.map_cam
        ts = cam.ts
        left, top, right, bottom = cam.layout.bounds()
        pad = ts  # room for badges and lines past the outer hexes
        key = (self.map_version, self.hero, self.rot_pick, ts, cam.layout.cells,
               self.app.catalog.lang)
        if self.layer_key != key or self.layer is None:
            size = (int((right - left) * ts) + 2 * pad, int((bottom - top) * ts) + 2 * pad)
            layer = self.layer if self.layer is not None and self.layer.get_size() == size \
                else pygame.Surface(size)
            layer.fill(MAP_SEA)
            shadow = Camera(cam.layout, cam.zooms, cam.zoom)
            shadow.view = layer.get_rect()
            shadow.offset = [pad - left * ts, pad - top * ts]
            self.map_cam = shadow
            try:
                self._draw_still_map(layer)
            finally:
                self.map_cam = cam
            self.layer, self.layer_key = layer, key
        x, y = cam.to_screen(left, top)
        return self.layer, (int(round(x)) - pad, int(round(y)) - pad)

    def _draw_still_map(self, surface: pygame.Surface) -> None:
        """Draws what stands still on the map: tiles, fields, locations, guards, cubes, walls,
        the led hero's reach with its costs, placements and the tile being turned."""
        ts = self.map_cam.ts
        # face-down tiles: backs with their kind
        for s in self.view["facedown"]:
            self._draw_back(surface, _hex(s["at"]), s["kind"])
        # placement targets: ghost outlines
        for a in self.index.of_kind("place"):
            for h in hexgrid.tile_fields(_hex(a["at"])):
                pygame.draw.polygon(surface, theme.LEGAL, self._poly(h, 0.92), 2)
        for h, f in self.fields.items():
            fill = BLOCKED_FILL if f["blocked"] else KIND_FILL.get(self.kind_of[h], (100, 110, 70))
            if (h[0] * 3 + h[1]) % 2:
                fill = theme.mix(fill, (0, 0, 0), 0.08)
            pygame.draw.polygon(surface, fill, self._poly(h))
            pygame.draw.polygon(surface, theme.mix(fill, (0, 0, 0), 0.35), self._poly(h), 1)
        # tile borders
        for h in self.fields:
            for n in hexgrid.neighbours(h):
                if self.tile_of.get(n) != self.tile_of[h]:
                    a, b = self._edge(h, n)
                    pygame.draw.line(surface, (30, 24, 18), a, b, max(2, ts // 18))
        rot = self.rotating()
        if rot is not None:
            self._draw_rotation(surface, rot[0], rot[1])
        reach = {_hex(r["at"]): r for r in (self.view.get("reach") or {}).get(self.hero, [])}
        for h in reach:
            pygame.draw.polygon(surface, theme.LEGAL, self._poly(h, 0.86), 3)
        for h, f in self.fields.items():
            self._draw_field(surface, h, f)
        # solid walls
        for q, r, d in self.view["walls"]:
            a = (q, r)
            for n in hexgrid.neighbours(a):
                if hexgrid.edge_key(a, n) == (q, r, d):
                    p1, p2 = self._edge(a, n)
                    pygame.draw.line(surface, (250, 214, 80), p1, p2, max(4, ts // 9))
                    pygame.draw.line(surface, (120, 86, 20), p1, p2, max(1, ts // 30))
        for h, r in reach.items():  # the MP each reachable field costs
            cx, cy = self.map_cam.cell_centre(h)
            chip = art.stat_chip("level", t_mp(r["mp"]), 12 if ts < 60 else 14, theme.INK)
            surface.blit(chip, chip.get_rect(center=(int(cx + ts * 0.24), int(cy - ts * 0.26))))

    def _draw_back(self, surface: pygame.Surface, anchor: tuple[int, int], kind: str) -> None:
        ts = self.map_cam.ts
        for h in hexgrid.tile_fields(anchor):
            pygame.draw.polygon(surface, BACK_FILL, self._poly(h))
            pygame.draw.polygon(surface, (84, 66, 48), self._poly(h, 0.8), 1)
            pygame.draw.polygon(surface, (26, 20, 16), self._poly(h), 1)
        cx, cy = self.map_cam.cell_centre(anchor)
        icon = assets.asset_icon("heroes.map.unknown", max(16, int(ts * 0.5)), theme.GOLD_DIM)
        blit_centered(surface, icon, (int(cx), int(cy - ts * 0.08)))
        label = assets.text(self.app.t(KIND_NAMES.get(kind, KIND_NAMES["far"])), "heading",
                            max(11, ts // 5), theme.GOLD)
        blit_centered(surface, label, (int(cx), int(cy + ts * 0.3)))

    def _draw_field(self, surface: pygame.Surface, h: tuple[int, int],
                    f: dict[str, Any]) -> None:
        ts = self.map_cam.ts
        cx, cy = self.map_cam.cell_centre(h)
        if f["blocked"]:
            icon = assets.asset_icon("heroes.map.blocked", int(ts * 0.55), (150, 140, 126))
            blit_centered(surface, icon, (int(cx), int(cy)))
            return
        lid = f["location"]
        gone = f["cleared"] or f["cube"] is not None
        if lid:
            size = int(ts * (0.56 if lid == "town" else 0.44))
            tint = (236, 226, 200) if not (f["cube"] == -1) else (150, 140, 120)
            ring = self.seat_colour(f["cube"]) if isinstance(f["cube"], int) and \
                f["cube"] >= 0 else None
            if ring is None and lid == "town":
                # an unflagged town belongs to the player whose start tile it stands on
                owner = next((p["seat"] for p in self.view["players"]
                              if p["town"] is not None and _hex(p["town"]) == h), None)
                ring = None if owner is None else self.seat_colour(owner)
            disc = (int(cx), int(cy - ts * 0.06))
            pygame.draw.circle(surface, (40, 32, 24), disc, size // 2 + 5)
            if ring is not None:
                pygame.draw.circle(surface, ring, disc, size // 2 + 5, max(2, ts // 20))
            blit_centered(surface, assets.asset_icon(f"heroes.loc.{lid}", size, tint), disc)
            label = self.loc_name(lid)
            # a name only where it fits whole under the icon (the tooltip always has it)
            if ts >= 64 and assets.size_of(label, "bold", theme.SIZE_TINY - 2)[0] <= ts * 0.86:
                name = assets.text(label, "bold", theme.SIZE_TINY - 2, theme.INK)
                blit_centered(surface, name, (int(cx), int(cy + ts * 0.3)))
        if f["guard"] and not gone:
            badge = pygame.Rect(0, 0, max(18, int(ts * 0.34)), max(14, int(ts * 0.22)))
            badge.center = (int(cx - ts * 0.24), int(cy - ts * 0.26))
            pygame.draw.rect(surface, (120, 30, 24), badge, border_radius=4)
            pygame.draw.rect(surface, theme.GOLD, badge, 1, border_radius=4)
            num = assets.text(ROMAN[f["guard"]], "heading", max(10, int(ts * 0.17)), theme.INK)
            blit_centered(surface, num, badge.center)
        if isinstance(f["cube"], int) and f["cube"] >= 0:
            cube = pygame.Rect(0, 0, max(9, ts // 7), max(9, ts // 7))
            cube.center = (int(cx + ts * 0.26), int(cy + ts * 0.2))
            pygame.draw.rect(surface, self.seat_colour(f["cube"]), cube, border_radius=2)
            pygame.draw.rect(surface, theme.WOOD_DEEP, cube, 1, border_radius=2)
        elif f["cube"] == -1:
            cube = pygame.Rect(0, 0, max(8, ts // 8), max(8, ts // 8))
            cube.center = (int(cx + ts * 0.26), int(cy + ts * 0.2))
            pygame.draw.rect(surface, (222, 214, 196), cube, border_radius=2)
            pygame.draw.rect(surface, theme.WOOD_DEEP, cube, 1, border_radius=2)

    def _draw_heroes(self, surface: pygame.Surface) -> None:
        ts = self.map_cam.ts
        placed: dict[tuple[int, int], int] = {}
        for p in self.view["players"]:
            if p["out"]:
                continue
            colour = self.seat_colour(p["seat"])
            for name in ("main", "secondary"):
                at = p["heroes"].get(name)
                if at is None:
                    continue
                h = _hex(at)
                k = placed.get(h, 0)
                placed[h] = k + 1
                walk = self.walks.get((int(p["seat"]), name))
                if walk is not None and not walk.done:
                    k = 0
                    cx, cy = self.map_cam.cell_centre(walk.where())
                else:
                    cx, cy = self.map_cam.cell_centre(h)
                pos = (int(cx + (k - 0.5) * ts * 0.3 if h in placed and k else cx),
                       int(cy + ts * 0.12))
                radius = int(ts * (0.2 if name == "main" else 0.15))
                pygame.draw.circle(surface, (0, 0, 0), (pos[0] + 2, pos[1] + 3), radius + 2)
                pygame.draw.circle(surface, colour, pos, radius + 2)
                pygame.draw.circle(surface, theme.WOOD_DEEP, pos, radius - 1)
                icon = f"heroes.hero.{p['hero']}" if name == "main" else "heroes.map.secondary"
                blit_centered(surface, assets.asset_icon(icon, int(radius * 1.4)), pos)
                team_ui.draw_hero_mark(self, surface, int(p["seat"]), pos, radius)
                mine = p["seat"] == self.view.get("current") and name == self.hero \
                    and bool(self.view.get("reach"))
                if mine:
                    theme_outline = theme.GOLD_BRIGHT
                    pygame.draw.circle(surface, theme_outline, pos, radius + 5, 2)

    def _draw_rotation(self, surface: pygame.Surface, tile: str, anchor: tuple[int, int]
                       ) -> None:
        ts = self.map_cam.ts
        try:
            tdef = query.tile(tile)
        except Exception:  # noqa: BLE001 - unknown tile: nothing to preview
            return
        hexes = hexgrid.tile_fields(anchor, self.rot_pick)
        fill = KIND_FILL.get(tdef.kind, (100, 110, 70))
        for i, h in enumerate(hexes):
            fd = tdef.fields[i]
            colour = BLOCKED_FILL if fd.blocked else fill
            pygame.draw.polygon(surface, colour, self._poly(h))
            pygame.draw.polygon(surface, theme.GOLD_BRIGHT, self._poly(h), 2)
            cx, cy = self.map_cam.cell_centre(h)
            if fd.location:
                blit_centered(surface, assets.asset_icon(f"heroes.loc.{fd.location}",
                                                         int(ts * 0.44), (236, 226, 200)),
                              (int(cx), int(cy - ts * 0.06)))
            if fd.guard:
                num = assets.text(fd.guard, "heading", max(10, int(ts * 0.17)), theme.RED_BRIGHT)
                blit_centered(surface, num, (int(cx - ts * 0.24), int(cy - ts * 0.26)))
            if fd.blocked:
                blit_centered(surface, assets.asset_icon("heroes.map.blocked", int(ts * 0.5),
                                                         (150, 140, 126)), (int(cx), int(cy)))
        for a, b in tdef.walls:
            p1, p2 = self._edge(hexes[a], hexes[b])
            pygame.draw.line(surface, (250, 214, 80), p1, p2, max(4, ts // 9))

    def _draw_map_legend(self, surface: pygame.Surface) -> None:
        """The zoom hint under the map's top edge."""
        t = self.app.t
        hint = assets.text(t("heroes.mapui.map_hint"), "italic", theme.SIZE_TINY,
                           theme.INK_DIM)
        box = pygame.Rect(0, 0, hint.get_width() + 20, hint.get_height() + 8)
        box.topright = (MAPV.right - 8, MAPV.top + 8)
        surface.blit(theme.shade(box.size, 150), box)
        surface.blit(hint, (box.left + 10, box.top + 4))

    # side panel ---------------------------------------------------------------------------
    def draw_side(self, surface: pygame.Surface) -> None:
        surface.blit(theme.panel(SIDE.size, "wood"), SIDE)
        self._draw_round_track(surface, pygame.Rect(SIDE.left + 14, SIDE.top + 12,
                                                    SIDE.width - 28, 92))
        y = SIDE.top + 114
        for p in self.view["players"]:
            self._draw_player_row(surface, p, pygame.Rect(SIDE.left + 14, y, SIDE.width - 28,
                                                          66))
            y += 72
        self._draw_hero_box(surface, self.hero_box())
        if botmarks.has_bots(self.view):  # the solo campaign's goal and bot heroes
            box = self.hero_box()
            fixed = self.map_fixed
            top = max([box.bottom] + [b.rect.bottom for b in self.map_buttons
                                      if b not in fixed]) + 10
            bottom = min([SIDE.bottom - 2] + [b.rect.top for b in fixed]) - 10
            botmarks.draw_side(self, surface, pygame.Rect(box.left, top, box.width,
                                                          bottom - top))

    def _side_tips(self, mouse: tuple[int, int]) -> None:
        """Asks for the side panel's tooltips: the round track and the players' rows."""
        t = self.app.t
        v = self.view
        track = pygame.Rect(SIDE.left + 14, SIDE.top + 12, SIDE.width - 28, 92)
        if track.collidepoint(mouse):
            rnd = int(v["round"])
            title = t("heroes.mapui.round_of", round=rnd, max=v["max_rounds"]) \
                if v.get("max_rounds") else t("heroes.mapui.round", round=rnd)
            lines = [title, t("heroes.mapui.track.tip")]
            if v.get("astrologer"):
                try:
                    card = query.astrologer(v["astrologer"])
                    lines += [t("heroes.mapui.sign", name=art.name(self.app, card.name)),
                              art.name(self.app, card.text)]
                except Exception:  # noqa: BLE001 - an unknown card shows no sign
                    pass
            lines += self._event_lines()
            self.app.tooltip(("rounds", rnd, v.get("astrologer")), lines, track)
        for n, p in enumerate(v["players"]):
            row = pygame.Rect(SIDE.left + 14, SIDE.top + 114 + 72 * n, SIDE.width - 28, 66)
            if not row.collidepoint(mouse):
                continue
            lines = [self.seat_name(p["seat"]) + " · " + art.name(
                self.app, query.faction(p["faction"]).name)]
            for i, r in enumerate(RES):
                lines.append(t("heroes.mapui.res_line", res=t(WORDS[r]), n=p["resources"][i],
                               inc=p["income"][i]))
            self.app.tooltip(("player", p["seat"], tuple(p["resources"])), lines, row)

    def _round_event(self) -> Any:
        """Returns this resource round's event card (the expansion's events), or None."""
        event = (self.view.get("expansion") or {}).get("event") or {}
        if not event.get("card") or not self.view.get("income_round"):
            return None
        try:
            return query.event(event["card"])
        except Exception:  # noqa: BLE001 - an unknown card: nothing shown
            return None

    def _event_lines(self) -> list[str]:
        """Returns the round track tooltip's lines of this round's event: name, who drew it,
        its story and its effect."""
        card = self._round_event()
        if card is None:
            return []
        drawer = int(self.view["expansion"]["event"]["drawer"])
        return [self.app.t("heroes.exp.ui.event_by", name=art.name(self.app, card.name),
                           seat=self.seat_name(drawer)),
                art.name(self.app, card.story), art.name(self.app, card.text)]

    def hero_box(self) -> pygame.Rect:
        """Returns the side panel's box of the viewer's hero (under the players)."""
        top = SIDE.top + 114 + 72 * len(self.view["players"]) + 4
        return pygame.Rect(SIDE.left + 14, top, SIDE.width - 28, 182)

    def hero_tip(self) -> list[str]:
        """Returns the hero box's tooltip: units, the discard pile, the supply of tiles."""
        t = self.app.t
        p = self.player(self.me())
        lines = [art.hero_name(self.app, p["hero"])]
        units = ", ".join(art.unit_name(self.app, u) for u, _pack in p["units"])
        lines.append(t("heroes.mapui.units", units=units or "—"))
        discard = ", ".join(art.card_name(self.app, c) for c in p["discard"])
        lines.append(t("heroes.mapui.discard_pile", cards=discard or "—"))
        return lines

    def _draw_round_track(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.app.t
        v = self.view
        surface.blit(theme.panel(rect.size, "inset"), rect)
        rnd = int(v["round"])
        limit = int(v.get("max_rounds") or max(12, rnd))
        title = t("heroes.mapui.round_of", round=rnd, max=limit) if v.get("max_rounds") \
            else t("heroes.mapui.round", round=rnd)
        image = assets.text(assets.fit(title, "heading", theme.SIZE_SMALL, rect.width - 24),
                            "heading", theme.SIZE_SMALL, theme.GOLD)
        surface.blit(image, (rect.left + 12, rect.top + 8))
        rounds = track_rounds(rnd, limit, rect.width - 24)
        step = (rect.width - 24) / len(rounds)
        for i, r in enumerate(rounds):
            c = (int(rect.left + 12 + step * (i + 0.5)), rect.top + 56)
            current = r == rnd
            colour = theme.GOLD_BRIGHT if current else (theme.INK_DIM if r < rnd
                                                        else theme.INK_FAINT)
            pygame.draw.circle(surface, theme.WOOD_DEEP, c, int(step * 0.42))
            pygame.draw.circle(surface, colour, c, int(step * 0.42), 2 if not current else 3)
            icon = "heroes.ui.gold" if r % 2 == 1 and r >= 3 else (
                "heroes.map.astrologer" if r % 2 == 0 else None)
            if icon is not None:
                blit_centered(surface, assets.asset_icon(icon, int(step * 0.5),
                                                         colour if r != rnd else None), c)
            else:
                num = assets.text(str(r), "bold", theme.SIZE_TINY, colour)
                blit_centered(surface, num, c)
        note = t("heroes.mapui.income_round") if v.get("income_round") else (
            t("heroes.mapui.astro_round") if v.get("astrologer_round") else "")
        if v.get("astrologer_round") and v.get("astrologer"):
            try:  # the sign of this round, by name (its text in the tooltip)
                note = t("heroes.mapui.sign", name=art.name(
                    self.app, query.astrologer(v["astrologer"]).name))
            except Exception:  # noqa: BLE001 - an unknown card: the plain note
                pass
        event = self._round_event()
        if event is not None:  # the expansion's event of this resource round
            note = t("heroes.exp.ui.event", name=art.name(self.app, event.name))
        if note:
            image = assets.text(assets.fit(note, "italic", theme.SIZE_TINY, rect.width - 24),
                                "italic", theme.SIZE_TINY, theme.INK_DIM)
            surface.blit(image, (rect.left + 12, rect.bottom - image.get_height() - 4))


    def _draw_player_row(self, surface: pygame.Surface, p: dict[str, Any],
                         rect: pygame.Rect) -> None:
        t = self.app.t
        seat = int(p["seat"])
        current = seat == self.view.get("current")
        surface.blit(theme.panel(rect.size, "inset"), rect)
        colour = self.seat_colour(seat)
        if current:
            pygame.draw.rect(surface, colour, rect.inflate(-2, -2), 3, border_radius=8)
        disc = (rect.left + 28, rect.top + 33)
        pygame.draw.circle(surface, theme.WOOD_DEEP, disc, 21)
        pygame.draw.circle(surface, colour, disc, 21, 3)
        blit_centered(surface, assets.asset_icon(f"heroes.faction.{p['faction']}", 26), disc)
        name = self.seat_name(seat)
        if p["out"]:
            name = t("heroes.mapui.out", name=name)
        image = assets.text(assets.fit(name, "heading", theme.SIZE_SMALL, rect.width - 170),
                            "heading", theme.SIZE_SMALL, theme.GOLD if current else theme.INK)
        surface.blit(image, (rect.left + 58, rect.top + 6))
        cubes = len(p["cubes"])
        right = rect.right - 10
        if cubes:
            c = assets.text(t("heroes.mapui.cubes", n=cubes), "bold", theme.SIZE_TINY,
                            theme.INK_DIM)
            surface.blit(c, (rect.right - c.get_width() - 10, rect.top + 8))
            right -= c.get_width() + 8
        team_ui.draw_row_mark(self, surface, seat, rect, right)  # a team game's team
        x = rect.left + 58
        for i, r in enumerate(RES):
            icon = assets.asset_icon(RES_ICONS[r], 18)
            surface.blit(icon, (x, rect.top + 38))
            value = f"{p['resources'][i]}"
            inc = p["income"][i]
            image = assets.text(value, "bold", theme.SIZE_SMALL, theme.INK)
            surface.blit(image, (x + 21, rect.top + 36))
            plus = assets.text(f"+{inc}", "body", theme.SIZE_TINY, theme.GREEN_BRIGHT)
            surface.blit(plus, (x + 24 + image.get_width(), rect.top + 39))
            x += 90


    def _draw_hero_box(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.app.t
        seat = self.me()
        p = self.player(seat)
        surface.blit(theme.panel(rect.size, "inset"), rect)
        colour = self.seat_colour(seat)
        disc = (rect.left + 38, rect.top + 40)
        pygame.draw.circle(surface, theme.WOOD_DEEP, disc, 30)
        pygame.draw.circle(surface, colour, disc, 30, 3)
        blit_centered(surface, assets.asset_icon(f"heroes.hero.{p['hero']}", 38), disc)
        name = assets.text(assets.fit(art.hero_name(self.app, p["hero"]), "heading",
                                      theme.SIZE_H3, rect.width - 136), "heading", theme.SIZE_H3,
                           theme.GOLD)
        surface.blit(name, (rect.left + 80, rect.top + 10))
        line = t("heroes.mapui.level_line", level=p["level"], xp=p["xp"])
        image = assets.text(assets.fit(line, "body", theme.SIZE_SMALL, rect.width - 90), "body",
                            theme.SIZE_SMALL, theme.INK_DIM)
        surface.blit(image, (rect.left + 80, rect.top + 44))
        # the level track: seven pips
        for i in range(7):
            c = (rect.left + 84 + i * 24, rect.top + 80)
            filled = i < p["level"]
            pygame.draw.circle(surface, theme.GOLD if filled else theme.WOOD_DEEP, c, 8)
            pygame.draw.circle(surface, theme.GOLD_DIM, c, 8, 1)
        rows = []
        mp = p["mp"]
        mp_text = t("heroes.mapui.mp_main", n=mp.get("main", 0))
        if p["heroes"].get("secondary") is not None:
            mp_text += " · " + t("heroes.mapui.mp_second", n=mp.get("secondary", 0))
        rows.append(("heroes.map.mp", mp_text))
        morale = p["morale"]
        rows.append(("heroes.map.morale", t("heroes.mapui.morale_good") if morale > 0 else (
            t("heroes.mapui.morale_bad") if morale < 0 else t("heroes.mapui.morale_none"))))
        rows.append(("heroes.ui.deck", t("heroes.mapui.hand_line", hand=p["hand_count"],
                                         limit=p["hand_limit"], deck=p["deck_count"])))
        y = rect.top + 100
        for icon, text in rows:
            surface.blit(assets.asset_icon(icon, 20), (rect.left + 16, y))
            image = assets.text(assets.fit(text, "body", theme.SIZE_SMALL, rect.width - 56),
                                "body", theme.SIZE_SMALL, theme.INK)
            surface.blit(image, (rect.left + 44, y))
            y += 26

    def _playable(self, cid: str) -> bool:
        """Returns True when a card of the hand can be played on the map now."""
        return any(a["card"] == cid for a in self.index.of_kind("play"))

    def supply_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Returns the tiles of the viewer's supply and where the hand strip shows them."""
        supply = self.view.get("supply") or []
        return [(str(tid), pygame.Rect(HAND.left + 12 + i * 76, HAND.top + 62, 72, 70))
                for i, tid in enumerate(supply[:2])]

    def supply_tip(self, tid: str) -> list[str]:
        """Returns a supply tile's tooltip: its number and kind, its fields, where it goes."""
        t = self.app.t
        tdef = query.tile(tid)
        lines = [t("heroes.mapui.supply_tile", label=tdef.label,
                   kind=t(KIND_NAMES.get(tdef.kind, KIND_NAMES["far"])))]
        for f in tdef.fields:
            if f.location:
                guard = f" ({t('heroes.mapui.guard_short', n=f.guard)})" if f.guard else ""
                lines.append("• " + self.loc_name(f.location) + guard)
        lines.append(t("heroes.mapui.supply.tip"))
        return lines

    def hand_rects(self) -> list[pygame.Rect]:
        """Returns where the hand's cards lie in the strip under the map."""
        hand = self.view.get("hand") or []
        if self.in_battle or not hand:
            return []
        n = len(hand)
        step = min(CARD[0] + 10, (HAND.width - 200 - CARD[0]) // max(1, n - 1) if n > 1 else 0)
        return [pygame.Rect(HAND.left + 180 + i * step, HAND.top + 8, *CARD) for i in range(n)]

    def draw_hand(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.panel(HAND.size, "wood"), HAND)
        seat = self.me()
        p = self.player(seat)
        title = assets.text(assets.fit(t("heroes.mapui.hand", n=p["hand_count"]), "heading",
                                       theme.SIZE_SMALL, 150), "heading", theme.SIZE_SMALL,
                            theme.GOLD)
        surface.blit(title, (HAND.left + 16, HAND.top + 14))
        supply = self.view.get("supply") or []
        sub = assets.text(assets.fit(t("heroes.mapui.supply", n=len(supply)), "body",
                                     theme.SIZE_TINY, 150), "body", theme.SIZE_TINY,
                          theme.INK_DIM)
        surface.blit(sub, (HAND.left + 16, HAND.top + 42))
        for tid, rect in self.supply_rects():
            surface.blit(tile_mini(tid, rect.width), rect)
        if self.index.of_kind("discard"):
            note = assets.text(assets.fit(t("heroes.mapui.discard_hint"), "italic",
                                          theme.SIZE_TINY, 150), "italic", theme.SIZE_TINY,
                               theme.GOLD)
            surface.blit(note, (HAND.left + 16, HAND.bottom - 22))
        hand = self.view.get("hand") or []
        for i, rect in enumerate(self.hand_rects()):
            cid = hand[i]
            lift = -8 if self.hover_card == i else 0
            face = art.card_face(cid, rect.size, art.card_name(self.app, cid), True,
                                 self.app.catalog.lang)
            surface.blit(face, rect.move(0, lift))
            if self.index.find("discard", card=cid) or self.index.find("choose", option=cid) \
                    or self._playable(cid):
                self.highlight(surface, rect.move(0, lift))

    def draw_keep(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(theme.shade(MAPV.size, 150), MAPV)
        title = assets.shadowed(t("heroes.mapui.keep_title"), "heading", theme.SIZE_H2,
                                theme.GOLD)
        blit_centered(surface, title, (MAPV.centerx, MAPV.top + 140))
        for rect, a in self.keep_rects:
            cid = a["card"]
            hovered = rect.collidepoint(self.app.mouse)
            r = rect.move(0, -8 if hovered else 0)
            surface.blit(art.card_face(cid, r.size, art.card_name(self.app, cid), True,
                                       self.app.catalog.lang), r)
            if hovered:
                self.highlight(surface, r)
            text = assets.text(self._mode_text(cid), "body", theme.SIZE_SMALL, theme.INK,
                               rect.width + 30, "center")
            surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + 12)))


@lru_cache(maxsize=32)
def tile_mini(tid: str, width: int) -> pygame.Surface:
    """Returns a small picture of a tile: its seven fields tinted by kind, location icons,
    guards as red dots, blocked fields dark, walls yellow (the supply in the hand strip)."""
    surf = pygame.Surface((width, width), pygame.SRCALPHA)
    try:
        tdef = query.tile(tid)
    except Exception:  # noqa: BLE001 - an unknown tile: a blank picture
        return surf
    local = hexgrid.tile_fields((0, 0))
    size = width / 5.4  # a hex's corner radius: the tile is about 5 radii wide
    centres = [hexgrid.hex_to_pixel(h, size, True, (width / 2, width / 2)) for h in local]
    fill = KIND_FILL.get(tdef.kind, (100, 110, 70))
    for i, (cx, cy) in enumerate(centres):
        fd = tdef.fields[i]
        pts = hexgrid.hex_corners((0, 0), size, True, (cx, cy))
        pygame.draw.polygon(surf, BLOCKED_FILL if fd.blocked else fill, pts)
        pygame.draw.polygon(surf, (30, 24, 18), pts, 1)
        if fd.location:
            icon = assets.asset_icon(f"heroes.loc.{fd.location}", int(size * 1.2),
                                     (236, 226, 200))
            surf.blit(icon, icon.get_rect(center=(int(cx), int(cy))))
        if fd.guard:
            pygame.draw.circle(surf, (170, 40, 30), (int(cx - size * 0.55),
                                                     int(cy - size * 0.5)), max(2, int(size / 4)))
    for a, b in tdef.walls:
        (ax, ay), (bx, by) = centres[a], centres[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = (by - ay) * 0.29, -(bx - ax) * 0.29  # half the shared edge, across the centres
        pygame.draw.line(surf, (250, 214, 80), (mx - dx, my - dy), (mx + dx, my + dy), 2)
    return surf


def capital(text: str) -> str:
    """Returns a label with a capital first letter ("roll 2 resource dice" as a button)."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def quiet(widget: Any, dt: float, app: App, silent: bool) -> None:
    """Updates a widget's hover; without its tooltip while ``silent`` (a window is open)."""
    tip = widget.tooltip
    if silent:
        widget.tooltip = None
    try:
        widget.update(dt, app)
    finally:
        widget.tooltip = tip


def t_mp(n: int) -> str:
    """Returns an MP cost as shown on a reachable field."""
    return f"{n}"
