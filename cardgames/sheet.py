"""Every game's score sheet: the lines a table keeps, each row scored by the game's own scoring
function, and where the match stands by the game's own rules for its end.

``sheet_for(slug, rules)`` makes a game's sheet (the class the game's description names). It is
the one model of a match across deals: a table writes its rows with ``enter(kind, facts)``, and
a match played on the site (practice) enters each finished deal with ``record(state)``, which
says where the match stands and who deals next. Rows go in order, one per deal, as the table
writes them:

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
game's match module says: ``penalty.match.outcome``, ``trickbid.match.outcome``, Sab'at's
``winning_side``, the Tarneeb sheet's ``winner``.

The sources' examples: Qahwa's exposed queen taken with two hearts adds 28.

>>> from cardgames.penalty import bent_al_sbeet
>>> sheet = sheet_for("bent-al-sbeet", bent_al_sbeet.PRESETS["qahwa"])
>>> facts = {"hearts": [2, 11, 0, 0], "queen": "N", "ten": "E", "exposed": ["QS"]}
>>> sheet.enter("cards", facts).scores
(28, 21, 0, 0)
"""

import copy
from dataclasses import dataclass, field
from importlib import import_module

from .cards import ACE, HEARTS, JACK, KING, QUEEN, SEVEN, SPADES, TWO, card, card_code, parse_card
from .errors import BadInput, IllegalMove
from .penalty.deal import table as penalty_table
from .penalty.match import next_dealer as penalty_next_dealer
from .penalty.match import outcome as penalty_outcome
from .penalty.rules import parameters as penalty_parameters
from .penalty.scoring import JD, KC, QS, TD
from .table import PARTNERSHIPS, SEATS, parse_seat, side_of
from .trickbid.match import outcome as trickbid_outcome
from .trickbid.moves import TRICKS
from .trickbid.rules import table as trickbid_table
from .trickbid.score_sheet import Sheet as PaperSheet
from .trickbid.scoring import score_bids

__all__ = ["GameSheet", "Row", "Standing", "sheet_class", "sheet_for"]

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


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value, field_name: str, **facts) -> int:
    if isinstance(value, str) and len(value.strip()) == 1:
        try:
            return parse_seat(value)
        except BadInput:
            pass
    raise BadInput("bad_taker", field=field_name, seat=str(value), **facts)


def _side(value, field_name: str = "side") -> int:
    if isinstance(value, str) and value.strip().upper() in PARTNERSHIPS:
        return PARTNERSHIPS.index(value.strip().upper())
    raise BadInput("bad_side", field=field_name, side=str(value))


def _count(value, field_name: str, low: int, high: int, code: str, **facts) -> int:
    if not _whole(value) or not low <= value <= high:
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
            if not _whole(value) or not low <= value <= high:
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


# --- the penalty family: Bent Al Sbeet, Leekha, Hearts -----------------------------------------

# The cards that score besides the hearts, each with the rule that prices it and its fact.
OTHER_CARDS = (
    ("queen", "queen_points", QS),
    ("ten", "ten_points", TD),
    ("king", "king_of_clubs_points", KC),
    ("jack", "jack_of_diamonds_points", JD),
)
HEART_CARDS = tuple(card(rank, HEARTS) for rank in range(13))
# A card that never scores, given to a player who took a trick without a card that scores, so
# the no-trick bonus (Hearts) goes only to those who took none.
NOTHING = tuple(card(TWO + seat, SPADES) for seat in range(4))


