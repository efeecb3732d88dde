"""The choices an action needs, enumerated before it starts: targets and hit zones, weapon, jump
destination, ally, taunt and stun targets, poison tile, wolf moves.

The seed has the player announce targets, zones and weapon before rolling (seed 001, 3.2.3), and
nothing random happens between an action's start and its attack, so every choice of an action is
part of the action itself: ``play(tile=..., picks=(...))`` with one pick per effect (None where
the effect needs no choice or cannot be resolved). A pick is computed with the hero's area as it
will be when the effect resolves (a Jump before an attack moves the hero first).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.state import MissionState

MAX_COMBOS = 400  # a cap on the zone combinations of one AoE run (never reached by content)


def _attack_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    h = st.heroes[i]
    basic = spec.type == "basic_attack"
    atype = "melee" if basic else sim["type"]
    target_sets = target_runs(st, sim["area"], atype == "ranged",
                              1 if basic else int(spec.params.get("aoe", 1)),
                              None if basic else sim["core"])
    weapons = [w for w in T.weapons(h)
               if not (atype == "ranged" and T.weapon_def(w).melee_only)]
    out = [(w, t) for w in weapons for t in target_sets]
    return out or [None]


# target_runs by (board, area, ranged, aoe, core): the board changes far less often than the
# heroes act (bots and searches list the actions of every hero step); bounded, and a pure
# function of its key, so it changes no result
_RUNS: dict[tuple[Any, ...], tuple[tuple[tuple[int, int], ...], ...]] = {}
_RUNS_MAX = 20_000


def board_key(st: MissionState) -> tuple[Any, ...]:
    """Returns what targeting reads of the enemies: every card's place, identity, damage and
    star, and the keywords tile events gave areas (keywords from leaders and Stealth/Guard
    follow from these)."""
    enemies = st.enemies
    out: list[Any] = []
    for area in T.RING:
        for u in st.columns[area]:
            e = enemies[str(u)]
            out.append((area, u, e.card, tuple(e.damage), e.star))
    if st.area_keywords:
        out.append(tuple((a, tuple(k)) for a, k in sorted(st.area_keywords.items())))
    return tuple(out)


def target_runs(st: MissionState, from_area: str, ranged: bool, aoe: int,
                core: str | None) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Returns every ((uid, zone), ...) an attack from ``from_area`` may name: a run of up to
    ``aoe`` adjacent cards of one area (melee: the hero's own), each with a zone this core may
    name, Stealth and Guard respected; in the order of the areas, then runs by length."""
    key = (board_key(st), from_area, ranged, aoe, core)
    found = _RUNS.get(key)
    if found is None:
        if len(_RUNS) >= _RUNS_MAX:
            _RUNS.clear()
        found = _RUNS[key] = tuple(_target_runs(st, from_area, ranged, aoe, core))
    return found


def _target_runs(st: MissionState, from_area: str, ranged: bool, aoe: int,
                 core: str | None) -> list[tuple[tuple[int, int], ...]]:
    areas = T.RING if ranged else (from_area,)
    guarded = T.guards(st, areas)  # a run lies in one area
    out: list[tuple[tuple[int, int], ...]] = []
    for area in areas:
        col = st.columns[area]
        if not col:
            continue
        # per card, worked out once for all the runs it is part of
        zones: list[list[int] | None] = []
        for u in col:
            e = st.enemy(u)
            zones.append(T.legal_zones(e, core) if T.targetable(st, e, from_area) else None)
        for n in range(1, min(aoe, len(col)) + 1):
            for j in range(len(col) - n + 1):
                found = zones[j:j + n]
                if None in found or not all(found):
                    continue  # a card cannot be named from here (Stealth) or has no zone
                run = col[j:j + n]
                if guarded and not T.guard_ok(st, run, guarded):
                    continue
                if n == 1:
                    u = run[0]
                    out.extend(((u, z),) for z in found[0])  # type: ignore[union-attr]
                    continue
                for k, combo in enumerate(product(*found)):  # type: ignore[arg-type]
                    if k >= MAX_COMBOS:
                        break
                    out.append(tuple(zip(run, combo, strict=True)))
    return out


