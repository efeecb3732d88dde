"""The scenario runner on the toy game: a passing file, every kind of failure, broken files."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import assert_scenario, resolve_path, run_scenario_file

HERE = Path(__file__).resolve().parent
PASSING = HERE / "scenarios" / "toy_bank_wins.yaml"

# Seed 2 of the toy game rolls 4, 3, 6 first; secrets are [5, 2].
HEAD = "game: toy\nseed: 2\nplayers: 2\n"


def _write(tmp_path: Path, body: str, head: str = HEAD) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(head + body, encoding="utf-8")
    return path


def test_the_shipped_toy_scenario_passes() -> None:
    result = assert_scenario(PASSING)
    assert result.steps == 6
    assert result.name.startswith("banking")


def test_every_wrong_expectation_is_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, """
actions: [roll(), roll()]
expect:
  actor: 1
  over: true
  view:
    - {path: turn_total, equals: 5}
    - {path: scores, length: 3}
    - {path: secrets, seat: 0, contains: 2}
    - {path: nowhere.deep}
  events: [{key: toy.event.roll, params: {value: 6}}]
  no_events: [{key: toy.event.roll, params: {value: 3}}]
  breakdowns: [{total: 1}]
  legal: [bank()]
""")
    result = run_scenario_file(path)
    assert not result.passed
    text = "\n".join(result.failures)
    assert "actor is 0, expected 1" in text
    assert "game over is False" in text
    assert "turn_total: is 7, expected 5" in text
    assert "has length 2, expected 3" in text
    assert "does not contain 2" in text  # seat 0 cannot see seat 1's secret
    assert "no 'nowhere'" in text
    assert "no event toy.event.roll with params {'value': 6}" in text
    assert "unexpected event toy.event.roll" in text
    assert "no breakdown matching" in text
    assert "bank() is not legal" in text
    assert len(result.failures) == 10
    with pytest.raises(AssertionError, match="turn_total"):
        assert_scenario(path)


def test_expected_errors_must_match_the_rule(tmp_path: Path) -> None:
    result = run_scenario_file(_write(tmp_path, """
actions:
  - action: hold()
    expect_error: toy.rule.decide_six
"""))
    assert result.failures == ["action 1 (hold()): rejected by toy.rule.nothing_to_hold, "
                               "expected toy.rule.decide_six"]


def test_an_accepted_action_that_should_fail_stops_the_run(tmp_path: Path) -> None:
    result = run_scenario_file(_write(tmp_path, """
actions:
  - action: roll()
    expect_error: toy.rule.nothing_to_hold
  - roll()
"""))
    assert result.failures == ["action 1 (roll()): was accepted, expected error "
                               "toy.rule.nothing_to_hold"]
    assert result.steps == 0


def test_an_unexpected_rejection_names_the_rule(tmp_path: Path) -> None:
    result = run_scenario_file(_write(tmp_path, "actions: [hold()]\n"))
    assert result.failures == ["action 1 (hold()): rejected by toy.rule.nothing_to_hold: "
                               "roll at least once before holding"]


@pytest.mark.parametrize(("head", "body", "message"), [
    ("", "", "not valid YAML"),
    (HEAD, "colour: red\n", "unknown key(s) colour"),
    ("game: toy\n", "", "lacks 'seed'"),
    ("game: toy\nseed: '3'\n", "", "'seed' must be a whole number"),
    ("game: nope\nseed: 1\n", "", "unknown game 'nope'"),
    (HEAD, "actions: ['roll(']\n", "cannot read action"),
    (HEAD, "actions: [{act: roll()}]\n", "write an action string or a mapping"),
    (HEAD, "actions: [{action: roll(), expct: 1}]\n", "unknown key(s) expct"),
    (HEAD, "setup: {colour: 1}\n", "set-up failed: MalformedAction"),
    ("game: toy\nseed: 1\nplayers: 9\n", "", "set-up failed"),
    (HEAD, "expect: {view: [{path: scores, equal: 1}]}\n", "unknown key(s) equal"),
])
def test_broken_files_fail_with_a_reason(tmp_path: Path, head: str, body: str,
                                         message: str) -> None:
    if not head and not body:
        body = "game: [toy\n"
    result = run_scenario_file(_write(tmp_path, body, head))
    assert not result.passed
    assert message in "\n".join(result.failures)


def test_a_missing_file_is_a_failure_not_a_crash(tmp_path: Path) -> None:
    result = run_scenario_file(tmp_path / "absent.yaml")
    assert result.failures == [f"there is no file {tmp_path / 'absent.yaml'}"]


def test_yaml_1_1_surprises_do_not_turn_into_values(tmp_path: Path) -> None:
    # "no" in YAML 1.1 is False: a scenario that compares with it sees a boolean, not a string.
    result = run_scenario_file(_write(tmp_path, "expect: {view: [{path: pending, "
                                                "equals: no}]}\n"))
    assert "is None, expected False" in "\n".join(result.failures)


def test_paths_reach_into_dicts_and_lists() -> None:
    data = {"players": [{"hand": ["a", "b"]}], "by_seat": {"1": 4}}
    assert resolve_path(data, "players.0.hand.-1") == "b"
    assert resolve_path(data, "by_seat.1") == 4
    assert resolve_path(data, "") == data
    with pytest.raises(KeyError):
        resolve_path(data, "players.3")
