"""Every game's ``validate`` accepts exactly the actions ``legal_actions`` lists.

``validate`` checks the one action it is given (it runs on every ``apply``); ``legal_actions``
lists them all. Over states reached by seeded play (the heuristic bot, with random moves mixed
in so that rarer situations come up too), every listed action must be accepted, and near misses
refused with IllegalAction or MalformedAction exactly when they are not listed: each parameter
changed (one more, one less, out of range, another type), dropped, renamed or one too many, the
values the same parameter takes elsewhere (other seats' figures and cards, other squares) and
values the table shows, the parameters under another kind, the legal actions of the state before
and actions legal in earlier states. ``validate`` changes
nothing. A few hundred states per game here; ``-m long`` runs thousands.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.ai.base import make_bot
from engine.core.actions import Action
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import GameConfig
from engine.core.rng import Rng

STATES = 300  # states checked per game in the normal run
TOY_STATES = 60  # ... for the test doubles (tests/toy), which the other tests lean on less
LONG_STATES = 4000  # ... and with -m long
SAMPLED = 10  # legal actions changed per state (all of them when there are no more)
POOL = 4  # values taken from elsewhere per parameter
RANDOM_MOVES = 30  # percent of moves chosen at random instead of by the heuristic bot
MAX_STEPS = 3000  # actions per game before a new seed is taken
OPENING = 12  # the first states of every game are all checked (the set-up steps)
EVERY = 4  # ... later ones one in EVERY on average, so that many games are seen
SEEN = 3  # actions of each kind legal somewhere earlier, tried again in every state

# Set-ups that reach the variants' own steps (seats, options); a set-up a game no longer
# accepts is left out, and every game is played at least in its default set-up.
VARIANTS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "deckbuilder": [(2, {"setup": "smart"}),
                    (3, {"setup": "random", "disease_rule": "printed",
                         "strength_rule": "printed"}),
                    (4, {"monster_groups": 4})],
    "duel": [(2, {}), (2, {"arrange": "human", "day": True})],
    "crawl": [(2, {}), (2, {"mode": "team", "pieces": True}), (1, {}),
              (3, {"board": "builder"}), (2, {"hero_vs_hero": True, "pool": "everything"})],
}


def _configs(game_id: str) -> list[GameConfig]:
    rules = registry.rules(game_id)
    out = []
    for players, options in VARIANTS.get(game_id, [(max(2, rules.min_players), {})]):
        config = GameConfig.for_players(players, **options)
        try:
            rules.check_config(config)
        except MalformedAction:
            continue
        out.append(config)
    return out or [GameConfig.for_players(rules.min_players)]


def _changed(value: Any) -> list[Any]:
    """Returns values near ``value``: one more and less, out of range, of another type."""
    if isinstance(value, bool):
        return [not value, None, "yes"]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 10**6, str(value), None]
    if isinstance(value, str):
        return [value + "_x", "", 0, None]
    if isinstance(value, tuple):
        out: list[Any] = [value[::-1], value[:-1], (*value, 0), (), None]
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            out += [(value[0] + 1, *value[1:]), (*value[:-1], value[-1] - 1),
                    tuple(-1 for _ in value), tuple(999 for _ in value)]
        return out
    return [0, "x"]


def _action(kind: str, args: dict[str, Any]) -> Action:
    return Action(kind, tuple(sorted(args.items())))


def _harvest(data: Any, out: list[Any], depth: int = 0) -> None:
    """Adds the numbers, short strings and small number lists (as tuples) of a view to out."""
    if isinstance(data, dict):
        for v in data.values():
            _harvest(v, out, depth + 1)
    elif isinstance(data, list):
        if 2 <= len(data) <= 3 and all(type(v) is int for v in data):
            out.append(tuple(data))
        elif depth < 12:
            for v in data[:60]:
                _harvest(v, out, depth + 1)
    elif type(data) is int or (isinstance(data, str) and len(data) < 40):
        out.append(data)


def _near_misses(action: Action, kinds: list[str], pool: dict[str, list[Any]],
                 shown: list[Any], rng: Rng) -> list[Action]:
    """Returns the action changed a little in every way a caller might get it wrong."""
    args = dict(action.args)
    out = []
    for key, value in action.args:
        values = _changed(value)
        seen = pool.get(key, [])
        values += [seen[rng.below(len(seen))] for _ in range(min(POOL, len(seen)))]
        values += [shown[rng.below(len(shown))] for _ in range(min(POOL, len(shown)))]
        for v in values:
            out.append(_action(action.kind, {**args, key: v}))
        out.append(_action(action.kind, {k: v for k, v in args.items() if k != key}))
        renamed = {k: v for k, v in args.items() if k != key}
        renamed[key + "_x"] = value
        out.append(_action(action.kind, renamed))
    out.append(_action(action.kind, {**args, "zz_extra": 1}))
    if len(action.args) > 1:  # the parameters out of their (sorted) order
        out.append(Action(action.kind, action.args[::-1]))
    out.extend(_action(k, args) for k in kinds if k != action.kind)
    return out


def _refused(rules: Any, state: Any, action: Action) -> bool:
    try:
        rules.validate(state, action)
    except (IllegalAction, MalformedAction):
        return True
    return False


def _bots(game_id: str, config: GameConfig, seed: int) -> list[Any] | None:
    try:
        return [make_bot("heuristic", game_id, seed=seed * 10 + i)
                for i in range(config.players)]
    except KeyError:
        return None


def _check_game(game_id: str, states: int) -> None:
    rules = registry.rules(game_id)
    configs = _configs(game_id)
    rng = Rng(4242)
    pool: dict[str, list[Any]] = {}
    seen: dict[str, list[Action]] = {}  # per kind, actions legal in earlier states
    kinds: list[str] = []
    if rules.flow is not None:
        kinds.extend(rules.flow.actions)
    checked = 0
    seed = 0
    shown: list[Any] = []
    while checked < states:
        config = configs[seed % len(configs)]
        seed += 1
        state = rules.new_game(config, seed)
        bots = _bots(game_id, config, seed)
        before: list[Action] = []
        for step in range(MAX_STEPS):
            if rules.is_over(state) or checked >= states:
                break
            legal = rules.legal_actions(state)
            assert legal, f"{game_id} seed {seed}: no legal action in a running game"
            listed = set(legal)
            if step < OPENING or rng.below(EVERY) == 0:
                checked += 1
                sample = legal if len(legal) <= SAMPLED else [
                    legal[rng.below(len(legal))] for _ in range(SAMPLED)]
                probes = [*legal, *before, *(Action(k) for k in kinds)]
                for earlier in seen.values():
                    probes.extend(earlier[rng.below(len(earlier))] for _ in range(SEEN))
                if checked % 4 == 1:  # what the table shows: squares, uids, ids
                    shown = []
                    _harvest(rules.view(state, None), shown)
                for a in sample:
                    probes.extend(_near_misses(a, kinds, pool, shown, rng))
                fingerprint = rules.state_hash(state)
                for probe in probes:
                    refused = _refused(rules, state, probe)
                    assert refused != (probe in listed), (
                        f"{game_id} seed {seed} ({config.players} seats, {config.options}): "
                        f"{probe} {'refused' if probe in listed else 'accepted'} "
                        f"(prompt {rules.prompt(state)})")
                assert rules.state_hash(state) == fingerprint, f"{game_id}: validate changed it"
            for a in legal:
                if a.kind not in kinds:
                    kinds.append(a.kind)
                earlier = seen.setdefault(a.kind, [])
                if len(earlier) < 400 and a not in earlier:
                    earlier.append(a)
                for key, value in a.args:
                    values = pool.setdefault(key, [])
                    if len(values) < 400 and value not in values:
                        values.append(value)
            before = legal
            seat = rules.current_actor(state)
            if bots is None or rng.below(100) < RANDOM_MOVES:
                action = legal[rng.below(len(legal))]
            else:
                action = bots[seat].choose(rules, state, seat)
            rules.apply(state, action)


def _games() -> list[str]:
    return list(registry.game_ids())


@pytest.mark.parametrize("game_id", _games())
def test_validate_accepts_exactly_the_legal_actions(game_id: str) -> None:
    _check_game(game_id, TOY_STATES if game_id.startswith("toy") else STATES)


@pytest.mark.long
@pytest.mark.parametrize("game_id", _games())
def test_validate_accepts_exactly_the_legal_actions_long(game_id: str) -> None:
    _check_game(game_id, LONG_STATES)
