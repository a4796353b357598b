"""One deal of a penalty game: the pass, the exposures, thirteen tricks and the score.

Phases: ``pass`` (each seat chooses its cards one move at a time, starting after the dealer in
the direction of play; the cards change hands once all have chosen), ``expose`` (one seat at a
time from ``expose_order``; a seat acts while it holds an exposable card it has not exposed),
``play`` and ``over``. With exposures ``until_played`` there is no expose phase: the seat to
act may expose before playing its card.

The hot path (``legal_moves`` and ``push`` during play) works on ints and bit sets: the legal
cards are one mask (:meth:`Deal._play_mask`), kept until the next move so ``push`` never works
it out twice, and the trick is held in ints (the leader, the winning card and seat, the cards
in a four-slot list); ``trick`` and ``last_trick`` are built only when read.
"""

from collections.abc import Callable
from typing import Any, Final

from ..cards import (
    SUIT_BITS,
    SUIT_LISTS,
    card_code,
    cards_in,
    check_hands,
    suit_mask,
)
from ..contract import Permission, Phase
from ..errors import BadInput, IllegalMove
from ..table import SEATS, right_of
from .moves import EXPOSE, KEEP, PASS, format_move, move_view, parse_move
from .prepared import Table, table
from .rulings import FORCED_OPENING, judge, judge_play
from .scoring import (
    HEARTS_MASK,
    KEEP_LAST_EXEMPT,
)
from .view import penalty_table_view, penalty_view

# The phases bound once (C constants once compiled): ``Phase.PLAY`` looks the member up on
# the enum at every read.
_PASS: Final = Phase.PASS
_EXPOSE: Final = Phase.EXPOSE
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER

SUIT_MASKS: Final = tuple(suit_mask(s) for s in range(4))
# A suit's 13 bits -> its cards: listing a mask's cards is four look-ups.
_S: Final = SUIT_LISTS[0]
_H: Final = SUIT_LISTS[1]
_D: Final = SUIT_LISTS[2]
_C: Final = SUIT_LISTS[3]
_B: Final = SUIT_BITS
_PASS_OF = PASS.__add__  # a card -> the move choosing it to pass
HAND_SIZE: Final = 13


def new_deal(
    rules,
    hands,
    dealer: int,
    deal_number: int = 1,
    match_totals=(0, 0, 0, 0),
    start: str = "deal",
    exposed: int = 0,
    leader: int | None = None,
) -> "Deal":
    """The state at the start of a deal.

    ``start="deal"``: from the pass (the hands as dealt). ``start="play"``: the hands when trick
    play starts, with ``exposed`` the bit set of cards exposed (exposable cards held by someone).
    ``deal_number`` and ``match_totals`` (per seat, before this deal) place it in a match.
    ``leader``: the seat that leads the first trick (and is asked first to double) under
    ``opening_lead="leader"`` (Trix: the kingdom's owner); without it, the dealer.
    """
    if start not in ("deal", "play"):
        raise ValueError(f"start must be 'deal' or 'play', not {start!r}")
    if not isinstance(dealer, int) or not 0 <= dealer < 4:
        raise BadInput("bad_seat", seat=str(dealer))
    if leader is not None and (not isinstance(leader, int) or not 0 <= leader < 4):
        raise BadInput("bad_seat", seat=str(leader))
    if not isinstance(deal_number, int) or deal_number < 1:
        raise BadInput("bad_deal_number", deal_number=str(deal_number))
    totals = tuple(match_totals)
    if len(totals) != 4 or not all(isinstance(t, int) for t in totals):
        raise BadInput("bad_totals", reason="per_seat", expected=4)
    hands = check_hands(hands)
    t = table(rules)
    if exposed:
        if start == "deal":
            raise BadInput("bad_deal", reason="bad_exposed", card=card_code(cards_in(exposed)[0]))
        held = hands[0] | hands[1] | hands[2] | hands[3]
        wrong = exposed & ~(t.exposable & held)
        if wrong:
            raise BadInput("bad_deal", reason="bad_exposed", card=card_code(cards_in(wrong)[0]))

    d = Deal.__new__(Deal)
    d.rules = rules
    d._t = t
    d._nxt = t.nxt
    d.dealer = dealer
    d.deal_number = deal_number
    d.match_totals = totals
    d.hands = hands
    d.exposed = exposed
    d.passes = [0, 0, 0, 0]
    d.tricks_won = [0, 0, 0, 0]
    d.taken = [0, 0, 0, 0]
    d.history = []
    d.leader = None
    d._played = 0
    d._tb = 0
    d._tn = 0
    d._tc = [0, 0, 0, 0]
    d._lc = [0, 0, 0, 0]
    d._tl = d._ll = d._lw = -1
    d._led = -1
    d._wc = -1
    d._ws = -1
    d._done = 0
    d._force = 0
    d._order = ()
    d._step = 0
    d._final = None
    d._lm = -1
    # Whoever holds an exposed card at the start of play exposed it.
    d._exposers = sum(1 << s for s in range(4) if hands[s] & exposed)
    d._first = dealer if leader is None else leader
    d.priced = [0, 0, 0, 0]
    d.doubles = []
    d.phase = _PASS
    d.to_act = None
    if start == "play":
        d._start_play()
    elif t.pass_to[(deal_number - 1) & 3]:
        d._order = t.orders[t.nxt[dealer]]
        d.to_act = d._order[0]
    else:
        d._start_expose()
    return d


