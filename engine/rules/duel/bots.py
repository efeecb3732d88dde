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
from typing import Any

from engine.ai import Bot, register_bot, register_evaluator, register_rollout_policy
from engine.core.actions import Action
from engine.core.protocol import GameRules
from engine.core.rng import Rng
from engine.rules.duel import ops, pairing
from engine.rules.duel.cards import cards
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

_END_TURN = Action.make("end_turn")
_PASS_WINDOW = Action.make("pass_window")
_PASS_COUNTER = Action.make("pass_counter")
_NEXT_GAME = Action.make("next_game")


def dice_for(need: int, courage: int, most: int, confidence: float) -> int | None:
    """Returns the fewest dice (≤ most) whose sum plus courage reaches need often enough."""
    for k in range(1, most + 1):
        if pairing.sum_at_least(k, need - courage) >= confidence:
            return k
    return None


def remaining(state: DuelState, seat: int, f: Fighter) -> int:
    """Returns the life points a character has left."""
    return ops.life_of(state, seat, f) - f.damage


_OUTLOOK: dict[tuple[int, int, int, int, int], tuple[float, float]] = {}


def outlook(attack: int, defence: int, taken: int, armour: int, left: int
            ) -> tuple[float, float]:
    """Returns (expected damage capped at ``left``, chance of falling) of one fight's side.

    ``taken`` 0 reads the defender's damage, 1 the attacker's; armour lowers every result.
    """
    key = (attack, defence, taken, armour, left)
    hit = _OUTLOOK.get(key)
    if hit is None:
        tail = pairing.tails(attack, defence)[taken]
        n = len(tail)
        # E[min(damage, left)] = sum of P(damage >= k) for k = 1..left, after armour
        expected = sum(tail[k + armour] for k in range(1, left + 1) if k + armour < n)
        falls = tail[left + armour] if left + armour < n else 0.0
        hit = _OUTLOOK[key] = (expected, falls)
    return hit


_MEMO_LIMIT = 1 << 17
_FIGHTS: dict[tuple[int, ...], tuple[float, float, float, float]] = {}
_GAINS: dict[tuple[Any, ...], float] = {}


def _fight(a_info: tuple[int, int, int, int, float, float],
           g_info: tuple[int, int, int, int, float, float]) -> tuple[float, float]:
    """Returns (defending side's loss, attacking side's loss) from two ``Judge.info`` rows."""
    a, _ad, a_arm, a_left, w_a, fall_a = a_info
    _gd, d, d_arm, g_left, w_d, fall_d = g_info
    key = (a, d, d_arm, g_left, a_arm, a_left)
    hit = _FIGHTS.get(key)
    if hit is None:
        if len(_FIGHTS) > _MEMO_LIMIT:
            _FIGHTS.clear()
        hit = _FIGHTS[key] = (*outlook(a, d, 0, d_arm, g_left), *outlook(a, d, 1, a_arm, a_left))
    e_d, p_d, e_a, p_a = hit
    return (e_d * w_d + p_d * fall_d, e_a * w_a + p_a * fall_a)


