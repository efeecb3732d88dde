"""Effect texts: every card's effects read as words in both languages (no ids, no "+0"), and
the view names level-up targets and every disease split's result."""

from __future__ import annotations

import re

import pytest

from engine.content.i18n import Catalog
from engine.rules.deckbuilder import RULES, battle
from engine.rules.deckbuilder.cards import table
from engine.rules.deckbuilder.texts import effect_message
from engine.rules.deckbuilder.view import card_data
from tests.deckbuilder.helpers import act, scenario

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _raw_values() -> set[str]:
    """Returns every string parameter value of the content (ids such as edged, light_penalty)."""
    values = set()
    for card in table().cards.values():
        for specs in card.specs.values():
            for spec in specs:
                values.update(v for v in spec["params"].values() if isinstance(v, str))
    return values


def _problems(text: str, lang: str, raw: set[str]) -> list[str]:
    out = []
    if "{" in text or "}" in text:
        out.append("placeholder left")
    if SNAKE.search(text) or "deckbuilder." in text:
        out.append("raw id")
    if re.search(r"[+−-]0\b", text):
        out.append("+0 bonus")
    if lang == "de":
        # German text never contains the English content ids as words
        out.extend(f"id {v!r}" for v in raw if re.search(rf"\b{re.escape(v)}\b", text))
    return out


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_effect_text_reads_as_words(lang: str) -> None:
    catalog = Catalog.load(lang)
    raw = _raw_values()
    problems = []
    for cid, card in sorted(table().cards.items()):
        for effect in card_data(card)["effects"]:
            text = catalog.message(effect["text"])
            text += " " + " ".join(catalog.message(c) for c in effect["costs"])
            problems.extend(f"{cid}: {text!r}: {p}" for p in _problems(text, lang, raw))
    assert not problems, "\n".join(problems)


def test_the_problem_detector_catches_what_it_should() -> None:
    raw = {"edged", "light_penalty"}
    assert _problems("Immun gegen Angriff (edged)", "de", raw)
    assert _problems("Cannot be attacked if light_penalty", "en", raw)
    assert _problems("attack +0, magic attack +1", "en", raw)
    assert _problems("Against {tag}", "en", raw)
    assert not _problems("Gegen Untote: magischer Angriff +1", "de", raw)


def test_bonuses_name_only_what_a_card_gives() -> None:
    en = Catalog.load("en")
    assert en.message(effect_message("versus", {"tag": "undead", "magic": 2})) \
        == "Against undead: magic attack +2"
    assert en.message(effect_message("empower", {"attack": 2, "magic": 1})) \
        == "One hero: attack +2, magic attack +1"
    assert en.message(effect_message("at_rank", {"ranks": [1, 2, 3], "attack": 1})) \
        == "At ranks 1, 2 and 3: attack +1"
    de = Catalog.load("de")
    assert de.message(effect_message("immune", {"to": "magic"})) == "Immun gegen magischen Angriff"
    assert de.message(effect_message("unattackable_if", {"used": "light_penalty"})) \
        == "Kann nicht angegriffen werden, solange Licht fehlt"


def test_an_unknown_content_id_fails_instead_of_reaching_the_player() -> None:
    with pytest.raises(KeyError):
        effect_message("versus", {"tag": "teapot", "attack": 1})


@pytest.mark.parametrize("lang", ["de", "en"])
def test_use_events_read_as_words(lang: str) -> None:
    catalog = Catalog.load(lang)
    st = scenario({"players": [
        {"hand": ["healer_mender", "disease", "oath_squire_1", "ration", "torch", "militia"]},
        {}]})
    events = act(st, "village()")
    events += act(st, "use(card=0, ability=0, pay=1)")
    text = " ".join(catalog.message({"key": e.key, "params": e.params}) for e in events)
    assert "{" not in text and "+0" not in text and not SNAKE.search(text)


def test_view_names_the_card_each_level_up_becomes() -> None:
    st = scenario({"players": [
        {"hand": ["moonwood_adept", "militia", "torch", "dagger", "ration", "ration"], "xp": 3},
        {}]})
    act(st, "village()")
    view = RULES.view(st, 0)
    levels = view["turn_state"]["levels"]
    legal = sorted((a["card"], a["to"]) for a in RULES.legal_actions(st) if a.kind == "level")
    assert sorted((e["card"], e["to"]) for e in levels) == legal
    elf = next(e for e in levels if e["card"] == 0)
    assert elf == {"card": 0, "to": "moonwood_elf", "next": "moonwood_sorcerer", "xp": 2}
    militia = {e["to"]: e for e in levels if e["card"] == 1}
    assert militia["anvil_dwarf"]["next"] == "anvil_guard" and militia["anvil_dwarf"]["xp"] == 3
    assert all(e["next"] in view["cards"] for e in levels)
    act(st, "level(card=0, to='moonwood_elf')")
    assert "moonwood_sorcerer" in st.players[0].discard


def test_view_gives_each_disease_split_its_own_result() -> None:
    # a half-magic monster: diseases on magic cost less than on physical attack
    st = scenario({"hall": ["mirror_ooze", "sky_griffin", "sky_griffin"], "players": [
        {"hand": ["anvil_fighter", "ember_blade", "disease", "disease", "torch", "torch"]},
        {}]})
    act(st, "dungeon()")
    act(st, "equip(hero=0, weapon=1)")
    act(st, "attack(rank=1)")
    assert st.phase == "split"
    entry = next(p for p in RULES.view(st, 0)["preview"] if p["rank"] == 1)
    splits = entry["splits"]
    legal = [a["magic"] for a in RULES.legal_actions(st)]
    assert [s["magic"] for s in splits] == legal and len(legal) > 1
    f = battle.prepare(st, 1)
    for s in splits:
        r = battle.finish(f, s["magic"])
        assert (s["attack"], s["win"], s["physical"]) == (r.total, r.win, 2 - s["magic"])
    assert len({s["attack"] for s in splits}) > 1  # the choice matters here
    best = max(splits, key=lambda s: (s["win"], s["attack"]))
    assert (entry["attack"], entry["win"]) == (best["attack"], best["win"])
