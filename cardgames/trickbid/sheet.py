"""The trick-and-bid family's score sheets: Tarneeb's paper sheet (a side's bid, the tricks it
took, doubled or not; whole numbers from zero up and the debt a side carries: ``score_sheet``)
and Tarneeb 41's (each player's bid and the tricks each took, ``score_bids``)."""

import copy

from ..errors import BadInput
from ..sheet import TYPED_LIMIT, GameSheet, Row, Standing, is_whole, read_count
from ..table import PARTNERSHIPS, SEATS
from .match import outcome as trickbid_outcome
from .moves import TRICKS
from .rules import table as trickbid_table
from .score_sheet import Sheet as PaperSheet
from .scoring import score_bids


class TarneebSheet(GameSheet):
    """The paper sheet of ``score_sheet``: what each side writes, the debt, the plain total."""

    LINES = PARTNERSHIPS
    KINDS = ("deal", "points")
    READS = (
        "min_bid",
        "max_bid",
        "made_scores",
        "defenders_score_made",
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
            if any(is_whole(v) and v > TYPED_LIMIT for v in points):
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
            if not is_whole(bid) or not p["min_bid"] <= bid <= p["max_bid"]:
                raise BadInput(
                    "bad_bid", field=f"bid_{SEATS[seat]}", bid=str(bid), min=p["min_bid"],
                    max=p["max_bid"],
                )  # fmt: skip
        if sum(bids) < p["min_total_bids"]:  # thrown in before a card is played
            raise BadInput("bids_thrown_in", field="bids", total=sum(bids), min=p["min_total_bids"])
        for seat, won in enumerate(tricks):
            read_count(won, f"tricks_{SEATS[seat]}", 0, TRICKS, "bad_player_tricks")
        if sum(tricks) != TRICKS:
            raise BadInput("bad_tricks_total", field="tricks", total=sum(tricks))
        return tuple(score_bids(self.rules, list(bids), list(tricks))), {}

    @property
    def standing(self) -> Standing:
        result = trickbid_outcome(self.rules, self.totals)
        if result.over:
            return Standing(True, (PARTNERSHIPS[result.winner],))
        return Standing(False, (), "play_on" if result.tie else None)
