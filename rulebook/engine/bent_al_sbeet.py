"""Bent Al Sbeet (بنت السبيت), the Kuwaiti penalty game of the queen of spades.

Four players, each for themselves, 52 cards, 13 each, ace high, no trump. A deal runs through
four phases: ``pass`` (each player passes cards), ``expose`` (the holders of the queen of
spades and the ten of diamonds may show them, doubling them), ``play`` (thirteen tricks) and
``over``. Hearts, the ten of diamonds and the queen of spades are penalty points; the lowest
match total wins when someone reaches the target.

Two presets:

- ``qahwa`` follows source 000 (English): pass three, to the left on odd deals and to the
  right on even deals; expose one by one from the dealer's right; the dealer's right leads;
  a player void in the suit led who holds the queen or the ten must throw one of them; hearts
  must be broken; shooting the moon; 151, ties share the win.
- ``sbeetah`` follows source 002 (Arabic, "السبيتة"): queen 12 (24 exposed), ten 10 (20),
  heart 1, or 2 when both are exposed; the jack of hearts opens; a player void in the suit
  led may throw any card ("وإلا جاز له رمي أي نوع آخر"); no hearts-breaking rule and no moon
  (the source names neither); 152; a tie for the lowest plays on.

Readings taken where the Arabic source is ambiguous:

- The pass ("السوق"): the source says players pass "the agreed cards" ("مجموعة الأوراق المتفق
  عليها") and that directions vary, "announced before the deal" ("المهم إعلانها قبل
  التوزيع"). We read three cards, always to the right (the Gulf direction of play).
- The lead: "تبدأ الجولة بورقة J♥. وبعد هذه البداية، يكون صاحب أقل مجموع نقاط هو الذي يبدأ
  الأكلة التالية" and "والفائز بالأكلة يبدأ التالية". We read: the J♥ opens the first deal of
  a match (its holder leads the J♥ itself); on later deals the player with the lowest match
  total leads the first trick (ties: the first tied player in play order from the dealer's
  right); the winner of each trick leads every other trick of the deal.
- Exposure ("التدبيل"): the source only says it is declared "before the card enters his
  trick" ("قبل أن تدخل في أكلته"). We read it as qahwa does: after the pass, before the first
  trick, one seat at a time from the dealer's right. An exposed card counts twice (12 -> 24,
  10 -> 20) and, with both exposed, each heart counts 2.
- The end: "حتى يصل مجموع أحد اللاعبين إلى 152" is read as a total of 152 or more, checked
  after a whole deal; a tie for the lowest total ("تُلعب جولة فاصلة أو تستمر الجولات")
  plays further deals until it is broken.

Readings of the interface itself:

- In the expose phase a seat acts while it still holds an exposable card it has not exposed:
  after ``expose:QS`` a seat that also holds the ten is asked again (``expose:TD`` or
  ``keep``); a seat with nothing left to expose is skipped, so after exposing its only
  exposable card the next seat acts.
- When the jack of hearts must open, its forced lead is allowed even though hearts are not
  broken (only relevant to a custom mix of rules).

Moves are ints (the hot path allocates no move objects): a card play is the card (0..51),
choosing a card to pass is ``PASS + card``, exposing is ``EXPOSE + card``, ``KEEP`` ends a
seat's exposures. Tokens: ``QS``, ``pass:QS``, ``expose:QS``, ``keep``.
"""

from dataclasses import dataclass, fields
from functools import lru_cache

from .cards import (
    DIAMONDS,
    HEARTS,
    JACK,
    PACK_52,
    QUEEN,
    SPADES,
    SUITS,
    TEN,
    card,
    card_code,
    cards_in,
    check_hands,
    parse_card,
    suit_mask,
)
from .errors import BadInput, IllegalMove
from .table import SEATS, Direction, across, left_of, right_of, seats_from
from .tricks import trick_winner

