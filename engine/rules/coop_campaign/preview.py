"""Previews: what an action costs and, for attacks, the exact expected damage per target zone.

For every attack in an action (the wolf's too) the preview lists each (enemy, zone) target with
the exact expected damage as it stands (empowered or not by the locked core), the same number
with and without empowerment, the exact chance to knock the zone out and the breakdown of the
attack strength; each of these once for the first roll and once with the attack's own rerolls
spent well (each reroll takes the lowest die again while that pays: for the damage the policy
with the highest expectation, for the knockout the one with the best chance; with several
targets, as if the rerolls were spent for that target alone). Rerolls that quick items could add
are counted in ``item_rerolls``, not folded in (using one spends the item).

``detail`` (JSON; fields are only ever added, never renamed):
``{"cost": n, "attacks": [{"dice", "rerolls", "item_rerolls", "wolf", "targets": [{"uid", "zone",
"dice", "rerolls", "empowered", "expected", "expected_plain", "expected_empowered",
"knockout": [ways, out_of], "expected_rerolls", "expected_plain_rerolls",
"expected_empowered_rerolls", "knockout_rerolls": [ways, out_of], "damage_exact": [num, den],
"damage_exact_rerolls": [num, den], "boss", "wins"}]}], "shots": [{"uid", "card", "zone",
"damage", "track", "boxes", "knockout", "defeats"}]}`` — ``boss``: the target is the boss of a
boss tile, ``wins``: knocking the zone out defeats it and wins the tile (a consequence
``coop.pv.boss_win`` gives the chance); ``shots`` only for an action with a fixed-damage shot
(the ballista: certain numbers, no dice); expectations rounded to 3 decimals, ``out_of`` =
6^dice for the first roll and 6^(dice + rerolls) with rerolls, ``damage_exact`` the expectation
as an exact fraction. ``odds`` and ``breakdowns`` hold one entry per target row, in order (first
roll).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from engine.core.actions import Action, Breakdown, Message, Term
from engine.core.protocol import NO_PREVIEW, Odds, Preview
from engine.rules.coop_campaign import boss as B
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


@cache
def face_values(emp: bool, light: str) -> tuple[int, int, int]:
    """Returns how many faces of the attack die are worth 0, 1 and 2 against a zone: a sword
    counts, a comet only when empowered, lightning as the rider says (seed 001, 3.2.3)."""
    counts = [0, 0, 0]
    for f in T.ATTACK_FACES:
        v = f.count("S") + (f.count("C") if emp else 0)
        if f == "L" and (light == "sword" or (light == "comet" and emp)):
            v += 1
        counts[v] += 1
    return counts[0], counts[1], counts[2]


@cache
def _rolls(dice: int, faces: tuple[int, int, int]) -> tuple[tuple[int, int, int, int], ...]:
    """Returns every roll of ``dice`` dice as (dice worth 0, 1, 2, ways out of 6^dice)."""
    out = []
    fact = [1]
    for k in range(1, dice + 1):
        fact.append(fact[-1] * k)
    for n2 in range(dice + 1):
        for n1 in range(dice - n2 + 1):
            n0 = dice - n1 - n2
            ways = fact[dice] // (fact[n0] * fact[n1] * fact[n2])
            out.append((n0, n1, n2, ways * faces[0] ** n0 * faces[1] ** n1 * faces[2] ** n2))
    return tuple(out)


@cache
def expectation(dice: int, rerolls: int, faces: tuple[int, int, int], offset: int,
                need: int) -> tuple[int, int, int]:
    """Returns (damage × ways, knockout ways, out_of) of an attack on a zone, exact: the dice's
    worth plus ``offset`` (bonus swords minus the shield) is the damage, at most ``need``
    (overflow is lost). With rerolls each reroll takes the lowest die again, the new result
    binding (seed 001, 3.2.3), and stops when another reroll would not pay: for the damage the
    policy with the highest expectation, for the knockout the one with the highest chance
    (out_of is 6^(dice + rerolls) for both)."""
    dmg_memo: dict[tuple[int, int, int, int], int] = {}
    ko_memo: dict[tuple[int, int, int, int], int] = {}

    def worth(n1: int, n2: int) -> tuple[int, int]:
        dmg = n1 + 2 * n2 + offset
        return (dmg if dmg < need else need) if dmg > 0 else 0, 1 if dmg >= need else 0

    def best(n0: int, n1: int, n2: int, r: int) -> tuple[int, int]:
        # (damage, knockout) × 6^r with r rerolls left, each under its own best policy
        key = (n0, n1, n2, r)
        if key in dmg_memo:
            return dmg_memo[key], ko_memo[key]
        d, k = worth(n1, n2)
        scale = 6 ** r
        d *= scale
        k *= scale
        if r and (n0 or n1):
            rd = rk = 0
            for v, count in enumerate(faces):
                if not count:
                    continue
                # the lowest die is taken out and comes back worth v
                m = [n0, n1, n2]
                m[0 if n0 else 1] -= 1
                m[v] += 1
                nd, nk = best(m[0], m[1], m[2], r - 1)
                rd += count * nd
                rk += count * nk
            d = max(d, rd)
            k = max(k, rk)
        dmg_memo[key] = d
        ko_memo[key] = k
        return d, k

    total = ko = 0
    for n0, n1, n2, ways in _rolls(dice, faces):
        d, k = best(n0, n1, n2, rerolls)
        total += ways * d
        ko += ways * k
    return total, ko, 6 ** (dice + rerolls)


def _setup(st: MissionState, i: int, weapon: str, kw: dict[str, Any], atype: str, uid: int,
           z: int, tile: str, targets: int) -> tuple[Any, ...]:
    """Returns (dice, rerolls, bonus, shield, light, weapon comets, need, zone) of an attack
    on one zone, as begin_attack and strength_against will count them."""
    h = st.heroes[i]
    wd = T.weapon_def(weapon)
    basic = kw.get("basic", False)
    dice = kw.get("fixed_dice", 0) or (wd.dice + kw.get("dice", 0))
    e = st.enemy(uid)
    zone = T.edef(e).zones[z]
    iso = T.isolated(st, e)
    bonus = kw.get("swords", 0) + (kw.get("isolated_swords", 0) + wd.isolated_swords
                                   if iso else 0)
    if targets > 1:
        bonus += wd.aoe_swords
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
    return (max(0, dice), rerolls, bonus, shield, light, wd.empowered_comets,
            zone.boxes - e.damage[z], zone)


def _numbers(dice: int, rerolls: int, bonus: int, shield: int, light: str, ecomets: int,
             need: int, emp: bool) -> tuple[int, int, int]:
    faces = face_values(emp, light)
    return expectation(dice, rerolls, faces, bonus - shield + (ecomets if emp else 0), need)


def attack_value_numbers(st: MissionState, i: int, weapon: str, kw: dict[str, Any], atype: str,
                         core: str | None, uid: int, z: int,
                         tile: str = "", targets: int = 1) -> tuple[float, int, int, int]:
    """Returns (expected damage of the first roll, rerolls, knockout ways, out_of): the
    numbers the bot weighs, without the preview's breakdown."""
    dice, rerolls, bonus, shield, light, ecomets, need, zone = _setup(
        st, i, weapon, kw, atype, uid, z, tile, targets)
    emp = not kw.get("basic", False) and T.empowered(zone, core, kw.get("prismatic", False))
    total, ko, out_of = _numbers(dice, 0, bonus, shield, light, ecomets, need, emp)
    return round(total / out_of, 3), rerolls, ko, out_of


