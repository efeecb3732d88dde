"""The duel table as a new player meets it (issue #18): who chooses the defender, the turn's
action labels, spare defence dice, armour in the pending fight, the land-and-treasure picker and
card texts that fit."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.actions import Action
from engine.rules.duel.cards import cards
from scenes import assets
from scenes.duel import art
from scenes.duel.screens import ARRANGE, open_moment, scenario_session
from scenes.duel.table import CARD
from tests.scenes_duel.test_duel_scenes import _click, _open, _zone

LANGS = ["de", "en"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_prompt_says_who_chooses_once_the_attacker_is_picked(app: Any, lang: str) -> None:
    app.set_language(lang)
    table = open_moment(app, "odds", seed=2)
    uid = table.selected_attacker
    assert uid is not None
    rules_prompt = table.game_message(table.rules.prompt(table.session.state))
    assert table.prompt_text == app.t("duel.ui.prompt.attacker",
                                      name=table.fighter_name(0, uid), opponent="Bruno")
    assert "Bruno" in table.prompt_text and table.prompt_text != rules_prompt
    _click(app, (600, 450), button=3)  # right click: nothing chosen any more
    assert table.selected_attacker is None and table.prompt_text == rules_prompt


def test_an_enemy_is_never_marked_as_chosen_by_the_attacker(app: Any,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    table = open_moment(app, "odds", seed=2)
    enemy = next(k for _r, k in table.zones if k[0] == "char" and k[1] == table.opp)
    marks: list[tuple[pygame.Rect, str]] = []
    monkeypatch.setattr(table, "highlight", lambda surface, rect, style="legal":
                        marks.append((pygame.Rect(rect), style)))
    assert table.click(enemy)
    assert table.focus == enemy[2]  # the chart shows this defender's odds ...
    table.draw(app.screen)
    enemy_rects = [r for r, k in table.zones if k[0] == "char" and k[1] == table.opp]
    # ... but nothing on the enemy side looks picked: the attacked player chooses
    assert not [m for m in marks if m[1] == "selected" and m[0] in enemy_rects]
    row = table._tooltip(("odds", enemy[2]))
    assert row and "Bruno" in row[0]


def test_the_log_names_who_chose_the_defender(app: Any) -> None:
    table = open_moment(app, "odds", seed=2)
    uid = table.selected_attacker
    _click(app, next(b for b in table.buttons if b.label == app.t(
        "duel.ui.attack_go", name=table.fighter_name(0, uid))).rect.center)
    session = table.session
    session.apply(session.rules.legal_actions(session.state)[0])  # Bruno's defence
    table.refresh()
    texts = [table.game_text(e.key, e.params) for e in table.log_events]
    attack = next(t for t, e in zip(texts, table.log_events, strict=True)
                  if e.key == "duel.ev.attack")
    defend = next(t for t, e in zip(texts, table.log_events, strict=True)
                  if e.key == "duel.ev.defend")
    assert "Bruno" in attack and defend.startswith("Bruno")


@pytest.mark.parametrize("lang", LANGS)
def test_magic_and_attack_are_labels_with_tooltips(app: Any, lang: str) -> None:
    app.set_language(lang)
    table = open_moment(app, "odds", seed=2)
    for act in ("magic", "attack"):
        rect = _zone(table, ("act", act))
        lines = table._tooltip(("act", act))
        assert len(lines) >= 3 and all(lines)
        assert not table.click(("act", act))  # a label, not a control
        assert not any(b.rect.colliderect(rect) for b in table.buttons)
    assert app.t("duel.ui.act.magic") not in [b.label for b in table.buttons]


def test_a_spare_defence_die_can_be_clicked_in_and_the_totals_include_armour(app: Any) -> None:
    table = _open(app, scenario_session(ARRANGE, 3))
    assert table.is_my_turn() and table.arrange_slots == [4, 1]
    fight = table._fight_data()
    assert fight is not None and fight["spare"] == [3]
    # 6/4 deals 2, 1/1 costs both 1: the defender's chain mail stops 1 of its 3
    assert fight["armour"] == [0, 1] and fight["dealt"] == 2 and fight["taken"] == 1
    _click(app, _zone(table, ("slot", 1)).center)
    _click(app, _zone(table, ("spare", 0)).center)
    assert table.arrange_slots == [4, 3]
    fight = table._fight_data()
    assert fight["spare"] == [1] and fight["dealt"] == 1 and fight["taken"] == 2
    before = len(table.session.actions)
    _click(app, next(b for b in table.buttons
                     if b.label == app.t("duel.ui.arrange_confirm")).rect.center)
    assert table.session.actions[before] == Action.make("arrange", order=(4, 3))
    last = table.view["last_fight"]
    assert (last["dealt"], last["taken"]) == (1, 2)


def test_treasures_stay_where_they_are_after_a_land_is_played(app: Any) -> None:
    table = open_moment(app, "window", seed=2)
    assert table.legal.lands and len(table.legal.treasures) >= 1
    before = {k: r for r, k in table.zones if k[0] == "window_treasure"}
    land = next(r for r, k in table.zones if k[0] == "window_land")
    _click(app, land.center)
    assert table.view["phase"] == "window" and not table.legal.lands
    after = {k: r for r, k in table.zones if k[0] == "window_treasure"}
    assert after == before


def _drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    real = assets.text

    def spy(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(s)
        return real(s, *args, **kwargs)

    monkeypatch.setattr(assets, "text", spy)
    return drawn


def _words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("lang", LANGS)
def test_card_faces_and_picker_names_show_their_whole_text(app: Any, lang: str,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    app.set_language(lang)
    drawn = _drawn_texts(monkeypatch)
    table = _open(app, scenario_session({"round": 2}, 3))
    c = cards()
    sizes = ((CARD, True, 0.0), ((120, 166), True, 0.0), (CARD, False, 0.44))
    for card in c.kind:
        for size, stats, share in sizes:
            art.clear()
            drawn.clear()
            art.card_face(app, card, size, stats=stats, art_share=share)
            shown = " ".join(drawn).split()
            assert not any("…" in s for s in drawn), (card, size, drawn)
            wanted = _words(art.card_name(app, card))
            if stats:
                wanted += _words(" ".join(art.card_effects(app, card)))
            assert all(w in shown for w in wanted), (card, size, drawn)
            # every text line lies on the card
            layout = art.face_layout(app, card, size, stats, share)
            assert layout["fits"], (card, size)
        if c.kind[card] in ("land", "treasure"):
            drawn.clear()
            table._draw_chip(app.screen, pygame.Rect(0, 0, 136, 40), card, False)
            assert not any("…" in s for s in drawn)
            assert " ".join(drawn).split() == _words(art.card_name(app, card))

