"""Views and the queries a board scene needs (documented in docs/crawl/view.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.core.squaregrid import arc_squares, rear_arc_squares
from engine.rules.crawl import combat
from engine.rules.crawl.core import (
    ability_ids,
    arc_width,
    board_of,
    chest_front,
    dial,
    fdef,
    los_blockers,
    trap_of,
    treasure_of,
    value,
)
from engine.rules.crawl.movement import figure_reach, marker_reach, must_break_away
from engine.rules.crawl.state import CrawlState, Figure


def _xy(sq: Any) -> list[int] | None:
    return None if sq is None else [sq[0], sq[1]]


def figure_view(state: CrawlState, f: Figure) -> dict[str, Any]:
    """Returns one figure as the UI shows it: dial values, arcs, abilities, level."""
    d = fdef(f)
    click = dial(f)
    out: dict[str, Any] = {
        "uid": f.uid, "id": f.did, "hero": f.hero, "owner": f.owner, "where": f.where,
        "pos": _xy(f.pos), "facing": f.facing, "click": f.click, "clicks": len(d.clicks),
        "arc": arc_width(f), "range": d.range, "targets": d.targets, "acted": f.acted,
        "items": list(f.items), "potion": f.potion,
    }
    if f.hero:
        out["level"] = f.level
        out["points"] = d.points[f.level - 1]
    else:
        out["rank"] = d.rank
        out["points"] = d.points
    if click is not None:
        out["values"] = {"move": value(state, f, "move"), "attack": value(state, f, "attack"),
                         "defence": value(state, f, "defence"),
                         "damage": value(state, f, "damage")}
        out["demoralized"] = click.demoralized
        out["abilities"] = ability_ids(state, f)
    return out


def chest_view(state: CrawlState, seat: int | None, uid: int) -> dict[str, Any]:
    """Returns a chest; its treasure dial shows only once the chest was opened."""
    ch = state.chest(uid)
    out: dict[str, Any] = {"uid": ch.uid, "id": ch.did, "pos": _xy(ch.pos),
                           "facing": ch.facing, "status": ch.status, "examined": ch.examined,
                           "trap": ch.trap if ch.examined else None, "holder": ch.holder,
                           "used": ch.used, "safe": ch.safe}
    if ch.pos is not None:
        out["front"] = [_xy(sq) for sq in chest_front(ch)]
    if ch.examined and trap_of(ch) is not None:
        t = trap_of(ch)
        out["trap_values"] = {"disarm": t.disarm, "form": t.form, "attack": t.attack,
                              "damage": t.damage, "spawn_count": t.spawn_count,
                              "spawn_points": t.spawn_points, "range": t.range}
    if ch.revealed:
        t = treasure_of(ch)
        out["treasure"] = ch.treasure
        out["gold"] = t.gold
        out["item"] = t.kind
    return out


def build_view(state: CrawlState, seat: int | None) -> dict[str, Any]:
    """Returns the view of ``seat`` (None: public). Only unopened treasure dials are hidden."""
    from engine.rules.crawl.rules import RULES, gold
    board = board_of(state)
    out: dict[str, Any] = {
        "board": state.board, "map": state.map, "mode": state.mode, "phase": state.phase,
        "round": state.round, "turn_limit": state.turn_limit, "current": state.current,
        "start": state.start, "master": state.master, "actor": RULES.current_actor(state),
        "active": state.active, "active_marker": state.active_marker, "mp": state.mp,
        "activations_left": state.acts_left, "over": state.over, "reason": state.reason,
        "prompt": RULES.prompt(state).to_json(),
        "figures": [figure_view(state, f) for f in state.figures],
        "markers": [{"uid": m.uid, "rank": m.rank, "pos": _xy(m.pos), "acted": m.acted}
                    for m in state.markers],
        "chests": [chest_view(state, seat, c.uid) for c in state.chests],
        "doors": [{"edge": list(edge), "kind": kind, "state": st}
                  for (edge, kind), st in zip(board.doors, state.doors, strict=True)],
        "players": [{"xp": p.xp, "levels": p.levels, "entrance": p.entrance, "exit": p.exit,
                     "exit_at": None if p.exit_at is None else list(p.exit_at),
                     "chests": list(p.chests), "gold": gold(state, i)}
                    for i, p in enumerate(state.players)],
        "entrances": [{"name": n, "at": _xy(sq)} for n, sq in board.entrances],
        "layout": {"marks": [list(m) for m in state.layout.get("marks", [])],
                   "doors": [list(d) for d in state.layout.get("doors", [])],
                   "pieces": [list(p) for p in state.layout.get("pieces", [])],
                   "gates": [list(g) for g in state.layout.get("gates", [])],
                   "cells": list(state.layout.get("cells", []))},
        "pending": None if state.pending is None else {
            "seat": state.pending["seat"], "spawns": list(state.pending["spawns"])},
    }
    if state.active >= 0:
        out["reach"] = reachable(state, state.active)
    elif state.active_marker >= 0:
        out["marker_reach"] = marker_reachable(state, state.active_marker)
    if state.phase == "build" and state.setup.get("hands") is not None:
        # Builder kit: the sections are taken face up from an open pile, so every hand is
        # public while they are taken and placed.
        out["hands"] = [list(h) for h in state.setup["hands"]]
    return out


def reachable(state: CrawlState, uid: int) -> dict[str, Any]:
    """Returns, for the active (or any) figure, each reachable square with its MP cost and
    path, the squares where the move would stop, and the break-away need and odds."""
    f = state.fig(uid)
    mp = state.mp if state.active == uid else value(state, f, "move")
    reach = figure_reach(state, f, mp)
    foes = must_break_away(state, f)
    from engine.rules.crawl.core import traits
    sure = traits(state, f).auto_break_away
    return {
        "squares": [{"at": _xy(sq), "cost": cost, "stop": sq in reach.stops,
                     "path": [_xy(p) for p in reach.path(sq)]}
                    for sq, cost in sorted(reach.costs.items()) if sq != f.pos],
        "break_away": {"needed": bool(foes), "from": list(foes), "cost": 2,
                       "chance": "1" if sure else "1/2"},
    }


def marker_reachable(state: CrawlState, uid: int) -> list[dict[str, Any]]:
    """Returns each square an activated marker can reach with its cost."""
    m = state.marker(uid)
    reach = marker_reach(state, m, state.mp if state.active_marker == uid else 4)
    return [{"at": _xy(sq), "cost": c, "stop": sq in reach.stops}
            for sq, c in sorted(reach.costs.items()) if sq != m.pos]


def arcs(state: CrawlState, uid: int) -> dict[str, Any]:
    """Returns the adjacent squares of a figure's front and rear arcs."""
    f = state.fig(uid)
    if f.pos is None:
        return {"front": [], "rear": []}
    return {"front": [_xy(s) for s in arc_squares(f.pos, f.facing, arc_width(f))],
            "rear": [_xy(s) for s in rear_arc_squares(f.pos, f.facing)]}


