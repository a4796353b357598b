"""Every URL pattern, fuzzed with hostile parameters and fields: never a server error.

`make test` sends a few thousand requests; `make fuzz` the full 10,000 (FUZZ_REQUESTS), with
the seed in FUZZ_SEED so a failure can be replayed."""

import logging
import os

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests import fuzz
from tests.quiz.helpers import start

from .test_sheet import new_match, points

REQUESTS = int(os.environ.get("FUZZ_REQUESTS", "3000"))
SEED = int(os.environ.get("FUZZ_SEED", "20261202"))


def _known(visitor) -> dict:
    """Real values for the patterns' holes, so requests also reach deep into the pages."""
    from django.apps import apps

    from plumbing import capability
    from quiz import questions
    from quiz.models import HandPicked
    from scoresheet.models import Match
    from tutorials.models import Tutorial

    url = new_match(visitor)
    points(visitor, url, 1, 3, 4)
    match = Match.objects.get()
    question = start(visitor, "tarneeb", "classic", "play").rstrip("/").rsplit("/", 1)[1]
    picked = HandPicked.objects.first()
    from quiz.tokens import question_url

    picked_token = question_url(picked.game, picked.variant, picked.kind, picked.seed)
    from practice.models import Match as PracticeMatch

    visitor.post("/en/tarneeb/practice/", {"variant": "classic"})
    practice = PracticeMatch.objects.get()
    variants = [v for spec in questions.games.GAMES.values() for v in spec.presets]
    return {
        "lang": ["ar", "en", "fr"],
        "game": list(questions.games.GAMES),
        "variant": variants,
        "kind": [k for kinds in questions.KINDS.values() for k in kinds] + ["mixed"],
        "slug": list(Tutorial.objects.values_list("slug", flat=True)),
        "number": [str(n) for n in range(0, 12)],
        "token": [
            match.scorer,
            match.share,
            question,
            picked_token.rstrip("/").rsplit("/")[-1],
            practice.token,
        ],
        "public_id": [practice.public_id],
        "ref": [capability.ref(match.scorer), capability.ref(match.share)],
        "object_id": [str(pk) for pk in range(1, 6)],
        "app_label": [a.label for a in apps.get_app_configs()],
        "SlugConverter": ["tarneeb", "bent-al-sbeet", "sabaat-al-deemin", "classic", "qahwa"],
    }


@pytest.fixture
def quiet():
    """Django logs every 4xx with its address; thousands of hostile ones are noise here."""
    loggers = [logging.getLogger(name) for name in ("django.request", "django.security")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    yield
    for logger, level in zip(loggers, levels, strict=True):
        logger.setLevel(level)


@pytest.mark.slow
def test_no_request_gets_a_server_error(content, quiet):
    visitor = Client()
    editor = Client()
    editor.force_login(User.objects.create_superuser("editor", "e@example.org", "pw"))
    report = fuzz.run({"visitor": visitor, "editor": editor}, REQUESTS, SEED, _known(visitor))
    print(
        f"\nfuzz: {report.requests} requests over {report.patterns} URL patterns in "
        f"{report.seconds:.1f} s, seed {SEED}: {dict(sorted(report.statuses.items()))}"
    )
    assert report.requests == REQUESTS
    assert report.failures == [], "\n".join(str(f[:4]) + "\n" + f[4] for f in report.failures[:5])
    assert sum(n for status, n in report.statuses.items() if 200 <= status < 300) > REQUESTS / 10


def test_every_json_endpoint_refuses_nested_and_oversized_bodies_with_the_error_object(
    content, quiet
):
    """938 ``[`` as the whole body used to be a RecursionError (500) on ``POST
    /api/<game>/practice``, which needs no token: every JSON endpoint, with and without a
    match's token, answers 400 with the API's error object (or 404/405 where it takes no
    body), never a server error."""
    import json

    from practice.models import Match as PracticeMatch

    visitor = Client()
    started = visitor.post("/api/tarneeb/practice", "{}", content_type="application/json")
    assert started.status_code == 201
    token = started.json()["token"]
    match = PracticeMatch.objects.get()
    known = {"game": ["tarneeb", "hearts"], "public_id": [match.public_id]}
    endpoints = fuzz.json_endpoints()
    assert any("practice" in route for route, _ in endpoints)
    fuzzer = fuzz.Fuzzer(SEED, known)
    refused = 0
    for route, converters in endpoints:
        url = fuzzer.url(route, converters)
        for body in fuzz.HOSTILE_JSON:
            for auth in ({}, {"HTTP_AUTHORIZATION": f"Bearer {token}"}):
                response = visitor.post(url, body, content_type="application/json", **auth)
                assert response.status_code < 500, (url, body[:40], response.status_code)
                lessons = url.startswith("/api/lessons")
                if response.status_code in ({400, 413} if lessons else {400}):
                    error = json.loads(response.content)["error"]
                    # a lesson's body is refused as the lessons' spec says: bad_lesson naming
                    # the field (the body, or the field it could read), or lesson_too_large
                    codes = {"bad_lesson", "lesson_too_large"} if lessons else set()
                    assert error["code"] in {"bad_body", "body_too_large", *codes}, (url, error)
                    assert error["message"] and "move" in error
                    refused += 1
                else:
                    assert response.status_code in {404, 405}, (url, response.status_code)
    # the four POST endpoints refuse every hostile body when they can read it
    assert refused >= 4 * len(fuzz.HOSTILE_JSON)
