"""Regenerates docs/screenshots/: every shared scene and every game's moments, German and English.

Shared scenes go to docs/screenshots/<scene>_<lang>.png; each game's table moments (played by
bots or set up through the rules' scenario vocabulary) to docs/screenshots/<game>/, written by
scenes/moments.py from the game's own ``scenes.<game>.screens`` module.

Runs in-process and headless. Game scenes show the first registered game whose rules load;
when none does yet, the test toy game (tests/toy) stands in, with its texts supplied here. The
load screen is shown with a private user folder holding a few saves (one of them damaged).

    python tools/screenshots.py [--out docs/screenshots] [--only SCENE ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Texts of the toy stand-in game (its catalog lives with the tests, not in data/i18n).
TOY_TEXTS = {
    "en": {
        "toy.title": "Pig's Secret", "toy.blurb": "Roll, press your luck, bank before a one.",
        "toy.option.target": "Points to win", "toy.prompt.roll": "Roll the die or hold "
        "(turn total {total}).", "toy.prompt.six": "A six! Bank {total} or press on?",
        "toy.event.roll": "Seat {seat} rolls a {value}.", "toy.event.bust": "Seat {seat} rolls "
        "a one and loses the turn.", "toy.event.press": "Seat {seat} presses on.",
        "toy.event.bank": "Seat {seat} banks the turn total.", "toy.event.end": "The secret "
        "cards are revealed.", "toy.bd.score": "Score", "toy.bd.before": "before",
        "toy.bd.banked": "banked", "toy.action.roll": "Roll the die", "toy.action.hold": "Hold",
        "toy.action.bank": "Bank now", "toy.action.press": "Press on",
    },
    "de": {
        "toy.title": "Schweinsgeheimnis", "toy.blurb": "Würfeln, Glück herausfordern, "
        "sichern vor der Eins.", "toy.option.target": "Punkte zum Sieg",
        "toy.prompt.roll": "Würfeln oder sichern (Zugsumme {total}).",
        "toy.prompt.six": "Eine Sechs! {total} sichern oder weiter?",
        "toy.event.roll": "Platz {seat} würfelt eine {value}.", "toy.event.bust": "Platz {seat} "
        "würfelt eine Eins und verliert den Zug.", "toy.event.press": "Platz {seat} macht weiter.",
        "toy.event.bank": "Platz {seat} sichert die Zugsumme.", "toy.event.end": "Die "
        "Geheimkarten werden aufgedeckt.", "toy.bd.score": "Punkte", "toy.bd.before": "vorher",
        "toy.bd.banked": "gesichert", "toy.action.roll": "Würfeln", "toy.action.hold": "Sichern",
        "toy.action.bank": "Jetzt sichern", "toy.action.press": "Weiter würfeln",
    },
}


def playable_game() -> str:
    """Returns the first registered game whose rules load, registering the toy if none does."""
    from engine import registry

    for game_id in registry.game_ids():
        try:
            registry.rules(game_id)
            return game_id
        except Exception:  # noqa: BLE001 - a game still being written is skipped
            continue
    from tests.toy import register_toy

    register_toy()
    return "toy"


def game_moments(out: Path, games: list[str]) -> None:
    """Renders each game's moments (scenes/moments.py) in its own process, as each game's
    scenes set up their own app."""
    import subprocess

    for game in games:
        folder = out / game
        subprocess.run([sys.executable, "-m", "scenes.moments", game, str(folder)], cwd=ROOT,
                       check=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
        print(f"wrote {folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder}/")


def games_with_moments() -> list[str]:
    """Returns the registered games that have a screens module."""
    from engine import registry

    return [g for g in registry.game_ids() if (ROOT / "scenes" / g / "screens.py").exists()]


def make_saves(game_id: str) -> None:
    """Writes two saves and a damaged file into the (private) saves folder."""
    from engine.core.record import write_atomic
    from engine.core.session import Session
    from scenes import saves
    from scenes.screens import play_out, seats_for

    session = Session.start(game_id, seats_for(game_id, 1), 11)
    for _ in range(6):
        if session.is_over:
            break
        session.apply(session.rules.legal_actions(session.state)[0])
    text = saves.serialise(session.record(meta=saves.meta_for(session, autosave=True)))
    write_atomic(saves.autosave_path(game_id), text)
    finished = Session.start(game_id, seats_for(game_id, 2), 12)
    play_out(finished, 12)
    write_atomic(saves.userdata.saves_dir() / f"{game_id}-finished.json",
                 saves.serialise(finished.record(meta=saves.meta_for(finished, autosave=False))))
    write_atomic(saves.userdata.saves_dir() / "broken.json", '{"format": "tabletop-hall/rec')


def main(argv: list[str] | None = None) -> int:
    """Returns 0 after writing every screenshot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", nargs="*", help="scene names to render (default: all)")
    parser.add_argument("--games", nargs="*", default=None,
                        help="games whose moments to render (default: all; none with --only)")
    args = parser.parse_args(argv)
    home = tempfile.mkdtemp(prefix="tabletop-shots-")
    os.environ["TABLETOP_HOME"] = home
    import scenes.app
    from scenes import table
    from scenes.screens import SCENE_NAMES, screenshot
    from scenes.userdata import Settings

    game_id = playable_game()
    if game_id == "toy":
        table.WORKER_INIT.append("tests.toy:register_toy")
        original = scenes.app.Catalog.load

        def load_with_toy(lang: str, *a: object, **k: object) -> object:
            catalog = original(lang, *a, **k)  # type: ignore[arg-type]
            catalog.entries.update(TOY_TEXTS[lang])
            return catalog

        scenes.app.Catalog.load = load_with_toy  # type: ignore[method-assign]
    make_saves(game_id)
    out = Path(args.out)
    for name in args.only or SCENE_NAMES:
        for lang in ("de", "en"):
            path = out / f"{name}_{lang}.png"
            screenshot(path, name, game=game_id, seed=5, lang=lang,
                       settings=Settings(language=lang))
            print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    games = args.games if args.games is not None else \
        ([] if args.only else games_with_moments())
    game_moments(out, games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
