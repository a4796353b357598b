"""Cards, packs, hands as bit sets, and the PBN notation of the positions spec.

A card is an int ``suit * 13 + rank``: suits in PBN order S, H, D, C (0-3) and ranks from the
two (0) to the ace (12). A hand is an int with one bit per card, so following suit, removing a
card or counting points is a mask operation.

>>> card_code(parse_card("10d"))
'TD'
>>> format_hand(hand_of(["AS", "KS", "TH", "2C"]))
'AK.T..2'
"""

from .errors import BadInput
from .table import SEATS, Direction, parse_seat, seats_from

SUITS = "SHDC"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RANKS = "23456789TJQKA"  # low to high; a rank's index is its strength
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

SUIT_BITS = (1 << 13) - 1
PACK_52 = (1 << 52) - 1
# Sab'at Al-Deemin's 32-card pack: seven to ace in each suit.
PACK_32 = sum(((SUIT_BITS >> SEVEN) << SEVEN) << (13 * s) for s in range(4))


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def suit_of(c: int) -> int:
    return c // 13


def rank_of(c: int) -> int:
    return c % 13


def suit_mask(suit: int) -> int:
    return SUIT_BITS << (13 * suit)


def bit(c: int) -> int:
    return 1 << c


def card_code(c: int) -> str:
    return RANKS[c % 13] + SUITS[c // 13]


def parse_card(text: str) -> int:
    """Read a card code: rank then suit, any case, ``10`` accepted for the ten."""
    found = _BY_CODE.get(text)  # a code as the engine writes it: one look-up (every replay)
    if found is not None:
        return found
    token = (text or "").strip().upper()
    if token.startswith("10"):
        token = "T" + token[2:]
    if len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS:
        raise BadInput("bad_card", card=text)
    return card(RANKS.index(token[0]), SUITS.index(token[1]))


_BY_CODE = {RANKS[c % 13] + SUITS[c // 13]: c for c in range(52)}


def _suit_lists() -> tuple[list[tuple[int, ...]], ...]:
    """For each suit, the cards of every 13-bit pattern of that suit, lowest first: listing a
    hand's cards is then four look-ups (the engines' legal moves, on every move)."""
    tables = []
    for suit in range(4):
        base = 13 * suit
        table = [()] * (SUIT_BITS + 1)
        for bits in range(1, SUIT_BITS + 1):
            low = bits & -bits
            table[bits] = (base + low.bit_length() - 1, *table[bits ^ low])
        tables.append(table)
    return tuple(tables)


SUIT_LISTS = _suit_lists()
_S, _H, _D, _C = SUIT_LISTS


def cards_in(mask: int) -> list[int]:
    """The cards of a bit set, lowest index first."""
    if mask >> 52:
        raise ValueError("not a set of cards")
    return [
        *_S[mask & SUIT_BITS],
        *_H[mask >> 13 & SUIT_BITS],
        *_D[mask >> 26 & SUIT_BITS],
        *_C[mask >> 39],
    ]


BITS = tuple(1 << c for c in range(52))  # each card's bit, looked up


def mask_of(cards) -> int:
    """The bit set of distinct ``cards`` (the inverse of ``cards_in``)."""
    return sum(map(BITS.__getitem__, cards))


def hand_of(codes) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << (parse_card(code) if isinstance(code, str) else code)
    return mask


def count(mask: int) -> int:
    return mask.bit_count()


def display_order(mask: int) -> list[int]:
    """Cards as players sort them: spades, hearts, diamonds, clubs, each high to low."""
    return [c for s in range(4) for c in reversed(cards_in(mask & suit_mask(s)))]


# Each 13-bit pattern of one suit as PBN writes it, ranks high to low: a hand is four look-ups
# (every position's address writes its deal).
_SUIT_TEXT = tuple("".join(RANKS[r] for r in reversed(_S[bits])) for bits in range(SUIT_BITS + 1))


def format_hand(mask: int) -> str:
    """PBN hand: ``spades.hearts.diamonds.clubs``, ranks high to low, a void empty."""
    text = _SUIT_TEXT
    return (
        f"{text[mask & SUIT_BITS]}.{text[mask >> 13 & SUIT_BITS]}."
        f"{text[mask >> 26 & SUIT_BITS]}.{text[mask >> 39 & SUIT_BITS]}"
    )


def parse_hand(text: str) -> int:
    groups = text.split(".")
    if len(groups) != 4:
        raise BadInput("bad_deal", reason="hand_not_four_suits", hand=text)
    mask = 0
    for s, group in enumerate(groups):
        for ch in group.upper():
            if ch not in RANKS:
                raise BadInput("bad_card", card=ch + SUITS[s])
            c = card(RANKS.index(ch), s)
            if mask >> c & 1:
                raise BadInput("bad_deal", reason="repeated_card", card=card_code(c))
            mask |= 1 << c
    return mask


def parse_deal(text: str, pack: int = PACK_52) -> list[int]:
    """Read a PBN ``Deal`` value into four hands indexed by seat (N, E, S, W).

    Every card of ``pack`` must appear exactly once, in equal hands.
    """
    text = (text or "").strip()
    if len(text) < 2 or text[1] != ":":
        raise BadInput("bad_deal", reason="no_first_seat")
    first = parse_seat(text[0])
    parts = text[2:].split()
    if len(parts) != 4:
        raise BadInput("bad_deal", reason="not_four_hands", hands=len(parts))
    hands = [0, 0, 0, 0]
    for seat, part in zip(seats_from(first, Direction.CLOCKWISE), parts, strict=True):
        hands[seat] |= parse_hand(part)
    return check_hands(hands, pack)


def check_hands(hands, pack: int = PACK_52) -> list[int]:
    """Four hands (bit sets by seat) that share no card, hold only cards of ``pack`` and split
    it evenly; else ``BadInput("bad_deal")`` with the reason. The one check every game uses."""
    hands = list(hands)
    if len(hands) != 4:
        raise BadInput("bad_deal", reason="not_four_hands", hands=len(hands))
    size = pack.bit_count() // 4
    seen = 0
    for seat, mask in enumerate(hands):
        if seen & mask:
            raise BadInput(
                "bad_deal", reason="repeated_card", card=card_code(cards_in(seen & mask)[0])
            )
        seen |= mask
        if mask & ~pack:
            raise BadInput(
                "bad_deal", reason="card_outside_pack", card=card_code(cards_in(mask & ~pack)[0])
            )
        if mask.bit_count() != size:
            raise BadInput(
                "bad_deal",
                reason="wrong_card_count",
                seat=SEATS[seat],
                count=mask.bit_count(),
                expected=size,
            )
    return hands


def format_deal(hands: list[int], first: int = 0) -> str:
    """Write four hands (indexed by seat) as a PBN deal starting at seat ``first``."""
    order = seats_from(first, Direction.CLOCKWISE)  # PBN lists the hands clockwise
    return SEATS[first] + ":" + " ".join(format_hand(hands[s]) for s in order)
