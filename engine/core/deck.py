"""Card piles and draw decks of card ids, with the reshuffle-on-empty rule of deck-builders.

Conventions: a pile is an ordered list of card-id strings whose index 0 is the top card. All
shuffles take the game state's ``Rng``; nothing here keeps randomness of its own. A reshuffle is
reported by the return value, because it is an irreversible point for undo (DESIGN "Determinism").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Rng


def _check_ids(cards: Iterable[Any]) -> list[str]:
    """Returns the cards as a list after checking that every entry is a non-empty string."""
    out = list(cards)
    for card in out:
        if not isinstance(card, str) or not card:
            raise ValueError(f"card ids must be non-empty strings, got {card!r}")
    return out


class Pile:
    """An ordered stack of card ids; index 0 is the top."""

    __slots__ = ("cards",)

    def __init__(self, cards: Iterable[str] = ()) -> None:
        self.cards: list[str] = _check_ids(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and other.cards == self.cards

    def __repr__(self) -> str:
        return f"Pile({self.cards!r})"

    def top(self) -> str | None:
        """Returns the top card without removing it, or None when empty."""
        return self.cards[0] if self.cards else None

    def peek(self, n: int = 1) -> list[str]:
        """Returns up to n cards from the top, top first, without removing them."""
        return self.cards[: max(n, 0)]

    def take_top(self, n: int = 1) -> list[str]:
        """Returns and removes up to n cards from the top, top first."""
        n = max(n, 0)
        taken = self.cards[:n]
        del self.cards[:n]
        return taken

    def take_bottom(self, n: int = 1) -> list[str]:
        """Returns and removes up to n cards from the bottom, bottom-most last."""
        n = min(max(n, 0), len(self.cards))
        taken = self.cards[len(self.cards) - n :]
        del self.cards[len(self.cards) - n :]
        return taken

    def put_top(self, cards: Iterable[str]) -> None:
        """Places cards on top; the first given card ends up as the new top card."""
        self.cards[:0] = _check_ids(cards)

    def put_bottom(self, cards: Iterable[str]) -> None:
        """Places cards under the pile; the last given card ends up as the bottom card."""
        self.cards.extend(_check_ids(cards))

    def insert(self, index: int, card: str) -> None:
        """Inserts one card so that it has ``index`` cards above it (clamped to the pile)."""
        self.cards.insert(min(max(index, 0), len(self.cards)), _check_ids([card])[0])

    def remove(self, card: str) -> bool:
        """Removes the topmost copy of card; returns whether one was there."""
        try:
            self.cards.remove(card)
        except ValueError:
            return False
        return True

    def remove_at(self, index: int) -> str:
        """Removes and returns the card at index (0 = top)."""
        return self.cards.pop(index)

    def clear(self) -> list[str]:
        """Empties the pile and returns its former cards, top first."""
        cards, self.cards = self.cards, []
        return cards

    def count(self, card: str | None = None) -> int:
        """Returns the number of cards, or the number of copies of ``card``."""
        return len(self.cards) if card is None else self.cards.count(card)

    def composition(self) -> list[tuple[str, int]]:
        """Returns (card id, copies) pairs sorted by card id: what a view may show of a hidden pile."""
        counts: dict[str, int] = {}
        for card in self.cards:
            counts[card] = counts.get(card, 0) + 1
        return sorted(counts.items())

    def shuffle(self, rng: Rng) -> None:
        """Shuffles the pile in place with the game's generator."""
        rng.shuffle(self.cards)

    def shuffle_into_bottom(self, cards: Iterable[str], depth: int, rng: Rng) -> None:
        """Shuffles cards together with the bottom ``depth`` cards and puts the result back under.

        Serves set-ups such as seed 000, "Spielaufbau": the relic is shuffled into the lowest
        10 cards of the dungeon deck.
        """
        bottom = self.take_bottom(depth) + _check_ids(cards)
        rng.shuffle(bottom)
        self.cards.extend(bottom)

    def clone(self) -> Pile:
        """Returns an independent copy."""
        copy = Pile.__new__(Pile)
        copy.cards = list(self.cards)
        return copy

    def to_list(self) -> list[str]:
        """Returns the cards top first, as plain JSON data."""
        return list(self.cards)

    @classmethod
    def from_list(cls, data: Iterable[str]) -> Pile:
        """Returns a pile restored from ``to_list``'s output."""
        return cls(data)


@dataclass(frozen=True, slots=True)
class DrawResult:
    """What a draw produced: the cards (in draw order) and whether the discard was reshuffled."""

    cards: list[str] = field(default_factory=list)
    reshuffled: bool = False


