"""The crawl's heuristic player bot: heroes go for chests and then the exit, spawn and markers
hunt the opponents' heroes. It reads the state only through the rules' legal actions and the
same look-ups the view offers (everything but the hidden treasure dials is public)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from engine.ai import (
    Bot,
    register_bot,
    register_evaluator,
    register_playout_depth_scale,
    register_rollout_policy,
)
from engine.core.actions import Action
from engine.core.protocol import GameRules
from engine.core.rng import Rng
from engine.core.squaregrid import Square, edge_squares, facing_towards
from engine.rules.crawl import combat
from engine.rules.crawl.board import Board, Field
from engine.rules.crawl.core import (
    board_of,
    chest_front,
    distance,
    fdef,
    front_squares,
    heroes_of,
    in_front_arc,
    in_rear,
    is_demoralized,
    item_keys,
    line_cover,
    may_attack,
    occupancy,
    traits,
    trap_of,
    value,
)
from engine.rules.crawl.movement import (
    MarkerCheck,
    Reach,
    figure_reach,
    marker_reach,
    must_break_away,
)
from engine.rules.crawl.rules import (
    BREAK_MP,
    END_ACTIVATION,
    END_TURN,
    FACE,
    _uid_action,
    activation_actions,
    board_moves,
    chest_limit,
    chest_spots,
    drink_actions,
    exit_square,
    gold,
    hero_activations,
    marker_squares,
    move_action,
    move_actions,
    others_may_act,
    spawn_to_activate,
)
from engine.rules.crawl.solo import is_campaign, is_cleared
from engine.rules.crawl.state import CrawlState, Figure, Marker


def _field(board: Board, goals: tuple[Square, ...], limit: int = 999) -> Field:
    """Returns the movement distance from every square to the nearest goal (walls respected),
    read as field[square]: NO_WAY (999) where there is none."""
    return board.grown_field(goals, limit)


def _sq(a: Action, name: str = "to") -> Square:
    v = a[name]
    return (v[0], v[1])
# The hot loops read a move's square as ``a.args[0][1]``: a move's only parameter is "to",
# a square tuple (rules.move_action).


class CrawlHeuristicBot(Bot):
    """Greedy goals with exact hit odds; fast enough for the 2 ms decision budget."""

    bot_id = "heuristic"

    def choose(self, rules: GameRules[Any], state: CrawlState, seat: int) -> Action:
        """Returns the action for ``seat``."""
        if state.pending is None and state.phase in ("chests", "markers") \
                and rules.current_actor(state) == seat:
            return self._place_setup(state)
        if state.pending is None and state.phase == "play" and state.active < 0 \
                and state.active_marker < 0 and not state.over \
                and rules.current_actor(state) == seat:
            # Between activations a hero goes first (_turn): its activation and potions are
            # the only actions that matter then, so the spawn and markers are not listed.
            mine = heroes_of(state, state.current)
            heroes = hero_activations(state, mine)
            if heroes:
                drink = self._drink(state, state.fig(heroes[0]["figure"]),
                                    drink_actions(state, mine))
                return drink if drink is not None else heroes[0]
            return self._others(state, seat, mine)
        if state.pending is None and state.phase == "play" and state.active >= 0 \
                and state.mode != "solitaire" and not state.over \
                and rules.current_actor(state) == seat:
            f = state.fig(state.active)
            if f.where == "board" and f.pos is not None:
                # The kinds a decision reads are listed when first asked for (neither reads
                # passing through or stealing, a spawn reads only its attacks, turns, breaking
                # away and moves). Both end the activation whenever nothing they read is
                # legal, as the one-action shortcut below would.
                if not f.hero:
                    return self._spawn(state, f, _Listing(state))
                if state.mp > 0:
                    return self._hero(state, f, _Listing(state))
                # No MP left: no move, pass or theft is legal (each costs MP), so this is
                # the full legal list, without going through legal_actions.
                return self._hero(state, f, _group(activation_actions(state, moves=False,
                                                                      passes=False)))
        if state.pending is None and state.phase == "play" and state.active < 0 \
                and state.active_marker >= 0 and not state.over \
                and rules.current_actor(state) == seat:
            # An active marker's moves are its reach map's destinations: read from the map.
            if state.mp <= 0:
                return END_ACTIVATION  # every step costs MP: the map holds just its square
            m = state.marker(state.active_marker)
            return self._marker(state, seat, m, marker_reach(state, m, state.mp))
        legal = self._legal_for(rules, state, seat)
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if "place_spawn" in kinds:
            return self._place(state, seat, legal)
        if state.phase != "play":
            return self._setup(state, seat, legal)
        if kinds & {"descend"}:
            return Action.make("descend")  # campaign: a cleared floor, the stairs reached
        if state.active >= 0:
            f = state.fig(state.active)
            if f.hero:
                return self._hero(state, f, _group(legal))
            return self._spawn(state, f, _group(legal))
        if state.active_marker >= 0:
            m = state.marker(state.active_marker)
            return self._marker(state, seat, m, marker_reach(state, m, state.mp))
        return self._turn(state, seat, legal)

    # --- set-up ---------------------------------------------------------------------------
    def _setup(self, state: CrawlState, seat: int, legal: list[Action]) -> Action:
        kinds = [a.kind for a in legal]
        if "choose_exit" in kinds:
            # Give the opponent the exit farthest from its entrance.
            board = board_of(state)
            who = state.setup["steps"][0][1]
            ent = state.players[who].entrance
            exits = [a for a in legal if a.kind in ("choose_exit", "choose_exit_square")]

            def place(a: Action) -> Square:
                return board.entrances[a["entrance"]][1] if a.kind == "choose_exit" else a["at"]
            if who != seat and ent >= 0:
                start = board.entrances[ent][1]
                return max(exits, key=lambda a: (distance(start, place(a)), a.kind == "choose_exit",
                                                 -place(a)[0], -place(a)[1]))
            ent_sq = board.entrances[ent][1] if ent >= 0 else None
            return min(exits, key=lambda a: (distance(ent_sq, place(a)) if ent_sq else 0,
                                             place(a)))
        if "choose_section" in kinds:
            return self._choose_section(state, legal)
        if "place_section" in kinds:
            return self._place_section(state, legal)
        if "done_stashing" in kinds:
            return self._stash(state, legal)
        if "skip_piece" in kinds:
            # Pieces slow or strand our own hero as much as the opponent's (difficult and
            # water cost, teleports and vortices end moves): the bot leaves the pool alone.
            return Action.make("skip_piece")
        if state.setup.get("hire") and "pick_hero" in kinds:
            # Campaign hiring: a chest buys the strongest level-1 hero (most points).
            from engine.rules.crawl.core import content
            picks = [a for a in legal if a.kind == "pick_hero"]
            return max(picks, key=lambda a: (content().get("hero", a["hero"]).points[0],
                                             a["hero"]))
        if state.mode == "solitaire" and "pick_hero" in kinds:
            return _team_pick(state, legal)
        if "pick_hero" in kinds and "done_picking" in kinds and self.rng.below(3) == 0:
            return Action.make("done_picking")
        options = [a for a in legal if a.kind != "done_picking"] or legal
        return options[self.rng.below(len(options))]

    def _choose_section(self, state: CrawlState, legal: list[Action]) -> Action:
        """Returns the section with the most exits (it fits the growing dungeon most easily),
        a corridor only while the hand has none (it is kept for the gate)."""
        from engine.rules.crawl import builder
        corridors = set(builder.section_ids()[0])
        hand = state.setup["hands"][state.current]
        has_corridor = any(s in corridors for s in hand)

        def score(a: Action) -> tuple[int, int, str]:
            sid = str(a["section"])
            wanted = (sid in corridors) != has_corridor
            return (int(wanted), len(builder.exits_of(sid, 0)), sid)
        best = max(score(a) for a in legal)[:2]
        ties = [a for a in legal if score(a)[:2] == best]
        return ties[self.rng.below(len(ties))]

    def _place_section(self, state: CrawlState, legal: list[Action]) -> Action:
        """Returns the placement that leaves the most open exits for the sections still in
        hand, then the one nearest the centre (a compact dungeon means short walks)."""
        from engine.rules.crawl import builder
        occ = {(p[1], p[2]) for p in state.layout["pieces"]}
        cw, ch = state.layout.get("cells") or (builder.CANVAS, builder.CANVAS)

        def score(a: Action) -> tuple[int, int]:
            cell = (a["cell"][0], a["cell"][1])
            free = 0
            for side in builder.exits_of(str(a["section"]), int(a["rot"])):
                dx, dy = builder.STEP[side]
                nxt = (cell[0] + dx, cell[1] + dy)
                if nxt not in occ and 0 <= nxt[0] < cw and 0 <= nxt[1] < ch:
                    free += 1
            return (free, -abs(cell[0] - cw // 2) - abs(cell[1] - ch // 2))
        best = max(score(a) for a in legal)
        ties = [a for a in legal if score(a) == best]
        return ties[self.rng.below(len(ties))]

    def _stash(self, state: CrawlState, legal: list[Action]) -> Action:
        """Returns leaving behind a chest whose treasure is gold only (safe gold, nothing
        lost), or going on with the rest: item chests help the heroes below."""
        from engine.rules.crawl.core import treasure_of
        for a in legal:
            if a.kind == "stash" and treasure_of(state.chest(a["chest"])).kind == "none":
                return a
        return Action.make("done_stashing")

    def _place_setup(self, state: CrawlState) -> Action:
        """Returns a chest or marker placement at random among the legal spots (built without
        listing every placement as an action)."""
        if state.phase == "chests":
            spots = chest_spots(state)
            sq, facing = spots[self.rng.below(len(spots))]
            return Action("place_chest", (("at", sq), ("facing", facing)))
        squares = marker_squares(state)
        ranks = sorted(set(state.supply["markers"]))
        rank = ranks[self.rng.below(len(ranks))]
        return Action("place_marker", (("at", squares[self.rng.below(len(squares))]),
                                       ("rank", rank)))

    def _place(self, state: CrawlState, seat: int, legal: list[Action]) -> Action:
        foes = [h.pos for h in state.figures if h.hero and h.owner != seat
                and h.where == "board" and h.pos is not None]
        if not foes:
            return legal[0]
        return min(legal, key=lambda a: (min(distance(_sq(a, "at"), p) for p in foes),
                                         tuple(a["at"])))

    # --- between activations ----------------------------------------------------------------
    def _turn(self, state: CrawlState, seat: int, legal: list[Action]) -> Action:
        heroes = [a for a in legal if a.kind == "activate" and state.fig(a["figure"]).hero]
        if heroes:
            drink = self._drink(state, state.fig(heroes[0]["figure"]), legal)
            return drink if drink is not None else heroes[0]
        foes = [h for h in state.figures if h.hero and h.owner != seat and h.where == "board"]
        best, best_d = None, 99
        for a in legal:
            if a.kind == "activate":
                f = state.fig(a["figure"])
                d = min((distance(f.pos, h.pos) for h in foes), default=99)
            elif a.kind == "activate_marker":
                m = state.marker(a["marker"])
                d = min((distance(m.pos, h.pos) for h in foes), default=99) + 2
            else:
                continue
            if d < best_d:
                best, best_d = a, d
        if best is not None and best_d <= 12:
            return best
        return Action.make("end_turn")

    def _others(self, state: CrawlState, seat: int, mine: list[Figure]) -> Action:
        """Returns _turn's choice when no hero may act: the spawn or marker nearest an
        opposing hero, or the end of the turn (``mine``: the current seat's heroes). A marker
        is tested for a legal step only when it would win (the test is the costly part of
        listing the turn's actions)."""
        if not others_may_act(state, mine):
            return END_TURN  # nothing but potions and the end of the turn is listed
        foes = [h.pos for h in state.figures if h.hero and h.owner != seat and h.where == "board"
                and h.pos is not None]  # a hero on the board always has a square
        if not foes:
            return END_TURN  # every distance would be 99: nothing is near enough
        # Only a choice within 12 squares is taken: starting the best distance at 13 picks
        # the same first nearest one (or none), without weighing the farther ones.
        best, best_d = None, 13
        for f in spawn_to_activate(state, mine):
            d = _nearest(f.pos, foes)
            if d < best_d:
                best, best_d = _uid_action("activate", "figure", f.uid), d
        check: MarkerCheck | None = None
        for m in state.markers:
            if m.acted:
                continue
            d = _nearest(m.pos, foes) + 2
            if d >= best_d:
                continue  # cannot win, legal or not
            if check is None:
                check = MarkerCheck(state, occupancy(state))
            if check.can_move(m):
                best, best_d = _uid_action("activate_marker", "marker", m.uid), d
        return best if best is not None else END_TURN

    def _drink(self, state: CrawlState, f: Figure, legal: list[Action]) -> Action | None:
        """Returns a potion for the hero about to act when an enemy stands close enough for a
        fight this turn (potions serve once, seed 004: "mit Ausnahme der „Potions“")."""
        if f.pos is None:
            return None
        potions = [a for a in legal if a.kind == "drink" and a["figure"] == f.uid]
        if not potions:
            return None
        near = any(g.where == "board" and g.pos is not None and may_attack(state, g, f)
                   and distance(g.pos, f.pos) <= DRINK_NEAR for g in state.figures)
        return potions[0] if near else None

    # --- hero activation ------------------------------------------------------------------
    def _hero(self, state: CrawlState, f: Figure, by_kind: _Kinds) -> Action:
        if isinstance(by_kind, dict) and by_kind.keys() <= _TURN_OR_END:
            # Nothing but turning is left (no MP): every branch below ends in _face_threat.
            turn = self._face_threat(state, f, by_kind)
            return turn if turn is not None else END_ACTIVATION
        # The kinds but the moves as a plain dict: the many look-ups below cost no call.
        kinds: _Kinds = by_kind
        if isinstance(by_kind, _Listing):
            kinds = listed = by_kind.others()
            if listed.keys() <= _TURN_OR_END and by_kind.no_moves():
                # Held in an enemy's arc with too few MP to break away (or strike), or spent:
                # as above, every branch below would end in _face_threat.
                turn = self._face_threat(state, f, listed)
                return turn if turn is not None else END_ACTIVATION
        player = state.players[f.owner]
        full = len(player.chests) >= chest_limit(state, f.owner)
        if "leave" in kinds and self._should_leave(state, f, full):
            return kinds["leave"][0]
        if "descend" in kinds:
            return kinds["descend"][0]  # campaign: the floor is cleared, the stairs reached
        if "loot" in kinds:
            return kinds["loot"][0]
        if "examine" in kinds:
            return kinds["examine"][0]
        if "disarm" in kinds:
            return self._disarm(state, f, kinds["disarm"])
        goal, hunting = self._hero_goal(state, f)
        # A hero carrying treasure to the exit fights on the way only for a sure gain (every
        # attack costs 4 MP); _go still strikes when no step gains ground.
        carrying = bool(goal) and goal == (exit_square(state, f.owner),) and any(
            not state.chest(u).safe for u in state.players[f.owner].chests)
        if hunting and state.mp >= 4 and "attack" not in kinds:
            # Turning is free: face the prey next to the hero, then strike.
            turn = self._face_threat(state, f, kinds, reach=1)
            if turn is not None:
                return turn
        # Weighed once: _go falls back on the same attacks with a lower threshold.
        weighed = self._weigh_strikes(state, f, kinds, hero=True)
        strike = self._strike(state, f, kinds, hero=True,
                              threshold=CARRY_STRIKE if carrying else None, weighed=weighed)
        if strike is not None:
            return strike
        # Built only now: most decisions end above without needing the danger map.
        danger = _Danger(state, f)
        if f.pos is not None and _health(f) <= 2 and danger.at(f.pos) > 0:
            for a in kinds.get("heal", []):
                if a["target"] == f.uid:
                    return a
        if "teleport" in kinds and goal and f.pos is not None:
            # Teleport when another teleporter lies nearer the goal than the walk from here.
            field = _field(board_of(state), goal)
            here = field[f.pos]
            best = min(kinds["teleport"], key=lambda a: (field[_sq(a)], _sq(a)))
            if field[_sq(best)] + 4 < here:
                return best
        return self._go(state, f, goal, by_kind, danger, hunting, weighed)

    def _should_leave(self, state: CrawlState, f: Figure, full: bool) -> bool:
        """Returns whether hero f, standing at the exit with treasure, leaves now. Lone wolf:
        when full, nothing is left to open, badly hurt or the turn limit near. Solitaire: also
        whenever loose treasure is held (leaving brings two chests to safety and wins the game,
        seed 004 "Schätze in Sicherheit bringen"). The campaign's floor ends only with the
        whole team below, so there the exit is for the hurt and for the last rounds."""
        late = state.round > state.turn_limit - 3
        if state.mode != "solitaire":
            return full or not self._chests_left(state, f) or _health(f) <= 2 or late
        if is_campaign(state):
            alone = sum(1 for g in state.figures if g.hero and g.where == "board") <= 1
            goal = self._hero_goal(state, f)[0]
            return goal == (f.pos,) or (_health(f) <= 2 and alone and not is_cleared(state))
        loose = any(not state.chest(u).safe for u in state.players[f.owner].chests)
        return loose or full or not self._chests_left(state, f) or _health(f) <= 2 or late

    def _chests_left(self, state: CrawlState, f: Figure) -> bool:
        """Returns whether some chest may still be opened (the bot's reason to stay)."""
        return any(ch.pos is not None and ch.status in ("closed", "disarmed", "sprung")
                   for ch in state.chests)

    def _disarm(self, state: CrawlState, f: Figure, options: list[Action]) -> Action:
        """Returns fast or slow disarming: slow (+2) when the MP allow looting afterwards or
        the odds gain much; fast when it leaves MP to loot at once."""
        ch = state.chest(options[0]["chest"])
        trap = trap_of(ch)
        bonus = traits(state, f).trap_bonus
        need = trap.disarm if trap is not None else 0
        fast = _odds(need - bonus)
        slow = _odds(need - bonus - 2)
        slow_a = [a for a in options if a["slow"]]
        fast_a = [a for a in options if not a["slow"]]
        if slow_a and (state.mp >= 8 or not fast_a or slow - fast > 0.2 or state.mp < 5):
            return slow_a[0]
        return fast_a[0] if fast_a else options[0]

    def _strike(self, state: CrawlState, f: Figure, by_kind: _Kinds,
                hero: bool = False, threshold: float | None = None,
                weighed: tuple[Action | None, float] | None = None) -> Action | None:
        """Returns the attack with the best expected exchange of clicks, or None when none is
        worth it: heroes weigh the counterattack by how little health they have left; spawn
        are expendable and attack whenever they hit often enough (``weighed``: the attacks
        as _weigh_strikes weighed them in this position)."""
        best, score = weighed if weighed is not None else self._weigh_strikes(
            state, f, by_kind, hero)
        if threshold is None:
            threshold = 0.3 if hero else 0.2
        return best if best is not None and score >= threshold else None

    def _weigh_strikes(self, state: CrawlState, f: Figure, by_kind: _Kinds,
                       hero: bool) -> tuple[Action | None, float]:
        """Returns the attack with the best expected exchange of clicks and its score."""
        best, score = None, -99.0
        own_left = _health(f)
        fear = (1.0 + STRIKE_FEAR / max(1, own_left)) if hero else 0.3
        attacks = by_kind.get("attack", [])
        # The damage values are read only when there is something to attack with them.
        dmg = value(state, f, "damage", "melee") if attacks else 0
        for a in attacks:
            tgt = state.fig(a["target"])
            p = _hit_odds(state, f, tgt, "melee")
            left = _health(tgt)
            ko = p if dmg >= left else 0.0
            gain = p * min(dmg, left) + 3.0 * ko
            loss = _counter(state, tgt, f, "melee") * (1 - ko) + 1 / 36
            s = gain - fear * loss
            if s > score:
                best, score = a, s
        shots = by_kind.get("shoot", [])
        rdmg = value(state, f, "damage", "ranged") if shots else 0
        for a in shots:
            s = 0.0
            many = len(a["targets"]) > 1
            for uid in a["targets"]:
                tgt = state.fig(uid)
                p = _hit_odds(state, f, tgt, "ranged")
                d = 1 if many else rdmg
                left = _health(tgt)
                ko = p if d >= left else 0.0
                s += p * min(d, left) + 3.0 * ko
                s -= fear * _counter(state, tgt, f, "ranged") * (1 - ko)
            s -= fear / 36
            if s > score:
                best, score = a, s
        for a in by_kind.get("shockwave", []):
            if score < 0.6:
                best, score = a, 0.6
        for a in by_kind.get("heal", []):
            g = state.fig(a["target"])
            if g.click - combat.min_click(g) >= 2 and score < 0.8:
                best, score = a, 0.8
        return best, score

    def _hero_goal(self, state: CrawlState, f: Figure) -> tuple[tuple[Square, ...], bool]:
        """Returns where hero f heads and whether it hunts (walks at enemies on purpose): the
        nearest free chest front; the exit once treasure is held and the walk to a chest is
        long, health low or time short. Solitaire: the hero nearest the exit carries loose
        treasure out at once (a hero out with gold wins). Campaign: with no chest left to
        take, the team hunts brood and markers, then takes the stairs down (seed 004: "Die
        nächste Etage kann erst dann betreten werden, wenn diese Etage gesäubert wurde")."""
        board = board_of(state)
        player = state.players[f.owner]
        exit_sq = exit_square(state, f.owner)
        chests: list[Square] = []
        if len(player.chests) < chest_limit(state, f.owner):
            # Front squares held by other figures are no goal (the bot would wait there).
            held = {g.pos for g in state.figures if g.where == "board" and g.uid != f.uid}
            walkable = board.walkable
            for ch in state.chests:
                if ch.pos is not None and ch.status in ("closed", "disarmed", "sprung"):
                    for sq in chest_front(ch):
                        if sq in walkable and sq not in held:
                            chests.append(sq)
        fronts = tuple(sorted(chests))
        solitaire = state.mode == "solitaire"
        campaign = solitaire and is_campaign(state)
        if campaign:
            return self._campaign_goal(state, f, fronts, exit_sq)
        if player.chests and exit_sq is not None:
            if not chests or state.round > state.turn_limit - 6 or _health(f) <= 2:
                return (exit_sq,), False
            if solitaire and self._runner(state, f, exit_sq):
                return (exit_sq,), False
            here = f.pos if f.pos is not None else board.entrances[player.entrance][1]
            to_chest = _field(board, fronts)[here]
            if to_chest > 10:
                return (exit_sq,), False
        if chests:
            return fronts, False
        return ((exit_sq,) if exit_sq is not None else ()), False

    def _runner(self, state: CrawlState, f: Figure, exit_sq: Square) -> bool:
        """Returns whether f is the solitaire hero that carries loose treasure out: loose
        treasure is held and f stands nearest the exit (walking distance, then uid)."""
        if not any(not state.chest(u).safe for u in state.players[f.owner].chests):
            return False
        field = _field(board_of(state), (exit_sq,))
        heroes = [g for g in state.figures if g.hero and g.where == "board"
                  and g.pos is not None and g.owner == f.owner]
        if not heroes:
            return False
        best = min(heroes, key=lambda g: (field[g.pos], g.uid))  # type: ignore[index]
        return best.uid == f.uid

    def _campaign_goal(self, state: CrawlState, f: Figure, chests: tuple[Square, ...],
                       exit_sq: Square | None) -> tuple[tuple[Square, ...], bool]:
        """Returns a campaign hero's goal: chests first, then the brood and markers (a floor
        is cleared when none is left), then the stairs; the exit in the last rounds or when
        the team is spent."""
        held = state.players[f.owner].chests
        stairs = state.supply.get("stairs")
        left = state.turn_limit - state.round
        stairs_sq = (stairs[0], stairs[1]) if stairs is not None else None
        if stairs_sq is not None and is_cleared(state) and (
                exit_sq is None or not held or _rounds_to(state, f, stairs_sq) <= left):
            # Going down starts the next floor's rounds afresh: worth it to the last round.
            return (stairs_sq,), False
        if exit_sq is not None and held and (_rounds_to(state, f, exit_sq) + 1 >= left
                                             or _team_spent(state)):
            # Treasure is only won once a hero is out with it (seed 004, solitaire).
            return (exit_sq,), False
        if chests:
            return chests, False
        board = board_of(state)
        prey: list[Square] = []
        occ = occupancy(state)
        for g in state.figures:
            if not g.hero and g.where == "board" and g.pos is not None:
                prey.extend(sq for sq in board.around[g.pos]
                            if sq in board.walkable and (sq not in occ or sq == f.pos))
        for m in state.markers:
            prey.extend(sq for sq in board.around[m.pos]
                        if sq in board.walkable and (sq not in occ or sq == f.pos))
        if prey:
            return tuple(sorted(set(prey))), True
        stairs = state.supply.get("stairs")
        if stairs is not None:
            return ((stairs[0], stairs[1]),), False
        return ((exit_sq,) if exit_sq is not None else ()), False

    def _go(self, state: CrawlState, f: Figure, goal: tuple[Square, ...],
            by_kind: _Kinds, danger: _Danger | None = None,
            hunting: bool = False,
            weighed: tuple[Action | None, float] | None = None) -> Action:
        end = END_ACTIVATION
        board = board_of(state)
        field = _field(board, goal)
        here = f.pos
        here_d = field[here] if here is not None else 999
        if danger is None:
            moves = by_kind.get("move", [])
            if moves and goal:
                reach = _reach(state, f, by_kind)
                best = min(moves, key=lambda a: (field[_sq(a)], reach.costs[_sq(a)], _sq(a)))
                if field[_sq(best)] < here_d:
                    return best
            if "break_away" in by_kind and here is not None and here_d > 0:
                return by_kind["break_away"][0]
            if "open_door" in by_kind:
                return by_kind["open_door"][0]
            return end
        # Heroes weigh progress towards the goal against the expected damage waiting there.
        fear = 2.0 + GO_FEAR / max(1, _health(f))
        if hunting:
            fear *= HUNT_FEAR
        # Badly hurt with a treasure to keep: back away from danger on the way out.
        retreat = _health(f) <= 2 and bool(state.players[f.owner].chests)
        # The danger where the hero stands matters only to a retreat (a move that gains
        # ground may take on more danger: standing still wastes the activation).
        here_danger = danger.at(here) if retreat and here is not None else 0.0
        # At the goal a move can only win by hunting or retreating (no move gains ground):
        # otherwise the moves (and their reach map) are not listed at all.
        moves = by_kind.get("move", []) if here_d > 0 or hunting or retreat else []
        best_a, best_s = None, 0.0
        if moves and hunting and not retreat:
            # Hunting: step next to the prey keeping the 4 MP of an attack (as the brood
            # does, seed 004 "genug Bewegungspunkte übrig ... um noch angreifen zu können").
            reach = _reach(state, f, by_kind)
            strike_from = [a for a in moves if field[a.args[0][1]] == 0
                           and state.mp - reach.costs[a.args[0][1]] >= 4]
            if strike_from:
                return min(strike_from, key=lambda a: (
                    danger.at(a.args[0][1]), reach.costs[a.args[0][1]], a.args[0][1]))
        if moves:
            reach = _reach(state, f, by_kind)
            costs, stops = reach.costs, reach.stops
            for a in moves:
                sq = a.args[0][1]
                d = field[sq]
                # Only moves that gain ground (no dithering back and forth), or, when badly
                # hurt, moves that get out of reach; the others are not scored at all.
                if retreat:
                    risk = danger.at(sq)
                    # Ground gained or danger escaped (standing still in reach of the brood
                    # is no safer than walking on to the exit).
                    if not (d < here_d or risk < here_danger - 0.3):
                        continue
                elif d >= here_d:
                    continue
                elif best_a is not None and d + 0.01 * costs[sq] >= best_s:
                    # The score below is at least this much (danger and stop costs are never
                    # negative), so this move cannot beat the best one: its danger is not read.
                    continue
                else:
                    risk = danger.at(sq)
                s = d + fear * risk + 0.01 * costs[sq]
                if sq in stops:
                    s += danger.stop_cost(sq)
                if best_a is None or s < best_s:
                    best_a, best_s = a, s
        if best_a is not None:
            return best_a
        if here is not None and "open_door" in by_kind:
            for a in by_kind["open_door"]:
                a_sq, b_sq = edge_squares(board.doors[a["door"]][0])
                other = b_sq if a_sq == here else a_sq
                if field[other] < here_d:
                    return a
        if "break_away" in by_kind and here is not None and not retreat and hunting:
            # A hunting hero (campaign, clearing the floor) held in contact hits back before
            # gambling MP on breaking away.
            strike = self._strike(state, f, by_kind, hero=True, threshold=-0.2, weighed=weighed)
            if strike is not None:
                return strike
        if "break_away" in by_kind and here is not None:
            # Break away only when a free square beyond gains ground (or escapes danger);
            # otherwise strike the enemy that holds the hero.
            occ = occupancy(state)
            free = [n for n in board.around[here] if n not in occ and n in board.walkable]
            if any(field[n] < here_d for n in free) or (
                    retreat and any(danger.at(n) < here_danger - 0.3 for n in free)):
                return by_kind["break_away"][0]
        strike = self._strike(state, f, by_kind, hero=True, threshold=-0.2, weighed=weighed)
        if strike is not None:
            return strike
        turn = self._face_threat(state, f, by_kind)
        return turn if turn is not None else end

    def _face_threat(self, state: CrawlState, f: Figure, by_kind: _Kinds,
                     reach: int = 4) -> Action | None:
        """Returns a free turn towards the nearest enemy (attacks from behind earn +1)."""
        if f.pos is None or "face" not in by_kind:
            return None
        foes = [g for g in state.figures if g.where == "board" and g.pos is not None
                and may_attack(state, g, f)]
        if not foes:
            return None
        near = min(foes, key=lambda g: (distance(g.pos, f.pos), g.uid))
        assert near.pos is not None
        if distance(near.pos, f.pos) > reach or in_front_arc(f, near.pos):
            return None
        want = facing_towards(f.pos, near.pos)
        return FACE[want] if want != f.facing else None

    # --- spawn and markers ----------------------------------------------------------------
    def _spawn(self, state: CrawlState, f: Figure, by_kind: _Kinds) -> Action:
        strike = self._strike(state, f, by_kind)
        if strike is not None:
            return strike
        if is_demoralized(f):
            return END_ACTIVATION
        # A spawn may attack the heroes, and only them (core.may_attack).
        foes = [h for h in state.figures if h.hero and h.where == "board" and h.pos is not None]
        if not foes or f.pos is None:
            return END_ACTIVATION
        adjacent = [h for h in foes if distance(h.pos, f.pos) == 1]
        if adjacent:
            # The front arc is read only with a foe next to the spawn.
            front = front_squares(state, f)
            if not any(h.pos in front for h in adjacent):
                assert adjacent[0].pos is not None
                turn = FACE[facing_towards(f.pos, adjacent[0].pos)]
                if turn in by_kind.get("face", []):
                    return turn
            return END_ACTIVATION
        if "break_away" in by_kind:  # listed just when the spawn must break away
            return by_kind["break_away"][0]
        moves = by_kind.get("move", [])
        if not moves:
            return END_ACTIVATION
        # Close in: a square next to a foe with 4 MP left to strike, else the nearest square.
        reach = _reach(state, f, by_kind)
        foe_near: set[Square] = set()
        around = board_of(state).around
        for h in foes:
            assert h.pos is not None
            foe_near |= around[h.pos]
        strike_from = [a for a in moves if a.args[0][1] in foe_near
                       and state.mp - reach.costs[a.args[0][1]] >= 4]
        if strike_from:
            return min(strike_from, key=lambda a: (reach.costs[a.args[0][1]], a.args[0][1]))
        return self._chase(state, f.pos, [h.pos for h in foes if h.pos], moves,
                           reach.costs)

    def _chase(self, state: CrawlState, here: Square, foes: list[Square], moves: list[Action],
               costs: dict[Square, int]) -> Action:
        """Returns the move that walks closest to the nearest foe (a walking-distance map
        within 20 MP of the foes; farther off, plain distance), or ends the activation."""
        # The move walking closest to a foe lies at the least distance any destination (or
        # the square left) has: a search from the foes that stops there gives the choice a
        # full 20-MP field of the foes would (ties: fewer MP, then the lower square).
        wanted = {a.args[0][1] for a in moves}
        wanted.add(here)
        level, nearest = board_of(state).nearest_wanted(tuple(foes), wanted, 20)
        if level >= 0:
            if here in nearest:
                return END_ACTIVATION  # no move gets nearer than standing still
            near = set(nearest)
            return min((a for a in moves if a.args[0][1] in near),
                       key=lambda a: (costs.get(a.args[0][1], 0), a.args[0][1]))

        def score(sq: Square) -> int:
            return min(distance(sq, p) for p in foes)

        best = min(moves, key=lambda a: (score(a.args[0][1]), costs.get(a.args[0][1], 0),
                                         a.args[0][1]))
        if score(_sq(best)) < score(here):
            return best
        return END_ACTIVATION

    def _marker(self, state: CrawlState, seat: int, m: Marker, reach: Reach) -> Action:
        """Returns the active marker's step: the first square (in square order) where it
        meets a hero, else the chase. Its legal moves are the reach map's destinations in
        square order (rules.legal_actions lists them from the same memoized map)."""
        if len(reach.costs) <= 1:
            return END_ACTIVATION  # no destination: ending the activation is all that is legal
        if reach.stops:
            return move_action(min(reach.stops))  # every stop is a destination
        foes = [h.pos for h in state.figures if h.hero and h.owner != seat
                and h.where == "board" and h.pos is not None]
        if not foes:
            return END_ACTIVATION
        return self._chase(state, m.pos, foes, move_actions(reach), reach.costs)


class _Kinds(Protocol):
    """The legal actions grouped by kind (a dict, or a _Listing that lists on demand)."""

    def get(self, kind: str, default: list[Action], /) -> list[Action]: ...

    def __contains__(self, kind: object, /) -> bool: ...

    def __getitem__(self, kind: str, /) -> list[Action]: ...


def _group(legal: list[Action]) -> dict[str, list[Action]]:
    """Returns the legal actions by kind, each list in the order listed."""
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    return by_kind


def _reach(state: CrawlState, f: Figure, by_kind: _Kinds) -> Reach:
    """Returns the active figure's reach map with its MP (the listing's, once it listed the
    moves: no memo key is built again)."""
    if isinstance(by_kind, _Listing) and by_kind.reach is not None:
        return by_kind.reach
    return figure_reach(state, f, state.mp)


class _Listing:
    """The active figure's legal actions by kind, listed when first asked for: the moves
    apart (the reach map), everything else but passing through and stealing in one go (the
    bots never read those two). Each kind's list keeps the full list's order."""

    __slots__ = ("state", "moves", "rest", "reach")

    def __init__(self, state: CrawlState) -> None:
        self.state = state
        self.moves: list[Action] | None = None
        self.rest: dict[str, list[Action]] | None = None
        # The reach map the moves were listed from (the active figure stands on the board).
        self.reach: Reach | None = None

    def get(self, kind: str, default: list[Action]) -> list[Action]:
        """Returns the legal actions of ``kind``, or ``default`` when there are none."""
        if kind == "move":
            if self.moves is None:
                state = self.state
                if state.mp <= 0:
                    self.moves = []
                elif self.rest is not None and "break_away" in self.rest:
                    # A figure that must break away stands in an enemy's front arc: its reach
                    # map is its own square alone (movement._figure_reach), so it has no move.
                    self.moves = []
                else:
                    f = state.fig(state.active)
                    if state.mp <= BREAK_MP and must_break_away(state, f):
                        # The same with too few MP to break away (so it is not listed).
                        self.moves = []
                    else:
                        self.reach, self.moves = board_moves(state, f, state.mp)
            return self.moves or default
        rest = self.rest
        if rest is None:
            rest = self.rest = _group(activation_actions(self.state, moves=False, passes=False))
        return rest.get(kind, default)

    def no_moves(self) -> bool:
        """Returns True when the figure has no move, found without a reach map (no MP, or
        held in an enemy's front arc with too few MP to break away); False when it may have
        some."""
        if self.moves is not None:
            return not self.moves
        state = self.state
        if state.mp <= 0:
            return True
        if state.mp <= BREAK_MP and must_break_away(state, state.fig(state.active)):
            self.moves = []
            return True
        return False

    def others(self) -> dict[str, list[Action]]:
        """Returns the legal actions by kind but the moves (every kind listed has some)."""
        rest = self.rest
        if rest is None:
            rest = self.rest = _group(activation_actions(self.state, moves=False, passes=False))
        return rest

    def __getitem__(self, kind: str) -> list[Action]:
        got = self.get(kind, [])
        if not got:
            raise KeyError(kind)
        return got

    def __contains__(self, kind: object) -> bool:
        # Every listed kind has at least one action (_group), so a look-up in the listed
        # kinds answers at once for all but the moves.
        rest = self.rest
        if rest is not None and kind != "move":
            return kind in rest
        return bool(self.get(str(kind), []))


def _nearest(sq: Square | None, foes: list[Square]) -> int:
    """Returns the range distance from sq to the nearest of ``foes`` (at least one)."""
    assert sq is not None  # as core.distance: on the board
    x, y = sq
    best = 1 << 30
    for fx, fy in foes:
        dx = fx - x
        dy = fy - y
        if dx < 0:
            dx = -dx
        if dy < 0:
            dy = -dy
        d = dx if dx > dy else dy
        if d < best:
            best = d
    return best


def _hero_worth(did: str, level: int) -> float:
    """Returns a rough fighting worth of a hero at a level: its starting dial click, health,
    ranged reach and abilities (for building a solitaire team)."""
    from engine.rules.crawl.core import content
    d = content().get("hero", did)
    start = d.level_starts[level - 1]
    c = d.clicks[start]
    health = len(d.clicks) - start
    return (c.attack + c.defence + 2 * c.damage + 0.5 * c.move + 1.5 * health
            + (3.0 if d.range > 0 else 0.0) + len(c.abilities))


def _team_pick(state: CrawlState, legal: list[Action]) -> Action:
    """Returns the solitaire team's next pick: as many heroes as the 100 points buy (every
    hero is one more activation and room for two more chests, seed 004 "Du erhältst pro
    Spielzug so viele Aktivierungen wie du Dungeons-Helden ... hast"), the worthiest that
    still leave room for the rest of the team; a level-2 pick only with points to spare."""
    from engine.rules.crawl.core import content
    from engine.rules.crawl.rules import TEAM_POINTS
    picks = [a for a in legal if a.kind == "pick_hero"]
    taken = {f.did for f in state.figures if f.hero}
    spent = sum(fdef(f).points[f.level - 1] for f in state.figures if f.hero and f.owner == 0)
    free = sorted(h.points[0] for h in content().all("hero") if h.id not in taken)
    left = TEAM_POINTS - spent
    slots = max((k for k in range(len(free) + 1) if sum(free[:k]) <= left), default=0)
    # Four heroes: the campaign's cap (seed 004: "Ein Dungeons-Team darf nie mehr als vier
    # Mitglieder enthalten"), and in plain solitaire four stronger heroes did as well as five
    # weaker ones (docs/crawl/rules.md, "Solitaire and campaign bot").
    slots = min(slots, TEAM_SIZE - len(taken))
    if slots <= 0:
        return Action.make("done_picking")
    best: Action | None = None
    best_v = -1.0
    for a in picks:
        cost = content().get("hero", a["hero"]).points[int(a.get("level", 1)) - 1]
        # The others still to come must fit in what this pick leaves.
        rest = list(free)
        rest.remove(content().get("hero", a["hero"]).points[0])
        if cost + sum(rest[:max(0, slots - 1)]) > left:
            continue
        v = _hero_worth(str(a["hero"]), int(a.get("level", 1)))
        if v > best_v:
            best, best_v = a, v
    if best is not None:
        return best
    return Action.make("done_picking") if Action.make("done_picking") in legal else picks[0]


# The kinds a figure with no MP left has (turning is free, seed 004).
_TURN_OR_END = frozenset({"face", "end_activation"})
# Tuned on seeded lone-wolf games (tests/crawl/test_bots.py): a marker wakes within 4 MP + 1,
# costs about half a click per rank; heroes fear counterattacks and danger more as they weaken.
MARKER_REACH = 5
MARKER_FEAR = 0.5
STRIKE_FEAR = 3.0
GO_FEAR = 6.0
# Campaign heroes hunting brood to clear a floor walk into danger on purpose.
HUNT_FEAR = 1.0
TEAM_SIZE = 4
# A potion is drunk when an enemy is this close to the hero about to act.
DRINK_NEAR = 3
CARRY_STRIKE = 1.5


def _rounds_to(state: CrawlState, f: Figure, sq: Square) -> int:
    """Returns about how many activations f needs to walk to sq (walls respected)."""
    if f.pos is None:
        return 0
    d = _field(board_of(state), (sq,))[f.pos]
    return -(-d // max(1, value(state, f, "move")))


def _team_spent(state: CrawlState) -> bool:
    """Returns whether the solitaire team is too weak to fight on (campaign: then it takes
    its treasure out by the exit): under a third of its health left, or one hero standing."""
    heroes = [g for g in state.figures if g.hero and g.owner == 0 and g.where != "out"]
    if len(heroes) <= 1 and state.players[0].heroes_at_start > 1:
        return True
    left = sum(_health(g) for g in heroes)
    full = sum(len(fdef(g).clicks) - combat.min_click(g) for g in heroes)
    return 3 * left < full


def _odds_of(need: int) -> float:
    """Returns the chance that 2d6 reach ``need`` (12 always, 2 never succeeds)."""
    return combat.roll_ways(need, 0) / 36


# Every need from "always" (3 or less) to "only a 12" (12 or more), looked up per decision.
_ODDS = tuple(_odds_of(n) for n in range(3, 13))


def _odds(need: int) -> float:
    """Returns the chance that 2d6 reach ``need`` (table look-up of _odds_of)."""
    return _ODDS[min(max(need, 3), 12) - 3]


def _hit_odds(state: CrawlState, att: Figure, tgt: Figure, mode: str) -> float:
    """Returns the chance that att hits tgt now: combat.hit_chance's numbers (attack +1
    through the rear arc, defence +1 for cover at range) without building its breakdown."""
    assert att.pos is not None and tgt.pos is not None
    a = value(state, att, "attack", mode) + (1 if in_rear(tgt, att.pos) else 0)
    d = value(state, tgt, "defence", mode)
    if mode == "ranged" and line_cover(state, att.pos, tgt.pos):
        d += 1
    return _odds(d - a)


def _health(f: Figure) -> int:
    """Returns how many clicks f can still take before it is knocked out."""
    return len(fdef(f).clicks) - f.click


def _counter(state: CrawlState, tgt: Figure, att: Figure, mode: str) -> float:
    """Returns the clicks att expects to lose to tgt's counterattack (0 if none comes)."""
    if is_demoralized(tgt) or traits(state, att).frost:
        return 0.0
    if mode == "ranged":
        rng_ = fdef(tgt).range
        if (rng_ <= 0 or tgt.pos is None or att.pos is None
                or distance(tgt.pos, att.pos) > rng_ or not in_front_arc(tgt, att.pos)):
            return 0.0
    a = value(state, tgt, "attack", mode)
    d = value(state, att, "defence", mode)
    return _odds(d - a) * value(state, tgt, "damage", mode)


# What one enemy threatens, per (definition, click, items, the hero's two defences): it reads
# nothing else, so the odds are worked out once per such combination.
_THREATS: dict[tuple[Any, ...], tuple[tuple[int, int, float], ...]] = {}


def _threat(state: CrawlState, e: Figure, defence_m: int, defence_r: int
            ) -> tuple[tuple[int, int, float], ...]:
    """Returns enemy e's threats as (reach, nearest distance, expected clicks): melee from
    next to the hero, ranged from within its range; none when demoralized."""
    if is_demoralized(e):
        return ()
    spare = max(0, value(state, e, "move") - 4)
    # Melee: it must end next to the hero with 4 MP left; ranged: within range.
    hurt_m = _odds(defence_m - value(state, e, "attack", "melee")) * value(
        state, e, "damage", "melee")
    rng_ = fdef(e).range
    if rng_ <= 0:
        return ((1 + spare, 0, hurt_m),)
    hurt_r = _odds(defence_r - value(state, e, "attack", "ranged")) * value(
        state, e, "damage", "ranged")
    return ((1 + spare, 0, hurt_m), (rng_ + spare, 2, hurt_r))


class _Danger:
    """Expected clicks a hero risks on a square from the enemies that can reach it next turn,
    plus the cost of waking monster markers (their spawn appear next to the hero)."""

    __slots__ = ("threats", "marker_secs", "board", "state", "f")

    def __init__(self, state: CrawlState, f: Figure) -> None:
        # Worked out when first asked (the state stays as it is during one decision): many
        # decisions end without looking at the danger of any square.
        self.state: CrawlState | None = state
        self.f = f
        self.board: Board | None = None
        # Per threat: the square box it reaches (x and y from, to), where it stands, the
        # least distance it needs and the expected clicks.
        self.threats: list[tuple[int, int, int, int, int, int, int, float]] = []
        self.marker_secs: dict[int, float] = {}

    def _build(self, state: CrawlState) -> None:
        """Lists the threats and the markers' worth per section."""
        self.state = None
        f = self.f
        self.board = board = board_of(state)
        defence_m = value(state, f, "defence", "melee")
        defence_r = value(state, f, "defence", "ranged")
        threats = self.threats
        for e in state.figures:
            if e.where != "board" or e.pos is None or not may_attack(state, e, f):
                continue
            # Only heroes carry items (core.item_keys).
            key = (e.did, e.hero, e.click, item_keys(state, e) if e.hero else (), defence_m,
                   defence_r)
            threat = _THREATS.get(key)
            if threat is None:
                threat = _threat(state, e, defence_m, defence_r)
                if len(_THREATS) > 8192:
                    _THREATS.clear()
                _THREATS[key] = threat
            ex, ey = e.pos
            for reach, low, hurt in threat:
                threats.append((ex - reach, ex + reach, ey - reach, ey + reach, ex, ey, low, hurt))
        for m in state.markers:
            sec = board.section[m.pos]
            worth = 1.0 if m.rank == "weak" else 2.0
            self.marker_secs[sec] = self.marker_secs.get(sec, 0.0) + worth
            # A marker moves 4 MP towards a hero and wakes next to it.
            mx, my = m.pos
            threats.append((mx - MARKER_REACH, mx + MARKER_REACH, my - MARKER_REACH,
                            my + MARKER_REACH, mx, my, 0, MARKER_FEAR * worth))

    def at(self, sq: Square | None) -> float:
        """Returns the expected clicks lost standing on sq through the opponent's next turn."""
        if sq is None:
            return 0.0
        if self.state is not None:
            self._build(self.state)
        x, y = sq
        total = 0.0
        for x0, x1, y0, y1, ex, ey, low, hurt in self.threats:
            # Within reach (the distance is the larger of the two axis distances) ...
            if x0 <= x <= x1 and y0 <= y <= y1:
                if low:
                    # ... and at least ``low`` squares away (a shot, not from next to it).
                    dx = ex - x if ex > x else x - ex
                    dy = ey - y if ey > y else y - ey
                    if (dx if dx > dy else dy) < low:
                        continue
                total += hurt
        return total

    def stop_cost(self, sq: Square) -> float:
        """Returns the price of ending a move on sq: waking the markers of its section."""
        if self.state is not None:
            self._build(self.state)
        assert self.board is not None
        return 4.0 * self.marker_secs.get(self.board.section[sq], 0.0)


# --- MCTS playouts ---------------------------------------------------------------------------
# A playout step must cost about what listing the legal actions costs (MCTS "normal" makes some
# 18 000 steps per decision), so the policy is a cut-down heuristic: no hit odds and no danger
# map, only the cached walking-distance fields and the cheap priorities of the full bot.
PLAYOUT_RANDOMNESS = 0.1
_PLAYOUT_BOT = CrawlHeuristicBot(seed=0)


def playout_policy(rules: Any, state: CrawlState, legal: Sequence[Action], rng: Rng) -> Action:
    """Returns a cheap heuristic move, or one time in ten a random one (MCTS playouts)."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(100) < PLAYOUT_RANDOMNESS * 100:
        return legal[rng.below(len(legal))]
    # The shared bot draws from the playout's RNG, so playouts repeat from the MCTS seed.
    _PLAYOUT_BOT.rng = rng
    seat = state.current
    if state.phase != "play" or state.pending is not None:
        return _PLAYOUT_BOT.choose(rules, state, rules.current_actor(state))
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "descend" in by_kind:
        return by_kind["descend"][0]
    if state.active >= 0:
        f = state.fig(state.active)
        if f.hero:
            return _playout_hero(state, f, by_kind, legal)
        return _playout_chase(state, f.pos, seat, by_kind, legal,
                              ("attack", "shoot") if not is_demoralized(f) else ())
    if state.active_marker >= 0:
        return _playout_chase(state, state.marker(state.active_marker).pos, seat, by_kind,
                              legal, ())
    return _playout_turn(state, seat, by_kind, legal)


def _playout_hero(state: CrawlState, f: Figure, by_kind: dict[str, list[Action]],
                  legal: Sequence[Action]) -> Action:
    """Returns a hero's playout move: bank, loot, fight, then walk the goal's distance field."""
    player = state.players[f.owner]
    if "leave" in by_kind and player.chests and (
            len(player.chests) >= chest_limit(state, f.owner)
            or not _PLAYOUT_BOT._chests_left(state, f) or _health(f) <= 2
            or state.round > state.turn_limit - 3):
        return by_kind["leave"][0]
    for kind in ("loot", "examine", "disarm", "attack", "shoot"):
        if kind in by_kind:
            return by_kind[kind][0]
    goal = _PLAYOUT_BOT._hero_goal(state, f)[0]
    moves = by_kind.get("move")
    if goal and moves:
        field = _field(board_of(state), goal)
        here = field[f.pos] if f.pos is not None else 999
        best = min(moves, key=lambda a: (field[_sq(a)], _sq(a)))
        if field[_sq(best)] < here:
            return best
    for kind in ("open_door", "break_away"):
        if kind in by_kind:
            return by_kind[kind][0]
    return END_ACTIVATION if END_ACTIVATION in legal else legal[0]


def _playout_chase(state: CrawlState, here: Square | None, seat: int,
                   by_kind: dict[str, list[Action]], legal: Sequence[Action],
                   strikes: tuple[str, ...]) -> Action:
    """Returns a spawn's or marker's playout move: strike, else step nearer the nearest
    opposing hero (straight-line distance), else end the activation."""
    for kind in strikes:
        if kind in by_kind:
            return by_kind[kind][0]
    moves = by_kind.get("move")
    if moves and here is not None:
        foe = _nearest_foe(state, here, seat)
        if foe is not None:
            fx, fy = foe
            best, best_d = None, max(abs(here[0] - fx), abs(here[1] - fy))
            for a in moves:
                x, y = a["to"]
                d = max(abs(x - fx), abs(y - fy))
                if d < best_d:
                    best, best_d = a, d
            if best is not None:
                return best
    return END_ACTIVATION if END_ACTIVATION in legal else legal[0]


def _nearest_foe(state: CrawlState, here: Square, seat: int) -> Square | None:
    """Returns the square of the opposing hero nearest to here (ties: the first listed)."""
    best, best_d = None, 999
    x, y = here
    for h in state.figures:
        if h.hero and h.owner != seat and h.where == "board" and h.pos is not None:
            d = max(abs(h.pos[0] - x), abs(h.pos[1] - y))
            if d < best_d:
                best, best_d = h.pos, d
    return best


def _playout_turn(state: CrawlState, seat: int, by_kind: dict[str, list[Action]],
                  legal: Sequence[Action]) -> Action:
    """Returns the next activation between activations: a hero first, then the spawn or
    marker nearest an opposing hero within 12 squares (markers count 2 farther), else the
    end of the turn (the full bot's rule with straight-line distances only)."""
    activations = by_kind.get("activate", [])
    for a in activations:
        if state.fig(a["figure"]).hero:
            return a
    foes = [h.pos for h in state.figures if h.hero and h.owner != seat
            and h.where == "board" and h.pos is not None]
    best, best_d = None, 13
    for kind, extra in (("activate", 0), ("activate_marker", 2)):
        for a in by_kind.get(kind, ()):
            pos = state.fig(a["figure"]).pos if extra == 0 else state.marker(a["marker"]).pos
            if pos is None:
                continue
            for fx, fy in foes:
                d = max(abs(pos[0] - fx), abs(pos[1] - fy)) + extra
                if d < best_d:
                    best, best_d = a, d
    if best is not None:
        return best
    for kind in ("end_turn", "activate", "activate_marker"):
        if kind in by_kind:
            return by_kind[kind][0]
    return legal[0]


# The evaluator's weights: a click of health is worth about a gold piece (a hero knocked out
# drops its chests, seed 004, "Schätze verlieren"); 10 XP about one gold.
EVAL_SCALE = 8.0


def evaluate(rules: Any, state: CrawlState) -> list[float]:
    """Returns each seat's chance-like value from gold held, heroes' health and XP (MCTS
    depth cap): 0.5 for an even position, towards 1 for a lead over the best opponent."""
    n = len(state.players)
    worth = [float(gold(state, p)) + 0.1 * state.players[p].xp for p in range(n)]
    for f in state.figures:
        if f.hero and 0 <= f.owner < n and f.where != "out":
            worth[f.owner] += _health(f)
    if n == 1:
        return [0.5 + 0.5 * math.tanh(worth[0] / (2 * EVAL_SCALE))]
    out = []
    for p, w in enumerate(worth):
        best_other = max(v for q, v in enumerate(worth) if q != p)
        out.append(0.5 + 0.5 * math.tanh((w - best_other) / EVAL_SCALE))
    return out


def _factory(difficulty: str = "normal", seed: int = 0, **_: Any) -> CrawlHeuristicBot:
    return CrawlHeuristicBot(difficulty, seed)


register_bot("heuristic", _factory, game="crawl", label="bot.heuristic")
register_rollout_policy("crawl", playout_policy)
# A crawl move is one activation step, not a turn: 0.4 of the preset depth still covers a few
# rounds, and the evaluator scores where playouts stop; at half the depth a decision on a quiet
# machine reached 1.14 s, at 0.4 the longest of 480 took 0.96 s (docs/performance.md).
register_playout_depth_scale("crawl", 0.4)
register_evaluator("crawl", evaluate)


from engine.rules.crawl import search as _search  # noqa: E402,F401 - registers the hard bot
