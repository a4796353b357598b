"""What one seat may see: its own hand and the public record of the deal, nothing else.

A computer player, and a hint, decides from a :class:`SeatView` alone. :func:`build` is the one
place in the package that reads an engine state, and it copies out only what the seat may know:

- its own hand, and its legal moves when it is to act (they depend on its own hand and on
  public facts only: the suit led, hearts broken, the layout, the standing bid);
- how many cards each seat holds, the dealer, the deal number and the match totals;
- in ``table``, the public record of its game's family (:class:`PenaltyTable`,
  :class:`TarneebTable`, :class:`LayoutTable`): the cards played in order and who leads,
  the cards each seat took, the exposed cards and who shows them, the cards this seat passed
  and received, the bidding and the contract, the layout and every announcement and knock.

A view holds no reference to the state, so a decision cannot read another hand; the property
test ``tests/bots/test_fairness.py`` deals the unseen cards differently and checks the view,
and so the decision, stays the same.

Views are named tuples: cheap to build on every move, immutable, and equal when they hold the
same facts.
"""

from typing import NamedTuple

from ..cards import PACK_52


class SeatView(NamedTuple):
    game: str  # the game's slug ("bent-al-sbeet", "tarneeb", "sabaat-al-deemin")
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
    """Bent Al Sbeet (and its family): no trumps, every player for themselves."""

    plays: tuple[int, ...]  # the cards played this deal, in order
    played: int  # the same cards, a bit set
    trick: tuple[tuple[int, int], ...]  # the trick in progress: (seat, card)
    anchor: int | None  # who leads the trick after the completed ones (see knowledge.tricks)
    taken: tuple[int, int, int, int]  # the cards each seat took, bit sets
    exposed: int  # the exposed cards
    exposed_held: tuple[int, int, int, int]  # exposed cards each seat still shows in hand
    passed: int  # the cards this seat passed (or has chosen so far)
    received: int  # the cards passed to this seat, once the pass is done
    pass_to: int | None  # the seat this seat passes to (None: no pass this deal)


class TarneebTable(NamedTuple):
    """Tarneeb (and its family): trumps, fixed partnerships, an auction."""

    plays: tuple[int, ...]
    played: int
    trick: tuple[tuple[int, int], ...]
    anchor: int | None
    tricks_won: tuple[int, int, int, int]
    bids: tuple[tuple[int, int], ...]  # the auction: (seat, call), passes and doubles included
    high: tuple[int, int] | None  # (seat, call) of the standing bid
    contract: object  # the engine's Contract once the auction is won, else None
    trump: int | None  # the trump suit in play (None: no trumps, or not named yet)


class LayoutTable(NamedTuple):
    """Sab'at Al-Deemin: the piles, and every move with who made it (all moves are public)."""

    layout: tuple  # for each suit (S, H, D, C) the top card of its pile, or None
    laid: int  # the cards on the piles
    moves: tuple[int, ...]  # every move of the deal: announcements, cards and knocks
    actors: tuple[int, ...]  # who made each of them
    multiplier: int


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
    return SeatView(
        game,
        state.rules,
        seat,
        state.phase,
        to_act,
        state.dealer,
        hands[seat],
        tuple(state.legal_moves()) if to_act == seat else (),
        len(state.history),
        counts,
        getattr(state, "deal_number", deal_number),
        None if totals is None else tuple(totals),
        _TABLES[family](state, seat, counts),
    )


def _plays(state, counts) -> tuple[int, ...]:
    """The cards played this deal, in order: the last moves of the history (card play comes
    after every pass, exposure, call and trump call), as many as the cards no longer held."""
    played = 52 - sum(counts)
    return tuple(state.history[-played:]) if played else ()


def _played(state) -> int:
    """The cards played this deal: those nobody holds any more."""
    hands = state.hands
    return PACK_52 & ~(hands[0] | hands[1] | hands[2] | hands[3])


def _anchor(state) -> int | None:
    """Who leads the trick after the completed ones: the leader of the trick in progress, the
    seat to lead, or (the deal over) the winner of the last trick."""
    if state.trick:
        return state.trick[0][0]
    if state.phase == "play":
        return state.to_act
    last = state.last_trick
    return last[1] if last else None


def _penalty(state, seat, counts) -> PenaltyTable:
    exposed = state.exposed
    hands = state.hands
    pass_to = state.pass_target(seat)
    received = 0
    if pass_to is not None and state.phase != "pass":
        # The cards have changed hands: this seat now holds what its giver chose. Every seat
        # passes the same way round (to one side, or across): the giver sits as far the
        # other way.
        giver = (2 * seat - pass_to) % 4
        received = state.passes[giver]
    return PenaltyTable(
        _plays(state, counts),
        _played(state),
        tuple(state.trick),
        _anchor(state),
        tuple(state.taken),
        exposed,
        # An exposed card is shown to the table: who holds it is public.
        (hands[0] & exposed, hands[1] & exposed, hands[2] & exposed, hands[3] & exposed),
        state.passes[seat],
        received,
        pass_to,
    )


def _tarneeb(state, seat, counts) -> TarneebTable:
    contract = state.contract
    return TarneebTable(
        _plays(state, counts),
        _played(state),
        tuple(state.trick),
        _anchor(state),
        tuple(state.tricks_won),
        tuple(state.bids),
        state.high,
        contract,
        contract.trump if contract is not None and state.phase != "bidding" else None,
    )


def _layout(state, seat, counts) -> LayoutTable:
    return LayoutTable(
        tuple(state.layout),
        state.laid,
        tuple(state.history),
        tuple(state.actors),
        state.multiplier,
    )


_TABLES = {"penalty": _penalty, "tarneeb": _tarneeb, "layout": _layout}
