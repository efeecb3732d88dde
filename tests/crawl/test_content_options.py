"""The crawl's board and spawn-pool options come from the content, not from lists in code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content.loader import load_game_content
from engine.core.protocol import GameConfig
from engine.core.rng import Rng
from engine.rules.crawl import core
from engine.rules.crawl.rules import CrawlRules

DATA = Path(__file__).resolve().parents[2] / "data"

EXTRA_BOARD = """
- id: lantern_gallery
  name:
    en: The Lantern Gallery
    de: Die Laternengalerie
  map: twin_halls
"""

EXTRA_POOL = """
- id: gnawers_only
  name:
    en: Only gnawers
    de: Nur Nager
  spawns:
  - gnawer_weak
  - gnawer_standard
"""


@pytest.fixture
def extra_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Loads the crawl content from a copy with one board and one pool added in YAML."""
    shutil.copytree(DATA / "crawl", tmp_path / "crawl", ignore=shutil.ignore_patterns("maps"))
    (tmp_path / "crawl" / "maps").symlink_to(DATA / "crawl" / "maps")
    with open(tmp_path / "crawl" / "boards.yaml", "a", encoding="utf-8") as fh:
        fh.write(EXTRA_BOARD)
    with open(tmp_path / "crawl" / "pools.yaml", "a", encoding="utf-8") as fh:
        fh.write(EXTRA_POOL)
    content = load_game_content("crawl", tmp_path, use_cache=False)
    monkeypatch.setattr(core, "_CONTENT", [content])
    return content


def _option(rules: CrawlRules, oid: str):
    return next(o for o in rules.options if o.id == oid)


def test_shipped_boards_and_pools_are_the_options() -> None:
    rules = CrawlRules()
    boards = _option(rules, "board")
    content = core.content()
    whole = [b.id for b in content.all("board") if b.kind == "board"]
    assert boards.choices == (*whole, "builder")
    assert {"crypt_hall", "sunken_vault", "twin_halls"} <= set(boards.choices)
    assert _option(rules, "pool").choices == tuple(p.id for p in content.all("pool"))
    # Labels are the content's own names in both languages (the builder has a catalog key).
    assert boards.choice_labels[0] == {"en": "The Crypt Hall", "de": "Die Gruftenhalle"}
    assert boards.choice_labels[-1] == "crawl.board.builder"


def test_a_board_and_a_pool_added_in_yaml_can_be_picked_and_played(extra_content) -> None:
    rules = CrawlRules()
    assert "lantern_gallery" in _option(rules, "board").choices
    assert "gnawers_only" in _option(rules, "pool").choices
    config = GameConfig.for_players(2, board="lantern_gallery", pool="gnawers_only")
    rules.check_config(config)  # accepted, not refused as an unknown option value
    state = rules.new_game(config, 7)
    assert state.board == "lantern_gallery" and state.map == "twin_halls"
    assert sorted(f.did for f in state.figures if not f.hero) == ["gnawer_standard", "gnawer_weak"]
    chooser = Rng(7)
    for _ in range(200):
        if rules.is_over(state):
            break
        rules.apply(state, chooser.choice(rules.legal_actions(state)))
    rules.view(state, 0)
