"""Tests that every module under engine/core serves a game (issue #12, item 4: shared mechanics
that are really shared): each is imported, directly or through other core modules, by a game's
rules or by the session, or it is named in the allowlist below with the issue that will use it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
CORE = ENGINE / "core"

# The roots: every game's rules, the session that runs any game (saves, undo, records) and the
# command line, whose scenario runner plays the games' scenario files (engine/core/scenario.py).
ROOT_DIRS = (ENGINE / "rules",)
ROOT_FILES = (CORE / "session.py", ENGINE / "cli.py")

# Core modules no game imports yet. Each entry names the planned user; remove an entry as soon as
# a game imports the module (the test below fails on stale entries), and delete a module whose
# planned user gives it up.
NOT_YET_USED: dict[str, str] = {}
if not (ENGINE / "rules" / "heroes").is_dir():
    # the Heroes battle runs as a sub-game of the adventure (branch heroes-combat imports it);
    # once the Heroes rules are merged the entry is not needed and not made
    NOT_YET_USED["subgame"] = "issue #15: the Heroes battle as a sub-game (branch heroes-combat)"
if not (CORE / "flow.py").is_file():
    # FlowState.order in engine/core/flow.py (branch core-flow, used by the duel and the
    # deck-builder) imports it; once that is merged the entry is not needed and not made
    NOT_YET_USED["turnorder"] = "issue #12 item 1: engine/core/flow.py (branch core-flow)"


def _core_imports(path: Path) -> set[str]:
    """Returns the engine.core modules a file imports, at top level or inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("engine.core."):
                    out.add(alias.name.split(".")[2])
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "engine.core":
                out.update(alias.name for alias in node.names)
            elif node.module.startswith("engine.core."):
                out.add(node.module.split(".")[2])
    return out


def core_modules() -> set[str]:
    """Returns the names of the modules under engine/core (without the package file)."""
    return {p.stem for p in CORE.glob("*.py") if p.stem != "__init__"}


def used_core_modules() -> set[str]:
    """Returns the core modules reached from the games and the session through imports."""
    files = [p for d in ROOT_DIRS for p in sorted(d.rglob("*.py"))] + list(ROOT_FILES)
    todo: set[str] = set()
    for path in files:
        todo |= _core_imports(path)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or not (CORE / f"{name}.py").is_file():
            continue
        seen.add(name)
        todo |= _core_imports(CORE / f"{name}.py")
    return seen | {p.stem for p in ROOT_FILES if p.parent == CORE}


def test_every_core_module_is_used_by_a_game_or_planned() -> None:
    unused = core_modules() - used_core_modules() - set(NOT_YET_USED)
    assert not unused, (
        f"engine/core modules no game uses: {sorted(unused)}; use them from a game, "
        "delete them, or add them to NOT_YET_USED with the issue that will use them")


def test_the_allowlist_holds_only_unused_existing_modules() -> None:
    assert set(NOT_YET_USED) <= core_modules(), "NOT_YET_USED names a module that is gone"
    stale = set(NOT_YET_USED) & used_core_modules()
    assert not stale, f"now used by a game, remove from NOT_YET_USED: {sorted(stale)}"


def test_the_scan_sees_local_and_package_imports(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text(
        "from engine.core import dice, rng\n"
        "import engine.core.hexgrid\n"
        "def f():\n    from engine.core.deck import Deck\n"
        "from .x import y\n",
        encoding="utf-8")
    assert _core_imports(src) == {"dice", "rng", "hexgrid", "deck"}
