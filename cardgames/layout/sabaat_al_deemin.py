"""Sab'at Al-Deemin ("the seven of diamonds"): the Saudi layout game for two partnerships.

The rules follow source 003 (a French rules sheet). 32 cards (seven to ace), four players,
partners facing, eight cards each, dealt and played to the right (counter-clockwise), the deal
passing to the right after each deal.

Phases
------
``announce``
    One circuit, starting with the player after the dealer in the direction of play. Each
    player in turn either ``pass``-es, asks for a ``redeal`` (only when holding three kings or
    three aces), ``double``-s (once per deal, any player), or ``triple``-s (only an opponent of
    the doubler, once). When the double came after some of the doubler's opponents had
    already spoken, those opponents get one more turn after the circuit, with ``triple`` and
    ``pass`` only, in the order of play (none once someone has tripled). A redeal ends the deal
    at once (phase ``over``, ``redealt`` True, no score). Rules that allow no announcement at
    all skip the phase.
``play``
    The holder of the seven of diamonds opens with it. Then each player in turn lays a seven
    (starting that suit's pile) or the next card up on its suit's pile, or, only when no card
    of theirs fits, knocks (``knock``). A player who lays their next-to-last card warns the
    table; the engine makes that warning for them and records it in ``warned``.
``over``
    A player has laid their last card: their side wins the deal. Play can never block: while
    cards are out, the next card of some unfinished pile is in someone's hand.

Scoring (``score_hand``, the one end-of-deal function): the winning side scores
``ace_points`` for each ace and ``court_points`` for each king, queen and jack left in the two
losers' hands (sevens to tens count nothing, the winner's partner's cards count nothing), plus
(or instead: ``seven_out_bonus_mode``) ``seven_out_bonus`` when the last card laid is a seven;
the whole multiplied by 2 after a double, 3 after a triple. The losing side scores nothing. The
match (kept on its score sheet, ``sheets.SabaatSheet``) is won by the first side whose total
reaches ``target``.

Penalties: a knock while holding a playable card, a wrong card, a card played out of turn, a
missing warning, signalling to the partner. Each gives ``penalty_points`` to the offender's
opponents, not multiplied by a double or triple. Normal play refuses the first four
(``cannot_knock``, ``not_playable_on_layout``/``must_open_seven_of_diamonds``; a move is always
made by ``to_act``; the warning is automatic), so they never happen in a ``Deal``;
``penalty_for`` says which penalty a wrong action would incur, for the tutorial and the quiz, and
the score sheet's deal row counts each side's (``penalties``) when a table plays by hand.

Readings taken where the source leaves a point open (each a ``Rules`` field when tables could
differ; the registry records these as the source's "ambiguous" claims):

- ``seven_out_bonus_mode = "adds"``: the source lists the 200 as a third scoring line after the
  aces and court cards, so it is added to the card points ("replaces": the 200 alone).
- ``redeal_dealer = "same"``: "une nouvelle donne" cancels the deal, so the same dealer shuffles
  and deals again ("next": the deal passes on as after a played deal).
- "Trois Rois ou trois As": three or more kings, or three or more aces, in the asker's own
  hand. The partner's consultation is table talk, not a move: the holder decides.
- The order and number of announcements are not stated: one circuit from the dealer's next
  player, plus the triple turns above, so that either opponent of the doubler always gets a
  chance to triple (``announce_order``; ``"one_circuit"``: no triple turns after the circuit).
  A redeal may still be asked after a double (it cancels everything).
- Double and triple multiply the winning side's score whoever announced them (the source: "les
  points de l'équipe gagnante").
- Out of turn: the source names "a card played out of turn"; a knock out of turn is not a
  penalty. A wrong action incurs one penalty, the first of: out of turn, knock with a playable
  card, wrong card, missing warning (a card that is taken back leaves two cards in hand, so
  the warning was not yet due).
- Penalties are scored in the match totals, not in the deal's ``points()`` (the deal's score
  is the layout's); the game ends as soon as a total reaches the target, after a deal or a
  penalty.

Moves are ints: a card ``0..51`` (only the 32-card pack occurs), ``KNOCK`` = 64, and the
announcements ``PASS`` = 65, ``REDEAL`` = 66, ``DOUBLE`` = 67, ``TRIPLE`` = 68. Tokens: card codes
(``7D``), ``knock``, and before play ``pass``, ``redeal``, ``double``, ``triple`` (extensions of the
positions spec, whose moves for this game are card plays and ``knock`` only).

>>> from cardgames.cards import parse_deal
>>> hands = parse_deal("N:AKQJ.AKQJ.. T987.T987.. ..AKQJ.AKQJ ..T987.T987", PACK_32)
>>> deal = new_deal(Rules(), hands, dealer=0, start="play")
>>> SEATS[deal.to_act], deal.legal_moves() == [parse_move("7D")]
('W', True)
>>> [format_move(m) for m in deal.play(parse_move("7d")).legal_moves()]
['knock']
"""

