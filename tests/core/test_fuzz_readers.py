"""Property tests of the file readers (issue #11): any bytes give the one error, quickly.

The save reader must answer any file with a GameRecord (or, for a campaign save, a
CampaignRecord) or a RecordError, and the scenario
runner any file with a ScenarioResult, never another exception, within bounded time and
memory. Random bytes rarely get past the JSON or YAML parser, so most examples start from a
valid record or scenario and mutate it: a value replaced (huge numbers, deep nesting, wrong
types), a key dropped or added, or the text cut, spliced or bit-flipped.

Runs are derandomized (the same examples on every run) and small, so the suite stays fast.
"""

from __future__ import annotations

import functools
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.ai import make_bot
from engine.core.actions import Action
from engine.core.campaign import CampaignRecord, replay_campaign
from engine.core.errors import MalformedAction, RecordError
from engine.core.protocol import GameConfig
from engine.core.record import GameRecord, read_record, read_summary, replay
from engine.core.scenario import ScenarioResult, run_scenario_file
from engine.core.session import Session

FUZZ = settings(max_examples=80, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SECONDS_PER_EXAMPLE = 5.0
EXTRA_MEMORY = 512 * 1024 * 1024  # address space an example may add (a regression: MemoryError)
SCENARIO = Path(__file__).resolve().parents[1] / "cli" / "scenarios" / "toy_bank_wins.yaml"


@functools.cache
def _records() -> list[dict[str, Any]]:
    out = []
    for game_id, seed, steps in (("toy", 3, 0), ("toy", 5, 4), ("toy", 8, 12), ("duel", 1, 3),
                                 ("deckbuilder", 2, 3)):
        rules = registry.rules(game_id)
        players = min(rules.max_players, rules.min_players + seed % 2)
        config = GameConfig.for_players(players, bots=False)
        session = Session.start(game_id, config, seed)
        for _ in range(steps):
            if session.is_over:
                break
            session.apply(rules.legal_actions(session.state)[0])
        out.append(session.record(meta={"turn": session.turn(), "over": False}).to_json())
    return out


@functools.cache
def _campaign_records() -> list[dict[str, Any]]:
    """Returns campaign saves: the toy's best of three and the duel's day in their second
    game, and the crawl's floors on the second floor (its carry a team, chests and a stash)."""
    from engine.core.campaign import CampaignSession
    from engine.core.rng import Rng

    out = []
    for game_id, campaign, options, seed in (("toy", "best_of_three", {"target": 10}, 3),
                                             ("duel", "day", {"day": True}, 2),
                                             ("crawl", "floors", {"floors": True}, 29)):
        rules = registry.rules(game_id)
        players = rules.min_players
        camp = CampaignSession.start(game_id, campaign,
                                     GameConfig.for_players(players, bots=False, **options), seed)
        bot = make_bot("heuristic" if game_id != "toy" else "random", game_id, seed=seed)
        rng = Rng(seed)
        while not camp.current.is_over:
            session = camp.current
            session.apply(bot.choose(rules, session.state, session.actor))
        assert camp.advance()
        for _ in range(3):
            camp.current.apply(rng.choice(rules.legal_actions(camp.current.state)))
        out.append(camp.record(meta={"turn": camp.current.turn(), "over": False,
                                     "game_no": 2}).to_json())
    return out


SCENARIO_DATA = yaml.load(SCENARIO.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)

# Values a hostile file may hold where a valid one holds something else. The markers are
# replaced in the file's text by what no Python value prints as (see _raw).
MARKERS = {
    "@@HUGE_INT@@": "9" * 4400,
    "@@DEEP_LIST@@": "[" * 2000 + "]" * 2000,
    "@@DEEP_OBJECT@@": '{"a":' * 1500 + "1" + "}" * 1500,
    "@@LONG_TEXT@@": '"' + "x" * 100_000 + '"',
}
# Ten million values from a few hundred bytes of YAML aliases (flow style fits anywhere).
LAUGHS = "[&l0 [" + ", ".join(["lol"] * 10) + "]" + "".join(
    f", &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 8)) + "]"
_SPECIAL = st.sampled_from([None, True, False, 0, -1, 1, 2**31, 2**63, -(2**70), 10**400, 1.5,
                            1e308, "", "kind", "toy", "roll()", "x" * 5000, "\udcff", "\x00",
                            [], {}, [[]], [1, 2], {"kind": 1}])
_ANY = st.recursive(st.one_of(_SPECIAL, st.integers(), st.text(max_size=20)),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.text(max_size=8), inner,
                                                            max_size=4)),
                    max_leaves=10)
# one_of draws its branches about evenly: a third of the new values are markers.
_VALUES = st.one_of(st.sampled_from(sorted(MARKERS)), _SPECIAL, _ANY)
_KEYS = st.one_of(st.sampled_from(["kind", "args", "format", "format_version", "meta", "seed",
                                   "hashes", "snapshot", "config", "seats", "options", "name",
                                   "players", "setup", "expect", "actions", "__class__",
                                   "carry", "carries", "games", "campaign", "over", "floor",
                                   "heroes", "chests"]),
                  st.text(max_size=8))


