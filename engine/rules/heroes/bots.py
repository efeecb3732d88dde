"""The heroes heuristic bot: builds an army, deploys it, moves, picks targets and plays cards.

It reads the battle as its seat may (its own hand, public units; never the other hand or the
decks' order) and decides with cheap estimates: the expected damage of each attack it can make
this activation against the retaliation it would take, a kill or a Pack flip worth extra, spells
that finish a unit, statistic cards on its own attacker or defender before a blow. The same bot
plays ``heroes`` (set-up and the battle inside) and ``heroes_battle`` alone.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from engine.ai.base import Bot, register_bot, register_evaluator, register_playout_depth_scale
from engine.core.actions import Action, Message
from engine.core.dice import (
    combined_distribution,
    expected_value,
    face_distribution,
    worst_of_faces,
)
from engine.core.protocol import GameRules
from engine.rules.heroes import board as B
from engine.rules.heroes import combat
from engine.rules.heroes import content as C
from engine.rules.heroes.battle import MOVES, attack_action
from engine.rules.heroes.moves import attack_targets, move_squares, move_steps, must_attack
from engine.rules.heroes.skirmish import unit_price
from engine.rules.heroes.state import (
    BATTLE,
    DEPLOY,
    GATE,
    ORDER,
    PICK,
    REROLL,
    RESPOND,
    SCHOOL,
    SWAP,
    TIE,
    TIME,
    BattleState,
    Unit,
)

TIER_VALUE = (1.0, 2.2, 4.0, 6.0)
# mean of one attack die, of the lower and of the higher of two (faces -1, -1, 0, 0, 1, 1)
DIE_MEAN = {pick: float(expected_value(dist)) for pick, dist in (
    ("one", face_distribution(combat.ATTACK_DIE)),
    ("low", worst_of_faces(combat.ATTACK_DIE)),
    ("high", combined_distribution([face_distribution(combat.ATTACK_DIE)] * 2, max)))}


def unit_value(u: Unit) -> float:
    """Returns a rough worth of a unit: its tier and the health it has left."""
    return TIER_VALUE[B.tier_rank(u)] + 0.4 * B.total_hp_left(u) + 0.3 * B.attack_value(u)


def expected_damage(st: BattleState, a: Unit, t: Unit, retaliation: bool = False) -> float:
    """Returns the mean damage of an attack of ``a`` on ``t`` (the die's mean, no cards)."""
    atk, dfn, pick, fixed, bonus, defend, prot = combat.quick_values(st, a, t, retaliation,
                                                                     not retaliation)
    mean = DIE_MEAN[pick] if fixed is None else fixed
    raw = atk + mean + bonus - dfn - (1 / 3 if defend else 0) - prot
    if raw <= 0:
        # the die may still lift it above zero
        return max(0.0, (raw + 1) / 3) if fixed is None else 0.0
    return raw


def attack_score(st: BattleState, a: Unit, t: Unit) -> float:
    """Returns how good attacking ``t`` from where ``a`` stands is (damage, kills, retaliation)."""
    dmg = expected_damage(st, a, t)
    ft = B.FACES[t.did][t.pack]
    score = dmg * (TIER_VALUE[ft.rank] / 2 + 0.5)
    left = ft.hp - t.damage + ft.below
    if dmg >= left:
        score += 3 + unit_value(t)
    elif t.pack and dmg >= ft.hp - t.damage:
        score += 1.5
    if not t.tower and dmg < left and combat.may_retaliate(st, a, t, st.attacked == 0):
        back = expected_damage(st, t, a, retaliation=True)
        fa = B.FACES[a.did][a.pack]
        score -= back * (TIER_VALUE[fa.rank] / 2 + 0.5) * 0.8
        if back >= fa.hp - a.damage + fa.below:
            score -= 2 + unit_value(a)
    return score


@cache
def _map() -> Any:
    """Returns the map game's plain bot (imported on first use)."""
    from engine.rules.heroes.adventure import bots

    return bots


class HeroesBot(Bot):
    """The heuristic bot of the heroes games."""

    bot_id = "heuristic"

    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns the action for ``seat``."""
        legal = self._legal_for(rules, state, seat)
        self.last_stats.pop("why", None)
        if len(legal) == 1:
            sub = None if isinstance(state, BattleState) else getattr(state, "sub", None)
            if sub is not None:  # a forced retreat (no movement point to extend) says so too
                self._time_why(sub.state, seat, legal[0], False)
            return legal[0]
        if isinstance(state, BattleState):
            return self.battle(state, seat, legal)
        if _map().is_map_turn(state):
            # the map game's player bot at this bot's level; the log line that says why goes
            # to the table through last_stats (engine/ai/worker.py)
            action, why = _map().decide(state, seat, legal, self.rng,
                                        _map().level_of(self.difficulty))
            if why is not None:
                self.last_stats["why"] = why.to_json()
            return action  # type: ignore[no-any-return]
        if state.sub is not None:
            sub = state.sub
            whim = _map().level_of(self.difficulty).battle_whim
            if whim and self.rng.below(1000) < whim * 1000:
                # the easy level: now and then at random
                action = legal[self.rng.below(len(legal))]
                self._time_why(sub.state, seat, action, True)
                return action
            action = self.battle(sub.state, sub.sub_seat(seat), legal)
            self._time_why(sub.state, seat, action, False)
            return action
        return self.setup(state, seat, legal)

    def _time_why(self, st: BattleState, seat: int, action: Action, whim: bool) -> None:
        """Keeps the log line that says why the bot extends a map battle or retreats at a
        round's end (issue #17: every bot decision can be followed in the log): the health
        left on both sides it compares, or that no movement point is left to extend."""
        top = st.flow.top
        if top is None or top.kind != TIME or action.kind not in ("extend", "retreat"):
            return
        mine, theirs = combat.army_strength(st, 0), combat.army_strength(st, 1)
        if whim:
            key = "whim"
        elif action.kind == "extend":
            key = "extend"
        else:
            key = "retreat" if st.sides[0].mp > 0 or st.variants.get("free_extend") \
                else "retreat_mp"
        why = _map().WHY_KEYS[key]
        self.last_stats["why"] = Message(why, {"seat": seat, "mine": mine,
                                               "theirs": theirs}).to_json()

    # --- skirmish set-up ---------------------------------------------------------------------
    def setup(self, st: Any, seat: int, legal: list[Action]) -> Action:
        """Searches for the best ability card and buys the most army for the budget."""
        kinds = {a.kind for a in legal}
        if "keep" in kinds:
            return max(legal, key=lambda a: CARD_VALUE.get(a["card"], 1.0))
        if "search" in kinds:
            top = st.abilities.discard_pile.top()
            if top is not None and CARD_VALUE.get(top, 1.0) >= 3.0:
                return next(a for a in legal if a.get("from") == "discard")
            return next(a for a in legal if a.get("from") == "deck")
        buys = [a for a in legal if a.kind in ("recruit", "reinforce")]
        if not buys:
            return next(a for a in legal if a.kind == "ready")
        army = st.armies[st.current]
        left = int(st.opts["budget"]) - sum(_price(d, p) for d, p in army)

        def worth(a: Action) -> float:
            gain, cost = _buy(a["unit"], a.kind == "reinforce")
            # keep room for the five slots: a cheap unit now beats an empty slot later
            slots = 5 - len(army)
            need = cost / max(1, left) * (1.5 if a.kind == "recruit" and slots > 1 else 1.0)
            return gain / max(1, cost) - 0.2 * need
        return max(buys, key=worth)

    # --- battle ------------------------------------------------------------------------------
    def battle(self, st: BattleState, seat: int | None, legal: list[Action]) -> Action:
        """Chooses in the battle: deployment, the activation, card windows and decisions."""
        top = st.flow.top
        if top is not None:
            return self.decision(st, seat, top.kind, legal)
        phase = st.flow.phase
        if phase == DEPLOY:
            return self.deploy(st, legal)
        if phase == GATE:
            return min(legal, key=lambda a: abs(a["col"] - 1.5))
        if phase == BATTLE:
            return self.activation(st, seat, legal)
        return legal[0]

    def decision(self, st: BattleState, seat: int | None, kind: str,
                 legal: list[Action]) -> Action:
        """Answers a pending decision."""
        if kind == RESPOND:
            return self.respond(st, seat, legal)
        if kind == SCHOOL:
            return legal[0]
        if kind == PICK:
            return legal[0]
        if kind == TIE:
            # the enemy attacks one of ours: offer the sturdiest
            return max(legal, key=lambda a: B.total_hp_left(st.units[a["unit"]]))
        if kind == ORDER:
            return max(legal, key=lambda a: self._best_attack(st, st.units[a["unit"]])[0])
        if kind == REROLL:
            return self.reroll(st, seat, legal)
        if kind == SWAP:  # never started by this bot; a swap handed to it stops at once
            return next(a for a in legal if a.kind == "swap_done")
        if kind == TIME:
            mine = combat.army_strength(st, 0)
            theirs = combat.army_strength(st, 1)
            ext = [a for a in legal if a.kind == "extend"]
            return ext[0] if ext and mine >= theirs else next(a for a in legal
                                                               if a.kind == "retreat")
        return legal[0]

    def reroll(self, st: BattleState, seat: int | None, legal: list[Action]) -> Action:
        """Spends the good morale token on an attack die only where it turns a bad result
        around: the attacker's own worst roll, the top result of an attack on its unit."""
        d = st.flow.stack[-1]
        rolled = [int(x) for x in d.data[6]]
        hit = d.data[2] == combat.HIT
        first = st.units[d.data[0]]
        attacker, target = (first, st.units[d.data[1]]) if hit else (st.units[d.data[1]], first)
        mine = combat.side_of_seat(st, seat) == attacker.side
        worse = not hit and bool(d.data[3]) and B.traits(first).worse_retaliation
        h = combat.prepare_hit(st, attacker, target, not hit, hit and bool(d.data[3]), worse)
        pick = min if h.pick == "low" else max
        now = pick(rolled)
        faces = combat.ATTACK_DIE
        best, choice = 0.0, next(a for a in legal if a.kind == "keep_roll")
        for a in legal:
            if a.kind != "reroll":
                continue
            i = int(a["die"])
            mean = sum(pick([*rolled[:i], f, *rolled[i + 1:]]) for f in faces) / len(faces)
            gain = (mean - now) if mine else (now - mean)
            if gain > best + 0.6:  # worth the token: a -1 of its own, a +1 against it
                best, choice = gain, a
        return choice

    def deploy(self, st: BattleState, legal: list[Action]) -> Action:
        """Places the strongest unit first: ranged at the back, the rest at the front, centred."""
        # a place action's parameters in sorted order: (square, unit)
        places = [(a.args[0][1], a.args[1][1], a) for a in legal if a.kind == "place"]
        if not places:
            return legal[0]
        side = st.deploying
        uids = sorted({unit for _, unit, _ in places},
                      key=lambda u: -unit_value(st.units[u]))
        u = st.units[uids[0]]
        want_back = B.utype(u) == "ranged"

        def score(sq: int) -> float:
            back = B.is_back_row(sq, side)
            centre = -abs(B.col(sq) - 1.5)
            return (2.0 if back == want_back else 0.0) + centre * 0.5 - sq * 0.001
        return max(((score(sq), a) for sq, unit, a in places if unit == u.uid),
                   key=lambda x: x[0])[1]

    def activation(self, st: BattleState, seat: int | None, legal: list[Action]) -> Action:
        """Plays the active unit: a card worth playing, the best attack, else closing in."""
        u = st.units[st.active]
        play = self._card_play(st, seat, legal, own_turn=True)
        if play is not None:
            return play
        attacks = [a for a in legal if a.kind == "attack"]
        moves = [a for a in legal if a.kind == "move"]
        abilities = [a for a in legal if a.kind == "ability"]
        if abilities and not st.attacked:
            heal = [a for a in abilities if a["kind"] == "heal_ally"]
            if heal:
                best = max(heal, key=lambda a: st.units[a["target"]].damage)
                if st.units[best["target"]].damage >= 3:
                    return best
            breach = [a for a in abilities if a["kind"] == "breach"]
            if breach and not attacks:
                return breach[0]
        if st.attacked:
            # a ranged unit after its shot: step away from an adjacent enemy
            if moves and combat.adjacent_enemies(st, u):
                safe = [a for a in moves if not _threatened(st, u, a["to"])]
                if safe:
                    return safe[0]
            return _end(legal)
        best_score, plan = self._best_attack(st, u, legal)
        if plan is not None and best_score > -0.5:
            sq, target, wall = plan
            if sq != u.sq:
                mv = MOVES[sq]
                if mv in legal:
                    return mv
            if wall is not None:
                act = attack_action("wall", wall)
            else:
                act = attack_action("target", target)
            if act in legal:
                return act
        if attacks:
            return max(attacks, key=lambda a: attack_score(st, u, st.units[a["target"]])
                       if "target" in a.params else 0.5)
        if moves and B.utype(u) != "ranged":
            return min(moves, key=lambda a: (_closest_enemy(st, u, a["to"]), a["to"]))
        defend = [a for a in legal if a.kind == "defend"]
        if defend and combat.enemies(st, u.side):
            return defend[0]
        return _end(legal)

    def _best_attack(self, st: BattleState, u: Unit,
                     legal: list[Action] | None = None) -> tuple[float, Any]:
        """Returns (score, (square, target uid, wall column)) of the best attack this activation.

        ``legal``: the active unit's legal actions, whose attack and move options (in their
        order) stand for ``attack_targets`` and ``move_squares``, so that they are not computed
        twice.
        """
        if st.active != u.uid:
            # for ordering tied units: a cheap estimate from where it stands
            targets = [e for e in combat.enemies(st, u.side) if B.utype(u) == "ranged"
                       or combat.is_adjacent(u, e)]
            return (max((attack_score(st, u, t) for t in targets), default=-1.0), None)
        best: tuple[float, Any] = (-99.0, None)
        squares: list[int] | None = None
        if legal is None:
            units, walls = attack_targets(st, u)
        else:
            units, walls, squares = [], [], []
            for a in legal:
                if a.kind == "attack":
                    name, value = a.args[0]
                    (units if name == "target" else walls).append(value)
                elif a.kind == "move":
                    squares.append(a.args[0][1])
        for uid in units:
            s = attack_score(st, u, st.units[uid])
            if s > best[0]:
                best = (s, (u.sq, uid, None))
        ranged = B.utype(u) == "ranged"
        if walls and not ranged:
            best = max(best, (0.2, (u.sq, -1, walls[0])), key=lambda x: x[0])
        steps = move_steps(st, u)
        if not ranged and steps and not st.attacked:
            # only the squares moved change a score, and only through a charge: without one,
            # a target scores the same from every square next to it
            charge = B.traits(u).charge
            dist = B.reach(st, u, steps) if charge is not None or squares is None else {}
            if squares is None:
                squares = move_squares(st, u, steps) if must_attack(st, u) else sorted(dist)
            memo: dict[tuple[int, int], float] = {}
            home, moved = u.sq, st.moved
            foes = [e for e in st.units if e.alive and e.side != u.side and e.sq >= 0]
            adjacent = B.ADJACENT
            for sq in squares:
                near_sq = adjacent[sq]
                near = [e for e in foes if e.sq in near_sq]
                if not near:
                    continue
                d = dist.get(sq, 1) if charge is not None else 1
                key_d = d >= charge[0] if charge is not None else 0
                u.sq, st.moved = sq, d
                try:
                    for e in near:
                        key = (e.uid, key_d)
                        known = memo.get(key)
                        if known is None:
                            known = memo[key] = attack_score(st, u, e)
                        s = known - 0.05
                        if s > best[0]:
                            best = (s, (sq, e.uid, None))
                finally:
                    u.sq, st.moved = home, moved
        return best

    def respond(self, st: BattleState, seat: int | None, legal: list[Action]) -> Action:
        """Plays a statistic or spell card on the own unit in the coming attack, else declines."""
        play = self._card_play(st, seat, legal, own_turn=False)
        if play is not None:
            return play
        return next(a for a in legal if a.kind == "decline")

    def _card_play(self, st: BattleState, seat: int | None, legal: list[Action],
                   own_turn: bool) -> Action | None:
        """Returns a card play worth making now, or None."""
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return None
        side = combat.side_of_seat(st, seat)
        s = st.sides[side]
        top = st.flow.top
        chain = top.data if top is not None and top.kind == RESPOND else None
        best: tuple[float, Action | None] = (0.6, None)
        involved = (chain[0], chain[1]) if chain is not None else ()
        for a in plays:
            found = _PLAYS.get(a)
            if found is None:
                p = a.params
                found = _PLAYS[a] = (_mode_info(p["card"], p["mode"]), p.get("target", -1))
            info, target = found
            if involved and target >= 0 and target not in involved and not info.damage:
                continue  # in a window only the two units at blows matter (or a kill)
            score = self._play_score(st, side, s, info, target, chain, own_turn)
            if score > best[0]:
                best = (score, a)
        return best[1]

    def _play_score(self, st: BattleState, side: int, s: Any, info: _ModeInfo, target_uid: int,
                    chain: Any, own_turn: bool) -> float:
        types = info.types
        mode = info.mode
        target = st.units[target_uid] if info.targeted and target_uid >= 0 else None
        score = -0.4 if mode.crown else 0.0
        if info.damage and target is not None:
            amount = max(0, info.damage - B.traits(target).spell_resist - target.ward)
            left = B.total_hp_left(target)
            score += amount * TIER_VALUE[B.tier_rank(target)] / 2
            if amount >= left:
                score += 3 + unit_value(target)
            elif target.pack and amount >= B.hp_left(target):
                score += 1.0
            if info.splash and target.sq >= 0:
                near = B.ADJACENT[target.sq]
                for x in st.units:
                    if x.alive and x.sq in near:
                        score += info.splash * (1 if x.side != side else -1.5)
            return score
        if info.empower and not mode.cast:
            # empower only when it lets a spell in hand reach a tier that kills
            return self._empower_value(st, side, s, info.card, info.empower) + \
                ("draw" in types) * 0.5
        if chain is not None:
            attacker = st.units[chain[0] if chain[2] == combat.HIT else chain[1]]
            defender = st.units[chain[1] if chain[2] == combat.HIT else chain[0]]
            if info.stat is not None and target is not None:
                atk, dfn = info.stat
                if target is attacker and target.side == side and atk > 0:
                    score += atk * 1.2
                elif target is defender and target.side == side and dfn > 0:
                    score += dfn * 1.2
                elif target is defender and target.side != side and dfn < 0:
                    score += -dfn * 1.0
                elif target is attacker and target.side != side and atk < 0:
                    score += -atk * 1.0
                else:
                    return 0.0
                if "draw" in types:
                    score += 0.5
                return score
            if "fix_die" in types and target is attacker and target.side == side:
                return 0.9
        if own_turn and info.stat is not None and target is not None \
                and mode.timing != "instant":
            return 0.7 if target.side == side else 0.0
        if own_turn and ("heal" in types or "heal_side" in types):
            hurt = target.damage if target is not None else sum(
                u.damage for u in st.units if u.alive and u.side == side)
            return 0.4 * hurt
        if "side_stat" in types and own_turn and mode.timing in ("ongoing", "permanent") \
                and not s.in_play:
            return 0.9
        if "draw" in types and len(types) == 1:
            return 0.7
        if "paralyze" in types and target is not None and target.side != side:
            return 1.0 + TIER_VALUE[B.tier_rank(target)] / 2
        if "summon" in types and own_turn and st.active >= 0:
            # an expansion card (battle/summon.py): a new unit, when one can come
            from engine.rules.heroes.battle.summon import summon_candidates, summon_squares

            tier = str(mode.effects[0].params.get("tier", "bronze"))
            if summon_candidates(st, side, tier) and summon_squares(st, st.units[st.active]):
                return 1.5 + TIER_VALUE[("bronze", "silver", "gold").index(tier)] / 2
        return 0.0

    def _empower_value(self, st: BattleState, side: int, s: Any, skip: str, gain: int) -> float:
        pool = s.empower + gain
        best = 0.0
        foes: list[Unit] | None = None
        for cid in s.hand:
            if cid == skip:
                continue
            for cost, cast, amounts in _damage_modes(cid):
                if not cost or cost > pool or cost <= s.empower:
                    continue
                if cast and s.spells >= s.spell_limit:
                    continue
                for amount in amounts:
                    if foes is None:
                        foes = combat.enemies(st, side)
                    for u in foes:
                        if B.total_hp_left(u) <= amount:
                            best = max(best, 1.5 + unit_value(u) * 0.3)
        return best


@cache
def _damage_modes(cid: str) -> tuple[tuple[int, bool, tuple[int, ...]], ...]:
    """Returns (empower cost, cast, damage amounts) per mode of a spell or specialty card."""
    card = C.card(cid)
    if card.kind not in ("spell", "specialty"):
        return ()
    return tuple((mode.cost, mode.cast, tuple(int(e.params["amount"]) for e in mode.effects
                                              if e.type == "damage"))
                 for mode in card.modes)


class _ModeInfo:
    """What the bot needs to know of a card mode, read once."""

    __slots__ = ("card", "mode", "types", "targeted", "damage", "splash", "empower", "stat")

    def __init__(self, cid: str, mode_id: str) -> None:
        mode = next(m for m in C.card(cid).modes if m.id == mode_id)
        self.card = cid
        self.mode = mode
        self.types = tuple(e.type for e in mode.effects)
        self.targeted = mode.target in ("friend", "foe", "unit")
        self.damage = 0
        self.splash = 0
        self.empower = 0
        self.stat: tuple[int, int] | None = None
        for e in mode.effects:
            if e.type == "damage":
                self.damage = int(e.params["amount"])
            elif e.type == "damage_adjacent":
                self.splash = int(e.params["amount"])
            elif e.type == "empower":
                self.empower = int(e.params["amount"])
            elif e.type == "stat":
                self.stat = (int(e.params.get("attack", 0)), int(e.params.get("defence", 0)))


@cache
def _mode_info(cid: str, mode_id: str) -> _ModeInfo:
    return _ModeInfo(cid, mode_id)


# a play action's mode and target, read once (play actions are few, and they recur)
_PLAYS: dict[Action, tuple[_ModeInfo, int]] = {}


def _end(legal: list[Action]) -> Action:
    for a in legal:
        if a.kind == "end":
            return a
    return legal[-1]


def _threatened(st: BattleState, u: Unit, sq: int) -> bool:
    return any(e.alive and e.side != u.side and e.sq in B.ADJACENT[sq] for e in st.units)


def _closest_enemy(st: BattleState, u: Unit, sq: int) -> int:
    best = 99
    for e in st.units:
        if e.alive and e.side != u.side and e.sq >= 0:
            best = min(best, B.distance(sq, e.sq))
    return best


def _price(did: str, pack: bool) -> int:
    return unit_price(did, pack)


@cache
def _buy(did: str, reinforce: bool) -> tuple[float, int]:
    """Returns (strength gained, gold paid) of recruiting a unit or reinforcing it to a Pack."""
    d = C.unit(did)
    if reinforce:
        return (_strength(d, True) - _strength(d, False),
                _price(did, True) - _price(did, False))
    return _strength(d, False), _price(did, False)


def _strength(d: Any, pack: bool) -> float:
    s = d.pack if pack and d.pack is not None else d.few
    ranged = 1.3 if d.type == "ranged" else 1.0
    return (s.attack * 1.6 + s.defence * 1.2 + s.hp * 0.9 + s.initiative * 0.15) * ranged


CARD_VALUE = {"offense": 3.0, "armorer": 2.5, "sorcery": 3.0, "archery": 2.0, "first_aid": 2.0,
              "tactics": 1.5, "resistance": 1.5, "ballistics": 1.0, "rally": 2.5,
              "mysticism": 2.0}


def evaluate(rules: Any, state: Any) -> list[float]:
    """Returns each seat's chance-like value from the armies' remaining worth (MCTS cut-off)."""
    st = state.sub.state if getattr(state, "sub", None) is not None else state
    if not isinstance(st, BattleState):
        n = max(1, getattr(state, "players", 1))
        return [0.5] * n
    worth = [0.0, 0.0]
    for u in st.units:
        if u.alive and u.deployed and not u.tower:
            worth[u.side] += unit_value(u)
    seats: dict[int, float] = {}
    for side, s in enumerate(st.sides):
        if s.seat is not None:
            diff = worth[side] - worth[1 - side]
            seats[s.seat] = 0.5 + 0.5 * math.tanh(diff / 10)
    n = max(seats) + 1 if seats else 1
    return [seats.get(p, 0.5) for p in range(n)]


def _factory(difficulty: str = "normal", seed: int = 0, **_: Any) -> HeroesBot:
    return HeroesBot(difficulty, seed)


def _hard(difficulty: str = "hard", seed: int = 0, **_: Any) -> HeroesBot:
    """Returns the heuristic bot at the hard level whatever ``difficulty`` says (bot ``hard``,
    as in the other games: ``python -m engine match --bots hard,heuristic:easy``)."""
    return HeroesBot("hard", seed)


for _game in ("heroes", "heroes_battle"):
    register_bot("heuristic", _factory, game=_game, label="bot.heuristic")
    register_bot("hard", _hard, game=_game, label="ui.bot.hard")
    register_evaluator(_game, evaluate)
    register_playout_depth_scale(_game, 0.5)
