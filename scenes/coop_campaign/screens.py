"""Moments of a mission for screenshots and tests (``python -m scenes.moments coop_campaign OUT``
renders them): a seeded mission played by the heuristic hero bot until the moment's condition
holds, then shown at the table for the human seat(s).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MOMENTS = ("setup", "river", "attack", "reroll", "enemy_turn", "take", "tracker", "solo",
           "hotseat", "over", "boss", "boss_card", "boss_over", "choice", "relic", "drop",
           "camp", "between", "camp_trade", "camp_map", "camp_fork", "camp_merchant")
CAMPAIGN_MOMENTS = ("camp", "between", "camp_trade", "camp_map", "camp_fork", "camp_merchant")

NAMES = ("Alma", "Bruno", "Cleo", "Dario")
COLOURS = ("crimson", "azure", "emerald", "amber")


def new_session(seed: int, options: dict[str, Any] | None = None, seats: int = 1,
                humans: int = 1) -> Any:
    """Returns a mission with ``seats`` seats, the first ``humans`` of them human."""
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
    from engine.core.session import Session

    config = tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic",
                              name=NAMES[i], colour=COLOURS[i]) for i in range(seats))
    return Session.start("coop_campaign", GameConfig(config, dict(options or {})), seed)


def play_until(session: Any, done: Callable[[Any], bool], seed: int, limit: int = 600) -> bool:
    """Plays the heuristic bot for every seat until done(session) holds; returns whether it did."""
    from engine.ai.base import make_bot

    bot = make_bot("heuristic", "coop_campaign", seed=seed)
    for _ in range(limit):
        if done(session):
            return True
        if session.is_over:
            return False
        session.apply(bot.choose(session.rules, session.state, session.actor))
    return done(session)


def _view(session: Any) -> dict[str, Any]:
    return session.rules.view(session.state, 0)  # type: ignore[no-any-return]


def _area_attacks(session: Any) -> list[Any]:
    """Returns the legal plays whose attack hits two enemies or more (an area attack)."""
    out = []
    for a in session.rules.legal_actions(session.state):
        if a.kind != "play":
            continue
        for pick in a["picks"]:
            if isinstance(pick, tuple) and len(pick) == 2 and isinstance(pick[1], tuple) \
                    and len(pick[1]) >= 2:
                out.append(a)
                break
    return out


def _attack_ready(session: Any) -> bool:
    """Returns True when the active hero may play an area attack on two enemies."""
    v = _view(session)
    if v["pending"] is not None or v["active"] < 0:
        return False
    return bool(_area_attacks(session))


def _river_ready(session: Any) -> bool:
    v = _view(session)
    if v["pending"] is not None or v["active"] < 0:
        return False
    h = v["heroes"][v["active"]]
    return h["mana"] >= 3 and v["round"] >= 2 and sum(len(c) for c in v["areas"].values()) >= 2


def _before_enemy_turn(session: Any) -> bool:
    """Returns True when the next action ends the last activation of a round with enemies on
    heroes' heels (the enemy turn follows)."""
    v = _view(session)
    if v["pending"] is not None or v["active"] < 0 or v["order"]:
        return False
    heroes_areas = {h["area"] for h in v["heroes"]}
    near = sum(len(v["areas"][d]) for d in heroes_areas)
    return near >= 1 and v["round"] >= 2


CONDITIONS: dict[str, Callable[[Any], bool]] = {
    "river": _river_ready,
    "attack": _attack_ready,
    "reroll": lambda s: _view(s)["pending"] == "reroll",
    "take": lambda s: _view(s)["pending"] == "take",
    "tracker": lambda s: _river_ready(s) and _view(s)["round"] >= 3,
    "solo": lambda s: _river_ready(s) and _view(s)["round"] >= 4,
    "hotseat": lambda s: _river_ready(s) and _view(s)["round"] >= 3,
    "enemy_turn": _before_enemy_turn,
    "over": lambda s: s.is_over,
    "boss": lambda s: _river_ready(s) and _view(s)["round"] >= 3
    and _view(s)["boss"]["last"] is not None,
    "boss_card": _before_enemy_turn,
    "choice": lambda s: _view(s)["pending"] == "choose",
    "relic": lambda s: _view(s)["pending"] == "choose",
    "drop": lambda s: _view(s)["pending"] == "drop",
}

SETUPS: dict[str, dict[str, Any]] = {
    "hotseat": {"seats": 2, "humans": 2, "options": {"tile": "glade"}},
    "take": {"seats": 2, "humans": 2, "options": {"tile": "glade"}},
    "over": {"seats": 2, "humans": 1, "options": {"tile": "bridge"}},
    "boss": {"seats": 1, "humans": 1, "options": {"tile": "abbey"}},
    "boss_card": {"seats": 3, "humans": 3, "options": {"tile": "queen"}},
    "boss_over": {"seats": 2, "humans": 2, "options": {"tile": "warcamp"}},
    "choice": {"seats": 2, "humans": 2, "options": {"tile": "glade"}},  # spare the trapper?
    "relic": {"seats": 2, "humans": 2, "options": {"tile": "warcamp"}},  # the boss's relics
    # loot over capacity during a tile (after a won tile the camp sorts it: no drop there)
    "drop": {"seats": 2, "humans": 2, "options": {"tile": "ossuary"}},
}


