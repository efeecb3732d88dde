"""A toy host game ("Pig league") that runs the toy game as a sub-game, to test sub-games.

Two players play matches of the toy game (target 10) as sub-games; the loser of a match
chooses who opens the next one; the first to win two matches wins the league. Between matches
the leader may also "taunt" (an action of the host's own, to mix host and sub-game actions).
"""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.core import subgame
from engine.core.actions import Action, Event, Message
from engine.core.protocol import GameConfig, GameRules, Outcome
from engine.core.rng import Rng
from engine.core.subgame import SubGame, SubGameHost

WINS = 2
MATCH = GameConfig.for_players(2, target=10)


class LeagueState:
    """The league: matches won, who chooses the next opener, the running match."""

    __slots__ = ("rng", "wins", "chooser", "sub", "taunts", "over")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.wins = [0, 0]
        self.chooser: int | None = None  # the seat choosing the next opener, between matches
        self.sub: SubGame | None = None
        self.taunts = 0
        self.over = False


class LeagueRules(SubGameHost, GameRules[LeagueState]):
    """Rules of the toy league."""

    game_id = "toy_league"
    min_players = 2
    max_players = 2

    def new_game(self, config: GameConfig, seed: int) -> LeagueState:
        """Returns a league whose first match starts at once, seat 0 opening."""
        self.check_config(config)
        state = LeagueState(Rng(seed))
        state.sub = subgame.start("toy", MATCH, (0, 1), state.rng, {"match": 1})
        return state

    def current_actor(self, state: LeagueState) -> int | None:
        """Returns the seat to act (inside the match while one runs)."""
        if state.over:
            return None
        if state.sub is not None:
            return self.sub_actor(state)
        return state.chooser

    def legal_actions(self, state: LeagueState) -> list[Action]:
        """Returns the match's actions, or the choice of the next opener."""
        if state.over:
            return []
        if state.sub is not None:
            return self.sub_legal_actions(state)
        acts = [Action.make("open", seat=s) for s in (0, 1)]
        if state.taunts < 3:
            acts.append(Action.make("taunt"))
        return acts

    def prompt(self, state: LeagueState) -> Message:
        """Returns what the actor must decide."""
        if state.sub is not None:
            return self.sub_prompt(state)
        return Message("toy.prompt.roll", {"total": 0})

    def validate(self, state: LeagueState, action: Action) -> None:
        """Lets the running match judge its own actions."""
        if state.sub is not None and not state.over:
            self.sub_validate(state, action)
            return
        super().validate(state, action)

    def do_apply(self, state: LeagueState, action: Action) -> list[Event]:
        """Applies a validated action."""
        if state.sub is not None:
            return self.sub_apply(state, action)
        if action.kind == "taunt":
            state.taunts += 1
            return [Event("toy.event.press", {"seat": state.chooser})]
        opener = int(action.get("seat"))
        seats = (opener, 1 - opener)
        state.chooser = None
        state.sub = subgame.start("toy", MATCH, seats, state.rng,
                                  {"match": sum(state.wins) + 1})
        return []

    def sub_game_over(self, state: LeagueState, sub: SubGame, outcome: Outcome) -> list[Event]:
        """Scores the match; the loser chooses the next opener, or the league ends."""
        winners = [sub.host_seat(w) for w in outcome.winners]
        for w in winners:
            state.wins[w] += 1  # type: ignore[index]
        if max(state.wins) >= WINS:
            state.over = True
            return [Event("toy.event.end", {"secrets": list(state.wins)})]
        state.chooser = state.wins.index(min(state.wins))
        return []

    def view(self, state: LeagueState, seat: int | None) -> dict[str, Any]:
        """Returns the league and the running match as seat may see it."""
        out: dict[str, Any] = {"wins": list(state.wins), "chooser": state.chooser,
                               "taunts": state.taunts, "over": state.over}
        if state.sub is not None:
            out["sub"] = self.sub_view(state, seat)
        return out

    def is_over(self, state: LeagueState) -> bool:
        """Returns True once a seat has won enough matches."""
        return state.over

    def outcome(self, state: LeagueState) -> Outcome | None:
        """Returns the seat with more match wins."""
        if not state.over:
            return None
        best = max(state.wins)
        return Outcome(tuple(i for i, w in enumerate(state.wins) if w == best),
                       tuple(float(w) for w in state.wins))

    def state_to_dict(self, state: LeagueState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        return {"rng": state.rng.to_dict(), "wins": list(state.wins), "chooser": state.chooser,
                "taunts": state.taunts, "over": state.over,
                "sub": state.sub.to_dict() if state.sub is not None else None}

    def state_from_dict(self, data: dict[str, Any]) -> LeagueState:
        """Returns the state from JSON data."""
        state = LeagueState(Rng.from_dict(data["rng"]))
        state.wins = list(data["wins"])
        state.chooser = data["chooser"]
        state.taunts = int(data["taunts"])
        state.over = bool(data["over"])
        if data["sub"] is not None:
            state.sub = SubGame.from_dict(data["sub"], state.rng)
        return state

    def clone(self, state: LeagueState) -> LeagueState:
        """Returns a copy (the match shares the copy's rng)."""
        out = LeagueState(state.rng.clone())
        out.wins = list(state.wins)
        out.chooser = state.chooser
        out.taunts = state.taunts
        out.over = state.over
        if state.sub is not None:
            out.sub = state.sub.clone(out.rng)
        return out

    def determinize(self, state: LeagueState, seat: int, rng: Rng) -> LeagueState:
        """Re-deals what seat cannot see in the running match."""
        out = self.clone(state)
        if state.sub is not None:
            self.sub_determinize(state, out, seat, rng)
        return out


RULES = LeagueRules()


def register_league() -> None:
    """Registers the toy league under id "toy_league"."""
    registry.register(registry.GameInfo("toy_league", "tests.toy.league", "toy.title",
                                        "toy.blurb", "icon.toy"))
