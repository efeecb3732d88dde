"""The duel's heuristic bot: a value model of life, dice and cards over the exact fight odds.

It reads only what its seat may see (its own hand and everything on the table) and builds its
action directly, so a decision costs microseconds rather than a walk over every legal action.

The model (docs/duel/performance.md, "Heuristic bot"): a point of damage on a main character is
worth several points on a clan member (the main's life wins the game and decides the round
limit), a clan member's fall costs its XP and its place; fights are scored with the exact
damage distributions of ``pairing.tails``, against a mixture of the defender the opponent
should pick and a uniform one; summoning looks one summon ahead; magic is scored per effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.ai import Bot, register_bot, register_evaluator, register_rollout_policy
from engine.core.actions import Action
from engine.core.protocol import GameRules
from engine.core.rng import Rng
from engine.rules.duel import ops, pairing
from engine.rules.duel.cards import cards
from engine.rules.duel.defence import Context, Model, block_features, load_model
from engine.rules.duel.rules import (
    _can_attack,
    _can_cast,
    _cast_actions,
    _dice_actions,
    _one,
    check,
    targets,
)
from engine.rules.duel.state import (
    ACT_ATTACK,
    ARRANGE,
    BETWEEN,
    DEFEND,
    MAIN,
    MAIN_UID,
    RESPOND,
    WINDOW,
    DuelState,
    Fighter,
)

# How sure a roll must be before the bot spends dice on it, by difficulty.
_CONFIDENCE = {"easy": 0.45, "normal": 0.6, "hard": 0.6}
# How often the bot expects the opponent to pick the defender that suits it best (else any).
_SHREWD = {"easy": 0.3, "normal": 0.5, "hard": 0.5}
_GAME_LOST = 400.0  # a main character's fall ends the game
MAIN_BASE, MAIN_SCALE = 4.0, 40.0
FALL_BASE, FALL_XP = 1.0, 7.0
MAIN_CAUTION, CLAN_AGGRO = 1.0, 0.3
CLOG_RELIEF = 4.0
DEF_SPITE = 0.8
# a full hand draws nothing at the refill: a cheap cast frees a place for a new card (the
# hand otherwise clogs with equipment that has no free slot, and the clan dies out)
CLOG_CAST = 1.0

_NEAR_FULL = ops.HAND_SIZE - 1  # a hand this full draws at most one card at the refill
_END_TURN = Action.make("end_turn")
_PASS_WINDOW = Action.make("pass_window")
_PASS_COUNTER = Action.make("pass_counter")
_NEXT_GAME = Action.make("next_game")


@lru_cache(maxsize=4096)
def dice_for(need: int, courage: int, most: int, confidence: float) -> int | None:
    """Returns the fewest dice (≤ most) whose sum plus courage reaches need often enough."""
    for k in range(1, most + 1):
        if pairing.sum_at_least(k, need - courage) >= confidence:
            return k
    return None


def remaining(state: DuelState, seat: int, f: Fighter) -> int:
    """Returns the life points a character has left (from its cached ``Fighter.nums``)."""
    return f.nums[3] - f.damage


_ROWS: dict[tuple[int, int, int, int], tuple[list[Any], list[float]]] = {}
_MAX_LEFT = 160  # rows cover life left 0..159; more (never seen in play) is worked out apart


def _outlook_rows(attack: int, defence: int, taken: int, armour: int
                  ) -> tuple[list[Any], list[float]]:
    """Returns ``outlook``'s two numbers for every life left 0..159, as two lists.

    The expected damage is the running sum of P(damage >= k + armour), added in the same
    order as ``outlook`` adds them, so every entry is the very same float.
    """
    key = (attack, defence, taken, armour)
    rows = _ROWS.get(key)
    if rows is None:
        tail = pairing.tails(attack, defence)[taken]
        n = len(tail)
        expected: list[Any] = [0]
        falls = [tail[armour] if armour < n else 0.0]
        acc: Any = 0
        for left in range(1, _MAX_LEFT):
            if left + armour < n:
                acc += tail[left + armour]
            expected.append(acc)
            falls.append(tail[left + armour] if left + armour < n else 0.0)
        rows = _ROWS[key] = (expected, falls)
    return rows


def outlook(attack: int, defence: int, taken: int, armour: int, left: int
            ) -> tuple[float, float]:
    """Returns (expected damage capped at ``left``, chance of falling) of one fight's side.

    ``taken`` 0 reads the defender's damage, 1 the attacker's; armour lowers every result.
    """
    if 0 <= left < _MAX_LEFT:
        expected, falls = _outlook_rows(attack, defence, taken, armour)
        return expected[left], falls[left]
    tail = pairing.tails(attack, defence)[taken]
    n = len(tail)
    # E[min(damage, left)] = sum of P(damage >= k) for k = 1..left, after armour
    return (sum(tail[k + armour] for k in range(1, left + 1) if k + armour < n),
            tail[left + armour] if left + armour < n else 0.0)


_MEMO_LIMIT = 1 << 17
_SUMMONS: dict[tuple[Any, ...], tuple[str, int] | None] = {}
_FIXED_CLAN_VALUE: dict[str, float] = {}
_LASTING_VALUE: dict[str, float] = {}
_CHECKED = frozenset({"cast", "counter"})
_CASTABLE: list[frozenset[str]] = []


def _castable() -> frozenset[str]:
    """Returns the magic cards that are cast on the bot's own turn (not neutralisers)."""
    if not _CASTABLE:
        c = cards()
        _CASTABLE.append(frozenset(c.magic) - c.counters)
    return _CASTABLE[0]


