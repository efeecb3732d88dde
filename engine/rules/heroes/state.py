"""The state of one battle on the 4×5 combat board (seed 002, "Kampf"): units, sides, walls.

Squares are numbered ``row * 4 + column``; row 0 is the attacker's back row, row 1 its front row,
row 2 the middle row, row 3 the defender's front row and row 4 its back row. Side 0 is always the
attacker (who started the combat), side 1 the defender (in a neutral combat: the neutrals).
A hero's Might & Magic deck and the neutral tier decks are the core's ``Deck`` (draw pile and
discard pile, top card first); where piles appear as plain lists outside the state (battle
specifications, scenario files, the view, a battle's result) they are listed bottom first, the
top card last, as they were laid down.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.deck import Deck, Pile
from engine.core.flow import FlowState
from engine.core.rng import Rng

# phases of a battle
DEPLOY = "deploy"
GATE = "gate"
BATTLE = "battle"
OVER = "over"
# pending decisions
RESPOND = "respond"  # window before an attack: both heroes may play cards (seed "Karten im Kampf")
SCHOOL = "school"  # the school of an Arcane Arrow (seed 002, "Magieschulen")
PICK = "pick"  # the second unit of a card that needs two (Tactics)
TIE = "tie"  # the player breaks a tie between equally ranked targets of an automatic unit
ORDER = "order"  # which of a side's tied units activates next
TIME = "time"  # end of a neutral combat round: extend or retreat (seed 002, "Zeitlimit")
REROLL = "reroll"  # a good morale token may reroll an attack die just rolled (seed "Moral")
SWAP = "swap"  # a good morale token: cards of the hand discarded one by one, as many drawn

WALL = "wall"
GATE_PIECE = "gate"


class Unit:
    """A unit card on the combat board (or the arrow tower beside it)."""

    __slots__ = ("uid", "did", "side", "pack", "damage", "sq", "alive", "acted", "retaliated",
                 "paralysed", "defending", "defended_last", "bonuses", "fixed_die", "no_ret",
                 "ward", "def_cut", "survived", "tower", "deployed")

    def __init__(self, uid: int, did: str, side: int, pack: bool = False,
                 tower: bool = False) -> None:
        self.uid = uid
        self.did = did
        self.side = side
        self.pack = pack
        self.damage = 0
        self.sq = -1  # -1: not on the board (not deployed, the tower, or defeated)
        self.alive = True
        self.acted = False  # the faction cube of this combat round
        self.retaliated = False  # the black cube of this combat round
        self.paralysed = False
        self.defending = False
        self.defended_last = False
        # [attack, defence, initiative, until ("attack"/"round"/"combat"), seat that played it]
        self.bonuses: list[list[Any]] = []
        self.fixed_die: int | None = None
        self.no_ret = False  # may not retaliate this combat round (a card said so)
        self.ward = 0  # less damage from spells this round
        self.def_cut = 0  # defence lost for the rest of the combat
        self.survived = False  # "survive once" already used
        self.tower = tower
        self.deployed = tower

    def clone(self) -> Unit:
        """Returns an independent copy."""
        u = Unit.__new__(Unit)
        u.uid = self.uid
        u.did = self.did
        u.side = self.side
        u.pack = self.pack
        u.damage = self.damage
        u.sq = self.sq
        u.alive = self.alive
        u.acted = self.acted
        u.retaliated = self.retaliated
        u.paralysed = self.paralysed
        u.defending = self.defending
        u.defended_last = self.defended_last
        u.bonuses = [b[:] for b in self.bonuses]
        u.fixed_die = self.fixed_die
        u.no_ret = self.no_ret
        u.ward = self.ward
        u.def_cut = self.def_cut
        u.survived = self.survived
        u.tower = self.tower
        u.deployed = self.deployed
        return u

    def to_dict(self) -> list[Any]:
        """Returns the JSON form (a list, in slot order)."""
        return [self.uid, self.did, self.side, self.pack, self.damage, self.sq, self.alive,
                self.acted, self.retaliated, self.paralysed, self.defending, self.defended_last,
                [b[:] for b in self.bonuses], self.fixed_die, self.no_ret, self.ward,
                self.def_cut, self.survived, self.tower, self.deployed]

    @classmethod
    def from_dict(cls, data: list[Any]) -> Unit:
        """Returns the unit stored by ``to_dict``."""
        u = cls.__new__(cls)
        (u.uid, u.did, u.side, u.pack, u.damage, u.sq, u.alive, u.acted, u.retaliated,
         u.paralysed, u.defending, u.defended_last, bonuses, u.fixed_die, u.no_ret, u.ward,
         u.def_cut, u.survived, u.tower, u.deployed) = data
        u.bonuses = [list(b) for b in bonuses]
        return u


class BotDecks:
    """A bot hero's two decks in a battle (seed 002, "Kartendecks der Bot-Helden"): the bot deck
    (bot card ids; drawn without a refill) and the bot spell deck, each a draw pile and what was
    used; the difficulty choosing each card's modifier. engine/rules/heroes/battle/botdeck.py."""

    __slots__ = ("cards", "spells", "difficulty", "name")

    def __init__(self, cards: Deck, spells: Deck, difficulty: str, name: Any) -> None:
        self.cards = cards
        self.spells = spells
        self.difficulty = difficulty
        self.name = name  # the bot hero's {en, de} name (the log names it)

    def clone(self) -> BotDecks:
        """Returns an independent copy."""
        return BotDecks(self.cards.clone(), self.spells.clone(), self.difficulty, self.name)

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"cards": self.cards.to_dict(), "spells": self.spells.to_dict(),
                "difficulty": self.difficulty, "name": dict(self.name)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BotDecks:
        """Returns the decks stored by ``to_dict``."""
        return cls(Deck.from_dict(data["cards"]), Deck.from_dict(data["spells"]),
                   str(data["difficulty"]), dict(data["name"]))


