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
