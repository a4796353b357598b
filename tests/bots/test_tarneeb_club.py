"""Tarneeb's club player: each heuristic on a position where it must fire, and on one where it
must not. Dealer North: West speaks first and leads first as declarer; then South, East,
North (to the right). West and East are partners, so are North and South."""

from dataclasses import replace

from cardgames.cards import HEARTS, parse_card
from cardgames.trickbid import tarneeb as engine

from .helpers import club_hint, hands_with, replay

CLASSIC = engine.PRESETS["classic"]
EGYPTIAN = engine.PRESETS["egyptian"]
EGYPTIAN_FORCED = replace(EGYPTIAN, dealer_forced=True)

STRONG_SPADES = "AS KS QS JS 9S 5S AH KH AD KD 2C 3C 4C"
WEAK = "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C"


def deal(rules, tokens="", **seats):
    state = engine.new_deal(rules, hands_with(**seats), 0)
    return replay("tarneeb", state, tokens)


def hint(state):
    return club_hint("tarneeb", state)


# --- the auction ------------------------------------------------------------------------------


def test_bids_on_the_tricks_it_can_count():
    decision = hint(deal(CLASSIC, W=STRONG_SPADES))
    assert decision.move == engine.classic_bid(7)
    assert decision.reason == ("bid_sure_tricks", "squarescores", {"bid": "7", "tricks": 10})


def test_passes_a_hand_without_tricks():
    decision = hint(deal(CLASSIC, W=WEAK))
    assert decision.move == engine.PASS
    assert decision.reason == ("pass_weak", "squarescores", {"tricks": 1})  # four trumps


def test_lets_the_partners_bid_stand_without_tricks_of_its_own_to_go_over():
    state = deal(CLASSIC, "7 pass", W=STRONG_SPADES, E="QH 9H 8H 7H 6H QD JD 3D 4D 5D 6D 7D 8D")
    decision = hint(state)
    assert decision.move == engine.PASS
    assert decision.reason == ("let_bid_stand", "squarescores", {"bid": "7"})


def test_goes_over_the_partner_with_a_hand_that_makes_the_higher_bid_alone():
    state = deal(CLASSIC, "7 pass", W=STRONG_SPADES, E="AC KC QC JC TC 9C 8C 7C QH JH TH QD JD")
    decision = hint(state)
    assert decision.move == engine.classic_bid(8)
    assert decision.reason.code == "bid_sure_tricks"


def test_the_forced_dealer_bids_seven_in_its_longest_suit():
    state = deal(EGYPTIAN_FORCED, "pass pass pass", N="AH KH 9H 8H 7H 6H 2S 3S 2D 3D 4D 2C 3C")
    decision = hint(state)
    assert decision.move == engine.egyptian_bid(7, HEARTS)
    assert decision.reason == ("forced_bid", None, {"bid": "7H"})


def test_a_forced_bid_of_a_single_form_is_the_only_move():
    state = deal(engine.PRESETS["dealer-forced"], "pass pass pass", N=WEAK)
    assert hint(state).reason == ("only_move", None, {})


def test_doubles_a_bid_its_high_cards_can_beat():
    # Against eight spades the defence needs six tricks: four of South's and two of a partner.
    state = deal(EGYPTIAN, "8S", W=STRONG_SPADES, S="AC KC QC JC TC QH JH TH QD JD TD 6S 7S")
    decision = hint(state)
    assert decision.move == engine.DOUBLE
    assert decision.reason == ("double_contract", None, {"bid": "8S", "tricks": 4})


def test_does_not_double_without_the_cards_to_beat_the_bid():
    state = deal(EGYPTIAN, "8S", W=STRONG_SPADES, S="6S 7S 8S TS 2H 3H 4H 5H 2D 3D 4D 5D 6D")
    assert hint(state).move != engine.DOUBLE


