"""Cards in battle (seed 002, "Karten- und Spielerdecks", "Karten im Kampf spielen").

A card is played in one of its modes (basic/expert, a spell tier or its alternative, an
artifact's upper or lower effect). Who may play what, and when:
- card rule 1: only a side whose main hero fights plays cards;
- instants at any time the seat has the say (its own unit's activation, or a response window),
  never between the attack die and the damage (no window lies there);
- activation and ongoing effects only during the activation of an own unit, before its attack;
- adventure effects never in combat;
- an expert effect spends one of the hero's expert uses of the round (crowns);
- a spell tier needs the empower played before it; resolving it spends all empower played;
- one spell cast per combat round (specialties and a spell's alternative effect do not count).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engine.content.effects import REGISTRY
from engine.core.actions import Action, Breakdown, Event, Message, Term
from engine.core.decisions import ONE, Decision
from engine.rules.heroes import board as B
from engine.rules.heroes import combat
from engine.rules.heroes import content as C
from engine.rules.heroes.defs import TIER_RANK, CardDef, ModeDef
from engine.rules.heroes.effects import GAME
from engine.rules.heroes.state import PICK, RESPOND, SCHOOL, BattleState, Unit

SCHOOLS = ("air", "earth", "fire", "water")
IMMUNE = 9  # spell_resist of units that ignore every spell and specialty


# --- piles ---------------------------------------------------------------------------------------
def draw(st: BattleState, side: int, count: int, ev: list[Event]) -> list[str]:
    """Draws cards into the hand; an empty deck is refilled from the shuffled discard pile
    (seed card rule 3; with both empty the draw fails silently, spec AMB-26)."""
    s = st.sides[side]
    drawn = s.deck.draw(count, st.rng)
    if drawn.reshuffled:
        ev.append(Event("heroes.ev.reshuffle", {"side": side}))
    got = drawn.cards
    if got:
        s.hand.extend(got)
        ev.append(Event("heroes.ev.draw", {"side": side, "count": len(got)}))
        ev.append(Event("heroes.ev.drawn", {"side": side, "cards": got}, reveal=True,
                        seat=s.seat))
    return got


def discard_random(st: BattleState, side: int, ev: list[Event]) -> None:
    """The side's hero discards a random card from the hand."""
    s = st.sides[side]
    if not s.hand or s.hero is None:
        return
    card = s.hand.pop(st.rng.below(len(s.hand)))
    s.deck.discard((card,))
    ev.append(Event("heroes.ev.discard", {"side": side, "card": card}, reveal=True))


# --- when a mode may be played -------------------------------------------------------------------
def can_play_now(st: BattleState, side: int) -> tuple[bool, bool]:
    """Returns (instants allowed, activation/ongoing allowed) for a side at this moment."""
    s = st.sides[side]
    if s.hero is None or s.seat is None:
        return False, False
    stack = st.flow.stack
    active = st.units[st.active] if st.active >= 0 else None
    own_activation = active is not None and active.side == side and st.attacked == 0
    if stack:
        top = stack[-1]
        if top.kind != RESPOND or top.seats[top.at] != s.seat:
            return False, False
        chain = top.data
        # the active unit's own attack, still before it: activation cards still allowed
        before_attack = own_activation and chain[2] == combat.HIT and chain[0] == st.active \
            and chain[3]
        return True, before_attack
    if active is None or active.side != side:
        return False, False
    return True, own_activation


@cache
def _mode_kinds(cid: str, mode_id: str) -> tuple[str, ...]:
    card = C.card(cid)
    return tuple(e.type for e in next(m for m in card.modes if m.id == mode_id).effects)


def mode_targets(st: BattleState, side: int, card: CardDef, mode: ModeDef) -> list[int] | None:
    """Returns the legal targets of a mode (``[-1]`` for none, wall columns for structures), or
    None when the mode cannot be played for its own reasons (nothing to recall, …)."""
    kinds = _mode_kinds(card.id, mode.id)
    if kinds and ("recall" in kinds or "destroy_structure" in kinds or "swap" in kinds
                  or "ranged_bonus" in kinds or "extra_move" in kinds):
        return _special_targets(st, side, card, mode, kinds)
    if mode.target == "none":
        return [-1]
    return _unit_targets(st, side, card, mode, kinds)


