"""What one seat may see of a layout deal: every move is public, so its computer players read the
whole record (with what each knock showed a seat lacks, kept from one move to the next), and
the table view the card table draws: the piles, the counts, the announcement's multiplier."""

from typing import NamedTuple

from ..cards import ACE, SEVEN, TWO, card
from ..contract import TableView
from ..memo import Memo
from ..view import NO_VOIDS, counts, seen_hands, seen_legal
from .moves import KNOCK
from .scoring import rank_mask


class LayoutTable(NamedTuple):
    """Sab'at Al-Deemin: the piles, and every move with who made it (all moves are public)."""

    layout: tuple  # for each suit (S, H, D, C) the top card of its pile, or None
    laid: int  # the cards on the piles
    moves: tuple[int, ...]  # every move of the deal: announcements, cards and knocks
    actors: tuple[int, ...]  # who made each of them
    multiplier: int
    lacks: tuple[int, int, int, int]  # cards each seat's knocks showed it does not hold


def layout_view(state, seat: int) -> LayoutTable:
    """What ``seat`` may see of a Sab'at Al-Deemin deal ``state``."""
    history = state.history
    moves = tuple(history)
    actors = tuple(state.actors)
    return LayoutTable(
        tuple(state.layout),
        state.laid,
        moves,
        actors,
        state.multiplier,
        lacks(moves, actors, state.laid, state.rules),
    )


def _advance_lacks(facts: tuple, moves: tuple, start: int, actors: tuple, down: bool) -> tuple:
    """Extend ``(open, lacks)`` by ``moves[start:]``: a seat that knocked held none of the
    cards then open, and a hand only shrinks, so it lacks them for the rest of the deal. A card
    laid opens the next card up (and, where piles build ``down`` too, the next card down: a
    card already laid that this re-opens is taken out of the answer with the others laid)."""
    now, lacks = facts
    lacks = list(lacks)
    for i in range(start, len(moves)):
        move = moves[i]
        if move == KNOCK:
            lacks[actors[i]] |= now
        elif move < 52:
            now ^= 1 << move
            if move % 13 != ACE:
                now |= 2 << move
            if down and move % 13 != TWO:
                now |= 1 << (move - 1)
    return now, tuple(lacks)


_LACKS = Memo(_advance_lacks)


def lacks(moves: tuple, actors: tuple, laid: int, rules) -> tuple[int, int, int, int]:
    """For each seat, the cards still unplayed that its knocks showed it does not hold.

    The first moves and who made them tell this deal apart from any other (who opened play,
    and so who makes every later move); before the first card every pile is empty, and the
    card of the rules' opening rank (Sab'at's seven, Trix's jack) is the one that may open it."""
    if KNOCK not in moves:
        return NO_VOIDS
    start = (rank_mask(rules.OPENING_RANK), NO_VOIDS)
    fingerprint = (moves[:8], actors[:8], rules.OPENING_RANK)
    lacked = _LACKS.facts(fingerprint, moves, start, actors, rules.BUILDS_DOWN)[1]
    laid = laid | ~rules.PACK  # nothing outside the pack is lacked
    return (lacked[0] & ~laid, lacked[1] & ~laid, lacked[2] & ~laid, lacked[3] & ~laid)


def piles(layout, low=(None, None, None, None)) -> tuple[tuple[int, ...], ...]:
    """The cards on each suit's pile (S, H, D, C), lowest first, from the layout's top cards
    and (where piles build down, Trix) its bottom ones; without a bottom, a pile starts at the
    seven (Sab'at)."""
    return tuple(
        ()
        if top is None
        else tuple(
            card(r, suit) for r in range(SEVEN if bottom is None else bottom % 13, top % 13 + 1)
        )
        for suit, (top, bottom) in enumerate(zip(layout, low, strict=True))
    )


def layout_table_view(state, seen) -> TableView:
    """What the seats ``seen`` may see of a layout deal ``state``."""
    seen = frozenset(seen)
    return TableView(
        seen,
        state.phase,
        state.to_act,
        state.dealer,
        seen_hands(state, seen),
        counts(state.hands),
        seen_legal(state, seen),
        tuple(state.points()),
        piles=piles(state.layout, state.low),
        multiplier=state.multiplier,
    )
