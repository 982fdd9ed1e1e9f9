"""Build of the compiled core; metadata lives in pyproject.toml."""
import sys

from setuptools import Extension, setup

compile_args = ["/O2"] if sys.platform == "win32" else ["-O3", "-std=c99", "-Wall"]
link_args = [] if sys.platform == "win32" else ["-pthread"]

setup(
    ext_modules=[
        Extension(
            "shanten._core",
            sources=["src/shanten/_core/module.c"],
            depends=["src/shanten/_core/dp.h", "src/shanten/_core/eval.h", "src/shanten/_core/tables.h"],
            extra_compile_args=compile_args,
            extra_link_args=link_args,
        )
    ]
)
