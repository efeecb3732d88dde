"""Content schemas and effect types of the seed's expansion rules (seed 002, "Spielregeln aus
Erweiterungen"; spec §18, §19.5–19.6): event cards, war machines with their two prices, the
empowered statistic cards, and the map effects of the expansion locations.

The content lives in ``data/heroes/expansion/``; the rules are
engine/rules/heroes/adventure/expansion.py (the map) and engine/rules/heroes/battle/summon.py
(summoning in battle). docs/heroes/rules.md ("Expansion rules") records every decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from engine.content.schema import Effect, Range, Ref, Text, content_kind
from engine.rules.heroes.defs import CostDef
from engine.rules.heroes.effects import _card
from engine.rules.heroes.mapeffects import MapCtx, _map

GAME = "heroes"

STAT_KINDS: tuple[str, ...] = ("attack", "defence", "power", "knowledge")


@content_kind(GAME, "event")
@dataclass(frozen=True, slots=True)
class EventDef:
    """An event card (seed "Ereigniskarten": name, background story, effect).

    ``effects`` are map effect records (engine/rules/heroes/mapeffects.py); ``who`` says whether
    every player resolves them in player order from the drawer (``all``) or the drawer alone.
    """

    id: str
    name: Text
    story: Text
    text: Text
    effects: tuple[Effect, ...]
    who: Literal["all", "drawer"] = "all"
    copies: Annotated[int, Range(1, 3)] = 1


@content_kind(GAME, "war_machine")
@dataclass(frozen=True, slots=True)
class WarMachineDef:
    """A war machine (seed "Kriegsmaschinen": name, effect, factory cost, trading-post cost).

    ``card`` is the permanent card the buyer gains; ``factory`` the lower price at a war machine
    factory, ``post`` the higher one at a trading post.
    """

    id: str
    card: Annotated[str, Ref("card")]
    factory: CostDef
    post: CostDef

    def __post_init__(self) -> None:
        f, p = self.factory, self.post
        if (f.gold, f.materials, f.valuables) == (p.gold, p.materials, p.valuables) or \
                p.gold < f.gold or p.materials < f.materials or p.valuables < f.valuables:
            raise ValueError("the trading post's price is the higher one (seed "
                             "\"Kriegsmaschinen\")")


@content_kind(GAME, "empowered_stat")
@dataclass(frozen=True, slots=True)
class EmpoweredStatDef:
    """Which empowered statistic card stands for a statistic (seed "Verstärkte
    Statistikkarten"); the Star Axis swaps one for the other."""

    id: str
    card: Annotated[str, Ref("card")]

    def __post_init__(self) -> None:
        if self.id not in STAT_KINDS:
            raise ValueError(f"the id names a statistic: one of {', '.join(STAT_KINDS)}")


# --- map effects of the expansion locations (seed "Alle Orte der Abenteuerkarte") --------------
@_map
def library(ctx: MapCtx, *, gold: Annotated[int, Range(0, 10)] = 3,
            times: Annotated[int, Range(1, 3)] = 2) -> None:
    """Pay ``gold``: replace a statistic card of the hand or the discard pile by another
    statistic of the player's choice, in the same place; up to ``times`` a visit."""
    ctx.special("library", gold=gold, times=times)


@_map
def black_market(ctx: MapCtx, *, look: Annotated[int, Range(1, 6)] = 4) -> None:
    """Look at the top ``look`` cards of the artifact discard pile and buy one at its rarity's
    price (minor 5, major 7, relic 10 gold); the others stay in place."""
    ctx.special("black_market", look=look)


@_map
def tavern(ctx: MapCtx, *, gold: Annotated[int, Range(0, 20)] = 7) -> None:
    """Pay ``gold``: gain a secondary hero on this field (none yet), then an opponent of the
    player's choice discards a random hand card."""
    ctx.special("tavern", gold=gold)


@_map
def prison(ctx: MapCtx, *, gold: Annotated[int, Range(0, 10)] = 3) -> None:
    """Gain a secondary hero on this field; with one already, gain ``gold`` gold instead."""
    ctx.special("prison", gold=gold)


@_map
def university(ctx: MapCtx, *, look: Annotated[int, Range(1, 6)] = 4) -> None:
    """Search (``look``) the ability discard pile: look at its top cards, take one; the others
    stay in place (spec AMB-101). Paid with a ``pay`` record around it."""
    ctx.special("university", look=look)


@_map
def hill_fort(ctx: MapCtx, *, discount: Annotated[int, Range(1, 10)] = 3) -> None:
    """Reinforce one own bronze or silver unit at once, ``discount`` gold cheaper (minimum 0)."""
    ctx.special("hill_fort", discount=discount)


@_map
def market_of_time(ctx: MapCtx) -> None:
    """Remove one hand card, then Search (2) the ability, spell or artifact deck (optional as
    a whole, spec AMB-100)."""
    ctx.special("market_of_time")


@_map
def scholar(ctx: MapCtx) -> None:
    """Roll the attack die: +1 gain a statistic of the player's choice or remove one from the
    hand; 0 draw 2 ability cards, keep 1; -1 draw 2 spells, keep 1."""
    ctx.special("scholar")


@_map
def star_axis(ctx: MapCtx) -> None:
    """Remove a statistic from the hand and take the empowered statistic of the same kind."""
    ctx.special("star_axis")


@_map
def war_machine_factory(ctx: MapCtx) -> None:
    """Buy one war machine at the lower (factory) price."""
    ctx.special("war_machine_factory")


@_map
def reveal_pick(ctx: MapCtx, *, deck: Literal["artifact", "spell", "ability"] = "artifact",
                count: Annotated[int, Range(2, 5)] = 3) -> None:
    """Reveal the top ``count`` cards of a deck and take one; the others are shuffled back into
    that deck (seed "Ereigniskarten": revealed cards go back into their decks)."""
    ctx.special("reveal_pick", deck=deck, count=count)


@_map
def discard_random(ctx: MapCtx) -> None:
    """The player discards a random hand card."""
    ctx.special("discard_random")


# --- the battle card effect of summoning (seed "Beschwören"; engine/rules/heroes/battle/summon.py)
@_card
def summon(ctx: Any, *, tier: Literal["bronze", "silver", "gold"] = "bronze") -> None:
    """Summons a unit of the summoner's faction of ``tier`` (one the side does not own yet)
    next to the active unit; it activates this round only if its initiative is at most the
    active unit's; after the combat it joins the unit deck. Neutral units are never summoned."""
    from engine.rules.heroes.battle.summon import summon_unit

    summon_unit(ctx, tier)

