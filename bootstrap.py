"""Creates the project's virtual environment on first use and re-runs the caller inside it.

Used by ``main.py`` and ``run_tests.py`` so that a fresh machine with nothing but Python 3.11+
needs no manual set-up. The environment lives in ``.venv`` beside this file and is refreshed
whenever ``pyproject.toml`` or ``setup.py`` changes (a stamp file holds their hash).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed"


def _venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def _wanted_stamp(extras: str) -> str:
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    # setup.py lists the packages the editable install maps; a new one needs a re-install.
    setup = ROOT / "setup.py"
    if setup.is_file():
        h.update(setup.read_bytes())
    return f"{h.hexdigest()}:{extras}"


def _installed_extras() -> str:
    try:
        return STAMP.read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def ensure(extras: str = "") -> None:
    """Re-executes the running script inside .venv, creating or refreshing it first if needed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - runs on old Pythons to say so
        sys.exit("This program needs Python 3.11 or newer.")
    if os.environ.get("TABLETOP_NO_BOOTSTRAP"):
        return
    in_venv = Path(sys.prefix).resolve() == VENV.resolve()
    have = _installed_extras()
    # An environment made with the dev extras also serves a plain run.
    need_install = have not in {_wanted_stamp(extras), _wanted_stamp("dev")}
    if in_venv and not need_install:
        return
    if need_install:
        if not _venv_python().exists():
            print("First start: preparing the game's environment (one time only) …", flush=True)
            subprocess.check_call([sys.executable, "-m", "venv", str(VENV)])
        target = f".[{extras}]" if extras else "."
        subprocess.check_call(
            [str(_venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-e", target],
            cwd=ROOT,
        )
        STAMP.write_text(_wanted_stamp(extras), encoding="utf-8")
    args = [str(_venv_python()), *sys.argv]
    if os.name == "nt":
        sys.exit(subprocess.call(args))
    os.execv(args[0], args)
