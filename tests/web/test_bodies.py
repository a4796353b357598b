"""Request bodies met at the door (``plumbing.bodies``, issue 44), through the site's own ASGI
application: a body whose Content-Length is past the cap is refused without a byte of it
read, by each JSON endpoint with its own error (the lessons' 413 ``lesson_too_large``,
practice's and the tables' 400 ``body_too_large``) and by a page with the 413 page, and its
connection closed; a body without a length is read up to the cap only; a body that stops
short of its length is refused (408) after ``BODY_SECONDS``, never waited on for ever; and
text is checked once at the edge: a lone surrogate in a JSON body is 400 ``bad_body`` (the
lessons: ``bad_lesson``), before it reaches a model."""

import asyncio
import json
import time

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from diwaniya.asgi import application
from plumbing import jsonbody

pytestmark = pytest.mark.django_db(transaction=True)

HUGE = 300 * 1024 * 1024


async def call(path, headers, messages, method="POST"):
    """One request through the application: the answer's status, headers and body, and how
    many times it asked for the body."""
    asked = 0
    queue = list(messages)

    async def receive():
        nonlocal asked
        asked += 1
        if queue:
            return queue.pop(0)
        await asyncio.Event().wait()  # a client that sends nothing more

    out = {"status": None, "headers": {}, "body": b""}

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
            out["headers"] = {k.decode().lower(): v.decode() for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            out["body"] += message.get("body", b"")

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    await asyncio.wait_for(application(scope, receive, send), 30)
    return out, asked


JSON = (b"content-type", b"application/json")


@pytest.mark.parametrize(
    "path, status, code",
    [  # each API's own answer (the lessons' spec: 413; practice's and the tables': 400)
        ("/api/lessons", 413, "lesson_too_large"),
        ("/api/tarneeb/practice", 400, "body_too_large"),
        ("/api/hearts/tables", 400, "body_too_large"),
    ],
)
def test_a_body_past_the_cap_is_refused_unread_by_each_endpoint(rulebook, path, status, code):
    started = time.monotonic()
    out, asked = async_to_sync(call)(path, [JSON, (b"content-length", str(HUGE).encode())], [])
    assert out["status"] == status and json.loads(out["body"])["error"]["code"] == code
    assert out["headers"]["connection"] == "close"  # the rest is never read
    assert asked <= 1  # the empty body it was given, nothing of the client's
    assert time.monotonic() - started < 10


def test_a_page_asked_with_a_body_past_the_cap_is_a_413_page(rulebook):
    headers = [
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"content-length", str(HUGE).encode()),
    ]
    out, _ = async_to_sync(call)("/ar/tarneeb/practice/", headers, [])
    assert out["status"] == 413 and 'dir="rtl"' in out["body"].decode()
    assert out["headers"]["connection"] == "close"


def test_a_body_without_a_length_is_read_up_to_the_cap_only(rulebook, settings):
    part = b" " * (256 * 1024)
    messages = [{"type": "http.request", "body": part, "more_body": True}] * 100
    out, asked = async_to_sync(call)("/api/lessons", [JSON], messages)
    assert out["status"] == 413 and json.loads(out["body"])["error"]["code"] == "lesson_too_large"
    assert asked <= settings.BODY_MAX_BYTES // len(part) + 2  # 25 MB offered, 1 MB read


def test_a_body_shorter_than_its_length_is_refused_in_time(rulebook, settings):
    settings.BODY_SECONDS = 0.3
    settings.BODY_TOTAL_SECONDS = 1.0
    first = [{"type": "http.request", "body": b'{"variant": ', "more_body": True}]
    started = time.monotonic()
    headers = [JSON, (b"content-length", b"100")]
    out, _ = async_to_sync(call)("/api/tarneeb/practice", headers, first)
    assert out["status"] == 408 and out["headers"]["connection"] == "close"
    assert time.monotonic() - started < 5
    # a trickle that keeps each wait short still ends at the total
    trickle = [{"type": "http.request", "body": b" ", "more_body": True}] * 1000

    async def slow():
        async def receive_slowly():
            await asyncio.sleep(0.1)
            return trickle.pop()

        return await asyncio.wait_for(_trickled(receive_slowly), 10)

    status = async_to_sync(slow)()
    assert status == 408


async def _trickled(receive):
    sent = {}

    async def send(message):
        if message["type"] == "http.response.start":
            sent["status"] = message["status"]

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/tarneeb/practice",
        "headers": [(b"content-length", b"5000")],
    }
    from plumbing.bodies import Bodies

    async def never_called(*args):
        raise AssertionError("the site was asked to answer a body never sent whole")

    await Bodies(never_called)(scope, receive, send)
    return sent["status"]


def test_a_whole_body_still_reaches_the_view(rulebook):
    body = json.dumps({"variant": "classic"}).encode()
    messages = [
        {"type": "http.request", "body": body[:5], "more_body": True},
        {"type": "http.request", "body": body[5:], "more_body": False},
    ]
    headers = [JSON, (b"content-length", str(len(body)).encode())]
    out, _ = async_to_sync(call)("/api/tarneeb/practice", headers, messages)
    assert out["status"] == 201, out["body"][:300]


LONE = ['"\\ud800"', '"a\\udfffb"', '"\\ud83d"']


@pytest.mark.parametrize("text", LONE)
def test_a_lone_surrogate_is_400_bad_body_before_any_model(rulebook, text):
    client = Client()
    seats = {"N": "person", "E": "computer:club", "S": "person", "W": "computer:club"}
    bodies = {
        "/api/tarneeb/practice": '{"variant": @}'.replace("@", text),
        "/api/hearts/tables": json.dumps({"variant": "pagat", "seats": seats})[:-1]
        + ', "x": @}'.replace("@", text),
    }
    for path, body in bodies.items():
        answer = client.post(path, body, content_type="application/json")
        assert answer.status_code == 400, (path, answer.content)
        assert answer.json()["error"]["code"] == "bad_body"
    table = client.post(
        "/api/hearts/tables",
        json.dumps({"variant": "pagat", "seats": seats}),
        content_type="application/json",
    ).json()
    key = table["keys"]["N"]
    for path, body in (
        (f"/api/tables/{table['id']}/name", '{"name": @}'.replace("@", text)),
        (f"/api/tables/{table['id']}/move", '{"ply": 0, "move": @}'.replace("@", text)),
    ):
        answer = client.post(
            path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}"
        )
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_body"
    # a lesson, sent or imported (its JSON, or a PBN tag): the lessons' own refusal
    lesson = '{"game": "hearts", "variant": "pagat", "title": @, "steps": []}'.replace("@", text)
    answer = client.post("/api/lessons", lesson, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_lesson"
    answer = client.post("/api/lessons/import", lesson, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_lesson"
    pbn = '[Game "hearts"]\n[Event @]\n'.replace("@", text)
    answer = client.post("/api/lessons/import", pbn, content_type="application/x-pbn")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_lesson"


def test_paired_surrogates_are_text_and_pass():
    assert jsonbody.parse('{"name": "\\ud83c\\udca1"}') == {"name": "🂡"}
    with pytest.raises(jsonbody.BodyError):
        jsonbody.parse('{"name": "\\ud83c"}')
    with pytest.raises(jsonbody.BodyError):
        jsonbody.parse("[" * 1020 + "]" * 1020)
