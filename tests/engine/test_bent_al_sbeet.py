"""Bent Al Sbeet: every rule of the qahwa (000) and sbeetah (002) presets, by behaviour."""

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards, shuffle
from cardgames.errors import BadInput, IllegalMove
from cardgames.games import game, sheet_for
from cardgames.penalty import bent_al_sbeet
from cardgames.penalty.bent_al_sbeet import (
    DEFAULT_PRESET,
    EXPOSE,
    JH,
    KEEP,
    PACK,
    PASS,
    PENALTY_CARDS,
    PRESETS,
    QS,
    TD,
    Rules,
    describe,
    format_move,
    new_deal,
    parse_move,
    pass_direction_for,
    score_deal,
)
from cardgames.table import SEATS, E, N, S, W, left_of, right_of
from tests.matchplay import next_dealer, start

from . import golden

SHEET = game("bent-al-sbeet").sheet

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"

QAHWA = PRESETS["qahwa"]
SBEETAH = PRESETS["sbeetah"]

# N holds AS, E the queen, W and S are void in spades with hearts to throw; N holds the ten.
DEAL_A = "N:AKJT987..AKT.AKQ Q65432..J987.JT9 .AKQJT3..8765432 .9876542.Q65432."
# S leads (dealer W): hearts and clubs; E has low clubs; N is void in clubs with hearts; W is
# void in clubs and holds both the queen and the ten.
DEAL_B = "N:.98765432.AKJ98. AKJT9876...65432 .AKQJT..AKQJT987 Q5432..QT765432."
# One suit each: N all hearts, E all spades (the queen), S all diamonds (the ten), W all clubs.
DEAL_MOON = "N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"


def c(code: str) -> int:
    return cards.parse_card(code)


def bits(*codes: str) -> int:
    return cards.hand_of(codes)


def hands(pbn: str) -> list[int]:
    return cards.parse_deal(pbn)


def push(deal, *tokens: str):
    for token in tokens:
        deal.push(parse_move(token))
    return deal


def toks(moves) -> list[str]:
    return [format_move(m) for m in moves]


