"""The deck-builder's state: piles, dungeon, players and the small per-turn scratch state.

Card lists hold card-id strings. Decks and the dungeon deck keep their top card at the END of
the list (pop is cheap); the hall keeps rank 1 at index 0. ``play`` is the revealed hand of the
current turn; a card destroyed during the turn leaves a ``None`` so indices stay stable.

Where the turn stands lives in ``flow`` (engine/core/flow.py): the phase and the pending
decisions. The saved form keeps the fields it always had: ``phase`` is the step (the pending
decision's kind, else the phase) and ``pend`` the payload of a pending destroy.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Message
from engine.core.decisions import EACH_ONCE, Decision
from engine.core.flow import FlowState
from engine.core.rng import Rng
from engine.rules.deckbuilder.keys import FILTER_KEYS

# Phases of a turn (seed 000, "Spielablauf"): the turn holder acts in each.
CHOOSE = "choose"  # village visit, dungeon fight or rest
VILLAGE = "village"  # effects, buying, levelling (steps 0/1/2)
DUNGEON = "dungeon"  # preparation: abilities, equipping, then the target
REST = "rest"  # destroy one card from the hand, or none
OVER = "over"
# Pending decisions pushed while a turn resolves.
SPLIT = "split"  # which attack the diseases reduce (after the target is chosen)
DESTROY = "destroy"  # a card to destroy for an effect (banish, a monster's battle effect)
SPOILS = "spoils"  # spoils purchases after a won fight (a window closed by end_spoils)
PHASES = (CHOOSE, VILLAGE, DUNGEON, REST, OVER)
PROMPTS = {
    CHOOSE: "deckbuilder.prompt.choose",
    DUNGEON: "deckbuilder.prompt.dungeon",
    SPLIT: "deckbuilder.prompt.split",
    DESTROY: "deckbuilder.prompt.destroy",
    SPOILS: "deckbuilder.prompt.spoils",
    REST: "deckbuilder.prompt.rest",
    OVER: "deckbuilder.prompt.over",
}


def destroy_decision(seat: int, data: tuple[Any, ...] | list[Any]) -> Decision:
    """Returns the decision to destroy a revealed card; ``data`` is the saved ``pend`` list."""
    # ["ability", filter, phase, then draw, source] for an ability (the phase is kept for the
    # saved form); ["battle", filter, "", 0, -1, filter, count, ...] for a monster's battle
    # effects, the queue of further destroys following
    return Decision(DESTROY, seat, reason=Message(PROMPTS[DESTROY], {
        "player": seat, "what": {"key": FILTER_KEYS[str(data[1])]}}), data=data)


def split_decision(seat: int) -> Decision:
    """Returns the decision how the diseases split between physical and magic attack."""
    return Decision(SPLIT, seat, reason=Message(PROMPTS[SPLIT], {"player": seat}))


def spoils_window(seat: int) -> Decision:
    """Returns the spoils window: buy spoils until ``end_spoils`` (or nothing is left)."""
    return Decision(SPOILS, seat, EACH_ONCE, reason=Message(PROMPTS[SPOILS], {"player": seat}))


class PlayerState:
    """One player's cards and experience points."""

    __slots__ = ("deck", "hand", "discard", "xp")

    def __init__(self, deck: list[str], hand: list[str], discard: list[str], xp: int) -> None:
        self.deck = deck
        self.hand = hand
        self.discard = discard
        self.xp = xp

    def clone(self) -> PlayerState:
        """Returns an independent copy."""
        return PlayerState(self.deck[:], self.hand[:], self.discard[:], self.xp)

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"deck": self.deck[:], "hand": self.hand[:], "discard": self.discard[:],
                "xp": self.xp}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayerState:
        """Returns a player from its JSON form."""
        return cls(list(d["deck"]), list(d["hand"]), list(d["discard"]), int(d["xp"]))


