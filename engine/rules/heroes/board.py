"""The 4×5 combat board and unit values: squares, adjacency, rows, reach, traits and statistics.

seed 002, "Kampfaufbau": four columns by five rows; each side has a back and a front row, one
middle row lies between. "Angrenzende Einheit": orthogonal neighbours only.
"""

from __future__ import annotations

from functools import cache

from engine.content.effects import REGISTRY
from engine.core.squaregrid import Board
from engine.rules.heroes import content as C
from engine.rules.heroes.defs import TIER_RANK, StatsDef, UnitDef
from engine.rules.heroes.effects import GAME, Traits
from engine.rules.heroes.state import GATE_PIECE, BattleState, Unit

COLS = 4
ROWS = 5
SQUARES = COLS * ROWS
MIDDLE = 2
BACK = (0, 4)  # the back row of side 0 and of side 1
FRONT = (1, 3)
MOVE = 3  # ground and flying units move up to 3 squares (seed 002, "Einheitentypen")
RANGED_MOVE = 1


# the board's numbering, neighbours, distances and searches are the core's (squaregrid.Board):
# square = row * 4 + column, that is y * width + x
GRID = Board(COLS, ROWS)
NEIGHBOURS = GRID.neighbours
ADJACENT = GRID.adjacent
row = GRID.row
col = GRID.col
distance = GRID.distance


def square(r: int, c: int) -> int:
    """Returns the square in row ``r`` and column ``c``."""
    return GRID.index((c, r))


def deploy_squares(side: int) -> tuple[int, ...]:
    """Returns the squares of a side's back and front rows (its deployment zone)."""
    return _DEPLOY[side]


_DEPLOY = tuple(tuple(square(r, c) for r in rows for c in range(COLS)) for rows in ((0, 1), (3, 4)))


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


class Face:
    """One side of a unit card as the rules read it: printed values, abilities, type and tier."""

    __slots__ = ("stats", "traits", "type", "rank", "hp", "below")

    def __init__(self, d: UnitDef, pack: bool) -> None:
        pack = pack and d.pack is not None
        self.stats: StatsDef = d.pack if pack and d.pack is not None else d.few
        self.traits = traits_of(d.id, pack)
        self.type = d.type
        self.rank = TIER_RANK[d.tier]
        self.hp = self.stats.hp
        self.below = d.few.hp if pack else 0  # a Pack's Few side, still to beat after it


class _Faces(dict[str, tuple[Face, Face]]):
    """Unit id → (Few face, Pack face), filled on first use: ``FACES[u.did][u.pack]``."""

    def __missing__(self, did: str) -> tuple[Face, Face]:
        d = udef(did)
        faces = self[did] = (Face(d, False), Face(d, True))
        return faces


# the hot paths read a unit's current side with one subscript, not a chain of calls
FACES = _Faces()


def face(u: Unit) -> Face:
    """Returns the current side of a unit card."""
    return FACES[u.did][u.pack]


def traits(u: Unit) -> Traits:
    """Returns the traits of a unit's current side."""
    return FACES[u.did][u.pack].traits


def base(u: Unit) -> StatsDef:
    """Returns the printed values of a unit's current side."""
    return FACES[u.did][u.pack].stats


def tier_rank(u: Unit) -> int:
    """Returns 0 for bronze up to 3 for azure."""
    return FACES[u.did][0].rank


def utype(u: Unit) -> str:
    """Returns ground, flying or ranged."""
    return FACES[u.did][0].type


def attack_value(u: Unit) -> int:
    """Returns the unit's attack with its bonuses (never below 0)."""
    a = FACES[u.did][u.pack].stats.attack
    for b in u.bonuses:
        a += b[0]
    return a if a > 0 else 0


def defence_value(u: Unit) -> int:
    """Returns the unit's defence with its bonuses and losses (never below 0)."""
    d = FACES[u.did][u.pack].stats.defence - u.def_cut
    for b in u.bonuses:
        d += b[1]
    return d if d > 0 else 0


def initiative(u: Unit) -> int:
    """Returns the unit's initiative with its bonuses."""
    i = FACES[u.did][u.pack].stats.initiative
    for b in u.bonuses:
        i += b[2]
    return i


def hp_left(u: Unit) -> int:
    """Returns the damage the unit can still take before its current side is beaten."""
    return FACES[u.did][u.pack].hp - u.damage


def total_hp_left(u: Unit) -> int:
    """Returns the damage that defeats the unit (a Pack counts its Few side too)."""
    f = FACES[u.did][u.pack]
    return f.hp - u.damage + f.below


# --- occupancy and movement ---------------------------------------------------------------------
def free_squares(st: BattleState) -> list[bool]:
    """Returns per square whether it is empty: no living unit, no wall and no gate on it."""
    free = [True] * SQUARES
    for u in st.units:
        if u.alive and u.sq >= 0:
            free[u.sq] = False
    walls = st.walls
    if walls:
        base_sq = MIDDLE * COLS
        for c, piece in enumerate(walls):
            if piece is not None:
                free[base_sq + c] = False
    return free


def _through(st: BattleState, u: Unit) -> tuple[int, ...]:
    """Returns the squares the unit may pass over but never stop on: the gate, for the defender
    (seed 002, "Belagerungskampf")."""
    if u.side == 1 and st.walls:
        for c, piece in enumerate(st.walls):
            if piece == GATE_PIECE:
                return (MIDDLE * COLS + c,)
    return ()


def reach(st: BattleState, u: Unit, steps: int, free: list[bool] | None = None) -> dict[int, int]:
    """Returns the squares the unit may move to with up to ``steps`` squares: square → distance.

    Ground and ranged units walk around every card on the board (seed 002, "Hindernisse"; the
    gate is no obstacle for the defender, who may pass but not stop on it); flying units pass
    over everything and need only an empty square at the end.
    """
    if steps <= 0 or u.sq < 0:
        return {}
    if free is None:
        free = free_squares(st)
    return GRID.reach(u.sq, steps, free, _through(st, u), over=utype(u) == "flying")


def path_distance(st: BattleState, u: Unit, goal: int, free: list[bool] | None = None) -> int:
    """Returns how many steps the unit needs to stand next to ``goal`` (99 when it cannot)."""
    if u.sq < 0:
        return 99
    if free is None:
        free = free_squares(st)
    d = GRID.moves_next_to(u.sq, goal, free, _through(st, u), over=utype(u) == "flying")
    return 99 if d is None else d
