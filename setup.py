"""Build script: the C++17 core, compiled as Cython extensions of openhand.

Each game has one extension, ``openhand.<game>._core``, a thin Cython
wrapper over the game in ``csrc/<game>/`` and the solver template
``csrc/solver.hpp``.
"""
import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

GAMES = ["sixtyfive", "sixtysix", "eightythree"]
# OPENHAND_GAMES=sixtysix builds just that game's extension (for development).
if os.environ.get("OPENHAND_GAMES"):
    GAMES = [g for g in GAMES if g in os.environ["OPENHAND_GAMES"].split(",")]
import platform

# -fvisibility=hidden: the core's functions are no symbols of the module
# (only PyInit__core is, which Python's headers export), so the search's
# recursive calls go straight to it instead of through the PLT, as in an
# executable: 65's 50 full deals 0.987x the time per deal median (90%
# interval 0.986-0.990; benchmarks/paired_sixtyfive.py), node counts
# identical.
EXTRA = ["/O2", "/std:c++17"] if sys.platform == "win32" else ["-O3", "-std=c++17", "-pthread", "-fvisibility=hidden"]
# move values over threads (csrc/solver.hpp: set_threads) use std::thread
LINK = [] if sys.platform == "win32" else ["-pthread"]
# Card sets are 64-bit masks: without the POPCNT instruction every popcount
# is a library call.  Every x86-64 CPU since about 2008 has it; set
# OPENHAND_PORTABLE=1 to build for older ones.
if platform.machine().lower() in ("x86_64", "amd64") and sys.platform != "win32" \
        and not os.environ.get("OPENHAND_PORTABLE"):
    EXTRA.append("-mpopcnt")


# OPENHAND_SANITIZE=1: a build for .ci/sanitize, with AddressSanitizer and
# UndefinedBehaviorSanitizer (every report fatal).  -fno-wrapv undoes the
# -fwrapv of Python's own flags (which come first), without which signed
# overflow is defined behaviour and UBSan cannot see it; -O1 -g for
# readable reports.
if os.environ.get("OPENHAND_SANITIZE") and sys.platform != "win32":
    SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
    EXTRA += SANITIZE + ["-fno-wrapv", "-O1", "-g"]
    LINK += SANITIZE


# Every header of the core, in csrc/ and its per-game directories: a change
# to any of them rebuilds the extensions.
HEADERS = sorted(os.path.join(d, f) for d, _, files in os.walk("csrc") for f in files if f.endswith(".hpp"))


def extension(game):
    return Extension(
        f"openhand.{game}._core",
        [os.path.join("src", "openhand", game, "_core.pyx")],
        include_dirs=["csrc"],
        language="c++",
        extra_compile_args=EXTRA,
        extra_link_args=LINK,
        depends=HEADERS,
    )


setup(ext_modules=cythonize([extension(g) for g in GAMES if
                             os.path.exists(os.path.join("src", "openhand", g, "_core.pyx"))],
                            compiler_directives={"language_level": "3"}))
