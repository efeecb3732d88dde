"""The double-click launchers start ``python3 main.py`` once, in the game folder.

A stand-in ``python3`` on PATH records where and how it was started, so no window opens.
Checks that need a desktop tool (desktop-file-validate, gio) skip, naming it, where it is
missing; the Exec line is also run through the Desktop Entry quoting rules here, without them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAUNCHERS = ROOT / "launchers"
DESKTOP = LAUNCHERS / "tabletop-hall.desktop"
pytestmark = pytest.mark.skipif(os.name == "nt", reason="the launchers' tests need a POSIX sh")


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (Debian: desktop-file-utils / libglib2.0-bin)")
    return path


def _stub_env(tmp_path: Path, status: int = 0) -> tuple[dict[str, str], Path]:
    """Returns an environment whose python3 records its folder and arguments, and the record."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    record = tmp_path / "record.txt"
    stub = bin_dir / "python3"
    stub.write_text(f'#!/bin/sh\necho "$(pwd -P)|$*" >> "{record}"\nexit {status}\n',
                    encoding="utf-8")
    stub.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}, record


def _runs(record: Path, wait: float = 0.0) -> list[str]:
    deadline = time.monotonic() + wait
    while not record.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2 if wait else 0)  # a second start would show up by now
    return record.read_text(encoding="utf-8").splitlines() if record.exists() else []


def _entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def _exec_argv(value: str, desktop_file: str | None, name: str) -> list[str]:
    """Returns the command of an Exec value, by the Desktop Entry Specification's rules."""
    text = value.replace("\\s", " ").replace("\\n", "\n").replace("\\t", "\t") \
        .replace("\\r", "\r").replace("\\\\", "\\")
    args: list[str] = []
    current, quoted, started, i = "", False, False, 0
    while i < len(text):
        char = text[i]
        if quoted and char == "\\" and i + 1 < len(text) and text[i + 1] in '"`$\\':
            current += text[i + 1]
            i += 2
            continue
        if char == '"':
            quoted, started = not quoted, True
        elif char == " " and not quoted:
            if started:
                args.append(current)
            current, started = "", False
        else:
            assert quoted or char not in "\"'\\><~|&;$*?#()`", f"reserved {char!r} unquoted"
            current, started = current + char, True
        i += 1
    if started:
        args.append(current)
    fields = {"%k": desktop_file, "%c": name, "%%": "%"}
    return [fields.get(a, a) for a in args if fields.get(a, a) is not None]


def test_desktop_entry_is_valid() -> None:
    result = subprocess.run([_need("desktop-file-validate"), str(DESKTOP)],
                            capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


@pytest.mark.parametrize("where, given_file", [
    ("root", False),  # gio launch launchers/tabletop-hall.desktop (it passes no %k)
    ("launchers", False),
    ("elsewhere", True),  # a file manager passes the file as %k
])
def test_desktop_exec_starts_main_py_in_the_game_folder(tmp_path: Path, where: str,
                                                        given_file: bool) -> None:
    env, record = _stub_env(tmp_path)
    cwd = {"root": ROOT, "launchers": LAUNCHERS, "elsewhere": tmp_path}[where]
    entry = _entry(DESKTOP)
    argv = _exec_argv(entry["Exec"], str(DESKTOP) if given_file else None, entry["Name"])
    subprocess.run(argv, cwd=cwd, env=env, check=True, timeout=30)
    assert _runs(record) == [f"{ROOT.resolve()}|main.py"]


@pytest.mark.parametrize("where", ["root", "launchers"])
def test_gio_launch_starts_the_game_from_its_folder(tmp_path: Path, where: str) -> None:
    gio = _need("gio")
    env, record = _stub_env(tmp_path)
    cwd = ROOT if where == "root" else LAUNCHERS
    subprocess.run([gio, "launch", os.path.relpath(DESKTOP, cwd)], cwd=cwd, env=env,
                   check=True, timeout=30)
    assert _runs(record, wait=10) == [f"{ROOT.resolve()}|main.py"]


def test_menu_entry_from_install_script(tmp_path: Path) -> None:
    env, record = _stub_env(tmp_path)
    env["XDG_DATA_HOME"] = str(tmp_path / "share")
    subprocess.run(["sh", str(LAUNCHERS / "install-linux.sh")], env=env, check=True,
                   capture_output=True, timeout=30)
    installed = tmp_path / "share" / "applications" / "tabletop-hall.desktop"
    entry = _entry(installed)
    assert Path(entry["Path"]) == ROOT
    subprocess.run(_exec_argv(entry["Exec"], str(installed), entry["Name"]), cwd=entry["Path"],
                   env=env, check=True, timeout=30)
    assert _runs(record) == [f"{ROOT.resolve()}|main.py"]
    if shutil.which("desktop-file-validate"):
        assert subprocess.run(["desktop-file-validate", str(installed)]).returncode == 0
    subprocess.run(["sh", str(LAUNCHERS / "install-linux.sh"), "--remove"], env=env,
                   check=True, capture_output=True, timeout=30)
    assert not installed.exists()


@pytest.mark.parametrize("status", [0, 3])
def test_macos_command_starts_the_game_once(tmp_path: Path, status: int) -> None:
    env, record = _stub_env(tmp_path, status)
    result = subprocess.run(["bash", str(LAUNCHERS / "Tabletop Hall (macOS).command")],
                            cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == status
    assert _runs(record) == [f"{ROOT.resolve()}|main.py"]
    assert ("see the message above" in result.stdout) == (status != 0)


def test_windows_batch_starts_the_game_once() -> None:
    # No cmd.exe here: the file must name the game on one unconditional line (a `|| python
    # main.py` fallback started it a second time after a failed first run), then pause on error.
    raw = (LAUNCHERS / "Tabletop Hall (Windows).bat").read_bytes()
    assert raw.count(b"\n") == raw.count(b"\r\n"), "cmd.exe needs CRLF line ends"
    lines = [line.strip() for line in raw.decode("ascii").splitlines()]
    starts = [i for i, line in enumerate(lines) if "main.py" in line and not line.startswith("rem")]
    assert len(starts) == 1, starts
    start = lines[starts[0]]
    assert "&&" not in start and "||" not in start and not start.lower().startswith("if")
    after = lines[starts[0] + 1:]
    assert after and after[0].lower().startswith("if errorlevel 1") and "pause" in after
