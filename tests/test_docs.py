"""The documentation's examples run as tests, and CI runs the README's own test command."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import shanten

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(m.name for m in pkgutil.walk_packages(shanten.__path__, "shanten.") if m.name != "shanten.__main__")


WITHOUT_EXAMPLES = {"shanten._version", "shanten.cli", "shanten.review.cli"}  # a constant; command lines (test_cli, test_review)


@pytest.mark.parametrize("name", ["shanten", *MODULES])
def test_module_examples(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples read the test data by paths from the repository root
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or name in WITHOUT_EXAMPLES, f"{name} has no examples"


@pytest.mark.parametrize("path", ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))])
def test_markdown_examples(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or path != "README.md", "the README's Python examples are gone"


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```sh\n(.+?)\n```", readme)
    assert len(commands) == 2, "the README has exactly two set-up commands"
    assert commands[1] in (ROOT / ".ci" / "run").read_text().splitlines()
