"""Leekha's club player: the penalty family's heuristics with partners, talyeekh and talbees,
each on a position where it must fire and on one where it must not. Dealer North: West, on
the dealer's right, passes and leads first; then South, East, North (to the right). North and
South are partners, so are East and West."""

from dataclasses import replace

from cardgames.cards import parse_card
from cardgames.penalty import leekha as engine

from .helpers import club_hint, hands_with, replay

CLASSIC = engine.PRESETS["classic"]  # partners, each with a score; talyeekh
SOLO = engine.PRESETS["solo"]
TALBEES = replace(CLASSIC, talbees=(engine.LEEKHAS[0],))


def deal(rules, tokens="", start="play", **seats):
    state = engine.new_deal(rules, hands_with(**seats), 0, start=start)
    return replay("leekha", state, tokens)


def hint(state):
    return club_hint("leekha", state)


# --- the partner's trick ----------------------------------------------------------------------

# East, void in clubs and holding no leekha, may throw anything.
EAST_VOID = "AH KH QH 2D 3D 4D 5D 6D 7D 8D 9D 2S 3S"


def test_gives_the_partners_trick_no_points():
    # West's ace of clubs will take the trick: East throws a card worth nothing.
    state = deal(CLASSIC, "AC 2C", W="AC", S="2C", E=EAST_VOID)
    assert hint(state).reason == ("spare_partner", None, {"card": "9D"})


def test_throws_points_on_an_opponents_trick():
    # South's ace takes the trick: East throws its highest heart on it.
    state = deal(CLASSIC, "2C AC", W="2C", S="AC", E=EAST_VOID)
    assert hint(state).reason == ("discard_danger", None, {"card": "AH"})


def test_does_not_drop_the_big_leekha_under_the_partners_ace():
    state = deal(CLASSIC, "AS 2S", W="AS", S="2S", E="QS 3S 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D")
    assert hint(state).reason == ("spare_partner", None, {"card": "3S"})


def test_drops_the_big_leekha_under_an_opponents_ace():
    state = deal(CLASSIC, "2S AS", W="2S", S="AS", E="QS 3S 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D")
    assert hint(state).reason == ("duck", None, {"card": "QS"})


BOTH_LEEKHAS_NO_CLUBS = "QS TD 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D"


def test_talyeekh_on_the_partners_trick_gives_the_small_leekha():
    # Void in clubs, East must throw a leekha (talyeekh): the smaller one on the partner.
    state = deal(CLASSIC, "AC 2C", W="AC", S="2C", E=BOTH_LEEKHAS_NO_CLUBS)
    assert state.legal_moves() == [engine.LEEKHAS[0], engine.LEEKHAS[1]]
    assert hint(state).reason == ("spare_partner", None, {"card": "TD"})


def test_talyeekh_on_an_opponents_trick_gives_the_big_leekha():
    state = deal(CLASSIC, "2C AC", W="2C", S="AC", E=BOTH_LEEKHAS_NO_CLUBS)
    assert hint(state).reason == ("discard_penalty", None, {"card": "QS"})


def test_without_partners_every_other_trick_is_an_opponents():
    state = deal(SOLO, "AC 2C", W="AC", S="2C", E=EAST_VOID)
    assert hint(state).reason == ("discard_danger", None, {"card": "AH"})


# --- talbees -----------------------------------------------------------------------------------

HIGH_SPADES = "AS KS 2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C"


def test_passes_the_spade_that_would_force_the_partners_queen_out_under_talbees():
    decision = hint(deal(TALBEES, start="deal", W=HIGH_SPADES))
    assert decision.move == engine.PASS + parse_card("AS")
    assert decision.reason == ("pass_talbees_catcher", None, {"card": "AS", "penalty": "QS"})


def test_keeps_well_guarded_high_spades_without_talbees():
    decision = hint(deal(CLASSIC, start="deal", W=HIGH_SPADES))
    assert decision.reason == ("pass_to_void", None, {"card": "2C", "suit": "C"})


def test_talbees_without_partners_forces_out_only_an_opponents_queen():
    decision = hint(deal(replace(TALBEES, partnership="none"), start="deal", W=HIGH_SPADES))
    assert decision.reason.code == "pass_to_void"


def test_never_chooses_the_last_card_of_a_suit_where_the_rules_keep_it():
    # Solo Leekha keeps the last card of a suit in hand: the lone club cannot be passed.
    decision = hint(deal(SOLO, start="deal", W=HIGH_SPADES))
    assert decision.move != engine.PASS + parse_card("2C")
    assert decision.move in deal(SOLO, start="deal", W=HIGH_SPADES).legal_moves()
