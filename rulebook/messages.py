"""Error codes from the engine (and the web layer) as sentences in the reader's language.

The engine raises ``code`` plus facts (card codes, suit letters, seat letters); this module is
the one place that words them, naming cards and suits in the game's own words
(``cardtable.words``). A card fills a sentence with its article ("the queen of spades",
"la dame de pique"), so the sentences say ``%(card)s``, never "the %(card)s".
"""

import re

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from cardgames import cards
from cardgames.table import SEATS
from cardtable.words import listing, vocabulary

from . import echo

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
    # A sentence a Gulf and a Levant game share that names a trick or hearts has one wording per
    # region (the Gulf's أكلة and هاص, the Levant's لمّة and كبّة).
    "hearts_not_broken": {
        "gulf": pgettext_lazy(
            "gulf",
            "No heart has been played yet, so you cannot lead %(card)s while you hold another "
            "suit.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "No heart has been played yet, so you cannot lead %(card)s while you hold another "
            "suit.",
        ),
    },
    "must_lead_jack_of_hearts": {
        "gulf": pgettext_lazy("gulf", "The first trick is opened with %(needs)s, not %(card)s."),
        "levant": pgettext_lazy(
            "levant", "The first trick is opened with %(needs)s, not %(card)s."
        ),
    },
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
    # Trix
    "cannot_pass": gettext_lazy(
        "You may pass only when no card fits a row, and you can lay %(playable)s."
    ),
    "not_next_in_row": gettext_lazy(
        "%(card)s cannot be laid now: a row opens with its jack and then takes only a card next "
        "to one of its ends (here %(fits)s)."
    ),
    "must_choose_contract": gettext_lazy(
        "%(seat)s owns this kingdom and names the contract before anything else is played."
    ),
    "contract_used": gettext_lazy("%(contract)s has already been played in this kingdom."),
    "contract_not_played": gettext_lazy("%(contract)s is not one of this game's contracts."),
    "bad_contract": gettext_lazy("“%(contract)s” is not a contract of this game."),
    "not_the_owner": gettext_lazy("%(seat)s does not own this kingdom: %(owner)s does."),
    # the penalty family: Leekha and Hearts
    "cannot_pass_last_of_suit": gettext_lazy(
        "%(card)s is the last card of its suit in your hand, so it cannot be passed."
    ),
    "must_drop_penalty_card": {
        "gulf": pgettext_lazy(
            "gulf",
            "%(above)s is already on this trick, so %(penalty)s must be dropped now, not %(card)s.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "%(above)s is already on this trick, so %(penalty)s must be dropped now, not %(card)s.",
        ),
    },
    "must_lead_two_of_clubs": {
        "gulf": pgettext_lazy("gulf", "The first trick is opened with %(needs)s, not %(card)s."),
        "levant": pgettext_lazy(
            "levant", "The first trick is opened with %(needs)s, not %(card)s."
        ),
    },
    "must_lead_a_club": {
        "gulf": pgettext_lazy("gulf", "The first trick is opened with a club, not %(card)s."),
        "levant": pgettext_lazy("levant", "The first trick is opened with a club, not %(card)s."),
    },
    "no_points_on_first_trick": {
        "gulf": pgettext_lazy(
            "gulf",
            "No card that scores may be thrown on the first trick while you hold another: "
            "not %(card)s.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "No card that scores may be thrown on the first trick while you hold another: "
            "not %(card)s.",
        ),
    },
    # Tarneeb 41
    "everyone_bids": gettext_lazy("Every player bids in this game: bid at least %(bid)s."),
    # house rules and a match in context (HTTP 400)
    "unknown_rule": gettext_lazy("This game has no rule called “%(rule)s”."),
    "bad_rule_value": gettext_lazy(
        "“%(value)s” is not a value of the rule “%(rule)s”. It can be: %(allowed)s."
    ),
    "rules_conflict": gettext_lazy("These rules cannot be played together (%(rules)s)."),
    "bad_deal_number": gettext_lazy(
        "“%(deal_number)s” is not a deal number: write a whole number from 1 to %(max)s."
    ),
    "bad_totals": gettext_lazy("The match totals cannot be read."),
    "not_comparable": gettext_lazy(
        "This comparison needs two rule sets of one game, or of two games of one family."
    ),
    # limits every app's API shares (HTTP 429, 503)
    "rate_limited": gettext_lazy(
        "Too many requests of this kind from here in a short time: please try again later."
    ),
    # the analysis of a position or a deal
    "bad_view": gettext_lazy("“%(view)s” is not a view: write seat or open."),
    "analysis_unavailable": gettext_lazy(
        "There is nothing to analyse here: an analysis judges the cards of a moment of card "
        "play, or of a finished deal."
    ),
    "analysis_busy": gettext_lazy(
        "The analysis would take longer than it is allowed, or the site is analysing as much "
        "as it can right now: please try again in a moment."
    ),
}

