"""The coop_campaign effect vocabulary: one registered handler per effect type.

Handlers receive the resolution context (engine/rules/coop_campaign/engine.py, ``Ctx``) and
act through its methods, so a new tile, item or mission that uses existing types needs no
Python. A handler returns True when it pushed a decision and the resolution must wait.

``ACTION_EFFECTS`` are printed on action tiles and standard actions, ``ITEM_EFFECTS`` on items
(``QUICK_ATTACK`` ones work in an attack's window, ``QUICK_DEFENCE`` ones in a defence
window), ``TILE_EFFECTS`` on mission tiles (flags, crosses, rewards, a boss tile's set-up),
``BOSS_EFFECTS`` on the cards of a boss's AI deck (engine/rules/coop_campaign/boss.py); the
content test checks that every record sits where its type belongs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from engine.content.effects import effect
from engine.content.schema import Effect, Range, Ref, Text

GAME = "coop_campaign"

Area = Literal["N", "E", "S", "W", "all"]
Element = Literal["fire", "water", "nature"]

ACTION_EFFECTS: set[str] = set()
ITEM_EFFECTS: set[str] = set()
TILE_EFFECTS: set[str] = set()
BOSS_EFFECTS: set[str] = set()
QUICK_ATTACK = frozenset({"add_swords", "reroll_die", "set_core"})
QUICK_DEFENCE = frozenset({"prevent_damage", "add_shield"})


def _reg(*groups: set[str]) -> Any:
    def wrap(fn: Any) -> Any:
        for g in groups:
            g.add(fn.__name__)
        return effect(GAME, fn.__name__)(fn)
    return wrap


# --- hero actions -------------------------------------------------------------------------------
@_reg(ACTION_EFFECTS)
def attack(ctx: Any, *, dice: Annotated[int, Range(-1, 4)] = 0,
           swords: Annotated[int, Range(0, 4)] = 0, pierce: bool = False,
           rerolls: Annotated[int, Range(0, 3)] = 0, aoe: Annotated[int, Range(1, 4)] = 1,
           isolated_swords: Annotated[int, Range(0, 4)] = 0, isolated_pierce: bool = False,
           fixed_dice: Annotated[int, Range(0, 6)] = 0,
           lightning: Literal["none", "sword", "comet"] = "none",
           stun: Literal["none", "survive", "damaged", "isolated", "always"] = "none",
           prismatic: bool = False) -> bool:
    """Attacks with a weapon: its dice plus ``dice`` (or exactly ``fixed_dice``), up to ``aoe``
    adjacent enemies; melee in the hero's area, ranged anywhere (seed 001, 3.2.3)."""
    return bool(ctx.fx_attack(dice=dice, swords=swords, pierce=pierce, rerolls=rerolls, aoe=aoe,
                              isolated_swords=isolated_swords, isolated_pierce=isolated_pierce,
                              fixed_dice=fixed_dice, lightning=lightning, stun=stun,
                              prismatic=prismatic, basic=False))


@_reg(ACTION_EFFECTS)
def basic_attack(ctx: Any) -> bool:
    """Makes a melee attack with any weapon: no Active Core, never empowered (seed 001, 5.2)."""
    return bool(ctx.fx_attack(dice=0, swords=0, pierce=False, rerolls=0, aoe=1,
                              isolated_swords=0, isolated_pierce=False, fixed_dice=0,
                              lightning="none", stun="none", prismatic=False, basic=True))


@_reg(ACTION_EFFECTS, ITEM_EFFECTS)
def jump(ctx: Any, *, ignore_root: bool = False, wolf: bool = False) -> bool:
    """Moves the hero to any other area; mandatory unless Root or a blocked area prevents it."""
    return bool(ctx.fx_jump(ignore_root=ignore_root, wolf=wolf))


@_reg(ACTION_EFFECTS)
def armor(ctx: Any, *, amount: Annotated[int, Range(1, 3)] = 1,
          who: Literal["self", "ally", "area"] = "self") -> bool:
    """Puts armour cubes from the supply on a tableau (up to its armour capacity)."""
    return bool(ctx.fx_armor(amount=amount, who=who))


