"""A lesson is unlisted (``shared/spec/lessons.md``): never in the sitemap, ``noindex`` on
every page of it, and deleted with the account that alone holds it."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from lessons.models import Answer, Lesson, Version
from tests.accounts.helpers import PASSWORD, sign_up

from .helpers import post, two_answers

pytestmark = pytest.mark.django_db

NOINDEX = '<meta name="robots" content="noindex">'


def made(client) -> Lesson:
    answer = post(client, two_answers())
    assert answer.status_code == 201, answer.content
    row = Lesson.objects.get(public_id=answer.json()["id"])
    assert client.get(row.private_url()).status_code == 303  # the client owns it
    return row


def test_no_lesson_is_in_the_sitemap_and_every_page_of_one_is_noindex(tutorials):
    owner = Client()
    row = made(owner)
    sitemap = Client().get("/sitemap.xml")
    assert sitemap.status_code == 200 and "/tutorials/" in sitemap.content.decode()
    assert "/lessons/" not in sitemap.content.decode()
    for lang in ("ar", "en", "fr"):
        pages = {
            "player": owner.get(f"/{lang}/lessons/{row.public_id}/2/"),
            "editor": owner.get(f"/{lang}/lessons/{row.public_id}/edit/"),
            "results": owner.get(f"/{lang}/lessons/{row.public_id}/results/"),
        }
        for name, page in pages.items():
            assert page.status_code == 200, (lang, name)
            assert page.content.decode().count(NOINDEX) == 1, (lang, name)
    # the same site's tutorial step is indexed: the tag is the lesson's, not every page's
    assert NOINDEX not in Client().get("/en/tutorials/bent-first-deal/1/").content.decode()


def test_deleting_an_account_deletes_the_lessons_only_it_holds(tutorials):
    amal = Client()
    sign_up(amal, "amal")
    mine, shared = made(amal), made(amal)
    badr = Client()
    sign_up(badr, "badr")
    assert badr.get(shared.private_url()).status_code == 303  # badr holds it too
    learner = Client()
    learner.post(f"/en/lessons/{mine.public_id}/2/", {"move": "pass:QS"})
    assert Answer.objects.filter(lesson=mine).exists()
    done = amal.post("/en/accounts/delete/", {"password": PASSWORD})
    assert done.status_code == 302
    assert not User.objects.filter(username="amal").exists()
    assert list(Lesson.objects.values_list("pk", flat=True)) == [shared.pk]
    assert not Version.objects.filter(lesson_id=mine.pk).exists()
    assert not Answer.objects.filter(lesson_id=mine.pk).exists()
    assert badr.get(f"/en/lessons/{shared.public_id}/edit/").status_code == 200
