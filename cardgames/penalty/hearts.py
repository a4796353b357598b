"""Hearts, the international relative of Bent Al Sbeet and Leekha (source keys: relatives.md).

Four players each for themselves, 52 cards, ace high, no trumps, play and deal clockwise (to the
left). Three cards are passed before play: to the left, then to the right, then across, then
no pass, and again (``pass_direction="rotate"``). The holder of the 2♣ leads it to the first
trick; nobody may throw a heart or the Q♠ on the first trick unless holding nothing else;
hearts may not be led until a heart has been played, unless the leader holds only hearts. Each
heart costs 1, the Q♠ 13, 26 in a deal; a player who takes all 26 (the moon) scores 0 and every
other player 26. The game ends after the deal in which someone reaches 100; the lowest total
wins. [P-H]

OpenSpiel's Hearts (OS-H) implements these rules with switches; the ones the site offers are
house rules here: the 2♣ holder may lead any club (``opening_lead="any_club"``), the Q♠ breaks
hearts too (``queen_breaks_hearts``), the J♦ counts −10 (``jack_of_diamonds_points``), −5 for a
player who took no trick (``no_trick_points``, not on a moon shot), no pass (``pass_count=0``),
points allowed on the first trick (``points_on_first_trick``), and no hearts-breaking rule.

Presets: ``pagat`` (P-H, the default: the source of the rules, with OpenSpiel its
implementation) and ``openspiel`` (OS-H's own defaults, where the Q♠ breaks hearts). OpenSpiel
draws each deal's pass direction by chance; the site's deals follow the rotation.

Readings: a tie for the lowest total at the end is shared (P-H does not say); the deal passes
to the left, the way play goes. Moves and tokens are the family's: ``QS``, ``pass:QS``.
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
from .scoring import JD_BIT, QS_BIT

__all__ = [
    "DEFAULT_PRESET",
    "FAMILY",
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
    """Hearts' rules, pagat's by default; OpenSpiel's options are values of the same fields."""

    direction: Direction = knob("direction", Direction.CLOCKWISE)
    pass_count: int = knob("pass_count", 3)
    pass_direction: str = knob("pass_direction", "rotate", "rotate", "left", "right", "across")
    heart_points: int = knob("heart_points", 1)
    queen_points: int = knob("queen_points", 13, 13)
    # No ten of diamonds to score [P-H, OS-H, and source 000 says so]; a field so the registry
    # records those claims (a table may still price it as a house rule).
    ten_points: int = knob("ten_points", 0, 0)
    jack_of_diamonds_points: int = knob("jack_of_diamonds_points", 0)
    no_trick_points: int = knob("no_trick_points", 0)
    opening_lead: str = knob("opening_lead", "two_of_clubs", "two_of_clubs", "any_club")
    points_on_first_trick: bool = knob("points_on_first_trick", False)
    hearts_must_break: bool = knob("hearts_must_break", True)
    queen_breaks_hearts: bool = knob("queen_breaks_hearts", False)
    moon: bool = knob("moon", True)
    target: int = knob("target", 100, 50, 100)
    ties: str = knob("ties", "shared")
    dealer_moves: str = knob("dealer_moves", "left", "left", "right")

    # Hearts has no exposure and no forced discard.
    FIXED = {"exposable": (), "forced_penalty_discard": False}
    EXPOSE_TOKENS = False  # parse_move reads no expose: or keep token


PRESETS = {
    "pagat": Rules(),
    "openspiel": Rules(queen_breaks_hearts=True),
}
DEFAULT_PRESET = "pagat"


def parse_move(token: str) -> int:
    """Read a move token: ``QS`` (play) or ``pass:QS``; any case, ``10`` for the ten."""
    return moves.parse_move(token, exposing=False)


def format_move(move: int) -> str:
    return moves.format_move(move, exposing=False)


def score_deal(rules: Rules, taken: list[int], over: bool) -> list[int]:
    """Each seat's points for the cards it took (``over``: the moon and the no-trick bonus)."""
    return table(rules).scoring.score(taken, 0, over)


def worked_example(rules: Rules) -> dict:
    """A trick with the Q♠ and two hearts, the J♦ taken alone, and a moon shot, scored."""
    two_hearts = (1 << parse_card("TH")) | (1 << parse_card("4H"))
    trick = score_deal(rules, [QS_BIT | two_hearts, 0, 0, 0], over=False)[0]
    jack = score_deal(rules, [JD_BIT, 0, 0, 0], over=False)[0]
    everything = table(rules).scoring.moon_mask
    moon = score_deal(rules, [everything, PACK & ~everything, 0, 0], over=True)
    return {
        "example_trick": trick,
        "example_jack": jack,
        "example_moon_shooter": moon[0],
        "example_moon_others": moon[2],
    }
