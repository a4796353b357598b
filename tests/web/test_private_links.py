"""Private links leave no token behind: opening one claims what it opens for the session and
answers 303 to an address without the token, with ``Referrer-Policy: no-referrer``; the
page there is the session's alone and keeps the site's policy (its forms post as any)."""

import re

import pytest
from django.test import Client

from practice.models import Match as PracticeMatch

from .test_sheet import match_of, new_match, page, points

pytestmark = pytest.mark.django_db


def _claims(response, token):
    assert response.status_code == 303
    assert response["Referrer-Policy"] == "no-referrer"
    assert "no-store" in response["Cache-Control"]
    assert token not in response["Location"]
    return response["Location"]


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_the_scorer_s_link_is_claimed_and_leaves_the_address(client, lang):
    url = new_match(client, lang=lang)
    match = match_of(url)
    phone = Client()
    kept = _claims(phone.get(match.scorer_url()), match.scorer)
    assert kept == url == match.kept_url()
    answer = phone.get(kept)
    assert answer.status_code == 200
    assert answer["Referrer-Policy"] == "same-origin"  # forms keep their Origin
    html = answer.content.decode()
    # every form of the page posts to an address without the token
    actions = re.findall(r'<form method="post" action="([^"]+)"', html)
    assert actions and all(match.scorer not in a for a in actions)
    assert points(phone, kept, 1, 2, 3).status_code == 302
    assert Client().get(kept).status_code == 404  # the address opens nothing by itself


def test_the_share_link_is_claimed_read_only(client):
    url = new_match(client)
    match = match_of(url)
    reader = Client()
    seen = _claims(reader.get(match.share_url()), match.share)
    assert seen == match.seen_url()
    html = page(reader, seen)
    assert 'id="read-only"' in html and match.scorer not in html
    assert Client().get(seen).status_code == 404
    assert reader.post(match.kept_url(), {"kind": "points", "row": 1}).status_code == 404


def test_a_form_from_an_old_tab_at_the_token_address_still_counts_without_referrer(client):
    url = new_match(client)
    match = match_of(url)
    old = client.post(match.scorer_url(), {"kind": "points", "row": 1, "points_NS": 1})
    assert old["Referrer-Policy"] == "no-referrer"
    assert old.status_code in {302, 400}
    assert match.scorer not in old.get("Location", "")


def test_the_practice_claim_link_is_a_303_without_referrer(client, rulebook):
    owner = Client()
    assert owner.post("/en/tarneeb/practice/", {"variant": "classic"}).status_code == 303
    match = PracticeMatch.objects.get()
    other = Client()
    link = f"/fr/practice/{match.public_id}/{match.token}/"
    table = _claims(other.get(link), match.token)
    assert other.get(table).status_code == 200


@pytest.mark.parametrize(
    "line",
    [
        '127.0.0.1 - - [x] "GET /en/tarneeb/sheet/score/{t}/ HTTP/1.1" 303 0 "-" "ua"',
        '127.0.0.1 - - [x] "POST /ar/hearts/sheet/score/{t}/undo/ HTTP/1.1" 302 0 "-" "ua"',
        '127.0.0.1 - - [x] "GET /fr/bent-al-sbeet/sheet/view/{t}/ HTTP/1.1" 303 0 "-" "ua"',
        '127.0.0.1 - - [x] "GET /fr/practice/AbC123dEf456gH78/{t}/ HTTP/1.1" 303 0 "-" "ua"',
        '1.2.3.4 - - [x] "GET /static/a.css HTTP/1.1" 200 9 "https://x/en/tarneeb/sheet/score/{t}/"',
    ],
)
def test_the_access_log_holds_no_token(line):
    from diwaniya.accesslog import mask

    token = "Zk3-_q9WmPd0aZ1xYbC2eF4g"
    masked = mask(line.format(t=token))
    assert token not in masked and "…" in masked
    table = '"GET /en/practice/AbC123dEf456gH78/move/ HTTP/1.1"'
    assert mask(table) == table  # a table's own addresses hold no token


def test_uvicorn_workers_lines_hold_no_token():
    """Under ``make serve`` the access line is uvicorn's, written through gunicorn's handlers:
    the filter ``Logger.setup`` puts on them masks its arguments."""
    import logging

    from diwaniya.accesslog import Masking

    token = "Zk3-_q9WmPd0aZ1xYbC2eF4g"
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", f"/en/tables/AbC123dEf456gH78/join/{token}/", "1.1", 200), None,
    )  # fmt: skip
    assert Masking().filter(record)
    line = record.getMessage()
    assert token not in line and "/join/…/" in line
