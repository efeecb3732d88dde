"""Starts Tabletop Hall from a checkout (prepares .venv on the first start).

    python main.py [--lang de|en] [--size WxH]
    python main.py --screenshot OUT.png --scene NAME [--game G] [--seed S] [--lang de|en]

An installed copy starts with the ``tabletop-hall`` command instead; both run
``tabletop_hall.launcher.main``.
"""

import bootstrap

bootstrap.ensure()

import sys  # noqa: E402

from tabletop_hall.launcher import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
