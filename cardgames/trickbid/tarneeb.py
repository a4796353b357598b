"""Tarneeb: the rules of the source 001 (a score-sheet app's guide) and its five variants.

Four players in two fixed partnerships, North-South and East-West, a 52-card pack, thirteen
cards each. Bidding opens at the dealer's right and goes round (to the right) as many times as
it takes: a bid is a number of tricks from seven to thirteen and must beat the last; a pass is
final for the hand. When all four pass at their first turn the hand is thrown in and the same
dealer deals again. When three have passed, the one left names trumps (or no trumps) and leads.
Follow suit if you can; the highest trump wins, else the highest card of the suit led; the
winner leads next. The deal passes to the right.

Scoring (one end-of-deal function, :func:`score_deal`): a made bid under 13 scores the tricks
won (kaboot, all 13 tricks on a bid under 13, adds 3); a made 13 scores 26; a missed bid under
13 costs the bid and the other side scores its tricks; a missed 13 costs 16 and the other side
scores double its tricks. The match ends when a side's line reaches the target (31; 41, 51 or
61 by agreement). The sheet with its carried debt is ``score_sheet``'s business.

Variants, each a :class:`Rules` field, combinable: the Egyptian auction (``auction``), play
and bidding clockwise (``direction``), one bid each (``auction="one_bid"``), the dealer forced
to bid when the first three pass (``dealer_forced``); dealt in one go (``deal_style``) is
recorded and changes nothing.

Readings taken where the source is open (each a parameter where tables could differ):

- Classic auction: a pass is final, so "all four pass at their first turn" is simply all four
  passing. When the first three pass, the dealer may still bid (and is declarer at once) or
  pass (thrown in). Nobody can raise his own standing bid: the turn only comes back to the
  high bidder after someone has bid over him.
- Direction: clockwise play also moves the deal to the left (the source runs "the whole game"
  clockwise). :func:`next_dealer` applies it.
- Throw-in: all four passing at their first turn throws the hand in; the next deal is by the
  same dealer (``throw_in_same_dealer``; False passes the deal on as usual).
- Dealer forced (``dealer_forced``): when the first three pass, the dealer may not pass and
  must bid exactly ``min_bid`` (the source: "must bid seven"); in the Egyptian auction, seven
  in any suit. Refused moves raise ``must_bid``.
- One bid each (``auction="one_bid"``): each seat speaks once; a bid must beat the highest so
  far, except that the dealer, speaking last, may match it and so take it over
  (``dealer_may_match``). A seat that bid or passed cannot speak again.
- Egyptian auction (``auction="egyptian"``): a bid names tricks and strain together; strains
  rank no trumps, spades, hearts, diamonds, clubs from the top, so 7C is the lowest and 13NT
  the highest call; an overcall is the same number in a higher strain or more tricks. Passing
  is not final. The bidding ends when a whole circuit (four calls in a row) goes by without a
  bid; a double does not count as a bid, so it does not restart the circuit. A bidder may
  overcall his own bid when it comes back to him (the source forbids this only under one bid
  each). A full first circuit of passes throws the hand in. The contract names the trump, so
  there is no trump phase; the declarer leads.
- Double (``double_allowed``, Egyptian only): a player may double when the last bid was an
  opponent's and it is not already doubled; there is no redouble (not stated: read as none;
  ``redouble_allowed`` lets the bidding side double a doubled bid once more, a redouble);
  a new bid cancels the double (not stated; ``after_double="double_kept"`` keeps the hand
  doubled whatever the final bid). It multiplies by ``double_multiplier`` (2) what the bidding
  side wins or loses, kaboot and the 13 included, and not what the other side scores when the
  bid fails (``double_defenders`` False).
- Kaboot and the 13 apply the same way under the Egyptian auction: 13 tricks on a bid under 13
  score 13 + 3; a made 13 scores 26, a missed 13 costs 16 with the defenders' tricks doubled.
- A thrown-in deal scores nothing.
- Other sources (tarneeb-regions.md) part from source 001 on points each a parameter:
  ``strain_order`` (Jawaker's Egyptian page ranks diamonds, hearts, spades, clubs; no trumps,
  which it does not mention, stays on top where played: the site's reading), ``made_scores``
  (one app scores the number bid, not the tricks taken; a kaboot keeps its points, the site's
  reading), ``defenders_score_made`` (some score the defenders' tricks on a made bid too; the
  two sides may then pass the target together: the higher line wins, equal lines play on,
  ``both_sides_over``).
- ``Deal.hands`` are the cards still held; ``Deal.dealt`` the hands as dealt.
- Not combinable: one bid each with the Egyptian auction (the source describes one bid each
  with plain numbers), and the double outside the Egyptian auction.

The deal, the auction, the tricks and the scoring are the trick-and-bid family's
(``trickbid``), shared with Tarneeb 41; this module is Tarneeb's rules, presets and its sheet.
Moves are the family's ints and tokens (``trickbid.moves``): ``7``..``13``, ``pass``,
``double``, ``7C``, ``9NT``, ``trump:S``, ``QS``; ``7C`` is read by phase.

Illegal moves raise ``IllegalMove`` with the code of the rule step that refused them (details in
parentheses, JSON-friendly): ``wrong_phase`` (phase, move), ``not_your_turn`` (seat, to_act),
``already_passed`` / ``already_bid`` (seat; from ``trickbid.deal.out_of_turn``), ``must_bid`` (seat,
bid), ``cannot_double`` (seat, reason: not_in_variant, no_bid, own_side, already_doubled),
``wrong_bid_form`` (bid, expected), ``bid_out_of_range`` (bid, min, max), ``bid_too_low`` (bid,
highest, by; ``may_match`` for the one-bid dealer), ``no_trumps_not_allowed`` (move),
``card_not_in_hand`` (card, seat), ``must_follow_suit`` (card, led_suit, held). Unreadable
input raises ``BadInput``: ``bad_move``, ``bad_deal``, ``bad_seat``; :func:`score_deal` also
``bad_bid``, ``bad_tricks``, ``bad_double``.

>>> from cardgames import shuffle
>>> from cardgames.table import SEATS
>>> deal = new_deal(PRESETS["classic"], shuffle.deal("doc"), dealer=0)
>>> deal.phase, SEATS[deal.to_act], [format_move(m) for m in deal.legal_moves()]
(<Phase.BIDDING: 'bidding'>, 'W', ['pass', '7', '8', '9', '10', '11', '12', '13'])
>>> deal = deal.play(parse_move("8")).play(PASS).play(PASS).play(PASS)
>>> deal.phase, deal.contract
(<Phase.TRUMP: 'trump'>, Contract(bid=8, trump=None, declarer=3, doubled=False, redoubled=False))
"""

