"""Build of the compiled core; metadata lives in pyproject.toml."""
import platform
import sys

import numpy
from setuptools import Extension, setup

compile_args = ["/O2"] if sys.platform == "win32" else ["-O3", "-std=c99", "-Wall"]
if sys.platform != "win32" and platform.machine().lower() in ("x86_64", "amd64"):
    compile_args += ["-mssse3", "-mpopcnt"]  # within x86-64-v2: pshufb for row merges, popcnt for counts
link_args = [] if sys.platform == "win32" else ["-pthread"]

setup(
    ext_modules=[
        Extension(
            "shanten._core",
            sources=[f"src/core/{unit}.c" for unit in ("module", "args", "tables", "pool", "scalar", "efficiency", "batch", "scoring", "review", "mjlog", "ev", "ev_exact", "ev_memory", "expected")],
            depends=[f"src/core/{name}" for name in ("core.h", "pool.h", "row.h", "dp.h", "eval.h", "necessary.h", "limited.h", "queries.h", "improve.h", "tables.h", "score.h", "ev.h", "ev_graph.h", "ev_win.h", "ev_memory.h")],
            include_dirs=[numpy.get_include()],  # numpy's struct definitions only: its C API is never imported
            extra_compile_args=compile_args,
            extra_link_args=link_args,
        )
    ]
)
