"""Team play on the map table (scenes/heroes/teams.py): the players' rows name the teams, a gift
and a swap are made with the mouse, with what each moves in its label, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from engine.rules.heroes.adventure import rules as R
from engine.rules.heroes.adventure.state import MAIN
from engine.rules.heroes.bots import HeroesBot
from scenes.heroes import art
from scenes.heroes import teams as team_ui
from scenes.heroes.map import MapTableScene
from tests.scenes.mouse import click, press

NAMES = ("Alma", "Bruno", "Cleo", "Dario")
COLOURS = ("crimson", "azure", "emerald", "amber")


def _session(mode: str, humans: tuple[int, ...], players: int, seed: int = 3) -> Session:
    seats = tuple(SeatConfig(kind=HUMAN if i in humans else BOT, bot="heuristic", name=NAMES[i],
                             colour=COLOURS[i]) for i in range(players))
    session = Session.start("heroes", GameConfig(seats, {"mode": mode}), seed)
    bots = {i: HeroesBot(seed=i) for i in range(players) if i not in humans}
    st = session.state
    while not (session.actor == 0 and st.flow.phase == R.TURN and not st.flow.stack):
        seat = session.actor
        assert seat is not None
        if seat in bots:
            session.apply(bots[seat].choose(session.rules, st, seat))
        else:
            legal = session.rules.legal_actions(st)
            session.apply(next((a for a in legal if a.kind == "draw"), legal[0]))
    return session


def _table(app: Any, session: Session) -> MapTableScene:
    app.settings.anim_speed = 0.0
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    table.lift_curtain()
    app.step([], 1 / 60)
    return table


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_alliance_gift_is_made_with_the_mouse(app: Any, lang: str) -> None:
    app.set_language(lang)
    session = _session("alliance", (0, 2), 4)
    table = _table(app, session)
    assert table.view["team_of"] == [0, 1, 0, 1] and table.view["partners"] == [2]
    gold = session.state.ps[0].res[0]
    assert gold >= 5
    press(app, table.map_buttons, app.t("heroes.teamui.gift"))
    assert table.map_popup is not None
    label = app.t("heroes.teamui.gift_line", amount=table.amount_text([5, 0, 0]), name="Cleo")
    button = next(b for b in table.map_popup.buttons if b.label == label)
    click(app, button.rect.center)
    assert session.state.ps[0].res[0] == gold - 5
    for _ in range(3):
        app.step([], 1 / 30)


def test_a_swap_between_adjacent_allies_with_both_consents(app: Any) -> None:
    session = _session("coop", (0, 1), 2)
    st = session.state
    here = st.ps[0].pos[MAIN]
    assert here is not None
    board = R.board(st)
    st.ps[1].pos[MAIN] = next(n for n in sorted(board.steps(here)))
    st.ps[0].hand = ["magic_arrow", *st.ps[0].hand[1:]]
    st.ps[1].hand = ["iron_blade"]
    table = _table(app, session)
    assert table.view["swap_with"] == [1]
    press(app, table.map_buttons, app.t("heroes.teamui.swap"))
    label = app.t("heroes.teamui.offer_line", card=art.card_name(app, "magic_arrow"),
                  name="Bruno")
    click(app, next(b for b in table.map_popup.buttons if b.label == label).rect.center)
    assert session.actor == 1
    table.lift_curtain()
    app.step([], 1 / 60)
    pick = next(a for a in table.index.of_kind("pick"))
    press(app, table.map_buttons, team_ui.pick_label(table, pick))
    assert session.actor == 0
    table.lift_curtain()
    app.step([], 1 / 60)
    accept = app.t("heroes.teamui.accept_swap", card=art.card_name(app, "magic_arrow"),
                   other=art.card_name(app, "iron_blade"))
    press(app, table.map_buttons, accept)
    assert "iron_blade" in st.ps[0].hand and st.ps[1].hand == ["magic_arrow"]
    for _ in range(3):
        app.step([], 1 / 30)


def test_every_field_preview_kind_has_its_line_in_both_languages(app: Any) -> None:
    """The field tooltip names what arriving does as ``heroes.map.what.<kind>`` (an ally's place
    among them)."""
    assert "ally" in R.WHAT
    for lang in ("en", "de"):
        app.set_language(lang)
        for kind in R.WHAT:
            assert app.has(f"heroes.map.what.{kind}"), (lang, kind)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_bot_lines_of_a_coop_game_name_the_player_they_mean(app: Any, lang: str) -> None:
    """Found in the co-op window walk (docs/heroes/coop-window-walk.md): the bot heroes' lines
    said "You attack", "towards your town", "you win" to both players, and a battle with a bot
    named its card lines after the sides of the battle before (a neutral fight of the other
    player: "Bruno plays Crown of the Noon Sun" when Alma played it)."""
    from engine.rules.heroes.adventure import bothero
    from scenes.heroes.map import BOT_TEAM_KEYS

    app.set_language(lang)
    assert all(app.has(k) and app.has(v) for k, v in BOT_TEAM_KEYS.items())
    session = _session("coop", (0, 1), 2)
    st = session.state
    table = _table(app, session)
    t = app.t
    marshal = bothero.bots(st)[1]["name"]
    name = app.catalog.text(marshal)
    town = st.ps[1].town
    assert town is not None
    goal = bothero.place(st, town)
    assert goal == {"key": "heroes.bot.place.town", "params": {"owner": 1}}
    reason = {"key": "heroes.bot.why.town", "params": {"goal": goal}}
    line = table.game_text("heroes.bot.move", {"bot_name": marshal, "mp": 2, "why": "town",
                                               "reason": reason})
    assert t("heroes.bot.team.place.town", owner="Bruno") in line
    assert t("heroes.bot.why.town") not in line
    assert table.game_text("heroes.bot.attacked", {"seat": 0, "bot_name": marshal}) \
        == t("heroes.bot.team.attacked", seat="Alma", bot_name=name)
    who = bothero.hero_word(MAIN, 1)
    assert t("heroes.bot.team.hero.main", owner="Bruno") in table.game_text(
        "heroes.bot.challenge", {"bot_name": marshal, "seat": 1, "who": who})
    # a battle Alma starts against the marshal after Bruno's fight with neutrals
    table.game_text("heroes.map.battle", {"seat": 1, "kind": "neutral"})
    table.game_text("heroes.bot.battle", {"bot_name": marshal, "seat": 0, "attacker": "player",
                                          "who": bothero.hero_word(MAIN, 0)})
    play = {"side": 0, "card": "crown_of_the_noon_sun", "card_name": "Crown"}
    assert table.game_text("heroes.ev.play", play) == t("heroes.ui.ev.play", side="Alma",
                                                        card_name="Crown")
    assert table.game_text("heroes.ev.play", dict(play, side=1)) \
        == t("heroes.ui.ev.play", side=name, card_name="Crown")
    assert table.game_text("heroes.bot.at_town", {"bot_name": marshal, "owner": 1}) \
        == t("heroes.bot.team.at_town", bot_name=name, owner="Bruno")
    over = {"key": bothero.RESULTS["player"], "params": {"bot_name": marshal, "seat": 0}}
    assert t("heroes.bot.team.result.player", seat="Alma") in table.game_text(
        "heroes.bot.battle_over", {"bot_name": marshal, "seat": 0, "won": "player",
                                   "result": over})


def test_the_coop_box_keeps_every_bot_hero_when_room_runs_short(app: Any) -> None:
    """Found in the co-op window walk: with two good-morale buttons above it the co-op box
    showed the warden and his units but no longer the marshal; the unit lines go first."""
    from scenes.heroes import botmarks

    session = _session("coop", (0, 1), 2)
    table = _table(app, session)
    lines = botmarks.side_lines(table, 260)
    names = [line for line in lines if line[2]]
    assert len(names) == len(table.view["bots"]) == 2
    full = sum(image.get_height() + 3 for image, _i, _d in lines)
    assert botmarks.fitting_lines(lines, full) == lines
    short = botmarks.fitting_lines(lines, full - 10)
    assert [line for line in short if line[2]] == names
    assert all(not (indent and not dot) for _img, indent, dot in short)
    table.draw(app.screen)
