"""Small YAML files (catalogs, asset manifests) read through a JSON cache keyed by their bytes.

The window's first frame needs the language catalog and the icon manifest; parsing them means
importing yaml and running the parser at every launch. A warm start instead reads one JSON file
whose name carries the SHA-256 of the sources' names and bytes, so an edited file is never
served stale. Only JSON-representable data (mappings, lists, strings, numbers) belongs here.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from engine.content.cache import cache_dir
from engine.core.record import write_atomic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _digest(paths: list[Path], blobs: list[bytes]) -> str:
    h = hashlib.sha256()
    for path, blob in zip(paths, blobs, strict=True):
        h.update(path.name.encode("utf-8") + b"\0" + str(len(blob)).encode() + b"\0")
        h.update(blob)
    return h.hexdigest()


def load_yaml_files(paths: list[Path], name: str) -> list[Any]:
    """Returns the parsed data of each file, from the cache when the bytes are unchanged.

    Raises ValueError naming the file when one is not valid YAML.
    """
    blobs = [p.read_bytes() for p in paths]
    digest = _digest(paths, blobs)
    folder = cache_dir() / "yaml"
    target = folder / f"{name}-{digest[:24]}.json"
    try:
        cached = json.loads(target.read_text(encoding="utf-8"))
        if isinstance(cached, dict) and cached.get("digest") == digest:
            return list(cached["data"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # a missing or damaged cache file is a miss
    import yaml  # only on a miss

    data = []
    for path, blob in zip(paths, blobs, strict=True):
        try:
            data.append(yaml.load(blob.decode("utf-8"), Loader=yaml.CSafeLoader))
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise ValueError(f"{path}: not valid YAML: {exc}") from None
    try:
        text = json.dumps({"digest": digest, "data": data}, ensure_ascii=False)
        # Cache only what JSON gives back unchanged (YAML may have made non-string keys).
        if json.loads(text)["data"] == data:
            write_atomic(target, text)
        for old in folder.glob(f"{name}-*.json"):
            if old != target:
                old.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError):
        pass  # an unwritable cache folder or non-JSON data only costs speed
    return data
