"""Moments of the heroes skirmish for screenshots and tests (``python -m scenes.moments heroes
OUT`` renders them): a seeded skirmish played by the heuristic bot for both seats until the
moment's condition holds, then shown at the table for the human seat 0 against a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MOMENTS = ("setup", "map_setup", "search", "build", "deploy", "attack", "window", "siege", "neutral", "over",
           "map", "map_rotate", "map_choice", "map_search", "map_keep", "map_refresh", "map_town",
           "map_battle", "map_three", "map_cards", "map_play",
           "solo_setup", "solo_map", "solo_battle", "solo_between", "solo_carry",
           "solo_end")
# the map game's moments (mode clash), shown at the map table (scenes/heroes/map.py)
MAP_MOMENTS = ("map", "map_rotate", "map_choice", "map_search", "map_keep", "map_refresh",
               "map_town", "map_battle", "map_three", "map_cards", "map_play")

# moment → (options, condition on the session)
OPTIONS: dict[str, dict[str, Any]] = {
    "siege": {"siege": True, "faction_1": "gravemoor", "faction_2": "sunward"},
    "neutral": {"opponent": "neutral", "faction_1": "sunward", "field": 5},
}


def _battle(session: Any) -> dict[str, Any] | None:
    view = session.rules.view(session.state, 0)
    battle = view.get("battle")
    return battle["view"] if battle else None


def _attack_ready(session: Any) -> bool:
    bv = _battle(session)
    return (bv is not None and session.actor == 0 and bv["phase"] == "battle"
            and bv.get("pending") is None and bool(bv.get("targets"))
            and any(a.kind == "attack" and "target" in a.params
                    for a in session.rules.legal_actions(session.state)))


CONDITIONS: dict[str, Callable[[Any], bool]] = {
    "search": lambda s: s.state.flow.phase == "search" and s.actor == 0,
    "build": lambda s: s.state.flow.phase == "build" and s.actor == 0
    and len(s.state.armies[0]) == 2,
    "deploy": lambda s: (_battle(s) or {}).get("phase") == "deploy" and s.actor == 0
    and sum(1 for u in (_battle(s) or {"units": []})["units"]
            if u["side"] == 0 and u["deployed"]) == 2,
    "attack": _attack_ready,
    "window": lambda s: ((_battle(s) or {}).get("pending") or {}).get("kind") == "respond"
    and s.actor == 0,
    "siege": lambda s: _attack_ready(s) and (_battle(s) or {}).get("round", 0) >= 2,
    "neutral": _attack_ready,
    "over": lambda s: s.is_over,
}


def _last_blow(session: Any) -> bool:
    """Returns True when the heuristic bot's next action ends the skirmish."""
    from engine.ai.base import make_bot

    if session.is_over:
        return False
    rules = session.rules
    action = make_bot("heuristic", "heroes", seed=1).choose(rules, session.state, session.actor)
    trial = rules.clone(session.state)
    rules.apply(trial, action)
    return rules.is_over(trial)


def new_session(seed: int, options: dict[str, Any] | None = None, humans: int = 1) -> Any:
    """Returns a skirmish with ``humans`` human seats first (the rest heuristic bots)."""
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
    from engine.core.session import Session

    names, colours = ("Alma", "Bruno"), ("crimson", "azure")
    seats = tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic", name=names[i],
                             colour=colours[i]) for i in range(2))
    opts = {"mode": "skirmish", "faction_1": "sunward", "faction_2": "gravemoor"}
    opts.update(options or {})
    return Session.start("heroes", GameConfig(seats, opts), seed)


def play_until(session: Any, done: Callable[[Any], bool], seed: int, limit: int = 2500) -> bool:
    """Plays the heuristic bot for every seat until done(session) holds; returns whether it did."""
    from engine.ai.base import make_bot

    bot = make_bot("heuristic", "heroes", seed=seed)
    for _ in range(limit):
        if done(session):
            return True
        if session.is_over:
            return False
        session.apply(bot.choose(session.rules, session.state, session.actor))
    return done(session)