class PenaltySheet(GameSheet):
    KINDS = ("cards", "points")
    READS = (
        "heart_points",
        "queen_points",
        "ten_points",
        "king_of_clubs_points",
        "jack_of_diamonds_points",
        "no_trick_points",
        "exposable",
        "exposure_multiplier",
        "hearts_double_when_both_exposed",
        "moon",
        "partnership",
        "both_sides_over",
        "target",
        "ties",
    )

    def __init__(self, rules):
        super().__init__(rules)
        self.p = penalty_parameters(rules)

    @property
    def grouped(self) -> bool:
        return self.p["partnership"] != "none"

    def asks(self) -> dict:
        """What the cards form asks under these rules: ``hearts`` (bool), the other cards that
        score (fact -> card code), the cards that may have been exposed, ``no_trick``."""
        p = self.p
        return {
            "hearts": bool(p["heart_points"]),
            "cards": {name: card_code(c) for name, key, c in OTHER_CARDS if p[key]},
            "exposable": [card_code(c) for c in p["exposable"]],
            "no_trick": bool(p["no_trick_points"]),
        }

    def points_range(self) -> tuple[int, int]:
        p = self.p
        values = penalty_table(self.rules).scoring
        everything = sum(1 << c for c in p["exposable"])
        low = min(0, p["jack_of_diamonds_points"], p["no_trick_points"])  # never both at once
        return low, values.deal_value(everything)

    def _score(self, kind, facts):
        taken, exposed = self.taken(facts)
        values = penalty_table(self.rules).scoring
        scores = values.score(taken, exposed, True)
        shooter = values.moon_by(taken)
        return tuple(scores), {"moon": None if shooter is None else SEATS[shooter]}

    def taken(self, facts: dict) -> tuple[list[int], int]:
        """The cards each seat took (as bit sets) and the cards exposed, from a row's facts."""
        asks = self.asks()
        taken = [0, 0, 0, 0]
        if asks["hearts"]:
            hearts = facts.get("hearts")
            if not isinstance(hearts, list | tuple) or len(hearts) != 4:
                raise BadInput("bad_row_facts")
            for seat, n in enumerate(hearts):
                _count(n, f"hearts_{SEATS[seat]}", 0, 13, "bad_hearts", seat=SEATS[seat])
            if sum(hearts) != 13:
                raise BadInput("bad_hearts_total", field="hearts", total=sum(hearts))
            given = iter(HEART_CARDS)
            for seat, n in enumerate(hearts):
                for _ in range(n):
                    taken[seat] |= 1 << next(given)
        for name, code in asks["cards"].items():
            seat = _seat(facts.get(name), name, card=code)
            taken[seat] |= 1 << parse_card(code)
        exposed = 0
        shown = facts.get("exposed", [])
        if not isinstance(shown, list | tuple):
            raise BadInput("bad_row_facts")
        for code in shown:
            if code not in asks["exposable"] or exposed >> parse_card(code) & 1:
                raise BadInput("cannot_expose", field="exposed", card=str(code))
            exposed |= 1 << parse_card(code)
        if asks["no_trick"]:
            self._mark_tricks(taken, facts.get("no_trick", []))
        return taken, exposed

    @staticmethod
    def _mark_tricks(taken: list[int], none: list) -> None:
        """Players who took no trick hold nothing; the others get a card that never scores."""
        if not isinstance(none, list | tuple):
            raise BadInput("bad_row_facts")
        idle = {_seat(s, "no_trick") for s in none}
        if len(idle) == 4:
            raise BadInput("everyone_no_trick", field="no_trick")
        for seat in range(4):
            if seat in idle and taken[seat]:
                raise BadInput("no_trick_took_cards", field="no_trick", seat=SEATS[seat])
            if seat not in idle:
                taken[seat] |= 1 << NOTHING[seat]

    def next_dealer(self, state) -> int:
        return penalty_next_dealer(self.rules, state)

    @property
    def standing(self) -> Standing:
        result = penalty_outcome(self.rules, self.totals)
        if result.by_side:
            winners = tuple(sorted({PARTNERSHIPS[side_of(s)] for s in result.winners}))
        else:
            winners = tuple(SEATS[s] for s in result.winners)
        tie = ("shared" if result.over else "play_on") if result.tie else None
        return Standing(result.over, winners if result.over else (), tie)


# --- the trick-and-bid family: Tarneeb, Tarneeb 41 ---------------------------------------------


