"""Seats and partnerships of the four-player games (65, Eighty-Three).

Seats are N, E, S, W clockwise (0..3); "left" is the next seat clockwise.
N-S (side 0) play against E-W (side 1).

>>> seat_index("w"), SEATS[left_of(3)], side_of(seat_index("E")), partner_of(0)
(3, 'N', 1, 2)
"""
from .errors import PositionError

__all__ = ["SEATS", "SIDES", "seat_index", "left_of", "partner_of", "side_of"]

SEATS = ("N", "E", "S", "W")
SIDES = ("N-S", "E-W")


def seat_index(seat) -> int:
    """0..3 from ``'N'``/``'E'``/``'S'``/``'W'`` (any case) or an int 0..3."""
    if isinstance(seat, str) and seat.strip().upper() in SEATS:
        return SEATS.index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4:
        return seat
    raise PositionError(f"unknown seat {seat!r}: expected one of N, E, S, W")


def left_of(seat: int) -> int:
    return (seat + 1) % 4


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def side_of(seat: int) -> int:
    return seat % 2
