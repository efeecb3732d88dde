"""What the active unit may do now: how far it moves, where, and what it may attack.

Shared by the battle's action kinds, the view, the previews and the bots.
"""

from __future__ import annotations

from engine.rules.heroes import board as B
from engine.rules.heroes import combat
from engine.rules.heroes.state import BattleState, Unit


# seed 002, "Ablauf einer Kampfrunde": neutral units controlled by an opponent must attack if
# they can; they never defend
def must_attack(st: BattleState, u: Unit) -> bool:
    """Returns True when a player-controlled neutral unit can attack this activation (so it
    must: no ending, no moving away from every target)."""
    s = st.sides[u.side]
    if not s.neutral or s.seat is None or st.attacked:
        return False
    units, walls = attack_targets(st, u)
    if units or walls:
        return True
    steps = move_steps(st, u)
    if steps and B.utype(u) != "ranged":
        return bool(attack_squares(st, u, steps))
    return False


def attack_squares(st: BattleState, u: Unit, steps: int) -> list[int]:
    """Returns the squares within reach from which the unit could attack an enemy."""
    out = []
    for sq in B.reach(st, u, steps):
        if any(e.alive and e.side != u.side and e.sq in B.ADJACENT[sq] for e in st.units):
            out.append(sq)
    return out


def move_steps(st: BattleState, u: Unit) -> int:
    """Returns how many squares the active unit may still move now (0: none)."""
    if st.moved != 0 or u.tower:
        return 0
    if B.utype(u) == "ranged":
        return B.RANGED_MOVE
    if st.attacked:
        return 0
    return B.MOVE + st.extra_move


def move_squares(st: BattleState, u: Unit, steps: int) -> list[int]:
    """Returns the squares the active unit may move to (a controlled neutral must keep a
    target in reach)."""
    squares = sorted(B.reach(st, u, steps))
    if must_attack(st, u):
        if B.utype(u) == "ranged" and not st.attacked:
            return []  # it must shoot first
        if not attack_targets(st, u)[0]:
            return attack_squares(st, u, steps)
        return []  # a target stands next to it already
    return squares


def attack_targets(st: BattleState, u: Unit) -> tuple[list[int], list[int]]:
    """Returns the units and the wall columns the active unit may attack now."""
    if st.attacked:
        return [], []
    kind = B.utype(u)
    if kind == "ranged":
        if st.moved != 0 and not u.tower:
            return [], []
        if u.tower:
            return [e.uid for e in combat.enemies(st, u.side)], []
        near = combat.adjacent_enemies(st, u)
        if near:
            return [e.uid for e in near], []
        return [e.uid for e in combat.enemies(st, u.side, board_only=False)], []
    units = [e.uid for e in combat.adjacent_enemies(st, u)]
    walls = []
    if st.walls and u.sq >= 0:
        for n in B.NEIGHBOURS[u.sq]:
            if B.row(n) == B.MIDDLE and st.walls[B.col(n)] is not None:
                walls.append(B.col(n))
    return units, walls


