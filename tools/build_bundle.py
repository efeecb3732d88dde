"""Builds the one-folder desktop bundle with PyInstaller: ``dist/tabletop-hall/``.

The folder holds the program ``tabletop-hall`` (``tabletop-hall.exe`` on Windows) with its own
Python, the dependencies, and ``data/`` and ``assets/`` inside the ``tabletop_hall`` package,
where ``engine/paths.py`` finds them. Copy the whole folder anywhere and start the program; it
needs no Python on the target machine (build on each operating system for that system).

    .venv/bin/python -m pip install -e ".[bundle]"    # once: PyInstaller
    .venv/bin/python tools/build_bundle.py            # build, then --check it
    .venv/bin/python tools/build_bundle.py --check    # only check an existing bundle

The check starts the built program headless: it renders the menu and a crawl table (Tiled
maps) to PNG files, and lets the program's bot process answer one decision.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "tabletop-hall"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"


def program_path(dist: Path = DIST) -> Path:
    """Returns the bundle's executable."""
    return dist / NAME / (NAME + (".exe" if os.name == "nt" else ""))


def _data(source: Path, target: str) -> list[str]:
    return ["--add-data", f"{source}{os.pathsep}{target}"]


def pyinstaller_args(dist: Path = DIST) -> list[str]:
    """Returns the PyInstaller command line (without the program) for the bundle."""
    spec = importlib.util.find_spec("pytmx")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("build_bundle: pytmx is not installed in this environment")
    pytmx_source = Path(list(spec.submodule_search_locations)[0]) / "pytmx.py"
    args = [
        "--noconfirm", "--clean", "--onedir", "--name", NAME,
        # No console window on Windows and an .app on macOS; the bot process is the same
        # program started with --bot-worker and speaks through pipes, which still work.
        "--windowed",
        "--distpath", str(dist), "--workpath", str(WORK), "--specpath", str(WORK),
        "--paths", str(ROOT),
        # The games' packages are imported by name (engine/registry.py, scenes/games.py).
        "--collect-submodules", "engine", "--collect-submodules", "scenes",
        *_data(ROOT / "data", "tabletop_hall/data"),
        *_data(ROOT / "assets", "tabletop_hall/assets"),
        # engine/content/tmx.py runs pytmx's parser from its source file without pygame.
        *_data(pytmx_source, "pytmx"),
    ]
    for module in ("pytest", "_pytest", "mypy", "ruff", "setuptools", "tkinter", "tests"):
        args += ["--exclude-module", module]
    return [*args, str(ROOT / "tabletop_hall" / "__main__.py")]


def build(dist: Path = DIST) -> Path:
    """Runs PyInstaller and returns the built program."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit('build_bundle: PyInstaller is missing; install it with\n'
                         '    .venv/bin/python -m pip install -e ".[bundle]"')
    subprocess.run([sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist)], cwd=ROOT,
                   check=True)
    return program_path(dist)


def _bot_answer(program: Path, env: dict[str, str]) -> bool:
    """Returns True when the bundle's bot process answers a duel decision with a legal action."""
    sys.path.insert(0, str(ROOT))
    from engine import registry
    from engine.core.actions import Action
    from engine.core.protocol import GameConfig

    rules = registry.rules("duel")
    state = rules.new_game(GameConfig.for_players(2), 3)
    request = {"id": 1, "cmd": "choose", "game": "duel", "state": rules.state_to_dict(state),
               "seat": rules.current_actor(state), "bot": "heuristic", "difficulty": "easy",
               "seed": 1, "options": None}
    proc = subprocess.run([str(program), "--bot-worker"], input=json.dumps(request) + "\n",
                          capture_output=True, text=True, env=env, timeout=120)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    answer = json.loads(lines[-1]) if lines else {"error": proc.stderr.strip()[-400:]}
    if "action" not in answer:
        print(f"bot process: {answer.get('error')}")
        return False
    return Action.from_json(answer["action"]) in rules.legal_actions(state)


def check(program: Path) -> bool:
    """Returns True when the built program renders screenshots and answers as the bot process."""
    if not program.is_file():
        print(f"no bundle at {program}; build it first")
        return False
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "TABLETOP_HOME": str(Path(tmp, "home")),
               "TABLETOP_CACHE_DIR": str(Path(tmp, "cache"))}
        env.pop("PYTHONPATH", None)
        for scene, extra in (("menu", []), ("table", ["--game", "crawl"])):
            out = Path(tmp, f"{scene}.png")
            proc = subprocess.run([str(program), "--screenshot", str(out), "--scene", scene,
                                   "--lang", "de", *extra], cwd=tmp, env=env,
                                  capture_output=True, text=True, timeout=120)
            good = proc.returncode == 0 and out.is_file() and out.stat().st_size > 10_000
            print(f"{'ok  ' if good else 'FAIL'} screenshot {scene} {' '.join(extra)}"
                  f"{'' if good else ': ' + proc.stderr.strip()[-400:]}")
            ok &= good
        good = _bot_answer(program, env)
        print(f"{'ok  ' if good else 'FAIL'} bot process answers with a legal action")
        ok &= good
    return ok


def main(argv: list[str] | None = None) -> int:
    """Returns 0 when the bundle was built (unless --check) and passed the check."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the existing bundle")
    args = parser.parse_args(argv)
    program = program_path() if args.check else build()
    if not check(program):
        return 1
    print(f"bundle ready: {program.parent} (start {program.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
