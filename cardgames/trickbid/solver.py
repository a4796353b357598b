"""The Tarneeb family with every hand open: the value of each card, and the deal's table.

Tarneeb's tricks are bridge's tricks (four hands of thirteen, follow suit, the highest trump
wins, else the highest card of the suit led, the winner leads), so Bo Haglund's double-dummy
solver (DDS, through ``endplay``) solves a Tarneeb position exactly once three things are
mapped:

- The seats. DDS always plays clockwise, N -> E -> S -> W. Where the rules play to the right
  (counter-clockwise, N -> W -> S -> E) East and West swap places: the engine's W goes to the
  solver's E and its E to the solver's W. Then the seat after each engine seat (to the right)
  is the solver's seat after the mapped one (clockwise), so every sequence of plays is the same
  sequence for both, and N-S and E-W stay partners (a swap inside one side). Who wins a trick
  depends on the cards alone, never on a seat, so each trick has the same winner and each side
  the same tricks: the game trees are the same tree, and the values are equal.
- The leader of the trick in progress, the trump (or none) and the cards already on the trick
  go to the solver as they are (mapped seats).
- The value: DDS counts the tricks still to come for the side to play, the trick in progress
  included; adding the tricks the side has won gives what it ends the deal with.

Tarneeb 41 (every player bids for themselves, ``scoring="each_bid"``) counts a seat's OWN tricks.
DDS only counts a side's (no mapping of seats makes one seat a side against three), so there
the value is a search of our own in paranoid form (:class:`OwnTricks`): the seat against the
other three, its partner too, so the value is unique: what the seat can make of its own
whatever the others do, the assumption the penalty family's analysis makes. It is exact up to
``EXACT_OWN`` cards a hand, and beyond wherever it ends within a budget; past that, a search
of the next trick or two and a stated count of sure tricks, said to be inexact
(:func:`open_analysis`). The partnership's double-dummy tricks stay at hand (``side_values``).
"""

import threading
from functools import cache
from importlib import import_module

from ..cards import HEARTS, SUITS, format_hand, suit_mask
from ..contract import Phase
from ..errors import BadInput
from ..table import PARTNERSHIPS, SEATS, Direction, E, N, S, W, next_seats, right_of, side_of
from .rules import table as parameters

NO_TRUMPS = "NT"
TRICKS = 13

# endplay calls DDS through ctypes, which lets go of the GIL, and always as DDS's thread 0: two
# threads of one process solving at once would share (and spoil) that thread's memory. One
# solve at a time per process (processes are separate): whoever calls endplay directly takes
# this lock too.
SOLVER_LOCK = threading.Lock()


@cache
def dds():
    """endplay's solver and types, loaded when first asked: loading DDS takes about a second,
    which a process that never solves a Tarneeb ending (a rule page, a penalty game) is spared."""
    return import_module("endplay.dds"), import_module("endplay.types")


# The solver's seat for each engine seat (and back: a swap is its own inverse), by direction.
SOLVER_SEAT = {Direction.CLOCKWISE: (N, E, S, W), Direction.RIGHT: (N, W, S, E)}


# -- the mapping ----------------------------------------------------------------------------


def _next_seats(state) -> tuple[int, ...]:
    return next_seats(Direction(parameters(state.rules)["direction"]))


def solver_seats(state) -> tuple[int, ...]:
    """Engine seat -> solver seat under the rules' direction (East and West swapped when the
    play goes to the right)."""
    return SOLVER_SEAT[Direction(parameters(state.rules)["direction"])]


def to_endplay(state):
    """The position as the solver's deal: the cards still held, the leader of the trick in
    progress (or the seat to lead), the trump, and the cards already on the trick."""
    seat_of = solver_seats(state)
    by_solver_seat = [""] * 4
    for seat, hand in enumerate(state.hands):
        by_solver_seat[seat_of[seat]] = format_hand(hand)
    trick = state.trick
    leader = trick[0][0] if trick else state.to_act
    types = dds()[1]
    deal = types.Deal("N:" + " ".join(by_solver_seat))
    deal.first = types.Player(seat_of[leader])
    deal.trump = types.Denom.nt if state.trump is None else types.Denom(state.trump)
    for _seat, card in trick:
        deal.play(_solver_card(card), from_hand=False)  # already out of the hand
    return deal