class _FallCost(dict):  # type: ignore[type-arg]
    """What a clan member's fall costs its side before a clogged hand's relief, by card id."""

    def __missing__(self, card: str) -> float:
        value = self[card] = FALL_BASE + cards().clan[card].xp / FALL_XP
        return value


_FALL_COST: dict[str, float] = _FallCost()


def _fight(a_info: tuple[int, int, int, int, float, float],
           g_info: tuple[int, int, int, int, float, float]) -> tuple[float, float]:
    """Returns (defending side's loss, attacking side's loss) from two ``Judge.info`` rows."""
    a, _ad, a_arm, a_left, w_a, fall_a = a_info
    _gd, d, d_arm, g_left, w_d, fall_d = g_info
    if g_left < _MAX_LEFT and a_left < _MAX_LEFT:
        rows = _ROWS.get((a, d, 0, d_arm)) or _outlook_rows(a, d, 0, d_arm)
        e_d, p_d = rows[0][g_left], rows[1][g_left]
        rows = _ROWS.get((a, d, 1, a_arm)) or _outlook_rows(a, d, 1, a_arm)
        e_a, p_a = rows[0][a_left], rows[1][a_left]
    else:
        e_d, p_d = outlook(a, d, 0, d_arm, g_left)
        e_a, p_a = outlook(a, d, 1, a_arm, a_left)
    return (e_d * w_d + p_d * fall_d, e_a * w_a + p_a * fall_a)


def _fight_parts(a_info: tuple[int, int, int, int, float, float],
                 g_info: tuple[int, int, int, int, float, float]
                 ) -> tuple[float, float, float, float]:
    """Returns the defender's expected damage and fall chance, then the attacker's."""
    a, a_arm, a_left = a_info[0], a_info[2], a_info[3]
    d, d_arm, g_left = g_info[1], g_info[2], g_info[3]
    e_d, p_d = outlook(a, d, 0, d_arm, g_left)
    e_a, p_a = outlook(a, d, 1, a_arm, a_left)
    return e_d, p_d, e_a, p_a


_SideVec = tuple[int, int, list[float], Fighter]
_VECS: dict[tuple[int, int, int, int, float, float], list[float]] = {}


def _loss_vec(taken: int, dice: int, armour: int, left: int, weight: float,
              fall: float) -> list[float]:
    """Returns one side's loss in a fight against every dice count of the other side.

    ``taken`` 0: a defender with ``dice`` defence dice, indexed by the attack dice; 1: an
    attacker with ``dice`` attack dice, indexed by the defence dice (index 0 unused). Each
    entry is ``_fight``'s expected damage times the point weight plus the fall chance times
    the fall cost, the very same floats; a pure function of its six numbers, which recur
    decision after decision (a character unchanged since the last look), so it is kept.
    """
    key = (taken, dice, armour, left, weight, fall)
    hit = _VECS.get(key)
    if hit is not None:
        return hit
    vec = [0.0]
    for other in range(1, ops.MAX_DICE + 1):
        a, d = (other, dice) if taken == 0 else (dice, other)
        if 0 <= left < _MAX_LEFT:
            rows = _ROWS.get((a, d, taken, armour)) or _outlook_rows(a, d, taken, armour)
            e, p = rows[0][left], rows[1][left]
        else:
            e, p = outlook(a, d, taken, armour, left)
        vec.append(e * weight + p * fall)
    if len(_VECS) > _MEMO_LIMIT:
        _VECS.clear()
    _VECS[key] = vec
    return vec


# The learnt defence model (engine/rules/duel/defence.py), loaded once when its data file
# exists; None blocks by the heuristic cost alone. No model is committed: none fitted so far
# beat the noise (docs/duel/performance.md, "Fourth attempt: learnt defence"). A list, so
# tools/duel_defence.py can swap models in and out.
DEFENCE: list[Model | None] = [load_model()]


_WEIGHTS: dict[tuple[int, int, int, bool], tuple[tuple[float, float], bool]] = {}


def _weights(l0: int, l1: int, seat: int, near: bool) -> tuple[tuple[float, float], bool]:
    """Returns ``Judge.main_w`` and ``Judge.behind`` from the main characters' life left, the
    judging seat and whether the round limit is near (a pure function of them, kept)."""
    # a main character's life point weighs more the less of it is left
    main_w = [MAIN_BASE + MAIN_SCALE / (l0 if l0 > 1 else 1),
              MAIN_BASE + MAIN_SCALE / (l1 if l1 > 1 else 1)]
    # seed 003 has no round limit; ours (docs/duel/rules.md) goes by life left: near it the
    # side behind must hit the enemy main character, the side ahead must keep its own
    behind = False
    if near:
        behind = (l0 <= l1) if seat == 0 else (l1 <= l0)
        main_w[1 - seat if behind else seat] *= 2.0
    if len(_WEIGHTS) > _MEMO_LIMIT:
        _WEIGHTS.clear()
    value = _WEIGHTS[(l0, l1, seat, near)] = ((main_w[0], main_w[1]), behind)
    return value


