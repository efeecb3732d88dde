"""Scenario files: a literal set-up, a list of actions and exact expectations, as YAML.

See docs/scenarios.md for the format. ``run_scenario_file`` never raises for a broken or failing
scenario: it returns a ``ScenarioResult`` listing every failure; ``assert_scenario`` turns the
failures into one AssertionError for pytest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.core.actions import Action, Breakdown, Event
from engine.core.errors import EngineError, IllegalAction, MalformedAction
from engine.core.hashing import canonical_json
from engine.core.protocol import GameConfig, GameRules, SeatConfig

TOP_KEYS = {"name", "description", "game", "seed", "players", "options", "config", "setup",
            "actions", "expect"}
STEP_KEYS = {"action", "expect_error", "expect", "actor"}
EXPECT_KEYS = {"view", "outcome", "over", "actor", "events", "no_events", "breakdowns",
               "legal", "not_legal"}
VIEW_KEYS = {"path", "seat", "equals", "contains", "not_contains", "length", "min", "max",
             "absent"}
OUTCOME_KEYS = {"winners", "scores"}
EVENT_KEYS = {"key", "params"}
BREAKDOWN_KEYS = {"name", "total", "terms"}
_MISSING = object()
# Bounds on what one file may hold. Real scenarios are a few KB with a few hundred values;
# the bounds keep a hostile file (a "billion laughs" of YAML aliases, a huge player count)
# to a short failure instead of gigabytes of memory.
MAX_FILE_BYTES = 1024 * 1024
MAX_NODES = 100_000  # values in the file, counting every use of an alias
MAX_DEPTH = 64
MAX_TEXT = 10_000  # characters of the name and the description


class ScenarioFileError(Exception):
    """The scenario file itself is malformed (not a failed expectation)."""


@dataclass
class ScenarioResult:
    """The result of one scenario file: passed, or the list of failures (with their step)."""

    path: str
    name: str = ""
    failures: list[str] = field(default_factory=list)
    steps: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Returns True when every expectation held."""
        return not self.failures


