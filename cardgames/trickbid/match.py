"""Where a match stands when every player keeps their own total (Tarneeb 41): totals per seat,
won by a side. The match itself is kept on the game's score sheet (``sheets.Tarneeb41Sheet``,
which asks :func:`outcome`); Tarneeb's is the paper sheet, ``score_sheet``.

A player whose total reaches the target wins for their side when the partner's total meets
``partner_condition`` (``above_zero``: more than zero; ``not_negative``: zero or more). When
players of both sides qualify in the same deal, the higher total wins; equal totals decide
nothing yet and the match plays on (a reading: the sources do not say).
"""

from typing import NamedTuple

from ..table import across, side_of
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
        s for s in range(4) if totals[s] >= p["target"] and _partner_ok(p, totals[across(s)])
    ]
    if not qualified:
        return Outcome(False, None)
    best = {}
    for s in qualified:
        best[side_of(s)] = max(best.get(side_of(s), totals[s]), totals[s])
    if len(best) == 1:
        return Outcome(True, next(iter(best)))
    if best[0] == best[1]:
        return Outcome(False, None, True)
    return Outcome(True, 0 if best[0] > best[1] else 1)
