"""The heroes effect vocabulary: unit abilities and card effects, one registered handler each.

Two kinds of context receive the handlers:
- ``Traits`` (unit abilities): a handler records what the ability does in a unit's traits once,
  when the unit definition is first read; the combat rules read the traits only, so a new unit
  built from existing ability types needs no Python. ``Traits.trigger`` is the trigger of the
  ability being recorded (seed 002, "Einheitenfähigkeiten").
- ``CardCtx`` (card modes): a handler acts through the methods of the battle's card context
  (engine/rules/heroes/cards.py) when a card is played.

``UNIT_EFFECTS`` and ``CARD_EFFECTS`` list which types belong where; the content test checks it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol

from engine.content.effects import effect
from engine.content.schema import Range

GAME = "heroes"

Face = Literal[-1, 0, 1]
Until = Literal["attack", "round", "combat"]
UnitType = Literal["ground", "flying", "ranged"]

UNIT_EFFECTS: dict[str, tuple[str, ...]] = {}
CARD_EFFECTS: set[str] = set()


def _unit(*triggers: str) -> Any:
    def wrap(fn: Any) -> Any:
        UNIT_EFFECTS[fn.__name__] = triggers
        return effect(GAME, fn.__name__)(fn)
    return wrap


def _card(fn: Any) -> Any:
    CARD_EFFECTS.add(fn.__name__)
    return effect(GAME, fn.__name__)(fn)


class Traits:
    """What a unit's abilities do, recorded once per unit definition and side."""

    __slots__ = ("trigger", "unlimited_retaliation", "no_ranged_penalty", "immune_paralysis",
                 "spell_resist", "defence_vs", "defence_on_die", "damage_cap", "draw_at_start",
                 "no_retaliation", "strike_again", "strike_again_far", "die_bonus",
                 "best_of_two", "reroll", "fixed_die", "fixed_die_against", "paralyze_on",
                 "paralyze_on_retaliation", "splash", "drain", "ignore_defence", "charge",
                 "return_after", "worse_retaliation", "die_attack_bonus", "bonus_damage_on",
                 "draw_on", "defence_cut_on", "heal_self", "discard_enemy", "heal_ally",
                 "breach", "survive_once", "alternatives")

    def __init__(self) -> None:
        self.trigger = ""
        self.unlimited_retaliation = False
        self.no_ranged_penalty = False
        self.immune_paralysis = False
        self.spell_resist = 0
        self.defence_vs: dict[str, int] = {}
        self.defence_on_die: tuple[tuple[int, ...], int] | None = None
        self.damage_cap = 0
        self.draw_at_start = 0
        self.no_retaliation = False
        self.strike_again = False
        self.strike_again_far = False
        self.die_bonus = 0
        self.best_of_two = False
        self.reroll: tuple[int, ...] = ()
        self.fixed_die: int | None = None
        self.fixed_die_against: int | None = None
        self.paralyze_on: tuple[int, ...] | None = None
        self.paralyze_on_retaliation: tuple[int, ...] | None = None
        self.splash = 0
        self.drain = 0
        self.ignore_defence = False
        self.charge: tuple[int, int] | None = None
        self.return_after = False
        self.worse_retaliation = False
        self.die_attack_bonus: tuple[tuple[int, ...], int] | None = None
        self.bonus_damage_on: tuple[tuple[int, ...], int] | None = None
        self.draw_on: tuple[int, ...] = ()
        self.defence_cut_on: tuple[tuple[int, ...], int] | None = None
        self.heal_self = 0
        self.discard_enemy = False
        self.heal_ally = 0
        self.breach = False
        self.survive_once = False
        self.alternatives: list[str] = []  # the alternative actions, in printed order


ALL_FACES = (-1, 0, 1)


# --- unit abilities: passive ---------------------------------------------------------------------
@_unit("passive", "retaliation")
def unlimited_retaliation(t: Traits) -> None:
    """The unit may retaliate any number of times per combat round."""
    t.unlimited_retaliation = True


@_unit("passive")
def no_ranged_penalty(t: Traits) -> None:
    """The unit ignores the ranged penalty (adjacent targets, back row to back row)."""
    t.no_ranged_penalty = True


@_unit("passive")
def immune_paralysis(t: Traits) -> None:
    """Paralysis has no effect on the unit."""
    t.immune_paralysis = True


@_unit("passive")
def spell_resist(t: Traits, *, amount: Annotated[int, Range(1, 9)]) -> None:
    """Damage from spells and specialties to the unit is reduced by ``amount`` (9: immune to
    every spell and specialty effect)."""
    t.spell_resist = max(t.spell_resist, amount)


