"""Dealing around the table: the j-th card of the pack to seat j mod 4."""

from hypothesis import given
from hypothesis import strategies as st

from cardgames import shuffle
from cardgames.cards import PACK_52, cards_in, mask_of


@given(st.permutations(range(52)), st.integers(min_value=0, max_value=52))
def test_each_card_goes_to_its_seat_in_turn(pack, size):
    cards = pack[:size]
    hands = shuffle.dealt_around(cards)
    for j, c in enumerate(cards):
        assert hands[j % 4] >> c & 1
    assert sum(h.bit_count() for h in hands) == size
    assert [len(cards_in(h)) for h in hands] == [len(cards[seat::4]) for seat in range(4)]


def test_a_seeded_deal_is_dealt_around():
    hands = shuffle.deal("dealing", PACK_52)
    assert hands == shuffle.dealt_around(shuffle.shuffled("dealing", PACK_52))
    assert [h.bit_count() for h in hands] == [13] * 4


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_a_bit_set_is_the_set_of_its_cards(mask):
    assert mask_of(cards_in(mask)) == mask