def _jump_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    if sim["area"] in st.blocked:
        return [None]
    if T.rooted(st, sim["area"]) and not spec.params.get("ignore_root", False):
        return [None]  # seed 001, 5.3 Root: no leaving by Jump
    out = [d for d in T.RING if d != sim["area"] and d not in st.blocked]
    return out or [None]


def _armor_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    if spec.params.get("who", "self") != "ally":
        return [None]
    return [j for j, h in enumerate(st.heroes) if h.area == sim["area"] and not h.dead]


def _stun_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    count = int(spec.params.get("count", 1))
    out = []
    guarded = T.guards(st)
    for area in T.RING:
        for run in T.runs(st, area, count):
            if all(T.targetable(st, st.enemy(u), sim["area"]) for u in run) and \
                    T.guard_ok(st, run, guarded):
                out.append(tuple(run))
    return out or [None]


def _taunt_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    count = int(spec.params.get("count", 1))
    cands = [e.uid for e in st.living()
             if e.area != sim["area"] and T.targetable(st, e, sim["area"])]
    out = []
    guarded = T.guards(st)
    for n in range(1, min(count, len(cands)) + 1):
        for combo in combinations(cands, n):
            if T.guard_ok(st, combo, guarded):
                out.append(tuple(combo))
    return out or [None]


def _poison_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    h = st.heroes[i]
    out = [a for a in h.river if a != sim["tile"]
           and any(e.type == "attack" for e in T.side(h, a).effects)]
    return out or [None]


def _wolf_move_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    if sim["wolf"] is None:
        return [None]
    return [d for d in T.RING if d != sim["wolf"]] or [None]


def _wolf_attack_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    area = sim["wolf"]
    if area is None:
        return [None]
    out = []
    for uid in st.columns[area]:
        e = st.enemy(uid)
        if T.targetable(st, e, area) and T.guard_ok(st, [uid]):
            out += [(uid, z) for z in T.legal_zones(e, sim["core"])]
    return out or [None]


def _zone_damage_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    out = T.shot_zones(st, str(spec.params.get("area", "any")), sim["area"])
    return list(out) or [None]


def _level_picks(st: MissionState, i: int, spec: Any, sim: dict[str, Any]) -> list[Any]:
    h = st.heroes[i]
    out = [a for a in C.hero(h.hid).actions if a not in h.flipped]
    return out or [None]


PICKERS = {
    "attack": _attack_picks,
    "basic_attack": _attack_picks,
    "jump": _jump_picks,
    "armor": _armor_picks,
    "stun": _stun_picks,
    "taunt": _taunt_picks,
    "poison": _poison_picks,
    "wolf_move": _wolf_move_picks,
    "wolf_attack": _wolf_attack_picks,
    "level_up": _level_picks,
    "zone_damage": _zone_damage_picks,
}


def picks(st: MissionState, i: int, effects: tuple[Any, ...], atype: str, core: str | None,
          tile: str = "") -> list[tuple[Any, ...]]:
    """Returns every combination of choices for an effect list, in a stable order (the first
    effect's choices outermost)."""
    h = st.heroes[i]
    # (choices so far, the hero's situation after them), effect by effect in order
    level: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {"area": h.area, "wolf": h.wolf_area, "type": atype, "core": core, "tile": tile})]
    for spec in effects:
        picker = PICKERS.get(spec.type)
        if picker is None:
            level = [((*acc, None), sim) for acc, sim in level]
            continue
        jump = spec.type == "jump"
        wolf_move = spec.type == "wolf_move"
        nxt: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
        for acc, sim in level:
            for opt in picker(st, i, spec, sim):
                after = sim
                if opt is not None and jump:
                    after = dict(sim, area=opt)
                    if spec.params.get("wolf") and sim["wolf"] is not None:
                        after["wolf"] = opt
                elif opt is not None and wolf_move:
                    after = dict(sim, wolf=opt)
                nxt.append(((*acc, opt), after))
        level = nxt
    return [acc for acc, _ in level]
