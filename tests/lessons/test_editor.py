"""The lesson editor and the ways into it: the owner's page only, the edit link that claims a
lesson, restoring a version, copy and delete, new lessons from a position, a finished practice
deal, a tutorial and a fresh seed, and My matches listing them."""

import json
import random
import re

import pytest
from django.test import Client

from lessons import store
from lessons.models import Lesson
from tests.practice.helpers import learner_token
from tests.practice.test_pages import match_of, new_match, play, table_url

from .helpers import post, two_answers

pytestmark = pytest.mark.django_db


def made(client=None) -> Lesson:
    answer = post(client or Client(), two_answers())
    assert answer.status_code == 201, answer.content
    return Lesson.objects.get(public_id=answer.json()["id"])


def claimed(row: Lesson) -> Client:
    client = Client()
    assert client.get(f"/en/lessons/{row.public_id}/edit/{row.edit_key}/").status_code == 303
    return client


def editor_data(response) -> dict:
    text = response.content.decode()
    found = re.search(r'<script id="editor-data" type="application/json">(.*?)</script>', text)
    return json.loads(found[1])


def test_the_editor_is_the_owners_only_and_never_cached():
    row = made()
    assert Client().get(f"/en/lessons/{row.public_id}/edit/").status_code == 404
    assert Client().get(f"/en/lessons/{row.public_id}/edit/table/").status_code == 404
    assert Client().get(f"/en/lessons/{row.public_id}/edit/wrong-key/").status_code == 404
    for action in ("copy", "restore", "delete"):
        url = f"/en/lessons/{row.public_id}/edit/{action}/"
        assert Client().post(url, {"number": 1, "confirm": "yes"}).status_code == 404
    assert Lesson.objects.filter(pk=row.pk).exists()


def test_the_edit_link_claims_the_lesson_and_leads_to_the_keyless_editor():
    row = made()
    client = Client()
    answer = client.get(f"/ar/lessons/{row.public_id}/edit/{row.edit_key}/")
    assert answer.status_code == 303
    assert answer["Location"] == f"/ar/lessons/{row.public_id}/edit/"
    assert answer["Referrer-Policy"] == "no-referrer"
    page = client.get(answer["Location"])
    assert page.status_code == 200
    assert page["Referrer-Policy"] == "no-referrer"
    assert "no-store" in page["Cache-Control"]
    data = editor_data(page)
    assert data["key"] == row.edit_key and data["version"] == 1
    assert data["api"] == f"/api/lessons/{row.public_id}?lang=ar"
    body = page.content.decode()
    assert row.private_url() in body  # the link to open it on another device
    assert f"/ar/lessons/{row.public_id}/" in body
    assert 'dir="rtl"' in body and "<script>" not in body


