"""Choosing between the C++ core and the pure-Python reference.

Every fast function has a pure-Python twin with the same contract.  The
environment variable ``OPENHAND_IMPLEMENTATION`` forces one of them:
``cpp`` (fail loudly if the extension is missing), ``python``, or unset /
``auto`` (the C++ core when it is built, else Python).  Any other value is
refused with :class:`~openhand.errors.ConfigurationError` when a solver is
made (importing a game still works, so the message reaches the user).
"""
from __future__ import annotations

import importlib
import os

from .errors import ConfigurationError

__all__ = ["implementation", "load_core"]

_CHOICES = ("auto", "cpp", "python")


def implementation() -> str:
    """The forced implementation: ``'auto'``, ``'cpp'`` or ``'python'``."""
    value = os.environ.get("OPENHAND_IMPLEMENTATION", "auto").strip().lower() or "auto"
    if value not in _CHOICES:
        raise ConfigurationError(f"OPENHAND_IMPLEMENTATION={value!r}: expected one of {', '.join(_CHOICES)}")
    return value


def load_core(module: str):
    """The compiled module ``module`` (e.g. ``'openhand.sixtyfive._core'``),
    or ``None`` when the Python reference is to be used."""
    try:
        choice = implementation()
    except ConfigurationError:   # refused when a solver is made (SolverBase)
        choice = "auto"
    if choice == "python":
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        if choice == "cpp":
            raise
        return None
