"""Reading the library's input files (positions, records, deal lists):
the text of a file, or the library's error saying what is wrong with it:
a directory, a missing or unreadable file, bytes that are not text.

>>> read_text_file("/", "record")
Traceback (most recent call last):
...
openhand.errors.PositionError: '/' is a directory, not a record file
"""
from __future__ import annotations

import os
from typing import Type

from .errors import OpenhandError, PositionError

__all__ = ["read_text_file"]


def read_text_file(path: str, what: str = "position", error: Type[OpenhandError] = PositionError) -> str:
    """The text of the ``what`` file at ``path`` (UTF-8), or ``error``."""
    if os.path.isdir(path):
        raise error(f"{path!r} is a directory, not a {what} file")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise error(f"{what} file not found: {path!r}") from None
    except UnicodeDecodeError:
        raise error(f"{path!r} is not a text file (not UTF-8); a {what} file holds text") from None
    except OSError as e:
        raise error(f"cannot read the {what} file {path!r}: {e.strerror}") from None
