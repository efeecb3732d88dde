"""The duel's effect vocabulary: one registered handler per effect type.

A handler runs in one of two phases. ``play``: the card has just been summoned, equipped,
cast, played as a land or won as a treasure, and its instant effects happen. ``stats``: the
lasting bonuses of every card in play are summed into ``PlayerState.mods``; only the lasting
types (boost, armour, pool_bonus) act then. ``side`` is relative to the card's controller.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from engine.content.effects import REGISTRY, EffectSpec, effect
from engine.content.schema import Range
from engine.core.actions import Event
from engine.rules.duel import ops
from engine.rules.duel.state import (
    M_ARM_CLAN,
    M_ARM_MAIN,
    M_CLAN_ATT,
    M_CLAN_DEF,
    M_CLAN_LIFE,
    M_COURAGE,
    M_MAGIC,
    M_MAIN_ATT,
    M_MAIN_DEF,
    M_MAIN_LIFE,
    M_POOL,
    DuelState,
)

GAME = "duel"
PLAY = "play"
STATS = "stats"

Side = Literal["own", "enemy", "both"]
Who = Literal["main", "clan", "all"]


class EffectCtx:
    """What a handler works on: the state, the controlling seat, the card and its target."""

    __slots__ = ("state", "seat", "card", "phase", "target", "events")

    def __init__(self, state: DuelState, seat: int, card: str, phase: str,
                 target: Any = None, events: list[Event] | None = None) -> None:
        self.state = state
        self.seat = seat
        self.card = card
        self.phase = phase
        self.target = target
        self.events: list[Event] = events if events is not None else []

    def sides(self, side: str) -> tuple[int, ...]:
        """Returns the seats that ``side`` names from the controller's point of view."""
        if side == "own":
            return (self.seat,)
        if side == "enemy":
            return (1 - self.seat,)
        return (0, 1)


_HANDLERS: dict[str, Any] = {}


def run(ctx: EffectCtx, spec: EffectSpec) -> None:
    """Runs one effect record through its registered handler."""
    handler = _HANDLERS.get(spec.type)
    if handler is None:
        handler = _HANDLERS[spec.type] = REGISTRY.handler(GAME, spec.type)
    handler(ctx, **spec.params)


# --- lasting -----------------------------------------------------------------------------------

_BOOST_SLOTS = {
    ("attack", "main"): (M_MAIN_ATT,), ("attack", "clan"): (M_CLAN_ATT,),
    ("attack", "all"): (M_MAIN_ATT, M_CLAN_ATT),
    ("defence", "main"): (M_MAIN_DEF,), ("defence", "clan"): (M_CLAN_DEF,),
    ("defence", "all"): (M_MAIN_DEF, M_CLAN_DEF),
    ("life", "main"): (M_MAIN_LIFE,), ("life", "clan"): (M_CLAN_LIFE,),
    ("life", "all"): (M_MAIN_LIFE, M_CLAN_LIFE),
}


@effect(GAME, "boost")
def boost(ctx: EffectCtx, *, stat: Literal["attack", "defence", "magic", "courage", "life"],
          amount: Annotated[int, Range(-3, 5)], who: Who = "main", side: Side = "own") -> None:
    """While in play, changes a dice count, MUT or life points of the named characters.

    stat: attack/defence are dice counts (AN-W/VT-W); magic (MG-W) and courage (MUT) are the main character's
    amount: added (negative lowers it; a dice count never drops below 1)
    who: main character, clan members, or all characters of the side
    side: own (the card's controller), enemy, or both players
    """
    if ctx.phase != STATS:
        return
    if stat in ("magic", "courage"):
        slots: tuple[int, ...] = (M_MAGIC,) if stat == "magic" else (M_COURAGE,)
    else:
        slots = _BOOST_SLOTS[(stat, who)]
    for seat in ctx.sides(side):
        mods = ctx.state.players[seat].mods
        for slot in slots:
            mods[slot] += amount


@effect(GAME, "armour")
def armour(ctx: EffectCtx, *, amount: Annotated[int, Range(1, 5)], who: Who = "main",
           side: Side = "own") -> None:
    """While in play, lowers the damage the named characters take in each fight.

    amount: subtracted from a character's total fight damage (never below 0)
    """
    if ctx.phase != STATS:
        return
    for seat in ctx.sides(side):
        mods = ctx.state.players[seat].mods
        if who in ("main", "all"):
            mods[M_ARM_MAIN] += amount
        if who in ("clan", "all"):
            mods[M_ARM_CLAN] += amount


@effect(GAME, "pool_bonus")
def pool_bonus(ctx: EffectCtx, *, amount: Annotated[int, Range(-2, 3)],
               side: Side = "own") -> None:
    """While in play, changes the number of dice the pool is reset to at each new round.

    amount: dice added at every reset (negative removes; the pool never drops below 1)
    """
    if ctx.phase != STATS:
        return
    for seat in ctx.sides(side):
        ctx.state.players[seat].mods[M_POOL] += amount


# --- instant -----------------------------------------------------------------------------------

