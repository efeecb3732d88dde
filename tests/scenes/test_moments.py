"""The shared moments runner (scenes/moments.py) and each game's screens module."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import registry
from scenes import moments


def test_every_game_with_scenes_has_moments() -> None:
    root = Path(__file__).resolve().parents[2] / "scenes"
    games = [g for g in registry.game_ids() if (root / g).is_dir()]
    assert games
    for game in games:
        module = moments.moments_module(game)
        assert module.MOMENTS and len(set(module.MOMENTS)) == len(module.MOMENTS)
        assert callable(module.open_moment)


def test_render_writes_one_picture_per_moment_and_language(tmp_path: Path) -> None:
    paths = moments.render("crawl", tmp_path, ["builder"], ("de",), seed=3)
    assert [p.name for p in paths] == ["crawl-builder-de.png"]
    assert paths[0].stat().st_size > 10_000


def test_bad_arguments_are_refused_with_a_message(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        moments.main(["nogame", str(tmp_path)])
    assert exc.value.code == 2
    assert "no scenes.nogame.screens module" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        moments.main(["duel", str(tmp_path), "--only", "nosuch"])
    assert "unknown moment(s) nosuch" in capsys.readouterr().err
