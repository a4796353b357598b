"""The Tarneeb score sheet: whole-number entries, the carried debt, the signed total beside it."""

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import shuffle
from cardgames.errors import BadInput, IllegalMove
from cardgames.table import N
from cardgames.trickbid import score_sheet
from cardgames.trickbid.score_sheet import DealEntry, Sheet
from cardgames.trickbid.tarneeb import PASS, PRESETS, Rules, classic_bid, new_deal

CLASSIC = PRESETS["classic"]
EGYPTIAN = PRESETS["egyptian"]


def test_docstring_examples():
    results = doctest.testmod(score_sheet)
    assert results.failed == 0 and results.attempted >= 5


def test_the_sources_worked_example():
    sheet = Sheet()
    one = sheet.enter_deal(CLASSIC, bid=8, bidding_side="EW", tricks=8)
    assert one.entries == (0, 8) and one.scores == (0, 8)
    two = sheet.enter_deal(CLASSIC, bid=10, bidding_side="NS", tricks=7)
    assert two.scores == (-10, 6)  # missed by 3: the bid owed; East-West's own 6 tricks
    assert two.entries == (0, 6) and two.debts == (10, 0)
    three = sheet.enter_deal(CLASSIC, bid=9, bidding_side="NS", tricks=13)
    assert three.scores == (16, 0)  # kaboot: 13 + 3
    assert three.entries == (6, 0)  # less the 10 still owed
    assert sheet.lines == (6, 14)  # North-South 6, East-West 14
    assert sheet.debts == (0, 0)  # paid off in full
    assert sheet.totals == (6, 14)
    assert all(min(row.entries) >= 0 for row in sheet.rows)  # no negative number anywhere
    assert [row.lines for row in sheet.rows] == [(0, 8), (0, 14), (6, 14)]
    assert sheet.rows[1].deal == DealEntry(bid=10, bidding_side=0, tricks=7, doubled=False)
    assert sheet.winner is None


def test_line_minus_debt_is_the_signed_total():
    sheet = Sheet()
    sheet.enter_deal(CLASSIC, 10, "NS", 7)
    assert sheet.lines[0] - sheet.debts[0] == sheet.totals[0] == -10
    row = sheet.enter_deal(CLASSIC, 8, "NS", 8)  # 8 points against a debt of 10
    assert row.entries == (0, 0) and row.debts == (2, 0) and row.totals == (-2, 6)
    row = sheet.enter_deal(CLASSIC, 11, "EW", 9)  # EW miss; NS score 4, pay 2, enter 2
    assert row.scores == (4, -11) and row.entries == (2, 0) and row.debts == (0, 11)
    assert sheet.lines == (2, 6) and sheet.totals == (2, -5)
    for side in (0, 1):
        assert sheet.lines[side] - sheet.debts[side] == sheet.totals[side]


def test_a_missed_thirteen_and_the_defenders_double():
    sheet = Sheet()
    row = sheet.enter_deal(CLASSIC, 13, 1, 11)
    assert row.scores == (4, -16) and row.entries == (4, 0) and row.debts == (0, 16)


def test_a_doubled_egyptian_deal():
    sheet = Sheet()
    row = sheet.enter_deal(EGYPTIAN, 9, "EW", 10, doubled=True)
    assert row.scores == (0, 20) and row.entries == (0, 20)
    row = sheet.enter_deal(EGYPTIAN, 9, "EW", 5, doubled=True)
    assert row.scores == (8, -18) and row.entries == (8, 0) and row.debts == (0, 18)


def test_entering_points_as_typed():
    sheet = Sheet()
    row = sheet.enter_points(0, 9)
    assert row.entries == row.scores == (0, 9) and row.deal is None
    assert sheet.lines == sheet.totals == (0, 9)
    for bad in [(-1, 0), (0, 1.5), ("3", 0), (True, 0), (None, 0)]:
        with pytest.raises(BadInput) as caught:
            sheet.enter_points(*bad)
        assert caught.value.code == "bad_entry"
    assert len(sheet.rows) == 1


def test_entering_signed_scores():
    sheet = Sheet()
    sheet.enter_scores(-8, 5)
    assert sheet.lines == (0, 5) and sheet.debts == (8, 0)
    with pytest.raises(BadInput):
        sheet.enter_scores(1.0, 0)


