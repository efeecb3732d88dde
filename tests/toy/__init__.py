"""A tiny game ("Pig with a secret") that tests the core without depending on any real game.

Players take turns rolling a die: each roll adds to the turn total, a 1 loses it, holding banks it.
A 6 opens a pending decision (bank now or press on). Everybody holds a secret bonus card (1–6)
dealt from a shuffled deck and revealed at the end, so the game has hidden information too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.core.actions import Action, Breakdown, Event, Message, Term
from engine.core.campaign import CampaignDef
from engine.core.protocol import GameConfig, GameRules, OptionDef, Outcome
from engine.core.rng import Rng

MAX_TURNS = 400


@dataclass
class ToyState:
    """The whole state of a toy game."""

    rng: Rng
    scores: list[int]
    secrets: list[int]
    deck: list[int]
    actor: int
    turn: int
    turn_total: int
    pending: str | None  # "after_six" while the roller must choose
    target: int
    over: bool
    carried: dict[str, Any] | None = None  # the match wins carried in by a campaign


class ToyRules(GameRules[ToyState]):
    """Rules of the toy game."""

    game_id = "toy"
    min_players = 2
    max_players = 4
    options = (OptionDef("target", "toy.option.target", 20, minimum=10, maximum=50),)

    def new_game(self, config: GameConfig, seed: int) -> ToyState:
        """Returns a fresh game with secrets dealt from a shuffled deck."""
        self.check_config(config)
        rng = Rng(seed)
        deck = [1, 2, 3, 4, 5, 6]
        rng.shuffle(deck)
        secrets = [deck.pop() for _ in range(config.players)]
        return ToyState(rng, [0] * config.players, secrets, deck, 0, 0, 0, None,
                        self.option(config, "target"), False, config.carry)

    def current_actor(self, state: ToyState) -> int | None:
        """Returns the seat to act."""
        return None if state.over else state.actor

    def legal_actions(self, state: ToyState) -> list[Action]:
        """Returns roll/hold, or bank/press while a six is pending."""
        if state.over:
            return []
        if state.pending == "after_six":
            return [Action.make("bank"), Action.make("press")]
        acts = [Action.make("roll")]
        if state.turn_total > 0:
            acts.append(Action.make("hold"))
        return acts

    def explain_illegal(self, state: ToyState, action: Action) -> tuple[str, str]:
        """Names the rule an illegal action breaks."""
        if action.kind == "hold" and state.turn_total == 0:
            return ("toy.rule.nothing_to_hold", "roll at least once before holding")
        if state.pending and action.kind not in ("bank", "press"):
            return ("toy.rule.decide_six", "decide about the six first")
        return ("rule.not_legal_now", f"{action} is not legal now")

    def prompt(self, state: ToyState) -> Message:
        """Returns what the actor must decide."""
        if state.pending:
            return Message("toy.prompt.six", {"total": state.turn_total})
        return Message("toy.prompt.roll", {"total": state.turn_total})

    def do_apply(self, state: ToyState, action: Action) -> list[Event]:
        """Applies a validated action."""
        seat = state.actor
        if action.kind == "roll":
            value = state.rng.roll(6)
            if value == 1:
                state.turn_total = 0
                events = [Event("toy.event.bust", {"seat": seat})]
                return events + self._end_turn(state)
            state.turn_total += value
            if value == 6:
                state.pending = "after_six"
            return [Event("toy.event.roll", {"seat": seat, "value": value})]
        if action.kind == "press":
            state.pending = None
            return [Event("toy.event.press", {"seat": seat})]
        # hold or bank
        state.pending = None
        before = state.scores[seat]
        state.scores[seat] += state.turn_total
        bd = Breakdown(Message("toy.bd.score"), state.scores[seat],
                       (Term(Message("toy.bd.before"), before),
                        Term(Message("toy.bd.banked"), state.turn_total)))
        state.turn_total = 0
        events = [Event("toy.event.bank", {"seat": seat}, (bd,))]
        if state.scores[seat] >= state.target:
            state.over = True
            return events + [Event("toy.event.end", {"secrets": list(state.secrets)}, reveal=True)]
        return events + self._end_turn(state)

    def _end_turn(self, state: ToyState) -> list[Event]:
        state.actor = (state.actor + 1) % len(state.scores)
        state.turn += 1
        if state.turn >= MAX_TURNS:
            state.over = True
        return []

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        """Returns what seat may see: its own secret, others' only after the end."""
        secrets = [s if (state.over or i == seat) else None for i, s in enumerate(state.secrets)]
        return {"scores": list(state.scores), "secrets": secrets, "actor": state.actor,
                "turn_total": state.turn_total, "pending": state.pending, "over": state.over}

    def is_over(self, state: ToyState) -> bool:
        """Returns True at the end."""
        return state.over

    def outcome(self, state: ToyState) -> Outcome | None:
        """Returns winners by score plus secret bonus."""
        if not state.over:
            return None
        finals = tuple(float(s + b) for s, b in zip(state.scores, state.secrets, strict=True))
        best = max(finals)
        return Outcome(tuple(i for i, f in enumerate(finals) if f == best), finals)

    def carry_out(self, state: ToyState) -> dict[str, Any]:
        """Returns the match wins so far, this game's winners counted."""
        wins = list((state.carried or {}).get("wins", [0] * len(state.scores)))
        outcome = self.outcome(state)
        assert outcome is not None
        for w in outcome.winners:
            wins[w] += 1
        return {"wins": wins}

    def state_to_dict(self, state: ToyState) -> dict[str, Any]:
        """Returns the state as JSON data."""
        out = {"rng": state.rng.to_dict(), "scores": list(state.scores),
               "secrets": list(state.secrets), "deck": list(state.deck), "actor": state.actor,
               "turn": state.turn, "turn_total": state.turn_total, "pending": state.pending,
               "target": state.target, "over": state.over}
        if state.carried is not None:
            out["carried"] = {"wins": list(state.carried["wins"])}
        return out

    def state_from_dict(self, data: dict[str, Any]) -> ToyState:
        """Returns the state from JSON data."""
        carried = data.get("carried")
        return ToyState(Rng.from_dict(data["rng"]), list(data["scores"]), list(data["secrets"]),
                        list(data["deck"]), data["actor"], data["turn"], data["turn_total"],
                        data["pending"], data["target"], data["over"],
                        {"wins": list(carried["wins"])} if carried else None)

    def clone(self, state: ToyState) -> ToyState:
        """Returns a copy."""
        carried = state.carried
        return ToyState(state.rng.clone(), list(state.scores), list(state.secrets),
                        list(state.deck), state.actor, state.turn, state.turn_total,
                        state.pending, state.target, state.over,
                        {"wins": list(carried["wins"])} if carried else None)

    carry_schema = {"wins": [int]}

    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        """Re-deals the secrets seat cannot see from the cards it has not seen."""
        out = self.clone(state)
        if state.over:
            return out
        unseen = sorted(c for c in range(1, 7) if c != state.secrets[seat])
        rng.shuffle(unseen)
        for i in range(len(out.secrets)):
            if i != seat:
                out.secrets[i] = unseen.pop()
        out.deck = sorted(unseen)
        rng.shuffle(out.deck)
        return out

    def setup_scenario(self, state: ToyState, setup: dict[str, Any]) -> None:
        """Accepts scores, secrets, actor and turn_total overrides."""
        for key in ("scores", "secrets"):
            if key in setup:
                setattr(state, key, list(setup[key]))
        for key in ("actor", "turn_total", "target"):
            if key in setup:
                setattr(state, key, int(setup[key]))
        unknown = set(setup) - {"scores", "secrets", "actor", "turn_total", "target"}
        if unknown:
            from engine.core.errors import MalformedAction

            raise MalformedAction(f"toy set-up has no {sorted(unknown)}")


class BestOfThree(CampaignDef):
    """The toy's campaign: games until a seat has won two; the loser of a game opens the next."""

    id = "best_of_three"
    label = "toy.title"

    def next_config(self, config: GameConfig, index: int, outcome: Outcome,
                    carry: dict[str, Any]) -> GameConfig | None:
        """Returns the next game's set-up, or None once a seat has two wins."""
        if max(carry["wins"]) >= 2:
            return None
        return config.with_carry(carry)

    def outcome(self, outcomes: list[Outcome], carries: list[dict[str, Any]]) -> Outcome:
        """Returns the seats with the most game wins."""
        wins = carries[-1]["wins"]
        return Outcome(tuple(i for i, w in enumerate(wins) if w == max(wins)),
                       tuple(float(w) for w in wins))


ToyRules.campaigns = (BestOfThree(),)
RULES = ToyRules()


def register_toy() -> None:
    """Registers the toy game under id "toy" and its sub-game host, the toy league."""
    from tests.toy.league import register_league

    registry.register(registry.GameInfo("toy", "tests.toy", "toy.title", "toy.blurb", "icon.toy"))
    register_league()