__all__ = [
    "DEFAULT_PRESET",
    "EXPOSE",
    "JH",
    "KEEP",
    "PACK",
    "PASS",
    "PENALTY_CARDS",
    "PRESETS",
    "QS",
    "TD",
    "Deal",
    "Match",
    "Rules",
    "deal_value",
    "describe",
    "format_move",
    "new_deal",
    "parse_move",
    "pass_direction_for",
    "score_deal",
]

QS = card(QUEEN, SPADES)  # bent al sbeet, the queen of spades
TD = card(TEN, DIAMONDS)  # the ten of diamonds
JH = card(JACK, HEARTS)  # the jack of hearts (sbeetah's opening lead)
PENALTY_CARDS = (QS, TD)
PACK = PACK_52

PASS = 64  # PASS + card: choose that card to pass
EXPOSE = 128  # EXPOSE + card: expose that card
KEEP = 200  # expose nothing more

PHASES = ("pass", "expose", "play", "over")
PASS_DIRECTIONS = ("alternate", "left", "right", "across")
EXPOSE_ORDERS = ("dealer_right", "dealer")
OPENING_LEADS = ("dealer_right", "jack_of_hearts")
LATER_DEAL_LEADS = ("same", "lowest_score")
TIES = ("shared", "play_on")
DEALER_MOVES = ("right", "left")

HEARTS_MASK = suit_mask(HEARTS)
QS_BIT = 1 << QS
TD_BIT = 1 << TD
JH_BIT = 1 << JH
PENALTY_MASK = QS_BIT | TD_BIT
MOON_MASK = HEARTS_MASK | PENALTY_MASK
SUIT_MASKS = tuple(suit_mask(s) for s in range(4))
HAND_SIZE = 13
PLAYERS = 4


