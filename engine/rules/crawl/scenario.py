"""Scenario set-up vocabulary of the crawl (see docs/crawl/scenarios.md)."""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.rules.crawl.core import content
from engine.rules.crawl.state import Chest, CrawlState, Figure, Marker

_KEYS = {"figures", "markers", "chests", "current", "xp", "exits", "entrances", "round",
         "mp", "pool_empty", "marks", "doors", "mode"}


def _sq(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


def apply_setup(state: CrawlState, setup: dict[str, Any]) -> None:
    """Skips the set-up phases and places figures, markers and chests as listed."""
    unknown = set(setup) - _KEYS
    if unknown:
        raise MalformedAction(f"crawl scenario: unknown setup keys {sorted(unknown)}")
    from engine.rules.crawl.rules import begin_turn
    c = content()
    state.phase = "play"
    state.setup = {}
    state.supply = {}
    state.figures = [f for f in state.figures if not f.hero]
    if setup.get("pool_empty"):
        state.figures = []
    state.markers = []
    state.chests = []
    if "mode" in setup:
        state.mode = str(setup["mode"])
    if "marks" in setup or "doors" in setup:
        state.layout = {"marks": [[int(x), int(y), str(t)] for x, y, t in setup.get("marks", [])],
                        "doors": [[int(x), int(y), int(d), str(k)]
                                  for x, y, d, k in setup.get("doors", [])]}
        state.doors = state.doors + ["closed"] * len(state.layout["doors"])
        state.memo.clear()
    for i, p in enumerate(state.players):
        p.entrance = i % max(1, len(setup.get("entrances", [0, 1, 2, 3])))
        p.exit = i
    state.next_uid = max(state.next_uid, 100)
    for spec in setup.get("figures", []):
        hero = "hero" in spec
        did = spec["hero"] if hero else spec["spawn"]
        d = c.get("hero" if hero else "spawn", did)
        level = int(spec.get("level", 1)) if hero else 0
        click = int(spec.get("click", d.level_starts[level - 1] if hero else 0))
        pos = spec.get("at")
        f = Figure(state.next_uid, did, hero, int(spec.get("owner", 0)) if hero else -1,
                   "board" if pos is not None else "outside", _sq(pos) if pos else None,
                   int(spec.get("facing", 0)), click, level)
        state.next_uid += 1
        state.figures.append(f)
    for spec in setup.get("markers", []):
        state.markers.append(Marker(state.next_uid, spec["rank"], _sq(spec["at"])))
        state.next_uid += 1
    for spec in setup.get("chests", []):
        ch = Chest(state.next_uid, spec["chest"], _sq(spec["at"]), int(spec.get("facing", 4)),
                   int(spec.get("treasure", 0)))
        state.next_uid += 1
        if "trap" in spec:
            ch.trap = int(spec["trap"])
            ch.examined = True
        state.chests.append(ch)
    for i, p in enumerate(state.players):
        p.heroes_at_start = sum(1 for f in state.figures if f.hero and f.owner == i)
        if "xp" in setup:
            p.xp = int(setup["xp"][i])
            p.levels = p.xp // 50
        if "exits" in setup:
            p.exit = int(setup["exits"][i])
        if "entrances" in setup:
            p.entrance = int(setup["entrances"][i])
    state.current = state.start = state.master = int(setup.get("current", 0))
    state.round = int(setup.get("round", 2))
    events: list = []
    begin_turn(state, events)
