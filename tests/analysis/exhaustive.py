"""Every card's value by trying every continuation, on the engine's own state (copy, push,
legal_moves): the yardstick for the solver's mapping, written apart from it and from DDS.

Plain minimax, no pruning and no ordering: every legal card at every turn is played out. A
position met again by another order of plays is looked up rather than searched again (the
tricks still to come depend on the cards held, the seat to act and the trick on the table, not
on how the position came about), which changes no value, only the time.
"""

from cardgames.table import side_of


def card_values(state, seat: int, own: bool = False) -> dict[int, int]:
    """Each legal card of ``seat`` (to act) -> the tricks it ends the deal with, best play by
    all: its side's tricks, the sides playing against each other; with ``own``, the seat's own
    tricks, the other three against it."""
    assert state.to_act == seat
    memo: dict = {}
    values = {}
    for card in state.legal_moves():
        after = state.copy()
        after.push(card)
        values[card] = _final(after, seat, own, memo)
    return values


def _count(state, seat: int, own: bool) -> int:
    return state.tricks_won[seat] if own else state.side_tricks()[side_of(seat)]


def _final(state, seat: int, own: bool, memo: dict) -> int:
    """The tricks ``seat`` (or its side) ends with from ``state``, best play by all."""
    now = _count(state, seat, own)
    if state.is_over:
        return now
    key = (tuple(state.hands), state.to_act, tuple(state.trick))
    if key not in memo:
        finals = []
        for card in state.legal_moves():
            after = state.copy()
            after.push(card)
            finals.append(_final(after, seat, own, memo))
        mover = state.to_act
        ours = mover == seat if own else side_of(mover) == side_of(seat)
        memo[key] = (max(finals) if ours else min(finals)) - now
    return now + memo[key]