def load_scenario(path: Path) -> dict[str, Any]:
    """Returns the scenario mapping of a file; raises ScenarioFileError if it is unusable."""
    from engine.core.files import FileRefused, read_regular

    path = Path(path)
    try:
        text = read_regular(path, MAX_FILE_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise ScenarioFileError(f"there is no file {path}") from None
    except FileRefused as exc:
        raise ScenarioFileError(f"cannot read {path}: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFileError(f"cannot read {path}: {exc}") from None
    try:
        data = yaml.load(text, Loader=yaml.CSafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise ScenarioFileError(f"{path}{where}: not valid YAML") from None
    except (ValueError, OverflowError, RecursionError) as exc:
        # A number past Python's digit limit (ValueError), absurd nesting, and the like.
        raise ScenarioFileError(f"{path}: unusable value ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise ScenarioFileError(f"{path}: a scenario must be a mapping")
    _check_size(data)
    _check_keys(data, TOP_KEYS, "scenario")
    for key in ("game", "seed"):
        if key not in data:
            raise ScenarioFileError(f"scenario lacks {key!r}")
    if not isinstance(data["game"], str):
        raise ScenarioFileError("'game' must be a game id")
    if not _is_int(data["seed"]):
        raise ScenarioFileError("'seed' must be a whole number")
    for key in ("name", "description"):
        if key in data and not (isinstance(data[key], str) and len(data[key]) <= MAX_TEXT):
            raise ScenarioFileError(f"{key!r} must be text of at most {MAX_TEXT} characters")
    return data


def _check_size(data: Any) -> None:
    """Raises ScenarioFileError when data holds too many values or nests too deep.

    Every use of a YAML alias counts, so a few lines of nested aliases cannot stand for
    billions of values; the walk stops as soon as a bound is passed.
    """
    stack: list[tuple[Any, int]] = [(data, 0)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            raise ScenarioFileError(f"the scenario holds more than {MAX_NODES} values "
                                    f"(counting every use of an alias)")
        if depth > MAX_DEPTH:
            raise ScenarioFileError(f"the scenario nests deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            stack.extend((k, depth + 1) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list | tuple | set):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str | bytes) and len(value) > MAX_FILE_BYTES:
            raise ScenarioFileError("the scenario holds an absurdly long text")


def _check_keys(data: dict[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise ScenarioFileError(f"{where}: unknown key(s) {', '.join(unknown)}; "
                                f"known: {', '.join(sorted(known))}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _config(data: dict[str, Any], rules: GameRules[Any]) -> GameConfig:
    """Returns the game config from ``players``/``options`` or a full ``config`` mapping."""
    if "config" in data:
        if "players" in data or "options" in data:
            raise ScenarioFileError("give either 'config' or 'players'/'options', not both")
        try:
            return GameConfig.from_dict(data["config"])
        except EngineError as exc:
            raise ScenarioFileError(f"config: {exc}") from None
    players = data.get("players", rules.min_players)
    if not _is_int(players):
        raise ScenarioFileError("'players' must be a whole number")
    if not rules.min_players <= players <= rules.max_players:
        # Checked before the seats are built: a huge count must not build millions of them.
        raise MalformedAction(f"{rules.game_id} takes {rules.min_players}–"
                              f"{rules.max_players} players, not {players}")
    options = data.get("options", {}) or {}
    if not isinstance(options, dict):
        raise ScenarioFileError("'options' must be a mapping")
    seats = tuple(SeatConfig(name=f"P{i + 1}") for i in range(players))
    return GameConfig(seats, dict(options))


def _steps(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Returns the action steps as mappings with a parsed ``action``."""
    raw = data.get("actions", []) or []
    if not isinstance(raw, list):
        raise ScenarioFileError("'actions' must be a list")
    steps = []
    for i, item in enumerate(raw, start=1):
        step = {"action": item} if isinstance(item, str) else item
        if not isinstance(step, dict) or "action" not in step:
            raise ScenarioFileError(f"action {i}: write an action string or a mapping with "
                                    f"'action'")
        _check_keys(step, STEP_KEYS, f"action {i}")
        if not isinstance(step["action"], str):
            raise ScenarioFileError(f"action {i}: 'action' must be a string like kind(a=1)")
        try:
            parsed = Action.parse(step["action"])
        except MalformedAction as exc:
            raise ScenarioFileError(f"action {i}: {exc}") from None
        steps.append({**step, "action": parsed, "index": i})
    return steps


def run_scenario(data: dict[str, Any], path: str = "<scenario>") -> ScenarioResult:
    """Runs a loaded scenario mapping; returns its result."""
    from engine import registry

    name = data.get("name", "")
    result = ScenarioResult(path, name if isinstance(name, str) else "")
    try:
        steps = _steps(data)
        if data["game"] not in registry.game_ids():
            raise ScenarioFileError(f"unknown game {data['game']!r}")
        rules = registry.rules(data["game"])
        config = _config(data, rules)
        rules.check_config(config)
        state = rules.new_game(config, int(data["seed"]))
        if "setup" in data:
            setup = data["setup"] or {}
            if not isinstance(setup, dict):
                raise ScenarioFileError("'setup' must be a mapping")
            rules.setup_scenario(state, setup)
    except ScenarioFileError as exc:
        result.failures.append(str(exc))
        return result
    except Exception as exc:  # noqa: BLE001 - a set-up the rules choke on fails this file only
        result.failures.append(f"set-up failed: {type(exc).__name__}: {_short(exc)}")
        return result
    all_events: list[Event] = []
    where = "start"
    try:
        for step in steps:
            where = f"action {step['index']} ({step['action']})"
            if "actor" in step and rules.current_actor(state) != step["actor"]:
                result.failures.append(f"{where}: actor is {rules.current_actor(state)}, "
                                       f"expected {step['actor']}")
                return result
            events = _apply_step(rules, state, step, where, result)
            if events is None:
                return result  # an unexpected rejection: later steps would only add noise
            all_events.extend(events)
            result.steps += 1
            if "expect" in step:
                _check_expect(rules, state, step["expect"], events, where, result)
        where = "end"
        if "expect" in data:
            _check_expect(rules, state, data["expect"], all_events, where, result)
    except Exception as exc:  # noqa: BLE001 - a crash in the rules is a failed scenario
        result.failures.append(f"{where}: {type(exc).__name__}: {_short(exc)}")
    return result


def _short(exc: BaseException) -> str:
    """Returns the start of an exception's text (it may quote a huge value)."""
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - e.g. an int past the digit limit in its message
        return "(no description)"
    return text if len(text) <= 300 else text[:297] + "..."


def _apply_step(rules: GameRules[Any], state: Any, step: dict[str, Any], where: str,
                result: ScenarioResult) -> list[Event] | None:
    """Applies one step; returns its events ([] for an expected error), None on failure."""
    action: Action = step["action"]
    expected = step.get("expect_error")
    before = canonical_json(rules.state_to_dict(state))
    try:
        events = rules.apply(state, action)
    except IllegalAction as exc:
        if expected is None:
            result.failures.append(f"{where}: rejected by {exc.rule}: {exc.detail}")
            return None
        if exc.rule != expected:
            result.failures.append(f"{where}: rejected by {exc.rule}, expected {expected}")
        if canonical_json(rules.state_to_dict(state)) != before:
            result.failures.append(f"{where}: the rejected action changed the state")
        result.log.append(f"{where}: rejected by {exc.rule} as expected")
        return []
    except MalformedAction as exc:
        result.failures.append(f"{where}: malformed: {exc}")
        return None
    if expected is not None:
        result.failures.append(f"{where}: was accepted, expected error {expected}")
        return None
    result.log.append(f"{where}: " + ", ".join(e.key for e in events))
    return events


def _get(item: Any, key: str) -> Any:
    return item.get(key) if isinstance(item, dict) else None


def _shape_ok(item: Any, known: set[str], label: str, fail: Any, bad_shape: str,
              required: str | None = None) -> bool:
    """Returns True for a mapping (holding ``required``) with only known keys; else reports why."""
    if not isinstance(item, dict) or (required is not None and required not in item):
        fail(bad_shape)
        return False
    try:
        _check_keys(item, known, label)
    except ScenarioFileError as exc:
        fail(str(exc))
        return False
    return True


def _check_expect(rules: GameRules[Any], state: Any, expect: Any, events: list[Event],
                  where: str, result: ScenarioResult) -> None:
    """Adds a failure for every expectation that does not hold."""
    fail = result.failures.append
    if not _shape_ok(expect, EXPECT_KEYS, f"{where}: expect", fail,
                     f"{where}: 'expect' must be a mapping"):
        return
    if "over" in expect and rules.is_over(state) != bool(expect["over"]):
        fail(f"{where}: game over is {rules.is_over(state)}, expected {expect['over']}")
    if "actor" in expect and rules.current_actor(state) != expect["actor"]:
        fail(f"{where}: actor is {rules.current_actor(state)}, expected {expect['actor']}")
    for item in _as_list(expect.get("view")):
        _check_view(rules, state, item, where, fail)
    if "outcome" in expect:
        _check_outcome(rules, state, expect["outcome"], where, fail)
    legal = [str(a) for a in rules.legal_actions(state)] if (
        "legal" in expect or "not_legal" in expect) else []
    for key, wanted in (("legal", True), ("not_legal", False)):
        for text in _as_list(expect.get(key)):
            try:
                is_legal = str(Action.parse(str(text))) in legal
            except MalformedAction as exc:
                fail(f"{where}: {key}: {exc}")
                continue
            if is_legal != wanted:
                fail(f"{where}: {text} is {'not ' if wanted else ''}legal; "
                     f"legal: {', '.join(legal) or 'nothing'}")
    for item in _as_list(expect.get("events")):
        _check_event(events, item, where, fail, present=True)
    for item in _as_list(expect.get("no_events")):
        _check_event(events, item, where, fail, present=False)
    for item in _as_list(expect.get("breakdowns")):
        _check_breakdown(events, item, where, fail)


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def resolve_path(data: Any, path: str) -> Any:
    """Returns the value at a dotted path (``players.0.hand``); raises KeyError if absent."""
    current = data
    for part in str(path).split(".") if path != "" else []:
        if isinstance(current, dict):
            if part in current:
                current = current[part]
            elif part.lstrip("-").isdigit() and int(part) in current:
                current = current[int(part)]
            else:
                raise KeyError(f"no {part!r} in {sorted(map(str, current))}")
        elif isinstance(current, list | tuple):
            try:
                current = current[int(part)]
            except (ValueError, IndexError):
                raise KeyError(f"no item {part!r} in a list of {len(current)}") from None
        else:
            raise KeyError(f"cannot look up {part!r} in {type(current).__name__}")
    return current


def _same(a: Any, b: Any) -> bool:
    """Returns True when two JSON-like values are equal (tuples as lists, 2 == 2.0)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def _contains(container: Any, item: Any) -> bool:
    if isinstance(container, str):
        return isinstance(item, str) and item in container
    if isinstance(container, dict):
        return item in container
    if isinstance(container, list | tuple):
        return any(_same(x, item) for x in container)
    return False


def _check_view(rules: GameRules[Any], state: Any, item: Any, where: str, fail: Any) -> None:
    if not _shape_ok(item, VIEW_KEYS, f"{where}: view {_get(item, 'path')}", fail,
                     f"{where}: a view expectation needs 'path'", required="path"):
        return
    seat = item.get("seat")
    label = f"{where}: view[{'all' if seat is None else seat}].{item['path']}"
    view = rules.view(state, seat)
    try:
        value = resolve_path(view, item["path"])
    except KeyError as exc:
        if not item.get("absent"):
            fail(f"{label}: {exc.args[0]}")
        return
    if item.get("absent"):
        fail(f"{label}: is {value!r}, expected it to be absent")
    if "equals" in item and not _same(value, item["equals"]):
        fail(f"{label}: is {value!r}, expected {item['equals']!r}")
    if "contains" in item:
        for wanted in _as_list(item["contains"]):
            if not _contains(value, wanted):
                fail(f"{label}: {value!r} does not contain {wanted!r}")
    if "not_contains" in item:
        for unwanted in _as_list(item["not_contains"]):
            if _contains(value, unwanted):
                fail(f"{label}: {value!r} contains {unwanted!r}")
    if "length" in item:
        try:
            size = len(value)
        except TypeError:
            fail(f"{label}: {value!r} has no length")
        else:
            if size != item["length"]:
                fail(f"{label}: has length {size}, expected {item['length']}")
    for bound, ok in (("min", lambda v, b: v >= b), ("max", lambda v, b: v <= b)):
        if bound in item:
            if not isinstance(value, int | float) or not ok(value, item[bound]):
                fail(f"{label}: is {value!r}, expected {bound} {item[bound]}")


def _check_outcome(rules: GameRules[Any], state: Any, expected: Any, where: str,
                   fail: Any) -> None:
    outcome = rules.outcome(state)
    if outcome is None:
        fail(f"{where}: the game has no outcome yet")
        return
    if not _shape_ok(expected, OUTCOME_KEYS, f"{where}: outcome", fail,
                     f"{where}: 'outcome' must be a mapping"):
        return
    if "winners" in expected and not _same(list(outcome.winners), expected["winners"]):
        fail(f"{where}: winners are {list(outcome.winners)}, expected {expected['winners']}")
    if "scores" in expected and not _same(list(outcome.scores), expected["scores"]):
        fail(f"{where}: scores are {list(outcome.scores)}, expected {expected['scores']}")


def _params_match(params: dict[str, Any], wanted: Any) -> bool:
    """Returns True when ``params`` has every wanted key with an equal value."""
    if not isinstance(wanted, dict):
        return False
    return all(k in params and _same(_plain(params[k]), v) for k, v in wanted.items())


def _plain(value: Any) -> Any:
    """Returns value with tuples as lists and messages as their JSON form."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _check_event(events: list[Event], item: Any, where: str, fail: Any, *,
                 present: bool) -> None:
    if isinstance(item, str):
        item = {"key": item}
    if not _shape_ok(item, EVENT_KEYS, f"{where}: event {_get(item, 'key')}", fail,
                     f"{where}: an event expectation needs 'key'", required="key"):
        return
    wanted = item.get("params", {}) or {}
    found = any(e.key == item["key"] and _params_match(e.params, wanted) for e in events)
    if present and not found:
        same_key = [e.params for e in events if e.key == item["key"]]
        seen = (f"events with that key had params {same_key}" if same_key
                else f"events were: {', '.join(e.key for e in events) or 'none'}")
        fail(f"{where}: no event {item['key']} with params {wanted}; {seen}")
    if not present and found:
        fail(f"{where}: unexpected event {item['key']} with params {wanted}")


def _breakdown_matches(bd: Breakdown, item: dict[str, Any]) -> bool:
    if "name" in item and bd.name.key != item["name"]:
        return False
    if "total" in item and not _same(bd.total, item["total"]):
        return False
    if "terms" in item:
        terms = item["terms"]
        if not isinstance(terms, list) or len(terms) != len(bd.terms):
            return False
        for term, want in zip(bd.terms, terms, strict=True):
            if isinstance(want, list) and len(want) == 2:
                want = {"label": want[0], "value": want[1]}
            if not isinstance(want, dict):
                return False
            if "label" in want and term.label.key != want["label"]:
                return False
            if "value" in want and not _same(term.value, want["value"]):
                return False
            if "params" in want and not _params_match(term.label.params, want["params"]):
                return False
    return True


def _check_breakdown(events: list[Event], item: Any, where: str, fail: Any) -> None:
    if not _shape_ok(item, BREAKDOWN_KEYS, f"{where}: breakdown", fail,
                     f"{where}: a breakdown expectation must be a mapping"):
        return
    breakdowns = [bd for e in events for bd in e.breakdowns]
    if not any(_breakdown_matches(bd, item) for bd in breakdowns):
        seen = "; ".join(
            f"{bd.name.key} {bd.total:g} = "
            + " + ".join(f"{t.label.key} {t.value:g}" for t in bd.terms) for bd in breakdowns)
        fail(f"{where}: no breakdown matching {item}; breakdowns were: {seen or 'none'}")


def run_scenario_file(path: Path | str) -> ScenarioResult:
    """Runs one scenario file; returns its result (a malformed file is a failure too)."""
    try:
        data = load_scenario(Path(path))
    except ScenarioFileError as exc:
        return ScenarioResult(str(path), failures=[str(exc)])
    except Exception as exc:  # noqa: BLE001 - one bad file fails alone, never the whole run
        return ScenarioResult(str(path), failures=[f"unusable file: {type(exc).__name__}: "
                                                   f"{_short(exc)}"])
    try:
        result = run_scenario(data, str(path))
    except Exception as exc:  # noqa: BLE001 - as above
        return ScenarioResult(str(path), failures=[f"{type(exc).__name__}: {_short(exc)}"])
    result.path = str(path)
    return result


def assert_scenario(path: Path | str) -> ScenarioResult:
    """Runs a scenario file and raises AssertionError listing every failure (for pytest)."""
    result = run_scenario_file(path)
    if not result.passed:
        raise AssertionError(f"scenario {path} failed:\n  " + "\n  ".join(result.failures))
    return result
