"""Canonical JSON and hashes that are identical in every process and on every machine."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def canonical_json(data: Any) -> str:
    """Returns JSON with sorted keys and no whitespace; raises on sets and other non-JSON types."""
    import json  # imported on first use: the engine's import time is budgeted

    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def digest(data: Any) -> str:
    """Returns the SHA-256 hex digest of the canonical JSON of ``data``."""
    import hashlib

    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()
