"""A Trix match's sheet as Trix players keep it, in words: each row names its contract and whose
kingdom it was played in, and after a kingdom's last deal comes its subtotal, which must be
zero. The practice sheet and the paper score sheet both write it so."""

from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from cardgames.contract import Phase

ROW = _("%(contract)s, in the kingdom of %(seat)s")
KINGDOM_TOTAL = _("The kingdom of %(seat)s in all")
ADDS_TO_ZERO = _("Its points add up to zero, as every kingdom’s must.")
NOT_ZERO = _("Its points do not add up to zero: a kingdom’s must.")


def _html(sentence, **values) -> str:
    """``sentence`` with ``values`` put in, escaped unless already safe (an isolated name)."""
    escaped = {k: conditional_escape(v) for k, v in values.items()}
    return mark_safe(conditional_escape(str(sentence)) % escaped)


def row_label(contract: str, owner: str, vocab) -> str:
    """A deal's row, safe HTML: ``contract`` (its token) in the kingdom of ``owner`` (a name,
    or a seat's name as ``vocab`` words it)."""
    return _html(ROW, contract=vocab.move(contract, Phase.CHOOSE), seat=owner)


def subtotal(owner: str, points) -> dict:
    """A kingdom's subtotal row: its label (safe HTML), and whether its points add up to zero,
    said."""
    zero = sum(points) == 0
    return {
        "label": _html(KINGDOM_TOTAL, seat=owner),
        "zero": zero,
        "says": str(ADDS_TO_ZERO if zero else NOT_ZERO),
    }
