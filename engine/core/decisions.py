"""Pending decisions: who must decide what and why, as small immutable values on a stack.

A ``Decision`` names its kind (a registered ``DecisionKind`` of the game's ``Flow``), the seats
that answer it and how they take turns at it (its policy), the reason shown on the prompt line,
and a payload of plain data the answer continues with. A choice asked in the middle of resolving
another one is pushed on top; answering it pops it and the resolution below carries on.

Policies (who may answer, and when the decision is done):
- ``ONE``: one seat answers once.
- ``IN_ORDER``: each seat answers once, in the given order.
- ``EACH_ONCE``: a response window: the seats in order may each play any number of times and
  then pass; the window closes once each has passed (once).
- ``ALL_PASS``: a response window with priority: after every answer the next seat may act; a
  play resets the count of passes; the window closes when all seats have passed in a row.

Decisions never change after creation (a window's next seat is a new value), so copying a stack
is copying a list. Their JSON form holds only lists, strings, numbers, booleans and None.
"""

from __future__ import annotations

from collections import namedtuple

from engine.core.actions import Message, _freeze, _thaw

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

ONE = "one"
IN_ORDER = "in_order"
EACH_ONCE = "each_once"
ALL_PASS = "all_pass"
POLICIES = (ONE, IN_ORDER, EACH_ONCE, ALL_PASS)

_FIELDS = ("kind", "seats", "policy", "reason", "data", "at", "passes")


class Decision(namedtuple("Decision", "kind seats policy reason data at passes seat")):
    """One pending decision; ``seat`` answers now (-1 once finished: every seat has answered).

    A named tuple (like the protocol's value types): immutable, and cheap to build and read.
    """

    __slots__ = ()
    kind: str
    seats: tuple[int, ...]
    policy: str
    reason: Message | None
    data: tuple[Any, ...]
    at: int
    passes: int
    seat: int

    def __new__(cls, kind: str, seats: tuple[int, ...] | list[int] | int,
                policy: str = ONE, reason: Message | None = None,
                data: tuple[Any, ...] | list[Any] = (), at: int = 0, passes: int = 0,
                ) -> Decision:
        seats = (seats,) if isinstance(seats, int) else tuple(seats)
        if not seats or min(seats) < 0:
            raise ValueError("a decision needs at least one seat (numbered from 0)")
        if policy not in POLICIES:
            raise ValueError(f"unknown decision policy {policy!r}")
        if policy == ONE and len(seats) != 1:
            raise ValueError("a decision with policy 'one' has exactly one seat")
        return tuple.__new__(cls, (kind, seats, policy, reason, _freeze(data), at, passes,
                                   seats[at] if at < len(seats) else -1))

    def _next(self, at: int, passes: int) -> Decision:
        seats = self.seats
        return tuple.__new__(Decision, (self.kind, seats, self.policy, self.reason, self.data, at,
                                        passes, seats[at] if at < len(seats) else -1))

    # --- reading -----------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Returns True once every seat that had to answer has done so."""
        return self.seat < 0

    @property
    def is_window(self) -> bool:
        """Returns True for a response window (seats may play or pass)."""
        return self.policy == EACH_ONCE or self.policy == ALL_PASS

    # --- answering ---------------------------------------------------------------------------
    def after_play(self) -> Decision:
        """Returns the decision after the current seat answered with a play (not a pass)."""
        policy = self.policy
        if policy == EACH_ONCE:
            return self  # the seat keeps the window until it passes
        if policy == ALL_PASS:
            return self._next((self.at + 1) % len(self.seats), 0)
        return self._next(self.at + 1, 0)  # ONE, IN_ORDER: the next seat (or finished)

    def after_pass(self) -> Decision:
        """Returns the decision after the current seat passed."""
        if self.policy == ALL_PASS:
            passes = self.passes + 1
            if passes >= len(self.seats):
                return self._next(len(self.seats), passes)
            return self._next((self.at + 1) % len(self.seats), passes)
        return self._next(self.at + 1, self.passes + 1)

    def with_data(self, data: tuple[Any, ...] | list[Any]) -> Decision:
        """Returns the same decision with another payload."""
        return Decision(self.kind, self.seats, self.policy, self.reason, data, self.at,
                        self.passes)

    # --- values ------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # the reason holds a dict

    def __repr__(self) -> str:
        return (f"Decision({self.kind!r}, {self.seats!r}, {self.policy!r}, at={self.at}, "
                f"passes={self.passes}, data={self.data!r})")

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"kind": self.kind, "seats": list(self.seats), "policy": self.policy,
                "at": self.at, "passes": self.passes,
                "reason": None if self.reason is None else self.reason.to_json(),
                "data": _thaw(self.data)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """Returns the decision stored by ``to_json``; raises ValueError on bad data."""
        if not isinstance(data, dict) or set(data) != set(_FIELDS):
            raise ValueError(f"a decision must have exactly the keys {sorted(_FIELDS)}")
        reason = data["reason"]
        return cls(str(data["kind"]), tuple(int(s) for s in data["seats"]), str(data["policy"]),
                   None if reason is None else Message.from_json(reason), data["data"],
                   int(data["at"]), int(data["passes"]))
