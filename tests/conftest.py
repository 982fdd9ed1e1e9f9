"""Shared pytest configuration for the shanten test-suite.

* ``--full``: scale the randomized sample sizes of the correctness harness up 10x
  (tests read it through the ``scale`` fixture / ``sample_scale(config)``).
* ``shared_dir``: the read-only ``../shared`` folder that sits beside the repository
  (test data such as real game records); tests using it skip with a clear message
  when it is absent.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
SHARED_DIR = REPO_ROOT.parent / "shared"

# The harness helpers (oracle.py) live next to the tests; make them importable under
# any pytest import mode.
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="run the randomized correctness tests with 10x larger samples",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long-running correctness test")


def sample_scale(config) -> int:
    return 10 if config.getoption("--full", default=False) else 1


@pytest.fixture(scope="session")
def scale(pytestconfig) -> int:
    """Multiplier for randomized sample sizes: 1 by default, 10 with --full."""
    return sample_scale(pytestconfig)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """Path to ../shared (beside the repository root); skips when it is absent."""
    if not SHARED_DIR.is_dir():
        pytest.skip(f"shared test data folder {SHARED_DIR} is absent (it sits beside the repository)")
    return SHARED_DIR
