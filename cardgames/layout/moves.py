"""The layout family's moves: ints, so a playout allocates no move objects.

A card ``0..51`` (only the game's pack occurs), ``KNOCK`` = 64, and the announcements
``PASS`` = 65, ``REDEAL`` = 66, ``DOUBLE`` = 67, ``TRIPLE`` = 68. Tokens: card codes (``7D``),
``knock``, and before play ``pass``, ``redeal``, ``double``, ``triple``.
"""

from ..cards import card_code, cards_in, parse_card
from ..contract import Move
from ..errors import BadInput

KNOCK = 64  # a player who cannot lay a card knocks on the table
PASS = 65  # announcements (before play): nothing to announce
REDEAL = 66  # ask for a new deal (three kings or three aces)
DOUBLE = 67  # the winning side's score is doubled
TRIPLE = 68  # an opponent of the doubler: tripled instead
ANNOUNCEMENTS = (PASS, REDEAL, DOUBLE, TRIPLE)

WORDS = {KNOCK: "knock", PASS: "pass", REDEAL: "redeal", DOUBLE: "double", TRIPLE: "triple"}
_TOKENS = {word: move for move, word in WORDS.items()}
MAY = {move: f"may_{word}" for move, word in WORDS.items()}  # an announcement's permission
# What a table says each word with (the vocabulary's terms).
_KINDS = {
    KNOCK: "knock",
    PASS: "pass_call",
    REDEAL: "redeal",
    DOUBLE: "double_deal",
    TRIPLE: "triple",
}


def parse_move(token: str, pack: int) -> int:
    """Read a move token: a card code of ``pack`` (any case, ``10`` for the ten) or a word.

    >>> from cardgames.cards import PACK_32
    >>> parse_move("10h", PACK_32) == parse_card("TH"), format_move(parse_move("KNOCK", PACK_32))
    (True, 'knock')
    """
    if isinstance(token, str):
        written = _written(pack).get(token)
        if written is not None:
            return written  # as format_move writes it: one look-up (every replay)
    text = (token or "").strip().lower() if isinstance(token, str) else ""
    if text in _TOKENS:
        return _TOKENS[text]
    try:
        c = parse_card(text)
    except BadInput:
        raise BadInput("bad_move", move=token) from None
    if not pack >> c & 1:
        raise BadInput("bad_move", move=token, reason="card_outside_pack")
    return c


def format_move(move: int) -> str:
    """The canonical token of a move: ``7D``, ``knock``, ``pass``, ..."""
    if move in WORDS:
        return WORDS[move]
    if isinstance(move, int) and 0 <= move < 52:
        return card_code(move)
    raise BadInput("bad_move", move=move)


def move_view(move: int) -> Move:
    """A move as a table shows it: a card laid, a knock, an announcement."""
    if move in _KINDS:
        return Move(move, WORDS[move], _KINDS[move])
    return Move(move, format_move(move), "card", card=move)


_WRITTEN: dict[int, dict[str, int]] = {}


def _written(pack: int) -> dict[str, int]:
    """Every token of ``pack``'s moves as ``format_move`` writes it."""
    found = _WRITTEN.get(pack)
    if found is None:
        found = _WRITTEN[pack] = {format_move(m): m for m in (*cards_in(pack), *WORDS)}
    return found


def codes(mask: int) -> list[str]:
    return [card_code(c) for c in cards_in(mask)]
