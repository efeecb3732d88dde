"""Every scenario file under tests/ passes through the documented runner, ``python -m engine
scenario`` (docs/scenarios.md), not only through a game's own test loop."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _scenario_files() -> list[Path]:
    """Returns every YAML file under tests/ that is a scenario (a mapping naming a game)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
        except yaml.YAMLError:
            continue  # broken on purpose (content fixtures); not a scenario
        if isinstance(data, dict) and "game" in data and "seed" in data:
            found.append(path)
    return found


def test_every_scenario_file_passes_the_documented_runner() -> None:
    files = _scenario_files()
    games = {yaml.load(p.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)["game"]
             for p in files}
    assert {"duel", "deckbuilder", "heroes_battle", "crawl", "coop_campaign", "toy"} <= games
    # the toy game lives in the tests; the runner's --plugin registers it as the docs say
    cmd = [sys.executable, "-m", "engine", "--plugin", "tests.toy:register_toy", "scenario",
           *(str(p.relative_to(ROOT)) for p in files)]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith(f"{len(files)} passed, 0 failed"), run.stdout
