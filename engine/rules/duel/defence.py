"""A learnt model of the heuristic bot's choice of defender (docs/duel/performance.md, "Fourth
attempt: learnt defence").

``tools/duel_defence.py`` plays heuristic-vs-random games, scores every candidate defender of
the bot's blocks by full playouts with common random numbers and fits a linear model of the
playout win rate over the block features below (centred within each decision, so only the
differences between candidates count). The weights are data (``data/duel/defence_model.json``,
plain JSON); with such a file the bot blocks with the candidate of the highest model score.
No model is committed: the fitted ones did not beat the noise in held-out games, so the bot
blocks by its heuristic cost.

Every feature is worked out from what the defending seat may see, from the numbers the
heuristic already has (the exact fight odds of ``pairing.tails``), so a decision with a model
stays a few tens of microseconds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.paths import data_dir
from engine.rules.duel.cards import cards
from engine.rules.duel.state import MAIN_UID, DuelState, Fighter

MODEL_PATH = data_dir() / "duel" / "defence_model.json"

# One name per entry of ``block_features``; the model file lists them, so stale weights of
# another feature set are refused rather than misread.
FEATURES = (
    "cost",  # the heuristic's own block cost (loss minus DEF_SPITE x the attacker's loss)
    "main",  # 1 when the main character blocks
    "main_damage",  # expected damage on the main
    "main_damage_share",  # ... as a share of the main's life left
    "main_round",  # main block x round / 30
    "main_life",  # main block x own main's life left / 20
    "main_clan",  # main block x own clan size
    "main_clan_gap",  # main block x (enemy clan size - own clan size)
    "main_level_gap",  # main block x (own level - enemy level)
    "main_vs_main",  # main block against the enemy main
    "main_more_attackers",  # main block x enemy characters that may still attack this turn
    "main_near_limit",  # main block within 4 rounds of the round limit
    "main_enemy_life",  # main block x enemy main's life left / 20
    "clan_fall",  # a clan blocker's fall chance
    "clan_fall_xp",  # ... x its XP / 30 (the XP goes to the enemy main)
    "clan_fall_gift",  # ... when that XP lifts the enemy main a level
    "clan_damage",  # a clan blocker's expected damage
    "clan_fall_attack",  # fall chance x its attack dice (the attacks it will not make)
    "clan_fall_last",  # fall chance of the last clan member
    "clan_fall_waiting",  # fall chance while clan cards wait in a full hand
    "clan_defence",  # a clan blocker's defence dice
    "clan_hurt_survives",  # expected damage x chance of surviving (a weakened blocker)
    "attacker_fall",  # the attacker's fall chance
    "attacker_damage",  # the attacker's expected damage
    "attacker_main_damage",  # ... when the attacker is the enemy main
    "attacker_fall_xp",  # attacker's fall chance x its XP / 30 (the XP comes to us)
)
N_FEATURES = len(FEATURES)


class Model:
    """Linear weights over ``FEATURES`` (already divided by each feature's scale)."""

    __slots__ = ("weights", "meta")

    def __init__(self, weights: list[float], meta: dict[str, Any]) -> None:
        self.weights = tuple(float(w) for w in weights)
        self.meta = meta

    def score(self, feats: list[float]) -> float:
        """Returns the model's score of one candidate (higher is a better block)."""
        return sum(w * x for w, x in zip(self.weights, feats, strict=True))

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form (features, weights, how they were fitted)."""
        return {"features": list(FEATURES), "weights": list(self.weights), "meta": self.meta}


def load_model(path: Path | str = MODEL_PATH) -> Model | None:
    """Returns the committed model, or None when there is none or it names other features."""
    p = Path(path)
    if not p.is_file():
        return None
    data = json.loads(p.read_text(encoding="utf-8"))
    if tuple(data.get("features", ())) != FEATURES:
        return None
    return Model(list(data["weights"]), dict(data.get("meta", {})))


class Context:
    """The numbers of one block decision that every candidate shares."""

    __slots__ = ("own_left", "enemy_left", "round", "clan", "enemy_clan", "level_gap",
                 "enemy_need", "att_main", "more_attackers", "near", "waiting", "att_xp")

    def __init__(self, state: DuelState, dseat: int, att: Fighter, waiting: bool) -> None:
        me = state.players[dseat]
        op = state.players[1 - dseat]
        self.own_left = me.hero.nums[3] - me.hero.damage
        self.enemy_left = op.hero.nums[3] - op.hero.damage
        self.round = state.round
        self.clan = len(me.clan)
        self.enemy_clan = len(op.clan)
        self.level_gap = me.level - op.level
        levels = cards().main[op.hero.card].levels
        # XP the enemy main still needs for its next level (none past the top level)
        self.enemy_need = levels[op.level - 1] - op.xp if op.level - 1 < len(levels) else 10**6
        self.att_main = att.uid == MAIN_UID
        self.more_attackers = sum(1 for f in (op.hero, *op.clan) if not f.attacked)
        self.near = state.round_limit - state.round <= 4
        self.waiting = waiting
        self.att_xp = 0 if self.att_main else cards().clan[att.card].xp


def block_features(ctx: Context, g: Fighter, cost: float, e_d: float, p_d: float,
                   e_a: float, p_a: float) -> list[float]:
    """Returns ``FEATURES`` of blocking with ``g`` (e_*/p_*: expected damage and fall chance
    of the defender and the attacker)."""
    if g.uid == MAIN_UID:
        left = ctx.own_left if ctx.own_left > 1 else 1
        main = [1.0, e_d, e_d / left, ctx.round / 30.0, ctx.own_left / 20.0, float(ctx.clan),
                float(ctx.enemy_clan - ctx.clan), float(ctx.level_gap),
                1.0 if ctx.att_main else 0.0, float(ctx.more_attackers),
                1.0 if ctx.near else 0.0, ctx.enemy_left / 20.0]
        clan = [0.0] * 9
    else:
        main = [0.0] * 12
        xp = cards().clan[g.card].xp
        clan = [p_d, p_d * xp / 30.0, p_d if xp >= ctx.enemy_need else 0.0, e_d,
                p_d * g.nums[0], p_d if ctx.clan == 1 else 0.0,
                p_d if ctx.waiting else 0.0, float(g.nums[1]), e_d * (1.0 - p_d)]
    return [cost, *main, *clan, p_a, e_a, e_a if ctx.att_main else 0.0,
            p_a * ctx.att_xp / 30.0]
