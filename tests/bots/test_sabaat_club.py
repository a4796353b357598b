"""Sab'at Al-Deemin's club player: each heuristic on a position where it must fire, and on one
where it must not. Dealer North: the announcements start with West, then South, East, North
(to the right); play starts with the holder of the seven of diamonds. North and South are
partners, so are East and West."""

from cardgames.cards import PACK_32, parse_card, parse_deal
from cardgames.layout import sabaat_al_deemin as engine

from .helpers import club_hint, hands_with, replay

RULES = engine.PRESETS["classic"]


def deal(tokens="", start="play", **seats):
    state = engine.new_deal(RULES, hands_with(PACK_32, **seats), 0, start=start)
    return replay("sabaat-al-deemin", state, tokens)


def hint(state):
    return club_hint("sabaat-al-deemin", state)


# --- the announcements ------------------------------------------------------------------------


def test_asks_for_a_new_deal_with_three_kings_in_a_slow_hand():
    state = deal(start="announce", W="KS KH KD QS QH JD 9C 8C")
    decision = hint(state)
    assert decision.move == engine.REDEAL
    assert decision.reason == ("redeal_high_cards", None, {"kings": 3, "aces": 0})


def test_keeps_three_kings_in_a_fast_hand():
    state = deal(start="announce", W="KS KH KD 7S 8S 9S TS JS")
    decision = hint(state)
    assert decision.move == engine.DOUBLE
    assert decision.reason == ("double_fast_hand", None, {"runs": 5})


def test_passes_a_hand_that_needs_the_others():
    decision = hint(deal(start="announce", W="AS KH QD JC TS 9H 8D AC"))
    assert decision.reason == ("announce_pass", None, {"runs": 0})


def test_triples_an_opponents_double_with_a_faster_hand():
    state = deal(
        "double", start="announce", W="7S 8S 9S TS AH KH QH JH", S="7C 8C 9C TC JC 7H 8H 9H"
    )
    decision = hint(state)
    assert decision.move == engine.TRIPLE
    assert decision.reason == ("triple_fast_hand", None, {"runs": 8})


def test_does_not_triple_with_a_hand_that_only_doubles():
    state = deal(
        "double", start="announce", W="7S 8S 9S TS AH KH QH JH", S="7C 8C 9C TC AD KD QD JD"
    )
    assert hint(state).move == engine.PASS


# --- laying a card ----------------------------------------------------------------------------


def test_holds_back_a_seven_in_a_suit_where_the_opponents_are_long():
    # West opens; South may lay the seven of clubs (its only club) or the seven of hearts.
    state = deal("7D", W="7D", S="7C 7H 8H 9H TH JH 8S 9S")
    decision = hint(state)
    assert decision.move == parse_card("7H")
    assert decision.reason == ("hold_seven", None, {"card": "7H", "held": "7C"})


def test_lays_the_seven_of_its_own_long_suit():
    state = deal("7D", W="7D", S="7C 8C 9C TC JC 8D 9S TS")
    decision = hint(state)
    assert decision.reason == ("play_long_suit", None, {"card": "7C", "suit": "C"})


# A seeded deal played by club players; at the end West may lay the king of hearts or the ace
# of clubs, and its partner East has just knocked.
STUCK_DEAL = "N:7.AT98.T.KQ T98.7.KJ.T8 AKQJ.Q.87.9 .KJ.AQ9.AJ7"
STUCK_MOVES = (
    "7D 7H 8H 7C 8D 8C 9H 9D 9C TC TH JH QH knock TD JC knock JD QC QD knock KD KC AD knock "
    "knock 7S"
)


def test_lays_the_card_that_may_let_a_stuck_partner_play():
    state = engine.new_deal(RULES, parse_deal(STUCK_DEAL, PACK_32), 0, start="play")
    replay("sabaat-al-deemin", state, STUCK_MOVES)
    assert state.to_act == 3 and state.history[-2] == engine.KNOCK  # East knocked
    decision = hint(state)
    # The ace of clubs opens nothing; the king of hearts opens the ace, which East may hold.
    assert decision.move == parse_card("KH")
    assert decision.reason == ("unblock_partner", None, {"card": "KH"})


def test_no_partner_to_unblock_before_a_knock():
    state = engine.new_deal(RULES, parse_deal(STUCK_DEAL, PACK_32), 0, start="play")
    replay("sabaat-al-deemin", state, " ".join(STUCK_MOVES.split()[:11]))  # nobody knocked yet
    assert state.to_act == 3 and engine.KNOCK not in state.history
    assert hint(state).reason == ("play_long_suit", None, {"card": "JH", "suit": "H"})
