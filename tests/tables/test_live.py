"""The live table over its WebSocket (tables.md, "Live protocol"), through the site's own ASGI
application (origin check, sessions, routing): whole Hearts and Tarneeb deals played by two
people with two computer players while a coach and a watcher look on, each frame searched for
cards its holder may not see; a client coming back gets exactly the moves it missed; refused
frames change nothing; a flooding client is slowed, then dropped; a foreign origin is refused."""

import json
import random

import pytest
from asgiref.sync import async_to_sync
from channels.testing.websocket import WebsocketCommunicator
from django.test import Client

from diwaniya.asgi import application
from practice.match import WATCHER
from tables import consumers, service
from tables.models import Table

from .helpers import SEATS_2P, cards_named, pick, secret_cards

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


def make_table(game: str, variant: str, **extra) -> dict:
    body = {"variant": variant, "seats": SEATS_2P, **extra}
    answer = Client().post(f"/api/{game}/tables", json.dumps(body), content_type="application/json")
    assert answer.status_code == 201, answer.content
    return answer.json()


def played(table_id: str):
    match, deals = service.read(Table.objects.get(public_id=table_id))
    return match.replay(deals)


class Socket:
    """One client: its frames, in order, and the moves it has applied."""

    def __init__(self, table_id: str, name: str, headers=ORIGIN):
        self.name = name
        self.viewer = WATCHER if name == "watch" else "NESW".index("S" if name == "coach" else name)
        self.io = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
        self.frames: list[dict] = []
        self.ply = None

    async def open(self, key=None, ply=None, lang="en"):
        connected, _ = await self.io.connect()
        assert connected
        hello = {"type": "hello", "lang": lang, "ply": ply}
        self.ply = ply
        if key:
            hello["key"] = key
        await self.io.send_json_to(hello)
        return self.take(await self.io.receive_json_from(timeout=5))  # a state, or an error

    def take(self, frame: dict) -> dict:
        if frame["type"] == "move":
            assert self.ply is not None and frame["ply"] == self.ply + 1, (self.name, frame)
            self.ply = frame["ply"]
        elif frame["type"] == "state":
            self.ply = frame["ply"]
        self.frames.append(frame)
        return frame

    async def drain(self, ply=None) -> list[dict]:
        """Every frame sent to this client until it has ``ply`` moves (when given), then
        until it falls quiet."""
        got = []
        while ply is not None and self.ply != ply:
            got.append(self.take(await self.io.receive_json_from(timeout=5)))
        while not await self.io.receive_nothing(timeout=0.02):
            got.append(self.take(await self.io.receive_json_from()))
        return got


def check_secrets(sockets, table_id, got):
    """No frame holds a card its holder may not see now (they describe the table now)."""
    now = played(table_id)
    for socket, frames in zip(sockets, got, strict=True):
        secret = secret_cards(now, socket.viewer)
        leaked = cards_named(frames) & secret
        assert not leaked, (socket.name, leaked)


async def play_a_deal(game, variant, seed):
    data = await database(make_table, game, variant, coach="S")
    table_id, keys = data["id"], data["keys"]
    sockets = [Socket(table_id, name) for name in ("N", "S", "coach", "watch")]
    for socket in sockets:
        await socket.open(keys[socket.name])
    for socket in sockets:
        await socket.drain()
        assert socket.frames[0]["type"] == "state"
        assert socket.frames[0]["you"] == {"coach": "coach:S", "watch": "watcher"}.get(
            socket.name, socket.name
        )
    rng = random.Random(seed)
    by_name = {s.name: s for s in sockets}
    moves = 0
    while True:
        now = await database(played, table_id)
        if now.deal_over:
            break
        seat = "NESW"[now.state.to_act]
        await by_name[seat].io.send_json_to(
            {"type": "move", "ply": now.ply, "move": pick(now, rng)}
        )
        mover = by_name[seat]
        got = {seat: []}
        while mover.ply == now.ply:  # its own move comes back with the replies after it
            got[seat].append(mover.take(await mover.io.receive_json_from(timeout=5)))
        now = await database(played, table_id)
        got = [got.get(s.name, []) + await s.drain(now.ply) for s in sockets]
        await database(check_secrets, sockets, table_id, got)
        moves += 1
    final = await database(played, table_id)
    for socket in sockets:
        assert socket.ply == final.ply  # every move, each once, in order
        assert socket.frames[-1]["type"] == "state"
        assert socket.frames[-1]["match"]["seed"]  # revealed once the deal is over
        assert {"move", "state", "presence"} >= {f["type"] for f in socket.frames}
        await socket.io.disconnect()
    # the positive control: the detector does find each seat's own hand in its first state
    first = by_name["N"].frames[0]
    assert len(cards_named(first["match"]["position"]["hands"])) == 13
    start = await database(secret_cards_at_start, table_id)
    assert cards_named(first["match"]["position"]["hands"]) == start
    return moves


