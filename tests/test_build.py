"""How the compiled core was built: setup.py guides gcc's build by a profile, and falls back to a
plain build on any failure; this catches a fallback that would otherwise pass unnoticed."""

import os
import sysconfig

import pytest

from shanten import _core


def profile_expected() -> bool:
    """setup.py's own test: the compiler it used ($CC when set, else Python's) is gcc, and the
    profile was not declined."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "").split()
    return bool(compiler) and "gcc" in os.path.basename(compiler[0]) and os.environ.get("SHANTEN_PGO") != "0"


@pytest.mark.skipif(not profile_expected(), reason="the profile-guided build is made with gcc only, unless SHANTEN_PGO=0")
def test_core_is_profile_guided() -> None:
    assert _core.PROFILE_GUIDED == 1
