"""Live tables under load: a move's time from one client's send to the other three clients'
receipt, against a round trip to a trivial WebSocket echo consumer on the same server, under
the same load, in the same run.

The site runs as ``make serve`` runs it (gunicorn, WORKERS uvicorn workers, one Redis for the
channel layer, a fresh SQLite database) with one extra route, the echo
(``bench/site_asgi.py``). For each count in LIVE_TABLES, that many tables of four programs
(``tests/live_players.py``'s protocol, asyncio clients) play Tarneeb at once, each table
making one move every PERIOD seconds, for LIVE_SECONDS; meanwhile ECHOES sockets each send the
echo a frame every PERIOD seconds. Figures: the move's time until the last of the other three has it
(median, p99) and the echo's round trip (median, p99), and the errors (error frames,
timeouts). Target: p99 at 200 tables at most 3 times the echo's, on 2 cores, no error.

The clients learn their legal moves as a program at a table would, from what the socket told
them and nothing else: the harness holds all four places, so the four hands of the hellos'
states make the deal, and the engine, fed each move frame, says what may be played next. (It
asked the API before each move once, which loaded the server with requests no socket client
makes.)
"""

import asyncio
import json
import random
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

from cardgames import cards
from cardgames.positions import open_position
from cardgames.trickbid import tarneeb
from tests import live_players, servers

LIVE_TABLES = (1, 50, 200)
LIVE_SECONDS = 20  # of moves at each count
PERIOD = 2.0  # seconds between a table's moves, and between an echo socket's frames
ECHOES = 10
WORKERS = 2
TIMEOUT = 10


def _create(base: str) -> dict:
    body = json.dumps({"variant": "classic", "seats": live_players.ALL_PEOPLE}).encode()
    octets = ".".join(str(random.randrange(1, 255)) for _ in range(3))
    request = urllib.request.Request(
        base + "/api/tarneeb/tables",
        body,
        {"Content-Type": "application/json", "X-Forwarded-For": f"10.{octets}"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


class Table:
    def __init__(self, base: str, data: dict):
        self.base, self.data = base, data
        self.sockets, self.ply, self.arrived = {}, {}, {}
        self.waiting = None  # (ply, event) the mover waits on
        self.hands = {}  # each seat's hand, from its hello's state
        self.dealer = None
        self.state = None  # the engine's deal, once the four hands are known
        self.moves = []  # the deal's move tokens, as North's socket was told them

    async def open(self):
        address = self.base.replace("http://", "ws://") + f"/ws/tables/{self.data['id']}/"
        for seat in "NESW":
            socket = await connect(address, origin=self.base, open_timeout=60)
            hello = {"type": "hello", "lang": "en", "ply": None, "key": self.data["keys"][seat]}
            await socket.send(json.dumps(hello))
            self.sockets[seat] = socket
            self.ply[seat] = 0

    async def read(self, seat: str, errors: list):
        async for text in self.sockets[seat]:
            frame = json.loads(text)
            if frame["type"] == "move":
                if seat == "N":
                    self.moves.append(frame["move"])
                    if self.state is not None:
                        self.state.push(self.state.parse_move(frame["move"]))
                self.ply[seat] = frame["ply"]
                self.arrived.setdefault(frame["ply"], {})[seat] = time.perf_counter()
                if self.waiting and self.waiting[0] == frame["ply"]:
                    if len(self.arrived[frame["ply"]]) == 4:
                        self.waiting[1].set()
            elif frame["type"] == "state":
                self.ply[seat] = frame["ply"]
                position = frame["match"]["position"]
                if frame["ply"] == 0 and not position["is_over"]:
                    self.hands[seat] = cards.parse_hand(position["hands"][seat])
                    self.dealer = position["dealer"]
            elif frame["type"] == "error":
                errors.append(frame["code"])

    async def play(self, until: float, latencies: list, errors: list):
        await asyncio.sleep(random.uniform(0, PERIOD))
        deal = [self.hands[s] for s in "NESW"]
        self.state = open_position(
            tarneeb,
            {"variant": "classic", "dealer": self.dealer, "deal": cards.format_deal(deal)},
        ).state
        while time.perf_counter() < until:
            started = time.perf_counter()
            if self.state.is_over:
                return
            seat = "NESW"[self.state.to_act]
            legal = sorted(tarneeb.format_move(m) for m in self.state.legal_moves())
            token = live_players.choose({"position": {"legal": legal}, "history": self.moves})
            ply = len(self.moves)
            event = asyncio.Event()
            self.waiting = (ply + 1, event)
            sent = time.perf_counter()
            await self.sockets[seat].send(json.dumps({"type": "move", "ply": ply, "move": token}))
            try:
                await asyncio.wait_for(event.wait(), TIMEOUT)
            except TimeoutError:
                errors.append("timeout")
            else:
                others = [t for s, t in self.arrived[ply + 1].items() if s != seat]
                latencies.append(max(others) - sent)
            await asyncio.sleep(max(0.0, PERIOD - (time.perf_counter() - started)))

    async def close(self):
        for socket in self.sockets.values():
            await socket.close()


async def _echo(base: str, until: float, rtts: list, errors: list):
    address = base.replace("http://", "ws://") + "/ws/bench/echo/"
    async with connect(address, origin=base, open_timeout=60) as socket:
        await asyncio.sleep(random.uniform(0, PERIOD))
        while time.perf_counter() < until:
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "ping", "at": sent}))
            try:
                await asyncio.wait_for(socket.recv(), TIMEOUT)
            except TimeoutError:
                errors.append("echo timeout")
            else:
                rtts.append(time.perf_counter() - sent)
            await asyncio.sleep(max(0.0, PERIOD - (time.perf_counter() - sent)))


