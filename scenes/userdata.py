"""Where the player's files live (saves, settings, log) and the remembered settings."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

APP_DIR_NAME = "tabletop-hall"
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
ANIM_SPEEDS = (0.0, 0.5, 1.0, 1.5, 2.0)  # 0 = no animation
MAX_SETTINGS_BYTES = 64 * 1024  # the real file is a few hundred bytes


def home() -> Path:
    """Returns the user data folder (env TABLETOP_HOME overrides ~/.local/share/tabletop-hall)."""
    override = os.environ.get("TABLETOP_HOME")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR_NAME


def saves_dir() -> Path:
    """Returns the folder that holds save files."""
    return home() / "saves"


def log_path() -> Path:
    """Returns the path of the crash log."""
    return home() / "tabletop-hall.log"


def settings_path() -> Path:
    """Returns the settings file (TABLETOP_HOME/settings.json or ~/.config/tabletop-hall/)."""
    if os.environ.get("TABLETOP_HOME"):
        return home() / "settings.json"
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP_DIR_NAME / "settings.json"


def default_language() -> str:
    """Returns 'de' when the system locale is German, else 'en'."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


class Settings:
    """The player's preferences, stored as JSON."""

    # A plain class rather than a dataclass: importing dataclasses costs launch time.
    def __init__(self, language: str = "", fullscreen: bool = False,
                 window_size: tuple[int, int] = (1600, 900), volume: float = 0.7,
                 anim_speed: float = 1.0, last_names: tuple[str, ...] = ()) -> None:
        self.language = language
        self.fullscreen = fullscreen
        self.window_size = window_size
        self.volume = volume
        self.anim_speed = anim_speed
        self.last_names = last_names

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {"language": self.language, "fullscreen": self.fullscreen,
                "window_size": list(self.window_size), "volume": self.volume,
                "anim_speed": self.anim_speed, "last_names": list(self.last_names)}

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Returns the stored settings; missing or broken files give the defaults."""
        path = path or settings_path()
        settings = cls(language=default_language())
        from engine.core.files import FileRefused, read_regular

        try:
            data = json.loads(read_regular(path, MAX_SETTINGS_BYTES).decode("utf-8"))
        except (OSError, ValueError, RecursionError, FileRefused):
            # RecursionError: absurdly nested JSON; FileRefused: a FIFO, a device, a huge file.
            return settings
        if not isinstance(data, dict):
            return settings
        settings._merge(data)
        return settings

    def _merge(self, data: dict[str, Any]) -> None:
        # Each field is checked on its own so one bad value never loses the others.
        if data.get("language") in ("de", "en"):
            self.language = data["language"]
        if isinstance(data.get("fullscreen"), bool):
            self.fullscreen = data["fullscreen"]
        size = data.get("window_size")
        if (isinstance(size, list) and len(size) == 2
                and all(isinstance(v, int) and 320 <= v <= 8192 for v in size)):
            self.window_size = (size[0], size[1])
        for name, lo, hi in (("volume", 0.0, 1.0), ("anim_speed", 0.0, 4.0)):
            value = data.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool):
                setattr(self, name, min(hi, max(lo, float(value))))
        names = data.get("last_names")
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            self.last_names = tuple(n[:24] for n in names[:6])

    def save(self, path: Path | None = None) -> None:
        """Writes the settings atomically; a read-only home is ignored."""
        from engine.core.record import write_atomic

        path = path or settings_path()
        data = self.to_json()
        try:
            write_atomic(path, json.dumps(data, indent=1))
        except OSError:
            pass
