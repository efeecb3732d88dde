"""The crawl's knowledge for the hard bot (engine/ai/search.py) and the coach.

Playouts are played by the heuristic bot (engine/rules/crawl/bots.py). The terms say what a
round later looks like: gold held and gold brought to safety, the heroes' health, heroes
still in the game and experience, each against the best opponent.
"""

from __future__ import annotations

from typing import Any

from engine.ai.levels import register_levels
from engine.ai.search import SearchKnowledge, register_search
from engine.core.actions import Action, Message
from engine.core.protocol import GameRules
from engine.core.squaregrid import facing_towards
from engine.rules.crawl.bots import _health
from engine.rules.crawl.core import distance
from engine.rules.crawl.names import FACING_KEYS, def_name, figure_name, nested, rank_name
from engine.rules.crawl.rules import gold, gold_of
from engine.rules.crawl.state import CrawlState

# The table's button texts (scenes/crawl/table.py, DO_KEYS) for the kinds they fit as they are.
_PLAIN = {"end_activation": "crawl.ui.do.end_activation", "end_turn": "crawl.ui.do.end_turn",
          "examine": "crawl.ui.do.examine", "loot": "crawl.ui.do.loot",
          "open_door": "crawl.ui.do.open_door", "close_door": "crawl.ui.do.close_door",
          "bash_door": "crawl.ui.do.bash_door", "shockwave": "crawl.ui.do.shockwave",
          "leave": "crawl.ui.do.leave", "done_picking": "crawl.ui.do.done_picking",
          "descend": "crawl.ui.do.descend", "withdraw": "crawl.ui.do.withdraw",
          "choose_exit_square": "crawl.ui.do.choose_exit_square"}


def _lead(values: list[float], seat: int) -> float:
    """Returns a seat's value minus the best other seat's (its own value when alone)."""
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)


class CrawlKnowledge(SearchKnowledge):
    """What the search knows about the crawl."""

    # about 75 µs a simulated action (a step of one figure, the heuristic's danger map and
    # paths): some 0.6 s a decision at the most
    step_budget = 8_000
    score_scale = 40.0  # gold comes in tens
    # A game where nobody brings gold out is a win for all (seed 004, "Spielende": the most
    # gold wins); the search counts it at a quarter of a win, not a half, so it plays for
    # gold instead of settling for the common 0 : 0 (docs/performance.md, "The hard bot")
    tie_value = 0.25
    term_info = {"gold": (0.1, "crawl.coach.why.gold"), "safe": (0.12, "crawl.coach.why.safe"),
                 "health": (0.8, "crawl.coach.why.health"),
                 "heroes": (3.0, "crawl.coach.why.heroes"), "xp": (0.02, "crawl.coach.why.xp")}

    def terms(self, rules: GameRules[Any], state: Any, seat: int) -> list[tuple[str, float]]:
        """Returns the seat's lead in gold held, gold in safety, health, heroes and XP."""
        st: CrawlState = state
        n = st.nplayers
        held = [float(gold(st, p)) for p in range(n)]
        safe = [float(sum(gold_of(st.chest(u)) for u in st.players[p].chests
                          if st.chest(u).safe)) for p in range(n)]
        health = [0.0] * n
        heroes = [0.0] * n
        for f in st.figures:
            if f.hero and 0 <= f.owner < n and f.where != "out":
                heroes[f.owner] += 1
                if f.where == "board":
                    health[f.owner] += _health(f)
        xp = [float(st.players[p].xp) for p in range(n)]
        return [("gold", _lead(held, seat)), ("safe", _lead(safe, seat)),
                ("health", _lead(health, seat)), ("heroes", _lead(heroes, seat)),
                ("xp", _lead(xp, seat))]

    def describe(self, rules: GameRules[Any], state: Any, seat: int, action: Action
                 ) -> Message:
        """Returns the action in words, with the table's button texts where they fit."""
        st: CrawlState = state
        kind = action.kind
        if kind in _PLAIN:
            return Message(_PLAIN[kind])
        if kind == "disarm":
            return Message("crawl.ui.do.disarm.slow" if action["slow"] else "crawl.ui.do.disarm")
        if kind in ("activate", "drink"):
            key = "crawl.ui.do.activate" if kind == "activate" else "crawl.ui.do.drink"
            return Message(key, {"name": figure_name(st, action["figure"])})
        if kind == "activate_marker":
            m = st.marker(action["marker"])
            return Message("crawl.coach.act.activate_marker", {"rank": rank_name(m.rank)})
        if kind in ("move", "teleport"):
            return self._move(st, action["to"])
        if kind in ("attack", "heal"):
            key = "crawl.coach.act.attack" if kind == "attack" else "crawl.coach.act.heal"
            return Message(key, {"name": figure_name(st, action["target"])})
        if kind == "shoot":
            targets = action["targets"]
            if len(targets) == 1:
                return Message("crawl.coach.act.shoot", {"name": figure_name(st, targets[0])})
            return Message("crawl.ui.do.fire", {"n": len(targets)})
        if kind == "steal":
            return Message("crawl.coach.act.steal", {"name": figure_name(st, action["target"])})
        if kind == "pass_through":
            return Message("crawl.coach.act.pass_through",
                           {"name": figure_name(st, action["over"])})
        if kind == "break_away":
            return Message("crawl.coach.act.break_away")
        if kind == "face":
            return Message("crawl.ui.do.face", {"facing": nested(FACING_KEYS[action["facing"]])})
        if kind == "place_chest":
            return Message("crawl.ui.do.place_chest",
                           {"facing": nested(FACING_KEYS[action["facing"]])})
        if kind == "place_marker":
            return Message("crawl.ui.do.place_marker", {"rank": rank_name(action["rank"])})
        if kind == "place_spawn":
            foes = [f.pos for f in st.figures if f.hero and f.owner != seat
                    and f.where == "board" and f.pos is not None]
            at = (action["at"][0], action["at"][1])
            near = min((distance(at, p) for p in foes), default=0)
            return Message("crawl.coach.act.place_spawn", {"n": near})
        if kind == "pick_hero":
            return Message("crawl.coach.act.pick_hero", {"name": def_name(action["hero"], True),
                                                         "level": action["level"]})
        if kind in ("choose_entrance", "choose_exit"):
            key = "crawl.coach.act.choose_entrance" if kind == "choose_entrance" \
                else "crawl.coach.act.choose_exit"
            return Message(key, {"n": action["entrance"] + 1})
        return super().describe(rules, state, seat, action)

    @staticmethod
    def _move(st: CrawlState, to: Any) -> Message:
        """Returns a move of the active figure or marker as "name: n squares north-east"."""
        sq = (to[0], to[1])
        here = None
        name: Any = ""
        if st.active >= 0:
            f = st.fig(st.active)
            here, name = f.pos, def_name(f.did, f.hero)
        elif st.active_marker >= 0:
            m = st.marker(st.active_marker)
            here, name = m.pos, nested("crawl.coach.marker", rank=rank_name(m.rank))
        if here is None or here == sq:
            return Message("crawl.coach.act.enter", {"name": name})
        return Message("crawl.coach.act.move", {
            "name": name, "n": distance(here, sq),
            "direction": nested(FACING_KEYS[facing_towards(here, sq)])})


register_search(CrawlKnowledge("crawl"))
register_levels("crawl")
