"""The quiz on the relatives: what their variants change in an answer, scores below zero, and
their pages in each game's words."""

import re

import pytest
from django.utils import translation

from cardgames.errors import BadInput
from cardgames.table import SEATS
from quiz import questions
from quiz.messages import kind_name

from .helpers import answer, start, text_of, verdict

RELATIVES = ("leekha", "tarneeb-41", "hearts")


def first(game, variant, kind, moment, prefix="r", tries=120):
    for i in range(tries):
        q = questions.generate(game, variant, kind, f"{prefix}{i}")
        if q.moment == moment:
            return q
    pytest.fail(f"no {moment} question in {tries} seeds")


def test_the_king_of_clubs_costs_only_in_idlib():
    q = first("leekha", "idlib", questions.TRICK_POINTS, "king")
    others = {a.variant: a for a in questions.alternatives(q)}
    king = 14
    for variant in ("classic", "jawaker", "solo", "pairs"):
        alt = others[variant]
        assert alt.differs
        assert sum(alt.expected["points"]) == sum(q.expected["points"]) - king


def test_a_tarneeb_41_card_question_cannot_arise_under_the_other_first_lead():
    q = first("tarneeb-41", "classic", questions.LEGAL_SET, "follow_suit")
    (alt,) = questions.alternatives(q)
    assert alt.variant == "four-hundred" and alt.differs and alt.expected is None
    assert alt.reason.code == "other_leader"
    # the book's first lead: the dealer's right, one seat on from the dealer
    dealer = SEATS.index(q.query["dealer"])
    assert alt.reason.details["seat"] == SEATS[(dealer - 1) % 4]


def test_a_tarneeb_41_deal_scores_each_bid_and_the_partner_condition_changes_nothing():
    q = first("tarneeb-41", "classic", questions.DEAL_POINTS, "doubled")
    (alt,) = questions.alternatives(q)
    assert alt.expected == q.expected and not alt.differs
    pos = q.position()
    bids = [pos.state.bid_of(s) for s in range(4)]
    assert any(b >= 7 for b in bids)
    for s, points in enumerate(q.expected["points"]):
        value = bids[s] * (2 if bids[s] >= 7 else 1)
        assert abs(points) == value


def test_tarneeb_41_points_are_read_with_their_sign_and_the_others_are_not():
    q = first("tarneeb-41", "classic", questions.DEAL_POINTS, "missed")
    data = {
        f"points_{s}": [str(p).replace("-", "\u2212")]
        for s, p in zip(SEATS, q.expected["points"], strict=True)
    }
    assert questions.read_answer(q, data) == q.expected
    assert any(p < 0 for p in q.expected["points"])
    q = first("hearts", "pagat", questions.DEAL_POINTS, "plain")
    with pytest.raises(BadInput):
        questions.read_answer(q, {f"points_{s}": ["-1"] for s in SEATS})


def test_the_moon_in_hearts_is_told_without_a_ten_of_diamonds():
    q = first("hearts", "pagat", questions.DEAL_POINTS, "moon", prefix="moon")
    notes = questions.check(q, q.expected).notes
    assert [n.code for n in notes if n.code.startswith("moon")] == ["moon_hearts"]
    assert sorted(q.expected["points"]) == [0, 26, 26, 26]


def test_the_first_trick_in_hearts_keeps_the_points_back():
    q = first("hearts", "pagat", questions.PLAY, "first_trick")
    pos = q.position()
    hand = pos.state.hands[pos.state.to_act]
    point_cards = [m for m in range(52) if hand >> m & 1 and (m // 13 == 1 or m == 10)]
    assert point_cards
    wrong = {"move": pos.module.format_move(point_cards[0])}
    verdict_ = questions.check(q, wrong)
    assert not verdict_.correct
    assert "no_points_on_first_trick" in {n.code for n in verdict_.notes}


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_a_tarneeb_41_deal_page_shows_the_bids_and_takes_a_minus(client, quiz, lang):
    url = start(client, "tarneeb-41", "classic", questions.DEAL_POINTS, lang)
    page = client.get(url).content.decode()
    assert 'inputmode="text"' in page and 'class="taken"' in page
    q, result = answer(client, url, right=True)
    assert verdict(result) is True


def test_the_relatives_speak_levantine_in_the_quiz(client, quiz):
    with translation.override("ar"):
        assert kind_name(questions.TRICK_POINTS, "hearts") == "كم تكلّف اللمّة"
        assert kind_name(questions.TRICK_POINTS, "bent-al-sbeet") == "كم تكلّف الأكلة"
    url = start(client, "hearts", "pagat", questions.DEAL_POINTS, "ar")
    page = text_of(client.get(url))
    assert "الكبّة وأوراق الجزاء" in page and "الهاص" not in page
    with translation.override("en"):
        assert kind_name(questions.DEAL_POINTS, "tarneeb-41") == "What a deal scores"


@pytest.mark.parametrize("game", RELATIVES)
def test_every_kind_of_each_relative_is_offered_on_the_quiz_page(client, quiz, game):
    page = client.get("/en/quiz/").content.decode()
    assert f'value="{game}"' in page
    for kind in questions.KINDS[game]:
        assert re.search(rf'value="{kind}"', page)