# A number rule names its range instead of a list of values.
BAD_NUMBER = gettext_lazy(
    "“%(value)s” is not a value of the rule “%(rule)s”: it takes a whole number from %(low)s "
    "to %(high)s."
)

CONFLICT_REASONS = {
    "min_above_max": gettext_lazy("The lowest bid cannot be above the highest."),
    "double_needs_egyptian_auction": gettext_lazy(
        "The double belongs to the Egyptian auction, where a bid names its suit."
    ),
    "redouble_needs_double": gettext_lazy("There is no redouble without the double."),
}

TOTALS_REASONS = {
    "not_a_seat": gettext_lazy(
        "“%(item)s” does not name a seat: write each player’s total as N:40,E:12."
    ),
    "not_a_side": gettext_lazy(
        "“%(item)s” does not name a side: write each side’s total as NS:20,EW:31."
    ),
    "repeated": gettext_lazy("“%(item)s” gives a total a second time."),
    "not_a_number": gettext_lazy("“%(item)s” does not end in a whole number."),
    "negative_line": gettext_lazy("A line on the score sheet is never below zero."),
    "match_over": gettext_lazy("With these totals the match is already over."),
    "per_seat": gettext_lazy("Give one total for each of the four players."),
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

CARD_KEYS = {"card", "held", "needs", "top", "above"}

# The reasons a code gives, each worded after the code's own sentence.
ANALYSIS_REASONS = {
    "deal_not_over": gettext_lazy("This deal is still being played."),
}

REASONS = {
    "analysis_unavailable": ANALYSIS_REASONS,
    "bad_deal": DEAL_REASONS,
    "rules_conflict": CONFLICT_REASONS,
    "bad_totals": TOTALS_REASONS,
}
# Facts a code implies without the engine sending them.
IMPLIED = {"must_lead_jack_of_hearts": {"needs": "JH"}, "must_lead_two_of_clubs": {"needs": "2C"}}
# Cards listed in a sentence, and how its last two join: "you hold the queen and the ten".
CARD_LISTS = {"penalty": "and", "playable": "and", "fits": "or"}
SUIT_KEYS = {"led_suit", "suit"}
BID_KEYS = {"bid", "highest"}


def word(vocab, key, value):
    """An engine fact in words: card codes as cards, suit letters as suits, seats by name."""
    if key in CARD_LISTS and isinstance(value, list | tuple):
        return listing((word(vocab, "card", v) for v in value), CARD_LISTS[key])
    if key in CARD_KEYS or key in CARD_LISTS:
        try:
            return vocab.card_the(cards.parse_card(value))
        except Exception:
            return value
    if key in SUIT_KEYS and value in cards.SUITS:
        return vocab.suit(cards.SUITS.index(value))
    if key in ("seat", "owner") and isinstance(value, str) and value in SEATS and len(value) == 1:
        return vocab.seat(SEATS.index(value))
    if key == "contract" and f"contract_{value}" in vocab.words:
        return vocab.term(f"contract_{value}", "word")  # Trix's contracts, in its words
    if key in BID_KEYS and isinstance(value, str | int):
        return vocab.bid(value)
    if isinstance(value, list | tuple):  # rule names, allowed values: listed as written
        return listing(str(word(vocab, key, v)) for v in value)
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


def explain(code: str, details: dict | None = None, game=None, html: bool = True) -> str:
    """The sentence for ``code`` with ``details``, cards named in ``game``'s words (a slug,
    a spec, a ``Game`` row or an engine module; the Gulf's words when no game is known): safe
    HTML for a page, or plain text (``html=False``, the JSON API). What the visitor typed is
    repeated capped and isolated (``echo.fill``)."""
    vocab = words_of(game)
    given = {**IMPLIED.get(code, {}), **(details or {})}
    details = {k: word(vocab, k, v) for k, v in given.items()}
    details["suits"] = ".".join(vocab.suit(s) for s in range(4))
    template = MESSAGES.get(code)
    if isinstance(template, dict):
        template = template[vocab.region]
    details.update(terms_in(template, vocab))
    if template is None:
        return echo.fill(_("This is not allowed here (%(code)s)."), {"code": code}, html=html)
    text = str(template)
    if code == "bad_rule_value" and "low" in given:
        text = str(BAD_NUMBER)
    reasons = REASONS.get(code, {})
    if given.get("reason") in reasons:
        text = f"{text} {reasons[given['reason']]}"
    try:
        return _capfirst(echo.fill(text, given, details, html=html))
    except (KeyError, TypeError, ValueError):
        return echo.fill(_("This is not allowed here (%(code)s)."), {"code": code}, html=html)


def _capfirst(text):
    """A sentence that begins with a card's name begins with a capital; safe HTML stays safe."""
    out = capfirst(text)
    return mark_safe(out) if isinstance(text, SafeString) else out


def refusal_words(game):
    """The engine's refusal of a move (an ``IllegalMove``) as plain text in the page's
    language, for a card that says why on a tap (``cardtable.tables.table``'s ``why``)."""
    return lambda refusal: explain(refusal.code, refusal.details, game=game, html=False)