def test_names_its_longest_suit_trumps():
    state = deal(CLASSIC, "7 pass pass pass", W="2H 3H 4H 5H 6H 7H AS KS QS AD 2C 3C 4C")
    decision = hint(state)
    assert decision.move == engine.trump_call(HEARTS)  # six hearts over three top spades
    assert decision.reason == ("call_trump", "squarescores", {"suit": "H"})


# --- trick play -------------------------------------------------------------------------------

DECLARER = "AS KS QS 2S 3S AH 2H 3H AD 2D 3D AC 2C"


def test_the_declarer_draws_trumps_first():
    state = deal(CLASSIC, "7 pass pass pass trump:S", W=DECLARER)
    decision = hint(state)
    assert decision.reason == ("draw_trumps", "squarescores", {"card": "AS"})


def test_no_trumps_to_draw_in_no_trumps_so_it_cashes_a_winner():
    state = deal(CLASSIC, "7 pass pass pass trump:NT", W=DECLARER)
    decision = hint(state)
    assert decision.reason.code == "cash_winner"
    assert decision.move in {parse_card(c) for c in ("AS", "AH", "AD", "AC")}


def test_leads_low_from_the_longest_suit_without_a_winner_to_cash():
    hand = "KS QS JS 9S 8S KH QH KD QD KC QC JC TC"
    state = deal(CLASSIC, "7 pass pass pass trump:NT", W=hand)
    assert hint(state).reason == ("lead_long_suit", None, {"card": "8S", "suit": "S"})


NO_TRUMPS = "7 pass pass pass trump:NT"


def test_never_overtakes_a_partners_winning_card():
    # West's king of hearts wins; East holds the ace but plays low.
    state = deal(
        CLASSIC,
        NO_TRUMPS + " KH 2H",
        W="KH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        S="2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        E="AH 3H 4H 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
    )
    decision = hint(state)
    assert decision.reason == ("no_overtake", None, {"card": "3H"})


def test_overtakes_the_partner_when_the_trick_is_not_safe():
    # West's queen can be beaten by the king still out: East makes it sure with the ace.
    state = deal(
        CLASSIC,
        NO_TRUMPS + " QH 2H",
        W="QH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        S="2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        E="AH 3H 4H 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
    )
    assert hint(state).reason == ("win_trick", None, {"card": "AH"})


def test_takes_the_trick_as_cheaply_as_it_can_when_last():
    state = deal(
        CLASSIC,
        NO_TRUMPS + " 5C 7C 9C",
        W="5C 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        S="7C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        E="9C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        N="TC KC 2C AS AH AD AC 3C 4C 6C 8C JC QC",
    )
    assert hint(state).reason == ("win_trick", None, {"card": "TC"})


def test_plays_low_when_it_cannot_win():
    state = deal(
        CLASSIC,
        NO_TRUMPS + " AC 7C 9C",
        W="AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        S="7C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        E="9C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        N="TC KC 2C AS AH AD 5C 3C 4C 6C 8C JC QC",
    )
    assert hint(state).reason == ("play_low", None, {"card": "2C"})


SPADES = "7 pass pass pass trump:S"
SOUTH_VOID_IN_HEARTS = "4S 5S 4D 5D 6D 7D 8D 9D TD JD QD KD 3C"


def test_ruffs_the_declarers_best_card():
    state = deal(CLASSIC, SPADES + " AH", W=DECLARER, S=SOUTH_VOID_IN_HEARTS)
    assert hint(state).reason == ("ruff", "squarescores", {"card": "4S"})


def test_holds_a_trump_back_while_the_partner_may_take_the_trick():
    state = deal(CLASSIC, SPADES + " 2H", W=DECLARER, S=SOUTH_VOID_IN_HEARTS)
    decision = hint(state)
    assert decision.reason == ("hold_trump", "squarescores", {"card": "3C"})


def test_discards_low_when_void_without_a_trump():
    state = deal(CLASSIC, SPADES + " 2H", W=DECLARER, S="3C 4C 4D 5D 6D 7D 8D 9D TD JD QD KD 5C")
    assert hint(state).reason == ("discard_low", None, {"card": "3C"})
