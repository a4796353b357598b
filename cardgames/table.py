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


# Each direction's turn order worked out once, as look-ups: the engines keep a deal's tables and
# index them on every move (a tuple index is cheaper than the arithmetic it replaces).
_NEXT = {d: tuple((s + d.step) % 4 for s in range(4)) for d in Direction}
_ORDERS = {
    d: tuple(tuple((f + i * d.step) % 4 for i in range(4)) for f in range(4)) for d in Direction
}


def next_seat(seat: int, direction: Direction = Direction.RIGHT) -> int:
    """The seat that acts after ``seat`` going round the table in ``direction``."""
    return _NEXT[direction][seat]


def seats_from(first: int, direction: Direction = Direction.RIGHT) -> list[int]:
    """All four seats in the order they act, starting with ``first``."""
    return list(_ORDERS[direction][first])


def next_seats(direction: Direction = Direction.RIGHT) -> tuple[int, ...]:
    """``next_seat`` for every seat at once: ``next_seats(d)[seat] == next_seat(seat, d)``,
    for a deal to keep and index on its hot path."""
    return _NEXT[direction]


def orders_from(direction: Direction = Direction.RIGHT) -> tuple[tuple[int, ...], ...]:
    """``seats_from`` for every first seat at once, as tuples: ``orders_from(d)[first]``."""
    return _ORDERS[direction]


def right_of(seat: int) -> int:
    """The seat on ``seat``'s right (counter-clockwise neighbour)."""
    return (seat - 1) % 4


def left_of(seat: int) -> int:
    """The seat on ``seat``'s left (clockwise neighbour)."""
    return (seat + 1) % 4


def across(seat: int) -> int:
    return (seat + 2) % 4


def opponents(seat: int) -> tuple[int, int]:
    """The two seats that are not ``seat``'s partnership: its left, then its right."""
    return left_of(seat), right_of(seat)


def passer_to(seat: int, target: int) -> int:
    """Who passes to ``seat`` when every seat passes the way ``seat`` passes to ``target``
    (left, right or across): the seat as far from ``seat`` the other way round."""
    return (2 * seat - target) % 4


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
