"""Fixtures of the content tests: the toy game registered for one test, a private cache dir."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.content import loader
from tests.content import testgame

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Returns a fresh cache folder that the loader uses for this test."""
    path = tmp_path / "cache"
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(path))
    loader.clear_memory_cache()
    return path


@pytest.fixture
def game(cache_dir: Path) -> Iterator[str]:
    """Registers the toy game for one test and removes it afterwards."""
    testgame.register()
    try:
        yield testgame.GAME
    finally:
        testgame.unregister()
        loader.clear_memory_cache()


def write_game(root: Path, files: dict[str, str]) -> Path:
    """Writes YAML files of the toy game below root and returns root (the data dir)."""
    for name, text in files.items():
        path = root / testgame.GAME / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
