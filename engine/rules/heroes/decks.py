"""Hero decks and levels (seed 002, "Helden", "Spielaufbau" 11.-14., "Stufeneffekte")."""

from __future__ import annotations

from functools import cache

from engine.rules.heroes import content as C

# level → (hand limit, expert effects per round); seed 002, "Liste aller Stufeneffekte"
LEVELS = {1: (4, 0), 2: (4, 1), 3: (5, 1), 4: (5, 2), 5: (6, 2), 6: (6, 3), 7: (7, 3)}
SEARCH_LEVELS = (2, 3, 5, 7)  # silver level numbers: Search (2) the ability deck
SPECIALTY_LEVELS = (1, 4, 6)  # gold level numbers: specialty I, IV, VI


def hand_limit(level: int) -> int:
    """Returns the hand limit of a hero level."""
    return LEVELS[level][0]


def crowns(level: int) -> int:
    """Returns how many expert effects a hero of this level may play per round."""
    return LEVELS[level][1]


def starting_deck(hero_id: str, level: int = 1) -> list[str]:
    """Returns a hero's Might & Magic deck at ``level`` (unshuffled, in a fixed order).

    seed 002, setup 11.-13.: the statistic cards the hero board shows, one (might) or two (magic)
    Arcane Arrows, the starting ability and specialty I: nine cards; specialties IV and VI join
    at levels 4 and 6 ("Stufeneffekte"). The ability Searches of levels 2, 3, 5 and 7 are the
    caller's (they need the ability deck and a choice).
    """
    h = C.hero(hero_id)
    deck: list[str] = []
    deck += ["attack"] * h.attack
    deck += ["defence"] * h.defence
    deck += ["power"] * h.power
    deck += ["knowledge"] * h.knowledge
    deck += ["magic_arrow"] * (1 if h.type == "might" else 2)
    deck.append(h.ability)
    for lvl, spec in zip(SPECIALTY_LEVELS, h.specialties, strict=True):
        if level >= lvl:
            deck.append(spec)
    return deck


def shared_deck(kind: str) -> list[str]:
    """Returns every copy of the cards of one kind for a shared deck (spells include the Arcane
    Arrows left over; specialties have no copies)."""
    return list(_shared(kind))


@cache
def _shared(kind: str) -> tuple[str, ...]:
    out: list[str] = []
    for card in C.all_of("card"):
        if card.kind == kind:
            out.extend([card.id] * card.copies)
    return tuple(out)