def _nth(cards: int, random: Callable[[], float]) -> int:
    """The ``int(random() * n)``-th lowest of the ``n`` cards of the bit set ``cards``: a card
    drawn with no list built."""
    k = int(random() * cards.bit_count())
    while k:
        cards &= cards - 1
        k -= 1
    return (cards & -cards).bit_length() - 1


class Deal:
    """One deal. Build it with ``new_deal``; ``play`` returns a new state, ``push`` changes this
    one in place.

    ``hands``: four bit sets; during the pass the chosen cards stay in hand (listed in ``passes``)
    until all four seats have chosen and the cards change hands at once. ``exposed``: bit set of
    exposed cards (Trix: the doubled ones). ``trick``: ``(seat, card)`` of the trick in progress;
    ``last_trick``: ``(cards, winner)`` of the last completed one. ``taken``: bit set of the cards
    each seat took; ``tricks_won``: their count. ``leader``: who led the first trick. ``history``:
    every move made, as ints.
    """

    __slots__ = (
        "rules",
        "dealer",
        "deal_number",
        "match_totals",
        "hands",
        "phase",
        "to_act",
        "exposed",
        "passes",
        "tricks_won",
        "taken",
        "history",
        "leader",
        "priced",
        "doubles",
        "_t",  # the rules' Table
        "_played",  # cards played this deal
        "_tb",  # cards of the trick in progress
        "_tn",  # how many
        "_tc",  # the trick's cards in play order (four slots)
        "_lc",  # the last trick's cards
        "_tl",  # who led the trick in progress
        "_ll",  # who led the last trick
        "_lw",  # who won it
        "_led",  # the suit led, -1 before the first card
        "_wc",  # the card winning the trick so far
        "_ws",  # its seat
        "_done",  # tricks completed
        "_force",  # the cards the opening lead must come from, 0 once led
        "_order",  # pass or exposure order
        "_step",  # position in that order
        "_final",  # the final score, once over
        "_lm",  # the legal card mask of to_act, -1 until worked out
        "_nxt",  # the next seat round the table, by seat
        "_exposers",  # the seats that have exposed a card (bit set)
        "_first",  # the seat told to lead (opening_lead "leader"): the kingdom's owner
    )
    rules: Any
    dealer: int
    deal_number: int
    match_totals: tuple
    hands: list[int]
    phase: str  # a Phase member, typed as the str it is: the hot path compares it as one
    to_act: Any  # the seat to act (an int), None once the deal is over
    exposed: int
    passes: list[int]
    tricks_won: list[int]
    taken: list[int]
    history: list[int]
    leader: Any  # int once play starts, None before
    priced: list[int]  # Trix: the priced tricks each seat took
    doubles: list  # Trix: (card, doubler, taker, leader) of each doubled card taken
    _t: Table
    _played: int
    _tb: int
    _tn: int
    _tc: list[int]
    _lc: list[int]
    _tl: int
    _ll: int
    _lw: int
    _led: int
    _wc: int
    _ws: int
    _done: int
    _force: int
    _order: tuple
    _step: int
    _final: list[int] | None
    _lm: int
    _nxt: tuple[int, ...]
    _exposers: int
    _first: int

    # --- phase changes ---------------------------------------------------------------------

    def pass_target(self, seat: int) -> int | None:
        """The seat ``seat`` passes to on this deal (None when there is no pass)."""
        targets = self._t.pass_to[(self.deal_number - 1) & 3]
        return targets[seat] if targets else None

    def _exchange(self) -> None:
        hands, passes = self.hands, self.passes
        new = [hands[s] & ~passes[s] for s in range(4)]
        targets = self._t.pass_to[(self.deal_number - 1) & 3]
        for seat in range(4):
            new[targets[seat]] |= passes[seat]
        self.hands = new

    def _start_expose(self) -> None:
        t = self._t
        if not t.exposable or not t.expose_before:
            self._start_play()
            return
        order = t.p["expose_order"]
        first = right_of(self.dealer) if order == "dealer_right" else self.dealer
        if order == "leader":
            first = self._first
        self.phase = _EXPOSE
        self._order = t.orders[first]
        self._step = -1
        self._next_exposer()

    def _next_exposer(self) -> None:
        """Move to the next seat in the exposure order that has something to expose."""
        mask = self._t.exposable & ~self.exposed
        step = self._step + 1
        while step < 4 and not self.hands[self._order[step]] & mask:
            step += 1
        if step == 4:
            self._start_play()
        else:
            self._step = step
            self.to_act = self._order[step]

    def _start_play(self) -> None:
        t = self._t
        self.phase = _PLAY
        self._order = ()
        how = t.first_lead if self.deal_number == 1 else t.later_lead
        if how in FORCED_OPENING:
            opening, allowed, _, _ = FORCED_OPENING[how]
            leader = 0
            while not self.hands[leader] >> opening & 1:
                leader += 1
            self._force = allowed
        elif how == "lowest_score":
            leader = self.lowest_seat(self.match_totals)
        elif how == "leader":
            leader = self._first
        else:
            leader = right_of(self.dealer)
        self.leader = leader
        self.to_act = leader
        self._lm = -1

    def lowest_seat(self, totals) -> int:
        """The seat with the lowest of ``totals``; a tie goes to the first tied seat counting
        from ``lowest_score_tie`` in the direction of play."""
        p = self._t.p
        origin = right_of(self.dealer) if p["lowest_score_tie"] == "dealer_right" else self.dealer
        low = min(totals)
        return next(s for s in self._t.orders[origin] if totals[s] == low)

    # --- legality --------------------------------------------------------------------------

    def _play_mask(self) -> int:
        """THE legality of a card play: the cards ``to_act`` may play, narrowed rule by rule
        (the same steps, in order, as ``rulings.judge_play`` walks for one card)."""
        seat: int = self.to_act  # unboxed once: the hot path indexes with it
        hand = self.hands[seat]
        t = self._t
        if self._tn == 0:
            # The opening lead that names a card (the J♥, the 2♣, a club).
            if self._force:
                return hand & self._force
            # No heart led before hearts are broken, unless the leader holds only hearts.
            if t.must_break and not self._played & t.break_mask:
                plain = hand & ~HEARTS_MASK
                if plain:
                    return plain
            return hand
        # Follow the suit led when you can.
        same = hand & SUIT_MASKS[self._led]
        if same:
            # Talbees: a listed card drops once a higher card of its suit is on the trick.
            drop = t.talbees & same
            if drop and self._wc > drop.bit_length() - 1:
                return drop
            return same
        # Void: no card that scores on the first trick, unless nothing else is held.
        if t.first_trick_guard and not self._done:
            safe = hand & ~t.first_trick_guard
            if safe:
                return safe
            return hand
        # Void, holding the Q♠ or the 10♦ where the discard is forced: throw one.
        forced = hand & t.forced
        return forced or hand

    def _play_refusal(self, c: int) -> IllegalMove:
        """Why card ``c`` (outside the legal mask) may not be played now."""
        ruling = judge_play(self, c, False)
        assert isinstance(ruling, IllegalMove)
        return ruling

    def _passable(self, seat: int) -> int:
        """The cards ``seat`` may still choose to pass."""
        free = self.hands[seat] & ~self.passes[seat]
        if self._t.keep_last:
            # A player keeps the last card of each suit held (AY), save the exempt cards.
            for suit_cards in SUIT_MASKS:
                left = free & suit_cards
                if left and not left & (left - 1) and not left & KEEP_LAST_EXEMPT:
                    free ^= left
        return free

    def _exposable(self, seat: int) -> int:
        """The cards ``seat`` may expose now (in the expose phase, or in play when exposures run
        until the card is played); at most one a seat where the rules say so."""
        t = self._t
        if t.expose_one and self._exposers >> seat & 1:
            return 0
        return self.hands[seat] & t.exposable & ~self.exposed

    def legal_moves(self) -> list[int]:
        """Every legal move of ``to_act``, ascending (empty once the deal is over)."""
        if self.phase == _PLAY:
            m = self._lm
            if m < 0:
                m = self._lm = self._play_mask()
            cards = [*_S[m & _B], *_H[m >> 13 & _B], *_D[m >> 26 & _B], *_C[m >> 39]]
            if self._t.expose_before:
                return cards
            return cards + [EXPOSE + c for c in cards_in(self._exposable(self.to_act))]
        if self.phase == _PASS:
            return list(map(_PASS_OF, cards_in(self._passable(self.to_act))))
        if self.phase == _EXPOSE:
            return [EXPOSE + c for c in cards_in(self._exposable(self.to_act))] + [KEEP]
        return []

    # --- moves -----------------------------------------------------------------------------

    def push(self, move: int) -> None:
        """Make ``move`` in place (IllegalMove leaves the state unchanged)."""
        if self.phase == _PLAY and 0 <= move < 52:
            m = self._lm
            if m < 0:
                m = self._play_mask()
            if not m >> move & 1:
                raise self._play_refusal(move)
            self._lay(move)
            return
        error = self.refusal(move)
        if error is not None:
            raise error
        if self.phase == _PASS:
            self._pass(move - PASS)
        else:
            self._push_expose(move)

    def _lay(self, move: int) -> None:
        """The one place a card changes the state: ``to_act`` plays ``move``, already found
        legal."""
        seat: int = self.to_act
        b = 1 << move
        self.hands[seat] ^= b
        self._played |= b
        self.history.append(move)
        self._lm = -1
        n = self._tn
        self._tc[n] = move
        if n == 0:
            self._led = move // 13
            self._wc = move
            self._ws = self._tl = seat
            self._tb = b
            self._tn = 1
            self._force = 0
            self.to_act = self._nxt[seat]
            return
        self._tb |= b
        # The highest card of the suit led takes the trick.
        if move > self._wc and move // 13 == self._led:
            self._wc = move
            self._ws = seat
        if n < 3:
            self._tn = n + 1
            self.to_act = self._nxt[seat]
            return
        self._end_trick()

    def refusal(self, move: int) -> IllegalMove | None:
        """Why ``move`` is illegal now (an ``IllegalMove`` to raise), or None if it is legal;
        the state is unchanged, so a caller asking about many moves copies nothing."""
        if self.phase == _PLAY and 0 <= move < 52:
            m = self._lm
            if m < 0:
                m = self._lm = self._play_mask()
            return None if m >> move & 1 else self._play_refusal(move)
        ruling = judge(self, move, False)
        return ruling if isinstance(ruling, IllegalMove) else None

    def permission(self, move: int) -> Permission | None:
        """The rule step that lets ``move`` through now, or None if it is illegal: the same
        walk over the steps as :meth:`refusal`, so the two never disagree."""
        ruling = judge(self, move, True)
        return ruling if isinstance(ruling, Permission) else None

    def permission_code(self, move: int) -> str | None:
        """``permission(move).code``, or None if ``move`` is illegal (the steps name the code
        and its facts together here: compiled, building them costs little)."""
        ruling = judge(self, move, True)
        return ruling.code if isinstance(ruling, Permission) else None

    def is_legal(self, move: int) -> bool:
        return self.refusal(move) is None

    def playout(self, random: Callable[[], float]) -> "Deal":
        """Play the deal out in place, every move drawn uniformly from the legal ones with
        ``random`` (a function returning a float in [0, 1), such as ``Random(seed).random``):
        the fast path for bots and benchmarks, the same rules as ``push``. The move drawn is
        the ``int(random() * n)``-th lowest of the ``n`` legal ones."""
        while self.phase == _PASS:
            self._pass(_nth(self._passable(self.to_act), random))
        while self.phase == _EXPOSE or (self.phase == _PLAY and not self._t.expose_before):
            legal = self.legal_moves()
            self.push(legal[int(random() * len(legal))])
        while self.to_act is not None:
            # A card drawn from the legal mask needs no check.
            self._lay(_nth(self._play_mask(), random))
        return self

    def _end_trick(self) -> None:
        winner = self._ws
        t = self._t
        self.taken[winner] |= self._tb
        self.tricks_won[winner] += 1
        if t.trix:
            self._price_trick(winner)
        self._ll, self._lw = self._tl, winner
        self._tc, self._lc = self._lc, self._tc
        self._tn = 0
        self._led = -1
        self._done += 1
        # Thirteen tricks, or (Trix) every priced card taken: the deal is over.
        if self._done == HAND_SIZE or (t.end_mask and self._played & t.end_mask == t.end_mask):
            self.phase = _OVER
            self.to_act = None
            self._final = t.scoring.score(self.taken, self.exposed, True, self.priced, self.doubles)
        elif t.each_trick_lowest:
            # The lowest total (the match so far and this deal's points) leads.
            now = t.scoring.score(self.taken, self.exposed, False)
            self.to_act = self.lowest_seat(
                [a + b for a, b in zip(self.match_totals, now, strict=True)]
            )
        else:
            # The winner leads the next trick.
            self.to_act = winner

    def _price_trick(self, winner: int) -> None:
        """Trix: count the trick if it is priced, and note each doubled card in it with who
        doubled it (who played it: a doubled card stays in its doubler's hand), who took it
        and who led."""
        t = self._t
        if not t.trick_needs_penalty or self._tb & t.scoring.trix_mask:
            self.priced[winner] += 1
        if self._tb & self.exposed:
            for i in range(4):
                c = self._tc[i]
                if self.exposed >> c & 1:
                    doubler = (self._tl + i * t.step) % 4
                    self.doubles.append((c, doubler, winner, self._tl))

    def _pass(self, c: int) -> None:
        """Choose card ``c`` to pass, already found legal; the cards change hands once the
        last seat has chosen."""
        seat: int = self.to_act
        self.passes[seat] |= 1 << c
        self.history.append(PASS + c)
        if self.passes[seat].bit_count() < self._t.pass_count:
            return
        self._step += 1
        if self._step < 4:
            self.to_act = self._order[self._step]
            return
        self._exchange()
        self._start_expose()

    def _push_expose(self, move: int) -> None:
        """Expose a card, or keep (``KEEP``): already found legal."""
        seat = self.to_act
        if move == KEEP:
            self.history.append(move)
            self._next_exposer()
            return
        b = 1 << (move - EXPOSE)
        self.exposed |= b
        self._exposers |= 1 << seat
        self.history.append(move)
        if self.phase == _EXPOSE and not self._exposable(seat):
            self._next_exposer()

    def play(self, move: int) -> "Deal":
        """A new state after ``move``; this one is unchanged."""
        new = self.copy()
        new.push(move)
        return new

    def copy(self, rules=None) -> "Deal":
        """A copy; with ``rules``, the same situation judged by other rules (the quiz's
        "what would the other variant allow")."""
        new = Deal.__new__(Deal)
        new.rules = self.rules
        new.dealer = self.dealer
        new.deal_number = self.deal_number
        new.match_totals = self.match_totals
        new.hands = self.hands[:]
        new.phase = self.phase
        new.to_act = self.to_act
        new.exposed = self.exposed
        new.passes = self.passes[:]
        new.tricks_won = self.tricks_won[:]
        new.taken = self.taken[:]
        new.history = self.history[:]
        new.leader = self.leader
        new.priced = self.priced[:]
        new.doubles = self.doubles[:]
        new._first = self._first
        new._t = self._t
        new._played = self._played
        new._tb = self._tb
        new._tn = self._tn
        new._tc = self._tc[:]
        new._lc = self._lc[:]
        new._tl = self._tl
        new._ll = self._ll
        new._lw = self._lw
        new._led = self._led
        new._wc = self._wc
        new._ws = self._ws
        new._done = self._done
        new._force = self._force
        new._order = self._order
        new._step = self._step
        new._final = self._final
        new._lm = self._lm
        new._nxt = self._nxt
        new._exposers = self._exposers
        if rules is not None:
            new.rules = rules
            new._t = table(rules)
            new._nxt = new._t.nxt
            new._lm = -1
        return new

    # --- reading the state -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def trick(self) -> list[tuple[int, int]]:
        """The trick in progress: ``(seat, card)`` in play order."""
        step = self._t.step
        return [((self._tl + i * step) % 4, self._tc[i]) for i in range(self._tn)]

    @property
    def last_trick(self) -> tuple[list[tuple[int, int]], int] | None:
        """The last completed trick, ``(cards, winner)``, or None."""
        if self._lw < 0:
            return None
        step = self._t.step
        return [((self._ll + i * step) % 4, self._lc[i]) for i in range(4)], self._lw

    @property
    def led_suit(self) -> int | None:
        """The suit of the trick in progress, None before its first card."""
        return None if self._led < 0 else self._led

    @property
    def played(self) -> int:
        """The bit set of cards played so far this deal."""
        return self._played

    def points(self) -> list[int]:
        """Penalty points taken so far; once over, the deal's final score (moon applied)."""
        if self._final is not None:
            return self._final[:]
        return self._t.scoring.score(self.taken, self.exposed, False, self.priced, self.doubles)

    def parse_move(self, token: str) -> int:
        """Read a move token as this deal's game does (its module's ``parse_move``)."""
        return parse_move(token, self._t.exposing)

    def view(self, seat: int) -> Any:
        """The public record ``seat``'s players read (``view.PenaltyTable``)."""
        return penalty_view(self, seat)

    def table_view(self, seen: Any = frozenset()) -> Any:
        """What the seats ``seen`` may see of this deal (a ``contract.TableView``)."""
        return penalty_table_view(self, seen)

    def format_move(self, move: int) -> str:
        """A move's token, as this deal's game writes it (its module's ``format_move``)."""
        return format_move(move, self._t.exposing)

    def move_view(self, move: int) -> Any:
        """``move`` described as a table shows it (a ``contract.Move``)."""
        return move_view(move, self._t.exposing)

    def touch(self, card: int) -> Any:
        """The move touching ``card`` of the hand makes now: choosing it to pass, playing it
        (None in the other phases)."""
        if self.phase == _PASS:
            return PASS + card
        return card if self.phase == _PLAY else None

    def deal_total(self) -> int:
        """What the whole deal is worth under the current exposures."""
        return self._t.scoring.deal_value(self.exposed)

    def moon_by(self) -> int | None:
        """The seat that shot the moon in a finished deal, else None."""
        if self.phase != _OVER:
            return None
        return self._t.scoring.moon_by(self.taken)

    def __repr__(self) -> str:
        seat = "-" if self.to_act is None else SEATS[self.to_act]
        return (
            f"<Deal {self.deal_number} phase={self.phase} to_act={seat} moves={len(self.history)}>"
        )
