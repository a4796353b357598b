"""The class board's WebSocket: a student (or anyone but the teacher) is closed with 4404,
and the teacher is told "changed", with no result in the frame, when a student answers."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from diwaniya.asgi import application

from .helpers import add_child, assign, child, class_code, lesson, new_class, teacher

pytestmark = pytest.mark.django_db(transaction=True)


def socket(client, cid):
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = [(b"origin", b"http://testserver"), (b"cookie", cookie), (b"host", b"testserver")]
    return WebsocketCommunicator(application, f"/ws/classes/{cid}/", headers=headers)


def test_the_board_socket_is_its_teachers_alone_and_hears_a_students_answer(rulebook):
    t = teacher()
    cid = new_class(t)
    kid = child(class_code(t, cid), add_child(t, cid, "Layla"))
    made = lesson()
    assign(t, cid, kind="lesson", lesson=made["id"])

    def answer():
        kid.get(f"/en/lessons/{made['id']}/")
        assert kid.post(f"/en/lessons/{made['id']}/2/", {"move": "pass:2C"}).status_code == 302

    async def scenario():
        student = socket(kid, cid)
        await student.connect()
        closed = await student.receive_output(5)
        assert closed["type"] == "websocket.close" and closed["code"] == 4404
        board = socket(t, cid)
        await board.connect()
        assert await board.receive_json_from(5) == {"type": "ready"}
        await database_sync_to_async(answer)()
        assert await board.receive_json_from(5) == {"type": "changed"}
        await board.disconnect()

    async_to_sync(scenario)()
