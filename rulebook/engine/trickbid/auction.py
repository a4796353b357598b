"""The auction's rule steps, shared by ``legal_moves()`` and ``play()``: one ordered list of
steps per call, each refusal named by the code of the step that refused it.

A mixin of :class:`~.deal.Deal`: it reads and moves on the deal's auction state (``bids``,
``high``, ``doubled``, ``redoubled``, ``passed``, ``quiet``) under the family parameters ``_p``.
"""

from functools import lru_cache

from ..cards import HEARTS
from .moves import (
    DOUBLE,
    NT,
    PASS,
    SUIT_BID,
    TRUMP,
    bid_level,
    bid_strain,
    classic_bid,
    egyptian_bid,
)
from .rules import table
from .scoring import Contract


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
        p = self._p
        # 1. A call: pass, double or bid (cards and trump calls wait for their phase).
        if move < 52 or move >= TRUMP:
            return "wrong_phase"
        # 2. Everyone bids where each player bids for themselves; the dealer forced to bid may
        #    not pass; anyone else may always pass.
        if move == PASS:
            if p["auction"] == "each":
                return "everyone_bids"
            return "must_bid" if self._dealer_forced() else None
        # 3. A double must pass its own steps (see _double_refused).
        if move == DOUBLE:
            return "cannot_double" if self._double_refused() else None
        # 4. The bid has the auction's form: a number, or (Egyptian) a number and a strain.
        if (p["auction"] == "egyptian") != (move >= SUIT_BID):
            return "wrong_bid_form"
        # 5. Between min_bid and max_bid tricks.
        if not p["min_bid"] <= bid_level(move) <= p["max_bid"]:
            return "bid_out_of_range"
        # 6. No trumps only where the table plays them.
        if not p["no_trumps"] and bid_strain(move) == NT:
            return "no_trumps_not_allowed"
        # 7. The forced dealer bids exactly min_bid.
        if self._dealer_forced() and bid_level(move) != p["min_bid"]:
            return "must_bid"
        # 8. A bid beats the standing one (one bid each: the dealer may match it); where each
        #    player bids for themselves, any bid stands.
        if self.high is not None and p["auction"] != "each":
            top = self.high[1]
            if move < top or (move == top and not self._may_match()):
                return "bid_too_low"
        return None

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
        if (self.high[0] - self.to_act) % 2 == 0:
            if self.doubled and p["redouble_allowed"]:
                return "already_doubled" if self.redoubled else None
            return "own_side"
        # d. Not doubled already.
        if self.doubled:
            return "already_doubled"
        return None

    def _trump_refused(self, move: int) -> str | None:
        # 1. The declarer names a strain now, nothing else.
        if not TRUMP <= move <= TRUMP + NT:
            return "wrong_phase"
        # 2. No trumps only where the table plays them.
        if move == TRUMP + NT and not self._p["no_trumps"]:
            return "no_trumps_not_allowed"
        return None

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
            nxt = (seat + self._step) % 4
            while self.passed >> nxt & 1:
                nxt = (nxt + self._step) % 4
            self.to_act = nxt
        elif auction in ("one_bid", "each"):
            if len(self.bids) == 4:
                return self._end_auction()
            self.to_act = (seat + self._step) % 4
        else:  # egyptian: over after a whole circuit without a bid
            if self.quiet == 4:
                return self._end_auction()
            self.to_act = (seat + self._step) % 4

    def _end_auction(self) -> None:
        p = self._p
        if p["auction"] == "each":
            # Every player has bid for themselves: too little in all throws the hand in.
            if sum(bid_level(m) for _, m in self.bids) < p["min_total_bids"]:
                self.phase, self.to_act, self.thrown_in = "over", None, True
                return
            self.trump = HEARTS
            self.phase = "play"
            self.to_act = self._first_leader(None)
            return
        if self.high is None:  # nobody bid: thrown in
            self.phase, self.to_act, self.thrown_in = "over", None, True
            return
        seat, move = self.high
        strain = bid_strain(move)
        if p["trumps"] == "hearts":
            strain = HEARTS
        if strain is None:  # plain bids: the declarer names trumps next
            self.contract = Contract(bid_level(move), None, seat, self.doubled, self.redoubled)
            self.phase = "trump"
            self.to_act = seat
            return
        self.trump = None if strain == NT else strain
        self.contract = Contract(bid_level(move), self.trump, seat, self.doubled, self.redoubled)
        self.phase = "play"
        self.to_act = self._first_leader(seat)

    def _first_leader(self, declarer: int | None) -> int:
        """Who leads the first trick: the declarer, the dealer, or the dealer's right."""
        how = self._p["first_lead"]
        if how == "dealer":
            return self.dealer
        if how == "dealer_right" or declarer is None:
            return (self.dealer - 1) % 4
        return declarer
