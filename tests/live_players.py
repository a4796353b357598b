"""Programs at a live table, as the spec allows them: each holds a place's key (sent in its
``hello``), a WebSocket to one server, and what it has been told of the deal in play, move
frame by move frame. A program that loses its server connects to another with its last ply
and is sent only what it missed (``tables/consumers.py``). Used by the tests of several
servers under faults and by the live-table benchmark."""

import json
import time
import urllib.error
import urllib.request

from websockets.sync.client import connect

from tests.waiting import WAIT

SEAT_NAMES = "NESW"
ALL_PEOPLE = {seat: "person" for seat in SEAT_NAMES}


def create(base: str, seats: dict | None = None, game: str = "tarneeb") -> dict:
    """A new table through the API: ``id``, ``keys``, ``urls``."""
    body = json.dumps({"variant": "classic", "seats": seats or ALL_PEOPLE}).encode()
    request = urllib.request.Request(
        base + f"/api/{game}/tables", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        assert answer.status == 201
        return json.loads(answer.read())


def show(base: str, table_id: str, key: str) -> dict:
    """The stored match as this key's place sees it (``GET /api/tables/<id>``)."""
    request = urllib.request.Request(
        base + f"/api/tables/{table_id}", headers={"Authorization": f"Bearer {key}"}
    )
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        return json.loads(answer.read())


def choose(match: dict) -> str | None:
    """The move a program makes, or None when its seat may not act: in the auction the
    first bidder bids the cheapest and the others pass (so a contract is played); in play,
    the first legal card."""
    legal = match["position"].get("legal") or []
    tokens = [m if isinstance(m, str) else m["move"] for m in legal]
    if not tokens:
        return None
    if "pass" in tokens:
        bids = [t for t in tokens if t not in ("pass", "double")]
        return bids[0] if bids and not match["history"] else "pass"
    return tokens[0]


class Player:
    def __init__(self, table_id: str, seat: str, key: str):
        self.table_id, self.seat, self.key = table_id, seat, key
        self.ply = self.deal = None
        self.moves: list[str] = []  # the deal in play's moves as this seat was told them
        self.state = None  # the last state frame
        self.errors: list[dict] = []
        self.received: dict[int, float] = {}  # ply -> when its move frame arrived
        self.socket = None
        self.base = None
        self.last_sent = None

    def connect(self, base: str, timeout: float = WAIT) -> None:
        """A socket to ``base`` and a ``hello`` with the ply (and deal) it has."""
        self.close()
        self.base = base
        address = base.replace("http://", "ws://") + f"/ws/tables/{self.table_id}/"
        self.socket = connect(
            address, origin=base, open_timeout=timeout, close_timeout=1
        ).__enter__()  # closed by close()
        hello = {"type": "hello", "lang": "en", "ply": self.ply, "key": self.key}
        if self.deal is not None:
            hello["deal_number"] = self.deal
        self.socket.send(json.dumps(hello))

    def close(self) -> None:
        if self.socket is not None:
            try:
                self.socket.close()
            except Exception:  # noqa: BLE001 - a socket to a killed server
                pass
            self.socket = None

    def send_move(self, token: str) -> None:
        self.last_sent = json.dumps({"type": "move", "ply": self.ply, "move": token})
        self.socket.send(self.last_sent)

    def take(self, frame: dict) -> None:
        kind = frame["type"]
        if kind == "move":
            # each move once and in order: the next ply, never one skipped or repeated
            assert frame["ply"] == len(self.moves) + 1, (self.seat, frame, len(self.moves))
            self.moves.append(frame["move"])
            self.ply = frame["ply"]
            self.received[frame["ply"]] = time.perf_counter()
        elif kind == "state":
            self.state = frame
            self.ply = frame["ply"]
            self.deal = frame["match"]["deal_number"]
            self.moves = [h["move"] for h in frame["match"]["history"]]
        elif kind == "error":
            self.errors.append(frame)

    def read(self, timeout: float) -> dict:
        frame = json.loads(self.socket.recv(timeout=timeout))
        self.take(frame)
        return frame

    def until(self, ply: int, timeout: float = WAIT) -> None:
        """Read frames until this seat has been told of move ``ply``."""
        end = time.monotonic() + timeout
        while (self.ply or 0) < ply:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.seat} has ply {self.ply}, not {ply}")
            self.read(left)

    def settle(self, quiet: float = 0.3) -> None:
        """Read whatever arrives until the socket is quiet for ``quiet`` seconds."""
        while True:
            try:
                self.read(quiet)
            except TimeoutError:
                return

    def look(self) -> dict:
        """The stored match as this seat sees it, through its own server's API."""
        return show(self.base, self.table_id, self.key)


def is_down(error: BaseException) -> bool:
    """Whether ``error`` is what a client meets when its server has gone."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    return isinstance(
        error, ConnectionClosed | InvalidHandshake | OSError | urllib.error.URLError
    ) and not isinstance(error, TimeoutError)