def _copy(value: Any) -> Any:
    """Returns a copy of nested lists and dicts (other values are immutable)."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def _value(data: st.DataObject) -> Any:
    """Returns a fresh copy of a drawn value: the strategies hand out the same list and dict
    objects (``_SPECIAL``) every time, and a later mutation adding to one in place would change
    them for every example after it (even into a list holding itself)."""
    return _copy(data.draw(_VALUES))


def _mutate_tree(data: st.DataObject, tree: Any) -> Any:
    """Returns a copy of tree with one to three nodes replaced, dropped or added."""
    tree = json.loads(json.dumps(tree))
    for _ in range(data.draw(st.integers(1, 3))):
        depth = data.draw(st.integers(1, 4))  # the root replaced is only a foreign file
        node, parent, key = tree, None, None
        while depth > 0 and isinstance(node, dict | list) and node:
            parent, key = node, data.draw(st.sampled_from(
                sorted(node) if isinstance(node, dict) else range(len(node))))
            node, depth = node[key], depth - 1
        action = data.draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if parent is None:
            if action == "replace":
                tree = _value(data)
            continue
        if action == "replace":
            parent[key] = _value(data)
        elif action == "drop":
            del parent[key]
        elif isinstance(node, dict):
            node[data.draw(_KEYS)] = _value(data)
        elif isinstance(node, list):
            node.append(_value(data))
        else:
            parent[key] = _value(data)
    return tree


def _raw(text: str, *, yaml_text: bool = False) -> str:
    """Returns text with the markers (quoted as strings by the dumper) put in raw."""
    for marker, raw in MARKERS.items():
        for quoted in (f'"{marker}"', f"'{marker}'", marker):
            text = text.replace(quoted, raw)
    if yaml_text:
        text = text.replace("'@@LAUGHS@@'", LAUGHS).replace("@@LAUGHS@@", LAUGHS)
    return text


def _mutate_text(data: st.DataObject, text: str) -> bytes:
    """Returns text with one byte-level mutation: cut, flip, splice or none."""
    raw = text.encode("utf-8")
    where = data.draw(st.integers(0, len(raw)))
    kind = data.draw(st.sampled_from(["none", "none", "cut", "flip", "splice"]))
    if kind == "cut":
        return raw[:where]
    if kind == "flip" and where < len(raw):
        return raw[:where] + bytes([raw[where] ^ data.draw(st.integers(1, 255))]) + raw[where + 1:]
    if kind == "splice":
        return raw[:where] + data.draw(st.binary(max_size=40)) + raw[where:]
    return raw


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return None


def _bounded(run: Any) -> None:
    """Runs run() with a cap on the memory it may add and checks the time it took.

    The cap (an address-space limit, where the system has one) turns a reader that would eat
    all memory into a MemoryError, which fails the test instead of the machine.
    """
    import resource

    size = _address_space()
    old = resource.getrlimit(resource.RLIMIT_AS)
    if size is not None:
        cap = size + EXTRA_MEMORY
        if old[1] != resource.RLIM_INFINITY:
            cap = min(cap, old[1])
        resource.setrlimit(resource.RLIMIT_AS, (cap, old[1]))
    start = time.perf_counter()
    try:
        run()
    finally:
        if size is not None:
            resource.setrlimit(resource.RLIMIT_AS, old)
    assert time.perf_counter() - start < SECONDS_PER_EXAMPLE


def _read_save(path: Path) -> None:
    """Reads a save every way the program does; only RecordError may come out."""
    for read in (read_summary, read_record):
        try:
            read(path)
        except RecordError as exc:
            assert exc.key.startswith("save.") and str(exc)
    try:
        record = read_record(path)
    except RecordError:
        return
    try:
        replay(record, verify=True)
    except RecordError:
        pass


def _read_campaign_save(path: Path) -> None:
    """Reads a save every way the shell does (a campaign save too); only RecordError may come
    out, and the load screen's listing never fails."""
    from scenes import saves

    info = saves.describe(path)
    assert info.error is None or info.error.key.startswith("save.")
    saves.check(info)
    assert info.error is None or info.error.key.startswith("save.")
    try:
        record = saves.read_any(path)
    except RecordError as exc:
        assert exc.key.startswith("save.") and str(exc)
        return
    try:
        saves.load(path)
    except RecordError as exc:
        assert exc.key.startswith("save.") and str(exc)
    assert isinstance(record, CampaignRecord | GameRecord)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(raw=st.binary(max_size=400))
def test_any_bytes_give_the_save_error(folder: Path, raw: bytes) -> None:
    path = folder / "bytes.json"
    path.write_bytes(raw)
    _bounded(lambda: _read_save(path))


