"""What a seat can work out from its view of a trick game: who played each card, who has shown
a void, which cards are still out and which of them are the best left in their suit.

Every function reads a :class:`~.view.SeatView` only, so what it deduces is what a player at
the table could deduce.
"""

from ..cards import suit_mask
from ..tricks import trick_winner

SUITS = range(4)
SUIT_MASKS = tuple(suit_mask(s) for s in SUITS)


def _leaders(view, trump: int | None):
    """``(leader, cards)`` of each completed trick, the last one first.

    Worked out backwards from the public record: each trick's winner leads the next one, so
    the winner of the last completed trick is ``anchor`` (the next leader); the winning card's
    place in its trick then gives the trick's leader, who won the trick before."""
    table = view.table
    plays = table.plays
    step = view.rules.direction.step
    winner = table.anchor
    for start in range(len(plays) - len(table.trick) - 4, -1, -4):
        cards = plays[start : start + 4]
        winner = (winner - trick_winner(list(enumerate(cards)), trump) * step) % 4
        yield winner, cards


def tricks(view, trump: int | None = None) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """The completed tricks, ``(((seat, card) x 4), winner)``, oldest first."""
    step = view.rules.direction.step
    out = []
    winner = view.table.anchor
    for leader, cards in _leaders(view, trump):
        out.append((tuple(((leader + i * step) % 4, c) for i, c in enumerate(cards)), winner))
        winner = leader
    out.reverse()
    return out


def voids(view, trump: int | None = None) -> list[int]:
    """For each seat, the bit set of suits (bit s for suit s) it has shown it holds none of, by
    failing to follow the suit led."""
    step = view.rules.direction.step
    out = [0, 0, 0, 0]
    done = list(_leaders(view, trump))
    trick = view.table.trick
    if trick:
        done.append((trick[0][0], [c for _, c in trick]))
    for leader, cards in done:
        led = cards[0] // 13
        for i in range(1, len(cards)):
            if cards[i] // 13 != led:
                out[(leader + i * step) % 4] |= 1 << led
    return out


def above(c: int, mask: int) -> int:
    """The cards of ``mask`` in ``c``'s suit that beat it."""
    return mask & SUIT_MASKS[c // 13] & ~((2 << c) - 1)


def below(c: int, mask: int) -> int:
    """The cards of ``mask`` in ``c``'s suit below it."""
    return mask & SUIT_MASKS[c // 13] & ((1 << c) - 1)


def is_master(c: int, out: int) -> bool:
    """No card still out (in ``out``) beats ``c`` in its suit."""
    return not above(c, out)


def suit_cards(mask: int, s: int) -> int:
    return mask & SUIT_MASKS[s]


def winning(trick, trump: int | None = None) -> tuple[int, int]:
    """``(seat, card)`` of the card now taking ``trick`` (which has at least one card)."""
    seat = trick_winner(list(trick), trump)
    return next(p for p in trick if p[0] == seat)
