"""The score sheet's refusals as sentences in the reader's language.

Engine codes (``bad_entry``, ``bad_bid``, ``bad_tricks``, ``bad_side``, ``bad_double``,
``match_over``) and the page's own (``match_ended``, ``row_taken``, ``row_stale``,
``undo_stale``, ``end_stale``, ``not_yours``) are worded
here; anything else falls back to ``rulebook.messages``.
"""

from django.utils.translation import gettext_lazy as _

from rulebook import echo
from rulebook.engine import tarneeb
from rulebook.engine.table import PARTNERSHIPS
from rulebook.messages import explain as rulebook_explain

SIDES = {"NS": _("North–South"), "EW": _("East–West")}

MESSAGES = {
    "bad_entry": _(
        "“%(entry)s” cannot be written on the sheet: entries are whole numbers from 0 up. "
        "A side that misses its bid writes 0 and carries what it owes."
    ),
    "bad_bid": _("A bid is from %(min)s to %(max)s tricks; “%(bid)s” is not."),
    "bad_tricks": _("The bidding side takes from 0 to %(max)s tricks; “%(tricks)s” is not."),
    "bad_side": _("“%(side)s” is not a side: choose North–South or East–West."),
    "bad_double": _("This variant has no doubles."),
    "match_over": _("%(winner)s has reached the target: the match is over."),
    "match_ended": _("This match has been ended: no more deals can be entered."),
    "row_taken": _(
        "Row %(row)s is already on the sheet: the form was sent twice, or from another tab. "
        "Check the sheet below before sending this deal again."
    ),
    "row_stale": _("This form is out of date. Reload the page and enter the deal again."),
    "undo_stale": _(
        "Row %(row)s is no longer the last row of the sheet: nothing was undone. "
        "Check the sheet below."
    ),
    "end_stale": _(
        "The sheet has changed since you asked to end the match. Check it, then confirm again."
    ),
    "not_yours": _(
        "There is no match to change at this address. A match is changed from the browser "
        "that started it, or from its scorer’s link."
    ),
}


def explain(code: str, details: dict | None = None) -> str:
    given = dict(details or {})
    if code not in MESSAGES:
        return rulebook_explain(code, given, game="tarneeb")
    words = dict(given)
    if code == "bad_tricks":
        words["max"] = tarneeb.TRICKS
    if code == "match_over" and given.get("winner") in PARTNERSHIPS:
        words["winner"] = SIDES[given["winner"]]
    try:
        return echo.fill(MESSAGES[code], given, words)  # a typed value: capped, isolated
    except (KeyError, TypeError, ValueError):
        return rulebook_explain(code, given, game="tarneeb")
