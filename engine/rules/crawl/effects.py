"""The crawl's effect vocabulary: every special ability is a list of these typed records.

Each handler writes into a ``Traits`` record, the summary of what a figure's current dial click
and assigned items let it do. The rules read ``Traits`` only; a new ability built from existing
effect types therefore needs no Python. Abilities and their wording are listed in
docs/crawl/rules.md ("Special abilities").
"""

from __future__ import annotations

from typing import Annotated, Literal

from engine.content.effects import REGISTRY, effect
from engine.content.schema import Range

GAME = "crawl"

Mode = Literal["melee", "ranged", "any"]


class Traits:
    """What a figure's abilities add: bonuses per situation and switches for special moves."""

    __slots__ = ("attack", "damage", "defence", "move", "terms", "auto_break_away",
                 "ranged_immune", "terrain_walker", "chasm_walker", "sweep", "heal_clicks",
                 "heal_ranged", "blast", "shockwave", "regenerate", "leadership", "steal_safe",
                 "door_breaker", "trap_bonus", "frost", "drain", "toughness", "pass_cost",
                 "ability")

    def __init__(self) -> None:
        self.attack = {"melee": 0, "ranged": 0}
        self.damage = {"melee": 0, "ranged": 0}
        self.defence = {"melee": 0, "ranged": 0}
        self.move = 0
        # (ability id, stat, mode, amount): the lines of a breakdown
        self.terms: list[tuple[str, str, str, int]] = []
        self.auto_break_away = False
        self.ranged_immune = False
        self.terrain_walker = False
        self.chasm_walker = False
        self.sweep = False
        self.heal_clicks = 0
        self.heal_ranged = False
        self.blast = 0
        self.shockwave = 0
        self.regenerate = 0
        self.leadership = 0
        self.steal_safe = False
        self.door_breaker = False
        self.trap_bonus = 0
        self.frost = False
        self.drain = 0
        self.toughness = 0
        self.pass_cost = 3
        self.ability = ""  # the ability whose effects run now (for breakdown terms)


def _add(table: dict[str, int], mode: str, amount: int) -> None:
    for key in (("melee", "ranged") if mode == "any" else (mode,)):
        table[key] += amount


@effect(GAME, "attack_bonus")
def attack_bonus(ctx: Traits, *, amount: Annotated[int, Range(-6, 6)], mode: Mode = "any") -> None:
    """Adds ``amount`` to the attack value of attacks of the given kind."""
    _add(ctx.attack, mode, amount)
    ctx.terms.append((ctx.ability, "attack", mode, amount))


@effect(GAME, "damage_bonus")
def damage_bonus(ctx: Traits, *, amount: Annotated[int, Range(-6, 6)], mode: Mode = "melee") -> None:
    """Adds ``amount`` clicks to the damage of attacks of the given kind."""
    _add(ctx.damage, mode, amount)
    ctx.terms.append((ctx.ability, "damage", mode, amount))


@effect(GAME, "defence_bonus")
def defence_bonus(ctx: Traits, *, amount: Annotated[int, Range(-6, 6)],
                  mode: Mode = "any") -> None:
    """Adds ``amount`` to the defence against attacks of the given kind."""
    _add(ctx.defence, mode, amount)
    ctx.terms.append((ctx.ability, "defence", mode, amount))


@effect(GAME, "move_bonus")
def move_bonus(ctx: Traits, *, amount: Annotated[int, Range(-6, 6)]) -> None:
    """Adds ``amount`` movement points to every activation."""
    ctx.move += amount
    ctx.terms.append((ctx.ability, "move", "any", amount))


@effect(GAME, "sure_break_away")
def sure_break_away(ctx: Traits) -> None:
    """Breaking away always succeeds (it still costs its 2 movement points)."""
    ctx.auto_break_away = True


@effect(GAME, "ranged_immunity")
def ranged_immunity(ctx: Traits) -> None:
    """The figure cannot be chosen as the target of a ranged attack."""
    ctx.ranged_immune = True


@effect(GAME, "terrain_walker")
def terrain_walker(ctx: Traits) -> None:
    """Numbered (difficult and water) squares cost only 1 movement point to enter."""
    ctx.terrain_walker = True


