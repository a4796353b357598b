"""Tarneeb as the sources place it (../shared/sources/tarneeb-regions.md): the regional presets
and the rules on which the sources part, each a parameter, checked against the values each
source states. Each test names its source keys as the registry cites them."""

import pytest

from cardgames.cards import parse_deal
from cardgames.errors import IllegalMove
from cardgames.table import E, N, S, W
from cardgames.trickbid import tarneeb as tarneeb_module
from cardgames.trickbid.moves import egyptian_bid
from cardgames.trickbid.score_sheet import Sheet
from cardgames.trickbid.tarneeb import PRESETS, Contract, Rules, replay, score_deal

SPADES, HEARTS, DIAMONDS, CLUBS, NT = range(5)
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
EGYPTIAN = PRESETS["egyptian"]
JAWAKER_EGYPTIAN = Rules(auction="egyptian", double_allowed=True, strain_order="diamonds_high")


def calls(rules, moves, dealer=N):
    return replay(rules, parse_deal(DEAL), dealer, moves.split())


# -- the regional presets ---------------------------------------------------------------------


def test_the_lebanese_preset_is_one_bid_each_with_the_dealer_matching():
    """SquareScores (source 001), "One bid each": "in parts of Lebanon" every player bids once
    and the dealer, speaking last, takes the contract by matching the highest bid."""
    lebanese = PRESETS["lebanese"]
    assert lebanese.auction == "one_bid" and lebanese.dealer_may_match
    deal = calls(lebanese, "8 pass 9")  # dealer N: W, S, E speak, then N
    assert deal.to_act == N and "9" in [deal.format_move(m) for m in deal.legal_moves()]
    deal = deal.play(deal.parse_move("9"))
    assert deal.contract.declarer == N and deal.contract.bid == 9
    # nobody speaks twice: the auction is over after four calls
    assert deal.phase == "trump"


def test_the_egyptian_preset_keeps_source_001s_rules():
    """SquareScores (source 001), "Egyptian Tarneeb": number and suit together, a double, the
    auction ends after a circuit without a bid; suits ranked NT > S > H > D > C."""
    assert EGYPTIAN.auction == "egyptian" and EGYPTIAN.double_allowed
    assert EGYPTIAN.strain_order == "spades_high"


def test_every_other_rule_of_the_regional_presets_is_the_shared_core():
    """tarneeb-regions.md, "The shared core": the places differ only where a source says so."""
    core = Rules().as_dict()
    for slug, changed in {
        "lebanese": {"auction"},
        "egyptian": {"auction", "double_allowed"},
    }.items():
        played = PRESETS[slug].as_dict()
        assert {k for k in core if played[k] != core[k]} == changed


# -- the Egyptian suit order (conflict 5) ------------------------------------------------------


def test_source_001_ranks_spades_over_hearts_over_diamonds_over_clubs():
    """SquareScores: "no trumps, spades, hearts, diamonds, clubs from the top"."""
    deal = calls(EGYPTIAN, "7D")  # W bids 7 diamonds; S may say 7 hearts, not 7 clubs
    legal = set(deal.legal_moves())
    assert egyptian_bid(7, HEARTS) in legal and egyptian_bid(7, SPADES) in legal
    assert egyptian_bid(7, CLUBS) not in legal and egyptian_bid(7, DIAMONDS) not in legal


def test_jawakers_egyptian_page_ranks_diamonds_highest():
    """J-EG (Jawaker, Tarneeb Masrawy): clubs < spades < hearts < diamonds; at one number the
    higher suit wins. No trumps, which J-EG does not mention, stays on top (the site's
    reading)."""
    deal = calls(JAWAKER_EGYPTIAN, "7H")
    legal = set(deal.legal_moves())
    assert egyptian_bid(7, DIAMONDS) in legal and egyptian_bid(7, NT) in legal
    assert egyptian_bid(7, SPADES) not in legal and egyptian_bid(7, CLUBS) not in legal
    with pytest.raises(IllegalMove) as refused:
        deal.play(egyptian_bid(7, SPADES))
    assert refused.value.code == "bid_too_low"
    # more tricks in any suit still beat fewer: 8 clubs over 7 diamonds
    deal = calls(JAWAKER_EGYPTIAN, "7D")
    assert egyptian_bid(8, CLUBS) in deal.legal_moves()
    assert egyptian_bid(7, SPADES) not in deal.legal_moves()


# -- the score of a made contract (conflict 3) -------------------------------------------------


@pytest.mark.parametrize(
    "rules,expected,sources",
    [
        # SquareScores: "its side enters the tricks it actually won ... the other side nothing"
        (Rules(), (9, 0), "squarescores, YP, T41, GG, MB-T"),
        # SHD (Shaddah): the number bid
        (Rules(made_scores="bid"), (8, 0), "SHD"),
        # WK, SK: the defenders score their tricks whatever happened
        (Rules(defenders_score_made=True), (9, 4), "WK, SK"),
        # SHD scores both the bid and the defenders' tricks
        (Rules(made_scores="bid", defenders_score_made=True), (8, 4), "SHD"),
    ],
)
def test_a_made_eight_with_nine_tricks(rules, expected, sources):
    assert score_deal(rules, Contract(8, SPADES, N), (9, 4)) == expected, sources


