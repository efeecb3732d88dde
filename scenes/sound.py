"""Sound effects: the player (lazy mixer, cache, volume) and the event → sound manifest.

The mixer starts only when the first sound plays, never at import or on the first frame, and
never at volume 0. When no audio device works, the first failure is logged once and sound stays
off for the rest of the session; nothing else notices. Which sound an event makes is data:
``assets/sounds/manifest.yaml`` maps message keys (or key prefixes ending in ``*``) to sound
names with priorities, so a game scene never names a sound file. The files themselves are made
by ``tools/make_sounds.py``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pygame

from scenes import assets

SOUND_DIR = assets.ASSET_DIR / "sounds"
# Not in assets/manifest/: every file there is read as an icon manifest ({icon, colour}).
MANIFEST_PATH = SOUND_DIR / "manifest.yaml"
MAX_PER_ACTION = 2  # an action makes at most this many sounds, so a busy turn stays legible
MIXER_RATE, MIXER_BUFFER = 44100, 512  # the files' rate; 512 frames ≈ 12 ms of latency

log = logging.getLogger(__name__)


class SoundMap:
    """The manifest: sound priorities and the event key (or key prefix) → sound table."""

    def __init__(self, priorities: dict[str, int], events: dict[str, str]) -> None:
        self.priorities = dict(priorities)
        self.exact = {k: v for k, v in events.items() if not k.endswith("*")}
        # Longest prefix first, so "duel.ev.summon_failed*" would beat "duel.ev.summon*".
        self.prefixes = sorted(((k[:-1], v) for k, v in events.items() if k.endswith("*")),
                               key=lambda kv: (-len(kv[0]), kv[0]))
        self._found: dict[str, str | None] = {}

    @classmethod
    def load(cls, path: Path = MANIFEST_PATH) -> SoundMap:
        """Returns the manifest at path; raises AssetError naming every problem at once."""
        import yaml

        data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader) or {}
        problems: list[str] = []
        if not isinstance(data, dict) or set(data) - {"sounds", "events"}:
            raise assets.AssetError(f"{path.name}: needs exactly 'sounds' and 'events'")
        priorities: dict[str, int] = {}
        for name, priority in (data.get("sounds") or {}).items():
            if not isinstance(priority, int) or isinstance(priority, bool):
                problems.append(f"{path.name}: sounds: {name}: priority must be a whole number")
                continue
            priorities[str(name)] = priority
        events: dict[str, str] = {}
        for key, name in (data.get("events") or {}).items():
            if not isinstance(key, str) or not isinstance(name, str):
                problems.append(f"{path.name}: events: {key}: must map a key to a sound name")
            elif name not in priorities:
                problems.append(f"{path.name}: events: {key}: unknown sound '{name}'")
            else:
                events[key] = name
        if problems:
            raise assets.AssetError("sound manifest problems:\n" + "\n".join(problems))
        return cls(priorities, events)

    def sound_for(self, key: str) -> str | None:
        """Returns the sound name of an event key, or None when it makes no sound."""
        if key in self._found:
            return self._found[key]
        name = self.exact.get(key)
        if name is None:
            name = next((v for prefix, v in self.prefixes if key.startswith(prefix)), None)
        self._found[key] = name
        return name

    def priority(self, name: str) -> int:
        """Returns the priority of a sound (unknown sounds rank last)."""
        return self.priorities.get(name, -1)

    def pick(self, keys: Iterable[str], *, first: Iterable[str] = (),
             limit: int = MAX_PER_ACTION) -> list[str]:
        """Returns the sounds to play for some event keys: distinct, most important first.

        ``first`` are sounds the table insists on (end of game, handover bell); they keep their
        place ahead of the events' sounds.
        """
        chosen: list[str] = []
        for name in first:
            if name not in chosen:
                chosen.append(name)
        found = [n for n in (self.sound_for(k) for k in keys) if n is not None]
        # sorted() is stable: equal priorities keep the order the events happened in.
        for name in sorted(found, key=lambda n: -self.priority(n)):
            if name not in chosen:
                chosen.append(name)
        return chosen[:limit]


_sound_map: SoundMap | None = None


def sound_map() -> SoundMap:
    """Returns the manifest of assets/sounds/manifest.yaml (read once)."""
    global _sound_map
    if _sound_map is None:
        _sound_map = SoundMap.load()
    return _sound_map


class SoundPlayer:
    """Plays named sounds at the settings' volume; starts the mixer on first use."""

    def __init__(self, settings: Any, *, enabled: bool = True,
                 sound_dir: Path = SOUND_DIR) -> None:
        self.settings = settings
        self.enabled = enabled
        self.sound_dir = sound_dir
        self.mixer_ready = False
        self.failed = False  # the mixer could not start: sound is off for this session
        self._cache: dict[str, Any] = {}
        self._volume = -1.0

    @property
    def volume(self) -> float:
        """Returns the set volume, clamped to 0…1."""
        try:
            return min(1.0, max(0.0, float(self.settings.volume)))
        except (TypeError, ValueError):
            return 0.0

    @property
    def is_active(self) -> bool:
        """Returns True when a sound would be played now."""
        return self.enabled and not self.failed and self.volume > 0

    def play(self, name: str) -> bool:
        """Plays assets/sounds/<name>.wav; returns True when it started."""
        volume = self.volume
        if volume <= 0:
            # Turning the volume down to 0 silences what still rings; the mixer stays as it is.
            self.stop()
            return False
        if not self.is_active or not self._start():
            return False
        sound = self._load(name)
        if sound is None:
            return False
        if volume != self._volume:
            self._volume = volume
            for cached in self._cache.values():
                if cached is not None:
                    cached.set_volume(volume)
        try:
            return sound.play() is not None
        except pygame.error as exc:
            self._disable(f"playing {name} failed: {exc}")
            return False

    def play_all(self, names: Iterable[str]) -> int:
        """Plays several sounds at once; returns how many started."""
        return sum(1 for name in names if self.play(name))

    def stop(self) -> None:
        """Stops every sound that is playing."""
        if self.mixer_ready:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    def close(self) -> None:
        """Stops sound and shuts the mixer down (it starts again on the next play)."""
        if self.mixer_ready:
            self._cache.clear()
            self._volume = -1.0
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
            self.mixer_ready = False

    def _start(self) -> bool:
        if self.mixer_ready:
            return True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=MIXER_RATE, size=-16, channels=2,
                                  buffer=MIXER_BUFFER)
        except (pygame.error, OSError, NotImplementedError) as exc:
            # NotImplementedError: a pygame built without SDL_mixer.
            self._disable(f"no audio device ({exc}); sound is off for this session")
            return False
        self.mixer_ready = True
        return True

    def _load(self, name: str) -> Any:
        if name in self._cache:
            return self._cache[name]
        path = self.sound_dir / f"{name}.wav"
        sound = None
        try:
            sound = pygame.mixer.Sound(str(path))
            sound.set_volume(self.volume)
        except (pygame.error, OSError) as exc:
            # One log line per missing or broken file, then it stays silent.
            log.warning("sound %s cannot be loaded: %s", path, exc)
        self._cache[name] = sound
        return sound

    def _disable(self, why: str) -> None:
        if not self.failed:
            log.warning("%s", why)
        self.failed = True
        self.mixer_ready = False
        self._cache.clear()


# The app installs its player here, so widgets can click without holding the app.
_ui_player: Callable[[str], Any] | None = None


def install(play: Callable[[str], Any] | None) -> None:
    """Makes play the function widgets use for their sounds (None: widgets stay silent)."""
    global _ui_player
    _ui_player = play


def ui(name: str) -> None:
    """Plays a user-interface sound (a button's click) through the installed player."""
    if _ui_player is not None:
        _ui_player(name)
