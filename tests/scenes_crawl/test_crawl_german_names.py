"""German crawl texts never decline a figure's name: names such as "Brannoc der Wächter" or "Die
alte Tamsin" carry their own article, so a name stands only where the nominative is right and a
capital article reads well: at the start of a sentence, after a colon or inside parentheses."""

from __future__ import annotations

import re

import pytest

from engine.content.i18n import Catalog

# Message parameters that hold a figure's name, and the table's own labels whose {name} is one.
NAME_PARAMS = ("figure_name", "target_name", "attacker_name", "healer_name", "over_name",
               "hero_name", "spawn_name")
FIGURE_LABELS = ("crawl.ui.break.from", "crawl.ui.do.activate", "crawl.ui.do.attack",
                 "crawl.ui.do.drink", "crawl.ui.do.enter", "crawl.ui.do.heal", "crawl.ui.do.shoot",
                 "crawl.ui.lof.by_figure", "crawl.ui.no_attack.mp",
                 "crawl.ui.no_attack.demoralized")
SAFE_BEFORE = re.compile(r"(^|[.:!?] |\()$")


def _templates() -> list[tuple[str, str, str]]:
    catalog = Catalog.load("de")
    out = []
    for key, text in sorted(catalog.entries.items()):
        if not key.startswith("crawl."):
            continue
        params = NAME_PARAMS + (("name",) if key in FIGURE_LABELS else ())
        for param in params:
            for match in re.finditer(r"\{" + param + r"\}", text):
                out.append((key, text, text[:match.start()]))
    return out


@pytest.mark.parametrize("key,text,before", _templates(), ids=lambda v: str(v)[:40])
def test_a_name_stands_where_the_nominative_is_right(key: str, text: str, before: str) -> None:
    assert SAFE_BEFORE.search(before), f"{key}: {text!r} declines or lowers a name"


def test_the_walkthrough_sentence_reads_right() -> None:
    catalog = Catalog.load("de")
    name = {"en": "Brannoc the Warden", "de": "Brannoc der Wächter"}
    picked = catalog.t("crawl.event.picked", seat="Alma", hero_name=name, level=1)
    assert "nimmt Brannoc der Wächter" not in picked and picked.endswith("Brannoc der Wächter.")
    melee = catalog.t("crawl.event.melee", attacker_name={"en": "", "de": "Die alte Tamsin"},
                      target_name=name, total=12, defence=15)
    assert melee.startswith("Die alte Tamsin") and "Ziel: Brannoc der Wächter" in melee
