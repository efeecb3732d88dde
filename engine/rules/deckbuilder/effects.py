"""The effect vocabulary of the deck-builder: one registered handler per effect type.

Four kinds of context receive the handlers:
- ``UseCtx`` (slots ``village``/``dungeon``): an ability the player activates; the handler acts.
- ``CardProfile`` (slot ``combat``): a passive battle modifier, recorded once at content load.
- ``MonsterProfile`` (slots ``battle``/``traits``): a monster's battle effects and traits.
- ``BreachCtx`` (slot ``breach``): what happens when the monster reaches rank 1.
Abilities share the cost parameters ``repeat`` (usable any number of times, seed "WH"),
``destroy_self`` (destroy this card) and ``destroy`` (destroy one other revealed card matching a
filter, chosen in the ``use`` action as ``pay``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol

from engine.rules.deckbuilder._pipeline import Range, effect

GAME = "deckbuilder"
Filter = Literal["any", "other", "disease", "militia", "hero", "weapon", "edged", "item", "spell",
                 "villager", "food", "monster", "light"]
AttackKind = Literal["physical", "magic"]

# Which slot each effect type may appear in, and what an ability targets (checked at load).
SLOTS: dict[str, str] = {}
TARGETS: dict[str, str] = {}


def _slot(slot: str, target: str = "") -> Any:
    def wrap(fn: Any) -> Any:
        SLOTS[fn.__name__] = slot
        if target:
            TARGETS[fn.__name__] = target
        return fn
    return wrap


class UseCtx(Protocol):
    """What an activated ability may do (implemented by the rules)."""

    target: int

    def add_gold(self, amount: int) -> None: ...
    def add_buys(self, count: int) -> None: ...
    def draw(self, count: int) -> None: ...
    def add_xp(self, amount: int) -> None: ...
    def add_strength(self, hero: int, amount: int) -> None: ...
    def add_attack(self, hero: int, attack: int, magic: int) -> None: ...
    def banish(self, rank: int) -> None: ...
    def ask_destroy(self, what: str, then_draw: int) -> None: ...
    def gain_disease(self, count: int) -> None: ...
    @property
    def source(self) -> int: ...


class CardProfile:
    """The passive battle modifiers of one card, filled by the ``combat`` handlers."""

    __slots__ = ("weapon_bonus", "vs_bonus", "rank_bonus", "strength_bonus", "party",
                 "party_strength", "double_physical", "double_magic", "no_attack_ranks",
                 "curse", "spoils", "passive", "bonuses")

    def __init__(self) -> None:
        self.weapon_bonus: list[tuple[str, int, int]] = []
        self.vs_bonus: list[tuple[str, int, int]] = []
        self.rank_bonus: list[tuple[tuple[int, ...], int, int]] = []
        self.strength_bonus: list[tuple[int, int, int]] = []
        self.party: list[tuple[int, int]] = []
        self.party_strength = 0
        self.double_physical = False
        self.double_magic = False
        self.no_attack_ranks: tuple[int, ...] = ()
        self.curse = 0
        self.spoils: list[str] = []
        # set by ``settle`` once the handlers have run: whether the card changes the whole
        # party's fight (party bonus or strength, doubling)
        self.passive = False
        # whether the card has an attack bonus of its own (weapon, versus, rank, strength)
        self.bonuses = False

    def settle(self) -> None:
        """Notes what the handlers recorded (the fight reads it per card)."""
        self.passive = bool(self.party_strength or self.party or self.double_physical
                            or self.double_magic)
        self.bonuses = bool(self.weapon_bonus or self.vs_bonus or self.rank_bonus
                            or self.strength_bonus)


class MonsterProfile:
    """A monster's traits and battle effects, filled by the ``traits``/``battle`` handlers."""

    __slots__ = ("immune_magic", "immune_edged", "immune_unarmed", "half_magic", "half_unless",
                 "only_magic", "needs_magic", "unarmed_no_attack", "weak_no_attack",
                 "unattackable", "defeat_only", "fixed_light", "strength_mod", "attack_penalty",
                 "prevent", "destroys", "diseases", "lose_xp", "spoils")

    def __init__(self) -> None:
        self.immune_magic = False
        self.immune_edged = False
        self.immune_unarmed = False
        self.half_magic = False
        self.half_unless: list[str] = []
        self.only_magic = False
        self.needs_magic = False
        self.unarmed_no_attack = False
        self.weak_no_attack = -99
        self.unattackable: list[str] = []
        self.defeat_only = False
        self.fixed_light = False
        self.strength_mod = 0
        self.attack_penalty = 0
        self.prevent = 0
        self.destroys: list[tuple[str, int]] = []
        self.diseases = 0
        self.lose_xp = 0
        self.spoils: list[str] = []


