"""The practice review's words for a deal of a kingdom (Trix): the contract its owner chose, and
each seat's points; a trick contract's mistakes are told in the penalty family's words."""

from django.utils.translation import gettext_lazy as _

from cardgames.cards import parse_card
from cardgames.contract import Phase
from cardgames.table import SEATS
from cardtable import kingdoms
from cardtable.words import count, listing

from ..review import rows
from ..table import seat_title
from . import penalty

SENTENCES = {
    **penalty.SENTENCES,  # the trick contracts are played by the penalty family's players
    "choose_by_hand": _("%(contract)s: of the contracts left, the one this hand suits best."),
    "choose_by_rollouts": _(
        "%(contract)s: in %(deals)s that fit this hand, each played out to the end, it "
        "gives this hand the most beside what the contract gives a player on average."
    ),
    "lay_own_run": _("Lay %(card)s: it lets you lay more of your own cards next."),
}

CHOSE = _("Contract chosen by %(seat)s: %(contract)s.")
KH = parse_card("KH")


PLACES = (_("first place"), _("second place"), _("third place"), _("last place"))
DOUBLED = _("%(card)s (with the double)")  # taken, doubled: it costs its taker twice
DOUBLED_BY = _("the double on %(card)s")  # and another took it: the doubler gains


def points(practice, vocab) -> dict:
    """The contract chosen, and each seat's signed points (a penalty negative, a place
    positive) with what they come from."""
    state = practice.state
    contract = vocab.move(state.contract, Phase.CHOOSE, form="the")  # mid-sentence
    lines = [CHOSE % {"seat": seat_title(practice, state.owner), "contract": contract}]
    details = {seat: _tallied(t, vocab) for seat, t in enumerate(state.tally())}
    return {"lines": lines, "rows": rows(practice, vocab, state.points(), details)}


def _tallied(tally: dict, vocab) -> str:
    """One seat's tally in words: «شايب الكبة (مع التدبيل) وبنتان»."""
    if "place" in tally:
        return str(PLACES[tally["place"]])
    items = []
    if tally.get("king_of_hearts"):
        king = vocab.card_the(KH)
        items.append(DOUBLED % {"card": king} if KH in tally["paid"] else king)
    for what in ("queens", "diamonds"):
        if tally.get(what):
            items.append(count(tally[what], what))
    if tally.get("tricks"):
        items.append(count(tally["tricks"], "tricks", vocab.region))
    items += [DOUBLED_BY % {"card": vocab.card_the(c)} for c in tally["doubled"]]
    return listing(items, "and")


def partners(rules) -> bool:
    return rules.partners


scoring_cards = penalty.scoring_cards
won_for_side = penalty.won_for_side


# --- the match's sheet, as Trix players keep it: by kingdom -------------------------------------


def row_label(practice, index: int, vocab) -> str:
    """The deal's contract and whose kingdom it was played in."""
    sheet = practice.match_sheet
    owner = vocab.seat(sheet.owners[sheet.kingdoms[index]])
    return kingdoms.row_label(sheet.contracts[index], owner, vocab)


def row_after(practice, index: int, vocab, keys) -> dict | None:
    """After a kingdom's last deal: its subtotal per line and whether it is zero."""
    sheet = practice.match_sheet
    points = sheet.subtotals().get(index)
    if points is None:  # not a kingdom's last deal, or its kingdom not played out
        return None
    owner = vocab.seat(sheet.owners[sheet.kingdoms[index]])
    cells = [points[SEATS.index(key)] for key in keys]
    return {**kingdoms.subtotal(owner, points), "cells": cells}
