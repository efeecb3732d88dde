"""A toy game for the content tests: its kinds and effects register only inside the tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from engine.content.effects import REGISTRY, effect
from engine.content.schema import KINDS, Doc, Effect, Range, Ref, Text, content_kind

GAME = "testgame"


@dataclass(frozen=True, slots=True)
class GroupDef:
    """A monster group."""

    id: str
    name: Text


@dataclass(frozen=True, slots=True)
class Reward:
    """What defeating a monster gives."""

    gold: Annotated[int, Range(0, 9)] = 0
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class MonsterDef:
    """A monster card."""

    id: str
    name: Text
    group: Annotated[str, Ref("monster_group")]
    health: Annotated[int, Range(1, 99)]
    light: int = 0
    keywords: tuple[str, ...] = ()
    kind: Literal["undead", "beast"] = "beast"
    effects: tuple[Effect, ...] = ()
    note: Text | None = None
    reward: Reward | None = None
    tags: dict[str, int] = field(default_factory=dict)
    speed: Annotated[float, Range(0, 5)] = 1.0
    flying: bool = False
    allies: tuple[Annotated[str, Ref("monster")], ...] = ()
    version: str = ""
    size: tuple[int, int] = (1, 1)


def gain_gold(ctx: list[object], *, amount: Annotated[int, Range(1, 9), Doc("gold to add")],
              repeat: bool = False) -> None:
    """Adds ``amount`` gold to the purse this turn.

    repeat: whether the gold comes again next turn
    """
    ctx.append(("gold", amount, repeat))


def summon(ctx: list[object], *, monster: Annotated[str, Ref("monster")], count: int = 1) -> None:
    """Puts ``count`` copies of a monster into play."""
    ctx.append(("summon", monster, count))


def shout(ctx: list[object], *, text: Text, volume: Literal["low", "high"] = "low") -> None:
    """Shows a text in the log."""
    ctx.append(("shout", text.en, volume))


def register() -> None:
    """Registers the toy game's kinds and effects."""
    content_kind(GAME, "monster_group")(GroupDef)
    content_kind(GAME, "monster")(MonsterDef)
    effect(GAME, "gain_gold")(gain_gold)
    effect(GAME, "summon")(summon)
    effect(GAME, "shout")(shout)


def unregister() -> None:
    """Removes the toy game's kinds and effects."""
    KINDS.unregister_game(GAME)
    REGISTRY.unregister_game(GAME)
