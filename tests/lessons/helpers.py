"""Lesson objects for the tests: a shipped tutorial read as a lesson, and the API's calls."""

import copy
import json

from tutorials import content

SHIPPED = {d["slug"]: d for d in content.read_all()}
API = "/api/lessons"


def tutorial_lesson(slug: str = "bent-first-deal", language: str = "en") -> dict:
    return copy.deepcopy(content.as_lesson(SHIPPED[slug], language))


def two_answers(slug: str = "bent-first-deal") -> dict:
    """The first deal's lesson with its pass question accepting the queen or the ace of
    hearts, and a teacher's sentence for passing the two of clubs."""
    obj = tutorial_lesson(slug)
    q = obj["steps"][1]["question"]
    q["accept"] = ["pass:QS", "pass:AH"]
    q["why"] = {"pass:2C": "A low club is a card to keep."}
    return obj


def post(client, obj, **extra):
    return client.post(API, json.dumps(obj), content_type="application/json", **extra)


def put(client, public_id, obj, key, version, **extra):
    body = json.dumps({**obj, "version": version})
    return client.put(
        f"{API}/{public_id}",
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
        **extra,
    )


def bearer(key: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}