class Side:
    """One side of the battle: who controls it, its hero and the hero's Might & Magic deck."""

    __slots__ = ("seat", "hero", "faction", "level", "crowns", "deck", "hand",
                 "removed", "in_play", "empower", "spells", "spell_limit", "last_cast",
                 "neutral", "gold", "mp", "ranged_bonus", "town", "morale", "bot")

    def __init__(self, seat: int | None, hero: str | None = None) -> None:
        self.seat = seat  # the seat that decides for this side; None: automatic units
        self.hero = hero  # the main hero in this combat (None: no cards, seed card rule 1)
        self.faction: str | None = None
        self.level = 1
        self.crowns = 0  # expert effects left this game round
        self.deck = Deck()  # draw pile and discard pile (seed card rules 2 and 3)
        self.hand: list[str] = []
        self.removed: list[str] = []
        self.in_play: list[str] = []  # a permanent card (at most one)
        self.empower = 0  # empower played and not yet spent
        self.spells = 0  # spells cast this combat round
        self.spell_limit = 1
        self.last_cast: str | None = None  # the spell cast last this round (for recall)
        self.neutral = False
        self.gold = 0
        self.mp = 0  # movement points left to extend a neutral combat
        self.ranged_bonus = 0  # this combat round (Marksmanship)
        self.town = False  # defends its own town (no surrender, seed "Ende des Kampfes")
        self.morale = 0  # 1: its player holds a good morale token (the map game's, to spend)
        self.bot: BotDecks | None = None  # a bot hero's decks (automatic units with bot cards)

    def clone(self) -> Side:
        """Returns an independent copy."""
        s = Side.__new__(Side)
        for name in Side.__slots__:
            value = getattr(self, name)
            setattr(s, name, value[:] if isinstance(value, list) else value)
        s.deck = self.deck.clone()
        if self.bot is not None:
            s.bot = self.bot.clone()
        return s

    def to_dict(self) -> dict[str, Any]:
        """Returns the JSON form."""
        out = {name: (getattr(self, name)[:] if isinstance(getattr(self, name), list)
                      else getattr(self, name)) for name in Side.__slots__}
        out["deck"] = self.deck.to_dict()
        if self.bot is not None:
            out["bot"] = self.bot.to_dict()
        else:  # only a bot hero's side has it (recorded battles keep their hashes)
            del out["bot"]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Side:
        """Returns the side stored by ``to_dict``."""
        s = cls.__new__(cls)
        for name in Side.__slots__:
            # older saves have no morale and no bot
            value = data[name] if name not in ("morale", "bot") else data.get(
                name, 0 if name == "morale" else None)
            setattr(s, name, list(value) if isinstance(value, list) else value)
        s.deck = Deck.from_dict(data["deck"])
        s.bot = BotDecks.from_dict(data["bot"]) if data.get("bot") else None
        return s


