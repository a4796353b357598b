"""The practice table's refusals as sentences in the reader's language.

Its own codes (HTTP 409: ``stale_ply``, ``deal_over``, ``nothing_to_undo``, ``deal_in_play``,
``match_over``; 404 ``not_found``; 400 ``bad_level``, ``bad_body``, ``bad_ply``) are worded
here; the engine's (``must_follow_suit``, ``bad_move``, ``unknown_rule``...) by
``rulebook.messages.explain``, in the game's own words, as everywhere else.
"""

from django.utils.translation import gettext_lazy as _

from rulebook import echo
from rulebook.messages import explain as rulebook_explain

MESSAGES = {
    "stale_ply": _(
        "The table has changed since this was sent (a form sent twice, or from another tab): "
        "nothing was done. The table is shown as it stands now."
    ),
    "deal_over": _("The deal is over: its moves can no longer be taken back."),
    "nothing_to_undo": _("You have made no move in this deal yet: there is nothing to take back."),
    "deal_in_play": _("The deal is still being played: the next one is dealt once it is over."),
    "match_over": _("The match is over: no more deals are dealt."),
    "not_found": _(
        "There is no practice match at this address. A match is played from the browser that "
        "started it, or from its private link."
    ),
    "bad_level": _(
        "“%(level)s” is not a level of the computer players: choose beginner, club or expert."
    ),
    "bad_body": _("The request’s body must be a JSON object."),
    "body_too_large": _("The request’s body is too large: it may be at most 16 KB."),
    "bad_ply": _("“ply” must be the number of moves made so far in this deal."),
    "challenge_no_undo": _(
        "This deal is a challenge’s: every move counts as it is made, and none can be taken back."
    ),
    "challenge_one_deal": _(
        "This deal is a challenge’s: it is played alone. Go back to the challenge for its other "
        "deals."
    ),
    "challenge_closed": _(
        "The challenge closed before this move: results are no longer taken. Its deals can be "
        "played again as practice from the challenge’s page."
    ),
    "players_changed": _(
        "The computer players have changed since this challenge opened, so its results could no "
        "longer be compared: a new challenge has opened with them."
    ),
}


def explain(code: str, details: dict | None = None, game=None, html: bool = True) -> str:
    """The sentence for ``code``: the practice table's own, else the site's."""
    given = dict(details or {})
    if code not in MESSAGES:
        return rulebook_explain(code, given, game=game, html=html)
    try:
        return echo.fill(MESSAGES[code], given, html=html)  # a typed value: capped, isolated
    except (KeyError, TypeError, ValueError):
        return rulebook_explain(code, given, game=game, html=html)
