"""Architecture rules from DESIGN.md that a test can enforce.

- Importing every ``engine`` module never imports pygame or scenes.
- No ambient randomness under ``engine/``: no ``random`` module, clock, ``id()``/``hash()``,
  OS entropy, and no iteration over sets (their order varies between processes).
- ``scenes/`` never imports a game's rules package (``engine.rules.<game>``): scenes reach a
  game's rules only through ``engine.registry`` and the protocol (views and previews), so a rule
  has one copy, in the rules.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"
ALLOW = "# ok-determinism"


def _engine_modules() -> list[str]:
    mods = []
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts[-1] == "__main__":
            continue
        mods.append(".".join(parts))
    return mods


def test_engine_never_imports_pygame_or_scenes() -> None:
    code = (
        "import sys, importlib\n"
        f"for m in {_engine_modules()!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'scenes'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "", f"engine imports: {out.stdout.strip()}"


_BANNED_MODULES = {"random", "secrets", "uuid", "pygame", "scenes"}
_BANNED_CALLS = {
    ("time", "time"), ("time", "monotonic"), ("time", "perf_counter"), ("time", "time_ns"),
    ("datetime", "now"), ("datetime", "today"), ("date", "today"), ("os", "urandom"),
}
_BANNED_BUILTINS = {"id", "hash"}


def _problems(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text, filename=str(path))
    out = []

    def report(node: ast.AST, what: str) -> None:
        line = lines[node.lineno - 1]
        if ALLOW not in line:
            out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in _BANNED_MODULES:
                    report(node, f"imports {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in _BANNED_MODULES:
                report(node, f"imports from {node.module}")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                if (func.value.id, func.attr) in _BANNED_CALLS:
                    report(node, f"calls {func.value.id}.{func.attr}()")
            elif isinstance(func, ast.Name) and func.id in _BANNED_BUILTINS:
                report(node, f"calls {func.id}()")
        elif isinstance(node, ast.For | ast.comprehension):
            it = node.iter
            if isinstance(it, ast.Set | ast.SetComp) or (
                isinstance(it, ast.Call) and isinstance(it.func, ast.Name)
                and it.func.id in ("set", "frozenset")
            ):
                report(node if isinstance(node, ast.For) else it, "iterates over a set")
    return out


def test_no_ambient_randomness_under_engine() -> None:
    problems = []
    for path in sorted(ENGINE.rglob("*.py")):
        problems.extend(_problems(path))
    assert not problems, "\n".join(problems)


def test_the_checker_catches_what_it_should(tmp_path: Path) -> None:
    bad = ENGINE / "_probe_for_test.py"
    try:
        bad.write_text("import random\nimport time\nx = time.time()\nfor a in {1, 2}:\n    pass\n"
                       "y = id(x)\n")
        found = _problems(bad)
    finally:
        bad.unlink()
    assert len(found) == 4, found


SCENES = ROOT / "scenes"
_IMPORTERS = {"import_module", "__import__"}


def _rules_imports(path: Path, root: Path = ROOT) -> list[str]:
    """Returns every place in a module that imports ``engine.rules`` or a module under it:
    import statements, ``from engine import rules`` and importlib calls with a literal name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []

    def bad(name: str) -> bool:
        return name == "engine.rules" or name.startswith("engine.rules.")

    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            if called in _IMPORTERS and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                names = [node.args[0].value]
        for name in names:
            if bad(name):
                out.append(f"{path.relative_to(root)}:{node.lineno}: imports {name}")
                break
    return out


def test_scenes_reach_rules_only_through_the_registry() -> None:
    problems = []
    for path in sorted(SCENES.rglob("*.py")):
        problems.extend(_rules_imports(path))
    assert not problems, "\n".join(problems)


def test_the_import_contract_catches_every_spelling(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import engine.rules.crawl.core\n"
                     "from engine.rules.duel import pairing\n"
                     "from engine import rules\n"
                     "import importlib\n"
                     "m = importlib.import_module('engine.rules.crawl.view')\n"
                     "n = __import__('engine.rules')\n"
                     "from engine import registry\n"
                     "from engine.core.squaregrid import arc_squares\n"
                     "from engine.rulesbook import x\n")
    found = _rules_imports(probe, tmp_path)
    assert [line.split(":")[1] for line in found] == ["1", "2", "3", "5", "6"], found

