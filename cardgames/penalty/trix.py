"""Trix's four trick contracts and Complex: the penalty family's game with Trix's prices.

Sources (keys of ``rulebook/registry/trix.toml``): no trumps, follow suit, the highest card of
the suit led takes the trick and leads next [WP, GB, J-TX, KT, MB]; the kingdom's owner leads
the first trick [J-TX, MB] (``opening_lead="leader"``: the deal is told its leader); play goes
to the right [WP, GB, KT, APT, TH, CRP]. Each contract prices its own cards
(``penalty_contract``): the King of Hearts (شايب الكبة) 75, each queen (البنات) 25, each diamond
(الديناري) 10, each trick (لطش) 15; Complex (كمبلكس) all four in one deal [AND, MB]. The King
and the Queens may be doubled (دبّل, the family's exposure, asked from the owner round the table
[MB]): the taker of a doubled card pays double, the doubler gains the single value [WP via GMS,
AND, MB, TIR]; a doubler who takes his own card pays as ``own_double`` says (three readings).

Points here are the family's: what each seat took, a cost. Trix's sheet writes them negative
(−75); the kingdom (``cardgames.kingdom``) turns them round, so the zero sum holds there.
"""

from dataclasses import dataclass, replace

from ..cards import PACK_52
from ..table import Direction
from . import moves
from .deal import new_deal
from .family import FAMILY
from .rules import PenaltyRules, knob
from .scoring import KH, QUEENS

__all__ = [
    "CONTRACTS",
    "FAMILY",
    "Rules",
    "contract_rules",
    "format_move",
    "new_deal",
    "parse_move",
]

PACK = PACK_52
CONTRACTS = ("king_of_hearts", "queens", "diamonds", "tricks", "complex")
DOUBLABLE = (KH, *QUEENS)  # the K♥ and the four queens may be doubled


@dataclass(frozen=True)
class Rules(PenaltyRules):
    """The rules of one trick deal of Trix; ``penalty_contract`` is the contract its owner
    chose (the kingdom sets it; a position names it)."""

    penalty_contract: str = knob("penalty_contract", "king_of_hearts", *CONTRACTS)
    direction: Direction = knob("direction", Direction.RIGHT)
    king_of_hearts_points: int = knob("king_of_hearts_points", 75, 75)
    each_queen_points: int = knob("each_queen_points", 25, 25)
    diamond_points: int = knob("diamond_points", 10, 10, 15)
    trick_points: int = knob("trick_points", 15, 15, 10)
    priced_tricks: str = knob("priced_tricks", "every")
    exposable: tuple[int, ...] = knob("exposable", tuple(sorted(DOUBLABLE)), *DOUBLABLE)
    own_double: str = knob("own_double", "by_leader")
    forced_penalty_discard: bool = knob("forced_penalty_discard", False)
    ends_early: bool = knob("ends_early", True)
    partnership: str = knob("partnership", "none", "none", "points_added")
    partner_doubled: str = knob("partner_doubled", "doubler_gains")

    # What every Trix table plays: no pass, no hearts, no Q♠ or 10♦ of their own, no moon;
    # a doubled card counts twice to its taker and gains its doubler the single value; the
    # owner is asked first to double, before play, and leads.
    FIXED = {
        "pass_count": 0,
        "heart_points": 0,
        "queen_points": 0,
        "ten_points": 0,
        "moon": False,
        "exposure_multiplier": 2,
        "doubler_gains": True,
        "expose_order": "leader",
        "expose_when": "before_play",
        "expose_limit": "any",
        "opening_lead": "leader",
        "later_deal_lead": "same",
        "hearts_must_break": False,
    }


def contract_rules(rules: Rules, contract: str) -> Rules:
    """``rules`` for a deal of ``contract``."""
    return replace(rules, penalty_contract=contract)


def parse_move(token: str) -> int:
    """Read a move token: ``QS`` (play), ``expose:KH`` (a double), ``keep``."""
    return moves.parse_move(token, exposing=True)


def format_move(move: int) -> str:
    return moves.format_move(move, exposing=True)
