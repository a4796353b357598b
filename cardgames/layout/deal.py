"""One deal of a layout game, from the announcements to the last card laid (the game's module
states the rules it plays: ``sabaat_al_deemin``, ``trix``).

``announce`` (one circuit, and the triple turns after it), ``play`` (the opening card, then a
card of the opening rank starts its suit's pile, or the next card up, or where piles build
down too the next card down, goes on the pile; a seat with no card to lay knocks), ``over``.

What a game's rules fix for the family (class attributes of its ``Rules``): ``PACK``,
``OPENING_RANK`` (Sab'at's seven, Trix's jack), ``BUILDS_DOWN`` (Trix: down to the two as well
as up to the ace), ``PLACES`` (False: the first seat out wins the deal for its side; True: play
goes on, out seats skipped, until three are out, and each seat scores by its place, Trix's
``place_points``), ``CODES`` (the rule steps' codes where the game names them otherwise:
Trix's rows and pass). Without an ``opening_card`` the deal's ``leader`` (the kingdom's owner; by
default the dealer) plays first.
"""

from ..cards import ACE, SUITS, TWO, card, card_code, cards_in, check_hands, parse_card
from ..contract import Move, Permission, Phase, TableView
from ..errors import BadInput, IllegalMove
from ..table import SEATS, across, next_seats, parse_seat, seats_from, side_of
from .moves import ANNOUNCEMENTS, DOUBLE, KNOCK, MAY, PASS, REDEAL, TRIPLE, WORDS, codes, move_view
from .moves import format_move as format_layout_move
from .moves import parse_move as parse_layout_move
from .scoring import ACES, KINGS, rank_mask, score_hand
from .view import layout_table_view, layout_view

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_ANNOUNCE, _PLAY, _OVER = Phase.ANNOUNCE, Phase.PLAY, Phase.OVER


