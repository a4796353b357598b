"""The penalty family's match: totals per seat, the target, who wins and who deals next. The
match itself is kept on the game's score sheet (``sheets.PenaltySheet``), which asks these.

The match ends, checked after a whole deal, when a total reaches the target (:func:`outcome`):

- every player alone (``partnership="none"``): the lowest total wins; a tie for it is shared
  or played on (``ties``);
- fixed partners with individual totals (``individual_scores``): the side of the player who
  reached the target loses; when players of both sides reach it in the same deal,
  ``both_sides_over`` decides (the lower side total wins, or the side of the highest
  individual total loses);
- partners' totals added (``points_added``): a side whose total reaches the target loses; both
  at once, the higher side total loses.

A tie the rules cannot break is shared (``ties="shared"``: every tied player or side wins) or
played on (``"play_on"``: the match is not over).
"""

from typing import NamedTuple

from ..table import left_of, right_of, seats_from, side_of
from .deal import Deal
from .rules import parameters
from .scoring import QS_BIT


class Outcome(NamedTuple):
    """Where a match stands after a deal: ``winners`` are seats (both partners of a winning
    side); ``by_side`` says the match is won by a side; ``tie`` that a tie is shared (over)
    or played on (not over)."""

    over: bool
    winners: tuple[int, ...]
    by_side: bool = False
    tie: bool = False


def _side_result(p, losing_side: int | None) -> Outcome:
    if losing_side is None:  # a tie between the sides
        if p["ties"] == "play_on":
            return Outcome(False, (), True, True)
        return Outcome(True, (0, 1, 2, 3), True, True)
    winning = 1 - losing_side
    return Outcome(True, (winning, winning + 2), True)


def outcome(rules, totals) -> Outcome:
    """The match after a deal, from the totals per seat and the rules in force."""
    p = parameters(rules)
    target = p["target"]
    how = p["partnership"]
    if how == "none":
        if max(totals) < target:
            return Outcome(False, ())
        low = min(totals)
        tied = tuple(s for s in range(4) if totals[s] == low)
        if len(tied) > 1 and p["ties"] == "play_on":
            return Outcome(False, (), False, True)
        return Outcome(True, tied, False, len(tied) > 1)
    sides = (totals[0] + totals[2], totals[1] + totals[3])
    if how == "points_added":
        over = [side for side in (0, 1) if sides[side] >= target]
    else:
        over = sorted({side_of(s) for s in range(4) if totals[s] >= target})
    if not over:
        return Outcome(False, (), True)
    if len(over) == 1:
        return _side_result(p, over[0])
    # Both sides over in the same deal.
    if how == "individual_scores" and p["both_sides_over"] == "higher_score_loses":
        high = max(totals)
        losers = {side_of(s) for s in range(4) if totals[s] == high}
        return _side_result(p, losers.pop() if len(losers) == 1 else None)
    if sides[0] == sides[1]:
        return _side_result(p, None)
    return _side_result(p, 0 if sides[0] > sides[1] else 1)


def next_dealer(rules, deal: Deal) -> int:
    """Who deals after ``deal``: the seat on the dealer's right or left, whoever took the Q♠, or
    whoever took the most points (a tie: the first counting from the dealer's right)."""
    how = parameters(rules)["dealer_moves"]
    if how == "right":
        return right_of(deal.dealer)
    if how == "left":
        return left_of(deal.dealer)
    if how == "queen_taker":
        return next(s for s in range(4) if deal.taken[s] & QS_BIT)
    values = deal._t.scoring
    took = [values.cards_points(deal.taken[s], deal.exposed) for s in range(4)]
    most = max(took)
    order = seats_from(right_of(deal.dealer), parameters(rules)["direction"])
    return next(s for s in order if took[s] == most)