def open_moment(app: Any, name: str, seed: int = 1) -> Any:
    """Pushes the scenes of a named moment; returns the top scene."""
    from scenes.heroes.table import HeroesTableScene
    from scenes.menu import MainMenuScene

    app.push(MainMenuScene(app))
    app.mouse = (-1, -1)
    if name in MAP_MOMENTS:
        return open_map_moment(app, name, seed)
    if name.startswith("solo_"):  # the solo campaign (scenes/heroes/solo_screens.py)
        from scenes.heroes.solo_screens import open_solo_moment

        return open_solo_moment(app, name, seed)
    if name in ("setup", "map_setup"):
        from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
        from scenes.heroes.setup import SkirmishSetupScene

        seats = (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),
                 SeatConfig(kind=BOT, bot="heuristic", name="Bruno", colour="azure"),
                 SeatConfig(kind=HUMAN, name="Cleo", colour="emerald"))
        mode = "clash" if name == "map_setup" else "skirmish"
        app.push(SkirmishSetupScene(app, "heroes", GameConfig(seats[:3 if mode == "clash"
                                                                    else 2], {"mode": mode}),
                                    seed))
        if mode == "clash":
            app.top.options["faction_1"] = "gravemoor"
            app.top.layout()
        return app.top
    options = OPTIONS.get(name, {})
    session = new_session(seed, options)
    done = _last_blow if name == "over" else CONDITIONS[name]
    for attempt in range(8):
        if play_until(session, done, seed * 17 + attempt):
            break
        session = new_session(seed + attempt + 1, options)
    table = HeroesTableScene(app, session, autosave=False)
    app.push(table)
    if name == "over":
        # the table sees the last blow, so the final board stays in view behind the result
        from engine.ai.base import make_bot

        bot = make_bot("heuristic", "heroes", seed=1)
        while not session.is_over:
            table._apply(bot.choose(session.rules, session.state, session.actor))
    table.is_bot = lambda seat: False  # type: ignore[method-assign]  # freeze for the picture
    table.refresh()
    if name in ("attack", "siege", "neutral"):
        hover_attack(app, table)
    return app.top


def hover_attack(app: Any, table: Any) -> None:
    """Points the mouse at the first legal attack target, so its preview shows."""
    for a in table.index.of_kind("attack"):
        if "target" in a.params:
            rect = table.unit_rect(table.unit(a["target"]))
            if rect is not None:
                app.mouse = rect.center
                return


def new_map_session(seed: int, humans: int = 1, players: int = 2) -> Any:
    """Returns a map game (mode clash) with ``humans`` human seats first, the rest bots."""
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
    from engine.core.session import Session

    names, colours = ("Alma", "Bruno", "Cleo"), ("crimson", "azure", "emerald")
    seats = tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic", name=names[i],
                             colour=colours[i]) for i in range(players))
    return Session.start("heroes", GameConfig(seats, {"mode": "clash"}), seed)


def _map_view(session: Any) -> dict[str, Any]:
    return session.rules.view(session.state, session.actor)  # type: ignore[no-any-return]


def _holds_artifact(session: Any) -> bool:
    """Returns True when seat 0 may move and holds an artifact, with cards on its discard."""
    from scenes.heroes import query

    v = _map_view(session)
    if session.actor != 0 or not v["reach"] or v.get("battle"):
        return False
    discard = v["players"][0]["discard"]
    return len(discard) >= 3 and any(query.card(c).kind == "artifact"
                                     for c in [*discard, *(v.get("hand") or [])])


