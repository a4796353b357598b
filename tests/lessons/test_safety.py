"""Bad input: markup in every text field is stored as text and shown escaped (the API, the
admin, the pages), a direction override is refused naming the field, every lesson endpoint
fuzzed answers no 5xx, and a server killed during saves loses no acknowledged version."""

import copy
import json
import logging
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from django.contrib.auth.models import User
from django.test import Client

from lessons import files, store
from lessons.models import Lesson
from tests import fuzz, servers
from tests.waiting import WAIT

from .helpers import API, bearer, post, put, two_answers

PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[see](javascript:alert(1)) javascript:alert(1)",
]

# every text of a lesson, as the object holds it and as bad_lesson names it
FIELDS = {
    "title": (lambda o: o, "title"),
    "summary": (lambda o: o, "summary"),
    "steps[0].narration": (lambda o: o["steps"][0], "narration"),
    "steps[0].point": (lambda o: o["steps"][0], "point"),
    "steps[1].question.hint": (lambda o: o["steps"][1]["question"], "hint"),
    "steps[1].question.explain": (lambda o: o["steps"][1]["question"], "explain"),
    "steps[1].question.why.pass:2C": (lambda o: o["steps"][1]["question"]["why"], "pass:2C"),
    "translations.fr.title": (lambda o: o["translations"]["fr"], "title"),
    "translations.ar.summary": (lambda o: o["translations"]["ar"], "summary"),
    "translations.fr.steps[0].narration": (
        lambda o: o["translations"]["fr"]["steps"][0],
        "narration",
    ),
    "translations.ar.steps[1].hint": (lambda o: o["translations"]["ar"]["steps"][1], "hint"),
    "translations.fr.steps[1].explain": (
        lambda o: o["translations"]["fr"]["steps"][1],
        "explain",
    ),
    "translations.fr.steps[0].point": (lambda o: o["translations"]["fr"]["steps"][0], "point"),
    "translations.ar.steps[1].why.pass:2C": (
        lambda o: o["translations"]["ar"]["steps"][1].setdefault("why", {}),
        "pass:2C",
    ),
}


def with_text(field: str, text: str) -> dict:
    obj = two_answers()
    where, key = FIELDS[field]
    where(obj)[key] = text
    return obj


def read_back(obj: dict, field: str):
    where, key = FIELDS[field]
    return where(obj)[key]


def no_markup(html: str, payload: str) -> None:
    if "<" in payload:
        assert payload not in html
    assert "<script>alert" not in html
    assert "<img src=x" not in html
    assert 'href="javascript:' not in html and "href='javascript:" not in html


@pytest.fixture
def editor():
    user = User.objects.create_superuser("editor", "e@example.com", "pw-editor-1")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("field", sorted(FIELDS))
