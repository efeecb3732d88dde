"""Previews: what an action costs and, for attacks, the exact expected damage per target zone.

For every attack in an action the preview lists each (enemy, zone) target with the expected
damage as it stands (empowered or not by the locked core), the same number with and without
empowerment, the exact chance to knock the zone out (ways out of 6^dice) and the breakdown of
the attack strength. Rerolls are counted in the detail; the expectation is for the first roll.
``detail`` (JSON): ``{"cost": n, "attacks": [{"dice", "rerolls", "targets": [{"uid", "zone",
"empowered", "expected", "expected_plain", "expected_empowered", "knockout": [ways, out_of]}]}]}``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from engine.core.actions import Action, Breakdown, Message, Term
from engine.core.protocol import NO_PREVIEW, Odds, Preview
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign import tableau as T
from engine.rules.coop_campaign.names import area_names
from engine.rules.coop_campaign.state import HEROES, MissionState

_FACE_COUNTS = {"S": (1, 0, 0), "SC": (1, 1, 0), "C": (0, 1, 0), "L": (0, 0, 1)}


@cache
def dice_ways(n: int) -> dict[tuple[int, int, int], int]:
    """Returns the ways (out of 6^n) of each (swords, comets, lightning) total of n dice."""
    dist = {(0, 0, 0): 1}
    for _ in range(n):
        nxt: dict[tuple[int, int, int], int] = {}
        for (s, c, lt), w in dist.items():
            for face in T.ATTACK_FACES:
                ds, dc, dl = _FACE_COUNTS[face]
                key = (s + ds, c + dc, lt + dl)
                nxt[key] = nxt.get(key, 0) + w
        dist = nxt
    return dict(sorted(dist.items()))


def attack_numbers(st: MissionState, i: int, weapon: str, kw: dict[str, Any], atype: str,
                   core: str | None, uid: int, z: int, tile: str = "") -> dict[str, Any]:
    """Returns the expected damage of an attack on one zone, with and without empowerment."""
    h = st.heroes[i]
    wd = T.weapon_def(weapon)
    basic = kw.get("basic", False)
    dice = kw.get("fixed_dice", 0) or (wd.dice + kw.get("dice", 0))
    e = st.enemy(uid)
    zone = T.edef(e).zones[z]
    iso = T.isolated(st, e)
    bonus = kw.get("swords", 0) + (kw.get("isolated_swords", 0) + wd.isolated_swords
                                   if iso else 0)
    pierce = kw.get("pierce", False) or (kw.get("isolated_pierce", False) and iso) or (
        basic and wd.basic_pierce)
    rerolls = kw.get("rerolls", 0) + wd.rerolls + (wd.ranged_rerolls if atype == "ranged"
                                                   else wd.melee_rerolls)
    if h.poison is not None and tile and h.poison[0] == tile:
        bonus += h.poison[1]
        rerolls += h.poison[2]
        pierce = pierce or bool(h.poison[3])
    light = kw.get("lightning", "none")
    if light == "none":
        light = wd.lightning
    shield = 0 if pierce else zone.shield
    need = zone.boxes - e.damage[z]
    out_of = 6 ** dice

    def expect(emp: bool) -> tuple[Fraction, int]:
        total = 0  # ways × damage, exact in integers (a Fraction per outcome is slow)
        ko = 0
        for (s, c, lt), w in dice_ways(dice).items():
            strength = s + bonus + (lt if light == "sword" else 0)
            if emp:
                strength += c + (lt if light == "comet" else 0) + wd.empowered_comets
            dmg = strength - shield
            if dmg > 0:
                total += w * (dmg if dmg < need else need)
            if dmg >= need:
                ko += w
        return Fraction(total, out_of), ko

    emp = not basic and T.empowered(zone, core, kw.get("prismatic", False))
    plain, ko_plain = expect(False)
    strong, ko_strong = expect(True) if zone.style != "frameless" else (plain, ko_plain)
    terms = [Term(Message("coop.bd.dice", {"dice": dice}), float(dice_mean(dice, emp, light))),
             Term(Message("coop.bd.bonus_swords"), bonus)]
    if shield:
        terms.append(Term(Message("coop.bd.shield"), -shield))
    now = strong if emp else plain
    return {"uid": uid, "zone": z, "dice": dice, "rerolls": rerolls, "empowered": emp,
            "expected": round(float(now), 3), "expected_plain": round(float(plain), 3),
            "expected_empowered": round(float(strong), 3),
            "knockout": [ko_strong if emp else ko_plain, out_of],
            "breakdown": Breakdown(Message("coop.bd.expected", {"uid": uid, "zone": z}),
                                   round(float(now), 3), tuple(terms))}


def dice_mean(n: int, emp: bool, light: str) -> Fraction:
    """Returns the mean strength the dice alone give (swords, comets if empowered)."""
    per = Fraction(4, 6) + (Fraction(1, 6) if light == "sword" else 0)
    if emp:
        per += Fraction(3, 6) + (Fraction(1, 6) if light == "comet" else 0)
    return per * n


def _effects(st: MissionState, action: Action) -> tuple[str, Any, str, str | None, str]:
    h = st.heroes[st.active]
    if action.kind == "play":
        s = T.side(h, action["tile"])
        return "tile", s.effects, s.type, T.core(h), action["tile"]
    if action.kind == "standard":
        sd = next(x for x in C.hero(h.hid).standard if x.id == action["action"])
        return "standard", sd.effects, "ability", T.core(h), ""
    d = C.item(C.card_def(action["item"]))
    return "item", d.use, "ability", None, ""


def preview_action(st: MissionState, action: Action) -> Preview:
    """Returns the preview of a hero-phase action."""
    h = st.heroes[st.active]
    if action.kind == "end":
        return Preview(consequences=(Message("coop.pv.end", {"mana": h.mana}),))
    source, effects, atype, core, tile = _effects(st, action)
    cost: tuple[Breakdown, ...] = ()
    n = 0
    if source == "tile":
        slot = h.river.index(tile)
        base, mod = T.tile_cost(h, slot)
        n = base + mod
        cost = (Breakdown(Message("coop.bd.cost"), n,
                          (Term(Message("coop.bd.slot", {"slot": slot + 1}), base),
                           Term(Message("coop.bd.ultimate"), mod))),)
    elif source == "standard":
        n = T.standard_cost(h, action["action"])
        cost = (Breakdown(Message("coop.bd.cost"), n,
                          (Term(Message("coop.bd.standard"), n),)),)
    attacks = []
    odds: list[Odds] = []
    breakdowns: list[Breakdown] = []
    consequences: list[Message] = []
    picks = action["picks"]
    for k, spec in enumerate(effects):
        pick = picks[k] if k < len(picks) else None
        if spec.type in ("attack", "basic_attack") and pick is not None:
            weapon, targets = pick
            kw = dict(spec.params)
            kw["basic"] = spec.type == "basic_attack"
            use_core = None if kw["basic"] else core
            rows = [attack_numbers(st, st.active, weapon, kw, "melee" if kw["basic"] else atype,
                                   use_core, uid, z, tile) for uid, z in targets]
            for r in rows:
                breakdowns.append(r.pop("breakdown"))
                odds.append(Odds(Message("coop.pv.knockout", {"uid": r["uid"],
                                                              "zone": r["zone"]}),
                                 r["knockout"][0], r["knockout"][1]))
            attacks.append({"dice": rows[0]["dice"] if rows else 0,
                            "rerolls": rows[0]["rerolls"] if rows else 0, "targets": rows})
        elif spec.type == "jump" and pick is not None:
            consequences.append(Message("coop.pv.jump", {"to": pick,
                                                         "to_name": area_names(st.tile)[pick]}))
        elif pick is None and spec.type in ("attack", "jump", "basic_attack"):
            consequences.append(Message("coop.pv.skipped", {"effect": spec.type}))
    if source == "tile":
        consequences.append(Message("coop.pv.core_next", {"core": T.side(h, tile).element}))
    return Preview(cost=cost, odds=tuple(odds), breakdowns=tuple(breakdowns),
                   consequences=tuple(consequences),
                   detail={"cost": n, "attacks": attacks})


def annotate(rules: Any, st: MissionState, actions: list[Action]) -> list[Preview]:
    """Returns one preview per action."""
    if st.flow.phase != HEROES or st.flow.stack or st.active < 0:
        return [NO_PREVIEW] * len(actions)
    return [preview_action(st, a) if a.kind in ("play", "standard", "use", "end")
            else NO_PREVIEW for a in actions]
