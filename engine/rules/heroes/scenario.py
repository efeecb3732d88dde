"""Scenario-file set-up for heroes battles (docs/scenarios.md, section "heroes_battle").

Vocabulary (every key optional):
- ``units``: replaces every unit: ``{unit, side, pack, square, damage, paralysed, defending,
  retaliated, activated}``; units with a square stand on the board and deployment is skipped.
- ``walls``: the middle row in a siege, e.g. ``[wall, gate, wall, null]`` (the tower is added).
- ``sides``: per side ``{hand, deck, discard, crowns, level, empower, gold, mp, morale}``
  (piles bottom first, the top card last; ``morale`` 1: a good morale token).
- ``dice``: attack-die results to use before the generator (tests of exact numbers).
- ``round``: the combat round number.
After the set-up the battle moves on to the first activation.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event
from engine.core.deck import Pile
from engine.core.errors import MalformedAction
from engine.rules.heroes import combat
from engine.rules.heroes import content as C
from engine.rules.heroes.battle import setup as battle_setup
from engine.rules.heroes.state import BATTLE, BattleState

UNIT_KEYS = {"unit", "side", "pack", "square", "damage", "paralysed", "defending",
             "retaliated", "activated", "defended_last"}
SIDE_KEYS = {"hand", "deck", "discard", "crowns", "level", "empower", "gold", "mp", "morale"}
KEYS = {"units", "walls", "sides", "dice", "round"}


def apply_battle_setup(rules: Any, st: BattleState, setup: dict[str, Any]) -> None:
    """Overrides a fresh battle from a scenario's ``setup`` mapping."""
    unknown = set(setup) - KEYS
    if unknown:
        raise MalformedAction(f"heroes_battle scenario: unknown set-up keys {sorted(unknown)}")
    if "dice" in setup:
        st.forced = [int(x) for x in setup["dice"]]
    for i, sd in enumerate(setup.get("sides") or ()):
        if not sd:
            continue
        bad = set(sd) - SIDE_KEYS
        if bad:
            raise MalformedAction(f"heroes_battle scenario: unknown side keys {sorted(bad)}")
        s = st.sides[i]
        if "hand" in sd:
            s.hand = list(sd["hand"])
        # piles are listed bottom first, the top card last
        if "deck" in sd:
            s.deck.draw_pile = Pile(reversed(list(sd["deck"])))
        if "discard" in sd:
            s.deck.discard_pile = Pile(reversed(list(sd["discard"])))
        for key in ("crowns", "level", "empower", "gold", "mp", "morale"):
            if key in sd:
                setattr(s, key, int(sd[key]))
    if "units" in setup:
        st.units = []
        for entry in setup["units"]:
            bad = set(entry) - UNIT_KEYS
            if bad or not C.content().has("unit", entry.get("unit", "")):
                raise MalformedAction(f"heroes_battle scenario: bad unit {entry!r}")
            tower = C.unit(entry["unit"]).role == "tower"
            u = battle_setup.add_unit(st, entry["unit"], int(entry.get("side", 0)),
                                      bool(entry.get("pack", False)), tower=tower)
            if "square" in entry:
                u.sq = int(entry["square"])
                u.deployed = True
            u.damage = int(entry.get("damage", 0))
            u.paralysed = bool(entry.get("paralysed", False))
            u.defending = bool(entry.get("defending", False))
            u.retaliated = bool(entry.get("retaliated", False))
            u.acted = bool(entry.get("activated", False))
            u.defended_last = bool(entry.get("defended_last", False))
        if (setup.get("walls") is not None or st.spec.get("kind") == "siege") \
                and not any(u.tower for u in st.units):
            battle_setup.add_unit(st, "arrow_tower", 1, False, tower=True)
        st.neutral_decks = {}
    if "walls" in setup:
        st.walls = list(setup["walls"])
    if "round" in setup:
        st.round = int(setup["round"])
    if "units" in setup and all(u.deployed for u in st.units):
        st.flow.clear()
        st.flow.phase = BATTLE
        st.winner = None
        st.reason = ""
        st.active = -1
        st.deploying = 2
        ev: list[Event] = []
        combat.advance(rules, st, ev)
