"""Saves survive updates: a save written by an earlier version replays, or is continued from its
snapshot when the rules or content changed; it is never lost silently.

``tests/fixtures/crawl-save-2026-11-27.json`` was written by the program of 2026-11-27 and is
kept as it is: whatever the crawl's rules and content become, it must stay loadable. So is
``tests/fixtures/crawl-campaign-save-2026-11-28.json``, a solitaire campaign of the old form
(option ``campaign``: every floor inside one state) saved on its second floor by the program
of 2026-11-28, before the campaign moved onto the campaign layer.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from engine import registry
from engine.content.loader import load_game_content
from engine.core.errors import RecordError
from engine.core.record import (
    CONTINUABLE,
    GameRecord,
    continue_from_snapshot,
    read_record,
    replay,
)
from engine.core.rng import Rng
from engine.rules.crawl import core

ROOT = Path(__file__).resolve().parents[2]
OLD_SAVE = ROOT / "tests" / "fixtures" / "crawl-save-2026-11-27.json"
OLD_CAMPAIGN = ROOT / "tests" / "fixtures" / "crawl-campaign-save-2026-11-28.json"


def _load(record: GameRecord):
    """Loads a record as the load screen does when the player agrees to go on."""
    try:
        return replay(record)
    except RecordError as exc:
        assert exc.key in CONTINUABLE, exc
        return continue_from_snapshot(record)


def _play_on(session, steps: int, seed: int) -> None:
    rng = Rng(seed)
    for _ in range(steps):
        if session.is_over:
            return
        session.apply(rng.choice(session.rules.legal_actions(session.state)))


def _round_trip(session) -> None:
    record = GameRecord.from_json(json.loads(json.dumps(session.record().to_json())))
    again = replay(record)
    assert again.hashes == session.hashes


@pytest.fixture
def changed_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The crawl's content with the classic spawn pool in another order (a content update)."""
    shutil.copytree(ROOT / "data" / "crawl", tmp_path / "crawl",
                    ignore=shutil.ignore_patterns("maps"))
    (tmp_path / "crawl" / "maps").symlink_to(ROOT / "data" / "crawl" / "maps")
    pools = tmp_path / "crawl" / "pools.yaml"
    data = yaml.load(pools.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    for pool in data["pool"]:
        if pool["id"] == "classic":
            pool["spawns"].reverse()
    pools.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    content = load_game_content("crawl", tmp_path, use_cache=False)
    monkeypatch.setattr(core, "_CONTENT", [content])
    return content


def test_the_save_of_2026_11_27_still_loads_and_plays_on() -> None:
    session = _load(read_record(OLD_SAVE))
    assert not session.is_over
    _play_on(session, 40, 3)
    _round_trip(session)


def test_an_old_in_state_campaign_still_loads_and_goes_down_its_floors() -> None:
    from engine.ai import make_bot
    from scenes import saves

    record = read_record(OLD_CAMPAIGN)
    assert record.config.options == {"campaign": True}
    session = replay(record)  # replays exactly: the old code path is kept for it
    assert saves.describe(OLD_CAMPAIGN).campaign == ""  # a single game's save, as it was
    state = session.state
    assert state.supply["floor"] == 2 and state.phase == "play" and not session.is_over
    assert "floor_game" not in state.supply
    # It goes on as it did: the next floor is laid in the same state, never ending the game.
    bot = make_bot("heuristic", "crawl", seed=record.seed)
    floors = set()
    while not session.is_over:
        session.apply(bot.choose(session.rules, session.state, 0))
        floors.add(session.state.supply["floor"])
    assert floors == {2, 3} and session.state.reason != "floor_done"
    _round_trip(session)


def test_after_a_content_change_the_save_continues_from_its_snapshot(changed_content) -> None:
    record = read_record(OLD_SAVE)
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.key == "save.content_changed"
    session = continue_from_snapshot(record)
    rules = registry.rules("crawl")
    # The position is the saved one, under the new content.
    assert rules.state_to_dict(session.state) == session.base
    assert rules.view(session.state, 0)["phase"] == "play"
    assert not session.can_undo() and session.actions == []
    _play_on(session, 40, 5)
    # The continued game's own record replays exactly (it starts from its base).
    _round_trip(session)


def test_after_a_rules_update_the_save_continues_from_its_snapshot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = registry.rules("crawl")
    monkeypatch.setattr(rules, "rules_version", "2")
    record = read_record(OLD_SAVE)
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.key == "save.rules_version"
    session = continue_from_snapshot(record)
    _play_on(session, 20, 9)
    assert session.record().rules_version == "2"
    _round_trip(session)


def test_a_snapshot_that_no_longer_fits_is_refused_with_the_save_error() -> None:
    data = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    data["snapshot"]["figures"] = "no longer a list"
    with pytest.raises(RecordError) as err:
        continue_from_snapshot(GameRecord.from_json(data))
    assert err.value.key == "save.snapshot_unusable"
    del data["snapshot"]
    with pytest.raises(RecordError) as err:
        continue_from_snapshot(GameRecord.from_json(data))
    assert err.value.key == "save.snapshot_missing"


def test_the_load_screen_offers_to_continue_and_keeps_the_file(changed_content, tmp_path: Path
                                                               ) -> None:
    from scenes.app import App
    from scenes.crawl.table import CrawlTableScene
    from scenes.dialogs import MessageDialog
    from scenes.loadgame import open_save
    from scenes.userdata import Settings

    path = tmp_path / "old.json"
    shutil.copy(OLD_SAVE, path)
    before = path.read_bytes()
    for lang, title in (("en", "A save from an earlier version"),
                        ("de", "Ein Spielstand aus einer früheren Version")):
        app = App(Settings(language=lang), headless=True)
        assert not open_save(app, path)
        dialog = app.top
        assert isinstance(dialog, MessageDialog) and dialog.title == title
        app.step([], 1 / 60)
        if lang == "de":
            dialog.back()  # Cancel: nothing happens to the file
            assert not isinstance(app.top, CrawlTableScene)
        else:
            dialog.buttons[0][1]()  # Continue from there
            assert isinstance(app.top, CrawlTableScene)
            assert app.top.session.base is not None
        while app.stack:
            app.stack.pop().exit()
        assert path.read_bytes() == before
