"""The table's words: every card face's effect lines in both languages, level-up options that
name the card the hero becomes, and disease-split buttons that each show their own result."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.rules.deckbuilder.cards import table as card_table
from engine.rules.deckbuilder.view import card_data
from scenes.deckbuilder import cards, screens
from scenes.deckbuilder.table import DeckbuilderTableScene, SplitButton
from tests.scenes_deckbuilder.test_table import _click, _open

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_face_text_reads_as_words(app: Any, lang: str) -> None:
    if app.catalog.lang != lang:
        app.set_language(lang)
    problems = []
    for cid, card in sorted(card_table().cards.items()):
        for line in cards.card_lines(app, card_data(card)):
            if "{" in line or SNAKE.search(line) or "deckbuilder." in line or "+0" in line:
                problems.append(f"{cid}: {line!r}")
    assert not problems, "\n".join(problems)


def test_level_options_name_the_new_card_and_show_it(app: Any) -> None:
    table: DeckbuilderTableScene = _open(app, screens.prepare("level", seed=1))
    levels = table.view["turn_state"]["levels"]
    elf = next(e for e in levels if e["card"] == 0)
    action = next(a for a in table.legal if a.kind == "level" and a["card"] == 0)
    assert table.name(elf["next"]) in table.label(action)
    table.click_card(0)
    button = next(b for b in table.popup.buttons if b.label == table.label(action))
    app.mouse = button.rect.center
    app.step([], 1 / 60)
    assert table.zoom is not None and table.zoom[0] == elf["next"]
    _click(app, button.rect.center)
    assert table.session.actions[-1] == action
    assert elf["next"] in table.session.state.players[0].discard


def test_militia_options_name_each_class_card(app: Any) -> None:
    table = _open(app, screens.prepare("level", seed=1))
    labels = {table.label(a) for a in table.legal if a.kind == "level" and a["card"] == 1}
    names = {table.name(e["next"]) for e in table.view["turn_state"]["levels"]
             if e["card"] == 1}
    assert len(labels) == len(names) >= 2
    assert all(any(n in label for label in labels) for n in names)


def test_split_buttons_show_their_own_results_and_send_their_split(app: Any) -> None:
    table = _open(app, screens.prepare("split", seed=1))
    assert table.view["phase"] == "split"
    rank = table.view["turn_state"]["target"]
    splits = {s["magic"]: s for s in table._preview(rank)["splits"]}
    buttons = [b for b in table.phase_buttons if isinstance(b, SplitButton)]
    legal = [a for a in table.legal if a.kind == "diseases"]
    assert len(buttons) == len(legal) == len(splits)
    for action in legal:
        button = next(b for b in buttons if b.label == table.label(action))
        assert button.result["attack"] == splits[action["magic"]]["attack"]
        assert button.result["win"] == splits[action["magic"]]["win"]
    app.step([], 1 / 60)  # the buttons draw with their pills
    choice = legal[-1]
    _click(app, next(b for b in buttons if b.label == table.label(choice)).rect.center)
    assert table.session.actions[-1] == choice
