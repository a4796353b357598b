"""Leekha: every rule of relatives.md by behaviour, per source (J-L, AY, AR-L, LM, CS, ID)."""

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards, shuffle
from cardgames.errors import IllegalMove
from cardgames.games import sheet_for
from cardgames.penalty import leekha
from cardgames.penalty.leekha import PASS, PRESETS, Rules, new_deal, parse_move
from cardgames.penalty.match import next_dealer, outcome
from cardgames.table import E, N, S, W, parse_seat
from cardgames.tricks import trick_winner
from tests import matchplay

from . import golden, moves
from .moves import c, hands

CLASSIC = PRESETS["classic"]

# N leads (dealer E). E holds the Q♠ and the 10♦ with low cards of both suits.
DEAL_T = "N:AK432.AKQ.AK.AKQ Q65.5432.T32.432 987.9876.J54.765 JT.JT.Q9876.JT98"
# S leads (dealer W). W is void in clubs and holds both leekhas; N void in clubs, no leekha.
DEAL_V = "N:.98765432.AKJ98. AKJT9876...65432 .AKQJT..AKQJT987 Q5432..QT765432."
# Singletons: N the 2♠ and the A♣, E the 5♥; a card of AY's exempt list (K♦ after A♦).
DEAL_P = "N:2.AKQJT9876.AK.A AKQJT9876543.5.. .43.QJT98765432. .2..KQJT98765432"


def push(deal, *tokens):
    return moves.push(leekha, deal, *tokens)


def toks(moves_):
    return moves.toks(leekha, moves_)


def refusal(deal, token):
    return moves.refusal(leekha, deal, token)


def at_play(rules=CLASSIC, deal=DEAL_T, dealer=E, **kw):
    return new_deal(rules, hands(deal), dealer, start="play", **kw)


# --- presets: one per reading the sources disagree on ---------------------------------------


def test_presets_follow_their_sources():
    assert leekha.DEFAULT_PRESET == "classic"
    assert set(PRESETS) == {"classic", "jawaker", "solo", "pairs", "idlib"}
    # CS with the majority: partners with individual scores, pass right, Q♠ taker deals, 101.
    assert (CLASSIC.partnership, CLASSIC.pass_direction) == ("individual_scores", "right")
    assert (CLASSIC.dealer_moves, CLASSIC.target) == ("queen_taker", 101)
    assert CLASSIC.both_sides_over == "lower_total_wins"  # J-L
    assert PRESETS["jawaker"].pass_direction == "alternate_right_first"  # J-L
    solo = PRESETS["solo"]  # AY, LM: every player alone, AY's pass restriction
    assert solo.partnership == "none" and solo.keep_last_of_suit
    assert PRESETS["pairs"].partnership == "points_added"  # AR-L
    idlib = PRESETS["idlib"]  # ID
    assert (idlib.king_of_clubs_points, idlib.target) == (14, 201)
    assert (idlib.both_sides_over, idlib.dealer_moves) == ("higher_score_loses", "biggest_taker")
    for rules in PRESETS.values():  # what every source agrees on
        assert (rules.queen_points, rules.ten_points, rules.heart_points) == (13, 10, 1)
        assert rules.forced_penalty_discard and rules.talbees == ()
        assert rules.direction.value == "right" and rules.pass_count == 3


def test_values_36_a_deal_and_50_with_idlibs_king():
    assert leekha.describe(CLASSIC)["deal_total_plain"] == 36
    assert leekha.describe(PRESETS["idlib"])["deal_total_plain"] == 50
    assert leekha.worked_example(CLASSIC) == {
        "example_trick": 15,
        "example_king": 0,
        "example_deal_total": 36,
    }
    assert leekha.worked_example(PRESETS["idlib"])["example_king"] == 14


def test_no_exposure_and_no_expose_token():
    deal = new_deal(CLASSIC, hands(DEAL_T), E)
    assert deal.phase == "pass"
    with pytest.raises(Exception) as info:
        parse_move("expose:QS")
    assert info.value.code == "bad_move"


# --- the pass -----------------------------------------------------------------------------


def _pass_lowest(deal):
    while deal.phase == "pass":
        deal.push(deal.legal_moves()[0])
    return deal


@pytest.mark.parametrize(
    "preset, deal_number, target",
    [("classic", 1, W), ("classic", 2, W), ("jawaker", 1, W), ("jawaker", 2, E)],
)
def test_pass_right_every_deal_or_right_then_left(preset, deal_number, target):
    deal = new_deal(PRESETS[preset], shuffle.deal("leekha-pass"), N, deal_number=deal_number)
    assert deal.pass_target(N) == target
    assert deal.to_act == W  # the pass is chosen from the dealer's right


