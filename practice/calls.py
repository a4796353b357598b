"""The auction judged: in Tarneeb and Tarneeb 41, each of the learner's calls set against the
deal's double-dummy table (what each side, or in Tarneeb 41 each player, could take with every
hand open) and beside what the club and expert players would have called from the learner's
seat (the expert calls as the club player does: it searches the card play only).

    With every hand open, your side could make 9 in hearts; you passed at 8.

The table is the analysis's (``rulebook.analyses.judge_deal_table``: DDS for Tarneeb, exact;
the bounded search's estimate for Tarneeb 41's own tricks, said as "about"), the calls the
engine's record and the computer players' decisions from the learner's own view.
"""

from django.utils.translation import gettext_lazy as _

from cardtable.words import attach_all, count, vocabulary
from rulebook import analyses
from rulebook.engine import analysis, bots
from rulebook.engine.contract import Phase
from rulebook.engine.games import game as described
from rulebook.engine.table import PARTNERSHIPS, SEATS, side_of
from rulebook.engine.trickbid import moves as calls

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
    """Each of the learner's calls in the deal, judged; None outside the Tarneeb family, for a
    deal without a call of the learner's, or when the table could not be worked out within the
    budget."""
    if described(practice.game).family.name != "trickbid":
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
    if SEATS[seat] in table:  # Tarneeb 41: every player bids for themselves
        tricks, level = table[SEATS[seat]], calls.bid_level(move)
        mine = {"tricks": count(tricks, "tricks_obj", region), "bid": _bid(vocab, move)}
        pattern = OWN_OVER if level > tricks else OWN_UNDER if level < tricks else OWN_RIGHT
        pattern = OWN_NONE if tricks == 0 else pattern
        return str(pattern % mine)
    high = state.high
    if move == calls.DOUBLE and high is not None:
        theirs = table[PARTNERSHIPS[side_of(high[0])]]
        tricks, strain = _in(theirs, high[1])
        words = {
            "side": vocab.side(side_of(high[0])),
            "tricks": count(tricks, "tricks_obj", region),
            "strain": vocab.strain(strain),
        }
        right = tricks < calls.bid_level(high[1])
        return str((DOUBLED_RIGHT if right else DOUBLED_WRONG) % words)
    ours = table[PARTNERSHIPS[side_of(seat)]]
    if calls.is_bid(move):
        tricks, strain = _in(ours, move)
        level = calls.bid_level(move)
        pattern = BID_OVER if level > tricks else BID_UNDER if tricks > level else BID_MADE
        words = {"bid": _bid(vocab, move)}
    else:  # a pass
        tricks, strain = _best(ours)
        floor = state.rules.knobs().get("min_bid", 7)
        if high is None:
            pattern = PASSED_FIRST if tricks >= floor else PASSED_RIGHT
        elif side_of(high[0]) == side_of(seat):
            pattern = PARTNER_STANDS if tricks >= calls.bid_level(high[1]) else PASSED_RIGHT
        else:
            pattern = PASSED_UNDER if tricks > calls.bid_level(high[1]) else PASSED_RIGHT
        words = {"bid": _bid(vocab, high[1]) if high else ""}
    words.update(tricks=count(tricks, "tricks_obj", region), strain=vocab.strain(strain))
    return attach_all(str(pattern % words))


def _in(row: dict, bid: int) -> tuple[int, str]:
    """The tricks a row of the table makes in the strain ``bid`` names (an Egyptian bid), or
    in its best strain (a plain bid: its declarer names trumps after the auction)."""
    named = calls.bid_strain(bid)
    strain = calls.STRAINS[named] if named is not None else None
    if strain in row:
        return row[strain], strain
    return _best(row)


def _bid(vocab, move: int) -> str:
    return vocab.bid(calls.format_move(move))