class BreachCtx(Protocol):
    """What a breach effect may do (implemented by the rules)."""

    def each_gains_disease(self, count: int) -> None: ...
    def trash_village_tops(self, category: str, count: int) -> None: ...
    def each_loses_xp(self, amount: int) -> None: ...


Amount = Annotated[int, Range(1, 9)]

# --- abilities (village / dungeon) -------------------------------------------------------------


@effect(GAME, "gold")
@_slot("ability")
def gold(ctx: UseCtx, *, amount: Amount, repeat: bool = False, destroy_self: bool = False,
         destroy: Filter | None = None) -> None:
    """Adds ``amount`` gold to this village visit (after paying the cost)."""
    ctx.add_gold(amount)


@effect(GAME, "extra_buy")
@_slot("ability")
def extra_buy(ctx: UseCtx, *, count: Amount = 1, repeat: bool = False,
              destroy_self: bool = False, destroy: Filter | None = None) -> None:
    """Allows ``count`` more purchases this visit (their total price stays within the gold)."""
    ctx.add_buys(count)


@effect(GAME, "draw")
@_slot("ability")
def draw(ctx: UseCtx, *, count: Amount = 1, repeat: bool = False, destroy_self: bool = False,
         destroy: Filter | None = None) -> None:
    """Reveals ``count`` more cards from the deck; they join the revealed hand."""
    ctx.draw(count)


@effect(GAME, "gain_xp")
@_slot("ability")
def gain_xp(ctx: UseCtx, *, amount: Amount = 1, repeat: bool = False,
            destroy_self: bool = False, destroy: Filter | None = None) -> None:
    """Takes ``amount`` experience points from the supply."""
    ctx.add_xp(amount)


@effect(GAME, "strengthen")
@_slot("ability", "hero")
def strengthen(ctx: UseCtx, *, amount: Amount = 2, repeat: bool = False,
               destroy_self: bool = False, destroy: Filter | None = None) -> None:
    """Gives the chosen hero ``amount`` strength for this turn."""
    ctx.add_strength(ctx.target, amount)


@effect(GAME, "empower")
@_slot("ability", "hero")
def empower(ctx: UseCtx, *, attack: Annotated[int, Range(0, 9)] = 0,
            magic: Annotated[int, Range(0, 9)] = 0, repeat: bool = False,
            destroy_self: bool = False, destroy: Filter | None = None) -> None:
    """Gives the chosen hero extra attack and magic attack for this fight."""
    ctx.add_attack(ctx.target, attack, magic)


@effect(GAME, "empower_self")
@_slot("ability")
def empower_self(ctx: UseCtx, *, attack: Annotated[int, Range(0, 9)] = 0,
                 magic: Annotated[int, Range(0, 9)] = 0, repeat: bool = False,
                 destroy_self: bool = False, destroy: Filter | None = None) -> None:
    """Gives this hero extra attack and magic attack for this fight."""
    ctx.add_attack(ctx.source, attack, magic)


@effect(GAME, "banish")
@_slot("ability", "monster")
def banish(ctx: UseCtx, *, destroy_one: bool = True, draw: Annotated[int, Range(0, 3)] = 1,
           repeat: bool = False, destroy_self: bool = False,
           destroy: Filter | None = None) -> None:
    """Puts the chosen hall monster under the dungeon deck, refills; then a card is destroyed."""
    ctx.banish(ctx.target)
    # seed 000, "Beispiel eines Kampfes": first a revealed card is destroyed, then one is drawn
    if destroy_one:
        ctx.ask_destroy("any", draw)
    elif draw:
        ctx.draw(draw)


# --- passive battle modifiers (combat) ---------------------------------------------------------

