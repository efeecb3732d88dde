"""Content checks: counts, the effect vocabulary in use, catalog keys and presets."""

from __future__ import annotations

from engine.content.i18n import load_entries
from engine.rules.deckbuilder import RULES
from engine.rules.deckbuilder.cards import table
from engine.rules.deckbuilder.effects import SLOTS
from engine.rules.deckbuilder.keys import EFFECT_KEYS, FILTER_KEYS


def _used_types() -> set[str]:
    used = set()
    for card in table().cards.values():
        for specs in card.specs.values():
            used.update(s["type"] for s in specs)
    return used


def test_content_counts() -> None:
    t = table()
    assert len(t.groups) >= 10 and all(len(t.group_cards(g)) == 10 for g in t.groups)
    assert len(t.classes) >= 15 and all(sorted(v) == [1, 2, 3] for v in t.class_levels.values())
    assert len(t.villages) >= 27
    cats = {t.cards[v].cat for v in t.villages}
    assert cats == {"weapon", "item", "spell", "villager", "food"}
    assert all(t.cards[v].weight or not t.cards[v].is_weapon or v == "phantom_blade"
               for v in t.villages)


def test_every_effect_type_is_used_and_named() -> None:
    assert set(EFFECT_KEYS) == set(SLOTS)
    assert _used_types() == set(SLOTS)
    en, de = load_entries("en"), load_entries("de")
    for key in list(EFFECT_KEYS.values()) + list(FILTER_KEYS.values()):
        assert key in en and key in de


def test_every_named_mechanic_has_a_card() -> None:
    t = table()
    monsters = [c.mon for c in t.cards.values() if c.mon]
    assert any(m.spoils for m in monsters) and any(c.prof.spoils for c in t.cards.values())
    assert any(c.breach for c in t.cards.values())
    assert any(m.immune_magic for m in monsters) and any(m.immune_edged for m in monsters)
    assert any(m.immune_unarmed for m in monsters) and any(m.half_magic for m in monsters)
    assert any(m.half_unless for m in monsters) and any(m.only_magic for m in monsters)
    assert any(m.needs_magic for m in monsters) and any(m.unarmed_no_attack for m in monsters)
    assert any(m.weak_no_attack > 0 for m in monsters) and any(m.defeat_only for m in monsters)
    assert any(m.fixed_light for m in monsters) and any(m.diseases for m in monsters)
    assert {u for m in monsters for u in m.unattackable} >= {"light_penalty", "spell"}
    assert any(a.repeat for c in t.cards.values() for a in c.village + c.dungeon)
    assert any(c.prof.double_magic for c in t.cards.values())
    assert any(c.prof.double_physical for c in t.cards.values())
    assert any(c.is_monster and (c.light or c.attack or c.gold) for c in t.cards.values())


def test_presets_match_the_setup_option() -> None:
    choices = next(o for o in RULES.options if o.id == "setup").choices
    presets = set(table().presets)
    assert presets <= set(choices) and set(choices) - presets == {"smart", "random", "code"}
