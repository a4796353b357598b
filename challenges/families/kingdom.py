"""Trix: a seat's result is its own points in the deal (a penalty costs, a place gains); the line
is the contract the kingdom's owner chose, where the learner owned the kingdom."""

from django.utils.translation import gettext_lazy as _

from cardgames.contract import Phase

from . import own

KINDS = {"contract": _("Contract chosen")}


def score(practice) -> int:
    mine, _other = own(practice.state.points(), practice.seat)
    return int(mine)


def lines(practice) -> dict:
    state = practice.state
    if state.owner == practice.seat and state.contract is not None:
        return {"contract": state.contract}
    return {}


def words(kind: str, line: str, vocab) -> str:
    return vocab.move(line, Phase.CHOOSE)