def test_ay_keeps_the_last_card_of_a_suit_but_not_the_exempt_cards():
    rules = PRESETS["solo"]
    deal = new_deal(rules, hands(DEAL_P), E)  # N chooses first (dealer's right)
    assert deal.to_act == N
    legal = toks(deal.legal_moves())
    assert "pass:2S" not in legal and "pass:AC" not in legal  # singletons
    assert "pass:AD" in legal and "pass:KD" in legal
    err = refusal(deal, "pass:2S")
    assert (err.code, err.details) == ("cannot_pass_last_of_suit", {"card": "2S", "seat": "N"})
    push(deal, "pass:AD")
    assert "pass:KD" in toks(deal.legal_moves())  # the last diamond, but K♦ is exempt
    # Without the restriction every card may go.
    free = new_deal(CLASSIC, hands(DEAL_P), E)
    assert len(free.legal_moves()) == 13


# --- the lead and the play ------------------------------------------------------------------


def test_dealer_right_leads_any_card_hearts_included():
    deal = at_play()
    assert deal.to_act == N and len(deal.legal_moves()) == 13  # no hearts to break
    push(deal, "AH")
    assert deal.to_act == W  # play goes to the right


def test_talyeekh_void_must_throw_a_leekha():
    deal = push(at_play(deal=DEAL_V, dealer=W), "AC", "2C")
    assert deal.to_act == N and len(deal.legal_moves()) == 13  # void, no leekha: anything
    push(deal, "2H")
    assert deal.legal_moves() == [c("QS"), c("TD")]
    err = refusal(deal, "2S")
    assert (err.code, err.details["penalty"]) == ("must_discard_penalty_card", ["QS", "TD"])


@pytest.mark.parametrize("talbees", [(), ("QS",), ("QS", "TD")])
def test_talbees_drops_the_queen_under_a_higher_spade(talbees):
    rules = dataclasses.replace(CLASSIC, talbees=tuple(c(x) for x in talbees))
    deal = push(at_play(rules), "KS", "TS", "7S")
    assert deal.to_act == E
    if "QS" in talbees:
        assert deal.legal_moves() == [c("QS")]
        err = refusal(deal, "5S")
        assert err.code == "must_drop_penalty_card"
        assert err.details == {"card": "5S", "penalty": "QS", "above": "KS"}
    else:
        assert toks(deal.legal_moves()) == ["5S", "6S", "QS"]


def test_talbees_not_before_a_higher_card_is_on_the_trick():
    rules = dataclasses.replace(CLASSIC, talbees=(c("QS"), c("TD")))
    deal = push(at_play(rules), "4S", "TS", "7S")
    assert toks(deal.legal_moves()) == ["5S", "6S", "QS"]


@pytest.mark.parametrize("talbees, legal", [((), ["2D", "3D", "TD"]), (("TD",), ["TD"])])
def test_talbees_of_the_ten_of_diamonds(talbees, legal):
    rules = dataclasses.replace(CLASSIC, talbees=tuple(c(x) for x in talbees))
    deal = push(at_play(rules), "AD", "6D", "4D")
    assert deal.to_act == E and toks(deal.legal_moves()) == legal


def test_no_moon_whoever_takes_everything_scores_36():
    deal = at_play(deal="N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432")
    while not deal.is_over:
        deal.push(deal.legal_moves()[0])
    assert deal.tricks_won[N] == 13 and deal.points() == [36, 0, 0, 0]


# --- the next dealer ------------------------------------------------------------------------


def _played(rules, pbn=DEAL_T, dealer=E, seed=0):
    deal = at_play(rules, pbn, dealer)
    n = 0
    while not deal.is_over:
        legal = deal.legal_moves()
        deal.push(legal[golden.choose(f"dealer-{seed}", n, len(legal))])
        n += 1
    return deal


@pytest.mark.parametrize("seed", range(4))
def test_the_queen_taker_or_the_biggest_taker_deals_next(seed):
    deal = _played(CLASSIC, seed=seed)
    after = sheet_for("leekha", CLASSIC).record(deal)
    taker = next(s for s in range(4) if deal.taken[s] >> c("QS") & 1)
    assert parse_seat(after["next_dealer"]) == taker
    idlib = PRESETS["idlib"]
    deal = _played(idlib, seed=seed)
    took = [leekha.score_deal(idlib, [t, 0, 0, 0])[0] for t in deal.taken]
    after = sheet_for("leekha", idlib).record(deal)
    assert took[parse_seat(after["next_dealer"])] == max(took)


