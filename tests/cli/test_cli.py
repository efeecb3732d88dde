"""python -m engine: commands with good and bad input, exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = Path(__file__).resolve().parent / "scenarios" / "toy_bank_wins.yaml"
TOY = ["--plugin", "tests.toy:register_toy"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """Runs the CLI in a fresh process, as a user would."""
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def _one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_list_games_shows_the_toy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list-games", "--json"]) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    toy = next(g for g in games if g["id"] == "toy")
    assert toy["players"] == [2, 4]


def test_simulate_json_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "toy", "--players", "3", "--seed", "4", "--games", "3",
            "--bot", "random", "--json"]
    assert main(argv) == 0
    first = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["seed"] for r in first] == [4, 5, 6]
    for r in first:
        assert {"game", "seed", "players", "winners", "scores", "turns", "actions",
                "final_hash", "seconds"} <= r.keys()
        assert r["players"] == 3 and len(r["scores"]) == 3 and r["finished"]
    assert main(argv) == 0
    second = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["final_hash"] for r in first] == [r["final_hash"] for r in second]
    assert len({r["final_hash"] for r in first}) == 3


def test_simulate_in_a_fresh_process_gives_the_same_hash(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "toy", "--seed", "9", "--bots", "mcts,random",
            "--difficulty", "easy", "--json"]
    proc = _run(*TOY, *args)
    assert proc.returncode == 0, proc.stderr
    assert main(args) == 0
    here = json.loads(capsys.readouterr().out)
    assert json.loads(proc.stdout)["final_hash"] == here["final_hash"]
    assert here["bots"] == ["mcts", "random"]


def test_simulate_summary_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "toy", "--games", "4", "--bots", "random,random"]) == 0
    out = capsys.readouterr().out
    assert out.count("seed ") == 4
    assert "4 game(s), 4 finished" in out and "P1 (random)" in out


def test_without_a_bot_simulate_seats_the_games_default_bot(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``GameRules.default_bot`` (random unless a game says otherwise) fills every seat when
    neither --bot nor --bots is given; --bot still chooses."""
    from engine import registry

    rules = registry.rules("toy")
    assert rules.default_bot == "random"
    assert registry.rules("coop_campaign").default_bot == "heuristic"
    assert main(["simulate", "--game", "toy", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == ["random", "random"]
    monkeypatch.setattr(type(rules), "default_bot", "mcts")
    assert main(["simulate", "--game", "toy", "--players", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == ["mcts"] * 3
    assert main(["simulate", "--game", "toy", "--bot", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == ["random", "random"]
    monkeypatch.setattr(type(rules), "default_bot", "genius")
    assert main(["simulate", "--game", "toy"]) != 0
    assert "no bot 'genius'" in capsys.readouterr().err


def test_an_action_cap_leaves_a_game_unfinished(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "toy", "--max-actions", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["finished"] is False and result["actions"] == 2 and result["winners"] == []


def test_record_then_replay_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "golden.json"
    assert main(["record", "--game", "toy", "--seed", "3", "--bot", "random", "--out",
                 str(out)]) == 0
    assert main(["replay", str(out), "--verify"]) == 0
    assert "all hashes verified" in capsys.readouterr().out
    data = json.loads(out.read_text())
    data["hashes"][3] = "0" * 64
    out.write_text(json.dumps(data))
    assert main(["replay", str(out), "--verify"]) == 1
    assert "diverges from the save at action 3" in capsys.readouterr().err
    assert main(["replay", str(out)]) == 0  # without --verify the hashes are not read


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--game", "nope"], "unknown game 'nope'"),
    (["simulate", "--game", "toy", "--players", "9"], "toy takes 2–4 players, not 9"),
    (["simulate", "--game", "toy", "--bot", "genius"], "no bot 'genius'"),
    (["simulate", "--game", "toy", "--bots", "random", "--players", "2"], "does not match"),
    (["simulate", "--game", "toy", "--option", "target=3"], "below 10"),
    (["simulate", "--game", "toy", "--option", "colour"], "KEY=VALUE"),
    (["simulate", "--game", "toy", "--games", "0"], "--games must be at least 1"),
    (["simulate", "--game", "toy", "--seed", "x"], "invalid int value"),
    (["simulate"], "required: --game"),
    (["frobnicate"], "invalid choice"),
    ([], "required: COMMAND"),
    (["replay", "/no/such/file.save"], "there is no file"),
    (["replay", "pyproject.toml"], "not a save file"),
    (["scenario", "/no/such.yaml"], None),
    (["bench", "--only", "no_such_benchmark"], "no benchmark"),
])
def test_bad_input_gives_one_line_and_an_exit_code(args: list[str], message: str | None) -> None:
    proc = _run(*TOY, *args)
    if message is None:  # a scenario runner reports failures on stdout like a test runner
        assert proc.returncode == 1 and "FAIL" in proc.stdout and "Traceback" not in proc.stderr
        return
    assert message in _one_line_error(proc)


def test_a_bad_plugin_is_one_line() -> None:
    assert "cannot import plugin" in _one_line_error(_run("--plugin", "nope_mod:f", "list-games"))


def test_scenario_command_reports_pass_and_fail(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(SCENARIO)]) == 0
    assert "PASS" in capsys.readouterr().out
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: toy\nseed: 2\nexpect: {actor: 1}\n")
    assert main(["scenario", str(SCENARIO), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {bad}" in out and "actor is 0, expected 1" in out and "1 passed, 1 failed" in out


def test_validate_data_runs_the_content_validator(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate-data"])
    captured = capsys.readouterr()
    problems = [line for line in captured.out.splitlines() if not line.startswith("content of")]
    assert (code == 0) == (not problems), captured.out + captured.err
    assert "Traceback" not in captured.err
    assert main(["validate-data", "--game", "nope"]) == 2


def test_match_alternates_seats_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--game", "duel", "--bots", "heuristic:easy,heuristic", "--games", "2",
            "--seed", "5", "--json"]
    assert main(argv) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [g["seat"] for g in games] == [0, 1]
    assert all(g["result"] in ("won", "tied", "lost") for g in games)
    assert main(argv[:-1]) == 0
    assert "2 games: won" in capsys.readouterr().out.splitlines()[-1]


def test_simulate_plays_the_hard_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "duel", "--bots", "hard,heuristic", "--seed", "3",
                 "--max-actions", "30"]) == 0
    assert "seed 3:" in capsys.readouterr().out


@pytest.mark.parametrize("bots, message", [
    ("hard", "exactly two"), ("hard,nobody", "no bot 'nobody'"),
    ("heuristic:silly,heuristic", "unknown difficulty")])
def test_match_refuses_bad_bots(bots: str, message: str) -> None:
    proc = _run("match", "--game", "duel", "--bots", bots, "--games", "1")
    assert message in _one_line_error(proc)
