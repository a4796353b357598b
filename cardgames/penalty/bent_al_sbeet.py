"""Bent Al Sbeet (بنت السبيت), the Kuwaiti penalty game of the queen of spades.

Four players, each for themselves, 52 cards, 13 each, ace high, no trump. A deal runs through
four phases: ``pass`` (each player passes cards), ``expose`` (the holders of the queen of
spades and the ten of diamonds may show them, doubling them), ``play`` (thirteen tricks) and
``over``. Hearts, the ten of diamonds and the queen of spades are penalty points; the lowest
match total wins when someone reaches the target.

Two presets:

- ``qahwa`` follows source 000 (English): pass three, to the left on odd deals and to the
  right on even deals; expose one by one from the dealer's right; the dealer's right leads;
  a player void in the suit led who holds the queen or the ten must throw one of them; hearts
  must be broken; shooting the moon; 151, ties share the win.
- ``sbeetah`` follows source 002 (Arabic, "السبيتة"): queen 12 (24 exposed), ten 10 (20),
  heart 1, or 2 when both are exposed; the jack of hearts opens; a player void in the suit
  led may throw any card ("وإلا جاز له رمي أي نوع آخر"); no hearts-breaking rule and no moon
  (the source names neither); 152; a tie for the lowest plays on.

Readings taken where the Arabic source is ambiguous:

- The pass ("السوق"): the source says players pass "the agreed cards" ("مجموعة الأوراق المتفق
  عليها") and that directions vary, "announced before the deal" ("المهم إعلانها قبل
  التوزيع"). We read three cards, always to the right (the Gulf direction of play).
- The lead: "تبدأ الجولة بورقة J♥. وبعد هذه البداية، يكون صاحب أقل مجموع نقاط هو الذي يبدأ
  الأكلة التالية" and "والفائز بالأكلة يبدأ التالية". We read: the J♥ opens the first deal of
  a match (its holder leads the J♥ itself); on later deals the player with the lowest match
  total leads the first trick (ties: the first tied player in play order from the dealer's
  right); the winner of each trick leads every other trick of the deal. The article's «الجولة»
  could be every deal, so the other readings are values of ``later_deal_lead``: ``same`` (the
  J♥ opens every deal) and ``lowest_score_each_trick`` (the lowest total, the match and this
  deal so far, leads every trick after the first); the tie-break is ``lowest_score_tie``
  (``dealer`` counts from the dealer instead).
- Exposure ("التدبيل"): the source only says it is declared "before the card enters his
  trick" ("قبل أن تدخل في أكلته"). We read it as qahwa does: after the pass, before the first
  trick, one seat at a time from the dealer's right (``expose_when="until_played"`` lets a
  holder expose at any of their turns until the card is played). An exposed card counts twice
  (12 -> 24, 10 -> 20) and, with both exposed, each heart counts 2. Neither source says whether
  one player may expose both cards: we allow one, both or neither (``expose_limit="one"``:
  one at most).
- The end: "حتى يصل مجموع أحد اللاعبين إلى 152" is read as a total of 152 or more, checked
  after a whole deal; a tie for the lowest total ("تُلعب جولة فاصلة أو تستمر الجولات")
  plays further deals until it is broken.

Readings of the interface itself:

- In the expose phase a seat acts while it still holds an exposable card it has not exposed:
  after ``expose:QS`` a seat that also holds the ten is asked again (``expose:TD`` or
  ``keep``); a seat with nothing left to expose is skipped, so after exposing its only
  exposable card the next seat acts.
- When the jack of hearts must open, its forced lead is allowed even though hearts are not
  broken (only relevant to a custom mix of rules).

Moves are ints (the hot path allocates no move objects): a card play is the card (0..51),
choosing a card to pass is ``PASS + card``, exposing is ``EXPOSE + card``, ``KEEP`` ends a
seat's exposures. Tokens: ``QS``, ``pass:QS``, ``expose:QS``, ``keep``.
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
from .scoring import HEARTS_MASK, JH, PENALTY_CARDS, PENALTY_MASK, QS, QS_BIT, TD

__all__ = [
    "DEFAULT_PRESET",
    "FAMILY",
    "EXPOSE",
    "JH",
    "KEEP",
    "MOON_MASK",
    "PACK",
    "PASS",
    "PENALTY_CARDS",
    "PRESETS",
    "STARTS",
    "QS",
    "TD",
    "TOTALS",
    "Deal",
    "Rules",
    "deal_value",
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
PASS, EXPOSE, KEEP = moves.PASS, moves.EXPOSE, moves.KEEP
MOON_MASK = HEARTS_MASK | PENALTY_MASK  # a moon shot takes every heart, the queen and the ten
TOTALS = "seats"


@dataclass(frozen=True)
class Rules(PenaltyRules):
    """One field per rule; the field name is the rule's registry key (the meanings are the
    family's, in ``penalty.rules``)."""

    direction: Direction = knob("direction", Direction.RIGHT)
    pass_count: int = knob("pass_count", 3)
    pass_direction: str = knob(
        "pass_direction", "alternate", "alternate", "left", "right", "across"
    )
    exposable: tuple[int, ...] = knob("exposable", (QS, TD), QS, TD)
    expose_order: str = knob("expose_order", "dealer_right", "dealer_right", "dealer")
    exposure_multiplier: int = knob("exposure_multiplier", 2)
    queen_points: int = knob("queen_points", 13)
    ten_points: int = knob("ten_points", 10)
    heart_points: int = knob("heart_points", 1)
    hearts_double_when_both_exposed: bool = knob("hearts_double_when_both_exposed", False)
    opening_lead: str = knob("opening_lead", "dealer_right", "dealer_right", "jack_of_hearts")
    later_deal_lead: str = knob(
        "later_deal_lead", "same", "same", "lowest_score", "lowest_score_each_trick"
    )
    forced_penalty_discard: bool = knob("forced_penalty_discard", True)
    hearts_must_break: bool = knob("hearts_must_break", True)
    moon: bool = knob("moon", True)
    target: int = knob("target", 151, 101, 151, 152, 201)
    ties: str = knob("ties", "shared")
    dealer_moves: str = knob("dealer_moves", "right", "right", "left")
    # The readings no source states, switchable (issue 13): see the module docstring.
    lowest_score_tie: str = knob("lowest_score_tie", "dealer_right")
    expose_when: str = knob("expose_when", "before_play")
    expose_limit: str = knob("expose_limit", "any")


