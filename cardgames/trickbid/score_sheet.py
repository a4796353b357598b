"""The Tarneeb score sheet as the source keeps it: whole numbers from zero up, and a carried debt.

A row is one deal. Each side enters what the deal earned it, never a minus: a side whose score
is negative (its bid missed) enters 0 and carries what it owes; the next time it scores, it
enters those points less the debt, at least 0, and carries any remainder, so its line does not
move until the debt is cleared. A side's *line* is the running sum of its entries; the match is
won by the side whose line reaches the target.

Beside the line the sheet keeps the plain signed total (the sum of the deals' signed scores,
:func:`.scoring.score_deal`). The exact relation, row after row, is::

    line - debt == signed total

(a negative score adds to the debt; a positive score p against a debt d enters max(p - d, 0)
and leaves max(d - p, 0), which together move ``line - debt`` by exactly p). So the line equals
the signed total whenever no debt is owed, and in particular on the row where a side's line
first reaches the target: its line rose on that row, which only happens once the debt is paid.

:meth:`Sheet.enter_points` writes numbers exactly as typed on the paper sheet (the players did
the debt sums themselves): the line and the signed total both move by the entry, the debt not.
:meth:`Sheet.enter_deal` and :meth:`Sheet.enter_scores` do the sums.

The source's worked example:

>>> sheet = Sheet()
>>> from cardgames.trickbid.tarneeb import PRESETS
>>> classic = PRESETS["classic"]
>>> _ = sheet.enter_deal(classic, bid=8, bidding_side="EW", tricks=8)
>>> _ = sheet.enter_deal(classic, bid=10, bidding_side="NS", tricks=7)
>>> sheet.lines, sheet.debts, sheet.totals
((0, 14), (10, 0), (-10, 14))
>>> _ = sheet.enter_deal(classic, bid=9, bidding_side="NS", tricks=13)
>>> sheet.lines, sheet.debts, sheet.totals
((6, 14), (0, 0), (6, 14))
"""

from dataclasses import dataclass

from ..errors import BadInput, IllegalMove
from ..table import PARTNERSHIPS
from .moves import TRICKS
from .scoring import Contract, score_deal

__all__ = ["DealEntry", "Row", "Sheet"]


@dataclass(frozen=True)
class DealEntry:
    """What was said about a deal entered with ``enter_deal``."""

    bid: int
    bidding_side: int  # 0 North-South, 1 East-West
    tricks: int  # tricks the bidding side won
    doubled: bool


@dataclass(frozen=True)
class Row:
    """One row of the sheet (one deal); pairs are (NS, EW)."""

    entries: tuple[int, int]  # what is written on the sheet, never negative
    scores: tuple[int, int]  # the deal's signed score (for enter_points, the entries)
    lines: tuple[int, int]  # running sums of the entries, after this row
    debts: tuple[int, int]  # what each side still owes, after this row
    totals: tuple[int, int]  # plain signed running totals, after this row
    deal: DealEntry | None = None  # the bid and tricks, for a row from enter_deal


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side(value) -> int:
    if value in (0, 1) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().upper() in PARTNERSHIPS:
        return PARTNERSHIPS.index(value.strip().upper())
    raise BadInput("bad_side", side=str(value))


class Sheet:
    """A match's score sheet: ``Sheet(31)``, then one ``enter_*`` per deal."""

    def __init__(self, target: int = 31):
        if not _whole(target) or target < 1:
            raise BadInput("bad_target", target=str(target))
        self.target = target
        self.rows: list[Row] = []
        self._lines = [0, 0]
        self._debts = [0, 0]
        self._totals = [0, 0]

    @classmethod
    def for_rules(cls, rules) -> "Sheet":
        return cls(rules.target)

    @property
    def lines(self) -> tuple[int, int]:
        return tuple(self._lines)

    @property
    def debts(self) -> tuple[int, int]:
        return tuple(self._debts)

    @property
    def totals(self) -> tuple[int, int]:
        """The plain signed totals; always ``lines[i] - debts[i]``."""
        return tuple(self._totals)

    @property
    def winner(self) -> str | None:
        """``"NS"`` or ``"EW"`` once a side's line reaches the target (the higher line if both
        do on the same row; a tie there decides nothing yet), else None."""
        ns, ew = self._lines
        if max(ns, ew) < self.target or ns == ew:
            return None
        return "NS" if ns > ew else "EW"

    def enter_points(self, ns: int, ew: int) -> Row:
        """Write a row exactly as typed: whole numbers from zero up."""
        for side, value in zip(PARTNERSHIPS, (ns, ew), strict=True):
            if not _whole(value) or value < 0:
                raise BadInput("bad_entry", side=side, entry=str(value))
        return self._write((ns, ew), (ns, ew), None)

    def enter_scores(self, ns: int, ew: int) -> Row:
        """Enter a deal's signed scores: a minus becomes 0 and a debt, points pay debts first."""
        for side, value in zip(PARTNERSHIPS, (ns, ew), strict=True):
            if not _whole(value):
                raise BadInput("bad_entry", side=side, entry=str(value))
        return self._settle((ns, ew), None)

    def enter_deal(self, rules, bid: int, bidding_side, tricks: int, doubled: bool = False) -> Row:
        """Enter a deal from its bid, the bidding side (0/"NS" or 1/"EW") and the tricks it won."""
        side = _side(bidding_side)
        if not _whole(bid) or not rules.min_bid <= bid <= rules.max_bid:
            raise BadInput("bad_bid", bid=str(bid), min=rules.min_bid, max=rules.max_bid)
        if not _whole(tricks) or not 0 <= tricks <= TRICKS:
            raise BadInput("bad_tricks", tricks=str(tricks))
        if doubled and not rules.double_allowed:
            raise BadInput("bad_double")
        other = TRICKS - tricks
        side_tricks = (tricks, other) if side == 0 else (other, tricks)
        # Only the side matters to the score: North or East stands for its partnership.
        contract = Contract(bid, None, side, bool(doubled))
        scores = score_deal(rules, contract, side_tricks)
        return self._settle(scores, DealEntry(bid, side, tricks, bool(doubled)))

    def enter_result(self, deal) -> Row | None:
        """Enter a finished deal's score; a thrown-in deal writes no row (None)."""
        if not deal.is_over:
            raise IllegalMove("deal_not_over", phase=deal.phase)
        if deal.thrown_in:
            return None
        contract = deal.contract
        entry = DealEntry(
            contract.bid, contract.side, deal.side_tricks()[contract.side], contract.doubled
        )
        return self._settle(tuple(deal.points()), entry)

    def _settle(self, scores: tuple[int, int], deal: DealEntry | None) -> Row:
        self._check_open()
        entries = [0, 0]
        debts = self._debts
        for side, score in enumerate(scores):
            if score < 0:  # a miss: enter 0, owe the cost
                debts[side] += -score
            elif score > 0:  # points pay the debt first; enter what is left, at least 0
                entries[side] = max(score - debts[side], 0)
                debts[side] = max(debts[side] - score, 0)
        return self._write(tuple(entries), tuple(scores), deal)

    def _check_open(self) -> None:
        if self.winner is not None:
            raise IllegalMove("match_over", winner=self.winner)

    def _write(self, entries, scores, deal) -> Row:
        self._check_open()
        for side in (0, 1):
            self._lines[side] += entries[side]
            self._totals[side] += scores[side]
        row = Row(entries, scores, self.lines, self.debts, self.totals, deal)
        self.rows.append(row)
        return row
