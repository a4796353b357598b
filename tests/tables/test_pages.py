"""The live tables' pages without JavaScript: the new-table form, the invitation (GET takes
nothing, POST binds and 303s to the key-less address), the table with its moves as forms,
and 404 for anyone without a place, in every language."""

import re

import pytest
from django.test import Client

from tables.models import Place, Table

from .helpers import PAGE_SEATS, open_by_page, seated

pytestmark = pytest.mark.django_db

SEATS = PAGE_SEATS


def open_table(host: Client, lang="en") -> tuple[Table, list[str]]:
    _answer, links = open_by_page(host, "tarneeb", {"variant": "classic", **SEATS}, lang)
    return Table.objects.get(), links


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_the_form_opens_a_table_and_gives_the_host_a_seat(lang):
    host = Client()
    assert host.get(f"/{lang}/tarneeb/table/new/").status_code == 200
    table, links = open_table(host, lang)
    assert len(links) == 2  # South and the watchers: the host took North
    assert Place.objects.get(seat=0).taken
    page = host.get(f"/{lang}/tables/{table.public_id}/")
    assert page.status_code == 200
    assert Client().get(f"/{lang}/tables/{table.public_id}/").status_code == 404


def test_a_bad_set_up_is_400_with_its_reason():
    answer = Client().post("/en/tarneeb/table/new/", {"variant": "classic", **SEATS, "coach": "E"})
    assert answer.status_code == 400
    assert b"beside one of the people" in answer.content
    assert not Table.objects.exists()


def test_an_invitation_takes_nothing_on_get_and_binds_on_post():
    table, links = open_table(Client())
    path = links[0]  # South's, then the watchers'
    guest = Client()
    shown = guest.get(path)
    assert shown.status_code == 200
    assert not Place.objects.get(seat=2).taken
    taken = guest.post(path)
    assert taken.status_code == 303 and "/join/" not in taken["Location"]
    assert Place.objects.get(seat=2).taken
    assert guest.get(taken["Location"]).status_code == 200
    # a third browser with the same link: the seat is taken, and nothing of it is shown
    refused = Client().post(path)
    assert refused.status_code == 409 and b"already taken" in refused.content
    assert b"classic" not in refused.content
    # the browser that took it, back by the same link: taken to the table
    again = guest.get(path)
    assert again.status_code == 303 and again["Location"] == taken["Location"]
    assert Client().get(f"/en/tables/{table.public_id}/join/not-a-key/").status_code == 404


def test_moves_are_forms_and_a_stale_form_changes_nothing():
    host = Client()
    table, links = open_table(host)
    guest = Client()
    assert guest.post(links[0]).status_code == 303  # South's, then the watchers'
    for browser in (host, guest):
        page = browser.get(f"/en/tables/{table.public_id}/").content.decode()
        if 'name="move"' in page:
            ply = re.search(r'name="ply" value="(\d+)"', page)[1]
            move = re.search(r'name="move" value="([^"]+)"', page)[1]
            url = f"/en/tables/{table.public_id}/move/"
            done = browser.post(url, {"ply": ply, "move": move})
            assert done.status_code == 303
            again = browser.post(url, {"ply": ply, "move": move})
            assert again.status_code in (409, 422)
            return
    raise AssertionError("no seat had a move to make")


def test_an_invitation_posted_from_another_site_takes_nothing():
    _table, links = open_table(Client())
    path = links[0]
    assert Client().post(path, HTTP_SEC_FETCH_SITE="cross-site").status_code == 404
    assert not Place.objects.get(seat=2).taken
    assert Client().post(path, HTTP_SEC_FETCH_SITE="same-origin").status_code == 303


def _shown(page: str) -> set[str]:
    return set(re.findall(r'data-card="([2-9TJQKA][SHDC])"', page))


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_the_table_is_the_phone_felt_with_only_the_viewers_own_hand(lang):
    from practice.match import WATCHER
    from tables import service

    from .helpers import secret_cards

    table, north, south, watcher = seated("tarneeb", lang)
    match, deals = service.read(table)
    played = match.replay(deals)
    url = f"/{lang}/tables/{table.public_id}/"
    for client, seat in ((north, 0), (south, 2), (watcher, WATCHER)):
        page = client.get(url).content.decode()
        assert 'class="felt' in page and 'id="live-table"' in page
        hand = _shown(page)
        assert not hand & secret_cards(played, seat)
        if seat == WATCHER:
            assert hand == set()
        else:  # the positive control: the holder's own thirteen cards are drawn
            assert len(hand) == 13
            assert f"seat-{'NESW'[seat]}" in page and "at-bottom seat-" + "NESW"[seat] in page
        part = client.get(url + "?part=live").content.decode()
        assert 'id="live-table"' in part[:300]
        assert "<html" not in part
    direction = "rtl" if lang == "ar" else "ltr"
    assert f'<html lang="{lang}" dir="{direction}">' in north.get(url).content.decode()


def test_the_pass_is_chosen_by_touching_cards():
    table, north, south, _watcher = seated("hearts")
    url = f"/en/tables/{table.public_id}/"
    for client in (north, south):
        page = client.get(url).content.decode()
        if 'name="pass"' not in page:
            continue
        codes = re.findall(r'name="pass" value="([^"]+)"', page)[:3]
        ply = re.search(r'name="ply" value="(\d+)"', page)[1]
        answer = client.post(url + "move/", {"ply": ply, "pass": codes})
        assert answer.status_code == 303
        after = client.get(url).content.decode()
        assert int(re.search(r'data-ply="(\d+)"', after)[1]) > int(ply)
        return
    raise AssertionError("nobody had a pass to make")


EXPERT = [("en", "computer, expert"), ("fr", "ordinateur, expert"), ("ar", "كمبيوتر، خبير")]


@pytest.mark.parametrize("lang,label", EXPERT)
def test_every_level_is_offered_for_a_seat_and_the_expert_sits_at_a_table(lang, label):
    host = Client()
    form = host.get(f"/{lang}/tarneeb/table/new/").content.decode()
    for level in ("beginner", "club", "expert"):
        assert form.count(f'value="computer:{level}"') == 4  # one choice a seat
    assert label in form
    open_by_page(
        host, "tarneeb", {"variant": "classic", **SEATS, "seat.E": "computer:expert"}, lang
    )
    assert Table.objects.get().match.players == [None, "expert", None, "beginner"]
