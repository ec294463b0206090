"""Packaging beyond what pyproject.toml can say: the top-level ``levels/`` and ``assets/`` folders
stay where they are in the repository and are installed inside the package as
``nimarcade/_levels`` and ``nimarcade/_assets`` (found by :mod:`nimarcade.core.resources`); the
translation catalogues ship with :mod:`nimarcade.i18n`."""
from setuptools import find_packages, setup

DATA = {"nimarcade._levels": "levels", "nimarcade._assets": "assets"}

setup(
    packages=find_packages(include=["nimarcade", "nimarcade.*"]) + list(DATA),
    package_dir=DATA,
    package_data={"nimarcade": ["py.typed"],      # PEP 561: the package's annotations are for its users too
                  "nimarcade._levels": ["*.toml"], "nimarcade._assets": ["*.md", "*/*"],
                  # the translation catalogues: the compiled .mo the game reads, the .po beside them
                  "nimarcade.i18n": ["locale/*.pot", "locale/*/LC_MESSAGES/*.po", "locale/*/LC_MESSAGES/*.mo"]},
)
