"""Scenario set-up vocabulary (docs/deckbuilder/scenarios.md): literal hands, decks, hall, piles,
the turn, the phase and the thunderstone's holder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.errors import MalformedAction
from engine.rules.deckbuilder.cards import HERO_COPIES, STONE, table
from engine.rules.deckbuilder.state import CHOOSE, DUNGEON, OVER, REST, VILLAGE, PlayerState

if TYPE_CHECKING:
    from engine.rules.deckbuilder.rules import DeckRules
    from engine.rules.deckbuilder.state import DeckState

KEYS = {"hall", "dungeon", "players", "current", "piles", "variants", "trash", "turn", "phase",
        "holder"}
PLAYER_KEYS = {"hand", "deck", "discard", "xp"}
PHASES = (CHOOSE, VILLAGE, DUNGEON, REST, OVER)


def _ids(value: Any, where: str) -> list[str]:
    cards = table().cards
    if not isinstance(value, list):
        raise MalformedAction(f"scenario {where}: expected a list of card ids")
    for cid in value:
        if cid is not None and cid not in cards:
            raise MalformedAction(f"scenario {where}: unknown card {cid!r}")
    return list(value)


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MalformedAction(f"scenario {where}: expected a whole number ≥ 0, not {value!r}")
    return value


def _pile(pid: str, value: Any) -> list[str]:
    """Returns a village pile, bottom card first, from its scenario form: a count (the top n
    cards of a full pile), levels (hero piles: {1: n, 2: n, 3: n}) or card ids, top first."""
    t = table()
    if pid in t.classes:
        if isinstance(value, dict):
            unknown = set(value) - set(HERO_COPIES)
            if unknown:
                raise MalformedAction(f"scenario piles.{pid}: levels are 1, 2 and 3, "
                                      f"not {sorted(map(str, unknown))}")
            levels = t.class_levels[pid]
            # seed 000, "Spielaufbau" 2.: level 3 at the bottom, level 1 on top
            return [levels[lv] for lv in (3, 2, 1)
                    for _ in range(_count(value.get(lv, 0), f"piles.{pid}.{lv}"))]
        if isinstance(value, list):
            ids = _ids(value, f"piles.{pid}")
            if any(t.cards[c].hclass != pid for c in ids):
                raise MalformedAction(f"scenario piles.{pid}: only {pid} heroes belong there")
            return list(reversed(ids))
        full = t.hero_pile(pid)
        n = _count(value, f"piles.{pid}")
        return full[len(full) - n:] if n else []
    if pid in t.cards:
        if isinstance(value, list):
            ids = _ids(value, f"piles.{pid}")
            if any(c != pid for c in ids):
                raise MalformedAction(f"scenario piles.{pid}: only {pid} belongs there")
            return ids
        return [pid] * _count(value, f"piles.{pid}")
    raise MalformedAction(f"scenario piles: unknown pile {pid!r}")


def _take_stone(st: DeckState, setup: dict[str, Any], holder: int) -> None:
    """Makes ``holder`` the player who took the thunderstone: the stone leaves the dungeon
    deck and goes on that player's discard pile unless the player's cards hold it already."""
    if STONE in setup.get("hall", ()) or STONE in setup.get("dungeon", ()):
        raise MalformedAction("scenario holder: the thunderstone cannot also lie in the dungeon")
    for p, pl in enumerate(st.players):
        if p != holder and STONE in pl.deck + pl.hand + pl.discard:
            raise MalformedAction(f"scenario holder: player {p} holds the thunderstone")
    if STONE in st.dungeon:
        st.dungeon.remove(STONE)
        st.dknown = min(st.dknown, len(st.dungeon))
    st.hall = [None if c == STONE else c for c in st.hall]
    pl = st.players[holder]
    if STONE not in pl.deck + pl.hand + pl.discard:
        pl.discard.append(STONE)
    st.holder = holder


def apply_setup(rules: DeckRules, st: DeckState, setup: dict[str, Any]) -> None:
    """Overrides the hall, the dungeon deck, players' cards, piles, variants, the turn, the
    phase and the thunderstone's holder of a state."""
    unknown = set(setup) - KEYS
    if unknown:
        raise MalformedAction(f"scenario set-up: unknown keys {sorted(unknown)}")
    if "hall" in setup:
        # laid out as at set-up: a breach monster placed on rank 1 does not trigger (seed 000,
        # "Durchbruch"); it triggers only when a refill moves it there
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
            raise MalformedAction("scenario piles: a mapping of pile id to its cards")
        for pid, value in piles.items():
            st.piles[pid] = _pile(str(pid), value)
    if "trash" in setup:
        st.trash = _ids(setup["trash"], "trash")
    if "variants" in setup:
        st.variants = {**st.variants, **setup["variants"]}
    if "current" in setup:
        st.current = int(setup["current"])
    if "turn" in setup:
        st.turn = _count(setup["turn"], "turn")
    holder = setup.get("holder")
    if holder is not None and holder != -1:
        if not isinstance(holder, int) or isinstance(holder, bool) \
                or not 0 <= holder < len(st.players):
            raise MalformedAction(f"scenario holder: {holder!r} is not a seat")
        _take_stone(st, setup, holder)
    st.diseases_out = sum(pl.deck.count("disease") + pl.hand.count("disease")
                          + pl.discard.count("disease") for pl in st.players)
    st.reset_turn()
    phase = setup.get("phase", CHOOSE)
    if phase not in PHASES:
        raise MalformedAction(f"scenario phase: {phase!r} is not one of {list(PHASES)}")
    if phase in (VILLAGE, DUNGEON):
        # the current player has revealed the hand (seed 000, "Dorfbesuch" 1. / "Kampf" 1.)
        pl = st.players[st.current]
        st.play = list[str | None](pl.hand)
        pl.hand = []
    st.flow.phase = phase
