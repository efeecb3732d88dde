"""Entry point of ``python -m tabletop_hall`` (the same as the ``tabletop-hall`` command)."""

import sys

from tabletop_hall.launcher import main

if __name__ == "__main__":
    sys.exit(main())