from dataclasses import dataclass

from .. import domains
from ..cards import (
    ACE,
    JACK,
    KING,
    PACK_32,
    QUEEN,
    SEVEN,
    SUITS,
    card,
    card_code,
    cards_in,
    check_hands,
    parse_card,
)
from ..contract import Permission, Phase
from ..domains import RuleSet
from ..errors import BadInput, IllegalMove
from ..table import (
    PARTNERSHIPS,
    SEATS,
    Direction,
    across,
    next_seats,
    parse_seat,
    seats_from,
    side_of,
)
from ..view import layout_view

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_ANNOUNCE, _PLAY, _OVER = Phase.ANNOUNCE, Phase.PLAY, Phase.OVER

PACK = PACK_32

KNOCK = 64  # a player who cannot lay a card knocks on the table
PASS = 65  # announcements (before play): nothing to announce
REDEAL = 66  # ask for a new deal (three kings or three aces)
DOUBLE = 67  # the winning side's score is doubled
TRIPLE = 68  # an opponent of the doubler: tripled instead
ANNOUNCEMENTS = (PASS, REDEAL, DOUBLE, TRIPLE)

_WORDS = {KNOCK: "knock", PASS: "pass", REDEAL: "redeal", DOUBLE: "double", TRIPLE: "triple"}
_TOKENS = {word: move for move, word in _WORDS.items()}
_MAY = {move: f"may_{word}" for move, word in _WORDS.items()}  # an announcement's permission

SIGNAL = "signal"  # penalty_for's action for a comment or gesture to the partner

SIDES = PARTNERSHIPS  # side 0 is North-South, side 1 East-West


def _rank_mask(rank: int) -> int:
    return sum(1 << card(rank, s) for s in range(4))


ACES = _rank_mask(ACE)
KINGS = _rank_mask(KING)
COURTS = _rank_mask(KING) | _rank_mask(QUEEN) | _rank_mask(JACK)
SEVENS = _rank_mask(SEVEN)


@dataclass(frozen=True)
class Rules(RuleSet):
    """One field per rule; the field name is the rule's key in the registry."""

    # Deal and play run to the right (counter-clockwise); the deal passes the same way.
    direction: Direction = domains.direction(Direction.RIGHT)
    # Cards dealt to each player: the whole 32-card pack, seven to ace.
    hand_size: int = domains.number(8, 8, 8, 8)
    # The card that opens play, laid by its holder; it must be a seven (it starts a pile).
    opening_card: str = domains.card("7D", [card(SEVEN, s) for s in range(4)])
    # A player holding three kings or three aces may ask for a new deal before play.
    redeal_on_three: bool = domains.flag(True)
    # Who deals after a redeal: "same" (the same dealer again) or "next" (the deal passes on).
    redeal_dealer: str = domains.choice("same", "same", "next")
    # Any player may announce "double" before play: the winning side's score is doubled.
    double_allowed: bool = domains.flag(True)
    # After a double, an opponent of the doubler may announce "triple": the score is tripled.
    triple_allowed: bool = domains.flag(True)
    # Points to the winning side for each ace left in the losers' hands.
    ace_points: int = domains.number(20, 0, 1000, 20)
    # Points to the winning side for each king, queen and jack left in the losers' hands.
    court_points: int = domains.number(10, 0, 1000, 10)
    # Points to the winning side when the last card laid is a seven.
    seven_out_bonus: int = domains.number(200, 0, 10000, 200)
    # "adds": the seven bonus comes on top of the card points; "replaces": it is the score.
    seven_out_bonus_mode: str = domains.choice("adds", "adds", "replaces")
    # Points to the offender's opponents for each penalty (wrong knock, wrong card, ...).
    penalty_points: int = domains.number(100, 0, 10000, 100)
    # Whether a double or triple multiplies penalties too (the source: never).
    penalty_multiplied: bool = domains.flag(False)
    # A player left with one card must warn the table (missing it is a penalty).
    warning_required: bool = domains.flag(True)
    # The game ends when a side's total reaches this many points.
    target: int = domains.number(500, 1, 10000, 500)
    # The announcements: one circuit, then a turn to triple for each opponent of the doubler
    # who spoke before the double ("circuit_and_triple_turns"), or one circuit only, where
    # only an opponent speaking after the double can triple ("one_circuit").
    announce_order: str = domains.choice(
        "circuit_and_triple_turns", "circuit_and_triple_turns", "one_circuit"
    )

    @property
    def announcements(self) -> bool:
        """Whether these rules allow any announcement before play."""
        return self.redeal_on_three or self.double_allowed