def test_a_kaboot_keeps_its_sixteen_whatever_a_made_bid_scores():
    """KT-T, T41, squarescores, MB-T: all 13 on a lower bid is 16. Under SHD's number bid, the
    kaboot still scores 16 (SHD says nothing of it: the site's reading)."""
    for rules in (Rules(), Rules(made_scores="bid")):
        assert score_deal(rules, Contract(9, SPADES, N), (13, 0)) == (16, 0)


def test_defenders_who_score_on_a_made_bid_can_pass_the_target_together():
    """SK, AUTH: when both sides pass the line on one deal, the higher total wins; SK: equal
    totals play on."""
    rules = Rules(defenders_score_made=True)
    sheet = Sheet.for_rules(rules)
    sheet.enter_points(27, 29)
    sheet.enter_deal(rules, 7, 0, 8)  # NS make 7 with 8 tricks; EW take 5
    assert sheet.lines == (35, 34) and sheet.winner == "NS"
    sheet = Sheet.for_rules(rules)
    sheet.enter_points(26, 29)
    sheet.enter_deal(rules, 7, 0, 8)  # both lines at 34, over the 31: level, so play on
    assert sheet.lines == (34, 34) and sheet.winner is None
    sheet.enter_deal(rules, 7, 1, 7)  # EW make 7 with 7 tricks, NS take 6
    assert sheet.lines == (40, 41) and sheet.winner == "EW"


# -- a failed 13 (conflict 4) -----------------------------------------------------------------


@pytest.mark.parametrize(
    "multiplier,expected,sources",
    [(2, (-16, 4), "squarescores, MB-T"), (1, (-16, 2), "KT-T")],
)
def test_a_failed_thirteen_with_eleven_tricks(multiplier, expected, sources):
    """All sources: a failed 13 costs 16 [KT-T, T41, squarescores, MB-T]; the defenders' two
    tricks count double [squarescores, MB-T] or once [KT-T]."""
    rules = Rules(grand_missed_defender_multiplier=multiplier)
    assert score_deal(rules, Contract(13, SPADES, N), (11, 2)) == expected, sources


# -- all four passing (conflict 2) -------------------------------------------------------------


def test_all_four_pass():
    """PG, squarescores: thrown in, the same dealer deals again; MB-T: the deal moves on;
    WPT (en-academic revision), squarescores' variant, WK: the dealer must bid 7."""
    same = calls(Rules(), "pass pass pass pass", dealer=E)
    assert same.thrown_in and same.next_dealer() == E
    moves_on = calls(Rules(throw_in_same_dealer=False), "pass pass pass pass", dealer=E)
    assert moves_on.thrown_in and moves_on.next_dealer() == N  # to the right of E
    forced = calls(Rules(dealer_forced=True), "pass pass pass", dealer=E)
    assert forced.to_act == E
    assert [forced.format_move(m) for m in forced.legal_moves()] == ["7"]


# -- doubling (conflict: SquareScores against J-EG) --------------------------------------------


def test_a_double_doubles_what_the_bidding_side_wins_or_loses():
    """SquareScores: the double doubles what the bidding side wins or loses, not what the
    other side scores on a failure. J-EG: the deal's score is doubled if the bidder wins (its
    wording on a failure is unclear: read as SquareScores)."""
    made = score_deal(EGYPTIAN, Contract(8, SPADES, N, doubled=True), (9, 4))
    missed = score_deal(EGYPTIAN, Contract(8, SPADES, N, doubled=True), (6, 7))
    assert made == (18, 0) and missed == (-16, 7)


def test_a_double_is_not_a_bid_and_a_pass_is_not_final():
    """SquareScores: passing or doubling does not stop a player bidding later; the auction ends
    after a whole circuit without a bid. J-EG: a player may raise after all others passed."""
    deal = calls(EGYPTIAN, "7S double pass pass")  # W 7S, S doubles, E and N pass
    assert deal.phase == "bidding" and deal.to_act == W  # W's own bid: W may raise it
    deal = calls(EGYPTIAN, "7S pass pass pass 8S")  # all three passed, W raised
    assert deal.phase == "bidding" and deal.to_act == S  # S passed, yet may bid again
    assert egyptian_bid(9, CLUBS) in deal.legal_moves()
    over = calls(EGYPTIAN, "7S double pass pass pass")  # a circuit with no bid ends it
    assert over.phase == "play" and over.contract.doubled


def test_how_the_first_dealer_is_chosen_is_recorded_and_changes_nothing():
    """squarescores, PG, J-T: at random; CAT, CEA: the highest card drawn; VB: the lowest. A
    draw is itself random, so the engine plays every reading alike (as the deal's style)."""
    from cardgames.compare import Side, compare

    a = Side("tarneeb", tarneeb_module, "classic")
    b = Side("tarneeb", tarneeb_module, "classic", {"first_dealer": "lowest_card"})
    found = compare(a, b)
    assert [(d["rule"], d["why"]) for d in found["differences"]] == [
        ("first_dealer", "changes_nothing")
    ]
