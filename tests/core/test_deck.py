"""Tests for engine.core.deck: piles, draws with reshuffle, destroy, round trips."""

from __future__ import annotations

import json

import pytest

from engine.core.deck import Deck, Pile
from engine.core.rng import Rng


def test_pile_top_is_index_zero() -> None:
    pile = Pile(["a", "b", "c"])
    assert pile.top() == "a"
    assert pile.peek(2) == ["a", "b"]
    assert pile.take_top(2) == ["a", "b"]
    assert pile.to_list() == ["c"]


def test_pile_put_top_and_bottom_keep_given_order() -> None:
    pile = Pile(["m"])
    pile.put_top(["x", "y"])
    pile.put_bottom(["p", "q"])
    assert pile.to_list() == ["x", "y", "m", "p", "q"]
    assert pile.take_bottom(2) == ["p", "q"]
    pile.insert(1, "z")
    assert pile.to_list() == ["x", "z", "y", "m"]


def test_pile_rejects_non_string_ids() -> None:
    with pytest.raises(ValueError):
        Pile(["ok", 3])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        Pile([""])


def test_composition_is_sorted_by_id() -> None:
    pile = Pile(["torch", "dagger", "torch", "ration"])
    assert pile.composition() == [("dagger", 1), ("ration", 1), ("torch", 2)]
    assert pile.count("torch") == 2
    assert pile.count() == 4


def test_draw_without_reshuffle() -> None:
    deck = Deck(["a", "b", "c"], ["d"])
    result = deck.draw(2, Rng(1))
    assert result.cards == ["a", "b"]
    assert not result.reshuffled
    assert deck.to_dict() == {"draw": ["c"], "discard": ["d"]}


def test_exact_draw_of_remaining_cards_does_not_reshuffle() -> None:
    # seed 000, "Das Kommandodeck": only shuffle once the draw pile is needed and empty.
    deck = Deck(["a", "b"], ["c", "d"])
    result = deck.draw(2, Rng(1))
    assert result.cards == ["a", "b"]
    assert not result.reshuffled
    assert deck.draw_count() == 0 and deck.discard_count() == 2


def test_draw_past_the_end_reshuffles_discard_and_draws_the_rest() -> None:
    deck = Deck(["a", "b"], ["c", "d", "e", "f"])
    result = deck.draw(4, Rng(42))
    expected_new_pile = ["c", "d", "e", "f"]
    Rng(42).shuffle(expected_new_pile)
    assert result.reshuffled
    assert result.cards == ["a", "b"] + expected_new_pile[:2]
    assert deck.draw_pile.to_list() == expected_new_pile[2:]
    assert deck.discard_count() == 0


def test_draw_with_everything_exhausted_returns_fewer() -> None:
    deck = Deck(["a"], ["b"])
    result = deck.draw(6, Rng(3))
    assert sorted(result.cards) == ["a", "b"]
    assert result.cards[0] == "a"
    assert result.reshuffled
    empty = Deck()
    assert empty.draw(3, Rng(3)).cards == []
    assert not empty.draw(3, Rng(3)).reshuffled
    assert Deck([], ["x"]).draw(0, Rng(1)).reshuffled is False


def test_draw_one_and_refill() -> None:
    deck = Deck([], ["q"])
    assert deck.draw_one(Rng(5)) == ("q", True)
    assert deck.draw_one(Rng(5)) == (None, False)
    deck.discard(["r", "s"])
    assert deck.refill_if_empty(Rng(5))
    assert deck.draw_count() == 2
    assert not deck.refill_if_empty(Rng(5))


def test_discard_puts_last_card_on_top() -> None:
    deck = Deck()
    deck.discard(["x", "y"])
    deck.discard(["z"])
    assert deck.discard_pile.to_list() == ["z", "y", "x"]


def test_destroy_removes_one_copy() -> None:
    deck = Deck(["disease", "torch"], ["disease"])
    assert deck.destroy("disease")
    assert deck.to_dict() == {"draw": ["disease", "torch"], "discard": []}
    assert deck.destroy("disease", from_discard_first=False)
    assert deck.to_dict() == {"draw": ["torch"], "discard": []}
    assert not deck.destroy("disease")


def test_put_top_bottom_and_peek_do_not_reshuffle() -> None:
    deck = Deck(["b"], ["z"])
    deck.put_top(["a"])
    deck.put_bottom(["c"])
    assert deck.peek(5) == ["a", "b", "c"]
    assert deck.count() == 4
    assert deck.count("z") == 1


def test_shuffle_into_bottom_keeps_the_top_untouched() -> None:
    # seed 000, "Spielaufbau": the relic goes among the lowest 10 dungeon cards.
    pile = Pile([f"m{i:02d}" for i in range(30)])
    pile.shuffle_into_bottom(["relic"], 10, Rng(9))
    cards = pile.to_list()
    assert len(cards) == 31
    assert cards[:20] == [f"m{i:02d}" for i in range(20)]
    assert "relic" in cards[20:]
    assert sorted(cards[20:]) == sorted([f"m{i:02d}" for i in range(20, 30)] + ["relic"])


def test_round_trip_and_clone_independence() -> None:
    deck = Deck(["a", "b"], ["c"])
    data = json.loads(json.dumps(deck.to_dict()))
    assert Deck.from_dict(data) == deck
    twin = deck.clone()
    twin.draw(3, Rng(1))
    assert deck.to_dict() == {"draw": ["a", "b"], "discard": ["c"]}
    with pytest.raises(ValueError):
        Deck.from_dict({"draw": []})
    assert Pile.from_list(Pile(["u", "v"]).to_list()) == Pile(["u", "v"])


def test_same_seed_same_draws() -> None:
    def play(seed: int) -> list[str]:
        rng = Rng(seed)
        deck = Deck([f"c{i}" for i in range(10)])
        deck.shuffle(rng)
        drawn: list[str] = []
        for _ in range(8):
            hand = deck.draw(6, rng).cards
            drawn += hand
            deck.discard(hand)
        return drawn

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_random_operations_conserve_cards() -> None:
    rng = Rng(2024)
    for trial in range(40):
        start = [f"k{i % 7}" for i in range(12 + trial % 5)]
        deck = Deck(start)
        hand: list[str] = []
        gone: list[str] = []
        for _ in range(60):
            op = rng.below(4)
            if op == 0:
                result = deck.draw(rng.randint(0, 7), rng)
                hand += result.cards
                if result.reshuffled:
                    assert deck.discard_count() == 0
            elif op == 1 and hand:
                deck.discard(hand)
                hand = []
            elif op == 2 and hand:
                gone.append(hand.pop())
            elif op == 3:
                deck.put_top(hand[:1])
                hand = hand[1:]
            total = deck.draw_pile.to_list() + deck.discard_pile.to_list() + hand + gone
            assert sorted(total) == sorted(start)
