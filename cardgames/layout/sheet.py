"""The layout family's score sheet: the side that went out, the aces and the court cards left in
the losers' hands, whether the last card was a seven, the double or the triple, and the
penalties each side's players incurred (``score_hand``, ``penalty_table``)."""

from ..cards import ACE, JACK, KING, QUEEN, SEVEN, card
from ..errors import BadInput
from ..sheet import GameSheet, Standing, is_whole, read_count, read_side
from ..table import PARTNERSHIPS
from .match import next_dealer, winning_side
from .penalties import penalty_table
from .scoring import score_hand

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

    def multipliers(self) -> list[int]:
        """1, and the double's 2 and the triple's 3 where the rules allow them."""
        return [m for m, rule in MULTIPLIERS.items() if rule is None or getattr(self.rules, rule)]

    def _score(self, kind, facts):
        winner = read_side(facts.get("winner"), "winner")
        aces = read_count(facts.get("aces"), "aces", 0, 4, "bad_aces_left")
        courts = read_count(facts.get("courts"), "courts", 0, 12, "bad_courts_left")
        multiplier = facts.get("multiplier", 1)
        if multiplier not in self.multipliers() or not is_whole(multiplier):
            raise BadInput("bad_multiplier", field="multiplier", multiplier=str(multiplier))
        seven = facts.get("seven_out", False)
        if not isinstance(seven, bool):
            raise BadInput("bad_row_facts")
        penalties = facts.get("penalties", [0, 0])
        if not isinstance(penalties, list | tuple) or len(penalties) != 2:
            raise BadInput("bad_row_facts")
        for side, n in zip(PARTNERSHIPS, penalties, strict=True):
            read_count(n, f"penalties_{side}", 0, 99, "bad_penalties", side=side)
        # The aces and court cards left, as cards: their suits change nothing.
        left = sum(1 << card(ACE, s) for s in range(aces))
        courts_left = [card(rank, s) for rank in (KING, QUEEN, JACK) for s in range(4)]
        left |= sum(1 << c for c in courts_left[:courts])
        last = card(SEVEN, 0) if seven else None
        scores = [0, 0]
        scores[winner] = score_hand(self.rules, left, last, multiplier)
        # Every penalty costs the same; it goes to the offenders' opponents.
        each = next(iter(penalty_table(self.rules, multiplier).values())).points
        for side, n in enumerate(penalties):
            scores[1 - side] += n * each
        return tuple(scores), {"penalty_points": each}

    def next_dealer(self, state) -> int:
        return next_dealer(self.rules, state)

    @property
    def standing(self) -> Standing:
        winner = winning_side(self.rules, self.totals)
        return Standing(False) if winner is None else Standing(True, (PARTNERSHIPS[winner],))