@_reg(ACTION_EFFECTS, ITEM_EFFECTS)
def heal(ctx: Any, *, amount: Annotated[int, Range(1, 12)] = 1) -> bool:
    """Moves wounded heart cubes back (excess healing is lost)."""
    return bool(ctx.fx_heal(amount=amount))


@_reg(ACTION_EFFECTS, ITEM_EFFECTS)
def recover(ctx: Any, *, amount: Annotated[int, Range(1, 12)] = 1,
            who: Literal["self", "area"] = "self") -> bool:
    """Moves spent mana cubes back to available (excess is lost): the hero's, or those of
    every standing hero in its area."""
    return bool(ctx.fx_recover(amount=amount, who=who))


@_reg(ACTION_EFFECTS, ITEM_EFFECTS)
def stun(ctx: Any, *, count: Annotated[int, Range(1, 3)] = 1) -> bool:
    """Stuns up to ``count`` adjacent enemies of one area (any area): the next activation only
    turns the card back."""
    return bool(ctx.fx_stun(count=count))


@_reg(ACTION_EFFECTS)
def taunt(ctx: Any, *, count: Annotated[int, Range(1, 3)] = 1) -> bool:
    """Takes up to ``count`` enemies from other areas to the bottom of the hero's area."""
    return bool(ctx.fx_taunt(count=count))


@_reg(ACTION_EFFECTS)
def advance_track(ctx: Any) -> bool:
    """Pushes the leftmost river tile in from the right without resolving it."""
    return bool(ctx.fx_advance_track())


@_reg(ACTION_EFFECTS, ITEM_EFFECTS)
def vanish(ctx: Any) -> bool:
    """Enemies cannot choose the hero as a target until its next activation."""
    return bool(ctx.fx_vanish())


@_reg(ACTION_EFFECTS)
def poison(ctx: Any, *, swords: Annotated[int, Range(1, 3)] = 1,
           rerolls: Annotated[int, Range(0, 2)] = 1, pierce: bool = False) -> bool:
    """Puts (or moves) the poison token on another attack tile of the river."""
    return bool(ctx.fx_poison(swords=swords, rerolls=rerolls, pierce=pierce))


@_reg(ACTION_EFFECTS)
def wolf_move(ctx: Any) -> bool:
    """Moves the wolf to any area."""
    return bool(ctx.fx_wolf_move())


@_reg(ACTION_EFFECTS)
def wolf_attack(ctx: Any, *, dice: Annotated[int, Range(1, 4)] = 2,
                stun_if_damage: bool = False) -> bool:
    """The wolf attacks an enemy in its own area with the hero's core (no rerolls)."""
    return bool(ctx.fx_wolf_attack(dice=dice, stun_if_damage=stun_if_damage))


@_reg(ACTION_EFFECTS)
def wolf_heal(ctx: Any, *, amount: Annotated[int, Range(1, 8)] = 2, full: bool = False) -> bool:
    """Heals the wolf, or returns a downed wolf to the hero's area with that many hearts."""
    return bool(ctx.fx_wolf_heal(amount=amount, full=full))


# --- items ----------------------------------------------------------------------------------------
@_reg(ITEM_EFFECTS)
def add_swords(ctx: Any, *, amount: Annotated[int, Range(1, 3)] = 1) -> bool:
    """Adds swords to the attack being resolved (quick)."""
    return bool(ctx.fx_add_swords(amount=amount))


@_reg(ITEM_EFFECTS)
def reroll_die(ctx: Any, *, count: Annotated[int, Range(1, 3)] = 1) -> bool:
    """Grants rerolls to the attack being resolved (quick)."""
    return bool(ctx.fx_reroll_die(count=count))


@_reg(ITEM_EFFECTS)
def set_core(ctx: Any, *, element: Element) -> bool:
    """The attack being resolved counts as having this core element (quick)."""
    return bool(ctx.fx_set_core(element=element))


@_reg(ITEM_EFFECTS)
def prevent_damage(ctx: Any, *, amount: Annotated[int, Range(1, 4)] = 2) -> bool:
    """Prevents damage of the enemy attack being defended (quick, after the defence roll)."""
    return bool(ctx.fx_prevent_damage(amount=amount))


