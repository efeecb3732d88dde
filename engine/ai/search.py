"""The "hard" bot: Monte Carlo policy improvement over a game's heuristic bot.

Each decision compares a few candidate actions (the heuristic's own choice first, then the
alternatives the game's knowledge ranks highest) by playing the game out after each of them
with the heuristic bot in every seat (Tesauro and Galperin 1996, "On-line policy improvement
using Monte-Carlo search"). Every sample is one determinization of what the bot's seat cannot
see (``rules.determinize``) with its own RNG for future dice and draws; every candidate is played
out on the same sample with the same dice and the same bot seeds (common random numbers), so
two candidates differ only by what they change. Candidates that fall clearly behind are dropped
as the samples come in (successive elimination on the paired differences); the heuristic's
choice is kept unless another beats it by a clear margin (its prior, a progressive bias).

The budget counts simulated actions, not seconds, so a bot's choices are a pure function of
its seed and its seat's information; ``seconds`` adds a CPU cap for play at the screen.

Games plug in their knowledge with ``register_search`` (engine/rules/<game>/search.py): the
heuristic bot that plays the playouts, how candidates are chosen, and the named terms of an
evaluation that the coach shows as the reason for a suggestion.
"""

from __future__ import annotations

import math
import time
from collections import namedtuple

from engine.ai.base import Bot, make_bot
from engine.core.actions import Action, Message
from engine.core.protocol import GameRules
from engine.core.rng import Rng

TYPE_CHECKING = False  # typing costs import time; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

# The sum of every playout's actions a decision may simulate, by difficulty (the search bot is
# the "hard" level; the others exist for tests and experiments). About 30 µs an action on the
# reference machine: 20 000 actions are some 0.6 s (docs/performance.md, "The hard bot").
STEP_BUDGET = {"easy": 4_000, "normal": 10_000, "hard": 20_000}
# A playout that has not ended after this many actions is scored by the knowledge's terms.
PLAYOUT_CAP = 3_000


class Candidate:
    """One root action under study: its paired results, sample by sample."""

    __slots__ = ("action", "results", "winsum", "alive", "terms", "termed")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.results: list[float] = []
        # the sum of the playouts' chances to win: 1 won, 0.5 a win shared by two, 0 lost,
        # the value model's estimate where a playout stopped early
        self.winsum = 0.0
        self.alive = True
        # the sums of the knowledge's terms one round after the action (the coach's reasons)
        self.terms: dict[str, float] = {}
        self.termed = 0

    def term_means(self) -> dict[str, float]:
        """Returns each term's mean over the playouts that recorded terms."""
        return {k: v / self.termed for k, v in self.terms.items()} if self.termed else {}

    @property
    def mean(self) -> float:
        """Returns the mean reward so far (0.5 before any sample)."""
        return sum(self.results) / len(self.results) if self.results else 0.5

    @property
    def win_rate(self) -> float:
        """Returns the share of playouts the seat won, a shared win counting half (0.5
        before any sample)."""
        return self.winsum / len(self.results) if self.results else 0.5


class SearchResult(namedtuple("SearchResult", "best base candidates samples steps seconds")):
    """A decision: the chosen action, the heuristic's, the candidates studied, and its cost."""

    __slots__ = ()
    best: Action
    base: Action
    candidates: list[Candidate]
    samples: int
    steps: int
    seconds: float

    def ranked(self) -> list[Candidate]:
        """Returns the candidates best first: the chosen one, then by mean reward."""
        rest = sorted((c for c in self.candidates if c.action != self.best),
                      key=lambda c: -c.mean if c.results else 1.0)
        first = [c for c in self.candidates if c.action == self.best]
        return first + rest


