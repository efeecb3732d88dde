"""Where the program's read-only files live: the content under ``data/`` and the ``assets/``.

An installed copy (wheel, PyInstaller bundle) carries both folders inside the ``tabletop_hall``
package, and they are found where the import system found that package. A checkout keeps them
at its top level, beside ``tabletop_hall/``. Every module that reads data or assets asks here,
so no other code works out a path from its own source file. What the player writes (saves,
settings, caches) never goes here: see ``scenes/userdata.py`` and ``engine/content/cache.py``.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

PACKAGE = "tabletop_hall"


class MissingFilesError(RuntimeError):
    """Neither an installed package nor a checkout holds the folder (a broken install)."""


@functools.cache
def _package_dir() -> Path:
    """Returns the folder of the ``tabletop_hall`` package, as the import system found it."""
    # find_spec is what importlib.resources.files() reads for a package on disk; asking it
    # directly keeps importlib.resources (13 ms of imports) off the window's first frame.
    spec = importlib.util.find_spec(PACKAGE)
    locations = list(spec.submodule_search_locations or ()) if spec is not None else []
    if not locations:
        raise MissingFilesError(f"the package {PACKAGE!r} is not installed")
    return Path(locations[0]).resolve()


@functools.cache
def resource_dir(name: str) -> Path:
    """Returns the folder ``data`` or ``assets``: inside the installed package, else the checkout's.

    Raises MissingFilesError naming the places it looked when neither holds it.
    """
    package = _package_dir()
    installed = package / name
    if installed.is_dir():
        return installed
    # Only a checkout (pyproject.toml beside the package) may lend its top-level folder: in
    # site-packages a stray top-level "data" of some other distribution must not be taken.
    checkout = package.parent / name
    if (package.parent / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    raise MissingFilesError(f"the folder {name!r} is missing from {installed}; "
                            "reinstall Tabletop Hall")


def data_dir() -> Path:
    """Returns the content folder (``<game>/*.yaml``, maps, ``i18n/`` catalogs)."""
    return resource_dir("data")


def assets_dir() -> Path:
    """Returns the assets folder (fonts, icons, sounds, manifest, CREDITS.md)."""
    return resource_dir("assets")
