"""Entry point of ``python -m engine``: the headless command line (see engine/cli.py)."""

import sys

from engine.cli import main

if __name__ == "__main__":
    sys.exit(main())
