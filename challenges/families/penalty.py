"""Bent Al Sbeet, Leekha, Hearts: a seat's result is the penalty points it did not take (fewer
is better, so the score is their negative); the line is the cards the learner passed."""

from django.utils.translation import gettext_lazy as _

from cardgames import cards
from cardgames.contract import Phase

from . import moves_by_phase, own

KINDS = {"passed": _("Cards passed")}


def score(practice) -> int:
    mine, _other = own(practice.state.points(), practice.seat)
    return -int(mine)


def lines(practice) -> dict:
    passed = sorted(
        token.split(":", 1)[1]
        for actor, _move, token, phase in moves_by_phase(practice)
        if actor == practice.seat and phase == Phase.PASS
    )
    return {"passed": " ".join(passed)} if passed else {}


def words(kind: str, line: str, vocab) -> str:
    from cardtable.words import listing

    return listing([vocab.card(cards.parse_card(c)) for c in line.split()], "and")
