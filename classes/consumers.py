"""The class board's WebSocket: the class's teacher only (the browser session's account, as
the page's), told "changed" when a student's work is recorded; anyone else is closed at once
(4404, the page's 404). The socket carries no result: the page fetches the board again."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import live
from .models import Classroom

CLOSE_NOT_FOUND = 4404


@database_sync_to_async
def _teaches(user, public_id: str) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return Classroom.objects.filter(public_id=public_id, teacher=user).exists()


class BoardConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.public_id = self.scope["url_route"]["kwargs"]["public_id"]
        self.joined = False
        await self.accept()
        if not await _teaches(self.scope.get("user"), self.public_id):
            await self.close(CLOSE_NOT_FOUND)
            return
        await self.channel_layer.group_add(live.group(self.public_id), self.channel_name)
        self.joined = True
        await self.send('{"type": "ready"}')

    async def disconnect(self, code):
        if self.joined:
            await self.channel_layer.group_discard(live.group(self.public_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        pass  # the board only listens

    async def class_changed(self, event):
        await self.send('{"type": "changed"}')