def _special_targets(st: BattleState, side: int, card: CardDef, mode: ModeDef,
                     kinds: tuple[str, ...]) -> list[int] | None:
    s = st.sides[side]
    if "recall" in kinds and (s.last_cast is None or s.last_cast not in s.deck.discard_pile):
        return None
    if "destroy_structure" in kinds:
        what = mode.effects[kinds.index("destroy_structure")].params.get("what", "wall")
        if what == "tower":
            return [-1] if any(u.tower and u.alive for u in st.units) else None
        return [c for c, p in enumerate(st.walls) if p is not None] or None
    if "swap" in kinds and len([u for u in st.units if u.alive and u.side == side
                                and u.sq >= 0]) < 2:
        return None
    if mode.target == "none":
        if "ranged_bonus" in kinds and not any(u.alive and u.side == side and u.deployed
                                               and B.utype(u) == "ranged" for u in st.units):
            return None
        return [-1]
    return _unit_targets(st, side, card, mode, kinds)


def _unit_targets(st: BattleState, side: int, card: CardDef, mode: ModeDef,
                  kinds: tuple[str, ...]) -> list[int] | None:
    spellish = card.kind in ("spell", "specialty")
    target = mode.target
    max_rank = TIER_RANK[mode.max_tier] if mode.max_tier is not None else 9
    types = mode.types
    special = "swap" in kinds or "extra_move" in kinds
    out = []
    faces = B.FACES
    for u in st.units:
        if not u.alive or not u.deployed:
            continue
        if target == "friend":
            if u.side != side:
                continue
        elif target == "foe" and u.side == side:
            continue
        f = faces[u.did][u.pack]
        if max_rank < 9 and f.rank > max_rank:
            continue
        if types and f.type not in types:
            continue
        if spellish and f.traits.spell_resist >= IMMUNE:
            continue
        if special and (u.tower or ("extra_move" in kinds and u.uid != st.active)):
            continue
        out.append(u.uid)
    return out or None


def playable(st: BattleState, side: int, cid: str, mode: ModeDef, inst: bool,
             act: bool) -> str | None:
    """Returns None when the side may play the card in this mode now, else the rule key."""
    s = st.sides[side]
    timing = mode.timing
    if timing == "adventure":
        return "heroes.rule.adventure_card"
    if timing == "instant":
        if not inst:
            return "heroes.rule.not_now"
    elif not act:
        return "heroes.rule.activation_only"
    if mode.crown and s.crowns <= 0:
        return "heroes.rule.no_crown"
    if mode.cost > s.empower:
        return "heroes.rule.empower_short"
    if mode.cast and s.spells >= s.spell_limit:
        return "heroes.rule.one_spell"
    card = C.card(cid)
    if card.faction is not None and card.faction != s.faction:
        return "heroes.rule.faction_card"
    return None


class _Mode:
    """A card mode's play conditions as ``playable`` and ``mode_targets`` read them, taken from
    the content once (the card plays are listed at every step of a battle)."""

    __slots__ = ("cid", "card", "mode", "instant", "never", "crown", "cost", "cast", "faction",
                 "kinds", "special", "none", "key", "actions")

    def __init__(self, card: CardDef, mode: ModeDef) -> None:
        self.cid = card.id
        self.card = card
        self.mode = mode
        self.instant = mode.timing == "instant"
        self.never = mode.timing == "adventure"
        self.crown = mode.crown
        self.cost = mode.cost
        self.cast = mode.cast
        self.faction = card.faction
        self.kinds = _mode_kinds(card.id, mode.id)
        self.special = any(k in self.kinds for k in _SPECIAL)
        self.none = mode.target == "none"
        # the unit targets depend on these alone (see _unit_targets)
        self.key = (mode.target, mode.max_tier, mode.types, card.kind in ("spell", "specialty"))
        self.actions: dict[int, Action] = {}  # target → the play action, made once

    def action(self, target: int) -> Action:
        """Returns the action that plays this mode at ``target``."""
        found = self.actions.get(target)
        if found is None:
            found = self.actions[target] = _play_action(self.cid, self.mode.id, self.mode.target,
                                                        target)
        return found


_SPECIAL = ("recall", "destroy_structure", "swap", "ranged_bonus", "extra_move")
_NO_TARGET = [-1]
_MISSING: Any = object()


@cache
def _modes(cid: str) -> tuple[_Mode, ...]:
    card = C.card(cid)
    return tuple(_Mode(card, mode) for mode in card.modes)


