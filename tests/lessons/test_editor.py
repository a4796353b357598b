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
    # the key is in the page, not its address: the page's own forms need a real Origin
    assert page["Referrer-Policy"] == "same-origin"
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
    url = f"/en/lessons/{row.public_id}/edit/restore/"
    asked = client.post(url, {"number": 1})  # without the script's confirmation: a page asks
    assert asked.status_code == 200 and 'name="confirm" value="yes"' in asked.content.decode()
    assert "no-store" in asked["Cache-Control"]
    assert client.post(url, {"number": 9, "confirm": "yes"}).status_code == 404
    row.refresh_from_db()
    assert row.version == 2  # asking changed nothing
    versions = client.get(f"/en/lessons/{row.public_id}/edit/versions/")
    assert versions.status_code == 200 and "no-store" in versions["Cache-Control"]
    assert versions.content.decode().count('class="restore-form"') == 1
    assert Client().get(f"/en/lessons/{row.public_id}/edit/versions/").status_code == 404
    answer = client.post(url, {"number": 1, "confirm": "yes"})
    assert answer.status_code == 303
    row.refresh_from_db()
    assert row.version == 3
    assert row.versions.get(number=3).data == row.versions.get(number=1).data
    assert row.data == row.versions.get(number=1).data and row.title != "Another title"
    page = client.get(f"/en/lessons/{row.public_id}/edit/").content.decode()
    assert page.count('name="number"') == 2  # every version but the current one
    listed = client.get(f"/en/lessons/{row.public_id}/edit/versions/").content.decode()
    assert listed.count('class="restore-form"') == 2 and "Version 3" in listed


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
    for lang, sentence in ORIGINS["practice"].items():
        assert origin_of(client.get(f"/{lang}/lessons/new/", query)).startswith(sentence)
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


ORIGINS = {
    "position": {
        "en": "It starts from the position you were looking at",
        "fr": "Elle part de la position que vous regardiez",
        "ar": "يبدأ الدرس من الموقف الذي كنت تنظر إليه",
    },
    "seed": {
        "en": "It starts from a new deal of Tarneeb",
        "fr": "Elle part d’une nouvelle donne de Tarneeb",
        "ar": "يبدأ الدرس من توزيعة جديدة في",
    },
    "tutorial": {
        "en": "It starts as your own copy of the site’s tutorial “",
        "fr": "Elle part de votre propre copie du tutoriel du site «\u00a0",
        "ar": "يبدأ الدرس نسخةً خاصة بك من شرح الموقع «",
    },
    "practice": {
        "en": "It starts from deal 1 of your practice match",
        "fr": "Elle part de la donne 1 de votre partie d’entraînement",
        "ar": "يبدأ الدرس من التوزيعة 1 في مباراتك التدريبية",
    },
}


def origin_of(page) -> str:
    from html import unescape

    assert page.status_code == 200
    found = re.search(r'<p class="lead origin">(.*?)</p>', page.content.decode(), re.S)
    return unescape(found[1])


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_each_way_to_start_says_where_the_lesson_comes_from(tutorials, lang):
    from rulebook import games
    from rulebook.views import _example_query

    client = Client()
    queries = {
        "position": _query("?game=hearts&" + _example_query(games.get("hearts"))),
        "seed": {"game": "tarneeb", "variant": "classic"},
        "tutorial": {"tutorial": "bent-first-deal"},
    }
    said = {name: origin_of(client.get(f"/{lang}/lessons/new/", q)) for name, q in queries.items()}
    for name, sentence in said.items():
        assert sentence.startswith(ORIGINS[name][lang]), (name, sentence)
    assert len(set(said.values())) == 3
    assert not Lesson.objects.exists()  # reading what it would start from makes nothing


@pytest.mark.parametrize(
    "lang,own",
    [
        ("ar", "الإنجليزية، لغة الدرس الأصلية"),
        ("en", "English, the lesson’s own language"),
        ("fr", "Anglais, la langue de la leçon"),
    ],
)
def test_the_editor_offers_to_write_the_texts_in_each_language(lang, own):
    from html import unescape

    row = made()
    page = claimed(row).get(f"/{lang}/lessons/{row.public_id}/edit/").content.decode()
    menu = re.search(r'<select id="text-lang">(.*?)</select>', page, re.S)[1]
    options = re.findall(r'<option value="(\w+)"( selected)?>([^<]*)</option>', menu)
    assert [code for code, _s, _n in options] == ["ar", "en", "fr"]
    assert [(code, unescape(name)) for code, chosen, name in options if chosen] == [("en", own)]
    for key in ("title", "summary", "narration", "point", "hint", "explain"):
        assert f'id="tr-{key}"' in page and f'id="orig-{key}"' in page
    assert 'id="translation" class="translation" hidden' in page  # shown once one is chosen


def test_a_translation_saved_as_the_editor_saves_it_reaches_the_learners(rulebook):
    from .helpers import bearer, put

    obj = two_answers()
    del obj["translations"]
    row = Lesson.objects.get(public_id=post(Client(), obj).json()["id"])
    client = claimed(row)
    data = editor_data(client.get(f"/en/lessons/{row.public_id}/edit/"))
    assert "translations" not in data["lesson"]
    french = {
        "title": "Votre première donne",
        "summary": "",
        "steps": [{}, {"narration": "À vous de passer.", "why": {"pass:2C": "Gardez-la."}}],
    }
    edited = {**data["lesson"], "translations": {"fr": french}}
    saved = put(client, row.public_id, edited, data["key"], data["version"])
    assert saved.status_code == 200 and saved.json()["version"] == 2
    step = client.get(f"/fr/lessons/{row.public_id}/2/").content.decode()
    assert "À vous de passer." in step and "Votre première donne" in step
    assert "À vous de passer." not in client.get(f"/ar/lessons/{row.public_id}/2/").content.decode()
    # the same save sent again, from the version it was read at: refused, nothing changed
    again = put(client, row.public_id, {**edited, "title": "X"}, data["key"], data["version"])
    assert again.status_code == 409 and again.json()["version"] == 2
    listed = client.get(f"/api/lessons/{row.public_id}/versions", **bearer(data["key"]))
    assert [v["version"] for v in listed.json()["versions"]] == [2, 1]


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
