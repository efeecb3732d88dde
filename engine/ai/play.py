"""Plays games with bots through the protocol: used by the CLI, benchmarks and tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.ai.base import Bot, make_bot, seat_seed
from engine.core.actions import Action, Event
from engine.core.protocol import BOT, GameConfig, GameRules, SeatConfig

DEFAULT_MAX_ACTIONS = 50_000


@dataclass
class PlayedGame:
    """The end of a bot game: final state, the actions taken, and whether it finished."""

    rules: GameRules[Any]
    state: Any
    actions: list[Action]
    finished: bool


def bot_config(game_id: str, bots: Sequence[str], difficulty: str = "normal",
               options: dict[str, Any] | None = None) -> GameConfig:
    """Returns a config with one bot seat per entry of ``bots``."""
    seats = tuple(SeatConfig(kind=BOT, bot=bot, difficulty=difficulty, name=f"P{i + 1}")
                  for i, bot in enumerate(bots))
    config = GameConfig(seats, dict(options or {}))
    registry.rules(game_id).check_config(config)
    return config


def seat_bots(game_id: str, config: GameConfig, seed: int, **options: Any) -> list[Bot]:
    """Returns the bots of every seat, each seeded from the game seed and its seat number."""
    return [make_bot(seat.bot, game_id, seat.difficulty, seat_seed(seed, i), **options)
            for i, seat in enumerate(config.seats)]


def play_out(rules: GameRules[Any], state: Any, bots: Sequence[Bot], *,
             max_actions: int = DEFAULT_MAX_ACTIONS,
             on_action: Callable[[Action, list[Event]], None] | None = None) -> PlayedGame:
    """Lets the bots play ``state`` (changed in place) to the end or ``max_actions`` actions."""
    actions: list[Action] = []
    while not rules.is_over(state) and len(actions) < max_actions:
        actor = rules.current_actor(state)
        if actor is None:
            break
        action = bots[actor].choose(rules, state, actor)
        events = rules.apply(state, action)
        actions.append(action)
        if on_action is not None:
            on_action(action, events)
    return PlayedGame(rules, state, actions, rules.is_over(state))


def play_game(game_id: str, config: GameConfig, seed: int, *,
              max_actions: int = DEFAULT_MAX_ACTIONS, **bot_options: Any) -> PlayedGame:
    """Returns a whole game of ``game_id`` played by the seats' bots from ``seed``."""
    rules = registry.rules(game_id)
    rules.check_config(config)
    state = rules.new_game(config, seed)
    bots = seat_bots(game_id, config, seed, **bot_options)
    return play_out(rules, state, bots, max_actions=max_actions)


@dataclass
class PlayedCampaign:
    """The end of a bot campaign: the campaign session, its games' action and turn counts, and
    whether it finished (every game played to its end, the campaign over)."""

    campaign: Any  # engine.core.campaign.CampaignSession
    actions: list[int]
    turns: list[int]
    finished: bool


def play_campaign(game_id: str, campaign_id: str, config: GameConfig, seed: int, *,
                  max_actions: int = DEFAULT_MAX_ACTIONS, max_games: int = 1000,
                  **bot_options: Any) -> PlayedCampaign:
    """Returns a whole campaign played by the seats' bots from ``seed``: game after game
    through the campaign layer (each game's bots seeded from that game's seed), until it is
    over, a game hits ``max_actions`` or ``max_games`` games were played."""
    from engine.core.campaign import CampaignSession

    camp = CampaignSession.start(game_id, campaign_id, config, seed)
    counts: list[int] = []
    turns: list[int] = []
    while len(counts) < max_games:
        session = camp.current
        bots = seat_bots(game_id, session.config, session.seed, **bot_options)
        n = 0
        while not session.is_over and n < max_actions:
            actor = session.actor
            if actor is None:
                break
            session.apply(bots[actor].choose(session.rules, session.state, actor))
            n += 1
        counts.append(n)
        turns.append(session.turn())
        if not session.is_over or not camp.advance():
            break
    return PlayedCampaign(camp, counts, turns, camp.over)