def attack_numbers(st: MissionState, i: int, weapon: str, kw: dict[str, Any], atype: str,
                   core: str | None, uid: int, z: int, tile: str = "",
                   targets: int = 1) -> dict[str, Any]:
    """Returns the expected damage of an attack on one zone, with and without empowerment,
    for the first roll and with the attack's rerolls spent well."""
    dice, rerolls, bonus, shield, light, ecomets, need, zone = _setup(
        st, i, weapon, kw, atype, uid, z, tile, targets)
    basic = kw.get("basic", False)
    emp = not basic and T.empowered(zone, core, kw.get("prismatic", False))
    # a frameless zone is never empowered (seed 001, 3.2.4): its "empowered" numbers are plain
    can = zone.style != "frameless"
    plain = _numbers(dice, 0, bonus, shield, light, ecomets, need, False)
    strong = _numbers(dice, 0, bonus, shield, light, ecomets, need, True) if can else plain
    plain_r = _numbers(dice, rerolls, bonus, shield, light, ecomets, need, False)
    strong_r = _numbers(dice, rerolls, bonus, shield, light, ecomets, need, True) if can \
        else plain_r
    now, now_r = (strong, strong_r) if emp else (plain, plain_r)
    expected = round(now[0] / now[2], 3)
    return {"uid": uid, "zone": z, "dice": dice, "rerolls": rerolls, "empowered": emp,
            "expected": expected, "expected_plain": round(plain[0] / plain[2], 3),
            "expected_empowered": round(strong[0] / strong[2], 3),
            "knockout": [now[1], now[2]],
            "expected_rerolls": round(now_r[0] / now_r[2], 3),
            "expected_plain_rerolls": round(plain_r[0] / plain_r[2], 3),
            "expected_empowered_rerolls": round(strong_r[0] / strong_r[2], 3),
            "knockout_rerolls": [now_r[1], now_r[2]],
            "damage_exact": [now[0], now[2]], "damage_exact_rerolls": [now_r[0], now_r[2]],
            "breakdown": expected_breakdown(uid, z, dice, bonus, shield, zone.shield, light,
                                            ecomets if emp else 0, need, emp)}


