"""What one seat may see of a penalty deal: the public record its computer players read, and the
table view the card table draws; who may know which passed cards is decided here, once."""

from typing import NamedTuple

from ..contract import Phase, TableView
from ..table import passer_to
from ..view import counts, finished_trick, new_tuple, plays, seen_hands, seen_legal
from .rules import parameters

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_PASS, _OVER = Phase.PASS, Phase.OVER


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


def penalty_view(state, seat: int) -> PenaltyTable:
    """What ``seat`` may see of a penalty deal ``state``."""
    history, held = state.history, counts(state.hands)
    exposed = state.exposed
    pass_to = state.pass_target(seat)
    received = 0
    if pass_to is not None and state.phase != _PASS:
        # The cards have changed hands: this seat now holds what its giver chose. Every seat
        # passes the same way round (to one side, or across): the giver sits as far the
        # other way.
        received = state.passes[passer_to(seat, pass_to)]
    played = plays(history, held, exposed)
    trick = tuple(state.trick)
    held = (0, 0, 0, 0)
    if exposed:
        # An exposed card is shown to the table: who holds it is public.
        hands = state.hands
        held = (hands[0] & exposed, hands[1] & exposed, hands[2] & exposed, hands[3] & exposed)
    return new_tuple(
        PenaltyTable,
        (
            played,
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


def known_passes(state, seen: frozenset[int]) -> tuple[int | None, ...]:
    """The cards each seat chose to pass, where the seats ``seen`` may know them: their own,
    the cards passed to them once the cards have changed hands, every pass once the deal is
    over; None for the others."""
    passes = state.passes
    if state.phase == _OVER:
        return tuple(passes)
    exchanged = state.phase != _PASS
    return tuple(
        passes[s] if s in seen or (exchanged and state.pass_target(s) in seen) else None
        for s in range(4)
    )


def received_passes(state, seen: frozenset[int]) -> tuple[int, ...]:
    """The cards each seat holds that were passed to it by a seat of ``seen`` or to a seat of
    ``seen``, once the cards have changed hands: their passer and their receiver both know
    where they are."""
    if state.phase == _PASS:
        return (0, 0, 0, 0)
    out = [0, 0, 0, 0]
    for s in range(4):
        target = state.pass_target(s)
        if target is not None and (s in seen or target in seen):
            out[target] |= state.passes[s]
    return tuple(h & known for h, known in zip(state.hands, out, strict=True))


def penalty_table_view(state, seen) -> TableView:
    """What the seats ``seen`` may see of a penalty deal ``state``."""
    seen = frozenset(seen)
    hands = state.hands
    exposed = state.exposed
    to_act = state.to_act
    p = parameters(state.rules)
    needed = 0
    if state.phase == _PASS and to_act is not None:
        needed = p["pass_count"] - state.passes[to_act].bit_count()
    return TableView(
        seen,
        state.phase,
        to_act,
        state.dealer,
        seen_hands(state, seen),
        counts(hands),
        seen_legal(state, seen),
        tuple(state.points()),
        trick=tuple(state.trick),
        last_trick=finished_trick(state.last_trick),
        tricks_won=tuple(state.tricks_won),
        shown=tuple(h & exposed for h in hands),
        exposed=exposed,
        exposure=p["exposure_multiplier"],
        passes=known_passes(state, seen),
        received=received_passes(state, seen),
        pass_needed=needed,
    )