@pytest.mark.parametrize(
    "call, code",
    [
        ((CLASSIC, 8, "NS", 14), "bad_tricks"),
        ((CLASSIC, 8, "NS", -1), "bad_tricks"),
        ((CLASSIC, 6, "NS", 7), "bad_bid"),
        ((CLASSIC, 14, "EW", 7), "bad_bid"),
        ((CLASSIC, 8, "NE", 7), "bad_side"),
        ((CLASSIC, 8, 2, 7), "bad_side"),
    ],
)
def test_enter_deal_validates(call, code):
    with pytest.raises(BadInput) as caught:
        Sheet().enter_deal(*call)
    assert caught.value.code == code


def test_a_double_only_where_the_variant_doubles():
    with pytest.raises(BadInput) as caught:
        Sheet().enter_deal(CLASSIC, 8, "NS", 8, doubled=True)
    assert caught.value.code == "bad_double"


def test_bad_target():
    for target in (0, -5, "31", 31.0):
        with pytest.raises(BadInput):
            Sheet(target)


@pytest.mark.parametrize("target", [31, 41, 51, 61])
def test_the_match_ends_when_a_line_reaches_the_target(target):
    rules = Rules(target=target)
    sheet = Sheet.for_rules(rules)
    assert sheet.target == target
    while sheet.lines[1] + 12 < target:
        sheet.enter_deal(rules, 12, "EW", 12)
    sheet.enter_points(0, target - 1 - sheet.lines[1])
    assert sheet.lines[1] == target - 1 and sheet.winner is None
    sheet.enter_deal(rules, 7, "EW", 7)
    assert sheet.winner == "EW"
    with pytest.raises(IllegalMove) as caught:
        sheet.enter_deal(rules, 7, "NS", 7)
    assert caught.value.code == "match_over" and caught.value.details == {"winner": "EW"}
    with pytest.raises(IllegalMove):
        sheet.enter_points(1, 0)
    assert sheet.lines[1] == target + 6


def test_a_debt_keeps_the_line_still():
    sheet = Sheet(31)
    sheet.enter_points(25, 0)
    sheet.enter_deal(CLASSIC, 12, "NS", 3)  # -12: NS owe 12
    sheet.enter_deal(CLASSIC, 8, "NS", 10)  # 10 pays off 10
    assert sheet.lines[0] == 25 and sheet.debts[0] == 2 and sheet.winner is None
    sheet.enter_deal(CLASSIC, 8, "NS", 8)  # 8 pays 2, enters 6
    assert sheet.lines[0] == 31 and sheet.winner == "NS" and sheet.totals[0] == 31


def test_entering_a_played_deal():
    deal = new_deal(CLASSIC, shuffle.deal("sheet"), N)
    for move in (PASS, PASS, PASS, PASS):
        deal = deal.play(move)
    assert Sheet().enter_result(deal) is None  # thrown in: no row
    unfinished = new_deal(CLASSIC, shuffle.deal("sheet"), N).play(classic_bid(9))
    with pytest.raises(IllegalMove):
        Sheet().enter_result(unfinished)


scores = st.tuples(st.integers(-32, 52), st.integers(-32, 52))


@settings(max_examples=200, deadline=None)
@given(st.lists(scores, max_size=40), st.sampled_from([31, 41, 51, 61]))
def test_sheet_invariants(deals, target):
    sheet = Sheet(target)
    before = (0, 0)
    for ns, ew in deals:
        if sheet.winner:
            with pytest.raises(IllegalMove):
                sheet.enter_scores(ns, ew)
            break
        row = sheet.enter_scores(ns, ew)
        assert min(row.entries) >= 0 and min(row.debts) >= 0
        for side in (0, 1):
            assert row.lines[side] - row.debts[side] == row.totals[side]
            assert row.debts[side] == 0 or row.lines[side] == before[side]  # owing: still
        if sheet.winner:  # the winner owes nothing: its line is its signed total
            side = ("NS", "EW").index(sheet.winner)
            assert row.debts[side] == 0 and row.lines[side] == row.totals[side] >= target
        before = row.lines
    assert sum(r.entries[0] for r in sheet.rows) == sheet.lines[0]
    assert sum(r.scores[1] for r in sheet.rows) == sheet.totals[1]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(7, 13), st.sampled_from(["NS", "EW"]), st.integers(0, 13)),
        max_size=30,
    )
)
def test_enter_deal_invariants(deals):
    sheet = Sheet(10**6)
    for bid, side, tricks in deals:
        row = sheet.enter_deal(CLASSIC, bid, side, tricks)
        assert row.lines[0] - row.debts[0] == row.totals[0]
        assert row.lines[1] - row.debts[1] == row.totals[1]
        assert (row.scores[0] > 0) + (row.scores[1] > 0) <= 1  # one side scores per deal
