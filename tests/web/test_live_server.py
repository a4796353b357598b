"""The live table under the production server (``make serve``: gunicorn with uvicorn's ASGI
workers): pages and WebSocket from one process, a move by one client reaching the other, the
origin checked on the handshake, and no invitation key in the access log."""

import json
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests import servers

SEATS = {"N": "person", "E": "computer:club", "S": "person", "W": "computer:club"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    home = tmp_path_factory.mktemp("served")
    env = servers.site_env(f"sqlite:///{home / 'db.sqlite3'}")
    servers.prepare(env)
    with servers.gunicorn(env, workers=1, log_dir=home) as base:
        yield base, home / "gunicorn.log"


def _create(base: str) -> dict:
    body = json.dumps({"variant": "classic", "seats": SEATS}).encode()
    request = urllib.request.Request(
        base + "/api/tarneeb/tables", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 201
        return json.loads(answer.read())


def _hello(socket, key):
    socket.send(json.dumps({"type": "hello", "lang": "en", "ply": None, "key": key}))
    frame = json.loads(socket.recv(timeout=10))
    assert frame["type"] == "state"
    return frame


def test_a_move_on_one_socket_reaches_the_other(site):
    base, log = site
    data = _create(base)
    address = base.replace("http://", "ws://") + f"/ws/tables/{data['id']}/"
    origin = base
    with (
        connect(address, origin=origin) as north,
        connect(address, origin=origin) as south,
    ):
        states = {"N": _hello(north, data["keys"]["N"]), "S": _hello(south, data["keys"]["S"])}
        to_act = states["N"]["match"]["position"]["to_act"]
        mover, other = (north, south) if to_act == "N" else (south, north)
        legal = states[to_act]["match"]["position"]["legal"]
        mover.send(json.dumps({"type": "move", "ply": states[to_act]["ply"], "move": legal[0]}))
        while True:
            frame = json.loads(other.recv(timeout=10))
            if frame["type"] == "move":
                assert frame["seat"] == to_act and frame["by"] == "person"
                break
    with pytest.raises(InvalidStatus):
        connect(address, origin="https://evil.example").close()
    # the invitation's key never reaches the log
    urllib.request.urlopen(data["urls"]["S"].replace("http://127.0.0.1:8000", base), timeout=30)
    # nor a lesson's edit key (issue 44), an unknown one answered 404 all the same
    edit_key = "k" * 12 + "Zq9_" * 6
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{base}/en/lessons/nonesuch/edit/{edit_key}/", timeout=30)
    text = log.read_text()
    assert "/join/…/" in text and data["keys"]["S"] not in text
    assert "/lessons/nonesuch/edit/…/" in text and edit_key not in text
