"""Which scene class plays which game: one line per game, imported lazily by dotted path.

A game without an entry (or whose scene module does not exist yet) gets GenericTableScene.
"""

from __future__ import annotations

import importlib
from typing import Any

# game id → "package.module:ClassName" of its TableScene subclass.
SCENES: dict[str, str] = {
    "deckbuilder": "scenes.deckbuilder.table:DeckbuilderTableScene",
    "duel": "scenes.duel.table:DuelTableScene",
}


def scene_class(game_id: str) -> Any:
    """Returns the TableScene subclass for a game (GenericTableScene when it has none yet)."""
    from scenes.generic import GenericTableScene

    target = SCENES.get(game_id)
    if target is None:
        return GenericTableScene
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only a scene module that is not written yet falls back; a broken import inside an
        # existing module is a bug and must show.
        if exc.name and module_name.startswith(exc.name):
            return GenericTableScene
        raise
    try:
        return getattr(module, class_name)
    except AttributeError:
        raise ImportError(f"{module_name} has no scene class {class_name}") from None
