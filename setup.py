"""Build of the compiled core; metadata lives in pyproject.toml.

With gcc the core is built twice (profile-guided optimization, as CPython's own builds are): first
instrumented, then run on tools/pgo_train.py, then again with the counts that run recorded, which
guide inlining, branch layout and the hot paths (the expected-value engine 5-9% faster). Any failure
along the way falls back to a plain build; SHANTEN_PGO=0 asks for the plain build.
"""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import warnings

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))

compile_args = ["/O2"] if sys.platform == "win32" else ["-O3", "-std=c99", "-Wall"]
if sys.platform != "win32" and platform.machine().lower() in ("x86_64", "amd64"):
    compile_args += ["-mssse3", "-mpopcnt"]  # within x86-64-v2: pshufb for row merges, popcnt for counts
link_args = [] if sys.platform == "win32" else ["-pthread"]


class ProfiledBuild(build_ext):
    def build_extension(self, ext):
        if not self.profiled(ext):
            super().build_extension(ext)

    def profiled(self, ext):
        """Build ext guided by a profile; False when that cannot be done here (ext not built)."""
        compiler = os.path.basename(self.compiler.compiler_so[0]) if hasattr(self.compiler, "compiler_so") else ""
        if os.environ.get("SHANTEN_PGO") == "0" or "gcc" not in compiler:
            return False
        args, links = list(ext.extra_compile_args), list(ext.extra_link_args)
        profile = tempfile.mkdtemp(prefix="shanten-pgo-")
        try:
            ext.extra_compile_args = args + [f"-fprofile-generate={profile}"]
            ext.extra_link_args = links + ["-fprofile-generate"]
            self.force = True  # both builds compile every unit
            super().build_extension(ext)
            self.train(self.get_ext_fullpath(ext.name), profile)
            # units the training never ran are optimized as without a profile, not for size
            ext.extra_compile_args = args + [f"-fprofile-use={profile}", "-fprofile-partial-training",
                                             "-Wno-missing-profile", "-DSHANTEN_PROFILE_GUIDED=1"]
            ext.extra_link_args = links
            super().build_extension(ext)
            return True
        except Exception as error:  # a plain build is always possible: never fail the install for this
            warnings.warn(f"profile-guided build skipped ({error}); building without a profile")
            ext.extra_compile_args, ext.extra_link_args = args, links
            return False
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    @staticmethod
    def train(built, profile):
        """Run tools/pgo_train.py on the instrumented build: the package's sources with that build
        beside them, in a scratch directory."""
        with tempfile.TemporaryDirectory(prefix="shanten-train-") as scratch:
            package = os.path.join(scratch, "shanten")
            shutil.copytree(os.path.join(HERE, "src", "shanten"), package,
                            ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "data"))
            os.symlink(os.path.join(HERE, "src", "shanten", "data"), os.path.join(package, "data"))
            shutil.copy(built, package)
            # the build's own path after the package: numpy may be only in the build's isolated environment
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([scratch] + [p for p in sys.path if p]))
            run = subprocess.run([sys.executable, os.path.join(HERE, "tools", "pgo_train.py")], env=env, cwd=scratch,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
            if run.returncode:
                raise RuntimeError(f"the training run failed: {(run.stderr.strip().splitlines() or ['?'])[-1]}")
        if not any(name.endswith(".gcda") for _, _, names in os.walk(profile) for name in names):
            raise RuntimeError("the training run left no profile")


setup(
    cmdclass={"build_ext": ProfiledBuild},
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