def refusal(deal, token: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        deal.play(parse_move(token))
    return info.value


def no_pass(rules: Rules) -> Rules:
    return dataclasses.replace(rules, pass_count=0)


# --- presets and derived numbers ------------------------------------------------------------


def test_presets():
    assert DEFAULT_PRESET == "qahwa"
    assert QAHWA == Rules()
    assert PACK == cards.PACK_52
    assert PENALTY_CARDS == (QS, TD) == (c("QS"), c("TD"))
    assert JH == c("JH")
    assert SBEETAH.queen_points == 12 and SBEETAH.ten_points == 10 and SBEETAH.heart_points == 1
    assert SBEETAH.hearts_double_when_both_exposed
    assert (SBEETAH.opening_lead, SBEETAH.later_deal_lead) == ("jack_of_hearts", "lowest_score")
    assert not SBEETAH.forced_penalty_discard and not SBEETAH.hearts_must_break
    assert not SBEETAH.moon
    assert (SBEETAH.target, SBEETAH.ties) == (152, "play_on")
    assert (SBEETAH.pass_count, SBEETAH.pass_direction) == (3, "right")
    assert SBEETAH.exposable == QAHWA.exposable == (QS, TD)


def test_describe_qahwa():
    d = describe(QAHWA)
    assert (d["queen_points"], d["queen_exposed_points"]) == (13, 26)
    assert (d["ten_points"], d["ten_exposed_points"]) == (10, 20)
    assert d["heart_points"] == d["heart_points_doubled"] == 1
    assert d["deal_total_plain"] == 36 and d["deal_total_max"] == 59
    assert (d["players"], d["hand_size"], d["hearts_count"]) == (4, 13, 13)
    assert d["target"] == 151


def test_describe_sbeetah():
    d = describe(SBEETAH)
    assert (d["queen_points"], d["queen_exposed_points"]) == (12, 24)
    assert d["ten_exposed_points"] == 20
    assert d["heart_points_doubled"] == 2
    assert d["deal_total_plain"] == 35 and d["deal_total_max"] == 24 + 20 + 26
    assert d["target"] == 152


def test_rules_are_checked_and_exposable_sorted():
    assert Rules(exposable=(TD, QS)).exposable == (QS, TD)
    with pytest.raises(BadInput) as info:
        Rules(pass_direction="up")
    assert info.value.code == "bad_rule_value" and info.value.details["rule"] == "pass_direction"
    assert Rules(direction="clockwise").direction.value == "clockwise"
    assert QAHWA.as_dict()["exposable"] == ["QS", "TD"]


# --- move tokens ------------------------------------------------------------------------------


def test_parse_and_format_moves():
    assert parse_move("QS") == parse_move("qs") == QS
    assert parse_move("10d") == parse_move("TD") == TD
    assert parse_move("pass:QS") == parse_move("PASS:qs") == PASS + QS
    assert parse_move("expose:10D") == EXPOSE + TD
    assert parse_move("keep") == parse_move("KEEP") == KEEP
    for move in [
        *range(52),
        *(PASS + x for x in range(52)),
        *(EXPOSE + x for x in range(52)),
        KEEP,
    ]:
        assert parse_move(format_move(move)) == move
    assert toks([TD, PASS + JH, EXPOSE + QS, KEEP]) == ["TD", "pass:JH", "expose:QS", "keep"]


@pytest.mark.parametrize("token", ["", "hello", "trade:QS", "pass", "expose"])
def test_parse_move_unreadable(token):
    with pytest.raises(BadInput) as info:
        parse_move(token)
    assert info.value.code == "bad_move" and info.value.details == {"move": token}


@pytest.mark.parametrize("token", ["ZZ", "pass:1S", "expose:QX", "11S"])
def test_parse_move_bad_card(token):
    with pytest.raises(BadInput) as info:
        parse_move(token)
    assert info.value.code == "bad_card"


def test_format_move_refuses_non_moves():
    for move in (-1, 52, PASS - 1, 180, 199, 201):
        with pytest.raises(BadInput) as info:
            format_move(move)
        assert info.value.code == "bad_move"


# --- the pass ---------------------------------------------------------------------------------


def test_pass_direction_by_deal_number():
    assert [pass_direction_for(QAHWA, n) for n in (1, 2, 3, 4)] == ["left", "right"] * 2
    assert [pass_direction_for(SBEETAH, n) for n in (1, 2, 3)] == ["right"] * 3
    assert pass_direction_for(Rules(pass_direction="across"), 1) == "across"
    assert pass_direction_for(Rules(pass_count=0), 1) == "none"


def _pass_three_each(deal):
    """Each seat passes its three lowest cards; returns what each seat passed."""
    chosen = [0, 0, 0, 0]
    while deal.phase == "pass":
        seat = deal.to_act
        move = deal.legal_moves()[0]
        chosen[seat] |= 1 << (move - PASS)
        deal.push(move)
    return chosen


@pytest.mark.parametrize(
    "rules, deal_number, target",
    [
        (QAHWA, 1, left_of),  # odd deal: to the left (N gives to E)
        (QAHWA, 2, right_of),  # even deal: to the right (N gives to W)
        (QAHWA, 3, left_of),
        (SBEETAH, 1, right_of),  # always to the right
        (SBEETAH, 2, right_of),
        (Rules(pass_direction="across"), 1, lambda s: (s + 2) % 4),
    ],
)
def test_pass_exchange(rules, deal_number, target):
    dealt = shuffle.deal("pass-test")
    deal = new_deal(rules, dealt, dealer=N, deal_number=deal_number)
    assert deal.phase == "pass"
    chosen = _pass_three_each(deal)
    assert deal.passes == chosen
    for seat in range(4):
        assert deal.pass_target(seat) == target(seat)
        giver = next(g for g in range(4) if target(g) == seat)
        assert deal.hands[seat] == (dealt[seat] & ~chosen[seat]) | chosen[giver]
        assert deal.hands[seat].bit_count() == 13


def test_pass_order_one_card_at_a_time():
    dealt = shuffle.deal("pass-order")
    deal = new_deal(QAHWA, dealt, dealer=N)
    seen = []
    while deal.phase == "pass":
        seen.append(deal.to_act)
        # The cards are exchanged only once everyone has chosen.
        assert deal.hands == dealt
        deal.push(deal.legal_moves()[-1])
    # From the dealer's right, to the right: W, S, E, N, three moves each.
    assert seen == [W] * 3 + [S] * 3 + [E] * 3 + [N] * 3


def test_pass_legal_moves_and_errors():
    dealt = shuffle.deal("pass-errors")
    deal = new_deal(QAHWA, dealt, dealer=N)
    assert deal.to_act == W
    held = cards.cards_in(dealt[W])
    assert deal.legal_moves() == [PASS + x for x in held]
    first = held[0]
    deal.push(PASS + first)
    assert deal.to_act == W
    assert deal.legal_moves() == [PASS + x for x in held[1:]]
    err = refusal(deal, "pass:" + cards.card_code(first))
    assert (err.code, err.details) == (
        "already_chosen",
        {"card": cards.card_code(first), "seat": "W"},
    )
    stranger = cards.cards_in(dealt[N])[0]
    err = refusal(deal, "pass:" + cards.card_code(stranger))
    assert (err.code, err.details) == (
        "card_not_in_hand",
        {"card": cards.card_code(stranger), "seat": "W"},
    )
    err = refusal(deal, cards.card_code(held[1]))
    assert err.code == "wrong_phase"
    assert err.details == {"phase": "pass", "move": cards.card_code(held[1])}
    assert refusal(deal, "keep").details == {"phase": "pass", "move": "keep"}


def test_no_pass_goes_straight_to_exposure():
    deal = new_deal(no_pass(QAHWA), hands(DEAL_A), dealer=N)
    assert deal.phase == "expose"
    assert deal.pass_target(N) is None


def test_exposure_comes_after_the_pass():
    # E holds the queen and passes it (deal 1: to the left, to S); S is then asked to expose it.
    dealt = hands(DEAL_A)
    deal = new_deal(QAHWA, dealt, dealer=N)
    while deal.phase == "pass":
        seat = deal.to_act
        want = ["QS", "2S", "3S"] if seat == E else None
        legal = deal.legal_moves()
        if want:
            move = next(PASS + c(x) for x in want if PASS + c(x) in legal)
        else:
            move = next(m for m in legal if m - PASS not in PENALTY_CARDS)
        deal.push(move)
    assert deal.hands[S] >> QS & 1
    assert deal.phase == "expose"
    # Order from the dealer's right: W (nothing), S (the queen now), E (nothing), N (the ten).
    assert deal.to_act == S
    assert deal.legal_moves() == [EXPOSE + QS, KEEP]


# --- the exposure -----------------------------------------------------------------------------


def test_exposure_order_and_skipping():
    # DEAL_A: E holds the queen, N the ten. Dealer N: asked W, S, E, N; W and S are skipped.
    deal = new_deal(no_pass(QAHWA), hands(DEAL_A), dealer=N)
    assert deal.to_act == E
    assert deal.legal_moves() == [EXPOSE + QS, KEEP]
    push(deal, "keep")
    assert deal.to_act == N and deal.legal_moves() == [EXPOSE + TD, KEEP]
    push(deal, "expose:TD")
    assert deal.phase == "play"
    assert deal.exposed == bits("TD")
    assert deal.history == [KEEP, EXPOSE + TD]


def test_exposure_order_from_the_dealer():
    rules = dataclasses.replace(no_pass(QAHWA), expose_order="dealer")
    deal = new_deal(rules, hands(DEAL_A), dealer=N)
    assert deal.to_act == N  # N, W, S, E: the dealer first
    push(deal, "expose:TD")
    assert deal.to_act == E
    push(deal, "expose:QS")
    assert deal.phase == "play" and deal.exposed == bits("QS", "TD")


def test_seat_with_both_cards_acts_again():
    # DEAL_B: W holds both. Dealer N: W is first on the dealer's right.
    deal = new_deal(no_pass(QAHWA), hands(DEAL_B), dealer=N)
    assert deal.to_act == W
    assert deal.legal_moves() == [EXPOSE + QS, EXPOSE + TD, KEEP]
    push(deal, "expose:QS")
    assert deal.to_act == W
    assert deal.legal_moves() == [EXPOSE + TD, KEEP]
    err = refusal(deal, "expose:QS")
    assert (err.code, err.details) == ("already_exposed", {"card": "QS"})
    err = refusal(deal, "expose:AS")  # not an exposable card
    assert (err.code, err.details) == ("cannot_expose", {"card": "AS", "seat": "W"})
    push(deal, "keep")
    assert deal.phase == "play" and deal.exposed == bits("QS")


def test_cannot_expose_a_card_held_by_someone_else():
    deal = new_deal(no_pass(QAHWA), hands(DEAL_A), dealer=N)
    assert deal.to_act == E
    err = refusal(deal, "expose:TD")  # N holds the ten
    assert (err.code, err.details) == ("cannot_expose", {"card": "TD", "seat": "E"})
    assert refusal(deal, "AS").code == "wrong_phase"
    assert refusal(deal, "pass:QS").details == {"phase": "expose", "move": "pass:QS"}


# --- values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, exposed, taken, points",
    [
        (QAHWA, (), ("QS",), 13),
        (QAHWA, ("QS",), ("QS",), 26),
        (QAHWA, (), ("TD",), 10),
        (QAHWA, ("TD",), ("TD",), 20),
        (QAHWA, (), ("2H", "AH"), 2),
        (QAHWA, ("QS", "TD"), ("2H", "AH"), 2),  # qahwa never doubles hearts
        (SBEETAH, (), ("QS",), 12),
        (SBEETAH, ("QS",), ("QS",), 24),
        (SBEETAH, ("TD",), ("TD",), 20),
        (SBEETAH, ("QS",), ("2H", "AH"), 2),
        (SBEETAH, ("QS", "TD"), ("2H", "AH"), 4),  # both exposed: each heart 2
        (SBEETAH, ("QS", "TD"), ("QS", "TD", "5H"), 24 + 20 + 2),
        (QAHWA, (), ("AS", "KD", "2C"), 0),
    ],
)
def test_card_values(rules, exposed, taken, points):
    assert score_deal(rules, [bits(*taken), 0, 0, 0], bits(*exposed), False) == [points, 0, 0, 0]


