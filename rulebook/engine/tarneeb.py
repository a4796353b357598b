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
  opponent's and it is not already doubled; there is no redouble (not stated: read as none);
  a new bid cancels the double. It multiplies by ``double_multiplier`` (2) what the bidding
  side wins or loses, kaboot and the 13 included, and not what the other side scores when the
  bid fails (``double_defenders`` False).
- Kaboot and the 13 apply the same way under the Egyptian auction: 13 tricks on a bid under 13
  score 13 + 3; a made 13 scores 26, a missed 13 costs 16 with the defenders' tricks doubled.
- A thrown-in deal scores nothing.
- ``Deal.hands`` are the cards still held; ``Deal.dealt`` the hands as dealt.
- Not combinable: one bid each with the Egyptian auction (the source describes one bid each
  with plain numbers), and the double outside the Egyptian auction.

Moves are ints (``engine/__init__``): cards ``0..51``; ``PASS`` (64), ``DOUBLE`` (65); a
classic bid of n tricks ``BID + n``; an Egyptian bid ``SUIT_BID + 8 * n + r`` where r ranks
the strain (0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 no trumps), so a higher bid is a
higher int; a trump call ``TRUMP + s`` with s in S, H, D, C order (as in ``cards``) and 4 for
no trumps. Tokens: ``7``..``13``, ``pass``, ``double``, ``7C``, ``9NT``, ``trump:S``, ``QS``.
An Egyptian bid and a card can share a token (``7C``), so :func:`parse_move` reads it by phase.

Illegal moves raise ``IllegalMove`` with the code of the rule step that refused them (details in
parentheses, JSON-friendly): ``wrong_phase`` (phase, move), ``not_your_turn`` (seat, to_act),
``already_passed`` / ``already_bid`` (seat; when ``play`` is told the seat), ``must_bid`` (seat,
bid), ``cannot_double`` (seat, reason: not_in_variant, no_bid, own_side, already_doubled),
``wrong_bid_form`` (bid, expected), ``bid_out_of_range`` (bid, min, max), ``bid_too_low`` (bid,
highest, by; ``may_match`` for the one-bid dealer), ``no_trumps_not_allowed`` (move),
``card_not_in_hand`` (card, seat), ``must_follow_suit`` (card, led_suit, held). Unreadable
input raises ``BadInput``: ``bad_move``, ``bad_deal``, ``bad_seat``; :func:`score_deal` also
``bad_bid``, ``bad_tricks``, ``bad_double``.

