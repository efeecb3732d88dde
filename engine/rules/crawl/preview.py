"""Previews of crawl actions (``annotate``/``explain``) and the static look-ups a board scene
needs (documented in docs/crawl/view.md, "Previews").

What a player sees before committing: a move's cost square by square and whether a strike is
still affordable after it, the exact odds and breakdowns of an attack, shot or healing, the odds
of disarming a known trap, the reach of a figure or marker before it is activated, the line of
fire towards any square, and why a strike is refused (demoralized, too few movement points, out
of the front arc, a blocked line of fire). Scenes read these instead of re-deriving the rules.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Breakdown, Message, Term
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Odds, Preview
from engine.core.squaregrid import arc_squares
from engine.rules.crawl import combat
from engine.rules.crawl.core import (
    arc_width,
    distance,
    fdef,
    is_demoralized,
    line_cover,
    los_blockers,
    may_attack,
    traits,
    trap_of,
)
from engine.rules.crawl.state import CrawlState, Figure

# seed 004: "Jeder Angriff kostet 4 Bewegungspunkte"; loot 2, disarm fast 3 / slow 6, doors
# (rules.py holds the same numbers for the rules themselves).
ATTACK_MP = 4
MP_COST = {"attack": 4, "shoot": 4, "shockwave": 4, "heal": 4, "steal": 4, "bash_door": 4,
           "loot": 2, "open_door": 2, "close_door": 1, "break_away": 2, "leave": 1}
DISARM_MP = {False: 3, True: 6}
SLOW_BONUS = 2
ROLLS = 36  # 2d6
_STRIKES = frozenset({"attack", "shoot"})


def _xy(sq: Any) -> list[int] | None:
    return None if sq is None else [sq[0], sq[1]]


def _mp_cost(n: int) -> Breakdown:
    return Breakdown(Message("crawl.preview.cost"), n)


def _fig(state: CrawlState, uid: Any) -> Figure | None:
    try:
        return state.fig(int(uid))
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def _active(state: CrawlState) -> Figure | None:
    return _fig(state, state.active) if state.active >= 0 else None


# --- refusals ------------------------------------------------------------------------------


def strike_refusal(state: CrawlState, action: Action) -> tuple[str, str, dict[str, Any]] | None:
    """Returns (rule key, detail, params) of why the active figure may not strike the figure an
    attack or single-target shot names, or None where the general rule of the kind applies.

    The reasons, in this order: demoralized, fewer than 4 MP left, a melee target outside the
    front arc, a shot whose line of fire is blocked (params ``line``: what blocks it).
    """
    f = _active(state)
    if f is None or f.pos is None or f.where != "board":
        return None
    if action.kind == "attack":
        tgt = _fig(state, action.get("target"))
    else:
        targets = action.get("targets")
        tgt = _fig(state, targets[0]) if isinstance(targets, tuple) and len(targets) == 1 \
            else None
    if tgt is None or tgt.pos is None or tgt.where != "board" or not may_attack(state, f, tgt):
        return None
    dist = distance(f.pos, tgt.pos)
    reach = fdef(f).range
    if action.kind == "attack" and dist != 1:
        return None
    if action.kind == "shoot" and not (dist > 1 and reach and dist <= reach):
        return None
    if is_demoralized(f):
        return ("crawl.rule.demoralized", "a demoralized figure does not attack",
                {"figure": f.uid})
    if state.mp < ATTACK_MP:
        return ("crawl.rule.attack_mp", "an attack costs 4 movement points",
                {"figure": f.uid, "mp": state.mp, "cost": ATTACK_MP})
    if action.kind == "shoot":
        line = line_of_fire(state, f.pos, tgt.pos)
        if not line["free"]:
            return ("crawl.rule.shoot.line_of_fire", "something blocks the line of fire",
                    {"line": line})
        return None
    if tgt.pos not in arc_squares(f.pos, f.facing, arc_width(f)):
        return ("crawl.rule.attack.arc", "the target is not in the front arc", {})
    return None


def refusal(rules: Any, state: CrawlState, action: Action) -> IllegalAction:
    """Returns the IllegalAction that ``validate`` raises for an action that is not legal."""
    if action.kind in _STRIKES:
        why = strike_refusal(state, action)
        if why is not None:
            return IllegalAction(why[0], why[1], **why[2])
    return IllegalAction(*rules.explain_illegal(state, action))


# --- queries -------------------------------------------------------------------------------


def line_of_fire(state: CrawlState, a: Any, b: Any) -> dict[str, Any]:
    """Returns whether the line between two squares is free and what blocks it."""
    blockers = los_blockers(state, (a[0], a[1]), (b[0], b[1]))
    return {"free": not blockers, "blocked_by": blockers}


def _hit(state: CrawlState, att: Figure, tgt: Figure, mode: str, rear: bool
         ) -> tuple[Odds, tuple[Breakdown, Breakdown], dict[str, Any]]:
    """Returns the odds, the breakdowns (attack value without the dice, defence) and the numbers
    of one attack roll of att against tgt."""
    assert att.pos is not None and tgt.pos is not None
    cover = mode == "ranged" and line_cover(state, att.pos, tgt.pos)
    a_terms, d_terms = combat.attack_numbers(state, att, tgt, mode, rear, cover)
    a = sum(int(t.value) for t in a_terms)
    d = sum(int(t.value) for t in d_terms)
    ways = combat.roll_ways(d, a)
    odds = Odds(Message("crawl.odds.hit", {"target": tgt.uid}), ways, ROLLS)
    bds = (Breakdown(Message("crawl.preview.attack_value"), a, tuple(a_terms)),
           Breakdown(Message("crawl.bd.defence"), d, tuple(d_terms)))
    return odds, bds, {"target": tgt.uid, "attack": a, "defence": d, "need": d - a,
                       "ways": ways}


def _strike_preview(state: CrawlState, action: Action) -> Preview:
    """Returns the preview of an attack, shot or healing of the active figure."""
    f = _active(state)
    if f is None or f.pos is None:
        return Preview()
    kind = action.kind
    if kind == "shoot":
        raw = action.get("targets")
        aim = action.get("at")
        targets = [g for g in (_fig(state, u) for u in raw) if g is not None] \
            if isinstance(raw, tuple) else []
        mode, rear = "ranged", True
    else:
        g = _fig(state, action.get("target"))
        targets = [g] if g is not None else []
        aim = None
        mode, rear = "melee", True
        if kind == "heal":
            # combat.heal_attempt: a ranged healer heals others from afar; no rear bonus.
            mode = "ranged" if traits(state, f).heal_ranged and targets \
                and targets[0].uid != f.uid else "melee"
            rear = False
        elif kind == "attack" and targets and traits(state, f).sweep:
            # A sweep strikes every enemy the front arc touches with the same roll.
            from engine.rules.crawl.core import front_squares

            front = set(front_squares(state, f))
            others = [g for g in state.figures if g.where == "board" and g.pos in front
                      and may_attack(state, f, g) and g.uid != targets[0].uid]
            targets = targets + others
    odds: list[Odds] = []
    bds: list[Breakdown] = []
    hits: list[dict[str, Any]] = []
    for g in targets:
        if g.pos is None or g.where != "board":
            continue
        o, b, h = _hit(state, f, g, mode, rear)
        odds.append(o)
        bds.extend(b)
        hits.append(h)
    detail: dict[str, Any] = {"hits": hits}
    if kind == "shoot":
        end = aim if aim is not None else (targets[0].pos if targets and targets[0].pos
                                           else None)
        if isinstance(end, tuple) and len(end) == 2:
            detail["line"] = line_of_fire(state, f.pos, end)
    cost = MP_COST.get(kind)
    return Preview(cost=(_mp_cost(cost),) if cost else (), odds=tuple(odds),
                   breakdowns=tuple(bds), detail=detail)


def _strike_after(state: CrawlState, f: Figure, sq: Any) -> bool:
    """Returns whether an enemy stands next to sq, or for a shooter within its range of sq."""
    reach = max(1, int(fdef(f).range or 0))
    for g in state.figures:
        if g.where != "board" or g.pos is None or g.uid == f.uid:
            continue
        if 1 <= distance(g.pos, sq) <= reach and may_attack(state, f, g):
            return True
    return False


def _move_preview(state: CrawlState, action: Action, memo: dict[str, Any]) -> Preview:
    """Returns a move's cost (the rules' own breakdown, square by square), whether it stops
    there, and whether a strike is still affordable from there."""
    to = action.get("to")
    if not isinstance(to, tuple) or len(to) != 2:
        return Preview()
    from engine.rules.crawl.movement import figure_reach, marker_reach
    from engine.rules.crawl.rules import move_breakdown

    sq = (to[0], to[1])
    if state.active_marker >= 0:
        reach = memo.get("marker_reach")
        if reach is None:
            m = state.marker(state.active_marker)
            reach = memo["marker_reach"] = marker_reach(state, m, state.mp)
        cost = reach.costs.get(sq)
        if cost is None:
            return Preview()
        return Preview(cost=(Breakdown(Message("crawl.bd.move"), cost),),
                       detail={"cost": cost, "stop": sq in reach.stops})
    if action.get("figure") is not None:
        # A figure not yet active (the table's "activate and move there" in one click): its
        # reach with a full move value, as reachable() shows it.
        f = _fig(state, action.get("figure"))
        if f is None or not (f.where == "outside" or (f.where == "board" and f.pos is not None)):
            return Preview()
        from engine.rules.crawl.core import value

        mp = state.mp if f.uid == state.active else value(state, f, "move")
        reach = figure_reach(state, f, mp)
    else:
        f = _active(state)
        if f is None:
            return Preview()
        mp = state.mp
        reach = memo.get("reach")
        if reach is None:
            reach = memo["reach"] = figure_reach(state, f, mp)
    cost = reach.costs.get(sq)
    if cost is None or sq == f.pos:
        return Preview()
    path = reach.path(sq)
    bd = move_breakdown(state, f, path)
    consequences: tuple[Message, ...] = ()
    if _strike_after(state, f, sq):
        # The player should see before stepping in whether the strike is still affordable.
        left = mp - cost
        key = "crawl.preview.strike_after" if left >= ATTACK_MP \
            else "crawl.preview.no_strike_after"
        consequences = (Message(key, {"left": left, "cost": ATTACK_MP}),)
    return Preview(cost=(bd,), consequences=consequences,
                   detail={"cost": cost, "stop": sq in reach.stops,
                           "path": [_xy(p) for p in path]})


def _activate_preview(state: CrawlState, action: Action) -> Preview:
    """Returns the reach a figure or marker would have once activated: every square with its
    cost and path, and the break-away it would need."""
    from engine.rules.crawl.view import marker_reachable, reachable

    if action.kind == "activate_marker":
        try:
            return Preview(detail={"reach": marker_reachable(state, int(action["marker"]))})
        except (KeyError, IndexError, TypeError, ValueError, MalformedAction):
            return Preview()
    f = _fig(state, action.get("figure"))
    if f is None or not (f.where == "outside" or (f.where == "board" and f.pos is not None)):
        return Preview()
    return Preview(detail={"reach": reachable(state, f.uid)})


def _disarm_preview(state: CrawlState, action: Action) -> Preview:
    """Returns the active figure's odds to disarm a chest whose trap is known (seed 004: 2d6 +
    trap skill, +2 when slow, must reach the trap's disarm value; a 2 fails, a 12 succeeds)."""
    slow = bool(action.get("slow"))
    cost = (_mp_cost(DISARM_MP[slow]),)
    f = _active(state)
    try:
        ch = state.chest(int(action["chest"]))
    except (KeyError, IndexError, TypeError, ValueError, MalformedAction):
        return Preview(cost=cost)
    trap = trap_of(ch) if ch.examined else None  # an unexamined trap stays hidden
    if f is None or trap is None:
        return Preview(cost=cost)
    bonus = int(traits(state, f).trap_bonus)
    terms: list[Term] = []
    if slow:
        terms.append(Term(Message("crawl.term.slow"), SLOW_BONUS))
    if bonus:
        terms.append(Term(Message("crawl.term.trap_skill"), bonus))
    total = bonus + (SLOW_BONUS if slow else 0)
    ways = combat.roll_ways(trap.disarm, total)
    return Preview(cost=cost, odds=(Odds(Message("crawl.odds.disarm", {"chest": ch.uid}),
                                         ways, ROLLS),),
                   breakdowns=(Breakdown(Message("crawl.bd.disarm"), total, tuple(terms)),),
                   detail={"need": trap.disarm, "bonus": total})


