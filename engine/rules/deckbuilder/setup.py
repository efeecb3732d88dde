"""Game set-up (seed 000, "Spielaufbau"): chosen card sets, the dungeon deck, piles and decks.

Sets come from a preset, from the randomizer (optionally "smart": at least one buyable light
source and one magic attack), or from a short set-up code that names them by content index.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import MalformedAction
from engine.core.rng import Rng
from engine.rules.deckbuilder.cards import BASIC_PILES, STONE, CardTable
from engine.rules.deckbuilder.state import CHOOSE, DeckState, PlayerState

HAND = 6
HEROES = 4  # seed 000, "Spielaufbau" 2.: four hero classes
VILLAGE_TYPES = 8  # seed 000, "Spielaufbau" 3.: eight village card types
UNDER = 10  # seed 000, 1.: the top 10 monster cards plus the thunderstone go to the bottom
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def encode(t: CardTable, groups: list[str], heroes: list[str], village: list[str]) -> str:
    """Returns the set-up code: three dot-separated runs of content indices in base 36."""
    gi = list(t.groups)
    hi = list(t.classes)
    vi = t.villages
    return ".".join("".join(DIGITS[ids.index(x)] for x in part)
                    for ids, part in ((gi, groups), (hi, heroes), (vi, village)))


def decode(t: CardTable, code: str) -> tuple[list[str], list[str], list[str]]:
    """Returns (monster groups, hero classes, village cards) of a set-up code."""
    parts = code.strip().lower().split(".")
    if len(parts) != 3:
        raise MalformedAction("deckbuilder set-up code needs three parts separated by dots")
    out: list[list[str]] = []
    for ids, part in zip((list(t.groups), list(t.classes), t.villages), parts, strict=True):
        picked = []
        for ch in part:
            i = DIGITS.find(ch)
            if i < 0 or i >= len(ids) or ids[i] in picked:
                raise MalformedAction(f"deckbuilder set-up code: bad entry {ch!r}")
            picked.append(ids[i])
        out.append(picked)
    groups, heroes, village = out
    if len(groups) < 3 or len(heroes) != HEROES or len(village) != VILLAGE_TYPES:
        raise MalformedAction("deckbuilder set-up code needs >= 3 monster groups, "
                              "4 hero classes and 8 village cards")
    return groups, heroes, village


def _has_light_and_magic(t: CardTable, heroes: list[str], village: list[str]) -> bool:
    buyable = [t.cards[v] for v in village] + [t.cards[t.class_levels[h][1]] for h in heroes]
    light = any(c.light > 0 for c in buyable)
    magic = any(c.magic > 0 for c in buyable)
    return light and magic


def choose_sets(t: CardTable, rng: Rng, mode: str, code: str, n_groups: int,
                expansions: bool) -> tuple[list[str], list[str], list[str]]:
    """Returns the card sets of a new game for the set-up mode."""
    if mode == "code":
        return decode(t, code)
    if mode in t.presets:
        p = t.presets[mode]
        return list(p.monsters), list(p.heroes), list(p.village)
    groups = [g for g, d in t.groups.items() if expansions or not d.expansion]
    classes = [c for c, d in t.classes.items() if expansions or not d.expansion]
    village = [v for v in t.villages if expansions or not t.content.get("village", v).expansion]
    chosen_groups = rng.sample(groups, min(n_groups, len(groups)))
    for _ in range(100):
        heroes = rng.sample(classes, HEROES)
        vill = rng.sample(village, VILLAGE_TYPES)
        if mode != "smart" or _has_light_and_magic(t, heroes, vill):
            break
    return chosen_groups, heroes, vill


def build(t: CardTable, seats: int, seed: int, options: dict[str, Any]) -> DeckState:
    """Returns a fresh game state for the options (see rules.DeckRules.options)."""
    st = DeckState()
    rng = Rng(seed)
    st.rng = rng
    groups, heroes, village = choose_sets(
        t, rng, options["setup"], options["setup_code"], options["monster_groups"],
        options["expansions"])
    st.setup = {"groups": groups, "heroes": heroes, "village": village,
                "code": encode(t, groups, heroes, village), "mode": options["setup"]}
    st.variants = {"strength": options["strength_rule"], "disease": options["disease_rule"]}
    # seed 000, "Spielaufbau" 1.: shuffle the groups' cards, put the top 10 with the
    # thunderstone shuffled in at the bottom, reveal three into the hall
    deck: list[str] = []
    for g in groups:
        deck.extend(t.group_cards(g))
    rng.shuffle(deck)
    bottom = deck[-UNDER:] + [STONE]
    rng.shuffle(bottom)
    st.dungeon = bottom + deck[:-UNDER]
    st.hall = [st.dungeon.pop(), st.dungeon.pop(), st.dungeon.pop()]
    for pid in BASIC_PILES:
        st.piles[pid] = [pid] * t.basics[pid].pile
    for h in heroes:
        st.piles[h] = t.hero_pile(h)
    for v in village:
        st.piles[v] = [v] * t.content.get("village", v).copies
    for _ in range(seats):
        # seed 000, "Spielaufbau": each starting deck is taken from the basic piles
        cards: list[str] = []
        for pid in BASIC_PILES:
            n = t.basics[pid].start
            pile = st.piles[pid]
            take = min(n, len(pile))
            del pile[len(pile) - take:]
            cards.extend([pid] * take)
        rng.shuffle(cards)
        hand = cards[-HAND:]
        del cards[-HAND:]
        st.players.append(PlayerState(cards, hand, [], 0))
    st.flow.phase = CHOOSE
    st.last_turn = options["turn_limit"] * seats
    return st
