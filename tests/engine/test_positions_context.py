"""A position in a running match: ``deal_number`` and ``totals`` change what depends on them
(the pass of deal n, the lowest total's lead, the end of the match), are checked, read back,
and a finished deal says where the match stands (``match``)."""

import pytest

from cardgames import cards, shuffle
from cardgames.errors import BadInput
from cardgames.layout import sabaat_al_deemin
from cardgames.penalty import bent_al_sbeet, hearts, leekha
from cardgames.positions import open_position
from cardgames.table import SEATS, N, W
from cardgames.trickbid import tarneeb, tarneeb_41
from cardgames.trickbid.score_sheet import Sheet

DEAL = cards.format_deal(shuffle.deal("context"))


def finished(module, params, choose=lambda legal: legal[0]):
    """The position after playing the deal out (first legal move each time), and its moves."""
    pos = open_position(module, params)
    state = pos.state.copy()
    while not state.is_over:
        state.push(choose(state.legal_moves()))
    moves = " ".join(module.format_move(m) for m in state.history)
    return open_position(module, {**params, "moves": moves})


def test_the_pass_of_deal_n():
    first = open_position(bent_al_sbeet, {"deal": DEAL, "start": "deal"})
    second = open_position(bent_al_sbeet, {"deal": DEAL, "start": "deal", "deal_number": "2"})
    assert first.state.pass_target(N) == 1 and second.state.pass_target(N) == 3  # left, right
    fourth = open_position(hearts, {"deal": DEAL, "start": "deal", "deal_number": "4"})
    assert fourth.state.phase == "play"  # Hearts' fourth deal has no pass
    answer = second.to_json("bent-al-sbeet")
    assert answer["deal_number"] == 2 and second.query()["deal_number"] == "2"
    assert "deal_number" not in first.query()


def test_the_lowest_total_leads_a_later_sbeetah_deal():
    params = {"variant": "sbeetah", "deal": DEAL, "dealer": "N", "totals": "N:30,E:10,S:20,W:10"}
    first = open_position(bent_al_sbeet, params)
    jack = next(s for s in range(4) if first.hands[s] >> bent_al_sbeet.JH & 1)
    assert first.state.to_act == jack  # the first deal: the J♥
    later = open_position(bent_al_sbeet, {**params, "deal_number": "3"})
    assert later.state.to_act == W  # E and W tie at 10: W comes first from the dealer's right
    answer = later.to_json("bent-al-sbeet")
    assert answer["totals"] == {"N": 30, "E": 10, "S": 20, "W": 10}
    assert later.query()["totals"] == "N:30,E:10,S:20,W:10"
    assert open_position(bent_al_sbeet, later.query()).state.to_act == W


@pytest.mark.parametrize(
    "module, params, code, reason",
    [
        (bent_al_sbeet, {"deal_number": "0"}, "bad_deal_number", None),
        (bent_al_sbeet, {"deal_number": "two"}, "bad_deal_number", None),
        (bent_al_sbeet, {"deal_number": "1001"}, "bad_deal_number", None),
        (bent_al_sbeet, {"totals": "NS:3"}, "bad_totals", "not_a_seat"),
        (bent_al_sbeet, {"totals": "N3"}, "bad_totals", "not_a_seat"),
        (bent_al_sbeet, {"totals": "N:3,N:4"}, "bad_totals", "repeated"),
        (bent_al_sbeet, {"totals": "N:x"}, "bad_totals", "not_a_number"),
        (bent_al_sbeet, {"totals": "N:151"}, "bad_totals", "match_over"),
        (tarneeb, {"totals": "N:3"}, "bad_totals", "not_a_side"),
        (tarneeb, {"totals": "NS:-3"}, "bad_totals", "negative_line"),
        (tarneeb, {"totals": "NS:31"}, "bad_totals", "match_over"),
        (sabaat_al_deemin, {"totals": "EW:500"}, "bad_totals", "match_over"),
        (tarneeb_41, {"totals": "N:41,S:1"}, "bad_totals", "match_over"),
    ],
)
def test_the_deal_number_and_the_totals_are_checked(module, params, code, reason):
    deal = cards.format_deal(shuffle.deal("context", module.PACK))
    with pytest.raises(BadInput) as info:
        open_position(module, {"deal": deal, **params})
    assert info.value.code == code
    if reason:
        assert info.value.details["reason"] == reason


