"""The Trix's rows judged card by card in practice (issue 48): a learner who owns the kingdom
names the Trix and lays a deal out; the hint values each card that fits (and the pass) by the
place it leads to, the review judges the same moment with the very same values, tells it card
by card (no tricks), and says what a costly card opened on its row."""

import random

import pytest
from django.core.cache import caches

from cardgames import analysis

from .helpers import learner_token
from .test_one_verdict import numbers, review_item, section
from .test_pages import match_of, new_match, play, table_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def steady(settings):
    settings.ANALYSIS_SECONDS = 60
    settings.ANALYSIS_SAMPLES = 8
    caches["countless"].clear()
    yield
    caches["countless"].clear()


def owned_kingdom(client):
    """A Trix match whose learner owns the first kingdom (dealt the seven of hearts)."""
    for _ in range(40):
        url = table_url(new_match(client, "trix"))
        practice = match_of(url).replay()
        if practice.learner_to_act and practice.state.phase == "choose":
            return url
    raise AssertionError("the learner never owned the first kingdom")


def test_the_rows_are_hinted_and_reviewed_with_one_verdict_card_by_card(client, rulebook):
    url = owned_kingdom(client)
    assert play(client, url, "trix").status_code == 303
    rng = random.Random("rows")
    hinted = None
    practice = match_of(url).replay()
    while not practice.deal_over:
        choices = analysis.choices(practice.game, practice.state)
        if hinted is None and practice.learner_to_act and len(choices) > 1:
            caches["countless"].clear()
            body = client.get(url + "?hint=1").content.decode()
            hinted = (practice.ply, numbers(section(body, "hint-costs")))
        assert play(client, url, learner_token(practice, rng)).status_code == 303
        practice = match_of(url).replay()
    assert hinted is not None
    ply, hint = hinted
    assert len(hint) > 1 and all(50 <= value <= 200 for _cost, value in hint.values())
    caches["countless"].clear()
    body = client.get(url).content.decode()
    review = section(body, "analysis")
    assert 'data-pending="0"' in review
    played = practice.module.format_move(practice.moves[ply])
    move, cost, value = review_item(review, ply)
    assert move == played and (cost, value) == hint[played]
    assert "Card by card" in body and "Trick by trick" not in body
    assert "Retry this trick" not in body
