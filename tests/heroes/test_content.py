"""The heroes content: complete, well-formed, and named our own way."""

from __future__ import annotations

import re

from engine.content.loader import validate_game_content
from engine.rules.heroes import content as C
from engine.rules.heroes import decks
from engine.rules.heroes.battle import setup as battle_setup
from engine.rules.heroes.effects import CARD_EFFECTS, UNIT_EFFECTS

# names of the published game that must not appear (issue #13: our own names only)
FORBIDDEN = ("catherine", "sandro", "necropolis", "nekropolis", "archangels?", "erzengel",
             "behemoths?", "gelu", "crag hack", "erathia", "griffins?", "greife?n?",
             "troglodytes?", "troglodyten", "skeletons?", "skelette?", "zombies?",
             "halberdiers?", "hellebardiere?", "marksm[ae]n", "scharfschützen", "crusaders?",
             "kreuzritter", "zealots?", "zeloten", "champions?", "kämpen", "evil eyes?",
             "augen des bösen", "medusas?", "medusen", "minotaurs?", "minotauren",
             "manticores?", "mantikore", "black dragons?", "vampires?", "vampire", "liches?",
             "liche", "dread knights?", "ghost dragons?", "alamar", "deemer", "adela", "mutare",
             "tamika", "antagarich", "harp(y|ies)", "harpyien", "castle", "dungeon")


def test_the_content_validates() -> None:
    assert validate_game_content("heroes") == []


def test_three_factions_of_seven_units_with_both_sides() -> None:
    factions = C.all_of("faction")
    assert len(factions) == 3
    for f in factions:
        units = [C.unit(u) for u in f.units]
        assert [u.tier for u in units].count("bronze") == 3
        assert [u.tier for u in units].count("silver") == 2
        assert [u.tier for u in units].count("gold") == 2
        assert {u.type for u in units} == {"ground", "flying", "ranged"}
        for u in units:
            assert u.role == "faction" and u.faction == f.id and u.pack is not None
            assert u.reinforce is not None


def test_neutral_decks_cover_four_tiers_and_the_worst_table_rows() -> None:
    neutrals = [u for u in C.all_of("unit") if u.role == "neutral"]
    assert len(neutrals) >= 27
    count = {t: sum(u.copies for u in neutrals if u.tier == t)
             for t in ("bronze", "silver", "gold", "azure")}
    assert all(count.values())
    for u in neutrals:
        assert u.pack is None and u.faction is None
    for table in C.all_of("neutral_table"):
        for field in range(1, 8):
            for diff in battle_setup.DIFFICULTIES:
                tiers = battle_setup.neutral_tiers(field, diff, table.id)
                for t in set(tiers):
                    assert tiers.count(t) <= count[t], (table.id, field, diff)


def test_six_heroes_with_nine_card_decks_and_three_specialties() -> None:
    heroes = C.all_of("hero")
    assert len(heroes) == 6
    for f in C.all_of("faction"):
        assert sorted(C.hero(h).type for h in f.heroes) == ["magic", "might"]
    for h in heroes:
        total = h.attack + h.defence + h.power + h.knowledge
        assert total == (6 if h.type == "might" else 5)
        assert len(decks.starting_deck(h.id, 1)) == 9
        assert len(decks.starting_deck(h.id, 7)) == 11
        assert all(C.card(s).kind == "specialty" for s in h.specialties)
        assert C.card(h.ability).kind == "ability"


def test_cards_statistics_spells_abilities() -> None:
    cards = C.all_of("card")
    stats = [c for c in cards if c.kind == "stat" and c.copies]
    assert sorted(c.id for c in stats) == ["attack", "defence", "knowledge", "power"]
    # the expansion's empowered statistics: one effect, no crown (seed "Verstärkte
    # Statistikkarten"), outside every deck
    empowered = [c for c in cards if c.kind == "stat" and not c.copies]
    assert len(empowered) == 4 and all([m.crown for m in c.modes] == [False] for c in empowered)
    spells = [c for c in cards if c.kind == "spell"]
    assert len(spells) >= 12
    for c in spells:
        assert c.school is not None and c.level is not None
        alt = [m for m in c.modes if m.id == "empower"]
        assert alt and not alt[0].cast  # the alternative effect powers other spells
        casts = [m for m in c.modes if m.cast]
        assert casts and min(m.cost for m in casts) == 0
    assert C.card("magic_arrow").school == "any"
    for name in ("magic_arrow", "lightning_bolt", "haste", "town_portal", "fireball", "curse"):
        assert C.card(name).kind == "spell"  # every spell the seed names by its effect
    battle_abilities = [c for c in cards if c.kind == "ability"
                        and any(m.timing != "adventure" for m in c.modes)]
    assert len(battle_abilities) >= 8
    for c in cards:
        if c.kind in ("stat", "ability") and c not in empowered:
            assert [m.crown for m in c.modes] == [False, True]
        if c.kind == "artifact":
            assert [m.id for m in c.modes] == ["top", "bottom"]
    assert C.unit("arrow_tower").role == "tower"


def test_effects_belong_where_they_are_used() -> None:
    for u in C.all_of("unit"):
        for ab in u.abilities:
            for e in ab.effects:
                assert e.type in UNIT_EFFECTS, (u.id, e.type)
                assert ab.trigger in UNIT_EFFECTS[e.type], (u.id, e.type, ab.trigger)
    for c in C.all_of("card"):
        for m in c.modes:
            for e in m.effects:
                assert e.type in CARD_EFFECTS, (c.id, e.type)


def test_names_are_our_own() -> None:
    for kind in ("unit", "card", "hero", "faction"):
        for entry in C.all_of(kind):
            for lang in ("en", "de"):
                text = entry.name[lang].lower()
                hits = [w for w in FORBIDDEN if re.search(r"\b(" + w + r")\b", text)]
                assert not hits, (kind, entry.id, text, hits)
                assert entry.name[lang].strip()
