"""The practice review's words for a layout deal: who went out, the aces and court cards left
in the losers' hands, the seven, the double or triple."""

from django.utils.translation import gettext_lazy as _

from cardgames import cards
from cardgames.layout import scoring
from cardtable.words import count

from ..review import rows
from ..table import seat_title

# The computer players' reasons in the family's words, by code (a sentence that names a trick
# has one wording per region).
SENTENCES = {
    "announce_pass": _("Announce nothing: your hand can lay only %(runs)s on its own sevens."),
    "double_fast_hand": _(
        "Double: your hand can lay %(runs)s on its own sevens, most of what it holds."
    ),
    "triple_fast_hand": _(
        "Triple: your hand can lay %(runs)s on its own sevens, more than a double needs."
    ),
    "redeal_high_cards": _(
        "Ask for a new deal: three kings or three aces, the last cards of their piles, would "
        "stay in a hand this slow."
    ),
    "hold_seven": _(
        "Hold back %(held)s: it would open a suit where the opponents are long. Lay %(card)s "
        "instead."
    ),
    "unblock_partner": _(
        "Your partner has just knocked: lay %(card)s, which may let your partner play."
    ),
    "play_long_suit": _("Lay %(card)s, in %(suit)s, the suit where your side holds the most."),
    # The expert's: deals drawn from its own view, each played out to the end (rollouts).
    "best_chance_by_analysis": _(
        "Lay %(card)s: in %(deals)s that fit what you have seen, each played out to the end, "
        "it scores best for your side, and every other card gives up %(points)s or more "
        "across them."
    ),
    "announce_by_rollouts": _(
        "In %(deals)s that fit what you have seen, each played out to the end, this "
        "announcement scores best for your side, and every other one gives up %(points)s or "
        "more across them."
    ),
}

REDEAL = _("%(seat)s asked for a new deal: this deal scores nothing.")
WENT_OUT = _("%(seat)s laid their last card, %(card)s: %(side)s win the deal.")
ACES_LEFT = _("Aces left in the losers’ hands: %(n)s, worth %(points)s.")
COURTS_LEFT = _("Kings, queens and jacks left in the losers’ hands: %(n)s, worth %(points)s.")
SEVEN_ADDS = _("The last card laid is a seven: %(points)s more.")
SEVEN_REPLACES = _("The last card laid is a seven: the deal is worth %(points)s, whatever is left.")
DOUBLED_DEAL = _("%(seat)s doubled: the score counts twice.")
TRIPLED_DEAL = _("%(seat)s tripled: the score counts three times.")


def points(practice, vocab) -> dict:
    """Who went out, the aces and court cards left in the losers' hands, the seven, the
    double or triple."""
    state = practice.state
    rules = practice.rules
    points = state.points()
    if state.redealt:
        lines = [REDEAL % {"seat": seat_title(practice, state.redeal_by)}]
        return {"lines": lines, "rows": rows(practice, vocab, points)}
    winner = state.winner_side
    left = state.hands[1 - winner] | state.hands[3 - winner]
    aces = cards.count(left & scoring.ACES)
    courts = cards.count(left & scoring.COURTS)
    lines = [
        WENT_OUT
        % {
            "seat": seat_title(practice, state.winner_seat),
            "card": vocab.card_the(state.last_card),
            "side": vocab.side(winner),
        },
        ACES_LEFT % {"n": aces, "points": count(aces * rules.ace_points, "points")},
        COURTS_LEFT % {"n": courts, "points": count(courts * rules.court_points, "points")},
    ]
    if state.last_card % 13 == cards.SEVEN:
        pattern = SEVEN_REPLACES if rules.seven_out_bonus_mode == "replaces" else SEVEN_ADDS
        lines.append(pattern % {"points": count(rules.seven_out_bonus, "points")})
    if state.tripled_by is not None:
        lines.append(TRIPLED_DEAL % {"seat": seat_title(practice, state.tripled_by)})
    elif state.doubled_by is not None:
        lines.append(DOUBLED_DEAL % {"seat": seat_title(practice, state.doubled_by)})
    return {"lines": lines, "rows": rows(practice, vocab, points)}


def partners(rules) -> bool:
    return True  # Sab'at is always played by sides


# --- the match's sheet (``review.sheet``) ------------------------------------------------------


def row_label(practice, index: int, vocab) -> str:
    """Nothing beside a deal's number: every deal of the match is alike."""
    return ""


def row_after(practice, index: int, vocab, keys) -> None:
    """No line after a deal's row."""
    return None
