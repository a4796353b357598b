"""A claimed key opens nothing but the browser that claimed it (issue 44): once a browser took
a seat (or the coach's place) with its invitation, the key answers 404 on the API, the socket
and the invitation's page (which says the place is taken, and shows nothing of the table),
while that browser plays on by its session; a socket opened with the key before is closed. A
reissued invitation revokes the old one everywhere at once, open sockets included. The
watchers' link is shared: it stays, until the host reissues it."""

import json
import random

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from tables import consumers, service
from tables.models import Place, Table

from .helpers import pick
from .test_live import ORIGIN, Socket, database, make_table, played

pytestmark = pytest.mark.django_db(transaction=True)


def api(method, path, key, body=None):
    client = Client()
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    if method == "get":
        return client.get(path, **headers)
    return client.post(path, json.dumps(body or {}), content_type="application/json", **headers)


def take(table_id: str, key: str, name="") -> Client:
    """A browser that takes the place of ``key`` by its invitation."""
    browser = Client()
    join = f"/en/tables/{table_id}/join/{key}/"
    assert browser.get(join).status_code == 200
    assert browser.post(join, {"name": name}).status_code == 303
    return browser


def cookie_of(browser: Client) -> list:
    return [*ORIGIN, (b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())]


async def closed_with_not_found(socket: Socket) -> None:
    """The socket is sent ``not_found`` then closed (presence frames may come first)."""
    while True:
        output = await socket.io.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            assert output["code"] == consumers.CLOSE_NOT_FOUND
            return
        frame = json.loads(output["text"])
        assert frame["type"] in ("presence", "error"), frame
        if frame["type"] == "error":
            assert frame["code"] == "not_found"


def test_a_claimed_key_opens_nothing_while_its_browser_plays_on():
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]
    base = f"/api/tables/{table_id}"

    async def scenario():
        # a program holding South's key before anyone took the seat
        program = Socket(table_id, "S")
        assert (await program.open(keys["S"]))["type"] == "state"
        await program.drain()
        south = await database(take, table_id, keys["S"], "Samira")
        coach = await database(take, table_id, keys["coach"])
        from tables import live

        await live.announce(table_id, "places")  # as the join page's POST does
        await closed_with_not_found(program)
        # the key, from any other client: the API and a new socket answer 404
        for name in ("S", "coach"):
            assert (await database(api, "get", base, keys[name])).status_code == 404
            stranger = Socket(table_id, name)
            frame = await stranger.open(keys[name])
            assert frame["type"] == "error" and frame["code"] == "not_found"
            assert (await stranger.io.receive_output())["type"] == "websocket.close"
        now = await database(played, table_id)
        refused = await database(
            api, "post", base + "/move", keys["S"], {"move": pick(now, random.Random(1))}
        )
        assert refused.status_code == 404
        # the page of the invitation: taken, nothing of the table shown
        page = await database(Client().get, f"/en/tables/{table_id}/join/{keys['S']}/")
        assert page.status_code == 200 and b"already taken" in page.content
        assert b"pagat" not in page.content and b"Samira" not in page.content
        # the browser that took it plays on, by its session
        mine = Socket(table_id, "S", headers=cookie_of(south))
        first = await mine.open()
        assert first["type"] == "state" and first["you"] == "S"
        assert len(first["match"]["position"]["hands"]["S"]) > 13  # its own hand, in PBN
        north = Socket(table_id, "N")
        await north.open(keys["N"])
        await mine.drain()
        await north.drain()
        now = await database(played, table_id)
        mover = mine if now.state.to_act == 2 else north
        await mover.io.send_json_to(
            {"type": "move", "ply": now.ply, "move": pick(now, random.Random(2))}
        )
        await mover.drain(now.ply + 1)
        assert (await database(played, table_id)).ply > now.ply
        coach_socket = Socket(table_id, "coach", headers=cookie_of(coach))
        assert (await coach_socket.open())["you"] == "coach:S"
        for socket in (mine, north, coach_socket):
            await socket.io.disconnect()
        page = await database(south.get, f"/en/tables/{table_id}/")
        assert page.status_code == 200

    async_to_sync(scenario)()


def test_a_reissued_invitation_revokes_the_old_everywhere_at_once():
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]
    south = take(table_id, keys["S"])
    watcher = take(table_id, keys["watch"])

    async def scenario():
        mine = Socket(table_id, "S", headers=cookie_of(south))
        watching = Socket(table_id, "watch", headers=cookie_of(watcher))
        for socket in (mine, watching):
            assert (await socket.open())["type"] == "state"
            await socket.drain()
        answer = await database(
            api, "post", f"/api/tables/{table_id}/reissue", keys["N"], {"seat": "S"}
        )
        assert answer.status_code == 200
        new = answer.json()["key"]
        await closed_with_not_found(mine)  # the open socket, at once
        assert (await database(south.get, f"/en/tables/{table_id}/")).status_code == 404
        page = await database(Client().get, f"/en/tables/{table_id}/join/{keys['S']}/")
        assert page.status_code == 404  # the old link opens nothing, not even "taken"
        assert (await database(api, "get", f"/api/tables/{table_id}", new)).status_code == 200
        await watching.drain()  # told of South's new invitation: a state
        # the watchers' link reissued: every watcher who came by it holds nothing
        answer = await database(
            api, "post", f"/api/tables/{table_id}/reissue", keys["N"], {"seat": "watch"}
        )
        assert answer.status_code == 200
        await closed_with_not_found(watching)
        assert (await database(watcher.get, f"/en/tables/{table_id}/")).status_code == 404
        old = await database(api, "get", f"/api/tables/{table_id}", keys["watch"])
        assert old.status_code == 404

    async_to_sync(scenario)()


def test_a_key_is_claimed_once_and_the_watchers_link_by_many():
    data = make_table("tarneeb", "classic")
    table_id, keys = data["id"], data["keys"]
    place = service.by_key(table_id, keys["S"])
    service.claim(place, keys["S"], "session-one")
    with pytest.raises(service.Taken):  # a second browser a moment later: nothing
        service.claim(Place.objects.get(pk=place.pk), keys["S"], "session-two")
    assert Place.objects.get(pk=place.pk).session_key == "session-one"
    watchers = [take(table_id, keys["watch"]) for _ in range(3)]
    for browser in watchers:
        assert browser.get(f"/en/tables/{table_id}/").status_code == 200
    back = watchers[0].get(f"/en/tables/{table_id}/join/{keys['watch']}/")
    assert back.status_code == 303 and back["Location"] == f"/en/tables/{table_id}/"
    assert api("get", f"/api/tables/{table_id}", keys["watch"]).status_code == 200


def test_a_browser_with_a_place_cannot_spend_another_s_invitation():
    """The host opening a guest's link on their own phone takes nothing: the link stays for
    the guest."""
    data = make_table("tarneeb", "classic")
    table_id, keys = data["id"], data["keys"]
    host = take(table_id, keys["N"])
    join = f"/en/tables/{table_id}/join/{keys['S']}/"
    shown = host.get(join)
    assert shown.status_code == 200 and b"already have a place" in shown.content
    assert host.post(join).status_code == 409
    assert not Table.objects.get(public_id=table_id).places.get(seat=2).taken
    assert take(table_id, keys["S"]).get(f"/en/tables/{table_id}/").status_code == 200
