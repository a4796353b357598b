"""Bent Al Sbeet's club player: each heuristic on a position where it must fire, and on one
where it must not."""

from dataclasses import replace

from cardgames.cards import parse_card
from cardgames.penalty import bent_al_sbeet as engine

from .helpers import club_hint, hands_with, replay

QAHWA = engine.PRESETS["qahwa"]
SBEETAH = engine.PRESETS["sbeetah"]
NO_PASS = replace(QAHWA, pass_count=0)


def deal(rules, tokens="", start="play", deal_number=1, **seats):
    """Dealer North: West, on the dealer's right, passes, exposes or leads first; then South,
    East, North (to the right)."""
    state = engine.new_deal(rules, hands_with(**seats), 0, deal_number=deal_number, start=start)
    return replay("bent-al-sbeet", state, tokens)


def hint(state):
    return club_hint("bent-al-sbeet", state)


def card(code):
    return parse_card(code)


# --- the pass ---------------------------------------------------------------------------------


def test_passes_the_queen_when_short_of_spades():
    decision = hint(deal(QAHWA, start="deal", W="QS 3S 2H 3H 4H 5H 6H 7H 8H AC KC QC JC"))
    assert decision.move == engine.PASS + engine.QS
    assert decision.reason == ("pass_penalty_card", "sbeetah", {"card": "QS"})


def test_keeps_the_queen_with_four_low_spades():
    decision = hint(deal(QAHWA, start="deal", W="QS 2S 3S 4S 5S AH KH QH JH TH AC KC QC"))
    assert decision.move != engine.PASS + engine.QS
    assert decision.reason.code == "pass_to_void"  # the three clubs, not the guarded queen


def test_passes_the_high_spades_that_would_catch_the_queen():
    decision = hint(deal(QAHWA, start="deal", W="AS KS 2S 2H 3H 4H 5H 6H 7H AC KC QC JC"))
    assert decision.move == engine.PASS + card("AS")
    assert decision.reason == ("pass_catcher", "sbeetah", {"card": "AS", "penalty": "QS"})


def test_keeps_the_high_spades_when_long_in_low_ones():
    decision = hint(deal(QAHWA, start="deal", W="AS KS 2S 3S 4S 5S AH KH QH JH TH 9H AC"))
    assert decision.reason.code != "pass_catcher"
    assert decision.move == engine.PASS + card("AC")  # the lone club, to be void in clubs


def test_passes_a_short_suit_to_be_void():
    decision = hint(deal(QAHWA, start="deal", W="2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 7H 8H AC"))
    assert decision.reason == ("pass_to_void", "qahwa", {"card": "AC", "suit": "C"})


def test_passes_the_highest_card_when_no_suit_can_be_emptied():
    # Spades and diamonds guard the queen and the ten; five hearts cannot go in one pass.
    decision = hint(deal(QAHWA, start="deal", W="QS 2S 3S 4S TD 2D 3D 4D 2H 3H 4H 5H 6H"))
    assert decision.reason == ("pass_high_card", "sbeetah", {"card": "6H"})


def test_passes_low_cards_for_the_moon_only_when_the_moon_is_on():
    moon_hand = "AH KH QH JH TH 9H 8H AS KS QS AD KD TD"
    decision = hint(deal(QAHWA, start="deal", W=moon_hand))
    assert decision.reason == ("pass_for_moon", None, {"card": "8H"})
    assert hint(deal(SBEETAH, start="deal", W=moon_hand)).reason.code != "pass_for_moon"


def test_the_three_passes_of_a_seat_are_its_plan_card_by_card():
    state = deal(QAHWA, start="deal", W="QS 3S 2H 3H 4H 5H 6H 7H 8H AC KC QC JC")
    chosen = []
    for _ in range(3):
        decision = hint(state)
        chosen.append(engine.format_move(decision.move))
        state.push(decision.move)
    # the queen, then the last spade (void in spades), then the highest card
    assert chosen == ["pass:QS", "pass:3S", "pass:AC"]


# --- exposing ---------------------------------------------------------------------------------


def test_exposes_the_queen_with_four_low_spades():
    decision = hint(deal(NO_PASS, start="deal", W="QS 2S 3S 4S 5S AH KH QH JH TH AC KC QC"))
    assert decision.move == engine.EXPOSE + engine.QS
    assert decision.reason == ("expose_safe", "qahwa", {"card": "QS"})


def test_keeps_the_queen_unexposed_without_a_safe_hand():
    decision = hint(deal(NO_PASS, start="deal", W="QS 2S AH KH QH JH TH AD KD QD JD AC KC"))
    assert decision.move == engine.KEEP
    assert decision.reason == ("keep_unexposed", "qahwa", {"card": "QS"})


# --- trick play: following and discarding ------------------------------------------------------

