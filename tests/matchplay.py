"""A whole match played deal by deal in the tests, on the product's one match model: the game's
score sheet (``sheets.sheet_for``) enters each finished deal (``record``) and says where the
match stands and who deals next, as a practice match does (``practice.match``). Nothing here
keeps a match: the sheet does; these only deal the next deal as practice deals it."""

from cardgames.games import GAMES, game, sheet_for
from cardgames.table import parse_seat

MAX_DEALS = 300  # a match that has not ended after this many deals is a failure


def slug_of(module) -> str:
    """The slug of the game whose engine module is ``module``."""
    return next(slug for slug in GAMES if game(slug).engine is module)


def start(module, sheet, hands, dealer: int, number: int = 1, **extra):
    """Deal ``number`` of the match on ``sheet``, dealt by ``dealer``, from its very start (the
    pass, the announcements or the first call) and from the match's totals, as practice deals
    it (the module's ``position_start``); ``extra`` overrides where it starts."""
    opening = module.parse_extra({"start": module.STARTS[0]}) if module.STARTS else {}
    return module.position_start(
        sheet.rules,
        hands,
        dealer,
        **{**opening, **sheet.opening(), **extra},
        deal_number=number,
        match_totals=sheet.match_totals,
    )


def next_dealer(after: dict) -> int:
    """Who deals next, from where the match stands after a deal (``sheet.record``)."""
    return parse_seat(after["next_dealer"])


def play_match(module, rules, first_dealer: int, play, limit: int = MAX_DEALS):
    """A whole match of ``module``'s game under ``rules``, from ``first_dealer``: ``play(number,
    dealer, sheet)`` deals deal ``number`` (``start``) and returns it played out, and the sheet
    records it. Returns the sheet and the number of deals the match took."""
    sheet = sheet_for(slug_of(module), rules)
    dealer = first_dealer
    for number in range(1, limit + 1):
        deal = play(number, dealer, sheet)
        after = sheet.record(deal)
        if after["over"]:
            return sheet, number
        dealer = next_dealer(after)
    raise AssertionError("the match did not end")
