"""The state of one mission of the co-operative campaign crawler: heroes, enemies, decks, round.

Everything is plain data (ints, strings, lists, dicts) so that ``to_dict``/``from_dict`` and
``clone`` are exact. Physical cards are ids ``<content id>.<copy>``, unique in the whole state.
"""

from __future__ import annotations

from typing import Any

from engine.core.deck import Deck
from engine.core.flow import FlowState
from engine.core.rng import Rng

# phases of the flow
CAMP = "camp"  # a campaign mission's camp before the party sets out (camp.py)
HEROES = "heroes"  # a hero is activating (the phase of player actions)
AUTO = "auto"  # the rules are resolving something that only decisions interrupt
OVER = "over"

# decision kinds
MERCHANT = "merchant"  # a hero picks one of the merchant's wares (campaign camp)
REROLL = "reroll"  # the attacker's window after an attack roll: reroll, quick items, keep
DEFEND = "defend"  # the defender's window after a defence roll: quick items, keep
TAKE = "take"  # the party chooses which hero takes an enemy attack (or is pulled by Taunt)
DROP = "drop"  # a hero over carrying capacity chooses an item to drop
OFFER = "offer"  # another hero may take a dropped item
CHOOSE = "choose"  # a party choice printed on a tile

HERO_FIELDS = ("hid", "seat", "area", "hp", "mana", "armor", "river", "flipped", "items",
               "exhausted", "ko", "dead", "vanished", "poison", "wolf_area", "wolf_hp")
ENEMY_FIELDS = ("uid", "card", "area", "damage", "stunned", "activated", "star", "log")


class HeroState:
    """One hero's tableau: hearts, mana available, armour on the tableau, river, items."""

    __slots__ = HERO_FIELDS

    def __init__(self, hid: str, seat: int, area: str) -> None:
        self.hid = hid
        self.seat = seat
        self.area = area
        self.hp = 0  # healthy heart cubes
        self.mana = 0  # available mana cubes (the rest of mana_max is spent)
        self.armor = 0  # armour cubes on the tableau
        self.river: list[str] = []  # action ids, index 0 = slot 1 ... 5 = active core slot
        self.flipped: list[str] = []  # action ids on their upgraded side
        self.items: list[str] = []  # physical item cards
        self.exhausted: list[str] = []  # active items used this tile
        self.ko = False  # normal mode: knocked out until its next activation
        self.dead = False
        self.vanished = False
        self.poison: list[Any] | None = None  # [action id, swords, rerolls, pierce]
        self.wolf_area: str | None = None
        self.wolf_hp = 0

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        out = {f: getattr(self, f) for f in HERO_FIELDS}
        for f in ("river", "flipped", "items", "exhausted"):
            out[f] = list(out[f])
        if self.poison is not None:
            out["poison"] = list(self.poison)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HeroState:
        """Returns a hero from its JSON form."""
        h = cls.__new__(cls)
        for f in HERO_FIELDS:
            v = d[f]
            setattr(h, f, list(v) if isinstance(v, list) else v)
        return h

    def clone(self) -> HeroState:
        """Returns an independent copy."""
        return HeroState.from_dict(self.to_dict())


class EnemyState:
    """An enemy card on the tile: damage per zone, stun, activation and star markers."""

    __slots__ = ENEMY_FIELDS

    def __init__(self, uid: int, card: str, area: str, zones: int) -> None:
        self.uid = uid
        self.card = card
        self.area = area
        self.damage = [0] * zones
        self.stunned = False
        self.activated = False
        self.star = False
        self.log: list[list[int]] = []  # [zone, amount] increments, for Lifesteal (newest last)

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"uid": self.uid, "card": self.card, "area": self.area,
                "damage": list(self.damage), "stunned": self.stunned,
                "activated": self.activated, "star": self.star,
                "log": [list(x) for x in self.log]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> EnemyState:
        """Returns an enemy from its JSON form."""
        e = cls.__new__(cls)
        e.uid = d["uid"]
        e.card = d["card"]
        e.area = d["area"]
        e.damage = list(d["damage"])
        e.stunned = d["stunned"]
        e.activated = d["activated"]
        e.star = d["star"]
        e.log = [list(x) for x in d["log"]]
        return e


_PLAIN = ("tile", "theme", "hard", "players", "round", "token", "active", "order", "flags",
          "blocked", "boxes", "result", "reason", "resolving", "attack", "strike", "tfx",
          "offer", "stage", "next_uid", "turn", "rig", "columns")
# fields added later, stored only when they differ from their default (so that the states of
# missions without them, and their hashes, stay as they were)
_OPTIONAL: dict[str, Any] = {"boss": None, "ongoing": [], "area_keywords": {}, "camp": None,
                             "drop_after_tile": False}
# a marker of the rules a mission follows, not of its position: the state hash leaves it out
UNHASHED = ("drop_after_tile",)


