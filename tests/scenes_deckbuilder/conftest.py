"""Headless set-up for the deck-builder scene tests (the shared scene fixtures, reused)."""

from __future__ import annotations

from tests.scenes.conftest import FakeWorker, app, private_home

__all__ = ["FakeWorker", "app", "private_home"]
