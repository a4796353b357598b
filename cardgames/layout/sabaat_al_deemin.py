"""Sab'at Al-Deemin ("the seven of diamonds"): the Saudi layout game for two partnerships.

The rules follow source 003 (a French rules sheet). 32 cards (seven to ace), four players,
partners facing, eight cards each, dealt and played to the right (counter-clockwise), the deal
passing to the right after each deal.

Phases
------
``announce``
    One circuit, starting with the player after the dealer in the direction of play. Each
    player in turn either ``pass``-es, asks for a ``redeal`` (only when holding three kings or
    three aces), ``double``-s (once per deal, any player), or ``triple``-s (only an opponent of
    the doubler, once). When the double came after some of the doubler's opponents had
    already spoken, those opponents get one more turn after the circuit, with ``triple`` and
    ``pass`` only, in the order of play (none once someone has tripled). A redeal ends the deal
    at once (phase ``over``, ``redealt`` True, no score). Rules that allow no announcement at
    all skip the phase.
``play``
    The holder of the seven of diamonds opens with it. Then each player in turn lays a seven
    (starting that suit's pile) or the next card up on its suit's pile, or, only when no card
    of theirs fits, knocks (``knock``). A player who lays their next-to-last card warns the
    table; the engine makes that warning for them and records it in ``warned``.
``over``
    A player has laid their last card: their side wins the deal. Play can never block: while
    cards are out, the next card of some unfinished pile is in someone's hand.

Scoring (``score_hand``, the one end-of-deal function): the winning side scores
``ace_points`` for each ace and ``court_points`` for each king, queen and jack left in the two
losers' hands (sevens to tens count nothing, the winner's partner's cards count nothing), plus
(or instead: ``seven_out_bonus_mode``) ``seven_out_bonus`` when the last card laid is a seven;
the whole multiplied by 2 after a double, 3 after a triple. The losing side scores nothing. The
match (kept on its score sheet, ``sheets.SabaatSheet``) is won by the first side whose total
reaches ``target``.

Penalties: a knock while holding a playable card, a wrong card, a card played out of turn, a
missing warning, signalling to the partner. Each gives ``penalty_points`` to the offender's
opponents, not multiplied by a double or triple. Normal play refuses the first four
(``cannot_knock``, ``not_playable_on_layout``/``must_open_seven_of_diamonds``; a move is always
made by ``to_act``; the warning is automatic), so they never happen in a ``Deal``;
``penalty_for`` says which penalty a wrong action would incur, for the tutorial and the quiz, and
the score sheet's deal row counts each side's (``penalties``) when a table plays by hand.

Readings taken where the source leaves a point open (each a ``Rules`` field when tables could
differ; the registry records these as the source's "ambiguous" claims):

- ``seven_out_bonus_mode = "adds"``: the source lists the 200 as a third scoring line after the
  aces and court cards, so it is added to the card points ("replaces": the 200 alone).
- ``redeal_dealer = "same"``: "une nouvelle donne" cancels the deal, so the same dealer shuffles
  and deals again ("next": the deal passes on as after a played deal).
- "Trois Rois ou trois As": three or more kings, or three or more aces, in the asker's own
  hand. The partner's consultation is table talk, not a move: the holder decides.
- The order and number of announcements are not stated: one circuit from the dealer's next
  player, plus the triple turns above, so that either opponent of the doubler always gets a
  chance to triple (``announce_order``; ``"one_circuit"``: no triple turns after the circuit).
  A redeal may still be asked after a double (it cancels everything).
- Double and triple multiply the winning side's score whoever announced them (the source: "les
  points de l'équipe gagnante").
- Out of turn: the source names "a card played out of turn"; a knock out of turn is not a
  penalty. A wrong action incurs one penalty, the first of: out of turn, knock with a playable
  card, wrong card, missing warning (a card that is taken back leaves two cards in hand, so
  the warning was not yet due).
- Penalties are scored in the match totals, not in the deal's ``points()`` (the deal's score
  is the layout's); the game ends as soon as a total reaches the target, after a deal or a
  penalty.

Moves are ints: a card ``0..51`` (only the 32-card pack occurs), ``KNOCK`` = 64, and the
announcements ``PASS`` = 65, ``REDEAL`` = 66, ``DOUBLE`` = 67, ``TRIPLE`` = 68. Tokens: card codes
(``7D``), ``knock``, and before play ``pass``, ``redeal``, ``double``, ``triple`` (extensions of the
positions spec, whose moves for this game are card plays and ``knock`` only).

>>> from cardgames.cards import parse_deal
>>> from cardgames.table import SEATS
>>> hands = parse_deal("N:AKQJ.AKQJ.. T987.T987.. ..AKQJ.AKQJ ..T987.T987", PACK_32)
>>> deal = new_deal(Rules(), hands, dealer=0, start="play")
>>> SEATS[deal.to_act], deal.legal_moves() == [parse_move("7D")]
('W', True)
>>> [format_move(m) for m in deal.play(parse_move("7d")).legal_moves()]
['knock']
"""

from dataclasses import dataclass
from typing import ClassVar

