"""Attacks, damage, healing, knock-outs, experience and levels (seed 004, "Angriffe",
"„2“ und „12“", "Heilung", "Erfahrung sammeln")."""

from __future__ import annotations

from engine.core.actions import Breakdown, Event, Message, Term
from engine.core.dice import sum_counts
from engine.rules.crawl import names
from engine.rules.crawl.core import (
    board_of,
    distance,
    fdef,
    has_lof,
    in_front_arc,
    in_rear,
    is_demoralized,
    line_cover,
    traits,
    value_terms,
)
from engine.rules.crawl.state import Chest, CrawlState, Figure

MISS_ROLL, HIT_ROLL = 2, 12


def _total(terms: list[Term]) -> int:
    """Returns the sum of the terms' values as integers (a loop: the lists hold 1-3 terms)."""
    total = 0
    for t in terms:
        total += int(t.value)
    return total


def _terms(state: CrawlState, f: Figure, stat: str, mode: str) -> list[Term]:
    out = []
    for label, v in value_terms(state, f, stat, mode):
        if label == "dial":
            out.append(Term(Message("crawl.term.dial", {"figure": names.def_name(f.did, f.hero)}),
                            v))
        elif label.startswith("item:"):
            out.append(Term(Message("crawl.term.item", {"item": names.item_name(label[5:])}), v))
        else:
            out.append(Term(Message("crawl.term.ability",
                                    {"ability": names.ability_name(label[8:])}), v))
    return out


def hit_damage(state: CrawlState, att: Figure, tgt: Figure, mode: str, roll: int,
               several: bool = False) -> tuple[int, Breakdown]:
    """Returns the clicks a hit does and why: the damage value (dial, items, abilities), one
    click per target of a shot at several, +1 on a 12, less the target's toughness (never
    below 1)."""
    if several:
        # seed 004: several targets take one click each, whatever the damage value.
        terms = [Term(Message("crawl.term.several"), 1)]
    else:
        terms = _terms(state, att, "damage", mode)
    if roll == HIT_ROLL:
        # seed 004, "„2“ und „12“": a 12 hits and adds a click.
        terms.append(Term(Message("crawl.term.twelve"), 1))
    dmg = _total(terms)
    tough = traits(state, tgt).toughness
    if tough:
        cut = max(1, dmg - tough)
        if cut != dmg:
            terms.append(Term(Message("crawl.term.toughness"), cut - dmg))
        dmg = cut
    return dmg, Breakdown(Message("crawl.bd.damage"), dmg, tuple(terms))


def roll2(state: CrawlState) -> tuple[int, int]:
    """Returns two d6 rolled with the state's RNG."""
    return state.rng.roll(6), state.rng.roll(6)


def attack_numbers(state: CrawlState, att: Figure, tgt: Figure, mode: str, rear_bonus: bool,
                   cover: bool = False) -> tuple[list[Term], list[Term]]:
    """Returns the terms of the attack value (without the dice) and of the target's defence."""
    assert att.pos is not None
    a_terms = _terms(state, att, "attack", mode)
    if rear_bonus and in_rear(tgt, att.pos):
        # seed 004, "Nahkampf": an attack through the target's rear arc earns +1.
        a_terms.append(Term(Message("crawl.term.rear"), 1))
    d_terms = _terms(state, tgt, "defence", mode)
    if cover:
        # seed 004, "Fernkampf": difficult terrain, chests or markers on the line, or difficult
        # terrain under the target, give +1 defence.
        d_terms.append(Term(Message("crawl.term.cover"), 1))
    return a_terms, d_terms


def hit_chance(state: CrawlState, att: Figure, tgt: Figure, mode: str) -> tuple[int, int, int]:
    """Returns (attack value, defence, ways out of 36 to hit) for att attacking tgt now."""
    assert att.pos is not None and tgt.pos is not None
    cover = mode == "ranged" and line_cover(state, att.pos, tgt.pos)
    a_terms, d_terms = attack_numbers(state, att, tgt, mode, True, cover)
    a = _total(a_terms)
    d = _total(d_terms)
    return a, d, roll_ways(d, a)


_TWO_D6 = tuple(sum_counts(2).items())  # (total, ways out of 36) of 2d6


def roll_ways(need: int, bonus: int) -> int:
    """Returns how many of the 36 rolls of 2d6 succeed when roll + bonus must reach need (seed
    004, "„2“ und „12“": a 2 always fails, a 12 always succeeds)."""
    return sum(w for r, w in _TWO_D6 if r == HIT_ROLL or (r != MISS_ROLL and r + bonus >= need))


def min_click(f: Figure) -> int:
    """Returns the best click f may be healed to: its level's start (heroes) or 0."""
    if f.hero:
        return fdef(f).level_starts[f.level - 1]
    return 0