class Judge:
    """Values of life, characters and cards for one decision, seen from ``seat``."""

    __slots__ = ("state", "seat", "c", "main_w", "behind", "waiting", "_info", "_sides",
                 "_guards")
    main_w: tuple[float, float]  # each side's weight of a point of its main character's life
    _info: dict[int, tuple[int, int, int, int, float, float]]
    _sides: list[list[tuple[int, int, int, int, float, float]] | None]

    def __init__(self, state: DuelState, seat: int) -> None:
        self.state = state
        self.seat = seat
        c = self.c = cards()
        # ``side`` rows (``_sides``, and ``info`` by character in ``_info``) are set on first use
        self._guards: list[list[_SideVec] | None] = [None, None]
        players = state.players
        h0 = players[0].hero
        h1 = players[1].hero
        l0 = h0.nums[3] - h0.damage  # life left (``remaining``, from the cached numbers)
        l1 = h1.nums[3] - h1.damage
        hand = players[seat].hand
        self.waiting = len(hand) >= _NEAR_FULL and not c.clan.keys().isdisjoint(hand)
        key = (l0, l1, seat, state.round_limit - state.round <= 4)
        weights = _WEIGHTS.get(key) or _weights(*key)
        self.main_w, self.behind = weights

    def fall_cost(self, seat: int, f: Fighter) -> float:
        """Returns what a character's fall costs its side (XP to the enemy, a lost place)."""
        if f.uid == MAIN_UID:
            return _GAME_LOST
        cost = _FALL_COST[f.card]
        if seat == self.seat and self.waiting:
            cost -= CLOG_RELIEF  # a full hand holds clan members waiting for this place
        return cost

    def damage_value(self, seat: int, f: Fighter, amount: int) -> float:
        """Returns what ``amount`` damage on a character costs its side."""
        left = remaining(self.state, seat, f)
        value = min(amount, left) * (self.main_w[seat] if f.uid == MAIN_UID else 1.0)
        if amount >= left:
            value += self.fall_cost(seat, f)
        return value

    def info(self, seat: int, f: Fighter) -> tuple[int, int, int, int, float, float]:
        """Returns (attack dice, defence dice, armour, life left, point weight, fall cost)."""
        self.side(seat)
        return self._info[seat * 1000 + f.uid]

    def side(self, seat: int) -> list[tuple[int, int, int, int, float, float]]:
        """Returns ``info`` of a side's main character and clan members, in that order."""
        sides = getattr(self, "_sides", None)  # slots set on first use
        if sides is None:
            sides = self._sides = [None, None]
            self._info = {}
        rows = sides[seat]
        if rows is not None:
            return rows
        p = self.state.players[seat]
        # the characters' cached ops.numbers (Fighter.nums)
        hero = p.hero
        a, d, arm, life = hero.nums
        row = (a, d, arm, life - hero.damage, self.main_w[seat], _GAME_LOST)
        rows = [row]
        info = self._info
        info[seat * 1000] = row
        relief = seat == self.seat and self.waiting
        falls = _FALL_COST
        for f in p.clan:
            a, d, arm, life = f.nums
            cost = falls[f.card]
            if relief:
                cost -= CLOG_RELIEF  # a full hand holds clan members waiting for this place
            row = (a, d, arm, life - f.damage, 1.0, cost)
            rows.append(row)
            info[seat * 1000 + f.uid] = row
        sides[seat] = rows
        return rows

    def fight(self, att_seat: int, att: Fighter, g: Fighter) -> tuple[float, float]:
        """Returns (defending side's loss, attacking side's loss) of ``att`` against ``g``."""
        return _fight(self.info(att_seat, att), self.info(1 - att_seat, g))

    def defence_choice(self, dseat: int, att: Fighter) -> list[tuple[float, Fighter, float, float]]:
        """Returns (cost to the defender, character, its loss, attacker's loss), best first."""
        p = self.state.players[dseat]
        a_info = self.info(1 - dseat, att)
        out = []
        for g, g_info in zip((p.hero, *p.clan), self.side(dseat), strict=True):
            mine, theirs = _fight(a_info, g_info)
            out.append((mine - DEF_SPITE * theirs, g, mine, theirs))
        out.sort(key=lambda t: (t[0], t[1].uid))
        return out

    def block_rows(self, dseat: int, att: Fighter) -> list[tuple[Fighter, float, list[float]]]:
        """Returns (character, heuristic cost, ``defence.FEATURES``) of every possible block."""
        p = self.state.players[dseat]
        a_info = self.info(1 - dseat, att)
        ctx = Context(self.state, dseat, att, dseat == self.seat and self.waiting)
        out = []
        for g, g_info in zip((p.hero, *p.clan), self.side(dseat), strict=True):
            e_d, p_d, e_a, p_a = _fight_parts(a_info, g_info)
            cost = (e_d * g_info[4] + p_d * g_info[5]) - DEF_SPITE * (e_a * a_info[4]
                                                                      + p_a * a_info[5])
            out.append((g, cost, block_features(ctx, g, cost, e_d, p_d, e_a, p_a)))
        return out

    def guards(self, seat: int) -> list[_SideVec]:
        """Returns (uid, defence dice, loss by attack dice, character) of a side's possible
        defenders: its main character, then its clan members (``_loss_vec``, taken 0)."""
        out = self._guards[seat]
        if out is not None:
            return out
        p = self.state.players[seat]
        vecs = _VECS
        hero = p.hero
        _a, d, arm, life = hero.nums
        key = (0, d, arm, life - hero.damage, self.main_w[seat], _GAME_LOST)
        out = [(0, d, vecs.get(key) or _loss_vec(*key), hero)]
        relief = seat == self.seat and self.waiting
        falls = _FALL_COST
        for f in p.clan:
            _a, d, arm, life = f.nums
            cost = falls[f.card]
            if relief:
                cost -= CLOG_RELIEF  # a full hand holds clan members waiting for this place
            key = (0, d, arm, life - f.damage, 1.0, cost)
            out.append((f.uid, d, vecs.get(key) or _loss_vec(*key), f))
        self._guards[seat] = out
        return out

    def strike(self, seat: int, f: Fighter) -> tuple[int, list[float]]:
        """Returns (attack dice, loss by defence dice) of a character of ``seat`` attacking
        (``_loss_vec``, taken 1)."""
        a, _d, arm, life = f.nums
        if f.uid == MAIN_UID:
            weight, cost = self.main_w[seat], _GAME_LOST
        else:
            weight, cost = 1.0, _FALL_COST[f.card]
            if seat == self.seat and self.waiting:
                cost -= CLOG_RELIEF
        key = (1, a, arm, life - f.damage, weight, cost)
        return a, _VECS.get(key) or _loss_vec(*key)

    def best_defender(self, dseat: int, att: Fighter) -> Fighter:
        """Returns ``defence_choice(dseat, att)[0]``'s character without sorting them all.

        With a learnt defence model (``DEFENCE[0]``) the candidate it scores highest blocks.
        """
        p = self.state.players[dseat]
        model = DEFENCE[0]
        if model is not None and p.clan:
            pick: tuple[float, int, Fighter] | None = None
            for g, _cost, feats in self.block_rows(dseat, att):
                score = model.score(feats)
                if pick is None or score > pick[0] or (score == pick[0] and g.uid < pick[1]):
                    pick = (score, g.uid, g)
            assert pick is not None
            return pick[2]
        if not p.clan:
            return p.hero  # nobody else can block
        a, theirs = self.strike(1 - dseat, att)
        least = 1e300
        best = p.hero
        for _uid, d, vec, g in self.guards(dseat):  # by uid: the first of equals
            cost = vec[a] - DEF_SPITE * theirs[d]
            if cost < least:
                least, best = cost, g
        return best

    def attack_gain(self, att: Fighter, shrewd: float) -> float:
        """Returns the expected gain of an attack by ``att`` for the bot's side."""
        a, losses = self.strike(self.seat, att)
        guards = self.guards(1 - self.seat)
        return _gain(a, losses, guards, shrewd, (1.0 - shrewd) / len(guards))

    # --- cards -------------------------------------------------------------------------------
    def clan_value(self, card: str) -> float:
        """Returns what a clan member in play is worth to its side."""
        fixed = _FIXED_CLAN_VALUE.get(card)
        if fixed is not None:
            return fixed
        d = self.c.clan[card]
        value = d.life * 0.45 + d.attack * 1.3 + d.defence * 1.0 + 1.5
        for e in d.effects:
            value += self.effect_value(e, self.seat, None, card)
        if not self.c.instant[card]:
            # only lasting effects: the value is the card's own (``_lasting_one`` reads no state)
            _FIXED_CLAN_VALUE[card] = value
        return value

    def effect_value(self, e: Any, seat: int, target: Any, card: str) -> float:
        """Returns what one effect is worth to ``seat`` when played now on ``target``."""
        st = self.state
        me = st.players[seat]
        op = st.players[1 - seat]
        t = e.type
        prm = e.params
        if t == "damage":
            amount = int(prm["amount"])
            kind = prm.get("target", "enemy")
            if kind == "all_enemy_clan":
                return sum(self.damage_value(1 - seat, f, amount) for f in op.clan)
            if kind == "enemy_main":
                return self.damage_value(1 - seat, op.hero, amount)
            f = op.fighter(int(target)) if target is not None else None
            return self.damage_value(1 - seat, f, amount) if f is not None else 0.0
        if t == "heal":
            amount = int(prm["amount"])
            kind = prm.get("target", "own")
            if kind == "all_own":
                pats = [me.hero, *me.clan]
            elif kind == "own_main":
                pats = [me.hero]
            else:
                f = me.fighter(int(target)) if target is not None else None
                pats = [f] if f is not None else []
            return sum(min(amount, f.damage) * (self.main_w[seat] if f.uid == MAIN_UID else 0.7)
                       for f in pats)
        if t == "draw":
            return 0.9 * int(prm["count"])
        if t == "gain_dice":
            return 0.4 * int(prm["count"])
        if t == "gain_xp":
            return int(prm["amount"]) / 12.0
        if t == "discard":
            return 0.8 * min(int(prm["count"]), len(op.hand))
        if t == "destroy_equipment":
            for uid, eq in op.equipment:
                if uid == target:
                    return 1.0 + self.lasting_value(eq, 1 - seat)
            return 0.0
        if t == "revive":
            return 0.5 * self.clan_value(str(target)) if target in self.c.clan else 0.0
        if t == "rally":
            if prm["stat"] != "attack" or st.acts_used & ACT_ATTACK or seat != st.active:
                return 0.0
            f = me.fighter(int(target)) if target is not None else None
            if f is None or f.attacked:
                return 0.0
            return 1.1 * int(prm["amount"])
        if t in ("boost", "armour", "pool_bonus"):
            return self._lasting_one(e, seat)
        return 0.0

    def lasting_value(self, card: str, seat: int) -> float:
        """Returns what the lasting effects of a card in play are worth to ``seat``."""
        return lasting_value(card)

    def _lasting_one(self, e: Any, seat: int) -> float:
        return _lasting_one(e)


