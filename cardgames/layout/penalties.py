"""The layout family's penalties: what a wrong action costs (a knock while holding a card that
could be laid, a wrong card, a card out of turn, a missing warning, a signal to the partner),
and which penalty a wrong action would incur now (``penalty_for``, for the tutorials and the
quiz; normal play refuses the wrong actions, so they never happen in a ``Deal``)."""

from dataclasses import dataclass, replace

from ..cards import card_code
from ..contract import Phase
from ..errors import IllegalMove
from ..table import PARTNERSHIPS, SEATS, parse_seat, side_of
from .deal import Deal
from .moves import ANNOUNCEMENTS, KNOCK, format_move

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_ANNOUNCE, _PLAY = Phase.ANNOUNCE, Phase.PLAY

SIGNAL = "signal"  # penalty_for's action for a comment or gesture to the partner
SIDES = PARTNERSHIPS  # side 0 is North-South, side 1 East-West


@dataclass(frozen=True)
class Penalty:
    """A penalty: its code, the points it gives, and (once incurred) who gave and who takes."""

    code: str
    points: int
    seat: int | None = None  # the offender
    side: int | None = None  # the side that scores the points: the offender's opponents
    detectable: bool = True  # whether the engine can recognise it from an action

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "points": self.points,
            "seat": None if self.seat is None else SEATS[self.seat],
            "side": None if self.side is None else SIDES[self.side],
        }


# The source's penalties, in the order penalty_for checks them.
PENALTY_CODES = (
    "out_of_turn",  # a card played out of turn
    "knock_with_playable_card",  # a knock by a player who could have laid a card
    "wrong_card",  # a card of the wrong rank or suit for its pile
    "missing_warning",  # a player left with one card did not warn the table
    "signalling",  # a comment or gesture telling the partner about cards (not in the moves)
)


def penalty_table(rules, multiplier: int = 1) -> dict[str, Penalty]:
    """Every penalty with its points under ``rules`` (multiplied only if the rules say so)."""
    points = rules.penalty_points * (multiplier if rules.penalty_multiplied else 1)
    return {code: Penalty(code, points, detectable=code != "signalling") for code in PENALTY_CODES}


def penalty_for(deal: Deal, action, seat: int | str | None = None, *, warned: bool = True):
    """The penalty ``seat`` (default: the player to act) incurs by ``action`` now, or None.

    ``action`` is a move (int or token: a card, ``knock``) or ``SIGNAL``. ``warned`` says
    whether the player warned the table, for a card that leaves them with one card. The
    position itself does not change: a wrong action is corrected and play goes on.
    """
    if isinstance(seat, str):
        seat = parse_seat(seat)
    if seat is None:
        seat = deal.to_act
    rules = deal.rules
    if deal.phase not in (_ANNOUNCE, _PLAY) or seat is None:
        raise IllegalMove("wrong_phase", phase=deal.phase, move=str(action))
    table = penalty_table(rules, deal.multiplier)

    def incurred(code: str) -> Penalty:
        return replace(table[code], seat=seat, side=1 - side_of(seat))

    if action == SIGNAL:
        return incurred("signalling")
    move = deal.parse_move(action) if isinstance(action, str) else action
    format_move(move)  # BadInput for an int that is no move
    if deal.phase != _PLAY or move in ANNOUNCEMENTS:
        raise IllegalMove("wrong_phase", phase=deal.phase, move=format_move(move))
    hand = deal.hands[seat]
    playable = hand & deal._allowed_cards()
    if move == KNOCK:
        if seat == deal.to_act and playable:
            return incurred("knock_with_playable_card")
        return None
    if not hand >> move & 1:
        raise IllegalMove("card_not_in_hand", card=card_code(move), seat=SEATS[seat])
    if seat != deal.to_act:
        return incurred("out_of_turn")
    if not playable >> move & 1:
        return incurred("wrong_card")
    if rules.warning_required and not warned and hand.bit_count() == 2:
        return incurred("missing_warning")
    return None