def open_moment(app: Any, name: str, seed: int = 1) -> Any:
    """Pushes the scenes of a named moment; returns the top scene."""
    from scenes.coop_campaign.table import CoopTableScene
    from scenes.menu import MainMenuScene

    app.push(MainMenuScene(app))
    app.mouse = (-1, -1)
    if name == "setup":
        from engine.core.protocol import HUMAN, GameConfig, SeatConfig
        from scenes.coop_campaign.setup import HeroPickScene

        seats = (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),)
        app.push(HeroPickScene(app, "coop_campaign", GameConfig(seats, {}), seed))
        return app.top
    if name in CAMPAIGN_MOMENTS:
        return open_campaign_moment(app, name, seed)
    setup = SETUPS.get(name, {"seats": 1, "humans": 1, "options": {}})
    session = None
    for attempt in range(30):
        session = new_session(seed + attempt, setup["options"], setup["seats"], setup["humans"])
        if name in ("over", "boss_over"):
            if play_until(session, _last_blow if name == "over" else _boss_blow,
                          seed * 7 + attempt, 1200):
                break
        elif play_until(session, CONDITIONS[name], seed * 7 + attempt):
            break
    assert session is not None
    table = CoopTableScene(app, session, autosave=False)
    app.push(table)
    table.is_bot = lambda seat: False  # type: ignore[method-assign]  # freeze for the picture
    table._check_handover(None)
    table.refresh()
    if name in ("over", "boss_over"):
        from engine.ai.base import make_bot

        app.settings.anim_speed = 0.0
        bot = make_bot("heuristic", "coop_campaign", seed=1)
        while not session.is_over:
            table._apply(bot.choose(session.rules, session.state, session.actor))
        return app.top
    if name == "attack":
        start_attack(app, table)
    elif name in ("river", "solo", "hotseat"):
        hover_tile(app, table)
    elif name == "tracker":
        table.anim.finish_all()
        app.mouse = table.field_rect(min(len(table.view["track"]) - 1,
                                         table.view["round"])).center
    elif name == "enemy_turn":
        freeze_enemy_turn(app, table)
    elif name == "boss_card":
        freeze_enemy_turn(app, table, "coop.ev.ai_card")
        table.chooser_hidden = True  # the picture is the drawn AI card, not what follows
    elif name == "boss":
        table.anim.finish_all()
        boss = table.view["boss"]
        rect = table.card_rects(table.view).get(boss["uid"])
        if rect is not None:
            app.mouse = (rect.left + 30, rect.top + 12)
    return app.top


def _last_blow(session: Any) -> bool:
    """Returns True when the heuristic bot's next action ends the mission."""
    from engine.ai.base import make_bot

    if session.is_over:
        return False
    rules = session.rules
    action = make_bot("heuristic", "coop_campaign", seed=1).choose(rules, session.state,
                                                                  session.actor)
    trial = rules.clone(session.state)
    rules.apply(trial, action)
    return bool(rules.is_over(trial))


def _boss_blow(session: Any) -> bool:
    """Returns True when the heuristic bot's next action defeats the boss."""
    from engine.ai.base import make_bot

    if session.is_over:
        return False
    rules = session.rules
    action = make_bot("heuristic", "coop_campaign", seed=1).choose(rules, session.state,
                                                                  session.actor)
    trial = rules.clone(session.state)
    rules.apply(trial, action)
    return bool(trial.boss is not None and trial.boss["defeated"])


def hover_tile(app: Any, table: Any) -> None:
    """Points the mouse at the first playable river tile, so its costs show."""
    v = table.view
    h = v["heroes"][v["active"]]
    for slot, entry in enumerate(h["river"]):
        if table.index.at(("tile", entry["tile"])):
            app.mouse = table.tile_rect(slot).center
            return


def start_attack(app: Any, table: Any) -> None:
    """Clicks an area attack's tile and its first target, and points at the second target,
    so the preview shows both."""
    found = _area_attacks(table.session)
    if not found:
        return
    action = found[0]
    table.start_plan("play", action["tile"])
    plan = table.plan
    if plan is None:
        return
    pick = next(p for p in action["picks"] if isinstance(p, tuple) and len(p) == 2
                and isinstance(p[1], tuple) and len(p[1]) >= 2)
    first, second = pick[1][0], pick[1][1]
    plan.weapon = pick[0]
    table.click(("zone", first[0], first[1]))
    rect = table.card_rects(table.view)[second[0]]
    app.mouse = table.zone_rect(rect, second[1]).center