def test_the_biggest_taker_tie_goes_to_the_first_from_the_dealers_right():
    deal = _played(PRESETS["idlib"])
    deal.taken = [0, cards.hand_of(["2H", "3H"]), 0, cards.hand_of(["4H", "5H"])]
    # Dealer E: counting from its right, N then W then S then E; E and W tie on 2.
    assert next_dealer(PRESETS["idlib"], deal) == W


# --- the end of the game --------------------------------------------------------------------


@pytest.mark.parametrize(
    "preset, totals, over, winners",
    [
        ("classic", [100, 40, 30, 20], False, ()),
        ("classic", [101, 40, 30, 20], True, (E, W)),  # N reached 101: NS loses
        ("classic", [50, 40, 30, 120], True, (N, S)),
        # Both sides over (J-L): the lower side total wins.
        ("classic", [110, 105, 0, 20], True, (N, S)),
        ("classic", [110, 105, 30, 20], True, (E, W)),
        # Both sides over (ID): the side of the highest individual score loses.
        ("idlib", [230, 205, 0, 0], True, (E, W)),
        ("idlib", [205, 230, 0, 0], True, (N, S)),
        # Every player alone (AY, LM): the lowest total wins.
        ("solo", [101, 40, 30, 20], True, (W,)),
        ("solo", [101, 20, 30, 20], True, (E, W)),  # a tie is shared
        # Partners' points added (AR-L): a side reaching 101 together loses.
        ("pairs", [60, 10, 41, 10], True, (E, W)),
        ("pairs", [60, 10, 40, 10], False, ()),
    ],
)
def test_end_of_the_game(preset, totals, over, winners):
    result = outcome(PRESETS[preset], totals)
    assert (result.over, result.winners) == (over, winners)


@pytest.mark.parametrize("target", [51, 151, 201])
def test_the_target_is_a_house_rule(target):
    rules = dataclasses.replace(CLASSIC, target=target)
    assert not outcome(rules, [target - 1, 0, 0, 0]).over
    assert outcome(rules, [target, 0, 0, 0]).winners == (E, W)


def test_a_tie_between_sides_plays_on_where_the_table_says_so():
    rules = dataclasses.replace(CLASSIC, ties="play_on")
    result = outcome(rules, [110, 105, 10, 15])  # sides 120 and 120
    assert not result.over and result.tie
    assert outcome(CLASSIC, [110, 105, 10, 15]).winners == (N, E, S, W)


# --- random playouts ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    deal_number=st.integers(1, 4),
    talbees=st.sampled_from([(), (c("QS"),), (c("QS"), c("TD"))]),
    rnd=st.randoms(use_true_random=False),
)
def test_random_playouts(preset, seed, dealer, deal_number, talbees, rnd):
    rules = dataclasses.replace(PRESETS[preset], talbees=talbees)
    deal = new_deal(rules, shuffle.deal(str(seed)), dealer, deal_number)
    steps = 0
    while deal.to_act is not None:
        legal = deal.legal_moves()
        assert legal == sorted(legal)
        deal.push(rnd.choice(legal))
        steps += 1
    assert steps == 12 + 52 and deal.is_over
    assert sorted(m for m in deal.history if m < 52) == list(range(52))
    assert sorted(m - PASS for m in deal.history if m >= PASS) == sorted(
        cards.cards_in(deal.passes[0] | deal.passes[1] | deal.passes[2] | deal.passes[3])
    )
    assert sum(deal.points()) == deal.deal_total() == (50 if preset == "idlib" else 36)
    trick, winner = deal.last_trick
    assert trick_winner(trick) == winner


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_golden_match(preset):
    golden.check(f"leekha-{preset}.txt", golden.penalty_match(leekha, "Leekha", preset))


def test_a_whole_match_ends_with_a_side_winning():
    moves = itertools.count()

    def play(number, dealer, sheet):
        hands = shuffle.deal(f"leekha-match-{number}")
        deal = matchplay.start(leekha, sheet, hands, dealer, number)
        while not deal.is_over:
            legal = deal.legal_moves()
            deal.push(legal[golden.choose("m", next(moves), len(legal))])
        return deal

    sheet, _ = matchplay.play_match(leekha, CLASSIC, N, play)
    assert max(sheet.totals) >= 101 and sheet.standing.winners in (("NS",), ("EW",))
    with pytest.raises(IllegalMove):
        sheet.enter("points", {"points": [0, 0, 0, 0]})


def test_rules_refuse_values_outside_their_domain():
    with pytest.raises(ValueError):
        Rules(pass_direction="across")
    with pytest.raises(ValueError):
        Rules(partnership="threes")
    with pytest.raises(ValueError):
        Rules(talbees=(c("AS"),))
