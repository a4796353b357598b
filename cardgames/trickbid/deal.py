"""One deal of a trick-and-bid game, from the first call to the last trick.

``play`` returns a new deal; ``push`` moves this one on in place (the fast path for
playouts). Both check the move against the phase's rule steps and raise IllegalMove, leaving
the state as it was. During play the legal cards are one mask (follow the suit led if you
can), the trick in progress is held in ints, and ``push`` checks a card once.
"""

from .. import cards
from ..cards import SUITS, card_code, cards_in, suit_mask
from ..contract import Permission, Phase
from ..errors import BadInput, IllegalMove
from ..table import SEATS, E, N, S, W, next_seats, orders_from
from .auction import Auction, candidate_calls
from .moves import DOUBLE, NT, PASS, TRICKS, TRUMP, bid_level, format_move, is_move, parse_move
from .moves import move_view as describe_move
from .rules import table
from .scoring import score_bids, score_deal
from .view import trickbid_table_view, trickbid_view

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_BIDDING, _TRUMP, _PLAY, _OVER = Phase.BIDDING, Phase.TRUMP, Phase.PLAY, Phase.OVER

SUIT_MASKS = tuple(suit_mask(s) for s in range(4))
_TRUMP_CALLS = tuple(TRUMP + s for s in range(5))


