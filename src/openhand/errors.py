"""Exceptions raised by openhand.

Every problem with the caller's input is reported as a subclass of
:class:`OpenhandError`, itself a :class:`ValueError`, with a message that
names the offending token, card, seat or action.  The C++ core is only ever
called after these checks pass.
"""


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
