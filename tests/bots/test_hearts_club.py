"""Hearts' club player: the first-trick rule and the J♦ house rule, each on a position where
its heuristic must fire and on one where it must not. Dealer North: East passes first; play
goes clockwise (West, North, East, South), the holder of the two of clubs leading it."""

from dataclasses import replace

from cardgames.cards import parse_card
from cardgames.penalty import hearts as engine

from .helpers import club_hint, hands_with, replay

PAGAT = engine.PRESETS["pagat"]
JACK = replace(PAGAT, jack_of_diamonds_points=-10)


def deal(rules, tokens="", start="play", **seats):
    state = engine.new_deal(rules, hands_with(**seats), 0, start=start)
    return replay("hearts", state, tokens)


def hint(state):
    return club_hint("hearts", state)


# --- the first trick ---------------------------------------------------------------------------


def test_the_first_trick_is_free_so_it_plays_its_highest_club():
    state = deal(PAGAT, "2C", W="2C", N="KC 5C 3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH")
    assert hint(state).reason == ("first_trick_high", None, {"card": "KC"})


def test_where_points_may_fall_on_the_first_trick_it_ducks_as_usual():
    rules = replace(PAGAT, points_on_first_trick=True)
    state = deal(rules, "2C", W="2C", N="KC 5C 3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH")
    assert hint(state).reason.code != "first_trick_high"
    assert hint(state).move == parse_card("3C")


def test_a_point_forced_onto_the_first_trick_ends_the_free_ride():
    # North holds nothing but hearts and the queen: it had to throw one on the first trick.
    state = deal(
        PAGAT,
        "2C QS",
        W="2C",
        N="QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        E="KC 5C 3C 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    )
    assert hint(state).reason == ("play_low", None, {"card": "3C"})


# --- the jack of diamonds -----------------------------------------------------------------------

# South takes the first trick and leads a diamond; West drops the jack, North follows low.
JACK_TRICK = "2C 3C 4C AC 5D JD 2D"
JACK_HANDS = {
    "W": "2C JD",
    "N": "3C 2D",
    "E": "4C QD 3D 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    "S": "AC 5D",
}


def test_takes_a_trick_with_the_jack_of_diamonds_in_it():
    state = deal(JACK, JACK_TRICK, **JACK_HANDS)
    assert hint(state).reason == ("win_jack", None, {"card": "QD"})


def test_without_the_house_rule_the_jack_is_a_trick_without_points_like_any_other():
    state = deal(PAGAT, JACK_TRICK, **JACK_HANDS)
    assert hint(state).reason == ("win_high", None, {"card": "QD"})


def test_does_not_take_the_jack_with_the_queen_of_spades_beside_it():
    # North, void in diamonds, throws the queen: 13 points cost more than the jack gives.
    hands = dict(JACK_HANDS, N="3C QS 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS")
    state = deal(JACK, "2C 3C 4C AC 5D JD QS", **hands)
    assert hint(state).reason == ("duck", None, {"card": "3D"})


def test_keeps_the_jack_of_diamonds_out_of_the_pass():
    # The lone jack would empty the diamonds; under the house rule it is worth keeping.
    hand = "JD 2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 7H 8H"
    assert hint(deal(PAGAT, start="deal", E=hand)).reason == (
        "pass_to_void",
        None,
        {"card": "JD", "suit": "D"},
    )
    assert hint(deal(JACK, start="deal", E=hand)).move != engine.PASS + parse_card("JD")
