"""The bot interface and the bot registry (generic bots and per-game bots).

A bot receives the true state, but may only read it through ``rules.view(state, seat)``,
``rules.legal_actions(state)`` (its own turn) and ``rules.determinize(state, seat, rng)``; it must
never change ``state``. Games add their own bots (usually id ``"heuristic"``) with
``register_bot(..., game=<id>)`` from their rules package or its ``bots`` sub-module.
"""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections import namedtuple

from engine import registry
from engine.core.actions import Action
from engine.core.protocol import GameRules
from engine.core.rng import Rng

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    # A bot factory takes the difficulty and seed by keyword (plus bot-specific options).
    BotFactory = Callable[..., "Bot"]
    # An evaluator scores a non-final state: one value in [0, 1] per seat (1 = sure win).
    Evaluator = Callable[[GameRules[Any], Any], Sequence[float]]
    # A rollout policy picks an action for the current actor from the legal ones.
    RolloutPolicy = Callable[[GameRules[Any], Any, Sequence[Action], Rng], Action]

DIFFICULTIES = ("easy", "normal", "hard")


class Bot(ABC):
    """A player that picks one action for its seat."""

    bot_id: str = "bot"

    def __init__(self, difficulty: str = "normal", seed: int = 0) -> None:
        self.difficulty = check_difficulty(difficulty)
        self.seed = seed
        self.rng = Rng(seed)
        self.last_stats: dict[str, Any] = {}

    @abstractmethod
    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns the action this bot takes for ``seat``, which must be the current actor."""

    def _legal_for(self, rules: GameRules[Any], state: Any, seat: int) -> list[Action]:
        """Returns the legal actions after checking that ``seat`` is the one to act."""
        actor = rules.current_actor(state)
        if actor != seat:
            raise ValueError(f"seat {seat} is not the current actor ({actor})")
        legal = rules.legal_actions(state)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        return legal


class BotInfo(namedtuple("BotInfo", "id game factory label")):
    """A registered bot: id, game (None = generic), factory, and the catalog key of its name."""

    __slots__ = ()
    id: str
    game: str | None
    factory: BotFactory
    label: str


_BOTS: dict[tuple[str | None, str], BotInfo] = {}
_EVALUATORS: dict[str, Evaluator] = {}
_ROLLOUTS: dict[str, RolloutPolicy] = {}
_DEPTH_SCALES: dict[str, float] = {}
_LOADED_GAMES: set[str] = set()


def check_difficulty(difficulty: str) -> str:
    """Returns the difficulty if it is one of easy/normal/hard; raises ValueError otherwise."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; choose one of "
                         f"{', '.join(DIFFICULTIES)}")
    return difficulty


def register_bot(bot_id: str, factory: BotFactory, game: str | None = None,
                 label: str | None = None) -> None:
    """Registers a bot factory ``factory(difficulty=..., seed=..., **options)``.

    ``game=None`` registers a generic bot; a game's own bot of the same id wins over it.
    """
    _BOTS[(game, bot_id)] = BotInfo(bot_id, game, factory, label or f"ui.bot.{bot_id}")


def registered_bot(bot_id: str, game: str | None = None) -> BotInfo | None:
    """Returns exactly the bot registered under (game, id), without loading anything."""
    return _BOTS.get((game, bot_id))


def unregister_bot(bot_id: str, game: str | None = None) -> None:
    """Removes a registered bot (tests)."""
    _BOTS.pop((game, bot_id), None)


def register_evaluator(game_id: str, evaluator: Evaluator) -> None:
    """Registers the heuristic that MCTS uses to score a state it stops simulating early."""
    _EVALUATORS[game_id] = evaluator


def register_rollout_policy(game_id: str, policy: RolloutPolicy) -> None:
    """Registers the policy MCTS uses for its playouts in that game (default: uniform random)."""
    _ROLLOUTS[game_id] = policy


def register_playout_depth_scale(game_id: str, scale: float) -> None:
    """Scales the difficulty's playout depth cap for a game (its evaluator scores the cut-off).

    Games whose moves are fine-grained (a step of a figure rather than a whole turn) spend a
    preset's depth in few turns at a high price; a scale below 1 keeps decisions in budget.
    """
    if not 0 < scale <= 1:
        raise ValueError("a playout depth scale lies in (0, 1]")
    _DEPTH_SCALES[game_id] = scale


def playout_depth_scale(game_id: str) -> float:
    """Returns the game's playout depth scale (1 when it registered none)."""
    return _DEPTH_SCALES.get(game_id, 1.0)


def evaluator_for(game_id: str) -> Evaluator | None:
    """Returns the game's registered evaluator, if any."""
    return _EVALUATORS.get(game_id)


def rollout_policy_for(game_id: str) -> RolloutPolicy | None:
    """Returns the game's registered rollout policy, if any."""
    return _ROLLOUTS.get(game_id)


def load_game_bots(game_id: str) -> None:
    """Imports a game's rules package and, if present, its ``bots`` module (which registers)."""
    if game_id in _LOADED_GAMES:
        return
    registry.rules(game_id)
    module = registry.info(game_id).module
    try:
        found = importlib.util.find_spec(module + ".bots") is not None
    except ModuleNotFoundError:  # the rules are a plain module, not a package: no bots module
        found = False
    if found:
        importlib.import_module(module + ".bots")
    _LOADED_GAMES.add(game_id)


def bot_ids(game_id: str) -> list[str]:
    """Returns the ids of every bot that can play ``game_id`` (its own first, then generic)."""
    load_game_bots(game_id)
    own = [bot for (game, bot) in _BOTS if game == game_id]
    generic = [bot for (game, bot) in _BOTS if game is None and bot not in own]
    return own + generic


def bot_info(bot_id: str, game_id: str) -> BotInfo:
    """Returns the bot registered for the game, else the generic one; raises KeyError.

    A game without its own ``heuristic`` bot gets the generic MCTS bot under that id, because
    ``heuristic`` is the default bot of a seat (SeatConfig).
    """
    load_game_bots(game_id)
    for key in ((game_id, bot_id), (None, bot_id)):
        if key in _BOTS:
            return _BOTS[key]
    if bot_id == "heuristic" and (None, "mcts") in _BOTS:
        return _BOTS[(None, "mcts")]
    known = ", ".join(bot_ids(game_id)) or "none"
    raise KeyError(f"no bot {bot_id!r} for {game_id} (known: {known})")


def make_bot(bot_id: str, game_id: str, difficulty: str = "normal", seed: int = 0,
             **options: Any) -> Bot:
    """Returns a new bot for a seat of ``game_id``; options go to the bot's factory."""
    check_difficulty(difficulty)
    return bot_info(bot_id, game_id).factory(difficulty=difficulty, seed=seed, **options)


def seat_seed(game_seed: int, seat: int) -> int:
    """Returns the bot seed of a seat in a game with ``game_seed`` (for simulations and tests)."""
    return Rng((game_seed * 0x2545F4914F6CDD1D + seat + 1) & ((1 << 64) - 1)).next_u64()
