"""Shared look-ups of the crawl rules: content, figures' values, occupancy, arcs and paths."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engine.content.loader import load_game_content
from engine.content.schema import Content
from engine.core.squaregrid import (
    Square,
    arc_squares,
    edge_key,
    has_line_of_fire,
    in_arc,
    in_rear_arc,
    line_squares,
)
from engine.rules.crawl import defs
from engine.rules.crawl.board import Board, derived_board, front_area, layout_key, load_board
from engine.rules.crawl.effects import Traits, apply_ability
from engine.rules.crawl.state import Chest, CrawlState, Figure

GAME = "crawl"
_CONTENT: list[Content] = []


def content() -> Content:
    """Returns the crawl content, loaded once per process."""
    if not _CONTENT:
        _CONTENT.append(load_game_content(GAME))
    return _CONTENT[0]


@cache
def figdef(did: str, hero: bool) -> Any:
    """Returns the HeroDef or SpawnDef of a figure."""
    return content().get("hero" if hero else "spawn", did)


def fdef(f: Figure) -> Any:
    """Returns the definition of figure f."""
    return figdef(f.did, f.hero)


def board_of(state: CrawlState) -> Board:
    """Returns the board of the game (printed or built, with its terrain markers and doors)."""
    memo = state.memo
    b = memo.get("board")
    layout = state.layout
    if b is not None and not layout:
        map_name, board_id, board, lkey = b
        if lkey is None and map_name == state.map and board_id == state.board:
            return board  # the printed board, already looked up
    lkey = layout_key(layout) if layout else None
    if lkey is not None and state.board == "builder":
        from engine.rules.crawl.builder import layout_pieces_key
        lkey = (lkey, layout_pieces_key(layout))
    if b is None or b[0] != state.map or b[1] != state.board or b[3] != lkey:
        b = memo["board"] = (state.map, state.board, board_for(state.board, state.map, layout),
                             lkey)
    return b[2]


def board_for(board_id: str, map_name: str, layout: dict[str, Any] | None) -> Board:
    """Returns the board of a map or builder layout with its terrain markers and placed doors
    (every board is cached per layout)."""
    layout = layout or {}
    base_key: tuple[Any, ...] = ()
    if board_id == "builder":
        from engine.rules.crawl.builder import compose, layout_pieces_key
        base = compose(layout)
        base_key = layout_pieces_key(layout)
    else:
        base = load_board(board_id, map_name)
    if layout.get("marks") or layout.get("doors"):
        return derived_board(base, layout, base_key)
    return base


def arc_width(f: Figure) -> int:
    """Returns the number of squares of f's front arc (3, 5 or 7)."""
    return defs.ARC_WIDTH[fdef(f).arc]


def dial(f: Figure) -> Any:
    """Returns f's current ClickDef (None when knocked out)."""
    clicks = fdef(f).clicks
    return clicks[f.click] if f.click < len(clicks) else None


def is_demoralized(f: Figure) -> bool:
    """Returns whether f's dial shows the demoralized mark."""
    click = dial(f)
    return click is not None and click.demoralized


def treasure_of(chest: Chest) -> Any:
    """Returns the TreasureDef the chest's treasure dial shows."""
    return content().get("chest", chest.did).treasures[chest.treasure]


def trap_of(chest: Chest) -> Any:
    """Returns the TrapDef the chest's trap dial shows (None for the empty setting)."""
    if chest.trap == 0:
        return None
    return content().get("chest", chest.did).traps[chest.trap - 1]


@lru_cache(maxsize=4096)
def _abilities(did: str, hero: bool, click: int, items: tuple[str, ...]) -> tuple[str, ...]:
    """Returns the abilities of a dial click plus items, the dial's first (a pure function of
    them, so cached: every view lists them for every figure)."""
    c = content()
    clicks = figdef(did, hero).clicks
    own = list(clicks[click].abilities) if click < len(clicks) else []
    extra: list[str] = []
    for key in items:
        chest_id, pos = key.split(":")
        extra.extend(c.get("chest", chest_id).treasures[int(pos)].abilities)
    # seed 004, "Magische Spezialfähigkeiten": an item's ability replaces the hero's own
    # ability on the same stat.
    item_stats = {c.get("ability", a).stat for a in extra}
    return tuple([a for a in own if c.get("ability", a).stat not in item_stats] + extra)


