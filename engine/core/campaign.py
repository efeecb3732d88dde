"""Campaigns: a sequence of games of one rule system, each carrying data into the next.

A game takes part in campaigns by declaring ``carry_schema`` (what ``GameConfig.carry`` may hold),
``carry_out(state)`` (what a finished game hands on) and its ``campaigns`` (``CampaignDef``s that
say how the first game is set up and what follows a finished one). A campaign record is the
ordered game records plus what each finished game carried out; replaying it replays every game
and checks that each carried the same data out again, so the record is verified end to end.

Schemas are small plain-data specs, checked strictly (unknown or missing fields are errors):
``int``, ``str``, ``bool``, ``float``; ``[spec]`` a list of spec; ``{"field": spec, ...}`` an
object with exactly those fields, where a field named ``"name?"`` may be left out;
``(spec, None)`` spec or null.
"""

from __future__ import annotations

from engine.core.errors import EngineError, IllegalAction, MalformedAction, RecordError
from engine.core.protocol import GameConfig, Outcome
from engine.core.rng import Rng

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

    from engine.core.record import GameRecord
    from engine.core.session import Session

FORMAT = "tabletop-hall/campaign"
FORMAT_VERSION = 1
MAX_ITEMS = 10_000  # no list in carried data is longer (a bound against hostile files)
MAX_INT = 2 ** 53  # whole numbers stay exact in every JSON reader


# --- schemas ----------------------------------------------------------------------------------
def check_schema(spec: Any, value: Any, where: str = "value") -> None:
    """Raises MalformedAction naming the place when ``value`` does not fit ``spec``."""
    if isinstance(spec, tuple):
        if value is None and None in spec:
            return
        inner = [s for s in spec if s is not None]
        if len(inner) != 1:
            raise TypeError(f"bad schema at {where}: {spec!r}")
        check_schema(inner[0], value, where)
        return
    if spec is bool:
        if not isinstance(value, bool):
            raise MalformedAction(f"{where}: expected true or false, not {value!r}")
    elif spec is int:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_INT:
            raise MalformedAction(f"{where}: expected a whole number, not {_short(value)}")
    elif spec is float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise MalformedAction(f"{where}: expected a number, not {_short(value)}")
    elif spec is str:
        if not isinstance(value, str) or len(value) > MAX_ITEMS:
            raise MalformedAction(f"{where}: expected a text, not {_short(value)}")
    elif isinstance(spec, list):
        if len(spec) != 1:
            raise TypeError(f"bad schema at {where}: a list spec has one element")
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise MalformedAction(f"{where}: expected a list, not {_short(value)}")
        for i, item in enumerate(value):
            check_schema(spec[0], item, f"{where}[{i}]")
    elif isinstance(spec, dict):
        if not isinstance(value, dict):
            raise MalformedAction(f"{where}: expected an object, not {_short(value)}")
        fields = {k.rstrip("?"): (v, k.endswith("?")) for k, v in spec.items()}
        unknown = sorted(str(k) for k in value if k not in fields)
        if unknown:
            raise MalformedAction(f"{where}: unknown fields {unknown}")
        for name, (sub, optional) in fields.items():
            if name in value:
                check_schema(sub, value[name], f"{where}.{name}")
            elif not optional:
                raise MalformedAction(f"{where}: the field {name!r} is missing")
    else:
        raise TypeError(f"bad schema at {where}: {spec!r}")


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10 ** 30 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."


