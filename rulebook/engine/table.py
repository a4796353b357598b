"""Seats, the direction of play and partnerships.

Seats are indexed clockwise: N=0, E=1, S=2, W=3. Players face the centre, so the seat on
a player's right is the previous one clockwise: N's right is W. "To the right" (the Gulf and
Levant default) therefore runs N -> W -> S -> E.
"""

from enum import StrEnum

from .errors import BadInput

SEATS = "NESW"
N, E, S, W = range(4)
PARTNERSHIPS = ("NS", "EW")


class Direction(StrEnum):
    RIGHT = "right"  # counter-clockwise: N -> W -> S -> E
    CLOCKWISE = "clockwise"  # N -> E -> S -> W

    @property
    def step(self) -> int:
        return -1 if self is Direction.RIGHT else 1


def next_seat(seat: int, direction: Direction = Direction.RIGHT) -> int:
    """The seat that acts after ``seat`` going round the table in ``direction``."""
    return (seat + direction.step) % 4


def seats_from(first: int, direction: Direction = Direction.RIGHT) -> list[int]:
    """All four seats in the order they act, starting with ``first``."""
    return [(first + i * direction.step) % 4 for i in range(4)]


def right_of(seat: int) -> int:
    """The seat on ``seat``'s right (counter-clockwise neighbour)."""
    return (seat - 1) % 4


def left_of(seat: int) -> int:
    """The seat on ``seat``'s left (clockwise neighbour)."""
    return (seat + 1) % 4


def across(seat: int) -> int:
    return (seat + 2) % 4


def side_of(seat: int) -> int:
    """0 for North-South, 1 for East-West."""
    return seat % 2


def parse_seat(text: str) -> int:
    token = (text or "").strip().upper()
    if len(token) != 1 or token not in SEATS:
        raise BadInput("bad_seat", seat=text)
    return SEATS.index(token)


def seat_name(seat: int) -> str:
    return SEATS[seat]
