"""The penalty family's score sheet: the hearts each player took, who took each other card that
scores, the cards exposed and, where the rules reward it, who took no trick; the family's one
scoring function prices them, the moon included.

The sources' examples: Qahwa's exposed queen taken with two hearts adds 28.

>>> from cardgames.penalty import bent_al_sbeet
>>> sheet = PenaltySheet(bent_al_sbeet.PRESETS["qahwa"])
>>> facts = {"hearts": [2, 11, 0, 0], "queen": "N", "ten": "E", "exposed": ["QS"]}
>>> sheet.enter("cards", facts).scores
(28, 21, 0, 0)
"""

from ..cards import HEARTS, SPADES, TWO, card, card_code, parse_card
from ..errors import BadInput
from ..sheet import GameSheet, Standing, read_count, read_seat
from ..table import PARTNERSHIPS, SEATS, side_of
from .deal import table as penalty_table
from .match import next_dealer as penalty_next_dealer
from .match import outcome as penalty_outcome
from .rules import parameters as penalty_parameters
from .scoring import JD, KC, QS, TD

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
                read_count(n, f"hearts_{SEATS[seat]}", 0, 13, "bad_hearts", seat=SEATS[seat])
            if sum(hearts) != 13:
                raise BadInput("bad_hearts_total", field="hearts", total=sum(hearts))
            given = iter(HEART_CARDS)
            for seat, n in enumerate(hearts):
                for _ in range(n):
                    taken[seat] |= 1 << next(given)
        for name, code in asks["cards"].items():
            seat = read_seat(facts.get(name), name, card=code)
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
        idle = {read_seat(s, "no_trick") for s in none}
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
