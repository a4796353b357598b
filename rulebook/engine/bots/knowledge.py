"""What a seat can work out from the public record of a trick game: who played each card, who
has shown a void, which cards are still out and which of them beat a card.

The facts that read the whole record (the voids) are kept from one decision to the next by a
:class:`Memo`: a decision extends the facts of the record last seen by the moves made since,
so it reads one trick, not the deal. Every function here reads the public record only (the
cards played in order, who took them, the trick in progress), never a hand.
"""

from ..cards import card_code, suit_mask
from ..tricks import trick_winner

SUITS = range(4)
SUIT_MASKS = tuple(suit_mask(s) for s in SUITS)
NO_VOIDS = (0, 0, 0, 0)


class Memo:
    """Facts worked out from a growing public record, kept for the next decision.

    ``advance(facts, record, start, *context)`` gives the facts extended by ``record[start:]``.
    An entry is found by the deal's ``fingerprint`` and used when it was worked out from the
    same record, or from a prefix of it: a record of another deal, or one taken back by an
    undo, is worked out afresh, never wrongly. A few hundred deals at once are remembered;
    past that the memo starts again.
    """

    __slots__ = ("advance", "entries", "size")
    every = []  # every memo made (clear_memos)

    def __init__(self, advance, size: int = 512):
        self.advance = advance
        self.entries = {}
        self.size = size
        Memo.every.append(self)

    def facts(self, fingerprint, record: tuple, fresh, *context):
        entry = self.entries.get(fingerprint)
        start, facts = 0, fresh
        if entry is not None:
            seen, kept = entry
            n = len(seen)
            if n == len(record):
                if seen == record:
                    return kept
            elif n < len(record) and record[:n] == seen:
                start, facts = n, kept
        facts = self.advance(facts, record, start, *context)
        if len(self.entries) >= self.size:
            self.entries.clear()
        self.entries[fingerprint] = (record, facts)
        return facts

    def clear(self) -> None:
        self.entries.clear()


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


# --- voids ----------------------------------------------------------------------------------


def _add_voids(voids: list, trick) -> None:
    """Add the voids shown in ``trick`` (``(seat, card)`` in play order) to ``voids``."""
    led = trick[0][1] // 13
    for seat, c in trick[1:]:
        if c // 13 != led:
            voids[seat] |= 1 << led


def _with_trick(voids: tuple, trick) -> tuple:
    if len(trick) < 2:
        return voids
    out = list(voids)
    _add_voids(out, trick)
    return tuple(out)


def _advance_tricks(voids: tuple, tricks: tuple, start: int) -> tuple:
    out = list(voids)
    for trick, _ in tricks[start:]:
        _add_voids(out, trick)
    return tuple(out)


# Completed tricks as the trick-and-bid engines keep them: ``(((seat, card) x 4), winner)``.
_TRICK_VOIDS = Memo(_advance_tricks)


def voids_of_tricks(tricks: tuple, trick) -> tuple[int, int, int, int]:
    """For each seat, the bit set of suits (bit s for suit s) it has shown it holds none of, by
    failing to follow the suit led: in the completed ``tricks``, each ``(((seat, card) x 4),
    winner)``, and in the ``trick`` in progress."""
    # The deal's first trick, the engine's own object, tells it apart (the entry keeps it).
    voids = _TRICK_VOIDS.facts(id(tricks[0]), tricks, NO_VOIDS) if tricks else NO_VOIDS
    return _with_trick(voids, trick)


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
