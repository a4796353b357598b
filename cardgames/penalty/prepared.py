"""What the penalty family's hot path reads of a rule set, worked out once per ``Rules``
(:func:`table`): the knobs as masks and flags, the seats' orders, who passes to whom on each
deal of the four-deal cycle, the scoring's values. Compiled with the deal (``compiled``)."""

from functools import lru_cache
from typing import Any

from ..table import next_seats, seats_from
from .rules import PASS_TARGET, parameters, pass_direction_for
from .scoring import HEARTS_MASK, PENALTY_MASK, QS_BIT, Values


class Table:
    """What the hot path needs from a rule set, worked out once per Rules (see :func:`table`)."""

    __slots__ = (
        "p",
        "step",
        "nxt",
        "pass_count",
        "keep_last",
        "exposable",
        "expose_before",
        "expose_one",
        "forced",
        "talbees",
        "break_mask",
        "must_break",
        "first_trick_guard",
        "scoring",
        "each_trick_lowest",
        "orders",
        "pass_to",
        "first_lead",
        "later_lead",
        "exposing",
        "end_mask",
        "trix",
        "trick_needs_penalty",
    )
    p: dict
    step: int
    nxt: tuple[int, ...]
    pass_count: int
    keep_last: bool
    exposable: int
    expose_before: bool
    expose_one: bool
    forced: int
    talbees: int
    break_mask: int
    must_break: bool
    first_trick_guard: int
    scoring: Values
    each_trick_lowest: bool
    orders: tuple[tuple[int, ...], ...]
    pass_to: tuple[tuple[int, ...], ...]
    first_lead: str
    later_lead: str
    exposing: bool  # the game's tokens include expose: and keep
    end_mask: int  # the deal ends once these cards are all taken (0: it runs 13 tricks)
    trix: bool  # Trix's prices: doubled cards and priced tricks are tracked
    trick_needs_penalty: bool  # a trick costs only when it holds a priced card

    def __init__(self, rules: Any) -> None:
        p = self.p = parameters(rules)
        step = p["direction"].step
        self.step = step
        self.nxt = next_seats(p["direction"])
        self.pass_count = p["pass_count"]
        self.keep_last = p["keep_last_of_suit"]
        self.exposable = sum(1 << c for c in p["exposable"])
        self.expose_before = p["expose_when"] == "before_play"
        self.expose_one = p["expose_limit"] == "one"
        self.scoring = Values(p)
        trix_mask = self.scoring.trix_mask
        self.trix = bool(trix_mask or self.scoring.trick)
        if self.trix:
            # Trix: only the contract's K♥ or queens may be doubled.
            self.exposable &= self.scoring.doublable
        # Void, the discard is forced onto the penalty cards: the Q♠ and the 10♦, or those of
        # Trix's contract (the K♥, the queens, the diamonds).
        penalty = trix_mask if self.trix else PENALTY_MASK
        self.forced = penalty if p["forced_penalty_discard"] else 0
        early = p["ends_early"] and not self.scoring.trick
        self.end_mask = trix_mask if early else 0
        self.trick_needs_penalty = p["priced_tricks"] == "with_penalty_card"
        self.talbees = sum(1 << c for c in p["talbees"])
        self.must_break = p["hearts_must_break"]
        self.break_mask = HEARTS_MASK | (QS_BIT if p["queen_breaks_hearts"] else 0)
        # No card that scores on the first trick unless nothing else is held.
        self.first_trick_guard = 0 if p["points_on_first_trick"] else self.scoring.moon_mask
        self.each_trick_lowest = p["later_deal_lead"] == "lowest_score_each_trick"
        # Worked out here rather than on every deal: the four seats in the order they act from
        # each seat, and who each seat passes to on deals 1 to 4 (every rotation repeats within
        # four deals), empty where there is no pass.
        self.orders = tuple(tuple(seats_from(first, p["direction"])) for first in range(4))
        self.pass_to = tuple(_pass_targets(p, number) for number in (1, 2, 3, 4))
        self.first_lead = p["opening_lead"]
        lowest = p["later_deal_lead"] == "lowest_score"
        self.later_lead = "lowest_score" if lowest else self.first_lead
        self.exposing = bool(type(rules).EXPOSE_TOKENS)


def _pass_targets(p: dict, deal_number: int) -> tuple[int, ...]:
    direction = pass_direction_for(p, deal_number)
    if direction == "none":
        return ()
    return tuple(map(PASS_TARGET[direction], range(4)))


@lru_cache(maxsize=256)
def table(rules) -> Table:
    return Table(rules)
