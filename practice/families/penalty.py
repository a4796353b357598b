"""The practice review's words for a penalty deal: each seat's cards that score and their
points (exposures, doubled hearts), the moon; and what a mistake's words ask of the family
(who is a partner, the cards that carry points)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardgames import cards
from cardgames.penalty.deal import table as penalty_table
from cardgames.penalty.players import card_points
from cardgames.penalty.scoring import JD, KC, QS, TD
from cardtable.words import count, listing

from ..review import rows
from ..table import seat_title

# The computer players' reasons in the family's words, by code (a sentence that names a trick
# has one wording per region).
SENTENCES = {
    "pass_for_moon": _(
        "With a hand of winners, going for the moon: keep them all and pass a low card, %(card)s."
    ),
    "pass_penalty_card": _(
        "Pass %(card)s: with too few low cards beside it in its suit, it is safer in "
        "someone else’s hand."
    ),
    "pass_talbees_catcher": _(
        "Pass %(card)s: a card above %(penalty)s forces it out of the hand that holds it, "
        "your partner’s too, whenever the two meet in their suit."
    ),
    "pass_catcher": _(
        "Pass %(card)s: in a short suit it would catch %(penalty)s when its holder plays it "
        "underneath."
    ),
    "pass_to_void": _(
        "Pass %(card)s to be left with no %(suit)s: then a penalty card can be thrown "
        "whenever that suit is led."
    ),
    "pass_high_card": _(
        "Pass a high card, %(card)s, and keep the low ones: they let you play underneath later."
    ),
    "expose_safe": _(
        "Expose %(card)s: your hand holds enough low cards to be sure of getting rid of it."
    ),
    "keep_unexposed": _(
        "Keep %(card)s unexposed: your hand is not safe enough to be sure of getting rid of it."
    ),
    "shoot_moon": _("Going for the moon: win all you can and throw no point away. Play %(card)s."),
    "first_trick_high": {
        "gulf": pgettext_lazy(
            "gulf",
            "No card that scores may fall on the first trick, so it costs nothing: be rid "
            "of a high card, %(card)s.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "No card that scores may fall on the first trick, so it costs nothing: be rid "
            "of a high card, %(card)s.",
        ),
    },
    "win_jack": {
        "gulf": pgettext_lazy(
            "gulf",
            "The bonus card on this trick is worth more than its penalty points: take it, "
            "with %(card)s.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "The bonus card on this trick is worth more than its penalty points: take it, "
            "with %(card)s.",
        ),
    },
    "spare_partner": {
        "gulf": pgettext_lazy(
            "gulf",
            "Your partner is taking this trick: give %(card)s, which costs your side "
            "nothing, or the least.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "Your partner is taking this trick: give %(card)s, which costs your side "
            "nothing, or the least.",
        ),
    },
    "discard_penalty": {
        "gulf": pgettext_lazy(
            "gulf", "You cannot follow suit: throw %(card)s on someone else’s trick."
        ),
        "levant": pgettext_lazy(
            "levant", "You cannot follow suit: throw %(card)s on someone else’s trick."
        ),
    },
    "discard_danger": _(
        "You cannot follow suit: throw %(card)s, the card most likely to catch penalty "
        "points later."
    ),
    "duck": _(
        "Play underneath the highest card so far, with %(card)s, your highest card that "
        "still loses."
    ),
    "win_high": {
        "gulf": pgettext_lazy(
            "gulf",
            "This trick costs nothing, or is yours whatever you play: take it with "
            "%(card)s, a high card worth no points, to be rid of it.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "This trick costs nothing, or is yours whatever you play: take it with "
            "%(card)s, a high card worth no points, to be rid of it.",
        ),
    },
    "play_low": _(
        "Every card you hold would win for now: play the lowest, %(card)s, which leaves the "
        "most room to be overtaken."
    ),
    "flush_penalty": _(
        "%(penalty)s is still out and you hold nothing above it: lead %(card)s, below it, "
        "so that its holder may have to give it up."
    ),
    "avoid_void_suit": _(
        "Someone has shown they hold no %(suit)s and would throw a penalty card on it: lead "
        "%(card)s, in a suit everyone still follows."
    ),
    "lead_short": _(
        "Lead %(card)s from your short suit, %(suit)s, to empty it early while others hold "
        "higher cards."
    ),
    "lead_low": _(
        "Lead %(card)s, the card the most cards still out can beat: never lead a suit whose "
        "best card you hold."
    ),
    # The expert's: deals drawn from its own view, each played out to the end (rollouts).
    "fewest_points_by_analysis": _(
        "Play %(card)s: in %(deals)s that fit what you have seen, each played out to the end, "
        "it is the card that does best, and every other card costs %(points)s or more across them."
    ),
}

ITEM = _("%(what)s (%(points)s)")
EXPOSED = _("%(card)s, exposed (%(points)s)")  # the quiz's words for an exposed card
# The seat is named once (its «(أنت)» with it); the sentence then speaks of that player.
MOON = _(
    "%(seat)s shot the moon, taking every card that scores: that player scores nothing, and "
    "every other player takes %(points)s."
)
NO_TRICK = {
    "gulf": pgettext_lazy("gulf", "no trick taken"),
    "levant": pgettext_lazy("levant", "no trick taken"),
}


def points(practice, vocab) -> dict:
    """Each seat's cards that score, their points (exposures, doubled hearts), the moon."""
    state = practice.state
    values = penalty_table(practice.rules).scoring
    hearts, queen, ten = values.with_exposed(state.exposed)
    moon = values.moon_by(state.taken)
    details = {}
    for seat, taken in enumerate(state.taken):
        items = []
        for card, worth in ((QS, queen), (TD, ten), (KC, values.king), (JD, values.jack)):
            if worth and taken >> card & 1:
                pattern = EXPOSED if state.exposed >> card & 1 else ITEM
                worth_words = count(worth, "points")
                items.append(
                    pattern
                    % {
                        "card": vocab.card_the(card),
                        "what": vocab.card_the(card),
                        "points": worth_words,
                    }
                )
        n = cards.count(taken & cards.suit_mask(cards.HEARTS))
        if n and hearts:
            what = count(n, "hearts", vocab.region)
            items.append(ITEM % {"what": what, "points": count(n * hearts, "points")})
        if values.no_trick and not taken and moon is None:
            what = NO_TRICK[vocab.region]
            items.append(ITEM % {"what": what, "points": count(values.no_trick, "points")})
        details[seat] = listing(items, "and")  # «البنت (13 نقطة) والعشرة (10 نقاط)»
    lines = []
    if moon is not None:
        total = values.cards_points(state.taken[moon], state.exposed)
        lines.append(MOON % {"seat": seat_title(practice, moon), "points": count(total, "points")})
    return {"lines": lines, "rows": rows(practice, vocab, state.points(), details)}


# --- a mistake told at its trick (``practice.mistakes``) ---------------------------------------


def partners(rules) -> bool:
    """Whether the seat across is a partner: where the variant plays partnerships."""
    return rules.knobs()["partnership"] != "none"


def scoring_cards(state) -> set[int]:
    """The cards that carry points in ``state``'s deal (its exposures counted)."""
    values = card_points(state.rules, state.exposed)
    return {c for c in range(52) if values[c]}


def won_for_side(rules) -> bool:
    """A trick is taken by the seat, its points the seat's: never told as the side's."""
    return False


# --- the match's sheet (``review.sheet``) ------------------------------------------------------


def row_label(practice, index: int, vocab) -> str:
    """Nothing beside a deal's number: every deal of the match is alike."""
    return ""


def row_after(practice, index: int, vocab, keys) -> None:
    """No line after a deal's row."""
    return None
