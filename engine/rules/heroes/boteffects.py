"""The bot-card effect vocabulary: what a bot hero's cards do in battle (seed 002, "Kartendecks der
Bot-Helden"; spec §14.2, R-255–257).

A bot card (kind ``bot_card``, data/heroes/campaign/bot_cards.yaml) holds one list of these
records per difficulty. When a bot hero activates a unit, the battle draws a bot card and runs
the records of the game's difficulty, before the unit moves or attacks
(engine/rules/heroes/battle/botdeck.py implements ``BotCtx``). Each handler only forwards to that
context; the docstrings here are the contract and the entries of docs/effects.md.

``BOT_EFFECTS`` names every type of this vocabulary; bot cards may use only these.
"""

from __future__ import annotations

from typing import Annotated, Any, Protocol

from engine.content.effects import effect
from engine.content.schema import Range

GAME = "heroes"
Face = Annotated[int, Range(-1, 1)]

BOT_EFFECTS: set[str] = set()


def _bot(fn: Any) -> Any:
    BOT_EFFECTS.add(fn.__name__)
    return effect(GAME, fn.__name__)(fn)


class BotCtx(Protocol):
    """What a bot card may do; the battle implements it for the activated bot unit."""

    def might(self, attack: int, defence: int) -> None: ...
    def sure_die(self, value: int) -> None: ...
    def heal(self, amount: int) -> None: ...
    def cast(self, tier: int) -> None: ...
    def skill(self, expert: bool) -> None: ...
    def draw(self, count: int) -> None: ...


@_bot
def bot_might(ctx: BotCtx, *, attack: Annotated[int, Range(0, 5)] = 0,
              defence: Annotated[int, Range(0, 5)] = 0) -> None:
    """The activated unit gains ``attack`` until its next attack and ``defence`` until the next
    attack against it (seed: might cards stay attached until the matching attack or defence)."""
    ctx.might(attack, defence)


@_bot
def bot_sure_die(ctx: BotCtx, *, value: Face = 0) -> None:
    """The activated unit's next attack resolves the attack die as ``value``."""
    ctx.sure_die(value)


@_bot
def bot_heal(ctx: BotCtx, *, amount: Annotated[int, Range(1, 5)] = 1) -> None:
    """The bot's most damaged unit (the activated one on a tie) loses up to ``amount`` damage."""
    ctx.heal(amount)


@_bot
def bot_cast(ctx: BotCtx, *, tier: Annotated[int, Range(0, 4)] = 0) -> None:
    """The bot casts the top spell of its bot spell deck at the highest tier whose empower cost
    is at most ``tier`` (nothing when the spell deck is empty or the spell has no target)."""
    ctx.cast(tier)


@_bot
def bot_skill(ctx: BotCtx, *, expert: bool = False) -> None:
    """The bot resolves the basic (or, with ``expert``, the expert) effect of the ability card
    set aside for this skill card; a card the ability would draw is another bot card."""
    ctx.skill(expert)


@_bot
def bot_draw(ctx: BotCtx, *, count: Annotated[int, Range(1, 2)] = 1) -> None:
    """The bot draws ``count`` more bot cards and resolves them (seed: "Darf ein Bot-Held eine
    Karte ziehen, dann ziehe eine weitere Karte vom Bot-Deck und handle sie ab")."""
    ctx.draw(count)