# --- campaign definitions ---------------------------------------------------------------------
class CampaignDef:
    """One campaign of a game: its id, label (catalog key) and how its games follow each other.

    Subclasses override ``next_config`` (and ``first_config`` where the first game differs from
    the chosen set-up) and ``outcome``.
    """

    id = ""
    label = ""
    # Catalog keys that replace the shell's wording of "ui.campaign.<name>" for this campaign
    # (a floor cleared rather than a game won): next, finish, over, over_lost, game_won, of,
    # results, results_final, result_line and result_line_lost (nobody won; both also given {name}, the game's
    # game_name or ""),
    # score ("" shows no score line: the campaign's end reason says it), carry, end, and
    # "load" for "ui.load.campaign". Same placeholders.
    texts: dict[str, str] = {}
    # A campaign played over several sittings keeps a save slot of its own, written with every
    # autosave, so that several of them run side by side (the game's one autosave slot holds
    # whatever was played last).
    own_slot = False

    def applies(self, config: GameConfig) -> bool:
        """Returns whether the set-up screen's option of this campaign starts it for ``config``
        (default: always; a solitaire campaign says no to more players)."""
        return True

    def chosen_by(self) -> dict[str, Any]:
        """Returns the set-up option values that start this campaign (default: its yes/no
        option, named like it, switched on)."""
        return {self.id: True}

    def option_chosen(self, config: GameConfig) -> bool:
        """Returns whether the set-up ``config`` has this campaign's options chosen."""
        for key, value in self.chosen_by().items():
            given = config.options.get(key)
            if type(given) is not type(value) or given != value:
                return False
        return True

    def chosen(self, config: GameConfig) -> bool:
        """Returns whether the set-up ``config`` starts this campaign: its options are chosen
        and it applies."""
        return self.option_chosen(config) and self.applies(config)

    def unavailable(self, config: GameConfig) -> str:
        """Returns why the campaign cannot be played with ``config`` although its option is
        chosen ("" when it can, or when it quietly does not apply, as a solitaire campaign
        with more players); the set-up screen and the CLI then refuse instead of starting
        single games."""
        return ""

    def sample_carries(self, config: GameConfig) -> list[dict[str, Any]]:
        """Returns carries a conformance run starts later games from, so that games beyond the
        first are played whatever the bots reach (default: none)."""
        return []

    def new_config(self, config: GameConfig) -> GameConfig:
        """Returns the set-up a new campaign keeps (default: the chosen one). A game may mark
        it with a rules change that saves of earlier versions, which lack the mark, keep
        without (their games replay as they were played)."""
        return config

    def first_config(self, config: GameConfig) -> GameConfig:
        """Returns the set-up of the first game from the set-up the players chose."""
        return config

    def next_config(self, config: GameConfig, index: int, outcome: Outcome,
                    carry: dict[str, Any]) -> GameConfig | None:
        """Returns the set-up of game ``index`` (1 = the second) after a finished game, or None.

        ``config`` is the set-up of the game just finished, ``outcome`` its end and ``carry``
        what it carried out. None ends the campaign.
        """
        raise NotImplementedError

    def outcome(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> Outcome:
        """Returns the end of the whole campaign (default: the last game's)."""
        return outcomes[-1]

    def title(self) -> dict[str, str] | None:
        """Returns the campaign's own name ({"en": …, "de": …}) where its content names it, else
        None: the screens then call it by its ``label`` (default)."""
        return None

    def game_name(self, index: int, carries: list[dict[str, Any]]) -> Any:
        """Returns the name of game ``index`` (0 = the first) as a localised text ({"en": …,
        "de": …}) for the panel between games, or None when games have numbers only (the
        default). ``carries`` holds what each game so far carried out, the latest included."""
        return None

    def end_lines(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> list[Any]:
        """Returns Messages the campaign's end panel adds below the results: the games not
        reached, what the players ended with (default: none)."""
        return []


def campaign_of(game_id: str, campaign_id: str) -> CampaignDef:
    """Returns a game's campaign by id; raises KeyError naming the known ones."""
    from engine import registry

    rules = registry.rules(game_id)
    for camp in rules.campaigns:
        if camp.id == campaign_id:
            return camp
    known = ", ".join(c.id for c in rules.campaigns) or "none"
    raise KeyError(f"{game_id} has no campaign {campaign_id!r} (known: {known})")


def chosen_campaign(game_id: str, config: GameConfig) -> CampaignDef | None:
    """Returns the campaign the set-up ``config`` starts (its option chosen), or None; raises
    MalformedAction when the chosen campaign says why it cannot be played."""
    from engine import registry

    for camp in registry.rules(game_id).campaigns:
        if camp.option_chosen(config):
            reason = camp.unavailable(config)
            if reason:
                raise MalformedAction(f"{game_id}: the campaign {camp.id!r} cannot be "
                                      f"played: {reason}")
        if camp.chosen(config):
            return camp  # type: ignore[no-any-return]
    return None


def game_seed(seed: int, index: int) -> int:
    """Returns the seed of game ``index`` of a campaign started with ``seed``."""
    rng = Rng(seed)
    value = rng.next_u64()
    for _ in range(index):
        value = rng.next_u64()
    return value


# --- running a campaign -----------------------------------------------------------------------
class CampaignSession:
    """A campaign in progress: the finished games' records and carries, and the current game."""

    def __init__(self, game_id: str, campaign_id: str, config: GameConfig, seed: int,
                 current: Session) -> None:
        self.game_id = game_id
        self.campaign = campaign_of(game_id, campaign_id)
        self.config = config  # the set-up the players chose
        self.seed = seed
        self.finished: list[GameRecord] = []
        self.outcomes: list[Outcome] = []
        self.carries: list[dict[str, Any]] = []
        self.current = current
        self.over = False

    @classmethod
    def start(cls, game_id: str, campaign_id: str, config: GameConfig,
              seed: int) -> CampaignSession:
        """Returns a new campaign at the start of its first game."""
        from engine.core.session import Session

        camp = campaign_of(game_id, campaign_id)
        config = camp.new_config(config)
        first = Session.start(game_id, camp.first_config(config), game_seed(seed, 0))
        return cls(game_id, campaign_id, config, seed, first)

    @property
    def index(self) -> int:
        """Returns the number of the current game (0 = the first)."""
        return len(self.finished)

    def between_games(self) -> bool:
        """Returns True when the current game is over and the campaign has not moved on."""
        return self.current.is_over and not self.over

    def advance(self) -> bool:
        """Moves on from a finished game; returns False when that ended the campaign."""
        if not self.current.is_over:
            raise IllegalAction("rule.campaign_game_running", "the current game is not over")
        if self.over:
            return False
        rules = self.current.rules
        state = self.current.state
        carry = rules.carry_out(state)
        check_schema(rules.carry_schema, carry, "carry")
        outcome = rules.outcome(state)
        assert outcome is not None
        nxt = self.campaign.next_config(self.current.config, self.index + 1, outcome, carry)
        self.finished.append(self.current.record(snapshot=False))
        self.outcomes.append(outcome)
        self.carries.append(carry)
        if nxt is None:
            self.over = True
            return False
        from engine.core.session import Session

        self.current = Session.start(self.game_id, nxt, game_seed(self.seed, self.index))
        return True

    def outcome(self) -> Outcome | None:
        """Returns the end of the campaign once it is over."""
        return self.campaign.outcome(self.outcomes, self.carries) if self.over else None

    def record(self, *, meta: dict[str, Any] | None = None) -> CampaignRecord:
        """Returns the campaign record (the current game with a snapshot)."""
        games = list(self.finished)
        if not self.over:
            games.append(self.current.record())
        return CampaignRecord(self.game_id, self.campaign.id, self.config, self.seed, games,
                              list(self.carries), self.over, dict(meta or {}))


class CampaignRecord:
    """The ordered game records of a campaign plus what each finished game carried out."""

    def __init__(self, game_id: str, campaign_id: str, config: GameConfig, seed: int,
                 games: list[GameRecord], carries: list[dict[str, Any]], over: bool = False,
                 meta: dict[str, Any] | None = None) -> None:
        self.game_id = game_id
        self.campaign_id = campaign_id
        self.config = config
        self.seed = seed
        self.games = games
        self.carries = carries
        self.over = over
        self.meta = {} if meta is None else meta

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"format": FORMAT, "format_version": FORMAT_VERSION, "game": self.game_id,
                "campaign": self.campaign_id, "config": self.config.to_dict(),
                "seed": self.seed, "games": [g.to_json() for g in self.games],
                "carries": list(self.carries), "over": self.over, "meta": dict(self.meta)}

    @classmethod
    def from_json(cls, data: Any) -> CampaignRecord:
        """Returns a campaign record from JSON; raises RecordError for foreign or broken data."""
        from engine.core.record import GameRecord

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("save.foreign", "this is not a campaign save of this program")
        version = data.get("format_version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RecordError("save.corrupt", "the save file has no valid format version")
        if version > FORMAT_VERSION:
            raise RecordError("save.newer", "the campaign save comes from a newer version",
                              version=version)
        games, carries, seed = data.get("games"), data.get("carries"), data.get("seed")
        if not isinstance(games, list) or not isinstance(carries, list) or not games:
            raise RecordError("save.corrupt", "the campaign save lists no games")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("save.corrupt", "the seed is not a whole number")
        if not all(isinstance(c, dict) for c in carries):
            raise RecordError("save.corrupt", "a carried entry is not an object")
        meta = data.get("meta") or {}
        if not isinstance(meta, dict):
            raise RecordError("save.corrupt", "the campaign's summary is not an object")
        return cls(str(data.get("game")), str(data.get("campaign")),
                   GameConfig.from_dict(data.get("config")), seed,
                   [GameRecord.from_json(g) for g in games], list(carries),
                   bool(data.get("over", False)), dict(meta))


def replay_campaign(record: CampaignRecord, *, verify: bool = True) -> CampaignSession:
    """Replays every game of a campaign record; raises RecordError on any mismatch.

    Each game must have been set up as the campaign says (the first from the chosen set-up, each
    later one from its predecessor's end and carry), and each finished game must carry out
    exactly what the record says.
    """
    from engine.core.record import replay

    try:
        camp = campaign_of(record.game_id, record.campaign_id)
    except KeyError:
        raise RecordError("save.unknown_game", f"unknown campaign {record.campaign_id!r} of "
                          f"{record.game_id!r}", game=record.game_id) from None
    finished = len(record.games) if record.over else len(record.games) - 1
    if len(record.carries) != finished:
        raise RecordError("save.corrupt", "the campaign save's carried data does not fit its "
                          "games")
    try:
        expected: GameConfig | None = camp.first_config(record.config)
    except (MalformedAction, EngineError) as exc:
        raise RecordError("save.bad_config", f"the campaign's set-up is not valid: {exc}") \
            from None
    sessions: list[Session] = []
    outcomes: list[Outcome] = []
    for i, game in enumerate(record.games):
        if expected is None or game.config != expected or game.seed != game_seed(record.seed, i) \
                or game.game_id != record.game_id:
            raise RecordError("save.mismatch", f"game {i + 1} of the campaign was not set up as "
                              "the campaign says", step=i)
        session = replay(game, verify=verify)
        sessions.append(session)
        if i < finished:
            if not session.is_over:
                raise RecordError("save.corrupt", f"game {i + 1} of the campaign is not over")
            carry = session.rules.carry_out(session.state)
            if carry != record.carries[i]:
                raise RecordError("save.mismatch", f"game {i + 1} carries out other data than "
                                  "the save says", step=i)
            outcome = session.rules.outcome(session.state)
            assert outcome is not None
            outcomes.append(outcome)
            expected = camp.next_config(game.config, i + 1, outcome, carry)
    out = CampaignSession(record.game_id, record.campaign_id, record.config, record.seed,
                          sessions[-1])
    out.finished = [s.record(snapshot=False) for s in sessions[:finished]]
    out.outcomes = outcomes
    out.carries = list(record.carries)
    out.over = record.over
    if record.over and expected is not None:
        raise RecordError("save.mismatch", "the campaign save ends before the campaign does")
    return out
