"""The class board's WebSocket address (``diwaniya.asgi``)."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/classes/<slug:public_id>/", consumers.BoardConsumer.as_asgi()),
]
