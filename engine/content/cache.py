"""The validated-content cache: JSON files keyed by content hash, so warm loads skip YAML.

A cache file is one line with the SHA-256 of the body, then the body (JSON). Anything that does
not check out (wrong digest, broken JSON, another format, game or hash) reads as a miss and
is rebuilt; the cache never holds pickles and never decides what content means.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from engine.core.record import write_atomic

CACHE_ENV = "TABLETOP_CACHE_DIR"
FORMAT = "tabletop-hall/content-cache"
FORMAT_VERSION = 1


def cache_dir() -> Path:
    """Returns the cache folder: $TABLETOP_CACHE_DIR, else ~/.cache/tabletop-hall."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    return Path.home() / ".cache" / "tabletop-hall"


def cache_path(game: str, content_hash: str) -> Path:
    """Returns where the cache file of one game's content with this hash lives."""
    return cache_dir() / "content" / f"{game}-{content_hash}.json"


def read_cache(game: str, content_hash: str) -> dict[str, Any] | None:
    """Returns the cached payload for this game and hash, or None on a miss or a damaged file."""
    path = cache_path(game, content_hash)
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    digest, sep, body = raw.partition(b"\n")
    if not sep or hashlib.sha256(body).hexdigest().encode("ascii") != digest:
        return None
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("format_version") != FORMAT_VERSION or data.get("game") != game \
            or data.get("hash") != content_hash or not isinstance(data.get("kinds"), dict):
        return None
    return data


def write_cache(game: str, content_hash: str, kinds: dict[str, Any]) -> Path | None:
    """Writes a payload atomically and drops the game's older cache files; None if unwritable."""
    payload = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": game,
               "hash": content_hash, "kinds": kinds}
    try:
        body = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None  # not plain JSON data: loading still works, only without a cache
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    path = cache_path(game, content_hash)
    try:
        write_atomic(path, f"{digest}\n{body}")
    except OSError:
        return None  # a read-only home folder costs speed, never the game
    for old in path.parent.glob(f"{game}-*.json"):
        if old != path and len(old.stem) == len(game) + 65:
            try:
                old.unlink()
            except OSError:
                pass
    return path
