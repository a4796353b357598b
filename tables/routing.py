"""The live tables' WebSocket addresses (``diwaniya.asgi``)."""

websocket_urlpatterns = []
