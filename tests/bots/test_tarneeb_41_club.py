"""Tarneeb 41's club player: every player bids alone, hearts are trumps, and whoever still needs
tricks for their own bid plays the declarer's part. Each heuristic on a position where it must
fire and on one where it must not. Dealer North: West bids first, then South, East and North
(to the right); North, the dealer, leads. West and East are partners, so are North and South."""

from cardgames.trickbid import tarneeb_41 as engine

from .helpers import club_hint, hands_with, replay

CLASSIC = engine.PRESETS["classic"]


def deal(tokens="", **seats):
    state = engine.new_deal(CLASSIC, hands_with(**seats), 0)
    return replay("tarneeb-41", state, tokens)


def hint(state):
    return club_hint("tarneeb-41", state)


# --- the bidding ------------------------------------------------------------------------------


def test_bids_the_tricks_it_counts_alone():
    # Two spade tricks and the ace of trumps.
    state = deal(W="AS KS AH 2H 3H 2D 3D 4D 2C 3C 4C 5C 6C")
    assert hint(state).reason == ("bid_own_tricks", None, {"bid": "3", "tricks": 3})


def test_a_bid_that_counts_double_is_made_with_a_trick_to_spare():
    # Seven tricks counted (two in spades, four in hearts, the ace of diamonds): bid six.
    state = deal(W="AS KS AH KH 2H 3H 4H AD 2D 3C 4C 5C 6C")
    assert hint(state).reason == ("bid_double_carefully", None, {"bid": "6", "tricks": 7})


def test_a_bid_under_the_doubling_mark_is_the_count():
    state = deal(W="AS KS AH KH 2H 3H 4H 5D 2D 3C 4C 5C 6C")
    assert hint(state).reason == ("bid_own_tricks", None, {"bid": "6", "tricks": 6})


NORTH_THREE = "AS KS AH 2H 3H 4D 5D 6D 2C 3C 4C 5C 6C"


def test_the_last_bidder_one_trick_short_of_a_played_hand_bids_it():
    state = deal("2 2 3", N=NORTH_THREE)
    assert state.to_act == 0
    assert hint(state).reason == ("bid_to_play", None, {"bid": "4", "tricks": 3})


def test_the_last_bidder_far_short_lets_the_hand_be_dealt_again():
    state = deal("1 1 1", N=NORTH_THREE)
    decision = hint(state)
    assert decision.reason == ("let_redeal", None, {"bid": "3", "tricks": 3})
    state.push(decision.move)
    assert state.thrown_in


def test_the_last_bidder_of_a_hand_already_played_bids_its_count():
    state = deal("4 4 3", N=NORTH_THREE)
    assert hint(state).reason == ("bid_own_tricks", None, {"bid": "3", "tricks": 3})


# --- the play ---------------------------------------------------------------------------------

# North leads a club, West takes it with the ace and leads the king of diamonds; South follows.
PLAY = "2C AC 3C 4C KD 2D"
PLAY_HANDS = {
    "N": "2C",
    "W": "AC KD",
    "S": "3C 2D",
    "E": "4C AD 3D 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
}


def test_takes_the_partners_trick_for_its_own_bid_once_the_partner_has_made_theirs():
    # West bid one and has it; East bid three and has none.
    state = deal("1 4 3 3 " + PLAY, **PLAY_HANDS)
    assert state.to_act == 1
    assert hint(state).reason == ("take_own_trick", None, {"card": "AD"})


def test_leaves_the_partner_a_trick_the_partner_still_needs():
    state = deal("2 3 3 3 " + PLAY, **PLAY_HANDS)
    assert hint(state).reason == ("no_overtake", None, {"card": "3D"})


def test_a_player_who_needs_tricks_and_holds_long_trumps_draws_them():
    state = deal("3 3 2 4", N="AH KH 5H 4H 3H 2S 3S 4S 5D 6D 7D 2C 3C")
    assert state.to_act == 0
    assert hint(state).reason == ("draw_trumps", None, {"card": "AH"})


def test_a_player_short_of_trumps_leaves_them_alone():
    state = deal("3 3 2 4", N="AH KH 5H 4S 3S 2S 6S 7S 5D 6D 7D 2C 3C")
    assert hint(state).reason.code != "draw_trumps"