def freeze_enemy_turn(app: Any, table: Any, key: str = "coop.ev.target") -> None:
    """Ends the round's last activation and holds the playback on the first event ``key`` (an
    enemy's target, a boss's AI card)."""
    from engine.ai.base import make_bot
    from scenes.coop_campaign.fx import Timeline

    app.settings.anim_speed = 1.0
    table.anim.speed = 1.0
    session = table.session
    bot = make_bot("heuristic", "coop_campaign", seed=1)
    for _ in range(80):
        if session.is_over:
            return
        before = len(session.log)
        table._apply(bot.choose(session.rules, session.state, session.actor))
        if any(e.key == key for e in session.log[before:]):
            break
        table.anim.finish_all()
        table.timeline = None
    tl = table.timeline
    if tl is None:
        return
    step = next((s for s in tl.steps if s.event.key == key), None)
    if step is None:
        step = next((s for s in tl.steps if s.event.key == "coop.ev.enemy_activates"),
                    tl.steps[0])
    tl.elapsed = step.start + step.duration * 0.8

    def hold(dt: float) -> None:
        return None

    def keep() -> None:
        return None

    tl.update = hold  # type: ignore[method-assign]
    tl.finish = keep  # type: ignore[method-assign]
    assert isinstance(tl, Timeline)


# --- the campaign ---------------------------------------------------------------------------------
def new_campaign(seed: int, seats: int = 1, humans: int = 1, hard: bool = False) -> Any:
    """Returns a campaign at the prologue's camp (the heroes barbarian and wizard)."""
    from engine.core.campaign import CampaignSession
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig

    config = tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic",
                              name=NAMES[i], colour=COLOURS[i]) for i in range(seats))
    options = {"mode": "campaign", "hard": hard}
    return CampaignSession.start("coop_campaign", "chronicle", GameConfig(config, options), seed)


def play_mission(camp: Any, seed: int) -> bool:
    """Plays the campaign's current game to its end with the heuristic bot; returns whether
    the mission was won."""
    play_until(camp.current, lambda s: s.is_over, seed, 3000)
    return bool(camp.current.state.result == "won")


def won_first(seed: int, seats: int = 1, humans: int = 1) -> Any:
    """Returns a campaign whose first mission the bots won with the bridge standing and the
    hermit saved (its game over, not moved on)."""
    for attempt in range(60):
        camp = new_campaign(seed + attempt, seats, humans)
        if play_mission(camp, seed * 7 + attempt) and camp.current.state.boxes == [
                "saved_hermit"]:
            return camp
    raise AssertionError("no seed won the first mission")


def open_campaign_moment(app: Any, name: str, seed: int) -> Any:
    """Pushes a campaign moment: the prologue's camp, the panel after the first mission, the
    camp before the second (an item chosen to pass on), the campaign map over it."""
    from scenes.coop_campaign.table import CoopTableScene

    app.settings.anim_speed = 0.0
    if name in ("camp_fork", "camp_merchant"):
        return _later_camp(app, name, seed)
    if name == "camp":
        camp = new_campaign(seed)
        table = CoopTableScene(app, camp.current, autosave=False, campaign=camp)
        app.push(table)
        table.refresh()
        return app.top
    camp = won_first(seed)
    if name == "between":
        table = CoopTableScene(app, camp.current, autosave=False, campaign=camp)
        app.push(table)
        table.refresh()
        app.push(table.between_games_scene())
        return app.top
    camp.advance()
    table = CoopTableScene(app, camp.current, autosave=False, campaign=camp)
    app.push(table)
    table.refresh()
    board = table.camp
    assert board is not None
    items = [c for h in table.view["heroes"] for c in h["items"]]
    news = table.view["news"]
    gained = [c for g in news["gained"] for c in g] if news else []
    board.click(("item", (gained or items)[0]))
    if name == "camp_map":
        board.open_map()
        return app.top
    app.mouse = board.buttons[0].rect.center  # "give to ..." under the pointer
    return app.top


def _later_camp(app: Any, name: str, seed: int) -> Any:
    """Pushes a camp later in the campaign, a veteran party carried in (the campaign's own
    sample carries): at the fork after mission 3, or before mission 9 with the merchant."""
    from engine.core.campaign import CampaignSession, campaign_of
    from engine.core.session import Session
    from scenes.coop_campaign.table import CoopTableScene

    first = new_campaign(seed)
    camp_def = campaign_of("coop_campaign", "chronicle")
    carries = camp_def.sample_carries(first.config)
    carry = next(c for c in carries if (c["station"] == "") == (name == "camp_fork"))
    config = camp_def.first_config(first.config).with_carry(carry)
    session = Session.start("coop_campaign", config, seed)
    camp = CampaignSession("coop_campaign", "chronicle", first.config, seed, session)
    table = CoopTableScene(app, session, autosave=False, campaign=camp)
    app.push(table)
    table.refresh()
    board = table.camp
    assert board is not None
    if name == "camp_fork":
        app.mouse = board.route_rect(0).center
    else:
        wares = table.view["market"]["wares"]
        app.mouse = board.ware_rect(1, len(wares)).center
    return app.top
