"""Both languages are complete, and every catalog key is used somewhere.

A key counts as used when it appears as a literal string in code (engine/, scenes/, tabletop_hall/)
or in content data. Keys built at run time must therefore be listed literally where they are
chosen (a table of keys), which also keeps them searchable.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.content.i18n import LANGUAGES, load_entries

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _sources() -> str:
    parts = []
    for folder in ("engine", "scenes", "tools", "tabletop_hall"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts.append(path.read_text(encoding="utf-8"))
    parts.append((ROOT / "main.py").read_text(encoding="utf-8")
                 if (ROOT / "main.py").exists() else "")
    for path in sorted((ROOT / "data").rglob("*.yaml")):
        if "i18n" not in path.parts:
            parts.append(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "assets").rglob("*.yaml")):
        parts.append(path.read_text(encoding="utf-8"))
    return "\n".join(parts)


def test_every_key_exists_in_both_languages() -> None:
    catalogs = {lang: load_entries(lang) for lang in LANGUAGES}
    problems = []
    for lang, entries in catalogs.items():
        for other, other_entries in catalogs.items():
            for key in sorted(set(other_entries) - set(entries)):
                problems.append(f"{lang}: missing {key} (present in {other})")
        for key, text in entries.items():
            if not text.strip():
                problems.append(f"{lang}: {key} is empty")
    assert not problems, "\n".join(problems[:50])


def test_placeholders_agree_between_languages() -> None:
    de, en = load_entries("de"), load_entries("en")
    problems = [
        f"{key}: de uses {sorted(set(PLACEHOLDER.findall(de[key])))}, "
        f"en uses {sorted(set(PLACEHOLDER.findall(en[key])))}"
        for key in sorted(set(de) & set(en))
        if set(PLACEHOLDER.findall(de[key])) != set(PLACEHOLDER.findall(en[key]))
    ]
    assert not problems, "\n".join(problems[:50])


def test_every_key_is_used() -> None:
    tokens = set(re.findall(r"[A-Za-z0-9_.]+", _sources()))
    # A singular form "<key>.one" is used wherever its key is (engine/content/i18n.py); so is
    # an option's explanation "<label>.tip" (the set-up's tooltips, scenes/newgame.py).
    unused = [key for key in sorted(load_entries("en"))
              if key not in tokens and not (key.endswith(".one") and key[:-4] in tokens)
              and not (key.endswith(".tip") and ".opt" in key and key[:-4] in tokens)]
    assert not unused, "unused catalog keys:\n" + "\n".join(unused[:80])


def test_singular_form_is_used_for_a_count_of_one() -> None:
    from engine.content.i18n import Catalog

    cat = Catalog("en", {"x.draw": "{count} cards drawn.", "x.draw.one": "{count} card drawn.",
                         "x.plain": "{count} of {n}"})
    assert cat.t("x.draw", count=1) == "1 card drawn."
    assert cat.t("x.draw", count=3) == "3 cards drawn."
    assert cat.t("x.draw", count=0) == "0 cards drawn."
    assert cat.t("x.plain", count=1, n=2) == "1 of 2"


def test_singular_forms_exist_in_both_languages_alike() -> None:
    de, en = load_entries("de"), load_entries("en")
    ones = {k for k in (*de, *en) if k.endswith(".one")}
    for key in sorted(ones):
        assert key in de and key in en and key[:-4] in de and key[:-4] in en, key


def test_singular_form_counts_the_parameter_it_leaves_out() -> None:
    from engine.content.i18n import Catalog

    cat = Catalog("en", {"x.hit": "{who} takes {clicks} clicks.",
                         "x.hit.one": "{who} takes 1 click.",
                         "x.turn": "Round {round}: {activations} activations.",
                         "x.turn.one": "Round {round}: 1 activation."})
    assert cat.t("x.hit", who="Ash", clicks=1) == "Ash takes 1 click."
    assert cat.t("x.hit", who="Ash", clicks=2) == "Ash takes 2 clicks."
    assert cat.t("x.turn", round=1, activations=2) == "Round 1: 2 activations."
    assert cat.t("x.turn", round=3, activations=1) == "Round 3: 1 activation."


def test_singular_form_with_the_number_in_both_forms() -> None:
    # "Your hand ({n} cards)" / "Your hand ({n} card)": the number shows in both forms, so the
    # counted parameter is the only one, or the one called n
    from engine.content.i18n import Catalog

    cat = Catalog("en", {"x.hand": "Your hand ({n} cards)", "x.hand.one": "Your hand ({n} card)",
                         "x.side": "{seat}: {n} cards", "x.side.one": "{seat}: {n} card"})
    assert cat.t("x.hand", n=1) == "Your hand (1 card)"
    assert cat.t("x.hand", n=4) == "Your hand (4 cards)"
    assert cat.t("x.side", seat="Ash", n=1) == "Ash: 1 card"
    assert cat.t("x.side", seat="Ash", n=0) == "Ash: 0 cards"
