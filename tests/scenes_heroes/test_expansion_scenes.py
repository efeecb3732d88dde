"""The expansion rules at the tables: the round track names this resource round's event, a random
town's tooltip names its faction, every expansion choice has a translated label in both
languages, and the battle table shows war machines, empowered statistics and a summoned unit."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai.base import make_bot
from engine.core.actions import Action
from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
from engine.core.session import Session
from engine.rules.heroes.adventure import expansion as X
from engine.rules.heroes.scenario import apply_battle_setup
from scenes.heroes.map import MapTableScene
from scenes.heroes.table import HeroesTableScene

ALL = {"mode": "clash", "expansion_locations": True, "war_machines": True, "events": True,
       "summoning": True}


def _session(seed: int = 1) -> Session:
    seats = (SeatConfig(kind=HUMAN, name="Alma"), SeatConfig(kind=BOT, bot="heuristic",
                                                             name="Bruno"))
    return Session.start("heroes", GameConfig(seats, dict(ALL)), seed)


def _play_until(session: Session, done: Any, seed: int = 1, limit: int = 2500) -> None:
    bot = make_bot("heuristic", "heroes", seed=seed)
    for _ in range(limit):
        if done(session):
            return
        session.apply(bot.choose(session.rules, session.state, session.actor))
    assert done(session)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_round_track_shows_the_event_and_the_town_tooltip_its_faction(app: Any,
                                                                          lang: str) -> None:
    app.set_language(lang)
    app.settings.anim_speed = 0.0
    session = _session()

    def event_drawn(s: Session) -> bool:
        v = s.rules.view(s.state, 0)
        return s.actor == 0 and bool(v.get("expansion", {}).get("event", {}).get("card")) \
            and v["income_round"] and not v.get("battle")

    _play_until(session, event_drawn)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    app.step([], 1 / 60)
    card = table._round_event()
    assert card is not None
    lines = table._event_lines()
    assert len(lines) == 3 and all(line and "{" not in line for line in lines)
    # a random town anywhere: its tooltip names who holds it
    st = session.state
    b = X.R.board(st)
    h = next(h for h, f in sorted(b.fields.items()) if f.location and not f.blocked)
    b.fields[h] = b.fields[h]._replace(location=X.RANDOM_TOWN)
    st.marks.setdefault(h, {})["faction"] = "gravemoor"
    table.refresh()
    tip = table.field_tip(h)
    assert any(("Grabmoor" if lang == "de" else "Gravemoor") in line for line in tip)
    app.step([], 1 / 60)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_expansion_choice_has_a_label_and_a_prompt(app: Any, lang: str) -> None:
    app.set_language(lang)
    for purpose in X.PURPOSES:
        assert app.catalog.has(X.PROMPTS[purpose])
    for key in ("heroes.exp.opt.trade", "heroes.exp.opt.machine", "heroes.exp.opt.hire",
                "heroes.exp.opt.foe", "heroes.exp.opt.buy", "heroes.exp.opt.deck",
                "heroes.exp.opt.gain_stat", "heroes.exp.opt.library_hand",
                "heroes.exp.opt.library_discard", "heroes.exp.opt.star_axis"):
        assert app.catalog.has(key)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_battle_table_shows_machines_and_a_summoned_unit(app: Any, lang: str) -> None:
    app.set_language(lang)
    app.settings.anim_speed = 0.0
    spec = {"kind": "field", "sides": [
        {"seat": 0, "hero": "morwen", "level": 3, "draw": False, "units": []},
        {"seat": 1, "hero": "adelmar", "level": 3, "draw": False, "units": []}]}
    seats = (SeatConfig(kind=HUMAN, name="Alma"), SeatConfig(kind=BOT, bot="heuristic",
                                                             name="Bruno"))
    session = Session.start("heroes_battle", GameConfig(seats, {"battle": spec}), 2)
    apply_battle_setup(session.rules, session.state, {
        "units": [{"unit": "gazer", "side": 0, "square": 5},
                  {"unit": "hornfiend", "side": 1, "square": 17, "activated": True}],
        "sides": [{"hand": ["beckoning_rite", "bolt_thrower", "empowered_attack"]},
                  {"hand": []}]})
    events = session.apply(Action.make("play", card="beckoning_rite", mode="basic"))
    events += session.apply(Action.make("play", card="bolt_thrower", mode="basic"))
    table = HeroesTableScene(app, session, autosave=False)
    app.push(table)
    for _ in range(3):
        app.step([], 1 / 60)
    units = table.view["battle"]["units"] if "battle" in table.view else table.view["units"]
    assert len([u for u in units if u["side"] == 0]) == 2  # the gazers and the summoned unit
    texts = [table.game_text(e.key, e.params) for e in events]
    # the log names the summoning side by its hero and the summoned unit by its name
    summon = next(t for e, t in zip(events, texts, strict=True) if e.key == "heroes.ev.summon")
    assert "Morwen" in summon and "{" not in summon and "Side" not in summon
    assert all("{" not in text for text in texts)
