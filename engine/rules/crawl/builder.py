"""Builder-kit dungeons (seed 004, "Die Dungeons-Bodenpläne auslegen"): the 18 builder sections
placed in turn on a grid of 5×5 cells, joined where both sides have an exit, dead ends walled.

A layout names its pieces as ``[section id, cell x, cell y, quarter turns clockwise]`` and its
gates (entrances made by each player's last corridor) as ``[cell x, cell y, side]``. Chambers
fill their cell; corridors (3×5) sit in the middle of theirs, so every exit is the middle square
of a cell side and two neighbouring exits always meet.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.content.tmx import load_game_map
from engine.core.squaregrid import Edge, Square
from engine.rules.crawl.board import WALKABLE, Board, load_board

CELL = 5
CANVAS = 9  # cells per side while building; the finished dungeon is cropped to its pieces
SIDES = "nesw"
STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}


@cache
def section_info(sid: str) -> tuple[str, int, int, tuple[tuple[str, int], ...],
                                    frozenset[str], tuple[tuple[str, str], ...]]:
    """Returns (kind, width, height, terrain and cost row by row, exits, doors by side) of a
    builder section as drawn (unrotated)."""
    b = load_board(sid, sid)
    data = load_game_map("crawl", sid)
    exits = frozenset(e.strip() for e in str(data.properties.get("exits", "")).split(",")
                      if e.strip())
    cells = tuple((b.terrain[(x, y)], b.cost[(x, y)]) for y in range(b.height)
                  for x in range(b.width))
    doors = []
    for (x, y, d), kind in b.doors:
        if d == 0:
            side = "w" if x < 0 else "e"
        else:
            side = "n" if y < 0 else "s"
        doors.append((side, kind))
    return b.section_kinds[0], b.width, b.height, cells, exits, tuple(doors)


def turn_side(side: str, rot: int) -> str:
    """Returns a side turned ``rot`` quarter turns clockwise."""
    return SIDES[(SIDES.index(side) + rot) % 4]


def exits_of(sid: str, rot: int) -> frozenset[str]:
    """Returns the exits of a placed section."""
    return frozenset(turn_side(s, rot) for s in section_info(sid)[4])


def doors_of(sid: str, rot: int) -> dict[str, str]:
    """Returns side → door kind of a placed section's doors."""
    return {turn_side(s, rot): k for s, k in section_info(sid)[5]}


def squares_of(sid: str, cx: int, cy: int, rot: int) -> dict[Square, tuple[str, int]]:
    """Returns the board squares of a placed section with their terrain and cost."""
    kind, w, h, cells, _, _ = section_info(sid)
    out: dict[Square, tuple[str, int]] = {}
    for i, tc in enumerate(cells):
        x, y = i % w, i // w
        rw, rh = w, h
        for _ in range(rot % 4):
            x, y = rh - 1 - y, x  # a quarter turn clockwise
            rw, rh = rh, rw
        ox, oy = (CELL - rw) // 2, (CELL - rh) // 2
        out[(cx * CELL + ox + x, cy * CELL + oy + y)] = tc
    return out


