"""Sab'at Al-Deemin: a seat's result is its side's score less the other's; the line is the
learner's first card laid."""

from django.utils.translation import gettext_lazy as _

from cardgames import cards
from cardgames.contract import Phase

from . import moves_by_phase, own

KINDS = {"first": _("First card laid")}


def score(practice) -> int:
    mine, other = own(practice.state.points(), practice.seat)
    return int(mine) - int(other or 0)


def lines(practice) -> dict:
    for actor, _move, token, phase in moves_by_phase(practice):
        if actor == practice.seat and phase == Phase.PLAY:
            try:
                cards.parse_card(token)
            except Exception:  # a knock: no card laid
                continue
            return {"first": token}
    return {}


def words(kind: str, line: str, vocab) -> str:
    return vocab.card(cards.parse_card(line))
