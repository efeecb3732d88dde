"""The menu and the load screen with hostile files in the saves folder (issue #11).

Each file once made the program exit at every launch. Now the menu shows, "continue" picks
the good save, and the load screen lists every bad file as damaged.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pygame

from engine.core.protocol import GameConfig
from engine.core.session import Session
from scenes import saves


def _good_record() -> dict[str, Any]:
    session = Session.start("toy", GameConfig.for_players(2, bots=False), 3)
    for _ in range(4):
        session.apply(session.rules.legal_actions(session.state)[0])
    return session.record(meta=saves.meta_for(session, autosave=False)).to_json()


def _hostile_files() -> dict[str, str]:
    """Returns file name → text of every malformed save the hostile testing found."""
    files = {}
    data = _good_record()
    data["meta"] = [1, 2, 3]
    files["meta-not-object.json"] = json.dumps(data)
    data = _good_record()
    data["seed"] = "BIG"
    files["int-4400-digits.json"] = json.dumps(data).replace('"BIG"', "7" * 4400)
    data = _good_record()
    data["meta"] = "DEEP"
    files["nested-1000.json"] = json.dumps(data).replace('"DEEP"', "[" * 1000 + "]" * 1000)
    data = _good_record()
    data["format_version"] = 0
    files["version-0.json"] = json.dumps(data)
    data = _good_record()
    data["format_version"] = True
    files["version-true.json"] = json.dumps(data)
    data = _good_record()
    data["hashes"] = data["hashes"][:2]
    files["hashes-cut.json"] = json.dumps(data)
    data = _good_record()
    data["actions"][1] = {"kind": "roll", "args": [1]}
    files["action-broken.json"] = json.dumps(data)
    data = _good_record()
    data["snapshot"] = [1]
    files["snapshot-list.json"] = json.dumps(data)
    text = json.dumps(_good_record())
    files["cut-short.json"] = text[: len(text) * 2 // 3]
    return files


def _hostile_folder(home: Path) -> tuple[list[Path], Path]:
    folder = home / "saves"
    folder.mkdir(parents=True)
    bad = []
    for name, text in _hostile_files().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        bad.append(path)
    # An action argument named "kind" once crashed the reader; it is read now, and refused
    # when the replay finds the action illegal.
    data = _good_record()
    data["actions"][0]["args"]["kind"] = "x"
    kind_arg = folder / "action-arg-kind.json"
    kind_arg.write_text(json.dumps(data), encoding="utf-8")
    good = folder / "toy-good.json"
    good.write_text(json.dumps(_good_record()), encoding="utf-8")
    # Every damaged file is newer than the good save: "continue" must step over them.
    for i, path in enumerate([kind_arg, good, *bad]):
        stamp = 1_700_000_000 + i
        os.utime(path, (stamp, stamp))
    return bad + [kind_arg], good


def test_the_menu_shows_and_continues_past_bad_saves(app: Any, private_home: Path) -> None:
    from scenes.menu import MainMenuScene

    bad, good = _hostile_folder(private_home)
    menu = MainMenuScene(app)
    app.push(menu)
    for _ in range(3):
        app.step([], 1 / 60)
    assert app.running and app.top is menu
    assert menu.continue_path == good


def test_the_load_screen_lists_bad_saves_as_damaged(app: Any, private_home: Path) -> None:
    from scenes.dialogs import MessageDialog
    from scenes.loadgame import LoadScene
    from scenes.table import TableScene

    bad, good = _hostile_folder(private_home)
    scene = LoadScene(app)
    app.push(scene)
    app.step([], 1 / 60)
    scene.checker.join(10)
    app.step([], 1 / 60)
    rows = {row.value.name: row for row in scene.list.rows}
    assert set(rows) == {p.name for p in [*bad, good]}
    damaged = {name for name, row in rows.items() if row.data.error is not None}
    assert damaged == {p.name for p in bad if p.name != "action-arg-kind.json"}
    for name in damaged:
        assert rows[name].tooltip, name  # the reason, in the player's language
        assert "save." not in " ".join(rows[name].tooltip)
    surface = pygame.Surface((1600, 900))
    scene.draw(surface)  # every row paints, damaged or not
    for path in bad:
        scene.selected = path
        scene.open_selected()
        assert isinstance(app.top, MessageDialog), path.name
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")],
                 0.01)
        assert app.top is scene
    scene.selected = good
    scene.open_selected()
    assert isinstance(app.top, TableScene)
    assert app.running
