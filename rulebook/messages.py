"""Error codes from the engine (and the web layer) as sentences in the reader's language.

The engine raises ``code`` plus facts (card codes, suit letters, seat letters); this module is
the one place that words them, naming cards and suits in the game's own words
(``rulebook.words``). A card fills a sentence with its article ("the queen of spades",
"la dame de pique"), so the sentences say ``%(card)s``, never "the %(card)s".
"""

import re

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .engine import cards
from .engine.table import SEATS
from .words import listing, vocabulary

MESSAGES = {
    # input that cannot be read (HTTP 400)
    "bad_card": gettext_lazy(
        "“%(card)s” is not a card. Write the rank then the suit, as QS or 10D."
    ),
    "bad_seat": gettext_lazy("“%(seat)s” is not a seat. Seats are N, E, S and W."),
    "bad_move": gettext_lazy("“%(move)s” is not a move in this game."),
    "unknown_variant": gettext_lazy("There is no variant called “%(variant)s” for this game."),
    "unknown_game": gettext_lazy("There is no game called “%(game)s”."),
    "bad_deal": gettext_lazy("The deal cannot be read."),
    # moves the rules forbid (HTTP 422)
    "card_not_in_hand": gettext_lazy("%(seat)s does not hold %(card)s."),
    "not_your_turn": gettext_lazy("It is not %(seat)s’s turn."),
    "wrong_phase": gettext_lazy("“%(move)s” cannot be played at this point of the deal."),
    "must_follow_suit": gettext_lazy(
        "You hold %(held)s, so you must follow %(led_suit)s: %(card)s cannot be played."
    ),
    "must_discard_penalty_card": gettext_lazy(
        "You cannot follow suit and you hold %(penalty)s: a penalty card must be thrown, "
        "not %(card)s."
    ),
    "hearts_not_broken": gettext_lazy(
        "No heart has been played yet, so you cannot lead %(card)s while you hold another suit."
    ),
    "must_lead_jack_of_hearts": gettext_lazy(
        "The first trick is opened with %(needs)s, not %(card)s."
    ),
    # Tarneeb
    "already_passed": gettext_lazy("%(seat)s has passed and cannot bid again in this hand."),
    "already_bid": gettext_lazy("%(seat)s has already spoken: each player bids only once."),
    "bid_too_low": gettext_lazy(
        "A bid of %(bid)s does not beat the highest bid so far, %(highest)s."
    ),
    "must_bid": gettext_lazy("The first three players passed, so the dealer must bid %(bid)s."),
    "wrong_bid_form": gettext_lazy("“%(bid)s” is not a bid in this variant."),
    "bid_out_of_range": gettext_lazy("Bids go from %(min)s to %(max)s tricks."),
    "no_trumps_not_allowed": gettext_lazy("%(term_no_trumps)s cannot be called in this variant."),
    "cannot_double": gettext_lazy(
        "Only the last bid, made by an opponent and not yet doubled, can be doubled."
    ),
    "match_over": gettext_lazy("The match is over: nothing more can be entered."),
    # Sab'at Al-Deemin
    "must_open_seven_of_diamonds": gettext_lazy("The deal opens with %(needs)s, not %(card)s."),
    "not_playable_on_layout": gettext_lazy(
        "%(card)s cannot be laid now: a pile takes only the next card up, and a new pile "
        "starts with a seven."
    ),
    "cannot_knock": gettext_lazy(
        "You may knock only when no card fits, and you can lay %(playable)s."
    ),
    "cannot_redeal": gettext_lazy(
        "A new deal can be asked only by a player holding three kings or three aces."
    ),
    "cannot_triple": gettext_lazy("Only an opponent of the player who doubled can triple."),
    "already_chosen": gettext_lazy("%(card)s is already among the cards you pass."),
    "cannot_expose": gettext_lazy("%(card)s cannot be exposed."),
    "already_exposed": gettext_lazy("%(card)s is already exposed."),
}

DEAL_REASONS = {
    "missing": gettext_lazy("No deal was given."),
    "no_first_seat": gettext_lazy("A deal starts with a seat and a colon, as N:."),
    "not_four_hands": gettext_lazy("A deal has four hands separated by spaces."),
    "hand_not_four_suits": gettext_lazy("Each hand has four suits separated by dots: %(suits)s."),
    "repeated_card": gettext_lazy("%(card)s appears twice."),
    "card_outside_pack": gettext_lazy("%(card)s is not in this game’s pack."),
    "wrong_card_count": gettext_lazy("%(seat)s has %(count)s cards instead of %(expected)s."),
    "bad_exposed": gettext_lazy("%(card)s cannot be listed as exposed in this deal."),
}

# Facts a code implies without the engine sending them.
IMPLIED = {"must_lead_jack_of_hearts": {"needs": "JH"}}
CARD_KEYS = {"card", "held", "needs", "top"}
CARD_LISTS = {"penalty", "playable"}
SUIT_KEYS = {"led_suit", "suit"}
BID_KEYS = {"bid", "highest"}


def word(vocab, key, value):
    """An engine fact in words: card codes as cards, suit letters as suits, seats by name."""
    if key in CARD_LISTS and isinstance(value, list | tuple):
        return listing(word(vocab, "card", v) for v in value)
    if key in CARD_KEYS or key in CARD_LISTS:
        try:
            return vocab.card_the(cards.parse_card(value))
        except Exception:
            return value
    if key in SUIT_KEYS and value in cards.SUITS:
        return vocab.suit(cards.SUITS.index(value))
    if key == "seat" and isinstance(value, str) and value in SEATS and len(value) == 1:
        return vocab.seat(SEATS.index(value))
    if key in BID_KEYS and isinstance(value, str | int):
        return vocab.bid(value)
    return value


def terms_in(template, vocab) -> dict:
    """``%(term_trumps)s`` in a sentence is the game's word for the term: «الطرنيب»."""
    names = re.findall(r"%\(term_(\w+)\)s", str(template or ""))
    return {f"term_{key}": vocab.term(key, "the") for key in names}


def words_of(game):
    """The vocabulary a message about ``game`` speaks; the Gulf's when the game is unknown
    (an unknown game's message names no card)."""
    try:
        return vocabulary(game if game is not None else "gulf")
    except ValueError:
        return vocabulary("gulf")


def explain(code: str, details: dict | None = None, game=None) -> str:
    """The sentence for ``code`` with ``details``, cards named in ``game``'s words (a slug,
    a spec, a ``Game`` row or an engine module; the Gulf's words when no game is known)."""
    vocab = words_of(game)
    details = {**IMPLIED.get(code, {}), **(details or {})}
    details = {k: word(vocab, k, v) for k, v in details.items()}
    details["suits"] = ".".join(vocab.suit(s) for s in range(4))
    details.update(terms_in(MESSAGES.get(code), vocab))
    template = MESSAGES.get(code)
    if template is None:
        return _("This is not allowed here (%(code)s).") % {"code": code}
    text = str(template)
    if code == "bad_deal" and details.get("reason") in DEAL_REASONS:
        text = f"{text} {DEAL_REASONS[details['reason']]}"
    try:
        return capfirst(text % details)
    except (KeyError, TypeError, ValueError):
        return _("This is not allowed here (%(code)s).") % {"code": code}