@lru_cache(maxsize=4096)
def _allowed(hand: tuple[str, ...], inst: bool, act: bool, crowns: bool, empower: int,
             spell: bool, faction: str | None) -> tuple[_Mode, ...]:
    """Returns the modes of a hand that ``playable`` allows (each card id once, hand order):
    a hand recurs through a battle, so the filter runs once per hand and situation."""
    out = []
    seen: set[str] = set()
    for cid in hand:
        if cid in seen:
            continue
        seen.add(cid)
        for m in _modes(cid):
            if m.instant:
                if not inst:
                    continue
            elif m.never or not act:
                continue
            if (m.crown and not crowns) or m.cost > empower or (m.cast and not spell) \
                    or (m.faction is not None and m.faction != faction):
                continue
            out.append(m)
    return tuple(out)


def _open_modes(st: BattleState, side: int, inst: bool, act: bool,
                first: bool = False) -> list[tuple[_Mode, list[int]]]:
    """Returns (mode, targets) of every mode the side may play now, in hand order (each card id
    once), as ``playable`` and ``mode_targets`` judge them; ``first``: stop at the first."""
    s = st.sides[side]
    found: list[tuple[_Mode, list[int]]] = []
    targets_of: dict[Any, Any] = {}
    for m in _allowed(tuple(s.hand), inst, act, s.crowns > 0, s.empower,
                      s.spells < s.spell_limit, s.faction):
        if m.special:
            targets = _special_targets(st, side, m.card, m.mode, m.kinds)
        elif m.none:
            targets = _NO_TARGET
        else:
            targets = targets_of.get(m.key, _MISSING)
            if targets is _MISSING:
                targets = targets_of[m.key] = _unit_targets(st, side, m.card, m.mode, m.kinds)
        if targets is None:
            continue
        found.append((m, targets))
        if first:
            return found
    return found


def play_options(st: BattleState, side: int, out: list[Action]) -> None:
    """Appends every legal card play of a side now (one per card id, mode and target)."""
    s = st.sides[side]
    if not s.hand:
        return
    inst, act = can_play_now(st, side)
    if not inst and not act:
        return
    for m, targets in _open_modes(st, side, inst, act):
        actions = m.actions
        for t in targets:
            found = actions.get(t)
            out.append(found if found is not None else m.action(t))


def has_window_play(st: BattleState, side: int, chain: list[Any]) -> bool:
    """Returns True when the side could play a card in the response window before the chain's
    attack (instants; activation cards too before the active unit's own first attack)."""
    s = st.sides[side]
    if s.hero is None or s.seat is None or not s.hand:
        return False
    act = (st.active >= 0 and st.units[st.active].side == side and st.attacked == 0
           and chain[2] == combat.HIT and chain[0] == st.active and bool(chain[3]))
    return bool(_open_modes(st, side, True, act, first=True))


def play_action(cid: str, mode: ModeDef, target: int) -> Action:
    """Returns the action that plays a card in a mode at a target (actions are values: the same
    one is handed out again)."""
    return _play_action(cid, mode.id, mode.target, target)


@cache
def _play_action(cid: str, mode_id: str, kind: str, target: int) -> Action:
    if kind == "none":
        return Action("play", (("card", cid), ("mode", mode_id)))
    if kind == "structure":
        return Action("play", (("card", cid), ("mode", mode_id), ("wall", target)))
    return Action("play", (("card", cid), ("mode", mode_id), ("target", target)))


def check_play(st: BattleState, side: int, action: Action) -> tuple[str, str] | None:
    """Returns None when the play is legal now, else (rule key, detail)."""
    cid = action.get("card")
    s = st.sides[side]
    if not isinstance(cid, str) or cid not in s.hand:
        return ("heroes.rule.not_in_hand", f"{cid!r} is not in the hand")
    card = C.card(cid)
    mode = next((m for m in card.modes if m.id == action.get("mode")), None)
    if mode is None:
        return ("heroes.rule.no_such_mode", f"{cid} has no mode {action.get('mode')!r}")
    inst, act = can_play_now(st, side)
    problem = playable(st, side, cid, mode, inst, act)
    if problem is not None:
        return (problem, f"{cid} ({mode.id}) cannot be played now")
    targets = mode_targets(st, side, card, mode)
    key = "wall" if mode.target == "structure" else "target"
    want = action.get(key, -1)
    expected = ("card", "mode", key) if mode.target != "none" else ("card", "mode")
    if targets is None or want not in targets or action.names() != expected:
        return ("heroes.rule.bad_target", f"{want!r} is no target of {cid} ({mode.id})")
    return None


