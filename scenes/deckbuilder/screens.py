"""Moments of the deck-builder table for screenshots and tests (``python -m scenes.moments
deckbuilder OUT`` renders them).

``prepare(name, seed)`` returns a session at a named moment of a 3-player game (one human,
two bots): the first choice, the village, the dungeon with weapons carried, the battle preview
of a fight that costs heroes, a battle decision and the end. Bots and the human both play the shipped heuristic bot's choices, so every moment
is reachable and the same for the same seed.
"""

from __future__ import annotations

from typing import Any

MOMENTS = ("start", "village", "level", "dungeon", "equipped", "losses", "split", "destroy",
           "spoils", "rest", "late", "over")
# literal tables (engine/rules/deckbuilder/scenario.py vocabulary) for the rarer decisions
SCENARIOS: dict[str, dict[str, Any]] = {
    # diseases with both physical and magic attack against a half-magic ooze: the split decides
    # the fight (all on physical loses, one or both on magic wins)
    "split": {"hall": ["mirror_ooze", "snagtooth_goblin", "glow_ooze"],
              "players": [{"hand": ["anvil_fighter", "ember_blade", "disease", "disease",
                                    "torch", "storm_lantern"]}, {}, {}]},
    # a village visit with XP for a level-up: the elf can rise, the militia can become any hero
    "level": {"hall": ["sky_griffin", "snagtooth_goblin", "glow_ooze"],
              "players": [{"hand": ["moonwood_adept", "militia", "torch", "dagger", "ration",
                                    "storm_lantern"], "xp": 3}, {}, {}]},
    # an acid ooze destroys one weapon after the fight: which one is a decision
    "destroy": {"hall": ["acid_ooze", "snagtooth_goblin", "glow_ooze"],
                "players": [{"hand": ["ash_raider", "anvil_guard", "dagger", "hand_axe",
                                      "storm_lantern", "torch"]}, {}, {}]},
    # the tormented one lowers every hero's strength by 2: the militia fall to 0 and are
    # destroyed after the fight, the dagger gets too heavy (the battle preview says so first)
    "losses": {"hall": ["tormented_one", "plague_herald", "sky_griffin"],
               "players": [{"hand": ["militia", "militia", "militia", "dagger", "torch",
                                     "ration"]}, {}, {}]},
    # a goblin that leaves a weapon as spoils, beaten by a raider with gold to spare
    "spoils": {"hall": ["snagtooth_goblin", "glow_ooze", "sky_griffin"],
               "players": [{"hand": ["ash_raider", "dagger", "torch", "storm_lantern",
                                     "gutter_thief", "militia"]}, {}, {}]},
}


def seats(humans: int = 1, players: int = 3) -> Any:
    """Returns a GameConfig: `humans` human seats first, then bots."""
    from engine.core.protocol import BOT, HUMAN, GameConfig, SeatConfig
    from scenes.theme import SEAT_COLOURS

    names = ("Alma", "Bruno", "Cleo", "Dario", "Edda")
    colours = list(SEAT_COLOURS)
    return GameConfig(tuple(SeatConfig(kind=HUMAN if i < humans else BOT, bot="heuristic",
                                       name=names[i], colour=colours[i])
                            for i in range(players)), {})


def _bot_move(session: Any, seed: int) -> Any:
    """Returns the shipped heuristic bot's move for whoever acts (the human seat included)."""
    from engine.ai.base import make_bot

    actor = session.actor
    bot = make_bot("heuristic", "deckbuilder", seed=seed * 7919 + len(session.actions))
    return bot.choose(session.rules, session.state, actor)


def advance(session: Any, seed: int, until: Any, limit: int = 3000) -> bool:
    """Plays moves until ``until(session)`` holds; returns whether it did."""
    for _ in range(limit):
        if until(session):
            return True
        if session.is_over:
            return False
        session.apply(_bot_move(session, seed))
    return until(session)


def prepare(name: str, seed: int = 1) -> Any:
    """Returns a session at the named moment (seat 0, the human, to act unless it is over)."""
    from engine.core.session import Session

    if name not in MOMENTS:
        raise ValueError(f"unknown moment {name!r} (choose from {', '.join(MOMENTS)})")
    if name in SCENARIOS:
        return _scenario(name, seed)
    session = Session.start("deckbuilder", seats(), seed)

    def human(phase: str, extra: Any = None) -> Any:
        return lambda s: (s.actor == 0 and s.state.phase == phase
                          and (extra is None or extra(s)))

    if name == "start":
        return session
    if name == "village":
        session.apply(_find(session, "village"))
        return session
    if name == "dungeon":
        advance(session, seed, human("choose", lambda s: s.state.turn >= 3))
        session.apply(_find(session, "dungeon"))
        return session
    if name == "equipped":
        def armed(s: Any) -> bool:
            return s.actor == 0 and s.state.phase == "dungeon" and bool(s.state.equip)
        ok = advance(session, seed, armed)
        if not ok:
            raise RuntimeError("no armed hero reached")
        return session
    if name == "rest":
        advance(session, seed, human("choose", lambda s: s.state.turn >= 6))
        session.apply(_find(session, "rest"))
        return session
    if name == "late":
        advance(session, seed, human("choose", lambda s: s.state.turn >= 45))
        return session
    advance(session, seed, lambda s: s.is_over, limit=20000)
    return session


def _scenario(name: str, seed: int) -> Any:
    """Returns a session of a literal table, played up to the decision it shows."""
    from engine import registry
    from engine.core.session import Session

    rules = registry.rules("deckbuilder")
    config = seats()
    state = rules.new_game(config, seed)
    rules.setup_scenario(state, SCENARIOS[name])
    session = Session("deckbuilder", config, seed, state)
    if name == "level":
        session.apply(_find(session, "village"))
        return session
    session.apply(_find(session, "dungeon"))
    if name == "losses":
        session.apply(_find(session, "equip"))  # the dagger to the first militia
        return session
    if name in ("destroy", "split"):
        for action in rules.legal_actions(session.state):
            if action.kind == "equip" and action["hero"] not in session.state.equip.values() \
                    and action["weapon"] not in session.state.equip:
                session.apply(action)
    session.apply(_find(session, "attack"))
    return session


def _find(session: Any, kind: str) -> Any:
    for action in session.rules.legal_actions(session.state):
        if action.kind == kind:
            return action
    raise RuntimeError(f"{kind} is not legal now")


# where the mouse rests in each picture, to show the hover enlargement and the battle preview
HOVER = {"start": (100, 200), "dungeon": (380, 200), "equipped": (240, 300),
         "late": (100, 200), "village": (560, 760), "split": (100, 200),
         "losses": (100, 200)}


def open_moment(app: Any, moment: str, seed: int = 1) -> Any:
    """Pushes the table at the named moment, the mouse resting where the picture wants it
    (scenes/moments.py renders these)."""
    from scenes.deckbuilder.table import DeckbuilderTableScene

    table = DeckbuilderTableScene(app, prepare(moment, seed), autosave=False)
    table.is_bot = lambda seat: False  # type: ignore[method-assign]  # frozen for the picture
    app.push(table)
    app.mouse = HOVER.get(moment, (5, 5))
    if moment == "level":
        # the level-up options open over the hero; the mouse rests on the first
        level = _find(table.session, "level")
        table.click_card(level["card"])
        app.mouse = table.popup.buttons[0].rect.center
    return table
