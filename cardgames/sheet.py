"""A game's score sheet: the lines a table keeps, each row scored by the game's own scoring
function, and where the match stands by the game's own rules for its end. What every family's
sheet shares is here (:class:`GameSheet`); each family's own is its ``sheet`` module
(``penalty.sheet``, ``trickbid.sheet``, ``layout.sheet``), named by its family record, and a
game makes one with ``game.sheet(rules)``.

A sheet is the one model of a match across deals: a table writes its rows with ``enter(kind,
facts)``, and a match played on the site (practice) enters each finished deal with
``record(state)``, which says where the match stands and who deals next. Rows go in order, one
per deal, as the table writes them:

- ``points``: the deal's points as the table worked them out, one whole number per line;
- the deal's facts, which the engine scores:

  - Tarneeb ``deal``: the bidding side, its bid, the tricks it took, doubled or not; the sheet
    is ``score_sheet.Sheet``, whole numbers from zero up and the debt a side carries;
  - Tarneeb 41 ``bids``: each player's bid and the tricks each took (``score_bids``);
  - Bent Al Sbeet, Leekha and Hearts ``cards``: the hearts each player took, who took each
    other card that scores, the cards exposed and, where the rules reward it, who took no
    trick; the family's one scoring function prices them, the moon included;
  - Sab'at Al-Deemin ``deal``: the side that went out, the aces and the court cards left in the
    losers' hands, whether the last card was a seven, the double or the triple, and the
    penalties each side's players incurred (``score_hand``, ``penalty_table``).

Facts are JSON-friendly, as a page stores them: seats ``"N"``..``"W"``, sides ``"NS"``/``"EW"``,
cards by code. A row the game does not allow raises ``BadInput`` (its ``field`` fact names the
fact at fault); a row after the end of the match raises ``IllegalMove("match_over")``.

Lines (``LINES``) are the four seats (Bent Al Sbeet, Leekha alone, Hearts, Tarneeb 41, Leekha's
partnerships) or the two sides (Tarneeb, Sab'at Al-Deemin). Seats are ``grouped`` into sides
where the match is won by a side (Leekha's partners, Tarneeb 41). The match ends as each
family's match module says (``penalty.match.outcome``, ``trickbid.match.outcome``, the
layout's ``winning_side``, the Tarneeb sheet's ``winner``).
"""

import copy
from dataclasses import dataclass, field

from .errors import BadInput, IllegalMove
from .table import PARTNERSHIPS, SEATS, parse_seat

__all__ = [
    "TYPED_LIMIT",
    "GameSheet",
    "Row",
    "Standing",
    "is_whole",
    "read_count",
    "read_seat",
    "read_side",
]

TYPED_LIMIT = 9999  # a typed number beyond this is a slip of the finger, whatever the game


@dataclass(frozen=True)
class Row:
    """One row: what the deal gave each line (``scores``, signed) and the running ``totals``
    after it; ``columns`` every figure the sheet shows per line (``score``, ``total``, and the
    Tarneeb sheet's ``entry``, ``line``, ``debt``); ``notes`` what the facts came to (the moon's
    shooter, the penalties' points)."""

    kind: str
    facts: dict
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    columns: dict = field(default_factory=dict)
    notes: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """Where the match stands: ``winners`` are line keys, or side keys when a side wins;
    ``tie`` is ``"shared"`` (over, several winners), ``"play_on"`` (not over) or None."""

    over: bool
    winners: tuple[str, ...] = ()
    tie: str | None = None


def is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_seat(value, field_name: str, **facts) -> int:
    if isinstance(value, str) and len(value.strip()) == 1:
        try:
            return parse_seat(value)
        except BadInput:
            pass
    raise BadInput("bad_taker", field=field_name, seat=str(value), **facts)


def read_side(value, field_name: str = "side") -> int:
    if isinstance(value, str) and value.strip().upper() in PARTNERSHIPS:
        return PARTNERSHIPS.index(value.strip().upper())
    raise BadInput("bad_side", field=field_name, side=str(value))


def read_count(value, field_name: str, low: int, high: int, code: str, **facts) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise BadInput(code, field=field_name, count=str(value), low=low, high=high, **facts)
    return value