@dataclass(frozen=True)
class Rules:
    """One field per rule; the field name is the rule's registry key."""

    # Play and exposure go round the table in this direction (RIGHT: N -> W -> S -> E).
    direction: Direction = Direction.RIGHT
    # Cards each player passes before play; 0 means no pass.
    pass_count: int = 3
    # "alternate" (left on odd deals, right on even deals), "left", "right" or "across".
    pass_direction: str = "alternate"
    # The cards that may be exposed (card ints), a sorted tuple.
    exposable: tuple[int, ...] = (QS, TD)
    # "dealer_right": asked one by one from the dealer's right, in `direction`; "dealer": from
    # the dealer.
    expose_order: str = "dealer_right"
    # An exposed card counts this many times its value.
    exposure_multiplier: int = 2
    # Points of the queen of spades.
    queen_points: int = 13
    # Points of the ten of diamonds.
    ten_points: int = 10
    # Points of each heart.
    heart_points: int = 1
    # With the queen and the ten both exposed, each heart counts double.
    hearts_double_when_both_exposed: bool = False
    # The first deal of a match: "dealer_right" (the dealer's right leads any card) or
    # "jack_of_hearts" (the holder of the J♥ leads, and must lead the J♥ itself).
    opening_lead: str = "dealer_right"
    # Later deals: "same" (as opening_lead) or "lowest_score" (the lowest match total leads any
    # card; ties go to the first tied player in play order from the dealer's right).
    later_deal_lead: str = "same"
    # Void in the suit led and holding the queen of spades or the ten of diamonds: must play one.
    forced_penalty_discard: bool = True
    # No heart may be led before a heart has been played this deal, unless the leader holds only
    # hearts.
    hearts_must_break: bool = True
    # Shooting the moon: taking all 13 hearts, the queen and the ten scores 0 and gives every
    # other player the whole deal's total (doubles included).
    moon: bool = True
    # The match ends, checked after a whole deal, when a total reaches this; lowest total wins.
    target: int = 151
    # A tie for the lowest total at the end: "shared" (all tied players win) or "play_on"
    # (further deals until it is broken).
    ties: str = "shared"
    # The next deal's dealer: "right" (the seat on the dealer's right) or "left".
    dealer_moves: str = "right"

    def __post_init__(self):
        if not isinstance(self.direction, Direction):
            _check(self, "direction", self.direction in {d.value for d in Direction})
            object.__setattr__(self, "direction", Direction(self.direction))
        exposable = tuple(sorted(set(self.exposable)))
        _check(self, "exposable", all(isinstance(c, int) and 0 <= c < 52 for c in exposable))
        object.__setattr__(self, "exposable", exposable)
        _check(self, "pass_count", 0 <= self.pass_count <= HAND_SIZE)
        _check(self, "pass_direction", self.pass_direction in PASS_DIRECTIONS)
        _check(self, "expose_order", self.expose_order in EXPOSE_ORDERS)
        _check(self, "exposure_multiplier", self.exposure_multiplier >= 1)
        _check(self, "opening_lead", self.opening_lead in OPENING_LEADS)
        _check(self, "later_deal_lead", self.later_deal_lead in LATER_DEAL_LEADS)
        _check(self, "target", self.target >= 1)
        _check(self, "ties", self.ties in TIES)
        _check(self, "dealer_moves", self.dealer_moves in DEALER_MOVES)

    def as_dict(self) -> dict:
        """The rule map, JSON-friendly (exposable cards as codes, the direction as its value)."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "exposable":
                value = [card_code(c) for c in value]
            elif isinstance(value, Direction):
                value = value.value
            out[f.name] = value
        return out


def _check(rules: Rules, name: str, ok: bool) -> None:
    if not ok:
        raise BadInput("bad_rule", rule=name, value=str(getattr(rules, name)))


PRESETS = {
    # Source 000 with its default house rules: exactly the defaults.
    "qahwa": Rules(),
    # Source 002, with the readings in the module docstring.
    "sbeetah": Rules(
        pass_count=3,
        pass_direction="right",
        queen_points=12,
        hearts_double_when_both_exposed=True,
        opening_lead="jack_of_hearts",
        later_deal_lead="lowest_score",
        forced_penalty_discard=False,
        hearts_must_break=False,
        moon=False,
        target=152,
        ties="play_on",
    ),
}
DEFAULT_PRESET = "qahwa"


# --- moves -----------------------------------------------------------------------------------


def parse_move(token: str) -> int:
    """Read a move token: ``QS`` (play), ``pass:QS``, ``expose:QS``, ``keep``; any case, ``10``."""
    text = (token or "").strip().lower() if isinstance(token, str) else ""
    if text == "keep":
        return KEEP
    if ":" in text:
        kind, _, rest = text.partition(":")
        if kind == "pass":
            return PASS + parse_card(rest)
        if kind == "expose":
            return EXPOSE + parse_card(rest)
        raise BadInput("bad_move", move=token)
    if len(text) in (2, 3):
        return parse_card(text)
    raise BadInput("bad_move", move=token)


def format_move(move: int) -> str:
    """The canonical token of a move int."""
    if isinstance(move, int) and not isinstance(move, bool):
        if 0 <= move < 52:
            return card_code(move)
        if PASS <= move < PASS + 52:
            return "pass:" + card_code(move - PASS)
        if EXPOSE <= move < EXPOSE + 52:
            return "expose:" + card_code(move - EXPOSE)
        if move == KEEP:
            return "keep"
    raise BadInput("bad_move", move=str(move))


# --- rules helpers -------------------------------------------------------------------------


def pass_direction_for(rules: Rules, deal_number: int) -> str:
    """Where the cards go on deal ``deal_number``: "left", "right", "across" or "none"."""
    if rules.pass_count == 0:
        return "none"
    if rules.pass_direction == "alternate":
        return "left" if deal_number % 2 == 1 else "right"
    return rules.pass_direction


_PASS_TARGET = {"left": left_of, "right": right_of, "across": across}


def _values(rules: Rules, exposed: int) -> tuple[int, int, int]:
    """A heart's, the queen's and the ten's points with the cards of ``exposed`` exposed."""
    hearts = rules.heart_points
    # With the queen and the ten both exposed, hearts may count double.
    if rules.hearts_double_when_both_exposed and exposed & PENALTY_MASK == PENALTY_MASK:
        hearts *= 2
    # An exposed card counts exposure_multiplier times its value.
    queen = rules.queen_points * (rules.exposure_multiplier if exposed & QS_BIT else 1)
    ten = rules.ten_points * (rules.exposure_multiplier if exposed & TD_BIT else 1)
    return hearts, queen, ten