def test_the_table_at_a_move_every_hand_open_and_the_engines_reasons():
    row = made()
    client = claimed(row)
    answer = client.get(f"/fr/lessons/{row.public_id}/edit/table/", {"moves": "", "bottom": "S"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["to_act"] in "NESW" and body["legal"]
    assert body["html"].count('class="seat ') == 4 and "closed" not in body["html"]
    assert "data-why=" in body["html"] or len(body["legal"]) >= 13
    wrong = client.get(f"/fr/lessons/{row.public_id}/edit/table/", {"moves": "ZZ"})
    assert wrong.status_code == 422 and wrong.json()["error"]


def test_restoring_a_version_makes_a_new_one_equal_to_it():
    row = made()
    client = claimed(row)
    changed = {**row.data, "title": "Another title"}
    store.save(row, changed, 1)
    answer = client.post(f"/en/lessons/{row.public_id}/edit/restore/", {"number": 1})
    assert answer.status_code == 303
    row.refresh_from_db()
    assert row.version == 3
    assert row.versions.get(number=3).data == row.versions.get(number=1).data
    assert row.data == row.versions.get(number=1).data and row.title != "Another title"
    page = client.get(f"/en/lessons/{row.public_id}/edit/").content.decode()
    assert page.count('name="number"') == 2  # every version but the current one


def test_copy_is_owned_by_this_session_and_delete_asks_first():
    row = made()
    client = claimed(row)
    answer = client.post(f"/en/lessons/{row.public_id}/edit/copy/")
    assert answer.status_code == 303
    copy = Lesson.objects.exclude(pk=row.pk).get()
    assert copy.copied_from == row.public_id and copy.data == row.data
    assert answer["Location"] == f"/en/lessons/{copy.public_id}/edit/"
    assert client.get(answer["Location"]).status_code == 200
    unconfirmed = client.post(f"/en/lessons/{row.public_id}/edit/delete/")
    assert unconfirmed.status_code == 200 and Lesson.objects.filter(pk=row.pk).exists()
    gone = client.post(f"/en/lessons/{row.public_id}/edit/delete/", {"confirm": "yes"})
    assert gone.status_code == 303 and gone["Location"] == "/en/mine/"
    assert not Lesson.objects.filter(pk=row.pk).exists()
    assert client.get(f"/en/lessons/{row.public_id}/edit/").status_code == 404


def _made_from(client, query: dict) -> Lesson:
    before = set(Lesson.objects.values_list("pk", flat=True))
    page = client.get("/en/lessons/new/", query)
    assert page.status_code == 200, page.content[:500]
    assert not Lesson.objects.exists() or set(Lesson.objects.values_list("pk", flat=True)) == before
    answer = client.post("/en/lessons/new/", query)
    assert answer.status_code == 303, answer.content[:500]
    row = Lesson.objects.exclude(pk__in=before).get()
    assert answer["Location"] == f"/en/lessons/{row.public_id}/edit/"
    assert client.get(answer["Location"]).status_code == 200
    return row


def test_new_from_a_fresh_seed_by_the_games_names(rulebook):
    client = Client()
    page = client.get("/fr/lessons/new/").content.decode()
    assert "Bent Al Sbeet" in page or "Bent" in page
    assert 'value="tarneeb:classic"' in page
    row = _made_from(client, {"pick": "tarneeb:classic"})
    assert row.game == "tarneeb" and row.variant == "classic" and row.data["seed"]


def test_new_from_a_position(rulebook):
    client = Client()
    from rulebook import games
    from rulebook.views import _example_query

    position = client.get("/en/hearts/position/?" + _example_query(games.get("hearts")))
    assert position.status_code == 200
    links = re.findall(
        r'href="(/en/lessons/new/\?[^"]+)" class="make-lesson"', position.content.decode()
    )
    assert links
    row = _made_from(client, {"game": "hearts"} | _query(links[0]))
    assert row.game == "hearts" and row.data["deal"]


def _query(link: str) -> dict:
    from html import unescape
    from urllib.parse import parse_qsl, urlsplit

    return dict(parse_qsl(urlsplit(unescape(link)).query, keep_blank_values=True))


def test_new_from_a_tutorial_keeps_the_other_languages(tutorials):
    client = Client()
    step = client.get("/fr/tutorials/bent-first-deal/1/").content.decode()
    assert "/fr/lessons/new/?tutorial=bent-first-deal" in step
    row = _made_from(client, {"tutorial": "bent-first-deal"})
    assert row.language == "en"  # the reader's language on /en/
    assert set(row.data["translations"]) == {"ar", "fr"}
    assert len(row.data["steps"]) > 1
    assert Client().get("/en/lessons/new/", {"tutorial": "no-such-tutorial"}).status_code == 404


def test_new_from_practice_only_once_the_deal_is_over(client, rulebook):
    rng = random.Random(3)
    url = table_url(new_match(client, "hearts"))
    match = match_of(url)
    query = {"practice": match.public_id, "deal": 1}
    assert client.get("/en/lessons/new/", query).status_code == 404
    assert client.post("/en/lessons/new/", query).status_code == 404
    assert not Lesson.objects.exists()
    while not match.replay().deal_over:
        assert play(client, url, learner_token(match.replay(), rng)).status_code == 303
    page = client.get(url).content.decode()
    assert f"/en/lessons/new/?practice={match.public_id}&amp;deal=1" in page
    assert Client().get("/en/lessons/new/", query).status_code == 404  # the owner's only
    row = _made_from(client, query)
    assert row.game == "hearts" and len(row.data["steps"][0]["moves"]) >= 52


def test_my_matches_lists_the_sessions_lessons():
    row = made()
    client = claimed(row)
    other = made()
    page = client.get("/en/mine/").content.decode()
    assert row.title in page
    assert f"/en/lessons/{row.public_id}/edit/" in page
    assert f"/en/lessons/{row.public_id}/results/" in page
    assert other.public_id not in page
    assert "No lesson made" in Client().get("/en/mine/").content.decode()


def test_a_card_the_rules_refuse_says_why_in_the_teachers_language():
    row = made()
    client = claimed(row)
    moves = [m for step in row.data["steps"] for m in step["moves"]]
    for at in range(len(moves)):
        query = {"moves": " ".join(moves[:at]), "bottom": "S"}
        body = client.get(f"/fr/lessons/{row.public_id}/edit/table/", query).json()
        if 'data-why="' in body["html"]:
            why = re.search(r'data-why="([^"]+)"', body["html"])[1]
            assert why.strip()
            assert re.search(r"[àâçéèêîôûù’]", why), why  # French, as the page
            return
    pytest.fail("no position of the lesson refuses a card")


def test_the_editor_names_the_seats_in_the_teachers_language():
    row = made()
    page = claimed(row).get(f"/ar/lessons/{row.public_id}/edit/").content.decode()
    assert '<option value="S">الجنوب</option>' in page
    assert '<input type="checkbox" name="open-seat" value="N"> <bdi>الشمال</bdi>' in page


def test_the_share_link_has_no_language_so_each_learner_reads_their_own():
    row = made()
    page = claimed(row).get(f"/ar/lessons/{row.public_id}/edit/").content.decode()
    link = f"/lessons/{row.public_id}/"
    assert f'id="share-url" type="url" readonly value="http://testserver{link}"' in page
    english = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert english.get(link)["Location"] == f"/en{link}"
