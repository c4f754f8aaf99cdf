"""Choosing between the C++ core and the pure-Python reference.

Every fast function has a pure-Python twin with the same contract.  The
environment variable ``OPENHAND_IMPLEMENTATION`` forces one of them:
``cpp`` (fail loudly if the extension is missing), ``python``, or unset /
``auto`` (the C++ core when it is built, else Python).
"""
from __future__ import annotations

import importlib
import os

_CHOICES = ("auto", "cpp", "python")


def implementation() -> str:
    """The forced implementation: ``'auto'``, ``'cpp'`` or ``'python'``."""
    value = os.environ.get("OPENHAND_IMPLEMENTATION", "auto").strip().lower() or "auto"
    if value not in _CHOICES:
        raise ValueError(f"OPENHAND_IMPLEMENTATION={value!r}: expected one of {_CHOICES}")
    return value


def load_core(module: str):
    """The compiled module ``module`` (e.g. ``'openhand.sixtyfive._core'``),
    or ``None`` when the Python reference is to be used."""
    choice = implementation()
    if choice == "python":
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        if choice == "cpp":
            raise
        return None
