"""Tarneeb 41: every rule of relatives.md by behaviour, per source (SH-41, TR-41, AG-41)."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards, shuffle
from cardgames.errors import IllegalMove
from cardgames.games import sheet_for
from cardgames.positions import open_position
from cardgames.table import E, N, S, W
from cardgames.trickbid import tarneeb_41
from cardgames.trickbid.deal import out_of_turn
from cardgames.trickbid.match import outcome
from cardgames.trickbid.moves import classic_bid
from cardgames.trickbid.tarneeb_41 import PRESETS, new_deal, replay, score_bids
from tests import matchplay

from . import golden

CLASSIC = PRESETS["classic"]
FOUR_HUNDRED = PRESETS["four-hundred"]
SPEC_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def start(rules=CLASSIC, deal=SPEC_DEAL, dealer=N, moves=""):
    return replay(rules, cards.parse_deal(deal), dealer, moves.split())


def toks(moves):
    return [tarneeb_41.format_move(m) for m in moves]


def test_presets_follow_their_sources():
    assert tarneeb_41.DEFAULT_PRESET == "classic"
    assert (CLASSIC.first_lead, CLASSIC.partner_condition) == ("dealer", "above_zero")
    assert (FOUR_HUNDRED.first_lead, FOUR_HUNDRED.partner_condition) == (
        "dealer_right",
        "not_negative",
    )
    for rules in PRESETS.values():
        assert (rules.min_bid, rules.min_total_bids, rules.double_from) == (1, 11, 7)
        assert rules.target == 41 and rules.direction.value == "right"


def test_everyone_bids_once_from_the_dealers_right_the_dealer_last():
    deal = start()
    assert deal.phase == "bidding" and deal.to_act == W
    assert toks(deal.legal_moves()) == [str(n) for n in range(1, 14)]
    with pytest.raises(IllegalMove) as info:
        deal.play(tarneeb_41.parse_move("pass"))
    assert (info.value.code, info.value.details) == ("everyone_bids", {"seat": "W", "bid": "1"})
    deal = start(moves="5 3")
    assert deal.to_act == E
    assert toks(deal.legal_moves())[0] == "1"  # no bid has to beat another
    assert out_of_turn(deal, W).code == "already_bid"
    deal = start(moves="5 3 2")
    assert deal.to_act == N  # the dealer bids last


@pytest.mark.parametrize("bids, thrown_in", [("3 4 2 1", True), ("3 4 2 2", False)])
def test_bids_adding_up_to_less_than_11_throw_the_hand_in(bids, thrown_in):
    deal = start(moves=bids)
    assert deal.thrown_in is thrown_in
    if thrown_in:
        assert deal.is_over and deal.points() == [0, 0, 0, 0]
        assert deal.next_dealer() == N  # dealt again by the same dealer
    else:
        assert deal.phase == "play" and deal.strain == "H" and deal.contract is None


@pytest.mark.parametrize("rules, leader", [(CLASSIC, N), (FOUR_HUNDRED, W)])
def test_the_first_lead_by_each_source(rules, leader):
    deal = start(rules, moves="3 3 3 3")
    assert deal.to_act == leader  # SH-41: the dealer; TR-41: the dealer's right


def test_hearts_are_always_trumps():
    deal = start(deal=ONE_SUIT_EACH, moves="3 3 3 3 AS 2C 2D")
    assert deal.to_act == E
    deal = deal.play(cards.parse_card("2H"))
    assert deal.last_trick[1] == E  # the lowest heart trumps the ace of spades


def test_each_player_scores_their_own_bid_sevens_and_more_double():
    assert score_bids(CLASSIC, [7, 8, 3, 1], [7, 5, 4, 1]) == [14, -16, 3, 1]
    assert tarneeb_41.worked_example(CLASSIC) == {
        "example_made_seven": 14,
        "example_missed_eight": -16,
        "example_made_three": 3,
    }
    assert score_bids(dataclasses.replace(CLASSIC, double_from=14), [7], [7]) == [7]


@pytest.mark.parametrize(
    "rules, totals, over, winner",
    [
        (CLASSIC, [41, 3, 1, 5], True, 0),
        (CLASSIC, [41, 3, 0, 5], False, None),  # AG-41: the partner must be above zero
        (FOUR_HUNDRED, [41, 3, 0, 5], True, 0),  # TR-41: not negative is enough
        (FOUR_HUNDRED, [41, 3, -1, 5], False, None),
        (CLASSIC, [45, 50, 5, 5], True, 1),  # both sides: the higher total wins
        (CLASSIC, [45, 45, 5, 5], False, None),  # equal: the match plays on
        (CLASSIC, [40, 3, 50, 5], True, 0),
    ],
)
def test_41_with_the_partner_condition(rules, totals, over, winner):
    result = outcome(rules, totals)
    assert (result.over, result.winner) == (over, winner)


def test_a_position_with_totals_says_who_won():
    moves = "3 3 3 3 " + " ".join(
        ["AS", "2C", "2D", "2H"] + ["3H", "KS", "3C", "3D"] + ["4H", "QS", "4C", "4D"]
    )
    params = {"deal": ONE_SUIT_EACH, "dealer": "N", "moves": moves, "totals": "E:38,W:1"}
    pos = open_position(tarneeb_41, params)
    assert pos.state.to_act == E  # E, void of nothing but hearts, takes every trick
    answer = pos.to_json("tarneeb-41")
    assert answer["totals"] == {"N": 0, "E": 38, "S": 0, "W": 1} and answer["match"] is None


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    rnd=st.randoms(use_true_random=False),
)
def test_random_playouts(preset, seed, dealer, rnd):
    rules = PRESETS[preset]
    deal = new_deal(rules, shuffle.deal(str(seed)), dealer)
    while deal.to_act is not None:
        legal = deal.legal_moves()
        assert legal == sorted(legal)
        deal.push(rnd.choice(legal[:5]) if deal.phase == "bidding" else rnd.choice(legal))
    bids = [deal.bid_of(s) for s in range(4)]
    assert len(deal.bids) == 4 and all(b is not None for b in bids)
    if deal.thrown_in:
        assert sum(bids) < 11 and deal.points() == [0, 0, 0, 0]
        return
    assert sorted(m for m in deal.history if m < 52) == list(range(52))
    assert sum(deal.tricks_won) == 13 and deal.trump == cards.HEARTS
    assert deal.points() == score_bids(rules, bids, deal.tricks_won)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_golden_match(preset):
    golden.check(f"tarneeb-41-{preset}.txt", golden.tarneeb_41_match(tarneeb_41, preset))


def test_a_match_keeps_the_dealer_after_a_throw_in():
    sheet = sheet_for("tarneeb-41", CLASSIC)
    deal = matchplay.start(tarneeb_41, sheet, cards.parse_deal(SPEC_DEAL), S)
    for _ in range(4):
        deal.push(classic_bid(1))
    after = sheet.record(deal)
    assert deal.thrown_in and matchplay.next_dealer(after) == S and sheet.totals == (0, 0, 0, 0)