def secret_cards_at_start(table_id):
    from cardgames import cards, shuffle

    match = Table.objects.get(public_id=table_id).match
    seed = match.deals.get(number=1).seed
    hands = shuffle.deal(seed, played(table_id).module.PACK)
    return {cards.card_code(c) for c in cards.cards_in(hands[0])}


def database(function, *args, **kwargs):
    from channels.db import database_sync_to_async

    return database_sync_to_async(function)(*args, **kwargs)


@pytest.mark.parametrize("game, variant", [("hearts", "pagat"), ("tarneeb", "classic")])
def test_a_whole_deal_over_the_socket_shows_each_holder_only_its_own(game, variant):
    moves = async_to_sync(play_a_deal)(game, variant, 7)
    assert moves > 10


def make_moves(table_id: str, count: int, rng) -> int:
    """``count`` people's moves made while a client is away (from the API, another tab)."""
    table = Table.objects.get(public_id=table_id)
    for _ in range(count):
        now = played(table_id)
        place = table.places.get(role="seat", seat=now.state.to_act)
        service.move(table, place, [pick(now, rng)], now.ply)
    return count


def test_a_client_coming_back_gets_exactly_the_moves_it_missed():
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        north = Socket(table_id, "N")
        await north.open(keys["N"])
        await north.drain()
        left_at = north.ply
        await north.io.disconnect()
        made = await database(make_moves, table_id, 6, random.Random(2))
        now = await database(played, table_id)
        assert now.ply > left_at
        back = Socket(table_id, "N")
        await back.open(keys["N"], ply=left_at)
        await back.drain(now.ply)
        frames = back.frames
        missed = [f for f in frames if f["type"] == "move"]
        assert [f["ply"] for f in missed] == list(range(left_at + 1, now.ply + 1))
        assert [f["by"] for f in missed].count("person") == made
        assert frames[len(missed)]["type"] == "state"  # then the state, as it was behind
        await back.io.disconnect()

    async_to_sync(scenario)()


def test_a_session_that_took_a_seat_needs_no_key_and_others_get_404():
    data = make_table("tarneeb", "classic")
    table_id = data["id"]
    browser = Client()
    join = f"/en/tables/{table_id}/join/{data['keys']['S']}/"
    assert browser.get(join).status_code == 200
    assert not Table.objects.get(public_id=table_id).places.filter(session_key__gt="").exists()
    taken = browser.post(join)
    assert taken.status_code == 303 and data["keys"]["S"] not in taken["Location"]
    assert browser.get(f"/en/tables/{table_id}/").status_code == 200
    assert Client().get(f"/en/tables/{table_id}/").status_code == 404
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()

    async def scenario():
        mine = Socket(table_id, "S", headers=[*ORIGIN, (b"cookie", cookie)])
        first = await mine.open()
        assert first["type"] == "state" and first["you"] == "S"
        stranger = Socket(table_id, "S")
        frame = await stranger.open(key="not-a-key")
        assert frame["type"] == "error" and frame["code"] == "not_found"
        assert (await stranger.io.receive_output())["type"] == "websocket.close"
        await mine.io.disconnect()

    async_to_sync(scenario)()


