"""The adventure-map effect vocabulary: what locations, dice, buildings and astrologer cards do.

One registered handler per primitive, named after the map symbols of seed 002, "Alle Orte der
Abenteuerkarte" ("Symbole auf der Abenteuerkarte"; spec §19.1), plus named specials for the
locations whose effect the seed explains in words (revisitable and other locations). Content
composes these records (``{type: xp}``, ``{type: pay, gold: 10, then: [{type: xp, amount: 2}]}``);
the map rules run a record with ``REGISTRY.run(GAME, ctx, spec)`` on a context that implements
``MapCtx``. Each handler only forwards to that context, so the semantics live in one place, the
rules engine, and the docstrings here are the contract (docs/heroes/map-data.md lists them).

``MAP_EFFECTS`` names every type of this vocabulary; map content may use only these (and the
card effects listed in ``SHARED_CARD_EFFECTS``, which adventure cards already use).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol

from engine.content.effects import effect
from engine.content.schema import Effect, Range

GAME = "heroes"

Resource = Literal["gold", "materials", "valuables"]
Tier = Literal["bronze", "silver", "gold"]
Gold = Annotated[int, Range(0, 30)]
Small = Annotated[int, Range(0, 10)]

MAP_EFFECTS: set[str] = set()
# Card effects of the adventure game (engine/rules/heroes/effects.py) that map content may reuse.
SHARED_CARD_EFFECTS = frozenset({"recruit_neutral"})


def _map(fn: Any) -> Any:
    MAP_EFFECTS.add(fn.__name__)
    return effect(GAME, fn.__name__)(fn)


class MapCtx(Protocol):
    """What a map effect may do; the map rules implement it for the visiting player and hero."""

    def treasure_die(self, dice: int) -> None: ...
    def resource_die(self, dice: int) -> None: ...
    def resource_dice_pick(self, dice: int) -> None: ...
    def xp(self, amount: int) -> None: ...
    def search(self, deck: str, look: int) -> None: ...
    def morale(self, good: bool) -> None: ...
    def mp(self, amount: int) -> None: ...
    def gain(self, gold: int, materials: int, valuables: int) -> None: ...
    def income(self, gold: int, materials: int, valuables: int, first_pay: bool) -> None: ...
    def pay(self, gold: int, materials: int, valuables: int, then: tuple[Effect, ...]) -> None: ...
    def twice(self, then: tuple[Effect, ...]) -> None: ...
    def choice(self, options: tuple[tuple[Effect, ...], ...]) -> None: ...
    def special(self, name: str, **params: Any) -> None: ...


# --- the printed symbols (seed 002, "Symbole auf der Abenteuerkarte") -------------------------------
@_map
def treasure_die(ctx: MapCtx, *, dice: Annotated[int, Range(1, 3)] = 1) -> None:
    """Roll ``dice`` treasure dice and resolve one of them (the player picks); faces in
    data/heroes/map/dice.yaml."""
    ctx.treasure_die(dice)


@_map
def resource_die(ctx: MapCtx, *, dice: Annotated[int, Range(1, 3)] = 1) -> None:
    """Roll ``dice`` resource dice and gain every result."""
    ctx.resource_die(dice)


@_map
def resource_dice_pick(ctx: MapCtx, *, dice: Annotated[int, Range(2, 3)] = 2) -> None:
    """Roll ``dice`` resource dice and gain one result of the player's choice."""
    ctx.resource_dice_pick(dice)


@_map
def xp(ctx: MapCtx, *, amount: Annotated[int, Range(1, 4)] = 1) -> None:
    """The main hero gains ``amount`` experience points (level-ups resolve at once, in order)."""
    ctx.xp(amount)


@_map
def search_artifact(ctx: MapCtx, *, look: Annotated[int, Range(1, 4)] = 2) -> None:
    """Search (``look``) the artifact deck: optional (seed: Search effects are always optional)."""
    ctx.search("artifact", look)


@_map
def search_spell(ctx: MapCtx, *, look: Annotated[int, Range(1, 4)] = 2) -> None:
    """Search (``look``) the spell deck: optional."""
    ctx.search("spell", look)


@_map
def reveal_artifact(ctx: MapCtx, *, rarity: Literal["minor", "major", "relic"] = "minor") -> None:
    """Reveal artifact cards until the first of ``rarity``, take it into the hand; the others are
    shuffled back with the deck (seed 002, "Szenario-Schwierigkeit", Expert)."""
    ctx.special("reveal_artifact", rarity=rarity)


@_map
def morale_plus(ctx: MapCtx) -> None:
    """The player gains good morale (at most one good morale token)."""
    ctx.morale(True)


@_map
def morale_minus(ctx: MapCtx) -> None:
    """The player gains bad morale (undead factions ignore it)."""
    ctx.morale(False)


