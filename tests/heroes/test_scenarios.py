"""The seed's worked examples and the spec's test cases as scenario files (tests/heroes/scenarios)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import assert_scenario

HERE = Path(__file__).parent / "scenarios"


@pytest.mark.parametrize("path", sorted(HERE.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    assert_scenario(path)