PRESETS = {
    # Source 000 with its default house rules: exactly the defaults.
    "qahwa": Rules(),
    # Source 002, with the readings in the module docstring.
    "sbeetah": Rules(
        pass_count=3,
        pass_direction="right",
        queen_points=12,
        hearts_double_when_both_exposed=True,
        opening_lead="jack_of_hearts",
        later_deal_lead="lowest_score",
        forced_penalty_discard=False,
        hearts_must_break=False,
        moon=False,
        target=152,
        ties="play_on",
    ),
}
DEFAULT_PRESET = "qahwa"


def parse_move(token: str) -> int:
    """Read a move token: ``QS`` (play), ``pass:QS``, ``expose:QS``, ``keep``; any case, ``10``."""
    return moves.parse_move(token)


def format_move(move: int) -> str:
    """The canonical token of a move int."""
    return moves.format_move(move)


def score_deal(rules: Rules, taken: list[int], exposed: int, over: bool) -> list[int]:
    """The penalty points of the cards each seat took (``over``: the moon applies)."""
    return table(rules).scoring.score(taken, exposed, over)


def deal_value(rules: Rules, exposed: int) -> int:
    """What a whole deal is worth with the cards of ``exposed`` exposed."""
    return table(rules).scoring.deal_value(exposed)


def worked_example(rules: Rules) -> dict:
    """The sources' example, scored by the engine: an exposed queen taken with two hearts."""
    two_hearts = (1 << parse_card("TH")) | (1 << parse_card("4H"))
    queen = score_deal(rules, [QS_BIT, 0, 0, 0], QS_BIT, over=False)[0]
    hearts = score_deal(rules, [two_hearts, 0, 0, 0], QS_BIT, over=False)[0]
    total = score_deal(rules, [QS_BIT | two_hearts, 0, 0, 0], QS_BIT, over=False)[0]
    return {"example_points": total, "example_queen": queen, "example_hearts": hearts}
