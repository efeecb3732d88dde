"""Catalog keys that the rules choose at run time, listed literally (searchable, and checked
against the effect vocabulary by tests/deckbuilder/test_content.py)."""

from __future__ import annotations

EFFECT_KEYS = {
    "gold": "deckbuilder.effect.gold",
    "extra_buy": "deckbuilder.effect.extra_buy",
    "draw": "deckbuilder.effect.draw",
    "gain_xp": "deckbuilder.effect.gain_xp",
    "strengthen": "deckbuilder.effect.strengthen",
    "empower": "deckbuilder.effect.empower",
    "empower_self": "deckbuilder.effect.empower_self",
    "banish": "deckbuilder.effect.banish",
    "weapon_bonus": "deckbuilder.effect.weapon_bonus",
    "versus": "deckbuilder.effect.versus",
    "at_rank": "deckbuilder.effect.at_rank",
    "heavy_bonus": "deckbuilder.effect.heavy_bonus",
    "party_attack": "deckbuilder.effect.party_attack",
    "party_strength": "deckbuilder.effect.party_strength",
    "double": "deckbuilder.effect.double",
    "no_attack_at": "deckbuilder.effect.no_attack_at",
    "cursed": "deckbuilder.effect.cursed",
    "spoils": "deckbuilder.effect.spoils",
    "weaken": "deckbuilder.effect.weaken",
    "drain": "deckbuilder.effect.drain",
    "stun_hero": "deckbuilder.effect.stun_hero",
    "destroy": "deckbuilder.effect.destroy",
    "infect": "deckbuilder.effect.infect",
    "sap_xp": "deckbuilder.effect.sap_xp",
    "monster_spoils": "deckbuilder.effect.monster_spoils",
    "immune": "deckbuilder.effect.immune",
    "half_magic": "deckbuilder.effect.half_magic",
    "half_unless": "deckbuilder.effect.half_unless",
    "only_magic": "deckbuilder.effect.only_magic",
    "needs_magic": "deckbuilder.effect.needs_magic",
    "unarmed_cannot_attack": "deckbuilder.effect.unarmed_cannot_attack",
    "weak_cannot_attack": "deckbuilder.effect.weak_cannot_attack",
    "unattackable_if": "deckbuilder.effect.unattackable_if",
    "defeat_only": "deckbuilder.effect.defeat_only",
    "fixed_light": "deckbuilder.effect.fixed_light",
    "breach_disease": "deckbuilder.effect.breach_disease",
    "breach_raze": "deckbuilder.effect.breach_raze",
    "breach_sap_xp": "deckbuilder.effect.breach_sap_xp",
}

FILTER_KEYS = {
    "any": "deckbuilder.filter.any",
    "other": "deckbuilder.filter.other",
    "disease": "deckbuilder.filter.disease",
    "militia": "deckbuilder.filter.militia",
    "hero": "deckbuilder.filter.hero",
    "weapon": "deckbuilder.filter.weapon",
    "edged": "deckbuilder.filter.edged",
    "item": "deckbuilder.filter.item",
    "spell": "deckbuilder.filter.spell",
    "villager": "deckbuilder.filter.villager",
    "food": "deckbuilder.filter.food",
    "monster": "deckbuilder.filter.monster",
    "light": "deckbuilder.filter.light",
}

SLOT_KEYS = {
    "village": "deckbuilder.slot.village",
    "dungeon": "deckbuilder.slot.dungeon",
    "combat": "deckbuilder.slot.combat",
    "battle": "deckbuilder.slot.battle",
    "traits": "deckbuilder.slot.traits",
    "breach": "deckbuilder.slot.breach",
}

COST_KEYS = {
    "repeat": "deckbuilder.cost.repeat",
    "destroy_self": "deckbuilder.cost.destroy_self",
    "destroy": "deckbuilder.cost.destroy",
}

