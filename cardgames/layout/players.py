"""The club player of Sab'at Al-Deemin: the announcements, then which card to lay.

The French rules sheet (source ``regles``) gives no advice, so every heuristic here is the
site's own. A seat sees the whole layout, every move and who made it: a knock tells the table
that the knocker held none of the cards that could be laid at that moment.
"""

from ..cards import ACE, SEVEN, SUITS, card
from ..contract import Phase
from ..players.knowledge import CARD_CODES, SUIT_MASKS
from ..players.reasons import Advice, advise
from ..table import across, left_of, right_of
from .moves import DOUBLE, KNOCK, PASS, REDEAL, TRIPLE
from .scoring import ACES, KINGS

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_ANNOUNCE = Phase.ANNOUNCE

CODES = {
    "announce_pass": ("runs",),
    "double_fast_hand": ("runs",),
    "triple_fast_hand": ("runs",),
    "redeal_high_cards": ("kings", "aces"),
    "hold_seven": ("card", "held"),
    "unblock_partner": ("card",),
    "play_long_suit": ("card", "suit"),
}

# Site's own thresholds, from the cards a hand can lay unaided from its sevens (``runs``): in
# seeded club games a side won about 7 deals in 10 when one of its hands had four such cards,
# and under 6 in 10 with three or fewer, too few to risk three kings or aces left in hand.
FAST = 4  # enough to double; one more to triple over an opponent's double
SLOW = 3  # at most this many, three kings or three aces are worth a redeal


def club(view, game) -> Advice:
    if view.phase == _ANNOUNCE:
        return _announce(view, game)
    return _lay(view, game)


def runs(hand: int) -> int:
    """The cards ``hand`` can lay without anyone else's card: in each suit, the seven and the
    cards above it held without a gap."""
    sevens = [card(SEVEN, s) for s in range(4)]
    return sum(1 + run_above(hand, c) for c in sevens if hand >> c & 1)


def _announce(view, game) -> Advice:
    legal = view.legal
    fast = runs(view.hand)
    if REDEAL in legal and fast <= SLOW:
        # Site's own: three kings or three aces are the last cards of their piles and stay
        # in a slow hand, where they cost the most: ask for a new deal.
        return announcement(view, game, REDEAL)
    if TRIPLE in legal and fast >= FAST + 1:
        # Site's own: triple only with a hand that lays more cards unaided than a double needs.
        return announcement(view, game, TRIPLE)
    if DOUBLE in legal and fast >= FAST:
        # Site's own: double a hand that can lay most of its cards on its own sevens.
        return announcement(view, game, DOUBLE)
    return announcement(view, game, PASS)


def announcement(view, game, move: int) -> Advice:
    """The announcement ``move`` with its reason and facts."""
    hand = view.hand
    if move == REDEAL:
        facts = {"kings": (hand & KINGS).bit_count(), "aces": (hand & ACES).bit_count()}
        return advise(REDEAL, "redeal_high_cards", facts)
    code = {TRIPLE: "triple_fast_hand", DOUBLE: "double_fast_hand"}.get(move, "announce_pass")
    return advise(move, code, {"runs": runs(hand)})


# --- laying a card ---------------------------------------------------------------------------


def run_above(hand: int, c: int) -> int:
    """How many cards of ``hand`` follow ``c`` on its pile without a gap."""
    n = 0
    while c % 13 != ACE and hand >> (c + 1) & 1:
        c += 1
        n += 1
    return n


def _opened(hand: int, c: int) -> int | None:
    """The card someone else may lay once ``c`` and the run of ``hand`` above it are down
    (None when the run reaches the ace)."""
    top = c + run_above(hand, c)
    return None if top % 13 == ACE else top + 1


def _above(c: int) -> int:
    """The cards of ``c``'s suit above it."""
    return SUIT_MASKS[c // 13] & ~((2 << c) - 1)


class Holders:
    """Who may hold the cards this seat cannot see: each of the three other seats that has not
    shown it lacks the card, equally likely."""

    __slots__ = ("partner", "one", "two", "three", "unseen")

    def __init__(self, view):
        me = view.seat
        unseen = view.game.engine.PACK & ~view.hand & ~view.table.laid
        lacks = view.table.lacks
        a = unseen & ~lacks[left_of(me)]
        b = unseen & ~lacks[across(me)]
        c = unseen & ~lacks[right_of(me)]
        self.partner = b
        # The unseen cards one, two or all three of the other seats may hold.
        self.three = a & b & c
        self.two = ((a & b) | (a & c) | (b & c)) & ~self.three
        self.one = (a | b | c) & ~self.two & ~self.three
        self.unseen = unseen

    def expect(self, mask: int) -> tuple[float, float]:
        """How many cards of ``mask`` the partner, and the two opponents, may be expected to
        hold."""
        n = (mask & self.unseen).bit_count()
        if self.three == self.unseen:  # nobody has shown a lack: a third each
            return n / 3, n * 2 / 3
        mine = mask & self.partner
        partner = (
            (mine & self.one).bit_count()
            + (mine & self.two).bit_count() / 2
            + (mine & self.three).bit_count() / 3
        )
        return partner, n - partner


def _lay(view, game) -> Advice:
    hand = view.hand
    holders = Holders(view)
    stuck = _knocked_last(view)
    legal = view.legal
    # What the partner and the opponents may hold above each card that may be laid.
    shares = {c: holders.expect(_above(c)) for c in legal}

    def value(c: int) -> tuple[float, int]:
        # Site's own: lay in the suit where this side holds the most: the pile leads to this
        # hand's other cards of the suit, and to more of the partner's than the opponents'.
        # When the partner has just knocked, prefer the card that may open the partner's next.
        partner, opponents = shares[c]
        score = (hand & SUIT_MASKS[c // 13]).bit_count() + (partner - opponents) / 2
        nxt = _opened(hand, c) if stuck else None
        if nxt is not None:
            score += holders.expect(1 << nxt)[0]
        return score, c % 13

    best = max(legal, key=value)
    for c in legal:
        if c % 13 == SEVEN and c != best and _opponents_long(hand, c, shares[c]):
            # Site's own: hold back a seven that opens a suit where the opponents are long.
            facts = {"card": CARD_CODES[best], "held": CARD_CODES[c]}
            return advise(best, "hold_seven", facts)
    nxt = _opened(hand, best)
    if stuck and nxt is not None and holders.expect(1 << nxt)[0] > 0:
        # Site's own: the partner knocked; lay the card that may let the partner play.
        return advise(best, "unblock_partner", {"card": CARD_CODES[best]})
    return advise(best, "play_long_suit", {"card": CARD_CODES[best], "suit": SUITS[best // 13]})


def _opponents_long(hand: int, seven: int, share: tuple[float, float]) -> bool:
    """The opponents may be expected to hold more of the seven's suit (``share``: the
    partner's and the opponents' expected cards above it) than this seat and its partner."""
    partner, opponents = share
    return opponents > (hand & SUIT_MASKS[seven // 13]).bit_count() - 1 + partner


def _knocked_last(view) -> bool:
    """The partner's last move was a knock."""
    partner = across(view.seat)
    actors = view.table.actors
    for i in range(len(actors) - 1, -1, -1):
        if actors[i] == partner:
            return view.table.moves[i] == KNOCK
    return False