def _copy(value: Any) -> Any:
    """Returns a deep copy of plain JSON data (no copy.deepcopy under engine/)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


class MissionState:
    """A mission in progress (see docs/coop_campaign/rules.md for the round structure)."""

    __slots__ = ("rng", "flow", "heroes", "enemies", "decks", "loot", *_PLAIN, *_OPTIONAL)

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.flow = FlowState(AUTO)
        self.tile = ""
        self.theme = ""
        self.hard = False
        self.players = 1
        self.heroes: list[HeroState] = []
        self.enemies: dict[str, EnemyState] = {}  # by str(uid) (JSON keys)
        self.columns: dict[str, list[int]] = {d: [] for d in "NESW"}
        self.decks: dict[str, Deck] = {}  # minion, elite
        self.loot: dict[str, Deck] = {}  # grey, gold
        self.round = 0  # tracker field of the current round, 1-based (0 before the first)
        self.token = 0  # hero holding the start-player token
        self.active = -1  # hero activating now
        self.order: list[int] = []  # heroes still to activate this round
        self.flags: dict[str, int] = {}  # plunder cubes per area
        self.blocked: list[str] = []  # areas no hero may jump into or out of
        self.boxes: list[str] = []  # campaign checkboxes ticked
        self.result: str | None = None  # "won" / "lost"
        self.reason = ""
        self.resolving: dict[str, Any] | None = None  # a hero action under resolution
        self.attack: dict[str, Any] | None = None  # an attack between roll and damage
        self.strike: dict[str, Any] | None = None  # an enemy activation under resolution
        self.tfx: list[list[Any]] = []  # queued tile effects (paths into the tile definition)
        self.offer: dict[str, Any] | None = None  # a dropped item offered to the others
        self.stage = "start"  # start, heroes, enemies, rewards, over
        self.next_uid = 1
        self.turn = 0
        self.rig: dict[str, list[Any]] = {}  # test rigging: attack, defence, coin results
        # the boss of a boss tile (engine/rules/coop_campaign/boss.py): id, uid, AI card last
        # resolved, the round's command bonus, defeated
        self.boss: dict[str, Any] | None = None
        self.ongoing: list[list[Any]] = []  # tile effects resolved at every round start
        # keywords a tile event gave every enemy in an area (a snuffed lantern: Stealth)
        self.area_keywords: dict[str, list[str]] = {}
        # a campaign mission: station, route, deck changes, the party as it set out, the
        # merchant (campaign.py, camp.py); None for a single mission
        self.camp: dict[str, Any] | None = None
        # a mission of a campaign saved before loot after a won tile was sorted in camp: it
        # still asks each drop at once (engine.check_carry), so that its record replays
        self.drop_after_tile = False

    def enemy(self, uid: int) -> EnemyState:
        """Returns the enemy with ``uid``."""
        return self.enemies[str(uid)]

    def living(self) -> list[EnemyState]:
        """Returns every enemy on the tile in area ring order, top to bottom."""
        return [self.enemies[str(u)] for d in "NESW" for u in self.columns[d]]

    def to_dict(self) -> dict[str, Any]:
        """Returns the whole state as JSON data."""
        out: dict[str, Any] = {f: _copy(getattr(self, f)) for f in _PLAIN}
        for f, default in _OPTIONAL.items():
            if getattr(self, f) != default:
                out[f] = _copy(getattr(self, f))
        out["rng"] = self.rng.to_dict()
        out["flow"] = self.flow.to_json()
        out["heroes"] = [h.to_dict() for h in self.heroes]
        out["enemies"] = {k: e.to_dict() for k, e in sorted(self.enemies.items())}
        out["decks"] = {k: d.to_dict() for k, d in sorted(self.decks.items())}
        out["loot"] = {k: d.to_dict() for k, d in sorted(self.loot.items())}
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MissionState:
        """Returns the state stored by ``to_dict``."""
        st = cls.__new__(cls)
        for f in _PLAIN:
            setattr(st, f, _copy(d[f]))
        for f, default in _OPTIONAL.items():
            setattr(st, f, _copy(d.get(f, default)))
        st.rng = Rng.from_dict(d["rng"])
        st.flow = FlowState.from_json(d["flow"])
        st.heroes = [HeroState.from_dict(h) for h in d["heroes"]]
        st.enemies = {k: EnemyState.from_dict(e) for k, e in d["enemies"].items()}
        st.decks = {k: Deck.from_dict(v) for k, v in d["decks"].items()}
        st.loot = {k: Deck.from_dict(v) for k, v in d["loot"].items()}
        return st

    def clone(self) -> MissionState:
        """Returns an independent copy."""
        st = MissionState.__new__(MissionState)
        for f in (*_PLAIN, *_OPTIONAL):
            setattr(st, f, _copy(getattr(self, f)))
        st.rng = self.rng.clone()
        st.flow = self.flow.clone()
        st.heroes = [h.clone() for h in self.heroes]
        st.enemies = {k: EnemyState.from_dict(e.to_dict()) for k, e in self.enemies.items()}
        st.decks = {k: v.clone() for k, v in self.decks.items()}
        st.loot = {k: v.clone() for k, v in self.loot.items()}
        return st