@effect(GAME, "chasm_walker")
def chasm_walker(ctx: Traits) -> None:
    """The figure may enter chasm squares (X) as if they were open ground."""
    ctx.chasm_walker = True


@effect(GAME, "sweep_attack")
def sweep_attack(ctx: Traits) -> None:
    """A melee attack strikes every enemy in the front arc with the same roll."""
    ctx.sweep = True


@effect(GAME, "heal")
def heal(ctx: Traits, *, clicks: Annotated[int, Range(1, 4)], ranged: bool = False) -> None:
    """Instead of attacking, heals a friendly figure (or itself) by ``clicks`` on a hit."""
    ctx.heal_clicks = max(ctx.heal_clicks, clicks)
    ctx.heal_ranged = ctx.heal_ranged or ranged


@effect(GAME, "blast")
def blast(ctx: Traits, *, clicks: Annotated[int, Range(1, 3)] = 1) -> None:
    """A ranged hit also hits every other figure next to the target for ``clicks`` clicks."""
    ctx.blast = max(ctx.blast, clicks)


@effect(GAME, "shockwave")
def shockwave(ctx: Traits, *, radius: Annotated[int, Range(1, 4)] = 2) -> None:
    """A ranged attack may instead strike every other figure within ``radius`` in line of fire."""
    ctx.shockwave = max(ctx.shockwave, radius)


@effect(GAME, "regenerate")
def regenerate(ctx: Traits, *, at_least: Annotated[int, Range(2, 6)] = 5) -> None:
    """At the start of its activation the figure heals one click on a d6 of ``at_least``+."""
    ctx.regenerate = at_least if not ctx.regenerate else min(ctx.regenerate, at_least)


@effect(GAME, "leadership")
def leadership(ctx: Traits, *, at_least: Annotated[int, Range(2, 6)] = 5) -> None:
    """At the start of its side's turn, a d6 of ``at_least``+ gives one extra activation."""
    ctx.leadership = at_least if not ctx.leadership else min(ctx.leadership, at_least)


@effect(GAME, "safe_thief")
def safe_thief(ctx: Traits) -> None:
    """A theft by this figure allows the robbed hero no counterattack."""
    ctx.steal_safe = True


@effect(GAME, "door_breaker")
def door_breaker(ctx: Traits) -> None:
    """The figure may attack doors with ranged attacks."""
    ctx.door_breaker = True


@effect(GAME, "trap_skill")
def trap_skill(ctx: Traits, *, amount: Annotated[int, Range(1, 4)] = 2) -> None:
    """Adds ``amount`` to every disarming roll."""
    ctx.trap_bonus += amount
    ctx.terms.append((ctx.ability, "disarm", "any", amount))


@effect(GAME, "frost")
def frost(ctx: Traits) -> None:
    """A figure hit by this figure's attack may not counterattack."""
    ctx.frost = True


@effect(GAME, "drain_life")
def drain_life(ctx: Traits, *, clicks: Annotated[int, Range(1, 3)] = 1) -> None:
    """Whenever the figure knocks out an enemy it heals ``clicks`` clicks."""
    ctx.drain = max(ctx.drain, clicks)


@effect(GAME, "toughness")
def toughness(ctx: Traits, *, amount: Annotated[int, Range(1, 2)] = 1) -> None:
    """Damage from attacks (not from traps) is reduced by ``amount``, to no less than 1."""
    ctx.toughness = max(ctx.toughness, amount)


@effect(GAME, "nimble_passing")
def nimble_passing(ctx: Traits, *, cost: Annotated[int, Range(1, 3)] = 1) -> None:
    """Moving through an occupied square costs ``cost`` instead of 3 movement points."""
    ctx.pass_cost = min(ctx.pass_cost, cost)


def apply_ability(traits: Traits, ability_id: str, effects: tuple) -> None:
    """Runs every effect record of one ability into ``traits``."""
    traits.ability = ability_id
    for spec in effects:
        REGISTRY.run(GAME, traits, spec)
    traits.ability = ""
