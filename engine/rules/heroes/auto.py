"""Automatic units: neutral and bot units act by the seed's targeting rules (seed 002,
"Kämpfe gegen Bots"; spec §14.3, R-260).

- Ground and flying units attack units of their own tier first, then lower tiers downwards to
  bronze, then higher tiers upwards.
- Ranged units prefer ranged targets in the same order, then ground and flying ones.
- Among equally ranked targets the nearest; a further tie is broken by the player (a decision)
  or, with nobody to ask, by the lowest square as the unit sees the board (spec AMB-80).
- A unit that reaches no target moves towards the best one (spec AMB-79); a ranged unit that
  stands next to an enemy must shoot at one of those; afterwards it steps away only when it
  stands next to an enemy and can reach a square that is not (spec AMB-81).
- Automatic units never defend.
Every choice is logged with the ranking that led to it (event ``heroes.ev.auto``).
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.core.decisions import ONE, Decision
from engine.rules.heroes import board as B
from engine.rules.heroes import combat
from engine.rules.heroes.state import TIE, BattleState, Unit


def tier_order(rank: int) -> list[int]:
    """Returns the tier ranks in the order an automatic unit of ``rank`` prefers them."""
    return [rank, *range(rank - 1, -1, -1), *range(rank + 1, 4)]


def priority(a: Unit, t: Unit) -> int:
    """Returns the rank class of target ``t`` for attacker ``a`` (lower is preferred)."""
    order = tier_order(B.tier_rank(a))
    cls = order.index(B.tier_rank(t))
    if B.utype(a) == "ranged" and B.utype(t) != "ranged":
        cls += 4
    return cls


def viewed_square(sq: int, side: int) -> tuple[int, int]:
    """Returns (row, column) of a square as the given side sees the board (its back row 0)."""
    r, c = divmod(sq, B.COLS)
    return (r, c) if side == 0 else (B.ROWS - 1 - r, c)


def _nearest(st: BattleState, a: Unit, targets: list[Unit],
             free: list[bool]) -> list[tuple[Any, ...]]:
    """Returns (priority, distance, target) sorted best first."""
    ranged_or_flying = B.utype(a) != "ground"
    ranked = []
    for t in targets:
        if t.sq < 0:
            dist = 0  # the arrow tower stands beside the board
        elif ranged_or_flying:
            dist = B.distance(a.sq, t.sq)
        else:
            dist = B.path_distance(st, a, t.sq, free)
        ranked.append((priority(a, t), dist, t))
    ranked.sort(key=lambda x: (x[0], x[1], viewed_square(x[2].sq, a.side) if x[2].sq >= 0
                               else (-1, -1)))
    return ranked


def _log(st: BattleState, a: Unit, chosen: Unit | None, ranked: list[tuple[Any, ...]],
         ev: list[Event], why: str) -> None:
    ev.append(Event("heroes.ev.auto", {
        "unit": a.uid, "did": a.did, "target": chosen.uid if chosen is not None else -1,
        "target_did": chosen.did if chosen is not None else "", "why": why,
        "ranking": [[t.uid, t.did, p, d] for p, d, t in ranked[:6]]}))


def act(rules: Any, st: BattleState, a: Unit, ev: list[Event]) -> None:
    """Plays one step of an automatic unit's activation (a move and an attack, or the end)."""
    if st.attacked:
        after_shot(rules, st, a, ev)
        return
    foes = combat.enemies(st, a.side, board_only=False)
    if not foes:
        combat.end_activation(rules, st, ev)
        return
    free = B.free_squares(st)
    if B.utype(a) == "ranged":
        adjacent = combat.adjacent_enemies(st, a)
        pool = adjacent if adjacent else foes
        ranked = _nearest(st, a, pool, free)
        why = "adjacent" if adjacent else "priority"
        _choose(rules, st, a, ranked, ev, why, None)
        return
    # ground and flying: rank the targets reachable this activation
    steps = B.MOVE + st.extra_move
    moves = B.reach(st, a, steps, free)
    reachable = []
    for t in foes:
        if t.sq < 0:
            continue
        if combat.is_adjacent(a, t):
            reachable.append(t)
        elif any(sq in B.ADJACENT[t.sq] for sq in moves):
            reachable.append(t)
    if reachable:
        ranked = _nearest(st, a, reachable, free)
        _choose(rules, st, a, ranked, ev, "priority", moves)
        return
    # nothing in reach: break a wall in the way, else close in on the best target
    on_board = [t for t in foes if t.sq >= 0]
    if st.walls and a.side == 0:
        for n in B.NEIGHBOURS[a.sq]:
            if B.row(n) == B.MIDDLE and st.walls[B.col(n)] is not None:
                ev.append(Event("heroes.ev.auto", {"unit": a.uid, "did": a.did, "target": -1,
                                                   "target_did": "", "why": "wall",
                                                   "ranking": []}))
                combat.destroy_wall(st, B.col(n), a.uid, ev)
                combat.end_activation(rules, st, ev)
                return
    if not on_board:
        combat.end_activation(rules, st, ev)
        return
    ranked = _nearest(st, a, on_board, free)
    goal = ranked[0][2]
    _log(st, a, goal, ranked, ev, "approach")
    best_sq, best = -1, (B.path_distance(st, a, goal.sq, free), 0)
    home = a.sq
    for sq in sorted(moves, key=lambda s: viewed_square(s, a.side)):
        # the board as it would be with the unit on sq
        moved = free[:]
        moved[home] = True
        moved[sq] = False
        a.sq = sq
        d = B.path_distance(st, a, goal.sq, moved)
        a.sq = home
        if (d, moves[sq]) < best:
            best_sq, best = sq, (d, moves[sq])
    if best_sq >= 0:
        move(st, a, best_sq, moves[best_sq], ev)
    combat.end_activation(rules, st, ev)


