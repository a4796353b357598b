"""Presence survives a killed process: a seat is "here" while one of its sockets has said so
recently (``tables/presence.py``: a ``Socket`` row each, said alive by its process's beat),
not while a row counts a socket that a killed process can never take back."""

import asyncio
import time

import pytest
from asgiref.sync import async_to_sync

from tables import presence
from tables.models import Place
from tables.models import Socket as Row

from .test_live import Socket, database, make_table

pytestmark = pytest.mark.django_db(transaction=True)


def _killed_process_held(table_id: str, seat: int) -> None:
    """What a process killed with a socket of ``seat`` open leaves: the count, and a last
    word older than ``presence.SECONDS``."""
    place = Place.objects.get(table__public_id=table_id, role=Place.SEAT, seat=seat)
    Row.objects.create(place=place, process="killed", channel="killed.1", beat=time.time() - 5)


async def _presence(socket) -> dict:
    """The seats of the next presence frame, and of any sent just after it."""
    while (frame := socket.take(await socket.io.receive_json_from(timeout=5)))["type"] != (
        "presence"
    ):
        pass
    later = [f for f in await socket.drain() if f["type"] == "presence"]
    return (later or [frame])[-1]["seats"]


def test_a_seat_whose_process_was_killed_is_away_and_a_live_socket_stays_here(monkeypatch):
    monkeypatch.setattr(presence, "SECONDS", 0.4)
    monkeypatch.setattr(presence, "BEAT", 0.1)
    data = make_table("tarneeb", "classic")  # N and S people, E and W computers
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        await database(_killed_process_held, table_id, 2)  # S's process was killed
        north = Socket(table_id, "N")
        await north.open(keys["N"])
        seats = await _presence(north)
        assert seats == {"N": "here", "E": "computer", "S": "away", "W": "computer"}
        await asyncio.sleep(1.0)  # longer than SECONDS: N's socket keeps saying so
        watcher = Socket(table_id, "watch")
        await watcher.open(keys["watch"])
        assert (await _presence(north))["N"] == "here"
        # S comes back (on another server): here; when its socket closes, the dead
        # process's row still stands, so S is away as its last word is SECONDS old
        south = Socket(table_id, "S")
        await south.open(keys["S"])
        assert (await _presence(north))["S"] == "here"
        await south.io.disconnect()
        await asyncio.sleep(0.5)
        await watcher.io.disconnect()
        assert (await _presence(north))["S"] == "away"
        # N's own socket closing normally: away at once
        again = Socket(table_id, "S")
        await again.open(keys["S"])
        await north.io.disconnect()
        assert (await _presence(again))["N"] == "away"
        await again.io.disconnect()

    async_to_sync(scenario)()


def _held_by_a_living_process(table_id: str, seat: int) -> None:
    """A socket of ``seat`` open in another process, which has just said so."""
    place = Place.objects.get(table__public_id=table_id, role=Place.SEAT, seat=seat)
    Row.objects.create(place=place, process="living", channel="living.1", beat=time.time())


def test_the_others_are_told_when_a_killed_process_s_seat_goes_away(monkeypatch):
    """A killed process announces nothing: the living sockets look again once a beat and tell
    the table, so the seat turns "away" on every screen with no other news."""
    monkeypatch.setattr(presence, "SECONDS", 0.4)
    monkeypatch.setattr(presence, "BEAT", 0.1)
    data = make_table("tarneeb", "classic")  # N and S people, E and W computers
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        await database(_held_by_a_living_process, table_id, 2)
        north = Socket(table_id, "N")
        await north.open(keys["N"])
        assert (await _presence(north))["S"] == "here"
        # S's process dies now: no disconnect, no frame; only its last word grows old
        for _ in range(30):
            frame = north.take(await north.io.receive_json_from(timeout=5))
            if frame["type"] == "presence" and frame["seats"]["S"] == "away":
                break
        else:
            raise AssertionError("no presence frame said S was away")
        assert frame["seats"] == {"N": "here", "E": "computer", "S": "away", "W": "computer"}
        await north.io.disconnect()

    async_to_sync(scenario)()
