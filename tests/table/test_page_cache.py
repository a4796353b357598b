"""Rule pages cached whole for everyone: what a visitor sees of their own is theirs alone, an
edit shows at once, and a warm page costs a bounded number of queries."""

import gzip
import re

import pytest
from django.test import Client

from rulebook.models import Game, Rule

URL = "/en/bent-al-sbeet/"


def learn_box(html: str) -> str:
    return re.search(r'<nav class="learn".*?</nav>', html, re.S).group(0)


def with_progress() -> tuple[Client, int]:
    """A visitor who has answered a question of a Bent Al Sbeet tutorial (so has a session and
    progress), and the step they are at."""
    from tutorials.models import Tutorial

    visitor = Client()
    question = Tutorial.objects.get(slug="bent-first-deal").steps.filter(question=True).first()
    step = question.number
    assert visitor.post(f"/en/tutorials/bent-first-deal/{step}/", {"hint": "1"}).status_code == 302
    visitor.get(f"/en/tutorials/bent-first-deal/{step + 1}/")
    return visitor, step + 1


def test_one_visitors_progress_never_reaches_another(tutorials):
    first, step = with_progress()
    theirs = learn_box(first.get(URL).content.decode())  # the page is cached by this request
    assert f"resume at step {step}" in theirs
    stranger = Client().get(URL, HTTP_ACCEPT_ENCODING="gzip")
    assert stranger["Content-Encoding"] == "gzip"
    html = gzip.decompress(stranger.content).decode()
    assert "resume at step" not in learn_box(html)
    assert "a guided hand" in learn_box(html)
    # and the visitor with progress still sees theirs from the cached page
    assert f"resume at step {step}" in learn_box(first.get(URL).content.decode())


def test_the_cached_page_holds_nothing_of_a_visitor(tutorials):
    response = with_progress()[0].get(URL)
    html = response.content.decode()
    assert "csrfmiddlewaretoken" not in html
    assert "Cookie" in response["Vary"] and "Accept-Encoding" in response["Vary"]


def test_an_edit_shows_at_once_from_the_cached_page(tutorials):
    before = Client().get(URL).content.decode()
    tarneeb = Game.objects.get(slug="tarneeb").revision
    rule = Rule.objects.filter(game__slug="bent-al-sbeet").first()
    assert rule.name in before
    revision = Game.objects.get(slug="bent-al-sbeet").revision
    rule.name = "A rule renamed by an editor"
    rule.save()  # as the admin saves it, in whichever process
    assert Game.objects.get(slug="bent-al-sbeet").revision == revision + 1
    assert "A rule renamed by an editor" in Client().get(URL).content.decode()
    # other games' pages are not thrown away
    assert Game.objects.get(slug="tarneeb").revision == tarneeb


@pytest.mark.parametrize(
    "url",
    [
        "/en/tarneeb/",
        "/ar/bent-al-sbeet/sbeetah/",
        "/fr/sabaat-al-deemin/",
        "/en/bent-al-sbeet/qahwa/?rule.target=101",
    ],
)
def test_a_warm_rule_page_asks_the_database_at_most_three_times(
    tutorials, url, django_assert_max_num_queries
):
    visitor, _step = with_progress()
    visitor.get(url)
    Client().get(url)
    with django_assert_max_num_queries(3):  # the game; nothing more for a visitor without one
        assert Client().get(url).status_code == 200
    with django_assert_max_num_queries(6):  # the session, the progress, the tutorials
        assert visitor.get(url).status_code == 200
