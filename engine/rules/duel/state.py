"""State of a duel: two players, their characters, cards and dice, the table and the day.

Everything is plain lists, ints and strings so that ``clone`` is a cheap hand-written copy.
Derived numbers (``PlayerState.mods``, ``Fighter.nums``) are not stored; they are recomputed
after loading.

Where the turn stands lives in ``flow`` (engine/core/flow.py): the phase and the pending
decisions. ``phase`` reads the step (the pending decision's kind, else the phase), and the
saved form keeps just that string: every pending decision is answered by the player not on
turn, so the step says it all.
"""

from __future__ import annotations

from typing import Any

from engine.core.decisions import EACH_ONCE, ONE, Decision
from engine.core.flow import FlowState
from engine.core.rng import Rng

# Steps: who must decide what (docs/duel/view.md lists them for the scenes).
# The phases, in which the player on turn acts (or, between games, the loser of the last one):
MAIN = "main"  # the player on turn summons, equips, casts, attacks or ends the turn
BETWEEN = "between"  # a day: one game is over, the next one waits to be started
OVER = "over"
# The decisions pushed on top, each answered by the player not on turn:
WINDOW = "window"  # a window: may play a land and/or a treasure, then passes
DEFEND = "defend"  # the attacked player chooses its defending character
ARRANGE = "arrange"  # a human defender may rearrange its dice under the attacker's
RESPOND = "respond"  # a window: may answer a successful magic card with a neutraliser
PHASES = frozenset({WINDOW, MAIN, DEFEND, ARRANGE, RESPOND, BETWEEN, OVER})
_WINDOWS = frozenset({WINDOW, RESPOND})


# The pending decisions by (step, seat): immutable values, so one shared instance each.
DECISIONS = {(step, seat): Decision(step, seat, EACH_ONCE if step in _WINDOWS else ONE)
             for step in (WINDOW, DEFEND, ARRANGE, RESPOND) for seat in (0, 1)}

# Indices into PlayerState.mods: lasting bonuses from equipment, lands, treasures, clan.
M_MAIN_ATT, M_MAIN_DEF, M_MAGIC, M_COURAGE, M_MAIN_LIFE = 0, 1, 2, 3, 4
M_CLAN_ATT, M_CLAN_DEF, M_CLAN_LIFE = 5, 6, 7
M_ARM_MAIN, M_ARM_CLAN, M_POOL = 8, 9, 10
N_MODS = 11

# Turn actions (seed 003: "2 aus 3 Aktionen"): bits of DuelState.acts_used.
ACT_MAGIC = 1
ACT_ATTACK = 2

MAIN_UID = 0  # the main character's reference in actions; clan members count up from 1


class Fighter:
    """A character in play: the main character (uid 0) or a clan member."""

    __slots__ = ("uid", "card", "damage", "attacked", "temp_att", "temp_def", "nums")

    def __init__(self, uid: int, card: str, damage: int = 0, attacked: bool = False,
                 temp_att: int = 0, temp_def: int = 0) -> None:
        self.uid = uid
        self.card = card
        self.damage = damage
        self.attacked = attacked
        self.temp_att = temp_att  # this turn only (seed 003 magic "rally" cards)
        self.temp_def = temp_def
        # derived, never stored: (attack dice, defence dice, armour, life) as ops.numbers
        # gives them; kept current by ops.refresh whenever a bonus, level or this turn's
        # bonus changes (the hot paths read them many times a turn)
        self.nums = (1, 1, 0, 1)

    def clone(self) -> Fighter:
        """Returns a copy."""
        f = Fighter(self.uid, self.card, self.damage, self.attacked, self.temp_att,
                    self.temp_def)
        f.nums = self.nums
        return f

    def to_dict(self) -> list[Any]:
        """Returns the JSON form."""
        return [self.uid, self.card, self.damage, self.attacked, self.temp_att, self.temp_def]

    @classmethod
    def from_dict(cls, data: list[Any]) -> Fighter:
        """Returns a fighter from its JSON form."""
        uid, card, damage, attacked, temp_att, temp_def = data
        return cls(int(uid), str(card), int(damage), bool(attacked), int(temp_att),
                   int(temp_def))