@lru_cache(maxsize=4096)
def _traits(did: str, hero: bool, click: int, items: tuple[str, ...]) -> Traits:
    """Returns the traits of a dial click plus items (item abilities replace same-stat ones)."""
    c = content()
    traits = Traits()
    seen: set[str] = set()
    for ability_id in _abilities(did, hero, click, items):
        if ability_id in seen:
            continue
        seen.add(ability_id)
        apply_ability(traits, ability_id, c.get("ability", ability_id).effects)
    return traits


def item_keys(state: CrawlState, f: Figure) -> tuple[str, ...]:
    """Returns the items a hero uses now as ``chest_id:setting`` keys."""
    if not f.hero or (not f.items and f.potion < 0):
        return ()
    keys = []
    for uid in (*f.items, f.potion):
        if uid >= 0:
            ch = state.chest(uid)
            keys.append(f"{ch.did}:{ch.treasure}")
    return tuple(keys)


def traits(state: CrawlState, f: Figure) -> Traits:
    """Returns f's traits now."""
    # item_keys' own first test inline: most figures carry nothing.
    items = item_keys(state, f) if f.hero and (f.items or f.potion >= 0) else ()
    return _traits(f.did, f.hero, f.click, items)


def ability_ids(state: CrawlState, f: Figure) -> list[str]:
    """Returns the abilities f has now (dial and items), for views."""
    items = item_keys(state, f) if f.hero and (f.items or f.potion >= 0) else ()
    return list(_abilities(f.did, f.hero, f.click, items))


def item_bonus(state: CrawlState, f: Figure, stat: str) -> list[tuple[str, int]]:
    """Returns (item key, bonus) for every item of f that raises ``stat``."""
    out = []
    for key in item_keys(state, f):
        chest_id, pos = key.split(":")
        t = content().get("chest", chest_id).treasures[int(pos)]
        value = getattr(t, stat)
        if value:
            out.append((key, value))
    return out


def value_terms(state: CrawlState, f: Figure, stat: str, mode: str) -> list[tuple[str, int]]:
    """Returns the terms of f's ``stat`` for an attack of ``mode``: dial, items, abilities."""
    return list(_value_terms(f.did, f.hero, f.click, item_keys(state, f), stat, mode))


@lru_cache(maxsize=8192)
def _value_terms(did: str, hero: bool, click: int, items: tuple[str, ...], stat: str,
                 mode: str) -> tuple[tuple[str, int], ...]:
    """Returns the terms of a stat for a dial click plus items (a pure function of them, so
    cached: the bots ask for values thousands of times per game)."""
    clicks = figdef(did, hero).clicks
    click_def = clicks[click] if click < len(clicks) else None
    terms = [("dial", getattr(click_def, stat) if click_def is not None else 0)]
    if stat in ("move", "attack", "defence"):
        c = content()
        for key in items:
            chest_id, pos = key.split(":")
            bonus = getattr(c.get("chest", chest_id).treasures[int(pos)], stat)
            if bonus:
                terms.append(("item:" + key, bonus))
    t = _traits(did, hero, click, items)
    for ability, tstat, tmode, amount in t.terms:
        if tstat == stat and (tmode == "any" or tmode == mode):
            terms.append(("ability:" + ability, amount))
    return tuple(terms)


@lru_cache(maxsize=8192)
def _value(did: str, hero: bool, click: int, items: tuple[str, ...], stat: str, mode: str
           ) -> int:
    """Returns the sum of the cached terms."""
    return sum(v for _, v in _value_terms(did, hero, click, items, stat, mode))


def value(state: CrawlState, f: Figure, stat: str, mode: str = "melee") -> int:
    """Returns f's effective ``stat`` for ``mode``."""
    # item_keys' own first test inline: most figures carry nothing.
    items = item_keys(state, f) if f.hero and (f.items or f.potion >= 0) else ()
    return _value(f.did, f.hero, f.click, items, stat, mode)