def heal(f: Figure, clicks: int) -> int:
    """Heals f by up to ``clicks`` clicks (never past its level); returns the clicks healed."""
    before = f.click
    f.click = max(min_click(f), f.click - clicks)
    return before - f.click


def damage(state: CrawlState, tgt: Figure, clicks: int, events: list[Event],
           source: Figure | None = None) -> bool:
    """Turns tgt's dial ``clicks`` clicks; returns True when it is knocked out."""
    if clicks <= 0 or tgt.where != "board":
        return False
    tgt.click += clicks
    events.append(Event("crawl.event.damage", {"figure": tgt.uid, "clicks": clicks,
                                               "click": tgt.click}))
    if tgt.click < len(fdef(tgt).clicks):
        return False
    events.append(Event("crawl.event.knocked_out", {"figure": tgt.uid}))
    fell_at = tgt.pos
    tgt.where = "out"
    tgt.pos = None
    if tgt.hero and state.mode == "team" and fell_at is not None:
        lose_chests(state, tgt.owner, fell_at, events)
    if state.active == tgt.uid:
        state.mp = 0
    if source is not None and source.hero and source.where == "board":
        points = fdef(tgt).points
        xp = points[tgt.level - 1] if tgt.hero else points
        # seed 004, "Erfahrung sammeln": a knocked-out spawn is worth its points, a hero its
        # value at its current level.
        gain_xp(state, source.owner, xp, events, "crawl.xp.knockout")
    if source is not None and source.where == "board":
        drain = traits(state, source).drain
        if drain and heal(source, drain):
            events.append(Event("crawl.event.healed", {"figure": source.uid, "clicks": drain}))
    return True


def gain_xp(state: CrawlState, seat: int, amount: int, events: list[Event], why: str) -> None:
    """Adds experience to a seat and raises a hero when a 50-point step is reached."""
    if seat < 0 or amount <= 0:
        return
    player = state.players[seat]
    player.xp += amount
    events.append(Event("crawl.event.xp", {"seat": seat, "xp": amount, "total": player.xp,
                                           "why": why}))
    check_level(state, seat, events)


def check_level(state: CrawlState, seat: int, events: list[Event]) -> None:
    """Spends one 50-XP step if one is due and none was spent this turn (seed 004)."""
    player = state.players[seat]
    if state.mode != "lone_wolf":
        _spread_levels(state, seat, events)
        return
    if player.levelled or player.xp // 50 <= player.levels:
        return
    heroes = [f for f in state.figures if f.hero and f.owner == seat
              and f.where in ("board", "outside")]
    if not heroes:
        return
    rising = [f for f in heroes if f.level < 5]
    if rising:
        # The step goes to the lowest-level hero (ties: the most damaged, then the first).
        hero = min(rising, key=lambda f: (f.level, -(f.click - min_click(f)), f.uid))
        hero.level += 1
        hero.click = min_click(hero)
        events.append(Event("crawl.event.level_up", {"figure": hero.uid, "level": hero.level}))
    else:
        hurt = [f for f in heroes if f.click > min_click(f)]
        if not hurt:
            return  # nothing to buy yet; the step waits
        hero = max(hurt, key=lambda f: (f.click - min_click(f), -f.uid))
        hero.click = min_click(hero)
        events.append(Event("crawl.event.full_heal", {"figure": hero.uid}))
    player.levels += 1
    player.levelled = True


def _spread_levels(state: CrawlState, seat: int, events: list[Event]) -> None:
    """Spends every due 50-XP step on a different hero; the surplus is lost (team games).

    seed 004, advanced "Erfahrung sammeln": "so müssen diese auf verschiedene Helden verteilt
    werden, sonst verfällt der Überschuss". A step no hero can use (every hero at level 5 and
    unhurt) while nobody rose this turn waits, as in the lone-wolf game.
    """
    player = state.players[seat]
    while player.xp // 50 > player.levels:
        heroes = [f for f in state.figures if f.hero and f.owner == seat
                  and f.where in ("board", "outside") and f.uid not in player.raised]
        rising = [f for f in heroes if f.level < 5]
        hurt = [f for f in heroes if f.level >= 5 and f.click > min_click(f)]
        if rising:
            hero = min(rising, key=lambda f: (f.level, -(f.click - min_click(f)), f.uid))
            hero.level += 1
            hero.click = min_click(hero)
            events.append(Event("crawl.event.level_up", {"figure": hero.uid,
                                                         "level": hero.level}))
        elif hurt:
            hero = max(hurt, key=lambda f: (f.click - min_click(f), -f.uid))
            hero.click = min_click(hero)
            events.append(Event("crawl.event.full_heal", {"figure": hero.uid}))
        elif player.raised:
            lost = player.xp // 50 - player.levels
            player.levels += lost
            events.append(Event("crawl.event.levels_lost", {"seat": seat, "count": lost}))
            return
        else:
            return
        player.raised.append(hero.uid)
        player.levels += 1
        player.levelled = True


