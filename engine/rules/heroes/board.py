"""The 4×5 combat board and unit values: squares, adjacency, rows, reach, traits and statistics.

seed 002, "Kampfaufbau": four columns by five rows; each side has a back and a front row, one
middle row lies between. "Angrenzende Einheit": orthogonal neighbours only.
"""

from __future__ import annotations

from functools import cache

from engine.content.effects import REGISTRY
from engine.rules.heroes import content as C
from engine.rules.heroes.defs import TIER_RANK, StatsDef, UnitDef
from engine.rules.heroes.effects import GAME, Traits
from engine.rules.heroes.state import GATE_PIECE, WALL, BattleState, Unit

COLS = 4
ROWS = 5
SQUARES = COLS * ROWS
MIDDLE = 2
BACK = (0, 4)  # the back row of side 0 and of side 1
FRONT = (1, 3)
MOVE = 3  # ground and flying units move up to 3 squares (seed 002, "Einheitentypen")
RANGED_MOVE = 1


def row(sq: int) -> int:
    """Returns the row of a square."""
    return sq // COLS


def col(sq: int) -> int:
    """Returns the column of a square."""
    return sq % COLS


def square(r: int, c: int) -> int:
    """Returns the square in row ``r`` and column ``c``."""
    return r * COLS + c


def _neighbours(sq: int) -> tuple[int, ...]:
    r, c = divmod(sq, COLS)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < ROWS and 0 <= cc < COLS:
            out.append(rr * COLS + cc)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(s) for s in range(SQUARES))
ADJACENT = tuple(frozenset(n) for n in NEIGHBOURS)


def distance(a: int, b: int) -> int:
    """Returns the orthogonal (Manhattan) distance of two squares."""
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS)


def deploy_squares(side: int) -> tuple[int, ...]:
    """Returns the squares of a side's back and front rows (its deployment zone)."""
    rows = (0, 1) if side == 0 else (3, 4)
    return tuple(square(r, c) for r in rows for c in range(COLS))


def is_back_row(sq: int, side: int) -> bool:
    """Returns True when ``sq`` is the back row of ``side``."""
    return sq // COLS == BACK[side]


# --- unit definitions, traits and values -------------------------------------------------------
@cache
def udef(did: str) -> UnitDef:
    """Returns the unit definition of a content id."""
    return C.unit(did)


@cache
def traits_of(did: str, pack: bool) -> Traits:
    """Returns the recorded abilities of one side of a unit card."""
    d = udef(did)
    t = Traits()
    side = "pack" if pack else "few"
    for ab in d.abilities:
        if d.role == "faction" and ab.side not in ("both", side):
            continue
        t.trigger = ab.trigger
        for spec in ab.effects:
            REGISTRY.run(GAME, t, spec)
    t.trigger = ""
    return t


def traits(u: Unit) -> Traits:
    """Returns the traits of a unit's current side."""
    return traits_of(u.did, u.pack)


def base(u: Unit) -> StatsDef:
    """Returns the printed values of a unit's current side."""
    d = udef(u.did)
    return d.pack if u.pack and d.pack is not None else d.few


def tier_rank(u: Unit) -> int:
    """Returns 0 for bronze up to 3 for azure."""
    return TIER_RANK[udef(u.did).tier]


def utype(u: Unit) -> str:
    """Returns ground, flying or ranged."""
    return udef(u.did).type


def attack_value(u: Unit) -> int:
    """Returns the unit's attack with its bonuses (never below 0)."""
    a = base(u).attack
    for b in u.bonuses:
        a += b[0]
    return a if a > 0 else 0


def defence_value(u: Unit) -> int:
    """Returns the unit's defence with its bonuses and losses (never below 0)."""
    d = base(u).defence - u.def_cut
    for b in u.bonuses:
        d += b[1]
    return d if d > 0 else 0


def initiative(u: Unit) -> int:
    """Returns the unit's initiative with its bonuses."""
    i = base(u).initiative
    for b in u.bonuses:
        i += b[2]
    return i


def hp_left(u: Unit) -> int:
    """Returns the damage the unit can still take before its current side is beaten."""
    return base(u).hp - u.damage


def total_hp_left(u: Unit) -> int:
    """Returns the damage that defeats the unit (a Pack counts its Few side too)."""
    d = udef(u.did)
    left = base(u).hp - u.damage
    if u.pack and d.pack is not None:
        left += d.few.hp
    return left


# --- occupancy and movement ---------------------------------------------------------------------
def occupancy(st: BattleState) -> list[int]:
    """Returns per square: a unit uid, -2 for a wall, -3 for the gate, -1 when empty."""
    occ = [-1] * SQUARES
    for u in st.units:
        if u.alive and u.sq >= 0:
            occ[u.sq] = u.uid
    walls = st.walls
    if walls:
        base_sq = MIDDLE * COLS
        for c, piece in enumerate(walls):
            if piece == WALL:
                occ[base_sq + c] = -2
            elif piece == GATE_PIECE:
                occ[base_sq + c] = -3
    return occ


def reach(st: BattleState, u: Unit, steps: int, occ: list[int] | None = None) -> dict[int, int]:
    """Returns the squares the unit may move to with up to ``steps`` squares: square → distance.

    Ground and ranged units walk around every card on the board (seed 002, "Hindernisse"; the
    gate is no obstacle for the defender, who may pass but not stop on it); flying units pass
    over everything and need only an empty square at the end.
    """
    if occ is None:
        occ = occupancy(st)
    start = u.sq
    out: dict[int, int] = {}
    if steps <= 0 or start < 0:
        return out
    if utype(u) == "flying":
        for sq in range(SQUARES):
            if occ[sq] == -1:
                dist = distance(start, sq)
                if 0 < dist <= steps:
                    out[sq] = dist
        return out
    gate_ok = u.side == 1
    frontier = [start]
    seen = {start: 0}
    for dist in range(1, steps + 1):
        nxt = []
        for sq in frontier:
            for n in NEIGHBOURS[sq]:
                if n in seen:
                    continue
                o = occ[n]
                if o == -1:
                    seen[n] = dist
                    out[n] = dist
                    nxt.append(n)
                elif o == -3 and gate_ok:
                    seen[n] = dist
                    nxt.append(n)  # through the gate, but not onto it
        frontier = nxt
        if not frontier:
            break
    return out


def path_distance(st: BattleState, u: Unit, goal: int, occ: list[int] | None = None) -> int:
    """Returns how many steps the unit needs to stand next to ``goal`` (99 when it cannot)."""
    if occ is None:
        occ = occupancy(st)
    start = u.sq
    if start < 0:
        return 99
    if goal in ADJACENT[start]:
        return 0
    if utype(u) == "flying":
        best = 99
        for n in NEIGHBOURS[goal]:
            if occ[n] == -1:
                best = min(best, distance(start, n))
        return best
    gate_ok = u.side == 1
    frontier = [start]
    seen = {start}
    dist = 0
    while frontier and dist < 30:
        dist += 1
        nxt = []
        for sq in frontier:
            for n in NEIGHBOURS[sq]:
                if n in seen:
                    continue
                o = occ[n]
                if o == -1 or (o == -3 and gate_ok):
                    if o == -1 and goal in ADJACENT[n]:
                        return dist
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 99
