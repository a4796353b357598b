"""Rate limits on what anyone may create (practice matches, score sheets), counted in the
database so they hold across workers and restarts (tests/web/test_limits_servers.py starts
gunicorn for that): 429 ``rate_limited`` with Retry-After in the API, a page in the reader's
language on the site."""

import pytest
from django.test import Client

from plumbing import limits
from plumbing.models import Counter
from practice.models import Match as PracticeMatch
from scoresheet.models import Match as SheetMatch

API = "/api/tarneeb/practice"


def test_the_api_refuses_a_burst_from_one_address_with_rate_limited(rulebook):
    per_minute = limits.CREATING["practice"][1].count
    answers = []
    for _ in range(per_minute + 5):
        answers.append(Client().post(API, "{}", content_type="application/json"))
    codes = [a.status_code for a in answers]
    assert codes.count(201) == per_minute
    refused = answers[-1]
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate_limited"
    assert refused.json()["error"]["message"]
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert PracticeMatch.objects.count() == per_minute
    # many phones behind another address are not held back by this one
    other = Client().post(API, "{}", content_type="application/json", REMOTE_ADDR="10.2.2.2")
    assert other.status_code == 201


def test_a_session_may_start_thirty_an_hour_then_gets_a_page_in_its_language(rulebook):
    per_session = limits.CREATING["practice"][0].count
    visitor = Client()
    # each from another address behind a proxy, so only the session's limit applies
    for n in range(per_session):
        answer = visitor.post(
            "/ar/tarneeb/practice/", {"variant": "classic"}, HTTP_X_FORWARDED_FOR=f"10.3.0.{n}"
        )
        assert answer.status_code == 303
    refused = visitor.post("/ar/tarneeb/practice/", {"variant": "classic"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 60
    html = refused.content.decode()
    assert 'dir="rtl"' in html and 'lang="ar"' in html
    assert "Too many" not in html
    assert PracticeMatch.objects.count() == per_session


def test_score_sheets_are_limited_per_address(rulebook):
    per_minute = limits.CREATING["sheet"][1].count
    codes = [
        Client().post("/fr/tarneeb/sheet/", {"variant": "classic"}).status_code
        for _ in range(per_minute + 2)
    ]
    assert codes.count(302) == per_minute, codes
    assert codes[-1] == 429
    assert SheetMatch.objects.count() == per_minute
    refused = Client().post("/fr/tarneeb/sheet/", {"variant": "classic"})
    assert "Retry-After" in refused
    assert 'lang="fr"' in refused.content.decode()


def test_a_window_is_one_row_counted_exactly_and_swept_when_over(db):
    assert limits.hit("t:ip:1", 60, now=600) == (1, 60)  # a window starts with its first
    assert limits.hit("t:ip:1", 60, now=630) == (2, 30)
    assert limits.hit("t:ip:1", 60, now=659) == (3, 1)
    assert limits.hit("t:ip:1", 60, now=660) == (1, 60)  # the next one starts again at 1
    assert limits.hit("t:ip:2", 60, now=600) == (1, 60)
    assert Counter.objects.count() == 2
    assert limits.sweep(now=700) == 1
    assert Counter.objects.get().count == 1


@pytest.mark.parametrize(
    "remote, forwarded, counted",
    [
        ("203.0.113.9", "", "203.0.113.9"),
        ("203.0.113.9", "10.0.0.1", "203.0.113.9"),  # not a trusted proxy: ignored
        ("127.0.0.1", "198.51.100.4, 203.0.113.7", "203.0.113.7"),  # the proxy's own entry
        ("2001:db8:1:2:3:4:5:6", "", "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.1", "", "192.0.2.1"),
    ],
)
def test_the_address_counted(rf, remote, forwarded, counted):
    request = rf.get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert limits.address(request) == counted


def test_no_view_reads_a_body_but_through_the_one_reader():
    """Every JSON body goes through ``plumbing.jsonbody.read`` (its size and depth limits):
    no other module of the site reads ``request.body`` or parses it itself."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    readers = []
    for path in root.glob("*/**/*.py"):
        parts = path.relative_to(root).parts
        if parts[0] in {".venv", "tests", "bench", "staticfiles"} or "migrations" in parts:
            continue
        text = path.read_text()
        if "request.body" in text or "json.load(request" in text:
            readers.append(str(path.relative_to(root)))
    assert readers == ["plumbing/jsonbody.py"]


def test_a_body_is_refused_before_it_is_read(rf):
    from plumbing import jsonbody

    big = rf.post("/api/tarneeb/practice", "{}", content_type="application/json")
    big.META["CONTENT_LENGTH"] = str(jsonbody.MAX_BYTES + 1)
    with pytest.raises(jsonbody.BodyError) as refused:
        jsonbody.read(big)
    assert refused.value.code == "body_too_large"
    deep = rf.post("/", "[" * 938, content_type="application/json")
    with pytest.raises(jsonbody.BodyError) as refused:
        jsonbody.read(deep)
    assert refused.value.code == "bad_body"
    # brackets inside strings are text, not depth
    fine = rf.post("/", '{"move": "' + "[" * 900 + '"}', content_type="application/json")
    assert jsonbody.read(fine) == {"move": "[" * 900}


def test_the_api_stores_no_session_to_count_a_client(rulebook):
    from django.contrib.sessions.models import Session

    answer = Client().post(API, "{}", content_type="application/json")
    assert answer.status_code == 201
    assert Session.objects.count() == 0 and "sessionid" not in answer.cookies
