"""Headless set-up shared with the shell's scene tests (dummy SDL, private home, fake bots)."""

from __future__ import annotations

from tests.scenes.conftest import FakeWorker, app, private_home  # noqa: F401