@pytest.mark.parametrize(
    "frame, code",
    [
        ("not json", "bad_frame"),
        ("[1, 2]", "bad_frame"),
        (json.dumps({"type": "move", "ply": 0, "move": "x" * 3000}), "frame_too_large"),
        (json.dumps({"type": "move", "ply": "zero", "move": "2C"}), "bad_ply"),
        (json.dumps({"type": "move", "ply": 99, "move": "2C"}), "stale_ply"),
        (json.dumps({"type": "move", "ply": 0, "move": "ZZ"}), "bad_card"),
        (json.dumps({"type": "move", "ply": 0, "move": ""}), "bad_move"),
        (json.dumps({"type": "hello", "lang": "en", "ply": None}), "bad_frame"),
        (json.dumps({"type": "shout"}), "bad_frame"),
    ],
)
def test_refused_frames_get_an_error_and_change_nothing(frame, code):
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        before = await database(played, table_id)
        seat = "NESW"[before.state.to_act]
        socket = Socket(table_id, seat)
        await socket.open(keys[seat], lang="fr")
        await socket.drain()
        await socket.io.send_to(text_data=frame.replace('"ply": 0', f'"ply": {before.ply}'))
        got = await socket.drain()
        errors = [f for f in got if f["type"] == "error"]
        assert [e["code"] for e in errors] == [code]
        assert errors[0]["message"]  # in the client's language
        after = await database(played, table_id)
        assert after.record.moves == before.record.moves
        await socket.io.disconnect()

    async_to_sync(scenario)()


def test_a_frame_before_hello_and_a_replayed_move_are_refused():
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        now = await database(played, table_id)
        seat = "NESW"[now.state.to_act]
        socket = Socket(table_id, seat)
        connected, _ = await socket.io.connect()
        move = {"type": "move", "ply": now.ply, "move": pick(now, random.Random(1))}
        await socket.io.send_json_to(move)
        assert (await socket.io.receive_json_from())["code"] == "say_hello"
        await socket.io.send_json_to(
            {"type": "hello", "lang": "en", "ply": None, "key": keys[seat]}
        )
        socket.ply = None
        await socket.drain()
        await socket.io.send_json_to(move)
        await socket.drain()
        after = await database(played, table_id)
        assert after.ply > now.ply
        await socket.io.send_json_to(move)  # the same frame again
        got = await socket.drain()
        assert [f["code"] for f in got if f["type"] == "error"] in (
            ["stale_ply"],
            ["not_your_turn"],
        )
        assert (await database(played, table_id)).record.moves == after.record.moves
        await socket.io.disconnect()

    async_to_sync(scenario)()


def test_a_flooding_client_is_slowed_then_dropped_once():
    data = make_table("hearts", "pagat")

    async def scenario():
        socket = Socket(data["id"], "watch")
        await socket.open(data["keys"]["watch"])
        await socket.drain()
        for _ in range(consumers.SLOW):
            await socket.io.send_json_to({"type": "next"})
        await socket.drain()
        await socket.io.send_json_to({"type": "next"})
        got = await socket.drain()
        assert [f["code"] for f in got] == ["too_many"]
        for _ in range(consumers.DROP - consumers.SLOW + 40):  # and more after the close
            await socket.io.send_json_to({"type": "next"})
        outputs = []
        while not await socket.io.receive_nothing(timeout=0.2):
            outputs.append(await socket.io.receive_output())
        closes = [o["code"] for o in outputs if o["type"] == "websocket.close"]
        assert closes == [consumers.CLOSE_FLOOD]  # closed once, then nothing more sent
        assert outputs[-1]["type"] == "websocket.close"
        await socket.io.send_input({"type": "websocket.disconnect", "code": 4429})
        await socket.io.wait(timeout=5)  # the consumer ended, with no error
        assert socket.io.future.exception() is None

    async_to_sync(scenario)()


def test_a_socket_from_another_origin_is_refused():
    data = make_table("hearts", "pagat")

    async def scenario():
        headers = [(b"origin", b"https://evil.example"), (b"host", b"testserver")]
        io = WebsocketCommunicator(application, f"/ws/tables/{data['id']}/", headers=headers)
        connected, _ = await io.connect()
        assert not connected
        ours = WebsocketCommunicator(application, f"/ws/tables/{data['id']}/", headers=ORIGIN)
        assert (await ours.connect())[0]  # the positive control
        await ours.disconnect()

    async_to_sync(scenario)()