def _solver_card(card: int) -> str:
    return SUITS[card // 13] + format_hand(1 << card).replace(".", "")


def _engine_card(solved) -> int:
    # endplay's ranks are bits 2..14 (the two is 1 << 2); the engine's are 0..12.
    return int(solved.suit) * 13 + int(solved.rank).bit_length() - 3


# -- the values of the cards ----------------------------------------------------------------


def plays_for_itself(state) -> bool:
    """Tarneeb 41: every player bids, and scores, their own tricks."""
    return plays_for_itself_under(state.rules)


def plays_for_itself_under(rules) -> bool:
    """Whether ``rules`` have every player bid, and score, their own tricks (Tarneeb 41)."""
    return parameters(rules)["scoring"] == "each_bid"


def open_values(state, seat: int) -> dict[int, int]:
    """Every legal card of ``seat`` (the seat to act; card play only) -> with every hand open
    and best play by all from here, the tricks that seat's side ends the deal with in total (won
    already + still to come). Tarneeb 41: the seat's own tricks, the other three against it
    (exact up to ``EXACT_OWN`` cards a hand, estimated beyond: :func:`open_analysis`)."""
    return open_analysis(state, seat)[0]


def open_analysis(state, seat: int, try_exact: int | None = None) -> tuple[dict[int, int], bool]:
    """``open_values`` and whether they are exact: always for Tarneeb (DDS searches every
    continuation); for Tarneeb 41 where the ending is small enough to search to the end, or
    the search ends within ``try_exact`` trick starts (``own_analysis``)."""
    _check_turn(state, seat)
    if plays_for_itself(state):
        return own_analysis(state, seat, try_exact)
    return side_values(state, seat), True


def side_values(state, seat: int) -> dict[int, int]:
    """Each legal card of ``seat`` -> the tricks its side ends the deal with, double dummy."""
    _check_turn(state, seat)
    deal = to_endplay(state)
    with SOLVER_LOCK:
        solved = list(dds()[0].solve_board(deal))
    return _side_totals(state, solved)


def _side_totals(state, solved) -> dict[int, int]:
    """The solver's ``(card, tricks to come)`` as engine cards -> the side's tricks in all."""
    won = state.side_tricks()[side_of(state.to_act)]
    values = {_engine_card(card): won + tricks for card, tricks in solved}
    legal = state.legal_moves()
    if sorted(values) != legal:  # the solver and the engine disagree on the rules: never guess
        raise RuntimeError(f"solver's cards {sorted(values)} are not the legal {legal}")
    return values


def side_values_of_deals(states) -> list[dict[int, int]]:
    """``side_values`` of the seat to act in each of many positions (the deals a seat's view
    samples), solved in batches that DDS spreads over its threads: cheaper than one by one."""
    values = []
    for start in range(0, len(states), _BATCH):
        batch = states[start : start + _BATCH]
        deals = []
        for state in batch:
            _check_turn(state, state.to_act)
            deals.append(to_endplay(state))
        with SOLVER_LOCK:
            solved = [list(board) for board in dds()[0].solve_all_boards(deals)]
        values += [_side_totals(state, board) for state, board in zip(batch, solved, strict=True)]
    return values


_BATCH = 160  # DDS takes at most MAXNOOFBOARDS (200) boards a call


def _check_turn(state, seat: int) -> None:
    if state.phase != Phase.PLAY:
        raise BadInput("wrong_phase", phase=str(state.phase))
    if seat != state.to_act:
        raise BadInput("bad_seat", seat=SEATS[seat] if seat in range(4) else str(seat))


# -- the deal's table -------------------------------------------------------------------------


def dealt_hands(state) -> list[int]:
    """The four hands before the first card: the cards held plus every card each seat played."""
    hands = list(state.hands)
    for plays, _winner in state.tricks:
        for seat, card in plays:
            hands[seat] |= 1 << card
    for seat, card in state.trick:
        hands[seat] |= 1 << card
    return hands


def trumps_allowed(rules) -> list[int | None]:
    """The trumps the variant plays in: hearts only, or any suit and (where allowed) none."""
    p = parameters(rules)
    if p["trumps"] == "hearts":
        return [HEARTS]
    return [0, 1, 2, 3] + ([None] if p["no_trumps"] else [])


def first_leaders(state, side_seats) -> list[int]:
    """Who may lead the first trick for a side: its declarer (either seat of it, whoever wins
    the auction), or the seat the rules name (the dealer, or the dealer's right)."""
    how = parameters(state.rules)["first_lead"]
    if how == "dealer":
        return [state.dealer]
    if how == "dealer_right":
        return [right_of(state.dealer)]
    return list(side_seats)


def table(state) -> dict:
    """The deal's table with every hand open, from its start (the hands as dealt, put together
    again from the cards played: any phase, a finished deal too). Tarneeb: ``{"NS": {"S": n,
    ...}, "EW": {...}}``, the tricks each side takes in each trump the variant allows (``"NT"``
    where no trumps are), led by its declarer (the better of its two seats: the auction decides
    which), DDS's and exact. Tarneeb 41: ``{"N": n, ...}``, each seat's own tricks with hearts
    as trumps, the other three against it, from the lead the rules give: the bounded search's
    estimate (:func:`table_is_exact`)."""
    hands = dealt_hands(state)
    if plays_for_itself(state):
        leader = first_leaders(state, ())[0]
        return {
            SEATS[seat]: _own_from_lead(hands, HEARTS, state, leader, seat)[0] for seat in range(4)
        }
    seat_of = solver_seats(state)
    by_solver_seat = [""] * 4
    for seat, hand in enumerate(hands):
        by_solver_seat[seat_of[seat]] = format_hand(hand)
    with SOLVER_LOCK:
        solver, types = dds()
        dd = solver.calc_dd_table(types.Deal("N:" + " ".join(by_solver_seat)))
    result = {}
    for side, name in enumerate(PARTNERSHIPS):
        seats = [seat for seat in range(4) if side_of(seat) == side]
        result[name] = {
            _strain_name(trump): max(
                _side_tricks_led_by(dd, trump, seat_of[leader])
                for leader in first_leaders(state, seats)
            )
            for trump in trumps_allowed(state.rules)
        }
    return result


def table_is_exact(state) -> bool:
    """Tarneeb's table is DDS's, exact; Tarneeb 41's own tricks from a full deal are beyond
    the exact search (``EXACT_OWN`` cards a hand), so its table is the bounded search's."""
    return not plays_for_itself(state)


def _strain_name(trump: int | None) -> str:
    return NO_TRUMPS if trump is None else SUITS[trump]


def _side_tricks_led_by(dd, trump: int | None, solver_leader: int) -> int:
    # A DDS table names the declarer; the seat before the leader (clockwise, the solver's order)
    # declares, and that is the leader's opponent: the leader's side takes the rest.
    types = dds()[1]
    declarer = types.Player(solver_leader).prev()
    return TRICKS - dd[types.Denom.nt if trump is None else types.Denom(trump), declarer]


# -- Tarneeb 41: one seat against the other three ----------------------------------------------


def own_values(state, seat: int) -> dict[int, int]:
    """Each legal card of ``seat`` -> the tricks it ends the deal with, itself against the
    other three, every hand open (searched to the end in endings of up to ``EXACT_OWN`` cards
    a hand; see :func:`own_analysis`)."""
    return own_analysis(state, seat)[0]


def own_analysis(state, seat: int, try_exact: int | None = None) -> tuple[dict[int, int], bool]:
    """``own_values`` and whether they are exact. Up to ``EXACT_OWN`` cards a hand every
    ending is played to the end. Beyond, the same search is tried within ``try_exact`` trick
    starts (``EXACT_TRY`` by default: most positions of seven to nine cards a hand fit; 0 skips
    the try, for a review of a whole deal's cards); failing that, it plays out the trick in
    progress (and the next one too from fewer than ``DEEPER_BELOW`` cards a hand), then counts
    the seat's sure tricks (:meth:`OwnTricks.sure_tricks`): not exact."""
    held = state.hands[seat].bit_count()
    search = OwnTricks(state.hands, state.trump, _next_seats(state), seat)
    if held > EXACT_OWN:
        search.budget = EXACT_TRY if try_exact is None else try_exact
        try:
            return _own_after_each_card(state, search), True
        except SearchTooLong:
            search = _bounded(state.hands, state.trump, state, seat)
    return _own_after_each_card(state, search), search.exact


def _own_after_each_card(state, search: "OwnTricks") -> dict[int, int]:
    won = state.tricks_won[search.me]
    return {card: won + search.after_card(state.trick, card) for card in state.legal_moves()}


def _own_from_lead(hands, trump, state, leader: int, seat: int) -> tuple[int, bool]:
    search = _bounded(hands, trump, state, seat)
    return search.from_lead(leader, 0, TRICKS), search.exact


def _bounded(hands, trump, state, seat: int) -> "OwnTricks":
    search = OwnTricks(hands, trump, _next_seats(state), seat)
    held = hands[seat].bit_count()
    if held > EXACT_OWN:
        search.cut = held - (2 if held < DEEPER_BELOW else 1)
    return search


# Up to this many cards a hand, a seat's own tricks are searched to the end of the deal (the
# bench: a median of milliseconds, the worst a few tenths of a second; at seven a hand the
# worst took seconds). Beyond, the exact search is tried for EXACT_TRY trick starts (about
# 0.4 s of CPU: 8-12 us each; it finishes in 70% of positions of eight cards a hand, 60% of
# nine, a sixth of full deals), then the bounded search plays two tricks from fewer than
# DEEPER_BELOW cards a hand and one from more, within the budget at a full deal.
EXACT_OWN = 6
EXACT_TRY = 40_000
DEEPER_BELOW = 10


class SearchTooLong(Exception):
    """The exact search met its budget of trick starts."""


# For each card, the cards of its suit above it: two cards of one hand with no card still in
# play between them are the same card to every player (either takes or loses the same tricks).
_ABOVE = tuple(suit_mask(c // 13) & ~((2 << c) - 1) for c in range(52))


class OwnTricks:
    """Alpha-beta over the play: ``me`` takes the most tricks it can, the other three the
    fewest they can let it; a table of bounds at each trick's start, keyed by who holds which
    card still in play (in rank order, the ranks forgotten) and the leader: the tricks to come
    depend on nothing else."""

    def __init__(self, hands, trump: int | None, next_seat, me: int):
        self.hands = list(hands)
        self.trump = -1 if trump is None else trump
        self.next = next_seat
        self.me = me
        self.bounds: dict[tuple, tuple[int, int]] = {}
        self.suit_orders: dict[tuple, int] = {}
        # At a trick's start with this many cards a hand or fewer, count the sure tricks
        # instead of searching on (0: search every ending to the end, exact).
        self.cut = 0
        self.exact = True
        self.budget: int | None = None  # trick starts left to search, None: no limit

    def after_card(self, trick, card: int) -> int:
        """``me``'s tricks from here (the trick in progress included) once the seat to act
        plays ``card`` to ``trick`` (``(seat, card)`` so far), best play after it."""
        if not trick:
            seat = next(s for s in range(4) if self.hands[s] >> card & 1)
            return self._play(seat, card, -1, -1, -1, 0, 0, -1, TRICKS + 1)
        lead_seat, win = trick[0]
        win_seat, on_table = lead_seat, 0
        for seat, c in trick:
            on_table |= 1 << c
            if self._beats(c, win):
                win_seat, win = seat, c
        seat = self.next[trick[-1][0]]
        led = trick[0][1] // 13
        return self._play(seat, card, led, win_seat, win, len(trick), on_table, -1, TRICKS + 1)

    def _beats(self, card: int, win: int) -> bool:
        if card // 13 == win // 13:
            return card > win
        return card // 13 == self.trump

    def from_lead(self, leader: int, alpha: int, beta: int) -> int:
        """``me``'s tricks from a trick's start, ``leader`` to lead (fail-soft in the window)."""
        h = self.hands
        left = h[leader].bit_count()
        if not left:
            return 0
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                raise SearchTooLong
        if left <= self.cut:
            self.exact = False
            return self.sure_tricks(leader)
        key = self._shape(leader)
        lo, hi = self.bounds.get(key, (0, left))
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        value = self._best(leader, h[leader], -1, -1, -1, 0, 0, a, b)
        if value <= a:
            hi = value  # failed low: at most this
        elif value >= b:
            lo = value  # failed high: at least this
        else:
            lo = hi = value
        self.bounds[key] = (lo, hi)
        return value

    def sure_tricks(self, leader: int) -> int:
        """An estimate of ``me``'s tricks to come, from the top: in each suit the run of its
        cards above every other card still in play (an ace, then the king if it also holds it,
        ...); in trumps at least as many as it holds more than the longest other hand; in a
        plain suit no more than the shortest holding in it among the others that can ruff
        (their trumps take the rest). Blind to entries, finesses and endplays: the stated
        evaluation of the depth-bounded search, not a proof (on 85 positions of seven and
        eight cards a hand, 0.3 and 0.4 of a trick from the exact value per card, at most 2)."""
        h = self.hands
        me = self.me
        others = [h[s] for s in range(4) if s != me]
        trump_mask = _SUIT_MASKS[self.trump] if self.trump >= 0 else 0
        ruffers = [o for o in others if o & trump_mask]
        sure = 0
        for suit, mask in enumerate(_SUIT_MASKS):
            mine = h[me] & mask
            rest = (others[0] | others[1] | others[2]) & mask
            run = 0
            top = 1 << (13 * suit + 12)
            while top & mask and not top & rest:
                if top & mine:
                    run += 1
                top >>= 1
            if suit == self.trump:
                # Trumps longer than every other hand's win once theirs are gone.
                longest = max((o & mask).bit_count() for o in others)
                run = max(run, mine.bit_count() - longest)
            elif ruffers:
                run = min([run] + [(o & mask).bit_count() for o in ruffers])
            sure += run
        return min(sure, h[me].bit_count())

    def _shape(self, leader: int) -> tuple:
        """The key of a trick's start: who holds each card still in play, suit by suit in rank
        order, the ranks themselves forgotten (the cards gone make two positions with the same
        order the same position), and the leader. Each suit's order is worked out once."""
        h0, h1, h2, h3 = self.hands
        orders = self.suit_orders
        key = [leader]
        for shift in (0, 13, 26, 39):
            suit = (
                h0 >> shift & _SUIT,
                h1 >> shift & _SUIT,
                h2 >> shift & _SUIT,
                h3 >> shift & _SUIT,
            )
            order = orders.get(suit)
            if order is None:
                order = orders[suit] = _holders_in_order(*suit)
            key.append(order)
        return tuple(key)

    def _best(self, seat, legal, led, win_seat, win, n, on_table, alpha, beta) -> int:
        """The value of the best of ``legal`` for ``seat`` (the highest for ``me``, the lowest
        for the others), cut off once it falls outside the window."""
        mine = seat == self.me
        best = -1 if mine else TRICKS + 1
        for card in self._ordered(mine, self._choices(legal, on_table), win_seat, win, n):
            value = self._play(seat, card, led, win_seat, win, n, on_table, alpha, beta)
            if mine:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _choices(self, legal: int, on_table: int) -> list[int]:
        """One card of each run of ``legal`` (the highest), highest first."""
        h = self.hands
        live = h[0] | h[1] | h[2] | h[3] | on_table
        out = []
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            above = live & _ABOVE[c]
            if not (above & -above) & legal:
                out.append(c)
        out.reverse()
        return out

    def _ordered(self, mine: bool, choices: list[int], win_seat, win, n) -> list[int]:
        """The likeliest best cards first (the search cuts off sooner; the value is the same):
        a lead, high first; ``me`` following, its winners high first, then its lowest; the
        others, the lowest card that beats ``me`` when it is winning, else their lowest."""
        if n == 0:
            return choices
        beats = self._beats
        winners = [c for c in choices if beats(c, win)]
        losers = [c for c in reversed(choices) if not beats(c, win)]
        if mine:
            return winners + losers
        winners.reverse()
        return winners + losers if win_seat == self.me else losers + winners

    def _play(self, seat, card, led, win_seat, win, n, on_table, alpha, beta) -> int:
        """``seat`` plays ``card`` as the trick's card number ``n`` (from 0): ``me``'s tricks
        from then on."""
        h = self.hands
        h[seat] ^= 1 << card
        try:
            if n == 0:
                led, win_seat, win = card // 13, seat, card
            elif self._beats(card, win):
                win_seat, win = seat, card
            if n == 3:
                took = int(win_seat == self.me)
                return took + self.from_lead(win_seat, alpha - took, beta - took)
            nxt = self.next[seat]
            hand = h[nxt]
            legal = hand & _SUIT_MASKS[led] or hand
            on_table |= 1 << card
            return self._best(nxt, legal, led, win_seat, win, n + 1, on_table, alpha, beta)
        finally:
            h[seat] ^= 1 << card


_SUIT_MASKS = tuple(suit_mask(s) for s in range(4))
_SUIT = (1 << 13) - 1


def _holders_in_order(h0: int, h1: int, h2: int, h3: int) -> int:
    """The seats holding one suit's cards, from the two up, two bits each, after a leading 1."""
    m = h0 | h1 | h2 | h3
    order = 1
    while m:
        low = m & -m
        m ^= low
        order = order << 2 | (0 if h0 & low else 1 if h1 & low else 2 if h2 & low else 3)
    return order
