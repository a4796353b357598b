"""The turn timer (tables.md, "Rules of the table"): a person's turn that has waited
``turn_seconds`` is played by a labelled computer player until the person comes back; its
clock is stored, so whoever sees it overdue plays it (a socket's timer or a request), once."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from tables import service
from tables.models import Place, Table

from .helpers import SEATS_2P
from .test_live import Socket, database, played

pytestmark = pytest.mark.django_db(transaction=True)


def make_table(seconds: int) -> dict:
    body = {"variant": "pagat", "seats": SEATS_2P, "turn_seconds": 10}
    answer = Client().post("/api/hearts/tables", json.dumps(body), content_type="application/json")
    assert answer.status_code == 201
    data = answer.json()
    Table.objects.filter(public_id=data["id"]).update(turn_seconds=seconds)  # tests: < 10 s
    return data


def test_an_overdue_turn_is_played_once_and_the_seat_is_away_until_its_person_is_back():
    data = make_table(10)
    table = Table.objects.get(public_id=data["id"])
    before = played(data["id"])
    seat = before.state.to_act
    assert service.expire(table) is None  # the clock starts now
    start = Table.objects.get(pk=table.pk).clock["since"]
    assert service.expire(table, now=start + 9) is None
    after = service.expire(table, now=start + 10)
    assert after is not None and after.ply > before.ply
    assert after.state.to_act != seat or after.state.is_over
    assert Table.objects.get(pk=table.pk).away == [seat]
    assert service.expire(table, now=start + 10) is None  # once: the version moved on
    assert played(data["id"]).record.moves == after.record.moves
    # the other person moves: the away seat plays itself at once, not after another wait
    other = 2 - seat
    if not after.state.is_over and after.state.to_act == other:
        place = Place.objects.get(table=table, role="seat", seat=other)
        legal = after.module.format_move(after.state.legal_moves()[0])
        now = service.move(table, place, legal.split(), after.ply)
        assert now.state.is_over or now.state.to_act == other
    assert service.back(Place.objects.get(table=table, role="seat", seat=seat))
    assert Table.objects.get(pk=table.pk).away == []


def test_a_request_plays_an_overdue_turn(monkeypatch):
    data = make_table(10)
    client, key = Client(), data["keys"]["N"]
    first = client.get(f"/api/tables/{data['id']}", HTTP_AUTHORIZATION=f"Bearer {key}").json()
    now = service.time.time()
    monkeypatch.setattr(service.time, "time", lambda: now + 11)
    second = client.get(f"/api/tables/{data['id']}", HTTP_AUTHORIZATION=f"Bearer {key}").json()
    assert len(second["history"]) > len(first["history"])


def test_a_socket_plays_an_overdue_turn_and_presence_says_computer():
    data = make_table(1)
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        before = await database(played, table_id)
        seat = "NESW"[before.state.to_act]
        watch = Socket(table_id, "watch")
        await watch.open(keys["watch"])
        got = []
        while not any(f["type"] == "presence" and f["seats"][seat] == "computer" for f in got):
            got.append(watch.take(await watch.io.receive_json_from()))
        moves = [f for f in got if f["type"] == "move"]
        assert moves and moves[0]["seat"] == seat and moves[0]["ply"] == before.ply + 1
        assert moves[0]["by"] == "computer"  # labelled
        await watch.io.disconnect()
        person = Socket(table_id, seat)  # the person comes back
        await person.open(keys[seat])
        assert (await database(lambda: Table.objects.get(public_id=table_id).away)) == []
        await person.io.disconnect()

    async_to_sync(scenario)()
