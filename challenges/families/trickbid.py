"""Tarneeb and Tarneeb 41: a seat's result is its side's points less the other side's (or,
where each player bids alone, its own); the lines are the contract and the opening lead."""

from django.utils.translation import gettext_lazy as _

from cardgames import cards
from cardgames.contract import Phase
from cardgames.table import SEATS

from . import moves_by_phase, own

KINDS = {"contract": _("Contract"), "lead": _("Opening lead")}


def score(practice) -> int:
    mine, other = own(practice.state.points(), practice.seat)
    return int(mine) - int(other or 0)


def lines(practice) -> dict:
    found = {}
    contract = practice.state.table_view().contract  # None when the deal was thrown in
    if contract is not None:
        strain = "" if contract.strain in (None, "NT") else contract.strain
        found["contract"] = f"{contract.bid}{strain} {SEATS[contract.declarer]}"
    for _actor, _move, token, phase in moves_by_phase(practice):
        if phase == Phase.PLAY:
            found["lead"] = token
            break
    return found


def words(kind: str, line: str, vocab) -> str:
    if kind == "contract":
        bid, _sep, seat = line.partition(" ")
        return f"{vocab.bid(bid)} ({vocab.seat(SEATS.index(seat))})"
    return vocab.card(cards.parse_card(line))