def test_markup_in_a_text_is_stored_as_text_and_shown_escaped(field, payload, editor):
    answer = post(Client(), with_text(field, payload))
    assert answer.status_code == 201, answer.content
    public_id = answer.json()["id"]
    got = Client().get(f"{API}/{public_id}")
    assert got["Content-Type"].startswith("application/json")
    assert got.get("X-Content-Type-Options") == "nosniff"
    assert read_back(got.json(), field) == payload  # the text as it was written
    row = Lesson.objects.get(public_id=public_id)
    page = editor.get(f"/admin/lessons/lesson/{row.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    no_markup(html, payload)
    assert "&lt;" in html or "javascript:alert(1)" in html
    listing = editor.get("/admin/lessons/lesson/?q=" + public_id)
    no_markup(listing.content.decode(), payload)
    # the pages that show a lesson (the player, where it is built) never render it
    for lang in ("en", "ar"):
        for path in (f"/{lang}/lessons/{public_id}/", f"/{lang}/lessons/{public_id}/1/"):
            shown = Client().get(path)
            assert shown.status_code < 500
            no_markup(shown.content.decode(), payload)
    pbn = Client().get(f"{API}/{public_id}/export?format=pbn").content.decode()
    assert read_back(files.from_pbn(pbn), field) == payload


@pytest.mark.django_db
@pytest.mark.parametrize("field", sorted(FIELDS))
def test_a_direction_override_is_refused_naming_the_field(field):
    obj = with_text(field, "abc\u202egnp.exe")
    answer = post(Client(), obj)
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "bad_lesson" and error["field"] == field
    # an import says the same
    answer = Client().post(f"{API}/import", json.dumps(obj), content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"]["field"] == field
    # a save says the same and changes nothing
    created = post(Client(), two_answers()).json()
    answer = put(Client(), created["id"], obj, created["edit_key"], 1)
    assert answer.status_code == 400 and answer.json()["error"]["field"] == field
    assert Lesson.objects.get(public_id=created["id"]).version == 1


# ------------------------------------------------------------------------------ fuzzing

# `make test` sends these; `make fuzz` ten times as many (the seeds are fixed: a failure replays)
FUZZ_REQUESTS = int(os.environ.get("LESSON_FUZZ_REQUESTS", "300"))
FUZZ_FILES = int(os.environ.get("LESSON_FUZZ_FILES", "150"))


def mutated(rng: random.Random, fuzzer) -> str:
    """A lesson object with one field made hostile, or hostile JSON."""
    if rng.random() < 0.15:
        return rng.choice(fuzz.JSON_BODIES)
    obj = copy.deepcopy(two_answers())
    target, key = obj, None
    for _ in range(rng.randint(1, 4)):
        if isinstance(target, dict) and target:
            key = rng.choice(list(target))
            if isinstance(target[key], dict | list) and target[key] and rng.random() < 0.6:
                target = target[key]
                key = None
                continue
            break
        if isinstance(target, list) and target:
            key = rng.randrange(len(target))
            if isinstance(target[key], dict | list) and rng.random() < 0.6:
                target = target[key]
                key = None
                continue
            break
    value = rng.choice(
        [fuzzer.hostile(), None, 0, -1, 10**30, True, [], {}, [fuzzer.hostile()], {"x": 1}]
    )
    if key is None:
        if isinstance(target, dict):
            target[fuzzer.hostile()[:20] or "k"] = value
        elif isinstance(target, list):
            target.append(value)
    else:
        target[key] = value
    return json.dumps(obj, ensure_ascii=False)


@pytest.mark.slow
@pytest.mark.django_db
def test_every_lesson_endpoint_fuzzed_answers_no_server_error(caplog):
    logging.getLogger("django.request").setLevel(logging.CRITICAL)
    logging.getLogger("django.security").setLevel(logging.CRITICAL)
    created = post(Client(), two_answers()).json()
    key = created["edit_key"]
    routes = [r for r in fuzz.patterns() if "lessons" in r[0] and not r[0].startswith("admin/")]
    assert any("import" in r[0] for r in routes) and any("export" in r[0] for r in routes)
    known = {
        "lang": ["ar", "en", "fr"],
        "public_id": [created["id"]],
        "number": [str(n) for n in range(0, 12)],
        "key": [key],
    }
    fuzzer = fuzz.Fuzzer(20261205, known)
    rng = fuzzer.rng
    owner = Client()
    owner.get(f"/en/lessons/{created['id']}/edit/{key}/")
    failures = []
    for n in range(FUZZ_REQUESTS):
        route, converters = rng.choice(routes)
        url = fuzzer.url(route, converters)
        client = owner if rng.random() < 0.3 else Client()
        headers = bearer(key if rng.random() < 0.6 else fuzzer.hostile()[:200].replace("\n", ""))
        if rng.random() < 0.2:
            headers = {}
        method = rng.choice(["get", "post", "json", "put", "delete", "head", "file"])
        query = "?" + fuzz.urlencode(fuzzer.data(), doseq=True) if rng.random() < 0.5 else ""
        if rng.random() < 0.2:
            query = "?format=" + rng.choice(["json", "pbn", "", "PBN", fuzzer.hostile()[:40]])
        try:
            if method == "get":
                answer = client.get(url + query, **headers)
            elif method == "head":
                answer = client.head(url, **headers)
            elif method == "post":
                answer = client.post(url, fuzzer.data(), **headers)
            elif method == "file":
                body = mutated(rng, fuzzer)
                if rng.random() < 0.5:
                    body = files.to_pbn(two_answers()).replace("pass", fuzzer.hostile(), 1)
                answer = client.post(url, body, content_type="text/plain", **headers)
            elif method == "delete":
                answer = client.delete(url, **headers)
            else:
                verb = client.put if method == "put" else client.post
                body = mutated(rng, fuzzer)
                if method == "put" and rng.random() < 0.7:
                    try:
                        body = json.dumps({**json.loads(body), "version": rng.choice([1, 2, 0])})
                    except (ValueError, TypeError):
                        pass
                answer = verb(url, body, content_type="application/json", **headers)
        except Exception as error:  # noqa: BLE001 (an exception escaping a view is a 500)
            failures.append((n, method, url, repr(error)))
            continue
        if answer.status_code >= 500:
            failures.append((n, method, url, answer.status_code))
        if Lesson.objects.filter(public_id=created["id"]).count() == 0:
            created = post(Client(), two_answers()).json()  # deleted: fuzz a fresh one
            key = known["key"][0] = created["edit_key"]
            known["public_id"][0] = created["id"]
    assert not failures, failures[:10]


@pytest.mark.slow
@pytest.mark.django_db
def test_hostile_pbn_files_are_refused_without_a_server_error():
    rng = random.Random(7)
    fuzzer = fuzz.Fuzzer(7, {})
    text = files.to_pbn(store.create(two_answers()).data)
    lines = text.splitlines()
    for _ in range(FUZZ_FILES):
        broken = list(lines)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(broken))
            choice = rng.random()
            if choice < 0.4:
                broken[at] = fuzzer.hostile()
            elif choice < 0.7:
                del broken[at]
            else:
                cut = rng.randrange(len(broken[at]) + 1)
                broken[at] = broken[at][:cut] + fuzzer.hostile() + broken[at][cut:]
        answer = Client().post(f"{API}/import", "\n".join(broken), content_type="text/plain")
        assert answer.status_code < 500, "\n".join(broken)
        if answer.status_code == 429:
            from django.core.cache import caches

            for cache in caches.all():
                cache.clear()


# ------------------------------------------------------------------------------ a kill


def _request(base, method, path, body=None, key=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def _start(env, port, log):
    """gunicorn in its own process group, so SIGKILL reaches the master and its workers."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "diwaniya.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
        ],
        cwd=servers.ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/api/lessons/none", timeout=2)
        except urllib.error.HTTPError:
            return server, base
        except OSError:
            if server.poll() is not None:
                raise RuntimeError("gunicorn stopped") from None
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start")


@pytest.mark.served
def test_a_server_killed_during_saves_loses_no_acknowledged_version(tmp_path):
    env = servers.site_env(f"sqlite:///{tmp_path / 'site.sqlite3'}")
    servers.prepare(env)
    port = servers.free_port()
    log = open(tmp_path / "gunicorn.log", "w")
    server, base = _start(env, port, log)
    obj = two_answers()
    status, created = _request(base, "POST", "/api/lessons", obj)
    assert status == 201, created
    public_id, key = created["id"], created["edit_key"]
    acknowledged = {1: obj["title"]}
    stop = threading.Event()

    def saves():
        version = 1
        n = 0
        while not stop.is_set():
            n += 1
            body = {**obj, "title": f"save {n}", "version": version}
            try:
                status, answer = _request(base, "PUT", f"/api/lessons/{public_id}", body, key)
            except (OSError, ValueError):
                return  # the server is gone: this save was never acknowledged
            if status == 200:
                version = answer["version"]
                acknowledged[version] = body["title"]

    writer = threading.Thread(target=saves)
    writer.start()
    deadline = time.monotonic() + 60
    while len(acknowledged) < 8 and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(server.pid, signal.SIGKILL)  # mid-stream: a save may be in flight
    server.wait(10)
    stop.set()
    writer.join(60)
    assert len(acknowledged) >= 8
    server, base = _start(env, port, log)
    try:
        status, listed = _request(base, "GET", f"/api/lessons/{public_id}/versions", key=key)
        assert status == 200
        kept = {v["version"]: v["title"] for v in listed["versions"]}
        for version, title in acknowledged.items():
            assert kept.get(version) == title, (version, title)
        last = max(acknowledged)
        status, now = _request(base, "GET", f"/api/lessons/{public_id}")
        # the lesson is the last acknowledged save, or a save made as the server died whose
        # answer was lost (committed, then killed before answering): never an older one
        assert now["version"] >= last
        if now["version"] == last:
            assert now["title"] == acknowledged[last]
            expected = store.checked({**obj, "title": acknowledged[last]})[1]
            assert {k: v for k, v in now.items() if k not in ("id", "version")} == expected
        # the lesson still takes saves after the restart
        body = {**obj, "title": "after", "version": now["version"]}
        assert _request(base, "PUT", f"/api/lessons/{public_id}", body, key)[0] == 200
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)
        log.close()
