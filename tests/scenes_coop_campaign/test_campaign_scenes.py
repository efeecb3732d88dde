"""The campaign in the shell, on the short map (the real map on tiles 1 and 2): the set-up starts
it at the prologue's camp; a player goes through missions, the fork and a boss station with the
mouse, quits, continues the next day from the campaign's own save and reads on the map why a
road is open or closed; trading, scrolls and the merchant with the mouse; the panels after a won,
a lost and a hard-mode mission and the epilogue; several campaigns side by side; every camp
screen whole in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai.base import make_bot
from engine.core.campaign import CampaignSession
from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from scenes import assets, saves
from scenes.app import App
from scenes.coop_campaign import art
from scenes.coop_campaign.between import CoopBetweenScene
from scenes.coop_campaign.campmap import CampaignMapScene
from scenes.coop_campaign.setup import HeroPickScene
from scenes.coop_campaign.table import CoopTableScene
from scenes.menu import MainMenuScene
from scenes.userdata import Settings
from tests.coop_campaign.campaign_helpers import carry_for
from tests.scenes_coop_campaign.mouse import click, play_by_mouse, press


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every text that ``assets.fit`` had to shorten with an ellipsis."""
    found: list[str] = []
    real = assets.fit

    def watching(s: str, role: str, size: int, width: int) -> str:
        out = real(s, role, size, width)
        if out != s:
            found.append(s)
        return out

    monkeypatch.setattr(assets, "fit", watching)
    return found


SEATS = (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),)


def _config(hard: bool = False, seats: tuple[SeatConfig, ...] = SEATS) -> GameConfig:
    return GameConfig(seats, {"mode": "campaign", "hard": hard})


def _at(app: Any, carry: dict[str, Any], hard: bool = False) -> CoopTableScene:
    """Opens a campaign whose current game is a camp carrying ``carry``."""
    cfg = _config(hard)
    first = CampaignSession.start("coop_campaign", "chronicle", cfg, 5).campaign
    session = Session.start("coop_campaign", first.first_config(cfg).with_carry(carry), 5)
    camp = CampaignSession("coop_campaign", "chronicle", cfg, 5, session)
    app.settings.anim_speed = 0
    app.push(MainMenuScene(app))
    table = CoopTableScene(app, session, autosave=False, campaign=camp)
    app.push(table)
    app.step([], 1 / 60)
    return table


def _tooltip(app: Any, pos: tuple[int, int]) -> list[str]:
    """Returns the lines of the tooltip the top scene asks for with the pointer at pos."""
    app.mouse = pos
    app._tooltip = None
    app.top.update(1 / 60)
    return list(app._tooltip[1]) if app._tooltip else []


def _set_out(app: Any, table: CoopTableScene) -> None:
    press(app, table.camp.buttons, app.t("coop.ui.camp.set_out"))
    assert not table.in_camp()


def _play_mission(app: Any, table: CoopTableScene, seed: int) -> CoopBetweenScene:
    """Sets out, plays the mission with the mouse (the heuristic bot's choices) and returns the
    panel that follows."""
    _set_out(app, table)
    play_by_mouse(app, table, seed, bot=make_bot("heuristic", "coop_campaign", seed=seed))
    for _ in range(20):
        app.step([], 0.1)
        if isinstance(app.top, CoopBetweenScene):
            return app.top
    raise AssertionError("no panel after the mission")


# --- the set-up ------------------------------------------------------------------------------------
def test_the_set_up_starts_the_campaign_at_the_prologue_camp(app: Any, short: Any) -> None:
    from scenes.games import begin

    assert begin(app, "coop_campaign", _config(), 3)
    assert isinstance(app.top, HeroPickScene)
    app.step([], 1 / 60)
    press(app, app.top.widgets, app.t("coop.ui.start_campaign"))
    table = app.top
    assert isinstance(table, CoopTableScene) and table.campaign is not None
    assert table.in_camp() and table.view["station"] == "1" and table.camp.first_camp()
    texts = [line for *_, line in table.camp.story.lines]
    assert any("Hollowmere" in line for line in texts)  # the prologue
    assert table.prompt_text == app.t("coop.ui.camp.prompt")


def test_a_campaign_whose_map_cannot_be_played_is_refused(app: Any, monkeypatch: Any) -> None:
    from engine.rules.coop_campaign import campaign as K
    from scenes.games import start_table

    monkeypatch.setattr(K, "map_problems", lambda m=None, content=True:
                        ["station 3: tile: no tile 'x'"] if content else [])
    app.push(MainMenuScene(app))
    assert not start_table(app, "coop_campaign", _config(), 3)
    assert isinstance(app.top, MainMenuScene)