VOID_IN_CLUBS_WITH_QUEEN = "QS 2S 3S AH KH 2H 3H AD KD 2D 3D 4D 5D"
VOID_IN_CLUBS_WITH_ACE = "AS KS 2S AH KH 2H 3H AD KD 2D 3D 4D 5D"


def test_throws_the_queen_on_someone_elses_trick_when_void():
    # Sbeetah has no forced discard: throwing the queen is South's own choice.
    state = deal(SBEETAH, "2C", deal_number=2, W="2C", S=VOID_IN_CLUBS_WITH_QUEEN)
    decision = hint(state)
    assert decision.move == engine.QS
    assert decision.reason == ("discard_penalty", "qahwa", {"card": "QS"})


def test_throws_the_card_that_would_catch_the_queen_when_void_without_it():
    state = deal(SBEETAH, "2C", deal_number=2, W="2C", S=VOID_IN_CLUBS_WITH_ACE)
    decision = hint(state)
    assert decision.reason == ("discard_danger", None, {"card": "AS"})


def test_ducks_with_the_highest_card_under_the_trick():
    state = deal(QAHWA, "TC", W="TC", S="AC 9C 3C 2S 3S 4S 5S 2D 3D 4D 5D 6D 7D")
    decision = hint(state)
    assert decision.reason == ("duck", "sbeetah", {"card": "9C"})


def test_plays_low_when_every_card_wins_and_others_are_still_to_play():
    state = deal(QAHWA, "2C", W="2C", S="QC JC 2S 3S 4S 5S 6S 2D 3D 4D 5D 6D 7D")
    decision = hint(state)
    assert decision.reason == ("play_low", None, {"card": "JC"})


def test_takes_a_trick_without_points_with_its_highest_card_when_last():
    state = deal(
        QAHWA,
        "5C 6C 7C",
        W="5C",
        S="6C",
        E="7C",
        N="AC 2C 2S 3S 4S 5S 6S 2D 3D 4D 5D 6D 7D",
    )
    assert hint(state).reason == ("win_high", None, {"card": "AC"})


def test_ducks_a_trick_that_holds_a_point_even_when_last():
    # East, void in clubs, throws a heart: the trick is worth a point now.
    state = deal(
        QAHWA,
        "5C 6C 2H",
        W="5C",
        S="6C",
        E="2H 3H 4H 5H 6H 7H 8H 9H 2S 3S 4S 5S 6S",
        N="AC 2C 7S 8S 9S TS JS 2D 3D 4D 5D 6D 7D",
    )
    assert hint(state).reason == ("duck", "sbeetah", {"card": "2C"})


# --- trick play: leading -----------------------------------------------------------------------

MOON_HAND = "AH KH QH JH TH 9H 8H AS KS QS AD KD TD"


def test_goes_for_the_moon_only_when_the_moon_is_on():
    decision = hint(deal(QAHWA, W=MOON_HAND))
    assert decision.reason.code == "shoot_moon" and decision.reason.source is None
    assert decision.move in (card("AS"), card("AD"))  # a sure winner (hearts are not broken)
    assert hint(deal(SBEETAH, deal_number=2, W=MOON_HAND)).reason.code != "shoot_moon"


def test_leads_spades_under_the_queen_to_drive_it_out():
    decision = hint(deal(QAHWA, W="JS 5S 2S 2H 3H 4H 5H 6H 2C 3C 4C 5C AD"))
    assert decision.reason == ("flush_penalty", None, {"card": "JS", "penalty": "QS"})


def test_does_not_drive_the_queen_out_holding_a_spade_above_her():
    decision = hint(deal(QAHWA, W="KS JS 5S AD 2H 3H 4H 5H 6H 2C 3C 4C 5C"))
    assert decision.reason.code != "flush_penalty"
    # the card the most cards still out can beat: the two of clubs
    assert decision.reason == ("lead_low", "sbeetah", {"card": "2C"})


def test_leads_from_a_short_suit_to_empty_it():
    decision = hint(deal(QAHWA, W="KS AS 9D AD 2C 3C 4C 5C 6C 7C 8C 9C TC"))
    assert decision.reason == ("lead_short", "qahwa", {"card": "9D", "suit": "D"})


def test_exposes_at_its_turn_in_play_where_exposures_run_until_the_card_is_played():
    rules = replace(NO_PASS, expose_when="until_played")
    state = deal(rules, W="QS 2S 3S 4S 5S AH KH QH JH TH AC KC QC")
    assert state.phase == "play" and engine.EXPOSE + engine.QS in state.legal_moves()
    decision = hint(state)
    assert decision.move == engine.EXPOSE + engine.QS
    assert decision.reason == ("expose_safe", "qahwa", {"card": "QS"})


def test_plays_a_card_instead_of_exposing_an_unsafe_queen_in_play():
    rules = replace(NO_PASS, expose_when="until_played")
    state = deal(rules, W="QS 2S AH KH QH JH TH AD KD QD JD AC KC")
    assert hint(state).move < 52
