"""The site as ``make serve`` runs it (gunicorn, two uvicorn workers, Redis), fuzzed where
an in-process client cannot reach (issue 44): every URL pattern sent JSON with lone
surrogates, JSON nested thousands deep, a body announced at 300 MiB and never sent, and a
body shorter than its Content-Length; and the live table's socket sent frames with lone
surrogates, deep nesting, huge, binary, unreadable, early, repeated and flooding. No answer
is a server error, a huge body is refused at once, a short one within its timeout (and the
workers keep answering meanwhile), every socket frame refused gets its ``error`` frame, and
the log holds no traceback. ``make fuzz`` runs it with ``make test``'s other fuzzing."""

import concurrent.futures
import contextlib
import json
import os
import random
import re
import shutil
import socket
import sqlite3
import time
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests import fuzz, servers
from tests.waiting import WAIT, until

pytestmark = pytest.mark.served

BODY_SECONDS = 1
SEED = int(os.environ.get("FUZZ_SEED", "20261202"))
LONE = '{"variant": "\\ud800", "move": "\\udfff", "name": "a\\udc00", "seats": {"N": "\\ud83d"}}'
DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture(scope="module")
def served_with_redis(tmp_path_factory):
    """The site under gunicorn, two workers sharing Redis, a short wait for a body."""
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (.ci/run installs it)")
    home = tmp_path_factory.mktemp("served-fuzz")
    with servers.redis_server() as redis_url:
        env = servers.site_env(f"sqlite:///{home / 'db.sqlite3'}")
        env.update(REDIS_URL=redis_url, DIWANIYA_BODY_SECONDS=str(BODY_SECONDS))
        servers.prepare(env, "loadrulebook")
        with servers.gunicorn(env, workers=2, log_dir=home) as base:
            yield base, home / "gunicorn.log"


def raw(base: str, request: bytes, timeout: float = 30) -> tuple[int, float]:
    """Send ``request`` as it is; the answer's status and the seconds it took."""
    host, port = base.removeprefix("http://").split(":")
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=timeout) as conn:
        conn.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            chunk = conn.recv(4096)
            if not chunk:
                break
            answer += chunk
    status = re.match(rb"HTTP/1\.1 (\d{3})", answer)
    return (int(status[1]) if status else 0), time.monotonic() - started


def request(method: str, path: str, body: bytes, headers: dict) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def api_json(base, path, body, key=None):
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    req = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(req, timeout=60) as answer:
        return json.loads(answer.read())


def routes(base: str) -> tuple[list[str], str]:
    """Every URL pattern as a path (real values where a hole has one), and a table's key."""
    seats = {"N": "person", "E": "computer:club", "S": "person", "W": "computer:club"}
    table = api_json(base, "/api/tarneeb/tables", {"variant": "classic", "seats": seats})
    practice = api_json(base, "/api/tarneeb/practice", {"variant": "classic"})
    known = {
        "lang": ["en", "ar", "fr"],
        "game": ["tarneeb", "hearts"],
        "variant": ["classic", "pagat"],
        "public_id": [table["id"], practice["id"]],
        "key": [table["keys"]["S"]],
        "token": [practice["token"]],
    }
    fuzzer = fuzz.Fuzzer(SEED, known)
    paths = [fuzzer.url(route, converters) for route, converters in fuzz.patterns()]
    return paths, table["keys"]["N"]


def test_every_route_takes_hostile_huge_and_short_bodies_with_no_server_error(served_with_redis):
    base, log = served_with_redis
    paths, key = routes(base)
    assert len(paths) > 100
    statuses = {}
    for path in paths:
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {key}"}
        for body in (LONE.encode(), DEEP.encode(), b"name=%ED%A0%80&text=%ED%B0%80"):
            kind = "form" if body.startswith(b"name=") else "json"
            if kind == "form":
                headers = {"Content-Type": "application/x-www-form-urlencoded"}
            headers["Content-Length"] = str(len(body))
            status, _ = raw(base, request("POST", path, body, headers))
            assert 0 < status < 500, (path, body[:30], status)
            statuses[status] = statuses.get(status, 0) + 1
        # announced at 300 MiB and never sent: refused at once, nothing read
        huge = {"Content-Type": "application/json", "Content-Length": str(300 * 2**20)}
        status, took = raw(base, request("POST", path, b"{", huge))
        assert status in (400, 403, 404, 405, 413), (path, status)
        assert took < 10, (path, took)
    # bodies shorter than their length, all at once: each refused in time (408), and the
    # workers answer other requests meanwhile
    short = {"Content-Type": "application/json", "Content-Length": "1000"}
    with concurrent.futures.ThreadPoolExecutor(64) as pool:
        waiting = [pool.submit(raw, base, request("POST", p, b'{"a": 1', short)) for p in paths]
        time.sleep(0.2)
        status, took = raw(base, request("GET", "/en/", b"", {}))
        assert status == 200 and took < BODY_SECONDS * 5
        answers = [w.result() for w in waiting]
    assert {status for status, _ in answers} == {408}, answers[:5]
    assert max(took for _, took in answers) < BODY_SECONDS * 10
    print(f"\nserved fuzz: {len(paths)} routes, statuses {dict(sorted(statuses.items()))}")
    text = log.read_text()
    assert "Traceback" not in text and "Exception in ASGI" not in text, text[-3000:]
    assert not re.search(r'" 5\d\d ', text), [line for line in text.splitlines() if '" 5' in line]


