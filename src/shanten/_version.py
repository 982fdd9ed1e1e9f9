"""The package's version, read by pyproject.toml and ``shanten --version``."""

__version__ = "0.2.0"
