"""What every family's view of a deal shares: the public record's common facts (how many cards
each seat holds, the cards played in order) and the parts of a :class:`~.contract.TableView`
that are the same in every family (which hands the seats seen may see, their legal moves).

Each family builds two views of a deal in its own ``view`` module, from one place, so what a
seat may see is decided once: the public record its computer players read on every move (a
named tuple, cheap to build), and the ``TableView`` the card table draws. A view holds no
reference to the state and no card of another seat's hand, save the exposed cards the table
sees.
"""

from .cards import PACK_52
from .contract import Move

NO_VOIDS = (0, 0, 0, 0)
# A view is made on every move: named tuples are made as plain tuples are (their own
# constructor is a Python function of every field), with every field given, in order.
new_tuple = tuple.__new__


def counts(hands) -> tuple[int, int, int, int]:
    return (
        hands[0].bit_count(),
        hands[1].bit_count(),
        hands[2].bit_count(),
        hands[3].bit_count(),
    )


def plays(history, held, exposed: int = 0) -> tuple[int, ...]:
    """The cards played this deal, in order: the last moves of the history (card play comes
    after every pass, call and trump call), as many as the cards no longer held; where a
    card was exposed, perhaps in play (exposures that run until the card is played), the
    cards among the last moves."""
    gone = 52 - held[0] - held[1] - held[2] - held[3]
    if not gone:
        return ()
    last = tuple(history[-gone:])
    if not exposed or max(last) < 52:
        return last
    cards = [m for m in history if m < 52]  # every other move is 64 or more
    return tuple(cards[-gone:])


def played(hands) -> int:
    """The cards played this deal: those nobody holds any more."""
    return PACK_52 & ~(hands[0] | hands[1] | hands[2] | hands[3])


def seen_hands(state, seen: frozenset[int]) -> tuple[int | None, ...]:
    """Each seat's cards where ``seen`` holds the seat, else None (face down)."""
    hands = state.hands
    return tuple(hands[s] if s in seen else None for s in range(4))


def seen_legal(state, seen: frozenset[int]) -> tuple[Move, ...]:
    """The legal moves of the seat to act, described, where its hand is seen."""
    if state.to_act is None or state.to_act not in seen:
        return ()
    return tuple(state.move_view(m) for m in state.legal_moves())


def finished_trick(done) -> tuple | None:
    """A finished trick, ``((seat, card) x 4, winner)``, as tuples (or None)."""
    if not done:
        return None
    plays, winner = done
    return tuple((seat, c) for seat, c in plays), winner