async def _load(base: str, datas: list[dict]) -> tuple[list, list, list]:
    tables = [Table(base, data) for data in datas]
    for start in range(0, len(tables), 25):  # opened 25 tables (100 sockets) at a time
        await asyncio.gather(*(t.open() for t in tables[start : start + 25]))
    errors, latencies, rtts = [], [], []
    readers = [asyncio.create_task(t.read(seat, errors)) for t in tables for seat in "NESW"]
    await asyncio.sleep(1)  # the hellos' states
    until = time.perf_counter() + LIVE_SECONDS
    await asyncio.gather(
        *(t.play(until, latencies, errors) for t in tables),
        *(_echo(base, until, rtts, errors) for _ in range(ECHOES)),
    )
    for t in tables:
        await t.close()
    for reader in readers:
        reader.cancel()
    return latencies, rtts, errors


def run() -> list[tuple[str, float, float]]:
    out = []
    home = Path(tempfile.mkdtemp(prefix="diwaniya-bench-live-"))
    with servers.redis_server() as redis_url:
        env = servers.site_env(f"sqlite:///{home / 'db.sqlite3'}")
        env["REDIS_URL"] = redis_url
        servers.prepare(env)
        site = servers.Killable(env, home, app="bench.site_asgi:application", workers=WORKERS)
        site.start()
        try:
            for count in LIVE_TABLES:
                datas = [_create(site.url) for _ in range(count)]
                latencies, rtts, errors = asyncio.run(_load(site.url, datas))
                assert latencies and rtts, (count, errors)
                print(
                    f"bench_live {count:4} tables: {len(latencies)} moves, move to the other "
                    f"three median {statistics.median(latencies) * 1000:.1f} ms p99 "
                    f"{_p99(latencies) * 1000:.1f} ms; echo median "
                    f"{statistics.median(rtts) * 1000:.1f} ms p99 {_p99(rtts) * 1000:.1f} ms; "
                    f"errors {len(errors)} {sorted(set(errors))}"
                )
                out.append(
                    (
                        f"move to three, median, {count} tables",
                        statistics.median(latencies),
                        statistics.median(rtts),
                    )
                )
                out.append((f"move to three, p99, {count} tables", _p99(latencies), _p99(rtts)))
        finally:
            site.stop()
    return out
