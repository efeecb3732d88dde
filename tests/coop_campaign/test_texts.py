"""The log's German and English templates read correctly for every content name: an area,
hero, enemy, tile or item name is never bent into a case it cannot take (German names such as
"Nahes Ufer" or "Klagender Schemen" change with case and article)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2] / "data" / "i18n"
# a name placed after a preposition or as an object takes the wrong case or lacks its article
AREA = r"\{(?:area|area_name|to_name|from_name)\}"
NAME = r"\{(?:hero_name|card_name|who_name|summoned_name|item_name|tile_name|enemy|hero|item)\}"
BAD_DE = [rf"\b(?:in|im|nach|von|vom|aus|für|zu|bei|auf) {AREA}",
          rf"\b(?:von|für|durch|mit|gegen|an) {NAME}",
          rf"\b(?:besiegt|beschwört|zieht|greift|findet|nimmt|benutzt|spielt|dreht|"
          rf"vergiftet|legt|trifft|beißt) {NAME}"]
BAD_EN = [rf"\bin {AREA}"]


def _texts(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name in ("coop_campaign.yaml", "coop_campaign_ui.yaml"):
        out.update(yaml.safe_load((ROOT / lang / name).read_text(encoding="utf-8")))
    return out


def test_no_german_template_bends_a_name() -> None:
    bad = [f"{k}: {v}" for k, v in _texts("de").items()
           if any(re.search(p, v) for p in BAD_DE)]
    assert not bad, "\n".join(bad)


def test_no_english_template_puts_an_area_name_after_in() -> None:
    bad = [f"{k}: {v}" for k, v in _texts("en").items()
           if any(re.search(p, v) for p in BAD_EN)]
    assert not bad, "\n".join(bad)


def test_area_names_read_as_names_in_german() -> None:
    # "aktiviert in Nahes Ufer" was the issue: now "ist am Zug – Gebiet „Nahes Ufer“"
    from engine.content.i18n import Catalog

    line = Catalog.load("de").t("coop.ev.enemy_activates", card_name="Moormesserer",
                                area_name="Nahes Ufer")
    assert line == "Moormesserer ist am Zug – Gebiet „Nahes Ufer“."


def test_every_mission_tile_says_what_winning_it_brings() -> None:
    """A player reads a tile's goal and reward in the camp and on the table (the tooltip of
    its name): every tile has a reward text in both languages."""
    from engine.rules.coop_campaign import content as C

    tiles = C.content().all("tile")
    assert len(tiles) >= 11
    for tile in tiles:
        assert tile.reward is not None, tile.id
        assert tile.reward["en"].strip() and tile.reward["de"].strip(), tile.id


def test_the_hard_mode_tooltip_names_the_maps_number_of_retries() -> None:
    """The set-up's hard-mode tooltip says how many lost missions a campaign may retry; it
    must follow data/coop_campaign/campaign.yaml's ``hard_retries``."""
    from engine.rules.coop_campaign import campaign as K

    words = {5: ("five", "fünf")}
    n = K.the_map().hard_retries
    assert n in words, f"write the number {n} into coop.opt.hard.tip (de, en)"
    en, de = words[n]
    assert en in _texts("en")["coop.opt.hard.tip"] and de in _texts("de")["coop.opt.hard.tip"]


# The party (the table, the set-up, the camp, the party's choices) is "ihr"; a single hero asked
# to act is "du" (docs/coop_campaign/view.md "Anrede"). No German text mixes the two.
DU = re.compile(r"\b(?:du|dein\w*|dir|dich|[Kk]licke|[Ww]ähle|[Nn]imm|[Nn]utze|[Bb]ehalte|"
                r"[Zz]eige|[Ss]piele|[Bb]eende|[Ww]irf|[Tt]riff|[Bb]estätige)\b")
IHR = re.compile(r"\b(?:[Ii]hr|euer|eure\w*|euch|[Kk]lickt|[Ww]ählt|[Gg]ebt|[Ll]asst|[Ll]est|"
                 r"[Ss]pielt|[Hh]abt)\b")
PARTY = ("coop.ui.setup.title", "coop.ui.setup.help", "coop.ui.setup.help_campaign",
         "coop.ui.setup.solo", "coop.ui.party_tip", "coop.ui.prompt.playback",
         "coop.ui.prompt.playback_enemies", "coop.prompt.take", "coop.prompt.take_pull",
         "coop.prompt.camp_route", "coop.prompt.camp_over", "coop.ui.camp.prompt_route",
         "coop.ui.camp.prompt_scroll", "coop.ui.camp.prompt_over",
         "coop.ui.camp.prompt_over_scroll", "coop.carry.over", "coop.rules.2", "coop.rules.3")


def test_german_addresses_the_party_as_ihr_and_an_asked_hero_as_du() -> None:
    texts = _texts("de")
    mixed = [k for k, v in texts.items() if DU.search(v) and IHR.search(v)]
    assert mixed == []
    assert [k for k in PARTY if DU.search(texts[k])] == []
    assert "Neuwurf gilt" not in texts["coop.ui.rerolls_left"]
