"""The crawl rules (seed 004): set-up, turns and activations, chests and traps, the end."""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations
from typing import Any

from engine.core.actions import Action, Breakdown, Event, Message, Term
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import GameConfig, GameRules, OptionDef, Outcome
from engine.core.rng import Rng
from engine.core.squaregrid import Square, edge_key, facing_towards
from engine.rules.crawl import combat, defs, effects, floors, names  # noqa: F401  (registers kinds)
from engine.rules.crawl.board import HALTING, Board
from engine.rules.crawl.core import (
    board_of,
    chest_front,
    closed_door_edges,
    content,
    distance,
    fdef,
    front_squares,
    has_lof,
    heroes_of,
    in_front_arc,
    is_demoralized,
    is_enemy,
    may_attack,
    occupancy,
    opponent,
    touching,
    traits,
    trap_of,
    treasure_of,
    value,
)
from engine.rules.crawl.legal import allows
from engine.rules.crawl.movement import (
    MarkerCheck,
    Reach,
    figure_reach,
    marker_reach,
    must_break_away,
)
from engine.rules.crawl.preview import CrawlPreviews, refusal, strike_refusal
from engine.rules.crawl.state import Chest, CrawlState, Figure, Marker, Player

BUILDER = "builder"  # the board option that builds the dungeon from sections during set-up
# The campaign of every floor inside one state, as saves made before the campaign layer hold
# it: accepted when they load, never offered (new campaigns are floors.CrawlFloors).
SOLITAIRE = (("players", (1,)),)
OLD_CAMPAIGN = OptionDef("campaign", "", False, choices=(False, True))
# The options read the boards and pools from the content (one list per loaded content).
_OPTIONS: list[Any] = []
TEAM_POINTS = 100
SOLO_SECTIONS = 10  # seed 004, solitaire: "9 bis 12 Sektionen"
ATTACK_MP, LOOT_MP, FAST_MP, SLOW_MP, BREAK_MP, OPEN_MP, CLOSE_MP = 4, 2, 3, 6, 2, 2, 1
MARKER_MP = 4
STEAL_MP, STEAL_DEFENCE = 4, 2
DOOR_DEFENCE = {"wood": 10, "iron": 15}
# Actions built once (the hot paths build actions directly with pre-sorted parameters).
END_ACTIVATION = Action.make("end_activation")
END_TURN = Action.make("end_turn")
FACE = tuple(Action.make("face", facing=k) for k in range(8))
# Turning to any facing but the current one.
FACE_OTHER = tuple(tuple(a for k, a in enumerate(FACE) if k != now) for now in range(8))
_MOVES: dict[Square, Action] = {}


def move_action(sq: Square) -> Action:
    """Returns the (shared, immutable) action of moving to sq."""
    a = _MOVES.get(sq)
    if a is None:
        a = _MOVES[sq] = Action("move", (("to", sq),))
    return a


_ACTIONS: dict[tuple[str, Any, Any], Action] = {}


def _cached_action(kind: str, k1: str, v1: Any, k2: str, v2: Any) -> Action:
    """Returns the (shared, immutable) action ``kind(k1=v1, k2=v2)`` (keys in sorted order)."""
    key = (kind, v1, v2)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 65536:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(kind, ((k1, v1), (k2, v2)))
    return a


def move_actions(reach: Reach) -> list[Action]:
    """Returns the moves to every destination of a reach map but its start, sorted by square;
    kept with the (memoized) map."""
    derived = reach.derived
    moves = derived.get("moves")
    if moves is None:
        dests = reach.sorted_destinations()
        try:
            # Every square's move is made once per process: after the first games the
            # look-ups run without a Python loop.
            moves = list(map(_MOVES.__getitem__, dests))
        except KeyError:
            moves = [move_action(sq) for sq in dests]
        derived["moves"] = moves
    return moves
BREAK_AWAY = Action.make("break_away")
LEAVE = Action.make("leave")


def _sq(value: Any) -> Square:
    # The two coordinates are tested one by one (no generator: every applied move reads one).
    if (not isinstance(value, tuple | list) or len(value) != 2
            or not isinstance(value[0], int) or isinstance(value[0], bool)
            or not isinstance(value[1], int) or isinstance(value[1], bool)):
        raise MalformedAction(f"a square must be [x, y], not {value!r}")
    return (value[0], value[1])