def line_of_fire(state: CrawlState, a: list[int], b: list[int]) -> dict[str, Any]:
    """Returns whether the line between two squares is free and what blocks it."""
    sa, sb = (a[0], a[1]), (b[0], b[1])
    blockers = los_blockers(state, sa, sb)
    return {"free": not blockers, "blocked_by": blockers}


def hit_chance(state: CrawlState, attacker: int, target: int, mode: str = "melee"
               ) -> dict[str, Any]:
    """Returns the exact chance to hit: attack value, defence and the fraction out of 36."""
    att, tgt = state.fig(attacker), state.fig(target)
    a, d, ways = combat.hit_chance(state, att, tgt, mode)
    frac = Fraction(ways, 36)
    return {"attack": a, "defence": d, "need": d - a, "ways": ways,
            "chance": f"{frac.numerator}/{frac.denominator}"}


def dial_values(state: CrawlState, uid: int) -> list[dict[str, Any]]:
    """Returns every click of a figure's dial (values, abilities, demoralized)."""
    f = state.fig(uid)
    return [{"click": i, "move": c.move, "attack": c.attack, "defence": c.defence,
             "damage": c.damage, "abilities": list(c.abilities), "demoralized": c.demoralized,
             "current": i == f.click}
            for i, c in enumerate(fdef(f).clicks)]
