"""Combat resolution (seed 002, "Kampf"): activations, attacks, damage, retaliation, rounds, end.

The battle moves on by ``advance``: after every action it activates units in initiative order,
lets automatic units act (engine/rules/heroes/auto.py) and stops where a seat must decide. An
attack is a small chain ``[attacker, target, stage, first, again, return square]`` that a
response window may interrupt (seed 002, "Karten im Kampf spielen": both players may play cards
before an attack); the window's close hook resumes it.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Breakdown, Event, Message, Term
from engine.core.decisions import ALL_PASS, ONE, Decision
from engine.core.dice import roll_faces, roll_faces_batch
from engine.rules.heroes import board as B
from engine.rules.heroes.state import (
    BATTLE,
    GATE_PIECE,
    ORDER,
    OVER,
    REROLL,
    RESPOND,
    TIME,
    WALL,
    BattleState,
    Unit,
)

ATTACK_DIE = (-1, -1, 0, 0, 1, 1)  # seed: -1..+1; printed faces (spec §25.2, AMB-54)
FACES = (-1, 0, 1)
FACE_WAYS = {-1: 2, 0: 2, 1: 2}  # ways out of 6

# chain stages
HIT = "attack"
RETALIATE = "retaliation"


# --- dice ----------------------------------------------------------------------------------------
def roll_die(st: BattleState) -> int:
    """Returns one attack-die result (a scenario's forced results come first)."""
    if st.forced:
        return st.forced.pop(0)
    return roll_faces(st.rng, ATTACK_DIE)


def roll_dice(st: BattleState, count: int) -> list[int]:
    """Returns ``count`` attack-die results rolled together (a scenario's forced results first)."""
    forced = st.forced
    if forced:
        out: list[int] = []
        while forced and len(out) < count:
            out.append(forced.pop(0))
        if len(out) < count:
            out += roll_faces_batch(st.rng, ATTACK_DIE, count - len(out))
        return out
    return roll_faces_batch(st.rng, ATTACK_DIE, count)


# --- looking things up ---------------------------------------------------------------------------
def seat_of(st: BattleState, side: int) -> int | None:
    """Returns the seat that decides for a side (None: automatic)."""
    return st.sides[side].seat


def side_of_seat(st: BattleState, seat: int | None) -> int:
    """Returns the side a seat controls (-1 for none)."""
    for i, s in enumerate(st.sides):
        if s.seat is not None and s.seat == seat:
            return i
    return -1


def enemies(st: BattleState, side: int, board_only: bool = True) -> list[Unit]:
    """Returns the living enemy units (on the board only, or with the arrow tower)."""
    return [u for u in st.units if u.alive and u.side != side and u.deployed
            and (u.sq >= 0 or not board_only)]


def adjacent_enemies(st: BattleState, u: Unit) -> list[Unit]:
    """Returns the living enemy units on squares next to ``u``."""
    if u.sq < 0:
        return []
    near = B.ADJACENT[u.sq]
    return [e for e in st.units if e.alive and e.side != u.side and e.sq in near]


def is_adjacent(a: Unit, b: Unit) -> bool:
    """Returns True when two units stand on neighbouring squares."""
    return a.sq >= 0 and b.sq >= 0 and b.sq in B.ADJACENT[a.sq]


def ranged_penalty(st: BattleState, a: Unit, t: Unit) -> bool:
    """Returns True when a ranged attack suffers the penalty (seed 002, "Einheitentypen"):
    the target is adjacent, or the shot goes from the own back row to the enemy back row."""
    if B.utype(a) != "ranged" or a.tower:
        return False
    ta = B.traits(a)
    if ta.no_ranged_penalty or ta.best_of_two:
        return False
    if is_adjacent(a, t):
        return True
    return B.is_back_row(a.sq, a.side) and B.is_back_row(t.sq, t.side) and t.sq >= 0


def protected(st: BattleState, a: Unit, t: Unit) -> bool:
    """Returns True when a siege wall or the gate protects ``t`` from the ranged attack of ``a``
    (seed 002, "Belagerungskampf": same column, behind an intact wall or gate, shot from the
    other side of the board; the arrow tower is never hindered, spec AMB-72)."""
    walls = st.walls
    if not walls or a.tower or B.utype(a) != "ranged" or t.side != 1 or t.sq < 0:
        return False
    if B.row(t.sq) <= B.MIDDLE or a.sq < 0 or B.row(a.sq) >= B.MIDDLE:
        return False
    return walls[B.col(t.sq)] in (WALL, GATE_PIECE)


def may_retaliate(st: BattleState, attacker: Unit, target: Unit, first: bool) -> bool:
    """Returns True when ``target`` strikes back after an attack by ``attacker``.

    seed 002, "Vergeltungsangriff": a unit that survives an attack by an adjacent unit (spec
    AMB-55) retaliates once per combat round (unless an ability says otherwise); paralysed units
    too; never after a retaliation.
    """
    if not target.alive or not attacker.alive or target.tower or attacker.tower:
        return False
    if not is_adjacent(attacker, target) or target.no_ret:
        return False
    if first and B.traits(attacker).no_retaliation:
        return False
    return not target.retaliated or B.traits(target).unlimited_retaliation


# --- damage --------------------------------------------------------------------------------------
def apply_damage(st: BattleState, u: Unit, amount: int, ev: list[Event], source: str,
                 breakdown: Breakdown | None = None) -> None:
    """Puts damage on a unit: a Pack flips to Few with the excess carried over; a Few unit (or a
    neutral) with damage reaching its health is defeated (seed 002, "Lebenspunkte")."""
    if amount <= 0 or not u.alive:
        return
    u.paralysed = False  # seed: damage removes the paralysis token early
    u.damage += amount
    ev.append(Event("heroes.ev.damage", {"unit": u.uid, "did": u.did, "amount": amount,
                                         "source": source},
                    breakdowns=(breakdown,) if breakdown is not None else ()))
    d = B.udef(u.did)
    while u.alive and u.damage >= B.base(u).hp:
        if u.pack and d.pack is not None:
            u.damage -= d.pack.hp
            u.pack = False
            ev.append(Event("heroes.ev.flip", {"unit": u.uid, "did": u.did,
                                               "carried": u.damage}))
            continue
        if B.traits(u).survive_once and not u.survived:
            u.survived = True
            u.damage = B.base(u).hp - 1
            ev.append(Event("heroes.ev.survive", {"unit": u.uid, "did": u.did}))
            break
        defeat(st, u, ev)


def defeat(st: BattleState, u: Unit, ev: list[Event]) -> None:
    """Removes a defeated unit from the board."""
    u.alive = False
    u.sq = -1
    u.paralysed = False
    u.defending = False
    st.defeated.append(u.uid)
    ev.append(Event("heroes.ev.defeated", {"unit": u.uid, "did": u.did, "side": u.side}))


def heal(u: Unit, amount: int, ev: list[Event]) -> None:
    """Removes up to ``amount`` damage from a unit (never flips a Few side back)."""
    done = min(amount, u.damage)
    if done > 0 and u.alive:
        u.damage -= done
        ev.append(Event("heroes.ev.heal", {"unit": u.uid, "did": u.did, "amount": done}))


def paralyse(u: Unit, ev: list[Event]) -> None:
    """Puts a paralysis token on a unit (unless it ignores paralysis)."""
    if not u.alive or u.tower:
        return
    if B.traits(u).immune_paralysis:
        ev.append(Event("heroes.ev.immune", {"unit": u.uid, "did": u.did}))
        return
    u.paralysed = True
    ev.append(Event("heroes.ev.paralysed", {"unit": u.uid, "did": u.did}))


def expire_attack_bonuses(a: Unit, t: Unit) -> None:
    """Drops the bonuses that last until the unit's first attack (seed 002, "Karten im Kampf":
    they expire once the first attack by or against the unit has resolved), and a bot might
    card's parts that this attack used: its attack part on the attacker ("strike"), its defence
    part on the target ("guard"; seed "Kartendecks der Bot-Helden": "bis der/die erste
    entsprechende Angriff/Verteidigung erfolgt ist")."""
    if a.bonuses:
        a.bonuses = kept_after_attack(a.bonuses, attacker=True)
    if t.bonuses:
        t.bonuses = kept_after_attack(t.bonuses, attacker=False)


def kept_after_attack(bonuses: list[list[Any]], attacker: bool) -> list[list[Any]]:
    """Returns the bonuses a unit keeps after an attack it made (``attacker``) or took."""
    used = "strike" if attacker else "guard"
    return [b for b in bonuses if b[3] != "attack" and b[3] != used]


# --- one attack ----------------------------------------------------------------------------------
class Hit:
    """The values of one attack before its dice: attack and defence terms, dice and modifiers."""

    __slots__ = ("atk_terms", "def_terms", "attack", "defence", "dice", "pick", "fixed",
                 "die_bonus", "reroll", "protection", "defend", "def_on_die", "die_atk", "cap",
                 "min1", "no_die", "ignore_printed")

    def __init__(self) -> None:
        self.atk_terms: list[Term] = []
        self.def_terms: list[Term] = []
        # the attack before the die (never below 0: a floor term keeps the terms adding up) and
        # the defence before dice (the defence terms subtract it, so they are negative)
        self.attack = 0
        self.defence = 0
        self.dice = 1  # attack dice rolled
        self.pick = "one"  # one, low (penalty), high (best of two)
        self.fixed: int | None = None
        self.die_bonus = 0
        self.reroll: tuple[int, ...] = ()
        self.protection = 0
        self.defend = False
        self.def_on_die: tuple[tuple[int, ...], int] | None = None
        self.die_atk: tuple[tuple[int, ...], int] | None = None
        self.cap = 0
        self.min1 = False
        self.no_die = False
        self.ignore_printed = False


def _term(key: str, value: int, **params: Any) -> Term:
    return Term(Message(key, params), value)


def prepare_hit(st: BattleState, a: Unit, t: Unit, retaliation: bool, first: bool,
                worse: bool = False) -> Hit:
    """Returns the values of an attack by ``a`` on ``t`` (shared by resolution and previews)."""
    h = Hit()
    fa = B.FACES[a.did][a.pack]
    ft = B.FACES[t.did][t.pack]
    ta = fa.traits
    tt = ft.traits
    abilities = first and not retaliation
    atk_terms = h.atk_terms
    def_terms = h.def_terms
    atk = fa.stats.attack
    atk_terms.append(_term("heroes.bd.attack", atk, did=a.did))
    for b in a.bonuses:
        if b[0]:
            atk += b[0]
            atk_terms.append(_term("heroes.bd.card", b[0], card=b[4]))
    if abilities and ta.charge is not None and st.moved >= ta.charge[0] and st.active == a.uid:
        atk += ta.charge[1]
        atk_terms.append(_term("heroes.bd.charge", ta.charge[1]))
    kind = fa.type
    ranged = kind == "ranged"
    side_bonus = st.sides[a.side].ranged_bonus
    if ranged and side_bonus and not a.tower and not is_adjacent(a, t):
        atk += side_bonus
        atk_terms.append(_term("heroes.bd.marksmanship", side_bonus))
    # defence
    h.ignore_printed = abilities and ta.ignore_defence
    if not h.ignore_printed:
        dfn = ft.stats.defence
        def_terms.append(_term("heroes.bd.defence", -dfn, did=t.did))
    else:
        dfn = 0
        def_terms.append(_term("heroes.bd.ignore_defence", 0))
    for b in t.bonuses:
        if b[1]:
            dfn += b[1]
            def_terms.append(_term("heroes.bd.card", -b[1], card=b[4]))
    if t.def_cut:
        dfn -= t.def_cut
        def_terms.append(_term("heroes.bd.defence_lost", t.def_cut))
    vs = tt.defence_vs.get(kind, 0) if tt.defence_vs else 0
    if vs:
        dfn += vs
        def_terms.append(_term("heroes.bd.defence_vs", -vs, type=kind))
    # values never drop below 0: a floor term keeps the breakdown adding up
    if atk < 0:
        atk_terms.append(_term("heroes.bd.floor", -atk))
        atk = 0
    if dfn < 0:
        def_terms.append(_term("heroes.bd.floor", dfn))
        dfn = 0
    h.attack = atk
    h.defence = dfn
    # dice
    if a.fixed_die is not None:
        h.fixed = a.fixed_die
    elif tt.fixed_die_against is not None:
        h.fixed = tt.fixed_die_against
    elif abilities and ta.fixed_die is not None:
        h.fixed = ta.fixed_die
    if worse or (ranged and ranged_penalty(st, a, t)):
        h.dice, h.pick = 2, "low"
    elif ta.best_of_two and (abilities or ranged):
        h.dice, h.pick = 2, "high"
    if abilities:
        h.die_bonus = ta.die_bonus
        # option no_rerolls (seed "Optionale Anpassungen": "Würfelwürfe dürfen nicht
        # wiederholt werden"): a card's reroll is off too (spec §15.3)
        h.reroll = ta.reroll if not st.variants.get("no_rerolls") else ()
        h.die_atk = ta.die_attack_bonus
    h.defend = t.defending
    h.def_on_die = tt.defence_on_die
    h.protection = 1 if ranged and st.walls and protected(st, a, t) else 0
    h.cap = tt.damage_cap
    variants = st.variants
    if variants:
        h.min1 = bool(variants.get("min_damage"))
        h.no_die = bool(variants.get("no_die_damage"))
    return h


def quick_values(st: BattleState, a: Unit, t: Unit, retaliation: bool,
                 first: bool) -> tuple[int, int, str, int | None, int, bool, int]:
    """Returns (attack, defence, dice pick, fixed die, die bonus, defend token, protection) of an
    attack as ``prepare_hit`` computes them, without the breakdown (for bots and previews)."""
    fa = B.FACES[a.did][a.pack]
    ft = B.FACES[t.did][t.pack]
    ta = fa.traits
    tt = ft.traits
    abilities = first and not retaliation
    atk = fa.stats.attack
    for b in a.bonuses:
        atk += b[0]
    if abilities and ta.charge is not None and st.moved >= ta.charge[0] and st.active == a.uid:
        atk += ta.charge[1]
    kind = fa.type
    ranged = kind == "ranged"
    if ranged and not a.tower:
        bonus = st.sides[a.side].ranged_bonus
        if bonus and not is_adjacent(a, t):
            atk += bonus
    dfn = 0 if abilities and ta.ignore_defence else ft.stats.defence
    for b in t.bonuses:
        dfn += b[1]
    dfn -= t.def_cut
    if tt.defence_vs:
        dfn += tt.defence_vs.get(kind, 0)
    fixed = a.fixed_die if a.fixed_die is not None else tt.fixed_die_against
    if fixed is None and abilities:
        fixed = ta.fixed_die
    # ranged_penalty and protected concern ranged attackers only
    if ranged and ranged_penalty(st, a, t):
        pick = "low"
    elif ta.best_of_two and (abilities or ranged):
        pick = "high"
    else:
        pick = "one"
    return (atk if atk > 0 else 0, dfn if dfn > 0 else 0, pick, fixed,
            ta.die_bonus if abilities else 0, t.defending,
            1 if ranged and st.walls and protected(st, a, t) else 0)


def damage_of(h: Hit, die: int, defend_die: int) -> tuple[int, list[Term]]:
    """Returns the damage for given die results and the terms of its breakdown."""
    terms = list(h.atk_terms)
    atk = h.attack
    if not h.no_die:
        terms.append(_term("heroes.bd.die", die))
        atk += die
    if h.die_atk is not None and die in h.die_atk[0]:
        terms.append(_term("heroes.bd.die_ability", h.die_atk[1]))
        atk += h.die_atk[1]
    defence = h.defence
    terms.extend(h.def_terms)
    if h.defend and defend_die == 1:
        defence += 1
        terms.append(_term("heroes.bd.defend", -1))
    if h.def_on_die is not None and die in h.def_on_die[0]:
        defence += h.def_on_die[1]
        terms.append(_term("heroes.bd.defence_on_die", -h.def_on_die[1]))
    dmg = atk - defence
    if h.protection:
        terms.append(_term("heroes.bd.protection", -h.protection))
        dmg -= h.protection
    if dmg < 0:
        terms.append(_term("heroes.bd.no_negative", -dmg))
        dmg = 0
    if h.min1 and dmg < 1:
        terms.append(_term("heroes.bd.min_damage", 1 - dmg))
        dmg = 1
    if h.cap and dmg > h.cap:
        terms.append(_term("heroes.bd.cap", h.cap - dmg))
        dmg = h.cap
    return dmg, terms


def roll_attack_dice(st: BattleState, h: Hit) -> list[int]:
    """Rolls the attack dice of a hit (an ability's reroll of some faces included)."""
    rolled = roll_dice(st, h.dice)
    if h.reroll:
        rolled = [roll_die(st) if r in h.reroll else r for r in rolled]
        # a reroll counts as rolled too (shown in the log)
    return rolled


def pick_die(h: Hit, rolled: list[int]) -> int:
    """Returns the result of rolled attack dice: the lower of two under a penalty, the higher
    of two for best-of-two, else the one die; plus the die bonus."""
    if h.pick == "low":
        die = min(rolled)
    elif h.pick == "high":
        die = max(rolled)
    else:
        die = rolled[0]
    return die + h.die_bonus


def roll_attack(st: BattleState, h: Hit) -> tuple[int, list[int]]:
    """Rolls the attack dice of a hit: returns the result and every die rolled."""
    if h.fixed is not None:
        return h.fixed + h.die_bonus, []
    rolled = roll_attack_dice(st, h)
    return pick_die(h, rolled), rolled


def hit(st: BattleState, a: Unit, t: Unit, retaliation: bool, first: bool,
        ev: list[Event], worse: bool = False, rolled: list[int] | None = None) -> None:
    """Resolves one attack of ``a`` on ``t``: dice (or the dice already rolled, after a morale
    reroll), damage, abilities; expires card bonuses."""
    t.paralysed = False  # seed: an attacked unit loses its paralysis token early
    h = prepare_hit(st, a, t, retaliation, first, worse)
    if rolled is not None and h.fixed is None:
        die = pick_die(h, rolled)
    else:
        die, rolled = roll_attack(st, h)
    defend_die = roll_die(st) if h.defend else 0
    if h.defend:
        ev.append(Event("heroes.ev.defend_die", {"unit": t.uid, "did": t.did,
                                                 "die": defend_die}))
    dmg, terms = damage_of(h, die, defend_die)
    a.fixed_die = None
    ev.append(Event("heroes.ev.attack", {
        "attacker": a.uid, "attacker_did": a.did, "target": t.uid, "target_did": t.did,
        "die": die, "dice": rolled, "damage": dmg, "retaliation": retaliation,
        "penalty": h.pick == "low", "protected": bool(h.protection)},
        breakdowns=(Breakdown(Message("heroes.bd.damage", {}), dmg, tuple(terms)),)))
    apply_damage(st, t, dmg, ev, "attack")
    expire_attack_bonuses(a, t)
    ta = B.traits(a)
    if first and not retaliation:
        if ta.paralyze_on is not None and die - h.die_bonus in ta.paralyze_on and t.alive:
            paralyse(t, ev)
        if ta.splash:
            for e in adjacent_enemies_of_square(st, t, a.side):
                apply_damage(st, e, ta.splash, ev, "splash")
        if ta.drain and a.alive:
            heal(a, ta.drain, ev)
        if ta.bonus_damage_on is not None and t.alive:
            extra = roll_die(st)
            ev.append(Event("heroes.ev.extra_die", {"unit": a.uid, "did": a.did, "die": extra}))
            if extra in ta.bonus_damage_on[0]:
                apply_damage(st, t, ta.bonus_damage_on[1], ev, "ability")
        if ta.draw_on and die - h.die_bonus in ta.draw_on:
            cards.draw(st, a.side, 1, ev)
        if ta.defence_cut_on is not None and die - h.die_bonus in ta.defence_cut_on[0] \
                and t.alive:
            t.def_cut += ta.defence_cut_on[1]
            ev.append(Event("heroes.ev.defence_lost", {"unit": t.uid, "did": t.did,
                                                       "amount": ta.defence_cut_on[1]}))
    if retaliation and ta.paralyze_on_retaliation is not None and t.alive \
            and die - h.die_bonus in ta.paralyze_on_retaliation:
        paralyse(t, ev)


def adjacent_enemies_of_square(st: BattleState, t: Unit, side: int) -> list[Unit]:
    """Returns the living units of the target's side next to the target (for splash damage)."""
    if t.sq < 0:
        return []
    near = B.ADJACENT[t.sq]
    return [e for e in st.units if e.alive and e.side != side and e.sq in near and e is not t]


def destroy_wall(st: BattleState, c: int, by: int, ev: list[Event]) -> None:
    """Destroys the wall or gate in column ``c`` (spec AMB-71: no die, no cards); the arrow tower
    falls with the last of them (seed 002, printed tower card)."""
    piece = st.walls[c]
    st.walls[c] = None
    # the board shows where; the log names what (a column number would read differently for
    # the two players, whose boards are turned towards them)
    key = "heroes.ev.gate_down" if piece == GATE_PIECE else "heroes.ev.wall_down"
    ev.append(Event(key, {"col": c, "piece": piece, "by": by}))
    if all(p is None for p in st.walls):
        for u in st.units:
            if u.tower and u.alive:
                u.alive = False
                st.defeated.append(u.uid)
                ev.append(Event("heroes.ev.tower_down", {"unit": u.uid}))


# --- attack chains and windows -------------------------------------------------------------------
def window_seats(st: BattleState, first_side: int, chain: list[Any]) -> list[int]:
    """Returns the seats that may play cards before an attack, the attacking side's first.

    seed card rule 1: only players whose main hero fights may play cards. A seat that holds no
    card it could play now is not asked: the table does not make a player pass for nothing (and
    in hot-seat play hand the screen over for it); the opponent learns only that no playable card
    was held, docs/heroes/rules.md.
    """
    seats = []
    for side in (first_side, 1 - first_side):
        s = st.sides[side]
        if s.seat is not None and cards.has_window_play(st, side, chain):
            seats.append(s.seat)
    return seats


def start_attack(rules: Any, st: BattleState, a: Unit, t: Unit, ev: list[Event]) -> None:
    """Declares the active unit's attack on ``t`` and resolves it (after the response window)."""
    first = st.attacked == 0
    again = 1 if first and B.traits(a).strike_again else 0
    ret_sq = st.start_sq if first and B.traits(a).return_after else -1
    # An attack is an irreversible point: whether a response window opens tells whether the
    # other side holds a playable card (window_seats), and with dice it is rolled anyway.
    ev.append(Event("heroes.ev.declare", {"attacker": a.uid, "attacker_did": a.did,
                                          "target": t.uid, "target_did": t.did}, reveal=True))
    run_chain(rules, st, [a.uid, t.uid, HIT, first, again, ret_sq], ev)


def run_chain(rules: Any, st: BattleState, chain: list[Any], ev: list[Event]) -> None:
    """Opens the response window of the chain's next attack, or resolves it at once."""
    attacker = chain[0] if chain[2] == HIT else chain[1]
    seats = window_seats(st, st.units[attacker].side, chain)
    if seats:
        st.flow.push(Decision(RESPOND, seats, ALL_PASS, data=chain))
        return
    resolve_chain(rules, st, chain, ev)


def reroll_seats(st: BattleState, a: Unit, t: Unit) -> list[int]:
    """Returns the seats that may reroll the attack dice of ``a`` on ``t`` with a good morale
    token, in the order asked: the attacker's player (its own die), then the target's (an attack
    against its unit). Seed "Moralaktionen": "Würfle einen soeben geworfenen Würfel neu"; spec
    AMB-16; none with the option no_rerolls."""
    if st.variants.get("no_rerolls"):
        return []
    out = []
    for side in (a.side, t.side):
        s = st.sides[side]
        if s.seat is not None and s.morale > 0 and not s.neutral and s.seat not in out:
            out.append(s.seat)
    return out


def hopeful_seats(st: BattleState, seats: list[int], a: Unit, rolled: list[int]) -> list[int]:
    """Returns ``seats`` from the first whom a reroll of ``a``'s attack dice can help: the
    attacker's while a die shows less than the best face, the target's while one shows more
    than the worst. A die at its best for the asking seat can only turn worse: the question
    costs a click and gives nothing (both window walks of 2026-11-28 met it after every
    roll). The seats after it are asked in turn, each on the dice as they then lie."""
    best, worst = max(FACES), min(FACES)
    own = st.sides[a.side].seat
    for k, s in enumerate(seats):
        if any(d < best for d in rolled) if s == own else any(d > worst for d in rolled):
            return seats[k:]
    return []


def _offer_reroll(st: BattleState, chain: list[Any], a: Unit, t: Unit, retaliation: bool,
                  first: bool, worse: bool, ev: list[Event]) -> tuple[bool, list[int] | None]:
    """Rolls the attack dice now and asks the first seat that may reroll one of them and
    whom a reroll can help (the dice wait in the decision). Returns (asked, dice): not asked
    with no dice when nobody may reroll (the hit rolls its own), not asked with the dice
    when nobody would gain by it."""
    seats = reroll_seats(st, a, t)
    if not seats:
        return False, None
    h = prepare_hit(st, a, t, retaliation, first, worse)
    if h.fixed is not None:
        return False, None  # a fixed result is no die rolled
    rolled = roll_attack_dice(st, h)
    ev.append(Event("heroes.ev.dice", {"unit": a.uid, "did": a.did, "dice": rolled[:]}))
    seats = hopeful_seats(st, seats, a, rolled)
    if not seats:
        return False, rolled
    st.flow.push(Decision(REROLL, seats[0], ONE, data=[*chain[:6], rolled, seats[1:]]))
    return True, None


def answer_reroll(rules: Any, st: BattleState, data: list[Any], die: int | None,
                  ev: list[Event]) -> None:
    """A seat rerolled one attack die (``die``: its index; None: kept them all). The next seat
    that may reroll is asked; then the attack resolves with the dice as they lie."""
    chain, rolled, waiting = list(data[:6]), list(data[6]), list(data[7])
    if die is not None:
        seat = st.flow.stack[-1].seats[0] if st.flow.stack else None
        side = side_of_seat(st, seat) if seat is not None else -1
        old = rolled[die]
        rolled[die] = roll_die(st)
        if side >= 0:
            st.sides[side].morale = 0
        ev.append(Event("heroes.ev.morale_reroll", {"side": side, "old": old,
                                                    "new": rolled[die], "dice": rolled[:]},
                        reveal=True))  # a die rolled: no undo back over it
    if waiting:
        attacker = st.units[chain[0] if chain[2] == HIT else chain[1]]
        waiting = hopeful_seats(st, waiting, attacker, rolled)
    if waiting:
        st.flow.replace(Decision(REROLL, waiting[0], ONE, data=[*chain, rolled, waiting[1:]]))
        return
    st.flow.pop()
    resolve_chain(rules, st, [*chain, rolled], ev)


def resolve_chain(rules: Any, st: BattleState, chain: list[Any], ev: list[Event]) -> None:
    """Resolves the chain's pending attack and moves it on (retaliation, second strike, end).
    A seventh entry holds attack dice already rolled (after a morale reroll)."""
    au, tu, stage, first, again, ret_sq = chain[:6]
    rolled = chain[6] if len(chain) > 6 else None
    a = st.units[au]
    t = st.units[tu]
    clear_empower(st)
    if stage == HIT:
        if a.alive and t.alive:
            if rolled is None:
                asked, rolled = _offer_reroll(st, chain, a, t, False, first, False, ev)
                if asked:
                    return
            hit(st, a, t, False, first, ev, rolled=rolled)
            if check_over(rules, st, ev):
                return
            if may_retaliate(st, a, t, first):
                if not B.traits(t).unlimited_retaliation:
                    t.retaliated = True
                run_chain(rules, st, [au, tu, RETALIATE, first, again, ret_sq], ev)
                return
    elif a.alive and t.alive:
        worse = first and B.traits(a).worse_retaliation
        if rolled is None:
            ev.append(Event("heroes.ev.retaliate", {"unit": t.uid, "did": t.did}))
            asked, rolled = _offer_reroll(st, chain, t, a, True, False, worse, ev)
            if asked:
                return
        hit(st, t, a, True, False, ev, worse, rolled=rolled)
        if check_over(rules, st, ev):
            return
    # the exchange is over: a second strike, a return flight, or the rest of the activation
    if again and a.alive and t.alive and not (B.traits(a).strike_again_far and is_adjacent(a, t)):
        ev.append(Event("heroes.ev.again", {"unit": a.uid, "did": a.did}))
        run_chain(rules, st, [au, tu, HIT, False, 0, ret_sq], ev)
        return
    if ret_sq >= 0 and a.alive and a.sq != ret_sq and B.free_squares(st)[ret_sq]:
        ev.append(Event("heroes.ev.return", {"unit": a.uid, "did": a.did, "from": a.sq,
                                             "to": ret_sq}))
        a.sq = ret_sq
    if st.active == au:
        st.attacked += 1
        if not a.alive or B.utype(a) != "ranged" or st.moved != 0:
            end_activation(rules, st, ev)
        elif st.sides[a.side].seat is not None and not B.reach(st, a, B.RANGED_MOVE):
            end_activation(rules, st, ev)  # nothing left to do but end


def close_window(rules: Any, st: BattleState, decision: Decision, ev: list[Event]) -> None:
    """The response window closed: the attack it held resolves and the battle moves on."""
    resolve_chain(rules, st, list(decision.data), ev)
    advance(rules, st, ev)


def clear_empower(st: BattleState) -> None:
    """Drops empower played without a following cast (seed 002, "Zauberkarten")."""
    for s in st.sides:
        s.empower = 0


# --- activations and rounds ----------------------------------------------------------------------
def next_candidates(st: BattleState) -> list[Unit]:
    """Returns the units that may activate next: the highest initiative among those not yet
    activated; on a tie between both sides, the side whose turn it is (seed 002, "Ablauf einer
    Kampfrunde": ties alternate between attacker and defender, the attacker first)."""
    best = -99
    group: list[Unit] = []
    for u in st.units:
        if not u.alive or u.acted or not u.deployed:
            continue
        i = B.initiative(u)
        if i > best:
            best = i
            group = [u]
        elif i == best:
            group.append(u)
    if not group:
        return group
    sides = {u.side for u in group}
    if len(sides) == 2:
        side = 1 - st.tie[1] if st.tie[0] == best and st.tie[1] >= 0 else 0
        group = [u for u in group if u.side == side]
    return group


def start_activation(rules: Any, st: BattleState, u: Unit, ev: list[Event]) -> None:
    """Activates a unit: its faction cube, paralysis, the defend token, activation abilities."""
    st.active = u.uid
    st.moved = 0
    st.attacked = 0
    st.extra_move = 0
    st.start_sq = u.sq
    st.turn += 1
    u.acted = True
    st.tie = [B.initiative(u), u.side]
    if u.paralysed:
        u.paralysed = False
        ev.append(Event("heroes.ev.skip", {"unit": u.uid, "did": u.did}))
        end_activation(rules, st, ev, defended=u.defending)
        return
    ev.append(Event("heroes.ev.activate", {"unit": u.uid, "did": u.did, "side": u.side,
                                           "initiative": st.tie[0]}))
    u.defending = False  # seed: the defend token goes at the start of the next activation
    t = B.traits(u)
    if t.heal_self:
        heal(u, t.heal_self, ev)
    if t.discard_enemy:
        cards.discard_random(st, 1 - u.side, ev)
    if u.tower:
        st.moved = -1  # the tower never moves
    elif st.sides[u.side].bot is not None:
        # seed "Kartendecks der Bot-Helden": a bot card is drawn and resolved before the unit
        # moves or attacks
        botdeck.on_activation(rules, st, u, ev)


def end_activation(rules: Any, st: BattleState, ev: list[Event], defended: bool = False) -> None:
    """Ends the active unit's activation; bonuses until its first attack expire too."""
    if st.active < 0:
        return
    u = st.units[st.active]
    u.defended_last = defended
    for x in st.units:
        if x.bonuses:
            x.bonuses = [b for b in x.bonuses if b[3] != "attack"]
    clear_empower(st)
    st.active = -1
    st.moved = 0
    st.attacked = 0
    st.extra_move = 0


def end_round(rules: Any, st: BattleState, ev: list[Event]) -> bool:
    """Ends the combat round: cubes come off, round effects expire; True when the battle goes on
    at once (False: a decision was pushed or the battle ended)."""
    for u in st.units:
        u.acted = False
        u.retaliated = False
        u.no_ret = False
        u.ward = 0
        if u.bonuses:
            u.bonuses = [b for b in u.bonuses if b[3] != "round"]
    for s in st.sides:
        s.spells = 0
        s.spell_limit = 1
        s.ranged_bonus = 0
        s.last_cast = None
    st.tie = [-1, -1]
    if st.max_rounds and st.round >= st.max_rounds:
        finish_by_strength(rules, st, ev)
        return False
    st.round += 1
    ev.append(Event("heroes.ev.round", {"round": st.round}))
    if time_limited(st):
        seat = st.sides[0].seat
        if seat is not None:
            st.flow.push(Decision(TIME, seat, ONE))
            return False
    return True


def time_limited(st: BattleState) -> bool:
    """Returns True when a neutral combat ends its round by extend-or-retreat (seed 002,
    "Zeitlimit in Kämpfen": not against azure units)."""
    if not st.spec.get("time_limit") or not st.sides[1].neutral:
        return False
    return not any(u.alive and B.udef(u.did).tier == "azure" for u in st.units if u.side == 1)


def army_strength(st: BattleState, side: int) -> int:
    """Returns a side's remaining health (the skirmish round limit compares it)."""
    return sum(B.total_hp_left(u) for u in st.units
               if u.alive and u.side == side and u.deployed and not u.tower)


def finish_by_strength(rules: Any, st: BattleState, ev: list[Event]) -> None:
    """Ends a battle at the round limit (skirmish only): the side with more health left wins."""
    a, d = army_strength(st, 0), army_strength(st, 1)
    winner = 0 if a > d else 1 if d > a else -1
    finish(st, winner, "round_limit", ev)


def finish(st: BattleState, winner: int, reason: str, ev: list[Event]) -> None:
    """Ends the battle: all damage heals (seed 002, "Ende des Kampfes")."""
    st.flow.clear()
    st.flow.phase = OVER
    st.winner = winner
    st.reason = reason
    st.active = -1
    for u in st.units:
        if u.alive:
            u.damage = 0
            u.paralysed = False
            u.defending = False
            u.bonuses = []
    ev.append(Event("heroes.ev.over", {"winner": winner, "reason": reason}))


def check_over(rules: Any, st: BattleState, ev: list[Event]) -> bool:
    """Ends the battle once a side has no unit left on the board (the tower does not count)."""
    if st.flow.phase == OVER:
        return True
    if st.flow.phase != BATTLE:
        return False
    alive = [False, False]
    for u in st.units:
        if u.alive and u.deployed and not u.tower:
            alive[u.side] = True
            if alive[1 - u.side]:
                return False
    winner = 0 if alive[0] else 1 if alive[1] else -1
    finish(st, winner, "defeat", ev)
    return True


def advance(rules: Any, st: BattleState, ev: list[Event]) -> None:
    """Moves the battle on until a seat must decide: activations, automatic units, rounds."""
    guard = 0
    while st.flow.phase == BATTLE and not st.flow.stack:
        guard += 1
        if guard > 500:
            raise RuntimeError("heroes battle does not settle")
        if check_over(rules, st, ev):
            return
        if st.active >= 0:
            u = st.units[st.active]
            if not u.alive:
                end_activation(rules, st, ev)
                continue
            if st.sides[u.side].seat is None:
                auto.act(rules, st, u, ev)
                continue
            return  # the player acts
        group = next_candidates(st)
        if not group:
            if not end_round(rules, st, ev):
                return
            continue
        seat = st.sides[group[0].side].seat
        if len(group) > 1 and seat is not None:
            st.flow.push(Decision(ORDER, seat, ONE, data=[u.uid for u in group]))
            return
        start_activation(rules, st, group[0], ev)


# the automatic units and cards call back into this module; imported last to close the cycle
from engine.rules.heroes import auto, cards  # noqa: E402
from engine.rules.heroes.battle import botdeck  # noqa: E402
