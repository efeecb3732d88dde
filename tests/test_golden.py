"""Golden games: recorded bot games that must replay to exactly the same hashes.

A failure means the rules, the content or the RNG changed the course of a recorded game. If the
change is intended, record the game again (see tests/golden/README.md) and say why in the commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.record import read_record, replay

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_identically(path: Path) -> None:
    record = read_record(path)
    session = replay(record, verify=True)
    assert session.hashes == record.hashes
    assert session.is_over, "a golden game is a finished game"


def test_there_is_a_golden_game() -> None:
    assert GOLDEN