def deal_value(rules: Rules, exposed: int) -> int:
    """What a whole deal is worth with the cards of ``exposed`` exposed."""
    hearts, queen, ten = _values(rules, exposed)
    return 13 * hearts + queen + ten


def score_deal(rules: Rules, taken: list[int], exposed: int, over: bool) -> list[int]:
    """THE scoring function: the penalty points of the cards each seat took.

    ``over``: the deal is complete, so shooting the moon applies.
    """
    hearts, queen, ten = _values(rules, exposed)
    points = [
        (cards & HEARTS_MASK).bit_count() * hearts
        + (queen if cards & QS_BIT else 0)
        + (ten if cards & TD_BIT else 0)
        for cards in taken
    ]
    # Shooting the moon: one seat took every heart, the queen and the ten.
    if over and rules.moon:
        for seat, cards in enumerate(taken):
            if cards & MOON_MASK == MOON_MASK:
                total = points[seat]
                points = [total] * PLAYERS
                points[seat] = 0
                break
    return points


def describe(rules: Rules) -> dict:
    """Numbers the rule pages quote, derived from the rules."""
    everything = 0
    for c in rules.exposable:
        everything |= 1 << c
    doubled = rules.heart_points * (2 if rules.hearts_double_when_both_exposed else 1)
    return {
        "players": PLAYERS,
        "hand_size": HAND_SIZE,
        "hearts_count": 13,
        "hearts_total": 13 * rules.heart_points,
        "queen_points": rules.queen_points,
        "ten_points": rules.ten_points,
        "heart_points": rules.heart_points,
        "queen_exposed_points": rules.queen_points * rules.exposure_multiplier,
        "ten_exposed_points": rules.ten_points * rules.exposure_multiplier,
        "heart_points_doubled": doubled,
        "deal_total_plain": deal_value(rules, 0),
        "deal_total_max": deal_value(rules, everything),
        "pass_count": rules.pass_count,
        "pass_direction_odd_deal": pass_direction_for(rules, 1),
        "pass_direction_even_deal": pass_direction_for(rules, 2),
        "target": rules.target,
    }


class _Compiled:
    """What the hot path needs from a Rules, computed once per Rules."""

    __slots__ = ("nxt", "forced", "must_break", "exposable_mask", "pass_count")

    def __init__(self, rules: Rules):
        step = rules.direction.step
        self.nxt = tuple((s + step) % 4 for s in range(4))
        self.forced = rules.forced_penalty_discard
        self.must_break = rules.hearts_must_break
        mask = 0
        for c in rules.exposable:
            mask |= 1 << c
        self.exposable_mask = mask
        self.pass_count = rules.pass_count


@lru_cache(maxsize=64)
def _compile(rules: Rules) -> _Compiled:
    return _Compiled(rules)


# --- the deal ------------------------------------------------------------------------------