Bonus = Annotated[int, Range(-9, 9)]


@effect(GAME, "weapon_bonus")
@_slot("combat")
def weapon_bonus(ctx: CardProfile, *, tag: str = "weapon", attack: Bonus = 0,
                 magic: Bonus = 0) -> None:
    """Hero: extra attack while it wields a weapon with ``tag`` (e.g. edged)."""
    ctx.weapon_bonus.append((tag, attack, magic))


@effect(GAME, "versus")
@_slot("combat")
def versus(ctx: CardProfile, *, tag: str, attack: Bonus = 0, magic: Bonus = 0) -> None:
    """Extra attack against monsters of a type (e.g. undead)."""
    ctx.vs_bonus.append((tag, attack, magic))


@effect(GAME, "at_rank")
@_slot("combat")
def at_rank(ctx: CardProfile, *, ranks: tuple[int, ...], attack: Bonus = 0,
            magic: Bonus = 0) -> None:
    """Extra attack when the monster fought stands on one of ``ranks``."""
    ctx.rank_bonus.append((tuple(ranks), attack, magic))


@effect(GAME, "heavy_bonus")
@_slot("combat")
def heavy_bonus(ctx: CardProfile, *, strength: Annotated[int, Range(1, 12)],
                attack: Bonus = 0, magic: Bonus = 0) -> None:
    """Weapon: extra attack while its wielder has at least ``strength``."""
    ctx.strength_bonus.append((strength, attack, magic))


@effect(GAME, "party_attack")
@_slot("combat")
def party_attack(ctx: CardProfile, *, attack: Bonus = 0, magic: Bonus = 0) -> None:
    """Every attacking hero gets extra attack (counted once per hero)."""
    ctx.party.append((attack, magic))


@effect(GAME, "party_strength")
@_slot("combat")
def party_strength(ctx: CardProfile, *, amount: Bonus) -> None:
    """Every hero gets extra strength this fight."""
    ctx.party_strength += amount


@effect(GAME, "double")
@_slot("combat")
def double(ctx: CardProfile, *, kind: AttackKind) -> None:
    """Doubles the party's total physical or magic attack (after all modifiers, not light)."""
    if kind == "physical":
        ctx.double_physical = True
    else:
        ctx.double_magic = True


@effect(GAME, "no_attack_at")
@_slot("combat")
def no_attack_at(ctx: CardProfile, *, ranks: tuple[int, ...]) -> None:
    """Hero: cannot attack a monster on one of ``ranks`` (no attack, no light)."""
    ctx.no_attack_ranks = tuple(ranks)


@effect(GAME, "cursed")
@_slot("combat")
def cursed(ctx: CardProfile, *, count: Amount = 1) -> None:
    """When this card takes part in a fight, its owner gains ``count`` diseases afterwards."""
    ctx.curse += count


@effect(GAME, "spoils")
@_slot("combat")
def spoils(ctx: CardProfile | MonsterProfile, *, category: str) -> None:
    """After a won fight, buy one village card of ``category`` with the surviving gold."""
    ctx.spoils.append(category)


# --- monster battle effects (battle) -----------------------------------------------------------


@effect(GAME, "weaken")
@_slot("battle")
def weaken(ctx: MonsterProfile, *, amount: Annotated[int, Range(1, 9)]) -> None:
    """Every hero loses ``amount`` strength in this fight."""
    ctx.strength_mod -= amount


@effect(GAME, "drain")
@_slot("battle")
def drain(ctx: MonsterProfile, *, amount: Annotated[int, Range(1, 9)]) -> None:
    """The total attack is reduced by ``amount``."""
    ctx.attack_penalty += amount


@effect(GAME, "stun_hero")
@_slot("battle")
def stun_hero(ctx: MonsterProfile, *, count: Annotated[int, Range(1, 3)] = 1) -> None:
    """The ``count`` strongest attacking heroes cannot attack."""
    ctx.prevent += count


@effect(GAME, "destroy")
@_slot("battle")
def destroy(ctx: MonsterProfile, *, what: Filter, count: Annotated[int, Range(1, 3)] = 1) -> None:
    """Destroys ``count`` revealed cards matching ``what`` (they fight until the end)."""
    ctx.destroys.append((what, count))


