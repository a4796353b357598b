"""The penalty family's cards and their values: one scoring function for every game.

Cards that score are the hearts, the Q♠, the 10♦ and (Idlib's Leekha) the K♣, each at its
rule's value, an exposed card ``exposure_multiplier`` times; with both the Q♠ and the 10♦
exposed, hearts may count double. The J♦ (Hearts, optional) is a bonus, negative, as is the
bonus for taking no trick. A moon shot (one player took every card that scores) gives that
player 0 and every other player the whole deal; bonuses stay with whoever earned them (the J♦),
and nobody gets the no-trick bonus on a moon shot (OpenSpiel's Hearts).
"""

from typing import Final

from ..cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
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
        return 13 * hearts + queen + ten + self.king

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

    def score(self, taken, exposed: int, over: bool) -> list[int]:
        """THE scoring function: each seat's points for the cards it took (``over``: the deal is
        complete, so the moon and the no-trick bonus apply)."""
        points = [self.cards_points(cards, exposed) for cards in taken]
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