@_unit("passive")
def defence_vs(t: Traits, *, against: UnitType, amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """The unit gains ``amount`` defence against attacks by units of type ``against``."""
    t.defence_vs[against] = t.defence_vs.get(against, 0) + amount


@_unit("passive")
def defence_on_die(t: Traits, *, faces: tuple[Face, ...],
                   amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """When an attacker against the unit resolves one of ``faces``, the unit gains ``amount``
    defence against that attack."""
    t.defence_on_die = (tuple(faces), amount)


@_unit("passive")
def damage_cap(t: Traits, *, amount: Annotated[int, Range(1, 9)]) -> None:
    """A single attack deals the unit at most ``amount`` damage."""
    t.damage_cap = amount


@_unit("passive")
def draw_at_start(t: Traits, *, count: Annotated[int, Range(1, 3)] = 1) -> None:
    """When the combat begins, the unit's hero draws ``count`` cards."""
    t.draw_at_start += count


@_unit("passive")
def fixed_die_against(t: Traits, *, value: Face) -> None:
    """Attacks against the unit resolve the attack die as ``value``, whatever is rolled."""
    t.fixed_die_against = value


@_unit("passive")
def survive_once(t: Traits) -> None:
    """Once per combat, damage that would defeat the unit leaves it with 1 health instead."""
    t.survive_once = True


# --- unit abilities: attack (only the first attack of the unit's own activation) --------------
@_unit("attack")
def no_retaliation(t: Traits) -> None:
    """The target of the attack does not retaliate."""
    t.no_retaliation = True


@_unit("attack")
def strike_again(t: Traits, *, far_only: bool = False) -> None:
    """The unit attacks the same target a second time (if ``far_only``, only when the target is
    not adjacent); the second attack does not trigger attack abilities."""
    t.strike_again = True
    t.strike_again_far = far_only


@_unit("attack")
def die_bonus(t: Traits, *, amount: Annotated[int, Range(1, 2)] = 1) -> None:
    """Adds ``amount`` to the result of the unit's attack die."""
    t.die_bonus += amount


@_unit("attack", "passive")
def best_of_two(t: Traits) -> None:
    """The unit rolls two attack dice and resolves the higher (and ignores the ranged penalty)."""
    t.best_of_two = True


@_unit("attack")
def reroll(t: Traits, *, faces: tuple[Face, ...]) -> None:
    """The unit rolls its attack die again once when it shows one of ``faces``."""
    t.reroll = tuple(faces)


@_unit("attack")
def fixed_die(t: Traits, *, value: Face = 0) -> None:
    """The unit ignores the attack die: it resolves ``value``."""
    t.fixed_die = value


@_unit("attack", "retaliation")
def paralyze_on(t: Traits, *, faces: tuple[Face, ...] = ()) -> None:
    """After the attack (or retaliation), the target is paralysed if the attack die showed one of
    ``faces`` (always, when no faces are given)."""
    chosen = tuple(faces) if faces else ALL_FACES
    if t.trigger == "retaliation":
        t.paralyze_on_retaliation = chosen
    else:
        t.paralyze_on = chosen


@_unit("attack")
def splash(t: Traits, *, amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """After the attack, every enemy unit adjacent to the target takes ``amount`` damage."""
    t.splash = amount


@_unit("attack")
def drain(t: Traits, *, amount: Annotated[int, Range(1, 5)] = 1) -> None:
    """After the attack, up to ``amount`` damage is removed from the unit."""
    t.drain = amount


@_unit("attack")
def ignore_defence(t: Traits) -> None:
    """The attack ignores the defence printed on the target's card."""
    t.ignore_defence = True


@_unit("attack")
def charge(t: Traits, *, min_moved: Annotated[int, Range(1, 3)] = 2,
           amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """The unit gains ``amount`` attack if it moved at least ``min_moved`` squares this
    activation."""
    t.charge = (min_moved, amount)


@_unit("attack")
def return_after(t: Traits) -> None:
    """After the attack (and any retaliation), the unit returns to the square it moved from."""
    t.return_after = True


@_unit("attack")
def worse_retaliation(t: Traits) -> None:
    """A retaliation against this attack rolls two attack dice and resolves the lower."""
    t.worse_retaliation = True


@_unit("attack")
def die_attack_bonus(t: Traits, *, faces: tuple[Face, ...],
                     amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """When the unit's attack die shows one of ``faces``, the attack gains ``amount`` more."""
    t.die_attack_bonus = (tuple(faces), amount)


@_unit("attack")
def bonus_damage_on(t: Traits, *, faces: tuple[Face, ...],
                    amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """After the attack, one more attack die is rolled: on one of ``faces`` the target takes
    ``amount`` damage."""
    t.bonus_damage_on = (tuple(faces), amount)


@_unit("attack")
def draw_on(t: Traits, *, faces: tuple[Face, ...]) -> None:
    """When the unit's attack die shows one of ``faces``, its hero draws a card."""
    t.draw_on = tuple(faces)


@_unit("attack")
def defence_cut_on(t: Traits, *, faces: tuple[Face, ...],
                   amount: Annotated[int, Range(1, 3)] = 2) -> None:
    """When the unit's attack die shows one of ``faces``, the target loses ``amount`` defence
    for the rest of the combat (never below 0)."""
    t.defence_cut_on = (tuple(faces), amount)


# --- unit abilities: activation and alternative actions ------------------------------------------
@_unit("activation")
def heal_self(t: Traits, *, amount: Annotated[int, Range(1, 5)] = 1) -> None:
    """At the start of its activation, up to ``amount`` damage is removed from the unit."""
    t.heal_self = amount


@_unit("activation")
def discard_enemy(t: Traits) -> None:
    """At the start of its activation, the enemy hero discards a random card from the hand."""
    t.discard_enemy = True


@_unit("alternative")
def heal_ally(t: Traits, *, amount: Annotated[int, Range(1, 20)] = 20) -> None:
    """Instead of moving and attacking, the unit removes up to ``amount`` damage from an adjacent
    friendly unit."""
    t.heal_ally = amount
    t.alternatives.append("heal_ally")


@_unit("alternative")
def breach(t: Traits) -> None:
    """Instead of moving and attacking, the unit destroys a wall, the gate or the arrow tower."""
    t.breach = True
    t.alternatives.append("breach")


@_unit("map")
def map_text(t: Traits) -> None:
    """An ability that works only on the adventure map (its text says what it does)."""


# --- card effects -------------------------------------------------------------------------------
class CardCtx(Protocol):
    """What a card effect may do (implemented by engine/rules/heroes/cards.py)."""

    def damage(self, amount: int) -> None: ...
    def damage_adjacent(self, amount: int) -> None: ...
    def stat(self, attack: int, defence: int, initiative: int, until: str) -> None: ...
    def side_stat(self, attack: int, defence: int, initiative: int, until: str, foes: bool,
                  types: tuple[str, ...]) -> None: ...
    def empower(self, amount: int) -> None: ...
    def draw(self, count: int) -> None: ...
    def heal(self, amount: int) -> None: ...
    def heal_side(self, amount: int) -> None: ...
    def paralyze(self) -> None: ...
    def cure(self) -> None: ...
    def recall(self) -> None: ...
    def extra_spell(self, count: int) -> None: ...
    def reset_retaliation(self) -> None: ...
    def fix_die(self, value: int) -> None: ...
    def deny_retaliation(self) -> None: ...
    def ranged_bonus(self, amount: int) -> None: ...
    def spell_ward(self, amount: int) -> None: ...
    def destroy_structure(self, what: str) -> None: ...
    def swap(self) -> None: ...
    def extra_move(self, amount: int) -> None: ...


@_card
def damage(ctx: CardCtx, *, amount: Annotated[int, Range(1, 9)]) -> None:
    """The target takes ``amount`` damage; defence does not reduce it (seed 002, "Einheiten")."""
    ctx.damage(amount)


@_card
def damage_adjacent(ctx: CardCtx, *, amount: Annotated[int, Range(1, 9)]) -> None:
    """Every unit adjacent to the target (friend or foe) takes ``amount`` damage."""
    ctx.damage_adjacent(amount)


@_card
def stat(ctx: CardCtx, *, attack: Annotated[int, Range(-5, 5)] = 0,
         defence: Annotated[int, Range(-5, 5)] = 0,
         initiative: Annotated[int, Range(-5, 5)] = 0, until: Until = "attack") -> None:
    """The target gains the given attack, defence and initiative until its first attack (by or
    against it) or the end of the activation (``attack``), the combat round, or the combat."""
    ctx.stat(attack, defence, initiative, until)


@_card
def side_stat(ctx: CardCtx, *, attack: Annotated[int, Range(-5, 5)] = 0,
              defence: Annotated[int, Range(-5, 5)] = 0,
              initiative: Annotated[int, Range(-5, 5)] = 0, until: Until = "round",
              foes: bool = False, types: tuple[UnitType, ...] = ()) -> None:
    """Every own unit (``foes``: every enemy unit), of the given types if any, gains the given
    values until the end of the combat round or the combat."""
    ctx.side_stat(attack, defence, initiative, until, foes, tuple(types))


@_card
def empower(ctx: CardCtx, *, amount: Annotated[int, Range(1, 5)]) -> None:
    """Adds ``amount`` empower for the next spell or specialty that needs it."""
    ctx.empower(amount)


@_card
def draw(ctx: CardCtx, *, count: Annotated[int, Range(1, 3)] = 1) -> None:
    """The hero draws ``count`` cards."""
    ctx.draw(count)


@_card
def heal(ctx: CardCtx, *, amount: Annotated[int, Range(1, 20)]) -> None:
    """Removes up to ``amount`` damage from the target."""
    ctx.heal(amount)


@_card
def heal_side(ctx: CardCtx, *, amount: Annotated[int, Range(1, 20)]) -> None:
    """Removes up to ``amount`` damage from every own unit."""
    ctx.heal_side(amount)


@_card
def paralyze(ctx: CardCtx) -> None:
    """Puts a paralysis token on the target."""
    ctx.paralyze()


@_card
def cure(ctx: CardCtx) -> None:
    """Removes paralysis and every effect played on the target by the enemy."""
    ctx.cure()


@_card
def recall(ctx: CardCtx) -> None:
    """The spell this hero cast last this combat round returns from the discard pile to the hand."""
    ctx.recall()


@_card
def extra_spell(ctx: CardCtx, *, count: Annotated[int, Range(1, 2)] = 1) -> None:
    """The hero may cast ``count`` more spells this combat round."""
    ctx.extra_spell(count)


@_card
def reset_retaliation(ctx: CardCtx) -> None:
    """The target may retaliate again this combat round."""
    ctx.reset_retaliation()


@_card
def fix_die(ctx: CardCtx, *, value: Face = 0) -> None:
    """The target's next attack resolves the attack die as ``value``."""
    ctx.fix_die(value)


@_card
def deny_retaliation(ctx: CardCtx) -> None:
    """The target cannot retaliate this combat round."""
    ctx.deny_retaliation()


@_card
def ranged_bonus(ctx: CardCtx, *, amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """Until the end of the combat round, own ranged units gain ``amount`` attack against targets
    that are not adjacent."""
    ctx.ranged_bonus(amount)


@_card
def spell_ward(ctx: CardCtx, *, amount: Annotated[int, Range(1, 9)] = 1) -> None:
    """Until the end of the combat round, the target takes ``amount`` less damage from spells and
    specialties."""
    ctx.spell_ward(amount)


@_card
def destroy_structure(ctx: CardCtx, *, what: Literal["wall", "tower"] = "wall") -> None:
    """In a siege: destroys the targeted wall or gate, or the arrow tower."""
    ctx.destroy_structure(what)


@_card
def swap(ctx: CardCtx) -> None:
    """The target and another own unit (chosen next) change places."""
    ctx.swap()


@_card
def extra_move(ctx: CardCtx, *, amount: Annotated[int, Range(1, 3)] = 1) -> None:
    """The active own unit may move ``amount`` more squares this activation."""
    ctx.extra_move(amount)


# Adventure effects: recorded for the map game (issue "heroes 2 of 3"); never playable in combat.
@_card
def town_portal(ctx: CardCtx, *, mp: Annotated[int, Range(0, 3)] = 0) -> None:
    """Map: moves the hero to a town or settlement of its player, and grants ``mp`` movement."""


@_card
def gain_resources(ctx: CardCtx, *, gold: Annotated[int, Range(0, 20)] = 0,
                   materials: Annotated[int, Range(0, 10)] = 0,
                   valuables: Annotated[int, Range(0, 10)] = 0) -> None:
    """Map: the player gains the given resources."""


@_card
def reinforce_after_combat(ctx: CardCtx, *, max_tier: Literal["bronze", "silver", "gold"],
                           discount: Annotated[int, Range(0, 100)] = 50) -> None:
    """Map: after a won combat, reinforce one unit up to ``max_tier`` at ``discount`` percent off
    its gold cost."""


@_card
def recruit_neutral(ctx: CardCtx, *, draws: Annotated[int, Range(1, 3)] = 1) -> None:
    """Map: draws neutral units by the dwellings built; one may be recruited at its cost."""


@_card
def movement(ctx: CardCtx, *, mp: Annotated[int, Range(1, 3)] = 1) -> None:
    """Map: the hero gains ``mp`` movement points this turn."""
