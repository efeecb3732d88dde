"""Package layout of the wheel; the rest of the metadata is in pyproject.toml.

The checkout keeps ``data/`` and ``assets/`` at its top level; the wheel carries them inside
the ``tabletop_hall`` package, where ``engine/paths.py`` finds them. pyproject.toml alone cannot
list found packages and mapped ones together, hence this file.
"""

from setuptools import find_namespace_packages, setup

MAPPED = {"tabletop_hall.data": "data", "tabletop_hall.assets": "assets"}

setup(
    # Namespace-aware: engine/rules/ has no __init__.py.
    packages=find_namespace_packages(include=["engine", "engine.*", "scenes", "scenes.*",
                                              "tabletop_hall"],
                                     exclude=["*.__pycache__"]) + list(MAPPED),
    package_dir=MAPPED,
    package_data={name: ["**/*"] for name in MAPPED},
    exclude_package_data={name: ["**/__pycache__/*", "**/*.pyc"] for name in MAPPED},
)