@effect(GAME, "infect")
@_slot("battle")
def infect(ctx: MonsterProfile, *, count: Amount = 1) -> None:
    """The attacker gains ``count`` diseases."""
    ctx.diseases += count


@effect(GAME, "sap_xp")
@_slot("battle")
def sap_xp(ctx: MonsterProfile, *, amount: Amount = 1) -> None:
    """The attacker loses up to ``amount`` experience points."""
    ctx.lose_xp += amount


@effect(GAME, "monster_spoils")
@_slot("battle")
def monster_spoils(ctx: MonsterProfile, *, category: str) -> None:
    """Spoils: after defeating it, buy one village card of ``category``."""
    ctx.spoils.append(category)


# --- monster traits (traits) -------------------------------------------------------------------


@effect(GAME, "immune")
@_slot("trait")
def immune(ctx: MonsterProfile, *, to: Literal["magic", "edged", "unarmed"]) -> None:
    """Attack of that kind counts 0 against this monster (light still counts)."""
    setattr(ctx, "immune_" + to, True)


@effect(GAME, "half_magic")
@_slot("trait")
def half_magic(ctx: MonsterProfile) -> None:
    """Magic attack deals half damage, rounded down."""
    ctx.half_magic = True


@effect(GAME, "half_unless")
@_slot("trait")
def half_unless(ctx: MonsterProfile, *, need: str) -> None:
    """The total attack is halved unless the revealed cards include ``need`` (or magic attack)."""
    ctx.half_unless.append(need)


@effect(GAME, "only_magic")
@_slot("trait")
def only_magic(ctx: MonsterProfile) -> None:
    """Only magic attack counts."""
    ctx.only_magic = True


@effect(GAME, "needs_magic")
@_slot("trait")
def needs_magic(ctx: MonsterProfile) -> None:
    """It is defeated only if the attack includes at least 1 magic attack."""
    ctx.needs_magic = True


@effect(GAME, "unarmed_cannot_attack")
@_slot("trait")
def unarmed_cannot_attack(ctx: MonsterProfile) -> None:
    """Heroes without a weapon cannot attack it."""
    ctx.unarmed_no_attack = True


@effect(GAME, "weak_cannot_attack")
@_slot("trait")
def weak_cannot_attack(ctx: MonsterProfile, *, strength: Annotated[int, Range(0, 12)]) -> None:
    """Heroes with ``strength`` or less cannot attack it."""
    ctx.weak_no_attack = strength


@effect(GAME, "unattackable_if")
@_slot("trait")
def unattackable_if(ctx: MonsterProfile, *, used: str) -> None:
    """It cannot be chosen while ``used`` applies (``light_penalty`` or a card type used)."""
    ctx.unattackable.append(used)


@effect(GAME, "defeat_only")
@_slot("trait")
def defeat_only(ctx: MonsterProfile) -> None:
    """It leaves the hall only when defeated (no banishing, stays after a lost fight)."""
    ctx.defeat_only = True


@effect(GAME, "fixed_light")
@_slot("trait")
def fixed_light(ctx: MonsterProfile) -> None:
    """Its light penalty cannot be reduced by light."""
    ctx.fixed_light = True


# --- breach ------------------------------------------------------------------------------------


@effect(GAME, "breach_disease")
@_slot("breach")
def breach_disease(ctx: BreachCtx, *, count: Amount = 1) -> None:
    """Every player gains ``count`` diseases."""
    ctx.each_gains_disease(count)


@effect(GAME, "breach_raze")
@_slot("breach")
def breach_raze(ctx: BreachCtx, *, category: str, count: Amount = 1) -> None:
    """Destroys the top ``count`` cards of every village pile of ``category``."""
    ctx.trash_village_tops(category, count)


@effect(GAME, "breach_sap_xp")
@_slot("breach")
def breach_sap_xp(ctx: BreachCtx, *, amount: Amount = 1) -> None:
    """Every player loses up to ``amount`` experience points."""
    ctx.each_loses_xp(amount)


HANDLERS = {name: globals()[name] for name in SLOTS}
ABILITY_COMMON = ("repeat", "destroy_self", "destroy")