class Deal:
    """One deal, from the announcements to the last card laid.

    ``hands`` are four bit sets indexed by seat (N, E, S, W); ``layout`` holds, for each suit
    (S, H, D, C), the highest card of its pile or None; ``laid`` is the bit set of the cards on
    the table. ``history`` lists the moves made, ``actors`` who made them.
    """

    __slots__ = (
        "rules",
        "dealer",
        "hands",
        "phase",
        "to_act",
        "layout",
        "laid",
        "multiplier",
        "doubled_by",
        "tripled_by",
        "redealt",
        "redeal_by",
        "winner_seat",
        "winner_side",
        "low",
        "out",
        "last_card",
        "warned",
        "history",
        "actors",
        "_open",
        "_opening",
        "_first",
        "_next",  # the seat after each seat in the rules' direction (table.next_seats)
        "_queue",
    )
    # A layout deal keeps no match: its number and the totals before it are the caller's.
    deal_number = None
    match_totals = None

    # --- state ---

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def one_card(self) -> list[int]:
        """The seats holding exactly one card."""
        return [s for s in range(4) if self.hands[s].bit_count() == 1]

    @property
    def triple_turn(self) -> bool:
        """Whether the player to act may only triple or pass (a turn after the circuit)."""
        return self.phase == _ANNOUNCE and not self._queue[0][1]

    def points(self) -> list[int]:
        """``[NS, EW]``: 0, 0 until the deal is over; then the deal's score for each side.
        With places (Trix): by seat, each seat's place points once it is out."""
        if self.rules.PLACES:
            return self.rules.place_score(self.out)
        out = [0, 0]
        if self.phase == _OVER and self.winner_side is not None:
            losers = 1 - self.winner_side
            cards = self.hands[losers] | self.hands[across(losers)]
            out[self.winner_side] = score_hand(self.rules, cards, self.last_card, self.multiplier)
        return out

    def pass_target(self, seat: int) -> None:
        """Sab'at Al-Deemin pass no cards: nobody passes to anyone."""
        return None

    def parse_move(self, token: str) -> int:
        """Read a move token (the game's ``parse_move``: its pack's cards and the words)."""
        return parse_layout_move(token, self.rules.PACK)

    def format_move(self, move: int) -> str:
        return format_layout_move(move)

    def move_view(self, move: int) -> Move:
        return move_view(move)

    def touch(self, card: int) -> int | None:
        """The move touching ``card`` of the hand makes now: laying it, in the play."""
        return card if self.phase == _PLAY else None

    def table_view(self, seen=frozenset()) -> TableView:
        """What the seats ``seen`` may see of this deal (every move is public)."""
        return layout_table_view(self, seen)

    def view(self, seat: int):
        """What ``seat`` may see of this deal (``views.LayoutTable``): every move is public."""
        return layout_view(self, seat)

    def copy(self, rules=None) -> "Deal":
        """A copy; with ``rules``, the same situation judged by other rules."""
        new = object.__new__(Deal)
        new.rules = rules or self.rules
        new.dealer = self.dealer
        new.hands = self.hands[:]
        new.phase = self.phase
        new.to_act = self.to_act
        new.layout = self.layout[:]
        new.laid = self.laid
        new.multiplier = self.multiplier
        new.doubled_by = self.doubled_by
        new.tripled_by = self.tripled_by
        new.redealt = self.redealt
        new.redeal_by = self.redeal_by
        new.winner_seat = self.winner_seat
        new.winner_side = self.winner_side
        new.low = self.low[:]
        new.out = self.out[:]
        new._first = self._first
        new.last_card = self.last_card
        new.warned = self.warned[:]
        new.history = self.history[:]
        new.actors = self.actors[:]
        new._open = self._open
        new._opening = self._opening
        new._next = self._next
        new._queue = self._queue[:]
        return new

    def __repr__(self) -> str:
        seat = "-" if self.to_act is None else SEATS[self.to_act]
        return f"<Deal {self.phase} to_act={seat} moves={len(self.history)}>"

    # --- legality: one ordered list of rules per phase, shared by legal_moves() and push() ---

    def _allowed_cards(self) -> int:
        """The cards the rules of the layout let anyone lay now (steps 2 and 3 below)."""
        allowed = self._open
        if not self.laid and self._opening is not None:
            allowed &= 1 << self._opening
        return allowed

    # Each step gives an IllegalMove (the move is refused), the code of the step that lets it
    # through (``why``) or None (legal, nothing asked): one walk serves ``refusal``,
    # ``permission_code`` and ``permission``, so they never disagree. The walk names the step
    # by its code alone; ``permission`` adds the facts (``_permit``) only when asked, so the
    # quiz, which walks whole deals asking for codes, builds no facts it does not read.

    def _judge_play(self, move: int, why: bool) -> IllegalMove | str | None:
        seat = self.to_act
        hand = self.hands[seat]
        if move == KNOCK:
            # 4. A player knocks when, and only when, no card of theirs can be laid.
            playable = hand & self._allowed_cards()
            if playable:
                refused = self.rules.CODES.get("cannot_knock", "cannot_knock")
                return IllegalMove(refused, seat=SEATS[seat], playable=codes(playable))
            return self.rules.CODES.get("must_knock", "must_knock") if why else None
        # 1. A player lays a card from their own hand.
        if not hand >> move & 1:
            return IllegalMove("card_not_in_hand", card=card_code(move), seat=SEATS[seat])
        # 2. The holder of the opening card opens with it, before any other card.
        if not self.laid and self._opening is not None:
            if move == self._opening:
                return "opens_with" if why else None
            return IllegalMove(
                "must_open_seven_of_diamonds", card=card_code(move), needs=card_code(self._opening)
            )
        # 3. Then a card of the opening rank starts its suit's pile, or the next card up (or
        # down, where piles build down) goes on the pile.
        if not self._open >> move & 1:
            suit = move // 13
            top = self.layout[suit]
            rules = self.rules
            if rules.BUILDS_DOWN:
                # Trix: a row takes its jack, or a card next to either end.
                fits = self._open & (0x1FFF << 13 * suit)
                return IllegalMove(
                    "not_next_in_row", card=card_code(move), suit=SUITS[suit], fits=codes(fits)
                )
            if top is None:
                needs = card_code(card(rules.OPENING_RANK, suit))
            elif top % 13 == ACE:
                needs = None  # the pile is complete
            else:
                needs = card_code(top + 1)
            return IllegalMove(
                "not_playable_on_layout",
                card=card_code(move),
                suit=SUITS[suit],
                top=None if top is None else card_code(top),
                needs=needs,
            )
        if not why:
            return None
        code = "starts_pile" if move % 13 == self.rules.OPENING_RANK else "next_on_pile"
        return self.rules.CODES.get(code, code)

    def _announce_refusal(self, move: int) -> IllegalMove | None:
        return self._judge_announce(move, False)  # unasked why: a refusal or None

    def _judge_announce(self, move: int, why: bool) -> IllegalMove | str | None:
        rules = self.rules
        seat, circuit = self._queue[0]
        allowed = MAY[move] if why else None
        # 1. Passing (nothing to announce) is always allowed.
        if move == PASS:
            return allowed
        if move == REDEAL:
            # 2. A redeal: the rules allow it, on the player's circuit turn, with three kings
            # or three aces in hand.
            hand = self.hands[seat]
            kings, aces = (hand & KINGS).bit_count(), (hand & ACES).bit_count()
            reason = None
            if not rules.redeal_on_three:
                reason = "not_allowed"
            elif not circuit:
                reason = "triple_turn"
            elif kings < 3 and aces < 3:
                reason = "fewer_than_three"
            if reason:
                return IllegalMove(
                    "cannot_redeal", seat=SEATS[seat], reason=reason, kings=kings, aces=aces
                )
            return allowed
        if move == DOUBLE:
            # 3. A double: the rules allow it, once a deal, on a circuit turn.
            reason = None
            if not rules.double_allowed:
                reason = "not_allowed"
            elif self.doubled_by is not None:
                reason = "already_doubled"
            elif not circuit:
                reason = "triple_turn"
            if reason:
                return IllegalMove("cannot_double", seat=SEATS[seat], reason=reason)
            return allowed
        # 4. A triple: the rules allow it, after a double by an opponent, once a deal.
        reason = None
        if not rules.triple_allowed:
            reason = "not_allowed"
        elif self.doubled_by is None:
            reason = "no_double"
        elif self.tripled_by is not None:
            reason = "already_tripled"
        elif side_of(self.doubled_by) == side_of(seat):
            reason = "partner_doubled"
        if reason:
            return IllegalMove("cannot_triple", seat=SEATS[seat], reason=reason)
        return allowed

    def _judge(self, move: int, why: bool) -> IllegalMove | str | None:
        if not isinstance(move, int) or move not in WORDS and not 0 <= move < 52:
            raise BadInput("bad_move", move=move)
        if self.phase == _PLAY and (move == KNOCK or move < 52):
            return self._judge_play(move, why)
        if self.phase == _ANNOUNCE and move in ANNOUNCEMENTS:
            return self._judge_announce(move, why)
        return IllegalMove("wrong_phase", phase=self.phase, move=format_layout_move(move))

    def refusal(self, move: int) -> IllegalMove | None:
        """Why ``move`` is illegal now (an ``IllegalMove`` to raise), or None if it is legal."""
        return self._judge(move, False)  # unasked why, a step refuses or says nothing

    def permission_code(self, move: int) -> str | None:
        """The code of the rule step that lets ``move`` through now (``permission(move).code``),
        or None if it is illegal."""
        ruling = self._judge(move, True)
        return ruling if isinstance(ruling, str) else None

    def permission(self, move: int) -> Permission | None:
        """The rule step that lets ``move`` through now, or None if it is illegal."""
        code = self.permission_code(move)
        return None if code is None else Permission(code, self._permit(code, move))

    def _permit(self, code: str, move: int) -> dict:
        """The facts of the permission ``code`` of ``move`` (what the quiz's sentence needs)."""
        if self.phase == _ANNOUNCE:
            return {"seat": SEATS[self._queue[0][0]]}  # may_pass, may_double...
        if code == self.rules.CODES.get("must_knock", "must_knock"):
            return {"seat": SEATS[self.to_act]}
        if code == "opens_with":
            return {"seat": SEATS[self.to_act], "card": card_code(move)}
        return {"card": card_code(move), "suit": SUITS[move // 13]}  # starts_pile, next_in_row...

    def is_legal(self, move: int) -> bool:
        return self.refusal(move) is None

    def legal_moves(self) -> list[int]:
        """Every legal move for ``to_act``, sorted; empty only once the deal is over."""
        if self.phase == _PLAY:
            playable = self.hands[self.to_act] & self._allowed_cards()
            return cards_in(playable) if playable else [KNOCK]
        if self.phase == _ANNOUNCE:
            return [m for m in ANNOUNCEMENTS if self._announce_refusal(m) is None]
        return []

    # --- moves ---

    def play(self, move: int) -> "Deal":
        """The deal after ``move`` (raises ``IllegalMove``); this deal is unchanged."""
        new = self.copy()
        new.push(move)
        return new

    def push(self, move: int) -> None:
        """Make ``move`` in place (raises ``IllegalMove``, leaving the deal unchanged)."""
        error = self._judge(move, False)
        if error is not None:
            raise error
        seat = self.to_act
        self.history.append(move)
        self.actors.append(seat)
        if self.phase == _ANNOUNCE:
            self._announce(seat, move)
            return
        if move == KNOCK:
            self.to_act = self._after(seat)
            return
        b = 1 << move
        self.hands[seat] ^= b
        self.laid |= b
        self._open ^= b
        rank, suit = move % 13, move // 13
        opening = self.rules.OPENING_RANK
        if rank >= opening:
            if rank != ACE:
                self._open |= b << 1
            if self.layout[suit] is None or move > self.layout[suit]:
                self.layout[suit] = move
        if rank <= opening:
            if self.rules.BUILDS_DOWN and rank != TWO:
                self._open |= b >> 1
            self.low[suit] = move
        left = self.hands[seat].bit_count()
        if self.rules.PLACES:
            self._place(seat, move, left)
            return
        if left == 0:
            self.phase = _OVER
            self.to_act = None
            self.winner_seat = seat
            self.winner_side = side_of(seat)
            self.last_card = move
            return
        if left == 1 and self.rules.warning_required:
            self.warned[seat] = True  # the engine warns the table for the player
        self.to_act = self._next[seat]

    def _after(self, seat: int) -> int:
        """The next seat still holding cards (every seat, in a game without places)."""
        nxt = self._next[seat]
        while not self.hands[nxt]:
            nxt = self._next[nxt]
        return nxt

    def _place(self, seat: int, move: int, left: int) -> None:
        """Trix: a seat out of cards takes the next place; three out end the deal, the
        fourth taking the last place."""
        if left:
            self.to_act = self._after(seat)
            return
        self.out.append(seat)
        if len(self.out) < 3:
            self.to_act = self._after(seat)
            return
        self.out.append(next(s for s in range(4) if self.hands[s]))
        self.phase = _OVER
        self.to_act = None
        self.winner_seat = self.out[0]
        self.last_card = move

    def _announce(self, seat: int, move: int) -> None:
        queue = self._queue
        queue.pop(0)
        if move == REDEAL:
            self.redealt = True
            self.redeal_by = seat
            self.phase = _OVER
            self.to_act = None
            return
        if move == DOUBLE:
            self.doubled_by = seat
            self.multiplier = 2
            if self.rules.triple_allowed and self.rules.announce_order != "one_circuit":
                # The doubler's opponents who spoke before the double get a triple turn.
                after = self._next
                spoke = []
                s = after[self.dealer]
                while s != seat:
                    spoke.append(s)
                    s = after[s]
                queue.extend((s, False) for s in spoke if side_of(s) != side_of(seat))
        elif move == TRIPLE:
            self.tripled_by = seat
            self.multiplier = 3
            queue[:] = [turn for turn in queue if turn[1]]  # no triple turns left to give
        if queue:
            self.to_act = queue[0][0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAY
        if self._opening is None:
            self.to_act = self._first
        else:
            self.to_act = next(s for s in range(4) if self.hands[s] >> self._opening & 1)


def new_deal(
    rules,
    hands: list[int],
    dealer: int | str,
    start: str = "announce",
    multiplier: int = 1,
    leader: int | None = None,
) -> Deal:
    """The state at the start of a deal.

    ``hands``: four bit sets indexed by seat (N, E, S, W), the whole of the rules' pack.
    ``start="play"`` skips the announcements (as the positions spec does), with ``multiplier``
    1, 2 or 3 for a double or triple already announced; the holder of the opening card acts
    (without one, ``leader``: the kingdom's owner, by default the dealer).
    """
    if isinstance(dealer, str):
        dealer = parse_seat(dealer)
    if dealer not in range(4):
        raise BadInput("bad_seat", seat=dealer)
    if leader is not None and leader not in range(4):
        raise BadInput("bad_seat", seat=leader)
    hands = check_hands(hands, rules.PACK)
    if start not in ("announce", "play"):
        raise ValueError('start must be "announce" or "play"')
    if multiplier not in (1, 2, 3):
        raise ValueError("multiplier must be 1, 2 or 3")
    deal = object.__new__(Deal)
    deal.rules = rules
    deal.dealer = dealer
    deal.hands = list(hands)
    deal.layout = [None, None, None, None]
    deal.laid = 0
    deal.multiplier = multiplier
    deal.doubled_by = None
    deal.tripled_by = None
    deal.redealt = False
    deal.redeal_by = None
    deal.winner_seat = None
    deal.winner_side = None
    deal.low = [None, None, None, None]
    deal.out = []
    deal._first = dealer if leader is None else leader
    deal.last_card = None
    deal.warned = [False, False, False, False]
    deal.history = []
    deal.actors = []
    deal._open = rank_mask(rules.OPENING_RANK)
    deal._opening = None if rules.opening_card is None else parse_card(rules.opening_card)
    deal._next = next_seats(rules.direction)
    first = deal._next[dealer]
    deal._queue = [(s, True) for s in seats_from(first, rules.direction)]
    if start == "announce" and rules.announcements:
        deal.phase = _ANNOUNCE
        deal.to_act = first
    else:
        deal._queue = []
        deal._start_play()
    return deal
