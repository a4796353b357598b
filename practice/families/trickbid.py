"""The practice review's words for a trick-and-bid deal: the contract and what it made (or
every player's own bid), and Tarneeb's score sheet with its debts; and what a mistake's words
ask of the family (who is a partner, whether a trick is won for the side)."""

from django.utils.translation import gettext_lazy as _

from cardgames.table import PARTNERSHIPS
from cardgames.trickbid.solver import plays_for_itself_under
from cardtable.words import count, vocabulary

from ..review import rows
from ..table import seat_title

# The computer players' reasons in the family's words, by code (a sentence that names a trick
# has one wording per region).
SENTENCES = {
    "bid_sure_tricks": _(
        "Bid %(bid)s: your hand counts %(tricks)s, and with your partner’s share that is "
        "enough for this bid."
    ),
    "pass_weak": _("Pass: your hand counts only %(tricks)s, too few to bid."),
    "let_bid_stand": _(
        "Pass: your side already holds the bid with %(bid)s; go over it only with tricks of "
        "your own to cover a higher one."
    ),
    "forced_bid": _("The rules make you bid: %(bid)s, the cheapest bid in your best suit."),
    "double_contract": _(
        "Double %(bid)s: your own high cards, %(tricks)s, and your partner’s usual share "
        "should beat it."
    ),
    "bid_own_tricks": _(
        "Bid %(bid)s, the tricks you count on alone (%(tricks)s): your partner’s tricks are "
        "your partner’s."
    ),
    "bid_double_carefully": _(
        "Bid %(bid)s, under your count of %(tricks)s: a bid this high wins or loses double."
    ),
    "bid_to_play": _(
        "Bid %(bid)s, one over your count of %(tricks)s: it brings the bids up to the total "
        "that plays the hand instead of throwing it in."
    ),
    "let_redeal": _(
        "Bid your count, %(bid)s: the bids are too far short of the total to play, so let "
        "the cards be dealt again."
    ),
    "call_trump": _("Name %(suit)s as trumps: it is your longest and strongest suit."),
    "draw_trumps": _(
        "Your side named the trumps: lead them early. %(card)s draws the trumps the "
        "opponents may still hold."
    ),
    "cash_winner": _("Cash %(card)s: no card still out can beat it in its suit."),
    "lead_long_suit": _("Lead low from your longest side suit, %(suit)s: %(card)s."),
    "no_overtake": _("Your partner’s card is taking the trick: do not overtake it. Play %(card)s."),
    "take_own_trick": _(
        "A trick counts for whoever takes it, and your partner has made their bid while you "
        "have not: take this one yourself, with %(card)s."
    ),
    "win_trick": _("Take the trick, as cheaply as it can be done: %(card)s."),
    "play_low": _(
        "Someone still plays after you, or you cannot win the trick: play low, %(card)s."
    ),
    "ruff": _(
        "You have none of the suit led: ruff with the lowest trump that takes the trick, %(card)s."
    ),
    "hold_trump": _(
        "Keep your trump for the declarer’s best card while your partner may still take "
        "this trick: throw %(card)s."
    ),
    "discard_low": _("You cannot take this trick: throw the lowest card of a side suit, %(card)s."),
    # The expert's: deals drawn from its own view, each played out to the end (rollouts).
    "best_by_analysis": _(
        "Play %(card)s: in %(deals)s that fit what you have seen, each played out to the end, "
        "it scores best for your side, and every other card gives up %(points)s or more "
        "across them."
    ),
}

THROWN_IN = _("Nobody bid: the hand was thrown in and scores nothing.")
CONTRACT = _("%(side)s bid %(bid)s, declared by %(seat)s, and took %(tricks)s.")
MADE = _("The bid is made: %(side)s score %(points)s.")
MISSED = _("The bid is missed: %(side)s lose %(points)s, and %(other)s score %(other_points)s.")
KABOOT = _("%(side)s took every trick: a kaboot.")
DOUBLED = _("The bid was doubled: what the bidding side wins or loses is multiplied by %(n)s.")
REDOUBLED = _("The bid was doubled and redoubled: what it wins or loses is multiplied by %(n)s.")
OWN_BID = _("bid %(bid)s, took %(tricks)s")


def points(practice, vocab) -> dict:
    """The contract and what it made, or every player's own bid; Tarneeb's sheet and debts."""
    state = practice.state
    points = state.points()
    if state.thrown_in:
        return {"lines": [THROWN_IN], "rows": rows(practice, vocab, points), **_sheet(practice)}
    if len(points) == 4:  # every player bids for themselves (Tarneeb 41)
        details = {
            s: OWN_BID
            % {
                "bid": vocab.bid(str(state.bid_of(s))),
                "tricks": count(state.tricks_won[s], "tricks_obj", vocab.region),
            }
            for s in range(4)
        }
        return {"lines": [], "rows": rows(practice, vocab, points, details)}
    contract = state.contract
    side = contract.side
    won = state.side_tricks()[side]
    words = {
        "side": vocab.side(side),
        "other": vocab.side(1 - side),
        "bid": vocab.bid(practice.module.format_move(state.high[1])),
        "seat": seat_title(practice, contract.declarer),
        "tricks": count(won, "tricks_obj", vocab.region),
    }
    lines = [CONTRACT % words]
    if contract.redoubled:
        lines.append(REDOUBLED % {"n": practice.rules.double_multiplier**2})
    elif contract.doubled:
        lines.append(DOUBLED % {"n": practice.rules.double_multiplier})
    if won == 13:
        lines.append(KABOOT % words)
    if points[side] >= 0:
        lines.append(MADE % {**words, "points": count(points[side], "points_obj")})
    else:
        other = count(points[1 - side], "points_obj")
        lost = count(-points[side], "points_obj")
        lines.append(MISSED % {**words, "points": lost, "other_points": other})
    return {"lines": lines, "rows": rows(practice, vocab, points), **_sheet(practice)}


def _sheet(practice) -> dict:
    """Tarneeb's score sheet after this deal: what each side writes and the debt it carries."""
    rows = practice.sheet
    if not rows or "debts" not in rows[-1]:
        return {}
    after = rows[-1]
    before = rows[-2] if len(rows) > 1 else {"totals": {k: 0 for k in PARTNERSHIPS}}
    vocab = vocabulary(practice.game)
    return {
        "written": [
            {
                "who": vocab.side(i),
                "score": after["points"][k],
                "entry": after["totals"][k] - before["totals"][k],
                "line": after["totals"][k],
                "debt": after["debts"][k],
            }
            for i, k in enumerate(PARTNERSHIPS)
        ]
    }


# --- a mistake told at its trick (``practice.mistakes``) ---------------------------------------


def partners(rules) -> bool:
    """The seat across is always a partner (in Tarneeb 41 too, though each bids alone)."""
    return True


def scoring_cards(state) -> None:
    """No card carries points: a trick counts as one."""
    return None


def won_for_side(rules) -> bool:
    """A trick is won for the side, but where every player bids alone (Tarneeb 41)."""
    return not plays_for_itself_under(rules)


# --- the match's sheet (``review.sheet``) ------------------------------------------------------


def row_label(practice, index: int, vocab) -> str:
    """Nothing beside a deal's number: every deal of the match is alike."""
    return ""


def row_after(practice, index: int, vocab, keys) -> None:
    """No line after a deal's row."""
    return None
