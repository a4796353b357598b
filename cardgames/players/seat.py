"""What one seat may see: its own hand and the public record of the deal, nothing else.

A computer player, and a hint, decides from a :class:`SeatView` alone. :func:`build` is the one
place in the package that reads an engine state, and it copies out only what the seat may know,
through the engines' public fields and accessors:

- its own hand, and its legal moves when it is to act (they depend on its own hand and on
  public facts only: the suit led, hearts broken, the layout, the standing bid);
- how many cards each seat holds, the dealer, the deal number and the match totals;
- in ``table``, the deal's own ``view(seat)`` (each family's ``view`` module): the public
  record of its game's family (``PenaltyTable``, ``TarneebTable``, ``LayoutTable``): the cards
  played in order and the trick in progress; the cards each seat took, the exposed cards and who
  shows them, the cards this seat passed and received (the penalty engines' ``played``,
  ``trick``, ``taken``, ``exposed``, ``pass_target()`` and this seat's ``passes``); the
  completed tricks with who played each card and who won it, the bidding, the contract and the
  trumps (the trick-and-bid engines' ``tricks``, ``bids``, ``high``, ``contract``, ``trump``);
  the layout and every announcement and knock with who made it (``layout``, ``laid``,
  ``history``, ``actors``); and what the whole table can deduce from that record, kept from one
  move to the next (the voids shown, the cards a knock showed a seat lacks: ``memo.Memo``).

A view holds no reference to the state, so a decision cannot read another hand; the property
test ``tests/bots/test_fairness.py`` deals the unseen cards differently and checks the view,
and so the decision, stays the same.

Views are named tuples: cheap to build on every move, immutable, and equal when they hold the
same facts.
"""

from typing import Any, NamedTuple

__all__ = ["SeatView", "build"]

# A view is made on every move: named tuples are made as plain tuples are (their own
# constructor is a Python function of every field), with every field given, in order.
_new = tuple.__new__


class SeatView(NamedTuple):
    game: Any  # the game (``contract.Game``): its family's players and hooks decide
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
    table: object  # the deal's ``view(seat)``: its family's public record (``<family>.view``)


def build(state, seat: int, game, deal_number=None, totals=None) -> SeatView:
    """The view of ``seat`` in ``state``, a deal of ``game``: the deal's own ``view(seat)`` with
    the seat's hand and legal moves. The deal number and the match totals are the state's where
    its engine keeps a match, else those given."""
    hands = state.hands
    to_act = state.to_act
    counts = (
        hands[0].bit_count(),
        hands[1].bit_count(),
        hands[2].bit_count(),
        hands[3].bit_count(),
    )
    if state.match_totals is not None:  # the deal keeps its match: its word is kept
        totals, deal_number = state.match_totals, state.deal_number
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
            deal_number,
            totals,
            state.view(seat),
        ),
    )
