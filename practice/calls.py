"""The auction judged: in Tarneeb and Tarneeb 41, each of the learner's calls set against the
deal's double-dummy table (what each side, or in Tarneeb 41 each player, could take with every
hand open) and beside what the club and expert players would have called from the learner's
seat (the expert calls as the club player does: it searches the card play only).

    With every hand open, your side could make 9 in hearts; you passed at 8.

The table is the analysis's (``rulebook.analyses.judge_deal_table``: DDS for Tarneeb, exact;
the bounded search's estimate for Tarneeb 41's own tricks, said as "about"), the calls the
engine's record (each read as its typed move, ``move_view``: a bid's tricks and strain, a
double) and the computer players' decisions from the learner's own view.
"""

from django.utils.translation import gettext_lazy as _

from cardgames import analysis, bots
from cardgames.contract import Phase
from cardgames.games import game as described
from cardgames.table import PARTNERSHIPS, SEATS, side_of
from cardtable.words import attach_all, count, vocabulary
from rulebook import analyses

from .advice import sentence

# Tarneeb: the learner's side (``side``) in its best trump against the learner's call.
PASSED_UNDER = _(
    "With every hand open, your side could make %(tricks)s in %(strain)s; you passed at %(bid)s."
)
PASSED_FIRST = _(
    "With every hand open, your side could make %(tricks)s in %(strain)s; you passed before "
    "anyone bid."
)
PASSED_RIGHT = _(
    "With every hand open, your side could make at most %(tricks)s (in %(strain)s): passing "
    "was right."
)
BID_OVER = _(
    "With every hand open, your side could make at most %(tricks)s (in %(strain)s); you bid "
    "%(bid)s."
)
BID_MADE = _(
    "With every hand open, your side could make %(tricks)s in %(strain)s: your %(bid)s was on."
)
BID_UNDER = _(
    "With every hand open, your side could make %(tricks)s in %(strain)s; you stopped at %(bid)s."
)
DOUBLED_RIGHT = _(
    "With every hand open, %(side)s could make only %(tricks)s in %(strain)s: your double was "
    "right."
)
DOUBLED_WRONG = _(
    "With every hand open, %(side)s could make %(tricks)s in %(strain)s: their bid was on, and "
    "your double doubled their score."
)
# Tarneeb 41: the learner's own tricks, an estimate.
OWN_UNDER = _("With every hand open, you could take about %(tricks)s; you bid %(bid)s.")
OWN_OVER = _("With every hand open, you could take only about %(tricks)s; you bid %(bid)s.")
OWN_NONE = _("With every hand open, you could take no trick at all; you bid %(bid)s.")
OWN_RIGHT = _("With every hand open, you could take about %(tricks)s: your bid of %(bid)s fits.")
PARTNER_STANDS = _(
    "With every hand open, your side could make %(tricks)s in %(strain)s; your partner’s "
    "%(bid)s stood."
)
CLUB_SAME = _("The club and expert players would have called as you did.")
CLUB_OTHER = _("The club and expert players would have called: %(call)s.")


def judged(practice) -> list[dict] | None:
    """Each of the learner's calls in the deal, judged; None for a game without an auction or a
    double-dummy table (outside the Tarneeb family), for a deal without a call of the
    learner's, or when the table could not be worked out within the budget."""
    if not described(practice.game).family.bids or not analysis.has_table(practice.game):
        return None
    position = practice.position()
    try:
        table = analyses.judge_deal_table(practice.game, position)
    except analysis.Busy:
        return None
    if not table:
        return None
    vocab = vocabulary(practice.game)
    module = practice.module
    state = position.start_state()
    out = []
    for ply, (seat, move) in enumerate(zip(practice.actors, practice.moves, strict=True)):
        if state.phase == Phase.BIDDING and seat == practice.seat:
            club = bots.hint(
                practice.game,
                state,
                seat,
                deal_number=practice.deal_number,
                totals=practice.totals,
            )
            said = _said(vocab, state, seat, move, table)
            club_token = module.format_move(club.move)
            out.append(
                {
                    "at": ply + 1,
                    "call": vocab.move(module.format_move(move), Phase.BIDDING),
                    "judged": said,
                    "club": (
                        CLUB_SAME
                        if club.move == move
                        else CLUB_OTHER % {"call": vocab.move(club_token, Phase.BIDDING)}
                    ),
                    "why": sentence(practice.game, club.reason),
                }
            )
        state.push(move)
    return out or None


def _best(cells: dict) -> tuple[int, str]:
    """The most tricks in one row of the table and the strain it is made in (the suits
    before no trumps where they tie)."""
    strain = max(cells, key=lambda s: (cells[s], s != "NT"))
    return cells[strain], strain


def _said(vocab, state, seat: int, move: int, table: dict) -> str:
    """The sentence for ``move``, the learner's call in ``state``, against ``table``."""
    region = vocab.region
    called = state.move_view(move)
    if SEATS[seat] in table:  # Tarneeb 41: every player bids for themselves
        tricks, level = table[SEATS[seat]], called.bid
        mine = {"tricks": count(tricks, "tricks_obj", region), "bid": _bid(vocab, called)}
        pattern = OWN_OVER if level > tricks else OWN_UNDER if level < tricks else OWN_RIGHT
        pattern = OWN_NONE if tricks == 0 else pattern
        return str(pattern % mine)
    high = state.high
    standing = state.move_view(high[1]) if high is not None else None
    if called.kind == "double" and standing is not None:
        theirs = table[PARTNERSHIPS[side_of(high[0])]]
        tricks, strain = _in(theirs, standing)
        words = {
            "side": vocab.side(side_of(high[0])),
            "tricks": count(tricks, "tricks_obj", region),
            "strain": vocab.strain(strain),
        }
        right = tricks < standing.bid
        return str((DOUBLED_RIGHT if right else DOUBLED_WRONG) % words)
    ours = table[PARTNERSHIPS[side_of(seat)]]
    if called.kind == "bid":
        tricks, strain = _in(ours, called)
        level = called.bid
        pattern = BID_OVER if level > tricks else BID_UNDER if tricks > level else BID_MADE
        words = {"bid": _bid(vocab, called)}
    else:  # a pass
        tricks, strain = _best(ours)
        floor = state.rules.knobs().get("min_bid", 7)
        if standing is None:
            pattern = PASSED_FIRST if tricks >= floor else PASSED_RIGHT
        elif side_of(high[0]) == side_of(seat):
            pattern = PARTNER_STANDS if tricks >= standing.bid else PASSED_RIGHT
        else:
            pattern = PASSED_UNDER if tricks > standing.bid else PASSED_RIGHT
        words = {"bid": _bid(vocab, standing) if standing else ""}
    words.update(tricks=count(tricks, "tricks_obj", region), strain=vocab.strain(strain))
    return attach_all(str(pattern % words))


def _in(row: dict, bid) -> tuple[int, str]:
    """The tricks a row of the table makes in the strain ``bid`` (a typed move) names (an
    Egyptian bid), or in its best strain (a plain bid: its declarer names trumps after the
    auction)."""
    if bid.strain in row:
        return row[bid.strain], bid.strain
    return _best(row)


def _bid(vocab, bid) -> str:
    return vocab.bid(bid.token)
