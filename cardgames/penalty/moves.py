"""The penalty family's moves: ints, so the hot path allocates no move objects.

A card play is the card (0..51), choosing a card to pass is ``PASS + card``, exposing is
``EXPOSE + card``, ``KEEP`` ends a seat's exposures. Tokens: ``QS``, ``pass:QS``, ``expose:QS``,
``keep``. A game without exposures reads and writes no ``expose:`` or ``keep`` token.
"""

from typing import Final

from ..cards import card_code, parse_card
from ..contract import Move
from ..errors import BadInput

# Final: the compiled deal reads them as constants.
PASS: Final = 64  # PASS + card: choose that card to pass
EXPOSE: Final = 128  # EXPOSE + card: expose that card
KEEP: Final = 200  # expose nothing more


def parse_move(token: str, exposing: bool = True) -> int:
    """Read a move token: ``QS`` (play), ``pass:QS``, ``expose:QS``, ``keep``; any case, ``10``."""
    if type(token) is str:
        # A token as format_move writes it (every stored move, replayed on each request).
        move = _CANONICAL[exposing].get(token)
        if move is not None:
            return move
    text = (token or "").strip().lower() if isinstance(token, str) else ""
    if text == "keep" and exposing:
        return KEEP
    if ":" in text:
        kind, _, rest = text.partition(":")
        if kind == "pass":
            return PASS + parse_card(rest)
        if kind == "expose" and exposing:
            return EXPOSE + parse_card(rest)
        raise BadInput("bad_move", move=token)
    if len(text) in (2, 3):
        return parse_card(text)
    raise BadInput("bad_move", move=token)


def format_move(move: int, exposing: bool = True) -> str:
    """The canonical token of a move int."""
    if isinstance(move, int) and not isinstance(move, bool):
        if 0 <= move < 52:
            return card_code(move)
        if PASS <= move < PASS + 52:
            return "pass:" + card_code(move - PASS)
        if exposing and EXPOSE <= move < EXPOSE + 52:
            return "expose:" + card_code(move - EXPOSE)
        if exposing and move == KEEP:
            return "keep"
    raise BadInput("bad_move", move=str(move))


def move_view(move: int, exposing: bool = True) -> Move:
    """A move as a table shows it: a card played, a card chosen to pass, an exposure, keep."""
    token = format_move(move, exposing)
    if move < 52:
        return Move(move, token, "card", card=move)
    if move < PASS + 52:
        return Move(move, token, "pass_cards", card=move - PASS)
    if move == KEEP:
        return Move(move, token, "keep")
    return Move(move, token, "expose", card=move - EXPOSE)


def _canonical(exposing: bool) -> dict[str, int]:
    moves = [*range(52), *range(PASS, PASS + 52)]
    if exposing:
        moves += [*range(EXPOSE, EXPOSE + 52), KEEP]
    return {format_move(move, exposing): move for move in moves}


_CANONICAL = {True: _canonical(True), False: _canonical(False)}