# battle terms: key, and key + "_magic" for a magic contribution
TERM_KEYS = {
    "deckbuilder.bd.hero": "deckbuilder.bd.hero_magic",
    "deckbuilder.bd.weapon": "deckbuilder.bd.weapon_magic",
    "deckbuilder.bd.party": "deckbuilder.bd.party_magic",
    "deckbuilder.bd.trophy": "deckbuilder.bd.trophy_magic",
    "deckbuilder.bd.card": "deckbuilder.bd.card_magic",
    "deckbuilder.bd.immune_unarmed": "deckbuilder.bd.immune_unarmed",
    "deckbuilder.bd.immune_edged": "deckbuilder.bd.immune_edged",
    "deckbuilder.bd.only_magic": "deckbuilder.bd.only_magic",
}

# effect texts that depend on a parameter (engine/rules/deckbuilder/texts.py):
# (effect type, variant) -> key; "one" is the singular of a count of 1
EFFECT_VARIANT_KEYS = {
    ("extra_buy", "one"): "deckbuilder.effect.extra_buy.one",
    ("draw", "one"): "deckbuilder.effect.draw.one",
    ("cursed", "one"): "deckbuilder.effect.cursed.one",
    ("infect", "one"): "deckbuilder.effect.infect.one",
    ("breach_disease", "one"): "deckbuilder.effect.breach_disease.one",
    ("breach_raze", "one"): "deckbuilder.effect.breach_raze.one",
    ("stun_hero", "one"): "deckbuilder.effect.stun_hero.one",
    ("destroy", "one"): "deckbuilder.effect.destroy.one",
    ("at_rank", "one"): "deckbuilder.effect.at_rank.one",
    ("no_attack_at", "one"): "deckbuilder.effect.no_attack_at.one",
    ("banish", "keep"): "deckbuilder.effect.banish.keep",
    ("double", "physical"): "deckbuilder.effect.double.physical",
    ("double", "magic"): "deckbuilder.effect.double.magic",
    ("immune", "magic"): "deckbuilder.effect.immune.magic",
    ("immune", "edged"): "deckbuilder.effect.immune.edged",
    ("immune", "unarmed"): "deckbuilder.effect.immune.unarmed",
    ("half_unless", "magic"): "deckbuilder.effect.half_unless.magic",
    ("unattackable_if", "light_penalty"): "deckbuilder.effect.unattackable_if.light_penalty",
}

# "attack +2" / "magic attack +1" / both; "2 and 3"
BONUS_KEYS = {
    "attack": "deckbuilder.bonus.attack",
    "magic": "deckbuilder.bonus.magic",
    "both": "deckbuilder.bonus.both",
    "and": "deckbuilder.bonus.and",
}

# versus: monster types as foes ("Against undead")
FOE_KEYS = {
    "abyssal": "deckbuilder.foe.abyssal",
    "beast": "deckbuilder.foe.beast",
    "doom": "deckbuilder.foe.doom",
    "dragon": "deckbuilder.foe.dragon",
    "dread": "deckbuilder.foe.dread",
    "elemental": "deckbuilder.foe.elemental",
    "enchanted": "deckbuilder.foe.enchanted",
    "golem": "deckbuilder.foe.golem",
    "humanoid": "deckbuilder.foe.humanoid",
    "nature": "deckbuilder.foe.nature",
    "ooze": "deckbuilder.foe.ooze",
    "spirit": "deckbuilder.foe.spirit",
    "undead": "deckbuilder.foe.undead",
}

# weapon_bonus: the weapon a hero carries ("With an edged weapon"; German dative)
WEAPON_TAG_KEYS = {
    "weapon": "deckbuilder.weapon_tag.weapon",
    "edged": "deckbuilder.weapon_tag.edged",
    "blunt": "deckbuilder.weapon_tag.blunt",
    "bow": "deckbuilder.weapon_tag.bow",
}

# half_unless: what the revealed cards must include ("Without a blunt weapon")
NEED_KEYS = {
    "weapon": "deckbuilder.need.weapon",
    "edged": "deckbuilder.need.edged",
    "blunt": "deckbuilder.need.blunt",
    "light": "deckbuilder.need.light",
}

# breach_raze: the village piles it strikes ("every hero pile"; German genitive)
PILE_KEYS = {
    "hero": "deckbuilder.pile_of.hero",
    "weapon": "deckbuilder.pile_of.weapon",
    "item": "deckbuilder.pile_of.item",
    "spell": "deckbuilder.pile_of.spell",
    "villager": "deckbuilder.pile_of.villager",
    "food": "deckbuilder.pile_of.food",
}