def test_two_moves_at_once_one_applies_the_other_is_stale():
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        now = await database(played, table_id)
        seat = "NESW"[now.state.to_act]
        tabs = [Socket(table_id, seat), Socket(table_id, seat)]
        for tab in tabs:
            await tab.open(keys[seat])
            await tab.drain()
        legal = now.state.legal_moves()
        moves = [now.module.format_move(m) for m in legal[:2]]
        for tab, move in zip(tabs, moves, strict=True):
            await tab.io.send_json_to({"type": "move", "ply": now.ply, "move": move})
        errors = []
        for tab in tabs:
            frames = await tab.drain(now.ply + 1) if tab.ply == now.ply else await tab.drain()
            errors += [f["code"] for f in frames if f["type"] == "error"]
        assert errors == ["stale_ply"]
        after = await database(played, table_id)
        assert after.record.moves[now.ply] in moves
        assert after.actors.count(now.state.to_act) == 1
        for tab in tabs:
            await tab.io.disconnect()

    async_to_sync(scenario)()


def test_the_channel_layer_carries_only_that_the_table_changed(monkeypatch):
    """What crosses processes is "changed", never a card: every group message is captured."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    sent = []
    original = layer.group_send

    async def capture(group, message):
        sent.append(message)
        await original(group, message)

    monkeypatch.setattr(layer, "group_send", capture)
    async_to_sync(play_a_deal)("hearts", "pagat", 3)
    assert sent and all(set(m) == {"type", "what", "id"} for m in sent)
    assert len({m["id"] for m in sent}) == len(sent)  # one read a process, for one change
    assert {m["what"] for m in sent} == {"moves", "presence"}
    assert not cards_named(sent)


def test_the_sockets_of_one_process_read_a_change_once_between_them(monkeypatch):
    """Four sockets (two seats, the coach, a watcher) told of one move: the table is read
    once for them all, and each is still sent the move in its own view."""
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]
    reads = []
    original = consumers.read_table

    def counted(table_pk):
        reads.append(table_pk)
        return original(table_pk)

    monkeypatch.setattr(consumers, "read_table", counted)

    async def scenario():
        sockets = [Socket(table_id, name) for name in ("N", "S", "coach", "watch")]
        for socket in sockets:
            await socket.open(keys[socket.name])
            await socket.drain()
        now = await database(played, table_id)
        seat = "NESW"[now.state.to_act]
        assert seat in "NS"  # hearts' first move is a pass, a person's
        await sockets["NS".index(seat)].io.send_json_to(
            {"type": "move", "ply": now.ply, "move": pick(now, random.Random(3))}
        )
        got = [await s.drain(now.ply + 1) for s in sockets]
        for socket, frames in zip(sockets, got, strict=True):
            move = next(f for f in frames if f["type"] == "move" and f["ply"] == now.ply + 1)
            hidden = socket.name not in (seat, "coach") or (seat == "N" and socket.name != "N")
            assert move["move"].endswith("?") == hidden, (socket.name, move)
        for socket in sockets:
            await socket.io.disconnect()

    async_to_sync(scenario)()
    assert len(reads) == 1


def _reissued_quietly(table_id: str, seat: int) -> None:
    """A seat's invitation reissued, its "places" message lost on the way."""
    from tables.models import Place, digest, new_key

    Place.objects.filter(table__public_id=table_id, role=Place.SEAT, seat=seat).update(
        key_digest=digest(new_key()[0])
    )


def test_a_reissued_seat_s_socket_is_sent_no_further_move_even_if_the_news_is_lost():
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        north, south = Socket(table_id, "N"), Socket(table_id, "S")
        for socket in (north, south):
            await socket.open(keys[socket.name])
            await socket.drain()
        await database(_reissued_quietly, table_id, 0)
        now = await database(played, table_id)
        mover = south if now.state.to_act == 2 else north
        if mover is north:  # North's key no longer opens its seat: make the move elsewhere
            await database(make_moves, table_id, 1, random.Random(5))
            from tables import live

            await live.announce(table_id)
        else:
            await south.io.send_json_to(
                {"type": "move", "ply": now.ply, "move": pick(now, random.Random(5))}
            )
        frames = []
        while not await north.io.receive_nothing(timeout=0.5):
            message = await north.io.receive_output(timeout=1)
            if message["type"] == "websocket.close":
                frames.append({"type": "close", "code": message["code"]})
                break
            frames.append(north.take(json.loads(message["text"])))
        frames = [f for f in frames if f["type"] != "presence"]  # who is here: no card
        assert [f["type"] for f in frames] == ["error", "close"], frames  # no move, no hand
        assert frames[0]["code"] == "not_found" and frames[1]["code"] == consumers.CLOSE_NOT_FOUND
        await south.io.disconnect()

    async_to_sync(scenario)()
