"""What a seat can work out from the public record of a trick game: who played each card, who
has shown a void, which cards are still out and which of them beat a card.

The facts that read the whole record (the voids) are kept from one decision to the next by a
:class:`Memo`: a decision extends the facts of the record last seen by the moves made since,
so it reads one trick, not the deal. Every function here reads the public record only (the
cards played in order, who took them, the trick in progress), never a hand.
"""

from ..cards import card_code, suit_mask
from ..memo import Memo
from ..tricks import trick_winner

SUITS = range(4)
SUIT_MASKS = tuple(suit_mask(s) for s in SUITS)


class PerRules:
    """``make(rules, *args)`` once per rule set (``args`` follow from the rules). Found by the
    rule set's identity, since hashing a frozen dataclass reads every field, on every move;
    the entry keeps the rule set alive, so its identity cannot pass to another one."""

    __slots__ = ("make", "entries")

    def __init__(self, make):
        self.make = make
        self.entries = {}

    def __call__(self, rules, *args):
        entry = self.entries.get(id(rules))
        if entry is None or entry[0] is not rules:
            if len(self.entries) >= 256:
                self.entries.clear()
            entry = self.entries[id(rules)] = (rules, self.make(rules, *args))
        return entry[1]


def clear_memos() -> None:
    """Forget every kept fact (a benchmark starts each timed deal from nothing)."""
    for memo in Memo.every:
        memo.clear()


# --- cards --------------------------------------------------------------------------------------


def above(c: int, mask: int) -> int:
    """The cards of ``mask`` in ``c``'s suit that beat it."""
    return mask & SUIT_MASKS[c // 13] & ~((2 << c) - 1)


def below(c: int, mask: int) -> int:
    """The cards of ``mask`` in ``c``'s suit below it."""
    return mask & SUIT_MASKS[c // 13] & ((1 << c) - 1)


def is_master(c: int, out: int) -> bool:
    """No card still out (in ``out``) beats ``c`` in its suit."""
    return not above(c, out)


CARD_CODES = tuple(card_code(c) for c in range(52))  # each card's code, looked up


def suit_cards(mask: int, s: int) -> int:
    return mask & SUIT_MASKS[s]


def winning(trick, trump: int | None = None) -> tuple[int, int]:
    """``(seat, card)`` of the card now taking ``trick`` (which has at least one card)."""
    seat = trick_winner(trick, trump)
    for play in trick:
        if play[0] == seat:
            return play
    raise AssertionError("the winner played to the trick")