@pytest.mark.parametrize(
    "rules, exposed, total",
    [
        (QAHWA, (), 36),
        (QAHWA, ("QS",), 49),
        (QAHWA, ("TD",), 46),
        (QAHWA, ("QS", "TD"), 59),
        (SBEETAH, (), 35),
        (SBEETAH, ("QS",), 47),
        (SBEETAH, ("QS", "TD"), 70),
    ],
)
def test_deal_total(rules, exposed, total):
    lead = {"deal_number": 2, "match_totals": (0, 5, 5, 5)} if rules is SBEETAH else {}
    deal = new_deal(rules, hands(DEAL_A), dealer=E, start="play", exposed=bits(*exposed), **lead)
    assert deal.deal_total() == total


def test_worked_example_qahwa_exposed_queen_with_two_hearts_is_28():
    # Dealer E: N, on the dealer's right, leads. N AS, W 2H, S 3H, E plays the exposed queen.
    deal = new_deal(QAHWA, hands(DEAL_A), dealer=E, start="play", exposed=bits("QS"))
    assert deal.to_act == N
    push(deal, "AS", "2H", "3H", "QS")
    assert deal.last_trick == ([(N, c("AS")), (W, c("2H")), (S, c("3H")), (E, c("QS"))], N)
    assert deal.points() == [28, 0, 0, 0]
    assert deal.tricks_won == [1, 0, 0, 0]
    assert deal.to_act == N  # the winner leads next


