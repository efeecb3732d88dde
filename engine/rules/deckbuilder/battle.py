"""The dungeon fight: attack, magic attack, light penalty and the result, with its breakdown.

seed 000, "Kämpfe" and "Merkmale": physical and magic attack are summed separately from the
attacking heroes, their weapons and the other revealed cards; immunities zero their part;
diseases cost 1 each from physical or magic (never below 0); doubling applies to all modifiers
including diseases but not light; halving rounds down; then each missing light costs 2 attack.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Breakdown, Message, Term
from engine.rules.deckbuilder.cards import Card, table
from engine.rules.deckbuilder.keys import TERM_KEYS


class Fight:
    """One computed fight against the monster on ``rank`` (stage 1: contributions)."""

    __slots__ = ("rank", "monster", "attackable", "reason", "attackers", "prevented", "phys0",
                 "magic0", "light", "base_light", "diseases", "kmin", "kmax", "terms",
                 "double_p", "double_m", "low", "curse", "spoils", "needs_found", "excluded",
                 "weapons")

    def __init__(self, rank: int, monster: Card) -> None:
        self.rank = rank
        self.monster = monster
        self.attackable = True
        self.reason = ""
        self.attackers: list[int] = []
        self.prevented: list[int] = []
        self.phys0 = 0
        self.magic0 = 0
        self.light = 0
        self.base_light = 0
        self.diseases = 0
        self.kmin = 0
        self.kmax = 0
        self.terms: list[tuple[str, dict[str, Any], int, int]] | None = None
        self.double_p = False
        self.double_m = False
        self.low: list[int] = []
        self.curse = 0
        self.spoils: list[str] = []
        self.needs_found = False
        self.excluded: list[int] = []
        self.weapons: list[int] = []


class Result:
    """Stage 2 of a fight: the numbers after the disease split."""

    __slots__ = ("split", "physical", "magic", "penalty", "total", "win", "halved")

    def __init__(self) -> None:
        self.split = 0
        self.physical = 0
        self.magic = 0
        self.penalty = 0
        self.total = 0
        self.win = False
        self.halved = False


# Prepared fights kept in the card table's ``fights`` (without explanation, by what prepare
# reads): a game asks for the same fight several times (the bot's look at its hand, then at the
# revealed cards; the legality check; the attack itself), and no two games share many.
FIGHTS_KEPT = 32


def prepare(st: Any, rank: int, explain: bool = False) -> Fight:
    """Returns the contributions of the revealed cards against the monster on ``rank``.

    The fight is computed from ``st.hall``, ``play``, ``used``, ``equip``, ``strb`` and
    ``atkb`` alone; without ``explain`` it may be one computed before for the same values, so
    callers never change it.
    """
    if explain:
        return _prepare(st, rank, True)
    atkb = st.atkb
    key = (rank, st.hall[rank - 1], tuple(st.play), tuple(st.used), tuple(st.equip.items()),
           tuple(st.strb.items()), tuple((h, b[0], b[1]) for h, b in atkb.items()) if atkb else ())
    fights = table().fights
    f = fights.get(key)
    if f is None:
        if len(fights) >= FIGHTS_KEPT:
            fights.clear()
        f = fights[key] = _prepare(st, rank, False)
    return f


def _prepare(st: Any, rank: int, explain: bool) -> Fight:
    cards = table().cards
    mon = cards[st.hall[rank - 1]]
    mp = mon.mon
    assert mp is not None
    f = Fight(rank, mon)
    terms: list[tuple[str, dict[str, Any], int, int]] | None = [] if explain else None
    f.terms = terms
    play = st.play
    blocked = [u for u in mp.unattackable if u != "light_penalty"] if mp.unattackable else None
    party_str = 0
    party_bonus: list[tuple[int, int, int]] = []
    excluded = f.excluded
    heroes: list[int] = []
    others: list[int] = []
    for i, cid in enumerate(play):
        if cid is None:
            continue
        c = cards[cid]
        if blocked and any(b in c.tags for b in blocked):
            # seed 000, "Kann nicht angegriffen werden, wenn ... verwendet wird": the player
            # forgoes the card's benefit; an ability already used makes the monster untargetable.
            excluded.append(i)
            if any(u // 8 == i for u in st.used):
                f.attackable = False
                f.reason = "deckbuilder.why.used_forbidden"
            continue
        prof = c.prof
        if prof.passive:
            if prof.party_strength:
                party_str += prof.party_strength
            for a, m in prof.party:
                party_bonus.append((a, m, i))
            if prof.double_physical:
                f.double_p = True
            if prof.double_magic:
                f.double_m = True
        if c.is_hero:
            heroes.append(i)
        elif not c.is_weapon:
            others.append(i)
    weapon_of: dict[int, int] = {}
    for w, h in st.equip.items():
        if play[w] is not None and w not in excluded:
            weapon_of[h] = w
    mtags = mon.tags
    # (index, physical, magic, light, weapon index or -1, weapon physical, weapon magic)
    rows: list[list[int]] = []
    strb = st.strb
    atkb = st.atkb
    # explain only: why a revealed card adds nothing (play index -> term), so that every card
    # the player revealed shows in the breakdown
    idle: dict[int, tuple[str, dict[str, Any], int, int]] | None = {} if explain else None
    for h in heroes:
        c = cards[play[h]]
        s = c.strength + strb.get(h, 0) + party_str + mp.strength_mod
        if s <= 0:
            f.low.append(h)
        w = weapon_of.get(h, -1)
        wc: Card | None = None
        if w >= 0:
            wc = cards[play[w]]
            if wc.weight > s:
                # seed 000, "Kampfeffekte": a hero too weak to carry its weapon loses its bonus
                if idle is not None:
                    idle[w] = ("deckbuilder.bd.too_heavy",
                               {"card": wc.name, "hero": c.name, "weight": wc.weight,
                                "strength": s}, 0, 0)
                w = -1
                wc = None
        if rank in c.prof.no_attack_ranks or (mp.unarmed_no_attack and wc is None) \
                or s <= mp.weak_no_attack:
            f.prevented.append(h)
            if idle is not None:
                idle[h] = _stopped_term(c, mon, rank, s, wc is None)
                if wc is not None:
                    idle[w] = ("deckbuilder.bd.idle_weapon", {"card": wc.name, "hero": c.name},
                               0, 0)
            continue
        bonus = atkb.get(h)
        a = c.attack + (bonus[0] if bonus else 0)
        m = c.magic + (bonus[1] if bonus else 0)
        wa = wm = 0
        light = c.light
        hp = c.prof
        if wc is not None:
            if hp.bonuses:
                for tag, ba, bm in hp.weapon_bonus:
                    if tag in wc.tags:
                        wa += ba
                        wm += bm
            wa += wc.attack
            wm += wc.magic
            wp = wc.prof
            if wp.bonuses:
                for need, ba, bm in wp.strength_bonus:
                    if s >= need:
                        wa += ba
                        wm += bm
                for tag, ba, bm in wp.vs_bonus:
                    if tag in mtags:
                        wa += ba
                        wm += bm
            light += wc.light
        if hp.bonuses:
            for tag, ba, bm in hp.vs_bonus:
                if tag in mtags:
                    a += ba
                    m += bm
            for ranks, ba, bm in hp.rank_bonus:
                if rank in ranks:
                    a += ba
                    m += bm
        rows.append([h, a, m, light, w, wa, wm])
    if mp.prevent and rows:
        # seed 000, "Kampfeffekte": the monster stops the strongest heroes not yet stopped
        order = sorted(rows, key=lambda r: (-(r[1] + r[2] + r[5] + r[6]), r[0]))
        stop = {r[0] for r in order[:mp.prevent]}
        f.prevented.extend(r[0] for r in rows if r[0] in stop)
        if idle is not None:
            for r in rows:
                if r[0] in stop:
                    hname = cards[play[r[0]]].name
                    idle[r[0]] = ("deckbuilder.bd.stopped", {"card": hname, "monster": mon.name},
                                  0, 0)
                    if r[4] >= 0:
                        idle[r[4]] = ("deckbuilder.bd.idle_weapon",
                                      {"card": cards[play[r[4]]].name, "hero": hname}, 0, 0)
        rows = [r for r in rows if r[0] not in stop]
    if heroes and len(f.prevented) == len(heroes):
        # seed 000, "Verhinderung von Angriffen": the whole party is stopped -> not a target
        f.attackable = False
        f.reason = f.reason or "deckbuilder.why.party_stopped"
    phys = magic = light = 0
    immune_m = mp.immune_magic
    for h, a, m, lt, w, wa, wm in rows:
        f.attackers.append(h)
        hc = cards[play[h]]
        unarmed_zero = w < 0 and mp.immune_unarmed
        edged_zero = False
        if unarmed_zero:
            if terms is not None:
                terms.append(("deckbuilder.bd.immune_unarmed", {"card": hc.name}, 0, 0))
            a = m = 0
        if w >= 0:
            f.weapons.append(w)
            wcard = cards[play[w]]
            if mp.immune_edged and "edged" in wcard.tags:
                if terms is not None:
                    terms.append(("deckbuilder.bd.immune_edged", {"card": wcard.name}, 0, 0))
                edged_zero = True
                wa = wm = 0
            f.curse += wcard.prof.curse
        lost_m, lost_wm = m, wm
        if immune_m:
            m = 0
            wm = 0
        phys += a + wa
        magic += m + wm
        light += lt
        f.curse += hc.prof.curse
        f.spoils.extend(hc.prof.spoils)
        if terms is not None:
            if not unarmed_zero:
                terms.append(_own_term("deckbuilder.bd.hero", hc, {"card": hc.name}, a, m,
                                       hc.light, lost_m if immune_m else 0, mon))
            if w >= 0 and not edged_zero:
                wcard = cards[play[w]]
                terms.append(_own_term("deckbuilder.bd.weapon", wcard,
                                       {"card": wcard.name, "hero": hc.name}, wa, wm,
                                       wcard.light, lost_wm if immune_m else 0, mon))
    n_att = len(rows)
    for a, m, src in party_bonus:
        if n_att:
            pa, pm = a * n_att, (0 if immune_m else m * n_att)
            phys += pa
            magic += pm
            if terms is not None:
                terms.append(("deckbuilder.bd.party", {"card": cards[play[src]].name, "count": n_att},
                              pa, pm))
        elif idle is not None:
            idle[src] = ("deckbuilder.bd.no_heroes", {"card": cards[play[src]].name}, 0, 0)
    partied = {src for _, _, src in party_bonus} if n_att else set()
    for i in others:
        c = cards[play[i]]
        if "disease" in c.tags:
            f.diseases += 1
            continue
        a, m = c.attack, c.magic
        if c.prof.bonuses:
            for tag, ba, bm in c.prof.vs_bonus:
                if tag in mtags:
                    a += ba
                    m += bm
        lost_m = m
        if immune_m:
            m = 0
        phys += a
        magic += m
        light += c.light
        f.curse += c.prof.curse
        if idle is not None and terms is not None and (
                a or m or c.light or (immune_m and lost_m)
                or (i not in partied and i not in idle)):
            # a card that only gave a party bonus is named by that bonus's term
            key = "deckbuilder.bd.trophy" if c.is_monster else "deckbuilder.bd.card"
            terms.append(_own_term(key, c, {"card": c.name}, a, m, c.light,
                                   lost_m if immune_m else 0, mon))
    if idle is not None and terms is not None:
        # every revealed card the fight leaves out, in the order they lie
        for i, cid in enumerate(play):
            if cid is None:
                continue
            if i in excluded:
                terms.append(("deckbuilder.bd.forgone",
                              {"card": cards[cid].name, "monster": mon.name}, 0, 0))
            elif i in idle:
                terms.append(idle[i])
            elif cards[cid].is_weapon and i not in f.weapons:
                hero = st.equip.get(i)
                if hero is not None and play[hero] is not None:
                    terms.append(("deckbuilder.bd.idle_weapon",
                                  {"card": cards[cid].name, "hero": cards[play[hero]].name},
                                  0, 0))
                else:
                    terms.append(("deckbuilder.bd.not_carried", {"card": cards[cid].name},
                                  0, 0))
    if mp.only_magic:
        if terms is not None and phys:
            terms.append(("deckbuilder.bd.only_magic", {}, -phys, 0))
        phys = 0
    f.phys0 = phys
    f.magic0 = magic
    f.light = 0 if mp.fixed_light else light
    f.base_light = rank + mon.darkness
    if "light_penalty" in mp.unattackable and f.base_light - f.light > 0:
        f.attackable = False
        f.reason = "deckbuilder.why.too_dark"
    for req in mp.half_unless:
        if req == "magic":
            continue
        for i, cid in enumerate(play):
            if cid is None or i in excluded:
                continue
            c = cards[cid]
            if req in c.tags and (not c.is_weapon or i in f.weapons) and \
                    (not c.is_hero or i in f.attackers):
                f.needs_found = True
                break
    d = f.diseases
    if mp.only_magic:
        f.kmin = f.kmax = d
    else:
        f.kmin = max(0, d - phys)
        f.kmax = min(d, magic)
        if f.kmin > f.kmax:
            f.kmin = f.kmax
    return f


def _stopped_term(c: Card, mon: Card, rank: int, strength: int, unarmed: bool
                  ) -> tuple[str, dict[str, Any], int, int]:
    """Returns the zero term of a hero that cannot attack, naming the rule that stops it."""
    mp = mon.mon
    assert mp is not None
    if rank in c.prof.no_attack_ranks:
        return ("deckbuilder.bd.stopped_rank", {"card": c.name, "rank": rank}, 0, 0)
    if mp.unarmed_no_attack and unarmed:
        return ("deckbuilder.bd.stopped_unarmed", {"card": c.name, "monster": mon.name}, 0, 0)
    return ("deckbuilder.bd.stopped_weak", {"card": c.name, "monster": mon.name,
                                            "strength": strength, "limit": mp.weak_no_attack},
            0, 0)


def _own_term(key: str, c: Card, params: dict[str, Any], a: int, m: int, light: int,
              lost_magic: int, mon: Card) -> tuple[str, dict[str, Any], int, int]:
    """Returns a card's own term; one that adds no attack says why (its light counts in the
    light penalty, the monster is immune to its magic, or it has no attack at all)."""
    if a or m:
        return (key, params, a, m)
    if lost_magic:
        return ("deckbuilder.bd.immune_magic", {**params, "monster": mon.name}, 0, 0)
    if light and not (mon.mon is not None and mon.mon.fixed_light):
        return ("deckbuilder.bd.light_only", {**params, "light": light}, 0, 0)
    if key == "deckbuilder.bd.weapon":
        return ("deckbuilder.bd.weapon_none", params, 0, 0)
    return ("deckbuilder.bd.no_attack", params, 0, 0)


def attack_bound(st: Any) -> tuple[int, int]:
    """Returns (attack, light): at least the total attack before the light penalty and the
    light that the revealed cards (``st.play`` with ``st.atkb``) can bring to any fight.

    A quick look that rules fights out without preparing them (``cannot_win``): every
    contribution ``_prepare`` adds is counted here at its most (all bonuses that can add,
    the party bonus for every hero, doubling), none that can take away; a new kind of
    contribution in ``_prepare`` must be counted here too (tests/deckbuilder/test_attack_bound.py).
    """
    most = table().most
    attack = light = heroes = party = 0
    double = False
    for cid in st.play:
        if cid is None:
            continue
        m = most.get(cid)
        if m is None:
            m = most[cid] = _most(cid)
        attack += m[0]
        light += m[1]
        heroes += m[2]
        party += m[3]
        double = double or m[4]
    for a, m in st.atkb.values():
        attack += max(0, a) + max(0, m)
    attack += party * heroes
    return (attack * 2 if double else attack), light


def _most(cid: str) -> tuple[int, int, int, int, bool]:
    """Returns a card's most attack, its light (at least 0), 1 for a hero, its most party
    bonus per hero, and whether it doubles."""
    c = table().cards[cid]
    p = c.prof
    bonuses = (*p.weapon_bonus, *p.vs_bonus, *p.rank_bonus, *p.strength_bonus)
    attack = max(0, c.attack + sum(max(0, b[1]) for b in bonuses))
    magic = max(0, c.magic + sum(max(0, b[2]) for b in bonuses))
    party = sum(max(0, a) + max(0, m) for a, m in p.party)
    return (attack + magic, max(0, c.light), 1 if c.is_hero else 0, party,
            p.double_physical or p.double_magic)


def cannot_win(st: Any, rank: int, bound: tuple[int, int]) -> bool:
    """Returns True when the revealed cards cannot beat the monster on ``rank`` whatever the
    fight's details (``bound`` from ``attack_bound``); False says nothing."""
    mon = table().cards[st.hall[rank - 1]]
    mp = mon.mon
    assert mp is not None
    light = 0 if mp.fixed_light else bound[1]
    penalty = max(0, rank + mon.darkness - light)
    return max(0, bound[0] - 2 * penalty - mp.attack_penalty) < mon.health


