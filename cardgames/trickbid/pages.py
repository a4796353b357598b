"""What positions ask of a trick-and-bid game: a position always starts before the first
call, with no query parameter beyond the spec's common ones."""

from .deal import Deal, new_deal

STARTS = ()  # a position always starts before the first call
EXTRA_PARAMS = ()


def position_start(rules, hands, dealer: int, deal_number: int = 1, match_totals=None) -> Deal:
    """The state a position's moves replay from: the deal before the first call. (The deal
    number and the totals change nothing in the deal itself; the match reads them.)"""
    return new_deal(rules, hands, dealer)


def parse_extra(params) -> dict:
    return {}


def format_extra(extra: dict) -> dict:
    return {}