def _choose(rules: Any, st: BattleState, a: Unit, ranked: list[tuple[Any, ...]],
            ev: list[Event], why: str, moves: dict[int, int] | None) -> None:
    """Picks the best target; a tie between equally good targets goes to the player."""
    top = [x for x in ranked if x[0] == ranked[0][0] and x[1] == ranked[0][1]]
    seat = st.sides[1 - a.side].seat
    if len(top) > 1 and seat is not None:
        _log(st, a, None, ranked, ev, "tie")
        st.pending = [a.uid, [x[2].uid for x in top], why]
        st.flow.push(Decision(TIE, seat, ONE, data=[x[2].uid for x in top]))
        return
    strike(rules, st, a, top[0][2], ranked, ev, why, moves)


def strike(rules: Any, st: BattleState, a: Unit, t: Unit, ranked: list[tuple[Any, ...]],
           ev: list[Event], why: str, moves: dict[int, int] | None = None) -> None:
    """Moves next to the chosen target if needed and declares the attack."""
    _log(st, a, t, ranked, ev, why)
    if B.utype(a) != "ranged" and not combat.is_adjacent(a, t):
        if moves is None:
            moves = B.reach(st, a, B.MOVE + st.extra_move)
        spots = [sq for sq in moves if sq in B.ADJACENT[t.sq]]
        spots.sort(key=lambda s: (moves[s], viewed_square(s, a.side)))
        move(st, a, spots[0], moves[spots[0]], ev)
    combat.start_attack(rules, st, a, t, ev)


def resume_tie(rules: Any, st: BattleState, chosen: int, ev: list[Event]) -> None:
    """Continues an automatic unit's activation with the target the player chose."""
    au, _, why = st.pending
    st.pending = []
    a = st.units[au]
    strike(rules, st, a, st.units[chosen], [], ev, why + "_chosen")


def after_shot(rules: Any, st: BattleState, a: Unit, ev: list[Event]) -> None:
    """A ranged unit after its attack: step away from an adjacent enemy if it can, then end."""
    if a.alive and B.utype(a) == "ranged" and not a.tower and combat.adjacent_enemies(st, a):
        moves = B.reach(st, a, B.RANGED_MOVE)
        for sq in sorted(moves, key=lambda s: viewed_square(s, a.side)):
            if not any(e.alive and e.side != a.side and e.sq in B.ADJACENT[sq]
                       for e in st.units):
                move(st, a, sq, 1, ev)
                break
    combat.end_activation(rules, st, ev)


def move(st: BattleState, u: Unit, sq: int, dist: int, ev: list[Event]) -> None:
    """Moves a unit to a square (the distance counts for abilities such as a charge)."""
    ev.append(Event("heroes.ev.move", {"unit": u.uid, "did": u.did, "from": u.sq, "to": sq}))
    u.sq = sq
    st.moved += dist


# --- automatic deployment (seed 002, "Kampfaufbau", campaign and cooperative rules) -------------
def deploy(st: BattleState, side: int, ev: list[Event]) -> None:
    """Places a side's units by the seed's automatic rule: from the attacker's left to right in
    descending initiative, ranged units in the back row, the others in the front row, the rest
    in the other row; ties go to the higher tier, then to the lower card number."""
    units = [u for u in st.units if u.side == side and not u.tower and not u.deployed]
    units.sort(key=lambda u: (-B.initiative(u), -B.tier_rank(u), u.uid))
    units = units[:5]
    back, front = B.BACK[side], B.FRONT[side]
    free = {r: [B.square(r, c) for c in range(B.COLS)] for r in (back, front)}
    for u in units:
        first, second = (back, front) if B.utype(u) == "ranged" else (front, back)
        row = first if free[first] else second
        u.sq = free[row].pop(0)
        u.deployed = True
        ev.append(Event("heroes.ev.deploy", {"unit": u.uid, "did": u.did, "square": u.sq,
                                             "side": side}))