class CrawlRules(CrawlPreviews, GameRules[CrawlState]):
    """Seed 004: the dial-based dungeon skirmish on a square grid."""

    game_id = "crawl"
    rules_version = "1"
    min_players = 1
    max_players = 4
    @property
    def options(self) -> tuple[OptionDef, ...]:  # type: ignore[override]
        """Returns the set-up options; boards and spawn pools are the ones the content defines."""
        c = content()
        if _OPTIONS and _OPTIONS[0] is c:
            return _OPTIONS[1]
        boards = [b for b in c.all("board") if b.kind == "board"]
        pools = list(c.all("pool"))
        opts = (
            OptionDef("board", "crawl.option.board", "crypt_hall",
                      choices=(*(b.id for b in boards), BUILDER),
                      choice_labels=(*(b.name for b in boards), "crawl.board.builder")),
            OptionDef("mode", "crawl.option.mode", "lone_wolf", choices=("lone_wolf", "team"),
                      choice_labels=("crawl.mode.lone_wolf", "crawl.mode.team")),
            OptionDef("pool", "crawl.option.pool", "classic", choices=tuple(p.id for p in pools),
                      choice_labels=tuple(p.name for p in pools)),
            OptionDef("turn_limit", "crawl.option.turn_limit", 30, minimum=5, maximum=200),
            OptionDef("hero_vs_hero", "crawl.option.hero_vs_hero", False, choices=(False, True),
                      variant=True, when=(("players", (2, 3, 4)),)),
            OptionDef("pieces", "crawl.option.pieces", False, choices=(False, True), variant=True),
            # the solitaire variants matter only with one player (seed 004, "Solitärspiel")
            OptionDef("survival", "crawl.option.survival", False, choices=(False, True),
                      variant=True, when=SOLITAIRE),
            # seed 004, "Erweiterte Kampagne": one game per floor on the campaign layer
            # (floors.CrawlFloors); the set-up screen starts it as that campaign.
            OptionDef("floors", "crawl.option.campaign", False, choices=(False, True),
                      variant=True, when=SOLITAIRE),
        )
        _OPTIONS[:] = [c, opts]
        return opts

    # --- set-up -------------------------------------------------------------------------
    # The campaign on the campaign layer (floors.py): what a floor hands to the next.
    carry_schema = floors.CARRY_SCHEMA

    def check_config(self, config: GameConfig) -> None:
        """Raises MalformedAction for a bad seat count or option, or a carry that cannot be
        played; accepts the old in-state campaign option of saves made before."""
        legacy = config.options.get(OLD_CAMPAIGN.id)
        if OLD_CAMPAIGN.id in config.options:
            OLD_CAMPAIGN.check(legacy)
            if legacy and (config.options.get("floors") or config.carry is not None):
                raise MalformedAction("the old in-state campaign is no campaign floor")
            config = GameConfig(config.seats, {k: v for k, v in config.options.items()
                                               if k != OLD_CAMPAIGN.id}, config.carry)
        super().check_config(config)
        if config.carry is not None:
            if not self.option(config, "floors"):
                raise MalformedAction("carry: a carried floor is a game of the campaign "
                                      "(option floors)")
            floors.check_carry(config.carry, config.players)

    def carry_out(self, state: CrawlState) -> dict[str, Any]:
        """Returns what a finished floor hands to the next floor of the campaign."""
        return floors.carry_out(state)

    def carry_lines(self, carry: dict[str, Any]) -> list[Message]:
        """Returns what the campaign carries into the next floor, one line each."""
        return floors.carry_lines(carry)

    def new_game(self, config: GameConfig, seed: int) -> CrawlState:
        """Returns a game in its first set-up step (choosing heroes)."""
        self.check_config(config)
        c = content()
        s = CrawlState(Rng(seed))
        s.nplayers = config.players
        s.mode = "solitaire" if config.players == 1 else self.option(config, "mode")
        s.board = self.option(config, "board")
        # "builder": the dungeon is built from the builder sections during the set-up.
        s.map = "builder" if s.board == "builder" else c.get("board", s.board).map
        s.turn_limit = self.option(config, "turn_limit")
        s.hero_vs_hero = bool(self.option(config, "hero_vs_hero")) or s.mode == "team"
        s.players = [Player() for _ in range(config.players)]
        s.doors = ["closed"] * len(board_of(s).doors)
        for did in c.get("pool", self.option(config, "pool")).spawns:
            s.figures.append(Figure(s.next_uid, did, False))
            s.next_uid += 1
        kinds = [ch.id for ch in c.all("chest")]
        if s.mode == "solitaire":
            from engine.rules.crawl import solo
            if config.carry is not None:
                # A later floor of the campaign: the carried team in a new dungeon.
                floors.set_up_floor(s, config.carry, bool(self.option(config, "survival")))
                return s
            if s.board == "builder":
                from engine.rules.crawl import builder
                builder.auto_build(s, SOLO_SECTIONS)
                s.doors = ["closed"] * len(board_of(s).doors)
            solo.setup(s)
            s.supply["survival"] = bool(self.option(config, "survival"))
            if config.options.get(OLD_CAMPAIGN.id):
                # The old in-state campaign: only saves made before start it.
                s.supply.update(campaign=True, floor=1, floor_chests=[])
            elif self.option(config, "floors"):
                s.supply.update(campaign=True, floor=1, floor_chests=[], floor_game=True)
            return s
        s.supply = {"chests": [], "markers": []}
        count = config.players if s.mode == "lone_wolf" else 2 * config.players
        for _ in range(count):
            s.supply["chests"].append(s.rng.choice(kinds))
        ranks = ["weak", "standard"] * (3 * config.players // 2) + ["weak"] * (
            3 * config.players % 2)
        s.supply["markers"] = sorted(ranks)
        if self.option(config, "pieces"):
            # seed 004, "Gelände und Türen aufstellen": a pool of terrain markers and doors.
            s.supply["pieces"] = [p.id for p in c.all("piece")]
        s.phase = "pick"
        s.current = 0
        s.setup = {"picks": [0] * config.players, "done": [False] * config.players}
        return s

    # --- protocol: turn structure -------------------------------------------------------
    def current_actor(self, state: CrawlState) -> int | None:
        """Returns the seat to act (the placer during a spawn placement)."""
        if state.over:
            return None
        if state.pending is not None:
            return int(state.pending["seat"])
        return state.current

    def progress(self, state: CrawlState) -> Message:
        """Returns the round the table shows (never past the limit the last round reaches)."""
        shown = min(state.round, state.turn_limit) if state.turn_limit else state.round
        return Message("crawl.ui.round", {"round": shown, "limit": state.turn_limit})

    def turn_number(self, state: CrawlState) -> int:
        """Returns the number of finished turns."""
        return state.turn

    def is_over(self, state: CrawlState) -> bool:
        """Returns True when the game has ended."""
        return state.over

    def outcome(self, state: CrawlState) -> Outcome | None:
        """Returns the winners by gold (seed 004, "Spielende")."""
        if not state.over:
            return None
        if state.mode == "solitaire":
            from engine.rules.crawl import solo
            return solo.outcome(state)
        scores = tuple(float(gold(state, p)) for p in range(state.nplayers))
        best = max(scores)
        winners = tuple(p for p, g in enumerate(scores) if g == best)
        return Outcome(winners, scores, Message("crawl.end." + state.reason))

    def validate(self, state: CrawlState, action: Action) -> None:
        """Raises IllegalAction naming the rule; checks the given action itself (legal.py)."""
        if state.over:
            raise IllegalAction("rule.game_over", "the game is over")
        if not allows(state, action):
            raise refusal(self, state, action)

    def legal_actions(self, state: CrawlState) -> list[Action]:
        """Returns every legal action of the current actor, in a stable order."""
        if state.over:
            return []
        if state.pending is not None:
            return [Action("place_spawn", (("at", sq),)) for sq in placement_squares(state)]
        if state.phase == "pick":
            return self._pick_actions(state)
        if state.phase == "build":
            from engine.rules.crawl import builder
            if state.setup.get("drafting"):
                return [Action.make("choose_section", section=sid)
                        for sid in builder.draft_choices(state, state.current)]
            return [Action.make("place_section", section=sid, cell=cell, rot=rot)
                    for sid, cell, rot in builder.placements(
                        state.layout, state.setup["hands"][state.current])]
        if state.phase == "pieces":
            return piece_actions(state)
        if state.phase == "chests":
            return [_cached_action("place_chest", "at", sq, "facing", f)
                    for sq, f in chest_spots(state)]
        if state.phase == "markers":
            return [_cached_action("place_marker", "at", sq, "rank", r)
                    for r, sq in marker_spots(state)]
        if state.phase == "entrances":
            return self._entrance_actions(state)
        if state.active >= 0:
            return activation_actions(state)
        if state.active_marker >= 0:
            m = state.marker(state.active_marker)
            reach = marker_reach(state, m, state.mp)
            out = list(move_actions(reach)) if reach.start == m.pos else [
                move_action(sq) for sq in sorted(reach.costs) if sq != m.pos]
            return out + [END_ACTIVATION]
        return turn_actions(state)

    def _pick_actions(self, state: CrawlState) -> list[Action]:
        taken = {f.did for f in state.figures if f.hero}
        seat = state.current
        out = []
        if state.setup.get("stash"):
            from engine.rules.crawl import solo
            return [Action.make("stash", chest=u) for u in solo.loose_chests(state)] + [
                Action.make("unstash", chest=u) for u in solo.stashed_now(state)] + [
                Action.make("done_stashing")]
        if state.setup.get("hire"):
            # seed 004, campaign: one new level-1 hero per cleared floor, paid with a chest.
            from engine.rules.crawl import solo
            if solo.can_hire(state):
                out = [Action.make("pick_hero", hero=h.id, level=1)
                       for h in content().all("hero") if h.id not in taken]
            return out + [Action.make("done_picking")]
        spent = sum(fdef(f).points[f.level - 1] for f in heroes_of(state, seat))
        if state.mode == "solitaire" and state.supply.get("campaign"):
            from engine.rules.crawl import solo
            if len(heroes_of(state, seat)) >= solo.CAMPAIGN_TEAM:
                # seed 004, campaign: "Ein Dungeons-Team darf nie mehr als vier Mitglieder
                # enthalten."
                return [Action.make("done_picking")]
        # Every seat still to pick must find a hero left: each hero is in the game once, so
        # seats choosing whole teams first could take all twelve and leave a later seat with
        # no team and no legal action (issue 11). A seat with a hero may still stop.
        waiting = sum(1 for p in range(state.nplayers)
                      if p != seat and not state.setup["done"][p] and not heroes_of(state, p))
        if len(content().all("hero")) - len(taken) <= waiting:
            return [Action.make("done_picking")] if heroes_of(state, seat) else []
        for h in content().all("hero"):
            if h.id in taken:
                continue
            if state.mode == "lone_wolf":
                out.append(Action.make("pick_hero", hero=h.id, level=1))
            else:
                for level in (1, 2):
                    if spent + h.points[level - 1] <= TEAM_POINTS:
                        out.append(Action.make("pick_hero", hero=h.id, level=level))
        if state.mode != "lone_wolf" and heroes_of(state, seat):
            out.append(Action.make("done_picking"))
        return out

    def _entrance_actions(self, state: CrawlState) -> list[Action]:
        board = board_of(state)
        step = state.setup["steps"][0]
        if step[0] == "entrance":
            used = {board.entrance_section(p.entrance) for p in state.players if p.entrance >= 0}
            free = [i for i in range(len(board.entrances))
                    if board.entrance_section(i) not in used]
            # A built dungeon may have fewer gates than players (a last corridor that found
            # no place): then entrances are shared.
            return [Action.make("choose_entrance", entrance=i)
                    for i in (free or range(len(board.entrances)))]
        out = [Action.make("choose_exit", entrance=i) for i in range(len(board.entrances))]
        if state.mode == "team":
            # seed 004, advanced "Auswahl von Eingang und Ausgang": "Jedes Feld, das am Rande
            # des Dungeons liegt, kann als Ausgang dienen".
            gates = {sq for _, sq in board.entrances}
            out.extend(Action("choose_exit_square", (("at", sq),))
                       for sq in rim_squares(board) if sq not in gates)
        return out

    def prompt(self, state: CrawlState) -> Message:
        """Returns what the current actor must decide now (figures and markers by name)."""
        return names.named_message(state, self._prompt(state))

    def _prompt(self, state: CrawlState) -> Message:
        if state.over:
            return Message("crawl.prompt.over")
        if state.pending is not None:
            return Message("crawl.prompt.place_spawn",
                           {"spawn": state.pending["spawns"][0], "seat": state.pending["seat"]})
        if state.phase in ("pick", "build", "pieces", "chests", "markers", "entrances"):
            key = state.phase
            if state.phase == "entrances":
                key = state.setup["steps"][0][0]
            elif state.setup.get("hire"):
                key = "hire"
            elif state.setup.get("drafting"):
                key = "choose_section"
            elif state.setup.get("stash"):
                key = "stash"
            return Message("crawl.prompt." + key, {"seat": state.current})
        if state.active >= 0:
            return Message("crawl.prompt.activation", {"figure": state.active, "mp": state.mp})
        if state.active_marker >= 0:
            return Message("crawl.prompt.marker", {"marker": state.active_marker,
                                                   "mp": state.mp})
        return Message("crawl.prompt.turn", {"seat": state.current, "left": state.acts_left})

    def explain_illegal(self, state: CrawlState, action: Action) -> tuple[str, str]:
        """Returns the rule that forbids an action now."""
        kind = action.kind
        why = strike_refusal(state, action) if kind in ("attack", "shoot") else None
        if why is not None:
            return why[0], why[1]
        if state.pending is not None and kind != "place_spawn":
            return ("crawl.rule.place_spawn_first", "a mage spawn must be placed first")
        rules = {
            "move": ("crawl.rule.move", "that square is out of reach"),
            "attack": ("crawl.rule.attack", "the target is not in the front arc or MP lack"),
            "shoot": ("crawl.rule.shoot", "no range, arc, line of fire, or an enemy adjacent"),
            "break_away": ("crawl.rule.break_away", "not in an enemy arc or too few MP"),
            "loot": ("crawl.rule.loot", "the trap must be dealt with from the front area"),
            "disarm": ("crawl.rule.disarm", "stand in the front area of an examined chest"),
            "examine": ("crawl.rule.examine", "stand next to an unexamined chest"),
            "leave": ("crawl.rule.leave", "only at the exit, with a treasure held"),
            "steal": ("crawl.rule.steal", "an enemy hero with a chest must stand in the front "
                                          "arc, 4 MP"),
            "activate": ("crawl.rule.activate", "that figure may not be activated now"),
            "place_chest": ("crawl.rule.chest_place", "two sections from every entrance"),
            "place_marker": ("crawl.rule.marker_place", "not there"),
            "pick_hero": ("crawl.rule.pick_hero", "every player still to choose needs a hero "
                                                  "left; the team stays within 100 points"),
        }
        return rules.get(kind, ("crawl.rule.not_now", f"{action} is not legal now"))

    # --- acting -------------------------------------------------------------------------
    def do_apply(self, state: CrawlState, action: Action) -> list[Event]:
        """Applies a validated action and resolves everything that follows from it."""
        events: list[Event] = []
        kind = action.kind
        markers = list(state.markers)  # names markers the action removes
        phase = state.phase
        if state.pending is not None:
            place_spawn(state, _sq(action["at"]), events)
        elif phase != "play":
            self._apply_setup(state, action, events)
        elif state.active >= 0:
            state.faced = kind == "face"
            apply_activation(state, action, events)
        elif state.active_marker >= 0:
            m = state.marker(state.active_marker)
            if kind == "end_activation":
                end_activation(state, events)
            else:
                move_marker(state, m, _sq(action["to"]), events)
        else:
            apply_turn_action(state, action, events)
        advance(state, events)
        names.name_events(state, events, markers)
        return events

    def _apply_setup(self, state: CrawlState, action: Action, events: list[Event]) -> None:
        """Applies an action of a set-up phase (any phase but play)."""
        if state.phase == "pick":
            self._apply_pick(state, action, events)
        elif state.phase == "build" and action.kind == "choose_section":
            self._apply_choice(state, action, events)
        elif state.phase == "build":
            self._apply_section(state, action, events)
        elif state.phase == "pieces":
            apply_piece(state, action, events)
        elif state.phase == "chests":
            self._apply_chest(state, action, events)
        elif state.phase == "markers":
            self._apply_marker(state, action, events)
        elif state.phase == "entrances":
            self._apply_entrance(state, action, events)

    def _apply_pick(self, state: CrawlState, action: Action, events: list[Event]) -> None:
        seat = state.current
        if state.setup.get("stash"):
            from engine.rules.crawl import solo
            # The step lasts until done_stashing: a chest left behind may be taken back.
            if action.kind == "stash":
                solo.stash(state, int(action["chest"]), events)
                return
            if action.kind == "unstash":
                solo.unstash(state, int(action["chest"]), events)
                return
            floors.go_on(state, events)
            return
        if state.setup.get("hire"):
            from engine.rules.crawl import solo
            if action.kind == "pick_hero":
                solo.hire(state, str(action["hero"]), events)
            solo.offer_stash(state, events)
            return
        if action.kind == "done_picking":
            state.setup["done"][seat] = True
        else:
            level = int(action.get("level", 1))
            hdef = content().get("hero", action["hero"])
            f = Figure(state.next_uid, hdef.id, True, seat, "outside",
                       click=hdef.level_starts[level - 1], level=level)
            state.next_uid += 1
            state.figures.append(f)
            state.setup["picks"][seat] += 1
            events.append(Event("crawl.event.picked", {"seat": seat, "hero": hdef.id,
                                                       "level": level}))
            if state.mode == "lone_wolf" and state.setup["picks"][seat] >= state.lone_heroes:
                state.setup["done"][seat] = True
            elif not self._pick_actions(state):
                state.setup["done"][seat] = True
        if not state.setup["done"][seat]:
            return
        if not all(state.setup["done"]):
            state.current = (seat + 1) % state.nplayers
            return
        for p in range(state.nplayers):
            state.players[p].heroes_at_start = len(heroes_of(state, p))
        if state.mode == "solitaire":
            # seed 004, "MKD: Solitär": the player picks the entrance; no exit yet.
            state.phase = "entrances"
            state.setup = {"steps": [["entrance", 0, 0]]}
            return
        # seed 004, "Der Startspieler": every player rolls 2d6; the highest starts (ties again).
        contenders = list(range(state.nplayers))
        while len(contenders) > 1:
            rolls = {p: state.rng.roll(6) + state.rng.roll(6) for p in contenders}
            events.extend(Event("crawl.event.start_roll", {"seat": p, "roll": rolls[p]})
                          for p in contenders)
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
        state.start = state.current = state.master = contenders[0]
        events.append(Event("crawl.event.start_player", {"seat": state.start}))
        if state.board == "builder":
            from engine.rules.crawl import builder
            state.phase = "build"
            builder.start_draft(state)
            return
        self._after_board(state)

    def _after_board(self, state: CrawlState) -> None:
        """Continues the set-up once the dungeon lies: pieces (option), then chests."""
        state.current = state.start
        if state.supply.get("pieces"):
            state.phase = "pieces"
            state.setup = {"turns": 0}
            return
        state.phase = "chests"
        state.setup = {"order": 0}

    def _apply_choice(self, state: CrawlState, action: Action, events: list[Event]) -> None:
        """Takes a section into the current player's hand; when every hand is full the start
        player lays the central chamber (seed 004, "Der Startspieler platziert eine
        Kammer-Sektion in der Mitte")."""
        from engine.rules.crawl import builder
        seat = state.current
        events.append(Event("crawl.event.section_chosen", {"seat": seat,
                                                           "section": action["section"]}))
        if builder.choose(state, seat, str(action["section"])):
            state.current = state.start
            builder.unstick(state, state.current, events)
            return
        state.current = builder.next_chooser(state, seat)

    def _apply_section(self, state: CrawlState, action: Action, events: list[Event]) -> None:
        """Places a builder section and passes to the next player holding sections."""
        from engine.rules.crawl import builder
        seat = state.current
        cell = _sq(action["cell"])
        gate = builder.place(state, str(action["section"]), cell, int(action["rot"]))
        state.memo.clear()
        state.doors = ["closed"] * len(board_of(state).doors)  # doors of joined sections
        events.append(Event("crawl.event.section_placed", {"seat": seat,
                                                           "section": action["section"],
                                                           "gate": gate}))
        hands = state.setup["hands"]
        for step in range(1, state.nplayers + 1):
            nxt = (seat + step) % state.nplayers
            builder.unstick(state, nxt, events)
            if hands[nxt]:
                state.current = nxt
                return
        # seed 004: "Wenn alle Bodenpläne gelegt worden ... endet der Aufbau des Dungeons".
        builder.crop(state)
        state.memo.clear()
        state.doors = ["closed"] * len(board_of(state).doors)
        events.append(Event("crawl.event.dungeon_built", {"sections": len(
            state.layout["pieces"])}))
        self._after_board(state)

    def _apply_chest(self, state: CrawlState, action: Action, events: list[Event]) -> None:
        sq = _sq(action["at"])
        kind = state.supply["chests"].pop(0)
        # seed 004, "Das Platzieren der Schatztruhen": the treasure dial is turned at random.
        chest = Chest(state.next_uid, kind, sq, int(action["facing"]), state.rng.below(6))
        state.next_uid += 1
        state.chests.append(chest)
        events.append(Event("crawl.event.chest_placed", {"seat": state.current,
                                                         "chest": chest.uid, "at": list(sq)}))
        state.current = (state.current + 1) % state.nplayers
        if not state.supply["chests"] or not chest_spots(state):
            state.phase = "markers"
            state.current = state.start
            state.setup = {"placed": [0] * state.nplayers}

    def _apply_marker(self, state: CrawlState, action: Action, events: list[Event]) -> None:
        sq = _sq(action["at"])
        rank = str(action["rank"])
        state.supply["markers"].remove(rank)
        m = Marker(state.next_uid, rank, sq)
        state.next_uid += 1
        state.markers.append(m)
        state.setup["placed"][state.current] += 1
        events.append(Event("crawl.event.marker_placed", {"seat": state.current,
                                                          "marker": m.uid, "rank": rank,
                                                          "at": list(sq)}))
        nxt = state.current
        for _ in range(state.nplayers):
            nxt = (nxt + 1) % state.nplayers
            if state.setup["placed"][nxt] < 3:
                break
        state.current = nxt
        # marker_spots lists every rank on every square: with ranks left it is empty just
        # when there is no square.
        if (not state.supply["markers"] or state.setup["placed"][nxt] >= 3
                or not marker_squares(state)):
            self._start_entrances(state)

    def _start_entrances(self, state: CrawlState) -> None:
        state.phase = "entrances"
        steps: list[list[Any]] = []
        for i in range(state.nplayers):
            p = (state.start + i) % state.nplayers
            steps.append(["entrance", p, p])
            steps.append(["exit", p, opponent(state, p)])
        state.setup = {"steps": steps}
        state.current = int(steps[0][2])

    def _apply_entrance(self, state: CrawlState, action: Action, events: list[Event]) -> None:
        step = state.setup["steps"].pop(0)
        idx = int(action.get("entrance", -1))
        if step[0] == "entrance":
            state.players[step[1]].entrance = idx
            events.append(Event("crawl.event.entrance", {"seat": step[1], "entrance": idx}))
        elif action.kind == "choose_exit_square":
            sq = _sq(action["at"])
            state.players[step[1]].exit_at = sq
            events.append(Event("crawl.event.exit_square", {"seat": step[1], "at": list(sq),
                                                            "by": step[2]}))
        else:
            state.players[step[1]].exit = idx
            events.append(Event("crawl.event.exit", {"seat": step[1], "entrance": idx,
                                                     "by": step[2]}))
        if state.setup["steps"]:
            state.current = state.setup["steps"][0][2]
            return
        state.phase = "play"
        state.setup = {}
        state.current = state.start
        if state.mode == "solitaire":
            from engine.rules.crawl import solo
            solo.build(state, events)
        begin_turn(state, events)

    # --- reading ------------------------------------------------------------------------
    def view(self, state: CrawlState, seat: int | None) -> dict[str, Any]:
        """Returns what ``seat`` may see: everything except unopened treasure dials."""
        from engine.rules.crawl.view import build_view
        return build_view(state, seat)

    def state_to_dict(self, state: CrawlState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> CrawlState:
        """Returns the state stored by ``state_to_dict``."""
        return CrawlState.from_dict(data)

    def clone(self, state: CrawlState) -> CrawlState:
        """Returns a hand-written copy."""
        return state.clone()

    def content_hash(self) -> str:
        """Returns the hash of data/crawl."""
        return content().hash

    def determinize(self, state: CrawlState, seat: int, rng: Rng) -> CrawlState:
        """Returns a copy with unopened treasure dials and the dice re-drawn from ``rng``."""
        s = state.clone()
        for ch in s.chests:
            if not ch.revealed:
                ch.treasure = rng.below(6)
        s.rng = Rng(rng.next_u64())
        return s

    def setup_scenario(self, state: CrawlState, setup: dict[str, Any]) -> None:
        """Overrides a fresh state from a scenario's ``setup`` (see docs/crawl/scenarios.md)."""
        from engine.rules.crawl.scenario import apply_setup
        apply_setup(state, setup)


# --- set-up spots ------------------------------------------------------------------------


def piece_squares(state: CrawlState) -> list[Square]:
    """Returns the open squares a terrain marker may cover (seed 004: "nicht in der
    Gang-Sektion eines Eingangs oder in der daran angrenzenden Kammer-Sektion")."""
    board = board_of(state)
    occ = occupancy(state)
    out: list[Square] = []
    for sec, squares in enumerate(board.section_squares):
        if _entrance_distance(state, board, sec) < 2:
            continue
        out.extend(sq for sq in squares if board.terrain[sq] == "open" and sq not in occ)
    return sorted(out)


def door_spots(state: CrawlState) -> list[tuple[int, int, int]]:
    """Returns the open edges between two sections where a door fits: walls on both sides
    along the same line (seed 004: "zu beiden Seiten an eine Wand angrenzt")."""
    board = board_of(state)
    walls = board.walls.edges
    doors = {edge for edge, _ in board.doors}
    out = []
    for (x, y), sec in sorted(board.section.items()):
        if board.cost[(x, y)] <= 0 or _entrance_distance(state, board, sec) < 2:
            continue
        for d, other in ((0, (x + 1, y)), (1, (x, y + 1))):
            osec = board.section.get(other, -1)
            if osec < 0 or osec == sec or board.cost.get(other, 0) <= 0:
                continue
            if _entrance_distance(state, board, osec) < 2:
                continue
            edge = (x, y, d)
            if edge in walls or edge in doors:
                continue
            side = ((x, y - 1, 0), (x, y + 1, 0)) if d == 0 else ((x - 1, y, 1), (x + 1, y, 1))
            if all(e in walls for e in side):
                out.append(edge)
    return out


def piece_actions(state: CrawlState) -> list[Action]:
    """Returns the placements of the set-up pool's pieces, one action per kind of piece."""
    c = content()
    out: list[Action] = []
    seen: set[tuple[Any, ...]] = set()
    squares = piece_squares(state)
    edges = door_spots(state)
    for pid in state.supply.get("pieces", []):
        p = c.get("piece", pid)
        sig = (p.kind, p.sides, p.door)
        if sig in seen:
            continue
        seen.add(sig)
        if p.kind == "terrain":
            for side in p.sides:
                out.extend(Action.make("place_terrain", piece=pid, side=side, at=sq)
                           for sq in squares)
        else:
            out.extend(Action.make("place_door", piece=pid, edge=e) for e in edges)
    out.append(Action.make("skip_piece"))
    return out


def apply_piece(state: CrawlState, action: Action, events: list[Event]) -> None:
    """Places a terrain marker or a door (or passes); every player places one piece."""
    seat = state.current
    if action.kind == "place_terrain":
        x, y = _sq(action["at"])
        side = str(action["side"])
        state.layout = dict(state.layout)
        state.layout["marks"] = [*state.layout.get("marks", []), [x, y, side]]
        state.supply["pieces"].remove(action["piece"])
        events.append(Event("crawl.event.terrain_placed", {"seat": seat,
                                                           "piece": action["piece"],
                                                           "side": side, "at": [x, y]}))
    elif action.kind == "place_door":
        x, y, d = (int(v) for v in action["edge"])
        kind = content().get("piece", action["piece"]).door
        state.layout = dict(state.layout)
        state.layout["doors"] = [*state.layout.get("doors", []), [x, y, d, kind]]
        state.doors.append("closed")
        state.supply["pieces"].remove(action["piece"])
        events.append(Event("crawl.event.door_placed", {"seat": seat, "piece": action["piece"],
                                                        "edge": [x, y, d]}))
    else:
        events.append(Event("crawl.event.piece_skipped", {"seat": seat}))
    state.memo.clear()
    state.setup["turns"] += 1
    state.current = (seat + 1) % state.nplayers
    # seed 004: "aus dem jeder Spieler ein Teil auswählen darf": one piece per player.
    if state.setup["turns"] >= state.nplayers or not state.supply["pieces"]:
        state.phase = "chests"
        state.current = state.start
        state.setup = {"order": 0}



def _entrance_distance(state: CrawlState, board: Board, sec: int) -> int:
    if state.mode != "solitaire":
        return board.entrance_distances()[sec]  # every entrance counts: kept per board
    entrance = state.players[0].entrance
    return board.section_dist[board.entrance_section(entrance)][sec] if entrance >= 0 else 99


def _spots_key(state: CrawlState) -> tuple[Any, ...]:
    """Returns what the set-up spots depend on (for memoizing them on the state)."""
    return (state.mode, tuple(p.entrance for p in state.players), tuple(state.doors),
            tuple([(c.pos, c.status) for c in state.chests]),
            tuple([(m.pos, m.rank) for m in state.markers]),
            tuple([f.pos for f in state.figures if f.where == "board"]),
            tuple(state.supply.get("markers", [])))


def chest_spots(state: CrawlState) -> list[tuple[Square, int]]:
    """Returns (square, facing) for every legal chest placement (seed 004, Schritt 3)."""
    key = _spots_key(state)
    hit = state.memo.get("chest_spots")
    if hit is not None and hit[0] == key:
        return hit[1]
    out = _chest_spots(state)
    state.memo["chest_spots"] = (key, out)
    return out


def _chest_spots(state: CrawlState) -> list[tuple[Square, int]]:
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    used = {board.section[c.pos] for c in state.chests if c.pos is not None}
    index = board.chest_place_index()
    # Only sections where something stands on a place need a closer look; elsewhere the
    # section's places are those a closed door leaves reachable (kept per door states).
    touched: set[int] = set()
    for sq in occ:
        touched.update(index.by_square.get(sq, ()))
    free = index.door_spots(closed)
    out: list[tuple[Square, int]] = []
    for sec, places in enumerate(index.places):
        if sec in used or _entrance_distance(state, board, sec) < 2:
            continue
        if sec not in touched:
            out.extend(free[sec])
            continue
        for sq, facing, fronts in places:
            # "Die Schatztruhen sind von wenigstens einem Feld aus erreichbar."
            if sq not in occ and any(f not in occ and (edge is None or edge not in closed)
                                     for f, edge in fronts):
                out.append((sq, facing))
    return out


def marker_spots(state: CrawlState) -> list[tuple[str, Square]]:
    """Returns (rank, square) for every legal marker placement (seed 004, Schritt 4)."""
    ranks = sorted(set(state.supply.get("markers", [])))
    squares = marker_squares(state)
    return [(r, sq) for r in ranks for sq in squares]


def marker_squares(state: CrawlState) -> list[Square]:
    """Returns the squares where the next monster marker may go (seed 004, Schritt 4)."""
    key = _spots_key(state)
    hit = state.memo.get("marker_squares")
    if hit is not None and hit[0] == key:
        return hit[1]
    out = _marker_squares(state)
    state.memo["marker_squares"] = (key, out)
    return out


def _marker_squares(state: CrawlState) -> list[Square]:
    board = board_of(state)
    occ = occupancy(state)
    chest_secs = {board.section[c.pos] for c in state.chests if c.pos is not None}
    count: dict[int, int] = {}
    for m in state.markers:
        count[board.section[m.pos]] = count.get(board.section[m.pos], 0) + 1
    first = not state.markers
    flat = board.flat_data()
    nsec = len(flat.open_squares)
    # _entrance_distance per section (outside solitaire the board's kept list).
    near = board.entrance_distances() if state.mode != "solitaire" else [
        _entrance_distance(state, board, sec) for sec in range(nsec)]
    ids: list[int] = []
    for sec in range(nsec):
        if near[sec] < 2:
            continue
        if first and sec not in chest_secs:
            continue
        if count.get(sec, 0) >= (2 if sec in chest_secs else 1):
            continue
        ids.extend(flat.open_ids[sec])
    # The open squares of the allowed sections, sorted (by number: the same order; the
    # sections' sorted runs merge cheaply); the few occupied ones are then taken out by
    # number (sections share no square) rather than every square looked up.
    ids.sort()
    index = flat.index
    for sq in occ:
        i = index.get(sq)
        if i is not None:
            k = bisect_left(ids, i)
            if k < len(ids) and ids[k] == i:
                del ids[k]
    return list(map(flat.squares.__getitem__, ids))


# --- turns -------------------------------------------------------------------------------


def gold_of(chest: Chest) -> int:
    """Returns the gold a chest's treasure dial shows."""
    return int(treasure_of(chest).gold)


def gold(state: CrawlState, seat: int) -> int:
    """Returns the gold a seat holds (seed 004: gold always counts, potions drunk or not)."""
    return sum(treasure_of(state.chest(uid)).gold for uid in state.players[seat].chests)


def chest_limit(state: CrawlState, seat: int) -> int:
    """Returns how many chests a seat may hold: two per hero (seed 004, "Maximale Schatzanzahl")."""
    heroes = state.players[seat].heroes_at_start
    if state.mode == "team":
        # Advanced, "Schätze verlieren": a knocked-out hero lowers the limit.
        heroes -= sum(1 for f in heroes_of(state, seat) if f.where == "out")
    return 2 * heroes


def begin_turn(state: CrawlState, events: list[Event]) -> None:
    """Starts the current seat's turn: refreshes figures, items, levels and activations."""
    seat = state.current
    if state.mode == "solitaire":
        from engine.rules.crawl import solo
        solo.begin_turn(state, events)
        return
    player = state.players[seat]
    for p in state.players:
        p.levelled = False
        if p.raised:
            p.raised = []
    mine = heroes_of(state, seat)
    for f in mine:
        f.acted = False
        f.potion = -1  # seed 004: a potion lasts until its side's next turn
    if seat == state.master:
        # seed 004, "Mehr als zwei Spieler": "Dieser Spieler ist der neue Monster Master und
        # entfernt alle Bewegungsmarken von den Mage Spawn und Monster-Marken". With two
        # players the same clearing is the base rule's "nur einmal pro Spielzug".
        if state.nplayers > 2:
            cleared = sum(1 for f in state.figures if not f.hero and f.acted) + sum(
                1 for m in state.markers if m.acted)
            events.append(Event("crawl.event.master", {"seat": seat, "cleared": cleared}))
        for f in state.figures:
            if not f.hero:
                f.acted = False
        for m in state.markers:
            m.acted = False
    assign_items(state, seat, mine)
    combat.check_level(state, seat, events)
    player.extra = 0
    if state.round > 1:
        for f in mine:
            lead = traits(state, f).leadership if f.where == "board" else 0
            if lead and not player.extra:
                roll = state.rng.roll(6)
                won = roll >= lead
                events.append(Event("crawl.event.leadership", {"figure": f.uid, "roll": roll,
                                                               "won": won}))
                if won:
                    player.extra = 1
    base = 2 if state.mode == "lone_wolf" else player.heroes_at_start
    state.acts_left = base + player.extra
    events.append(Event("crawl.event.turn", {"seat": seat, "round": state.round,
                                             "activations": state.acts_left}))


def assign_items(state: CrawlState, seat: int, mine: list[Figure] | None = None) -> None:
    """Hands the items of the seat's chests to its heroes: two each, never two of a kind
    (``mine``: the seat's heroes, when known)."""
    if mine is None:
        mine = heroes_of(state, seat)
    heroes = [f for f in mine if f.where in ("board", "outside")]
    for f in mine:
        f.items = []
    chests = []
    for uid in state.players[seat].chests:
        ch = state.chest(uid)
        t = treasure_of(ch)
        if t.kind in ("none", "potion") or ch.safe:
            continue
        worth = t.move + t.attack + t.defence + 2 * len(t.abilities)
        chests.append((-worth, uid, t.kind))
    chests.sort()
    # Best items first, each to the next hero that has room and no item of that kind.
    for _, uid, kind in chests:
        for f in sorted(heroes, key=lambda h: (len(h.items), h.uid)):
            kinds = {treasure_of(state.chest(i)).kind for i in f.items}
            if len(f.items) < 2 and kind not in kinds:
                f.items.append(uid)
                break


def end_turn(state: CrawlState, events: list[Event]) -> None:
    """Ends the current turn and starts the next seat's."""
    state.active = state.active_marker = -1
    state.mp = 0
    if state.mode == "solitaire":
        from engine.rules.crawl import solo
        solo.end_turn(state, events)
        return
    if state.current == state.master and state.nplayers > 1:
        # "Nach Beendigung seines Spielzugs gibt er die Marke ... an den Spieler zu seiner
        # Linken weiter": play runs clockwise ("reihum im Uhrzeigersinn"), so the left
        # neighbour is the next seat.
        state.master = (state.master + 1) % state.nplayers
    state.turn += 1
    state.current = (state.current + 1) % state.nplayers
    if state.current == state.start:
        state.round += 1
    if state.round > state.turn_limit:
        finish(state, "turn_limit", events)
        return
    begin_turn(state, events)


def finish(state: CrawlState, reason: str, events: list[Event]) -> None:
    """Ends the game."""
    state.over = True
    state.reason = reason
    state.pending = None
    state.queue = []
    # "Das Spiel endet": no activation runs on. A hero knocked out by a trap it set off (its
    # spawn placed first) ended the game while still marked active, and the view then looked
    # for the reach of a figure off the board (issue 11, conformance run).
    state.active = state.active_marker = -1
    state.mp = 0
    events.append(Event("crawl.event.game_over", {"reason": reason,
                                                  "gold": [gold(state, p) if state.mode !=
                                                           "solitaire" else gold(state, 0)
                                                           for p in range(state.nplayers)]}))


def heroes_done(state: CrawlState) -> bool:
    """Returns True when every hero has left the dungeon or is knocked out."""
    # Heroes join the figure list after the spawn pool: look from the end.
    for f in reversed(state.figures):
        if f.hero and f.where != "left" and f.where != "out":
            return False
    return True


def may_activate_spawn(state: CrawlState, f: Figure) -> bool:
    """Returns whether the current seat may activate mage spawn f (seed 004)."""
    if f.hero or f.where != "board" or f.acted or f.pos is None:
        return False
    board = board_of(state)
    for h in heroes_of(state, state.current):
        if h.where == "outside":
            return False  # first turn: the heroes must be in before any spawn acts
        if h.where == "board" and h.pos is not None:
            if board.section[h.pos] == board.section[f.pos] or distance(h.pos, f.pos) <= 1:
                return False
    return True


def turn_actions(state: CrawlState) -> list[Action]:
    """Returns the actions between activations."""
    seat = state.current
    mine = heroes_of(state, seat)
    out = hero_activations(state, mine)
    if others_may_act(state, mine):
        out.extend(_uid_action("activate", "figure", f.uid)
                   for f in spawn_to_activate(state, mine))
        check: MarkerCheck | None = None
        for m in state.markers:
            if m.acted:
                continue
            if check is None:
                check = MarkerCheck(state, occupancy(state))
            if check.can_move(m):
                out.append(_uid_action("activate_marker", "marker", m.uid))
    out.extend(drink_actions(state, mine))
    out.append(END_TURN)
    return out


def others_may_act(state: CrawlState, mine: list[Figure]) -> bool:
    """Returns whether the current seat may activate spawn and markers now (``mine``: its
    heroes): an activation is left, none of its heroes still waits outside (the first turn),
    and in solitaire only the activation a hero leader won moves a spawn."""
    return state.acts_left > 0 and (
        state.mode != "solitaire" or state.players[state.current].extra > 0) and not any(
        h.where == "outside" for h in mine)


def spawn_to_activate(state: CrawlState, mine: list[Figure]) -> list[Figure]:
    """Returns the spawn the current seat may activate (may_activate_spawn for every spawn,
    with the seat's heroes ``mine`` looked at once; others_may_act is checked apart)."""
    section = board_of(state).section
    # A spawn in a section of one of the seat's heroes, or next to one, may not act.
    secs = set()
    near = []
    for h in mine:
        if h.where == "board" and h.pos is not None:
            secs.add(section[h.pos])
            near.append(h.pos)
    out = []
    for f in state.figures:
        if f.hero or f.where != "board" or f.acted or f.pos is None:
            continue
        pos = f.pos
        if section[pos] in secs:
            continue
        x, y = pos
        for hx, hy in near:
            if -1 <= hx - x <= 1 and -1 <= hy - y <= 1:
                break  # distance(h.pos, f.pos) <= 1
        else:
            out.append(f)
    return out


def hero_activations(state: CrawlState, mine: list[Figure] | None = None) -> list[Action]:
    """Returns the activations of the current seat's heroes between activations (the first
    actions turn_actions lists; ``mine``: the seat's heroes, when known)."""
    if state.acts_left <= 0:
        return []
    if mine is None:
        mine = heroes_of(state, state.current)
    return [_uid_action("activate", "figure", f.uid) for f in mine
            if not f.acted and f.where in ("board", "outside")]


def drink_actions(state: CrawlState, mine: list[Figure] | None = None) -> list[Action]:
    """Returns the potions the current seat's heroes may drink between activations (listed
    by turn_actions after the activations)."""
    if mine is None:
        mine = heroes_of(state, state.current)
    out = []
    for uid in state.players[state.current].chests:
        ch = state.chest(uid)
        if treasure_of(ch).kind == "potion" and not ch.used and not ch.safe:
            for f in mine:
                if f.where in ("board", "outside") and f.potion < 0:
                    out.append(Action.make("drink", chest=uid, figure=f.uid))
    return out


_UID_ACTIONS: dict[tuple[str, int], Action] = {}


def _uid_action(kind: str, name: str, uid: int) -> Action:
    """Returns the (shared, immutable) action ``kind(name=uid)``."""
    a = _UID_ACTIONS.get((kind, uid))
    if a is None:
        if len(_UID_ACTIONS) > 4096:
            _UID_ACTIONS.clear()
        a = _UID_ACTIONS[(kind, uid)] = Action(kind, ((name, uid),))
    return a


def apply_turn_action(state: CrawlState, action: Action, events: list[Event]) -> None:
    """Applies an action taken between activations."""
    kind = action.kind
    if kind == "end_turn":
        events.append(Event("crawl.event.pass", {"seat": state.current}))
        end_turn(state, events)
    elif kind == "drink":
        ch = state.chest(int(action["chest"]))
        f = state.fig(int(action["figure"]))
        ch.used = True
        f.potion = ch.uid
        events.append(Event("crawl.event.drink", {"figure": f.uid, "chest": ch.uid}))
    elif kind == "activate":
        activate(state, state.fig(int(action["figure"])), events)
    elif kind == "activate_marker":
        m = state.marker(int(action["marker"]))
        m.acted = True
        state.acts_left -= 1
        state.active_marker = m.uid
        state.mp = MARKER_MP
        events.append(Event("crawl.event.activate_marker", {"marker": m.uid}))


def activate(state: CrawlState, f: Figure, events: list[Event]) -> None:
    """Activates a hero or mage spawn with its movement points."""
    f.acted = True
    f.broken = []
    state.acts_left -= 1
    if state.mode == "solitaire" and not f.hero:
        state.players[state.current].extra -= 1
    state.active = f.uid
    state.mp = value(state, f, "move")
    if state.mode == "solitaire" and f.hero and traits(state, f).auto_break_away:
        state.mp += 1  # seed 004, "MKD: Solitär": a hero with quickness adds 1 movement
    events.append(Event("crawl.event.activate", {"figure": f.uid, "mp": state.mp}))
    regen = traits(state, f).regenerate
    if regen and f.where == "board" and f.click > combat.min_click(f):
        roll = state.rng.roll(6)
        healed = combat.heal(f, 1) if roll >= regen else 0
        events.append(Event("crawl.event.regenerate", {"figure": f.uid, "roll": roll,
                                                       "healed": healed}))


# --- activations -------------------------------------------------------------------------


def ranged_targets(state: CrawlState, f: Figure) -> list[Figure]:
    """Returns the figures f may shoot at now (seed 004, "Fernkampf")."""
    d = fdef(f)
    if d.range <= 0 or f.pos is None:
        return []
    figs = [g for g in state.figures if g.where == "board" and g.pos is not None]
    for g in figs:
        if g.uid != f.uid and is_enemy(state, f, g) and distance(g.pos, f.pos) <= 1:
            return []  # an enemy next to the shooter forbids ranged attacks
    friends = [g for g in figs if g.uid != f.uid and not is_enemy(state, f, g)
               and (g.hero == f.hero)]
    out = []
    for g in figs:
        if not may_attack(state, f, g) or traits(state, g).ranged_immune:
            continue
        assert g.pos is not None
        dist = distance(f.pos, g.pos)
        if dist < 2 or dist > d.range or not in_front_arc(f, g.pos):
            continue
        if any(distance(fr.pos, g.pos) <= 1 for fr in friends if fr.pos is not None):
            continue
        if has_lof(state, f.pos, g.pos, (f.uid, g.uid)):
            out.append(g)
    return out


def wave_targets(state: CrawlState, f: Figure) -> list[Figure]:
    """Returns the enemies a shockwave of f strikes: within its radius and in line of fire."""
    radius = traits(state, f).shockwave
    if not radius or f.pos is None:
        return []
    return [g for g in state.figures if g.where == "board" and g.pos is not None
            and may_attack(state, f, g) and distance(f.pos, g.pos) <= radius
            and has_lof(state, f.pos, g.pos, (f.uid, g.uid))]


def heal_targets(state: CrawlState, f: Figure) -> list[Figure]:
    """Returns the friends (or itself) f may try to heal now."""
    t = traits(state, f)
    if not t.heal_clicks or f.pos is None:
        return []
    front = set(front_squares(state, f))
    out = []
    for g in state.figures:
        if g.where != "board" or g.pos is None or is_enemy(state, f, g):
            continue
        if g.hero and f.hero and g.owner != f.owner:
            continue
        if g.click <= combat.min_click(g):
            continue
        if g.uid == f.uid or g.pos in front:
            out.append(g)
        elif t.heal_ranged and distance(f.pos, g.pos) <= max(fdef(f).range, 1) \
                and in_front_arc(f, g.pos) and has_lof(state, f.pos, g.pos, (f.uid, g.uid)):
            out.append(g)
    return out


def door_actions(state: CrawlState, f: Figure) -> list[Action]:
    """Returns opening, closing and bashing doors next to f."""
    board = board_of(state)
    out = []
    for i in board.doors_at(f.pos) if f.pos is not None else ():
        kind = board.doors[i][1]
        st = state.doors[i]
        if st == "closed":
            if state.mp >= OPEN_MP:
                out.append(Action.make("open_door", door=i))
            if state.mp >= ATTACK_MP and not is_demoralized(f):
                out.append(Action.make("bash_door", door=i))
        elif st == "open" and kind == "wood" and state.mp >= CLOSE_MP:
            out.append(Action.make("close_door", door=i))
    return out


_ATTACKS = frozenset({"attack", "shoot", "shockwave", "heal"})
_CHEST = frozenset({"examine", "disarm", "loot"})
_DOORS = frozenset({"open_door", "close_door", "bash_door"})


def activation_actions(state: CrawlState, only: str | None = None, moves: bool = True,
                       passes: bool = True) -> list[Action]:
    """Returns what the active figure may do with its remaining MP (``only``: just that kind,
    for validating one action cheaply; ``moves``/``passes`` False: without the moves, or
    without passing through and stealing, for bots that list those apart or never)."""
    f = state.fig(state.active)
    out: list[Action] = []
    mp = state.mp
    if f.where == "outside":
        if only is None or only == "move":
            # From outside the start is None: every square of the map is a destination.
            out.extend(move_actions(figure_reach(state, f, mp)))
        out.append(END_ACTIVATION)
        return out
    if f.where != "board" or f.pos is None:
        return [END_ACTIVATION]
    if state.mode == "solitaire" and not f.hero:
        return _lead_away_actions(state, f, only)
    # Every step costs at least 1 MP: with none left there is no move (nor a pass through),
    # so the reach map is not built for the many "turn or end" decisions of a spent figure.
    if (only is None or only == "move") and mp > 0 and moves:
        out.extend(board_moves(state, f, mp)[1])
    if (only is None or only == "face") and not state.faced:
        # Turning is free (seed 004), and one turn reaches any facing: a second turn in a row
        # would only undo the first, so it is not offered (undo serves a changed mind). This
        # keeps every activation finite for bots that cannot tell turns apart.
        out.extend(FACE_OTHER[f.facing])
    # The square's terrain first: teleport_targets lists nothing off a teleport or at 0 MP.
    ground = board_of(state).terrain.get(f.pos)
    if (only is None or only == "teleport") and ground == "teleport" and mp > 0:
        out.extend(Action("teleport", (("to", sq),)) for sq in teleport_targets(state, f))
    if (only is None or only == "vortex") and state.board == "builder" and state.mp > 0 \
            and ground == "vortex":
        from engine.rules.crawl import builder
        out.extend(Action("vortex", (("turn", k),))
                   for k in builder.vortex_turns(state.layout, f.pos))
    # The other figures next to f, in list order (breaking away, melee targets and the
    # shooting and shockwave bans all look only at these).
    x, y = f.pos
    near = [g for g in state.figures if (gpos := g.pos) is not None
            and -1 <= gpos[0] - x <= 1 and -1 <= gpos[1] - y <= 1
            and g.where == "board" and g.uid != f.uid]
    if (only is None or only == "break_away") and mp >= BREAK_MP + 1 \
            and must_break_away(state, f, near):
        out.append(BREAK_AWAY)
    if (only is None or only == "pass_through") and mp > 0 and passes:
        out.extend(pass_actions(state, f))
    d = fdef(f)
    # is_demoralized(f) on the definition at hand.
    click = d.clicks[f.click] if f.click < len(d.clicks) else None
    demoralized = click is not None and click.demoralized
    if mp >= ATTACK_MP and not demoralized and (only is None or only in _ATTACKS):
        if only is None or only == "attack":
            # Front squares are next to f, so only the figures near it can stand there.
            front = front_squares(state, f)
            for g in near:
                if g.pos in front and may_attack(state, f, g):
                    out.append(_uid_action("attack", "target", g.uid))
        # ranged_targets lists nothing for a figure without range.
        if (only is None or only == "shoot") and d.range > 0:
            targets = ranged_targets(state, f)
            n = d.targets
            for k in range(1, min(n, len(targets)) + 1):
                for combo in combinations(sorted(g.uid for g in targets), k):
                    out.append(Action("shoot", (("targets", combo),)))
        # wave_targets and heal_targets list nothing without the trait (read once here).
        t = traits(state, f)
        if (only is None or only == "shockwave") and t.shockwave:
            wave = wave_targets(state, f)
            if wave and not any(is_enemy(state, f, g) for g in near):
                out.append(Action.make("shockwave"))
        if (only is None or only == "heal") and t.heal_clicks:
            out.extend(_uid_action("heal", "target", g.uid) for g in heal_targets(state, f))
    if f.hero:
        if only is None or only in _CHEST:
            out.extend(chest_actions(state, f))
        if (only is None or only in ("descend", "withdraw")) and state.mode == "solitaire":
            from engine.rules.crawl import solo
            if solo.can_descend(state, f):
                out.append(Action.make("descend"))
            if (only is None or only == "withdraw") and solo.can_withdraw(state, f):
                out.append(Action.make("withdraw"))
        if (only is None or only == "steal") and mp >= STEAL_MP and passes:
            out.extend(Action("steal", (("target", g.uid),)) for g in steal_targets(state, f))
        player = state.players[f.owner]
        if ((only is None or only == "leave") and mp >= 1 and player.chests
                and f.pos is not None and f.pos == exit_square(state, f.owner)):
            out.append(LEAVE)
    if only is None or only in _DOORS:
        out.extend(door_actions(state, f))
    out.append(END_ACTIVATION)
    return out


def board_moves(state: CrawlState, f: Figure, mp: int) -> tuple[Reach, list[Action]]:
    """Returns the reach map of figure f on the board with ``mp`` (above 0) and the moves
    activation_actions lists from it (a shared list: not to be changed)."""
    reach = figure_reach(state, f, mp)
    if reach.start == f.pos:
        return reach, move_actions(reach)
    return reach, [move_action(sq) for sq in sorted(reach.costs) if sq != f.pos]


def rim_squares(board: Board) -> list[Square]:
    """Returns the walkable squares on the rim of the dungeon (next to rock or the edge)."""
    out = []
    for (x, y), cost in sorted(board.cost.items()):
        if cost <= 0:
            continue
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if board.terrain.get(n, "void") == "void":
                out.append((x, y))
                break
    return out


def exit_square(state: CrawlState, seat: int) -> Square | None:
    """Returns the square a seat's heroes leave by: an edge square chosen as exit (teams) or
    the exit entrance."""
    p = state.players[seat]
    if p.exit_at is not None:
        return p.exit_at
    if p.exit >= 0:
        return board_of(state).entrances[p.exit][1]
    return None


def _lead_away_actions(state: CrawlState, f: Figure, only: str | None) -> list[Action]:
    """Returns what a spawn moved by a hero leader may do in solitaire: move away from the
    heroes ("sie von den Helden fort zu bewegen"), turn, break away; never attack."""
    assert f.pos is not None
    heroes = [h.pos for h in state.figures if h.hero and h.where == "board" and h.pos is not None]

    def gap(sq: Square) -> int:
        return min((distance(sq, h) for h in heroes), default=99)
    out: list[Action] = []
    if only is None or only == "move":
        reach = figure_reach(state, f, state.mp)
        here = gap(f.pos)
        out.extend(move_action(sq) for sq in sorted(reach.costs)
                   if sq != f.pos and gap(sq) > here)
    if (only is None or only == "face") and not state.faced:
        # Turning is free (seed 004), and one turn reaches any facing: a second turn in a row
        # would only undo the first, so it is not offered (undo serves a changed mind). This
        # keeps every activation finite for bots that cannot tell turns apart.
        out.extend(FACE_OTHER[f.facing])
    if (only is None or only == "break_away") and state.mp >= BREAK_MP + 1 \
            and must_break_away(state, f):
        out.append(BREAK_AWAY)
    out.append(END_ACTIVATION)
    return out


def steal_targets(state: CrawlState, f: Figure) -> list[Figure]:
    """Returns the enemy heroes f may rob now (advanced, "Schätze stehlen"): next to f, in its
    front arc, holding a chest not in safety, while f's side has room for one more."""
    if f.pos is None or len(state.players[f.owner].chests) >= chest_limit(state, f.owner):
        return []
    front = set(front_squares(state, f))
    return [g for g in state.figures if g.hero and g.where == "board" and g.pos in front
            and may_attack(state, f, g)
            and any(not state.chest(u).safe for u in state.players[g.owner].chests)]


def steal(state: CrawlState, f: Figure, victim: Figure, events: list[Event]) -> None:
    """Tries to take a random chest from an enemy hero: 2d6 + attack against defence + 2;
    the victim strikes back unless the thief is nimble, and a thief that is hurt drops the
    chest next to the victim. Stealing costs 4 MP and does not end the activation."""
    state.mp -= STEAL_MP
    r1, r2 = combat.roll2(state)
    roll = r1 + r2
    attack = value(state, f, "attack")
    defence = value(state, victim, "defence") + STEAL_DEFENCE
    total = roll + attack
    # The 2 and 12 of attacks apply to the roll (a 2 fails, a 12 succeeds); no click is lost.
    ok = roll == combat.HIT_ROLL or (roll != combat.MISS_ROLL and total >= defence)
    taken = -1
    if ok:
        loose = [u for u in state.players[victim.owner].chests if not state.chest(u).safe]
        taken = loose[state.rng.below(len(loose))]
        ch = state.chest(taken)
        state.players[victim.owner].chests.remove(taken)
        for g in state.figures:
            if taken in g.items:
                g.items.remove(taken)
        state.players[f.owner].chests.append(taken)
        ch.holder = f.owner
    events.append(Event("crawl.event.steal", {"figure": f.uid, "target": victim.uid,
                                              "dice": [r1, r2], "total": total,
                                              "defence": defence, "ok": ok, "chest": taken},
                        breakdowns=(Breakdown(Message("crawl.bd.attack"), total, (
                            Term(Message("crawl.term.dice"), roll),
                            Term(Message("crawl.term.attack"), attack))),
                            Breakdown(Message("crawl.bd.defence"), defence, (
                                Term(Message("crawl.term.dial",
                                             {"figure": names.def_name(victim.did, True)}),
                                     defence - STEAL_DEFENCE),
                                Term(Message("crawl.term.theft"), STEAL_DEFENCE))))))
    if traits(state, f).steal_safe or is_demoralized(victim):
        return
    before = f.click
    combat.melee(state, victim, f, events, rear_bonus=False, counter=False)
    if ok and f.click > before and victim.pos is not None \
            and taken in state.players[f.owner].chests:
        near = victim.pos
        combat.drop_chest(state, f.owner, state.chest(taken), near, events)


def pass_actions(state: CrawlState, f: Figure) -> list[Action]:
    """Returns moves through an adjacent enemy's square (seed 004, "Passieren")."""
    assert f.pos is not None
    x, y = f.pos
    near = []
    for g in state.figures:
        if g.where != "board" or g.pos is None:
            continue
        gx, gy = g.pos
        if -1 <= gx - x <= 1 and -1 <= gy - y <= 1 and may_attack(state, g, f):
            near.append(g)
    if not near:
        return []
    closed = closed_door_edges(state)
    enemies = [g for g in near if touching(state, f.pos, g.pos, closed)]  # type: ignore[arg-type]
    if len(enemies) != 1:
        return []  # passing needs no other enemy next to the mover
    board = board_of(state)
    t = traits(state, f)
    occ = occupancy(state)
    e = enemies[0]
    assert e.pos is not None
    out = []
    for nxt, diag in board.neighbours[e.pos]:
        if nxt == f.pos or nxt in occ or board.cost[nxt] == 0:
            continue
        # touching(e.pos, nxt): neighbours share no wall; only a closed door may part them.
        if not diag and closed and edge_key(e.pos, nxt) in closed:
            continue
        cost = t.pass_cost + (1 if t.terrain_walker else board.cost[nxt]) + (1 if diag else 0)
        if cost <= state.mp:
            out.append(Action("pass_through", (("over", e.uid), ("to", nxt))))
    return out


def chest_actions(state: CrawlState, f: Figure) -> list[Action]:
    """Returns examining, disarming and looting for hero f (seed 004, "Schätze und Fallen")."""
    assert f.pos is not None
    out: list[Action] = []
    seat = f.owner
    if len(state.players[seat].chests) >= chest_limit(state, seat):
        return out
    x, y = f.pos
    for ch in state.chests:
        if ch.status not in ("closed", "disarmed", "sprung") or ch.pos is None:
            continue
        if not (-1 <= ch.pos[0] - x <= 1 and -1 <= ch.pos[1] - y <= 1):
            continue  # distance(ch.pos, f.pos) > 1
        if not ch.examined:
            if touching(state, f.pos, ch.pos):
                out.append(_uid_action("examine", "chest", ch.uid))
            continue
        if f.pos not in chest_front(ch):
            continue
        if ch.status == "closed" and ch.trap > 0:
            if state.mp >= FAST_MP:
                out.append(Action.make("disarm", chest=ch.uid, slow=False))
            if state.mp >= SLOW_MP:
                out.append(Action.make("disarm", chest=ch.uid, slow=True))
        elif state.mp >= LOOT_MP:
            out.append(_uid_action("loot", "chest", ch.uid))
    return out


def apply_activation(state: CrawlState, action: Action, events: list[Event]) -> None:
    """Applies an action of the active figure."""
    f = state.fig(state.active)
    kind = action.kind
    if kind == "end_activation":
        end_activation(state, events)
    elif kind == "move":
        move_figure(state, f, _sq(action["to"]), events)
    elif kind == "face":
        f.facing = int(action["facing"])
        events.append(Event("crawl.event.face", {"figure": f.uid, "facing": f.facing}))
    elif kind == "break_away":
        break_away(state, f, events)
    elif kind == "teleport":
        teleport(state, f, _sq(action["to"]), events)
    elif kind == "vortex":
        vortex(state, f, int(action["turn"]), events)
    elif kind == "pass_through":
        pass_through(state, f, state.fig(int(action["over"])), _sq(action["to"]), events)
    elif kind == "attack":
        state.mp -= ATTACK_MP
        tgt = state.fig(int(action["target"]))
        targets = [tgt]
        if traits(state, f).sweep:
            front = set(front_squares(state, f))
            targets = [g for g in state.figures if g.where == "board" and g.pos in front
                       and may_attack(state, f, g)]
        for g in targets:
            if f.where == "board" and g.where == "board":
                combat.melee(state, f, g, events)
        end_activation(state, events)
    elif kind == "shoot":
        state.mp -= ATTACK_MP
        uids = [int(u) for u in action["targets"]]
        combat.ranged(state, f, [state.fig(u) for u in uids], events)
        end_activation(state, events)
    elif kind == "shockwave":
        state.mp -= ATTACK_MP
        combat.ranged(state, f, wave_targets(state, f), events, wave=True)
        end_activation(state, events)
    elif kind == "heal":
        state.mp -= ATTACK_MP
        combat.heal_attempt(state, f, state.fig(int(action["target"])), events)
        end_activation(state, events)
    elif kind == "examine":
        examine(state, f, state.chest(int(action["chest"])), events)
    elif kind == "disarm":
        disarm(state, f, state.chest(int(action["chest"])), bool(action["slow"]), events)
    elif kind == "loot":
        loot(state, f, state.chest(int(action["chest"])), events)
    elif kind == "leave":
        state.mp -= 1
        f.where = "left"
        f.pos = None
        events.append(Event("crawl.event.left", {"figure": f.uid}))
        # Advanced, "Schätze in Sicherheit bringen": the leaving hero takes up to two of its
        # side's treasures to safety (richest first): never stolen or lost again, and no
        # longer usable by heroes still inside.
        held = [state.chest(u) for u in state.players[f.owner].chests]
        for ch in sorted((c for c in held if not c.safe),
                         key=lambda c: (-treasure_of(c).gold, c.uid))[:2]:
            ch.safe = True
            for g in state.figures:
                if ch.uid in g.items:
                    g.items.remove(ch.uid)
            events.append(Event("crawl.event.safe", {"figure": f.uid, "chest": ch.uid}))
        end_activation(state, events)
        if state.mode == "solitaire":
            from engine.rules.crawl import solo
            solo.team_moved(state, events)  # campaign: the rest may already wait below
    elif kind == "steal":
        steal(state, f, state.fig(int(action["target"])), events)
    elif kind == "descend":
        from engine.rules.crawl import solo
        solo.descend(state, f, events)
    elif kind == "withdraw":
        from engine.rules.crawl import solo
        solo.withdraw(state, f, events)
    elif kind in ("open_door", "close_door", "bash_door"):
        door(state, f, kind, int(action["door"]), events)


def door(state: CrawlState, f: Figure, kind: str, i: int, events: list[Event]) -> None:
    """Opens, closes or attacks a door (seed 004, "Türen")."""
    door_kind = board_of(state).doors[i][1]
    if kind == "open_door":
        state.mp -= OPEN_MP
        state.doors[i] = "open"
        events.append(Event("crawl.event.door_open", {"figure": f.uid, "door": i}))
    elif kind == "close_door":
        state.mp -= CLOSE_MP
        state.doors[i] = "closed"
        events.append(Event("crawl.event.door_close", {"figure": f.uid, "door": i}))
    else:
        state.mp -= ATTACK_MP
        r1, r2 = combat.roll2(state)
        attack = value(state, f, "attack")
        total = r1 + r2 + attack
        broke = r1 + r2 == combat.HIT_ROLL or (
            r1 + r2 != combat.MISS_ROLL and total >= DOOR_DEFENCE[door_kind])
        if broke:
            state.doors[i] = "broken"
        events.append(Event("crawl.event.door_bash", {"figure": f.uid, "door": i,
                                                      "dice": [r1, r2], "total": total,
                                                      "defence": DOOR_DEFENCE[door_kind],
                                                      "broken": broke},
                            breakdowns=(Breakdown(Message("crawl.bd.attack"), total, (
                                Term(Message("crawl.term.dice"), r1 + r2),
                                Term(Message("crawl.term.attack"), attack))),)))
        end_activation(state, events)


def free_turns(state: CrawlState, mover: Figure, events: list[Event]) -> None:
    """Turns enemies next to ``mover`` towards it (seed 004, "Gratisdrehung").

    Applied for the controlling player: a figure already facing an enemy in its front arc keeps
    its facing, any other turns to face the newcomer.
    """
    if mover.where != "board" or mover.pos is None:
        return
    mx, my = mover.pos
    hero, owner = mover.hero, mover.owner
    for g in state.figures:
        if g.pos is None or g.where != "board" or g.uid == mover.uid:
            continue
        # is_enemy(state, g, mover) and distance(g.pos, mover.pos) == 1, inline (every
        # figure on the board is looked at after every step).
        if g.hero == hero and (not hero or g.owner == owner):
            continue
        dx, dy = g.pos[0] - mx, g.pos[1] - my
        if dx < -1 or dx > 1 or dy < -1 or dy > 1 or (dx == 0 and dy == 0):
            continue
        front = set(front_squares(state, g))
        if any(h.pos in front for h in state.figures if h.where == "board"
               and is_enemy(state, g, h)):
            continue
        g.facing = facing_towards(g.pos, mover.pos)
        events.append(Event("crawl.event.free_turn", {"figure": g.uid, "facing": g.facing}))


def move_figure(state: CrawlState, f: Figure, to: Square, events: list[Event]) -> None:
    """Moves f along its cheapest path to ``to``; marker sections entered convert."""
    reach = figure_reach(state, f, state.mp)
    cost = reach.costs[to]
    path = reach.path(to)
    breakdown = move_breakdown(state, f, path)
    state.mp -= cost
    board = board_of(state)
    was = board.section[f.pos] if f.pos is not None else -1
    if f.where == "outside":
        f.where = "board"
        f.facing = facing_towards(path[0], path[1]) if len(path) > 1 else \
            _inward(board, path[0])
        events.append(Event("crawl.event.enter", {"figure": f.uid, "at": list(path[0])}))
    elif len(path) > 1:
        f.facing = facing_towards(path[-2], path[-1])
    f.pos = to
    events.append(Event("crawl.event.move", {"figure": f.uid, "to": list(to), "cost": cost,
                                             "path": [list(p) for p in path]},
                        breakdowns=(breakdown,)))
    free_turns(state, f, events)
    sec = board.section[to]
    if f.hero and sec != was:
        for m in sorted((m for m in state.markers if board.section[m.pos] == sec),
                        key=lambda m: m.uid):
            state.queue.append({"kind": "convert", "marker": m.uid, "hero": f.uid})
    if board.terrain[to] in HALTING:
        # seed 004, "Teleport"/"Vortex": entering costs 1 and ends the activation.
        events.append(Event("crawl.event.halted", {"figure": f.uid,
                                                   "terrain": board.terrain[to]}))
        end_activation(state, events)


def vortex(state: CrawlState, f: Figure, turns: int, events: list[Event]) -> None:
    """Turns the section f stands in (seed 004, "Vortex": "darf die Figur die Sektion, in der
    sie sich befindet, um einen Schritt in eine beliebige Richtung drehen ... verbraucht alle
    Bewegungspunkte"); built dungeons only."""
    from engine.rules.crawl import builder
    assert f.pos is not None
    old = dict(zip([e for e, _ in board_of(state).doors], state.doors, strict=True))
    index = builder.turn_section(state, f.pos, turns)
    state.memo.clear()
    # Doors of joins keep their state where the join stays; new joins start closed.
    state.doors = [old.get(edge, "closed") for edge, _ in board_of(state).doors]
    state.mp = 0
    events.append(Event("crawl.event.vortex", {"figure": f.uid, "turn": turns,
                                               "section": state.layout["pieces"][index][0]}))
    end_activation(state, events)


def teleport_targets(state: CrawlState, f: Figure) -> list[Square]:
    """Returns the free teleport squares f may jump to from the teleport it stands on."""
    board = board_of(state)
    if f.pos is None or board.terrain.get(f.pos) != "teleport" or state.mp <= 0:
        return []
    occ = occupancy(state)
    return [sq for sq in sorted(board.walkable) if board.terrain[sq] == "teleport"
            and sq != f.pos and sq not in occ]


def teleport(state: CrawlState, f: Figure, to: Square, events: list[Event]) -> None:
    """Jumps f to another free teleport; it uses every movement point (seed 004, "Teleport":
    "Die Teleportation verbraucht alle Bewegungspunkte der Figur")."""
    board = board_of(state)
    assert f.pos is not None
    was = board.section[f.pos]
    state.mp = 0
    f.pos = to
    events.append(Event("crawl.event.teleport", {"figure": f.uid, "to": list(to)}))
    free_turns(state, f, events)
    sec = board.section[to]
    if f.hero and sec != was:
        for m in sorted((m for m in state.markers if board.section[m.pos] == sec),
                        key=lambda m: m.uid):
            state.queue.append({"kind": "convert", "marker": m.uid, "hero": f.uid})
    end_activation(state, events)


def _inward(board: Board, sq: Square) -> int:
    x, y = sq
    if y == board.height - 1:
        return 0
    if y == 0:
        return 4
    if x == 0:
        return 2
    return 6


def move_breakdown(state: CrawlState, f: Figure, path: list[Square]) -> Breakdown:
    """Returns why a path costs what it costs: one term per square entered (call before moving).

    From outside the first square is the entrance, which costs its own value (seed 004: "Das
    Betreten eines Dungeons kostet so viele Bewegungspunkte wie auf dem ersten Feld").
    """
    board = board_of(state)
    t = traits(state, f)
    # Only the squares between the ends are tested for figures passed through.
    occ = occupancy(state) if len(path) > 2 else {}
    cost_of, terrain = board.cost, board.terrain
    terms: list[Term] = []
    total = 0
    if f.where == "outside" and path:
        terms.append(Term(Message("crawl.term.entrance", {"at": list(path[0])}),
                          cost_of[path[0]]))
        total += int(cost_of[path[0]])
    last = len(path) - 1
    for i in range(1, len(path)):
        prev, sq = path[i - 1], path[i]
        if i < last and sq in occ:
            terms.append(Term(Message("crawl.term.pass", {"at": list(sq)}), t.pass_cost))
            total += int(t.pass_cost)
            continue
        cost = cost_of[sq] or 1
        if t.terrain_walker and cost > 1:
            cost = 1
        terms.append(Term(Message("crawl.term.terrain." + terrain[sq], {"at": list(sq)}), cost))
        total += int(cost)
        if prev[0] != sq[0] and prev[1] != sq[1]:
            terms.append(Term(Message("crawl.term.diagonal"), 1))
            total += 1
    return Breakdown(Message("crawl.bd.move"), total, tuple(terms))


def break_away(state: CrawlState, f: Figure, events: list[Event]) -> None:
    """Tries to break away (2 MP, a d6 of 4-6; seed 004, "Lösen")."""
    state.mp -= BREAK_MP
    foes = must_break_away(state, f)
    if traits(state, f).auto_break_away:
        roll, ok = 0, True
    else:
        roll = state.rng.roll(6)
        ok = roll >= 4
    if ok:
        f.broken.extend(foes)
    # Quickness needs no roll: its own text, so the log never shows a roll of 0.
    key = "crawl.event.break_away_sure" if roll == 0 else "crawl.event.break_away"
    events.append(Event(key, {"figure": f.uid, "roll": roll, "ok": ok, "from": list(foes)}))


def pass_through(state: CrawlState, f: Figure, e: Figure, to: Square,
                 events: list[Event]) -> None:
    """Moves f through enemy e's square; e strikes freely from behind, then f strikes back."""
    board = board_of(state)
    t = traits(state, f)
    assert e.pos is not None
    diag = e.pos[0] != to[0] and e.pos[1] != to[1]
    cost = t.pass_cost + (1 if t.terrain_walker else board.cost[to]) + (1 if diag else 0)
    state.mp -= cost
    f.pos = to
    f.facing = facing_towards(e.pos, to)
    events.append(Event("crawl.event.pass_through", {"figure": f.uid, "over": e.uid,
                                                     "to": list(to), "cost": cost}))
    if not is_demoralized(e):
        # seed 004: the passed enemy attacks through the mover's rear arc (+1); the mover may
        # then counterattack without a bonus.
        f_facing = f.facing
        f.facing = facing_towards(e.pos, to)
        combat.melee(state, e, f, events, free=True)
        f.facing = f_facing
    if f.where == "board":
        free_turns(state, f, events)


def examine(state: CrawlState, f: Figure, ch: Chest, events: list[Event]) -> None:
    """Examines a chest: its trap dial turns back a d6 of clicks (free, once per game)."""
    roll = state.rng.roll(6)
    ch.trap = (0 - roll) % 6
    ch.examined = True
    trap = trap_of(ch)
    events.append(Event("crawl.event.examine", {"figure": f.uid, "chest": ch.uid, "roll": roll,
                                                "trap": ch.trap,
                                                "disarm": trap.disarm if trap else 0},
                        reveal=True))


def disarm(state: CrawlState, f: Figure, ch: Chest, slow: bool, events: list[Event]) -> None:
    """Tries to disarm a trap fast (3 MP) or slowly (6 MP, +2)."""
    state.mp -= SLOW_MP if slow else FAST_MP
    trap = trap_of(ch)
    assert trap is not None
    r1, r2 = combat.roll2(state)
    roll = r1 + r2
    bonus = traits(state, f).trap_bonus
    terms = [Term(Message("crawl.term.dice"), roll)]
    if slow:
        terms.append(Term(Message("crawl.term.slow"), 2))
    if bonus:
        terms.append(Term(Message("crawl.term.trap_skill"), bonus))
    total = sum(int(t.value) for t in terms)
    ok = roll == combat.HIT_ROLL or (roll != combat.MISS_ROLL and total >= trap.disarm)
    events.append(Event("crawl.event.disarm", {"figure": f.uid, "chest": ch.uid,
                                               "dice": [r1, r2], "total": total,
                                               "need": trap.disarm, "ok": ok},
                        breakdowns=(Breakdown(Message("crawl.bd.disarm"), total,
                                              tuple(terms)),)))
    if ok:
        ch.status = "disarmed"
        combat.gain_xp(state, f.owner, 50, events, "crawl.xp.disarm")
    else:
        trigger(state, ch, f, events, second=False)


def trigger(state: CrawlState, ch: Chest, f: Figure, events: list[Event], second: bool) -> None:
    """Sets off a chest's trap: spawn first, then its H, T or R attack (seed 004)."""
    trap = trap_of(ch)
    events.append(Event("crawl.event.trap", {"chest": ch.uid, "figure": f.uid,
                                             "trap": ch.trap, "second": second}))
    if not second:
        ch.status = "sprung"
        combat.gain_xp(state, f.owner, 25, events, "crawl.xp.trap")
    if trap is None:
        return
    if trap.spawn_count > 0:
        state.queue.append({"kind": "trap_spawns", "chest": ch.uid, "hero": f.uid,
                            "count": trap.spawn_count, "points": trap.spawn_points,
                            "placer": opponent(state, f.owner)})
    state.queue.append({"kind": "trap_attack", "chest": ch.uid, "hero": f.uid,
                        "trap": ch.trap, "flipped": False})


def loot(state: CrawlState, f: Figure, ch: Chest, events: list[Event]) -> None:
    """Opens a chest and takes the treasure, or sets off the second trap inside."""
    state.mp -= LOOT_MP
    t = treasure_of(ch)
    if t.trap:
        roll = state.rng.roll(6)
        ch.trap = (ch.trap - roll) % 6
        events.append(Event("crawl.event.treasure_trap", {"figure": f.uid, "chest": ch.uid,
                                                          "roll": roll, "trap": ch.trap},
                            reveal=True))
        ch.status = "gone"
        pos = ch.pos
        trigger(state, ch, f, events, second=True)
        ch.pos = pos
        state.queue.append({"kind": "remove_chest", "chest": ch.uid})
        return
    ch.status = "held"
    ch.holder = f.owner
    ch.pos = None
    state.players[f.owner].chests.append(ch.uid)
    events.append(Event("crawl.event.loot", {"figure": f.uid, "chest": ch.uid,
                                             "treasure": ch.treasure, "gold": t.gold},
                        reveal=True))


def end_activation(state: CrawlState, events: list[Event]) -> None:
    """Ends the running activation; iron doors fall shut again (seed 004, "Türen")."""
    if "open" in state.doors:  # only an open door can fall shut
        board = board_of(state)
        for i, (_, kind) in enumerate(board.doors):
            if kind == "iron" and state.doors[i] == "open":
                state.doors[i] = "closed"
    if state.active >= 0:
        events.append(Event("crawl.event.activation_end", {"figure": state.active}))
        if state.mode == "solitaire":
            from engine.rules.crawl import solo
            solo.after_activation(state, state.fig(state.active), events)
    state.active = -1
    state.active_marker = -1
    state.mp = 0


def move_marker(state: CrawlState, m: Marker, to: Square, events: list[Event]) -> None:
    """Moves an active marker; near a hero it ends its activation and turns into spawn."""
    reach = marker_reach(state, m, state.mp)
    cost = reach.costs[to]
    state.mp -= cost
    m.pos = to
    events.append(Event("crawl.event.marker_move", {"marker": m.uid, "to": list(to),
                                                    "cost": cost}))
    if to in reach.stops:
        board = board_of(state)
        heroes = [h for h in state.figures if h.hero and h.where == "board" and h.pos is not None
                  and (board.section[h.pos] == board.section[to] or distance(h.pos, to) <= 1)]
        hero = min(heroes, key=lambda h: (distance(h.pos, to), h.uid))
        state.queue.append({"kind": "convert", "marker": m.uid, "hero": hero.uid})
        end_activation(state, events)


# --- conversions and spawn placement -----------------------------------------------------


def pick_spawns(state: CrawlState, count: int, points: int) -> list[int]:
    """Returns pool spawn for a marker or trap result (seed 004, "Monster-Marken umwandeln").

    Each pick is the most valuable figure not above what is left once the cheapest possible
    figures are kept for the remaining count (count comes before total); the total is never
    exceeded. Among equal values the pool's order decides.
    """
    # (uid, points) of the pool, the points read once (the pool holds most of the spawn).
    pool = [(f.uid, fdef(f).points) for f in state.figures if f.where == "pool" and not f.hero]
    chosen: list[int] = []
    budget = points
    for i in range(count):
        left = [(uid, pts) for uid, pts in pool if uid not in chosen]
        if not left:
            break
        values = sorted([pts for _, pts in left])
        rest = count - i - 1
        reserve = sum(values[:rest]) if rest <= len(values) - 1 else 0
        cap = budget - reserve
        fit = [(uid, pts) for uid, pts in left if pts <= cap] or \
            [(uid, pts) for uid, pts in left if pts <= budget]
        if not fit:
            break
        # The most points, then the lowest uid (the first of equals, as max with that key).
        best_uid, best_pts = fit[0]
        for uid, pts in fit:
            if pts > best_pts or (pts == best_pts and uid < best_uid):
                best_uid, best_pts = uid, pts
        chosen.append(best_uid)
        budget -= best_pts
    return chosen


def placement_squares(state: CrawlState) -> list[Square]:
    """Returns where the next spawn of the pending placement may stand."""
    p = state.pending
    assert p is not None
    board = board_of(state)
    occ = occupancy(state)
    closed = closed_door_edges(state)
    anchors = [tuple(a) for a in (p["group"] or p["anchors"])]
    out = set()
    for a in anchors:
        for nxt, _ in board.neighbours[a]:
            if board.cost[nxt] > 0 and nxt not in occ and touching(state, a, nxt, closed):
                out.add(nxt)
    return sorted(out)


def place_spawn(state: CrawlState, sq: Square, events: list[Event]) -> None:
    """Places the next spawn of the pending placement on ``sq``."""
    p = state.pending
    assert p is not None
    f = state.fig(p["spawns"].pop(0))
    _put(state, f, sq, events)
    f.acted = bool(p.get("moved"))
    p["group"].append(list(sq))
    _settle_pending(state, events)


def _put(state: CrawlState, f: Figure, sq: Square, events: list[Event]) -> None:
    heroes = [h for h in state.figures if h.hero and h.where == "board" and h.pos is not None]
    f.where = "board"
    f.pos = sq
    f.click = 0
    f.acted = False
    if heroes:
        near = min(heroes, key=lambda h: (distance(h.pos, sq), h.uid))
        if near.pos is not None and near.pos != sq:
            f.facing = facing_towards(sq, near.pos)
    events.append(Event("crawl.event.spawn_placed", {"figure": f.uid, "spawn": f.did,
                                                     "at": list(sq), "facing": f.facing}))
    free_turns(state, f, events)


def _settle_pending(state: CrawlState, events: list[Event]) -> None:
    """Places forced spawn automatically and drops those that find no square."""
    p = state.pending
    while p is not None:
        if not p["spawns"]:
            state.pending = None
            return
        squares = placement_squares(state)
        if not squares:
            for uid in p["spawns"]:
                events.append(Event("crawl.event.spawn_unplaced", {"figure": uid}))
            state.pending = None
            return
        if len(squares) > 1 and state.mode != "solitaire":
            return
        if len(squares) > 1:
            from engine.rules.crawl import solo
            sq = solo.choose_placement(state, squares)
        else:
            sq = squares[0]
        f = state.fig(p["spawns"].pop(0))
        _put(state, f, sq, events)
        f.acted = bool(p.get("moved"))
        p["group"].append(list(sq))


def convert(state: CrawlState, m: Marker, hero: Figure, events: list[Event]) -> None:
    """Turns a marker into mage spawn: the hero's opponent rolls on its table and places."""
    mdef = content().get("marker", m.rank)
    r1, r2 = combat.roll2(state)
    row = next(r for r in mdef.rows if r.low <= r1 + r2 <= r.high)
    spawns = pick_spawns(state, row.count, row.points)
    placer = opponent(state, hero.owner)
    events.append(Event("crawl.event.convert", {"marker": m.uid, "rank": m.rank,
                                                "dice": [r1, r2], "count": row.count,
                                                "points": row.points, "spawns": spawns,
                                                "placer": placer}, reveal=True))
    pos = m.pos
    state.markers.remove(m)
    if not spawns:
        return
    # seed 004, "Mehr als zwei Spieler": a marker that moved carries a movement marker ("Eine
    # mit einer Bewegungsmarke versehene ... Monster-Marke darf nicht mehr aktiviert werden");
    # its brood takes its place with the movement marker until the monster master clears it.
    moved = m.acted and state.nplayers > 2
    first = state.fig(spawns.pop(0))
    _put(state, first, pos, events)
    first.acted = moved
    state.pending = {"kind": "place_spawn", "seat": placer, "spawns": spawns,
                     "group": [list(pos)], "anchors": [], "moved": moved}
    _settle_pending(state, events)


def trap_spawns(state: CrawlState, item: dict[str, Any], events: list[Event]) -> None:
    """Places the spawn a trap calls, the first next to the chest or the hero."""
    spawns = pick_spawns(state, item["count"], item["points"])
    ch = state.chest(item["chest"])
    hero = state.fig(item["hero"])
    anchors = [list(ch.pos)] if ch.pos is not None else []
    if hero.where == "board" and hero.pos is not None:
        anchors.append(list(hero.pos))
    events.append(Event("crawl.event.trap_spawns", {"chest": ch.uid, "spawns": spawns}))
    if not spawns or not anchors:
        return
    state.pending = {"kind": "place_spawn", "seat": item["placer"], "spawns": spawns,
                     "group": [], "anchors": anchors}
    _settle_pending(state, events)


def trap_area(state: CrawlState, item: dict[str, Any]) -> tuple[list[Figure], list[Marker]]:
    """Returns the figures and markers a trap's attack reaches."""
    ch = state.chest(item["chest"])
    hero = state.fig(item["hero"])
    trap = content().get("chest", ch.did).traps[item["trap"] - 1]
    board = board_of(state)
    figs = [f for f in state.figures if f.where == "board" and f.pos is not None]
    if trap.form == "H":
        return ([hero] if hero.where == "board" else []), []
    assert ch.pos is not None
    if trap.form == "T":
        secs = {board.section[ch.pos]}
        if hero.pos is not None:
            secs.add(board.section[hero.pos])
        return ([f for f in figs if f.pos is not None and board.section[f.pos] in secs],
                [m for m in state.markers if board.section[m.pos] in secs])
    # R: a volley from the chest's front over its arc and range; the triggering hero does not
    # block the line of fire.
    centre: Square = ch.pos

    def hit(sq: Square | None, uid: int) -> bool:
        from engine.core.squaregrid import in_arc
        return (sq is not None and distance(centre, sq) <= trap.range
                and in_arc(centre, ch.facing, 3, sq)
                and has_lof(state, centre, sq, (hero.uid, uid)))
    return ([f for f in figs if hit(f.pos, f.uid)],
            [m for m in state.markers if hit(m.pos, -1)])


def trap_attack(state: CrawlState, item: dict[str, Any], events: list[Event]) -> None:
    """Rolls a trap's attack against everything it reaches (the opponent rolls)."""
    figs, markers = trap_area(state, item)
    if markers and not item["flipped"]:
        # seed 004: markers the trap could hurt flip first; their spawn are attacked too.
        item = dict(item, flipped=True)
        hero = state.fig(item["hero"])
        state.queue[0:0] = [{"kind": "convert", "marker": m.uid, "hero": hero.uid}
                            for m in markers] + [item]
        return
    ch = state.chest(item["chest"])
    trap = content().get("chest", ch.did).traps[item["trap"] - 1]
    r1, r2 = combat.roll2(state)
    roll = r1 + r2
    total = roll + trap.attack
    events.append(Event("crawl.event.trap_attack", {"chest": ch.uid, "form": trap.form,
                                                    "dice": [r1, r2], "total": total},
                        breakdowns=(Breakdown(Message("crawl.bd.attack"), total, (
                            Term(Message("crawl.term.dice"), roll),
                            Term(Message("crawl.term.trap"), trap.attack))),)))
    for f in figs:
        if f.where != "board":
            continue
        # Damage from items and traps ignores special abilities (seed 004).
        defence = combat.dial_defence(f)
        hit = roll == combat.HIT_ROLL or (roll != combat.MISS_ROLL and total >= defence)
        clicks = trap.damage + (1 if roll == combat.HIT_ROLL else 0) if hit else 0
        events.append(Event("crawl.event.trap_hit", {"figure": f.uid, "hit": hit,
                                                     "defence": defence, "damage": clicks}))
        if hit:
            combat.damage(state, f, clicks, events)


def advance(state: CrawlState, events: list[Event]) -> None:
    """Works through queued consequences until a decision is needed, then checks the end."""
    while state.pending is None and state.queue and not state.over:
        item = state.queue.pop(0)
        kind = item["kind"]
        if kind == "convert":
            m = next((m for m in state.markers if m.uid == item["marker"]), None)
            if m is not None:
                convert(state, m, state.fig(item["hero"]), events)
        elif kind == "trap_spawns":
            trap_spawns(state, item, events)
        elif kind == "trap_attack":
            trap_attack(state, item, events)
        elif kind == "remove_chest":
            state.chest(item["chest"]).pos = None
    if state.over or state.pending is not None or state.phase != "play":
        return
    if heroes_done(state):
        finish(state, "all_out", events)
        return
    if state.active >= 0:
        # A figure knocked out in its own activation (a passed enemy's free strike, a trap,
        # a counterattack) acts no more: "Wird ein Held ausgeschaltet, verlierst du die
        # Aktivierung" (solitaire too, whose turn is settled by solo.advance below).
        where = state.fig(state.active).where
        if where != "board" and where != "outside":
            end_activation(state, events)
    if state.mode == "solitaire":
        from engine.rules.crawl import solo
        solo.advance(state, events)
        return
    if state.active < 0 and state.active_marker < 0 and state.acts_left <= 0:
        end_turn(state, events)


CrawlRules.campaigns = (floors.CrawlFloors(),)
RULES = CrawlRules()
