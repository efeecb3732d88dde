"""A plain heuristic for the map game (the bots of issue 3 come later): build, recruit, explore.

It reads what its seat may see (the map, its own hand and resources) and prefers, in order:
building, recruiting and reinforcing; discovering and placing tiles next to its heroes; moving
onto locations it can take (a visit or a quick combat before a fight, a fight before an empty
field); then ending the turn. Decisions take the first sensible option. The battles are played
by the heroes bot (engine/rules/heroes/bots.py).
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.rng import Rng
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.game import field_preview
from engine.rules.heroes.adventure.state import MapState

_MOVE_RANK = {"visit": 0, "quick": 0, "defend": 1, "neutral": 2, "pvp": 3, "flagged": 4,
              "empty": 4, "visited": 5}
_PREFER = {"defend": "defend", "yield": "fight", "pay": "pay", "settlement": "gold"}


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
    for kind in ("build", "recruit", "reinforce", "discover"):
        if kind in kinds:
            return next(a for a in legal if a.kind == kind)
    moves = [a for a in legal if a.kind == "move"]
    units = len(st.ps[seat].units)
    best: list[tuple[int, int, Action]] = []
    for a in moves:
        h = (int(a["to"][0]), int(a["to"][1]))
        kind = field_preview(st, seat, a["hero"], h)["kind"]
        rank = _MOVE_RANK.get(kind, 4)
        if kind in ("neutral", "pvp", "defend") and units < 2:
            rank = 9
        if h == st.ps[seat].prev[a["hero"]]:
            rank += 1
        best.append((rank, rng.below(1000), a))
    best.sort(key=lambda x: (x[0], x[1]))
    if best and best[0][0] <= 3:
        return best[0][2]
    if "place" in kinds and rng.below(2) == 0:
        return next(a for a in legal if a.kind == "place")
    if best and best[0][0] <= 4 and rng.below(3):
        return best[0][2]
    return next((a for a in legal if a.kind == "end_turn"), legal[0])


def is_map_turn(state: Any) -> bool:
    """Returns True when a map game waits for a map action (not one of its battle)."""
    return isinstance(state, MapState) and (state.sub is None or bool(state.flow.stack))
