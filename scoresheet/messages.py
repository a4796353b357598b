"""The score sheet's refusals as sentences in the reader's language.

Engine codes of the sheets (``cardgames.sheet`` and the Tarneeb ``score_sheet``) and the
page's own (``match_ended``, ``row_taken``, ``row_stale``, ``undo_stale``, ``end_stale``,
``not_yours``) are worded here, in the game's words; anything else (a card that cannot be
exposed, a house rule the engine refuses) falls back to ``rulebook.messages``. A sentence that
names tricks or hearts has one wording per region (``pgettext``), as the game's pages do.
"""

from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardgames import cards
from cardgames.errors import BadInput
from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import listing, signed
from rulebook import echo
from rulebook.messages import explain as rulebook_explain

# Sentences that name tricks or hearts: one wording per region (a trick is a أكلة in the
# Gulf and a لمّة in the Levant, a heart a هاص or a كبّة). Both written out, so that
# ``makemessages`` finds each.
REGIONAL = {
    "bad_player_tricks": {
        "gulf": pgettext_lazy(
            "gulf", "A player takes from 0 to %(high)s tricks; “%(count)s” is not."
        ),
        "levant": pgettext_lazy(
            "levant", "A player takes from 0 to %(high)s tricks; “%(count)s” is not."
        ),
    },
    "bad_tricks_total": {
        "gulf": pgettext_lazy("gulf", "The tricks taken add up to %(total)s: a deal has 13."),
        "levant": pgettext_lazy("levant", "The tricks taken add up to %(total)s: a deal has 13."),
    },
    "bad_hearts": {
        "gulf": pgettext_lazy("gulf", "A player takes from 0 to 13 hearts; “%(count)s” is not."),
        "levant": pgettext_lazy(
            "levant", "A player takes from 0 to 13 hearts; “%(count)s” is not."
        ),
    },
    "bad_hearts_total": {
        "gulf": pgettext_lazy("gulf", "The hearts taken add up to %(total)s: a deal has 13."),
        "levant": pgettext_lazy("levant", "The hearts taken add up to %(total)s: a deal has 13."),
    },
    # labels and legends of the forms
    "hearts_legend": {
        "gulf": pgettext_lazy("gulf", "Hearts each player took"),
        "levant": pgettext_lazy("levant", "Hearts each player took"),
    },
    "tricks_taken": {
        "gulf": pgettext_lazy("gulf", "Tricks taken"),
        "levant": pgettext_lazy("levant", "Tricks taken"),
    },
    "no_trick": {
        "gulf": pgettext_lazy("gulf", "Took no trick"),
        "levant": pgettext_lazy("levant", "Took no trick"),
    },
    "bids_legend": {
        "gulf": pgettext_lazy("gulf", "A deal: each player’s bid and the tricks each took"),
        "levant": pgettext_lazy("levant", "A deal: each player’s bid and the tricks each took"),
    },
    "bids_said": {
        "gulf": pgettext_lazy("gulf", "Bids {bids}; tricks taken {tricks}"),
        "levant": pgettext_lazy("levant", "Bids {bids}; tricks taken {tricks}"),
    },
}


def regional(key: str, region: str) -> str:
    return REGIONAL[key][region if region in ("gulf", "levant") else "gulf"]


MESSAGES = {
    "bad_entry": _(
        "“%(entry)s” cannot be written on the sheet: entries are whole numbers from 0 up. "
        "A side that misses its bid writes 0 and carries what it owes."
    ),
    "bad_points": _(
        "“%(entry)s” cannot be written for %(line)s: one deal gives a whole number from "
        "%(low)s to %(high)s."
    ),
    "bad_bid": _("A bid is from %(min)s to %(max)s tricks; “%(bid)s” is not."),
    "bad_tricks": _("The bidding side takes from 0 to %(max)s tricks; “%(tricks)s” is not."),
    "bids_thrown_in": _(
        "The bids add up to %(total)s, under %(min)s: the cards are dealt again and nothing "
        "is written."
    ),
    "bad_side": _("“%(side)s” is not a side: choose one of the two sides."),
    "bad_double": _("This variant has no doubles."),
    "bad_taker": _("Choose who took %(card)s."),
    "everyone_no_trick": _("Not all four players can be marked: someone took the cards."),
    "no_trick_took_cards": _(
        "%(seat)s took cards that score, so cannot be marked as having taken nothing."
    ),
    "bad_aces_left": _("The losers can hold from 0 to 4 aces; “%(count)s” is not."),
    "bad_courts_left": _(
        "The losers can hold from 0 to 12 kings, queens and jacks; “%(count)s” is not."
    ),
    "bad_multiplier": _("Choose one of the announcements offered."),
    "bad_penalties": _("Penalties are counted from 0 to %(high)s; “%(count)s” is not."),
    "bad_row_kind": _("This row cannot be read."),
    "bad_row_facts": _("This row cannot be read."),
    "match_over": _("The match is over, won by %(winners)s: no more rows can be entered."),
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


def line_name(key, names: dict, vocab) -> str:
    """A line (seat or side key) by the name the table gave it, else by its seat or side."""
    if key in names:
        return names[key]
    if key in SEATS and len(key) == 1:
        return vocab.seat(SEATS.index(key))
    if key in PARTNERSHIPS:
        return vocab.side(PARTNERSHIPS.index(key))
    return key


def explain(code: str, details: dict | None = None, game=None, names=None) -> str:
    """The sentence for ``code``; ``names`` ({line key: name}) names the players and sides."""
    from .lines import words

    given = {k: v for k, v in (details or {}).items() if k != "field"}
    vocab = words(game) if game else None
    template = MESSAGES.get(code)
    if code in REGIONAL:
        template = regional(code, vocab.region if vocab else "gulf")
    if template is None:
        return rulebook_explain(code, given, game=game)
    names = names or {}
    shown = dict(given)
    for key in ("line", "seat", "side"):
        if key in given and vocab and given[key] in (*SEATS, *PARTNERSHIPS):
            shown[key] = line_name(given[key], names, vocab)
    if "winners" in given and vocab:
        shown["winners"] = mark_safe(
            listing(conditional_escape(line_name(k, names, vocab)) for k in given["winners"])
        )
    if "card" in given and vocab:
        try:
            shown["card"] = vocab.card_the(cards.parse_card(given["card"]))
        except BadInput:  # not a card code: repeated as typed
            pass
    for key in ("low", "high"):
        if isinstance(given.get(key), int):
            shown[key] = signed(given[key])
    if code == "bad_tricks":
        shown["max"] = 13
    # A value repeated as it was given may have been typed: capped and isolated.
    typed = {k for k, v in given.items() if isinstance(v, str) and shown.get(k) is v}
    values = {k: echo.isolate(v) if k in typed else conditional_escape(v) for k, v in shown.items()}
    try:
        return mark_safe(conditional_escape(str(template)) % values)
    except (KeyError, TypeError, ValueError):
        return rulebook_explain(code, given, game=game)
