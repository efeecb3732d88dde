"""The generic MCTS bot: single-observer information-set MCTS (SO-ISMCTS) over the protocol.

Each iteration samples one determinization of what the bot's seat cannot see
(``rules.determinize``, plus a fresh RNG so future dice and draws are unknown too), walks the
shared tree with UCB1 over the actions available in that sample (availability counts, Cowling,
Powley and Whitehouse 2012), expands one node, plays out with a random or game-specific policy
up to a depth cap, and backs up one reward per seat: 0.8 for a win plus 0.2 times the seat's
score normalised between the lowest and highest score, or a registered evaluator's estimate
when the playout stops before the end.

The budget is a number of iterations and/or CPU seconds. With iterations only, a bot's choices
are a pure function of its seed and the information its seat may see.
"""

from __future__ import annotations

import math
import time
from collections import namedtuple
from collections.abc import Sequence

from engine.ai.base import Bot, evaluator_for, playout_depth_scale, rollout_policy_for
from engine.core.actions import Action
from engine.core.protocol import GameRules, Outcome
from engine.core.rng import Rng

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

    from engine.ai.base import Evaluator, RolloutPolicy

WIN_WEIGHT = 0.8
SCORE_WEIGHT = 0.2


class Budget(namedtuple("Budget", "iterations seconds depth")):
    """How long one decision may think: iterations, CPU seconds, and the playout depth cap."""

    __slots__ = ()
    iterations: int | None
    seconds: float | None
    depth: int


# Iterations keep simulations reproducible; the seconds are the interactive cap (BotWorker),
# at most one second per decision. "normal" is sized to stay near one second of CPU on the duel
# (about 7 ms per iteration on the reference machine, see docs/performance.md).
PRESETS: dict[str, Budget] = {
    "easy": Budget(iterations=50, seconds=0.25, depth=60),
    "normal": Budget(iterations=150, seconds=0.6, depth=120),
    "hard": Budget(iterations=600, seconds=1.0, depth=200),
}


def rewards(outcome: Outcome | None) -> list[float]:
    """Returns one reward in [0, 1] per seat of a finished game."""
    if outcome is None:
        return []
    scores = list(outcome.scores)
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    return [WIN_WEIGHT * (1.0 if seat in outcome.winners else 0.0)
            + SCORE_WEIGHT * (0.5 if hi == lo else (score - lo) / (hi - lo))
            for seat, score in enumerate(scores)]


def _reward_of(result: Sequence[float], seat: int) -> float:
    """Returns the seat's reward; seats a result does not cover get the neutral 0.5."""
    return result[seat] if 0 <= seat < len(result) else 0.5


class _Node:
    """A tree node: visits, availability and reward total of the action that leads to it.

    The total is counted for the seat that chose the action, which is what UCB1 maximises.
    """

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0

    def ucb(self, exploration: float) -> float:
        """Returns the UCB1 value of this child for the seat choosing it."""
        return (self.total / self.visits
                + exploration * math.sqrt(math.log(self.avail) / self.visits))


class MctsBot(Bot):
    """Information-set MCTS; ``iterations``/``seconds`` override the difficulty's budget."""

    bot_id = "mcts"

    def __init__(self, difficulty: str = "normal", seed: int = 0, *,
                 iterations: int | None | str = "preset", seconds: float | None = None,
                 depth: int | None = None, exploration: float = 0.7,
                 evaluator: Evaluator | None = None,
                 rollout_policy: RolloutPolicy | None = None) -> None:
        super().__init__(difficulty, seed)
        preset = PRESETS[self.difficulty]
        if isinstance(iterations, str):
            if iterations != "preset":
                raise ValueError(f"iterations must be a number, None or 'preset', not "
                                 f"{iterations!r}")
            iterations = preset.iterations
        self.iterations: int | None = iterations
        self.seconds = seconds
        if iterations is None and seconds is None:
            raise ValueError("an MCTS bot needs a budget in iterations or seconds")
        if iterations is not None and iterations < 1:
            raise ValueError("an MCTS bot needs at least one iteration")
        self.depth_given = depth  # None: the preset's depth, scaled per game in choose()
        self.depth = depth if depth is not None else preset.depth
        self.exploration = exploration
        self.evaluator = evaluator
        self.rollout_policy = rollout_policy

    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns the most visited root action after spending the budget."""
        legal = self._legal_for(rules, state, seat)
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "forced": True}
            return legal[0]
        evaluator = self.evaluator or evaluator_for(rules.game_id)
        policy = self.rollout_policy or rollout_policy_for(rules.game_id)
        if self.depth_given is None:
            preset_depth = PRESETS[self.difficulty].depth
            self.depth = max(1, int(preset_depth * playout_depth_scale(rules.game_id)))
        root = _Node()
        start = time.thread_time()  # ok-determinism: budget only
        done = 0
        while self.iterations is None or done < self.iterations:
            if self.seconds is not None and done > 0:
                if time.thread_time() - start >= self.seconds:  # ok-determinism: budget only
                    break
            self._iterate(rules, state, seat, root, evaluator, policy)
            done += 1
        best = self._best(root, legal)
        self.last_stats = {
            "iterations": done,
            "seconds": time.thread_time() - start,  # ok-determinism: budget only (reported)
            "visits": {str(a): root.children[a].visits for a in legal if a in root.children},
        }
        return best

    def _iterate(self, rules: GameRules[Any], state: Any, seat: int, root: _Node,
                 evaluator: Evaluator | None, policy: RolloutPolicy | None) -> None:
        """Runs one determinize-select-expand-playout-backup pass."""
        rng = self.rng
        det = rules.determinize(state, seat, rng)
        if hasattr(det, "rng"):
            # Future dice and draws are hidden too: the sample gets its own RNG.
            det.rng = Rng(rng.next_u64())
        node = root
        path: list[tuple[_Node, int]] = []
        depth = 0
        while not rules.is_over(det) and depth < self.depth:
            actor = rules.current_actor(det)
            if actor is None:
                break
            legal = rules.legal_actions(det)
            if not legal:
                break
            untried = []
            best: _Node | None = None
            best_action = legal[0]
            best_value = -1.0
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                    continue
                child.avail += 1
                value = child.ucb(self.exploration)
                if value > best_value:
                    best, best_action, best_value = child, action, value
            if untried:
                action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node()
                node.children[action] = child
                rules.search_apply(det, action)
                path.append((child, actor))
                depth += 1
                break
            assert best is not None
            rules.search_apply(det, best_action)
            path.append((best, actor))
            node = best
            depth += 1
        result = self._playout(rules, det, depth, evaluator, policy)
        for child, actor in path:
            child.visits += 1
            child.total += _reward_of(result, actor)

    def _playout(self, rules: GameRules[Any], det: Any, depth: int,
                 evaluator: Evaluator | None, policy: RolloutPolicy | None) -> list[float]:
        """Plays on to the end or the depth cap; returns one reward per seat."""
        rng = self.rng
        while depth < self.depth and not rules.is_over(det):
            legal = rules.legal_actions(det)
            if not legal:
                break
            if policy is not None:
                action = policy(rules, det, legal, rng)
            else:
                action = legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]
            rules.search_apply(det, action)
            depth += 1
        if rules.is_over(det):
            return rewards(rules.outcome(det))
        if evaluator is not None:
            return [min(1.0, max(0.0, float(v))) for v in evaluator(rules, det)]
        return []

    def _best(self, root: _Node, legal: Sequence[Action]) -> Action:
        """Returns the most visited legal root action (ties: higher mean, then legal order)."""
        best = legal[0]
        best_key = (-1, -1.0)
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = action, key
        return best
