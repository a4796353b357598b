"""Where a key or a private hand appears, no cache keeps it (issue 44): every answer of the
live tables' API (the keys a table is created with, a reissued key, a seat's hand, a hint) and
of practice's (the match's token, the learner's hand), the lessons' answers that carry the
edit key or are its holder's, the host's invitations page and an invitation's page are sent
``Cache-Control: no-store``; a public answer (a lesson's text, a rules page) is not, so the
check tells them apart."""

import json

import pytest
from django.test import Client

from tests.lessons.helpers import API as LESSONS
from tests.lessons.helpers import bearer, post, two_answers

pytestmark = pytest.mark.django_db

SEATS = {"N": "person", "E": "computer:club", "S": "person", "W": "computer:club"}


def no_store(answer) -> bool:
    return "no-store" in answer.get("Cache-Control", "")


def send(client, path, body, key=None):
    extra = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    return client.post(path, json.dumps(body), content_type="application/json", **extra)


def test_every_live_table_answer_with_a_key_or_a_hand_is_never_stored(rulebook):
    client = Client()
    created = send(client, "/api/hearts/tables", {"variant": "pagat", "seats": SEATS, "help": True})
    assert created.status_code == 201 and no_store(created)
    table = created.json()
    base, host = f"/api/tables/{table['id']}", table["keys"]["N"]
    shown = client.get(base, HTTP_AUTHORIZATION=f"Bearer {host}")
    assert shown.status_code == 200 and shown.json()["position"]["hands"]["N"]
    assert no_store(shown)
    hint = client.get(base + "/hint", HTTP_AUTHORIZATION=f"Bearer {host}")
    assert hint.status_code in (200, 409) and no_store(hint)
    refused = send(client, base + "/move", {"ply": 0, "move": "nothing"}, host)
    assert refused.status_code in (400, 409, 422) and no_store(refused)
    reissued = send(client, base + "/reissue", {"seat": "S"}, host)
    assert reissued.status_code == 200 and reissued.json()["key"] and no_store(reissued)
    # the pages that show keys: the invitation's, and the host's invitations
    browser = Client()
    join = browser.get(f"/en/tables/{table['id']}/join/{host}/")
    assert join.status_code == 200 and no_store(join)
    assert browser.post(f"/en/tables/{table['id']}/join/{host}/", {"name": "Hala"}).status_code
    invitations = browser.get(f"/en/tables/{table['id']}/invitations/")
    assert invitations.status_code == 200 and no_store(invitations)
    assert reissued.json()["key"] in invitations.content.decode()


def test_a_practice_match_s_token_and_hand_are_never_stored(rulebook):
    client = Client()
    created = send(client, "/api/tarneeb/practice", {"variant": "classic"})
    assert created.status_code == 201 and created.json()["token"] and no_store(created)
    match = created.json()
    shown = client.get(
        f"/api/practice/{match['id']}", HTTP_AUTHORIZATION=f"Bearer {match['token']}"
    )
    assert shown.status_code == 200 and no_store(shown)


def test_a_lesson_s_edit_key_is_never_stored_and_its_public_text_may_be(rulebook):
    client = Client()
    created = post(client, two_answers())
    assert created.status_code == 201 and created.json()["edit_key"] and no_store(created)
    lesson = created.json()
    for path in (f"{LESSONS}/{lesson['id']}/versions", f"{LESSONS}/{lesson['id']}/results"):
        answer = client.get(path, **bearer(lesson["edit_key"]))
        assert answer.status_code == 200 and no_store(answer), path
    copied = client.post(f"{LESSONS}/{lesson['id']}/copy")
    assert copied.status_code == 201 and no_store(copied)
    # the positive control: what anyone may read carries no key and may be kept
    public = client.get(f"{LESSONS}/{lesson['id']}")
    assert public.status_code == 200 and not no_store(public)
    assert not no_store(client.get("/en/tarneeb/"))