def expected_breakdown(uid: int, z: int, dice: int, bonus: int, shield: int, printed: int,
                       light: str, ecomets: int, need: int, emp: bool) -> Breakdown:
    """Returns the breakdown of the first roll's expected damage on a zone, every term exact
    and the terms adding up to the total: the dice's mean, the bonus swords, the weapon's
    comets, the shield, then what the track does to the sum: a roll below the shield deals 0,
    not less, and damage beyond the zone's empty boxes is lost (seed 001, 3.2.3: "überschüssiger
    Schaden … immer „verloren“")."""
    offset = bonus + ecomets - shield
    below = over = Fraction(0)
    out_of = 6 ** dice
    for _n0, n1, n2, ways in _rolls(dice, face_values(emp, light)):
        raw = n1 + 2 * n2 + offset
        if raw < 0:
            below += ways * -raw
        elif raw > need:
            over += ways * (raw - need)
    below /= out_of
    over /= out_of
    mean = dice_mean(dice, emp, light)
    total = mean + offset + below - over
    terms = [Term(Message("coop.bd.dice", {"dice": dice}), float(mean))]
    if bonus:
        terms.append(Term(Message("coop.bd.bonus_swords"), bonus))
    if ecomets:
        terms.append(Term(Message("coop.bd.weapon_comets"), ecomets))
    if printed:
        terms.append(Term(Message("coop.bd.pierced" if not shield else "coop.bd.shield"),
                          -shield))
    if below:
        terms.append(Term(Message("coop.bd.not_below_zero"), float(below)))
    if over:
        terms.append(Term(Message("coop.bd.overflow"), -float(over)))
    return Breakdown(Message("coop.bd.expected", {"uid": uid, "zone": z}), float(total),
                     tuple(terms)).rounded(3)


