"""Whether one given action is legal now (``CrawlRules.validate``), checked directly.

``legal_actions`` lists everything the actor may do; ``validate`` is asked about one action, on
every ``apply``, and checks that one: a move looks its square up in the (memoized) reach map, an
activation its figure, a placement its square or section. Only the rarer activation kinds
(shots, doors, chests, teleports, passing, stealing) and the solitaire stash compare against the
short list of that kind alone.
``allows`` must agree with ``legal_actions`` on every action (tests/test_validate_equivalence.py
checks it over thousands of reached states, near misses included).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from engine.core.actions import Action
from engine.rules.crawl import rules as R  # a cycle: rules imports this module; read at call time
from engine.rules.crawl.core import (
    board_of,
    closed_door_edges,
    content,
    dial,
    fdef,
    front_arc,
    heroes_of,
    may_attack,
    occupancy,
    touching,
    treasure_of,
)
from engine.rules.crawl.movement import MarkerCheck, figure_reach, marker_reach, must_break_away
from engine.rules.crawl.state import CrawlState, Figure

_NONE = object()  # the value of a parameter an action does not have exactly


def _only(action: Action, name: str) -> Any:
    """Returns the value of the action's only parameter ``name`` (else _NONE)."""
    args = action.args
    return args[0][1] if len(args) == 1 and args[0][0] == name else _NONE


def _pair(action: Action, first: str, second: str) -> tuple[Any, Any] | None:
    """Returns the values of exactly the parameters ``first`` and ``second`` (sorted names)."""
    args = action.args
    if len(args) != 2 or args[0][0] != first or args[1][0] != second:
        return None
    return args[0][1], args[1][1]


def allows(state: CrawlState, action: Action) -> bool:
    """Returns whether ``action`` is one of ``legal_actions(state)`` (the game is not over)."""
    if state.pending is not None:
        return action.kind == "place_spawn" and _spawn_square(state, _only(action, "at"))
    setup = _SETUP.get(state.phase)
    if setup is not None:
        return setup(state, action)
    if state.active >= 0:
        return _activation(state, action)
    if state.active_marker >= 0:
        kind = action.kind
        if kind == "end_activation":
            return not action.args
        if kind != "move":
            return False
        m = state.marker(state.active_marker)
        return _reached(marker_reach(state, m, state.mp), _only(action, "to"), m.pos)
    return _between_activations(state, action)


def _reached(reach: Any, sq: Any, here: Any) -> bool:
    """Returns whether a move to ``sq`` is listed from a reach map: a reached square but
    ``here`` (the mover's square; None from outside, where every reached square is listed)."""
    return sq is not _NONE and sq != here and sq in reach.costs


# --- an activated figure -----------------------------------------------------------------------
def _activation(state: CrawlState, action: Action) -> bool:
    f = state.fig(state.active)
    kind = action.kind
    if kind == "end_activation":
        return not action.args  # every activation may end
    if kind == "move":
        if f.where == "outside":
            return _reached(figure_reach(state, f, state.mp), _only(action, "to"), None)
        if f.where != "board" or f.pos is None:
            return False
        if state.mode == "solitaire" and not f.hero:
            return action in R._lead_away_actions(state, f, "move")
        return state.mp > 0 and _reached(figure_reach(state, f, state.mp), _only(action, "to"),
                                         f.pos)
    if f.where != "board" or f.pos is None:
        return False  # from outside or off the board: moves and the end only
    if kind == "face":
        k = _only(action, "facing")
        return not state.faced and k is not _NONE and k != f.facing and k in range(8)
    if kind == "break_away":
        return not action.args and state.mp >= R.BREAK_MP + 1 \
            and bool(must_break_away(state, f))
    if state.mode == "solitaire" and not f.hero:
        return False  # a spawn led away moves, turns and breaks away only
    if kind == "attack":
        return _melee_target(state, f, _only(action, "target"))
    return action in R.activation_actions(state, kind)


def _melee_target(state: CrawlState, f: Figure, uid: Any) -> bool:
    """Returns whether f may attack the figure ``uid`` in close combat now."""
    click = dial(f)
    if state.mp < R.ATTACK_MP or (click is not None and click.demoralized) or uid is _NONE:
        return False
    g = state.figures_by_uid().get(uid)
    if g is None or g.where != "board" or g.pos is None or g.uid == f.uid:
        return False
    assert f.pos is not None
    if not (-1 <= g.pos[0] - f.pos[0] <= 1 and -1 <= g.pos[1] - f.pos[1] <= 1):
        return False
    return g.pos in front_arc(state, f) and may_attack(state, f, g)


