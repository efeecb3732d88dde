"""The seed's worked examples as scenario files, run by the shared scenario runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import assert_scenario

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    assert_scenario(path)
