"""How the compiled core was built: setup.py guides gcc's build by a profile, and falls back to a
plain build on any failure; this catches a fallback that would otherwise pass unnoticed."""

import os
import sysconfig

import pytest

from shanten import _core


@pytest.mark.skipif("gcc" not in (sysconfig.get_config_var("CC") or "") or os.environ.get("SHANTEN_PGO") == "0",
                    reason="the profile-guided build is made with gcc only, unless SHANTEN_PGO=0")
def test_core_is_profile_guided() -> None:
    assert _core.PROFILE_GUIDED == 1