@effect(GAME, "damage")
def damage(ctx: EffectCtx, *, amount: Annotated[int, Range(1, 12)],
           target: Literal["enemy", "enemy_clan", "enemy_main", "all_enemy_clan"] = "enemy"
           ) -> None:
    """Deals damage to an enemy character (chosen, the main character, or every clan member).

    amount: damage points dealt
    target: enemy (any character, chosen), enemy_clan (a chosen clan member), enemy_main, all_enemy_clan
    """
    if ctx.phase != PLAY:
        return
    seat = 1 - ctx.seat
    p = ctx.state.players[seat]
    if target == "all_enemy_clan":
        victims = list(p.clan)
    elif target == "enemy_main":
        victims = [p.hero]
    else:
        f = p.fighter(int(ctx.target))
        victims = [f] if f is not None else []
    for f in victims:
        ops.hurt(ctx.state, seat, f, amount, ctx.events)


@effect(GAME, "heal")
def heal(ctx: EffectCtx, *, amount: Annotated[int, Range(1, 20)],
         target: Literal["own", "own_main", "all_own"] = "own") -> None:
    """Removes damage from an own character (chosen, the main character, or all).

    amount: damage points removed
    target: own (a chosen character), own_main, all_own
    """
    if ctx.phase != PLAY:
        return
    p = ctx.state.players[ctx.seat]
    if target == "all_own":
        patients = [p.hero, *p.clan]
    elif target == "own_main":
        patients = [p.hero]
    else:
        f = p.fighter(int(ctx.target))
        patients = [f] if f is not None else []
    for f in patients:
        ops.heal(ctx.state, ctx.seat, f, amount, ctx.events)


@effect(GAME, "rally")
def rally(ctx: EffectCtx, *, stat: Literal["attack", "defence"],
          amount: Annotated[int, Range(1, 4)]) -> None:
    """Gives a chosen own character extra attack or defence dice until the end of the turn.

    amount: dice added this turn
    """
    if ctx.phase != PLAY:
        return
    f = ctx.state.players[ctx.seat].fighter(int(ctx.target))
    if f is None:
        return
    if stat == "attack":
        f.temp_att += amount
    else:
        f.temp_def += amount
    f.nums = ops.fresh_numbers(ctx.state.players[ctx.seat], f)
    ctx.events.append(Event("duel.ev.rally", {"seat": ctx.seat, "uid": f.uid, "stat": stat,
                                              "amount": amount,
                                              "card": ops.fighter_name(ctx.state, ctx.seat,
                                                                       f)}))


@effect(GAME, "draw")
def draw(ctx: EffectCtx, *, count: Annotated[int, Range(1, 4)]) -> None:
    """Draws cards from the draw deck.

    count: number of cards
    """
    if ctx.phase == PLAY:
        ops.draw(ctx.state, ctx.seat, count, ctx.events)


@effect(GAME, "gain_dice")
def gain_dice(ctx: EffectCtx, *, count: Annotated[int, Range(1, 4)]) -> None:
    """Adds dice to the dice pool for the rest of the round.

    count: number of dice
    """
    if ctx.phase != PLAY:
        return
    ctx.state.players[ctx.seat].pool += count
    ctx.events.append(Event("duel.ev.gain_dice", {"seat": ctx.seat, "count": count}))


@effect(GAME, "gain_xp")
def gain_xp(ctx: EffectCtx, *, amount: Annotated[int, Range(5, 300)]) -> None:
    """Gives the main character experience points (levels follow its table).

    amount: XP gained
    """
    if ctx.phase == PLAY:
        ops.gain_xp(ctx.state, ctx.seat, amount, ctx.events, "duel.term.xp_card")


@effect(GAME, "neutralise")
def neutralise(ctx: EffectCtx) -> None:
    """Answers the opponent's magic card: its effect does not happen (a response only)."""
    if ctx.phase != PLAY or ctx.state.cast is None:
        return
    ctx.events.append(Event("duel.ev.neutralised", {"seat": ctx.seat,
                                                    "card": ops.cards().name(ctx.state.cast[0])}))
    ctx.state.cast = None


@effect(GAME, "destroy_equipment")
def destroy_equipment(ctx: EffectCtx) -> None:
    """Sends a chosen enemy equipment card to its owner's graveyard; its bonuses end."""
    if ctx.phase != PLAY:
        return
    seat = 1 - ctx.seat
    p = ctx.state.players[seat]
    for i, (uid, card) in enumerate(p.equipment):
        if uid == int(ctx.target):
            del p.equipment[i]
            p.grave.append(card)
            ctx.events.append(Event("duel.ev.equipment_destroyed",
                                    {"seat": seat, "uid": uid, "card": ops.cards().name(card)}))
            ops.update_mods(ctx.state)
            return


@effect(GAME, "discard")
def discard(ctx: EffectCtx, *, count: Annotated[int, Range(1, 3)]) -> None:
    """Makes the opponent discard cards from the hand, chosen at random.

    count: number of cards
    """
    if ctx.phase != PLAY:
        return
    seat = 1 - ctx.seat
    p = ctx.state.players[seat]
    for _ in range(min(count, len(p.hand))):
        card = p.hand.pop(ctx.state.rng.below(len(p.hand)))
        p.grave.append(card)
        ctx.events.append(Event("duel.ev.discard", {"seat": seat,
                                                    "card": ops.cards().name(card)},
                                reveal=True))


@effect(GAME, "revive")
def revive(ctx: EffectCtx) -> None:
    """Takes a chosen clan member from the own graveyard back into the hand."""
    if ctx.phase != PLAY:
        return
    p = ctx.state.players[ctx.seat]
    card = str(ctx.target)
    if card in p.grave:
        p.grave.remove(card)
        p.hand.append(card)
        ctx.events.append(Event("duel.ev.revive", {"seat": ctx.seat,
                                                   "card": ops.cards().name(card)}))