def new_deal(
    rules: Rules,
    hands,
    dealer: int,
    deal_number: int = 1,
    match_totals=(0, 0, 0, 0),
    start: str = "deal",
    exposed: int = 0,
) -> "Deal":
    """The state at the start of a deal.

    ``start="deal"``: from the pass (the hands as dealt). ``start="play"``: the hands when trick
    play starts, with ``exposed`` the bit set of cards exposed (exposable cards held by someone).
    """
    if start not in ("deal", "play"):
        raise ValueError(f"start must be 'deal' or 'play', not {start!r}")
    if not isinstance(dealer, int) or not 0 <= dealer < 4:
        raise BadInput("bad_seat", seat=str(dealer))
    if deal_number < 1:
        raise ValueError("deal_number starts at 1")
    totals = tuple(match_totals)
    if len(totals) != 4:
        raise ValueError("match_totals needs four totals")
    hands = check_hands(hands, PACK)
    compiled = _compile(rules)
    if exposed:
        if start == "deal":
            raise BadInput("bad_deal", reason="bad_exposed", card=card_code(cards_in(exposed)[0]))
        held = hands[0] | hands[1] | hands[2] | hands[3]
        wrong = exposed & ~(compiled.exposable_mask & held)
        if wrong:
            raise BadInput("bad_deal", reason="bad_exposed", card=card_code(cards_in(wrong)[0]))

    d = Deal.__new__(Deal)
    d.rules = rules
    d._c = compiled
    d.dealer = dealer
    d.deal_number = deal_number
    d.match_totals = totals
    d.hands = hands
    d.exposed = exposed
    d.passes = [0, 0, 0, 0]
    d.trick = []
    d.tricks_won = [0, 0, 0, 0]
    d.taken = [0, 0, 0, 0]
    d.history = []
    d.last_trick = None
    d.leader = None
    d._played = 0
    d._trick_bits = 0
    d._led = -1
    d._jh_lead = False
    d._order = ()
    d._step = 0
    d._final = None
    d.phase = "pass"
    d.to_act = None
    if start == "play":
        d._start_play()
    elif compiled.pass_count:
        d._order = tuple(seats_from(right_of(dealer), rules.direction))
        d.to_act = d._order[0]
    else:
        d._start_expose()
    return d


