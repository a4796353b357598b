"""The auction's rule steps, shared by ``legal_moves()``, ``play()`` and ``permission()``: one
ordered list of steps per call. A step decides with a ruling ``(allowed, code)``: the code of the
step that refused the call, or of the one that let it through.

A mixin of :class:`~.deal.Deal`: it reads and moves on the deal's auction state (``bids``,
``high``, ``doubled``, ``redoubled``, ``passed``, ``quiet``) under the family parameters ``_p``.
"""

from functools import lru_cache

from ..cards import HEARTS
from ..contract import Phase
from ..table import right_of, side_of
from .moves import (
    DOUBLE,
    NT,
    PASS,
    SUIT_BID,
    TRUMP,
    bid_level,
    bid_rank,
    bid_strain,
    classic_bid,
    egyptian_bid,
)
from .rules import table
from .scoring import Contract

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_TRUMP, _PLAY, _OVER = Phase.TRUMP, Phase.PLAY, Phase.OVER


@lru_cache(maxsize=64)
def candidate_calls(rules) -> tuple[int, ...]:
    """The calls an auction could allow, sorted; the bidding steps decide which are legal."""
    p = table(rules)
    levels = range(p["min_bid"], p["max_bid"] + 1)
    if p["auction"] == "egyptian":
        bids = [egyptian_bid(n, s) for n in levels for s in range(5)]
        return tuple(sorted([PASS, DOUBLE, *bids]))
    if p["auction"] == "each":
        return tuple(classic_bid(n) for n in levels)
    return (PASS, *(classic_bid(n) for n in levels))