# --- between activations -----------------------------------------------------------------------
def _between_activations(state: CrawlState, action: Action) -> bool:
    kind = action.kind
    if kind == "end_turn":
        return not action.args
    seat = state.current
    if kind == "activate":
        uid = _only(action, "figure")
        f = state.figures_by_uid().get(uid) if uid is not _NONE else None
        if f is None or f.acted or state.acts_left <= 0:
            return False
        if f.hero:
            return f.owner == seat and f.where in ("board", "outside")
        # R.others_may_act and R.may_activate_spawn in one pass over the seat's heroes: none
        # still outside, none in the spawn's section or next to it
        if f.where != "board" or f.pos is None or (
                state.mode == "solitaire" and state.players[seat].extra <= 0):
            return False
        section = board_of(state).section
        here = section[f.pos]
        x, y = f.pos
        for h in heroes_of(state, seat):
            if h.where == "outside":
                return False
            pos = h.pos
            if h.where == "board" and pos is not None and (
                    section[pos] == here or (-1 <= pos[0] - x <= 1 and -1 <= pos[1] - y <= 1)):
                return False
        return True
    if kind == "activate_marker":
        uid = _only(action, "marker")
        m = next((m for m in state.markers if m.uid == uid), None) if uid is not _NONE else None
        if m is None or m.acted or not R.others_may_act(state, heroes_of(state, seat)):
            return False
        return MarkerCheck(state, occupancy(state)).can_move(m)
    if kind == "drink":
        pair = _pair(action, "chest", "figure")
        if pair is None or pair[0] not in state.players[seat].chests:
            return False
        ch = state.chest(pair[0])
        if treasure_of(ch).kind != "potion" or ch.used or ch.safe:
            return False
        f = state.figures_by_uid().get(pair[1])
        return f is not None and f.hero and f.owner == seat \
            and f.where in ("board", "outside") and f.potion < 0
    return False


# --- placing mage spawn ------------------------------------------------------------------------
def _spawn_square(state: CrawlState, sq: Any) -> bool:
    """Returns whether the next spawn of the pending placement may stand on ``sq``."""
    if sq is _NONE:
        return False
    p = state.pending
    assert p is not None
    board = board_of(state)
    if sq in occupancy(state):
        return False
    closed = None
    for a in p["group"] or p["anchors"]:
        a = tuple(a)
        for nxt, _ in board.neighbours[a]:
            if nxt == sq and board.cost[nxt] > 0:
                if closed is None:
                    closed = closed_door_edges(state)
                if touching(state, a, nxt, closed):
                    return True
    return False


# --- set-up steps ------------------------------------------------------------------------------
def _pick(state: CrawlState, action: Action) -> bool:
    setup = state.setup
    if setup.get("stash"):
        return action in R.RULES._pick_actions(state)  # the solitaire stash: its short lists
    kind = action.kind
    if kind not in ("pick_hero", "done_picking"):
        return False
    heroes = content().all("hero")
    seat = state.current
    mine = heroes_of(state, seat)
    taken = {f.did for f in state.figures if f.hero}
    hero = None
    if kind == "pick_hero":
        pair = _pair(action, "hero", "level")
        if pair is None:
            return False
        hero = next((h for h in heroes if h.id == pair[0] and h.id not in taken), None)
        if hero is None:
            return False
        level = pair[1]
    elif action.args:
        return False
    if setup.get("hire"):
        from engine.rules.crawl import solo
        return hero is None or (level == 1 and solo.can_hire(state))
    if state.mode == "solitaire" and state.supply.get("campaign"):
        from engine.rules.crawl import solo
        if len(mine) >= solo.CAMPAIGN_TEAM:
            return hero is None
    # Every seat still to pick must find a hero left (R.CrawlRules._pick_actions).
    waiting = sum(1 for p in range(state.nplayers)
                  if p != seat and not state.setup["done"][p] and not heroes_of(state, p))
    if len(heroes) - len(taken) <= waiting:
        return hero is None and bool(mine)
    if hero is None:
        return state.mode != "lone_wolf" and bool(mine)
    if state.mode == "lone_wolf":
        return level == 1
    spent = sum(fdef(f).points[f.level - 1] for f in mine)
    return level in (1, 2) and spent + hero.points[level - 1] <= R.TEAM_POINTS