def cell_of(sq: Square) -> tuple[int, int]:
    """Returns the cell a square lies in."""
    return (sq[0] // CELL, sq[1] // CELL)


def rotate_in_cell(sq: Square, cell: tuple[int, int], turns: int) -> Square:
    """Returns where a square of a cell goes when the cell turns ``turns`` quarters clockwise."""
    x, y = sq[0] - cell[0] * CELL, sq[1] - cell[1] * CELL
    for _ in range(turns % 4):
        x, y = CELL - 1 - y, x
    return (cell[0] * CELL + x, cell[1] * CELL + y)


def gate_square(cx: int, cy: int, side: str) -> Square:
    """Returns the entrance square at the middle of a cell side."""
    mid = CELL // 2
    dx, dy = {"n": (mid, 0), "s": (mid, CELL - 1), "e": (CELL - 1, mid), "w": (0, mid)}[side]
    return (cx * CELL + dx, cy * CELL + dy)


def _edge(cx: int, cy: int, side: str) -> Edge:
    mid = CELL // 2
    if side == "e":
        return (cx * CELL + CELL - 1, cy * CELL + mid, 0)
    return (cx * CELL + mid, cy * CELL + CELL - 1, 1)


_COMPOSED: dict[tuple[Any, ...], Board] = {}


def layout_pieces_key(layout: dict[str, Any]) -> tuple[Any, ...]:
    """Returns the hashable part of a layout that fixes the composed board."""
    return (tuple(tuple(p) for p in layout.get("pieces", ())),
            tuple(tuple(g) for g in layout.get("gates", ())),
            tuple(layout.get("cells") or (CANVAS, CANVAS)))


def compose(layout: dict[str, Any]) -> Board:
    """Returns the board a builder layout makes (cached per layout)."""
    key = layout_pieces_key(layout)
    hit = _COMPOSED.get(key)
    if hit is not None:
        return hit
    cw, ch = layout.get("cells") or (CANVAS, CANVAS)
    w, h = cw * CELL, ch * CELL
    terrain = {(x, y): "void" for y in range(h) for x in range(w)}
    cost = {sq: 0 for sq in terrain}
    sections = []
    placed: dict[tuple[int, int], tuple[str, int]] = {}
    for sid, cx, cy, rot in layout.get("pieces", ()):
        squares = squares_of(sid, cx, cy, rot)
        for sq, (t, c) in squares.items():
            terrain[sq] = t
            cost[sq] = c if t in WALKABLE else 0
        sections.append((sid, section_info(sid)[0], sorted(squares)))
        placed[(cx, cy)] = (sid, rot)
    openings: set[Edge] = set()
    doors: list[tuple[Edge, str]] = []
    for (cx, cy), (sid, rot) in sorted(placed.items()):
        for side in ("e", "s"):
            dx, dy = STEP[side]
            other = placed.get((cx + dx, cy + dy))
            if other is None:
                continue
            # seed 004, "Sackgassen": an exit that meets a wall is a wall.
            if side in exits_of(sid, rot) and OPPOSITE[side] in exits_of(*other):
                kind = doors_of(sid, rot).get(side) or doors_of(*other).get(OPPOSITE[side])
                if kind:
                    doors.append((_edge(cx, cy, side), kind))
                else:
                    openings.add(_edge(cx, cy, side))
    entrances = [(f"gate_{i + 1}", gate_square(cx, cy, side))
                 for i, (cx, cy, side) in enumerate(layout.get("gates", ()))]
    b = Board.__new__(Board)
    b.build("builder", w, h, terrain, cost, sections, openings, doors, set(), entrances,
            "builder layout")
    if len(_COMPOSED) > 64:
        _COMPOSED.clear()
    _COMPOSED[key] = b
    return b


# --- building in turn (seed 004, "Schritt 2: Die Dungeons-Bodenpläne auslegen") ------------


def section_ids() -> tuple[list[str], list[str]]:
    """Returns the builder corridors and chambers."""
    from engine.rules.crawl.core import content
    boards = content().all("board")
    return ([b.id for b in boards if b.kind == "corridor"],
            [b.id for b in boards if b.kind == "chamber"])


def hand_size(nplayers: int) -> tuple[int, int]:
    """Returns (sections per player, chambers each must hold): five and three, or four and two
    with four players (the kit has 18 sections)."""
    return (5, 3) if nplayers <= 3 else (4, 2)


def start_draft(state: Any) -> None:
    """Opens the choice of sections (seed 004, "Zunächst sucht sich jeder Spieler fünf beliebige
    Sektionen aus"): every section lies open; the players take one at a time in turn."""
    corridors, chambers = section_ids()
    state.layout = {"pieces": [], "gates": [], "cells": [CANVAS, CANVAS]}
    state.setup = {"drafting": True, "pool": sorted([*corridors, *chambers]),
                   "hands": [[] for _ in range(state.nplayers)], "spare": []}


def _needs(hand: list[str], corridors: set[str], min_chambers: int) -> tuple[int, int]:
    c = sum(1 for s in hand if s in corridors)
    return max(0, 1 - c), max(0, min_chambers - (len(hand) - c))


def draft_choices(state: Any, seat: int) -> list[str]:
    """Returns the sections ``seat`` may take now: the hand must still end with at least one
    corridor and three chambers (two with four players), and every other hand too."""
    setup = state.setup
    per, min_chambers = hand_size(state.nplayers)
    corridors = set(section_ids()[0])
    pool = setup["pool"]
    out = []
    for sid in pool:
        hands = [list(h) for h in setup["hands"]]
        hands[seat].append(sid)
        left = [s for s in pool if s != sid]
        need_c = need_ch = 0
        ok = True
        for h in hands:
            nc, nch = _needs(h, corridors, min_chambers)
            if nc + nch > per - len(h):
                ok = False
            need_c, need_ch = need_c + nc, need_ch + nch
        if ok and need_c <= sum(1 for s in left if s in corridors) \
                and need_ch <= sum(1 for s in left if s not in corridors):
            out.append(sid)
    return out


def choose(state: Any, seat: int, sid: str) -> bool:
    """Moves a section from the open pool into ``seat``'s hand; returns True when every hand is
    full and the rest has become the spare pile ("Die übrigen Sektionen werden beiseite
    gelegt")."""
    setup = state.setup
    setup["pool"].remove(sid)
    setup["hands"][seat].append(sid)
    per, _ = hand_size(state.nplayers)
    if any(len(h) < per for h in setup["hands"]):
        return False
    state.setup = {"hands": setup["hands"], "spare": list(setup["pool"])}
    return True


def next_chooser(state: Any, seat: int) -> int:
    """Returns the next seat in turn order whose hand is not yet full."""
    per, _ = hand_size(state.nplayers)
    for step in range(1, state.nplayers + 1):
        nxt = (seat + step) % state.nplayers
        if len(state.setup["hands"][nxt]) < per:
            return nxt
    return seat


def _occupied(layout: dict[str, Any]) -> dict[tuple[int, int], tuple[str, int]]:
    return {(cx, cy): (sid, rot) for sid, cx, cy, rot in layout["pieces"]}


def _blocked(layout: dict[str, Any]) -> set[tuple[int, int]]:
    """Returns the cells in front of gates: the outside, where nothing may be built."""
    out = set()
    for cx, cy, side in layout["gates"]:
        dx, dy = STEP[side]
        out.add((cx + dx, cy + dy))
    return out


def placements(layout: dict[str, Any], hand: list[str]) -> list[tuple[str, tuple[int, int], int]]:
    """Returns (section, cell, rotation) for every legal placement from ``hand``.

    The first section is a chamber in the middle (the central chamber). Later sections must
    join an exit of the dungeon with one of their own ("einen durchgehenden Weg betretbarer
    Felder ... zur Zentralkammer"). The last section of a hand is a corridor that joins exactly
    one chamber and opens its other end to the outside ("Diese Gang-Sektion darf nur in eine
    einzelne Kammer-Sektion führen"); until then one corridor stays in the hand.
    """
    fit = _Fit(layout, hand)
    if not fit.occ:
        return [(sid, fit.mid, r) for sid in sorted(set(hand)) if fit.kinds[sid] == "chamber"
                for r in range(4)]
    out = []
    for sid in sorted(set(hand)):
        if not fit.may_place(sid):
            continue
        for cell in fit.cells:
            for rot in range(4):
                if fit.fits(sid, cell, rot):
                    out.append((sid, cell, rot))
    return out


def placement_ok(layout: dict[str, Any], hand: list[str], sid: Any, cell: Any, rot: Any) -> bool:
    """Returns whether (sid, cell, rot) is one of ``placements(layout, hand)``."""
    if sid not in hand or rot not in range(4):
        return False
    fit = _Fit(layout, hand)
    if not fit.occ:
        return fit.kinds[sid] == "chamber" and cell == fit.mid
    return fit.may_place(sid) and cell in fit.cell_set and fit.fits(sid, cell, rot)


class _Fit:
    """What placements read of the layout and the hand, and the test of one placement."""

    __slots__ = ("occ", "corridors", "kinds", "mid", "blocked", "final", "spare", "cells",
                 "cell_set", "cw", "ch")

    def __init__(self, layout: dict[str, Any], hand: list[str]) -> None:
        self.occ = occ = _occupied(layout)
        self.corridors, _ = section_ids()
        self.kinds = {sid: ("corridor" if sid in self.corridors else "chamber") for sid in hand}
        cw: int
        ch: int
        cw, ch = layout.get("cells") or (CANVAS, CANVAS)
        self.cw, self.ch = cw, ch
        self.mid = (cw // 2, ch // 2)
        self.blocked = blocked = _blocked(layout) if occ else set()
        self.final = len(hand) == 1
        self.spare = sum(1 for s in hand if self.kinds[s] == "corridor")
        # the free cells next to the dungeon, on the canvas
        self.cells = [c for c in sorted({(cx + dx, cy + dy) for cx, cy in occ
                                         for dx, dy in STEP.values()} - set(occ) - blocked)
                      if 0 <= c[0] < cw and 0 <= c[1] < ch]
        self.cell_set = set(self.cells)

    def may_place(self, sid: str) -> bool:
        """Returns whether the section may be placed now at all (the last is a corridor, and
        one corridor stays in the hand until then)."""
        if self.final:
            return self.kinds[sid] == "corridor"
        return self.kinds[sid] != "corridor" or self.spare >= 2

    def fits(self, sid: str, cell: tuple[int, int], rot: int) -> bool:
        """Returns whether the section joins the dungeon on ``cell`` turned ``rot`` times."""
        occ = self.occ
        joins, outward = [], []
        for side in exits_of(sid, rot):
            dx, dy = STEP[side]
            other = occ.get((cell[0] + dx, cell[1] + dy))
            if other is not None and OPPOSITE[side] in exits_of(*other):
                joins.append(other)
            elif other is None:
                outward.append((cell[0] + dx, cell[1] + dy))
        if not joins:
            return False
        if self.final:
            if len(joins) != 1 or joins[0][0] in self.corridors or len(outward) != 1:
                return False
            ox, oy = outward[0]
            if not (0 <= ox < self.cw and 0 <= oy < self.ch) or outward[0] in self.blocked:
                return False
        return True


def place(state: Any, sid: str, cell: tuple[int, int], rot: int) -> bool:
    """Places a section for the current player; returns True when it made a gate."""
    layout = state.layout
    occ = _occupied(layout)
    hand = state.setup["hands"][state.current]
    final = len(hand) == 1
    hand.remove(sid)
    layout["pieces"] = [*layout["pieces"], [sid, cell[0], cell[1], rot]]
    if final:
        for side in sorted(exits_of(sid, rot)):
            dx, dy = STEP[side]
            if (cell[0] + dx, cell[1] + dy) not in occ:
                layout["gates"] = [*layout["gates"], [cell[0], cell[1], side]]
                return True
    return False


def unstick(state: Any, seat: int, events: list[Any]) -> None:
    """Sets aside sections that cannot be placed (seed 004, "Sektionen, die nicht
    aneinanderpassen"): a spare section drawn at random replaces one while spares last."""
    from engine.core.actions import Event
    hand = state.setup["hands"][seat]
    while hand and not placements(state.layout, hand):
        corridors, _ = section_ids()
        # Keep the corridor meant for the gate as long as anything else can go.
        drop = next((s for s in hand if s not in corridors), hand[0]) if len(hand) > 1 \
            else hand[0]
        hand.remove(drop)
        spare = state.setup["spare"]
        drawn = None
        if spare:
            drawn = spare.pop(state.rng.below(len(spare)))
            hand.append(drawn)
        events.append(Event("crawl.event.section_aside", {"seat": seat, "section": drop,
                                                          "drawn": drawn or ""}))


def crop(state: Any) -> None:
    """Shrinks the finished dungeon to the cells its sections use."""
    layout = state.layout
    xs = [p[1] for p in layout["pieces"]]
    ys = [p[2] for p in layout["pieces"]]
    x0, y0 = min(xs), min(ys)
    layout["pieces"] = [[sid, cx - x0, cy - y0, rot] for sid, cx, cy, rot in layout["pieces"]]
    layout["gates"] = [[cx - x0, cy - y0, side] for cx, cy, side in layout["gates"]]
    layout["cells"] = [max(xs) - x0 + 1, max(ys) - y0 + 1]


def auto_build(state: Any, count: int, corridors_needed: int = 2) -> None:
    """Builds a solitaire dungeon of ``count`` sections at random (seed 004, solitaire Schritt
    2: "9 bis 12 Sektionen (mindestens 2 davon müssen Gang-Sektionen sein)"), the last
    corridor placed as the entrance."""
    corridors, chambers = section_ids()
    corridors, chambers = list(corridors), list(chambers)
    state.rng.shuffle(corridors)
    state.rng.shuffle(chambers)
    picked = corridors[:corridors_needed] + chambers[:count - corridors_needed]
    state.layout = {"pieces": [], "gates": [], "cells": [CANVAS, CANVAS]}
    hand = picked[1:] + picked[:1]  # the first corridor goes last, as the entrance
    state.setup = {"hands": [hand], "spare": corridors[corridors_needed:] +
                   chambers[count - corridors_needed:]}
    saved = state.current
    state.current = 0
    events: list[Any] = []
    while hand:
        unstick(state, 0, events)
        options = placements(state.layout, hand)
        if not options:
            break
        sid, cell, rot = options[state.rng.below(len(options))]
        place(state, sid, cell, rot)
    state.current = saved
    crop(state)


def piece_at(layout: dict[str, Any], sq: Square) -> int:
    """Returns the index of the placed section holding a square (-1 for none)."""
    cell = cell_of(sq)
    for i, (_, cx, cy, _) in enumerate(layout.get("pieces", ())):
        if (cx, cy) == cell:
            return i
    return -1


def vortex_turns(layout: dict[str, Any], sq: Square) -> list[int]:
    """Returns the quarter turns a vortex on ``sq`` may give its section: a chamber one step
    either way, a corridor half a turn (seed 004, "Vortex")."""
    i = piece_at(layout, sq)
    if i < 0:
        return []
    corridors, _ = section_ids()
    return [2] if layout["pieces"][i][0] in corridors else [1, 3]


def turn_section(state: Any, sq: Square, turns: int) -> int:
    """Turns the section holding ``sq`` by ``turns`` quarter turns clockwise, with everything
    on it (figures, chests, markers, terrain markers); returns its index."""
    layout = state.layout
    i = piece_at(layout, sq)
    sid, cx, cy, rot = layout["pieces"][i]
    cell = (cx, cy)
    pieces = [list(p) for p in layout["pieces"]]
    pieces[i] = [sid, cx, cy, (rot + turns) % 4]

    def move(p: Square) -> Square:
        return rotate_in_cell(p, cell, turns) if cell_of(p) == cell else p
    marks = [[*move((x, y)), t] for x, y, t in layout.get("marks", [])]
    state.layout = {**layout, "pieces": pieces, "marks": marks}
    for f in state.figures:
        if f.where == "board" and f.pos is not None and cell_of(f.pos) == cell:
            f.pos = move(f.pos)
            f.facing = (f.facing + 2 * turns) % 8
    for c in state.chests:
        if c.pos is not None and cell_of(c.pos) == cell:
            c.pos = move(c.pos)
            c.facing = (c.facing + 2 * turns) % 8
    for m in state.markers:
        if cell_of(m.pos) == cell:
            m.pos = move(m.pos)
    return i
