"""Exceptions raised by openhand.

Every problem with the caller's input is reported as a subclass of
:class:`OpenhandError`, itself a :class:`ValueError`, with a message that
names the offending token, card, seat or action.  The C++ core is only ever
called after these checks pass.
"""
import numbers

__all__ = ["OpenhandError", "CardError", "DealError", "PositionError", "IllegalMoveError", "RecordError",
           "StoreError", "ConfigurationError", "SolverBusyError", "is_list", "require_int", "require_fraction",
           "require_seed", "LimitReached"]


class OpenhandError(ValueError):
    """Base class of every input error raised by openhand."""


class CardError(OpenhandError):
    """A card token that is malformed or not part of the game's deck."""


class DealError(OpenhandError):
    """A malformed deal or hand: bad syntax, duplicated or missing cards,
    hands of the wrong size."""


class PositionError(OpenhandError):
    """A position that cannot arise in the game (bad leader, trick, scores)."""


class IllegalMoveError(OpenhandError):
    """A move (card, bid, discard, action) that the rules do not allow now."""


class RecordError(OpenhandError):
    """A game record (:mod:`openhand.records`) that is malformed or holds
    an illegal move.  ``line`` is the line of a text record it is about
    (1 = the first; None when not known, e.g. in JSON, where the message
    names the deal and the move), ``deal`` the deal of the file (1 =
    the first); the message starts with them."""

    def __init__(self, message: str, line=None, deal=None) -> None:
        where = [f"line {line}"] if line is not None else []
        super().__init__(": ".join(where + [message]))
        self.line, self.deal, self.reason = line, deal, message


class ConfigurationError(OpenhandError):
    """A setting of the library that is not valid (an environment variable
    such as ``OPENHAND_IMPLEMENTATION``)."""


class LimitReached(OpenhandError, RuntimeError):
    """An ``at_least`` question given a :class:`~openhand.limits.Limit`
    that was reached before the answer: ``result`` is the cut
    :class:`~openhand.result.SolveResult` (the bounds proved so far and the
    best move found).  Also a :class:`RuntimeError`: the input is fine, the
    budget was not enough."""

    def __init__(self, message: str, result=None):
        super().__init__(message)
        self.result = result


class SolverBusyError(OpenhandError, RuntimeError):
    """A C++ Solver asked to search while it is already searching: called
    from a second thread (or from its own ``progress`` callback).  One
    Solver's table and search state serve one search at a time; the call
    is refused, not run against the other search.  Use one Solver per
    thread (the module-level ``solve`` functions already do).  Also a
    :class:`RuntimeError`: the input is fine, the timing is not."""


class StoreError(OpenhandError):
    """A result store (:mod:`openhand.batch.store`) that cannot be used: not
    an openhand store, another schema version, or the answers to another
    question than the one asked."""


def is_list(value) -> bool:
    """Is ``value`` a collection of items (a list, tuple, set, generator...)
    rather than one text, bytes or a scalar?  The input checks of records,
    hands and deal lists share it.

    >>> is_list(["AS", "3S"]), is_list("AS 3S"), is_list(None)
    (True, False, False)
    """
    return not isinstance(value, (str, bytes)) and hasattr(value, "__iter__")


def require_int(value, name: str) -> int:
    """``value`` if it is a whole number (an ``int``, not a ``bool``), else
    :class:`PositionError` naming ``name``: a threshold of 13.5 points must
    not quietly become 13.

    >>> require_int(33, "target")
    33
    >>> require_int(13.5, "target")
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: target must be an integer, got 13.5
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(f"{name} must be an integer, got {value!r}")
    return int(value)


def require_threads(value) -> int:
    """``value`` if it is a thread count (a whole number of at least 1),
    else :class:`PositionError` saying so.

    >>> require_threads(2)
    2
    >>> require_threads(0)
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: threads must be a positive integer, got 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PositionError(f"threads must be a positive integer, got {value!r}")
    return value


def require_fraction(value, name: str) -> float:
    """``value`` as a float if it is a real number (not a ``bool``) in
    [0, 1], such as a probability, else :class:`PositionError` naming
    ``name``.

    >>> require_fraction(0.25, "close_rate"), require_fraction(1, "close_rate")
    (0.25, 1.0)
    >>> require_fraction(2, "close_rate")
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: close_rate must be a number from 0 to 1, got 2
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value <= 1:
        raise PositionError(f"{name} must be a number from 0 to 1, got {value!r}")
    return float(value)


def require_seed(seed, name: str = "seed"):
    """``seed`` if :class:`random.Random` can be seeded with it (None, a
    number, text or bytes), else :class:`PositionError` naming ``name``
    (a list or a dict made ``random`` raise TypeError).

    >>> require_seed(7), require_seed("deal 7"), require_seed(None)
    (7, 'deal 7', None)
    >>> require_seed([7])
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: seed must be None, a number, text or bytes, got [7]
    """
    if seed is not None and not isinstance(seed, (int, float, str, bytes, bytearray)):
        raise PositionError(f"{name} must be None, a number, text or bytes, got {seed!r}")
    return seed