# --- the whole way: prologue, missions, the fork, quit, continue --------------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_player_goes_from_the_prologue_to_the_fork_quits_and_continues(
        app: Any, short: Any, lang: str, cuts: list[str]) -> None:
    from scenes.games import start_table
    from scenes.loadgame import open_save

    app.set_language(lang)
    app.settings.anim_speed = 0
    app.push(MainMenuScene(app))
    assert start_table(app, "coop_campaign", _config(), 11)
    table = app.top
    won = 0
    for k in range(12):  # missions 1, 2 and the boss station 3, retried when lost
        panel = _play_mission(app, table, 40 + k)
        won += panel.won
        press(app, panel.widgets, app.t("coop.ui.between.next"))
        table = app.top
        assert isinstance(table, CoopTableScene) and table.in_camp()
        if won == 3:
            break
    assert won == 3 and table.view["route"] == ["1", "2", "3"]
    path = table.save_path
    assert path is not None and path.exists() and not saves.is_autosave(path)
    table.writer.flush()
    # the next day: a fresh program continues the campaign from its own save
    while app.stack:
        app.stack.pop().exit()
    other = App(Settings(language=lang), lang=lang, headless=True)
    try:
        other.push(MainMenuScene(other))
        assert open_save(other, path)
        again = other.top
        assert isinstance(again, CoopTableScene) and again.in_camp()
        assert again.view["route"] == ["1", "2", "3"] and again.campaign.index >= 3
        routes = {r["station"]: r for r in again.view["routes"]}
        box = short.boxes[0]  # "saved the hermit" opens 4A
        name = other.catalog.text(dict(box.name))
        press(other, again.camp.buttons, other.t("coop.ui.camp.map"))
        assert isinstance(other.top, CampaignMapScene)
        scene = other.top
        if routes["4a"]["open"]:
            assert again.view["choices"] == ["4a", "4b"]
            zone = next(r for r, key in scene.zones if key == ("station", "4a"))
            lines = _tooltip(other, zone.center)
            assert any(name in line for line in lines)  # opened by the box
        else:
            zone = next(r for r, key in scene.zones if key == ("lock", "4a"))
            lines = _tooltip(other, zone.center)
            assert any(name in line for line in lines)  # closed: the box that opens it
        other.step([], 1 / 60)
    finally:
        while other.stack:
            other.stack.pop().exit()
    assert cuts == []


# --- the camp with the mouse --------------------------------------------------------------------
def test_items_change_hands_and_a_scroll_upgrades_a_tile_with_the_mouse(app: Any,
                                                                       short: Any) -> None:
    c = carry_for(["1"], "2")
    c["heroes"][0]["items"] += ["level_scroll.1", "healing_draught.1"]
    table = _at(app, c)
    board = table.camp
    heroes = table.view["heroes"]
    click(app, board.item_rect(0, 2).center)  # the draught
    assert board.selected == "healing_draught.1"
    press(app, board.buttons, app.t("coop.ui.camp.give", hero=art.hero_name(app, "wizard")))
    assert "healing_draught.1" in table.view["heroes"][1]["items"]
    click(app, board.item_rect(0, 1).center)  # the scroll
    assert table.prompt_text == app.t("coop.ui.camp.prompt_scroll",
                                      hero=art.hero_name(app, "barbarian"))
    click(app, board.tile_rect(0, 0).center)
    tile = heroes[0]["river"][0]["tile"]
    assert table.view["heroes"][0]["level"] == 2
    assert table.view["heroes"][0]["river"][0] == {**table.view["heroes"][0]["river"][0],
                                                  "tile": tile, "side": "upgraded"}
    press(app, board.buttons, app.t("coop.ui.camp.set_out"))
    assert not table.in_camp() and table.session.state.tile == "glade"


def test_the_merchant_lets_each_hero_take_a_ware_with_the_mouse(app: Any, short: Any) -> None:
    table = _at(app, carry_for(["1", "2", "3", "4b", "5", "6", "7", "8"], "9"))
    board = table.camp
    assert table.view["pending"] == "merchant"
    taken = []
    for _ in range(2):
        wares = table.view["market"]["wares"]
        lines = _tooltip(app, board.ware_rect(1, len(wares)).center)
        assert app.t("coop.ui.camp.ware_click") in lines
        taken.append(wares[1])
        click(app, board.ware_rect(1, len(wares)).center)
    assert table.view["pending"] is None and table.view["market"] is None
    assert taken[0] in table.view["heroes"][0]["items"]
    assert taken[1] in table.view["heroes"][1]["items"]


