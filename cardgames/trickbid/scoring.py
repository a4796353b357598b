"""The trick-and-bid family's scores: a side's contract (Tarneeb) or every player's own bid
(Tarneeb 41). Every special case lives in these two functions."""

from typing import NamedTuple

from ..errors import BadInput
from ..table import side_of
from .moves import TRICKS
from .rules import table


class Contract(NamedTuple):
    """The bid won: ``trump`` is a suit, or None for no trumps (and, in the classic trump
    phase, before the declarer has named it: see ``Deal.strain``)."""

    bid: int
    trump: int | None
    declarer: int
    doubled: bool = False
    redoubled: bool = False

    @property
    def side(self) -> int:
        return side_of(self.declarer)


def contract_multiplier(p, doubled: bool, redoubled: bool) -> int:
    """What a contract's score is multiplied by under the family parameters ``p``: 1, the
    double's multiplier (a house rule, 1 to 10), or that twice over once redoubled."""
    if not doubled:
        return 1
    return p["double_multiplier"] ** (2 if redoubled else 1)


def score_deal(rules, contract: Contract, side_tricks) -> tuple[int, int]:
    """The signed score of a played deal, (NS, EW), for a side's contract."""
    p = table(rules)
    bid, _, declarer, doubled, redoubled = contract
    if not (isinstance(bid, int) and p["min_bid"] <= bid <= p["max_bid"]):
        shown = bid if isinstance(bid, int) else str(bid)
        raise BadInput("bad_bid", bid=shown, min=p["min_bid"], max=p["max_bid"])
    if declarer not in range(4):
        raise BadInput("bad_seat", seat=str(declarer))
    if (doubled and not p["double_allowed"]) or (redoubled and not p["redouble_allowed"]):
        raise BadInput("bad_double")
    if (
        len(side_tricks) != 2
        or not all(isinstance(t, int) and 0 <= t <= TRICKS for t in side_tricks)
        or sum(side_tricks) != TRICKS
    ):
        raise BadInput("bad_tricks", tricks=list(side_tricks))
    side = side_of(declarer)
    won, theirs = side_tricks[side], side_tricks[1 - side]
    factor = contract_multiplier(p, doubled, redoubled)
    if won >= bid:  # made: the bidding side scores; the other side nothing, or its tricks
        if bid == TRICKS:
            gain = p["grand_made_points"]
        elif won == TRICKS:  # kaboot: all thirteen on a lower bid, whatever a made bid scores
            gain = won + p["kaboot_bonus"]
        else:
            gain = won if p["made_scores"] == "tricks_taken" else bid
        ours, other = gain * factor, theirs if p["defenders_score_made"] else 0
    else:  # missed: the bidding side loses, the other side scores its tricks
        if bid == TRICKS:
            cost, other = p["grand_missed_cost"], theirs * p["grand_missed_defender_multiplier"]
        else:
            cost, other = bid, theirs
        ours = -cost * factor
        if doubled and p["double_defenders"]:
            other *= factor
    return (ours, other) if side == 0 else (other, ours)


def score_bids(rules, bids, tricks_won) -> list[int]:
    """Every player's signed score for their own bid (by seat): made, at least as many tricks
    as bid, scores the bid; missed loses it; a bid of ``double_from`` or more counts double."""
    double_from = table(rules)["double_from"]
    out = []
    for bid, won in zip(bids, tricks_won, strict=True):
        value = bid * (2 if bid >= double_from else 1)
        out.append(value if won >= bid else -value)
    return out
