"""The penalty family's cards and their values: one scoring function for every game.

Cards that score are the hearts, the Q♠, the 10♦ and (Idlib's Leekha) the K♣, each at its rule's
value, an exposed card ``exposure_multiplier`` times; with both the Q♠ and the 10♦ exposed, hearts
may count double. Trix's contracts price the K♥, each of the four queens, each diamond and each
trick taken; a doubled (exposed) card costs its taker ``exposure_multiplier`` times and, where
``doubler_gains``, gives its doubler the single value (:meth:`Values.doubling`, with the three
readings of a doubler who takes his own card). The J♦ (Hearts, optional) is a bonus, negative, as is
the bonus for taking no trick. A moon shot (one player took every card that scores) gives that
player 0 and every other player the whole deal; bonuses stay with whoever earned them (the J♦), and
nobody gets the no-trick bonus on a moon shot (OpenSpiel's Hearts).
"""

from typing import Final

from ..cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    PACK_52,
    QUEEN,
    SPADES,
    TEN,
    TWO,
    card,
    suit_mask,
)

QS = card(QUEEN, SPADES)  # bent al sbeet, the big leekha
TD = card(TEN, DIAMONDS)  # the ten of diamonds, the small leekha
JH = card(JACK, HEARTS)  # sbeetah's opening lead
KC = card(KING, CLUBS)  # Idlib's king of clubs
JD = card(JACK, DIAMONDS)  # Hearts' optional bonus card
KH = card(KING, HEARTS)  # Trix's شايب الكبة
QUEENS = tuple(card(QUEEN, s) for s in range(4))  # Trix's البنات (the Q♠ among them)
TWO_CLUBS = card(TWO, CLUBS)
PENALTY_CARDS = (QS, TD)  # the cards that may be exposed or must be thrown

# Final: mypyc keeps them as C constants, where the hot path reads them, not in a dict.
HEARTS_MASK: Final = suit_mask(HEARTS)
CLUBS_MASK: Final = suit_mask(CLUBS)
QS_BIT: Final = 1 << QS
TD_BIT: Final = 1 << TD
JH_BIT: Final = 1 << JH
KC_BIT: Final = 1 << KC
JD_BIT: Final = 1 << JD
TWO_CLUBS_BIT: Final = 1 << TWO_CLUBS
PACK_MASK: Final = PACK_52
KH_BIT: Final = 1 << KH
QUEENS_MASK: Final = sum(1 << q for q in QUEENS)
DIAMONDS_MASK: Final = suit_mask(DIAMONDS)
PENALTY_MASK: Final = QS_BIT | TD_BIT
# AY's Leekha: the cards a player may pass even when it is the last of its suit in hand.
KEEP_LAST_EXEMPT: Final = sum(1 << card(r, SPADES) for r in (QUEEN, KING, ACE)) | sum(
    1 << card(r, DIAMONDS) for r in (TEN, JACK, QUEEN, KING, ACE)
)