def sbeetah_second_deal(*exposed):
    """Deal 2 of a sbeetah match on DEAL_A, where North has the lowest total and leads."""
    return new_deal(
        SBEETAH,
        hands(DEAL_A),
        dealer=E,
        deal_number=2,
        match_totals=(0, 5, 5, 5),
        start="play",
        exposed=bits(*exposed),
    )


def test_worked_example_sbeetah_is_26():
    deal = sbeetah_second_deal("QS")
    assert deal.to_act == N
    push(deal, "AS", "2H", "3H", "QS")
    assert deal.points() == [26, 0, 0, 0]


def test_sbeetah_both_exposed_hearts_count_two():
    deal = sbeetah_second_deal("QS", "TD")
    push(deal, "AS", "2H", "3H", "QS")
    assert deal.points() == [24 + 2 + 2, 0, 0, 0]


# --- the lead -------------------------------------------------------------------------------


@pytest.mark.parametrize("deal_number", [1, 2, 5])
def test_qahwa_dealer_right_leads_any_card(deal_number):
    for dealer in range(4):
        deal = new_deal(
            QAHWA,
            hands(DEAL_A),
            dealer=dealer,
            deal_number=deal_number,
            match_totals=(40, 0, 10, 20),
            start="play",
        )
        assert deal.to_act == deal.leader == right_of(dealer)


def test_qahwa_dealer_right_leads_after_pass_and_exposure():
    deal = new_deal(QAHWA, shuffle.deal("lead"), dealer=S)
    while deal.phase != "play":
        deal.push(deal.legal_moves()[-1])  # passes the highest cards, then keeps
    assert deal.to_act == E  # right of S


def test_sbeetah_first_deal_jack_of_hearts_holder_must_lead_it():
    dealt = hands(DEAL_A)  # S holds the J♥
    deal = new_deal(SBEETAH, dealt, dealer=N, start="play")
    assert deal.to_act == S
    assert deal.legal_moves() == [JH]
    err = refusal(deal, "AH")
    assert (err.code, err.details) == ("must_lead_jack_of_hearts", {"card": "AH"})
    push(deal, "JH")
    # After the J♥ the next seat follows hearts as usual: E (void in hearts) may play anything.
    assert deal.to_act == E and len(deal.legal_moves()) == 13


def test_sbeetah_jack_of_hearts_found_after_the_pass():
    deal = new_deal(SBEETAH, shuffle.deal("jack"), dealer=W)
    while deal.phase != "play":
        deal.push(deal.legal_moves()[0])
    holder = next(s for s in range(4) if deal.hands[s] >> JH & 1)
    assert deal.to_act == holder and deal.legal_moves() == [JH]


def test_sbeetah_later_deal_lowest_total_leads_any_card():
    # Dealer N: play order from the dealer's right is W, S, E, N. E and W tie: W comes first.
    deal = new_deal(
        SBEETAH,
        hands(DEAL_A),
        dealer=N,
        deal_number=2,
        match_totals=(30, 10, 20, 10),
        start="play",
    )
    assert deal.to_act == W
    assert deal.legal_moves() == cards.cards_in(deal.hands[W])
    # Dealer S: order E, N, W, S, so E comes first among the tied.
    deal = new_deal(
        SBEETAH,
        hands(DEAL_A),
        dealer=S,
        deal_number=3,
        match_totals=(30, 10, 20, 10),
        start="play",
    )
    assert deal.to_act == E
    # A single lowest total leads wherever it sits.
    deal = new_deal(
        SBEETAH,
        hands(DEAL_A),
        dealer=N,
        deal_number=2,
        match_totals=(30, 40, 5, 10),
        start="play",
    )
    assert deal.to_act == S and len(deal.legal_moves()) == 13  # J♥ not required


