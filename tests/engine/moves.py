"""Small helpers the engine tests share: cards and deals from codes, moves from tokens."""

import random

import pytest

from cardgames import cards, shuffle
from cardgames.errors import IllegalMove
from cardgames.games import GAMES


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


# Every game and preset, as the description lists them.
CASES = [(slug, preset) for slug, game in GAMES.items() for preset in sorted(game.engine.PRESETS)]


def first_move_deal(module, rules, rng: random.Random, label: str):
    """A random deal from its first move: the pass (with a random deal number and totals),
    the auction, or the announcements."""
    hands = shuffle.deal(f"{label}-{rng.random()}", module.PACK)
    dealer = rng.randrange(4)
    name = module.__name__.rpartition(".")[2]
    if name == "sabaat_al_deemin":
        return module.new_deal(rules, hands, dealer, start="announce")
    if name in ("tarneeb", "tarneeb_41"):
        return module.new_deal(rules, hands, dealer)
    totals = tuple(rng.randrange(60) for _ in range(4))
    return module.new_deal(rules, hands, dealer, deal_number=rng.randint(1, 4), match_totals=totals)