def melee(state: CrawlState, att: Figure, tgt: Figure, events: list[Event], *,
          rear_bonus: bool = True, counter: bool = True, free: bool = False) -> None:
    """Resolves one melee attack of att on tgt, then tgt's counterattack."""
    assert att.pos is not None and tgt.pos is not None
    r1, r2 = roll2(state)
    roll = r1 + r2
    a_terms, d_terms = attack_numbers(state, att, tgt, "melee", rear_bonus)
    total = roll + _total(a_terms)
    defence = _total(d_terms)
    hit = roll == HIT_ROLL or (roll != MISS_ROLL and total >= defence)
    dmg = 0
    why: tuple[Breakdown, ...] = ()
    if hit:
        dmg, bd = hit_damage(state, att, tgt, "melee", roll)
        why = (bd,)
    key = "crawl.event.free_attack" if free else (
        "crawl.event.counter" if not counter else "crawl.event.melee")
    events.append(Event(key, {"attacker": att.uid, "target": tgt.uid, "dice": [r1, r2],
                              "total": total, "defence": defence, "hit": hit, "damage": dmg},
                        breakdowns=(
                            Breakdown(Message("crawl.bd.attack"), total,
                                      (Term(Message("crawl.term.dice"), roll), *a_terms)),
                            Breakdown(Message("crawl.bd.defence"), defence, tuple(d_terms)),
                            *why)))
    if roll == MISS_ROLL:
        # seed 004, "„2“ und „12“": a 2 misses and costs the attacker a click.
        events.append(Event("crawl.event.fumble", {"figure": att.uid}))
        damage(state, att, 1, events)
    if hit:
        damage(state, tgt, dmg, events, att)
    if (counter and tgt.where == "board" and att.where == "board" and not is_demoralized(tgt)
            and not (hit and traits(state, att).frost)):
        # seed 004: the defender counterattacks after the damage unless knocked out or
        # demoralized; a counterattack never earns the rear bonus.
        melee(state, tgt, att, events, rear_bonus=False, counter=False)


def ranged(state: CrawlState, att: Figure, targets: list[Figure], events: list[Event], *,
           counter: bool = True, wave: bool = False) -> None:
    """Resolves a ranged attack on one or more targets with one roll, then the counters."""
    assert att.pos is not None
    r1, r2 = roll2(state)
    roll = r1 + r2
    several = len(targets) > 1 or wave
    t_att = traits(state, att)
    hits: list[Figure] = []
    for tgt in targets:
        assert tgt.pos is not None
        cover = line_cover(state, att.pos, tgt.pos)
        a_terms, d_terms = attack_numbers(state, att, tgt, "ranged", True, cover)
        total = roll + _total(a_terms)
        defence = _total(d_terms)
        hit = roll == HIT_ROLL or (roll != MISS_ROLL and total >= defence)
        dmg = 0
        why: tuple[Breakdown, ...] = ()
        if hit:
            dmg, bd = hit_damage(state, att, tgt, "ranged", roll, several)
            why = (bd,)
            hits.append(tgt)
        events.append(Event("crawl.event.ranged" if counter else "crawl.event.counter",
                            {"attacker": att.uid, "target": tgt.uid, "dice": [r1, r2],
                             "total": total, "defence": defence, "hit": hit, "damage": dmg},
                            breakdowns=(
                                Breakdown(Message("crawl.bd.attack"), total,
                                          (Term(Message("crawl.term.dice"), roll), *a_terms)),
                                Breakdown(Message("crawl.bd.defence"), defence, tuple(d_terms)),
                                *why)))
        if hit:
            damage(state, tgt, dmg, events, att)
    if roll == MISS_ROLL:
        events.append(Event("crawl.event.fumble", {"figure": att.uid}))
        damage(state, att, 1, events)
    if t_att.blast and len(targets) == 1 and hits and not wave:
        # Fire/lightning: every other figure next to the target is struck by the same roll.
        tgt = targets[0]
        board = board_of(state)
        centre = tgt.pos if tgt.pos is not None else None
        if centre is None:
            centre = None
        near = []
        if centre is not None:
            around = {n for n, _ in board.neighbours[centre]}
            near = [f for f in state.figures if f.where == "board" and f.pos in around
                    and f.uid != att.uid]
        for other in near:
            defence = sum(v for _, v in value_terms(state, other, "defence", "ranged"))
            total = roll + sum(v for _, v in value_terms(state, att, "attack", "ranged"))
            if roll == HIT_ROLL or total >= defence:
                events.append(Event("crawl.event.blast", {"attacker": att.uid,
                                                          "target": other.uid}))
                damage(state, other, t_att.blast, events, att)
    if not counter or att.where != "board":
        return
    for tgt in targets:
        if tgt.where != "board" or att.where != "board" or is_demoralized(tgt):
            continue
        if tgt in hits and t_att.frost:
            continue
        assert tgt.pos is not None and att.pos is not None
        rng_ = fdef(tgt).range
        # seed 004, "Fernkampf-Gegenangriff": only with the shooter in range, arc and line.
        if (rng_ > 0 and distance(tgt.pos, att.pos) <= rng_ and in_front_arc(tgt, att.pos)
                and has_lof(state, tgt.pos, att.pos, (tgt.uid, att.uid))):
            ranged(state, tgt, [att], events, counter=False)