class GameSheet:
    """A match's sheet under ``rules``: rows in order, totals per line, the standing."""

    LINES: tuple[str, ...] = tuple(SEATS)
    KINDS: tuple[str, ...] = ("points",)  # the deal's facts first, then typed points
    READS: tuple[str, ...] = ()  # the rules the sheet reads (a start form offers them)
    COLUMNS: tuple[str, ...] = ("score", "total")  # per line, on every row
    NOW: tuple[str, ...] = ("total",)  # per line, where the match stands

    def __init__(self, rules):
        self.rules = rules
        self.rows: list[Row] = []
        self._totals = [0] * len(self.LINES)

    # -- what a page asks --

    @property
    def grouped(self) -> bool:
        """Whether the lines are players whose sides win or lose together."""
        return False

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    @property
    def side_totals(self) -> tuple[int, int] | None:
        """The sides' totals (partners added) where the lines are grouped, else None."""
        if not self.grouped:
            return None
        t = self._totals
        return (t[0] + t[2], t[1] + t[3])

    @property
    def now(self) -> dict:
        """Every figure of ``NOW`` per line."""
        return {"total": self.totals}

    @property
    def standing(self) -> Standing:
        raise NotImplementedError

    def points_range(self) -> tuple[int, int]:
        """The lowest and highest points one deal can give a line."""
        return 0, TYPED_LIMIT

    def opening(self) -> dict:
        """What the match decides of the next deal's position beside its hands and dealer (the
        kingdom's owner and the contracts used), as ``parse_extra`` reads them; most matches
        decide nothing more."""
        return {}

    @property
    def target(self) -> int | None:
        """The points that end the match; None where its rows do (a Trix match's twenty)."""
        return self.rules.target

    def subtotals(self) -> dict[int, tuple[int, ...]]:
        """The rows after which the sheet writes a subtotal, each with its points per line (a
        Trix kingdom's, once played out); most sheets write none."""
        return {}

    def enter(self, kind: str, facts) -> Row:
        """Score a row and write it on the sheet."""
        if self.standing.over:
            raise IllegalMove("match_over", winners=list(self.standing.winners))
        if kind not in self.KINDS:
            raise BadInput("bad_row_kind", kind=str(kind))
        if not isinstance(facts, dict):
            raise BadInput("bad_row_facts")
        return self._enter(kind, facts)

    # -- what a game says --

    def _enter(self, kind: str, facts: dict) -> Row:
        if kind == "points":
            return self._write(kind, facts, self._typed(facts))
        return self._write(kind, facts, *self._score(kind, facts))

    def _score(self, kind: str, facts: dict) -> tuple[tuple[int, ...], dict]:
        raise NotImplementedError

    def _typed(self, facts: dict) -> tuple[int, ...]:
        """Typed points, one per line, within what one deal can give."""
        points = facts.get("points")
        if not isinstance(points, list | tuple) or len(points) != len(self.LINES):
            raise BadInput("bad_row_facts")
        low, high = self.points_range()
        for line, value in zip(self.LINES, points, strict=True):
            if not is_whole(value) or not low <= value <= high:
                raise BadInput(
                    "bad_points", field=f"points_{line}", line=line, entry=str(value), low=low,
                    high=high,
                )  # fmt: skip
        return tuple(points)

    def _write(self, kind, facts, scores, notes=None) -> Row:
        self._totals = [t + s for t, s in zip(self._totals, scores, strict=True)]
        row = Row(kind, facts, tuple(scores), self.totals, self._columns(scores), notes or {})
        self.rows.append(row)
        return row

    def _columns(self, scores) -> dict:
        return {"score": tuple(scores), "total": self.totals}

    # -- a match played deal by deal (practice, positions) --

    def copy(self) -> "GameSheet":
        """An independent sheet with the same rows. Rows are frozen and the rules too, so only
        the lists are copied: a deep copy cost a practice replay a quarter of its time."""
        other = copy.copy(self)
        other.rows = list(self.rows)
        other._totals = list(self._totals)
        return other

    @classmethod
    def resumed(cls, rules, totals) -> "GameSheet":
        """A sheet whose match stands at ``totals``, per line (a position's totals)."""
        sheet = cls(rules)
        sheet._resume(tuple(totals))
        return sheet

    def _resume(self, totals: tuple[int, ...]) -> None:
        self._totals = list(totals)

    @property
    def match_totals(self) -> tuple[int, ...]:
        """The totals a deal of the match starts from, per line (a position's totals)."""
        return self.totals

    @property
    def debts(self) -> tuple[int, ...] | None:
        """What each line owes, where the game keeps debts (Tarneeb), else None."""
        return None

    def record(self, state) -> dict:
        """Enter ``state``, a finished deal, with the points it scored; where the match stands
        after it, as the match object writes it: the totals per line (and the debts), over or
        not, the winners, the tie, who deals next."""
        if self.standing.over:
            raise IllegalMove("match_over", winners=list(self.standing.winners))
        if not state.is_over:
            raise IllegalMove("deal_not_over", phase=state.phase)
        self._record(state)
        standing = self.standing
        after: dict = {"totals": dict(zip(self.LINES, self.match_totals, strict=True))}
        if self.debts is not None:
            after["debts"] = dict(zip(self.LINES, self.debts, strict=True))
        after["over"] = standing.over
        after["winners"] = list(standing.winners)
        after["tie"] = standing.tie
        after["next_dealer"] = SEATS[self.next_dealer(state)]
        return after

    def _record(self, state) -> None:
        self._write("deal", {}, tuple(state.points()))

    def next_dealer(self, state) -> int:
        """Who deals after ``state``, by the game's rules."""
        return state.next_dealer()  # the trick-and-bid family's deal says
