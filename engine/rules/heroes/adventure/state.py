"""The state of the map game (mode ``clash``): the map, the players, the shared decks, a battle.

Everything is plain data so that ``to_dict``/``from_dict`` and ``clone`` stay simple. Hexes are
``(q, r)`` tuples in memory and ``[q, r]`` lists in JSON; a field's marks are kept by hex.
"""

from __future__ import annotations

from typing import Any

from engine.core.deck import Deck
from engine.core.flow import FlowState
from engine.core.rng import Rng
from engine.core.subgame import SubGame

Hex = tuple[int, int]
MAIN = "main"
SECONDARY = "secondary"
HEROES = (MAIN, SECONDARY)
RESOURCES = ("gold", "materials", "valuables")
TOKENS = ("build", "population", "spellbook")


def _hex(v: Any) -> Hex | None:
    return None if v is None else (int(v[0]), int(v[1]))


def _jhex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


class PlayerState:
    """One seat: faction, main hero and its deck, the secondary hero, resources, town, units."""

    __slots__ = ("faction", "hero", "level", "xp", "deck", "hand", "morale", "dump_hand",
                 "res", "income", "built", "built_round", "tokens", "pop_use", "units",
                 "supply", "pos", "mp", "prev", "crowns", "cubes", "out", "homeless",
                 "town")

    def __init__(self) -> None:
        self.faction = ""
        self.hero = ""
        self.level = 1
        self.xp = 0
        self.deck = Deck()  # the Might & Magic deck: draw pile (top first) and discard pile
        self.hand: list[str] = []
        self.morale = 0  # +1 a good morale token, -1 a bad one (seed "Moralaktionen")
        self.dump_hand = False  # a second bad morale: discard the hand at the turn's end
        self.res = [0, 0, 0]  # gold, building materials, valuables
        self.income = [0, 0, 0]  # the scenario's base income (sources are added on top)
        self.built: list[str] = []  # buildings on the town board, in building order
        self.built_round: dict[str, int] = {}  # building -> round built (the mage guild rule)
        self.tokens = {t: True for t in TOKENS}  # town-action tokens: True = active
        self.pop_use = ""  # "units" or "hero" once the population token was used this round
        self.units: list[list[Any]] = []  # the unit deck: [unit id, pack]
        self.supply: list[str] = []  # own far tiles to place (seed "Gebiete platzieren")
        self.pos: dict[str, Hex | None] = {MAIN: None, SECONDARY: None}
        self.mp = {MAIN: 0, SECONDARY: 0}
        self.prev: dict[str, Hex | None] = {MAIN: None, SECONDARY: None}
        self.crowns = 0  # expert effects left this round
        self.cubes: list[int] = []  # faction cubes of other seats held (seed "Spielende")
        self.out = False  # eliminated
        self.homeless = 0  # rounds ended without a town or settlement (spec AMB-90)
        self.town: Hex | None = None  # the field of the own town

    def clone(self) -> PlayerState:
        """Returns an independent copy."""
        p = PlayerState.__new__(PlayerState)
        p.faction = self.faction
        p.hero = self.hero
        p.level = self.level
        p.xp = self.xp
        p.deck = self.deck.clone()
        p.hand = self.hand[:]
        p.morale = self.morale
        p.dump_hand = self.dump_hand
        p.res = self.res[:]
        p.income = self.income[:]
        p.built = self.built[:]
        p.built_round = dict(self.built_round)
        p.tokens = dict(self.tokens)
        p.pop_use = self.pop_use
        p.units = [u[:] for u in self.units]
        p.supply = self.supply[:]
        p.pos = dict(self.pos)
        p.mp = dict(self.mp)
        p.prev = dict(self.prev)
        p.crowns = self.crowns
        p.cubes = self.cubes[:]
        p.out = self.out
        p.homeless = self.homeless
        p.town = self.town
        return p

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"faction": self.faction, "hero": self.hero, "level": self.level, "xp": self.xp,
                "deck": self.deck.to_dict(), "hand": self.hand[:], "morale": self.morale,
                "dump_hand": self.dump_hand, "res": self.res[:], "income": self.income[:],
                "built": self.built[:], "built_round": dict(self.built_round),
                "tokens": dict(self.tokens), "pop_use": self.pop_use,
                "units": [u[:] for u in self.units], "supply": self.supply[:],
                "pos": {k: _jhex(v) for k, v in self.pos.items()}, "mp": dict(self.mp),
                "prev": {k: _jhex(v) for k, v in self.prev.items()}, "crowns": self.crowns,
                "cubes": self.cubes[:], "out": self.out, "homeless": self.homeless,
                "town": _jhex(self.town)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayerState:
        """Returns the player stored by ``to_dict``."""
        p = cls()
        p.faction = str(d["faction"])
        p.hero = str(d["hero"])
        p.level = int(d["level"])
        p.xp = int(d["xp"])
        p.deck = Deck.from_dict(d["deck"])
        p.hand = list(d["hand"])
        p.morale = int(d["morale"])
        p.dump_hand = bool(d["dump_hand"])
        p.res = [int(v) for v in d["res"]]
        p.income = [int(v) for v in d["income"]]
        p.built = list(d["built"])
        p.built_round = {str(k): int(v) for k, v in d["built_round"].items()}
        p.tokens = {str(k): bool(v) for k, v in d["tokens"].items()}
        p.pop_use = str(d["pop_use"])
        p.units = [[str(u[0]), bool(u[1])] for u in d["units"]]
        p.supply = list(d["supply"])
        p.pos = {k: _hex(v) for k, v in d["pos"].items()}
        p.mp = {k: int(v) for k, v in d["mp"].items()}
        p.prev = {k: _hex(v) for k, v in d["prev"].items()}
        p.crowns = int(d["crowns"])
        p.cubes = [int(c) for c in d["cubes"]]
        p.out = bool(d["out"])
        p.homeless = int(d["homeless"])
        p.town = _hex(d["town"])
        return p


