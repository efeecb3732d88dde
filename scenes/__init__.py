"""Everything that draws: the app loop, scene stack, widgets, assets, animation and game scenes."""

import os

# pygame prints a greeting on import unless told not to; the game's console stays clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