def lasting_value(card: str) -> float:
    """Returns what the lasting effects of a card in play are worth to the side it plays for:
    a card's own numbers only (``_lasting_one`` reads no state), worked out once."""
    value = _LASTING_VALUE.get(card)
    if value is None:
        value = _LASTING_VALUE[card] = sum(_lasting_one(e) for e in cards().lasting[card])
    return value


def _lasting_one(e: Any) -> float:
    prm = e.params
    side = prm.get("side", "own")
    if side == "both":
        return 0.0
    sign = 1.0 if side == "own" else -1.0
    amount = int(prm["amount"])
    who = prm.get("who", "main")
    width = {"main": 1.0, "clan": 1.6, "all": 2.4}[who]
    if e.type == "armour":
        return sign * amount * 1.6 * width
    if e.type == "pool_bonus":
        return sign * amount * 1.5
    stat = prm["stat"]
    if stat in ("magic", "courage"):
        return sign * amount * (0.6 if stat == "magic" else 1.0)
    weight = {"attack": 1.3, "defence": 1.0, "life": 0.3}[stat]
    return sign * amount * weight * width


def _card_value(j: Judge | None, state: DuelState, seat: int, card: str
                ) -> tuple[float, Judge | None]:
    """Returns a card's lasting value plus its effects on playing it now (``Judge.effect_value``),
    and the judge: one is made only for a card with effects on playing."""
    value = lasting_value(card)
    instant = cards().instant[card]
    if instant:
        j = j or Judge(state, seat)
        value += sum(j.effect_value(e, seat, None, card) for e in instant)
    return value, j


