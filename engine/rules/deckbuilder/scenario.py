"""Scenario set-up vocabulary (docs/deckbuilder/scenarios.md): literal hands, decks and hall."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.errors import MalformedAction
from engine.rules.deckbuilder.cards import STONE, table
from engine.rules.deckbuilder.state import CHOOSE, PlayerState

if TYPE_CHECKING:
    from engine.rules.deckbuilder.rules import DeckRules
    from engine.rules.deckbuilder.state import DeckState

KEYS = {"hall", "dungeon", "players", "current", "piles", "variants", "trash"}
PLAYER_KEYS = {"hand", "deck", "discard", "xp"}


def _ids(value: Any, where: str) -> list[str]:
    cards = table().cards
    if not isinstance(value, list):
        raise MalformedAction(f"scenario {where}: expected a list of card ids")
    for cid in value:
        if cid is not None and cid not in cards:
            raise MalformedAction(f"scenario {where}: unknown card {cid!r}")
    return list(value)


def apply_setup(rules: DeckRules, st: DeckState, setup: dict[str, Any]) -> None:
    """Overrides the hall, the dungeon deck, players' cards, piles and variants of a state."""
    unknown = set(setup) - KEYS
    if unknown:
        raise MalformedAction(f"scenario set-up: unknown keys {sorted(unknown)}")
    t = table()
    if "hall" in setup:
        hall = _ids(setup["hall"], "hall")
        if len(hall) != 3:
            raise MalformedAction("scenario hall: give three entries, rank 1 first")
        st.hall = list[str | None](hall)
    if "dungeon" in setup:
        # written top card first; stored top card last
        st.dungeon = list(reversed(_ids(setup["dungeon"], "dungeon")))
        st.dknown = len(st.dungeon) - (1 if STONE in st.dungeon else 0)
    if "players" in setup:
        entries = setup["players"]
        if not isinstance(entries, list) or len(entries) != len(st.players):
            raise MalformedAction("scenario players: one entry per seat")
        for p, entry in enumerate(entries):
            if not isinstance(entry, dict) or set(entry) - PLAYER_KEYS:
                raise MalformedAction(f"scenario players[{p}]: keys are {sorted(PLAYER_KEYS)}")
            old = st.players[p]
            st.players[p] = PlayerState(
                list(reversed(_ids(entry["deck"], "deck"))) if "deck" in entry else old.deck,
                _ids(entry["hand"], "hand") if "hand" in entry else old.hand,
                _ids(entry["discard"], "discard") if "discard" in entry else old.discard,
                int(entry.get("xp", old.xp)))
    if "piles" in setup:
        piles = setup["piles"]
        if not isinstance(piles, dict):
            raise MalformedAction("scenario piles: a mapping of pile id to remaining count")
        for pid, n in piles.items():
            if pid in t.classes:
                full = t.hero_pile(pid)
                st.piles[pid] = full[len(full) - n:] if n else []
            elif pid in t.cards:
                st.piles[pid] = [pid] * int(n)
            else:
                raise MalformedAction(f"scenario piles: unknown pile {pid!r}")
    if "trash" in setup:
        st.trash = _ids(setup["trash"], "trash")
    if "variants" in setup:
        st.variants = {**st.variants, **setup["variants"]}
    if "current" in setup:
        st.current = int(setup["current"])
    st.diseases_out = sum(pl.deck.count("disease") + pl.hand.count("disease")
                          + pl.discard.count("disease") for pl in st.players)
    st.reset_turn()
    st.flow.phase = CHOOSE