def test_sbeetah_match_uses_the_totals_for_the_lead():
    sheet = SHEET.resumed(SBEETAH, (40, 30, 7, 20))
    deal = start(bent_al_sbeet, sheet, shuffle.deal("match-lead"), N, 2)
    assert deal.match_totals == (40, 30, 7, 20)
    while deal.phase != "play":
        deal.push(deal.legal_moves()[0])
    assert deal.to_act == S


# --- following, discarding, hearts ----------------------------------------------------------


def _deal_b(rules, **kw):
    # Dealer W, so S leads under qahwa; under sbeetah S has the lowest total on deal 2.
    if rules.later_deal_lead == "lowest_score":
        kw.setdefault("deal_number", 2)
        kw.setdefault("match_totals", (10, 10, 0, 10))
    return new_deal(rules, hands(DEAL_B), dealer=W, start="play", **kw)


def test_card_not_in_hand():
    deal = _deal_b(QAHWA)
    err = refusal(deal, "2S")
    assert (err.code, err.details) == ("card_not_in_hand", {"card": "2S", "seat": "S"})


def test_qahwa_hearts_not_broken_then_broken():
    deal = _deal_b(QAHWA)
    assert deal.to_act == S
    assert toks(deal.legal_moves()) == ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"][::-1]
    err = refusal(deal, "AH")
    assert (err.code, err.details) == ("hearts_not_broken", {"card": "AH"})
    # S AC, E 2C, N (void in clubs) throws 2H, W (void, holds QS and TD) must throw one.
    push(deal, "AC", "2C", "2H", "TD")
    assert deal.to_act == S and deal.points() == [0, 0, 11, 0]
    # A heart has been played: S may lead hearts now.
    assert deal.legal_moves() == cards.cards_in(deal.hands[S])


def test_qahwa_only_hearts_may_be_led():
    deal = new_deal(QAHWA, hands(DEAL_MOON), dealer=E, start="play")
    assert deal.to_act == N
    assert deal.legal_moves() == cards.cards_in(bits(*[r + "H" for r in cards.RANKS]))


def test_sbeetah_hearts_may_be_led_at_once():
    deal = _deal_b(SBEETAH)
    assert deal.to_act == S
    assert deal.legal_moves() == cards.cards_in(deal.hands[S])
    push(deal, "AH")


def test_must_follow_suit():
    for rules in (QAHWA, SBEETAH):
        deal = push(_deal_b(rules), "AC")
        assert deal.to_act == E
        assert toks(deal.legal_moves()) == ["6C", "5C", "4C", "3C", "2C"][::-1]
        err = refusal(deal, "AS")
        assert err.code == "must_follow_suit"
        assert err.details == {"card": "AS", "led_suit": "C", "held": "2C"}


def test_qahwa_void_must_discard_penalty_card():
    deal = push(_deal_b(QAHWA), "AC", "2C", "2H")
    assert deal.to_act == W
    assert deal.legal_moves() == [QS, TD]
    err = refusal(deal, "2S")
    assert err.code == "must_discard_penalty_card"
    assert err.details == {"card": "2S", "penalty": ["QS", "TD"]}
    push(deal, "QS")
    # Next trick, W holds only the ten: it is the only card W may throw when void.
    push(deal, "KC", "3C", "3H")
    assert deal.to_act == W and deal.legal_moves() == [TD]
    assert refusal(deal, "2S").details == {"card": "2S", "penalty": ["TD"]}


def test_qahwa_penalty_card_need_not_be_thrown_when_following_suit():
    # N holds the ten and the AS; on a spade lead N must follow with a spade, not the ten.
    deal = new_deal(QAHWA, hands(DEAL_A), dealer=W, start="play")  # S leads
    push(deal, "8C", "9C")  # S leads 8C, E follows 9C; N must follow clubs
    assert deal.to_act == N and toks(deal.legal_moves()) == ["QC", "KC", "AC"]


def test_sbeetah_void_may_throw_anything():
    deal = push(_deal_b(SBEETAH), "AC", "2C", "2H")
    assert deal.to_act == W
    assert deal.legal_moves() == cards.cards_in(deal.hands[W])
    push(deal, "2S")
    assert deal.points() == [0, 0, 1, 0]


def test_qahwa_void_without_penalty_cards_throws_anything():
    deal = push(_deal_b(QAHWA), "AC", "2C")
    assert deal.to_act == N
    assert deal.legal_moves() == cards.cards_in(deal.hands[N])


