"""What the rules make public is drawn on the felt, with the numbers the rules in force give it:
an opponent's exposed card face up at its seat, its badge the exposure's multiplier (a house
rule, 1 to 10), the rest of that hand face down; a doubled contract with its multiplier."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from cardgames.positions import open_position
from cardgames.table import S
from cardtable import tables
from rulebook import games

# North holds the queen of spades, West the ten of diamonds.
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def felt(game: str, params: dict, **options) -> tuple[dict, str]:
    module = games.GAMES[game].engine
    position = open_position(module, {"dealer": "N", "deal": DEAL, **params})
    context = tables.table(position, play=None, open_seats=(S,), **options)
    with translation.override("en"):
        return context, render_to_string("cardtable/_felt.html", context)


def seat_html(html: str, letter: str) -> str:
    start = html.index(f"seat-{letter}")
    return html[start : html.index('<div class="seat ', start + 1) if letter != "S" else None]


@pytest.mark.parametrize("times", [1, 2, 3, 10])
def test_an_opponent_s_exposed_card_is_face_up_at_its_seat_with_the_multiplier_in_force(times):
    context, html = felt(
        "bent-al-sbeet", {"exposed": "QS,TD", "rule.exposure_multiplier": str(times)}
    )
    north, west = context["seats"]["N"], context["seats"]["W"]
    assert [c["code"] for c in north["shown"]] == ["QS"]
    assert [c["code"] for c in west["shown"]] == ["TD"]
    assert all(c["exposed"] and c["times"] == times for c in north["shown"] + west["shown"])
    # the hand's other twelve cards stay face down, and are counted as such
    assert (north["count"], north["down"], len(north["backs"])) == (13, 12, 12)
    assert context["seats"]["E"]["shown"] == [] and context["seats"]["E"]["down"] == 13
    drawn = seat_html(html, "N")
    assert 'data-card="QS"' in drawn and drawn.count('class="back"') == 12
    assert "12 cards, face down" in drawn
    assert re.findall(r'class="tag"[^>]*>([^<]*)<', html) == [f"×{times}", f"×{times}"]
    # nothing else of a closed hand is named: only the public cards
    codes = set(re.findall(r'data-card="(\w\w)"', drawn))
    assert codes == {"QS"}


def test_an_exposed_card_on_the_trick_keeps_the_multiplier_in_force():
    # East deals, North leads the exposed queen of spades
    context, html = felt(
        "bent-al-sbeet",
        {"exposed": "QS,TD", "rule.exposure_multiplier": "3", "dealer": "E", "moves": "QS"},
    )
    (played,) = context["trick"]
    assert played["code"] == "QS" and played["exposed"] and played["times"] == 3
    assert context["seats"]["N"]["shown"] == []  # played: no longer at the seat
    assert re.findall(r'class="tag"[^>]*>([^<]*)<', html) == ["×3", "×3"]  # West's ten too


def test_a_doubled_contract_shows_the_multiplier_in_force_not_a_literal():
    # Egyptian Tarneeb: North bids 7 clubs, East doubles, and the rest pass
    moves = "7C double pass pass pass"
    for times in (2, 3):
        context, html = felt(
            "tarneeb",
            {"variant": "egyptian", "moves": moves, "rule.double_multiplier": str(times)},
        )
        assert context["contract"]["doubled"] and context["contract"]["multiplier"] == times
        chip = re.search(r'<p class="contract-chip">(.*?)</p>', html, re.S).group(1)
        assert f"×{times}" in chip and (times == 2 or "×2" not in chip)


def test_a_closed_hand_without_exposures_is_all_backs():
    context, html = felt("bent-al-sbeet", {})
    for letter in "NEW":
        seat = context["seats"][letter]
        assert seat["shown"] == [] and seat["down"] == 13
        assert 'class="hand shown"' not in seat_html(html, letter)


def test_the_cards_the_learner_passed_are_face_up_at_the_seat_that_holds_them():
    from practice.match import Practice, Setup
    from practice.table import drawn

    practice = Practice.start(Setup("bent-al-sbeet", "qahwa", {}, seat=S), "exposed-0")
    module = practice.module
    while practice.state.phase != "play":  # the learner passes its first cards, and keeps
        tokens = [module.format_move(m) for m in practice.legal()]
        practice.play(["keep" if "keep" in tokens else tokens[0]], practice.ply)
    state = practice.state
    target = state.pass_target(S)
    passed = state.passes[S]
    assert passed.bit_count() == 3 and state.hands[target] & passed == passed
    with translation.override("en"):
        context = drawn(practice)
    for seat in range(4):
        view = context["seats"]["NESW"[seat]]
        if seat == S:
            assert view["shown"] == []  # the learner's own hand is open
            continue
        public = state.hands[seat] & (state.exposed | (passed if seat == target else 0))
        assert {c["code"] for c in view["shown"]} == {
            module.format_move(c) for c in range(52) if public >> c & 1
        }
        assert view["down"] == state.hands[seat].bit_count() - public.bit_count()
    # while the pass is still being chosen, nothing passed is shown anywhere else
    fresh = Practice.start(Setup("bent-al-sbeet", "qahwa", {}, seat=S), "exposed-0")
    assert fresh.state.phase == "pass"
    with translation.override("en"):
        assert all(not v["shown"] for v in drawn(fresh)["seats"].values())


@pytest.mark.parametrize("game,variant", [("bent-al-sbeet", "qahwa"), ("hearts", "pagat")])
@pytest.mark.parametrize("lang,said", [("en", "received in the pass"), ("ar", "وصلت بالتمرير")])
def test_the_cards_passed_to_the_learner_are_marked_in_their_hand_and_said(
    game, variant, lang, said
):
    """After the pass the learner sees which cards came in: those its giver chose are marked in
    its open hand (and named so to a screen reader), none other, and no other seat's."""
    from cardgames.table import passer_to
    from practice.match import Practice, Setup
    from practice.table import drawn

    practice = Practice.start(Setup(game, variant, {}, seat=S), "received-0")
    module = practice.module
    fresh = None
    while practice.state.phase != "play":
        if practice.state.phase == "pass" and fresh is None:
            with translation.override(lang):
                fresh = drawn(practice)  # before the cards change hands: nothing marked
        tokens = [module.format_move(m) for m in practice.legal()]
        practice.play(["keep" if "keep" in tokens else tokens[0]], practice.ply)
    state = practice.state
    giver = passer_to(S, state.pass_target(S))
    came = state.passes[giver] & state.hands[S]
    assert came.bit_count() == 3
    with translation.override(lang):
        context = drawn(practice)
        html = render_to_string("cardtable/_felt.html", context)
    hand = context["seats"]["S"]["cards"]
    assert {c["code"] for c in hand if c["received"]} == {
        module.format_move(c) for c in range(52) if came >> c & 1
    }
    assert len(re.findall(r'class="card [^"]*\breceived\b', html)) == 3
    assert html.count(said) == 3
    assert all(not c["received"] for c in fresh["seats"]["S"]["cards"])