from dataclasses import dataclass

from .. import cards
from ..table import Direction, next_seat
from .deal import Deal, new_deal, replay
from .family import FAMILY
from .moves import (
    ALL_MOVES,
    BID,
    DOUBLE,
    NT,
    PASS,
    STRAINS,
    SUIT_BID,
    TRICKS,
    TRUMP,
    classic_bid,
    egyptian_bid,
    format_move,
    parse_move,
    trump_call,
)
from .pages import EXTRA_PARAMS, STARTS, format_extra, parse_extra, position_start
from .rules import TrickRules, knob
from .score_sheet import Sheet
from .scoring import Contract, score_deal
from .sheet import TarneebSheet

__all__ = [
    "FAMILY",
    "ALL_MOVES",
    "BID",
    "DEFAULT_PRESET",
    "DOUBLE",
    "EXTRA_PARAMS",
    "NT",
    "PACK",
    "PASS",
    "PRESETS",
    "STARTS",
    "STRAINS",
    "SUIT_BID",
    "TOTALS",
    "TRICKS",
    "TRUMP",
    "Contract",
    "Deal",
    "Rules",
    "classic_bid",
    "describe",
    "egyptian_bid",
    "format_extra",
    "format_move",
    "match_after",
    "match_over",
    "new_deal",
    "next_dealer",
    "parse_extra",
    "parse_move",
    "position_start",
    "replay",
    "score_deal",
    "trump_call",
    "worked_example",
]

PACK = cards.PACK_52
TOTALS = "sides"  # a match's totals are the two sides' lines on the score sheet
AUCTIONS = ("classic", "egyptian", "one_bid")


