"""The crawl's heuristic player bot: heroes go for chests and then the exit, spawn and markers
hunt the opponents' heroes. It reads the state only through the rules' legal actions and the
same look-ups the view offers (everything but the hidden treasure dials is public)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.ai import Bot, register_bot
from engine.core.actions import Action
from engine.core.protocol import GameRules
from engine.core.squaregrid import Square
from engine.rules.crawl import combat
from engine.rules.crawl.board import Board
from engine.rules.crawl.core import (
    board_of,
    chest_front,
    distance,
    fdef,
    front_squares,
    may_attack,
)
from engine.rules.crawl.movement import figure_reach, marker_reach, must_break_away
from engine.rules.crawl.rules import chest_limit
from engine.rules.crawl.state import CrawlState, Figure


@lru_cache(maxsize=512)
def _field(board: Board, goals: tuple[Square, ...]) -> dict[Square, float]:
    """Returns the movement distance from every square to the nearest goal (walls respected)."""

    def neighbours(sq: Square):  # noqa: ANN202
        for nxt, diag in board.neighbours[sq]:
            cost = board.cost[nxt]
            if cost:
                yield nxt, cost + (1 if diag else 0)

    from engine.core.pathing import cost_map_multi
    return dict(cost_map_multi([(g, 0) for g in goals], neighbours).costs)


def _sq(a: Action, name: str = "to") -> Square:
    v = a[name]
    return (v[0], v[1])


class CrawlHeuristicBot(Bot):
    """Greedy goals with exact hit odds; fast enough for the 2 ms decision budget."""

    bot_id = "heuristic"

    def choose(self, rules: GameRules[Any], state: CrawlState, seat: int) -> Action:
        """Returns the action for ``seat``."""
        legal = self._legal_for(rules, state, seat)
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if "place_spawn" in kinds:
            return self._place(state, seat, legal)
        if state.phase != "play":
            return self._setup(state, seat, legal)
        if state.active >= 0:
            f = state.fig(state.active)
            return self._hero(state, f, legal) if f.hero else self._spawn(state, f, legal)
        if state.active_marker >= 0:
            return self._marker(state, seat, legal)
        return self._turn(state, seat, legal)

    # --- set-up ---------------------------------------------------------------------------
    def _setup(self, state: CrawlState, seat: int, legal: list[Action]) -> Action:
        kinds = [a.kind for a in legal]
        if "choose_exit" in kinds:
            # Give the opponent the exit farthest from its entrance.
            board = board_of(state)
            who = state.setup["steps"][0][1]
            ent = state.players[who].entrance
            if who != seat and ent >= 0:
                start = board.entrances[ent][1]
                return max(legal, key=lambda a: (distance(start, board.entrances[a["entrance"]][1]),
                                                 -a["entrance"]))
            ent_sq = board.entrances[ent][1] if ent >= 0 else None
            return min(legal, key=lambda a: (distance(ent_sq, board.entrances[a["entrance"]][1])
                                             if ent_sq else 0, a["entrance"]))
        if "pick_hero" in kinds and "done_picking" in kinds and self.rng.below(3) == 0:
            return Action.make("done_picking")
        options = [a for a in legal if a.kind != "done_picking"] or legal
        return options[self.rng.below(len(options))]

    def _place(self, state: CrawlState, seat: int, legal: list[Action]) -> Action:
        foes = [h.pos for h in state.figures if h.hero and h.owner != seat
                and h.where == "board" and h.pos is not None]
        if not foes:
            return legal[0]
        return min(legal, key=lambda a: (min(distance(_sq(a, "at"), p) for p in foes),
                                         tuple(a["at"])))

    # --- between activations ----------------------------------------------------------------
    def _turn(self, state: CrawlState, seat: int, legal: list[Action]) -> Action:
        heroes = [a for a in legal if a.kind == "activate" and state.fig(a["figure"]).hero]
        if heroes:
            return heroes[0]
        foes = [h for h in state.figures if h.hero and h.owner != seat and h.where == "board"]
        best, best_d = None, 99
        for a in legal:
            if a.kind == "activate":
                f = state.fig(a["figure"])
                d = min((distance(f.pos, h.pos) for h in foes), default=99)
            elif a.kind == "activate_marker":
                m = state.marker(a["marker"])
                d = min((distance(m.pos, h.pos) for h in foes), default=99) + 2
            else:
                continue
            if d < best_d:
                best, best_d = a, d
        if best is not None and best_d <= 12:
            return best
        return Action.make("end_turn")

    # --- hero activation ------------------------------------------------------------------
    def _hero(self, state: CrawlState, f: Figure, legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for kind in ("leave", "loot", "examine"):
            if kind in by_kind:
                return by_kind[kind][0]
        if "disarm" in by_kind:
            slow = [a for a in by_kind["disarm"] if a["slow"]]
            return (slow or by_kind["disarm"])[0]
        strike = self._strike(state, f, by_kind)
        if strike is not None:
            return strike
        goal = self._hero_goal(state, f)
        return self._go(state, f, goal, by_kind)

    def _strike(self, state: CrawlState, f: Figure, by_kind: dict[str, list[Action]]
                ) -> Action | None:
        best, score = None, 0.0
        for a in by_kind.get("attack", []):
            tgt = state.fig(a["target"])
            _, _, ways = combat.hit_chance(state, f, tgt, "melee")
            s = ways / 36 * (fdef(f).clicks[f.click].damage + 0.5)
            if s > score:
                best, score = a, s
        for a in by_kind.get("shoot", []):
            s = 0.0
            for uid in a["targets"]:
                _, _, ways = combat.hit_chance(state, f, state.fig(uid), "ranged")
                s += ways / 36 * (1 if len(a["targets"]) > 1 else fdef(f).clicks[f.click].damage)
            if s > score:
                best, score = a, s
        for a in by_kind.get("heal", []):
            g = state.fig(a["target"])
            if g.click - combat.min_click(g) >= 2 and score < 0.8:
                best, score = a, 0.8
        return best if score >= 0.35 else None

    def _hero_goal(self, state: CrawlState, f: Figure) -> tuple[Square, ...]:
        board = board_of(state)
        player = state.players[f.owner]
        exit_sq = board.entrances[player.exit][1] if player.exit >= 0 else None
        chests: list[Square] = []
        if len(player.chests) < chest_limit(state, f.owner):
            for ch in state.chests:
                if ch.pos is not None and ch.status in ("closed", "disarmed", "sprung"):
                    chests.extend(sq for sq in chest_front(ch)
                                  if sq in board.cost and board.cost[sq] > 0)
        if player.chests and exit_sq is not None:
            if not chests or state.round > state.turn_limit - 6:
                return (exit_sq,)
            here = f.pos if f.pos is not None else board.entrances[player.entrance][1]
            to_chest = _field(board, tuple(sorted(chests))).get(here, 99)
            if to_chest > 8:
                return (exit_sq,)
        if chests:
            return tuple(sorted(chests))
        return (exit_sq,) if exit_sq is not None else ()

    def _go(self, state: CrawlState, f: Figure, goal: tuple[Square, ...],
            by_kind: dict[str, list[Action]]) -> Action:
        end = Action.make("end_activation")
        if not goal:
            return end
        board = board_of(state)
        field = _field(board, goal)
        here = f.pos
        here_d = field.get(here, 999) if here is not None else 999
        moves = by_kind.get("move", [])
        if moves:
            reach = figure_reach(state, f, state.mp)
            best = min(moves, key=lambda a: (field.get(_sq(a), 999), reach.costs[_sq(a)],
                                             _sq(a)))
            if field.get(_sq(best), 999) < here_d:
                return best
        if "break_away" in by_kind and here is not None and here_d > 0:
            return by_kind["break_away"][0]
        if "open_door" in by_kind:
            return by_kind["open_door"][0]
        return end

    # --- spawn and markers ----------------------------------------------------------------
    def _spawn(self, state: CrawlState, f: Figure, legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        strike = self._strike(state, f, by_kind)
        if strike is not None:
            return strike
        foes = [h for h in state.figures if h.where == "board" and h.pos is not None
                and may_attack(state, f, h)]
        if not foes or f.pos is None:
            return Action.make("end_activation")
        front = set(front_squares(state, f))
        adjacent = [h for h in foes if distance(h.pos, f.pos) == 1]
        if adjacent and not any(h.pos in front for h in adjacent):
            from engine.core.squaregrid import facing_towards
            assert adjacent[0].pos is not None
            turn = Action.make("face", facing=facing_towards(f.pos, adjacent[0].pos))
            if turn in legal:
                return turn
        if adjacent:
            return Action.make("end_activation")
        goal = tuple(sorted({n for h in foes if h.pos is not None
                             for n, _ in board_of(state).neighbours[h.pos]}))
        if must_break_away(state, f) and "break_away" in by_kind:
            return by_kind["break_away"][0]
        return self._go(state, f, goal, by_kind)

    def _marker(self, state: CrawlState, seat: int, legal: list[Action]) -> Action:
        m = state.marker(state.active_marker)
        reach = marker_reach(state, m, state.mp)
        moves = [a for a in legal if a.kind == "move"]
        stops = [a for a in moves if _sq(a) in reach.stops]
        if stops:
            return stops[0]
        foes = [h.pos for h in state.figures if h.hero and h.owner != seat
                and h.where == "board" and h.pos is not None]
        if not foes or not moves:
            return Action.make("end_activation")
        field = _field(board_of(state), tuple(sorted(foes)))
        best = min(moves, key=lambda a: (field.get(_sq(a), 999), _sq(a)))
        if field.get(_sq(best), 999) < field.get(m.pos, 999):
            return best
        return Action.make("end_activation")


def _factory(difficulty: str = "normal", seed: int = 0, **_: Any) -> CrawlHeuristicBot:
    return CrawlHeuristicBot(difficulty, seed)


register_bot("heuristic", _factory, game="crawl", label="bot.heuristic")