def on_board(state: CrawlState) -> list[Figure]:
    """Returns the figures on the board."""
    return [f for f in state.figures if f.where == "board"]


def occupancy(state: CrawlState) -> dict[Square, tuple[str, int]]:
    """Returns what stands on each occupied square: ("f"|"c"|"m", uid)."""
    occ: dict[Square, tuple[str, int]] = {}
    for f in state.figures:
        if f.where == "board" and f.pos is not None:
            occ[f.pos] = ("f", f.uid)
    for c in state.chests:
        if c.status in ("closed", "disarmed", "sprung") and c.pos is not None:
            occ[c.pos] = ("c", c.uid)
    for m in state.markers:
        occ[m.pos] = ("m", m.uid)
    return occ


def is_enemy(state: CrawlState, a: Figure, b: Figure) -> bool:
    """Returns whether b is an enemy of a (seed 004: spawn are friends among themselves)."""
    if a.hero and b.hero:
        return a.owner != b.owner
    return a.hero != b.hero


def may_attack(state: CrawlState, a: Figure, b: Figure) -> bool:
    """Returns whether a may attack b to harm it (seed 004, "Angriffe")."""
    if a.hero and b.hero:
        # Lone wolf: heroes attack only mage spawn; the advanced rules allow enemy heroes.
        return state.hero_vs_hero and a.owner != b.owner
    return a.hero != b.hero


def closed_door_edges(state: CrawlState) -> set[tuple[int, int, int]]:
    """Returns the edges of closed doors (they block movement and line of fire)."""
    if "closed" not in state.doors:
        return set()
    board = board_of(state)
    return {edge for (edge, _), st in zip(board.doors, state.doors, strict=True) if st == "closed"}


def touching(state: CrawlState, a: Square, b: Square, closed: set | None = None) -> bool:
    """Returns whether a and b are neighbours that no wall or closed door separates."""
    around = board_of(state).around.get(a)
    if around is None or b not in around:
        return False
    if a[0] != b[0] and a[1] != b[1]:
        return True
    doors = closed if closed is not None else closed_door_edges(state)
    return not doors or edge_key(a, b) not in doors


def front_squares(state: CrawlState, f: Figure) -> list[Square]:
    """Returns the adjacent squares of f's front arc that no wall cuts off (the caller gets its
    own list)."""
    return list(front_arc(state, f))


def front_arc(state: CrawlState, f: Figure) -> tuple[Square, ...]:
    """Returns front_squares as a shared tuple (not copied: the rules' hot loops only read it).

    Memoized on the state per board and door states (MCTS playouts ask for the same arcs
    thousands of times).
    """
    pos = f.pos
    assert pos is not None
    board = board_of(state)
    doors = state.doors
    fronts = state.memo.get("fronts")
    if fronts is None or fronts[0] is not board or fronts[1] != doors:
        arcs: dict[tuple[Square, int, str, bool], tuple[Square, ...]] = {}
        fronts = state.memo["fronts"] = (board, list(doors), arcs, closed_door_edges(state))
    key = (pos, f.facing, f.did, f.hero)  # the definition gives the arc's width
    hit = fronts[2].get(key)
    if hit is None:
        # touching(state, pos, sq, closed) inline: a neighbour no wall cuts off, and for an
        # orthogonal step no closed door either.
        around = board.around.get(pos, ())
        closed = fronts[3]
        x, y = pos
        hit = fronts[2][key] = tuple([
            sq for sq in arc_squares(pos, f.facing, arc_width(f))
            if sq in around and (not closed or (sq[0] != x and sq[1] != y)
                                 or edge_key(pos, sq) not in closed)])
    return hit


def chest_front(chest: Chest) -> list[Square]:
    """Returns a chest's front area: the square in front and its left and right neighbours."""
    assert chest.pos is not None
    return front_area(chest.pos, chest.facing)