class Auction:
    __slots__ = ()

    def _dealer_forced(self) -> bool:
        """The first three passed and the dealer, forced, is to speak."""
        return self._p["dealer_forced"] and self.high is None and len(self.bids) == 3

    def _call_refused(self, move: int) -> str | None:
        allowed, code = self._call_ruling(move)
        return None if allowed else code

    def _call_ruling(self, move: int) -> tuple[bool, str]:
        p = self._p
        # 1. A call: pass, double or bid (cards and trump calls wait for their phase).
        if move < 52 or move >= TRUMP:
            return False, "wrong_phase"
        # 2. Everyone bids where each player bids for themselves; the dealer forced to bid may
        #    not pass; anyone else may always pass.
        if move == PASS:
            if p["auction"] == "each":
                return False, "everyone_bids"
            return (False, "must_bid") if self._dealer_forced() else (True, "may_pass")
        # 3. A double must pass its own steps (see _double_refused).
        if move == DOUBLE:
            return (False, "cannot_double") if self._double_refused() else (True, "may_double")
        # 4. The bid has the auction's form: a number, or (Egyptian) a number and a strain.
        if (p["auction"] == "egyptian") != (move >= SUIT_BID):
            return False, "wrong_bid_form"
        # 5. Between min_bid and max_bid tricks.
        if not p["min_bid"] <= bid_level(move) <= p["max_bid"]:
            return False, "bid_out_of_range"
        # 6. No trumps only where the table plays them.
        if not p["no_trumps"] and bid_strain(move) == NT:
            return False, "no_trumps_not_allowed"
        # 7. The forced dealer bids exactly min_bid.
        if self._dealer_forced():
            if bid_level(move) != p["min_bid"]:
                return False, "must_bid"
            return True, "dealer_forced_bid"
        # 8. Where each player bids for themselves, any bid stands; elsewhere a bid beats the
        #    standing one (one bid each: the dealer may match it), or opens the bidding.
        if p["auction"] == "each":
            return True, "own_bid"
        if self.high is None:
            return True, "opening_bid"
        top = self.high[1]
        order = p["strain_order"]
        if bid_rank(move, order) > bid_rank(top, order):
            return True, "bid_beats"
        if move == top and self._may_match():
            return True, "dealer_may_match"
        return False, "bid_too_low"

    def _may_match(self) -> bool:
        p = self._p
        return p["auction"] == "one_bid" and p["dealer_may_match"] and self.to_act == self.dealer

    def _double_refused(self) -> str | None:
        p = self._p
        # a. Only where the variant doubles (the Egyptian auction).
        if not p["double_allowed"]:
            return "not_in_variant"
        # b. There is a bid to double.
        if self.high is None:
            return "no_bid"
        # c. The last bid is an opponent's; the bidding side may redouble where the rules
        #    allow it, once.
        if side_of(self.high[0]) == side_of(self.to_act):
            if self.doubled and p["redouble_allowed"]:
                return "already_doubled" if self.redoubled else None
            return "own_side"
        # d. Not doubled already.
        if self.doubled:
            return "already_doubled"
        return None

    def _trump_refused(self, move: int) -> str | None:
        allowed, code = self._trump_ruling(move)
        return None if allowed else code

    def _trump_ruling(self, move: int) -> tuple[bool, str]:
        # 1. The declarer names a strain now, nothing else.
        if not TRUMP <= move <= TRUMP + NT:
            return False, "wrong_phase"
        # 2. No trumps only where the table plays them.
        if move == TRUMP + NT and not self._p["no_trumps"]:
            return False, "no_trumps_not_allowed"
        return True, "names_trump"

    # -- moving the auction on --

    def _push_call(self, move: int) -> None:
        seat = self.to_act
        p = self._p
        self.bids.append((seat, move))
        if move == PASS:
            self.passed |= 1 << seat
            self.quiet += 1
        elif move == DOUBLE:
            if self.doubled:
                self.redoubled = True
            self.doubled = True
            self.quiet += 1
        else:
            self.high, self.quiet = (seat, move), 0
            if p["after_double"] == "new_bid_cancels":
                self.doubled = self.redoubled = False
        auction = p["auction"]
        if auction == "classic":
            passed = self.passed.bit_count()
            if passed == 4 or (passed == 3 and self.high is not None):
                return self._end_auction()
            after = self._next
            nxt = after[seat]
            while self.passed >> nxt & 1:
                nxt = after[nxt]
            self.to_act = nxt
        elif auction in ("one_bid", "each"):
            if len(self.bids) == 4:
                return self._end_auction()
            self.to_act = self._next[seat]
        else:  # egyptian: over after a whole circuit without a bid
            if self.quiet == 4:
                return self._end_auction()
            self.to_act = self._next[seat]

    def _end_auction(self) -> None:
        p = self._p
        if p["auction"] == "each":
            # Every player has bid for themselves: too little in all throws the hand in.
            if sum(bid_level(m) for _, m in self.bids) < p["min_total_bids"]:
                self.phase, self.to_act, self.thrown_in = _OVER, None, True
                return
            self.trump = HEARTS
            self.phase = _PLAY
            self.to_act = self._first_leader(None)
            return
        if self.high is None:  # nobody bid: thrown in
            self.phase, self.to_act, self.thrown_in = _OVER, None, True
            return
        seat, move = self.high
        strain = bid_strain(move)
        if p["trumps"] == "hearts":
            strain = HEARTS
        if strain is None:  # plain bids: the declarer names trumps next
            self.contract = Contract(bid_level(move), None, seat, self.doubled, self.redoubled)
            self.phase = _TRUMP
            self.to_act = seat
            return
        self.trump = None if strain == NT else strain
        self.contract = Contract(bid_level(move), self.trump, seat, self.doubled, self.redoubled)
        self.phase = _PLAY
        self.to_act = self._first_leader(seat)

    def _first_leader(self, declarer: int | None) -> int:
        """Who leads the first trick: the declarer, the dealer, or the dealer's right."""
        how = self._p["first_lead"]
        if how == "dealer":
            return self.dealer
        if how == "dealer_right" or declarer is None:
            return right_of(self.dealer)
        return declarer