class Deck:
    """A personal deck: a face-down draw pile plus a face-up discard pile.

    Seed 000, "Das Kommandodeck": when more cards must be drawn than the draw pile holds, draw
    what is left, shuffle the discard pile into a new draw pile, then draw the rest; the discard
    is only shuffled once the draw pile is completely empty.
    """

    __slots__ = ("draw_pile", "discard_pile")

    def __init__(self, draw: Iterable[str] = (), discard: Iterable[str] = ()) -> None:
        self.draw_pile = Pile(draw)
        self.discard_pile = Pile(discard)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Deck)
            and other.draw_pile == self.draw_pile
            and other.discard_pile == self.discard_pile
        )

    def __repr__(self) -> str:
        return f"Deck(draw={self.draw_pile.cards!r}, discard={self.discard_pile.cards!r})"

    def __len__(self) -> int:
        return len(self.draw_pile) + len(self.discard_pile)

    def reshuffle(self, rng: Rng) -> None:
        """Shuffles the discard pile and puts it under the (normally empty) draw pile."""
        cards = self.discard_pile.clear()
        rng.shuffle(cards)
        self.draw_pile.put_bottom(cards)

    def refill_if_empty(self, rng: Rng) -> bool:
        """Reshuffles the discard into the draw pile if the draw pile is empty; returns whether."""
        if self.draw_pile or not self.discard_pile:
            return False
        self.reshuffle(rng)
        return True

    def draw(self, n: int, rng: Rng) -> DrawResult:
        """Returns up to n cards from the top, reshuffling the discard once when the pile runs out.

        Fewer than n cards come back only when draw and discard piles together hold fewer.
        """
        cards = self.draw_pile.take_top(n)
        reshuffled = False
        if len(cards) < n and self.discard_pile:
            self.reshuffle(rng)
            reshuffled = True
            cards.extend(self.draw_pile.take_top(n - len(cards)))
        return DrawResult(cards, reshuffled)

    def draw_one(self, rng: Rng) -> tuple[str | None, bool]:
        """Returns (the next card or None, whether a reshuffle happened)."""
        result = self.draw(1, rng)
        return (result.cards[0] if result.cards else None), result.reshuffled

    def peek(self, n: int = 1) -> list[str]:
        """Returns up to n top cards of the draw pile without drawing or reshuffling."""
        return self.draw_pile.peek(n)

    def put_top(self, cards: Iterable[str]) -> None:
        """Places cards on top of the draw pile (first given = new top)."""
        self.draw_pile.put_top(cards)

    def put_bottom(self, cards: Iterable[str]) -> None:
        """Places cards under the draw pile."""
        self.draw_pile.put_bottom(cards)

    def discard(self, cards: Iterable[str]) -> None:
        """Places cards face up on the discard pile; the last given card ends up on top."""
        self.discard_pile.put_top(reversed(_check_ids(cards)))

    def shuffle(self, rng: Rng) -> None:
        """Shuffles the draw pile only."""
        self.draw_pile.shuffle(rng)

    def destroy(self, card: str, *, from_discard_first: bool = True) -> bool:
        """Removes one copy of card from the deck for good; returns whether one was found.

        Cards in a hand or in play are not in the deck: a game destroys those by simply not
        discarding them.
        """
        piles = (self.discard_pile, self.draw_pile)
        if not from_discard_first:
            piles = (self.draw_pile, self.discard_pile)
        return any(pile.remove(card) for pile in piles)

    def count(self, card: str | None = None) -> int:
        """Returns the number of cards (or copies of card) in draw and discard piles together."""
        return self.draw_pile.count(card) + self.discard_pile.count(card)

    def draw_count(self) -> int:
        """Returns the number of cards in the draw pile."""
        return len(self.draw_pile)

    def discard_count(self) -> int:
        """Returns the number of cards in the discard pile."""
        return len(self.discard_pile)

    def clone(self) -> Deck:
        """Returns an independent copy."""
        copy = Deck.__new__(Deck)
        copy.draw_pile = self.draw_pile.clone()
        copy.discard_pile = self.discard_pile.clone()
        return copy

    def to_dict(self) -> dict[str, list[str]]:
        """Returns plain JSON data (both piles top first)."""
        return {"draw": self.draw_pile.to_list(), "discard": self.discard_pile.to_list()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deck:
        """Returns a deck restored from ``to_dict``'s output."""
        if not isinstance(data, dict) or set(data) != {"draw", "discard"}:
            raise ValueError("deck data must have exactly the keys 'draw' and 'discard'")
        return cls(data["draw"], data["discard"])
