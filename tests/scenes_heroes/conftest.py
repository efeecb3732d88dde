"""Headless set-up for the heroes scene tests: the shared scene fixtures (dummy SDL, private user
folder, fake bot worker, English app)."""

from tests.scenes.conftest import app, private_home  # noqa: F401  (pytest fixtures)
