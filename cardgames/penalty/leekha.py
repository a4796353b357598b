"""Leekha (ليخة), the Levant's cousin of Bent Al Sbeet (source keys: relatives.md).

Four players, 52 cards, ace high, no trumps, play and deal to the right (counter-clockwise).
Three cards are passed before play. The player on the dealer's right leads any card to the
first trick. Follow suit; a player void in the suit led who holds the Q♠ or the 10♦ must throw
one of them (talyeekh, ``forced_penalty_discard``). The Q♠ (the big leekha) costs 13, the 10♦
(the small leekha) 10, each heart 1: 36 a deal. No exposure, no moon. [J-L, AY, AR-L, LM, CS]

Where the sources differ, each reading is a value (and a preset):

- Partnerships (``partnership``): fixed partners, each keeping an individual score
  (``individual_scores``) [J-L, CS, ID]; partners' points added (``points_added``) [AR-L];
  every player alone (``none``) [AY, LM].
- The pass (``pass_direction``): to the right every deal [AY, AR-L, CS]; right then left in
  turn (``alternate_right_first``) [J-L]. AY forbids passing the last card held in a suit,
  except Q♠ K♠ A♠ and 10♦ J♦ Q♦ K♦ A♦ (``keep_last_of_suit``).
- Talbees (``talbees``) [AR-L, a house rule: AR-L says it varies by country]: the holder of the
  Q♠ must drop it once a higher spade is on a spade trick; the same for the 10♦.
- The next dealer (``dealer_moves``): whoever took the Q♠ [LM, CS]; whoever took the most
  points [ID].
- The end: the game ends after the deal in which a player reaches 101 (``target``; 51 and 151
  in AY and LM) [J-L, CS]; with partners the side of that player loses; when players of both
  sides pass it in the same deal, the side with the lower total wins [J-L] or the side of the
  higher individual score loses [ID] (``both_sides_over``). Alone, the lowest total wins.
- Idlib [ID]: the K♣ also costs 14 (50 a deal) and the game runs to 201.

Presets: ``classic`` (the default), ``jawaker`` [J-L], ``solo`` [AY, LM], ``pairs`` [AR-L] and
``idlib`` [ID]. The default ``classic`` takes on each point the reading most sources share:
partners with individual scores (three sources), the pass to the right every deal (three), the
Q♠ taker dealing next (two, none against), 101 with the side of whoever reaches it losing (two,
as Jawaker, the platform most players meet, plays it), Jawaker's lower-total rule when both
sides pass it. It is the course project's reading (CS), which agrees with the majority on each.

Readings no source states: a tie for the lowest total, or between sides, is shared; Jawaker
names no next dealer, so its preset keeps the Q♠ taker; "the most points" counts the cards
taken, ties to the first counting from the dealer's right. Tokens: ``QS``, ``pass:QS``.
"""

from dataclasses import dataclass

from ..cards import PACK_52, parse_card
from ..table import Direction
from . import moves
from .deal import Deal, new_deal, table
from .family import FAMILY
from .pages import (
    STARTS,
    describe,
    format_extra,
    match_after,
    match_over,
    parse_extra,
    position_start,
)
from .rules import PenaltyRules, knob, pass_direction_for
from .scoring import KC_BIT, QS, QS_BIT, TD

__all__ = [
    "DEFAULT_PRESET",
    "FAMILY",
    "LEEKHAS",
    "PACK",
    "PASS",
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
    "pass_direction_for",
    "position_start",
    "score_deal",
    "worked_example",
]

PACK = PACK_52
PASS = moves.PASS
TOTALS = "seats"


@dataclass(frozen=True)
class Rules(PenaltyRules):
    """Leekha's rules: each field one point on which the sources may differ."""

    direction: Direction = knob("direction", Direction.RIGHT)
    pass_count: int = knob("pass_count", 3)
    pass_direction: str = knob("pass_direction", "right", "right", "alternate_right_first")
    keep_last_of_suit: bool = knob("keep_last_of_suit", False)
    queen_points: int = knob("queen_points", 13, 13)
    ten_points: int = knob("ten_points", 10, 10)
    heart_points: int = knob("heart_points", 1)
    king_of_clubs_points: int = knob("king_of_clubs_points", 0)
    opening_lead: str = knob("opening_lead", "dealer_right", "dealer_right")
    forced_penalty_discard: bool = knob("forced_penalty_discard", True)
    talbees: tuple[int, ...] = knob("talbees", ())
    partnership: str = knob("partnership", "individual_scores")
    target: int = knob("target", 101, 51, 101, 151, 201)
    both_sides_over: str = knob("both_sides_over", "lower_total_wins")
    ties: str = knob("ties", "shared")
    dealer_moves: str = knob("dealer_moves", "queen_taker", "queen_taker", "biggest_taker")

    # No exposure, no hearts to break, no moon in any Leekha source.
    FIXED = {"exposable": (), "hearts_must_break": False, "moon": False}
    EXPOSE_TOKENS = False  # parse_move reads no expose: or keep token


PRESETS = {
    "classic": Rules(),
    "jawaker": Rules(pass_direction="alternate_right_first"),
    "solo": Rules(partnership="none", keep_last_of_suit=True),
    "pairs": Rules(partnership="points_added"),
    "idlib": Rules(
        king_of_clubs_points=14,
        target=201,
        both_sides_over="higher_score_loses",
        dealer_moves="biggest_taker",
    ),
}
DEFAULT_PRESET = "classic"

LEEKHAS = (QS, TD)  # the big and the small leekha


def parse_move(token: str) -> int:
    """Read a move token: ``QS`` (play) or ``pass:QS``; any case, ``10`` for the ten."""
    return moves.parse_move(token, exposing=False)


def format_move(move: int) -> str:
    return moves.format_move(move, exposing=False)


def score_deal(rules: Rules, taken: list[int], over: bool = True) -> list[int]:
    """Each seat's points for the cards it took."""
    return table(rules).scoring.score(taken, 0, over)


def worked_example(rules: Rules) -> dict:
    """A trick with the big leekha and two hearts, the king of clubs, and a whole deal."""
    two_hearts = (1 << parse_card("TH")) | (1 << parse_card("4H"))
    values = table(rules).scoring
    return {
        "example_trick": score_deal(rules, [QS_BIT | two_hearts, 0, 0, 0], over=False)[0],
        "example_king": score_deal(rules, [KC_BIT, 0, 0, 0], over=False)[0],
        "example_deal_total": values.deal_value(0),
    }