class DuelHeuristicBot(Bot):
    """Summons, equips, casts and attacks by the value model; defends with what costs least."""

    bot_id = "heuristic"

    def __init__(self, difficulty: str = "normal", seed: int = 0, **_options: Any) -> None:
        super().__init__(difficulty, seed)
        self.confidence = _CONFIDENCE[self.difficulty]
        self.shrewd = _SHREWD[self.difficulty]

    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns this bot's action for ``seat`` (the current actor)."""
        if rules.current_actor(state) != seat:
            raise ValueError(f"seat {seat} is not the current actor")
        action = self._pick(state, seat)
        # a heuristic slip must never stall a game: the kinds whose dice and targets the bot
        # works out itself are checked (the others are built from the legal choices directly;
        # tests/duel plays thousands of seeded games asserting every choice is legal)
        if action.kind in _CHECKED and check(state, action) is not None:
            action = rules.legal_actions(state)[-1]
        return action

    # --- phases --------------------------------------------------------------------------
    def _pick(self, state: DuelState, seat: int) -> Action:
        flow = state.flow  # state.phase, read without the property call (every decision)
        phase = flow.stack[-1].kind if flow.stack else flow.phase
        if phase == MAIN:
            return self._main(state, seat)
        if phase == DEFEND:
            assert state.fight is not None
            if not state.players[seat].clan:
                return _one("defend", "defender", MAIN_UID)  # nobody else can block
            att = state.players[1 - seat].fighter(state.fight[0])
            assert att is not None
            return _one("defend", "defender", Judge(state, seat).best_defender(seat, att).uid)
        if phase == ARRANGE:
            assert state.fight is not None
            return Action.make("arrange", order=pairing.auto_arrangement(state.fight[2],
                                                                         state.fight[3]))
        if phase == RESPOND:
            return self._respond(state, seat)
        if phase == WINDOW:
            return self._window(state, seat)
        if phase == BETWEEN:
            return _NEXT_GAME
        raise ValueError("the game is over")

    def _window(self, state: DuelState, seat: int) -> Action:
        p = state.players[seat]
        j: Judge | None = None  # made only for a card with effects on playing
        if not state.window[0] and p.lands:
            now = 0.0
            if state.land is not None:
                owner, card = state.land
                # a lasting value is the card's own, whichever side it plays for
                now = lasting_value(card) if owner == seat else -lasting_value(card)
            best_land, best_value = None, now + 0.5
            for card in p.lands:
                value, j = _card_value(j, state, seat, card)
                if value > best_value:
                    best_land, best_value = card, value
            if best_land is not None:
                return _one("play_land", "card", best_land)
        if not state.window[1] and p.treasures and not state.table:
            # seed 003: the winner of the next fight keeps the treasure; that fight is most
            # likely the opponent's attack on this seat, so hide one only when defending well
            if self._defence_holds(state, seat):
                best = max((_card_value(j, state, seat, t)[0], t) for t in p.treasures)[1]
                return _one("play_treasure", "card", best)
        return _PASS_WINDOW

    def _defence_holds(self, state: DuelState, seat: int) -> bool:
        """Returns True when this seat's best defender tends to win against every attacker."""
        me = state.players[seat]
        op = state.players[1 - seat]
        best = max(ops.defence_of(state, seat, g) for g in (me.hero, *me.clan))
        for att in (op.hero, *op.clan):
            a = ops.attack_of(state, 1 - seat, att)
            exp_dealt, exp_taken = pairing.expected(a, best)
            if exp_dealt >= exp_taken - 0.3:
                return False
        return True

    def _respond(self, state: DuelState, seat: int) -> Action:
        assert state.cast is not None
        c = cards()
        card, target, _total = state.cast
        j = Judge(state, 1 - seat)
        threat = sum(j.effect_value(e, 1 - seat, target, card) for e in c.magic[card].effects)
        if threat < 2.0:
            return _PASS_COUNTER
        p = state.players[seat]
        most = min(ops.magic_of(state, seat), p.pool)
        courage = ops.courage_of(state, seat)
        best: tuple[float, str, int] | None = None
        for answer in p.hand:
            if answer in c.counters:
                k = dice_for(c.magic[answer].level, courage, most, 0.6)
                if k is None and most > 0:
                    k = most
                if k is None:
                    continue
                chance = pairing.sum_at_least(k, c.magic[answer].level - courage)
                if chance * threat >= 1.5 and (best is None or chance > best[0]):
                    best = (chance, answer, k)
        if best is None:
            return _PASS_COUNTER
        return _dice_actions("counter", best[1], best[2])[-1]

    def _main(self, state: DuelState, seat: int) -> Action:
        p = state.players[seat]
        c = cards()
        hand = p.hand
        j: Judge | None = None  # built only when a card or an attack needs valuing
        if state.acts_used == 0:
            # no summoning without dice or clan cards in the hand (``_summon`` finds none)
            if len(p.clan) < ops.MAX_CLAN and p.pool > 0 and not c.clan.keys().isdisjoint(hand):
                summon, j = self._summon(state, seat)
                if summon is not None:
                    return summon
            if len(p.equipment) < ops.MAX_EQUIPMENT and not c.equipment.keys().isdisjoint(
                    hand):
                equip, j = self._equip(state, seat, j)
                if equip is not None:
                    return equip
        if state.round == 1:
            return _END_TURN
        if _can_cast(state) and not (_CASTABLE[0] if _CASTABLE else _castable()).isdisjoint(
                hand):
            j = j or Judge(state, seat)
            cast = self._cast(state, seat, j)
            if cast is not None:
                return cast
        if _can_attack(state):
            j = j or Judge(state, seat)
            attack = self._attack(state, seat, j)
            if attack is not None:
                return attack
        return _END_TURN

    def _reserve(self, state: DuelState, seat: int) -> int:
        """Returns the dice kept back for a neutraliser in the opponent's coming turn."""
        p = state.players[seat]
        if seat != state.first:
            return 0  # the pool resets before the opponent's next turn
        c = cards()
        courage = ops.courage_of(state, seat)
        most = ops.magic_of(state, seat)
        need = [dice_for(c.magic[m].level, courage, most, 0.6) for m in p.hand if m in c.counters]
        ks = [k for k in need if k is not None]
        return min(ks) if ks else 0

    def _summon(self, state: DuelState, seat: int) -> tuple[Action | None, Judge | None]:
        """Returns the summoning to make (or None), and the judge if one was needed: most
        clan cards' values are their own (``_FIXED_CLAN_VALUE``) and need none."""
        p = state.players[seat]
        c = cards()
        j: Judge | None = None
        courage = ops.courage_of(state, seat)
        pool = p.pool
        free = ops.MAX_CLAN - len(p.clan)
        options = []
        kind = c.kind
        clan = c.clan
        tried = p.tried
        for card in dict.fromkeys(p.hand):
            if kind[card] == "clan" and card not in tried:
                value = _FIXED_CLAN_VALUE.get(card)
                if value is None:
                    j = j or Judge(state, seat)
                    value = j.clan_value(card)
                options.append((card, clan[card].level - courage, value))
        if not options:
            return None, j
        die_cost = 0.15 if not c.magic.keys().isdisjoint(p.hand) else 0.02
        # the choice is a pure function of these numbers, which recur turn after turn
        key = (pool, free, die_cost, *options)
        if key in _SUMMONS:
            pick = _SUMMONS[key]
        else:
            pick = _best_summon(options, pool, free, die_cost)
            if len(_SUMMONS) > _MEMO_LIMIT:
                _SUMMONS.clear()
            _SUMMONS[key] = pick
        return (None if pick is None else _dice_actions("summon", pick[0], pick[1])[-1]), j

    def _equip(self, state: DuelState, seat: int, j: Judge | None
               ) -> tuple[Action | None, Judge | None]:
        """Returns the equipment to play (or None), and the judge if one was needed."""
        p = state.players[seat]
        kind = cards().kind
        best: tuple[float, str] | None = None
        for card in dict.fromkeys(p.hand):
            if kind[card] != "equipment":
                continue
            value, j = _card_value(j, state, seat, card)
            if value <= 0.0 and len(p.hand) < ops.HAND_SIZE - 1:
                continue  # e.g. a healer's kit waits for wounds unless the hand is clogged
            if best is None or value > best[0]:
                best = (value, card)
        return (None if best is None else _one("equip", "card", best[1])), j

    def _cast(self, state: DuelState, seat: int, j: Judge) -> Action | None:
        if not _can_cast(state):
            return None
        p = state.players[seat]
        c = j.c
        courage = ops.courage_of(state, seat)
        reserve = self._reserve(state, seat)
        most = min(ops.magic_of(state, seat), p.pool - reserve)
        if most <= 0:
            return None
        clogged = len(p.hand) >= ops.HAND_SIZE - 1
        last = state.casts_left <= 1 and not reserve
        best: tuple[float, str, int, Any] | None = None
        for card in dict.fromkeys(p.hand):
            if c.kind[card] != "magic" or card in c.counters:
                continue
            need = c.magic[card].level - courage
            k = dice_for(need, 0, most, 0.85)
            if k is None or last:
                k = most  # the allowance ends with this card: take every die it may use
            chance = pairing.sum_at_least(k, need)
            if chance < 0.2:
                continue
            effects = c.magic[card].effects
            for target in targets(state, seat, card):
                value = sum(j.effect_value(e, seat, target, card) for e in effects)
                if clogged:
                    value += CLOG_CAST
                score = chance * value - 0.05 * k
                if value >= 0.8 and (best is None or score > best[0]):
                    best = (score, card, k, target)
        if best is None or best[0] < 0.4:
            return None
        return _cast_actions(best[1], best[2], best[3])[-1]

    def _attack(self, state: DuelState, seat: int, j: Judge) -> Action | None:
        """Returns the attack with the best ``Judge.attack_gain`` (less the main character's
        caution, plus the clan's aggression) if it is above 0, else None (``_can_attack``
        holds)."""
        me = state.players[seat]
        guards = j.guards(1 - seat)
        shrewd = self.shrewd
        share = (1.0 - shrewd) / len(guards)
        best_gain = 0.0  # an attack must gain more than nothing
        best_uid = -1
        for f in (*me.clan, me.hero):
            if f.attacked:
                continue
            a, losses = j.strike(seat, f)
            gain = _gain(a, losses, guards, shrewd, share)
            if f.uid == MAIN_UID:
                if not j.behind:
                    gain -= MAIN_CAUTION  # the main character's life is the game
            else:
                gain += CLAN_AGGRO
            if gain > best_gain:
                best_gain, best_uid = gain, f.uid
        return None if best_uid < 0 else _one("attack", "attacker", best_uid)


