"""Balance by simulation: docs/coop_campaign/balance.md's table is what seeded batches of
heuristic missions give (the big batch is ``long``: python3 run_tests.py -m long
tests/coop_campaign/test_balance.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rules.coop_campaign import balance

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "coop_campaign" / "balance.md"


def test_a_batch_counts_the_missions_simulate_plays() -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "simulate", "--game", "coop_campaign",
                          "--bot", "heuristic", "--players", "3", "--games", "4", "--seed", "10",
                          "--option", "tile=glade", "--option", "hard=true", "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    games = [json.loads(line) for line in out.stdout.splitlines()]
    won = sum(1 for g in games if g["winners"])
    assert balance.batch("glade", 3, True, 4, seed=10) == balance.Cell(won, 4)


def test_the_document_holds_one_table_with_every_cell_and_its_counts() -> None:
    block = balance.documented(DOC.read_text(encoding="utf-8"))
    rows = [line for line in block.splitlines() if line.startswith("| bridge")
            or line.startswith("| glade")]
    assert len(rows) == len(balance.TILES) * len(balance.SEATS)
    assert all(line.count("/200)") == 2 for line in rows)
    cells = {(t, s, h): balance.Cell(1, 3) for t in balance.TILES for s in balance.SEATS
             for h in (False, True)}
    small = balance.markdown(cells)
    assert "33 % (1/3)" in small
    assert balance.documented(balance.replace_table(DOC.read_text(encoding="utf-8"),
                                                    small)) == small


@pytest.mark.long
def test_the_documented_table_is_the_big_batch() -> None:
    block = balance.markdown(balance.table(200))
    assert balance.documented(DOC.read_text(encoding="utf-8")) == block


def test_a_campaign_batch_counts_what_simulate_plays(short: object) -> None:
    cell = balance.campaign_batch(2, False, 2, seed=3)
    assert cell.campaigns == 2 and cell.won <= cell.reached <= 2 and cell.missions >= 20
    hard = balance.campaign_batch(2, True, 3, seed=0)
    assert hard.won <= hard.reached <= 3 and hard.missions >= 3
    block = balance.campaign_markdown({(2, False): cell, (2, True): hard})
    assert f"| 2 | normal | {cell.share(cell.reached)} % ({cell.reached}/2)" in block
    # per station: the missions played there and won, from the campaigns' news
    assert sum(played for _, played, _ in cell.stations) == cell.missions
    assert [sid for sid, _, _ in cell.stations] == [s.id for s in short.stations]
    first = cell.stations[0]
    assert first[0] == "1" and first[2] == 2 and first[1] >= 2  # both won station 1
    table = balance.station_markdown({(2, False): cell, (2, True): hard})
    assert table.startswith(balance.STATIONS_BEGIN) and "| 2 normal | 2 hard |" in table
    assert f"| 1 | {(200 * 2 + first[1]) // (2 * first[1])} % (2/{first[1]}) |" in table
    text = DOC.read_text(encoding="utf-8")
    assert balance.CAMPAIGN_BEGIN in text and balance.CAMPAIGN_END in text
    assert block in balance.replace_table(text, block, balance.CAMPAIGN_BEGIN,
                                          balance.CAMPAIGN_END)


@pytest.mark.long
def test_the_documented_campaign_table_is_the_batch() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = balance.documented(text, balance.CAMPAIGN_BEGIN, balance.CAMPAIGN_END)
    cells = balance.campaign_table(40)
    assert block == balance.campaign_markdown(cells)
    stations = balance.documented(text, balance.STATIONS_BEGIN, balance.STATIONS_END)
    assert stations == balance.station_markdown(cells)
def test_the_missions_table_has_every_cell_of_missions_4_to_9() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = balance.documented(text, balance.MISSION_BEGIN, balance.MISSION_END)
    rows = [line for line in block.splitlines()
            if line.startswith("| ") and line.split(" ")[1] in balance.MISSIONS]
    assert len(rows) == len(balance.MISSIONS) * len(balance.MISSION_SEATS)
    assert all(line.count(f"/{balance.MISSION_GAMES})") == 2 for line in rows)
    assert balance.documented(text) != block  # the big table of tiles 1 and 2 stays apart


@pytest.mark.long
def test_the_documented_missions_table_is_its_batch() -> None:
    block = balance.mission_table()
    assert balance.documented(DOC.read_text(encoding="utf-8"), balance.MISSION_BEGIN,
                              balance.MISSION_END) == block


@pytest.mark.long
def test_the_documented_boss_table_is_its_batch() -> None:
    block = balance.boss_table()
    assert balance.documented(DOC.read_text(encoding="utf-8"), balance.BOSS_BEGIN,
                              balance.BOSS_END) == block
