"""Presence survives a killed process: a seat is "here" while one of its sockets has said so
recently (``tables/presence.py``: a ``Socket`` row each, said alive by its process's beat),
not while a row counts a socket that a killed process can never take back."""

import time

import pytest
from asgiref.sync import async_to_sync

from tables import presence
from tables.models import Place
from tables.models import Socket as Row

from ..waiting import until_async
from .test_live import Socket, database, make_table

pytestmark = pytest.mark.django_db(transaction=True)


# How long a seat's last word keeps it "here": long enough that a loaded machine's late beat
# (every BEAT) never turns a live socket away, short enough to see a silent one go.
SECONDS, BEAT = 2, 0.1


def _killed_process_held(table_id: str, seat: int) -> None:
    """What a process killed with a socket of ``seat`` open leaves: the count, and a last
    word older than ``presence.SECONDS`` (and younger than ``STALE``: the row stays)."""
    place = Place.objects.get(table__public_id=table_id, role=Place.SEAT, seat=seat)
    Row.objects.create(place=place, process="killed", channel="killed.1", beat=time.time() - 30)


async def _presence(socket, seen) -> dict:
    """The seats of the first presence frame from now on for which ``seen(seats)`` holds."""
    frames = await socket.drain(until=lambda f: f["type"] == "presence" and seen(f["seats"]))
    return frames[-1]["seats"]


def _said_alive_since(table_id: str, seat: int, since: float) -> bool:
    """A beat has said ``seat``'s socket of this process alive after ``since``."""
    rows = Row.objects.filter(place__table__public_id=table_id, place__seat=seat)
    return rows.exclude(process="killed").filter(beat__gt=since).exists()


def _shown(table_id: str) -> dict:
    from tables.models import Table

    return presence.of(Table.objects.get(public_id=table_id))


def test_a_seat_whose_process_was_killed_is_away_and_a_live_socket_stays_here(monkeypatch):
    monkeypatch.setattr(presence, "SECONDS", SECONDS)
    monkeypatch.setattr(presence, "BEAT", BEAT)
    data = make_table("tarneeb", "classic")  # N and S people, E and W computers
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        await database(_killed_process_held, table_id, 2)  # S's process was killed
        north = Socket(table_id, "N")
        opened = time.time()
        await north.open(keys["N"])
        seats = await _presence(north, lambda seats: True)
        assert seats == {"N": "here", "E": "computer", "S": "away", "W": "computer"}
        # longer than SECONDS after it opened, N's socket keeps saying so
        await until_async(
            lambda: database(_said_alive_since, table_id, 0, opened + SECONDS),
            "a beat said North's socket alive SECONDS after it opened",
        )
        assert (await database(_shown, table_id))["N"] == "here"
        watcher = Socket(table_id, "watch")
        await watcher.open(keys["watch"])
        # S comes back (on another server): here; when its socket closes, the dead
        # process's row still stands, so S is away as its last word is SECONDS old
        south = Socket(table_id, "S")
        await south.open(keys["S"])
        assert (await _presence(north, lambda seats: seats["S"] == "here"))["N"] == "here"
        await south.io.disconnect()
        await watcher.io.disconnect()
        assert (await _presence(north, lambda seats: seats["S"] == "away"))["N"] == "here"
        assert (await database(_shown, table_id))["S"] == "away"
        # N's own socket closing normally: away at once
        again = Socket(table_id, "S")
        await again.open(keys["S"])
        await north.io.disconnect()
        await _presence(again, lambda seats: seats["N"] == "away")
        await again.io.disconnect()

    async_to_sync(scenario)()


def _held_by_a_living_process(table_id: str, seat: int) -> None:
    """A socket of ``seat`` open in another process, which has just said so."""
    place = Place.objects.get(table__public_id=table_id, role=Place.SEAT, seat=seat)
    Row.objects.create(place=place, process="living", channel="living.1", beat=time.time())


def test_the_others_are_told_when_a_killed_process_s_seat_goes_away(monkeypatch):
    """A killed process announces nothing: the living sockets look again once a beat and tell
    the table, so the seat turns "away" on every screen with no other news."""
    monkeypatch.setattr(presence, "SECONDS", SECONDS)
    monkeypatch.setattr(presence, "BEAT", BEAT)
    data = make_table("tarneeb", "classic")  # N and S people, E and W computers
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        await database(_held_by_a_living_process, table_id, 2)
        north = Socket(table_id, "N")
        await north.open(keys["N"])
        assert (await _presence(north, lambda seats: True))["S"] == "here"
        # S's process dies now: no disconnect, no frame; only its last word grows old
        seats = await _presence(north, lambda seats: seats["S"] == "away")
        assert seats == {"N": "here", "E": "computer", "S": "away", "W": "computer"}
        await north.io.disconnect()

    async_to_sync(scenario)()