def test_highest_card_of_suit_led_wins_and_leads_next():
    # S leads 7C; E 6C; N throws the AD (higher, but off suit); W throws the queen.
    deal = push(_deal_b(QAHWA), "7C", "6C", "AD", "QS")
    assert deal.last_trick[1] == S
    assert deal.points() == [0, 0, 13, 0]
    assert deal.to_act == S and deal.trick == [] and deal.led_suit is None
    push(deal, "8C", "5C", "9H")
    assert deal.trick == [(S, c("8C")), (E, c("5C")), (N, c("9H"))]
    assert deal.led_suit == cards.CLUBS
    push(deal, "TD")
    assert deal.tricks_won == [0, 0, 2, 0]


def test_higher_card_of_suit_led_takes_it():
    deal = new_deal(QAHWA, hands(DEAL_A), dealer=W, start="play")  # S leads
    push(deal, "8C", "JC", "AC", "2D")
    assert deal.last_trick[1] == N and deal.to_act == N


# --- the moon ---------------------------------------------------------------------------------


def _play_out(deal):
    while not deal.is_over:
        deal.push(deal.legal_moves()[0])
    return deal


@pytest.mark.parametrize(
    "exposed, total",
    [((), 36), (("QS",), 49), (("QS", "TD"), 59)],
)
def test_qahwa_moon(exposed, total):
    deal = _play_out(
        new_deal(QAHWA, hands(DEAL_MOON), dealer=E, start="play", exposed=bits(*exposed))
    )
    assert deal.tricks_won == [13, 0, 0, 0]
    assert deal.moon_by() == N
    assert deal.points() == [0, total, total, total]
    assert sum(deal.points()) == 3 * deal.deal_total()


def test_qahwa_no_moon_without_every_card():
    hearts = cards.suit_mask(cards.HEARTS)
    rest = PACK & ~hearts & ~bits("QS", "TD")
    # Every heart and the ten, but not the queen: no moon.
    taken = [hearts | bits("TD"), bits("QS"), rest, 0]
    assert score_deal(QAHWA, taken, 0, True) == [23, 13, 0, 0]
    # Every heart, the queen and the ten: the moon.
    taken = [hearts | bits("QS", "TD"), 0, rest, 0]
    assert score_deal(QAHWA, taken, bits("QS"), True) == [0, 49, 49, 49]
    # The moon counts only once the deal is over.
    assert score_deal(QAHWA, taken, bits("QS"), False) == [49, 0, 0, 0]


def test_sbeetah_has_no_moon():
    deal = new_deal(SBEETAH, hands(DEAL_MOON), dealer=E, start="play", exposed=bits("QS", "TD"))
    assert deal.to_act == N  # N holds the J♥ and leads it
    _play_out(deal)
    assert deal.tricks_won == [13, 0, 0, 0]
    assert deal.moon_by() is None
    assert deal.points() == [70, 0, 0, 0]


def test_moon_rule_off_in_qahwa_rules():
    deal = _play_out(
        new_deal(dataclasses.replace(QAHWA, moon=False), hands(DEAL_MOON), dealer=E, start="play")
    )
    assert deal.points() == [36, 0, 0, 0]


# --- state handling, phases and bad input ------------------------------------------------


def test_play_returns_a_copy():
    deal = _deal_b(QAHWA)
    after = deal.play(c("AC"))
    assert deal.history == [] and deal.trick == [] and deal.to_act == S
    assert after.history == [c("AC")] and after.to_act == E
    assert deal.hands[S] >> c("AC") & 1 and not after.hands[S] >> c("AC") & 1


def test_failed_push_leaves_state_unchanged():
    deal = push(_deal_b(QAHWA), "AC")
    before = (deal.hands[:], deal.trick[:], deal.history[:], deal.to_act)
    with pytest.raises(IllegalMove):
        deal.push(c("AS"))
    assert (deal.hands, deal.trick, deal.history, deal.to_act) == before


def test_over_deal_refuses_moves():
    deal = _play_out(_deal_b(QAHWA))
    assert deal.to_act is None and deal.legal_moves() == [] and deal.phase == "over"
    err = refusal(deal, "AS")
    assert (err.code, err.details) == ("wrong_phase", {"phase": "over", "move": "AS"})
    with pytest.raises(BadInput):
        deal.push(999)


def test_start_play_bad_exposed():
    with pytest.raises(BadInput) as info:
        new_deal(QAHWA, hands(DEAL_A), dealer=N, start="play", exposed=bits("AS"))
    assert info.value.code == "bad_deal"
    assert info.value.details == {"reason": "bad_exposed", "card": "AS"}
    rules = Rules(exposable=(QS,))
    with pytest.raises(BadInput) as info:
        new_deal(rules, hands(DEAL_A), dealer=N, start="play", exposed=bits("TD"))
    assert info.value.details == {"reason": "bad_exposed", "card": "TD"}