def _gain(a: int, losses: list[float], guards: list[_SideVec], shrewd: float,
          share: float) -> float:
    """Returns the expected gain of an attack with ``a`` dice whose side loses ``losses`` (by
    the defender's dice) against the defenders ``guards`` (``Judge.guards``): the defender
    the opponent should pick (least cost, the first of equals) with weight ``shrewd``, every
    defender with weight ``share``."""
    least = 1e300
    picked = 0.0
    total = 0.0
    for _uid, d, vec, _g in guards:
        mine = vec[a]
        theirs = losses[d]
        cost = mine - DEF_SPITE * theirs
        diff = mine - theirs
        if cost < least:
            least = cost
            picked = diff
        total += diff
    return shrewd * picked + share * total


def _best_summon(options: list[tuple[str, int, float]], pool: int, free: int,
                 die_cost: float) -> tuple[str, int] | None:
    """Returns the (card, dice) of the best summoning, looking one summon ahead, or None.

    ``options`` holds (card, sum needed from the dice, value in play) per summonable card
    (distinct cards).
    """
    kept = _SUMMON_ROWS
    rows = [kept.get((need, value, die_cost)) or _summon_row(need, value, die_cost)
            for _card, need, value in options]
    # the rows stop where their chance reaches 1.0 (flat beyond): read up to ``width``
    top_cap = max([len(row) for row, _looks in rows])
    width = (pool if pool < top_cap else top_cap) + 1
    best_of = [row if len(row) >= width else row + [row[-1]] * (width - len(row))
               for row, _looks in rows]
    last = width - 1
    ahead = free > 1  # room for another summon after this one
    best_score = 0.5  # a summon must be worth more than this
    best_action: tuple[str, int] | None = None
    for i, (card, _need, _value) in enumerate(options):
        # others[d]: the best single summon of any other option with at most d dice (every
        # row starts at 0.0 and only grows, so no floor of 0.0 is needed: one other option's
        # row is its own, several are compared column by column)
        rest = best_of[:i] + best_of[i + 1:]
        if not rest:
            others = [0.0] * width
        elif len(rest) == 1:
            others = rest[0]
        else:
            others = list(map(max, *rest))
        fail = others[last]
        for k, chance, base, miss, alone in rows[i][1]:
            if k > pool:
                break
            if ahead:
                left = pool - k
                score = chance * (base + others[left if left < last else last]) + miss * fail
            else:
                score = alone + miss * fail
            if score > best_score:
                best_score, best_action = score, (card, k)
    return best_action


