"""Cards, deals, seats, the checkable shuffle and the trick core."""

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, shuffle, table, tricks
from cardgames.errors import BadInput

SPEC_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@pytest.mark.parametrize(
    "text,code",
    [("QS", "QS"), ("qs", "QS"), ("10d", "TD"), ("Td", "TD"), ("jh", "JH"), (" 2c ", "2C")],
)
def test_card_codes_in_and_out(text, code):
    assert cards.card_code(cards.parse_card(text)) == code


@pytest.mark.parametrize("text", ["", "Q", "QX", "1S", "11S", "ZZ", "QSS", None])
def test_bad_card_codes(text):
    with pytest.raises(BadInput) as e:
        cards.parse_card(text)
    assert e.value.code == "bad_card"


@given(st.integers(0, cards.PACK_52))
def test_a_hand_is_written_suit_by_suit_high_to_low(mask):
    # format_hand looks each suit up in a table: it writes what listing the cards would.
    def suit(s: int) -> str:
        return "".join(cards.RANKS[c % 13] for c in reversed(cards.cards_in(mask)) if c // 13 == s)

    assert cards.format_hand(mask) == ".".join(suit(s) for s in range(4))
    assert cards.parse_hand(cards.format_hand(mask)) == mask


def test_the_spec_deal_reads_and_writes_back():
    hands = cards.parse_deal(SPEC_DEAL)
    assert cards.format_hand(hands[table.N]) == "AKQJ.T98.765.432"
    assert cards.format_hand(hands[table.W]) == "432.AKQJ.T98.765"
    assert cards.format_deal(hands) == SPEC_DEAL
    # the same deal written from another seat is the same deal
    from_east = cards.format_deal(hands, table.E)
    assert from_east.startswith("E:T98.765.432.AKQJ")
    assert cards.parse_deal(from_east) == hands


@given(st.text(min_size=1, max_size=12))
def test_any_seed_round_trips_through_pbn(seed):
    for pack in (cards.PACK_52, cards.PACK_32):
        hands = shuffle.deal(seed, pack)
        assert cards.parse_deal(cards.format_deal(hands, 2), pack) == hands
        assert hands[0] | hands[1] | hands[2] | hands[3] == pack


@pytest.mark.parametrize(
    "deal,reason",
    [
        (SPEC_DEAL.replace("AKQJ.T98", "AKQJ.T9A", 1), "repeated_card"),
        (SPEC_DEAL.replace("AKQJ.T98", "AKQ.T98", 1), "wrong_card_count"),
        (SPEC_DEAL[2:], "no_first_seat"),
        ("N:" + " ".join(SPEC_DEAL[2:].split()[:3]), "not_four_hands"),
        (SPEC_DEAL.replace(".432 ", ".432.2 ", 1), "hand_not_four_suits"),
    ],
)
def test_malformed_deals_are_refused_with_a_reason(deal, reason):
    with pytest.raises(BadInput) as e:
        cards.parse_deal(deal)
    assert e.value.code == "bad_deal" and e.value.details["reason"] == reason


def test_a_52_card_deal_is_refused_for_the_32_card_pack():
    with pytest.raises(BadInput) as e:
        cards.parse_deal(SPEC_DEAL, cards.PACK_32)
    assert e.value.details["reason"] == "card_outside_pack"


def test_a_published_seed_gives_the_same_deal_everywhere():
    assert cards.format_deal(shuffle.deal("diwaniya-1")) == (
        "N:QJT65.Q86.87.A85 A.AKT.AQT953.KT2 K9874.9542.K6.94 32.J73.J42.QJ763"
    )
    assert cards.format_deal(shuffle.deal("diwaniya-1", cards.PACK_32)) == (
        "N:KQJ.QT.A9.J A.KJ.K8.AT8 T8.A8.JT.KQ 97.97.Q7.97"
    )


def test_the_shuffle_is_the_algorithm_its_docstring_publishes():
    """An independent implementation written from the docstring alone gives the same deck."""

    def from_the_doc(seed, deck):
        def numbers():
            k = 0
            while True:
                block = hashlib.sha256(f"diwaniya-deal-v1:{seed}:{k}".encode()).digest()
                for i in range(4):
                    yield int.from_bytes(block[8 * i : 8 * i + 8], "big")
                k += 1

        deck, draw = list(deck), numbers()
        for i in range(len(deck) - 1, 0, -1):
            x = next(draw)
            while x >= 2**64 - 2**64 % (i + 1):
                x = next(draw)
            j = x % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    deck = [r + s for s in "SHDC" for r in "23456789TJQKA"]
    for seed in ["0", "diwaniya-1", "جولة"]:
        assert [cards.card_code(c) for c in shuffle.shuffled(seed)] == from_the_doc(seed, deck)


def test_seats_go_round_to_the_right_by_default():
    order = table.seats_from(table.N)
    assert "".join(table.SEATS[s] for s in order) == "NWSE"
    order = table.seats_from(table.N, table.Direction.CLOCKWISE)
    assert "".join(table.SEATS[s] for s in order) == "NESW"
    assert table.right_of(table.N) == table.W and table.left_of(table.N) == table.E
    with pytest.raises(BadInput):
        table.parse_seat("X")


def _trick(*codes):
    return [(seat, cards.parse_card(c)) for seat, c in enumerate(codes)]


def test_the_highest_card_of_the_suit_led_wins_without_trumps():
    assert tricks.trick_winner(_trick("5S", "AH", "KS", "2S")) == 2


def test_the_highest_trump_wins():
    assert tricks.trick_winner(_trick("AS", "2H", "KS", "3H"), trump=cards.HEARTS) == 3
    assert tricks.trick_winner(_trick("AS", "2D", "KS", "3C"), trump=cards.HEARTS) == 0


def test_following_suit():
    hand = cards.hand_of(["AS", "2S", "KH"])
    assert tricks.follow_suit(hand, cards.SPADES) == cards.hand_of(["AS", "2S"])
    assert tricks.follow_suit(hand, cards.CLUBS) == hand


def test_offered_calls_are_this_moment_s_calls_legal_or_not():
    """The answer buttons of the tutorials and the quiz: a knock is offered even when a card
    fits, and a variant's own form of bid only."""
    from cardgames import shuffle
    from cardgames.layout import sabaat_al_deemin as sad
    from cardgames.positions import offered_calls
    from cardgames.trickbid import tarneeb

    hands = shuffle.deal("offered", sad.PACK)
    play = sad.new_deal(sad.PRESETS["classic"], hands, 0, start="play")
    assert offered_calls(sad, play) == [sad.KNOCK]
    announce = sad.new_deal(sad.PRESETS["classic"], hands, 0, start="announce")
    assert [sad.format_move(m) for m in offered_calls(sad, announce)] == [
        "pass",
        "redeal",
        "double",
        "triple",
    ]
    deal = shuffle.deal("offered", tarneeb.PACK)
    classic = tarneeb.new_deal(tarneeb.PRESETS["classic"], deal, 0)
    tokens = [tarneeb.format_move(m) for m in offered_calls(tarneeb, classic)]
    assert tokens == ["pass", "7", "8", "9", "10", "11", "12", "13"]
    egyptian = tarneeb.new_deal(tarneeb.PRESETS["egyptian"], deal, 0)
    tokens = [tarneeb.format_move(m) for m in offered_calls(tarneeb, egyptian)]
    assert tokens[:3] == ["pass", "double", "7C"] and "13NT" in tokens and "7" not in tokens
