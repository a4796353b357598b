"""The coach and the host over the WebSocket (tables.md, "Live protocol"): a coach's hint
reaches only the coached seat's connections, a seat's ask only its coach; anyone else sending
them is refused; a reissued invitation closes the old holder's socket; a seat given to a
computer player is shown as such in ``presence``."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from cardgames import cards
from tables import service
from tables.models import Table

from .test_live import Socket, database, make_table, played, told

pytestmark = pytest.mark.django_db(transaction=True)


async def answer(socket) -> dict:
    """The next frame this socket is sent but presence (late news of the others' sockets),
    waiting for it however loaded the machine is."""
    while True:
        frame = socket.take(await socket.io.receive_json_from())
        if frame["type"] != "presence":
            return frame


async def quiet(sockets: dict) -> dict:
    """What each socket was told since, but presence (``told``: up to a phrase to all)."""
    return await told(list(sockets.values()))


def south_cards(table_id) -> tuple[str, str]:
    """A card South holds and one it does not."""
    now = played(table_id)
    held = cards.cards_in(now.state.hands[2])
    other = cards.cards_in(now.state.hands[0])
    return cards.card_code(held[0]), cards.card_code(other[0])


def test_a_hint_reaches_only_the_coached_seat_and_an_ask_only_its_coach():
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        sockets = {name: Socket(table_id, name) for name in ("N", "S", "coach", "watch")}
        for name, socket in sockets.items():
            first = await socket.open(keys[name])
            assert [s["coach"] for s in first["match"]["seats"].values()] == [
                False,
                False,
                True,
                False,
            ]
        held, not_held = await database(south_cards, table_id)
        coach = sockets["coach"]
        await coach.io.send_json_to({"type": "hint", "card": held, "text": "Lead <low>: 2 < 3"})
        await coach.io.send_json_to({"type": "hint", "card": held.lower(), "text": "Keep it"})
        assert (await answer(coach))["code"] == "bad_hint"  # markup is refused
        assert await answer(sockets["S"]) == {"type": "hint", "card": held, "text": "Keep it"}
        got = await quiet(sockets)
        assert got == {"N": [], "S": [], "coach": [], "watch": []}
        for hint, code in (
            ({"card": not_held, "text": "no"}, "bad_hint_card"),
            ({"card": "ZZ", "text": "no"}, "bad_hint_card"),
            ({"card": None, "text": "x" * 281}, "bad_hint"),
            ({"card": None, "text": ""}, "bad_hint"),
            ({"card": None, "text": 5}, "bad_hint"),
        ):
            await coach.io.send_json_to({"type": "hint", **hint})
            assert (await answer(coach))["code"] == code, hint
        await coach.io.send_json_to({"type": "hint", "card": None, "text": "é" * 280})
        assert (await answer(sockets["S"]))["text"] == "é" * 280
        for name in ("N", "S", "watch"):  # only the coach hints
            await sockets[name].io.send_json_to({"type": "hint", "card": None, "text": "hi"})
            assert (await answer(sockets[name]))["code"] == "not_the_coach"
        for name in ("N", "coach", "watch"):  # only the coached seat asks
            await sockets[name].io.send_json_to({"type": "ask"})
            assert (await answer(sockets[name]))["code"] == "not_coached"
        await sockets["S"].io.send_json_to({"type": "ask"})
        assert await answer(coach) == {"type": "ask"}
        got = await quiet(sockets)
        assert got == {"N": [], "S": [], "coach": [], "watch": []}
        for socket in sockets.values():
            await socket.end()

    async_to_sync(scenario)()


def test_the_pages_send_hints_and_asks_and_show_them():
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]
    south, coach = Client(), Client()
    assert south.post(f"/en/tables/{table_id}/join/{keys['S']}/", {"name": "S"}).status_code == 303
    assert coach.post(f"/en/tables/{table_id}/join/{keys['coach']}/").status_code == 303
    base = f"/en/tables/{table_id}"
    assert f'action="{base}/ask/"' in south.get(f"{base}/").content.decode()
    assert f'action="{base}/hint/"' in coach.get(f"{base}/").content.decode()
    assert coach.post(f"{base}/hint/", {"card": "", "text": "<i>x</i>"}).status_code == 400
    assert coach.post(f"{base}/hint/", {"card": "", "text": "Count & wait"}).status_code == 303
    assert "Count &amp; wait" in south.get(f"{base}/").content.decode()
    assert south.post(f"{base}/hint/", {"text": "hi"}).status_code == 403
    assert south.post(f"{base}/ask/").status_code == 303
    assert "South asks for your advice." in coach.get(f"{base}/").content.decode()
    assert coach.post(f"{base}/ask/").status_code == 403


def test_a_reissued_key_closes_its_socket_and_a_given_seat_is_a_computer():
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]

    def host_does(action, which):
        table = Table.objects.get(public_id=table_id)
        host = service.by_key(table_id, keys["N"])
        if action == "reissue":
            service.reissue(table, host, which)
        else:
            service.give(table, host, which, "club")
        from tables import live

        live.changed(table_id, "places")

    async def scenario():
        north, south, coach = (Socket(table_id, n) for n in ("N", "S", "coach"))
        for name, socket in (("N", north), ("S", south), ("coach", coach)):
            await socket.open(keys[name])
        await database(host_does, "reissue", "coach")
        frame = await answer(coach)
        assert frame["type"] == "error" and frame["code"] == "not_found"
        assert (await coach.io.receive_output())["type"] == "websocket.close"
        again = Socket(table_id, "coach")
        assert (await again.open(keys["coach"]))["code"] == "not_found"
        seats = (await north.drain(until="state"))[-1]["match"]["seats"]
        assert seats["S"]["player"] == "person"  # the reissue sent a state: nothing else changed
        await south.drain(until="state")  # South was sent it too
        await database(host_does, "give", "S")
        frame = {"type": "presence"}  # the coach's leaving may come first
        while frame["type"] == "presence":
            frame = await south.io.receive_json_from()
        assert frame["type"] == "error" and frame["code"] == "not_found"
        got = []  # the host's own socket: a state, then the presence, whenever they come
        while not any(f["type"] == "presence" and f["seats"]["S"] == "computer" for f in got):
            got.append(north.take(await north.io.receive_json_from()))
        states = [f for f in got if f["type"] == "state"]
        assert states and states[-1]["match"]["seats"]["S"]["player"] == "computer:club"
        await told([north])  # whatever else the change brought
        await north.io.send_json_to({"type": "hint", "card": None, "text": json.dumps(1)})
        assert (await answer(north))["code"] == "not_the_coach"
        await north.io.disconnect()

    async_to_sync(scenario)()


def test_a_quick_phrase_is_a_code_each_reader_reads_in_their_own_language():
    data = make_table("hearts", "pagat")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        north, south, watch = (
            Socket(table_id, "N"),
            Socket(table_id, "S"),
            Socket(table_id, "watch"),
        )
        await north.open(keys["N"], lang="en")
        await south.open(keys["S"], lang="fr")
        await watch.open(keys["watch"], lang="ar")
        await north.io.send_json_to({"type": "phrase", "code": "well_played"})
        said = {s.name: await answer(s) for s in (north, south, watch)}
        assert said["N"] == {
            "type": "phrase",
            "code": "well_played",
            "seat": "N",
            "text": "Well played!",
        }
        assert said["S"]["text"] == "Bien joué\u00a0!" and said["S"]["seat"] == "N"
        assert said["watch"]["text"] == "أحسنت اللعب!"
        await watch.io.send_json_to({"type": "phrase", "code": "thanks"})
        assert (await answer(watch))["code"] == "not_a_player"
        await south.io.send_json_to({"type": "phrase", "code": "<b>hi</b>"})
        assert (await answer(south))["code"] == "bad_phrase"
        assert await quiet({"N": north, "watch": watch}) == {"N": [], "watch": []}
        for socket in (north, south, watch):
            await socket.io.disconnect()

    async_to_sync(scenario)()


def test_a_hint_crosses_the_channel_layer_only_to_its_seats_group(monkeypatch):
    from channels.layers import get_channel_layer

    from tables import live

    layer = get_channel_layer()
    sent = []
    original = layer.group_send

    async def capture(group, message):
        sent.append((group, message))
        await original(group, message)

    monkeypatch.setattr(layer, "group_send", capture)
    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]

    async def scenario():
        coach, south = Socket(table_id, "coach"), Socket(table_id, "S")
        await coach.open(keys["coach"])
        await south.open(keys["S"])
        held, _ = await database(south_cards, table_id)
        await coach.io.send_json_to({"type": "hint", "card": held, "text": "this one"})
        assert (await answer(south))["card"] == held
        await south.io.send_json_to({"type": "ask"})
        assert await answer(coach) == {"type": "ask"}
        for socket in (coach, south):
            await socket.io.disconnect()
        return held

    held = async_to_sync(scenario)()
    table = Table.objects.get(public_id=table_id)
    seat = table.places.get(role="seat", seat=2)
    coach_place = table.places.get(role="coach")
    notes = [(g, m) for g, m in sent if m["type"] == live.NOTE]
    assert notes == [
        (
            live.place_group(table_id, seat.pk),
            {"type": live.NOTE, "frame": {"type": "hint", "card": held, "text": "this one"}},
        ),
        (live.place_group(table_id, coach_place.pk), {"type": live.NOTE, "frame": {"type": "ask"}}),
    ]
    assert all(set(m) == {"type", "what", "id"} for g, m in sent if g == live.group(table_id))


def test_a_hint_names_its_card_in_the_readers_words_and_lasts_its_deal():
    """The coach marks a card of the coached hand only (the page offers exactly those); the
    seat reads its name in its own language; the next deal does not show it."""
    import html
    import random
    import re

    from cardtable.words import vocabulary

    from .test_live import make_moves

    data = make_table("hearts", "pagat", coach="S")
    table_id, keys = data["id"], data["keys"]
    south, coach = Client(), Client()
    assert south.post(f"/fr/tables/{table_id}/join/{keys['S']}/", {"name": "S"}).status_code == 303
    assert coach.post(f"/en/tables/{table_id}/join/{keys['coach']}/").status_code == 303
    page = coach.get(f"/en/tables/{table_id}/").content.decode()
    offered = set(re.findall(r'<button type="submit" name="card" value="([2-9TJQKA][SHDC])"', page))
    hand = played(table_id).state.hands[2]
    assert offered == {cards.card_code(c) for c in cards.cards_in(hand)}
    held = sorted(offered)[0]
    sent = coach.post(f"/en/tables/{table_id}/hint/", {"card": held, "text": "Keep it"})
    assert sent.status_code == 303
    name = vocabulary("hearts", "fr").card(cards.parse_card(held))
    shown = html.unescape(south.get(f"/fr/tables/{table_id}/").content.decode())
    # the note in the first screen, its card named in the reader's words; the card marked
    assert 'id="coach-note"' in shown and name in shown
    assert '<bdi dir="auto" class="note-text">Keep it</bdi>' in shown
    assert re.search(rf'<li class="(legal)? suggested">.{{0,120}}data-card="{held}"', shown)
    rng = random.Random(3)
    while not played(table_id).deal_over:
        make_moves(table_id, 1, rng)
    assert "Keep it" not in south.get(f"/fr/tables/{table_id}/").content.decode()
