"""A real install: the wheel carries data/ and assets/, its commands run in a fresh venv.

The wheel is built from a copy of the sources without build isolation (the dev extras bring
setuptools), installed with ``--no-deps`` into a new venv that sees the dev venv's
dependencies through a .pth file, and run from another folder with a private home.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "engine", "scenes", "tabletop_hall",
           "data", "assets")
PROBE = """
import json, sys
import engine, engine.paths as paths
from engine import registry
from engine.ai.worker import BotWorker
from engine.core.protocol import GameConfig

rules = registry.rules("duel")
state = rules.new_game(GameConfig.for_players(2), 3)
seat = rules.current_actor(state)
with BotWorker() as worker:
    worker.request("duel", rules.state_to_dict(state), seat, "random", "easy", 1)
    action = worker.wait(60)
legal = rules.legal_actions(state)
print(json.dumps({"engine": engine.__file__, "data": str(paths.data_dir()),
                  "assets": str(paths.assets_dir()), "bot_ok": action in legal}))
"""


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 120
         ) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{cmd} failed:\n{result.stdout}\n{result.stderr}"
    return result


def _bin(venv_dir: Path, name: str) -> Path:
    folder = venv_dir / ("Scripts" if os.name == "nt" else "bin")
    return folder / (name + (".exe" if os.name == "nt" else ""))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Returns a fresh venv with the wheel built from these sources installed."""
    if not hasattr(venv, "EnvBuilder"):
        pytest.skip("this Python has no venv module")
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            src.mkdir(exist_ok=True)
            shutil.copy2(path, src / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    _run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
          "-w", str(base / "dist"), str(src)], base, env)
    wheels = list((base / "dist").glob("tabletop_hall-*.whl"))
    assert len(wheels) == 1, wheels
    target = base / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(target)
    _run([*pip, "--python", str(_bin(target, "python")), "install", "--no-deps", "--no-index",
          "-q", str(wheels[0])], base, env)
    # The dependencies (pygame-ce, PyYAML, pytmx) come from the dev venv instead of PyPI.
    site = subprocess.run([str(_bin(target, "python")), "-c",
                           "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "_dev_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n",
                                                   encoding="utf-8")
    return target


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "TABLETOP_NO_BOOTSTRAP")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TABLETOP_HOME=str(tmp_path / "home"), TABLETOP_CACHE_DIR=str(tmp_path / "cache"))
    return env


def test_wheel_carries_data_and_assets(installed: Path, tmp_path: Path) -> None:
    python = str(_bin(installed, "python"))
    out = _run([python, "-c", PROBE], tmp_path, _env(tmp_path), timeout=90).stdout
    import json

    probe = json.loads(out.strip().splitlines()[-1])
    site = Path(installed).resolve()
    for key in ("engine", "data", "assets"):
        assert Path(probe[key]).resolve().is_relative_to(site), (key, probe[key])
    assert (Path(probe["data"]) / "i18n" / "de").is_dir()
    assert any((Path(probe["assets"]) / "fonts").glob("*.ttf"))
    assert probe["bot_ok"], "the installed copy's bot worker gave no legal action"


def test_installed_command_renders_the_same_screenshot(installed: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    args = ["--screenshot", "menu.png", "--scene", "menu", "--lang", "de", "--size", "800x450"]
    _run([str(_bin(installed, "tabletop-hall")), *args], elsewhere, _env(tmp_path))
    # The checkout's rendering: same fonts, same German texts, pixel for pixel.
    _run([sys.executable, "-m", "tabletop_hall", *args], tmp_path, _env(tmp_path))
    got = pygame.image.load(str(elsewhere / "menu.png"))
    want = pygame.image.load(str(tmp_path / "menu.png"))
    assert got.get_size() == want.get_size() == (800, 450)
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")


def test_installed_cli_lists_the_games(installed: Path, tmp_path: Path) -> None:
    env = _env(tmp_path)
    want = _run([sys.executable, "-m", "engine", "list-games"], ROOT, env).stdout
    assert "deckbuilder" in want
    got_module = _run([str(_bin(installed, "python")), "-m", "engine", "list-games"],
                      tmp_path, env).stdout
    got_script = _run([str(_bin(installed, "tabletop-hall-cli")), "list-games"],
                      tmp_path, env).stdout
    assert got_module == got_script == want


def test_files_come_from_the_package_else_only_from_a_checkout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import paths

    package = tmp_path / "site" / "tabletop_hall"
    package.mkdir(parents=True)
    (tmp_path / "site" / "data").mkdir()  # some other distribution's stray top-level folder
    monkeypatch.setattr(paths, "_package_dir", lambda: package)
    paths.resource_dir.cache_clear()
    try:
        with pytest.raises(paths.MissingFilesError, match="reinstall"):
            paths.resource_dir("data")
        (tmp_path / "site" / "pyproject.toml").write_text("", encoding="utf-8")
        assert paths.resource_dir("data") == tmp_path / "site" / "data"  # a checkout
        (package / "data").mkdir()
        paths.resource_dir.cache_clear()
        assert paths.resource_dir("data") == package / "data"  # installed wins
    finally:
        monkeypatch.undo()
        paths.resource_dir.cache_clear()
    assert paths.data_dir() == ROOT / "data" and paths.assets_dir() == ROOT / "assets"


@pytest.mark.skipif(os.name == "nt", reason="the stand-in for a frozen program is a sh script")
def test_bot_worker_starts_from_a_frozen_program(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.ai.worker import BotWorker
    from engine.core.actions import Action
    from engine.core.protocol import GameConfig
    from engine.registry import rules as game_rules
    from tabletop_hall.launcher import BOT_WORKER_FLAG

    # A frozen program is one executable that only understands the launcher's arguments.
    program = tmp_path / "tabletop-hall"
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tabletop_hall "$@"\n',
                       encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    rules = game_rules("toy")
    state = rules.new_game(GameConfig.for_players(2), 2)
    rules.apply(state, Action.make("roll"))
    with BotWorker(init=("tests.toy:register_toy",)) as worker:
        assert worker._start().args[:2] == [str(program), BOT_WORKER_FLAG]
        worker.request("toy", rules.state_to_dict(state), rules.current_actor(state),
                       "random", "easy", 1)
        assert worker.wait(60) in rules.legal_actions(state)


def test_no_console_still_reports_quietly(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    from tabletop_hall import launcher

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))

    # pythonw (the Windows gui-script) and a windowed bundle start with no stdout/stderr.
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert launcher.main(["--bogus"]) == 2

    def boom(args: object) -> int:
        raise RuntimeError("kaputt")

    monkeypatch.setattr(launcher, "run", boom)
    assert launcher.main([]) == 1
    assert "kaputt" in (tmp_path / "tabletop-hall.log").read_text(encoding="utf-8")


def test_bootstrap_reinstalls_when_the_package_layout_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bootstrap

    monkeypatch.setattr(bootstrap, "ROOT", tmp_path)
    (tmp_path / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    (tmp_path / "setup.py").write_text("MAPPED = {}\n", encoding="utf-8")
    before = bootstrap._wanted_stamp("dev")
    (tmp_path / "setup.py").write_text("MAPPED = {'tabletop_hall.data': 'data'}\n",
                                       encoding="utf-8")
    assert bootstrap._wanted_stamp("dev") != before