def test_bad_hands():
    dealt = hands(DEAL_A)
    short = [dealt[0] & ~bits("AS"), dealt[1], dealt[2], dealt[3]]
    with pytest.raises(BadInput) as info:
        new_deal(QAHWA, short, dealer=N)
    assert info.value.details["reason"] == "wrong_card_count"
    with pytest.raises(BadInput) as info:
        new_deal(QAHWA, [dealt[0], dealt[0], dealt[2], dealt[3]], dealer=N)
    assert info.value.details["reason"] == "repeated_card"
    with pytest.raises(BadInput):
        new_deal(QAHWA, dealt, dealer=4)


# --- the match ------------------------------------------------------------------------------


_choose = golden.choose


def _chosen_playout(deal, seed: str, start: int = 0) -> int:
    n = start
    while not deal.is_over:
        legal = deal.legal_moves()
        deal.push(legal[_choose(seed, n, len(legal))])
        n += 1
    return n


def test_match_records_deals_and_dealer_moves_right():
    sheet = sheet_for("bent-al-sbeet", QAHWA)
    dealer, dealers = N, []
    for number in (1, 2, 3, 4, 5):
        dealers.append(dealer)
        deal = start(bent_al_sbeet, sheet, shuffle.deal(f"match-{number}"), dealer, number)
        assert deal.deal_number == number and deal.dealer == dealer
        assert deal.pass_target(N) == (E if number % 2 else W)
        before = sheet.totals
        _chosen_playout(deal, f"m{number}")
        dealer = next_dealer(sheet.record(deal))
        assert sheet.totals == tuple(b + p for b, p in zip(before, deal.points(), strict=True))
    assert dealers == [N, W, S, E, N]
    assert len(sheet.rows) == 5


def test_match_dealer_moves_left():
    sheet = sheet_for("bent-al-sbeet", dataclasses.replace(QAHWA, dealer_moves="left"))
    deal = start(bent_al_sbeet, sheet, shuffle.deal("left"), N)
    _chosen_playout(deal, "left")
    assert next_dealer(sheet.record(deal)) == E


def test_match_refuses_an_unfinished_deal():
    sheet = sheet_for("bent-al-sbeet", QAHWA)
    deal = start(bent_al_sbeet, sheet, shuffle.deal("x"), N)
    with pytest.raises(IllegalMove) as info:
        sheet.record(deal)
    assert info.value.code == "deal_not_over"


@pytest.mark.parametrize(
    "rules, totals, over, winners",
    [
        (QAHWA, [150, 20, 30, 40], False, []),
        (QAHWA, [151, 20, 30, 40], True, [E]),  # reaching the target exactly ends it
        (QAHWA, [170, 60, 30, 40], True, [S]),
        (QAHWA, [160, 20, 20, 50], True, [E, S]),  # shared
        (SBEETAH, [151, 20, 30, 40], False, []),
        (SBEETAH, [152, 20, 30, 40], True, [E]),
        (SBEETAH, [160, 20, 20, 50], False, []),  # play on: the lowest are tied
        (SBEETAH, [160, 20, 21, 50], True, [E]),
    ],
)
def test_match_end(rules, totals, over, winners):
    standing = SHEET.resumed(rules, totals).standing
    assert standing.over is over
    assert standing.winners == tuple(SEATS[s] for s in winners)


def test_sbeetah_tie_plays_on_until_broken():
    sheet = SHEET.resumed(SBEETAH, (160, 20, 20, 50))
    dealer, number, n, over = N, 1, 0, False
    while not over:
        deal = start(bent_al_sbeet, sheet, shuffle.deal(f"tie-{number}"), dealer, number)
        n = _chosen_playout(deal, "tie", n)
        after = sheet.record(deal)
        over, dealer, number = after["over"], next_dealer(after), number + 1
    low = min(sheet.totals)
    assert sheet.totals.count(low) == 1 and after["winners"] == [SEATS[sheet.totals.index(low)]]
    with pytest.raises(IllegalMove):
        sheet.record(deal)


# --- properties: random playouts ----------------------------------------------------------


CANDIDATES = {
    "pass": [PASS + x for x in range(52)] + [0, KEEP],
    "expose": [EXPOSE + x for x in range(52)] + [KEEP, 0, PASS],
    "play": list(range(52)) + [KEEP, PASS + 1],
}