# --- playing -------------------------------------------------------------------------------------
def play(rules: Any, st: BattleState, side: int, action: Action, ev: list[Event]) -> None:
    """Plays a card: it leaves the hand, costs are paid, then its effects resolve (an Arcane
    Arrow first asks for its school)."""
    s = st.sides[side]
    cid = action["card"]
    card = C.card(cid)
    mode = next(m for m in card.modes if m.id == action["mode"])
    target = action.get("target", action.get("wall", -1))
    s.hand.remove(cid)
    if mode.crown:
        s.crowns -= 1
    ev.append(Event("heroes.ev.play", {"side": side, "card": cid, "mode": mode.id,
                                       "target": target}, reveal=True))
    if card.school == "any" and mode.cast:
        st.pending = [side, cid, mode.id, target]
        st.flow.push(Decision(SCHOOL, s.seat if s.seat is not None else 0, ONE))
        return
    resolve(rules, st, side, cid, mode.id, target, ev)


def resolve(rules: Any, st: BattleState, side: int, cid: str, mode_id: str, target: int,
            ev: list[Event], school: str | None = None) -> None:
    """Resolves a played card's effects, then puts it on the discard pile."""
    s = st.sides[side]
    card = C.card(cid)
    mode = next(m for m in card.modes if m.id == mode_id)
    if mode.cost or mode.cast:
        s.empower = 0  # seed: resolving a spell spends every empower played for it
    if mode.cast:
        s.spells += 1
        ev.append(Event("heroes.ev.cast", {"side": side, "card": cid,
                                           "school": school or card.school or "",
                                           "level": card.level or ""}))
    if mode.timing == "permanent":
        # seed card rule 7: one permanent card in play; a new one replaces the old, whose
        # effects end with it
        for old in s.in_play:
            s.deck.discard((old,))
            for u in st.units:
                if u.bonuses:
                    u.bonuses = [b for b in u.bonuses if not (b[4] == old and b[5] == side)]
            ev.append(Event("heroes.ev.replaced", {"side": side, "card": old}))
        s.in_play = []
    ctx = _Ctx(rules, st, side, cid, card, target, ev)
    for spec in mode.effects:
        REGISTRY.run(GAME, ctx, spec)
        if combat.check_over(rules, st, ev):
            break
    if ctx.keep:
        return
    if mode.timing == "permanent":
        s.in_play = [cid]
    else:
        s.deck.discard((cid,))
    if mode.cast:
        s.last_cast = cid


def finish_pick(rules: Any, st: BattleState, second: int, ev: list[Event]) -> None:
    """Completes a swap: the two own units change places."""
    side, first = st.pending[0], st.pending[1]
    a, b = st.units[first], st.units[second]
    a.sq, b.sq = b.sq, a.sq
    ev.append(Event("heroes.ev.swap", {"side": side, "units": [first, second]}))
    st.pending = []