from .. import domains
from ..cards import PACK_32, SEVEN, card
from ..domains import RuleSet
from ..table import Direction
from . import moves
from .deal import Deal, new_deal
from .family import FAMILY
from .match import next_dealer, winning_side
from .moves import ANNOUNCEMENTS, DOUBLE, KNOCK, PASS, REDEAL, TRIPLE
from .pages import (
    STARTS,
    TOTALS,
    describe,
    format_extra,
    layout_example,
    match_after,
    match_over,
    parse_extra,
    piles,
    position_start,
    worked_example,
)
from .penalties import PENALTY_CODES, SIGNAL, Penalty, penalty_for, penalty_table
from .scoring import ACES, COURTS, KINGS, SEVENS, hand_of_codes, score_hand

__all__ = [
    "ACES",
    "ANNOUNCEMENTS",
    "COURTS",
    "DEFAULT_PRESET",
    "DOUBLE",
    "FAMILY",
    "KINGS",
    "KNOCK",
    "PACK",
    "PASS",
    "PENALTIES",
    "PENALTY_CODES",
    "PRESETS",
    "REDEAL",
    "SEVENS",
    "SIGNAL",
    "STARTS",
    "TOTALS",
    "TRIPLE",
    "Deal",
    "Penalty",
    "Rules",
    "describe",
    "format_extra",
    "format_move",
    "hand_of_codes",
    "layout_example",
    "match_after",
    "match_over",
    "new_deal",
    "next_dealer",
    "parse_extra",
    "parse_move",
    "penalty_for",
    "penalty_table",
    "piles",
    "position_start",
    "score_hand",
    "winning_side",
    "worked_example",
]


@dataclass(frozen=True)
class Rules(RuleSet):
    """One field per rule; the field name is the rule's key in the registry."""

    PACK: ClassVar[int] = PACK_32  # seven to ace
    OPENING_RANK: ClassVar[int] = SEVEN  # a seven starts its suit's pile
    BUILDS_DOWN: ClassVar[bool] = False  # piles go up to the ace only
    PLACES: ClassVar[bool] = False  # the first seat out wins the deal for its side
    # The codes of the rule steps, as the family names them: piles, and a knock.
    CODES: ClassVar[dict[str, str]] = {}

    # Deal and play run to the right (counter-clockwise); the deal passes the same way.
    direction: Direction = domains.direction(Direction.RIGHT)
    # Cards dealt to each player: the whole 32-card pack, seven to ace.
    hand_size: int = domains.number(8, 8, 8, 8)
    # The card that opens play, laid by its holder; it must be a seven (it starts a pile).
    opening_card: str = domains.card("7D", [card(SEVEN, s) for s in range(4)])
    # A player holding three kings or three aces may ask for a new deal before play.
    redeal_on_three: bool = domains.flag(True)
    # Who deals after a redeal: "same" (the same dealer again) or "next" (the deal passes on).
    redeal_dealer: str = domains.choice("same", "same", "next")
    # Any player may announce "double" before play: the winning side's score is doubled.
    double_allowed: bool = domains.flag(True)
    # After a double, an opponent of the doubler may announce "triple": the score is tripled.
    triple_allowed: bool = domains.flag(True)
    # Points to the winning side for each ace left in the losers' hands.
    ace_points: int = domains.number(20, 0, 1000, 20)
    # Points to the winning side for each king, queen and jack left in the losers' hands.
    court_points: int = domains.number(10, 0, 1000, 10)
    # Points to the winning side when the last card laid is a seven.
    seven_out_bonus: int = domains.number(200, 0, 10000, 200)
    # "adds": the seven bonus comes on top of the card points; "replaces": it is the score.
    seven_out_bonus_mode: str = domains.choice("adds", "adds", "replaces")
    # Points to the offender's opponents for each penalty (wrong knock, wrong card, ...).
    penalty_points: int = domains.number(100, 0, 10000, 100)
    # Whether a double or triple multiplies penalties too (the source: never).
    penalty_multiplied: bool = domains.flag(False)
    # A player left with one card must warn the table (missing it is a penalty).
    warning_required: bool = domains.flag(True)
    # The game ends when a side's total reaches this many points.
    target: int = domains.number(500, 1, 10000, 500)
    # The announcements: one circuit, then a turn to triple for each opponent of the doubler
    # who spoke before the double ("circuit_and_triple_turns"), or one circuit only, where
    # only an opponent speaking after the double can triple ("one_circuit").
    announce_order: str = domains.choice(
        "circuit_and_triple_turns", "circuit_and_triple_turns", "one_circuit"
    )

    @property
    def announcements(self) -> bool:
        """Whether these rules allow any announcement before play."""
        return self.redeal_on_three or self.double_allowed


PRESETS = {"classic": Rules()}
DEFAULT_PRESET = "classic"
PACK = Rules.PACK
PENALTIES = penalty_table(Rules())


def parse_move(token: str) -> int:
    """Read a move token: a card code (any case, ``10`` for the ten) or a word.

    >>> from cardgames.cards import parse_card
    >>> parse_move("10h") == parse_card("TH"), format_move(parse_move("KNOCK"))
    (True, 'knock')
    """
    return moves.parse_move(token, PACK)


def format_move(move: int) -> str:
    """The canonical token of a move: ``7D``, ``knock``, ``pass``, ..."""
    return moves.format_move(move)