class Deal:
    """One deal of Bent Al Sbeet. Build it with ``new_deal``; ``play`` returns a new state,
    ``push`` changes this one in place.

    ``hands``: four bit sets; during the pass the chosen cards stay in hand (listed in
    ``passes``) until all four seats have chosen and the cards change hands at once.
    ``exposed``: bit set of exposed cards. ``trick``: ``(seat, card)`` of the trick in
    progress; ``last_trick``: ``(cards, winner)`` of the last completed one. ``taken``: bit set
    of the cards each seat took; ``tricks_won``: their count. ``leader``: who led the first
    trick. ``history``: every move made, as ints.
    """

    __slots__ = (
        "rules",
        "_c",
        "dealer",
        "deal_number",
        "match_totals",
        "hands",
        "phase",
        "to_act",
        "exposed",
        "passes",
        "trick",
        "tricks_won",
        "taken",
        "history",
        "last_trick",
        "leader",
        "_played",
        "_trick_bits",
        "_led",
        "_jh_lead",
        "_order",
        "_step",
        "_final",
    )

    # --- phase changes ---------------------------------------------------------------------

    def pass_target(self, seat: int) -> int | None:
        """The seat ``seat`` passes to on this deal (None when there is no pass)."""
        direction = pass_direction_for(self.rules, self.deal_number)
        if direction == "none":
            return None
        return _PASS_TARGET[direction](seat)

    def _exchange(self) -> None:
        hands, passes = self.hands, self.passes
        new = [hands[s] & ~passes[s] for s in range(4)]
        for seat in range(4):
            new[self.pass_target(seat)] |= passes[seat]
        self.hands = new

    def _start_expose(self) -> None:
        rules = self.rules
        first = right_of(self.dealer) if rules.expose_order == "dealer_right" else self.dealer
        self.phase = "expose"
        self._order = tuple(seats_from(first, rules.direction))
        self._step = -1
        self._next_exposer()

    def _next_exposer(self) -> None:
        """Move to the next seat in the exposure order that has something to expose."""
        mask = self._c.exposable_mask & ~self.exposed
        step = self._step + 1
        while step < 4 and not self.hands[self._order[step]] & mask:
            step += 1
        if step == 4:
            self._start_play()
        else:
            self._step = step
            self.to_act = self._order[step]

    def _start_play(self) -> None:
        rules = self.rules
        self.phase = "play"
        self._order = ()
        how = rules.opening_lead
        if self.deal_number > 1 and rules.later_deal_lead != "same":
            how = rules.later_deal_lead
        if how == "jack_of_hearts":
            leader = next(s for s in range(4) if self.hands[s] & JH_BIT)
            self._jh_lead = True
        elif how == "lowest_score":
            order = seats_from(right_of(self.dealer), rules.direction)
            low = min(self.match_totals)
            leader = next(s for s in order if self.match_totals[s] == low)
        else:
            leader = right_of(self.dealer)
        self.leader = leader
        self.to_act = leader

    # --- legality --------------------------------------------------------------------------

    def _play_mask(self, c: int = -1) -> int:
        """THE legality of a card play: the cards ``to_act`` may play, narrowed rule step by
        rule step. Given a card ``c``, the first step that refuses it raises IllegalMove."""
        seat = self.to_act
        hand = self.hands[seat]
        # 1. Only a card in the player's hand can be played.
        if c >= 0 and not hand >> c & 1:
            raise IllegalMove("card_not_in_hand", card=card_code(c), seat=SEATS[seat])
        led = self._led
        if led < 0:
            # 2. The opening lead of a jack-of-hearts deal is the jack of hearts itself.
            if self._jh_lead:
                if c >= 0 and c != JH:
                    raise IllegalMove("must_lead_jack_of_hearts", card=card_code(c))
                return JH_BIT
            # 3. No heart is led before a heart has been played, unless the leader holds only
            #    hearts.
            if self._c.must_break and not self._played & HEARTS_MASK:
                plain = hand & ~HEARTS_MASK
                if plain:
                    if c >= 0 and not plain >> c & 1:
                        raise IllegalMove("hearts_not_broken", card=card_code(c))
                    return plain
            return hand
        # 4. Follow the suit led when you can.
        same = hand & SUIT_MASKS[led]
        if same:
            if c >= 0 and not same >> c & 1:
                example = (same & -same).bit_length() - 1
                raise IllegalMove(
                    "must_follow_suit",
                    card=card_code(c),
                    led_suit=SUITS[led],
                    held=card_code(example),
                )
            return same
        # 5. Void in the suit led and holding the queen of spades or the ten of diamonds: throw
        #    one of them.
        if self._c.forced:
            penalty = hand & PENALTY_MASK
            if penalty:
                if c >= 0 and not penalty >> c & 1:
                    raise IllegalMove(
                        "must_discard_penalty_card",
                        card=card_code(c),
                        penalty=[card_code(p) for p in PENALTY_CARDS if penalty >> p & 1],
                    )
                return penalty
        # 6. Otherwise any card.
        return hand

    def legal_moves(self) -> list[int]:
        """Every legal move of ``to_act``, ascending (empty once the deal is over)."""
        phase = self.phase
        if phase == "play":
            return cards_in(self._play_mask())
        if phase == "pass":
            seat = self.to_act
            return [PASS + c for c in cards_in(self.hands[seat] & ~self.passes[seat])]
        if phase == "expose":
            mask = self.hands[self.to_act] & self._c.exposable_mask & ~self.exposed
            return [EXPOSE + c for c in cards_in(mask)] + [KEEP]
        return []

    # --- moves -----------------------------------------------------------------------------

    def push(self, move: int) -> None:
        """Make ``move`` in place (IllegalMove leaves the state unchanged)."""
        phase = self.phase
        if phase == "play" and 0 <= move < 52:
            self._play_mask(move)  # raises when a rule step refuses the card
            seat = self.to_act
            b = 1 << move
            self.hands[seat] ^= b
            self._played |= b
            self._trick_bits |= b
            self.history.append(move)
            trick = self.trick
            trick.append((seat, move))
            if self._led < 0:
                self._led = move // 13
                self._jh_lead = False
            if len(trick) < 4:
                self.to_act = self._c.nxt[seat]
                return
            # The highest card of the suit led takes the trick and leads the next one.
            winner = trick_winner(trick)
            self.taken[winner] |= self._trick_bits
            self.tricks_won[winner] += 1
            self.last_trick = (trick, winner)
            self.trick = []
            self._trick_bits = 0
            self._led = -1
            if not self.hands[winner]:  # thirteen tricks
                self.phase = "over"
                self.to_act = None
                self._final = score_deal(self.rules, self.taken, self.exposed, True)
            else:
                self.to_act = winner
            return
        if phase == "pass" and PASS <= move < PASS + 52:
            seat = self.to_act
            c = move - PASS
            if not self.hands[seat] >> c & 1:
                raise IllegalMove("card_not_in_hand", card=card_code(c), seat=SEATS[seat])
            if self.passes[seat] >> c & 1:
                raise IllegalMove("already_chosen", card=card_code(c), seat=SEATS[seat])
            self.passes[seat] |= 1 << c
            self.history.append(move)
            if self.passes[seat].bit_count() < self._c.pass_count:
                return
            self._step += 1
            if self._step < 4:
                self.to_act = self._order[self._step]
                return
            self._exchange()
            self._start_expose()
            return
        if phase == "expose" and (EXPOSE <= move < EXPOSE + 52 or move == KEEP):
            seat = self.to_act
            if move == KEEP:
                self.history.append(move)
                self._next_exposer()
                return
            c = move - EXPOSE
            b = 1 << c
            if not b & self._c.exposable_mask & self.hands[seat]:
                raise IllegalMove("cannot_expose", card=card_code(c), seat=SEATS[seat])
            if self.exposed & b:
                raise IllegalMove("already_exposed", card=card_code(c))
            self.exposed |= b
            self.history.append(move)
            if not self.hands[seat] & self._c.exposable_mask & ~self.exposed:
                self._next_exposer()
            return
        # Not a move of this phase (or not a move at all).
        token = format_move(move)  # BadInput("bad_move") for an int that is no move
        raise IllegalMove("wrong_phase", phase=phase, move=token)

    def play(self, move: int) -> "Deal":
        """A new state after ``move``; this one is unchanged."""
        new = self.copy()
        new.push(move)
        return new

    def copy(self, rules: Rules | None = None) -> "Deal":
        """A copy; with ``rules``, the same situation judged by other rules (the quiz's
        "what would the other variant allow")."""
        new = Deal.__new__(Deal)
        new.rules = rules or self.rules
        new._c = _compile(rules) if rules else self._c
        new.dealer = self.dealer
        new.deal_number = self.deal_number
        new.match_totals = self.match_totals
        new.hands = self.hands[:]
        new.phase = self.phase
        new.to_act = self.to_act
        new.exposed = self.exposed
        new.passes = self.passes[:]
        new.trick = self.trick[:]
        new.tricks_won = self.tricks_won[:]
        new.taken = self.taken[:]
        new.history = self.history[:]
        new.last_trick = self.last_trick
        new.leader = self.leader
        new._played = self._played
        new._trick_bits = self._trick_bits
        new._led = self._led
        new._jh_lead = self._jh_lead
        new._order = self._order
        new._step = self._step
        new._final = self._final
        return new

    # --- reading the state -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

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
        return score_deal(self.rules, self.taken, self.exposed, False)

    def deal_total(self) -> int:
        """What the whole deal is worth under the current exposures."""
        return deal_value(self.rules, self.exposed)

    def moon_by(self) -> int | None:
        """The seat that shot the moon in a finished deal, else None."""
        if self.phase != "over" or not self.rules.moon:
            return None
        for seat, cards in enumerate(self.taken):
            if cards & MOON_MASK == MOON_MASK:
                return seat
        return None

    def __repr__(self) -> str:
        seat = "-" if self.to_act is None else SEATS[self.to_act]
        return (
            f"<Deal {self.deal_number} phase={self.phase} to_act={seat} moves={len(self.history)}>"
        )