class SearchKnowledge:
    """What a game tells the search: its playout bot, candidates and evaluation terms.

    Subclasses override what they know better; the defaults work for any game that has a
    ``heuristic`` bot.
    """

    # How many root actions a decision compares at most (the heuristic's choice included).
    max_candidates = 6
    # How often the heuristic's choice must be beaten: by this many standard errors of the
    # paired difference, and by at least ``min_gain`` of mean reward.
    switch_z = 1.0
    min_gain = 0.02
    # A candidate is dropped when it trails the leader by this many standard errors, or when
    # after ``settle`` samples it cannot gain ``min_gain`` over the leader at that confidence.
    drop_z = 2.0
    settle = 16
    # The simulated actions a decision may spend (None: the difficulty's STEP_BUDGET); games
    # whose actions cost more than the duel's set less, to stay within a second a decision.
    step_budget: int | None = None
    # The turns after a decision at which the coach reads the terms (None: one per seat, a
    # round in games where every seat takes a turn; a game whose turn is a whole round says 1).
    term_turns: int | None = None

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def playout_bot(self, seat: int, seed: int) -> Bot:
        """Returns the bot that plays ``seat`` in playouts (the game's heuristic)."""
        return make_bot("heuristic", self.game_id, "normal", seed)

    def base_action(self, rules: GameRules[Any], state: Any, seat: int, bot: Bot) -> Action:
        """Returns the heuristic's choice in the true position (the search's prior)."""
        return bot.choose(rules, state, seat)

    def candidates(self, rules: GameRules[Any], state: Any, seat: int, legal: list[Action],
                   base: Action, rng: Rng) -> list[Action]:
        """Returns the root actions to compare, the heuristic's first (default: a sample)."""
        others = [a for a in legal if a != base]
        if len(others) >= self.max_candidates:
            others = rng.sample(others, self.max_candidates - 1)
        return [base, *others]

    def reward(self, rules: GameRules[Any], state: Any, seat: int) -> float:
        """Returns the seat's reward of a finished playout: 1 for a win alone, 0.5 shared,
        0 for a loss, moved by up to 0.05 by the score margin over the best opponent."""
        outcome = rules.outcome(state)
        if outcome is None:
            return 0.5
        winners = outcome.winners
        base = 0.0
        if seat in winners:
            base = 1.0 if len(winners) == 1 else \
                (self.tie_value if self.tie_value is not None else 1.0 / len(winners))
        scores = outcome.scores
        if len(scores) > seat and len(scores) > 1:
            other = max(s for i, s in enumerate(scores) if i != seat)
            base += 0.05 * math.tanh((scores[seat] - other) / self.score_scale)
        return min(1.0, max(0.0, base))

    def won(self, rules: GameRules[Any], state: Any, seat: int) -> float:
        """Returns the seat's share of the win in a finished playout (the coach's chance to
        win): 1 alone, one over the number of winners shared, 0 lost. A co-operative game,
        where every seat wins or loses together, says 1 for the party's win."""
        outcome = rules.outcome(state)
        if outcome is None or seat not in outcome.winners:
            return 0.0
        return 1.0 / len(outcome.winners)

    # the score difference that counts as a clear margin in ``reward``
    score_scale = 10.0
    # the reward of a win shared with others (None: one over the number of winners)
    tie_value: float | None = None

    # term name -> (how much one unit of it weighs against the others, the catalog key of
    # the reason with {delta}); the coach compares weighted differences
    term_info: dict[str, tuple[float, str]] = {}

    def terms(self, rules: GameRules[Any], state: Any, seat: int) -> list[tuple[str, float]]:
        """Returns the named terms of an evaluation from ``seat``'s side (name, value; higher
        is better), one per ``term_info`` entry: the coach's reasons. Default: none."""
        return []

    def why(self, best: Candidate, other: Candidate | None) -> Message:
        """Returns the one-line reason for ``best`` over ``other``: the term whose weighted
        mean one round later gains most ("ui.coach.why.playouts" when none gains)."""
        if other is None:
            return Message("ui.coach.why.only")
        mine, theirs = best.term_means(), other.term_means()
        top: tuple[float, str, float] | None = None
        for name, (weight, key) in self.term_info.items():
            if name not in mine or name not in theirs:
                continue
            delta = mine[name] - theirs[name]
            score = delta * weight
            # a difference that rounds to 0.0 is no reason to give
            if score > 1e-9 and round(delta, 1) != 0 and (top is None or score > top[0]):
                top = (score, key, delta)
        if top is None:
            return Message("ui.coach.why.playouts")
        return Message(top[1], {"delta": round(top[2], 1)})

    def describe(self, rules: GameRules[Any], state: Any, seat: int, action: Action
                 ) -> Message:
        """Returns an action in words for ``seat`` (default: the game's ``action.<kind>``)."""
        return Message(f"{self.game_id}.action.{action.kind}", dict(action.params))

    # The value model: a logistic regression over ``features`` (tools/fit_value.py fits the
    # weights to the heuristic bots' results); with ``horizon`` set, playouts stop that many
    # turns after the decision and the model scores where they stand.
    feature_names: tuple[str, ...] = ()
    value_weights: dict[str, float] = {}
    horizon: int | None = None

    def features(self, rules: GameRules[Any], state: Any, seat: int) -> list[float]:
        """Returns the value model's inputs from ``seat``'s side, one per ``feature_names``."""
        return []

    def value(self, rules: GameRules[Any], state: Any, seat: int) -> float:
        """Returns the value model's chance that ``seat`` wins from ``state`` (0.5 without)."""
        if not self.value_weights:
            return 0.5
        weights = self.value_weights
        z = sum(weights.get(name, 0.0) * x for name, x in
                zip(self.feature_names, self.features(rules, state, seat), strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def cutoff_value(self, rules: GameRules[Any], state: Any, seat: int) -> float:
        """Returns a reward estimate of an unfinished playout (the horizon or cap reached)."""
        return self.value(rules, state, seat)


_KNOWLEDGE: dict[str, SearchKnowledge] = {}


def register_search(knowledge: SearchKnowledge) -> None:
    """Registers a game's search knowledge (which makes the game's ``hard`` bot)."""
    _KNOWLEDGE[knowledge.game_id] = knowledge


def knowledge_for(game_id: str) -> SearchKnowledge | None:
    """Returns the game's search knowledge, if it registered any."""
    from engine.ai.base import load_game_bots

    load_game_bots(game_id)
    return _KNOWLEDGE.get(game_id)


def has_search(game_id: str) -> bool:
    """Returns True when the game has a search bot (and so a coach)."""
    try:
        return knowledge_for(game_id) is not None
    except (ImportError, KeyError):
        return False


class SearchBot(Bot):
    """Policy improvement over the heuristic by paired playouts (see the module docstring)."""

    bot_id = "hard"

    def __init__(self, difficulty: str = "hard", seed: int = 0, *,
                 knowledge: SearchKnowledge | None = None, steps: int | None = None,
                 seconds: float | None = None, game_id: str | None = None) -> None:
        super().__init__(difficulty, seed)
        self.knowledge = knowledge
        self.game_id = game_id
        if steps is not None and steps < 1:
            raise ValueError("a search bot needs a budget of at least one step")
        self.steps_given = steps
        self.seconds = seconds
        self.last_result: SearchResult | None = None

    def _knowledge(self, rules: GameRules[Any]) -> SearchKnowledge:
        knowledge = self.knowledge or knowledge_for(rules.game_id)
        if knowledge is None:
            raise ValueError(f"{rules.game_id} has no search knowledge (no hard bot)")
        return knowledge

    def choose(self, rules: GameRules[Any], state: Any, seat: int) -> Action:
        """Returns the best action found within the budget."""
        legal = self._legal_for(rules, state, seat)
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "forced": True}
            self.last_result = None
            return legal[0]
        result = self.search(rules, state, seat, legal)
        return result.best

    def search(self, rules: GameRules[Any], state: Any, seat: int,
               legal: list[Action] | None = None, *, keep_all: int = 0,
               terms: bool = False) -> SearchResult:
        """Returns the full result of a decision (the coach reads its candidates).

        ``keep_all`` keeps at least that many candidates alive to the end (the coach wants
        estimates for its alternatives, not only the winner's); ``terms`` records the
        knowledge's evaluation terms one round after each candidate (its reasons).
        """
        start = time.thread_time()  # ok-determinism: budget only
        knowledge = self._knowledge(rules)
        if legal is None:
            legal = rules.legal_actions(state)
        rng = self.rng
        seat_seed = rng.next_u64()
        bots = [knowledge.playout_bot(s, seat_seed + s) for s in range(rules_seats(rules, state))]
        base = knowledge.base_action(rules, state, seat, bots[seat])
        if base not in legal:
            base = legal[0]
        actions = knowledge.candidates(rules, state, seat, legal, base, rng)
        cands = [Candidate(a) for a in dict.fromkeys(actions)]
        budget = self.steps_given
        if budget is None:
            budget = knowledge.step_budget if self.difficulty == "hard" and \
                knowledge.step_budget is not None else STEP_BUDGET[self.difficulty]
        steps = 0
        samples = 0
        if len(cands) > 1:
            horizon = None
            if terms:
                turns = knowledge.term_turns
                horizon = rules.turn_number(state) + (
                    rules_seats(rules, state) if turns is None else turns)
            stop = None
            if knowledge.horizon is not None:
                stop = rules.turn_number(state) + knowledge.horizon
            steps, samples = self._sample(rules, state, seat, knowledge, cands, bots, start,
                                          keep_all, budget, horizon, stop)
        best = self._pick(knowledge, cands)
        seconds = time.thread_time() - start  # ok-determinism: budget only (reported)
        result = SearchResult(best.action, base, cands, samples, steps, seconds)
        self.last_result = result
        self.last_stats = {"iterations": samples, "steps": steps, "seconds": seconds,
                           "candidates": len(cands), "switched": best.action != base}
        return result

    def _sample(self, rules: GameRules[Any], state: Any, seat: int,
                knowledge: SearchKnowledge, cands: list[Candidate], bots: list[Bot],
                start: float, keep_all: int, budget: int,
                horizon: int | None, stop: int | None) -> tuple[int, int]:
        """Plays paired samples until the budget is spent or one candidate is left."""
        rng = self.rng
        steps = 0
        samples = 0
        check_at = 8
        while True:
            live = [c for c in cands if c.alive]
            if len(live) <= 1:
                break
            if steps >= budget:
                break
            if self.seconds is not None and samples > 0 and \
                    time.thread_time() - start >= self.seconds:  # ok-determinism: budget only
                break
            det = rules.determinize(state, seat, rng)
            sample_rng = rng.next_u64()
            bot_seed = rng.next_u64()
            for c in live:
                sim = rules.clone(det)
                sim_rng = getattr(sim, "rng", None)
                if isinstance(sim_rng, Rng):
                    sim.rng = Rng(sample_rng)
                for i, b in enumerate(bots):
                    b.rng = Rng(bot_seed + i)
                reward, won, used = self._playout(rules, sim, seat, c, knowledge, bots,
                                                  horizon, stop)
                steps += used
                c.results.append(reward)
                c.winsum += won
            samples += 1
            if samples >= check_at:
                self._eliminate(knowledge, cands, samples, keep_all)
                check_at = samples + max(4, samples // 4)
        return steps, samples

    def _playout(self, rules: GameRules[Any], sim: Any, seat: int, cand: Candidate,
                 knowledge: SearchKnowledge, bots: list[Bot],
                 horizon: int | None, stop: int | None) -> tuple[float, float, int]:
        """Returns (the seat's reward, its chance to win, actions simulated) of one playout
        after the candidate;
        with a ``horizon`` (a turn number) records the knowledge's terms when it is reached;
        at the turn ``stop`` the value model scores the position."""
        rules.search_apply(sim, cand.action)
        used = 1
        while used < PLAYOUT_CAP and not rules.is_over(sim):
            turn = rules.turn_number(sim)
            if horizon is not None and turn >= horizon:
                self._record_terms(rules, sim, seat, cand, knowledge)
                horizon = None
            if stop is not None and turn >= stop and horizon is None:
                break
            actor = rules.current_actor(sim)
            if actor is None:
                break
            rules.search_apply(sim, bots[actor].choose(rules, sim, actor))
            used += 1
        if horizon is not None:
            self._record_terms(rules, sim, seat, cand, knowledge)
        if rules.is_over(sim):
            return knowledge.reward(rules, sim, seat), knowledge.won(rules, sim, seat), used
        value = knowledge.cutoff_value(rules, sim, seat)
        return value, value, used

    @staticmethod
    def _record_terms(rules: GameRules[Any], sim: Any, seat: int, cand: Candidate,
                      knowledge: SearchKnowledge) -> None:
        for key, value in knowledge.terms(rules, sim, seat):
            cand.terms[key] = cand.terms.get(key, 0.0) + value
        cand.termed += 1

    def _eliminate(self, knowledge: SearchKnowledge, cands: list[Candidate], samples: int,
                   keep_all: int) -> None:
        """Drops the candidates that trail the leader clearly (paired over the last samples
        both played)."""
        live = [c for c in cands if c.alive]
        leader = max(live, key=lambda c: c.mean)
        ranked = sorted(live, key=lambda c: -c.mean)
        keep = set(id(c) for c in ranked[:keep_all])  # ok-determinism: identity of this list
        for c in live:
            if c is leader or c is cands[0] or id(c) in keep:  # ok-determinism: this list
                continue  # the heuristic's choice stays to the end: every switch is paired
            mean, se = paired(leader, c)
            if mean - knowledge.drop_z * se > 0.0:
                c.alive = False  # clearly behind
            elif samples >= knowledge.settle and -mean + knowledge.drop_z * se < \
                    knowledge.min_gain:
                c.alive = False  # no better than the leader by a margin that matters

    def _pick(self, knowledge: SearchKnowledge, cands: list[Candidate]) -> Candidate:
        """Returns the chosen candidate: the best mean, if it beats the heuristic's clearly."""
        base = cands[0]
        played = [c for c in cands if c.results]
        if not played:
            return base
        best = max(played, key=lambda c: (c.mean, len(c.results)))
        if best is base:
            return base
        mean, se = paired(best, base)
        if mean > knowledge.min_gain and mean > knowledge.switch_z * se:
            return best
        return base


def rules_seats(rules: GameRules[Any], state: Any) -> int:
    """Returns the number of seats of a game in progress."""
    players = getattr(state, "players", None)
    if isinstance(players, int):
        return players  # a count of seats (the campaign crawler), not a list of them
    if players is not None:
        return len(players)
    return int(getattr(state, "nplayers", rules.max_players))


def paired(a: Candidate, b: Candidate) -> tuple[float, float]:
    """Returns the mean and standard error of a's reward minus b's on their shared samples."""
    n = min(len(a.results), len(b.results))
    if n == 0:
        return 0.0, 1.0
    diffs = [x - y for x, y in zip(a.results[:n], b.results[:n], strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, 1.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)