@_reg(ITEM_EFFECTS)
def add_shield(ctx: Any, *, amount: Annotated[int, Range(1, 3)] = 1) -> bool:
    """Adds shields to the defence roll being resolved (quick)."""
    return bool(ctx.fx_prevent_damage(amount=amount))


@_reg(ITEM_EFFECTS)
def level_up(ctx: Any) -> bool:
    """Flips one action tile of the hero to its upgraded side: the hero gains a level."""
    return bool(ctx.fx_level_up())


@_reg(ITEM_EFFECTS)
def restore_all(ctx: Any) -> bool:
    """Heals every wound and recovers all spent mana."""
    return bool(ctx.fx_restore_all())


# --- mission tiles --------------------------------------------------------------------------------
@_reg(TILE_EFFECTS)
def heal_heroes(ctx: Any, *, amount: Annotated[int, Range(1, 9)], area: Area = "all") -> bool:
    """Heals every standing hero in the area (or all heroes)."""
    return bool(ctx.fx_heal_heroes(amount=amount, area=area))


@_reg(TILE_EFFECTS)
def damage_heroes(ctx: Any, *, amount: Annotated[int, Range(1, 9)], area: Area = "all") -> bool:
    """Deals damage to every hero in the area; armour and defence dice do not apply."""
    return bool(ctx.fx_damage_heroes(amount=amount, area=area))


@_reg(TILE_EFFECTS)
def attack_heroes(ctx: Any, *, strength: Annotated[int, Range(1, 9)],
                  area: Area = "all") -> bool:
    """Every hero in the area suffers an attack: armour cubes, then defence dice."""
    return bool(ctx.fx_attack_heroes(strength=strength, area=area))


@_reg(TILE_EFFECTS)
def block_jump(ctx: Any, *, area: Literal["N", "E", "S", "W"]) -> bool:
    """No hero may jump into or out of the area for the rest of the tile."""
    return bool(ctx.fx_block_jump(area=area))


@_reg(TILE_EFFECTS)
def check_box(ctx: Any, *, box: str) -> bool:
    """Ticks a campaign checkbox (carried out of the mission)."""
    return bool(ctx.fx_check_box(box=box))


@_reg(TILE_EFFECTS)
def loot(ctx: Any, *, deck: Literal["grey", "gold"] = "grey",
         who: Literal["each", "token"] = "each") -> bool:
    """Every hero (or the start player's hero) draws a card of a loot deck."""
    return bool(ctx.fx_loot(deck=deck, who=who))


@_reg(TILE_EFFECTS)
def spawn(ctx: Any, *, rank: Literal["minion", "elite"], area: Literal["N", "E", "S", "W"],
          count: Annotated[int, Range(1, 4)] = 1) -> bool:
    """Spawns enemies of the tile's decks in an area."""
    return bool(ctx.fx_spawn(rank=rank, area=area, count=count))


@_reg(TILE_EFFECTS)
def game_over(ctx: Any) -> bool:
    """The mission is lost."""
    return bool(ctx.fx_game_over())


@_reg(TILE_EFFECTS)
def if_flags_free(ctx: Any, *, area: Literal["N", "E", "S", "W"],
                  effects: tuple[Effect, ...]) -> bool:
    """Resolves the effects only while the area has a free plunder flag."""
    return bool(ctx.fx_if_flags_free(area=area, effects=effects))


@_reg(TILE_EFFECTS)
def if_hero_in(ctx: Any, *, area: Literal["N", "E", "S", "W"], effects: tuple[Effect, ...],
               otherwise: tuple[Effect, ...] = ()) -> bool:
    """Resolves the effects when a hero who is not knocked out stands in the area, else
    ``otherwise``."""
    return bool(ctx.fx_if_hero_in(area=area, effects=effects, otherwise=otherwise))


@_reg(TILE_EFFECTS)
def move_enemies(ctx: Any, *, area: Area = "all", clockwise: bool = True) -> bool:
    """Moves every enemy of the area (or of all areas, all at once) one area along the ring,
    to the bottom of the next column."""
    return bool(ctx.fx_move_enemies(area=area, clockwise=clockwise))


