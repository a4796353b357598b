"""The practice review's words for a deal of a kingdom (Trix): the contract its owner chose, and
each seat's points; a trick contract's mistakes are told in the penalty family's words."""

from django.utils.translation import gettext_lazy as _

from cardgames.contract import Phase

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
