"""Crawl content (counts, dials, maps) and whole games with the heuristic bot."""

from __future__ import annotations

from engine import registry
from engine.ai import make_bot
from engine.core.protocol import GameConfig
from engine.rules.crawl.board import load_board
from engine.rules.crawl.core import content

RULES = registry.rules("crawl")


def test_content_counts_and_dials() -> None:
    c = content()
    heroes, spawns = c.all("hero"), c.all("spawn")
    assert len(heroes) >= 12 and len(spawns) >= 30
    for h in heroes:
        assert list(h.level_starts) == sorted(h.level_starts, reverse=True)
        assert all(0 <= s < len(h.clicks) for s in h.level_starts)
        assert list(h.points) == sorted(h.points)
    ranks = {s.rank for s in spawns}
    assert ranks == {"weak", "standard", "strong", "unique"}
    assert {m.id for m in c.all("marker")} == {"weak", "standard", "strong", "overlord"}
    for m in c.all("marker"):
        rolls = sorted(r for row in m.rows for r in range(row.low, row.high + 1))
        assert rolls == list(range(2, 13)), f"{m.id}: every 2d6 total needs one row"
    used = {a for d in [*heroes, *spawns] for click in d.clicks for a in click.abilities}
    used |= {a for ch in c.all("chest") for t in ch.treasures for a in t.abilities}
    assert used == set(c.ids("ability")), "every ability is used by some figure or item"


def test_every_map_loads() -> None:
    c = content()
    sections = [b for b in c.all("board") if b.kind != "board"]
    assert len(sections) >= 18
    for b in c.all("board"):
        board = load_board(b.id, b.map)
        if b.kind == "board":
            assert board.entrances and len(board.section_ids) > 4
        else:
            assert (board.width, board.height) == ((3, 5) if b.kind == "corridor" else (5, 5))
    big = load_board("crypt_hall", "crypt_hall")
    assert (big.width, big.height) == (30, 20)


def _play(players: int, seed: int) -> object:
    state = RULES.new_game(GameConfig.for_players(players), seed)
    bots = [make_bot("heuristic", "crawl", seed=seed + i) for i in range(players)]
    steps = 0
    while not RULES.is_over(state):
        seat = RULES.current_actor(state)
        RULES.apply(state, bots[seat].choose(RULES, state, seat))
        steps += 1
        assert steps < 5000
    return state


def test_heuristic_games_end_in_every_mode() -> None:
    for players in (1, 2, 3):
        state = _play(players, 4)
        outcome = RULES.outcome(state)
        assert outcome is not None and len(outcome.scores) == players


def test_same_seed_same_game() -> None:
    a = _play(2, 8)
    b = _play(2, 8)
    assert RULES.state_hash(a) == RULES.state_hash(b)


def test_builder_section_doors_sit_on_exits() -> None:
    # A door on a side without an exit could never be used: sections join only exit to exit
    # (seed 004, "Sackgassen": an exit that meets a wall is a wall).
    from engine.rules.crawl.builder import section_ids, section_info

    corridors, chambers = section_ids()
    for sid in corridors + chambers:
        _kind, _w, _h, _cells, exits, doors = section_info(sid)
        for side, _door in doors:
            assert side in exits, f"{sid}: a door on side {side} without an exit"
