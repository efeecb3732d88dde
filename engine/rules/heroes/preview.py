"""Previews of battle actions: what a player needs to know before committing.

``annotate(rules, state, seat, actions)`` returns one mapping per action. For an attack it gives
the exact distribution of the damage (the attack die, the ranged penalty's two dice, a defend
token's die, abilities that reroll or fix the die), the chance to flip a Pack and to defeat the
target, whether a retaliation follows and the exact distribution of its damage, and the terms of
the attack and defence values. Probabilities are exact fractions written as ``[num, den]``.
Refused actions carry the rule that refuses them. The scenes read this; they never re-derive a
rule.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Any

from engine.core.actions import Action, Breakdown, Message, Term
from engine.core.dice import combined_distribution, face_distribution, reroll_distribution
from engine.core.protocol import Odds, Preview
from engine.rules.heroes import board as B
from engine.rules.heroes import combat
from engine.rules.heroes import content as C
from engine.rules.heroes.moves import move_steps
from engine.rules.heroes.state import BattleState, Unit


def _frac(p: Fraction) -> list[int]:
    return [p.numerator, p.denominator]


def die_distribution(h: combat.Hit) -> dict[int, Fraction]:
    """Returns the exact distribution of a hit's resolved die (with rerolls, two dice, bonus)."""
    if h.fixed is not None:
        return {h.fixed + h.die_bonus: Fraction(1)}
    faces = combat.ATTACK_DIE
    # a face in the reroll set is rolled once more: each die behaves like that new die
    one = reroll_distribution(faces, h.reroll) if h.reroll else face_distribution(faces)
    if h.dice == 2:
        dist = combined_distribution([one, one], min if h.pick == "low" else max)
    else:
        dist = one
    return {k + h.die_bonus: v for k, v in sorted(dist.items())}


def _defend_die() -> dict[int, Fraction]:
    """Returns the defend token's die: 1 when the attack die shows +1 (seed: "the +1 roll")."""
    return combined_distribution([face_distribution(combat.ATTACK_DIE)],
                                 lambda faces: 1 if faces[0] == 1 else 0)


DEFEND_DIE = _defend_die()


