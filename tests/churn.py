"""Sockets opened and dropped, round after round, against a served site (issue 44's churn):
each round opens a socket on every place of every table, waits for each one's state, then
ends them all in one way:

- ``together``: a phrase is sent to each table, and every socket is closed at once while
  the phrase's frames are on their way (the server's sends find sockets just closed);
- ``crash``: the same, but the clients vanish without a closing handshake (TCP aborted);
- ``flood``: every socket sends frames until the server closes it (4429), and more.

What a round leaves behind is then read from the server's side: the ``Socket`` rows (the
connections counted), the seats shown "here", Redis's subscriptions (``PUBSUB``) and its
subscribed clients (``CLIENT LIST``), the workers' memory."""

import asyncio
import concurrent.futures
import json
import sqlite3
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

MODES = ("together", "crash", "flood")
PLACES = ("N", "S", "coach", "watch")  # four sockets a table


def create_tables(base: str, count: int) -> list[dict]:
    """``count`` tables (North and South people, a coach beside South, two computers)."""
    import urllib.request

    tables = []
    for _ in range(count):
        body = {
            "variant": "classic",
            "seats": {"N": "person", "E": "computer:club", "S": "person", "W": "computer:club"},
            "coach": "S",
        }
        request = urllib.request.Request(
            base + "/api/tarneeb/tables",
            json.dumps(body).encode(),
            {"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            tables.append(json.loads(answer.read()))
    return tables


async def _open(base: str, table: dict, place: str):
    address = base.replace("http://", "ws://") + f"/ws/tables/{table['id']}/"
    for attempt in range(5):
        try:
            socket = await connect(address, origin=base, proxy=None, open_timeout=60)
            break
        except (OSError, InvalidStatus, TimeoutError):
            if attempt == 4:
                raise
            await asyncio.sleep(0.5)
    hello = {"type": "hello", "lang": "en", "ply": None, "key": table["keys"][place]}
    await socket.send(json.dumps(hello))
    while json.loads(await asyncio.wait_for(socket.recv(), 60))["type"] != "state":
        pass
    return socket


async def _drain(socket) -> None:
    try:
        while True:
            await asyncio.wait_for(socket.recv(), 30)
    except (ConnectionClosed, TimeoutError):
        pass


async def one_round(base: str, tables: list[dict], mode: str) -> int:
    """Open every place's socket, then end them all in ``mode``; the sockets opened."""
    sockets = await asyncio.gather(*(_open(base, t, p) for t in tables for p in PLACES))
    if mode == "flood":

        async def flood(socket):
            try:
                for _ in range(90):  # past the 60 a socket may send in 10 s, and past its close
                    await socket.send('{"type": "next"}')
            except ConnectionClosed:
                pass
            await _drain(socket)

        await asyncio.gather(*(flood(s) for s in sockets))
    else:
        norths = sockets[:: len(PLACES)]
        await asyncio.gather(
            *(n.send(json.dumps({"type": "phrase", "code": "thanks"})) for n in norths)
        )
        if mode == "crash":
            for socket in sockets:
                socket.transport.abort()
        else:
            await asyncio.gather(*(s.close() for s in sockets))
    for socket in sockets:
        if socket.transport is not None:
            socket.transport.abort()
    return len(sockets)


def run(coroutine):
    """``asyncio.run`` in a thread of its own: the test's thread may already run a loop
    (Playwright's, when a browser test ran first in the same worker)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def left(db: Path, seconds: float = 12) -> dict:
    """What the sockets left in the database: rows, and the people's seats shown "here"
    (a seat with a socket row said alive within ``seconds``)."""
    with sqlite3.connect(db, timeout=30) as connection:
        rows = connection.execute("SELECT COUNT(*) FROM tables_socket").fetchone()[0]
        here = connection.execute(
            "SELECT COUNT(DISTINCT p.id) FROM tables_place p JOIN tables_socket s "
            "ON s.place_id = p.id WHERE p.role = 'seat' AND s.beat >= ?",
            (time.time() - seconds,),
        ).fetchone()[0]
    return {"rows": rows, "here": here}


def subscriptions(redis_url: str) -> dict:
    """Redis's publish-and-subscribe channels of the site's layer, and clients subscribed."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        channels = [c.decode() for c in client.pubsub_channels("diwaniya:ws*")]
        subscribed = [c for c in client.client_list() if int(c.get("sub", 0)) > 0]
        return {"channels": channels, "subscribed_clients": len(subscribed)}
    finally:
        client.close()


def rss(pids) -> dict[int, int]:
    """Each process's resident memory, in KiB."""
    out = {}
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                out[pid] = int(line.split()[1])
    return out


def settle(read, want, timeout: float = 60, every: float = 0.2):
    """``read()`` once it is ``want``, or its last value after ``timeout`` seconds: the
    server's clean-up runs after the clients have gone."""
    ends = time.monotonic() + timeout
    while True:
        value = read()
        if value == want or time.monotonic() > ends:
            return value
        time.sleep(every)
