"""Bots that play any game through the protocol: the registry, random and MCTS (ISMCTS)."""

from engine.ai.base import (
    DIFFICULTIES,
    Bot,
    BotInfo,
    bot_ids,
    bot_info,
    make_bot,
    register_bot,
    register_evaluator,
    register_playout_depth_scale,
    register_rollout_policy,
    seat_seed,
    unregister_bot,
)
from engine.ai.mcts import PRESETS, Budget, MctsBot
from engine.ai.random_bot import RandomBot

register_bot("random", RandomBot)
register_bot("mcts", MctsBot)

__all__ = [
    "DIFFICULTIES", "PRESETS", "Bot", "BotInfo", "Budget", "MctsBot", "RandomBot", "bot_ids",
    "bot_info", "make_bot", "register_bot", "register_evaluator",
    "register_playout_depth_scale", "register_rollout_policy",
    "seat_seed", "unregister_bot",
]
