"""The view of a battle: what a seat may see, in the form a combat-board scene draws from.

Layout (docs/heroes/view.md describes every field): board geometry, units with both sides'
printed values and their current values, walls, the initiative order still to come this round,
both heroes (hands only for their own seat), the pending decision, and for the seat that acts
the reachable squares and legal targets of the active unit.
"""

from __future__ import annotations

from typing import Any

from engine.rules.heroes import board as B
from engine.rules.heroes import combat
from engine.rules.heroes.moves import attack_targets, move_steps
from engine.rules.heroes.preview import window_preview
from engine.rules.heroes.state import BATTLE, REROLL, RESPOND, BattleState, Unit, bottom_first


def _stats(s: Any) -> dict[str, int] | None:
    if s is None:
        return None
    return {"attack": s.attack, "defence": s.defence, "hp": s.hp, "initiative": s.initiative}


def unit_view(st: BattleState, u: Unit) -> dict[str, Any]:
    """Returns one unit as the scene shows it."""
    d = B.udef(u.did)
    t = B.traits(u)
    return {
        "uid": u.uid, "unit": u.did, "side": u.side, "role": d.role, "tier": d.tier,
        "type": d.type, "face": "pack" if u.pack else ("few" if d.pack is not None else "single"),
        "square": u.sq, "row": B.row(u.sq) if u.sq >= 0 else -1,
        "col": B.col(u.sq) if u.sq >= 0 else -1, "alive": u.alive, "deployed": u.deployed,
        "tower": u.tower,
        "printed": {"few": _stats(d.few), "pack": _stats(d.pack)},
        "attack": B.attack_value(u), "defence": B.defence_value(u),
        # a defeated unit's overkill is no negative health (the panel said "health left -2")
        "initiative": B.initiative(u), "hp": B.base(u).hp, "damage": u.damage,
        "hp_left": max(0, B.hp_left(u)), "total_hp_left": max(0, B.total_hp_left(u)),
        "activated": u.acted, "retaliated": u.retaliated, "paralysed": u.paralysed,
        "defending": u.defending, "defended_last": u.defended_last,
        "unlimited_retaliation": t.unlimited_retaliation, "no_retaliation_round": u.no_ret,
        "fixed_die": u.fixed_die, "spell_ward": u.ward, "defence_lost": u.def_cut,
        "bonuses": [{"attack": b[0], "defence": b[1], "initiative": b[2], "until": b[3],
                     "card": b[4], "by_side": b[5]} for b in u.bonuses],
        "abilities": [i for i, ab in enumerate(d.abilities)
                      if d.role != "faction" or ab.side in ("both", "pack" if u.pack
                                                             else "few")],
    }


def initiative_track(st: BattleState) -> list[int]:
    """Returns the uids of the units still to activate this round, in order (ties broken by
    the alternation rule; a side's own tie stays in uid order until its player chooses)."""
    rest = [u for u in st.units if u.alive and u.deployed and not u.acted]
    out: list[int] = []
    tie = list(st.tie)
    while rest:
        best = max(B.initiative(u) for u in rest)
        group = [u for u in rest if B.initiative(u) == best]
        sides = {u.side for u in group}
        if len(sides) == 2:
            side = 1 - tie[1] if tie[0] == best and tie[1] >= 0 else 0
            group = [u for u in group if u.side == side]
        u = group[0]
        out.append(u.uid)
        tie = [best, u.side]
        rest.remove(u)
    return out


def side_view(st: BattleState, i: int, seat: int | None) -> dict[str, Any]:
    """Returns a side: its hero and what of its cards ``seat`` may see."""
    s = st.sides[i]
    own = seat is not None and s.seat == seat
    out: dict[str, Any] = {
        "side": i, "seat": s.seat, "hero": s.hero, "faction": s.faction, "level": s.level,
        "crowns": s.crowns, "hand": s.hand[:] if own else None, "hand_count": len(s.hand),
        "deck_count": s.deck.draw_count(), "discard": bottom_first(s.deck.discard_pile),
        "in_play": s.in_play[:],
        "empower": s.empower, "spells_cast": s.spells, "spell_limit": s.spell_limit,
        "neutral": s.neutral, "gold": s.gold, "mp": s.mp, "town": s.town,
        "marksmanship": s.ranged_bonus, "automatic": s.seat is None,
    }
    if s.bot is not None:
        # a bot hero's decks (the solo campaign): the cards left face down, those used face up
        out["bot"] = {"name": dict(s.bot.name), "difficulty": s.bot.difficulty,
                      "cards_left": s.bot.cards.draw_count(),
                      "used": bottom_first(s.bot.cards.discard_pile),
                      "spells_left": s.bot.spells.draw_count(),
                      "spells_used": bottom_first(s.bot.spells.discard_pile)}
    return out


def battle_view(rules: Any, st: BattleState, seat: int | None) -> dict[str, Any]:
    """Returns the battle as ``seat`` may see it."""
    actor = rules.current_actor(st)
    out: dict[str, Any] = {
        "game": "heroes_battle", "seat": seat, "actor": actor, "phase": st.flow.phase,
        "step": st.phase, "round": st.round, "max_rounds": st.max_rounds,
        "kind": st.spec.get("kind", "field"), "time_limit": combat.time_limited(st),
        "board": {"cols": B.COLS, "rows": B.ROWS, "middle": B.MIDDLE,
                  "deploy": [list(B.deploy_squares(0)), list(B.deploy_squares(1))]},
        "walls": list(st.walls), "active": st.active, "moved": st.moved,
        "attacked": st.attacked, "extra_move": st.extra_move,
        "units": [unit_view(st, u) for u in st.units],
        "order": initiative_track(st) if st.flow.phase == BATTLE else [],
        "sides": [side_view(st, i, seat) for i in range(len(st.sides))],
        "deploying": st.deploying, "winner": st.winner, "reason": st.reason,
        "defeated": st.defeated[:],
        "prompt": rules.prompt(st).to_json() if actor is not None else None,
        "pending": None,
    }
    top = st.flow.top
    if top is not None:
        out["pending"] = {"kind": top.kind, "seats": list(top.seats), "at": top.at,
                          "data": list(top.data) if top.kind not in (RESPOND, REROLL) else
                          {"attacker": top.data[0] if top.data[2] == combat.HIT else top.data[1],
                           "target": top.data[1] if top.data[2] == combat.HIT else top.data[0],
                           "retaliation": top.data[2] != combat.HIT}}
        if top.kind == REROLL:  # the attack dice just rolled, waiting for a morale reroll
            out["pending"]["data"]["dice"] = list(top.data[6])
        if top.kind == RESPOND and top.data[2] == combat.HIT \
                and bool(top.data[3]) == (st.attacked == 0):
            # the declared attack's exact preview (not for a retaliation, which the attack's
            # own preview already described, nor for a second strike)
            data = out["pending"]["data"]
            data["preview"] = window_preview(st, data["attacker"], data["target"])
    if actor is not None and seat == actor and st.active >= 0 and not st.flow.stack:
        u = st.units[st.active]
        steps = move_steps(st, u)
        units, walls = attack_targets(st, u)
        out["reach"] = sorted(B.reach(st, u, steps)) if steps else []
        out["targets"] = units
        out["wall_targets"] = walls
    return out