class TarneebSheet(GameSheet):
    """The paper sheet of ``score_sheet``: what each side writes, the debt, the plain total."""

    LINES = PARTNERSHIPS
    KINDS = ("deal", "points")
    READS = (
        "min_bid",
        "max_bid",
        "kaboot_bonus",
        "grand_made_points",
        "grand_missed_cost",
        "grand_missed_defender_multiplier",
        "double_multiplier",
        "double_defenders",
        "target",
    )
    COLUMNS = ("score", "entry", "line", "debt", "total")
    NOW = ("line", "debt", "total")

    def __init__(self, rules):
        super().__init__(rules)
        self.paper = PaperSheet(rules.target)

    def copy(self) -> "TarneebSheet":
        other = super().copy()
        other.paper = copy.deepcopy(self.paper)  # the paper sheet's lines change as rows go in
        return other

    @property
    def now(self) -> dict:
        paper = self.paper
        return {"line": paper.lines, "debt": paper.debts, "total": paper.totals}

    def points_range(self) -> tuple[int, int]:
        return 0, TYPED_LIMIT

    def _enter(self, kind, facts):
        if kind == "points":
            points = facts.get("points")
            if not isinstance(points, list | tuple) or len(points) != 2:
                raise BadInput("bad_row_facts")
            if any(_whole(v) and v > TYPED_LIMIT for v in points):
                self._typed(facts)  # refused as every game refuses a slip of the finger
            written = self.paper.enter_points(*points)
        else:
            written = self.paper.enter_deal(
                self.rules,
                facts.get("bid"),
                facts.get("side"),
                facts.get("tricks"),
                bool(facts.get("doubled")),
            )
        self._totals = list(written.totals)
        columns = {
            "score": written.scores,
            "entry": written.entries,
            "line": written.lines,
            "debt": written.debts,
            "total": written.totals,
        }
        row = Row(kind, facts, written.scores, written.totals, columns)
        self.rows.append(row)
        return row

    @property
    def match_totals(self) -> tuple[int, int]:
        return self.paper.lines  # a side's line moves only once its debt is paid

    @property
    def debts(self) -> tuple[int, int]:
        return self.paper.debts

    def _resume(self, totals) -> None:
        # A position's totals are the lines; a debt carried is the sheet's, taken as none.
        self._totals = list(self.paper.enter_points(*totals).totals)

    def _record(self, state) -> None:
        written = self.paper.enter_result(state)  # a thrown-in deal writes no row
        if written is not None:
            self._totals = list(written.totals)
            self.rows.append(Row("deal", {}, written.scores, written.totals))

    @property
    def standing(self) -> Standing:
        winner = self.paper.winner
        return Standing(True, (winner,)) if winner else Standing(False)


class Tarneeb41Sheet(GameSheet):
    KINDS = ("bids", "points")
    READS = ("min_bid", "max_bid", "min_total_bids", "double_from", "target", "partner_condition")

    @property
    def grouped(self) -> bool:
        return True

    def points_range(self) -> tuple[int, int]:
        most = score_bids(self.rules, [trickbid_table(self.rules)["max_bid"]], [TRICKS])[0]
        return -most, most

    def _score(self, kind, facts):
        p = trickbid_table(self.rules)
        bids, tricks = facts.get("bids"), facts.get("tricks")
        if not all(isinstance(x, list | tuple) and len(x) == 4 for x in (bids, tricks)):
            raise BadInput("bad_row_facts")
        for seat, bid in enumerate(bids):
            if not _whole(bid) or not p["min_bid"] <= bid <= p["max_bid"]:
                raise BadInput(
                    "bad_bid", field=f"bid_{SEATS[seat]}", bid=str(bid), min=p["min_bid"],
                    max=p["max_bid"],
                )  # fmt: skip
        if sum(bids) < p["min_total_bids"]:  # thrown in before a card is played
            raise BadInput("bids_thrown_in", field="bids", total=sum(bids), min=p["min_total_bids"])
        for seat, won in enumerate(tricks):
            _count(won, f"tricks_{SEATS[seat]}", 0, TRICKS, "bad_player_tricks")
        if sum(tricks) != TRICKS:
            raise BadInput("bad_tricks_total", field="tricks", total=sum(tricks))
        return tuple(score_bids(self.rules, list(bids), list(tricks))), {}

    @property
    def standing(self) -> Standing:
        result = trickbid_outcome(self.rules, self.totals)
        if result.over:
            return Standing(True, (PARTNERSHIPS[result.winner],))
        return Standing(False, (), "play_on" if result.tie else None)