class Deal(Auction):
    """One deal. ``hands`` are the cards still held, ``dealt`` the hands as dealt; ``bids``
    the auction ``(seat, move)`` in order; ``trick`` the trick in progress ``(seat, card)``;
    ``tricks`` the finished ones ``(((seat, card) x 4), winner)``."""

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
        "redoubled",  # and redoubled
        "passed",  # bit set of seats that passed (final in the classic auction)
        "quiet",  # calls since the last bid (the Egyptian auction ends at four)
        "contract",  # Contract once the auction is won, else None
        "trump",  # trump suit, None for no trumps (or not yet named)
        "tricks",  # finished tricks: ((seat, card) x 4, winner)
        "tricks_won",  # per seat
        "history",  # every move so far
        "thrown_in",  # the hand was thrown in: nobody plays this deal
        "_next",  # the seat after each seat in the rules' direction (table.next_seats)
        "_order",  # the four seats in play order from each first seat (table.orders_from)
        "_p",  # the family parameters of the rules
        "_tc",  # the trick in progress: its cards in play order (four slots)
        "_tn",  # how many
        "_tl",  # its leader
        "_wc",  # the card winning it so far
        "_ws",  # its seat
    )
    # A trick-and-bid deal keeps no match: its number and the totals before it are the caller's.
    deal_number = None
    match_totals = None

    # -- reading the state --

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def trick(self) -> list[tuple[int, int]]:
        """The trick in progress: ``(seat, card)`` in play order."""
        n = self._tn
        return list(zip(self._order[self._tl][:n], self._tc[:n], strict=True))

    @property
    def last_trick(self) -> tuple | None:
        """The last finished trick, ``((seat, card) x 4, winner)``, or None."""
        return self.tricks[-1] if self.tricks else None

    @property
    def strain(self) -> str | None:
        """The trump strain as a token (``S`` .. ``NT``), None before it is named."""
        if self.phase in (_BIDDING, _TRUMP) or (self.contract is None and self.trump is None):
            return None
        return "NT" if self.trump is None else SUITS[self.trump]

    def view(self, seat: int):
        """The public record ``seat``'s players read (``view.TarneebTable``)."""
        return trickbid_view(self, seat)

    def table_view(self, seen=frozenset()):
        """What the seats ``seen`` may see of this deal (a ``contract.TableView``)."""
        return trickbid_table_view(self, seen)

    def format_move(self, move: int) -> str:
        return format_move(move)

    def move_view(self, move: int):
        """``move`` described as a table shows it (a ``contract.Move``)."""
        return describe_move(move)

    def touch(self, card: int) -> int | None:
        """The move touching ``card`` of the hand makes now: playing it, in the play."""
        return card if self.phase == _PLAY else None

    def side_tricks(self) -> list[int]:
        t = self.tricks_won
        return [t[N] + t[S], t[E] + t[W]]

    def next_dealer(self) -> int:
        """Who deals next: the same dealer after a throw-in (where the rules say so), else the
        next seat round the table."""
        if self.thrown_in and self._p["throw_in_same_dealer"]:
            return self.dealer
        return self._next[self.dealer]

    def bid_of(self, seat: int) -> int | None:
        """The number of tricks ``seat`` bid (its last bid), or None."""
        mine = [m for s, m in self.bids if s == seat and m not in (PASS, DOUBLE)]
        return bid_level(mine[-1]) if mine else None

    def points(self) -> list[int]:
        """Where every player bids for themselves, per seat: the tricks won so far, once over
        each player's signed score. Otherwise [NS, EW]: the tricks won so far; once over, the
        deal's signed score."""
        if self._p["scoring"] == "each_bid":
            if self.phase != _OVER:
                return self.tricks_won[:]
            if self.thrown_in:
                return [0, 0, 0, 0]
            return score_bids(self.rules, [self.bid_of(s) for s in range(4)], self.tricks_won)
        if self.phase != _OVER:
            return self.side_tricks()
        if self.thrown_in:
            return [0, 0]
        return list(score_deal(self.rules, self.contract, self.side_tricks()))

    def legal_moves(self) -> list[int]:
        """Every legal move of the seat to act, sorted; empty only once the deal is over.

        The candidates that pass the phase's rule steps (the same steps ``play`` runs); in play,
        the cards that pass them are exactly the ``_playable`` mask.
        """
        phase = self.phase
        if phase == _PLAY:
            return cards_in(self._playable())
        if phase == _BIDDING:
            return [m for m in candidate_calls(self.rules) if self._call_refused(m) is None]
        if phase == _TRUMP:
            return [m for m in _TRUMP_CALLS if self._trump_refused(m) is None]
        return []

    def is_legal(self, move: int) -> bool:
        return is_move(move) and self._refused(move) is None

    def permission(self, move: int) -> Permission | None:
        """The rule step that lets ``move`` through now, or None if it is illegal: the same
        walk over the phase's steps as :meth:`refusal`.

        Raises BadInput for an int that is no move at all.
        """
        if not is_move(move):
            raise BadInput("bad_move", move=str(move))
        allowed, code = self._ruling(move)
        return Permission(code, self._permit(code, move)) if allowed else None

    def permission_code(self, move: int) -> str | None:
        """``permission(move).code`` without its facts, or None if ``move`` is illegal."""
        if not is_move(move):
            raise BadInput("bad_move", move=str(move))
        allowed, code = self._ruling(move)
        return code if allowed else None

    def refusal(self, move: int) -> IllegalMove | None:
        """Why ``move`` by the seat to act is illegal, or None if it is legal (a move by
        another seat: :func:`out_of_turn`).

        Raises BadInput for an int that is no move at all.
        """
        if not is_move(move):
            raise BadInput("bad_move", move=str(move))
        code = self._refused(move)
        if code is None:
            return None
        return IllegalMove(code, **self._explain(code, move))

    # -- moving on --

    def copy(self, rules=None) -> "Deal":
        """A copy; with ``rules``, the same situation judged by other rules."""
        new = Deal.__new__(Deal)
        new.rules = self.rules
        new.dealer = self.dealer
        new.dealt = self.dealt
        new.hands = self.hands[:]
        new.phase = self.phase
        new.to_act = self.to_act
        new.bids = self.bids[:]
        new.high = self.high
        new.doubled = self.doubled
        new.redoubled = self.redoubled
        new.passed = self.passed
        new.quiet = self.quiet
        new.contract = self.contract
        new.trump = self.trump
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new.history = self.history[:]
        new.thrown_in = self.thrown_in
        new._next = self._next
        new._order = self._order
        new._p = self._p
        new._tc = self._tc[:]
        new._tn = self._tn
        new._tl = self._tl
        new._wc = self._wc
        new._ws = self._ws
        if rules is not None:
            new.rules = rules
            new._p = table(rules)
        return new

    def play(self, move: int) -> "Deal":
        """A new deal after ``move`` by the seat to act; this one is unchanged.

        IllegalMove names the rule step that refused the move."""
        new = self.copy()
        new.push(move)
        return new

    def pass_target(self, seat: int) -> None:
        """The trick-and-bid games pass no cards: nobody passes to anyone."""
        return None

    def parse_move(self, token: str) -> int:
        return parse_move(token, self.phase)

    def push(self, move: int) -> None:
        """Make ``move`` in place; IllegalMove (this state unchanged) if a rule step refuses it."""
        if self.phase == _PLAY and type(move) is int and 0 <= move < 52:
            if not self._playable() >> move & 1:
                raise self.refusal(move)
            self._play_card(move)
            return
        error = self.refusal(move)
        if error is not None:
            raise error
        self.history.append(move)
        if move >= TRUMP:
            strain = move - TRUMP
            self.trump = None if strain == NT else strain
            self.contract = self.contract._replace(trump=self.trump)
            self.phase = _PLAY
            self.to_act = self._first_leader(self.contract.declarer)
        else:
            self._push_call(move)

    def _play_card(self, move: int) -> None:
        """Play a card already found legal."""
        self.history.append(move)
        seat = self.to_act
        self.hands[seat] ^= 1 << move
        n = self._tn
        self._tc[n] = move
        if n == 0:
            self._tl = self._ws = seat
            self._wc = move
        else:
            # The highest trump wins; with no trump played, the highest card of the suit led.
            best = self._wc
            if move // 13 == best // 13:
                if move > best:
                    self._wc, self._ws = move, seat
            elif move // 13 == self.trump:
                self._wc, self._ws = move, seat
        if n < 3:
            self._tn = n + 1
            self.to_act = self._next[seat]
            return
        winner = self._ws
        self.tricks_won[winner] += 1
        self.tricks.append((tuple(zip(self._order[self._tl], self._tc, strict=True)), winner))
        self._tn = 0
        if len(self.tricks) == TRICKS:
            self.phase, self.to_act = _OVER, None
        else:
            self.to_act = winner

    # -- the rule steps: one ordered list per phase, shared by legal_moves() and play() --

    def _refused(self, move: int) -> str | None:
        allowed, code = self._ruling(move)
        return None if allowed else code

    def _ruling(self, move: int) -> tuple[bool, str]:
        phase = self.phase
        if phase == _PLAY:
            return self._card_ruling(move)
        if phase == _BIDDING:
            return self._call_ruling(move)
        if phase == _TRUMP:
            return self._trump_ruling(move)
        return False, "wrong_phase"  # the deal is over

    def _playable(self) -> int:
        """The cards the seat to act may play: its hand, narrowed to the led suit if it has any."""
        hand = self.hands[self.to_act]
        if not self._tn:
            return hand
        same = hand & SUIT_MASKS[self._tc[0] // 13]
        return same or hand

    def _card_ruling(self, move: int) -> tuple[bool, str]:
        # 1. A card (the auction is over).
        if move >= 52:
            return False, "wrong_phase"
        # 2. A card the player holds.
        hand = self.hands[self.to_act]
        if not hand >> move & 1:
            return False, "card_not_in_hand"
        # 3. The leader leads any card.
        if not self._tn:
            return True, "free_lead"
        # 4. Follow suit if you can; if you can't, anything (a trump, or any other card).
        led = self._tc[0] // 13
        if hand & SUIT_MASKS[led]:
            return (True, "follows_suit") if move // 13 == led else (False, "must_follow_suit")
        return True, "void_trump" if move // 13 == self.trump else "void_any"

    # -- explaining a refusal: the facts, JSON-friendly, never prose --

    def _out_of_turn(self, seat: int) -> IllegalMove:
        if self.phase == _BIDDING:
            auction = self._p["auction"]
            if auction == "classic" and self.passed >> seat & 1:  # a pass is final
                return IllegalMove("already_passed", seat=SEATS[seat])
            spoke = [move for who, move in self.bids if who == seat]
            if auction in ("one_bid", "each") and spoke:  # one call each
                code = "already_passed" if spoke[0] == PASS else "already_bid"
                return IllegalMove(code, seat=SEATS[seat])
        return IllegalMove("not_your_turn", seat=SEATS[seat], to_act=SEATS[self.to_act])

    def _explain(self, code: str, move: int) -> dict:
        p = self._p
        seat = SEATS[self.to_act] if self.to_act is not None else None
        token = format_move(move)
        if code == "wrong_phase":
            return {"phase": self.phase, "move": token}
        if code in ("must_bid", "everyone_bids"):
            return {"seat": seat, "bid": str(p["min_bid"])}
        if code == "cannot_double":
            return {"seat": seat, "reason": self._double_refused()}
        if code == "wrong_bid_form":
            form = "number_and_strain" if p["auction"] == "egyptian" else "number"
            return {"bid": token, "expected": form}
        if code == "bid_out_of_range":
            return {"bid": token, "min": p["min_bid"], "max": p["max_bid"]}
        if code == "no_trumps_not_allowed":
            return {"move": token}
        if code == "bid_too_low":
            high_seat, top = self.high
            details = {"bid": token, "highest": format_move(top), "by": SEATS[high_seat]}
            if p["auction"] == "one_bid" and self.to_act == self.dealer:
                details["may_match"] = p["dealer_may_match"]
            return details
        if code == "card_not_in_hand":
            return {"card": token, "seat": seat}
        if code == "must_follow_suit":
            led = self._tc[0] // 13
            held = self.hands[self.to_act] & suit_mask(led)
            example = cards.display_order(held)[0]
            return {"card": token, "led_suit": SUITS[led], "held": card_code(example)}
        return {"move": token}

    def _permit(self, code: str, move: int) -> dict:
        """The facts of a permission (the quiz's sentence says why the move is allowed)."""
        seat = SEATS[self.to_act]
        token = format_move(move)
        if code in ("may_pass", "may_double", "free_lead"):
            return {"seat": seat}
        if code in ("dealer_forced_bid", "own_bid"):
            return {"seat": seat, "bid": token}
        if code == "opening_bid":
            return {"bid": token}
        if code == "dealer_may_match":
            return {"highest": format_move(self.high[1]), "by": SEATS[self.high[0]]}
        if code == "bid_beats":
            return {"bid": token, "highest": format_move(self.high[1])}
        if code == "names_trump":
            strain = move - TRUMP
            return {"seat": seat, "trump": "NT" if strain == NT else SUITS[strain]}
        led = SUITS[self._tc[0] // 13]
        if code == "follows_suit":
            return {"card": token, "led_suit": led}
        if code == "void_trump":
            return {"seat": seat, "led_suit": led, "suit": SUITS[self.trump]}
        return {"seat": seat, "led_suit": led}  # void_any

    def __repr__(self) -> str:
        return (
            f"<{type(self).__module__}.Deal dealer={SEATS[self.dealer]} phase={self.phase} "
            f"to_act={SEATS[self.to_act] if self.to_act is not None else None} "
            f"moves={' '.join(format_move(m) for m in self.history)!r}>"
        )


def out_of_turn(deal: Deal, seat: int) -> IllegalMove | None:
    """Why ``seat`` may not move now although the deal is not over (it spoke already, or it is
    another seat's turn), or None when ``seat`` is to act or the deal is over."""
    if deal.phase == _OVER or seat == deal.to_act:
        return None
    return deal._out_of_turn(seat)


def new_deal(rules, hands, dealer: int) -> Deal:
    """The deal before the first call: ``hands`` four bit sets by seat (N, E, S, W)."""
    if not isinstance(dealer, int) or dealer not in range(4):
        raise BadInput("bad_seat", seat=str(dealer))
    hands = cards.check_hands(hands)
    p = table(rules)
    deal = Deal.__new__(Deal)
    deal.rules = rules
    deal._p = p
    deal.dealer = dealer
    deal.dealt = tuple(hands)
    deal.hands = hands
    deal.phase = _BIDDING
    deal._next = next_seats(p["direction"])
    deal._order = orders_from(p["direction"])
    deal.to_act = deal._next[dealer]  # bidding opens next to the dealer
    deal.bids = []
    deal.high = None
    deal.doubled = False
    deal.redoubled = False
    deal.passed = 0
    deal.quiet = 0
    deal.contract = None
    deal.trump = None
    deal.tricks = []
    deal.tricks_won = [0, 0, 0, 0]
    deal.history = []
    deal.thrown_in = False
    deal._tc = [0, 0, 0, 0]
    deal._tn = 0
    deal._tl = deal._ws = deal._wc = -1
    return deal


def replay(rules, hands, dealer: int, tokens) -> Deal:
    """A deal after the move tokens; an error carries the index of the move that failed."""
    deal = new_deal(rules, hands, dealer)
    for index, token in enumerate(tokens):
        try:
            deal = deal.play(deal.parse_move(token) if isinstance(token, str) else token)
        except (BadInput, IllegalMove) as error:
            raise error.at_move(index) from None
    return deal
