"""Building the decks of a mission: the theme's minion and elite decks and the loot decks."""

from __future__ import annotations

from typing import Any

from engine.core.deck import Deck
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign.state import MissionState


def physical(entries: list[tuple[str, int]]) -> list[str]:
    """Returns the physical card ids ``<id>.<copy>`` of (id, copies) pairs."""
    return [f"{cid}.{k + 1}" for cid, n in entries for k in range(n)]


def build_decks(st: MissionState) -> None:
    """Shuffles the theme's minion and elite decks and the grey and gold loot decks (seed 001,
    1.2: one minion and one elite deck per theme)."""
    build_enemy_decks(st)
    build_loot_decks(st)


def build_enemy_decks(st: MissionState, changes: list[dict[str, Any]] | None = None) -> None:
    """Shuffles the theme's minion and elite decks with the campaign's changes (cards shuffled
    in or taken out for good, seed 001, 2: "spezielle Karten in ein Gegnerdeck gemischt").
    A card that only a campaign checkbox shuffles in (or that the content marks
    ``campaign_only``) is in no deck before."""
    from engine.rules.coop_campaign import campaign

    extra = campaign.campaign_cards()
    for rank in ("minion", "elite"):
        cards = physical([(e.id, e.copies) for e in C.all_of("enemy")
                          if e.theme == st.theme and e.rank == rank
                          and e.id not in extra and not e.campaign_only])
        if changes:
            cards = campaign.apply_changes(cards, st.theme, rank, changes)
        st.rng.shuffle(cards)
        st.decks[rank] = Deck(cards)


def build_loot_decks(st: MissionState, carried: list[str] | None = None) -> None:
    """Shuffles the grey and gold loot decks without the cards the heroes carry."""
    held = set(carried or ())
    for colour in ("grey", "gold"):
        cards = physical([(i.id, i.copies) for i in C.all_of("item") if i.deck == colour])
        cards = [c for c in cards if c not in held]
        st.rng.shuffle(cards)
        st.loot[colour] = Deck(cards)