def los_blockers(state: CrawlState, a: Square, b: Square, ignore: tuple[int, ...] = ()
                 ) -> list[dict[str, Any]]:
    """Returns what blocks the line of fire a -> b: figures, terrain, walls and closed doors."""
    board = board_of(state)
    out: list[dict[str, Any]] = []
    figs = {f.pos: f.uid for f in state.figures if f.where == "board" and f.uid not in ignore}
    for sq in line_squares(a, b)[1:-1]:
        if sq in figs:
            out.append({"what": "figure", "uid": figs[sq], "at": [sq[0], sq[1]]})
        elif sq in board.lof_blocking:
            out.append({"what": board.terrain[sq], "at": [sq[0], sq[1]]})
    walls = board.walls.clone()
    walls.edges |= closed_door_edges(state)
    if not out and not has_line_of_fire(a, b, (), walls):
        out.append({"what": "wall", "at": None})
    return out


def has_lof(state: CrawlState, a: Square, b: Square, ignore: tuple[int, ...] = (),
            closed: set | None = None) -> bool:
    """Returns whether the line of fire a -> b is free."""
    board = board_of(state)
    figs = {f.pos for f in state.figures
            if f.where == "board" and f.pos is not None and f.uid not in ignore}
    blocking = _Either(board.lof_blocking, figs)
    edges = board.walls.edges
    doors = closed if closed is not None else closed_door_edges(state)
    if doors:
        from engine.core.squaregrid import Walls
        walls = Walls()
        walls.edges = edges | doors
        return has_line_of_fire(a, b, blocking, walls)
    return has_line_of_fire(a, b, blocking, board.walls)


class _Either:
    """A membership test over two sets without building their union (line-of-fire blockers)."""

    __slots__ = ("a", "b")

    def __init__(self, a: frozenset[Square] | set[Square], b: set[Square]) -> None:
        self.a, self.b = a, b

    def __contains__(self, sq: object) -> bool:
        return sq in self.a or sq in self.b


def line_cover(state: CrawlState, a: Square, b: Square) -> bool:
    """Returns whether the target gets +1 defence: difficult terrain, chests or markers on the
    line, or difficult terrain under the target (seed 004, "Fernkampf")."""
    board = board_of(state)
    objects = {c.pos for c in state.chests if c.status in ("closed", "disarmed", "sprung")}
    objects |= {m.pos for m in state.markers}
    if b in board.difficult:
        return True
    return any(sq in board.difficult or sq in objects for sq in line_squares(a, b)[1:-1])


def in_front_arc(f: Figure, target: Square) -> bool:
    """Returns whether target lies in f's front arc (any distance)."""
    assert f.pos is not None
    return in_arc(f.pos, f.facing, arc_width(f), target)


def in_rear(f: Figure, attacker: Square) -> bool:
    """Returns whether an attack from ``attacker`` comes through f's rear arc (+1)."""
    assert f.pos is not None
    return in_rear_arc(f.pos, f.facing, attacker)


def distance(a: Square | None, b: Square | None) -> int:
    """Returns the range distance in squares (both squares must be on the board)."""
    assert a is not None and b is not None
    # chebyshev(a, b) without the call and the builtins (the bots measure thousands a game).
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


def heroes_of(state: CrawlState, seat: int) -> list[Figure]:
    """Returns the heroes of a seat."""
    # Per seat, kept in the memo while the figure list is the same list of the same length
    # (figures are only ever appended, or the list replaced; a figure's side never changes).
    figures = state.figures
    hit = state.memo.get("heroes")
    if hit is None or hit[0] is not figures or hit[1] != len(figures):
        by_seat: dict[int, list[Figure]] = {}
        for f in figures:
            if f.hero:
                by_seat.setdefault(f.owner, []).append(f)
        hit = state.memo["heroes"] = (figures, len(figures), by_seat)
    return list(hit[2].get(seat, ()))


def opponent(state: CrawlState, seat: int) -> int:
    """Returns the seat that takes the opponent's role for ``seat`` (more players: to the right)."""
    if state.nplayers == 1:
        return 0
    if state.nplayers == 2:
        return 1 - seat
    return (seat - 1) % state.nplayers
