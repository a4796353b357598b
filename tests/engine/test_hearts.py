"""Hearts: pagat's rules (P-H) by behaviour, and OpenSpiel's options (OS-H) as house rules.
OpenSpiel itself plays the same deals in test_hearts_openspiel.py."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards, shuffle
from cardgames.errors import BadInput
from cardgames.games import sheet_for
from cardgames.penalty import hearts
from cardgames.penalty.hearts import PRESETS, new_deal, parse_move
from cardgames.penalty.match import outcome
from cardgames.table import E, N, S, W
from tests.matchplay import next_dealer, start

from . import golden, moves
from .moves import c

PAGAT = PRESETS["pagat"]
# N holds the 2♣ and leads it; E is void in clubs, with hearts, the Q♠ and diamonds; S and W
# follow clubs, and S's 7♣ takes the first trick.
DEAL_A = "N:AK.AK.A.KQJT9832 QJT9.QJT9.QJT98. 8765.8765.K7.765 432.432.65432.A4"
# One suit each: W holds every club, leads the 2♣ and takes every trick (a moon shot).
DEAL_MOON = "N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"


def push(deal, *tokens):
    return moves.push(hearts, deal, *tokens)


def toks(moves_):
    return moves.toks(hearts, moves_)


def refusal(deal, token):
    return moves.refusal(hearts, deal, token)


def at_play(rules=PAGAT, deal=DEAL_A, dealer=W, **kw):
    return new_deal(rules, cards.parse_deal(deal), dealer, start="play", **kw)


def rules(**changes):
    return dataclasses.replace(PAGAT, **changes)


def test_presets():
    assert hearts.DEFAULT_PRESET == "pagat"
    assert PAGAT.direction.value == "clockwise" and PAGAT.pass_count == 3
    assert (PAGAT.pass_direction, PAGAT.opening_lead) == ("rotate", "two_of_clubs")
    assert not PAGAT.points_on_first_trick and PAGAT.hearts_must_break and PAGAT.moon
    assert not PAGAT.queen_breaks_hearts and PAGAT.target == 100
    assert (PAGAT.jack_of_diamonds_points, PAGAT.no_trick_points) == (0, 0)
    assert PRESETS["openspiel"] == rules(queen_breaks_hearts=True)
    assert hearts.describe(PAGAT)["deal_total_plain"] == 26


def test_the_pass_rotates_left_right_across_none():
    directions = [hearts.pass_direction_for(PAGAT, n) for n in range(1, 9)]
    assert directions == ["left", "right", "across", "none"] * 2
    deal = new_deal(PAGAT, shuffle.deal("h"), W, deal_number=1)
    assert deal.pass_target(N) == E and deal.to_act == N  # after the dealer, clockwise
    assert new_deal(PAGAT, shuffle.deal("h"), W, deal_number=2).pass_target(N) == W
    assert new_deal(PAGAT, shuffle.deal("h"), W, deal_number=3).pass_target(N) == S
    fourth = new_deal(PAGAT, shuffle.deal("h"), W, deal_number=4)
    assert fourth.phase == "play" and fourth.pass_target(N) is None
    assert new_deal(rules(pass_count=0), shuffle.deal("h"), W).phase == "play"


def test_the_two_of_clubs_leads():
    deal = at_play(dealer=S)  # the dealer does not matter: the 2♣ leads
    assert deal.to_act == N and deal.legal_moves() == [c("2C")]
    err = refusal(deal, "KC")
    assert (err.code, err.details) == ("must_lead_two_of_clubs", {"card": "KC"})


def test_any_club_may_lead_as_a_house_rule():
    deal = at_play(rules(opening_lead="any_club"))
    assert toks(deal.legal_moves()) == ["2C", "3C", "8C", "9C", "TC", "JC", "QC", "KC"]
    assert refusal(deal, "AS").code == "must_lead_a_club"


def test_no_points_on_the_first_trick_unless_nothing_else():
    deal = push(at_play(), "2C")
    assert deal.to_act == E  # void in clubs: no heart, no Q♠
    assert toks(deal.legal_moves()) == ["9S", "TS", "JS", "8D", "9D", "TD", "JD", "QD"]
    err = refusal(deal, "QS")
    assert (err.code, err.details) == ("no_points_on_first_trick", {"card": "QS"})
    free = push(at_play(rules(points_on_first_trick=True)), "2C")
    assert "QS" in toks(free.legal_moves())


def test_hearts_broken_by_a_heart_or_the_queen_where_she_breaks_them():
    # S's 7♣ takes the first trick; S must lead: no heart before one has been played.
    deal = push(at_play(), "2C", "QD", "7C", "4C")
    assert deal.to_act == S
    assert "8H" not in toks(deal.legal_moves())
    assert refusal(deal, "8H").code == "hearts_not_broken"
    # E throws the queen on the second trick; W's A♣ takes it, and W may lead a heart only
    # where the queen breaks hearts (OpenSpiel's option).
    for breaks in (False, True):
        d = push(at_play(rules(queen_breaks_hearts=breaks)), "2C", "QD", "7C", "4C")
        push(d, "6C", "AC", "3C", "QS")
        assert d.to_act == W and ("2H" in toks(d.legal_moves())) is breaks
    loose = push(at_play(rules(hearts_must_break=False)), "2C", "QD", "7C", "4C")
    assert "8H" in toks(loose.legal_moves())


def _play_first(deal):
    while not deal.is_over:
        deal.push(deal.legal_moves()[0])
    return deal


def test_the_moon_and_the_bonuses():
    deal = _play_first(at_play(deal=DEAL_MOON))
    assert deal.moon_by() == W and deal.points() == [26, 26, 26, 0]
    jack = _play_first(at_play(rules(jack_of_diamonds_points=-10), deal=DEAL_MOON))
    assert jack.points() == [26, 26, 26, -10]  # the J♦ stays with whoever took it
    split = [PACK_HEARTS, cards.PACK_52 & ~PACK_HEARTS, 0, 0]
    assert hearts.score_deal(rules(no_trick_points=-5), split, True) == [13, 13, -5, -5]


PACK_HEARTS = cards.suit_mask(cards.HEARTS)


def test_the_no_trick_bonus_needs_the_deal_over_and_no_moon():
    split = [PACK_HEARTS, cards.PACK_52 & ~PACK_HEARTS, 0, 0]
    assert hearts.score_deal(rules(no_trick_points=-5), split, over=False) == [13, 13, 0, 0]
    moon = [PACK_HEARTS | (1 << c("QS")), cards.PACK_52 & ~PACK_HEARTS & ~(1 << c("QS")), 0, 0]
    assert hearts.score_deal(rules(no_trick_points=-5), moon, over=True) == [0, 26, 26, 26]


def test_worked_example():
    assert hearts.worked_example(PAGAT) == {
        "example_trick": 15,
        "example_jack": 0,
        "example_moon_shooter": 0,
        "example_moon_others": 26,
    }
    assert hearts.worked_example(rules(jack_of_diamonds_points=-10))["example_jack"] == -10


@pytest.mark.parametrize(
    "totals, over, winners",
    [
        ([99, 20, 30, 40], False, ()),
        ([100, 20, 30, 40], True, (E,)),
        ([120, 20, 20, 40], True, (E, S)),
    ],
)
def test_100_and_the_lowest_wins(totals, over, winners):
    assert outcome(PAGAT, totals)[:2] == (over, winners)


def test_no_exposure_in_hearts():
    with pytest.raises(BadInput):
        parse_move("expose:QS")
    with pytest.raises(BadInput) as info:
        at_play(exposed=1 << c("QS"))
    assert info.value.details["reason"] == "bad_exposed"


OPTIONS = st.fixed_dictionaries(
    {
        "opening_lead": st.sampled_from(["two_of_clubs", "any_club"]),
        "queen_breaks_hearts": st.booleans(),
        "jack_of_diamonds_points": st.sampled_from([0, -10]),
        "no_trick_points": st.sampled_from([0, -5]),
        "pass_count": st.sampled_from([0, 3]),
        "points_on_first_trick": st.booleans(),
        "hearts_must_break": st.booleans(),
    }
)


@settings(max_examples=60, deadline=None)
@given(
    options=OPTIONS,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    deal_number=st.integers(1, 8),
    rnd=st.randoms(use_true_random=False),
)
def test_random_playouts_under_any_mix_of_options(options, seed, dealer, deal_number, rnd):
    r = rules(**options)
    deal = new_deal(r, shuffle.deal(str(seed)), dealer, deal_number)
    while deal.to_act is not None:
        legal = deal.legal_moves()
        assert legal == sorted(legal)
        deal.push(rnd.choice(legal))
    assert sorted(m for m in deal.history if m < 52) == list(range(52))
    points = deal.points()
    base = 3 * 26 if deal.moon_by() is not None else 26
    bonus = r.jack_of_diamonds_points
    if deal.moon_by() is None:
        bonus += r.no_trick_points * sum(1 for t in deal.taken if not t)
    assert sum(points) == base + bonus


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_golden_match(preset):
    golden.check(f"hearts-{preset}.txt", golden.penalty_match(hearts, "Hearts", preset))


def test_a_match_deals_to_the_left():
    sheet = sheet_for("hearts", PAGAT)
    deal = _play_first(start(hearts, sheet, shuffle.deal("left"), N))
    assert next_dealer(sheet.record(deal)) == E and len(sheet.rows) == 1