def attackable(st: Any, rank: int) -> bool:
    """Returns True when the monster on ``rank`` may be chosen (fast path for plain monsters)."""
    cards = table().cards
    mp = cards[st.hall[rank - 1]].mon
    assert mp is not None
    if not (mp.unattackable or mp.unarmed_no_attack or mp.prevent or mp.weak_no_attack > -99):
        for c in st.play:
            if c is not None and cards[c].prof.no_attack_ranks:
                break
        else:
            return True
    return prepare(st, rank).attackable


def finish(f: Fight, split: int) -> Result:
    """Returns the fight's numbers when ``split`` diseases go against magic attack."""
    mp = f.monster.mon
    assert mp is not None
    r = Result()
    d = f.diseases
    k = max(0, min(split, d))
    r.split = k
    p = max(0, f.phys0 - (d - k))
    m = max(0, f.magic0 - k)
    if f.double_p:
        p *= 2
    if f.double_m:
        m *= 2
    if mp.half_magic:
        m //= 2
    total = p + m
    for need in mp.half_unless:
        ok = m > 0 if need == "magic" else f.needs_found
        if not ok:
            total //= 2
            r.halved = True
            break
    r.penalty = max(0, f.base_light - f.light)
    total -= 2 * r.penalty + mp.attack_penalty
    r.physical = p
    r.magic = m
    r.total = max(0, total)
    r.win = r.total >= f.monster.health and (not mp.needs_magic or m >= 1)
    return r


