"""A match kept per seat: deals one after another, each deal's points added to the totals,
the dealer moving on, until the rules' end of the match.

A family says how a deal of the match starts (``_deal``), where the match stands
(``outcome``: an object with ``over``) and who deals next (``_next_dealer``); the rest is
here once.
"""

from .errors import BadInput, IllegalMove


class SeatMatch:
    def __init__(self, rules, first_dealer: int = 0):
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < 4:
            raise BadInput("bad_seat", seat=str(first_dealer))
        self.rules = rules
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deal_number = 1
        self.totals = [0, 0, 0, 0]
        self.scores: list[list[int]] = []  # each recorded deal's points

    def new_deal(self, hands):
        """The current deal of the match, from its start."""
        if self.is_over:
            raise IllegalMove("match_over")
        return self._deal(hands)

    def record(self, deal) -> None:
        """Add a finished deal's points, then move the dealer and the deal number on."""
        if self.is_over:
            raise IllegalMove("match_over")
        if not deal.is_over:
            raise IllegalMove("deal_not_over", phase=deal.phase)
        number = getattr(deal, "deal_number", self.deal_number)
        if number != self.deal_number or deal.dealer != self.dealer:
            raise IllegalMove("wrong_deal", deal_number=number, expected=self.deal_number)
        points = deal.points()
        self.scores.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.dealer = self._next_dealer(deal)
        self.deal_number += 1

    @property
    def is_over(self) -> bool:
        return self.outcome.over

    # -- what a family says --

    @property
    def outcome(self):
        raise NotImplementedError

    def _deal(self, hands):
        raise NotImplementedError

    def _next_dealer(self, deal) -> int:
        raise NotImplementedError
