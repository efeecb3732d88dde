"""Runs the whole test suite headless (sets up .venv on first use)."""

import os
import sys

import bootstrap

if __name__ == "__main__":
    bootstrap.ensure("dev")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pytest

    sys.exit(pytest.main(sys.argv[1:]))