@_reg(TILE_EFFECTS)
def area_keyword(ctx: Any, *, area: Literal["N", "E", "S", "W"],
                 keyword: Literal["stealth", "guard", "root", "range", "gang"]) -> bool:
    """Every enemy in the area has the keyword for the rest of the tile (cards arriving later
    too, cards leaving lose it)."""
    return bool(ctx.fx_area_keyword(area=area, keyword=keyword))


@_reg(ACTION_EFFECTS, TILE_EFFECTS)
def zone_damage(ctx: Any, *, amount: Annotated[int, Range(1, 6)],
                area: Literal["N", "E", "S", "W", "any"] = "any") -> bool:
    """Deals fixed damage (no dice, no shield, never empowered) to one intact zone without the
    armour symbol and not sealed, of an enemy in the area: a hero's action names it (Stealth and
    Guard apply), a tile event lets the party choose; a hero gets the kill's reward."""
    return bool(ctx.fx_zone_damage(amount=amount, area=area))


@_reg(TILE_EFFECTS)
def gain_item(ctx: Any, *, item: Annotated[str, Ref("item")],
              who: Literal["each", "token"] = "each") -> bool:
    """Every hero (or the start player's hero) gains a card of this item of its own, not one
    of the loot deck's copies (a tile's scroll reward)."""
    return bool(ctx.fx_gain_item(item=item, who=who))


@dataclass(frozen=True, slots=True)
class ChoiceDef:
    """One option of a party choice: its label and effects."""

    label: Text
    effects: tuple[Effect, ...]


@_reg(TILE_EFFECTS)
def party_choice(ctx: Any, *, options: tuple[ChoiceDef, ...]) -> bool:
    """The party (the start player) chooses one option and resolves its effects."""
    return bool(ctx.fx_party_choice(options=options))


# --- tiles and bosses: conditions, bosses, rewards ----------------------------------------------
@_reg(TILE_EFFECTS, BOSS_EFFECTS)
def if_box(ctx: Any, *, box: str, effects: tuple[Effect, ...],
           otherwise: tuple[Effect, ...] = ()) -> bool:
    """Resolves the effects when the campaign checkbox is ticked, else ``otherwise`` (a tile
    played on its own has no box ticked)."""
    return bool(ctx.fx_if_box(box=box, effects=effects, otherwise=otherwise))


@_reg(TILE_EFFECTS)
def if_round(ctx: Any, *, at_most: Annotated[int, Range(1, 20)],
             effects: tuple[Effect, ...]) -> bool:
    """Resolves the effects only while the round marker is on field ``at_most`` or earlier."""
    return bool(ctx.fx_if_round(at_most=at_most, effects=effects))


@_reg(TILE_EFFECTS)
def each_round(ctx: Any, *, effects: tuple[Effect, ...]) -> bool:
    """From the next round on, the effects resolve at every round start, after the spawns."""
    return bool(ctx.fx_each_round(effects=effects))


@_reg(TILE_EFFECTS)
def spawn_card(ctx: Any, *, enemy: Annotated[str, Ref("enemy")],
               area: Literal["N", "E", "S", "W"]) -> bool:
    """Puts a copy of an enemy card (from its deck's draw pile, then its discard) at the bottom
    of an area; nothing happens when no copy is free."""
    return bool(ctx.fx_spawn_card(enemy=enemy, area=area))


@_reg(TILE_EFFECTS)
def damage_boss(ctx: Any, *, zone: Annotated[int, Range(0, 5)],
                amount: Annotated[int, Range(1, 9)]) -> bool:
    """Puts damage on a zone of the tile's boss (no dice, no shield; overflow is lost)."""
    return bool(ctx.fx_boss("damage", zone=zone, amount=amount))


@_reg(TILE_EFFECTS)
def remove_ai_card(ctx: Any, *, card: Annotated[str, Ref("boss_card")]) -> bool:
    """Takes every copy of a card out of the boss's AI deck for the rest of the tile."""
    return bool(ctx.fx_boss("remove_card", card=card))