def _check_playout(deal, rnd):
    rules = deal.rules
    bound = 4 * rules.pass_count + 4 + len(rules.exposable) + 52
    steps = 0
    while deal.to_act is not None:
        legal = deal.legal_moves()
        assert legal and legal == sorted(legal)
        for move in CANDIDATES[deal.phase]:
            if move in legal:
                deal.play(move)
            else:
                with pytest.raises(IllegalMove):
                    deal.play(move)
        deal.push(rnd.choice(legal))
        steps += 1
        assert steps <= bound
    assert deal.is_over and deal.legal_moves() == []
    played = sorted(m for m in deal.history if m < 52)
    assert played == list(range(52))
    assert deal.taken[0] | deal.taken[1] | deal.taken[2] | deal.taken[3] == PACK
    assert sum(x.bit_count() for x in deal.taken) == 52 and sum(deal.tricks_won) == 13
    points = deal.points()
    factor = 3 if deal.moon_by() is not None else 1
    assert sum(points) == factor * deal.deal_total()
    assert all(p >= 0 for p in points)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    deal_number=st.integers(1, 6),
    totals=st.tuples(*[st.integers(0, 150)] * 4),
    rnd=st.randoms(use_true_random=False),
)
def test_random_playouts_from_the_deal(preset, seed, dealer, deal_number, totals, rnd):
    deal = new_deal(PRESETS[preset], shuffle.deal(str(seed)), dealer, deal_number, totals)
    _check_playout(deal, rnd)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    deal_number=st.integers(1, 3),
    expose=st.sets(st.sampled_from(PENALTY_CARDS)),
    rnd=st.randoms(use_true_random=False),
)
def test_random_playouts_from_trick_play(preset, seed, dealer, deal_number, expose, rnd):
    exposed = sum(1 << x for x in expose)
    deal = new_deal(
        PRESETS[preset], shuffle.deal(str(seed)), dealer, deal_number, start="play", exposed=exposed
    )
    assert deal.phase == "play" and deal.exposed == exposed
    _check_playout(deal, rnd)


RULES = st.builds(
    Rules,
    direction=st.sampled_from(["right", "clockwise"]),
    pass_count=st.sampled_from([0, 1, 3]),
    pass_direction=st.sampled_from(["alternate", "left", "right", "across"]),
    exposable=st.sampled_from([(), (QS,), (QS, TD)]),
    expose_order=st.sampled_from(["dealer_right", "dealer"]),
    hearts_double_when_both_exposed=st.booleans(),
    opening_lead=st.sampled_from(["dealer_right", "jack_of_hearts"]),
    later_deal_lead=st.sampled_from(["same", "lowest_score"]),
    forced_penalty_discard=st.booleans(),
    hearts_must_break=st.booleans(),
    moon=st.booleans(),
)


@settings(max_examples=40, deadline=None)
@given(
    rules=RULES,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    deal_number=st.integers(1, 3),
    rnd=st.randoms(use_true_random=False),
)
def test_random_playouts_under_any_rule_mix(rules, seed, dealer, deal_number, rnd):
    # Every combination of rules keeps a legal move for the seat to act (for example the forced
    # J♥ lead with hearts not yet broken).
    deal = new_deal(rules, shuffle.deal(str(seed)), dealer, deal_number, (5, 0, 9, 0))
    _check_playout(deal, rnd)


# --- golden recorded matches ------------------------------------------------------------


def golden_match(preset: str) -> str:
    """A whole match, every move chosen by sha256(seed:move number) among the legal moves."""
    return golden.penalty_match(bent_al_sbeet, "Bent Al Sbeet", preset)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_golden_match(preset):
    golden.check(f"bent-al-sbeet-{preset}.txt", golden_match(preset))


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(["bent_al_sbeet", "hearts", "leekha"]),
    preset=st.integers(0, 9),
    seed=st.text(min_size=1, max_size=8),
    picks=st.randoms(use_true_random=False),
)
def test_a_refusal_says_what_push_would_do_and_changes_nothing(game, preset, seed, picks):
    """``refusal`` (what the quiz and the tutorials ask of every call they might offer) finds
    no fault in exactly the legal moves, at every moment of a deal of every penalty game, gives
    the very refusal ``push`` raises for the others, and touches nothing of the state."""
    import importlib

    module = importlib.import_module(f"cardgames.penalty.{game}")
    presets = list(module.PRESETS.values())
    deal = module.new_deal(presets[preset % len(presets)], shuffle.deal(seed, module.PACK), W)
    moves = [m for m in range(256) if _is_a_move(module, m)]
    while True:
        legal = set(deal.legal_moves())
        before = (deal.phase, deal.to_act, list(deal.hands), list(deal.passes), deal.exposed)
        history = list(deal.history)
        for move in moves:
            said = deal.refusal(move)
            assert (said is None) == (move in legal), (deal.phase, move, said and said.code)
            try:
                deal.play(move)
            except IllegalMove as raised:
                assert said is not None
                assert (said.code, said.details) == (raised.code, raised.details)
            else:
                assert said is None, (deal.phase, move)
            assert (deal.phase, deal.to_act, deal.hands, deal.passes, deal.exposed) == before
            assert deal.history == history
        if not legal:
            break
        deal.push(picks.choice(sorted(legal)))


def _is_a_move(module, move: int) -> bool:
    try:
        module.format_move(move)
    except BadInput:
        return False
    return True
