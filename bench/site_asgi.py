"""The production ASGI application with one more WebSocket route for the live-table bench: a
trivial echo consumer (``/ws/bench/echo/``) behind the same origin check and session
middleware, measured beside the tables' sockets by the same server in the same run. Served
only by the bench (``bench_live``); production's ``diwaniya.asgi`` has no such route."""

# ruff: noqa: I001 - Django is set up (diwaniya.asgi) before channels.auth may load
from diwaniya.asgi import django_application  # sets Django up first

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from tables.routing import websocket_urlpatterns  # noqa: E402


class Echo(AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data)


application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                URLRouter([path("ws/bench/echo/", Echo.as_asgi()), *websocket_urlpatterns])
            )
        ),
    }
)
