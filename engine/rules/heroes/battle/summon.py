"""Summoning in battle (seed 002, "Beschwören"; spec §18.4).

Seed: "Es können keine neutralen Einheiten beschworen werden. Platziere die beschworene Einheit
angrenzend zur beschwörenden Einheit. Beschworene Einheiten werden in der Kampfrunde, in der sie
beschworen wurden, noch aktiviert, wenn ihr Initiativwert höchstens dem der gerade aktivierten
Einheit entspricht. Anderenfalls gilt die Einheit diese Kampfrunde als bereits aktiviert. Nach
dem Kampf werden (wenn nicht anders beschrieben) beschworene Einheiten deinem Einheitendeck
hinzugefügt."

The summoner is the unit whose activation the card is played in (summoning cards are activation
cards). The summoned unit is a faction unit of the summoning side's faction of the card's tier
that the side does not own yet (a unit card exists once); the first in the faction's order is
taken. With no free adjacent square, or no such unit, the summon fails (spec AMB-96). A summoned
unit is one more unit of the side, so a won or lost battle hands it back with the survivors
(``result``): it joins the unit deck.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.rules.heroes import board as B
from engine.rules.heroes import content as C
from engine.rules.heroes.battle.setup import add_unit
from engine.rules.heroes.state import BattleState, Unit


def summon_candidates(st: BattleState, side: int, tier: str) -> list[str]:
    """Returns the faction units of ``tier`` the side may summon, in the faction's order (never
    a neutral unit: seed "Es können keine neutralen Einheiten beschworen werden")."""
    faction = st.sides[side].faction
    if not faction or st.sides[side].neutral:
        return []
    owned = {u.did for u in st.units if u.side == side}
    return [uid for uid in C.faction(faction).units
            if C.unit(uid).role == "faction" and C.unit(uid).tier == tier and uid not in owned]


def summon_squares(st: BattleState, summoner: Unit) -> list[int]:
    """Returns the empty squares next to the summoner, in square order."""
    if summoner.sq < 0:
        return []
    free = B.free_squares(st)
    return [sq for sq in sorted(B.ADJACENT[summoner.sq]) if free[sq]]


def summon(st: BattleState, side: int, tier: str, ev: list[Event],
           square: int | None = None) -> Unit | None:
    """Summons a unit for ``side`` next to the active unit; returns it, or None when the summon
    fails (no active own unit, nothing to summon, or no free adjacent square)."""
    if st.active < 0 or st.units[st.active].side != side:
        ev.append(Event("heroes.ev.summon_no_summoner", {"side": side}))
        return None
    summoner = st.units[st.active]
    units = summon_candidates(st, side, tier)
    squares = summon_squares(st, summoner)
    if not units or not squares:
        key = "heroes.ev.summon_no_unit" if not units else "heroes.ev.summon_no_space"
        ev.append(Event(key, {"side": side}))
        return None
    sq = square if square in squares else squares[0]
    u = add_unit(st, units[0], side, False)
    u.sq = sq
    u.deployed = True
    # the initiative rule: it still activates this round only when its initiative is at most
    # the active unit's; otherwise it counts as already activated
    u.acted = B.initiative(u) > B.initiative(summoner)
    ev.append(Event("heroes.ev.summon", {"side": side, "unit": u.uid, "did": u.did, "sq": sq,
                                         "by": summoner.uid, "acts": not u.acted}))
    return u


def summon_unit(ctx: Any, tier: str) -> None:
    """The card effect ``summon`` (engine/rules/heroes/expansiondefs.py) through the card
    context of engine/rules/heroes/cards.py."""
    summon(ctx.st, ctx.side, tier, ctx.ev)
