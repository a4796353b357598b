"""The practice review's words for a deal of a kingdom (Trix): the contract its owner chose, and
each seat's points; a trick contract's mistakes are told in the penalty family's words."""

from django.utils.translation import gettext_lazy as _

from cardgames.contract import Phase
from cardgames.table import SEATS

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
ROW = _("%(contract)s, in the kingdom of %(seat)s")
KINGDOM_TOTAL = _("The kingdom of %(seat)s in all")
ADDS_TO_ZERO = _("Its points add up to zero, as every kingdom’s must.")
NOT_ZERO = _("Its points do not add up to zero: a kingdom’s must.")


def points(practice, vocab) -> dict:
    """The contract chosen and each seat's signed points (a penalty negative, a place
    positive)."""
    state = practice.state
    contract = vocab.move(state.contract, Phase.CHOOSE)
    lines = [CHOSE % {"seat": seat_title(practice, state.owner), "contract": contract}]
    return {"lines": lines, "rows": rows(practice, vocab, state.points())}


def partners(rules) -> bool:
    return rules.partnership != "none"


scoring_cards = penalty.scoring_cards
won_for_side = penalty.won_for_side


# --- the match's sheet, as Trix players keep it: by kingdom -------------------------------------


def row_label(practice, index: int, vocab) -> str:
    """The deal's contract and whose kingdom it was played in."""
    sheet = practice.match_sheet
    owner = sheet.owners[sheet.kingdoms[index]]
    contract = vocab.move(sheet.contracts[index], Phase.CHOOSE)
    return str(ROW % {"contract": contract, "seat": vocab.seat(owner)})


def row_after(practice, index: int, vocab, keys) -> dict | None:
    """After a kingdom's last deal: its subtotal per line and whether it is zero, as the
    sheet's kingdom grid has them."""
    sheet = practice.match_sheet
    k = sheet.kingdoms[index]
    kingdom = sheet.grid()[k]
    last = max(i for i, at in enumerate(sheet.kingdoms) if at == k)
    if index != last or kingdom["zero"] is None:  # not its last deal, or not played out
        return None
    return {
        "label": str(KINGDOM_TOTAL % {"seat": vocab.seat(sheet.owners[k])}),
        "cells": [kingdom["subtotal"][SEATS.index(key)] for key in keys],
        "zero": kingdom["zero"],
        "says": str(ADDS_TO_ZERO if kingdom["zero"] else NOT_ZERO),
    }