>>> from rulebook.engine import shuffle
>>> deal = new_deal(PRESETS["classic"], shuffle.deal("doc"), dealer=0)
>>> deal.phase, SEATS[deal.to_act], [format_move(m) for m in deal.legal_moves()]
('bidding', 'W', ['pass', '7', '8', '9', '10', '11', '12', '13'])
>>> deal = deal.play(parse_move("8")).play(PASS).play(PASS).play(PASS)
>>> deal.phase, deal.contract
('trump', Contract(bid=8, trump=None, declarer=3, doubled=False))
"""

import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import NamedTuple

from . import cards
from .cards import SUITS, card_code, cards_in, parse_card, suit_mask
from .errors import BadInput, IllegalMove
from .table import SEATS, Direction, next_seat
from .tricks import follow_suit, trick_winner

__all__ = [
    "ALL_MOVES",
    "BID",
    "DEFAULT_PRESET",
    "DOUBLE",
    "EXTRA_PARAMS",
    "PACK",
    "PASS",
    "PRESETS",
    "STRAINS",
    "SUIT_BID",
    "TRUMP",
    "Contract",
    "Deal",
    "Rules",
    "classic_bid",
    "describe",
    "egyptian_bid",
    "format_extra",
    "format_move",
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
TRICKS = 13  # tricks in a deal; a bid of all of them is "the 13"
NT = 4  # the no-trumps strain, after the four suits S, H, D, C (0..3)
STRAINS = ("S", "H", "D", "C", "NT")
AUCTIONS = ("classic", "egyptian", "one_bid")
DEAL_STYLES = ("one_at_a_time", "all_at_once")

PASS = 64
DOUBLE = 65
BID = 72  # classic bid of n tricks: BID + n, n in 1..13 (73..85)
SUIT_BID = 96  # Egyptian bid: SUIT_BID + 8 * n + rank of the strain (104..204)
TRUMP = 240  # the declarer's trump call: TRUMP + strain (240..244)

# The Egyptian rank of each strain (S, H, D, C, NT): clubs lowest, no trumps highest.
_RANK_OF_STRAIN = (3, 2, 1, 0, 4)
_STRAIN_OF_RANK = (3, 2, 1, 0, 4)


def classic_bid(tricks: int) -> int:
    return BID + tricks


def egyptian_bid(tricks: int, strain: int) -> int:
    """An Egyptian bid; ``strain`` is a suit (0..3, S H D C) or ``NT`` (4)."""
    return SUIT_BID + 8 * tricks + _RANK_OF_STRAIN[strain]


def trump_call(strain: int) -> int:
    return TRUMP + strain


def _is_classic_bid(move: int) -> bool:
    return BID + 1 <= move <= BID + TRICKS


def _is_egyptian_bid(move: int) -> bool:
    return SUIT_BID + 8 <= move <= SUIT_BID + 8 * TRICKS + 4 and (move - SUIT_BID) % 8 <= 4


def _is_bid(move: int) -> bool:
    return _is_classic_bid(move) or _is_egyptian_bid(move)


def _bid_level(move: int) -> int:
    return move - BID if move < SUIT_BID else (move - SUIT_BID) // 8


def _bid_strain(move: int) -> int | None:
    """The strain an Egyptian bid names (0..3 a suit, 4 no trumps); None for a classic bid."""
    return _STRAIN_OF_RANK[(move - SUIT_BID) % 8] if move >= SUIT_BID else None


def _is_move(move) -> bool:
    return (
        isinstance(move, int)
        and not isinstance(move, bool)
        and (
            0 <= move < 52 or move in (PASS, DOUBLE) or _is_bid(move) or TRUMP <= move <= TRUMP + NT
        )
    )


ALL_MOVES = tuple(m for m in range(256) if _is_move(m))  # every move int, of every phase


@dataclass(frozen=True)
class Rules:
    """One field per rule; the field name is the registry key."""

    # Bidding and play order, and the way the deal passes: to the right, or clockwise (left).
    direction: Direction = Direction.RIGHT
    # How the cards are dealt: "one_at_a_time" or "all_at_once". Recorded; changes nothing.
    deal_style: str = "one_at_a_time"
    # The lowest bid, in tricks (seven).
    min_bid: int = 7
    # The highest bid, in tricks (thirteen, all the tricks).
    max_bid: int = 13
    # "classic" (number only, a pass is final, ends when three have passed), "egyptian" (number
    # and suit, ends after a full circuit without a bid), "one_bid" (each seat speaks once).
    auction: str = "classic"
    # One bid each: the dealer, speaking last, takes the bid by matching the highest.
    dealer_may_match: bool = True
    # When the first three pass, the dealer must bid min_bid instead of throwing the hand in.
    dealer_forced: bool = False
    # After a throw-in (all four pass at their first turn) the same dealer deals again.
    throw_in_same_dealer: bool = True
    # The declarer may call no trumps (Egyptian: bid NT).
    no_trumps: bool = True
    # Points added to the 13 tricks of a kaboot on a bid under 13.
    kaboot_bonus: int = 3
    # A made bid of 13 scores this outright.
    grand_made_points: int = 26
    # A missed bid of 13 costs this (a missed bid under 13 costs the bid).
    grand_missed_cost: int = 16
    # On a missed 13 the other side scores its tricks times this.
    grand_missed_defender_multiplier: int = 2
    # Egyptian: a player may double when the last bid was an opponent's.
    double_allowed: bool = False
    # A double multiplies what the bidding side wins or loses by this.
    double_multiplier: int = 2
    # A double also multiplies what the other side scores when the bid fails (source: no).
    double_defenders: bool = False
    # The match ends when a side's line reaches this (31; 41, 51 or 61 by agreement).
    target: int = 31

    def __post_init__(self):
        object.__setattr__(self, "direction", Direction(self.direction))
        if self.auction not in AUCTIONS:
            raise ValueError(f"auction must be one of {AUCTIONS}")
        if self.deal_style not in DEAL_STYLES:
            raise ValueError(f"deal_style must be one of {DEAL_STYLES}")
        if not 1 <= self.min_bid <= self.max_bid <= TRICKS:
            raise ValueError("need 1 <= min_bid <= max_bid <= 13")
        if self.double_allowed and self.auction != "egyptian":
            raise ValueError("the double belongs to the Egyptian auction")
        if self.target < 1 or self.double_multiplier < 1:
            raise ValueError("target and double_multiplier must be positive")

    def as_dict(self) -> dict:
        """The rules as a JSON-friendly map, keyed by registry key."""
        out = asdict(self)
        out["direction"] = self.direction.value
        return out


PRESETS = {
    "classic": Rules(),
    "egyptian": Rules(auction="egyptian", double_allowed=True),
    "clockwise": Rules(direction=Direction.CLOCKWISE),
    "one-bid": Rules(auction="one_bid"),
    "dealer-forced": Rules(dealer_forced=True),
}
DEFAULT_PRESET = "classic"


class Contract(NamedTuple):
    """The bid won: ``trump`` is a suit, or None for no trumps (and, in the classic trump
    phase, before the declarer has named it: see ``Deal.strain``)."""

    bid: int
    trump: int | None
    declarer: int
    doubled: bool = False

    @property
    def side(self) -> int:
        return self.declarer % 2


def next_dealer(rules: Rules, dealer: int, thrown_in: bool = False) -> int:
    """Who deals next: the same dealer after a throw-in, else the next seat round the table."""
    if thrown_in and rules.throw_in_same_dealer:
        return dealer
    return next_seat(dealer, rules.direction)


# -- notation --------------------------------------------------------------------------------

_NUMBERED = re.compile(r"(\d{1,2})(NT|[SHDC])?")


def parse_move(token: str, phase: str | None = None) -> int:
    """Read a move token (any case). ``7C`` is a bid while bidding, else the seven of clubs.

    >>> [parse_move(t) for t in ("pass", "8", "10d", "trump:nt")]
    [64, 80, 34, 244]
    >>> format_move(parse_move("7c", phase="bidding")), format_move(parse_move("7c"))
    ('7C', '7C')
    """
    if not isinstance(token, str):
        raise BadInput("bad_move", move=str(token))
    text = token.strip().upper()
    if text == "PASS":
        return PASS
    if text == "DOUBLE":
        return DOUBLE
    if text.startswith("TRUMP:"):
        if text[6:] in STRAINS:
            return TRUMP + STRAINS.index(text[6:])
        raise BadInput("bad_move", move=token)
    numbered = _NUMBERED.fullmatch(text)
    if numbered:
        tricks, strain = int(numbered[1]), numbered[2]
        if strain is None:
            if 1 <= tricks <= TRICKS:
                return classic_bid(tricks)
            raise BadInput("bad_move", move=token)
        if phase != "bidding" and strain != "NT" and 2 <= tricks <= 10:
            return parse_card(text)
        if 1 <= tricks <= TRICKS:
            return egyptian_bid(tricks, STRAINS.index(strain))
        raise BadInput("bad_move", move=token)
    try:
        return parse_card(text)
    except BadInput:
        raise BadInput("bad_move", move=token) from None


def format_move(move: int) -> str:
    """The canonical token of a move."""
    if not _is_move(move):
        raise BadInput("bad_move", move=str(move))
    if move < 52:
        return card_code(move)
    if move == PASS:
        return "pass"
    if move == DOUBLE:
        return "double"
    if move >= TRUMP:
        return "trump:" + STRAINS[move - TRUMP]
    if move >= SUIT_BID:
        return f"{_bid_level(move)}{STRAINS[_bid_strain(move)]}"
    return str(move - BID)


# -- scoring ---------------------------------------------------------------------------------


def score_deal(rules: Rules, contract: Contract, side_tricks) -> tuple[int, int]:
    """The signed score of a played deal, (NS, EW): every special case lives here.

    >>> score_deal(Rules(), Contract(10, 0, 0), (7, 6))  # North bid 10, North-South won 7
    (-10, 6)
    >>> score_deal(Rules(), Contract(9, 0, 0), (13, 0))  # kaboot on a bid of 9
    (16, 0)
    """
    bid, _, declarer, doubled = contract
    if not (isinstance(bid, int) and rules.min_bid <= bid <= rules.max_bid):
        shown = bid if isinstance(bid, int) else str(bid)
        raise BadInput("bad_bid", bid=shown, min=rules.min_bid, max=rules.max_bid)
    if declarer not in range(4):
        raise BadInput("bad_seat", seat=str(declarer))
    if doubled and not rules.double_allowed:
        raise BadInput("bad_double")
    if (
        len(side_tricks) != 2
        or not all(isinstance(t, int) and 0 <= t <= TRICKS for t in side_tricks)
        or sum(side_tricks) != TRICKS
    ):
        raise BadInput("bad_tricks", tricks=list(side_tricks))
    side = declarer % 2
    won, theirs = side_tricks[side], side_tricks[1 - side]
    factor = rules.double_multiplier if doubled else 1
    if won >= bid:  # made: the bidding side scores, the other side nothing
        if bid == TRICKS:
            gain = rules.grand_made_points
        else:
            gain = won + (rules.kaboot_bonus if won == TRICKS else 0)
        ours, other = gain * factor, 0
    else:  # missed: the bidding side loses, the other side scores its tricks
        if bid == TRICKS:
            cost, other = rules.grand_missed_cost, theirs * rules.grand_missed_defender_multiplier
        else:
            cost, other = bid, theirs
        ours = -cost * factor
        if doubled and rules.double_defenders:
            other *= factor
    return (ours, other) if side == 0 else (other, ours)


# -- the deal --------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _calls(rules: Rules) -> tuple[int, ...]:
    """The candidate calls of an auction, sorted; the bidding steps decide which are legal."""
    if rules.auction == "egyptian":
        bids = [
            egyptian_bid(n, s) for n in range(rules.min_bid, rules.max_bid + 1) for s in range(5)
        ]
        return tuple(sorted([PASS, DOUBLE, *bids]))
    return (PASS, *(classic_bid(n) for n in range(rules.min_bid, rules.max_bid + 1)))


_TRUMP_CALLS = tuple(TRUMP + s for s in range(5))


class Deal:
    """One deal, from the first call to the last trick. ``play`` returns a new deal; ``push``
    moves this one on in place (the fast path for playouts). Both check the move against the
    phase's rule steps and raise IllegalMove, leaving the state as it was."""

    __slots__ = (
        "rules",  # the Rules played
        "dealer",  # seat
        "dealt",  # the four hands as dealt (tuple of bit sets, by seat)
        "hands",  # the cards each seat still holds (list of bit sets)
        "phase",  # "bidding", "trump", "play" or "over"
        "to_act",  # seat, or None once over
        "bids",  # the auction: (seat, move) in order, passes and doubles included
        "high",  # (seat, move) of the standing bid, or None
        "doubled",  # the standing bid is doubled
        "passed",  # bit set of seats that passed (final in the classic auction)
        "quiet",  # calls since the last bid (the Egyptian auction ends at four)
        "contract",  # Contract once the auction is won, else None
        "trump",  # trump suit, None for no trumps (or not yet named)
        "trick",  # the trick in progress: (seat, card) in play order
        "tricks",  # finished tricks: ((seat, card) x 4, winner)
        "tricks_won",  # per seat
        "history",  # every move so far
        "thrown_in",  # every player passed: nobody plays this deal
        "_step",  # +1 clockwise, -1 to the right
    )

    # -- reading the state --

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def last_trick(self) -> tuple | None:
        """The last finished trick, ``((seat, card) x 4, winner)``, or None."""
        return self.tricks[-1] if self.tricks else None

    @property
    def strain(self) -> str | None:
        """The contract's strain as a token (``S`` .. ``NT``), None before it is named."""
        if self.contract is None or self.phase == "trump":
            return None
        return "NT" if self.trump is None else SUITS[self.trump]

    def side_tricks(self) -> list[int]:
        t = self.tricks_won
        return [t[0] + t[2], t[1] + t[3]]

    def points(self) -> list[int]:
        """[NS, EW]: the tricks won so far; once over, the deal's signed score."""
        if self.phase != "over":
            return self.side_tricks()
        if self.thrown_in:
            return [0, 0]
        return list(score_deal(self.rules, self.contract, self.side_tricks()))

    def next_dealer(self) -> int:
        return next_dealer(self.rules, self.dealer, self.thrown_in)

    def legal_moves(self) -> list[int]:
        """Every legal move of the seat to act, sorted; empty only once the deal is over.

        The candidates that pass the phase's rule steps (the same steps ``play`` runs); in play,
        the cards that pass them are exactly the ``_playable`` mask of step 3.
        """
        phase = self.phase
        if phase == "play":
            return cards_in(self._playable())
        if phase == "bidding":
            return [m for m in _calls(self.rules) if self._call_refused(m) is None]
        if phase == "trump":
            return [m for m in _TRUMP_CALLS if self._trump_refused(m) is None]
        return []

    def is_legal(self, move: int) -> bool:
        return _is_move(move) and self._refused(move) is None

    def refusal(self, move: int, seat: int | None = None) -> IllegalMove | None:
        """Why ``move`` (by ``seat``, default the seat to act) is illegal, or None if it is legal.

        Raises BadInput for an int that is no move at all.
        """
        if not _is_move(move):
            raise BadInput("bad_move", move=str(move))
        if seat is not None and self.phase != "over" and seat != self.to_act:
            return self._out_of_turn(seat)
        code = self._refused(move)
        if code is None:
            return None
        return IllegalMove(code, **self._explain(code, move))

    # -- moving on --

    def copy(self, rules: Rules | None = None) -> "Deal":
        """A copy; with ``rules``, the same situation judged by other rules."""
        new = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.rules = rules or self.rules
        new.hands = self.hands[:]
        new.bids = self.bids[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new.history = self.history[:]
        return new

    def play(self, move: int, seat: int | None = None) -> "Deal":
        """A new deal after ``move`` (made by ``seat``, if given); this one is unchanged.

        IllegalMove names the rule step that refused the move."""
        if seat is not None and self.phase != "over" and seat != self.to_act:
            raise self._out_of_turn(seat)
        new = self.copy()
        new.push(move)
        return new

    def parse_move(self, token: str) -> int:
        return parse_move(token, self.phase)

    def push(self, move: int) -> None:
        """Make ``move`` in place; IllegalMove (this state unchanged) if a rule step refuses it."""
        if self.phase == "play" and type(move) is int and 0 <= move < 52:
            if not self._playable() >> move & 1:  # play steps 2 and 3 in one mask
                raise self.refusal(move)
        else:
            error = self.refusal(move)
            if error is not None:
                raise error
        self._apply(move)

    def _apply(self, move: int) -> None:
        """Make a move already found legal."""
        self.history.append(move)
        if move < 52:
            seat = self.to_act
            self.hands[seat] &= ~(1 << move)
            trick = self.trick
            trick.append((seat, move))
            if len(trick) < 4:
                self.to_act = (seat + self._step) % 4
                return
            winner = trick_winner(trick, self.trump)
            self.tricks_won[winner] += 1
            self.tricks.append((tuple(trick), winner))
            self.trick = []
            if len(self.tricks) == TRICKS:
                self.phase, self.to_act = "over", None
            else:
                self.to_act = winner
        elif move >= TRUMP:
            strain = move - TRUMP
            self.trump = None if strain == NT else strain
            self.contract = self.contract._replace(trump=self.trump)
            self.phase = "play"  # the declarer leads: to_act stays
        else:
            self._push_call(move)

    def _push_call(self, move: int) -> None:
        seat = self.to_act
        self.bids.append((seat, move))
        if move == PASS:
            self.passed |= 1 << seat
            self.quiet += 1
        elif move == DOUBLE:
            self.doubled = True
            self.quiet += 1
        else:
            self.high, self.doubled, self.quiet = (seat, move), False, 0
        auction = self.rules.auction
        if auction == "classic":
            passed = self.passed.bit_count()
            if passed == 4 or (passed == 3 and self.high is not None):
                return self._end_auction()
            nxt = (seat + self._step) % 4
            while self.passed >> nxt & 1:
                nxt = (nxt + self._step) % 4
            self.to_act = nxt
        elif auction == "one_bid":
            if len(self.bids) == 4:
                return self._end_auction()
            self.to_act = (seat + self._step) % 4
        else:  # egyptian: over after a whole circuit without a bid
            if self.quiet == 4:
                return self._end_auction()
            self.to_act = (seat + self._step) % 4

    def _end_auction(self) -> None:
        if self.high is None:  # nobody bid: thrown in
            self.phase, self.to_act, self.thrown_in = "over", None, True
            return
        seat, move = self.high
        strain = _bid_strain(move)
        if strain is None:  # classic bids: the declarer names trumps next
            self.contract = Contract(_bid_level(move), None, seat, self.doubled)
            self.phase = "trump"
        else:  # Egyptian: the bid named the trump
            self.trump = None if strain == NT else strain
            self.contract = Contract(_bid_level(move), self.trump, seat, self.doubled)
            self.phase = "play"
        self.to_act = seat

    # -- the rule steps: one ordered list per phase, shared by legal_moves() and play() --

    def _refused(self, move: int) -> str | None:
        phase = self.phase
        if phase == "play":
            return self._card_refused(move)
        if phase == "bidding":
            return self._call_refused(move)
        if phase == "trump":
            return self._trump_refused(move)
        return "wrong_phase"  # the deal is over

    def _dealer_forced(self) -> bool:
        """The first three passed and the dealer, forced, is to speak."""
        return self.rules.dealer_forced and self.high is None and len(self.bids) == 3

    def _call_refused(self, move: int) -> str | None:
        rules = self.rules
        # 1. A call: pass, double or bid (cards and trump calls wait for their phase).
        if move < 52 or move >= TRUMP:
            return "wrong_phase"
        # 2. The dealer forced to bid may not pass; anyone else may always pass.
        if move == PASS:
            return "must_bid" if self._dealer_forced() else None
        # 3. A double must pass its own steps (see _double_refused).
        if move == DOUBLE:
            return "cannot_double" if self._double_refused() else None
        # 4. The bid has the auction's form: a number, or (Egyptian) a number and a strain.
        if (rules.auction == "egyptian") != (move >= SUIT_BID):
            return "wrong_bid_form"
        # 5. Between min_bid and max_bid tricks.
        if not rules.min_bid <= _bid_level(move) <= rules.max_bid:
            return "bid_out_of_range"
        # 6. No trumps only where the table plays them.
        if not rules.no_trumps and _bid_strain(move) == NT:
            return "no_trumps_not_allowed"
        # 7. The forced dealer bids exactly min_bid.
        if self._dealer_forced() and _bid_level(move) != rules.min_bid:
            return "must_bid"
        # 8. A bid beats the standing one (one bid each: the dealer may match it).
        if self.high is not None:
            top = self.high[1]
            if move < top or (move == top and not self._may_match()):
                return "bid_too_low"
        return None

    def _may_match(self) -> bool:
        rules = self.rules
        return rules.auction == "one_bid" and rules.dealer_may_match and self.to_act == self.dealer

    def _double_refused(self) -> str | None:
        # a. Only where the variant doubles (the Egyptian auction).
        if not self.rules.double_allowed:
            return "not_in_variant"
        # b. There is a bid to double.
        if self.high is None:
            return "no_bid"
        # c. The last bid is an opponent's.
        if (self.high[0] - self.to_act) % 2 == 0:
            return "own_side"
        # d. Not doubled already (no redouble).
        if self.doubled:
            return "already_doubled"
        return None

    def _trump_refused(self, move: int) -> str | None:
        # 1. The declarer names a strain now, nothing else.
        if not TRUMP <= move <= TRUMP + NT:
            return "wrong_phase"
        # 2. No trumps only where the table plays them.
        if move == TRUMP + NT and not self.rules.no_trumps:
            return "no_trumps_not_allowed"
        return None

    def _playable(self) -> int:
        """The cards the seat to act may play: its hand, narrowed to the led suit if it has any."""
        trick = self.trick
        hand = self.hands[self.to_act]
        return follow_suit(hand, trick[0][1] // 13) if trick else hand

    def _card_refused(self, move: int) -> str | None:
        # 1. A card (the auction is over).
        if move >= 52:
            return "wrong_phase"
        # 2. A card the player holds.
        if not self.hands[self.to_act] >> move & 1:
            return "card_not_in_hand"
        # 3. Follow suit if you can; if you can't, anything.
        if not self._playable() >> move & 1:
            return "must_follow_suit"
        return None

    # -- explaining a refusal: the facts, JSON-friendly, never prose --

    def _out_of_turn(self, seat: int) -> IllegalMove:
        if self.phase == "bidding":
            auction = self.rules.auction
            if auction == "classic" and self.passed >> seat & 1:  # a pass is final
                return IllegalMove("already_passed", seat=SEATS[seat])
            spoke = [move for who, move in self.bids if who == seat]
            if auction == "one_bid" and spoke:  # one call each
                code = "already_passed" if spoke[0] == PASS else "already_bid"
                return IllegalMove(code, seat=SEATS[seat])
        return IllegalMove("not_your_turn", seat=SEATS[seat], to_act=SEATS[self.to_act])

    def _explain(self, code: str, move: int) -> dict:
        seat = SEATS[self.to_act] if self.to_act is not None else None
        token = format_move(move)
        if code == "wrong_phase":
            return {"phase": self.phase, "move": token}
        if code == "must_bid":
            return {"seat": seat, "bid": str(self.rules.min_bid)}
        if code == "cannot_double":
            return {"seat": seat, "reason": self._double_refused()}
        if code == "wrong_bid_form":
            form = "number_and_strain" if self.rules.auction == "egyptian" else "number"
            return {"bid": token, "expected": form}
        if code == "bid_out_of_range":
            return {"bid": token, "min": self.rules.min_bid, "max": self.rules.max_bid}
        if code == "no_trumps_not_allowed":
            return {"move": token}
        if code == "bid_too_low":
            high_seat, top = self.high
            details = {"bid": token, "highest": format_move(top), "by": SEATS[high_seat]}
            if self.rules.auction == "one_bid" and self.to_act == self.dealer:
                details["may_match"] = self.rules.dealer_may_match
            return details
        if code == "card_not_in_hand":
            return {"card": token, "seat": seat}
        if code == "must_follow_suit":
            led = self.trick[0][1] // 13
            held = self.hands[self.to_act] & suit_mask(led)
            example = cards.display_order(held)[0]
            return {"card": token, "led_suit": SUITS[led], "held": card_code(example)}
        return {"move": token}

    def __repr__(self) -> str:
        return (
            f"<tarneeb.Deal dealer={SEATS[self.dealer]} phase={self.phase} "
            f"to_act={SEATS[self.to_act] if self.to_act is not None else None} "
            f"moves={' '.join(format_move(m) for m in self.history)!r}>"
        )


def new_deal(rules: Rules, hands, dealer: int) -> Deal:
    """The deal before the first call: ``hands`` four bit sets by seat (N, E, S, W)."""
    if not isinstance(dealer, int) or dealer not in range(4):
        raise BadInput("bad_seat", seat=str(dealer))
    hands = cards.check_hands(hands, PACK)
    deal = Deal.__new__(Deal)
    deal.rules = rules
    deal.dealer = dealer
    deal.dealt = tuple(hands)
    deal.hands = hands
    deal.phase = "bidding"
    deal._step = rules.direction.step
    deal.to_act = (dealer + deal._step) % 4  # bidding opens next to the dealer
    deal.bids = []
    deal.high = None
    deal.doubled = False
    deal.passed = 0
    deal.quiet = 0
    deal.contract = None
    deal.trump = None
    deal.trick = []
    deal.tricks = []
    deal.tricks_won = [0, 0, 0, 0]
    deal.history = []
    deal.thrown_in = False
    return deal


# -- what positions and rule pages ask of a game module ----------------------------------------

EXTRA_PARAMS = ()  # Tarneeb positions need no query parameter beyond the spec's common ones


def position_start(rules: Rules, hands, dealer: int) -> Deal:
    """The state a position's moves replay from: the deal before the first call."""
    return new_deal(rules, hands, dealer)


def parse_extra(params) -> dict:
    return {}


def format_extra(extra: dict) -> dict:
    return {}


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
    from .score_sheet import Sheet  # score_sheet imports this module

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


def replay(rules: Rules, hands, dealer: int, tokens) -> Deal:
    """A deal after the move tokens; an error carries the index of the move that failed."""
    deal = new_deal(rules, hands, dealer)
    for index, token in enumerate(tokens):
        try:
            deal = deal.play(deal.parse_move(token) if isinstance(token, str) else token)
        except (BadInput, IllegalMove) as error:
            raise error.at_move(index) from None
    return deal