class MapState:
    """The map game: options, round, the map (placed tiles, face-down slots, marks), players,
    shared decks and the running battle."""

    __slots__ = ("rng", "flow", "opts", "scenario", "players", "round", "placed", "slots",
                 "pool", "marks", "ps", "decks", "astro", "astro_card", "looking", "sub",
                 "battle", "winners", "reason", "turn", "trade_done", "board_cache",
                 "window_for", "solo")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.flow = FlowState("turn")
        self.opts: dict[str, Any] = {}
        self.scenario = ""
        self.players = 2
        self.round = 1
        self.placed: list[list[Any]] = []  # [tile id, q, r, rotation] of the revealed tiles
        self.slots: list[list[Any]] = []  # face-down tiles: [kind, q, r, hidden tile id]
        self.pool: dict[str, list[str]] = {}  # tiles of each kind not on the map (hidden)
        # field marks by hex: {"cube": -1 status cube | seat, "cleared": guard beaten once,
        # "flagged": ever flagged, "choice": a settlement's income resource or ""}
        self.marks: dict[Hex, dict[str, Any]] = {}
        self.ps: list[PlayerState] = []
        self.decks: dict[str, Deck] = {}  # the ability, spell and artifact decks
        self.astro = Deck()  # the astrologer deck
        self.astro_card = ""  # the astrologer card of this round
        self.looking: list[str] = []  # cards the current seat looks at in a Search
        self.sub: SubGame | None = None
        self.battle: dict[str, Any] = {}  # what the running battle is about
        self.winners: list[int] = []
        self.reason = ""
        self.turn = 0
        self.trade_done = False
        self.board_cache: Any = None  # the derived board (engine/rules/heroes/adventure/board)
        self.window_for: list[int] = []
        # a campaign scenario's bot side (engine/rules/heroes/adventure/bothero.py), plain data
        self.solo: dict[str, Any] | None = None

    @property
    def current(self) -> int:
        """Returns the seat whose turn it is."""
        order = self.flow.order
        assert order is not None
        return order.current

    def clone(self) -> MapState:
        """Returns an independent copy (a running battle shares the copy's rng)."""
        s = MapState.__new__(MapState)
        s.rng = self.rng.clone()
        s.flow = self.flow.clone()
        s.opts = self.opts
        s.scenario = self.scenario
        s.players = self.players
        s.round = self.round
        s.placed = [t[:] for t in self.placed]
        s.slots = [t[:] for t in self.slots]
        s.pool = {k: v[:] for k, v in self.pool.items()}
        s.marks = {k: dict(v) for k, v in self.marks.items()}
        s.ps = [p.clone() for p in self.ps]
        s.decks = {k: d.clone() for k, d in self.decks.items()}
        s.astro = self.astro.clone()
        s.astro_card = self.astro_card
        s.looking = self.looking[:]
        s.sub = self.sub.clone(s.rng) if self.sub is not None else None
        s.battle = _copy(self.battle)
        s.winners = self.winners[:]
        s.reason = self.reason
        s.turn = self.turn
        s.trade_done = self.trade_done
        s.board_cache = self.board_cache  # immutable once built; replaced on a change
        s.window_for = self.window_for[:]
        s.solo = _copy(self.solo)
        return s

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form (``mode`` tells it from a skirmish)."""
        return {"mode": "clash", "rng": self.rng.to_dict(), "flow": self.flow.to_json(),
                "opts": dict(self.opts), "scenario": self.scenario, "players": self.players,
                "round": self.round, "placed": [t[:] for t in self.placed],
                "slots": [t[:] for t in self.slots],
                "pool": {k: v[:] for k, v in sorted(self.pool.items())},
                "marks": [[h[0], h[1], dict(m)] for h, m in sorted(self.marks.items())],
                "ps": [p.to_dict() for p in self.ps],
                "decks": {k: d.to_dict() for k, d in sorted(self.decks.items())},
                "astro": self.astro.to_dict(), "astro_card": self.astro_card,
                "looking": self.looking[:],
                "sub": self.sub.to_dict() if self.sub is not None else None,
                "battle": _copy(self.battle), "winners": self.winners[:],
                "reason": self.reason, "turn": self.turn, "trade_done": self.trade_done,
                "window_for": self.window_for[:],
                # only a campaign scenario has it (records of clash games keep their hashes)
                **({"solo": _copy(self.solo)} if self.solo is not None else {})}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MapState:
        """Returns the state stored by ``to_dict``."""
        s = cls(Rng.from_dict(d["rng"]))
        s.flow = FlowState.from_json(d["flow"])
        s.opts = dict(d["opts"])
        s.scenario = str(d["scenario"])
        s.players = int(d["players"])
        s.round = int(d["round"])
        s.placed = [[str(t[0]), int(t[1]), int(t[2]), int(t[3])] for t in d["placed"]]
        s.slots = [[str(t[0]), int(t[1]), int(t[2]), str(t[3])] for t in d["slots"]]
        s.pool = {str(k): list(v) for k, v in d["pool"].items()}
        s.marks = {(int(m[0]), int(m[1])): dict(m[2]) for m in d["marks"]}
        s.ps = [PlayerState.from_dict(p) for p in d["ps"]]
        s.decks = {str(k): Deck.from_dict(v) for k, v in d["decks"].items()}
        s.astro = Deck.from_dict(d["astro"])
        s.astro_card = str(d["astro_card"])
        s.looking = list(d["looking"])
        s.sub = SubGame.from_dict(d["sub"], s.rng) if d["sub"] is not None else None
        s.battle = _copy(d["battle"])
        s.winners = list(d["winners"])
        s.reason = str(d["reason"])
        s.turn = int(d["turn"])
        s.trade_done = bool(d["trade_done"])
        s.window_for = [int(x) for x in d["window_for"]]
        s.solo = _copy(d.get("solo"))  # older saves: none
        return s


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
