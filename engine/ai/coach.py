"""The coach: what the hard bot's search finds best now for a seat, with its best
alternatives, each with its estimated chance to win, and one line of why (docs/decisions.md,
"The coach").

It runs the hard bot's search (engine/ai/search.py) for the seat in a state built from that
seat's view alone (at the table the bot process receives ``worker.seat_state``), and changes
nothing: the answer is plain JSON for the table to show.
"""

from __future__ import annotations

from typing import Any

from engine.ai.search import STEP_BUDGET, SearchBot, knowledge_for, paired
from engine.core.actions import Message
from engine.core.protocol import GameRules

# The suggestion and up to three alternatives.
ROWS = 4
# The coach may think twice as long as the hard bot: it keeps four candidates to the end (the
# bot drops the ones that fall behind), a player asked for it and waits for it, and it is
# asked now and then, not every move. At the table its CPU cap is SECONDS.
BUDGET_FACTOR = 2
SECONDS = 2.0


def hint(rules: GameRules[Any], state: Any, seat: int, seed: int = 0, *,
         steps: int | None = None, seconds: float | None = None) -> dict[str, Any]:
    """Returns the hint for ``seat`` (the current actor) as JSON: ``rows`` (the suggestion
    first: ``action``, ``text`` as a message, ``win`` the share of playouts won, ``mean`` the
    mean reward, ``samples``), ``why`` (a message), ``samples`` (the playouts per row) and
    ``close`` (True when the first two lie within a standard error of each other)."""
    knowledge = knowledge_for(rules.game_id)
    if knowledge is None:
        raise ValueError(f"{rules.game_id} has no hard bot, so no coach")
    if rules.current_actor(state) != seat:
        raise ValueError(f"seat {seat} is not the current actor")
    legal = rules.legal_actions(state)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        text = knowledge.describe(rules, state, seat, legal[0])
        return {"rows": [{"action": legal[0].to_json(), "text": text.to_json(), "win": None,
                          "mean": None, "samples": 0}],
                "why": Message("ui.coach.why.forced").to_json(), "samples": 0, "close": False}
    if steps is None:
        steps = BUDGET_FACTOR * (knowledge.step_budget or STEP_BUDGET["hard"])
    bot = SearchBot("hard", seed, knowledge=knowledge, steps=steps, seconds=seconds)
    result = bot.search(rules, state, seat, legal, keep_all=ROWS, terms=True)
    # The rows go by the estimates they show: the suggestion is the best estimate. (In play
    # the hard bot keeps its heuristic's choice unless another is clearly better; shown
    # beside the numbers, that caution would read as a contradiction.)
    played = [c for c in result.candidates if c.results]
    if not played:  # the knowledge compares nothing here: its one choice, without odds
        text = knowledge.describe(rules, state, seat, result.best)
        return {"rows": [{"action": result.best.to_json(), "text": text.to_json(),
                          "win": None, "mean": None, "samples": 0}],
                "why": Message("ui.coach.why.only").to_json(), "samples": 0, "close": False}
    ranked = sorted(played, key=lambda c: (-c.win_rate, -c.mean))[:ROWS]
    rows = [{"action": c.action.to_json(),
             "text": knowledge.describe(rules, state, seat, c.action).to_json(),
             "win": round(c.win_rate, 3), "mean": round(c.mean, 3), "samples": len(c.results)}
            for c in ranked]
    why = knowledge.why(ranked[0], ranked[1] if len(ranked) > 1 else None)
    close = False
    if len(ranked) > 1:
        # the first two within a standard error of their paired difference: a close call
        mean, se = paired(ranked[0], ranked[1])
        close = mean <= se
    return {"rows": rows, "why": why.to_json(), "samples": result.samples, "close": close}