class PlayerState:
    """One side of the table."""

    __slots__ = ("deckdef", "level", "xp", "life_bonus", "hero", "clan",
                 "equipment", "hand", "deck", "grave", "pool", "spent", "lands", "treasures",
                 "inventory", "tried", "wins", "mods")

    def __init__(self) -> None:
        # public and never changed: {id, name, main, starter, cards, lands, treasures}
        self.deckdef: dict[str, Any] = {}
        self.level = 1
        self.xp = 0
        self.life_bonus = 0  # sum of the d6+1 rolls of level-ups
        self.hero = Fighter(MAIN_UID, "")
        self.clan: list[Fighter] = []
        self.equipment: list[list[Any]] = []  # [uid, card id]
        self.hand: list[str] = []
        self.deck: list[str] = []  # the last element is the top card
        self.grave: list[str] = []
        self.pool = 0
        self.spent = 0  # dice laid on the dice graveyard this round
        self.lands: list[str] = []  # not yet played this game
        self.treasures: list[str] = []  # owned and not yet played this game (or this day)
        self.inventory: list[list[Any]] = []  # [owner seat, treasure id] won this day
        self.tried: list[str] = []  # clan cards whose summoning failed this turn
        self.wins = 0
        self.mods = [0] * N_MODS

    def clone(self) -> PlayerState:
        """Returns an independent copy."""
        p = PlayerState.__new__(PlayerState)
        p.deckdef = self.deckdef  # never changed after set-up
        p.level = self.level
        p.xp = self.xp
        p.life_bonus = self.life_bonus
        p.hero = self.hero.clone()
        p.clan = [f.clone() for f in self.clan]
        p.equipment = [e[:] for e in self.equipment]
        p.hand = self.hand[:]
        p.deck = self.deck[:]
        p.grave = self.grave[:]
        p.pool = self.pool
        p.spent = self.spent
        p.lands = self.lands[:]
        p.treasures = self.treasures[:]
        p.inventory = [e[:] for e in self.inventory]
        p.tried = self.tried[:]
        p.wins = self.wins
        p.mods = self.mods[:]
        return p

    def fighter(self, uid: int) -> Fighter | None:
        """Returns the character with this uid on this side, or None."""
        if uid == MAIN_UID:
            return self.hero
        for f in self.clan:
            if f.uid == uid:
                return f
        return None

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {
            "deckdef": self.deckdef, "level": self.level,
            "xp": self.xp, "life_bonus": self.life_bonus, "hero": self.hero.to_dict(),
            "clan": [f.to_dict() for f in self.clan],
            "equipment": [list(e) for e in self.equipment], "hand": list(self.hand),
            "deck": list(self.deck), "grave": list(self.grave), "pool": self.pool,
            "spent": self.spent, "lands": list(self.lands), "treasures": list(self.treasures),
            "inventory": [list(e) for e in self.inventory], "tried": list(self.tried),
            "wins": self.wins,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerState:
        """Returns a player from its JSON form."""
        p = cls()
        p.deckdef = dict(data["deckdef"])
        p.level = int(data["level"])
        p.xp = int(data["xp"])
        p.life_bonus = int(data["life_bonus"])
        p.hero = Fighter.from_dict(data["hero"])
        p.clan = [Fighter.from_dict(f) for f in data["clan"]]
        p.equipment = [[int(u), str(c)] for u, c in data["equipment"]]
        p.hand = [str(c) for c in data["hand"]]
        p.deck = [str(c) for c in data["deck"]]
        p.grave = [str(c) for c in data["grave"]]
        p.pool = int(data["pool"])
        p.spent = int(data["spent"])
        p.lands = [str(c) for c in data["lands"]]
        p.treasures = [str(c) for c in data["treasures"]]
        p.inventory = [[int(o), str(c)] for o, c in data["inventory"]]
        p.tried = [str(c) for c in data["tried"]]
        p.wins = int(data["wins"])
        return p


class DuelState:
    """The whole duel (one game, or a best-of-three day of games)."""

    __slots__ = ("rng", "turn", "round", "active", "first", "flow", "players", "land",
                 "table", "next_uid", "acts_used", "act_current", "casts_left", "window",
                 "fight", "cast", "last_fight", "game_no", "day", "winner", "day_winner",
                 "end_reason", "arrange", "round_limit", "forced")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.turn = 0  # grows by one at the end of every turn
        self.round = 1
        self.active = 0  # the player on turn
        self.first = 0  # who opened the current game
        self.flow = FlowState(MAIN)
        self.players = [PlayerState(), PlayerState()]
        self.land: list[Any] | None = None  # [owner, land id]: the one land in play
        self.table: list[list[Any]] = []  # face-down treasures [owner, treasure id]
        self.next_uid = 1
        self.acts_used = 0
        self.act_current = 0
        self.casts_left = 0
        self.window = [False, False]  # land played, treasure played in this window
        self.fight: list[Any] | None = None  # [attacker uid, defender uid, att dice, def dice]
        self.cast: list[Any] | None = None  # [magic id, target, roll total] awaiting an answer
        self.last_fight: dict[str, Any] | None = None  # public record of the latest fight
        self.game_no = 1
        self.day = False
        self.winner: int | None = None  # winner of the current (last) game
        self.day_winner: int | None = None
        self.end_reason = ""
        self.arrange = [False, False]  # seats offered the dice rearrangement (human seats)
        self.round_limit = 30
        self.forced: list[int] = []  # scenario files: die results used before the RNG

    @property
    def phase(self) -> str:
        """Returns what is decided now: the pending decision's kind, else the phase."""
        stack = self.flow.stack
        return stack[-1].kind if stack else self.flow.phase

    def restore_flow(self, step: str) -> None:
        """Sets the flow to the saved (or scenario) step; a decision goes to the other seat."""
        if step not in PHASES:
            raise ValueError(f"unknown duel step {step!r}")
        if step in (MAIN, BETWEEN, OVER):
            self.flow = FlowState(step)
        else:
            self.flow = FlowState(MAIN, [DECISIONS[step, 1 - self.active]])

    def clone(self) -> DuelState:
        """Returns an independent copy (hand-written; no deepcopy)."""
        s = DuelState.__new__(DuelState)
        s.rng = self.rng.clone()
        s.turn = self.turn
        s.round = self.round
        s.active = self.active
        s.first = self.first
        s.flow = self.flow.clone()
        s.players = [self.players[0].clone(), self.players[1].clone()]
        s.land = self.land[:] if self.land is not None else None
        s.table = [t[:] for t in self.table]
        s.next_uid = self.next_uid
        s.acts_used = self.acts_used
        s.act_current = self.act_current
        s.casts_left = self.casts_left
        s.window = self.window[:]
        s.fight = self.fight[:] if self.fight is not None else None
        s.cast = self.cast[:] if self.cast is not None else None
        s.last_fight = self.last_fight  # replaced, never changed in place
        s.game_no = self.game_no
        s.day = self.day
        s.winner = self.winner
        s.day_winner = self.day_winner
        s.end_reason = self.end_reason
        s.arrange = self.arrange[:]
        s.round_limit = self.round_limit
        s.forced = self.forced[:]
        return s

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        fight = None
        if self.fight is not None:
            a, d, ad, dd = self.fight
            fight = [a, d, list(ad), list(dd)]
        return {
            "rng": self.rng.to_dict(), "turn": self.turn, "round": self.round,
            "active": self.active, "first": self.first, "phase": self.phase,
            "players": [p.to_dict() for p in self.players],
            "land": list(self.land) if self.land is not None else None,
            "table": [list(t) for t in self.table], "next_uid": self.next_uid,
            "acts_used": self.acts_used, "act_current": self.act_current,
            "casts_left": self.casts_left, "window": list(self.window), "fight": fight,
            "cast": list(self.cast) if self.cast is not None else None,
            "last_fight": self.last_fight, "game_no": self.game_no, "day": self.day,
            "winner": self.winner, "day_winner": self.day_winner,
            "end_reason": self.end_reason, "arrange": list(self.arrange),
            "round_limit": self.round_limit, "forced": list(self.forced),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DuelState:
        """Returns the state stored by ``to_dict`` (derived numbers are recomputed by rules)."""
        s = cls(Rng.from_dict(data["rng"]))
        s.turn = int(data["turn"])
        s.round = int(data["round"])
        s.active = int(data["active"])
        s.first = int(data["first"])
        s.players = [PlayerState.from_dict(p) for p in data["players"]]
        land = data["land"]
        s.land = [int(land[0]), str(land[1])] if land is not None else None
        s.table = [[int(o), str(c)] for o, c in data["table"]]
        s.next_uid = int(data["next_uid"])
        s.acts_used = int(data["acts_used"])
        s.act_current = int(data["act_current"])
        s.casts_left = int(data["casts_left"])
        s.window = [bool(w) for w in data["window"]]
        fight = data["fight"]
        s.fight = None if fight is None else [int(fight[0]), int(fight[1]),
                                              tuple(int(x) for x in fight[2]),
                                              tuple(int(x) for x in fight[3])]
        cast = data["cast"]
        s.cast = None if cast is None else [str(cast[0]), cast[1], int(cast[2])]
        s.last_fight = data["last_fight"]
        s.game_no = int(data["game_no"])
        s.day = bool(data["day"])
        s.winner = None if data["winner"] is None else int(data["winner"])
        s.day_winner = None if data["day_winner"] is None else int(data["day_winner"])
        s.end_reason = str(data["end_reason"])
        s.arrange = [bool(a) for a in data["arrange"]]
        s.round_limit = int(data["round_limit"])
        s.forced = [int(x) for x in data["forced"]]
        s.restore_flow(str(data["phase"]))
        return s
