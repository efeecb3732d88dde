"""Issue 19's numbers for the hard bot: 100 seeded 2-player games against the heuristic bot per
game, seats alternating; hard must win at least 60 of them with decisions of at most one CPU
second at p99. Hours long: ``python run_tests.py -m long tests/ai/test_search_long.py`` (the
same as ``python -m engine match --game G --games 100 --seed 1000``; docs/performance.md)."""

from __future__ import annotations

import pytest

from engine.ai.match import play_match

GAMES = ("deckbuilder", "duel", "crawl")


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_hard_beats_the_heuristic_bot(game: str) -> None:
    report = play_match(game, ("hard", "heuristic"), 100, seed=1000)
    print(report.summary())
    assert report.count("won") >= 60, report.summary()
    assert report.percentile(0.99) <= 1.0, report.summary()
