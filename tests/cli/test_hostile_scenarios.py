"""Hostile scenario files (issue #11): bounded memory and time, and one bad file fails alone.

The memory-hungry cases run in a child process under an address-space limit, so that a
regression fails the test instead of exhausting the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.core.scenario import run_scenario_file

ROOT = Path(__file__).resolve().parents[2]
PASSING = Path(__file__).resolve().parent / "scenarios" / "toy_bank_wins.yaml"
LIMIT_BYTES = 1536 * 1024 * 1024


def _laughs_in(key: str) -> str:
    """Returns a scenario whose ``key`` holds ten billion values through nested aliases."""
    lines = ["game: toy", "seed: 1", "setup:", "  a0: &a0 [" + ", ".join(["lol"] * 10) + "]"]
    for i in range(1, 10):
        lines.append(f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    lines.append(f"{key}: *a9")
    return "\n".join(lines) + "\n"


def _run_limited(path: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Runs the scenario file in a child process with limited memory and time."""
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({LIMIT_BYTES}, {LIMIT_BYTES}))\n"
        "from tests.toy import register_toy\n"
        "register_toy()\n"
        "from engine.core.scenario import run_scenario_file\n"
        "result = run_scenario_file(sys.argv[1])\n"
        "print('FAILED' if result.failures else 'PASSED', result.failures[:1])\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=ROOT)


@pytest.mark.skipif(os.name != "posix", reason="needs resource limits")
@pytest.mark.parametrize("key", ["name", "description", "options", "actions"])
def test_a_billion_laughs_is_refused_in_bounded_memory(tmp_path: Path, key: str) -> None:
    path = tmp_path / "laughs.yaml"
    path.write_text(_laughs_in(key), encoding="utf-8")
    proc = _run_limited(path)
    assert proc.returncode == 0, proc.stderr[-500:]
    assert proc.stdout.startswith("FAILED"), proc.stdout


@pytest.mark.skipif(os.name != "posix", reason="needs resource limits")
def test_a_huge_player_count_is_refused_before_seats_are_built(tmp_path: Path) -> None:
    path = tmp_path / "players.yaml"
    path.write_text("game: toy\nseed: 1\nplayers: 300000000\n", encoding="utf-8")
    proc = _run_limited(path)
    assert proc.returncode == 0, proc.stderr[-500:]
    assert proc.stdout.startswith("FAILED") and "players" in proc.stdout, proc.stdout


@pytest.mark.parametrize("text", [
    "game: toy\nseed: " + "9" * 5000 + "\n",
    "game: toy\nseed: 1\nname: " + "9" * 5000 + "\n",
    "game: toy\nseed: 1\nsetup: " + "[" * 5000 + "]" * 5000 + "\n",
    "game: toy\nseed: 1\nactions: [\"x(a=" + "[" * 3000 + "]" * 3000 + ")\"]\n",
    "game: toy\nseed: 1\nactions: [\"" + "(" * 200 + "x" + ")" * 200 + "\"]\n",
    "game: toy\nseed: 1\nname: [1, 2]\n",
    "game: toy\nseed: 1\nplayers: -5\n",
    "game: toy\nseed: 1\noptions: {target: " + "9" * 4000 + "}\n",
    "game: toy\nseed: 1\nactions: [roll()]\nexpect: {view: [{path: scores, seat: "
    + "9" * 4000 + ", equals: 1}]}\n",
])
def test_one_bad_file_fails_alone(tmp_path: Path, text: str, capsys: Any) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    result = run_scenario_file(bad)
    assert not result.passed and result.failures
    assert main(["scenario", str(PASSING), str(bad), str(PASSING)]) == 1
    assert "2 passed, 1 failed" in capsys.readouterr().out


def test_a_scenario_file_that_is_too_large_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("game: toy\nseed: 1\n# " + "x" * (2 * 1024 * 1024) + "\n", encoding="utf-8")
    result = run_scenario_file(path)
    assert not result.passed and "larger than" in result.failures[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and resource limits")
def test_non_regular_scenario_files_are_refused(tmp_path: Path) -> None:
    # /dev/zero used to be read until memory ran out, and a FIFO waited for a writer forever.
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    paths = [fifo] + ([Path("/dev/zero")] if os.path.exists("/dev/zero") else [])
    for path in paths:
        try:
            proc = _run_limited(path, timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"reading {path} hung")
        assert proc.returncode == 0, proc.stderr[-500:]
        assert "not a regular file" in proc.stdout, proc.stdout
