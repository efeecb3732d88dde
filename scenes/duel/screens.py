"""Moments of the duel for screenshots and tests (``python -m scenes.moments duel OUT``
renders them). A moment is reached by playing seeded random legal moves from a fresh day until
its condition holds, then opening the scene for the human seat 0; ``arrange`` is set up
through the rules' scenario vocabulary (docs/duel/scenarios.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MOMENTS = ("pick", "builder", "start", "main", "odds", "fight", "defend", "arrange", "window",
           "respond", "between", "dayover")

# The walkthrough fight: defence 1, 3, 4 under attack 6, 1, the defender in chain mail;
# the human defender places its dice (a spare one too) before the fight is scored.
ARRANGE = {"round": 2, "active": 1, "phase": "arrange",
           "fight": {"attacker": 0, "defender": 0, "attack": [6, 1], "defence": [1, 3, 4]},
           "players": [{"main": "tide_queen", "equipment": ["chain_mail"]},
                       {"main": "ember_matriarch"}]}


def _seats() -> Any:
    from engine.core.protocol import BOT, HUMAN, SeatConfig

    return (SeatConfig(kind=HUMAN, name="Alma", colour="crimson"),
            SeatConfig(kind=BOT, bot="heuristic", name="Bruno", colour="azure"))


def _session(seed: int) -> Any:
    from engine.core.protocol import GameConfig
    from engine.core.session import Session

    return Session.start("duel", GameConfig(_seats(), {"day": True}), seed)


def scenario_session(setup: dict[str, Any], seed: int) -> Any:
    """Returns a single game (Alma human, Bruno a bot) set up from a scenario ``setup``."""
    from engine import registry
    from engine.core.protocol import GameConfig
    from engine.core.session import Session

    rules = registry.rules("duel")
    config = GameConfig(_seats(), {})
    state = rules.new_game(config, seed)
    rules.setup_scenario(state, setup)
    return Session("duel", config, seed, state)


def play_until(session: Any, done: Callable[[Any], bool], seed: int, limit: int = 3000) -> bool:
    """Plays seeded random legal moves until done(session) holds; returns whether it did."""
    from engine.core.rng import Rng

    rng = Rng(seed)
    for _ in range(limit):
        if done(session):
            return True
        if session.is_over:
            return False
        legal = session.rules.legal_actions(session.state)
        # Prefer moves that keep the game going (attacks and summons) over ending the turn.
        keen = [a for a in legal if a.kind not in ("end_turn", "pass_window")]
        pick = rng.choice(keen) if keen and rng.below(4) else rng.choice(legal)
        session.apply(pick)
    return done(session)


def _phase(name: str) -> Callable[[Any], bool]:
    def check(session: Any) -> bool:
        state = session.state
        return state.phase == name and session.actor == 0
    return check


CONDITIONS: dict[str, Callable[[Any], bool]] = {
    "start": lambda s: True,
    "main": lambda s: s.state.phase == "main" and s.actor == 0 and s.state.round >= 3
    and len(s.state.players[0].clan) >= 2,
    "odds": lambda s: s.state.phase == "main" and s.actor == 0 and s.state.round >= 2
    and s.state.acts_used == 0,
    "fight": lambda s: s.state.last_fight is not None and s.actor == 0
    and s.state.phase == "main",
    "defend": _phase("defend"),
    "window": _phase("window"),
    "respond": _phase("respond"),
    "between": lambda s: s.state.phase == "between",
    "dayover": lambda s: s.is_over and s.state.day_winner is not None,
}


def open_moment(app: Any, name: str, seed: int = 1) -> Any:
    """Pushes the scenes of a named moment; returns the top scene."""
    from scenes.duel.decks import DeckBuilderScene, DeckPickScene
    from scenes.duel.table import DuelTableScene
    from scenes.menu import MainMenuScene

    app.push(MainMenuScene(app))
    app.mouse = (-1, -1)  # no hover in the picture
    session = _session(seed)
    if name in ("pick", "builder"):
        app.push(DeckPickScene(app, "duel", session.config, session.seed))
        if name == "builder":
            from engine import registry

            deck = registry.rules("duel").decks().ready_made()[2]
            deck = {**deck, "name": "Moss and Thorn", "cards": deck["cards"][:-3]}
            app.push(DeckBuilderScene(app, deck))
        return app.top
    if name == "arrange":
        session = scenario_session(ARRANGE, seed)
    for attempt in range(12):
        if name == "arrange" or play_until(session, CONDITIONS[name], seed * 31 + attempt):
            break
        session = _session(seed + attempt + 1)
    table = DuelTableScene(app, session, autosave=False)
    app.push(table)
    if name == "odds" and table.legal.attack:
        table.click(("char", 0, sorted(table.legal.attack)[0]))
    return table