_SUMMON_ROWS: dict[tuple[int, float, float],
                   tuple[list[float], list[tuple[int, float, float, float, float]]]] = {}
_SPANS: dict[int, tuple[int, int]] = {}
_CHANCE_ROWS: dict[int, list[float]] = {}


def _chance_row(need: int) -> list[float]:
    """Returns [P(sum of k dice >= need) for k = 0 .. max(need, 1)] (k = 0: 0.0); from there
    on the chance is 1.0 (every die shows at least 1)."""
    cap = need if need > 1 else 1
    row = _CHANCE_ROWS[need] = [pairing.sum_at_least(k, need) if k else 0.0
                                for k in range(cap + 1)]
    return row


def _span(need: int) -> tuple[int, int]:
    """Returns the fewest dice with at least a 0.25 chance to reach ``need`` and the fewest
    with at least 0.999 (the chance grows with the dice and is 1.0 at max(need, 1) dice)."""
    chances = _CHANCE_ROWS.get(need) or _chance_row(need)
    first = next(k for k in range(1, len(chances)) if chances[k] >= 0.25)
    sure = next(k for k in range(first, len(chances)) if chances[k] >= 0.999)
    _SPANS[need] = (first, sure)
    return first, sure


def _summon_row(need: int, value: float, die_cost: float
                ) -> tuple[list[float], list[tuple[int, float, float, float, float]]]:
    """Returns the best single summon of a card (value, need) with at most d dice, for d = 0 ..
    max(need, 1) (prefix maxima; flat beyond, where the chance is 1.0 and a die only costs),
    and the dice counts worth a look (a chance of at least 0.25, up to the first that is
    nearly sure; the chance grows with every die) as (dice, chance, value less the dice's
    cost, chance of failing, chance times that value).

    A pure function of its three numbers, which recur (most cards' value is their own)."""
    key = (need, value, die_cost)
    hit = _SUMMON_ROWS.get(key)
    if hit is None:
        chances = _CHANCE_ROWS.get(need) or _chance_row(need)
        row = [0.0]
        top = 0.0
        for k in range(1, len(chances)):
            x = chances[k] * (value - die_cost * k)
            if x > top:
                top = x
            row.append(top)
        first, sure = _SPANS.get(need) or _span(need)
        looks = []
        for k in range(first, sure + 1):
            chance = chances[k]
            base = value - die_cost * k
            looks.append((k, chance, base, 1 - chance, chance * base))
        if len(_SUMMON_ROWS) > _MEMO_LIMIT:
            _SUMMON_ROWS.clear()
        hit = _SUMMON_ROWS[key] = (row, looks)
    return hit


