"""Tarneeb 41 (طرنيب 41, "Forty-one", also sold as "400"), the Syrian and Lebanese game
(source keys: relatives.md).

Four players in two partnerships sitting opposite, 52 cards, ace high, counter-clockwise.
Hearts are always trumps; nobody calls a trump [P-41, AG-41, SH-41, TR-41, T4-41]. Each player
bids once, in turn from the dealer's right, the number of tricks they alone promise to take;
the dealer bids last; the lowest bid is 1 [SH-41, TR-41]. When the four bids add up to less
than 11 the cards are thrown in and dealt again (``min_total_bids``) [AG-41, SH-41; TR-41 says
"10 or less", the same]. Follow suit; a player void may trump or discard; the highest heart
wins, else the highest card of the suit led; the winner leads next [SH-41, TR-41].

Each player scores for themselves: at least as many tricks as bid scores the bid, fewer loses
it; bids of 7 and more count double (a made 7 is +14, a missed 8 −16) (``double_from``)
[AG-41, SH-41, TR-41]. The first player to reach 41 (``target``) wins for their side, provided
the partner's score is above zero [AG-41] or not negative [TR-41] (``partner_condition``: the
two claims differ at exactly zero); when both sides get there in the same deal, the higher
total wins [AG-41, TR-41, T4-41].

The first lead (``first_lead``) differs: the dealer [SH-41]; the player on the dealer's right
[TR-41]. Presets: ``classic`` (the default: SH-41's lead and AG-41's partner condition, the two
rules pages players consult, which agree with each other) and ``four-hundred`` (TR-41, the book
excerpt on "400", with its own lead and condition).

Readings: a thrown-in hand is dealt again by the same dealer; both sides over with equal totals
decides nothing and the match plays on; a public "400" code base that raises the minimum bid
with the score is unverified and not offered. The deal, the bidding and the tricks are the
trick-and-bid family's (``trickbid``); tokens are bids ``1``..``13`` and cards.
"""

from dataclasses import dataclass

from ..cards import PACK_52
from ..table import Direction
from .deal import Deal, new_deal, replay
from .family import FAMILY
from .match import outcome
from .moves import classic_bid, format_move, parse_move
from .pages import STARTS, format_extra, parse_extra, position_start
from .rules import TrickRules, knob
from .scoring import score_bids
from .sheet import Tarneeb41Sheet

__all__ = [
    "FAMILY",
    "DEFAULT_PRESET",
    "PACK",
    "PRESETS",
    "STARTS",
    "TOTALS",
    "Deal",
    "Rules",
    "classic_bid",
    "describe",
    "format_extra",
    "format_move",
    "match_after",
    "match_over",
    "new_deal",
    "parse_extra",
    "parse_move",
    "position_start",
    "replay",
    "score_bids",
    "worked_example",
]

PACK = PACK_52
TOTALS = "seats"  # every player keeps their own total


@dataclass(frozen=True)
class Rules(TrickRules):
    """Tarneeb 41's rules: the points its sources state, each a value of the family's knob."""

    direction: Direction = knob("direction", Direction.RIGHT)
    min_bid: int = knob("min_bid", 1, 1)
    max_bid: int = knob("max_bid", 13, 13)
    min_total_bids: int = knob("min_total_bids", 11, 11)
    double_from: int = knob("double_from", 7, 7)
    first_lead: str = knob("first_lead", "dealer", "dealer", "dealer_right")
    throw_in_same_dealer: bool = knob("throw_in_same_dealer", True)
    target: int = knob("target", 41, 31, 41, 51, 61)
    partner_condition: str = knob("partner_condition", "above_zero")
    both_sides_over: str = knob("both_sides_over", "higher_total_wins")
    # One value only: every source has hearts as trumps, and the registry records them saying so.
    trumps: str = knob("trumps", "hearts", "hearts")

    # Every player bids for themselves.
    FIXED = {
        "auction": "each",
        "scoring": "each_bid",
        "no_trumps": False,
        "double_allowed": False,
    }


PRESETS = {
    "classic": Rules(),
    "four-hundred": Rules(first_lead="dealer_right", partner_condition="not_negative"),
}
DEFAULT_PRESET = "classic"


# -- what positions and rule pages ask of a game module ----------------------------------------


def describe(rules: Rules) -> dict:
    """Numbers the rule pages quote, derived from the rules."""
    return {
        "players": 4,
        "hand_size": 13,
        "min_bid": rules.min_bid,
        "max_bid": rules.max_bid,
        "min_total_bids": rules.min_total_bids,
        "double_from": rules.double_from,
        "target": rules.target,
    }


def worked_example(rules: Rules) -> dict:
    """The sources' examples: a made 7 and a missed 8, and a made 3."""
    made_seven, missed_eight, made_three = score_bids(rules, [7, 8, 3, 1], [7, 5, 4, 1])[:3]
    return {
        "example_made_seven": made_seven,
        "example_missed_eight": missed_eight,
        "example_made_three": made_three,
    }


def match_over(rules: Rules, totals) -> bool:
    """Whether a side has already won with these totals (by seat)."""
    return outcome(rules, totals).over


def match_after(rules: Rules, state, totals=(0, 0, 0, 0)) -> dict:
    """Where the match stands once ``state`` (a finished deal) is added to the totals before it
    (by seat)."""
    return Tarneeb41Sheet.resumed(rules, totals).record(state)