@dataclass(frozen=True)
class Rules(TrickRules):
    """One field per rule; the field name is the registry key (the meanings are the family's,
    in ``trickbid.rules``)."""

    direction: Direction = knob("direction", Direction.RIGHT)
    deal_style: str = knob("deal_style", "one_at_a_time")
    min_bid: int = knob("min_bid", 7, 7)
    max_bid: int = knob("max_bid", 13, 13)
    auction: str = knob("auction", "classic", *AUCTIONS)
    dealer_may_match: bool = knob("dealer_may_match", True)
    dealer_forced: bool = knob("dealer_forced", False)
    throw_in_same_dealer: bool = knob("throw_in_same_dealer", True)
    no_trumps: bool = knob("no_trumps", True)
    kaboot_bonus: int = knob("kaboot_bonus", 3)
    grand_made_points: int = knob("grand_made_points", 26)
    grand_missed_cost: int = knob("grand_missed_cost", 16)
    grand_missed_defender_multiplier: int = knob("grand_missed_defender_multiplier", 2)
    double_allowed: bool = knob("double_allowed", False)
    double_multiplier: int = knob("double_multiplier", 2)
    double_defenders: bool = knob("double_defenders", False)
    target: int = knob("target", 31)
    # Readings the source does not state, switchable: see the module docstring.
    after_double: str = knob("after_double", "new_bid_cancels")
    redouble_allowed: bool = knob("redouble_allowed", False)
    # Where other sources part from source 001 (tarneeb-regions.md), each a table's choice.
    strain_order: str = knob("strain_order", "spades_high")
    made_scores: str = knob("made_scores", "tricks_taken")
    defenders_score_made: bool = knob("defenders_score_made", False)
    both_sides_over: str = knob("both_sides_over", "higher_total_wins")
    first_dealer: str = knob("first_dealer", "random")  # recorded only: a draw is random too


# The site's default, the places the sources tie a way of playing to (Lebanon's one bid each,
# Egypt's auction), then the mechanical forms source 001 lists, kept for tables and links that
# name them (each is also a house rule of any preset).
PRESETS = {
    "classic": Rules(),
    "lebanese": Rules(auction="one_bid"),
    "egyptian": Rules(auction="egyptian", double_allowed=True),
    "clockwise": Rules(direction=Direction.CLOCKWISE),
    "one-bid": Rules(auction="one_bid"),
    "dealer-forced": Rules(dealer_forced=True),
}
DEFAULT_PRESET = "classic"


def next_dealer(rules: Rules, dealer: int, thrown_in: bool = False) -> int:
    """Who deals next: the same dealer after a throw-in, else the next seat round the table."""
    if thrown_in and rules.throw_in_same_dealer:
        return dealer
    return next_seat(dealer, rules.direction)


# -- what positions and rule pages ask of a game module ----------------------------------------


def describe(rules: Rules) -> dict:
    """Numbers the rule pages quote, derived from the rules."""
    egyptian = rules.auction == "egyptian"
    return {
        "players": 4,
        "hand_size": TRICKS,
        "tricks": TRICKS,
        "min_bid": rules.min_bid,
        "max_bid": rules.max_bid,
        "lowest_call": f"{rules.min_bid}C" if egyptian else str(rules.min_bid),
        "highest_call": f"{rules.max_bid}NT" if egyptian else str(rules.max_bid),
        "kaboot_points": TRICKS + rules.kaboot_bonus,
        "kaboot_bonus": rules.kaboot_bonus,
        "grand_made_points": rules.grand_made_points,
        "grand_missed_cost": rules.grand_missed_cost,
        "grand_missed_defender_multiplier": rules.grand_missed_defender_multiplier,
        "double_multiplier": rules.double_multiplier,
        "target": rules.target,
    }


def worked_example(rules: Rules) -> dict:
    """The source's three deals on the score sheet, scored under ``rules``: East-West bid 8
    and win 8; North-South bid 10 and win 7; North-South bid 9 and win all 13."""
    sheet = Sheet(10**6)
    one = sheet.enter_deal(rules, 8, 1, 8)
    two = sheet.enter_deal(rules, 10, 0, 7)
    three = sheet.enter_deal(rules, 9, 0, 13)
    grand = score_deal(rules, Contract(rules.max_bid, None, 0), (11, 2))
    return {
        "example_first_entry": one.entries[1],
        "example_missed_cost": -two.scores[0],
        "example_defenders_entry": two.entries[1],
        "example_kaboot_score": three.scores[0],
        "example_paid_entry": three.entries[0],
        "example_ns_line": sheet.lines[0],
        "example_ew_line": sheet.lines[1],
        "example_ns_debt": sheet.debts[0],
        # a missed 13: North-South bid all thirteen and take 11
        "example_grand_ns": grand[0],
        "example_grand_ew": grand[1],
    }


def match_over(rules: Rules, totals) -> bool:
    """Whether a side's line (``totals``, the sheet's lines) has already won the match."""
    return TarneebSheet.resumed(rules, totals).standing.over


def match_after(rules: Rules, state, totals=(0, 0)) -> dict:
    """Where the match stands once ``state`` (a finished deal) is entered on the score sheet.

    A position's totals are the sheet's lines before the deal (whole numbers from zero up; a
    side's carried debt is the sheet's business, not the position's, so it is taken as none).
    The deal's signed score is entered as the sheet enters it: a miss writes 0 and a debt.
    """
    return TarneebSheet.resumed(rules, totals).record(state)
