"""Black Lady, the Hearts of many home tables (a test's game: ``tests/test_new_game.py``).

Four players each for themselves, 52 cards, ace high, no trumps, play and deal clockwise. Three
cards are passed before play; the holder of the two of clubs leads it; no heart or the queen of
spades on the first trick unless holding nothing else; hearts may not be led until one has
been played. Each heart costs 1 and the queen of spades, the black lady, 13. Its own rule: no
moon: a player who takes every heart and the queen is charged all 26 (``moon`` fixed). The
game ends after the deal in which someone reaches the target; the lowest total wins.

Presets: ``classic`` (the pass turns left, right, across and none, to 100) and ``left``
(always to the left, a game to 50). Moves and tokens are the family's: ``QS``, ``pass:QS``.
"""

from dataclasses import dataclass

from cardgames.cards import PACK_52, parse_card
from cardgames.penalty import moves
from cardgames.penalty.deal import Deal, new_deal, table
from cardgames.penalty.family import FAMILY
from cardgames.penalty.pages import (
    STARTS,
    describe,
    format_extra,
    match_after,
    match_over,
    parse_extra,
    position_start,
)
from cardgames.penalty.rules import PenaltyRules, knob
from cardgames.penalty.scoring import HEARTS_MASK, QS_BIT
from cardgames.table import Direction

__all__ = [
    "DEFAULT_PRESET",
    "FAMILY",
    "PACK",
    "PRESETS",
    "STARTS",
    "TOTALS",
    "Deal",
    "Rules",
    "describe",
    "format_extra",
    "format_move",
    "match_after",
    "match_over",
    "new_deal",
    "parse_extra",
    "parse_move",
    "position_start",
    "worked_example",
]

PACK = PACK_52
TOTALS = "seats"


@dataclass(frozen=True)
class Rules(PenaltyRules):
    """Black Lady's rules: the points its tables choose, each a value of the family's knob."""

    pass_direction: str = knob("pass_direction", "rotate", "rotate", "left")
    queen_points: int = knob("queen_points", 13, 13)
    target: int = knob("target", 100, 50, 100)

    # What every Black Lady table plays: Hearts' game, and no moon.
    FIXED = {
        "direction": Direction.CLOCKWISE,
        "pass_count": 3,
        "heart_points": 1,
        "ten_points": 0,
        "exposable": (),
        "forced_penalty_discard": False,
        "opening_lead": "two_of_clubs",
        "points_on_first_trick": False,
        "hearts_must_break": True,
        "moon": False,
        "dealer_moves": "left",
    }
    EXPOSE_TOKENS = False  # parse_move reads no expose: or keep token


PRESETS = {"classic": Rules(), "left": Rules(pass_direction="left", target=50)}
DEFAULT_PRESET = "classic"


def parse_move(token: str) -> int:
    """Read a move token: ``QS`` (play) or ``pass:QS``; any case, ``10`` for the ten."""
    return moves.parse_move(token, exposing=False)


def format_move(move: int) -> str:
    return moves.format_move(move, exposing=False)


def worked_example(rules: Rules) -> dict:
    """A trick with the black lady and two hearts, and every point taken by one player."""
    two_hearts = (1 << parse_card("TH")) | (1 << parse_card("4H"))
    scoring = table(rules).scoring
    everything = HEARTS_MASK | QS_BIT
    return {
        "example_trick": scoring.score([QS_BIT | two_hearts, 0, 0, 0], 0, False)[0],
        "example_all": scoring.score([everything, PACK & ~everything, 0, 0], 0, True)[0],
    }