PRESETS = {"classic": Rules()}
DEFAULT_PRESET = "classic"


# --- Moves -------------------------------------------------------------------------------------


def parse_move(token: str) -> int:
    """Read a move token: a card code (any case, ``10`` for the ten) or a word.

    >>> parse_move("10h") == parse_card("TH"), format_move(parse_move("KNOCK"))
    (True, 'knock')
    """
    if isinstance(token, str) and token in _WRITTEN:
        return _WRITTEN[token]  # as format_move writes it: one look-up (every replay)
    text = (token or "").strip().lower() if isinstance(token, str) else ""
    if text in _TOKENS:
        return _TOKENS[text]
    try:
        c = parse_card(text)
    except BadInput:
        raise BadInput("bad_move", move=token) from None
    if not PACK >> c & 1:
        raise BadInput("bad_move", move=token, reason="card_outside_pack")
    return c


def format_move(move: int) -> str:
    """The canonical token of a move: ``7D``, ``knock``, ``pass``, ..."""
    if move in _WORDS:
        return _WORDS[move]
    if isinstance(move, int) and 0 <= move < 52:
        return card_code(move)
    raise BadInput("bad_move", move=move)


_WRITTEN = {format_move(m): m for m in (*cards_in(PACK), *_WORDS)}  # every token as written


def _codes(mask: int) -> list[str]:
    return [card_code(c) for c in cards_in(mask)]


# --- Scoring -----------------------------------------------------------------------------------


def score_hand(rules: Rules, losers_cards: int, last_card: int | None, multiplier: int = 1) -> int:
    """The winning side's score for a deal: the one end-of-deal scoring function.

    ``losers_cards`` is the bit set of the cards left in both losers' hands, ``last_card`` the
    card the winner went out with, ``multiplier`` 1, 2 (double) or 3 (triple).

    >>> score_hand(Rules(), hand_of_codes("AS KS TS 7C"), parse_card("9D"), 2)
    60
    """
    cards = (losers_cards & ACES).bit_count() * rules.ace_points
    cards += (losers_cards & COURTS).bit_count() * rules.court_points
    if last_card is not None and last_card % 13 == SEVEN:
        if rules.seven_out_bonus_mode == "replaces":
            cards = rules.seven_out_bonus
        else:
            cards += rules.seven_out_bonus
    return cards * multiplier


def hand_of_codes(text: str) -> int:
    """A bit set from space-separated card codes (a convenience for examples and tests)."""
    mask = 0
    for token in text.split():
        mask |= 1 << parse_card(token)
    return mask


