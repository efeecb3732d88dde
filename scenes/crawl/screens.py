"""Crawl game moments for screenshots and tests: a session driven by the heuristic bot for a
number of actions, then shown at the table (``python -m scenes.moments crawl OUT`` renders
them).
"""

from __future__ import annotations

from typing import Any

# moment → (players, options, actions to play, humans)
SETUPS: dict[str, tuple[int, dict[str, Any], int, int]] = {
    "pick": (2, {}, 0, 1),
    "team_pick": (2, {"mode": "team"}, 1, 1),
    "chests": (2, {}, 2, 1),
    "setup": (2, {}, 6, 1),
    "entrances": (2, {}, 10, 1),
    "early": (2, {}, 40, 1),
    "battle": (2, {}, 90, 1),
    "solitaire": (1, {}, 12, 1),
    "three": (3, {"board": "sunken_vault"}, 90, 3),
    "builder": (2, {"board": "builder"}, 2, 2),
}
# moment → (players, scenario set-up, humans): literal tables through the rules' scenario
# vocabulary (docs/crawl/scenarios.md).
SCENARIOS: dict[str, tuple[int, dict[str, Any], int]] = {
    # Figures in every kind of neighbourhood: side by side, one above the other, diagonal,
    # a row of three and a block of four, facing all ways.
    "crowd": (2, {"pool_empty": True, "round": 3, "figures": [
        {"hero": "brannoc", "owner": 0, "at": [2, 1], "facing": 2},
        {"spawn": "gnawer_weak", "at": [3, 1], "facing": 6},
        {"hero": "ysolde", "owner": 1, "at": [7, 1], "facing": 4},
        {"spawn": "bonewalker_weak", "at": [7, 2], "facing": 0},
        {"hero": "kethra", "owner": 0, "at": [12, 2], "facing": 1},
        {"spawn": "ember_imp_weak", "at": [13, 3], "facing": 5},
        {"hero": "nessa", "owner": 1, "at": [17, 2], "facing": 0},
        {"spawn": "tunnel_spider_weak", "at": [18, 2], "facing": 4},
        {"spawn": "mire_lurker_weak", "at": [19, 2], "facing": 6},
        {"hero": "mirela", "owner": 0, "at": [23, 1], "facing": 4},
        {"hero": "gorvash", "owner": 1, "at": [24, 1], "facing": 4},
        {"spawn": "stone_sentry_weak", "at": [23, 2], "facing": 0},
        {"spawn": "hollow_archer_weak", "at": [24, 2], "facing": 2}]}, 1),
}
NAMES = ("Alma", "Bruno", "Cleo", "Dario")
COLOURS = ("crimson", "azure", "emerald", "amber")
MOMENTS = (*SETUPS, *SCENARIOS)


def config(players: int, options: dict[str, Any], humans: int) -> Any:
    """Returns a GameConfig with `humans` human seats first, the rest heuristic bots."""
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig

    seats = tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic",
                             name=NAMES[i], colour=COLOURS[i]) for i in range(players))
    return GameConfig(seats, dict(options))


def drive(session: Any, count: int, seed: int, stop_for_human: bool = False) -> None:
    """Plays ``count`` actions with the crawl's heuristic bot for whoever must act."""
    from engine.ai.base import make_bot

    bot = make_bot("heuristic", "crawl", seed=seed)
    for _ in range(count):
        if session.is_over:
            return
        actor = session.actor
        session.apply(bot.choose(session.rules, session.state, actor))
    if stop_for_human:
        # Let the bots finish until a human seat must act, so the picture shows a decision.
        for _ in range(400):
            if session.is_over or session.config.seats[session.actor].is_human:
                return
            session.apply(bot.choose(session.rules, session.state, session.actor))


def build(app: Any, moment: str, seed: int = 3) -> Any:
    """Pushes the crawl table at a moment of a game and returns the scene."""
    from engine.core.session import Session
    from scenes.crawl.table import CrawlTableScene
    from scenes.menu import MainMenuScene

    if moment in SCENARIOS:
        from engine import registry

        players, setup, humans = SCENARIOS[moment]
        rules = registry.rules("crawl")
        cfg = config(players, {}, humans)
        state = rules.new_game(cfg, seed)
        rules.setup_scenario(state, setup)
        session = Session("crawl", cfg, seed, state)
    else:
        players, options, count, humans = SETUPS[moment]
        session = Session.start("crawl", config(players, options, humans), seed)
        drive(session, count, seed, stop_for_human=True)
    app.push(MainMenuScene(app))
    scene = CrawlTableScene(app, session, autosave=False)
    app.push(scene)
    if scene.curtain_for is not None:
        scene.lift_curtain()
    return scene


def open_moment(app: Any, moment: str, seed: int = 3) -> Any:
    """Pushes the table at a moment with the first hero of the seat to act selected (or the
    builder's section grid open); returns the scene (scenes/moments.py renders these)."""
    scene = build(app, moment, seed)
    scene.is_bot = lambda seat: False  # freeze the table for the picture
    if moment == "builder":
        scene.open_section_pick()  # the grid of open sections to choose from
    elif scene.view.get("active", -1) < 0:
        mine = [f for f in scene.view["figures"] if f["hero"] and f["where"] == "board"
                and f["owner"] == scene.viewer]
        if mine:
            scene.select(("f", mine[0]["uid"]))
    return scene