class Values:
    """The values of a rule set's cards (from its family parameters ``p``)."""

    __slots__ = (
        "heart",
        "queen",
        "ten",
        "king",
        "jack",
        "no_trick",
        "multiplier",
        "double_hearts",
        "moon",
        "moon_mask",
        "king_of_hearts",
        "each_queen",
        "diamond",
        "trick",
        "trick_needs_penalty",
        "doubler_gains",
        "own_double",
        "partners",
        "trix_mask",
    )

    def __init__(self, p: dict):
        self.heart = p["heart_points"]
        self.queen = p["queen_points"]
        self.ten = p["ten_points"]
        self.king = p["king_of_clubs_points"]
        self.jack = p["jack_of_diamonds_points"]
        self.no_trick = p["no_trick_points"]
        self.multiplier = p["exposure_multiplier"]
        self.double_hearts = p["hearts_double_when_both_exposed"]
        self.moon = p["moon"]
        # Trix: the deal's contract puts its own price in force (Complex: all four).
        contract = p["penalty_contract"]
        every = contract == "complex"
        king = every or contract == "king_of_hearts"
        self.king_of_hearts = p["king_of_hearts_points"] if king else 0
        self.each_queen = p["each_queen_points"] if every or contract == "queens" else 0
        self.diamond = p["diamond_points"] if every or contract == "diamonds" else 0
        self.trick = p["trick_points"] if every or contract == "tricks" else 0
        self.trick_needs_penalty = p["priced_tricks"] == "with_penalty_card"
        self.doubler_gains = p["doubler_gains"]
        self.own_double = p["own_double"]
        self.partners = p["partnership"] != "none" and p["partner_doubled"] == "no_bonus"
        # Trix's priced cards: what a void player may have to throw, what ends a deal early.
        self.trix_mask = (
            (KH_BIT if self.king_of_hearts else 0)
            | (QUEENS_MASK if self.each_queen else 0)
            | (DIAMONDS_MASK if self.diamond else 0)
        )
        # The cards a moon shot takes: every card that scores.
        self.moon_mask = (
            (HEARTS_MASK if self.heart else 0)
            | (QS_BIT if self.queen else 0)
            | (TD_BIT if self.ten else 0)
            | (KC_BIT if self.king else 0)
        )

    def with_exposed(self, exposed: int) -> tuple[int, int, int]:
        """A heart's, the queen's and the ten's points with the cards of ``exposed`` exposed."""
        hearts = self.heart
        if self.double_hearts and exposed & PENALTY_MASK == PENALTY_MASK:
            hearts *= 2
        queen = self.queen * (self.multiplier if exposed & QS_BIT else 1)
        ten = self.ten * (self.multiplier if exposed & TD_BIT else 1)
        return hearts, queen, ten

    def deal_value(self, exposed: int) -> int:
        """What the cards that score are worth together (bonuses aside)."""
        hearts, queen, ten = self.with_exposed(exposed)
        return 13 * hearts + queen + ten + self.king + self.trix_points(PACK_MASK, exposed, 13)

    def doubled_value(self, c: int) -> int:
        """The single price doubling puts on card ``c``: the K♥'s or a queen's (a doubled Q♦
        in Complex doubles its queen's price, not its diamond's)."""
        b = 1 << c
        return (self.king_of_hearts if b & KH_BIT else 0) + (
            self.each_queen if b & QUEENS_MASK else 0
        )

    @property
    def doublable(self) -> int:
        """The cards this deal's prices let a holder double: the K♥ where it is priced, the
        queens where they are."""
        return (KH_BIT if self.king_of_hearts else 0) | (QUEENS_MASK if self.each_queen else 0)

    def trix_points(self, cards: int, exposed: int, tricks: int) -> int:
        """What Trix's prices charge for ``cards`` taken in ``tricks`` priced tricks, a doubled
        card ``exposure_multiplier`` times (the doubler's side of it: :meth:`doubling`)."""
        if not self.trix_mask and not self.trick:
            return 0
        points = tricks * self.trick
        if self.king_of_hearts and cards & KH_BIT:
            points += self.king_of_hearts * (self.multiplier if exposed & KH_BIT else 1)
        if self.each_queen:
            queens = cards & QUEENS_MASK
            points += self.each_queen * (
                queens.bit_count() + (self.multiplier - 1) * (queens & exposed).bit_count()
            )
        if self.diamond:
            points += self.diamond * (cards & DIAMONDS_MASK).bit_count()
        return points

    def doubling(self, points: list[int], doubles: list) -> None:
        """Add to ``points`` (costs, by seat) what Trix's doubled cards move beyond their
        taker's multiplied price. ``doubles``: ``(card, doubler, taker, leader)`` of every
        doubled card taken, ``leader`` who led its trick.

        Taken by another player, the doubler gains the single value (with partners where
        ``partner_doubled`` is "no_bonus", not when the taker is the doubler's partner: the
        leader gains it if an opponent of the taker led). Taken by the doubler:
        ``own_double`` "single" (he pays the single value, nobody gains), "by_leader" (his own
        lead: single; another's lead: double, the leader gains the single value) or
        "always_double" (double; the leader gains if another led)."""
        if not self.doubler_gains:
            return
        extra = self.multiplier - 1
        for c, doubler, taker, leader in doubles:
            v = self.doubled_value(c)
            if taker != doubler:
                if self.partners and (taker - doubler) % 2 == 0:
                    if (leader - taker) % 2:
                        points[leader] -= v  # the opponent who forced it on the side gains
                else:
                    points[doubler] -= v
            elif self.own_double == "single" or (
                self.own_double == "by_leader" and leader == taker
            ):
                points[taker] -= extra * v
            elif leader != taker:
                points[leader] -= v

    def cards_points(self, cards: int, exposed: int) -> int:
        """What a set of taken cards costs, bonuses aside."""
        hearts, queen, ten = self.with_exposed(exposed)
        return (
            (cards & HEARTS_MASK).bit_count() * hearts
            + (queen if cards & QS_BIT else 0)
            + (ten if cards & TD_BIT else 0)
            + (self.king if cards & KC_BIT else 0)
        )

    def moon_by(self, taken) -> int | None:
        """The seat that took every card that scores, if the rules play the moon."""
        if not self.moon or not self.moon_mask:
            return None
        mask = self.moon_mask
        for seat, cards in enumerate(taken):
            if cards & mask == mask:
                return seat
        return None

    def score(self, taken, exposed: int, over: bool, tricks=None, doubles=None) -> list[int]:
        """THE scoring function: each seat's points for the cards it took (``over``: the deal is
        complete, so the moon and the no-trick bonus apply). ``tricks``: the priced tricks each
        seat took (default: every trick taken), ``doubles``: Trix's doubled cards taken (see
        :meth:`doubling`)."""
        points = [self.cards_points(cards, exposed) for cards in taken]
        if self.trix_mask or self.trick:
            for seat in range(4):
                won = taken[seat].bit_count() // 4 if tricks is None else tricks[seat]
                points[seat] += self.trix_points(taken[seat], exposed, won)
            if doubles:
                self.doubling(points, doubles)
        shooter = self.moon_by(taken) if over else None
        if shooter is not None:
            total = points[shooter]
            points = [total] * 4
            points[shooter] = 0
        if self.jack:
            for seat, cards in enumerate(taken):
                if cards & JD_BIT:
                    points[seat] += self.jack
        if over and self.no_trick and shooter is None:
            for seat, cards in enumerate(taken):
                if not cards:
                    points[seat] += self.no_trick
        return points
