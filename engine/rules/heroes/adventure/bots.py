"""A plain heuristic for the map game (the bots of issue 3 come later), playing toward the
scenario's victory: flag the enemy town, beat weaker neighbours, hold mines and settlements.

It reads what its seat may see (the map, its own hand and resources, the public armies) and
prefers, in order: building, recruiting and reinforcing; its map cards (not the Waygate);
discovering tiles next to its heroes; moves onto locations it can take (a visit or a quick
combat), an attack on an enemy town, settlement or hero when its army is the stronger, a fight
against the guards; when strong (or late in the game) the step that brings the main hero
nearer the enemy town; then placing a tile, a free step, or the end of the turn. Decisions take
the first sensible option. The battles are played by the heroes bot
(engine/rules/heroes/bots.py).
"""

from __future__ import annotations

from typing import Any

from engine.core import hexgrid as hx
from engine.core.actions import Action
from engine.core.rng import Rng
from engine.rules.heroes import content as C
from engine.rules.heroes.adventure import board as B
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.game import field_preview
from engine.rules.heroes.adventure.state import MAIN, MapState

_MOVE_RANK = {"visit": 0, "quick": 0, "defend": 1, "neutral": 2, "pvp": 3, "flagged": 4,
              "empty": 4, "visited": 5}
_BUILD_ORDER = {"dwelling_silver": 0, "citadel": 1, "dwelling_gold": 2, "dwelling_bronze": 3,
                "city_hall": 4}
_PREFER = {"defend": "defend", "yield": "fight", "pay": "pay", "settlement": "gold"}


def strength(st: MapState, seat: int) -> float:
    """Returns a rough army value: each unit by tier, a unit on its Pack side counted 1.5."""
    tiers = {"bronze": 1.0, "silver": 2.0, "gold": 3.5}
    total = 0.0
    for uid, pack in st.ps[seat].units:
        total += tiers.get(C.unit(uid).tier, 1.0) * (1.5 if pack else 1.0)
    return total + 0.5 * st.ps[seat].level


def _target(st: MapState, seat: int) -> tuple[int, int] | None:
    """Returns the nearest enemy town still in the game (its field), or None."""
    here = st.ps[seat].pos[MAIN]
    towns = [p.town for o, p in enumerate(st.ps) if o != seat and not p.out and p.town]
    if here is None or not towns:
        return None
    return min(towns, key=lambda t: (hx.distance(here, t), t))  # type: ignore[arg-type]


def _distances(st: MapState, to: tuple[int, int]) -> dict[tuple[int, int], float]:
    """Returns every revealed field's walking distance to ``to`` (walls and blocked fields
    counted, guards not)."""
    b = R.board(st)
    if to not in b.fields:
        return {}
    return dict(B.reach(b, to, 99, set(), set(), set()).costs)


def _attacking(st: MapState, seat: int) -> bool:
    """Returns True when the seat's army is the stronger (or the game runs late)."""
    mine = strength(st, seat)
    rivals = [strength(st, o) for o, p in enumerate(st.ps) if o != seat and not p.out]
    limit = R.mc().scenarios[st.scenario].round_limit or 12
    return bool(rivals) and (mine >= 1.2 * max(rivals) and st.round >= 3
                             or st.round >= limit * 2 // 3)


def choose(st: MapState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Returns the map action for ``seat``."""
    top = st.flow.top
    kinds = {a.kind for a in legal}
    if top is not None:
        if top.kind == R.CHOOSE:
            want = _PREFER.get(top.data[0])
            return next((a for a in legal if a["option"] == want), legal[0])
        if top.kind == R.SEARCH:
            return next((a for a in legal if a["from"] == "deck"), legal[0])
        if top.kind == R.TRADE:
            return next(a for a in legal if a.kind == "leave")
        for kind in ("build", "recruit", "reinforce"):
            if kind in kinds:
                return next(a for a in legal if a.kind == kind)
        return next((a for a in legal if a.kind == "pass"), legal[0])
    if "draw" in kinds:
        return next(a for a in legal if a.kind == "draw")
    if "discard" in kinds and "move" not in kinds and "end_turn" not in kinds:
        return next(a for a in legal if a.kind == "discard")
    for kind in ("build", "recruit", "reinforce", "hire"):
        if kind in kinds:
            acts = [a for a in legal if a.kind == kind]
            if kind == "build":  # an army first: dwellings, the citadel, then the rest
                acts.sort(key=lambda a: (_BUILD_ORDER.get(str(a["building"]), 9),
                                         str(a["building"])))
            return acts[0]
    plays = [a for a in legal if a.kind == "play" and a["card"] != "town_portal"
             and a["hero"] == MAIN and not a["boost"]]
    if plays:
        return plays[0]
    if "discover" in kinds:
        return next(a for a in legal if a.kind == "discover")
    moves = [a for a in legal if a.kind == "move"]
    p = st.ps[seat]
    units = len(p.units)
    attack = _attacking(st, seat)
    mine = strength(st, seat)
    target = _target(st, seat) if attack else None
    dist = _distances(st, target) if target is not None else {}
    best: list[tuple[int, float, int, Action]] = []
    for a in moves:
        h = (int(a["to"][0]), int(a["to"][1]))
        what = field_preview(st, seat, a["hero"], h)
        kind = what["kind"]
        rank = _MOVE_RANK.get(kind, 4)
        if kind in ("pvp", "defend"):
            foe = int(what.get("foe", -1))
            # attack a weaker neighbour (its town when strong enough), never a stronger one
            weaker = foe >= 0 and strength(st, foe) * (1.3 if kind == "defend" else 1.0) < mine
            rank = 1 if weaker and units >= 2 else 9
        elif kind == "neutral" and (units < 2 or (what["guard"] or 0) > p.level + 2
                                    or (what["guard"] or 0) > p.level + 1 and units < 4):
            rank = 9  # no fight against guards well above the hero's level
        elif kind == "visit" and attack and what["category"] == R.REVISITABLE:
            rank = 3  # no lingering at a revisitable location on the march
        here = p.pos[a["hero"]]
        near = 99.0
        if target is not None and a["hero"] == MAIN and here is not None:
            # by the revealed paths when they join the towns, else as the crow flies (the
            # face-down tiles on the way get discovered)
            joined = here in dist and h in dist
            near = dist[h] if joined else float(hx.distance(h, target))
            before = dist[here] if joined else float(hx.distance(here, target))
            if near < before and kind not in ("neutral", "pvp", "defend"):
                rank = 0  # a step nearer the enemy town first
            elif rank == 0 and near >= before:
                rank = 1  # a visit off the way next
        if h == p.prev[a["hero"]]:
            rank += 2
        best.append((rank, near, rng.below(1000), a))
    best.sort(key=lambda x: (x[0], x[1], x[2]))
    if best and best[0][0] <= 3:
        return best[0][3]
    if "place" in kinds and rng.below(2) == 0:
        return next(a for a in legal if a.kind == "place")
    if best and best[0][0] <= 4 and rng.below(3):
        return best[0][3]
    return next((a for a in legal if a.kind == "end_turn"), legal[0])


def is_map_turn(state: Any) -> bool:
    """Returns True when a map game waits for a map action (not one of its battle)."""
    return isinstance(state, MapState) and (state.sub is None or bool(state.flow.stack))
