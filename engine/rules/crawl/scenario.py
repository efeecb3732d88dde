"""Scenario set-up vocabulary of the crawl (see docs/crawl/scenarios.md)."""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.core.rng import Rng
from engine.rules.crawl.core import content
from engine.rules.crawl.state import Chest, CrawlState, Figure, Marker

_KEYS = {"figures", "markers", "chests", "current", "xp", "exits", "entrances", "round",
         "mp", "pool_empty", "marks", "doors", "mode", "dice", "activations", "active",
         "exit_at", "master", "turn_limit", "pool", "door_states", "levels", "hero_vs_hero"}
_FIGURE_KEYS = {"hero", "spawn", "owner", "at", "facing", "level", "click", "acted", "items",
                "potion", "where"}
_MARKER_KEYS = {"rank", "at", "acted"}
_CHEST_KEYS = {"chest", "at", "facing", "treasure", "trap", "held_by", "status", "used", "safe"}
_WHERE = {"board", "outside", "left", "out"}
_CHEST_STATUS = {"closed", "disarmed", "sprung", "held", "gone"}
_DOOR_STATES = {"closed", "open", "broken"}


class ScenarioDice(Rng):
    """The state's RNG with a scenario's die results in front: each roll takes the next given
    result (and still advances the generator once, so undo sees a random step), then the
    generator rolls on its own."""

    def __init__(self, seed: int, dice: list[int]) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def roll(self, sides: int = 6) -> int:
        """Returns the next scenario die (1..6) while there is one, else a rolled die."""
        if self.dice and sides == 6:
            self.next_u64()
            return self.dice.pop(0)
        return super().roll(sides)

    def clone(self) -> Rng:
        """Returns a copy with the same state and the same dice still to come."""
        return ScenarioDice(self.state, self.dice) if self.dice else Rng(self.state)

    def to_dict(self) -> Any:
        """Returns the state, with the dice still to come while there are any."""
        return {"state": self.state, "dice": list(self.dice)} if self.dice else self.state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state and \
            getattr(other, "dice", []) == self.dice

    __hash__ = None  # type: ignore[assignment]  # mutable, like Rng


def _sq(value: Any, where: str = "at") -> tuple[int, int]:
    try:
        return (int(value[0]), int(value[1]))
    except (TypeError, ValueError, IndexError, KeyError):
        raise MalformedAction(f"crawl scenario: {where} must be [x, y], not {value!r}") from None


def _check(spec: Any, known: set[str], what: str) -> dict[str, Any]:
    if not isinstance(spec, dict):
        raise MalformedAction(f"crawl scenario: each of {what} must be a mapping")
    unknown = set(spec) - known
    if unknown:
        raise MalformedAction(f"crawl scenario: {what}: unknown keys {sorted(unknown)}; "
                              f"known: {sorted(known)}")
    return spec


def _one_of(value: Any, allowed: set[str], where: str) -> str:
    if value not in allowed:
        raise MalformedAction(f"crawl scenario: {where} must be one of {sorted(allowed)}, "
                              f"not {value!r}")
    return str(value)


