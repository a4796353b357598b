"""A match where every player keeps their own total (Tarneeb 41): totals per seat, won by a
side. (Tarneeb's own match is its score sheet, ``score_sheet``.)

A player whose total reaches the target wins for their side when the partner's total meets
``partner_condition`` (``above_zero``: more than zero; ``not_negative``: zero or more). When
players of both sides qualify in the same deal, the higher total wins; equal totals decide
nothing yet and the match plays on (a reading: the sources do not say).
"""

from typing import NamedTuple

from ..errors import BadInput, IllegalMove
from .deal import Deal, new_deal
from .rules import table


class Outcome(NamedTuple):
    """``winner``: the winning side (0 North-South, 1 East-West) once over."""

    over: bool
    winner: int | None
    tie: bool = False


def _partner_ok(p: dict, partner_total: int) -> bool:
    if p["partner_condition"] == "above_zero":
        return partner_total > 0
    return partner_total >= 0


def outcome(rules, totals) -> Outcome:
    """The match after a deal, from the totals per seat."""
    p = table(rules)
    qualified = [
        s for s in range(4) if totals[s] >= p["target"] and _partner_ok(p, totals[(s + 2) % 4])
    ]
    if not qualified:
        return Outcome(False, None)
    best = {}
    for s in qualified:
        best[s % 2] = max(best.get(s % 2, totals[s]), totals[s])
    if len(best) == 1:
        return Outcome(True, next(iter(best)))
    if best[0] == best[1]:
        return Outcome(False, None, True)
    return Outcome(True, 0 if best[0] > best[1] else 1)


class Match:
    """Deals until a side wins (see :func:`outcome`); the deal passes round the table, and
    stays with the dealer after a throw-in where the rules say so."""

    def __init__(self, rules, first_dealer: int = 0):
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < 4:
            raise BadInput("bad_seat", seat=str(first_dealer))
        self.rules = rules
        self.dealer = first_dealer
        self.deal_number = 1
        self.totals = [0, 0, 0, 0]
        self.scores: list[list[int]] = []

    def new_deal(self, hands) -> Deal:
        if self.is_over:
            raise IllegalMove("match_over")
        return new_deal(self.rules, hands, self.dealer)

    def record(self, deal: Deal) -> None:
        """Add a finished deal's points, then move the dealer and the deal number on."""
        if self.is_over:
            raise IllegalMove("match_over")
        if not deal.is_over:
            raise IllegalMove("deal_not_over", phase=deal.phase)
        if deal.dealer != self.dealer:
            raise IllegalMove("wrong_deal", deal_number=self.deal_number)
        points = deal.points()
        self.scores.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.dealer = deal.next_dealer()
        self.deal_number += 1

    @property
    def outcome(self) -> Outcome:
        return outcome(self.rules, self.totals)

    @property
    def is_over(self) -> bool:
        return self.outcome.over

    @property
    def winner(self) -> int | None:
        return self.outcome.winner