def item_rerolls(st: MissionState, i: int) -> int:
    """Returns the rerolls hero i's quick items could add to an attack (each spends its item)."""
    h = st.heroes[i]
    total = 0
    for card in h.items:
        d = C.card_item(card)
        if d.quick and card not in h.exhausted:
            total += sum(int(e.params.get("count", 1)) for e in d.use if e.type == "reroll_die")
    return total


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
        sd = T.standard_def(st, h, action["action"])
        return "standard", sd.effects, "ability", T.core(h), ""
    d = C.card_item(action["item"])
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
        n = T.standard_cost(h, action["action"], st.tile)
        cost = (Breakdown(Message("coop.bd.cost"), n,
                          (Term(Message("coop.bd.standard"), n),)),)
    attacks = []
    shots: list[dict[str, Any]] = []
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
                                   use_core, uid, z, tile, len(targets)) for uid, z in targets]
            for r in rows:
                breakdowns.append(r.pop("breakdown"))
                odds.append(Odds(Message("coop.pv.knockout", {"uid": r["uid"],
                                                              "zone": r["zone"]}),
                                 r["knockout"][0], r["knockout"][1]))
                e = st.enemy(r["uid"])
                r["boss"] = B.is_boss(st, e)
                r["wins"] = r["boss"] and T.edef(e).zones[r["zone"]].final == "skull"
                if r["wins"]:  # spec §8: defeating the boss wins the tile
                    consequences.append(Message("coop.pv.boss_win", {
                        "uid": r["uid"], "ways": r["knockout"][0], "out_of": r["knockout"][1]}))
            attacks.append({"dice": rows[0]["dice"] if rows else 0,
                            "rerolls": rows[0]["rerolls"] if rows else 0,
                            "item_rerolls": item_rerolls(st, st.active), "wolf": False,
                            "targets": rows})
        elif spec.type == "wolf_attack" and pick is not None:
            # the wolf's attack: fixed dice, the hero's locked core, no weapon and no rerolls
            kw = {"fixed_dice": int(spec.params.get("dice", 2))}
            row = attack_numbers(st, st.active, "unarmed", kw, "melee", core, pick[0], pick[1])
            breakdowns.append(row.pop("breakdown"))
            odds.append(Odds(Message("coop.pv.knockout", {"uid": row["uid"],
                                                          "zone": row["zone"]}),
                             row["knockout"][0], row["knockout"][1]))
            attacks.append({"dice": row["dice"], "rerolls": 0, "item_rerolls": 0, "wolf": True,
                            "targets": [row]})
        elif spec.type == "zone_damage" and pick is not None:
            row = shot_numbers(st, int(spec.params["amount"]), pick[0], pick[1])
            breakdowns.append(row.pop("breakdown"))
            shots.append(row)
            name = dict(T.card_enemy(row["card"]).name)
            consequences.append(Message("coop.pv.shot", {
                "uid": row["uid"], "card": row["card"], "card_name": name,
                "zone": row["zone"], "zone_no": row["zone"] + 1, "damage": row["damage"],
                "track": row["track"], "boxes": row["boxes"]}))
            if row["defeats"]:
                consequences.append(Message("coop.pv.shot_defeats", {
                    "uid": row["uid"], "card": row["card"], "card_name": name}))
        elif spec.type == "jump" and pick is not None:
            consequences.append(Message("coop.pv.jump", {"to": pick,
                                                         "to_name": area_names(st.tile)[pick]}))
        elif pick is None and spec.type in ("attack", "jump", "basic_attack", "zone_damage"):
            consequences.append(Message("coop.pv.skipped", {"effect": spec.type}))
    if source == "tile":
        consequences.append(Message("coop.pv.core_next", {"core": T.side(h, tile).element}))
    detail: dict[str, Any] = {"cost": n, "attacks": attacks}
    if shots:
        detail["shots"] = shots
    return Preview(cost=cost, odds=tuple(odds), breakdowns=tuple(breakdowns),
                   consequences=tuple(consequences), detail=detail)


def shot_numbers(st: MissionState, amount: int, uid: int, z: int) -> dict[str, Any]:
    """Returns what a fixed-damage shot does to a zone: certain numbers, no dice (the damage,
    the track after it, whether the zone is knocked out and the enemy defeated) and the
    breakdown of the damage (the fixed amount, the overflow lost)."""
    e = st.enemy(uid)
    zone = T.edef(e).zones[z]
    left = zone.boxes - e.damage[z]
    damage = min(amount, left)
    out = damage == left
    terms = [Term(Message("coop.bd.fixed"), amount)]
    if amount > left:
        terms.append(Term(Message("coop.bd.overflow"), left - amount))
    return {"uid": uid, "card": e.card, "zone": z, "damage": damage,
            "track": e.damage[z] + damage, "boxes": zone.boxes, "knockout": out,
            "defeats": out and zone.final == "skull",
            "breakdown": Breakdown(Message("coop.bd.expected", {"uid": uid, "zone": z}),
                                   damage, tuple(terms))}


def annotate(rules: Any, st: MissionState, actions: list[Action]) -> list[Preview]:
    """Returns one preview per action."""
    if st.flow.phase != HEROES or st.flow.stack or st.active < 0:
        return [NO_PREVIEW] * len(actions)
    return [preview_action(st, a) if a.kind in ("play", "standard", "use", "end")
            else NO_PREVIEW for a in actions]