@FUZZ
@given(data=st.data())
def test_mutated_records_give_the_save_error(folder: Path, data: st.DataObject) -> None:
    tree = _mutate_tree(data, data.draw(st.sampled_from(_records())))
    text = _raw(json.dumps(tree, separators=(",", ":")))
    path = folder / "mutated.json"
    path.write_bytes(_mutate_text(data, text))
    _bounded(lambda: _read_save(path))


@FUZZ
@given(data=st.data())
def test_damaged_record_text_gives_the_save_error(folder: Path, data: st.DataObject) -> None:
    text = json.dumps(data.draw(st.sampled_from(_records())), separators=(",", ":"))
    path = folder / "damaged.json"
    path.write_bytes(_mutate_text(data, text))
    _bounded(lambda: _read_save(path))


@FUZZ
@given(data=st.data())
def test_mutated_records_from_json_give_the_save_error(data: st.DataObject) -> None:
    # The JSON form straight into the record (no parser in between): any Python value.
    tree = _mutate_tree(data, data.draw(st.sampled_from(_records())))
    try:
        GameRecord.from_json(tree)
    except RecordError:
        pass


@FUZZ
@given(raw=st.binary(max_size=400))
def test_any_bytes_give_the_save_error_of_the_campaign_reader(folder: Path, raw: bytes) -> None:
    path = folder / "campaign-bytes.json"
    # Half of the files start like a campaign save, so the campaign reader takes them.
    path.write_bytes(raw if len(raw) % 2 else b'{"format":"tabletop-hall/campaign",' + raw)
    _bounded(lambda: _read_campaign_save(path))


@FUZZ
@given(data=st.data())
def test_mutated_campaign_saves_give_the_save_error(folder: Path, data: st.DataObject) -> None:
    tree = _mutate_tree(data, data.draw(st.sampled_from(_campaign_records())))
    text = _raw(json.dumps(tree, separators=(",", ":")))
    path = folder / "campaign-mutated.json"
    path.write_bytes(_mutate_text(data, text))
    _bounded(lambda: _read_campaign_save(path))


@FUZZ
@given(data=st.data())
def test_mutated_campaign_records_from_json_give_the_save_error(data: st.DataObject) -> None:
    tree = _mutate_tree(data, data.draw(st.sampled_from(_campaign_records())))
    try:
        record = CampaignRecord.from_json(tree)
    except RecordError:
        return
    try:
        replay_campaign(record)
    except RecordError:
        pass


class _Scripted:
    """Stands in for hypothesis' DataObject: draws return the scripted values in turn."""

    def __init__(self, *values: Any) -> None:
        self.values = list(values)

    def draw(self, strategy: Any) -> Any:
        return self.values.pop(0)


def test_mutations_never_change_the_values_they_draw() -> None:
    shared: list[Any] = []  # as _SPECIAL hands out its [] to every example
    # Two mutations: "a" replaced by the shared list, then something added to that list.
    script = _Scripted(2, 1, "a", "replace", shared, 1, "a", "add", [1, 2])
    tree = _mutate_tree(script, {"a": 1})  # type: ignore[arg-type]
    assert tree == {"a": [[1, 2]]} and shared == []


def _run_scenario(path: Path) -> None:
    result = run_scenario_file(path)
    assert isinstance(result, ScenarioResult)
    assert all(isinstance(f, str) for f in result.failures)


@FUZZ
@given(raw=st.binary(max_size=400))
def test_any_bytes_give_a_scenario_failure(folder: Path, raw: bytes) -> None:
    path = folder / "bytes.yaml"
    path.write_bytes(raw)
    _bounded(lambda: _run_scenario(path))


@FUZZ
@given(data=st.data())
def test_mutated_scenarios_give_a_scenario_failure(folder: Path, data: st.DataObject) -> None:
    tree = _mutate_tree(data, SCENARIO_DATA)
    if data.draw(st.integers(0, 9)) == 0:  # now and then, a value that stands for millions
        tree = tree if isinstance(tree, dict) else {"game": "toy", "seed": 1}
        tree[data.draw(st.sampled_from(["name", "setup", "options", "actions", "players"]))] = \
            "@@LAUGHS@@"
    text = _raw(yaml.safe_dump(tree, allow_unicode=True, width=10**9), yaml_text=True)
    path = folder / "mutated.yaml"
    path.write_bytes(_mutate_text(data, text))
    _bounded(lambda: _run_scenario(path))


@FUZZ
@given(text=st.one_of(st.text(max_size=60), st.builds(
    lambda kind, inner: f"{kind}({inner})", st.sampled_from(["roll", "x", "kind"]),
    st.text(max_size=40))))
def test_any_action_text_parses_or_is_malformed(text: str) -> None:
    try:
        action = Action.parse(text)
    except MalformedAction:
        return
    assert Action.parse(str(action)) == action