class _Ctx:
    """The card context the effect handlers act through (effects.CardCtx)."""

    __slots__ = ("rules", "st", "side", "cid", "card", "target", "ev", "keep")

    def __init__(self, rules: Any, st: BattleState, side: int, cid: str, card: CardDef,
                 target: int, ev: list[Event]) -> None:
        self.rules = rules
        self.st = st
        self.side = side
        self.cid = cid
        self.card = card
        self.target = target
        self.ev = ev
        self.keep = False

    def _unit(self) -> Unit | None:
        t = self.target
        if t < 0:
            return None
        u = self.st.units[t]
        return u if u.alive else None

    def _spell_damage(self, u: Unit, amount: int) -> tuple[int, Breakdown]:
        """Returns a card's damage to ``u`` and its breakdown (defence never counts; spell
        resistance and Warding reduce spells and specialties)."""
        terms = [Term(Message("heroes.bd.card", {"card": self.cid}), amount)]
        if self.card.kind in ("spell", "specialty"):
            resist = B.traits(u).spell_resist
            if resist:
                terms.append(Term(Message("heroes.bd.spell_resist", {}), -resist))
            if u.ward:
                terms.append(Term(Message("heroes.bd.ward", {}), -u.ward))
        total = sum(int(t.value) for t in terms)
        if total < 0:
            terms.append(Term(Message("heroes.bd.no_negative", {}), -total))
            total = 0
        return total, Breakdown(Message("heroes.bd.damage", {}), total, tuple(terms))

    def damage(self, amount: int) -> None:
        u = self._unit()
        if u is not None:
            dmg, bd = self._spell_damage(u, amount)
            combat.apply_damage(self.st, u, dmg, self.ev, self.cid, bd)

    def damage_adjacent(self, amount: int) -> None:
        u = self.st.units[self.target]
        if u.sq < 0:
            return
        near = B.ADJACENT[u.sq]
        for x in self.st.units:
            if x.alive and x.sq in near and B.traits(x).spell_resist < IMMUNE:
                dmg, bd = self._spell_damage(x, amount)
                combat.apply_damage(self.st, x, dmg, self.ev, self.cid, bd)

    def stat(self, attack: int, defence: int, initiative: int, until: str) -> None:
        u = self._unit()
        if u is not None:
            u.bonuses.append([attack, defence, initiative, until, self.cid, self.side])

    def side_stat(self, attack: int, defence: int, initiative: int, until: str, foes: bool,
                  types: tuple[str, ...]) -> None:
        side = 1 - self.side if foes else self.side
        for u in self.st.units:
            if u.alive and u.side == side and u.deployed and not u.tower \
                    and (not types or B.utype(u) in types):
                if foes and B.traits(u).spell_resist >= IMMUNE \
                        and self.card.kind in ("spell", "specialty"):
                    continue
                u.bonuses.append([attack, defence, initiative, until, self.cid, self.side])

    def empower(self, amount: int) -> None:
        self.st.sides[self.side].empower += amount

    def draw(self, count: int) -> None:
        draw(self.st, self.side, count, self.ev)

    def heal(self, amount: int) -> None:
        u = self._unit()
        if u is not None:
            combat.heal(u, amount, self.ev)

    def heal_side(self, amount: int) -> None:
        for u in self.st.units:
            if u.alive and u.side == self.side and u.deployed:
                combat.heal(u, amount, self.ev)

    def paralyze(self) -> None:
        u = self._unit()
        if u is not None:
            combat.paralyse(u, self.ev)

    def cure(self) -> None:
        u = self._unit()
        if u is not None:
            u.paralysed = False
            u.bonuses = [b for b in u.bonuses if b[5] == u.side]
            u.def_cut = 0
            self.ev.append(Event("heroes.ev.cured", {"unit": u.uid, "did": u.did}))

    def recall(self) -> None:
        s = self.st.sides[self.side]
        spell = s.last_cast
        # the topmost copy of that spell on the discard pile is the one just cast
        if spell is not None and s.deck.discard_pile.remove(spell):
            s.hand.append(spell)
            s.last_cast = None
            self.ev.append(Event("heroes.ev.recall", {"side": self.side, "card": spell}))

    def extra_spell(self, count: int) -> None:
        self.st.sides[self.side].spell_limit += count

    def reset_retaliation(self) -> None:
        u = self._unit()
        if u is not None:
            u.retaliated = False

    def fix_die(self, value: int) -> None:
        u = self._unit()
        if u is not None:
            u.fixed_die = value

    def deny_retaliation(self) -> None:
        u = self._unit()
        if u is not None:
            u.no_ret = True

    def ranged_bonus(self, amount: int) -> None:
        self.st.sides[self.side].ranged_bonus += amount

    def spell_ward(self, amount: int) -> None:
        u = self._unit()
        if u is not None:
            u.ward += amount

    def destroy_structure(self, what: str) -> None:
        st = self.st
        if what == "tower":
            for u in st.units:
                if u.tower and u.alive:
                    u.alive = False
                    st.defeated.append(u.uid)
                    self.ev.append(Event("heroes.ev.tower_down", {"unit": u.uid}))
            return
        if 0 <= self.target < len(st.walls) and st.walls[self.target] is not None:
            combat.destroy_wall(st, self.target, -1, self.ev)

    def swap(self) -> None:
        st = self.st
        seat = st.sides[self.side].seat
        st.pending = [self.side, self.target]
        st.flow.push(Decision(PICK, seat if seat is not None else 0, ONE))

    def extra_move(self, amount: int) -> None:
        self.st.extra_move += amount


def pick_options(st: BattleState) -> list[int]:
    """Returns the units a swap may choose as its second unit."""
    side, first = st.pending[0], st.pending[1]
    return [u.uid for u in st.units if u.alive and u.side == side and u.sq >= 0
            and u.uid != first]


def school_choices() -> tuple[str, ...]:
    """Returns the four schools an Arcane Arrow may belong to."""
    return SCHOOLS