class Judge:
    """Values of life, characters and cards for one decision, seen from ``seat``."""

    __slots__ = ("state", "seat", "c", "main_w", "behind", "waiting", "_info")

    def __init__(self, state: DuelState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.c = cards()
        self._info: dict[int, tuple[int, int, int, int, float, float]] = {}
        left = [remaining(state, s, state.players[s].hero) for s in (0, 1)]
        hand = state.players[seat].hand
        self.waiting = len(hand) >= ops.HAND_SIZE - 1 and any(
            self.c.kind[x] == "clan" for x in hand)
        # a main character's life point weighs more the less of it is left
        self.main_w = [MAIN_BASE + MAIN_SCALE / max(1, x) for x in left]
        rounds_left = state.round_limit - state.round
        # seed 003 has no round limit; ours (docs/duel/rules.md) goes by life left: near it
        # the side behind must hit the enemy main character, the side ahead must keep its own
        self.behind = rounds_left <= 4 and left[seat] <= left[1 - seat]
        if rounds_left <= 4:
            self.main_w[1 - seat if self.behind else seat] *= 2.0

    def fall_cost(self, seat: int, f: Fighter) -> float:
        """Returns what a character's fall costs its side (XP to the enemy, a lost place)."""
        if f.uid == MAIN_UID:
            return _GAME_LOST
        clan = self.c.clan[f.card]
        cost = FALL_BASE + clan.xp / FALL_XP
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
        key = seat * 1000 + f.uid
        hit = self._info.get(key)
        if hit is None:
            a, d, arm, life = ops.numbers(self.state, seat, f)
            hit = self._info[key] = (
                a, d, arm, life - f.damage, self.main_w[seat] if f.uid == MAIN_UID else 1.0,
                self.fall_cost(seat, f))
        return hit

    def fight(self, att_seat: int, att: Fighter, g: Fighter) -> tuple[float, float]:
        """Returns (defending side's loss, attacking side's loss) of ``att`` against ``g``."""
        return _fight(self.info(att_seat, att), self.info(1 - att_seat, g))

    def defence_choice(self, dseat: int, att: Fighter) -> list[tuple[float, Fighter, float, float]]:
        """Returns (cost to the defender, character, its loss, attacker's loss), best first."""
        p = self.state.players[dseat]
        a_info = self.info(1 - dseat, att)
        out = []
        for g in (p.hero, *p.clan):
            mine, theirs = _fight(a_info, self.info(dseat, g))
            out.append((mine - DEF_SPITE * theirs, g, mine, theirs))
        out.sort(key=lambda t: (t[0], t[1].uid))
        return out

    def attack_gain(self, att: Fighter, shrewd: float) -> float:
        """Returns the expected gain of an attack by ``att`` for the bot's side."""
        dseat = 1 - self.seat
        p = self.state.players[dseat]
        # the same numbers recur decision after decision in a turn: reuse the gain
        key = (shrewd, self.info(self.seat, att),
               *(self.info(dseat, g) for g in (p.hero, *p.clan)))
        gain = _GAINS.get(key)
        if gain is None:
            choices = self.defence_choice(dseat, att)
            n = len(choices)
            best = choices[0]
            gain = shrewd * (best[2] - best[3])
            share = (1.0 - shrewd) / n
            for _cost, _g, theirs, mine in choices:
                gain += share * (theirs - mine)
            if len(_GAINS) > _MEMO_LIMIT:
                _GAINS.clear()
            _GAINS[key] = gain
        return gain

    # --- cards -------------------------------------------------------------------------------
    def clan_value(self, card: str) -> float:
        """Returns what a clan member in play is worth to its side."""
        d = self.c.clan[card]
        value = d.life * 0.45 + d.attack * 1.3 + d.defence * 1.0 + 1.5
        for e in d.effects:
            value += self.effect_value(e, self.seat, None, card)
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
        return sum(self._lasting_one(e, seat) for e in self.c.lasting[card])

    def _lasting_one(self, e: Any, seat: int) -> float:
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
        if check(state, action) is not None:  # a heuristic slip must never stall a game
            action = rules.legal_actions(state)[-1]
        return action

    # --- phases --------------------------------------------------------------------------
    def _pick(self, state: DuelState, seat: int) -> Action:
        phase = state.phase
        if phase == MAIN:
            return self._main(state, seat)
        if phase == DEFEND:
            assert state.fight is not None
            att = state.players[1 - seat].fighter(state.fight[0])
            assert att is not None
            best = Judge(state, seat).defence_choice(seat, att)[0][1]
            return _one("defend", "defender", best.uid)
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
        j = Judge(state, seat)
        if not state.window[0] and p.lands:
            now = 0.0
            if state.land is not None:
                owner, card = state.land
                now = j.lasting_value(card, seat) if owner == seat else \
                    -j.lasting_value(card, 1 - seat)
            best_land, best_value = None, now + 0.5
            for card in p.lands:
                value = j.lasting_value(card, seat) + sum(
                    j.effect_value(e, seat, None, card) for e in j.c.instant[card])
                if value > best_value:
                    best_land, best_value = card, value
            if best_land is not None:
                return _one("play_land", "card", best_land)
        if not state.window[1] and p.treasures and not state.table:
            # seed 003: the winner of the next fight keeps the treasure; that fight is most
            # likely the opponent's attack on this seat, so hide one only when defending well
            if self._defence_holds(state, seat):
                best = max(p.treasures, key=lambda t: (j.lasting_value(t, seat) + sum(
                    j.effect_value(e, seat, None, t) for e in j.c.instant[t]), t))
                return _one("play_treasure", "card", best)
        return _PASS_WINDOW

    def _defence_holds(self, state: DuelState, seat: int) -> bool:
        """Returns True when this seat's best defender tends to win against every attacker."""
        me = state.players[seat]
        op = state.players[1 - seat]
        for att in (op.hero, *op.clan):
            a = ops.attack_of(state, 1 - seat, att)
            best = max(ops.defence_of(state, seat, g) for g in (me.hero, *me.clan))
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
        j = Judge(state, seat)
        if state.acts_used == 0:
            if len(p.clan) < ops.MAX_CLAN:
                summon = self._summon(state, seat, j)
                if summon is not None:
                    return summon
            if len(p.equipment) < ops.MAX_EQUIPMENT:
                equip = self._equip(state, seat, j)
                if equip is not None:
                    return equip
        if state.round == 1:
            return _END_TURN
        cast = self._cast(state, seat, j)
        if cast is not None:
            return cast
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

    def _summon(self, state: DuelState, seat: int, j: Judge) -> Action | None:
        p = state.players[seat]
        c = j.c
        courage = ops.courage_of(state, seat)
        pool = p.pool
        free = ops.MAX_CLAN - len(p.clan)
        options = []
        for card in dict.fromkeys(p.hand):
            if c.kind[card] == "clan" and card not in p.tried:
                options.append((card, c.clan[card].level - courage, j.clan_value(card)))
        if not options:
            return None
        die_cost = 0.15 if any(c.kind[x] == "magic" for x in p.hand) else 0.02

        # best[i][d]: the best single summon of option i with at most d dice (prefix maxima)
        best_of = []
        for _card, need, value in options:
            row = [0.0]
            top = 0.0
            for k in range(1, pool + 1):
                top = max(top, pairing.sum_at_least(k, need) * (value - die_cost * k))
                row.append(top)
            best_of.append(row)

        def single(skip: str, dice: int) -> float:
            best = 0.0
            for i, option in enumerate(options):
                if option[0] != skip and best_of[i][dice] > best:
                    best = best_of[i][dice]
            return best

        best_action: tuple[float, str, int] | None = None
        for card, need, value in options:
            for k in range(1, pool + 1):
                chance = pairing.sum_at_least(k, need)
                if chance < 0.25:
                    continue
                win_next = single(card, pool - k) if free > 1 else 0.0
                score = chance * (value - die_cost * k + win_next) + (1 - chance) * single(
                    card, pool)
                if best_action is None or score > best_action[0]:
                    best_action = (score, card, k)
                if chance >= 0.999:
                    break
        if best_action is None or best_action[0] <= 0.5:
            return None
        return _dice_actions("summon", best_action[1], best_action[2])[-1]

    def _equip(self, state: DuelState, seat: int, j: Judge) -> Action | None:
        p = state.players[seat]
        best: tuple[float, str] | None = None
        for card in dict.fromkeys(p.hand):
            if j.c.kind[card] != "equipment":
                continue
            value = j.lasting_value(card, seat) + sum(
                j.effect_value(e, seat, None, card) for e in j.c.instant[card])
            if value <= 0.0 and len(p.hand) < ops.HAND_SIZE - 1:
                continue  # e.g. a healer's kit waits for wounds unless the hand is clogged
            if best is None or value > best[0]:
                best = (value, card)
        return None if best is None else _one("equip", "card", best[1])

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
        if not _can_attack(state):
            return None
        me = state.players[seat]
        best: tuple[float, int] | None = None
        for f in (*me.clan, me.hero):
            if f.attacked:
                continue
            gain = j.attack_gain(f, self.shrewd)
            if f.uid == MAIN_UID:
                if not j.behind:
                    gain -= MAIN_CAUTION  # the main character's life is the game
            else:
                gain += CLAN_AGGRO
            if gain > 0.0 and (best is None or gain > best[0]):
                best = (gain, f.uid)
        if best is None:
            return None
        return _one("attack", "attacker", best[1])


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
