"""A score sheet belongs to the browser session that started it (or opened its scorer's link):
only that session may write; others get 404. Undo and a confirmed end, refused when stale."""

import re

import pytest
from django.test import Client

from scoresheet.models import Match

from .test_sheet import deal, match_of, new_match, page, points, standing

pytestmark = pytest.mark.django_db

WRITES = [
    ("", {"kind": "points", "row": 1, "points_NS": 5, "points_EW": 0}),
    ("undo/", {"row": 1}),
    ("end/", {"row": 1}),
]


def test_links_are_unguessable_tokens_and_no_id_is_in_any_address(client):
    url = new_match(client)
    assert points(client, url, 1, 3, 4).status_code == 302
    match = match_of(url)
    assert match.scorer != match.share
    for token in (match.scorer, match.share):
        assert len(token) >= 22 and re.fullmatch(r"[\w-]+", token)  # 128 bits or more
    other = match_of(new_match(client))
    assert other.scorer[:8] != match.scorer[:8]
    for address in (url, match.share_url(), "/en/tarneeb/sheet/", "/en/mine/"):
        html = page(client, address)
        assert not re.search(r"/sheet/(?:score/|view/)?\d+/", html)


@pytest.mark.parametrize("path,data", WRITES)
def test_another_session_cannot_write_and_is_told_nothing(client, path, data):
    url = new_match(client)
    assert points(client, url, 1, 3, 4).status_code == 302
    stranger = Client()
    match = match_of(url)
    refused = stranger.post(url + path, data)
    missing = stranger.post(url.replace(match.scorer, "x" * 24) + path, data)
    assert refused.status_code == missing.status_code == 404
    assert refused.content.decode().replace(match.scorer, "x" * 24) == missing.content.decode()
    # the same page: nothing says the match exists
    assert match.entries.count() == 1 and match.ended is None


def test_the_share_link_is_read_only_and_hides_the_scorer_s_link(client):
    url = new_match(client)
    enter = deal(client, url, 1, 8, "EW", 8)
    assert enter.status_code == 302
    match = match_of(url)
    reader = Client()
    html = page(reader, match.share_url())
    assert standing(html)["line-ew"] == 8
    assert 'id="read-only"' in html
    assert match.scorer not in html and "<form" not in html.split("<main", 1)[1]
    assert reader.post(match.share_url(), {"kind": "points", "row": 2}).status_code == 405
    assert match.scorer not in page(reader, "/en/mine/")
    assert match.entries.count() == 1


def test_the_scorer_s_link_grants_writing_to_the_session_that_opens_it(client):
    url = new_match(client)
    second_phone = Client()
    assert points(second_phone, url, 1, 1, 1).status_code == 404
    assert second_phone.get(url).status_code == 404  # no token: nothing of the match
    html = page(second_phone, match_of(url).scorer_url())  # opening the link
    assert 'id="deal-form"' in html
    assert points(second_phone, url, 1, 2, 3).status_code == 302
    assert points(client, url, 2, 1, 0).status_code == 302  # the first phone still scores
    assert url in page(second_phone, "/en/mine/")
    assert match_of(url).entries.count() == 2


def test_my_matches_lists_what_this_browser_owns_with_both_links(client, rulebook, settings):
    settings.SITE_URL = "https://diwaniya.example"
    first, second = new_match(client), new_match(client, variant="egyptian", target="51")
    new_match(Client())  # someone else's
    html = page(client, "/fr/mine/")
    assert 'href="/fr/mine/"' in page(client, "/fr/")  # linked from the header
    items = re.findall(r'<li class="match".*?</li>', html, re.S)
    assert len(items) == 2
    assert second.replace("/en/", "/fr/") in items[0] and first.replace("/en/", "/fr/") in items[1]
    for url, item in zip((second, first), items, strict=True):
        match = match_of(url)
        assert f"https://diwaniya.example/fr/tarneeb/sheet/score/{match.scorer}/" in item
        assert f"https://diwaniya.example/fr/tarneeb/sheet/view/{match.share}/" in item
    assert "Égyptienne" in items[0] and "Classique" in items[1]
    assert Match.objects.count() == 3


def test_undo_takes_back_the_last_row_only_when_the_form_names_it(client):
    url = new_match(client)
    assert points(client, url, 1, 3, 4).status_code == 302
    assert points(client, url, 2, 5, 0).status_code == 302
    html = page(client, url)
    assert re.search(r'id="undo-form".*?name="row" value="2"', html, re.S)
    stale = client.post(url + "undo/", {"row": 1})
    assert stale.status_code == 409 and "nothing was undone" in stale.content.decode()
    assert client.post(url + "undo/", {"row": "two"}).status_code == 400
    assert client.post(url + "undo/", {"row": 2}).status_code == 302
    assert client.post(url + "undo/", {"row": 2}).status_code == 409  # sent twice: once
    assert list(match_of(url).entries.values_list("number", flat=True)) == [1]
    assert standing(page(client, url))["line-ns"] == 3
    assert points(client, url, 2, 1, 1).status_code == 302  # the row is entered again
    assert client.get(url + "undo/").status_code == 405


def test_ending_asks_for_confirmation_and_refuses_a_stale_one(client):
    url = new_match(client)
    assert points(client, url, 1, 3, 4).status_code == 302
    confirm = page(client, url + "end/")
    assert 'id="end-form"' in confirm and 'name="row" value="1"' in confirm
    assert "The sheet has 1 row." in confirm
    assert points(client, url, 2, 1, 1).status_code == 302  # another row, from another tab
    stale = client.post(url + "end/", {"row": 1})
    assert stale.status_code == 409 and 'name="row" value="2"' in stale.content.decode()
    assert match_of(url).ended is None
    assert client.post(url + "end/", {"row": ""}).status_code == 400
    assert client.post(url + "end/", {"row": 2}).status_code == 302
    assert match_of(url).ended is not None
    assert client.post(url + "undo/", {"row": 2}).status_code == 400  # ended: no undo
    assert 'id="undo-form"' not in page(client, url)


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_the_new_pages_speak_each_language(client, lang):
    url = new_match(client, lang=lang)
    points(client, url, 1, 3, 4)
    words = {
        "ar": ("مبارياتي", "إنهاء المباراة؟"),
        "en": ("My matches", "End the match?"),
        "fr": ("Mes parties", "Terminer la partie\u00a0?"),
    }[lang]
    assert words[0] in page(client, f"/{lang}/mine/")
    assert words[1] in page(client, url + "end/")
