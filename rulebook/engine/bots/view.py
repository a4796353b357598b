"""What one seat may see: its own hand and the public record of the deal, nothing else.

A computer player, and a hint, decides from a :class:`SeatView` alone. :func:`build` is the one
place in the package that reads an engine state, and it copies out only what the seat may know,
through the engines' public fields and accessors:

- its own hand, and its legal moves when it is to act (they depend on its own hand and on
  public facts only: the suit led, hearts broken, the layout, the standing bid);
- how many cards each seat holds, the dealer, the deal number and the match totals;
- in ``table``, the public record of its game's family (:class:`PenaltyTable`,
  :class:`TarneebTable`, :class:`LayoutTable`): the cards played in order and the trick in
  progress; the cards each seat took, the exposed cards and who shows them, the cards this
  seat passed and received (the penalty engines' ``played``, ``trick``, ``taken``,
  ``exposed``, ``pass_target()`` and this seat's ``passes``); the completed tricks with who
  played each card and who won it, the bidding, the contract and the trumps (the trick-and-bid
  engines' ``tricks``, ``bids``, ``high``, ``contract``, ``trump``); the layout and every
  announcement and knock with who made it (``layout``, ``laid``, ``history``, ``actors``);
  and what the whole table can deduce from that record, kept from one move to the next (the
  voids shown, the cards a knock showed a seat lacks: ``knowledge.Memo``).

A view holds no reference to the state, so a decision cannot read another hand; the property
test ``tests/bots/test_fairness.py`` deals the unseen cards differently and checks the view,
and so the decision, stays the same.

Views are named tuples: cheap to build on every move, immutable, and equal when they hold the
same facts.
"""

from typing import NamedTuple

from ..cards import PACK_52
from . import knowledge, sabaat

# A view is made on every move: named tuples are made as plain tuples are (their own
# constructor is a Python function of every field), with every field given, in order.
_new = tuple.__new__


class SeatView(NamedTuple):
    game: str  # the game's slug ("bent-al-sbeet", "tarneeb", "sabaat-al-deemin", ...)
    rules: object  # the engine Rules in force
    seat: int
    phase: str
    to_act: int | None
    dealer: int
    hand: int  # this seat's cards, a bit set
    legal: tuple[int, ...]  # this seat's legal moves when it is to act, else ()
    ply: int  # moves made so far in this deal (everyone sees a move being made)
    counts: tuple[int, int, int, int]  # cards each seat holds
    deal_number: int | None  # the engine's, or the caller's where it keeps no match (else None)
    match_totals: tuple | None
    table: object  # the family's public record (below)


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


def build(family: str, state, seat: int, game: str, deal_number=None, totals=None) -> SeatView:
    """The view of ``seat`` in ``state``, a deal of a game of ``family``. The deal number and
    the match totals are the state's where its engine keeps a match, else those given."""
    hands = state.hands
    to_act = state.to_act
    counts = (
        hands[0].bit_count(),
        hands[1].bit_count(),
        hands[2].bit_count(),
        hands[3].bit_count(),
    )
    totals = getattr(state, "match_totals", totals)
    totals = None if totals is None else tuple(totals)
    history = state.history
    return _new(
        SeatView,
        (
            game,
            state.rules,
            seat,
            state.phase,
            to_act,
            state.dealer,
            hands[seat],
            tuple(state.legal_moves()) if to_act == seat else (),
            len(history),
            counts,
            getattr(state, "deal_number", deal_number),
            totals,
            _TABLES[family](state, seat, history, counts, totals),
        ),
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


def _penalty(state, seat, history, counts, totals) -> PenaltyTable:
    exposed = state.exposed
    pass_to = state.pass_target(seat)
    received = 0
    if pass_to is not None and state.phase != "pass":
        # The cards have changed hands: this seat now holds what its giver chose. Every seat
        # passes the same way round (to one side, or across): the giver sits as far the
        # other way.
        received = state.passes[(2 * seat - pass_to) % 4]
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


def _tarneeb(state, seat, history, counts, totals) -> TarneebTable:
    tricks = tuple(state.tricks)
    trick = tuple(state.trick)
    playing = state.phase == "play" or (state.phase == "over" and not state.thrown_in)
    return _new(
        TarneebTable,
        (
            _plays(history, counts),
            _played(state.hands),
            trick,
            tricks,
            tuple(state.tricks_won),
            knowledge.voids_of_tricks(tricks, trick),
            tuple(state.bids),
            state.high,
            state.contract,
            state.trump if playing else None,
        ),
    )


def _played(hands) -> int:
    """The cards played this deal: those nobody holds any more."""
    return PACK_52 & ~(hands[0] | hands[1] | hands[2] | hands[3])


def _layout(state, seat, history, counts, totals) -> LayoutTable:
    moves = tuple(history)
    actors = tuple(state.actors)
    return LayoutTable(
        tuple(state.layout),
        state.laid,
        moves,
        actors,
        state.multiplier,
        sabaat.lacks(moves, actors, state.laid),
    )


_TABLES = {"penalty": _penalty, "trickbid": _tarneeb, "layout": _layout}  # by family name