def preview(state: CrawlState, seat: int | None, action: Action,
            memo: dict[str, Any] | None = None) -> Preview:
    """Returns what ``action`` would do now, as far as ``seat`` may know it (legal or not);
    ``memo`` shares the reach maps between the previews of one state."""
    kind = action.kind
    if kind in ("attack", "shoot", "heal"):
        return _strike_preview(state, action)
    if kind == "move":
        return _move_preview(state, action, {} if memo is None else memo)
    if kind in ("activate", "activate_marker"):
        return _activate_preview(state, action)
    if kind == "disarm":
        return _disarm_preview(state, action)
    if kind == "break_away":
        f = _active(state)
        sure = f is not None and traits(state, f).auto_break_away
        return Preview(cost=(_mp_cost(MP_COST[kind]),),
                       odds=(Odds(Message("crawl.odds.break_away"), 6 if sure else 3, 6),))
    cost = MP_COST.get(kind)
    return Preview(cost=(_mp_cost(cost),)) if cost else Preview()


class CrawlPreviews:
    """The crawl's ``annotate``/``explain`` and its static look-ups, mixed into CrawlRules."""

    __slots__ = ()

    def annotate(self, state: CrawlState, seat: int | None, actions: list[Action]
                 ) -> list[Preview]:
        """Returns the preview of each action (see the module docstring)."""
        memo: dict[str, Any] = {}
        return [preview(state, seat, a, memo) for a in actions]

    def explain(self, state: CrawlState, seat: int | None, action: Action) -> Preview:
        """Returns the preview of a candidate action; a refused one keeps what can be known
        (odds, cost, line of fire) beside the rule that refuses it."""
        out = preview(state, seat, action)
        try:
            self.validate(state, action)  # type: ignore[attr-defined]
        except IllegalAction as exc:
            return out._replace(refused=Message(exc.rule, dict(exc.params)))
        except MalformedAction:
            return out._replace(refused=Message("rule.malformed"))
        return out

    # --- static look-ups (no state): the dungeon, sections and content for drawing ---------
    def board_data(self, board_id: str, map_name: str, layout: dict[str, Any] | None) -> Any:
        """Returns the Board of a map or builder layout (terrain, costs, walls, doors)."""
        from engine.rules.crawl.core import board_for

        return board_for(board_id, map_name, layout)

    def content(self) -> Any:
        """Returns the crawl content (figures, abilities, chests, pieces, sections)."""
        from engine.rules.crawl.core import content

        return content()

    def section_exits(self, section_id: str) -> frozenset[str]:
        """Returns the sides (n, e, s, w) of a builder section that have an exit, unturned."""
        from engine.rules.crawl.builder import exits_of

        return exits_of(section_id, 0)

    def section_doors(self, section_id: str) -> dict[str, str]:
        """Returns side → door kind (wood, iron) of a builder section's exits, unturned."""
        from engine.rules.crawl.builder import doors_of

        return doors_of(section_id, 0)
