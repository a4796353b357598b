"""The host's controls, names and the next deal (tables.md, "Pages"): the host reissues a
place's invitation (the old key then opens nothing, in the API, the pages or the socket) or
gives a person's seat to a computer player; anyone else asking is answered 404. A person names
their seat when taking it and can change it; every person must ask for the next deal."""

import json
import random

import pytest
from django.test import Client

from tables import service
from tables.models import Place, Table

from .helpers import LINK, SEATS_2P, open_by_page, path_of, pick

pytestmark = pytest.mark.django_db


def post(client, path, body=None, key=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    return client.post(path, json.dumps(body or {}), content_type="application/json", **headers)


def get(client, path, key=None):
    return client.get(path, HTTP_AUTHORIZATION=f"Bearer {key}")


def create(client, **body) -> dict:
    body = {"variant": "classic", "seats": SEATS_2P, "coach": "S", **body}
    answer = post(client, "/api/tarneeb/tables", body)
    assert answer.status_code == 201, answer.content
    return answer.json()


def test_only_the_host_may_reissue_or_give_a_seat(client):
    data = create(client)
    table_id, keys = data["id"], data["keys"]
    for name in ("S", "coach", "watch"):
        for action, body in (("reissue", {"seat": "S"}), ("give", {"seat": "S", "level": "club"})):
            answer = post(client, f"/api/tables/{table_id}/{action}", body, keys[name])
            assert answer.status_code == 404, (name, action)
            assert answer.json()["error"]["code"] == "not_found"
    assert get(client, f"/api/tables/{table_id}", keys["S"]).status_code == 200  # unchanged
    for body in ({"seat": "N"}, {"seat": "E"}, {"seat": "NS"}, {}):  # its own, a computer's
        answer = post(client, f"/api/tables/{table_id}/reissue", body, keys["N"])
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_place"


def test_a_reissued_invitation_revokes_the_old_key_everywhere(client):
    data = create(client)
    table_id, keys = data["id"], data["keys"]
    guest = Client()
    join = f"/en/tables/{table_id}/join/{keys['S']}/"
    assert guest.post(join, {"name": "Samir"}).status_code == 303
    assert guest.get(f"/en/tables/{table_id}/").status_code == 200
    answer = post(client, f"/api/tables/{table_id}/reissue", {"seat": "S"}, keys["N"])
    assert answer.status_code == 200
    new = answer.json()
    assert new["key"] != keys["S"] and new["url"].endswith(f"/join/{new['key']}/")
    assert get(client, f"/api/tables/{table_id}", keys["S"]).status_code == 404
    assert guest.get(f"/en/tables/{table_id}/").status_code == 404  # the session holds nothing
    assert guest.get(join).status_code == 404
    assert get(client, f"/api/tables/{table_id}", new["key"]).status_code == 200
    assert service.by_key(table_id, new["key"]).name == ""  # the old holder's name is gone
    # the coach's invitation too
    answer = post(client, f"/api/tables/{table_id}/reissue", {"seat": "coach"}, keys["N"])
    assert answer.status_code == 200
    assert get(client, f"/api/tables/{table_id}", keys["coach"]).status_code == 404


def test_a_seat_given_to_a_computer_player_plays_and_its_key_opens_nothing(client):
    data = create(client)
    table_id, keys = data["id"], data["keys"]
    answer = post(client, f"/api/tables/{table_id}/give", {"seat": "S", "level": "nope"}, keys["N"])
    assert answer.status_code == 400
    answer = post(client, f"/api/tables/{table_id}/give", {"seat": "S", "level": "club"}, keys["N"])
    assert answer.status_code == 200
    seats = answer.json()["seats"]
    assert seats["S"]["player"] == "computer:club" and seats["N"]["player"] == "person"
    assert get(client, f"/api/tables/{table_id}", keys["S"]).status_code == 404
    table = Table.objects.get(public_id=table_id)
    match, deals = service.read(table)
    now = match.replay(deals)
    assert now.state.is_over or now.state.to_act == 0  # the computers played up to North
    # North plays the deal to its end alone
    rng = random.Random(3)
    north = Place.objects.get(table=table, seat=0)
    while not now.state.is_over:
        now = service.move(table, north, [pick(now, rng)], now.ply)
    assert now.state.is_over


def test_names_are_given_when_taking_a_seat_and_can_be_changed(client):
    data = create(client)
    table_id, keys = data["id"], data["keys"]
    guest = Client()
    join = f"/en/tables/{table_id}/join/{keys['S']}/"
    assert b'name="name"' in guest.get(join).content
    refused = guest.post(join, {"name": "<b>Samir</b>"})
    assert refused.status_code == 400 and not Place.objects.get(role="seat", seat=2).taken
    assert guest.post(join, {"name": "x" * 41}).status_code == 400
    assert guest.post(join, {"name": "  Sam & Co  "}).status_code == 303
    page = guest.get(f"/en/tables/{table_id}/").content.decode()
    assert "Sam &amp; Co" in page and "Sam & Co" not in page
    seats = get(client, f"/api/tables/{table_id}", keys["N"]).json()["seats"]
    assert seats["S"]["name"] == "Sam & Co" and seats["N"]["name"] == ""
    assert [s["coach"] for s in seats.values()] == [False, False, True, False]
    answer = post(client, f"/api/tables/{table_id}/name", {"name": "Nour"}, keys["N"])
    assert answer.status_code == 200 and answer.json()["seats"]["N"]["name"] == "Nour"
    answer = post(client, f"/api/tables/{table_id}/name", {"name": "a<script>"}, keys["N"])
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_name"
    answer = post(client, f"/api/tables/{table_id}/name", {"name": "Coach"}, keys["coach"])
    assert answer.status_code == 403
    assert guest.post(f"/en/tables/{table_id}/name/", {"name": "Samira"}).status_code == 303
    assert Place.objects.get(role="seat", seat=2).name == "Samira"


def play_to_the_end(table_id: str, seed: int):
    table = Table.objects.get(public_id=table_id)
    match, deals = service.read(table)
    now = match.replay(deals)
    rng = random.Random(seed)
    while not now.state.is_over:
        place = table.places.get(role="seat", seat=now.state.to_act)
        now = service.move(table, place, [pick(now, rng)], now.ply)
    return table


def test_the_next_deal_waits_for_every_person(client):
    data = create(client)
    table_id, keys = data["id"], data["keys"]
    play_to_the_end(table_id, 5)
    shown = get(client, f"/api/tables/{table_id}", keys["S"]).json()
    assert shown["waiting_for"] == ["N", "S"]
    answer = post(client, f"/api/tables/{table_id}/next", {}, keys["N"])
    assert answer.status_code == 200 and answer.json()["deal_number"] == 1
    assert answer.json()["waiting_for"] == ["S"]
    post(client, f"/api/tables/{table_id}/next", {}, keys["N"])  # again: still waiting
    assert get(client, f"/api/tables/{table_id}", keys["N"]).json()["deal_number"] == 1
    assert post(client, f"/api/tables/{table_id}/next", {}, keys["coach"]).status_code == 403
    answer = post(client, f"/api/tables/{table_id}/next", {}, keys["S"])
    assert answer.status_code == 200 and answer.json()["deal_number"] == 2
    assert answer.json()["waiting_for"] == []


def test_the_next_deal_is_dealt_after_turn_seconds(client, monkeypatch):
    data = create(client, turn_seconds=30)
    table_id, keys = data["id"], data["keys"]
    play_to_the_end(table_id, 6)
    now = service.time.time()
    monkeypatch.setattr(service.time, "time", lambda: now)
    assert post(client, f"/api/tables/{table_id}/next", {}, keys["N"]).json()["deal_number"] == 1
    monkeypatch.setattr(service.time, "time", lambda: now + 31)
    assert post(client, f"/api/tables/{table_id}/next", {}, keys["N"]).json()["deal_number"] == 2


def test_the_host_page_reissues_and_gives_seats_and_others_get_404():
    host = Client()
    refused = host.post("/en/tarneeb/table/new/", {"variant": "classic", "name": "<b>"})
    assert refused.status_code == 400 and not Table.objects.exists()
    form = {"name": "Hala", "variant": "classic", "seat.N": "person", "seat.E": "person"}
    _answer, links = open_by_page(
        host, "tarneeb", {**form, "seat.S": "person", "seat.W": "computer:club"}
    )
    assert len(links) == 3  # East, South, the watchers
    table = Table.objects.get()
    base = f"/en/tables/{table.public_id}"
    page = host.get(f"{base}/").content.decode()
    assert f'href="{base}/invitations/"' in page and f'action="{base}/give/"' in page
    assert "2 not yet taken" in page
    assert Place.objects.get(role="seat", seat=0).name == "Hala"
    guest = Client()
    assert guest.post(links[0], {"name": "Eli"}).status_code == 303  # East
    assert f'href="{base}/invitations/"' not in guest.get(f"{base}/").content.decode()
    assert guest.get(f"{base}/invitations/").status_code == 404
    assert guest.post(f"{base}/reissue/", {"seat": "S"}).status_code == 404
    assert guest.post(f"{base}/give/", {"seat": "S", "level": "club"}).status_code == 404
    # the host's invitations: East's taken (by Eli, its link no longer shown), South's not
    shown = host.get(f"{base}/invitations/")
    assert shown["Cache-Control"] and "no-store" in shown["Cache-Control"]
    assert shown["Referrer-Policy"] == "same-origin"  # its forms need their Origin
    text = shown.content.decode()
    assert links[0].rsplit("/", 2)[-2] not in text and links[1].rsplit("/", 2)[-2] in text
    assert "Taken by <bdi>Eli</bdi>." in text
    moved = host.post(f"{base}/reissue/", {"seat": "E"})
    assert moved.status_code == 303 and moved["Location"].endswith("?new=E#invite-E")
    text = host.get(moved["Location"]).content.decode()
    new = [path_of(url) for url in LINK.findall(text) if path_of(url) not in links]
    assert len(new) == 1 and "the old one no longer opens this place" in text
    assert guest.get(f"{base}/").status_code == 404
    assert Client().get(links[0]).status_code == 404
    assert Client().get(new[0]).status_code == 200
    assert host.post(f"{base}/give/", {"seat": "S", "level": "club"}).status_code == 303
    assert Table.objects.get().match.players == [None, None, "club", "club"]
    assert Client().get(links[1]).status_code == 404  # South's old link