@_map
def mp(ctx: MapCtx, *, amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """The visiting hero gains ``amount`` movement points for this turn only."""
    ctx.mp(amount)


@_map
def gain(ctx: MapCtx, *, gold: Gold = 0, materials: Small = 0, valuables: Small = 0) -> None:
    """The player gains the given resources at once ("+ resource")."""
    ctx.gain(gold, materials, valuables)


@_map
def income(ctx: MapCtx, *, gold: Gold = 0, materials: Small = 0, valuables: Small = 0,
           first_pay: bool = True) -> None:
    """The player's production rises by the given amounts while the source is theirs; with
    ``first_pay`` the first player ever to gain this source also receives the amounts once
    (seed: mines pay once to the first flagger). A flag taken away moves the production."""
    ctx.income(gold, materials, valuables, first_pay)


@_map
def pay(ctx: MapCtx, *, gold: Gold = 0, materials: Small = 0, valuables: Small = 0,
        then: tuple[Effect, ...]) -> None:
    """Optional: pay the given resources to resolve ``then`` (seed: "pay → bonus")."""
    ctx.pay(gold, materials, valuables, then)


@_map
def twice(ctx: MapCtx, *, then: tuple[Effect, ...]) -> None:
    """Resolve ``then`` two times in a row (seed: "2 X")."""
    ctx.twice(then)


@_map
def choice(ctx: MapCtx, *, options: tuple[tuple[Effect, ...], ...]) -> None:
    """The player resolves exactly one of ``options`` (each a list of effects)."""
    ctx.choice(options)


# --- named specials (seed 002, "Mehrfach besuchbare Orte", "Andere Orte", "Städte") ----------------
@_map
def settlement(ctx: MapCtx) -> None:
    """On flagging a settlement choose one: raise one income by its step (paid once to the
    first flagger; a resource marker remembers it), or reinforce a bronze or silver unit at half
    cost rounded up (free for the first flagger). Steps in the map rules (economy)."""
    ctx.special("settlement")


@_map
def trading_post(ctx: MapCtx, *, card_gold: Small = 1) -> None:
    """Choose exactly one: trade resources at the trade rates (economy), or remove one hand card
    (not a specialty, statistic, starting ability or Magic Arrow) and gain ``card_gold`` gold."""
    ctx.special("trading_post", card_gold=card_gold)


@_map
def sanctuary(ctx: MapCtx) -> None:
    """A hero on this field cannot be attacked; enemy heroes may pass over it but not end their
    move here while a hero stands on it."""
    ctx.special("sanctuary")


@_map
def observatory(ctx: MapCtx) -> None:
    """Free (no MP): discover a face-down tile adjacent to this field, or place a far tile from
    the own supply adjacent to this field."""
    ctx.special("observatory")


@_map
def magic_spring(ctx: MapCtx, *, look: Annotated[int, Range(1, 5)] = 3) -> None:
    """Look at the top ``look`` cards of your discard pile, take one into your hand and put the
    others back on top in any order."""
    ctx.special("magic_spring", look=look)


@_map
def witch_hut(ctx: MapCtx) -> None:
    """Choose one: remove an ability card from your hand, or look at the top card of the ability
    deck and take it into your hand or put it on the ability discard pile."""
    ctx.special("witch_hut")


@_map
def grail(ctx: MapCtx) -> None:
    """Gain the grail token (only one exists; none when the scenario shows several grail fields).
    What it does is the scenario's (its victory conditions)."""
    ctx.special("grail")


@_map
def free_reinforce(ctx: MapCtx, *, max_tier: Tier = "bronze") -> None:
    """Reinforce one own unit up to ``max_tier`` for free (needs no citadel)."""
    ctx.special("free_reinforce", max_tier=max_tier)


@_map
def recover_card(ctx: MapCtx, *, kind: Literal["specialty", "spell", "any"] = "any") -> None:
    """Take one card of ``kind`` from your discard pile into your hand."""
    ctx.special("recover_card", kind=kind)


@_map
def cycle_hand(ctx: MapCtx, *, count: Annotated[int, Range(1, 3)] = 2) -> None:
    """Discard up to ``count`` cards from your hand, then draw as many."""
    ctx.special("cycle_hand", count=count)


@_map
def town_spell_discount(ctx: MapCtx, *, gold: Annotated[int, Range(1, 5)] = 1) -> None:
    """Passive (a building): buying a spell with the spell-book token costs ``gold`` less."""
    ctx.special("town_spell_discount", gold=gold)


@_map
def neutral_units_for_all(ctx: MapCtx, *, max_tier: Tier = "silver") -> None:
    """Astrologer: each player may draw one neutral unit of a tier up to ``max_tier`` and
    recruit it at its printed cost (not reinforceable, as every neutral unit)."""
    ctx.special("neutral_units_for_all", max_tier=max_tier)


@_map
def recruit_cost(ctx: MapCtx, *, tier: Tier, gold: Annotated[int, Range(-5, 5)]) -> None:
    """Astrologer, this round: recruiting and reinforcing units of ``tier`` costs ``gold`` more
    (negative: less, never below 0)."""
    ctx.special("recruit_cost", tier=tier, gold=gold)


@_map
def neutral_strength(ctx: MapCtx, *, shift: Annotated[int, Range(-1, 1)]) -> None:
    """Astrologer, this round: neutral armies are drawn one field level higher (``shift`` 1) or
    lower (-1) on the difficulty table, within I–VII."""
    ctx.special("neutral_strength", shift=shift)