def best_split(f: Fight) -> Result:
    """Returns the result of the disease split that serves the player best (fewest on magic)."""
    best = finish(f, f.kmin)
    for k in range(f.kmin + 1, f.kmax + 1):
        r = finish(f, k)
        if (r.win, r.total) > (best.win, best.total):
            best = r
    return best


def breakdown(f: Fight, r: Result) -> Breakdown:
    """Returns the breakdown of the final attack value (needs a fight prepared with explain)."""
    mon = f.monster
    mp = mon.mon
    assert mp is not None and f.terms is not None
    terms: list[Term] = []
    for key, params, a, m in f.terms:
        if a:
            terms.append(Term(Message(key, params), a))
        if m:
            terms.append(Term(Message(TERM_KEYS[key], params), m))
        if not a and not m:
            terms.append(Term(Message(key, params), 0))
    d = f.diseases
    if d:
        lost_p = min(d - r.split, f.phys0)
        lost_m = min(r.split, f.magic0)
        terms.append(Term(Message("deckbuilder.bd.diseases", {"count": d, "magic": r.split}),
                          -(lost_p + lost_m)))
    base_p = max(0, f.phys0 - (d - r.split))
    base_m = max(0, f.magic0 - r.split)
    if f.double_p and base_p:
        terms.append(Term(Message("deckbuilder.bd.double", {}), base_p))
    if f.double_m and base_m:
        terms.append(Term(Message("deckbuilder.bd.double_magic", {}), base_m))
    if mp.half_magic:
        before = base_m * (2 if f.double_m else 1)
        if before - r.magic:
            terms.append(Term(Message("deckbuilder.bd.half_magic", {}), -(before - r.magic)))
    sub = r.physical + r.magic
    if r.halved:
        terms.append(Term(Message("deckbuilder.bd.halved", {}), -(sub - sub // 2)))
        sub //= 2
    if r.penalty:
        terms.append(Term(Message("deckbuilder.bd.light", {"rank": f.rank, "dark": mon.darkness,
                                                "light": f.light, "missing": r.penalty}),
                          -2 * r.penalty))
        sub -= 2 * r.penalty
    if mp.attack_penalty:
        terms.append(Term(Message("deckbuilder.bd.drain", {"monster": mon.name}), -mp.attack_penalty))
        sub -= mp.attack_penalty
    if sub < 0:
        terms.append(Term(Message("deckbuilder.bd.floor", {}), -sub))
    return Breakdown(Message("deckbuilder.bd.attack", {"monster": mon.name, "health": mon.health}),
                     r.total, tuple(terms))
