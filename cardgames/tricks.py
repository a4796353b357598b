"""Who may play what to a trick and who takes it, stated once for readers (the quiz's
explanations). The engines' hot paths keep the same rule incrementally, card by card, and the
tests check every trick they score against :func:`trick_winner`."""

from .cards import suit_mask


def follow_suit(hand: int, led_suit: int | None) -> int:
    """The cards ``hand`` may play to a trick: the led suit if it holds any, else anything."""
    if led_suit is None:
        return hand
    same = hand & suit_mask(led_suit)
    return same or hand


def trick_winner(trick: list[tuple[int, int]], trump: int | None = None) -> int:
    """The seat whose card takes ``trick`` (``(seat, card)`` in play order).

    The highest trump wins; with no trump played, the highest card of the suit led.
    Cards are ``suit * 13 + rank``, so within one suit a higher card is a higher int.
    """
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        if c // 13 == best // 13:
            if c > best:
                best_seat, best = seat, c
        elif c // 13 == trump:  # the first trump on a trick led in another suit
            best_seat, best = seat, c
        # any other suit is a discard and never wins
    return best_seat