def predicted_defender(state: DuelState, seat: int, attacker_seat: int,
                       att: Fighter) -> tuple[Fighter, float, float]:
    """Returns the defender ``seat`` picks against ``att``, with both sides' expected losses."""
    _cost, g, mine, theirs = Judge(state, seat).defence_choice(seat, att)[0]
    return g, mine, theirs


def evaluate(rules: GameRules[Any], state: Any) -> list[float]:
    """Returns each seat's chance estimate from main-character life left and clan strength."""
    if state.winner is not None and state.phase in ("over", "between"):
        return [1.0 if s == state.winner else 0.0 for s in (0, 1)]
    score = []
    for seat in (0, 1):
        p = state.players[seat]
        score.append(remaining(state, seat, p.hero) + 2.0 * len(p.clan) + 0.5 * len(p.hand))
    total = score[0] + score[1]
    if total <= 0:
        return [0.5, 0.5]
    return [score[0] / total, score[1] / total]


_PLAYOUT_BOT = DuelHeuristicBot()
PLAYOUT_RANDOMNESS = 10  # percent of random playout moves, so MCTS still explores


def playout_policy(rules: GameRules[Any], state: Any, legal: Sequence[Action],
                   rng: Rng) -> Action:
    """Returns the heuristic move, or now and then a random legal one (MCTS playouts)."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(100) < PLAYOUT_RANDOMNESS:
        return legal[rng.below(len(legal))]
    seat = rules.current_actor(state)
    if seat is None:
        return legal[0]
    action = _PLAYOUT_BOT._pick(state, seat)
    # the legal list holds the same values; a heuristic slip must never stall a playout
    return action if action in legal else legal[-1]


register_bot("heuristic", DuelHeuristicBot, game="duel", label="bot.heuristic")
register_evaluator("duel", evaluate)
register_rollout_policy("duel", playout_policy)


from engine.rules.duel import search as _search  # noqa: E402,F401 - registers the hard bot
