"""Every socket's end runs its clean-up, however it ends (issue 44): closed together, a send
to a socket its client has just closed (uvicorn's ClientDisconnected), a handler that fails
(a flood closes once: ``test_live``). Afterwards nothing is left: no ``Socket`` row (no
connection counted, no seat "here"), no channel-layer group holding the socket. The periodic
check (the presence beat) repairs whatever drift there is and logs it. Frames are read as
HTTP bodies are: too deep or with a lone surrogate, an ``error`` frame and the socket goes
on."""

import asyncio
import logging
import time

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from uvicorn.protocols.utils import ClientDisconnected

from tables import consumers, presence
from tables.models import Place, Table
from tables.models import Socket as Row

from .test_live import Socket, database, make_table, played

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("N", "S", "coach", "watch")


def left_behind(table_id: str) -> dict:
    """What a table's sockets left: rows, seats shown "here", and layer memberships."""
    table = Table.objects.select_related("match").get(public_id=table_id)
    places = list(table.places.values_list("pk", flat=True))
    return {
        "rows": Row.objects.filter(place__in=places).count(),
        "here": sum(1 for state in presence.of(table).values() if state == "here"),
    }


def memberships(table_id: str) -> list:
    return [
        (group, channel)
        for group, channel in presence.memberships(get_channel_layer())
        if group.startswith(f"table.{table_id}")
    ]


async def open_all(table_id, keys) -> list[Socket]:
    sockets = [Socket(table_id, name) for name in NAMES]
    for socket in sockets:
        assert (await socket.open(keys[socket.name]))["type"] == "state"
    for socket in sockets:
        await socket.drain()
    return sockets


async def ended(socket: Socket) -> None:
    """Wait until the consumer behind ``socket`` has returned (its clean-up done)."""
    task = socket.io.future
    for _ in range(500):
        if task.done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the consumer did not end")


def test_sockets_closed_together_again_and_again_leave_nothing():
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        for _ in range(3):
            sockets = await open_all(table_id, keys)
            counted = await database(left_behind, table_id)
            assert counted == {"rows": 4, "here": 2}  # the positive control: N and S here
            assert len(memberships(table_id)) == 4 * 2  # the table's group and its own
            await asyncio.gather(*(s.io.disconnect() for s in sockets))
            assert await database(left_behind, table_id) == {"rows": 0, "here": 0}
            assert memberships(table_id) == []

    async_to_sync(scenario)()


def test_a_send_to_a_socket_just_closed_is_harmless_and_it_still_cleans_up(monkeypatch):
    """Two sockets close while a move is told to the table: the frames sent to them fail as
    uvicorn fails them (ClientDisconnected); nothing escapes, and their ends clean up."""
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]
    gone = set()
    original = consumers.TableConsumer.send

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.channel_name in gone:
            raise ClientDisconnected
        await original(self, text_data, bytes_data, close)

    monkeypatch.setattr(consumers.TableConsumer, "send", send)

    async def scenario():
        sockets = await open_all(table_id, keys)
        gone.update(c for _, c in memberships(table_id))  # every socket's client has just gone
        from tables import live

        await live.announce(table_id, "places")  # each is sent a state: each send fails
        await live.announce(table_id, "presence")
        await asyncio.sleep(0.2)
        for socket in sockets:  # uvicorn then receives their disconnects
            await socket.io.send_input({"type": "websocket.disconnect", "code": 1006})
        for socket in sockets:
            await ended(socket)
            assert socket.io.future.exception() is None
        assert await database(left_behind, table_id) == {"rows": 0, "here": 0}
        assert memberships(table_id) == []

    async_to_sync(scenario)()


def test_a_consumer_that_fails_still_cleans_up(monkeypatch):
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    def broken(event, read, *args):
        raise RuntimeError("a bug")

    async def scenario():
        north = Socket(table_id, "N")
        await north.open(keys["N"])
        await north.drain()
        assert (await database(left_behind, table_id))["rows"] == 1
        monkeypatch.setattr(consumers, "shared", broken)
        from tables import live

        await live.announce(table_id)  # its handler fails
        await ended(north)
        assert isinstance(north.io.future.exception(), RuntimeError)
        assert await database(left_behind, table_id) == {"rows": 0, "here": 0}
        assert memberships(table_id) == []

    async_to_sync(scenario)()


DEEP = "[" * 1020 + "]" * 1020  # under MAX_FRAME: refused for its depth, as an HTTP body is
SURROGATES = [
    '{"type": "move", "ply": 0, "move": "\\ud800"}',
    '{"type": "hint", "card": null, "text": "well \\udfff done"}',
    '{"type": "phrase", "code": "\\ud83d"}',
    '{"type": "hello", "lang": "en", "ply": null, "key": "\\udc00"}',
    '{"\\ud800": 1, "type": "next"}',
]


