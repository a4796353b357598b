"""Small helpers the engine tests share: cards and deals from codes, moves from tokens."""

import pytest

from rulebook.engine import cards
from rulebook.engine.errors import IllegalMove


def c(code: str) -> int:
    return cards.parse_card(code)


def hands(pbn: str) -> list[int]:
    return cards.parse_deal(pbn)


def push(module, deal, *tokens: str):
    """Make each move of ``tokens`` in turn, read by the game ``module``."""
    for token in tokens:
        deal.push(module.parse_move(token))
    return deal


def toks(module, moves) -> list[str]:
    return [module.format_move(m) for m in moves]


def refusal(module, deal, token: str) -> IllegalMove:
    """The IllegalMove ``play`` raises for ``token``."""
    with pytest.raises(IllegalMove) as info:
        deal.play(module.parse_move(token))
    return info.value