def heal_attempt(state: CrawlState, healer: Figure, tgt: Figure, events: list[Event]) -> None:
    """Resolves a healing attempt: an attack roll against the friend's defence (seed 004)."""
    t = traits(state, healer)
    mode = "ranged" if t.heal_ranged and tgt.uid != healer.uid else "melee"
    r1, r2 = roll2(state)
    roll = r1 + r2
    a_terms = _terms(state, healer, "attack", mode)
    d_terms = _terms(state, tgt, "defence", mode)
    total = roll + _total(a_terms)
    defence = _total(d_terms)
    if roll == MISS_ROLL:
        events.append(Event("crawl.event.heal_fumble", {"healer": healer.uid, "target": tgt.uid,
                                                        "dice": [r1, r2]}))
        damage(state, tgt, 1, events)
        return
    ok = roll == HIT_ROLL or total >= defence
    clicks = (t.heal_clicks + (1 if roll == HIT_ROLL else 0)) if ok else 0
    healed = heal(tgt, clicks) if ok else 0
    events.append(Event("crawl.event.heal", {"healer": healer.uid, "target": tgt.uid,
                                             "dice": [r1, r2], "total": total,
                                             "defence": defence, "healed": healed},
                        breakdowns=(Breakdown(Message("crawl.bd.attack"), total,
                                              (Term(Message("crawl.term.dice"), roll),
                                               *a_terms)),
                                    Breakdown(Message("crawl.bd.defence"), defence,
                                              tuple(d_terms)))))


def dial_defence(f: Figure) -> int:
    """Returns the defence printed on f's dial (traps ignore abilities and items)."""
    clicks = fdef(f).clicks
    return clicks[f.click].defence if f.click < len(clicks) else 0


def lose_chests(state: CrawlState, seat: int, at: tuple[int, int], events: list[Event]) -> None:
    """Returns a seat's excess chests to the dungeon after one of its heroes fell (advanced,
    "Schätze verlieren"): drawn at random, the first on the hero's square, the others on the
    nearest free squares of that section; trap dials empty, treasure dials unchanged."""
    from engine.rules.crawl.rules import chest_limit
    player = state.players[seat]
    excess = len(player.chests) - chest_limit(state, seat)
    loose = [uid for uid in player.chests if not state.chest(uid).safe]  # safe ones stay
    for _ in range(min(excess, len(loose))):
        uid = loose.pop(state.rng.below(len(loose)))
        drop_chest(state, seat, state.chest(uid), at, events)


def drop_chest(state: CrawlState, seat: int, ch: Chest, near: tuple[int, int],
               events: list[Event]) -> bool:
    """Puts a held chest back on the free square of near's section closest to near (near
    itself first); returns False when the section has no free square (it stays held)."""
    from engine.rules.crawl.board import front_area
    from engine.rules.crawl.core import occupancy
    board = board_of(state)
    occ = occupancy(state)
    sec = board.section[near]
    free = [sq for sq in board.section_squares[sec] if sq in board.walkable and sq not in occ]
    if not free:
        return False
    sq = min(free, key=lambda q: (distance(q, near), q))
    facing = next((k for k in (0, 2, 4, 6) if any(fr in board.walkable and fr not in occ
                                                   for fr in front_area(sq, k))), 0)
    state.players[seat].chests.remove(ch.uid)
    for f in state.figures:
        if ch.uid in f.items:
            f.items.remove(ch.uid)
    ch.pos, ch.facing, ch.holder = sq, facing, -1
    ch.status, ch.trap, ch.examined = "closed", 0, True
    events.append(Event("crawl.event.chest_dropped", {"seat": seat, "chest": ch.uid,
                                                      "at": [sq[0], sq[1]]}))
    return True