class BattleState:
    """Everything about one battle; ``rng`` may be shared with a host game (sub-games)."""

    __slots__ = ("rng", "flow", "spec", "round", "units", "sides", "walls", "active", "tie",
                 "moved", "attacked", "extra_move", "start_sq", "winner", "reason", "forced",
                 "neutral_decks", "deploying", "defeated", "turn", "max_rounds", "variants",
                 "pending")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.flow = FlowState(DEPLOY)
        self.spec: dict[str, Any] = {}
        self.round = 1
        self.units: list[Unit] = []
        self.sides: list[Side] = []
        self.walls: list[str | None] = []  # the middle row in a siege: wall, gate or None
        self.active = -1  # the uid of the activated unit
        self.tie: list[int] = [-1, -1]  # [initiative, side] of the last activation this round
        self.moved = 0  # squares the active unit moved this activation (-1: cannot move)
        self.attacked = 0  # attacks the active unit made this activation
        self.extra_move = 0
        self.start_sq = -1
        self.winner: int | None = None  # the winning side once over (-1: nobody)
        self.reason = ""
        self.forced: list[int] = []  # attack-die results forced by a scenario file
        self.neutral_decks: dict[str, Deck] = {}  # per tier (seed 002, neutral units)
        self.deploying = 0  # the side placing units
        self.defeated: list[int] = []  # uids in the order they fell
        self.turn = 0  # counts activations (autosave, turn_number)
        self.max_rounds = 0  # 0: no limit
        self.variants: dict[str, Any] = {}
        self.pending: list[Any] = []  # a card or attack waiting for a decision (JSON data)

    # --- reading -----------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Returns what is decided now: the pending decision's kind, else the phase."""
        stack = self.flow.stack
        return stack[-1].kind if stack else self.flow.phase

    def unit_at(self, sq: int) -> Unit | None:
        """Returns the living unit on square ``sq``."""
        for u in self.units:
            if u.sq == sq and u.alive:
                return u
        return None

    def living(self, side: int | None = None) -> list[Unit]:
        """Returns the living deployed units (of ``side``), the arrow tower included."""
        return [u for u in self.units if u.alive and u.deployed
                and (side is None or u.side == side)]

    # --- copies ------------------------------------------------------------------------------
    def clone(self) -> BattleState:
        """Returns an independent copy (its own rng)."""
        s = BattleState.__new__(BattleState)
        s.rng = self.rng.clone()
        s.flow = self.flow.clone()
        s.spec = self.spec  # never changed after set-up
        s.round = self.round
        s.units = [u.clone() for u in self.units]
        s.sides = [x.clone() for x in self.sides]
        s.walls = self.walls[:]
        s.active = self.active
        s.tie = self.tie[:]
        s.moved = self.moved
        s.attacked = self.attacked
        s.extra_move = self.extra_move
        s.start_sq = self.start_sq
        s.winner = self.winner
        s.reason = self.reason
        s.forced = self.forced[:]
        s.neutral_decks = {k: v.clone() for k, v in self.neutral_decks.items()}
        s.deploying = self.deploying
        s.defeated = self.defeated[:]
        s.turn = self.turn
        s.max_rounds = self.max_rounds
        s.variants = self.variants
        s.pending = _copy(self.pending)
        return s

    def to_dict(self) -> dict[str, Any]:
        """Returns the whole state as JSON data."""
        return {"rng": self.rng.to_dict(), "flow": self.flow.to_json(), "spec": _copy(self.spec),
                "round": self.round, "units": [u.to_dict() for u in self.units],
                "sides": [x.to_dict() for x in self.sides], "walls": self.walls[:],
                "active": self.active, "tie": self.tie[:], "moved": self.moved,
                "attacked": self.attacked, "extra_move": self.extra_move,
                "start_sq": self.start_sq, "winner": self.winner, "reason": self.reason,
                "forced": self.forced[:],
                "neutral_decks": {k: v.to_dict() for k, v in sorted(self.neutral_decks.items())},
                "deploying": self.deploying, "defeated": self.defeated[:], "turn": self.turn,
                "max_rounds": self.max_rounds, "variants": _copy(self.variants),
                "pending": _copy(self.pending)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BattleState:
        """Returns the state stored by ``to_dict``."""
        s = cls(Rng.from_dict(data["rng"]))
        s.flow = FlowState.from_json(data["flow"])
        s.spec = _copy(data["spec"])
        s.round = int(data["round"])
        s.units = [Unit.from_dict(u) for u in data["units"]]
        s.sides = [Side.from_dict(x) for x in data["sides"]]
        s.walls = list(data["walls"])
        s.active = int(data["active"])
        s.tie = list(data["tie"])
        s.moved = int(data["moved"])
        s.attacked = int(data["attacked"])
        s.extra_move = int(data["extra_move"])
        s.start_sq = int(data["start_sq"])
        s.winner = data["winner"]
        s.reason = str(data["reason"])
        s.forced = list(data["forced"])
        s.neutral_decks = {k: Deck.from_dict(v) for k, v in data["neutral_decks"].items()}
        s.deploying = int(data["deploying"])
        s.defeated = list(data["defeated"])
        s.turn = int(data["turn"])
        s.max_rounds = int(data["max_rounds"])
        s.variants = _copy(data["variants"])
        s.pending = _copy(data["pending"])
        return s


def _copy(value: Any) -> Any:
    """Returns a copy of plain JSON data (tuples become lists)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value


def deck_of(draw: Iterable[str], discard: Iterable[str] = ()) -> Deck:
    """Returns a core deck from a draw pile and a discard pile listed bottom first."""
    return Deck(reversed(list(draw)), reversed(list(discard)))


def bottom_first(pile: Pile) -> list[str]:
    """Returns a pile's cards bottom first, the top card last (as specifications list them)."""
    return pile.cards[::-1]
