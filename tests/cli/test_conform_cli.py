"""python -m engine conform: failures with a repro line that plays the same game again."""

from __future__ import annotations

import shlex

import pytest

from engine import registry
from engine.cli import main

LEAKY = ["--plugin", "tests.toy.leaky:register_leaky_toy"]


@pytest.fixture
def leaky_toy():
    """Removes the faulty toy after the test."""
    yield
    registry.unregister("leaky_toy")


def test_a_failure_prints_a_repro_that_fails_the_same_way(
        leaky_toy, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*LEAKY, "conform", "--game", "leaky_toy", "--games", "4", "--seats", "bb",
            "--players", "2", "--bot", "random", "--progress", "0"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    fails = [line for line in out.splitlines() if line.startswith("FAIL ")]
    assert fails and all("[undo] the undoable step hold()" in line for line in fails), out
    assert "leaky_toy undo:hold: " in out
    repro = next(line for line in out.splitlines() if "repro: " in line)
    words = shlex.split(repro.split("repro: ", 1)[1])
    assert words[:3] == ["python", "-m", "engine"] and "--exact" in words
    assert main([*LEAKY, *words[3:], "--progress", "0"]) == 1
    again = capsys.readouterr().out
    assert fails[0] in again.splitlines()


def test_a_clean_run_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["conform", "--game", "toy", "--games", "3", "--seats", "bbb", "--players", "3",
            "--part", "1/2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "toy: 1 games" in out and out.rstrip().endswith("1 games, 0 with failures")


def test_a_campaign_case_repro_plays_that_campaign_again(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from engine import conform

    case = conform.Case("toy", 2, {"target": 10}, 3, "random", "bb", "best_of_three",
                        {"wins": [1, 0]})
    played = []
    real = conform.run_case
    monkeypatch.setattr(conform, "run_case", lambda c, **k: played.append(c) or real(c, **k))
    words = shlex.split(case.repro())
    assert main([*words[3:], "--progress", "0"]) == 0
    assert played == [case]


@pytest.mark.parametrize("args", [
    ["--game", "toy", "--carry", "{}"],
    ["--game", "toy", "--exact", "--players", "2", "--seats", "bb", "--bot", "random",
     "--campaign", "nope"],
    ["--game", "toy", "--exact", "--players", "2", "--seats", "bb", "--bot", "random",
     "--campaign", "best_of_three", "--carry", "[1]"],
    ["--game", "toy", "--part", "2/2"],
    ["--game", "toy", "--exact", "--players", "2"],
    ["--game", "toy", "--seats", "hx"],
    ["--game", "toy", "--players", "9"],
    ["--game", "toy", "--bot", "nobody"],
])
def test_bad_arguments_are_one_line(args: list[str],
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: "), err
