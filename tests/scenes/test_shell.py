"""The command line, the load screen with bad files, settings, widgets and launch time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def _main() -> Any:
    from tabletop_hall import launcher

    return launcher


@pytest.mark.parametrize("argv", [
    ["--bogus"],
    ["--scene", "menu"],
    ["--screenshot", "x.png"],
    ["--screenshot", "x.png", "--scene", "nowhere"],
    ["--lang", "fr"],
    ["--screenshot", "x.png", "--scene", "menu", "--size", "huge"],
    ["--screenshot", "x.png", "--scene", "menu", "--seed", "abc"],
    ["--screenshot", "x.jpg", "--scene", "menu"],
])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], capsys: Any) -> None:
    assert _main().main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unknown_game_for_screenshot_exits_2(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "x.png"
    assert _main().main(["--screenshot", str(out), "--scene", "table", "--game", "nope"]) == 2
    assert "nope" in capsys.readouterr().err and not out.exists()


def test_bad_arguments_in_a_real_process() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frobnicate"],
                            capture_output=True, text=True, env=ENV, timeout=60)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


def test_screenshot_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    assert _main().main(["--screenshot", str(out), "--scene", "menu", "--lang", "de",
                         "--size", "800x450"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 450)


def test_crash_is_logged_not_shown(monkeypatch: pytest.MonkeyPatch, capsys: Any,
                                   private_home: Path) -> None:
    main = _main()

    def boom(args: Any) -> int:
        raise RuntimeError("kaputt")

    monkeypatch.setattr(main, "run", boom)
    assert main.main([]) == 1
    err = capsys.readouterr().err
    assert "kaputt" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "Traceback" in (private_home / "tabletop-hall.log").read_text(encoding="utf-8")


def _write_bad_saves(home: Path) -> list[Path]:
    folder = home / "saves"
    folder.mkdir(parents=True)
    files = {
        "cut.json": '{"format": "tabletop-hall/record", "format_ver',
        "foreign.json": '{"hello": "world"}',
        "newer.json": json.dumps({"format": "tabletop-hall/record", "format_version": 99}),
        "binary.json": "\udcff",
        "other-game.json": json.dumps({
            "format": "tabletop-hall/record", "format_version": 1, "game": "nogame",
            "rules_version": "1", "content_hash": "x", "seed": 1, "actions": [],
            "config": {"seats": [{"kind": "human"}, {"kind": "human"}]}}),
    }
    paths = []
    for name, text in files.items():
        path = folder / name
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        paths.append(path)
    return paths


def test_load_screen_survives_bad_saves(app: Any, private_home: Path) -> None:
    from scenes.dialogs import MessageDialog
    from scenes.loadgame import LoadScene

    paths = _write_bad_saves(private_home)
    scene = LoadScene(app)
    app.push(scene)
    app.step([], 1 / 60)
    assert len(scene.list.rows) == len(paths)
    for i in range(len(paths)):
        rect = scene.list.row_rect(i)
        scene.selected = None
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)], 0.01)
        scene.open_selected()
        assert isinstance(app.top, MessageDialog), paths[i].name
        app.step([], 1 / 60)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                     unicode="")], 0.01)
        assert app.top is scene
    assert app.running


def test_load_screen_opens_a_good_save(app: Any, private_home: Path) -> None:
    from engine.core.protocol import GameConfig
    from engine.core.session import Session
    from scenes import saves
    from scenes.loadgame import LoadScene, open_save
    from scenes.table import TableScene

    session = Session.start("toy", GameConfig.for_players(2, bots=False), 3)
    session.apply(session.rules.legal_actions(session.state)[0])
    path = saves.new_slot_path("toy")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.serialise(session.record(meta=saves.meta_for(session, autosave=False))),
                    encoding="utf-8")
    app.push(LoadScene(app))
    app.step([], 1 / 60)
    assert open_save(app, path)
    assert isinstance(app.top, TableScene) and app.top.save_path == path
    assert app.top.session.hashes == session.hashes


def test_continue_finds_the_latest_unfinished_save(app: Any, private_home: Path) -> None:
    from engine.core.protocol import GameConfig
    from engine.core.session import Session
    from scenes import saves
    from scenes.menu import MainMenuScene

    menu = MainMenuScene(app)
    app.push(menu)
    assert menu.continue_path is None
    session = Session.start("toy", GameConfig.for_players(2, bots=False), 3)
    path = saves.autosave_path("toy")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.serialise(session.record(meta=saves.meta_for(session, autosave=True))),
                    encoding="utf-8")
    menu.resume()
    assert menu.continue_path == path


def test_settings_are_remembered(app: Any, private_home: Path) -> None:
    from scenes.settings import SettingsScene
    from scenes.userdata import Settings

    app.push(SettingsScene(app))
    app.set_language("de")
    app.settings.anim_speed = 0.5
    app.settings.save()
    stored = Settings.load()
    assert stored.language == "de" and stored.anim_speed == 0.5
    assert app.t("menu.settings") == "Einstellungen"
    (private_home / "settings.json").write_text('{"language": "xx", "volume": "loud", '
                                                '"window_size": [1280, 720]}')
    broken = Settings.load()
    assert broken.language in ("de", "en") and broken.volume == 0.7
    assert broken.window_size == (1280, 720)


def test_setup_screen_builds_a_config(app: Any) -> None:
    from scenes.newgame import SetupScene
    from scenes.table import TableScene

    setup = SetupScene(app, "toy")
    app.push(setup)
    setup._set_players(3)
    setup.seats[0]["name"] = "Ada"
    setup.seats[2]["kind"] = "human"
    setup.options["target"] = 30
    setup.seed_text = "77"
    config = setup.config()
    assert [s.kind for s in config.seats] == ["human", "bot", "human"]
    # A name nobody typed is not stored (issue 18: "Player 2" stayed English in a German game).
    assert config.seats[0].name == "Ada" and config.seats[1].name == ""
    assert config.options == {"target": 30} and setup.seed() == 77
    setup.start()
    assert isinstance(app.top, TableScene) and app.top.session.seed == 77
    app.set_language("de")
    assert app.top.seat_name(1) == "Spieler 2" and app.top.seat_name(0) == "Ada"


def test_widgets_react_to_input(app: Any) -> None:
    from scenes.widgets import Button, Cycler, Slider, TextInput, Toggle

    clicks: list[int] = []
    button = Button((0, 0, 100, 40), "Go", lambda: clicks.append(1))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10))
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(10, 10))
    assert button.handle(down) and button.handle(up) and clicks == [1]
    button.enabled = False
    assert not button.handle(down)
    values: list[Any] = []
    cycler = Cycler((0, 0, 300, 40), [(1, "a"), (2, "b"), (3, "c")], 2, values.append)
    cycler.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 20)))
    cycler.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(150, 20)))
    assert values == [1, 2]
    field = TextInput((0, 0, 200, 40), "", values.append, max_len=3, allowed=str.isdigit)
    field.handle(down)
    for ch in "4x567":
        field.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert field.text == "456"
    toggle = Toggle((0, 0, 200, 40), "T", False, values.append)
    toggle.handle(down)
    assert values[-1] is True
    slider = Slider((0, 0, 400, 40), 0.5, values.append)
    slider.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                     pos=(slider.track.right, 20)))
    assert values[-1] == 1.0


def test_animations_follow_the_speed_setting() -> None:
    from scenes.anim import Animator, DiceTumble, DieSpec, Tween

    animator = Animator(speed=2.0)
    tween = animator.add(Tween(0.0, 10.0, 1.0))
    animator.update(0.25)
    assert 0 < tween.value < 10 and animator.busy
    animator.update(0.3)
    assert tween.done and not animator.busy
    dice = DiceTumble([DieSpec((100, 100), 4), DieSpec((170, 100), 2)], duration=0.5)
    off = Animator(speed=0.0)
    off.add(dice)
    assert dice.done and dice.shown == [4, 2]


# Launch time is a benchmark (python -m engine bench --only ui_menu_first_frame), not a test.


def test_rules_pages_turn_with_arrows_not_the_undo_icons(app: Any, monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """Issue 18: the rules pages used the undo/redo icons for turning pages."""
    from scenes import assets
    from scenes.rules import RulesScene
    from scenes.widgets import Button

    scene = RulesScene(app, "crawl")
    app.push(scene)
    app.step([], 1 / 60)
    turners = [w for w in scene.widgets if isinstance(w, Button)
               and w.hotkey in (pygame.K_LEFT, pygame.K_RIGHT)]
    assert len(turners) == 2
    assert {w.icon for w in turners}.isdisjoint({"ui.undo", "ui.redo"})
    # One arrow, turned each way: the two buttons do not show the same picture.
    left, right = (assets.asset_icon(w.icon or "", 40) for w in turners)
    assert pygame.image.tobytes(left, "RGBA") != pygame.image.tobytes(right, "RGBA")
    # The manifest refuses a turn that is not a quarter.
    (tmp_path / "bad.yaml").write_text('x.arrow: {icon: plain-arrow, turn: 45}\n')
    monkeypatch.setattr(assets, "MANIFEST_DIR", tmp_path)
    with pytest.raises(assets.AssetError, match="turn 0/90/180/270"):
        assets._load_manifest()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_menu_tooltips_keep_clear_of_the_other_buttons(app: Any, lang: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: the Continue tooltip covered Load game."""
    from scenes import widgets
    from scenes.menu import MainMenuScene

    app.set_language(lang)
    menu = MainMenuScene(app)
    app.push(menu)
    boxes: list[pygame.Rect] = []
    real = widgets.tooltip_box
    monkeypatch.setattr(widgets, "tooltip_box", lambda *a: boxes.append(real(*a)) or boxes[-1])
    buttons = [w for w in menu.widgets if isinstance(w, widgets.Button)]
    for button in buttons:
        boxes.clear()
        app.mouse = button.rect.center
        for _ in range(30):
            app.step([], 1 / 60)
        assert boxes, button.label
        for other in buttons:
            assert not boxes[-1].colliderect(other.rect), (button.label, other.label)