# --- the match -----------------------------------------------------------------------------


class Match:
    """Deals until a total reaches the target; the lowest total wins."""

    def __init__(self, rules: Rules | None = None, first_dealer: int = 0):
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < 4:
            raise BadInput("bad_seat", seat=str(first_dealer))
        self.rules = rules if rules is not None else PRESETS[DEFAULT_PRESET]
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deal_number = 1
        self.totals = [0, 0, 0, 0]
        self.scores: list[list[int]] = []  # each recorded deal's points

    def new_deal(self, hands) -> Deal:
        """The current deal, from the pass."""
        if self.is_over:
            raise IllegalMove("match_over")
        return new_deal(self.rules, hands, self.dealer, self.deal_number, tuple(self.totals))

    def record(self, deal: Deal) -> None:
        """Add a finished deal's points, then move the dealer and the deal number on."""
        if self.is_over:
            raise IllegalMove("match_over")
        if not deal.is_over:
            raise IllegalMove("deal_not_over", phase=deal.phase)
        if deal.deal_number != self.deal_number or deal.dealer != self.dealer:
            raise IllegalMove("wrong_deal", deal_number=deal.deal_number, expected=self.deal_number)
        points = deal.points()
        self.scores.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        mover = right_of if self.rules.dealer_moves == "right" else left_of
        self.dealer = mover(self.dealer)
        self.deal_number += 1

    @property
    def is_over(self) -> bool:
        if max(self.totals) < self.rules.target:
            return False
        if self.rules.ties == "play_on":
            return self.totals.count(min(self.totals)) == 1
        return True

    @property
    def winners(self) -> list[int]:
        """The seats with the lowest total once the match is over (several on a shared tie)."""
        if not self.is_over:
            return []
        low = min(self.totals)
        return [s for s in range(4) if self.totals[s] == low]


