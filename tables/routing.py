"""The live tables' WebSocket addresses (``diwaniya.asgi``)."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/tables/<slug:public_id>/", consumers.TableConsumer.as_asgi()),
]
