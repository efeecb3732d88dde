"""Seat rotation: who acts next, rounds, the start-player token and eliminated seats.

Seats are numbered 0..n-1 clockwise around the table, so the player to a seat's left is the next
seat clockwise. Play runs clockwise by default (seeds 000 and 002: "im Uhrzeigersinn"); a
direction of -1 runs it the other way. A round is over when the turn comes back round to the
start seat (or past its place, if that seat has been eliminated).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any


class TurnOrder:
    """The current seat, the start seat, the round and turn counters and the eliminated seats."""

    __slots__ = ("seat_count", "start", "current", "round", "turn", "eliminated", "direction")

    def __init__(self, seat_count: int, start: int = 0, direction: int = 1) -> None:
        if seat_count < 1:
            raise ValueError("a turn order needs at least one seat")
        if not 0 <= start < seat_count:
            raise ValueError(f"start seat {start} is not a seat of {seat_count}")
        if direction not in (1, -1):
            raise ValueError("direction must be 1 (clockwise) or -1")
        self.seat_count = seat_count
        self.start = start
        self.current = start
        self.round = 1
        self.turn = 0
        self.eliminated: list[bool] = [False] * seat_count
        self.direction = direction

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TurnOrder) and other.to_dict() == self.to_dict()

    def __repr__(self) -> str:
        return f"TurnOrder({self.to_dict()!r})"

    # --- seats ---------------------------------------------------------------------------

    def left_of(self, seat: int) -> int:
        """Returns the seat to the left (next clockwise), eliminated or not."""
        return (seat + 1) % self.seat_count

    def right_of(self, seat: int) -> int:
        """Returns the seat to the right (next counter-clockwise), eliminated or not."""
        return (seat - 1) % self.seat_count

    def is_active(self, seat: int) -> bool:
        """Returns whether the seat is still in the game."""
        return not self.eliminated[seat]

    def active_count(self) -> int:
        """Returns how many seats are still in the game."""
        return self.eliminated.count(False)

    def next_seat(self, seat: int) -> int:
        """Returns the next active seat after seat in play direction (seat itself if alone)."""
        if self.active_count() == 0:
            raise ValueError("every seat is eliminated")
        nxt = seat
        for _ in range(self.seat_count):
            nxt = (nxt + self.direction) % self.seat_count
            if not self.eliminated[nxt]:
                return nxt
        raise AssertionError("unreachable: an active seat exists")  # pragma: no cover

    def order_from(self, seat: int) -> list[int]:
        """Returns the active seats in play order beginning at seat (or the next active one)."""
        out: list[int] = []
        for k in range(self.seat_count):
            s = (seat + k * self.direction) % self.seat_count
            if not self.eliminated[s]:
                out.append(s)
        return out

    def round_order(self) -> list[int]:
        """Returns the active seats in play order from the start seat."""
        return self.order_from(self.start)

    def _offset(self, seat: int) -> int:
        """Returns how many places after the start seat a seat sits in play order."""
        return ((seat - self.start) * self.direction) % self.seat_count

    # --- changes -------------------------------------------------------------------------

    def advance(self) -> bool:
        """Passes the turn to the next active seat; returns whether a new round began."""
        before = self._offset(self.current)
        self.current = self.next_seat(self.current)
        self.turn += 1
        if self._offset(self.current) <= before:
            self.round += 1
            return True
        return False

    def eliminate(self, seat: int) -> None:
        """Takes a seat out of the rotation; the turn leaves it at the next ``advance``."""
        self.eliminated[seat] = True

    def restore(self, seat: int) -> None:
        """Puts an eliminated seat back into the rotation."""
        self.eliminated[seat] = False

    def set_start(self, seat: int, *, make_current: bool = True) -> None:
        """Gives the start-player token to seat (and, by default, the turn as well)."""
        if not 0 <= seat < self.seat_count:
            raise ValueError(f"seat {seat} is not a seat of {self.seat_count}")
        self.start = seat
        if make_current:
            self.current = seat

    def pass_start(self, *, make_current: bool = True) -> int:
        """Passes the start-player token to the next active seat in play order; returns it."""
        self.set_start(self.next_seat(self.start), make_current=make_current)
        return self.start

    # --- persistence ---------------------------------------------------------------------

    def clone(self) -> TurnOrder:
        """Returns an independent copy."""
        copy = TurnOrder.__new__(TurnOrder)
        copy.seat_count = self.seat_count
        copy.start = self.start
        copy.current = self.current
        copy.round = self.round
        copy.turn = self.turn
        copy.eliminated = list(self.eliminated)
        copy.direction = self.direction
        return copy

    def to_dict(self) -> dict[str, Any]:
        """Returns plain JSON data."""
        return {
            "seats": self.seat_count,
            "start": self.start,
            "current": self.current,
            "round": self.round,
            "turn": self.turn,
            "eliminated": [s for s in range(self.seat_count) if self.eliminated[s]],
            "direction": self.direction,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TurnOrder:
        """Returns a turn order restored from ``to_dict``'s output."""
        keys = {"seats", "start", "current", "round", "turn", "eliminated", "direction"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError(f"turn order data must have exactly the keys {sorted(keys)}")
        order = cls(data["seats"], data["start"], data["direction"])
        if not 0 <= data["current"] < order.seat_count:
            raise ValueError("current seat out of range")
        order.current = data["current"]
        order.round = int(data["round"])
        order.turn = int(data["turn"])
        for seat in data["eliminated"]:
            order.eliminated[seat] = True
        return order