def _seat(state: CrawlState, value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or \
            not 0 <= value < len(state.players):
        raise MalformedAction(f"crawl scenario: {where} must be a seat 0..{len(state.players) - 1}")
    return value


def _per_seat(state: CrawlState, setup: dict[str, Any], key: str) -> list[Any]:
    values = setup[key]
    if not isinstance(values, list) or len(values) != len(state.players):
        raise MalformedAction(f"crawl scenario: {key} needs one entry per seat "
                              f"({len(state.players)})")
    return values


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
    if setup.get("pool_empty") or "pool" in setup:
        state.figures = []
    state.markers = []
    state.chests = []
    if "mode" in setup:
        state.mode = str(setup["mode"])
    if "hero_vs_hero" in setup:
        state.hero_vs_hero = bool(setup["hero_vs_hero"])
    if "turn_limit" in setup:
        state.turn_limit = int(setup["turn_limit"])
    if "marks" in setup or "doors" in setup:
        state.layout = {"marks": [[int(x), int(y), str(t)] for x, y, t in setup.get("marks", [])],
                        "doors": [[int(x), int(y), int(d), str(k)]
                                  for x, y, d, k in setup.get("doors", [])]}
        state.doors = state.doors + ["closed"] * len(state.layout["doors"])
        state.memo.clear()
    for index, door_state in dict(setup.get("door_states", {})).items():
        if not isinstance(index, int) or not 0 <= index < len(state.doors):
            raise MalformedAction(f"crawl scenario: door_states: no door {index!r} "
                                  f"(the board has {len(state.doors)})")
        state.doors[index] = _one_of(door_state, _DOOR_STATES, "door_states")
    for i, p in enumerate(state.players):
        p.entrance = i % max(1, len(setup.get("entrances", [0, 1, 2, 3])))
        p.exit = i
    state.next_uid = max(state.next_uid, 100)
    # Items and potions name chests, which get their uids after the figures.
    carried: list[tuple[Figure, dict[str, Any]]] = []
    for spec in setup.get("figures", []):
        spec = _check(spec, _FIGURE_KEYS, "figures")
        hero = "hero" in spec
        did = spec["hero"] if hero else spec["spawn"]
        d = c.get("hero" if hero else "spawn", did)
        level = int(spec.get("level", 1)) if hero else 0
        click = int(spec.get("click", d.level_starts[level - 1] if hero else 0))
        pos = spec.get("at")
        where = "board" if pos is not None else "outside"
        if "where" in spec:
            where = _one_of(spec["where"], _WHERE, "figures: where")
            if where == "board" and pos is None:
                raise MalformedAction("crawl scenario: a figure on the board needs 'at'")
            pos = pos if where == "board" else None
        f = Figure(state.next_uid, did, hero, int(spec.get("owner", 0)) if hero else -1,
                   where, _sq(pos) if pos is not None else None, int(spec.get("facing", 0)),
                   click, level)
        state.next_uid += 1
        state.figures.append(f)
        carried.append((f, spec))
    for spec in setup.get("markers", []):
        spec = _check(spec, _MARKER_KEYS, "markers")
        m = Marker(state.next_uid, spec["rank"], _sq(spec["at"]), bool(spec.get("acted", False)))
        state.markers.append(m)
        state.next_uid += 1
    for spec in setup.get("chests", []):
        spec = _check(spec, _CHEST_KEYS, "chests")
        held = "held_by" in spec
        pos = None if held or spec.get("at") is None else _sq(spec["at"])
        if pos is None and not held:
            raise MalformedAction("crawl scenario: a chest needs 'at' or 'held_by'")
        ch = Chest(state.next_uid, spec["chest"], pos, int(spec.get("facing", 4)),
                   int(spec.get("treasure", 0)))
        state.next_uid += 1
        if "trap" in spec:
            ch.trap = int(spec["trap"])
            ch.examined = True
        if held:
            # seed 004, "Bergung des Schatzes": a looted chest leaves the board for its player.
            seat = _seat(state, spec["held_by"], "chests: held_by")
            ch.status, ch.holder, ch.examined = "held", seat, True
            state.players[seat].chests.append(ch.uid)
        if "status" in spec:
            ch.status = _one_of(spec["status"], _CHEST_STATUS, "chests: status")
            if ch.status in ("disarmed", "sprung"):
                ch.examined = True  # the trap was dealt with, so it was examined first
            if (ch.status == "held") != held:
                raise MalformedAction("crawl scenario: a held chest is given by 'held_by'")
        ch.used = bool(spec.get("used", False))
        ch.safe = bool(spec.get("safe", False))
        state.chests.append(ch)
    if "pool" in setup:
        # The spawn pool in this order (seed 004: conversions pick by points, then by order).
        pool = [Figure(state.next_uid + i, str(did), False)
                for i, did in enumerate(setup["pool"])]
        for f in pool:
            c.get("spawn", f.did)  # an unknown spawn id fails here
        state.next_uid += len(pool)
        state.figures = pool + state.figures
    for i, p in enumerate(state.players):
        p.heroes_at_start = sum(1 for f in state.figures if f.hero and f.owner == i)
        if "xp" in setup:
            p.xp = int(setup["xp"][i])
            p.levels = p.xp // 50
        if "levels" in setup:
            p.levels = int(_per_seat(state, setup, "levels")[i])
        if "exits" in setup:
            p.exit = int(setup["exits"][i])
        if "entrances" in setup:
            p.entrance = int(setup["entrances"][i])
        if "exit_at" in setup:
            at = _per_seat(state, setup, "exit_at")[i]
            p.exit_at = None if at is None else _sq(at, "exit_at")
    state.current = state.start = state.master = int(setup.get("current", 0))
    if "master" in setup:
        state.master = _seat(state, setup["master"], "master")
    state.round = int(setup.get("round", 2))
    events: list = []
    begin_turn(state, events)
    _after_turn_start(state, setup, carried)


def _after_turn_start(state: CrawlState, setup: dict[str, Any],
                      carried: list[tuple[Figure, dict[str, Any]]]) -> None:
    """Sets what the turn's start would otherwise reset: acted figures, items and potions, the
    activations left, a running activation, and the dice still to come."""
    chests = {ch.uid for ch in state.chests}
    for f, spec in carried:
        if "acted" in spec:
            f.acted = bool(spec["acted"])
        if "items" in spec:
            # seed 004, "Den Schatz benutzen": the player hands items out at the turn's start.
            f.items = [int(u) for u in spec["items"]]
            if not set(f.items) <= chests or len(f.items) > 2:
                raise MalformedAction("crawl scenario: items are at most two chest uids")
        if "potion" in spec:
            f.potion = int(spec["potion"])
            if f.potion not in chests:
                raise MalformedAction("crawl scenario: potion must be a chest uid")
            state.chest(f.potion).used = True
    if any("items" in spec for _f, spec in carried):
        # Items given to one hero are no longer free for the automatic hand-out to others.
        given = {u for f, _spec in carried for u in f.items}
        for f, spec in carried:
            if "items" not in spec:
                f.items = [u for u in f.items if u not in given]
    if "activations" in setup:
        state.acts_left = int(setup["activations"])
    if "active" in setup:
        uid = int(setup["active"])
        mover = state.figures_by_uid().get(uid)
        if mover is None or mover.where != "board":
            raise MalformedAction("crawl scenario: active must be a figure on the board")
        from engine.rules.crawl.core import value
        mover.acted = True
        state.active = uid
        state.mp = int(setup.get("mp", value(state, mover, "move")))
    elif "mp" in setup:
        raise MalformedAction("crawl scenario: mp needs an active figure")
    if "dice" in setup:
        dice = setup["dice"]
        if not isinstance(dice, list) or not all(
                isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
            raise MalformedAction("crawl scenario: dice must be a list of die results 1..6")
        state.rng = ScenarioDice(state.rng.state, dice)
