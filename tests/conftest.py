"""Shared test set-up: headless SDL, a private user dir, and the toy game registered."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the mouse-only harnesses click as fast as a program can: no guard on replaced buttons
# (scenes/widgets.py; tests/scenes/test_button_guard.py switches it on)
os.environ.setdefault("TABLETOP_BUTTON_GUARD", "0")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.toy import register_toy  # noqa: E402

register_toy()
