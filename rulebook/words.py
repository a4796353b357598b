"""Names of cards, suits and seats in the reader's language (gettext), for pages and messages.

Arabic uses the Gulf names: السبيت, الهاص, الديمن, الشريهة; الإكة, الشايب, البنت, الولد.
"""

from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .engine import cards
from .engine.table import SEATS


def suit_name(suit: int) -> str:
    return [
        pgettext("suit", "spades"),
        pgettext("suit", "hearts"),
        pgettext("suit", "diamonds"),
        pgettext("suit", "clubs"),
    ][suit]


def rank_name(rank: int) -> str:
    return [
        pgettext("rank", "two"),
        pgettext("rank", "three"),
        pgettext("rank", "four"),
        pgettext("rank", "five"),
        pgettext("rank", "six"),
        pgettext("rank", "seven"),
        pgettext("rank", "eight"),
        pgettext("rank", "nine"),
        pgettext("rank", "ten"),
        pgettext("rank", "jack"),
        pgettext("rank", "queen"),
        pgettext("rank", "king"),
        pgettext("rank", "ace"),
    ][rank]


def card_name(c: int) -> str:
    """``queen of spades`` / ``بنت السبيت`` / ``dame de pique``."""
    return pgettext("card", "%(rank)s of %(suit)s") % {
        "rank": rank_name(cards.rank_of(c)),
        "suit": suit_name(cards.suit_of(c)),
    }


def seat_name(seat: int) -> str:
    return [_("North"), _("East"), _("South"), _("West")][seat]


def side_name(side: int) -> str:
    return [_("North–South"), _("East–West")][side]


SYMBOLS = "♠♥♦♣"


def card_html(c: int) -> str:
    """A card for running text: the full name for screen readers, the code shown isolated.

    The symbol is hidden from screen readers; red suits also differ by shape and a class.
    """
    code = cards.card_code(c)
    suit = cards.suit_of(c)
    return format_html(
        '<span class="card-ref suit-{}" title="{}"><span class="sr-only">{}</span>'
        '<bdi aria-hidden="true">{}{}</bdi></span>',
        "shdc"[suit],
        card_name(c),
        card_name(c),
        code[0] if code[0] != "T" else "10",
        SYMBOLS[suit],
    )


def seat_letter(seat: int) -> str:
    return SEATS[seat]


def card_view(c: int, **flags) -> dict:
    """What a template needs to draw a card: code, full name, rank as shown, suit symbol."""
    code = cards.card_code(c)
    return {
        "code": code,
        "name": card_name(c),
        "rank": "10" if code[0] == "T" else code[0],
        "pip": SYMBOLS[cards.suit_of(c)],
        "suit": "shdc"[cards.suit_of(c)],
        **flags,
    }


def penalty_name(code: str) -> str:
    """The penalties of Sab'at Al-Deemin (engine codes) in words."""
    return {
        "out_of_turn": _("Playing a card out of turn"),
        "knock_with_playable_card": _("Knocking while holding a card that could be laid"),
        "wrong_card": _("Laying a card of the wrong rank or suit on a pile"),
        "missing_warning": _("Not warning the table when left with one card"),
        "signalling": _("A word or gesture telling your partner about your cards"),
    }.get(code, code)


def move_label(token: str) -> str:
    """A move token of the positions spec in words: ``trump:S`` -> "spades as trumps"."""
    t = token.upper()
    words = {
        "PASS": pgettext("call", "Pass"),
        "DOUBLE": _("Double"),
        "TRIPLE": _("Triple"),
        "REDEAL": _("Ask for a new deal"),
        "KNOCK": _("Knock"),
        "KEEP": _("Expose nothing more"),
    }
    if t in words:
        return words[t]
    kind, _sep, rest = t.partition(":")
    if kind == "TRUMP":
        if rest == "NT":
            return _("No trumps")
        return _("%(suit)s as trumps") % {"suit": suit_name(cards.SUITS.index(rest))}
    if kind in ("PASS", "EXPOSE"):
        name = card_name(cards.parse_card(rest))
        return (_("Pass the %(card)s") if kind == "PASS" else _("Expose the %(card)s")) % {
            "card": name
        }
    if t.isdigit():
        return _("Bid %(n)s") % {"n": t}
    if t.endswith("NT") and t[:-2].isdigit():
        return _("Bid %(n)s no trumps") % {"n": t[:-2]}
    if t[:-1].isdigit() and t[-1] in cards.SUITS:
        return _("Bid %(n)s %(suit)s") % {"n": t[:-1], "suit": suit_name(cards.SUITS.index(t[-1]))}
    return token