def test_a_tie_that_plays_on_is_not_over_until_broken():
    params = {"variant": "sbeetah", "deal": DEAL, "dealer": "N"}  # the J♥ leads: no totals
    done = finished(bent_al_sbeet, params)
    points = done.state.points()
    # Totals before the deal chosen so that, after it, the seat that took the most is at 160
    # and two others share the lowest total.
    most = points.index(max(points))
    others = [s for s in range(4) if s != most]
    after = [0, 0, 0, 0]
    after[most], after[others[0]], after[others[1]], after[others[2]] = 160, 130, 130, 150
    low = [SEATS[s] for s in others[:2]]
    before = ",".join(f"{SEATS[s]}:{after[s] - points[s]}" for s in range(4))
    params = {**params, "moves": " ".join(done.move_tokens()), "totals": before}
    match = open_position(bent_al_sbeet, params).to_json("bent-al-sbeet")["match"]
    assert match["totals"] == dict(zip(SEATS, after, strict=True))
    assert (match["over"], match["winners"], match["tie"]) == (False, [], "play_on")
    shared = open_position(bent_al_sbeet, params, overrides={"ties": "shared"})
    match = shared.to_json("bent-al-sbeet")["match"]
    assert (match["over"], match["winners"], match["tie"]) == (True, low, "shared")


def test_qahwa_match_over_with_the_lowest_winning():
    done = finished(bent_al_sbeet, {"deal": DEAL})
    points = done.state.points()
    params = {"deal": DEAL, "moves": " ".join(done.move_tokens()), "totals": "N:150,E:3"}
    answer = open_position(bent_al_sbeet, params).to_json("bent-al-sbeet")
    after = [150 + points[0], 3 + points[1], points[2], points[3]]
    assert answer["match"]["totals"] == dict(zip(SEATS, after, strict=True))
    over = max(after) >= 151
    assert answer["match"]["over"] is over
    if over:
        assert answer["match"]["winners"] == [SEATS[s] for s in range(4) if after[s] == min(after)]
    assert answer["match"]["next_dealer"] == "W"  # the deal passes to the right


def test_leekha_the_side_of_whoever_reaches_101_loses():
    done = finished(leekha, {"deal": DEAL, "dealer": "E"})
    points = done.state.points()
    taker = next(s for s in range(4) if points[s] > 0)
    totals = f"{SEATS[taker]}:{101 - points[taker]}"
    params = {"deal": DEAL, "dealer": "E", "moves": " ".join(done.move_tokens()), "totals": totals}
    match = open_position(leekha, params).to_json("leekha")["match"]
    assert match["over"] and match["winners"] == ["EW" if taker % 2 == 0 else "NS"]
    queen = next(s for s in range(4) if done.state.taken[s] >> leekha.LEEKHAS[0] & 1)
    assert match["next_dealer"] == SEATS[queen]  # the Q♠ taker deals next


def test_tarneeb_totals_are_the_sheets_lines():
    done = finished(tarneeb, {"deal": DEAL}, lambda legal: legal[1] if len(legal) > 1 else legal[0])
    assert done.state.contract is not None
    score = done.state.points()
    moves = " ".join(done.move_tokens())
    answer = open_position(tarneeb, {"deal": DEAL, "moves": moves, "totals": "NS:25,EW:28"})
    match = answer.to_json("tarneeb")["match"]
    sheet = Sheet(31)
    sheet.enter_points(25, 28)
    sheet.enter_scores(*score)
    assert match["totals"] == {"NS": sheet.lines[0], "EW": sheet.lines[1]}
    assert match["debts"] == {"NS": sheet.debts[0], "EW": sheet.debts[1]}
    assert match["over"] is (sheet.winner is not None)
    assert match["winners"] == ([sheet.winner] if sheet.winner else [])


def test_sabaat_to_500():
    deal = cards.format_deal(shuffle.deal("context", sabaat_al_deemin.PACK))
    done = finished(sabaat_al_deemin, {"deal": deal})
    side = done.state.winner_side
    points = done.state.points()[side]
    totals = ("NS", "EW")[side] + f":{500 - points}"
    params = {"deal": deal, "moves": " ".join(done.move_tokens()), "totals": totals}
    match = open_position(sabaat_al_deemin, params).to_json("sabaat-al-deemin")["match"]
    assert match["over"] and match["winners"] == [("NS", "EW")[side]]
    assert match["totals"][("NS", "EW")[side]] == 500


def test_tarneeb_41_the_partner_condition_in_a_position():
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    for preset, over in (("classic", False), ("four-hundred", True)):
        done = finished(tarneeb_41, {"variant": preset, "deal": deal, "moves": "3 3 3 3"})
        points = done.state.points()
        assert points[1] == 3  # E, all hearts, made its 3
        params = {
            "variant": preset,
            "deal": deal,
            "moves": " ".join(done.move_tokens()),
            "totals": f"E:40,W:{-points[3]}",  # W ends on exactly zero
        }
        match = open_position(tarneeb_41, params).to_json("tarneeb-41")["match"]
        assert match["totals"]["E"] == 43 and match["totals"]["W"] == 0
        assert match["over"] is over and match["winners"] == (["EW"] if over else [])


def test_before_the_end_of_the_deal_there_is_no_match_answer():
    answer = open_position(bent_al_sbeet, {"deal": DEAL}).to_json("bent-al-sbeet")
    assert answer["match"] is None and answer["deal_number"] == 1
    assert answer["totals"] == {"N": 0, "E": 0, "S": 0, "W": 0}