# --- Sab'at Al-Deemin --------------------------------------------------------------------------

MULTIPLIERS = {1: None, 2: "double_allowed", 3: "triple_allowed"}


class SabaatSheet(GameSheet):
    LINES = PARTNERSHIPS
    KINDS = ("deal", "points")
    READS = (
        "ace_points",
        "court_points",
        "seven_out_bonus",
        "seven_out_bonus_mode",
        "double_allowed",
        "triple_allowed",
        "penalty_points",
        "penalty_multiplied",
        "target",
    )

    @property
    def game(self):
        # Imported when asked, not kept: a practice match copies and caches its sheet.
        return import_module(f"{__package__}.layout.sabaat_al_deemin")

    def multipliers(self) -> list[int]:
        """1, and the double's 2 and the triple's 3 where the rules allow them."""
        return [m for m, rule in MULTIPLIERS.items() if rule is None or getattr(self.rules, rule)]

    def _score(self, kind, facts):
        game = self.game
        winner = _side(facts.get("winner"), "winner")
        aces = _count(facts.get("aces"), "aces", 0, 4, "bad_aces_left")
        courts = _count(facts.get("courts"), "courts", 0, 12, "bad_courts_left")
        multiplier = facts.get("multiplier", 1)
        if multiplier not in self.multipliers() or not _whole(multiplier):
            raise BadInput("bad_multiplier", field="multiplier", multiplier=str(multiplier))
        seven = facts.get("seven_out", False)
        if not isinstance(seven, bool):
            raise BadInput("bad_row_facts")
        penalties = facts.get("penalties", [0, 0])
        if not isinstance(penalties, list | tuple) or len(penalties) != 2:
            raise BadInput("bad_row_facts")
        for side, n in zip(PARTNERSHIPS, penalties, strict=True):
            _count(n, f"penalties_{side}", 0, 99, "bad_penalties", side=side)
        # The aces and court cards left, as cards: their suits change nothing.
        left = sum(1 << card(ACE, s) for s in range(aces))
        courts_left = [card(rank, s) for rank in (KING, QUEEN, JACK) for s in range(4)]
        left |= sum(1 << c for c in courts_left[:courts])
        last = card(SEVEN, 0) if seven else None
        scores = [0, 0]
        scores[winner] = game.score_hand(self.rules, left, last, multiplier)
        # Every penalty costs the same; it goes to the offenders' opponents.
        each = next(iter(game.penalty_table(self.rules, multiplier).values())).points
        for side, n in enumerate(penalties):
            scores[1 - side] += n * each
        return tuple(scores), {"penalty_points": each}

    def next_dealer(self, state) -> int:
        return self.game.next_dealer(self.rules, state)

    @property
    def standing(self) -> Standing:
        winner = self.game.winning_side(self.rules, self.totals)
        return Standing(False) if winner is None else Standing(True, (PARTNERSHIPS[winner],))


def sheet_class(slug: str) -> type[GameSheet]:
    """The sheet of the game ``slug``: the class its description names (``BadInput``
    ``unknown_game`` for any other)."""
    from .games import game

    return game(slug).part("sheet")


def sheet_for(slug: str, rules) -> GameSheet:
    """A new sheet of the game ``slug`` under ``rules``."""
    return sheet_class(slug)(rules)
