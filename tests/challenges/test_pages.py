"""The challenges' pages in each language: the list, a private challenge opened by its form and
shared by its link (never listed), the refusals (4xx in the reader's language), a signed-in
player's name, hiding and running average."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from challenges import service
from challenges.models import Challenge, Entry
from tests.challenges.helpers import finish, opened, start

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rulebook")]

WORDS = {
    "ar": "التحدّيات: الجولات نفسها للجميع",
    "en": "Challenges: the same deals as everyone",
    "fr": "Défis\u00a0: les mêmes donnes pour tous",
}


@pytest.mark.parametrize("lang", WORDS)
def test_the_list_and_a_challenge_in_each_language(client, lang):
    from django.utils import timezone

    service.open_site("tarneeb", Challenge.DAILY, timezone.now().date())
    page = client.get(f"/{lang}/challenges/")
    assert page.status_code == 200 and WORDS[lang] in page.content.decode()
    assert ('dir="rtl"' in page.content.decode()) == (lang == "ar")
    home = client.get(f"/{lang}/").content.decode()
    assert f"/{lang}/challenges/#tarneeb" in home  # reached from the home page's game box


def test_a_private_challenge_is_opened_shared_and_never_listed(client):
    response = client.post(
        "/en/challenges/new/",
        {"pick": "bent-al-sbeet:qahwa", "deals": "2", "level": "beginner", "days": "3"},
    )
    assert response.status_code == 303
    c = Challenge.objects.get()
    assert (c.kind, c.size, c.level, c.variant) == ("private", 2, "beginner", "qahwa")
    assert c.public_id not in client.get("/en/challenges/").content.decode()
    friend = Client()
    page = friend.get(response["Location"]).content.decode()
    assert c.public_id in page and 'name="robots" content="noindex"' in page
    url = start(friend, c, 1)
    finish(friend, url)
    assert Entry.objects.get(challenge=c).deals_done == 1


@pytest.mark.parametrize(
    "post,status",
    [
        ({"pick": "tarneeb:nope", "deals": "3", "level": "club", "days": "1"}, 400),
        ({"pick": "tarneeb:classic", "deals": "13", "level": "club", "days": "1"}, 400),
        ({"pick": "tarneeb:classic", "deals": "2", "level": "god", "days": "1"}, 400),
    ],
)
def test_a_challenge_that_cannot_be_played_is_refused_in_the_readers_language(client, post, status):
    response = client.post("/fr/challenges/new/", post)
    assert response.status_code == status
    assert "Choisissez un jeu" in response.content.decode()
    assert not Challenge.objects.exists()


def test_refusals_are_4xx_in_the_readers_language(client):
    assert client.get("/ar/challenges/nothing-here/").status_code == 404
    c = opened()
    bad = client.post(f"/en/challenges/{c.public_id}/deals/1/", {"seat": "Q"})
    assert bad.status_code == 400 and "Choose a seat" in bad.content.decode()
    unknown = client.post(f"/fr/challenges/{c.public_id}/deals/9/", {"seat": "S"})
    assert unknown.status_code == 400
    early = client.get(f"/en/challenges/{c.public_id}/deals/1/")
    assert early.status_code == 403 and "once you have played it" in early.content.decode()


def test_a_players_name_hiding_and_running_average(client):
    user = get_user_model().objects.create_user("layla", password="a-long-password-49")
    client.force_login(user)
    c = opened(size=1)
    finish(client, start(client, c, 1))
    guest = Client()
    finish(guest, start(guest, c, 1))
    board = client.get(f"/en/challenges/{c.public_id}/ranking/").content.decode()
    assert "layla" in board and "a guest" in board
    client.post("/en/challenges/me/", {"name": "Umm Ali", "hidden": "on"})
    entry = Entry.objects.get(user=user)
    assert (entry.name, entry.hidden) == ("Umm Ali", True)
    listed = Client().get(f"/en/challenges/{c.public_id}/").content.decode()
    assert "Umm Ali" not in listed and "layla" not in listed
    mine = client.get("/en/challenges/").content.decode()
    assert 'id="running"' in mine and "50%" in mine  # alone on their seats: 50% each