HOSTILE_FRAMES = [
    '{"type": "hello", "lang": "\\ud800", "ply": null}',
    '{"type": "move", "ply": 0, "move": "\\ud800"}',
    '{"type": "move", "ply": 0, "move": "2C\\udfff"}',
    '{"type": "hint", "card": "\\udc00", "text": "\\ud800"}',
    '{"type": "hint", "card": null, "text": "a\\ud83d"}',
    '{"type": "phrase", "code": "\\ud800"}',
    '{"\\ud800": "move"}',
    "[" * 1020 + "]" * 1020,
    '{"type": "move", "ply": ' + "[" * 500 + "]" * 500 + "}",
    '{"type": "move", "ply": 1e999999, "move": "2C"}',
    '{"type": "move", "ply": ' + "9" * 5000 + ', "move": "2C"}',
    '{"type": "move", "ply": NaN, "move": "2C"}',
    '{"type": "move", "ply": 0, "move": "' + "A" * 100_000 + '"}',
    "not json",
    "",
    "null",
    '"\\ud800"',
    '{"type": "hello", "lang": "en", "ply": null}',
    '{"type": "next"}',
    '{"type": "ask"}',
]


def test_hostile_frames_get_error_frames_and_no_traceback(served_with_redis):
    base, log = served_with_redis
    seats = {"N": "person", "E": "computer:club", "S": "person", "W": "computer:club"}
    table = api_json(base, "/api/hearts/tables", {"variant": "pagat", "seats": seats, "coach": "S"})
    address = base.replace("http://", "ws://") + f"/ws/tables/{table['id']}/"
    rng = random.Random(SEED)
    errors = 0
    for place in ("N", "coach", "watch"):
        frames = list(HOSTILE_FRAMES)
        rng.shuffle(frames)
        # each socket sent fewer frames than the flood limit (SLOW in WINDOW): every frame is
        # judged on its own, with no pause between them
        for part in (frames[: len(frames) // 2], frames[len(frames) // 2 :]):
            with connect(address, origin=base, proxy=None, max_size=None) as ws:
                ws.send("{}")  # before hello
                assert json.loads(ws.recv(timeout=WAIT))["code"] in ("bad_frame", "say_hello")
                hello = {"type": "hello", "lang": "ar", "ply": None, "key": table["keys"][place]}
                ws.send(json.dumps(hello))
                assert json.loads(ws.recv(timeout=WAIT))["type"] == "state"
                for frame in part:
                    ws.send(frame)
                    while True:  # its answer: an error, or what a valid frame is sent
                        got = json.loads(ws.recv(timeout=WAIT))
                        if got["type"] == "error":
                            errors += 1
                            assert got["code"] and got["message"]
                            assert got["code"] != "too_many"
                            break
                        if got["type"] in ("state", "move", "hint", "ask"):
                            break
                ws.send(b"\x00\xff binary")
                got = json.loads(ws.recv(timeout=WAIT))
                while got["type"] != "error":  # a table's news may come first (presence...)
                    got = json.loads(ws.recv(timeout=WAIT))
                assert got["code"] == "bad_frame"
    assert errors >= len(HOSTILE_FRAMES) * 3 - 6
    # a flood: closed once (4429), and the socket's end cleans up
    with connect(address, origin=base, proxy=None) as ws:
        ws.send(json.dumps({"type": "hello", "lang": "en", "ply": None, "key": table["keys"]["S"]}))
        ws.recv(timeout=WAIT)
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(500):
                ws.send('{"type": "next"}')
            while True:
                ws.recv(timeout=WAIT)
        assert closed.value.rcvd.code == 4429

    def sockets_left() -> int:
        with contextlib.closing(sqlite3.connect(log.parent / "db.sqlite3", timeout=WAIT)) as db:
            return db.execute("SELECT count(*) FROM tables_socket").fetchone()[0]

    until(lambda: sockets_left() == 0, "every socket's end removed its row")
    text = log.read_text()
    assert "Traceback" not in text and "Exception in ASGI" not in text, text[-3000:]
    assert "RuntimeError" not in text