def test_the_fork_is_chosen_on_its_card_or_on_the_map(app: Any, short: Any) -> None:
    table = _at(app, carry_for(["1", "2", "3"], "", boxes=["saved_hermit"]))
    board = table.camp
    assert table.prompt_text == app.t("coop.ui.camp.prompt_route")
    set_out = next(b for b in board.buttons if b.label == app.t("coop.ui.camp.set_out"))
    assert not set_out.enabled
    click(app, board.route_rect(1).center)
    assert table.view["station"] == "4b"
    zone = next(r for r, key in board.map_zones if key == ("station", "4a"))
    click(app, zone.center)
    assert table.view["station"] == "4a"
    press(app, board.buttons, app.t("coop.ui.camp.set_out"))
    assert table.session.state.tile == "glade"  # 4A on the short map


def test_the_map_says_why_the_road_to_4a_is_open_or_closed(app: Any, short: Any) -> None:
    from scenes.coop_campaign import query
    from scenes.coop_campaign.campmap import CampaignMapScene

    hermit = art.name(app, query.box("saved_hermit").name)
    for boxes, key in ((["saved_hermit"], "coop.ui.map.opened"), ([], "coop.ui.map.closed")):
        station = "" if boxes else "4b"
        table = _at(app, carry_for(["1", "2", "3"], station, boxes=boxes))
        table.camp.open_map()
        scene = app.top
        assert isinstance(scene, CampaignMapScene)
        line = scene._ahead_line()
        assert app.t(key, label="4A", box=hermit, set_by="1") in line, line
        # the station's tooltip says it as well
        zone = next(r for r, k in scene.zones if k == ("station", "4a"))
        tip = _tooltip(app, zone.center)
        want = app.t("coop.ui.camp.unlocked", box=hermit) if boxes else \
            app.t("coop.ui.camp.locked")
        assert want in tip, tip
        while app.stack:
            app.stack.pop().exit()


# --- after a mission -------------------------------------------------------------------------------
def _lost(app: Any, hard: bool) -> CoopTableScene:
    """Opens a campaign table whose first mission random play has lost."""
    for seed in range(60):
        camp = CampaignSession.start("coop_campaign", "chronicle", _config(hard), seed)
        s = camp.current
        bot = make_bot("random", "coop_campaign", seed=seed)
        while not s.is_over:
            s.apply(bot.choose(s.rules, s.state, s.actor))
        if s.state.result == "lost":
            app.settings.anim_speed = 0
            app.push(MainMenuScene(app))
            table = CoopTableScene(app, s, autosave=True, campaign=camp)
            app.push(table)
            for _ in range(5):
                app.step([], 0.1)
            return table
    raise AssertionError("no seed lost the first mission")


def test_a_lost_mission_shows_the_retry_and_the_camp_tries_again(app: Any, short: Any,
                                                                 cuts: list[str]) -> None:
    _lost(app, hard=False)
    panel = app.top
    assert isinstance(panel, CoopBetweenScene) and not panel.won and not panel.last
    assert panel.heading() == app.t("coop.ui.between.lost", label="1")
    assert any(app.t("coop.ui.between.retry") == text for text, _c, _r in panel.lines())
    press(app, panel.widgets, app.t("coop.ui.between.next"))
    table = app.top
    assert isinstance(table, CoopTableScene) and table.in_camp()
    assert table.view["attempt"] == 2 and not table.view["news"]["won"]
    assert table.camp._news_line(table.view["news"]) == app.t("coop.ui.camp.news_lost",
                                                              label="1")
    assert cuts == []


def test_a_lost_mission_in_hard_mode_spends_a_retry_and_says_how_many_are_left(
        app: Any, short: Any, cuts: list[str]) -> None:
    _lost(app, hard=True)
    panel = app.top
    assert isinstance(panel, CoopBetweenScene) and not panel.won and not panel.last
    left = app.t("coop.ui.map.retries", n=short.hard_retries - 1)
    assert any(text == left for text, _c, _r in panel.lines())
    press(app, panel.widgets, app.t("coop.ui.between.next"))
    table = app.top
    assert isinstance(table, CoopTableScene) and table.in_camp()
    assert table.view["retries"] == short.hard_retries - 1
    from scenes.coop_campaign.camp import map_state

    assert map_state(table.view).retries == short.hard_retries - 1
    # the camp's mission text says it too
    assert table.camp.story is not None
    said = {block.text for _y, _s, block, _line in table.camp.story.lines if block}
    assert app.t("coop.ui.retries_left", n=short.hard_retries - 1) in said
    assert cuts == []


