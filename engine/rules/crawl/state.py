"""State of a crawl game: figures, markers, chests, players and the pending decision.

Everything is plain data with hand-written clone/to_dict/from_dict (no deepcopy). Squares are
``(x, y)`` tuples in memory and ``[x, y]`` lists in JSON.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng


def _sq(value: Any) -> tuple[int, int] | None:
    return None if value is None else (int(value[0]), int(value[1]))


def _sql(value: tuple[int, int] | None) -> list[int] | None:
    return None if value is None else [value[0], value[1]]


def copy_data(value: Any) -> Any:
    """Returns a copy of nested JSON-like lists and dicts (tuples are kept: immutable)."""
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    return value


def to_json_data(value: Any) -> Any:
    """Returns nested data with tuples turned into lists."""
    if isinstance(value, list | tuple):
        return [to_json_data(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json_data(v) for k, v in value.items()}
    return value


class Figure:
    """A hero or mage spawn. ``where`` is pool, outside, board, left or out."""

    __slots__ = ("uid", "did", "hero", "owner", "where", "pos", "facing", "click", "level",
                 "acted", "broken", "items", "potion")

    def __init__(self, uid: int, did: str, hero: bool, owner: int = -1, where: str = "pool",
                 pos: tuple[int, int] | None = None, facing: int = 0, click: int = 0,
                 level: int = 0) -> None:
        self.uid = uid
        self.did = did
        self.hero = hero
        self.owner = owner
        self.where = where
        self.pos = pos
        self.facing = facing
        self.click = click
        self.level = level
        self.acted = False
        self.broken: list[int] = []  # enemies broken away from this activation
        self.items: list[int] = []  # chest uids whose items this hero uses this turn
        self.potion = -1  # chest uid of a potion drunk, lasting until its side's next turn

    def clone(self) -> Figure:
        """Returns an independent copy."""
        f = Figure.__new__(Figure)
        f.uid, f.did, f.hero, f.owner, f.where = self.uid, self.did, self.hero, self.owner, self.where
        f.pos, f.facing, f.click, f.level = self.pos, self.facing, self.click, self.level
        f.acted, f.broken, f.items, f.potion = self.acted, list(self.broken), list(self.items), \
            self.potion
        return f

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"uid": self.uid, "did": self.did, "hero": self.hero, "owner": self.owner,
                "where": self.where, "pos": _sql(self.pos), "facing": self.facing,
                "click": self.click, "level": self.level, "acted": self.acted,
                "broken": list(self.broken), "items": list(self.items), "potion": self.potion}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Figure:
        """Returns a figure from its JSON form."""
        f = cls(d["uid"], d["did"], d["hero"], d["owner"], d["where"], _sq(d["pos"]),
                d["facing"], d["click"], d["level"])
        f.acted, f.broken, f.items, f.potion = d["acted"], list(d["broken"]), list(d["items"]), \
            d["potion"]
        return f


class Marker:
    """A monster marker on the board."""

    __slots__ = ("uid", "rank", "pos", "acted")

    def __init__(self, uid: int, rank: str, pos: tuple[int, int], acted: bool = False) -> None:
        self.uid, self.rank, self.pos, self.acted = uid, rank, pos, acted

    def clone(self) -> Marker:
        """Returns an independent copy."""
        return Marker(self.uid, self.rank, self.pos, self.acted)

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"uid": self.uid, "rank": self.rank, "pos": _sql(self.pos), "acted": self.acted}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Marker:
        """Returns a marker from its JSON form."""
        return cls(d["uid"], d["rank"], _sq(d["pos"]) or (0, 0), d["acted"])


class Chest:
    """A treasure chest. ``status``: closed, disarmed, sprung, held, gone.

    ``treasure`` (the treasure dial) is hidden from everybody until the chest is opened.
    """

    __slots__ = ("uid", "did", "pos", "facing", "trap", "examined", "status", "treasure",
                 "holder", "used", "safe")

    def __init__(self, uid: int, did: str, pos: tuple[int, int] | None, facing: int,
                 treasure: int) -> None:
        self.uid, self.did, self.pos, self.facing = uid, did, pos, facing
        self.trap = 0
        self.examined = False
        self.status = "closed"
        self.treasure = treasure
        self.holder = -1
        self.used = False
        self.safe = False

    def clone(self) -> Chest:
        """Returns an independent copy."""
        c = Chest.__new__(Chest)
        c.uid, c.did, c.pos, c.facing, c.trap = self.uid, self.did, self.pos, self.facing, self.trap
        c.examined, c.status, c.treasure, c.holder = self.examined, self.status, self.treasure, \
            self.holder
        c.used, c.safe = self.used, self.safe
        return c

    @property
    def revealed(self) -> bool:
        """Returns whether the treasure dial has been seen by all."""
        return self.status in ("held", "gone")

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"uid": self.uid, "did": self.did, "pos": _sql(self.pos), "facing": self.facing,
                "trap": self.trap, "examined": self.examined, "status": self.status,
                "treasure": self.treasure, "holder": self.holder, "used": self.used,
                "safe": self.safe}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Chest:
        """Returns a chest from its JSON form."""
        c = cls(d["uid"], d["did"], _sq(d["pos"]), d["facing"], d["treasure"])
        c.trap, c.examined, c.status, c.holder = d["trap"], d["examined"], d["status"], d["holder"]
        c.used, c.safe = d["used"], d["safe"]
        return c


class Player:
    """A seat: experience, levels bought, entrance and exit, and its chests."""

    __slots__ = ("xp", "levels", "levelled", "entrance", "exit", "chests", "heroes_at_start",
                 "extra", "raised", "exit_at")

    def __init__(self) -> None:
        self.xp = 0
        self.levels = 0  # 50-XP steps already spent
        self.levelled = False  # a level was taken this turn (seed 004: one per turn)
        self.entrance = -1
        self.exit = -1  # index into the board's entrances
        self.chests: list[int] = []
        self.heroes_at_start = 0
        self.extra = 0  # activations won by leadership this turn
        self.raised: list[int] = []  # heroes that rose a level this turn (team games)
        self.exit_at: tuple[int, int] | None = None  # an edge square chosen as exit (teams)

    def clone(self) -> Player:
        """Returns an independent copy."""
        p = Player.__new__(Player)
        p.xp, p.levels, p.levelled, p.entrance, p.exit = self.xp, self.levels, self.levelled, \
            self.entrance, self.exit
        p.chests, p.heroes_at_start, p.extra = list(self.chests), self.heroes_at_start, self.extra
        p.raised, p.exit_at = list(self.raised), self.exit_at
        return p

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"xp": self.xp, "levels": self.levels, "levelled": self.levelled,
                "entrance": self.entrance, "exit": self.exit, "chests": list(self.chests),
                "heroes_at_start": self.heroes_at_start, "extra": self.extra,
                "raised": list(self.raised), "exit_at": _sql(self.exit_at)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Player:
        """Returns a player from its JSON form."""
        p = cls()
        p.xp, p.levels, p.levelled, p.entrance, p.exit = d["xp"], d["levels"], d["levelled"], \
            d["entrance"], d["exit"]
        p.chests, p.heroes_at_start, p.extra = list(d["chests"]), d["heroes_at_start"], d["extra"]
        p.raised, p.exit_at = list(d.get("raised", [])), _sq(d.get("exit_at"))
        return p


_SCALARS = ("turn", "round", "nplayers", "mode", "board", "map", "phase", "current", "start",
            "active", "active_marker", "mp", "acts_left", "turn_limit", "over", "reason",
            "master", "hero_vs_hero", "spawn_acts", "next_uid", "lone_heroes", "faced")
# Scalars added after saves existed, with the value an older save means.
_LATER_SCALARS = {"faced": False}


class CrawlState:
    """The whole game state; ``rng`` is the only random source."""

    __slots__ = ("rng", *_SCALARS, "figures", "markers", "chests", "players", "doors",
                 "pending", "queue", "supply", "setup", "layout", "memo", "_uids")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.turn = 0
        self.round = 1
        self.nplayers = 2
        self.mode = "lone_wolf"
        self.board = ""
        self.map = ""
        self.phase = "pick"
        self.current = 0  # seat whose turn (or set-up step) it is
        self.start = 0
        self.active = -1  # uid of the activated figure
        self.active_marker = -1  # uid of the activated marker
        self.mp = 0
        self.acts_left = 0
        self.turn_limit = 30
        self.over = False
        self.reason = ""
        self.master = 0  # seat holding the monster-master token (more than two players)
        self.hero_vs_hero = False
        self.spawn_acts = 0  # solitaire: spawn activations rolled this dungeon turn
        self.next_uid = 1
        self.lone_heroes = 1  # heroes per player to pick in the lone-wolf set-up
        self.faced = False  # the last action turned the active figure (see rules.face_actions)
        self.figures: list[Figure] = []
        self.markers: list[Marker] = []
        self.chests: list[Chest] = []
        self.players: list[Player] = []
        self.doors: list[str] = []  # per board door: closed, open, broken
        self.pending: dict[str, Any] | None = None
        self.queue: list[dict[str, Any]] = []
        self.supply: dict[str, Any] = {}  # set-up supplies: chest kinds, marker ranks
        self.setup: dict[str, Any] = {}  # set-up bookkeeping (order of placements)
        # Changes to the printed board: terrain markers ``marks`` [[x, y, terrain]] and doors
        # ``doors`` [[x, y, d, kind]] placed during set-up or by the living dungeon.
        self.layout: dict[str, Any] = {}
        # Derived look-ups only (board, reach maps keyed by everything they read); never part
        # of the game data: not cloned, not saved, not hashed.
        self.memo: dict[Any, Any] = {}
        # The figures by uid, kept while the figure list is the same list of the same length
        # (figures are only ever appended, or the list replaced): (list, length, map).
        self._uids: tuple[list[Figure], int, dict[int, Figure]] | None = None

    def clone(self) -> CrawlState:
        """Returns an independent copy."""
        s = CrawlState.__new__(CrawlState)
        s.rng = self.rng.clone()
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        s.figures = [f.clone() for f in self.figures]
        s.markers = [m.clone() for m in self.markers]
        s.chests = [c.clone() for c in self.chests]
        s.players = [p.clone() for p in self.players]
        s.doors = list(self.doors)
        s.pending = copy_data(self.pending)
        s.queue = copy_data(self.queue)
        s.supply = copy_data(self.supply)
        s.setup = copy_data(self.setup)
        s.layout = copy_data(self.layout)
        s.memo = {}
        s._uids = None
        return s

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        out["rng"] = self.rng.to_dict()
        out["figures"] = [f.to_dict() for f in self.figures]
        out["markers"] = [m.to_dict() for m in self.markers]
        out["chests"] = [c.to_dict() for c in self.chests]
        out["players"] = [p.to_dict() for p in self.players]
        out["doors"] = list(self.doors)
        out["pending"] = to_json_data(self.pending)
        out["queue"] = to_json_data(self.queue)
        out["supply"] = to_json_data(self.supply)
        out["setup"] = to_json_data(self.setup)
        out["layout"] = to_json_data(self.layout)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CrawlState:
        """Returns a state from its JSON form."""
        s = cls(Rng.from_dict(d["rng"]))
        for name in _SCALARS:
            setattr(s, name, d[name] if name in d or name not in _LATER_SCALARS
                    else _LATER_SCALARS[name])
        s.figures = [Figure.from_dict(f) for f in d["figures"]]
        s.markers = [Marker.from_dict(m) for m in d["markers"]]
        s.chests = [Chest.from_dict(c) for c in d["chests"]]
        s.players = [Player.from_dict(p) for p in d["players"]]
        s.doors = list(d["doors"])
        s.pending = copy_data(d["pending"])
        s.queue = copy_data(d["queue"])
        s.supply = copy_data(d["supply"])
        s.setup = copy_data(d["setup"])
        s.layout = copy_data(d.get("layout", {}))
        return s

    def fig(self, uid: int) -> Figure:
        """Returns the figure with that uid (the first, should two share it)."""
        # figures_by_uid()[uid] without the call (read for every action and decision).
        figures = self.figures
        hit = self._uids
        if hit is None or hit[0] is not figures or hit[1] != len(figures):
            hit = self._uids = (figures, len(figures), {f.uid: f for f in reversed(figures)})
        return hit[2][uid]  # a missing uid raises KeyError(uid)

    def figures_by_uid(self) -> dict[int, Figure]:
        """Returns the figures by uid, the first of a uid winning (shared: read it only)."""
        figures = self.figures
        hit = self._uids
        if hit is None or hit[0] is not figures or hit[1] != len(figures):
            hit = self._uids = (figures, len(figures), {f.uid: f for f in reversed(figures)})
        return hit[2]

    def chest(self, uid: int) -> Chest:
        """Returns the chest with that uid."""
        for c in self.chests:
            if c.uid == uid:
                return c
        raise KeyError(uid)

    def marker(self, uid: int) -> Marker:
        """Returns the marker with that uid."""
        for m in self.markers:
            if m.uid == uid:
                return m
        raise KeyError(uid)