def _build(state: CrawlState, action: Action) -> bool:
    from engine.rules.crawl import builder

    seat = state.current
    if state.setup.get("drafting"):
        sid = _only(action, "section")
        return action.kind == "choose_section" and sid is not _NONE \
            and sid in builder.draft_choices(state, seat)
    args = action.args
    if action.kind != "place_section" or len(args) != 3 \
            or (args[0][0], args[1][0], args[2][0]) != ("cell", "rot", "section"):
        return False
    return builder.placement_ok(state.layout, state.setup["hands"][seat], args[2][1],
                                args[0][1], args[1][1])


def _pieces(state: CrawlState, action: Action) -> bool:
    kind = action.kind
    if kind == "skip_piece":
        return not action.args
    if kind == "place_terrain":
        args = action.args
        if len(args) != 3 or (args[0][0], args[1][0], args[2][0]) != ("at", "piece", "side"):
            return False
        at, pid, side = args[0][1], args[1][1], args[2][1]
        piece = _first_piece(state, pid)
        return piece is not None and piece.kind == "terrain" and side in piece.sides \
            and at in R.piece_squares(state)
    if kind == "place_door":
        pair = _pair(action, "edge", "piece")
        if pair is None:
            return False
        piece = _first_piece(state, pair[1])
        return piece is not None and piece.kind != "terrain" and pair[0] in R.door_spots(state)
    return False


def _first_piece(state: CrawlState, pid: Any) -> Any:
    """Returns the piece ``pid`` when the pool lists it first of its kind (one action per kind
    of piece), else None."""
    pool = state.supply.get("pieces", [])
    if pid not in pool:
        return None
    c = content()
    piece = c.get("piece", pid)
    sig = (piece.kind, piece.sides, piece.door)
    for other in pool:
        p = c.get("piece", other)
        if (p.kind, p.sides, p.door) == sig:
            return piece if other == pid else None
    return None


def _chests(state: CrawlState, action: Action) -> bool:
    pair = _pair(action, "at", "facing")
    return action.kind == "place_chest" and pair is not None and _chest_spot(state, *pair)


def _chest_spot(state: CrawlState, sq: Any, facing: Any) -> bool:
    """Returns whether a chest may go on ``sq`` facing ``facing`` (R.chest_spots, for one)."""
    board = board_of(state)
    sec = board.section.get(sq)
    if sec is None or R._entrance_distance(state, board, sec) < 2 \
            or any(c.pos is not None and board.section[c.pos] == sec for c in state.chests):
        return False
    index = board.chest_place_index()
    occ = occupancy(state)
    closed = closed_door_edges(state)
    if not any(sec in index.by_square.get(o, ()) for o in occ):
        return (sq, facing) in index.door_spots(closed)[sec]  # nothing stands on its places
    for place, way, fronts in index.places[sec]:
        if place == sq and way == facing and sq not in occ and any(
                f not in occ and (edge is None or edge not in closed) for f, edge in fronts):
            return True
    return False


def _markers(state: CrawlState, action: Action) -> bool:
    pair = _pair(action, "at", "rank")
    if action.kind != "place_marker" or pair is None \
            or pair[1] not in state.supply.get("markers", []):
        return False
    at = pair[0]
    if type(at) is not tuple or len(at) != 2 or not isinstance(at[0], int) \
            or not isinstance(at[1], int):
        return False  # the squares are pairs of whole numbers
    squares = R.marker_squares(state)  # sorted
    k = bisect_left(squares, at)
    return k < len(squares) and squares[k] == at


def _entrances(state: CrawlState, action: Action) -> bool:
    board = board_of(state)
    kind = action.kind
    n = len(board.entrances)
    if state.setup["steps"][0][0] == "entrance":
        i = _only(action, "entrance")
        if kind != "choose_entrance" or i is _NONE:
            return False
        # a gate of a section no other seat entered by (all of them when none is left)
        used = {board.entrance_section(p.entrance) for p in state.players if p.entrance >= 0}
        free = [j for j in range(n) if board.entrance_section(j) not in used]
        return i in (free or range(n))
    if kind == "choose_exit":
        i = _only(action, "entrance")
        return i is not _NONE and i in range(n)
    if kind != "choose_exit_square" or state.mode != "team":
        return False
    # a square on the rim of the dungeon (R.rim_squares) that is no gate
    sq = _only(action, "at")
    if sq is _NONE or (board.cost.get(sq) or 0) <= 0 or any(g == sq for _, g in board.entrances):
        return False
    x, y = sq
    return any(board.terrain.get(nb, "void") == "void"
               for nb in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)))


_SETUP = {"pick": _pick, "build": _build, "pieces": _pieces, "chests": _chests,
          "markers": _markers, "entrances": _entrances}