# --- positions and pages -------------------------------------------------------------------


def parse_extra(params) -> dict:
    """The query parameters a Bent Al Sbeet position adds to the spec's common ones.

    ``exposed=QS,TD``: the cards exposed before trick play. ``start=deal`` (an extension): the
    deal is the hands as dealt and the moves begin with the pass.
    """
    extra = {}
    text = (params.get("exposed") or "").replace(" ", ",")
    exposed = 0
    for code in filter(None, text.split(",")):
        bit = 1 << parse_card(code)
        if exposed & bit:  # a card is exposed once: a repeat is a mistake, not a no-op
            raise BadInput("bad_deal", reason="repeated_card", card=card_code(parse_card(code)))
        exposed |= bit
    if exposed:
        extra["exposed"] = exposed
    start = (params.get("start") or "play").lower()
    if start not in ("play", "deal"):
        raise BadInput("bad_move", move=f"start={start}")
    if start == "deal":
        extra["start"] = "deal"
    return extra


def format_extra(extra: dict) -> dict:
    out = {}
    if extra.get("exposed"):
        out["exposed"] = ",".join(card_code(c) for c in cards_in(extra["exposed"]))
    if extra.get("start") == "deal":
        out["start"] = "deal"
    return out


def position_start(rules: Rules, hands, dealer: int, exposed: int = 0, start: str = "play"):
    """The state a position's moves are replayed from (trick play, unless ``start="deal"``)."""
    return new_deal(rules, hands, dealer, start=start, exposed=exposed)


def worked_example(rules: Rules) -> dict:
    """The sources' example, scored by the engine: an exposed queen taken with two hearts."""
    two_hearts = (1 << parse_card("TH")) | (1 << parse_card("4H"))
    queen = score_deal(rules, [QS_BIT, 0, 0, 0], QS_BIT, over=False)[0]
    hearts = score_deal(rules, [two_hearts, 0, 0, 0], QS_BIT, over=False)[0]
    total = score_deal(rules, [QS_BIT | two_hearts, 0, 0, 0], QS_BIT, over=False)[0]
    return {"example_points": total, "example_queen": queen, "example_hearts": hearts}