@_reg(TILE_EFFECTS, BOSS_EFFECTS)
def heal_boss(ctx: Any, *, amount: Annotated[int, Range(1, 9)],
              unless_hero_here: bool = False) -> bool:
    """Heals the boss, the most recent damage first (knocked-out zones stay out); with
    ``unless_hero_here`` nothing happens while a standing hero is in its area."""
    return bool(ctx.fx_boss("heal", amount=amount, unless_hero_here=unless_hero_here))


@_reg(TILE_EFFECTS, BOSS_EFFECTS)
def drain_mana(ctx: Any, *, amount: Annotated[int, Range(1, 6)], area: Area = "all") -> bool:
    """Every hero in the area loses available mana (as far as it has any)."""
    return bool(ctx.fx_drain_mana(amount=amount, area=area))


@_reg(BOSS_EFFECTS)
def boss_attack(ctx: Any, *, strength: Annotated[int, Range(0, 9)] = 0,
                target: Literal["here", "lowest_hp", "ranged", "around", "all"] = "here",
                aoe: bool = False, drain: Annotated[int, Range(0, 3)] = 0,
                otherwise: tuple[Effect, ...] = ()) -> bool:
    """The boss attacks with ``strength`` (0: its own attack; a star's bonus is added):
    ``here`` a hero in its area, ``lowest_hp`` the hero with the fewest hearts anywhere,
    ``ranged`` a hero in its area or else in the nearest area in the coin's direction (the
    party chooses among equals), ``around`` every hero in its area and both neighbouring areas,
    ``all`` every hero. ``aoe``: every other hero in the chosen hero's area too; ``drain``: each
    hero attacked moves that much mana to spent; ``otherwise`` resolves when nobody is there."""
    return bool(ctx.fx_boss("attack", strength=strength, target=target, aoe=aoe, drain=drain,
                            otherwise=otherwise))


@_reg(BOSS_EFFECTS)
def boss_move(ctx: Any, *, to: Literal["most_heroes", "clockwise", "counter"]) -> bool:
    """The boss moves to the bottom of another area: the area with the most standing heroes
    (it stays when its own is among them; otherwise the coin picks the nearest of equals), or
    one area along the ring."""
    return bool(ctx.fx_boss("move", to=to))


@_reg(BOSS_EFFECTS)
def boss_spawn(ctx: Any, *, rank: Literal["minion", "elite"] = "minion",
               where: Literal["heroes", "boss"] = "boss") -> bool:
    """Spawns one enemy of the tile's decks in every area with a standing hero, or in the
    boss's area."""
    return bool(ctx.fx_boss("spawn", rank=rank, where=where))


@_reg(BOSS_EFFECTS)
def boss_summon(ctx: Any, *, family: str, count: Annotated[int, Range(1, 3)] = 1) -> bool:
    """Finds up to ``count`` minion cards of a family (draw pile, then discard) and puts them
    right below the boss (spec AMB-19: nothing happens when none is free)."""
    return bool(ctx.fx_boss("summon", family=family, count=count))


@_reg(BOSS_EFFECTS)
def boss_taunt(ctx: Any) -> bool:
    """Enemy Taunt: pulls a hero from the nearest area with heroes in the coin's direction into
    the boss's area (the party chooses which)."""
    return bool(ctx.fx_boss("taunt"))


@_reg(BOSS_EFFECTS)
def heal_enemies(ctx: Any, *, families: tuple[str, ...],
                 amount: Annotated[int, Range(1, 6)]) -> bool:
    """Heals every other enemy of the families on the tile, the most recent damage first."""
    return bool(ctx.fx_boss("heal_enemies", families=families, amount=amount))


@_reg(BOSS_EFFECTS)
def unstun_enemies(ctx: Any, *, families: tuple[str, ...]) -> bool:
    """Turns every stunned enemy of the families back (their stun is lost)."""
    return bool(ctx.fx_boss("unstun", families=families))


@_reg(BOSS_EFFECTS)
def command(ctx: Any, *, attack: Annotated[int, Range(1, 3)] = 1) -> bool:
    """Every other enemy on the tile gains attack strength until the end of the round."""
    return bool(ctx.fx_boss("command", attack=attack))


@_reg(BOSS_EFFECTS)
def redraw(ctx: Any) -> bool:
    """The boss discards this AI card without resolving the rest of it and draws the next."""
    return bool(ctx.fx_boss("redraw"))
