"""The trick-and-bid family's moves: ints, so the hot path allocates no move objects.

Cards ``0..51``; ``PASS`` (64), ``DOUBLE`` (65: a redouble too, where the rules allow one, when
the bidding side doubles its doubled bid); a bid of n tricks
``BID + n``; an Egyptian bid ``SUIT_BID + 8 * n + r`` where r ranks the strain (0 clubs,
1 diamonds, 2 hearts, 3 spades, 4 no trumps), so a higher bid is a higher int; a trump call
``TRUMP + s`` with s in S, H, D, C order (as in ``cards``) and 4 for no trumps. Tokens: ``7``..
``13``, ``pass``, ``double``, ``7C``, ``9NT``, ``trump:S``, ``QS``. An Egyptian bid
and a card can share a token (``7C``), so :func:`parse_move` reads it by phase.
"""

import re

from ..cards import card_code, parse_card
from ..contract import Move, Phase
from ..errors import BadInput

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_BIDDING = Phase.BIDDING

TRICKS = 13  # tricks in a deal; a bid of all of them is "the 13"
NT = 4  # the no-trumps strain, after the four suits S, H, D, C (0..3)
STRAINS = ("S", "H", "D", "C", "NT")

PASS = 64
DOUBLE = 65
BID = 72  # a bid of n tricks: BID + n, n in 1..13 (73..85)
SUIT_BID = 96  # Egyptian bid: SUIT_BID + 8 * n + rank of the strain (104..204)
TRUMP = 240  # the declarer's trump call: TRUMP + strain (240..244)

# The Egyptian rank of each strain (S, H, D, C, NT): clubs lowest, no trumps highest.
_RANK_OF_STRAIN = (3, 2, 1, 0, 4)
_STRAIN_OF_RANK = (3, 2, 1, 0, 4)
# The suit orders of the Egyptian auction, as each strain's rank (S, H, D, C, NT) at one number:
# ``spades_high`` is the encoding's own order; ``diamonds_high`` ranks D > H > S > C, no trumps
# (where a table plays them) staying on top.
STRAIN_ORDERS = {"spades_high": _RANK_OF_STRAIN, "diamonds_high": (1, 2, 3, 0, 4)}
_WORDS = {PASS: "pass", DOUBLE: "double"}
_CALLS = {word.upper(): move for move, word in _WORDS.items()}


def classic_bid(tricks: int) -> int:
    return BID + tricks


def egyptian_bid(tricks: int, strain: int) -> int:
    """An Egyptian bid; ``strain`` is a suit (0..3, S H D C) or ``NT`` (4)."""
    return SUIT_BID + 8 * tricks + _RANK_OF_STRAIN[strain]


def trump_call(strain: int) -> int:
    return TRUMP + strain


def is_classic_bid(move: int) -> bool:
    return BID + 1 <= move <= BID + TRICKS


def is_egyptian_bid(move: int) -> bool:
    return SUIT_BID + 8 <= move <= SUIT_BID + 8 * TRICKS + 4 and (move - SUIT_BID) % 8 <= 4


def is_bid(move: int) -> bool:
    return is_classic_bid(move) or is_egyptian_bid(move)


def bid_level(move: int) -> int:
    return move - BID if move < SUIT_BID else (move - SUIT_BID) // 8


def bid_rank(move: int, order: str = "spades_high") -> int:
    """How high a bid stands under a suit order: more tricks first, then the strain's rank."""
    if move < SUIT_BID:
        return move
    return 8 * bid_level(move) + STRAIN_ORDERS[order][bid_strain(move)]


def bid_strain(move: int) -> int | None:
    """The strain an Egyptian bid names (0..3 a suit, 4 no trumps); None for a plain bid."""
    return _STRAIN_OF_RANK[(move - SUIT_BID) % 8] if move >= SUIT_BID else None


def is_move(move) -> bool:
    return (
        isinstance(move, int)
        and not isinstance(move, bool)
        and (0 <= move < 52 or move in _WORDS or is_bid(move) or TRUMP <= move <= TRUMP + NT)
    )


ALL_MOVES = tuple(m for m in range(256) if is_move(m))  # every move int, of every phase

_NUMBERED = re.compile(r"(\d{1,2})(NT|[SHDC])?")


def parse_move(token: str, phase: str | None = None) -> int:
    """Read a move token (any case). ``7C`` is a bid while bidding, else the seven of clubs."""
    if not isinstance(token, str):
        raise BadInput("bad_move", move=str(token))
    text = token.strip().upper()
    if text in _CALLS:
        return _CALLS[text]
    if text.startswith("TRUMP:"):
        if text[6:] in STRAINS:
            return TRUMP + STRAINS.index(text[6:])
        raise BadInput("bad_move", move=token)
    numbered = _NUMBERED.fullmatch(text)
    if numbered:
        tricks, strain = int(numbered[1]), numbered[2]
        if strain is None:
            if 1 <= tricks <= TRICKS:
                return classic_bid(tricks)
            raise BadInput("bad_move", move=token)
        if phase != _BIDDING and strain != "NT" and 2 <= tricks <= 10:
            return parse_card(text)
        if 1 <= tricks <= TRICKS:
            return egyptian_bid(tricks, STRAINS.index(strain))
        raise BadInput("bad_move", move=token)
    try:
        return parse_card(text)
    except BadInput:
        raise BadInput("bad_move", move=token) from None


def format_move(move: int) -> str:
    """The canonical token of a move."""
    if not is_move(move):
        raise BadInput("bad_move", move=str(move))
    if move < 52:
        return card_code(move)
    if move in _WORDS:
        return _WORDS[move]
    if move >= TRUMP:
        return "trump:" + STRAINS[move - TRUMP]
    if move >= SUIT_BID:
        return f"{bid_level(move)}{STRAINS[bid_strain(move)]}"
    return str(move - BID)


def move_view(move: int) -> Move:
    """A move as a table shows it: a card, a call (pass, double), a bid, a trump call."""
    token = format_move(move)
    if move < 52:
        return Move(move, token, "card", card=move)
    if move == PASS:
        return Move(move, token, "pass_call")
    if move == DOUBLE:
        return Move(move, token, "double")
    if move >= TRUMP:
        return Move(move, token, "trump_call", strain=STRAINS[move - TRUMP])
    strain = bid_strain(move)
    named = None if strain is None else STRAINS[strain]
    return Move(move, token, "bid", bid=bid_level(move), strain=named)
