"""The practice review's analysis, after a whole deal of each game played through the pages:
each card the learner played with its cost from the learner's own view at that moment (tricks,
points, or the chance to go out), the best card beside a costly one, the costly ones first; the
switch to every hand open, a link that works without JavaScript, labelled with its finesse
sentence; Tarneeb's and Tarneeb 41's double-dummy table; in Arabic, English and French. The
numbers are the analysis API's for the same deal."""

import html
import random
import re

import pytest
from django.core.cache import caches
from django.utils import translation

from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import vocabulary
from practice.costs import NO_COST
from rulebook import analyses, costs, games
from tests.web.test_writing import visible

from .helpers import learner_token
from .test_pages import match_of, new_match, play, table_url

pytestmark = pytest.mark.django_db

LANGS = ("ar", "en", "fr")
MAX_DEALS = 6


@pytest.fixture(autouse=True)
def roomy_budget(settings):
    """These tests check what an answer says, not how fast it comes (``make bench`` times it;
    a loaded test machine is slower): a budget no search reaches, but where a test sets its own."""
    settings.ANALYSIS_SECONDS = 5


@pytest.fixture(autouse=True)
def fresh_cache():
    caches["countless"].clear()
    yield
    caches["countless"].clear()


def finished_deal_with_cards(client, game: str) -> str:
    """A practice match whose current deal is over and held some of the learner's cards (a
    thrown-in deal is followed by the next): its table's path, without the language."""
    rng = random.Random(game)
    url = table_url(new_match(client, game))
    for _ in range(MAX_DEALS):
        match = match_of(url)
        while not (practice := match.replay()).deal_over:
            assert play(client, url, learner_token(practice, rng)).status_code == 303
        if any(
            seat == practice.seat and move < 52
            for seat, move in zip(practice.actors, practice.moves, strict=True)
        ):
            return url.split("/", 2)[2]
        client.post(url + "next/", {"deal": practice.deal_number})
    raise AssertionError(f"{game}: no card of the learner's in {MAX_DEALS} deals")


def section(body: str) -> str:
    found = re.search(r'(?s)<section class="analysis"[^>]*id="analysis".*?</section>', body)
    assert found, "no analysis in the review"
    return found[0]


def expected(practice, view: str) -> dict:
    """What the analysis says of the learner's cards in this deal (the API's numbers)."""
    return analyses.judge_deal(practice.game, practice.position(), view, seats=(practice.seat,))


@pytest.mark.parametrize("game", list(games.GAMES))
def test_the_review_shows_what_each_of_the_learners_cards_cost(client, rulebook, game):
    path = finished_deal_with_cards(client, game)
    practice = match_of("/en/" + path).replay()
    for lang in LANGS:
        body = client.get(f"/{lang}/{path}").content.decode()
        box = section(body)
        assert 'data-view="seat"' in box
        text = visible(box)
        with translation.override(lang):
            answer = expected(practice, "seat")
            vocab = vocabulary(game)
            unit = costs.unit(game)
            items = re.findall(r'(?s)<li class="(costly|no-cost)">(.*?)</li>', box)
            judged = answer["moves"]
            assert len(items) == len(judged) > 0
            # the costly ones first, each with its cost and the best card; each one's position
            order = sorted(judged, key=lambda m: (-m["cost"], m["ply"]))
            for (kind, item), m in zip(items, order, strict=True):
                seen = visible(item)
                assert f"/{game}/position/?" in item and "analysis=seat" in item
                assert str(m["ply"] + 1) in seen
                played = costs.move_words(vocab, m["move"])  # a card by name, or a knock
                assert html.unescape(played) in html.unescape(item)
                if m["cost"] > 0:
                    assert kind == "costly"
                    assert html.unescape(unit.amount(m["cost"], vocab.region)) in seen
                    best = costs.move_words(vocab, m["best"][0])
                    assert html.unescape(best) in seen
                else:
                    assert kind == "no-cost" and str(NO_COST) in seen
            # the switch to every hand open, labelled as such, a plain link
            switch = re.search(r'<a href="([^"]+)" class="view-open"', box)
            assert switch and str(costs.VIEW_NAMES["open"]) in text
            assert str(costs.VIEW_NOTES["seat"]) in text
        opened = client.get(html.unescape(switch[1]).split("#")[0])
        assert opened.status_code == 200
        open_box = section(opened.content.decode())
        with translation.override(lang):
            assert 'data-view="open"' in open_box
            assert str(costs.VIEW_NOTES["open"]) in visible(open_box)
            assert len(re.findall(r'<li class="(?:costly|no-cost)">', open_box)) == len(
                expected(practice, "open")["moves"]
            )


@pytest.mark.parametrize("game", ["tarneeb"])
def test_the_review_gives_the_deals_double_dummy_table_in_the_games_words(client, rulebook, game):
    path = finished_deal_with_cards(client, game)
    practice = match_of("/en/" + path).replay()
    table = expected(practice, "seat")["table"]
    assert table["double_dummy"]
    tricks = table["tricks"]
    for lang in LANGS:
        box = section(client.get(f"/{lang}/{path}").content.decode())
        dd = re.search(r'(?s)<div class="dd-table".*?</div>', box)[0]
        text = visible(dd)
        with translation.override(lang):
            vocab = vocabulary(game)
            for key in tricks:
                name = vocab.side(PARTNERSHIPS.index(key)) if key in PARTNERSHIPS else None
                name = name or vocab.seat(SEATS.index(key))
                assert name in text, (lang, key)
            strain = practice.state.strain
            if strain:
                sentence = re.search(r'<p class="dd-sentence">(.*?)</p>', dd)
                assert sentence, lang
                said = html.unescape(sentence[1])
                assert vocab.strain(strain) in said
                mine = SEATS[practice.seat]
                row = tricks[mine] if mine in tricks else tricks[PARTNERSHIPS[practice.seat % 2]]
                n = row[strain] if isinstance(row, dict) else row
                assert str(n) in said or n in (0, 1, 2)  # Arabic writes 1 and 2 as words


@pytest.mark.parametrize("lang", LANGS)
def test_a_review_past_the_budget_says_so_and_offers_to_try_again(client, rulebook, settings, lang):
    path = finished_deal_with_cards(client, "hearts")
    settings.ANALYSIS_SECONDS = 1e-9
    response = client.get(f"/{lang}/{path}")
    assert response.status_code == 200  # the rest of the review stands
    box = section(response.content.decode())
    assert 'class="busy"' in box and "#analysis" in box
    settings.ANALYSIS_SECONDS = 30
    assert '<li class="' in section(client.get(f"/{lang}/{path}").content.decode())