MAP_CONDITIONS: dict[str, Callable[[Any], bool]] = {
    "map": lambda s: s.actor == 0 and bool(_map_view(s)["reach"])
    and _map_view(s)["round"] >= 2 and not _map_view(s).get("battle"),
    "map_rotate": lambda s: s.actor == 0 and bool(_map_view(s)["rotations"])
    and _map_view(s)["step"] == "rotate_tile",
    "map_choice": lambda s: s.actor == 0 and bool(_map_view(s)["choice"]),
    "map_three": lambda s: s.actor == 0 and bool(_map_view(s)["reach"])
    and _map_view(s)["round"] >= 3,
    "map_cards": lambda s: _holds_artifact(s),
    "map_search": lambda s: s.actor == 0 and _map_view(s)["step"] == "search_from",
    "map_keep": lambda s: s.actor == 0 and bool(_map_view(s)["looking"]),
    "map_refresh": lambda s: s.actor == 0 and _map_view(s)["step"] == "refresh"
    and _map_view(s)["round"] >= 2,
    "map_town": lambda s: s.actor == 0 and _map_view(s)["step"] == "turn"
    and any(a.kind == "build" for a in s.rules.legal_actions(s.state))
    and any(a.kind == "recruit" for a in s.rules.legal_actions(s.state)),
    "map_battle": lambda s: s.actor == 0 and "battle" in _map_view(s)
    and any(a.kind == "attack" for a in s.rules.legal_actions(s.state)),
    # a card usable on the map in the hand (the moment puts one there), its plays shown
    "map_play": lambda s: s.actor == 0 and bool(_map_view(s)["reach"])
    and _map_view(s)["round"] >= 2 and not _map_view(s).get("battle"),
}


def play_map_until(session: Any, done: Callable[[Any], bool], seed: int,
                   limit: int = 1500) -> bool:
    """Plays the heuristic bot for every seat of a map game until done(session) holds; a
    discovery is preferred when the moment wants a tile to turn, a fight when it wants one."""
    from engine.ai.base import make_bot

    bot = make_bot("heuristic", "heroes", seed=seed)
    for _ in range(limit):
        if done(session):
            return True
        if session.is_over:
            return False
        legal = session.rules.legal_actions(session.state)
        wanted = [a for a in legal if a.kind == "discover"] if done is \
            MAP_CONDITIONS["map_rotate"] else []
        session.apply(wanted[0] if wanted else bot.choose(session.rules, session.state,
                                                          session.actor))
    return done(session)


def open_map_moment(app: Any, name: str, seed: int = 1) -> Any:
    """Pushes the map table at a named moment of a seeded map game; returns it."""
    from scenes.heroes.map import MapTableScene

    players = 3 if name == "map_three" else 2
    session = new_map_session(seed, players=players)
    done = MAP_CONDITIONS[name]
    for attempt in range(6):
        if play_map_until(session, done, seed * 13 + attempt):
            break
        session = new_map_session(seed + attempt + 1, players=players)
    table = MapTableScene(app, session, autosave=False)
    app.push(table)
    table.is_bot = lambda seat: False  # type: ignore[method-assign]  # freeze for the picture
    table.refresh()
    if name == "map_town":
        table._open_town()
    elif name == "map":
        reach = table.view["reach"].get(table.hero) or []
        if reach:
            far = max(reach, key=lambda r: r["mp"])
            app.mouse = tuple(int(c) for c in table.map_cam.cell_centre(tuple(far["at"])))
    elif name == "map_battle":
        hover_attack(app, table)
    elif name == "map_cards":
        table.open_piles()
    elif name == "map_play":
        _show_map_play(app, table)
    return app.top


MAP_CARD = "logistics"  # Pathfinding: an ability with a map mode (movement points)


def _show_map_play(app: Any, table: Any) -> None:
    """Puts a card usable on the map into seat 0's hand and opens its plays above it."""
    card = MAP_CARD
    table.session.state.ps[0].hand.append(card)
    table.refresh()
    hand = table.view.get("hand") or []
    rects = table.hand_rects()
    i = hand.index(card)
    table._play_popup(card, rects[i])()
    app.mouse = table.map_popup.buttons[0].rect.center  # the first play, hovered