@pytest.mark.parametrize("frame", [DEEP, '{"type": "move", "a": ' + "[" * 9 + "]" * 9 + "}"])
def test_a_deep_frame_gets_an_error_and_the_socket_goes_on(frame):
    assert len(frame.encode()) <= consumers.MAX_FRAME
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        before = await database(played, table_id)
        seat = "NESW"[before.state.to_act]
        socket = Socket(table_id, seat)
        await socket.open(keys[seat])
        await socket.drain()
        await socket.io.send_to(text_data=frame)
        got = await socket.drain()
        assert [f["code"] for f in got if f["type"] == "error"] == ["bad_frame"]
        await socket.io.send_json_to({"type": "phrase", "code": "thanks"})  # still open
        assert any(f["type"] == "phrase" for f in await socket.drain())
        await socket.io.disconnect()

    async_to_sync(scenario)()


@pytest.mark.parametrize("frame", SURROGATES)
def test_a_lone_surrogate_in_a_frame_gets_an_error_before_any_model(frame):
    data = make_table("hearts", "pagat", coach="N")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        before = await database(played, table_id)
        sockets = [Socket(table_id, name) for name in ("coach", "N")]
        for socket in sockets:
            await socket.open(keys[socket.name])
            await socket.drain()
        for socket in sockets:
            await socket.io.send_to(text_data=frame.replace('"ply": 0', f'"ply": {before.ply}'))
            got = await socket.drain()
            assert [f["code"] for f in got if f["type"] == "error"] == ["bad_frame"]
        after = await database(played, table_id)
        assert after.record.moves == before.record.moves
        notes = await database(lambda: list(Place.objects.values_list("note", flat=True)))
        assert notes == [None] * len(notes)
        for socket in sockets:  # both still open: the coach's was closed by a hint before
            await socket.io.send_json_to({"type": "next"})
            assert await socket.drain()
            await socket.io.disconnect()

    async_to_sync(scenario)()


def test_the_periodic_check_repairs_drift_and_logs_it(monkeypatch, caplog):
    """Rows of sockets that ended with no clean-up (this process's), rows of a process that
    stopped beating, and a group membership of a socket long gone: the next beat removes
    them all, logs each, and leaves the open socket's row, presence and groups alone."""
    monkeypatch.setattr(presence, "BEAT", 0.05)
    monkeypatch.setattr(presence, "STALE", 1)
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    def drift(process: str):
        south = Place.objects.get(table__public_id=table_id, seat=2)
        Row.objects.create(place=south, process=process, channel="ended.1", beat=time.time())
        Row.objects.create(place=south, process="stopped", channel="stopped.1", beat=0.0)

    async def scenario():
        north = Socket(table_id, "N")
        await north.open(keys["N"])
        await north.drain()
        here = presence._LOOPS[asyncio.get_running_loop()]
        layer = get_channel_layer()
        await layer.group_add(f"table.{table_id}", "specific.inmemory!ghost")
        with caplog.at_level(logging.WARNING, logger="tables.presence"):
            await database(drift, here.process)
            for _ in range(100):
                await asyncio.sleep(0.05)
                if (await database(left_behind, table_id))["rows"] == 1 and all(
                    c != "specific.inmemory!ghost" for _, c in memberships(table_id)
                ):
                    break
        assert await database(left_behind, table_id) == {"rows": 1, "here": 1}
        assert len(memberships(table_id)) == 2  # North's own two
        logged = " ".join(r.getMessage() for r in caplog.records)
        assert "sockets that had ended" in logged
        assert "processes that stopped" in logged
        assert "group memberships of ended sockets" in logged
        await north.io.disconnect()
        assert await database(left_behind, table_id) == {"rows": 0, "here": 0}

    async_to_sync(scenario)()


def test_a_socket_joining_as_the_beat_retires_its_registry_is_beaten_for(monkeypatch):
    """The beat's last check (no socket left) retires the loop's registry; a socket that says
    hello during that check must land in a registry someone beats for, and its end must
    leave nothing (it used to land in the retired one, whose beat wrote its row for ever)."""
    import threading

    monkeypatch.setattr(presence, "BEAT", 0.05)
    data = make_table("hearts", "pagat")
    place = Place.objects.get(table__public_id=data["id"], seat=0)
    original, hold = presence.check, threading.Event()

    def held(process, sockets):
        if not sockets:
            hold.wait(10)  # the last check, holding the lock, until the join waits on it
        return original(process, sockets)

    monkeypatch.setattr(presence, "check", held)

    async def scenario():
        loop = asyncio.get_running_loop()
        await presence.join("first", place.pk, place.table_id, _nothing)
        await presence.leave("first")
        await asyncio.sleep(0.3)  # the beat is in its last check, the lock held
        joining = asyncio.ensure_future(presence.join("second", place.pk, place.table_id, _nothing))
        await asyncio.sleep(0.2)  # the join waits on the lock
        hold.set()
        await joining
        here = presence._LOOPS[loop]  # the registry in use holds it, and beats
        assert "second" in here.sockets
        assert here.task is not None and not here.task.done()
        await presence.leave("second")
        await asyncio.sleep(0.5)  # beats after its end: nothing written again
        rows = await database(lambda: list(Row.objects.values_list("channel", flat=True)))
        assert rows == []

    async_to_sync(scenario)()


async def _nothing():
    return None