def test_a_lost_mission_in_hard_mode_with_no_retry_left_ends_the_chronicle(
        app: Any, short: Any, cuts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from engine.rules.coop_campaign import campaign as K
    from scenes.coop_campaign import query

    spent = dataclasses.replace(short, hard_retries=0)
    monkeypatch.setattr(K, "the_map", lambda: spent)
    monkeypatch.setattr(query, "campaign_map", lambda: spent)
    table = _lost(app, hard=True)
    panel = app.top
    assert isinstance(panel, CoopBetweenScene) and panel.last and panel.final is not None
    assert panel.heading() == app.t("coop.ui.between.defeat")
    press(app, panel.widgets, app.t("ui.campaign.finish"))
    assert isinstance(app.top, MainMenuScene)
    table.writer.flush()
    info = saves.describe(table.save_path)
    assert info.campaign == "chronicle" and info.over
    assert cuts == []


def test_the_last_mission_won_shows_the_epilogue(app: Any, short: Any, cuts: list[str]) -> None:
    for seed in range(20):
        table = _at(app, carry_for(["1", "2", "3", "4b", "5", "6", "7", "8", "9"], "10"))
        panel = _play_mission(app, table, seed)
        if panel.won:
            break
        while app.stack:
            app.stack.pop().exit()
    assert panel.last and panel.final is not None and panel.final.winners
    assert panel.heading() == app.t("coop.ui.between.epilogue")
    app.set_language("de")
    app.step([], 1 / 60)
    assert cuts == []


# --- saves ------------------------------------------------------------------------------------------
def test_every_campaign_keeps_its_own_save_slot(app: Any, short: Any) -> None:
    from scenes.games import start_table
    from scenes.loadgame import campaign_detail

    app.push(MainMenuScene(app))
    paths = []
    for seed in (1, 2):
        assert start_table(app, "coop_campaign", _config(), seed)
        table = app.top
        _set_out(app, table)
        table.autosave()
        table.writer.flush()
        paths.append(table.save_path)
    assert paths[0] != paths[1] and all(p is not None and p.exists() for p in paths)
    infos = [saves.describe(p) for p in paths]
    assert all(i.campaign == "chronicle" and not i.over for i in infos)
    assert campaign_detail(app, infos[0]) == app.t("coop.campaign.load", name=app.t(
        "coop.campaign.name"), game=1)
    assert infos[0].progress["key"] == "coop.progress.mission_named"
    assert not saves.autosave_path("coop_campaign").exists()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_load_list_tells_campaigns_apart_by_heroes_difficulty_and_mission(
        app: Any, short: Any, lang: str, cuts: list[str]) -> None:
    from scenes.games import start_table
    from scenes.loadgame import LoadScene

    app.set_language(lang)
    app.push(MainMenuScene(app))
    for seed, hard in ((1, False), (2, True)):
        assert start_table(app, "coop_campaign", _config(hard), seed)
        table = app.top
        _set_out(app, table)
        table.autosave()
        table.writer.flush()
        app.pop()
    infos = sorted((saves.describe(p) for p in saves.userdata.saves_dir().glob("*.json")),
                   key=lambda i: i.party["key"])
    assert [i.party["key"] for i in infos] == ["coop.progress.party",
                                               "coop.progress.party_hard"]
    heroes = infos[0].party["params"]["heroes"]
    assert heroes["en"] == heroes["de"] and heroes["en"].count(",") == 1  # two given names
    mission = app.t(infos[0].progress["key"], **infos[0].progress["params"])
    assert "„" in mission if lang == "de" else "“" in mission  # the mission's name is quoted
    texts: list[str] = []
    real = assets.text

    def seen(s: str, *args: Any, **kw: Any) -> Any:
        texts.append(s)
        return real(s, *args, **kw)

    app.push(LoadScene(app))
    app.step([], 1 / 60)
    assets.text = seen  # type: ignore[assignment]
    try:
        app.draw()
    finally:
        assets.text = real  # type: ignore[assignment]
    hard = app.t("coop.progress.party_hard", heroes=infos[1].party["params"]["heroes"][lang])
    assert any(hard in x for x in texts), texts
    assert any(mission in x for x in texts)
    assert cuts == []  # nothing had to be shortened


def test_the_mission_table_opens_the_campaign_map_from_its_badge(app: Any, short: Any) -> None:
    table = _at(app, carry_for(["1"], "2"))
    _set_out(app, table)
    badge = table.campaign_badge()
    assert badge is not None
    assert _tooltip(app, badge[1].center)[0] == app.t("coop.ui.camp.map")
    click(app, badge[1].center)
    assert isinstance(app.top, CampaignMapScene) and app.top.state.playing
    press(app, app.top.widgets, app.t("coop.ui.back"))
    assert app.top is table


# --- every camp screen whole -------------------------------------------------------------------------
SCREENS = {
    "fork": (["1", "2", "3"], "", {"boxes": ["saved_hermit", "bridge_burned"]}),
    "merchant": (["1", "2", "3", "4b", "5", "6", "7", "8"], "9", {}),
    "retry": (["1", "2"], "3", {"attempt": 2}),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_camp_screen_renders_whole(app: Any, short: Any, cuts: list[str], lang: str,
                                         name: str) -> None:
    app.set_language(lang)
    route, station, over = SCREENS[name]
    c = carry_for(route, station, **over)
    if name == "retry":
        c["news"] = {"station": "3", "won": False, "gained": [[], []], "boxes": []}
    table = _at(app, c)
    for _ in range(3):
        app.step([], 1 / 60)
    table.camp.open_map()
    for _ in range(3):
        app.step([], 1 / 60)
    assert isinstance(app.top, CampaignMapScene)
    assert cuts == []


def test_a_campaign_of_bots_plays_on_at_the_table(app: Any, short: Any) -> None:
    seats = (SeatConfig(kind=BOT, bot="heuristic", name="B1"),
             SeatConfig(kind=HUMAN, name="Alma", colour="crimson"))
    camp = CampaignSession.start("coop_campaign", "chronicle", _config(seats=seats), 4)
    app.settings.anim_speed = 0
    app.push(MainMenuScene(app))
    table = CoopTableScene(app, camp.current, autosave=False, campaign=camp)
    app.push(table)
    for _ in range(30):  # the leader (the token's hero, seat 0) is a bot: it sets out
        app.step([], 0.5)
        if not table.in_camp():
            break
    assert not table.in_camp()


def test_each_choice_in_camp_is_saved_at_once(app: Any, short: Any) -> None:
    from scenes.games import start_table

    app.push(MainMenuScene(app))
    assert start_table(app, "coop_campaign", _config(), 6)
    table = app.top
    board = table.camp
    click(app, board.item_rect(0, 0).center)
    press(app, board.buttons, app.t("coop.ui.camp.give", hero=art.hero_name(app, "wizard")))
    table.writer.flush()
    record = saves.read_any(table.save_path)
    assert [a.kind for a in record.games[-1].actions] == ["give"]
    assert saves.describe(table.save_path).progress["key"] == "coop.progress.camp_named"


@pytest.mark.parametrize("where", ["prologue", "map"])
def test_a_new_campaign_is_saved_at_once_and_continues_from_the_prologue(
        app: Any, short: Any, where: str) -> None:
    from scenes.dialogs import PauseScene
    from scenes.games import start_table
    from scenes.loadgame import open_save

    app.push(MainMenuScene(app))
    assert start_table(app, "coop_campaign", _config(), 8)
    table = app.top
    assert isinstance(table, CoopTableScene) and table.camp.first_camp()
    if where == "map":
        press(app, table.camp.buttons, app.t("coop.ui.camp.map"))
        assert isinstance(app.top, CampaignMapScene)
    # nothing done yet, and the campaign is already in its own save slot
    path = table.save_path
    assert path is not None and not saves.is_autosave(path)
    table.writer.flush()
    assert path.exists()
    info = saves.describe(path)
    assert info.campaign == "chronicle" and not info.over
    assert info.progress["key"] == "coop.progress.camp_named"
    # the party quits from the pause menu
    app.push(PauseScene(app, table))
    app.step([], 1 / 60)
    press(app, app.top.widgets, app.t("ui.pause.quit"))
    assert isinstance(app.top, MainMenuScene)
    while app.stack:
        app.stack.pop().exit()
    # the next day: a fresh program continues at the prologue's camp
    other = App(Settings(language="en"), lang="en", headless=True)
    try:
        other.push(MainMenuScene(other))
        assert open_save(other, path)
        again = other.top
        assert isinstance(again, CoopTableScene) and again.campaign is not None
        assert again.in_camp() and again.camp.first_camp() and again.view["station"] == "1"
        assert again.campaign.index == 0 and again.session.actions == []
    finally:
        while other.stack:
            other.stack.pop().exit()


def _bots_finish(camp: CampaignSession, seed: int) -> None:
    """Plays the campaign's current mission to its end with the heuristic bot and moves on."""
    session = camp.current
    bot = make_bot("heuristic", "coop_campaign", seed=seed)
    for _ in range(3000):
        if session.is_over:
            break
        session.apply(bot.choose(session.rules, session.state, session.actor))
    assert session.is_over
    camp.advance()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_mission_is_played_again_from_the_map_without_changing_the_campaign(
        app: Any, short: Any, lang: str, cuts: list[str]) -> None:
    from scenes.coop_campaign.again import mission_record
    from scenes.dialogs import MessageDialog

    app.set_language(lang)
    app.settings.anim_speed = 0
    camp = CampaignSession.start("coop_campaign", "chronicle", _config(), 21)
    for k in range(8):  # until mission 1 is won (lost tries are played again as well)
        _bots_finish(camp, 60 + k)
        if camp.carries[-1]["route"]:
            break
    assert camp.carries[-1]["route"] == ["1"]
    before = camp.record().to_json()
    record = mission_record(camp, "1")
    assert record is camp.finished[-1]
    app.push(MainMenuScene(app))
    table = CoopTableScene(app, camp.current, autosave=False, campaign=camp)
    app.push(table)
    app.step([], 1 / 60)
    table.camp.open_map()
    app.step([], 1 / 60)
    scene = app.top
    assert isinstance(scene, CampaignMapScene)
    zones = {key: rect for rect, key in scene.zones}
    # the station ahead has no record yet: its tooltip offers nothing, a click opens nothing
    assert app.t("coop.ui.again.tip") not in _tooltip(app, zones[("station", "2")].center)
    click(app, zones[("station", "2")].center)
    assert app.top is scene
    # the finished station says it can be played again, and a click asks
    assert app.t("coop.ui.again.tip") in _tooltip(app, zones[("station", "1")].center)
    click(app, zones[("station", "1")].center)
    assert isinstance(app.top, MessageDialog)
    press(app, app.top.widgets, app.t("coop.ui.again.play"))
    again = app.top
    assert isinstance(again, CoopTableScene) and again is not table
    assert again.again_of == "1" and again.campaign is None and not again.autosave_enabled
    # where the party set out: the recorded camp's choices replayed, the tile's first round
    assert not again.in_camp() and again.view["round"] == 1
    n = next(i for i in range(1, len(record.actions) + 1)
             if i == len(record.actions) or record.actions[i - 1].kind == "set_out")
    assert again.session.actions == record.actions[:n]
    assert again.session.config == record.config and again.session.seed == record.seed
    badge = again.campaign_badge()
    assert badge is not None
    assert app.t("coop.ui.again.unchanged") in _tooltip(app, badge[1].center)
    # played to its end: the panel says so, and back to the campaign
    play_by_mouse(app, again, 5, bot=make_bot("heuristic", "coop_campaign", seed=5))
    for _ in range(20):
        app.step([], 0.1)
        if isinstance(app.top, MessageDialog):
            break
    panel = app.top
    assert isinstance(panel, MessageDialog) and panel.title == app.t("coop.ui.again.over")
    won = again.view["result"] == "won"
    assert again.prompt_text == app.t("coop.ui.over_won" if won else "coop.ui.over_lost")
    press(app, panel.widgets, app.t("coop.ui.again.back"))
    assert app.top is table
    # the campaign did not change
    assert camp.record().to_json() == before and camp.index == len(camp.finished)
    assert cuts == []


def test_the_camps_mission_text_scrolls_with_the_wheel(app: Any, short: Any) -> None:
    import pygame

    from scenes.games import begin

    assert begin(app, "coop_campaign", _config(), 3)  # the prologue's camp: the longest text
    app.step([], 1 / 60)
    press(app, app.top.widgets, app.t("coop.ui.start_campaign"))
    table = app.top
    story = table.camp.story
    # prologue, story, goal, reward and the boxes at stake: longer than the panel
    assert story is not None and story.max_offset > 0
    app.mouse = story.rect.center
    app.step([], 1 / 60)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2)], 1 / 60)
    assert story.target > 0
