"""Canonical JSON and hashes that are identical in every process and on every machine."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """Returns JSON with sorted keys and no whitespace; raises on sets and other non-JSON types."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def digest(data: Any) -> str:
    """Returns the SHA-256 hex digest of the canonical JSON of ``data``."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()
