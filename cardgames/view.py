"""What one seat may see of a deal: the public record of its game's family, and what the whole
table can deduce from it (the voids shown, the cards a knock showed a seat lacks). Each deal's
``view(seat)`` is built here; the computer players' :class:`~.bots.view.SeatView` adds the
seat's hand and legal moves to it.

A record holds no reference to the state and no card of another seat's hand, save the exposed
cards the table sees. The deductions are kept from one move to the next by a :class:`Memo`.
"""

from typing import NamedTuple

from .cards import ACE, PACK_52, SEVEN, card
from .contract import Phase
from .memo import Memo
from .table import passer_to

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_PASS, _PLAY, _OVER = Phase.PASS, Phase.PLAY, Phase.OVER
NO_VOIDS = (0, 0, 0, 0)
# A view is made on every move: named tuples are made as plain tuples are (their own
# constructor is a Python function of every field), with every field given, in order.
_new = tuple.__new__
KNOCK = 64  # Sab'at Al-Deemin's knock (``sabaat_al_deemin.KNOCK``)
SEVENS = sum(1 << card(SEVEN, s) for s in range(4))


class PenaltyTable(NamedTuple):
    """Bent Al Sbeet, Leekha and Hearts: no trumps, a pass, perhaps exposures and partners."""

    plays: tuple[int, ...]  # the cards played this deal, in order
    played: int  # the same cards, a bit set
    trick: tuple[tuple[int, int], ...]  # the trick in progress: (seat, card)
    leader: int | None  # who led the first trick (None before play)
    taken: tuple[int, int, int, int]  # the cards each seat took, bit sets
    exposed: int  # the exposed cards
    exposed_held: tuple[int, int, int, int]  # exposed cards each seat still shows in hand
    passed: int  # the cards this seat passed (or has chosen so far)
    received: int  # the cards passed to this seat, once the pass is done
    pass_to: int | None  # the seat this seat passes to (None: no pass this deal)


class TarneebTable(NamedTuple):
    """Tarneeb and Tarneeb 41: trumps, fixed partnerships, an auction."""

    plays: tuple[int, ...]
    played: int
    trick: tuple[tuple[int, int], ...]
    tricks: tuple  # the completed tricks, the engine's: (((seat, card) x 4), winner)
    tricks_won: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]  # the suits each seat has shown it lacks (bit s: suit s)
    bids: tuple[tuple[int, int], ...]  # the auction: (seat, call), passes and doubles included
    high: tuple[int, int] | None  # (seat, call) of the standing bid (Tarneeb's auctions)
    contract: object  # the engine's Contract once a side's bid is won, else None
    trump: int | None  # the trump suit in play (None: no trumps, or not named yet)


class LayoutTable(NamedTuple):
    """Sab'at Al-Deemin: the piles, and every move with who made it (all moves are public)."""

    layout: tuple  # for each suit (S, H, D, C) the top card of its pile, or None
    laid: int  # the cards on the piles
    moves: tuple[int, ...]  # every move of the deal: announcements, cards and knocks
    actors: tuple[int, ...]  # who made each of them
    multiplier: int
    lacks: tuple[int, int, int, int]  # cards each seat's knocks showed it does not hold


def _counts(hands) -> tuple[int, int, int, int]:
    return (
        hands[0].bit_count(),
        hands[1].bit_count(),
        hands[2].bit_count(),
        hands[3].bit_count(),
    )


def _plays(history, counts, exposed: int = 0) -> tuple[int, ...]:
    """The cards played this deal, in order: the last moves of the history (card play comes
    after every pass, call and trump call), as many as the cards no longer held; where a
    card was exposed, perhaps in play (exposures that run until the card is played), the
    cards among the last moves."""
    played = 52 - counts[0] - counts[1] - counts[2] - counts[3]
    if not played:
        return ()
    plays = tuple(history[-played:])
    if not exposed or max(plays) < 52:
        return plays
    cards = [m for m in history if m < 52]  # every other move is 64 or more
    return tuple(cards[-played:])


def penalty_view(state, seat: int) -> PenaltyTable:
    """What ``seat`` may see of a penalty deal ``state``."""
    history, counts = state.history, _counts(state.hands)
    exposed = state.exposed
    pass_to = state.pass_target(seat)
    received = 0
    if pass_to is not None and state.phase != _PASS:
        # The cards have changed hands: this seat now holds what its giver chose. Every seat
        # passes the same way round (to one side, or across): the giver sits as far the
        # other way.
        received = state.passes[passer_to(seat, pass_to)]
    plays = _plays(history, counts, exposed)
    trick = tuple(state.trick)
    held = (0, 0, 0, 0)
    if exposed:
        # An exposed card is shown to the table: who holds it is public.
        hands = state.hands
        held = (hands[0] & exposed, hands[1] & exposed, hands[2] & exposed, hands[3] & exposed)
    return _new(
        PenaltyTable,
        (
            plays,
            state.played,
            trick,
            state.leader,
            tuple(state.taken),
            exposed,
            held,
            state.passes[seat],
            received,
            pass_to,
        ),
    )


def trickbid_view(state, seat: int) -> TarneebTable:
    """What ``seat`` may see of a trick-and-bid deal ``state``."""
    history, counts = state.history, _counts(state.hands)
    tricks = tuple(state.tricks)
    trick = tuple(state.trick)
    playing = state.phase == _PLAY or (state.phase == _OVER and not state.thrown_in)
    return _new(
        TarneebTable,
        (
            _plays(history, counts),
            _played(state.hands),
            trick,
            tricks,
            tuple(state.tricks_won),
            voids_of_tricks(tricks, trick),
            tuple(state.bids),
            state.high,
            state.contract,
            state.trump if playing else None,
        ),
    )


def _played(hands) -> int:
    """The cards played this deal: those nobody holds any more."""
    return PACK_52 & ~(hands[0] | hands[1] | hands[2] | hands[3])


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
        lacks(moves, actors, state.laid),
    )


# --- deductions: voids ---------------------------------------------------------------------


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


# --- deductions: what knocks show ------------------------------------------------------------


def _advance_lacks(facts: tuple, moves: tuple, start: int, actors: tuple) -> tuple:
    """Extend ``(open, lacks)`` by ``moves[start:]``: a seat that knocked held none of the
    cards then open, and a hand only shrinks, so it lacks them for the rest of the deal."""
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
    return now, tuple(lacks)


_LACKS = Memo(_advance_lacks)
# Before the first card every pile is empty: its seven is the card that may open it.
_START = (SEVENS, NO_VOIDS)


def lacks(moves: tuple, actors: tuple, laid: int) -> tuple[int, int, int, int]:
    """For each seat, the cards still unplayed that its knocks showed it does not hold.

    The first moves and who made them tell this deal apart from any other (who opened play,
    and so who makes every later move)."""
    if KNOCK not in moves:
        return NO_VOIDS
    lacked = _LACKS.facts((moves[:8], actors[:8]), moves, _START, actors)[1]
    return (lacked[0] & ~laid, lacked[1] & ~laid, lacked[2] & ~laid, lacked[3] & ~laid)