# --- The deal ----------------------------------------------------------------------------------


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
        "last_card",
        "warned",
        "history",
        "actors",
        "_open",
        "_opening",
        "_next",  # the seat after each seat in the rules' direction (table.next_seats)
        "_queue",
    )

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
        """``[NS, EW]``: 0, 0 until the deal is over; then the deal's score for each side."""
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
        """Read a move token (the module's ``parse_move``)."""
        return parse_move(token)

    def view(self, seat: int):
        """What ``seat`` may see of this deal (``views.LayoutTable``): every move is public."""
        return layout_view(self, seat)

    def copy(self, rules: Rules | None = None) -> "Deal":
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
        if not self.laid:
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
                return IllegalMove("cannot_knock", seat=SEATS[seat], playable=_codes(playable))
            return "must_knock" if why else None
        # 1. A player lays a card from their own hand.
        if not hand >> move & 1:
            return IllegalMove("card_not_in_hand", card=card_code(move), seat=SEATS[seat])
        # 2. The holder of the opening card opens with it, before any other card.
        if not self.laid:
            if move == self._opening:
                return "opens_with" if why else None
            return IllegalMove(
                "must_open_seven_of_diamonds", card=card_code(move), needs=card_code(self._opening)
            )
        # 3. Then a seven starts its suit's pile, or the next card up goes on the pile.
        if not self._open >> move & 1:
            suit = move // 13
            top = self.layout[suit]
            if top is None:
                needs = card_code(card(SEVEN, suit))
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
        return "starts_pile" if move % 13 == SEVEN else "next_on_pile"

    def _announce_refusal(self, move: int) -> IllegalMove | None:
        return self._judge_announce(move, False)  # unasked why: a refusal or None

    def _judge_announce(self, move: int, why: bool) -> IllegalMove | str | None:
        rules = self.rules
        seat, circuit = self._queue[0]
        allowed = _MAY[move] if why else None
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
        if not isinstance(move, int) or move not in _WORDS and not 0 <= move < 52:
            raise BadInput("bad_move", move=move)
        if self.phase == _PLAY and (move == KNOCK or move < 52):
            return self._judge_play(move, why)
        if self.phase == _ANNOUNCE and move in ANNOUNCEMENTS:
            return self._judge_announce(move, why)
        return IllegalMove("wrong_phase", phase=self.phase, move=format_move(move))

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
        if code == "must_knock":
            return {"seat": SEATS[self.to_act]}
        if code == "opens_with":
            return {"seat": SEATS[self.to_act], "card": card_code(move)}
        return {"card": card_code(move), "suit": SUITS[move // 13]}  # starts_pile, next_on_pile

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
            self.to_act = self._next[seat]
            return
        b = 1 << move
        self.hands[seat] ^= b
        self.laid |= b
        self._open ^= b
        if move % 13 != ACE:
            self._open |= b << 1
        self.layout[move // 13] = move
        left = self.hands[seat].bit_count()
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
        self.to_act = next(s for s in range(4) if self.hands[s] >> self._opening & 1)


def new_deal(
    rules: Rules,
    hands: list[int],
    dealer: int | str,
    start: str = "announce",
    multiplier: int = 1,
) -> Deal:
    """The state at the start of a deal.

    ``hands``: four bit sets indexed by seat (N, E, S, W), eight cards each, the 32-card pack.
    ``start="play"`` skips the announcements (as the positions spec does), with ``multiplier``
    1, 2 or 3 for a double or triple already announced; the holder of the opening card acts.
    """
    if isinstance(dealer, str):
        dealer = parse_seat(dealer)
    if dealer not in range(4):
        raise BadInput("bad_seat", seat=dealer)
    hands = check_hands(hands, PACK)
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
    deal.last_card = None
    deal.warned = [False, False, False, False]
    deal.history = []
    deal.actors = []
    deal._open = SEVENS
    deal._opening = parse_card(rules.opening_card)
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


# What surrounds a deal (penalties, the match, positions and pages) lives in its sibling,
# which builds on the deal above; the names stay readable here, where every app looks for
# them, fetched when first asked (PEP 562), so neither module has to be imported first.
AROUND_THE_DEAL = frozenset(
    {
        "describe",
        "format_extra",
        "layout_example",
        "match_after",
        "match_over",
        "next_dealer",
        "parse_extra",
        "PENALTIES",
        "Penalty",
        "PENALTY_CODES",
        "penalty_for",
        "penalty_table",
        "piles",
        "position_start",
        "STARTS",
        "TOTALS",
        "winning_side",
        "worked_example",
    }
)


def __getattr__(name: str):
    if name in AROUND_THE_DEAL:
        from . import penalties as sabaat_al_deemin_match

        return getattr(sabaat_al_deemin_match, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