class DeckState:
    """The whole game."""

    __slots__ = ("rng", "turn", "current", "flow", "piles", "dungeon", "dknown", "hall",
                 "trash", "players", "diseases_out", "holder", "setup", "variants",
                 "play", "used", "gold", "buys", "spent", "bought", "step", "equip", "strb",
                 "atkb", "target", "split", "doomed", "spoils", "fought", "won",
                 "leveled", "last_turn")

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.turn = 0
        self.current = 0
        self.flow = FlowState(CHOOSE)
        self.piles: dict[str, list[str]] = {}  # village piles in display order, top at the end
        self.dungeon: list[str] = []  # top at the end
        self.dknown = 0  # bottom cards of the dungeon deck put there openly
        self.hall: list[str | None] = [None, None, None]  # rank 1, 2, 3
        self.trash: list[str] = []
        self.players: list[PlayerState] = []
        self.diseases_out = 0
        self.holder = -1  # who took the thunderstone
        self.setup: dict[str, Any] = {}
        self.variants: dict[str, Any] = {}
        self.last_turn = 0  # safety limit on the number of turns
        self.reset_turn()

    def reset_turn(self) -> None:
        """Clears the per-turn scratch state."""
        self.play: list[str | None] = []
        self.used: list[int] = []  # play index * 8 + ability index, once-only abilities used
        self.gold = 0  # gold produced by effects
        self.buys = 1
        self.spent = 0
        self.bought = 0
        self.step = 0
        self.equip: dict[int, int] = {}  # weapon play index -> hero play index
        self.strb: dict[int, int] = {}  # hero play index -> strength bonus
        self.atkb: dict[int, list[int]] = {}  # play index -> [attack, magic] bonus
        self.flow.clear()  # a decision never outlives the turn that asked it
        self.target = 0
        self.split = -1
        self.doomed: list[int] = []  # play indices destroyed when the fight ends
        self.spoils: list[str] = []
        self.fought = ""
        self.won = False
        self.leveled: list[int] = []

    @property
    def phase(self) -> str:
        """Returns what is decided now: the pending decision's kind, else the phase."""
        stack = self.flow.stack
        return stack[-1].kind if stack else self.flow.phase

    @property
    def pend(self) -> list[Any]:
        """Returns the payload of a pending destroy (its saved form), else []."""
        stack = self.flow.stack
        if stack and stack[-1].kind == DESTROY:
            return list(stack[-1].data)
        return []

    def restore_flow(self, phase: str, pend: list[Any]) -> None:
        """Rebuilds the flow from the saved step and destroy payload."""
        seat = self.current
        if phase == DESTROY:
            # an ability's destroy remembers its phase; a monster's comes in the dungeon
            self.flow = FlowState(str(pend[2]) if pend[0] == "ability" else DUNGEON,
                                  [destroy_decision(seat, pend)])
        elif phase == SPLIT:
            self.flow = FlowState(DUNGEON, [split_decision(seat)])
        elif phase == SPOILS:
            self.flow = FlowState(DUNGEON, [spoils_window(seat)])
        elif phase in PHASES:
            self.flow = FlowState(phase)
        else:
            raise ValueError(f"unknown deck-builder phase {phase!r}")

    def clone(self) -> DeckState:
        """Returns an independent copy, written by hand for speed."""
        s = DeckState.__new__(DeckState)
        s.rng = self.rng.clone()
        s.turn = self.turn
        s.current = self.current
        s.flow = self.flow.clone()
        s.piles = {k: v[:] for k, v in self.piles.items()}
        s.dungeon = self.dungeon[:]
        s.dknown = self.dknown
        s.hall = self.hall[:]
        s.trash = self.trash[:]
        s.players = [p.clone() for p in self.players]
        s.diseases_out = self.diseases_out
        s.holder = self.holder
        s.setup = self.setup  # never mutated after set-up
        s.variants = self.variants
        s.last_turn = self.last_turn
        s.play = self.play[:]
        s.used = self.used[:]
        s.gold = self.gold
        s.buys = self.buys
        s.spent = self.spent
        s.bought = self.bought
        s.step = self.step
        s.equip = dict(self.equip)
        s.strb = dict(self.strb)
        s.atkb = {k: v[:] for k, v in self.atkb.items()}
        s.target = self.target
        s.split = self.split
        s.doomed = self.doomed[:]
        s.spoils = self.spoils[:]
        s.fought = self.fought
        s.won = self.won
        s.leveled = self.leveled[:]
        return s

    def to_dict(self) -> dict[str, Any]:
        """Returns the whole state as canonical JSON data."""
        return {
            "rng": self.rng.to_dict(), "turn": self.turn, "current": self.current,
            "phase": self.phase, "piles": [[k, v[:]] for k, v in self.piles.items()],
            "dungeon": self.dungeon[:], "dknown": self.dknown, "hall": self.hall[:],
            "trash": self.trash[:], "players": [p.to_dict() for p in self.players],
            "diseases_out": self.diseases_out, "holder": self.holder, "setup": self.setup,
            "variants": self.variants, "last_turn": self.last_turn,
            "play": self.play[:], "used": self.used[:], "gold": self.gold, "buys": self.buys,
            "spent": self.spent, "bought": self.bought, "step": self.step,
            "equip": sorted([w, h] for w, h in self.equip.items()),
            "strb": sorted([h, b] for h, b in self.strb.items()),
            "atkb": sorted([h, b[0], b[1]] for h, b in self.atkb.items()),
            "pend": self.pend, "target": self.target, "split": self.split,
            "doomed": self.doomed[:], "spoils": self.spoils[:], "fought": self.fought,
            "won": self.won, "leveled": self.leveled[:],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> DeckState:
        """Returns the state stored by ``to_dict``."""
        s = cls()
        s.rng = Rng.from_dict(d["rng"])
        s.turn = int(d["turn"])
        s.current = int(d["current"])
        s.piles = {str(k): list(v) for k, v in d["piles"]}
        s.dungeon = list(d["dungeon"])
        s.dknown = int(d["dknown"])
        s.hall = list(d["hall"])
        s.trash = list(d["trash"])
        s.players = [PlayerState.from_dict(p) for p in d["players"]]
        s.diseases_out = int(d["diseases_out"])
        s.holder = int(d["holder"])
        s.setup = dict(d["setup"])
        s.variants = dict(d["variants"])
        s.last_turn = int(d["last_turn"])
        s.play = list(d["play"])
        s.used = list(d["used"])
        s.gold = int(d["gold"])
        s.buys = int(d["buys"])
        s.spent = int(d["spent"])
        s.bought = int(d["bought"])
        s.step = int(d["step"])
        s.equip = {int(w): int(h) for w, h in d["equip"]}
        s.strb = {int(h): int(b) for h, b in d["strb"]}
        s.atkb = {int(h): [int(a), int(m)] for h, a, m in d["atkb"]}
        s.target = int(d["target"])
        s.split = int(d["split"])
        s.doomed = list(d["doomed"])
        s.spoils = list(d["spoils"])
        s.fought = str(d["fought"])
        s.won = bool(d["won"])
        s.leveled = list(d["leveled"])
        s.restore_flow(str(d["phase"]), list(d["pend"]))
        return s
