"""The solo campaign at the heroes tables (scenes/heroes/botmarks.py, solo_screens.py): the bot
heroes on the map with their tooltips, the campaign box, a bot side in battle, the panel between
two scenarios with what carries over, and the carried-card choice made with the mouse; every
text of them fits in both languages."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes import assets, theme
from scenes.campaign import BetweenGamesScene
from scenes.heroes import botmarks
from scenes.heroes.screens import MOMENTS, open_moment
from scenes.heroes.solo_screens import SOLO_MOMENTS


def _table(app: Any) -> Any:
    return next(s for s in reversed(app.stack) if hasattr(s, "map_cam"))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", SOLO_MOMENTS)
def test_the_campaign_moments_render_in_both_languages(app: Any, name: str, lang: str) -> None:
    assert name in MOMENTS
    app.set_language(lang)
    open_moment(app, name, seed=1)
    for _ in range(3):
        app.step([], 1 / 30)
    colours = {tuple(app.screen.get_at((x, y))) for x in range(0, 1600, 97)
               for y in range(0, 900, 61)}
    assert len(colours) > 40


@pytest.mark.parametrize("lang", ["de", "en"])
def test_bot_heroes_are_on_the_map_with_their_tooltips(app: Any, lang: str) -> None:
    app.set_language(lang)
    table = open_moment(app, "solo_map", seed=1)
    bots = [b for b in table.view["bots"] if not b["out"]]
    assert bots
    at = tuple(bots[0]["at"])
    lines = table.field_tip(at)
    name = bots[0]["name"][lang]
    assert any(name in line for line in lines)
    # the bot's figure is drawn in the bots' colour beside the field's centre
    app.step([], 1 / 30)
    cx, cy = table.map_cam.cell_centre(at)
    ts = table.map_cam.ts
    ring = (int(cx + ts * 0.18), int(cy + ts * 0.12 - ts * 0.2 - 1))
    if table.map_cam.view.collidepoint(ring):
        assert tuple(app.screen.get_at(ring))[:3] == botmarks.BOT_COLOUR
    flagged = [f for f in table.view["fields"] if f.get("bot") is not None]
    assert flagged  # the raider flagged the mines of its tile on its first turn
    for f in flagged:
        flagger = table.view["bots"][f["bot"]]["name"][lang]
        assert any(flagger in line for line in table.field_tip(tuple(f["at"])))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", ["solo_map", "solo_carry"])
def test_the_campaign_box_fits_the_side_panel(app: Any, lang: str, name: str) -> None:
    app.set_language(lang)
    table = open_moment(app, name, seed=1)
    width = table.hero_box().width - 24
    lines = botmarks.side_lines(table, width)
    assert len(lines) >= 4  # title, goal, a bot hero, its army, the bot deck
    for image, indent, _dot in lines:
        assert image.get_width() + indent <= width + 22
    total = sum(image.get_height() + 3 for image, _, _ in lines)
    # the box lies between the buttons that come and go and the town and turn's end, which
    # keep the bottom slots (scenes/heroes/map.py, draw_side)
    top = max([table.hero_box().bottom] + [b.rect.bottom for b in table.map_buttons
                                           if b not in table.map_fixed]) + 10
    bottom = min([890] + [b.rect.top for b in table.map_fixed]) - 10
    assert top + total + 14 <= bottom, "the campaign box runs into the buttons"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_bot_side_in_battle_shows_its_name_and_decks(app: Any, lang: str) -> None:
    app.set_language(lang)
    table = open_moment(app, "solo_battle", seed=1)
    bv = table.battle_view()
    bot = next(i for i, s in enumerate(bv["sides"]) if s.get("bot"))
    name = bv["sides"][bot]["bot"]["name"][lang]
    assert table.side_name(bot) == name
    assert assets.size_of(name, "heading", theme.SIZE_H3)[0] <= 217
    assert bv["sides"][bot]["bot"]["used"]  # a bot card was used and is shown


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_panel_between_two_scenarios_says_what_carries_over(app: Any, lang: str) -> None:
    app.set_language(lang)
    top = open_moment(app, "solo_between", seed=1)
    assert isinstance(top, BetweenGamesScene)
    assert not top.last and len(top.carry_lines) == 4
    table = top.table
    texts = [table.game_message(m) for m in top.carry_lines]
    assert all("{" not in text for text in texts)
    heading = top.text("game_won", game=1, winners="")
    assert assets.size_of(heading, "title", theme.SIZE_H2)[0] <= top.box.width - 60
    for text in texts:  # every line wraps inside the panel
        image = assets.text(text, "body", theme.SIZE_SMALL, theme.INK, top.box.width - 120,
                            "center")
        assert image.get_width() <= top.box.width - 120


def test_the_carried_cards_are_chosen_with_the_mouse(app: Any) -> None:
    table = open_moment(app, "solo_carry", seed=1)
    session = table.session
    assert table.view["choice"] and table.map_chooser is not None
    before = len(session.actions)
    button = table.map_chooser.buttons[0]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center),
              pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center)],
             1 / 30)
    assert len(session.actions) == before + 1
    assert session.actions[-1].kind == "choose"
    assert table.view["solo"]["keep"] == 4


def test_a_campaign_start_bonus_is_not_described_by_the_difficultys_text(app: Any) -> None:
    # the scenario's own bonus replaces the difficulty's: the panel said the difficulty's
    # options ("roll 2 resource dice …") over the scenario's ("5 gold", "Search the artifacts")
    table = open_moment(app, "solo_map", seed=1)
    assert table._bonus_lines() == [app.t("heroes.mapui.bonus_campaign")]
    clash = open_moment(app, "map", seed=1)
    assert clash._bonus_lines() != [app.t("heroes.mapui.bonus_campaign")]


def test_a_card_to_carry_shows_what_it_does(app: Any) -> None:
    # the choice listed card names only: a tooltip gives each card's modes
    table = open_moment(app, "solo_carry", seed=1)
    button = table.map_chooser.buttons[0]
    cid = str(table.view["choice"][0])
    assert button.tooltip and button.tooltip == table._card_tip(cid)
    app.mouse = button.rect.center
    for _ in range(40):
        app.step([], 1 / 30)
    assert app._tooltip is not None and app._tooltip[1] == table._card_tip(cid)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_campaigns_end_panel_names_the_scenarios_and_the_hero(app: Any, lang: str) -> None:
    # the end panel said "Results so far", showed the score twice ("Scenarios won: 2" and "2 of
    # 3 scenarios won."), named scenarios by number only and left half the panel empty
    from engine.rules.heroes import content as C
    from engine.rules.heroes.adventure.campaign import campaign_content

    app.set_language(lang)
    top = open_moment(app, "solo_end", seed=1)
    assert isinstance(top, BetweenGamesScene) and top.last and top.final is not None
    assert top.text("results_final") != top.text("results")
    assert top.text("score") == ""  # the end reason alone counts the scenarios won
    scenarios = [app.catalog.text(C.content().get("scenario", s).name)
                 for s in campaign_content("rising_banner").scenarios]
    assert [app.catalog.text(n) for n in top.names] == scenarios
    texts = [top.table.game_message(m) for m in top.end_lines]
    assert any(app.catalog.text(C.hero(top.carry["hero"]).name) in text for text in texts)
    assert all("{" not in text for text in texts)
    top.draw(pygame.Surface((1600, 900)))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_campaign_is_called_by_its_name(app: Any, lang: str, tmp_path: Any) -> None:
    # "Solo campaign" everywhere: its own name ("The Rising Banner") appeared nowhere
    from pathlib import Path

    from engine.rules.heroes.adventure.campaign import campaign_content
    from scenes.campaign import campaign_name
    from scenes.loadgame import campaign_detail
    from scenes.saves import SaveInfo

    app.set_language(lang)
    name = app.catalog.text(campaign_content("rising_banner").name)
    setup = open_moment(app, "solo_setup", seed=1)
    setup.layout()
    assert app.t(setup.title_key, **setup.title_params).startswith(name)
    info = SaveInfo(Path(tmp_path / "x.json"), game_id="heroes", campaign="solo", game_no=2)
    assert campaign_detail(app, info) == app.t("heroes.campaign.load", name=name, game=2)
    top = open_moment(app, "solo_between", seed=1)
    assert top.text("of", name=name, game=1).startswith(name)
    assert campaign_name(app, top.campaign.campaign) == name


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_card_to_carry_with_two_copies_says_so(app: Any, lang: str) -> None:
    # the choice offered a card once when the pool held two copies (Arcane Arrow): nothing said
    # a second one was there; the choice stays one button a card (either copy is the same)
    from engine.core.campaign import CampaignSession, campaign_of
    from engine.core.protocol import Outcome
    from engine.core.session import Session
    from engine.rules.heroes import content as C
    from scenes.heroes.map import MapTableScene
    from scenes.heroes.solo_screens import new_campaign

    app.set_language(lang)
    first = new_campaign(1)
    camp = campaign_of("heroes", "solo")
    carry = dict(camp.sample_carries(first.config)[0])
    carry["cards"] = sorted(carry["cards"] + ["haste"])  # a second copy in the pool
    config = camp.next_config(first.config, 1, Outcome((0,), (1.0,), None), carry)
    session = CampaignSession("heroes", "solo", first.config, 1,
                              Session.start("heroes", config, 1))
    table = MapTableScene(app, session.current, autosave=False, campaign=session)
    app.push(table)
    table.is_bot = lambda seat: False  # type: ignore[method-assign]
    table.refresh()
    assert table.view["solo"]["pool"].count("haste") == 2
    choice = [str(c) for c in table.view["choice"]]
    assert choice.count("haste") == 1 and table.map_chooser is not None
    buttons = table.map_chooser.buttons
    name = app.catalog.text(C.card("haste").name)
    haste = [b for b in buttons if b.label.startswith(name)]
    assert len(haste) == 1
    assert haste[0].label == app.t("heroes.mapui.copies", label=name, count=2)
    assert haste[0].tooltip[0] == app.t("heroes.mapui.copies.tip", count=2)
    pool = table.view["solo"]["pool"]
    doubles = {c for c in pool if pool.count(c) > 1}
    assert len(doubles) < len(set(pool))  # single cards are there too, shown without a count
    assert sum("×" in b.label for b in buttons) == len(doubles)


def test_a_lost_games_line_keeps_a_campaigns_own_wording() -> None:
    # a lost game reads "lost" in the heroes campaign; the crawl's floors, which word their
    # result line only ("Floor 3: …"), keep it rather than the shell's "Game 3: nobody wins"
    from types import SimpleNamespace

    from engine.core.campaign import campaign_of
    from engine.core.protocol import Outcome

    lost, won = Outcome((), (0.0,), None), Outcome((0,), (1.0,), None)
    for game, cid, key in (("heroes", "solo", "result_line_lost"),
                           ("crawl", "floors", "result_line")):
        panel = BetweenGamesScene.__new__(BetweenGamesScene)
        panel.campaign = SimpleNamespace(campaign=campaign_of(game, cid))  # type: ignore[assignment]
        assert panel.result_key(lost) == key
        assert panel.result_key(won) == "result_line"
