"""What one seat may see of a trick-and-bid deal: the public record its computer players read
(the voids shown kept from one move to the next), and the table view the card table draws."""

from typing import NamedTuple

from ..contract import ContractView, Phase, TableView
from ..memo import Memo
from ..view import (
    NO_VOIDS,
    counts,
    finished_trick,
    new_tuple,
    played,
    plays,
    seen_hands,
    seen_legal,
)
from .rules import table
from .scoring import contract_multiplier

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_PLAY, _OVER = Phase.PLAY, Phase.OVER


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


def trickbid_view(state, seat: int) -> TarneebTable:
    """What ``seat`` may see of a trick-and-bid deal ``state``."""
    history, held = state.history, counts(state.hands)
    tricks = tuple(state.tricks)
    trick = tuple(state.trick)
    playing = state.phase == _PLAY or (state.phase == _OVER and not state.thrown_in)
    return new_tuple(
        TarneebTable,
        (
            plays(history, held),
            played(state.hands),
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


def contract_view(state) -> ContractView | None:
    """The bid won, as the table sees it (None before): the score's multiplier under the rules
    in force once doubled (squared when redoubled), as the scoring applies it."""
    contract = state.contract
    if contract is None:
        return None
    return ContractView(
        contract.bid,
        contract.declarer,
        state.strain,
        contract.doubled,
        contract.redoubled,
        contract_multiplier(table(state.rules), contract.doubled, contract.redoubled),
    )


def trickbid_table_view(state, seen) -> TableView:
    """What the seats ``seen`` may see of a trick-and-bid deal ``state``."""
    seen = frozenset(seen)
    describe = state.move_view
    return TableView(
        seen,
        state.phase,
        state.to_act,
        state.dealer,
        seen_hands(state, seen),
        counts(state.hands),
        seen_legal(state, seen),
        tuple(state.points()),
        trick=tuple(state.trick),
        last_trick=finished_trick(state.last_trick),
        tricks_won=tuple(state.tricks_won),
        auction=tuple((seat, describe(call)) for seat, call in state.bids),
        contract=contract_view(state),
        trumps=state.strain,
    )
