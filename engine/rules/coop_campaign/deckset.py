"""Building the decks of a mission: the theme's minion and elite decks and the loot decks."""

from __future__ import annotations

from engine.core.deck import Deck
from engine.rules.coop_campaign import content as C
from engine.rules.coop_campaign.state import MissionState


def physical(entries: list[tuple[str, int]]) -> list[str]:
    """Returns the physical card ids ``<id>.<copy>`` of (id, copies) pairs."""
    return [f"{cid}.{k + 1}" for cid, n in entries for k in range(n)]


def build_decks(st: MissionState) -> None:
    """Shuffles the theme's minion and elite decks and the grey and gold loot decks (seed 001,
    1.2: one minion and one elite deck per theme). Campaign-only cards stay out: only a
    campaign's deck changes put them in (seed 001, 2: "spezielle Karten in ein Gegnerdeck
    gemischt")."""
    for rank in ("minion", "elite"):
        cards = physical([(e.id, e.copies) for e in C.all_of("enemy")
                          if e.theme == st.theme and e.rank == rank and not e.campaign_only])
        st.rng.shuffle(cards)
        st.decks[rank] = Deck(cards)
    for colour in ("grey", "gold"):
        cards = physical([(i.id, i.copies) for i in C.all_of("item") if i.deck == colour])
        st.rng.shuffle(cards)
        st.loot[colour] = Deck(cards)