def damage_distribution(h: combat.Hit) -> dict[int, Fraction]:
    """Returns the exact distribution of a hit's damage."""
    out: dict[int, Fraction] = {}
    defend = DEFEND_DIE if h.defend else {0: Fraction(1)}
    for die, p in die_distribution(h).items():
        for dd, q in defend.items():
            dmg, _ = combat.damage_of(h, die, dd)
            out[dmg] = out.get(dmg, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def _after_damage(u: Unit, dmg: int) -> Unit | None:
    """Returns a copy of ``u`` after ``dmg`` damage (None when defeated), without side effects."""
    c = u.clone()
    d = B.udef(u.did)
    c.damage += dmg
    while c.damage >= B.base(c).hp:
        if c.pack and d.pack is not None:
            c.damage -= d.pack.hp
            c.pack = False
            continue
        if B.traits(c).survive_once and not c.survived:
            c.damage = B.base(c).hp - 1
            c.survived = True
            break
        return None
    return c


def attack_preview(st: BattleState, a: Unit, t: Unit) -> dict[str, Any]:
    """Returns the preview of the active unit ``a`` attacking ``t``."""
    first = st.attacked == 0
    h = combat.prepare_hit(st, a, t, False, first)
    dist = damage_distribution(h)
    p_flip = Fraction(0)
    p_kill = Fraction(0)
    ret_dist: dict[int, Fraction] = {}
    p_ret = Fraction(0)
    retaliates = combat.may_retaliate(st, a, t, first) if not t.tower else False
    worse = first and B.traits(a).worse_retaliation
    for dmg, p in dist.items():
        after = _after_damage(t, dmg)
        if after is None:
            p_kill += p
            continue
        if t.pack and not after.pack:
            p_flip += p
        if retaliates:
            p_ret += p
            # the bonuses that expire with the first attack are gone for the retaliation
            after.bonuses = combat.kept_after_attack(after.bonuses, attacker=False)
            a2 = a.clone()
            a2.bonuses = combat.kept_after_attack(a2.bonuses, attacker=True)
            a2.fixed_die = None
            rh = combat.prepare_hit(st, after, a2, True, False, worse)
            for rd, q in damage_distribution(rh).items():
                ret_dist[rd] = ret_dist.get(rd, Fraction(0)) + p * q
    expected = sum((k * v for k, v in dist.items()), Fraction(0))
    atk_bd = Breakdown(Message("heroes.bd.attack_value", {}), h.attack, tuple(h.atk_terms))
    def_bd = Breakdown(Message("heroes.bd.defence_value", {}), h.defence,
                       tuple(Term(t.label, -t.value) for t in h.def_terms))
    out = {
        "attack_breakdown": atk_bd, "defence_breakdown": def_bd,
        "kind": "attack", "attacker": a.uid, "target": t.uid,
        "attack_terms": [term.to_json() for term in h.atk_terms],
        "defence_terms": [term.to_json() for term in h.def_terms],
        "attack": h.attack, "defence": h.defence, "dice": h.dice, "pick": h.pick,
        "fixed_die": h.fixed, "die_bonus": h.die_bonus, "penalty": h.pick == "low" and not worse,
        "protection": h.protection, "defend_die": h.defend,
        "die": {str(k): _frac(v) for k, v in die_distribution(h).items()},
        "damage": {str(k): _frac(v) for k, v in dist.items()},
        "expected_damage": float(expected),
        "p_flip": _frac(p_flip), "p_kill": _frac(p_kill),
        "retaliation": {"possible": retaliates, "probability": _frac(p_ret),
                        "damage": {str(k): _frac(v / p_ret) for k, v in sorted(ret_dist.items())}
                        if p_ret else {}},
    }
    return out


def window_preview(st: BattleState, attacker: int, target: int) -> dict[str, Any]:
    """Returns the preview of the attack waiting in a response window, as plain JSON (the
    cards played in the window change it; the view shows it beside the window)."""
    info = attack_preview(st, st.units[attacker], st.units[target])
    return {k: v for k, v in info.items() if k not in ("attack_breakdown", "defence_breakdown")}


def play_preview(st: BattleState, side: int, action: Action) -> dict[str, Any]:
    """Returns what a card play does: its timing, costs and, for damage, the result."""
    card = C.card(action["card"])
    mode = next(m for m in card.modes if m.id == action["mode"])
    out: dict[str, Any] = {"kind": "play", "card": card.id, "mode": mode.id,
                           "timing": mode.timing, "empower_cost": mode.cost,
                           "crown": mode.crown, "cast": mode.cast,
                           "text": dict(mode.text)}
    target = action.get("target", -1)
    if target >= 0:
        u = st.units[target]
        for spec in mode.effects:
            if spec.type == "damage":
                amount = int(spec.params["amount"])
                if card.kind in ("spell", "specialty"):
                    amount = max(0, amount - B.traits(u).spell_resist - u.ward)
                after = _after_damage(u, amount)
                out["damage"] = amount
                out["kills"] = after is None
                out["flips"] = after is not None and u.pack and not after.pack
    return out


def _odds(key: str, p: Fraction, **params: Any) -> Odds:
    """Returns an exact chance on the smallest common basis of rolls."""
    return Odds(Message(key, params), p.numerator, p.denominator)


def _common(dist: dict[str, list[int]]) -> int:
    out = 1
    for _, den in dist.values():
        out = lcm(out, den)
    return out


def to_preview(info: dict[str, Any]) -> Preview:
    """Returns the protocol's Preview of one action's information (kept whole in ``detail``)."""
    kind = info.get("kind")
    if kind == "attack":
        basis = _common(info["damage"])
        odds = [Odds(Message("heroes.odds.damage", {"damage": int(d)}), num * basis // den, basis)
                for d, (num, den) in info["damage"].items()]
        for key, value in (("heroes.odds.kill", info["p_kill"]),
                           ("heroes.odds.flip", info["p_flip"])):
            if value[0]:
                odds.append(_odds(key, Fraction(value[0], value[1])))
        ret = info["retaliation"]
        consequences = [Message("heroes.ev.declare", {"attacker": info["attacker"],
                                                      "target": info["target"]})]
        if ret["possible"] and ret["probability"][0]:
            odds.append(_odds("heroes.odds.retaliation", Fraction(*ret["probability"])))
            consequences.append(Message("heroes.ev.retaliate", {"unit": info["target"]}))
        breakdowns = (info["attack_breakdown"], info["defence_breakdown"])
        detail = {k: v for k, v in info.items()
                  if k not in ("attack_breakdown", "defence_breakdown")}
        return Preview(odds=tuple(odds), breakdowns=breakdowns,
                       consequences=tuple(consequences), detail=detail)
    if kind == "move":
        moved = Breakdown(Message("heroes.bd.movement", {}), info["distance"], ())
        return Preview(cost=(moved,), detail=info)
    if kind == "play":
        cost: list[Breakdown] = []
        if info["empower_cost"]:
            cost.append(Breakdown(Message("heroes.bd.empower_cost", {}), info["empower_cost"], ()))
        if info["crown"]:
            cost.append(Breakdown(Message("heroes.bd.crown", {}), 1, ()))
        consequences = [Message("heroes.ev.play", {"card": info["card"]})]
        if info["cast"]:
            consequences.append(Message("heroes.ev.cast", {"card": info["card"]}))
        if info.get("kills"):
            consequences.append(Message("heroes.ev.defeated", {}))
        elif info.get("flips"):
            consequences.append(Message("heroes.ev.flip", {}))
        return Preview(cost=tuple(cost), consequences=tuple(consequences), detail=info)
    return Preview(detail=info)


def annotate(rules: Any, st: BattleState, seat: int | None,
             actions: list[Action]) -> list[Preview]:
    """Returns one preview per action (a refused one names the rule that refuses it)."""
    out = []
    for action in actions:
        problem = rules._flow().check(rules, st, action)
        if problem is not None:
            out.append(Preview(refused=Message(problem[0], {}), detail={"detail": problem[1]}))
            continue
        out.append(to_preview(describe(rules, st, action)))
    return out


def describe(rules: Any, st: BattleState, action: Action) -> dict[str, Any]:
    """Returns what a legal action will do, as plain data (the previews' ``detail``)."""
    info: dict[str, Any] = {"kind": action.kind}
    if action.kind == "attack" and "target" in action.params:
        info.update(attack_preview(st, st.units[st.active], st.units[action["target"]]))
    elif action.kind == "attack":
        info.update({"kind": "wall", "col": action["wall"]})
    elif action.kind == "move":
        u = st.units[st.active]
        info["distance"] = B.reach(st, u, move_steps(st, u)).get(action["to"], 0)
        info["ranged_ends"] = B.utype(u) == "ranged"
    elif action.kind == "play":
        side = combat.side_of_seat(st, rules.current_actor(st))
        info.update(play_preview(st, side, action))
    return info
