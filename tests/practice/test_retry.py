"""Trying a finished deal again (``practice.retry``), without JavaScript: from the review's
"Retry this trick", the moment before a costly card against the same hands; that card (or any
costly one) is refused with what it costs, a card of cost 0 is played and the computer
players reply; "Retry this deal" plays the whole deal again to its end. The retry is marked,
changes nothing stored, and is the match owner's only."""

import html
import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.cache import caches
from django.test import Client
from django.utils import translation

from practice import retry, retry_page
from practice.models import Match
from rulebook import analyses
from tests.web.test_writing import visible

from .helpers import learner_token
from .test_pages import match_of, new_match, play, table_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_analysis(settings):
    settings.ANALYSIS_SECONDS = 30  # what a retry does, not how fast (make bench)
    settings.ANALYSIS_SAMPLES = 8
    caches["countless"].clear()
    yield
    caches["countless"].clear()


def stored(url: str):
    """What the database holds of the match: its version and every deal's moves."""
    match = Match.objects.get(public_id=url.rstrip("/").split("/")[-1])
    return match.version, [(d.number, list(d.moves), d.undone) for d in match.deals.all()]


def with_a_mistake(client, game: str, lang: str = "en"):
    """A practice match whose deal is over with a costly card of the learner's (a careless
    learner): the table's path and the review's page."""
    rng = random.Random(f"retry {game}")
    url = table_url(new_match(client, game, lang=lang))
    for _ in range(12):
        practice = match_of(url).replay()
        while not practice.deal_over:
            assert play(client, url, learner_token(practice, rng)).status_code == 303
            practice = match_of(url).replay()
        body = client.get(url).content.decode()
        if 'class="retry-trick"' in body:
            return url, body
        client.post(url + "next/", {"deal": practice.deal_number})
    raise AssertionError("no costly card in twelve deals")


def form(body: str) -> tuple[str, dict]:
    """The retry page's move form: its action and its hidden fields."""
    found = re.search(r'(?s)<form method="get" action="([^"]+)"[^>]*>(.*?)</form>', body)
    assert found, "no move form"
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', found[2]))
    return html.unescape(found[1]), {k: html.unescape(v) for k, v in fields.items()}


def moment(url: str):
    """The retry's practice and the moment its address names."""
    query = parse_qs(urlsplit(url).query)
    return int(query["start"][0]), query.get("moves", [""])[0].split()


@pytest.mark.parametrize("game", ["hearts", "tarneeb"])
def test_retry_this_trick_refuses_a_costly_card_and_plays_one_of_cost_0(client, rulebook, game):
    url, review = with_a_mistake(client, game)
    before = stored(url)
    link = html.unescape(re.search(r'<a href="([^"]+)" class="retry-trick"', review)[1])
    page = client.get(link)
    assert page.status_code == 200
    body = page.content.decode()
    assert 'class="retry-mark"' in body and str(retry_page.NOTE) in visible(body)
    assert 'name="robots" content="noindex"' in body
    action, fields = form(body)
    start = int(fields["start"])
    practice = match_of(url).replay()
    original = practice.record.moves[start]
    assert practice.seat == practice.position(start).state.to_act
    # the card played in the deal is refused, with its cost; nothing moves
    refused = client.get(action, {**fields, "move": original})
    assert refused.status_code == 200
    text = refused.content.decode()
    assert 'class="verdict refused"' in text and f'data-card="{original}"' in text
    assert form(text)[1] == fields
    # a card of cost 0 at that moment is played, the computer players reply
    answer = analyses.judge(game, practice.position(start), practice.seat, "seat")
    free = next(m["move"] for m in answer["moves"] if m["cost"] == 0)
    played = client.get(action, {**fields, "move": free})
    assert played.status_code == 303
    after, moves = moment(played["Location"])
    assert after == start and moves[0] == free and len(moves) > 1
    found = client.get(played["Location"]).content.decode()
    assert 'class="verdict found"' in found
    # the match is as it was
    assert stored(url) == before


def test_retry_this_deal_plays_it_to_its_end_and_says_how_it_went(client, rulebook):
    url, review = with_a_mistake(client, "leekha")
    before = stored(url)
    link = html.unescape(re.search(r'<a href="([^"]+)" class="retry-deal"', review)[1])
    page = client.get(link, follow=True)
    for _ in range(80):
        body = page.content.decode()
        if 'id="retry-over"' in body:
            break
        action, fields = form(body)
        tokens = re.findall(r'<button type="submit" name="move" value="([^"]+)"', body)
        practice = match_of(url).replay()
        start, moves = int(fields["start"]), fields.get("moves", "").split()

        now = retry.replayed(practice, practice.deal_number, start, moves)
        if now.state.phase == "pass":
            picks = re.findall(r'name="pass" value="([^"]+)"', body)[:3]
            page = client.get(action, {**fields, "pass": picks}, follow=True)
            continue
        choice = now.module.format_move(now.legal()[0])
        assert choice in tokens or now.state.phase != "play"
        if retry.judged_moment(now):
            answer = analyses.judge("leekha", now.position(), now.seat, "seat")
            choice = next(m["move"] for m in answer["moves"] if m["cost"] == 0)
        page = client.get(action, {**fields, "move": choice}, follow=True)
        assert page.status_code == 200
    else:
        raise AssertionError("the retried deal did not end")
    assert "retry-over" in body and re.search(r"\d", visible(body))
    assert stored(url) == before


def test_a_retry_is_the_owners_and_never_of_a_deal_in_play(client, rulebook):
    url, review = with_a_mistake(client, "bent-al-sbeet")
    link = html.unescape(re.search(r'<a href="([^"]+)" class="retry-trick"', review)[1])
    assert Client().get(link).status_code == 404  # another browser: nothing here
    practice = match_of(url).replay()
    client.post(url + "next/", {"deal": practice.deal_number})
    in_play = link.replace(f"/retry/{practice.deal_number}/", f"/retry/{practice.deal_number + 1}/")
    assert client.get(in_play).status_code == 404
    assert client.get(link).status_code == 200  # the finished deal still can be tried
    forged = re.sub(r"start=\d+", "start=9999", link)
    assert client.get(forged).status_code == 404


def test_a_retry_in_arabic(client, rulebook):
    url, review = with_a_mistake(client, "hearts", lang="ar")
    link = html.unescape(re.search(r'<a href="([^"]+)" class="retry-trick"', review)[1])
    assert link.startswith("/ar/")
    body = client.get(link).content.decode()
    assert 'lang="ar"' in body and 'dir="rtl"' in body
    with translation.override("ar"):
        assert str(retry_page.NOTE) in visible(body)
