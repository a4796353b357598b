"""The readings no source states, now rules with alternatives (issue 13): each default plays as
before, each alternative changes play as its registry statement says."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards, shuffle
from cardgames.errors import IllegalMove
from cardgames.layout import sabaat_al_deemin
from cardgames.penalty import bent_al_sbeet
from cardgames.penalty.bent_al_sbeet import EXPOSE, KEEP, QS, TD, new_deal, parse_move
from cardgames.table import E, N, S, W
from cardgames.trickbid import tarneeb
from cardgames.trickbid.tarneeb import DOUBLE, Contract, replay

from . import moves
from .moves import hands

QAHWA = bent_al_sbeet.PRESETS["qahwa"]
SBEETAH = bent_al_sbeet.PRESETS["sbeetah"]
EGYPTIAN = tarneeb.PRESETS["egyptian"]
# N holds the ten, E the queen (from test_bent_al_sbeet).
DEAL_A = "N:AKJT987..AKT.AKQ Q65432..J987.JT9 .AKQJT3..8765432 .9876542.Q65432."
# W holds both the queen and the ten.
DEAL_B = "N:.98765432.AKJ98. AKJT9876...65432 .AKQJT..AKQJT987 Q5432..QT765432."
SPEC = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def push(deal, *tokens):
    return moves.push(bent_al_sbeet, deal, *tokens)


# --- sbeetah's lowest total: the tie-break ----------------------------------------------------


@pytest.mark.parametrize("tie, leader", [("dealer_right", E), ("dealer", N)])
def test_a_tie_for_the_lowest_total_from_the_dealers_right_or_the_dealer(tie, leader):
    rules = dataclasses.replace(SBEETAH, lowest_score_tie=tie)
    # Dealer N, tied N and E at 10: from the dealer's right (W, S, E, N) E comes first; from
    # the dealer (N, W, S, E) N does.
    deal = new_deal(
        rules, hands(DEAL_A), N, deal_number=2, match_totals=(10, 10, 20, 30), start="play"
    )
    assert deal.to_act == leader


# --- sbeetah's J♥: three readings of «الجولة» -------------------------------------------------


def _first_trick(deal):
    for _ in range(4):
        deal.push(deal.legal_moves()[0])
    return deal


def test_the_jack_of_hearts_opens_the_first_deal_only_by_default():
    later = new_deal(SBEETAH, hands(DEAL_A), N, 2, (0, 5, 5, 5), start="play")
    assert later.to_act == N and len(later.legal_moves()) > 1  # the lowest total, any card


def test_the_jack_of_hearts_opens_every_deal():
    rules = dataclasses.replace(SBEETAH, later_deal_lead="same")
    later = new_deal(rules, hands(DEAL_A), N, 2, (0, 5, 5, 5), start="play")
    assert later.to_act == S and later.legal_moves() == [bent_al_sbeet.JH]  # S holds the J♥


def test_the_lowest_total_leads_every_trick_after_the_first():
    rules = dataclasses.replace(SBEETAH, later_deal_lead="lowest_score_each_trick")
    deal = new_deal(rules, hands(DEAL_A), N, 1, (0, 5, 5, 5), start="play")
    assert deal.to_act == S and deal.legal_moves() == [bent_al_sbeet.JH]  # the J♥ first
    _first_trick(deal)
    winner = deal.last_trick[1]
    totals = [t + p for t, p in zip((0, 5, 5, 5), deal.points(), strict=True)]
    low = min(totals)
    expected = next(s for s in (W, S, E, N) if totals[s] == low)  # from the dealer's right
    assert deal.to_act == expected
    default = _first_trick(new_deal(SBEETAH, hands(DEAL_A), N, 1, (0, 5, 5, 5), start="play"))
    assert default.to_act == winner  # by default the winner leads


# --- the exposure: timing and limit -------------------------------------------------------


def test_a_player_holding_both_may_expose_one_at_most_as_a_house_rule():
    rules = dataclasses.replace(QAHWA, pass_count=0, expose_limit="one")
    deal = new_deal(rules, hands(DEAL_B), N)
    assert deal.to_act == W and deal.legal_moves() == [EXPOSE + QS, EXPOSE + TD, KEEP]
    push(deal, "expose:QS")
    assert deal.phase == "play" and deal.exposed == 1 << QS  # W is done; nobody else holds one
    both = push(
        new_deal(dataclasses.replace(rules, expose_limit="any"), hands(DEAL_B), N), "expose:QS"
    )
    assert both.to_act == W and both.legal_moves() == [EXPOSE + TD, KEEP]


def test_exposing_at_any_turn_until_the_card_is_played():
    rules = dataclasses.replace(QAHWA, pass_count=0, expose_when="until_played")
    deal = new_deal(rules, hands(DEAL_A), W)  # no exposing round: S, on the dealer's right, leads
    assert deal.phase == "play" and deal.to_act == S
    assert all(m < 52 for m in deal.legal_moves())  # S holds neither card
    push(deal, "8C", "9C")  # S leads, E follows: E still holds the queen
    assert deal.to_act == N and EXPOSE + TD in deal.legal_moves()  # N holds the ten
    push(deal, "expose:TD")
    assert deal.to_act == N and deal.exposed == 1 << TD  # still N's turn: now the card
    assert EXPOSE + TD not in deal.legal_moves()
    push(deal, "QC", "2H")
    assert deal.to_act == N  # N's Q♣ took the trick
    with pytest.raises(IllegalMove):
        deal.play(parse_move("expose:QS"))  # E holds the queen, not N
    assert deal.deal_total() == 36 + 10


def test_exposing_before_play_by_default():
    deal = new_deal(dataclasses.replace(QAHWA, pass_count=0), hands(DEAL_A), W)
    assert deal.phase == "expose"
    while deal.phase == "expose":
        deal.push(KEEP)
    with pytest.raises(IllegalMove) as info:
        deal.play(parse_move("expose:TD"))
    assert info.value.code == "wrong_phase"


# --- Egyptian Tarneeb: a bid after a double, the redouble ---------------------------------


@pytest.mark.parametrize("after, doubled", [("new_bid_cancels", False), ("double_kept", True)])
def test_a_new_bid_cancels_the_double_or_the_hand_stays_doubled(after, doubled):
    rules = dataclasses.replace(EGYPTIAN, after_double=after)
    # W bids 7♣, N doubles, E bids 7♦ over its partner: four calls without a bid end it.
    deal = replay(rules, hands(SPEC), N, "7C double 7D pass pass pass pass".split())
    assert deal.contract == Contract(7, cards.DIAMONDS, E, doubled)


def test_no_redouble_by_default_and_a_redouble_as_a_house_rule():
    deal = replay(EGYPTIAN, hands(SPEC), N, "7C double".split())  # W bids, N doubles
    assert deal.to_act == E and DOUBLE not in deal.legal_moves()
    with pytest.raises(IllegalMove) as info:
        deal.play(DOUBLE)
    assert info.value.details["reason"] == "own_side"
    rules = dataclasses.replace(EGYPTIAN, redouble_allowed=True)
    deal = replay(rules, hands(SPEC), N, "7C double".split())
    assert DOUBLE in deal.legal_moves()  # E redoubles its partner's bid
    deal = replay(rules, hands(SPEC), N, "7C double double pass pass".split())
    assert deal.contract == Contract(7, cards.CLUBS, W, True, True)
    assert tarneeb.score_deal(rules, deal.contract, (6, 7)) == (0, 7 * 4)
    assert tarneeb.score_deal(rules, deal.contract, (7, 6)) == (7, -7 * 4)
    with pytest.raises(IllegalMove):  # once only
        replay(rules, hands(SPEC), N, "7C double double double".split())


# --- Sab'at Al-Deemin: the order of the announcements -------------------------------------


def test_one_circuit_gives_no_triple_turns():
    base = sabaat_al_deemin.Rules()
    dealt = shuffle.deal("announce-order", sabaat_al_deemin.PACK)
    deal = sabaat_al_deemin.new_deal(base, dealt, N)
    for token in "pass pass pass double".split():  # N, the dealer, doubles last
        deal.push(sabaat_al_deemin.parse_move(token))
    assert deal.phase == "announce" and deal.triple_turn  # W may still triple
    one = sabaat_al_deemin.Rules(announce_order="one_circuit")
    deal = sabaat_al_deemin.new_deal(one, dealt, N)
    for token in "pass pass pass double".split():
        deal.push(sabaat_al_deemin.parse_move(token))
    assert deal.phase == "play" and deal.multiplier == 2
    deal = sabaat_al_deemin.new_deal(one, dealt, N)
    for token in "pass double triple".split():  # E speaks after S's double and triples
        deal.push(sabaat_al_deemin.parse_move(token))
    assert deal.multiplier == 3


# --- every mix of the new rules plays every deal out ----------------------------------------


BENT_RULES = st.builds(
    bent_al_sbeet.Rules,
    pass_count=st.sampled_from([0, 3]),
    opening_lead=st.sampled_from(["dealer_right", "jack_of_hearts"]),
    later_deal_lead=st.sampled_from(["same", "lowest_score", "lowest_score_each_trick"]),
    lowest_score_tie=st.sampled_from(["dealer_right", "dealer"]),
    expose_when=st.sampled_from(["before_play", "until_played"]),
    expose_limit=st.sampled_from(["any", "one"]),
    hearts_must_break=st.booleans(),
    forced_penalty_discard=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(
    rules=BENT_RULES,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    deal_number=st.integers(1, 3),
    totals=st.tuples(*[st.sampled_from([0, 5, 10])] * 4),
    rnd=st.randoms(use_true_random=False),
)
def test_bent_playouts_under_the_new_rules(rules, seed, dealer, deal_number, totals, rnd):
    deal = new_deal(rules, shuffle.deal(str(seed)), dealer, deal_number, totals)
    exposers = {}
    while deal.to_act is not None:
        legal = deal.legal_moves()
        assert legal == sorted(legal)
        move = rnd.choice(legal)
        if EXPOSE <= move < EXPOSE + 52:
            exposers.setdefault(deal.to_act, []).append(move)
        deal.push(move)
    assert sorted(m for m in deal.history if m < 52) == list(range(52))
    if rules.expose_limit == "one":
        assert all(len(moves_) == 1 for moves_ in exposers.values())
    factor = 3 if deal.moon_by() is not None else 1
    assert sum(deal.points()) == factor * deal.deal_total()


@settings(max_examples=60, deadline=None)
@given(
    after=st.sampled_from(["new_bid_cancels", "double_kept"]),
    redouble=st.booleans(),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    rnd=st.randoms(use_true_random=False),
)
def test_egyptian_playouts_with_the_double_rules(after, redouble, seed, dealer, rnd):
    rules = dataclasses.replace(EGYPTIAN, after_double=after, redouble_allowed=redouble)
    deal = tarneeb.new_deal(rules, shuffle.deal(str(seed)), dealer)
    while deal.to_act is not None:
        legal = deal.legal_moves()
        for move in tarneeb.ALL_MOVES:  # legal_moves() and play() agree on every move
            assert deal.is_legal(move) == (move in legal)
        deal.push(rnd.choice(legal))
    if deal.thrown_in:
        return
    contract = deal.contract
    assert not contract.redoubled or (redouble and contract.doubled)
    assert deal.points() == list(tarneeb.score_deal(rules, contract, deal.side_tricks()))
